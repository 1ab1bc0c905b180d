//! Real game logs: one in-memory [`record::GameRecord`] that Tenhou's mjlog XML,
//! tenhou.net/6 JSON and mjai JSON lines read into and write from, and the replay
//! of a record through the engine.
//!
//! [`tenhou_shuffle`] rebuilds Tenhou's walls from the `SHUFFLE` seed of an mjlog.

pub mod mjai;
pub mod mjlog;
pub mod record;
pub mod replay;
pub mod tenhou6;
pub mod tenhou_shuffle;
