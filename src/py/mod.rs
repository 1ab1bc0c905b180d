//! Python bindings: one file per core module; `errors.rs` maps errors once.

mod analysis;
mod errors;
mod game;
mod hand;
mod json;
mod logs;
mod rules;
mod score;
mod score_batch;
mod tile;

use crate::error::MahjongError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::borrow::Cow;

/// The text of a Python `str`. One that has no UTF-8 form (a lone surrogate) is
/// not valid notation either: a `TileParseError`, not a `UnicodeEncodeError`.
pub fn text<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    s.to_cow().map_err(|_| {
        // Find the first character with no UTF-8 form, and show each as '?'.
        let mut shown = String::new();
        let mut at = None;
        if let Ok(chars) = s.try_iter() {
            for (i, c) in chars.flatten().enumerate() {
                let c = c.cast::<PyString>().ok().and_then(|c| c.to_cow().ok());
                if c.is_none() && at.is_none() {
                    at = Some(i);
                }
                if i <= 60 {
                    shown.push_str(c.as_deref().unwrap_or("?"));
                }
            }
        }
        // `at` counts characters; `parse` takes a byte offset into what it quotes.
        let at = at.unwrap_or(0);
        let byte = shown.char_indices().nth(at).map_or(shown.len(), |(b, _)| b);
        let mut e = MahjongError::parse(&shown, byte, "not valid text (a lone surrogate)");
        if let MahjongError::TileParse { position, .. } = &mut e {
            *position = at;
        }
        e.into()
    })
}

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
    logs::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
