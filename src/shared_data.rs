//! Where the tests find the real game logs they prove the readers and the
//! engine on: `RIICHI_SHARED` (a folder), or `shared/` beside the repository.
//!
//! Without the data a test cannot prove anything, so it never passes silently:
//! when `RIICHI_REQUIRE_SHARED` is set (`make test` sets it, and so CI), a
//! missing folder or one without the files a test needs fails the test; when it
//! is not set (a plain `cargo test` on a machine without the data), the test
//! prints `skipped: …` and returns.

use std::path::{Path, PathBuf};

/// The shared folder, wherever it is expected.
fn root() -> PathBuf {
    match std::env::var_os("RIICHI_SHARED") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// The path of `data/{sub}` in the shared folder (which may not exist).
pub fn path(sub: &str) -> PathBuf {
    root().join("data").join(sub)
}

/// The files ending in `.{ext}` under `data/{sub}` of the shared folder, sorted
/// and never empty; `None` (after saying so) when there are none and the data
/// is not required, a panic when it is.
pub fn files(sub: &str, ext: &str) -> Option<Vec<PathBuf>> {
    let dir = path(sub);
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| Some(e.ok()?.path()))
                .filter(|p| p.extension().is_some_and(|x| x == ext))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    if !found.is_empty() {
        return Some(found);
    }
    let why = format!("no .{ext} file in {}", dir.display());
    assert!(
        std::env::var_os("RIICHI_REQUIRE_SHARED").is_none(),
        "{why}, and RIICHI_REQUIRE_SHARED is set: the test needs the shared data"
    );
    eprintln!("skipped: {why} (set RIICHI_SHARED to the shared folder)");
    None
}

/// [`files`] with each file's text.
pub fn texts(sub: &str, ext: &str) -> Option<Vec<(PathBuf, String)>> {
    Some(
        files(sub, ext)?
            .into_iter()
            .map(|p| {
                let text =
                    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                (p, text)
            })
            .collect(),
    )
}
