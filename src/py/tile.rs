//! `riichi.Tile` and the tile-list functions.

use super::args::{bounded_items, int_arg, items_up_to, text, ALL_TILES};
use super::errors::invalid;
use crate::error::MahjongError;
use crate::notation::{mpsz, tenhou};
use crate::tile::{Counts, Tile, KINDS};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArray};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyInt, PyList, PySequence, PyString, PyType};

/// One tile: `Tile("5m")`, `Tile("0p")` for a red five.
///
/// Immutable, hashable and picklable. Tiles order by kind (1m..9m, 1p..9p,
/// 1s..9s, East South West North Haku Hatsu Chun), a red five right before the
/// plain fives of its suit. A red five is a different tile from a plain five
/// (`Tile("0m") != Tile("5m")`) with the same `kind`.
#[pyclass(
    name = "Tile",
    module = "riichi",
    frozen,
    eq,
    ord,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyTile(pub Tile);

#[pymethods]
impl PyTile {
    /// A tile from its mpsz name (`"5m"`, `"0p"` for a red five, `"7z"`), or a copy
    /// of a tile.
    #[new]
    fn new(s: &Bound<'_, PyAny>) -> PyResult<Self> {
        tile_arg(s).map(PyTile)
    }

    /// The tile of an mjai name: `"5m"`, `"5mr"` (red five), `"E" "S" "W" "N"`,
    /// `"P"` (Haku), `"F"` (Hatsu), `"C"` (Chun). Raises `InvalidTileError`.
    #[staticmethod]
    fn from_mjai(name: &Bound<'_, PyString>) -> PyResult<Self> {
        Ok(PyTile(Tile::from_mjai(&text(name)?)?))
    }

    /// The tile of a Tenhou 136-id (`id // 4` is the kind; 16, 52 and 88 are
    /// the red fives). Raises `InvalidTileError` outside 0-135.
    #[staticmethod]
    fn from_id136(id: &Bound<'_, PyAny>) -> PyResult<Self> {
        let out_of_range =
            || MahjongError::InvalidTile(format!("136-id {id} is out of range 0-135"));
        let id = int_arg(id)?
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(out_of_range)?;
        Ok(PyTile(Tile::from_id136(id)?))
    }

    /// The plain tile of a kind 0-33. Raises `InvalidTileError` otherwise.
    #[staticmethod]
    fn from_kind(kind: &Bound<'_, PyAny>) -> PyResult<Self> {
        int_arg(kind)?
            .and_then(|v| u8::try_from(v).ok())
            .and_then(Tile::from_kind)
            .map(PyTile)
            .ok_or_else(|| {
                MahjongError::InvalidTile(format!("kind {kind} is out of range 0-33")).into()
            })
    }

    /// The kind 0-33: 0-8 man, 9-17 pin, 18-26 sou, 27-33 honors (a red five
    /// has the kind of its plain five).
    #[getter]
    fn kind(&self) -> u8 {
        self.0.kind()
    }
    /// `"m"`, `"p"`, `"s"`, or `"z"` for honors.
    #[getter]
    fn suit(&self) -> char {
        self.0.suit().as_char()
    }
    /// Number within the suit: 1-9, or 1-7 for honors (E S W N Haku Hatsu
    /// Chun). A red five is 5.
    #[getter]
    fn number(&self) -> u8 {
        self.0.number()
    }
    /// Whether the tile is a red five.
    #[getter]
    fn is_red(&self) -> bool {
        self.0.is_red()
    }
    /// A wind or a dragon.
    #[getter]
    fn is_honor(&self) -> bool {
        self.0.is_honor()
    }
    /// A 1 or a 9 of a numbered suit.
    #[getter]
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    /// A terminal or an honor.
    #[getter]
    fn is_yaochuu(&self) -> bool {
        self.0.is_yaochuu()
    }
    /// The mjai name (`"5m"`, `"5mr"`, `"E"`, ...).
    #[getter]
    fn mjai(&self) -> String {
        self.0.mjai()
    }
    /// The Unicode mahjong tile character (🀇 for 1m; a red five shows as its
    /// five).
    #[getter]
    fn unicode(&self) -> String {
        self.0.unicode().to_string()
    }
    /// The same tile without red.
    #[getter]
    fn plain(&self) -> PyTile {
        PyTile(self.0.plain())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Tile(\"{}\")", self.0)
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, PyType>, (String,)) {
        (py.get_type::<PyTile>(), (self.0.to_string(),))
    }
}

fn one_tile(s: &str) -> PyResult<Tile> {
    Ok(s.parse::<Tile>()?)
}

/// A tile from a `Tile` or a one-tile string.
pub fn tile_arg(obj: &Bound<'_, PyAny>) -> PyResult<Tile> {
    // A string first: telling one is a flag test, a `Tile` a type-tree walk.
    if let Ok(s) = obj.cast::<PyString>() {
        return one_tile(&text(s)?);
    }
    if let Ok(t) = obj.cast::<PyTile>() {
        return Ok(t.get().0);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Tile or a tile string, got {}",
        obj.get_type().name()?
    )))
}

/// Tiles from an mpsz string or an iterable of tiles / tile strings: argument
/// `what`. An iterable is refused past `most` tiles (see [`bounded_items`]); a
/// string is parsed whole (its size is already in memory) and left to the
/// caller's own checks.
pub fn tiles_arg(obj: &Bound<'_, PyAny>, what: &str, most: usize) -> PyResult<Vec<Tile>> {
    tiles_up_to(obj, what, most)?
        .ok_or_else(|| invalid(format!("{what} may hold at most {most} items")))
}

/// The tiles [`tiles_arg`] reads, `None` when an iterable holds more than
/// `most` (for callers that word that refusal themselves).
pub fn tiles_up_to(obj: &Bound<'_, PyAny>, what: &str, most: usize) -> PyResult<Option<Vec<Tile>>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Some(mpsz::parse_tiles(&text(s)?)?));
    }
    items_up_to(
        obj,
        what,
        "an mpsz string or an iterable of tiles",
        most,
        |item| tile_arg(&item),
    )
}

/// Counts from `None`, an mpsz string, an iterable of tiles, or 34 counts:
/// argument `what`.
pub fn counts_arg(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Counts> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok([0; KINDS]);
    };
    if let Some(c) = raw_counts(obj, MahjongError::InvalidInput)? {
        return Ok(c);
    }
    let mut c = [0u8; KINDS];
    for t in tiles_arg(obj, what, ALL_TILES)? {
        let k = t.kind() as usize;
        c[k] += 1;
        if c[k] > 4 {
            return Err(invalid(format!(
                "more than 4 copies of {} given",
                t.plain()
            )));
        }
    }
    Ok(c)
}

/// A sequence of 34 integers read as counts (`None` when `obj` is something else);
/// a count outside 0-4 is reported through `out_of_range`.
pub fn raw_counts(
    obj: &Bound<'_, PyAny>,
    out_of_range: fn(String) -> MahjongError,
) -> PyResult<Option<Counts>> {
    if let Some(c) = exact_int_list(obj).or_else(|| int_array(obj)) {
        return c.map(Some).map_err(|(k, v)| {
            out_of_range(format!("count {v} for kind {k} (0-4 allowed)")).into()
        });
    }
    // A sequence or a numpy array, not a string or a mapping.
    let is_sequence = (obj.cast::<PySequence>().is_ok() || obj.hasattr("__array__")?)
        && !obj.is_instance_of::<PyString>()
        && !obj.is_instance_of::<PyDict>();
    if !is_sequence || obj.len().ok() != Some(KINDS) {
        return Ok(None);
    }
    let mut c = [0u8; KINDS];
    let mut seen = 0;
    for (k, item) in obj.try_iter()?.enumerate() {
        let item = item?;
        if k >= KINDS {
            return Err(out_of_range(
                "more than 34 counts from a sequence of length 34".to_owned(),
            )
            .into());
        }
        if item.is_instance_of::<PyTile>() || item.is_instance_of::<PyString>() {
            return Ok(None);
        }
        c[k] = int_arg(&item)?
            .and_then(|v| u8::try_from(v).ok())
            .filter(|&v| v <= 4)
            .ok_or_else(|| out_of_range(format!("count {item} for kind {k} (0-4 allowed)")))?;
        seen = k + 1;
    }
    if seen != KINDS {
        return Err(out_of_range(format!("{seen} counts from a sequence of length 34")).into());
    }
    Ok(Some(c))
}

/// The common form of counts read at once: a `list` of 34 `int`s (exact types,
/// no subclass or `bool`). `None` for anything else, which takes the general
/// path; a count outside 0-4 is `(kind, value)`.
fn exact_int_list(obj: &Bound<'_, PyAny>) -> Option<std::result::Result<Counts, (usize, String)>> {
    let list = obj.cast_exact::<PyList>().ok()?;
    if list.len() != KINDS {
        return None;
    }
    let small = small_counts(obj.py());
    let mut c = [0u8; KINDS];
    for (k, slot) in c.iter_mut().enumerate() {
        // Python shares one object for each small integer: a count is most
        // often one of those five, told by identity alone.
        if let Some(n) = small_count_at(list, k, small) {
            *slot = n;
            continue;
        }
        let item = list.get_item(k).ok()?;
        if !item.is_exact_instance_of::<PyInt>() {
            return None;
        }
        let v: i64 = item.extract().ok()?;
        match u8::try_from(v) {
            Ok(n) if n <= 4 => *slot = n,
            _ => return Some(Err((k, v.to_string()))),
        }
    }
    Some(Ok(c))
}

/// The count of item `k` of `list` when the item is one of the shared integer
/// objects 0-4 (`small`), told by identity without taking a reference to it:
/// under the stable ABI a list's items are otherwise taken with a reference
/// (two calls into Python per item, most of the cost of reading 34 counts).
/// `None` for any other item, and past the end of the list.
#[allow(unsafe_code)]
fn small_count_at(list: &Bound<'_, PyList>, k: usize, small: &[Py<PyInt>; 5]) -> Option<u8> {
    let k = pyo3::ffi::Py_ssize_t::try_from(k).ok()?;
    // SAFETY: `list` is a live list and the GIL is held (an abi3 extension is
    // never loaded by free-threaded Python). `PyList_GetItem` checks `k` and
    // returns a borrowed pointer, or null with an `IndexError` set, which is
    // cleared. The pointer is only compared with others, never dereferenced or
    // kept, so no reference to the item is needed.
    let item = unsafe { pyo3::ffi::PyList_GetItem(list.as_ptr(), k) };
    if item.is_null() {
        // SAFETY: the GIL is held; this clears the error just set.
        unsafe { pyo3::ffi::PyErr_Clear() };
        return None;
    }
    small
        .iter()
        .position(|s| s.as_ptr() == item)
        .map(|n| n as u8)
}

/// Counts from a 1-D numpy array of 34 integers of any integer dtype, read from
/// its memory at once. `None` for anything else, which takes the general path;
/// a count outside 0-4 is `(kind, value)`.
fn int_array(obj: &Bound<'_, PyAny>) -> Option<std::result::Result<Counts, (usize, String)>> {
    fn read<T: numpy::Element + Copy + TryInto<u8> + std::fmt::Display>(
        obj: &Bound<'_, PyAny>,
    ) -> Option<std::result::Result<Counts, (usize, String)>> {
        let arr = obj.cast::<PyArray1<T>>().ok()?.try_readonly().ok()?;
        let view = arr.as_array();
        if view.len() != KINDS {
            return None;
        }
        let mut c = [0u8; KINDS];
        for (k, (slot, &v)) in c.iter_mut().zip(view.iter()).enumerate() {
            match v.try_into() {
                Ok(n) if n <= 4 => *slot = n,
                _ => return Some(Err((k, v.to_string()))),
            }
        }
        Some(Ok(c))
    }
    obj.cast::<PyUntypedArray>().ok()?;
    read::<u8>(obj)
        .or_else(|| read::<i64>(obj))
        .or_else(|| read::<i32>(obj))
        .or_else(|| read::<i8>(obj))
        .or_else(|| read::<i16>(obj))
        .or_else(|| read::<u16>(obj))
        .or_else(|| read::<u32>(obj))
        .or_else(|| read::<u64>(obj))
}

/// The integers 0-4 as Python objects, made once.
static SMALL_COUNTS: PyOnceLock<[Py<PyInt>; 5]> = PyOnceLock::new();

/// The integer objects of the counts 0-4 (the ones Python shares).
fn small_counts(py: Python<'_>) -> &[Py<PyInt>; 5] {
    SMALL_COUNTS.get_or_init(py, || {
        std::array::from_fn(|n| {
            (n as u8)
                .into_pyobject(py)
                .expect("a small integer")
                .cast_into::<PyInt>()
                .expect("an int")
                .unbind()
        })
    })
}

/// The one `Tile` object of each of the 37 tiles, made once: tiles are
/// immutable values, so lists of them share these objects (as Python shares
/// small integers) instead of allocating one object per tile that the garbage
/// collector must track.
static TILE_OBJECTS: PyOnceLock<Vec<Py<PyTile>>> = PyOnceLock::new();

/// The shared object of tile `t`.
pub fn tile_object(py: Python<'_>, t: Tile) -> Py<PyTile> {
    TILE_OBJECTS.get_or_init(py, || {
        (0..37)
            .map(|id| {
                Py::new(py, PyTile(Tile::from_id(id).expect("id below 37"))).expect("a Tile object")
            })
            .collect()
    })[t.id() as usize]
        .clone_ref(py)
}

/// Tiles as a list of their shared objects.
pub fn to_py(tiles: &[Tile]) -> Vec<Py<PyTile>> {
    Python::attach(|py| tiles.iter().map(|&t| tile_object(py, t)).collect())
}

/// Parse an mpsz string such as `"123m0p77z"` into tiles, in written order.
///
/// Spaces between groups are allowed. Raises `TileParseError`, naming the position
/// of the problem.
#[pyfunction]
fn parse_tiles(s: &Bound<'_, PyString>) -> PyResult<Vec<Py<PyTile>>> {
    Ok(to_py(&mpsz::parse_tiles(&text(s)?)?))
}

/// The shortest mpsz string of the tiles: sorted, one suit letter per suit.
///
/// `tiles` is an mpsz string or an iterable of `Tile` or one-tile strings.
#[pyfunction]
fn format_tiles(tiles: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(mpsz::format_tiles(&tiles_arg(tiles, "tiles", ALL_TILES)?))
}

/// Distinct Tenhou 136-ids for the tiles, in order.
///
/// A red five takes copy 0 of its five (ids 16, 52, 88); plain tiles take the
/// lowest free copy, plain fives never copy 0. Raises `InvalidTileError` when no
/// free id is left (more copies than the tile set has, e.g. four plain 5m).
#[pyfunction]
fn tiles_to_id136(tiles: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    Ok(tenhou::to_id136(&tiles_arg(tiles, "tiles", ALL_TILES)?)?)
}

/// The tiles of Tenhou 136-ids. Raises `InvalidTileError` outside 0-135.
#[pyfunction]
fn tiles_from_id136(ids: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyTile>>> {
    bounded_items(ids, "ids", ALL_TILES, |id| {
        Ok(tile_object(id.py(), PyTile::from_id136(&id)?.0))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTile>()?;
    m.add_function(wrap_pyfunction!(parse_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(format_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(tiles_to_id136, m)?)?;
    m.add_function(wrap_pyfunction!(tiles_from_id136, m)?)?;
    Ok(())
}
