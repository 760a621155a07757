//! The tree as the walks that visit every node read it: green nodes with their offsets added
//! up on the way, no allocation per node (rowan's red cursors allocate for every node
//! visited, which made the checks, and the model of each game, cost more than the parse).

use std::borrow::Cow;

use rowan::{GreenNodeData, NodeOrToken, TextRange, TextSize};

use super::ast::raw_value;
use super::SyntaxKind::{self, IDENT, PROPERTY, VALUE};

/// A property: its identifier and values with their ranges.
pub struct GreenProperty<'g> {
    /// The identifier as written (`B`, or `AddBlack` in old files).
    pub ident: &'g str,
    /// Where the identifier is.
    pub ident_range: TextRange,
    node: &'g GreenNodeData,
    start: TextSize,
}

/// The text between a value token's brackets, and where it is, given the token's range.
pub fn value_inner(token: &str, range: TextRange) -> (&str, TextRange) {
    let inner = raw_value(token);
    let start = range.start() + TextSize::from(1);
    (inner, TextRange::at(start, TextSize::of(inner)))
}

impl<'g> GreenProperty<'g> {
    /// The value tokens (brackets included) and their ranges.
    pub fn values(&self) -> impl Iterator<Item = (&'g str, TextRange)> + Clone + 'g {
        child_tokens(self.node, self.start, VALUE)
    }

    /// Whether the identifier as FF[4] reads it is `id`, without building it.
    pub fn ident_is(&self, id: &str) -> bool {
        self.ident
            .bytes()
            .filter(u8::is_ascii_uppercase)
            .eq(id.bytes())
    }

    /// The whole property, from its identifier to its last value.
    pub fn range(&self) -> TextRange {
        TextRange::at(self.start, self.node.text_len())
    }

    /// The identifier as FF[4] reads it: its upper-case letters.
    pub fn id(&self) -> Cow<'_, str> {
        if self.ident.bytes().all(|b| b.is_ascii_uppercase()) {
            Cow::Borrowed(self.ident)
        } else {
            Cow::Owned(
                self.ident
                    .chars()
                    .filter(char::is_ascii_uppercase)
                    .collect(),
            )
        }
    }
}

fn kind(raw: rowan::SyntaxKind) -> SyntaxKind {
    <super::SgfLanguage as rowan::Language>::kind_from_raw(raw)
}

/// The child tokens of `node` (at `offset`) of kind `wanted`, each with its range.
fn child_tokens(
    node: &GreenNodeData,
    offset: TextSize,
    wanted: SyntaxKind,
) -> impl Iterator<Item = (&str, TextRange)> + Clone {
    let mut at = offset;
    node.children().filter_map(move |child| {
        let range = TextRange::at(at, child.text_len());
        at += child.text_len();
        match child {
            NodeOrToken::Token(token) if kind(token.kind()) == wanted => {
                Some((token.text(), range))
            }
            _ => None,
        }
    })
}

/// The child nodes of `node` of kind `wanted`, each with its offset.
pub fn child_nodes(
    node: &GreenNodeData,
    offset: TextSize,
    wanted: SyntaxKind,
) -> impl Iterator<Item = (&GreenNodeData, TextSize)> {
    let mut at = offset;
    node.children().filter_map(move |child| {
        let start = at;
        at += child.text_len();
        match child {
            NodeOrToken::Node(n) if kind(n.kind()) == wanted => Some((n, start)),
            _ => None,
        }
    })
}

/// The properties of a NODE at `offset`, into `out` (cleared first; reused to spare
/// allocations).
pub fn collect_properties<'g>(
    node: &'g GreenNodeData,
    offset: TextSize,
    out: &mut Vec<GreenProperty<'g>>,
) {
    out.clear();
    out.extend(
        child_nodes(node, offset, PROPERTY).filter_map(|(property, start)| {
            let (ident, ident_range) = child_tokens(property, start, IDENT).next()?;
            Some(GreenProperty {
                ident,
                ident_range,
                node: property,
                start,
            })
        }),
    );
}
