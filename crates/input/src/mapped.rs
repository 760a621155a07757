//! A piece's text without a copy: a large PGN file is read by mapping each piece's window of
//! the file into memory, not by copying it into a buffer.
//!
//! `read` copies every byte from the page cache into the buffer: in `kifu check` of a 106 MB
//! file, 3% of the samples were the kernel's copy and its page lookups, on the thread that
//! reads while the others check. A window mapped with its pages populated costs the page
//! table entries alone, and is unmapped when its piece is done with, so memory stays bounded
//! by the pieces in flight, as it was with buffers.
//!
//! A mapped file that another program changes while kifu reads it shows the change (and one
//! that is cut shorter ends the process with `SIGBUS`), as with every program that maps
//! files (ripgrep, for one); what is appended after it was opened is not read (its length
//! is taken then). `KIFU_NO_MMAP=1` reads with copies instead.

use std::fs::File;
use std::io;
use std::ops::Deref;

use memmap2::{Mmap, MmapOptions};

/// The text of a piece: in a buffer of its own, or in a window of the file mapped into
/// memory. Either way a `str`.
#[derive(Default)]
pub struct PieceText(Text);

#[derive(Default)]
enum Text {
    #[default]
    Empty,
    Owned(String),
    /// `map[..len]`, checked to be UTF-8 when the piece was cut.
    Mapped {
        map: Mmap,
        len: usize,
    },
}

impl PieceText {
    /// The text, as a `str`.
    #[inline]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Text::Empty => "",
            Text::Owned(text) => text,
            // SAFETY: these bytes were checked to be UTF-8 when the piece was cut
            // (`ChunkReader::mapped_piece`, by `scan::utf8_lines`), and the mapping is read
            // only. A program that rewrites the file in place while kifu reads it breaks
            // that, as it would for any reader that maps files; see the module's note.
            Text::Mapped { map, len } => unsafe { std::str::from_utf8_unchecked(&map[..*len]) },
        }
    }

    /// The text as a `String` of its own (a copy for a mapped piece).
    pub fn into_string(self) -> String {
        match self.0 {
            Text::Owned(text) => text,
            _ => self.as_str().to_owned(),
        }
    }

    /// The buffer of a piece read into one, for the reader to read into again.
    pub(crate) fn into_buffer(self) -> Option<String> {
        match self.0 {
            Text::Owned(text) => Some(text),
            _ => None,
        }
    }

    /// Whether the text is a window of a mapped file.
    pub fn is_mapped(&self) -> bool {
        matches!(self.0, Text::Mapped { .. })
    }
}

impl From<String> for PieceText {
    fn from(text: String) -> PieceText {
        PieceText(Text::Owned(text))
    }
}

impl Deref for PieceText {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Debug for PieceText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_str().fmt(f)
    }
}

impl PartialEq<str> for PieceText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for PieceText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// A file read by mapping windows of it: its length when it was opened, where the next
/// piece starts, and how far the pieces have looked, as a read would have read.
pub(crate) struct MappedFile {
    file: File,
    len: usize,
    pub(crate) at: usize,
    /// The end of the furthest window: a piece that was cut before it leaves the rest
    /// "read", and the next window takes at least that much, as a read's pending bytes do.
    seen_to: usize,
    /// Whether a window has asked for bytes past the end, as a read that found the end.
    eof: bool,
}

impl MappedFile {
    /// `file`, of `len` bytes, read from byte `at` (after a byte order mark).
    pub(crate) fn new(file: File, len: usize, at: usize) -> MappedFile {
        MappedFile {
            file,
            len,
            at,
            seen_to: at,
            eof: false,
        }
    }

    /// Whether every byte has been taken.
    pub(crate) fn done(&self) -> bool {
        self.at >= self.len
    }

    /// The window from where the next piece starts, of `want` bytes or what is left, and
    /// more when an earlier window looked further. The pieces are those a read of the
    /// file into a buffer gives (a test holds them equal).
    pub(crate) fn window(&mut self, want: usize) -> io::Result<Window> {
        let wanted = self.at.saturating_add(want);
        self.eof |= wanted > self.len;
        self.seen_to = self.seen_to.max(wanted.min(self.len));
        // SAFETY: a read-only mapping of a file that is opened for reading (memmap2 maps
        // from the page the offset is on). Its bytes are looked at as bytes here, and as a
        // `str` only once checked (see `PieceText`).
        let map = unsafe {
            MmapOptions::new()
                .offset(self.at as u64)
                .len(self.seen_to - self.at)
                .populate()
                .map(&self.file)?
        };
        Ok(Window { map, eof: self.eof })
    }
}

/// A mapped window of a file (see [`MappedFile::window`]).
pub(crate) struct Window {
    map: Mmap,
    /// Whether the file ended before the bytes wanted.
    pub(crate) eof: bool,
}

impl Window {
    /// Its bytes, from where the piece starts.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.map
    }

    /// The first `len` bytes as the piece's text: UTF-8, as the caller checked.
    pub(crate) fn into_text(self, len: usize) -> PieceText {
        debug_assert!(std::str::from_utf8(&self.bytes()[..len]).is_ok());
        PieceText(Text::Mapped { map: self.map, len })
    }
}
