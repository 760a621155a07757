//! Prints the syntax errors of PGN files: `cargo run --example errors -- FILE...`.
fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("readable");
        let text = String::from_utf8_lossy(&bytes);
        let parse = kifu_syntax::pgn::parse(&text);
        for e in parse.errors() {
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
