//! Analysis results (`ShantenByForm`, `Decomposition`, `Waits`, `Ukeire`,
//! `DiscardOption`) and the module-level fast paths and batch calls.

use super::args::{describe, in_parts, part_size, progress_arg, threads_arg};
use super::errors::invalid;
use super::hand::PyHand;
use super::tile::{raw_counts, PyTile};
use crate::algo::decompose::{Block, BlockShape, Decomposition, Form, Wait};
use crate::algo::shanten as core_shanten;
use crate::algo::{agari, batch, waits, TileSet};
use crate::error::{quoted, MahjongError};
use crate::meld::MeldKind;
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

/// One set of a decomposition. Compared, hashed and pickled by value.
#[pyclass(name = "Block", module = "riichi", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyBlock {
    /// `"shuntsu"` (a run), `"koutsu"` (a triplet) or `"kantsu"` (a kan, only
    /// ever a declared meld).
    #[pyo3(get)]
    shape: &'static str,
    /// The set's tiles (plain tiles, sorted).
    #[pyo3(get)]
    tiles: Vec<PyTile>,
    /// The meld kind when the set is a declared meld, else `None`.
    #[pyo3(get)]
    meld: Option<&'static str>,
    /// Whether the set is an open meld.
    #[pyo3(get)]
    is_open: bool,
    /// The core's set, which the fields above show (pickling).
    block: Block,
}

/// A block's pickled form: shape, first kind, meld kind.
type BlockState = (String, u8, Option<String>);

const SHAPES: [BlockShape; 3] = [BlockShape::Shuntsu, BlockShape::Koutsu, BlockShape::Kantsu];
const FORMS: [Form; 4] = [
    Form::Standard,
    Form::Chiitoitsu,
    Form::Kokushi,
    Form::ShiisanPuutaa,
];
const WAITS: [Wait; 7] = [
    Wait::Ryanmen,
    Wait::Kanchan,
    Wait::Penchan,
    Wait::Tanki,
    Wait::Shanpon,
    Wait::KokushiSingle,
    Wait::Kokushi13,
];

fn shape_name(s: BlockShape) -> &'static str {
    match s {
        BlockShape::Shuntsu => "shuntsu",
        BlockShape::Koutsu => "koutsu",
        BlockShape::Kantsu => "kantsu",
    }
}

fn block_state(b: &Block) -> BlockState {
    (
        shape_name(b.shape).to_owned(),
        b.first,
        b.meld.map(|m| m.name().to_owned()),
    )
}

/// A pickled block back into the core's set, checked: a run starts at 1-7 of a
/// numbered suit, a kan is a declared meld, a chi a run and a pon a triplet.
fn block_of((shape, first, meld): BlockState) -> PyResult<Block> {
    let bad = |why: &str| {
        invalid(format!(
            "a pickled Block ({shape:?}, {first}, {meld:?}): {why}"
        ))
    };
    let shape_kind = SHAPES
        .into_iter()
        .find(|s| shape_name(*s) == shape)
        .ok_or_else(|| bad("the shape is shuntsu, koutsu or kantsu"))?;
    if usize::from(first) >= KINDS {
        return Err(bad("the first kind is 0-33"));
    }
    let meld_kind = match &meld {
        None => None,
        Some(m) => Some(MeldKind::from_name(m).ok_or_else(|| bad("no such meld kind"))?),
    };
    let fits = match shape_kind {
        BlockShape::Shuntsu => {
            first < 27 && first % 9 <= 6 && meld_kind.is_none_or(|m| m == MeldKind::Chi)
        }
        BlockShape::Koutsu => meld_kind.is_none_or(|m| m == MeldKind::Pon),
        BlockShape::Kantsu => meld_kind.is_some_and(MeldKind::is_kan),
    };
    if !fits {
        return Err(bad("the shape, kind and meld do not make a set"));
    }
    Ok(Block {
        shape: shape_kind,
        first,
        meld: meld_kind,
    })
}

fn py_block(s: &Block) -> PyBlock {
    let kinds: Vec<u8> = match s.shape {
        BlockShape::Shuntsu => vec![s.first, s.first + 1, s.first + 2],
        BlockShape::Koutsu => vec![s.first; 3],
        BlockShape::Kantsu => vec![s.first; 4],
    };
    PyBlock {
        shape: shape_name(s.shape),
        tiles: kinds.into_iter().map(kind_tile).collect(),
        meld: s.meld.map(crate::meld::MeldKind::name),
        is_open: s.is_open(),
        block: *s,
    }
}

/// A pickled state read as `T`; another form is an `InvalidInputError` naming
/// what was pickled.
pub(super) fn pickled<'py, T>(state: &Bound<'py, PyAny>, what: &str) -> PyResult<T>
where
    T: for<'a> FromPyObject<'a, 'py>,
{
    state.extract::<T>().map_err(|_| {
        invalid(format!(
            "not the pickled state of a {what}: {}",
            describe(state)
        ))
    })
}

/// A `Block` from its pickled state (what `Block.__reduce__` gives).
#[pyfunction]
fn _block(state: &Bound<'_, PyAny>) -> PyResult<PyBlock> {
    Ok(py_block(&block_of(pickled(state, "Block")?)?))
}

#[pymethods]
impl PyBlock {
    /// Pickled by value: its shape, first kind and meld.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (BlockState,))> {
        let f = py.import("riichi._core")?.getattr("_block")?;
        Ok((f, (block_state(&self.block),)))
    }
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
/// Compared, hashed and pickled by value.
#[pyclass(name = "Decomposition", module = "riichi", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyDecomposition {
    /// `"standard"`, `"chiitoitsu"` or `"kokushi"`.
    #[pyo3(get)]
    form: &'static str,
    /// Concealed sets (sorted) then melds (empty for chiitoitsu and kokushi).
    #[pyo3(get)]
    blocks: Vec<PyBlock>,
    /// The pair (standard, kokushi) or `None` (chiitoitsu).
    #[pyo3(get)]
    pair: Option<PyTile>,
    /// Every pair: one, or seven for chiitoitsu.
    #[pyo3(get)]
    pairs: Vec<PyTile>,
    /// The wait shape the winning tile completed, when one was given.
    #[pyo3(get)]
    wait: Option<&'static str>,
    /// Index in `blocks` of the set the winning tile completed (`None` for the
    /// pair, chiitoitsu and kokushi, or without a winning tile).
    #[pyo3(get)]
    win_block: Option<usize>,
    /// The core's reading and wait, which the fields above show (pickling).
    core: (Decomposition, Option<Wait>),
}

/// A decomposition's pickled form: form, blocks, pair kinds, wait, win block.
type DecompositionState = (
    String,
    Vec<BlockState>,
    Vec<u8>,
    Option<String>,
    Option<usize>,
);

fn wait_of(name: &str) -> PyResult<Wait> {
    WAITS
        .into_iter()
        .find(|w| w.name() == name)
        .ok_or_else(|| invalid(format!("a pickled wait shape {name:?} is no wait shape")))
}

/// A `Decomposition` from its pickled state (what `Decomposition.__reduce__`
/// gives).
#[pyfunction]
fn _decomposition(state: &Bound<'_, PyAny>) -> PyResult<PyDecomposition> {
    let (form, blocks, pairs, wait, win_block): DecompositionState =
        pickled(state, "Decomposition")?;
    let form = FORMS
        .into_iter()
        .find(|f| f.name() == form)
        .ok_or_else(|| {
            invalid(format!(
                "a pickled Decomposition's form {form:?} is no form"
            ))
        })?;
    let blocks = blocks
        .into_iter()
        .map(block_of)
        .collect::<PyResult<Vec<_>>>()?;
    if pairs.is_empty() || pairs.iter().any(|&k| usize::from(k) >= KINDS) {
        return Err(invalid(format!(
            "a pickled Decomposition's pairs are kinds 0-33, got {pairs:?}"
        )));
    }
    if win_block.is_some_and(|b| b >= blocks.len()) {
        return Err(invalid(format!(
            "a pickled Decomposition's win block {win_block:?} is not one of its {} blocks",
            blocks.len()
        )));
    }
    let wait = wait.as_deref().map(wait_of).transpose()?;
    let d = Decomposition {
        form,
        blocks,
        pairs,
    };
    Ok(py_decomposition(&d, wait, win_block))
}

#[pymethods]
impl PyDecomposition {
    /// Pickled by value: its form, blocks, pairs, wait and win block.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (DecompositionState,))> {
        let f = py.import("riichi._core")?.getattr("_decomposition")?;
        let (d, wait) = &self.core;
        let state = (
            d.form.name().to_owned(),
            d.blocks.iter().map(block_state).collect(),
            d.pairs.clone(),
            wait.map(|w| w.name().to_owned()),
            self.win_block,
        );
        Ok((f, (state,)))
    }
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
    let blocks = d.blocks.iter().map(py_block).collect();
    let pairs: Vec<PyTile> = d.pairs.iter().map(|&k| kind_tile(k)).collect();
    PyDecomposition {
        form: d.form.name(),
        blocks,
        pair: (pairs.len() == 1).then(|| pairs[0]),
        pairs,
        wait: wait.map(Wait::name),
        win_block,
        core: (d.clone(), wait),
    }
}

/// A winning tile and the wait shapes it can complete. Compared, hashed and
/// pickled by value.
#[pyclass(name = "Wait", module = "riichi", frozen, get_all, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyWait {
    /// The winning tile (plain).
    tile: PyTile,
    /// Wait shapes: ryanmen, kanchan, penchan, tanki, shanpon, kokushi (single
    /// wait), kokushi13 (13-sided).
    shapes: Vec<&'static str>,
}

/// A wait's pickled form: the tile's kind and the shapes' names.
type WaitState = (u8, Vec<String>);

fn wait_state(w: &PyWait) -> WaitState {
    (
        w.tile.0.kind(),
        w.shapes.iter().map(|&s| s.to_owned()).collect(),
    )
}

fn wait_from((kind, shapes): WaitState) -> PyResult<PyWait> {
    let tile = Tile::from_kind(kind)
        .ok_or_else(|| invalid(format!("a pickled Wait's tile is a kind 0-33, got {kind}")))?;
    let shapes = shapes
        .iter()
        .map(|s| wait_of(s).map(Wait::name))
        .collect::<PyResult<_>>()?;
    Ok(PyWait {
        tile: PyTile(tile),
        shapes,
    })
}

/// A `Wait` from its pickled state (what `Wait.__reduce__` gives).
#[pyfunction]
fn _wait(state: &Bound<'_, PyAny>) -> PyResult<PyWait> {
    wait_from(pickled(state, "Wait")?)
}

/// `Waits` from its pickled state (what `Waits.__reduce__` gives).
#[pyfunction]
fn _waits(state: &Bound<'_, PyAny>) -> PyResult<PyWaits> {
    let (waits, impossible): (Vec<WaitState>, Vec<WaitState>) = pickled(state, "Waits")?;
    let conv = |v: Vec<WaitState>| v.into_iter().map(wait_from).collect::<PyResult<Vec<_>>>();
    Ok(PyWaits {
        waits: conv(waits)?,
        impossible: conv(impossible)?,
    })
}

#[pymethods]
impl PyWait {
    /// Pickled by value: its tile and shapes.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (WaitState,))> {
        let f = py.import("riichi._core")?.getattr("_wait")?;
        Ok((f, (wait_state(self),)))
    }
    fn __repr__(&self) -> String {
        let shapes: Vec<String> = self.shapes.iter().map(|s| format!("'{s}'")).collect();
        format!("Wait(Tile(\"{}\"), [{}])", self.tile.0, shapes.join(", "))
    }
}

/// The waits of a 13-tile hand (melds counting 3). `len()` is the number of winning
/// kinds. Compared, hashed and pickled by value.
#[pyclass(name = "Waits", module = "riichi", frozen, get_all, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
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
    /// Pickled by value: its waits and impossible waits.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, ((Vec<WaitState>, Vec<WaitState>),))> {
        let f = py.import("riichi._core")?.getattr("_waits")?;
        let conv = |v: &[PyWait]| v.iter().map(wait_state).collect();
        Ok((f, ((conv(&self.waits), conv(&self.impossible)),)))
    }
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
        self.0.tiles().map(|(k, n)| (kind_tile(k), n)).collect()
    }
    /// Total live copies.
    #[getter]
    fn live(&self) -> u32 {
        self.0.live
    }
    fn __repr__(&self) -> String {
        let tiles: Vec<Tile> = self
            .0
            .tiles()
            .map(|(k, _)| Tile::from_kind(k).expect("kind"))
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
        PyUkeire(self.0.ukeire)
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
            PyUkeire(self.0.ukeire).__repr__()
        )
    }
}

/// Counts of a valid closed hand written plainly (`123m0p77z`, 3n+1 or 3n+2
/// tiles up to 14, none that `set` lacks): the common argument, read without
/// building an error. `None` for anything else, which [`fast_counts`] then reads
/// or refuses.
#[inline]
fn plain_text_counts(x: &Bound<'_, PyAny>, set: TileSet) -> Option<Counts> {
    let s = x.cast::<PyString>().ok()?.to_cow().ok()?;
    let (counts, n) = mpsz::plain_counts(s.as_bytes())?;
    (core_shanten::check_size(n).is_ok() && set.first_absent(&counts).is_none()).then_some(counts)
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
    if let Some(c) = plain_text_counts(x, set) {
        return Ok(core_shanten::shanten_in(&c, set));
    }
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
    if let Some(c) = plain_text_counts(x, set) {
        return Ok(agari::is_complete(&c, 0));
    }
    if let Some(c) = fast_counts(x)? {
        set.check_counts(&c, &"the hand")?;
        return Ok(agari::is_complete(&c, 0));
    }
    let h = super::hand::hand_arg(x)?;
    set.check_hand(&h)?;
    Ok(agari::is_complete(h.counts(), h.melds().len()))
}

/// Rows of a batch call per part (a part runs with the GIL released; progress
/// is told and Ctrl-C checked between parts): at least this many ...
const PART_ROWS: usize = 16 * batch::CHUNK;
/// ... or this many for each thread.
const PART_ROWS_PER_THREAD: usize = 4 * batch::CHUNK;

/// The rows of an (N, 34) uint8 count array, read in place when row-major
/// (copied in row order otherwise), passed to `f` in parts (its first row's
/// index, its rows, the thread count) with the GIL released, `width` outputs a
/// row; `progress(rows done, n)` after each part.
fn with_rows<T: Send>(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<&Bound<'_, PyAny>>,
    f: impl Fn(&[u8], usize, Option<usize>) -> crate::error::Result<Vec<T>> + Send + Sync,
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
    let progress = progress_arg(progress, "rows")?;
    let owned;
    let rows: &[u8] = match arr.as_slice() {
        Ok(s) if arr.is_c_contiguous() => s,
        _ => {
            owned = arr.as_array().iter().copied().collect::<Vec<u8>>();
            &owned
        }
    };
    let part = part_size(threads, PART_ROWS, PART_ROWS_PER_THREAD);
    let mut out = Vec::new();
    let each =
        |r: std::ops::Range<usize>| f(&rows[r.start * KINDS..r.end * KINDS], r.start, threads);
    in_parts(
        py,
        arr.shape()[0],
        part,
        threads,
        progress,
        each,
        |mut got| {
            out.append(&mut got);
            Ok(())
        },
    )?;
    Ok(out)
}

/// Shanten of each row of an (N, 34) uint8 count array (closed hands, 3n+1 or
/// 3n+2 tiles each, at most 14: fewer are hands with their melds left out) → (N,)
/// int8.
///
/// Releases the GIL and uses all cores, or `threads` threads (an integer from 1
/// to 256). Rows are taken in parts of tens of thousands; after each,
/// `progress(rows done, N)` is called, and Ctrl-C stops the call between two
/// parts. Raises `InvalidInputError` for another dtype or shape, a bad row
/// (named by index) or a bad thread count, `TypeError` for a `progress` that is
/// not callable.
#[pyfunction]
#[pyo3(signature = (counts, threads=None, progress=None))]
fn shanten_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let out = with_rows(py, counts, threads, progress, batch::shanten_rows)?;
    Ok(PyArray1::from_vec(py, out))
}

/// Whether each row of an (N, 34) uint8 count array is a complete closed hand
/// → (N,) bool. Same arguments and errors as `shanten_batch`.
#[pyfunction]
#[pyo3(signature = (counts, threads=None, progress=None))]
fn is_complete_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let out = with_rows(py, counts, threads, progress, batch::complete_rows)?;
    Ok(PyArray1::from_vec(py, out))
}

/// The winning kinds of each row of an (N, 34) uint8 count array of 3n+1
/// closed hands → (N, 34) bool (kinds the hand holds four of are never waits).
/// Same arguments and errors as `shanten_batch`.
#[pyfunction]
#[pyo3(signature = (counts, threads=None, progress=None))]
fn waits_batch<'py>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<bool>>> {
    let out = with_rows(py, counts, threads, progress, batch::wait_rows)?;
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
    m.add_function(wrap_pyfunction!(_block, m)?)?;
    m.add_function(wrap_pyfunction!(_decomposition, m)?)?;
    m.add_function(wrap_pyfunction!(_wait, m)?)?;
    m.add_function(wrap_pyfunction!(_waits, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_of, m)?)?;
    m.add_function(wrap_pyfunction!(is_complete, m)?)?;
    m.add_function(wrap_pyfunction!(shanten_batch, m)?)?;
    m.add_function(wrap_pyfunction!(is_complete_batch, m)?)?;
    m.add_function(wrap_pyfunction!(waits_batch, m)?)?;
    Ok(())
}
