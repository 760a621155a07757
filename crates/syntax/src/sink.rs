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
}
