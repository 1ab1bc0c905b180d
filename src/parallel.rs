//! Where parallel work runs: one place for the thread-count choice of every batch
//! call and simulation.

use crate::error::{MahjongError, Result};

/// Run `f` in this thread (`f(false)`, one thread asked), in rayon's global pool
/// (`f(true)`, the default), or in a pool of the requested size.
pub fn in_pool<R: Send>(
    threads: Option<usize>,
    f: impl FnOnce(bool) -> Result<R> + Send,
) -> Result<R> {
    match threads {
        Some(1) => f(false),
        Some(t) if t != rayon::current_num_threads() => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| MahjongError::InvalidInput(format!("cannot start {t} threads: {e}")))
            .and_then(|pool| pool.install(|| f(true))),
        _ => f(true),
    }
}
