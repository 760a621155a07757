//! Reading game files as text, in pieces of whole games, so that a file of
//! any size is read in bounded memory.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use kifu_syntax::{pgn, Code, SyntaxError, TextRange, TextSize};

/// The notations kifu reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// Chess.
    Pgn,
    /// Go.
    Sgf,
    /// Draughts.
    Pdn,
}

impl Notation {
    /// The notation of a file, by its extension; PGN when it has none kifu knows.
    pub fn of(path: &Path) -> Notation {
        match path.extension() {
            Some(ext) if ext.eq_ignore_ascii_case("sgf") => Notation::Sgf,
            Some(ext) if ext.eq_ignore_ascii_case("pdn") => Notation::Pdn,
            _ => Notation::Pgn,
        }
    }
}

/// Reads a whole file as text: UTF-8 (a BOM is dropped), else Windows-1252 with a warning.
pub fn read_text(path: &Path) -> io::Result<(String, Option<SyntaxError>)> {
    let bytes = std::fs::read(path)?;
    let decoded = decode(&bytes, true, true);
    Ok((decoded.text, decoded.warning))
}

/// Bytes turned into text.
struct Decoded {
    text: String,
    /// The length of the byte order mark that was dropped.
    bom: usize,
    /// Whether the bytes were UTF-8; otherwise each byte became one character.
    utf8: bool,
    /// Why the bytes were not read as UTF-8.
    warning: Option<SyntaxError>,
}

impl Decoded {
    /// How many bytes decoded into the first `len` bytes of the text.
    fn bytes_for(&self, len: usize) -> usize {
        if self.utf8 {
            self.bom + len
        } else {
            self.bom + self.text[..len].chars().count()
        }
    }
}

/// Decodes `bytes`: UTF-8 when they are, else Windows-1252, the usual meaning of "Latin-1"
/// in PGN files. Without `eof`, a UTF-8 sequence cut at the end is left for the next piece.
fn decode(bytes: &[u8], first: bool, eof: bool) -> Decoded {
    let bom = if first && bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let body = &bytes[bom..];
    let err = match std::str::from_utf8(body) {
        Ok(text) => {
            return Decoded {
                text: text.to_string(),
                bom,
                utf8: true,
                warning: None,
            }
        }
        Err(err) => err,
    };
    if err.error_len().is_none() && !eof {
        let valid = &body[..err.valid_up_to()];
        let text = String::from_utf8_lossy(valid).into_owned();
        return Decoded {
            text,
            bom,
            utf8: true,
            warning: None,
        };
    }
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(body);
    // Each byte before the bad one became one character: find where it lands in the text.
    let at: usize = text
        .chars()
        .take(err.valid_up_to())
        .map(char::len_utf8)
        .sum();
    let warning = SyntaxError::new(
        Code::NotUtf8,
        TextRange::at(
            TextSize::from(at as u32),
            TextSize::from(text[at..].chars().next().map_or(0, char::len_utf8) as u32),
        ),
        format!(
            "this file is not UTF-8 (byte 0x{:02X} here); kifu read it as Windows-1252 (Latin-1)",
            body[err.valid_up_to()]
        ),
    );
    Decoded {
        text: text.into_owned(),
        bom,
        utf8: false,
        warning: Some(warning),
    }
}

/// A piece of a file that holds whole games.
pub struct Chunk {
    /// The text of the piece, starting at the beginning of a line.
    pub text: String,
    /// Where the piece starts in the decoded text of the whole file.
    pub offset: usize,
    /// The 0-based line number of the first line of the piece.
    pub first_line: usize,
    /// How many bytes of the file the piece used.
    pub bytes: usize,
    /// The file's decoding warning, with a range into this piece, on the first piece that
    /// needed one.
    pub warning: Option<SyntaxError>,
}

/// How many bytes to read at a time: large enough that games are parsed in parallel,
/// small enough that a file of any size is read in little memory.
const CHUNK_BYTES: usize = 8 << 20;

/// Reads a file in pieces of whole games.
pub struct ChunkReader {
    file: File,
    pending: Vec<u8>,
    eof: bool,
    warned: bool,
    offset: usize,
    line: usize,
    chunk_bytes: usize,
}

impl ChunkReader {
    /// Opens `path`.
    pub fn open(path: &Path) -> io::Result<ChunkReader> {
        Ok(ChunkReader::with_chunk_size(File::open(path)?, CHUNK_BYTES))
    }

    fn with_chunk_size(file: File, chunk_bytes: usize) -> ChunkReader {
        ChunkReader {
            file,
            pending: Vec::new(),
            eof: false,
            warned: false,
            offset: 0,
            line: 0,
            chunk_bytes,
        }
    }

    fn fill(&mut self, want: usize) -> io::Result<()> {
        while !self.eof && self.pending.len() < want {
            let start = self.pending.len();
            self.pending.resize(want, 0);
            let n = self.file.read(&mut self.pending[start..])?;
            self.pending.truncate(start + n);
            if n == 0 {
                self.eof = true;
            }
        }
        Ok(())
    }

    /// The next piece, or `None` at the end of the file.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        let mut want = self.chunk_bytes;
        loop {
            self.fill(want)?;
            if self.pending.is_empty() {
                return Ok(None);
            }
            let mut decoded = decode(&self.pending, self.offset == 0, self.eof);
            let cut = if self.eof {
                Some(decoded.text.len())
            } else {
                last_game_boundary(&decoded.text)
            };
            let Some(cut) = cut else {
                // One game fills the whole piece: read more of it.
                want = self.pending.len() * 2;
                continue;
            };
            let bytes = decoded.bytes_for(cut);
            let mut text = std::mem::take(&mut decoded.text);
            text.truncate(cut);
            let warning = match decoded.warning {
                Some(w) if !self.warned && usize::from(w.range.start()) < cut => {
                    self.warned = true;
                    Some(w)
                }
                _ => None,
            };
            self.pending.drain(..bytes);
            let chunk = Chunk {
                offset: self.offset,
                first_line: self.line,
                bytes,
                warning,
                text,
            };
            self.offset += chunk.text.len();
            self.line += crate::lines::line_starts(&chunk.text).count();
            return Ok(Some(chunk));
        }
    }
}

/// Where the last game that may be incomplete starts: the start of the line of the last
/// game's first token, if no earlier game reaches into that line.
fn last_game_boundary(text: &str) -> Option<usize> {
    let games = pgn::Games::new(text);
    (1..games.len()).rev().find_map(|i| {
        let start = usize::from(games.range(i).start());
        let line_start = text[..start].rfind('\n').map_or(0, |p| p + 1);
        (line_start >= usize::from(games.range(i - 1).end()) && line_start > 0)
            .then_some(line_start)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(content: &[u8], size: usize) -> Vec<(String, usize, usize)> {
        let dir = std::env::temp_dir().join(format!("kifu-chunks-{}-{size}", std::process::id()));
        std::fs::write(&dir, content).unwrap();
        let mut reader = ChunkReader::with_chunk_size(File::open(&dir).unwrap(), size);
        let mut out = Vec::new();
        while let Some(chunk) = reader.next_chunk().unwrap() {
            out.push((chunk.text, chunk.offset, chunk.first_line));
        }
        std::fs::remove_file(&dir).unwrap();
        out
    }

    #[test]
    fn pieces_hold_whole_games_and_join_to_the_file() {
        let game = "[Event \"é\"]\n\n1. e4 {a\ncomment} e5 *\n\n";
        let content = game.repeat(50);
        for size in [7, 40, 100, 1000, 1 << 20] {
            let pieces = chunks(content.as_bytes(), size);
            let joined: String = pieces.iter().map(|p| p.0.as_str()).collect();
            assert_eq!(joined, content, "size {size}");
            let mut offset = 0;
            let mut line = 0;
            for (text, at, first_line) in &pieces {
                assert_eq!((*at, *first_line), (offset, line));
                assert!(text.starts_with("[Event"), "size {size}: {text:?}");
                offset += text.len();
                line += text.matches('\n').count();
            }
        }
    }

    #[test]
    fn latin1_pieces() {
        let game = b"[Event \"\xe9\"]\n\n1. e4 e5 *\n\n".repeat(20);
        let pieces = chunks(&game, 64);
        let joined: String = pieces.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(joined, "[Event \"é\"]\n\n1. e4 e5 *\n\n".repeat(20));
    }
}
