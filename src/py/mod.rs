//! Python bindings: one file per core module; `errors.rs` maps errors once.

mod analysis;
mod errors;
mod hand;
mod tile;

use crate::error::MahjongError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::borrow::Cow;

/// The text of a Python `str`. One that has no UTF-8 form (a lone surrogate) is
/// not valid notation either: a `TileParseError`, not a `UnicodeEncodeError`.
pub fn text<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    s.to_cow().map_err(|_| {
        let shown: String = s.to_string_lossy().chars().take(40).collect();
        MahjongError::parse(&shown, 0, "not valid text (a lone surrogate)").into()
    })
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    tile::register(m)?;
    hand::register(m)?;
    analysis::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
