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
//! - A suit beside one chi or pon of its own is most often answered by the
//!   closed table itself: `build.rs` marks, for every suit and each of the 16
//!   single melds, whether the capped distances (up to 3 sets, all a hand with
//!   a meld asks) equal the closed ones, and whether they do after every draw
//!   the meld leaves possible (then the closed lowering kinds hold, less those
//!   of which no copy is left).
//! - A suit beside 1-4 chi and pon of its own (no kan) has a table per cap
//!   pattern they leave (1,376 patterns, found in a hash table by their caps):
//!   the capped scan itself, tabulated for every suit of at most `14 - 3 melds`
//!   concealed tiles (what the melds leave) up to `4 - melds` sets (what the hand
//!   still needs; the lanes above read unreachable), two lanes a byte.
//! - A kan's segment beside a pon (one kind at 1) or beside what chi leave
//!   (kinds at 3) is most often answered by the uncapped segment table:
//!   `build.rs` marks, per segment, under which of these caps its distances up
//!   to 3 sets are the uncapped ones, and whether they are after every draw.
//! - Anything else (a kan and a chi or pon in one suit that the marks do not
//!   cover) goes down the capped scan, which is exact by definition, asked for
//!   no more sets than the hand needs.
//!
//! The lowering kinds of a joined suit are those of either segment for the
//! targets that some optimal split gives it: a draw lowers a distance by at
//! most 1, so it lowers the product exactly when it lowers a part on an optimal
//! split. The pattern tables, which hold no lowering masks, are read once more
//! per drawable kind, the ranks of all the draws computed in one pass.
//! A group of 11 concealed tiles (a 3n+2 hand) gets no lowering kinds from the
//! tables, as a closed group of 14 gets none: no tile can be drawn to it.

use super::distance::{group_distances_within, Adding, Scan, FAR};
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
    analyse::<false>(held, &caps[..held.len()], g < 3, sets_of(counts)).0
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
    analyse::<true>(held, &caps[..held.len()], g < 3, sets_of(counts))
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
    const ONES: u64 = 0x0001_0101_0101_0101;
    let held = u64::from_le_bytes(counts[26..34].try_into().expect("8 counts")) >> 8;
    let melded = u64::from_le_bytes(taken[26..34].try_into().expect("8 counts")) >> 8;
    // Bytes of 1 or 2 copies (bits 0 and 1 differ): no pon or kan leaves them.
    if (melded ^ melded >> 1) & ONES != 0 {
        return None;
    }
    // 0x80 in each byte that melds hold none of (each byte is at most 4), spread
    // to the whole byte: the kinds kept.
    let free = !(melded + 0x7F7F_7F7F_7F7F_7F7F) & 0x0080_8080_8080_8080;
    let keep = (free >> 7) * 0xFF;
    // Worked out in registers and written whole: the ranking reads it at once.
    Some((held & keep).to_le_bytes())
}

/// The number `build.rs` gives the one chi or pon of suit `g` (a chi from kind n
/// is n, a pon of kind k is `7 + k`), when the copies melds hold of the suit are
/// those of one such meld.
#[inline]
fn single_meld(taken: &Counts, g: usize) -> Option<usize> {
    let mut bytes = [0u8; 16];
    bytes[..9].copy_from_slice(suit_of(taken, g));
    let v = u128::from_le_bytes(bytes);
    let first = (v.trailing_zeros() / 8) as usize;
    match v.checked_shr(8 * first as u32)? {
        3 => Some(7 + first),
        0x01_0101 => Some(first),
        _ => None,
    }
}

/// Whether the closed table's distances of suit `g` (of rank `rank`) hold beside
/// its melds: they are one chi or pon beside which `build.rs` found them equal
/// to the capped ones for every target a hand with a meld can ask for.
#[inline]
pub fn closed_distances_hold(taken: &Counts, g: usize, rank: usize) -> bool {
    single_meld(taken, g).is_some_and(|n| table::single_meld_safety(rank).0 >> n & 1 == 1)
}

/// The lowering kinds the closed table gives suit `g` (of rank `rank`), when
/// they hold beside its melds (as [`closed_distances_hold`], after every draw
/// too), less the kinds of which the melds and the hand leave no copy.
#[inline]
pub fn closed_lowering(counts: &Counts, taken: &Counts, g: usize, rank: usize) -> Option<u16> {
    let n = single_meld(taken, g)?;
    if table::single_meld_safety(rank).1 >> n & 1 == 0 {
        return None;
    }
    let (held, t) = (suit_of(counts, g), suit_of(taken, g));
    let gone = (0..9).fold(0u16, |m, k| m | u16::from(held[k] + t[k] >= 4) << k);
    Some(!gone)
}

/// The lowering kinds of numbered suit `g` holding no concealed tile beside
/// melds that leave `left` (the kinds of which at least one, two and three
/// copies are left, as `shanten::copies_left` gives them): its distances are
/// the closed `3s + 2p` (see `shanten::distances_beside`), and a drawn kind
/// lowers a target with a pair if a pair of it fits its cap, one with a set if
/// a triplet of it or a run through it does; the rest of the target fits in
/// the kinds the melds leave whole, as for the distances.
#[inline]
pub fn empty_suit_lowering(left: &[u64; 3], g: usize) -> [u16; 10] {
    let [alive, pair, triplet] = left.map(|m| (m >> (9 * g)) as u16 & 0x1FF);
    // Bit a: the run of kinds a, a+1, a+2 fits.
    let runs = alive & alive >> 1 & alive >> 2 & 0x7F;
    let set = triplet | runs | runs << 1 | runs << 2;
    std::array::from_fn(|lane| {
        let (sets, pairs) = (lane / 2, lane % 2);
        (if sets > 0 { set } else { 0 }) | (if pairs > 0 { pair } else { 0 })
    })
}

/// The sets the concealed `counts` must make (a pair besides): no group is
/// asked for more.
#[inline]
fn sets_of(counts: &Counts) -> usize {
    counts.iter().map(|&c| c as usize).sum::<usize>() / 3
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
fn analyse<const LOW: bool>(held: &[u8], caps: &[u8], runs: bool, sets: usize) -> Entry {
    let total: usize = held.iter().map(|&c| c as usize).sum();
    if total > MELD_BUDGET {
        return scan::<LOW>(held, caps, runs, sets);
    }
    match (runs, <&[u8; 9]>::try_from(held), <&[u8; 9]>::try_from(caps)) {
        (true, Ok(h), Ok(c)) => suit::<LOW>(h, c, total, sets),
        _ => scan::<LOW>(held, caps, runs, sets),
    }
}

/// The capped scan; with `LOW`, one that also keeps, per state, the kinds that
/// its cheapest ways add, which for each target are the kinds whose drawing
/// lowers it (see [`Adding`]).
pub fn scan<const LOW: bool>(held: &[u8], caps: &[u8], runs: bool, sets: usize) -> Entry {
    if !LOW {
        return (
            lanes(&group_distances_within(held, caps, runs, sets)),
            [0; 10],
        );
    }
    let n = held.len();
    // Two states stepped between in place: kind i is read from `s[i % 2]`.
    let mut s = [Scan::<Adding>::start(); 2];
    for i in 0..n {
        let [even, odd] = &mut s;
        let (from, to) = if i % 2 == 0 { (even, odd) } else { (odd, even) };
        from.step_into(to, i, held[i], caps[i], runs && i + 2 < n, sets);
    }
    let cells = s[n % 2].finish_cells();
    (lanes(&cells.map(|c| c.cost)), cells.map(|c| c.kinds))
}

/// A numbered suit of at most [`MELD_BUDGET`] tiles.
fn suit<const LOW: bool>(held: &[u8; 9], caps: &[u8; 9], total: usize, sets: usize) -> Entry {
    let mut dead = 0u16;
    for (i, &c) in caps.iter().enumerate() {
        dead |= u16::from(c == 0) << i;
    }
    if dead == 0 {
        return beside_melds::<LOW>(held, caps, total, sets);
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
            } else if let Some(live) = segment_table_holds::<LOW>(h, c) {
                let (d, low) = table::segment_entry(h);
                (d, low.map(|m| m & live))
            } else {
                scan::<LOW>(h, c, true, sets)
            };
            acc = join::<LOW>(&acc, &part, start);
        }
        start = i + 1;
    }
    acc
}

/// Whether the uncapped table of a segment answers under its caps (a kan's
/// segment beside a pon, or beside what chi leave): `build.rs` marks, per
/// segment, the caps of one kind at 1 and of every kind at 3 under which the
/// distances up to 3 sets (all a hand with melds asks) are the uncapped ones,
/// and (for `LOW`) after every draw as well. The kinds that can still be drawn
/// when it does.
fn segment_table_holds<const LOW: bool>(held: &[u8], caps: &[u8]) -> Option<u16> {
    let bit = if caps.iter().all(|&c| c >= 3) {
        15
    } else {
        let mut lowered = caps.iter().enumerate().filter(|&(_, &c)| c < 4);
        match (lowered.next(), lowered.next()) {
            (Some((i, 1)), None) => i,
            _ => return None,
        }
    };
    let (dist, entry) = table::segment_safety(held);
    let safe = if LOW { entry } else { dist };
    (safe >> bit & 1 == 1).then(|| {
        held.iter()
            .zip(caps)
            .enumerate()
            .fold(0u16, |m, (i, (&h, &c))| m | u16::from(h < c) << i)
    })
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
fn beside_melds<const LOW: bool>(
    held: &[u8; 9],
    caps: &[u8; 9],
    total: usize,
    sets: usize,
) -> Entry {
    let copies: usize = caps.iter().map(|&c| 4 - c as usize).sum();
    let melds = copies / 3;
    let key = caps
        .iter()
        .enumerate()
        .fold(0u32, |k, (i, &c)| k | u32::from(c) << (3 * i));
    let budget = 14usize.saturating_sub(copies);
    let start = match table::meld_pattern(key) {
        Some(start) if copies % 3 == 0 && total <= budget => start,
        _ => return scan::<LOW>(held, caps, true, sets),
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

    /// The lowering kinds by definition: each kind that can still be drawn,
    /// drawn, and the group scanned again.
    fn lowering_by_draws(held: &[u8], caps: &[u8], runs: bool, sets: usize) -> [u16; 10] {
        let dist = group_distances_within(held, caps, runs, sets);
        let mut lowering = [0u16; 10];
        for k in (0..held.len()).filter(|&k| held[k] < caps[k]) {
            let mut more = held.to_vec();
            more[k] += 1;
            let after = group_distances_within(&more, caps, runs, sets);
            for j in 0..10 {
                lowering[j] |= u16::from(after[j] < dist[j]) << k;
            }
        }
        lowering
    }

    /// The scan that keeps the kinds its cheapest ways add gives, for every
    /// target, the kinds whose drawing lowers it: groups of numbered suits and
    /// honors under random caps, for every bound on the sets.
    #[test]
    fn the_kinds_cheapest_ways_add_are_the_lowering_kinds() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(18);
        let mut lowered = 0;
        for i in 0..40_000 {
            let runs = i % 4 != 0;
            let melds = i % 5;
            let tiles = rng.gen_range(0..=14 - 3 * melds).min(MELD_BUDGET);
            let (held, caps, _) = random_group(&mut rng, runs, melds, tiles);
            let n = if runs { 9 } else { 7 };
            let sets = i % 5;
            // Segments too: the kinds below a random end.
            let end = if i % 3 == 0 { rng.gen_range(1..=n) } else { n };
            let (h, c) = (&held[..end], &caps[..end]);
            let (dist, low) = scan::<true>(h, c, runs, sets);
            let want = group_distances_within(h, c, runs, sets);
            assert_eq!(dist, lanes(&want), "{h:?} caps {c:?} sets {sets}");
            let by_draws = lowering_by_draws(h, c, runs, sets);
            assert_eq!(low, by_draws, "{h:?} caps {c:?} sets {sets}");
            lowered += usize::from(by_draws.iter().any(|&m| m != 0));
        }
        assert!(lowered > 30_000, "{lowered}");
    }

    /// A suit with no concealed tile beside 1-4 chi, pon and kan of its own:
    /// the closed distances of building from nothing and [`empty_suit_lowering`]
    /// equal the capped scan's for every target a hand beside those melds can
    /// ask (up to `4 - melds` sets and a pair).
    #[test]
    fn an_empty_suit_beside_melds_equals_the_capped_scan() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(17);
        let closed = scan::<true>(&[0; 9], &[4; 9], true, 4);
        let mut differ = 0;
        for i in 0..100_000 {
            let melds = 1 + i % 4;
            let (_, caps, made) = random_group(&mut rng, true, melds, 0);
            if made == 0 {
                continue;
            }
            let want = scan::<true>(&[0; 9], &caps, true, 4);
            let mut taken = [0u8; 34];
            let g = i % 3;
            for k in 0..9 {
                taken[9 * g + k] = 4 - caps[k];
            }
            let lanes = 2 * (5 - made);
            assert_eq!(closed.0[..lanes], want.0[..lanes], "caps {caps:?}");
            let got = empty_suit_lowering(&super::super::shanten::copies_left(Some(&taken)), g);
            assert_eq!(got[..lanes], want.1[..lanes], "caps {caps:?}");
            differ += usize::from(got[..lanes] != closed.1[..lanes]);
        }
        // Caps that change which draws lower: the closed masks would be wrong.
        assert!(differ > 1_000, "{differ}");
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
            let want = scan::<true>(h, c, runs, 4);
            // The group placed in a hand: a suit or the honors, the melds'
            // copies where its caps say, the hand's other tiles (13 or 14 in
            // all, melds counted as 3) in another group.
            let g = if runs { i % 3 } else { 3 };
            let (lo, _) = GROUPS[g];
            let (mut counts, mut taken) = ([0u8; 34], [0u8; 34]);
            for k in 0..n {
                counts[lo + k] = h[k];
                taken[lo + k] = 4 - c[k];
            }
            let total: usize = h.iter().map(|&x| x as usize).sum();
            let size: usize = if total + 3 * made <= 13 { 13 } else { 14 };
            let other = if runs { 27 } else { 0 };
            for f in 0..size.saturating_sub(total + 3 * made) {
                counts[other + f % 7] += 1;
            }
            let got = entry(&counts, &taken, g);
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
