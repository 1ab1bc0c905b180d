//! `riichi.env`: the action-id and array tables and `VecEnv`, the learning
//! agents' side of the engine (`crate::game::{action_id, encode, vec_env}`).

// PyO3 extracts arguments by value.
#![allow(clippy::needless_pass_by_value)]

use super::args::{bounded_items, describe, int_array, is_int_array, threads_arg, Int, Text};
use super::errors::invalid;
use super::game::{seed_arg, PyGame};
use super::rules::rules_arg;
use crate::game::action_id::{ACTION_COUNT, ACTION_GROUPS};
use crate::game::agents::AgentKind;
use crate::game::encode::{Group, ORACLE_GROUPS, PLANES, PLANE_GROUPS, SCALARS};
use crate::game::tokens::{COLUMNS as TOKEN_COLUMNS, KINDS as TOKEN_KINDS, MAX_TOKENS, WIDTH};
use crate::game::vec_env::{Encoding, EnvConfig, Outputs, Reward, VecEnv};
use crate::tile::KINDS;
use numpy::{Element, IxDyn, PyArray1, PyArrayDyn, PyArrayMethods, PyReadwriteArrayDyn};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// A channel table as Python rows: name, first channel, channel count, meaning.
fn channel_rows(groups: &[Group]) -> Vec<(&'static str, usize, usize, &'static str)> {
    let mut first = 0;
    groups
        .iter()
        .map(|&(name, count, what)| {
            let row = (name, first, count, what);
            first += count;
            row
        })
        .collect()
}

/// The reward argument: "points", "final" or four values by place.
fn reward_arg(reward: &Bound<'_, PyAny>) -> PyResult<Reward> {
    let wrong = || {
        invalid(format!(
            "reward is \"points\", \"final\" or four numbers by place (first to fourth), got {}",
            describe(reward)
        ))
    };
    if let Ok(name) = reward.extract::<Text>() {
        return match &*name {
            "points" => Ok(Reward::Points),
            "final" => Ok(Reward::Final),
            _ => Err(wrong()),
        };
    }
    let values = bounded_items(reward, "reward", 4, |v| v.extract::<f64>()).map_err(|e| {
        if e.is_instance_of::<PyTypeError>(reward.py()) {
            wrong()
        } else {
            e
        }
    })?;
    let values: [f64; 4] = values.try_into().map_err(|_| wrong())?;
    if values.iter().any(|v| !v.is_finite()) {
        return Err(invalid(format!(
            "reward values by place must be finite numbers, got {values:?}"
        )));
    }
    Ok(Reward::Rank(values.map(|v| v as f32)))
}

/// The encoding argument: "planes", "tokens", or `None` / "none" for masks only.
fn encoding_arg(encoding: Option<&str>) -> PyResult<Encoding> {
    match encoding {
        Some("planes") => Ok(Encoding::Planes),
        Some("tokens") => Ok(Encoding::Tokens),
        None | Some("none") => Ok(Encoding::None),
        Some(other) => Err(invalid(format!(
            "encoding is \"planes\", \"tokens\" or None (masks only), got {other:?}"
        ))),
    }
}

/// One action id per game: a 1-D integer array or a sequence of `n` integers.
/// Ids too large for `i64` read as `i64::MAX` (out of range all the same).
fn action_ids(actions: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    let count_wrong = |got: String| {
        invalid(format!(
            "step takes one action id per game: {n} games, got {got}"
        ))
    };
    if is_int_array(actions) {
        let shape: Vec<usize> = actions.getattr("shape")?.extract()?;
        if shape != [n] {
            return Err(count_wrong(describe(actions)));
        }
        let values = int_array::<i128>(actions, "actions", 1)?.ok_or_else(|| {
            invalid(format!(
                "action ids must be integers, got {}",
                describe(actions)
            ))
        })?;
        return Ok(values
            .0
            .into_iter()
            .map(|v| i64::try_from(v).unwrap_or(i64::MAX))
            .collect());
    }
    let ids = bounded_items(actions, "actions", n, |v| {
        let id: Int = v.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "an action id is an integer, got {}",
                super::args::type_name(&v)
            ))
        })?;
        Ok(id.get::<i64>().unwrap_or(i64::MAX))
    })
    .map_err(|e| {
        if e.is_instance_of::<super::errors::InvalidInputError>(actions.py()) {
            count_wrong(format!("more than {n}"))
        } else {
            e
        }
    })?;
    if ids.len() != n {
        return Err(count_wrong(ids.len().to_string()));
    }
    Ok(ids)
}

/// Many four-player games stepped together for learning agents, with the GIL
/// released and the games spread over threads.
///
/// Each game waits at one decision of the seat `observations["seat"]` names;
/// `step(actions)` takes one action id per game (see `ACTION_GROUPS`), plays on
/// (the built-in `opponents`, and any decision with a single legal action) to each
/// game's next decision, and returns `(observations, rewards, terminated,
/// truncated, info)` as numpy arrays. Claims are asked one seat at a time, in
/// priority order (a seat that may ron first, then pon or kan, then chi).
///
/// A game that ends is replaced at once by the next game of its slot: the step
/// that ended it has `terminated` (or `truncated`, after `max_decisions`) set,
/// its rewards, and already the new game's first observation. Results depend on
/// `seed` alone, never on `threads`.
///
/// `rewards` has one column per seat: `"points"` the change of points over the
/// step, `"final"` the final score with uma and oka (in thousands) when a game
/// ends and 0 before, four numbers the value of each place (first to fourth)
/// when a game ends. `encoding="planes"` adds `"planes"` (uint8, (N, 95, 34))
/// and `"scalars"` (float32, (N, 34)) to the masks (see `PLANE_GROUPS` and
/// `SCALARS`); `encoding="tokens"` adds `"tokens"` (uint8, (N, 256, 8): the
/// hand's history, see `TOKEN_KINDS` and `TOKEN_COLUMNS`), `"token_count"`
/// (uint16, (N,): the rows in use) and the same `"scalars"`; `None` gives
/// masks only. `opponents` ("random", "tsumogiri",
/// "shanten") plays the other seats, the caller's seat rotating game by game
/// over the seats at the table; `duplicate=True` then plays each wall once
/// from each of those seats. `records=True` keeps finished games for `finished()`.
/// `copy=False` returns the same arrays at every step, which the next `reset`
/// or `step` writes into directly (no allocation or copy per step; copy what
/// you keep and leave the arrays as they are).
#[pyclass(name = "VecEnv", module = "riichi.env")]
pub struct PyVecEnv {
    env: VecEnv,
    threads: Option<usize>,
    /// With `copy=False`: the arrays returned at every step, overwritten in place.
    kept: Option<Kept>,
}

/// A kept array of element `T`.
type KeptArray<T> = Py<PyArrayDyn<T>>;

/// The arrays of a `copy=False` `VecEnv`, one per output (empty where the
/// encoding has no such output), which every step writes into directly.
struct Kept {
    planes: KeptArray<u8>,
    tokens: KeptArray<u8>,
    token_count: KeptArray<u16>,
    scalars: KeptArray<f32>,
    mask: KeptArray<bool>,
    seat: KeptArray<i8>,
    rewards: KeptArray<f32>,
    terminated: KeptArray<bool>,
    truncated: KeptArray<bool>,
    hand_done: KeptArray<bool>,
    scores: KeptArray<i64>,
}

/// The kept arrays borrowed for writing, for one step.
struct Borrowed<'py> {
    planes: PyReadwriteArrayDyn<'py, u8>,
    tokens: PyReadwriteArrayDyn<'py, u8>,
    token_count: PyReadwriteArrayDyn<'py, u16>,
    scalars: PyReadwriteArrayDyn<'py, f32>,
    mask: PyReadwriteArrayDyn<'py, bool>,
    seat: PyReadwriteArrayDyn<'py, i8>,
    rewards: PyReadwriteArrayDyn<'py, f32>,
    terminated: PyReadwriteArrayDyn<'py, bool>,
    truncated: PyReadwriteArrayDyn<'py, bool>,
    hand_done: PyReadwriteArrayDyn<'py, bool>,
    scores: PyReadwriteArrayDyn<'py, i64>,
}

/// A new array of zeros of `shape`.
fn zeros<T: Element>(py: Python<'_>, shape: &[usize]) -> KeptArray<T> {
    PyArrayDyn::<T>::zeros(py, IxDyn(shape), false).unbind()
}

/// `a` borrowed for writing, refused (before any game moves) when it cannot be.
fn writable<'py, T: Element>(
    py: Python<'py>,
    a: &KeptArray<T>,
) -> PyResult<PyReadwriteArrayDyn<'py, T>> {
    a.bind(py).try_readwrite().map_err(|e| {
        invalid(format!(
            "a VecEnv made with copy=False writes into the arrays it returned, and one \
             of them cannot be written now ({e}): keep copies, not the arrays, or leave \
             them writeable (no game moved)"
        ))
    })
}

/// The writable memory of a borrowed array.
fn memory<'a, T: Element>(a: &'a mut PyReadwriteArrayDyn<'_, T>) -> PyResult<&'a mut [T]> {
    a.as_slice_mut()
        .map_err(|e| invalid(format!("a kept array is not contiguous: {e}")))
}

impl Kept {
    /// Zeros for `n` games under `encoding`.
    fn new(py: Python<'_>, n: usize, encoding: Encoding) -> Kept {
        let with = |on: bool, shape: &[usize]| if on { shape.to_vec() } else { vec![0] };
        Kept {
            planes: zeros(py, &with(encoding == Encoding::Planes, &[n, PLANES, KINDS])),
            tokens: zeros(
                py,
                &with(encoding == Encoding::Tokens, &[n, MAX_TOKENS, WIDTH]),
            ),
            token_count: zeros(py, &with(encoding == Encoding::Tokens, &[n])),
            scalars: zeros(py, &with(encoding != Encoding::None, &[n, SCALARS.len()])),
            mask: zeros(py, &[n, ACTION_COUNT]),
            seat: zeros(py, &[n]),
            rewards: zeros(py, &[n, 4]),
            terminated: zeros(py, &[n]),
            truncated: zeros(py, &[n]),
            hand_done: zeros(py, &[n]),
            scores: zeros(py, &[n, 4]),
        }
    }

    /// Every array borrowed for writing: all of them, or an error and none.
    fn borrow<'py>(&self, py: Python<'py>) -> PyResult<Borrowed<'py>> {
        Ok(Borrowed {
            planes: writable(py, &self.planes)?,
            tokens: writable(py, &self.tokens)?,
            token_count: writable(py, &self.token_count)?,
            scalars: writable(py, &self.scalars)?,
            mask: writable(py, &self.mask)?,
            seat: writable(py, &self.seat)?,
            rewards: writable(py, &self.rewards)?,
            terminated: writable(py, &self.terminated)?,
            truncated: writable(py, &self.truncated)?,
            hand_done: writable(py, &self.hand_done)?,
            scores: writable(py, &self.scores)?,
        })
    }
}

impl Borrowed<'_> {
    /// The arrays' memory as a step's outputs.
    fn outputs(&mut self) -> PyResult<Outputs<'_>> {
        Ok(Outputs {
            planes: memory(&mut self.planes)?,
            tokens: memory(&mut self.tokens)?,
            token_counts: memory(&mut self.token_count)?,
            scalars: memory(&mut self.scalars)?,
            masks: memory(&mut self.mask)?,
            seats: memory(&mut self.seat)?,
            rewards: memory(&mut self.rewards)?,
            terminated: memory(&mut self.terminated)?,
            truncated: memory(&mut self.truncated)?,
            hand_done: memory(&mut self.hand_done)?,
            scores: memory(&mut self.scores)?,
        })
    }
}

/// The kept array, or `data` as a new array of `shape`.
fn array<'py, T: Element + Copy>(
    py: Python<'py>,
    kept: Option<&KeptArray<T>>,
    data: &[T],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match kept {
        Some(a) => a.bind(py).clone().into_any(),
        None => PyArray1::from_slice(py, data).reshape(shape)?.into_any(),
    })
}

/// What a step returns: `(observations, rewards, terminated, truncated, info)`.
type StepArrays<'py> = [Bound<'py, PyAny>; 4];

impl PyVecEnv {
    /// Resets (`actions` None) or steps the games, writing into the kept arrays
    /// directly when there are some.
    fn advance(&mut self, py: Python<'_>, actions: Option<&[i64]>) -> PyResult<()> {
        let env = &mut self.env;
        let Some(kept) = &self.kept else {
            return Ok(py.detach(|| match actions {
                Some(ids) => env.step(ids),
                None => env.reset(),
            })?);
        };
        let mut borrowed = kept.borrow(py)?;
        let out = borrowed.outputs()?;
        Ok(py.detach(|| match actions {
            Some(ids) => env.step_into(ids, out),
            None => env.reset_into(out),
        })?)
    }

    /// The observation dict and the step's other arrays: new arrays from the
    /// env's buffers, or the kept arrays.
    fn arrays<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyDict>, StepArrays<'py>)> {
        let n = self.env.len();
        let encoding = self.env.config().encoding;
        let (k, out) = (self.kept.as_ref(), &self.env.out);
        let d = PyDict::new(py);
        if encoding == Encoding::Planes {
            let planes = array(py, k.map(|k| &k.planes), &out.planes, &[n, PLANES, KINDS])?;
            d.set_item("planes", planes)?;
        }
        if encoding == Encoding::Tokens {
            let shape = [n, MAX_TOKENS, WIDTH];
            d.set_item(
                "tokens",
                array(py, k.map(|k| &k.tokens), &out.tokens, &shape)?,
            )?;
            let counts = array(py, k.map(|k| &k.token_count), &out.token_counts, &[n])?;
            d.set_item("token_count", counts)?;
        }
        if encoding != Encoding::None {
            let shape = [n, SCALARS.len()];
            d.set_item(
                "scalars",
                array(py, k.map(|k| &k.scalars), &out.scalars, &shape)?,
            )?;
        }
        d.set_item(
            "mask",
            array(py, k.map(|k| &k.mask), &out.masks, &[n, ACTION_COUNT])?,
        )?;
        d.set_item("seat", array(py, k.map(|k| &k.seat), &out.seats, &[n])?)?;
        let info = PyDict::new(py);
        info.set_item(
            "hand_done",
            array(py, k.map(|k| &k.hand_done), &out.hand_done, &[n])?,
        )?;
        info.set_item(
            "scores",
            array(py, k.map(|k| &k.scores), &out.scores, &[n, 4])?,
        )?;
        let rest = [
            array(py, k.map(|k| &k.rewards), &out.rewards, &[n, 4])?,
            array(py, k.map(|k| &k.terminated), &out.terminated, &[n])?,
            array(py, k.map(|k| &k.truncated), &out.truncated, &[n])?,
            info.into_any(),
        ];
        Ok((d, rest))
    }
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(
        signature = (num_envs, rules=None, seed=Int::from(0), encoding=Some(Text("planes".into())), reward=None, opponents=None, duplicate=false, records=false, max_decisions=Int::from(5000), threads=None, copy=true),
        text_signature = "(num_envs, rules=None, seed=0, encoding=\"planes\", reward=\"points\", opponents=None, duplicate=False, records=False, max_decisions=5000, threads=None, copy=True)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: Int,
        rules: Option<&Bound<'_, PyAny>>,
        seed: Int,
        encoding: Option<Text>,
        reward: Option<&Bound<'_, PyAny>>,
        opponents: Option<Text>,
        duplicate: bool,
        records: bool,
        max_decisions: Int,
        threads: Option<&Bound<'_, PyAny>>,
        copy: bool,
    ) -> PyResult<Self> {
        let n = num_envs.within("num_envs", 1usize, 65_536)?;
        let opponents = opponents
            .map(|o| {
                AgentKind::from_name(&o).ok_or_else(|| {
                    invalid(format!(
                        "opponents {:?} is not one of \"random\", \"tsumogiri\", \"shanten\" (or None)",
                        &*o
                    ))
                })
            })
            .transpose()?;
        if duplicate && opponents.is_none() {
            return Err(invalid(
                "duplicate=True needs opponents: it rotates the caller's seat over the same walls",
            ));
        }
        let cfg = EnvConfig {
            rules: rules_arg(rules)?,
            seed: seed_arg(&seed)?,
            encoding: encoding_arg(encoding.as_deref())?,
            reward: reward
                .filter(|r| !r.is_none())
                .map_or(Ok(Reward::Points), reward_arg)?,
            opponents,
            duplicate,
            records,
            max_decisions: max_decisions.within("max_decisions", 1u32, 1_000_000)?,
        };
        let threads = threads_arg(threads)?;
        let encoding = cfg.encoding;
        let env = py.detach(|| VecEnv::new(n, cfg, threads))?;
        Ok(PyVecEnv {
            env,
            threads,
            kept: (!copy).then(|| Kept::new(py, n, encoding)),
        })
    }

    /// How many games run.
    #[getter]
    fn num_envs(&self) -> usize {
        self.env.len()
    }

    fn __len__(&self) -> usize {
        self.env.len()
    }

    /// Starts every game over (from the same seeds) and returns the first
    /// observations: `{"planes", "scalars", "mask", "seat"}` (the planes with
    /// `encoding="planes"`, `"tokens"` and `"token_count"` instead with
    /// `encoding="tokens"`, the scalars with either).
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.advance(py, None)?;
        Ok(self.arrays(py)?.0)
    }

    /// Takes one action id per game (a 1-D integer array of `num_envs` ids, or a
    /// sequence of ints) for the seat each game waits on, and plays on.
    /// Returns `(observations, rewards, terminated, truncated, info)`: rewards
    /// float32 (N, 4) by seat, the flags bool (N,), info `{"hand_done": bool (N,),
    /// "scores": int64 (N, 4)}` (points by seat after the step; for a game that
    /// just ended, its final points). Every id is checked first: an
    /// illegal one raises `IllegalActionError` naming the game and the id, and no
    /// game moves.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let ids = action_ids(actions, self.env.len())?;
        self.advance(py, Some(&ids))?;
        let (observations, [rewards, terminated, truncated, info]) = self.arrays(py)?;
        PyTuple::new(
            py,
            [
                observations.into_any(),
                rewards,
                terminated,
                truncated,
                info,
            ],
        )
    }

    /// A copy of the game running in slot `i` (a `Game` at the decision the last
    /// observation shows).
    fn game(&self, i: Int) -> PyResult<PyGame> {
        let i = self.slot(&i)?;
        Ok(PyGame::copy_of(self.env.game(i).expect("checked slot")))
    }

    /// The seat the caller plays in slot `i`'s game (with `opponents`); `None`
    /// when the caller plays every seat.
    fn learner(&self, i: Int) -> PyResult<Option<usize>> {
        let i = self.slot(&i)?;
        Ok(self.env.config().opponents.and(self.env.learner(i)))
    }

    /// The games finished since the last call, as `GameRecord`s, in the order
    /// they ended (needs `records=True`).
    fn finished(&mut self) -> PyResult<Vec<super::logs::PyGameRecord>> {
        if !self.env.config().records {
            return Err(invalid("finished() needs a VecEnv made with records=True"));
        }
        Ok(self
            .env
            .take_finished()
            .iter()
            .map(super::logs::record_of)
            .collect())
    }

    /// Decisions taken so far: `{"caller": ..., "opponents": ..., "automatic":
    /// ...}` (automatic: decisions with a single legal action).
    #[getter]
    fn decisions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        let [caller, opponents, automatic] = self.env.counts;
        d.set_item("caller", caller)?;
        d.set_item("opponents", opponents)?;
        d.set_item("automatic", automatic)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let cfg = self.env.config();
        let reward = match &cfg.reward {
            Reward::Points => "\"points\"".to_string(),
            Reward::Final => "\"final\"".to_string(),
            Reward::Rank(r) => format!("{r:?}"),
        };
        let encoding = match cfg.encoding {
            Encoding::Planes => "\"planes\"",
            Encoding::Tokens => "\"tokens\"",
            Encoding::None => "None",
        };
        let opponents = cfg
            .opponents
            .map_or("None".to_string(), |o| format!("{:?}", o.name()));
        let threads = self.threads.map_or("None".to_string(), |t| t.to_string());
        format!(
            "VecEnv({}, encoding={encoding}, reward={reward}, opponents={opponents}, duplicate={}, threads={threads}{})",
            self.env.len(),
            if cfg.duplicate { "True" } else { "False" },
            if self.kept.is_some() { ", copy=False" } else { "" },
        )
    }
}

impl PyVecEnv {
    fn slot(&self, i: &Int) -> PyResult<usize> {
        let n = self.env.len();
        i.get::<usize>().filter(|&i| i < n).ok_or_else(|| {
            invalid(format!(
                "game index {i}: this VecEnv runs games 0-{}",
                n - 1
            ))
        })
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVecEnv>()?;
    m.add("ACTION_COUNT", ACTION_COUNT)?;
    let py = m.py();
    m.add("ACTION_GROUPS", PyTuple::new(py, ACTION_GROUPS)?)?;
    m.add(
        "PLANE_GROUPS",
        PyTuple::new(py, channel_rows(&PLANE_GROUPS))?,
    )?;
    m.add(
        "ORACLE_GROUPS",
        PyTuple::new(py, channel_rows(&ORACLE_GROUPS))?,
    )?;
    m.add("SCALARS", PyTuple::new(py, SCALARS)?)?;
    m.add("TOKEN_KINDS", PyTuple::new(py, TOKEN_KINDS)?)?;
    m.add("TOKEN_COLUMNS", PyTuple::new(py, TOKEN_COLUMNS)?)?;
    m.add("MAX_TOKENS", MAX_TOKENS)?;
    Ok(())
}
