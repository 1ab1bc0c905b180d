//! Exact shanten of the three forms. The standard form combines the per-group
//! distances (table lookups, or the capped scan of `distance` when melds hold
//! copies of a group's kinds); chiitoitsu and kokushi have closed formulas.
//! Shanten is the number of tile exchanges to a complete hand minus one, counting
//! only tiles that still exist (a fifth copy is never drawn).

use super::distance::{dist_index, group_distances, Distances, FAR};
use super::table;
use crate::tile::{Counts, KINDS};

/// The four groups of a count array: m, p, s (9 kinds each) and honors (7).
pub const GROUPS: [(usize, usize); 4] = [(0, 9), (9, 18), (18, 27), (27, 34)];

/// Kinds of the terminals and honors.
pub const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// A group's distances padded to 16 lanes, unreachable targets and the padding
/// at [`FAR`]: plain additions never overflow, so combining vectorizes.
pub type Lanes = [u8; 16];

/// Distances as lanes.
#[inline]
pub fn lanes(d: &Distances) -> Lanes {
    let mut l = [FAR; 16];
    for (l, &d) in l.iter_mut().zip(d) {
        *l = d.min(FAR);
    }
    l
}

/// Min-plus product of two groups' distances: for each target, the best split of
/// its sets and pair between the two.
#[inline]
pub fn combine(x: &Lanes, y: &Lanes) -> Lanes {
    let mut out = [FAR; 16];
    for m1 in 0..5 {
        let (a0, a1) = (x[2 * m1], x[2 * m1 + 1]);
        for m2 in 0..5 - m1 {
            let (b0, b1) = (y[2 * m2], y[2 * m2 + 1]);
            let o = 2 * (m1 + m2);
            out[o] = out[o].min(a0 + b0);
            out[o + 1] = out[o + 1].min(a0 + b1).min(a1 + b0);
        }
    }
    out
}

/// Distance of the combination of `x` and `y` to exactly `sets` sets and a pair:
/// lane `s` of `x` meets lane `2 sets + 1 - s` of `y`.
#[inline]
pub fn combine_to(x: &Lanes, y: &Lanes, sets: usize) -> u8 {
    let top = dist_index(sets, 1);
    (0..=top)
        .map(|s| x[s] + y[top - s])
        .min()
        .unwrap_or(FAR)
        .min(FAR)
}

/// Distances of group `g` of `counts`; `meld_counts` lower the caps when given.
#[inline]
pub fn group(counts: &Counts, meld_counts: Option<&Counts>, g: usize) -> Lanes {
    let (lo, hi) = GROUPS[g];
    let held = &counts[lo..hi];
    match meld_counts {
        Some(mc) if mc[lo..hi].iter().any(|&c| c > 0) => {
            let mut caps = [4u8; 9];
            for (cap, &c) in caps.iter_mut().zip(&mc[lo..hi]) {
                *cap = 4 - c;
            }
            lanes(&group_distances(held, &caps[..hi - lo], g < 3))
        }
        _ => table::distances(held),
    }
}

/// Standard-form shanten of concealed `counts` that must make `sets` sets and a
/// pair, given the copies already in melds. Requires each kind at most 4 in all
/// and at most 14 concealed tiles.
#[inline]
pub fn standard(counts: &Counts, meld_counts: Option<&Counts>, sets: usize) -> i8 {
    let d = [0, 1, 2, 3].map(|g| group(counts, meld_counts, g));
    let three = combine(&combine(&d[0], &d[1]), &d[2]);
    combine_to(&three, &d[3], sets) as i8 - 1
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

/// Whether each kind is a terminal or an honor.
pub const IS_YAOCHUU: [bool; KINDS] = {
    let mut t = [false; KINDS];
    let mut i = 0;
    while i < YAOCHUU.len() {
        t[YAOCHUU[i]] = true;
        i += 1;
    }
    t
};

/// Kokushi shanten: the 13 terminals and honors plus a pair of one of them.
#[inline]
pub fn kokushi(counts: &Counts) -> i8 {
    let mut kinds = 0i8;
    let mut pair = false;
    for (&c, &y) in counts.iter().zip(&IS_YAOCHUU) {
        kinds += i8::from(y && c >= 1);
        pair |= y && c >= 2;
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
