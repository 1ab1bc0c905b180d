//! One named test per three-player rule of the engine, each played on a wall
//! built for it (see `scenario`): the 108-tile wall and its dead wall, turns over
//! three seats, no chi (and, where the rules allow chi, only from the seat on the
//! left over three seats), North as a plain honor without kita, kita (its
//! replacement, the haitei it moves, ron on it,
//! what it breaks), two payers, the exhaustive draw's payments, the hand numbers
//! and the final scores for three places. Seat 0 deals the first hand, so `E`,
//! `S`, `W` are seats 0-2. Every expected number is worked out in a comment.
//!
//! Unless a test says otherwise the rules are Tenhou's three-player ones
//! (`tenhou_sanma`) without red fives, so that a hand's tiles are exactly the
//! ones written.

use super::final_result::{final_result, ScoringConfig};
use super::scenario::{tile, tiles, Drive, Scenario};
use super::wall::{Rng, Wall, THREE};
use super::{Action, ClaimKind, DrawReason, Event, Game, Phase};
use crate::rules::Rules;
use crate::score::Yaku;
use crate::tile::KINDS;

const E: usize = 0;
const S: usize = 1;
const W: usize = 2;

/// Tenhou's three-player rules without red fives.
fn rules() -> Rules {
    Rules {
        red_fives: [0, 0, 0],
        ..Rules::preset("tenhou_sanma").unwrap()
    }
}

fn with(f: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = rules();
    f(&mut r);
    r
}

/// The hand's wins: `(seat, target, han, fu, yaku, deltas)`.
type Win = (usize, usize, u32, u32, Vec<Yaku>, [i64; 4]);

fn wins(g: &Game) -> Vec<Win> {
    g.events
        .iter()
        .filter_map(|e| match e {
            Event::Hora(w) => Some((
                w.seat,
                w.target,
                w.han,
                w.fu,
                w.yaku.iter().map(|y| y.0).collect(),
                w.deltas,
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn sanma_wall_is_108_tiles_without_2m_to_8m() {
    // The sorted set skips kinds 1-7; red 5p and 5s per the preset.
    let rules = Rules::preset("tenhou_sanma").unwrap();
    let mut w = Wall::shuffled(&rules, 5);
    assert_eq!(w.tiles().len(), 108);
    let mut c = [0u8; KINDS];
    for t in w.tiles() {
        c[t.kind() as usize] += 1;
    }
    for (k, &n) in c.iter().enumerate() {
        assert_eq!(n, if (1..8).contains(&k) { 0 } else { 4 }, "kind {k}");
    }
    let reds: Vec<String> = w
        .tiles()
        .iter()
        .filter(|t| t.is_red())
        .map(ToString::to_string)
        .collect();
    assert_eq!(reds.len(), 2);
    assert!(reds.contains(&"0p".into()) && reds.contains(&"0s".into()));
    // The deal: 3 x 13 = 39 tiles, then 94 - 39 = 55 live tiles; the first dora
    // indicator is tiles[98] (Tenhou's yama[9]), its ura tiles[99].
    let hands = w.deal(1).unwrap();
    assert_eq!(hands.map(|h| h.len()), [13, 13, 13, 0]);
    assert_eq!(w.live_remaining(), 55);
    assert_eq!(w.dora_indicators(), &[w.tiles()[98]]);
    assert_eq!(w.ura_indicators(), &[w.tiles()[99]]);
    assert!(w.clone().deal(3).is_err(), "no fourth seat");
    // A 108-tile wall is refused under four-player rules, and back.
    let e = Game::with_walls(Rules::default(), 0, vec![w.restarted()]).unwrap_err();
    assert!(e.to_string().contains("108 tiles is for 3 players"), "{e}");
    let four = Wall::shuffled(&Rules::default(), 1);
    assert!(Game::with_walls(rules, 0, vec![four]).is_err());
    // A wall of 108 with a 5m is refused.
    let mut bad = w.tiles().to_vec();
    bad[0] = tile("5m");
    let e = Wall::from_tiles(&bad).unwrap_err().to_string();
    assert!(
        e.contains("three-player wall") && e.contains("1 of 5m"),
        "{e}"
    );
}

#[test]
fn sanma_turns_go_round_three_seats() {
    // E discards, S draws, then W, then E again: no fourth seat is ever asked.
    let mut g = Scenario::new(rules()).hands(["?", "?", "?", ""]).game();
    assert_eq!(g.player(E).concealed.len(), 14);
    let mut order = Vec::new();
    for _ in 0..4 {
        order.push(g.turn());
        let seat = g.turn();
        g.tsumogiri(seat);
        g.pass_all();
    }
    assert_eq!(order, [E, S, W, E]);
    assert!(g.legal_actions(3).is_empty());
    let e = g.apply(3, Action::Pass).unwrap_err().to_string();
    assert!(e.contains("seats are 0-2"), "{e}");
    g.check_invariants().unwrap();
}

#[test]
fn sanma_has_no_chi() {
    // E discards 3p; S holds 12p (and 45p): a chi under four-player rules, never
    // here, so S is not even asked; apply refuses it naming the rule.
    let s = Scenario::new(rules()).hands(["3p 1z", "12p45p 9s", "?", ""]);
    let mut g = s.game();
    g.discard(E, "3p");
    assert!(!g.can(S, |a| matches!(a, Action::Chi { .. })));
    let chi = Action::Chi {
        tiles: [tile("1p"), tile("2p")],
    };
    assert!(g.legal_actions(S).is_empty());
    // With a claim open (S holds 33p as well), chi is still refused by rule.
    let s = Scenario::new(rules()).hands(["3p 1z", "12p33p 9s", "?", ""]);
    let mut g = s.game();
    g.discard(E, "3p");
    assert!(g.can(S, |a| matches!(a, Action::Pon { .. })));
    assert!(!g.can(S, |a| matches!(a, Action::Chi { .. })));
    let e = g.apply(S, chi).unwrap_err().to_string();
    assert!(e.contains("no chi (rule option chi)"), "{e}");
}

#[test]
fn kita_sets_a_north_aside_and_draws_from_the_dead_wall() {
    // E holds a North: kita is legal; it goes aside (no dora is revealed), the
    // replacement is the first rinshan tile (tiles[106] = yama[1]), and the haitei
    // moves: 54 live tiles after E's first draw, 53 after the kita, and the live
    // wall now ends at tiles[92] (was tiles[93]).
    let s = Scenario::new(rules())
        .hands(["4z 19m", "?", "?", ""])
        .rinshan("7z")
        .haitei("9s");
    let mut g = s.game();
    assert_eq!(g.wall().live_remaining(), 54);
    assert!(g.can(E, |a| *a == Action::Kita));
    g.act(E, Action::Kita);
    assert_eq!(g.player(E).kita, tiles("4z"));
    assert_eq!(g.wall().live_remaining(), 53);
    assert_eq!(g.wall().live_tiles().last(), Some(&g.wall().tiles()[92]));
    assert_eq!(g.wall().dora_indicators().len(), 1);
    assert_eq!(
        g.phase,
        Phase::Turn {
            seat: E,
            drawn: Some(tile("7z")),
            rinshan: true
        }
    );
    assert!(matches!(
        g.events[g.events.len() - 2],
        Event::Kita { seat: E, .. }
    ));
    assert_eq!(g.player(E).concealed.len() + g.player(E).kita.len(), 15);
    g.check_invariants().unwrap();
    // Under four-player rules (or kita = false) there is no kita.
    let four = Scenario::new(Rules::default())
        .hands(["4z", "?", "?", "?"])
        .game();
    assert!(!four.can(E, |a| *a == Action::Kita));
    let plain = Scenario::new(with(|r| {
        r.kita = false;
    }))
    .hands(["4z", "?", "?", ""])
    .game();
    assert!(!plain.can(E, |a| *a == Action::Kita));
    let e = plain
        .clone()
        .apply(E, Action::Kita)
        .unwrap_err()
        .to_string();
    assert!(e.contains("rule option kita"), "{e}");
}

#[test]
fn kita_not_right_after_a_pon() {
    // E discards 1z; S pons it (11z in hand) and holds a North: its turn follows
    // a call, not a draw, so no kita until its next draw.
    let s = Scenario::new(rules()).hands(["1z", "11z 4z", "?", ""]);
    let mut g = s.game();
    g.discard(E, "1z");
    let pon = *g
        .legal_actions(S)
        .iter()
        .find(|a| matches!(a, Action::Pon { .. }))
        .expect("pon");
    g.act(S, pon);
    assert!(!g.can(S, |a| *a == Action::Kita));
    let e = g.clone().apply(S, Action::Kita).unwrap_err().to_string();
    assert!(e.contains("after a draw"), "{e}");
}

#[test]
fn kita_counts_as_dora_and_its_replacement_wins_rinshan() {
    // The seed's case. E (dealer) is dealt 123p 456p 789p 13s 4z 5z and draws 5z;
    // kita of the 4z leaves 123p456p789p 13s 55z waiting on 2s (kanchan); the
    // replacement is 2s. Yaku: menzen tsumo 1, rinshan kaihou 1, ittsu 2 = 4; the
    // indicator 3z (West) makes North the dora, so the kita counts twice: 1 for
    // the kita, 1 as a North dora = 6 han, haneman. No tenhou: a kita ends the
    // first go-round. A dealer haneman tsumo is 6000 from each of the two payers
    // (tsumo loss: the absent North pays nothing): +12000, -6000, -6000.
    let s = |r: Rules| {
        Scenario::new(r)
            .hands(["123p456p789p13s4z5z", "?", "?", ""])
            .draws("5z")
            .rinshan("2s")
            .dora("3z")
    };
    let mut g = s(rules()).game();
    assert!(!g.can(E, |a| *a == Action::Tsumo));
    g.act(E, Action::Kita);
    assert!(g.can(E, |a| *a == Action::Tsumo));
    g.act(E, Action::Tsumo);
    let w = wins(&g);
    assert_eq!(w.len(), 1);
    let (seat, target, han, _fu, yaku, deltas) = &w[0];
    assert_eq!((*seat, *target, *han), (E, E, 6));
    assert!(yaku.contains(&Yaku::RinshanKaihou), "{yaku:?}");
    assert!(!yaku.contains(&Yaku::Tenhou), "{yaku:?}");
    assert_eq!(*deltas, [12000, -6000, -6000, 0]);
    g.check_invariants().unwrap();
    // kita_rinshan = false: the replacement is a plain tsumo, 3 + 2 = 5 han, a
    // dealer mangan tsumo: 4000 from each, +8000.
    let mut g = s(with(|r| r.kita_rinshan = false)).game();
    g.act(E, Action::Kita);
    g.act(E, Action::Tsumo);
    let (_, _, han, _, yaku, deltas) = wins(&g).remove(0);
    assert_eq!(han, 5);
    assert!(!yaku.contains(&Yaku::RinshanKaihou));
    assert_eq!(deltas, [8000, -4000, -4000, 0]);
}

/// E holds a North (and discards nothing); S waits on North: 123p 456p 789p 111s
/// 4z, a tanki.
fn kita_ron_wall(rules: Rules) -> Scenario {
    Scenario::new(rules)
        .hands(["4z 19m19p", "123p456p789p111s4z", "?", ""])
        .dora("6z")
}

#[test]
fn kita_may_be_ronned_without_chankan() {
    // E kitas its North; S rons it: ittsu 2 han (no chankan: a kita is not a
    // kan); fu 20 + 10 closed ron + 2 tanki + 8 closed 111s = 40; a non-dealer
    // 2 han 40 fu ron is 2600, paid by E.
    let mut g = kita_ron_wall(rules()).game();
    g.act(E, Action::Kita);
    assert_eq!(g.phase.claim_for(S), Some((E, tile("4z"), ClaimKind::Kita)));
    assert_eq!(g.legal_actions(S), [Action::Ron, Action::Pass]);
    g.act(S, Action::Ron);
    let (seat, target, han, fu, yaku, deltas) = wins(&g).remove(0);
    assert_eq!((seat, target, han, fu), (S, E, 2, 40));
    assert!(!yaku.contains(&Yaku::Chankan), "{yaku:?}");
    assert_eq!(deltas, [-2600, 2600, 0, 0]);
    g.check_invariants().unwrap();
    // kita_ron = false: nobody is asked; E draws its replacement.
    let mut g = kita_ron_wall(with(|r| r.kita_ron = false)).game();
    g.act(E, Action::Kita);
    assert_eq!(g.turn(), E);
}

#[test]
fn passing_a_kita_makes_furiten_per_kita_furiten() {
    // S lets E's kita go by: under Tenhou's rules (kita_furiten) S is then in
    // temporary furiten; under Mahjong Soul's a kita never makes furiten.
    for (furiten, expect) in [(true, true), (false, false)] {
        let mut g = kita_ron_wall(with(|r| r.kita_furiten = furiten)).game();
        g.act(E, Action::Kita);
        g.act(S, Action::Pass);
        assert_eq!(g.player(S).temporary_furiten, expect);
    }
    assert!(!Rules::preset("mahjong_soul_sanma").unwrap().kita_furiten);
}

#[test]
fn kita_breaks_ippatsu_and_the_first_go_round() {
    // E declares riichi on its first discard (ippatsu pending); S draws a North
    // and kitas it: E's ippatsu ends. W, on its first draw with nine terminal and
    // honor kinds (1m 9m 1p 9p 1s 9s 1z 2z 3z), may no longer abort: the kita
    // was a call.
    let s = Scenario::new(rules())
        .hands(["123p456p789p11s23s", "4z", "19m19p19s123z", ""])
        .draws("5z 4z 7z 8p 8p 8p");
    let mut g = s.game();
    g.riichi(E, "5z");
    g.pass_all();
    assert!(g.player(E).ippatsu && g.player(E).double_riichi);
    g.act(S, Action::Kita);
    g.pass_all();
    assert!(!g.player(E).ippatsu);
    let seat = g.turn();
    assert_eq!(seat, S);
    g.tsumogiri(S);
    g.pass_all();
    assert_eq!(g.turn(), W);
    assert!(!g.can(W, |a| *a == Action::KyuushuKyuuhai));
    // Without the kita, W could abort (the kyuushu kyuuhai rule holds for three).
    let mut g = s.game();
    g.riichi(E, "5z");
    g.pass_all();
    g.tsumogiri(S);
    g.pass_all();
    assert!(g.can(W, |a| *a == Action::KyuushuKyuuhai));
    g.act(W, Action::KyuushuKyuuhai);
    assert_eq!(
        g.last_event(|e| matches!(e, Event::Ryukyoku { .. })),
        Some(&Event::Ryukyoku {
            reason: DrawReason::KyuushuKyuuhai,
            tenpai: [false; 4],
            deltas: [0; 4],
            // E's riichi stick is on the table.
            scores: [34000, 35000, 35000, 0],
        })
    );
}

#[test]
fn kita_in_riichi_only_of_the_north_just_drawn() {
    // E in riichi (waiting on 1s/4s) draws a North: it may kita it (the hand
    // does not change). A North kept in the hand before riichi (E waiting on it,
    // 123p 456p 789p 111s 4z) may not be set aside afterwards.
    let s = Scenario::new(rules())
        .hands(["123p456p789p11s23s", "?", "?", ""])
        .draws("5z ? ? 4z");
    let mut g = s.game();
    g.riichi(E, "5z");
    g.tsumogiri_until(|g| g.turn() == E);
    assert_eq!(g.player(E).concealed.last(), Some(&tile("4z")));
    assert_eq!(
        g.legal_actions(E),
        [
            Action::Discard {
                tile: tile("4z"),
                tsumogiri: true
            },
            Action::Kita
        ]
    );
    let s = Scenario::new(rules())
        .hands(["123p456p789p111s4z", "?", "?", ""])
        .draws("5z ? ? 9m");
    let mut g = s.game();
    g.riichi(E, "5z");
    g.tsumogiri_until(|g| g.turn() == E);
    assert!(!g.can(E, |a| *a == Action::Kita));
    let e = g.apply(E, Action::Kita).unwrap_err().to_string();
    assert!(e.contains("only the North just drawn"), "{e}");
}

#[test]
fn no_kita_on_the_last_tile() {
    // The haitei is a North: its drawer may not kita (no live tile is left to
    // move to the dead wall), only discard it or win.
    let s = Scenario::new(rules())
        .hands(["?", "?", "?", ""])
        .haitei("4z");
    let mut g = s.game();
    g.tsumogiri_until(|g| g.wall().live_remaining() == 0);
    let seat = g.turn();
    assert_eq!(g.player(seat).concealed.last(), Some(&tile("4z")));
    assert!(!g.can(seat, |a| *a == Action::Kita));
}

/// Tenpai and noten versions of three hands (dealer first) for exhaustive draws.
const TENPAI: [&str; 3] = [
    "123p456p789p11s23s", // waits 1s 4s
    "234s567s888s99p46p", // waits 5p
    "111m999m345p66s79s", // waits 8s
];
const NOTEN: [&str; 3] = [
    "123p456p789p11s29s",
    "234s567s888s99p47p",
    "111m999m345p66s19s",
];

#[test]
fn exhaustive_draw_payments_for_three() {
    // noten_payment_total 2000 over three seats: one tenpai gets 1000 from each
    // noten seat (+2000, -1000, -1000); two tenpai get 1000 each from the one
    // noten seat (-2000); none or all: nothing.
    for (tenpai, want) in [
        ([true, false, false], [2000, -1000, -1000, 0]),
        ([false, true, true], [-2000, 1000, 1000, 0]),
        ([false, false, false], [0, 0, 0, 0]),
        ([true, true, true], [0, 0, 0, 0]),
    ] {
        let hands: [&str; 4] = std::array::from_fn(|k| match k {
            3 => "",
            _ if tenpai[k] => TENPAI[k],
            _ => NOTEN[k],
        });
        let mut g = Scenario::new(rules()).hands(hands).dora("7z").game();
        g.tsumogiri_until(|_| false);
        match g.last_event(|e| matches!(e, Event::Ryukyoku { .. })) {
            Some(Event::Ryukyoku {
                reason: DrawReason::Exhaustive,
                tenpai: t,
                deltas,
                ..
            }) => {
                assert_eq!(&t[..3], &tenpai[..], "{tenpai:?}");
                assert_eq!(*deltas, want, "{tenpai:?}");
            }
            e => panic!("{tenpai:?}: {e:?}"),
        }
        g.check_invariants().unwrap();
    }
}

#[test]
fn hand_numbers_skip_the_fourth_and_dealers_rotate_over_three() {
    // Hands go E1 E2 E3 S1 S2 S3 (hand numbers 0 1 2 4 5 6); the dealer of hand
    // kyoku k is seat (first dealer + k - 1) mod 3; the game's main length ends
    // after South 3.
    let mut west = 0;
    for seed in 0..40 {
        let mut g = Game::new(rules(), seed).unwrap();
        let mut agents: Vec<super::agents::Agent> = (0..3)
            .map(|s| super::agents::Agent::new(super::agents::AgentKind::Shanten, seed * 3 + s))
            .collect();
        let mut rng = Rng::new(seed);
        while g.phase != Phase::GameOver {
            if g.phase == Phase::HandOver {
                g.next_hand().unwrap();
                continue;
            }
            let seat = g.deciding()[0];
            let legal = g.legal_actions(seat);
            let i = if rng.below(4) == 0 {
                rng.below(legal.len() as u64) as usize
            } else {
                let p = g.player(seat);
                agents[seat].choose(
                    &p.concealed,
                    &p.melds,
                    &legal,
                    crate::algo::TileSet::of(g.rules()),
                )
            };
            g.apply(seat, legal[i]).unwrap();
            g.check_invariants().unwrap();
        }
        let starts: Vec<(u8, u8, usize)> = g
            .events
            .iter()
            .filter_map(|e| match e {
                Event::StartKyoku {
                    round_wind,
                    kyoku,
                    dealer,
                    hands,
                    ..
                } => {
                    assert!(hands[3].is_empty());
                    Some((*round_wind, *kyoku, *dealer))
                }
                _ => None,
            })
            .collect();
        for (w, k, d) in &starts {
            assert!((1..=3).contains(k), "seed {seed}: kyoku {k}");
            assert_eq!(*d, (g.first_dealer() + usize::from(*k) - 1) % 3);
            west += usize::from(*w == 2);
        }
        for pair in starts.windows(2) {
            let ((w0, k0, _), (w1, k1, _)) = (pair[0], pair[1]);
            let same = (w0, k0) == (w1, k1);
            let next = if k0 == 3 { (w0 + 1, 1) } else { (w0, k0 + 1) };
            assert!(same || (w1, k1) == next, "seed {seed}: {pair:?}");
        }
        let last = starts.last().unwrap();
        let r = g.result().unwrap();
        let busted = r.points[..3].iter().any(|&p| p < 0);
        assert!(
            busted || (last.0, last.1) >= (1, 3),
            "seed {seed}: ended at {last:?}"
        );
        assert_eq!(r.ranks[3], 0);
        assert_eq!(r.scores[3], 0);
        assert_eq!(r.scores.iter().sum::<i64>(), 0);
    }
    // Some game went on into West (the 40000 target).
    assert!(west > 0);
}

#[test]
fn final_scores_for_three_places() {
    // The last hand of a real Tenhou three-player game (2014091101gm-00b9-0000-
    // 5ca6b487) ends on 59200, 22800, 23000: return 40000, oka (40000 - 35000) x
    // 3 = 15 to first, uma 20/0/-20. 2nd: 23000 rounds to 23, 23 - 40 = -17;
    // 3rd: 22800 rounds to 23, 23 - 40 - 20 = -37; 1st takes the rest: +54.
    // Tenhou's log says 54.0, -37.0, -17.0.
    let cfg = ScoringConfig::from_rules(&Rules::preset("tenhou_sanma").unwrap());
    assert_eq!(cfg.players, 3);
    let r = final_result([59200, 22800, 23000, 0], 0, 0, &cfg);
    assert_eq!(r.scores, [540, -370, -170, 0]);
    assert_eq!(r.ranks, [1, 3, 2, 0]);
    // Mahjong Soul: counted from 35000, no oka, uma 15/0/-15, one decimal:
    // (59200 - 35000)/1000 + 15 = 39.2; 23000: -12 + 0; 22800: -12.2 - 15 = -27.2.
    let cfg = ScoringConfig::from_rules(&Rules::preset("mahjong_soul_sanma").unwrap());
    let r = final_result([59200, 22800, 23000, 0], 0, 0, &cfg);
    assert_eq!(r.scores, [392, -272, -120, 0]);
    // Ties by seat from the first dealer (seat 2): seats 2, 0, 1.
    let cfg = ScoringConfig::from_rules(&rules());
    let r = final_result([35000, 35000, 35000, 0], 0, 2, &cfg);
    assert_eq!(r.ranks, [2, 3, 1, 0]);
    assert_eq!(THREE.players, 3);
}

#[test]
fn simulate_plays_three_player_games_with_every_agent() {
    // Every agent finishes three-player games; the empty fourth seat wins
    // nothing, holds no points and takes no place; places 1-3 add up to 6 a game.
    use super::agents::AgentKind;
    for kind in [AgentKind::Random, AgentKind::Tsumogiri, AgentKind::Shanten] {
        let s = super::sim::simulate(&rules(), 40, kind, 9, Some(1)).unwrap();
        assert_eq!(s.games, 40);
        assert_eq!(
            (s.tsumo[3], s.ron[3], s.points[3], s.ranks[3]),
            (0, 0, 0, 0)
        );
        assert_eq!(s.ranks.iter().sum::<u64>(), 6 * 40);
        // Final points: 3 x 35000 a game (leftover sticks go to first).
        assert_eq!(s.points.iter().sum::<i64>(), 40 * 105_000, "{kind:?}");
    }
    let s = super::sim::simulate(&rules(), 100, AgentKind::Shanten, 1, Some(1)).unwrap();
    assert!(s.tsumo.iter().sum::<u64>() + s.ron.iter().sum::<u64>() > 100);
    assert!(
        s.yaku[Yaku::RinshanKaihou as usize] > 0,
        "kita replacements win"
    );
}

#[test]
fn sanma_with_chi_allows_it_from_the_left_only() {
    // Under chi = true the seat after the discarder (S after E) may chi 3p with
    // 12p; W, who holds 12p as well, sits two seats on and may not.
    let r = with(|r| r.chi = true);
    let s = Scenario::new(r).hands(["3p 1z", "12p 9s", "12p 9s", ""]);
    let mut g = s.game();
    g.discard(E, "3p");
    assert!(g.can(S, |a| matches!(a, Action::Chi { .. })));
    assert!(!g.can(W, |a| matches!(a, Action::Chi { .. })));
    let chi = Action::Chi {
        tiles: [tile("1p"), tile("2p")],
    };
    let e = g.clone().apply(W, chi).unwrap_err().to_string();
    assert!(e.contains("may not"), "{e}");
    g.act(S, chi);
    assert_eq!(g.player(S).melds.len(), 1);
    assert!(matches!(g.phase, Phase::Turn { seat: S, .. }));
    g.check_invariants().unwrap();
    // Over three seats the seat after W is E: E chis W's 3p with 12p.
    let r = with(|r| r.chi = true);
    let s = Scenario::new(r)
        .hands(["12p 1z", "?", "?", ""])
        .draws("? 9s 3p");
    let mut g = s.game();
    g.discard(E, "1z");
    g.pass_all();
    g.tsumogiri(S);
    g.pass_all();
    g.tsumogiri(W);
    assert!(g.can(E, |a| *a == chi));
    assert!(!g.can(S, |a| matches!(a, Action::Chi { .. })));
    g.act(E, chi);
    assert_eq!(g.player(E).melds.len(), 1);
}

#[test]
fn north_is_a_plain_honor_without_kita() {
    // With kita = false a North is an honor like any other: E discards it and S
    // pons it with 44z; it is never set aside.
    let r = with(|r| r.kita = false);
    let s = Scenario::new(r).hands(["4z 1z", "44z 9s", "?", ""]);
    let mut g = s.game();
    assert!(!g.can(E, |a| *a == Action::Kita));
    g.discard(E, "4z");
    let pon = *g
        .legal_actions(S)
        .iter()
        .find(|a| matches!(a, Action::Pon { .. }))
        .expect("a pon of the North");
    g.act(S, pon);
    assert_eq!(g.player(S).melds.len(), 1);
    assert!(g.player(S).kita.is_empty());
    g.check_invariants().unwrap();
}

#[test]
fn a_north_triplet_is_no_yakuhai_without_kita() {
    // kita = false: E keeps 444z 123p 456p 789p 1s, lets its first draw (9s) go
    // and draws the 1s. North is nobody's wind at a three-player table in the
    // East round, so the triplet gives fu, not han: menzen tsumo 1 + ittsu 2 =
    // 3 han; fu 20 + 2 tsumo + 8 closed honor triplet + 2 tanki = 32, 40. A
    // dealer 3 han 40 fu tsumo is 2600 from each of the two other seats.
    let r = with(|r| r.kita = false);
    let mut g = Scenario::new(r)
        .hands(["444z123p456p789p1s", "?", "?", ""])
        .draws("9s ? ? 1s")
        .dora("6z")
        .game();
    g.tsumogiri(E);
    g.pass_all();
    g.tsumogiri(S);
    g.pass_all();
    g.tsumogiri(W);
    g.pass_all();
    assert!(g.can(E, |a| *a == Action::Tsumo));
    g.act(E, Action::Tsumo);
    let (seat, target, han, fu, yaku, deltas) = wins(&g).remove(0);
    assert_eq!((seat, target, han, fu), (E, E, 3, 40));
    assert_eq!(yaku, [Yaku::MenzenTsumo, Yaku::Ittsu]);
    assert_eq!(deltas, [5200, -2600, -2600, 0]);
    g.check_invariants().unwrap();
}
