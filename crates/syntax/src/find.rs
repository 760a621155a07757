//! Finding the token at an offset in a big tree.

use rowan::{Language, NodeOrToken, SyntaxNode, SyntaxToken, TextRange, TextSize, TokenAtOffset};

/// rowan's [`SyntaxNode::token_at_offset`], with the same answer, but the child that holds
/// `offset` is found by a binary search at each level: rowan looks at the children one by
/// one, and the root of a 10 MB database has 16,702 of them (the games and the white space
/// between them), which made every hover, highlight and completion cost some 0.3 ms there
/// before it did anything. Where `offset` is strictly inside one child, that child is the
/// only one rowan would look into; at the boundary of two, rowan's own search decides.
pub fn token_at_offset<L: Language>(
    node: &SyntaxNode<L>,
    offset: TextSize,
) -> TokenAtOffset<SyntaxToken<L>> {
    let mut node = node.clone();
    loop {
        let range = node.text_range();
        if !(range.start() < offset && offset < range.end()) {
            break;
        }
        match node.child_or_token_at_range(TextRange::empty(offset)) {
            Some(NodeOrToken::Node(child))
                if child.text_range().start() < offset && offset < child.text_range().end() =>
            {
                node = child;
            }
            _ => break,
        }
    }
    node.token_at_offset(offset)
}

#[cfg(test)]
mod tests {
    use rowan::TextSize;

    /// The same tokens as rowan's at every offset of trees of the three notations, broken
    /// ones too.
    #[test]
    fn the_same_tokens_as_rowans_at_every_offset() {
        let pgn = "[Event \"e\"]\n\n1. e4 {a} (1. d4 d5 (1... c5)) e5 2. Nf3 $1 *\n\n\n1. c4 *\n  ";
        let broken = "1. e4 {open (2. ) ] [x \"y\"] 3. Q! *\n\n[Event \"\n\n1-0";
        let sgf = "(;GM[1]SZ[9];B[aa](;W[bb])(;W[cc]C[x\\]]))\n(;B[dd]";
        let pdn = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 {c} 14x23 *\n\n1. 31-27 *";
        let mut checked = 0;
        for text in [pgn, broken, "", " ", "\n\n"] {
            let root = crate::pgn::parse(text).syntax();
            checked += compare(&root, text.len());
        }
        checked += compare(&crate::sgf::parse(sgf).syntax(), sgf.len());
        checked += compare(&crate::pdn::parse(pdn).syntax(), pdn.len());
        assert!(checked > 200, "{checked}");
    }

    fn compare<L: rowan::Language>(root: &rowan::SyntaxNode<L>, len: usize) -> usize {
        for offset in 0..=len {
            let offset = TextSize::from(offset as u32);
            let ours: Vec<_> = super::token_at_offset(root, offset).collect();
            let rowans: Vec<_> = root.token_at_offset(offset).collect();
            assert_eq!(ours, rowans, "at {offset:?}");
        }
        len + 1
    }
}
