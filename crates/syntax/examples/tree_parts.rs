//! What building the lossless tree of a PGN file costs beside its parts, in one process and
//! alternating round by round (a machine's speed moves from minute to minute): the tree on
//! one core (and apart, what dropping it takes: the reference counts of its shared nodes
//! given back), the lexer and the cut into games alone (the way of the games that are not
//! plain, and of the parallel parse), and the plain reader alone (what the one-core tree
//! reads plain games with, `pgn/plain_tree.rs`):
//! `cargo run --release -p kifu-syntax --example tree_parts -- FILE [ROUNDS]`.
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a PGN file");
    let rounds: u32 = args
        .next()
        .map_or(30, |r| r.parse().expect("a number of rounds"));
    let text = String::from_utf8_lossy(&std::fs::read(&path).expect("readable")).into_owned();
    let bytes = text.as_bytes();
    let mut times = [0.0f64; 4];
    let (mut games, mut plain) = (0, 0);
    for _ in 0..rounds {
        let started = Instant::now();
        let tree = black_box(kifu_syntax::pgn::parse_on_one_core(black_box(&text)));
        let built = started.elapsed().as_secs_f64();
        drop(tree);
        let total = started.elapsed().as_secs_f64();
        times[0] += total;
        times[3] += total - built;

        let started = Instant::now();
        games = black_box(kifu_syntax::pgn::Games::new(black_box(&text)).len());
        times[1] += started.elapsed().as_secs_f64();

        let started = Instant::now();
        plain = 0;
        let mut at = kifu_syntax::pgn::game_start(bytes, 0);
        while let Some(end) = kifu_syntax::pgn::read_plain(black_box(bytes), at, &mut ()) {
            plain += 1;
            at = kifu_syntax::pgn::game_start(bytes, usize::from(end.range.end()));
        }
        black_box(plain);
        times[2] += started.elapsed().as_secs_f64();
    }
    let ms = |seconds: f64| seconds * 1000.0 / f64::from(rounds);
    let mb = bytes.len() as f64 / 1e6;
    println!(
        "{mb:.2} MB, {games} games ({plain} read plain from the start), {rounds} rounds: \
         tree {:.2} ms ({:.1} MB/s; its drop {:.2} ms of it), lexer and cut {:.2} ms, \
         plain reader {:.2} ms",
        ms(times[0]),
        mb / (ms(times[0]) / 1000.0),
        ms(times[3]),
        ms(times[1]),
        ms(times[2]),
    );
}
