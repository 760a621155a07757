//! Parser tests as data: every `fixtures/syntax/<notation>/{ok,err}/*.<ext>` file beside its
//! `.rast` dump. `UPDATE_EXPECT=1 cargo test` rewrites the dumps; review the diff.

use std::path::{Path, PathBuf};

fn fixtures(notation: &str, kind: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/syntax")
        .join(notation)
        .join(kind);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

fn check_dir(notation: &str, ext: &str, parse: impl Fn(&str) -> (String, String, usize)) -> usize {
    let mut count = 0;
    for kind in ["ok", "err"] {
        for path in fixtures(notation, kind, ext) {
            let text = std::fs::read_to_string(&path).expect("fixture is UTF-8");
            let (round_trip, dump, errors) = parse(&text);
            assert_eq!(round_trip, text, "{} is not lossless", path.display());
            match kind {
                "ok" => assert_eq!(
                    errors,
                    0,
                    "{} should have no errors:\n{dump}",
                    path.display()
                ),
                _ => assert!(errors > 0, "{} should have errors:\n{dump}", path.display()),
            }
            expect_test::expect_file![path.with_extension("rast")].assert_eq(&dump);
            count += 1;
        }
    }
    count
}

/// The text of a parse's tree, its dump, and its number of errors (warnings and notes are not
/// errors: `ok/` fixtures may have them).
fn snapshot<L: rowan::Language>(parse: &kifu_syntax::Parse<L>) -> (String, String, usize) {
    let errors = parse
        .errors()
        .iter()
        .filter(|e| e.severity() == kifu_syntax::Severity::Error)
        .count();
    (parse.syntax().to_string(), parse.debug_dump(), errors)
}

#[test]
fn pgn_fixtures() {
    let count = check_dir("pgn", "pgn", |text| {
        let parse = kifu_syntax::pgn::parse(text);
        let games = kifu_syntax::pgn::Games::new(text);
        let validated: Vec<_> = (0..games.len())
            .flat_map(|i| games.validate_game(i))
            .collect();
        assert_eq!(
            validated,
            parse.errors(),
            "validation without a tree differs"
        );
        snapshot(&parse)
    });
    assert!(count >= 40, "only {count} PGN fixtures");
}

/// Inputs that once crashed a parser, or were made to try: no panic, every byte kept.
fn check_regressions(
    notation: &str,
    parse: impl Fn(&str) -> (String, Vec<kifu_syntax::SyntaxError>),
) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/syntax")
        .join(notation)
        .join("regressions");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir)
        .expect("regressions folder")
        .flatten()
    {
        let bytes = std::fs::read(entry.path()).expect("readable");
        let text = String::from_utf8_lossy(&bytes);
        let (round_trip, errors) = parse(&text);
        assert_eq!(round_trip, text, "{}", entry.path().display());
        for error in errors {
            assert!(usize::from(error.range.end()) <= text.len());
        }
        count += 1;
    }
    assert!(count > 0, "no regression inputs in {}", dir.display());
}

#[test]
fn pgn_regressions() {
    check_regressions("pgn", |text| {
        let parse = kifu_syntax::pgn::parse(text);
        (parse.syntax().to_string(), parse.errors().to_vec())
    });
}

#[test]
fn sgf_regressions() {
    check_regressions("sgf", |text| {
        let parse = kifu_syntax::sgf::parse(text);
        (parse.syntax().to_string(), parse.errors().to_vec())
    });
}

#[test]
fn sgf_fixtures() {
    let count = check_dir("sgf", "sgf", |text| {
        snapshot(&kifu_syntax::sgf::parse(text))
    });
    assert!(count >= 30, "only {count} SGF fixtures");
}

#[test]
fn pdn_fixtures() {
    let count = check_dir("pdn", "pdn", |text| {
        snapshot(&kifu_syntax::pdn::parse(text))
    });
    assert!(count >= 25, "only {count} PDN fixtures");
}

#[test]
fn pdn_regressions() {
    check_regressions("pdn", |text| {
        let parse = kifu_syntax::pdn::parse(text);
        (parse.syntax().to_string(), parse.errors().to_vec())
    });
}

/// `kifu_syntax::token_at_offset` finds what rowan's own search finds, at every offset of
/// every fixture of the three notations.
#[test]
fn token_at_offset_is_rowans_on_every_fixture() {
    fn compare<L: rowan::Language>(root: &rowan::SyntaxNode<L>, len: usize, path: &Path) {
        for offset in 0..=len as u32 {
            let offset = kifu_syntax::TextSize::from(offset);
            let ours: Vec<_> = kifu_syntax::token_at_offset(root, offset).collect();
            let rowans: Vec<_> = root.token_at_offset(offset).collect();
            assert_eq!(ours, rowans, "{} at {offset:?}", path.display());
        }
    }
    let mut files = 0;
    for kind in ["ok", "err"] {
        for (notation, ext) in [("pgn", "pgn"), ("sgf", "sgf"), ("pdn", "pdn")] {
            for path in fixtures(notation, kind, ext) {
                let text = std::fs::read_to_string(&path).expect("fixture is UTF-8");
                match notation {
                    "pgn" => compare(&kifu_syntax::pgn::parse(&text).syntax(), text.len(), &path),
                    "sgf" => compare(&kifu_syntax::sgf::parse(&text).syntax(), text.len(), &path),
                    _ => compare(&kifu_syntax::pdn::parse(&text).syntax(), text.len(), &path),
                }
                files += 1;
            }
        }
    }
    assert!(files > 100, "{files} fixtures");
}
