//! Criterion benchmark of real logs: parsing the 177 shared Tenhou mjlogs and
//! replaying each through the engine with every event checked, on one thread and
//! on all cores (`logs::replay_many`). Every timed call checks its answers (all
//! events read, all 177 games replayed without a mismatch). Run:
//! `cargo bench --bench logs`; `cargo test --release --bench logs` runs each once.

use _core::logs::mjlog::read_mjlog;
use _core::logs::replay::{replay, ReplayReport};
use _core::logs::{replay_many, Source};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[path = "shared.rs"]
mod shared;

/// The shared Tenhou games, each of which replays without a mismatch.
const GAMES: usize = 177;

fn bench_logs(c: &mut Criterion) {
    // Any file of the folder will do to find it; every .mjlog is read.
    let Some(dir) = shared::dir("data/tenhou/mjlog", "") else {
        return;
    };
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("the mjlog folder")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mjlog"))
        .collect();
    paths.sort();
    let texts: Vec<String> = paths
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("a readable log"))
        .collect();
    assert_eq!(texts.len(), GAMES, "the shared Tenhou games");
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut g = c.benchmark_group("mjlog");
    g.sample_size(10);
    g.throughput(Throughput::Elements(texts.len() as u64));
    // The answers, checked before and during timing: every event read, every
    // game replayed without a mismatch.
    let events: usize = refs
        .iter()
        .map(|t| read_mjlog(t).expect("log").events.len())
        .sum();
    let replayed = |reports: Vec<ReplayReport>| reports.iter().filter(|r| r.ok()).count();
    assert_eq!(
        replayed(
            refs.iter()
                .map(|t| replay(&read_mjlog(t).expect("log"), true))
                .collect()
        ),
        GAMES,
        "a shared game no longer replays"
    );
    g.bench_function("parse", |b| {
        b.iter(|| {
            let n: usize = refs
                .iter()
                .map(|t| read_mjlog(t).expect("log").events.len())
                .sum();
            assert_eq!(n, events);
        });
    });
    g.bench_function("parse_and_replay_1_thread", |b| {
        b.iter(|| {
            let reports = refs
                .iter()
                .map(|t| replay(&read_mjlog(t).expect("log"), true))
                .collect();
            assert_eq!(replayed(reports), GAMES);
        });
    });
    g.bench_function("parse_and_replay_all_cores", |b| {
        let sources: Vec<Source> = refs
            .iter()
            .map(|t| Source::Text((*t).to_string()))
            .collect();
        b.iter(|| {
            let reports = replay_many(&sources, true, true)
                .into_iter()
                .map(|r| r.expect("a readable log"))
                .collect();
            assert_eq!(replayed(reports), GAMES);
        });
    });
    g.finish();
}

criterion_group!(benches, bench_logs);
criterion_main!(benches);
