//! Every split of one numbered suit into runs, triplets and at most one pair, as
//! the table `build.rs` writes: a hash table from the suit's counts to the list of
//! its splits. Also compiled into `build.rs`, so it uses nothing from the crate.
//!
//! A split is at most 4 sets (a hand has no more) and a triplet of a number at
//! most once, so a number holds at most 8 tiles (pair, triplet and three runs).
//! The table holds every such split, of every count pattern it splits.

/// The suit's counts, 4 bits a number, the first lowest: `None` when a count is
/// over 8 (no split holds more: pair, triplet and three runs).
#[inline]
pub fn key(counts: &[u8; 9]) -> Option<u64> {
    let mut first = [0u8; 8];
    first.copy_from_slice(&counts[..8]);
    let mut x = u64::from_le_bytes(first);
    // A byte over 8: its high bit set, or set by adding 0x77 (no carry out).
    let over = (x | ((x & 0x7f7f_7f7f_7f7f_7f7f) + 0x7777_7777_7777_7777)) & 0x8080_8080_8080_8080;
    if over != 0 || counts[8] > 8 {
        return None;
    }
    // Bytes to nibbles: pairs of bytes, then of 16 and 32 bits.
    x = (x | x >> 4) & 0x00ff_00ff_00ff_00ff;
    x = (x | x >> 8) & 0x0000_ffff_0000_ffff;
    x = (x | x >> 16) & 0xffff_ffff;
    Some(x | u64::from(counts[8]) << 32)
}

/// Most splits of one suit (`11122233344455` has 4).
pub const MOST_SPLITS: usize = 4;

/// Buckets of the hash table (4 slots each, about half of them used). A key
/// lies in one of its two buckets ([`buckets`]), so a lookup reads 8 slots and
/// never probes further.
pub const BUCKETS: usize = 1 << 14;
pub const BUCKET_SLOTS: usize = 4;

/// The two buckets a key may lie in.
#[inline]
pub fn buckets(key: u64) -> [usize; 2] {
    [
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 50) as usize,
        (key.wrapping_mul(0xC2B2_AE3D_27D4_EB4F) >> 50) as usize,
    ]
}

/// A slot: the key in the low 36 bits, where its splits start in the list of
/// splits (16 bits), how many there are (4 bits). An unused slot is all ones
/// (no key is: [`key`] refuses counts over 8).
pub const KEY_BITS: u32 = 36;
pub const KEY_MASK: u64 = (1 << KEY_BITS) - 1;
pub const UNUSED: u64 = u64::MAX;

/// What a slot says: where the key's splits start, and how many there are.
#[inline]
pub fn slot_list(slot: u64) -> (usize, usize) {
    (
        (slot >> KEY_BITS & 0xffff) as usize,
        (slot >> (KEY_BITS + 16) & 15) as usize,
    )
}

/// A split as a `u32`: bits 0-8 the numbers with a triplet, 9-12 the pair's
/// number (`NO_PAIR` for none), 13-15 the number of runs, and from bit 16 the
/// runs' first numbers, 3 bits each, ascending.
pub const NO_PAIR: u32 = 15;

/// The split with no set and no pair (an empty suit).
pub const EMPTY: u32 = NO_PAIR << 9;

#[inline]
pub fn triplets(split: u32) -> u32 {
    split & 0x1ff
}

#[inline]
pub fn pair(split: u32) -> Option<u8> {
    let p = split >> 9 & 15;
    (p != NO_PAIR).then_some(p as u8)
}

#[inline]
pub fn run_count(split: u32) -> usize {
    (split >> 13 & 7) as usize
}

/// The first number of run `i` (below [`run_count`]).
#[inline]
pub fn run(split: u32, i: usize) -> u8 {
    (split >> (16 + 3 * i) & 7) as u8
}

/// Sets of a split: runs and triplets.
#[inline]
pub fn sets(split: u32) -> usize {
    run_count(split) + triplets(split).count_ones() as usize
}

/// The split of `runs` (first numbers, ascending), triplets (bit set) and pair.
#[cfg_attr(not(test), allow(dead_code))]
fn encode(runs: &[u8], triplets: u32, pair: Option<u8>) -> u32 {
    let mut s = triplets | u32::from(pair.unwrap_or(NO_PAIR as u8)) << 9;
    s |= (runs.len() as u32) << 13;
    for (i, &r) in runs.iter().enumerate() {
        s |= u32::from(r) << (16 + 3 * i);
    }
    s
}

/// The order splits are listed in: by the choice at each number from the lowest
/// (neither pair nor triplet, a triplet, the pair, both), the order a search
/// number by number finds them.
#[cfg_attr(not(test), allow(dead_code))]
fn search_order(split: u32) -> u32 {
    (0..9).fold(0, |o, j| {
        let choice = 2 * u32::from(pair(split) == Some(j)) + (triplets(split) >> j & 1);
        o << 2 | choice
    })
}

/// The table as `build.rs` writes it: the slots as little-endian `u64`, the
/// list of splits as little-endian `u32`.
#[cfg_attr(not(test), allow(dead_code))]
pub fn table_bytes() -> (Vec<u8>, Vec<u8>) {
    let (slots, list) = generate();
    (
        slots.iter().flat_map(|s| s.to_le_bytes()).collect(),
        list.iter().flat_map(|s| s.to_le_bytes()).collect(),
    )
}

/// The table: `BUCKETS * BUCKET_SLOTS` slots, and the list of splits they point
/// into (followed by `MOST_SPLITS` empty splits, so that reading that many from
/// any start stays inside).
#[cfg_attr(not(test), allow(dead_code))]
pub fn generate() -> (Vec<u64>, Vec<u32>) {
    // Every split: up to 4 sets (runs 0-6, then triplets 0-8 as 7-15, each set
    // type not before the last chosen), each pair.
    fn sets_from(from: u8, chosen: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        out.push(chosen.clone());
        if chosen.len() == 4 {
            return;
        }
        for t in from..16 {
            // A triplet of a number at most once.
            let next = if t >= 7 { t + 1 } else { t };
            chosen.push(t);
            sets_from(next, chosen, out);
            chosen.pop();
        }
    }
    let mut all_sets = Vec::new();
    sets_from(0, &mut Vec::new(), &mut all_sets);
    let mut splits: Vec<([u8; 9], u32)> = Vec::new();
    for chosen in &all_sets {
        let mut counts = [0u8; 9];
        let mut runs = Vec::new();
        let mut trips = 0u32;
        for &t in chosen {
            if t < 7 {
                runs.push(t);
                for c in &mut counts[t as usize..t as usize + 3] {
                    *c += 1;
                }
            } else {
                trips |= 1 << (t - 7);
                counts[t as usize - 7] += 3;
            }
        }
        for pair in std::iter::once(None).chain((0..9).map(Some)) {
            let mut c = counts;
            if let Some(p) = pair {
                c[p as usize] += 2;
            }
            // The empty suit too: its one split is `EMPTY`.
            splits.push((c, encode(&runs, trips, pair)));
        }
    }
    let key = |c: &[u8; 9]| key(c).expect("at most 8 of a number");
    splits.sort_by_key(|&(c, s)| (key(&c), search_order(s)));
    splits.dedup();
    let mut slots = vec![UNUSED; BUCKETS * BUCKET_SLOTS];
    let mut used = vec![0usize; BUCKETS];
    let mut list = Vec::with_capacity(splits.len() + MOST_SPLITS);
    for group in splits.chunk_by(|a, b| a.0 == b.0) {
        let k = key(&group[0].0);
        assert!(
            group.len() <= MOST_SPLITS,
            "{:?} splits more ways",
            group[0].0
        );
        let start = list.len() as u64;
        list.extend(group.iter().map(|&(_, s)| s));
        // The less used of its two buckets.
        let [a, b] = buckets(k);
        let bucket = if used[b] < used[a] { b } else { a };
        assert!(
            used[bucket] < BUCKET_SLOTS,
            "both buckets of {k:#x} are full"
        );
        slots[bucket * BUCKET_SLOTS + used[bucket]] =
            k | start << KEY_BITS | (group.len() as u64) << (KEY_BITS + 16);
        used[bucket] += 1;
    }
    assert!(list.len() < 1 << 16, "split list indices take 16 bits");
    list.extend([EMPTY; MOST_SPLITS]);
    (slots, list)
}
