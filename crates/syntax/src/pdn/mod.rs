//! PDN, the Portable Draughts Notation: PGN's grammar with draughts moves, results and tags.
//! It shares PGN's parser through [`crate::pgn::parser::Dialect`] and has its own kinds.
//!
//! ```
//! let parse = kifu_syntax::pdn::parse("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n");
//! assert!(parse.errors().is_empty());
//! ```

pub mod board;
mod checks;
mod lexer;
mod syntax_kind;

use rowan::{GreenNode, GreenToken, NodeOrToken, TextRange, TextSize};

pub use lexer::{lex, Lexed};
pub use syntax_kind::{PdnLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};

use crate::parser::Grammar;
use crate::pgn::parser::{self, Dialect};
use crate::{Code, SyntaxError};

/// PDN as the shared grammar sees it.
pub(crate) enum Pdn {}

impl Grammar for Pdn {
    type Kind = SyntaxKind;
    type Role = crate::pgn::SyntaxKind;
    fn role(kind: SyntaxKind) -> crate::pgn::SyntaxKind {
        kind.role()
    }
    fn kind(role: crate::pgn::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_role(role)
    }
}

impl Dialect for Pdn {
    const NAME: &'static str = "PDN";
    // PDN files often stop without a result (positions, unfinished games), and write the
    // result again after a closing comment.
    const RESULT_REQUIRED: bool = false;
    const REPEATED_RESULT: bool = true;

    fn is_result(word: &str) -> bool {
        matches!(
            word,
            "2-0" | "0-2" | "1-1" | "0-0" | "1-0" | "0-1" | "1/2-1/2" | "*"
        )
    }

    // PDN 3.0 does not cap NAGs: `$902` is a NAG.
    const NAG_MAX: Option<u32> = None;

    // PDN 3.0's move strength is any run of `!` and `?`, bare or in parentheses
    // (`19-23(!?!!!)`).
    fn valid_suffix(text: &str) -> bool {
        let bare = text
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or(text);
        !bare.is_empty() && bare.bytes().all(|b| b == b'!' || b == b'?')
    }

    fn check_move(text: &str, range: TextRange) -> Option<SyntaxError> {
        if text.contains(' ') && !is_column_padding(text) {
            return Some(SyntaxError::new(
                Code::SpaceInMove,
                range,
                format!(
                    "`{text}` has spaces inside; PDN 3.0 writes a move without them, `{}`",
                    text.replace(' ', "")
                ),
            ));
        }
        let leading_zero = text
            .split(['-', 'x', 'X', ':', '*'])
            .map(str::trim)
            .any(|square| square.len() > 1 && square.starts_with('0'));
        leading_zero.then(|| {
            SyntaxError::new(
                Code::LeadingZero,
                range,
                format!("`{text}` writes a square with a leading zero; PDN 3.0 writes squares without one"),
            )
        })
    }
}

/// Whether the only spaces in a move pad one-digit squares after their joiner (`1- 6`,
/// `47x 9`), as files with moves aligned in columns write them.
fn is_column_padding(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().all(|(i, &b)| {
        b != b' '
            || (i > 0
                && matches!(bytes[i - 1], b'-' | b'x' | b'X' | b':')
                && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
                && !bytes.get(i + 2).is_some_and(u8::is_ascii_digit))
    })
}

/// The result of parsing a PDN text: a lossless tree and its diagnostics.
pub type Parse = crate::Parse<PdnLanguage>;

impl crate::Parse<PdnLanguage> {
    /// The games, each seen as a PGN `GAME` tree with offsets into the whole text: PDN has
    /// PGN's structure, so code that reads movetext (export, outlines) serves both.
    pub fn games_as_pgn(&self) -> Vec<(crate::pgn::ast::Game, TextSize)> {
        self.games().filter_map(|game| game_as_pgn(&game)).collect()
    }

    /// The game that holds `offset`, seen as a PGN `GAME` (only that one is converted).
    pub fn game_as_pgn_at(&self, offset: TextSize) -> Option<(crate::pgn::ast::Game, TextSize)> {
        let game = self
            .games()
            .find(|g| g.text_range().contains_inclusive(offset))?;
        game_as_pgn(&game)
    }

    /// The `GAME` nodes.
    pub fn games(&self) -> impl Iterator<Item = SyntaxNode> {
        self.syntax()
            .children()
            .filter(|n| n.kind() == SyntaxKind::GAME)
    }
}

fn game_as_pgn(game: &SyntaxNode) -> Option<(crate::pgn::ast::Game, TextSize)> {
    let view = crate::pgn::SyntaxNode::new_root(as_pgn(&game.green()));
    Some((
        crate::pgn::ast::Game::cast(view)?,
        game.text_range().start(),
    ))
}

/// The same tree with each PDN kind replaced by the PGN kind of its role.
fn as_pgn(node: &rowan::GreenNodeData) -> GreenNode {
    let kind = |raw: rowan::SyntaxKind| -> rowan::SyntaxKind {
        <PdnLanguage as rowan::Language>::kind_from_raw(raw)
            .role()
            .into()
    };
    GreenNode::new(
        kind(node.kind()),
        node.children().map(|child| match child {
            NodeOrToken::Node(n) => NodeOrToken::Node(as_pgn(n)),
            NodeOrToken::Token(t) => NodeOrToken::Token(GreenToken::new(kind(t.kind()), t.text())),
        }),
    )
}

/// Parses a PDN text and runs the checks (game types, FEN, squares). Never fails.
pub fn parse(text: &str) -> Parse {
    let lexed = lex(text);
    let ranges = parser::split_games::<Pdn>(&lexed);
    let mut builder = rowan::GreenNodeBuilder::new();
    let mut errors = Vec::new();
    builder.start_node(SyntaxKind::SOURCE_FILE.into());
    let mut next = 0;
    for (i, range) in ranges.iter().enumerate() {
        for t in next..range.start {
            builder.token(lexed.kind(t).into(), lexed.token_text(t));
        }
        let is_last = i + 1 == ranges.len();
        errors.extend(parser::parse_game::<Pdn, _>(
            &lexed,
            range.clone(),
            is_last,
            &mut builder,
        ));
        next = range.end;
    }
    for t in next..lexed.len() {
        builder.token(lexed.kind(t).into(), lexed.token_text(t));
    }
    builder.finish_node();
    let green = builder.finish();
    let root = SyntaxNode::new_root(green.clone());
    errors.extend(checks::check(&root));
    errors.sort_by_key(|e| e.range.start());
    Parse::new(green, errors)
}

#[cfg(test)]
mod tests;
