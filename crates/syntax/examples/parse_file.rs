//! Parses files repeatedly, for profiling: `cargo run --release --example parse_file -- FILE N`.
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file");
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let text = String::from_utf8_lossy(&std::fs::read(&path).expect("readable")).into_owned();
    let mut errors = 0;
    for _ in 0..times {
        errors += kifu_syntax::pgn::parse(&text).errors().len();
    }
    println!("{errors} errors");
}
