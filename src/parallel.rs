//! Where parallel work runs: one place for the thread-count choice of every batch
//! call and simulation.

/// Run `f` in this thread (`f(false)`, one thread asked), in rayon's global pool
/// (`f(true)`, the default), or in a pool of the requested size.
pub fn in_pool<R: Send>(
    threads: Option<usize>,
    f: impl FnOnce(bool) -> Result<R, String> + Send,
) -> Result<R, String> {
    match threads {
        Some(1) => f(false),
        Some(t) if t != rayon::current_num_threads() => rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build()
            .map_err(|e| e.to_string())
            .and_then(|pool| pool.install(|| f(true))),
        _ => f(true),
    }
}
