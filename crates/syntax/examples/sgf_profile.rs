//! Parses SGF files repeatedly, for profiling: `cargo run --release --example sgf_profile -- N FILE...`.
fn main() {
    let mut args = std::env::args().skip(1);
    let times: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let texts: Vec<String> = args
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).expect("readable")).into_owned())
        .collect();
    let mut errors = 0;
    for _ in 0..times {
        for text in &texts {
            errors += kifu_syntax::sgf::parse(text).errors().len();
        }
    }
    println!("{errors} diagnostics");
}
