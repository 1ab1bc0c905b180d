//! Observations as arrays for learning agents: the plane encoding, one row of
//! 34 kinds per channel (`u8`), beside a vector of scalars (`f32`).
//!
//! Seats are relative to the observing seat: 0 is the seat itself, 1 the next
//! seat (to its right, who plays after it), 2 the seat opposite, 3 the seat to
//! its left; under three players 1 and 2 are the next two seats and 3 the empty
//! seat. Each channel group of [`PLANE_GROUPS`] and each scalar of
//! [`SCALARS`] is one row of the tables the docs print; the code below fills
//! them in that order.

use super::engine::{ClaimKind, Game};
use super::observation::Observation;
use super::player::shanten_with;
use crate::algo::waits::{shanten_and_lowering, Discards};
use crate::algo::TileSet;
use crate::meld::Meld;
use crate::tile::{Tile, KINDS};

/// A group of channels: name, how many channels, what they hold.
pub type Group = (&'static str, usize, &'static str);

/// The channels of the plane encoding, in order.
pub const PLANE_GROUPS: [Group; 17] = [
    ("hand", 4, "own concealed tiles: channel i is 1 where the hand holds more than i copies"),
    ("hand_red", 1, "1 at the five of each suit whose red five the hand holds"),
    ("drawn", 1, "the tile just drawn, on one's own turn"),
    ("claim", 1, "the tile this seat is asked to claim"),
    ("river", 16, "each seat's river (channel 4s+i, seat s): 1 where it holds more than i copies, called tiles included"),
    ("river_tedashi", 4, "each seat: kinds it discarded from the hand rather than the tile just drawn"),
    ("river_riichi", 4, "each seat: the tile it turned sideways for riichi"),
    ("river_called", 4, "each seat: its discards another seat called"),
    ("river_recent", 24, "each seat's last six discards (channel 6s+j: the j-th last, j = 0 the newest)"),
    ("melds", 16, "each seat's melds (channel 4s+i): 1 where they hold more than i copies"),
    ("red", 4, "each seat: 1 at the five of each suit whose red five lies in its river or melds"),
    ("dora_indicators", 4, "the dora indicators: channel i is 1 where more than i are shown"),
    ("dora", 4, "the dora: channel i is 1 at kinds that are dora more than i times"),
    ("winds", 2, "1 at the seat's own wind, then at the round wind"),
    ("visible", 4, "copies this seat sees (its hand, every river and meld, the Norths set aside, the indicators): more than i"),
    ("waits", 1, "kinds that complete the hand (13 tiles in hand, tenpai)"),
    ("tenpai_discards", 1, "kinds whose discard leaves the hand tenpai (14 tiles in hand)"),
];

/// The oracle channels, appended on request: what the seat cannot see.
pub const ORACLE_GROUPS: [Group; 4] = [
    (
        "other_hands",
        12,
        "the other seats' concealed tiles (channel 4(s-1)+i): more than i copies",
    ),
    (
        "other_hands_red",
        3,
        "the other seats: the fives whose red five they hold",
    ),
    (
        "ura_indicators",
        4,
        "the ura dora indicators under the shown ones: more than i",
    ),
    (
        "live_wall",
        4,
        "the tiles still in the live wall: more than i copies",
    ),
];

/// The scalars, in order: name and what it holds.
pub const SCALARS: [(&str, &str); 34] = [
    ("score_0", "own points / 100,000"),
    ("score_1", "next seat's points / 100,000"),
    ("score_2", "opposite seat's points / 100,000"),
    ("score_3", "left seat's points / 100,000"),
    ("riichi_0", "1 if this seat is in riichi"),
    ("riichi_1", "1 if the next seat is in riichi"),
    ("riichi_2", "1 if the opposite seat is in riichi"),
    ("riichi_3", "1 if the left seat is in riichi"),
    ("dealer_0", "1 if this seat is the dealer"),
    ("dealer_1", "1 if the next seat is the dealer"),
    ("dealer_2", "1 if the opposite seat is the dealer"),
    ("dealer_3", "1 if the left seat is the dealer"),
    ("concealed_1", "the next seat's concealed tiles / 14"),
    ("concealed_2", "the opposite seat's concealed tiles / 14"),
    ("concealed_3", "the left seat's concealed tiles / 14"),
    (
        "round_wind",
        "the round wind: 0 East, 1 South, 2 West, 3 North",
    ),
    ("kyoku", "the hand's number within the round, 1-4"),
    ("honba", "the honba count"),
    ("riichi_sticks", "riichi sticks on the table"),
    ("tiles_left", "tiles left in the live wall / 70"),
    (
        "own_turn",
        "1 on one's own turn (a discard, win, kan or riichi to choose)",
    ),
    ("claim_discard", "1 when asked about a discard"),
    ("claim_kakan", "1 when asked about an added kan (chankan)"),
    (
        "claim_ankan",
        "1 when asked about a closed kan (kokushi's ron)",
    ),
    (
        "claim_from",
        "the relative seat of the claimed tile's owner (1-3), 0 without a claim",
    ),
    (
        "riichi_discard",
        "1 when the claimed discard declared riichi",
    ),
    ("furiten", "1 if the seat may not ron now"),
    ("shanten", "the hand's shanten (-1 complete)"),
    ("melds", "own melds / 4"),
    ("kans", "kans on the table / 4"),
    (
        "kita_0",
        "Norths this seat set aside (three players' kita) / 4",
    ),
    ("kita_1", "Norths the next seat set aside / 4"),
    ("kita_2", "Norths the opposite seat set aside / 4"),
    ("kita_3", "Norths the left seat set aside / 4"),
];

const fn total(groups: &[Group]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < groups.len() {
        n += groups[i].1;
        i += 1;
    }
    n
}

/// Channels of the plane encoding.
pub const PLANES: usize = total(&PLANE_GROUPS);
/// Channels of the oracle part.
pub const ORACLE_PLANES: usize = total(&ORACLE_GROUPS);

/// Where group `name` starts (a name of the tables above).
const fn start(groups: &[Group], name: &str) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < groups.len() {
        if const_eq(groups[i].0, name) {
            return n;
        }
        n += groups[i].1;
        i += 1;
    }
    panic!("no such group")
}

pub(super) const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const HAND: usize = start(&PLANE_GROUPS, "hand");
const HAND_RED: usize = start(&PLANE_GROUPS, "hand_red");
const DRAWN: usize = start(&PLANE_GROUPS, "drawn");
const CLAIM: usize = start(&PLANE_GROUPS, "claim");
const RIVER: usize = start(&PLANE_GROUPS, "river");
const TEDASHI: usize = start(&PLANE_GROUPS, "river_tedashi");
const RIICHI_TILE: usize = start(&PLANE_GROUPS, "river_riichi");
const CALLED: usize = start(&PLANE_GROUPS, "river_called");
const RECENT: usize = start(&PLANE_GROUPS, "river_recent");
const MELDS: usize = start(&PLANE_GROUPS, "melds");
const RED: usize = start(&PLANE_GROUPS, "red");
const INDICATORS: usize = start(&PLANE_GROUPS, "dora_indicators");
const DORA: usize = start(&PLANE_GROUPS, "dora");
const WINDS: usize = start(&PLANE_GROUPS, "winds");
const VISIBLE: usize = start(&PLANE_GROUPS, "visible");
const WAITS: usize = start(&PLANE_GROUPS, "waits");
const TENPAI_DISCARDS: usize = start(&PLANE_GROUPS, "tenpai_discards");
const RECENT_DEPTH: usize = 6;
/// The kind of North, the tile set aside as kita.
const NORTH: usize = 30;

const OTHER_HANDS: usize = start(&ORACLE_GROUPS, "other_hands");
const OTHER_RED: usize = start(&ORACLE_GROUPS, "other_hands_red");
const URA: usize = start(&ORACLE_GROUPS, "ura_indicators");
const LIVE_WALL: usize = start(&ORACLE_GROUPS, "live_wall");

/// The absolute seat `r` places after `me` (relative seat `r`, 0-3) at a table of
/// `players`: under three players 1 and 2 are the next two seats and 3 the empty
/// fourth seat.
pub fn seat_at(me: usize, r: usize, players: u8) -> usize {
    let n = usize::from(players);
    if r < n {
        (me + r) % n
    } else {
        r
    }
}

/// The relative seat of absolute seat `s` seen from `me` at a table of `players`.
pub(super) fn relative(me: usize, s: usize, players: u8) -> usize {
    let n = usize::from(players);
    if s < n {
        (s + n - me) % n
    } else {
        s
    }
}

/// Channels `at..at+4` as a thermometer of `counts`.
fn thermometer(planes: &mut [u8], at: usize, counts: &[u8; KINDS]) {
    // Whole rows compared as bytes, without branches: each row is a few vector
    // compares.
    for (i, row) in (0u8..).zip(planes[at * KINDS..(at + 4) * KINDS].chunks_exact_mut(KINDS)) {
        for (r, &c) in row.iter_mut().zip(counts) {
            *r = u8::from(c > i);
        }
    }
}

fn set(planes: &mut [u8], channel: usize, kind: usize) {
    planes[channel * KINDS + kind] = 1;
}

fn count_tiles<'a>(tiles: impl IntoIterator<Item = &'a Tile>) -> [u8; KINDS] {
    let mut c = [0u8; KINDS];
    for t in tiles {
        c[t.kind() as usize] += 1;
    }
    c
}

fn meld_tiles(melds: &[Meld]) -> impl Iterator<Item = &Tile> {
    melds.iter().flat_map(|m| m.tiles().iter())
}

/// Writes `obs` into `planes` (`PLANES * 34` values) and `scalars`
/// (`SCALARS.len()` values); both are overwritten whole.
pub fn encode_planes(obs: &Observation, planes: &mut [u8], scalars: &mut [f32]) {
    planes[..PLANES * KINDS].fill(0);
    let me = obs.seat;
    let rel = |r: usize| seat_at(me, r, obs.players);
    let hand = count_tiles(&obs.hand);
    thermometer(planes, HAND, &hand);
    for t in obs.hand.iter().filter(|t| t.is_red()) {
        set(planes, HAND_RED, t.kind() as usize);
    }
    if let Some(t) = obs.drawn {
        set(planes, DRAWN, t.kind() as usize);
    }
    if let Some(c) = obs.claim {
        set(planes, CLAIM, c.tile.kind() as usize);
    }
    let mut visible = hand;
    for r in 0..4 {
        let s = rel(r);
        let river = &obs.rivers[s];
        let counts = count_tiles(river.iter().map(|d| &d.tile));
        thermometer(planes, RIVER + 4 * r, &counts);
        // Each flag or-ed in without a branch (the channels start cleared).
        for d in river {
            let k = d.tile.kind() as usize;
            planes[(TEDASHI + r) * KINDS + k] |= u8::from(!d.tsumogiri);
            planes[(RIICHI_TILE + r) * KINDS + k] |= u8::from(d.riichi);
            planes[(CALLED + r) * KINDS + k] |= u8::from(d.called);
            planes[(RED + r) * KINDS + k] |= u8::from(d.tile.is_red());
        }
        for (j, d) in river.iter().rev().take(RECENT_DEPTH).enumerate() {
            set(
                planes,
                RECENT + RECENT_DEPTH * r + j,
                d.tile.kind() as usize,
            );
        }
        let melds = count_tiles(meld_tiles(&obs.melds[s]));
        thermometer(planes, MELDS + 4 * r, &melds);
        for t in meld_tiles(&obs.melds[s]).filter(|t| t.is_red()) {
            set(planes, RED + r, t.kind() as usize);
        }
        for k in 0..KINDS {
            // A called discard lies in the caller's meld: count it once.
            visible[k] += melds[k];
        }
        for d in river.iter().filter(|d| !d.called) {
            visible[d.tile.kind() as usize] += 1;
        }
        visible[NORTH] += obs.kita[s];
    }
    let indicators = count_tiles(&obs.dora_indicators);
    thermometer(planes, INDICATORS, &indicators);
    let mut dora = [0u8; KINDS];
    for &t in &obs.dora_indicators {
        dora[usize::from(crate::score::dora_of_with(t.kind(), obs.players))] += 1;
        visible[t.kind() as usize] += 1;
    }
    thermometer(planes, DORA, &dora);
    set(planes, WINDS, 27 + obs.seat_wind as usize);
    set(planes, WINDS + 1, 27 + obs.round_wind as usize);
    thermometer(planes, VISIBLE, &visible);
    let own_melds = &obs.melds[me];
    let meld_counts = count_tiles(meld_tiles(own_melds));
    let melds = own_melds.len();
    let shanten = if obs.hand.len() % 3 == 1 {
        // Waiting: the kinds that lower a tenpai hand's shanten are its waits.
        let (shanten, lowering) = shanten_and_lowering(&hand, Some(&meld_counts), melds);
        if shanten == 0 {
            for k in (0..KINDS).filter(|&k| lowering >> k & 1 == 1) {
                set(planes, WAITS, k);
            }
        }
        shanten
    } else {
        let shanten = shanten_with(&hand, &meld_counts, melds);
        if shanten <= 0 {
            let discards = Discards::new(&hand, &meld_counts, melds, TileSet::Full);
            for k in (0..KINDS).filter(|&k| hand[k] > 0) {
                if discards.shanten(k) == 0 {
                    set(planes, TENPAI_DISCARDS, k);
                }
            }
        }
        shanten
    };
    write_scalars(obs, shanten, scalars);
}

/// Writes the scalars alone (`SCALARS.len()` values), as [`encode_planes`]
/// writes them.
pub fn encode_scalars(obs: &Observation, scalars: &mut [f32]) {
    let own_melds = &obs.melds[obs.seat];
    let meld_counts = count_tiles(meld_tiles(own_melds));
    let hand = count_tiles(&obs.hand);
    write_scalars(
        obs,
        shanten_with(&hand, &meld_counts, own_melds.len()),
        scalars,
    );
}

fn write_scalars(obs: &Observation, shanten: i8, scalars: &mut [f32]) {
    let me = obs.seat;
    let rel = |r: usize| seat_at(me, r, obs.players);
    let own_melds = &obs.melds[me];
    let n = obs.hand.len();
    let b = |x: bool| if x { 1.0 } else { 0.0 };
    let claim = obs.claim;
    let values: [f32; SCALARS.len()] = [
        obs.scores[rel(0)] as f32 / 100_000.0,
        obs.scores[rel(1)] as f32 / 100_000.0,
        obs.scores[rel(2)] as f32 / 100_000.0,
        obs.scores[rel(3)] as f32 / 100_000.0,
        b(obs.riichi[rel(0)]),
        b(obs.riichi[rel(1)]),
        b(obs.riichi[rel(2)]),
        b(obs.riichi[rel(3)]),
        b(obs.dealer == rel(0)),
        b(obs.dealer == rel(1)),
        b(obs.dealer == rel(2)),
        b(obs.dealer == rel(3)),
        obs.concealed_counts[rel(1)] as f32 / 14.0,
        obs.concealed_counts[rel(2)] as f32 / 14.0,
        obs.concealed_counts[rel(3)] as f32 / 14.0,
        f32::from(obs.round_wind),
        f32::from(obs.kyoku),
        obs.honba as f32,
        obs.riichi_sticks as f32,
        obs.tiles_left as f32 / 70.0,
        b(n % 3 == 2 && claim.is_none()),
        b(matches!(claim, Some(c) if matches!(c.on, ClaimKind::Discard { .. }))),
        b(matches!(claim, Some(c) if c.on == ClaimKind::Kakan)),
        b(matches!(claim, Some(c) if c.on == ClaimKind::Ankan)),
        claim.map_or(0.0, |c| relative(me, c.from, obs.players) as f32),
        b(matches!(claim, Some(c) if c.on == ClaimKind::Discard { riichi: true })),
        b(obs.furiten),
        f32::from(shanten),
        own_melds.len() as f32 / 4.0,
        obs.melds
            .iter()
            .flatten()
            .filter(|m| m.tiles().len() == 4)
            .count() as f32
            / 4.0,
        f32::from(obs.kita[rel(0)]) / 4.0,
        f32::from(obs.kita[rel(1)]) / 4.0,
        f32::from(obs.kita[rel(2)]) / 4.0,
        f32::from(obs.kita[rel(3)]) / 4.0,
    ];
    scalars[..values.len()].copy_from_slice(&values);
}

/// Writes the oracle part for `seat` (`ORACLE_PLANES * 34` values).
pub fn encode_oracle(game: &Game, seat: usize, planes: &mut [u8]) {
    planes[..ORACLE_PLANES * KINDS].fill(0);
    for r in 1..4 {
        let p = game.player(seat_at(seat, r, game.rules().players));
        thermometer(
            planes,
            OTHER_HANDS + 4 * (r - 1),
            &count_tiles(&p.concealed),
        );
        for t in p.concealed.iter().filter(|t| t.is_red()) {
            set(planes, OTHER_RED + r - 1, t.kind() as usize);
        }
    }
    let wall = game.wall();
    thermometer(planes, URA, &count_tiles(wall.ura_indicators()));
    thermometer(planes, LIVE_WALL, &count_tiles(wall.live_tiles()));
}

impl Observation {
    /// The plane encoding: `PLANES * 34` bytes (channel-major) and the scalars.
    pub fn encode_planes(&self) -> (Vec<u8>, Vec<f32>) {
        let mut planes = vec![0u8; PLANES * KINDS];
        let mut scalars = vec![0f32; SCALARS.len()];
        encode_planes(self, &mut planes, &mut scalars);
        (planes, scalars)
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // the encoding's values are exact
pub(super) mod tests {
    use super::*;
    use crate::game::agents::{Agent, AgentKind};
    use crate::game::sim::game_seed;
    use crate::game::Game;
    use crate::rules::Rules;

    /// Positions of random games, every `every`-th decision.
    pub(in crate::game) fn positions(games: u64, every: usize) -> Vec<(Game, usize)> {
        let rules = Rules {
            red_fives: [1, 1, 1],
            ..Rules::default()
        };
        positions_under(&rules, games, every)
    }

    /// [`positions`] under `rules`.
    pub(in crate::game) fn positions_under(
        rules: &Rules,
        games: u64,
        every: usize,
    ) -> Vec<(Game, usize)> {
        let mut out = Vec::new();
        for g in 0..games {
            let mut game = Game::new(rules.clone(), game_seed(11, g)).unwrap();
            let mut agent = Agent::new(AgentKind::Random, g);
            let mut n = 0;
            while game.result().is_none() {
                let Some(&seat) = game.deciding().first() else {
                    game.next_hand().unwrap();
                    continue;
                };
                if n % every == 0 {
                    out.push((game.clone(), seat));
                }
                n += 1;
                let legal = game.legal_actions(seat);
                let p = game.player(seat);
                let i = agent.choose(
                    &p.concealed,
                    &p.melds,
                    &legal,
                    crate::algo::TileSet::of(game.rules()),
                );
                game.apply(seat, legal[i]).unwrap();
            }
        }
        out
    }

    fn channel(planes: &[u8], c: usize) -> &[u8] {
        &planes[c * KINDS..(c + 1) * KINDS]
    }

    fn unthermometer(planes: &[u8], at: usize) -> [u8; KINDS] {
        std::array::from_fn(|k| (0..4).map(|i| channel(planes, at + i)[k]).sum())
    }

    /// Other seats' hands and the wall's order change nothing in the seat's
    /// encoding; the oracle part sees them.
    #[test]
    fn the_encoding_holds_nothing_hidden() {
        for (game, seat) in positions(6, 7) {
            let (planes, scalars) = game.observation(seat).unwrap().encode_planes();
            let mut other = game.clone();
            // Trade a tile between the two next seats' hands, and two tiles of
            // the live wall.
            let (x, y) = ((seat + 1) % 4, (seat + 2) % 4);
            let (tx, ty) = (other.players[x].concealed[0], other.players[y].concealed[0]);
            if tx.kind() == ty.kind() {
                continue;
            }
            other.players[x].concealed.replace(0, ty);
            other.players[y].concealed.replace(0, tx);
            let live = other.wall.live_remaining();
            if live >= 2 {
                let at = other.wall.drawn();
                other.wall.swap_tiles(at, at + live - 1);
            }
            let (p2, s2) = other.observation(seat).unwrap().encode_planes();
            assert_eq!(planes, p2);
            assert_eq!(scalars, s2);
            let mut o1 = vec![0u8; ORACLE_PLANES * KINDS];
            let mut o2 = o1.clone();
            encode_oracle(&game, seat, &mut o1);
            encode_oracle(&other, seat, &mut o2);
            assert_ne!(o1, o2);
        }
    }

    /// What the seat knows comes back from its encoding: the hand with its red
    /// fives, the drawn and claimed tiles, each river's tiles and its newest six
    /// in order, each seat's meld tiles, the indicators, winds, scores, riichi,
    /// honba, sticks, tiles left and furiten.
    #[test]
    fn the_encoding_loses_nothing_the_seat_knows() {
        let mut checked = 0;
        for (game, seat) in positions(10, 3) {
            let obs = game.observation(seat).unwrap();
            let (planes, sc) = obs.encode_planes();
            let counts = |ts: &mut dyn Iterator<Item = &Tile>| count_tiles(ts);
            assert_eq!(unthermometer(&planes, HAND), counts(&mut obs.hand.iter()));
            for t in obs.hand.iter().filter(|t| t.is_red()) {
                assert_eq!(channel(&planes, HAND_RED)[t.kind() as usize], 1);
            }
            assert_eq!(
                channel(&planes, HAND_RED)
                    .iter()
                    .map(|&x| x as usize)
                    .sum::<usize>(),
                obs.hand.iter().filter(|t| t.is_red()).count()
            );
            let one = |c: usize| channel(&planes, c).iter().position(|&x| x == 1);
            assert_eq!(one(DRAWN), obs.drawn.map(|t| t.kind() as usize));
            assert_eq!(one(CLAIM), obs.claim.map(|c| c.tile.kind() as usize));
            for r in 0..4 {
                let s = (seat + r) % 4;
                let river = &obs.rivers[s];
                assert_eq!(
                    unthermometer(&planes, RIVER + 4 * r),
                    counts(&mut river.iter().map(|d| &d.tile))
                );
                for (j, d) in river.iter().rev().take(RECENT_DEPTH).enumerate() {
                    assert_eq!(one(RECENT + 6 * r + j), Some(d.tile.kind() as usize));
                }
                assert_eq!(
                    unthermometer(&planes, MELDS + 4 * r),
                    counts(&mut meld_tiles(&obs.melds[s]))
                );
                assert_eq!(sc[4 + r], f32::from(u8::from(obs.riichi[s])));
                assert_eq!(sc[r], obs.scores[s] as f32 / 100_000.0);
                assert_eq!(sc[8 + r] == 1.0, obs.dealer == s);
            }
            assert_eq!(
                unthermometer(&planes, INDICATORS),
                counts(&mut obs.dora_indicators.iter())
            );
            assert_eq!(one(WINDS), Some(27 + obs.seat_wind as usize));
            assert_eq!(one(WINDS + 1), Some(27 + obs.round_wind as usize));
            assert_eq!(sc[15], f32::from(obs.round_wind));
            assert_eq!(sc[16], f32::from(obs.kyoku));
            assert_eq!(sc[17], obs.honba as f32);
            assert_eq!(sc[18], obs.riichi_sticks as f32);
            assert_eq!((sc[19] * 70.0).round() as usize, obs.tiles_left);
            assert_eq!(sc[26] == 1.0, obs.furiten);
            checked += 1;
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn the_waits_and_tenpai_discards_are_the_analysis_own() {
        let mut seen = [0, 0];
        for (game, seat) in positions(6, 1) {
            let obs = game.observation(seat).unwrap();
            let (planes, _) = obs.encode_planes();
            let p = game.player(seat);
            let waits = channel(&planes, WAITS);
            if obs.hand.len() % 3 == 1 {
                for k in 0..KINDS {
                    assert_eq!(waits[k] == 1, p.waits() >> k & 1 == 1);
                }
                seen[0] += usize::from(p.waits() != 0);
            }
            if obs.hand.len() % 3 == 2 {
                for k in 0..KINDS {
                    let mut c = p.counts();
                    let tenpai = c[k] > 0 && {
                        c[k] -= 1;
                        crate::game::player::shanten_with(&c, &p.meld_counts(), p.melds.len()) == 0
                    };
                    assert_eq!(channel(&planes, TENPAI_DISCARDS)[k] == 1, tenpai);
                    seen[1] += usize::from(tenpai);
                }
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }

    #[test]
    fn seats_turn_over_the_seats_at_the_table() {
        // Four players: 1 is the next seat, 2 the one opposite, 3 the left one.
        assert_eq!(
            (0..4).map(|r| seat_at(2, r, 4)).collect::<Vec<_>>(),
            [2, 3, 0, 1]
        );
        // Three: seat 2's next seat is 0 (who plays after it), then 1; the
        // empty fourth seat stays last.
        assert_eq!(
            (0..4).map(|r| seat_at(2, r, 3)).collect::<Vec<_>>(),
            [2, 0, 1, 3]
        );
        for players in [3, 4] {
            for me in 0..usize::from(players) {
                for r in 0..4 {
                    assert_eq!(relative(me, seat_at(me, r, players), players), r);
                }
            }
        }
    }

    #[test]
    fn three_player_encodings_follow_the_table() {
        // A three-player game: the dora of a 1m indicator is 9m, and the claim's
        // and each river's seats are the ones at the table.
        let rules = Rules::preset("tenhou_sanma").unwrap();
        let mut checked = 0;
        let mut kita_seen = 0;
        for (game, seat) in positions_under(&rules, 2, 3).into_iter().take(200) {
            let mut obs = game.observation(seat).unwrap();
            let (planes, scalars) = obs.encode_planes();
            let next = (seat + 1) % 3;
            // Relative seat 1's river is the next seat's; seat 3 holds nothing.
            let river_of = |r: usize| channel(&planes, RIVER + 4 * r).to_vec();
            let counts = count_tiles(obs.rivers[next].iter().map(|d| &d.tile));
            let want: Vec<u8> = counts.iter().map(|&c| u8::from(c > 0)).collect();
            assert_eq!(river_of(1), want);
            assert!(river_of(3).iter().all(|&x| x == 0));
            if let Some(c) = obs.claim {
                let from = scalars[SCALARS.iter().position(|s| s.0 == "claim_from").unwrap()];
                assert_eq!(from as usize, (c.from + 3 - seat) % 3);
                assert!((1.0..=2.0).contains(&from));
            }
            // The Norths set aside: one scalar per seat, and seen by all.
            let kita_at = SCALARS.iter().position(|s| s.0 == "kita_0").unwrap();
            for r in 0..4 {
                let s = seat_at(seat, r, 3);
                assert_eq!(scalars[kita_at + r] * 4.0, f32::from(obs.kita[s]));
            }
            let norths = |ts: &mut dyn Iterator<Item = &Tile>| {
                ts.filter(|t| usize::from(t.kind()) == NORTH).count() as u8
            };
            let mut want = norths(&mut obs.hand.iter()) + norths(&mut obs.dora_indicators.iter());
            for s in 0..4 {
                want += norths(&mut obs.rivers[s].iter().filter(|d| !d.called).map(|d| &d.tile));
                want += norths(&mut meld_tiles(&obs.melds[s]));
                want += obs.kita[s];
            }
            assert_eq!(unthermometer(&planes, VISIBLE)[NORTH], want.min(4));
            kita_seen += usize::from(obs.kita.iter().any(|&k| k > 0));
            // The same view with a 1m indicator: 9m is the dora.
            obs.dora_indicators = vec!["1m".parse().unwrap()];
            let (planes, _) = obs.encode_planes();
            assert_eq!(channel(&planes, DORA)[8], 1);
            assert_eq!(channel(&planes, DORA)[1], 0);
            checked += 1;
        }
        assert_eq!(checked, 200);
        assert!(kita_seen > 10, "{kita_seen}");
    }
}
