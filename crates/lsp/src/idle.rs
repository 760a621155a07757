//! Freed memory given back to the system when the server has been idle for a while.
//!
//! glibc returns only the top of a heap when memory is freed; the holes that a re-parsed
//! game, an outline's answer or a document's lexed tokens leave inside it stay resident,
//! and each thread that allocates (tokio's two workers, the stdin reader, the parse on both
//! cores) has a heap of its own, whose holes the others do not fill. `malloc_trim(0)` gives
//! the whole pages of every hole back. It is done once the server has had nothing to do for
//! [`QUIET`], never while a message is handled: a trim during an edit would make the edit
//! take the pages back (a fixed trim threshold, which trims at every free, made edits 25%
//! slower; see "Language server" in docs/speed-history.md). A trim of the server holding a
//! 10 MB database takes about half a millisecond, on a thread of tokio's blocking pool.
//!
//! Large blocks do not make holes at all ([`large_blocks_apart`]): from 256 KiB they are
//! mapped apart and unmapped when freed, and the heap is trimmed only by the idle trim.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

/// How long the server is idle before it trims its heaps.
pub const QUIET: Duration = Duration::from_secs(1);

/// What the server is doing, as the trimming task sees it.
#[derive(Clone)]
pub struct Activity {
    /// Messages being handled now.
    busy: Arc<AtomicUsize>,
    /// Counts each message begun and ended, so the task sees that something happened.
    events: Arc<watch::Sender<u64>>,
}

/// A message being handled: the server is busy until it is dropped.
pub struct Busy(Activity);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
        self.0.events.send_modify(|n| *n += 1);
    }
}

impl Activity {
    /// Starts the task that trims the heaps after each quiet spell that follows some work.
    /// It ends when every `Activity` is dropped.
    pub fn start() -> Activity {
        Activity::trimming(QUIET, trim)
    }

    /// Starts the task with another quiet spell and trim (for tests).
    fn trimming(quiet: Duration, trim: fn()) -> Activity {
        let (events, mut seen) = watch::channel(0);
        let activity = Activity {
            busy: Arc::default(),
            events: Arc::new(events),
        };
        let busy = Arc::clone(&activity.busy);
        tokio::spawn(async move {
            while seen.changed().await.is_ok() {
                // Wait out the work: each new message starts the quiet spell again.
                loop {
                    match tokio::time::timeout(quiet, seen.changed()).await {
                        Ok(Ok(())) => {}
                        Ok(Err(_)) => return,
                        Err(_) if busy.load(Ordering::Acquire) == 0 => break,
                        // A long request: its end is an event, and the spell starts then.
                        Err(_) => {
                            if seen.changed().await.is_err() {
                                return;
                            }
                        }
                    }
                }
                seen.mark_unchanged();
                let _ = tokio::task::spawn_blocking(trim).await;
            }
        });
        activity
    }

    /// Marks a message begun; the server is busy until the returned guard is dropped.
    pub fn begin(&self) -> Busy {
        self.busy.fetch_add(1, Ordering::AcqRel);
        self.events.send_modify(|n| *n += 1);
        Busy(self.clone())
    }
}

/// The size from which a block is mapped apart from the heaps (glibc's own starting
/// value is 128 KiB).
pub const MMAP_THRESHOLD: usize = 256 << 10;

/// Sets glibc's allocator for a long-running server: blocks of [`MMAP_THRESHOLD`] and more
/// (a document's text, the root's list of games, an outline's answer, the lexed tokens of
/// a parse) are mapped apart and given back when freed, and the heaps are not trimmed at
/// each free (the idle trim does it). To be called before the server allocates much.
///
/// glibc's threshold moves: once a block larger than it is freed, blocks up to that size
/// come from the heaps. A server that has freed a 10 MB text then took every large block
/// from the heap of the thread that asked, and left a hole there when it was freed: after
/// 100 edits with an outline (1 MB of JSON) and a hover after each, 10 MiB of the heaps
/// was free and resident, and the server held 5.2–5.4 times its 10 MB text (issue 17
/// asks at most 5). With the threshold fixed, 4.7 times. Fixing it also fixes the trim
/// threshold at 128 KiB, which trims at nearly every free (edits 25% slower when that
/// was tried alone), hence the trim threshold set high.
pub fn large_blocks_apart() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` takes no pointer and only sets glibc's parameters, under its lock.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD as i32);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30);
    }
}

/// Gives the whole free pages of every heap back to the system.
fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` takes no pointer and only walks glibc's own free lists, under
    // the heaps' locks.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    static TRIMS: AtomicUsize = AtomicUsize::new(0);

    fn count() {
        TRIMS.fetch_add(1, Ordering::SeqCst);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_heaps_are_trimmed_once_after_work_and_a_quiet_spell() {
        let trims = || TRIMS.load(Ordering::SeqCst);
        let activity = super::Activity::trimming(Duration::from_millis(50), count);
        let sleep = |ms| tokio::time::sleep(Duration::from_millis(ms));
        sleep(200).await;
        assert_eq!(trims(), 0, "nothing was done yet");
        let busy = activity.begin();
        sleep(300).await;
        assert_eq!(trims(), 0, "not while a message is handled");
        drop(busy);
        sleep(300).await;
        assert_eq!(trims(), 1, "once, after the quiet spell");
        sleep(300).await;
        assert_eq!(trims(), 1, "not again without work");
        // Messages closer together than the spell: one trim after the last.
        for _ in 0..10 {
            drop(activity.begin());
            sleep(10).await;
        }
        assert_eq!(trims(), 1, "not between messages");
        sleep(300).await;
        assert_eq!(trims(), 2);
    }

    /// How many of four blocks of `size` bytes, held at once, are mapped apart from the
    /// heaps: glibc puts such a block 16 bytes (its header) past the start of a page. (A
    /// heap gives a large block only from its free room; a size no test has freed before
    /// needs more room, which the heap takes from the system, or a mapping of its own.)
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn mapped_apart(size: usize) -> usize {
        let blocks: Vec<Vec<u8>> = (0..4)
            .map(|_| std::hint::black_box(vec![1u8; size]))
            .collect();
        blocks
            .iter()
            .filter(|b| b.as_ptr() as usize % 4096 == 16)
            .count()
    }

    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    #[test]
    fn large_blocks_are_mapped_apart_once_set() {
        // glibc's own threshold moves up when a mapped block is freed: blocks of 3 MiB
        // then come from a heap.
        drop(std::hint::black_box(vec![1u8; 20 << 20]));
        assert_eq!(mapped_apart(3 << 20), 0, "the threshold moved up");
        super::large_blocks_apart();
        // Larger than the heap's free room (the 3 MiB blocks), under the moved threshold.
        assert_eq!(mapped_apart(16 << 20), 4);
    }
}
