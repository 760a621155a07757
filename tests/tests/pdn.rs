//! PDN through the `kifu` binary.

use kifu_e2e::{code, kifu, stdout, temp_file, workspace};
use serde_json::Value;

#[test]
fn antlr_examples_check_without_errors_as_pdn() {
    let dir = workspace().join("../shared/corpus/pdn/antlr-grammars-v4/examples");
    if !dir.is_dir() {
        eprintln!("SKIPPED: the shared corpus is not at {}", dir.display());
        return;
    }
    // Two English checkers games without a `GameType` tag (read as checkers because they
    // cannot be played as International draughts) and an International one. What the
    // replay finds is true of them: `5. 15-24` is a capture, and the Royal Tour's `5x32`
    // could be a 5-piece capture as well as the famous 9-piece one.
    let expected = [
        vec!["wrong-separator 15-24"],
        vec!["ambiguous-capture 5x32"],
        vec![],
    ];
    for (n, expected) in (1..=3).zip(expected) {
        let text = std::fs::read(dir.join(format!("example{n}.txt"))).unwrap();
        let path = temp_file(&format!("example{n}.pdn"), &text);
        let out = kifu(&["check", "--format", "json", path.to_str().unwrap()]);
        assert_eq!(code(&out), 0, "example{n}: {}", stdout(&out));
        let found: Vec<String> = stdout(&out)
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .map(|d| {
                let start = d["range"]["start"]["offset"].as_u64().unwrap() as usize;
                let end = d["range"]["end"]["offset"].as_u64().unwrap() as usize;
                let text = String::from_utf8_lossy(&text[start..end]).into_owned();
                format!("{} {text}", d["code"].as_str().unwrap())
            })
            .collect();
        assert_eq!(found, expected, "example{n}");
        let syntax = kifu(&["check", "--syntax-only", path.to_str().unwrap()]);
        assert!(stdout(&syntax).ends_with("no problems\n"), "example{n}");
    }
}

#[test]
fn check_reports_pdn_problems() {
    let path = temp_file("bad.pdn", b"[GameType \"21\"]\n1. 11-15 33-29 2. 05-09 *\n");
    let out = kifu(&["check", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(code(&out), 1);
    let found: Vec<(String, u64)> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["range"]["start"]["column"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("no-such-square".to_string(), 10),
            ("leading-zero".to_string(), 19)
        ]
    );
}

#[test]
fn export_pdn_in_pgn_shape() {
    let text = "[GameType \"21\"]\n[White \"W\"]\n\n1. 11-15 22-18 (1... 23-18 {also}) 2. 15x22 25x18 1/2-1/2 {drawn} 1/2-1/2\n";
    let path = temp_file("english.pdn", text.as_bytes());
    let out = kifu(&["export", "--format", "jsonl", path.to_str().unwrap()]);
    assert_eq!(code(&out), 0);
    let game: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(game["tags"][1]["value"], "W");
    assert_eq!(game["result"], "1/2-1/2");
    let moves = game["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    // In English checkers Black moves first.
    assert_eq!(
        (moves[0]["san"].as_str(), moves[0]["side"].as_str()),
        (Some("11-15"), Some("black"))
    );
    assert_eq!(moves[1]["side"], "white");
    assert_eq!(moves[1]["variations"][0]["moves"][0]["san"], "23-18");
    // The position after each move, and what a capture took.
    assert_eq!(moves[2]["after"]["captured"], serde_json::json!(["18"]));
    assert_eq!(moves[2]["after"]["path"], "15x22");
    assert!(moves[3]["after"]["fen"].as_str().unwrap().starts_with("B:"));
    assert_eq!(moves[1]["variations"][0]["moves"][0]["comments"][0], "also");
    assert_eq!(game["diagnostics"], serde_json::json!([]));
}

#[test]
fn tree_of_a_pdn_file_is_its_rast_dump() {
    let fixture = "fixtures/syntax/pdn/ok/0015_forced_move_star.pdn";
    kifu_e2e::assert_tree_is_its_snapshot(fixture);
}

/// A PDN file larger than a run of files read whole (256 KiB) is exported a run of its
/// games at a time, on every core: the same games, in order, each with its own
/// diagnostics, as a small file's export gives them.
#[test]
fn a_large_pdn_file_exports_every_game_in_order_with_its_own_diagnostics() {
    let good = "[GameType \"21\"]\n[Round \"R\"]\n\n1. 11-15 22-18 2. 15x22 25x18 1/2-1/2\n\n";
    let bad = "[GameType \"21\"]\n[Round \"bad\"]\n\n1. 11-15 22-18 2. 15x22 25x17 1/2-1/2\n\n";
    let games = 4_000;
    let mut text = String::new();
    for i in 0..games {
        text.push_str(if i == 3_210 { bad } else { good });
    }
    assert!(text.len() > 256 << 10);
    let large = temp_file("large.pdn", text.as_bytes());
    let out = kifu(&["export", "--format", "jsonl", large.to_str().unwrap()]);
    assert_eq!(code(&out), 0);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), games);
    let small = temp_file("small.pdn", bad.as_bytes());
    let alone: Value = serde_json::from_str(
        stdout(&kifu(&[
            "export",
            "--format",
            "jsonl",
            small.to_str().unwrap(),
        ]))
        .trim(),
    )
    .unwrap();
    for (i, game) in lines.iter().enumerate() {
        assert_eq!(game["index"], i + 1);
        if i == 3_210 {
            assert_eq!(game["moves"], alone["moves"]);
            kifu_e2e::assert_same_diagnostics(game, &alone);
        } else {
            assert_eq!(game["diagnostics"], serde_json::json!([]), "game {}", i + 1);
            assert_eq!(game["tags"][1]["value"], "R");
        }
    }
}
