//! Folding ranges: games, tag sections, variations, comments over several lines; SGF game
//! trees and multi-line values.

use kifu_syntax::{pdn, pgn, sgf, TextRange};
use rowan::Language;

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
    ///
    /// Folding is about the text, not the game: it folds every comment and value wherever
    /// the parser put it (between tags, after a result), so it reads the syntax tree.
    pub fn folding_ranges(&self) -> Vec<Fold> {
        let text = self.text();
        let folds = match self.parsed() {
            Parsed::Pgn(parse) => pgn_family_folds(&parse.syntax(), |k| k),
            Parsed::Pdn(parse) => pgn_family_folds(&parse.syntax(), pdn::SyntaxKind::role),
            Parsed::Sgf(parse) => {
                use sgf::SyntaxKind::*;
                parse
                    .syntax()
                    .descendants_with_tokens()
                    .filter_map(|element| {
                        let kind = match element.kind() {
                            GAME_TREE => FoldKind::Region,
                            VALUE => FoldKind::Comment,
                            _ => return None,
                        };
                        Some(Fold {
                            range: element.text_range(),
                            kind,
                        })
                    })
                    .collect()
            }
        };
        folds
            .into_iter()
            .filter(|fold| text[fold.range].trim_end().contains('\n'))
            .collect()
    }
}

/// Games, tag sections, variations and comments of a tree of the PGN family.
fn pgn_family_folds<L: Language>(
    root: &rowan::SyntaxNode<L>,
    role: fn(L::Kind) -> pgn::SyntaxKind,
) -> Vec<Fold> {
    use pgn::SyntaxKind::*;
    root.descendants()
        .filter_map(|node| {
            let kind = match role(node.kind()) {
                GAME | TAG_SECTION | VARIATION => FoldKind::Region,
                COMMENT => FoldKind::Comment,
                _ => return None,
            };
            Some(Fold {
                range: node.text_range(),
                kind,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use crate::fixture;
    use crate::Notation;

    fn check_folding(notation: Notation, text: &str, expect: Expect) {
        let (doc, _) = fixture::document(notation, text);
        let folds: Vec<String> = doc
            .folding_ranges()
            .iter()
            .map(|f| format!("{:?} {:?}", f.kind, &doc.text()[f.range]))
            .collect();
        expect.assert_eq(&folds.join("\n"));
    }

    #[test]
    fn folding() {
        check_folding(
            Notation::Pgn,
            "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 {a\nlong comment} (1. d4\nd5) e5 *\n",
            expect![[r#"
            Region "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 {a\nlong comment} (1. d4\nd5) e5 *"
            Region "[Event \"x\"]\n[Site \"y\"]"
            Comment "{a\nlong comment}"
            Region "(1. d4\nd5)""#]],
        );
        check_folding(
            Notation::Sgf,
            "(;GM[1]\nC[a\ncomment](;B[aa]\n;W[bb])(;B[cc]))",
            expect![[r#"
            Region "(;GM[1]\nC[a\ncomment](;B[aa]\n;W[bb])(;B[cc]))"
            Comment "[a\ncomment]"
            Region "(;B[aa]\n;W[bb])""#]],
        );
    }
}
