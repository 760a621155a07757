//! Work over many games on every core, for texts big enough to pay for the threads: an
//! editor opening a 10 MB database, a checker reading one. Results keep their order.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// How many items one thread takes at a time: enough to pay for the atomic step.
const BATCH: usize = 8;

/// `work(i)` for every `i` in `0..n`, in order. With `parallel`, on up to as many threads as
/// the machine has cores (each taking the next batch of indices when it is done), else on
/// this thread alone.
pub fn map<T: Send>(n: usize, parallel: bool, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    map_init(n, parallel, || (), |(), i| work(i))
}

/// [`map`], with a state each thread makes once with `init` and hands to each `work` (a
/// node cache, a buffer).
pub fn map_init<S, T: Send>(
    n: usize,
    parallel: bool,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> T + Sync,
) -> Vec<T> {
    let threads = if parallel {
        cores().min(n.div_ceil(BATCH))
    } else {
        1
    };
    if threads <= 1 {
        let mut state = init();
        return (0..n).map(|i| work(&mut state, i)).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut state = init();
                    let mut mine = Vec::new();
                    loop {
                        let start = next.fetch_add(BATCH, Ordering::Relaxed);
                        if start >= n {
                            return mine;
                        }
                        for i in start..(start + BATCH).min(n) {
                            mine.push((i, work(&mut state, i)));
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| match w.join() {
                Ok(mine) => mine,
                // A panic in `work` is the caller's, as it would be on one thread.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, t)| t).collect()
}

/// The number of cores this process may run on, asked once: `available_parallelism` reads
/// the cgroup's files every time (three opens and a dozen reads on Linux), which was 8% of
/// `kifu check` on a folder of 1,000 small SGF files, one document each.
pub(crate) fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_keep_their_order() {
        let squares = super::map(1000, true, |i| i * i);
        assert_eq!(squares, (0..1000).map(|i| i * i).collect::<Vec<_>>());
        assert_eq!(super::map(3, false, |i| i), [0, 1, 2]);
        assert!(super::map(0, true, |i| i).is_empty());
    }
}
