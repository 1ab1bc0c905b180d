//! Replaying a record through the engine, action by action, and comparing every
//! event the engine produces with the record's.
//!
//! Each hand is taken up from the record's start (round, honba, sticks, scores)
//! on a wall built from what the record shows of it: the deal, every draw and
//! rinshan draw, the dora and ura indicators, the rest filled with the tiles
//! left. When the record has Tenhou's `SHUFFLE` seed (or a 2009 log's seed in
//! each `INIT`), the reproduced wall is used instead and checked against those
//! tiles and the dice first. Three-player records are replayed on the 108-tile
//! wall, their kita applied as actions. The players'
//! actions (discards, riichi, calls, kans, wins, nine-terminal draws) are applied
//! as the record orders them, every other seat passing its claims; an action the
//! engine refuses is a mismatch, and so is every difference between the events
//! (draws, dora, riichi sticks, each win's han, fu, yaku, points and deltas, each
//! draw's tenpai and payments). After each hand the engine's next hand start (or
//! the game's end, final points and scores) is compared with the record's.

use super::record::GameRecord;
use super::tenhou_shuffle::{init_shuffle_wall, walls_from_seed, TenhouShuffle};
use crate::error::{MahjongError, Result};
use crate::game::wall::{tiles_left, Layout, Wall, WALL_TILES};
use crate::game::{Action, DrawReason, Event, Game, HandStart, Phase};
use crate::rules::Rules;
use crate::tile::Tile;

/// One disagreement between the record and the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Hand index in the record (0 the first).
    pub hand: usize,
    /// The hand's name: `E1-0` (East 1, 0 honba).
    pub label: String,
    /// Event index within the hand (0 its `StartKyoku`).
    pub step: usize,
    /// What disagrees: `illegal_action`, `event`, `win`, `draw`, `wall`,
    /// `next_hand`, `game_end`, `record`.
    pub kind: &'static str,
    pub expected: String,
    pub ours: String,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "hand {} ({}) step {}: {}: expected {}, ours {}",
            self.hand, self.label, self.step, self.kind, self.expected, self.ours
        )
    }
}

/// What a replay checked and found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayReport {
    pub mismatches: Vec<Mismatch>,
    pub hands: usize,
    /// Player actions applied (discards, calls, kans, wins, passes not counted).
    pub actions: usize,
    /// Events compared.
    pub events: usize,
    pub wins: usize,
    pub draws: usize,
    /// Hands whose wall came from the `SHUFFLE` seed and matched the record.
    pub walls_reproduced: usize,
}

impl ReplayReport {
    pub fn ok(&self) -> bool {
        self.mismatches.is_empty()
    }

    /// Adds another report's counts and mismatches (many games in one).
    pub fn merge(&mut self, other: ReplayReport) {
        self.mismatches.extend(other.mismatches);
        self.hands += other.hands;
        self.actions += other.actions;
        self.events += other.events;
        self.wins += other.wins;
        self.draws += other.draws;
        self.walls_reproduced += other.walls_reproduced;
    }
}

fn label(start: &Event) -> String {
    match start {
        Event::StartKyoku {
            round_wind,
            kyoku,
            honba,
            ..
        } => format!(
            "{}{}-{}",
            ['E', 'S', 'W', 'N'][*round_wind as usize & 3],
            kyoku,
            honba
        ),
        _ => "?".into(),
    }
}

fn show(e: &Event) -> String {
    super::mjai::event_to_json(e).to_string()
}

/// The event as compared: hands sorted, yaku in a fixed order, dice only when
/// both sides know them (`keep_dice`).
fn normalized(e: &Event, keep_dice: bool) -> Event {
    let mut e = e.clone();
    match &mut e {
        Event::StartKyoku { hands, dice, .. } => {
            for h in hands.iter_mut() {
                h.sort_unstable();
            }
            if !keep_dice {
                *dice = None;
            }
        }
        Event::Hora(w) => {
            w.hand.sort_unstable();
            w.yaku.sort_unstable();
        }
        Event::Chi { consumed, .. } | Event::Pon { consumed, .. } => consumed.sort_unstable(),
        Event::Daiminkan { consumed, .. } | Event::Kakan { consumed, .. } => {
            consumed.sort_unstable();
        }
        Event::Ankan { consumed, .. } => consumed.sort_unstable(),
        _ => {}
    }
    e
}

/// The tiles the record shows of a hand's wall (of `layout`), by wall index
/// (draw order; see `crate::game::wall`).
fn shown_tiles(hand: &[Event], layout: &Layout) -> Result<Box<[Option<Tile>; WALL_TILES]>> {
    let mut slots: Box<[Option<Tile>; WALL_TILES]> = Box::new([None; WALL_TILES]);
    let mut put = |i: usize, t: Tile, what: &str| -> Result<()> {
        match slots[i] {
            Some(x) if x != t => Err(MahjongError::LogParse(format!(
                "{what} {t} at wall index {i} already holds {x}"
            ))),
            _ => {
                slots[i] = Some(t);
                Ok(())
            }
        }
    };
    let Some(Event::StartKyoku {
        dealer,
        dora_marker,
        hands,
        ..
    }) = hand.first()
    else {
        return Err(MahjongError::LogParse(
            "a hand starts with start_kyoku".into(),
        ));
    };
    let n = usize::from(layout.players);
    for (s, h) in hands.iter().enumerate() {
        if s >= n {
            if !h.is_empty() {
                return Err(MahjongError::LogParse(format!(
                    "seat {s} is dealt tiles in a three-player game"
                )));
            }
            continue;
        }
        let idx = deal_slots(*dealer, s, n);
        if h.len() != 13 {
            return Err(MahjongError::LogParse(format!(
                "seat {s} is dealt {} tiles",
                h.len()
            )));
        }
        for (i, &t) in idx.zip(h) {
            put(i, t, "dealt tile")?;
        }
    }
    put(layout.dora[0], *dora_marker, "dora indicator")?;
    // Replacement draws (kans and kita), kans, kan dora revealed.
    let (mut next, mut replaced, mut doras) = (layout.deal, 0usize, 1usize);
    let mut after_kan = false;
    for e in &hand[1..] {
        match e {
            Event::Tsumo { tile, .. } => {
                if after_kan {
                    let i = *layout.rinshan.get(replaced).ok_or_else(|| {
                        MahjongError::LogParse(format!(
                            "more than {} replacement draws",
                            layout.rinshan.len()
                        ))
                    })?;
                    put(i, *tile, "rinshan draw")?;
                    replaced += 1;
                } else {
                    if next >= layout.live - replaced {
                        return Err(MahjongError::LogParse(
                            "more draws than the live wall holds".into(),
                        ));
                    }
                    put(next, *tile, "draw")?;
                    next += 1;
                }
                after_kan = false;
            }
            Event::Daiminkan { .. }
            | Event::Ankan { .. }
            | Event::Kakan { .. }
            | Event::Kita { .. } => after_kan = true,
            Event::Dora { marker } => {
                let i = *layout
                    .dora
                    .get(doras)
                    .ok_or_else(|| MahjongError::LogParse("more than 4 kan dora".into()))?;
                put(i, *marker, "kan dora indicator")?;
                doras += 1;
            }
            Event::Hora(w) => {
                for (k, &u) in w.ura_markers.iter().enumerate() {
                    let i = *layout.ura.get(k).ok_or_else(|| {
                        MahjongError::LogParse("more than 5 ura indicators".into())
                    })?;
                    put(i, u, "ura indicator")?;
                }
            }
            Event::Dahai { .. } | Event::Chi { .. } | Event::Pon { .. } => after_kan = false,
            _ => {}
        }
    }
    Ok(slots)
}

/// The wall indices of the 13 tiles dealt to `seat` of `n` seats, in the order
/// it takes them.
pub(crate) fn deal_slots(dealer: usize, seat: usize, n: usize) -> impl Iterator<Item = usize> {
    let k = (seat + n - dealer % n) % n;
    (0..3)
        .flat_map(move |round| (0..4).map(move |j| 4 * n * round + 4 * k + j))
        .chain(std::iter::once(12 * n + k))
}

/// A full wall holding the shown tiles where the record shows them, the rest of
/// the rules' tile set in sorted order elsewhere.
pub(crate) fn fill_wall(shown: &[Option<Tile>; WALL_TILES], rules: &Rules) -> Result<Wall> {
    let layout = Layout::of(rules.players);
    // More red fives than the rules have cannot be.
    let left = tiles_left(rules, shown.iter().flatten()).map_err(|t| {
        MahjongError::LogParse(format!(
            "the hand shows more copies of {t} than the rules' tiles hold"
        ))
    })?;
    let mut rest = left.into_iter();
    let tiles: Vec<Tile> = shown[..layout.tiles]
        .iter()
        .map(|s| s.or_else(|| rest.next()))
        .collect::<Option<_>>()
        .ok_or_else(|| MahjongError::LogParse("the wall cannot be filled".into()))?;
    Wall::from_tiles(&tiles)
}

/// Replays `record`; with `check`, every event is compared (else only the
/// actions' legality).
pub fn replay(record: &GameRecord, check: bool) -> ReplayReport {
    replay_observed(record, check, &mut |_, _| {})
}

/// What a replay shows as it goes: the engine each time it moves on, and each
/// action of a seat just before it applies.
pub trait Watcher {
    /// The engine moved on: after the deal, then after every action of the
    /// record (or claims passed) that added events.
    fn moved(&mut self, _hand: usize, _game: &Game) {}
    /// `seat` is about to take `action` in `game` (hand `hand`). `proven` is
    /// false for a pass the record does not prove: another seat's claim took
    /// the tile, and one of this seat's own claims would have lost to it, so
    /// the record cannot tell whether the seat passed or asked in vain.
    fn acting(&mut self, _hand: usize, _game: &Game, _seat: usize, _action: Action, _proven: bool) {
    }
}

/// A watcher of the engine's moves alone.
struct Moves<'a>(&'a mut dyn FnMut(usize, &Game));

impl Watcher for Moves<'_> {
    fn moved(&mut self, hand: usize, game: &Game) {
        (self.0)(hand, game);
    }
}

/// Replays `record` as [`replay`] does, showing `observe(hand, game)` the engine
/// each time it moves on: after the deal, then after every action of the record
/// (or claims passed) that added events. A hand stops being observed at its
/// first mismatch.
pub fn replay_observed(
    record: &GameRecord,
    check: bool,
    observe: &mut dyn FnMut(usize, &Game),
) -> ReplayReport {
    replay_watched(record, check, &mut Moves(observe))
}

/// Replays `record` as [`replay`] does, showing `watcher` every move of the
/// engine and every action before it applies. A hand stops being watched at its
/// first mismatch.
pub fn replay_watched(record: &GameRecord, check: bool, watcher: &mut dyn Watcher) -> ReplayReport {
    let mut report = ReplayReport::default();
    let hands = record.hands();
    let mut shuffle = record.shuffle_seed.as_deref().and_then(|s| {
        walls_from_seed(s, record.rules.has_red())
            .ok()
            .map(|w| w.for_players(record.rules.players))
    });
    for (h, hand) in hands.iter().enumerate() {
        let mm = mismatch_in(h, hand);
        report.hands += 1;
        let seed = match (&mut shuffle, record.init_shuffles.get(h)) {
            (Some(sh), _) => Some(Seed::Game(sh)),
            (None, Some(attr)) => Some(Seed::Hand(attr)),
            _ => None,
        };
        let Some(mut game) = start_hand(record, hand, seed, &mut report, &mm) else {
            continue;
        };
        let before = report.mismatches.len();
        watcher.moved(h, &game);
        drive_hand(
            &mut game,
            hand,
            &mut report,
            &mm,
            &mut HandWatch {
                h,
                w: watcher,
                made_up: [false; 4],
            },
            false,
        );
        if report.mismatches.len() > before {
            continue;
        }
        if check {
            compare_hand(game.events(), hand, &mut report, &mm);
            if report.mismatches.len() > before {
                continue;
            }
            let next = hands.get(h + 1).map(|n| &n[0]);
            compare_next(&game, next, record, &mut report, &mm);
        }
    }
    report
}

/// A watcher that looks at nothing.
struct Unwatched;

impl Watcher for Unwatched {}

/// The maker of hand `h`'s mismatches (`hand`: its events, `start_kyoku` first).
fn mismatch_in(
    h: usize,
    hand: &[Event],
) -> impl Fn(usize, &'static str, String, String) -> Mismatch {
    let lbl = label(&hand[0]);
    move |step, kind, expected, ours| Mismatch {
        hand: h,
        label: lbl.clone(),
        step,
        kind,
        expected,
        ours,
    }
}

/// The engine where the record stops: its last hand taken up on the wall the
/// record shows of it (the rest filled with the tiles left), the record's
/// actions applied, claims the record does not show passed, and a claim
/// decision at the very end left open. The actions of the seats `made_up` (whose
/// concealed tiles stand in for unknown ones) are applied without the rules'
/// checks, which their made-up tiles could fail (a riichi needs tenpai). A
/// record the engine disagrees with is an `InvalidInput` error naming the first
/// mismatch; events are not compared.
pub fn position(record: &GameRecord, made_up: [bool; 4]) -> Result<Game> {
    let hands = record.hands();
    let Some(hand) = hands.last() else {
        return Err(MahjongError::InvalidInput(
            "no hand has started (no start_kyoku)".into(),
        ));
    };
    let h = hands.len() - 1;
    let mm = mismatch_in(h, hand);
    let mut report = ReplayReport::default();
    let game = start_hand(record, hand, None, &mut report, &mm);
    let failed = |report: &ReplayReport| {
        report.mismatches.first().map(|m| {
            MahjongError::InvalidInput(format!(
                "the engine cannot follow the events: {}: {}: expected {}, ours {}",
                m.label, m.kind, m.expected, m.ours
            ))
        })
    };
    if let Some(e) = failed(&report) {
        return Err(e);
    }
    let mut game =
        game.ok_or_else(|| MahjongError::InvalidInput("the hand cannot start".into()))?;
    let mut quiet = Unwatched;
    drive_hand(
        &mut game,
        hand,
        &mut report,
        &mm,
        &mut HandWatch {
            h,
            w: &mut quiet,
            made_up,
        },
        true,
    );
    match failed(&report) {
        Some(e) => Err(e),
        None => Ok(game),
    }
}

/// A watcher told of one hand, and whether the engine moved since it last looked;
/// and the seats whose concealed tiles are made up (see [`position`]).
struct HandWatch<'a> {
    h: usize,
    w: &'a mut dyn Watcher,
    made_up: [bool; 4],
}

impl HandWatch<'_> {
    fn acting(&mut self, game: &Game, seat: usize, action: Action, proven: bool) {
        self.w.acting(self.h, game, seat, action, proven);
    }
}

/// Where a hand's wall comes from: the game's `SHUFFLE` seed, or the hand's own
/// (a 2009 log's `INIT shuffle`).
enum Seed<'a> {
    Game(&'a mut TenhouShuffle),
    Hand(&'a str),
}

/// The engine at the start of `hand`, on the wall the record shows (or the
/// seed's, when it agrees); `None` after a mismatch.
fn start_hand(
    record: &GameRecord,
    hand: &[Event],
    shuffle: Option<Seed<'_>>,
    report: &mut ReplayReport,
    mm: &dyn Fn(usize, &'static str, String, String) -> Mismatch,
) -> Option<Game> {
    let record_err = |report: &mut ReplayReport, why: String| {
        report
            .mismatches
            .push(mm(0, "record", "a consistent hand".into(), why));
    };
    let shown = match shown_tiles(hand, Layout::of(record.rules.players)) {
        Ok(s) => s,
        Err(why) => {
            record_err(report, why.to_string());
            return None;
        }
    };
    let Event::StartKyoku {
        round_wind,
        kyoku,
        honba,
        riichi_sticks,
        scores,
        dice,
        dealer,
        ..
    } = &hand[0]
    else {
        return None;
    };
    let mut wall = match fill_wall(&shown, &record.rules) {
        Ok(w) => w,
        Err(why) => {
            record_err(report, why.to_string());
            return None;
        }
    };
    wall.dice = *dice;
    if let Some(sh) = shuffle {
        let seeded = match sh {
            Seed::Game(sh) => Ok(sh.next_wall()),
            Seed::Hand(attr) => {
                init_shuffle_wall(attr, record.rules.has_red(), record.rules.players)
            }
        };
        let w = match seeded {
            Ok(yama) => seed_wall(yama, &shown, *dice, report, mm),
            Err(e) => {
                record_err(report, e.to_string());
                return None;
            }
        };
        if let Some(w) = w {
            report.walls_reproduced += 1;
            wall = w;
        }
    }
    let round = round_wind * 4 + (kyoku - 1);
    let n = usize::from(record.rules.players);
    let first_dealer = (dealer + 4 * n - round as usize % 4) % n;
    let start = HandStart {
        round,
        honba: *honba,
        riichi_sticks: *riichi_sticks,
        scores: *scores,
    };
    // A 136-id log names a red five's copy even where the rules have none.
    let walls = vec![wall.with_red_fives(record.rules.red_fives)];
    match Game::resume(record.rules.clone(), first_dealer, start, walls) {
        Ok(g) => Some(g),
        Err(e) => {
            report.mismatches.push(mm(
                0,
                "record",
                "a hand the engine can start".into(),
                e.to_string(),
            ));
            None
        }
    }
}

/// The seed's wall (`yama` and dice), when it holds the tiles the record shows
/// and the record's dice; else the mismatch is reported.
fn seed_wall(
    (yama, faces): (Vec<Tile>, [u8; 2]),
    shown: &[Option<Tile>; WALL_TILES],
    dice: Option<[u8; 2]>,
    report: &mut ReplayReport,
    mm: &dyn Fn(usize, &'static str, String, String) -> Mismatch,
) -> Option<Wall> {
    let mut w = match Wall::from_tenhou_yama(&yama) {
        Ok(w) => w,
        Err(e) => {
            report
                .mismatches
                .push(mm(0, "wall", "a wall".into(), e.to_string()));
            return None;
        }
    };
    let differ = shown
        .iter()
        .zip(w.tiles())
        .enumerate()
        .find(|(_, (s, t))| s.is_some_and(|s| s != **t))
        .map(|(i, (s, t))| (i, *s, *t));
    w.dice = Some(faces);
    if let Some((i, s, t)) = differ {
        report.mismatches.push(mm(
            0,
            "wall",
            format!(
                "{} at wall index {i}",
                s.map_or("?".into(), |s| s.to_string())
            ),
            format!("{t} from the SHUFFLE seed"),
        ));
        None
    } else if dice.is_some_and(|d| d != faces) {
        report.mismatches.push(mm(
            0,
            "wall",
            format!("dice {dice:?}"),
            format!("dice {faces:?} from the SHUFFLE seed"),
        ));
        None
    } else {
        Some(w)
    }
}

/// Applies the record's actions of one hand, showing `observe` the engine after
/// each one that added events; a claim decision left at the hand's end is
/// passed unless `leave_open`.
fn drive_hand(
    game: &mut Game,
    hand: &[Event],
    report: &mut ReplayReport,
    mm: &dyn Fn(usize, &'static str, String, String) -> Mismatch,
    watch: &mut HandWatch<'_>,
    leave_open: bool,
) {
    let mut seen = game.events().len();
    let mut moved = |game: &Game, watch: &mut HandWatch<'_>| {
        if game.events().len() != seen {
            seen = game.events().len();
            watch.w.moved(watch.h, game);
        }
    };
    let mut riichi: Option<usize> = None;
    for (step, e) in hand.iter().enumerate().skip(1) {
        if !pass_unclaimed(game, e, step, report, mm, watch) {
            return;
        }
        moved(game, watch);
        // Three rons on one discard: the log names none of them.
        if matches!(
            e,
            Event::Ryukyoku {
                reason: DrawReason::Sanchahou,
                ..
            }
        ) {
            if !ron_all(game, step, report, mm, watch) {
                return;
            }
            moved(game, watch);
            continue;
        }
        let Some((seat, action)) = action_of(e, game, &mut riichi) else {
            continue;
        };
        if !apply_one(game, seat, action, step, report, mm, watch) {
            return;
        }
        moved(game, watch);
    }
    if !leave_open && matches!(game.phase(), Phase::Claims { .. }) {
        for s in game.deciding() {
            watch.acting(game, s, Action::Pass, pass_is_proven(game, s));
            let _ = game.apply(s, Action::Pass);
        }
        moved(game, watch);
    }
}

/// Whether the record proves that `seat`, asked about a claim, passed: no other
/// seat's claim (already chosen) would have beaten any claim `seat` could make.
/// A ron beside another ron would have been paid too unless only the nearest
/// winner is (head bump).
fn pass_is_proven(game: &Game, seat: usize) -> bool {
    let Phase::Claims { chosen, .. } = game.phase() else {
        return true;
    };
    let taken = chosen
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .filter_map(|(_, a)| a.as_ref().map(Action::claim_priority))
        .max()
        .unwrap_or(0);
    let multi = game.rules().multi_ron != crate::rules::MultiRon::HeadBump;
    game.legal_actions(seat).iter().all(|a| {
        let p = a.claim_priority();
        p == 0 || p > taken || (p == 3 && taken == 3 && multi)
    })
}

/// Before event `e`: every claim not in the record is passed, unless `e` is a
/// claim or one of the engine's own events (the stick, a kan dora), which say
/// nothing of the claims. False after a mismatch.
fn pass_unclaimed(
    game: &mut Game,
    e: &Event,
    step: usize,
    report: &mut ReplayReport,
    mm: &dyn Fn(usize, &'static str, String, String) -> Mismatch,
    watch: &mut HandWatch<'_>,
) -> bool {
    let claim = matches!(
        e,
        Event::Chi { .. }
            | Event::Pon { .. }
            | Event::Daiminkan { .. }
            | Event::Ryukyoku {
                reason: DrawReason::Sanchahou,
                ..
            }
    ) || matches!(e, Event::Hora(w) if w.seat != w.target);
    let own = matches!(e, Event::RiichiAccepted { .. } | Event::Dora { .. });
    if claim || own || !matches!(game.phase(), Phase::Claims { .. }) {
        return true;
    }
    for s in game.deciding() {
        watch.acting(game, s, Action::Pass, pass_is_proven(game, s));
        if let Err(err) = game.apply(s, Action::Pass) {
            report.mismatches.push(mm(
                step,
                "illegal_action",
                format!("seat {s} passes"),
                err.to_string(),
            ));
            return false;
        }
    }
    true
}

/// Every deciding seat rons (a sanchahou). False after a mismatch.
fn ron_all(
    game: &mut Game,
    step: usize,
    report: &mut ReplayReport,
    mm: &dyn Fn(usize, &'static str, String, String) -> Mismatch,
    watch: &mut HandWatch<'_>,
) -> bool {
    for s in game.deciding() {
        watch.acting(game, s, Action::Ron, true);
        if let Err(err) = game.apply(s, Action::Ron) {
            report.mismatches.push(mm(
                step,
                "illegal_action",
                format!("seat {s}: Ron()"),
                err.to_string(),
            ));
            return false;
        }
        report.actions += 1;
    }
    true
}

/// The action event `e` records, and whose; a riichi declaration is kept in
/// `riichi` for the discard that follows.
fn action_of(e: &Event, game: &Game, riichi: &mut Option<usize>) -> Option<(usize, Action)> {
    Some(match e {
        Event::Riichi { seat } => {
            *riichi = Some(*seat);
            return None;
        }
        Event::Dahai {
            seat,
            tile,
            tsumogiri,
        } => {
            let (tile, tsumogiri) = (*tile, *tsumogiri);
            let action = if riichi.take() == Some(*seat) {
                Action::Riichi { tile, tsumogiri }
            } else {
                Action::Discard { tile, tsumogiri }
            };
            (*seat, action)
        }
        Event::Chi { seat, consumed, .. } => (*seat, Action::Chi { tiles: *consumed }),
        Event::Pon { seat, consumed, .. } => (*seat, Action::Pon { tiles: *consumed }),
        Event::Daiminkan { seat, .. } => (*seat, Action::Daiminkan),
        Event::Kakan { seat, tile, .. } => (*seat, Action::Kakan { tile: *tile }),
        Event::Kita { seat, .. } => (*seat, Action::Kita),
        Event::Ankan { seat, consumed } => (
            *seat,
            Action::Ankan {
                kind: consumed[0].kind(),
            },
        ),
        Event::Hora(w) => (
            w.seat,
            if w.seat == w.target {
                Action::Tsumo
            } else {
                Action::Ron
            },
        ),
        Event::Ryukyoku {
            reason: DrawReason::KyuushuKyuuhai,
            ..
        } => match *game.phase() {
            Phase::Turn { seat, .. } => (seat, Action::KyuushuKyuuhai),
            _ => return None,
        },
        _ => return None,
    })
}

/// Applies one action of the record. False after a mismatch.
fn apply_one(
    game: &mut Game,
    seat: usize,
    action: Action,
    step: usize,
    report: &mut ReplayReport,
    mm: &dyn Fn(usize, &'static str, String, String) -> Mismatch,
    watch: &mut HandWatch<'_>,
) -> bool {
    if matches!(game.phase(), Phase::HandOver | Phase::GameOver) {
        report.mismatches.push(mm(
            step,
            "illegal_action",
            format!("seat {seat}: {action}"),
            "the hand is already over".into(),
        ));
        return false;
    }
    watch.acting(game, seat, action, true);
    // A seat whose tiles are made up may hold other tiles than it did: its
    // actions are taken as the record shows them (their tiles are in its hand).
    let applied = if watch.made_up[seat] && seat < game.seats() {
        game.apply_unchecked(seat, action);
        Ok(())
    } else {
        game.apply(seat, action)
    };
    if let Err(err) = applied {
        let legal: Vec<String> = game
            .legal_actions(seat)
            .iter()
            .map(ToString::to_string)
            .collect();
        report.mismatches.push(mm(
            step,
            "illegal_action",
            format!("seat {seat}: {action}"),
            format!("{err} (legal: {})", legal.join(", ")),
        ));
        return false;
    }
    report.actions += 1;
    true
}

/// Compares the engine's events of the hand with the record's, in order.
fn compare_hand(
    ours: &[Event],
    hand: &[Event],
    report: &mut ReplayReport,
    mm: &dyn Fn(usize, &'static str, String, String) -> Mismatch,
) {
    let start = ours
        .iter()
        .rposition(|e| matches!(e, Event::StartKyoku { .. }))
        .unwrap_or(0);
    let ours: Vec<&Event> = ours[start..]
        .iter()
        .filter(|e| !matches!(e, Event::EndGame { .. }))
        .collect();
    let keep_dice = matches!(
        (&hand[0], ours.first()),
        (
            Event::StartKyoku { dice: Some(_), .. },
            Some(Event::StartKyoku { dice: Some(_), .. })
        )
    );
    let n = hand.len().max(ours.len());
    for step in 0..n {
        let (a, b) = (hand.get(step), ours.get(step).copied());
        let same = match (a, b) {
            (Some(a), Some(b)) => normalized(a, keep_dice) == normalized(b, keep_dice),
            _ => false,
        };
        report.events += 1;
        if let (Some(Event::Hora { .. }), true) = (a, same) {
            report.wins += 1;
        }
        if let (Some(Event::Ryukyoku { .. }), true) = (a, same) {
            report.draws += 1;
        }
        if !same {
            let kind = match a.or(b) {
                Some(Event::Hora { .. }) => "win",
                Some(Event::Ryukyoku { .. }) => "draw",
                _ => "event",
            };
            let show_opt = |e: Option<&Event>| e.map_or("nothing".into(), show);
            report
                .mismatches
                .push(mm(step, kind, show_opt(a), show_opt(b)));
            return;
        }
    }
}

/// After a hand: the engine's next hand start or the game's end against the
/// record's.
fn compare_next(
    game: &Game,
    next: Option<&Event>,
    record: &GameRecord,
    report: &mut ReplayReport,
    mm: &dyn Fn(usize, &'static str, String, String) -> Mismatch,
) {
    let step = game.events().len();
    // A dealer who may stop by agari- or tenpai-yame (`yame_choice`) and whose
    // log goes on played on.
    let played_on;
    let game = if next.is_some() && game.may_play_on() {
        let mut g = game.clone();
        g.play_on().expect("the game may play on");
        played_on = g;
        &played_on
    } else {
        game
    };
    match (game.phase(), next) {
        (Phase::HandOver, Some(n)) => {
            let mut g = game.clone();
            if g.next_hand().is_err() {
                return;
            }
            let Some(ours) = g
                .events()
                .iter()
                .rev()
                .find(|e| matches!(e, Event::StartKyoku { .. }))
            else {
                return;
            };
            let key = |e: &Event| match e {
                Event::StartKyoku {
                    round_wind,
                    kyoku,
                    honba,
                    riichi_sticks,
                    dealer,
                    scores,
                    ..
                } => Some((
                    *round_wind,
                    *kyoku,
                    *honba,
                    *riichi_sticks,
                    *dealer,
                    *scores,
                )),
                _ => None,
            };
            if key(ours) != key(n) {
                report.mismatches.push(mm(
                    step,
                    "next_hand",
                    format!("{:?}", key(n)),
                    format!("{:?}", key(ours)),
                ));
            }
        }
        (Phase::HandOver, None) if record.final_points().is_some() => {
            report.mismatches.push(mm(
                step,
                "game_end",
                "the game over".into(),
                "another hand".into(),
            ));
        }
        (Phase::GameOver, Some(_)) => report.mismatches.push(mm(
            step,
            "game_end",
            "another hand".into(),
            "the game over".into(),
        )),
        (Phase::GameOver, None) => {
            let ours = game.result().map(|r| (r.points, r.scores));
            let expected = record.final_points();
            if let (Some((points, scores)), Some(exp)) = (ours, expected) {
                // Private lobbies (lobby > 0) choose their own uma and oka, which
                // the log does not state: only their final points are compared.
                let private = record.lobby.is_some_and(|l| l > 0);
                let scores_differ = !private && record.final_scores.is_some_and(|f| f != scores);
                if points != exp || scores_differ {
                    report.mismatches.push(mm(
                        step,
                        "game_end",
                        format!("points {exp:?} scores {:?}", record.final_scores),
                        format!("points {points:?} scores {scores:?}"),
                    ));
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logs::mjlog::read_mjlog;

    #[test]
    fn every_shared_mjlog_replays_without_mismatch() {
        let Some(files) = crate::shared_data::files("tenhou/mjlog", "mjlog") else {
            return;
        };
        let mut total = ReplayReport::default();
        let mut bad = Vec::new();
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap();
            let record = read_mjlog(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let r = replay(&record, true);
            if !r.ok() {
                bad.push(format!("{}: {}", f.display(), r.mismatches[0]));
            }
            total.merge(r);
        }
        for b in &bad {
            eprintln!("{b}");
        }
        eprintln!(
            "{} files, {} hands, {} actions, {} wins, {} draws, {} walls, {} mismatches",
            files.len(),
            total.hands,
            total.actions,
            total.wins,
            total.draws,
            total.walls_reproduced,
            total.mismatches.len()
        );
        assert_eq!(files.len(), 177);
        assert!(bad.is_empty(), "{} games with mismatches", bad.len());
        assert_eq!((total.hands, total.wins, total.draws), (1789, 1508, 293));
        assert_eq!(total.walls_reproduced, 1789);
    }

    /// The two three-player Tenhou mjlogs (a 2014 game with its SHUFFLE seed,
    /// 24 kita; a 2009 game whose INIT tags carry the seeds) replay without a
    /// mismatch, every wall reproduced from its seed.
    #[test]
    fn three_player_mjlogs_replay_without_mismatch_walls_reproduced() {
        let Some(files) = crate::shared_data::files("tenhou/sanma", "mjlog") else {
            return;
        };
        assert_eq!(files.len(), 2);
        let mut kita = 0;
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap();
            let record = read_mjlog(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            assert_eq!(record.rules.players, 3);
            let r = replay(&record, true);
            for m in &r.mismatches {
                eprintln!("{}: {m}", f.display());
            }
            eprintln!(
                "{}: {} hands, {} actions, {} wins, {} draws, {} walls",
                f.display(),
                r.hands,
                r.actions,
                r.wins,
                r.draws,
                r.walls_reproduced
            );
            assert!(r.ok(), "{}", f.display());
            assert_eq!(r.walls_reproduced, r.hands);
            assert_eq!(r.wins + r.draws, r.hands);
            kita += record
                .events
                .iter()
                .filter(|e| matches!(e, Event::Kita { .. }))
                .count();
        }
        // 24 kita in the 2014 game, 2 in the 2009 one.
        assert_eq!(kita, 26);
    }

    /// The observed engine states of a replayed game: each hand's first is the
    /// deal, each later one holds more events than the one before, and its events
    /// are the record's up to there; the last of a hand holds every event of the
    /// hand (its end included, the game's end aside).
    #[test]
    fn replay_observed_shows_every_step_of_the_record() {
        let Some(files) = crate::shared_data::files("tenhou/mjlog", "mjlog") else {
            return;
        };
        let text = std::fs::read_to_string(&files[0]).unwrap();
        let record = read_mjlog(&text).unwrap();
        let hands = record.hands();
        let mut seen: Vec<Vec<usize>> = vec![Vec::new(); hands.len()];
        let report = replay_observed(&record, true, &mut |h, game| {
            let ours = game.events();
            let start = ours
                .iter()
                .rposition(|e| matches!(e, Event::StartKyoku { .. }))
                .unwrap();
            let ours: Vec<&Event> = ours[start..]
                .iter()
                .filter(|e| !matches!(e, Event::EndGame { .. }))
                .collect();
            for (a, b) in ours.iter().zip(hands[h].iter()) {
                assert_eq!(normalized(a, false), normalized(b, false), "hand {h}");
            }
            seen[h].push(ours.len());
        });
        assert!(report.ok());
        for (h, lens) in seen.iter().enumerate() {
            assert_eq!(lens[0], 2, "hand {h}: the deal and the dealer's draw");
            assert!(lens.windows(2).all(|w| w[0] < w[1]), "hand {h}: {lens:?}");
            assert_eq!(lens.last(), Some(&hands[h].len()), "hand {h}");
        }
    }
}
