//! PGN and PDN read through the roles of their kinds: what the shared grammar sees in each
//! (a PDN `32-28` is a move as a PGN `Nf3` is), for the features that walk either tree.

use kifu_syntax::pdn::PdnLanguage;
use kifu_syntax::pgn::{PgnLanguage, SyntaxKind as K};
use rowan::{Language, NodeOrToken};

/// What the shared grammar sees in a raw kind of one notation.
pub(crate) type Role = fn(rowan::SyntaxKind) -> K;

/// PGN's kinds are the roles.
pub(crate) fn pgn_role(raw: rowan::SyntaxKind) -> K {
    PgnLanguage::kind_from_raw(raw)
}

/// PDN's kinds play PGN's roles.
pub(crate) fn pdn_role(raw: rowan::SyntaxKind) -> K {
    PdnLanguage::kind_from_raw(raw).role()
}

/// The role of a node.
pub(crate) fn node_role<L: Language>(node: &rowan::SyntaxNode<L>, role: Role) -> K {
    role(node.green().kind())
}

/// The role of a token.
pub(crate) fn token_role<L: Language>(token: &rowan::SyntaxToken<L>, role: Role) -> K {
    role(L::kind_to_raw(token.kind()))
}

/// The first token of `node` (a direct child) with role `kind`.
pub(crate) fn token<L: Language>(
    node: &rowan::SyntaxNode<L>,
    role: Role,
    kind: K,
) -> Option<rowan::SyntaxToken<L>> {
    node.children_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .find(|t| token_role(t, role) == kind)
}

/// The text of that token.
pub(crate) fn token_text<L: Language>(
    node: &rowan::SyntaxNode<L>,
    role: Role,
    kind: K,
) -> Option<String> {
    token(node, role, kind).map(|t| t.text().to_string())
}

/// Whether a node of this role ends with the spaces after it on its line: a move number, a
/// move, a NAG (the parser's `finish_with_spaces`).
pub(crate) fn ends_with_spaces(role: K) -> bool {
    matches!(role, K::MOVE_NUMBER | K::SAN_MOVE | K::NAG_NODE)
}

/// The range of `node` up to its last significant token: without the spaces after its last
/// move, move number or NAG, which the parser keeps in that node (the spaces after `e4` are
/// the last token of its `SAN_MOVE`, so that rowan shares the node). What an editor shows
/// as the node: a hover's or a selection's range.
pub(crate) fn written_range<L: Language>(
    node: &rowan::SyntaxNode<L>,
    role: fn(L::Kind) -> K,
) -> rowan::TextRange {
    let range = node.text_range();
    match node.last_token() {
        Some(last)
            if role(last.kind()) == K::WHITESPACE
                && last
                    .parent()
                    .is_some_and(|parent| ends_with_spaces(role(parent.kind()))) =>
        {
            rowan::TextRange::new(range.start(), last.text_range().start())
        }
        _ => range,
    }
}
