//! Any bytes decoded as a PGN file: the text is UTF-8 (the decoder copies the ASCII
//! between the bytes that are not ASCII without checking it again), each piece read (as
//! `kifu check` reads a file from a pipe, here in pieces of any size) starts on the line
//! that the text before it ends on, and the pieces are the file read whole (as `kifu tree`
//! and a document read it): the same text and the same `not-utf8` warnings.
//!
//! The last only where no character's reading depends on its game, that is unless the
//! bytes have both bad sequences and valid characters that are not ASCII: a valid
//! character is read as Windows-1252 when its game has a bad byte, and where a game ends
//! can depend on how a bad byte reads (`\xbd` is `½`, which the lexer reads as a result
//! and the game's end when it is read as Windows-1252, but not as the `�` by which the
//! games are found before they are decoded), so junk cut into pieces at other places than
//! the whole file's games can read such a character otherwise.
#![no_main]

use kifu_input::{line_count, ChunkReader, Notation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&size, bytes)) = data.split_first() else {
        return;
    };
    let whole = kifu_input::read::decode(Notation::Pgn, bytes);
    assert!(std::str::from_utf8(whole.text.as_bytes()).is_ok());
    // Pieces of 1 to 256 bytes (a piece grows to hold its game).
    let size = usize::from(size) + 1;
    let mut reader = ChunkReader::new(bytes, size, usize::MAX).expect("bytes are read");
    let (mut text, mut warnings, mut line) = (String::new(), Vec::new(), 0);
    while let Some(chunk) = reader.next_chunk().expect("bytes are read") {
        assert!(std::str::from_utf8(chunk.text.as_bytes()).is_ok());
        assert_eq!(chunk.offset, text.len());
        assert_eq!(chunk.first_line, line, "piece at {}", chunk.offset);
        line += line_count(chunk.text.as_bytes());
        let games = kifu_syntax::pgn::Games::new(&chunk.text);
        for i in 0..games.len() {
            if let Some(mut warning) = chunk.warning_of(games.range(i)) {
                warning.range += kifu_syntax::TextSize::from(chunk.offset as u32);
                warnings.push(warning);
            }
        }
        text.push_str(&chunk.text);
    }
    let mixed = bytes.utf8_chunks().any(|c| !c.invalid().is_empty())
        && bytes.utf8_chunks().any(|c| !c.valid().is_ascii());
    if !mixed {
        assert_eq!(text, whole.text);
        assert_eq!(warnings, whole.warnings);
    }
});
