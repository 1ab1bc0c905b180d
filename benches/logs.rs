//! Criterion benchmark of real logs: parsing the 177 shared Tenhou mjlogs and
//! replaying each through the engine with every event checked, on one thread and
//! on all cores (`logs::replay_many`). Run: `cargo bench --bench logs`.

use _core::logs::mjlog::read_mjlog;
use _core::logs::{replay::replay, replay_many, Source};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::Path;

fn bench_logs(c: &mut Criterion) {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/tenhou/mjlog"
    ));
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("skipped: {} is absent", dir.display());
        return;
    };
    let texts: Vec<String> = entries
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok())
        .collect();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut g = c.benchmark_group("mjlog");
    g.sample_size(10);
    g.throughput(Throughput::Elements(texts.len() as u64));
    g.bench_function("parse", |b| {
        b.iter(|| {
            refs.iter()
                .map(|t| read_mjlog(t).expect("log").events.len())
                .sum::<usize>()
        });
    });
    g.bench_function("parse_and_replay_1_thread", |b| {
        b.iter(|| {
            refs.iter()
                .map(|t| replay(&read_mjlog(t).expect("log"), true))
                .filter(_core::logs::replay::ReplayReport::ok)
                .count()
        });
    });
    g.bench_function("parse_and_replay_all_cores", |b| {
        let sources: Vec<Source> = refs
            .iter()
            .map(|t| Source::Text((*t).to_string()))
            .collect();
        b.iter(|| replay_many(&sources, true, true).len());
    });
    g.finish();
}

criterion_group!(benches, bench_logs);
criterion_main!(benches);
