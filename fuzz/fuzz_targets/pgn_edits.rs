//! Edits re-parsed incrementally give exactly the fresh parse of the edited text.
//!
//! The input is a PGN text, a 0xFF byte, then edits of four bytes each (see `edits.rs`;
//! what they insert is one of [`INSERTS`]).
#![no_main]

use kifu_syntax::{pgn, TextSize};
use libfuzzer_sys::fuzz_target;

mod edits;

const INSERTS: &[&str] = &[
    "",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "\"",
    ";",
    "%",
    "\n",
    "\r\n",
    "\r",
    " ",
    "e4",
    "1.",
    "...",
    "1-0",
    "*",
    "[Event \"x\"]\n",
    "é",
    "𝄞",
    "\u{feff}",
    "\\",
    "$1",
];

fuzz_target!(|data: &[u8]| {
    let (text, edits) = edits::split(data);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let mut text = text.to_string();
    let mut parse = pgn::parse(&text);
    for edit in edits.chunks_exact(4) {
        let (range, insert) = edits::edit(edit, &text, INSERTS);
        text.replace_range(std::ops::Range::<usize>::from(range), insert);
        let incremental = pgn::reparse(&parse, &text, range, TextSize::from(insert.len() as u32));
        let fresh = pgn::parse(&text);
        assert_eq!(incremental.syntax().to_string(), text);
        assert!(incremental.green() == fresh.green(), "trees differ");
        assert_eq!(incremental.errors(), fresh.errors());
        parse = incremental;
    }
});
