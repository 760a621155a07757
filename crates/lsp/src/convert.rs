//! Offsets to LSP positions and back, in the encoding negotiated with the client.
//!
//! LSP ends a line at `\n`, `\r\n` or a lone `\r`, and counts columns in UTF-16 code units
//! unless the client offers UTF-8. The `line-index` crate knows only `\n`, so a document with
//! lone `\r` (old Mac files, some PGN exports) would drift: this module has its own index.
//! Every conversion clamps instead of failing: a position past the end of a line is the end of
//! its content (before `\r\n`), a column inside a character (half a surrogate pair, a byte
//! inside a UTF-8 sequence) is the start of that character. The server's text therefore
//! always takes every edit the editor sends, and a range from the syntax layer can never
//! panic the conversion.

use kifu_ide::{TextRange, TextSize};
use tower_lsp::lsp_types::{Position, Range};

/// How the client counts columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// Bytes of UTF-8 (when the client offers it).
    Utf8,
    /// UTF-16 code units (LSP's default).
    Utf16,
}

/// A character outside ASCII: the only ones whose UTF-16 length differs from their UTF-8
/// length, and the only ones with offsets inside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Wide {
    start: u32,
    /// Its length in UTF-8 (2 to 4).
    len: u8,
    /// UTF-8 bytes minus UTF-16 units of every wide character before this one.
    excess_before: u32,
}

impl Wide {
    fn end(self) -> u32 {
        self.start + u32::from(self.len)
    }

    fn utf16_len(self) -> u32 {
        if self.len == 4 {
            2
        } else {
            1
        }
    }

    /// UTF-8 bytes minus UTF-16 units up to the end of this character.
    fn excess_through(self) -> u32 {
        self.excess_before + u32::from(self.len) - self.utf16_len()
    }
}

/// The bytes checked at once for characters outside ASCII.
const BLOCK: usize = 256;

/// Where the lines of a text start and end, and where its wide characters are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    /// The offset where each line starts (the first is 0).
    starts: Vec<u32>,
    /// The offset where each line's content ends: at its line break, or the end of the text.
    ends: Vec<u32>,
    wide: Vec<Wide>,
    len: u32,
}

impl LineIndex {
    /// Indexes `text`; lines end at `\n`, `\r\n` and a lone `\r`.
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut index = LineIndex {
            starts: vec![0],
            ends: Vec::new(),
            wide: Vec::new(),
            len: bytes.len() as u32,
        };
        // Both passes use the fast scans: memchr for the line breaks, and the word-at-a-time
        // ASCII check to skip blocks without a wide character (most of a game file).
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            index.line_break(bytes, i);
        }
        index.ends.push(index.len);
        index.wide = wide_chars(bytes, 0);
        index
    }

    /// The index of `text`, the text this index is of with the bytes of `edit` replaced by
    /// `inserted` bytes (now at `edit.start()`): only the lines the edit touches are read
    /// again, and the rest moved. What [`LineIndex::new`] gives, at the cost of one line
    /// (a keystroke in a 10 MB document: 2-3 ms to index it all).
    pub fn edited(&self, text: &str, edit: TextRange, inserted: TextSize) -> LineIndex {
        let bytes = text.as_bytes();
        let (start, old_end) = (u32::from(edit.start()), u32::from(edit.end()));
        let new_end = start + u32::from(inserted);
        let shift = |offset: u32| offset - old_end + new_end;
        // From the line holding the byte before the edit (a `\r` there may pair with an
        // inserted `\n`) to the start of the first line after the edit (the line break
        // before that start, which an inserted `\r` may pair with, is read again).
        let first = self
            .starts
            .partition_point(|&s| s <= start.saturating_sub(1))
            - 1;
        let next = self.starts.partition_point(|&s| s <= old_end);
        let from = self.starts[first];
        let to = self
            .starts
            .get(next)
            .map_or(bytes.len() as u32, |&s| shift(s));
        let mut index = LineIndex {
            starts: self.starts[..=first].to_vec(),
            ends: self.ends[..first].to_vec(),
            wide: Vec::new(),
            len: bytes.len() as u32,
        };
        let window = from as usize..to as usize;
        for i in memchr::memchr2_iter(b'\n', b'\r', &bytes[window.clone()]) {
            index.line_break(bytes, window.start + i);
        }
        match self.starts.get(next) {
            // The window ended at a line's start: that line and the ones after it moved.
            Some(_) => {
                index
                    .starts
                    .extend(self.starts[next + 1..].iter().map(|&s| shift(s)));
                index
                    .ends
                    .extend(self.ends[next..].iter().map(|&e| shift(e)));
            }
            None => index.ends.push(index.len),
        }
        // Wide characters: those before the edit, those it inserted, and those after it,
        // moved, each with the excess of the ones before it.
        let before = self.wide_before(start);
        index.wide.extend_from_slice(&self.wide[..before]);
        let mut excess = self.excess(before);
        let inserted = &bytes[start as usize..new_end as usize];
        for mut char in wide_chars(inserted, excess) {
            char.start += start;
            excess = char.excess_through();
            index.wide.push(char);
        }
        for &char in &self.wide[self.wide_before(old_end)..] {
            let char = Wide {
                start: shift(char.start),
                excess_before: excess,
                ..char
            };
            excess = char.excess_through();
            index.wide.push(char);
        }
        index
    }

    /// Notes the `\n` or `\r` at `i`; the `\n` of a `\r\n` was noted with its `\r`.
    fn line_break(&mut self, bytes: &[u8], i: usize) {
        if bytes[i] == b'\n' && i > 0 && bytes[i - 1] == b'\r' {
            return;
        }
        let crlf = bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n');
        self.ends.push(i as u32);
        self.starts.push((i + if crlf { 2 } else { 1 }) as u32);
    }

    /// The length of the text.
    pub fn len(&self) -> TextSize {
        TextSize::from(self.len)
    }

    /// How many wide characters start before `offset`.
    fn wide_before(&self, offset: u32) -> usize {
        self.wide.partition_point(|w| w.start < offset)
    }

    /// UTF-8 bytes minus UTF-16 units before `offset`, a character boundary, given the
    /// number of wide characters before it.
    fn excess(&self, wide_before: usize) -> u32 {
        wide_before
            .checked_sub(1)
            .map_or(0, |k| self.wide[k].excess_through())
    }
}

/// The wide characters of `bytes`, at offsets from its start, the first with `excess`
/// before it.
fn wide_chars(bytes: &[u8], mut excess: u32) -> Vec<Wide> {
    let mut wide = Vec::new();
    for (n, block) in bytes.chunks(BLOCK).enumerate() {
        if block.is_ascii() {
            continue;
        }
        for (i, &b) in block.iter().enumerate() {
            if b >= 0x80 && b & 0xC0 != 0x80 {
                let len = match b {
                    0xF0.. => 4,
                    0xE0.. => 3,
                    _ => 2,
                };
                let char = Wide {
                    start: (n * BLOCK + i) as u32,
                    len,
                    excess_before: excess,
                };
                excess = char.excess_through();
                wide.push(char);
            }
        }
    }
    wide
}

/// A document's line index and the client's encoding.
pub struct Positions<'a> {
    pub index: &'a LineIndex,
    pub encoding: Encoding,
}

impl Positions<'_> {
    /// The LSP position of an offset. An offset past the end is the end; inside a line break,
    /// the end of the line's content; inside a character, the start of the character.
    pub fn position(&self, offset: TextSize) -> Position {
        let index = self.index;
        let offset = u32::from(offset).min(index.len);
        let line = index.starts.partition_point(|&s| s <= offset) - 1;
        let offset = offset.min(index.ends[line]);
        let mut wide = index.wide_before(offset);
        let offset = match wide.checked_sub(1).map(|k| index.wide[k]) {
            Some(char) if char.end() > offset => {
                wide -= 1;
                char.start
            }
            _ => offset,
        };
        self.at(line, offset, wide, index.wide_before(index.starts[line]))
    }

    /// The position of `offset` on `line`, given how many wide characters come before each.
    fn at(&self, line: usize, offset: u32, wide: usize, line_wide: usize) -> Position {
        let start = self.index.starts[line];
        let column = match self.encoding {
            Encoding::Utf8 => offset - start,
            Encoding::Utf16 => {
                (offset - start) - (self.index.excess(wide) - self.index.excess(line_wide))
            }
        };
        Position::new(line as u32, column)
    }

    /// The LSP range of a text range.
    pub fn range(&self, range: TextRange) -> Range {
        Range::new(self.position(range.start()), self.position(range.end()))
    }

    /// The offset of an LSP position, always on a character boundary: positions past the end
    /// of a line are the end of its content (before `\r\n`), past the last line the end of
    /// the text, and inside a character (half a surrogate pair) the start of the character.
    pub fn offset(&self, position: Position) -> TextSize {
        let index = self.index;
        let line = position.line as usize;
        let (Some(&start), Some(&end)) = (index.starts.get(line), index.ends.get(line)) else {
            return index.len();
        };
        let column = position.character;
        let lo = index.wide_before(start);
        let hi = index.wide_before(end);
        let chars = &index.wide[lo..hi];
        let offset = match self.encoding {
            Encoding::Utf8 => {
                let offset = start.saturating_add(column).min(end);
                let k = chars.partition_point(|w| w.start < offset);
                match k.checked_sub(1).map(|k| chars[k]) {
                    Some(char) if char.end() > offset => char.start,
                    _ => offset,
                }
            }
            Encoding::Utf16 => {
                let base = index.excess(lo);
                // The UTF-16 column where a wide character starts.
                let column_of = |w: &Wide| (w.start - start) - (w.excess_before - base);
                let k = chars.partition_point(|w| column_of(w) <= column);
                match k.checked_sub(1).map(|k| chars[k]) {
                    None => start.saturating_add(column).min(end),
                    Some(char) => {
                        let at = column_of(&char);
                        if column < at + char.utf16_len() {
                            char.start
                        } else {
                            char.end()
                                .saturating_add(column - at - char.utf16_len())
                                .min(end)
                        }
                    }
                }
            }
        };
        TextSize::from(offset)
    }

    /// A cursor for positions of offsets that never go backwards: constant time from one to
    /// the next nearby, a binary search for a jump (semantic tokens convert every token of
    /// the document in text order, or those of a range anywhere in it).
    pub fn cursor(&self) -> Cursor<'_> {
        Cursor {
            positions: self,
            line: 0,
            line_wide: 0,
            wide: 0,
        }
    }
}

/// Converts non-decreasing offsets to positions, walking the index once.
pub struct Cursor<'a> {
    positions: &'a Positions<'a>,
    line: usize,
    /// Wide characters before the start of `line`.
    line_wide: usize,
    /// Wide characters before the last offset.
    wide: usize,
}

impl Cursor<'_> {
    /// The line that contains `offset` (at or after the previous offset asked for).
    pub fn line_of(&mut self, offset: TextSize) -> usize {
        let index = self.positions.index;
        let offset = u32::from(offset).min(index.len);
        let later = &index.starts[self.line + 1..];
        if later.first().is_some_and(|&s| s <= offset) {
            // The next line, or a jump (to a range far into the text) by binary search.
            self.line += if later.get(1).is_some_and(|&s| s <= offset) {
                later.partition_point(|&s| s <= offset)
            } else {
                1
            };
            let start = index.starts[self.line];
            self.line_wide += index.wide[self.line_wide..].partition_point(|w| w.start < start);
        }
        self.line
    }

    /// Where `line`'s content starts and ends.
    pub fn line_bounds(&self, line: usize) -> (TextSize, TextSize) {
        let index = self.positions.index;
        (
            TextSize::from(index.starts[line]),
            TextSize::from(index.ends[line]),
        )
    }

    /// Where `line` starts, if there is such a line.
    pub fn line_start(&self, line: usize) -> Option<TextSize> {
        self.positions
            .index
            .starts
            .get(line)
            .map(|&s| TextSize::from(s))
    }

    /// The position of `offset`, as [`Positions::position`] gives it.
    pub fn position(&mut self, offset: TextSize) -> Position {
        let line = self.line_of(offset);
        let index = self.positions.index;
        let offset = u32::from(offset).min(index.len).min(index.ends[line]);
        self.wide = self.wide.max(self.line_wide);
        let later = &index.wide[self.wide..];
        if later.first().is_some_and(|w| w.start < offset) {
            self.wide += if later.get(1).is_some_and(|w| w.start < offset) {
                later.partition_point(|w| w.start < offset)
            } else {
                1
            };
        }
        let (offset, wide) = match self.wide.checked_sub(1).map(|k| index.wide[k]) {
            Some(char) if char.end() > offset => (char.start, self.wide - 1),
            _ => (offset, self.wide),
        };
        self.positions.at(line, offset, wide, self.line_wide)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(index: &LineIndex, encoding: Encoding) -> Positions<'_> {
        Positions { index, encoding }
    }

    /// Positions computed the slow, obvious way: every character of the text, in order.
    fn naive(text: &str, encoding: Encoding) -> Vec<(usize, Position)> {
        let (mut line, mut column) = (0, 0);
        let mut out = Vec::new();
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            out.push((i, Position::new(line, column)));
            match c {
                '\r' if chars.peek().is_some_and(|&(_, n)| n == '\n') => {
                    let (j, _) = chars.next().unwrap();
                    // Between `\r` and `\n`: the end of the line's content.
                    out.push((j, Position::new(line, column)));
                    (line, column) = (line + 1, 0);
                }
                '\r' | '\n' => (line, column) = (line + 1, 0),
                _ => {
                    column += match encoding {
                        Encoding::Utf8 => c.len_utf8() as u32,
                        Encoding::Utf16 => c.len_utf16() as u32,
                    }
                }
            }
        }
        out.push((text.len(), Position::new(line, column)));
        out
    }

    const TEXTS: [&str; 6] = [
        "",
        "ab\ncd",
        "[White \"Сергей\"]\r\n1. e4 *\r\n",
        "a\rb\r\rc\r\n\nd😀e\r",
        "😀😀\n\u{feff}é碁x\r\n😀",
        "\r\n\r\n",
    ];

    #[test]
    fn every_offset_maps_both_ways_as_the_slow_way_does() {
        for text in TEXTS {
            let index = LineIndex::new(text);
            for encoding in [Encoding::Utf8, Encoding::Utf16] {
                let positions = positions(&index, encoding);
                let expected = naive(text, encoding);
                let mut cursor = positions.cursor();
                for &(offset, position) in &expected {
                    let at = TextSize::from(offset as u32);
                    assert_eq!(positions.position(at), position, "{text:?} {offset}");
                    assert_eq!(cursor.position(at), position, "{text:?} {offset} cursor");
                    let back = positions.offset(position);
                    // Between `\r` and `\n` maps back to before the `\r`.
                    let crlf = offset > 0
                        && text[..offset].ends_with('\r')
                        && text[offset..].starts_with('\n');
                    let expected_back = if crlf { offset - 1 } else { offset };
                    assert_eq!(
                        back,
                        TextSize::from(expected_back as u32),
                        "{text:?} {position:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn utf16_and_utf8_columns() {
        let text = "[White \"Сергей\"]\n1. e4 *\n";
        let index = LineIndex::new(text);
        let at = TextSize::from(text.find('"').unwrap() as u32 + 13);
        for (encoding, column) in [(Encoding::Utf16, 14), (Encoding::Utf8, 20)] {
            let positions = positions(&index, encoding);
            let position = positions.position(at);
            assert_eq!(position, Position::new(0, column), "{encoding:?}");
            assert_eq!(positions.offset(position), at);
        }
    }

    #[test]
    fn lone_cr_ends_a_line() {
        let text = "1. e4\r1... e5\r\n2. Nf3\n*";
        let index = LineIndex::new(text);
        let positions = positions(&index, Encoding::Utf16);
        assert_eq!(positions.offset(Position::new(1, 0)), TextSize::from(6));
        assert_eq!(positions.offset(Position::new(2, 0)), TextSize::from(15));
        assert_eq!(positions.offset(Position::new(3, 0)), TextSize::from(22));
        assert_eq!(positions.position(TextSize::from(8)), Position::new(1, 2));
    }

    #[test]
    fn positions_past_the_end_are_clamped() {
        let index = LineIndex::new("ab\ncd");
        let utf16 = positions(&index, Encoding::Utf16);
        assert_eq!(utf16.offset(Position::new(0, 99)), TextSize::from(2));
        assert_eq!(utf16.offset(Position::new(1, u32::MAX)), TextSize::from(5));
        assert_eq!(utf16.offset(Position::new(9, 0)), TextSize::from(5));
        assert_eq!(utf16.position(TextSize::from(99)), Position::new(1, 2));
        // Past the end of a CRLF line: before the `\r`, not between `\r` and `\n`.
        let text = "1. e4 e5\r\n*\r\n";
        let index = LineIndex::new(text);
        for encoding in [Encoding::Utf8, Encoding::Utf16] {
            let at = positions(&index, encoding);
            assert_eq!(at.offset(Position::new(0, 99)), TextSize::from(8));
            assert_eq!(at.offset(Position::new(0, 9)), TextSize::from(8));
        }
    }

    #[test]
    fn positions_inside_a_character_are_its_start() {
        // 😀 is two UTF-16 units and four UTF-8 bytes; é two bytes.
        let text = "a😀b\né";
        let index = LineIndex::new(text);
        let utf16 = positions(&index, Encoding::Utf16);
        assert_eq!(
            utf16.offset(Position::new(0, 2)),
            TextSize::from(1),
            "half a pair"
        );
        assert_eq!(utf16.offset(Position::new(0, 3)), TextSize::from(5));
        let utf8 = positions(&index, Encoding::Utf8);
        for column in 1..5 {
            assert_eq!(utf8.offset(Position::new(0, column)), TextSize::from(1));
        }
        assert_eq!(utf8.offset(Position::new(1, 1)), TextSize::from(7));
        // Offsets from the syntax layer inside a character.
        for offset in 2..5 {
            assert_eq!(utf16.position(TextSize::from(offset)), Position::new(0, 1));
            assert_eq!(utf8.position(TextSize::from(offset)), Position::new(0, 1));
        }
        assert_eq!(utf16.position(TextSize::from(8)), Position::new(1, 0));
        let mut cursor = utf16.cursor();
        assert_eq!(cursor.position(TextSize::from(3)), Position::new(0, 1));
        assert_eq!(cursor.position(TextSize::from(5)), Position::new(0, 3));
        assert_eq!(cursor.position(TextSize::from(8)), Position::new(1, 0));
    }

    #[test]
    fn line_breaks_at_every_alignment_of_the_chunks() {
        for pad in 0..40 {
            let text = "x".repeat(pad) + &"ab\r\ncd\ré\n😀\r\r\n".repeat(3);
            let index = LineIndex::new(&text);
            for encoding in [Encoding::Utf8, Encoding::Utf16] {
                let positions = positions(&index, encoding);
                for (offset, position) in naive(&text, encoding) {
                    let at = TextSize::from(offset as u32);
                    assert_eq!(positions.position(at), position, "{pad} {offset}");
                }
            }
        }
    }

    #[test]
    fn long_texts_index_like_short_ones() {
        // Past the 32-byte fast path, with breaks and wide characters at every alignment.
        let mut text = String::new();
        for i in 0..200 {
            text.push_str(&"x".repeat(i % 37));
            text.push_str(["\n", "\r", "\r\n", "é", "😀", "碁", "\t"][i % 7]);
        }
        let index = LineIndex::new(&text);
        for encoding in [Encoding::Utf8, Encoding::Utf16] {
            let positions = positions(&index, encoding);
            let expected = naive(&text, encoding);
            for &(offset, position) in &expected {
                assert_eq!(positions.position(TextSize::from(offset as u32)), position);
            }
            // A cursor that moves by small steps and by jumps over many lines.
            for step in [1, 7, 50, 400] {
                let mut cursor = positions.cursor();
                for &(offset, position) in expected.iter().step_by(step) {
                    let at = TextSize::from(offset as u32);
                    assert_eq!(cursor.position(at), position, "step {step} offset {offset}");
                }
            }
        }
    }

    /// An index moved past an edit is the index of the edited text, for random edits of
    /// texts made of every kind of line break and character (pairs of `\r` and `\n` made
    /// and broken by the edit among them).
    #[test]
    fn an_edited_index_is_the_index_of_the_edited_text() {
        let pieces = [
            "a", "1. e4", "\n", "\r", "\r\n", "é", "☃", "😀", " ", "\n\n",
        ];
        let mut rng = kifu_testing::Lcg::new(5);
        let mut next = |n: usize| rng.below(n);
        let mut checked = 0;
        for _ in 0..300 {
            let mut text: String = (0..next(30)).map(|_| pieces[next(pieces.len())]).collect();
            let mut index = LineIndex::new(&text);
            for _ in 0..20 {
                let boundaries: Vec<usize> = (0..=text.len())
                    .filter(|&i| text.is_char_boundary(i))
                    .collect();
                let a = boundaries[next(boundaries.len())];
                let b = boundaries[next(boundaries.len())];
                let (start, end) = (a.min(b), a.max(b));
                let insert: String = (0..next(4)).map(|_| pieces[next(pieces.len())]).collect();
                text.replace_range(start..end, &insert);
                let edit = TextRange::new((start as u32).into(), (end as u32).into());
                index = index.edited(&text, edit, (insert.len() as u32).into());
                assert_eq!(index, LineIndex::new(&text), "{text:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 6000);
    }
}
