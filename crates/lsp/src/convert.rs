//! Offsets to LSP positions and back, in the encoding negotiated with the client.

use kifu_ide::{TextRange, TextSize};
use line_index::{LineCol, LineIndex, WideEncoding, WideLineCol};
use tower_lsp::lsp_types::{Position, Range};

/// How the client counts columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// Bytes of UTF-8 (when the client offers it).
    Utf8,
    /// UTF-16 code units (LSP's default).
    Utf16,
}

/// A document's line index and the client's encoding.
pub struct Positions<'a> {
    pub index: &'a LineIndex,
    pub encoding: Encoding,
    pub len: TextSize,
}

impl Positions<'_> {
    /// The LSP position of an offset.
    pub fn position(&self, offset: TextSize) -> Position {
        let offset = offset.min(self.len);
        let line_col = self.index.line_col(offset);
        match self.encoding {
            Encoding::Utf8 => Position::new(line_col.line, line_col.col),
            Encoding::Utf16 => {
                let wide =
                    self.index
                        .to_wide(WideEncoding::Utf16, line_col)
                        .unwrap_or(WideLineCol {
                            line: line_col.line,
                            col: line_col.col,
                        });
                Position::new(wide.line, wide.col)
            }
        }
    }

    /// The LSP range of a text range.
    pub fn range(&self, range: TextRange) -> Range {
        Range::new(self.position(range.start()), self.position(range.end()))
    }

    /// The offset of an LSP position; positions past the end of a line or of the text are
    /// clamped to it, as LSP asks.
    pub fn offset(&self, position: Position) -> TextSize {
        let line_start = |line: u32| self.index.offset(LineCol { line, col: 0 });
        let Some(start) = line_start(position.line) else {
            return self.len;
        };
        // The end of the line's content: before its line break, or the end of the text.
        let end = match line_start(position.line + 1) {
            Some(next) if next > start => next - TextSize::from(1),
            _ => self.len,
        };
        let line_col = match self.encoding {
            Encoding::Utf8 => Some(LineCol {
                line: position.line,
                col: position.character,
            }),
            Encoding::Utf16 => self.index.to_utf8(
                WideEncoding::Utf16,
                WideLineCol {
                    line: position.line,
                    col: position.character,
                },
            ),
        };
        let offset = line_col.and_then(|lc| self.index.offset(lc)).unwrap_or(end);
        offset.clamp(start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_and_utf8_columns() {
        let text = "[White \"Сергей\"]\n1. e4 *\n";
        let index = LineIndex::new(text);
        let len = TextSize::from(text.len() as u32);
        let at = TextSize::from(text.find('"').unwrap() as u32 + 13);
        for (encoding, column) in [(Encoding::Utf16, 14), (Encoding::Utf8, 20)] {
            let positions = Positions {
                index: &index,
                encoding,
                len,
            };
            let position = positions.position(at);
            assert_eq!(position, Position::new(0, column), "{encoding:?}");
            assert_eq!(positions.offset(position), at);
        }
    }

    #[test]
    fn positions_past_the_end_are_clamped() {
        let text = "ab\ncd";
        let index = LineIndex::new(text);
        let positions = Positions {
            index: &index,
            encoding: Encoding::Utf16,
            len: TextSize::from(5),
        };
        assert_eq!(positions.offset(Position::new(0, 99)), TextSize::from(2));
        assert_eq!(positions.offset(Position::new(9, 0)), TextSize::from(5));
    }
}
