//! Tabulates, for every numbered-suit and honor group of at most 14 tiles in rank
//! order (`src/algo/rank.rs`), the exact distances of `src/algo/distance.rs`
//! (padded to 16 lanes) and, in a second table, for each target the kinds whose
//! drawing lowers that distance (10 little-endian `u16` masks).

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

fn main() {
    println!("cargo:rerun-if-changed=src/algo/distance.rs");
    println!("cargo:rerun-if-changed=src/algo/rank.rs");
    println!("cargo:rerun-if-changed=src/algo/suit_splits.rs");
    println!("cargo:rerun-if-changed=build.rs");
    let dir = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    write_suit_splits(&dir);
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
