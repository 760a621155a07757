//! Every PGN file in the shared corpus: no panic, lossless, and zero syntax errors on the
//! real files that are valid PGN.

use std::path::{Path, PathBuf};

use kifu_syntax::pgn;

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "SKIPPED: the shared corpus is not at {}; these tests need it (CI always has it)",
            dir.display()
        );
        None
    }
}

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    files_with_extension(dir, "pgn", out);
}

fn files_with_extension(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_with_extension(&path, ext, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(ext))
        {
            out.push(path);
        }
    }
}

/// Reads a file as the CLI does: UTF-8, else Windows-1252.
fn read(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("corpus file is readable");
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(err) => encoding_rs::WINDOWS_1252
            .decode(err.as_bytes())
            .0
            .into_owned(),
    }
}

#[test]
fn every_corpus_pgn_file_is_lossless() {
    let Some(corpus) = corpus() else { return };
    let mut files = Vec::new();
    pgn_files(&corpus, &mut files);
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
        pgn_files(&corpus.join(dir), &mut files);
        assert!(!files.is_empty(), "no PGN files under {dir}");
        for path in files {
            count += 1;
            let text = read(&path);
            let parse = pgn::parse(&text);
            for error in parse.errors().iter().take(3) {
                let line = text[..usize::from(error.range.start())].lines().count();
                failures.push(format!(
                    "{}:{line}: {} {}",
                    path.display(),
                    error.code.as_str(),
                    error.message
                ));
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
    files_with_extension(&corpus, "sgf", &mut files);
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
