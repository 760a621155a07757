use super::*;
use crate::convert::LineIndex;
use crate::to_proto::token_type;
use kifu_ide::Notation;
use kifu_ide::TextSize;

#[test]
fn a_panic_becomes_an_error_answer() {
    let answer: Result<()> = guarded(|| panic!("a bug"));
    let error = answer.expect_err("the panic is caught");
    assert_eq!(error.code, tower_lsp::jsonrpc::ErrorCode::InternalError);
    assert!(error.message.contains("a bug"), "{}", error.message);
    assert_eq!(guarded(|| 7).ok(), Some(7));
}

#[test]
fn notation_by_language_id_then_extension() {
    let uri = |s: &str| Url::parse(s).unwrap();
    assert_eq!(
        notation_of(&uri("file:///a.txt"), Some("sgf")),
        Notation::Sgf
    );
    assert_eq!(
        notation_of(&uri("file:///a.pdn"), Some("plaintext")),
        Notation::Pdn
    );
    assert_eq!(notation_of(&uri("file:///a.txt"), None), Notation::Pgn);
}

/// The server in this process, driven over in-memory pipes as an editor drives it.
struct TestServer {
    runtime: tokio::runtime::Runtime,
    input: Option<tokio::io::DuplexStream>,
    messages: std::sync::mpsc::Receiver<serde_json::Value>,
    pending: Vec<serde_json::Value>,
    next_id: i64,
    server: Option<std::thread::JoinHandle<i32>>,
}

impl TestServer {
    fn start() -> TestServer {
        TestServer::start_with(serde_json::json!({}))
    }

    /// A server initialized with the client `capabilities`.
    fn start_with(capabilities: serde_json::Value) -> TestServer {
        // As `run_stdio` runs it: two workers, the server itself on a thread of its own.
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let (input, server_input) = tokio::io::duplex(1 << 16);
        let (server_output, output) = tokio::io::duplex(1 << 16);
        let handle = runtime.handle().clone();
        let server = std::thread::spawn(move || {
            handle.block_on(serve(
                tokio::io::BufReader::new(server_input),
                server_output,
            ))
        });
        let (sender, messages) = std::sync::mpsc::channel();
        let handle = runtime.handle().clone();
        std::thread::spawn(move || {
            handle.block_on(async move {
                let mut frames =
                    transport::FrameReader::new(tokio::io::BufReader::new(output), None);
                while let Some(transport::Frame::Message(body)) = frames.next().await {
                    let message = serde_json::from_slice(&body).expect("the server writes JSON");
                    if sender.send(message).is_err() {
                        break;
                    }
                }
            })
        });
        let mut server = TestServer {
            runtime,
            input: Some(input),
            messages,
            pending: Vec::new(),
            next_id: 1,
            server: Some(server),
        };
        server.request(
            "initialize",
            serde_json::json!({"processId": null, "capabilities": capabilities}),
        );
        server.notify("initialized", serde_json::json!({}));
        server
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        use tokio::io::AsyncWriteExt;
        let input = self.input.as_mut().expect("input open");
        self.runtime.block_on(async {
            input.write_all(bytes).await.unwrap();
            input.flush().await.unwrap();
        });
    }

    fn send(&mut self, message: serde_json::Value) {
        let body = serde_json::to_vec(&message).unwrap();
        let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        frame.extend_from_slice(&body);
        self.send_raw(&frame);
    }

    fn notify(&mut self, method: &str, params: serde_json::Value) {
        self.send(serde_json::json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request without waiting; returns its id.
    fn start_request(&mut self, method: &str, params: serde_json::Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(
            serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        );
        id
    }

    fn response(&mut self, id: i64) -> serde_json::Value {
        self.wait_for(|m| m["id"] == id && m.get("method").is_none())
    }

    fn request(&mut self, method: &str, params: serde_json::Value) -> serde_json::Value {
        let id = self.start_request(method, params);
        let response = self.response(id);
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    fn wait_for(&mut self, wanted: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
        if let Some(i) = self.pending.iter().position(&wanted) {
            return self.pending.remove(i);
        }
        loop {
            match self
                .messages
                .recv_timeout(std::time::Duration::from_secs(30))
            {
                Ok(message) if wanted(&message) => return message,
                Ok(message) => self.pending.push(message),
                Err(e) => panic!("no such message ({e}); got {:?}", self.pending),
            }
        }
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            serde_json::json!({"textDocument": {"uri": uri, "languageId": "pgn", "version": 1, "text": text}}),
        );
    }

    fn change(&mut self, uri: &str, version: i32, range: [u32; 4], text: &str) {
        let [l0, c0, l1, c1] = range;
        self.notify(
            "textDocument/didChange",
            serde_json::json!({
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": l0, "character": c0}, "end": {"line": l1, "character": c1}}, "text": text}],
            }),
        );
    }

    fn syntax_tree(&mut self, uri: &str) -> String {
        let tree = self.request(
            "kifu/syntaxTree",
            serde_json::json!({"textDocument": {"uri": uri}}),
        );
        tree.as_str().unwrap().to_string()
    }

    fn diagnostics(&mut self, uri: &str, version: i32) -> serde_json::Value {
        let message = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        message["params"]["diagnostics"].clone()
    }

    fn hover(&mut self, uri: &str, line: u32, character: u32) -> serde_json::Value {
        self.request(
            "textDocument/hover",
            serde_json::json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        )
    }

    /// `shutdown` and `exit`: the exit status.
    fn exit(mut self) -> i32 {
        self.request("shutdown", serde_json::Value::Null);
        self.notify("exit", serde_json::Value::Null);
        self.server.take().unwrap().join().unwrap()
    }
}

fn fresh_tree(text: &str) -> String {
    Document::new(Notation::Pgn, text.to_string()).syntax_tree()
}

const URI: &str = "file:///game.pgn";
const SGF_URI: &str = "file:///game.sgf";
const PDN_URI: &str = "file:///game.pdn";

#[test]
fn an_edit_whose_reparse_panics_is_still_applied() {
    let mut server = TestServer::start();
    server.open(URI, "1. e4 e5 *\n");
    server.diagnostics(URI, 1);
    // The incremental re-parse panics on this edit: the whole text is parsed instead.
    server.change(URI, 2, [0, 5, 0, 5], " {kifu-test-edit}");
    let expected = "1. e4 {kifu-test-edit} e5 *\n";
    assert!(server.diagnostics(URI, 2).as_array().unwrap().is_empty());
    assert_eq!(server.syntax_tree(URI), fresh_tree(expected));
    // And the edits after it go the usual way.
    server.change(URI, 3, [0, 0, 0, 0], "[White \"Tal\"]\n");
    let expected = format!("[White \"Tal\"]\n{expected}");
    server.diagnostics(URI, 3);
    assert_eq!(server.syntax_tree(URI), fresh_tree(&expected));
    assert!(server.hover(URI, 0, 2)["contents"]["value"]
        .as_str()
        .unwrap()
        .contains("White"));
    assert_eq!(server.exit(), 0);
}

#[test]
fn a_document_whose_parse_panics_keeps_its_text_and_takes_its_edits() {
    let mut server = TestServer::start();
    // Both the incremental and the full parse panic while the marker is in the text.
    server.open(URI, "1. e4 {kifu-test-parse} e5 *\n");
    assert_eq!(server.diagnostics(URI, 1), serde_json::json!([]));
    let log = server.wait_for(|m| m["method"] == "window/logMessage");
    assert!(
        log["params"]["message"]
            .as_str()
            .unwrap()
            .contains("parsing"),
        "{log}"
    );
    assert_eq!(server.hover(URI, 0, 7), serde_json::Value::Null);
    assert_eq!(server.syntax_tree(URI), "");
    // Edits apply to the unparsed text; once the marker is gone it parses again.
    server.change(URI, 2, [0, 5, 0, 23], "");
    server.diagnostics(URI, 2);
    assert_eq!(server.syntax_tree(URI), fresh_tree("1. e4 e5 *\n"));
    assert_eq!(
        server.hover(URI, 0, 4)["contents"]["value"]
            .as_str()
            .and_then(|v| v.split("\n\n").next()),
        Some("**1. e4** — White's pawn from e2 to e4")
    );
    assert_eq!(server.exit(), 0);
}

#[test]
fn a_panic_while_publishing_diagnostics_is_logged_and_the_server_goes_on() {
    let mut server = TestServer::start();
    server.open(URI, "1. e4 {kifu-test-diagnostics} oops *\n");
    let log = server.wait_for(|m| m["method"] == "window/logMessage");
    assert!(
        log["params"]["message"]
            .as_str()
            .unwrap()
            .contains("no diagnostics for file:///game.pgn version 1"),
        "{log}"
    );
    // Every later request is answered, under the same lock.
    assert_eq!(
        server.hover(URI, 0, 4)["contents"]["value"]
            .as_str()
            .and_then(|v| v.split("\n\n").next()),
        Some("**1. e4** — White's pawn from e2 to e4")
    );
    server.change(URI, 2, [0, 6, 0, 30], "");
    let diagnostics = server.diagnostics(URI, 2);
    assert_eq!(diagnostics[0]["code"], "stray-text", "{diagnostics}");
    assert_eq!(server.syntax_tree(URI), fresh_tree("1. e4 oops *\n"));
    assert_eq!(server.exit(), 0);
}

#[test]
fn a_running_request_stops_when_cancelled() {
    let mut server = TestServer::start();
    // The semantic tokens handler of this document works until it is cancelled.
    server.open(URI, "1. e4 {kifu-test-wait} e5 *\n");
    server.diagnostics(URI, 1);
    let tokens = server.start_request(
        "textDocument/semanticTokens/full",
        serde_json::json!({"textDocument": {"uri": URI}}),
    );
    // Queued behind it: a request cancelled before it starts.
    let symbols = server.start_request(
        "textDocument/documentSymbol",
        serde_json::json!({"textDocument": {"uri": URI}}),
    );
    for id in [symbols, tokens] {
        server.notify("$/cancelRequest", serde_json::json!({"id": id}));
    }
    for id in [tokens, symbols] {
        let response = server.response(id);
        assert_eq!(response["error"]["code"], -32800, "{response}");
    }
    // The server goes on.
    assert!(server.hover(URI, 0, 4).is_object());
    assert_eq!(server.exit(), 0);
}

#[test]
fn semantic_tokens_are_written_by_the_server_itself() {
    let mut server = TestServer::start();
    server.open(URI, "1. e4 {a\r\nb} *\r\n");
    server.diagnostics(URI, 1);
    let tokens = server.request(
        "textDocument/semanticTokens/full",
        serde_json::json!({"textDocument": {"uri": URI}}),
    );
    assert_eq!(
        tokens,
        serde_json::json!({"data": [0,0,1,1,0, 0,1,1,1,0, 0,2,2,0,0, 0,3,2,3,0, 1,0,2,3,0, 0,3,1,6,0]})
    );
    assert_eq!(server.exit(), 0);
}

#[test]
fn outline_folds_and_symbols_are_written_by_the_server_itself() {
    // Written by the service, not through tower-lsp's `Value`: the same JSON as the
    // handlers' values, which are made here from the document directly.
    let text = "[White \"Ann\"]\n[Black \"Bo\"]\n\n1. e4 (1. d4 {é} d5) e5 *\n\n1. c4 *\n";
    let mut server = TestServer::start();
    server.open(URI, text);
    server.diagnostics(URI, 1);
    let document = Document::new(Notation::Pgn, text.to_string());
    let index = LineIndex::new(text);
    let positions = Positions {
        index: &index,
        encoding: Encoding::Utf16,
    };
    let symbols: Vec<_> = document
        .symbols()
        .iter()
        .map(|s| to_proto::document_symbol(s, &positions))
        .collect();
    let params = serde_json::json!({"textDocument": {"uri": URI}});
    let outline = server.request("textDocument/documentSymbol", params.clone());
    assert_eq!(outline, serde_json::to_value(&symbols).unwrap());
    assert_eq!(outline[1]["name"], "Game 2, *", "{outline}");
    let folds: Vec<_> = document
        .folding_ranges()
        .iter()
        .map(|fold| to_proto::folding_range(fold, &positions))
        .collect();
    let folded = server.request("textDocument/foldingRange", params);
    assert_eq!(folded, serde_json::to_value(&folds).unwrap());
    assert!(!folds.is_empty());
    let uri = Url::parse(URI).unwrap();
    let found = server.request("workspace/symbol", serde_json::json!({"query": "ann"}));
    let symbol = to_proto::symbol_information(&document.symbols()[0], &uri, &positions);
    assert_eq!(found, serde_json::to_value([symbol]).unwrap());
    assert_eq!(server.exit(), 0);
}

#[test]
fn malformed_messages_are_answered_and_the_server_reads_on() {
    let mut server = TestServer::start();
    server.open(URI, "1. e4 *\n");
    server.diagnostics(URI, 1);
    for (body, code) in [
        ("{invalid}", -32700),
        ("[]", -32600),
        ("42", -32600),
        ("null", -32600),
        ("{\"id\":3}", -32600),
    ] {
        server.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
        let answer = server.wait_for(|m| m.get("error").is_some());
        assert_eq!(answer["error"]["code"], code, "{body}: {answer}");
        assert!(server.hover(URI, 0, 4).is_object(), "{body}");
    }
    assert_eq!(server.exit(), 0);
}

fn backend() -> Backend {
    let (notices, _) = mpsc::unbounded_channel();
    Backend::new(notices, Default::default())
}

fn open_params(uri: &str, text: &str) -> DidOpenTextDocumentParams {
    DidOpenTextDocumentParams {
        text_document: TextDocumentItem::new(
            Url::parse(uri).unwrap(),
            "pgn".into(),
            1,
            text.into(),
        ),
    }
}

#[tokio::test]
async fn a_poisoned_lock_does_not_stop_the_server() {
    let backend = backend();
    let state = Arc::clone(&backend.state);
    let poisoner = std::thread::spawn(move || {
        let _held = state.lock().unwrap();
        panic!("kifu-test: a panic while holding the lock");
    });
    assert!(poisoner.join().is_err());
    assert!(backend.state.is_poisoned());
    backend.did_open(open_params(URI, "1. e4 *\n")).await;
    let hover = backend
        .hover(HoverParams {
            text_document_position_params: TextDocumentPositionParams::new(
                TextDocumentIdentifier::new(Url::parse(URI).unwrap()),
                Position::new(0, 4),
            ),
            work_done_progress_params: Default::default(),
        })
        .await
        .unwrap();
    assert!(hover.is_some());
}

/// The tokens the slow, obvious way: every highlight, its position found on its own,
/// split into the pieces between line breaks.
fn naive_tokens(
    document: &Document,
    positions: &Positions<'_>,
    within: Option<TextRange>,
) -> Vec<u32> {
    let text = document.text();
    let mut absolute = Vec::new();
    for (range, kind) in document.highlights() {
        if within.is_some_and(|w| w.intersect(range).is_none_or(|r| r.is_empty())) {
            continue;
        }
        let mut start = usize::from(range.start());
        let end = usize::from(range.end());
        while start < end {
            let piece_end = text[start..end]
                .find(['\r', '\n'])
                .map_or(end, |i| start + i);
            if piece_end > start {
                let from = positions.position(TextSize::from(start as u32));
                let to = positions.position(TextSize::from(piece_end as u32));
                absolute.push((
                    from.line,
                    from.character,
                    to.character - from.character,
                    token_type(kind),
                ));
            }
            if piece_end >= end {
                break;
            }
            start = piece_end
                + if text[piece_end..].starts_with("\r\n") {
                    2
                } else {
                    1
                };
        }
    }
    let (mut line, mut character) = (0, 0);
    let mut data = Vec::new();
    for (l, c, length, kind) in absolute {
        data.extend([
            l - line,
            if l == line { c - character } else { c },
            length,
            kind,
            0,
        ]);
        (line, character) = (l, c);
    }
    data
}

/// The numbers of `tokens`' JSON, from the parts the writer is given (which hold exactly as
/// many bytes as the message's `Content-Length` says), and how many parts there were.
fn encoded_data(
    tokens: tower_lsp::jsonrpc::Result<to_proto::SemanticTokensJson>,
) -> (Vec<u32>, usize) {
    let deferred = tokens.unwrap().into_deferred();
    let length = deferred.length;
    let parts: Vec<Vec<u8>> = deferred.parts.collect();
    let json = parts.concat();
    assert_eq!(json.len(), length, "the length said beforehand");
    let tokens: SemanticTokens = serde_json::from_slice(&json).unwrap();
    let data = tokens
        .data
        .iter()
        .flat_map(|t| {
            [
                t.delta_line,
                t.delta_start,
                t.length,
                t.token_type,
                t.token_modifiers_bitset,
            ]
        })
        .collect();
    (data, parts.len())
}

#[test]
fn semantic_tokens_of_a_large_document_are_written_in_parts() {
    // Numbers of one to six digits (lines past 100,000 are apart by more than 127, two
    // bytes of LEB128 and more), across several parts.
    let game = "[Event \"Open\"]\n\n1. e4 {a comment} e5 2. Nf3 *\n\n";
    let text = format!("{}{}", "\n".repeat(150_000), game.repeat(8_000));
    let document = Document::new(Notation::Pgn, text.clone());
    let index = LineIndex::new(&text);
    let positions = Positions {
        index: &index,
        encoding: Encoding::Utf16,
    };
    let (data, parts) = encoded_data(encode_semantic_tokens(&document, &positions, None));
    assert!(parts > 2, "{parts} parts");
    assert_eq!(data[0], 150_000);
    assert_eq!(data, naive_tokens(&document, &positions, None));
}

#[test]
fn semantic_tokens_encode_as_the_slow_way_does() {
    let texts = [
        "[White \"Сергей 😀\"]\r\n\r\n1. e4 {a\r\nlong\rcomment\n} e5 2. Nf3 *\r\n",
        "1. e4 {é\r\r\n😀} 1-0\r[Event \"x\"]\r1. d4 *",
        "",
    ];
    for text in texts {
        let document = Document::new(Notation::Pgn, text.to_string());
        let index = LineIndex::new(text);
        for encoding in [Encoding::Utf8, Encoding::Utf16] {
            let positions = Positions {
                index: &index,
                encoding,
            };
            let mut ranges = vec![None];
            for start in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
                for end in (start..=text.len())
                    .filter(|&i| text.is_char_boundary(i))
                    .step_by(3)
                {
                    ranges.push(Some(TextRange::new(
                        TextSize::from(start as u32),
                        TextSize::from(end as u32),
                    )));
                }
            }
            for within in ranges {
                let (data, _) = encoded_data(encode_semantic_tokens(&document, &positions, within));
                assert_eq!(
                    data,
                    naive_tokens(&document, &positions, within),
                    "{text:?} {encoding:?} {within:?}"
                );
            }
        }
    }
}

/// An editor's view of positions, counted the slow way: lines end at `\n`, `\r\n` or a lone
/// `\r`; characters are UTF-16 code units or UTF-8 bytes.
fn naive_position(text: &str, offset: usize, utf8: bool) -> (u32, u32) {
    let (mut line, mut character) = (0, 0);
    let mut chars = text[..offset].chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                line += 1;
                character = 0;
            }
            _ => character += if utf8 { c.len_utf8() } else { c.len_utf16() } as u32,
        }
    }
    (line, character)
}

/// Random edits sent as LSP positions, in UTF-16 and in UTF-8: after each, the diagnostics
/// the server publishes and its tree are those of a fresh parse of the editor's text.
#[test]
fn random_edits_in_both_encodings_match_a_fresh_parse() {
    const INSERTS: &[&str] = &[
        "{",
        "}",
        "(",
        ")",
        "[",
        "]",
        "\"",
        ";",
        "%",
        "\n",
        "\r\n",
        "\r",
        " ",
        "e4",
        "Nf3",
        "1.",
        "12...",
        "1-0",
        "*",
        "[Event \"x\"]\n",
        "é",
        "♞",
        "𝄞",
        "$1",
    ];
    let game = "[Event \"é\"]\r\n[White \"𝄞\"]\n\n1. e4 {c ♞} e5 (1... c5) 2. Nf3 1-0\n\n";
    let initial = game.repeat(4);
    let mut seed: u64 = 0x5eed;
    let mut random = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let mut edits = 0;
    for utf8 in [false, true] {
        let encodings = if utf8 {
            vec!["utf-8", "utf-16"]
        } else {
            vec!["utf-16"]
        };
        let mut server = TestServer::start_with(
            serde_json::json!({"general": {"positionEncodings": encodings}}),
        );
        let mut text = initial.clone();
        server.open(URI, &text);
        server.diagnostics(URI, 1);
        for version in 2..5_002 {
            // A range on character boundaries, never between a `\r` and its `\n`.
            let boundary = |text: &str, mut at: usize| {
                while !text.is_char_boundary(at)
                    || (at > 0 && text.as_bytes()[at - 1] == b'\r' && text[at..].starts_with('\n'))
                {
                    at -= 1;
                }
                at
            };
            let start = boundary(&text, random(text.len() + 1));
            let end = boundary(&text, (start + random(6)).min(text.len())).max(start);
            let insert = if random(3) == 0 {
                ""
            } else {
                INSERTS[random(INSERTS.len())]
            };
            let (l0, c0) = naive_position(&text, start, utf8);
            let (l1, c1) = naive_position(&text, end, utf8);
            text.replace_range(start..end, insert);
            server.change(URI, version, [l0, c0, l1, c1], insert);
            let published = server.diagnostics(URI, version);
            let document = Document::new(Notation::Pgn, text.clone());
            let expected: Vec<serde_json::Value> = document
                .diagnostics()
                .iter()
                .map(|d| {
                    let (sl, sc) = naive_position(&text, d.range.start().into(), utf8);
                    let (el, ec) = naive_position(&text, d.range.end().into(), utf8);
                    serde_json::json!([d.code.as_str(), sl, sc, el, ec])
                })
                .collect();
            let seen: Vec<serde_json::Value> = published
                .as_array()
                .unwrap()
                .iter()
                .map(|d| {
                    let r = &d["range"];
                    serde_json::json!([
                        d["code"],
                        r["start"]["line"],
                        r["start"]["character"],
                        r["end"]["line"],
                        r["end"]["character"]
                    ])
                })
                .collect();
            let context = format!("utf8 {utf8}, version {version}: {start}..{end} -> {insert:?}");
            assert_eq!(seen, expected, "{context}\n{text}");
            if version % 10 == 0 {
                assert_eq!(server.syntax_tree(URI), document.syntax_tree(), "{context}");
            }
            edits += 1;
        }
        assert_eq!(server.exit(), 0);
    }
    assert_eq!(edits, 2 * 5_000);
}

#[test]
fn quick_fixes_are_code_actions_with_their_diagnostic_and_edits() {
    let mut server = TestServer::start();
    server.open(URI, "1. e4 e5 2. Qh5+ Nc6 *\n");
    server.diagnostics(URI, 1);
    // The cursor on `Qh5+`.
    let actions = server.request(
        "textDocument/codeAction",
        serde_json::json!({
            "textDocument": {"uri": URI},
            "range": {"start": {"line": 0, "character": 13}, "end": {"line": 0, "character": 13}},
            "context": {"diagnostics": []}
        }),
    );
    let action = &actions[0];
    assert_eq!(action["title"], "Write `Qh5`");
    assert_eq!(action["kind"], "quickfix");
    assert_eq!(action["isPreferred"], true);
    assert_eq!(action["diagnostics"][0]["code"], "wrong-check-mark");
    assert_eq!(
        action["edit"]["changes"][URI],
        serde_json::json!([{
            "range": {"start": {"line": 0, "character": 12}, "end": {"line": 0, "character": 16}},
            "newText": "Qh5"
        }])
    );
    // Elsewhere on the line: no quick fix.
    let none = server.request(
        "textDocument/codeAction",
        serde_json::json!({
            "textDocument": {"uri": URI},
            "range": {"start": {"line": 0, "character": 1}, "end": {"line": 0, "character": 1}},
            "context": {"diagnostics": [], "only": ["quickfix"]}
        }),
    );
    assert_eq!(none, serde_json::json!([]));
    // Fix all, as an editor asks on save: anywhere, every certain repair.
    let all = server.request(
        "textDocument/codeAction",
        serde_json::json!({
            "textDocument": {"uri": URI},
            "range": {"start": {"line": 0, "character": 1}, "end": {"line": 0, "character": 1}},
            "context": {"diagnostics": [], "only": ["source.fixAll"]}
        }),
    );
    assert_eq!(all.as_array().map(Vec::len), Some(1), "{all}");
    assert_eq!(all[0]["kind"], "source.fixAll.kifu");
    assert_eq!(
        all[0]["edit"]["changes"][URI],
        serde_json::json!([{
            "range": {"start": {"line": 0, "character": 12}, "end": {"line": 0, "character": 16}},
            "newText": "Qh5"
        }])
    );
    assert_eq!(server.exit(), 0);
}

#[test]
fn formatting_is_one_edit_between_what_stays() {
    let mut server = TestServer::start();
    server.open(URI, "[Event \"x\"]\n\n1. e4  e5 2.Nf3 *\n");
    let edits = server.request(
        "textDocument/formatting",
        serde_json::json!({
            "textDocument": {"uri": URI},
            "options": {"tabSize": 4, "insertSpaces": true}
        }),
    );
    // `1. e4 ` and `Nf3 *` stay; ` e5 2.` between them becomes `e5 2. `.
    assert_eq!(
        edits,
        serde_json::json!([{
            "range": {"start": {"line": 2, "character": 6}, "end": {"line": 2, "character": 12}},
            "newText": "e5 2. "
        }])
    );
    // SGF: one node to a line.
    server.notify(
        "textDocument/didOpen",
        serde_json::json!({"textDocument": {"uri": SGF_URI, "languageId": "sgf", "version": 1, "text": "(;GM[1];B[aa])"}}),
    );
    let sgf = server.request(
        "textDocument/formatting",
        serde_json::json!({"textDocument": {"uri": SGF_URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(
        sgf,
        serde_json::json!([{
            "range": {"start": {"line": 0, "character": 7}, "end": {"line": 0, "character": 14}},
            "newText": "\n;B[aa])\n"
        }])
    );
    // PDN as PGN.
    server.notify(
        "textDocument/didOpen",
        serde_json::json!({"textDocument": {"uri": PDN_URI, "languageId": "pdn", "version": 1, "text": "1. 32-28  19-23 *"}}),
    );
    let pdn = server.request(
        "textDocument/formatting",
        serde_json::json!({"textDocument": {"uri": PDN_URI}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(
        pdn,
        serde_json::json!([{
            "range": {"start": {"line": 0, "character": 9}, "end": {"line": 0, "character": 17}},
            "newText": "19-23 *\n"
        }])
    );
    assert_eq!(server.exit(), 0);
}

#[test]
fn range_formatting_formats_the_games_the_range_touches() {
    let mut server = TestServer::start();
    server.open(URI, "1.e4  e5 *\n\n1.d4  d5 *\n");
    let edits = server.request(
        "textDocument/rangeFormatting",
        serde_json::json!({
            "textDocument": {"uri": URI},
            "range": {"start": {"line": 2, "character": 1}, "end": {"line": 2, "character": 1}},
            "options": {"tabSize": 4, "insertSpaces": true}
        }),
    );
    // Only the second game: `1.d4  d5` becomes `1. d4 d5` (`d4 ` before ` d5` is ` d4`).
    assert_eq!(
        edits,
        serde_json::json!([{
            "range": {"start": {"line": 2, "character": 2}, "end": {"line": 2, "character": 5}},
            "newText": " d4"
        }])
    );
    assert_eq!(server.exit(), 0);
}

#[test]
fn completion_of_legal_moves_replaces_what_is_typed() {
    let mut server = TestServer::start();
    server.open(URI, "1. e4 e5 2. N *\n");
    let items = server.request(
        "textDocument/completion",
        serde_json::json!({
            "textDocument": {"uri": URI},
            "position": {"line": 0, "character": 13}
        }),
    );
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    assert!(
        labels.contains(&"Nf3") && labels.contains(&"Qh5"),
        "{labels:?}"
    );
    let nf3 = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["label"] == "Nf3")
        .unwrap();
    // `N` is replaced.
    assert_eq!(
        nf3["textEdit"]["range"],
        serde_json::json!({"start": {"line": 0, "character": 12}, "end": {"line": 0, "character": 13}})
    );
    assert_eq!(server.exit(), 0);
}
