//! `kifu export`'s JSON writer against serde_json: the same bytes for every game of the
//! fixtures and of the corpus (what the derived `Serialize` of the export's types writes),
//! with positions and SGF trees, and for text with every character JSON escapes.

use std::path::{Path, PathBuf};

use kifu_ide::export::{ExportOptions, Position, Span};
use kifu_ide::{Document, Notation, TextRange};

mod common;
use common::corpus;

/// Files above this size are left out: the corpus's large databases take minutes in a
/// debug build, and hold no shape of game that the smaller ones do not.
const MAX_BYTES: u64 = 256 << 10;

/// Every game of the file, written both ways; the number of games.
fn same_json(path: &Path, notation: Notation, options: ExportOptions) -> usize {
    let bytes = std::fs::read(path).expect("a game file");
    let document = Document::from_bytes(notation, &bytes);
    let span = |range: TextRange| {
        let at = |offset: usize| Position {
            line: 1,
            column: offset + 1,
            offset,
        };
        Span {
            start: at(range.start().into()),
            end: at(range.end().into()),
        }
    };
    let games = document.export("a \"file\"\t\\", options, &span);
    for (i, game) in games.iter().enumerate() {
        let mut written = Vec::new();
        game.write_json(&mut written);
        let serde = serde_json::to_vec(game).expect("serde_json writes it");
        assert!(
            written == serde,
            "game {} of {}: the writer and serde_json differ\n{}\n{}",
            i + 1,
            path.display(),
            String::from_utf8_lossy(&written),
            String::from_utf8_lossy(&serde)
        );
    }
    games.len()
}

fn files(dir: &Path) -> Vec<(PathBuf, Notation)> {
    let mut found = Vec::new();
    for (extension, notation) in [
        ("pgn", Notation::Pgn),
        ("sgf", Notation::Sgf),
        ("pdn", Notation::Pdn),
    ] {
        let mut paths = Vec::new();
        kifu_testing::game_files(dir, &[extension], &mut paths);
        found.extend(
            paths
                .into_iter()
                .filter(|p| p.metadata().is_ok_and(|m| m.len() <= MAX_BYTES))
                .map(|p| (p, notation)),
        );
    }
    found
}

#[test]
fn the_writer_writes_what_serde_json_writes() {
    // Both writers recurse once per SGF node of a tree (`--sgf-tree`), and a debug build's
    // frames are large: the test thread's 2 MiB do not hold a 300-move game.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(every_file)
        .expect("a thread")
        .join()
        .expect("every file written the same");
}

fn every_file() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut all = files(&fixtures);
    let from_fixtures = all.len();
    assert!(from_fixtures > 100, "{from_fixtures} fixture files");
    if let Some(corpus) = corpus("") {
        let mut fox = 0;
        all.extend(files(&corpus).into_iter().filter(|(path, _)| {
            // The 1,000 professional Go games are alike: 50 of them stand for the rest,
            // and keep the test to seconds.
            if !path.components().any(|c| c.as_os_str() == "fox-pro-sample") {
                return true;
            }
            fox += 1;
            fox <= 50
        }));
    }
    let positions = ExportOptions::default();
    let plain = ExportOptions {
        no_positions: true,
        ..ExportOptions::default()
    };
    let tree = ExportOptions {
        sgf_tree: true,
        ..ExportOptions::default()
    };
    let mut games = 0;
    for (path, notation) in &all {
        games += same_json(path, *notation, positions);
        if *notation == Notation::Sgf {
            games += same_json(path, *notation, tree);
        } else {
            games += same_json(path, *notation, plain);
        }
    }
    eprintln!("{} files, {games} games written the same", all.len());
}

#[test]
fn escapes_are_serde_jsons() {
    // Every ASCII character and some others, in a tag value, a comment and a move.
    let odd: String = (0u8..0x80)
        .map(char::from)
        .filter(|&c| c != '}' && c != '{')
        .chain("é€😀\u{7f}\u{2028}".chars())
        .collect();
    let escaped = odd.replace('\\', "\\\\").replace('"', "\\\"");
    let text = format!("[Event \"{escaped}\"]\n1. e4 {{{odd}}} e5 *\n");
    let document = Document::new(Notation::Pgn, text);
    let span = |range: TextRange| Span {
        start: Position {
            line: 1,
            column: 1,
            offset: range.start().into(),
        },
        end: Position {
            line: 1,
            column: 1,
            offset: range.end().into(),
        },
    };
    let games = document.export("f", ExportOptions::default(), &span);
    assert_eq!(games.len(), 1);
    let mut written = Vec::new();
    games[0].write_json(&mut written);
    let serde = serde_json::to_vec(&games[0]).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&written),
        String::from_utf8_lossy(&serde)
    );
    // The odd characters are there, escaped: the test reaches the escaping.
    let json = String::from_utf8(written).unwrap();
    assert!(json.contains("\\u0001") && json.contains("\\t") && json.contains("\\\""));
}
