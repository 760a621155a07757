//! The `check` bench's validator (pgn-reader and shakmaty, every main-line move played) run
//! alone on a file, to profile it beside `kifu check` on the same bytes:
//! `valgrind --tool=callgrind target/release/examples/validator FILE` (build it with
//! `cargo build --release -p kifu-e2e --example validator`). Prints the games and how many
//! had a move it could not play.

#[path = "../benches/peers/validator.rs"]
mod validator;

fn main() {
    let path = std::env::args().nth(1).expect("a PGN file");
    let bytes = std::fs::read(&path).expect("a readable file");
    let (games, illegal) = validator::validate(&bytes);
    println!("{games} games, {illegal} with a move that could not be played");
}
