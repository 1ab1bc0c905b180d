//! The fast analysis checked against slow, obviously-correct references: shanten
//! as the fewest missing tiles over every complete target (branch and bound over
//! all targets), waits by adding each kind and testing completeness by full
//! decomposition, ukeire by recomputing shanten after each draw.

use super::agari::is_complete;
use super::decompose::standard_splits;
use super::shanten::{self, YAOCHUU};
use super::waits::shanten_and_lowering;
use crate::tile::{Counts, KINDS};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Every set a target can hold: a triplet of each kind, a run from each start.
fn blocks() -> Vec<[usize; 3]> {
    let mut b = Vec::new();
    for k in 0..KINDS {
        b.push([k, k, k]);
        if k < 27 && k % 9 <= 6 {
            b.push([k, k + 1, k + 2]);
        }
    }
    b
}

/// Whether some target of `sets` sets and one pair, within the copies melds
/// leave, misses fewer than `bound` tiles of `c`.
fn standard_within(c: &Counts, caps: &Counts, sets: usize, bound: u32) -> bool {
    #[allow(clippy::too_many_arguments)]
    fn go(
        blocks: &[[usize; 3]],
        from: usize,
        left: usize,
        t: &mut Counts,
        c: &Counts,
        caps: &Counts,
        cost: u32,
        bound: u32,
    ) -> bool {
        if cost >= bound {
            return false;
        }
        if left == 0 {
            return (0..KINDS).any(|k| {
                t[k] + 2 <= caps[k]
                    && cost + u32::from((t[k] + 2).saturating_sub(c[k].max(t[k]))) < bound
            });
        }
        for (i, b) in blocks.iter().enumerate().skip(from) {
            let mut add = 0;
            let mut ok = true;
            for &k in b {
                t[k] += 1;
                ok &= t[k] <= caps[k];
                add += u32::from(t[k] > c[k]);
            }
            let found = ok && go(blocks, i, left - 1, t, c, caps, cost + add, bound);
            for &k in b {
                t[k] -= 1;
            }
            if found {
                return true;
            }
        }
        false
    }
    go(&blocks(), 0, sets, &mut [0; KINDS], c, caps, 0, bound)
}

/// Exact standard shanten by search over targets.
fn standard_ref(c: &Counts, meld_counts: &Counts) -> i8 {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    let caps: Counts = std::array::from_fn(|k| 4 - meld_counts[k]);
    let mut d = 0;
    while !standard_within(c, &caps, n / 3, d + 1) {
        d += 1;
    }
    d as i8 - 1
}

fn chiitoitsu_ref(c: &Counts) -> i8 {
    let mut have: Vec<u8> = c.iter().map(|&x| x.min(2)).collect();
    have.sort_unstable_by(|a, b| b.cmp(a));
    have[..7].iter().map(|&h| 2 - h as i8).sum::<i8>() - 1
}

fn kokushi_ref(c: &Counts) -> i8 {
    YAOCHUU
        .iter()
        .map(|&y| {
            YAOCHUU
                .iter()
                .map(|&k| (1 + u8::from(k == y)).saturating_sub(c[k]) as i8)
                .sum::<i8>()
        })
        .min()
        .unwrap()
        - 1
}

fn shanten_ref(c: &Counts, mc: &Counts, melds: usize) -> i8 {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    let s = standard_ref(c, mc);
    if melds == 0 && n >= 13 {
        s.min(chiitoitsu_ref(c)).min(kokushi_ref(c))
    } else {
        s
    }
}

fn complete_ref(c: &Counts, melds: usize) -> bool {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    !standard_splits(c).is_empty()
        || (melds == 0
            && n == 14
            && (c.iter().filter(|&&x| x == 2).count() == 7 || kokushi_ref(c) == -1))
}

fn fast(c: &Counts, mc: &Counts, melds: usize) -> i8 {
    let any_meld = mc.iter().any(|&x| x > 0);
    let by = shanten::by_form(c, any_meld.then_some(mc), melds);
    let (s, _) = shanten_and_lowering(c, Some(mc), melds);
    assert_eq!(by.min(), s, "{c:?}");
    if !any_meld {
        assert_eq!(shanten::shanten(c), s);
    }
    s
}

#[test]
fn every_single_suit_hand() {
    let none = [0u8; KINDS];
    for (base, kinds) in [(0usize, 9usize), (27, 7)] {
        let mut held = vec![0u8; kinds];
        let mut checked = 0;
        loop {
            let n: usize = held.iter().map(|&x| x as usize).sum();
            if n % 3 != 0 && n <= 14 {
                let mut c = [0u8; KINDS];
                c[base..base + kinds].copy_from_slice(&held);
                let want = shanten_ref(&c, &none, 0);
                assert_eq!(fast(&c, &none, 0), want, "{held:?}");
                checked += 1;
            }
            // Next vector in odometer order.
            let mut i = 0;
            while i < kinds {
                held[i] += 1;
                if held[i] <= 4 {
                    break;
                }
                held[i] = 0;
                i += 1;
            }
            if i == kinds {
                break;
            }
        }
        assert!(checked > 20_000);
    }
}

#[test]
fn four_copy_edge_cases() {
    let none = [0u8; KINDS];
    let cases: [(&str, i8); 7] = [
        ("1111m2222p3333s4z", 2),
        ("123m456p789s4444z", 1),
        ("1111m234567p888s", 1),
        ("11112222333344m", -1),
        ("19m19p19s1234566z", 0),
        ("1111222233334m", 0),
        ("11223344556677z", -1),
    ];
    for (s, want) in cases {
        let h: crate::Hand = s.parse().unwrap();
        assert_eq!(fast(h.counts(), &none, 0), want, "{s}");
        assert_eq!(shanten_ref(h.counts(), &none, 0), want, "{s}");
    }
}

/// Random hand: `melds` melds taken from a shuffled wall, then concealed tiles.
fn random_hand(
    rng: &mut SmallRng,
    melds: usize,
    extra: usize,
) -> (Counts, Counts, Vec<Vec<usize>>) {
    let mut wall: Vec<usize> = (0..136).map(|i| i / 4).collect();
    wall.shuffle(rng);
    let mut left = [4u8; KINDS];
    let mut mc = [0u8; KINDS];
    let mut made = Vec::new();
    while made.len() < melds {
        let k = rng.gen_range(0..KINDS);
        let kan = rng.gen_bool(0.2);
        let run = k < 27 && k % 9 <= 6 && rng.gen_bool(0.5);
        let tiles: Vec<usize> = if run {
            vec![k, k + 1, k + 2]
        } else if kan {
            vec![k; 4]
        } else {
            vec![k; 3]
        };
        let mut need = [0u8; KINDS];
        for &t in &tiles {
            need[t] += 1;
        }
        if (0..KINDS).all(|t| need[t] <= left[t]) {
            for &t in &tiles {
                left[t] -= 1;
                mc[t] += 1;
            }
            made.push(tiles);
        }
    }
    let mut c = [0u8; KINDS];
    let want = 13 - 3 * melds + extra;
    for k in wall {
        if c.iter().map(|&x| x as usize).sum::<usize>() == want {
            break;
        }
        if c[k] < left[k] {
            c[k] += 1;
        }
    }
    (c, mc, made)
}

fn random_hands(count: usize, seed: u64, mut check: impl FnMut(&Counts, &Counts, usize)) {
    random_hands_with_melds(count, seed, |c, mc, melds| check(c, mc, melds.len()));
}

fn random_hands_with_melds(
    count: usize,
    seed: u64,
    mut check: impl FnMut(&Counts, &Counts, &[Vec<usize>]),
) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for i in 0..count {
        let melds = if i % 2 == 0 { 0 } else { rng.gen_range(1..=4) };
        let (c, mc, made) = random_hand(&mut rng, melds, i / 2 % 2);
        check(&c, &mc, &made);
    }
}

/// Random hands per check: a million by default, `RIICHI_REFERENCE_HANDS` to
/// change it. The slower checks take a fraction of it.
fn reference_count() -> usize {
    std::env::var("RIICHI_REFERENCE_HANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

/// [`random_hands`] spread over every core: 64 slices, each with its own seed.
fn random_hands_parallel(count: usize, seed: u64, check: impl Fn(&Counts, &Counts, usize) + Sync) {
    use rayon::prelude::*;
    (0..64u64).into_par_iter().for_each(|slice| {
        let n = count / 64 + usize::from((slice as usize) < count % 64);
        random_hands(n, seed * 1000 + slice, |c, mc, melds| check(c, mc, melds));
    });
}

#[test]
fn random_hands_match_reference() {
    random_hands_parallel(reference_count(), 1, |c, mc, melds| {
        let s = fast(c, mc, melds);
        // Exact check without a full search: nothing misses fewer tiles than the
        // fast answer, and the fast answer's count is reached.
        let n: usize = c.iter().map(|&x| x as usize).sum();
        let caps: Counts = std::array::from_fn(|k| 4 - mc[k]);
        let mut std_ref = standard_ref_bounded(c, &caps, n / 3, s);
        if melds == 0 && n >= 13 {
            std_ref = std_ref.min(chiitoitsu_ref(c)).min(kokushi_ref(c));
        }
        assert_eq!(s, std_ref, "{c:?} melds {mc:?}");
    });
}

/// Standard shanten by search, given a guess: searches only around it.
fn standard_ref_bounded(c: &Counts, caps: &Counts, sets: usize, guess: i8) -> i8 {
    let g = (guess + 1) as u32;
    if standard_within(c, caps, sets, g) {
        // Something misses fewer than guess+1 tiles: find the true minimum.
        let mut d = 0;
        while !standard_within(c, caps, sets, d + 1) {
            d += 1;
        }
        d as i8 - 1
    } else {
        let mut d = g;
        while !standard_within(c, caps, sets, d + 1) {
            d += 1;
        }
        d as i8 - 1
    }
}

#[test]
fn waits_and_ukeire_match_brute_force() {
    random_hands(reference_count() / 40, 2, |c, mc, melds| {
        let n: usize = c.iter().map(|&x| x as usize).sum();
        if n % 3 != 1 {
            return;
        }
        let (s, mask) = shanten_and_lowering(c, Some(mc), melds);
        for k in 0..KINDS {
            let drawable = c[k] + mc[k] < 4;
            let mut more = *c;
            more[k] += 1;
            let lowers = drawable && fast(&more, mc, melds) < s;
            assert_eq!(mask >> k & 1 == 1, lowers, "kind {k} of {c:?} melds {mc:?}");
            if drawable {
                assert_eq!(is_complete(&more, melds), complete_ref(&more, melds));
                assert_eq!(s == 0 && lowers, complete_ref(&more, melds), "{more:?}");
            }
        }
    });
}

#[test]
fn discard_table_matches_one_by_one() {
    use super::waits::discard_options;
    use crate::meld::{Meld, MeldKind};
    use crate::tile::Tile;
    let tile = |k: usize| Tile::from_kind(k as u8).unwrap();
    random_hands_with_melds(reference_count() / 200, 3, |c, mc, made| {
        let n: usize = c.iter().map(|&x| x as usize).sum();
        if n % 3 != 2 {
            return;
        }
        let melds = made.len();
        let hand_melds: Vec<Meld> = made
            .iter()
            .map(|m| {
                let tiles: Vec<Tile> = m.iter().map(|&k| tile(k)).collect();
                let kind = match (m.len(), m[0] == m[1]) {
                    (4, _) => MeldKind::Ankan,
                    (_, true) => MeldKind::Pon,
                    _ => MeldKind::Chi,
                };
                Meld::new(kind, &tiles, None, None, None).unwrap()
            })
            .collect();
        let tiles: Vec<Tile> = (0..KINDS)
            .flat_map(|k| vec![tile(k); c[k] as usize])
            .collect();
        let hand = crate::Hand::new(&tiles, hand_melds).unwrap();
        let none = [0u8; KINDS];
        let opts = discard_options(&hand, &none).unwrap();
        let all = super::waits::Discards::new(c, mc, melds, super::TileSet::Full);
        // The least a discard leaves is the shanten of the hand before it, or
        // tenpai for a complete hand.
        let least = opts
            .iter()
            .map(|o| o.ukeire.shanten)
            .min()
            .expect("a discard");
        let before = crate::game::player::shanten_with(c, mc, melds);
        assert_eq!(all.hand_shanten(), before, "{c:?}");
        assert_eq!(least, before.max(0), "{c:?}");
        for o in &opts {
            let mut less = *c;
            less[o.tile.kind() as usize] -= 1;
            let (s, mask) = shanten_and_lowering(&less, Some(mc), melds);
            assert_eq!(o.ukeire.shanten, s, "{c:?} discard {}", o.tile);
            // The shanten alone, from the hand's optimal splits.
            assert_eq!(
                all.shanten(o.tile.kind() as usize),
                s,
                "{c:?} discard {}",
                o.tile
            );
            let kinds: Vec<u8> = o.ukeire.tiles().map(|(k, _)| k).collect();
            let want: Vec<u8> = (0..KINDS as u8).filter(|&k| mask >> k & 1 == 1).collect();
            assert_eq!(kinds, want, "{c:?} discard {}", o.tile);
        }
    });
}

/// A random complete hand (4 sets and a pair, some sets declared as melds), with
/// one concealed tile taken out: a tenpai hand and the kind taken.
fn random_tenpai(rng: &mut SmallRng) -> (Counts, Counts, usize, usize) {
    loop {
        let mut all = [0u8; KINDS];
        let mut sets = Vec::new();
        for _ in 0..4 {
            let k = rng.gen_range(0..KINDS);
            let run = k < 27 && k % 9 <= 6 && rng.gen_bool(0.6);
            sets.push(if run {
                vec![k, k + 1, k + 2]
            } else {
                vec![k; 3]
            });
        }
        let pair = rng.gen_range(0..KINDS);
        for s in &sets {
            for &t in s {
                all[t] += 1;
            }
        }
        all[pair] += 2;
        if all.iter().any(|&c| c > 4) {
            continue;
        }
        let melds = rng.gen_range(0..=4usize).saturating_sub(2);
        let mut mc = [0u8; KINDS];
        let mut c = all;
        for s in &sets[..melds] {
            for &t in s {
                mc[t] += 1;
                c[t] -= 1;
            }
        }
        let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0).collect();
        let out = held[rng.gen_range(0..held.len())];
        c[out] -= 1;
        return (c, mc, melds, out);
    }
}

#[test]
fn random_tenpai_hands_wait_on_exactly_what_completes_them() {
    let mut rng = SmallRng::seed_from_u64(4);
    for _ in 0..reference_count() {
        let (c, mc, melds, out) = random_tenpai(&mut rng);
        let (s, mask) = shanten_and_lowering(&c, Some(&mc), melds);
        assert_eq!(s, 0, "{c:?}");
        for k in 0..KINDS {
            let mut more = c;
            more[k] += 1;
            let completes = complete_ref(&more, melds);
            let drawable = c[k] + mc[k] < 4;
            assert_eq!(
                mask >> k & 1 == 1,
                completes && drawable,
                "kind {k} of {c:?} {mc:?}"
            );
        }
        assert!(mask >> out & 1 == 1, "the tile taken out is a wait");
    }
}

/// Standard shanten from the capped scan of each group (the definition).
fn scan_standard(d: &[super::shanten::Lanes; 4], n: usize) -> i8 {
    shanten::four_to(d, n / 3) as i8 - 1
}

/// The capped scan's distances of group `g` of `c`.
fn scan_group(c: &Counts, mc: &Counts, g: usize) -> super::shanten::Lanes {
    let (lo, hi) = shanten::GROUPS[g];
    let caps: Vec<u8> = mc[lo..hi].iter().map(|&m| 4 - m).collect();
    shanten::lanes(&super::distance::group_distances(&c[lo..hi], &caps, g < 3))
}

/// Shanten and lowering kinds of a hand with melds by the capped scan: each
/// drawable kind drawn, only its group scanned again.
fn scan_shanten_and_lowering(c: &Counts, mc: &Counts) -> (i8, u64) {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    let d = [0, 1, 2, 3].map(|g| scan_group(c, mc, g));
    let s = scan_standard(&d, n);
    let mut mask = 0u64;
    for k in (0..KINDS).filter(|&k| c[k] + mc[k] < 4) {
        let g = super::shanten::group_of(k);
        let mut more = *c;
        more[k] += 1;
        let mut dk = d;
        dk[g] = scan_group(&more, mc, g);
        if scan_standard(&dk, n + 1) < s {
            mask |= 1 << k;
        }
    }
    (s, mask)
}

/// Every hand of four or five concealed tiles of the kinds 1m-9m, 1p-3p and East
/// beside three melds that leave those kinds capped in every way three melds can
/// (two chi through a kind, chi beside a pon or kan of a kind next to it, three
/// overlapping chi, pon and kan of honors): shanten equals the capped scan's,
/// the case where one set and a pair are found without the tables.
#[test]
fn one_set_beside_three_melds_matches_the_capped_scan() {
    fn each_hand(pool: &[usize], size: usize, c: &mut Counts, f: &mut impl FnMut(&Counts)) {
        match pool.split_first() {
            None => {
                if size == 0 {
                    f(c);
                }
            }
            Some((&k, rest)) => {
                for take in 0..=size.min(4) {
                    c[k] = take as u8;
                    each_hand(rest, size - take, c, f);
                }
                c[k] = 0;
            }
        }
    }
    let meld_sets: [&[&[usize]]; 6] = [
        &[&[0, 1, 2], &[0, 1, 2], &[4, 4, 4]],
        &[&[0, 0, 0], &[0, 1, 2], &[8, 8, 8, 8]],
        &[&[4, 4, 4, 4], &[5, 6, 7], &[27, 27, 27]],
        &[&[1, 2, 3], &[2, 3, 4], &[3, 4, 5]],
        &[&[1, 1, 1], &[2, 2, 2], &[9, 10, 11]],
        &[&[27, 27, 27, 27], &[3, 4, 5], &[3, 4, 5]],
    ];
    let pool = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 27];
    let mut checked = 0;
    for melds in meld_sets {
        let mut mc = [0u8; KINDS];
        for m in melds {
            for &k in *m {
                mc[k] += 1;
            }
        }
        for size in [4, 5] {
            each_hand(&pool, size, &mut [0u8; KINDS], &mut |c| {
                if (0..KINDS).any(|k| c[k] + mc[k] > 4) {
                    return;
                }
                let want = scan_standard(&[0, 1, 2, 3].map(|g| scan_group(c, &mc, g)), size);
                assert_eq!(
                    shanten::standard(c, Some(&mc), 1),
                    want,
                    "{c:?} beside {mc:?}"
                );
                let (s, _) = shanten_and_lowering(c, Some(&mc), 3);
                assert_eq!(s, want, "{c:?} beside {mc:?}");
                checked += 1;
            });
        }
    }
    assert!(checked > 20_000, "{checked} hands");
}

/// Hands with 1-4 melds (chi, pon, kan; concealed tiles drawn from what the melds
/// leave, so melds and concealed tiles share kinds): shanten and the lowering
/// kinds (the waits of a tenpai hand, the kinds ukeire counts) equal the capped
/// scan's: shanten on a million hands by default, the lowering kinds on every
/// 4th (a scan per drawable kind), the discard table of every 200th (3n+2),
/// each discard against the scan.
#[test]
fn melded_hands_match_the_capped_scan() {
    use super::waits::{discard_options, Discards};
    use super::TileSet;
    use crate::meld::{Meld, MeldKind};
    use crate::tile::Tile;
    use rayon::prelude::*;
    let count = reference_count();
    let tile = |k: usize| Tile::from_kind(k as u8).unwrap();
    (0..64u64).into_par_iter().for_each(|slice| {
        let mut rng = SmallRng::seed_from_u64(16_000 + slice);
        let n = count / 64 + usize::from((slice as usize) < count % 64);
        for i in 0..n {
            let melds = 1 + i % 4;
            let full = i % 200 == 199;
            let (c, mc, made) = random_hand(&mut rng, melds, usize::from(full));
            let tiles: usize = c.iter().map(|&x| x as usize).sum();
            let sets = tiles / 3;
            let want = scan_standard(&[0, 1, 2, 3].map(|g| scan_group(&c, &mc, g)), tiles);
            assert_eq!(shanten::standard(&c, Some(&mc), sets), want, "{c:?} {mc:?}");
            if !full {
                if i % 4 != 0 {
                    continue;
                }
                let got = shanten_and_lowering(&c, Some(&mc), melds);
                assert_eq!(got, scan_shanten_and_lowering(&c, &mc), "{c:?} {mc:?}");
                continue;
            }
            let hand_melds: Vec<Meld> = made
                .iter()
                .map(|m| {
                    let ts: Vec<Tile> = m.iter().map(|&k| tile(k)).collect();
                    let kind = match (m.len(), m[0] == m[1]) {
                        (4, _) => MeldKind::Ankan,
                        (_, true) => MeldKind::Pon,
                        _ => MeldKind::Chi,
                    };
                    Meld::new(kind, &ts, None, None, None).unwrap()
                })
                .collect();
            let ts: Vec<Tile> = (0..KINDS)
                .flat_map(|k| vec![tile(k); c[k] as usize])
                .collect();
            let hand = crate::Hand::new(&ts, hand_melds).unwrap();
            let all = Discards::new(&c, &mc, hand.melds().len(), TileSet::Full);
            for o in discard_options(&hand, &[0; KINDS]).unwrap() {
                let mut less = c;
                less[o.tile.kind() as usize] -= 1;
                let (s, mask) = scan_shanten_and_lowering(&less, &mc);
                assert_eq!(o.ukeire.shanten, s, "{c:?} {mc:?} discard {}", o.tile);
                // The shanten alone, from one group's distances.
                assert_eq!(all.shanten(o.tile.kind() as usize), s, "{c:?} {mc:?}");
                let got = o.ukeire.kinds;
                assert_eq!(got, mask, "{c:?} {mc:?} discard {}", o.tile);
            }
        }
    });
}

// ---------------------------------------------------------------------------
// Three-player (sanma): the same references with 2m-8m out of reach (capped at
// 0 copies), against the fast analysis told the tile set.

mod sanma {
    use super::super::shanten;
    use super::super::waits::{discard_options_in, shanten_and_lowering_in, Discards};
    use super::super::TileSet;
    use super::*;

    const SET: TileSet = TileSet::Sanma;

    /// The copies out of reach: the melds' and all of 2m-8m.
    fn out_of_reach(mc: &Counts) -> Counts {
        SET.unavailable(Some(mc)).expect("sanma removes kinds")
    }

    /// The fast sanma shanten, its three entry points agreeing.
    fn fast_sanma(c: &Counts, mc: &Counts, melds: usize) -> i8 {
        let any_meld = mc.iter().any(|&x| x > 0);
        let by = shanten::by_form_in(c, any_meld.then_some(mc), melds, SET);
        let (s, mask) = shanten_and_lowering_in(c, Some(mc), melds, SET);
        assert_eq!(by.min(), s, "{c:?}");
        assert_eq!(mask & SET.absent_mask(), 0, "{c:?}");
        if !any_meld {
            assert_eq!(shanten::shanten_in(c, SET), s, "{c:?}");
        }
        s
    }

    /// The kinds of one part of a sanma hand, each enumerated with 0-4 copies:
    /// pin, sou, and man's 1m and 9m with the honors.
    const PARTS: [&[usize]; 3] = [
        &[9, 10, 11, 12, 13, 14, 15, 16, 17],
        &[18, 19, 20, 21, 22, 23, 24, 25, 26],
        &[0, 8, 27, 28, 29, 30, 31, 32, 33],
    ];

    /// Every hand of one part (3n+1 or 3n+2 tiles, at most 14): shanten equals
    /// the search over targets; for each tenpai 3n+1 hand the waits are exactly
    /// the existing kinds that complete it.
    #[test]
    fn every_single_part_hand() {
        let none = [0u8; KINDS];
        let reach = out_of_reach(&none);
        for kinds in PARTS {
            let mut held = vec![0u8; kinds.len()];
            let mut checked = 0;
            loop {
                let n: usize = held.iter().map(|&x| x as usize).sum();
                if n % 3 != 0 && n <= 14 {
                    let mut c = [0u8; KINDS];
                    for (&k, &h) in kinds.iter().zip(&held) {
                        c[k] = h;
                    }
                    let want = shanten_ref(&c, &reach, 0);
                    let s = fast_sanma(&c, &none, 0);
                    assert_eq!(s, want, "{held:?} of {kinds:?}");
                    if s == 0 && n % 3 == 1 {
                        let (_, mask) = shanten_and_lowering_in(&c, None, 0, SET);
                        for k in 0..KINDS {
                            let mut more = c;
                            more[k] += 1;
                            let wins =
                                !SET.is_absent(k as u8) && c[k] < 4 && complete_ref(&more, 0);
                            assert_eq!(mask >> k & 1 == 1, wins, "kind {k} of {c:?}");
                        }
                    }
                    checked += 1;
                }
                let mut i = 0;
                while i < held.len() {
                    held[i] += 1;
                    if held[i] <= 4 {
                        break;
                    }
                    held[i] = 0;
                    i += 1;
                }
                if i == held.len() {
                    break;
                }
            }
            assert!(checked > 20_000);
        }
    }

    /// The kinds a three-player wall holds, four of each.
    fn sanma_kinds() -> Vec<usize> {
        (0..KINDS).filter(|&k| !SET.is_absent(k as u8)).collect()
    }

    /// A random three-player hand: `melds` melds (pon, ankan, and chi in pin or
    /// sou) from a shuffled 108-tile wall, then concealed tiles.
    fn random_sanma_hand(
        rng: &mut SmallRng,
        melds: usize,
        extra: usize,
    ) -> (Counts, Counts, Vec<Vec<usize>>) {
        let kinds = sanma_kinds();
        let mut wall: Vec<usize> = kinds.iter().flat_map(|&k| [k; 4]).collect();
        assert_eq!(wall.len(), 108);
        wall.shuffle(rng);
        let mut left = [0u8; KINDS];
        for &k in &kinds {
            left[k] = 4;
        }
        let mut mc = [0u8; KINDS];
        let mut made = Vec::new();
        while made.len() < melds {
            let k = kinds[rng.gen_range(0..kinds.len())];
            let run = (9..27).contains(&k) && k % 9 <= 6 && rng.gen_bool(0.5);
            let tiles: Vec<usize> = if run {
                vec![k, k + 1, k + 2]
            } else if rng.gen_bool(0.2) {
                vec![k; 4]
            } else {
                vec![k; 3]
            };
            let mut need = [0u8; KINDS];
            for &t in &tiles {
                need[t] += 1;
            }
            if (0..KINDS).all(|t| need[t] <= left[t]) {
                for &t in &tiles {
                    left[t] -= 1;
                    mc[t] += 1;
                }
                made.push(tiles);
            }
        }
        let mut c = [0u8; KINDS];
        let want = 13 - 3 * melds + extra;
        for k in wall {
            if c.iter().map(|&x| x as usize).sum::<usize>() == want {
                break;
            }
            if c[k] < left[k] {
                c[k] += 1;
            }
        }
        (c, mc, made)
    }

    /// Random three-player hands (half closed, half with 1-4 melds; 13 and 14
    /// tiles): shanten equals the search over targets within the copies that
    /// exist, on `reference_count()` hands (a million by default).
    #[test]
    fn random_sanma_hands_match_reference() {
        use rayon::prelude::*;
        let count = reference_count();
        (0..64u64).into_par_iter().for_each(|slice| {
            let mut rng = SmallRng::seed_from_u64(30_000 + slice);
            let n = count / 64 + usize::from((slice as usize) < count % 64);
            for i in 0..n {
                let melds = if i % 2 == 0 { 0 } else { rng.gen_range(1..=4) };
                let (c, mc, _) = random_sanma_hand(&mut rng, melds, i / 2 % 2);
                let s = fast_sanma(&c, &mc, melds);
                let tiles: usize = c.iter().map(|&x| x as usize).sum();
                let caps: Counts = std::array::from_fn(|k| 4 - out_of_reach(&mc)[k]);
                let mut want = standard_ref_bounded(&c, &caps, tiles / 3, s);
                if melds == 0 && tiles >= 13 {
                    want = want.min(chiitoitsu_ref(&c)).min(kokushi_ref(&c));
                }
                assert_eq!(s, want, "{c:?} melds {mc:?}");
            }
        });
    }

    /// Waits and ukeire of random three-player hands: a kind lowers the shanten
    /// exactly when it exists, a copy is left, and the hand with it has a lower
    /// reference shanten; a tenpai hand's waits are what completes it.
    #[test]
    fn sanma_waits_and_ukeire_match_brute_force() {
        let mut rng = SmallRng::seed_from_u64(31);
        for i in 0..reference_count() / 40 {
            let melds = if i % 2 == 0 { 0 } else { rng.gen_range(1..=4) };
            let (c, mc, _) = random_sanma_hand(&mut rng, melds, 0);
            let (s, mask) = shanten_and_lowering_in(&c, Some(&mc), melds, SET);
            for k in 0..KINDS {
                let drawable = !SET.is_absent(k as u8) && c[k] + mc[k] < 4;
                let mut more = c;
                more[k] += 1;
                let lowers = drawable && fast_sanma(&more, &mc, melds) < s;
                assert_eq!(mask >> k & 1 == 1, lowers, "kind {k} of {c:?} melds {mc:?}");
                if drawable {
                    assert_eq!(s == 0 && lowers, complete_ref(&more, melds), "{more:?}");
                }
            }
        }
    }

    /// The discard table of random 14-tile three-player hands: each discard's
    /// shanten and ukeire kinds equal the 13-tile analysis of what it leaves, and
    /// no removed kind is ever counted.
    #[test]
    fn sanma_discard_table_matches_one_by_one() {
        use crate::meld::{Meld, MeldKind};
        use crate::tile::Tile;
        let tile = |k: usize| Tile::from_kind(k as u8).unwrap();
        let mut rng = SmallRng::seed_from_u64(32);
        for i in 0..reference_count() / 200 {
            let melds = if i % 2 == 0 { 0 } else { rng.gen_range(1..=4) };
            let (c, mc, made) = random_sanma_hand(&mut rng, melds, 1);
            let hand_melds: Vec<Meld> = made
                .iter()
                .map(|m| {
                    let ts: Vec<Tile> = m.iter().map(|&k| tile(k)).collect();
                    let kind = match (m.len(), m[0] == m[1]) {
                        (4, _) => MeldKind::Ankan,
                        (_, true) => MeldKind::Pon,
                        _ => MeldKind::Chi,
                    };
                    Meld::new(kind, &ts, None, None, None).unwrap()
                })
                .collect();
            let ts: Vec<Tile> = (0..KINDS)
                .flat_map(|k| vec![tile(k); c[k] as usize])
                .collect();
            let hand = crate::Hand::new(&ts, hand_melds).unwrap();
            let all = Discards::new(&c, &mc, melds, SET);
            for o in discard_options_in(&hand, &[0; KINDS], SET).unwrap() {
                let mut less = c;
                less[o.tile.kind() as usize] -= 1;
                let (s, mask) = shanten_and_lowering_in(&less, Some(&mc), melds, SET);
                assert_eq!(o.ukeire.shanten, s, "{c:?} {mc:?} discard {}", o.tile);
                assert_eq!(all.shanten(o.tile.kind() as usize), s, "{c:?} {mc:?}");
                let got = o.ukeire.kinds;
                assert_eq!(got, mask, "{c:?} {mc:?} discard {}", o.tile);
            }
        }
    }

    /// Hands worked out by hand: man is 1m and 9m alone, so what four players
    /// reach through 2m-8m is gone, and a removed kind is never a wait.
    #[test]
    fn sanma_edge_cases() {
        let none = [0u8; KINDS];
        // (hand, four-player shanten, three-player shanten)
        let cases: [(&str, i8, i8); 4] = [
            // Three sets, an 11z pair, 1m and 9m single: 1 shanten either way
            // (with four players 1m may grow into 12m, with three only pair up).
            ("19m123456p789s11z", 1, 1),
            // Four sets and a 9m single: tenpai on the 9m tanki.
            ("9m123456p789s111z", 0, 0),
            // 1m 1m 9m 9m as two pairs with three sets: shanpon on 1m and 9m.
            ("1199m123456p789s", 0, 0),
            // Kokushi with 1m and 9m is the same in both.
            ("19m19p19s1234567z", 0, 0),
        ];
        for (s, four, three) in cases {
            let h: crate::Hand = s.parse().unwrap();
            assert_eq!(shanten::shanten(h.counts()), four, "{s}");
            assert_eq!(fast_sanma(h.counts(), &none, 0), three, "{s}");
            assert_eq!(
                shanten_ref(h.counts(), &out_of_reach(&none), 0),
                three,
                "{s}"
            );
        }
        let h: crate::Hand = "1199m123456p789s".parse().unwrap();
        let w = super::super::waits::waits_in(&h, SET).unwrap();
        let tiles: Vec<String> = w.waits.iter().map(|w| w.tile.to_string()).collect();
        assert_eq!(tiles, ["1m", "9m"]);
        // A 1m with 23m waits on 1m or 4m with four players; three-player refuses it.
        let h: crate::Hand = "23m111999p123s111z".parse().unwrap();
        assert!(super::super::waits::waits_in(&h, SET).is_err());
    }
}
