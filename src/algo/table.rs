//! The group tables written by `build.rs`, indexed by rank: each group's
//! distances padded to 16 lanes, and apart (so that shanten touches only the
//! first) its 10 masks of the kinds whose drawing lowers each distance, and
//! in a third table, per kind, the mask of the distances its discard raises. Also
//! the hash table of each suit's splits (`suit_splits.rs`).

use super::rank::{count_within, group_ranks, rank_honor, rank_suit, rank_within};
use super::shanten::Lanes;
use super::suit_splits::{buckets, slot_list, BUCKET_SLOTS, KEY_MASK, MOST_SPLITS};
use crate::tile::Counts;

/// Bytes placed on a cache-line boundary, so that no 16-byte lane of distances
/// and no 32-byte bucket of split slots straddles two lines (`include_bytes!`
/// alone may put a table anywhere, and its speed then changes from build to
/// build).
#[repr(C, align(64))]
struct Aligned<Bytes: ?Sized> {
    bytes: Bytes,
}

/// A table `build.rs` wrote, aligned.
macro_rules! table {
    ($file:literal) => {{
        static TABLE: &Aligned<[u8]> = &Aligned {
            bytes: *include_bytes!(concat!(env!("OUT_DIR"), "/", $file)),
        };
        &TABLE.bytes
    }};
}

static SUIT_DISTANCES: &[u8] = table!("suit_distances.bin");
static HONOR_DISTANCES: &[u8] = table!("honor_distances.bin");
static SUIT_LOWERING: &[u8] = table!("suit_lowering.bin");
static HONOR_LOWERING: &[u8] = table!("honor_lowering.bin");
static SUIT_RAISING: &[u8] = table!("suit_raising.bin");
static HONOR_RAISING: &[u8] = table!("honor_raising.bin");
static SUIT_SPLIT_SLOTS: &[u8] = table!("suit_split_slots.bin");
static SUIT_SPLIT_LIST: &[u8] = table!("suit_split_list.bin");
static SUIT_SEGMENT_DISTANCES: &[u8] = table!("suit_segment_distances.bin");
static SUIT_SEGMENT_LOWERING: &[u8] = table!("suit_segment_lowering.bin");
static MELD_PATTERN_SLOTS: &[u8] = table!("meld_pattern_slots.bin");
static MELD_PATTERN_DISTANCES: &[u8] = table!("meld_pattern_distances.bin");
static SUIT_SINGLE_MELD_SAFE: &[u8] = table!("suit_single_meld_safe.bin");
static SUIT_SEGMENT_SAFE: &[u8] = table!("suit_segment_safe.bin");

/// Most concealed tiles beside a meld: the budget of the tables below.
pub const MELD_BUDGET: usize = 11;

/// Rows of the segment tables before those of `kinds` kinds.
const fn segment_start(kinds: usize) -> usize {
    let mut n = 0;
    let mut l = 0;
    while l < kinds {
        n += count_within(l, MELD_BUDGET);
        l += 1;
    }
    n
}

/// `SEGMENT_STARTS[kinds]`: where the segments of `kinds` kinds begin.
const SEGMENT_STARTS: [usize; 10] = {
    let mut t = [0; 10];
    let mut k = 0;
    while k < 10 {
        t[k] = segment_start(k);
        k += 1;
    }
    t
};

/// Row of a segment (a run of kinds of a numbered suit) of at most
/// [`MELD_BUDGET`] tiles, each kind at most 4, shorter than the suit.
#[inline]
fn segment_row(held: &[u8]) -> usize {
    if held.is_empty() {
        0
    } else {
        SEGMENT_STARTS[held.len()] + rank_within(held, MELD_BUDGET)
    }
}

/// Distances of a segment of a numbered suit with every cap at 4
/// (requirements of [`segment_row`]).
#[inline]
pub fn segment_distances(held: &[u8]) -> Lanes {
    lanes_at(SUIT_SEGMENT_DISTANCES, segment_row(held))
}

/// For a segment of a numbered suit (requirements of [`segment_row`]), over its
/// cap variants (bit i < 9: kind i capped at 1; bit 15: every kind at 3), those
/// under which the uncapped segment table gives its distances, and those under
/// which it gives its lowering kinds too (see `build.rs`).
#[inline]
pub fn segment_safety(held: &[u8]) -> (u16, u16) {
    let r = segment_row(held);
    let b = &SUIT_SEGMENT_SAFE[4 * r..4 * r + 4];
    (
        u16::from_le_bytes([b[0], b[1]]),
        u16::from_le_bytes([b[2], b[3]]),
    )
}

/// [`entry`] of a segment of a numbered suit with every cap at 4 (same
/// requirements).
#[inline]
pub fn segment_entry(held: &[u8]) -> (Lanes, [u16; 10]) {
    let r = segment_row(held);
    (
        lanes_at(SUIT_SEGMENT_DISTANCES, r),
        lowering_at(SUIT_SEGMENT_LOWERING, r),
    )
}

/// Slots of the hash table of cap patterns: (key, start) as two `u32`, key 0
/// for a free slot (every cap of a pattern is at least 1).
const PATTERN_SLOTS: usize = 4096;

/// The table of a numbered suit's cap pattern (no kind dead, 1-4 chi and pon:
/// caps as 3-bit fields, kind i at bit 3i): where its rows start, or `None` for
/// a pattern melds cannot leave. Open addressing from the key's hash, as
/// `build.rs` placed them.
#[inline]
pub fn meld_pattern(key: u32) -> Option<usize> {
    let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 20) as usize % PATTERN_SLOTS;
    loop {
        let s = &MELD_PATTERN_SLOTS[8 * slot..8 * slot + 8];
        let k = u32::from_le_bytes(s[..4].try_into().expect("4 bytes"));
        if k == key {
            return Some(u32::from_le_bytes(s[4..].try_into().expect("4 bytes")) as usize);
        }
        if k == 0 {
            return None;
        }
        slot = (slot + 1) % PATTERN_SLOTS;
    }
}

/// Distances of the suit of rank `rank` in the pattern table starting at
/// `start`, beside `melds` melds of the suit: up to `4 - melds` sets, the lanes
/// above unreachable.
#[inline]
pub fn meld_pattern_distances(start: usize, melds: usize, rank: usize) -> Lanes {
    let bytes = 5 - melds.min(4);
    let at = start + rank * bytes;
    // Eight bytes read at once (the table's last rows copied out), those past
    // the row set to 0xFF: both nibbles 15, unreachable.
    let word = if let Some(b) = MELD_PATTERN_DISTANCES.get(at..at + 8) {
        u64::from_le_bytes(b.try_into().expect("8 bytes"))
    } else {
        let mut b = [0u8; 8];
        b[..bytes].copy_from_slice(&MELD_PATTERN_DISTANCES[at..at + bytes]);
        u64::from_le_bytes(b)
    };
    let word = word | !0u64 << (8 * bytes);
    super::shanten::nibble_lanes(word)
}

/// The splits of a suit by its [`key`](super::suit_splits::key), in the order a
/// search number by number finds them: the first `n` of the 4 returned (`n` is 0
/// when the suit does not split; the empty suit has one empty split).
#[inline]
pub fn splits_of_suit(key: u64) -> ([u32; MOST_SPLITS], usize) {
    // Both buckets read whole, the match kept without a branch.
    let mut found = 0u64;
    for b in buckets(key) {
        let bucket = &SUIT_SPLIT_SLOTS[8 * BUCKET_SLOTS * b..8 * BUCKET_SLOTS * (b + 1)];
        for slot in bucket.chunks_exact(8) {
            let slot = u64::from_le_bytes(slot.try_into().expect("8 bytes"));
            found |= slot & 0u64.wrapping_sub(u64::from(slot & KEY_MASK == key));
        }
    }
    let (start, n) = slot_list(found);
    let bytes = &SUIT_SPLIT_LIST[4 * start..4 * (start + MOST_SPLITS)];
    let list = std::array::from_fn(|i| {
        u32::from_le_bytes(bytes[4 * i..4 * i + 4].try_into().expect("4 bytes"))
    });
    (list, n)
}

/// Distances of a group (9 kinds of a numbered suit, or 7 honors): each kind at
/// most 4 and at most 14 tiles, which the caller guarantees.
#[inline]
pub fn distances(held: &[u8]) -> Lanes {
    let (table, r) = located(held);
    lanes_at(table, r)
}

/// The distance table of the group and its rank there.
#[inline]
fn located(held: &[u8]) -> (&'static [u8], usize) {
    match held.len() {
        9 => (SUIT_DISTANCES, rank_suit(held.try_into().expect("9 kinds"))),
        _ => (
            HONOR_DISTANCES,
            rank_honor(held.try_into().expect("7 kinds")),
        ),
    }
}

/// Distances of the four groups of concealed counts (each kind at most 4, at most
/// 14 tiles): the closed-hand fast path, with fixed-size groups.
#[inline]
pub fn all_distances(counts: &Counts) -> [Lanes; 4] {
    let r = ranks(counts);
    [
        lanes_at(SUIT_DISTANCES, r[0]),
        lanes_at(SUIT_DISTANCES, r[1]),
        lanes_at(SUIT_DISTANCES, r[2]),
        lanes_at(HONOR_DISTANCES, r[3]),
    ]
}

/// For the suit of rank `rank`, over the single chi and pon of the suit (bit n:
/// a chi from kind n for n < 7, a pon of kind `n - 7`), the melds beside which
/// the closed table gives its distances, and those beside which it gives its
/// lowering kinds too (see `build.rs`).
#[inline]
pub fn single_meld_safety(rank: usize) -> (u16, u16) {
    let b = &SUIT_SINGLE_MELD_SAFE[4 * rank..4 * rank + 4];
    (
        u16::from_le_bytes([b[0], b[1]]),
        u16::from_le_bytes([b[2], b[3]]),
    )
}

/// [`all_distances`] with the ranks of the groups.
#[inline]
pub fn all_distances_ranked(counts: &Counts) -> ([Lanes; 4], [usize; 4]) {
    let r = ranks(counts);
    (
        [
            lanes_at(SUIT_DISTANCES, r[0]),
            lanes_at(SUIT_DISTANCES, r[1]),
            lanes_at(SUIT_DISTANCES, r[2]),
            lanes_at(HONOR_DISTANCES, r[3]),
        ],
        r,
    )
}

/// For group `g` (0-2 a numbered suit, 3 the honors) of rank `rank`, per kind
/// of the group the targets (bit j = lane j) whose distance its discard
/// raises; a discard raises a distance by one at most.
#[inline]
pub fn raising(g: usize, rank: usize) -> [u16; 9] {
    let table = if g < 3 { SUIT_RAISING } else { HONOR_RAISING };
    let bytes = &table[rank * 18..rank * 18 + 18];
    std::array::from_fn(|i| u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]))
}

/// Per target, the kinds whose drawing lowers the distance of a group (as
/// [`entry`], without its distances).
#[inline]
pub fn lowering(held: &[u8]) -> [u16; 10] {
    let (_, r) = located(held);
    lowering_at(lowering_table(held), r)
}

/// The lowering table of the group's size (a numbered suit's or the honors').
#[inline]
fn lowering_table(held: &[u8]) -> &'static [u8] {
    if held.len() == 9 {
        SUIT_LOWERING
    } else {
        HONOR_LOWERING
    }
}

/// Ranks of the four groups of counts, with fixed-size groups.
#[inline]
pub fn ranks(counts: &Counts) -> [usize; 4] {
    group_ranks(counts)
}

#[inline]
fn lowering_at(table: &[u8], r: usize) -> [u16; 10] {
    let bytes = &table[r * 20..r * 20 + 20];
    std::array::from_fn(|j| u16::from_le_bytes([bytes[2 * j], bytes[2 * j + 1]]))
}

#[inline]
fn lanes_at(table: &[u8], r: usize) -> Lanes {
    table[r * 16..r * 16 + 16].try_into().expect("16 lanes")
}

/// [`entry`] of the numbered suit of rank `rank`.
#[inline]
pub fn suit_entry(rank: usize) -> (Lanes, [u16; 10]) {
    (
        lanes_at(SUIT_DISTANCES, rank),
        lowering_at(SUIT_LOWERING, rank),
    )
}

/// [`entry`] of group `g` (0-2 a numbered suit, 3 the honors) of rank `rank`
/// (as [`ranks`] gives it).
#[inline]
pub fn group_entry(g: usize, rank: usize) -> (Lanes, [u16; 10]) {
    if g < 3 {
        suit_entry(rank)
    } else {
        (
            lanes_at(HONOR_DISTANCES, rank),
            lowering_at(HONOR_LOWERING, rank),
        )
    }
}

/// The group's distances and, per target, the kinds (bit i = the group's i-th
/// kind) whose drawing lowers it. Same requirements as [`distances`].
#[inline]
pub fn entry(held: &[u8]) -> (Lanes, [u16; 10]) {
    let (dist, r) = located(held);
    (lanes_at(dist, r), lowering_at(lowering_table(held), r))
}

#[cfg(test)]
mod tests {
    use super::super::rank::{group_count, rank};
    use super::*;

    #[test]
    fn tables_start_on_cache_lines() {
        for t in [
            SUIT_DISTANCES,
            HONOR_DISTANCES,
            SUIT_LOWERING,
            HONOR_LOWERING,
            SUIT_RAISING,
            HONOR_RAISING,
            SUIT_SPLIT_SLOTS,
            SUIT_SPLIT_LIST,
            SUIT_SEGMENT_DISTANCES,
            SUIT_SEGMENT_LOWERING,
            MELD_PATTERN_SLOTS,
            MELD_PATTERN_DISTANCES,
            SUIT_SINGLE_MELD_SAFE,
            SUIT_SEGMENT_SAFE,
        ] {
            assert_eq!(t.as_ptr() as usize % 64, 0, "a table off a cache line");
        }
    }

    #[test]
    fn suit_split_table_is_the_generated_one() {
        let (slots, list) = super::super::suit_splits::table_bytes();
        assert_eq!(SUIT_SPLIT_SLOTS, slots.as_slice());
        assert_eq!(SUIT_SPLIT_LIST, list.as_slice());
        // The empty suit and 11122233344455: one split, four.
        assert_eq!(splits_of_suit(0).1, 1);
        let key = super::super::suit_splits::key(&[3, 3, 3, 3, 2, 0, 0, 0, 0]).unwrap();
        assert_eq!(splits_of_suit(key).1, 4);
        let key = super::super::suit_splits::key(&[1, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert_eq!(splits_of_suit(key).1, 0);
        // Counts past any split have no key.
        assert_eq!(super::super::suit_splits::key(&[8; 9]), Some(0x8_8888_8888));
        assert_eq!(
            super::super::suit_splits::key(&[0, 9, 0, 0, 0, 0, 0, 0, 0]),
            None
        );
        assert_eq!(
            super::super::suit_splits::key(&[0, 0, 0, 0, 0, 0, 0, 0, 9]),
            None
        );
        assert_eq!(super::super::suit_splits::key(&[15; 9]), None);
        assert_eq!(
            super::super::suit_splits::key(&[200, 0, 0, 0, 0, 0, 0, 0, 0]),
            None
        );
    }

    #[test]
    fn table_sizes_match_ranks() {
        assert_eq!(SUIT_DISTANCES.len(), group_count(9) * 16);
        assert_eq!(HONOR_DISTANCES.len(), group_count(7) * 16);
        assert_eq!(SUIT_LOWERING.len(), group_count(9) * 20);
        assert_eq!(SUIT_SINGLE_MELD_SAFE.len(), group_count(9) * 4);
        assert_eq!(HONOR_LOWERING.len(), group_count(7) * 20);
        assert_eq!(SUIT_RAISING.len(), group_count(9) * 18);
        assert_eq!(HONOR_RAISING.len(), group_count(7) * 18);
        assert_eq!(SUIT_SEGMENT_DISTANCES.len(), SEGMENT_STARTS[9] * 16);
        assert_eq!(SUIT_SEGMENT_LOWERING.len(), SEGMENT_STARTS[9] * 20);
        assert_eq!(SUIT_SEGMENT_SAFE.len(), SEGMENT_STARTS[9] * 4);
        // A chi of 123, a pon of 1; no meld, or a dead kind: no pattern.
        assert!(meld_pattern(0o444_444_333).is_some());
        assert!(meld_pattern(0o444_444_441).is_some());
        assert!(meld_pattern(0o444_444_444).is_none());
        assert!(meld_pattern(0o444_444_440).is_none());
        assert_eq!(MELD_PATTERN_SLOTS.len(), 8 * PATTERN_SLOTS);
        let used = MELD_PATTERN_SLOTS
            .chunks_exact(8)
            .filter(|s| s[..4] != [0; 4])
            .count();
        assert_eq!(used, 16 + 106 + 388 + 866, "cap patterns of 1-4 melds");
        assert_eq!(rank(&[0; 9]), 0);
        assert_eq!(rank(&[4, 4, 4, 2, 0, 0, 0, 0, 0]), group_count(9) - 1);
    }

    /// Every group's raising masks say exactly which discards raise which
    /// distances, and by one: the distances of each group less one tile.
    #[test]
    fn raising_masks_match_the_distances_one_tile_less() {
        for (g, kinds) in [(0, 9), (3, 7)] {
            let mut held = vec![0u8; kinds];
            let mut checked = 0;
            loop {
                let (dist, r) = located(&held);
                let here = lanes_at(dist, r);
                let masks = raising(g, r);
                assert!(masks[kinds..].iter().all(|&m| m == 0), "{held:?}");
                for k in 0..kinds {
                    if held[k] == 0 {
                        assert_eq!(masks[k], 0, "{held:?}");
                        continue;
                    }
                    held[k] -= 1;
                    let less = distances(&held);
                    held[k] += 1;
                    for j in 0..10 {
                        let up = u8::from(masks[k] >> j & 1 == 1);
                        assert_eq!(less[j], here[j] + up, "{held:?} less kind {k}, lane {j}");
                    }
                    checked += 1;
                }
                // The next group of at most 14 tiles, counting in base 5.
                let mut i = 0;
                loop {
                    if i == kinds {
                        assert!(checked > 100_000 || kinds == 7, "{checked}");
                        break;
                    }
                    held[i] += 1;
                    if held[i] <= 4 && held.iter().map(|&c| usize::from(c)).sum::<usize>() <= 14 {
                        break;
                    }
                    held[i] = 0;
                    i += 1;
                }
                if i == kinds {
                    break;
                }
            }
        }
    }
}
