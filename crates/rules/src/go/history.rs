//! The hashes of the positions a game has been through, for positional superko.
//!
//! A persistent list: each position holds an `Arc` to the newest entry, and a move adds one
//! entry in front. Cloning a position (as a variation does, replaying from its parent node)
//! costs one reference count, and every variation shares the history of the moves before it
//! instead of copying it. Looking a hash up walks the list, which is as long as the game;
//! that is a few hundred comparisons of `u64`s per move, cheaper than keeping a hash set per
//! position, and only positions that use superko keep a history at all.

use std::sync::Arc;

/// One position's hash and the history before it.
#[derive(Debug)]
pub(super) struct History {
    hash: u64,
    earlier: Option<Arc<History>>,
}

impl History {
    /// A history that holds one position.
    pub(super) fn start(hash: u64) -> Arc<History> {
        Arc::new(History {
            hash,
            earlier: None,
        })
    }

    /// `history` with one more position.
    pub(super) fn push(history: &Arc<History>, hash: u64) -> Arc<History> {
        Arc::new(History {
            hash,
            earlier: Some(Arc::clone(history)),
        })
    }

    /// Whether a position with this hash was seen.
    pub(super) fn contains(&self, hash: u64) -> bool {
        let mut entry = Some(self);
        while let Some(e) = entry {
            if e.hash == hash {
                return true;
            }
            entry = e.earlier.as_deref();
        }
        false
    }
}

impl Drop for History {
    // The default drop would recurse once per entry, and a game of many thousand moves
    // would overflow the stack; unlink the entries no one else shares one by one instead.
    fn drop(&mut self) {
        let mut earlier = self.earlier.take();
        while let Some(entry) = earlier {
            match Arc::try_unwrap(entry) {
                Ok(mut entry) => earlier = entry.earlier.take(),
                Err(_) => break,
            }
        }
    }
}
