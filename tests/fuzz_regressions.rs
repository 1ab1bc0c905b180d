//! The inputs that once made a fuzz target fail (`fuzz/regressions/<target>/`),
//! run through the very checks of the fuzz targets (`fuzz/src/checks.rs`), so
//! that `cargo test` keeps them fixed. See `fuzz/README.md`.

#[path = "../fuzz/src/checks.rs"]
mod checks;

use std::path::Path;

/// Targets whose fuzzing has found a bug, each with its reproducers in
/// `fuzz/regressions/<target>/`; the others have none (and no folder).
const WITH_REPRODUCERS: [&str; 5] = ["score", "engine", "mjlog", "tenhou6", "mjai"];

/// The files of `dir`, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = entries
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    paths
}

/// Run `check` on every reproducer of `target` and on every input of its seed
/// corpus (`fuzz/corpus/<target>/`, never empty); the panic names the file. A
/// target listed in [`WITH_REPRODUCERS`] must have reproducers, and one not
/// listed must have none: a folder that goes missing or empty fails here rather
/// than passing with nothing checked.
fn replay(target: &str, check: fn(&[u8])) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let reproducers = files(&root.join("regressions").join(target));
    if WITH_REPRODUCERS.contains(&target) {
        assert!(
            !reproducers.is_empty(),
            "fuzz/regressions/{target}/ is missing or empty: its reproducers are gone"
        );
    } else {
        assert!(
            reproducers.is_empty(),
            "fuzz/regressions/{target}/ has reproducers: list {target} in WITH_REPRODUCERS"
        );
    }
    let corpus = files(&root.join("corpus").join(target));
    assert!(
        !corpus.is_empty(),
        "fuzz/corpus/{target}/ is missing or empty"
    );
    for path in reproducers.iter().chain(&corpus) {
        let data = std::fs::read(path).expect("a readable input");
        assert!(
            std::panic::catch_unwind(|| check(&data)).is_ok(),
            "{} fails again",
            path.display()
        );
    }
}

#[test]
fn mpsz() {
    replay("mpsz", checks::mpsz);
}

#[test]
fn meld() {
    replay("meld", checks::meld);
}

#[test]
fn hand() {
    replay("hand", checks::hand);
}

#[test]
fn score() {
    replay("score", checks::score);
}

#[test]
fn engine() {
    replay("engine", checks::engine);
}

#[test]
fn mjlog() {
    replay("mjlog", checks::mjlog);
}

#[test]
fn tenhou6() {
    replay("tenhou6", checks::tenhou6);
}

#[test]
fn mjai() {
    replay("mjai", checks::mjai);
}

// Release builds (`cargo test --release`) do not check overflow, so the inputs
// that overflowed are checked here for what the fix does: they are refused.

#[test]
fn mjlog_scores_and_honba_out_of_range_are_refused() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions/mjlog");
    for name in [
        "init-ten-overflow.mjlog",
        "reach-ten-overflow.mjlog",
        "agari-sc-overflow.mjlog",
        "owari-overflow.mjlog",
        "init-honba-truncated.mjlog",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).expect("a reproducer");
        let e = _core::logs::mjlog::read_mjlog(&text).expect_err(name);
        assert!(e.to_string().contains("out of range"), "{name}: {e}");
    }
    let text = std::fs::read_to_string(dir.join("rate-nan.mjlog")).expect("a reproducer");
    let r = _core::logs::mjlog::read_mjlog(&text).expect("reads");
    assert_eq!(r.players[0].rate, None);
    assert_eq!(r.players[1].rate, Some(2204.0));
}

#[test]
fn a_replay_refuses_scores_beyond_any_game() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions/mjai/start-scores-overflow.jsonl");
    let text = std::fs::read_to_string(path).expect("a reproducer");
    let record = _core::logs::mjai::read_mjai(&text).expect("reads");
    let report = _core::logs::replay::replay(&record, true);
    let m = &report.mismatches[0];
    assert_eq!(m.kind, "record");
    assert!(m.ours.contains("scores are within"), "{}", m.ours);
}
