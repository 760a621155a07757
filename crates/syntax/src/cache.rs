//! Nodes shared between the trees built on one thread.

use std::hash::Hasher;

use hashbrown::HashTable;
use rowan::{GreenNode, GreenNodeData, GreenToken, NodeOrToken};
use rustc_hash::{FxHashMap, FxHasher};

use crate::sink::Sink;

/// Shares identical tokens and nodes between the trees built on one thread.
///
/// A node made of tokens only (a move `e4 `, a move number `12. `, a tag pair
/// `[Result "1-0"]`) is shared by what it spans: its kind, and each token's kind, length and
/// text, in one key of bytes. A copy seen before is found with one look-up, before any of
/// its tokens is made; rowan's own cache made each token (a look-up by kind and text each)
/// and then looked the node up by its tokens' addresses, and then dropped the tokens again
/// (44% of building the tree of a dense TWIC file, by `perf`). Other tokens (white space
/// between moves, results, comments) are shared by kind and text.
///
/// Nothing is allocated for an entry but the shared node or token itself: keys in the
/// tables among a tree's nodes would stay as holes in the heap when the cache is dropped
/// (a server holding a 10 MB database in 53 MiB instead of 45).
#[derive(Default)]
pub struct NodeCache {
    /// Tokens, with the hash of their kind and text.
    tokens: HashTable<(u64, GreenToken)>,
    /// Token-only nodes by a short key (a move, a move number, `[Result "1-0"]`), held in
    /// the table itself so that a look-up reads no other memory.
    short_spans: FxHashMap<ShortKey, GreenNode>,
    /// Token-only nodes with longer keys, with the hash of the key, compared with the
    /// node's own tokens.
    spans: HashTable<(u64, GreenNode)>,
    /// The builder's lists, kept from tree to tree with their room (one game's tree after
    /// another grew them anew: 2.3% of a TWIC file's instructions in `realloc`, and 21% of
    /// its time at the median).
    scratch: (Vec<Open>, Vec<NodeOrToken<GreenNode, GreenToken>>),
}

/// Past this many entries a cache starts again, so that a long-running process holds a
/// bounded amount.
const MAX_ENTRIES: usize = 1 << 17;

/// A key of at most 31 bytes, and its length in the last byte.
type ShortKey = [u64; 4];

/// `key[..len]` as a [`ShortKey`], when it is short enough. What follows `len` in `key`
/// is left out.
fn short_key(key: &[u8; MAX_KEY + COPY], len: usize) -> Option<ShortKey> {
    if len >= 32 {
        return None;
    }
    let word = |i: usize| {
        let word = u64::from_le_bytes(key[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
        match len.saturating_sub(i * 8) {
            0 => 0,
            n @ 1..8 => word & ((1u64 << (8 * n)) - 1),
            _ => word,
        }
    };
    // `len` < 32, so its own byte, the last, is past the key.
    Some([word(0), word(1), word(2), word(3) | (len as u64) << 56])
}

/// The longest key of a shared node: its kind (2 bytes) and, for each token, its kind
/// (2 bytes), length (1 byte) and text. A tag pair with a long value is longer, and is not
/// shared.
pub(crate) const MAX_KEY: usize = 128;

impl NodeCache {
    /// Starts again when the cache holds more than it may.
    pub(crate) fn bound(&mut self) {
        if self.tokens.len() + self.short_spans.len() + self.spans.len() > MAX_ENTRIES {
            *self = NodeCache::default();
        }
    }

    /// A token of `kind` with `text`, shared, as rowan's cache shares every token: a
    /// database made of copies repeats its long comments too.
    fn token(&mut self, kind: rowan::SyntaxKind, text: &str) -> GreenToken {
        let mut hasher = FxHasher::default();
        hasher.write_u16(kind.0);
        hasher.write(text.as_bytes());
        let hash = hasher.finish();
        let found = self.tokens.find(hash, |(_, token)| {
            token.kind() == kind && token.text() == text
        });
        if let Some((_, token)) = found {
            return token.clone();
        }
        let token = GreenToken::new(kind, text);
        self.tokens
            .insert_unique(hash, (hash, token.clone()), |(hash, _)| *hash);
        token
    }
}

/// The hash of a long key.
fn key_hash(key: &[u8]) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(key);
    hasher.finish()
}

/// The tokens that a key holds after its node's kind (`key[2..]`): each token's kind and
/// text, in order.
fn key_tokens(mut rest: &[u8]) -> impl Iterator<Item = (rowan::SyntaxKind, &[u8])> {
    std::iter::from_fn(move || {
        let [kind_lo, kind_hi, len, tail @ ..] = rest else {
            return None;
        };
        let (text, tail) = tail.split_at(usize::from(*len));
        rest = tail;
        Some((
            rowan::SyntaxKind(u16::from_le_bytes([*kind_lo, *kind_hi])),
            text,
        ))
    })
}

/// Whether `node` is the node that `key` describes: its kind, and each token's kind and
/// text.
fn is_keyed(node: &GreenNodeData, key: &[u8]) -> bool {
    if key[..2] != node.kind().0.to_le_bytes() {
        return false;
    }
    let mut tokens = key_tokens(&key[2..]);
    node.children().all(|child| {
        child.into_token().is_some_and(|token| {
            tokens
                .next()
                .is_some_and(|(kind, text)| kind == token.kind() && text == token.text().as_bytes())
        })
    }) && tokens.next().is_none()
}

/// A node that is open in a [`SharingBuilder`].
struct Open {
    kind: rowan::SyntaxKind,
    /// Where its children start in the builder's list.
    first: usize,
}

/// Builds a tree with a [`NodeCache`], sharing what the cache shares.
pub(crate) struct SharingBuilder<'c> {
    cache: &'c mut NodeCache,
    parents: Vec<Open>,
    children: Vec<NodeOrToken<GreenNode, GreenToken>>,
    /// While `pending`, the innermost open node holds tokens only, and they are not made
    /// yet: `key[..key_len]` holds the node's kind and, for each token, its kind, length and
    /// text. The room past [`MAX_KEY`] takes the whole of a copy of [`COPY`] bytes.
    key: [u8; MAX_KEY + COPY],
    key_len: usize,
    pending: bool,
}

/// How many bytes a token's text is copied in at once, past its end where the text goes on:
/// one fixed-size copy instead of a call to `memcpy`.
const COPY: usize = 16;

impl<'c> SharingBuilder<'c> {
    pub(crate) fn new(cache: &'c mut NodeCache) -> SharingBuilder<'c> {
        cache.bound();
        let (parents, children) = std::mem::take(&mut cache.scratch);
        SharingBuilder {
            cache,
            parents,
            children,
            key: [0; MAX_KEY + COPY],
            key_len: 0,
            pending: false,
        }
    }

    /// The finished tree: the one node left.
    pub(crate) fn finish(mut self) -> GreenNode {
        let root = match self.children.pop() {
            Some(NodeOrToken::Node(node)) if self.children.is_empty() => node,
            _ => unreachable!("the grammar closes every node it opens, inside one root"),
        };
        self.cache.scratch = (
            std::mem::take(&mut self.parents),
            std::mem::take(&mut self.children),
        );
        root
    }

    /// Adds a token of `kind` and length `len` to the key: `bytes` starts with its text, and
    /// what follows the text (up to [`COPY`] bytes) is past the key's end.
    #[inline]
    fn add_to_key(&mut self, kind: rowan::SyntaxKind, len: usize, bytes: &[u8]) {
        let at = self.key_len;
        self.key[at..at + 2].copy_from_slice(&kind.0.to_le_bytes());
        self.key[at + 2] = len as u8;
        self.key[at + 3..at + 3 + bytes.len()].copy_from_slice(bytes);
        self.key_len = at + 3 + len;
    }

    /// Makes the pending tokens of the innermost node, which then holds more than tokens or
    /// is not shared.
    fn make_pending(&mut self) {
        self.pending = false;
        for (kind, text) in key_tokens(&self.key[2..self.key_len]) {
            let text = std::str::from_utf8(text).expect("a key holds whole tokens");
            self.children
                .push(NodeOrToken::Token(self.cache.token(kind, text)));
        }
    }
}

impl<K: Into<rowan::SyntaxKind>> Sink<K> for SharingBuilder<'_> {
    fn start_node(&mut self, kind: K) {
        if self.pending {
            self.make_pending();
        }
        let kind = kind.into();
        self.parents.push(Open {
            kind,
            first: self.children.len(),
        });
        self.key[..2].copy_from_slice(&kind.0.to_le_bytes());
        self.key_len = 2;
        self.pending = true;
    }

    fn finish_node(&mut self) {
        let Some(Open { kind, first }) = self.parents.pop() else {
            return;
        };
        let node = if self.pending {
            let key = &self.key[..self.key_len];
            let short = short_key(&self.key, self.key_len);
            let hash = if short.is_none() { key_hash(key) } else { 0 };
            let found = match short {
                Some(short) => self.cache.short_spans.get(&short),
                None => self
                    .cache
                    .spans
                    .find(hash, |(_, node)| is_keyed(node, key))
                    .map(|(_, node)| node),
            };
            match found {
                Some(node) => node.clone(),
                None => {
                    self.make_pending();
                    let node = GreenNode::new(kind, self.children.drain(first..));
                    match short {
                        Some(short) => self.cache.short_spans.insert(short, node.clone()),
                        None => {
                            self.cache.spans.insert_unique(
                                hash,
                                (hash, node.clone()),
                                |(hash, _)| *hash,
                            );
                            None
                        }
                    };
                    node
                }
            }
        } else {
            GreenNode::new(kind, self.children.drain(first..))
        };
        // The parent holds a node now, so it is not pending.
        self.pending = false;
        self.children.push(NodeOrToken::Node(node));
    }

    fn token(&mut self, kind: K, text: &str) {
        let kind = kind.into();
        if self.pending {
            let at = self.key_len;
            if text.len() <= usize::from(u8::MAX) && at + 3 + text.len() <= MAX_KEY {
                self.add_to_key(kind, text.len(), text.as_bytes());
                return;
            }
            self.make_pending();
        }
        let token = self.cache.token(kind, text);
        self.children.push(NodeOrToken::Token(token));
    }

    #[inline]
    fn lexed_token(&mut self, kind: K, lexed: &crate::Lexed<'_, K>, i: usize)
    where
        K: Copy,
    {
        // The common case, a short token with room in the key: its text and what follows
        // it copied at once.
        let range = lexed.range(i);
        let source = lexed.text().as_bytes();
        let at = self.key_len;
        if self.pending && range.len() <= COPY && at + 3 + range.len() <= MAX_KEY {
            if let Some(copy) = source.get(range.start..range.start + COPY) {
                self.add_to_key(kind.into(), range.len(), copy);
                return;
            }
        }
        self.token(kind, lexed.token_text(i));
    }
}

#[cfg(test)]
mod tests {
    use rowan::{GreenNodeData, NodeOrToken};

    use crate::pgn::{self, SyntaxKind};

    /// The tag pairs of every game, in order, as the tree holds them.
    fn tag_pairs(parse: &pgn::Parse) -> Vec<&GreenNodeData> {
        fn walk<'g>(node: &'g GreenNodeData, out: &mut Vec<&'g GreenNodeData>) {
            for child in node.children() {
                if let NodeOrToken::Node(child) = child {
                    if child.kind() == SyntaxKind::TAG_PAIR.into() {
                        out.push(child);
                    } else {
                        walk(child, out);
                    }
                }
            }
        }
        let mut out = Vec::new();
        walk(parse.green(), &mut out);
        out
    }

    #[test]
    fn equal_tag_pairs_of_different_games_are_one_node() {
        let text = "[Event \"Open\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
                    [Event \"Open\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n\n\
                    [Event \"Open\"]\n[Result \"1-0\"]\n\n1. c4 1-0\n";
        let parse = pgn::parse_on_one_core(text);
        assert_eq!(parse.syntax().to_string(), text);
        let pairs = tag_pairs(&parse);
        assert_eq!(pairs.len(), 6);
        let same = |a: usize, b: usize| std::ptr::eq(pairs[a], pairs[b]);
        assert!(
            same(0, 2) && same(0, 4),
            "the three `Event` pairs are one node"
        );
        assert!(same(1, 5), "the two `[Result \"1-0\"]` are one node");
        assert!(!same(1, 3), "`1-0` and `0-1` differ");
    }

    #[test]
    fn tag_pairs_with_error_nodes_are_kept_as_they_are() {
        // A pair with an `ERROR` node inside is not shared, one with six tokens is; the
        // tree is the same as where nothing is shared: every byte, the same diagnostics.
        let game = "[Event \"Open\" Nf3]\n[Site \"Wijk\" ]\n\n1. e4 *\n\n";
        let text = game.repeat(2);
        let parse = pgn::parse_on_one_core(&text);
        assert_eq!(parse.syntax().to_string(), text);
        let pairs = tag_pairs(&parse);
        assert_eq!(pairs.len(), 4);
        assert!(pairs[0].children().any(|c| c.into_node().is_some()));
        assert_eq!(pairs[1].children().count(), 6);
        assert!(!std::ptr::eq(pairs[0], pairs[2]) && pairs[0] == pairs[2]);
        assert!(std::ptr::eq(pairs[1], pairs[3]));
        let one = pgn::parse_on_one_core(game).errors().len();
        assert!(one > 0);
        assert_eq!(parse.errors().len(), 2 * one);
    }
}
