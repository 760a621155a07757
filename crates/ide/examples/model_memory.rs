//! The resident memory of a PGN document as the server builds it up: the text, the tree,
//! every game's model (what diagnostics, the outline and hover keep), the diagnostics and
//! the outline. Linux only (it reads `/proc/self/status`).
//!
//! `cargo run --release -p kifu-ide --example model_memory -- FILE.pgn`

use kifu_ide::{Document, Notation};

/// The resident memory of this process, in MiB.
fn resident_mib() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(format!("{} MiB", kib >> 10))
        })
        .unwrap_or_else(|| "unknown".into())
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: model_memory FILE.pgn");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("cannot read {path}: {err}");
            std::process::exit(2);
        }
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let mib = text.len() as f64 / f64::from(1 << 20);
    println!("text ({mib:.2} MiB): {}", resident_mib());
    let document = Document::new(Notation::Pgn, text);
    println!("parsed: {}", resident_mib());
    let games = document.games().count();
    let moves: usize = document.games().map(|g| g.game.moves.len()).sum();
    println!(
        "models of {games} games, {moves} moves ({} bytes a move): {}",
        std::mem::size_of::<kifu_ide::game::Move>(),
        resident_mib()
    );
    let diagnostics = document.diagnostics().len();
    println!("{diagnostics} diagnostics: {}", resident_mib());
    let symbols = document.symbols().len();
    println!("outline of {symbols} games: {}", resident_mib());
}
