//! The cost of replaying games: the 1,000 Fox Go games and py-draughts' games, parsed and
//! checked with and without their replay, as `kifu check` and the server do.
//!
//! `cargo bench -p kifu-ide --bench replay`

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kifu_ide::{Document, Notation};

/// Parses every text as a document and counts its diagnostics, with or without the replay.
fn check(notation: Notation, texts: &[Vec<u8>], replay: bool) -> usize {
    texts
        .iter()
        .map(|bytes| {
            let document = Document::from_bytes(notation, black_box(bytes));
            if replay {
                document.diagnostics().len()
            } else {
                document.syntax_diagnostics().len()
            }
        })
        .sum()
}

fn bench_set(c: &mut Criterion, name: &str, notation: Notation, texts: &[Vec<u8>], games: usize) {
    let total: usize = texts.iter().map(Vec::len).sum();
    eprintln!(
        "{name}: {} files, {games} games, {total} bytes",
        texts.len()
    );
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(total as u64));
    group.sample_size(20);
    group.bench_function("syntax only", |b| b.iter(|| check(notation, texts, false)));
    group.bench_function("with replay", |b| b.iter(|| check(notation, texts, true)));
    group.finish();
}

/// Issue 17's SGF figure: the Fox games checked as `kifu check` checks a file (decoding,
/// syntax, properties, Go replay, from the tables with no tree), one core, beside the
/// `sgf-parse` crate parsing the same files (as lossy UTF-8 text, which it takes) in the
/// same run.
fn bench_sgf_check(c: &mut Criterion, fox: &[Vec<u8>]) {
    let texts: Vec<String> = fox
        .iter()
        .map(|b| String::from_utf8_lossy(b).into_owned())
        .collect();
    let total: usize = fox.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("fox-pro-sample, kifu check against sgf-parse");
    group.throughput(Throughput::Bytes(total as u64));
    group.sample_size(20);
    for (name, replay) in [
        ("kifu check::sgf_file with replay", true),
        ("kifu check::sgf_file, syntax only", false),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                fox.iter()
                    .map(|bytes| {
                        kifu_ide::check::sgf_file(black_box(bytes), replay)
                            .diagnostics
                            .len()
                    })
                    .sum::<usize>()
            })
        });
    }
    group.bench_function("sgf-parse", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| sgf_parse::parse(black_box(t)).map_or(0, |trees| trees.len()))
                .sum::<usize>()
        })
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if !corpus.is_dir() {
        eprintln!("SKIPPED: the shared corpus is not at {}", corpus.display());
        return;
    }
    let mut paths = Vec::new();
    kifu_testing::game_files(&corpus.join("sgf/fox-pro-sample"), &["sgf"], &mut paths);
    let fox: Vec<Vec<u8>> = paths
        .iter()
        .map(|p| std::fs::read(p).expect("readable"))
        .collect();
    bench_set(c, "fox-pro-sample", Notation::Sgf, &fox, fox.len());
    bench_sgf_check(c, &fox);

    // py-draughts' games, each its own document (the moves-only entries get their folder's
    // GameType), as one list.
    let mut draughts = Vec::new();
    for (folder, game_type) in [
        ("standard", 20),
        ("american", 21),
        ("russian", 25),
        ("brazilian", 26),
        ("frisian", 40),
    ] {
        let path = corpus.join(format!(
            "pdn/py-draughts/test/games/{folder}/random_pdns.json"
        ));
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).expect("readable")).unwrap();
        let list = json.get("pdn_positions").or_else(|| json.get("games"));
        for game in list.and_then(|l| l.as_array()).into_iter().flatten() {
            let text = game.as_str().unwrap_or_default();
            let text = if text.contains("[GameType") {
                text.to_string()
            } else {
                format!("[GameType \"{game_type}\"]\n{text}")
            };
            draughts.push(text.into_bytes());
        }
    }
    let games = draughts.len();
    bench_set(c, "py-draughts", Notation::Pdn, &draughts, games);

    // What a hover on a move and the board view pay: the position at the end of a long
    // game, found, replayed and drawn (SVG and diagram).
    let longest = |texts: &[Vec<u8>]| {
        texts
            .iter()
            .max_by_key(|t| t.len())
            .cloned()
            .unwrap_or_default()
    };
    let mut tcec = Vec::new();
    kifu_testing::game_files(&corpus.join("pgn/tcec"), &["pgn"], &mut tcec);
    let chess_game = tcec
        .first()
        .map(|p| std::fs::read(p).expect("readable"))
        .map(|bytes| {
            // The first game of the file.
            let end = bytes
                .windows(8)
                .skip(1)
                .position(|w| w == b"\n[Event ")
                .map_or(bytes.len(), |i| i + 2);
            bytes[..end].to_vec()
        })
        .unwrap_or_default();
    let mut group = c.benchmark_group("position at the cursor");
    for (name, notation, bytes) in [
        ("chess (TCEC game)", Notation::Pgn, chess_game),
        ("Go (longest Fox game)", Notation::Sgf, longest(&fox)),
        (
            "draughts (longest py-draughts game)",
            Notation::Pdn,
            longest(&draughts),
        ),
    ] {
        let document = Document::from_bytes(notation, &bytes);
        let end = kifu_ide::TextSize::from(document.text().trim_end().len() as u32 - 3);
        let options = kifu_ide::BoardOptions::default();
        let at = document.position_at(end, &options).expect("a position");
        eprintln!("{name}: `{}`, {} bytes of SVG", at.label, at.svg.len());
        group.bench_function(name, |b| {
            b.iter(|| {
                document
                    .position_at(black_box(end), &options)
                    .map(|p| p.svg.len())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
