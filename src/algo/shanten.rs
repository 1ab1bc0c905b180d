//! Exact shanten of the three forms. The standard form combines the per-group
//! distances (table lookups; when melds hold copies of a group's kinds, the
//! tables of groups beside melds in `capped`); chiitoitsu and kokushi have
//! closed formulas.
//! Shanten is the number of tile exchanges to a complete hand minus one, counting
//! only tiles that still exist (a fifth copy is never drawn).

use super::capped;
use super::distance::{dist_index, Distances, FAR};
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
/// its sets and pair between the two. Lane `2m + p` of `x` meets `y` moved up by
/// that many lanes; a pair from `x` meets only the pair-free lanes of `y`.
#[inline]
pub fn combine(x: &Lanes, y: &Lanes) -> Lanes {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::combine(x, y)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        combine_scalar(x, y)
    }
}

/// [`combine`] lane by lane, for targets without SSE2 (and to test it against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn combine_scalar(x: &Lanes, y: &Lanes) -> Lanes {
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

/// The SSE2 forms of [`combine`] (ten byte shifts, adds and mins; lanes shifted
/// in from below are set to [`FAR`]) and of [`Tally::of`] (byte compares and
/// movemasks). One of the crate's three `unsafe` places (the others rank the
/// four groups of a hand with SSE4.1, and read a Python list's items
/// borrowed): calling functions compiled for SSE2, which every `x86_64`
/// processor has, and loading and storing 16 lanes whole.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sse2 {
    use super::{Counts, Lanes, Tally, FAR};
    use crate::algo::distance::dist_index;
    use std::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cvtsi128_si64,
        _mm_loadu_si128, _mm_max_epu8, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128, _mm_sad_epu8,
        _mm_set1_epi8, _mm_set_epi64x, _mm_setzero_si128, _mm_shuffle_epi32, _mm_shufflehi_epi16,
        _mm_shufflelo_epi16, _mm_slli_epi16, _mm_slli_si128, _mm_srli_epi16, _mm_srli_si128,
        _mm_storeu_si128, _mm_unpackhi_epi64, _mm_unpacklo_epi8,
    };

    #[target_feature(enable = "sse2")]
    fn load(l: &Lanes) -> __m128i {
        // SAFETY: `l` is 16 readable bytes; the load allows any alignment.
        unsafe { _mm_loadu_si128(l.as_ptr().cast()) }
    }

    /// The lanes written with one 16-byte store: a later 16-byte load of them
    /// is forwarded from it (lanes written in parts stall such a load).
    #[target_feature(enable = "sse2")]
    fn store(v: __m128i) -> Lanes {
        let mut l = [0u8; 16];
        // SAFETY: `l` is 16 writable bytes; the store allows any alignment.
        unsafe { _mm_storeu_si128(l.as_mut_ptr().cast(), v) };
        l
    }

    /// Lanes of the 16 nibbles of `word`, low one first, 15 read as `FAR`
    /// (masks, a shift and an interleave, stored once).
    #[inline]
    pub fn nibble_lanes(word: u64) -> Lanes {
        // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is present.
        unsafe { nibble_lanes_sse2(word) }
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn nibble_lanes_sse2(word: u64) -> Lanes {
        let v = _mm_set_epi64x(0, word as i64);
        let low = _mm_set1_epi8(15);
        let lo = _mm_and_si128(v, low);
        let hi = _mm_and_si128(_mm_srli_epi16::<4>(v), low);
        let l = _mm_unpacklo_epi8(lo, hi);
        let far = _mm_and_si128(_mm_cmpeq_epi8(l, low), _mm_set1_epi8(FAR as i8));
        store(_mm_max_epu8(l, far))
    }

    /// `FAR` in the lanes that hold a pair, 0 elsewhere.
    const PAIR_LANES: Lanes = {
        let mut l = [0u8; 16];
        let mut m = 0;
        while m < 5 {
            l[dist_index(m, 1)] = FAR;
            m += 1;
        }
        l
    };

    /// `FAR` in lanes 10-15, past every target.
    const HIGH_LANES: Lanes = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, FAR, FAR, FAR, FAR, FAR, FAR];

    /// `LOW_FILL[s]`: `FAR` in the lowest `s` lanes, 0 above: what a shift by
    /// `s` must fill. A static, so that each is read whole from memory (built
    /// on the stack in parts, its load would wait for the parts).
    static LOW_FILL: [Lanes; 10] = {
        let mut t = [[0u8; 16]; 10];
        let mut s = 0;
        while s < 10 {
            let mut i = 0;
            while i < s {
                t[s][i] = FAR;
                i += 1;
            }
            s += 1;
        }
        t
    };

    macro_rules! meet {
        ($out:ident, $x:ident, $src:expr, $($s:literal)+) => {$(
            let moved = _mm_max_epu8(_mm_slli_si128::<$s>($src), load(&LOW_FILL[$s]));
            let sum = _mm_add_epi8(moved, _mm_set1_epi8($x[$s] as i8));
            $out = _mm_min_epu8($out, sum);
        )+};
    }

    #[inline]
    pub fn combine(x: &Lanes, y: &Lanes) -> Lanes {
        // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is present.
        unsafe { store(combine_sse2(x, load(y))) }
    }

    #[inline]
    pub fn four_to(d: &[Lanes; 4], sets: usize) -> u8 {
        // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is present.
        unsafe { four_to_sse2(d, sets) }
    }

    #[inline]
    pub fn others(d: &[Lanes; 4]) -> [Lanes; 4] {
        // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is present.
        unsafe { others_sse2(d) }
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn others_sse2(d: &[Lanes; 4]) -> [Lanes; 4] {
        let first = store(combine_sse2(&d[0], load(&d[1])));
        let last = combine_sse2(&d[2], load(&d[3]));
        [
            store(combine_sse2(&d[1], last)),
            store(combine_sse2(&d[0], last)),
            store(combine_sse2(&first, load(&d[3]))),
            store(combine_sse2(&first, load(&d[2]))),
        ]
    }

    #[inline]
    pub fn optimal_lanes(x: &Lanes, y: &Lanes, top: usize, d: u8) -> u16 {
        // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is present.
        unsafe { optimal_lanes_sse2(x, y, top, d) }
    }

    /// Lanes in reverse order: words reversed in each half, the halves swapped,
    /// then the two bytes of each word swapped.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn reversed(v: __m128i) -> __m128i {
        let words =
            _mm_shuffle_epi32::<0x4E>(_mm_shufflehi_epi16::<0x1B>(_mm_shufflelo_epi16::<0x1B>(v)));
        _mm_or_si128(_mm_slli_epi16::<8>(words), _mm_srli_epi16::<8>(words))
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn optimal_lanes_sse2(x: &Lanes, y: &Lanes, top: usize, d: u8) -> u16 {
        let sums = paired_sums(load(x), load(y), top);
        let hits = _mm_movemask_epi8(_mm_cmpeq_epi8(sums, _mm_set1_epi8(d as i8))) as u16;
        hits & ((2u32 << top) - 1) as u16
    }

    #[inline]
    pub fn split_lanes(x: &Lanes, y: &Lanes, top: usize, d: u8) -> u16 {
        // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is present.
        unsafe { split_lanes_sse2(x, y, top, d) }
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn split_lanes_sse2(x: &Lanes, y: &Lanes, top: usize, d: u8) -> u16 {
        let sums = paired_sums(load(x), load(y), top);
        let hits = _mm_movemask_epi8(_mm_cmpeq_epi8(sums, _mm_set1_epi8(d as i8))) as u16;
        hits & super::lanes_up_to(top)
    }

    /// Lane `s` holds `x[s] + y[top - s]` for `s` up to `top` (at most 9);
    /// the lanes above hold sums of no meaning.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn paired_sums(x: __m128i, y: __m128i, top: usize) -> __m128i {
        let r = reversed(y);
        let y_at = match top {
            0 => _mm_srli_si128::<15>(r),
            1 => _mm_srli_si128::<14>(r),
            2 => _mm_srli_si128::<13>(r),
            3 => _mm_srli_si128::<12>(r),
            4 => _mm_srli_si128::<11>(r),
            5 => _mm_srli_si128::<10>(r),
            6 => _mm_srli_si128::<9>(r),
            7 => _mm_srli_si128::<8>(r),
            8 => _mm_srli_si128::<7>(r),
            _ => _mm_srli_si128::<6>(r),
        };
        _mm_add_epi8(x, y_at)
    }

    /// The two pairs of groups combine side by side; of the pairs together only
    /// the one target is needed: the least of the paired sums up to it.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn four_to_sse2(d: &[Lanes; 4], sets: usize) -> u8 {
        match sets {
            0 => four_below::<1>(d),
            1 => four_below::<3>(d),
            2 => four_below::<5>(d),
            3 => four_below::<7>(d),
            _ => four_below::<9>(d),
        }
    }

    /// [`four_to_sse2`] for the target of lane `TOP`: only the lanes up to it
    /// are read, so the terms of the lanes above are left out.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn four_below<const TOP: usize>(d: &[Lanes; 4]) -> u8 {
        let first = combine_below::<TOP>(&d[0], load(&d[1]));
        let last = combine_below::<TOP>(&d[2], load(&d[3]));
        let sums = _mm_max_epu8(paired_sums(first, last, TOP), load(&ABOVE[TOP]));
        // Fold the 16 lanes down to the least.
        let m = _mm_min_epu8(sums, _mm_srli_si128::<8>(sums));
        let m = _mm_min_epu8(m, _mm_srli_si128::<4>(m));
        let m = _mm_min_epu8(m, _mm_srli_si128::<2>(m));
        let m = _mm_min_epu8(m, _mm_srli_si128::<1>(m));
        (_mm_cvtsi128_si64(m) as u8).min(FAR)
    }

    /// `ABOVE[top]`: 0xFF in the lanes past `top`, so that a minimum ignores them.
    static ABOVE: [Lanes; 10] = {
        let mut t = [[0u8; 16]; 10];
        let mut top = 0;
        while top < 10 {
            let mut i = top + 1;
            while i < 16 {
                t[top][i] = 0xFF;
                i += 1;
            }
            top += 1;
        }
        t
    };

    #[inline]
    pub fn tally(counts: &Counts) -> (Tally, usize) {
        // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is present.
        unsafe { tally_sse2(counts) }
    }

    /// The kinds held once and twice (byte compares, movemasks) and the number
    /// of tiles (sums of absolute differences), from three loads of the counts.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn tally_sse2(counts: &Counts) -> (Tally, usize) {
        let parts = count_parts(counts);
        let (mut once, mut twice, mut n) = (0u64, 0u64, 0usize);
        for (i, v) in parts.into_iter().enumerate() {
            let ge1 = _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(0))) as u16;
            let ge2 = _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(1))) as u16;
            once |= u64::from(ge1) << (16 * i);
            twice |= u64::from(ge2) << (16 * i);
            let sums = _mm_sad_epu8(v, _mm_setzero_si128());
            n += (_mm_cvtsi128_si64(sums) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(sums, sums)))
                as usize;
        }
        (Tally { once, twice }, n)
    }

    /// The 34 counts as three vectors: kinds 0-15, 16-31 and 32-33 (the
    /// bytes above them zero), lane i of part p holding kind 16p + i.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn count_parts(counts: &Counts) -> [__m128i; 3] {
        let tail = u64::from(u16::from_le_bytes([counts[32], counts[33]]));
        [
            load(counts[..16].try_into().expect("16 counts")),
            load(counts[16..32].try_into().expect("16 counts")),
            _mm_set_epi64x(0, tail as i64),
        ]
    }

    #[inline]
    pub fn levels(counts: &Counts) -> [u64; 4] {
        // SAFETY: SSE2 is part of the x86_64 baseline, so the feature is present.
        unsafe { levels_sse2(counts) }
    }

    /// The kinds held at least once to four times: byte compares and
    /// movemasks of the counts' three parts.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn levels_sse2(counts: &Counts) -> [u64; 4] {
        let parts = count_parts(counts);
        let mut out = [0u64; 4];
        for (i, v) in parts.into_iter().enumerate() {
            let at_least =
                |n: i8| _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(n - 1))) as u16;
            for (n, o) in out.iter_mut().enumerate() {
                *o |= u64::from(at_least(n as i8 + 1)) << (16 * i);
            }
        }
        out
    }

    /// [`combine_sse2`] exact in lanes up to `TOP` alone (those above hold
    /// sums of no meaning): the terms that reach only higher lanes left out.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn combine_below<const TOP: usize>(x: &Lanes, y: __m128i) -> __m128i {
        let pair_free = _mm_max_epu8(y, load(&PAIR_LANES));
        let mut out = _mm_add_epi8(y, _mm_set1_epi8(x[0] as i8));
        meet!(out, x, pair_free, 1);
        if TOP >= 3 {
            meet!(out, x, y, 2);
            meet!(out, x, pair_free, 3);
        }
        if TOP >= 5 {
            meet!(out, x, y, 4);
            meet!(out, x, pair_free, 5);
        }
        if TOP >= 7 {
            meet!(out, x, y, 6);
            meet!(out, x, pair_free, 7);
        }
        if TOP >= 9 {
            meet!(out, x, y, 8);
            meet!(out, x, pair_free, 9);
        }
        _mm_min_epu8(out, _mm_set1_epi8(FAR as i8))
    }

    #[target_feature(enable = "sse2")]
    #[inline]
    fn combine_sse2(x: &Lanes, y: __m128i) -> __m128i {
        // Lanes 10-15 (more than 4 sets) carry sums too: set them back to FAR.
        _mm_max_epu8(combine_below::<9>(x, y), load(&HIGH_LANES))
    }
}

/// Lanes of the 16 nibbles of `word`, low one first, 15 read as [`FAR`]: how the
/// tables of groups beside melds pack two distances a byte.
#[inline]
pub fn nibble_lanes(word: u64) -> Lanes {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::nibble_lanes(word)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        nibble_lanes_scalar(word)
    }
}

/// [`nibble_lanes`] lane by lane, for targets without SSE2 (and to test it against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn nibble_lanes_scalar(word: u64) -> Lanes {
    std::array::from_fn(|i| match (word >> (4 * i)) as u8 & 15 {
        15 => FAR,
        n => n,
    })
}

/// Distance of the combination of `x` and `y` to exactly `sets` sets and a pair:
/// lane `s` of `x` meets lane `2 sets + 1 - s` of `y`.
#[inline]
pub fn combine_to(x: &Lanes, y: &Lanes, sets: usize) -> u8 {
    // At most 4 sets: the bound lets every lane index go unchecked.
    let top = dist_index(sets.min(4), 1);
    (0..=top)
        .map(|s| x[s] + y[top - s])
        .min()
        .unwrap_or(FAR)
        .min(FAR)
}

/// Standard-form shanten of concealed `counts` that must make `sets` sets and a
/// pair, given the copies already in melds. Requires each kind at most 4 in all
/// and at most 14 concealed tiles.
#[inline]
pub fn standard(counts: &Counts, meld_counts: Option<&Counts>, sets: usize) -> i8 {
    if sets == 0 {
        return pair_only(counts, meld_counts) as i8 - 1;
    }
    if sets == 1 {
        return one_set(counts, meld_counts) as i8 - 1;
    }
    let d = match meld_counts {
        Some(mc) => distances_beside(counts, mc),
        None => table::all_distances(counts),
    };
    four_to(&d, sets) as i8 - 1
}

/// The positions of the set bits of `mask`, lowest first.
#[inline]
pub(crate) fn bits(mask: u64) -> Bits {
    Bits(mask)
}

/// The set bits of a mask not yet taken, lowest first (see [`bits`]).
pub(crate) struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            i
        })
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

/// The kinds of which melds holding `meld_counts` leave at least one, two and
/// three copies (all kinds without melds): those a run, a pair and a triplet
/// can still use.
#[inline]
pub fn copies_left(meld_counts: Option<&Counts>) -> [u64; 3] {
    match meld_counts {
        Some(taken) => {
            let [_, two, three, four] = levels(taken);
            [ALL_KINDS & !four, ALL_KINDS & !three, ALL_KINDS & !two]
        }
        None => [ALL_KINDS; 3],
    }
}

/// The kinds `counts` (each at most 4) hold at least once, twice, three and
/// four times, as bit sets.
#[inline]
pub fn levels(counts: &Counts) -> [u64; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::levels(counts)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        levels_scalar(counts)
    }
}

/// [`levels`] kind by kind, for targets without SSE2 (and to test it against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn levels_scalar(counts: &Counts) -> [u64; 4] {
    let mut out = [0u64; 4];
    for (k, &c) in counts.iter().enumerate() {
        for (n, o) in out.iter_mut().enumerate() {
            *o |= u64::from(c as usize > n) << k;
        }
    }
    out
}

/// The first kinds of the runs of the numbered suits (1-7 of each).
const RUN_STARTS: u64 = 0x7F * (1 | 1 << 9 | 1 << 18);

/// Distance of concealed `counts` (at most five tiles beside three melds, in a
/// hand) to one set and a pair, beside melds that hold `meld_counts`: five
/// less the most tiles of the hand that a pair and a set can use together,
/// using no kind more often than the copies the melds leave of it. Found pair
/// by pair on bit sets of kinds, without the tables: each held kind that can
/// still make a pair is tried as the pair, the best set taken from what it
/// leaves, and a pair of a kind not held (which always exists) beside the best
/// set of the whole hand. Not inlined: the common hands, which need more sets,
/// keep a small [`standard`].
#[inline(never)]
fn one_set(counts: &Counts, meld_counts: Option<&Counts>) -> u8 {
    let [left1, left2, left3] = copies_left(meld_counts);
    let [once, twice, thrice, four] = levels(counts);
    // The most tiles of the hand one set uses: a triplet of a kind with three
    // copies left, or a run whose kinds each have one left.
    let best_set = |once: u64, twice: u64, thrice: u64, left1: u64, left3: u64| -> u8 {
        let triplet = if thrice & left3 != 0 {
            3
        } else if twice & left3 != 0 {
            2
        } else {
            u8::from(once & left3 != 0)
        };
        let runs = RUN_STARTS & left1 & left1 >> 1 & left1 >> 2;
        let (x, y, z) = (once & runs, once >> 1 & runs, once >> 2 & runs);
        let run = if x & y & z != 0 {
            3
        } else if x & y | x & z | y & z != 0 {
            2
        } else {
            u8::from(x | y | z != 0)
        };
        triplet.max(run)
    };
    let mut best = best_set(once, twice, thrice, left1, left3);
    for p in bits(once & left2) {
        let bit = 1u64 << p;
        // The pair takes two copies (one if only one is held); the kind stays
        // held once if three were, twice if four were.
        let in_pair = 1 + u8::from(twice & bit != 0);
        let once = once & !(bit & !thrice);
        let twice = twice & !(bit & !four);
        // No triplet of the pair's kind (five copies); a run through it takes a
        // third copy.
        let run_left = left1 & !(bit & !left3);
        let set = best_set(once, twice, thrice & !bit, run_left, left3 & !bit);
        best = best.max(in_pair + set);
    }
    5 - best
}

/// Distance of at most two concealed tiles (four melds beside them) to a pair:
/// 0 with a pair, 1 with a tile of which a second copy is left, else 2 for any
/// kind of which two copies are left (`FAR` if none is). What the groups' tables
/// would give for no sets and a pair, without reading them.
#[inline]
fn pair_only(counts: &Counts, meld_counts: Option<&Counts>) -> u8 {
    // The kinds that can still make a pair: all but those melds hold 3 or 4 of
    // (a hand beside such a meld holds at most one more copy).
    let [_, open, _] = copies_left(meld_counts);
    let held = Tally::of(counts);
    if held.twice & open != 0 {
        0
    } else if held.once & open != 0 {
        1
    } else if open != 0 {
        2
    } else {
        FAR
    }
}

/// The group (0-2 the numbered suits, 3 the honors) of kind `k`.
#[inline]
pub const fn group_of(k: usize) -> usize {
    if k / 9 < 3 {
        k / 9
    } else {
        3
    }
}

/// The kinds of each group that `counts` hold (the hand's, or the copies melds
/// hold), as bit sets (bit i = the group's i-th kind), from one pass.
#[inline]
pub fn group_kinds(counts: &Counts) -> [u16; 4] {
    let held = Tally::of(counts).once;
    GROUPS.map(|(lo, hi)| (held >> lo) as u16 & ((1 << (hi - lo)) - 1))
}

/// Whether group `g`, holding the kinds `held` beside melds that hold copies of
/// `melded` (bit sets of its kinds), keeps the closed table's distances (see
/// [`distances_beside`]): a suit holding no tile, the honors holding none of
/// the melded kinds.
#[inline]
pub fn keeps_closed_distances(g: usize, held: u16, melded: u16) -> bool {
    if g == 3 {
        held & melded == 0
    } else {
        held == 0
    }
}

/// Distances of the four groups of concealed `counts` beside the copies melds
/// hold: the closed tables, and for each group holding meld copies, its
/// distances under the caps they leave, except where the closed ones are
/// those:
///
/// - A suit with no concealed tiles keeps the closed distances `3s + 2p` of
///   building `s` sets and `p` pairs from nothing. Beside `m` melds a hand asks
///   a group for at most `4 - m` sets and a pair, and a kind falls below the
///   three copies a triplet needs only when melds hold two of its copies (below
///   the two a pair needs, three): at most `3m / 2` kinds, which leaves at
///   least `9 - 3m / 2` kinds, enough for the `5 - m` sets and pair.
/// - The honors, when the hand holds none of the kinds melds hold: the
///   distances are those of the honors with the melded kinds emptied (see
///   `capped`), which are then the honors as held.
/// - A suit beside one chi or pon that `build.rs` marks as leaving its closed
///   distances.
#[inline]
pub fn distances_beside(counts: &Counts, meld_counts: &Counts) -> [Lanes; 4] {
    let (mut d, ranks) = table::all_distances_ranked(counts);
    let melded = group_kinds(meld_counts);
    if melded == [0; 4] {
        return d;
    }
    let held = group_kinds(counts);
    for (g, &kinds) in melded.iter().enumerate() {
        if kinds == 0 {
            continue;
        }
        let closed = keeps_closed_distances(g, held[g], kinds)
            || (g < 3 && capped::closed_distances_hold(meld_counts, g, ranks[g]));
        if !closed {
            d[g] = capped::distances(counts, meld_counts, g);
        }
    }
    d
}

/// Bit set of the lanes `s` (up to `top`, odd) where `x[s] + y[top - s]` equals `d`:
/// the splits of a target between two groups that reach distance `d`.
#[inline]
pub fn optimal_lanes(x: &Lanes, y: &Lanes, top: usize, d: u8) -> u16 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::optimal_lanes(x, y, top, d)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        split_lanes_scalar(x, y, top, d)
    }
}

/// [`optimal_lanes`] for a target of any lane `top` up to 9: one without a
/// pair (`top` even) splits into two without one.
#[inline]
pub fn split_lanes(x: &Lanes, y: &Lanes, top: usize, d: u8) -> u16 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::split_lanes(x, y, top, d)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        split_lanes_scalar(x, y, top, d)
    }
}

/// [`split_lanes`] lane by lane, for targets without SSE2 (and to test it and
/// [`optimal_lanes`] against).
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn split_lanes_scalar(x: &Lanes, y: &Lanes, top: usize, d: u8) -> u16 {
    (0..=top)
        .filter(|&s| top % 2 == 1 || s % 2 == 0)
        .filter(|&s| x[s] + y[top - s] == d)
        .fold(0, |m, s| m | 1 << s)
}

/// The lanes a target of lane `top` splits into: every lane up to it, and
/// for a target without a pair (`top` even) the lanes without one.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn lanes_up_to(top: usize) -> u16 {
    let all = ((2u32 << top) - 1) as u16;
    if top % 2 == 1 {
        all
    } else {
        all & 0x5555
    }
}

/// For each of four groups, the other three combined.
#[inline]
pub fn others(d: &[Lanes; 4]) -> [Lanes; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::others(d)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        others_beside(d, &pairs(d))
    }
}

/// Groups 0 and 1 combined, and groups 2 and 3.
#[inline]
pub fn pairs(d: &[Lanes; 4]) -> [Lanes; 2] {
    [combine(&d[0], &d[1]), combine(&d[2], &d[3])]
}

/// [`others`] given the [`pairs`] of the groups: each group's partner
/// combined with the other pair.
#[inline]
pub fn others_beside(d: &[Lanes; 4], pairs: &[Lanes; 2]) -> [Lanes; 4] {
    [
        combine(&d[1], &pairs[1]),
        combine(&d[0], &pairs[1]),
        combine(&pairs[0], &d[3]),
        combine(&pairs[0], &d[2]),
    ]
}

/// Distance of four groups together to `sets` sets and a pair.
#[inline]
pub fn four_to(d: &[Lanes; 4], sets: usize) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::four_to(d, sets)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        combine_to(&combine(&combine(&d[0], &d[1]), &d[2]), &d[3], sets)
    }
}

/// Bit set of the terminals and honors.
pub const YAOCHUU_BITS: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < YAOCHUU.len() {
        m |= 1 << YAOCHUU[i];
        i += 1;
    }
    m
};

/// Bit set of all 34 kinds.
pub const ALL_KINDS: u64 = (1 << KINDS) - 1;

/// The kinds a hand holds at least once and at least twice, as bit sets: all that
/// chiitoitsu and kokushi depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    pub once: u64,
    pub twice: u64,
}

impl Tally {
    #[inline]
    pub fn of(counts: &Counts) -> Tally {
        Tally::with_size(counts).0
    }

    /// The tally and the number of tiles, in one pass over the counts.
    #[inline]
    pub fn with_size(counts: &Counts) -> (Tally, usize) {
        #[cfg(target_arch = "x86_64")]
        {
            sse2::tally(counts)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let n = counts.iter().map(|&c| c as usize).sum();
            (Tally::of_scalar(counts), n)
        }
    }

    /// [`Tally::of`] kind by kind, for targets without SSE2 (and to test it against).
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))]
    fn of_scalar(counts: &Counts) -> Tally {
        let (mut once, mut twice) = (0u64, 0u64);
        for (k, &c) in counts.iter().enumerate() {
            once |= u64::from(c >= 1) << k;
            twice |= u64::from(c >= 2) << k;
        }
        Tally { once, twice }
    }

    /// The tally after one copy of kind `k`, held `held` times, leaves the hand.
    #[inline]
    #[must_use]
    pub fn without(self, k: usize, held: u8) -> Tally {
        match held {
            1 => Tally {
                once: self.once & !(1 << k),
                ..self
            },
            2 => Tally {
                twice: self.twice & !(1 << k),
                ..self
            },
            _ => self,
        }
    }

    /// The kinds whose discard (one copy of a kind held) raises the chiitoitsu
    /// shanten, and those that raise the kokushi shanten; `two` holds the kinds
    /// held exactly twice. A kind held once loses a kind (for chiitoitsu, felt
    /// only while at most seven are held); one held twice loses a pair (for
    /// kokushi, felt only when it is the one pair of terminals and honors).
    #[inline]
    pub fn raised_by_discard(self, two: u64) -> (u64, u64) {
        let singles = self.once & !self.twice;
        let lost_kind = if self.once.count_ones() <= 7 {
            singles
        } else {
            0
        };
        let orphan_pairs = self.twice & YAOCHUU_BITS;
        let lost_pair = if orphan_pairs.is_power_of_two() {
            orphan_pairs & two
        } else {
            0
        };
        (two | lost_kind, YAOCHUU_BITS & (singles | lost_pair))
    }

    /// Chiitoitsu shanten: seven distinct pairs (closed 13/14-tile hands only).
    #[inline]
    pub fn chiitoitsu(self) -> i8 {
        let pairs = self.twice.count_ones() as i8;
        let kinds = self.once.count_ones() as i8;
        6 - pairs + (7 - kinds).max(0)
    }

    /// Kinds whose drawing lowers the chiitoitsu shanten: a single makes a pair; a
    /// new kind helps while fewer than seven are held.
    #[inline]
    pub fn chiitoitsu_lowering(self) -> u64 {
        let singles = self.once & !self.twice;
        let fresh = if self.once.count_ones() < 7 {
            ALL_KINDS & !self.once
        } else {
            0
        };
        singles | fresh
    }

    /// Kokushi shanten: the 13 terminals and honors plus a pair of one of them.
    #[inline]
    pub fn kokushi(self) -> i8 {
        let kinds = (self.once & YAOCHUU_BITS).count_ones() as i8;
        13 - kinds - i8::from(self.twice & YAOCHUU_BITS != 0)
    }

    /// Kinds whose drawing lowers the kokushi shanten: a missing one, or with no
    /// pair yet, any of them.
    #[inline]
    pub fn kokushi_lowering(self) -> u64 {
        if self.twice & YAOCHUU_BITS != 0 {
            YAOCHUU_BITS & !self.once
        } else {
            YAOCHUU_BITS
        }
    }
}

/// Chiitoitsu shanten of counts (closed 13/14-tile hands only).
#[inline]
pub fn chiitoitsu(counts: &Counts) -> i8 {
    Tally::of(counts).chiitoitsu()
}

/// Kokushi shanten of counts (closed 13/14-tile hands only).
#[inline]
pub fn kokushi(counts: &Counts) -> i8 {
    Tally::of(counts).kokushi()
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
    with_forms(counts, melds, |sets| standard(counts, meld_counts, sets))
}

/// The three forms of concealed `counts` with `melds` melds, the standard one
/// from `standard` (given the sets to make); chiitoitsu and kokushi, which use
/// no 2m-8m, are the same under either tile set.
fn with_forms(counts: &Counts, melds: usize, standard: impl Fn(usize) -> i8) -> ShantenByForm {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    let closed_full = melds == 0 && n >= 13;
    ShantenByForm {
        standard: standard(n / 3),
        chiitoitsu: closed_full.then(|| chiitoitsu(counts)),
        kokushi: closed_full.then(|| kokushi(counts)),
    }
}

/// [`by_form`] with the tiles of `set` (`counts` holding none it lacks): the
/// kinds it lacks count as out of reach, as if melds held them.
pub fn by_form_in(
    counts: &Counts,
    meld_counts: Option<&Counts>,
    melds: usize,
    set: super::TileSet,
) -> ShantenByForm {
    if set == super::TileSet::Full {
        return by_form(counts, meld_counts, melds);
    }
    with_forms(counts, melds, |sets| {
        standard_sanma(counts, meld_counts, sets)
    })
}

/// [`shanten`] with the tiles of `set` (`counts` holding none it lacks).
#[inline]
pub fn shanten_in(counts: &Counts, set: super::TileSet) -> i8 {
    match set {
        super::TileSet::Full => shanten(counts),
        super::TileSet::Sanma => {
            let (tally, n) = Tally::with_size(counts);
            with_specials(standard_sanma(counts, None, n / 3), tally, n)
        }
    }
}

/// [`standard`] under the three-player tiles (`counts` holding no 2m-8m),
/// beside melds holding `meld_counts`. The characters are then only 1m and 9m,
/// which never make runs: their group has the distances of two honors, read
/// from the honors' table (the five other honors of the lookup held nowhere, as
/// 2m-8m are; a kind a pon or kan holds emptied, as [`capped`] does for
/// honors). A group can always build from nothing with kinds another group
/// offers as cheaply, so the honors' table's unused kinds change no sum.
#[inline]
fn standard_sanma(counts: &Counts, meld_counts: Option<&Counts>, sets: usize) -> i8 {
    if sets == 0 {
        let out = super::TileSet::Sanma.unavailable(meld_counts);
        return pair_only(counts, out.as_ref()) as i8 - 1;
    }
    let mut d = match meld_counts {
        Some(mc) => distances_beside(counts, &beside_characters(mc)),
        None => table::all_distances(counts),
    };
    d[0] = table::distances(&sanma_characters(counts, meld_counts));
    four_to(&d, sets) as i8 - 1
}

/// Under the three-player tiles, the characters (1m and 9m alone) as a group
/// of the honors' table: 1m, 9m and five kinds held nowhere, a kind a pon or
/// kan holds emptied (as `capped` does for honors).
#[inline]
pub(super) fn sanma_characters(counts: &Counts, meld_counts: Option<&Counts>) -> [u8; 7] {
    let live = |k: usize| match meld_counts {
        Some(mc) if mc[k] > 0 => 0,
        _ => counts[k],
    };
    [live(0), live(8), 0, 0, 0, 0, 0]
}

/// Meld copies with the characters' left out, for the other groups of a
/// three-player hand (the characters read by [`sanma_characters`]).
#[inline]
pub(super) fn beside_characters(meld_counts: &Counts) -> Counts {
    let mut rest = *meld_counts;
    rest[..9].fill(0);
    rest
}

/// Shanten (min over forms) of a closed hand given as counts, the fast path.
#[inline]
pub fn shanten(counts: &Counts) -> i8 {
    let (tally, n) = Tally::with_size(counts);
    with_specials(standard(counts, None, n / 3), tally, n)
}

/// [`shanten`] when the caller already knows the number of tiles `n`.
#[inline]
pub fn shanten_of_size(counts: &Counts, n: usize) -> i8 {
    let s = standard(counts, None, n / 3);
    if n >= 13 {
        with_specials(s, Tally::of(counts), n)
    } else {
        s
    }
}

/// The standard shanten `s`, or chiitoitsu's or kokushi's where they apply and are lower.
#[inline]
fn with_specials(s: i8, t: Tally, n: usize) -> i8 {
    if n >= 13 {
        s.min(t.chiitoitsu()).min(t.kokushi())
    } else {
        s
    }
}

/// Check a count array for the fast paths: each kind 0-4, 3n+1 or 3n+2 tiles, at
/// most 14. Returns the tile count or a message.
pub fn check_counts(counts: &[u8]) -> crate::error::Result<usize> {
    if counts.len() != KINDS {
        return Err(crate::error::MahjongError::InvalidHand(format!(
            "expected 34 counts, got {}",
            counts.len()
        )));
    }
    // One pass for the common, valid case; the error path looks again.
    let (n, top) = counts
        .iter()
        .fold((0usize, 0u8), |(n, top), &c| (n + c as usize, top.max(c)));
    if top > 4 {
        let k = counts.iter().position(|&c| c > 4).expect("a count above 4");
        return Err(crate::error::MahjongError::InvalidHand(format!(
            "count {} for kind {k} (0-4 allowed)",
            counts[k]
        )));
    }
    check_size(n)
}

/// The size check of [`check_counts`] alone, for counts known to be 0-4 each:
/// 3n+1 or 3n+2 tiles, at most 14.
#[inline]
pub fn check_size(n: usize) -> crate::error::Result<usize> {
    if n % 3 == 0 || n > 14 {
        return Err(crate::error::MahjongError::InvalidHand(format!(
            "{n} tiles (3n+1 or 3n+2, at most 14)"
        )));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn vector_tally_equals_kind_by_kind() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(6);
        for _ in 0..100_000 {
            let counts: Counts = std::array::from_fn(|_| rng.gen_range(0..=4));
            let n: usize = counts.iter().map(|&c| c as usize).sum();
            assert_eq!(
                Tally::with_size(&counts),
                (Tally::of_scalar(&counts), n),
                "{counts:?}"
            );
        }
    }

    #[test]
    fn vector_levels_equal_kind_by_kind() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        for _ in 0..100_000 {
            let counts: Counts = std::array::from_fn(|_| rng.gen_range(0..=4));
            let levels = levels(&counts);
            assert_eq!(levels, levels_scalar(&counts), "{counts:?}");
            assert_eq!(
                levels[..2],
                [Tally::of(&counts).once, Tally::of(&counts).twice]
            );
        }
    }

    #[test]
    fn vector_combine_equals_lane_by_lane() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        for _ in 0..100_000 {
            let mut x = [FAR; 16];
            let mut y = [FAR; 16];
            for i in 0..10 {
                x[i] = if rng.gen_bool(0.1) {
                    FAR
                } else {
                    rng.gen_range(0..15)
                };
                y[i] = if rng.gen_bool(0.1) {
                    FAR
                } else {
                    rng.gen_range(0..15)
                };
            }
            assert_eq!(combine(&x, &y), combine_scalar(&x, &y), "{x:?} {y:?}");
            let word = rng.gen::<u64>();
            assert_eq!(nibble_lanes(word), nibble_lanes_scalar(word), "{word:x}");
            for top in 0..10 {
                let sets = top / 2;
                for d in [combine_to(&x, &y, sets), rng.gen_range(0..30)] {
                    let want = split_lanes_scalar(&x, &y, top, d);
                    assert_eq!(split_lanes(&x, &y, top, d), want, "{x:?} {y:?} {top} {d}");
                    if top % 2 == 1 {
                        assert_eq!(optimal_lanes(&x, &y, top, d), want, "{x:?} {y:?} {top} {d}");
                    }
                }
            }
            let d = [x, y, y, x];
            for sets in 0..5 {
                let lanes = combine_scalar(&combine_scalar(&x, &y), &combine_scalar(&y, &x));
                assert_eq!(
                    four_to(&d, sets),
                    combine_to(&combine_scalar(&x, &y), &combine_scalar(&y, &x), sets)
                );
                assert_eq!(four_to(&d, sets), lanes[dist_index(sets, 1)]);
            }
        }
    }
}
