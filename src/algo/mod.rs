//! Hand analysis: exact shanten from tabulated group distances, decompositions
//! with wait shapes, waits, ukeire and discard tables.

pub mod agari;
pub mod batch;
mod capped;
pub mod decompose;
pub mod distance;
mod rank;
#[cfg(test)]
mod reference_tests;
pub mod shanten;
mod suit_splits;
mod table;
mod tileset;
pub mod waits;

pub use tileset::TileSet;
