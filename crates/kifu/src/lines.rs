//! Lines and columns: turning byte offsets into the positions people and programs count.
//!
//! A line ends at `\n`, `\r\n` or a lone `\r`, as LSP counts (and the server does), so old Mac
//! files get the same line numbers in the CLI as in an editor. Columns count characters.
//!
//! A diagnostic's position must cost no more than its own neighbourhood: a file can hold
//! 200,000 diagnostics on one line of a megabyte. Lines are counted from the last position
//! found (most positions are asked for in the text's order) until the bytes counted add up
//! to the text's length; from then on they are found by binary search in a table of line
//! starts, built once. A piece of a database with a few warnings (a Latin-1 game now and
//! then) pays for the bytes up to its last warning, counted at the speed of a search for
//! `\n`, rather than for a table of all its lines. A column on a long line is the
//! difference of two character counts, each read from a table of counts every [`BLOCK`]
//! bytes (built the first time a long line is met) plus the count of at most [`BLOCK`]
//! bytes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use kifu_syntax::TextRange;

/// Positions are the export model's (kifu-ide), so the CLI's JSON and the library's agree.
pub use kifu_ide::export::{Position, Span};

/// How many bytes each entry of the character-count table covers.
const BLOCK: usize = 256;

pub use kifu_input::line_starts;

/// Line starts of one piece of a file, to turn offsets into lines and columns.
pub struct Lines<'t> {
    text: &'t str,
    /// Offset of the piece in the file's text.
    offset: usize,
    /// 0-based line number of the piece's first line.
    first_line: usize,
    tables: Tables<'t>,
    /// The last position found by counting, where the next count starts when it is not
    /// before it (the games of a piece are read in parallel, each telling the positions
    /// of its diagnostics: a lock, taken once a position).
    cursor: Mutex<Cursor>,
}

/// A byte of a text, the 0-based line that holds it and where that line starts.
#[derive(Clone, Copy, Default)]
struct Cursor {
    at: usize,
    line: usize,
    start: usize,
}

/// The tables of a text's [`Lines`], each made the first time it is needed: most pieces of
/// a database have nothing to report. Several `Lines` of one text can share them (the
/// workers that read a piece's parts each have one), so that each is made once.
#[derive(Default)]
pub struct LineTables {
    /// Where each line starts.
    starts: OnceLock<Vec<usize>>,
    /// `chars[k]` is the number of characters in the first `k * BLOCK` bytes.
    chars: OnceLock<Vec<usize>>,
    /// The bytes counted so far by every [`Lines`] of the text without the table: when
    /// they would pass the text's length, the table is built instead. (Each part of a
    /// piece read on its own has a `Lines`, whose first count starts at the piece's start.)
    counted: AtomicUsize,
}

/// A [`Lines`]' own tables, or tables it shares.
enum Tables<'t> {
    Own(LineTables),
    Shared(&'t LineTables),
}

/// The number of characters in `bytes` (UTF-8, possibly cut anywhere): the bytes that do not
/// continue a character.
fn count_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

impl<'t> Lines<'t> {
    /// Indexes `text`, which starts at `offset` and line `first_line` (0-based) of its file.
    pub fn new(text: &'t str, offset: usize, first_line: usize) -> Lines<'t> {
        Lines {
            text,
            offset,
            first_line,
            tables: Tables::Own(LineTables::default()),
            cursor: Mutex::default(),
        }
    }

    /// [`Lines::new`] with `tables`, which must be those of the same text (or not made
    /// yet).
    pub fn sharing(
        text: &'t str,
        offset: usize,
        first_line: usize,
        tables: &'t LineTables,
    ) -> Lines<'t> {
        Lines {
            text,
            offset,
            first_line,
            tables: Tables::Shared(tables),
            cursor: Mutex::default(),
        }
    }

    fn tables(&self) -> &LineTables {
        match &self.tables {
            Tables::Own(tables) => tables,
            Tables::Shared(tables) => tables,
        }
    }

    fn starts(&self) -> &[usize] {
        self.tables().starts.get_or_init(|| {
            let mut starts = vec![0];
            starts.extend(line_starts(self.text));
            starts
        })
    }

    /// The 0-based line that holds byte `local` (at most the text's length) and where that
    /// line starts.
    fn locate(&self, local: usize) -> (usize, usize) {
        if self.tables().starts.get().is_none() {
            let mut cursor = self.cursor.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(found) = self.count_to(&mut cursor, local) {
                return found;
            }
        }
        let starts = self.starts();
        let line = starts.partition_point(|&s| s <= local) - 1;
        (line, starts[line])
    }

    /// Whether `len` more bytes may be counted rather than the table built (and adds them
    /// up when they may).
    fn may_count(&self, len: usize) -> bool {
        let counted = &self.tables().counted;
        counted.fetch_add(len, Ordering::Relaxed) + len <= self.text.len()
    }

    /// [`Lines::locate`] by counting from the cursor, or from the text's start when `local`
    /// is before it; `None` when the bytes counted would pass the text's length.
    fn count_to(&self, cursor: &mut Cursor, local: usize) -> Option<(usize, usize)> {
        let mut from = *cursor;
        if local < from.at {
            from = Cursor::default();
        }
        if !self.may_count(local - from.at) {
            return None;
        }
        let bytes = self.text.as_bytes();
        let mut counted = &bytes[from.at..local];
        // A `\r` just before `local` with `\n` at it is not a line end; its `\n` is (and
        // is counted from here next time).
        if counted.last() == Some(&b'\r') && bytes.get(local) == Some(&b'\n') {
            counted = &counted[..counted.len() - 1];
        }
        let lines = kifu_input::line_count(counted);
        let start = if lines == 0 {
            from.start
        } else {
            // The last line end counted (a `\r` there is a lone one: a `\n` after it would
            // be found first).
            let end = memchr::memrchr2(b'\n', b'\r', counted).expect("a line end counted");
            from.at + end + 1
        };
        *cursor = Cursor {
            at: local,
            line: from.line + lines,
            start,
        };
        Some((cursor.line, start))
    }

    /// The number of characters before byte `at`.
    fn chars_before(&self, at: usize) -> usize {
        let table = self.tables().chars.get_or_init(|| {
            let mut table = vec![0];
            let mut total = 0;
            for block in self.text.as_bytes().chunks(BLOCK) {
                total += count_chars(block);
                table.push(total);
            }
            table
        });
        let block = at / BLOCK;
        table[block] + count_chars(&self.text.as_bytes()[block * BLOCK..at])
    }

    /// The number of characters between `from` and `to`.
    fn chars_between(&self, from: usize, to: usize) -> usize {
        if to - from <= 2 * BLOCK {
            count_chars(&self.text.as_bytes()[from..to])
        } else {
            self.chars_before(to) - self.chars_before(from)
        }
    }

    /// The position of a byte offset into the piece.
    pub fn position(&self, local: usize) -> Position {
        let local = local.min(self.text.len());
        let (line, start) = self.locate(local);
        let column = self.chars_between(start, local) + 1;
        Position {
            line: self.first_line + line + 1,
            column,
            offset: self.offset + local,
        }
    }

    /// The positions of a range of the piece.
    pub fn span(&self, range: TextRange) -> Span {
        Span {
            start: self.position(range.start().into()),
            end: self.position(range.end().into()),
        }
    }

    /// The text of the piece.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// The 0-based index, in the piece, of the line holding byte `local`, and the bytes of that
    /// line without its line end.
    pub fn line_at(&self, local: usize) -> (usize, std::ops::Range<usize>) {
        let (line, start) = self.locate(local.min(self.text.len()));
        let bytes = self.text.as_bytes();
        let next = match self.tables().starts.get() {
            Some(starts) => starts.get(line + 1).copied(),
            // The next line end after the line's start: its `\n`, its lone `\r` or the `\r`
            // of its `\r\n` (then the line ends there, the `\r` not in it).
            None => {
                let end = memchr::memchr2(b'\n', b'\r', &bytes[start..]).map(|e| start + e);
                // The search is counted too: past a text's worth, the table answers (a
                // long line asked for again and again is not searched again and again).
                let _ = self.may_count(end.unwrap_or(bytes.len()) - start);
                end.map(|e| e + 1)
            }
        };
        let mut end = next.unwrap_or(bytes.len());
        if end > start && bytes[end - 1] == b'\n' {
            end -= 1;
        }
        if end > start && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        (line, start..end)
    }

    /// The 1-based line number in the file of the piece's line `line`.
    pub fn line_number(&self, line: usize) -> usize {
        self.first_line + line + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, offset: usize) -> (usize, usize) {
        let p = Lines::new(text, 0, 0).position(offset);
        (p.line, p.column)
    }

    #[test]
    fn every_line_end_counts_once() {
        let text = "a\nb\r\nc\rd\r";
        assert_eq!(at(text, 0), (1, 1));
        assert_eq!(at(text, 2), (2, 1));
        assert_eq!(at(text, 3), (2, 2), "the \\r of \\r\\n is on its line");
        assert_eq!(at(text, 5), (3, 1));
        assert_eq!(at(text, 7), (4, 1), "a lone \\r ends a line");
        assert_eq!(at(text, 9), (5, 1));
        assert_eq!(line_starts(text).collect::<Vec<_>>(), [2, 5, 7, 9]);
    }

    #[test]
    fn columns_on_long_lines_count_characters() {
        // Long enough to use the table, with characters of 1 to 4 bytes across its blocks.
        let line = "é a€ 𝄞 ".repeat(500);
        let text = format!("x\n{line}y\n");
        let lines = Lines::new(&text, 10, 3);
        for (i, (at, _)) in text.char_indices().enumerate().skip(2).step_by(7) {
            let p = lines.position(at);
            assert_eq!(
                (p.line, p.column, p.offset),
                (5, i - 1, at + 10),
                "byte {at}"
            );
        }
        let y = text.find('y').unwrap();
        assert_eq!(lines.position(y).column, line.chars().count() + 1);
    }

    /// The positions and lines a table of every line start gives (the way positions were
    /// found before they were counted), for a byte of `text`.
    fn by_table(text: &str, local: usize) -> (usize, usize, std::ops::Range<usize>) {
        let starts: Vec<usize> = std::iter::once(0).chain(line_starts(text)).collect();
        let line = starts.partition_point(|&s| s <= local) - 1;
        let start = starts[line];
        let mut end = starts.get(line + 1).copied().unwrap_or(text.len());
        let bytes = text.as_bytes();
        for b in [b'\n', b'\r'] {
            if end > start && bytes[end - 1] == b {
                end -= 1;
            }
        }
        let column = text[start..local].chars().count() + 1;
        (line, column, start..end)
    }

    #[test]
    fn counted_positions_are_the_tables_in_any_order() {
        let mut random = kifu_testing::Lcg::new(23);
        for round in 0..400 {
            let len = random.below(120);
            let text: String = (0..len)
                .map(|_| ['a', '\n', '\r', 'é', ' ', '\r'][random.below(6)])
                .collect();
            let bytes: Vec<usize> = (0..=text.len())
                .filter(|&i| text.is_char_boundary(i))
                .collect();
            // In the text's order (the counting's fast case), then in any order with
            // repeats (back to the start, and the table once a text's worth is counted).
            let mut asked: Vec<usize> = bytes.iter().copied().step_by(1 + round % 3).collect();
            for _ in 0..bytes.len() {
                asked.push(bytes[random.below(bytes.len())]);
            }
            // Alone, or two sharing their tables (two parts of a piece): the budget of
            // bytes counted is the tables', each its own cursor.
            let own = Lines::new(&text, 7, 2);
            let tables = LineTables::default();
            let shared = [
                Lines::sharing(&text, 7, 2, &tables),
                Lines::sharing(&text, 7, 2, &tables),
            ];
            for (k, &at) in asked.iter().enumerate() {
                let lines = if round % 2 == 0 { &own } else { &shared[k % 2] };
                let (line, column, bounds) = by_table(&text, at);
                let p = if random.below(2) == 0 {
                    lines.position(at)
                } else {
                    let (in_piece, got) = lines.line_at(at);
                    assert_eq!((in_piece, got), (line, bounds.clone()), "{text:?} at {at}");
                    lines.position(at)
                };
                assert_eq!(
                    (p.line, p.column, p.offset),
                    (line + 3, column, at + 7),
                    "{text:?} at {at}"
                );
            }
        }
    }

    #[test]
    fn line_at_drops_the_line_end() {
        let text = "ab\r\ncd\ref";
        let lines = Lines::new(text, 0, 0);
        assert_eq!(lines.line_at(1), (0, 0..2));
        assert_eq!(lines.line_at(5), (1, 4..6));
        assert_eq!(lines.line_at(9), (2, 7..9));
    }
}
