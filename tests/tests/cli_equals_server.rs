//! The CLI and the server report the same diagnostics: `kifu check` (which checks big PGN
//! files game by game without a tree) against `Document::from_bytes`, and against the server
//! over stdio given the same text, on every fixture.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kifu_e2e::lsp::LspClient;
use kifu_e2e::{kifu, workspace};
use kifu_ide::{Document, Notation};
use serde_json::{json, Value};

/// A diagnostic as both sides can say it: code, severity, message, and its byte range.
type Said = (String, String, String, usize, usize);

/// A diagnostic as the server publishes it: code, severity, message, start and end as
/// (line, byte column).
type Published = (String, String, String, (usize, usize), (usize, usize));

fn game_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a fixture folder")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            game_files(&path, found);
        } else if path
            .extension()
            .and_then(|e| Notation::from_name(e.to_str()?))
            .is_some()
        {
            found.push(path);
        }
    }
}

/// Byte offset → (0-based line, byte column), lines ending at `\n`, `\r\n` or `\r`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let mut line = 0;
    let mut start = 0;
    let bytes = before.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && text.as_bytes().get(i + 1) != Some(&b'\n')) {
            line += 1;
            start = i + 1;
        }
    }
    (line, offset - start)
}

/// What `kifu check --format json` says of each file under `dir`.
fn cli_diagnostics(dir: &Path) -> BTreeMap<PathBuf, Vec<Said>> {
    let out = kifu(&["check", "--format", "json", &dir.to_string_lossy()]);
    let mut cli: BTreeMap<PathBuf, Vec<Said>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let d: Value = serde_json::from_str(line).expect("a JSON line");
        cli.entry(workspace().join(d["file"].as_str().unwrap()))
            .or_default()
            .push((
                d["code"].as_str().unwrap().to_string(),
                d["severity"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
                d["range"]["start"]["offset"].as_u64().unwrap() as usize,
                d["range"]["end"]["offset"].as_u64().unwrap() as usize,
            ));
    }
    cli
}

/// What a document says.
fn said(document: &Document) -> Vec<Said> {
    document
        .diagnostics()
        .iter()
        .map(|d| {
            (
                d.code.as_str().to_string(),
                d.severity().as_str().to_string(),
                d.message.clone(),
                d.range.start().into(),
                d.range.end().into(),
            )
        })
        .collect()
}

/// Every game file of the shared corpus (18 MB: real databases, files in a dozen encodings,
/// other projects' error suites): `kifu check`, which reads PGN in pieces and checks its
/// games without a tree, says what `Document::from_bytes` says of the whole file.
#[test]
fn cli_and_document_report_the_same_diagnostics_on_the_corpus() {
    let Some(corpus) = kifu_e2e::corpus() else {
        return;
    };
    let corpus = corpus.canonicalize().expect("the corpus");
    let mut files = Vec::new();
    game_files(&corpus, &mut files);
    let mut cli = cli_diagnostics(&corpus);
    let (mut diagnostics, mut decoded) = (0, 0);
    for path in &files {
        let bytes = std::fs::read(path).expect("a corpus file");
        let document = Document::from_bytes(Notation::of_path(path), &bytes);
        let library = said(&document);
        assert_eq!(
            cli.remove(path).unwrap_or_default(),
            library,
            "kifu check and Document: {}",
            path.display()
        );
        diagnostics += library.len();
        decoded += usize::from(
            library
                .iter()
                .any(|d| d.0 == "not-utf8" || d.0 == "encoding"),
        );
    }
    assert!(cli.is_empty(), "{:?}", cli.keys());
    assert!(
        files.len() > 1000 && decoded > 100,
        "{} files, {decoded} decoded",
        files.len()
    );
    println!(
        "{} corpus files compared: {diagnostics} diagnostics, {decoded} files not UTF-8",
        files.len()
    );
}

#[test]
fn cli_document_and_server_report_the_same_diagnostics_on_every_fixture() {
    let root = workspace().join("fixtures");
    let mut files = Vec::new();
    game_files(&root, &mut files);
    assert!(files.len() > 200, "{} fixtures", files.len());

    let mut cli = cli_diagnostics(&root);
    let mut server = LspClient::start();
    server.initialize(json!({"general": {"positionEncodings": ["utf-8"]}}));
    let (mut compared, mut with_diagnostics, mut decoded) = (0, 0, 0);
    for (n, path) in files.iter().enumerate() {
        let bytes = std::fs::read(path).expect("a fixture");
        let notation = Notation::of_path(path);
        let document = Document::from_bytes(notation, &bytes);
        let library = said(&document);
        let from_cli = cli.remove(path).unwrap_or_default();
        assert_eq!(
            from_cli,
            library,
            "kifu check and Document: {}",
            path.display()
        );

        // The server is given the text as kifu decoded it (as an editor that decodes the
        // same way would): it says all but what decoding had to guess.
        let text = document.text();
        let uri = format!("file:///fixture{n}.{}", notation.name());
        server.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": notation.name(), "version": 1, "text": text}}),
        );
        let published: Vec<Published> = server
            .diagnostics(&uri, 1)
            .iter()
            .map(|d| {
                let at = |p: &Value| {
                    (
                        p["line"].as_u64().unwrap() as usize,
                        p["character"].as_u64().unwrap() as usize,
                    )
                };
                let severity = ["error", "warning", "info", "hint"]
                    [d["severity"].as_u64().unwrap() as usize - 1];
                (
                    d["code"].as_str().unwrap().to_string(),
                    severity.to_string(),
                    d["message"].as_str().unwrap().to_string(),
                    at(&d["range"]["start"]),
                    at(&d["range"]["end"]),
                )
            })
            .collect();
        let reading = ["not-utf8", "encoding"];
        if library.iter().any(|d| reading.contains(&d.0.as_str())) {
            decoded += 1;
        }
        let expected: Vec<Published> = library
            .iter()
            .filter(|d| !reading.contains(&d.0.as_str()))
            .map(|(code, severity, message, start, end)| {
                (
                    code.clone(),
                    severity.clone(),
                    message.clone(),
                    line_and_column(text, *start),
                    line_and_column(text, *end),
                )
            })
            .collect();
        assert_eq!(
            published,
            expected,
            "server and kifu check: {}",
            path.display()
        );
        server.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": uri}}),
        );
        compared += 1;
        with_diagnostics += usize::from(!library.is_empty());
    }
    assert!(
        cli.is_empty(),
        "kifu check reported files that are not fixtures: {:?}",
        cli.keys()
    );
    // Enough of them have something to say for the comparison to mean something.
    assert!(with_diagnostics > 100, "{with_diagnostics}");
    println!(
        "{compared} fixtures compared, {with_diagnostics} with diagnostics, {decoded} not UTF-8"
    );
}
