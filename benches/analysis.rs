//! Criterion benchmarks of the native analysis on the shared corpus
//! (`../shared/bench`, or `RIICHI_SHARED`): shanten of 13/14-tile hands,
//! completeness of winning hands, waits of tenpai hands, the full discard table.
//! Each bench checks its results before timing. Run: `cargo bench --bench analysis`.
//! Hands with 1-4 melds (chi, pon and kan holding copies of concealed kinds) are
//! drawn at random from a fixed seed; their answers are checked against the
//! capped scan of `distance::group_distances` and against completeness.

use _core::algo::{agari, distance, shanten, waits};
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
        for h in &hands {
            let (s, _) = waits::shanten_and_lowering(h, None, 0);
            assert_eq!(
                shanten::shanten(h),
                s,
                "fast and full paths disagree on {h:?}"
            );
        }
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
    assert!(
        hands.iter().all(|h| agari::is_complete(h, 0)),
        "a winning hand not complete"
    );
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
            assert!(
                waits::wait_mask(&t) >> w & 1 == 1,
                "win tile not among the waits"
            );
            t
        })
        .collect();
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
    for h in &hands {
        let opts = waits::discard_options(h, &none).expect("14 tiles");
        let best = opts.first().expect("a discard").ukeire.shanten;
        let s = shanten::shanten(h.counts());
        assert!(
            best == s || (s == -1 && best == 0),
            "best discard keeps the shanten"
        );
    }
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

/// A hand with melds: concealed counts, the copies in melds, the hand itself.
struct Melded {
    counts: Counts,
    meld_counts: Counts,
    hand: Hand,
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
    Melded {
        counts,
        meld_counts,
        hand: Hand::new(&tiles, hand_melds).expect("valid hand"),
    }
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

/// Standard shanten by the capped scan of each group: the reference.
fn scan_shanten(c: &Counts, mc: &Counts) -> i8 {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    let d = [0, 1, 2, 3].map(|g| {
        let (lo, hi) = shanten::GROUPS[g];
        let caps: Vec<u8> = mc[lo..hi].iter().map(|&m| 4 - m).collect();
        shanten::lanes(&distance::group_distances(&c[lo..hi], &caps, g < 3))
    });
    shanten::four_to(&d, n / 3) as i8 - 1
}

/// Kinds whose drawing lowers the reference shanten.
fn scan_lowering(c: &Counts, mc: &Counts) -> u64 {
    let s = scan_shanten(c, mc);
    (0..KINDS)
        .filter(|&k| c[k] + mc[k] < 4)
        .filter(|&k| {
            let mut more = *c;
            more[k] += 1;
            scan_shanten(&more, mc) < s
        })
        .fold(0, |m, k| m | 1 << k)
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
        for h in hands.iter().chain(&full) {
            let (c, mc) = (&h.counts, &h.meld_counts);
            let n = h.hand.concealed_len();
            assert_eq!(shanten::standard(c, Some(mc), n / 3), scan_shanten(c, mc));
        }
        for h in &hands {
            let (c, mc) = (&h.counts, &h.meld_counts);
            let (s, mask) = waits::shanten_and_lowering(c, Some(mc), melds);
            assert_eq!(
                (s, mask),
                (scan_shanten(c, mc), scan_lowering(c, mc)),
                "{c:?} {mc:?}"
            );
        }
        for h in &tenpai {
            let (c, mc) = (&h.counts, &h.meld_counts);
            let (s, mask) = waits::shanten_and_lowering(c, Some(mc), melds);
            assert_eq!(s, 0, "a tenpai hand");
            let want = (0..KINDS)
                .filter(|&k| c[k] + mc[k] < 4)
                .filter(|&k| {
                    let mut more = *c;
                    more[k] += 1;
                    agari::is_complete(&more, melds)
                })
                .fold(0u64, |m, k| m | 1 << k);
            assert_eq!(mask, want, "waits of {c:?} beside {mc:?}");
        }
        let none = [0u8; KINDS];
        for h in &full {
            for o in waits::discard_options(&h.hand, &none).expect("3n+2") {
                let mut less = h.counts;
                less[o.tile.kind() as usize] -= 1;
                let mc = &h.meld_counts;
                assert_eq!(o.ukeire.shanten, scan_shanten(&less, mc));
                let mask = o.ukeire.tiles.iter().fold(0u64, |m, &(k, _)| m | 1 << k);
                assert_eq!(mask, scan_lowering(&less, mc));
            }
        }
        let m = melds.to_string();
        g.throughput(Throughput::Elements(hands.len() as u64));
        g.bench_with_input(BenchmarkId::new("shanten", &m), &hands, |b, hs| {
            b.iter(|| {
                hs.iter()
                    .map(|h| {
                        let n = h.hand.concealed_len();
                        shanten::standard(black_box(&h.counts), Some(&h.meld_counts), n / 3) as i32
                    })
                    .sum::<i32>()
            });
        });
        // The kinds that lower the shanten: ukeire of any hand, waits of a tenpai one.
        for (name, set) in [("ukeire_mask", &hands), ("waits_mask", &tenpai)] {
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
        g.throughput(Throughput::Elements(full.len() as u64));
        g.bench_with_input(BenchmarkId::new("discard_table", &m), &full, |b, hs| {
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
    g.finish();
}

criterion_group!(
    benches,
    bench_shanten,
    bench_complete_and_waits,
    bench_discards,
    bench_melded
);
criterion_main!(benches);
