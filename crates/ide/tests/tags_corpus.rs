//! The tag checks over every PGN file of the shared corpus: real files (TWIC, Lichess, TCEC,
//! ChessBase exports) and other parsers' test files. What the checks report there must be
//! true, and rare: each count below was read game by game.

use std::collections::BTreeMap;

use kifu_ide::{Code, Document, Notation};

mod common;
use common::corpus;

/// The tag checks' codes: every code but the syntax's, reading's and the replay's.
fn is_tag_code(code: Code) -> bool {
    !Code::ALL.contains(&code)
        && !kifu_input::codes::ALL.contains(&code)
        && !kifu_ide::codes::ALL.contains(&code)
}

#[test]
fn tag_checks_over_the_corpus() {
    let Some(corpus) = corpus("pgn") else { return };
    let mut files = Vec::new();
    kifu_testing::game_files(&corpus, &["pgn"], &mut files);
    let mut games = 0;
    let mut found: BTreeMap<String, usize> = BTreeMap::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("a corpus file");
        let relative = path.strip_prefix(&corpus).unwrap_or(path);
        let folder = relative.components().next().map_or(String::new(), |c| {
            c.as_os_str().to_string_lossy().into_owned()
        });
        let document = Document::from_bytes(Notation::Pgn, &bytes);
        games += document.game_count();
        for d in document
            .diagnostics()
            .iter()
            .filter(|d| is_tag_code(d.code))
        {
            let key = format!("{folder} {}", d.code.as_str());
            let count = found.entry(key).or_default();
            *count += 1;
            if *count <= 3 {
                println!(
                    "{}: {} `{}`: {}",
                    relative.display(),
                    d.code.as_str(),
                    &document.text()[d.range],
                    d.message
                );
            }
        }
    }
    println!("{} files, {games} games; found: {found:#?}", files.len());
    assert!(
        files.len() >= 200 && games > 8_000,
        "{} files, {games} games",
        files.len()
    );
    let expected: BTreeMap<String, usize> = [
        // Lichess: its 2013 database (32 games) has no `Date` and no `Round`, and its exports
        // of games played outside a tournament (8 from 2024) no `Round`.
        ("mliebelt-pgn-parser missing-roster-tag", 40),
        // Dates written as a year alone (`1959`), in fischer.pgn and the many outputs of it.
        ("pgn-extract invalid-date", 550),
        // test-nobadresults.pgn, whose point is `Result` tags against the movetext: 9 games
        // with no other tag, 9 mismatches, 3 more in its output; and a draw that
        // test-plylimit-out.pgn cuts short to `*`.
        ("pgn-extract missing-roster-tag", 9),
        ("pgn-extract result-mismatch", 13),
        // ChessBase's odds games (odds.pgn, 4, and its output, 3), whose sources stop a
        // half-move short of the count, and test-7.pgn.
        ("pgn-extract ply-count-mismatch", 8),
        // ChessBase's order (`EventDate` after `Date`, `Result` before the players), and
        // `-R`'s alphabetical order.
        ("pgn-extract roster-out-of-order", 33),
        // chessbase-empty-line.pgn has an empty line where `Site` was; two Lichess
        // crazyhouse games from 2016-17 have no `Round`.
        ("python-chess missing-roster-tag", 3),
        // kasparov-deep-blue-1997.pgn and molinari-bordais-1979.pgn: ChessBase's order.
        ("python-chess roster-out-of-order", 7),
        // crlf_line_endings.pgn: `[Result "*"]` over games that end `1-0`, twice.
        ("tree-sitter-pgn result-mismatch", 2),
    ]
    .into_iter()
    .map(|(key, count)| (key.to_string(), count))
    .collect();
    assert_eq!(found, expected);
}
