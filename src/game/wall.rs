//! The wall: 136 tiles, the dead wall, dora and ura indicators, rinshan draws,
//! and the seeded random number generator that shuffles it.
//!
//! # The random number generator
//!
//! [`Rng`] is xoshiro256** (Blackman & Vigna, 2018) seeded through `SplitMix64`, all
//! in 64-bit integer arithmetic, so a seed gives the same results on every
//! platform. To reproduce it elsewhere:
//!
//! * **Seeding** (`Rng::new(seed)`): `SplitMix64` with its state starting at `seed`
//!   gives `s[0]`, `s[1]`, `s[2]`, `s[3]` in that order. One `SplitMix64` output:
//!   `state += 0x9E3779B97F4A7C15; z = state;`
//!   `z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB;`
//!   `output z ^ (z >> 31)` (all wrapping, modulo 2^64). This is the same seeding as
//!   `seed_from_u64` of the `rand_xoshiro` and `rand` crates.
//! * **Output** (`next_u64`): `result = rotl(s[1] * 5, 7) * 9`; then
//!   `t = s[1] << 17; s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];`
//!   `s[2] ^= t; s[3] = rotl(s[3], 45)`.
//! * **Bounded integers** (`below(n)`, uniform in `0..n`): Lemire's multiply-shift
//!   with rejection. `x = next_u64(); m = x * n` as a 128-bit product, `l` = its low
//!   64 bits; if `l < n`, let `t = (2^64 - n) mod n` and, while `l < t`, draw a new
//!   `x` and recompute `m` and `l`. The result is the high 64 bits of `m`.
//!   `below(0)` is 0 and draws nothing.
//! * **Shuffle** (`shuffle`): Fisher–Yates from the back: for `i` from `len - 1`
//!   down to 1, `j = below(i + 1)`, swap items `i` and `j`.
//! * **Dice** (`dice`): two draws of `1 + below(6)`, the first die first.
//!
//! # Shuffled walls
//!
//! [`Wall::shuffled`] starts from the sorted set — kinds in order 1m…9m, 1p…9p,
//! 1s…9s, East South West North Haku Hatsu Chun, four copies each, and for each
//! five the red copies (per `Rules::red_fives`) first — and shuffles it with
//! `Rng::new(seed)`. The result, read from index 0, is the draw order below.
//!
//! Real tables roll dice to choose where the wall breaks. The shuffle is uniform
//! over all orders, so where it breaks changes nothing: the dice ([`Rng::dice`])
//! are for display and logs only and take no part in building the wall.
//!
//! # Layout
//!
//! A wall is 136 tiles in draw order, `tiles[0..136]`:
//!
//! * `tiles[0..122]` is the live wall at the start of a hand. The deal and every
//!   ordinary draw take the next tile from the front (`tiles[0]` first). The deal
//!   takes `tiles[0..52]`, so the dealer's first draw (the 14th tile) is
//!   `tiles[52]`; 70 tiles remain after the deal and 69 after that draw.
//! * `tiles[122..136]` is the dead wall: 7 stacks, stack `k` (0-6, counted from
//!   the live wall toward the wall's end) holding `tiles[122 + 2k]` on top and
//!   `tiles[123 + 2k]` below it. Stack 6 (`tiles[134]`, `tiles[135]`) is the end.
//! * Dora indicator `i` (0 the first, 1-4 the kan dora) is the top of the
//!   `(3 + i)`-th stack from the end: `tiles[130 - 2i]` = 130, 128, 126, 124, 122.
//! * Ura indicator `i` lies below it: `tiles[131 - 2i]` = 131, 129, 127, 125, 123.
//! * Rinshan draw `j` (0-3) takes the top then the bottom of the end stack, then
//!   the top and the bottom of the next: `tiles[134]`, `tiles[135]`, `tiles[132]`,
//!   `tiles[133]`.
//! * Each rinshan draw also moves the haitei: the live wall's last tile joins the
//!   dead wall (so it stays at 14 tiles), and the live wall becomes
//!   `tiles[drawn..122 - kans]`.
//!
//! This is Tenhou's layout read backwards: Tenhou deals its `yama` array from index
//! 135 down, so `tiles[i] = yama[135 - i]`, and its dora at `yama[5, 7, 9, 11, 13]`,
//! ura at `yama[4, 6, 8, 10, 12]` and rinshan at `yama[1, 0, 3, 2]` are the indices
//! above ([`Wall::from_tenhou_yama`] takes a `yama` as is).
//!
//! # The three-player wall
//!
//! Three players play with 108 tiles (2m-8m removed: the sorted set skips kinds
//! 1-7), in the same draw order, `tiles[0..108]`, under Tenhou's three-player
//! layout ([`THREE`]), `tiles[i] = yama[107 - i]`:
//!
//! * the deal takes `tiles[0..39]` (four tiles to each of the three seats in turn,
//!   three times, then one each), the dealer's first draw is `tiles[39]`;
//! * the dead wall is `tiles[94..108]`, 14 tiles, with room for 8 replacement
//!   draws (4 kans and 4 kita): `tiles[106, 107, 104, 105, 102, 103, 100, 101]`
//!   (`yama[1, 0, 3, 2, 5, 4, 7, 6]`);
//! * dora indicator `i` is `tiles[98 - 2i]` (`yama[9 + 2i]`), its ura
//!   `tiles[99 - 2i]`;
//! * every replacement draw, a kita's as a kan's, moves the haitei: the live wall
//!   is `tiles[drawn..94 - replacements]`. A kan dora indicator that would still
//!   lie in the live wall when it turns over (the fourth, after three replacement
//!   draws, by a closed kan) ends the live wall before it.
//!
//! Real Tenhou three-player logs show the deal, the first dora indicator at
//! `yama[9]`, its ura at `yama[8]`, the first five replacement draws at
//! `yama[1, 0, 3, 2, 5]` and a kan dora at `yama[11]`; the remaining positions
//! continue the same stacks.
//!
//! The wall only counts: when a kan dora is revealed (the `kan_dora_timing` rule),
//! whether a kan is allowed, and who draws, are the engine's to decide.

use crate::error::{MahjongError, Result};
use crate::rules::Rules;
use crate::tile::{Suit, Tile, KINDS};

/// Tiles in a wall.
pub const WALL_TILES: usize = 136;
/// Tiles in the dead wall (7 stacks of 2).
pub const DEAD_WALL_TILES: usize = 14;
/// Tiles in the live wall at the start of a hand, before the deal.
pub const LIVE_WALL_TILES: usize = WALL_TILES - DEAD_WALL_TILES;
/// Tiles dealt: 13 to each of the four seats.
pub const DEAL_TILES: usize = 52;
/// Kans (rinshan draws) a hand allows.
pub const MAX_KANS: usize = 4;
/// Index in the wall of dora indicator `i` (0 the first, then the kan dora).
pub const DORA_INDEX: [usize; 5] = [130, 128, 126, 124, 122];
/// Index in the wall of ura indicator `i`, below dora indicator `i`.
pub const URA_INDEX: [usize; 5] = [131, 129, 127, 125, 123];
/// Index in the wall of rinshan draw `j`.
pub const RINSHAN_INDEX: [usize; MAX_KANS] = [134, 135, 132, 133];

/// Where the parts of a wall lie, for four or three players (indices in draw
/// order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    pub players: u8,
    /// Tiles in the wall: 136 or 108.
    pub tiles: usize,
    /// Tiles of the live wall before the deal (the dead wall is the rest).
    pub live: usize,
    /// Tiles dealt: 13 to each seat.
    pub deal: usize,
    /// Index of dora indicator `i` (0 the first, then the kan dora).
    pub dora: [usize; 5],
    /// Index of ura indicator `i`.
    pub ura: [usize; 5],
    /// Index of replacement draw `j` (after a kan, or a kita).
    pub rinshan: &'static [usize],
}

/// The four-player wall.
pub const FOUR: Layout = Layout {
    players: 4,
    tiles: WALL_TILES,
    live: LIVE_WALL_TILES,
    deal: DEAL_TILES,
    dora: DORA_INDEX,
    ura: URA_INDEX,
    rinshan: &RINSHAN_INDEX,
};

/// The three-player wall (see the module documentation).
pub const THREE: Layout = Layout {
    players: 3,
    tiles: 108,
    live: 94,
    deal: 39,
    dora: [98, 96, 94, 92, 90],
    ura: [99, 97, 95, 93, 91],
    rinshan: &[106, 107, 104, 105, 102, 103, 100, 101],
};

impl Layout {
    /// The layout for `players` (3, else four players).
    pub const fn of(players: u8) -> &'static Layout {
        if players == 3 {
            &THREE
        } else {
            &FOUR
        }
    }
}

/// A small seeded random number generator: xoshiro256** seeded through `SplitMix64`
/// (the module documentation gives the exact algorithm). The same seed gives the
/// same numbers on every platform.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose state is the first four `SplitMix64` outputs from `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut state = seed;
        let mut s = [0u64; 4];
        for word in &mut s {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            *word = z ^ (z >> 31);
        }
        Rng { s }
    }

    /// The next 64 random bits (xoshiro256**).
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (Lemire's method, without bias); 0 when `n` is
    /// 0, drawing nothing.
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as u64
    }

    /// Shuffles `items` uniformly (Fisher–Yates from the back).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// Two dice, each 1-6. Only for display: see the module documentation.
    pub fn dice(&mut self) -> [u8; 2] {
        let a = 1 + self.below(6) as u8;
        let b = 1 + self.below(6) as u8;
        [a, b]
    }
}

/// The wall of one hand: 136 tiles (108 with three players) in draw order (see
/// the module documentation for the layout), with the live draws, rinshan draws
/// and revealed kan dora so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wall {
    /// The tiles; with three players only the first 108 are the wall's.
    tiles: [Tile; WALL_TILES],
    layout: &'static Layout,
    /// Tiles taken from the front of the live wall (the deal and ordinary draws).
    drawn: usize,
    /// Rinshan draws so far, one per kan.
    kans: usize,
    /// Replacement draws after a kita so far (three players).
    kita: usize,
    /// Kan dora indicators revealed so far (0-4).
    kan_dora: usize,
    /// The five dora indicators and the five ura indicators, in reveal order.
    dora: [Tile; 5],
    ura: [Tile; 5],
    /// The dice that broke the wall (faces 1-6), when known: logs record them;
    /// shuffled walls have none (see the module documentation).
    pub dice: Option<[u8; 2]>,
}

impl Wall {
    /// The 136 tiles of `rules` (red fives per `red_fives`) shuffled with
    /// `Rng::new(seed)`.
    pub fn shuffled(rules: &Rules, seed: u64) -> Wall {
        Wall::shuffled_with(rules, &mut Rng::new(seed))
    }

    /// The 136 tiles of `rules` shuffled with `rng`: a game can draw each hand's
    /// wall from one generator.
    pub fn shuffled_with(rules: &Rules, rng: &mut Rng) -> Wall {
        if rules.players == 3 {
            let mut tiles = sorted_tiles_3p(rules.red_fives);
            rng.shuffle(&mut tiles);
            return Wall::new_in(&tiles, &THREE);
        }
        let mut tiles = sorted_tiles(rules.red_fives);
        rng.shuffle(&mut tiles);
        Wall::new(tiles)
    }

    /// A wall given tile by tile in draw order (tests, replays): exactly 136 tiles,
    /// four of each kind, a red five counting as a five; or the 108 tiles of three
    /// players, four of each kind but none of 2m-8m.
    pub fn from_tiles(tiles: &[Tile]) -> Result<Wall> {
        let layout = match tiles.len() {
            WALL_TILES => &FOUR,
            108 => &THREE,
            n => {
                return Err(MahjongError::InvalidInput(format!(
                    "a wall has {WALL_TILES} tiles (108 with three players), got {n}"
                )))
            }
        };
        let mut counts = [0u8; KINDS];
        for t in tiles {
            counts[t.kind() as usize] += 1;
        }
        let want = |kind: u8| {
            if layout.players == 3 && (1..8).contains(&kind) {
                0
            } else {
                4
            }
        };
        let wrong: Vec<String> = counts
            .iter()
            .zip(0u8..)
            .filter(|&(&n, kind)| n != want(kind))
            .filter_map(|(&n, kind)| Tile::from_kind(kind).map(|t| format!("{n} of {t}")))
            .collect();
        if !wrong.is_empty() {
            let what = if layout.players == 3 {
                "a three-player wall has 4 copies of each kind but 2m-8m (none)"
            } else {
                "a wall has 4 copies of each kind"
            };
            return Err(MahjongError::InvalidInput(format!(
                "{what}, this one has {}",
                wrong.join(", ")
            )));
        }
        Ok(Wall::new_in(tiles, layout))
    }

    /// A wall from Tenhou's `yama` array, which is dealt from index 135 down: the
    /// tiles are reversed into draw order, then checked as by [`Wall::from_tiles`].
    pub fn from_tenhou_yama(yama: &[Tile]) -> Result<Wall> {
        let tiles: Vec<Tile> = yama.iter().rev().copied().collect();
        Wall::from_tiles(&tiles)
    }

    fn new(tiles: [Tile; WALL_TILES]) -> Wall {
        Wall::new_in(&tiles, &FOUR)
    }

    /// A wall of `layout` from its tiles (`layout.tiles` of them).
    fn new_in(given: &[Tile], layout: &'static Layout) -> Wall {
        let mut tiles = [given[0]; WALL_TILES];
        tiles[..given.len()].copy_from_slice(given);
        Wall {
            dora: layout.dora.map(|i| tiles[i]),
            ura: layout.ura.map(|i| tiles[i]),
            tiles,
            layout,
            drawn: 0,
            kans: 0,
            kita: 0,
            kan_dora: 0,
            dice: None,
        }
    }

    /// Where the parts of this wall lie.
    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    /// The number of players the wall is for: 4 (136 tiles) or 3 (108).
    pub fn players(&self) -> u8 {
        self.layout.players
    }

    /// The wall under rules with `red_fives` per suit (m, p, s): red fives beyond
    /// those counts become plain fives (the first ones in draw order stay red),
    /// as a 136-id wall reads under rules with fewer red tiles.
    #[must_use]
    pub fn with_red_fives(&self, red_fives: [u8; 3]) -> Wall {
        let mut left = red_fives;
        let mut tiles = self.tiles;
        for t in &mut tiles {
            if t.is_red() {
                let n = &mut left[t.suit() as usize];
                if *n > 0 {
                    *n -= 1;
                } else {
                    *t = t.plain();
                }
            }
        }
        Wall {
            dice: self.dice,
            ..Wall::new_in(&tiles[..self.layout.tiles], self.layout)
        }
    }

    /// Refuses a wall that holds more red fives of a suit than `red_fives` (m,
    /// p, s) allows: a wall given to a game holds the rules' tiles.
    pub fn check_red_fives(&self, red_fives: [u8; 3]) -> crate::error::Result<()> {
        let mut held = [0u8; 3];
        for t in self.tiles().iter().filter(|t| t.is_red()) {
            held[t.suit() as usize] += 1;
        }
        for (suit, (&n, &allowed)) in ["m", "p", "s"].iter().zip(held.iter().zip(&red_fives)) {
            if n > allowed {
                return Err(crate::error::MahjongError::InvalidInput(format!(
                    "the wall holds {n} red 5{suit} but the rules have {allowed} \
                     (rule option red_fives)"
                )));
            }
        }
        Ok(())
    }

    /// The same wall, untouched again (nothing drawn, no kan dora revealed).
    #[must_use]
    pub fn restarted(&self) -> Wall {
        Wall {
            dice: self.dice,
            ..Wall::new_in(self.tiles(), self.layout)
        }
    }

    /// All 136 tiles (108 with three players) in draw order, drawn or not (for
    /// logs and replays).
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..self.layout.tiles]
    }

    /// Deals 13 tiles to each seat in Tenhou's order: four tiles to each seat in
    /// turn from the dealer, three times, then one each. Seats are absolute (0-3,
    /// 0-2 with three players, whose `hands[3]` stays empty), `hands[dealer]` the
    /// dealer's. The dealer's 14th tile is the next [`draw`](Wall::draw). Refused
    /// unless the wall is untouched and `dealer` is a seat.
    pub fn deal(&mut self, dealer: usize) -> Result<[Vec<Tile>; 4]> {
        let n = usize::from(self.layout.players);
        if dealer >= n {
            return Err(MahjongError::InvalidInput(format!(
                "the dealer is seat 0-{}, got {dealer}",
                n - 1
            )));
        }
        if self.drawn > 0 || self.kans > 0 || self.kita > 0 {
            return Err(MahjongError::InvalidInput(format!(
                "the deal comes first, but {} tiles have been drawn and {} rinshan tiles",
                self.drawn, self.kans
            )));
        }
        let mut hands: [Vec<Tile>; 4] = Default::default();
        for round in 0..4 {
            let take = if round < 3 { 4 } else { 1 };
            for k in 0..n {
                let hand = &mut hands[(dealer + k) % n];
                hand.extend_from_slice(&self.tiles[self.drawn..self.drawn + take]);
                self.drawn += take;
            }
        }
        Ok(hands)
    }

    /// Draws the next tile of the live wall; `None` once it is exhausted (the last
    /// tile drawn was the haitei).
    pub fn draw(&mut self) -> Option<Tile> {
        if self.live_remaining() == 0 {
            return None;
        }
        let t = self.tiles[self.drawn];
        self.drawn += 1;
        Some(t)
    }

    /// Draws the next rinshan tile after a kan; the live wall's last tile joins the
    /// dead wall, so the live wall shrinks by one. Reveals no indicator (see
    /// [`reveal_kan_dora`](Wall::reveal_kan_dora)). `None` after 4 kans, or when the
    /// live wall is empty (no kan is possible then).
    pub fn draw_rinshan(&mut self) -> Option<Tile> {
        if self.kans >= MAX_KANS {
            return None;
        }
        let t = self.draw_replacement()?;
        self.kans += 1;
        Some(t)
    }

    /// Draws the replacement tile after a kita (three players): the next
    /// dead-wall tile, as a kan's, moving the haitei likewise. `None` after 4
    /// kita, or when the live wall is empty.
    pub fn draw_kita(&mut self) -> Option<Tile> {
        if self.kita >= 4 || self.layout.players != 3 {
            return None;
        }
        let t = self.draw_replacement()?;
        self.kita += 1;
        Some(t)
    }

    fn draw_replacement(&mut self) -> Option<Tile> {
        let j = self.replacements();
        if self.live_remaining() == 0 || j >= self.layout.rinshan.len() {
            return None;
        }
        Some(self.tiles[self.layout.rinshan[j]])
    }

    /// Replacement draws from the dead wall so far: one per kan and per kita.
    pub fn replacements(&self) -> usize {
        self.kans + self.kita
    }

    /// Replacement draws after a kita so far.
    pub fn kita(&self) -> usize {
        self.kita
    }

    /// The wall index the live wall ends before.
    fn live_end(&self) -> usize {
        let end = self.layout.live.saturating_sub(self.replacements());
        // A kan dora indicator is never a live tile (see the module documentation).
        end.min(self.layout.dora[self.kan_dora])
    }

    /// Tiles left in the live wall: 122 before the deal, 70 after it, 69 after the
    /// dealer's first draw (94, 55 and 54 with three players); one less for each
    /// draw and each rinshan draw.
    pub fn live_remaining(&self) -> usize {
        self.live_end().saturating_sub(self.drawn)
    }

    /// Swaps two tiles of the wall (tests of what a seat may not see).
    #[cfg(test)]
    pub(crate) fn swap_tiles(&mut self, i: usize, j: usize) {
        self.tiles.swap(i, j);
    }

    /// The wall positions whose tiles no seat has seen: not taken, and not a
    /// revealed dora indicator.
    pub fn unseen_positions(&self) -> Vec<usize> {
        let shown = &self.layout.dora[..=self.kan_dora];
        (self.drawn..self.layout.tiles)
            .filter(|&i| self.untaken(i) && !shown.contains(&i))
            .collect()
    }

    /// Puts `tiles` at `positions` (unseen ones, from [`Wall::unseen_positions`]),
    /// the indicators not yet revealed and the ura indicators following.
    pub(crate) fn refill(&mut self, positions: &[usize], tiles: &[Tile]) {
        for (&i, &t) in positions.iter().zip(tiles) {
            self.tiles[i] = t;
        }
        for k in 0..self.dora.len() {
            if k > self.kan_dora && self.untaken(self.layout.dora[k]) {
                self.dora[k] = self.tiles[self.layout.dora[k]];
            }
            if self.untaken(self.layout.ura[k]) {
                self.ura[k] = self.tiles[self.layout.ura[k]];
            }
        }
    }

    /// The tiles still in the live wall, next draw first.
    pub fn live_tiles(&self) -> &[Tile] {
        &self.tiles[self.drawn..self.drawn + self.live_remaining()]
    }

    /// Whether wall index `i` still holds a tile nobody has taken: past the draws
    /// and not a replacement tile already drawn.
    pub fn untaken(&self, i: usize) -> bool {
        i >= self.drawn
            && i < self.layout.tiles
            && !self.layout.rinshan[..self.replacements()].contains(&i)
    }

    /// Tiles drawn from the live wall so far, the deal included.
    pub fn drawn(&self) -> usize {
        self.drawn
    }

    /// Reveals the next kan dora indicator and returns it; `None` when four have
    /// been revealed. When to call it (the `kan_dora_timing` rule) is the
    /// caller's choice; it does not check that a kan was made.
    pub fn reveal_kan_dora(&mut self) -> Option<Tile> {
        if self.kan_dora >= MAX_KANS {
            return None;
        }
        self.kan_dora += 1;
        Some(self.dora[self.kan_dora])
    }

    /// The dora indicators revealed so far: the first, then each kan dora.
    pub fn dora_indicators(&self) -> &[Tile] {
        &self.dora[..=self.kan_dora]
    }

    /// The ura indicators under the revealed dora indicators, as many as those.
    pub fn ura_indicators(&self) -> &[Tile] {
        &self.ura[..=self.kan_dora]
    }

    /// Kans made so far, counted by rinshan draws (0-4).
    pub fn kans(&self) -> usize {
        self.kans
    }

    /// Kan dora indicators revealed so far (0-4).
    pub fn kan_dora_revealed(&self) -> usize {
        self.kan_dora
    }
}

/// The tiles of `rules`' set in sorted order less those `shown` (a plain five
/// may stand for a red one: a record with fewer red fives than the rules');
/// `Err` names the first tile shown more often than the set holds it.
pub(crate) fn tiles_left<'a>(
    rules: &Rules,
    shown: impl IntoIterator<Item = &'a Tile>,
) -> std::result::Result<Vec<Tile>, Tile> {
    let mut left: Vec<Tile> = if rules.players == 3 {
        sorted_tiles_3p(rules.red_fives)
    } else {
        sorted_tiles(rules.red_fives).to_vec()
    };
    for t in shown {
        let red = (!t.is_red() && t.number() == 5)
            .then(|| Tile::red(t.suit()))
            .flatten();
        let pos = left
            .iter()
            .position(|x| x == t)
            .or_else(|| red.and_then(|r| left.iter().position(|x| *x == r)))
            .ok_or(*t)?;
        left.remove(pos);
    }
    Ok(left)
}

/// The 108 tiles of three players in sorted order: as [`sorted_tiles`] without
/// 2m-8m.
pub(crate) fn sorted_tiles_3p(red_fives: [u8; 3]) -> Vec<Tile> {
    sorted_tiles(red_fives)
        .into_iter()
        .filter(|t| !(1..8).contains(&t.kind()))
        .collect()
}

/// The 136 tiles in sorted order: kind by kind, four copies each, the red copies
/// of a five first (`red_fives` per suit m, p, s; above 4 counts as 4).
pub(crate) fn sorted_tiles(red_fives: [u8; 3]) -> [Tile; WALL_TILES] {
    std::array::from_fn(|i| {
        let plain = Tile::from_kind((i / 4) as u8).expect("kind below 34");
        let copy = (i % 4) as u8;
        let suit = plain.suit();
        let reds = match suit {
            Suit::Z => 0,
            _ => red_fives[suit as usize],
        };
        if plain.number() == 5 && copy < reds {
            Tile::red(suit).unwrap_or(plain)
        } else {
            plain
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind_counts(tiles: &[Tile]) -> [u8; KINDS] {
        let mut c = [0u8; KINDS];
        for t in tiles {
            c[t.kind() as usize] += 1;
        }
        c
    }

    fn reds(tiles: &[Tile]) -> [u8; 3] {
        let mut r = [0u8; 3];
        for t in tiles.iter().filter(|t| t.is_red()) {
            r[t.suit() as usize] += 1;
        }
        r
    }

    fn mpsz(tiles: &[Tile]) -> Vec<String> {
        tiles.iter().map(ToString::to_string).collect()
    }

    fn rules_with_reds(red_fives: [u8; 3]) -> Rules {
        Rules {
            red_fives,
            ..Rules::default()
        }
    }

    /// A wall whose tile `i` is recognisable: kind `i / 4`, so the index of a tile
    /// in the wall is 4 × its kind plus its copy.
    fn sorted_wall() -> Wall {
        Wall::from_tiles(&sorted_tiles([0, 0, 0])).unwrap()
    }

    #[test]
    fn splitmix_seeding_matches_reference() {
        // SplitMix64 from 0: its reference outputs.
        assert_eq!(
            Rng::new(0).s,
            [
                0xE220_A839_7B1D_CDAF,
                0x6E78_9E6A_A1B9_65F4,
                0x06C4_5D18_8009_454F,
                0xF88B_B8A8_724C_81EC
            ]
        );
    }

    /// The test vector of `rand_xoshiro` for xoshiro256** from the state 1, 2, 3, 4.
    #[test]
    fn xoshiro_output_matches_reference() {
        let mut r = Rng { s: [1, 2, 3, 4] };
        let got: Vec<u64> = (0..10).map(|_| r.next_u64()).collect();
        assert_eq!(
            got,
            [
                11520,
                0,
                1_509_978_240,
                1_215_971_899_390_074_240,
                1_216_172_134_540_287_360,
                607_988_272_756_665_600,
                16_172_922_978_634_559_625,
                8_476_171_486_693_032_832,
                10_595_114_339_597_558_777,
                2_904_607_092_377_533_576,
            ]
        );
    }

    /// `rand`'s `SmallRng` on 64-bit targets is xoshiro256++, whose state steps as
    /// ours; only the output function differs. Started from our state, its outputs
    /// are the ++ function of our successive states.
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn state_steps_match_rand_xoshiro() {
        use rand::rngs::SmallRng;
        use rand::{RngCore, SeedableRng};
        for seed in [0u64, 1, 42, u64::MAX] {
            let mut ours = Rng::new(seed);
            let mut bytes = [0u8; 32];
            for (chunk, word) in bytes.chunks_mut(8).zip(ours.s) {
                chunk.copy_from_slice(&word.to_le_bytes());
            }
            let mut theirs = SmallRng::from_seed(bytes);
            for _ in 0..100 {
                let s = ours.s;
                let plusplus = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
                assert_eq!(plusplus, theirs.next_u64());
                ours.next_u64();
            }
        }
    }

    #[test]
    fn rng_test_vectors() {
        let first = |seed| {
            let mut r = Rng::new(seed);
            [r.next_u64(), r.next_u64(), r.next_u64(), r.next_u64()]
        };
        assert_eq!(first(0), PINNED_SEED_0);
        assert_eq!(first(1), PINNED_SEED_1);
    }

    const PINNED_SEED_0: [u64; 4] = [
        0x99EC_5F36_CB75_F2B4,
        0xBF6E_1F78_4956_452A,
        0x1A5F_849D_4933_E6E0,
        0x6AA5_94F1_262D_2D2C,
    ];
    const PINNED_SEED_1: [u64; 4] = [
        0xB3F2_AF6D_0FC7_10C5,
        0x853B_5596_4736_4CEA,
        0x92F8_9756_082A_4514,
        0x642E_1C7B_C266_A3A7,
    ];

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut r = Rng::new(7);
        assert_eq!(r.below(0), 0);
        assert_eq!(r.below(1), 0);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            let x = r.below(6);
            seen[x as usize] += 1;
        }
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        for n in [2u64, 3, 1 << 63, u64::MAX] {
            for _ in 0..100 {
                assert!(r.below(n) < n);
            }
        }
    }

    #[test]
    fn shuffle_is_a_permutation_and_dice_are_dice() {
        let mut r = Rng::new(3);
        let mut v: Vec<u32> = (0..50).collect();
        r.shuffle(&mut v);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
        let mut empty: [u8; 0] = [];
        r.shuffle(&mut empty);
        for _ in 0..200 {
            let [a, b] = r.dice();
            assert!((1..=6).contains(&a) && (1..=6).contains(&b));
        }
    }

    #[test]
    fn shuffled_wall_has_every_tile_and_the_red_fives() {
        for red in [[1, 1, 1], [0, 0, 0], [2, 3, 4], [4, 4, 4], [0, 2, 0]] {
            for seed in 0..5 {
                let w = Wall::shuffled(&rules_with_reds(red), seed);
                assert_eq!(w.tiles().len(), 136);
                assert_eq!(kind_counts(w.tiles()), [4; KINDS]);
                assert_eq!(reds(w.tiles()), red);
            }
        }
        // Out-of-range counts (the fields are public) are capped, not a panic.
        let w = Wall::shuffled(&rules_with_reds([9, 0, 255]), 0);
        assert_eq!(reds(w.tiles()), [4, 0, 4]);
    }

    #[test]
    fn same_seed_same_wall_other_seeds_differ() {
        let r = Rules::default();
        assert_eq!(Wall::shuffled(&r, 12345), Wall::shuffled(&r, 12345));
        assert_ne!(Wall::shuffled(&r, 0).tiles(), Wall::shuffled(&r, 1).tiles());
        assert_ne!(Wall::shuffled(&r, 1).tiles(), Wall::shuffled(&r, 2).tiles());
        // One generator for a game: successive walls differ.
        let mut rng = Rng::new(9);
        let a = Wall::shuffled_with(&r, &mut rng);
        let b = Wall::shuffled_with(&r, &mut rng);
        assert_ne!(a.tiles(), b.tiles());
    }

    #[test]
    fn pinned_default_wall() {
        let w = Wall::shuffled(&Rules::default(), 0);
        assert_eq!(mpsz(&w.tiles()[..10]), PINNED_WALL_0);
    }

    const PINNED_WALL_0: [&str; 10] = ["2s", "4p", "7z", "3s", "8s", "3s", "1z", "5s", "4p", "6z"];

    #[test]
    fn deal_follows_tenhou_order() {
        for dealer in 0..4 {
            let mut w = sorted_wall();
            let hands = w.deal(dealer).unwrap();
            assert_eq!(w.live_remaining(), 70);
            assert_eq!(w.drawn(), 52);
            for (k, seat) in (0..4).map(|k| (k, (dealer + k) % 4)) {
                let hand = &hands[seat];
                assert_eq!(hand.len(), 13);
                // Wall positions of the seat's tiles, k-th in turn from the dealer.
                let mut expect: Vec<usize> = (0..3)
                    .flat_map(|round| (0..4).map(move |c| 16 * round + 4 * k + c))
                    .collect();
                expect.push(48 + k);
                let got: Vec<Tile> = expect.iter().map(|&i| w.tiles()[i]).collect();
                assert_eq!(hand, &got, "dealer {dealer}, seat {seat}");
            }
            // The dealer's 14th tile is the next draw.
            assert_eq!(w.draw(), Some(w.tiles()[52]));
            assert_eq!(w.live_remaining(), 69);
        }
    }

    #[test]
    fn deal_is_refused_out_of_place() {
        let mut w = Wall::shuffled(&Rules::default(), 1);
        assert!(w.deal(4).is_err());
        assert_eq!(w.drawn(), 0);
        w.deal(2).unwrap();
        let err = w.deal(2).unwrap_err().to_string();
        assert!(err.contains("52 tiles"), "{err}");
        assert_eq!(w.live_remaining(), 70);
        let mut w = Wall::shuffled(&Rules::default(), 1);
        w.draw_rinshan();
        assert!(w.deal(0).is_err());
    }

    #[test]
    fn deal_and_dealt_hands_hold_the_whole_wall() {
        let mut w = Wall::shuffled(&Rules::default(), 77);
        let hands = w.deal(1).unwrap();
        let mut all: Vec<Tile> = hands.concat();
        while let Some(t) = w.draw() {
            all.push(t);
        }
        all.extend_from_slice(&w.tiles()[122..]);
        assert_eq!(all.len(), 136);
        assert_eq!(kind_counts(&all), [4; KINDS]);
    }

    #[test]
    fn draws_until_exhausted() {
        let mut w = Wall::shuffled(&Rules::default(), 5);
        assert_eq!(w.live_remaining(), 122);
        let mut n = 0;
        while let Some(t) = w.draw() {
            assert_eq!(t, w.tiles()[n]);
            n += 1;
        }
        assert_eq!(n, 122);
        assert_eq!(w.live_remaining(), 0);
        assert_eq!(w.draw(), None);
        // No kan without a live tile to move.
        assert_eq!(w.draw_rinshan(), None);
        assert_eq!(w.kans(), 0);

        let mut w = Wall::shuffled(&Rules::default(), 5);
        w.deal(0).unwrap();
        let mut n = 0;
        while w.draw().is_some() {
            n += 1;
        }
        assert_eq!(n, 70);
    }

    #[test]
    fn layout_of_the_dead_wall() {
        let w = sorted_wall();
        let t = w.tiles();
        assert_eq!(w.dora_indicators(), &[t[130]]);
        assert_eq!(w.ura_indicators(), &[t[131]]);
        // Tenhou's yama is the wall reversed: dora yama[5], ura yama[4],
        // rinshan yama[1, 0, 3, 2].
        let yama: Vec<Tile> = t.iter().rev().copied().collect();
        let mut w = Wall::from_tenhou_yama(&yama).unwrap();
        assert_eq!(w.tiles(), t);
        assert_eq!(w.dora_indicators(), &[yama[5]]);
        assert_eq!(w.ura_indicators(), &[yama[4]]);
        let rinshan: Vec<Tile> = (0..4).filter_map(|_| w.draw_rinshan()).collect();
        assert_eq!(rinshan, [yama[1], yama[0], yama[3], yama[2]]);
        let kan_dora: Vec<Tile> = (0..4).filter_map(|_| w.reveal_kan_dora()).collect();
        assert_eq!(kan_dora, [yama[7], yama[9], yama[11], yama[13]]);
        assert_eq!(
            w.ura_indicators(),
            &[yama[4], yama[6], yama[8], yama[10], yama[12]]
        );
    }

    #[test]
    fn rinshan_draws_move_the_haitei() {
        let mut w = Wall::shuffled(&Rules::default(), 11);
        w.deal(0).unwrap();
        w.draw();
        assert_eq!(w.live_remaining(), 69);
        for k in 1..=4 {
            let t = w.draw_rinshan().unwrap();
            assert_eq!(t, w.tiles()[RINSHAN_INDEX[k - 1]]);
            assert_eq!(w.kans(), k);
            assert_eq!(w.live_remaining(), 69 - k);
            // A rinshan draw reveals nothing by itself.
            assert_eq!(w.dora_indicators().len(), 1);
            assert_eq!(w.ura_indicators().len(), 1);
        }
        assert_eq!(w.draw_rinshan(), None);
        assert_eq!(w.kans(), 4);
        assert_eq!(w.live_remaining(), 65);
        // The live wall now ends at tiles[117]: tiles[118..122] joined the dead wall.
        let mut last = None;
        while let Some(t) = w.draw() {
            last = Some(t);
        }
        assert_eq!(last, Some(w.tiles()[117]));
        assert_eq!(w.drawn(), 118);
    }

    #[test]
    fn kan_dora_up_to_four() {
        let mut w = Wall::shuffled(&Rules::default(), 13);
        let t = w.tiles().to_vec();
        assert_eq!(w.kan_dora_revealed(), 0);
        for i in 1..=4 {
            assert_eq!(w.reveal_kan_dora(), Some(t[DORA_INDEX[i]]));
            assert_eq!(w.kan_dora_revealed(), i);
            assert_eq!(w.dora_indicators().len(), i + 1);
            assert_eq!(w.ura_indicators().len(), i + 1);
        }
        let before = w.clone();
        assert_eq!(w.reveal_kan_dora(), None);
        assert_eq!(w, before);
        assert_eq!(w.dora_indicators(), DORA_INDEX.map(|i| t[i]));
        assert_eq!(w.ura_indicators(), URA_INDEX.map(|i| t[i]));
        // Revealing draws nothing.
        assert_eq!(w.live_remaining(), 122);
        assert_eq!(w.kans(), 0);
    }

    #[test]
    fn from_tiles_checks_size_and_copies() {
        let good = Wall::shuffled(&Rules::default(), 2).tiles().to_vec();
        assert_eq!(Wall::from_tiles(&good).unwrap().tiles(), &good);

        let err = Wall::from_tiles(&good[..135]).unwrap_err().to_string();
        assert_eq!(
            err,
            "a wall has 136 tiles (108 with three players), got 135"
        );
        let err = Wall::from_tiles(&[]).unwrap_err().to_string();
        assert_eq!(err, "a wall has 136 tiles (108 with three players), got 0");

        // A fifth 1m in place of a 9m.
        let mut five = sorted_tiles([1, 1, 1]);
        five[32] = Tile::from_kind(0).unwrap();
        let err = Wall::from_tiles(&five).unwrap_err().to_string();
        assert_eq!(
            err,
            "a wall has 4 copies of each kind, this one has 5 of 1m, 3 of 9m"
        );

        // Red fives count as fives, in any number.
        let mut reds_wall = sorted_tiles([0, 0, 0]);
        for i in 16..20 {
            reds_wall[i] = Tile::red(Suit::M).unwrap();
        }
        let w = Wall::from_tiles(&reds_wall).unwrap();
        assert_eq!(reds(w.tiles()), [4, 0, 0]);
    }
}
