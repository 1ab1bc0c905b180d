//! Tabulates, for every numbered-suit and honor group of at most 14 tiles in rank
//! order (`src/algo/rank.rs`), the exact distances of `src/algo/distance.rs`
//! (padded to 16 lanes) and, in a second table, for each target the kinds whose
//! drawing lowers that distance (10 little-endian `u16` masks); in a third, per
//! kind, the targets whose distance its discard raises (9 masks).
//!
//! For groups beside melds (ranked by `rank::rank_within`): the same two tables
//! for every shorter group of at most 11 tiles (the segments a dead kind leaves,
//! the live honors), and for every cap pattern 1-4 chi and pon of a numbered
//! suit leave with no kind dead, the distances of every suit of at most
//! `14 - 3 melds` tiles up to `4 - melds` sets; and for every suit, whether
//! beside each single chi or pon of the suit the closed table's answer holds.
//! See `src/algo/capped.rs`.

#[path = "src/algo/distance.rs"]
#[allow(dead_code)]
mod distance;
#[path = "src/algo/rank.rs"]
#[allow(dead_code)]
mod rank;
#[path = "src/algo/suit_splits.rs"]
#[allow(dead_code)]
mod suit_splits;

use distance::{Distances, Scan};
use std::io::Write;

fn distances(kinds: usize, runs: bool) -> Vec<Distances> {
    fn walk(i: usize, kinds: usize, runs: bool, budget: u8, scan: &Scan, out: &mut Vec<Distances>) {
        if i == kinds {
            out.push(scan.finish());
            return;
        }
        for held in 0..=budget.min(4) {
            let next = scan.step(held, 4, runs && i + 2 < kinds);
            walk(i + 1, kinds, runs, budget - held, &next, out);
        }
    }
    let mut out = Vec::with_capacity(rank::group_count(kinds));
    walk(
        0,
        kinds,
        runs,
        rank::MAX_TILES as u8,
        &Scan::start(),
        &mut out,
    );
    out
}

/// Every group of `kinds` kinds, in rank order.
fn groups(kinds: usize) -> Vec<Vec<u8>> {
    groups_within(kinds, rank::MAX_TILES)
}

/// The hash table of suit splits (`src/algo/suit_splits.rs`).
fn write_suit_splits(dir: &std::path::Path) {
    let (slots, list) = suit_splits::table_bytes();
    for (name, bytes) in [("suit_split_slots", slots), ("suit_split_list", list)] {
        std::fs::write(dir.join(format!("{name}.bin")), bytes).expect("write table file");
    }
}

/// Most concealed tiles beside a meld.
const MELD_BUDGET: usize = 11;

/// Distances of every group of `kinds` kinds of at most `budget` tiles, in
/// `rank_within` order, with the given caps.
fn capped_distances(kinds: usize, runs: bool, caps: &[u8], budget: usize) -> Vec<Distances> {
    #[allow(clippy::too_many_arguments)]
    fn walk(
        i: usize,
        kinds: usize,
        runs: bool,
        caps: &[u8],
        budget: u8,
        scan: &Scan,
        out: &mut Vec<Distances>,
    ) {
        if i == kinds {
            out.push(scan.finish());
            return;
        }
        for held in 0..=budget.min(4) {
            let next = scan.step(held, caps[i], runs && i + 2 < kinds);
            walk(i + 1, kinds, runs, caps, budget - held, &next, out);
        }
    }
    let mut out = Vec::with_capacity(rank::count_within(kinds, budget));
    walk(0, kinds, runs, caps, budget as u8, &Scan::start(), &mut out);
    out
}

/// Every group of `kinds` kinds of at most `budget` tiles, in rank order.
fn groups_within(kinds: usize, budget: usize) -> Vec<Vec<u8>> {
    fn walk(held: &mut Vec<u8>, kinds: usize, budget: u8, out: &mut Vec<Vec<u8>>) {
        if held.len() == kinds {
            out.push(held.clone());
            return;
        }
        for c in 0..=budget.min(4) {
            held.push(c);
            walk(held, kinds, budget - c, out);
            held.pop();
        }
    }
    let mut out = Vec::new();
    walk(&mut Vec::new(), kinds, budget as u8, &mut out);
    out
}

/// Distances padded to 16 lanes (unreachable at `FAR`).
fn push_lanes(out: &mut Vec<u8>, d: &[u8], lanes: usize) {
    out.extend(d.iter().map(|&x| x.min(distance::FAR)));
    out.extend(std::iter::repeat_n(distance::FAR, lanes - d.len()));
}

/// The uncapped tables of every group shorter than a whole one, at most
/// `MELD_BUDGET` tiles, lengths one after another from 0.
fn write_segments(dir: &std::path::Path, name: &str, longest: usize, runs: bool) {
    let (mut lanes, mut lowering) = (Vec::new(), Vec::new());
    for kinds in 0..=longest {
        let dist = capped_distances(kinds, runs, &[4; 9][..kinds], MELD_BUDGET);
        for (r, held) in groups_within(kinds, MELD_BUDGET).iter().enumerate() {
            if kinds > 0 {
                assert_eq!(rank::rank_within(held, MELD_BUDGET), r);
            }
            let total: usize = held.iter().map(|&c| c as usize).sum();
            let mut masks = [0u16; 10];
            for k in 0..kinds {
                if held[k] == 4 || total == MELD_BUDGET {
                    continue;
                }
                let mut more = held.clone();
                more[k] += 1;
                let after = &dist[rank::rank_within(&more, MELD_BUDGET)];
                for j in 0..10 {
                    if after[j] < dist[r][j] {
                        masks[j] |= 1 << k;
                    }
                }
            }
            push_lanes(&mut lanes, &dist[r], 16);
            for m in masks {
                lowering.extend_from_slice(&m.to_le_bytes());
            }
        }
    }
    for (suffix, bytes) in [("distances", &lanes), ("lowering", &lowering)] {
        std::fs::write(dir.join(format!("{name}_{suffix}.bin")), bytes).expect("write table");
    }
}

/// Caps a set of melds of one suit leaves, if none of them is 0, as 3-bit
/// fields (kind i at bit 3i): the key of the pattern's table.
pub fn caps_key(caps: &[u8; 9]) -> u32 {
    caps.iter()
        .enumerate()
        .fold(0, |k, (i, &c)| k | u32::from(c) << (3 * i))
}

/// Slots of the hash table of cap patterns (`src/algo/capped.rs` reads it).
const PATTERN_SLOTS: usize = 4096;

/// The slot a pattern key hashes to.
fn pattern_slot(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> 20) as usize % PATTERN_SLOTS
}

/// Every cap pattern that 1-4 chi and pon of one suit leave with no kind dead,
/// by key, with its number of melds.
fn meld_patterns() -> Vec<(u32, usize, [u8; 9])> {
    fn walk(
        from: usize,
        left: usize,
        caps: &mut [i8; 9],
        melds: usize,
        out: &mut Vec<(u32, usize, [u8; 9])>,
    ) {
        if melds > 0 && caps.iter().all(|&c| c >= 1) {
            let c = caps.map(|c| c as u8);
            out.push((caps_key(&c), melds, c));
        }
        if left == 0 {
            return;
        }
        // Meld types 0-6: a chi from that kind; 7-15: a pon of kind t - 7.
        for t in from..16 {
            let kinds: Vec<(usize, i8)> = if t < 7 {
                vec![(t, 1), (t + 1, 1), (t + 2, 1)]
            } else {
                vec![(t - 7, 3)]
            };
            for &(k, n) in &kinds {
                caps[k] -= n;
            }
            walk(t, left - 1, caps, melds + 1, out);
            for &(k, n) in &kinds {
                caps[k] += n;
            }
        }
    }
    let mut out = Vec::new();
    walk(0, 4, &mut [4; 9], 0, &mut out);
    out.sort_unstable();
    out.dedup_by_key(|p| p.0);
    out
}

/// The suit tables beside melds with no dead kind: for each cap pattern (sorted
/// by key), the distances of every suit of at most `14 - 3 melds` tiles up to
/// `4 - melds` sets, two lanes a byte (15 for unreachable).
fn write_meld_patterns(dir: &std::path::Path) {
    let mut slots = vec![0u8; 8 * PATTERN_SLOTS];
    let mut packed = Vec::new();
    for (key, melds, caps) in meld_patterns() {
        // Open addressing: the first free slot from the key's hash.
        let mut slot = pattern_slot(key);
        let mut probes = 0;
        while slots[8 * slot..8 * slot + 4] != [0; 4] {
            slot = (slot + 1) % PATTERN_SLOTS;
            probes += 1;
        }
        assert!(probes < 8, "pattern hash too crowded");
        slots[8 * slot..8 * slot + 4].copy_from_slice(&key.to_le_bytes());
        slots[8 * slot + 4..8 * slot + 8].copy_from_slice(&(packed.len() as u32).to_le_bytes());
        let lanes = 2 * (5 - melds);
        for d in capped_distances(9, true, &caps, 14 - 3 * melds) {
            for two in d[..lanes].chunks_exact(2) {
                packed.push(two[0].min(15) | two[1].min(15) << 4);
            }
        }
    }
    for (name, bytes) in [("slots", slots), ("distances", packed)] {
        std::fs::write(dir.join(format!("meld_pattern_{name}.bin")), bytes).expect("write table");
    }
}

/// The caps one meld of a suit leaves, by its number: 0-6 a chi from that kind,
/// 7-15 a pon of kind `n - 7` (what `src/algo/capped.rs` computes from the
/// counts the melds hold).
fn single_meld_caps(n: usize) -> [u8; 9] {
    let mut caps = [4u8; 9];
    if n < 7 {
        caps[n..n + 3].copy_from_slice(&[3, 3, 3]);
    } else {
        caps[n - 7] = 1;
    }
    caps
}

/// For every group of `kinds` kinds of a numbered suit of at most `MELD_BUDGET`
/// tiles, in `rank_within` order, two 16-bit sets over the cap variants given as
/// (bit, caps): the bit in the first when under those caps its distances up to
/// 3 sets and a pair (all a hand with a meld asks of it) equal the uncapped
/// ones, so that the uncapped table answers; in the second when that holds as
/// well after each draw the caps allow, so that the uncapped lowering kinds
/// answer too (less the kinds at their cap). Both are 0 for groups holding more
/// than the caps allow, the second for groups of `MELD_BUDGET` tiles.
fn safety_within(kinds: usize, variants: &[(usize, Vec<u8>)]) -> Vec<(u16, u16)> {
    const LANES: usize = 8;
    let rows = groups_within(kinds, MELD_BUDGET);
    let uncapped = capped_distances(kinds, true, &[4; 9][..kinds], MELD_BUDGET);
    let mut dist_safe = vec![0u16; rows.len()];
    for (b, caps) in variants {
        let capped = capped_distances(kinds, true, caps, MELD_BUDGET);
        for (r, held) in rows.iter().enumerate() {
            if held.iter().zip(caps).all(|(&h, &c)| h <= c)
                && capped[r][..LANES] == uncapped[r][..LANES]
            {
                dist_safe[r] |= 1 << b;
            }
        }
    }
    rows.iter()
        .enumerate()
        .map(|(r, held)| {
            let total: usize = held.iter().map(|&c| c as usize).sum();
            let mut entry_safe = 0u16;
            for (b, caps) in variants.iter().filter(|_| total < MELD_BUDGET) {
                let after = (0..kinds).filter(|&k| held[k] < caps[k]).all(|k| {
                    let mut more = held.clone();
                    more[k] += 1;
                    dist_safe[rank::rank_within(&more, MELD_BUDGET)] >> b & 1 == 1
                });
                if dist_safe[r] >> b & 1 == 1 && after {
                    entry_safe |= 1 << b;
                }
            }
            (dist_safe[r], entry_safe)
        })
        .collect()
}

/// For every suit in rank order, [`safety_within`] over the single melds of the
/// suit (`single_meld_caps`; bit n for meld n); 0 for suits of more than
/// `MELD_BUDGET` tiles.
fn write_single_meld_safety(dir: &std::path::Path) {
    let variants: Vec<(usize, Vec<u8>)> =
        (0..16).map(|n| (n, single_meld_caps(n).to_vec())).collect();
    let within = safety_within(9, &variants);
    let mut bytes = Vec::new();
    for held in groups(9) {
        let total: usize = held.iter().map(|&c| c as usize).sum();
        let (dist, entry) = if total <= MELD_BUDGET {
            within[rank::rank_within(&held, MELD_BUDGET)]
        } else {
            (0, 0)
        };
        bytes.extend_from_slice(&dist.to_le_bytes());
        bytes.extend_from_slice(&entry.to_le_bytes());
    }
    std::fs::write(dir.join("suit_single_meld_safe.bin"), bytes).expect("write table");
}

/// The cap variants of a segment of `kinds` kinds that `write_segment_safety`
/// marks: bit i < 9 one kind capped at 1 (a pon), bit 15 every kind at 3 (what
/// chi leave).
fn segment_caps(kinds: usize, bit: usize) -> Vec<u8> {
    if bit == 15 {
        return vec![3u8; kinds];
    }
    let mut caps = vec![4u8; kinds];
    caps[bit] = 1;
    caps
}

/// For every segment of a numbered suit (the rows of `suit_segment`, lengths
/// one after another), [`safety_within`] over its cap variants (`segment_caps`).
fn write_segment_safety(dir: &std::path::Path) {
    let mut bytes = Vec::new();
    for kinds in 0..=8usize {
        let variants: Vec<(usize, Vec<u8>)> = (0..kinds)
            .chain([15])
            .map(|b| (b, segment_caps(kinds, b)))
            .collect();
        for (dist, entry) in safety_within(kinds, &variants) {
            bytes.extend_from_slice(&dist.to_le_bytes());
            bytes.extend_from_slice(&entry.to_le_bytes());
        }
    }
    std::fs::write(dir.join("suit_segment_safe.bin"), bytes).expect("write table");
}

fn main() {
    println!("cargo:rerun-if-changed=src/algo/distance.rs");
    println!("cargo:rerun-if-changed=src/algo/rank.rs");
    println!("cargo:rerun-if-changed=src/algo/suit_splits.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let dir = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    write_suit_splits(&dir);
    write_segments(&dir, "suit_segment", 8, true);
    write_segment_safety(&dir);
    write_single_meld_safety(&dir);
    write_meld_patterns(&dir);
    for (name, kinds, runs) in [("suit", 9, true), ("honor", 7, false)] {
        let dist = distances(kinds, runs);
        let mut lanes = Vec::with_capacity(dist.len() * 16);
        let mut lowering = Vec::with_capacity(dist.len() * 20);
        let mut raising = Vec::with_capacity(dist.len() * 18);
        for (r, held) in groups(kinds).iter().enumerate() {
            assert_eq!(rank::rank(held), r);
            let mut masks = [0u16; 10];
            let total: u8 = held.iter().sum();
            for k in 0..kinds {
                if held[k] == 4 || total as usize == rank::MAX_TILES {
                    continue;
                }
                let mut more = held.clone();
                more[k] += 1;
                let after = &dist[rank::rank(&more)];
                for j in 0..10 {
                    if after[j] < dist[r][j] {
                        masks[j] |= 1 << k;
                    }
                }
            }
            // Per kind, the targets whose distance its discard raises, by one
            // at most: a completion of the group still serves it less one tile.
            let mut raised = [0u16; 9];
            for k in (0..kinds).filter(|&k| held[k] > 0) {
                let mut less = held.clone();
                less[k] -= 1;
                let after = &dist[rank::rank(&less)];
                for j in 0..10 {
                    assert!(
                        after[j] == dist[r][j] || after[j] == dist[r][j] + 1,
                        "a discard raises a distance by one at most"
                    );
                    if after[j] > dist[r][j] {
                        raised[k] |= 1 << j;
                    }
                }
            }
            lanes.extend_from_slice(&dist[r]);
            lanes.extend_from_slice(&[distance::FAR; 6]);
            for m in masks {
                lowering.extend_from_slice(&m.to_le_bytes());
            }
            for m in raised {
                raising.extend_from_slice(&m.to_le_bytes());
            }
        }
        for (suffix, bytes) in [
            ("distances", &lanes),
            ("lowering", &lowering),
            ("raising", &raising),
        ] {
            std::fs::File::create(dir.join(format!("{name}_{suffix}.bin")))
                .and_then(|mut f| f.write_all(bytes))
                .expect("write table file");
        }
    }
}
