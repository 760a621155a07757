//! Plain games, read without a tree: the fast path of a checker.
//!
//! Most games of a database are *plain*: tag pairs one to a line, then move numbers, moves,
//! suffixes, NAGs, `{}` and `;` comments and variations, and a result. [`read_plain`] reads
//! such a game in one pass over its bytes, telling a [`PlainSink`] each thing as it reads it,
//! and gives up (`None`) at the first thing that is not plain: anything the grammar would
//! report, and a few rare things that are correct but not worth a second reader (a comment
//! between tag pairs, `%` escape lines, escapes in tag values, nested comments).
//!
//! The promise, which `kifu-ide`'s tests hold on every fixture and corpus file: when
//! [`read_plain`] reads a game, the grammar reads the same game there (the same split), with
//! no syntax error, and what the sink is told is exactly the nodes a reader of its tree would
//! see (the model `kifu-ide` builds from it is the tree's). So a checker may read the game
//! so instead of its tree, and fall back to the tree for the rest.

use rowan::{TextRange, TextSize};

use super::find::find_any;
use super::lexer::{
    at_line_start, bom_at, figurine_move_end, is_epd_line, is_line_break, is_san_inline, is_space,
    is_word_byte, line_end, number_or_word, starts_tag_pair,
};
use super::parser::{MAX_MOVE_NUMBER, MAX_VARIATION_DEPTH};
use super::result::DIGIT_RESULTS;
use super::SyntaxKind;

/// What a reader of plain games is told of a game's things, in text order (ranges relative
/// to the game's start), as they are read: the model of a game is built from them with no
/// list in between, and `()` is told nothing (a reader of the syntax alone). When the game
/// turns out not to be plain, [`read_plain`] stops, and what the sink was told is to be
/// thrown away.
pub trait PlainSink {
    /// A tag pair: the pair, its name, its value (without quotes, with no escape in it).
    fn tag(&mut self, pair: TextRange, name: TextRange, value: TextRange);
    /// A move number (`12.`, `12...` or `12. ...`, all of it), its value (at least 1) and
    /// whether it has three dots (a Black move follows).
    fn number(&mut self, range: TextRange, number: u32, black: bool);
    /// A move, as written.
    fn san(&mut self, san: TextRange);
    /// The move just told has a suffix annotation (`!?`), which ends it.
    fn suffix(&mut self, suffix: TextRange);
    /// A NAG, which starts at `at`.
    fn nag(&mut self, at: TextSize, value: u8);
    /// A comment: all of it, its text, whether it is a `;` comment.
    fn comment(&mut self, range: TextRange, text: TextRange, line: bool);
    /// `(` at `at`: a variation starts.
    fn open(&mut self, at: TextSize);
    /// `)` ending at `at`: the variation ends.
    fn close(&mut self, at: TextSize);
    /// A result: the game's, or one that ends a variation (`(1. e4 *)`). Nothing by
    /// default: a reader of the game learns the game's from [`PlainEnd::result`].
    #[inline]
    fn result(&mut self, _range: TextRange) {}
    /// A comment before a tag pair (in the tag section): all of it, and whether it is a `;`
    /// comment. Nothing by default: the model has no place for it.
    #[inline]
    fn tag_comment(&mut self, _range: TextRange, _line: bool) {}
}

/// The syntax alone: whether a game is plain, and where it ends.
impl PlainSink for () {
    #[inline]
    fn tag(&mut self, _: TextRange, _: TextRange, _: TextRange) {}
    #[inline]
    fn number(&mut self, _: TextRange, _: u32, _: bool) {}
    #[inline]
    fn san(&mut self, _: TextRange) {}
    #[inline]
    fn suffix(&mut self, _: TextRange) {}
    #[inline]
    fn nag(&mut self, _: TextSize, _: u8) {}
    #[inline]
    fn comment(&mut self, _: TextRange, _: TextRange, _: bool) {}
    #[inline]
    fn open(&mut self, _: TextSize) {}
    #[inline]
    fn close(&mut self, _: TextSize) {}
}

/// What [`read_plain`] found of a plain game besides what it told its sink.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlainEnd {
    /// Where the game is in the text: from its first byte to the end of its result. (The
    /// ranges below are relative to its start.)
    pub range: TextRange,
    /// The tag section, if it has one.
    pub tags: Option<TextRange>,
    /// The movetext (between the tags and the result), if it has any.
    pub movetext: Option<TextRange>,
    /// The result.
    pub result: TextRange,
    /// Whether no move has a capital letter but English SAN's (`K Q R B N P`, and
    /// castling's `O`): a game that has one may be written in another language's letters.
    pub english_letters: bool,
}

/// Reads the game whose first byte (not white space) is `bytes[start]`, telling `sink` its
/// things as they are read (see [`PlainSink`]). Returns where the game ends and what else
/// was found of it, or `None` when the game is not plain.
///
/// `bytes` is the whole text the game is in, which starts at the beginning of a line: the
/// grammar reads a few things by what comes before them on their line.
pub fn read_plain<S: PlainSink>(bytes: &[u8], start: usize, sink: &mut S) -> Option<PlainEnd> {
    let mut tags = None;
    let mut english_letters = true;
    let rel = |i: usize| TextSize::from((i - start) as u32);
    let range = |a: usize, b: usize| TextRange::new(rel(a), rel(b));
    let mut i = start;
    // A game whose first line ends in `\r` alone (classic Mac OS) has its comments looked
    // at for lines that end so; any other game is read with comments' `\n` lines alone,
    // and is not plain if it turns out to have a `\r` alone (see `brace_comment_end`).
    let cr_lines =
        memchr::memchr2(b'\n', b'\r', &bytes[start..]).is_some_and(|at| lone_cr(bytes, start + at));
    let mut section_start = None;
    loop {
        match bytes.get(i) {
            Some(b'[') => {}
            Some(b'{' | b';') => {
                let mut j = i;
                loop {
                    match bytes.get(j) {
                        Some(b'{') => j = brace_comment_end(bytes, j, cr_lines)?,
                        Some(b';') => j = line_end(bytes, j),
                        _ => break,
                    }
                    j = skip_space(bytes, j);
                }
                if bytes.get(j) != Some(&b'[') {
                    // The comments open the movetext.
                    break;
                }
                section_start.get_or_insert(i);
                // The tag section's, told now that a tag pair follows them (rare: a second
                // look at them costs no other game anything).
                while i < j {
                    let line = bytes[i] == b';';
                    let end = if line {
                        line_end(bytes, i)
                    } else {
                        brace_comment_end(bytes, i, cr_lines)?
                    };
                    sink.tag_comment(range(i, end), line);
                    i = skip_space(bytes, end);
                }
                i = j;
            }
            _ => break,
        }
        let open = i;
        section_start.get_or_insert(open);
        i = skip_blanks(bytes, i + 1);
        if !bytes.get(i)?.is_ascii_alphabetic() {
            return None;
        }
        let name_start = i;
        let (name_end, classes) = word(bytes, i);
        i = name_end;
        // A name the lexer reads as a move (`[e8 "?"]`) is the grammar's to read: its cut
        // into games takes the move for the movetext's start.
        if may_be_move(&bytes[name_start..name_end], classes) {
            return None;
        }
        i = skip_blanks(bytes, i);
        if bytes.get(i) != Some(&b'"') {
            return None;
        }
        let value_start = i + 1;
        // A `\r` before the closing quote makes the pair not plain, as the other stops do.
        let close = find_any(bytes, value_start, [b'"', b'\\', b'\n', b'\r'])?;
        if bytes[close] != b'"' {
            return None;
        }
        i = skip_blanks(bytes, close + 1);
        if bytes.get(i) != Some(&b']') {
            return None;
        }
        i += 1;
        sink.tag(
            range(open, i),
            range(name_start, name_end),
            range(value_start, close),
        );
        tags = section_start.map(|s| range(s, i));
        i = skip_space(bytes, i);
    }

    // The movetext, to the result.
    let mut depth = 0usize;
    let mut movetext: Option<(usize, usize)> = None;
    // Where the last move ended, while a suffix may still follow it on its line.
    let mut after_move: Option<usize> = None;
    // Whether the white space before the token held a line break: only then can it start
    // its line (a token does not end in one), and is it looked at for an EPD record's
    // (most tokens come after one space: 0.6% of `kifu check`'s instructions went to
    // looking at the byte before every number and word).
    let mut after_line_break = true;
    loop {
        // The end of the text before a result: the game has none.
        let b = *bytes.get(i)?;
        let token_start = i;
        let mut ends_game = false;
        if matches!(b, b'!' | b'?') {
            // A suffix belongs to the move just before it on its line.
            after_move.take()?;
            let end = run(bytes, i, |b| b == b'!' || b == b'?');
            if !matches!(&bytes[i..end], b"!" | b"?" | b"!!" | b"??" | b"!?" | b"?!") {
                return None;
            }
            sink.suffix(range(i, end));
            i = end;
        } else {
            after_move = None;
            match b {
                b'{' => {
                    let end = brace_comment_end(bytes, i, cr_lines)?;
                    sink.comment(range(i, end), range(i + 1, end - 1), false);
                    i = end;
                }
                b';' => {
                    let end = line_end(bytes, i);
                    sink.comment(range(i, end), range((i + 1).min(end), end), true);
                    i = end;
                }
                b'(' => {
                    depth += 1;
                    if depth >= MAX_VARIATION_DEPTH / 2 {
                        return None;
                    }
                    sink.open(rel(i));
                    i += 1;
                }
                b')' => {
                    depth = depth.checked_sub(1)?;
                    i += 1;
                    sink.close(rel(i));
                }
                b'$' => {
                    let end = run(bytes, i + 1, |b| b.is_ascii_digit());
                    if end == i + 1 || end - i > 4 {
                        return None;
                    }
                    let value = digits_value(&bytes[i + 1..end])?;
                    sink.nag(rel(i), u8::try_from(value).ok()?);
                    i = end;
                }
                b'*' => {
                    i = result(bytes, i + 1, depth)?;
                    sink.result(range(token_start, i));
                    ends_game = depth == 0;
                }
                b'0'..=b'9' => {
                    if after_line_break && at_line_start(bytes, i) && is_epd_line(bytes, i) {
                        return None;
                    }
                    // A result, castling written with zeros, or a move number: as the
                    // lexer reads a word that starts with a digit.
                    match number_or_word(bytes, i) {
                        // (A result written another way, `1:0`, is the grammar's to say.)
                        (SyntaxKind::RESULT, end) if DIGIT_RESULTS.contains(&&bytes[i..end]) => {
                            i = result(bytes, end, depth)?;
                            sink.result(range(token_start, i));
                            ends_game = depth == 0;
                        }
                        (SyntaxKind::SAN, end) => {
                            i = push_move(bytes, i, end, start, sink)?;
                            after_move = Some(i);
                        }
                        (SyntaxKind::RESULT, _) => return None,
                        // The digits, which the word's reading ran through.
                        (_, digits_end) => i = move_number(bytes, i, digits_end, start, sink)?,
                    }
                }
                _ => {
                    // A word, or a move written with a figurine (`♘f3`) as the lexer reads
                    // it (a game printed so went to the grammar, which built a tree of it).
                    let (end, english) = if is_word_byte(b) {
                        if b.is_ascii_alphanumeric()
                            && after_line_break
                            && at_line_start(bytes, i)
                            && is_epd_line(bytes, i)
                        {
                            return None;
                        }
                        let (end, class) = word(bytes, i);
                        if !is_san_inline(&bytes[i..end]) {
                            return None;
                        }
                        (end, class & OTHER_CAPITAL == 0)
                    } else {
                        let end = figurine_move_end(bytes, i)?;
                        (end, has_english_letters_only(&bytes[i..end]))
                    };
                    english_letters &= english;
                    i = push_move(bytes, i, end, start, sink)?;
                    after_move = Some(i);
                }
            }
        }
        if ends_game {
            let result_end = i;
            // Comments on the result's line are the game's (the grammar's split), told to
            // the sink after the result, which gives them to the last move as the tree's
            // reader does (`1-0 {on time}`). Left to the grammar, such a game was read with
            // its tree: a file of TCEC's games written so checked ten times slower. (A game
            // with no movetext is the grammar's: its line starts elsewhere.)
            // Most results end their line: the spaces are looked at only when one follows.
            let blanks = |i: usize| match bytes.get(i) {
                Some(&b) if is_space(b) && !is_line_break(b) => skip_blanks_same_line(bytes, i),
                _ => i,
            };
            let mut after = blanks(i);
            while movetext.is_some() {
                match bytes.get(after) {
                    Some(b'{') => {
                        let end = brace_comment_end(bytes, after, cr_lines)?;
                        sink.comment(range(after, end), range(after + 1, end - 1), false);
                        i = end;
                        after = blanks(end);
                    }
                    Some(b';') => {
                        let end = line_end(bytes, after);
                        sink.comment(range(after, end), range((after + 1).min(end), end), true);
                        i = end;
                        after = end;
                    }
                    _ => break,
                }
            }
            // A second result there (`1-0 1/2-1/2`: the grammar's error), and moves after
            // it (`1. e4 1-0 e5`: the game goes on): whatever else follows the result on
            // its line is the grammar's to read. (`after` is at a space when the line ends
            // after blanks: `1-0 ` and its line break, as TCEC's files end their results.)
            if bytes.get(after).is_some_and(|&b| !is_space(b)) {
                return None;
            }
            if !cr_lines
                && memchr::memchr_iter(b'\r', &bytes[start..i]).any(|at| lone_cr(bytes, start + at))
            {
                return None;
            }
            // Comments after the result that end the text are the game's too (the grammar's
            // split), on lines of their own: the grammar reads such a game, the last of its
            // file.
            let next = game_start(bytes, i);
            if matches!(bytes.get(next), Some(b'{' | b';' | b'%'))
                && only_comments_follow(bytes, next, cr_lines)
            {
                return None;
            }
            return Some(PlainEnd {
                range: TextRange::new(TextSize::from(start as u32), TextSize::from(i as u32)),
                tags,
                movetext: movetext.map(|(a, b)| range(a, b)),
                result: range(token_start, result_end),
                english_letters,
            });
        }
        movetext = Some((movetext.map_or(token_start, |(a, _)| a), i));
        // White space; a move's suffix may follow on the same line.
        let (next, line_break) = skip_space_seeing_line_break(bytes, i);
        if line_break {
            after_move = None;
        }
        after_line_break = line_break;
        i = next;
    }
}

/// Whether `word` (a tag's name, which starts with a letter; `classes` its bytes' classes,
/// as [`word`] finds them) is a move as the lexer reads words ([`is_san_inline`]). A move
/// has a digit (its square's rank, or castling's and a null move's zeros) unless it is
/// castling with `O`s or a null move (`--`); a name has neither, so it is told by what was
/// seen as it was read, where the test of a move's every shape took 0.9% of `kifu check`'s
/// instructions (and a look for a digit in each name 0.7%).
#[inline]
fn may_be_move(word: &[u8], classes: u8) -> bool {
    (classes & DIGIT != 0 || matches!(word.first(), Some(b'O' | b'o' | b'-')))
        && is_san_inline(word)
}

/// Whether only comments (and `%` escape lines) and white space are at `from` (past white
/// space) to the end of the text (or a brace comment there is not closed: the grammar's to
/// read either way).
#[cold]
fn only_comments_follow(bytes: &[u8], mut j: usize, cr_lines: bool) -> bool {
    loop {
        j = match bytes.get(j) {
            None => return true,
            Some(b'{') => match brace_comment_end(bytes, j, cr_lines) {
                Some(end) => end,
                None => return true,
            },
            Some(b';') => line_end(bytes, j),
            Some(b'%') if at_line_start(bytes, j) => line_end(bytes, j),
            Some(_) => return false,
        };
        j = game_start(bytes, j);
    }
}

/// A result that ends at `end`: inside a variation it must be followed by `)` (the grammar
/// keeps it there); at depth 0 it must not be (a `)` after the result would be stray).
/// Returns `end`. The next thing is looked for past white space and byte order marks, as the
/// grammar looks past trivia (past white space alone, a `)` after a mark was read as the
/// next game's, and the grammar's game went on to it).
fn result(bytes: &[u8], end: usize, depth: usize) -> Option<usize> {
    let mut next = skip_space(bytes, end);
    // (The first byte of a mark tested here, the rest apart: a call of `game_start` for
    // each result cost the tree of TWIC 0.7% more instructions.)
    if bytes.get(next) == Some(&0xEF) {
        next = past_marks(bytes, next);
    }
    let closes = bytes.get(next) == Some(&b')');
    (closes == (depth > 0)).then_some(end)
}

/// [`game_start`] from `at`, a byte that may start a byte order mark.
#[cold]
#[inline(never)]
fn past_marks(bytes: &[u8], at: usize) -> usize {
    game_start(bytes, at)
}

/// A move number at `i`: its digits to `digits_end` (as [`number_or_word`] found them: read
/// again here, they were 0.9% of `kifu check`'s instructions), then `.` or `...` right after
/// them, and, after `.`, maybe `...` on the same line (`12. ...`).
fn move_number(
    bytes: &[u8],
    i: usize,
    digits_end: usize,
    start: usize,
    sink: &mut impl PlainSink,
) -> Option<usize> {
    debug_assert_eq!(digits_end, run(bytes, i, |b| b.is_ascii_digit()));
    let number =
        digits_value(&bytes[i..digits_end]).filter(|&n| (1..=MAX_MOVE_NUMBER).contains(&n))?;
    let dots_end = run(bytes, digits_end, |b| b == b'.');
    let mut end = dots_end;
    let black = match dots_end - digits_end {
        3 => true,
        1 => {
            // `12. ...`: three dots on the same line stand for White's move.
            let next = skip_blanks_same_line(bytes, dots_end);
            if bytes.get(next) == Some(&b'.') {
                let more = run(bytes, next, |b| b == b'.');
                if more - next != 3 {
                    return None;
                }
                end = more;
                true
            } else {
                false
            }
        }
        _ => return None,
    };
    let rel = |i: usize| TextSize::from((i - start) as u32);
    sink.number(TextRange::new(rel(i), rel(end)), number, black);
    Some(end)
}

/// Pushes the move `bytes[i..end]` (a suffix is added when one follows). Inlined, with
/// the blanks' skips: each alone took fewer instructions and no less time (the seventeenth
/// session tried this one), the three together 1.2% fewer instructions and 1.1-1.4% less
/// time.
#[inline(always)]
fn push_move(
    bytes: &[u8],
    i: usize,
    end: usize,
    start: usize,
    sink: &mut impl PlainSink,
) -> Option<usize> {
    // A move glued to something that is not a delimiter is not plain (`e4/`, `e4"`). One
    // look at a table: as a `match`, a jump through a table the processor often guessed
    // wrong (perf: 7% of this function's samples on the jump, more on the loads after it).
    if let Some(&b) = bytes.get(end) {
        if !ENDS_MOVE[usize::from(b)] {
            return None;
        }
    }
    let range = TextRange::new(
        TextSize::from((i - start) as u32),
        TextSize::from((end - start) as u32),
    );
    sink.san(range);
    Some(end)
}

/// The end of a `{` comment at `i`, when it is closed and plain: no `{` inside, and no line
/// inside that starts a tag pair (where the lexer would end a comment with no `}`). Lines
/// that end in `\r` alone are looked at only with `cr_lines`, in a game whose first line
/// ends so: a fourth byte to look for took `memchr3` off the path of every comment (before
/// `find`), and a look for `\r` in each comment added 1.5-2% to the check of Lichess's and
/// TCEC's games (callgrind); a game read without it is not plain if it has a `\r` alone
/// anywhere. Inlined: a call for each of Lichess's clock comments cost 2.9 M instructions of
/// the check of 11 MB when the compiler stopped inlining it on its own, and it stopped again
/// with `find_any` inside (forced: callgrind `kifu check` of 2 MB −0.66%).
#[inline(always)]
fn brace_comment_end(bytes: &[u8], i: usize, cr_lines: bool) -> Option<usize> {
    let mut from = i + 1;
    loop {
        let at = find_any(bytes, from, [b'}', b'{', b'\n'])?;
        match bytes[at] {
            b'}' if cr_lines && tag_pair_after_lone_cr(bytes, i + 1, at) => return None,
            b'}' => return Some(at + 1),
            b'{' => return None,
            _ => {
                if starts_tag_pair(bytes, at + 1) {
                    return None;
                }
                from = at + 1;
            }
        }
    }
}

/// Whether `bytes[at]` is a `\r` that ends a line alone (not before `\n`).
#[inline]
fn lone_cr(bytes: &[u8], at: usize) -> bool {
    bytes[at] == b'\r' && bytes.get(at + 1) != Some(&b'\n')
}

/// Whether a line of `bytes[from..to]` that starts after a `\r` starts a tag pair.
fn tag_pair_after_lone_cr(bytes: &[u8], mut from: usize, to: usize) -> bool {
    while let Some(r) = memchr::memchr(b'\r', &bytes[from..to]) {
        if starts_tag_pair(bytes, from + r + 1) {
            return true;
        }
        from += r + 1;
    }
    false
}

/// Where to cut `bytes` into parts of about `size` bytes, for readers that work in
/// parallel: the start of the text, then starts of lines that open a tag pair after a line
/// that does not (a blank line, or the last line of a game's moves), the usual start of a
/// game. A cut is where no token crosses, but not always where a game starts (a blank line
/// or a comment between two tag pairs): a reader checks that the games of the part before
/// end there.
pub fn cut_points(bytes: &[u8], size: usize) -> Vec<usize> {
    let mut cuts = vec![0];
    let size = size.max(1);
    while let Some(at) = cut_point_after(bytes, cuts[cuts.len() - 1] + size) {
        cuts.push(at);
    }
    cuts
}

/// The first cut point (see [`cut_points`]) at or after `from`, if there is one.
pub fn cut_point_after(bytes: &[u8], mut from: usize) -> Option<usize> {
    let finders = BracketLines::new();
    while from < bytes.len() {
        let at = finders.first(bytes, from)?;
        if is_cut_point(bytes, at) {
            return Some(at);
        }
        from = at;
    }
    None
}

/// The last cut point (see [`cut_points`]) at or before `at`: 0, the start of the text,
/// when there is none after it.
pub fn cut_point_before(bytes: &[u8], at: usize) -> usize {
    let finders = BracketLines::new();
    let mut end = (at + 1).min(bytes.len());
    while let Some(found) = finders.last(bytes, end) {
        if is_cut_point(bytes, found) {
            return found;
        }
        // Before this line: its line break is the last byte looked at.
        end = found;
    }
    0
}

/// Finds lines that start with `[`: after `\n[`, or `\r[` in a file of `\r` lines. Both
/// are looked for in windows that double from 4 KiB, so that a text with only one kind of
/// line break is not searched to its end for the other at every call (each cut of a piece
/// of `\r` lines searched the rest of the piece for `\n[`).
struct BracketLines {
    lf: memchr::memmem::Finder<'static>,
    cr: memchr::memmem::Finder<'static>,
    lf_rev: memchr::memmem::FinderRev<'static>,
    cr_rev: memchr::memmem::FinderRev<'static>,
}

impl BracketLines {
    const FIRST_WINDOW: usize = 4 << 10;

    fn new() -> BracketLines {
        BracketLines {
            lf: memchr::memmem::Finder::new(b"\n["),
            cr: memchr::memmem::Finder::new(b"\r["),
            lf_rev: memchr::memmem::FinderRev::new(b"\n["),
            cr_rev: memchr::memmem::FinderRev::new(b"\r["),
        }
    }

    /// The start of the first line after `from` that starts with `[` (its `[`).
    fn first(&self, bytes: &[u8], from: usize) -> Option<usize> {
        let (mut start, mut window) = (from, Self::FIRST_WINDOW);
        while start < bytes.len() {
            let end = start.saturating_add(window).min(bytes.len());
            let part = &bytes[start..end];
            let found = match (self.lf.find(part), self.cr.find(part)) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            if let Some(i) = found {
                return Some(start + i + 1);
            }
            if end == bytes.len() {
                break;
            }
            // The next window starts at this one's last byte: a line break there and the
            // `[` after it are found there.
            start = end - 1;
            window *= 2;
        }
        None
    }

    /// The start of the last line that starts with `[` (its `[`), before `end`.
    fn last(&self, bytes: &[u8], end: usize) -> Option<usize> {
        let (mut stop, mut window) = (end.min(bytes.len()), Self::FIRST_WINDOW);
        loop {
            let start = stop.saturating_sub(window);
            let part = &bytes[start..stop];
            let found = match (self.lf_rev.rfind(part), self.cr_rev.rfind(part)) {
                (Some(a), Some(b)) => Some(a.max(b)),
                (a, b) => a.or(b),
            };
            if let Some(i) = found {
                return Some(start + i + 1);
            }
            if start == 0 {
                return None;
            }
            // The next window ends with this one's first byte, for a line break before it.
            stop = start + 1;
            window *= 2;
        }
    }
}

/// Whether a line that starts at `at`, after a line break, is a cut point: a tag pair after
/// a line that is not one (a blank line, or the end of a game's moves in a file that has no
/// blank line between games). No token crosses the start of a line that starts a tag pair
/// (a comment with no `}` ends before it, a string at its line's end).
fn is_cut_point(bytes: &[u8], at: usize) -> bool {
    if !starts_tag_pair(bytes, at) {
        return false;
    }
    // The line before ends at the line break before `at`: `\n`, `\r`, or `\r\n`.
    let mut end = at - 1;
    if bytes[end] == b'\n' && end > 0 && bytes[end - 1] == b'\r' {
        end -= 1;
    }
    let line_before = memchr::memrchr2(b'\n', b'\r', &bytes[..end]).map_or(0, |p| p + 1);
    !starts_tag_pair(bytes, line_before)
}

/// The value of ASCII digits, as `str::parse::<u32>` reads them (`None` past `u32::MAX`).
/// Move numbers and NAGs have one to three digits, which cannot overflow: read at once,
/// inlined (the checked fold, called, was 34 instructions a move number).
#[inline]
fn digits_value(digits: &[u8]) -> Option<u32> {
    let d = |b: u8| u32::from(b.wrapping_sub(b'0'));
    match *digits {
        [a] => Some(d(a)),
        [a, b] => Some(d(a) * 10 + d(b)),
        [a, b, c] => Some(d(a) * 100 + d(b) * 10 + d(c)),
        _ => digits_value_long(digits),
    }
}

/// [`digits_value`] of four digits or more, checked.
#[cold]
fn digits_value_long(digits: &[u8]) -> Option<u32> {
    digits.iter().try_fold(0u32, |n, &d| {
        n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
    })
}

/// Where the next game starts after `from` (the end of a game, or of a text's start): past
/// white space and byte order marks (of files joined), as the grammar cuts games. (Past
/// white space alone, a game after a mark was not plain, and the grammar read the rest of
/// its part: a file joined from files with marks was checked at a third of the speed.)
pub fn game_start(bytes: &[u8], from: usize) -> usize {
    let mut at = skip_space(bytes, from);
    while bom_at(bytes, at) {
        at = skip_space(bytes, at + 3);
    }
    at
}

/// A byte that continues a word ([`is_word_byte`]), in [`WORD_CLASS`].
const WORD: u8 = 1;
/// A capital that English SAN does not use, in [`WORD_CLASS`].
const OTHER_CAPITAL: u8 = 2;
/// A digit, in [`WORD_CLASS`].
const DIGIT: u8 = 4;

/// Whether `b` is a capital letter that English SAN does not use: none of the pieces'
/// `K Q R B N P`, nor castling's `O`. A move with one may be written in another
/// language's letters (German `S`, Spanish `A`...), which the replay finds out.
pub const fn is_other_capital(b: u8) -> bool {
    b.is_ascii_uppercase() && !matches!(b, b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'O')
}

/// Whether each byte may follow a plain move: a blank, or what starts a comment, a
/// variation, a NAG or a suffix (or ends a variation).
static ENDS_MOVE: [bool; 256] = {
    let mut ends = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        ends[b] = is_space(byte) || matches!(byte, b'{' | b'(' | b')' | b';' | b'$' | b'!' | b'?');
        b += 1;
    }
    ends
};

/// [`WORD`], [`OTHER_CAPITAL`] and [`DIGIT`] for each byte.
static WORD_CLASS: [u8; 256] = {
    let mut class = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if is_word_byte(byte) {
            class[b] = WORD;
            if is_other_capital(byte) {
                class[b] |= OTHER_CAPITAL;
            }
            if byte.is_ascii_digit() {
                class[b] |= DIGIT;
            }
        }
        b += 1;
    }
    class
};

/// Whether `word` (a move's text) has no capital letter but English SAN's: what
/// [`PlainEnd::english_letters`] says of every move of a game.
pub fn has_english_letters_only(word: &[u8]) -> bool {
    word.iter()
        .all(|&b| WORD_CLASS[usize::from(b)] & OTHER_CAPITAL == 0)
}

/// The end of the word at `i` (see [`is_word_byte`]), and the classes of its bytes
/// together: the letters a move uses are noted as it is read.
#[inline]
fn word(bytes: &[u8], mut i: usize) -> (usize, u8) {
    let mut classes = 0;
    while let Some(&b) = bytes.get(i) {
        let class = WORD_CLASS[usize::from(b)];
        if class == 0 {
            break;
        }
        classes |= class;
        i += 1;
    }
    (i, classes)
}

fn run(bytes: &[u8], mut i: usize, pred: impl Fn(u8) -> bool) -> usize {
    while i < bytes.len() && pred(bytes[i]) {
        i += 1;
    }
    i
}

fn skip_space(bytes: &[u8], i: usize) -> usize {
    run(bytes, i, is_space)
}

/// Inlined, as [`skip_blanks_same_line`] and [`push_move`] are.
#[inline]
fn skip_blanks(bytes: &[u8], i: usize) -> usize {
    run(bytes, i, |b| b == b' ' || b == b'\t')
}

/// Skips white space, and says whether it held a line break. (Seen as the space is
/// skipped: `contains` on the one or two bytes between tokens afterwards was a call to
/// `memchr`, 2% of `kifu check`.)
#[inline]
fn skip_space_seeing_line_break(bytes: &[u8], mut i: usize) -> (usize, bool) {
    // Most tokens are followed by one space and then the next token.
    if bytes.get(i) == Some(&b' ') && bytes.get(i + 1).is_some_and(|&b| !is_space(b)) {
        return (i + 1, false);
    }
    let mut line_break = false;
    while i < bytes.len() && is_space(bytes[i]) {
        line_break |= is_line_break(bytes[i]);
        i += 1;
    }
    (i, line_break)
}

/// Skips white space that has no line break in it; stops at a line break.
#[inline]
fn skip_blanks_same_line(bytes: &[u8], i: usize) -> usize {
    match skip_space_seeing_line_break(bytes, i) {
        (_, true) => i,
        (end, false) => end,
    }
}

#[cfg(test)]
mod tests {
    use super::{digits_value, is_san_inline, may_be_move};

    /// [`may_be_move`] is [`is_san_inline`] for every word of up to five bytes of moves'
    /// letters, digits and marks that starts with a letter, as a tag name does.
    #[test]
    fn names_that_may_be_moves() {
        let mut moves = 0;
        let checked = kifu_testing::each_text(&[b""], b"aehNOoKx18=-+#Q@PZ", 5, |word| {
            if word.first().is_some_and(u8::is_ascii_alphabetic) {
                let (end, classes) = super::word(word, 0);
                assert_eq!(end, word.len());
                assert_eq!(
                    may_be_move(word, classes),
                    is_san_inline(word),
                    "{:?}",
                    String::from_utf8_lossy(word)
                );
                moves += usize::from(is_san_inline(word));
            }
        });
        assert!(checked > 1_000_000 && moves > 1_000, "{checked} {moves}");
    }

    #[test]
    fn digits_are_read_as_parse_reads_them() {
        let mut texts: Vec<String> = (0..=1200).map(|n| n.to_string()).collect();
        texts.extend(
            [
                "0",
                "00",
                "007",
                "0001",
                "99999",
                "4294967295",
                "4294967296",
                "99999999999",
            ]
            .map(String::from),
        );
        for text in texts {
            assert_eq!(
                digits_value(text.as_bytes()),
                text.parse::<u32>().ok(),
                "{text}"
            );
        }
    }
}
