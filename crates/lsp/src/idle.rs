//! Freed memory given back to the system when the server has been idle for a while.
//!
//! glibc returns only the top of a heap when memory is freed; the holes that a re-parsed
//! game, an outline's answer or a document's lexed tokens leave inside it stay resident,
//! and each thread that allocates (tokio's two workers, the stdin reader, the parse on both
//! cores) has a heap of its own, whose holes the others do not fill. `malloc_trim(0)` gives
//! the whole pages of every hole back. It is done once the server has had nothing to do for
//! [`QUIET`], never while a message is handled: a trim during an edit would make the edit
//! take the pages back (a fixed trim threshold, which trims at every free, made edits 25%
//! slower; see the README's "Language server" section). A trim of the server holding a
//! 10 MB database takes about half a millisecond, on a thread of tokio's blocking pool.

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
}
