//! Distances and lowering kinds of a group beside melds, from tables wherever the
//! caps the melds leave allow it. A meld holding `c` copies of a kind caps that
//! kind at `4 - c` in any target; the answers here equal the capped scan of
//! `distance::group_distances` exactly, for these reasons:
//!
//! - Honors form no runs, so an honor kind serves a target only as a pair (2
//!   copies) or a triplet (3). A pon or kan of an honor caps it at 1 or 0: no
//!   target can use it, and the copy that may still be held is useless. The
//!   distances are those of the other honors alone, all of them uncapped: the
//!   uncapped table of that shorter group (`build.rs` writes one per length).
//! - A kind of a numbered suit capped at 0 (a kan) can be in no set, and no run
//!   passes through it: a target of the suit is a target of the kinds below it
//!   plus one of the kinds above it, so the suit's distances are the min-plus
//!   product of the two segments' distances, each from the uncapped table of
//!   its length (or, if melds also lower caps inside it, the capped scan).
//! - A suit beside 1-4 chi and pon of its own (no kan) has a table per cap
//!   pattern they leave (1,376 patterns, found in a hash table by their caps):
//!   the capped scan itself, tabulated for every suit of at most `14 - 3 melds`
//!   concealed tiles (what the melds leave) up to `4 - melds` sets (what the hand
//!   still needs; the lanes above read unreachable), two lanes a byte.
//! - Anything else (a kan and a chi or pon in one suit: a segment with lowered
//!   caps) goes down the capped scan, which is exact by definition.
//!
//! The lowering kinds of a joined suit are those of either segment for the
//! targets that some optimal split gives it: a draw lowers a distance by at
//! most 1, so it lowers the product exactly when it lowers a part on an optimal
//! split. The pattern tables, which hold no lowering masks, are read once more
//! per drawable kind, the ranks of all the draws computed in one pass.
//! A group of 11 concealed tiles (a 3n+2 hand) gets no lowering kinds from the
//! tables, as a closed group of 14 gets none: no tile can be drawn to it.

use super::distance::{group_distances, FAR};
use super::rank::{rank_suit_beside, rank_with_draws};
use super::shanten::{combine, lanes, Lanes};
use super::table::{self, MELD_BUDGET};

/// Distances and, per target, the kinds (bit i = the group's i-th kind) whose
/// drawing lowers them.
pub type Entry = (Lanes, [u16; 10]);

/// Exact distances of a group of `held` copies (7 honors, or 9 kinds of a
/// numbered suit with `runs`), at most `caps[i]` of kind i in a target, each
/// `held[i] <= caps[i]`.
#[inline]
pub fn distances(held: &[u8], caps: &[u8], runs: bool) -> Lanes {
    analyse::<false>(held, caps, runs).0
}

/// [`distances`] with the lowering kinds of each target.
#[inline]
pub fn entry(held: &[u8], caps: &[u8], runs: bool) -> Entry {
    analyse::<true>(held, caps, runs)
}

#[inline]
fn analyse<const LOW: bool>(held: &[u8], caps: &[u8], runs: bool) -> Entry {
    let total: usize = held.iter().map(|&c| c as usize).sum();
    if total > MELD_BUDGET {
        return scan::<LOW>(held, caps, runs);
    }
    match (runs, <&[u8; 9]>::try_from(held), <&[u8; 9]>::try_from(caps)) {
        (true, Ok(h), Ok(c)) => suit::<LOW>(h, c, total),
        (false, _, _) => honors::<LOW>(held, caps),
        _ => scan::<LOW>(held, caps, runs),
    }
}

/// The capped scan, and each possible draw scanned again for the lowering kinds.
pub fn scan<const LOW: bool>(held: &[u8], caps: &[u8], runs: bool) -> Entry {
    let n = held.len();
    let dist = group_distances(held, caps, runs);
    let mut lowering = [0u16; 10];
    if LOW {
        let mut more = [0u8; 9];
        more[..n].copy_from_slice(held);
        for i in 0..n {
            if more[i] >= caps[i] {
                continue;
            }
            more[i] += 1;
            let after = group_distances(&more[..n], caps, runs);
            more[i] -= 1;
            for j in 0..10 {
                if after[j] < dist[j] {
                    lowering[j] |= 1 << i;
                }
            }
        }
    }
    (lanes(&dist), lowering)
}

/// Honors: the live ones (cap 4) looked up as a shorter group; those capped at 0
/// or 1 take no part. Other caps cannot come from melds: scanned.
fn honors<const LOW: bool>(held: &[u8], caps: &[u8]) -> Entry {
    let mut live = [0u8; 7];
    let mut at = [0u8; 7];
    let mut n = 0;
    for (i, (&h, &c)) in held.iter().zip(caps).enumerate() {
        match c {
            4 if n < 7 => {
                live[n] = h;
                at[n] = i as u8;
                n += 1;
            }
            0 | 1 => {}
            _ => return scan::<LOW>(held, caps, false),
        }
    }
    if !LOW {
        return (table::segment_distances(&live[..n], false), [0; 10]);
    }
    let (dist, low) = table::segment_entry(&live[..n], false);
    (dist, low.map(|m| spread(m, &at[..n])))
}

/// Bit j of `mask` moved to bit `at[j]`.
#[inline]
fn spread(mut mask: u16, at: &[u8]) -> u16 {
    let mut out = 0;
    while mask != 0 {
        let j = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        out |= 1 << at[j];
    }
    out
}

/// A numbered suit of at most [`MELD_BUDGET`] tiles.
fn suit<const LOW: bool>(held: &[u8; 9], caps: &[u8; 9], total: usize) -> Entry {
    let mut dead = 0u16;
    for (i, &c) in caps.iter().enumerate() {
        dead |= u16::from(c == 0) << i;
    }
    if dead == 0 {
        return beside_melds::<LOW>(held, caps, total);
    }
    // The dead kinds cut the suit into segments, joined by min-plus.
    let mut acc: Entry = (identity(), [0; 10]);
    let mut start = 0;
    for i in 0..=9 {
        if i < 9 && dead >> i & 1 == 0 {
            continue;
        }
        if i > start {
            let (h, c) = (&held[start..i], &caps[start..i]);
            let part = if c.iter().all(|&c| c == 4) {
                if LOW {
                    table::segment_entry(h, true)
                } else {
                    (table::segment_distances(h, true), [0; 10])
                }
            } else {
                scan::<LOW>(h, c, true)
            };
            acc = join::<LOW>(&acc, &part, start);
        }
        start = i + 1;
    }
    acc
}

/// Distances of the empty group: no tiles for no sets and no pair.
fn identity() -> Lanes {
    let mut l = [FAR; 16];
    l[0] = 0;
    l
}

/// Min-plus product of two parts of a group, the second's kinds starting at
/// `shift`; with `LOW`, each target's lowering kinds over its optimal splits.
#[inline]
fn join<const LOW: bool>(x: &Entry, y: &Entry, shift: usize) -> Entry {
    let d = combine(&x.0, &y.0);
    let mut low = [0u16; 10];
    if LOW {
        for m1 in 0..5 {
            for p1 in 0..2 {
                let a = x.0[2 * m1 + p1];
                if a >= FAR {
                    continue;
                }
                for m2 in 0..5 - m1 {
                    for p2 in 0..2 - p1 {
                        let b = y.0[2 * m2 + p2];
                        let j = 2 * (m1 + m2) + p1 + p2;
                        if b < FAR && a + b == d[j] {
                            low[j] |= x.1[2 * m1 + p1] | y.1[2 * m2 + p2] << shift;
                        }
                    }
                }
            }
        }
    }
    (d, low)
}

/// A suit beside 1-4 chi and pon of its own and no kan: the table of its cap
/// pattern, read again for each draw.
fn beside_melds<const LOW: bool>(held: &[u8; 9], caps: &[u8; 9], total: usize) -> Entry {
    let copies: usize = caps.iter().map(|&c| 4 - c as usize).sum();
    let melds = copies / 3;
    let key = caps
        .iter()
        .enumerate()
        .fold(0u32, |k, (i, &c)| k | u32::from(c) << (3 * i));
    let budget = 14usize.saturating_sub(copies);
    let start = match table::meld_pattern(key) {
        Some(start) if copies % 3 == 0 && total <= budget => start,
        _ => return scan::<LOW>(held, caps, true),
    };
    if !LOW {
        let r = rank_suit_beside(held, melds);
        return (table::meld_pattern_distances(start, melds, r), [0; 10]);
    }
    let (r, draws) = rank_with_draws(held, budget);
    let d = table::meld_pattern_distances(start, melds, r);
    let mut low = [0u16; 10];
    if total < budget {
        for k in 0..9 {
            if held[k] >= caps[k] {
                continue;
            }
            let after = table::meld_pattern_distances(start, melds, draws[k]);
            for j in 0..10 {
                low[j] |= u16::from(after[j] < d[j]) << k;
            }
        }
    }
    (d, low)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Caps as melds leave them: `melds` random chi, pon and kan of the group,
    /// then concealed tiles within what is left.
    fn random_group(
        rng: &mut impl Rng,
        runs: bool,
        melds: usize,
        tiles: usize,
    ) -> ([u8; 9], [u8; 9], usize) {
        let n = if runs { 9 } else { 7 };
        let mut caps = [4u8; 9];
        let mut made = 0;
        let mut tries = 0;
        while made < melds && tries < 100 {
            tries += 1;
            let k = rng.gen_range(0..n);
            let run = runs && k + 2 < n && rng.gen_bool(0.5);
            if run {
                if caps[k..k + 3].iter().all(|&c| c > 0) {
                    caps[k..k + 3].iter_mut().for_each(|c| *c -= 1);
                    made += 1;
                }
            } else {
                let take = if rng.gen_bool(0.3) { 4 } else { 3 };
                if caps[k] >= take {
                    caps[k] -= take;
                    made += 1;
                }
            }
        }
        let mut held = [0u8; 9];
        for _ in 0..tiles {
            let k = rng.gen_range(0..n);
            if held[k] < caps[k] {
                held[k] += 1;
            }
        }
        (held, caps, made)
    }

    #[test]
    fn groups_beside_melds_equal_the_capped_scan() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(16);
        for i in 0..400_000 {
            let runs = i % 4 != 0;
            let melds = 1 + i % 4;
            let tiles = rng.gen_range(0..=14 - 3 * melds).min(MELD_BUDGET);
            let (held, caps, made) = random_group(&mut rng, runs, melds, tiles);
            let n = if runs { 9 } else { 7 };
            let (h, c) = (&held[..n], &caps[..n]);
            let want = scan::<true>(h, c, runs);
            let got = entry(h, c, runs);
            let total: usize = h.iter().map(|&x| x as usize).sum();
            // Up to `4 - made` sets: what a hand beside the melds can ask of the
            // group; lowering kinds where a tile can still be drawn (3n+1).
            let lanes = 2 * (5 - made.max(1));
            assert_eq!(got.0[..lanes], want.0[..lanes], "{h:?} caps {c:?}");
            let d = distances(h, c, runs);
            assert_eq!(d[..lanes], want.0[..lanes], "{h:?} caps {c:?}");
            if total + 3 * made <= 13 {
                assert_eq!(got.1[..lanes], want.1[..lanes], "{h:?} caps {c:?}");
            }
        }
    }
}
