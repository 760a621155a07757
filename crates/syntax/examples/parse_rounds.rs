//! Builds the lossless tree of a PGN file on one core, ROUNDS times, for profiling
//! (`perf record`, `perf stat`, callgrind) what `cargo bench -p kifu-syntax --bench parse`
//! times: `cargo run --release -p kifu-syntax --example parse_rounds -- FILE [ROUNDS]
//! [--all-cores | --grammar]`. With `--all-cores`, as the server parses a document it opens
//! (on every core from 256 KiB on); with `--grammar`, every game lexed and read by the
//! grammar (the way of a game that is not plain, and of the parallel parse's pieces).
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a PGN file");
    let rounds: usize = args
        .next()
        .map_or(20, |r| r.parse().expect("a number of rounds"));
    let way = args.next();
    let (all_cores, grammar) = (
        way.as_deref() == Some("--all-cores"),
        way.as_deref() == Some("--grammar"),
    );
    let text = String::from_utf8_lossy(&std::fs::read(&path).expect("readable")).into_owned();
    let mut elements = 0;
    for _ in 0..rounds {
        let text = std::hint::black_box(&text);
        let parse = if all_cores {
            kifu_syntax::pgn::parse(text)
        } else if grammar {
            kifu_syntax::pgn::parse_by_grammar(text)
        } else {
            kifu_syntax::pgn::parse_on_one_core(text)
        };
        elements += parse.green().children().len();
    }
    println!(
        "{} bytes, {rounds} rounds, {elements} top-level elements",
        text.len()
    );
}
