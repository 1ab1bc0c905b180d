//! The game as a state machine, for four players or three: one hand after another
//! from the deal to the end of the game, with every decision point (a seat's turn,
//! or the claims on a discard, a kan or a kita), the legal actions of each seat,
//! checked actions that leave the state unchanged when refused, and events in the
//! mjai vocabulary.
//!
//! Seats are absolute 0-3 (0-2 with three players); the seat wind of seat `s` in
//! a hand is `(s - dealer) mod n` (0 = East, the dealer) for `n` players. Arrays
//! by seat stay four wide: with three players the fourth entry is an empty seat
//! (no tiles, 0 points).
//!
//! Three players (rule option `players = 3`) play the 108 tiles of
//! [`THREE`](super::wall::THREE) in turn over three seats, without chi when the
//! rules have none; under `kita` a North may be set aside on one's turn (not
//! right after a pon) for a replacement from the dead wall, which moves the
//! haitei as a kan's does. A kita counts as a call: it ends every ippatsu and the
//! first go-round (double riichi, tenhou, chiihou, kyuushu kyuuhai). Under
//! `kita_ron` a player waiting on North may ron it (no chankan yaku). A win
//! counts the winner's kita as dora, and a win on the kita's replacement is
//! rinshan kaihou under `kita_rinshan`. Hand numbers skip the fourth of each
//! wind (East 3 is followed by South 1), as Tenhou counts them.

use super::action::Action;
use super::event::{DrawReason, Event, Win};
use super::final_result::{final_result, FinalResult, ScoringConfig};
use super::player::{shanten_with, Player, RiverTile};
use super::wall::{Rng, Wall};
use crate::algo::agari;
use crate::algo::waits::{shanten_and_lowering, Discards};
use crate::algo::TileSet;
use crate::error::{MahjongError, Result};
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind, Relative};
use crate::rules::{GameLength, KanDoraTiming, Kuikae, MultiRon, Paarenchan, Rules};
use crate::score::points::{self, Settlement};
use crate::score::{score, ScoreResult, WinContext};
use crate::tile::{Counts, Tile, KINDS};

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `seat` holds 3n+2 tiles and must discard, win, kan, riichi or abort.
    Turn {
        seat: usize,
        /// The tile just drawn (none after a chi or pon).
        drawn: Option<Tile>,
        /// The draw was a kan's replacement tile.
        rinshan: bool,
    },
    /// Other seats may claim `tile`: a discard, or the tile of a kan (chankan).
    Claims {
        from: usize,
        tile: Tile,
        kind: ClaimKind,
        /// What each seat chose so far (None: not decided or not asked).
        chosen: [Option<Action>; 4],
        /// Seats that must decide.
        asked: [bool; 4],
    },
    /// The hand is over; `next_hand` starts the next one (or the game is over).
    HandOver,
    GameOver,
}

impl Phase {
    /// The claim `seat` must still decide on: where the tile came from, the
    /// tile, and what it is.
    pub fn claim_for(&self, seat: usize) -> Option<(usize, Tile, ClaimKind)> {
        match *self {
            Phase::Claims {
                from,
                tile,
                kind,
                asked,
                chosen,
            } if asked.get(seat) == Some(&true) && chosen[seat].is_none() => {
                Some((from, tile, kind))
            }
            _ => None,
        }
    }
}

/// What a claim is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    Discard {
        riichi: bool,
    },
    /// An added kan (only ron: chankan).
    Kakan,
    /// A closed kan (only kokushi's ron, by rule).
    Ankan,
    /// A North set aside (three players; only ron, under `kita_ron`).
    Kita,
}

impl ClaimKind {
    /// `"discard"`, `"kakan"`, `"ankan"` or `"kita"`: what the claim is on.
    pub const fn name(self) -> &'static str {
        match self {
            ClaimKind::Discard { .. } => "discard",
            ClaimKind::Kakan => "kakan",
            ClaimKind::Ankan => "ankan",
            ClaimKind::Kita => "kita",
        }
    }
}

/// Where a hand starts: what [`Game::resume`] takes up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandStart {
    /// Hand number from the start: 0 = East 1, 4 = South 1, 8 = West 1 (three
    /// players skip 3, 7 and 11).
    pub round: u8,
    pub honba: u32,
    pub riichi_sticks: u32,
    pub scores: [i64; 4],
}

/// Kind of North, the kita tile.
const NORTH: usize = 30;

/// The largest score (either sign) a resumed game starts from: 10^15 points.
const MAX_RESUMED_SCORE: u64 = 1_000_000_000_000_000;

/// An illegal action: which action, by whom, and why.
fn illegal(seat: usize, action: &Action, why: &str) -> MahjongError {
    MahjongError::IllegalAction(format!("seat {seat} may not {action}: {why}"))
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(super) rules: Rules,
    pub(super) rng: Rng,
    /// Absolute seat that was East in the first hand.
    pub(super) first_dealer: usize,
    pub(super) scores: [i64; 4],
    /// Hand number from the start: 0 = East 1, 4 = South 1, 8 = West 1.
    pub(super) round: u8,
    pub(super) honba: u32,
    pub(super) riichi_sticks: u32,
    pub(super) dealer: usize,
    pub(super) wall: Wall,
    pub(super) players: [Player; 4],
    pub(super) phase: Phase,
    pub(super) events: Vec<Event>,
    /// Where the current hand's `StartKyoku` stands in `events` (a hint:
    /// [`Game::hand_start`] checks it).
    hand_start: usize,
    /// No call (nor kan) has happened in this hand yet.
    uninterrupted: bool,
    /// Discards made by each seat this hand.
    discards: [u32; 4],
    /// A kan dora is owed after the next discard (open kan, by rule).
    pending_dora: bool,
    /// A kan dora owed by an earlier kan, due before the replacement draw of the
    /// kan just declared.
    owed_dora: bool,
    /// The tile of the current turn came from the dead wall after a kita.
    kita_draw: bool,
    /// The seats that declared the kans of this hand (for suukaikan).
    kan_seats: Vec<usize>,
    /// Dealer won or was tenpai: keep the seat.
    renchan: bool,
    /// The dealer's wins in a row before this hand (for paarenchan).
    pub(super) dealer_wins: u32,
    /// The dealer's hands in a row as dealer, this one included (for paarenchan
    /// by dealerships).
    pub(super) dealer_hands: u32,
    /// The hand's renchan may end the game in all-last: a dealer win under
    /// `agari_yame`, dealer tenpai under `tenpai_yame` (never an abortive draw).
    yame: bool,
    /// The points and sticks before the game ended by agari- or tenpai-yame under
    /// `yame_choice`: what `play_on` restores.
    yame_undo: Option<([i64; 4], u32)>,
    /// Walls to play, for replays and tests (taken in order before shuffling).
    pub(super) walls: Vec<Wall>,
    pub(super) result: Option<FinalResult>,
}

/// Why a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameEnd {
    /// A player's points went below 0.
    Tobi,
    /// Its length (or the extension) is played out.
    Length,
    /// The all-last dealer stopped in first place (agari-yame, tenpai-yame).
    Yame,
}

/// Events reserved for a game: a whole east-south game of random play holds
/// about 1,900, so the record seldom grows (and is never copied) while it is
/// played.
const EVENTS_RESERVED: usize = 2048;

/// A game's record as it starts, with room for `n` events.
fn with_start(n: usize) -> Vec<Event> {
    let mut events = Vec::with_capacity(n);
    events.push(Event::StartGame);
    events
}

impl Game {
    /// A new game: `seed` shuffles every wall; the first dealer is seat 0.
    pub fn new(rules: Rules, seed: u64) -> Result<Game> {
        Game::with_walls(rules, seed, Vec::new())
    }

    /// A game whose first hands use `walls` (in order), then shuffled walls.
    pub fn with_walls(rules: Rules, seed: u64, walls: Vec<Wall>) -> Result<Game> {
        Game::setup(rules, seed, walls, Some(0))
    }

    /// The general constructor: `walls` played first (then shuffled ones; each
    /// holds no more red fives than the rules' `red_fives`), and the
    /// first dealer given, or drawn (`None`): the seeded generator rolls the seat
    /// draw, standing for the wind tiles and dice drawn at a real table.
    pub fn setup(
        rules: Rules,
        seed: u64,
        walls: Vec<Wall>,
        first_dealer: Option<usize>,
    ) -> Result<Game> {
        rules.check()?;
        let n = usize::from(rules.players);
        if first_dealer.is_some_and(|d| d >= n) {
            return Err(MahjongError::InvalidInput(format!(
                "the first dealer is seat 0-{}, got {}",
                n - 1,
                first_dealer.unwrap_or(0)
            )));
        }
        // A given wall holds the rules' tiles.
        for (i, w) in walls.iter().enumerate() {
            if w.players() != rules.players {
                return Err(MahjongError::InvalidInput(format!(
                    "wall {i}: a wall of {} tiles is for {} players, but the rules have \
                     players = {}",
                    w.tiles().len(),
                    w.players(),
                    rules.players
                )));
            }
            w.check_red_fives(rules.red_fives).map_err(|e| match e {
                MahjongError::InvalidInput(m) => {
                    MahjongError::InvalidInput(format!("wall {i}: {m}"))
                }
                other => other,
            })?;
        }
        let mut walls: Vec<Wall> = walls.into_iter().rev().collect();
        let start = i64::from(rules.start_points);
        let mut rng = Rng::new(seed);
        let first_dealer = first_dealer.unwrap_or_else(|| rng.below(n as u64) as usize);
        let wall = walls
            .pop()
            .unwrap_or_else(|| Wall::shuffled_with(&rules, &mut rng));
        let mut g = Game {
            rules,
            rng,
            first_dealer,
            scores: std::array::from_fn(|s| if s < n { start } else { 0 }),
            round: 0,
            honba: 0,
            riichi_sticks: 0,
            dealer: first_dealer,
            wall,
            players: Default::default(),
            phase: Phase::HandOver,
            events: with_start(EVENTS_RESERVED),
            hand_start: 0,
            uninterrupted: true,
            discards: [0; 4],
            pending_dora: false,
            owed_dora: false,
            kita_draw: false,
            kan_seats: Vec::new(),
            renchan: false,
            dealer_wins: 0,
            dealer_hands: 1,
            yame: false,
            yame_undo: None,
            walls,
            result: None,
        };
        g.start_hand()?;
        Ok(g)
    }

    /// A game taken up at the start of a hand (replays of logs): hand number
    /// `round` (0 = East 1) with `honba`, `sticks` on the table and `scores`, the
    /// dealer following from `first_dealer` and `round`; `walls` are played
    /// first, this hand's wall first.
    pub fn resume(
        rules: Rules,
        first_dealer: usize,
        start: HandStart,
        walls: Vec<Wall>,
    ) -> Result<Game> {
        if walls.is_empty() {
            return Err(MahjongError::InvalidInput(
                "a resumed game needs the wall of its hand".into(),
            ));
        }
        // Scores from a log: far beyond any game's, the engine's sums of points
        // would overflow.
        if let Some(s) = start
            .scores
            .iter()
            .find(|s| s.unsigned_abs() > MAX_RESUMED_SCORE)
        {
            return Err(MahjongError::InvalidInput(format!(
                "a resumed game's scores are within ±{MAX_RESUMED_SCORE}, got {s}"
            )));
        }
        let n = usize::from(rules.players);
        let mut g = Game::setup(rules, 0, walls, Some(first_dealer % n))?;
        g.events.clear();
        g.round = start.round;
        g.honba = start.honba;
        g.riichi_sticks = start.riichi_sticks;
        g.scores = start.scores;
        g.dealer = (first_dealer + start.round as usize % 4) % n;
        // The setup dealt the first wall for hand 0: deal it again for this hand.
        g.walls.push(g.wall.restarted());
        g.phase = Phase::HandOver;
        g.renchan = true;
        g.next_hand()?;
        // The dealer's earlier hands are not known.
        g.dealer_hands = 1;
        Ok(g)
    }

    /// Seat wind (0 = East) of `seat` in this hand.
    /// For log readers that learn the wall as it is drawn: the hand goes on from
    /// `wall`, which must agree with the current wall on every tile already
    /// dealt, drawn or revealed and be as far taken (the caller's promise).
    pub(crate) fn replace_wall(&mut self, wall: Wall) {
        self.wall = wall;
    }

    /// For log readers whose log ends the hand before the engine would: the
    /// draw recorded by event `at` (a `Tsumo`) and every event after it are
    /// taken back, the tile leaving the drawer's hand.
    pub(crate) fn take_back_draw(&mut self, at: usize) {
        if let Some(&Event::Tsumo { seat, tile }) = self.events.get(at) {
            self.events.truncate(at);
            if let Some(i) = self.players[seat]
                .concealed
                .iter()
                .rposition(|&t| t == tile)
            {
                self.players[seat].concealed.remove(i);
            }
        }
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The seat that was East in the first hand.
    pub fn first_dealer(&self) -> usize {
        self.first_dealer
    }

    /// Points by absolute seat.
    pub fn scores(&self) -> [i64; 4] {
        self.scores
    }

    /// Hand number from the start: 0 = East 1, 4 = South 1, 8 = West 1.
    pub fn round(&self) -> u8 {
        self.round
    }

    pub fn honba(&self) -> u32 {
        self.honba
    }

    /// Riichi sticks on the table.
    pub fn riichi_sticks(&self) -> u32 {
        self.riichi_sticks
    }

    /// The seat that deals the current hand.
    pub fn dealer(&self) -> usize {
        self.dealer
    }

    /// The current hand's wall.
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// A seat's state in the current hand.
    pub fn player(&self, seat: usize) -> &Player {
        &self.players[seat]
    }

    /// What the game waits for.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Every event so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Where the current hand's events start (its `StartKyoku`); the end of the
    /// events before the first hand.
    pub fn hand_start(&self) -> usize {
        match self.events.get(self.hand_start) {
            Some(Event::StartKyoku { .. }) => self.hand_start,
            _ => self
                .events
                .iter()
                .rposition(|e| matches!(e, Event::StartKyoku { .. }))
                .unwrap_or(self.events.len()),
        }
    }

    /// The final result, once the game is over.
    pub fn result(&self) -> Option<&FinalResult> {
        self.result.as_ref()
    }

    pub fn seat_wind(&self, seat: usize) -> u8 {
        let n = self.seats();
        ((seat + n - self.dealer % n) % n) as u8
    }

    /// Seats at the table: 4, or 3 under three-player rules.
    pub fn seats(&self) -> usize {
        usize::from(self.rules.players)
    }

    /// The hand number after `round`: the next one, skipping the fourth of a wind
    /// with three players.
    fn next_round(&self, round: u8) -> u8 {
        if self.seats() == 3 && round % 4 == 2 {
            round + 2
        } else {
            round + 1
        }
    }

    /// Round wind (0 = East) of this hand.
    pub fn round_wind(&self) -> u8 {
        (self.round / 4).min(3)
    }

    fn start_hand(&mut self) -> Result<()> {
        let hands = self.wall.deal(self.dealer)?;
        for (p, h) in self.players.iter_mut().zip(hands) {
            *p = Player {
                concealed: h.into(),
                // Room for a whole hand's discards (about 18 a seat, fewer
                // than 32 in all but the rarest hands).
                river: Vec::with_capacity(32),
                ..Player::default()
            };
        }
        self.uninterrupted = true;
        self.discards = [0; 4];
        self.pending_dora = false;
        self.owed_dora = false;
        self.kita_draw = false;
        self.kan_seats.clear();
        self.renchan = false;
        let mut hands: [Vec<Tile>; 4] = Default::default();
        for (h, p) in hands.iter_mut().zip(&self.players) {
            h.clear();
            h.extend_from_slice(&p.concealed);
        }
        self.hand_start = self.events.len();
        self.events.push(Event::StartKyoku {
            round_wind: self.round_wind(),
            kyoku: self.round % 4 + 1,
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
            dealer: self.dealer,
            dora_marker: self.wall.dora_indicators()[0],
            scores: self.scores,
            hands: Box::new(hands),
            dice: self.wall.dice,
        });
        self.draw_for(self.dealer, false);
        Ok(())
    }

    /// `seat` draws (from the dead wall when `rinshan`) and takes its turn; an
    /// empty wall ends the hand in an exhaustive draw.
    fn draw_for(&mut self, seat: usize, rinshan: bool) {
        // A kan dora still owed by an earlier open kan turns over before the next
        // kan's replacement draw (never when that kan is robbed: Tenhou).
        if rinshan && self.owed_dora {
            self.owed_dora = false;
            self.reveal_dora();
        }
        let t = if rinshan {
            self.wall.draw_rinshan()
        } else {
            self.wall.draw()
        };
        let Some(t) = t else {
            self.exhaustive_draw();
            return;
        };
        self.kita_draw = false;
        self.take_turn(seat, t, rinshan);
    }

    /// `seat` draws the replacement of its kita and takes its turn; the draw is
    /// a rinshan draw under `kita_rinshan`.
    fn draw_after_kita(&mut self, seat: usize) {
        let Some(t) = self.wall.draw_kita() else {
            // A kita needs a live tile to move: never reached.
            self.exhaustive_draw();
            return;
        };
        self.kita_draw = true;
        self.take_turn(seat, t, self.rules.kita_rinshan);
    }

    fn take_turn(&mut self, seat: usize, t: Tile, rinshan: bool) {
        let p = &mut self.players[seat];
        p.concealed.push(t);
        p.temporary_furiten = false;
        p.kuikae = 0;
        self.events.push(Event::Tsumo { seat, tile: t });
        self.phase = Phase::Turn {
            seat,
            drawn: Some(t),
            rinshan,
        };
    }

    /// Every action `seat` may take now (empty when it is not asked).
    pub fn legal_actions(&self, seat: usize) -> Vec<Action> {
        let mut out = Vec::with_capacity(16);
        self.legal_actions_into(seat, &mut out);
        out
    }

    /// [`Game::legal_actions`] written into `out` (cleared first), whose room a
    /// caller that asks at every decision keeps.
    pub fn legal_actions_into(&self, seat: usize, out: &mut Vec<Action>) {
        self.legal_actions_given(seat, out, None);
    }

    /// [`Game::legal_actions_into`], given `discards`: the analysis of every
    /// discard of `seat`'s hand on its turn ([`Game::turn_discards`]), which
    /// the riichi check then reads instead of working out the shanten of each
    /// discard (a caller that analyses the discards anyway shares its work).
    pub(crate) fn legal_actions_given(
        &self,
        seat: usize,
        out: &mut Vec<Action>,
        discards: Option<&Discards>,
    ) {
        out.clear();
        if seat >= self.seats() {
            return;
        }
        match &self.phase {
            Phase::Turn {
                seat: s,
                drawn,
                rinshan,
            } if *s == seat => self.turn_actions(seat, *drawn, *rinshan, out, discards),
            Phase::Claims { .. } => {
                if let Some((from, tile, kind)) = self.phase.claim_for(seat) {
                    self.claim_actions(seat, from, tile, kind, out);
                }
            }
            _ => {}
        }
    }

    /// The analysis of every discard of `seat`'s hand (four players' tiles),
    /// when it is `seat`'s turn to discard freely: not in riichi, where the
    /// drawn tile goes.
    pub(crate) fn turn_discards(&self, seat: usize) -> Option<Discards> {
        let p = self.players.get(seat)?;
        let turn = matches!(self.phase, Phase::Turn { seat: s, .. } if s == seat);
        (turn && !p.in_riichi() && p.concealed.len() % 3 == 2).then(|| {
            Discards::new(
                p.concealed.counts(),
                &p.meld_counts(),
                p.melds.len(),
                TileSet::Full,
            )
        })
    }

    fn turn_actions(
        &self,
        seat: usize,
        drawn: Option<Tile>,
        rinshan: bool,
        out: &mut Vec<Action>,
        discards: Option<&Discards>,
    ) {
        let p = &self.players[seat];
        let counts = p.counts();
        // Win.
        if let Some(t) = drawn.filter(|_| agari::is_complete(&counts, p.melds.len())) {
            let ctx = self.tsumo_context(seat, rinshan);
            if let Ok(hand) = p.hand() {
                if score(&hand, t, &ctx, &self.rules).is_ok() {
                    out.push(Action::Tsumo);
                }
            }
        }
        // Kyuushu kyuuhai on one's first draw, no call before.
        if self.rules.kyuushu_kyuuhai && self.uninterrupted && self.discards[seat] == 0 {
            let kinds = crate::algo::shanten::YAOCHUU
                .iter()
                .filter(|&&k| counts[k] > 0)
                .count();
            if kinds >= 9 {
                out.push(Action::KyuushuKyuuhai);
            }
        }
        let can_kan = self.wall.kans() < 4 && self.wall.live_remaining() > 0;
        // Kita: a North set aside, on a turn that began with a draw (not right
        // after a pon), while a live tile remains to move to the dead wall.
        let can_kita = self.rules.kita
            && drawn.is_some()
            && counts[NORTH] > 0
            && self.wall.live_remaining() > 0
            && self.wall.kita() < 4;
        if p.in_riichi() {
            // Only tsumogiri, a closed kan of the drawn tile that keeps the waits,
            // or a kita of the drawn North.
            if let Some(t) = drawn {
                out.push(Action::Discard {
                    tile: t,
                    tsumogiri: true,
                });
                let k = t.kind() as usize;
                if can_kan && counts[k] == 4 && self.ankan_keeps_waits(seat, k as u8) {
                    out.push(Action::Ankan { kind: k as u8 });
                }
                if can_kita && k == NORTH {
                    out.push(Action::Kita);
                }
            }
            return;
        }
        // Discards (kuikae-forbidden kinds excluded), riichi.
        // The tiles (by id, red fives apart) already offered from the hand.
        let mut seen = 0u64;
        for (i, &t) in p.concealed.iter().enumerate() {
            let tsumogiri = drawn.is_some() && i == p.concealed.len() - 1;
            if p.kuikae >> t.kind() & 1 == 1 || (!tsumogiri && seen >> t.id() & 1 == 1) {
                continue;
            }
            if !tsumogiri {
                seen |= 1 << t.id();
            }
            out.push(Action::Discard { tile: t, tsumogiri });
        }
        if self.can_riichi(seat) {
            let tenpai_after = |tile: Tile| match discards {
                Some(d) => d.shanten(tile.kind() as usize) == 0,
                None => self.tenpai_after_discard(seat, tile),
            };
            // Some discard leaves tenpai only if the 14 tiles are at most tenpai.
            let least = discards.map_or_else(
                || shanten_with(&counts, &p.meld_counts(), p.melds.len()),
                Discards::hand_shanten,
            );
            if least <= 0 {
                for i in 0..out.len() {
                    if let Action::Discard { tile, tsumogiri } = out[i] {
                        if tenpai_after(tile) {
                            out.push(Action::Riichi { tile, tsumogiri });
                        }
                    }
                }
            }
        }
        if drawn.is_some() && can_kan {
            for k in 0..KINDS {
                if counts[k] == 4 {
                    out.push(Action::Ankan { kind: k as u8 });
                }
            }
            for m in &p.melds {
                if m.kind() == MeldKind::Pon {
                    let k = m.first_kind();
                    if let Some(&t) = p.concealed.iter().find(|t| t.kind() == k) {
                        out.push(Action::Kakan { tile: t });
                    }
                }
            }
        }
        if can_kita {
            out.push(Action::Kita);
        }
    }

    fn can_riichi(&self, seat: usize) -> bool {
        let p = &self.players[seat];
        let points_ok = self
            .rules
            .riichi_min_points
            .is_none_or(|m| self.scores[seat] >= i64::from(m));
        !p.in_riichi()
            && p.is_closed()
            && points_ok
            && self.wall.live_remaining() >= usize::from(self.rules.riichi_min_wall)
    }

    fn tenpai_after_discard(&self, seat: usize, t: Tile) -> bool {
        let p = &self.players[seat];
        let mut c = p.counts();
        c[t.kind() as usize] -= 1;
        shanten_with(&c, &p.meld_counts(), p.melds.len()) == 0
    }

    /// After riichi, a closed kan of kind `k` must keep the waits and the
    /// decomposition (and `k` must be the tile just drawn).
    fn ankan_keeps_waits(&self, seat: usize, k: u8) -> bool {
        let p = &self.players[seat];
        let mut before = p.counts();
        // The waits before the draw: the drawn tile is the last concealed one.
        if let Some(last) = p.concealed.last() {
            if last.kind() != k {
                return false;
            }
            before[k as usize] -= 1;
        }
        let mc = p.meld_counts();
        let (s0, w0) = shanten_and_lowering(&before, Some(&mc), p.melds.len());
        let mut after = before;
        after[k as usize] = 0;
        let mut mc2 = mc;
        mc2[k as usize] = 4;
        let (s1, w1) = shanten_and_lowering(&after, Some(&mc2), p.melds.len() + 1);
        if !(s0 == 0 && s1 == 0 && w0 == w1) {
            return false;
        }
        // The decomposition stays too: with every winning tile, every reading
        // holds the three copies as a triplet (the rules' own example).
        (0..KINDS).filter(|&w| w0 >> w & 1 == 1).all(|w| {
            let mut c = before;
            c[w] += 1;
            let mut all_triplet = true;
            crate::algo::decompose::for_each_split(&c, |_, sets| {
                all_triplet &= sets
                    .iter()
                    .any(|b| b.shape == crate::algo::decompose::BlockShape::Koutsu && b.first == k);
            });
            all_triplet
        })
    }

    /// The claims `seat` may make on `tile` (Pass last); whether the tile
    /// completes its hand, which passing it makes furiten.
    fn claim_actions(
        &self,
        seat: usize,
        from: usize,
        tile: Tile,
        kind: ClaimKind,
        out: &mut Vec<Action>,
    ) -> bool {
        let p = &self.players[seat];
        let completes = p.completed_by(tile);
        let k = tile.kind() as usize;
        if completes && !p.is_furiten() {
            let robbing_ok = match kind {
                ClaimKind::Ankan => {
                    // Only kokushi may rob a closed kan.
                    let (c, _) = p.counts_with(tile);
                    p.melds.is_empty() && crate::algo::shanten::chiitoitsu(&c) != -1 && {
                        let (t, n) = crate::algo::shanten::Tally::with_size(&c);
                        n == 14 && t.kokushi() == -1
                    }
                }
                _ => true,
            };
            if robbing_ok {
                let ctx = self.ron_context(seat, from, kind);
                let mut concealed = p.concealed.clone();
                concealed.push(tile);
                if let Ok(hand) = Hand::new(&concealed, p.melds.clone()) {
                    if score(&hand, tile, &ctx, &self.rules).is_ok() {
                        out.push(Action::Ron);
                    }
                }
            }
        }
        let last = self.wall.live_remaining() == 0;
        if matches!(kind, ClaimKind::Discard { .. }) && !p.in_riichi() && !last {
            let hand_k = p.counts();
            // Pon and daiminkan from anyone (a pair of the kind held): each
            // distinct pair of the copies held.
            if hand_k[k] >= 2 {
                let (mut copies, mut n) = ([tile; 4], 0);
                for &t in p.concealed.iter().filter(|t| t.kind() as usize == k) {
                    copies[n.min(3)] = t;
                    n += 1;
                }
                let copies = &copies[..n.min(4)];
                let (mut pairs, mut found) = ([[tile; 2]; 6], 0);
                for i in 0..copies.len() {
                    for j in i + 1..copies.len() {
                        let mut pair = [copies[i], copies[j]];
                        pair.sort();
                        if !pairs[..found].contains(&pair) {
                            pairs[found] = pair;
                            found += 1;
                        }
                    }
                }
                for &pair in &pairs[..found] {
                    if self.call_leaves_discard(&hand_k, &pair, tile, MeldKind::Pon) {
                        out.push(Action::Pon { tiles: pair });
                    }
                }
                if copies.len() == 3 && self.wall.kans() < 4 {
                    out.push(Action::Daiminkan);
                }
            }
            // Chi from the left, when the rules have chi.
            if self.rules.chi && (from + 1) % self.seats() == seat && k < 27 {
                let n = k % 9;
                for start in n.saturating_sub(2)..=n.min(6) {
                    let base = k - n + start;
                    let mut others = [0usize; 2];
                    for (o, x) in others.iter_mut().zip((base..base + 3).filter(|&x| x != k)) {
                        *o = x;
                    }
                    if others.iter().all(|&x| hand_k[x] > 0) {
                        let (lows, highs) = (
                            self.variants(seat, others[0]),
                            self.variants(seat, others[1]),
                        );
                        for &a in lows.as_slice() {
                            for &b in highs.as_slice() {
                                let pair = [a, b];
                                if self.call_leaves_discard(&hand_k, &pair, tile, MeldKind::Chi) {
                                    out.push(Action::Chi { tiles: pair });
                                }
                            }
                        }
                    }
                }
            }
        }
        out.push(Action::Pass);
        completes
    }

    /// The distinct tiles (plain or red) of kind `k` in `seat`'s hand.
    fn variants(&self, seat: usize, k: usize) -> Variants {
        let mut v = Variants {
            tiles: [Tile::from_kind(k as u8).expect("a kind"); 2],
            len: 0,
        };
        for &t in &self.players[seat].concealed {
            if t.kind() as usize == k && !v.as_slice().contains(&t) && v.len < 2 {
                v.tiles[v.len] = t;
                v.len += 1;
            }
        }
        v
    }

    /// Kinds a call forbids to discard next (kuikae).
    fn kuikae_mask(&self, tiles: &[Tile; 2], called: Tile, kind: MeldKind) -> u64 {
        let k = called.kind();
        match self.rules.kuikae {
            Kuikae::Allowed => 0,
            Kuikae::SameTile => 1 << k,
            Kuikae::Forbidden => {
                let mut m = 1u64 << k;
                if kind == MeldKind::Chi {
                    let lo = tiles[0].kind().min(tiles[1].kind());
                    let hi = tiles[0].kind().max(tiles[1].kind());
                    // Called at an end of the run: the other side's suji too.
                    if k + 1 == lo && hi % 9 < 8 {
                        m |= 1 << (hi + 1);
                    }
                    if k == hi + 1 && lo % 9 > 0 {
                        m |= 1 << (lo - 1);
                    }
                }
                m
            }
        }
    }

    /// After the call, some tile may still be discarded: a kind left in the
    /// hand (`counts`, before the call) that kuikae allows.
    fn call_leaves_discard(
        &self,
        counts: &Counts,
        tiles: &[Tile; 2],
        called: Tile,
        kind: MeldKind,
    ) -> bool {
        let mask = self.kuikae_mask(tiles, called, kind);
        let mut rest = *counts;
        for t in tiles {
            let k = t.kind() as usize;
            rest[k] = rest[k].saturating_sub(1);
        }
        (0..KINDS).any(|k| rest[k] > 0 && mask >> k & 1 == 0)
    }

    fn base_context(&self, seat: usize) -> WinContext {
        let p = &self.players[seat];
        let riichi = p.in_riichi();
        WinContext {
            riichi,
            double_riichi: p.double_riichi,
            ippatsu: p.ippatsu,
            seat_wind: self.seat_wind(seat),
            round_wind: self.round_wind(),
            dora_indicators: self.wall.dora_indicators().to_vec(),
            ura_indicators: if riichi {
                self.wall.ura_indicators().to_vec()
            } else {
                Vec::new()
            },
            honba: self.honba,
            riichi_sticks: self.riichi_sticks,
            kita: p.kita.len() as u32,
            dealer_streak: if seat == self.dealer {
                self.dealer_streak()
            } else {
                0
            },
            ..WinContext::default()
        }
    }

    /// The streak the dealer's win in this hand would make, as the paarenchan
    /// rule counts it (0 without paarenchan).
    pub(super) fn dealer_streak(&self) -> u32 {
        match self.rules.paarenchan {
            Paarenchan::Off => 0,
            Paarenchan::Wins => self.dealer_wins + 1,
            Paarenchan::Dealerships => self.dealer_hands,
        }
    }

    pub(super) fn tsumo_context(&self, seat: usize, rinshan: bool) -> WinContext {
        let first = self.uninterrupted && self.discards[seat] == 0;
        let mut ctx = self.base_context(seat);
        ctx.tsumo = true;
        ctx.rinshan = rinshan;
        // The haitei is the live wall's last tile: not a replacement from the dead
        // wall (a kita's counts as rinshan only under kita_rinshan).
        let from_dead_wall = rinshan || self.kita_draw;
        ctx.haitei = self.wall.live_remaining() == 0
            && (!from_dead_wall || (rinshan && self.rules.haitei_with_rinshan));
        ctx.tenhou = first && seat == self.dealer;
        ctx.chiihou = first && seat != self.dealer;
        ctx
    }

    pub(super) fn ron_context(&self, seat: usize, from: usize, kind: ClaimKind) -> WinContext {
        let mut ctx = self.base_context(seat);
        ctx.chankan = matches!(kind, ClaimKind::Kakan | ClaimKind::Ankan);
        ctx.robbed_ankan = kind == ClaimKind::Ankan;
        ctx.houtei = matches!(kind, ClaimKind::Discard { .. }) && self.wall.live_remaining() == 0;
        ctx.renhou = self.uninterrupted
            && self.discards[seat] == 0
            && seat != self.dealer
            && self.rules.renhou != crate::rules::Renhou::None;
        let _ = from;
        ctx
    }

    /// Apply `action` by `seat`; a refused action leaves the state unchanged.
    pub fn apply(&mut self, seat: usize, mut action: Action) -> Result<()> {
        // The two tiles of a chi or pon in either order (legal actions list them sorted).
        if let Action::Chi { tiles } | Action::Pon { tiles } = &mut action {
            tiles.sort();
        }
        if seat >= self.seats() {
            let why = format!("seats are 0-{}", self.seats() - 1);
            return Err(illegal(seat, &action, &why));
        }
        if matches!(self.phase, Phase::HandOver | Phase::GameOver) {
            return Err(illegal(
                seat,
                &action,
                "no decision is pending (start the next hand)",
            ));
        }
        if !self.legal_actions(seat).contains(&action) {
            return Err(illegal(seat, &action, &self.refusal(seat, &action)));
        }
        self.apply_unchecked(seat, action);
        Ok(())
    }

    /// Apply an action known to be legal (from `legal_actions`).
    pub fn apply_unchecked(&mut self, seat: usize, action: Action) {
        self.apply_given(seat, action, None);
    }

    /// [`Game::apply_unchecked`], given `discards`: the analysis of every
    /// discard of `seat`'s hand on its turn ([`Game::turn_discards`]). A
    /// discard that leaves the hand short of tenpai is noted on the hand, so
    /// the other seats' claims need not ask whether their tile completes it.
    pub(crate) fn apply_given(&mut self, seat: usize, action: Action, discards: Option<&Discards>) {
        match self.phase.clone() {
            Phase::Turn { drawn, rinshan, .. } => {
                self.on_turn(seat, action, drawn, rinshan, discards);
            }
            Phase::Claims {
                from,
                tile,
                kind,
                mut chosen,
                asked,
            } => {
                chosen[seat] = Some(action);
                if action != Action::Ron && (kind != ClaimKind::Kita || self.rules.kita_furiten) {
                    self.players[seat].pass_tile(tile);
                }
                let done = (0..4).all(|s| !asked[s] || chosen[s].is_some());
                self.phase = Phase::Claims {
                    from,
                    tile,
                    kind,
                    chosen,
                    asked,
                };
                if done {
                    self.resolve_claims(from, tile, kind, chosen);
                }
            }
            _ => {}
        }
    }

    fn on_turn(
        &mut self,
        seat: usize,
        action: Action,
        drawn: Option<Tile>,
        rinshan: bool,
        discards: Option<&Discards>,
    ) {
        let after = |tile: Tile| discards.map(|d| d.shanten(tile.kind() as usize));
        match action {
            Action::Tsumo => {
                let ctx = self.tsumo_context(seat, rinshan);
                let hand = self.players[seat].hand().expect("legal hand");
                let r = score(&hand, drawn.expect("drawn"), &ctx, &self.rules).expect("legal win");
                self.settle_wins(&[(seat, r)], None, drawn.expect("drawn"));
            }
            Action::KyuushuKyuuhai => self.abortive(DrawReason::KyuushuKyuuhai),
            Action::Kita => self.kita(seat),
            Action::Discard { tile, tsumogiri } => {
                self.discard(seat, tile, tsumogiri, false, after(tile));
            }
            Action::Riichi { tile, tsumogiri } => {
                let first = self.uninterrupted && self.discards[seat] == 0;
                let p = &mut self.players[seat];
                p.double_riichi = first;
                self.events.push(Event::Riichi { seat });
                self.discard(seat, tile, tsumogiri, true, after(tile));
            }
            Action::Ankan { kind } => {
                let p = &mut self.players[seat];
                let tiles: Vec<Tile> = p
                    .concealed
                    .iter()
                    .copied()
                    .filter(|t| t.kind() == kind)
                    .collect();
                for t in &tiles {
                    p.take(*t);
                }
                let meld =
                    Meld::new(MeldKind::Ankan, &tiles, None, None, None).expect("four of a kind");
                p.melds.push(meld);
                let consumed = [tiles[0], tiles[1], tiles[2], tiles[3]];
                self.events.push(Event::Ankan { seat, consumed });
                self.kan_declared(seat);
                self.break_ippatsu();
                // A closed kan's dora is revealed at once.
                self.reveal_dora();
                if self.rules.kokushi_robs_ankan {
                    let tile = Tile::from_kind(kind).expect("kind");
                    if self.open_claims(seat, tile, ClaimKind::Ankan) {
                        return;
                    }
                }
                self.draw_for(seat, true);
            }
            Action::Kakan { tile } => {
                let p = &mut self.players[seat];
                p.take(tile);
                let i = p
                    .melds
                    .iter()
                    .position(|m| m.kind() == MeldKind::Pon && m.first_kind() == tile.kind())
                    .expect("pon");
                let pon = p.melds[i].clone();
                let mut tiles = pon.tiles().to_vec();
                tiles.push(tile);
                p.melds[i] = Meld::new(
                    MeldKind::Kakan,
                    &tiles,
                    pon.called(),
                    pon.from(),
                    Some(tile),
                )
                .expect("kakan");
                let consumed = [pon.tiles()[0], pon.tiles()[1], pon.tiles()[2]];
                self.events.push(Event::Kakan {
                    seat,
                    tile,
                    consumed,
                });
                self.kan_declared(seat);
                // An added kan's dora comes once it stands: never when it is robbed.
                if self.open_claims(seat, tile, ClaimKind::Kakan) {
                    return;
                }
                self.kakan_stands();
                self.draw_for(seat, true);
            }
            _ => {}
        }
    }

    /// `seat` sets a North aside: a call for ippatsu and the first go-round; the
    /// others may ron it (`kita_ron`), else the replacement draw follows.
    fn kita(&mut self, seat: usize) {
        let p = &mut self.players[seat];
        let i = p
            .concealed
            .iter()
            .rposition(|t| usize::from(t.kind()) == NORTH)
            .expect("a North in hand");
        let tile = p.concealed.remove(i);
        p.kita.push(tile);
        self.events.push(Event::Kita { seat, tile });
        self.uninterrupted = false;
        self.break_ippatsu();
        if self.rules.kita_ron && self.open_claims(seat, tile, ClaimKind::Kita) {
            return;
        }
        self.draw_after_kita(seat);
    }

    /// An added kan that was not robbed: its dora now (immediate) or after the
    /// replacement discard.
    fn kakan_stands(&mut self) {
        self.break_ippatsu();
        if self.rules.kan_dora_timing == KanDoraTiming::Immediate {
            self.reveal_dora();
        } else {
            self.pending_dora = true;
        }
    }

    fn reveal_dora(&mut self) {
        if let Some(marker) = self.wall.reveal_kan_dora() {
            self.events.push(Event::Dora { marker });
        }
    }

    /// Any call ends every ippatsu; an added kan only once it stands (a riichi
    /// player robbing it keeps ippatsu, as Tenhou scores it).
    fn break_ippatsu(&mut self) {
        for p in &mut self.players {
            p.ippatsu = false;
        }
    }

    fn kan_declared(&mut self, seat: usize) {
        if self.pending_dora {
            self.pending_dora = false;
            self.owed_dora = true;
        }
        self.uninterrupted = false;
        self.players[seat].kans += 1;
        self.kan_seats.push(seat);
    }

    /// `seat` discards `tile`; `after`, when known, the shanten it leaves.
    fn discard(
        &mut self,
        seat: usize,
        tile: Tile,
        tsumogiri: bool,
        riichi: bool,
        after: Option<i8>,
    ) {
        let p = &mut self.players[seat];
        p.take(tile);
        if after.is_some_and(|s| s > 0) {
            p.concealed.note_short_of_tenpai();
        }
        p.ippatsu = false;
        p.kuikae = 0;
        p.river.push(RiverTile {
            tile,
            tsumogiri,
            riichi,
            called: false,
        });
        self.discards[seat] += 1;
        // An open kan's dora turns over with the replacement discard; Tenhou
        // logs it just before the discard.
        if self.pending_dora {
            self.pending_dora = false;
            self.reveal_dora();
        }
        self.events.push(Event::Dahai {
            seat,
            tile,
            tsumogiri,
        });
        if !self.open_claims(seat, tile, ClaimKind::Discard { riichi }) {
            self.after_discard(seat, riichi);
        }
    }

    /// Ask the other seats about `tile`; false when nobody can claim it.
    fn open_claims(&mut self, from: usize, tile: Tile, kind: ClaimKind) -> bool {
        self.phase = Phase::Claims {
            from,
            tile,
            kind,
            chosen: [None; 4],
            asked: [false; 4],
        };
        let mut asked = [false; 4];
        let mut acts = Vec::with_capacity(8);
        for s in (0..self.seats()).filter(|&s| s != from) {
            acts.clear();
            // Whether the tile completes the hand: for ron, and for the
            // furiten of passing it.
            let completes = self.claim_actions(s, from, tile, kind, &mut acts);
            // Only Pass: nothing to ask, but passing a winning tile still counts.
            asked[s] = acts.len() > 1;
            // A closed kan's tile is no discard: only a kokushi that may rob it
            // (and passes) becomes furiten; a kita, by rule.
            let furiten = match kind {
                ClaimKind::Ankan => false,
                ClaimKind::Kita => self.rules.kita_furiten,
                _ => true,
            };
            if !asked[s] && furiten && completes {
                self.players[s].passed_a_win();
            }
        }
        if asked.iter().any(|&a| a) {
            if let Phase::Claims { asked: a, .. } = &mut self.phase {
                *a = asked;
            }
            true
        } else {
            false
        }
    }

    /// The riichi discard of `seat` was not ronned: the riichi stands, its stick is
    /// paid and ippatsu begins. True when that makes four riichi and the hand ends
    /// (suucha riichi).
    fn accept_riichi(&mut self, seat: usize) -> bool {
        let p = &mut self.players[seat];
        p.riichi_at = Some(p.river.len() - 1);
        p.ippatsu = true;
        self.scores[seat] -= 1000;
        self.riichi_sticks += 1;
        self.events.push(Event::RiichiAccepted {
            seat,
            scores: self.scores,
        });
        if self.rules.suucha_riichi && self.players.iter().all(Player::in_riichi) {
            self.abortive(DrawReason::SuuchaRiichi);
            return true;
        }
        false
    }

    /// The discard passed: riichi stick, abortive checks, next draw.
    fn after_discard(&mut self, seat: usize, riichi: bool) {
        if riichi && self.accept_riichi(seat) {
            return;
        }
        // Suufon renda: the four first discards the same wind, no call.
        if self.rules.suufon_renda && self.uninterrupted && self.discards == [1; 4] {
            let first: Vec<u8> = self
                .players
                .iter()
                .map(|p| p.river[0].tile.kind())
                .collect();
            if (27..31).contains(&first[0]) && first.iter().all(|&k| k == first[0]) {
                self.abortive(DrawReason::SuufonRenda);
                return;
            }
        }
        // Suukaikan: a fourth kan by two or more players, its discard not ronned.
        if self.rules.suukaikan && self.kan_seats.len() == 4 {
            let one = self.kan_seats.iter().all(|&s| s == self.kan_seats[0]);
            if !one {
                self.abortive(DrawReason::Suukaikan);
                return;
            }
        }
        if self.wall.live_remaining() == 0 {
            self.exhaustive_draw();
            return;
        }
        self.draw_for((seat + 1) % self.seats(), false);
    }

    fn resolve_claims(
        &mut self,
        from: usize,
        tile: Tile,
        kind: ClaimKind,
        chosen: [Option<Action>; 4],
    ) {
        // Rons, nearest to the discarder first.
        let n = self.seats();
        let rons: Vec<usize> = (1..n)
            .map(|d| (from + d) % n)
            .filter(|&s| chosen[s] == Some(Action::Ron))
            .collect();
        if !rons.is_empty() {
            if rons.len() == 3 && self.rules.multi_ron == MultiRon::Double && self.rules.sanchahou {
                self.abortive(DrawReason::Sanchahou);
                return;
            }
            // The winners paid, nearest first: one under head bump, two under
            // double ron (without sanchahou the third is bumped), all under triple.
            let paid = match self.rules.multi_ron {
                MultiRon::HeadBump => 1,
                MultiRon::Double => 2,
                MultiRon::Triple => 3,
            };
            let mut rons = rons;
            rons.truncate(paid);
            let mut wins = Vec::new();
            for &s in &rons {
                let ctx = self.ron_context(s, from, kind);
                let mut concealed = self.players[s].concealed.clone();
                concealed.push(tile);
                let hand = Hand::new(&concealed, self.players[s].melds.clone()).expect("legal");
                let r = score(&hand, tile, &ctx, &self.rules).expect("legal ron");
                wins.push((s, r));
            }
            self.settle_wins(&wins, Some(from), tile);
            return;
        }
        let ClaimKind::Discard { riichi } = kind else {
            // Nobody robbed the kan (or the kita): it stands, the replacement draw
            // follows.
            match kind {
                ClaimKind::Kita => self.draw_after_kita(from),
                ClaimKind::Kakan => {
                    self.kakan_stands();
                    self.draw_for(from, true);
                }
                _ => self.draw_for(from, true),
            }
            return;
        };
        // Pon/kan over chi.
        let call = (0..4)
            .filter_map(|s| chosen[s].map(|a| (s, a)))
            .find(|(_, a)| matches!(a, Action::Pon { .. } | Action::Daiminkan))
            .or_else(|| {
                (0..4)
                    .filter_map(|s| chosen[s].map(|a| (s, a)))
                    .find(|(_, a)| matches!(a, Action::Chi { .. }))
            });
        let Some((caller, action)) = call else {
            self.after_discard(from, riichi);
            return;
        };
        // The riichi discard was not ronned: its stick is paid first (the call
        // then ends the ippatsu).
        if riichi && self.accept_riichi(from) {
            return;
        }
        self.call(caller, from, tile, action);
    }

    fn call(&mut self, caller: usize, from: usize, tile: Tile, action: Action) {
        self.uninterrupted = false;
        for p in &mut self.players {
            p.ippatsu = false;
        }
        if let Some(d) = self.players[from].river.last_mut() {
            d.called = true;
        }
        let n = self.seats();
        let rel = match (from + n - caller) % n {
            1 => Relative::Right,
            d if d == n - 1 => Relative::Left,
            _ => Relative::Across,
        };
        let (kind, consumed): (MeldKind, Vec<Tile>) = match action {
            Action::Chi { tiles } => (MeldKind::Chi, tiles.to_vec()),
            Action::Pon { tiles } => (MeldKind::Pon, tiles.to_vec()),
            _ => (
                MeldKind::Daiminkan,
                self.players[caller]
                    .concealed
                    .iter()
                    .copied()
                    .filter(|t| t.kind() == tile.kind())
                    .collect(),
            ),
        };
        let kuikae = match action {
            Action::Chi { tiles: two } | Action::Pon { tiles: two } => {
                self.kuikae_mask(&two, tile, kind)
            }
            _ => 0,
        };
        let p = &mut self.players[caller];
        for t in &consumed {
            p.take(*t);
        }
        let mut tiles = consumed.clone();
        tiles.push(tile);
        let meld = Meld::new(kind, &tiles, Some(tile), Some(rel), None).expect("legal call");
        p.melds.push(meld);
        // Pao: the call that completes the third dragon set or the fourth wind set.
        if kind != MeldKind::Chi {
            let sets = |range: std::ops::Range<u8>| {
                p.melds
                    .iter()
                    .filter(|m| m.kind() != MeldKind::Chi && range.contains(&m.first_kind()))
                    .count()
            };
            let dragons = (31..34).contains(&tile.kind()) && sets(31..34) == 3;
            let winds = (27..31).contains(&tile.kind()) && sets(27..31) == 4;
            if dragons || winds {
                p.pao = Some(from);
            }
        }
        match action {
            Action::Chi { tiles: two } | Action::Pon { tiles: two } => {
                p.kuikae = kuikae;
                let ev = if kind == MeldKind::Chi {
                    Event::Chi {
                        seat: caller,
                        target: from,
                        tile,
                        consumed: two,
                    }
                } else {
                    Event::Pon {
                        seat: caller,
                        target: from,
                        tile,
                        consumed: two,
                    }
                };
                self.events.push(ev);
                self.phase = Phase::Turn {
                    seat: caller,
                    drawn: None,
                    rinshan: false,
                };
            }
            _ => {
                if self.rules.pao_suukantsu && self.players[caller].kans == 3 {
                    self.players[caller].pao = Some(from);
                }
                let c = [consumed[0], consumed[1], consumed[2]];
                self.events.push(Event::Daiminkan {
                    seat: caller,
                    target: from,
                    tile,
                    consumed: c,
                });
                self.kan_declared(caller);
                if self.rules.kan_dora_timing == KanDoraTiming::Immediate {
                    self.reveal_dora();
                } else {
                    self.pending_dora = true;
                }
                self.draw_for(caller, true);
            }
        }
    }

    /// Pay the wins (one tsumo, or rons on `from`'s tile, nearest first) and end
    /// the hand. Each win has its own Hora event (as in mjai): its own score
    /// changes (honba and sticks with the winner who gets them) and the scores
    /// after it.
    fn settle_wins(&mut self, wins: &[(usize, ScoreResult)], from: Option<usize>, tile: Tile) {
        let dealer = self.dealer;
        let n = self.seats();
        let to_abs = |wind: u8| (dealer + wind as usize) % n;
        let liable = |s: usize| self.players[s].pao.map(|l| self.seat_wind(l));
        // Score changes by absolute seat of the first `n` (at least 1) wins together.
        let settled = |n: usize| -> [i64; 4] {
            let mut deltas = [0i64; 4];
            let by_wind = match from {
                Some(from) => {
                    let settlements: Vec<(Settlement, Option<u8>)> = wins[..n]
                        .iter()
                        .map(|(s, r)| (r.settlement(), liable(*s)))
                        .collect();
                    points::settle_multi_ron(&settlements, self.seat_wind(from), &self.rules)
                        .map(|(d, _)| d)
                }
                None => points::deltas(
                    &wins[0].1.settlement(),
                    None,
                    liable(wins[0].0),
                    &self.rules,
                ),
            };
            if let Ok(d) = by_wind {
                for (w, x) in d.iter().enumerate() {
                    deltas[to_abs(w as u8)] += x;
                }
            }
            deltas
        };
        // `wins` holds only the winners paid (see `resolve_claims`).
        let totals: Vec<[i64; 4]> = (1..=wins.len()).map(settled).collect();
        let mut before = [0i64; 4];
        for ((s, r), total) in wins.iter().zip(totals) {
            let deltas: [i64; 4] = std::array::from_fn(|k| total[k] - before[k]);
            before = total;
            for (sc, d) in self.scores.iter_mut().zip(deltas) {
                *sc += d;
            }
            let yaku = r
                .yakuman
                .as_slice()
                .iter()
                .map(|&(y, m)| (y, 13 * u32::from(m)))
                .chain(r.yaku.as_slice().iter().map(|&(y, h)| (y, u32::from(h))))
                .collect();
            let mut hand = self.players[*s].concealed.to_vec();
            if from.is_some() {
                hand.push(tile);
            }
            let counted = r.yakuman.as_slice().is_empty() || r.aotenjou.is_some();
            let ura_markers = if self.players[*s].riichi_at.is_some() {
                self.wall.ura_indicators().to_vec()
            } else {
                Vec::new()
            };
            self.events.push(Event::Hora(Box::new(Win {
                seat: *s,
                target: from.unwrap_or(*s),
                tile,
                hand,
                ura_markers,
                han: r.han,
                fu: r.fu,
                points: r.points(),
                yaku,
                // A yakuman hand's dora count for nothing (Tenhou lists none);
                // kita count with the dora, as Tenhou lists them.
                dora: if counted { r.dora + r.kita } else { 0 },
                ura: if counted { r.ura } else { 0 },
                aka: if counted { r.aka } else { 0 },
                limit: r.limit,
                pao: self.players[*s].pao.filter(|_| r.pao_base > 0),
                deltas,
                scores: self.scores,
            })));
        }
        self.riichi_sticks = 0;
        let dealer_won = wins.iter().any(|(s, _)| *s == dealer);
        self.dealer_wins = if dealer_won { self.dealer_wins + 1 } else { 0 };
        self.yame = dealer_won && self.rules.agari_yame;
        self.end_hand(dealer_won, !dealer_won);
    }

    fn abortive(&mut self, reason: DrawReason) {
        self.events.push(Event::Ryukyoku {
            reason,
            tenpai: [false; 4],
            deltas: [0; 4],
            scores: self.scores,
        });
        self.honba += 1;
        self.dealer_wins = 0;
        // Abortive draws are renchan, but never an agari- or tenpai-yame.
        self.yame = false;
        self.end_hand(true, false);
    }

    fn exhaustive_draw(&mut self) {
        let n = self.seats();
        let tenpai: [bool; 4] = std::array::from_fn(|s| s < n && self.players[s].tenpai_at_draw());
        // Nagashi mangan: every own discard a terminal or honor, none called.
        let nagashi: Vec<usize> = (0..n)
            .filter(|&s| {
                let r = &self.players[s].river;
                self.rules.nagashi_mangan
                    && !r.is_empty()
                    && r.iter().all(|d| d.tile.is_yaochuu() && !d.called)
            })
            .collect();
        let mut deltas = [0i64; 4];
        let reason = if nagashi.is_empty() {
            let k = tenpai.iter().filter(|&&t| t).count();
            if (1..n).contains(&k) {
                let total = i64::from(self.rules.noten_payment_total);
                for s in 0..n {
                    deltas[s] = if tenpai[s] {
                        total / k as i64
                    } else {
                        -total / (n - k) as i64
                    };
                }
            }
            DrawReason::Exhaustive
        } else {
            let winds: Vec<u8> = nagashi.iter().map(|&s| self.seat_wind(s)).collect();
            if let Ok(d) = points::nagashi_mangan(&winds, &self.rules) {
                for (w, x) in d.iter().enumerate().take(n) {
                    deltas[(self.dealer + w) % n] += x;
                }
            }
            DrawReason::NagashiMangan
        };
        for (sc, d) in self.scores.iter_mut().zip(deltas) {
            *sc += d;
        }
        self.events.push(Event::Ryukyoku {
            reason,
            tenpai,
            deltas,
            scores: self.scores,
        });
        self.honba += 1;
        self.dealer_wins = 0;
        let keep = tenpai[self.dealer] && self.rules.renchan_on_tenpai;
        self.yame = keep && self.rules.tenpai_yame;
        self.end_hand(keep, false);
    }

    /// After a hand: renchan or rotation, then the end-of-game checks.
    fn end_hand(&mut self, dealer_keeps: bool, reset_honba: bool) {
        self.events.push(Event::EndKyoku);
        self.renchan = dealer_keeps;
        if reset_honba {
            self.honba = 0;
        } else if dealer_keeps
            && !matches!(
                self.events.iter().rev().nth(1),
                Some(Event::Ryukyoku { .. })
            )
        {
            self.honba += 1;
        }
        self.phase = Phase::HandOver;
        if let Some(end) = self.game_end() {
            let undo = (self.rules.yame_choice && end == GameEnd::Yame)
                .then_some((self.scores, self.riichi_sticks));
            self.finish_game();
            self.yame_undo = undo;
        }
    }

    /// Whether the game just ended by agari-yame or tenpai-yame under rules that
    /// let the dealer choose (`yame_choice`), so that [`Game::play_on`] may go on.
    pub fn may_play_on(&self) -> bool {
        self.phase == Phase::GameOver && self.yame_undo.is_some()
    }

    /// The last dealer plays on instead of stopping: the game, ended by agari-yame
    /// or tenpai-yame under `yame_choice`, is back after its hand with the points
    /// and sticks it had, and `next_hand` starts the dealer's repeat.
    pub fn play_on(&mut self) -> Result<()> {
        let Some((scores, sticks)) = self.yame_undo.filter(|_| self.phase == Phase::GameOver)
        else {
            return Err(MahjongError::IllegalAction(
                "play_on: the game did not just end by agari-yame or tenpai-yame under \
                 rules that let the dealer choose (yame_choice)"
                    .into(),
            ));
        };
        debug_assert!(matches!(self.events.last(), Some(Event::EndGame { .. })));
        self.events.pop();
        self.scores = scores;
        self.riichi_sticks = sticks;
        self.result = None;
        self.yame_undo = None;
        self.phase = Phase::HandOver;
        Ok(())
    }

    /// Winds in the game's main length (1 for east, 2 for hanchan, 0 for one hand).
    fn winds(&self) -> u8 {
        match self.rules.game_length {
            GameLength::OneHand => 0,
            GameLength::East => 1,
            GameLength::Hanchan => 2,
        }
    }

    /// Why the game ends after the hand just over, if it does.
    fn game_end(&self) -> Option<GameEnd> {
        let ret = i64::from(self.rules.return_points);
        if self.rules.tobi && self.scores.iter().any(|&s| s < 0) {
            return Some(GameEnd::Tobi);
        }
        if self.rules.game_length == GameLength::OneHand {
            return Some(GameEnd::Length);
        }
        let n = self.seats();
        // The last hand of the main length: South 4 (South 3 with three players).
        let last = 4 * self.winds() - 1 - (4 - n as u8);
        let top = (0..n).max_by_key(|&s| (self.scores[s], n - (s + n - self.first_dealer) % n));
        let dealer_top = top == Some(self.dealer) && self.scores[self.dealer] >= ret;
        if self.round >= last {
            // All last (or the extension): the dealer's renchan continues unless
            // the dealer is first with the return points and stops.
            if self.renchan {
                return (self.yame && dealer_top).then_some(GameEnd::Yame);
            }
            let next = self.next_round(self.round);
            let someone = self.scores[..n].iter().any(|&s| s >= ret);
            if !self.rules.west_extension || someone {
                return Some(GameEnd::Length);
            }
            // The extension: at most one more wind (through West 4 after South 4,
            // South 4 after East 4).
            return (next >= 4 * (self.winds() + 1)).then_some(GameEnd::Length);
        }
        None
    }

    fn finish_game(&mut self) {
        let cfg = ScoringConfig::from_rules(&self.rules);
        let r = final_result(self.scores, self.riichi_sticks, self.first_dealer, &cfg);
        self.scores = r.points;
        self.riichi_sticks = 0;
        self.events.push(Event::EndGame { scores: r.points });
        self.result = Some(r);
        self.phase = Phase::GameOver;
    }

    /// Start the next hand after `HandOver`.
    pub fn next_hand(&mut self) -> Result<()> {
        if self.phase != Phase::HandOver {
            return Err(MahjongError::IllegalAction(
                "the next hand starts only after a hand is over".into(),
            ));
        }
        if self.renchan {
            self.dealer_hands += 1;
        } else {
            self.round = self.next_round(self.round);
            self.dealer = (self.dealer + 1) % self.seats();
            self.dealer_hands = 1;
            self.dealer_wins = 0;
        }
        self.wall = self
            .walls
            .pop()
            .unwrap_or_else(|| Wall::shuffled_with(&self.rules, &mut self.rng));
        self.start_hand()
    }

    /// Hand sizes, 136 tiles (108 with three players) accounted for, and points
    /// plus sticks conserved.
    pub fn check_invariants(&self) -> std::result::Result<(), BrokenInvariant> {
        let broken = |what: String| Err(BrokenInvariant(what));
        let n = self.seats();
        if self.wall.players() != self.rules.players {
            return broken(format!("a wall for {} players", self.wall.players()));
        }
        // The empty seat of three players holds nothing and has no points.
        if n == 3 && (self.players[3] != Player::default() || self.scores[3] != 0) {
            return broken("the empty fourth seat holds tiles or points".into());
        }
        // Hand sizes: 13 with each meld counting 3, 14 for the seat on its turn.
        for (s, p) in self.players.iter().enumerate().take(n) {
            let size = p.concealed.len() + 3 * p.melds.len();
            let turn = matches!(self.phase, Phase::Turn { seat, .. } if seat == s);
            let want = if turn { 14 } else { 13 };
            if matches!(self.phase, Phase::Turn { .. } | Phase::Claims { .. }) && size != want {
                return broken(format!(
                    "seat {s} holds {size} tiles (melds as 3), not {want}"
                ));
            }
        }
        let mut c = [0u8; KINDS];
        for p in &self.players {
            for t in &p.concealed {
                c[t.kind() as usize] += 1;
            }
            for m in &p.melds {
                for t in m.tiles() {
                    c[t.kind() as usize] += 1;
                }
            }
            for d in &p.river {
                if !d.called {
                    c[d.tile.kind() as usize] += 1;
                }
            }
            for t in &p.kita {
                c[t.kind() as usize] += 1;
            }
        }
        // The wall's unseen part: every tile past the draws but the replacement
        // tiles taken (the live wall's last tiles that moved to the dead wall
        // included).
        for (i, t) in self.wall.tiles().iter().enumerate() {
            if self.wall.untaken(i) {
                c[t.kind() as usize] += 1;
            }
        }
        let want = |k: usize| if n == 3 && (1..8).contains(&k) { 0 } else { 4 };
        if let Some(k) = (0..KINDS).find(|&k| c[k] != want(k)) {
            return broken(format!("{} copies of kind {k} accounted for", c[k]));
        }
        if self
            .players
            .iter()
            .any(|p| p.kita.iter().any(|t| usize::from(t.kind()) != NORTH))
        {
            return broken("a kita that is not a North".into());
        }
        let total: i64 = self.scores.iter().sum::<i64>() + 1000 * i64::from(self.riichi_sticks);
        let start = n as i64 * i64::from(self.rules.start_points);
        if self.phase != Phase::GameOver && total != start {
            return broken(format!("points and sticks sum to {total}, not {start}"));
        }
        Ok(())
    }
}

/// An engine invariant that does not hold: a defect of the engine, never the
/// result of user input (which is refused before it changes anything).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenInvariant(pub String);

impl std::fmt::Display for BrokenInvariant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BrokenInvariant {}

/// The distinct tiles (plain or red, at most two) of one kind in a hand.
struct Variants {
    tiles: [Tile; 2],
    len: usize,
}

impl Variants {
    fn as_slice(&self) -> &[Tile] {
        &self.tiles[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Play a whole game with random legal actions, checking the invariants after
    /// every action and that a refused action changes nothing.
    fn play(rules: Rules, seed: u64) -> (Game, usize) {
        let mut g = Game::new(rules, seed).unwrap();
        let mut rng = Rng::new(seed ^ 0xABCD);
        let mut steps = 0;
        g.check_invariants().unwrap();
        while g.phase != Phase::GameOver {
            steps += 1;
            assert!(steps < 100_000, "game {seed} does not end");
            if g.phase == Phase::HandOver {
                g.next_hand().unwrap();
                g.check_invariants().unwrap();
                continue;
            }
            let seat = (0..4)
                .find(|&s| !g.legal_actions(s).is_empty())
                .expect("someone acts");
            let acts = g.legal_actions(seat);
            // A refused action leaves the state as it was.
            if steps % 7 == 0 {
                let before = g.clone();
                let other = (seat + 1) % 4;
                if !g.legal_actions(other).contains(&Action::Tsumo) {
                    assert!(g.apply(other, Action::Tsumo).is_err());
                    assert_eq!(g, before);
                }
            }
            let a = choose(&g, seat, &acts, &mut rng);
            g.apply(seat, a).unwrap();
            if let Err(e) = g.check_invariants() {
                panic!("game {seed} step {steps} after {a:?} by {seat}: {e}");
            }
        }
        (g, steps)
    }

    /// Wins first, riichi when possible, otherwise mostly a discard that keeps the
    /// shanten lowest (so hands are won), sometimes anything legal.
    fn choose(g: &Game, seat: usize, acts: &[Action], rng: &mut Rng) -> Action {
        if acts.contains(&Action::Tsumo) {
            return Action::Tsumo;
        }
        if acts.contains(&Action::Ron) {
            return Action::Ron;
        }
        if let Some(r) = acts.iter().find(|a| matches!(a, Action::Riichi { .. })) {
            return *r;
        }
        if rng.below(5) == 0 {
            return acts[rng.below(acts.len() as u64) as usize];
        }
        let p = &g.players[seat];
        let mut best = (i8::MAX, Action::Pass);
        for &a in acts {
            let Action::Discard { tile, .. } = a else {
                continue;
            };
            let mut c = p.counts();
            c[tile.kind() as usize] -= 1;
            let (s, _) = shanten_and_lowering(&c, Some(&p.meld_counts()), p.melds.len());
            if s < best.0 {
                best = (s, a);
            }
        }
        if best.1 == Action::Pass {
            // A claim decision: call now and then, mostly pass.
            if rng.below(4) == 0 {
                return acts[rng.below(acts.len() as u64) as usize];
            }
            return Action::Pass;
        }
        best.1
    }

    #[test]
    fn random_games_keep_the_invariants() {
        let mut wins = 0;
        let mut draws = 0;
        for seed in 0..200 {
            let (g, _) = play(Rules::default(), seed);
            let r = g.result.unwrap();
            assert_eq!(r.scores.iter().sum::<i64>(), 0, "game {seed}: {r:?}");
            for e in &g.events {
                match e {
                    Event::Hora { .. } => wins += 1,
                    Event::Ryukyoku { .. } => draws += 1,
                    _ => {}
                }
            }
        }
        assert!(wins > 500 && draws > 100, "{wins} wins, {draws} draws");
    }

    #[test]
    fn riichi_ankan_keeps_the_decomposition() {
        // 111222333m 4567p waits on 4p/7p; 111222333m also reads as three 123m
        // runs, so a kan of the drawn 1m would change the decomposition: refused.
        // In 555m 234p 678s 99s 11z (waiting on 9s/1z) 555m is a triplet in every
        // reading: its kan is allowed.
        let mut g = Game::new(Rules::default(), 1).unwrap();
        let set = |g: &mut Game, tiles: &str| {
            let p = &mut g.players[0];
            p.concealed = crate::notation::mpsz::parse_tiles(tiles).unwrap().into();
            p.riichi_at = Some(0);
            p.melds.clear();
        };
        set(&mut g, "111222333m4567p1m");
        assert!(!g.ankan_keeps_waits(0, 0));
        set(&mut g, "555m234p678s99s11z5m");
        assert!(g.ankan_keeps_waits(0, 4));
    }

    #[test]
    fn a_wall_with_red_fives_the_rules_lack_is_refused() {
        let mut rng = crate::game::wall::Rng::new(9);
        let red = Wall::shuffled_with(&Rules::default(), &mut rng);
        let none = Rules {
            red_fives: [0, 0, 0],
            ..Rules::default()
        };
        let e = Game::setup(none.clone(), 1, vec![red.clone()], Some(0)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "wall 0: the wall holds 1 red 5m but the rules have 0 (rule option red_fives)"
        );
        let two = Rules {
            red_fives: [1, 1, 0],
            ..Rules::default()
        };
        let e = Game::setup(two.clone(), 1, vec![red.clone()], Some(0)).unwrap_err();
        assert!(
            e.to_string().contains("1 red 5s but the rules have 0"),
            "{e}"
        );
        Game::setup(Rules::default(), 1, vec![red.clone()], Some(0)).unwrap();
        Game::setup(
            none.clone(),
            1,
            vec![red.with_red_fives(none.red_fives)],
            Some(0),
        )
        .unwrap();
    }

    #[test]
    fn first_dealer_given_or_drawn() {
        let g = Game::setup(Rules::default(), 5, vec![], Some(2)).unwrap();
        assert_eq!((g.dealer, g.first_dealer), (2, 2));
        assert_eq!((g.seat_wind(2), g.seat_wind(3), g.seat_wind(1)), (0, 1, 3));
        assert_eq!(g.deciding(), vec![2]);
        assert_eq!(g.players[2].concealed.len(), 14);
        assert!(Game::setup(Rules::default(), 5, vec![], Some(4)).is_err());
        let drawn: std::collections::HashSet<usize> = (0..40)
            .map(|s| {
                Game::setup(Rules::default(), s, vec![], None)
                    .unwrap()
                    .first_dealer
            })
            .collect();
        assert_eq!(drawn.len(), 4);
    }

    #[test]
    fn presets_play_to_the_end() {
        for name in ["mahjong_soul", "wrc2025", "ema2025", "mleague"] {
            for seed in 0..30 {
                play(Rules::preset(name).unwrap(), seed);
            }
        }
    }

    #[test]
    fn same_seed_same_game() {
        let (a, _) = play(Rules::default(), 7);
        let (b, _) = play(Rules::default(), 7);
        assert_eq!(a.events, b.events);
        let (c, _) = play(Rules::default(), 8);
        assert_ne!(a.events, c.events);
    }
}
