//! Where a grammar's output goes: a rowan builder, or nowhere (a checker that needs only the
//! diagnostics). Shared by the parsers of every notation.

/// Receives the tree as a grammar produces it.
pub(crate) trait Sink<K> {
    /// Opens a node.
    fn start_node(&mut self, kind: K);
    /// Closes the last open node.
    fn finish_node(&mut self);
    /// Adds a token.
    fn token(&mut self, kind: K, text: &str);
    /// Adds token `i` of `lexed` as a token of `kind`: [`Sink::token`] with its text, unless
    /// the sink needs only where it is (the SGF tables), which spares cutting the text.
    #[inline]
    fn lexed_token(&mut self, kind: K, lexed: &crate::Lexed<'_, K>, i: usize)
    where
        K: Copy,
    {
        self.token(kind, lexed.token_text(i));
    }

    /// Adds a node of `kind` that holds tokens `tokens` of `lexed`, each of its own kind:
    /// what [`Sink::start_node`], [`Sink::lexed_token`] for each and [`Sink::finish_node`]
    /// add, in one step for a sink that can take it so (a move, a move number, a tag
    /// pair).
    #[inline]
    fn leaf(&mut self, kind: K, lexed: &crate::Lexed<'_, K>, tokens: std::ops::Range<usize>)
    where
        K: Copy,
    {
        self.start_node(kind);
        for i in tokens {
            self.lexed_token(lexed.kind(i), lexed, i);
        }
        self.finish_node();
    }
}

impl<K: Into<rowan::SyntaxKind>> Sink<K> for rowan::GreenNodeBuilder<'_> {
    fn start_node(&mut self, kind: K) {
        rowan::GreenNodeBuilder::start_node(self, kind.into());
    }
    fn finish_node(&mut self) {
        rowan::GreenNodeBuilder::finish_node(self);
    }
    fn token(&mut self, kind: K, text: &str) {
        rowan::GreenNodeBuilder::token(self, kind.into(), text);
    }
}

/// A sink that builds nothing: the grammar run only for its diagnostics.
pub(crate) struct NoTree;

impl<K> Sink<K> for NoTree {
    fn start_node(&mut self, _: K) {}
    fn finish_node(&mut self) {}
    fn token(&mut self, _: K, _: &str) {}
    #[inline]
    fn leaf(&mut self, _: K, _: &crate::Lexed<'_, K>, _: std::ops::Range<usize>) {}
}

/// Tokens, and nodes made only of shared tokens (`B[dq]`), kept for reuse between the trees
/// built on one thread.
#[derive(Default)]
pub(crate) struct ShareCache {
    /// Per raw kind: text to token.
    tokens: Vec<rustc_hash::FxHashMap<Box<str>, rowan::GreenToken>>,
    /// Nodes of at most two shared tokens, by kind and the tokens' addresses.
    nodes: rustc_hash::FxHashMap<(u16, [usize; 2]), rowan::GreenNode>,
    entries: usize,
}

/// Past this many entries the cache starts again, so that a long-running process that
/// parses many files holds a bounded amount.
const MAX_SHARED_ENTRIES: usize = 1 << 16;

/// Tokens longer than this are not shared: long text rarely repeats.
const MAX_SHARED_TOKEN: usize = 16;

thread_local! {
    static SHARED: std::cell::RefCell<ShareCache> = std::cell::RefCell::default();
}

/// A tree builder that shares tokens and token-only nodes, but not other nodes.
///
/// rowan's builder interns every node of up to three children. In SGF nearly every node is
/// unique (each move is a different point), so that table only grew and was searched for
/// nothing, while what does repeat (`B[dq]`, `;`, `W`) is small. Sharing is per thread and
/// lasts across parses, so a directory of files reuses it.
pub(crate) struct TokenSharingBuilder {
    cache: ShareCache,
    parents: Vec<(rowan::SyntaxKind, usize)>,
    /// Children of the open nodes, each with whether it is shared (its address is stable).
    children: Vec<(
        rowan::NodeOrToken<rowan::GreenNode, rowan::GreenToken>,
        bool,
    )>,
}

impl TokenSharingBuilder {
    /// A builder that borrows this thread's shared cache until it finishes.
    pub(crate) fn new() -> TokenSharingBuilder {
        let mut cache = SHARED.with(|shared| std::mem::take(&mut *shared.borrow_mut()));
        if cache.entries > MAX_SHARED_ENTRIES {
            cache = ShareCache::default();
        }
        TokenSharingBuilder {
            cache,
            parents: Vec::new(),
            children: Vec::new(),
        }
    }

    /// The finished tree: the one node left. The cache goes back to the thread.
    pub(crate) fn finish(mut self) -> rowan::GreenNode {
        let cache = std::mem::take(&mut self.cache);
        SHARED.with(|shared| *shared.borrow_mut() = cache);
        match self.children.pop() {
            Some((rowan::NodeOrToken::Node(node), _)) if self.children.is_empty() => node,
            _ => unreachable!("the grammar closes every node it opens, inside one root"),
        }
    }
}

impl<K: Into<rowan::SyntaxKind>> Sink<K> for TokenSharingBuilder {
    fn start_node(&mut self, kind: K) {
        self.parents.push((kind.into(), self.children.len()));
    }

    fn finish_node(&mut self) {
        let Some((kind, first)) = self.parents.pop() else {
            return;
        };
        let children = &self.children[first..];
        let shareable = children.len() <= 2 && children.iter().all(|(_, shared)| *shared);
        let node = if shareable {
            let mut key = [0usize; 2];
            for (slot, (child, _)) in key.iter_mut().zip(children) {
                if let rowan::NodeOrToken::Token(token) = child {
                    *slot = &**token as *const rowan::GreenTokenData as usize;
                }
            }
            let cache = &mut self.cache;
            let node = match cache.nodes.get(&(kind.0, key)) {
                Some(node) => node.clone(),
                None => {
                    let node = rowan::GreenNode::new(kind, children.iter().map(|(c, _)| c.clone()));
                    cache.nodes.insert((kind.0, key), node.clone());
                    cache.entries += 1;
                    node
                }
            };
            self.children.truncate(first);
            node
        } else {
            rowan::GreenNode::new(kind, self.children.drain(first..).map(|(c, _)| c))
        };
        // A node is never itself a key: only tokens' addresses are, and shared tokens live
        // in the cache for as long as any node keyed by them.
        self.children.push((rowan::NodeOrToken::Node(node), false));
    }

    fn token(&mut self, kind: K, text: &str) {
        let kind = kind.into();
        if text.len() > MAX_SHARED_TOKEN {
            let token = rowan::GreenToken::new(kind, text);
            self.children
                .push((rowan::NodeOrToken::Token(token), false));
            return;
        }
        let index = kind.0 as usize;
        let cache = &mut self.cache;
        if cache.tokens.len() <= index {
            cache.tokens.resize_with(index + 1, Default::default);
        }
        let map = &mut cache.tokens[index];
        let token = match map.get(text) {
            Some(token) => token.clone(),
            None => {
                let token = rowan::GreenToken::new(kind, text);
                map.insert(text.into(), token.clone());
                cache.entries += 1;
                token
            }
        };
        self.children.push((rowan::NodeOrToken::Token(token), true));
    }
}
