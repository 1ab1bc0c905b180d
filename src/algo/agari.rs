//! Whether a hand is complete (agari): each group's tabulated distance to the sets
//! and pair its tile count calls for is zero, or the hand is seven pairs or kokushi.

use super::distance::dist_index;
use super::shanten::{self, GROUPS};
use super::table;
use crate::tile::Counts;

/// Whether concealed counts (each 0-4) with `melds` melds form a complete hand;
/// any count of tiles but 3n+2 is not.
pub fn is_complete(counts: &Counts, melds: usize) -> bool {
    let mut pair_groups = 0;
    for &(lo, hi) in &GROUPS {
        let held = &counts[lo..hi];
        let n: usize = held.iter().map(|&c| c as usize).sum();
        let p = match n % 3 {
            0 => 0,
            2 => 1,
            _ => return complete_other_forms(counts, melds),
        };
        pair_groups += p;
        if pair_groups > 1 || table::distances(held)[dist_index(n / 3, p)] != 0 {
            return complete_other_forms(counts, melds);
        }
    }
    pair_groups == 1 || complete_other_forms(counts, melds)
}

fn complete_other_forms(counts: &Counts, melds: usize) -> bool {
    melds == 0
        && counts.iter().map(|&c| c as usize).sum::<usize>() == 14
        && (shanten::chiitoitsu(counts) == -1 || shanten::kokushi(counts) == -1)
}
