//! Self-play under every preset with the invariants checked after every action,
//! and a refused action checked to leave the game unchanged. Games per preset:
//! `RIICHI_SELFPLAY_GAMES` (default 2,000 for the four-player presets and 10,000
//! for the three-player ones, whose games are shorter; for 10,000 or more of
//! every preset, run `RIICHI_SELFPLAY_GAMES=10000 cargo test --release --lib
//! selfplay`).

use super::agents::{Agent, AgentKind};
use super::sim::game_seed;
use super::wall::Rng;
use super::{Action, Game, Phase};
use crate::rules::{Rules, PRESETS};
use crate::tile::Tile;
use rayon::prelude::*;

fn games(default: u64) -> u64 {
    std::env::var("RIICHI_SELFPLAY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One game: seats 0-1 random, 2-3 shanten-greedy (so hands are won as well as
/// drawn; with three players seat 2 alone); returns the number of actions
/// checked.
fn checked_game(rules: &Rules, seed: u64) -> u64 {
    let mut g = Game::new(rules.clone(), seed).expect("game");
    let mut rng = Rng::new(seed);
    let mut agents = [
        AgentKind::Random,
        AgentKind::Random,
        AgentKind::Shanten,
        AgentKind::Shanten,
    ]
    .map(|kind| Agent::new(kind, rng.next_u64()));
    let mut actions = 0u64;
    while g.phase != Phase::GameOver {
        if g.phase == Phase::HandOver {
            g.next_hand().expect("next hand");
            g.check_invariants()
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            continue;
        }
        let seat = g.deciding()[0];
        let legal = g.legal_actions(seat);
        recheck(&g, seat, &legal, seed);
        // Refused: an action outside the legal set (a tile no one holds twice as
        // a discard, by another seat) leaves everything as it was.
        if actions % 5 == 0 {
            let before = g.clone();
            let bogus = Action::Discard {
                tile: Tile::from_kind(rng.below(34) as u8).expect("kind"),
                tsumogiri: true,
            };
            let n = g.seats();
            let other = (seat + 1 + rng.below(n as u64 - 1) as usize) % n;
            if !g.legal_actions(other).contains(&bogus) {
                assert!(g.apply(other, bogus).is_err());
                assert!(
                    g == before,
                    "seed {seed}: a refused action changed the game"
                );
            }
        }
        let p = g.player(seat);
        let a = legal[agents[seat].choose(
            &p.concealed,
            &p.melds,
            &legal,
            crate::algo::TileSet::of(g.rules()),
        )];
        g.apply(seat, a)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {a:?} refused: {e}"));
        actions += 1;
        g.check_invariants()
            .unwrap_or_else(|e| panic!("seed {seed} after {a:?} by {seat}: {e}"));
    }
    let r = g.result.expect("result");
    let n = g.seats();
    let mut ranks = r.ranks[..n].to_vec();
    ranks.sort_unstable();
    assert!(
        ranks[0] == 1 && ranks[n - 1] as usize <= n && r.ranks[n..].iter().all(|&x| x == 0),
        "seed {seed}: ranks {:?}",
        r.ranks
    );
    actions
}

/// The legal actions against a recomputation from the visible state: a win only
/// on a complete hand, never a ron in discard furiten, riichi only into tenpai.
fn recheck(g: &Game, seat: usize, legal: &[Action], seed: u64) {
    let p = &g.players[seat];
    let mut counts = [0u8; 34];
    for t in &p.concealed {
        counts[t.kind() as usize] += 1;
    }
    for a in legal {
        match *a {
            Action::Tsumo => assert!(
                crate::algo::agari::is_complete(&counts, p.melds.len()),
                "seed {seed}: tsumo on an incomplete hand"
            ),
            Action::Ron => {
                let Phase::Claims { tile, .. } = g.phase else {
                    panic!("seed {seed}: ron outside a claim")
                };
                let mut c = counts;
                c[tile.kind() as usize] += 1;
                assert!(
                    crate::algo::agari::is_complete(&c, p.melds.len()),
                    "seed {seed}: ron on an incomplete hand"
                );
                // Discard furiten, from scratch: no own discard completes the hand.
                for d in &p.river {
                    let mut c = counts;
                    c[d.tile.kind() as usize] += 1;
                    assert!(
                        c[d.tile.kind() as usize] > 4
                            || !crate::algo::agari::is_complete(&c, p.melds.len()),
                        "seed {seed}: ron in discard furiten"
                    );
                }
            }
            Action::Riichi { tile, .. } => {
                let mut c = counts;
                c[tile.kind() as usize] -= 1;
                assert!(
                    p.melds.iter().all(|m| !m.is_open()),
                    "seed {seed}: riichi open"
                );
                if p.melds.is_empty() {
                    assert_eq!(
                        crate::algo::shanten::shanten(&c),
                        0,
                        "seed {seed}: riichi not tenpai"
                    );
                }
            }
            _ => {}
        }
    }
}

fn selfplay(three: bool, default: u64) {
    let n = games(default);
    for p in PRESETS {
        let rules = Rules::preset(p.name).expect("preset");
        if (rules.players == 3) != three {
            continue;
        }
        let actions: u64 = (0..n)
            .into_par_iter()
            .map(|i| checked_game(&rules, game_seed(17, i)))
            .sum();
        assert!(
            actions > n * 100,
            "{}: {actions} actions in {n} games",
            p.name
        );
        eprintln!("{}: {n} games, {actions} actions checked", p.name);
    }
}

#[test]
fn selfplay_under_every_preset_keeps_the_invariants() {
    selfplay(false, 2000);
}

/// The three-player presets (108 tiles, kita, no chi): 10,000 games each.
#[test]
fn selfplay_three_player_presets_keep_the_invariants() {
    selfplay(true, 10_000);
}
