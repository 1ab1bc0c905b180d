//! Criterion benchmark of whole games inside Rust: east-south games under the
//! Tenhou rules (four players) and Tenhou's three-player rules with built-in
//! agents, on one thread and on all cores.
//! Every timed run checks its statistics against the one-thread run. Run:
//! `cargo bench --bench game`; `cargo test --release --bench game` runs each once.

use _core::game::agents::AgentKind;
use _core::game::sim::simulate;
use _core::rules::Rules;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench_games(c: &mut Criterion) {
    bench_games_under(c, "games", &Rules::default());
    bench_games_under(
        c,
        "sanma_games",
        &Rules::preset("tenhou_sanma").expect("a preset"),
    );
}

fn bench_games_under(c: &mut Criterion, group: &str, rules: &Rules) {
    let rules = rules.clone();
    let seats = u64::from(rules.players);
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    let n = 100;
    g.throughput(Throughput::Elements(n));
    for agent in [AgentKind::Random, AgentKind::Shanten] {
        // The answer every timed run must give: the same statistics on any
        // number of threads, whole games whose points and places add up.
        let want = simulate(&rules, n, agent, 0, Some(1)).expect("games");
        assert_eq!(want.games, n);
        assert_eq!(
            want.ranks.iter().sum::<u64>(),
            seats * (seats + 1) / 2 * n,
            "places 1 to the seats' count each game"
        );
        let start = i64::from(rules.start_points) * seats as i64;
        assert_eq!(
            want.points.iter().sum::<i64>(),
            start * n as i64,
            "points conserved"
        );
        assert!(want.hands >= n && want.decisions > 100 * n, "{want:?}");
        for threads in [1, 2] {
            let name = format!("{}_{threads}_threads", agent.name());
            g.bench_function(name, |b| {
                b.iter(|| {
                    let got = simulate(&rules, n, agent, 0, Some(threads)).expect("games");
                    assert_eq!(got, want);
                });
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench_games);
criterion_main!(benches);
