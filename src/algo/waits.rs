//! Waits, ukeire and discard tables. Each group's table entry carries, per target,
//! the kinds whose drawing lowers its distance; combining the groups keeps the
//! union over every optimal split, which gives the kinds that lower the shanten
//! without trying each one.

use super::decompose::{decompose_counts, readings, Wait};
use super::distance::{dist_index, group_distances, Distances, UNREACHABLE};
use super::shanten::{self, GROUPS, YAOCHUU};
use super::table;
use crate::error::{MahjongError, Result};
use crate::hand::Hand;
use crate::tile::{Counts, Tile, KINDS};

/// Distances of a tile set and, per target, the kinds (bit = kind) that lower them.
#[derive(Clone, Copy, Debug)]
struct Reach {
    dist: Distances,
    lowering: [u64; 10],
}

fn group_reach(counts: &Counts, meld_counts: Option<&Counts>, g: usize) -> Reach {
    let (lo, hi) = GROUPS[g];
    let held = &counts[lo..hi];
    let capped = meld_counts.filter(|mc| mc[lo..hi].iter().any(|&c| c > 0));
    let Some(mc) = capped else {
        let e = table::entry(held);
        return Reach {
            dist: e.dist,
            lowering: e.lowering.map(|m| u64::from(m) << lo),
        };
    };
    // Melds hold copies of this group: scan with lowered caps, and try each draw.
    let mut caps = [4u8; 9];
    for (cap, &c) in caps.iter_mut().zip(&mc[lo..hi]) {
        *cap = 4 - c;
    }
    let runs = g < 3;
    let n = hi - lo;
    let dist = group_distances(held, &caps[..n], runs);
    let mut lowering = [0u64; 10];
    let mut more = [0u8; 9];
    more[..n].copy_from_slice(held);
    for i in 0..n {
        if more[i] >= caps[i] {
            continue;
        }
        more[i] += 1;
        let after = group_distances(&more[..n], &caps[..n], runs);
        more[i] -= 1;
        for j in 0..10 {
            if after[j] < dist[j] {
                lowering[j] |= 1 << (lo + i);
            }
        }
    }
    Reach { dist, lowering }
}

fn merge(x: &Reach, y: &Reach) -> Reach {
    let mut out = Reach {
        dist: [UNREACHABLE; 10],
        lowering: [0; 10],
    };
    for m1 in 0..5 {
        for p1 in 0..2 {
            let i = dist_index(m1, p1);
            if x.dist[i] == UNREACHABLE {
                continue;
            }
            for m2 in 0..5 - m1 {
                for p2 in 0..2 - p1 {
                    let j = dist_index(m2, p2);
                    if y.dist[j] == UNREACHABLE {
                        continue;
                    }
                    let d = x.dist[i] + y.dist[j];
                    let o = dist_index(m1 + m2, p1 + p2);
                    let mask = x.lowering[i] | y.lowering[j];
                    if d < out.dist[o] {
                        out.dist[o] = d;
                        out.lowering[o] = mask;
                    } else if d == out.dist[o] {
                        out.lowering[o] |= mask;
                    }
                }
            }
        }
    }
    out
}

fn finish(x: &Reach, y: &Reach, sets: usize) -> (u8, u64) {
    let mut best = (UNREACHABLE, 0u64);
    for m1 in 0..=sets {
        for p1 in 0..2 {
            let i = dist_index(m1, p1);
            let j = dist_index(sets - m1, 1 - p1);
            if x.dist[i] == UNREACHABLE || y.dist[j] == UNREACHABLE {
                continue;
            }
            let d = x.dist[i] + y.dist[j];
            let mask = x.lowering[i] | y.lowering[j];
            if d < best.0 {
                best = (d, mask);
            } else if d == best.0 {
                best.1 |= mask;
            }
        }
    }
    best
}

/// Shanten (min over forms) of concealed `counts` and the kinds whose drawing
/// lowers it; `melds` melds whose tiles are in `meld_counts`. Kinds already held
/// four times (melds included) are never in the mask.
pub fn shanten_and_lowering(
    counts: &Counts,
    meld_counts: Option<&Counts>,
    melds: usize,
) -> (i8, u64) {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    let r: [Reach; 4] = [0, 1, 2, 3].map(|g| group_reach(counts, meld_counts, g));
    let (d, mut mask) = finish(&merge(&merge(&r[0], &r[1]), &r[2]), &r[3], n / 3);
    let mut best = d as i8 - 1;
    if melds == 0 && n >= 13 {
        let mut forms = [(0i8, 0u64); 2];
        let (mut pairs, mut kinds) = (0i8, 0i8);
        let (mut singles, mut fresh) = (0u64, 0u64);
        for (k, &c) in counts.iter().enumerate() {
            pairs += i8::from(c >= 2);
            kinds += i8::from(c >= 1);
            match c {
                0 => fresh |= 1 << k,
                1 => singles |= 1 << k,
                _ => {}
            }
        }
        let chiitoi = 6 - pairs + (7 - kinds).max(0);
        forms[0] = (chiitoi, singles | if kinds < 7 { fresh } else { 0 });
        let mut ykinds = 0i8;
        let mut ypair = false;
        let mut ymissing = 0u64;
        let mut yall = 0u64;
        for k in YAOCHUU {
            ykinds += i8::from(counts[k] >= 1);
            ypair |= counts[k] >= 2;
            yall |= 1 << k;
            if counts[k] == 0 {
                ymissing |= 1 << k;
            }
        }
        let kokushi = 13 - ykinds - i8::from(ypair);
        forms[1] = (kokushi, if ypair { ymissing } else { yall });
        for (s, m) in forms {
            if s < best {
                best = s;
                mask = m;
            } else if s == best {
                mask |= m;
            }
        }
    }
    (best, mask)
}

/// Whether concealed counts (each 0-4) with `melds` melds form a complete hand.
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

/// A winning kind and the shapes it can be waited on with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitInfo {
    pub tile: Tile,
    pub shapes: Vec<Wait>,
}

/// Waits of a 3n+1 hand: the kinds that complete it, and separately the kinds that
/// would complete it but whose four copies the hand already holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waits {
    pub waits: Vec<WaitInfo>,
    pub impossible: Vec<WaitInfo>,
}

fn require(hand: &Hand, rem: usize, what: &str) -> Result<()> {
    let n = hand.concealed_len();
    if n % 3 == rem {
        Ok(())
    } else {
        let want = if rem == 1 { "13" } else { "14" };
        Err(MahjongError::InvalidInput(format!(
            "{what} needs a {want}-tile hand (3n+{rem} concealed tiles); {hand} has {n}"
        )))
    }
}

fn shapes_with(hand: &Hand, k: usize) -> Vec<Wait> {
    let mut c = *hand.counts();
    c[k] += 1;
    let mut shapes: Vec<Wait> = decompose_counts(&c, hand)
        .iter()
        .flat_map(|d| readings(d, k as u8))
        .map(|r| r.wait)
        .collect();
    shapes.sort_unstable();
    shapes.dedup();
    shapes
}

pub fn waits(hand: &Hand) -> Result<Waits> {
    require(hand, 1, "waits")?;
    let mc = hand.meld_counts();
    let all = hand.all_counts();
    let (s, mask) = shanten_and_lowering(hand.counts(), Some(&mc), hand.melds().len());
    let info = |k: usize| WaitInfo {
        tile: Tile::from_kind(k as u8).expect("kind"),
        shapes: shapes_with(hand, k),
    };
    let waits = if s == 0 {
        (0..KINDS)
            .filter(|&k| mask >> k & 1 == 1)
            .map(info)
            .collect()
    } else {
        Vec::new()
    };
    let impossible = (0..KINDS)
        .filter(|&k| all[k] == 4 && !shapes_with(hand, k).is_empty())
        .map(info)
        .collect();
    Ok(Waits { waits, impossible })
}

/// Bit mask of the kinds that complete concealed `counts` (3n+1, each 0-4, no
/// melds); kinds held four times are left out.
pub fn wait_mask(counts: &Counts) -> u64 {
    let (s, mask) = shanten_and_lowering(counts, None, 0);
    if s == 0 {
        mask
    } else {
        0
    }
}

/// Tiles that lower the shanten of a 3n+1 hand, with how many remain unseen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ukeire {
    pub shanten: i8,
    /// `(kind, live copies)` in kind order.
    pub tiles: Vec<(u8, u8)>,
    /// Sum of the live copies.
    pub live: u32,
}

/// Check that visible tiles and the hand hold no kind more than four times.
pub fn check_visible(hand: &Hand, visible: &Counts) -> Result<Counts> {
    let mut all = hand.all_counts();
    for k in 0..KINDS {
        all[k] += visible[k];
        if all[k] > 4 {
            let t = Tile::from_kind(k as u8).expect("kind");
            return Err(MahjongError::InvalidInput(format!(
                "{} copies of {t} between the hand and the visible tiles (there are 4)",
                all[k]
            )));
        }
    }
    Ok(all)
}

fn ukeire_of(counts: &Counts, mc: &Counts, melds: usize, seen: &Counts) -> Ukeire {
    let (shanten, mask) = shanten_and_lowering(counts, Some(mc), melds);
    let tiles: Vec<(u8, u8)> = (0..KINDS)
        .filter(|&k| mask >> k & 1 == 1)
        .map(|k| (k as u8, 4 - seen[k]))
        .collect();
    let live = tiles.iter().map(|&(_, n)| u32::from(n)).sum();
    Ukeire {
        shanten,
        tiles,
        live,
    }
}

/// Ukeire of a 3n+1 hand; `visible` counts tiles seen outside the hand.
pub fn ukeire(hand: &Hand, visible: &Counts) -> Result<Ukeire> {
    require(hand, 1, "ukeire")?;
    let seen = check_visible(hand, visible)?;
    Ok(ukeire_of(
        hand.counts(),
        &hand.meld_counts(),
        hand.melds().len(),
        &seen,
    ))
}

/// One discard of a 3n+2 hand and what it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscardOption {
    pub tile: Tile,
    pub ukeire: Ukeire,
}

/// Every distinct discard (a red five apart from plain fives) with the resulting
/// shanten and ukeire, best first: lowest shanten, most live tiles, most kinds,
/// then tile order.
pub fn discard_options(hand: &Hand, visible: &Counts) -> Result<Vec<DiscardOption>> {
    require(hand, 2, "discard_options")?;
    let seen = check_visible(hand, visible)?;
    let mc = hand.meld_counts();
    let melds = hand.melds().len();
    let mut tiles = hand.concealed_tiles();
    tiles.dedup();
    let mut counts = *hand.counts();
    let mut out = Vec::with_capacity(tiles.len());
    for t in tiles {
        let k = t.kind() as usize;
        counts[k] -= 1;
        // The discarded copy leaves the hand for the river: still seen, `seen` stays.
        out.push(DiscardOption {
            tile: t,
            ukeire: ukeire_of(&counts, &mc, melds, &seen),
        });
        counts[k] += 1;
    }
    out.sort_by_key(|o| {
        let u = &o.ukeire;
        (
            u.shanten,
            std::cmp::Reverse(u.live),
            std::cmp::Reverse(u.tiles.len()),
            o.tile,
        )
    });
    Ok(out)
}
