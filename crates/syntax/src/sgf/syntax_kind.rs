//! The kinds of SGF tokens and nodes, and the rowan language that carries them.

/// Every kind of token and node in an SGF tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u16)]
#[allow(non_camel_case_types)]
pub enum SyntaxKind {
    // Tokens.
    /// Spaces, tabs and line breaks.
    WHITESPACE = 0,
    /// A byte order mark at the start of the text.
    BOM,
    /// `(`
    L_PAREN,
    /// `)`
    R_PAREN,
    /// `;`
    SEMICOLON,
    /// A property identifier, `B`, `AB`; lower-case letters kept as written (FF[3]).
    IDENT,
    /// `[...]`, brackets and escapes included; may lack its `]` (an error).
    VALUE,
    /// Characters that start no token.
    ERROR_TOKEN,

    // Nodes.
    /// The whole file: a collection of game trees.
    COLLECTION,
    /// `( nodes... variations... )`
    GAME_TREE,
    /// `;` and its properties.
    NODE,
    /// An identifier and its values.
    PROPERTY,
    /// Text the parser could not place; it carries a diagnostic.
    ERROR,
}

use SyntaxKind::*;

impl SyntaxKind {
    /// White space and byte order marks: tokens the grammar never sees.
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | BOM)
    }
}

crate::language::rowan_language!(
    /// The rowan language of SGF trees.
    SgfLanguage,
    "SGF",
    ERROR
);
