//! `riichi.score_batch`: the arguments read into a core [`Batch`], scored with the
//! GIL released, the columns returned as numpy arrays.

// PyO3 extracts arguments by value.
#![allow(clippy::needless_pass_by_value)]

use super::args::{
    describe, in_parts, int_array, is_int_array, items_up_to, part_size, progress_arg, threads_arg,
    Bounds,
};
use super::errors::invalid;
use super::rules::rules_arg;
use super::tile::tile_arg;
use crate::score::batch::{yaku_names, Batch, Hands, Scored, LIMITS, YAKU_WORDS};
use crate::score::situation::FLAGS;
use crate::tile::{Tile, KINDS};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// Rows of `score_batch` per part (a part runs with the GIL released; progress
/// is told and Ctrl-C checked between parts): at least this many ...
const PART_ROWS: usize = 8 * crate::algo::batch::CHUNK;
/// ... or this many for each thread.
const PART_ROWS_PER_THREAD: usize = 2 * crate::algo::batch::CHUNK;

fn hands_arg(obj: &Bound<'_, PyAny>) -> PyResult<Hands> {
    if let Some((counts, shape)) = int_array::<u8>(obj, "hands", 2)? {
        if shape[1] == KINDS {
            return Ok(Hands::Counts(counts));
        }
    }
    if is_int_array(obj) {
        return Err(invalid(format!(
            "hands as counts must be an integer array of shape (N, 34), got {}",
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
    let out: Vec<u8> = if let Some((ids, _)) = int_array::<u8>(obj, "win_tiles", 1)? {
        ids
    } else {
        if obj.is_instance_of::<PyString>() {
            return Err(invalid("win_tiles is a sequence of tiles, not one string"));
        }
        if is_int_array(obj) {
            return Err(invalid(format!(
                "win_tiles as tile ids must be an integer array of shape (N,), got {}",
                describe(obj)
            )));
        }
        if obj.try_iter().is_err() {
            return Err(invalid(format!(
                "win_tiles must be a sequence of tiles or an integer (N,) array of tile ids, got {}",
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

/// A per-row integer column (any integer dtype, values that fit `T`), or
/// `None` when left out.
fn column<T: TryFrom<i128> + Copy + Bounds>(
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
    n: usize,
) -> PyResult<Option<Vec<T>>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let (values, _) = int_array::<T>(obj, name, 1)?.ok_or_else(|| {
        invalid(format!(
            "{name} must be a numpy integer array of shape (N,) (values {} to {}), got {}",
            T::LOW,
            T::HIGH,
            describe(obj)
        ))
    })?;
    if values.len() != n {
        return Err(invalid(format!(
            "{name} has {} entries for {n} hands",
            values.len()
        )));
    }
    Ok(Some(values))
}

fn indicators(
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
    n: usize,
) -> PyResult<Option<(Vec<u8>, usize)>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok(None);
    };
    let (ids, shape) = int_array::<u8>(obj, name, 2)?.ok_or_else(|| {
        invalid(format!(
            "{name} must be a numpy integer array of shape (N, K) of tile ids (255 = none), got {}",
            describe(obj)
        ))
    })?;
    if shape[0] != n || shape[1] > 5 {
        return Err(invalid(format!(
            "{name} must have shape ({n}, K) with K at most 5, got {shape:?}"
        )));
    }
    Ok(Some((ids, shape[1])))
}

/// Score many wins in one call.
///
/// `hands` is a sequence of hand strings (melds allowed, winning tile included) or
/// an (N, 34) integer count array of closed hands; `win_tiles` a sequence of tiles
/// or an (N,) integer array of tile ids (0-33 kinds, 34-36 red 0m 0p 0s). Optional
/// per-row columns: `flags` (N,) bit sets of `SCORE_FLAGS`, `seat_winds` and
/// `round_winds` (N,) 0-3, `dora_indicators` and `ura_indicators` (N, K≤5) tile
/// ids with 255 for none, `honba`, `riichi_sticks` and `kita` (N,; the Norths the
/// winner set aside, under three-player rules with nukidora). Arrays may have any
/// integer dtype; a value that does not fit its column (uint8 for counts, tile
/// ids and winds, uint32 for flags, honba, sticks and kita) is refused with an
/// `InvalidInputError` naming its row (and column).
///
/// A row's `flags` are the situation flags as bits, in the order of
/// `WinContext.FLAGS` (flag `i` is `1 << i`, `SCORE_FLAGS[name]`): `tsumo` 1,
/// `riichi` 2, `double_riichi` 4, `ippatsu` 8, `rinshan` 16, `chankan` 32, `haitei`
/// 64, `houtei` 128, `tenhou` 256, `chiihou` 512, `renhou` 1024, `open_riichi` 2048,
/// `robbed_ankan` 4096, `open_riichi_deal_in` 8192, `paarenchan` 16384. Other bits
/// make the row invalid.
///
/// Returns a dict of arrays, one entry per row: `han` and `fu` (int32), `points`
/// (int64, the hand's value); `yaku` ((N, 2) uint64, a bit mask: bit `i % 64` of
/// word `i // 64` is `YAKU_NAMES[i]`, the yaku and yakuman of the win);
/// `yakuman` (uint8, the yakuman multiple, 0 for none); `limit` (int8, a code of
/// `SCORE_LIMITS`); `dora`, `aka`, `ura` and `kita` (uint8, han from each); the payments
/// (int64): `ron` (paid by the discarder), `tsumo_dealer` (paid by the dealer on
/// a non-dealer's tsumo), `tsumo_non_dealer` (paid by each non-dealer on a
/// tsumo), each 0 where it does not apply, `honba_points`, `sticks_points` and
/// `total` (the winner's gain); and `status` (int8, a code of `SCORE_STATUS`: 0
/// scored, else why not). Rows that are not scored have 0 in every other column.
///
/// Releases the GIL and uses all cores, or `threads` (1-256). Rows are scored in
/// parts of thousands; after each, `progress(rows done, N)` is called, and Ctrl-C
/// stops the call between two parts. Raises `InvalidInputError` for arguments of
/// the wrong type or shape, `TypeError` for a `progress` that is not callable.
#[pyfunction]
#[pyo3(signature = (hands, win_tiles, *, flags=None, seat_winds=None, round_winds=None,
    dora_indicators=None, ura_indicators=None, honba=None, riichi_sticks=None, kita=None,
    rules=None, threads=None, progress=None))]
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
    riichi_sticks: Option<&Bound<'py, PyAny>>,
    kita: Option<&Bound<'py, PyAny>>,
    rules: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let hands = hands_arg(hands)?;
    let n = hands.len();
    let batch = Batch {
        wins: tiles_row_arg(win_tiles, n)?,
        flags: column(flags, "flags", n)?,
        seat: column(seat_winds, "seat_winds", n)?,
        round: column(round_winds, "round_winds", n)?,
        dora: indicators(dora_indicators, "dora_indicators", n)?,
        ura: indicators(ura_indicators, "ura_indicators", n)?,
        honba: column(honba, "honba", n)?,
        sticks: column(riichi_sticks, "riichi_sticks", n)?,
        kita: column(kita, "kita", n)?,
        rules: rules_arg(rules)?,
        hands,
    };
    let threads = threads_arg(threads)?;
    let progress = progress_arg(progress, "rows")?;
    let part = part_size(threads, PART_ROWS, PART_ROWS_PER_THREAD);
    // Each part's rows are written into the columns in place.
    let mut scored = Scored::zeros(n);
    let each = |rows| batch.score_into(rows, &mut scored, threads);
    in_parts(py, n, part, threads, progress, each, |()| Ok(()))?;
    let out = PyDict::new(py);
    out.set_item("han", PyArray1::from_vec(py, scored.han))?;
    out.set_item("fu", PyArray1::from_vec(py, scored.fu))?;
    out.set_item("points", PyArray1::from_vec(py, scored.points))?;
    let yaku = PyArray1::from_vec(py, scored.yaku).reshape([n, YAKU_WORDS])?;
    out.set_item("yaku", yaku)?;
    out.set_item("yakuman", PyArray1::from_vec(py, scored.yakuman))?;
    out.set_item("limit", PyArray1::from_vec(py, scored.limit))?;
    out.set_item("dora", PyArray1::from_vec(py, scored.dora))?;
    out.set_item("aka", PyArray1::from_vec(py, scored.aka))?;
    out.set_item("ura", PyArray1::from_vec(py, scored.ura))?;
    out.set_item("kita", PyArray1::from_vec(py, scored.kita))?;
    out.set_item("ron", PyArray1::from_vec(py, scored.ron))?;
    out.set_item("tsumo_dealer", PyArray1::from_vec(py, scored.tsumo_dealer))?;
    let non_dealer = PyArray1::from_vec(py, scored.tsumo_non_dealer);
    out.set_item("tsumo_non_dealer", non_dealer)?;
    out.set_item("honba_points", PyArray1::from_vec(py, scored.honba))?;
    out.set_item("sticks_points", PyArray1::from_vec(py, scored.sticks))?;
    out.set_item("total", PyArray1::from_vec(py, scored.total))?;
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
    let limits = PyDict::new(m.py());
    for (code, l) in LIMITS.iter().enumerate() {
        limits.set_item(l.name(), code)?;
    }
    m.add("SCORE_LIMITS", limits)?;
    m.add("YAKU_NAMES", PyTuple::new(m.py(), yaku_names())?)?;
    Ok(())
}
