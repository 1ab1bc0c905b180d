//! The checks behind each fuzz target: every function takes the fuzzer's raw bytes,
//! returns quietly when the input is refused or every property holds, and panics
//! otherwise. Inputs are decoded by hand (no `arbitrary`), so that the root
//! crate's `tests/fuzz_regressions.rs` can include this file as it is and replay
//! the saved reproducers with nothing but the crate itself.

use _core::algo::agari::is_complete;
use _core::algo::decompose::{decompositions, readings, Form};
use _core::algo::shanten::by_form;
use _core::algo::waits::{discard_options, ukeire, waits};
use _core::game::wall::Wall;
use _core::game::{Action, Game, Phase};
use _core::logs::record::{tenhou_type_of, GameRecord};
use _core::logs::{mjai, mjlog, replay, tenhou6};
use _core::meld::{Meld, MeldKind, Relative};
use _core::notation::mpsz;
use _core::rules::{OptKind, OptValue, Rules, OPTIONS, PRESETS};
use _core::score::points::deltas;
use _core::score::score as score_win;
use _core::tile::{Suit, Tile, KINDS};
use _core::{Hand, WinContext};

/// The fuzzer's bytes read front to back; past the end every read is 0.
struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    fn flag(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | u64::from(self.u32()) << 32
    }

    /// An index below `n` (which must be positive).
    fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n
    }

    /// Any tile, red fives included.
    fn tile(&mut self) -> Tile {
        Tile::from_id(self.byte() % 37).expect("below 37")
    }

    /// A small count most of the time, any `u32` now and then.
    fn amount(&mut self) -> u32 {
        let b = self.byte();
        if b & 0x80 == 0 {
            u32::from(b % 8)
        } else {
            self.u32()
        }
    }
}

/// UTF-8 text of the input, or `None` (the text targets skip other bytes).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

// Notation --------------------------------------------------------------------

/// mpsz tiles and hands: whatever parses prints to a string that parses back to
/// the same value.
pub fn mpsz(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(mut tiles) = mpsz::parse_tiles(s) {
        let printed = mpsz::format_tiles(&tiles);
        let mut again = mpsz::parse_tiles(&printed)
            .unwrap_or_else(|e| panic!("{s:?} printed as {printed:?}, which fails: {e}"));
        assert_eq!(mpsz::format_tiles(&again), printed, "{s:?}");
        tiles.sort_unstable();
        again.sort_unstable();
        assert_eq!(again, tiles, "{s:?} printed as {printed:?}");
        // The counting fast path agrees with the list.
        let mut counts = [0u8; KINDS];
        for t in &tiles {
            counts[t.kind() as usize] = counts[t.kind() as usize].saturating_add(1);
        }
        match mpsz::parse_counts(s) {
            Ok((c, n)) => assert_eq!((c, n), (counts, tiles.len()), "{s:?}"),
            Err(_) => assert!(counts.iter().any(|&c| c > 4), "{s:?}"),
        }
    } else {
        assert!(mpsz::parse_counts(s).is_err(), "{s:?}");
    }
    if let Ok(t) = s.parse::<Tile>() {
        assert_eq!(t.to_string().parse::<Tile>().ok(), Some(t), "{s:?}");
    }
    if let Ok(hand) = mpsz::parse_hand(s) {
        hand_round_trip(&hand, s);
    }
}

fn hand_round_trip(hand: &Hand, source: &str) {
    let printed = mpsz::format_hand(hand);
    assert_eq!(hand.to_string(), printed);
    let again = mpsz::parse_hand(&printed)
        .unwrap_or_else(|e| panic!("{source:?} printed as {printed:?}, which fails: {e}"));
    assert_eq!(&again, hand, "{source:?} printed as {printed:?}");
}

/// Concealed parts put before a meld so that the whole may make a hand (13 or 14
/// tiles with each meld counting 3).
const CONCEALED: [&str; 9] = [
    "",
    "1z",
    "1z2z",
    "1234z",
    "12345z",
    "1234567z",
    "1m1234567z",
    "1m2p3s1234567z",
    "1m2p3s4m1234567z",
];

/// Melds in bracket notation (`[3'45m]`, `(1111s)`) and as words in a hand
/// (`pon 555z`): whatever parses prints to a string that parses back to the same
/// meld or hand.
pub fn meld(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Some(s) = text(rest) else { return };
    if let Ok(m) = mpsz::parse_meld(s) {
        let printed = mpsz::format_meld(&m);
        assert_eq!(m.to_string(), printed);
        let again = mpsz::parse_meld(&printed)
            .unwrap_or_else(|e| panic!("{s:?} printed as {printed:?}, which fails: {e}"));
        assert_eq!(again, m, "{s:?} printed as {printed:?}");
        let n = m.tiles().len();
        assert_eq!(n, if m.kind().is_kan() { 4 } else { 3 }, "{s:?}");
    }
    let hand = format!("{} {s}", CONCEALED[first as usize % CONCEALED.len()]);
    if let Ok(h) = mpsz::parse_hand(&hand) {
        hand_round_trip(&h, &hand);
    }
}

// Hands and analysis ----------------------------------------------------------

/// A meld from the input: mostly a well-formed shape around a base tile, now and
/// then raw tiles; marks chosen freely (so many are refused).
fn meld_from(inp: &mut Input) -> Result<Meld, String> {
    let kind = [
        MeldKind::Chi,
        MeldKind::Pon,
        MeldKind::Daiminkan,
        MeldKind::Kakan,
        MeldKind::Ankan,
    ][inp.below(5)];
    let mode = inp.byte();
    let mut n = if kind.is_kan() { 4 } else { 3 };
    if mode & 0x40 != 0 {
        n = inp.below(6);
    }
    let tiles: Vec<Tile> = if mode & 0x80 == 0 {
        let base = inp.byte() % 34;
        (0..n)
            .map(|i| {
                let k = if kind == MeldKind::Chi {
                    base.saturating_add(i as u8).min(33)
                } else {
                    base
                };
                let t = Tile::from_kind(k).expect("kind");
                // A five may be red.
                match (t.number(), t.suit(), inp.byte() & 3) {
                    (5, s, 0) if s != Suit::Z => Tile::red(s).expect("red five"),
                    _ => t,
                }
            })
            .collect()
    } else {
        (0..n).map(|_| inp.tile()).collect()
    };
    let pick = |inp: &mut Input| match inp.byte() % 8 {
        i @ 0..=4 if !tiles.is_empty() => Some(tiles[i as usize % tiles.len()]),
        5 => Some(inp.tile()),
        _ => None,
    };
    let called = pick(inp);
    let from = match inp.byte() % 4 {
        0 => Some(Relative::Left),
        1 => Some(Relative::Across),
        2 => Some(Relative::Right),
        _ => None,
    };
    let added = pick(inp);
    Meld::new(kind, &tiles, called, from, added).map_err(|e| e.to_string())
}

/// A hand from the input: up to 15 concealed tiles and up to 5 melds; `None`
/// when `Hand::new` (or a meld) refuses it.
fn hand_from(inp: &mut Input) -> Option<Hand> {
    let n = inp.below(16);
    let concealed: Vec<Tile> = (0..n).map(|_| inp.tile()).collect();
    let m = inp.below(6);
    let mut melds = Vec::with_capacity(m);
    for _ in 0..m {
        melds.push(meld_from(inp).ok()?);
    }
    Hand::new(&concealed, melds).ok()
}

/// Hand validation, then analysis: shanten, completeness, decompositions, waits,
/// ukeire and discard tables agree with each other.
pub fn hand(data: &[u8]) {
    let mut inp = Input::new(data);
    let Some(hand) = hand_from(&mut inp) else {
        return;
    };
    check_hand(&hand);
}

fn shanten_of(h: &Hand) -> i8 {
    by_form(h.counts(), Some(&h.meld_counts()), h.melds().len()).min()
}

fn check_hand(hand: &Hand) {
    let melds = hand.melds().len();
    let n = hand.concealed_len();
    let all = hand.all_counts();
    assert!(all.iter().all(|&c| c <= 4), "{hand}");
    assert!(matches!(n + 3 * melds, 13 | 14), "{hand}");
    assert_eq!(
        Hand::new(&hand.concealed_tiles(), hand.melds().to_vec()).as_ref(),
        Ok(hand)
    );
    hand_round_trip(hand, "a built hand");

    let forms = by_form(hand.counts(), Some(&hand.meld_counts()), melds);
    let s = forms.min();
    assert!(forms.standard >= -1, "{hand}: {forms:?}");
    assert!(forms.chiitoitsu.unwrap_or(0) >= -1 && forms.kokushi.unwrap_or(0) >= -1);
    let complete = is_complete(hand.counts(), melds);
    assert!(s >= -1, "{hand}: shanten {s}");
    assert_eq!(complete, s == -1, "{hand}: shanten {s}");
    let decs = decompositions(hand);
    assert_eq!(!decs.is_empty(), complete, "{hand}: {decs:?}");
    for d in &decs {
        assert!(d.form != Form::ShiisanPuutaa);
        for k in 0..KINDS as u8 {
            let r = readings(d, k);
            if hand.counts()[k as usize] == 0 {
                // A standard reading needs the tile in a concealed set or the pair.
                assert!(d.form != Form::Standard || r.is_empty(), "{hand} {k}");
            }
        }
    }
    let none = [0u8; KINDS];
    if n % 3 == 1 {
        assert!(s >= 0, "{hand}");
        let w = waits(hand).expect("waits of a 3n+1 hand");
        let u = ukeire(hand, &none).expect("ukeire of a 3n+1 hand");
        assert_eq!(u.shanten, s, "{hand}");
        assert!(w.waits.is_empty() || s == 0, "{hand}");
        for (k, &held) in all.iter().enumerate() {
            let t = Tile::from_kind(k as u8).expect("kind");
            let waited = w.waits.iter().any(|x| x.tile == t);
            let lowers = u.kinds >> k & 1 == 1;
            if held == 4 {
                assert!(!waited && !lowers, "{hand}: {t} is held four times");
                continue;
            }
            assert!(!w.impossible.iter().any(|x| x.tile == t), "{hand} {t}");
            let more = hand.with_tile(t).expect("a fifth copy is ruled out above");
            let s2 = shanten_of(&more);
            assert!(s2 == s || s2 == s - 1, "{hand} + {t}: {s} then {s2}");
            assert_eq!(lowers, s2 < s, "{hand} + {t}: {s} then {s2}");
            assert_eq!(
                waited,
                s == 0 && is_complete(more.counts(), melds),
                "{hand} + {t}"
            );
        }
    } else {
        assert!(
            waits(hand).is_err() && ukeire(hand, &none).is_err(),
            "{hand}"
        );
        let options = discard_options(hand, &none).expect("discards of a 3n+2 hand");
        assert!(!options.is_empty(), "{hand}");
        assert_eq!(
            options.iter().map(|o| o.ukeire.shanten).min(),
            Some(s.max(0)),
            "{hand}"
        );
        for o in &options {
            let less = hand
                .without_tile(o.tile)
                .expect("a discard option is a concealed tile");
            let u = ukeire(&less, &none).expect("ukeire of a 3n+1 hand");
            assert_eq!(u.shanten, o.ukeire.shanten, "{hand} - {}", o.tile);
            assert_eq!(u.kinds, o.ukeire.kinds, "{hand} - {}", o.tile);
        }
    }
}

// Scoring ---------------------------------------------------------------------

/// A value for an option of kind `kind`: mostly valid, now and then one step out
/// of range.
fn option_value(kind: OptKind, inp: &mut Input) -> OptValue {
    let int = |lo: i64, hi: i64, inp: &mut Input| {
        let span = i128::from(hi) - i128::from(lo) + 3;
        let x = i128::from(lo) - 1 + i128::from(inp.u32()) % span;
        i64::try_from(x).unwrap_or(lo)
    };
    match kind {
        OptKind::Bool => OptValue::Bool(inp.flag()),
        OptKind::Int(lo, hi) => OptValue::Int(int(lo, hi, inp)),
        OptKind::IntOf(v) => OptValue::Int(v[inp.below(v.len())]),
        OptKind::OptInt(lo, hi) => OptValue::OptInt(if inp.flag() {
            None
        } else {
            Some(int(lo, hi, inp))
        }),
        OptKind::Choice(c) => OptValue::Choice(c[inp.below(c.len())]),
        OptKind::RedFives => OptValue::RedFives([inp.byte() % 5, inp.byte() % 5, inp.byte() % 5]),
        OptKind::Uma => {
            let mut uma = [0i32; 4];
            for u in &mut uma[..3] {
                *u = i32::from(inp.byte() as i8);
            }
            uma[3] = -uma[..3].iter().sum::<i32>();
            OptValue::Uma(uma)
        }
    }
}

/// A preset and up to three options changed (the changes are dropped when the
/// rules refuse them).
fn rules_from(inp: &mut Input) -> Rules {
    let preset = PRESETS[inp.below(PRESETS.len())].name;
    let base = Rules::preset(preset).expect("presets build");
    let n = inp.byte() % 4;
    let mut changes = Vec::new();
    for _ in 0..n {
        let spec = &OPTIONS[inp.below(OPTIONS.len())];
        changes.push((spec.name, option_value(spec.kind, inp)));
    }
    base.with(&changes).unwrap_or(base)
}

/// Bytes of the score target's header (flags, winds, honba, sticks, rules);
/// shorter inputs are read as if padded with zeros.
pub const SCORE_HEADER: usize = 32;

/// `score` on a hand, a winning tile, a win context and rules: never a panic; a
/// scored win is complete (or shiisan puutaa), pays its points and settles to
/// the sticks on the table.
///
/// Input: [`SCORE_HEADER`] bytes, then text `hand|win|dora indicators|ura
/// indicators` in mpsz (`234m406p789s11z555z|5z|4p|`).
pub fn score(data: &[u8]) {
    let (head, rest) = data.split_at(data.len().min(SCORE_HEADER));
    let Some(s) = text(rest) else { return };
    let mut parts = s.split('|');
    let (Some(hand), Some(win)) = (parts.next(), parts.next()) else {
        return;
    };
    let (Ok(hand), Ok(win)) = (mpsz::parse_hand(hand), win.parse::<Tile>()) else {
        return;
    };
    let Ok(dora) = mpsz::parse_tiles(parts.next().unwrap_or("")) else {
        return;
    };
    let Ok(ura) = mpsz::parse_tiles(parts.next().unwrap_or("")) else {
        return;
    };
    let mut inp = Input::new(head);
    let bits = u16::from_le_bytes([inp.byte(), inp.byte()]);
    let bit = |i: u32| bits >> i & 1 == 1;
    let ctx = WinContext {
        tsumo: bit(0),
        riichi: bit(1),
        double_riichi: bit(2),
        ippatsu: bit(3),
        rinshan: bit(4),
        chankan: bit(5),
        robbed_ankan: bit(6),
        haitei: bit(7),
        houtei: bit(8),
        tenhou: bit(9),
        chiihou: bit(10),
        renhou: bit(11),
        open_riichi: bit(12),
        open_riichi_deal_in: bit(13),
        paarenchan: bit(14),
        seat_wind: inp.byte() % 5,
        round_wind: inp.byte() % 5,
        dora_indicators: dora,
        ura_indicators: ura,
        honba: inp.amount(),
        riichi_sticks: inp.amount(),
        // Bit 15 (unused before): the dealer's eighth win in a row.
        dealer_streak: if bit(15) { 8 } else { 0 },
        kita: 0,
    };
    let rules = rules_from(&mut inp);
    let Ok(r) = score_win(&hand, win, &ctx, &rules) else {
        return;
    };
    let form = r.decomposition.as_view().form;
    assert!(
        is_complete(hand.counts(), hand.melds().len()) || form == Form::ShiisanPuutaa,
        "{hand} scored as {form:?}"
    );
    assert!(r.han > 0 || r.yakuman_multiplier > 0, "{hand}: {r:?}");
    let p = r.payments;
    assert_eq!(p.sticks, u64::from(ctx.riichi_sticks) * 1000);
    assert!(p.total >= p.honba.saturating_add(p.sticks), "{p:?}");
    assert_eq!(p.ron.is_some(), !ctx.tsumo, "{p:?}");
    // Settled as a ron from the next seat, or a tsumo; with a liable seat when the
    // hand has a pao yakuman.
    let winner = ctx.seat_wind;
    let discarder = (!ctx.tsumo).then_some((winner + 1) % 4);
    let liable = (r.pao_base > 0).then_some((winner + 2) % 4);
    let d = deltas(&r.settlement(), discarder, liable, &rules).expect("a valid settlement");
    assert_eq!(
        d.iter().sum::<i64>(),
        i64::from(ctx.riichi_sticks) * 1000,
        "{d:?}"
    );
    if liable.is_none() {
        assert_eq!(
            d[winner as usize],
            i64::try_from(p.total).expect("fits"),
            "{d:?} {p:?}"
        );
    }
}

// The engine ------------------------------------------------------------------

/// A wall of the 136 tiles with `reds` red fives per suit, shuffled by the
/// input (no bytes left: the sorted wall, rich in kans and wins).
fn wall_from(inp: &mut Input, reds: [u8; 3]) -> Wall {
    let mut tiles = Vec::with_capacity(136);
    for k in 0..KINDS as u8 {
        let t = Tile::from_kind(k).expect("kind");
        let red = match (t.suit(), t.number()) {
            (s, 5) if s != Suit::Z => reds[s as usize],
            _ => 0,
        };
        for i in 0..4 {
            tiles.push(if i < red {
                Tile::red(t.suit()).expect("red")
            } else {
                t
            });
        }
    }
    for i in 0..tiles.len() {
        let j = i + inp.below(tiles.len() - i);
        tiles.swap(i, j);
    }
    Wall::from_tiles(&tiles).expect("four of each kind")
}

/// An action, most likely illegal.
fn action_from(inp: &mut Input) -> Action {
    match inp.byte() % 11 {
        0 => Action::Discard {
            tile: inp.tile(),
            tsumogiri: inp.flag(),
        },
        1 => Action::Riichi {
            tile: inp.tile(),
            tsumogiri: inp.flag(),
        },
        2 => Action::Tsumo,
        3 => Action::Ron,
        4 => Action::Chi {
            tiles: [inp.tile(), inp.tile()],
        },
        5 => Action::Pon {
            tiles: [inp.tile(), inp.tile()],
        },
        6 => Action::Daiminkan,
        7 => Action::Ankan { kind: inp.byte() },
        8 => Action::Kakan { tile: inp.tile() },
        9 => Action::KyuushuKyuuhai,
        _ => Action::Pass,
    }
}

/// A game driven by the input: each step takes a legal action (by index, or a
/// win or riichi when there is one) or tries an arbitrary one. A legal action keeps the
/// invariants; a refused one leaves the game exactly as it was. A finished
/// game's record writes, reads back and replays without a mismatch.
pub fn engine(data: &[u8]) {
    let mut inp = Input::new(data);
    let seed = inp.u64();
    let rules = rules_from(&mut inp);
    // A wall may hold other red fives than the rules': those beyond the rules'
    // are plain fives in the game, and fewer are fine; either way the game's
    // record replays.
    let walls = match inp.byte() % 3 {
        0 => Vec::new(),
        1 => vec![wall_from(&mut inp, rules.red_fives)],
        _ => {
            let reds = [inp.byte() % 5, inp.byte() % 5, inp.byte() % 5];
            vec![wall_from(&mut inp, reds)]
        }
    };
    let Ok(mut game) = Game::with_walls(rules, seed, walls) else {
        return;
    };
    let check = |g: &Game, what: &dyn std::fmt::Display| {
        if let Err(e) = g.check_invariants() {
            panic!("after {what}: {e}");
        }
    };
    check(&game, &"the deal");
    let mut steps = 0;
    while !inp.is_empty() && steps < 5000 {
        steps += 1;
        match *game.phase() {
            Phase::GameOver => break,
            Phase::HandOver => {
                game.next_hand().expect("the next hand starts");
                check(&game, &"the next hand");
                continue;
            }
            _ => {}
        }
        let deciding = game.deciding();
        assert!(!deciding.is_empty(), "nobody decides in {:?}", game.phase());
        for s in 0..4 {
            assert_eq!(
                game.legal_actions(s).is_empty(),
                !deciding.contains(&s),
                "seat {s}"
            );
        }
        let op = inp.byte();
        if op < 0xC0 {
            let seat = deciding[inp.below(deciding.len())];
            let legal = game.legal_actions(seat);
            // From 0x80 a win, then a riichi, is taken whenever legal (hands
            // end in wins far more often than by picking at random).
            let eager = [Action::Tsumo, Action::Ron]
                .into_iter()
                .find(|a| legal.contains(a))
                .or_else(|| {
                    legal
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Riichi { .. }))
                })
                .filter(|_| op >= 0x80);
            let a = eager.unwrap_or_else(|| legal[inp.below(legal.len())]);
            if let Err(e) = game.apply(seat, a) {
                panic!("legal {a:?} by seat {seat} refused: {e}");
            }
            check(&game, &format_args!("{a:?} by seat {seat}"));
        } else {
            let seat = inp.below(5);
            let a = action_from(&mut inp);
            let before = game.clone();
            if game.apply(seat, a).is_ok() {
                assert!(before.legal_actions(seat).contains(&a), "{a:?} by {seat}");
                check(&game, &format_args!("{a:?} by seat {seat}"));
            } else {
                assert!(
                    game == before,
                    "refused {a:?} by seat {seat} changed the game"
                );
            }
        }
    }
    if *game.phase() == Phase::GameOver {
        let record = GameRecord::from_game(&game);
        let back = mjai::read_mjai(&mjai::write_mjai(&record)).expect("an engine record reads");
        assert!(back == record, "the engine's record changed through mjai");
        let report = replay::replay(&record, true);
        assert!(report.ok(), "{:?}", report.mismatches.first());
    }
}

// Logs ------------------------------------------------------------------------

/// A record read from a log: replaying it never panics, it reads back from mjai
/// as it was, and writing it in `write`'s format reads back (`read`) to the same
/// record, once `fill` has filled in what the format always states (and so its
/// writer supplies).
fn check_record(
    record: &GameRecord,
    read: fn(&str) -> _core::Result<GameRecord>,
    write: fn(&GameRecord) -> _core::Result<String>,
    fill: fn(&mut GameRecord),
) {
    let _ = replay::replay(record, true);
    // mjai, the engine's own vocabulary, keeps every record whatever its source.
    let text = mjai::write_mjai(record);
    match mjai::read_mjai(&text) {
        Ok(back) => assert!(
            back == *record,
            "through mjai: {}",
            difference(record, &back)
        ),
        Err(e) => panic!("the written mjai does not read: {e}\n{text}"),
    }
    if let Ok(text) = write(record) {
        let mut want = record.clone();
        fill(&mut want);
        match read(&text) {
            Ok(back) => assert!(back == want, "{}", difference(&want, &back)),
            Err(e) => panic!("the written log does not read: {e}\n{text}"),
        }
    }
}

/// Where two records differ, shortly.
fn difference(a: &GameRecord, b: &GameRecord) -> String {
    if let Some(i) =
        (0..a.events.len().max(b.events.len())).find(|&i| a.events.get(i) != b.events.get(i))
    {
        return format!(
            "event {i} changed: {:?} became {:?}",
            a.events.get(i),
            b.events.get(i)
        );
    }
    let mut out = Vec::new();
    let mut field = |name: &str, x: String, y: String| {
        if x != y {
            out.push(format!("{name}: {x} became {y}"));
        }
    };
    field("rules", format!("{:?}", a.rules), format!("{:?}", b.rules));
    field(
        "players",
        format!("{:?}", a.players),
        format!("{:?}", b.players),
    );
    field(
        "first_dealer",
        a.first_dealer.to_string(),
        b.first_dealer.to_string(),
    );
    field(
        "log_id",
        format!("{:?}", a.log_id),
        format!("{:?}", b.log_id),
    );
    field(
        "tenhou_type",
        format!("{:?}", a.tenhou_type),
        format!("{:?}", b.tenhou_type),
    );
    field("lobby", format!("{:?}", a.lobby), format!("{:?}", b.lobby));
    field(
        "shuffle_seed",
        format!("{:?}", a.shuffle_seed),
        format!("{:?}", b.shuffle_seed),
    );
    field(
        "final_scores",
        format!("{:?}", a.final_scores),
        format!("{:?}", b.final_scores),
    );
    if out.is_empty() {
        // Equal in print but not in value: a NaN rate.
        out.push(format!(
            "players (unequal values that print the same): {:?}",
            a.players
        ));
    }
    out.join("; ")
}

/// Tenhou mjlog XML.
pub fn mjlog(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(r) = mjlog::read_mjlog(s) {
        check_record(&r, mjlog::read_mjlog, mjlog::write_mjlog, |r| {
            // Every mjlog has a GO tag: the writer derives the lobby from the rules.
            r.tenhou_type = r.tenhou_type.or_else(|| tenhou_type_of(&r.rules));
            // Rates are written with two decimals, as Tenhou's.
            for p in &mut r.players {
                p.rate = p.rate.map(|x| format!("{x:.2}").parse().expect("a number"));
            }
        });
    }
}

/// tenhou.net/6 JSON.
pub fn tenhou6(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(r) = tenhou6::read_tenhou6(s) {
        check_record(&r, tenhou6::read_tenhou6, tenhou6::write_tenhou6, |_| {});
    }
}

/// mjai JSON lines.
pub fn mjai(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(r) = mjai::read_mjai(s) {
        check_record(&r, mjai::read_mjai, |r| Ok(mjai::write_mjai(r)), |_| {});
    }
}
