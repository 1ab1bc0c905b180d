//! The fuzz targets' checks, one function per target taking the raw input bytes.
//! They live in `checks.rs`, which the root crate's `tests/fuzz_regressions.rs`
//! includes too, so saved reproducers run the very same checks under
//! `cargo test`.

#[path = "checks.rs"]
pub mod checks;
