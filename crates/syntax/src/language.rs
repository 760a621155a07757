//! What every notation defines the same way: its kinds, its rowan language and typed AST
//! nodes.

/// Defines a notation's `SyntaxKind`: white space and a byte order mark (the trivia every
/// notation has), the notation's own tokens and nodes (`L_PAREN` and `R_PAREN` among them),
/// and `ERROR` last, with what the parser kit reads in them; then its rowan language over
/// those kinds, and the `SyntaxNode`, `SyntaxToken` and `SyntaxElement` aliases.
macro_rules! syntax_kinds {
    (
        $(#[doc = $language_doc:literal])* $language:ident, $name:literal;
        $($(#[doc = $doc:literal])* $kind:ident,)*
    ) => {
        #[doc = concat!("Every kind of token and node in ", $name, " trees.")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u16)]
        #[allow(non_camel_case_types)]
        pub enum SyntaxKind {
            /// Spaces, tabs and line breaks.
            WHITESPACE = 0,
            /// A byte order mark at the start of the text.
            BOM,
            $($(#[doc = $doc])* $kind,)*
            /// Text the parser could not place; it carries a diagnostic.
            ERROR,
        }

        impl SyntaxKind {
            /// White space and byte order marks: tokens the grammar never sees.
            pub fn is_trivia(self) -> bool {
                matches!(self, SyntaxKind::WHITESPACE | SyntaxKind::BOM)
            }
        }

        impl $crate::parser::Role for SyntaxKind {
            const ERROR: SyntaxKind = SyntaxKind::ERROR;
            const L_PAREN: SyntaxKind = SyntaxKind::L_PAREN;
            const R_PAREN: SyntaxKind = SyntaxKind::R_PAREN;
            fn is_trivia(self) -> bool {
                SyntaxKind::is_trivia(self)
            }
        }

        impl From<SyntaxKind> for rowan::SyntaxKind {
            fn from(kind: SyntaxKind) -> Self {
                rowan::SyntaxKind(kind as u16)
            }
        }

        $(#[doc = $language_doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $language {}

        impl rowan::Language for $language {
            type Kind = SyntaxKind;

            fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
                assert!(
                    raw.0 <= SyntaxKind::ERROR as u16,
                    concat!("not a ", $name, " kind: {}"),
                    raw.0
                );
                // SAFETY: SyntaxKind is repr(u16) with contiguous discriminants from 0 to
                // ERROR, checked above.
                unsafe { std::mem::transmute::<u16, SyntaxKind>(raw.0) }
            }

            fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
                kind.into()
            }
        }

        #[doc = concat!("A node of a ", $name, " tree.")]
        pub type SyntaxNode = rowan::SyntaxNode<$language>;
        #[doc = concat!("A token of a ", $name, " tree.")]
        pub type SyntaxToken = rowan::SyntaxToken<$language>;
        #[doc = concat!("A node or token of a ", $name, " tree.")]
        pub type SyntaxElement = rowan::SyntaxElement<$language>;
    };
}

/// Defines a typed AST node: a wrapper over a `SyntaxNode` of one kind.
macro_rules! ast_node {
    ($(#[doc = $doc:literal])* $name:ident, $kind:ident) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name(SyntaxNode);

        impl $name {
            /// Views `node` as this type if it has the right kind.
            pub fn cast(node: SyntaxNode) -> Option<Self> {
                (node.kind() == $kind).then(|| Self(node))
            }

            /// The underlying node.
            pub fn syntax(&self) -> &SyntaxNode {
                &self.0
            }
        }
    };
}

pub(crate) use {ast_node, syntax_kinds};

/// Whether a token that opened with a delimiter ends with its unescaped closing `close`
/// (a backslash escapes the next byte): `"...\""` is not closed, `"...\\"` is.
pub(crate) fn is_closed_by(text: &str, close: u8) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() < 2 || bytes[bytes.len() - 1] != close {
        return false;
    }
    let backslashes = bytes[1..bytes.len() - 1]
        .iter()
        .rev()
        .take_while(|&&b| b == b'\\')
        .count();
    backslashes % 2 == 0
}
