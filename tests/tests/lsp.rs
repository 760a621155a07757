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
        first_paragraph(&nxe4),
        "**5... Nxe4** — Black's knight from f6 takes the pawn on e4"
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
        let mut rng = kifu_testing::Lcg::new(7);
        for version in 2..502 {
            // Insert into the White tag's value, or delete the character after `Кас`.
            let value_start = text.find("\"").unwrap() + 1;
            let value_end = text[value_start..].find('"').unwrap() + value_start;
            let chars: Vec<usize> = text[value_start..value_end]
                .char_indices()
                .map(|(i, _)| value_start + i)
                .chain(std::iter::once(value_end))
                .collect();
            let at = chars[rng.below(chars.len())];
            let (range_end, insert) = if rng.below(3) == 0 && at < value_end {
                let next = text[at..].chars().next().unwrap().len_utf8();
                (at + next, "")
            } else {
                (at, pieces[rng.below(pieces.len())])
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
        assert!(problems(client.diagnostics(URI, 501)).is_empty());
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
            first_paragraph(&hover),
            "**2. Nf3** — White's knight from g1 to f3"
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
    let diagnostics = problems(client.diagnostics(URI, 1));
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

// The server never dies and never drifts: malformed input is answered and skipped, positions
// count every line end LSP counts, and what the server holds is what a fresh parse of the
// editor's text gives.

/// What `kifu tree` prints for `text`: a fresh parse of the editor's text.
fn fresh_tree(text: &str) -> String {
    // One file per call: tests run in parallel threads of one process.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let path = kifu_e2e::temp_file(&format!("fresh-{n}.pgn"), text.as_bytes());
    let out = kifu_e2e::kifu(&["tree", path.to_str().unwrap()]);
    kifu_e2e::stdout(&out)
}

/// Asserts that the server answers, and holds `text` parsed as a fresh parse would be.
fn assert_server_holds(client: &mut LspClient, uri: &str, text: &str) {
    assert!(client.is_running(), "the server is alive");
    let tree = client.request("kifu/syntaxTree", json!({"textDocument": {"uri": uri}}));
    assert_eq!(
        tree.as_str().unwrap(),
        fresh_tree(text),
        "the server holds {text:?}"
    );
}

fn change(client: &mut LspClient, uri: &str, version: i64, range: [u32; 4], text: &str) {
    let [l0, c0, l1, c1] = range;
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": l0, "character": c0}, "end": {"line": l1, "character": c1}}, "text": text}],
        }),
    );
}

/// The errors and warnings: what these tests are about (not the information that a
/// snippet's tags are not the whole Seven Tag Roster).
fn problems(diagnostics: Vec<Value>) -> Vec<Value> {
    diagnostics
        .into_iter()
        .filter(|d| d["severity"].as_u64().is_some_and(|s| s <= 2))
        .collect()
}

/// A hover's first paragraph: what the move does (then come its UCI and FEN).
fn first_paragraph(hover: &Value) -> &str {
    let value = hover["contents"]["value"].as_str().unwrap_or_default();
    value.split("\n\n").next().unwrap_or_default()
}

fn hover_works(client: &mut LspClient) {
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 4}}),
    );
    assert_eq!(
        first_paragraph(&hover),
        "**1. e4** — White's pawn from e2 to e4"
    );
}

#[test]
fn malformed_messages_are_answered_and_the_server_reads_on() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    open(&mut client, URI, "pgn", "1. e4 *\n");
    client.diagnostics(URI, 1);
    for (body, code, id) in [
        ("{invalid}", -32700, Value::Null),
        ("[]", -32600, Value::Null),
        ("42", -32600, Value::Null),
        ("null", -32600, Value::Null),
        ("{\"id\":3}", -32600, json!(3)),
        ("", -32700, Value::Null),
        // JSON, but a lone surrogate is not Unicode: tower-lsp could not decode it, and
        // stopped reading.
        (
            r#"{"jsonrpc":"2.0","id":9,"method":"x/y","params":{"a":"\uDC00"}}"#,
            -32700,
            Value::Null,
        ),
    ] {
        client.send_bytes(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
        let answer = client.wait_for(|m| m.get("error").is_some());
        assert_eq!(answer["error"]["code"], code, "{body}: {answer}");
        assert_eq!(answer["id"], id, "{body}: {answer}");
        hover_works(&mut client);
    }
    let response = client.request_raw("shutdown", Value::Null);
    assert!(response.get("error").is_none(), "{response}");
    assert_eq!(client.exit_and_wait(Duration::from_secs(5)), Some(0));
}

#[test]
fn garbage_and_invalid_utf8_between_frames_are_skipped() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    open(&mut client, URI, "pgn", "1. e4 *\n");
    client.diagnostics(URI, 1);
    let hover = |id: i64| {
        let body = json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
            "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 4}}})
        .to_string();
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
    };
    let mut bytes = b"\xff\xfe\xc3".to_vec();
    bytes.extend(hover(100));
    bytes.extend(b"some garbage\r\n\xc3\x28 and more\n\r\n");
    bytes.extend(hover(101));
    bytes.extend(b"\x00\x01 no line break at all");
    bytes.extend(hover(102));
    client.send_bytes(&bytes);
    for id in [100, 101, 102] {
        let answer = client.response(id);
        assert_eq!(
            first_paragraph(&answer["result"]),
            "**1. e4** — White's pawn from e2 to e4",
            "{answer}"
        );
    }
    hover_works(&mut client);
}

#[test]
fn content_lengths_over_the_limit_are_refused_and_skipped() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    open(&mut client, URI, "pgn", "1. e4 *\n");
    client.diagnostics(URI, 1);
    for length in [
        "1000000000000",
        "18446744073709551615",
        "99999999999999999999999999",
    ] {
        // A header, a body that does not fit it, then the next message right after.
        let mut bytes = format!("Content-Length: {length}\r\n\r\n").into_bytes();
        bytes.extend(br#"{"jsonrpc":"2.0","id":77,"method":"shutdown"}"#);
        client.send_bytes(&bytes);
        let answer = client.wait_for(|m| m.get("error").is_some());
        assert_eq!(answer["error"]["code"], -32600, "{answer}");
        assert_eq!(answer["id"], Value::Null);
        assert!(
            answer["error"]["message"]
                .as_str()
                .unwrap()
                .contains("over the limit"),
            "{answer}"
        );
        hover_works(&mut client);
    }
    assert!(client.is_running());
}

#[test]
fn dollar_requests_are_method_not_found_and_dollar_notifications_are_ignored() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    open(&mut client, URI, "pgn", "1. e4 *\n");
    client.diagnostics(URI, 1);
    let answer = client.request_raw("$/kifu/unknown", json!({}));
    assert_eq!(answer["error"]["code"], -32601, "{answer}");
    client.notify("$/setTrace", json!({"value": "off"}));
    client.notify("$/cancelRequest", json!({"id": 12345}));
    client.notify("$/unknownNotification", json!({}));
    hover_works(&mut client);
}

/// A database big enough that its semantic tokens take a while.
fn database(games: usize) -> String {
    "[Event \"e\"]\n1. e4 {a comment} e5 2. Nf3 Nc6 (2... d6) 3. Bb5 a6 *\n\n".repeat(games)
}

#[test]
fn cancelled_requests_answer_request_cancelled() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    let text = database(20_000);
    open(&mut client, URI, "pgn", &text);
    client.diagnostics(URI, 1);
    // One write: a long request, then two requests queued behind it and their cancels, which
    // the server reads while the first one runs.
    let request = |id: i64, method: &str, params: Value| json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
    let messages = [
        request(
            1001,
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": URI}}),
        ),
        request(
            1002,
            "textDocument/semanticTokens/full",
            json!({"textDocument": {"uri": URI}}),
        ),
        request(1003, "workspace/symbol", json!({"query": "e"})),
        json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 1002}}),
        json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 1003}}),
    ];
    let mut bytes = Vec::new();
    for message in messages {
        let body = message.to_string();
        bytes.extend(format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes());
    }
    client.send_bytes(&bytes);
    let first = client.response(1001);
    let data = first["result"]["data"]
        .as_array()
        .expect("the first is answered");
    assert_eq!(data.len(), 20_000 * 19 * 5, "19 tokens a game");
    for id in [1002, 1003] {
        let answer = client.response(id);
        assert_eq!(answer["error"]["code"], -32800, "{answer}");
    }
    // The server goes on, with the same document.
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(symbols.as_array().unwrap().len(), 20_000);
}

#[test]
fn semantic_tokens_of_a_range_are_those_of_the_range() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    let text = database(1_000);
    open(&mut client, URI, "pgn", &text);
    client.diagnostics(URI, 1);
    // Lines 3 to 5: the second game's tag (line 3) and movetext (line 4).
    let range = client.request(
        "textDocument/semanticTokens/range",
        json!({"textDocument": {"uri": URI}, "range": {"start": {"line": 3, "character": 0}, "end": {"line": 5, "character": 0}}}),
    );
    let data: Vec<u64> = range["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(data.len(), 19 * 5);
    assert_eq!(
        &data[..5],
        [3, 1, 5, 4, 0],
        "`Event` on line 3, from the start"
    );
}

#[test]
fn lone_cr_ends_a_line_and_crlf_line_ends_clamp_before_the_cr() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    // Lines end at a lone `\r`: the error is on line 1, the move on line 2.
    let text = "[White \"Tal\"]\r1. e4 oops\r\n1... e5 *\r";
    open(&mut client, URI, "pgn", text);
    let diagnostics = problems(client.diagnostics(URI, 1));
    assert_eq!(
        diagnostics[0]["range"],
        json!({"start": {"line": 1, "character": 6}, "end": {"line": 1, "character": 10}})
    );
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": {"line": 2, "character": 5}}),
    );
    assert_eq!(
        first_paragraph(&hover),
        "**1... e5** — Black's pawn from e7 to e5"
    );
    assert_eq!(hover["range"]["start"], json!({"line": 2, "character": 5}));

    // ` d5` inserted past the end of a CRLF line lands before its `\r\n`.
    let uri = "file:///crlf.pgn";
    open(&mut client, uri, "pgn", "1. d4\r\n*\r\n");
    client.diagnostics(uri, 1);
    change(&mut client, uri, 2, [0, 99, 0, 99], " d5");
    client.diagnostics(uri, 2);
    assert_server_holds(&mut client, uri, "1. d4 d5\r\n*\r\n");
}

#[test]
fn positions_inside_a_character_are_clamped_and_no_edit_is_dropped() {
    for utf8 in [false, true] {
        let mut client = LspClient::start();
        let capabilities = if utf8 {
            json!({"general": {"positionEncodings": ["utf-8"]}})
        } else {
            json!({})
        };
        client.initialize(capabilities);
        open(&mut client, URI, "pgn", "1. e4 {😀} *\n");
        client.diagnostics(URI, 1);
        // Column 8 is inside 😀 (half its surrogate pair; in UTF-8 its second byte): the
        // range starts where 😀 does, so the edit replaces all of it.
        let end = if utf8 { 11 } else { 9 };
        change(&mut client, URI, 2, [0, 8, 0, end], "x");
        client.diagnostics(URI, 2);
        assert_server_holds(&mut client, URI, "1. e4 {x} *\n");
        // An insertion inside a character goes before it.
        change(&mut client, URI, 3, [0, 1, 0, 1], "é");
        change(&mut client, URI, 4, [0, 2, 0, 2], "!");
        client.diagnostics(URI, 4);
        let expected = if utf8 {
            "1!é. e4 {x} *\n"
        } else {
            "1é!. e4 {x} *\n"
        };
        assert_server_holds(&mut client, URI, expected);
    }
}

// The issue's reproductions of edits through the incremental re-parser: the server stays
// alive and holds the editor's text, parsed as a fresh parse of that text would be.

/// The text of a `.rast` dump: its tokens' texts (printed with Rust's `{:?}`), in order.
fn text_of_tree(rast: &str) -> String {
    let mut text = String::new();
    for line in rast.lines() {
        let Some(quoted) = line.trim_start().split_once(' ').map(|(_, q)| q) else {
            continue;
        };
        if line.starts_with(' ') || line.starts_with(char::is_uppercase) {
            let Some(inner) = quoted.strip_prefix('"').and_then(|q| q.strip_suffix('"')) else {
                continue;
            };
            let mut chars = inner.chars();
            while let Some(c) = chars.next() {
                if c != '\\' {
                    text.push(c);
                    continue;
                }
                match chars.next() {
                    Some('n') => text.push('\n'),
                    Some('r') => text.push('\r'),
                    Some('t') => text.push('\t'),
                    Some('0') => text.push('\0'),
                    Some('u') => {
                        let hex: String =
                            chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                        text.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                    }
                    Some(other) => text.push(other),
                    None => {}
                }
            }
        }
    }
    text
}

const REPRODUCTIONS: [(&str, [u32; 4], &str, &str); 4] = [
    ("[W*", [0, 1, 0, 1], "é", "[éW*"),
    ("[", [0, 0, 0, 1], "", ""),
    (
        "1. e4 0-1\n1. d4 *\n",
        [0, 9, 1, 0],
        "",
        "1. e4 0-11. d4 *\n",
    ),
    ("\"", [0, 0, 0, 1], "", ""),
];

/// Opens `initial`, applies one change, and returns the diagnostics and the tree after it.
fn edit(
    client: &mut LspClient,
    reproduction: (&str, [u32; 4], &str, &str),
) -> (Vec<Value>, String) {
    let (initial, range, insert, _) = reproduction;
    open(client, URI, "pgn", initial);
    client.diagnostics(URI, 1);
    change(client, URI, 2, range, insert);
    let diagnostics = client.diagnostics(URI, 2);
    let tree = client.request("kifu/syntaxTree", json!({"textDocument": {"uri": URI}}));
    (diagnostics, tree.as_str().unwrap().to_string())
}

#[test]
fn reproductions_keep_the_server_alive_with_the_editors_text() {
    assert_eq!(
        text_of_tree(&fresh_tree("[é\"\\\"\u{1}\"]\r\n")),
        "[é\"\\\"\u{1}\"]\r\n"
    );
    for reproduction in REPRODUCTIONS {
        let mut client = LspClient::start();
        client.initialize(json!({}));
        let (_, tree) = edit(&mut client, reproduction);
        assert_eq!(text_of_tree(&tree), reproduction.3, "{reproduction:?}");
        hover_works_somewhere(&mut client);
        assert!(client.is_running());
    }
}

/// A request that needs the document answers.
fn hover_works_somewhere(client: &mut LspClient) {
    let answer = client.request_raw(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": URI}}),
    );
    assert!(answer.get("error").is_none(), "{answer}");
}

/// The reproduction parses as a fresh parse of its text: the same tree and errors, and the
/// diagnostics a fresh document has.
fn parses_fresh(index: usize) {
    let reproduction = REPRODUCTIONS[index];
    let mut client = LspClient::start();
    client.initialize(json!({}));
    let (diagnostics, tree) = edit(&mut client, reproduction);
    let fresh = fresh_tree(reproduction.3);
    assert_eq!(tree, fresh, "{reproduction:?}");
    // The syntax's diagnostics (in the tree's dump) and the replay's, as a fresh document.
    let document = kifu_ide::Document::new(kifu_ide::Notation::Pgn, reproduction.3.to_string());
    let syntax = fresh
        .lines()
        .filter(|l| l.starts_with("error[") || l.starts_with("warning["))
        .count();
    assert_eq!(syntax, document.syntax_diagnostics().len(), "{fresh}");
    assert_eq!(
        diagnostics.len(),
        document.diagnostics().len(),
        "{diagnostics:?}"
    );
}

#[test]
fn inserting_a_two_byte_character_into_an_unclosed_tag() {
    parses_fresh(0);
}

#[test]
fn deleting_the_only_bracket() {
    parses_fresh(1);
}

#[test]
fn deleting_the_line_break_between_two_games() {
    parses_fresh(2);
}

#[test]
fn deleting_a_lone_quote_leaves_no_stale_diagnostic() {
    parses_fresh(3);
}

/// A large document without a problem gets its empty diagnostics before the line index is
/// made (they need none), and the positions the server gives afterwards are right.
#[test]
fn a_large_clean_document_answers_with_the_right_positions() {
    let game = "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n";
    let games = 4000;
    let text = game.repeat(games);
    assert!(text.len() > 256 << 10, "{}", text.len());
    let uri = "file:///clean.pgn";
    let mut client = LspClient::start();
    client.initialize(json!({}));
    open(&mut client, uri, "pgn", &text);
    assert_eq!(client.diagnostics(uri, 1), Vec::<Value>::new());
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(symbols.as_array().map(Vec::len), Some(games));
    // Each game is ten lines: the last one starts on line 10 × 3999 and ends on its move.
    let last = &symbols[games - 1]["range"];
    assert_eq!(last["start"], json!({"line": 39990, "character": 0}));
    assert_eq!(last["end"], json!({"line": 39998, "character": 23}));
}

/// A large PGN document gets its diagnostics before its tree is built, found game by game
/// without a tree: they are exactly those the tree gives (after an edit that changes
/// nothing, which re-parses it whole), and the document answers as usual afterwards, with
/// the text the editor sent (which the filter handed over beside tower-lsp).
#[test]
fn a_large_document_gets_the_same_diagnostics_first() {
    let game = acceptance();
    // About 1.1 MB: past the size from which the server checks before it builds the tree,
    // and from which the filter hands the text over beside tower-lsp.
    let games = 1300;
    let text = format!("{game}\n").repeat(games);
    assert!(text.len() > 1 << 20, "{}", text.len());
    let uri = "file:///large.pgn";
    let mut client = LspClient::start();
    client.initialize(json!({}));
    open(&mut client, uri, "pgn", &text);
    let first = client.diagnostics(uri, 1);
    assert_eq!(first.len(), 3 * games, "three errors a game");
    // An edit in a game in the middle: the others keep the checks found at the open (the
    // first edit replays no other game), and the diagnostics are those of the edited text
    // parsed afresh.
    let middle = text.lines().count() / 2;
    let (line, _) = (text.lines().enumerate().skip(middle))
        .find(|(_, l)| l.starts_with("1."))
        .expect("a movetext line");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{
            "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
            "text": "Zz9 "}]}),
    );
    let edited = client.diagnostics(uri, 2);
    assert_eq!(edited.len(), first.len() + 1, "one more");
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    lines[line].insert_str(0, "Zz9 ");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": lines.join("\n")}]}),
    );
    assert_eq!(edited, client.diagnostics(uri, 3));
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 4}, "contentChanges": [{"text": text}]}),
    );
    let again = client.diagnostics(uri, 4);
    assert_eq!(first, again);
    // The tree is there: the outline names every game.
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(symbols.as_array().map(Vec::len), Some(games));
    // And its text is the editor's: the last game ends on the text's last line.
    let last_line = text.lines().count() as u64 - 1;
    let end = &symbols[games - 1]["range"]["end"]["line"];
    assert!(
        end.as_u64().is_some_and(|l| l + 1 >= last_line),
        "{end} of {last_line}"
    );
}
