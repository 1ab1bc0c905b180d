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

/// Where many calls of [`in_pool`] with the same `threads` run: in the pool of
/// the requested size, started once (inside it `in_pool` starts none), or where
/// the call is (one thread, the default size).
pub struct Pool(Option<rayon::ThreadPool>);

impl Pool {
    /// The pool for `threads`: started only when `in_pool` would start one.
    pub fn new(threads: Option<usize>) -> Result<Pool> {
        match threads {
            Some(t) if t != 1 && t != rayon::current_num_threads() => {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(t)
                    .build()
                    .map(|p| Pool(Some(p)))
                    .map_err(|e| {
                        MahjongError::InvalidInput(format!("cannot start {t} threads: {e}"))
                    })
            }
            _ => Ok(Pool(None)),
        }
    }

    /// `f` run inside the pool (or here when there is none).
    pub fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        match &self.0 {
            Some(p) => p.install(f),
            None => f(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_pool_inside_a_pool_of_that_size_runs_there() {
        let pool = Pool::new(Some(3)).expect("pool");
        let n = pool.install(|| in_pool(Some(3), |_| Ok(rayon::current_num_threads())));
        assert_eq!(n.expect("run"), 3);
        assert!(Pool::new(Some(1)).expect("none").0.is_none());
        assert!(Pool::new(None).expect("none").0.is_none());
    }
}
