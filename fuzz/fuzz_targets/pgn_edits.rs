//! Edits re-parsed incrementally give exactly the fresh parse of the edited text.
//!
//! The input is a PGN text, a 0xFF byte, then edits of four bytes each: where (two bytes,
//! modulo the text's length), how many bytes to remove, and what to insert (an index into
//! [`INSERTS`]).
#![no_main]

use kifu_syntax::{pgn, TextRange, TextSize};
use libfuzzer_sys::fuzz_target;

const INSERTS: &[&str] = &[
    "", "{", "}", "(", ")", "[", "]", "\"", ";", "%", "\n", "\r\n", "\r", " ", "e4", "1.", "...",
    "1-0", "*", "[Event \"x\"]\n", "é", "𝄞", "\u{feff}", "\\", "$1",
];

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0xff).unwrap_or(data.len());
    let Ok(text) = std::str::from_utf8(&data[..split]) else {
        return;
    };
    let mut text = text.to_string();
    let mut parse = pgn::parse(&text);
    for edit in data[split.saturating_add(1).min(data.len())..].chunks_exact(4) {
        let mut start = usize::from(u16::from_le_bytes([edit[0], edit[1]])) % (text.len() + 1);
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (start + usize::from(edit[2] % 16)).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let insert = INSERTS[usize::from(edit[3]) % INSERTS.len()];
        text.replace_range(start..end, insert);
        let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
        let incremental = pgn::reparse(&parse, &text, range, TextSize::from(insert.len() as u32));
        let fresh = pgn::parse(&text);
        assert_eq!(incremental.syntax().to_string(), text);
        assert!(incremental.green() == fresh.green(), "trees differ");
        assert_eq!(incremental.errors(), fresh.errors());
        parse = incremental;
    }
});
