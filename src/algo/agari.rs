//! Whether a hand is complete (agari): each group's tabulated distance to the sets
//! and pair its tile count calls for is zero, or the hand is seven pairs or kokushi.

use super::distance::dist_index;
use super::shanten::{self, GROUPS};
use super::table;
use crate::tile::Counts;

/// Whether concealed counts (each 0-4) with `melds` melds form a complete hand;
/// any count of tiles but 3n+2 is not.
pub fn is_complete(counts: &Counts, melds: usize) -> bool {
    is_complete_sized(counts, group_sizes(counts), melds)
}

/// The tiles in each group of `counts`: man, pin, sou and honors.
pub fn group_sizes(counts: &Counts) -> [usize; 4] {
    GROUPS.map(|(lo, hi)| counts[lo..hi].iter().map(|&c| c as usize).sum())
}

/// [`is_complete`] given `sizes`, the [`group_sizes`] of `counts`, which a
/// caller that built the counts tile by tile knows without reading them back.
/// Most hands fail on the sizes alone, before any table.
pub fn is_complete_sized(counts: &Counts, sizes: [usize; 4], melds: usize) -> bool {
    let pair_groups = sizes.iter().filter(|&&n| n % 3 == 2).count();
    let standard = pair_groups == 1
        && sizes.iter().all(|&n| n % 3 != 1)
        && GROUPS.iter().zip(sizes).all(|(&(lo, hi), n)| {
            table::distances(&counts[lo..hi])[dist_index(n / 3, n % 3 / 2)] == 0
        });
    standard || (melds == 0 && sizes.iter().sum::<usize>() == 14 && other_forms(counts, sizes))
}

/// Seven pairs or kokushi, of 14 concealed tiles. Seven pairs needs an even
/// count in every group; kokushi two or three tiles in each suit and seven or
/// eight honors: the sizes rule most hands out before the counts are read.
fn other_forms(counts: &Counts, sizes: [usize; 4]) -> bool {
    let pairs_fit = sizes.iter().all(|&n| n % 2 == 0);
    let orphans_fit =
        sizes[..3].iter().all(|&n| (2..=3).contains(&n)) && (7..=8).contains(&sizes[3]);
    (pairs_fit || orphans_fit) && {
        let tally = shanten::Tally::of(counts);
        tally.chiitoitsu() == -1 || tally.kokushi() == -1
    }
}
