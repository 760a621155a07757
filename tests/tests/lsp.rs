//! `kifu lsp` driven over stdio with real LSP messages, as an editor drives it.

use std::time::Duration;

use kifu_e2e::lsp::LspClient;
use kifu_e2e::workspace;
use serde_json::{json, Value};

const URI: &str = "file:///kasparov-kramnik.pgn";

fn acceptance() -> String {
    std::fs::read_to_string(workspace().join("fixtures/pgn/botvinnik-memorial-errors.pgn")).unwrap()
}

fn open(client: &mut LspClient, uri: &str, language: &str, text: &str) {
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
    );
}

#[test]
fn a_whole_session() {
    let mut client = LspClient::start();
    let init = client.initialize(json!({}));
    let capabilities = &init["capabilities"];
    assert_eq!(capabilities["positionEncoding"], "utf-16");
    assert_eq!(capabilities["textDocumentSync"], 2, "incremental sync");
    assert_eq!(capabilities["hoverProvider"], true);
    assert_eq!(capabilities["foldingRangeProvider"], true);
    assert_eq!(capabilities["documentSymbolProvider"], true);

    open(&mut client, URI, "pgn", &acceptance());
    // Exactly the three errors of the acceptance example, where they are.
    let diagnostics = client.diagnostics(URI, 1);
    let found: Vec<(String, i64, i64, i64)> = diagnostics
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["range"]["start"]["line"].as_i64().unwrap(),
                d["range"]["start"]["character"].as_i64().unwrap(),
                d["range"]["end"]["character"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("unmatched-close-brace".to_string(), 19, 22, 30),
            ("stray-text".to_string(), 19, 42, 45),
            ("stray-text".to_string(), 22, 5, 12),
        ]
    );
    assert!(diagnostics
        .iter()
        .all(|d| d["severity"] == 1 && d["source"] == "kifu"));

    // Folding: the variations that span lines (11... Bxe3 ... on lines 16-17, 17. Qc5 ...
    // on lines 20-21), and the game.
    let folds = client.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": URI}}),
    );
    let spans: Vec<(i64, i64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_i64().unwrap(),
                f["endLine"].as_i64().unwrap(),
            )
        })
        .collect();
    for expected in [(0, 22), (0, 11), (16, 17), (20, 21)] {
        assert!(spans.contains(&expected), "{expected:?} not in {spans:?}");
    }

    // Hover on a tag and on a move.
    let hover = |client: &mut LspClient, line: u32, character: u32| {
        client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}),
        )
    };
    let tag = hover(&mut client, 2, 3);
    assert!(
        tag["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("5 December 2001"),
        "{tag}"
    );
    let nxe4 = hover(&mut client, 14, 1);
    assert_eq!(
        nxe4["contents"]["value"].as_str().unwrap(),
        "**5... Nxe4** — Black: knight takes on e4"
    );
    assert_eq!(
        nxe4["range"],
        json!({"start": {"line": 14, "character": 0}, "end": {"line": 14, "character": 4}})
    );

    // The outline: the game, and its variations nested where they branch.
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let game = &symbols[0];
    assert_eq!(
        game["name"],
        "Kasparov – Kramnik, Botvinnik Memorial 2001, ½–½"
    );
    assert_eq!(game["detail"], "C80 Ruy Lopez: Open");
    let names = |list: &Value| -> Vec<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        names(&game["children"]),
        ["11... Bxe3", "16. Nd4", "17. Qc5"]
    );
    assert_eq!(names(&game["children"][0]["children"]), ["15... Nb7"]);

    // The custom request behind the editor's "show the syntax tree" command.
    let tree = client.request("kifu/syntaxTree", json!({"textDocument": {"uri": URI}}));
    let tree = tree.as_str().unwrap();
    assert!(tree.starts_with("error[unmatched-close-brace]"), "{tree}");
    assert!(tree.contains("\nSOURCE_FILE@0..860\n"), "{}", &tree[..300]);

    // An unknown document gets an empty answer.
    let unknown = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///nowhere.pgn"}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(unknown, Value::Null);

    // Eglot's shutdown, with null params; then exit ends the process at once, status 0.
    let response = client.request_raw("shutdown", Value::Null);
    assert!(response.get("error").is_none(), "{response}");
    assert_eq!(client.exit_and_wait(Duration::from_secs(5)), Some(0));
}

#[test]
fn exit_without_shutdown_is_status_one() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    assert_eq!(client.exit_and_wait(Duration::from_secs(5)), Some(1));
}

/// The position (line, UTF-16 column, or UTF-8 column) of byte `offset` in `text`.
fn position(text: &str, offset: usize, utf8: bool) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = if utf8 {
        offset - line_start
    } else {
        before[line_start..].encode_utf16().count()
    };
    json!({"line": line, "character": column})
}

/// 500 incremental edits, with Cyrillic and CJK text, in both encodings: the server's view
/// must equal the client's, seen through answers that depend on the whole text.
#[test]
fn five_hundred_incremental_edits() {
    for utf8 in [false, true] {
        let mut client = LspClient::start();
        let capabilities = if utf8 {
            json!({"general": {"positionEncodings": ["utf-8", "utf-16"]}})
        } else {
            json!({})
        };
        let init = client.initialize(capabilities);
        assert_eq!(
            init["capabilities"]["positionEncoding"],
            if utf8 { "utf-8" } else { "utf-16" }
        );
        let mut text =
            "[White \"Каспаров\"]\n[Black \"棋\"]\n\n1. e4 {ж} e5 2. Nf3 *\n".to_string();
        open(&mut client, URI, "pgn", &text);
        client.diagnostics(URI, 1);
        let pieces = ["а", "б", "碁", "x", " ", "é"];
        let mut seed: u64 = 7;
        for version in 2..502 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Insert into the White tag's value, or delete the character after `Кас`.
            let value_start = text.find("\"").unwrap() + 1;
            let value_end = text[value_start..].find('"').unwrap() + value_start;
            let chars: Vec<usize> = text[value_start..value_end]
                .char_indices()
                .map(|(i, _)| value_start + i)
                .chain(std::iter::once(value_end))
                .collect();
            let at = chars[(seed >> 33) as usize % chars.len()];
            let (range_end, insert) = if seed.is_multiple_of(3) && at < value_end {
                let next = text[at..].chars().next().unwrap().len_utf8();
                (at + next, "")
            } else {
                (at, pieces[(seed >> 40) as usize % pieces.len()])
            };
            let change = json!({
                "range": {"start": position(&text, at, utf8), "end": position(&text, range_end, utf8)},
                "text": insert,
            });
            text.replace_range(at..range_end, insert);
            client.notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [change]}),
            );
        }
        assert!(client.diagnostics(URI, 501).is_empty());
        let symbols = client.request(
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": URI}}),
        );
        let white = &text[text.find('"').unwrap() + 1..];
        let white = &white[..white.find('"').unwrap()];
        assert_eq!(
            symbols[0]["name"],
            format!("{} – 棋, *", white.trim()),
            "utf8 {utf8}"
        );
        let end = position(&text, text.trim_end().len(), utf8);
        assert_eq!(symbols[0]["range"]["end"], end, "utf8 {utf8}");
        let hover = client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": URI}, "position": position(&text, text.find("Nf3").unwrap(), utf8)}),
        );
        assert_eq!(
            hover["contents"]["value"],
            "**2. Nf3** — White: knight to f3"
        );
    }
}

#[test]
fn sgf_and_pdn_documents() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    open(
        &mut client,
        "file:///game.sgf",
        "sgf",
        "(;GM[1]FF[4]SZ[19];B[pd];W[zz])",
    );
    let diagnostics = client.diagnostics("file:///game.sgf", 1);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0]["code"], "invalid-value");
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///game.sgf"}, "position": {"line": 0, "character": 21}}),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .unwrap()
            .contains("Black Q16"),
        "{hover}"
    );
    // No language id that kifu knows: the extension decides.
    open(
        &mut client,
        "file:///game.pdn",
        "plaintext",
        "[GameType \"21\"]\n1. 11-15 33-29 *\n",
    );
    let diagnostics = client.diagnostics("file:///game.pdn", 1);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0]["code"], "no-such-square");
    // A setting switches a code off.
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"kifu": {"diagnostics": {"disabled": ["no-such-square"]}}}}),
    );
    assert!(client.diagnostics("file:///game.pdn", 1).is_empty());
    client.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": "file:///game.pdn"}}),
    );
    let closed = client.wait_for(|m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["uri"] == "file:///game.pdn"
            && m["params"]["version"].is_null()
    });
    assert_eq!(closed["params"]["diagnostics"], json!([]));
}

#[test]
fn selection_semantic_tokens_and_workspace_symbols() {
    let mut client = LspClient::start();
    let init = client.initialize(json!({}));
    let legend: Vec<String> = init["capabilities"]["semanticTokensProvider"]["legend"]
        ["tokenTypes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let text = "[White \"Tal\"]\n[Black \"Botvinnik\"]\n\n1. e4 {a\nlong} e5 2. Nf3 *\n";
    open(&mut client, URI, "pgn", text);
    client.diagnostics(URI, 1);

    // Expand selection from inside `Nf3`: the move, the pair `2. Nf3`, the movetext, the game.
    let selection = client.request(
        "textDocument/selectionRange",
        json!({"textDocument": {"uri": URI}, "positions": [{"line": 4, "character": 13}]}),
    );
    let mut chain = Vec::new();
    let mut node = &selection[0];
    while !node.is_null() {
        let r = &node["range"];
        chain.push((
            r["start"]["line"].as_i64().unwrap(),
            r["start"]["character"].as_i64().unwrap(),
            r["end"]["line"].as_i64().unwrap(),
            r["end"]["character"].as_i64().unwrap(),
        ));
        node = &node["parent"];
    }
    assert_eq!(chain[0], (4, 12, 4, 15), "the move");
    assert_eq!(chain[1], (4, 9, 4, 15), "the move pair");
    assert_eq!(chain[chain.len() - 2], (0, 0, 4, 17), "the game");
    assert_eq!(chain[chain.len() - 1], (0, 0, 5, 0), "the file");

    // Semantic tokens: decoded from LSP's relative encoding; the two-line comment is two tokens.
    let tokens = client.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": URI}}),
    );
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let (mut line, mut start) = (0, 0);
    let mut decoded = Vec::new();
    for t in data.chunks(5) {
        if t[0] > 0 {
            line += t[0];
            start = t[1];
        } else {
            start += t[1];
        }
        decoded.push(format!("{line}:{start}+{} {}", t[2], legend[t[3] as usize]));
    }
    assert_eq!(
        decoded,
        [
            "0:1+5 property",
            "0:7+5 string",
            "1:1+5 property",
            "1:7+11 string",
            "3:0+1 number",
            "3:1+1 number",
            "3:3+2 function",
            "3:6+2 comment",
            "4:0+5 comment",
            "4:6+2 function",
            "4:9+1 number",
            "4:10+1 number",
            "4:12+3 function",
            "4:16+1 keyword",
        ]
    );
    let range = client.request(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 4, "character": 9}, "end": {"line": 4, "character": 15}}}),
    );
    assert_eq!(range["data"].as_array().unwrap().len(), 3 * 5, "2 . Nf3");

    // Workspace symbols over the open documents.
    open(
        &mut client,
        "file:///other.pgn",
        "pgn",
        "[White \"Fischer\"]\n[Black \"Spassky\"]\n1. c4 *\n",
    );
    client.diagnostics("file:///other.pgn", 1);
    let found = client.request("workspace/symbol", json!({"query": "botvinnik"}));
    let names: Vec<&str> = found
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Tal – Botvinnik, *"]);
    let all = client.request("workspace/symbol", json!({"query": ""}));
    assert_eq!(all.as_array().unwrap().len(), 2);
}

#[test]
fn crlf_and_bom_documents_map_exactly() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    // A byte order mark, CRLF line ends, and a Cyrillic name before the error.
    let text = "\u{feff}[White \"Ботвинник\"]\r\n\r\n1. e4 oops e5 *\r\n";
    open(&mut client, URI, "pgn", text);
    let diagnostics = client.diagnostics(URI, 1);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(
        diagnostics[0]["range"],
        json!({"start": {"line": 2, "character": 6}, "end": {"line": 2, "character": 10}})
    );
    // The BOM is one UTF-16 unit on line 0: the tag's hover starts after it.
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 12}}),
    );
    assert_eq!(hover["range"]["start"], json!({"line": 0, "character": 1}));
    assert_eq!(hover["range"]["end"], json!({"line": 0, "character": 20}));
}
