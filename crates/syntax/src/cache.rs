//! Nodes shared between the trees built on one thread.

use rowan::{GreenNode, GreenNodeData, NodeOrToken};
use rustc_hash::FxHashMap;

use crate::pgn::SyntaxKind;

/// Shares identical tokens and nodes between the trees built on one thread: rowan's own
/// cache, which shares tokens and nodes of up to three children, and PGN's tag pairs, which
/// have five and repeat from game to game of a database (`[Result "1-0"]`, a tournament's
/// `[Event "…"]`, `[Site "…"]`): 6,844 distinct among the 54,271 of the 10.7 MB database
/// of `cargo bench -p kifu-e2e --bench lsp`, whose tag pairs took 5.4 MiB unshared.
#[derive(Default)]
pub struct NodeCache {
    pub(crate) nodes: rowan::NodeCache,
    /// Tag pairs made of tokens only, by the addresses of their tokens (rowan's cache
    /// shares every token, so equal tokens are one), the first slot their number.
    tag_pairs: FxHashMap<[usize; MAX_TAG_PAIR_TOKENS + 1], GreenNode>,
}

/// The most tokens a shared tag pair has: `[`, name, white space, value, `]`.
const MAX_TAG_PAIR_TOKENS: usize = 5;

/// Past this many tag pairs the table starts again, so that a long-running process holds a
/// bounded amount.
const MAX_TAG_PAIRS: usize = 1 << 16;

impl NodeCache {
    /// `game`, a PGN `GAME` node, with each tag pair of its tag section replaced by an equal
    /// one seen before, where there is one. The tree is equal to `game`, so nothing that
    /// reads it can tell.
    pub(crate) fn share_tag_pairs(&mut self, game: GreenNode) -> GreenNode {
        let Some((index, section)) = game.children().enumerate().find_map(|(i, child)| {
            child
                .into_node()
                .filter(|n| n.kind() == SyntaxKind::TAG_SECTION.into())
                .map(|n| (i, n))
        }) else {
            return game;
        };
        match self.shared_section(section) {
            Some(section) => game.replace_child(index, NodeOrToken::Node(section)),
            None => game,
        }
    }

    /// A copy of `section` made of shared tag pairs, or `None` when it already is one.
    fn shared_section(&mut self, section: &GreenNodeData) -> Option<GreenNode> {
        if self.tag_pairs.len() > MAX_TAG_PAIRS {
            self.tag_pairs.clear();
        }
        let mut replaced = false;
        let children: Vec<_> = section
            .children()
            .map(|child| match child {
                NodeOrToken::Node(node) if node.kind() == SyntaxKind::TAG_PAIR.into() => {
                    let Some(key) = tokens_key(node) else {
                        return NodeOrToken::Node(node.to_owned());
                    };
                    let shared = self.tag_pairs.entry(key).or_insert_with(|| node.to_owned());
                    if !std::ptr::eq::<GreenNodeData>(&**shared, node) {
                        replaced = true;
                    }
                    NodeOrToken::Node(shared.clone())
                }
                NodeOrToken::Node(node) => NodeOrToken::Node(node.to_owned()),
                NodeOrToken::Token(token) => NodeOrToken::Token(token.to_owned()),
            })
            .collect();
        replaced.then(|| GreenNode::new(section.kind(), children))
    }
}

/// The number and the addresses of `node`'s children, when they are at most
/// [`MAX_TAG_PAIR_TOKENS`] tokens: two nodes with the same key are equal, since a token's
/// address is its kind and text in one thread's cache.
fn tokens_key(node: &GreenNodeData) -> Option<[usize; MAX_TAG_PAIR_TOKENS + 1]> {
    let mut key = [0usize; MAX_TAG_PAIR_TOKENS + 1];
    for child in node.children() {
        let token = child.into_token()?;
        let n = key[0] + 1;
        *key.get_mut(n)? = std::ptr::from_ref(token) as usize;
        key[0] = n;
    }
    Some(key)
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
    fn tag_pairs_with_errors_are_kept_as_they_are() {
        // A pair with an `ERROR` node inside, and one with six tokens, are not shared; the
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
        assert!(!std::ptr::eq(pairs[1], pairs[3]) && pairs[1] == pairs[3]);
        let one = pgn::parse_on_one_core(game).errors().len();
        assert!(one > 0);
        assert_eq!(parse.errors().len(), 2 * one);
    }
}
