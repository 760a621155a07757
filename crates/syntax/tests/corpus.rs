//! Every PGN file in the shared corpus: no panic, lossless, and zero syntax errors on the
//! real files that are valid PGN.

use kifu_syntax::pgn;

mod common;

use common::{corpus, read};

#[test]
fn every_corpus_pgn_file_is_lossless() {
    let Some(corpus) = corpus() else { return };
    let mut files = Vec::new();
    kifu_testing::game_files(&corpus, &["pgn"], &mut files);
    assert!(files.len() > 100, "found only {} PGN files", files.len());
    for path in &files {
        let text = read(path);
        let parse = pgn::parse(&text);
        assert_eq!(
            parse.syntax().to_string(),
            text,
            "{} is not lossless",
            path.display()
        );
        // The checker's tree-less run of the grammar finds exactly the same problems.
        let games = pgn::Games::new(&text);
        let validated: Vec<_> = (0..games.len())
            .flat_map(|i| games.validate_game(i))
            .collect();
        assert_eq!(validated, parse.errors(), "{}", path.display());
    }
    eprintln!("{} PGN files round-tripped", files.len());
}

/// Real files that are valid PGN: they must parse with no syntax error at all.
const VALID: &[&str] = &[
    "pgn/pgn-reader-bench",
    "pgn/tcec",
    "pgn/python-chess/data/pgn",
    "pgn/tree-sitter-pgn/examples/succeeding",
];

#[test]
fn valid_real_files_have_no_syntax_errors() {
    let Some(corpus) = corpus() else { return };
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in VALID {
        let mut files = Vec::new();
        kifu_testing::game_files(&corpus.join(dir), &["pgn"], &mut files);
        assert!(!files.is_empty(), "no PGN files under {dir}");
        for path in files {
            count += 1;
            let text = read(&path);
            let parse = pgn::parse(&text);
            for error in parse.errors().iter().take(3) {
                failures.push(common::located(&path, &text, error));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{count} valid PGN files parsed with no errors");
}

#[test]
fn every_corpus_sgf_file_is_lossless() {
    let Some(corpus) = corpus() else { return };
    let mut files = Vec::new();
    kifu_testing::game_files(&corpus, &["sgf"], &mut files);
    assert!(files.len() > 1000, "found only {} SGF files", files.len());
    for path in &files {
        let bytes = std::fs::read(path).expect("corpus file is readable");
        let text = String::from_utf8_lossy(&bytes);
        let parse = kifu_syntax::sgf::parse(&text);
        assert_eq!(parse.syntax().to_string(), text, "{}", path.display());
    }
    eprintln!("{} SGF files round-tripped", files.len());
}

#[test]
fn deep_game_tree_file() {
    let Some(corpus) = corpus() else { return };
    let path = corpus.join("sgf/libsgfcplusplus/test/test-files/deep-game-tree.sgf");
    let text = std::fs::read_to_string(path).expect("UTF-8");
    let parse = kifu_syntax::sgf::parse(&text);
    assert_eq!(parse.syntax().to_string(), text);
    let trees: Vec<_> = parse.collection().game_trees().collect();
    assert_eq!(trees.len(), 5);
    let longest = trees.iter().map(|t| t.nodes().count()).max();
    assert!(longest >= Some(5_000), "{longest:?}");
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
}

/// The grammars-v4 examples: valid PDN, zero diagnostics of any kind.
#[test]
fn antlr_pdn_examples_have_no_errors() {
    let Some(corpus) = corpus() else { return };
    let dir = corpus.join("pdn/antlr-grammars-v4/examples");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).expect("examples folder").flatten() {
        let text = std::fs::read_to_string(entry.path()).expect("UTF-8");
        let parse = kifu_syntax::pdn::parse(&text);
        assert_eq!(parse.syntax().to_string(), text);
        assert!(
            parse.errors().is_empty(),
            "{}: {:?}",
            entry.path().display(),
            parse.errors()
        );
        count += 1;
    }
    assert_eq!(count, 3);
}

/// Every game string of py-draughts' test data for eight variants parses with no error.
/// Strings with a literal backslash-n (`\n` written as two characters, a double escape in
/// the JSON) are not PDN: there each such `\n` must be the only thing reported.
#[test]
fn py_draughts_games_have_no_errors() {
    let Some(corpus) = corpus() else { return };
    let mut files = Vec::new();
    kifu_testing::game_files(
        &corpus.join("pdn/py-draughts/test/games"),
        &["json"],
        &mut files,
    );
    let (mut games, mut double_escaped) = (0, 0);
    for path in files.iter().filter(|p| p.ends_with("random_pdns.json")) {
        let data: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).expect("readable")).expect("JSON");
        for list in data.as_object().expect("an object").values() {
            for game in list.as_array().expect("a list of games") {
                let text = game.as_str().expect("a PDN string");
                let parse = kifu_syntax::pdn::parse(text);
                assert_eq!(parse.syntax().to_string(), text);
                let errors: Vec<_> = parse
                    .errors()
                    .iter()
                    .filter(|e| e.severity() == kifu_syntax::Severity::Error)
                    .collect();
                if text.contains("\\n") {
                    double_escaped += 1;
                    assert!(
                        errors.iter().all(|e| text[e.range].contains("\\n")),
                        "{}: {errors:?}",
                        path.display()
                    );
                } else {
                    assert!(errors.is_empty(), "{}: {text}\n{errors:?}", path.display());
                }
                games += 1;
            }
        }
    }
    assert_eq!(games, 220);
    eprintln!("{games} py-draughts games, {double_escaped} with literal \\n");
}

/// Every position of py-draughts' `random_positions.json` is a FEN kifu accepts.
#[test]
fn py_draughts_positions_are_accepted() {
    let Some(corpus) = corpus() else { return };
    let path = corpus.join("pdn/py-draughts/test/games/standard/random_positions.json");
    let data: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("readable")).expect("JSON");
    let positions = data["positions"].as_array().expect("a list");
    assert!(!positions.is_empty());
    for fen in positions {
        let fen = fen.as_str().expect("a string");
        let parsed =
            kifu_syntax::pdn::board::parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let board = kifu_syntax::pdn::board::standard(20).unwrap();
        assert!(
            parsed.pieces.iter().all(|(_, _, s)| s.is_on(&board)),
            "{fen}"
        );
    }
}
