//! The formatter never changes what a file says, on every PGN, PDN and SGF file of the
//! repository and of the shared corpus: the formatted text has the same games, tags, moves (each with its
//! side, suffix, NAGs and comments), variations and results, the same diagnostics (but the
//! roster's order, which the format puts right), and formatting it again changes nothing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kifu_ide::game::{GameRef, LineId};
use kifu_ide::{Document, FormatOptions, Notation};

mod common;
use common::corpus;

/// A line of moves as data: each move's side, text, suffix, NAGs, comments and variations.
fn walk(game: GameRef<'_>, id: LineId, out: &mut String) {
    let model = game.game;
    let line = &model[id];
    for c in line.comments.iter() {
        out.push_str(&format!("{{{}}}", game.text_of(c.text).trim()));
    }
    for &m in line.moves.iter() {
        let mv = &model[m];
        out.push_str(&format!(
            " {}:{}:{}{}{:?}",
            mv.ply,
            mv.side.as_str(),
            game.text_of(mv.text),
            mv.suffix.map_or("", |s| game.text_of(s)),
            model.nags(mv)
        ));
        for c in model.comments(mv) {
            out.push_str(&format!("{{{}}}", game.text_of(c.text).trim()));
        }
        for &v in model.variations(mv) {
            out.push_str(" (");
            walk(game, v, out);
            out.push(')');
        }
    }
}

/// What a document says, as data.
fn meaning(document: &Document) -> Vec<String> {
    document
        .games()
        .map(|game| {
            let mut tags: Vec<String> = game
                .game
                .header
                .entries()
                .map(|e| format!("{}={:?}", e.name(), e.value()))
                .collect();
            tags.sort();
            let mut out = tags.join(";");
            walk(game, LineId::MAIN, &mut out);
            out.push_str(&format!(" => {:?}", game.result()));
            out
        })
        .collect()
}

fn codes(document: &Document) -> BTreeMap<String, usize> {
    let mut codes = BTreeMap::new();
    for d in document.diagnostics() {
        *codes.entry(d.code.as_str().to_string()).or_default() += 1;
    }
    codes
}

#[test]
fn formatting_keeps_every_pgn_and_pdn_file_s_meaning() {
    let mut files = Vec::new();
    kifu_testing::game_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        &["pgn"],
        &mut files,
    );
    kifu_testing::game_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        &["pdn"],
        &mut files,
    );
    if let Some(dir) = corpus("") {
        kifu_testing::game_files(&dir.join("pgn"), &["pgn"], &mut files);
        kifu_testing::game_files(&dir.join("pdn"), &["pdn"], &mut files);
    }
    let (games, changed) = check_files(files, |d| meaning(d).join("\n"));
    eprintln!("{games} PGN and PDN games; {changed} files changed by formatting");
}

/// Formats every file of `files` (each read by its extension) and checks that the
/// formatted text says what the file says (`meaning`), has the same diagnostics but those
/// the format repairs (the Seven Tag Roster out of order) and reading's own (not UTF-8,
/// which belong to the bytes), and stays as it is when formatted again. Returns the games
/// read and the files changed.
fn check_files(mut files: Vec<PathBuf>, meaning: impl Fn(&Document) -> String) -> (usize, usize) {
    files.sort();
    assert!(files.len() > 50);
    let (mut games, mut changed) = (0, 0);
    for path in &files {
        let bytes = std::fs::read(path).expect("a game file");
        let notation = Notation::of_path(path);
        let document = Document::from_bytes(notation, &bytes);
        let options = FormatOptions::default();
        let formatted = document.formatted(options);
        let again = Document::new(notation, formatted.clone());
        let name = path.display();
        assert_eq!(
            meaning(&again),
            meaning(&document),
            "{name}: the formatted text says something else"
        );
        let fixed = ["roster-out-of-order", "not-utf8", "encoding"];
        let mut before = codes(&document);
        before.retain(|code, _| !fixed.contains(&code.as_str()));
        let mut after = codes(&again);
        after.retain(|code, _| code != "roster-out-of-order");
        assert_eq!(after, before, "{name}: other diagnostics");
        assert_eq!(
            again.formatted(options),
            formatted,
            "{name}: formatting twice changes the text"
        );
        games += document.game_count();
        changed += usize::from(formatted != document.text());
    }
    eprintln!("{} files", files.len());
    (games, changed)
}

/// An SGF text's game trees as data: each node's properties with their values as written,
/// each variation in place.
fn sgf_meaning(document: &Document) -> String {
    use kifu_syntax::sgf::{self, SyntaxKind as S};
    let parse = sgf::parse(document.text());
    let mut out = String::new();
    for element in parse.syntax().descendants() {
        match element.kind() {
            S::GAME_TREE => out.push('('),
            S::NODE => out.push(';'),
            S::PROPERTY => {
                for token in element.children_with_tokens() {
                    if token.kind() != S::WHITESPACE {
                        out.push_str(&token.to_string());
                    }
                }
            }
            _ => {}
        }
    }
    out
}

#[test]
fn formatting_keeps_every_sgf_file_s_meaning() {
    let mut files = Vec::new();
    kifu_testing::game_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        &["sgf"],
        &mut files,
    );
    if let Some(dir) = corpus("sgf") {
        kifu_testing::game_files(&dir, &["sgf"], &mut files);
    }
    let (games, changed) = check_files(files, sgf_meaning);
    eprintln!("{games} SGF games; {changed} files changed by formatting");
}
