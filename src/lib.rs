//! `riichi`: Japanese (riichi) mahjong in Rust — tiles and notations, hand analysis
//! (shanten, decompositions, waits, ukeire). The Python package `riichi` wraps it
//! (feature `python`); the crate is usable on its own.

pub mod algo;
pub mod error;
pub mod files;
pub mod game;
pub mod hand;
pub mod logs;
pub mod meld;
pub mod notation;
pub mod parallel;
pub mod rules;
pub mod score;
#[cfg(test)]
mod shared_data;
pub mod tile;

#[cfg(feature = "python")]
mod py;

pub use error::{MahjongError, Result};
pub use hand::Hand;
pub use meld::{Meld, MeldKind, Relative};
pub use rules::Rules;
pub use score::{score, ScoreResult, WinContext};
pub use tile::{Suit, Tile};
