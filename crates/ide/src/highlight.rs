//! Semantic highlighting and expand-selection, over the tokens and nodes of each notation.

use kifu_syntax::{pdn, pgn, sgf, TextRange, TextSize};
use rowan::{Language, NodeOrToken, TokenAtOffset};

use crate::document::{Document, Parsed};

/// What a highlighted token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HighlightKind {
    /// A move: `Nf3`, `32-28`, `B[pd]`'s value is a string.
    Move,
    /// A move number: `12.`
    MoveNumber,
    /// A NAG, a suffix annotation, a move strength.
    Annotation,
    /// A comment of any kind.
    Comment,
    /// A tag name or SGF property identifier.
    Property,
    /// A tag value or SGF property value.
    Value,
    /// A game result.
    Result,
    /// A PDN setup command.
    Setup,
}

/// Every token of a PGN-family tree worth a colour: role kinds of PGN.
fn pgn_kind(kind: pgn::SyntaxKind) -> Option<HighlightKind> {
    use pgn::SyntaxKind::*;
    Some(match kind {
        SAN => HighlightKind::Move,
        INTEGER | DOTS => HighlightKind::MoveNumber,
        NAG | SUFFIX => HighlightKind::Annotation,
        BRACE_COMMENT | LINE_COMMENT | ESCAPE_LINE => HighlightKind::Comment,
        SYMBOL => HighlightKind::Property,
        STRING => HighlightKind::Value,
        RESULT => HighlightKind::Result,
        _ => return None,
    })
}

impl Document {
    /// The tokens to colour, in text order (a symbol in stray text is not a tag name).
    pub fn highlights(&self) -> Vec<(TextRange, HighlightKind)> {
        match self.parsed() {
            Parsed::Pgn(parse) => parse
                .syntax()
                .descendants_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .filter(|t| {
                    t.kind() != pgn::SyntaxKind::SYMBOL
                        || t.parent()
                            .is_some_and(|p| p.kind() == pgn::SyntaxKind::TAG_PAIR)
                })
                .filter_map(|t| Some((t.text_range(), pgn_kind(t.kind())?)))
                .collect(),
            Parsed::Pdn(parse) => parse
                .syntax()
                .descendants_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .filter_map(|t| {
                    let kind = match t.kind() {
                        pdn::SyntaxKind::SETUP => HighlightKind::Setup,
                        pdn::SyntaxKind::SYMBOL
                            if t.parent()
                                .is_some_and(|p| p.kind() != pdn::SyntaxKind::TAG_PAIR) =>
                        {
                            return None
                        }
                        other => pgn_kind(other.role())?,
                    };
                    Some((t.text_range(), kind))
                })
                .collect(),
            Parsed::Sgf(parse) => parse
                .syntax()
                .descendants_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .filter_map(|t| {
                    let kind = match t.kind() {
                        sgf::SyntaxKind::IDENT => HighlightKind::Property,
                        sgf::SyntaxKind::VALUE => HighlightKind::Value,
                        _ => return None,
                    };
                    Some((t.text_range(), kind))
                })
                .collect(),
        }
    }

    /// The ranges to select, innermost first, when the selection expands from `offset`:
    /// the token, the move with its annotations, the move pair (`12. e4 e5`), the
    /// variation, the movetext, the game; in SGF the value, property, node, game tree.
    pub fn selection_ranges(&self, offset: TextSize) -> Vec<TextRange> {
        if usize::from(offset) > self.text().len() {
            return Vec::new();
        }
        match self.parsed() {
            Parsed::Pgn(parse) => pgn_family_selection(&parse.syntax(), offset, |k| k),
            Parsed::Pdn(parse) => {
                pgn_family_selection(&parse.syntax(), offset, pdn::SyntaxKind::role)
            }
            Parsed::Sgf(parse) => selection(&parse.syntax(), offset, |_| None),
        }
    }
}

fn pick<L: Language>(at: TokenAtOffset<rowan::SyntaxToken<L>>) -> Option<rowan::SyntaxToken<L>> {
    match at {
        TokenAtOffset::None => None,
        TokenAtOffset::Single(t) => Some(t),
        TokenAtOffset::Between(left, right) => Some(if right.text().trim().is_empty() {
            left
        } else {
            right
        }),
    }
}

/// The token's range and its ancestors', with `extra` ranges after a node where it gives one.
fn selection<L: Language>(
    root: &rowan::SyntaxNode<L>,
    offset: TextSize,
    extra: impl Fn(&rowan::SyntaxNode<L>) -> Option<TextRange>,
) -> Vec<TextRange> {
    let Some(token) = pick(root.token_at_offset(offset)) else {
        return Vec::new();
    };
    let mut ranges = vec![token.text_range()];
    for node in token.parent_ancestors() {
        if ranges.last() != Some(&node.text_range()) {
            ranges.push(node.text_range());
        }
        if let Some(range) = extra(&node) {
            if ranges
                .last()
                .is_some_and(|last| range.contains_range(*last) && range != *last)
            {
                ranges.push(range);
            }
        }
    }
    ranges
}

fn pgn_family_selection<L: Language>(
    root: &rowan::SyntaxNode<L>,
    offset: TextSize,
    role: fn(L::Kind) -> pgn::SyntaxKind,
) -> Vec<TextRange> {
    selection(root, offset, |node| {
        (role(node.kind()) == pgn::SyntaxKind::SAN_MOVE)
            .then(|| move_pair(node, role))
            .flatten()
    })
}

/// The move pair around a move: from its move number (or the White move before it) to the
/// Black move after it, with their annotations.
fn move_pair<L: Language>(
    san_move: &rowan::SyntaxNode<L>,
    role: fn(L::Kind) -> pgn::SyntaxKind,
) -> Option<TextRange> {
    use pgn::SyntaxKind::*;
    let is = |n: &rowan::SyntaxNode<L>, k| role(n.kind()) == k;
    // Back to the move number that starts the pair.
    let mut start = san_move.clone();
    let mut moves_before = 0;
    let mut cursor = san_move.prev_sibling();
    while let Some(node) = cursor {
        if is(&node, MOVE_NUMBER) {
            start = node;
            break;
        }
        if is(&node, SAN_MOVE) {
            moves_before += 1;
            if moves_before > 1 {
                break;
            }
            start = node.clone();
        }
        if is(&node, VARIATION) {
            break;
        }
        cursor = node.prev_sibling();
    }
    // Forward to the second move of the pair, and the annotations after it.
    let mut end = san_move.clone();
    let mut moves_after = usize::from(moves_before == 0 && is(&start, MOVE_NUMBER));
    let mut cursor = san_move.next_sibling();
    while let Some(node) = cursor {
        if is(&node, MOVE_NUMBER) || is(&node, VARIATION) || is(&node, GAME_RESULT) {
            break;
        }
        if is(&node, SAN_MOVE) {
            if moves_after == 0 {
                break;
            }
            moves_after -= 1;
        }
        end = node.clone();
        cursor = node.next_sibling();
    }
    Some(TextRange::new(
        start.text_range().start(),
        end.text_range().end(),
    ))
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use crate::fixture;
    use crate::Notation;

    fn check_selection(notation: Notation, text: &str, expect: Expect) {
        let (doc, offset) = fixture::document(notation, text);
        let ranges: Vec<String> = doc
            .selection_ranges(offset)
            .iter()
            .map(|r| format!("{:?}", &doc.text()[*r]))
            .collect();
        expect.assert_eq(&ranges.join("\n"));
    }

    #[test]
    fn selection_expands_move_pair_variation_game() {
        check_selection(
            Notation::Pgn,
            "[Event \"e\"]\n\n1. e4 e5 2. Nf3 (2. f4 ex$0f4 $1 3. Nf3) 2... Nc6 *",
            expect![[r#"
            "exf4"
            "2. f4 exf4 $1"
            "(2. f4 exf4 $1 3. Nf3)"
            "1. e4 e5 2. Nf3 (2. f4 exf4 $1 3. Nf3) 2... Nc6"
            "[Event \"e\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4 $1 3. Nf3) 2... Nc6 *""#]],
        );
        check_selection(
            Notation::Sgf,
            "(;GM[1];B[p$0d];W[dd])",
            expect![[r#"
            "[pd]"
            "B[pd]"
            ";B[pd]"
            "(;GM[1];B[pd];W[dd])""#]],
        );
    }

    #[test]
    fn highlights() {
        let (doc, _) = fixture::document(Notation::Pgn, "[Event \"e\"]\n1. e4 $1 {c} oops 1-0");
        let found: Vec<String> = doc
            .highlights()
            .iter()
            .map(|(r, k)| format!("{k:?} {:?}", &doc.text()[*r]))
            .collect();
        expect![[r#"
        Property "Event"
        Value "\"e\""
        MoveNumber "1"
        MoveNumber "."
        Move "e4"
        Annotation "$1"
        Comment "{c}"
        Result "1-0""#]]
        .assert_eq(&found.join("\n"));
    }
}
