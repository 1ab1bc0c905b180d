//! Tabulates, for every numbered-suit and honor group of at most 14 tiles in rank
//! order (`src/algo/rank.rs`), the exact distances of `src/algo/distance.rs`
//! (padded to 16 lanes) and, in a second table, for each target the kinds whose
//! drawing lowers that distance (10 little-endian `u16` masks).
//!
//! For groups beside melds (at most 11 concealed tiles, ranked by
//! `rank::rank_within`): the same two tables for every shorter group (the
//! segments a dead kind leaves, the live honors), and the distances (lanes 0-7,
//! up to 3 sets) of a numbered suit whose only lowered caps are those of one chi
//! (3 on three neighbouring kinds, one table per position) or of one pon (1 on
//! one kind, one table per kind). See `src/algo/capped.rs`.

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
    walk(&mut Vec::new(), kinds, rank::MAX_TILES as u8, &mut out);
    out
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

/// The suit tables beside one chi (7 positions) and one pon (9 kinds).
fn write_one_meld(dir: &std::path::Path) {
    for (name, positions, cap) in [("chi", 7, 3u8), ("pon", 9, 1u8)] {
        let mut out = Vec::new();
        for s in 0..positions {
            let mut caps = [4u8; 9];
            let width = if cap == 3 { 3 } else { 1 };
            caps[s..s + width].fill(cap);
            for d in capped_distances(9, true, &caps, MELD_BUDGET) {
                push_lanes(&mut out, &d[..8], 8);
            }
        }
        std::fs::write(dir.join(format!("{name}_distances.bin")), out).expect("write table");
    }
}

fn main() {
    println!("cargo:rerun-if-changed=src/algo/distance.rs");
    println!("cargo:rerun-if-changed=src/algo/rank.rs");
    println!("cargo:rerun-if-changed=src/algo/suit_splits.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let dir = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    write_suit_splits(&dir);
    write_segments(&dir, "suit_segment", 8, true);
    write_segments(&dir, "honor_segment", 7, false);
    write_one_meld(&dir);
    for (name, kinds, runs) in [("suit", 9, true), ("honor", 7, false)] {
        let dist = distances(kinds, runs);
        let mut lanes = Vec::with_capacity(dist.len() * 16);
        let mut lowering = Vec::with_capacity(dist.len() * 20);
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
            lanes.extend_from_slice(&dist[r]);
            lanes.extend_from_slice(&[distance::FAR; 6]);
            for m in masks {
                lowering.extend_from_slice(&m.to_le_bytes());
            }
        }
        for (suffix, bytes) in [("distances", &lanes), ("lowering", &lowering)] {
            std::fs::File::create(dir.join(format!("{name}_{suffix}.bin")))
                .and_then(|mut f| f.write_all(bytes))
                .expect("write table file");
        }
    }
}
