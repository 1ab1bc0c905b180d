//! Waits, ukeire and discard tables. Each group's table entry carries, per target,
//! the kinds whose drawing lowers its distance; combining the groups keeps the
//! union over every optimal split, which gives the kinds that lower the shanten
//! without trying each one.

use super::capped;
use super::decompose::{decompose_counts, readings, Wait};
use super::distance::{dist_index, FAR};
use super::rank::{rank_honor, rank_suit};
use super::shanten::{self, combine, combine_to, Lanes, Tally, GROUPS};
use super::table;
use super::TileSet;
use crate::error::{MahjongError, Result};
use crate::hand::Hand;
use crate::tile::{Counts, Tile, KINDS};

/// A group's distances and, per target, the kinds whose drawing lowers them (bit i
/// = the group's i-th kind, that is kind `GROUPS[g].0 + i` of group `g`).
#[derive(Clone, Copy, Debug)]
struct GroupEntry {
    dist: Lanes,
    lowering: [u16; 10],
}

impl GroupEntry {
    /// Written over before it is read.
    const EMPTY: GroupEntry = GroupEntry {
        dist: [FAR; 16],
        lowering: [0; 10],
    };
}

/// The entry of group `g`, the meld copies `mc` capping it if they hold any of
/// its kinds.
fn group_entry(counts: &Counts, mc: &Counts, g: usize) -> GroupEntry {
    let (lo, hi) = GROUPS[g];
    let rank = if g < 3 {
        rank_suit(counts[lo..hi].try_into().expect("9 kinds"))
    } else {
        rank_honor(counts[lo..hi].try_into().expect("7 kinds"))
    };
    let (dist, lowering) = table::group_entry(g, rank);
    let mut e = GroupEntry { dist, lowering };
    let melded = shanten::group_kinds(mc)[g];
    if melded != 0 {
        let held = shanten::group_kinds(counts)[g];
        beside_melds_in(&mut e, g, counts, mc, rank, held, melded, &mut None);
    }
    e
}

/// The entries of the four groups written to `r`: from the closed tables,
/// and for each group holding meld copies, under the caps they leave; the
/// ranks of the four groups as held written to `ranks`. (Returned, the
/// entries were copied through memory once more: a sixth of the time of the
/// waits of a hand beside three melds.)
#[inline]
fn write_group_entries(
    r: &mut [GroupEntry; 4],
    counts: &Counts,
    meld_counts: Option<&Counts>,
    ranks: &mut [usize; 4],
) {
    *ranks = table::ranks(counts);
    for (g, e) in r.iter_mut().enumerate() {
        (e.dist, e.lowering) = table::group_entry(g, ranks[g]);
    }
    if let Some(mc) = meld_counts {
        beside_melds(r, counts, mc, ranks);
    }
}

/// The closed entries `r` of concealed `counts` (groups of ranks `ranks`)
/// under the caps the melds' copies `mc` leave.
#[inline]
fn beside_melds(r: &mut [GroupEntry; 4], counts: &Counts, mc: &Counts, ranks: &[usize; 4]) {
    let melded = shanten::group_kinds(mc);
    if melded == [0; 4] {
        return;
    }
    let held = shanten::group_kinds(counts);
    let mut left = None;
    for (g, &kinds) in melded.iter().enumerate() {
        if kinds != 0 {
            beside_melds_in(
                &mut r[g], g, counts, mc, ranks[g], held[g], kinds, &mut left,
            );
        }
    }
}

/// The closed entry `e` of group `g` (of rank `rank`, holding the kinds
/// `held`) under the caps the melds' copies `mc` leave, which hold copies of
/// its kinds `melded`; `left`, the kinds of which the melds leave copies
/// ([`shanten::copies_left`]), worked out when first needed.
#[allow(clippy::too_many_arguments)]
#[inline]
fn beside_melds_in(
    e: &mut GroupEntry,
    g: usize,
    counts: &Counts,
    mc: &Counts,
    rank: usize,
    held: u16,
    melded: u16,
    left: &mut Option<[u64; 3]>,
) {
    if shanten::keeps_closed_distances(g, held, melded) {
        e.lowering = if g == 3 {
            // The honors as held: the melded kinds are never drawn to use.
            e.lowering.map(|m| m & !melded)
        } else {
            let left = left.get_or_insert_with(|| shanten::copies_left(Some(mc)));
            capped::empty_suit_lowering(left, g)
        };
        return;
    }
    let closed = (g < 3)
        .then(|| capped::closed_lowering(counts, mc, g, rank))
        .flatten();
    if let Some(live) = closed {
        e.lowering = e.lowering.map(|m| m & live);
    } else {
        (e.dist, e.lowering) = capped::entry(counts, mc, g);
    }
}

use super::shanten::bits;

/// For each group, the combined distances of the other three.
fn others_of(r: &[GroupEntry; 4]) -> [Lanes; 4] {
    shanten::others(&[r[0].dist, r[1].dist, r[2].dist, r[3].dist])
}

/// Standard-form distance to `sets` sets and a pair, and the kinds that lower it:
/// a group's lowering kinds count for each target that some optimal split gives it.
fn standard_lowering(r: &[GroupEntry; 4], others: &[Lanes; 4], sets: usize) -> (u8, u64) {
    let top = dist_index(sets.min(4), 1);
    let d = combine_to(&r[0].dist, &others[0], sets);
    let mask = (0..4).fold(0, |m, g| m | lowering_beside(g, &r[g], &others[g], top, d));
    (d, mask)
}

/// The kinds of group `g` (entry `reach`) that lower a hand's standard
/// distance `d` to the target of lane `top`, the other groups combined giving
/// `rest`: its lowering kinds of each target that some optimal split gives it.
#[inline]
fn lowering_beside(g: usize, reach: &GroupEntry, rest: &Lanes, top: usize, d: u8) -> u64 {
    if d >= FAR {
        return 0;
    }
    lowering_at(g, reach, shanten::optimal_lanes(&reach.dist, rest, top, d))
}

/// The kinds of group `g` (entry `e`) that lower its distance to any target of
/// `lanes` (bit s = lane s).
#[inline]
fn lowering_at(g: usize, e: &GroupEntry, lanes: u16) -> u64 {
    // The group's first kind, `GROUPS[g].0`, without reading the table.
    let first = 9 * g;
    bits(u64::from(lanes)).fold(0, |m, s| m | u64::from(e.lowering[s])) << first
}

/// The best of the standard result and, where they apply (closed hands of 13 or
/// 14 tiles, whose tally is given), chiitoitsu and kokushi.
fn best_form(std: (u8, u64), special: Option<Tally>) -> (i8, u64) {
    let (mut best, mut mask) = (std.0 as i8 - 1, std.1);
    if let Some(t) = special {
        for (s, m) in [
            (t.chiitoitsu(), t.chiitoitsu_lowering()),
            (t.kokushi(), t.kokushi_lowering()),
        ] {
            if s < best {
                (best, mask) = (s, m);
            } else if s == best {
                mask |= m;
            }
        }
    }
    (best, mask)
}

/// Shanten (min over forms) of concealed `counts` and the kinds whose drawing
/// lowers it; `melds` melds whose tiles are in `meld_counts`. Kinds already held
/// four times (melds included) are never in the mask.
pub fn shanten_and_lowering(
    counts: &Counts,
    meld_counts: Option<&Counts>,
    melds: usize,
) -> (i8, u64) {
    let mut r = [GroupEntry::EMPTY; 4];
    write_group_entries(&mut r, counts, meld_counts, &mut [0; 4]);
    lowering_of(counts, &r, melds)
}

/// Shanten (min over forms) and the kinds that lower it, from the groups'
/// entries `r` of concealed `counts` with `melds` melds.
fn lowering_of(counts: &Counts, r: &[GroupEntry; 4], melds: usize) -> (i8, u64) {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    let std = standard_lowering(r, &others_of(r), n / 3);
    best_form(std, (melds == 0 && n >= 13).then(|| Tally::of(counts)))
}

/// [`shanten_and_lowering`] with the tiles of `set`: kinds that do not exist are
/// capped at 0 copies and never in the mask. `counts` holds none of them.
pub fn shanten_and_lowering_in(
    counts: &Counts,
    meld_counts: Option<&Counts>,
    melds: usize,
    set: TileSet,
) -> (i8, u64) {
    if set == TileSet::Full {
        return shanten_and_lowering(counts, meld_counts, melds);
    }
    let mut r = [GroupEntry::EMPTY; 4];
    write_sanma_entries(&mut r, counts, meld_counts, &mut [0; 4]);
    let (s, mask) = lowering_of(counts, &r, melds);
    (s, mask & !set.absent_mask())
}

/// The characters' entry under the three-player tiles, where they are only 1m
/// and 9m, which never make runs: read from the honors' table as two honors,
/// as `shanten::shanten_in` does. A kind a pon or kan holds is emptied and
/// never lowers anything (see `capped`'s note on honors), the table's other
/// kinds (held nowhere, as 2m-8m are) leave the mask, since any other group
/// offers a kind that builds from nothing as well, and its first two kinds'
/// bits move to 1m and 9m.
fn sanma_characters(counts: &Counts, meld_counts: Option<&Counts>) -> GroupEntry {
    let held = |k: usize| meld_counts.is_some_and(|mc| mc[k] > 0);
    let dead = u16::from(held(0)) | u16::from(held(8)) << 1;
    let (dist, low) = table::entry(&shanten::sanma_characters(counts, meld_counts));
    GroupEntry {
        dist,
        lowering: low.map(|l| {
            let l = l & !dead;
            (l & 1) | (l >> 1 & 1) << 8
        }),
    }
}

/// The entries of the four groups of a three-player hand written to `r`: the
/// characters by [`sanma_characters`], the others beside their melds as four
/// players' (see [`write_group_entries`], which writes `ranks`, the
/// characters' as four players').
fn write_sanma_entries(
    r: &mut [GroupEntry; 4],
    counts: &Counts,
    meld_counts: Option<&Counts>,
    ranks: &mut [usize; 4],
) {
    let rest = meld_counts.map(shanten::beside_characters);
    write_group_entries(r, counts, rest.as_ref(), ranks);
    r[0] = sanma_characters(counts, meld_counts);
}

/// Every discard of one hand of 3n+2 concealed tiles, analysed together. A
/// discard changes one group, so the groups' entries and each group's
/// complement (the other three combined) are computed once, and each pair's
/// complement once if some discard's lowering kinds need it.
/// A discard from a closed group raises each of the group's distances by one
/// or not at all, as the group's raising masks say, so every such discard's
/// shanten follows from the hand's optimal splits with no table read; its
/// lowering kinds take one read (the group's less the discard) and three
/// combinations, shared by the discards that raise the same distances. A
/// group beside melds is worked out anew under its caps for each discard.
pub(crate) struct Discards {
    counts: Counts,
    /// The melds' copies as given, and as the groups' entries take them (for
    /// three players, beside the characters).
    meld_counts: Counts,
    capped: Counts,
    sanma: bool,
    /// The groups whose entries come from the closed tables (bit g): those no
    /// meld holds a kind of, the three-player characters aside.
    closed: u8,
    absent: u64,
    entries: [GroupEntry; 4],
    /// Groups 0 and 1 combined, and groups 2 and 3.
    pairs: [Lanes; 2],
    /// For each group, the other three combined.
    others: [Lanes; 4],
    /// Per group from the closed tables, per kind of the group, the targets
    /// whose distance its discard raises (bit j = lane j).
    raising: [[u16; 9]; 4],
    /// The standard distance of the hand to the target of its discards, and
    /// each group's optimal targets in the hand's splits. A discard from a
    /// closed group raises the distance (by one) when it raises all of its
    /// group's optimal targets: every optimal split needs it.
    standard: u8,
    optimal: [u16; 4],
    /// The tally of a closed 14-tile hand, for seven pairs and kokushi.
    tally: Option<Tally>,
    /// The least shanten of seven pairs and kokushi before any discard (`MAX`
    /// when they do not apply): a discard never lowers either, so a standard
    /// shanten below it needs neither worked out.
    special_floor: i8,
    /// Seven pairs and kokushi before any discard, and the kinds whose discard
    /// raises each by one (when they apply).
    special: Option<[(i8, u64); 2]>,
    sets: usize,
}

impl Discards {
    /// The discards of concealed `counts` (3n+2 tiles, the kinds of `set` only)
    /// beside `melds` melds holding `meld_counts`.
    pub(crate) fn new(
        counts: &Counts,
        meld_counts: &Counts,
        melds: usize,
        set: TileSet,
    ) -> Discards {
        let sanma = set == TileSet::Sanma;
        let capped = if sanma {
            shanten::beside_characters(meld_counts)
        } else {
            *meld_counts
        };
        let (mut ranks, mut entries) = ([0; 4], [GroupEntry::EMPTY; 4]);
        if sanma {
            write_sanma_entries(&mut entries, counts, Some(meld_counts), &mut ranks);
        } else {
            write_group_entries(&mut entries, counts, Some(&capped), &mut ranks);
        }
        let melded = shanten::group_kinds(&capped);
        let closed = (0..4)
            .filter(|&g| melded[g] == 0 && !(sanma && g == 0))
            .fold(0, |m, g| m | 1 << g);
        let d = entries.map(|e| e.dist);
        let pairs = shanten::pairs(&d);
        let others = shanten::others_beside(&d, &pairs);
        let (tally, n) = Tally::with_size(counts);
        let left = n - 1;
        let special = (melds == 0 && left >= 13).then_some(tally);
        let sets = left / 3;
        // A discard from a closed group raises each of its distances by one
        // or not at all, as the group's raising masks say: the hand's distance
        // rises by one exactly when the discard raises the group's distance in
        // every optimal split.
        let standard = combine_to(&d[0], &others[0], sets);
        let top = dist_index(sets.min(4), 1);
        let mut raising = [[0; 9]; 4];
        // (An empty group, of rank 0, has no discard.)
        for g in bits(u64::from(closed)).filter(|&g| ranks[g] != 0) {
            raising[g] = table::raising(g, ranks[g]);
        }
        let optimal =
            [0, 1, 2, 3].map(|g| shanten::optimal_lanes(&d[g], &others[g], top, standard));
        Discards {
            counts: *counts,
            meld_counts: *meld_counts,
            capped,
            sanma,
            closed,
            absent: set.absent_mask(),
            pairs,
            others,
            entries,
            raising,
            standard,
            optimal,
            tally: special,
            special_floor: special.map_or(i8::MAX, |t| t.chiitoitsu().min(t.kokushi())),
            special: special.map(|t| {
                let two = bits(t.twice).fold(0, |m, k| m | u64::from(counts[k] == 2) << k);
                let (chiitoitsu, kokushi) = t.raised_by_discard(two);
                [(t.chiitoitsu(), chiitoitsu), (t.kokushi(), kokushi)]
            }),
            sets,
        }
    }

    /// `rest[h]`, for each group `h` other than `g`: the two groups other
    /// than `g` and `h` combined (what a discard that changes group `g` leaves
    /// beside `g` and `h`). The pairs 0+1 and 2+3 are the hand's own; the four
    /// others are combined once for all groups, when first asked (`cross`).
    fn rest_of(&self, g: usize, cross: &mut [Option<Lanes>; 4]) -> [Lanes; 4] {
        let d = |h: usize| &self.entries[h].dist;
        let mut pair = |a: usize, b: usize| -> Lanes {
            match (a, b) {
                (0, 1) => self.pairs[0],
                (2, 3) => self.pairs[1],
                _ => *cross[2 * a + b - 2].get_or_insert_with(|| combine(d(a), d(b))),
            }
        };
        let mut rest = [[FAR; 16]; 4];
        for h in (0..4).filter(|&h| h != g) {
            let mut two = (0..4).filter(|&x| x != g && x != h);
            let (a, b) = (two.next().expect("a group"), two.next().expect("a group"));
            rest[h] = pair(a, b);
        }
        rest
    }

    /// The entry of kind `k`'s group once a `k` (held) is discarded, for a
    /// group beside melds (or the three-player characters): worked out anew
    /// under the caps. (A closed group's comes from its raising masks.)
    fn capped_without(&self, k: usize) -> GroupEntry {
        let g = shanten::group_of(k);
        let mut c = self.counts;
        c[k] -= 1;
        if self.sanma && g == 0 {
            sanma_characters(&c, Some(&self.meld_counts))
        } else {
            group_entry(&c, &self.capped, g)
        }
    }

    /// Seven pairs and kokushi once a `k` is discarded, for a closed hand
    /// whose standard shanten is then `standard`: `None` where they do not
    /// apply, or cannot reach it (a discard lowers neither).
    #[inline]
    fn special_without(&self, k: usize, standard: i8) -> Option<Tally> {
        if standard < self.special_floor {
            return None;
        }
        self.tally.map(|t| t.without(k, self.counts[k]))
    }

    /// The shanten of the hand before any discard: the least a discard leaves,
    /// but for a complete hand (-1), every discard of which leaves tenpai.
    pub(crate) fn hand_shanten(&self) -> i8 {
        (self.standard.min(FAR) as i8 - 1).min(self.special_floor)
    }

    /// The shanten once a `k` (held) is discarded.
    #[inline]
    pub(crate) fn shanten(&self, k: usize) -> i8 {
        let g = shanten::group_of(k);
        let d = if self.closed >> g & 1 == 1 {
            let optimal = self.optimal[g];
            let raised = self.raising[g][k - GROUPS[g].0] & optimal == optimal;
            (self.standard + u8::from(raised)).min(FAR)
        } else {
            self.capped_distance(k)
        };
        let special = self.special.map_or(i8::MAX, |forms| {
            forms
                .iter()
                .map(|&(s, raised)| s + (raised >> k & 1) as i8)
                .fold(i8::MAX, i8::min)
        });
        (d as i8 - 1).min(special)
    }

    /// The lowest shanten a discard of a kind of `kinds` (each held) leaves,
    /// and the kinds whose discard leaves it.
    pub(crate) fn lowest(&self, kinds: u64) -> (i8, u64) {
        let (mut lowest, mut at) = (i8::MAX, 0u64);
        for k in bits(kinds) {
            let s = self.shanten(k);
            if s < lowest {
                (lowest, at) = (s, 0);
            }
            if s == lowest {
                at |= 1 << k;
            }
        }
        (lowest, at)
    }

    /// The standard distance once a `k` is discarded from a group beside melds.
    #[inline(never)]
    fn capped_distance(&self, k: usize) -> u8 {
        combine_to(
            &self.capped_without(k).dist,
            &self.others[shanten::group_of(k)],
            self.sets,
        )
    }

    /// For each kind `k` of `kinds` (each held), in kind order, `f(k, shanten,
    /// lowering)`: the shanten once a `k` is discarded and the kinds that
    /// lower it. The discards of one closed group that raise the same
    /// distances leave the other groups the same optimal splits, so what
    /// those give is worked out once for all of them; each discard then adds
    /// its own group's lowering kinds.
    pub(crate) fn lowering_each(&self, kinds: u64, mut f: impl FnMut(usize, i8, u64)) {
        let top = dist_index(self.sets.min(4), 1);
        // Each group's optimal targets in the hand's splits, and the kinds of
        // the other groups that lower the distance there. A discard that
        // raises none of its group's optimal targets leaves every optimal
        // split optimal and makes no new one: those kinds are its own.
        let optimal = self.optimal;
        let mut lowers = None;
        // The pairs of groups beside 0+1 and 2+3, once, if some discard needs them.
        let mut cross = [None; 4];
        for (g, &(lo, hi)) in GROUPS.iter().enumerate() {
            // The other groups beside `g`, once, if some discard needs them.
            let mut rest = None;
            let here = kinds >> lo & ((1 << (hi - lo)) - 1);
            if here == 0 {
                continue;
            }
            if self.closed >> g & 1 == 0 {
                for k in bits(here).map(|i| lo + i) {
                    let rest = rest.get_or_insert_with(|| self.rest_of(g, &mut cross));
                    let (shanten, mask) = self.capped_lowering(k, rest);
                    f(k, shanten, mask);
                }
                continue;
            }
            // Per optimal target of the group, the other groups' lowering
            // kinds in the optimal splits that give the group that target:
            // each once, when a discard that raises some of the group's optimal
            // targets keeps it.
            let (mut by_target, mut by_target_done) = ([0u64; 10], 0u16);
            for i in bits(here) {
                let k = lo + i;
                let raised = self.raising[g][i];
                // The group's optimal targets the discard keeps: the optimal
                // splits that give the group one of them stay optimal, and
                // they are all the optimal splits once `k` is gone.
                let kept = optimal[g] & !raised;
                let mut held = [0u8; 9];
                held[..hi - lo].copy_from_slice(&self.counts[lo..hi]);
                held[i] -= 1;
                let lowering = table::lowering(&held[..hi - lo]);
                let (d, mask) = if kept == 0 {
                    // Every optimal split needs `k`: the distance rises, and the
                    // splits are worked out anew.
                    let rest = rest.get_or_insert_with(|| self.rest_of(g, &mut cross));
                    let (dist, d, beside) = self.beside_discard(g, raised, top, rest);
                    let own = GroupEntry { dist, lowering };
                    (
                        d,
                        beside | lowering_beside(g, &own, &self.others[g], top, d),
                    )
                } else if self.standard >= FAR {
                    (self.standard, 0)
                } else {
                    let beside = if kept == optimal[g] {
                        let lowers = lowers.get_or_insert_with(|| {
                            [0, 1, 2, 3].map(|h| {
                                lowering_beside(
                                    h,
                                    &self.entries[h],
                                    &self.others[h],
                                    top,
                                    self.standard,
                                )
                            })
                        });
                        (0..4).filter(|&h| h != g).fold(0, |m, h| m | lowers[h])
                    } else {
                        let rest = rest.get_or_insert_with(|| self.rest_of(g, &mut cross));
                        for u in bits(u64::from(kept & !by_target_done)) {
                            by_target[u] = self.beside_target(g, u, top, rest);
                        }
                        by_target_done |= kept;
                        bits(u64::from(kept)).fold(0, |m, u| m | by_target[u])
                    };
                    let own = bits(u64::from(kept)).fold(0, |m, u| m | u64::from(lowering[u]));
                    (self.standard, beside | own << lo)
                };
                let (shanten, mask) = best_form((d, mask), self.special_without(k, d as i8 - 1));
                f(k, shanten, mask & !self.absent);
            }
        }
    }

    /// For closed group `g` and one of its optimal targets `u`: the kinds of
    /// the other groups that lower the hand's distance in the optimal splits
    /// that give `g` target `u` (`rest`: for each other group, the two left
    /// combined). Such a split gives another group `h` target `s` where `h`'s
    /// distance there and the two left's at what remains sum to the hand's
    /// distance less `g`'s at `u`.
    fn beside_target(&self, g: usize, u: usize, top: usize, rest: &[Lanes; 4]) -> u64 {
        let (left, want) = (top - u, self.standard - self.entries[g].dist[u]);
        (0..4).filter(|&h| h != g).fold(0, |m, h| {
            let e = &self.entries[h];
            m | lowering_at(h, e, shanten::split_lanes(&e.dist, &rest[h], left, want))
        })
    }

    /// The distances of closed group `g`, those of the lanes in `raised` one
    /// more: the mask's bits spread to bytes and added to the 16 lanes at
    /// once (no lane carries, as each is at most [`FAR`]).
    fn raised_dist(&self, g: usize, raised: u16) -> Lanes {
        let spread = |b: u64| {
            let b = (b | b << 28) & 0x0000_000F_0000_000F;
            let b = (b | b << 14) & 0x0003_0003_0003_0003;
            (b | b << 7) & 0x0101_0101_0101_0101
        };
        let raised = u64::from(raised);
        let add = u128::from(spread(raised & 0xFF)) | u128::from(spread(raised >> 8)) << 64;
        (u128::from_le_bytes(self.entries[g].dist) + add).to_le_bytes()
    }

    /// For a discard from closed group `g` that raises the group's distances
    /// of the lanes in `raised`: the group's distances then, the hand's
    /// standard distance, and the kinds of the other groups that lower it.
    fn beside_discard(
        &self,
        g: usize,
        raised: u16,
        top: usize,
        rest: &[Lanes; 4],
    ) -> (Lanes, u8, u64) {
        let dist = self.raised_dist(g, raised);
        let d = combine_to(&dist, &self.others[g], self.sets);
        let beside = (0..4).filter(|&h| h != g).fold(0, |m, h| {
            let rest = combine(&dist, &rest[h]);
            m | lowering_beside(h, &self.entries[h], &rest, top, d)
        });
        (dist, d, beside)
    }

    /// The shanten once a `k` (held) is discarded from a group beside melds
    /// (or the three-player characters), and the kinds that lower it.
    fn capped_lowering(&self, k: usize, rest: &[Lanes; 4]) -> (i8, u64) {
        let g = shanten::group_of(k);
        let e = self.capped_without(k);
        let mut entries = self.entries;
        entries[g] = e;
        let mut others = self.others;
        for h in (0..4).filter(|&h| h != g) {
            others[h] = combine(&e.dist, &rest[h]);
        }
        let std = standard_lowering(&entries, &others, self.sets);
        let (shanten, mask) = best_form(std, self.special_without(k, std.0 as i8 - 1));
        (shanten, mask & !self.absent)
    }
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
    waits_in(hand, TileSet::Full)
}

/// [`waits`] with the tiles of `set` (a hand holding a kind the set lacks is
/// refused): the kinds it lacks are never waits.
pub fn waits_in(hand: &Hand, set: TileSet) -> Result<Waits> {
    require(hand, 1, "waits")?;
    set.check_hand(hand)?;
    let mc = hand.meld_counts();
    let all = hand.all_counts();
    let (s, mask) = shanten_and_lowering_in(hand.counts(), Some(&mc), hand.melds().len(), set);
    let info = |k: usize| WaitInfo {
        tile: Tile::from_kind(k as u8).expect("kind"),
        shapes: shapes_with(hand, k),
    };
    let waits = if s == 0 {
        bits(mask).map(info).collect()
    } else {
        Vec::new()
    };
    let impossible = (0..KINDS)
        .filter(|&k| all[k] == 4 && !set.is_absent(k as u8) && !shapes_with(hand, k).is_empty())
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
/// Held whole, with no allocation: the kinds as a bit set beside the unseen
/// copies of every kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ukeire {
    pub shanten: i8,
    /// The kinds that lower the shanten (bit k: kind k).
    pub kinds: u64,
    /// Unseen copies of each kind (4 less those in the hand, its melds and
    /// the visible tiles), the kinds of `kinds` among them.
    pub unseen: Counts,
    /// Sum of the live copies: the unseen copies of `kinds`.
    pub live: u32,
}

impl Ukeire {
    /// `(kind, live copies)` of each kind that lowers the shanten, in kind order.
    pub fn tiles(&self) -> impl ExactSizeIterator<Item = (u8, u8)> + '_ {
        bits(self.kinds).map(|k| (k as u8, self.unseen[k]))
    }
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

/// The unseen copies of each kind, given the copies `seen` (each at most 4).
fn unseen_of(seen: &Counts) -> Counts {
    seen.map(|n| 4 - n)
}

fn ukeire_from(shanten: i8, mask: u64, unseen: &Counts) -> Ukeire {
    let live = bits(mask).map(|k| u32::from(unseen[k])).sum();
    Ukeire {
        shanten,
        kinds: mask,
        unseen: *unseen,
        live,
    }
}

/// Ukeire of a 3n+1 hand; `visible` counts tiles seen outside the hand.
pub fn ukeire(hand: &Hand, visible: &Counts) -> Result<Ukeire> {
    ukeire_in(hand, visible, TileSet::Full)
}

/// [`ukeire`] with the tiles of `set`: the hand and `visible` hold none of the
/// kinds it lacks, and those are never counted.
pub fn ukeire_in(hand: &Hand, visible: &Counts, set: TileSet) -> Result<Ukeire> {
    require(hand, 1, "ukeire")?;
    set.check_hand(hand)?;
    set.check_counts(visible, &"visible")?;
    let seen = check_visible(hand, visible)?;
    let (shanten, mask) = shanten_and_lowering_in(
        hand.counts(),
        Some(&hand.meld_counts()),
        hand.melds().len(),
        set,
    );
    Ok(ukeire_from(shanten, mask, &unseen_of(&seen)))
}

/// One discard of a 3n+2 hand and what it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscardOption {
    pub tile: Tile,
    pub ukeire: Ukeire,
}

/// Every distinct discard (a red five apart from plain fives) with the resulting
/// shanten and ukeire, best first: lowest shanten, most live tiles, most kinds,
/// then tile order (see [`Discards`]).
pub fn discard_options(hand: &Hand, visible: &Counts) -> Result<Vec<DiscardOption>> {
    discard_options_in(hand, visible, TileSet::Full)
}

/// [`discard_options`] with the tiles of `set`, as [`ukeire_in`].
pub fn discard_options_in(
    hand: &Hand,
    visible: &Counts,
    set: TileSet,
) -> Result<Vec<DiscardOption>> {
    require(hand, 2, "discard_options")?;
    set.check_hand(hand)?;
    set.check_counts(visible, &"visible")?;
    // The discarded copy leaves the hand for the river: it stays seen.
    let unseen = unseen_of(&check_visible(hand, visible)?);
    let discards = Discards::new(hand.counts(), &hand.meld_counts(), hand.melds().len(), set);
    let mut of_kind = [(0i8, 0u64); KINDS];
    let held = Tally::of(hand.counts()).once;
    discards.lowering_each(held, |k, shanten, mask| of_kind[k] = (shanten, mask));
    // At most 14 concealed tiles, so at most 14 discards.
    let mut out = Vec::with_capacity(14);
    out.extend(hand.distinct_concealed().map(|t| {
        let (shanten, mask) = of_kind[t.kind() as usize];
        DiscardOption {
            tile: t,
            ukeire: ukeire_from(shanten, mask, &unseen),
        }
    }));
    // Lowest shanten, then most live tiles (at most 136), most kinds (at
    // most 34), tile order: one key, each part in its own bits.
    out.sort_unstable_by_key(|o| {
        let u = &o.ukeire;
        ((i32::from(u.shanten) + 1).max(0) as u32) << 24
            | (255 - u.live.min(255)) << 16
            | (63 - u.kinds.count_ones()) << 8
            | u32::from(o.tile.key())
    });
    Ok(out)
}
