//! Notations, one per module: mpsz strings, Tenhou 136-ids, mjai names.

pub mod mjai;
pub mod mpsz;
pub mod tenhou;
