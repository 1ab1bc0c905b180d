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
pub fn group_sizes(counts: &Counts) -> [u8; 4] {
    GROUPS.map(|(lo, hi)| counts[lo..hi].iter().sum())
}

/// [`is_complete`] given `sizes`, the [`group_sizes`] of `counts`, which a
/// caller that built the counts tile by tile knows without reading them back.
/// Most hands fail on the sizes alone, before any table.
pub fn is_complete_sized(counts: &Counts, sizes: [u8; 4], melds: usize) -> bool {
    let standard = standard_fits(sizes)
        && GROUPS.iter().zip(sizes).all(|(&(lo, hi), n)| {
            let n = usize::from(n);
            table::distances(&counts[lo..hi])[dist_index(n / 3, n % 3 / 2)] == 0
        });
    standard || (other_forms_fit(sizes, melds) && other_forms(counts))
}

/// Whether a hand whose groups hold `sizes` tiles, beside `melds` melds, may be
/// complete at all: most hands are not, which the sizes alone tell.
pub fn sizes_fit(sizes: [u8; 4], melds: usize) -> bool {
    standard_fits(sizes) || other_forms_fit(sizes, melds)
}

/// Sets and a pair: one group of 3n+2 tiles, the others 3n. The groups are
/// tallied by their size modulo 3, a nibble each: none 1, one 2.
fn standard_fits(sizes: [u8; 4]) -> bool {
    let tally = sizes.iter().fold(0u32, |t, &n| t + (1 << (4 * (n % 3))));
    tally & 0xFF0 == 0x100
}

/// Seven pairs needs 14 concealed tiles with an even count in every group;
/// kokushi two or three tiles in each suit and seven or eight honors.
fn other_forms_fit(sizes: [u8; 4], melds: usize) -> bool {
    let packed = u32::from_le_bytes(sizes);
    let pairs_fit = packed & 0x0101_0101 == 0;
    let orphans_fit = packed & 0x00FE_FEFE == 0x0002_0202 && (7..=8).contains(&sizes[3]);
    melds == 0 && sizes.iter().sum::<u8>() == 14 && (pairs_fit || orphans_fit)
}

/// Seven pairs or kokushi, of 14 concealed tiles.
fn other_forms(counts: &Counts) -> bool {
    let tally = shanten::Tally::of(counts);
    tally.chiitoitsu() == -1 || tally.kokushi() == -1
}
