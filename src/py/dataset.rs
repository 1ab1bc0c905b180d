//! `riichi.dataset`: training data from logs (`crate::logs::{decisions,
//! dataset}`). The Python module wraps these two private functions.

// PyO3 extracts arguments by value.
#![allow(clippy::needless_pass_by_value)]

use super::args::{in_parts, part_size, progress_arg, threads_arg, Int};
use super::game::{seat_arg, PyObservation};
use super::logs::{source, PyGameRecord};
use crate::game::action_id::ACTION_COUNT;
use crate::game::encode::SCALARS;
use crate::game::tokens::WIDTH;
use crate::logs::dataset::{encode_logs, Arrays, Options};
use crate::logs::decisions::for_each_decision;
use crate::logs::Source;
use crate::parallel::in_pool;
use crate::tile::KINDS;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// A seat argument: `None`, or 0-3.
fn seat_opt(seat: Option<Int>) -> PyResult<Option<usize>> {
    seat.map(seat_arg).transpose()
}

/// The decisions of `record`: the observations, the masks (N, ids), the ids
/// taken, each one's hand, and the counts (decisions, actions, passes,
/// unproven passes).
#[pyfunction]
#[pyo3(signature = (record, seat = None))]
fn _log_decisions<'py>(
    py: Python<'py>,
    record: &PyGameRecord,
    seat: Option<Int>,
) -> PyResult<Bound<'py, PyDict>> {
    let seat = seat_opt(seat)?;
    let mut obs = Vec::new();
    let mut masks: Vec<bool> = Vec::new();
    let mut ids: Vec<i64> = Vec::new();
    let mut hands: Vec<i64> = Vec::new();
    let mut failed = None;
    let outcome = py.detach(|| {
        for_each_decision(&record.0, seat, &mut |d| match d.game.observation(d.seat) {
            Ok(o) => {
                obs.push(o);
                masks.extend_from_slice(&d.mask);
                ids.push(d.id as i64);
                hands.push(d.hand as i64);
            }
            Err(e) => {
                failed.get_or_insert(e);
            }
        })
    })?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    let n = ids.len();
    let d = PyDict::new(py);
    let obs: Vec<PyObservation> = obs.into_iter().map(PyObservation).collect();
    d.set_item("observations", obs)?;
    d.set_item(
        "masks",
        PyArray1::from_vec(py, masks).reshape([n, ACTION_COUNT])?,
    )?;
    d.set_item("actions", PyArray1::from_vec(py, ids))?;
    d.set_item("hands", PyArray1::from_vec(py, hands))?;
    d.set_item("decisions", outcome.decisions)?;
    d.set_item("actions_in_log", outcome.actions)?;
    d.set_item("passes", outcome.passes)?;
    d.set_item("unproven_passes", outcome.unproven_passes)?;
    let deltas: Vec<[i64; 4]> = outcome.hand_deltas;
    d.set_item("hand_deltas", deltas)?;
    d.set_item("ranks", outcome.ranks.map(|r| r.map(i64::from)))?;
    Ok(d)
}

/// Logs per part of `_encode_logs` (progress and Ctrl-C between parts): at
/// least this many ...
const PART_LOGS: usize = 32;
/// ... or this many for each thread.
const PART_LOGS_PER_THREAD: usize = 8;

/// Every decision of every log as arrays (see `riichi.dataset.encode_logs`).
#[pyfunction]
#[pyo3(signature = (paths, oracle = false, seat = None, threads = None, progress = None, tokens = false))]
fn _encode_logs<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    oracle: bool,
    seat: Option<Int>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
    tokens: bool,
) -> PyResult<Bound<'py, PyDict>> {
    if paths.is_instance_of::<PyString>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "encode_logs takes a sequence of logs (paths, bytes or texts), not one: pass [path]",
        ));
    }
    let opts = Options {
        oracle,
        tokens,
        seat: seat_opt(seat)?,
    };
    let threads = threads_arg(threads)?;
    let progress = progress_arg(progress, "logs")?;
    let mut logs: Vec<Source> = Vec::new();
    for (i, p) in paths.try_iter()?.enumerate() {
        if i % 256 == 255 {
            py.check_signals()?;
        }
        let log = source(&p?)?;
        log.check()?;
        logs.push(log);
    }
    let mut parts = Vec::new();
    let part = part_size(threads, PART_LOGS, PART_LOGS_PER_THREAD);
    in_parts(
        py,
        logs.len(),
        part,
        threads,
        progress,
        |r| {
            let first = r.start;
            in_pool(threads, |parallel| {
                encode_logs(&logs[r], first, opts, parallel)
            })
        },
        |got| {
            parts.push(got);
            Ok(())
        },
    )?;
    arrays_dict(py, Arrays::concat(opts, parts), tokens)
}

/// The columns of `a` as numpy arrays.
fn arrays_dict(py: Python<'_>, a: Arrays, tokens: bool) -> PyResult<Bound<'_, PyDict>> {
    let n = a.rows();
    let d = PyDict::new(py);
    if a.channels > 0 {
        // With tokens the planes hold the oracle channels alone.
        d.set_item(
            if tokens { "oracle" } else { "planes" },
            PyArray1::from_vec(py, a.planes).reshape([n, a.channels, KINDS])?,
        )?;
    }
    if tokens {
        let t = a.tokens.len() / WIDTH;
        d.set_item(
            "tokens",
            PyArray1::from_vec(py, a.tokens).reshape([t, WIDTH])?,
        )?;
        d.set_item("token_start", PyArray1::from_vec(py, a.token_starts))?;
        d.set_item("token_count", PyArray1::from_vec(py, a.token_counts))?;
    }
    d.set_item(
        "scalars",
        PyArray1::from_vec(py, a.scalars).reshape([n, SCALARS.len()])?,
    )?;
    d.set_item(
        "mask",
        PyArray1::from_vec(py, a.masks).reshape([n, ACTION_COUNT])?,
    )?;
    d.set_item("action", PyArray1::from_vec(py, a.actions))?;
    d.set_item("seat", PyArray1::from_vec(py, a.seats))?;
    d.set_item("game", PyArray1::from_vec(py, a.games))?;
    d.set_item("hand", PyArray1::from_vec(py, a.hands))?;
    d.set_item("turn", PyArray1::from_vec(py, a.turns))?;
    d.set_item("hand_delta", PyArray1::from_vec(py, a.hand_deltas))?;
    d.set_item("rank", PyArray1::from_vec(py, a.ranks))?;
    Ok(d)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_log_decisions, m)?)?;
    m.add_function(wrap_pyfunction!(_encode_logs, m)?)?;
    Ok(())
}
