//! The typed view of an SGF tree; every accessor returns `Option` or an iterator.

use super::SyntaxKind::*;
use super::{SyntaxNode, SyntaxToken};

use crate::language::ast_node;

ast_node!(/// A whole SGF file.
    Collection, COLLECTION);
ast_node!(/// `( nodes... variations... )`.
    GameTree, GAME_TREE);
ast_node!(/// `;` and its properties.
    Node, NODE);
ast_node!(/// An identifier and its values.
    Property, PROPERTY);

impl Collection {
    /// The game trees at the top level: one per game.
    pub fn game_trees(&self) -> impl Iterator<Item = GameTree> {
        self.0.children().filter_map(GameTree::cast)
    }
}

impl GameTree {
    /// The nodes of the main sequence of this tree, in order.
    pub fn nodes(&self) -> impl Iterator<Item = Node> {
        self.0.children().filter_map(Node::cast)
    }

    /// The variations that follow the sequence.
    pub fn variations(&self) -> impl Iterator<Item = GameTree> {
        self.0.children().filter_map(GameTree::cast)
    }
}

impl Node {
    /// The properties, in order.
    pub fn properties(&self) -> impl Iterator<Item = Property> {
        self.0.children().filter_map(Property::cast)
    }
}

impl Property {
    /// The identifier token.
    pub fn ident_token(&self) -> Option<SyntaxToken> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .find(|t| t.kind() == IDENT)
    }

    /// The identifier as written, `B`, or `AddBlack` in old files.
    pub fn ident(&self) -> Option<String> {
        self.ident_token().map(|t| t.text().to_string())
    }

    /// The identifier as FF[4] reads it: its upper-case letters (`AddBlack` is `AB`).
    pub fn canonical_ident(&self) -> Option<String> {
        self.ident_token()
            .map(|t| t.text().chars().filter(char::is_ascii_uppercase).collect())
    }

    /// Whether the identifier as FF[4] reads it is `id` (upper-case letters), without
    /// building it: for walks that look at every property.
    pub fn ident_is(&self, id: &str) -> bool {
        self.ident_token().is_some_and(|t| {
            t.text()
                .bytes()
                .filter(u8::is_ascii_uppercase)
                .eq(id.bytes())
        })
    }

    /// The value tokens, brackets included.
    pub fn value_tokens(&self) -> impl Iterator<Item = SyntaxToken> {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == VALUE)
    }

    /// The raw values: the text between the brackets, escapes still in.
    pub fn raw_values(&self) -> impl Iterator<Item = String> {
        self.value_tokens().map(|t| raw_value(t.text()).to_string())
    }
}

/// The text between a value's brackets.
pub fn raw_value(token: &str) -> &str {
    let inner = token.strip_prefix('[').unwrap_or(token);
    if super::lexer::value_is_closed(token) {
        &inner[..inner.len() - 1]
    } else {
        inner
    }
}
