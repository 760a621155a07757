//! `kifu check` reads SGF files into tables, with no tree (`check::sgf_file`): it must find
//! what a document of the same bytes finds, diagnostic for diagnostic (ranges, related
//! places and fixes included), with and without the replay, on every SGF file of the
//! repository and of the shared corpus, and with bytes cut short or turned into junk.

use std::path::Path;

use kifu_ide::{check, Document, Notation};

mod common;
use common::corpus;

/// Asserts that the tables find what the document finds in `bytes`.
fn same(bytes: &[u8], name: &str) {
    let document = Document::from_bytes(Notation::Sgf, bytes);
    let checked = check::sgf_file(bytes, true);
    assert_eq!(checked.text, document.text(), "{name}: text");
    assert_eq!(checked.diagnostics, document.diagnostics(), "{name}");
    assert_eq!(checked.games, document.game_count(), "{name}: games");
    let syntax = check::sgf_file(bytes, false);
    assert_eq!(
        syntax.diagnostics,
        document.syntax_diagnostics(),
        "{name}: syntax only"
    );
}

#[test]
fn every_sgf_file_is_checked_from_its_tables_as_its_document_is() {
    let mut files = Vec::new();
    kifu_testing::game_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        &["sgf"],
        &mut files,
    );
    let fixtures = files.len();
    if let Some(dir) = corpus("sgf") {
        kifu_testing::game_files(&dir, &["sgf"], &mut files);
    }
    files.sort();
    assert!(fixtures > 50, "the repository's SGF fixtures: {fixtures}");
    let mut diagnostics = 0;
    for path in &files {
        let bytes = std::fs::read(path).expect("readable");
        let name = path.display().to_string();
        same(&bytes, &name);
        diagnostics += check::sgf_file(&bytes, true).diagnostics.len();
    }
    eprintln!("{} SGF files, {diagnostics} diagnostics", files.len());
    assert!(diagnostics > 100);
}

#[test]
fn broken_sgf_is_checked_from_its_tables_as_its_document_is() {
    let text = "(;GM[1]FF[4]CA[UTF-8]SZ[9]HA[2]AP[a]AP[b]PL[W]C[x\\]y];B[ee]W[ff];AB[aa]B[bb](;W[cc]MN[5];B[zz])(;W[dd]KO[]) ;B[gg])\n(;GM[2];B[aa])";
    let bytes = text.as_bytes();
    // Every prefix, and every byte turned into each of SGF's own characters.
    for end in 0..=bytes.len() {
        same(&bytes[..end], &format!("prefix {end}"));
    }
    for i in 0..bytes.len() {
        for junk in [b'(', b')', b';', b'[', b']', b'\\', b'x', 0xff] {
            let mut changed = bytes.to_vec();
            changed[i] = junk;
            same(&changed, &format!("byte {i} as {junk}"));
        }
    }
}
