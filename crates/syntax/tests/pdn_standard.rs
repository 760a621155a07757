//! The PDN 3.0 standard's own conformance suite: every file of its `games/succeed/` (copied
//! into `fixtures/pdn/pdn-standard-succeed/`) must parse with no error, and losslessly.

use std::path::Path;

use kifu_syntax::Severity;

mod common;

#[test]
fn pdn_standard_succeed_files_have_no_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/pdn/pdn-standard-succeed");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("cannot read {}: {err}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdn"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 39, "the standard's suite has 39 files");
    let mut failures = Vec::new();
    let mut games = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("the suite is UTF-8");
        let parse = kifu_syntax::pdn::parse(&text);
        assert_eq!(
            parse.syntax().to_string(),
            text,
            "{} is not lossless",
            path.display()
        );
        games += parse.games().count();
        for error in parse
            .errors()
            .iter()
            .filter(|e| e.severity() == Severity::Error)
        {
            failures.push(common::located(path, &text, error));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{} files, {games} games, no errors", files.len());
}
