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

    const LAST: SyntaxKind = ERROR;
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

/// The rowan language of SGF trees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SgfLanguage {}

impl rowan::Language for SgfLanguage {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        assert!(
            raw.0 <= SyntaxKind::LAST as u16,
            "not an SGF kind: {}",
            raw.0
        );
        // SAFETY: SyntaxKind is repr(u16) with contiguous discriminants 0..=LAST, checked above.
        unsafe { std::mem::transmute::<u16, SyntaxKind>(raw.0) }
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

/// A node of an SGF tree.
pub type SyntaxNode = rowan::SyntaxNode<SgfLanguage>;
/// A token of an SGF tree.
pub type SyntaxToken = rowan::SyntaxToken<SgfLanguage>;
