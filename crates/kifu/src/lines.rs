//! Lines and columns: turning byte offsets into the positions people and programs count.
//!
//! A line ends at `\n`, `\r\n` or a lone `\r`, as LSP counts (and the server does), so old Mac
//! files get the same line numbers in the CLI as in an editor. Columns count characters.
//!
//! A diagnostic's position must cost no more than its own neighbourhood: a file can hold
//! 200,000 diagnostics on one line of a megabyte. Lines are found by binary search in a table
//! of line starts; a column on a long line is the difference of two character counts, each
//! read from a table of counts every [`BLOCK`] bytes (built the first time a long line is
//! met) plus the count of at most [`BLOCK`] bytes.

use std::sync::OnceLock;

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

    fn line_of(&self, local: usize) -> usize {
        self.starts().partition_point(|&s| s <= local) - 1
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
        let line = self.line_of(local);
        let column = self.chars_between(self.starts()[line], local) + 1;
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
        let line = self.line_of(local.min(self.text.len()));
        let start = self.starts()[line];
        let mut end = self
            .starts()
            .get(line + 1)
            .map_or(self.text.len(), |&next| next);
        let bytes = self.text.as_bytes();
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

    #[test]
    fn line_at_drops_the_line_end() {
        let text = "ab\r\ncd\ref";
        let lines = Lines::new(text, 0, 0);
        assert_eq!(lines.line_at(1), (0, 0..2));
        assert_eq!(lines.line_at(5), (1, 4..6));
        assert_eq!(lines.line_at(9), (2, 7..9));
    }
}
