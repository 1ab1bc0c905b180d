//! Whole games played inside Rust by built-in agents, one after another or on all
//! cores, with their statistics.

use super::agents::{choose, AgentKind};
use super::engine::{Event, Game, Phase};
use super::wall::Rng;
use crate::error::{MahjongError, Result};
use crate::rules::Rules;
use crate::score::Yaku;
use rayon::prelude::*;

impl Game {
    /// The seats that must decide now: the seat whose turn it is, or the seats
    /// asked about a claim that have not chosen yet.
    pub fn deciding(&self) -> Vec<usize> {
        match &self.phase {
            Phase::Turn { seat, .. } => vec![*seat],
            Phase::Claims { asked, chosen, .. } => (0..4)
                .filter(|&s| asked[s] && chosen[s].is_none())
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// What one game came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameSummary {
    pub hands: u32,
    pub decisions: u64,
    /// Wins by seat, by tsumo and by ron.
    pub tsumo: [u32; 4],
    pub ron: [u32; 4],
    /// Hands that ended in an exhaustive draw, and in an abortive draw.
    pub exhaustive: u32,
    pub abortive: u32,
    /// Final points and places by seat.
    pub points: [i64; 4],
    pub ranks: [u8; 4],
    /// Wins with each yaku, by `Yaku as usize`.
    pub yaku: Vec<u32>,
}

/// Statistics of many games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub games: u64,
    pub hands: u64,
    pub decisions: u64,
    pub tsumo: [u64; 4],
    pub ron: [u64; 4],
    pub exhaustive: u64,
    pub abortive: u64,
    /// Sum of final points and of places by seat (divide by `games`).
    pub points: [i64; 4],
    pub ranks: [u64; 4],
    /// Wins with each yaku, by `Yaku as usize`.
    pub yaku: Vec<u64>,
}

impl Stats {
    fn add(&mut self, g: &GameSummary) {
        if self.yaku.len() < g.yaku.len() {
            self.yaku.resize(g.yaku.len(), 0);
        }
        for (a, &b) in self.yaku.iter_mut().zip(&g.yaku) {
            *a += u64::from(b);
        }
        self.games += 1;
        self.hands += u64::from(g.hands);
        self.decisions += g.decisions;
        for s in 0..4 {
            self.tsumo[s] += u64::from(g.tsumo[s]);
            self.ron[s] += u64::from(g.ron[s]);
            self.points[s] += g.points[s];
            self.ranks[s] += u64::from(g.ranks[s]);
        }
        self.exhaustive += u64::from(g.exhaustive);
        self.abortive += u64::from(g.abortive);
    }

    fn merge(mut self, o: &Stats) -> Stats {
        if self.yaku.len() < o.yaku.len() {
            self.yaku.resize(o.yaku.len(), 0);
        }
        for (a, &b) in self.yaku.iter_mut().zip(&o.yaku) {
            *a += b;
        }
        self.games += o.games;
        self.hands += o.hands;
        self.decisions += o.decisions;
        for s in 0..4 {
            self.tsumo[s] += o.tsumo[s];
            self.ron[s] += o.ron[s];
            self.points[s] += o.points[s];
            self.ranks[s] += o.ranks[s];
        }
        self.exhaustive += o.exhaustive;
        self.abortive += o.abortive;
        self
    }
}

/// The seed of game `i` of a run seeded `seed` (`SplitMix64` of their sum).
pub fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Play one game with the agents of each seat; the game with its events, and its
/// summary.
pub fn play(rules: &Rules, seed: u64, agents: [AgentKind; 4]) -> Result<(Game, GameSummary)> {
    let mut game = Game::new(rules.clone(), seed)?;
    let mut rng = Rng::new(seed ^ 0x5EED_A6E7);
    let mut summary = GameSummary {
        hands: 1,
        ..GameSummary::default()
    };
    let mut legal;
    // Games end: every hand draws from a finite wall and the round advances or
    // the honba grows; the bound only guards against an engine bug.
    for _ in 0..2_000_000 {
        match game.phase {
            Phase::GameOver => break,
            Phase::HandOver => {
                game.next_hand()?;
                summary.hands += 1;
                continue;
            }
            _ => {}
        }
        let Some(&seat) = game.deciding().first() else {
            return Err(MahjongError::InvalidInput("no seat can act".into()));
        };
        legal = game.legal_actions(seat);
        if legal.is_empty() {
            return Err(MahjongError::InvalidInput(format!(
                "seat {seat} has no legal action"
            )));
        }
        let a = choose(agents[seat], &game, seat, &legal, &mut rng);
        game.apply_unchecked(seat, a);
        summary.decisions += 1;
    }
    if game.phase != Phase::GameOver {
        return Err(MahjongError::InvalidInput("the game did not end".into()));
    }
    summary.yaku = vec![0; Yaku::all().count()];
    for e in &game.events {
        if let Event::Hora { yaku, .. } = e {
            for (y, _) in yaku {
                summary.yaku[*y as usize] += 1;
            }
        }
        match e {
            Event::Hora { seat, target, .. } if seat == target => summary.tsumo[*seat] += 1,
            Event::Hora { seat, .. } => summary.ron[*seat] += 1,
            Event::Ryukyoku { reason, .. } if reason.abortive() => summary.abortive += 1,
            Event::Ryukyoku { .. } => summary.exhaustive += 1,
            _ => {}
        }
    }
    if let Some(r) = &game.result {
        summary.points = r.points;
        summary.ranks = r.ranks;
    }
    Ok((game, summary))
}

/// Play `n` games (game `i` seeded by [`game_seed`]) on `threads` threads (all
/// cores when `None`), every seat played by `agent`.
pub fn simulate(
    rules: &Rules,
    n: u64,
    agent: AgentKind,
    seed: u64,
    threads: Option<usize>,
) -> Result<Stats> {
    rules.check()?;
    let run = || {
        (0..n)
            .into_par_iter()
            .map(|i| play(rules, game_seed(seed, i), [agent; 4]).map(|(_, s)| s))
            .try_fold(Stats::default, |mut acc, s| {
                acc.add(&s?);
                Ok::<Stats, MahjongError>(acc)
            })
            .try_reduce(Stats::default, |a, b| Ok(a.merge(&b)))
    };
    match threads {
        Some(t) if t != rayon::current_num_threads() => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| MahjongError::InvalidInput(e.to_string()))?
            .install(run),
        _ => run(),
    }
}

/// Play `n` games like [`simulate`] and keep every game's events.
pub fn simulate_records(
    rules: &Rules,
    n: u64,
    agent: AgentKind,
    seed: u64,
    threads: Option<usize>,
) -> Result<(Stats, Vec<Vec<Event>>)> {
    rules.check()?;
    let run = || {
        (0..n)
            .into_par_iter()
            .map(|i| play(rules, game_seed(seed, i), [agent; 4]))
            .collect::<Result<Vec<_>>>()
    };
    let games = match threads {
        Some(t) if t != rayon::current_num_threads() => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| MahjongError::InvalidInput(e.to_string()))?
            .install(run),
        _ => run(),
    }?;
    let mut stats = Stats::default();
    let mut records = Vec::with_capacity(games.len());
    for (g, s) in games {
        stats.add(&s);
        records.push(g.events);
    }
    Ok((stats, records))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simulation_is_deterministic_and_adds_up() {
        let rules = Rules::default();
        let a = simulate(&rules, 40, AgentKind::Shanten, 1, Some(2)).unwrap();
        let b = simulate(&rules, 40, AgentKind::Shanten, 1, Some(1)).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.games, 40);
        // Final points sum to four starts less unclaimed sticks (none under Tenhou).
        assert_eq!(a.points.iter().sum::<i64>(), 40 * 100_000);
        // Every place is taken once per game: 1+2+3+4 = 10.
        assert_eq!(a.ranks.iter().sum::<u64>(), 40 * 10);
        let wins: u64 = a.tsumo.iter().chain(&a.ron).sum();
        assert!(wins > a.hands / 3, "{a:?}");
    }

    #[test]
    fn records_match_the_statistics() {
        let rules = Rules::default();
        let (stats, records) = simulate_records(&rules, 10, AgentKind::Shanten, 4, None).unwrap();
        assert_eq!(
            stats,
            simulate(&rules, 10, AgentKind::Shanten, 4, None).unwrap()
        );
        assert_eq!(records.len(), 10);
        assert!(records
            .iter()
            .all(|r| matches!(r.last(), Some(Event::EndGame { .. }))));
    }

    #[test]
    fn every_agent_finishes_games() {
        for agent in [AgentKind::Random, AgentKind::Tsumogiri, AgentKind::Shanten] {
            let s = simulate(&Rules::default(), 5, agent, 3, None).unwrap();
            assert_eq!(s.games, 5);
        }
    }
}
