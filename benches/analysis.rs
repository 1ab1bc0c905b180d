//! Criterion benchmarks of the native analysis on the shared corpus
//! (`../shared/bench`, or `RIICHI_SHARED`): shanten of 13/14-tile hands,
//! completeness of winning hands, waits of tenpai hands, the full discard table.
//! Hands with 1-4 melds (chi, pon and kan holding copies of concealed kinds) are
//! drawn at random from a fixed seed; the `play` rows time hands as they occur in
//! real games (`benches/play_corpus.py`), split by meld count. Before timing, every answer the timed calls
//! give is checked against `reference`, a brute-force search written from the
//! definition of shanten that shares no code with the library's algorithms; each
//! bench says how many hands it checked. Run: `cargo bench --bench analysis`.

use _core::algo::{agari, shanten, waits};
use _core::tile::{Counts, KINDS};
use _core::{Hand, Meld, MeldKind, Tile};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use std::path::PathBuf;

/// The benchmark corpus: `RIICHI_SHARED` (the shared folder or its `bench/`), else
/// `../shared/bench` beside the repository.
fn corpus_dir() -> Option<PathBuf> {
    let candidates = match std::env::var_os("RIICHI_SHARED") {
        Some(d) => vec![PathBuf::from(&d).join("bench"), PathBuf::from(d)],
        None => vec![PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/bench")],
    };
    candidates
        .into_iter()
        .find(|d| d.join("shanten14.jsonl").is_file())
}

/// The reference every timed answer is checked against, written from the
/// definition and sharing no code with the library's algorithms: shanten is the
/// fewest tiles to draw to reach a complete hand, minus one, where the complete
/// hand (with the tiles in melds) holds no kind more than four times.
mod reference {
    use _core::tile::{Counts, KINDS};

    const YAOCHUU: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

    fn total(c: &Counts) -> usize {
        c.iter().map(|&x| x as usize).sum()
    }

    /// Shanten of concealed `c` beside melds holding `mc` (`melds` of them): the
    /// standard form, and seven pairs and kokushi for a closed hand.
    pub fn shanten(c: &Counts, mc: &Counts, melds: usize) -> i8 {
        missing_below(c, mc, melds, usize::MAX) as i8 - 1
    }

    /// The fewest missing tiles over the forms, when fewer than `limit` (the
    /// search stops looking at targets that cannot beat it); else `limit`.
    fn missing_below(c: &Counts, mc: &Counts, melds: usize, limit: usize) -> usize {
        let mut limit = limit;
        if melds == 0 && total(c) >= 13 {
            limit = limit.min(chiitoitsu_missing(c)).min(kokushi_missing(c));
        }
        standard_missing(c, mc, limit)
    }

    /// Kinds not yet held four times (melds included) whose drawing lowers the
    /// shanten.
    pub fn lowering_by_definition(c: &Counts, mc: &Counts, melds: usize) -> u64 {
        let missing = missing_below(c, mc, melds, usize::MAX);
        (0..KINDS)
            .filter(|&k| c[k] + mc[k] < 4)
            .filter(|&k| {
                let mut more = *c;
                more[k] += 1;
                missing_below(&more, mc, melds, missing) < missing
            })
            .fold(0, |m, k| m | 1 << k)
    }

    /// [`lowering_by_definition`] in one search per hand: a drawn kind lowers the
    /// shanten exactly when some nearest complete hand of a form holds more of it
    /// than the hand does (drawing it leaves one tile fewer missing; conversely a
    /// target one tile nearer after the draw was a nearest one before that needed
    /// it). The standard form's nearest targets are all visited by the search
    /// (`Search::nearest`); seven pairs and kokushi are tried kind by kind.
    pub fn lowering(c: &Counts, mc: &Counts, melds: usize) -> u64 {
        let (std, mut mask) = standard_nearest(c, mc);
        let closed = melds == 0 && total(c) >= 13;
        if !closed {
            return mask;
        }
        let (chi, kok) = (chiitoitsu_missing(c), kokushi_missing(c));
        let missing = std.min(chi).min(kok);
        if std > missing {
            mask = 0;
        }
        for k in (0..KINDS).filter(|&k| c[k] < 4) {
            let mut more = *c;
            more[k] += 1;
            if (chi == missing && chiitoitsu_missing(&more) < missing)
                || (kok == missing && kokushi_missing(&more) < missing)
            {
                mask |= 1 << k;
            }
        }
        mask
    }

    /// The standard form's missing count and the kinds its nearest targets hold
    /// beyond the hand.
    fn standard_nearest(c: &Counts, mc: &Counts) -> (usize, u64) {
        let missing = standard_missing(c, mc, usize::MAX);
        let sets = total(c) / 3;
        let mut s = Search::new(mc, sets, 3 * sets + 2 - missing);
        s.nearest = Some(0);
        let mut c = *c;
        let left = total(&c);
        s.go(&mut c, 0, 0, left, 0, 0, false);
        (missing, s.nearest.expect("collected"))
    }

    /// Shanten of the standard form alone.
    pub fn standard(c: &Counts, mc: &Counts) -> i8 {
        standard_missing(c, mc, usize::MAX) as i8 - 1
    }

    /// Whether `c` (3n+2 tiles) beside `melds` melds is a complete hand.
    pub fn complete(c: &Counts, melds: usize) -> bool {
        total(c) % 3 == 2 && shanten(c, &[0; KINDS], melds) == -1
    }

    /// Seven distinct pairs: the fewest tiles to draw, choosing the kinds by
    /// dynamic programming over the kinds.
    fn chiitoitsu_missing(c: &Counts) -> usize {
        let mut best = [usize::MAX; 8];
        best[0] = 0;
        for &held in c {
            for j in (1..8).rev() {
                if best[j - 1] != usize::MAX {
                    best[j] = best[j].min(best[j - 1] + 2 - usize::from(held.min(2)));
                }
            }
        }
        best[7]
    }

    /// One of each terminal and honor and a second of one of them.
    fn kokushi_missing(c: &Counts) -> usize {
        YAOCHUU
            .iter()
            .map(|&pair| {
                YAOCHUU
                    .iter()
                    .map(|&y| usize::from(if y == pair { 2u8 } else { 1 }.saturating_sub(c[y])))
                    .sum::<usize>()
            })
            .min()
            .expect("thirteen kinds")
    }

    /// The standard form: `total / 3` sets and a pair. Missing tiles are the
    /// target's size less the hand's tiles it keeps, so the search maximises the
    /// tiles kept. Going up the kinds, the lowest tile left either leaves the hand
    /// or is kept by a new target block (pair, triplet or run holding it) that
    /// also keeps some of the block's higher tiles; a block keeps no lower tile,
    /// those having been dealt with. Blocks keeping nothing cost their full size:
    /// each goes on a kind no block nor meld holds (there are always such kinds:
    /// at most 15 in the blocks and 12 in melds, of 34). Fewer than `limit`
    /// missing, or `limit`.
    fn standard_missing(c: &Counts, mc: &Counts, limit: usize) -> usize {
        let sets = total(c) / 3;
        let size = 3 * sets + 2;
        // Kept tiles a target must beat.
        let mut s = Search::new(mc, sets, size.saturating_sub(limit));
        let mut c = *c;
        let left = total(&c);
        s.go(&mut c, 0, 0, left, 0, 0, false);
        (size - s.best).min(limit)
    }

    struct Search {
        mc: Counts,
        /// Tiles of the target blocks made so far.
        target: Counts,
        /// The hand's tiles those blocks keep.
        kept_kinds: Counts,
        sets: usize,
        /// Most tiles kept by a target found.
        best: usize,
        /// When set, `best` is the most any target keeps, and the search visits
        /// every target keeping that many, gathering the kinds they need.
        nearest: Option<u64>,
    }

    impl Search {
        fn new(mc: &Counts, sets: usize, best: usize) -> Search {
            Search {
                mc: *mc,
                target: [0; KINDS],
                kept_kinds: [0; KINDS],
                sets,
                best,
                nearest: None,
            }
        }

        /// The kinds a nearest target ending here needs: those its blocks hold
        /// beyond the tiles kept, and any a block keeping nothing could hold
        /// (on a nearest target no such block holds a tile the hand could keep).
        fn needed(&self, sets_used: usize, pair: bool) -> u64 {
            let fits = |x: usize, n: u8| self.target[x] + self.mc[x] + n <= 4;
            (0..KINDS)
                .filter(|&k| {
                    let runs = k < 27
                        && (k.saturating_sub(2)..=k).any(|a| {
                            a / 9 == k / 9 && a % 9 <= 6 && (a..a + 3).all(|x| fits(x, 1))
                        });
                    let set = sets_used < self.sets && (fits(k, 3) || runs);
                    self.target[k] > self.kept_kinds[k] || set || (!pair && fits(k, 2))
                })
                .fold(0, |m, k| m | 1 << k)
        }

        /// Add `tiles` to the target if every kind stays within four copies.
        fn add(&mut self, tiles: &[usize]) -> bool {
            for (i, &t) in tiles.iter().enumerate() {
                if self.target[t] + self.mc[t] >= 4 {
                    for &u in &tiles[..i] {
                        self.target[u] -= 1;
                    }
                    return false;
                }
                self.target[t] += 1;
            }
            true
        }

        fn remove(&mut self, tiles: &[usize]) {
            for &t in tiles {
                self.target[t] -= 1;
            }
        }

        /// `c`: tiles not yet dealt with, all of kind `k` or above (`left` of
        /// them); `kept` so far by `sets_used` sets and the pair if `pair`. The
        /// blocks made at one kind are made in a fixed order (pair, triplet, the
        /// runs from the lowest, then tiles leaving), from `step` on, so that no
        /// set of blocks is tried twice.
        #[allow(clippy::too_many_arguments)]
        fn go(
            &mut self,
            c: &mut Counts,
            k: usize,
            step: usize,
            left: usize,
            kept: usize,
            sets_used: usize,
            pair: bool,
        ) {
            let room = 3 * (self.sets - sets_used) + if pair { 0 } else { 2 };
            let bound = kept + left.min(room);
            if bound < self.best || (bound == self.best && self.nearest.is_none()) {
                return;
            }
            if left == 0 || room == 0 {
                if let Some(m) = self.nearest {
                    if kept == self.best {
                        self.nearest = Some(m | self.needed(sets_used, pair));
                    }
                } else {
                    self.best = self.best.max(kept);
                }
                return;
            }
            let (mut k, mut step) = (k, step);
            while c[k] == 0 {
                k += 1;
                step = 0;
            }
            // A pair or a triplet of k keeping 1, 2 (or 3) copies.
            for (i, size) in [(0, 2usize), (1, 3)] {
                let ok = if size == 2 {
                    !pair
                } else {
                    sets_used < self.sets
                };
                let block = &[k; 3][..size];
                if i < step || !ok || !self.add(block) {
                    continue;
                }
                for keep in (1..=size.min(c[k].into())).rev() {
                    c[k] -= keep as u8;
                    self.kept_kinds[k] += keep as u8;
                    let (s, p) = if size == 2 {
                        (sets_used, true)
                    } else {
                        (sets_used + 1, pair)
                    };
                    self.go(c, k, i, left - keep, kept + keep, s, p);
                    c[k] += keep as u8;
                    self.kept_kinds[k] -= keep as u8;
                }
                self.remove(block);
            }
            // A run a, a+1, a+2 holding k, keeping k and any of its higher tiles held.
            for (i, a) in (2..).zip(k.saturating_sub(2)..=k) {
                let fits = k < 27 && a / 9 == k / 9 && a % 9 <= 6;
                if i < step || !fits || sets_used == self.sets {
                    continue;
                }
                let run = [a, a + 1, a + 2];
                if !self.add(&run) {
                    continue;
                }
                let higher = k + 1..=a + 2;
                let n = higher.clone().count();
                for pick in (0..1usize << n).rev() {
                    let chosen = || {
                        higher
                            .clone()
                            .enumerate()
                            .filter(move |&(b, _)| pick >> b & 1 == 1)
                            .map(|(_, x)| x)
                    };
                    if chosen().any(|x| c[x] == 0) {
                        continue;
                    }
                    for x in std::iter::once(k).chain(chosen()) {
                        c[x] -= 1;
                        self.kept_kinds[x] += 1;
                    }
                    let keep = 1 + chosen().count();
                    self.go(c, k, i, left - keep, kept + keep, sets_used + 1, pair);
                    for x in std::iter::once(k).chain(chosen()) {
                        c[x] += 1;
                        self.kept_kinds[x] -= 1;
                    }
                }
                self.remove(&run);
            }
            // Or the tile leaves the hand.
            c[k] -= 1;
            self.go(c, k, 5, left - 1, kept, sets_used, pair);
            c[k] += 1;
        }
    }
}

/// Say how many hands a bench checked against the reference.
fn checked(what: &str, hands: usize) {
    assert!(hands > 0, "{what}: nothing checked");
    eprintln!("{what}: {hands} hands checked against the reference");
}

fn numbers(line: &str, key: &str) -> Vec<usize> {
    let v: serde_json::Value = serde_json::from_str(line).expect("json line");
    v[key]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|x| x.as_u64().expect("number") as usize)
                .collect()
        })
        .unwrap_or_default()
}

fn load(file: &str, key: &str, limit: usize) -> Vec<Counts> {
    let Some(dir) = corpus_dir() else {
        eprintln!("shared corpus not found (../shared/bench or RIICHI_SHARED): skipping {file}");
        return Vec::new();
    };
    let text = std::fs::read_to_string(dir.join(file)).expect("read corpus");
    text.lines()
        .take(limit)
        .map(|l| {
            let mut c = [0u8; KINDS];
            for t in numbers(l, key) {
                c[if key == "k34" { t } else { t / 4 }] += 1;
            }
            c
        })
        .collect()
}

/// Closed winning hands of the agari corpus (no melds).
fn closed_wins(limit: usize) -> Vec<(Counts, usize)> {
    let Some(dir) = corpus_dir() else {
        return Vec::new();
    };
    let text = std::fs::read_to_string(dir.join("agari.jsonl")).expect("read corpus");
    text.lines()
        .filter(|l| l.contains("\"melds\":[]"))
        .take(limit)
        .map(|l| {
            let mut c = [0u8; KINDS];
            for t in numbers(l, "concealed136") {
                c[t / 4] += 1;
            }
            let win = serde_json::from_str::<serde_json::Value>(l).expect("json")["win136"]
                .as_u64()
                .expect("win136") as usize
                / 4;
            (c, win)
        })
        .collect()
}

fn bench_shanten(c: &mut Criterion) {
    let mut g = c.benchmark_group("shanten");
    for (name, file) in [("14", "shanten14.jsonl"), ("13", "shanten13.jsonl")] {
        let hands = load(file, "k34", 10_000);
        if hands.is_empty() {
            continue;
        }
        let none = [0u8; KINDS];
        for h in &hands {
            assert_eq!(
                shanten::shanten(h),
                reference::shanten(h, &none, 0),
                "shanten of {h:?}"
            );
        }
        checked(&format!("shanten/counts/{name}"), hands.len());
        g.throughput(Throughput::Elements(hands.len() as u64));
        g.bench_with_input(BenchmarkId::new("counts", name), &hands, |b, hs| {
            b.iter(|| {
                hs.iter()
                    .map(|h| shanten::shanten(black_box(h)) as i32)
                    .sum::<i32>()
            });
        });
    }
    g.finish();
}

fn bench_complete_and_waits(c: &mut Criterion) {
    let wins = closed_wins(5_000);
    if wins.is_empty() {
        return;
    }
    let mut g = c.benchmark_group("agari");
    let hands: Vec<Counts> = wins.iter().map(|(h, _)| *h).collect();
    for h in &hands {
        assert!(
            reference::complete(h, 0),
            "a winning hand not complete: {h:?}"
        );
        assert!(
            agari::is_complete(h, 0),
            "a winning hand not complete: {h:?}"
        );
    }
    checked("agari/is_complete", hands.len());
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("is_complete", |b| {
        b.iter(|| {
            hands
                .iter()
                .filter(|h| agari::is_complete(black_box(h), 0))
                .count()
        });
    });
    // Tenpai hands: each win without its winning tile; the win must be a wait.
    let tenpai: Vec<Counts> = wins
        .iter()
        .map(|(h, w)| {
            let mut t = *h;
            t[*w] -= 1;
            let none = [0u8; KINDS];
            assert_eq!(reference::shanten(&t, &none, 0), 0, "{t:?} is tenpai");
            let want = reference::lowering(&t, &none, 0);
            assert!(want >> w & 1 == 1, "win tile not among the waits");
            assert_eq!(waits::wait_mask(&t), want, "waits of {t:?}");
            t
        })
        .collect();
    checked("agari/waits", tenpai.len());
    g.bench_function("waits", |b| {
        b.iter(|| {
            tenpai
                .iter()
                .map(|h| waits::wait_mask(black_box(h)).count_ones())
                .sum::<u32>()
        });
    });
    g.finish();
}

fn bench_discards(c: &mut Criterion) {
    let hands: Vec<Hand> = load("shanten14.jsonl", "k34", 2_000)
        .iter()
        .map(|c| {
            let tiles: Vec<_> = (0..KINDS)
                .flat_map(|k| std::iter::repeat_n(k as u8, c[k] as usize))
                .map(|k| _core::Tile::from_kind(k).expect("kind"))
                .collect();
            Hand::new(&tiles, vec![]).expect("valid hand")
        })
        .collect();
    if hands.is_empty() {
        return;
    }
    let none = [0u8; KINDS];
    for (i, h) in hands.iter().enumerate() {
        check_discards(h, &none, i < BY_DEFINITION);
    }
    checked("discard_table/14", hands.len());
    let mut g = c.benchmark_group("discard_table");
    g.throughput(Throughput::Elements(hands.len() as u64));
    g.bench_function("14", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(|h| {
                    waits::discard_options(black_box(h), &none)
                        .expect("ok")
                        .len()
                })
                .sum::<usize>()
        });
    });
    g.finish();
}

/// A hand with melds: concealed counts, the copies in melds, the sets the
/// concealed tiles must make (known with the hand, as a caller knows it), the
/// hand itself.
#[derive(Clone)]
struct Melded {
    counts: Counts,
    meld_counts: Counts,
    sets: usize,
    hand: Hand,
}

impl Melded {
    fn new(counts: Counts, meld_counts: Counts, hand: Hand) -> Melded {
        Melded {
            counts,
            meld_counts,
            sets: hand.concealed_len() / 3,
            hand,
        }
    }
}

fn tile(k: usize) -> Tile {
    Tile::from_kind(k as u8).expect("kind")
}

fn melded(counts: Counts, melds: &[Vec<usize>]) -> Melded {
    let mut meld_counts = [0u8; KINDS];
    let hand_melds = melds
        .iter()
        .map(|m| {
            for &k in m {
                meld_counts[k] += 1;
            }
            let kind = match (m.len(), m[0] == m[1]) {
                (4, _) => MeldKind::Ankan,
                (_, true) => MeldKind::Pon,
                _ => MeldKind::Chi,
            };
            let tiles: Vec<Tile> = m.iter().map(|&k| tile(k)).collect();
            Meld::new(kind, &tiles, None, None, None).expect("meld")
        })
        .collect();
    let tiles: Vec<Tile> = (0..KINDS)
        .flat_map(|k| std::iter::repeat_n(tile(k), counts[k] as usize))
        .collect();
    Melded::new(
        counts,
        meld_counts,
        Hand::new(&tiles, hand_melds).expect("valid hand"),
    )
}

/// `melds` random chi, pon and kan (a fifth of them kans), then `13 - 3 melds +
/// extra` concealed tiles from a shuffled wall within the copies left.
fn random_melded(rng: &mut SmallRng, melds: usize, extra: usize) -> Melded {
    let mut left = [4u8; KINDS];
    let mut made = Vec::new();
    while made.len() < melds {
        let k = rng.gen_range(0..KINDS);
        let m = if k < 27 && k % 9 <= 6 && rng.gen_bool(0.5) {
            vec![k, k + 1, k + 2]
        } else if rng.gen_bool(0.2) {
            vec![k; 4]
        } else {
            vec![k; 3]
        };
        let fits = m
            .iter()
            .all(|&t| m.iter().filter(|&&x| x == t).count() as u8 <= left[t]);
        if fits {
            for &t in &m {
                left[t] -= 1;
            }
            made.push(m);
        }
    }
    let mut wall: Vec<usize> = (0..KINDS)
        .flat_map(|k| std::iter::repeat_n(k, left[k] as usize))
        .collect();
    wall.shuffle(rng);
    let mut c = [0u8; KINDS];
    for &k in &wall[..13 - 3 * melds + extra] {
        c[k] += 1;
    }
    melded(c, &made)
}

/// A random tenpai hand with `melds` melds: a complete hand whose first sets are
/// declared, one concealed tile taken out.
fn random_melded_tenpai(rng: &mut SmallRng, melds: usize) -> Melded {
    loop {
        let mut all = [0u8; KINDS];
        let mut sets = Vec::new();
        for _ in 0..4 {
            let k = rng.gen_range(0..KINDS);
            sets.push(if k < 27 && k % 9 <= 6 && rng.gen_bool(0.6) {
                vec![k, k + 1, k + 2]
            } else {
                vec![k; 3]
            });
        }
        let pair = rng.gen_range(0..KINDS);
        for &t in sets.iter().flatten() {
            all[t] += 1;
        }
        all[pair] += 2;
        if all.iter().any(|&c| c > 4) {
            continue;
        }
        let mut c = all;
        for &t in sets[..melds].iter().flatten() {
            c[t] -= 1;
        }
        let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0).collect();
        c[held[rng.gen_range(0..held.len())]] -= 1;
        return melded(c, &sets[..melds]);
    }
}

/// Hands of each set whose ukeire the reference also finds the slow way, straight
/// from the definition (one search per kind drawn).
const BY_DEFINITION: usize = 100;

/// Every option of the discard table of `h` (melds holding `mc`) against the
/// reference: one per kind held, the shanten it leaves, the kinds lowering it with
/// their live copies (the discarded copy stays seen).
fn check_discards(h: &Hand, mc: &Counts, by_definition: bool) {
    let c = h.counts();
    let melds = h.melds().len();
    let opts = waits::discard_options(h, &[0u8; KINDS]).expect("3n+2");
    // One option per tile held, a red five apart from a plain one.
    let mut offered: Vec<Tile> = opts.iter().map(|o| o.tile).collect();
    offered.sort_unstable();
    let mut held = h.concealed_tiles();
    held.sort_unstable();
    held.dedup();
    assert_eq!(offered, held, "one option per tile held in {h}");
    for o in &opts {
        let mut less = *c;
        less[o.tile.kind() as usize] -= 1;
        assert_eq!(
            o.ukeire.shanten,
            reference::shanten(&less, mc, melds),
            "{h} - {}",
            o.tile
        );
        let mask = reference::lowering(&less, mc, melds);
        if by_definition {
            let def = reference::lowering_by_definition(&less, mc, melds);
            assert_eq!(mask, def, "the reference's two ways on {h} - {}", o.tile);
        }
        let want: Vec<(u8, u8)> = (0..KINDS)
            .filter(|&k| mask >> k & 1 == 1)
            .map(|k| (k as u8, 4 - c[k] - mc[k]))
            .collect();
        assert_eq!(
            o.ukeire.tiles().collect::<Vec<_>>(),
            want,
            "ukeire of {h} - {}",
            o.tile
        );
    }
    let best = opts.first().expect("a discard").ukeire.shanten;
    assert_eq!(
        best,
        opts.iter().map(|o| o.ukeire.shanten).min().expect("some"),
        "best first"
    );
}

/// The timed rows of a group for hands with `melds` melds: shanten and the ukeire
/// mask of `hands`, the waits mask of the `tenpai` ones, the discard table of the
/// 14-tile `full` ones (rows with no hands left out).
fn time_rows(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    melds: usize,
    hands: &[&Melded],
    tenpai: &[&Melded],
    full: &[&Melded],
) {
    let m = melds.to_string();
    if !hands.is_empty() {
        g.throughput(Throughput::Elements(hands.len() as u64));
        g.bench_with_input(BenchmarkId::new("shanten", &m), hands, |b, hs| {
            b.iter(|| {
                hs.iter()
                    .map(|h| {
                        shanten::standard(black_box(&h.counts), Some(&h.meld_counts), h.sets) as i32
                    })
                    .sum::<i32>()
            });
        });
    }
    // The kinds that lower the shanten: ukeire of any hand, waits of a tenpai one.
    for (name, set) in [("ukeire_mask", hands), ("waits_mask", tenpai)] {
        if set.is_empty() {
            continue;
        }
        g.throughput(Throughput::Elements(set.len() as u64));
        g.bench_with_input(BenchmarkId::new(name, &m), set, |b, hs| {
            b.iter(|| {
                hs.iter()
                    .map(|h| {
                        let (c, mc) = (black_box(&h.counts), Some(&h.meld_counts));
                        waits::shanten_and_lowering(c, mc, melds).1.count_ones()
                    })
                    .sum::<u32>()
            });
        });
    }
    if full.is_empty() {
        return;
    }
    let none = [0u8; KINDS];
    g.throughput(Throughput::Elements(full.len() as u64));
    g.bench_with_input(BenchmarkId::new("discard_table", &m), full, |b, hs| {
        b.iter(|| {
            hs.iter()
                .map(|h| {
                    waits::discard_options(black_box(&h.hand), &none)
                        .expect("ok")
                        .len()
                })
                .sum::<usize>()
        });
    });
}

fn refs(v: &[Melded]) -> Vec<&Melded> {
    v.iter().collect()
}

fn bench_melded(c: &mut Criterion) {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut g = c.benchmark_group("melded");
    for melds in 1..=4usize {
        let hands: Vec<Melded> = (0..2_000)
            .map(|_| random_melded(&mut rng, melds, 0))
            .collect();
        let full: Vec<Melded> = (0..500)
            .map(|_| random_melded(&mut rng, melds, 1))
            .collect();
        let tenpai: Vec<Melded> = (0..2_000)
            .map(|_| random_melded_tenpai(&mut rng, melds))
            .collect();
        let m = melds.to_string();
        for h in &hands {
            let (c, mc) = (&h.counts, &h.meld_counts);
            let n = h.hand.concealed_len();
            assert_eq!(
                shanten::standard(c, Some(mc), n / 3),
                reference::standard(c, mc),
                "{c:?} beside {mc:?}"
            );
            let (s, mask) = waits::shanten_and_lowering(c, Some(mc), melds);
            assert_eq!(
                (s, mask),
                (
                    reference::shanten(c, mc, melds),
                    reference::lowering(c, mc, melds)
                ),
                "{c:?} beside {mc:?}"
            );
        }
        for h in &hands[..BY_DEFINITION] {
            let (c, mc) = (&h.counts, &h.meld_counts);
            let def = reference::lowering_by_definition(c, mc, melds);
            assert_eq!(
                reference::lowering(c, mc, melds),
                def,
                "{c:?} beside {mc:?}"
            );
        }
        checked(&format!("melded/shanten+ukeire_mask/{m}"), hands.len());
        for h in &tenpai {
            let (c, mc) = (&h.counts, &h.meld_counts);
            let (s, mask) = waits::shanten_and_lowering(c, Some(mc), melds);
            assert_eq!(s, 0, "a tenpai hand");
            assert_eq!(reference::shanten(c, mc, melds), 0, "a tenpai hand");
            let want = (0..KINDS)
                .filter(|&k| c[k] + mc[k] < 4)
                .filter(|&k| {
                    let mut more = *c;
                    more[k] += 1;
                    reference::complete(&more, melds)
                })
                .fold(0u64, |m, k| m | 1 << k);
            assert_eq!(mask, want, "waits of {c:?} beside {mc:?}");
        }
        checked(&format!("melded/waits_mask/{m}"), tenpai.len());
        for (i, h) in full.iter().enumerate() {
            check_discards(&h.hand, &h.meld_counts, i < BY_DEFINITION);
        }
        checked(&format!("melded/discard_table/{m}"), full.len());
        time_rows(&mut g, melds, &refs(&hands), &refs(&tenpai), &refs(&full));
    }
    g.finish();
}

/// The real-play corpus `benches/play_corpus.py` writes (`RIICHI_PLAY_CORPUS`, else
/// `target/bench/play.jsonl`): every seat's hand at every decision of the shared
/// Tenhou games, as `(hand, size)` by meld count.
fn play_corpus() -> Option<[Vec<(Melded, usize)>; 5]> {
    let path = std::env::var_os("RIICHI_PLAY_CORPUS").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench/play.jsonl"),
        PathBuf::from,
    );
    let Ok(text) = std::fs::read_to_string(&path) else {
        let why = format!(
            "{} is absent (written by `python benches/play_corpus.py`)",
            path.display()
        );
        assert!(
            std::env::var_os("RIICHI_REQUIRE_SHARED").is_none(),
            "{why}, and RIICHI_REQUIRE_SHARED is set"
        );
        eprintln!("skipped: {why}");
        return None;
    };
    let mut by_melds: [Vec<(Melded, usize)>; 5] = Default::default();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("json line");
        let hand: Hand = v["hand"]
            .as_str()
            .expect("hand")
            .parse()
            .expect("a valid hand");
        let size = v["size"].as_u64().expect("size") as usize;
        let h = Melded::new(*hand.counts(), hand.meld_counts(), hand);
        by_melds[h.hand.melds().len()].push((h, size));
    }
    Some(by_melds)
}

/// Hands of each meld count and size checked and timed: every one in a check-only
/// run (`RIICHI_PLAY_ALL`), else the first of each.
fn play_limit(size: usize) -> usize {
    if std::env::var_os("RIICHI_PLAY_ALL").is_some() {
        usize::MAX
    } else if size == 13 {
        4_000
    } else {
        1_000
    }
}

/// The analysis of hands as they occur in play, split by meld count: shanten and
/// the ukeire mask of the 13-tile hands (a seat deciding on a claim), the waits
/// mask of those that are tenpai, the discard table of the 14-tile ones (a seat
/// choosing its discard). Every answer is checked against the reference first.
fn bench_play(c: &mut Criterion) {
    let Some(corpus) = play_corpus() else {
        return;
    };
    let mut g = c.benchmark_group("play");
    for (melds, rows) in corpus.iter().enumerate() {
        let m = melds.to_string();
        // Each size's hands copied side by side, as a caller holding a batch
        // holds them.
        let thirteen: Vec<Melded> = rows
            .iter()
            .filter(|(_, s)| *s == 13)
            .map(|(h, _)| h.clone())
            .take(play_limit(13))
            .collect();
        let fourteen: Vec<Melded> = rows
            .iter()
            .filter(|(_, s)| *s == 14)
            .map(|(h, _)| h.clone())
            .take(play_limit(14))
            .collect();
        let (thirteen, fourteen) = (refs(&thirteen), refs(&fourteen));
        let mut tenpai = Vec::new();
        for &h in &thirteen {
            let (c, mc) = (&h.counts, &h.meld_counts);
            let (s, mask) = waits::shanten_and_lowering(c, Some(mc), melds);
            assert_eq!(
                (s, mask),
                (
                    reference::shanten(c, mc, melds),
                    reference::lowering(c, mc, melds)
                ),
                "{}",
                h.hand
            );
            if s == 0 {
                tenpai.push(h);
            }
        }
        checked(&format!("play/shanten+ukeire_mask/{m}"), thirteen.len());
        for (i, h) in fourteen.iter().enumerate() {
            check_discards(&h.hand, &h.meld_counts, i < BY_DEFINITION);
        }
        checked(&format!("play/discard_table/{m}"), fourteen.len());
        time_rows(&mut g, melds, &thirteen, &tenpai, &fourteen);
    }
    g.finish();
}

/// Three-player hands: 14 (and 13) tiles drawn at random from the 108 tiles of
/// sanma (no 2m-8m), fixed seed. The reference sees 2m-8m as four copies held
/// elsewhere: kinds that can never be drawn.
fn bench_sanma(c: &mut Criterion) {
    let mut rng = SmallRng::seed_from_u64(27);
    let kinds: Vec<usize> = (0..KINDS).filter(|k| !(1..8).contains(k)).collect();
    let wall: Vec<usize> = kinds.iter().flat_map(|&k| [k; 4]).collect();
    let mut absent = [0u8; KINDS];
    absent[1..8].fill(4);
    let hand = |rng: &mut SmallRng, n: usize| {
        let mut c = [0u8; KINDS];
        for &k in wall.choose_multiple(rng, n) {
            c[k] += 1;
        }
        c
    };
    let set = _core::algo::TileSet::Sanma;
    let fourteen: Vec<Counts> = (0..5_000).map(|_| hand(&mut rng, 14)).collect();
    let thirteen: Vec<Counts> = (0..5_000).map(|_| hand(&mut rng, 13)).collect();
    for h in &fourteen {
        assert_eq!(
            shanten::shanten_in(h, set),
            reference::shanten(h, &absent, 0),
            "{h:?}"
        );
    }
    for h in &thirteen {
        let (s, mask) = waits::shanten_and_lowering_in(h, None, 0, set);
        assert_eq!(s, reference::shanten(h, &absent, 0), "{h:?}");
        assert_eq!(mask, reference::lowering(h, &absent, 0), "{h:?}");
    }
    checked("sanma/shanten", fourteen.len());
    checked("sanma/lowering", thirteen.len());
    let mut g = c.benchmark_group("sanma");
    g.throughput(Throughput::Elements(fourteen.len() as u64));
    g.bench_function("shanten_14", |b| {
        b.iter(|| {
            fourteen
                .iter()
                .map(|h| i32::from(shanten::shanten_in(black_box(h), set)))
                .sum::<i32>()
        });
    });
    g.bench_function("shanten_and_lowering_13", |b| {
        b.iter(|| {
            thirteen
                .iter()
                .map(|h| {
                    waits::shanten_and_lowering_in(black_box(h), None, 0, set)
                        .1
                        .count_ones()
                })
                .sum::<u32>()
        });
    });
    // The same hands under the 34 kinds, for the comparison.
    g.bench_function("shanten_14_four_player_rules", |b| {
        b.iter(|| {
            fourteen
                .iter()
                .map(|h| i32::from(shanten::shanten(black_box(h))))
                .sum::<i32>()
        });
    });
    g.bench_function("shanten_and_lowering_13_four_player_rules", |b| {
        b.iter(|| {
            thirteen
                .iter()
                .map(|h| {
                    waits::shanten_and_lowering(black_box(h), None, 0)
                        .1
                        .count_ones()
                })
                .sum::<u32>()
        });
    });
    // Hands with 1-3 melds (pon and kan of any kind, chi in pin and sou): the
    // characters beside a pon or kan of 1m or 9m read from the honors' table too.
    let melded_sanma = |rng: &mut SmallRng, extra: usize| {
        let mut left = [0u8; KINDS];
        for &k in &kinds {
            left[k] = 4;
        }
        let mut made = Vec::new();
        let count = rng.gen_range(1..=3);
        while made.len() < count {
            let k = kinds[rng.gen_range(0..kinds.len())];
            let m = if (9..27).contains(&k) && k % 9 <= 6 && rng.gen_bool(0.5) {
                vec![k, k + 1, k + 2]
            } else if rng.gen_bool(0.2) {
                vec![k; 4]
            } else {
                vec![k; 3]
            };
            if m.iter()
                .all(|&t| m.iter().filter(|&&x| x == t).count() as u8 <= left[t])
            {
                for &t in &m {
                    left[t] -= 1;
                }
                made.push(m);
            }
        }
        let mut rest: Vec<usize> = (0..KINDS)
            .flat_map(|k| std::iter::repeat_n(k, left[k] as usize))
            .collect();
        rest.shuffle(rng);
        let mut c = [0u8; KINDS];
        for &k in &rest[..13 - 3 * made.len() + extra] {
            c[k] += 1;
        }
        melded(c, &made)
    };
    let open13: Vec<Melded> = (0..5_000).map(|_| melded_sanma(&mut rng, 0)).collect();
    let open14: Vec<Melded> = (0..1_000).map(|_| melded_sanma(&mut rng, 1)).collect();
    for h in &open13 {
        let (c, mc, m) = (&h.counts, &h.meld_counts, h.hand.melds().len());
        let mut out = *mc;
        out[1..8].fill(4);
        let (s, mask) = waits::shanten_and_lowering_in(c, Some(mc), m, set);
        assert_eq!(s, reference::shanten(c, &out, m), "{}", h.hand);
        assert_eq!(mask, reference::lowering(c, &out, m), "{}", h.hand);
    }
    checked("sanma/melded_lowering", open13.len());
    for h in &open14 {
        let (c, mc, m) = (&h.counts, &h.meld_counts, h.hand.melds().len());
        let mut out = *mc;
        out[1..8].fill(4);
        for o in waits::discard_options_in(&h.hand, &[0; KINDS], set).expect("ok") {
            let mut less = *c;
            less[o.tile.kind() as usize] -= 1;
            let got = o.ukeire.kinds;
            assert_eq!(
                (o.ukeire.shanten, got),
                (
                    reference::shanten(&less, &out, m),
                    reference::lowering(&less, &out, m)
                ),
                "{} - {}",
                h.hand,
                o.tile
            );
        }
    }
    checked("sanma/melded_discard_table", open14.len());
    g.throughput(Throughput::Elements(open13.len() as u64));
    for (name, hand_set) in [
        ("melded_shanten_and_lowering_13", set),
        (
            "melded_shanten_and_lowering_13_four_player_rules",
            _core::algo::TileSet::Full,
        ),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                open13
                    .iter()
                    .map(|h| {
                        let m = h.hand.melds().len();
                        waits::shanten_and_lowering_in(
                            black_box(&h.counts),
                            Some(&h.meld_counts),
                            m,
                            hand_set,
                        )
                        .1
                        .count_ones()
                    })
                    .sum::<u32>()
            });
        });
    }
    g.throughput(Throughput::Elements(open14.len() as u64));
    let none = [0u8; KINDS];
    for (name, hand_set) in [
        ("melded_discard_table_14", set),
        (
            "melded_discard_table_14_four_player_rules",
            _core::algo::TileSet::Full,
        ),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                open14
                    .iter()
                    .map(|h| {
                        waits::discard_options_in(black_box(&h.hand), &none, hand_set)
                            .expect("ok")
                            .len()
                    })
                    .sum::<usize>()
            });
        });
    }
    g.finish();
}

criterion_group!(
    benches,
    bench_shanten,
    bench_complete_and_waits,
    bench_discards,
    bench_melded,
    bench_play,
    bench_sanma
);
criterion_main!(benches);
