//! The `kifu` binary, run as a user runs it.

use kifu_e2e::{code, kifu, stdout, workspace, TempDir};
use serde_json::Value;

const ACCEPTANCE: &str = "fixtures/pgn/botvinnik-memorial-errors.pgn";

#[test]
fn check_clean_files_exits_zero() {
    // The parser's `ok/` fixtures are clean syntax, not all legal games.
    let out = kifu(&["check", "--syntax-only", "fixtures/syntax/pgn/ok"]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    let text = stdout(&out);
    assert!(text.contains("checked 43 files"), "{text}");
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
    let dir = TempDir::new("latin1");
    let file = dir.join("latin1.pgn");
    std::fs::write(
        &file,
        b"[White \"Jos\xe9 Ra\xfal Capablanca\"]\n\n1. e4 *\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let out = kifu(&["check", "--syntax-only", "--format", "json", path]);
    assert_eq!(code(&out), 0, "a warning alone is not a failure");
    let diag: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(diag["code"], "not-utf8");
    assert_eq!(diag["severity"], "warning");
    assert_eq!(diag["range"]["start"]["column"], 12);
    let out = kifu(&["export", "--format", "jsonl", path]);
    let game: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(game["tags"][0]["value"], "José Raúl Capablanca");
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
    let dir = TempDir::new("large");
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
}

#[test]
fn export_in_pieces_numbers_every_game_and_names_its_file() {
    // Over 8 MiB, so read in pieces, each cut in parts whose games are exported in
    // parallel: each game's head (file and index) is written once the games before it are
    // counted. Every third game has a stray token, so is read by the grammar, not the
    // plain reader; the file's name needs escaping in JSON.
    let plain = "[White \"A\"]\n\n1. e4 {c} e5 2. Nf3 Nc6 1-0\n\n";
    let odd = "[White \"B\"]\n\n1. e4 ) e5 0-1\n\n";
    let games = 320_000;
    let text: String = (0..games)
        .map(|i| if i % 3 == 2 { odd } else { plain })
        .collect();
    assert!(text.len() > 10 << 20);
    let dir = TempDir::new("export-pieces");
    let file = dir.join("a \"b\"\tc.pgn");
    std::fs::write(&file, &text).unwrap();
    let name = file.to_str().unwrap();
    let out = kifu(&["export", "--format", "jsonl", "--no-positions", name]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let mut count = 0;
    for (i, line) in stdout(&out).lines().enumerate() {
        let game: Value = serde_json::from_str(line).unwrap();
        assert_eq!(game["file"], name);
        assert_eq!(game["index"].as_u64(), Some(i as u64 + 1));
        let (white, unmatched) = if i % 3 == 2 { ("B", 1) } else { ("A", 0) };
        assert_eq!(game["tags"][0]["value"], white, "game {}", i + 1);
        let codes = game["diagnostics"].as_array().unwrap().iter();
        let found = codes
            .filter(|d| d["code"] == "unmatched-close-paren")
            .count();
        assert_eq!(found, unmatched, "game {}", i + 1);
        count += 1;
    }
    assert_eq!(count, games);
}

/// Starts `kifu` with `args` in the workspace root, stdout and stderr piped.
fn spawn_kifu(args: &[&str], stdin: std::process::Stdio) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(kifu_e2e::kifu_bin())
        .args(args)
        .current_dir(workspace())
        .env("NO_COLOR", "1")
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kifu runs")
}

/// Runs `kifu` with `args`, killing it (and failing) if it runs longer than a minute: the
/// bugs these tests guard against made `kifu` hang.
fn kifu_or_hang(args: &[&str]) -> std::process::Output {
    use std::time::{Duration, Instant};
    let mut child = spawn_kifu(args, std::process::Stdio::null());
    let started = Instant::now();
    // Read the pipes on threads so that a large output cannot block kifu.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut buf).unwrap();
        buf
    });
    let err = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut stderr, &mut buf).unwrap();
        buf
    });
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("kifu {args:?} still runs after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    std::process::Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    }
}

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[cfg(unix)]
#[test]
fn symlink_cycles_are_walked_once_and_noted_once() {
    use std::os::unix::fs::symlink;
    let dir = TempDir::new("cycle");
    let d = dir.join("d");
    std::fs::create_dir(&d).unwrap();
    std::fs::write(d.join("a.pgn"), "1. e4 *\n").unwrap();
    // Two links to `.`: without a cycle check 2^40 paths (until the path is too long).
    symlink(".", d.join("s1")).unwrap();
    symlink(".", d.join("s2")).unwrap();
    let out = kifu_or_hang(&["check", d.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "notes do not fail the run: {}", stderr(&out));
    assert!(
        stdout(&out).starts_with("checked 1 file (1 game): no problems; 2 paths skipped"),
        "{}",
        stdout(&out)
    );
    let notes = stderr(&out);
    for link in ["s1", "s2"] {
        let note = format!(
            "kifu: note: skipped {}: it links back to {}, which contains it (a cycle)",
            d.join(link).display(),
            d.display()
        );
        assert_eq!(notes.matches(&note).count(), 1, "{notes}");
    }
    assert_eq!(notes.lines().count(), 2, "{notes}");
}

#[cfg(unix)]
#[test]
fn a_directory_reached_twice_is_walked_once() {
    use std::os::unix::fs::symlink;
    let dir = TempDir::new("twice");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::write(dir.join("games/a.pgn"), "1. e4 *\n").unwrap();
    // Links that are not cycles but would still multiply the work: each level doubles it.
    let mut target = dir.join("games");
    for level in 0..30 {
        let next = dir.join(format!("level{level}"));
        std::fs::create_dir(&next).unwrap();
        symlink(&target, next.join("l1")).unwrap();
        symlink(&target, next.join("l2")).unwrap();
        target = next;
    }
    let out = kifu_or_hang(&["export", "--format", "jsonl", dir.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 1, "the one game, once");
    let notes = stderr(&out);
    assert!(
        notes.contains(&format!(
            "kifu: note: skipped {}: the same directory as {}, already walked",
            dir.join("level0/l1").display(),
            dir.join("games").display()
        )),
        "{notes}"
    );
}

#[cfg(unix)]
fn mkfifo(path: &std::path::Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

#[cfg(unix)]
#[test]
fn a_fifo_found_by_walking_is_skipped_one_named_is_read() {
    let dir = TempDir::new("fifo");
    std::fs::write(dir.join("a.pgn"), "1. e4 *\n").unwrap();
    let fifo = dir.join("b.pgn");
    mkfifo(&fifo);
    let out = kifu_or_hang(&["check", dir.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).starts_with("checked 1 file (1 game): no problems; 1 path skipped"));
    assert_eq!(
        stderr(&out).trim_end(),
        format!(
            "kifu: note: skipped {}: not a regular file (a FIFO, socket or device); name it on the command line to read it",
            fifo.display()
        )
    );
    // Named on the command line, it is read: that is what the user asked for.
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, "1. e4 oh *\n").unwrap())
    };
    let out = kifu_or_hang(&["check", "--format", "json", fifo.to_str().unwrap()]);
    writer.join().unwrap();
    assert_eq!(code(&out), 1);
    let diag: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(diag["code"], "stray-text");
}

#[test]
fn a_missing_path_is_reported_and_the_others_are_checked() {
    let dir = TempDir::new("missing");
    let a = dir.join("a.pgn");
    let c = dir.join("c.pgn");
    std::fs::write(&a, "1. e4 *\n").unwrap();
    std::fs::write(&c, "1. d4 oh *\n").unwrap();
    let missing = dir.join("b.pgn");
    let args = [
        a.to_str().unwrap(),
        missing.to_str().unwrap(),
        c.to_str().unwrap(),
    ];
    let out = kifu_or_hang(&[&["check"][..], &args].concat());
    assert_eq!(code(&out), 2, "could not read everything: exit 2");
    assert!(
        stdout(&out).contains("checked 2 files (2 games): 1 error; 1 path could not be read"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("error[stray-text]"));
    assert_eq!(
        stderr(&out).trim_end(),
        format!(
            "kifu: cannot read {}: No such file or directory (os error 2)",
            missing.display()
        )
    );
    let out = kifu_or_hang(&[&["export", "--format", "jsonl"][..], &args].concat());
    assert_eq!(code(&out), 2);
    assert_eq!(stdout(&out).lines().count(), 2, "both games exported");
}

#[cfg(unix)]
#[test]
fn an_unreadable_entry_is_named_itself_not_its_folder() {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let dir = TempDir::new("unreadable");
    std::fs::write(dir.join("a.pgn"), "1. e4 *\n").unwrap();
    // A link to nothing with a game file's name cannot be read (one with another name is
    // skipped with a note).
    symlink("nowhere", dir.join("gone.pgn")).unwrap();
    symlink("nowhere", dir.join("gone")).unwrap();
    let out = kifu_or_hang(&["check", dir.to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    assert!(stdout(&out).starts_with(
        "checked 1 file (1 game): no problems; 1 path could not be read; 1 path skipped"
    ));
    let messages = stderr(&out);
    assert!(
        messages.contains(&format!(
            "kifu: cannot read {}: ",
            dir.join("gone.pgn").display()
        )),
        "{messages}"
    );
    assert!(
        messages.contains(&format!(
            "kifu: note: skipped {}: a symbolic link to nothing",
            dir.join("gone").display()
        )),
        "{messages}"
    );
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::write(locked.join("b.pgn"), "1. e4 *\n").unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read_dir(&locked).is_ok() {
        eprintln!("SKIPPED the unreadable folder: this user (root?) reads folders of mode 000");
    } else {
        let out = kifu_or_hang(&["check", dir.to_str().unwrap()]);
        assert_eq!(code(&out), 2);
        assert!(
            stderr(&out).contains(&format!("kifu: cannot read {}: ", locked.display())),
            "{}",
            stderr(&out)
        );
    }
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    // Old Mac files end lines with `\r` alone; LSP and the server count it as a line end.
    let path = kifu_e2e::temp_file("mac.pgn", b"[Event \"a\"]\r\r1. e4 e5\r2. Nf3 oh *\r");
    let path = path.to_str().unwrap();
    let out = kifu(&["check", "--syntax-only", "--format", "json", path]);
    let diag: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(diag["range"]["start"]["line"], 4);
    assert_eq!(diag["range"]["start"]["column"], 8);
    let out = kifu(&["check", "--syntax-only", path]);
    let text = stdout(&out);
    assert!(text.contains(&format!("--> {path}:4:8\n")), "{text}");
    assert!(text.contains("4 | 2. Nf3 oh *\n"), "{text}");
}

#[test]
fn a_long_line_is_cut_around_each_diagnostic() {
    // 40,000 diagnostics on one line of 320 kB, with characters of several bytes before each:
    // 20,000 games of two errors each (a game reports at most ten).
    let line: String = (0..20_000).map(|_| "1. e4 é $256 * ").collect();
    let path = kifu_e2e::temp_file("long-line.pgn", format!("{line}\n").as_bytes());
    let path = path.to_str().unwrap();
    let out = kifu(&["check", "--format", "json", path]);
    let diags: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        diags.len(),
        20_000 * 2,
        "each `é` is stray text, each `$256` a bad NAG"
    );
    for (i, pair) in diags.chunks(2).enumerate() {
        let nag = &pair[1]["range"];
        assert_eq!(pair[1]["code"], "invalid-nag");
        // `1. e4 é $256 * ` is 15 characters and 16 bytes; its NAG starts at character 8.
        assert_eq!(nag["start"]["column"], i * 15 + 9, "NAG {i}");
        assert_eq!(nag["end"]["column"], i * 15 + 13, "NAG {i}");
        assert_eq!(nag["start"]["offset"], i * 16 + 9, "NAG {i}");
    }
    let out = kifu(&["check", "--max-errors", "0", path]);
    let text = stdout(&out);
    let last = 19_999 * 15 + 9;
    assert!(
        text.contains(&format!("--> {path}:1:{last}\n")),
        "the real column"
    );
    for shown in text.lines().filter(|l| l.starts_with("1 | ")) {
        assert!(
            shown.chars().count() < 250,
            "a window, not the line: {shown}"
        );
    }
    assert!(
        text.lines()
            .any(|l| l.starts_with("1 | …") && l.ends_with('…')),
        "cut lines say so"
    );
}

#[test]
fn move_numbers_too_large_are_reported_not_wrapped() {
    // A debug build panicked on the first (the ply overflowed); a release build exported
    // `2147483647` with "no problems"; the second was silently ignored.
    let path = kifu_e2e::temp_file(
        "huge-numbers.pgn",
        b"1. e4 e5 2. Nf3 4294967295. Nc6 99999999999999999999... a6 *\n",
    );
    let path = path.to_str().unwrap();
    let out = kifu(&["check", "--syntax-only", "--format", "json", path]);
    assert_eq!(code(&out), 1);
    let diags: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let found: Vec<(&str, u64, u64)> = diags
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap(),
                d["range"]["start"]["column"].as_u64().unwrap(),
                d["range"]["end"]["column"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("move-number-too-large", 17, 27),
            ("move-number-too-large", 33, 53)
        ]
    );
    let out = kifu(&["export", "--format", "jsonl", path]);
    assert_eq!(code(&out), 0, "{}", String::from_utf8_lossy(&out.stderr));
    let game: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let numbered: Vec<(u64, &str)> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["number"].as_u64().unwrap(), m["side"].as_str().unwrap()))
        .collect();
    assert_eq!(
        numbered,
        [
            (1, "white"),
            (1, "black"),
            (2, "white"),
            (2, "black"),
            (3, "white")
        ],
        "the numbers are not read: counting goes on from the move before"
    );
    assert_eq!(game["diagnostics"].as_array().unwrap().len(), 2);
}

#[test]
fn a_negative_nag_is_one_diagnostic_that_covers_it() {
    let path = kifu_e2e::temp_file("negative-nag.pgn", b"1. e4 $-1 e5 *\n");
    let out = kifu(&["check", path.to_str().unwrap()]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(
        text.contains("error[invalid-nag]: `$-1` is not a NAG: NAGs run from `$0` to `$255`"),
        "{text}"
    );
    assert!(
        text.contains("1 | 1. e4 $-1 e5 *\n  |       ^^^\n"),
        "{text}"
    );
    assert!(
        text.ends_with("checked 1 file (1 game): 1 error\n"),
        "{text}"
    );
}

const RENE_UTF8: &str = "[White \"René\"]\n\n1. e4 {Réti} e5 *\n\n";
const RENE_LATIN1: &[u8] = b"[White \"Ren\xe9\"]\n\n1. e4 {R\xe9ti} e5 *\n\n";

#[test]
fn a_large_file_mixing_utf8_and_latin1_is_decoded_game_by_game() {
    // Over 8 MiB: read in several pieces. Every 1,000th game (and the last) is Latin-1.
    let games = 300_000;
    let latin1: Vec<usize> = (0..games)
        .filter(|i| i % 1000 == 7 || i + 1 == games)
        .collect();
    let mut bytes = Vec::new();
    for i in 0..games {
        if latin1.binary_search(&i).is_ok() {
            bytes.extend(RENE_LATIN1);
        } else {
            bytes.extend(RENE_UTF8.as_bytes());
        }
    }
    assert!(bytes.len() > 10 << 20);
    let dir = TempDir::new("mixed-encodings");
    let file = dir.join("mixed.pgn");
    std::fs::write(&file, &bytes).unwrap();
    let out = kifu(&[
        "check",
        "--syntax-only",
        "--format",
        "json",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "warnings only");
    let warned: Vec<usize> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .map(|d| {
            assert_eq!(d["code"], "not-utf8");
            assert_eq!(d["range"]["start"]["column"], 12, "at the é");
            let line = d["range"]["start"]["line"].as_u64().unwrap() as usize;
            assert_eq!(line % 4, 1, "on the game's first line");
            line / 4
        })
        .collect();
    assert_eq!(
        warned, latin1,
        "one warning for each Latin-1 game, none for the others"
    );
}

#[test]
fn utf8_and_latin1_games_in_one_file_are_each_read_right() {
    let mut bytes = RENE_UTF8.as_bytes().to_vec();
    bytes.extend(RENE_LATIN1);
    bytes.extend(RENE_UTF8.as_bytes());
    let path = kifu_e2e::temp_file("rene.pgn", &bytes);
    let path = path.to_str().unwrap();
    let out = kifu(&["export", "--format", "jsonl", path]);
    let games: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for game in &games {
        assert_eq!(game["tags"][0]["value"], "René");
        assert_eq!(game["moves"][0]["comments"][0], "Réti");
    }
    let warnings: Vec<usize> = games
        .iter()
        .map(|g| g["diagnostics"].as_array().unwrap().len())
        .collect();
    assert_eq!(warnings, [0, 1, 0]);
    assert_eq!(
        games[1]["diagnostics"][0]["message"],
        "this game is not UTF-8 (byte 0xE9 here); kifu read it as Windows-1252 (Latin-1)"
    );
    // `kifu tree` reads the file as `check` and `export` do.
    let out = kifu(&["tree", path]);
    let dump = stdout(&out);
    assert_eq!(dump.matches("warning[not-utf8]").count(), 1, "{dump}");
    assert_eq!(dump.matches("\"\\\"René\\\"\"").count(), 3, "{dump}");
}

#[test]
fn utf16_files_with_a_byte_order_mark_are_read_as_utf16() {
    for (name, text) in [
        ("utf16.pgn", "[White \"Réti\"]\n\n1. e4 e5 *\n"),
        ("utf16.pdn", "[White \"Réti\"]\n1. 32-28 19-23 *\n"),
    ] {
        let mut bytes = vec![0xFF, 0xFE];
        bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        let path = kifu_e2e::temp_file(name, &bytes);
        let path = path.to_str().unwrap();
        let out = kifu(&["check", "--syntax-only", path]);
        assert_eq!(code(&out), 0, "{name}: {}", stdout(&out));
        assert!(stdout(&out).ends_with("(1 game): no problems\n"), "{name}");
        let out = kifu(&["export", "--format", "jsonl", path]);
        let game: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(game["tags"][0]["value"], "Réti", "{name}");
    }
}

#[test]
fn a_file_with_no_game_boundaries_is_refused_in_bounded_memory() {
    // 70 MB of NUL bytes: no line, no game ends before the 64 MiB limit for one game. It
    // was read whole (1 GB took 20 GB of memory), and a game of 4 GiB panicked.
    let dir = TempDir::new("no-boundaries");
    let file = dir.join("zeros.pgn");
    let good = dir.join("good.pgn");
    let mut bytes = b"1. e4 *\n\n".to_vec();
    bytes.resize(70 << 20, 0);
    std::fs::write(&file, &bytes).unwrap();
    std::fs::write(&good, "1. d4 *\n").unwrap();
    let out = kifu_or_hang(&["check", file.to_str().unwrap(), good.to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    assert_eq!(
        stderr(&out).trim_end(),
        format!(
            "kifu: cannot read {}: the game on line 3 is longer than 64 MiB, the most kifu reads of one game (or the file has no line breaks between games, or is not a game file)",
            file.display()
        )
    );
    assert!(
        stdout(&out).ends_with("checked 1 file (2 games): no problems; 1 path could not be read\n"),
        "the first game of the file, and the other file: {}",
        stdout(&out)
    );
}

#[test]
fn tree_writes_the_whole_dump_of_a_deep_file() {
    // A dump grows with depth × size: 7 MB of this made 8 GB, which `kifu tree` held in
    // memory; it is now written as it is made (measured by hand: 190 MB). Here 14 kB make
    // 15 MB of dump, all of which must arrive.
    let text = "(;B[aa]".repeat(2_000);
    let path = kifu_e2e::temp_file("nested.sgf", text.as_bytes());
    let out = kifu(&["tree", path.to_str().unwrap()]);
    assert_eq!(code(&out), 1, "the nesting is an error");
    let dump = stdout(&out);
    assert!(dump.len() > 15_000_000, "{}", dump.len());
    assert_eq!(
        dump.matches("GAME_TREE@").count(),
        1_000,
        "nodes up to the depth cap"
    );
    assert!(dump
        .contains("error[nesting-too-deep] 7000..7001: game trees nest more than 1000 deep here"));
    let last = dump.lines().last().unwrap();
    assert_eq!(last.trim_start(), "VALUE@13996..14000 \"[aa]\"");
    // COLLECTION, 1,000 GAME_TREEs, NODE.
    assert_eq!(
        last.len() - last.trim_start().len(),
        2 * 1_002,
        "indented by its depth"
    );
}

/// Runs `kifu` with `args`, `input` on its standard input.
fn kifu_with_stdin(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = spawn_kifu(args, std::process::Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("kifu ends");
    writer.join().unwrap().expect("kifu reads its input");
    out
}

/// JSON Lines as values.
fn json_lines(output: &std::process::Output) -> Vec<Value> {
    stdout(output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn a_dash_reads_standard_input_in_the_notation_given() {
    let pgn = std::fs::read(workspace().join(ACCEPTANCE)).unwrap();
    let out = kifu_with_stdin(&["check", "--format", "json", "-"], &pgn);
    assert_eq!(code(&out), 1);
    let diags = json_lines(&out);
    assert_eq!(diags.len(), 3, "read as PGN by default");
    assert_eq!(diags[1]["file"], "<stdin>");
    assert_eq!(diags[1]["range"]["start"]["line"], 20);
    let out = kifu_with_stdin(&["check", "-"], &pgn);
    assert!(
        stdout(&out).contains("--> <stdin>:20:43\n"),
        "{}",
        stdout(&out)
    );

    let sgf = b"(;GM[1]FF[4]SZ[19];B[pd];W[dd]W[cc])";
    let out = kifu_with_stdin(
        &["check", "--notation", "sgf", "--format", "json", "-"],
        sgf,
    );
    let codes: Vec<Value> = json_lines(&out).iter().map(|d| d["code"].clone()).collect();
    assert_eq!(codes, ["duplicate-property"], "read as SGF");
    let out = kifu_with_stdin(
        &["export", "--notation", "sgf", "--format", "jsonl", "-"],
        sgf,
    );
    assert_eq!(code(&out), 0);
    let game: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(game["file"], "<stdin>");
    assert_eq!(game["moves"][0]["point"], "pd");

    let pdn = b"[GameType \"21\"]\n1. 11-15 23-19 *\n";
    let out = kifu_with_stdin(&["tree", "--notation", "pdn", "-"], pdn);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("\"11-15\""), "{}", stdout(&out));
    let out = kifu_with_stdin(&["export", "--format", "jsonl", "-"], &pgn);
    let game: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(game["result"], "1/2-1/2");

    // `--notation` also says how to read a file named on the command line.
    let path = kifu_e2e::temp_file("go-game.txt", sgf);
    let out = kifu(&[
        "check",
        "--notation",
        "sgf",
        "--format",
        "json",
        path.to_str().unwrap(),
    ]);
    assert_eq!(json_lines(&out)[0]["code"], "duplicate-property");
    let help = stdout(&kifu(&["check", "--help"]));
    assert!(help.contains("by default PGN for `-`"), "{help}");
}

/// Runs `kifu` with `args`, reads the first line of its output and closes the pipe, as
/// `kifu ... | head -1` does; returns that line, the exit code and stderr.
fn first_line_then_close(args: &[&str]) -> (String, i32, String) {
    use std::io::{BufRead, BufReader, Read};
    let mut child = spawn_kifu(args, std::process::Stdio::null());
    let mut stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).unwrap();
        text
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here: kifu's next write finds the pipe closed.
    let status = child.wait().unwrap();
    (
        first,
        status.code().expect("kifu exits, it is not killed"),
        errors.join().unwrap(),
    )
}

#[test]
fn closing_stdout_early_ends_quietly_with_the_status_of_a_normal_run() {
    // 3,000 errors: each command writes far more than a pipe holds (64 KiB), so kifu is
    // still writing when the reader goes away. It used to panic ("failed printing to
    // stdout: Broken pipe") and exit 2.
    let games = "1. e4 oh *\n\n".repeat(3_000);
    let path = kifu_e2e::temp_file("broken-pipe.pgn", games.as_bytes());
    let path = path.to_str().unwrap();
    let clean = kifu_e2e::temp_file(
        "broken-pipe-clean.pgn",
        "1. e4 e5 *\n\n".repeat(3_000).as_bytes(),
    );
    let clean = clean.to_str().unwrap();
    for (args, status, first) in [
        (
            vec!["check", "--max-errors", "0", path],
            1,
            "error[stray-text]",
        ),
        (vec!["check", "--format", "json", path], 1, "{\"file\""),
        (
            vec!["check", "--format", "github", path],
            1,
            "::error file=",
        ),
        (
            vec!["check", "--format", "sarif", path],
            1,
            "{\"version\":\"2.1.0\"",
        ),
        (vec!["tree", path], 1, "error[stray-text]"),
        (vec!["tree", clean], 0, "SOURCE_FILE@"),
        (vec!["export", path], 0, "["),
        (vec!["export", "--format", "jsonl", clean], 0, "{\"file\""),
    ] {
        let (line, code, errors) = first_line_then_close(&args);
        assert!(line.starts_with(first), "{args:?}: {line}");
        assert_eq!(code, status, "{args:?}: {errors}");
        assert!(!errors.contains("panicked"), "{args:?}: {errors}");
        assert!(!errors.contains("cannot write"), "{args:?}: {errors}");
    }
}

/// A full disk is not a closed pipe: the export says so and fails, even when all of its
/// JSON fits in its buffer and only the last write fails (that one was not checked).
#[cfg(target_os = "linux")]
#[test]
fn an_export_that_cannot_be_written_fails_with_a_message() {
    use std::process::{Command, Stdio};
    for format in ["json", "jsonl"] {
        let out = Command::new(kifu_e2e::kifu_bin())
            .args(["export", "--format", format, ACCEPTANCE])
            .current_dir(workspace())
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(code(&out), 2, "{format}");
        assert!(
            stderr(&out).contains("kifu: cannot write to standard output"),
            "{format}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn tree_says_where_its_errors_are_and_fails_on_them() {
    let out = kifu(&["tree", ACCEPTANCE]);
    assert_eq!(code(&out), 1, "errors fail the run, as with check");
    assert_eq!(
        stderr(&out).lines().nth(1).unwrap(),
        format!("{ACCEPTANCE}:20:43: error[stray-text]: `oh?` is not a move, move number, annotation, comment or result")
    );
    assert_eq!(stderr(&out).lines().count(), 3);
    assert!(
        stdout(&out).starts_with("error[unmatched-close-brace] 653..661: "),
        "stdout stays the .rast dump"
    );
    let unclosed = kifu_e2e::temp_file("unclosed.pgn", b"1. e4 {a\nb\n");
    let out = kifu(&["tree", unclosed.to_str().unwrap()]);
    let told = stderr(&out);
    let notes: Vec<&str> = told.lines().filter(|l| l.contains(": note: ")).collect();
    assert_eq!(notes.len(), 1, "{told}");
    assert!(notes[0].contains(":3:1: note: "), "{}", notes[0]);
    let out = kifu(&["tree", "fixtures/syntax/pgn/ok/0014_results.pgn"]);
    assert_eq!(code(&out), 0);
    assert_eq!(stderr(&out), "");
    let out = kifu(&["tree", "no/such.pgn"]);
    assert_eq!(code(&out), 2);
}

#[test]
fn a_folder_with_no_game_files_is_said_and_fails() {
    let dir = TempDir::new("no-games");
    std::fs::write(dir.join("notes.txt"), "not a game").unwrap();
    let name = dir.to_str().unwrap();
    let message = format!("kifu: no .pgn, .sgf or .pdn files under {name}\n");
    let out = kifu(&["check", name]);
    assert_eq!(code(&out), 2);
    assert_eq!(stderr(&out), message);
    assert_eq!(
        stdout(&out),
        "checked 0 files (0 games): no problems; 1 folder with no game files\n"
    );
    let out = kifu(&["export", "--format", "jsonl", name]);
    assert_eq!(code(&out), 2);
    assert_eq!(stderr(&out), message);
    // Beside a folder that has games, the games are checked and the status is still 2.
    let out = kifu(&["check", "--syntax-only", name, "fixtures/syntax/pgn/ok"]);
    assert_eq!(code(&out), 2);
    assert!(
        stdout(&out).contains("checked 43 files"),
        "{}",
        stdout(&out)
    );
    // A folder given twice is walked once, not reported empty the second time.
    let out = kifu(&[
        "check",
        "--syntax-only",
        "fixtures/syntax/pgn/ok",
        "fixtures/syntax/pgn/ok",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
}

/// One diagnostic of each severity and a few more: a PDN hint, SGF info, warnings and an
/// error, a Latin-1 PGN warning and an error.
fn one_of_each_severity() -> Vec<kifu_e2e::TempFile> {
    let files: [(&str, &[u8]); 3] = [
        ("sev-hint.pdn", b"1. 32 - 28 19-23 *\n"),
        (
            "sev-info.sgf",
            b"(;GM[1]FF[4]XY[whatever]LONGID[x];B[aa]W[bb])\n",
        ),
        ("sev-warning.pgn", b"[White \"Jos\xe9\"]\n\n1. e4 oh *\n"),
    ];
    files
        .iter()
        .map(|(name, bytes)| kifu_e2e::temp_file(name, bytes))
        .collect()
}

#[test]
fn the_summary_counts_under_the_names_the_json_uses() {
    let files = one_of_each_severity();
    let files: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    let out = kifu(&[&["check", "--syntax-only", "--format", "json"][..], &files].concat());
    let mut severities: Vec<String> = json_lines(&out)
        .iter()
        .map(|d| d["severity"].as_str().unwrap().to_string())
        .collect();
    severities.sort();
    assert_eq!(
        severities,
        ["error", "error", "hint", "info", "info", "warning", "warning"]
    );
    let summary = "checked 3 files (3 games): 2 errors, 2 warnings, 2 info, 1 hint\n";
    assert_eq!(stderr(&out), summary);
    let out = kifu(&[&["check", "--syntax-only"][..], &files].concat());
    assert!(stdout(&out).ends_with(summary), "{}", stdout(&out));
    assert!(!stdout(&out).contains("note"), "info is not called a note");
}

#[test]
fn codes_are_switched_off_and_on_in_the_order_given() {
    let codes = |args: &[&str]| -> (i32, Vec<String>) {
        let mut all = vec!["check", "--syntax-only", "--format", "json"];
        all.extend(args);
        all.push(ACCEPTANCE);
        let out = kifu(&all);
        let found = json_lines(&out)
            .iter()
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect();
        (code(&out), found)
    };
    assert_eq!(
        codes(&["--disable", "stray-text"]),
        (1, vec!["unmatched-close-brace".to_string()])
    );
    assert_eq!(
        codes(&["--disable", "all", "--enable", "stray-text"]),
        (1, vec!["stray-text".to_string(), "stray-text".to_string()])
    );
    assert_eq!(
        codes(&["--enable", "stray-text", "--disable", "all"]),
        (0, vec![]),
        "the last switch wins; what is not reported does not fail the run"
    );
    let out = kifu(&["check", "--disable", "stray-txt", ACCEPTANCE]);
    assert_eq!(code(&out), 2);
    let message = stderr(&out);
    assert!(
        message.contains("no diagnostic code is called `stray-txt`; the codes are `all`, "),
        "{message}"
    );
    assert!(message.contains("stray-text, invalid-nag"), "{message}");
    let out = kifu(&["check", "--disable", "all", ACCEPTANCE]);
    assert!(
        stdout(&out).ends_with("(1 game): no problems\n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn severity_sets_the_lowest_level_reported() {
    let files = one_of_each_severity();
    let files: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    for (lowest, shown, summary) in [
        ("error", 2, "2 errors\n"),
        ("warning", 4, "2 errors, 2 warnings\n"),
        ("info", 6, "2 errors, 2 warnings, 2 info\n"),
        ("hint", 7, "2 errors, 2 warnings, 2 info, 1 hint\n"),
    ] {
        let out = kifu(
            &[
                &[
                    "check",
                    "--syntax-only",
                    "--format",
                    "json",
                    "--severity",
                    lowest,
                ][..],
                &files,
            ]
            .concat(),
        );
        assert_eq!(code(&out), 1, "{lowest}");
        assert_eq!(json_lines(&out).len(), shown, "{lowest}");
        assert!(
            stderr(&out).ends_with(summary),
            "{lowest}: {}",
            stderr(&out)
        );
    }
    // Below the lowest level shown, a diagnostic is not counted either.
    let out = kifu(&["check", "--syntax-only", "--severity", "info", files[0]]);
    assert_eq!(code(&out), 0);
    assert!(
        stdout(&out).ends_with(": no problems\n"),
        "{}",
        stdout(&out)
    );
    assert_eq!(
        code(&kifu(&[
            "check",
            "--syntax-only",
            "--severity",
            "notes",
            files[0]
        ])),
        2
    );
}

#[test]
fn sgf_reports_written_beside_their_check_keep_the_caps_the_counts_and_the_order() {
    // SGF files are checked and their reports written on every core: each file's report
    // must still come in file order, capped per file, with everything counted.
    let dir = TempDir::new("sgf-reports");
    let mut expected = Vec::new();
    for i in 0..40 {
        // An unknown property (info) written `i + 1` times (each copy a warning) and a
        // point off the board (an error): `i + 2` diagnostics.
        let unknown: String = (0..=i).map(|_| "XX[1]").collect();
        let text = format!("(;GM[1]FF[4]SZ[9]{unknown};B[zz])");
        let name = format!("game{i:02}.sgf");
        std::fs::write(dir.join(&name), text).unwrap();
        expected.push(name);
    }
    let dir = dir.to_str().unwrap();
    let out = kifu(&["check", "--max-errors", "3", dir]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let files: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("--> "))
        .map(|at| at.split(':').next().unwrap_or(at))
        .collect();
    let mut shown = files.clone();
    shown.dedup();
    let names: Vec<String> = expected.iter().map(|n| format!("{dir}/{n}")).collect();
    assert_eq!(shown, names, "{text}");
    // Three shown of each file's i + 2: all of the first two files', some of the others'.
    assert_eq!(files.len(), 2 + 39 * 3, "{text}");
    assert_eq!(text.matches("more diagnostic").count(), 38, "{text}");
    assert!(
        text.contains(&format!(
            "\nand 38 more diagnostics in {dir}/game39.sgf (--max-errors 3; 0 shows them all)\n"
        )),
        "{text}"
    );
    let all: usize = (0..40).map(|i| i + 2).sum();
    let shown = 2 + 39 * 3;
    assert!(
        text.ends_with(&format!(
            "checked 40 files (40 games): 40 errors, {} warnings, 40 info ({} not shown)\n",
            all - 80,
            all - shown
        )),
        "{text}"
    );
    // Programs get every diagnostic, in file order too.
    let out = kifu(&["check", "--format", "json", dir]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), all);
    let order: Vec<&str> = lines.iter().filter_map(|l| l["file"].as_str()).collect();
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(order, sorted);
}

#[test]
fn max_errors_caps_what_is_shown_per_file_not_what_is_counted() {
    let games: String = (0..60).map(|i| format!("1. e4 x{i} *\n")).collect();
    let many = kifu_e2e::temp_file("sixty-errors.pgn", games.as_bytes());
    let many = many.to_str().unwrap();
    let few = kifu_e2e::temp_file("two-errors.pgn", b"1. e4 oh *\n1. d4 ah *\n");
    let few = few.to_str().unwrap();
    // The human format shows 50 per file by default.
    let out = kifu(&["check", "--syntax-only", many, few]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert_eq!(text.matches("error[stray-text]").count(), 52, "{text}");
    assert!(
        text.contains(&format!(
            "\nand 10 more diagnostics in {many} (--max-errors 50; 0 shows them all)\n"
        )),
        "{text}"
    );
    assert!(
        !text.contains(&format!("more diagnostics in {few}")),
        "{text}"
    );
    assert!(text.contains("`x49` is not a move") && !text.contains("`x50` is not a move"));
    assert!(
        text.ends_with("checked 2 files (62 games): 62 errors (10 not shown)\n"),
        "{text}"
    );
    let out = kifu(&["check", "--syntax-only", "--max-errors", "1", many, few]);
    let text = stdout(&out);
    assert_eq!(text.matches("error[stray-text]").count(), 2, "{text}");
    assert!(text.contains("and 1 more diagnostic in"), "{text}");
    let out = kifu(&["check", "--syntax-only", "--max-errors", "0", many]);
    assert_eq!(stdout(&out).matches("error[stray-text]").count(), 60);
    // Programs get everything unless they ask for less.
    let out = kifu(&["check", "--syntax-only", "--format", "json", many]);
    assert_eq!(json_lines(&out).len(), 60);
    let out = kifu(&[
        "check",
        "--syntax-only",
        "--format",
        "json",
        "--max-errors",
        "3",
        many,
    ]);
    assert_eq!(json_lines(&out).len(), 3);
    assert_eq!(
        stderr(&out),
        "checked 1 file (60 games): 60 errors (57 not shown)\n"
    );
    // The exit status counts what was not shown: here the error comes after a warning.
    let late = kifu_e2e::temp_file("late-error.pgn", b"[White \"Jos\xe9\"]\n\n1. e4 oh *\n");
    let out = kifu(&[
        "check",
        "--syntax-only",
        "--max-errors",
        "1",
        late.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert!(stdout(&out).contains("warning[not-utf8]"));
    assert!(!stdout(&out).contains("error[stray-text]"));
}

#[test]
fn github_annotations_escape_what_the_toolkit_escapes() {
    let out = kifu(&["check", "--format", "github", ACCEPTANCE]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(
        lines[1],
        format!("::error file={ACCEPTANCE},line=20,col=43,endLine=20,endColumn=46,title=stray-text::`oh?` is not a move, move number, annotation, comment or result")
    );
    assert_eq!(
        stderr(&out),
        "checked 1 file (1 game): 3 errors\n",
        "the summary is kept off stdout"
    );
    // `,` and `:` in a file name are escaped; related places are lines of the message.
    let dir = TempDir::new("github");
    let file = dir.join("a,b:c%.pgn");
    std::fs::write(&file, "1. e4 { never ends\n").unwrap();
    let out = kifu(&["check", "--format", "github", file.to_str().unwrap()]);
    let dir_name = dir.to_str().unwrap();
    let text = stdout(&out);
    let line = text.lines().next().unwrap();
    assert!(
        line.starts_with(&format!(
            "::error file={}/a%2Cb%3Ac%25.pgn,line=1,",
            dir_name
                .replace('%', "%25")
                .replace(':', "%3A")
                .replace(',', "%2C")
        )),
        "{line}"
    );
    assert!(line.contains(",title=unterminated-comment::"), "{line}");
    assert!(line.contains("%0A"), "a related place: {line}");
    assert!(!text.contains('\r') && text.lines().count() == 1, "{text}");
    // A range over several lines has no columns (the runner would drop them).
    let two = kifu_e2e::temp_file("two-lines.sgf", b"(;GM[1]FF[4]SZ[1\n9])");
    let out = kifu(&["check", "--format", "github", two.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(
        text.contains(",line=1,endLine=2,title=invalid-value::"),
        "{text}"
    );
    assert!(!text.contains("col="), "{text}");
}

/// Checks the structure SARIF 2.1.0 requires of what kifu writes (the properties its schema
/// marks required, and their types), without the schema file or a network.
fn assert_sarif_shape(log: &Value) {
    assert_eq!(log["version"], "2.1.0");
    assert!(log["$schema"].as_str().unwrap().starts_with("https://"));
    let runs = log["runs"].as_array().expect("runs is an array");
    assert_eq!(runs.len(), 1, "one run");
    let run = &runs[0];
    assert!(
        ["unicodeCodePoints", "utf16CodeUnits"].contains(&run["columnKind"].as_str().unwrap()),
        "columnKind says how columns are counted"
    );
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "kifu");
    assert!(driver["version"].is_string());
    let info = driver["informationUri"].as_str().expect("informationUri");
    assert!(info.starts_with("https://"), "an absolute URI: {info}");
    let rules: Vec<&str> = driver["rules"]
        .as_array()
        .expect("rules is an array")
        .iter()
        .map(|rule| {
            let level = rule["defaultConfiguration"]["level"].as_str().unwrap();
            assert!(
                ["none", "note", "warning", "error"].contains(&level),
                "{rule}"
            );
            rule["id"].as_str().expect("a rule has an id")
        })
        .collect();
    let results = run["results"].as_array().expect("results is an array");
    let region_ok = |region: &Value| {
        for key in ["startLine", "startColumn", "endLine", "endColumn"] {
            assert!(
                region[key].as_u64().unwrap() >= 1,
                "{key} is 1-based: {region}"
            );
        }
        assert!(region["endLine"].as_u64() >= region["startLine"].as_u64());
    };
    let mut used = Vec::new();
    for result in results {
        let rule = result["ruleId"].as_str().expect("ruleId is a string");
        assert!(rules.contains(&rule), "{rule} is among the rules");
        used.push(rule);
        let level = result["level"].as_str().unwrap();
        assert!(
            ["none", "note", "warning", "error"].contains(&level),
            "{result}"
        );
        assert!(result["message"]["text"].is_string(), "{result}");
        let locations = result["locations"].as_array().unwrap();
        assert_eq!(locations.len(), 1);
        for place in locations
            .iter()
            .chain(result["relatedLocations"].as_array().into_iter().flatten())
        {
            let physical = &place["physicalLocation"];
            let uri = physical["artifactLocation"]["uri"].as_str().unwrap();
            assert!(
                uri.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-._~/%:".contains(&b)),
                "a URI reference: {uri}"
            );
            region_ok(&physical["region"]);
        }
    }
    used.sort();
    used.dedup();
    let mut rules = rules.clone();
    rules.sort();
    assert_eq!(used, rules, "a rule for each code used, and no other");
}

#[test]
fn sarif_is_one_log_with_a_result_per_diagnostic() {
    let files = one_of_each_severity();
    let spaced = kifu_e2e::temp_file("with space é.pgn", b"1. e4 { never ends\n");
    let mut args = vec!["check", "--format", "sarif", ACCEPTANCE];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    args.push(spaced.to_str().unwrap());
    let out = kifu(&args);
    assert_eq!(code(&out), 1);
    let log: Value = serde_json::from_str(&stdout(&out)).expect("one JSON document");
    assert_sarif_shape(&log);
    args[2] = "json";
    let json = json_lines(&kifu(&args));
    let results = log["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), json.len());
    for (result, diag) in results.iter().zip(&json) {
        assert_eq!(result["ruleId"], diag["code"]);
        let region = &result["locations"][0]["physicalLocation"]["region"];
        assert_eq!(region["startLine"], diag["range"]["start"]["line"]);
        assert_eq!(region["startColumn"], diag["range"]["start"]["column"]);
        assert_eq!(region["endLine"], diag["range"]["end"]["line"]);
        assert_eq!(region["endColumn"], diag["range"]["end"]["column"]);
        let level = match diag["severity"].as_str().unwrap() {
            "info" | "hint" => "note",
            other => other,
        };
        assert_eq!(result["level"], level);
    }
    assert_eq!(
        results[1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        ACCEPTANCE
    );
    let last = &results[results.len() - 1];
    assert!(
        last["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .ends_with("/with%20space%20%C3%A9.pgn"),
        "{last}"
    );
    assert!(
        last["relatedLocations"][0]["message"]["text"].is_string(),
        "{last}"
    );
    // No diagnostics: still a whole log, with no rules.
    let out = kifu(&[
        "check",
        "--syntax-only",
        "--format",
        "sarif",
        "fixtures/syntax/pgn/ok",
    ]);
    assert_eq!(code(&out), 0);
    let log: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_sarif_shape(&log);
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
}

/// `kifu fmt`: `--check` says what is not formatted (a diff, status 1) and changes nothing;
/// without it files are rewritten (PGN, SGF, PDN), the second time to the same bytes; a
/// broken game, and a file in two encodings (a game in UTF-8, one in Latin-1), are left as
/// they are; `-` formats standard input.
#[test]
fn fmt_rewrites_checks_and_leaves_alone() {
    let dir = TempDir::new("fmt");
    let messy = dir.join("messy.pgn");
    let text = "[White \"Tal\"] [Event \"x\"]\r\n1.e4  e5 2.Nf3 {c} Nc6 1-0\r\n";
    std::fs::write(&messy, text).unwrap();
    let broken = dir.join("broken.pgn");
    std::fs::write(&broken, "[Event \"b\"]\n1. e4 ) e5 *\n").unwrap();
    let mixed = dir.join("mixed.pgn");
    std::fs::write(
        &mixed,
        b"[White \"M\xc3\xbcller\"]\n1.e4 *\n\n[White \"M\xfcller\"]\n1.d4 *\n",
    )
    .unwrap();
    let go = dir.join("go.sgf");
    std::fs::write(&go, "(;GM[1]SZ[9];B[ee] ;W[cc])").unwrap();
    let draughts = dir.join("draughts.pdn");
    std::fs::write(&draughts, "1. 32-28  19-23 *").unwrap();
    let dir_arg = dir.to_str().unwrap();

    let check = kifu(&["fmt", "--check", dir_arg]);
    assert_eq!(code(&check), 2, "mixed.pgn cannot be formatted");
    let stderr = String::from_utf8_lossy(&check.stderr);
    assert!(
        stderr.contains("mixed.pgn: it is neither UTF-8 nor all in one other encoding"),
        "{stderr}"
    );
    let diff = stdout(&check);
    assert!(diff.contains("-1.e4  e5 2.Nf3 {c} Nc6 1-0"), "{diff}");
    assert!(diff.contains("+1. e4 e5 2. Nf3 {c} 2... Nc6 1-0"), "{diff}");
    assert!(!diff.contains("broken"), "{diff}");
    assert_eq!(
        std::fs::read_to_string(&messy).unwrap(),
        text,
        "--check wrote"
    );

    std::fs::remove_file(&mixed).unwrap();
    assert_eq!(code(&kifu(&["fmt", "--check", dir_arg])), 1);
    let rewrite = kifu(&["fmt", dir_arg]);
    assert_eq!(
        code(&rewrite),
        0,
        "{}",
        String::from_utf8_lossy(&rewrite.stderr)
    );
    let stderr = String::from_utf8_lossy(&rewrite.stderr).to_string();
    assert!(
        stderr.contains("3 files rewritten, 1 file already formatted"),
        "{stderr}"
    );
    // The roster first, line ends kept (the file wrote `\r\n`), numbers as the standard has them.
    assert_eq!(
        std::fs::read_to_string(&messy).unwrap(),
        "[Event \"x\"]\r\n[White \"Tal\"]\r\n\r\n1. e4 e5 2. Nf3 {c} 2... Nc6 1-0\r\n"
    );
    assert_eq!(
        std::fs::read_to_string(&broken).unwrap(),
        "[Event \"b\"]\n1. e4 ) e5 *\n"
    );
    assert_eq!(
        std::fs::read_to_string(&go).unwrap(),
        "(;GM[1]SZ[9]\n;B[ee]\n;W[cc])\n"
    );
    assert_eq!(
        std::fs::read_to_string(&draughts).unwrap(),
        "1. 32-28 19-23 *\n"
    );
    assert_eq!(code(&kifu(&["fmt", "--check", dir_arg])), 0);
    // No temporary file is left behind.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 4, "{left:?}");

    let piped = kifu_with_stdin(&["fmt", "-"], b"1.e4 e5  *");
    assert_eq!(code(&piped), 0);
    assert_eq!(stdout(&piped), "1. e4 e5 *\n");
}

/// `kifu fmt` writes a file that is all in one encoding other than UTF-8 back in it, byte
/// for byte where it does not format: a Latin-1 PGN database, an SGF file in the GB2312 its
/// `CA[]` names, standard input in Latin-1; `--check` shows the diff in the text's own
/// characters.
#[test]
fn fmt_writes_a_file_back_in_its_encoding() {
    let dir = TempDir::new("fmt-encoding");
    let latin1 = dir.join("latin1.pgn");
    std::fs::write(
        &latin1,
        b"[White \"M\xfcller\"] [Event \"x\"]\n1.e4  e5 *\n",
    )
    .unwrap();
    let gb2312 = dir.join("gb2312.sgf");
    // `\xc0\xee` is 李 in GB2312.
    std::fs::write(&gb2312, b"(;CA[gb2312]GM[1]PB[\xc0\xee];B[ee] ;W[cc])").unwrap();
    let dir_arg = dir.to_str().unwrap();

    let check = kifu(&["fmt", "--check", dir_arg]);
    assert_eq!(
        code(&check),
        1,
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let diff = stdout(&check);
    assert!(diff.contains("+[White \"Müller\"]"), "{diff}");
    assert!(
        diff.contains("-(;CA[gb2312]GM[1]PB[李];B[ee] ;W[cc])"),
        "{diff}"
    );

    let rewrite = kifu(&["fmt", dir_arg]);
    assert_eq!(
        code(&rewrite),
        0,
        "{}",
        String::from_utf8_lossy(&rewrite.stderr)
    );
    assert_eq!(
        std::fs::read(&latin1).unwrap(),
        b"[Event \"x\"]\n[White \"M\xfcller\"]\n\n1. e4 e5 *\n"
    );
    assert_eq!(
        std::fs::read(&gb2312).unwrap(),
        b"(;CA[gb2312]GM[1]PB[\xc0\xee]\n;B[ee]\n;W[cc])\n"
    );
    assert_eq!(code(&kifu(&["fmt", "--check", dir_arg])), 0);

    let piped = kifu_with_stdin(&["fmt", "-"], b"{M\xfcller} 1.e4 e5  *");
    assert_eq!(code(&piped), 0);
    assert_eq!(piped.stdout, b"{M\xfcller} 1. e4 e5 *\n");
}
