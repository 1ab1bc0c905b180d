//! Distances and lowering kinds of a group beside melds, from tables wherever the
//! caps the melds leave allow it. A meld holding `c` copies of a kind caps that
//! kind at `4 - c` in any target; the answers here equal the capped scan of
//! `distance::group_distances` exactly, for these reasons:
//!
//! - Honors form no runs, so an honor kind serves a target only as a pair (2
//!   copies) or a triplet (3). A pon or kan of an honor caps it at 1 or 0: no
//!   target can use it, and the copy that may still be held is useless. The
//!   distances are those of the honors with that kind emptied, read from the
//!   closed table itself (see [`live_honors`] for why emptying is exact), its
//!   lowering kinds without the emptied ones.
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
//!   caps) goes down the capped scan, which is exact by definition; each
//!   thread keeps its last scans, since such a hand asks again turn after turn.
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
use super::shanten::{combine, lanes, Lanes, GROUPS};
use super::table::{self, MELD_BUDGET};
use crate::tile::Counts;

/// Distances and, per target, the kinds (bit i = the group's i-th kind) whose
/// drawing lowers them.
pub type Entry = (Lanes, [u16; 10]);

/// Exact distances of group `g` (0-2 the numbered suits, 3 the honors) of
/// concealed `counts`, beside melds that hold `taken[k]` copies of kind k (some
/// of the group's): at most `4 - taken[k]` of kind k in a target. Read from the
/// counts themselves, with no caps written out first on the common paths.
#[inline(never)]
pub fn distances(counts: &Counts, taken: &Counts, g: usize) -> Lanes {
    if g == 3 {
        if let Some(live) = live_honors(counts, taken) {
            return table::distances(&live[..7]);
        }
    } else if let Some((start, melds)) = suit_pattern(counts, taken, g) {
        let r = rank_suit_beside(suit_of(counts, g), melds);
        return table::meld_pattern_distances(start, melds, r);
    }
    let (held, caps) = group_caps(counts, taken, g);
    analyse::<false>(held, &caps[..held.len()], g < 3).0
}

/// [`distances`] with the lowering kinds of each target.
#[inline(never)]
pub fn entry(counts: &Counts, taken: &Counts, g: usize) -> Entry {
    if g == 3 {
        if let Some(live) = live_honors(counts, taken) {
            // A kind melds hold is never drawn to any use.
            let (dist, low) = table::entry(&live[..7]);
            let dead = (0..7).fold(0u16, |m, i| m | u16::from(taken[27 + i] > 0) << i);
            return (dist, low.map(|m| m & !dead));
        }
    }
    let (held, caps) = group_caps(counts, taken, g);
    analyse::<true>(held, &caps[..held.len()], g < 3)
}

/// The honors with every kind that a pon or kan holds counted as absent, when
/// melds hold only such (3 or 4 copies of a kind). An honor forms no runs, so a
/// kind capped at 0 or 1 serves no target, and the copy that may still be held
/// is useless: the group's distances are those of the other honors. The
/// uncapped table of the group with those kinds emptied gives them exactly: a
/// pair or triplet it builds on an emptied kind costs all its tiles, and moves
/// at no cost to one of the other kinds that no set of the target uses (the
/// target of a hand beside `m` melds has at most `5 - m` sets and pair, and
/// at least `7 - m` honors are free of melds).
#[inline]
fn live_honors(counts: &Counts, taken: &Counts) -> Option<[u8; 8]> {
    let held = u64::from_le_bytes(counts[26..34].try_into().expect("8 counts")) >> 8;
    let mut keep = 0u64;
    for (i, &t) in taken[27..34].iter().enumerate() {
        match t {
            0 => keep |= 0xFF << (8 * i),
            3 | 4 => {}
            _ => return None,
        }
    }
    // Worked out in a register and written whole: the ranking reads it at once.
    Some((held & keep).to_le_bytes())
}

/// The 9 counts of numbered suit `g`.
#[inline]
fn suit_of(counts: &Counts, g: usize) -> &[u8; 9] {
    counts[9 * g..9 * g + 9].try_into().expect("9 kinds")
}

/// The table of suit `g`'s cap pattern and the number of melds of the suit, when
/// chi and pon of the suit (no kan) leave one that the tables hold, within the
/// tiles they allow.
#[inline]
fn suit_pattern(counts: &Counts, taken: &Counts, g: usize) -> Option<(usize, usize)> {
    let (held, taken) = (suit_of(counts, g), suit_of(taken, g));
    let mut key = 0u32;
    let mut copies = 0usize;
    let mut total = 0usize;
    let mut kan = false;
    for (i, (&h, &t)) in held.iter().zip(taken).enumerate() {
        key |= u32::from(4 - t.min(4)) << (3 * i);
        copies += t as usize;
        total += h as usize;
        kan |= t >= 4;
    }
    if kan || copies % 3 != 0 || total + copies > 14 {
        return None;
    }
    Some((table::meld_pattern(key)?, copies / 3))
}

/// Group `g`'s counts and its caps (4 minus the copies melds hold), written out.
fn group_caps<'a>(counts: &'a Counts, taken: &Counts, g: usize) -> (&'a [u8], [u8; 9]) {
    let (lo, hi) = GROUPS[g];
    let mut caps = [4u8; 9];
    for (cap, &t) in caps.iter_mut().zip(&taken[lo..hi]) {
        *cap = 4u8.saturating_sub(t);
    }
    (&counts[lo..hi], caps)
}

#[inline]
fn analyse<const LOW: bool>(held: &[u8], caps: &[u8], runs: bool) -> Entry {
    let total: usize = held.iter().map(|&c| c as usize).sum();
    if total > MELD_BUDGET {
        return scan::<LOW>(held, caps, runs);
    }
    match (runs, <&[u8; 9]>::try_from(held), <&[u8; 9]>::try_from(caps)) {
        (true, Ok(h), Ok(c)) => suit::<LOW>(h, c, total),
        _ => scan::<LOW>(held, caps, runs),
    }
}

/// Slots of each thread's cache of scans.
const SCAN_SLOTS: usize = 1024;

thread_local! {
    /// The scans this thread made last, by key ([`scan_key`]; 0 for a free
    /// slot), direct-mapped: the rare groups no table holds (a kan beside a chi
    /// or pon of its suit) recur from call to call while a hand is played, and a
    /// scan with its draws costs microseconds.
    static SCANS: std::cell::RefCell<Vec<(u64, Entry)>> =
        std::cell::RefCell::new(vec![(0, (identity(), [0; 10])); SCAN_SLOTS]);
}

/// The key of a group in the cache: counts and caps as 3-bit fields, the
/// length, `runs` and `LOW`, and a top bit so that no key is 0.
fn scan_key<const LOW: bool>(held: &[u8], caps: &[u8], runs: bool) -> u64 {
    let mut key = 1u64 << 63 | u64::from(runs) << 62 | u64::from(LOW) << 61;
    key |= (held.len() as u64) << 54;
    for (i, (&h, &c)) in held.iter().zip(caps).enumerate() {
        key |= u64::from(h & 7) << (3 * i) | u64::from(c & 7) << (27 + 3 * i);
    }
    key
}

/// [`scan_uncached`] through this thread's cache (the answer is the same; only
/// its cost differs).
pub fn scan<const LOW: bool>(held: &[u8], caps: &[u8], runs: bool) -> Entry {
    if held.len() > 9 || held.iter().zip(caps).any(|(&h, &c)| h > 7 || c > 7) {
        return scan_uncached::<LOW>(held, caps, runs);
    }
    let key = scan_key::<LOW>(held, caps, runs);
    let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize % SCAN_SLOTS;
    SCANS.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache[slot].0 == key {
            return cache[slot].1;
        }
        let entry = scan_uncached::<LOW>(held, caps, runs);
        cache[slot] = (key, entry);
        entry
    })
}

/// The capped scan, and each possible draw scanned again for the lowering kinds.
pub fn scan_uncached<const LOW: bool>(held: &[u8], caps: &[u8], runs: bool) -> Entry {
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
                    table::segment_entry(h)
                } else {
                    (table::segment_distances(h), [0; 10])
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
const fn identity() -> Lanes {
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
            let want = scan_uncached::<true>(h, c, runs);
            // The group placed in a hand: a suit or the honors, the melds'
            // copies where its caps say.
            let g = if runs { i % 3 } else { 3 };
            let (lo, _) = GROUPS[g];
            let (mut counts, mut taken) = ([0u8; 34], [0u8; 34]);
            for k in 0..n {
                counts[lo + k] = h[k];
                taken[lo + k] = 4 - c[k];
            }
            let got = entry(&counts, &taken, g);
            let total: usize = h.iter().map(|&x| x as usize).sum();
            // Up to `4 - made` sets: what a hand beside the melds can ask of the
            // group; lowering kinds where a tile can still be drawn (3n+1).
            let lanes = 2 * (5 - made.max(1));
            assert_eq!(got.0[..lanes], want.0[..lanes], "{h:?} caps {c:?}");
            let d = distances(&counts, &taken, g);
            assert_eq!(d[..lanes], want.0[..lanes], "{h:?} caps {c:?}");
            if total + 3 * made <= 13 {
                assert_eq!(got.1[..lanes], want.1[..lanes], "{h:?} caps {c:?}");
            }
        }
    }
}
