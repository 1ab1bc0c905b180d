//! The group tables written by `build.rs`: for each group of at most 14 tiles, by
//! rank, its 10 distances then 10 masks (little-endian `u16`) of the kinds whose
//! drawing lowers each distance.

use super::distance::Distances;
use super::rank::rank;

const ENTRY: usize = 30;

static SUIT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/suit_table.bin"));
static HONOR: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/honor_table.bin"));

/// A group's entry: its distances and, per target, the kinds that lower it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub dist: Distances,
    pub lowering: [u16; 10],
}

#[inline]
fn raw(held: &[u8]) -> &'static [u8] {
    let table = if held.len() == 9 { SUIT } else { HONOR };
    let at = rank(held) * ENTRY;
    &table[at..at + ENTRY]
}

/// Distances of a group (9 kinds of a numbered suit, or 7 honors): each kind at
/// most 4 and at most 14 tiles, which the caller guarantees.
#[inline]
pub fn distances(held: &[u8]) -> Distances {
    let mut d = [0u8; 10];
    d.copy_from_slice(&raw(held)[..10]);
    d
}

/// The whole entry of a group (same requirements as [`distances`]).
#[inline]
pub fn entry(held: &[u8]) -> Entry {
    let r = raw(held);
    let mut dist = [0u8; 10];
    dist.copy_from_slice(&r[..10]);
    let mut lowering = [0u16; 10];
    for (j, m) in lowering.iter_mut().enumerate() {
        *m = u16::from_le_bytes([r[10 + 2 * j], r[11 + 2 * j]]);
    }
    Entry { dist, lowering }
}

#[cfg(test)]
mod tests {
    use super::super::rank::group_count;
    use super::*;

    #[test]
    fn table_sizes_match_ranks() {
        assert_eq!(SUIT.len(), group_count(9) * ENTRY);
        assert_eq!(HONOR.len(), group_count(7) * ENTRY);
        assert_eq!(rank(&[0; 9]), 0);
        assert_eq!(rank(&[4, 4, 4, 2, 0, 0, 0, 0, 0]), group_count(9) - 1);
    }
}
