//! `riichi.score_batch`: the arguments read into a core [`Batch`], scored with the
//! GIL released, the columns returned as numpy arrays.

// PyO3 extracts arguments by value.
#![allow(clippy::needless_pass_by_value)]

use super::args::{
    describe, in_parts, is_int_array, items_up_to, part_size, progress_arg, threads_arg,
};
use super::errors::invalid;
use super::rules::rules_arg;
use super::tile::tile_arg;
use crate::score::batch::{Batch, Hands, Scored};
use crate::score::situation::FLAGS;
use crate::tile::{Tile, KINDS};
use numpy::{PyArray1, PyReadonlyArray1, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// Rows of `score_batch` per part (a part runs with the GIL released; progress
/// is told and Ctrl-C checked between parts): at least this many ...
const PART_ROWS: usize = 8 * crate::algo::batch::CHUNK;
/// ... or this many for each thread.
const PART_ROWS_PER_THREAD: usize = 2 * crate::algo::batch::CHUNK;

fn hands_arg(obj: &Bound<'_, PyAny>) -> PyResult<Hands> {
    if let Ok(arr) = obj.extract::<PyReadonlyArray2<'_, u8>>() {
        if arr.shape()[1] == KINDS {
            return Ok(Hands::Counts(arr.as_array().iter().copied().collect()));
        }
    }
    if is_int_array(obj) {
        return Err(invalid(format!(
            "hands as counts must be a uint8 array of shape (N, 34), got {}",
            describe(obj)
        )));
    }
    if obj.is_instance_of::<PyString>() {
        return Err(invalid(
            "hands is a sequence of hand strings, not one string",
        ));
    }
    let iter = obj.try_iter().map_err(|_| {
        invalid(format!(
            "hands must be a sequence of hand strings or a uint8 (N, 34) count array, got {}",
            describe(obj)
        ))
    })?;
    let mut buf = String::new();
    let mut ends = Vec::new();
    for (i, item) in iter.enumerate() {
        // As many hands as the caller gives (an endless iterator is the caller's
        // choice), but Ctrl-C still stops the reading.
        if i % 4096 == 4095 {
            obj.py().check_signals()?;
        }
        let item = item?;
        let s = item.cast::<PyString>().map_err(|_| {
            invalid(format!(
                "hands[{i}] must be a hand string, got {}",
                describe(&item)
            ))
        })?;
        buf.push_str(&super::args::text(s)?);
        ends.push(buf.len());
    }
    Ok(Hands::Text(buf, ends))
}

fn tiles_row_arg(obj: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<u8>> {
    let out: Vec<u8> = if let Ok(arr) = obj.extract::<PyReadonlyArray1<'_, u8>>() {
        arr.as_array().iter().copied().collect()
    } else {
        if obj.is_instance_of::<PyString>() {
            return Err(invalid("win_tiles is a sequence of tiles, not one string"));
        }
        if is_int_array(obj) {
            return Err(invalid(format!(
                "win_tiles as tile ids must be a uint8 array of shape (N,), got {}",
                describe(obj)
            )));
        }
        if obj.try_iter().is_err() {
            return Err(invalid(format!(
                "win_tiles must be a sequence of tiles or a uint8 (N,) array of tile ids, got {}",
                describe(obj)
            )));
        }
        items_up_to(obj, "win_tiles", "a sequence of tiles", n, |t| {
            tile_arg(&t).map(Tile::id)
        })?
        .ok_or_else(|| invalid(format!("win_tiles has more than {n} entries for {n} hands")))?
    };
    if out.len() != n {
        return Err(invalid(format!(
            "win_tiles has {} entries for {n} hands",
            out.len()
        )));
    }
    Ok(out)
}

fn column<'py, T: numpy::Element + Copy>(
    obj: Option<&Bound<'py, PyAny>>,
    name: &str,
    dtype: &str,
    n: usize,
) -> PyResult<Option<Vec<T>>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let arr: PyReadonlyArray1<'py, T> = obj.extract().map_err(|_| {
        invalid(format!(
            "{name} must be a numpy {dtype} array of shape (N,), got {}",
            describe(obj)
        ))
    })?;
    if arr.len() != n {
        return Err(invalid(format!(
            "{name} has {} entries for {n} hands",
            arr.len()
        )));
    }
    Ok(Some(arr.as_array().iter().copied().collect()))
}

fn indicators<'py>(
    obj: Option<&Bound<'py, PyAny>>,
    name: &str,
    n: usize,
) -> PyResult<Option<(Vec<u8>, usize)>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let arr: PyReadonlyArray2<'py, u8> = obj.extract().map_err(|_| {
        invalid(format!(
            "{name} must be a numpy uint8 array of shape (N, K) of tile ids (255 = none), got {}",
            describe(obj)
        ))
    })?;
    let shape = arr.shape();
    if shape[0] != n || shape[1] > 5 {
        return Err(invalid(format!(
            "{name} must have shape ({n}, K) with K at most 5, got {shape:?}"
        )));
    }
    Ok(Some((arr.as_array().iter().copied().collect(), shape[1])))
}

/// Score many wins in one call.
///
/// `hands` is a sequence of hand strings (melds allowed, winning tile included) or
/// an (N, 34) uint8 count array of closed hands; `win_tiles` a sequence of tiles
/// or an (N,) uint8 array of tile ids (0-33 kinds, 34-36 red 0m 0p 0s). Optional
/// per-row columns: `flags` (N,) uint32 bit sets of `SCORE_FLAGS`, `seat_winds`
/// and `round_winds` (N,) uint8 0-3, `dora_indicators` and `ura_indicators`
/// (N, K≤5) uint8 tile ids with 255 for none, `honba` (N,) uint32.
///
/// A row's `flags` are the situation flags as bits, in the order of
/// `WinContext.FLAGS` (flag `i` is `1 << i`, `SCORE_FLAGS[name]`): `tsumo` 1,
/// `riichi` 2, `double_riichi` 4, `ippatsu` 8, `rinshan` 16, `chankan` 32, `haitei`
/// 64, `houtei` 128, `tenhou` 256, `chiihou` 512, `renhou` 1024, `open_riichi` 2048,
/// `robbed_ankan` 4096, `open_riichi_deal_in` 8192, `paarenchan` 16384. Other bits
/// make the row invalid.
///
/// Returns arrays `han` (int32), `fu` (int32), `points` (int64, the hand's value)
/// and `status` (int8: 0 scored, 1 not complete, 2 no yaku, 3 invalid row); rows
/// that are not scored have han, fu and points 0. Releases the GIL and uses all
/// cores, or `threads` (1-256). Rows are scored in parts of thousands; after
/// each, `progress(rows done, N)` is called, and Ctrl-C stops the call between
/// two parts. Raises `InvalidInputError` for arguments of the wrong type or
/// shape, `TypeError` for a `progress` that is not callable.
#[pyfunction]
#[pyo3(signature = (hands, win_tiles, *, flags=None, seat_winds=None, round_winds=None,
    dora_indicators=None, ura_indicators=None, honba=None, rules=None, threads=None,
    progress=None))]
#[allow(clippy::too_many_arguments)]
fn score_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    win_tiles: &Bound<'py, PyAny>,
    flags: Option<&Bound<'py, PyAny>>,
    seat_winds: Option<&Bound<'py, PyAny>>,
    round_winds: Option<&Bound<'py, PyAny>>,
    dora_indicators: Option<&Bound<'py, PyAny>>,
    ura_indicators: Option<&Bound<'py, PyAny>>,
    honba: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let hands = hands_arg(hands)?;
    let n = hands.len();
    let batch = Batch {
        wins: tiles_row_arg(win_tiles, n)?,
        flags: column(flags, "flags", "uint32", n)?,
        seat: column(seat_winds, "seat_winds", "uint8", n)?,
        round: column(round_winds, "round_winds", "uint8", n)?,
        dora: indicators(dora_indicators, "dora_indicators", n)?,
        ura: indicators(ura_indicators, "ura_indicators", n)?,
        honba: column(honba, "honba", "uint32", n)?,
        rules: rules_arg(rules)?,
        hands,
    };
    let threads = threads_arg(threads)?;
    let progress = progress_arg(progress, "rows")?;
    let part = part_size(threads, PART_ROWS, PART_ROWS_PER_THREAD);
    let parts = in_parts(py, n, part, threads, progress, |rows| {
        batch.score(rows, threads)
    })?;
    let mut scored = Scored::default();
    for p in parts {
        scored.append(p);
    }
    let out = PyDict::new(py);
    out.set_item("han", PyArray1::from_vec(py, scored.han))?;
    out.set_item("fu", PyArray1::from_vec(py, scored.fu))?;
    out.set_item("points", PyArray1::from_vec(py, scored.points))?;
    out.set_item("status", PyArray1::from_vec(py, scored.status))?;
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(score_batch, m)?)?;
    let flags = PyDict::new(m.py());
    for f in &FLAGS {
        flags.set_item(f.name, f.bit)?;
    }
    m.add("SCORE_FLAGS", flags)?;
    Ok(())
}
