//! The PGN lexer: text to tokens, trivia and comments included, every byte in some token.
//!
//! The lexer is context-free but for two facts of PGN: a `%` escape line counts only in
//! column 0, and a `{` comment with no `}` stops before the next line that starts a tag pair
//! (`[Event "...`), so that one missing brace does not swallow the rest of a database.
//!
//! Two kinds of text that is not PGN at all are read as one `ERROR_TOKEN` each, so that the
//! parser can say once what they are: a line that starts with a FEN board (an EPD record,
//! `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 "...";`) and an HTML tag
//! (`<br />`). Neither crosses a line.

use super::find::find_any;
use super::result::{other_result_end, DIGIT_RESULTS};
use super::SyntaxKind::{self, *};

/// The tokens of a PGN text.
pub type Lexed<'t> = crate::lexed::Lexed<'t, SyntaxKind>;

/// Splits `text` into tokens. The text starts at the beginning of a line.
///
/// Texts longer than `u32::MAX` bytes are beyond rowan's limits; callers cut them into
/// games first (the CLI reads files in pieces).
pub fn lex(text: &str) -> Lexed<'_> {
    Lexed::new(text, None, next_token)
}

/// Whether a UTF-8 byte order mark (U+FEFF) starts at `pos`.
#[inline]
pub(crate) fn bom_at(bytes: &[u8], pos: usize) -> bool {
    bytes[pos..].starts_with("\u{feff}".as_bytes())
}

/// Whether `b` may continue a word: a move, a tag name or a symbol.
#[inline]
pub(crate) const fn is_word_byte(b: u8) -> bool {
    WORD_BYTES[b as usize]
}

/// [`is_word_byte`] for each byte: one load per byte of a word instead of six tests.
static WORD_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = byte.is_ascii_alphanumeric()
            || matches!(byte, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'@');
        b += 1;
    }
    table
};

pub(crate) const fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// Whether `b` ends a line: `\n`, or `\r` alone (classic Mac OS) or before `\n` (Windows),
/// as the language server and the CLI count lines. Every rule of the lexer and the grammar
/// about lines (a `;` comment's end, a `%` escape in column 0, a tag pair on a line of its
/// own, a comment with no `}` ending before one) counts a line break so: with `\n` alone, a
/// `;` comment in a file of `\r` lines ran to the end of the file.
#[inline]
pub(crate) fn is_line_break(b: u8) -> bool {
    b == b'\n' || b == b'\r'
}

/// Whether `pos` starts a line: the start of the text, or after a line break.
#[inline]
pub(crate) fn at_line_start(bytes: &[u8], pos: usize) -> bool {
    pos == 0 || is_line_break(bytes[pos - 1])
}

/// Bytes that end a run of unknown characters: white space, PGN's delimiters, and letters
/// and digits, so that in `<br />3.` the move number is still found.
fn ends_unknown_run(b: u8) -> bool {
    is_space(b)
        || b.is_ascii_alphanumeric()
        || matches!(b, b'{' | b'}' | b'[' | b']' | b'(' | b')' | b';' | b'"')
}

/// The kind and end of the token at `pos`. It reads `bytes[pos - 1]` (a `%` escape counts
/// only in column 0) and what follows `pos`, never more than the rest of the line, but for
/// a brace comment with no `}`, which looks at the start of each later line for a tag pair.
///
/// Inlined into the lexer's loop (`Lexed::new_in`) and the incremental re-lexing: a call
/// for every token saved and restored the registers its dispatch uses, a sixth of its
/// instructions. Always: with `#[inline]` alone the compiler kept it a call (the tree of
/// TWIC took 9% more instructions), and a change anywhere in it could tip it either way.
#[inline(always)]
pub(crate) fn next_token(bytes: &[u8], pos: usize) -> (SyntaxKind, usize) {
    let b = bytes[pos];
    match b {
        b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' => (WHITESPACE, run(bytes, pos, is_space)),
        b'{' => (BRACE_COMMENT, brace_comment_end(bytes, pos)),
        b'}' => (R_CURLY, pos + 1),
        b';' => (LINE_COMMENT, line_end(bytes, pos)),
        b'%' if at_line_start(bytes, pos) => (ESCAPE_LINE, line_end(bytes, pos)),
        b'<' => match html_tag_end(bytes, pos) {
            Some(end) => (ERROR_TOKEN, end),
            None => (ERROR_TOKEN, run(bytes, pos + 1, |b| !ends_unknown_run(b))),
        },
        b'[' => (L_BRACK, pos + 1),
        b']' => (R_BRACK, pos + 1),
        b'(' => (L_PAREN, pos + 1),
        b')' => (R_PAREN, pos + 1),
        b'"' => (STRING, string_end(bytes, pos)),
        b'*' => (RESULT, pos + 1),
        b'.' => (DOTS, run(bytes, pos, |b| b == b'.')),
        b'!' | b'?' => (SUFFIX, run(bytes, pos, |b| b == b'!' || b == b'?')),
        b'$' if bytes.get(pos + 1).is_some_and(u8::is_ascii_digit) => {
            (NAG, run(bytes, pos + 1, |b| b.is_ascii_digit()))
        }
        // `$-1` is one bad NAG, not the stray text `$-` and a move number.
        b'$' if matches!(bytes.get(pos + 1), Some(b'-' | b'+'))
            && bytes.get(pos + 2).is_some_and(u8::is_ascii_digit) =>
        {
            (NAG, run(bytes, pos + 2, |b| b.is_ascii_digit()))
        }
        // An EPD record starts with a rank of a FEN board: a digit or a piece letter. Checked
        // only in these two arms, so that the other tokens keep their direct dispatch.
        b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' if starts_epd_line(bytes, pos) => {
            (ERROR_TOKEN, line_end(bytes, pos))
        }
        b'0'..=b'9' => number_or_word(bytes, pos),
        _ if is_word_byte(b) => {
            let end = run(bytes, pos, is_word_byte);
            if matches!(bytes.get(end), Some(b'/' | b'(')) {
                word_before_slash_or_paren(bytes, pos, end)
            } else if is_san_inline(&bytes[pos..end]) {
                (SAN, end)
            } else {
                (SYMBOL, end)
            }
        }
        // A byte order mark: the text's own, or one inside it where files were joined
        // (`cat a.pgn b.pgn`, one of them with a mark), trivia either way (U+FEFF is also a
        // space of no width). Read as stray text, one inside made two errors of one joined
        // file and the game after it lost its tag pairs, and a piece of a file cut just
        // before it read it as its text's own mark: the check of a large file depended on
        // where its pieces were cut.
        0xEF if bom_at(bytes, pos) => (BOM, pos + 3),
        _ => other_token(bytes, pos),
    }
}

/// [`next_token`] for a byte that starts no token of PGN's own: a move written with a
/// figurine, a draw written with `½`, or stray text. Out of the lexer's loop: these are
/// rare, and an arm of its own for the figurine's `0xE2` there changed the dispatch of every
/// token (+1.5% of the lexer's instructions).
#[inline(never)]
fn other_token(bytes: &[u8], pos: usize) -> (SyntaxKind, usize) {
    // A move written with a figurine, as programs print Figurine Algebraic Notation (`♘f3`,
    // `♕xd8+`): one move, which the replay reads (and its `non-standard-move` fix writes
    // with a letter). Read as stray text, each figurine was an error and the square after it
    // a pawn's illegal move: an error for every piece move.
    if let Some(end) = figurine_move_end(bytes, pos) {
        return (SAN, end);
    }
    // A draw written with `½` (`½-½`), as books and web pages print it (see `result.rs`).
    if let Some(end) = other_result_end(bytes, pos) {
        return (RESULT, end);
    }
    (ERROR_TOKEN, run(bytes, pos + 1, |b| !ends_unknown_run(b)))
}

/// The end of a move written with a figurine at `pos` (U+2654..U+265F, `E2 99 94..9F` in
/// UTF-8) where a piece letter would stand: the figurine and the word after it, when the
/// word makes a move after a piece letter (`♘f3`, `♙e4`, `♗xb5+`).
///
/// A space between the figurine and the word (`♘ f3`, as text set with figurines in a font
/// is copied) makes one move too, which the replay notes: read apart, the figurine was stray
/// text and the square a pawn's move. (A lone letter before a square is not read so: `N`
/// alone is also ChessBase's mark of a novelty, `14. Rd1 N e5`.)
pub(crate) fn figurine_move_end(bytes: &[u8], pos: usize) -> Option<usize> {
    let [0xE2, 0x99, 0x94..=0x9F] = *bytes.get(pos..pos + 3)? else {
        return None;
    };
    let mut start = pos + 3;
    if bytes.get(start) == Some(&b' ') {
        start += 1;
    }
    let end = run(bytes, start, is_word_byte);
    let mut lettered = [0u8; 16];
    let len = end - start + 1;
    let lettered = lettered.get_mut(..len)?;
    lettered[0] = b'N';
    lettered[1..].copy_from_slice(&bytes[start..end]);
    is_san(lettered).then_some(end)
}

/// Whether an EPD record starts at `pos`: at the start of a line (see [`is_epd_line`]).
/// Inlined, so that the lexer's loop tests the byte before a word itself and calls only at
/// a line's start.
#[inline]
fn starts_epd_line(bytes: &[u8], pos: usize) -> bool {
    at_line_start(bytes, pos) && is_epd_line(bytes, pos)
}

/// Whether a FEN board and a side to move start at `pos` (`rnbqkbnr/.../RNBQKBNR w`): the
/// start of an EPD record, which no line of PGN looks like.
///
/// Asked of every line that starts with a letter or a digit, most of them a move number or
/// a move: their second byte (`.`, or a file letter after a piece's) is no FEN board's, and
/// they are told so before [`is_fen_board_line`] is called, and so are most of the others
/// by their third (a board's first two ranks start `r/`, `rn` or `8/`: its second and third
/// bytes are each a rank's byte or a `/`; a TCEC file's one move to a line, `b6 {` or
/// `10.Bxf6`, is not). (Marked `#[inline]`, this saved the check of 110 MB 0.2% more of its
/// instructions but cost the tree of TWIC 0.4%: the lexer's loop compiled to more.)
pub(crate) fn is_epd_line(bytes: &[u8], pos: usize) -> bool {
    let board_byte = |i: usize| bytes.get(i).is_some_and(|&b| RANK_OR_SLASH[b as usize]);
    board_byte(pos + 1) && board_byte(pos + 2) && is_fen_board_line(bytes, pos)
}

/// The bytes of a FEN board: [`is_rank_byte`]'s, and `/`.
static RANK_OR_SLASH: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = b as u8 == b'/' || is_rank_byte(b as u8);
        b += 1;
    }
    table
};

/// A byte of a FEN board's rank: a piece letter or a count of empty squares.
const fn is_rank_byte(b: u8) -> bool {
    matches!(
        b,
        b'1'..=b'8'
            | b'p'
            | b'n'
            | b'b'
            | b'r'
            | b'q'
            | b'k'
            | b'P'
            | b'N'
            | b'B'
            | b'R'
            | b'Q'
            | b'K'
    )
}

/// [`is_epd_line`] in full.
fn is_fen_board_line(bytes: &[u8], pos: usize) -> bool {
    let mut i = pos;
    for rank in 0..8 {
        let end = run(bytes, i, is_rank_byte);
        if end == i || end - i > 8 {
            return false;
        }
        i = end;
        if rank < 7 {
            if bytes.get(i) != Some(&b'/') {
                return false;
            }
            i += 1;
        }
    }
    bytes.get(i) == Some(&b' ') && matches!(bytes.get(i + 1), Some(b'w' | b'b'))
}

/// The end of an HTML tag at `pos` (`<br />`, `</p>`, `<a href="x">`), on its line.
pub(crate) fn html_tag_end(bytes: &[u8], pos: usize) -> Option<usize> {
    let name = pos + 1 + usize::from(bytes.get(pos + 1) == Some(&b'/'));
    if !bytes.get(name).is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let name_end = run(bytes, name, |b| b.is_ascii_alphanumeric());
    if !matches!(bytes.get(name_end), Some(b'>' | b' ' | b'/')) {
        return None;
    }
    // Tags are short; the cap keeps lexing linear on long lines with a stray `<`.
    let limit = bytes.len().min(name_end + 256);
    let close = bytes[name_end..limit]
        .iter()
        .position(|&b| b == b'>' || is_line_break(b) || b == b'<')?;
    (bytes[name_end + close] == b'>').then_some(name_end + close + 1)
}

pub(crate) fn run(bytes: &[u8], start: usize, pred: impl Fn(u8) -> bool) -> usize {
    let mut end = start;
    while end < bytes.len() && pred(bytes[end]) {
        end += 1;
    }
    end
}

/// The end of a line comment: before the line break (`\n`, `\r\n` or `\r`).
pub(crate) fn line_end(bytes: &[u8], pos: usize) -> usize {
    memchr::memchr2(b'\n', b'\r', &bytes[pos..]).map_or(bytes.len(), |i| pos + i)
}

/// A digit starts a result (`1-0`, or written another way: `1:0`, `1/2`, `0.5-0.5`),
/// castling written with zeros (`0-0`), a null move (`0000`), or else a move number: the
/// digits alone, so that `1.e4` lexes as `1` `.` `e4`.
#[inline]
pub(crate) fn number_or_word(bytes: &[u8], pos: usize) -> (SyntaxKind, usize) {
    // A move number (`12.`): digits that start with no `0` and end the word, which no result
    // or move does (results go on with `-`, `/`, `:` or a dash, castling with `-`; `0000`
    // and `0.5-0.5` start with `0`).
    let digits_end = run(bytes, pos, |b| b.is_ascii_digit());
    if bytes
        .get(digits_end)
        .is_none_or(|&b| !CONTINUES_DIGITS[b as usize])
        && bytes[pos] != b'0'
    {
        return (INTEGER, digits_end);
    }
    number_or_word_by_word(bytes, pos)
}

/// Bytes after a word's first digits that may make it more than a move number: a word byte,
/// `/` (`1/2-1/2`, `1/2`), and the first byte of an en dash (`1–0`). One load where two
/// tests were.
static CONTINUES_DIGITS: [bool; 256] = {
    let mut table = WORD_BYTES;
    table[b'/' as usize] = true;
    table[0xE2] = true;
    table
};

/// [`number_or_word`] the long way, for any word that starts with a digit: the word first,
/// then results, then moves that start with a digit, else the digits.
fn number_or_word_by_word(bytes: &[u8], pos: usize) -> (SyntaxKind, usize) {
    let word_end = run(bytes, pos, is_word_byte);
    let word = &bytes[pos..word_end];
    let ends_word = |end: usize| bytes.get(end).is_none_or(|&b| !is_word_byte(b));
    for result in DIGIT_RESULTS {
        if bytes[pos..].starts_with(result) && ends_word(pos + result.len()) {
            return (RESULT, pos + result.len());
        }
    }
    if let Some(end) = other_result_end(bytes, pos) {
        return (RESULT, end);
    }
    // Only these moves start with a digit; `1e4` is the number 1 and the move e4.
    let core = word
        .iter()
        .position(|&b| b == b'+' || b == b'#')
        .map_or(word, |i| &word[..i]);
    if is_san(word) && (core == b"0000" || is_castling(core)) {
        return (SAN, word_end);
    }
    (INTEGER, run(bytes, pos, |b| b.is_ascii_digit()))
}

/// The end of a `{` comment: after its `}`, or, when it has none, before the next line that
/// starts a tag pair, or at the end of the text.
pub(crate) fn brace_comment_end(bytes: &[u8], pos: usize) -> usize {
    let mut from = pos + 1;
    while let Some(i) = memchr::memchr3(b'}', b'\n', b'\r', &bytes[from..]) {
        let at = from + i;
        if bytes[at] == b'}' {
            return at + 1;
        }
        if starts_tag_pair(bytes, at + 1) {
            // The blank lines before the tag pair are white space, not comment.
            let mut end = at;
            while end > pos + 1 && is_space(bytes[end - 1]) {
                end -= 1;
            }
            return end;
        }
        from = at + 1;
    }
    bytes.len()
}

/// Whether a tag pair (`[Name "`) starts at `pos`, after optional spaces.
pub(crate) fn starts_tag_pair(bytes: &[u8], pos: usize) -> bool {
    let skip_blanks = |mut i: usize| {
        while i < bytes.len() && (bytes[i] == b' ' || bytes[i] == b'\t') {
            i += 1;
        }
        i
    };
    let mut i = skip_blanks(pos);
    if bytes.get(i) != Some(&b'[') {
        return false;
    }
    i = skip_blanks(i + 1);
    if !bytes.get(i).is_some_and(u8::is_ascii_alphanumeric) {
        return false;
    }
    i = skip_blanks(run(bytes, i, is_word_byte));
    bytes.get(i) == Some(&b'"')
}

/// How far past its first closing quote a tag value is searched for a later quote that is
/// followed by `]`. Tag values are short; the cap keeps lexing linear on hostile lines.
const UNESCAPED_QUOTE_LOOKAHEAD: usize = 1024;

/// The end of a string. PGN escapes `"` as `\"`, but many programs write inner quotes
/// unescaped (`[Event "The "Big" Game"]`); when the first closing quote is not followed by
/// `]` and a later quote on the same line is, the string runs to that later quote. A string
/// with no closing quote ends at the end of its line.
#[inline(never)]
pub(crate) fn string_end(bytes: &[u8], pos: usize) -> usize {
    let mut first_close: Option<usize> = None;
    let mut i = pos + 1;
    // From one byte that matters to the next, 16 bytes at a time (byte by byte, the values
    // of a TWIC file's tag pairs were 1.4% of building its tree).
    loop {
        let Some(at) = find_any(bytes, i, [b'"', b'\\', b'\n', b'\r']) else {
            // To the end of the text, as the byte-by-byte loop ran.
            i = bytes.len();
            break;
        };
        i = at;
        match bytes[i] {
            b'\\' if i + 1 < bytes.len() && bytes[i + 1] != b'\n' && bytes[i + 1] != b'\r' => {
                i += 2;
                continue;
            }
            b'"' => {
                let after = run(bytes, i + 1, |b| b == b' ' || b == b'\t');
                if bytes.get(after) == Some(&b']') {
                    return i + 1;
                }
                let first = *first_close.get_or_insert(i);
                if i - first > UNESCAPED_QUOTE_LOOKAHEAD {
                    break;
                }
            }
            b'\n' | b'\r' => break,
            _ => {}
        }
        i += 1;
    }
    match first_close {
        Some(close) => close + 1,
        None => i,
    }
}

/// The word `pos..end` before a `/` or `(`: a move, with its promotion if it is written
/// `e8/Q` or `e8(Q)` ([`promotion_end`]), or a symbol. Apart from the lexer's loop, where the
/// look after a move, made after `is_san`'s call, cost the loop's other tokens their registers
/// (+0.7% instructions of the tree of TWIC; the look before the call is one comparison of the
/// byte the word's run stopped at).
#[cold]
#[inline(never)]
fn word_before_slash_or_paren(bytes: &[u8], pos: usize, end: usize) -> (SyntaxKind, usize) {
    if is_san(&bytes[pos..end]) {
        (SAN, promotion_end(bytes, pos, end))
    } else {
        (SYMBOL, end)
    }
}

/// The end of a pawn's move to the last rank at `pos..end` with its promotion written
/// `e8/Q` or `e8(Q)` (older programs' ways, which the replay reads as `e8=Q` and tells of
/// once): the piece and any check mark after it are the move's. Read as the move `e8`, then
/// stray text `/Q` or a variation of a lone letter `(Q)`, the one slip was two diagnostics
/// (and the move, which promotes to nothing, illegal). `end` when no such piece follows.
#[cold]
#[inline(never)]
fn promotion_end(bytes: &[u8], pos: usize, end: usize) -> usize {
    let pawn_to_last_rank =
        matches!(bytes[pos], b'a'..=b'h') && matches!(bytes[end - 1], b'1' | b'8');
    let piece = |b: u8| is_piece(b) && b != b'P';
    let after = match bytes[end..] {
        [b'/', p, ..] if pawn_to_last_rank && piece(p) => end + 2,
        [b'(', p, b')', ..] if pawn_to_last_rank && piece(p) => end + 3,
        _ => return end,
    };
    let after = run(bytes, after, |b| b == b'+' || b == b'#');
    match bytes.get(after) {
        Some(&b) if is_word_byte(b) => end,
        _ => after,
    }
}

/// Whether `word` is a move: SAN in any language's piece letters (`Nbd2`, `Sf3`, `exd5`,
/// `e8=Q`, `e8=D`, `O-O+`), a pawn's with its file typed as a capital (`E4`), long
/// algebraic (`e2-e4`,
/// `Ng1xf3`), UCI (`e7e8q`), a drop (`N@f3`), or a null move (`--`, `Z0`, `0000`, `@@@@`).
pub(crate) fn is_san(word: &[u8]) -> bool {
    let mut end = word.len();
    while end > 0 && matches!(word[end - 1], b'+' | b'#') {
        end -= 1;
    }
    let core = &word[..end];
    if end + 2 < word.len() {
        return false;
    }
    common_san(core) || any_san(core)
}

/// [`is_san`], with the shapes of most moves told inline (`Nf3`, `exd5+`): for the plain
/// reader, which asks it of every move (called, `is_san` was 38 instructions a move), and
/// for the lexer's loop.
#[inline(always)]
pub(crate) fn is_san_inline(word: &[u8]) -> bool {
    let core = match word {
        [rest @ .., b'+' | b'#'] => rest,
        _ => word,
    };
    common_san(core) || is_san(word)
}

/// Whether `core` (a move without its check marks) has one of the shapes of most moves of
/// a game: `e4`, `Nf3`, `exd5`, `Nxe5`, `Nbd2`, `R1e2`. Each is a move by [`any_san`] too;
/// these are told by their bytes at once, without its search through every form.
#[inline(always)]
fn common_san(core: &[u8]) -> bool {
    match *core {
        [file, rank] => is_file(file) && is_rank(rank),
        [piece, file, rank] => is_piece(piece) && is_file(file) && is_rank(rank),
        [first, second, file, rank] => {
            is_file(file)
                && is_rank(rank)
                && if second == b'x' {
                    is_piece(first) || is_file(first)
                } else {
                    is_piece(first) && (is_file(second) || is_rank(second))
                }
        }
        _ => false,
    }
}

/// Whether `core` is castling written with `O`s or zeros, or both mixed as typed by hand
/// (`O-O`, `0-0-0`, `O-0`): what [`number_or_word`] reads as a move when it starts with `0`.
fn is_castling(core: &[u8]) -> bool {
    let o = |b: u8| b == b'O' || b == b'0';
    match *core {
        [a, b'-', b] => o(a) && o(b),
        [a, b'-', b, b'-', c] => o(a) && o(b) && o(c),
        _ => false,
    }
}

/// Whether `b` can be a piece letter: any capital but castling's `O`. Besides English
/// `K Q R B N P`, games are written with the piece letters of their language (German
/// `S L T D`, Spanish `C A T D R`, French `C F T D R`...). Which letters a game uses, and
/// whether its moves can be played, is the replay's to say (kifu-rules), not the grammar's.
#[inline(always)]
fn is_piece(b: u8) -> bool {
    b.is_ascii_uppercase() && b != b'O'
}

#[inline(always)]
fn is_file(b: u8) -> bool {
    (b'a'..=b'h').contains(&b)
}

/// A file typed as a capital (`E4`): never a piece letter there, as a piece's move has a
/// square after its letter.
#[inline(always)]
fn is_capital_file(b: u8) -> bool {
    (b'A'..=b'H').contains(&b)
}

#[inline(always)]
fn is_rank(b: u8) -> bool {
    (b'1'..=b'8').contains(&b)
}

/// [`is_san`] of a move without its check marks, in every form it accepts.
fn any_san(core: &[u8]) -> bool {
    if matches!(
        core,
        b"o-o" | b"o-o-o" | b"OO" | b"OOO" | b"--" | b"Z0" | b"0000" | b"@@@@"
    ) || is_castling(core)
    {
        return true;
    }
    // A pawn's move with its file typed as a capital (`E4`, `E8=Q`, `E8Q`): read as a move
    // (the replay tells it once a game, with the fix), where it was stray text that stopped
    // its line. (`Exd5` is read below, its capital as a piece letter.)
    if let [file, rank, promotion @ ..] = core {
        if is_capital_file(*file)
            && is_rank(*rank)
            && matches!(promotion, [] | [b'=', b'A'..=b'Z'] | [b'A'..=b'Z'])
        {
            return true;
        }
    }
    let mut rest = core;
    if let [piece, tail @ ..] = rest {
        // A piece letter, or one of English SAN's typed in lower case (`nf3`, `qxd8+`, as
        // moves are typed by hand; not `b`, a file): read as moves, which the replay tells
        // once a game, where each was stray text that stopped its line.
        if is_piece(*piece) || matches!(piece, b'n' | b'r' | b'q' | b'k') {
            rest = tail;
        }
    }
    if let [b'@', file, rank] = rest {
        return is_file(*file) && is_rank(*rank);
    }
    // Promotion: `=Q`, `Q`, or UCI's lower-case `q`.
    if let [head @ .., last] = rest {
        if (last.is_ascii_uppercase() || matches!(last, b'n' | b'b' | b'r' | b'q' | b'k'))
            && head.len() >= 2
        {
            rest = head;
            if let [head @ .., b'='] = rest {
                rest = head;
            }
        }
    }
    let [from @ .., file, rank] = rest else {
        return false;
    };
    if !is_file(*file) || !is_rank(*rank) {
        return false;
    }
    let from = match from {
        [head @ .., b'-' | b'x' | b':'] => head,
        _ => from,
    };
    match from {
        [] => true,
        [a] => is_file(*a) || is_rank(*a),
        [a, b] => is_file(*a) && is_rank(*b),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn san_shapes() {
        for ok in [
            "e4", "exd5", "Nbd2", "R1e2", "Qh4e1", "e8=Q", "e8Q", "O-O", "O-O-O", "0-0", "0-0-0",
            "Nf3+", "Qxf7#", "--", "Z0", "0000", "e2-e4", "Ng1-f3", "e7e8q", "N@f3", "@e4", "Kxe1",
            "Bxh8", "bxa8=N+", "o-o", "o-o-o+", "OO", "OOO+", "O-0", "0-O-O#", "O-0-O", "nf3",
            "qxd8+", "rae1", "kg1", "nbd2", "E4", "D5+", "H8=Q", "A1N#", "Exd5",
        ] {
            assert!(is_san(ok.as_bytes()), "{ok} should be a move");
        }
        for bad in [
            "oh", "the", "end", "comment", "e9", "i4", "N", "x", "e", "Nf", "Qh4e1e2", "e4+++",
            "O-O-O-O", "Event", "o-o-o-o", "o-O", "OOOO", "O", "O-", "0-0-", "O--O", "n", "nf",
            "no", "nne4", "pe4", "ke", "E9", "I4", "E0", "E4=", "E4x",
        ] {
            assert!(!is_san(bad.as_bytes()), "{bad} should not be a move");
        }
    }

    #[test]
    fn the_inline_check_is_is_san() {
        kifu_testing::each_text(&[b""], b"aehENOKx18=-+#Q", 5, |text| {
            assert_eq!(
                is_san_inline(text),
                is_san(text),
                "{:?}",
                String::from_utf8_lossy(text)
            );
        });
    }

    #[test]
    fn the_common_shapes_are_moves_the_long_way_too() {
        // Every text of up to four bytes from these: what the shortcut takes for a move,
        // the long way does too (the shortcut only answers sooner).
        let mut common = 0;
        let checked = kifu_testing::each_text(&[b""], b"aehiNObKx1890=-@+#Q", 4, |text| {
            if common_san(text) {
                assert!(any_san(text), "{:?}", String::from_utf8_lossy(text));
                common += 1;
            }
        });
        assert!(checked > 100_000 && common > 200, "{checked} {common}");
    }

    fn kinds(text: &str) -> Vec<(SyntaxKind, &str)> {
        lex(text).tokens().collect()
    }

    /// A figurine where a piece letter would stand makes one move with the word after it
    /// (FAN, `♘f3`); one that makes none is stray text as before.
    #[test]
    fn moves_written_with_figurines() {
        assert_eq!(
            kinds("♘f3 ♙e4 ♕xd8+ ♚h7 ♘ f3 ♘  f3 ♘ 2. ♘zz ♘"),
            vec![
                (SAN, "♘f3"),
                (WHITESPACE, " "),
                (SAN, "♙e4"),
                (WHITESPACE, " "),
                (SAN, "♕xd8+"),
                (WHITESPACE, " "),
                (SAN, "♚h7"),
                (WHITESPACE, " "),
                // One space after the figurine: one move; two, or no move after it: apart.
                (SAN, "♘ f3"),
                (WHITESPACE, " "),
                (ERROR_TOKEN, "♘"),
                (WHITESPACE, "  "),
                (SAN, "f3"),
                (WHITESPACE, " "),
                (ERROR_TOKEN, "♘"),
                (WHITESPACE, " "),
                (INTEGER, "2"),
                (DOTS, "."),
                (WHITESPACE, " "),
                (ERROR_TOKEN, "♘"),
                (SYMBOL, "zz"),
                (WHITESPACE, " "),
                (ERROR_TOKEN, "♘"),
            ]
        );
    }

    #[test]
    fn move_numbers_glued_to_moves() {
        assert_eq!(
            kinds("12...Nf3"),
            vec![(INTEGER, "12"), (DOTS, "..."), (SAN, "Nf3")]
        );
    }

    #[test]
    fn results_and_castling_with_zeros() {
        assert_eq!(
            kinds("0-0 0-1"),
            vec![(SAN, "0-0"), (WHITESPACE, " "), (RESULT, "0-1")]
        );
        assert_eq!(kinds("1/2-1/2"), vec![(RESULT, "1/2-1/2")]);
        assert_eq!(kinds("0000")[0], (SAN, "0000"));
    }

    #[test]
    fn results_written_other_ways() {
        for result in ["1:0", "0:1", "1–0", "1/2", "1/2:1/2", "0.5-0.5", "½-½", "½"] {
            assert_eq!(kinds(result), vec![(RESULT, result)], "{result}");
        }
        assert_eq!(kinds("1/2 - 1/2")[0], (RESULT, "1/2 - 1/2"));
        // Not results: numbers that start with a zero, a result glued to more, a lone `1`.
        assert_eq!(kinds("0. 05.")[0], (INTEGER, "0"));
        assert_eq!(kinds("0. 05.")[3], (INTEGER, "05"));
        assert_eq!(kinds("1:05")[0], (INTEGER, "1"));
        assert_eq!(kinds("1/2x")[0], (INTEGER, "1"));
        assert_eq!(kinds("½½")[0].0, ERROR_TOKEN);
        assert_eq!(kinds("1.e4")[0], (INTEGER, "1"));
    }

    #[test]
    fn escape_line_only_in_column_zero() {
        assert_eq!(kinds("%x\n")[0], (ESCAPE_LINE, "%x"));
        assert_eq!(kinds(" %x")[1], (ERROR_TOKEN, "%"));
    }

    #[test]
    fn text_that_is_not_pgn() {
        let epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c1 1/2-1/2;";
        assert_eq!(kinds(&format!("{epd}\nx"))[0], (ERROR_TOKEN, epd));
        assert_eq!(kinds(&format!(" {epd}"))[1], (SYMBOL, "rnbqkbnr"));
        assert_eq!(
            kinds("Nc6<br />3."),
            vec![
                (SAN, "Nc6"),
                (ERROR_TOKEN, "<br />"),
                (INTEGER, "3"),
                (DOTS, ".")
            ]
        );
        assert_eq!(kinds("a < b")[2], (ERROR_TOKEN, "<"));
    }

    /// A string's end found from one byte that matters to the next is where the byte-by-byte
    /// loop it replaced found it: on every short text of quotes, escapes, line breaks, `]`
    /// and blanks, and on random longer ones whose bytes that matter fall on either side of
    /// the 16-byte blocks and the inline search's end.
    #[test]
    fn a_string_ends_where_the_byte_by_byte_loop_ended_it() {
        fn by_bytes(bytes: &[u8], pos: usize) -> usize {
            let mut first_close: Option<usize> = None;
            let mut i = pos + 1;
            while i < bytes.len() {
                match bytes[i] {
                    b'\\'
                        if i + 1 < bytes.len()
                            && bytes[i + 1] != b'\n'
                            && bytes[i + 1] != b'\r' =>
                    {
                        i += 2;
                        continue;
                    }
                    b'"' => {
                        let after = run(bytes, i + 1, |b| b == b' ' || b == b'\t');
                        if bytes.get(after) == Some(&b']') {
                            return i + 1;
                        }
                        let first = *first_close.get_or_insert(i);
                        if i - first > UNESCAPED_QUOTE_LOOKAHEAD {
                            break;
                        }
                    }
                    b'\n' | b'\r' => break,
                    _ => {}
                }
                i += 1;
            }
            match first_close {
                Some(close) => close + 1,
                None => i,
            }
        }
        let short = kifu_testing::each_text(&[b"\""], b"\"\\\n\r] \tx", 7, |text| {
            assert_eq!(string_end(text, 0), by_bytes(text, 0), "{text:?}");
        });
        assert!(short > 250_000);
        let mut random = kifu_testing::Lcg::new(17);
        const BYTES: &[u8] = b"\"\\\n\r] \t";
        for _ in 0..20_000 {
            let len = 1 + random.below(1300);
            let mut text: Vec<u8> = (0..len).map(|_| b'a' + random.below(26) as u8).collect();
            text[0] = b'"';
            for _ in 0..random.below(6) {
                let at = 1 + random.below(len);
                if at < len {
                    text[at] = BYTES[random.below(BYTES.len())];
                }
            }
            assert_eq!(string_end(&text, 0), by_bytes(&text, 0), "{text:?}");
        }
    }

    /// The EPD look's quick test of a line's second and third bytes turns away no board
    /// that the full look takes: every first rank of one to eight bytes (counts and piece
    /// letters), on boards with ranks after it, and the moves a TCEC file starts its lines
    /// with, which both turn away.
    #[test]
    fn the_epd_look_quick_test_turns_away_no_board() {
        let bytes = ["8", "k", "P"];
        let mut firsts = vec![String::new()];
        let mut boards = 0;
        for _ in 0..8 {
            let longer: Vec<String> = firsts
                .iter()
                .flat_map(|f| bytes.iter().map(move |b| format!("{f}{b}")))
                .collect();
            for first in &longer {
                for rest in ["8/8/8/8/8/8/8", "p7/8/8/8/8/8/K7", "rnbqkbnr/8/8/8/8/8/8"] {
                    let line = format!("{first}/{rest} w - -");
                    assert!(is_fen_board_line(line.as_bytes(), 0), "{line}");
                    assert!(is_epd_line(line.as_bytes(), 0), "{line}");
                    boards += 1;
                }
            }
            firsts = longer;
        }
        assert!(boards > 3 * 3usize.pow(8));
        for line in ["b6 { ev=0.00 }", "10.Bxf6 {", "Bb7 {", "1-0", "8", "k/"] {
            assert!(!is_fen_board_line(line.as_bytes(), 0), "{line}");
            assert!(!is_epd_line(line.as_bytes(), 0), "{line}");
        }
    }

    #[test]
    fn unterminated_comment_stops_before_tag_line() {
        let text = "{ open\nmore\n[Event \"x\"]";
        assert_eq!(kinds(text)[0], (BRACE_COMMENT, "{ open\nmore"));
    }

    #[test]
    fn the_move_number_shortcut_reads_every_digit_word_the_long_way() {
        // Every text of up to six bytes from these, starting with a digit: the shortcut
        // gives what the long way, the reading before it, gives.
        let checked =
            kifu_testing::each_text(&[b"0", b"1", b"2", b"4"], b"0124-/.+ e", 6, |text| {
                assert_eq!(
                    number_or_word(text, 0),
                    number_or_word_by_word(text, 0),
                    "{:?}",
                    String::from_utf8_lossy(text)
                );
            });
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn signed_nags_are_one_token() {
        assert_eq!(kinds("$-1 $+2")[0], (NAG, "$-1"));
        assert_eq!(kinds("$-1 $+2")[2], (NAG, "$+2"));
        assert_eq!(kinds("$-x")[0], (ERROR_TOKEN, "$-"));
    }

    #[test]
    fn unescaped_inner_quotes() {
        assert_eq!(
            kinds("\"The \"Big\" Game\"]")[0],
            (STRING, "\"The \"Big\" Game\"")
        );
        assert_eq!(kinds("\"a\" \"b\"")[0], (STRING, "\"a\""));
        assert_eq!(kinds("\"open\nx")[0], (STRING, "\"open"));
    }
}
