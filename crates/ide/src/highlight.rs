//! Semantic highlighting and expand-selection, over the tokens and nodes of each notation.

use kifu_syntax::{pdn, pgn, sgf, TextRange, TextSize};
use rowan::{Children, GreenNodeData, Language, NodeOrToken, SyntaxKind as RawKind, TokenAtOffset};

use crate::document::{Document, Parsed};
use crate::roles::written_range;

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
        self.highlights_within(None).collect()
    }

    /// The tokens to colour that overlap `within` (all of them for `None`), in text order.
    /// It walks the green tree without building a node per element, and only the part that
    /// `within` covers: its cost follows the range, not the document.
    pub fn highlights_within(
        &self,
        within: Option<TextRange>,
    ) -> impl Iterator<Item = (TextRange, HighlightKind)> + '_ {
        let (green, classify): (&GreenNodeData, Classify) = match self.parsed() {
            Parsed::Pgn(parse) => (&**parse.green(), pgn_highlight),
            Parsed::Pdn(parse) => (&**parse.green(), pdn_highlight),
            Parsed::Sgf(parse) => (&**parse.green(), sgf_highlight),
        };
        Highlights {
            stack: vec![Frame {
                children: green.children(),
                offset: TextSize::from(0),
                kind: green.kind(),
            }],
            within,
            classify,
        }
    }
}

/// The colour of a token of a given kind under a parent of a given kind.
type Classify = fn(token: RawKind, parent: RawKind) -> Option<HighlightKind>;

fn pgn_highlight(token: RawKind, parent: RawKind) -> Option<HighlightKind> {
    let kind = pgn::PgnLanguage::kind_from_raw(token);
    if kind == pgn::SyntaxKind::SYMBOL
        && pgn::PgnLanguage::kind_from_raw(parent) != pgn::SyntaxKind::TAG_PAIR
    {
        return None;
    }
    pgn_kind(kind)
}

fn pdn_highlight(token: RawKind, parent: RawKind) -> Option<HighlightKind> {
    match pdn::PdnLanguage::kind_from_raw(token) {
        pdn::SyntaxKind::SETUP => Some(HighlightKind::Setup),
        pdn::SyntaxKind::SYMBOL
            if pdn::PdnLanguage::kind_from_raw(parent) != pdn::SyntaxKind::TAG_PAIR =>
        {
            None
        }
        other => pgn_kind(other.role()),
    }
}

fn sgf_highlight(token: RawKind, _parent: RawKind) -> Option<HighlightKind> {
    match sgf::SgfLanguage::kind_from_raw(token) {
        sgf::SyntaxKind::IDENT => Some(HighlightKind::Property),
        sgf::SyntaxKind::VALUE => Some(HighlightKind::Value),
        _ => None,
    }
}

/// A node being walked: its remaining children, where the next one starts, its kind.
struct Frame<'a> {
    children: Children<'a>,
    offset: TextSize,
    kind: RawKind,
}

/// The highlighted tokens of a green tree in text order, skipping subtrees outside `within`.
struct Highlights<'a> {
    stack: Vec<Frame<'a>>,
    within: Option<TextRange>,
    classify: Classify,
}

impl Iterator for Highlights<'_> {
    type Item = (TextRange, HighlightKind);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let frame = self.stack.last_mut()?;
            let Some(child) = frame.children.next() else {
                self.stack.pop();
                continue;
            };
            let len = match child {
                NodeOrToken::Node(node) => node.text_len(),
                NodeOrToken::Token(token) => token.text_len(),
            };
            let range = TextRange::at(frame.offset, len);
            frame.offset = range.end();
            if let Some(within) = self.within {
                if range.start() > within.end() {
                    // This child and every one after it are past the range.
                    self.stack.pop();
                    continue;
                }
                // Only what shares text with the range (an empty element: what touches it).
                match within.intersect(range) {
                    Some(shared) if !shared.is_empty() || range.is_empty() => {}
                    _ => continue,
                }
            }
            match child {
                NodeOrToken::Node(node) => {
                    let frame = Frame {
                        children: node.children(),
                        offset: range.start(),
                        kind: node.kind(),
                    };
                    self.stack.push(frame);
                }
                NodeOrToken::Token(token) => {
                    let parent = frame.kind;
                    if let Some(kind) = (self.classify)(token.kind(), parent) {
                        return Some((range, kind));
                    }
                }
            }
        }
    }
}

impl Document {
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
            Parsed::Sgf(parse) => {
                selection(&parse.syntax(), offset, |node| node.text_range(), |_| None)
            }
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
    range: impl Fn(&rowan::SyntaxNode<L>) -> TextRange,
    extra: impl Fn(&rowan::SyntaxNode<L>) -> Option<TextRange>,
) -> Vec<TextRange> {
    let Some(token) = pick(kifu_syntax::token_at_offset(root, offset)) else {
        return Vec::new();
    };
    let mut ranges = vec![token.text_range()];
    for node in token.parent_ancestors() {
        let node_range = range(&node);
        // The spaces after a move are in its node but not in its written range: from them,
        // the selection goes on as from white space between two nodes.
        if !node_range.contains_range(token.text_range()) {
            continue;
        }
        if ranges.last() != Some(&node_range) {
            ranges.push(node_range);
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
    selection(
        root,
        offset,
        |node| written_range(node, role),
        |node| {
            (role(node.kind()) == pgn::SyntaxKind::SAN_MOVE)
                .then(|| move_pair(node, role))
                .flatten()
        },
    )
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
        written_range(&end, role).end(),
    ))
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use super::*;
    use crate::Notation;

    use crate::fixture;

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
    fn selection_from_spaces_after_a_move_skips_the_move() {
        // The spaces are the last token of `Ke3`'s node, yet not in its written range: the
        // selection goes from them to the movetext, as from any white space between moves.
        check_selection(
            Notation::Pgn,
            "1. e4 e5 2. Ke3 $0 Kd9 3. e4 *",
            expect![[r#"
            "  "
            "1. e4 e5 2. Ke3  Kd9 3. e4"
            "1. e4 e5 2. Ke3  Kd9 3. e4 *""#]],
        );
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

    /// The highlights as the red tree gives them: every token, filtered one by one.
    fn through_the_red_tree(doc: &Document) -> Vec<(TextRange, HighlightKind)> {
        fn walk<L: Language>(
            root: rowan::SyntaxNode<L>,
            classify: Classify,
        ) -> Vec<(TextRange, HighlightKind)> {
            root.descendants_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .filter_map(|t| {
                    let parent = L::kind_to_raw(t.parent()?.kind());
                    Some((t.text_range(), classify(L::kind_to_raw(t.kind()), parent)?))
                })
                .collect()
        }
        match doc.parsed() {
            Parsed::Pgn(parse) => walk(parse.syntax(), pgn_highlight),
            Parsed::Pdn(parse) => walk(parse.syntax(), pdn_highlight),
            Parsed::Sgf(parse) => walk(parse.syntax(), sgf_highlight),
        }
    }

    #[test]
    fn ranges_give_what_overlaps_them_and_nothing_else() {
        let documents = [
            (
                Notation::Pgn,
                "[Event \"e\"]\n1. e4 $1 {c\nd} oops (1. d4 [x]) 1-0\n\n[White \"w\"]\n1. c4 *",
            ),
            (
                Notation::Pdn,
                "[GameType \"21\"]\n/FEN \"W:W31:B1\"/ 1. 11-15 (!) *",
            ),
            (Notation::Sgf, "(;GM[1]SZ[19];B[pd](;W[dd])(;W[dp]C[a\nb]))"),
        ];
        for (notation, text) in documents {
            let doc = Document::new(notation, text.to_string());
            let all = through_the_red_tree(&doc);
            assert_eq!(doc.highlights(), all, "{text}");
            assert!(!all.is_empty());
            for start in 0..=text.len() as u32 {
                for end in start..=text.len() as u32 {
                    let within = TextRange::new(start.into(), end.into());
                    let expected: Vec<_> = all
                        .iter()
                        .copied()
                        .filter(|(r, _)| within.intersect(*r).is_some_and(|s| !s.is_empty()))
                        .collect();
                    let found: Vec<_> = doc.highlights_within(Some(within)).collect();
                    assert_eq!(found, expected, "{text:?} {within:?}");
                }
            }
        }
    }
}
