//! SGF through the `kifu` binary: Exercism's canonical cases, encodings, the corpus.

use std::path::Path;

use kifu_e2e::{code, corpus, kifu, stdout, temp_file};
use serde_json::Value;

fn export(path: &Path) -> Vec<Value> {
    export_with(path, &[])
}

/// The export with each game's nested `tree` too.
fn export_tree(path: &Path) -> Vec<Value> {
    export_with(path, &["--sgf-tree"])
}

fn export_with(path: &Path, flags: &[&str]) -> Vec<Value> {
    let mut args = vec!["export", "--format", "jsonl"];
    args.extend(flags);
    args.push(path.to_str().unwrap());
    let out = kifu(&args);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON Lines"))
        .collect()
}

/// Every canonical case of Exercism's "sgf-parsing": the same tree for the valid ones, at
/// least one error diagnostic for the others.
#[test]
fn exercism_canonical_cases() {
    let Some(corpus) = corpus() else { return };
    let data: Value = serde_json::from_str(
        &std::fs::read_to_string(corpus.join("exercism/sgf-parsing/canonical-data.json")).unwrap(),
    )
    .unwrap();
    let cases = data["cases"].as_array().unwrap();
    let replaced: Vec<&str> = cases
        .iter()
        .filter_map(|c| c["reimplements"].as_str())
        .collect();
    let mut checked = 0;
    for (i, case) in cases.iter().enumerate() {
        if replaced.contains(&case["uuid"].as_str().unwrap()) {
            continue;
        }
        let description = case["description"].as_str().unwrap();
        let input = case["input"]["encoded"].as_str().unwrap();
        let path = temp_file(&format!("case{i}.sgf"), input.as_bytes());
        let games = export_tree(&path);
        let expected = &case["expected"];
        if expected.get("error").is_some() {
            let errors = games
                .iter()
                .flat_map(|g| g["diagnostics"].as_array().unwrap())
                .filter(|d| d["severity"] == "error")
                .count();
            assert!(errors > 0, "{description}: expected an error for {input:?}");
        } else {
            assert_eq!(games.len(), 1, "{description}");
            assert_eq!(&games[0]["tree"], expected, "{description}: {input:?}");
        }
        checked += 1;
    }
    assert_eq!(checked, cases.len() - replaced.len());
    eprintln!("{checked} Exercism cases passed");
}

#[test]
fn check_reports_sgf_problems_and_exit_codes() {
    let path = temp_file("bad.sgf", b"(;GM[1]FF[4]SZ[19];B[zz])\n");
    let out = kifu(&["check", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(code(&out), 1);
    let diag: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(diag["code"], "invalid-value");
    assert_eq!(diag["range"]["start"]["column"], 21);
    assert_eq!(diag["range"]["end"]["column"], 25);
    let clean = temp_file("clean.sgf", b"(;GM[1]FF[4]SZ[19];B[pd];W[dp])\n");
    assert_eq!(code(&kifu(&["check", clean.to_str().unwrap()])), 0);
}

#[test]
fn sgf_encodings_are_decoded() {
    let Some(corpus) = corpus() else { return };
    let dir = corpus.join("sgf/libsgfcplusplus/test/test-files");
    for (file, name) in [
        ("encoding-chinese-gbk.sgf", "GBK"),
        ("encoding-japanese-shiftjis.sgf", "Shift_JIS"),
        ("encoding-cyrillic-windows.sgf", "windows-1251"),
        ("encoding-utf16-withbom.sgf", "UTF-16"),
        ("encoding-simplifiedchinese-gb2312.sgf", "GB2312"),
        ("encoding-japanese-iso2022jp.sgf", "ISO-2022-JP"),
    ] {
        let games = export_tree(&dir.join(file));
        let text = games[0]["tree"].to_string();
        assert!(
            !text.contains('\u{fffd}'),
            "{file} ({name}) has replacement characters"
        );
        let errors: Vec<&Value> = games[0]["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["code"] == "encoding")
            .collect();
        assert!(errors.is_empty(), "{file}: {errors:?}");
    }
    // No BOM and no CA: guessed, and said so.
    let games = export_tree(&corpus.join("sgf/sabaki-sgf/tests/sgf/encoding/nihon-kiin.sgf"));
    let warning = &games[0]["diagnostics"][0];
    assert_eq!(warning["code"], "encoding");
    assert!(warning["message"].as_str().unwrap().contains("Shift_JIS"));
    assert!(games[0]["tree"].to_string().contains("世界最高棋士決定戦"));
}

/// The 1,000 Fox games: all parse and replay, and every diagnostic is one of the kinds that
/// are true of these files (checked by hand on samples: `AP` twice in the root, whose second
/// copy, `AP[foxwq]` with no version, is read without a second error; unknown `TC`/`TT`,
/// damaged UTF-8; 108 handicap games whose stones are not set up, where White moves first;
/// five games where one colour moves twice: `;B[dp];W[pp];B[dc];B[pd]`). No move is illegal.
#[test]
fn fox_games_have_only_true_diagnostics() {
    let Some(corpus) = corpus() else { return };
    let out = kifu(&[
        "check",
        "--format",
        "json",
        corpus.join("sgf/fox-pro-sample").to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1);
    // One error for each of the 498 files with two `AP`s (there were two each: the second
    // `AP[foxwq]` was also an invalid value).
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("checked 1000 files (1000 games): 498 errors"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (mut handicaps, mut twice) = (0, 0);
    for line in stdout(&out).lines() {
        let d: Value = serde_json::from_str(line).unwrap();
        let message = d["message"].as_str().unwrap();
        let known = match d["code"].as_str().unwrap() {
            "duplicate-property" => message.starts_with("`AP` appears twice"),
            "unknown-property" => message.starts_with("`TC`") || message.starts_with("`TT`"),
            "encoding" => message.contains("broken byte sequence"),
            "handicap-mismatch" => {
                handicaps += 1;
                message.contains("but no black stones are set up")
            }
            "same-colour-twice" => {
                twice += 1;
                true
            }
            _ => false,
        };
        assert!(known, "unexpected diagnostic: {line}");
    }
    assert_eq!((handicaps, twice), (108, 5));
}

/// The clean SGF files of the corpus have no error once decoded. The files left out break
/// FF[4] for real: the reason is beside each.
#[test]
fn clean_sgf_files_have_no_errors() {
    let Some(corpus) = corpus() else { return };
    const NOT_CLEAN: &[(&str, &str)] = &[
        (
            "fox sgf error.sgf",
            "AP twice in the root (GNU Go's, then Fox's)",
        ),
        (
            "fox sgf works.sgf",
            "AP twice in the root (GNU Go's, then Fox's)",
        ),
        ("panda1.sgf", "FF[3]-style `CoPyright` in a file with no FF"),
        (
            "nihon-kiin.sgf",
            "`(` with no `;`; Nihon Kiin's own TE, TM and KO values",
        ),
        (
            "ff4_ex.sgf",
            "plays a suicide on purpose (its comment: \"Suicide move\"), illegal under the \
             Japanese rules that a file without `RU` is played by",
        ),
    ];
    let dirs = ["sgf/sgf-parse", "sgf/katrain", "sgf/sabaki-sgf"].map(|d| corpus.join(d));
    let mut args = vec!["check", "--format", "json"];
    args.extend(dirs.iter().map(|d| d.to_str().unwrap()));
    let out = kifu(&args);
    let mut errors = Vec::new();
    for line in stdout(&out).lines() {
        let d: Value = serde_json::from_str(line).unwrap();
        let file = d["file"].as_str().unwrap();
        if d["severity"] == "error" && !NOT_CLEAN.iter().any(|(name, _)| file.ends_with(name)) {
            errors.push(line.to_string());
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("checked 16 files"));
    // The FF[4] example's suicide, and only it, is found by the replay.
    let replayed: Vec<String> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|d| {
            ["illegal-move", "suicide", "ko-retaken"].contains(&d["code"].as_str().unwrap())
        })
        .map(|d| format!("{} {}", d["code"], d["message"]))
        .collect();
    assert_eq!(
        replayed,
        ["\"suicide\" \"Black at R1 would leave its stones without a liberty: suicide is not allowed under Japanese rules\""]
    );
}

#[test]
fn tree_of_an_sgf_file_is_its_rast_dump() {
    let fixture = "fixtures/syntax/sgf/err/0021_black_and_white_move.sgf";
    kifu_e2e::assert_tree_is_its_snapshot(fixture);
}

#[test]
fn a_file_with_no_game_tree_exports_its_diagnostics() {
    let path = temp_file("empty.sgf", b"");
    let games = export(&path);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["moves"], serde_json::json!([]));
    assert!(
        games[0].get("tree").is_none(),
        "`tree` only with --sgf-tree"
    );
    assert!(export_tree(&path)[0]["tree"].is_null());
    assert_eq!(games[0]["diagnostics"][0]["code"], "no-game-tree");
}

/// A Fox file that starts with its first node, `(` missing: one error, and its game exported.
#[test]
fn a_file_without_its_open_paren_exports_its_game() {
    let path = temp_file(
        "no-open-paren.sgf",
        b";GM[1]FF[4]SZ[19]AP[foxwq]\n;B[pd];W[dd];B[pp])\n",
    );
    let games = export(&path);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["properties"]["AP"][0], "foxwq");
    assert_eq!(games[0]["moves"][0]["point"], "pd");
    assert_eq!(games[0]["moves"].as_array().unwrap().len(), 3);
    let diagnostics = games[0]["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0]["code"], "missing-open-paren");
}

#[test]
fn a_file_with_no_game_tree_is_game_one() {
    let path = temp_file("no-tree.sgf", b"no game here\n");
    let games = export(&path);
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0]["index"], 1,
        "`index` is 1-based, as for every game"
    );
    assert_eq!(games[0]["moves"], serde_json::json!([]));
    let codes: Vec<&str> = games[0]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["text-outside-game-tree", "no-game-tree"]);
}

/// The charsets of the issue: labels that cannot describe an SGF file turned it into one `�`
/// or into CJK; a `CA[` inside a comment re-decoded a UTF-8 file.
#[test]
fn charsets_are_read_from_the_root_node_and_refused_when_impossible() {
    for label in ["iso-2022-kr", "replacement", "hz-gb-2312", "UTF-16"] {
        let text = format!("(;GM[1]FF[4]CA[{label}]PB[Cho Chikun]C[Gó];B[aa])\n");
        let path = temp_file(&format!("ca-{label}.sgf"), text.as_bytes());
        let games = export(&path);
        assert_eq!(games[0]["properties"]["PB"][0], "Cho Chikun", "{label}");
        assert_eq!(games[0]["properties"]["C"][0], "Gó", "{label}");
        let warning = &games[0]["diagnostics"][0];
        assert_eq!(warning["code"], "encoding", "{label}");
        assert!(
            warning["message"]
                .as_str()
                .unwrap()
                .starts_with(&format!("`CA[{label}]` cannot describe an SGF file: ")),
            "{warning}"
        );
        assert_eq!(
            warning["range"]["start"]["column"], 16,
            "{label}: the value"
        );
    }
    let utf8 = "(;GM[1]FF[4]C[use CA[GBK\\] here]PB[李昌镐];B[aa])\n";
    let path = temp_file("ca-in-comment.sgf", utf8.as_bytes());
    let games = export(&path);
    assert_eq!(games[0]["properties"]["PB"][0], "李昌镐");
    assert_eq!(games[0]["diagnostics"], serde_json::json!([]));
}

/// A long game is a flat list of moves: its export loads with serde_json's default depth
/// limit (128), which the nested `tree` (two levels a move) does not.
#[test]
fn a_300_move_game_exports_a_flat_main_line() {
    const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
    let mut sgf = String::from("(;GM[1]FF[4]SZ[19]RE[W+0.5]");
    let mut expected = Vec::new();
    for k in 0..300u32 {
        let (x, y) = (k % 19, k / 19);
        let side = if k % 2 == 0 { "B" } else { "W" };
        let point = format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char);
        sgf.push_str(&format!(";{side}[{point}]"));
        let coordinate = format!("{}{}", COLUMNS[x as usize] as char, 19 - y);
        expected.push((k + 1, side, point, coordinate));
    }
    sgf.push_str(")\n");
    let path = temp_file("long.sgf", sgf.as_bytes());
    let out = kifu(&["export", path.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let games: Value = serde_json::from_str(&stdout(&out)).expect("loads at the default depth");
    let game = &games[0];
    assert_eq!(game["result"], "W+0.5");
    assert!(game.get("tree").is_none());
    let moves = game["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 300);
    for (m, (number, side, point, coordinate)) in moves.iter().zip(&expected) {
        assert_eq!(m["number"], *number);
        let side = if *side == "B" { "black" } else { "white" };
        assert_eq!(m["side"], side, "move {number}");
        assert_eq!(m["point"], point.as_str(), "move {number}");
        assert_eq!(m["coordinate"], coordinate.as_str(), "move {number}");
    }
    // Keys in their documented order (`Value` sorts them: read the text).
    let text = stdout(&out);
    let at = |key: &str| text.find(&format!("\"{key}\":")).unwrap();
    let order = ["file", "index", "properties", "comments", "moves", "result"];
    assert!(order.windows(2).all(|w| at(w[0]) < at(w[1])), "{order:?}");
    assert!(text.trim_end().ends_with(
        r#""result":"W+0.5","diagnostics":[]}
]"#
    ));
    // Why `tree` is asked for: it is 600 levels deep.
    let out = kifu(&["export", "--sgf-tree", path.to_str().unwrap()]);
    let error = serde_json::from_str::<Value>(&stdout(&out)).unwrap_err();
    assert!(error.to_string().contains("recursion limit"), "{error}");
}

#[test]
fn variations_and_the_move_before_a_diagnostic() {
    let path = temp_file(
        "variations.sgf",
        b"(;GM[1]FF[4]SZ[9]C[Game];B[ee]C[center](;W[gc];B[cg]XX[1])(;W[cc]C[other];B[]))\n",
    );
    let games = export(&path);
    let moves = games[0]["moves"].as_array().unwrap();
    assert_eq!(games[0]["comments"], serde_json::json!(["Game"]));
    assert_eq!(moves.len(), 3);
    assert_eq!(moves[0]["coordinate"], "E5");
    assert_eq!(moves[0]["comments"], serde_json::json!(["center"]));
    assert_eq!(moves[1]["coordinate"], "G7");
    let variations = moves[1]["variations"].as_array().unwrap();
    assert_eq!(variations.len(), 1);
    let alternative = variations[0]["moves"].as_array().unwrap();
    assert_eq!(alternative[0]["number"], 2);
    assert_eq!(alternative[0]["side"], "white");
    assert_eq!(alternative[0]["coordinate"], "C7");
    assert_eq!(alternative[0]["comments"], serde_json::json!(["other"]));
    assert_eq!(alternative[1]["point"], "");
    assert_eq!(alternative[1]["coordinate"], "pass");
    let diagnostics = games[0]["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics[0]["code"], "unknown-property");
    assert_eq!(diagnostics[0]["after"], "after move 3");
}

/// An SGF file larger than a run of files read whole (256 KiB), a collection of many game
/// trees, is exported a run of games at a time: every game in order, each with its own
/// diagnostics (an error between two trees' texts goes with the tree that holds it), as
/// a file of that one game exports it.
#[test]
fn a_large_sgf_collection_exports_every_game_in_order_with_its_own_diagnostics() {
    let good = "(;GM[1]FF[4]SZ[9]PB[B];B[ee];W[cc];B[gg];W[cg])\n";
    // A property without a value: a syntax error inside the tree.
    let bad = "(;GM[1]FF[4]SZ[9]PB[bad];B[ee];W[cc];B;W[cg])\n";
    let games = 5_600;
    let odd = 4_321;
    let mut text = String::new();
    for i in 0..games {
        text.push_str(if i == odd { bad } else { good });
    }
    assert!(text.len() > 256 << 10);
    let large = temp_file("large.sgf", text.as_bytes());
    let lines = export(&large);
    assert_eq!(lines.len(), games);
    let alone = export(&temp_file("alone.sgf", bad.as_bytes()));
    let alone = &alone[0];
    for (i, game) in lines.iter().enumerate() {
        assert_eq!(game["index"], i + 1);
        if i == odd {
            assert_eq!(game["moves"], alone["moves"]);
            kifu_e2e::assert_same_diagnostics(game, alone);
        } else {
            assert_eq!(game["diagnostics"], serde_json::json!([]), "game {}", i + 1);
            assert_eq!(
                game["moves"][3]["after"]["stones"]["white"],
                serde_json::json!(["cc", "cg"])
            );
        }
    }
}
