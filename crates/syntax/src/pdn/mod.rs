//! PDN, the Portable Draughts Notation: PGN's grammar with draughts moves, results and tags.
//! It shares PGN's parser through [`crate::pgn::parser::Dialect`] and has its own kinds, each
//! with the PGN role it plays ([`SyntaxKind::role`]), through which code that reads PGN
//! trees reads PDN trees too.
//!
//! ```
//! let parse = kifu_syntax::pdn::parse("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n");
//! assert!(parse.errors().is_empty());
//! ```

pub mod board;
mod checks;
mod lexer;
mod syntax_kind;

use rowan::TextRange;

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
    const CHESS_MOVES: bool = false;

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

    // A move with spaces inside, or a square with a leading zero.
    const CHECK_MOVE: Option<fn(&str, TextRange) -> Option<SyntaxError>> = Some(check_move);
}

/// A PDN move's text against PDN 3.0: spaces inside it (but column padding), a square
/// with a leading zero.
fn check_move(text: &str, range: TextRange) -> Option<SyntaxError> {
    if text.contains(' ') && !is_column_padding(text) {
        let joined = text.replace(' ', "");
        return Some(
            SyntaxError::new(
                Code::SpaceInMove,
                range,
                format!(
                    "`{text}` has spaces inside; PDN 3.0 writes a move without them, `{joined}`"
                ),
            )
            .with_fix(format!("Write `{joined}`"), [(range, joined.clone())]),
        );
    }
    let leading_zero = text
        .split(['-', 'x', 'X', ':', '*'])
        .map(str::trim)
        .any(|square| square.len() > 1 && square.starts_with('0'));
    leading_zero.then(|| {
        // Each square without its zeros, the joiners as written.
        let mut fixed = String::with_capacity(text.len());
        let mut in_square = false;
        for c in text.chars() {
            if c == '0' && !in_square {
                continue;
            }
            in_square = c.is_ascii_digit();
            fixed.push(c);
        }
        SyntaxError::new(
            Code::LeadingZero,
            range,
            format!(
                "`{text}` writes a square with a leading zero; PDN 3.0 writes squares without one"
            ),
        )
        .with_fix(format!("Write `{fixed}`"), [(range, fixed.clone())])
    })
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
    /// The `GAME` nodes.
    pub fn games(&self) -> impl Iterator<Item = SyntaxNode> {
        self.syntax()
            .children()
            .filter(|n| n.kind() == SyntaxKind::GAME)
    }
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
