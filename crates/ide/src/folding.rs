//! Folding ranges: games, tag sections, variations, comments over several lines; SGF game
//! trees and multi-line values.

use kifu_syntax::{pdn, pgn, sgf, TextRange};

use crate::document::{Document, Parsed};

/// What a fold holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldKind {
    /// A game, a tag section, a variation, a game tree.
    Region,
    /// A comment.
    Comment,
}

/// A range the editor may fold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fold {
    /// What it covers.
    pub range: TextRange,
    /// What it is.
    pub kind: FoldKind,
}

impl Document {
    /// The ranges that span more than one line and may be folded, in text order.
    pub fn folding_ranges(&self) -> Vec<Fold> {
        let text = self.text();
        let spans_lines = |range: TextRange| text[range].trim_end().contains('\n');
        let mut folds = Vec::new();
        let mut push = |range: TextRange, kind: FoldKind| {
            if spans_lines(range) {
                folds.push(Fold { range, kind });
            }
        };
        match self.parsed() {
            Parsed::Pgn(parse) => {
                use pgn::SyntaxKind::*;
                for node in parse.syntax().descendants() {
                    match node.kind() {
                        GAME | TAG_SECTION | VARIATION => push(node.text_range(), FoldKind::Region),
                        COMMENT => push(node.text_range(), FoldKind::Comment),
                        _ => {}
                    }
                }
            }
            Parsed::Pdn(parse) => {
                use pdn::SyntaxKind::*;
                for node in parse.syntax().descendants() {
                    match node.kind() {
                        GAME | TAG_SECTION | VARIATION => push(node.text_range(), FoldKind::Region),
                        COMMENT => push(node.text_range(), FoldKind::Comment),
                        _ => {}
                    }
                }
            }
            Parsed::Sgf(parse) => {
                use sgf::SyntaxKind::*;
                for element in parse.syntax().descendants_with_tokens() {
                    match element.kind() {
                        GAME_TREE => push(element.text_range(), FoldKind::Region),
                        VALUE => push(element.text_range(), FoldKind::Comment),
                        _ => {}
                    }
                }
            }
        }
        folds
    }
}
