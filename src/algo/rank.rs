//! Rank of a tile group (each kind 0-4, at most 14 tiles) in lexicographic order:
//! the index of its entry in the tables `build.rs` writes. Also compiled into
//! `build.rs`, so it uses nothing from the crate.

/// Most tiles a group of a hand can hold.
pub const MAX_TILES: usize = 14;

/// `COMPLETIONS[len][budget]`: groups of `len` kinds, 0-4 each, with at most `budget` tiles.
pub const COMPLETIONS: [[u32; MAX_TILES + 1]; 10] = {
    let mut t = [[0u32; MAX_TILES + 1]; 10];
    let mut b = 0;
    while b <= MAX_TILES {
        t[0][b] = 1;
        b += 1;
    }
    let mut len = 1;
    while len < 10 {
        let mut b = 0;
        while b <= MAX_TILES {
            let mut v = 0;
            while v <= 4 && v <= b {
                t[len][b] += t[len - 1][b - v];
                v += 1;
            }
            b += 1;
        }
        len += 1;
    }
    t
};

/// `BEFORE[rest][budget][c]`: groups ranked before one whose current kind holds `c`,
/// with `rest` kinds after it and `budget` tiles left for it and them. Padded to
/// powers of two so that masked indices need no bounds checks.
const BEFORE: [[[u32; 8]; 16]; 16] = {
    let mut t = [[[0u32; 8]; 16]; 16];
    let mut rest = 0;
    while rest < 9 {
        let mut b = 0;
        while b <= MAX_TILES {
            let mut c = 1;
            while c <= 4 {
                let v = c - 1;
                let add = if v <= b { COMPLETIONS[rest][b - v] } else { 0 };
                t[rest][b][c] = t[rest][b][c - 1] + add;
                c += 1;
            }
            b += 1;
        }
        rest += 1;
    }
    t
};

/// Rank of `held` (1-9 kinds, each 0-4, at most 14 tiles in all: the caller checks).
/// `build.rs` orders the tables by it; lookups use the two-step forms below.
#[allow(dead_code)]
#[inline]
pub fn rank(held: &[u8]) -> usize {
    rank_within(held, MAX_TILES)
}

/// Rank of `held` (1-9 kinds, each 0-4, at most `budget` tiles, `budget` at most
/// 14) among the groups of its length with at most `budget` tiles: the index of
/// its entry in the tables of groups beside melds (`build.rs`, `capped.rs`).
#[allow(dead_code)]
#[inline]
pub fn rank_within(held: &[u8], budget: usize) -> usize {
    let last = held.len() - 1;
    let mut budget = budget;
    let mut r = 0u32;
    for (i, &c) in held.iter().enumerate() {
        r += BEFORE[(last - i) & 15][budget & 15][c as usize & 7];
        budget = budget.wrapping_sub(c as usize);
    }
    r as usize
}

/// [`rank_within`] of a 9-kind group and, for each kind `k`, of the group with
/// one more copy of `k` (meaningful only when `held[k] < 4` and the group holds
/// fewer than `budget` tiles): the terms before `k` are shared, those after it
/// are read with one tile less of budget.
#[allow(dead_code)]
#[inline]
pub fn rank_with_draws(held: &[u8; 9], budget: usize) -> (usize, [usize; 9]) {
    let mut left = [0usize; 10];
    left[0] = budget;
    for i in 0..9 {
        left[i + 1] = left[i].wrapping_sub(held[i] as usize);
    }
    let term = |i: usize, b: usize, c: usize| BEFORE[(8 - i) & 15][b & 15][c & 7];
    let mut prefix = [0u32; 10];
    for i in 0..9 {
        prefix[i + 1] = prefix[i] + term(i, left[i], held[i] as usize);
    }
    let mut suffix = [0u32; 10];
    for i in (0..9).rev() {
        suffix[i] = suffix[i + 1] + term(i, left[i].wrapping_sub(1), held[i] as usize);
    }
    let draws = std::array::from_fn(|k| {
        (prefix[k] + term(k, left[k], held[k] as usize + 1) + suffix[k + 1]) as usize
    });
    (prefix[9] as usize, draws)
}

/// Number of groups of `kinds` kinds with at most `budget` tiles.
#[allow(dead_code)]
pub const fn count_within(kinds: usize, budget: usize) -> usize {
    COMPLETIONS[kinds][budget] as usize
}

/// Ranks of the first `head` kinds of an `n`-kind group, by their base-5 code:
/// the partial rank in the low 24 bits (the tiles used above them, unread).
const fn heads<const SIZE: usize>(n: usize, head: usize) -> [u32; SIZE] {
    heads_within(n, head, MAX_TILES)
}

/// [`heads`] among the groups of at most `start` tiles.
const fn heads_within<const SIZE: usize>(n: usize, head: usize, start: usize) -> [u32; SIZE] {
    let mut t = [0u32; SIZE];
    let mut code = 0;
    while code < SIZE {
        let (mut r, mut budget, mut rest, mut i) = (0u32, start, code, 0);
        while i < head {
            let c = rest % 5;
            rest /= 5;
            if c > budget {
                budget = 0; // more than 14 tiles: never asked for
            } else {
                r += BEFORE[n - 1 - i][budget][c];
                budget -= c;
            }
            i += 1;
        }
        t[code] = r | ((start - budget) as u32) << 24;
        code += 1;
    }
    t
}

/// Ranks of the last `n - head` kinds of an `n`-kind group, by tiles left and
/// their base-5 code.
const fn tails<const SIZE: usize>(n: usize, head: usize) -> [[u32; SIZE]; MAX_TILES + 1] {
    let mut t = [[0u32; SIZE]; MAX_TILES + 1];
    let mut left = 0;
    while left <= MAX_TILES {
        let mut code = 0;
        while code < SIZE {
            let (mut r, mut budget, mut rest, mut i) = (0u32, left, code, head);
            while i < n {
                let c = rest % 5;
                rest /= 5;
                if c > budget {
                    budget = 0;
                } else {
                    r += BEFORE[n - 1 - i][budget][c];
                    budget -= c;
                }
                i += 1;
            }
            t[left][code] = r;
            code += 1;
        }
        left += 1;
    }
    t
}

static SUIT_HEADS: [u32; 3125] = heads(9, 5);
static SUIT_TAILS: [[u32; 625]; MAX_TILES + 1] = tails(9, 5);
static HONOR_HEADS: [u32; 625] = heads(7, 4);
/// Suit heads among the groups of at most 11, 8, 5 and 2 tiles: beside 1-4 melds.
static SUIT_HEADS_BESIDE: [[u32; 3125]; 4] = [
    heads_within(9, 5, 11),
    heads_within(9, 5, 8),
    heads_within(9, 5, 5),
    heads_within(9, 5, 2),
];
static HONOR_TAILS: [[u32; 125]; MAX_TILES + 1] = tails(7, 4);

/// Base-5 code of up to five counts (each 0-4), the first lowest: independent
/// products rather than a chain of multiply-adds.
#[inline]
fn code(c: &[u8]) -> usize {
    const POWERS: [usize; 5] = [1, 5, 25, 125, 625];
    c.iter().zip(POWERS).map(|(&x, p)| x as usize * p).sum()
}

/// [`rank`] of a numbered-suit group in two lookups (same requirements).
#[inline]
pub fn rank_suit(held: &[u8; 9]) -> usize {
    split_rank(held, 5, &SUIT_HEADS, &SUIT_TAILS)
}

/// [`rank`] of the honor group in two lookups (same requirements).
#[inline]
pub fn rank_honor(held: &[u8; 7]) -> usize {
    split_rank(held, 4, &HONOR_HEADS, &HONOR_TAILS)
}

/// [`rank_suit`] of the three numbered suits and [`rank_honor`] of the honors
/// of a hand's 34 counts (same requirements), all four at once.
#[allow(dead_code)]
#[inline]
pub fn group_ranks(counts: &[u8; 34]) -> [usize; 4] {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
    {
        simd::group_ranks(counts)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse4.1")))]
    {
        group_ranks_scalar(counts)
    }
}

/// [`group_ranks`] a group at a time (and to test the vector form against).
#[allow(dead_code)]
#[inline]
fn group_ranks_scalar(counts: &[u8; 34]) -> [usize; 4] {
    let suit = |lo: usize| rank_suit(counts[lo..lo + 9].try_into().expect("9 kinds"));
    [
        suit(0),
        suit(9),
        suit(18),
        rank_honor(counts[27..34].try_into().expect("7 kinds")),
    ]
}

/// The four groups' codes, tiles and lookups side by side: each group's head
/// and tail counts gathered into an 8-byte half of a vector (byte shuffles of
/// three overlapping loads), the base-5 codes from two multiply-adds and a
/// horizontal add, the head's tiles from sums of absolute differences. The
/// codes are bounded as [`split_rank`] bounds them, so any counts give the
/// same ranks as the group-by-group form, in bounds.
#[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
#[allow(unsafe_code)]
mod simd {
    use super::{HONOR_HEADS, HONOR_TAILS, MAX_TILES, SUIT_HEADS, SUIT_TAILS};
    use std::arch::x86_64::{
        __m128i, _mm_add_epi32, _mm_castps_si128, _mm_castsi128_ps, _mm_hadd_epi32,
        _mm_loadu_si128, _mm_madd_epi16, _mm_maddubs_epi16, _mm_max_epi32, _mm_min_epu32,
        _mm_sad_epu8, _mm_set1_epi32, _mm_setr_epi16, _mm_setr_epi32, _mm_setr_epi8,
        _mm_setzero_si128, _mm_shuffle_epi8, _mm_shuffle_ps, _mm_storeu_si128, _mm_sub_epi32,
    };

    /// A shuffle index that clears its byte.
    const Z: i8 = -128;

    #[inline]
    pub fn group_ranks(counts: &[u8; 34]) -> [usize; 4] {
        let (heads, tails) = codes(counts);
        let suit_tails = SUIT_TAILS.as_flattened();
        let suit = |g: usize| {
            (SUIT_HEADS[heads[g] as usize] & 0xFF_FFFF) as usize
                + suit_tails[tails[g] as usize] as usize
        };
        [
            suit(0),
            suit(1),
            suit(2),
            (HONOR_HEADS[heads[3] as usize] & 0xFF_FFFF) as usize
                + HONOR_TAILS.as_flattened()[tails[3] as usize] as usize,
        ]
    }

    /// Per group, the index of its head in the heads table and of its tail,
    /// with the tiles the head leaves, in the flattened tails table. Without a
    /// `target_feature` attribute (the module's cfg makes the instructions it
    /// uses part of the build's target), so that it inlines like any function.
    #[inline]
    fn codes(counts: &[u8; 34]) -> ([u32; 4], [u32; 4]) {
        // SAFETY: the module's cfg makes SSSE3 and SSE4.1 part of the build's
        // target, so every processor it runs on has them; the three 16-byte
        // loads start at kinds 0, 5 and 18 of 34, inside the array, and the
        // stores write two arrays of 16 bytes.
        unsafe {
            let p = counts.as_ptr();
            let low = _mm_loadu_si128(p.cast()); // kinds 0-15
            let mid = _mm_loadu_si128(p.add(5).cast()); // kinds 5-20
            let high = _mm_loadu_si128(p.add(18).cast()); // kinds 18-33

            // Suits: head kinds 0-4, tail 5-8; honors: head 0-3, tail 4-6.
            let heads01 = _mm_shuffle_epi8(
                low,
                _mm_setr_epi8(0, 1, 2, 3, 4, Z, Z, Z, 9, 10, 11, 12, 13, Z, Z, Z),
            );
            let tails01 = _mm_shuffle_epi8(
                mid,
                _mm_setr_epi8(0, 1, 2, 3, Z, Z, Z, Z, 9, 10, 11, 12, Z, Z, Z, Z),
            );
            let heads23 = _mm_shuffle_epi8(
                high,
                _mm_setr_epi8(0, 1, 2, 3, 4, Z, Z, Z, 9, 10, 11, 12, Z, Z, Z, Z),
            );
            let tails23 = _mm_shuffle_epi8(
                high,
                _mm_setr_epi8(5, 6, 7, 8, Z, Z, Z, Z, 13, 14, 15, Z, Z, Z, Z, Z),
            );
            // c0 + 5 c1 per byte pair (at most 1,530: no saturation), then
            // (c0 + 5 c1) + 25 (c2 + 5 c3) and 625 c4 per half's two words.
            let pairs = _mm_setr_epi8(1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5, 1, 5);
            let quads = _mm_setr_epi16(1, 25, 625, 0, 1, 25, 625, 0);
            let code = |v: __m128i| _mm_madd_epi16(_mm_maddubs_epi16(v, pairs), quads);
            let heads = _mm_hadd_epi32(code(heads01), code(heads23));
            let tails = _mm_hadd_epi32(code(tails01), code(tails23));
            let heads = _mm_min_epu32(heads, _mm_setr_epi32(3124, 3124, 3124, 624));
            let tails = _mm_min_epu32(tails, _mm_setr_epi32(624, 624, 624, 124));
            // The tiles of each head, then those left for the tail (none below 0).
            let zero = _mm_setzero_si128();
            let used = _mm_castps_si128(_mm_shuffle_ps::<0b10_00_10_00>(
                _mm_castsi128_ps(_mm_sad_epu8(heads01, zero)),
                _mm_castsi128_ps(_mm_sad_epu8(heads23, zero)),
            ));
            let left = _mm_max_epi32(_mm_sub_epi32(_mm_set1_epi32(MAX_TILES as i32), used), zero);
            // left * row + code: `left` fits the low word of each lane.
            let rows = _mm_madd_epi16(left, _mm_setr_epi16(625, 0, 625, 0, 625, 0, 125, 0));
            let tails = _mm_add_epi32(rows, tails);
            let (mut h, mut t) = ([0u32; 4], [0u32; 4]);
            _mm_storeu_si128(h.as_mut_ptr().cast(), heads);
            _mm_storeu_si128(t.as_mut_ptr().cast(), tails);
            (h, t)
        }
    }
}

/// [`rank_within`] of a numbered suit among those of at most `14 - 3 melds`
/// tiles (`melds` 1-4), in two lookups.
#[allow(dead_code)]
#[inline]
pub fn rank_suit_beside(held: &[u8; 9], melds: usize) -> usize {
    let (head, tail) = held.split_at(5);
    let used: usize = head.iter().map(|&c| c as usize).sum();
    let left = (MAX_TILES - 3 * melds).saturating_sub(used);
    let (h, t) = (code(head).min(3124), code(tail).min(624));
    let heads = &SUIT_HEADS_BESIDE[(melds - 1) & 3];
    (heads[h] & 0xFF_FFFF) as usize + SUIT_TAILS[left.min(MAX_TILES)][t] as usize
}

/// The head's partial rank plus the tail's, the tail read with the tiles the head
/// leaves (summed from the counts, so both loads issue at once).
#[inline]
fn split_rank<const H: usize, const T: usize>(
    held: &[u8],
    head_len: usize,
    heads: &[u32; H],
    tails: &[[u32; T]; MAX_TILES + 1],
) -> usize {
    let (head, tail) = held.split_at(head_len);
    let used: usize = head.iter().map(|&c| c as usize).sum();
    let left = MAX_TILES.saturating_sub(used);
    // Codes of valid groups are in range; `min` keeps these two lookups in bounds
    // for any input more cheaply than a remainder. Callers check the counts.
    let (h, t) = (code(head).min(H - 1), code(tail).min(T - 1));
    (heads[h] & 0xFF_FFFF) as usize + tails[left][t] as usize
}

/// Number of groups of `kinds` kinds.
#[allow(dead_code)]
pub const fn group_count(kinds: usize) -> usize {
    COMPLETIONS[kinds][MAX_TILES] as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Every group, in rank order, gets the same rank from both ways of computing it.
    #[test]
    fn split_ranks_equal_ranks() {
        fn walk(held: &mut Vec<u8>, kinds: usize, budget: u8, next: &mut usize) {
            if held.len() == kinds {
                assert_eq!(rank(held), *next);
                let split = if kinds == 9 {
                    rank_suit(held.as_slice().try_into().unwrap())
                } else {
                    rank_honor(held.as_slice().try_into().unwrap())
                };
                assert_eq!(split, *next, "{held:?}");
                *next += 1;
                return;
            }
            for c in 0..=budget.min(4) {
                held.push(c);
                walk(held, kinds, budget - c, next);
                held.pop();
            }
        }
        for kinds in [9, 7] {
            let mut next = 0;
            walk(&mut Vec::new(), kinds, MAX_TILES as u8, &mut next);
            assert_eq!(next, group_count(kinds));
        }
    }

    /// The four ranks at once equal the ranks group by group for any counts,
    /// valid or not (bounded the same way, so never out of the tables).
    #[test]
    fn group_ranks_equal_ranks_by_group() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        for i in 0..200_000 {
            let mut counts = [0u8; 34];
            if i % 4 == 0 {
                // Any bytes at all.
                rng.fill(&mut counts[..]);
            } else {
                // Hands of up to 14 tiles, each kind at most 4.
                for _ in 0..rng.gen_range(0..15) {
                    let k = rng.gen_range(0..34);
                    if counts[k] < 4 {
                        counts[k] += 1;
                    }
                }
            }
            assert_eq!(
                group_ranks(&counts),
                group_ranks_scalar(&counts),
                "{counts:?}"
            );
        }
        // Every suit and honor group, each in each position.
        let mut counts = [0u8; 34];
        for g in 0..4 {
            let (lo, n) = if g < 3 { (9 * g, 9) } else { (27, 7) };
            let mut held = vec![0u8; n];
            let mut r = 0;
            loop {
                counts[lo..lo + n].copy_from_slice(&held);
                if held.iter().map(|&c| c as usize).sum::<usize>() <= MAX_TILES {
                    assert_eq!(group_ranks(&counts)[g], r, "{held:?}");
                    r += 1;
                }
                // The next group in lexicographic order (rank order), if any.
                match held.iter().rposition(|&c| c < 4) {
                    Some(i) => {
                        held[i] += 1;
                        held[i + 1..].fill(0);
                    }
                    None => break,
                }
            }
            assert_eq!(r, group_count(n));
            counts[lo..lo + n].fill(0);
        }
    }

    /// Ranks within a smaller budget count the groups in order, and the ranks of
    /// the groups with one more tile agree with ranking them afresh.
    #[test]
    fn ranks_within_a_budget() {
        fn walk(held: &mut Vec<u8>, kinds: usize, budget: u8, next: &mut usize) {
            if held.len() == kinds {
                assert_eq!(rank_within(held, 11), *next, "{held:?}");
                *next += 1;
                if kinds == 9 {
                    let h: [u8; 9] = held.as_slice().try_into().unwrap();
                    let total: usize = h.iter().map(|&c| c as usize).sum();
                    for melds in 1..=4 {
                        if total + 3 * melds <= 14 {
                            let want = rank_within(&h, 14 - 3 * melds);
                            assert_eq!(rank_suit_beside(&h, melds), want, "{h:?}");
                        }
                    }
                    let (r, draws) = rank_with_draws(&h, 11);
                    assert_eq!(r, *next - 1);
                    let total: u8 = h.iter().sum();
                    for k in 0..9 {
                        if h[k] < 4 && total < 11 {
                            let mut more = h;
                            more[k] += 1;
                            assert_eq!(draws[k], rank_within(&more, 11), "{h:?} {k}");
                        }
                    }
                }
                return;
            }
            for c in 0..=budget.min(4) {
                held.push(c);
                walk(held, kinds, budget - c, next);
                held.pop();
            }
        }
        for kinds in 1..=9 {
            let mut next = 0;
            walk(&mut Vec::new(), kinds, 11, &mut next);
            assert_eq!(next, count_within(kinds, 11));
        }
    }
}
