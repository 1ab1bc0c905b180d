//! Real game logs: reading what the online services record.
//!
//! [`tenhou_shuffle`] rebuilds Tenhou's walls from the `SHUFFLE` seed of an mjlog.

pub mod tenhou_shuffle;
