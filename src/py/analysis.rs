//! Analysis results (`ShantenByForm`, `Decomposition`, `Waits`, `Ukeire`,
//! `DiscardOption`) and the module-level fast paths and batch calls.

use super::args::{describe, threads_arg};
use super::errors::invalid;
use super::hand::PyHand;
use super::tile::{raw_counts, PyTile};
use crate::algo::decompose::{BlockShape, Decomposition, Wait};
use crate::algo::shanten as core_shanten;
use crate::algo::{agari, batch, waits};
use crate::error::{quoted, MahjongError};
use crate::notation::mpsz;
use crate::tile::{Counts, Tile, KINDS};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

pub fn kind_tile(k: u8) -> PyTile {
    PyTile(Tile::from_kind(k).expect("kind below 34"))
}

/// Shanten of each form; `None` where a form does not apply (melds, or fewer than
/// 13 concealed tiles).
#[pyclass(name = "ShantenByForm", module = "riichi", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyShantenByForm(pub core_shanten::ShantenByForm);

#[pymethods]
impl PyShantenByForm {
    /// Sets and a pair: the concealed tiles make concealed // 3 sets and a pair,
    /// that is 4 sets minus the melds, which count as sets already.
    #[getter]
    fn standard(&self) -> i8 {
        self.0.standard
    }
    /// Seven distinct pairs (hands without melds only).
    #[getter]
    fn chiitoitsu(&self) -> Option<i8> {
        self.0.chiitoitsu
    }
    /// The 13 terminals and honors plus a pair of one of them (hands without
    /// melds only).
    #[getter]
    fn kokushi(&self) -> Option<i8> {
        self.0.kokushi
    }
    /// The hand's shanten: the minimum over the forms.
    #[getter]
    fn min(&self) -> i8 {
        self.0.min()
    }
    fn __repr__(&self) -> String {
        let opt = |v: Option<i8>| v.map_or("None".to_owned(), |v| v.to_string());
        format!(
            "ShantenByForm(standard={}, chiitoitsu={}, kokushi={})",
            self.0.standard,
            opt(self.0.chiitoitsu),
            opt(self.0.kokushi)
        )
    }
}

/// One set of a decomposition.
#[pyclass(name = "Block", module = "riichi", frozen, get_all)]
#[derive(Clone)]
pub struct PyBlock {
    /// `"shuntsu"` (a run), `"koutsu"` (a triplet) or `"kantsu"` (a kan, only
    /// ever a declared meld).
    shape: &'static str,
    /// The set's tiles (plain tiles, sorted).
    tiles: Vec<PyTile>,
    /// The meld kind when the set is a declared meld, else `None`.
    meld: Option<&'static str>,
    /// Whether the set is an open meld.
    is_open: bool,
}

#[pymethods]
impl PyBlock {
    fn __repr__(&self) -> String {
        let tiles: Vec<Tile> = self.tiles.iter().map(|t| t.0).collect();
        let meld = self
            .meld
            .map(|m| format!(", meld={m:?}"))
            .unwrap_or_default();
        format!(
            "Block({:?}, \"{}\"{meld})",
            self.shape,
            mpsz::format_tiles(&tiles)
        )
    }
}

/// How a complete hand splits; with a winning tile, also the wait it completed.
#[pyclass(name = "Decomposition", module = "riichi", frozen, get_all)]
#[derive(Clone)]
pub struct PyDecomposition {
    /// `"standard"`, `"chiitoitsu"` or `"kokushi"`.
    form: &'static str,
    /// Concealed sets (sorted) then melds (empty for chiitoitsu and kokushi).
    blocks: Vec<PyBlock>,
    /// The pair (standard, kokushi) or `None` (chiitoitsu).
    pair: Option<PyTile>,
    /// Every pair: one, or seven for chiitoitsu.
    pairs: Vec<PyTile>,
    /// The wait shape the winning tile completed, when one was given.
    wait: Option<&'static str>,
    /// Index in `blocks` of the set the winning tile completed (`None` for the
    /// pair, chiitoitsu and kokushi, or without a winning tile).
    win_block: Option<usize>,
}

#[pymethods]
impl PyDecomposition {
    fn __repr__(&self) -> String {
        let mut parts: Vec<String> = self
            .blocks
            .iter()
            .map(|b| {
                let tiles: Vec<Tile> = b.tiles.iter().map(|t| t.0).collect();
                let s = mpsz::format_tiles(&tiles);
                if b.meld.is_some() {
                    format!("[{s}]")
                } else {
                    s
                }
            })
            .collect();
        for p in &self.pairs {
            parts.push(mpsz::format_tiles(&[p.0, p.0]));
        }
        let wait = self
            .wait
            .map(|w| format!(", wait={w:?}"))
            .unwrap_or_default();
        format!(
            "Decomposition({:?}, \"{}\"{wait})",
            self.form,
            parts.join(" ")
        )
    }
}

pub fn py_decomposition(
    d: &Decomposition,
    wait: Option<Wait>,
    win_block: Option<usize>,
) -> PyDecomposition {
    let blocks = d
        .blocks
        .iter()
        .map(|s| {
            let (shape, kinds): (&str, Vec<u8>) = match s.shape {
                BlockShape::Shuntsu => ("shuntsu", vec![s.first, s.first + 1, s.first + 2]),
                BlockShape::Koutsu => ("koutsu", vec![s.first; 3]),
                BlockShape::Kantsu => ("kantsu", vec![s.first; 4]),
            };
            PyBlock {
                shape,
                tiles: kinds.into_iter().map(kind_tile).collect(),
                meld: s.meld.map(crate::meld::MeldKind::name),
                is_open: s.is_open(),
            }
        })
        .collect();
    let pairs: Vec<PyTile> = d.pairs.iter().map(|&k| kind_tile(k)).collect();
    PyDecomposition {
        form: d.form.name(),
        blocks,
        pair: (pairs.len() == 1).then(|| pairs[0]),
        pairs,
        wait: wait.map(Wait::name),
        win_block,
    }
}

/// A winning tile and the wait shapes it can complete.
#[pyclass(name = "Wait", module = "riichi", frozen, get_all)]
#[derive(Clone)]
pub struct PyWait {
    /// The winning tile (plain).
    tile: PyTile,
    /// Wait shapes: ryanmen, kanchan, penchan, tanki, shanpon, kokushi (single
    /// wait), kokushi13 (13-sided).
    shapes: Vec<&'static str>,
}

#[pymethods]
impl PyWait {
    fn __repr__(&self) -> String {
        let shapes: Vec<String> = self.shapes.iter().map(|s| format!("'{s}'")).collect();
        format!("Wait(Tile(\"{}\"), [{}])", self.tile.0, shapes.join(", "))
    }
}

/// The waits of a 13-tile hand (melds counting 3). `len()` is the number of winning
/// kinds.
#[pyclass(name = "Waits", module = "riichi", frozen, get_all)]
pub struct PyWaits {
    /// Tiles that complete the hand, in tile order (empty unless tenpai).
    waits: Vec<PyWait>,
    /// Tiles that would complete the hand but whose four copies it already
    /// holds (they can never come).
    impossible: Vec<PyWait>,
}

impl From<waits::Waits> for PyWaits {
    fn from(w: waits::Waits) -> Self {
        let conv = |v: Vec<waits::WaitInfo>| {
            v.into_iter()
                .map(|i| PyWait {
                    tile: PyTile(i.tile),
                    shapes: i.shapes.into_iter().map(Wait::name).collect(),
                })
                .collect()
        };
        PyWaits {
            waits: conv(w.waits),
            impossible: conv(w.impossible),
        }
    }
}

#[pymethods]
impl PyWaits {
    /// The winning tiles.
    #[getter]
    fn tiles(&self) -> Vec<PyTile> {
        self.waits.iter().map(|w| w.tile).collect()
    }
    fn __len__(&self) -> usize {
        self.waits.len()
    }
    fn __repr__(&self) -> String {
        let show = |v: &[PyWait]| {
            v.iter()
                .map(PyWait::__repr__)
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!(
            "Waits([{}], impossible=[{}])",
            show(&self.waits),
            show(&self.impossible)
        )
    }
}

/// Tiles that lower the shanten, with their live counts.
#[pyclass(name = "Ukeire", module = "riichi", frozen)]
pub struct PyUkeire(pub waits::Ukeire);

#[pymethods]
impl PyUkeire {
    /// Shanten of the hand the ukeire belongs to.
    #[getter]
    fn shanten(&self) -> i8 {
        self.0.shanten
    }
    /// `(tile, live copies)` for each kind that lowers the shanten, in tile
    /// order; live copies are 4 minus those in the hand, its melds and the visible
    /// tiles.
    #[getter]
    fn tiles(&self) -> Vec<(PyTile, u8)> {
        self.0
            .tiles
            .iter()
            .map(|&(k, n)| (kind_tile(k), n))
            .collect()
    }
    /// Total live copies.
    #[getter]
    fn live(&self) -> u32 {
        self.0.live
    }
    fn __repr__(&self) -> String {
        let tiles: Vec<Tile> = self
            .0
            .tiles
            .iter()
            .map(|&(k, _)| Tile::from_kind(k).expect("kind"))
            .collect();
        format!(
            "Ukeire(shanten={}, tiles=\"{}\", live={})",
            self.0.shanten,
            mpsz::format_tiles(&tiles),
            self.0.live
        )
    }
}

/// One discard of a 14-tile hand (melds counting 3) and what it leaves.
#[pyclass(name = "DiscardOption", module = "riichi", frozen)]
pub struct PyDiscardOption(pub waits::DiscardOption);

#[pymethods]
impl PyDiscardOption {
    /// The discarded tile.
    #[getter]
    fn tile(&self) -> PyTile {
        PyTile(self.0.tile)
    }
    /// Shanten after the discard.
    #[getter]
    fn shanten(&self) -> i8 {
        self.0.ukeire.shanten
    }
    /// Ukeire of the hand after the discard.
    #[getter]
    fn ukeire(&self) -> PyUkeire {
        PyUkeire(self.0.ukeire.clone())
    }
    /// Live copies of the tiles that lower the shanten after the discard.
    #[getter]
    fn live(&self) -> u32 {
        self.0.ukeire.live
    }
    fn __repr__(&self) -> String {
        format!(
            "DiscardOption({}, {})",
            self.0.tile,
            PyUkeire(self.0.ukeire.clone()).__repr__()
        )
    }
}

/// Counts of a closed hand given as an mpsz string or 34 counts (`None` for a
/// `Hand` or a string with melds, which take the full path).
fn fast_counts(x: &Bound<'_, PyAny>) -> PyResult<Option<Counts>> {
    if let Ok(s) = x.cast::<PyString>() {
        let s = super::args::text(s)?;
        // Plain tiles are read at once. Text with melds, bracketed or as words
        // (`pon 555z`), never reads as plain tiles: it makes a Hand.
        let (counts, n) = match mpsz::parse_counts(&s) {
            Ok(read) => read,
            Err(_)
                if s.contains(['[', '('])
                    || s.chars().any(|c| c.is_alphabetic() && !"mpsz".contains(c)) =>
            {
                return Ok(None)
            }
            Err(e) => return Err(e.into()),
        };
        // The parser refuses a fifth copy: only the size is left to check.
        core_shanten::check_size(n)
            .map_err(|e| MahjongError::InvalidHand(format!("{}: {e}", quoted(&s))))?;
        return Ok(Some(counts));
    }
    if x.is_instance_of::<PyHand>() {
        return Ok(None);
    }
    match raw_counts(x, MahjongError::InvalidHand)? {
        Some(c) => {
            core_shanten::check_counts(&c)?;
            Ok(Some(c))
        }
        None => Err(PyTypeError::new_err(format!(
            "expected a Hand, a hand string or 34 counts, got {}",
            x.get_type().name()?
        ))),
    }
}

/// Shanten (minimum over forms) of a `Hand`, a hand string or 34 counts (a
/// sequence or a 1-D numpy array).
///
/// A string without melds or 34 counts may hold any 3n+1 or 3n+2
/// tiles up to 14: the concealed part of a hand with its melds left out
/// (`shanten("1m")` is 0). A string with melds, bracketed or as words
/// (`"23m456p11z pon 555z ankan 1111s"`), is a `Hand` (13 or 14 tiles).
/// Raises `TypeError` for another type (a `dict` is not a sequence of counts),
/// `TileParseError` for bad notation, `InvalidHandError` for impossible counts.
///
/// With `rules` of three players (`players=3`), shanten counts with the 108
/// tiles of sanma (no 2m-8m to draw); a hand holding one raises
/// `InvalidHandError`.
#[pyfunction]
#[pyo3(name = "shanten", signature = (x, *, rules=None))]
fn shanten_of(x: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<i8> {
    let set = super::rules::tileset_arg(rules)?;
    if let Some(c) = fast_counts(x)? {
        set.check_counts(&c, &"the hand")?;
        return Ok(core_shanten::shanten_in(&c, set));
    }
    let h = super::hand::hand_arg(x)?;
    set.check_hand(&h)?;
    let mc = h.meld_counts();
    Ok(core_shanten::by_form_in(h.counts(), Some(&mc), h.melds().len(), set).min())
}

/// Whether a `Hand`, a hand string or 34 counts is a complete hand; the same
/// arguments and errors as `shanten` (`rules` of three players refuse 2m-8m).
#[pyfunction]
#[pyo3(signature = (x, *, rules=None))]
fn is_complete(x: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
    let set = super::rules::tileset_arg(rules)?;
    if let Some(c) = fast_counts(x)? {
        set.check_counts(&c, &"the hand")?;
        return Ok(agari::is_complete(&c, 0));
    }
    let h = super::hand::hand_arg(x)?;
    set.check_hand(&h)?;
    Ok(agari::is_complete(h.counts(), h.melds().len()))
}

/// The rows of an (N, 34) uint8 count array, read in place when row-major
/// (copied in row order otherwise), passed to `f` with the GIL released.
fn with_rows<T: Send>(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    f: impl FnOnce(&[u8], Option<usize>) -> crate::error::Result<Vec<T>> + Send,
) -> PyResult<Vec<T>> {
    let wrong = || {
        invalid(format!(
            "counts must be a numpy uint8 array of shape (N, 34), got {}",
            describe(counts)
        ))
    };
    let arr: PyReadonlyArray2<'_, u8> = counts.extract().map_err(|_| wrong())?;
    if arr.shape()[1] != KINDS {
        return Err(wrong());
    }
    let threads = threads_arg(threads)?;
    let owned;
    let rows: &[u8] = match arr.as_slice() {
        Ok(s) if arr.is_c_contiguous() => s,
        _ => {
            owned = arr.as_array().iter().copied().collect::<Vec<u8>>();
            &owned
        }
    };
    Ok(py.detach(|| f(rows, threads))?)
}

/// Shanten of each row of an (N, 34) uint8 count array (closed hands, 3n+1 or
/// 3n+2 tiles each, at most 14: fewer are hands with their melds left out) → (N,)
/// int8.
///
/// Releases the GIL and uses all cores, or `threads` threads (an integer from 1
/// to 256). Raises `InvalidInputError` for another dtype or shape, a bad row
/// (named by index) or a bad thread count.
#[pyfunction]
#[pyo3(signature = (counts, threads=None))]
fn shanten_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let out = with_rows(py, counts, threads, batch::shanten_rows)?;
    Ok(PyArray1::from_vec(py, out))
}

/// Whether each row of an (N, 34) uint8 count array is a complete closed hand
/// → (N,) bool. Same arguments and errors as `shanten_batch`.
#[pyfunction]
#[pyo3(signature = (counts, threads=None))]
fn is_complete_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let out = with_rows(py, counts, threads, batch::complete_rows)?;
    Ok(PyArray1::from_vec(py, out))
}

/// The winning kinds of each row of an (N, 34) uint8 count array of 3n+1
/// closed hands → (N, 34) bool (kinds the hand holds four of are never waits).
/// Same arguments and errors as `shanten_batch`.
#[pyfunction]
#[pyo3(signature = (counts, threads=None))]
fn waits_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let out = with_rows(py, counts, threads, batch::wait_rows)?;
    let rows = out.len() / KINDS;
    PyArray1::from_vec(py, out).reshape([rows, KINDS])
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyShantenByForm>()?;
    m.add_class::<PyBlock>()?;
    m.add_class::<PyDecomposition>()?;
    m.add_class::<PyWait>()?;
    m.add_class::<PyWaits>()?;
    m.add_class::<PyUkeire>()?;
    m.add_class::<PyDiscardOption>()?;
    m.add_function(wrap_pyfunction!(shanten_of, m)?)?;
    m.add_function(wrap_pyfunction!(is_complete, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_batch, m)?)?;
    m.add_function(wrap_pyfunction!(is_complete_batch, m)?)?;
    m.add_function(wrap_pyfunction!(waits_batch, m)?)?;
    Ok(())
}
