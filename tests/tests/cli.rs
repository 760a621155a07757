//! The `kifu` binary, run as a user runs it.

use kifu_e2e::{code, kifu, stdout, workspace};
use serde_json::Value;

const ACCEPTANCE: &str = "fixtures/pgn/botvinnik-memorial-errors.pgn";

#[test]
fn check_clean_files_exits_zero() {
    let out = kifu(&["check", "fixtures/syntax/pgn/ok"]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    let text = stdout(&out);
    assert!(text.contains("checked 36 files"), "{text}");
    assert!(text.ends_with(": no problems\n"), "{text}");
}

#[test]
fn check_with_errors_exits_one_and_renders_like_rustc() {
    let out = kifu(&["check", ACCEPTANCE]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(
        text.contains("error[stray-text]: `oh?` is not a move"),
        "{text}"
    );
    assert!(text.contains(&format!("--> {ACCEPTANCE}:20:43")), "{text}");
    assert!(
        text.contains("   |                                           ^^^"),
        "{text}"
    );
    assert!(
        text.ends_with("checked 1 file (1 game): 3 errors\n"),
        "{text}"
    );
}

#[test]
fn check_json_lines_on_the_acceptance_example() {
    let out = kifu(&["check", "--format", "json", ACCEPTANCE]);
    assert_eq!(code(&out), 1);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 3);
    let codes: Vec<&str> = lines.iter().map(|l| l["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["unmatched-close-brace", "stray-text", "stray-text"]);
    let oh = &lines[1];
    assert_eq!(oh["file"], ACCEPTANCE);
    assert_eq!(oh["severity"], "error");
    assert_eq!(oh["range"]["start"]["line"], 20);
    assert_eq!(oh["range"]["start"]["column"], 43);
    assert_eq!(oh["range"]["start"]["offset"], 673);
    assert_eq!(oh["range"]["end"]["column"], 46);
    // The summary goes to stderr so that stdout stays JSON Lines.
    assert!(String::from_utf8_lossy(&out.stderr).contains("3 errors"));
}

#[test]
fn missing_path_exits_two() {
    let out = kifu(&["check", "no/such/file.pgn"]);
    assert_eq!(code(&out), 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read no/such/file.pgn"));
}

#[test]
fn bad_arguments_exit_two() {
    assert_eq!(code(&kifu(&["check"])), 2);
    assert_eq!(code(&kifu(&["frobnicate"])), 2);
}

#[test]
fn latin1_file_is_decoded_with_a_warning() {
    let dir = std::env::temp_dir().join(format!("kifu-e2e-latin1-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("latin1.pgn");
    std::fs::write(
        &file,
        b"[White \"Jos\xe9 Ra\xfal Capablanca\"]\n\n1. e4 *\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let out = kifu(&["check", "--format", "json", path]);
    assert_eq!(code(&out), 0, "a warning alone is not a failure");
    let diag: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(diag["code"], "not-utf8");
    assert_eq!(diag["severity"], "warning");
    assert_eq!(diag["range"]["start"]["column"], 12);
    let out = kifu(&["export", "--format", "jsonl", path]);
    let game: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(game["tags"][0]["value"], "José Raúl Capablanca");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn export_a_game_with_variations() {
    let out = kifu(&["export", "--format", "json", ACCEPTANCE]);
    assert_eq!(code(&out), 0);
    let games: Value = serde_json::from_str(&stdout(&out)).expect("one JSON document");
    let game = &games[0];
    assert_eq!(games.as_array().unwrap().len(), 1);
    assert_eq!(game["tags"][4]["name"], "White");
    assert_eq!(game["tags"][4]["value"], "Kasparov, Garry");
    assert_eq!(game["result"], "1/2-1/2");
    let moves = game["moves"].as_array().unwrap();
    assert_eq!(
        moves.len(),
        37,
        "the main line has 37 plies, as PlyCount says"
    );
    assert_eq!(moves[5]["san"], "a6");
    assert_eq!(moves[5]["nags"][0], 1);
    assert_eq!(moves[5]["comments"][0], "first comment");
    // 11... Nb4 (11... Bxe3 12. Qxe3 ... (15... Nb7 16. Qc6 $1 $16))
    let nb4 = &moves[21];
    assert_eq!(
        (nb4["number"].as_u64(), nb4["side"].as_str()),
        (Some(11), Some("black"))
    );
    let variation = &nb4["variations"][0]["moves"];
    assert_eq!(variation[0]["san"], "Bxe3");
    assert_eq!(variation[0]["side"], "black");
    let nested = &variation[8]["variations"][0]["moves"];
    assert_eq!(nested[0]["san"], "Nb7");
    assert_eq!(nested[1]["nags"], serde_json::json!([1, 16]));
    let after: Vec<&str> = game["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["after"].as_str().unwrap())
        .collect();
    assert_eq!(
        after,
        ["after 14... Nc6", "after 15... Na5", "after 19. Nxe6"]
    );
}

#[test]
fn export_jsonl_is_one_game_per_line() {
    let out = kifu(&[
        "export",
        "--format",
        "jsonl",
        "fixtures/syntax/pgn/ok/0014_results.pgn",
    ]);
    let results: Vec<String> = stdout(&out)
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["result"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(results, ["1-0", "0-1", "1/2-1/2", "*"]);
}

#[test]
fn tree_prints_the_rast_dump() {
    let fixture = "fixtures/syntax/pgn/err/0012_stray_text.pgn";
    kifu_e2e::assert_tree_is_its_snapshot(fixture);
}

#[test]
fn large_file_read_in_pieces_keeps_lines_and_offsets() {
    // ~22 MB: several 8 MiB pieces, so games and positions must carry across pieces.
    let game = std::fs::read_to_string(workspace().join(ACCEPTANCE)).unwrap() + "\n";
    let copies = 25_000;
    let dir = std::env::temp_dir().join(format!("kifu-e2e-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("large.pgn");
    std::fs::write(&file, game.repeat(copies)).unwrap();
    let out = kifu(&["check", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(code(&out), 1);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3 * copies);
    let game_lines = game.lines().count() as u64;
    let last = &lines[lines.len() - 1]["range"]["start"];
    assert_eq!(
        last["line"].as_u64(),
        Some((copies as u64 - 1) * game_lines + 23)
    );
    assert_eq!(last["column"], 6);
    assert_eq!(
        last["offset"].as_u64(),
        Some(((copies - 1) * game.len() + 844) as u64)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("({copies} games)")));
    std::fs::remove_dir_all(&dir).unwrap();
}
