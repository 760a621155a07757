//! `kifu check`'s SGF path (`check::sgf_file`, with the replay) over every `.sgf` file under
//! a directory, on one thread, a number of rounds: a steady load to profile with `perf
//! record`, or to count instructions with `valgrind --tool=callgrind`, which gives the same
//! count for the same binary on a busy machine as on a quiet one. Prints the files, bytes
//! and diagnostics of one round. With `--document`, the server's path instead: each file
//! a `Document` (its tree, and the tables read from it) and its diagnostics.
//!
//! `cargo run --release -p kifu-ide --example sgf_check -- [--document] DIR [ROUNDS]`

use std::path::Path;

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let document = args.next_if(|a| a == "--document").is_some();
    let Some(dir) = args.next() else {
        eprintln!("usage: sgf_check [--document] DIR [ROUNDS]");
        std::process::exit(2);
    };
    let rounds: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(1);
    let mut paths = Vec::new();
    kifu_testing::game_files(Path::new(&dir), &["sgf"], &mut paths);
    let files: Vec<Vec<u8>> = paths.iter().filter_map(|p| std::fs::read(p).ok()).collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut diagnostics = 0;
    for _ in 0..rounds {
        diagnostics = files
            .iter()
            .map(|f| {
                if document {
                    let document = kifu_ide::Document::from_bytes(kifu_ide::Notation::Sgf, f);
                    document.diagnostics().len()
                } else {
                    kifu_ide::check::sgf_file(f, true).diagnostics.len()
                }
            })
            .sum::<usize>();
    }
    println!(
        "{} files, {bytes} bytes, {diagnostics} diagnostics",
        files.len()
    );
}
