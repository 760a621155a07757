//! `kifu board` run as a user runs it, and the server's `kifu/position` over stdio as the
//! board view calls it.

use kifu_e2e::lsp::LspClient;
use kifu_e2e::{code, kifu, stdout, temp_file};
use serde_json::json;

const ACCEPTANCE: &str = "fixtures/pgn/botvinnik-memorial-errors.pgn";
const PDN: &str = "fixtures/pdn/pdn-standard-succeed/090417ronde12.pdn";
const SGF: &str = "fixtures/syntax/sgf/ok/0004_variations.sgf";

#[test]
fn board_at_a_place_writes_fen_text_and_svg() {
    // Line 15 of the acceptance example starts with `5... Nxe4`.
    let line = std::fs::read_to_string(kifu_e2e::workspace().join(ACCEPTANCE)).unwrap();
    assert!(line.lines().nth(14).unwrap().starts_with("Nxe4"), "{line}");
    let fen = kifu(&["board", ACCEPTANCE, "--at", "15:2", "--format", "fen"]);
    assert_eq!(code(&fen), 0, "{}", String::from_utf8_lossy(&fen.stderr));
    assert_eq!(
        stdout(&fen),
        "r1bqkb1r/1ppp1ppp/p1n5/4p3/B3n3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 6\n"
    );
    let text = kifu(&["board", ACCEPTANCE, "--at", "15:2", "--format", "text"]);
    let text = stdout(&text);
    assert!(text.starts_with("5... Nxe4 — White to move\n"), "{text}");
    assert!(text.contains("C80 "), "the Open Ruy Lopez is named: {text}");
    let svg = kifu(&["board", ACCEPTANCE, "--at", "15:2"]);
    let svg = stdout(&svg);
    assert!(
        svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
        "{svg}"
    );
    // The same place gives the same bytes, and flipping changes them.
    assert_eq!(svg, stdout(&kifu(&["board", ACCEPTANCE, "--at", "15:2"])));
    assert_ne!(
        svg,
        stdout(&kifu(&["board", ACCEPTANCE, "--at", "15:2", "--flip"]))
    );
}

#[test]
fn board_by_game_and_ply_in_the_three_games() {
    let start = kifu(&["board", PDN, "--game", "1", "--ply", "0", "--format", "fen"]);
    assert_eq!(
        code(&start),
        0,
        "{}",
        String::from_utf8_lossy(&start.stderr)
    );
    assert_eq!(stdout(&start), "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20\n");
    let after = kifu(&["board", PDN, "--game", "1", "--ply", "1", "--format", "fen"]);
    assert!(stdout(&after).starts_with("B:W28,"), "{}", stdout(&after));
    let go = kifu(&["board", SGF, "--game", "1", "--format", "fen"]);
    assert_eq!(stdout(&go), "AB[ee][gg]AW[cc]\n");
    let go = kifu(&[
        "board", SGF, "--game", "1", "--ply", "1", "--format", "text",
    ]);
    assert!(
        stdout(&go).starts_with("move 1: B E5 — White to move\n"),
        "{}",
        stdout(&go)
    );
}

#[test]
fn board_says_what_is_wrong() {
    let no_line = kifu(&["board", ACCEPTANCE, "--at", "999:1"]);
    assert_eq!(code(&no_line), 2);
    assert!(String::from_utf8_lossy(&no_line.stderr).contains("no line 999"));
    let bad = kifu(&["board", ACCEPTANCE, "--at", "x"]);
    assert_eq!(code(&bad), 2);
    let no_game = kifu(&["board", ACCEPTANCE, "--game", "7"]);
    assert_eq!(code(&no_game), 2);
    // An illegal move: the position before it, and a word on stderr.
    let file = temp_file("illegal.pgn", b"1. e4 e5 2. Ke3 *\n");
    let out = kifu(&[
        "board",
        file.to_str().unwrap(),
        "--at",
        "1:14",
        "--format",
        "fen",
    ]);
    assert_eq!(code(&out), 0);
    assert_eq!(
        stdout(&out),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("2. Ke3 could not be played"));
}

#[test]
fn the_position_request_over_stdio() {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    let uri = "file:///ruy.pgn";
    let text = "[White \"Kasparov\"]\n[Black \"Kramnik\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 { [%clk 0:03:21] the Spanish } a6 *\n";
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "pgn", "version": 1, "text": text}}),
    );
    let at = client.request(
        "kifu/position",
        json!({"textDocument": {"uri": uri}, "position": {"line": 3, "character": 24}}),
    );
    assert_eq!(at["label"], "3. Bb5", "{at}");
    assert_eq!(at["sideToMove"], "Black");
    assert_eq!(at["white"], "Kasparov");
    assert_eq!(at["lastMove"], "f1b5");
    assert_eq!(at["ply"], 5);
    assert_eq!(
        at["move"],
        json!({"start": {"line": 3, "character": 23}, "end": {"line": 3, "character": 26}})
    );
    assert_eq!(at["previous"].as_array().unwrap().len(), 4);
    assert_eq!(at["next"].as_array().unwrap().len(), 1);
    assert_eq!(at["comment"], "the Spanish");
    assert!(
        at["opening"]["name"]
            .as_str()
            .unwrap()
            .starts_with("Ruy Lopez"),
        "{at}"
    );
    let svg = at["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg") && !svg.contains("data-square"));
    // With click targets, for a board that takes moves: one per square.
    let targets = client.request(
        "kifu/position",
        json!({"textDocument": {"uri": uri}, "position": {"line": 3, "character": 24}, "targets": true, "flipped": true}),
    );
    let svg = targets["svg"].as_str().unwrap();
    assert_eq!(svg.matches("data-square=").count(), 64);
    assert!(
        svg.contains(r#"data-square="h1" x="20" y="20""#),
        "flipped: h1 top left"
    );
    // Outside any game: null.
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": "file:///empty.pgn", "languageId": "pgn", "version": 1, "text": ""}}),
    );
    let none = client.request(
        "kifu/position",
        json!({"textDocument": {"uri": "file:///empty.pgn"}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(none, serde_json::Value::Null);
}

#[test]
fn hover_boards_as_the_client_and_the_settings_want() {
    let text = "1. e4 e5 *\n";
    let hover_of = |client_info: serde_json::Value, options: serde_json::Value| {
        let mut client = LspClient::start();
        client.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}, "clientInfo": client_info, "initializationOptions": options}),
        );
        client.notify("initialized", json!({}));
        client.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": "file:///a.pgn", "languageId": "pgn", "version": 1, "text": text}}),
        );
        let hover = client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": "file:///a.pgn"}, "position": {"line": 0, "character": 4}}),
        );
        hover["contents"]["value"].as_str().unwrap().to_string()
    };
    let code = hover_of(json!({"name": "Visual Studio Code"}), json!({}));
    assert!(code.contains("](data:image/svg+xml;base64,"), "{code}");
    let neovim = hover_of(json!({"name": "Neovim"}), json!({}));
    assert!(!neovim.contains("data:image"), "{neovim}");
    assert!(neovim.contains("```text\n"), "{neovim}");
    let none = hover_of(
        json!({"name": "Visual Studio Code"}),
        json!({"hover": {"board": "none"}}),
    );
    assert!(
        !none.contains("data:image") && !none.contains("```text"),
        "{none}"
    );
    let forced = hover_of(
        json!({"name": "Neovim"}),
        json!({"hover": {"board": "image"}}),
    );
    assert!(forced.contains("data:image/svg+xml;base64,"), "{forced}");
}

/// `kifu/playMove` at `(line, character)` of `text`: the text after its edit, with the
/// answer's selection marked `«...»`, or the error and candidates.
fn play(uri: &str, language: &str, text: &str, at: (u32, u32), mv: &str) -> String {
    let mut client = LspClient::start();
    client.initialize(json!({}));
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}}),
    );
    let answer = client.request(
        "kifu/playMove",
        json!({"textDocument": {"uri": uri}, "position": {"line": at.0, "character": at.1}, "move": mv}),
    );
    if let Some(error) = answer["error"].as_str() {
        return format!("error: {error} {}", answer["candidates"]);
    }
    // Apply the edits (single-line texts: characters are bytes here).
    let mut new = text.to_string();
    let mut edits: Vec<(usize, usize, String)> = answer["edit"]["changes"][uri]
        .as_array()
        .map(|edits| {
            edits
                .iter()
                .map(|e| {
                    let r = &e["range"];
                    assert_eq!(r["start"]["line"], 0, "{answer}");
                    (
                        r["start"]["character"].as_u64().unwrap() as usize,
                        r["end"]["character"].as_u64().unwrap() as usize,
                        e["newText"].as_str().unwrap().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    for (start, end, insert) in edits {
        new.replace_range(start..end, &insert);
    }
    let s = &answer["selection"];
    let (start, end) = (
        s["start"]["character"].as_u64().unwrap() as usize,
        s["end"]["character"].as_u64().unwrap() as usize,
    );
    format!("{}«{}»{}", &new[..start], &new[start..end], &new[end..])
}

#[test]
fn the_play_move_request_over_stdio() {
    let pgn = "1. e4 e5 2. Nf3 *";
    assert_eq!(
        play("file:///p.pgn", "pgn", pgn, (0, 15), "g8f6"),
        "1. e4 e5 2. Nf3 «Nf6» *"
    );
    assert_eq!(
        play("file:///p.pgn", "pgn", pgn, (0, 5), "c7c5"),
        "1. e4 e5 (1... «c5») 2. Nf3 *"
    );
    assert_eq!(
        play("file:///p.pgn", "pgn", pgn, (0, 5), "e7e5"),
        "1. e4 «e5» 2. Nf3 *"
    );
    assert_eq!(
        play("file:///p.pgn", "pgn", pgn, (0, 5), "e7e4"),
        "error: `e7e4` is not a legal move for Black here []"
    );
    let sgf = "(;GM[1]SZ[9];B[ee];W[cc])";
    assert_eq!(
        play("file:///g.sgf", "sgf", sgf, (0, 17), "gc"),
        "(;GM[1]SZ[9];B[ee](;W[cc])(;W[«gc»]))"
    );
    assert_eq!(
        play("file:///g.sgf", "sgf", sgf, (0, 24), ""),
        "(;GM[1]SZ[9];B[ee];W[cc];B[«»])"
    );
    let checkers = "[GameType \"21\"][FEN \"W:W22:B17,18,9,10\"] *";
    assert_eq!(
        play("file:///c.pdn", "pdn", checkers, (0, 44), "22-6"),
        r#"error: several captures fit: 22x13x6, 22x15x6 ["22x13x6","22x15x6"]"#
    );
}
