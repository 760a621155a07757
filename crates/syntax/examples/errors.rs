//! Prints the diagnostics of PGN or SGF files (by extension), read as lossy UTF-8:
//! `cargo run --example errors -- FILE...`.
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("readable");
        let text = String::from_utf8_lossy(&bytes);
        let (round_trip, errors) = if path.to_ascii_lowercase().ends_with(".sgf") {
            let parse = kifu_syntax::sgf::parse(&text);
            (parse.syntax().to_string(), parse.errors().to_vec())
        } else {
            let parse = kifu_syntax::pgn::parse(&text);
            (parse.syntax().to_string(), parse.errors().to_vec())
        };
        assert_eq!(round_trip, text, "{path} is not lossless");
        for e in errors {
            let line = text[..usize::from(e.range.start())].matches('\n').count() + 1;
            let snippet: String = text[e.range].chars().take(30).collect();
            println!(
                "{path}:{line}: [{}] {} | {snippet:?}",
                e.code.as_str(),
                e.message
            );
        }
    }
}
