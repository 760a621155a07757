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
/// A small token-only node (a move, a move number, a result: at most [`LEAF_TOKENS`]
/// tokens and [`LEAF_TEXT`] bytes of text) has a [`LeafKey`] of three words instead. The
/// grammar hands the common moves, move numbers and tag pairs over whole ([`Sink::leaf`]):
/// a small node's key is read from the source at once, where one call per token copied
/// each token's kind, length and text into the key of bytes (a TWIC file's tree took 9.9%
/// fewer instructions for the moves and numbers). A tag pair handed over whole is found by
/// its text where it stands in the source, with no key at all ([`NodeCache::wholes`]: 3.3%
/// fewer instructions than its key of bytes written in one loop, which had been 2.3% fewer
/// than a call per token).
///
/// Nothing is allocated for an entry but the shared node or token itself: keys in the
/// tables among a tree's nodes would stay as holes in the heap when the cache is dropped
/// (a server holding a 10 MB database in 53 MiB instead of 45).
#[derive(Default)]
pub struct NodeCache {
    /// Tokens, with the hash of their kind and text.
    tokens: HashTable<(u64, GreenToken)>,
    /// The last token of one byte of each byte (`\n` between tag pairs, `[`, `*`), found
    /// without hashing: empty, or one slot for each byte.
    one_byte: Vec<Option<GreenToken>>,
    /// Token-only nodes of at most [`LEAF_TOKENS`] tokens and [`LEAF_TEXT`] bytes of text
    /// (a move, a move number, a result) by a [`LeafKey`].
    leaves: FxHashMap<LeafKey, GreenNode>,
    /// Other token-only nodes by a short key (`[Result "1-0"]`), held in the table itself
    /// so that a look-up reads no other memory.
    short_spans: FxHashMap<ShortKey, GreenNode>,
    /// Token-only nodes with longer keys, with the hash of the key, compared with the
    /// node's own tokens.
    spans: HashTable<(u64, GreenNode)>,
    /// Token-only nodes handed over whole ([`Sink::leaf`]) and too big for a [`LeafKey`]: the
    /// tag pairs of the common shape, `[Event "Bundesliga 2015-16"]`. With the hash of their
    /// kind and text, which lie one after another in the source and are hashed where they
    /// stand; compared with the node's own tokens. Built token by token, the same tokens
    /// would come through the same shape, so no such node is in [`NodeCache::spans`] too.
    wholes: HashTable<(u64, GreenNode)>,
    /// The builder's lists, kept from tree to tree with their room (one game's tree after
    /// another grew them anew: 2.3% of a TWIC file's instructions in `realloc`, and 21% of
    /// its time at the median).
    scratch: (Vec<Open>, Vec<NodeOrToken<GreenNode, GreenToken>>),
}

/// Past this many entries a cache starts again, so that a long-running process holds a
/// bounded amount.
const MAX_ENTRIES: usize = 1 << 17;

/// Word `i` (bytes `8i..8i + 8`) of `bytes`, with the bytes from `len` on as zeros.
#[inline]
fn masked_word(bytes: &[u8], i: usize, len: usize) -> u64 {
    let word = u64::from_le_bytes(bytes[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
    match len.saturating_sub(i * 8) {
        0 => 0,
        n @ 1..8 => word & ((1u64 << (8 * n)) - 1),
        _ => word,
    }
}

/// A key of at most 31 bytes, and its length in the last byte.
type ShortKey = [u64; 4];

/// `key[..len]` as a [`ShortKey`], when it is short enough. What follows `len` in `key`
/// is left out.
fn short_key(key: &[u8; MAX_KEY + COPY], len: usize) -> Option<ShortKey> {
    if len >= 32 {
        return None;
    }
    let word = |i: usize| masked_word(key, i, len);
    // `len` < 32, so its own byte, the last, is past the key.
    Some([word(0), word(1), word(2), word(3) | (len as u64) << 56])
}

/// The key of a small token-only node, whichever way the builder is handed it (token by
/// token, or whole with [`Sink::leaf`]): its tokens' texts one after another in two words
/// (zero past their end), and its shape in the third: its kind in bits 0–7, the kind of
/// token `t` in bits `8 + 16t` to `15 + 16t` and its length in the 8 bits above, and the
/// number of tokens in bits 56–57. Only kinds below 256 fit.
type LeafKey = [u64; 3];

/// The most tokens a [`LeafKey`] holds.
const LEAF_TOKENS: usize = 3;

/// The most bytes of text a [`LeafKey`] holds.
const LEAF_TEXT: usize = 16;

/// The shape word of a [`LeafKey`] for a node of `kind`, with `tokens` (their kinds and
/// lengths); `None` when a kind does not fit.
#[inline]
fn leaf_shape(
    kind: rowan::SyntaxKind,
    count: usize,
    tokens: impl Iterator<Item = (rowan::SyntaxKind, usize)>,
) -> Option<u64> {
    let mut shape = u64::from(kind.0) | (count as u64) << 56;
    let mut fits = kind.0 < 256;
    for (t, (kind, len)) in tokens.enumerate() {
        fits &= kind.0 < 256;
        shape |= (u64::from(kind.0) | (len as u64) << 8) << (8 + 16 * t);
    }
    fits.then_some(shape)
}

/// The words of a [`LeafKey`] for a text of `len` bytes at the start of `text`; what
/// follows it is left out.
#[inline]
fn leaf_words(text: &[u8; LEAF_TEXT], len: usize) -> [u64; 2] {
    [masked_word(text, 0, len), masked_word(text, 1, len)]
}

/// The longest key of a shared node: its kind (2 bytes) and, for each token, its kind
/// (2 bytes), length (1 byte) and text. A tag pair with a long value is longer, and is not
/// shared.
pub(crate) const MAX_KEY: usize = 128;

impl NodeCache {
    /// A cache with room for the shared tokens and tag pairs of a text of `bytes` (some one
    /// of each for every 128 bytes of dense movetext): a cache for one tree grew its tables
    /// by rehashing them again and again (1.5% of building TWIC's tree). Not the moves':
    /// looked up for every move, their table is better small (the room for 8,000 of a
    /// megabyte made it twice the size its 5,000 moves grow it to, and its look-ups missed
    /// the cache more: TWIC's tree took 2% more time, for 0.2% fewer instructions).
    pub(crate) fn for_text(bytes: usize) -> NodeCache {
        let room = (bytes / 128).min(MAX_ENTRIES / 4);
        let mut cache = NodeCache::default();
        cache.tokens.reserve(room, |(hash, _)| *hash);
        cache.wholes.reserve(room, |(hash, _)| *hash);
        cache
    }

    /// Starts again when the cache holds more than it may.
    pub(crate) fn bound(&mut self) {
        let entries = self.tokens.len()
            + self.leaves.len()
            + self.short_spans.len()
            + self.spans.len()
            + self.wholes.len();
        if entries > MAX_ENTRIES {
            *self = NodeCache::default();
        }
    }

    /// A token of `kind` with `text`, shared, as rowan's cache shares every token: a
    /// database made of copies repeats its long comments too.
    fn token(&mut self, kind: rowan::SyntaxKind, text: &str) -> GreenToken {
        if let &[byte] = text.as_bytes() {
            if self.one_byte.is_empty() {
                self.one_byte.resize(256, None);
            }
            let slot = usize::from(byte);
            if let Some(token) = self.one_byte[slot].as_ref().filter(|t| t.kind() == kind) {
                return token.clone();
            }
            let token = self.token_by_hash(kind, text);
            self.one_byte[slot] = Some(token.clone());
            return token;
        }
        self.token_by_hash(kind, text)
    }

    /// [`NodeCache::token`] from the table of tokens.
    fn token_by_hash(&mut self, kind: rowan::SyntaxKind, text: &str) -> GreenToken {
        let hash = text_hash(kind, text.as_bytes());
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

/// The hash of a kind and a text: what a token is found by in [`NodeCache::tokens`], and a
/// node handed over whole in [`NodeCache::wholes`].
#[inline]
fn text_hash(kind: rowan::SyntaxKind, text: &[u8]) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write_u16(kind.0);
    hasher.write(text);
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
    /// How many tokens the key holds.
    key_tokens: usize,
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
            key_tokens: 0,
            pending: false,
        }
    }

    /// Drops what was built (a plain game that turned out not to be plain), and keeps the
    /// builder's lists with the cache for the next.
    pub(crate) fn abandon(mut self) {
        self.give_back();
    }

    /// The builder's lists, emptied, back to the cache for the next builder.
    fn give_back(&mut self) {
        self.parents.clear();
        self.children.clear();
        self.cache.scratch = (
            std::mem::take(&mut self.parents),
            std::mem::take(&mut self.children),
        );
    }

    /// The finished tree: the one node left.
    pub(crate) fn finish(mut self) -> GreenNode {
        let root = match self.children.pop() {
            Some(NodeOrToken::Node(node)) if self.children.is_empty() => node,
            _ => unreachable!("the grammar closes every node it opens, inside one root"),
        };
        self.give_back();
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
        self.key_tokens += 1;
    }

    /// [`Sink::lexed_token`] for the token of `kind` of `len` bytes from `from` in `text`
    /// (the whole source). The common case, a short token with room in the key: its text
    /// and what follows it copied at once. Always inlined: a call here cost the tree of TWIC
    /// 0.4% more instructions.
    #[inline(always)]
    pub(crate) fn token_at<K: Copy + Into<rowan::SyntaxKind>>(
        &mut self,
        kind: K,
        text: &str,
        from: usize,
        len: usize,
    ) {
        let source = text.as_bytes();
        if self.pending && len <= COPY && self.key_len + 3 + len <= MAX_KEY {
            if let Some(copy) = source.get(from..from + COPY) {
                self.add_to_key(kind.into(), len, copy);
                return;
            }
        }
        Sink::<K>::token(self, kind, &text[from..from + len]);
    }

    /// The [`LeafKey`] of the pending node, when it is small enough for one.
    fn pending_leaf_key(&self) -> Option<LeafKey> {
        let text_len = self.key_len - 2 - 3 * self.key_tokens;
        if self.key_tokens > LEAF_TOKENS || text_len > LEAF_TEXT {
            return None;
        }
        let kind = rowan::SyntaxKind(u16::from_le_bytes([self.key[0], self.key[1]]));
        // The texts copied one after another as the shape reads each token.
        let mut text = [0; LEAF_TEXT];
        let mut at = 0;
        let tokens = key_tokens(&self.key[2..self.key_len]).map(|(kind, token)| {
            text[at..at + token.len()].copy_from_slice(token);
            at += token.len();
            (kind, token.len())
        });
        let shape = leaf_shape(kind, self.key_tokens, tokens)?;
        let [a, b] = leaf_words(&text, text_len);
        Some([a, b, shape])
    }

    /// [`Sink::leaf`] for a node too big for a [`LeafKey`] (a tag pair of the common shape):
    /// found by the hash of its kind and its text, read where the text stands in the source,
    /// and compared with the found node's own tokens (each one's kind and text). Writing its
    /// key of bytes and comparing the node with it cost a TWIC file's tree a sixth of its
    /// instructions (1,200 a tag pair).
    fn whole<K: Copy + Into<rowan::SyntaxKind>>(
        &mut self,
        kind: rowan::SyntaxKind,
        run: Run<'_, K>,
    ) {
        if self.pending {
            self.make_pending();
        }
        let Run { kinds, starts, .. } = run;
        let base = starts[0] as usize;
        let text = &run.text.as_bytes()[base..starts[kinds.len()] as usize];
        let hash = text_hash(kind, text);
        let same = |node: &GreenNodeData| {
            if node.kind() != kind || usize::from(node.text_len()) != text.len() {
                return false;
            }
            let mut children = node.children();
            kinds
                .iter()
                .zip(starts.windows(2))
                .all(|(&token_kind, at)| {
                    children
                        .next()
                        .and_then(NodeOrToken::into_token)
                        .is_some_and(|token| {
                            token.kind() == token_kind.into()
                                && token.text().as_bytes()
                                    == &text[at[0] as usize - base..at[1] as usize - base]
                        })
                })
                && children.next().is_none()
        };
        let found = self
            .cache
            .wholes
            .find(hash, |(h, node)| *h == hash && same(node));
        let node = match found {
            Some((_, node)) => node.clone(),
            None => {
                let node = self.node_of(kind, run);
                self.cache
                    .wholes
                    .insert_unique(hash, (hash, node.clone()), |(hash, _)| *hash);
                node
            }
        };
        self.children.push(NodeOrToken::Node(node));
    }

    /// A new node of `kind` that holds the tokens of `run`, each token shared: a node handed
    /// over whole ([`Sink::leaf`]) that the cache did not have. Always inlined: as a call
    /// it cost the tree of TWIC 0.4% more instructions.
    #[inline(always)]
    fn node_of<K: Copy + Into<rowan::SyntaxKind>>(
        &mut self,
        kind: rowan::SyntaxKind,
        run: Run<'_, K>,
    ) -> GreenNode {
        let first = self.children.len();
        for (&kind, at) in run.kinds.iter().zip(run.starts.windows(2)) {
            let text = &run.text[at[0] as usize..at[1] as usize];
            let token = self.cache.token(kind.into(), text);
            self.children.push(NodeOrToken::Token(token));
        }
        GreenNode::new(kind, self.children.drain(first..))
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
        self.key_tokens = 0;
        self.pending = true;
    }

    fn finish_node(&mut self) {
        let Some(Open { kind, first }) = self.parents.pop() else {
            return;
        };
        let leaf = if self.pending {
            self.pending_leaf_key()
        } else {
            None
        };
        let node = if let Some(key) = leaf {
            match self.cache.leaves.get(&key) {
                Some(node) => node.clone(),
                None => {
                    self.make_pending();
                    let node = GreenNode::new(kind, self.children.drain(first..));
                    self.cache.leaves.insert(key, node.clone());
                    node
                }
            }
        } else if self.pending {
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
        let range = lexed.range(i);
        self.token_at(kind, lexed.text(), range.start, range.len());
    }

    #[inline]
    fn leaf(&mut self, kind: K, lexed: &crate::Lexed<'_, K>, tokens: std::ops::Range<usize>)
    where
        K: Copy,
    {
        let (kinds, starts) = lexed.run(tokens);
        self.leaf_of(
            kind,
            Run {
                text: lexed.text(),
                kinds,
                starts,
            },
        );
    }
}

/// Tokens that stand one after another in a source `text`: token `t` is of `kinds[t]`, at
/// `starts[t]..starts[t + 1]` (a run of a [`crate::Lexed`], or the tokens of a node the plain
/// reader's tree writes).
#[derive(Clone, Copy)]
pub(crate) struct Run<'a, K> {
    pub(crate) text: &'a str,
    pub(crate) kinds: &'a [K],
    pub(crate) starts: &'a [u32],
}

impl SharingBuilder<'_> {
    /// A move, a move number or a tag pair in one step ([`Sink::leaf`] of the tokens of
    /// `run`): a small node's [`LeafKey`] read from the source at once (the key its tokens
    /// one by one would have), a larger one found by its text ([`SharingBuilder::whole`]).
    #[inline]
    pub(crate) fn leaf_of<K: Copy + Into<rowan::SyntaxKind>>(&mut self, kind: K, run: Run<'_, K>) {
        let node_kind: rowan::SyntaxKind = kind.into();
        let Run { kinds, starts, .. } = run;
        let start = starts[0] as usize;
        let len = starts[kinds.len()] as usize - start;
        let shape = (kinds.len() <= LEAF_TOKENS && len <= LEAF_TEXT)
            .then(|| {
                let lengths = starts.windows(2).map(|w| (w[1] - w[0]) as usize);
                let tokens = kinds.iter().map(|&kind| kind.into()).zip(lengths);
                leaf_shape(node_kind, kinds.len(), tokens)
            })
            .flatten();
        let Some(shape) = shape else {
            // Too big for a leaf key (a tag pair): looked up by its text where it stands.
            if 2 + 3 * kinds.len() + len <= MAX_KEY {
                self.whole(node_kind, run);
                return;
            }
            // Too long to share: made token by token, as any node with a long key.
            Sink::<K>::start_node(self, kind);
            for t in 0..kinds.len() {
                let (from, len) = (starts[t] as usize, (starts[t + 1] - starts[t]) as usize);
                self.token_at(kinds[t], run.text, from, len);
            }
            Sink::<K>::finish_node(self);
            return;
        };
        if self.pending {
            self.make_pending();
        }
        let source = run.text.as_bytes();
        let [a, b] = match source.get(start..start + LEAF_TEXT) {
            Some(text) => leaf_words(text.try_into().expect("16 bytes"), len),
            None => {
                // At the end of the text.
                let mut text = [0; LEAF_TEXT];
                text[..len].copy_from_slice(&source[start..start + len]);
                leaf_words(&text, len)
            }
        };
        let key = [a, b, shape];
        let node = match self.cache.leaves.get(&key) {
            Some(node) => node.clone(),
            None => {
                let node = self.node_of(node_kind, run);
                self.cache.leaves.insert(key, node.clone());
                node
            }
        };
        self.children.push(NodeOrToken::Node(node));
    }
}

#[cfg(test)]
mod tests {
    use rowan::{GreenNode, GreenNodeData, NodeOrToken};

    use crate::pgn::{self, SyntaxKind};

    #[test]
    fn equal_tag_pairs_of_different_games_are_one_node() {
        let text = "[Event \"Open\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
                    [Event \"Open\"]\n[Result \"0-1\"]\n\n1. d4 0-1\n\n\
                    [Event \"Open\"]\n[Result \"1-0\"]\n\n1. c4 1-0\n";
        let parse = pgn::parse_on_one_core(text);
        assert_eq!(parse.syntax().to_string(), text);
        let pairs = nodes_of(&parse, SyntaxKind::TAG_PAIR);
        assert_eq!(pairs.len(), 6);
        let same = |a: usize, b: usize| std::ptr::eq(pairs[a], pairs[b]);
        assert!(
            same(0, 2) && same(0, 4),
            "the three `Event` pairs are one node"
        );
        assert!(same(1, 5), "the two `[Result \"1-0\"]` are one node");
        assert!(!same(1, 3), "`1-0` and `0-1` differ");
    }

    /// Every node of `kind` in the tree, in order.
    fn nodes_of(parse: &pgn::Parse, kind: SyntaxKind) -> Vec<&GreenNodeData> {
        fn walk<'g>(node: &'g GreenNodeData, kind: SyntaxKind, out: &mut Vec<&'g GreenNodeData>) {
            for child in node.children() {
                if let NodeOrToken::Node(child) = child {
                    if child.kind() == kind.into() {
                        out.push(child);
                    }
                    walk(child, kind, out);
                }
            }
        }
        let mut out = Vec::new();
        walk(parse.green(), kind, &mut out);
        out
    }

    #[test]
    fn a_node_made_whole_or_token_by_token_is_one_node() {
        // The grammar hands most moves and move numbers to the builder whole
        // (`Sink::leaf`), and the others token by token: `e4` before a suffix on the next
        // line (a suffix may follow a move), `1.` before `...` on the next line (`1. ...`
        // is one number). Equal nodes are one node either way.
        let text = "1.\n... e4\n!? *\n\n1.\ne4\n*\n";
        let parse = pgn::parse_on_one_core(text);
        assert_eq!(parse.syntax().to_string(), text);
        let moves = nodes_of(&parse, SyntaxKind::SAN_MOVE);
        let numbers = nodes_of(&parse, SyntaxKind::MOVE_NUMBER);
        let texts = |nodes: &[&GreenNodeData]| -> Vec<String> {
            nodes.iter().map(|node| node.to_string()).collect()
        };
        assert_eq!(texts(&moves), ["e4", "e4"]);
        assert_eq!(texts(&numbers), ["1.", "1."]);
        assert!(std::ptr::eq(moves[0], moves[1]));
        assert!(std::ptr::eq(numbers[0], numbers[1]));
    }

    #[test]
    fn a_tag_pair_is_found_by_its_tokens_not_by_its_hash_alone() {
        // Nodes planted in the table under the hash of `[Event "B"]`: one with another
        // text; that text in one token; its five tokens with the name of another kind; its
        // five tokens and an empty sixth. The builder compares what it finds with the
        // source, so the pair it makes is `[Event "B"]` in its own five tokens.
        let pair = r#"[Event "B"]"#;
        let text = format!("{pair}\n\n*\n");
        let kind = rowan::SyntaxKind::from(SyntaxKind::TAG_PAIR);
        let hash = super::text_hash(kind, pair.as_bytes());
        let node = |tokens: &[(SyntaxKind, &str)]| {
            let tokens = tokens
                .iter()
                .map(|&(kind, text)| NodeOrToken::Token(rowan::GreenToken::new(kind.into(), text)));
            GreenNode::new(kind, tokens)
        };
        use SyntaxKind::{L_BRACK, R_BRACK, STRING, SYMBOL, WHITESPACE};
        let five = [
            (L_BRACK, "["),
            (SYMBOL, "Event"),
            (WHITESPACE, " "),
            (STRING, r#""B""#),
            (R_BRACK, "]"),
        ];
        let mut other_kind = five;
        other_kind[1].0 = SyntaxKind::SAN;
        let mut six = five.to_vec();
        six.push((SyntaxKind::ERROR_TOKEN, ""));
        let planted = [
            pair_of(r#"[Event "A"]"#),
            node(&[(STRING, pair)]),
            node(&other_kind),
            node(&six),
        ];
        assert_eq!(node(&five), pair_of(pair), "the five tokens are the pair's");
        for planted in planted {
            let mut cache = super::NodeCache::default();
            cache
                .wholes
                .insert_unique(hash, (hash, planted.clone()), |(hash, _)| *hash);
            let games = pgn::Games::new(&text);
            let green = games.parse_game(0, &mut cache).green;
            let made = pair_in(&green);
            assert_eq!(made.to_string(), pair);
            assert_eq!(made.children().count(), 5, "{made:?}");
            assert!(!std::ptr::eq(&*made, &*planted));
        }
    }

    /// The tag pair of a game of one tag pair, `pair`, made by the sharing builder.
    fn pair_of(pair: &str) -> GreenNode {
        let text = format!("{pair}\n\n*\n");
        let games = pgn::Games::new(&text);
        let green = games.parse_game(0, &mut super::NodeCache::default()).green;
        pair_in(&green)
    }

    /// The first `TAG_PAIR` node of a tree.
    fn pair_in(green: &GreenNode) -> GreenNode {
        pgn::SyntaxNode::new_root(green.clone())
            .descendants()
            .find(|node| node.kind() == SyntaxKind::TAG_PAIR)
            .expect("a tag pair")
            .green()
            .into_owned()
    }

    #[test]
    fn tag_pairs_with_error_nodes_are_kept_as_they_are() {
        // A pair with an `ERROR` node inside is not shared, one with six tokens is; the
        // tree is the same as where nothing is shared: every byte, the same diagnostics.
        let game = "[Event \"Open\" Nf3]\n[Site \"Wijk\" ]\n\n1. e4 *\n\n";
        let text = game.repeat(2);
        let parse = pgn::parse_on_one_core(&text);
        assert_eq!(parse.syntax().to_string(), text);
        let pairs = nodes_of(&parse, SyntaxKind::TAG_PAIR);
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
