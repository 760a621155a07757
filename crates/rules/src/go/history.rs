//! The hashes of the positions a game has been through, for positional superko.
//!
//! A persistent list of chunks: each position holds an `Arc` to the newest chunk, which
//! holds up to `CHUNK` hashes and an `Arc` to the chunk before. Cloning a position (as a
//! variation does, replaying from its parent node) costs one reference count, and every
//! variation shares the history of the moves before it instead of copying it. Adding a
//! hash copies at most one chunk (in place when no other position shares it), and a look-up
//! scans arrays, one pointer per `CHUNK` positions: a list of single hashes measured five
//! times slower, chasing a pointer per position. Only positions under superko keep one.

use std::sync::Arc;

/// Hashes per chunk: a look-up hops once per this many positions; an addition copies up to
/// this many.
const CHUNK: usize = 32;

/// Up to `CHUNK` hashes, oldest first, and the history before them.
#[derive(Debug, Clone)]
pub(super) struct History {
    hashes: [u64; CHUNK],
    len: usize,
    earlier: Option<Arc<History>>,
}

impl History {
    /// A history that holds one position.
    pub(super) fn start(hash: u64) -> Arc<History> {
        let mut hashes = [0; CHUNK];
        hashes[0] = hash;
        Arc::new(History {
            hashes,
            len: 1,
            earlier: None,
        })
    }

    /// Adds a position to `history`; other positions that share it keep theirs as it was.
    pub(super) fn push(history: &mut Arc<History>, hash: u64) {
        if history.len == CHUNK {
            let earlier = Arc::clone(history);
            let mut next = History::start(hash);
            if let Some(next) = Arc::get_mut(&mut next) {
                next.earlier = Some(earlier);
            }
            *history = next;
            return;
        }
        // Copies the chunk only if another position shares it.
        let chunk = Arc::make_mut(history);
        chunk.hashes[chunk.len] = hash;
        chunk.len += 1;
    }

    /// Whether a position with this hash was seen.
    pub(super) fn contains(&self, hash: u64) -> bool {
        let mut chunk = Some(self);
        while let Some(c) = chunk {
            if c.hashes[..c.len].contains(&hash) {
                return true;
            }
            chunk = c.earlier.as_deref();
        }
        false
    }
}

impl Drop for History {
    // The default drop would recurse once per chunk, and a very long game could overflow
    // the stack; unlink the chunks no one else shares one by one instead.
    fn drop(&mut self) {
        let mut earlier = self.earlier.take();
        while let Some(chunk) = earlier {
            match Arc::try_unwrap(chunk) {
                Ok(mut chunk) => earlier = chunk.earlier.take(),
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branches_share_what_came_before_and_nothing_after() {
        let mut trunk = History::start(0);
        let mut branches = Vec::new();
        for hash in 1..200 {
            History::push(&mut trunk, hash);
            if hash % 45 == 0 || hash == CHUNK as u64 - 1 {
                branches.push((hash, Arc::clone(&trunk)));
            }
        }
        for (at, mut branch) in branches {
            for hash in 1_000..1_100 {
                History::push(&mut branch, hash + at * 1_000);
            }
            assert!(
                (0..=at).all(|h| branch.contains(h)),
                "{at}: the shared past"
            );
            assert!(
                !branch.contains(at + 1),
                "{at}: not the trunk's later moves"
            );
            assert!(branch.contains(1_099 + at * 1_000), "{at}: its own moves");
            assert!(
                !trunk.contains(1_000 + at * 1_000),
                "{at}: the trunk is untouched"
            );
        }
        assert!((0..200).all(|h| trunk.contains(h)));
        assert!(!trunk.contains(200));
    }

    #[test]
    fn a_long_history_drops_without_recursing() {
        let mut history = History::start(0);
        for hash in 1..2_000_000 {
            History::push(&mut history, hash);
        }
        drop(history);
    }
}
