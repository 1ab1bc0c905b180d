//! Many games stepped together for learning agents: each game waits at one
//! decision of a seat the caller plays; `step` takes one action id per game,
//! plays on (built-in opponents, decisions with a single legal action) to the
//! next such decision, and writes observations, masks and rewards into flat
//! buffers.
//!
//! Claims are asked one seat at a time in priority order (a seat that may ron
//! first, then those that may pon or kan, then chi; ties from the discarder's
//! right), and no seat sees another's answer: the observation never shows them.
//! A finished game is replaced at once by the next one of its slot (the flags of
//! that step say so), so every game always waits at a decision.
//!
//! Results do not depend on the thread count: game `k` of slot `i` is seeded from
//! `(seed, i + k * n)` alone.

use super::action::Action;
use super::action_id::{action_index, fill_mask, ACTION_COUNT};
use super::agents::{agent_seed, Agent, AgentKind};
use super::encode::{encode_planes, encode_scalars, PLANES, SCALARS};
use super::engine::{Game, Phase};
use super::observation::Observation;
use super::sim::game_seed;
use super::tokens::{TokenLog, MAX_TOKENS, WIDTH};
use crate::error::{MahjongError, Result};
use crate::rules::Rules;
use crate::tile::KINDS;
use rayon::prelude::*;

/// What a step's reward is, per seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Reward {
    /// The change of points since the last step (a hand's payments, riichi sticks).
    Points,
    /// At the end of a game, the final score with uma and oka from the rules (in
    /// thousands of points, +45.3 as 45.3); 0 before.
    Final,
    /// At the end of a game, the value given for each place (first to fourth); 0 before.
    Rank([f32; 4]),
}

/// The observation written for each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Masks only.
    None,
    /// The plane encoding with its scalars.
    Planes,
    /// The token encoding (the hand's history) with the plane encoding's scalars.
    Tokens,
}

impl Encoding {
    /// The plane bytes, token bytes and scalars written per game.
    const fn lengths(self) -> (usize, usize, usize) {
        match self {
            Encoding::Planes => (PLANE_LEN, 0, SCALARS.len()),
            Encoding::Tokens => (0, MAX_TOKENS * WIDTH, SCALARS.len()),
            Encoding::None => (0, 0, 0),
        }
    }
}

/// How a [`VecEnv`] is set up.
#[derive(Clone, Debug)]
pub struct EnvConfig {
    pub rules: Rules,
    pub seed: u64,
    pub encoding: Encoding,
    pub reward: Reward,
    /// Built-in agents for the seats the caller does not play; `None`: the
    /// caller plays every seat.
    pub opponents: Option<AgentKind>,
    /// With opponents, the same walls once for each seat at the table, the
    /// caller at each seat in turn (game `g` plays the walls of game `g / p` at seat `g % p`, `p` the
    /// players at the table).
    pub duplicate: bool,
    /// Keep finished games for [`VecEnv::take_finished`].
    pub records: bool,
    /// Decisions after which a game is cut off (truncated).
    pub max_decisions: u32,
}

impl Default for EnvConfig {
    fn default() -> Self {
        EnvConfig {
            rules: Rules::default(),
            seed: 0,
            encoding: Encoding::Planes,
            reward: Reward::Points,
            opponents: None,
            duplicate: false,
            records: false,
            max_decisions: 5_000,
        }
    }
}

/// One game and its bookkeeping.
#[derive(Clone, Debug)]
struct Slot {
    game: Game,
    /// Games this slot has finished.
    played: u64,
    /// The seat the caller plays (with opponents).
    learner: usize,
    agents: [Option<Agent>; 4],
    /// The seat deciding now.
    seat: usize,
    scores: [i64; 4],
    decisions: u32,
    /// The legal actions of `seat` at the decision the game waits on.
    legal: Vec<Action>,
    /// The observation last encoded (its lists' room reused step after step).
    seen: Observation,
    /// Every seat's tokens of the current hand, kept up to date step by step.
    tokens: TokenLog,
}

/// What one step wrote per game beside the observation.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepInfo {
    pub reward: [f32; 4],
    pub terminated: bool,
    pub truncated: bool,
    /// A hand ended during the step.
    pub hand_done: bool,
    /// Points by seat after the step; for a game that ended, its last points
    /// (not the next game's).
    pub scores: [i64; 4],
}

/// The flat outputs of all games (game-major).
#[derive(Clone, Debug, Default)]
pub struct Buffers {
    pub planes: Vec<u8>,
    /// `MAX_TOKENS * WIDTH` bytes per game (the token encoding).
    pub tokens: Vec<u8>,
    /// The rows of `tokens` that hold a token, per game.
    pub token_counts: Vec<u16>,
    pub scalars: Vec<f32>,
    pub masks: Vec<bool>,
    pub seats: Vec<i8>,
    pub rewards: Vec<f32>,
    pub terminated: Vec<bool>,
    pub truncated: Vec<bool>,
    pub hand_done: Vec<bool>,
    pub scores: Vec<i64>,
}

impl Buffers {
    /// The buffers as a step's outputs.
    pub fn outputs(&mut self) -> Outputs<'_> {
        Outputs {
            planes: &mut self.planes,
            tokens: &mut self.tokens,
            token_counts: &mut self.token_counts,
            scalars: &mut self.scalars,
            masks: &mut self.masks,
            seats: &mut self.seats,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            hand_done: &mut self.hand_done,
            scores: &mut self.scores,
        }
    }
}

/// Where a step writes, laid out as [`Buffers`] (empty where the encoding has
/// no such output): the buffers themselves, or a caller's own memory, which a
/// step then fills without a copy. A token row is cleared only as far as the
/// count the memory holds from the step before says it was written.
pub struct Outputs<'a> {
    pub planes: &'a mut [u8],
    pub tokens: &'a mut [u8],
    pub token_counts: &'a mut [u16],
    pub scalars: &'a mut [f32],
    pub masks: &'a mut [bool],
    pub seats: &'a mut [i8],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub hand_done: &'a mut [bool],
    pub scores: &'a mut [i64],
}

impl Outputs<'_> {
    /// Refuses outputs whose sizes are not those of `n` games under `encoding`.
    fn check(&self, n: usize, encoding: Encoding) -> Result<()> {
        let (planes, tokens, scalars) = encoding.lengths();
        let sizes = [
            ("planes", self.planes.len(), n * planes),
            ("tokens", self.tokens.len(), n * tokens),
            (
                "token counts",
                self.token_counts.len(),
                if tokens > 0 { n } else { 0 },
            ),
            ("scalars", self.scalars.len(), n * scalars),
            ("masks", self.masks.len(), n * ACTION_COUNT),
            ("seats", self.seats.len(), n),
            ("rewards", self.rewards.len(), 4 * n),
            ("terminated", self.terminated.len(), n),
            ("truncated", self.truncated.len(), n),
            ("hand_done", self.hand_done.len(), n),
            ("scores", self.scores.len(), 4 * n),
        ];
        match sizes.iter().find(|(_, got, want)| got != want) {
            Some((what, got, want)) => Err(MahjongError::InvalidInput(format!(
                "the {what} output holds {got} values; {n} games write {want}"
            ))),
            None => Ok(()),
        }
    }
}

/// Many games stepped together.
pub struct VecEnv {
    cfg: EnvConfig,
    /// How many games run (one slot each).
    games: usize,
    slots: Vec<Slot>,
    pool: Option<rayon::ThreadPool>,
    pub out: Buffers,
    finished: Vec<Game>,
    /// Decisions applied for the caller, by built-in opponents, and
    /// automatically (a single legal action), over all steps.
    pub counts: [u64; 3],
}

impl Slot {
    fn new(cfg: &EnvConfig, slot: usize, n: usize, played: u64) -> Result<Slot> {
        let g = slot as u64 + played * n as u64;
        // The caller's seat turns over the seats at the table (three under
        // three-player rules: the empty fourth seat never plays).
        let seats = u64::from(cfg.rules.players);
        let (walls_of, learner) = if cfg.duplicate && cfg.opponents.is_some() {
            (g / seats, (g % seats) as usize)
        } else {
            (g, (g % seats) as usize)
        };
        let seed = game_seed(cfg.seed, walls_of);
        let game = Game::new(cfg.rules.clone(), seed)?;
        let agents = std::array::from_fn(|s| {
            cfg.opponents
                .filter(|_| s != learner)
                .map(|k| Agent::new(k, agent_seed(game_seed(cfg.seed, g), s)))
        });
        let scores = game.scores();
        Ok(Slot {
            game,
            played,
            learner,
            agents,
            seat: 0,
            scores,
            decisions: 0,
            legal: Vec::new(),
            seen: Observation::default(),
            tokens: TokenLog::default(),
        })
    }

    /// The seat to ask next: the turn's seat, or the claimant of highest priority.
    fn next_seat(&self) -> Option<usize> {
        self.game.first_to_ask()
    }

    /// Plays on to the next decision of a seat the caller plays; the rewards
    /// and flags of what happened on the way. `counts`: opponent and automatic
    /// decisions.
    fn advance(&mut self, cfg: &EnvConfig, counts: &mut [u64; 3]) -> Result<StepInfo> {
        let mut info = StepInfo::default();
        loop {
            match self.game.phase() {
                Phase::HandOver => {
                    info.hand_done = true;
                    self.game.next_hand()?;
                    continue;
                }
                Phase::GameOver => {
                    // The game ends with its last hand: that hand ended too.
                    info.hand_done = true;
                    info.terminated = true;
                    return Ok(info);
                }
                _ => {}
            }
            if self.decisions >= cfg.max_decisions {
                info.truncated = true;
                return Ok(info);
            }
            let seat = self.next_seat().ok_or_else(|| {
                MahjongError::InvalidInput("no seat can act in a running game".into())
            })?;
            self.game.legal_actions_into(seat, &mut self.legal);
            let legal = &self.legal;
            if let Some(agent) = self.agents[seat].as_mut() {
                let p = self.game.player(seat);
                let a = legal[agent.choose(
                    &p.concealed,
                    &p.melds,
                    legal,
                    crate::algo::TileSet::of(self.game.rules()),
                )];
                self.game.apply_unchecked(seat, a);
                counts[1] += 1;
                self.decisions += 1;
                continue;
            }
            if legal.len() == 1 {
                self.game.apply_unchecked(seat, legal[0]);
                counts[2] += 1;
                self.decisions += 1;
                continue;
            }
            self.seat = seat;
            return Ok(info);
        }
    }

    fn rewards(&mut self, cfg: &EnvConfig, info: &mut StepInfo) {
        let now = self.game.scores();
        match &cfg.reward {
            Reward::Points => {
                for s in 0..4 {
                    info.reward[s] = (now[s] - self.scores[s]) as f32;
                }
            }
            Reward::Final => {
                if let Some(r) = self.game.result().filter(|_| info.terminated) {
                    for s in 0..4 {
                        info.reward[s] = r.scores[s] as f32 / 10.0;
                    }
                }
            }
            Reward::Rank(values) => {
                if let Some(r) = self.game.result().filter(|_| info.terminated) {
                    for s in 0..4 {
                        info.reward[s] = values[usize::from(r.ranks[s]).clamp(1, 4) - 1];
                    }
                }
            }
        }
        self.scores = now;
    }
}

/// The sizes of one game's outputs.
pub const PLANE_LEN: usize = PLANES * KINDS;

impl VecEnv {
    /// `n` games (1-65,536) under `cfg`, on `threads` threads (`None`: all cores).
    pub fn new(n: usize, cfg: EnvConfig, threads: Option<usize>) -> Result<VecEnv> {
        if n == 0 || n > 65_536 {
            return Err(MahjongError::InvalidInput(format!(
                "a VecEnv runs 1-65536 games, got {n}"
            )));
        }
        let pool = match threads {
            Some(0) => {
                return Err(MahjongError::InvalidInput(
                    "threads must be at least 1".into(),
                ))
            }
            Some(1) => None,
            t => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(t.unwrap_or(0))
                    .build()
                    .map_err(|e| {
                        MahjongError::InvalidInput(format!("cannot start threads: {e}"))
                    })?,
            ),
        };
        let mut env = VecEnv {
            games: n,
            slots: Vec::with_capacity(n),
            pool,
            out: Buffers::default(),
            finished: Vec::new(),
            counts: [0; 3],
            cfg,
        };
        env.alloc(n);
        env.reset()?;
        Ok(env)
    }

    fn alloc(&mut self, n: usize) {
        let (planes, tokens, scalars) = self.cfg.encoding.lengths();
        self.out = Buffers {
            planes: vec![0; n * planes],
            tokens: vec![0; n * tokens],
            token_counts: vec![0; if tokens > 0 { n } else { 0 }],
            scalars: vec![0.0; n * scalars],
            masks: vec![false; n * ACTION_COUNT],
            seats: vec![0; n],
            rewards: vec![0.0; n * 4],
            terminated: vec![false; n],
            truncated: vec![false; n],
            hand_done: vec![false; n],
            scores: vec![0; n * 4],
        };
    }

    /// How many games run.
    pub fn len(&self) -> usize {
        self.games
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    pub fn config(&self) -> &EnvConfig {
        &self.cfg
    }

    /// The game running in slot `i`.
    pub fn game(&self, i: usize) -> Option<&Game> {
        self.slots.get(i).map(|s| &s.game)
    }

    /// The seat the caller plays in slot `i` (with opponents).
    pub fn learner(&self, i: usize) -> Option<usize> {
        self.slots.get(i).map(|s| s.learner)
    }

    /// Finished games kept since the last call (with `records`).
    pub fn take_finished(&mut self) -> Vec<Game> {
        std::mem::take(&mut self.finished)
    }

    /// Starts every slot's first game over and writes the first observations.
    pub fn reset(&mut self) -> Result<()> {
        self.write_own(Self::reset_into)
    }

    /// `write` into the env's own buffers.
    fn write_own(
        &mut self,
        write: impl FnOnce(&mut Self, Outputs<'_>) -> Result<()>,
    ) -> Result<()> {
        let mut out = std::mem::take(&mut self.out);
        let done = write(self, out.outputs());
        self.out = out;
        done
    }

    /// [`VecEnv::reset`] writing into `out` instead of the env's buffers.
    pub fn reset_into(&mut self, out: Outputs<'_>) -> Result<()> {
        let n = self.games;
        out.check(n, self.cfg.encoding)?;
        self.slots.clear();
        for i in 0..n {
            self.slots.push(Slot::new(&self.cfg, i, n, 0)?);
        }
        self.counts = [0; 3];
        self.finished.clear();
        let actions = vec![None; n];
        self.run(&actions, out)
    }

    /// Applies one action id per game (for the seat each game waits on) and plays
    /// on to the next decisions. Every id is checked before any game moves: an
    /// illegal id refuses the whole step and changes nothing.
    pub fn step(&mut self, actions: &[i64]) -> Result<()> {
        self.write_own(|env, out| env.step_into(actions, out))
    }

    /// [`VecEnv::step`] writing into `out` instead of the env's buffers (the
    /// same memory at every step, for the token rows).
    pub fn step_into(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<()> {
        let n = self.games;
        out.check(n, self.cfg.encoding)?;
        if actions.len() != n {
            return Err(MahjongError::InvalidInput(format!(
                "step takes one action per game: {n} games, got {}",
                actions.len()
            )));
        }
        let mut picked = Vec::with_capacity(n);
        for (i, (&id, slot)) in actions.iter().zip(&self.slots).enumerate() {
            let a = usize::try_from(id)
                .ok()
                .filter(|&x| x < ACTION_COUNT)
                .ok_or_else(|| {
                    MahjongError::IllegalAction(format!(
                        "game {i}: action id {id}: ids are 0-{}",
                        ACTION_COUNT - 1
                    ))
                })
                .and_then(|x| {
                    let claimed = slot.game.claimed_for(slot.seat);
                    slot.legal
                        .iter()
                        .find(|a| action_index(a, claimed) == Some(x))
                        .copied()
                        .ok_or_else(|| {
                            // The game's own refusal, which names the id and why.
                            match slot.game.action_for_index(slot.seat, x) {
                                Err(e) => MahjongError::IllegalAction(format!("game {i}: {e}")),
                                Ok(a) => MahjongError::IllegalAction(format!(
                                    "game {i}: action id {x} ({a}) is not among the legal ones"
                                )),
                            }
                        })
                })?;
            picked.push(Some(a));
        }
        self.counts[0] += n as u64;
        self.run(&picked, out)
    }

    /// Applies `actions` (None: none, at a reset), advances each game and writes
    /// the outputs.
    fn run(&mut self, actions: &[Option<Action>], out: Outputs<'_>) -> Result<()> {
        let cfg = &self.cfg;
        let n = self.slots.len();
        let encoding = cfg.encoding;
        let (plane_len, token_len, scalar_len) = encoding.lengths();
        let Outputs {
            planes,
            tokens,
            token_counts,
            scalars,
            masks,
            seats,
            rewards,
            terminated,
            truncated,
            hand_done,
            scores,
        } = out;
        let work = |(i, row): (usize, Row<'_>)| -> Outcome {
            let Row {
                slot,
                action,
                planes,
                tokens,
                count,
                scalars,
                mask: masks,
            } = row;
            let mut counts = [0u64; 3];
            if let Some(a) = action {
                slot.game.apply_unchecked(slot.seat, *a);
                slot.decisions += 1;
            }
            let mut info = slot.advance(cfg, &mut counts)?;
            slot.rewards(cfg, &mut info);
            info.scores = slot.game.scores();
            let mut done = None;
            if info.terminated || info.truncated {
                let next = Slot::new(cfg, i, n, slot.played + 1)?;
                let old = std::mem::replace(slot, next);
                if cfg.records {
                    done = Some(Box::new(old.game));
                }
                // The new game's first decision (its rewards are the next step's).
                let more = slot.advance(cfg, &mut counts)?;
                info.hand_done |= more.hand_done;
            }
            let seat = slot.seat;
            match encoding {
                Encoding::Planes => {
                    slot.game.observation_into(seat, &mut slot.seen)?;
                    encode_planes(&slot.seen, planes, scalars);
                }
                Encoding::Tokens => {
                    slot.game.observation_into(seat, &mut slot.seen)?;
                    encode_scalars(&slot.seen, scalars);
                    // The rows written last time are cleared past the new ones;
                    // at most MAX_TOKENS rows: the count fits.
                    let before = usize::from(*count);
                    *count = slot.tokens.write(&slot.game, seat, tokens, before) as u16;
                }
                Encoding::None => {}
            }
            let mask: &mut [bool; ACTION_COUNT] = masks.try_into().expect("a mask row");
            fill_mask(&slot.legal, slot.game.claimed_for(seat), mask);
            Ok((info, done, counts))
        };
        let planes = chunks(planes, plane_len, n);
        let tokens = chunks(tokens, token_len, n);
        let mut no_counts = vec![0u16; if token_len == 0 { n } else { 0 }];
        let counts: Vec<&mut u16> = if token_len == 0 {
            no_counts.iter_mut().collect()
        } else {
            token_counts.iter_mut().collect()
        };
        let scalars = chunks_f(scalars, scalar_len, n);
        let masks: Vec<&mut [bool]> = masks.chunks_mut(ACTION_COUNT).collect();
        let inputs: Vec<(usize, Row<'_>)> = self
            .slots
            .iter_mut()
            .zip(actions)
            .zip(planes.into_iter().zip(scalars.into_iter().zip(masks)))
            .zip(tokens.into_iter().zip(counts))
            .map(
                |(((slot, action), (planes, (scalars, mask))), (tokens, count))| Row {
                    slot,
                    action,
                    planes,
                    tokens,
                    count,
                    scalars,
                    mask,
                },
            )
            .enumerate()
            .collect();
        let results: Vec<Outcome> = match &self.pool {
            None => inputs.into_iter().map(work).collect(),
            Some(pool) => pool.install(|| inputs.into_par_iter().map(work).collect()),
        };
        for (i, r) in results.into_iter().enumerate() {
            let (info, done, counts) = r?;
            let slot = &self.slots[i];
            seats[i] = slot.seat as i8;
            rewards[4 * i..4 * i + 4].copy_from_slice(&info.reward);
            terminated[i] = info.terminated;
            truncated[i] = info.truncated;
            hand_done[i] = info.hand_done;
            scores[4 * i..4 * i + 4].copy_from_slice(&info.scores);
            self.counts[1] += counts[1];
            self.counts[2] += counts[2];
            if let Some(g) = done {
                self.finished.push(*g);
            }
        }
        Ok(())
    }
}

/// One game's part of a step: the game, its action, its output rows.
struct Row<'a> {
    slot: &'a mut Slot,
    action: &'a Option<Action>,
    planes: &'a mut [u8],
    tokens: &'a mut [u8],
    count: &'a mut u16,
    scalars: &'a mut [f32],
    mask: &'a mut [bool],
}

/// What a game's part of a step gives back: its flags and rewards, the game it
/// finished (with `records`), and the opponent and automatic decisions made.
type Outcome = Result<(StepInfo, Option<Box<Game>>, [u64; 3])>;

/// `n` rows of `len` (empty rows when `len` is 0).
fn chunks(buf: &mut [u8], len: usize, n: usize) -> Vec<&mut [u8]> {
    if len == 0 {
        return (0..n).map(|_| <&mut [u8]>::default()).collect();
    }
    buf.chunks_mut(len).collect()
}

fn chunks_f(buf: &mut [f32], len: usize, n: usize) -> Vec<&mut [f32]> {
    if len == 0 {
        return (0..n).map(|_| <&mut [f32]>::default()).collect();
    }
    buf.chunks_mut(len).collect()
}

#[cfg(test)]
#[allow(clippy::float_cmp)] // rewards are exact
mod tests {
    use super::*;

    /// A deterministic choice among the legal ids of each game.
    fn choose(env: &VecEnv, step: u64) -> Vec<i64> {
        (0..env.len())
            .map(|i| {
                let m = &env.out.masks[i * ACTION_COUNT..(i + 1) * ACTION_COUNT];
                let ids: Vec<usize> = (0..ACTION_COUNT).filter(|&a| m[a]).collect();
                let h = game_seed(step, i as u64) as usize;
                ids[h % ids.len()] as i64
            })
            .collect()
    }

    #[test]
    fn the_thread_count_changes_nothing() {
        let cfg = EnvConfig {
            records: true,
            ..EnvConfig::default()
        };
        let mut one = VecEnv::new(12, cfg.clone(), Some(1)).unwrap();
        let mut two = VecEnv::new(12, cfg, Some(2)).unwrap();
        for step in 0..3_000 {
            let a = choose(&one, step);
            assert_eq!(a, choose(&two, step));
            one.step(&a).unwrap();
            two.step(&a).unwrap();
            assert_eq!(one.out.planes, two.out.planes);
            assert_eq!(one.out.scalars, two.out.scalars);
            assert_eq!(one.out.masks, two.out.masks);
            assert_eq!(one.out.rewards, two.out.rewards);
            assert_eq!(one.out.scores, two.out.scores);
        }
        let (f1, f2) = (one.take_finished(), two.take_finished());
        assert!(!f1.is_empty());
        assert_eq!(f1, f2);
    }

    /// With the token encoding each game's rows are its seat's tokens (the rows
    /// past them zero, after new hands, new games and a reset too) and the
    /// scalars the plane encoding's; under either thread count the same, with
    /// built-in opponents and with the caller at every seat.
    #[test]
    fn the_token_encoding_is_the_games_own() {
        for opponents in [Some(AgentKind::Random), None] {
            let cfg = EnvConfig {
                encoding: Encoding::Tokens,
                opponents,
                ..EnvConfig::default()
            };
            let mut one = VecEnv::new(5, cfg.clone(), Some(1)).unwrap();
            let mut two = VecEnv::new(5, cfg, Some(2)).unwrap();
            let row = MAX_TOKENS * WIDTH;
            assert!(one.out.planes.is_empty());
            let (mut longest, mut games) = (0, 0);
            for step in 0..1_500 {
                for i in 0..one.len() {
                    let g = one.game(i).unwrap();
                    let seat = one.out.seats[i] as usize;
                    let (tokens, n) = g.tokens(seat);
                    assert_eq!(one.out.tokens[i * row..(i + 1) * row], tokens[..]);
                    assert_eq!(usize::from(one.out.token_counts[i]), n);
                    longest = longest.max(n);
                    let (_, scalars) = g.observation(seat).unwrap().encode_planes();
                    let s = SCALARS.len();
                    assert_eq!(one.out.scalars[i * s..(i + 1) * s], scalars[..]);
                }
                assert_eq!(one.out.tokens, two.out.tokens);
                assert_eq!(one.out.token_counts, two.out.token_counts);
                if step == 700 {
                    one.reset().unwrap();
                    two.reset().unwrap();
                    continue;
                }
                let a = choose(&one, step);
                one.step(&a).unwrap();
                two.step(&a).unwrap();
                games += one.out.terminated.iter().filter(|&&t| t).count();
            }
            assert!(longest > 40, "{longest}");
            assert!(games > 0, "no game ended");
        }
    }

    /// The outputs are the game's own: its legal ids, its observation encoded,
    /// its scores; and between two steps the game moved only by the id given
    /// and by decisions with a single legal action.
    #[test]
    fn it_plays_the_games_a_game_plays_one_decision_at_a_time() {
        let mut env = VecEnv::new(6, EnvConfig::default(), Some(1)).unwrap();
        let mut forced = 0;
        for step in 0..4_000 {
            for i in 0..env.len() {
                let g = env.game(i).unwrap();
                let seat = env.out.seats[i] as usize;
                let mask = g.legal_mask(seat);
                assert_eq!(
                    &env.out.masks[i * ACTION_COUNT..(i + 1) * ACTION_COUNT],
                    &mask
                );
                assert!(
                    mask.iter().filter(|&&m| m).count() > 1,
                    "a forced decision was asked"
                );
                let (planes, scalars) = g.observation(seat).unwrap().encode_planes();
                assert_eq!(
                    env.out.planes[i * PLANE_LEN..(i + 1) * PLANE_LEN],
                    planes[..]
                );
                let s = SCALARS.len();
                assert_eq!(env.out.scalars[i * s..(i + 1) * s], scalars[..]);
                if !(env.out.terminated[i] || env.out.truncated[i]) {
                    assert_eq!(env.out.scores[4 * i..4 * i + 4], g.scores());
                }
            }
            let before: Vec<Game> = (0..env.len())
                .map(|i| env.game(i).unwrap().clone())
                .collect();
            let seats: Vec<usize> = env.out.seats.iter().map(|&s| s as usize).collect();
            let a = choose(&env, step);
            env.step(&a).unwrap();
            for i in 0..env.len() {
                if env.out.terminated[i] || env.out.truncated[i] {
                    continue;
                }
                let mut g = before[i].clone();
                g.apply_index(seats[i], a[i] as usize).unwrap();
                let target = env.game(i).unwrap();
                let mut moves = 0;
                while g != *target {
                    if g.phase() == &Phase::HandOver {
                        g.next_hand().unwrap();
                        continue;
                    }
                    let only: Vec<usize> = g
                        .deciding()
                        .into_iter()
                        .filter(|&s| g.legal_actions(s).len() == 1)
                        .collect();
                    let s = *only
                        .first()
                        .expect("the env moved a seat that had a choice");
                    let legal = g.legal_actions(s);
                    g.apply(s, legal[0]).unwrap();
                    moves += 1;
                    assert!(moves < 500);
                }
                forced += moves;
            }
        }
        assert!(forced > 0);
    }

    #[test]
    fn an_illegal_id_refuses_the_whole_step() {
        let mut env = VecEnv::new(4, EnvConfig::default(), Some(1)).unwrap();
        let mut a = choose(&env, 0);
        let before: Vec<Game> = (0..4).map(|i| env.game(i).unwrap().clone()).collect();
        let bad = (0..ACTION_COUNT)
            .find(|&x| !env.out.masks[2 * ACTION_COUNT + x])
            .unwrap();
        a[2] = bad as i64;
        let e = env.step(&a).unwrap_err().to_string();
        assert!(e.contains(&format!("game 2: action id {bad}")), "{e}");
        for x in [-1, 158, i64::MAX] {
            a[2] = x;
            let e = env.step(&a).unwrap_err().to_string();
            assert!(e.contains(&format!("action id {x}")), "{e}");
        }
        assert!(env.step(&a[..3]).is_err());
        for (i, g) in before.iter().enumerate() {
            assert_eq!(env.game(i).unwrap(), g);
        }
    }

    #[test]
    fn point_rewards_add_up_to_the_games_point_changes() {
        let cfg = EnvConfig {
            records: true,
            ..EnvConfig::default()
        };
        let mut env = VecEnv::new(1, cfg, Some(1)).unwrap();
        let mut sum = [0f32; 4];
        let mut step = 0;
        while env.finished.is_empty() {
            let a = choose(&env, step);
            env.step(&a).unwrap();
            step += 1;
            for s in 0..4 {
                sum[s] += env.out.rewards[s];
            }
        }
        let g = &env.take_finished()[0];
        let start = i64::from(g.rules().start_points);
        for s in 0..4 {
            assert_eq!(sum[s] as i64, g.scores()[s] - start, "seat {s}");
        }
    }

    #[test]
    fn every_hand_that_ends_is_flagged_the_last_one_included() {
        let cfg = EnvConfig {
            records: true,
            ..EnvConfig::default()
        };
        let mut env = VecEnv::new(1, cfg, Some(1)).unwrap();
        let (mut flagged, mut step) = (0, 0);
        while env.finished.is_empty() {
            env.step(&choose(&env, step)).unwrap();
            step += 1;
            flagged += usize::from(env.out.hand_done[0]);
        }
        assert!(env.out.terminated[0] && env.out.hand_done[0]);
        let g = &env.take_finished()[0];
        let hands = g
            .events()
            .iter()
            .filter(|e| matches!(e, crate::game::event::Event::EndKyoku))
            .count();
        assert!(hands > 1);
        assert_eq!(flagged, hands);
    }

    #[test]
    fn final_and_rank_rewards_come_at_the_end_of_a_game() {
        for reward in [Reward::Final, Reward::Rank([3.0, 1.0, -1.0, -3.0])] {
            let cfg = EnvConfig {
                reward: reward.clone(),
                records: true,
                ..EnvConfig::default()
            };
            let mut env = VecEnv::new(1, cfg, Some(1)).unwrap();
            let mut step = 0;
            loop {
                let a = choose(&env, step);
                env.step(&a).unwrap();
                step += 1;
                let got: [f32; 4] = env.out.rewards[..4].try_into().unwrap();
                if !env.out.terminated[0] {
                    assert_eq!(got, [0.0; 4], "a reward before the end");
                    continue;
                }
                let g = &env.take_finished()[0];
                let r = g.result().unwrap();
                let want: [f32; 4] = match &reward {
                    // The final scores in thousands: +45.3 is 45.3.
                    Reward::Final => std::array::from_fn(|s| r.scores[s] as f32 / 10.0),
                    Reward::Rank(v) => std::array::from_fn(|s| v[r.ranks[s] as usize - 1]),
                    Reward::Points => unreachable!(),
                };
                assert_eq!(got, want);
                assert!(want.iter().any(|&x| x != 0.0));
                // The ending step shows the ended game's points, not the next one's.
                assert_eq!(env.out.scores[..4], g.scores());
                assert_eq!(env.out.scores[..4], r.points);
                assert_ne!(env.game(0).unwrap().scores(), g.scores());
                break;
            }
        }
    }

    #[test]
    fn opponents_leave_the_caller_its_own_seat() {
        let cfg = EnvConfig {
            opponents: Some(AgentKind::Shanten),
            duplicate: true,
            ..EnvConfig::default()
        };
        let mut env = VecEnv::new(8, cfg, Some(2)).unwrap();
        // Duplicate seeding: games 0-3 share their walls, at rotated seats.
        let first = env.game(0).unwrap().wall().clone();
        for i in 0..4 {
            assert_eq!(env.game(i).unwrap().wall().tiles(), first.tiles());
            assert_eq!(env.learner(i), Some(i));
        }
        assert_ne!(env.game(4).unwrap().wall().tiles(), first.tiles());
        for step in 0..2_000 {
            for i in 0..8 {
                assert_eq!(env.out.seats[i] as usize, env.learner(i).unwrap());
            }
            let a = choose(&env, step);
            env.step(&a).unwrap();
        }
        assert!(env.counts[1] > env.counts[0]);
    }

    #[test]
    fn three_player_games_seat_the_caller_at_the_table() {
        // Under three-player rules the caller's seats turn over 0-2 (never the
        // empty fourth seat) and duplicate walls come three times.
        let cfg = EnvConfig {
            rules: crate::rules::Rules::preset("tenhou_sanma").unwrap(),
            opponents: Some(AgentKind::Shanten),
            duplicate: true,
            ..EnvConfig::default()
        };
        let mut env = VecEnv::new(7, cfg, Some(2)).unwrap();
        let first = env.game(0).unwrap().wall().clone();
        for i in 0..3 {
            assert_eq!(env.game(i).unwrap().wall().tiles(), first.tiles());
            assert_eq!(env.learner(i), Some(i));
        }
        assert_ne!(env.game(3).unwrap().wall().tiles(), first.tiles());
        assert_eq!(env.learner(3), Some(0));
        for step in 0..1_500 {
            for i in 0..7 {
                assert!(env.out.seats[i] < 3);
                assert_eq!(env.out.seats[i] as usize, env.learner(i).unwrap());
            }
            let a = choose(&env, step);
            env.step(&a).unwrap();
        }
        assert!(env.counts[0] > 0);
    }
}
