//! Bytes to text for game records: what a file's encoding is (UTF-8, a byte order mark,
//! Windows-1252 for old PGN, SGF's `CA[]` or a guess), which files of a folder hold games,
//! and how a big PGN file is cut into pieces of whole games to be read in bounded memory.
//!
//! The language server gets its text from the editor; the CLI and library users reading
//! files start here. What had to be guessed or replaced is said as a diagnostic with one of
//! this crate's [`codes`], in the text's own ranges, so it shows beside the syntax's own.

#![warn(missing_docs)]

pub mod files;
mod lines;
pub mod mapped;
pub mod read;
mod scan;
pub mod sgf;

pub use kifu_syntax::Notation;
pub use lines::{line_count, line_starts};
pub use mapped::PieceText;
pub use read::{Chunk, ChunkReader, Source};

/// The codes of what reading found.
pub mod codes {
    kifu_syntax::codes! {
        /// The file is not UTF-8 and was decoded as Windows-1252.
        NotUtf8 = "not-utf8", Warning;
        /// The file's encoding was guessed or its bytes had to be replaced.
        Encoding = "encoding", Warning;
    }
}
