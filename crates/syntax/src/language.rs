//! What every notation defines the same way: its rowan language and typed AST nodes.

/// Defines a notation's rowan language over its `SyntaxKind` (a `repr(u16)` enum whose last
/// variant is `$last`), and the `SyntaxNode`, `SyntaxToken` and `SyntaxElement` aliases.
macro_rules! rowan_language {
    ($(#[doc = $doc:literal])* $language:ident, $name:literal, $last:ident) => {
        impl From<SyntaxKind> for rowan::SyntaxKind {
            fn from(kind: SyntaxKind) -> Self {
                rowan::SyntaxKind(kind as u16)
            }
        }

        $(#[doc = $doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $language {}

        impl rowan::Language for $language {
            type Kind = SyntaxKind;

            fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
                assert!(
                    raw.0 <= SyntaxKind::$last as u16,
                    concat!("not a ", $name, " kind: {}"),
                    raw.0
                );
                // SAFETY: SyntaxKind is repr(u16) with contiguous discriminants from 0 to
                // $last, checked above.
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

pub(crate) use {ast_node, rowan_language};

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
