//! The PDN parser and its checks never panic and always keep every byte.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let parse = kifu_syntax::pdn::parse(text);
        assert_eq!(parse.syntax().to_string(), text);
        for error in parse.errors() {
            assert!(usize::from(error.range.end()) <= text.len());
            assert!(text.is_char_boundary(error.range.start().into()));
            assert!(text.is_char_boundary(error.range.end().into()));
        }
        // Every kind has a PGN role, through which kifu-ide reads PDN games.
        for node in parse.syntax().descendants() {
            let _ = node.kind().role();
        }
    }
});
