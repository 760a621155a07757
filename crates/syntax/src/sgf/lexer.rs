//! The SGF lexer. Values are single tokens, brackets and escapes included, so `[`, `(`, `)`
//! and `;` inside a value are just text.

use super::SyntaxKind::{self, *};

/// The tokens of an SGF text.
pub type Lexed<'t> = crate::lexed::Lexed<'t, SyntaxKind>;

/// Splits `text` into tokens.
pub fn lex(text: &str) -> Lexed<'_> {
    let bom = text.starts_with('\u{feff}').then_some((BOM, 3));
    // Where the last `]` is: a value opened after it cannot be closed, which is found at
    // once instead of by scanning to the end of the text for every such value.
    let last_close = memchr::memrchr(b']', text.as_bytes());
    Lexed::new(text, bom, |bytes, pos| next_token(bytes, pos, last_close))
}

pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' | 0)
}

fn run(bytes: &[u8], start: usize, pred: impl Fn(u8) -> bool) -> usize {
    let mut end = start;
    while end < bytes.len() && pred(bytes[end]) {
        end += 1;
    }
    end
}

fn next_token(bytes: &[u8], pos: usize, last_close: Option<usize>) -> (SyntaxKind, usize) {
    match bytes[pos] {
        b if is_space(b) => (WHITESPACE, run(bytes, pos, is_space)),
        b'(' => (L_PAREN, pos + 1),
        b')' => (R_PAREN, pos + 1),
        b';' => (SEMICOLON, pos + 1),
        b'[' => (VALUE, value_end(bytes, pos, last_close)),
        b if b.is_ascii_alphabetic() => (IDENT, run(bytes, pos, |b| b.is_ascii_alphabetic())),
        _ => (
            ERROR_TOKEN,
            run(bytes, pos + 1, |b| {
                !is_space(b) && !b.is_ascii_alphabetic() && !matches!(b, b'(' | b')' | b';' | b'[')
            }),
        ),
    }
}

/// The end of a value: after its `]` (a backslash escapes the next byte). A value with no
/// `]` ends at the end of its first line: SGF files rarely lose more than one bracket, and
/// this keeps the rest of the file parseable.
fn value_end(bytes: &[u8], pos: usize, last_close: Option<usize>) -> usize {
    if last_close.is_some_and(|last| last > pos) {
        let mut i = pos + 1;
        while i < bytes.len() {
            match bytes[i] {
                b'\\' => i += 2,
                b']' => return i + 1,
                _ => i += 1,
            }
        }
    }
    let line_end = memchr::memchr2(b'\n', b'\r', &bytes[pos..]).map_or(bytes.len(), |i| pos + i);
    line_end.min(bytes.len())
}

/// Whether a VALUE token has its closing `]`.
pub(crate) fn value_is_closed(text: &str) -> bool {
    crate::language::is_closed_by(text, b']')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(SyntaxKind, &str)> {
        lex(text).tokens().collect()
    }

    #[test]
    fn values_keep_brackets_and_escapes() {
        assert_eq!(
            kinds("C[a\\]b(;)]B"),
            vec![(IDENT, "C"), (VALUE, "[a\\]b(;)]"), (IDENT, "B")]
        );
    }

    #[test]
    fn unclosed_value_ends_at_its_line() {
        assert_eq!(
            kinds("C[open\n;B[aa"),
            vec![
                (IDENT, "C"),
                (VALUE, "[open"),
                (WHITESPACE, "\n"),
                (SEMICOLON, ";"),
                (IDENT, "B"),
                (VALUE, "[aa"),
            ]
        );
        assert!(!value_is_closed("[open"));
        assert!(!value_is_closed("[a\\]"));
        assert!(value_is_closed("[a\\\\]"));
    }
}
