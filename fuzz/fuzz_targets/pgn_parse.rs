//! The PGN parser never panics and always keeps every byte, and its tree on one core (where
//! plain games are built from the plain reader) is the grammar's alone, errors and all.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let parse = kifu_syntax::pgn::parse(text);
        assert_eq!(parse.syntax().to_string(), text);
        for error in parse.errors() {
            assert!(usize::from(error.range.end()) <= text.len());
            assert!(text.is_char_boundary(error.range.start().into()));
            assert!(text.is_char_boundary(error.range.end().into()));
        }
        let one_core = kifu_syntax::pgn::parse_on_one_core(text);
        let grammar = kifu_syntax::pgn::parse_by_grammar(text);
        assert!(one_core.green() == grammar.green(), "the trees differ");
        assert_eq!(one_core.errors(), grammar.errors());
    }
});
