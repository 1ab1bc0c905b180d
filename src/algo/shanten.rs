//! Exact shanten of the three forms. The standard form combines the per-group
//! distances (table lookups, or the capped scan of `distance` when melds hold
//! copies of a group's kinds); chiitoitsu and kokushi have closed formulas.
//! Shanten is the number of tile exchanges to a complete hand minus one, counting
//! only tiles that still exist (a fifth copy is never drawn).

use super::distance::{dist_index, group_distances, Distances, UNREACHABLE};
use super::table;
use crate::tile::{Counts, KINDS};

/// The four groups of a count array: m, p, s (9 kinds each) and honors (7).
pub const GROUPS: [(usize, usize); 4] = [(0, 9), (9, 18), (18, 27), (27, 34)];

/// Kinds of the terminals and honors.
pub const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Min-plus product of two groups' distances.
#[inline]
pub fn combine(x: &Distances, y: &Distances) -> Distances {
    let mut out = [UNREACHABLE; 10];
    for m1 in 0..5 {
        for p1 in 0..2 {
            let a = x[dist_index(m1, p1)];
            if a == UNREACHABLE {
                continue;
            }
            for m2 in 0..5 - m1 {
                for p2 in 0..2 - p1 {
                    let b = y[dist_index(m2, p2)];
                    if b == UNREACHABLE {
                        continue;
                    }
                    let slot = &mut out[dist_index(m1 + m2, p1 + p2)];
                    *slot = (*slot).min(a + b);
                }
            }
        }
    }
    out
}

/// Distance of the combination of `x` and `y` to exactly `sets` sets and one pair.
#[inline]
pub fn combine_to(x: &Distances, y: &Distances, sets: usize) -> u8 {
    let mut best = UNREACHABLE;
    for m1 in 0..=sets {
        for p1 in 0..2 {
            let a = x[dist_index(m1, p1)];
            let b = y[dist_index(sets - m1, 1 - p1)];
            if a != UNREACHABLE && b != UNREACHABLE {
                best = best.min(a + b);
            }
        }
    }
    best
}

/// Distances of group `g` of `counts`; `meld_counts` lower the caps when given.
#[inline]
pub fn group(counts: &Counts, meld_counts: Option<&Counts>, g: usize) -> Distances {
    let (lo, hi) = GROUPS[g];
    let held = &counts[lo..hi];
    match meld_counts {
        Some(mc) if mc[lo..hi].iter().any(|&c| c > 0) => {
            let mut caps = [4u8; 9];
            for (cap, &c) in caps.iter_mut().zip(&mc[lo..hi]) {
                *cap = 4 - c;
            }
            group_distances(held, &caps[..hi - lo], g < 3)
        }
        _ => table::distances(held),
    }
}

/// The distances of all four groups.
#[inline]
pub fn groups(counts: &Counts, meld_counts: Option<&Counts>) -> [Distances; 4] {
    [0, 1, 2, 3].map(|g| group(counts, meld_counts, g))
}

/// Standard-form shanten of concealed `counts` that must make `sets` sets and a
/// pair, given the copies already in melds. Requires each kind at most 4 in all
/// and at most 14 concealed tiles.
#[inline]
pub fn standard(counts: &Counts, meld_counts: Option<&Counts>, sets: usize) -> i8 {
    let d = groups(counts, meld_counts);
    let two = combine(&combine(&d[0], &d[1]), &d[2]);
    combine_to(&two, &d[3], sets) as i8 - 1
}

/// Chiitoitsu shanten: seven distinct pairs (closed 13/14-tile hands only).
#[inline]
pub fn chiitoitsu(counts: &Counts) -> i8 {
    let mut pairs = 0i8;
    let mut kinds = 0i8;
    for &c in counts {
        pairs += i8::from(c >= 2);
        kinds += i8::from(c >= 1);
    }
    6 - pairs + (7 - kinds).max(0)
}

/// Kokushi shanten: the 13 terminals and honors plus a pair of one of them.
#[inline]
pub fn kokushi(counts: &Counts) -> i8 {
    let mut kinds = 0i8;
    let mut pair = false;
    for k in YAOCHUU {
        kinds += i8::from(counts[k] >= 1);
        pair |= counts[k] >= 2;
    }
    13 - kinds - i8::from(pair)
}

/// Shanten of each form; `None` where the form does not apply (melds, or fewer
/// than 13 concealed tiles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShantenByForm {
    pub standard: i8,
    pub chiitoitsu: Option<i8>,
    pub kokushi: Option<i8>,
}

impl ShantenByForm {
    pub fn min(&self) -> i8 {
        self.standard
            .min(self.chiitoitsu.unwrap_or(i8::MAX))
            .min(self.kokushi.unwrap_or(i8::MAX))
    }
}

/// Shanten by form of concealed counts with `melds` melds whose tiles are counted
/// in `meld_counts`.
pub fn by_form(counts: &Counts, meld_counts: Option<&Counts>, melds: usize) -> ShantenByForm {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    let closed_full = melds == 0 && n >= 13;
    ShantenByForm {
        standard: standard(counts, meld_counts, n / 3),
        chiitoitsu: closed_full.then(|| chiitoitsu(counts)),
        kokushi: closed_full.then(|| kokushi(counts)),
    }
}

/// Shanten (min over forms) of a closed hand given as counts, the fast path.
#[inline]
pub fn shanten(counts: &Counts) -> i8 {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    let s = standard(counts, None, n / 3);
    if n >= 13 {
        s.min(chiitoitsu(counts)).min(kokushi(counts))
    } else {
        s
    }
}

/// Check a count array for the fast paths: each kind 0-4, 3n+1 or 3n+2 tiles, at
/// most 14. Returns the tile count or a message.
pub fn check_counts(counts: &[u8]) -> Result<usize, String> {
    if counts.len() != KINDS {
        return Err(format!("expected 34 counts, got {}", counts.len()));
    }
    if let Some(k) = counts.iter().position(|&c| c > 4) {
        return Err(format!("count {} for kind {k} (0-4 allowed)", counts[k]));
    }
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    if n % 3 == 0 || n > 14 {
        return Err(format!("{n} tiles (3n+1 or 3n+2, at most 14)"));
    }
    Ok(n)
}
