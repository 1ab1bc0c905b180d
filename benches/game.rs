//! Criterion benchmark of whole games inside Rust: east-south games under the
//! Tenhou rules with built-in agents, on one thread and on all cores.
//! Run: `cargo bench --bench game`.

use _core::game::agents::AgentKind;
use _core::game::sim::simulate;
use _core::rules::Rules;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench_games(c: &mut Criterion) {
    let rules = Rules::default();
    let mut g = c.benchmark_group("games");
    g.sample_size(10);
    let n = 100;
    g.throughput(Throughput::Elements(n));
    for agent in [AgentKind::Random, AgentKind::Shanten] {
        for threads in [1, 2] {
            let name = format!("{}_{threads}_threads", agent.name());
            g.bench_function(name, |b| {
                b.iter(|| simulate(&rules, n, agent, 0, Some(threads)).expect("games"));
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench_games);
criterion_main!(benches);
