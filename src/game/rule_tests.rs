//! One named test per game-flow rule (docs/rules.md) and per game-flow option,
//! each played on a wall built for it (see `scenario`). Seats are absolute: seat 0
//! deals the first hand, so in a first hand `E`, `S`, `W`, `N` are seats 0-3.
//! Hands are given dealer first. Every expected number is worked out in a comment.
//!
//! Unless a test says otherwise the rules are Tenhou's (the default) without red
//! fives, so that a hand's tiles are exactly the ones written.

use super::scenario::{tile, Drive, Scenario};
use super::{Action, DrawReason, Event, Game, Phase};
use crate::rules::{
    GameLength, KanDoraTiming, Kuikae, LeftoverSticks, MultiRon, MultiRonHonba, Paarenchan, Renhou,
    Rules,
};
use crate::score::Yaku;

const E: usize = 0;
const S: usize = 1;
const W: usize = 2;
const N: usize = 3;

/// Tenhou's rules without red fives.
fn rules() -> Rules {
    Rules {
        red_fives: [0, 0, 0],
        ..Rules::default()
    }
}

fn with(f: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = rules();
    f(&mut r);
    r
}

/// `(seat, target, han, fu, deltas)` of every win of the current hand.
fn wins(g: &Game) -> Vec<(usize, usize, u32, u32, [i64; 4])> {
    let start = g
        .events
        .iter()
        .rposition(|e| matches!(e, Event::StartKyoku { .. }))
        .unwrap_or(0);
    g.events[start..]
        .iter()
        .filter_map(|e| match e {
            Event::Hora(w) => Some((w.seat, w.target, w.han, w.fu, w.deltas)),
            _ => None,
        })
        .collect()
}

/// The total score changes of the hand's win(s).
fn win_deltas(g: &Game) -> [i64; 4] {
    let w = wins(g);
    assert!(!w.is_empty(), "no win");
    std::array::from_fn(|k| w.iter().map(|x| x.4[k]).sum())
}

/// `(reason, deltas)` of the last drawn hand.
fn draw_of(g: &Game) -> (DrawReason, [i64; 4]) {
    match g.last_event(|e| matches!(e, Event::Ryukyoku { .. })) {
        Some(Event::Ryukyoku { reason, deltas, .. }) => (*reason, *deltas),
        _ => panic!("no draw; events: {:?}", g.events.last()),
    }
}

/// `(dealer, honba, sticks)` of the hand just started.
fn started(g: &Game) -> (usize, u32, u32) {
    match g.last_event(|e| matches!(e, Event::StartKyoku { .. })) {
        Some(Event::StartKyoku {
            dealer,
            honba,
            riichi_sticks,
            ..
        }) => (*dealer, *honba, *riichi_sticks),
        _ => unreachable!("a hand has started"),
    }
}

fn is_ron(a: &Action) -> bool {
    *a == Action::Ron
}

fn is_riichi(a: &Action) -> bool {
    matches!(a, Action::Riichi { .. })
}

/// Hand-over, then the next hand (on a shuffled wall unless more were given).
fn next(g: &mut Game) {
    assert_eq!(g.phase, Phase::HandOver);
    g.next_hand().unwrap();
}

// ---------------------------------------------------------------------------
// Walls used by several tests.

/// The dealer discards 6p at once; the next seat wins on it with tanyao and pinfu
/// (234m 567m 234s 88s + 45p: 30 fu 2 han, non-dealer ron 2000). The other two
/// are far from tenpai.
fn ron_wall(rules: Rules) -> Scenario {
    Scenario::new(rules)
        .hands([
            "6p 2468m 28p 1357z 99s",
            "234m567m234s88s45p",
            "1379m1379p1379s5z",
            "58m24p567s234567z",
        ])
        .dora("1z")
}

/// Tenhou: the dealer's 14 tiles are complete (123m 456m 789m 123p 11s); a dealer
/// yakuman tsumo, 16000 from each.
fn tenhou_wall(rules: Rules) -> Scenario {
    Scenario::new(rules)
        .hands(["123m456m789m123p1s", "?", "?", "?"])
        .draws("1s")
        .dora("1z")
}

/// Chiihou: the dealer discards 6z, the next seat draws 6p to 234m 567m 234s 88s
/// 45p: a non-dealer yakuman tsumo, 16000 from the dealer and 8000 from each other.
fn chiihou_wall(rules: Rules) -> Scenario {
    Scenario::new(rules)
        .hands([
            "1379m1379p1379s5z",
            "234m567m234s88s45p",
            "2468p 1368s 2467z 5m",
            "?",
        ])
        .draws("6z 6p")
        .dora("1z")
}

/// Tenpai and noten versions of four hands (dealer first) for exhaustive draws.
const TENPAI: [&str; 4] = [
    "123m456m789m11p23s", // waits 1s 4s
    "234p567p888p99s46s", // waits 5s
    "345m678m345s66s79p", // waits 8p
    "234s678s345p99m13s", // waits 2s
];
const NOTEN: [&str; 4] = [
    "123m456m789m11p29s",
    "234p567p888p99s47s",
    "345m678m345s66s19p",
    "234s678s345p99m1s5z",
];

fn draw_wall(rules: Rules, tenpai: [bool; 4]) -> Scenario {
    let hands: [&str; 4] = std::array::from_fn(|k| if tenpai[k] { TENPAI[k] } else { NOTEN[k] });
    Scenario::new(rules).hands(hands).dora("7z")
}

/// Play the hand out discarding every drawn tile.
fn play_out(g: &mut Game) {
    g.tsumogiri_until(|_| false);
    assert!(
        matches!(g.phase, Phase::HandOver | Phase::GameOver),
        "the hand is over"
    );
}

// ---------------------------------------------------------------------------
// Abortive draws.

#[test]
fn kyuushu_kyuuhai_ends_the_hand_as_renchan_with_honba() {
    // East holds 1m 9m 1p 9p 1s 9s E S W: nine terminal and honor kinds.
    let s = Scenario::new(rules())
        .hands(["19m19p19s123z2356m", "?", "?", "?"])
        .draws("4m");
    let mut g = s.game();
    assert!(g.can(E, |a| *a == Action::KyuushuKyuuhai));
    g.act(E, Action::KyuushuKyuuhai);
    assert_eq!(draw_of(&g), (DrawReason::KyuushuKyuuhai, [0; 4]));
    assert_eq!(g.scores, [25000; 4]);
    next(&mut g);
    // Abortive draws are renchan, honba + 1.
    assert_eq!(started(&g), (E, 1, 0));
    assert_eq!(g.round, 0);

    // The option off: not offered.
    let mut s = s;
    s.rules.kyuushu_kyuuhai = false;
    let g = s.game();
    assert!(!g.can(E, |a| *a == Action::KyuushuKyuuhai));
}

#[test]
fn kyuushu_kyuuhai_only_on_the_first_uninterrupted_draw() {
    // West holds nine terminal and honor kinds from the deal. East discards 3s;
    // South may chi it with 45s.
    let s = Scenario::new(rules()).hands([
        "3s 2468m2468p8s567z",
        "45s 1357m1357p99s2z",
        "19m19p19s123z468p",
        "?",
    ]);
    // Nobody calls: West's first draw offers it.
    let mut g = s.game();
    g.discard(E, "3s");
    g.pass_all();
    g.tsumogiri(S);
    g.pass_all();
    assert_eq!(g.turn(), W);
    assert!(g.can(W, |a| *a == Action::KyuushuKyuuhai));
    // South chis East's 3s: West's first draw comes after a call, no offer.
    let mut g = s.game();
    g.discard(E, "3s");
    g.act(
        S,
        Action::Chi {
            tiles: [tile("4s"), tile("5s")],
        },
    );
    g.pass_all();
    g.discard(S, "1m");
    g.pass_all();
    assert_eq!(g.turn(), W);
    assert!(!g.can(W, |a| *a == Action::KyuushuKyuuhai));

    // East has eight kinds, draws a simple first and the ninth kind on its second
    // draw: too late.
    let s = Scenario::new(rules())
        .hands(["19m19p19s12z23456m", "?", "?", "?"])
        .draws("5p ? ? ? 3z");
    let mut g = s.game();
    assert!(!g.can(E, |a| *a == Action::KyuushuKyuuhai));
    g.tsumogiri_until(|g| g.turn() == E && g.players[E].river.len() == 1);
    assert_eq!(g.players[E].concealed.last(), Some(&tile("3z")));
    assert!(!g.can(E, |a| *a == Action::KyuushuKyuuhai));
}

fn suufon_wall(rules: Rules) -> Scenario {
    Scenario::new(rules).hands([
        "1z 2468m2468p258s6z",
        "1z 1357m1357p147s7z",
        "1z 2468m2468p369s5z",
        "1z 1379m1379p258s3z",
    ])
}

#[test]
fn suufon_renda_four_first_discards_of_one_wind() {
    let mut g = suufon_wall(rules()).game();
    for seat in [E, S, W, N] {
        g.discard(seat, "1z");
        g.pass_all();
    }
    assert_eq!(draw_of(&g), (DrawReason::SuufonRenda, [0; 4]));
    next(&mut g);
    assert_eq!(started(&g), (E, 1, 0));

    // The option off: East draws again.
    let mut g = suufon_wall(with(|r| r.suufon_renda = false)).game();
    for seat in [E, S, W, N] {
        g.discard(seat, "1z");
        g.pass_all();
    }
    assert_eq!(g.turn(), E);
    assert_eq!(g.players[E].concealed.len(), 14);
}

#[test]
fn suufon_renda_not_after_a_closed_kan() {
    // As in the wall above, but South holds four 4s and declares them as a closed
    // kan before discarding its 1z: the go-around is interrupted, so the fourth 1z
    // ends nothing and East draws again.
    let s = Scenario::new(rules()).hands([
        "1z 2468m2468p258s6z",
        "1z 4444s1357m1357p",
        "1z 2468m2468p369s5z",
        "1z 1379m1379p258s3z",
    ]);
    let mut g = s.game();
    g.discard(E, "1z");
    g.pass_all();
    g.act(
        S,
        Action::Ankan {
            kind: tile("4s").kind(),
        },
    );
    for seat in [S, W, N] {
        g.discard(seat, "1z");
        g.pass_all();
    }
    assert_eq!(g.turn(), E);
    assert!(g
        .last_event(|e| matches!(e, Event::Ryukyoku { .. }))
        .is_none());
}

/// East makes two closed kans, South one, West the fourth; North holds four 5m.
fn suukaikan_wall(rules: Rules) -> Scenario {
    Scenario::new(rules).hands([
        "1111m2222m579p36s",
        "3333m147p258s345z",
        "4444m147p258s345z",
        "5555m147p258s367z",
    ])
}

fn four_kans_by_three(g: &mut Game) {
    g.act(E, Action::Ankan { kind: 0 });
    g.act(E, Action::Ankan { kind: 1 });
    g.discard(E, "5p");
    g.pass_all();
    g.act(S, Action::Ankan { kind: 2 });
    g.discard(S, "1p");
    g.pass_all();
    g.act(W, Action::Ankan { kind: 3 });
    assert_eq!(g.wall.kans(), 4);
    // Four kan dora revealed, one at each closed kan.
    assert_eq!(g.wall.dora_indicators().len(), 5);
    g.discard(W, "1p");
    g.pass_all();
}

#[test]
fn suukaikan_fourth_kan_by_two_or_more_players() {
    let mut g = suukaikan_wall(rules()).game();
    four_kans_by_three(&mut g);
    assert_eq!(draw_of(&g), (DrawReason::Suukaikan, [0; 4]));
    next(&mut g);
    assert_eq!(started(&g), (E, 1, 0));

    // The option off: play goes on.
    let mut g = suukaikan_wall(with(|r| r.suukaikan = false)).game();
    four_kans_by_three(&mut g);
    assert_eq!(g.turn(), N);
}

#[test]
fn suukaikan_not_when_the_fourth_kans_discard_is_won_on() {
    // As above, but South discards 7p after its kan and North waits on 1p-4p
    // (23p 456s 678s 99s 789m): West's 1p after the fourth kan is ronned, and the
    // win stands instead of the abortive draw.
    let s = Scenario::new(rules()).hands([
        "1111m2222m579p36s",
        "3333m147p258s345z",
        "4444m147p258s345z",
        "23p456s678s99s789m",
    ]);
    let mut g = s.game();
    g.act(E, Action::Ankan { kind: 0 });
    g.act(E, Action::Ankan { kind: 1 });
    g.discard(E, "5p");
    g.pass_all();
    g.act(S, Action::Ankan { kind: 2 });
    g.discard(S, "7p");
    g.pass_all();
    g.act(W, Action::Ankan { kind: 3 });
    g.discard(W, "1p");
    g.act(N, Action::Ron);
    g.pass_all();
    assert_eq!(wins(&g).len(), 1);
    assert!(g
        .last_event(|e| matches!(e, Event::Ryukyoku { .. }))
        .is_none());
}

#[test]
fn at_most_four_kans() {
    let mut g = suukaikan_wall(with(|r| r.suukaikan = false)).game();
    four_kans_by_three(&mut g);
    // North holds four 5m but a fifth kan is not allowed.
    assert_eq!(g.turn(), N);
    assert!(!g.can(N, |a| matches!(a, Action::Ankan { .. })));

    // Four kans by one player are no abortive draw.
    let s = Scenario::new(rules())
        .hands(["1111m2222m3333m4m", "?", "?", "?"])
        .draws("9p")
        .rinshan("4m 4m 4m 1p");
    let mut g = s.game();
    for kind in 0..4 {
        g.act(E, Action::Ankan { kind });
    }
    assert!(!g.can(E, |a| matches!(a, Action::Ankan { .. })));
    g.discard(E, "1p");
    g.pass_all();
    assert_eq!(g.turn(), S);
}

/// Four tenpai hands; each declares riichi on its first discard (7z, 6z, 6z, 6z),
/// which nobody can claim.
fn suucha_wall(rules: Rules) -> Scenario {
    Scenario::new(rules)
        .hands([
            "123m456m789m11p23s",
            "234p567p888p99s46s",
            "111z222z333z444z5z",
            "234s678s345p99m13s",
        ])
        .draws("7z 6z 6z 6z")
}

fn four_riichi(g: &mut Game) {
    for (seat, t) in [(E, "7z"), (S, "6z"), (W, "6z"), (N, "6z")] {
        g.riichi(seat, t);
        g.pass_all();
    }
}

#[test]
fn suucha_riichi_keeps_the_sticks_on_the_table() {
    let mut g = suucha_wall(rules()).game();
    four_riichi(&mut g);
    assert_eq!(draw_of(&g), (DrawReason::SuuchaRiichi, [0; 4]));
    // The four sticks were paid and stay on the table for the next hand.
    assert_eq!(g.scores, [24000; 4]);
    assert_eq!(g.riichi_sticks, 4);
    next(&mut g);
    assert_eq!(started(&g), (E, 1, 4));

    let mut g = suucha_wall(with(|r| r.suucha_riichi = false)).game();
    four_riichi(&mut g);
    assert_eq!(g.turn(), E);
    assert_eq!(g.riichi_sticks, 4);
}

/// East discards 6p; South, West and North each win on it with tanyao and pinfu
/// (30 fu 2 han, 2000 each).
fn triple_ron_wall(rules: Rules, north: &str) -> Scenario {
    Scenario::new(rules)
        .hands([
            "6p 2468m 28p 1357z 99s",
            "234m567m234s88s45p",
            "345m678m345s66s45p",
            north,
        ])
        .dora("1z")
}

const NORTH_45P: &str = "345m567s678s22m45p";

fn three_rons(rules: Rules) -> Game {
    let mut g = triple_ron_wall(rules, NORTH_45P).game();
    g.discard(E, "6p");
    for seat in [S, W, N] {
        g.act(seat, Action::Ron);
    }
    g
}

#[test]
fn sanchahou_is_an_abortive_draw_under_double_ron() {
    let mut g = three_rons(rules());
    assert!(wins(&g).is_empty());
    assert_eq!(draw_of(&g), (DrawReason::Sanchahou, [0; 4]));
    assert_eq!(g.scores, [25000; 4]);
    next(&mut g);
    assert_eq!(started(&g), (E, 1, 0));
}

#[test]
fn triple_ron_per_multi_ron() {
    // triple: all three win 2000 from East.
    let g = three_rons(with(|r| r.multi_ron = MultiRon::Triple));
    assert_eq!(wins(&g).len(), 3);
    assert_eq!(g.scores, [19000, 27000, 27000, 27000]);
    // head_bump: only South, the nearest to East.
    let g = three_rons(with(|r| r.multi_ron = MultiRon::HeadBump));
    assert_eq!(wins(&g).len(), 1);
    assert_eq!(g.scores, [23000, 27000, 25000, 25000]);
    // double without sanchahou: the two nearest win, North is bumped.
    let g = three_rons(with(|r| r.sanchahou = false));
    assert_eq!(wins(&g).len(), 2);
    assert_eq!(g.scores, [21000, 27000, 27000, 25000]);
}

#[test]
fn double_ron_honba_and_sticks_to_the_nearest_winner() {
    // As the triple ron wall, but North far from tenpai: South and West win.
    let play = |rules: Rules| {
        let mut g = triple_ron_wall(rules, "1379m1379p1379s5z").game();
        // 2 honba and one stick on the table (North's, from an earlier hand).
        g.honba = 2;
        g.riichi_sticks = 1;
        g.scores[N] -= 1000;
        g.discard(E, "6p");
        g.act(S, Action::Ron);
        if g.can(W, is_ron) {
            g.act(W, Action::Ron);
        }
        g.pass_all();
        g.check_invariants().unwrap();
        g
    };
    // Double ron: South 2000 + 600 honba + 1000 stick = 3600, West 2000;
    // East pays 2000 + 600 + 2000 = 4600.
    let g = play(rules());
    assert_eq!(g.scores, [20400, 28600, 27000, 24000]);
    // One Hora event per win, each with its own changes and the scores after it.
    let horas: Vec<_> = g
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Hora(w) => Some((w.seat, w.deltas, w.scores)),
            _ => None,
        })
        .collect();
    assert_eq!(
        horas,
        [
            (S, [-2600, 3600, 0, 0], [22400, 28600, 25000, 24000]),
            (W, [-2000, 0, 2000, 0], [20400, 28600, 27000, 24000]),
        ]
    );
    // A non-dealer win: honba back to 0, the deal passes to South.
    let mut g = g;
    next(&mut g);
    assert_eq!(started(&g), (S, 0, 0));
    // Honba to each winner: West 2000 + 600 too; East pays 5200.
    let g = play(with(|r| r.multi_ron_honba = MultiRonHonba::Each));
    assert_eq!(g.scores, [19800, 28600, 27600, 24000]);
    // Head bump: South alone, 3600; East pays 2600.
    let g = play(with(|r| r.multi_ron = MultiRon::HeadBump));
    assert_eq!(g.scores, [22400, 28600, 25000, 24000]);
}

// ---------------------------------------------------------------------------
// Furiten.

/// South waits on 1p-4p with 23p 456m 678m 345s 99s (pinfu, 1000 on a ron).
const SOUTH_23P: &str = "23p456m678m345s99s";

#[test]
fn discard_furiten_counts_a_called_away_discard() {
    // South draws 4p and discards it; West chis it away. North discards 1p: South
    // is furiten on it. South may still win by tsumo.
    let s = Scenario::new(rules())
        .hands(["?", SOUTH_23P, "56p1379m28s1237z9p", "1p2468m258p147s56z"])
        .draws("7z 4p 8m 2z 1p")
        .dora("1z");
    let mut g = s.game();
    g.tsumogiri(E);
    g.pass_all();
    g.tsumogiri(S);
    g.act(
        W,
        Action::Chi {
            tiles: [tile("5p"), tile("6p")],
        },
    );
    g.pass_all();
    assert!(g.players[S].river[0].called);
    g.discard(W, "1z");
    g.pass_all();
    g.discard(N, "1p");
    assert!(!g.can(S, is_ron));
    g.pass_all();
    g.tsumogiri(E);
    g.pass_all();
    assert_eq!(g.players[S].concealed.last(), Some(&tile("1p")));
    assert!(g.can(S, |a| *a == Action::Tsumo));
}

#[test]
fn temporary_furiten_lasts_until_own_next_draw() {
    // West discards 1p, South passes; North's 4p cannot be ronned; after South's
    // next draw, North's second 4p can.
    let s = Scenario::new(rules())
        .hands(["?", SOUTH_23P, "1p2468m258p147s56z", "44p1379m28s1237z9p"])
        .draws("3z 7z 2z 1z 4z 6z 4z 4z")
        .dora("1z");
    let mut g = s.game();
    g.tsumogiri(E);
    g.pass_all();
    g.tsumogiri(S);
    g.pass_all();
    g.discard(W, "1p");
    assert!(g.can(S, is_ron));
    g.act(S, Action::Pass);
    g.pass_all();
    g.discard(N, "4p");
    assert!(!g.can(S, is_ron));
    g.pass_all();
    for seat in [E, S, W] {
        g.tsumogiri(seat);
        g.pass_all();
    }
    g.discard(N, "4p");
    g.act(S, Action::Ron);
    g.pass_all();
    // Pinfu 30 fu 1 han, non-dealer ron: 30 × 2^3 × 4 = 960 → 1000.
    assert_eq!(wins(&g), [(S, N, 1, 30, [0, 1000, 0, -1000])]);
}

#[test]
fn riichi_furiten_is_permanent() {
    // South declares riichi; passes East's 1p; North's 4p later is not offered;
    // South's own 1p is still a tsumo.
    let s = Scenario::new(rules())
        .hands(["1p2468m258p147s56z", SOUTH_23P, "?", "44p1379m28s1237z9p"])
        .draws("3z 7z 2z 1z 4z 6z 4z 4z ? 1p")
        .dora("1z");
    let mut g = s.game();
    g.tsumogiri(E);
    g.pass_all();
    g.riichi(S, "7z");
    g.pass_all();
    g.tsumogiri(W);
    g.pass_all();
    g.tsumogiri(N);
    g.pass_all();
    g.discard(E, "1p");
    assert!(g.can(S, is_ron));
    g.act(S, Action::Pass);
    g.pass_all();
    assert!(g.players[S].riichi_furiten);
    g.tsumogiri(S);
    g.pass_all();
    g.tsumogiri(W);
    g.pass_all();
    g.discard(N, "4p");
    assert!(!g.can(S, is_ron));
    g.pass_all();
    g.tsumogiri(E);
    g.pass_all();
    assert!(g.can(S, |a| *a == Action::Tsumo));
}

// ---------------------------------------------------------------------------
// Calls.

fn kuikae_game(k: Kuikae) -> Game {
    // East discards 3m; South chis it with 45m and still holds 3m and 6m.
    let s = Scenario::new(with(|r| r.kuikae = k)).hands([
        "3m1379p1379s1234z",
        "3456m147p258s123z",
        "?",
        "?",
    ]);
    let mut g = s.game();
    g.discard(E, "3m");
    g.act(
        S,
        Action::Chi {
            tiles: [tile("4m"), tile("5m")],
        },
    );
    g.pass_all();
    assert_eq!(g.turn(), S);
    g
}

#[test]
fn kuikae_after_a_chi_at_an_end() {
    let may = |g: &Game, t: &str| {
        let t = tile(t);
        g.can(
            S,
            |a| matches!(a, Action::Discard { tile: d, .. } if *d == t),
        )
    };
    // forbidden: neither 3m (the called tile) nor 6m (the other end).
    let g = kuikae_game(Kuikae::Forbidden);
    assert!(!may(&g, "3m") && !may(&g, "6m") && may(&g, "1p"));
    // same_tile: only 3m.
    let g = kuikae_game(Kuikae::SameTile);
    assert!(!may(&g, "3m") && may(&g, "6m"));
    // allowed: both.
    let g = kuikae_game(Kuikae::Allowed);
    assert!(may(&g, "3m") && may(&g, "6m"));
}

/// South's discards after calling East's first discard `called` with `call`:
/// whether each of `tiles` may be discarded.
fn after_call(k: Kuikae, east: &str, south: &str, call: Action, tiles: &[&str]) -> Vec<bool> {
    let s = Scenario::new(with(|r| r.kuikae = k)).hands([east, south, "?", "?"]);
    let mut g = s.game();
    let called = east.split_whitespace().next().expect("the discard first");
    g.discard(E, called);
    g.act(S, call);
    g.pass_all();
    assert_eq!(g.turn(), S);
    tiles
        .iter()
        .map(|t| {
            let t = tile(t);
            g.can(
                S,
                |a| matches!(a, Action::Discard { tile: d, .. } if *d == t),
            )
        })
        .collect()
}

#[test]
fn kuikae_after_a_chi_at_the_high_end_in_the_middle_and_after_a_pon() {
    let chi = |a: &str, b: &str| Action::Chi {
        tiles: [tile(a), tile(b)],
    };
    let south = "3456m147p258s123z";
    // 6m called with 45m (the high end): neither 6m nor 3m under forbidden.
    let high = |k| {
        after_call(
            k,
            "6m 1379p1379s1234z",
            south,
            chi("4m", "5m"),
            &["6m", "3m", "1p"],
        )
    };
    assert_eq!(high(Kuikae::Forbidden), [false, false, true]);
    assert_eq!(high(Kuikae::SameTile), [false, true, true]);
    assert_eq!(high(Kuikae::Allowed), [true, true, true]);
    // 5m called with 46m (the middle): only 5m; 3m has no suji to forbid.
    let mid = |k| {
        after_call(
            k,
            "5m 1379p1379s1234z",
            south,
            chi("4m", "6m"),
            &["5m", "3m"],
        )
    };
    assert_eq!(mid(Kuikae::Forbidden), [false, true]);
    assert_eq!(mid(Kuikae::Allowed), [true, true]);
    // 1z ponned holding a third 1z: not 1z (the same tile, under both bans).
    let pon = Action::Pon {
        tiles: [tile("1z"), tile("1z")],
    };
    let same = |k| {
        after_call(
            k,
            "1z 1379p1379s234z5m",
            "111z 3456m147p258s",
            pon,
            &["1z", "3m"],
        )
    };
    assert_eq!(same(Kuikae::Forbidden), [false, true]);
    assert_eq!(same(Kuikae::SameTile), [false, true]);
    assert_eq!(same(Kuikae::Allowed), [true, true]);
}

#[test]
fn ron_beats_pon_beats_chi() {
    // East discards 6p: South may chi (78p), West pon (66p), North ron.
    let s = Scenario::new(rules())
        .hands([
            "6p2468m1379p19s67z",
            "78p1469m1469s123z",
            "66p1379m2358s457z",
            "345m567s678s22m45p",
        ])
        .dora("1z");
    let chi = Action::Chi {
        tiles: [tile("7p"), tile("8p")],
    };
    let pon = Action::Pon {
        tiles: [tile("6p"), tile("6p")],
    };
    let mut g = s.game();
    g.discard(E, "6p");
    // North holds 45p too, but chi is only from the player on the left.
    assert!(!g.can(N, |a| matches!(a, Action::Chi { .. })));
    g.act(S, chi);
    g.act(W, pon);
    g.act(N, Action::Ron);
    // Tanyao pinfu 2000 from East.
    assert_eq!(wins(&g), [(N, E, 2, 30, [-2000, 0, 0, 2000])]);

    let mut g = s.game();
    g.discard(E, "6p");
    g.act(S, chi);
    g.act(W, pon);
    g.act(N, Action::Pass);
    assert!(matches!(g.events.last(), Some(Event::Pon { seat: W, .. })));
    assert_eq!(g.turn(), W);

    let mut g = s.game();
    g.discard(E, "6p");
    g.act(S, chi);
    g.act(W, Action::Pass);
    g.act(N, Action::Pass);
    assert!(matches!(g.events.last(), Some(Event::Chi { seat: S, .. })));
    assert_eq!(g.turn(), S);
}

// ---------------------------------------------------------------------------
// Kans.

/// Index of the first event matching `f`.
fn pos(g: &Game, f: impl Fn(&Event) -> bool) -> usize {
    g.events.iter().position(f).expect("event")
}

#[test]
fn kan_dora_of_a_closed_kan_at_once() {
    for timing in [KanDoraTiming::OpenAfterDiscard, KanDoraTiming::Immediate] {
        let s = Scenario::new(with(|r| r.kan_dora_timing = timing))
            .hands(["1111m1379p1379s5z", "?", "?", "?"])
            .dora("1z 3z");
        let mut g = s.game();
        g.act(E, Action::Ankan { kind: 0 });
        let kan = pos(&g, |e| matches!(e, Event::Ankan { .. }));
        assert_eq!(g.events[kan + 1], Event::Dora { marker: tile("3z") });
        assert!(matches!(g.events[kan + 2], Event::Tsumo { seat: E, .. }));
    }
}

#[test]
fn kan_dora_of_open_and_added_kans_after_the_discard_or_at_once() {
    for timing in [KanDoraTiming::OpenAfterDiscard, KanDoraTiming::Immediate] {
        let after = timing == KanDoraTiming::OpenAfterDiscard;
        let rules = with(|r| r.kan_dora_timing = timing);
        // Daiminkan: South calls East's 7p with 777p.
        let s = Scenario::new(rules.clone())
            .hands(["7p1369m1368s1234z", "777p2468m2468s56z", "?", "?"])
            .dora("1z 3z");
        let mut g = s.game();
        g.discard(E, "7p");
        g.act(S, Action::Daiminkan);
        g.pass_all();
        let kan = pos(&g, |e| matches!(e, Event::Daiminkan { .. }));
        if after {
            assert!(matches!(g.events[kan + 1], Event::Tsumo { seat: S, .. }));
            assert_eq!(g.wall.dora_indicators().len(), 1);
            g.discard(S, "5z");
            // Turned over with the discard: logged just before it, as Tenhou does.
            let dahai = pos(&g, |e| matches!(e, Event::Dahai { seat: S, .. }));
            assert_eq!(g.events[dahai - 1], Event::Dora { marker: tile("3z") });
            assert_eq!(g.wall.dora_indicators().len(), 2);
        } else {
            assert_eq!(g.events[kan + 1], Event::Dora { marker: tile("3z") });
            assert!(matches!(g.events[kan + 2], Event::Tsumo { seat: S, .. }));
        }

        // Kakan: South pons East's 7p, then draws the fourth.
        let s = Scenario::new(rules)
            .hands(["7p1369m1368s1234z", "77p2468m2468s567z", "?", "?"])
            .draws("? ? ? ? 7p")
            .dora("1z 3z");
        let mut g = s.game();
        g.tsumogiri_until(|g| g.turn() == E);
        g.discard(E, "7p");
        g.act(
            S,
            Action::Pon {
                tiles: [tile("7p"), tile("7p")],
            },
        );
        g.pass_all();
        g.discard(S, "5z");
        g.tsumogiri_until(|g| g.turn() == S);
        g.act(S, Action::Kakan { tile: tile("7p") });
        g.pass_all();
        let kan = pos(&g, |e| matches!(e, Event::Kakan { .. }));
        if after {
            assert!(matches!(g.events[kan + 1], Event::Tsumo { seat: S, .. }));
            g.discard(S, "6z");
            let dahai = g.events.len()
                - 1
                - g.events
                    .iter()
                    .rev()
                    .position(|e| matches!(e, Event::Dahai { seat: S, .. }))
                    .unwrap();
            assert_eq!(g.events[dahai - 1], Event::Dora { marker: tile("3z") });
        } else {
            assert_eq!(g.events[kan + 1], Event::Dora { marker: tile("3z") });
            assert!(matches!(g.events[kan + 2], Event::Tsumo { seat: S, .. }));
        }
    }
}

#[test]
fn a_kan_dora_owed_by_an_open_kan_comes_before_the_next_kan() {
    // South calls East's 7p (daiminkan), draws the fourth 1m from the dead wall and
    // makes a closed kan at once: the daiminkan's dora comes first, then the
    // ankan's, both before the second replacement draw.
    let s = Scenario::new(rules())
        .hands(["7p2469m1368s1234z", "777p111m2468s567z", "?", "?"])
        .rinshan("1m 2z")
        .dora("1z 3z 4z");
    let mut g = s.game();
    g.discard(E, "7p");
    g.act(S, Action::Daiminkan);
    g.pass_all();
    g.act(S, Action::Ankan { kind: 0 });
    let kan = pos(&g, |e| matches!(e, Event::Ankan { .. }));
    assert_eq!(g.events[kan + 1], Event::Dora { marker: tile("3z") });
    assert_eq!(g.events[kan + 2], Event::Dora { marker: tile("4z") });
    assert_eq!(
        g.events[kan + 3],
        Event::Tsumo {
            seat: S,
            tile: tile("2z")
        }
    );
}

#[test]
fn rinshan_kaihou_on_the_replacement_tile() {
    // South calls East's 7p (daiminkan) and draws 9s from the dead wall to
    // 234m 567m 345s 9s: rinshan kaihou, 1 han. Fu: 20 + open kan of simples 8
    // + tsumo 2 + tanki 2 = 32 → 40. Non-dealer tsumo of 40 × 2^3 = 320:
    // 640 → 700 from the dealer, 320 → 400 from each other: 1500.
    let s = Scenario::new(rules())
        .hands(["7p1369m1368s1234z", "777p234m567m345s9s", "?", "?"])
        .rinshan("9s")
        .dora("1z");
    let mut g = s.game();
    g.discard(E, "7p");
    g.act(S, Action::Daiminkan);
    g.pass_all();
    assert!(matches!(
        g.phase,
        Phase::Turn {
            seat: S,
            rinshan: true,
            ..
        }
    ));
    g.act(S, Action::Tsumo);
    assert_eq!(wins(&g), [(S, S, 1, 40, [-700, 1500, -400, -400])]);
}

#[test]
fn chankan_robs_an_added_kan() {
    // South pons East's 7p and later adds the fourth; West waits on 7p with 68p:
    // chankan 1 + tanyao 1; fu 20 + closed ron 10 + kanchan 2 = 32 → 40;
    // 40 × 2^4 × 4 = 2560 → 2600 from South.
    let s = Scenario::new(rules())
        .hands([
            "7p1479m2579s1234z",
            "77p1369m1368s567z",
            "68p234m567m234s88s",
            "?",
        ])
        .draws("? ? ? ? 7p")
        .dora("1z");
    let mut g = s.game();
    g.discard(E, "7p");
    g.act(
        S,
        Action::Pon {
            tiles: [tile("7p"), tile("7p")],
        },
    );
    g.pass_all();
    g.discard(S, "5z");
    g.tsumogiri_until(|g| g.turn() == S);
    g.act(S, Action::Kakan { tile: tile("7p") });
    assert!(g.can(W, is_ron));
    g.act(W, Action::Ron);
    g.pass_all();
    assert_eq!(wins(&g), [(W, S, 2, 40, [0, -2600, 2600, 0])]);
}

fn kokushi_wall(rules: Rules) -> Scenario {
    // East holds 111m and draws the fourth; North is kokushi tenpai on 1m.
    Scenario::new(rules)
        .hands(["111m2468p2468s56m", "?", "?", "99m19p19s1234567z"])
        .draws("1m")
}

#[test]
fn kokushi_robs_a_closed_kan_only_by_rule() {
    // Tenhou: no.
    let mut g = kokushi_wall(rules()).game();
    g.act(E, Action::Ankan { kind: 0 });
    assert!(!g.can(N, is_ron));
    assert!(matches!(
        g.phase,
        Phase::Turn {
            seat: E,
            rinshan: true,
            ..
        }
    ));
    // kokushi_robs_ankan: North wins a yakuman on it, 32000 from East.
    let mut g = kokushi_wall(with(|r| r.kokushi_robs_ankan = true)).game();
    g.act(E, Action::Ankan { kind: 0 });
    assert!(g.can(N, is_ron));
    g.act(N, Action::Ron);
    g.pass_all();
    assert_eq!(win_deltas(&g), [-32000, 0, 0, 32000]);
}

#[test]
fn a_closed_kan_makes_no_furiten() {
    // kokushi_robs_ankan on, so the closed kan is offered to claims. South waits on
    // 1m-4m with 23m; East makes a closed kan of 4m, then discards 1m: South may
    // ron it (the kan's tile was no discard South passed).
    let s = Scenario::new(with(|r| r.kokushi_robs_ankan = true))
        .hands(["444m1m2468p2468s5z", "23m456p678p345s99s", "?", "?"])
        .draws("4m")
        .rinshan("7z")
        .dora("1z");
    let mut g = s.game();
    g.act(E, Action::Ankan { kind: 3 });
    g.pass_all();
    assert!(!g.players[S].temporary_furiten);
    g.discard(E, "1m");
    assert!(g.can(S, is_ron));
}

#[test]
fn closed_kan_after_riichi_only_when_the_waits_stay() {
    // 111m 456p 789p 23s 99s waits 1s-4s: a kan of the drawn 1m keeps the waits.
    // 1112m 456p 789p 999s waits 2m and 3m: a kan of 1m leaves only 2m, refused.
    for (hand, allowed) in [("111m456p789p23s99s", true), ("1112m456p789p999s", false)] {
        let s = Scenario::new(rules())
            .hands([hand, "?", "?", "?"])
            .draws("7z ? ? ? 1m");
        let mut g = s.game();
        g.riichi(E, "7z");
        g.tsumogiri_until(|g| g.turn() == E);
        assert_eq!(
            g.can(E, |a| *a == Action::Ankan { kind: 0 }),
            allowed,
            "{hand}"
        );
        // Otherwise only the drawn tile may go.
        assert!(g.legal_actions(E).iter().all(|a| matches!(
            a,
            Action::Discard {
                tsumogiri: true,
                ..
            } | Action::Ankan { .. }
                | Action::Tsumo
        )));
    }
}

#[test]
fn no_kan_without_a_wall_tile() {
    // South holds four 8s all hand: a closed kan is offered on every draw but the
    // last one (the haitei), when no tile is left to move to the dead wall.
    let s = Scenario::new(rules()).hands(["?", "8888s1379m1379p5z", "?", "?"]);
    let mut g = s.game();
    g.tsumogiri_until(|g| {
        if g.turn() == S {
            let kan = g.can(S, |a| *a == Action::Ankan { kind: 25 });
            assert_eq!(kan, g.wall.live_remaining() > 0);
        }
        g.wall.live_remaining() == 0
    });
    assert_eq!(g.turn(), S);
    assert!(!g.can(S, |a| matches!(a, Action::Ankan { .. })));
}

// ---------------------------------------------------------------------------
// Riichi.

#[test]
fn riichi_needs_a_closed_tenpai_hand() {
    // Tenpai: riichi on 7z; not on 1p, which breaks the tenpai.
    let s = Scenario::new(rules())
        .hands(["123m456m789m11p23s", "?", "?", "?"])
        .draws("7z");
    let g = s.game();
    let riichi_on = |t: &str| {
        let t = tile(t);
        g.can(
            E,
            |a| matches!(a, Action::Riichi { tile: d, .. } if *d == t),
        )
    };
    assert!(riichi_on("7z"));
    assert!(!riichi_on("1p"));
    // Not tenpai: no riichi.
    let s = Scenario::new(rules())
        .hands(["123m456m789m19p29s", "?", "?", "?"])
        .draws("7z");
    assert!(!s.game().can(E, is_riichi));
    // An open hand: South pons 5z and is tenpai on its next draw, without riichi.
    let s = Scenario::new(rules())
        .hands(["5z1379p1379s2468s", "55z123m456m789m23s", "?", "?"])
        .draws("? 1z ? ? 7z");
    let mut g = s.game();
    g.discard(E, "5z");
    g.act(
        S,
        Action::Pon {
            tiles: [tile("5z"), tile("5z")],
        },
    );
    g.pass_all();
    g.discard(S, "3s");
    g.tsumogiri_until(|g| g.turn() == S);
    assert_eq!(g.players[S].concealed.last(), Some(&tile("7z")));
    assert!(!g.can(S, is_riichi));
}

#[test]
fn furiten_riichi_is_allowed() {
    // East draws 4s and discards it, then sits on 1s-4s with 4s in its river:
    // furiten, and riichi is still offered (Tenhou).
    let s = Scenario::new(rules())
        .hands(["123m456m789m11p23s", "?", "?", "?"])
        .draws("4s ? ? ? 7z");
    let mut g = s.game();
    g.discard(E, "4s");
    g.tsumogiri_until(|g| g.turn() == E);
    assert!(g.can(
        E,
        |a| matches!(a, Action::Riichi { tile: t, .. } if *t == tile("7z"))
    ));
}

#[test]
fn riichi_min_points() {
    let s = |min: Option<u32>| {
        Scenario::new(with(|r| r.riichi_min_points = min))
            .hands(["123m456m789m11p23s", "?", "?", "?"])
            .draws("7z")
    };
    let can = |min: Option<u32>, points: i64| {
        let mut g = s(min).game();
        g.scores = [points, 50000 - points, 25000, 25000];
        g.can(E, is_riichi)
    };
    assert!(can(Some(1000), 1000));
    assert!(!can(Some(1000), 900));
    // No minimum: even below 1000.
    assert!(can(None, 900));
    assert!(can(None, -5000));
}

#[test]
fn riichi_min_wall() {
    // West stays tenpai all hand; it draws with 7 tiles left, then 3.
    let s = |min: u8| {
        Scenario::new(with(|r| r.riichi_min_wall = min)).hands([
            "?",
            "?",
            "123m456m789m11p23s",
            "?",
        ])
    };
    for (min, at7, at3) in [(4, true, false), (3, true, true), (1, true, true)] {
        let mut g = s(min).game();
        g.tsumogiri_until(|g| g.turn() == W && g.wall.live_remaining() == 7);
        assert_eq!(g.can(W, is_riichi), at7, "min {min}, 7 left");
        g.tsumogiri(W);
        g.tsumogiri_until(|g| g.turn() == W);
        assert_eq!(g.wall.live_remaining(), 3);
        assert_eq!(g.can(W, is_riichi), at3, "min {min}, 3 left");
    }
}

#[test]
fn riichi_stick_not_paid_when_the_riichi_discard_is_ronned() {
    // East declares riichi on 6p; South rons it: tanyao pinfu 2000, no stick.
    let s = Scenario::new(rules())
        .hands(["123m456m789m11p23s", "234m567m234s88s45p", "?", "?"])
        .draws("6p")
        .dora("1z");
    let mut g = s.game();
    g.riichi(E, "6p");
    g.act(S, Action::Ron);
    g.pass_all();
    assert!(g
        .last_event(|e| matches!(e, Event::RiichiAccepted { .. }))
        .is_none());
    assert_eq!(g.scores, [23000, 27000, 25000, 25000]);
    assert_eq!(g.riichi_sticks, 0);
    g.check_invariants().unwrap();

    // A riichi discard that is called (West pons 7z) is accepted: the stick is paid.
    let s = Scenario::new(rules())
        .hands(["123m456m789m11p23s", "?", "77z1379m1379p159s", "?"])
        .draws("7z");
    let mut g = s.game();
    g.riichi(E, "7z");
    g.act(
        W,
        Action::Pon {
            tiles: [tile("7z"), tile("7z")],
        },
    );
    g.pass_all();
    assert!(g.players[E].riichi_at.is_some());
    assert_eq!((g.scores[E], g.riichi_sticks), (24000, 1));
}

/// East: 234m 567m 678p 11p 23s, riichi on its first discard (1z), waiting 1s-4s.
/// Dora 6z and ura 7z are nowhere.
fn riichi_east(draws: &str) -> Scenario {
    Scenario::new(rules())
        .hands(["234m567m678p11p23s", "?", "99m1379p1379s567z", "?"])
        .draws(draws)
        .dora("5z")
        .ura("6z")
}

#[test]
fn ippatsu_is_broken_by_a_call() {
    // No call: East tsumos 4s on its next draw. Double riichi 2 + ippatsu 1 +
    // tsumo 1 + pinfu 1 = 5 han: a dealer mangan tsumo, 4000 from each, and East
    // takes back its own riichi stick (+1000).
    let mut g = riichi_east("1z ? ? ? 4s").game();
    g.riichi(E, "1z");
    g.tsumogiri_until(|g| g.turn() == E);
    g.act(E, Action::Tsumo);
    assert_eq!(wins(&g)[0].2, 5);
    assert_eq!(win_deltas(&g), [13000, -4000, -4000, -4000]);
    // West pons South's 9m in between: no ippatsu. 4 han 20 fu: 20 × 2^6 = 1280,
    // 2560 → 2600 from each, and the stick back.
    let mut g = riichi_east("1z 9m ? 4s").game();
    g.riichi(E, "1z");
    g.pass_all();
    g.tsumogiri(S);
    g.act(
        W,
        Action::Pon {
            tiles: [tile("9m"), tile("9m")],
        },
    );
    g.pass_all();
    g.discard(W, "5z");
    g.tsumogiri_until(|g| g.turn() == E);
    g.act(E, Action::Tsumo);
    assert_eq!(wins(&g)[0].2, 4);
    assert_eq!(win_deltas(&g), [8800, -2600, -2600, -2600]);
}

/// Whether the current hand's first win counts ippatsu.
fn has_ippatsu(g: &Game) -> bool {
    g.events
        .iter()
        .rev()
        .any(|e| matches!(e, Event::Hora(w) if w.yaku.iter().any(|(y, _)| *y == Yaku::Ippatsu)))
}

#[test]
fn ippatsu_is_broken_by_another_seats_closed_kan() {
    // East riichis on its first discard and tsumos 4s on its next draw. South holds
    // four 4p: when it declares them as a closed kan in between, the go-around is
    // interrupted and East's win has no ippatsu (it keeps it when South discards).
    let scenario = |draws: &str| {
        Scenario::new(rules())
            .hands([
                "234m567m678p11p23s",
                "4444p12468m2468s",
                "99m1379p1379s567z",
                "?",
            ])
            .draws(draws)
            .dora("5z")
            .ura("6z")
    };
    let mut g = scenario("1z 7z ? ? 4s").game();
    g.riichi(E, "1z");
    g.pass_all();
    g.tsumogiri_until(|g| g.turn() == E);
    g.act(E, Action::Tsumo);
    assert!(has_ippatsu(&g), "no kan: ippatsu");
    let mut g = scenario("1z 7z ? ? 4s").game();
    g.riichi(E, "1z");
    g.pass_all();
    g.act(
        S,
        Action::Ankan {
            kind: tile("4p").kind(),
        },
    );
    g.tsumogiri_until(|g| g.turn() == E);
    g.act(E, Action::Tsumo);
    assert!(!has_ippatsu(&g), "a closed kan by South broke it");
    assert!(g
        .events
        .iter()
        .any(|e| matches!(e, Event::Ankan { seat: S, .. })));
}

#[test]
fn double_riichi_on_the_first_uninterrupted_discard() {
    // Riichi on the first discard, tsumo two draws later (no ippatsu): double
    // riichi 2 + tsumo 1 + pinfu 1 = 4 han 20 fu, 2600 from each (+1000: East's
    // own stick back).
    let mut g = riichi_east("1z ? ? ? 2z ? ? ? 4s").game();
    g.riichi(E, "1z");
    g.tsumogiri_until(|g| g.turn() == E);
    g.tsumogiri(E);
    g.tsumogiri_until(|g| g.turn() == E);
    g.act(E, Action::Tsumo);
    assert_eq!(wins(&g)[0].2, 4);
    assert_eq!(win_deltas(&g), [8800, -2600, -2600, -2600]);
    // Riichi on the second discard: riichi 1 + tsumo 1 + pinfu 1 = 3 han 20 fu,
    // 640 × 2 = 1280 → 1300 from each, and the stick back.
    let mut g = riichi_east("1z ? ? ? 2z ? ? ? 3z ? ? ? 4s").game();
    g.discard(E, "1z");
    g.tsumogiri_until(|g| g.turn() == E);
    g.riichi(E, "2z");
    g.tsumogiri_until(|g| g.turn() == E);
    g.tsumogiri(E);
    g.tsumogiri_until(|g| g.turn() == E);
    g.act(E, Action::Tsumo);
    assert_eq!(wins(&g)[0].2, 3);
    assert_eq!(win_deltas(&g), [4900, -1300, -1300, -1300]);
}

/// The yaku of the current hand's first win.
fn win_yaku(g: &Game) -> Vec<Yaku> {
    match g.last_event(|e| matches!(e, Event::Hora { .. })) {
        Some(Event::Hora(w)) => w.yaku.iter().map(|(y, _)| *y).collect(),
        _ => panic!("no win"),
    }
}

#[test]
fn double_riichi_not_after_a_call() {
    // North riichis on its first discard and tsumos 4p (234m 567m 678s 11s 23p).
    // With no call before, it is a double riichi; when West pons East's first
    // discard, 9m, the go-around is interrupted and it is a plain riichi. Every
    // 1p and 4p is placed, so no filler completes North's hand.
    let scenario = |draws: &str| {
        Scenario::new(rules())
            .hands([
                "9m1379p1379s1234z",
                "?",
                "99m2468p2468s567z",
                "234m567m678s11s23p",
            ])
            .draws(draws)
            .dead("1p1p1p4p4p")
            .dora("5z")
    };
    let mut g = scenario("? ? ? 7z ? ? ? 4p").game();
    g.discard(E, "9m");
    g.tsumogiri_until(|g| g.turn() == N);
    g.riichi(N, "7z");
    g.tsumogiri_until(|g| g.turn() == N);
    g.act(N, Action::Tsumo);
    let yaku = win_yaku(&g);
    assert!(yaku.contains(&Yaku::DoubleRiichi), "{yaku:?}");

    let mut g = scenario("? 7z ? ? ? 4p").game();
    g.discard(E, "9m");
    g.act(
        W,
        Action::Pon {
            tiles: [tile("9m"), tile("9m")],
        },
    );
    g.pass_all();
    g.discard(W, "5z");
    g.pass_all();
    assert_eq!(g.turn(), N);
    g.riichi(N, "7z");
    g.tsumogiri_until(|g| g.turn() == N);
    g.act(N, Action::Tsumo);
    let yaku = win_yaku(&g);
    assert!(yaku.contains(&Yaku::Riichi), "{yaku:?}");
    assert!(!yaku.contains(&Yaku::DoubleRiichi), "{yaku:?}");
}

// ---------------------------------------------------------------------------
// First-turn and last-tile wins.

#[test]
fn tenhou_chiihou_renhou() {
    // Tenhou: 16000 from each.
    let mut g = tenhou_wall(rules()).game();
    g.act(E, Action::Tsumo);
    assert_eq!(win_deltas(&g), [48000, -16000, -16000, -16000]);
    // Chiihou: 16000 from the dealer, 8000 from each other.
    let mut g = chiihou_wall(rules()).game();
    g.discard(E, "6z");
    g.pass_all();
    g.act(S, Action::Tsumo);
    assert_eq!(win_deltas(&g), [-16000, 32000, -8000, -8000]);
    // A call before South's first draw: West pons the 6z. Then the same tsumo is
    // tsumo + tanyao + pinfu, 3 han 20 fu: 640 → 1300 from the dealer, 700 from
    // each other.
    let mut g = Scenario::new(rules())
        .hands([
            "1379m1379p1379s5z",
            "234m567m234s88s45p",
            "66z2468p1379s577z",
            "?",
        ])
        .draws("6z ? ? 6p")
        .dora("1z")
        .game();
    g.discard(E, "6z");
    g.act(
        W,
        Action::Pon {
            tiles: [tile("6z"), tile("6z")],
        },
    );
    g.pass_all();
    g.discard(W, "5z");
    g.tsumogiri_until(|g| g.turn() == S);
    g.act(S, Action::Tsumo);
    assert_eq!(win_deltas(&g), [-1300, 2700, -700, -700]);

    // Renhou: South rons East's first discard. Off (Tenhou): tanyao pinfu 2000;
    // renhou = mangan: 8000.
    let renhou = |r: Renhou| {
        let mut g = ron_wall(with(|x| x.renhou = r)).game();
        g.discard(E, "6p");
        g.act(S, Action::Ron);
        g.pass_all();
        win_deltas(&g)
    };
    assert_eq!(renhou(Renhou::None), [-2000, 2000, 0, 0]);
    assert_eq!(renhou(Renhou::Mangan), [-8000, 8000, 0, 0]);
}

#[test]
fn haitei_tsumo_on_the_last_wall_tile() {
    // South (tanki 7z on 234m 567m 234s 888s) draws the last tile, 7z:
    // haitei 1 + tsumo 1; fu 20 + tsumo 2 + closed triplet 4 + tanki 2 = 28 → 30.
    // 30 × 2^4 = 480: 960 → 1000 from the dealer, 500 from each other.
    let s = Scenario::new(rules())
        .hands(["?", "234m567m234s888s7z", "?", "?"])
        .haitei("7z")
        .dead("7z 7z")
        .dora("1z");
    let mut g = s.game();
    g.tsumogiri_until(|g| g.wall.live_remaining() == 0);
    assert_eq!(g.turn(), S);
    g.act(S, Action::Tsumo);
    assert_eq!(wins(&g), [(S, S, 2, 30, [-1000, 2000, -500, -500])]);
}

#[test]
fn houtei_ron_and_no_call_on_the_last_discard() {
    // South draws the last tile, 7z, and discards it. West (tanki 7z) rons:
    // houtei 1; fu 20 + closed ron 10 + closed triplet 4 + tanki 2 = 36 → 40;
    // 40 × 2^3 × 4 = 1280 → 1300. North holds 77z but may not pon it.
    let s = Scenario::new(rules())
        .hands(["?", "?", "234m567m234s888s7z", "77z1379m1379p159s"])
        .haitei("7z")
        .dora("1z");
    let mut g = s.game();
    g.tsumogiri_until(|g| g.wall.live_remaining() == 0);
    assert_eq!(g.turn(), S);
    g.discard(S, "7z");
    assert!(!g.can(N, |a| matches!(a, Action::Pon { .. } | Action::Daiminkan)));
    assert!(g.can(W, is_ron));
    g.act(W, Action::Ron);
    g.pass_all();
    assert_eq!(wins(&g), [(W, S, 1, 40, [0, -1300, 1300, 0])]);
}

#[test]
fn haitei_with_rinshan_per_rule() {
    // East (111m 234p 567p 345s 9s, tanki 9s) draws the fourth 1m with the
    // 69th draw, leaving one live tile, and makes a closed kan: the kan moves that
    // tile to the dead wall, so the replacement 9s is the hand's last tile. The
    // other 9s and every 1m are placed, the kan dora (1z → 2z) is nowhere.
    // Rinshan 1 + menzen tsumo 1; fu 20 + tsumo 2 + closed kan of terminals 32
    // + tanki 2 = 56 → 60. Dealer tsumo, 2 han: 60 × 2^4 = 960, × 2 = 1920 →
    // 2000 from each (+6000). With haitei, 3 han: 1920 × 2 = 3840 → 3900 from each
    // (+11700).
    let play = |rules: Rules| {
        let s = Scenario::new(rules)
            .hands(["111m234p567p345s9s", "?", "?", "?"])
            .draw_at(68, "1m")
            .rinshan("9s")
            .dead("9s 9s")
            .dora("1z 1z");
        let mut g = s.game();
        g.tsumogiri_until(|g| g.turn() == E && g.wall.live_remaining() == 1);
        assert_eq!(g.players[E].concealed.last(), Some(&tile("1m")));
        g.act(E, Action::Ankan { kind: 0 });
        assert!(matches!(
            g.phase,
            Phase::Turn {
                seat: E,
                rinshan: true,
                ..
            }
        ));
        assert_eq!(g.wall.live_remaining(), 0);
        g.act(E, Action::Tsumo);
        let yaku = match g.last_event(|e| matches!(e, Event::Hora { .. })) {
            Some(Event::Hora(w)) => w.yaku.clone(),
            _ => unreachable!("a win"),
        };
        (yaku, wins(&g))
    };
    // Tenhou (off): rinshan and tsumo only.
    let (yaku, w) = play(rules());
    assert_eq!(
        yaku,
        [(Yaku::MenzenTsumo, 1), (Yaku::RinshanKaihou, 1)],
        "{yaku:?}"
    );
    assert_eq!(w, [(E, E, 2, 60, [6000, -2000, -2000, -2000])]);
    // On: haitei too.
    let (yaku, w) = play(with(|r| r.haitei_with_rinshan = true));
    assert!(yaku.contains(&(Yaku::HaiteiRaoyue, 1)), "{yaku:?}");
    assert!(yaku.contains(&(Yaku::RinshanKaihou, 1)), "{yaku:?}");
    assert_eq!(w, [(E, E, 3, 60, [11700, -3900, -3900, -3900])]);
}

// ---------------------------------------------------------------------------
// Pao.

fn daisangen_game(rules: Rules) -> Game {
    // South pons 5z from East, 6z and 7z from West, then draws 9p to 234m 9p.
    let s = Scenario::new(rules)
        .hands([
            "5z1379m1357p2468s",
            "55z66z77z234m99p12s",
            "67z468m2468p1379s",
            "?",
        ])
        .draws("? ? ? ? ? ? 9p")
        .dora("1z");
    let mut g = s.game();
    let pon = |t: &str| Action::Pon {
        tiles: [tile(t), tile(t)],
    };
    g.discard(E, "5z");
    g.act(S, pon("5z"));
    g.pass_all();
    g.discard(S, "1s");
    g.pass_all();
    g.discard(W, "6z");
    g.act(S, pon("6z"));
    g.pass_all();
    g.discard(S, "2s");
    g.pass_all();
    g.discard(W, "7z");
    g.act(S, pon("7z"));
    g.pass_all();
    assert_eq!(g.players[S].pao, Some(W));
    g.discard(S, "9p");
    g.tsumogiri_until(|g| g.turn() == S);
    g.act(S, Action::Tsumo);
    g
}

#[test]
fn pao_daisangen_tsumo_is_paid_by_the_liable_player() {
    // Non-dealer yakuman tsumo, 32000: all from West, who fed the third dragon.
    let g = daisangen_game(rules());
    assert_eq!(win_deltas(&g), [0, 32000, -32000, 0]);
    // Without pao: 16000 from the dealer, 8000 from each other.
    let g = daisangen_game(with(|r| r.pao_daisangen = false));
    assert_eq!(win_deltas(&g), [-16000, 32000, -8000, -8000]);
}

#[test]
fn pao_daisangen_ron_is_split_with_the_discarder() {
    // As above, but South keeps 34m 99p (waits 2m-5m) and North deals in 5m: the
    // 32000 ron is paid half by West (liable), half by North.
    let play = |rules: Rules| {
        let s = Scenario::new(rules)
            .hands([
                "5z1379m1357p2468s",
                "55z66z77z34m99p129s",
                "67z468m2468p1379s",
                "5m",
            ])
            .draws("? ? ? 1z")
            .dora("1z");
        let mut g = s.game();
        let pon = |t: &str| Action::Pon {
            tiles: [tile(t), tile(t)],
        };
        g.discard(E, "5z");
        g.act(S, pon("5z"));
        g.pass_all();
        g.discard(S, "1s");
        g.pass_all();
        g.discard(W, "6z");
        g.act(S, pon("6z"));
        g.pass_all();
        g.discard(S, "2s");
        g.pass_all();
        g.discard(W, "7z");
        g.act(S, pon("7z"));
        g.pass_all();
        g.discard(S, "9s");
        g.pass_all();
        g.tsumogiri(W);
        g.pass_all();
        g.discard(N, "5m");
        g.act(S, Action::Ron);
        g.pass_all();
        win_deltas(&g)
    };
    assert_eq!(play(rules()), [0, 32000, -16000, -16000]);
    assert_eq!(
        play(with(|r| r.pao_daisangen = false)),
        [0, 32000, 0, -32000]
    );
}

/// East makes three closed kans on its first turn (1m, 2m, 3m), keeping 777p 5p,
/// then calls West's 7p for its fourth kan and later draws 5p: suukantsu tsumo.
fn suukantsu_game(rules: Rules) -> Game {
    let s = Scenario::new(rules)
        .hands(["1111m2222m3333m7p", "?", "7p", "?"])
        // East's draws: 7p, then 5p on its next turn (draw 6; North's turn is
        // skipped by the call).
        .draws("7p")
        .draw_at(6, "5p")
        // Replacements: 7p, 5p, 1z for the three closed kans, 2z for the open one.
        .rinshan("7p 5p 1z 2z")
        .dead("5p 5p");
    let mut g = s.game();
    for kind in 0..3 {
        g.act(E, Action::Ankan { kind });
    }
    g.discard(E, "1z");
    g.pass_all();
    g.tsumogiri(S);
    g.pass_all();
    g.discard(W, "7p");
    g.act(E, Action::Daiminkan);
    g.pass_all();
    assert_eq!(g.players[E].kans, 4);
    // One player's four kans: no suukaikan.
    g.discard(E, "2z");
    g.tsumogiri_until(|g| g.turn() == E);
    assert_eq!(g.players[E].concealed.last(), Some(&tile("5p")));
    g
}

#[test]
fn pao_suukantsu_by_rule() {
    // A dealer yakuman tsumo: 48000. The win is on a plain draw, not on the open
    // kan's replacement tile, so only the suukantsu liability is at stake.
    // pao_suukantsu: West, who fed the fourth kan, pays it all.
    let mut g = suukantsu_game(with(|r| r.pao_suukantsu = true));
    assert_eq!(g.players[E].pao, Some(W));
    g.act(E, Action::Tsumo);
    assert!(matches!(
        g.last_event(|e| matches!(e, Event::Hora { .. })),
        Some(Event::Hora(w)) if w.yaku.contains(&(Yaku::Suukantsu, 13))
    ));
    assert_eq!(win_deltas(&g), [48000, 0, -48000, 0]);
    // Off (Tenhou): 16000 from each.
    let mut g = suukantsu_game(rules());
    assert_eq!(g.players[E].pao, None);
    g.act(E, Action::Tsumo);
    assert_eq!(win_deltas(&g), [48000, -16000, -16000, -16000]);
}

#[test]
fn dealer_among_double_ron_winners_keeps_the_deal() {
    // South discards 6p; West (nearest) and East (the dealer) both win with tanyao
    // pinfu: West 2000, East 30 × 2^4 × 6 = 2880 → 2900. South pays 4900.
    let s = Scenario::new(rules())
        .hands([
            "234m567m234s88s45p",
            "6p1379m1379p1379s",
            "345m678m345s66s45p",
            "258m258p258s1234z",
        ])
        .draws("1z 2z")
        .dora("9m");
    let mut g = s.game();
    g.tsumogiri(E);
    g.pass_all();
    g.discard(S, "6p");
    g.act(E, Action::Ron);
    g.act(W, Action::Ron);
    g.pass_all();
    assert_eq!(wins(&g).len(), 2);
    assert_eq!(g.scores, [27900, 20100, 27000, 25000]);
    next(&mut g);
    assert_eq!(started(&g), (E, 1, 0));
}

// ---------------------------------------------------------------------------
// Exhaustive draws.

fn exhaustive(rules: Rules, tenpai: [bool; 4]) -> Game {
    let mut g = draw_wall(rules, tenpai).game();
    play_out(&mut g);
    g
}

#[test]
fn exhaustive_draw_noten_payments() {
    let t = true;
    let f = false;
    // 3000 in all: one tenpai +3000 (1000 from each), two +1500 / -1500, three
    // +1000 each from the one noten; none or all: nothing.
    for (tenpai, deltas) in [
        ([t, f, f, f], [3000, -1000, -1000, -1000]),
        ([t, t, f, f], [1500, 1500, -1500, -1500]),
        ([t, t, t, f], [1000, 1000, 1000, -3000]),
        ([f, f, t, f], [-1000, -1000, 3000, -1000]),
        ([f, f, f, f], [0; 4]),
        ([t, t, t, t], [0; 4]),
    ] {
        let g = exhaustive(rules(), tenpai);
        assert_eq!(draw_of(&g), (DrawReason::Exhaustive, deltas), "{tenpai:?}");
    }
    // noten_payment_total = 6000: one tenpai +6000, 2000 from each.
    let g = exhaustive(with(|r| r.noten_payment_total = 6000), [f, t, f, f]);
    assert_eq!(draw_of(&g).1, [-2000, 6000, -2000, -2000]);
}

#[test]
fn waiting_only_on_a_fifth_copy_is_noten() {
    // South holds 123m 456p 789s 1111z: its only wait is a fifth East, so it is
    // noten (Tenhou). East alone is tenpai: +3000.
    let s = Scenario::new(rules())
        .hands([TENPAI[0], "123m456p789s1111z", NOTEN[2], NOTEN[3]])
        .dora("7z");
    let mut g = s.game();
    play_out(&mut g);
    assert_eq!(
        draw_of(&g),
        (DrawReason::Exhaustive, [3000, -1000, -1000, -1000])
    );
}

#[test]
fn renchan_on_dealer_tenpai_per_rule() {
    // Dealer tenpai: keeps the deal, honba 1.
    let mut g = exhaustive(rules(), [true, false, false, false]);
    next(&mut g);
    assert_eq!(started(&g), (E, 1, 0));
    // Dealer noten: the deal passes, honba 1 all the same.
    let mut g = exhaustive(rules(), [false, true, false, false]);
    next(&mut g);
    assert_eq!(started(&g), (S, 1, 0));
    // renchan_on_tenpai off: the tenpai dealer passes the deal too.
    let mut g = exhaustive(
        with(|r| r.renchan_on_tenpai = false),
        [true, false, false, false],
    );
    next(&mut g);
    assert_eq!(started(&g), (S, 1, 0));
}

fn nagashi_game(rules: Rules) -> Game {
    // North draws only terminals and honors and discards each; the others hold
    // simples. East (tanki 2s) and South (tanki 4s) are tenpai, West and North not.
    let mut s = Scenario::new(rules).hands([
        "234567m234567p2s",
        "234567m234567p4s",
        "234567s88m88p556s",
        "234567s66m66p778s",
    ]);
    let yaochuu = "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z 1m 9m 1p 9p";
    for (k, t) in yaochuu.split(' ').enumerate() {
        s = s.draw_at(4 * k + 3, t);
    }
    let mut g = s.game();
    play_out(&mut g);
    assert!(g.players[N].river.iter().all(|d| d.tile.is_yaochuu()));
    g
}

#[test]
fn nagashi_mangan_replaces_noten_payments() {
    // North's mangan as a tsumo: 4000 from the dealer, 2000 from each other.
    let mut g = nagashi_game(rules());
    assert_eq!(
        draw_of(&g),
        (DrawReason::NagashiMangan, [-4000, -2000, -2000, 8000])
    );
    // Settled as a draw: honba + 1, the tenpai dealer keeps the deal.
    next(&mut g);
    assert_eq!(started(&g), (E, 1, 0));
    // Off: an exhaustive draw, East and South tenpai: +1500 each.
    let g = nagashi_game(with(|r| r.nagashi_mangan = false));
    assert_eq!(
        draw_of(&g),
        (DrawReason::Exhaustive, [1500, 1500, -1500, -1500])
    );
}

#[test]
fn nagashi_mangan_not_when_a_discard_was_called() {
    // As above, but North's last discard, 7z, is ponned by East: North's river
    // holds a called tile, and the hand ends in a plain exhaustive draw.
    let play = |call: bool| {
        let mut s = Scenario::new(rules()).hands([
            "234567m23457p77z",
            "234567m234567p4s",
            "234567s88m88p556s",
            "234567s66m66p778s",
        ]);
        let yaochuu = "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 1s 1m 9m 1p 7z";
        for (k, t) in yaochuu.split(' ').enumerate() {
            s = s.draw_at(4 * k + 3, t);
        }
        let mut g = s.game();
        // North's 17th draw (draw 68 of 70) leaves 2 tiles.
        g.tsumogiri_until(|g| g.turn() == N && g.wall.live_remaining() == 2);
        g.tsumogiri(N);
        if call {
            g.act(
                E,
                Action::Pon {
                    tiles: [tile("7z"), tile("7z")],
                },
            );
            g.pass_all();
            g.discard(E, "2m");
        }
        play_out(&mut g);
        assert!(g.players[N].river.iter().all(|d| d.tile.is_yaochuu()));
        draw_of(&g).0
    };
    assert_eq!(play(false), DrawReason::NagashiMangan);
    assert_eq!(play(true), DrawReason::Exhaustive);
}

// ---------------------------------------------------------------------------
// Renchan, honba, game length, end of game.

#[test]
fn dealer_win_is_renchan_and_a_non_dealer_win_resets_honba() {
    let walls = vec![tenhou_wall(rules()).wall(), ron_wall(rules()).wall()];
    let mut g = Game::with_walls(rules(), 0, walls).unwrap();
    g.act(E, Action::Tsumo);
    next(&mut g);
    // The dealer won: same dealer, honba 1.
    assert_eq!(started(&g), (E, 1, 0));
    g.discard(E, "6p");
    g.act(S, Action::Ron);
    // 2000 + 300 for the honba.
    assert_eq!(win_deltas(&g), [-2300, 2300, 0, 0]);
    next(&mut g);
    assert_eq!(started(&g), (S, 0, 0));
}

/// A game on `walls`; each hand is played by `play` until the game ends.
fn hands_until_over(rules: Rules, walls: &[Scenario], play: impl Fn(&mut Game)) -> (Game, usize) {
    let walls = walls.iter().map(Scenario::wall).collect();
    let mut g = Game::with_walls(rules, 0, walls).unwrap();
    let mut hands = 0;
    loop {
        play(&mut g);
        hands += 1;
        if g.phase == Phase::GameOver {
            return (g, hands);
        }
        next(&mut g);
    }
}

/// The dealer discards 6p and the next seat rons: the deal passes every hand.
fn dealer_pays_next(g: &mut Game) {
    let d = g.dealer;
    g.discard(d, "6p");
    g.act((d + 1) % 4, Action::Ron);
    g.pass_all();
}

#[test]
fn game_length_one_hand_east_hanchan() {
    let r = |len: GameLength, west: bool| {
        with(|x| {
            x.game_length = len;
            x.west_extension = west;
        })
    };
    let walls = |rules: &Rules, n: usize| vec![ron_wall(rules.clone()); n];
    // one_hand: over after one hand, even an abortive draw.
    let rules = r(GameLength::OneHand, true);
    let (_, n) = hands_until_over(rules.clone(), &[tenhou_wall(rules)], |g| {
        g.act(E, Action::Tsumo);
    });
    assert_eq!(n, 1);
    // east: four hands. Every hand the dealer pays 2000 to the next seat, so all
    // end at 25000.
    let rules = r(GameLength::East, false);
    let (g, n) = hands_until_over(rules.clone(), &walls(&rules, 4), dealer_pays_next);
    assert_eq!(n, 4);
    assert_eq!(g.result.unwrap().points, [25000; 4]);
    // hanchan: eight.
    let rules = r(GameLength::Hanchan, false);
    let (_, n) = hands_until_over(rules.clone(), &walls(&rules, 8), dealer_pays_next);
    assert_eq!(n, 8);
}

#[test]
fn west_extension_when_nobody_has_the_return_points() {
    // An east game where nobody reaches 30000 goes on through South 4 at most.
    let east = with(|x| x.game_length = GameLength::East);
    let (_, n) = hands_until_over(east.clone(), &vec![ron_wall(east); 8], dealer_pays_next);
    assert_eq!(n, 8);
    // A hanchan through West 4 at most.
    let (_, n) = hands_until_over(rules(), &vec![ron_wall(rules()); 12], dealer_pays_next);
    assert_eq!(n, 12);
    // Sudden death: South's chiihou in West 1 (32000) ends it.
    let mut walls = vec![ron_wall(rules()); 8];
    walls.push(chiihou_wall(rules()));
    let (g, n) = hands_until_over(rules(), &walls, |g| {
        if g.round < 8 {
            dealer_pays_next(g);
        } else {
            let d = g.dealer;
            g.discard(d, "6z");
            g.pass_all();
            g.act((d + 1) % 4, Action::Tsumo);
        }
    });
    assert_eq!(n, 9);
    // West 1's dealer is seat 0; seat 1 wins 32000 to 57000.
    assert_eq!(g.result.unwrap().points[S], 57000);
}

/// South discards 6p; West (nearest) and East (the dealer) both win with tanyao
/// pinfu: West 2000, East 30 × 2^4 × 6 = 2880 → 2900 (see
/// `dealer_among_double_ron_winners_keeps_the_deal`).
fn dealer_and_west_ron_wall(rules: Rules) -> Scenario {
    Scenario::new(rules)
        .hands([
            "234m567m234s88s45p",
            "6p1379m1379p1379s",
            "345m678m345s66s45p",
            "258m258p258s1234z",
        ])
        .draws("1z 2z")
        .dora("9m")
}

#[test]
fn west_extension_dealer_repeat_takes_precedence() {
    // Tenhou's preset: in the extension the game ends as soon as someone has
    // the return points (30000), but a dealer repeat takes precedence. Both an
    // east game's South extension (first extension hand: round 4) and a hanchan's
    // West extension (round 8); the main hands all end at 25000 (the dealer pays
    // the next seat 2000 every hand), then the first extension hand, dealt by
    // seat 0, starts from the scores set below.
    for (length, first) in [(GameLength::East, 4), (GameLength::Hanchan, 8)] {
        let rules = with(|r| r.game_length = length);
        let run = |ext: Scenario, start: [i64; 4], play_ext: &dyn Fn(&mut Game)| {
            let mut walls = vec![ron_wall(rules.clone()); first as usize];
            walls.push(ext);
            walls.push(ron_wall(rules.clone()));
            let (g, n) = hands_until_over(rules.clone(), &walls, |g| {
                if g.round < first || g.honba > 0 {
                    dealer_pays_next(g);
                } else {
                    assert_eq!(g.dealer, E);
                    assert_eq!(g.scores, [25000; 4]);
                    g.scores = start;
                    play_ext(g);
                }
            });
            (g.result.expect("game over").points, n - first as usize)
        };
        // Dealer tenpai with South at an exhaustive draw: +1500 each, South
        // 28500 → 30000 with the return points, but the dealer (21000 → 22500)
        // keeps the deal, so the game goes on. In the repeat (1 honba) the dealer
        // pays South 2000 + 300: South 32300, the deal passes, game over.
        let start = [21000, 28500, 25500, 25000];
        let tenpai = |t: [bool; 4]| draw_wall(rules.clone(), t);
        let (points, ext_hands) = run(tenpai([true, true, false, false]), start, &|g| {
            play_out(g);
            assert_eq!(g.scores, [22500, 30000, 24000, 23500]);
            assert_eq!(g.phase, Phase::HandOver, "the dealer repeat comes first");
        });
        assert_eq!(ext_hands, 2, "{length:?}");
        assert_eq!(points, [20200, 32300, 24000, 23500]);
        // Dealer noten, South alone tenpai: South 28500 + 3000 = 31500, and the
        // game ends at once.
        let (points, ext_hands) = run(tenpai([false, true, false, false]), start, &|g| {
            play_out(g);
        });
        assert_eq!(ext_hands, 1, "{length:?}");
        assert_eq!(points, [20000, 31500, 24500, 24000]);

        // A dealer win that leaves the dealer below first: South deals in to West
        // (28000 + 2000 = 30000) and the dealer (21000 + 2900 = 23900). The
        // dealer repeats; then pays South 2300: over.
        let start = [21000, 26000, 28000, 25000];
        let (points, ext_hands) = run(dealer_and_west_ron_wall(rules.clone()), start, &|g| {
            g.tsumogiri(E);
            g.pass_all();
            g.discard(S, "6p");
            g.act(E, Action::Ron);
            g.act(W, Action::Ron);
            g.pass_all();
            assert_eq!(g.scores, [23900, 21100, 30000, 25000]);
            assert_eq!(g.phase, Phase::HandOver, "the dealer repeat comes first");
        });
        assert_eq!(ext_hands, 2, "{length:?}");
        assert_eq!(points, [21600, 23400, 30000, 25000]);
    }
}

/// An east game: three hands where the dealer pays the next seat 2000 (seat 0
/// ends at 23000, seat 3 at 27000), then East 4 dealt by seat 3.
fn east_all_last(rules: &Rules, last: Scenario, play_last: impl Fn(&mut Game)) -> Game {
    let rules = Rules {
        game_length: GameLength::East,
        ..rules.clone()
    };
    let mut walls = vec![ron_wall(rules.clone()); 3];
    walls.push(last);
    let (g, _) = hands_until_over(rules, &walls, |g| {
        if g.round < 3 {
            dealer_pays_next(g);
        } else {
            assert_eq!(g.dealer, N);
            assert_eq!(g.scores, [23000, 25000, 25000, 27000]);
            play_last(g);
            if g.phase == Phase::HandOver {
                // Stop here: the game went on.
                g.phase = Phase::GameOver;
            }
        }
    });
    g
}

#[test]
fn agari_yame_ends_the_game_when_the_last_dealer_wins_into_first() {
    // The all-last dealer (seat 3) wins a tenhou: 27000 + 48000, first.
    let tenhou = |g: &mut Game| g.act(N, Action::Tsumo);
    let g = east_all_last(&rules(), tenhou_wall(rules()), tenhou);
    assert!(g.result.is_some(), "game over");
    let g = east_all_last(
        &with(|r| r.agari_yame = false),
        tenhou_wall(rules()),
        tenhou,
    );
    assert!(g.result.is_none(), "the dealer plays on");
}

#[test]
fn yame_choice_lets_the_last_dealer_play_on() {
    // The same tenhou as above: with the dealer's choice the game ends there all
    // the same, until the dealer plays on; then the points are the hand's (75000,
    // no uma or oka paid), the phase is after the hand and the next hand is the
    // dealer's repeat (East 4, 1 honba).
    let tenhou = |g: &mut Game| g.act(N, Action::Tsumo);
    let choice = with(|r| r.yame_choice = true);
    let mut g = east_all_last(&choice, tenhou_wall(rules()), tenhou);
    assert!(g.result.is_some() && g.may_play_on(), "over, with a choice");
    let before_end = g.events.len() - 1;
    assert!(matches!(g.events[before_end], Event::EndGame { .. }));
    g.play_on().expect("the dealer plays on");
    assert_eq!(g.events.len(), before_end, "EndGame taken back");
    assert!(g.result.is_none() && !g.may_play_on());
    assert_eq!(g.phase, Phase::HandOver);
    assert_eq!(g.scores, [7000, 9000, 9000, 75000]);
    assert!(g.play_on().is_err(), "once only");
    g.next_hand().expect("the repeat");
    assert_eq!((g.round, g.dealer, g.honba), (3, N, 1));
    // Without the choice the end is final, and refused to play on unchanged.
    let mut g = east_all_last(&rules(), tenhou_wall(rules()), tenhou);
    let before = g.clone();
    assert!(!g.may_play_on() && g.play_on().is_err());
    assert!(g == before);
}

#[test]
fn agari_yame_needs_the_return_points() {
    // The all-last dealer (27000) wins 2900 from seat 0: first, but 29900 is below
    // 30000, so the game goes on.
    let last = Scenario::new(rules())
        .hands([
            "234m567m234s88s45p",
            "6p1379m1379p1379s",
            "?",
            "258m258p258s1234z",
        ])
        .draws("1z 2z")
        .dora("9m");
    let g = east_all_last(&rules(), last, |g| {
        g.tsumogiri(N);
        g.pass_all();
        g.discard(E, "6p");
        g.act(N, Action::Ron);
        g.pass_all();
        assert_eq!(g.scores[N], 29900);
    });
    assert!(
        g.result.is_none(),
        "the dealer plays on below the return points"
    );
}

#[test]
fn tenpai_yame_ends_the_game_when_the_last_dealer_is_tenpai_in_first() {
    // The all-last dealer alone tenpai: 27000 + 3000 = 30000, first.
    let last = draw_wall(rules(), [true, false, false, false]);
    let g = east_all_last(&rules(), last.clone(), play_out);
    assert!(g.result.is_some(), "game over");
    let g = east_all_last(&with(|r| r.tenpai_yame = false), last.clone(), play_out);
    assert!(g.result.is_none(), "tenpai-yame off: the dealer plays on");
    // Neither yame applies to an abortive draw. The dealer made first with 40000:
    // a kyuushu kyuuhai in all-last is renchan and play goes on.
    let kyuushu = Scenario::new(rules())
        .hands(["19m19p19s123z2356m", "?", "?", "?"])
        .draws("4m");
    let g = east_all_last(&rules(), kyuushu, |g| {
        g.scores = [20000, 20000, 20000, 40000];
        g.act(N, Action::KyuushuKyuuhai);
    });
    assert!(g.result.is_none(), "an abortive draw does not end the game");
}

#[test]
fn tobi_below_zero_ends_the_game() {
    let play = |rules: Rules, east: i64| {
        let mut g = ron_wall(rules).game();
        g.scores = [east, 50000 - east, 25000, 25000];
        dealer_pays_next(&mut g);
        g
    };
    // East at 1000 pays 2000: -1000, game over.
    let g = play(rules(), 1000);
    assert_eq!(g.phase, Phase::GameOver);
    assert_eq!(g.result.unwrap().points[E], -1000);
    // Exactly 0 plays on.
    assert_eq!(play(rules(), 2000).phase, Phase::HandOver);
    // tobi off: play on below zero.
    let g = play(with(|r| r.tobi = false), 1000);
    assert_eq!(g.phase, Phase::HandOver);
    assert_eq!(g.scores[E], -1000);
}

#[test]
fn final_result_at_game_end() {
    // A Tenhou example: 35700 / 27300 / 22400 / 14600. 2nd 27300 → 27000: -3 + 10
    // = 7; 3rd 22400 → 22000: -8 - 10 = -18; 4th 14600 → 15000: -15 - 20 = -35;
    // 1st takes the rest: 46 (in tenths: 460, 70, -180, -350).
    let one = with(|r| r.game_length = GameLength::OneHand);
    let kyuushu = Scenario::new(one.clone())
        .hands(["19m19p19s123z2356m", "?", "?", "?"])
        .draws("4m");
    let mut g = kyuushu.game();
    g.scores = [35700, 27300, 22400, 14600];
    g.act(E, Action::KyuushuKyuuhai);
    assert_eq!(g.phase, Phase::GameOver);
    let r = g.result.unwrap();
    assert_eq!(r.scores, [460, 70, -180, -350]);
    assert_eq!(r.ranks, [1, 2, 3, 4]);
    assert_eq!(g.events.last(), Some(&Event::EndGame { scores: r.points }));

    // Suucha riichi ends a one-hand game with 4 sticks on the table and everyone at
    // 24000: ties by seat, East first takes the sticks (28000). 2nd 24000: -6 + 10
    // = 4; 3rd -6 - 10 = -16; 4th -6 - 20 = -26; 1st: 38 (-2 + 20 + 20 oka).
    let mut g = suucha_wall(one.clone()).game();
    four_riichi(&mut g);
    let r = g.result.unwrap();
    assert_eq!(r.points, [28000, 24000, 24000, 24000]);
    assert_eq!(r.scores, [380, 40, -160, -260]);
    // Leftover sticks unclaimed: East keeps 24000 and scores -6 + 40 = 34.
    let mut g = suucha_wall(Rules {
        leftover_sticks: LeftoverSticks::None,
        ..one
    })
    .game();
    four_riichi(&mut g);
    let r = g.result.unwrap();
    assert_eq!(r.points, [24000; 4]);
    assert_eq!(r.scores, [340, 40, -160, -260]);
}

/// East (the dealer) discards 1z, then tsumos 4s on its next draw: tsumo and
/// pinfu, 2 han 20 fu, 700 from each; `before` wins in a row before it.
fn dealer_tsumo(rules: Rules, before: u32) -> Game {
    let mut g = Scenario::new(rules)
        .hands(["234m567m678p11p23s", "?", "99m1379p1379s567z", "?"])
        .draws("1z ? ? ? 4s")
        .game();
    g.dealer_wins = before;
    g.discard(E, "1z");
    g.tsumogiri_until(|g| g.turn() == E);
    g.act(E, Action::Tsumo);
    g
}

fn has_paarenchan(g: &Game) -> bool {
    g.events
        .iter()
        .rev()
        .any(|e| matches!(e, Event::Hora(w) if w.yaku.iter().any(|(y, _)| *y == Yaku::Paarenchan)))
}

#[test]
fn paarenchan_from_the_dealers_eighth_win_in_a_row() {
    let wins_rule = with(|r| r.paarenchan = Paarenchan::Wins);
    // Seven wins before: this is the eighth, a yakuman (16000 from each).
    let mut g = dealer_tsumo(wins_rule.clone(), 7);
    assert!(has_paarenchan(&g));
    assert_eq!(win_deltas(&g), [48000, -16000, -16000, -16000]);
    // The next win would be the ninth: still a paarenchan.
    next(&mut g);
    assert_eq!(g.tsumo_context(E, false).dealer_streak, 9);
    // Six before: the seventh, tsumo and pinfu only.
    let g = dealer_tsumo(wins_rule, 6);
    assert!(!has_paarenchan(&g));
    assert_eq!(win_deltas(&g), [2100, -700, -700, -700]);
    // Without the rule nothing is counted.
    let g = dealer_tsumo(rules(), 7);
    assert!(!has_paarenchan(&g));
    assert_eq!(g.tsumo_context(S, false).dealer_streak, 0);
}

#[test]
fn paarenchan_by_dealerships_counts_the_dealers_hands() {
    let rules = with(|r| r.paarenchan = Paarenchan::Dealerships);
    let mut g = dealer_tsumo(rules, 0);
    assert_eq!(g.dealer_hands, 1);
    // The dealer won: the same dealer's second hand.
    next(&mut g);
    assert_eq!(g.tsumo_context(E, false).dealer_streak, 2);
    // Only the dealer has a streak.
    assert_eq!(g.tsumo_context(S, false).dealer_streak, 0);
}
