//! Python bindings: one file per core module; `errors.rs` maps errors once.

mod agents;
mod analysis;
mod args;
mod dataset;
mod env;
mod errors;
mod game;
mod hand;
mod json;
mod logs;
mod rules;
mod score;
mod score_batch;
mod tile;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    tile::register(m)?;
    hand::register(m)?;
    analysis::register(m)?;
    rules::register(m)?;
    score::register(m)?;
    score_batch::register(m)?;
    game::register(m)?;
    agents::register(m)?;
    logs::register(m)?;
    env::register(m)?;
    dataset::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The private functions that load pickled values (`_observation`, ...) are
    // the module's, not its exports.
    let all = m.index()?;
    let public: Vec<String> = all
        .iter()
        .map(|n| n.extract::<String>())
        .collect::<PyResult<Vec<_>>>()?
        .into_iter()
        .filter(|n| !n.starts_with('_') || n.starts_with("__"))
        .collect();
    m.setattr("__all__", public)?;
    Ok(())
}
