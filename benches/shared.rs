//! Where the benches find the shared inputs: `RIICHI_SHARED` (the shared
//! folder), else `shared/` beside the repository. A bench without its inputs
//! measures nothing, so with `RIICHI_REQUIRE_SHARED` set (`make test` and
//! `make bench` set it) a missing folder fails the run; otherwise the bench says
//! it is skipped.

use std::path::{Path, PathBuf};

/// `sub` of the shared folder when it holds `needed`; else `None` after saying
/// so (or a panic when the data is required).
pub fn dir(sub: &str, needed: &str) -> Option<PathBuf> {
    let root = std::env::var_os("RIICHI_SHARED").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
        PathBuf::from,
    );
    let dir = root.join(sub);
    if dir.join(needed).exists() {
        return Some(dir);
    }
    let why = format!("{} is absent", dir.join(needed).display());
    assert!(
        std::env::var_os("RIICHI_REQUIRE_SHARED").is_none(),
        "{why}, and RIICHI_REQUIRE_SHARED is set: the bench needs the shared data"
    );
    eprintln!("skipped: {why}");
    None
}
