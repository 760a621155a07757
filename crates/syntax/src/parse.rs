//! The result of parsing, the same for every notation.

use std::marker::PhantomData;

use rowan::{GreenNode, Language};

use crate::SyntaxError;

/// A lossless tree and the diagnostics found while building and checking it.
#[derive(Debug, Clone)]
pub struct Parse<L> {
    green: GreenNode,
    errors: Vec<SyntaxError>,
    language: PhantomData<L>,
}

impl<L: Language> Parse<L> {
    pub(crate) fn new(green: GreenNode, errors: Vec<SyntaxError>) -> Parse<L> {
        Parse {
            green,
            errors,
            language: PhantomData,
        }
    }

    /// The root of the tree.
    pub fn syntax(&self) -> rowan::SyntaxNode<L> {
        rowan::SyntaxNode::new_root(self.green.clone())
    }

    /// The green tree, cheap to clone and share between threads.
    pub fn green(&self) -> &GreenNode {
        &self.green
    }

    /// The diagnostics, in the order of the text.
    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// Each diagnostic as the text it covers and its code, after checking that the tree
    /// holds exactly `text` (for tests).
    #[cfg(test)]
    pub(crate) fn diagnosed(&self, text: &str) -> Vec<(String, crate::Code)> {
        assert_eq!(self.syntax().to_string(), text, "the tree is not lossless");
        self.errors
            .iter()
            .map(|e| (text[e.range].to_string(), e.code))
            .collect()
    }

    /// The `.rast` dump: diagnostics, then the tree.
    pub fn debug_dump(&self) -> String {
        crate::debug_dump(&self.syntax(), &self.errors)
    }
}
