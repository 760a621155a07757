//! The PDN lexer. A move and its marks are one token, which is how PDN's ambiguities are
//! resolved (also in `docs/pdn.md`):
//!
//! - `1-1` is a result and `1-18` a move: a result counts only when no square digit follows,
//!   and no result is a valid move (there is no square 0, and a man does not move to the
//!   square it stands on).
//! - `*` alone is the game terminator; glued to a move (`27-20*`) it marks a forced move and
//!   belongs to the move token.
//! - `(` followed by `!` or `?` marks and `)` is a move strength (`31-27(?)`, `19-23(!?!!!)`);
//!   any other `(` opens a variation.
//! - Blanks around a joiner belong to the move (`1- 6`, `47x 9`): tournament files pad
//!   one-digit squares to align their columns. They never cross a line.

use super::SyntaxKind::{self, *};
use crate::pgn::lexer::{
    at_line_start, bom_at, brace_comment_end, is_space, line_end, run, string_end,
};

/// The tokens of a PDN text.
pub type Lexed<'t> = crate::lexed::Lexed<'t, SyntaxKind>;

/// Splits `text` into tokens. The text starts at the beginning of a line.
pub fn lex(text: &str) -> Lexed<'_> {
    Lexed::new(text, None, next_token)
}

/// Bytes a word (tag name, move, result) is made of.
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'*' | b'/')
}

fn ends_unknown_run(b: u8) -> bool {
    is_space(b)
        || b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'{' | b'}' | b'[' | b']' | b'(' | b')' | b';' | b'"' | b'/'
        )
}

fn next_token(bytes: &[u8], pos: usize) -> (SyntaxKind, usize) {
    let b = bytes[pos];
    match b {
        _ if is_space(b) => (WHITESPACE, run(bytes, pos, is_space)),
        b'{' => (BRACE_COMMENT, brace_comment_end(bytes, pos)),
        b'}' => (R_CURLY, pos + 1),
        b';' => (LINE_COMMENT, line_end(bytes, pos)),
        b'%' if at_line_start(bytes, pos) => (ESCAPE_LINE, line_end(bytes, pos)),
        // PDN 3.0 reads `%` anywhere as a comment to the end of the line.
        b'%' => (LINE_COMMENT, line_end(bytes, pos)),
        b'[' => (L_BRACK, pos + 1),
        b']' => (R_BRACK, pos + 1),
        b'"' => (STRING, string_end(bytes, pos)),
        b'$' if bytes.get(pos + 1).is_some_and(u8::is_ascii_digit) => {
            (NAG, run(bytes, pos + 1, |b| b.is_ascii_digit()))
        }
        b'.' => (DOTS, run(bytes, pos, |b| b == b'.')),
        b'!' | b'?' => (STRENGTH, run(bytes, pos, |b| b == b'!' || b == b'?')),
        b'(' => match parenthesized_strength(bytes, pos) {
            Some(end) => (STRENGTH, end),
            None => (L_PAREN, pos + 1),
        },
        b')' => (R_PAREN, pos + 1),
        b'*' => (RESULT, pos + 1),
        b'/' => (SETUP, setup_end(bytes, pos)),
        b'0'..=b'9' => number_or_move(bytes, pos),
        _ if b.is_ascii_alphabetic() => match alphanumeric_move(bytes, pos) {
            Some(end) => (MOVE, end),
            None => (SYMBOL, run(bytes, pos, is_word_byte)),
        },
        // A byte order mark, the text's own or one where files were joined: trivia, as in
        // PGN.
        0xEF if bom_at(bytes, pos) => (BOM, pos + 3),
        _ => (ERROR_TOKEN, run(bytes, pos + 1, |b| !ends_unknown_run(b))),
    }
}

/// `(?)`, `(!)`, `(!?!!!)`...: a move strength in parentheses, any run of marks (PDN 3.0's
/// `\([!?]+\)`).
fn parenthesized_strength(bytes: &[u8], pos: usize) -> Option<usize> {
    let marks = run(bytes, pos + 1, |b| b == b'!' || b == b'?');
    (marks > pos + 1 && bytes.get(marks) == Some(&b')')).then_some(marks + 1)
}

/// A setup command runs from `/` to the next `/` on its line, or to the end of the line.
fn setup_end(bytes: &[u8], pos: usize) -> usize {
    let line = line_end(bytes, pos);
    match memchr::memchr(b'/', &bytes[pos + 1..line]) {
        Some(i) => pos + 1 + i + 1,
        None => line,
    }
}

const RESULTS: &[&[u8]] = &[b"1/2-1/2", b"2-0", b"0-2", b"1-1", b"0-0", b"1-0", b"0-1"];

/// A digit starts a result, a move number (digits before `.`, or alone), or a numeric move:
/// squares joined by `-`, `x` or `:`, perhaps with a `*`. Spaces around the joiner are taken
/// into the move: they pad one-digit squares in aligned columns (`1- 6`), and the reading
/// grammar of PDN 3.0 allows white space between a move's squares.
fn number_or_move(bytes: &[u8], pos: usize) -> (SyntaxKind, usize) {
    for result in RESULTS {
        let end = pos + result.len();
        if bytes[pos..].starts_with(result) && bytes.get(end).is_none_or(|&b| !is_word_byte(b)) {
            return (RESULT, end);
        }
    }
    let digits = run(bytes, pos, |b| b.is_ascii_digit());
    if bytes.get(digits) == Some(&b'.') {
        return (INTEGER, digits);
    }
    let mut end = digits;
    let mut squares = 1;
    loop {
        let gap = run(bytes, end, |b| b == b' ');
        if !matches!(bytes.get(gap), Some(b'-' | b'x' | b'X' | b':')) {
            break;
        }
        let next = run(bytes, gap + 1, |b| b == b' ');
        let square = run(bytes, next, |b| b.is_ascii_digit());
        if square == next {
            break;
        }
        end = square;
        squares += 1;
    }
    if squares < 2 {
        return (INTEGER, digits);
    }
    if bytes.get(end) == Some(&b'*') {
        end += 1;
    }
    (MOVE, end)
}

/// An alphanumeric square: a lower-case file letter and a rank of one or two digits.
fn square(bytes: &[u8], pos: usize) -> Option<usize> {
    if !bytes.get(pos).is_some_and(u8::is_ascii_lowercase) {
        return None;
    }
    let rank = run(bytes, pos + 1, |b| b.is_ascii_digit());
    (rank > pos + 1 && rank - pos - 1 <= 2).then_some(rank)
}

/// `c3-d4`, `c3d4`, `b6xd4xf2`, `a3:c5`: two or more alphanumeric squares.
fn alphanumeric_move(bytes: &[u8], pos: usize) -> Option<usize> {
    let mut end = square(bytes, pos)?;
    let mut squares = 1;
    loop {
        let joiner = usize::from(matches!(bytes.get(end), Some(b'-' | b'x' | b':')));
        match square(bytes, end + joiner) {
            Some(next) => {
                end = next;
                squares += 1;
            }
            None => break,
        }
    }
    if bytes.get(end) == Some(&b'*') {
        end += 1;
    }
    let ends_word = bytes.get(end).is_none_or(|&b| !b.is_ascii_alphanumeric());
    (squares >= 2 && ends_word).then_some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(SyntaxKind, &str)> {
        lex(text)
            .tokens()
            .filter(|(k, _)| *k != WHITESPACE)
            .collect()
    }

    #[test]
    fn ambiguities() {
        assert_eq!(kinds("1-1"), vec![(RESULT, "1-1")]);
        assert_eq!(kinds("1-18"), vec![(MOVE, "1-18")]);
        assert_eq!(kinds("27-20* *"), vec![(MOVE, "27-20*"), (RESULT, "*")]);
        assert_eq!(
            kinds("31-27(?) (32-28)"),
            vec![
                (MOVE, "31-27"),
                (STRENGTH, "(?)"),
                (L_PAREN, "("),
                (MOVE, "32-28"),
                (R_PAREN, ")")
            ]
        );
    }

    /// A byte order mark where files were joined, and a `%` line after a lone `\r`.
    #[test]
    fn joined_files_and_classic_mac_lines() {
        let text = "1. 32-28 *\n\u{feff}[GameType \"20\"]\r% note\r2-0";
        let parse = crate::pdn::parse(text);
        assert!(parse.errors().is_empty(), "{:?}", parse.errors());
        assert_eq!(
            kinds(text),
            vec![
                (INTEGER, "1"),
                (DOTS, "."),
                (MOVE, "32-28"),
                (RESULT, "*"),
                (BOM, "\u{feff}"),
                (L_BRACK, "["),
                (SYMBOL, "GameType"),
                (STRING, "\"20\""),
                (R_BRACK, "]"),
                (ESCAPE_LINE, "% note"),
                (RESULT, "2-0"),
            ]
        );
    }

    #[test]
    fn moves() {
        for text in [
            "32-28", "28x19", "26x37x48", "5x32", "c3-d4", "c3d4", "b6xd4xf2", "a3:c5",
        ] {
            assert_eq!(kinds(text), vec![(MOVE, text)], "{text}");
        }
        assert_eq!(
            kinds("1.32-28"),
            vec![(INTEGER, "1"), (DOTS, "."), (MOVE, "32-28")]
        );
        assert_eq!(kinds("23..."), vec![(INTEGER, "23"), (DOTS, "...")]);
        assert_eq!(kinds("10-15!"), vec![(MOVE, "10-15"), (STRENGTH, "!")]);
        assert_eq!(kinds("32 - 28"), vec![(MOVE, "32 - 28")]);
        assert_eq!(
            kinds("43-39  1- 6  47x 9"),
            vec![(MOVE, "43-39"), (MOVE, "1- 6"), (MOVE, "47x 9")]
        );
        assert_eq!(kinds("32-28\n 6"), vec![(MOVE, "32-28"), (INTEGER, "6")]);
        assert_eq!(
            kinds("19-23(!?!!!)"),
            vec![(MOVE, "19-23"), (STRENGTH, "(!?!!!)")]
        );
        assert_eq!(
            kinds("1. 32-28 % note"),
            vec![
                (INTEGER, "1"),
                (DOTS, "."),
                (MOVE, "32-28"),
                (LINE_COMMENT, "% note")
            ]
        );
        assert_eq!(kinds("/FEN \"W:W31\"/"), vec![(SETUP, "/FEN \"W:W31\"/")]);
        assert_eq!(kinds("Event"), vec![(SYMBOL, "Event")]);
    }
}
