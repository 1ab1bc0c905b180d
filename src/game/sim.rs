//! Whole games played inside Rust by built-in agents, one after another or on all
//! cores, with their statistics.

use super::agents::{agent_seed, Agent, AgentKind};
use super::{Action, Event, Game, Phase};
use crate::algo::TileSet;
use crate::error::{MahjongError, Result};
use crate::logs::record::GameRecord;
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

    /// The first seat of [`Game::deciding`] (the lowest), found without a list.
    pub fn first_deciding(&self) -> Option<usize> {
        match &self.phase {
            Phase::Turn { seat, .. } => Some(*seat),
            Phase::Claims { asked, chosen, .. } => {
                (0..4).find(|&s| asked[s] && chosen[s].is_none())
            }
            _ => None,
        }
    }

    /// [`Game::deciding`] in the order a loop asking one seat at a time asks
    /// them: on a claim, the seats that may ron first, then those that may pon
    /// or open kan, then chi, each rank from the discarder's right round.
    pub fn asking_order(&self) -> Vec<usize> {
        let mut seats = self.deciding();
        let mut legal = Vec::new();
        seats.sort_by_cached_key(|&s| self.asking_rank(s, &mut legal));
        seats
    }

    /// The first seat of [`Game::asking_order`], found without ordering the
    /// others (and without weighing the claims of a seat asked alone).
    pub fn first_to_ask(&self) -> Option<usize> {
        let Phase::Claims { asked, chosen, .. } = &self.phase else {
            return self.first_deciding();
        };
        let mut waiting = (0..4).filter(|&s| asked[s] && chosen[s].is_none());
        let first = waiting.next()?;
        let Some(second) = waiting.next() else {
            return Some(first);
        };
        let mut legal = Vec::new();
        [first, second]
            .into_iter()
            .chain(waiting)
            .min_by_key(|&s| self.asking_rank(s, &mut legal))
    }

    /// Where `seat` stands in [`Game::asking_order`] on a claim: its best
    /// claim's priority first, then its place from the discarder's right
    /// (`legal`: room for its legal actions).
    fn asking_rank(&self, seat: usize, legal: &mut Vec<Action>) -> (std::cmp::Reverse<u8>, usize) {
        let Phase::Claims { from, .. } = self.phase else {
            return (std::cmp::Reverse(0), 0);
        };
        self.legal_actions_into(seat, legal);
        let best = legal.iter().map(Action::claim_priority).max().unwrap_or(0);
        let n = self.seats();
        (std::cmp::Reverse(best), (seat + n - from) % n)
    }
}

/// Statistics of one game or many.
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
    /// These statistics and `o`'s together.
    #[must_use]
    pub fn merge(mut self, o: &Stats) -> Stats {
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

    /// Per hand, `count`: 0 when no hand was played.
    fn per_hand(&self, count: u64) -> f64 {
        count as f64 / self.hands.max(1) as f64
    }

    /// Per game, `sum`: 0 when no game was played.
    fn per_game(&self, sum: f64) -> f64 {
        sum / self.games.max(1) as f64
    }

    /// Each seat's wins (tsumo and ron) per hand.
    pub fn win_rates(&self) -> [f64; 4] {
        std::array::from_fn(|s| self.per_hand(self.tsumo[s] + self.ron[s]))
    }

    /// Tsumo wins per hand, all seats.
    pub fn tsumo_rate(&self) -> f64 {
        self.per_hand(self.tsumo.iter().sum())
    }

    /// Ron wins per hand, all seats (each winner of a multiple ron counts).
    pub fn ron_rate(&self) -> f64 {
        self.per_hand(self.ron.iter().sum())
    }

    pub fn exhaustive_draw_rate(&self) -> f64 {
        self.per_hand(self.exhaustive)
    }

    pub fn abortive_draw_rate(&self) -> f64 {
        self.per_hand(self.abortive)
    }

    /// Each seat's final points, averaged over the games.
    pub fn average_points(&self) -> [f64; 4] {
        std::array::from_fn(|s| self.per_game(self.points[s] as f64))
    }

    /// Each seat's place (1-4), averaged over the games.
    pub fn average_ranks(&self) -> [f64; 4] {
        std::array::from_fn(|s| self.per_game(self.ranks[s] as f64))
    }

    pub fn hands_per_game(&self) -> f64 {
        self.per_game(self.hands as f64)
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
/// statistics.
pub fn play(rules: &Rules, seed: u64, kinds: [AgentKind; 4]) -> Result<(Game, Stats)> {
    let mut game = Game::new(rules.clone(), seed)?;
    let mut agents = std::array::from_fn::<_, 4, _>(|s| Agent::new(kinds[s], agent_seed(seed, s)));
    let mut summary = Stats {
        games: 1,
        hands: 1,
        ..Stats::default()
    };
    let mut legal = Vec::with_capacity(16);
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
        let Some(seat) = game.first_deciding() else {
            return Err(MahjongError::InvalidInput("no seat can act".into()));
        };
        // A shanten agent analyses every discard of its hand, as the riichi
        // check does: worked out once, for both.
        let set = crate::algo::TileSet::of(game.rules());
        let discards = (agents[seat].kind() == AgentKind::Shanten && set == TileSet::Full)
            .then(|| game.turn_discards(seat))
            .flatten();
        game.legal_actions_given(seat, &mut legal, discards.as_ref());
        if legal.is_empty() {
            return Err(MahjongError::InvalidInput(format!(
                "seat {seat} has no legal action"
            )));
        }
        let p = game.player(seat);
        let a = legal
            [agents[seat].choose_given(&p.concealed, &p.melds, &legal, set, discards.as_ref())];
        game.apply_given(seat, a, discards.as_ref());
        summary.decisions += 1;
    }
    if game.phase != Phase::GameOver {
        return Err(MahjongError::InvalidInput("the game did not end".into()));
    }
    summary.yaku = vec![0; Yaku::all().count()];
    for e in &game.events {
        if let Event::Hora(w) = e {
            for (y, _) in &w.yaku {
                summary.yaku[*y as usize] += 1;
            }
        }
        match e {
            Event::Hora(w) if w.seat == w.target => summary.tsumo[w.seat] += 1,
            Event::Hora(w) => summary.ron[w.seat] += 1,
            Event::Ryukyoku { reason, .. } if reason.abortive() => summary.abortive += 1,
            Event::Ryukyoku { .. } => summary.exhaustive += 1,
            _ => {}
        }
    }
    if let Some(r) = &game.result {
        summary.points = r.points;
        summary.ranks = r.ranks.map(u64::from);
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
    simulate_games(rules, 0..n, agent, seed, threads, false).map(|(s, _)| s)
}

/// Play `n` games like [`simulate`] and keep every game's record.
pub fn simulate_records(
    rules: &Rules,
    n: u64,
    agent: AgentKind,
    seed: u64,
    threads: Option<usize>,
) -> Result<(Stats, Vec<GameRecord>)> {
    simulate_games(rules, 0..n, agent, seed, threads, true)
}

/// Games `games` of [`simulate`] (game `i` is seeded by `game_seed(seed, i)`,
/// so a run in parts plays the games of one run): their statistics merged, their
/// records kept (in game order) when asked.
pub fn simulate_games(
    rules: &Rules,
    games: std::ops::Range<u64>,
    agent: AgentKind,
    seed: u64,
    threads: Option<usize>,
    keep: bool,
) -> Result<(Stats, Vec<GameRecord>)> {
    rules.check()?;
    let one = |i: u64| -> Result<(Stats, Vec<GameRecord>)> {
        let (game, stats) = play(rules, game_seed(seed, i), [agent; 4])?;
        let kept = if keep {
            vec![GameRecord::from_game(&game)]
        } else {
            Vec::new()
        };
        Ok((stats, kept))
    };
    let join = |a: Result<(Stats, Vec<GameRecord>)>, b: Result<(Stats, Vec<GameRecord>)>| {
        let ((sa, mut ra), (sb, rb)) = (a?, b?);
        ra.extend(rb);
        Ok((sa.merge(&sb), ra))
    };
    let empty = || Ok((Stats::default(), Vec::new()));
    crate::parallel::in_pool(threads, |parallel| {
        if parallel {
            games.into_par_iter().map(one).reduce(empty, join)
        } else {
            games.map(one).fold(empty(), join)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two games in step, one worked out alone and one given the analysis of
    /// each turn's discards (for the riichi check, the agent's choice and the
    /// note that a discard leaves the hand short of tenpai): the same legal
    /// actions for every seat at every step (wins offered on claims among
    /// them), the same choices and the same events, riichi offered and not.
    #[test]
    fn the_shared_discard_analysis_changes_nothing() {
        let rules = Rules::default();
        let (mut riichi, mut turns, mut rons) = (0, 0, 0);
        for seed in 0..30 {
            let mut alone = Game::new(rules.clone(), seed).unwrap();
            let mut shared = alone.clone();
            let mut agents: [Agent; 4] =
                std::array::from_fn(|s| Agent::new(AgentKind::Shanten, agent_seed(seed, s)));
            let mut twins = agents.clone();
            let (mut plain, mut given) = (Vec::new(), Vec::new());
            while alone.phase != Phase::GameOver {
                assert_eq!(alone.phase, shared.phase, "seed {seed}");
                if alone.phase == Phase::HandOver {
                    alone.next_hand().unwrap();
                    shared.next_hand().unwrap();
                    continue;
                }
                let seat = alone.first_deciding().unwrap();
                let discards = shared.turn_discards(seat);
                for s in 0..4 {
                    alone.legal_actions_into(s, &mut plain);
                    let d = discards.as_ref().filter(|_| s == seat);
                    shared.legal_actions_given(s, &mut given, d);
                    assert_eq!(plain, given, "seed {seed} seat {s}");
                    rons += usize::from(plain.contains(&Action::Ron));
                }
                alone.legal_actions_into(seat, &mut plain);
                turns += usize::from(discards.is_some());
                riichi += usize::from(plain.iter().any(|a| matches!(a, Action::Riichi { .. })));
                let p = alone.player(seat);
                let i = agents[seat].choose(&p.concealed, &p.melds, &plain, TileSet::Full);
                let p = shared.player(seat);
                let j = twins[seat].choose_given(
                    &p.concealed,
                    &p.melds,
                    &plain,
                    TileSet::Full,
                    discards.as_ref(),
                );
                assert_eq!(i, j, "seed {seed}");
                alone.apply(seat, plain[i]).unwrap();
                shared.apply_given(seat, plain[i], discards.as_ref());
            }
            assert_eq!(alone.events(), shared.events(), "seed {seed}");
        }
        assert!(
            turns > 10_000 && riichi > 100 && rons > 100,
            "{turns} turns, {riichi} with riichi, {rons} rons offered"
        );
    }

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
            .all(|r| matches!(r.events.last(), Some(Event::EndGame { .. }))));
    }

    #[test]
    fn every_agent_finishes_games() {
        for agent in [AgentKind::Random, AgentKind::Tsumogiri, AgentKind::Shanten] {
            let s = simulate(&Rules::default(), 5, agent, 3, None).unwrap();
            assert_eq!(s.games, 5);
        }
    }
}
