//! Criterion benchmarks of the native analysis on the shared corpus
//! (`../shared/bench`, or `RIICHI_SHARED`): shanten of 13/14-tile hands,
//! completeness of winning hands, waits of tenpai hands, the full discard table.
//! Each bench checks its results before timing. Run: `cargo bench --bench analysis`.

use _core::algo::{agari, shanten, waits};
use _core::tile::{Counts, KINDS};
use _core::Hand;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
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

criterion_group!(
    benches,
    bench_shanten,
    bench_complete_and_waits,
    bench_discards
);
criterion_main!(benches);
