//! `riichi.Tile` and the tile-list functions.

use super::args::{int_arg, map_items, text};
use super::errors::invalid;
use crate::error::MahjongError;
use crate::notation::{mpsz, tenhou};
use crate::tile::{Counts, Tile, KINDS};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySequence, PyString, PyTuple, PyType};

/// One tile: `Tile("5m")`, `Tile("0p")` for a red five.
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

    #[staticmethod]
    fn from_mjai(name: &Bound<'_, PyString>) -> PyResult<Self> {
        Ok(PyTile(Tile::from_mjai(&text(name)?)?))
    }

    #[staticmethod]
    fn from_id136(id: &Bound<'_, PyAny>) -> PyResult<Self> {
        let out_of_range =
            || MahjongError::InvalidTile(format!("136-id {id} is out of range 0-135"));
        let id = int_arg(id)?
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(out_of_range)?;
        Ok(PyTile(Tile::from_id136(id)?))
    }

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

    #[getter]
    fn kind(&self) -> u8 {
        self.0.kind()
    }
    #[getter]
    fn suit(&self) -> char {
        self.0.suit().as_char()
    }
    #[getter]
    fn number(&self) -> u8 {
        self.0.number()
    }
    #[getter]
    fn is_red(&self) -> bool {
        self.0.is_red()
    }
    #[getter]
    fn is_honor(&self) -> bool {
        self.0.is_honor()
    }
    #[getter]
    fn is_terminal(&self) -> bool {
        self.0.is_terminal()
    }
    #[getter]
    fn is_yaochuu(&self) -> bool {
        self.0.is_yaochuu()
    }
    #[getter]
    fn mjai(&self) -> String {
        self.0.mjai()
    }
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

/// Tiles from an mpsz string or an iterable of tiles / tile strings.
pub fn tiles_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Tile>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(mpsz::parse_tiles(&text(s)?)?);
    }
    // Lists and tuples by index, without an iterator object (exactly those: a
    // subclass may iterate otherwise).
    if let Ok(l) = obj.cast_exact::<PyList>() {
        return l.iter().map(|t| tile_arg(&t)).collect();
    }
    if let Ok(t) = obj.cast_exact::<PyTuple>() {
        return t.iter().map(|t| tile_arg(&t)).collect();
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected an mpsz string or an iterable of tiles, got {}",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    map_items(iter, |item| tile_arg(&item))
}

/// Counts from `None`, an mpsz string, an iterable of tiles, or 34 counts.
pub fn counts_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Counts> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else {
        return Ok([0; KINDS]);
    };
    if let Some(c) = raw_counts(obj, MahjongError::InvalidInput)? {
        return Ok(c);
    }
    let mut c = [0u8; KINDS];
    for t in tiles_arg(obj)? {
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

pub fn to_py(tiles: &[Tile]) -> Vec<PyTile> {
    tiles.iter().map(|&t| PyTile(t)).collect()
}

/// Parse an mpsz string such as `"123m0p77z"` into tiles.
#[pyfunction]
fn parse_tiles(s: &Bound<'_, PyString>) -> PyResult<Vec<PyTile>> {
    Ok(to_py(&mpsz::parse_tiles(&text(s)?)?))
}

/// The shortest mpsz string of the tiles (sorted, one suit letter per suit).
#[pyfunction]
fn format_tiles(tiles: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(mpsz::format_tiles(&tiles_arg(tiles)?))
}

/// Distinct Tenhou 136-ids for the tiles (red fives take copy 0 of their five).
#[pyfunction]
fn tiles_to_id136(tiles: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    Ok(tenhou::to_id136(&tiles_arg(tiles)?)?)
}

/// Tiles of Tenhou 136-ids.
#[pyfunction]
fn tiles_from_id136(ids: &Bound<'_, PyAny>) -> PyResult<Vec<PyTile>> {
    map_items(ids.try_iter()?, |id| PyTile::from_id136(&id))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTile>()?;
    m.add_function(wrap_pyfunction!(parse_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(format_tiles, m)?)?;
    m.add_function(wrap_pyfunction!(tiles_to_id136, m)?)?;
    m.add_function(wrap_pyfunction!(tiles_from_id136, m)?)?;
    Ok(())
}
