//! Python bindings: one file per core module; `errors.rs` maps errors once.

mod analysis;
mod errors;
mod hand;
mod tile;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    tile::register(m)?;
    hand::register(m)?;
    analysis::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
