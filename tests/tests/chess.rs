//! Chess replay through the `kifu` binary, on the real games of the corpus.

use kifu_e2e::{corpus, kifu};
use serde_json::Value;

/// Every move of every game of the real files (pgn-reader's benchmark files, TCEC with its
/// Chess960 event, python-chess's data, TWIC, mliebelt's and chess.js's files, pgn-extract's
/// inputs) is played, variations included: no move is illegal, ambiguous or wrongly marked.
/// What the replay does find is true of the files, and listed here.
#[test]
fn real_games_replay_without_an_illegal_move() {
    let Some(corpus) = corpus() else { return };
    let out = kifu(&[
        "check",
        "--format",
        "json",
        corpus.join("pgn").to_str().unwrap(),
    ]);
    let mut found: Vec<String> = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let d: Value = serde_json::from_str(line).unwrap();
        let code = d["code"].as_str().unwrap();
        if [
            "illegal-move",
            "ambiguous-move",
            "wrong-check-mark",
            "wrong-disambiguation",
            "wrong-move-number",
            "result-contradicted",
            "foreign-piece-letters",
            "invalid-fen",
            "not-replayed",
        ]
        .contains(&code)
        {
            let file = d["file"].as_str().unwrap();
            let file = &file[file.find("pgn/").unwrap_or(0)..];
            found.push(format!("{code} {file}:{}", d["range"]["start"]["line"]));
        }
    }
    found.sort();
    assert_eq!(
        found,
        [
            // pgn-extract's output in German notation (its -Wdeutsch option).
            "foreign-piece-letters pgn/pgn-extract/test/outfiles/test-WWdeutsch-out.pgn:11",
            "foreign-piece-letters pgn/pgn-extract/test/outfiles/test-Wdeutsch-out.pgn:11",
            // pgn-extract's test of --fixresulttags: results written wrong on purpose.
            "result-contradicted pgn/pgn-extract/test/infiles/test-fixresulttags-in.pgn:13",
            "result-contradicted pgn/pgn-extract/test/infiles/test-fixresulttags-in.pgn:34",
            "result-contradicted pgn/pgn-extract/test/infiles/test-fixresulttags-in.pgn:50",
            "result-contradicted pgn/pgn-extract/test/infiles/test-fixresulttags-in.pgn:65",
            "result-contradicted pgn/pgn-extract/test/infiles/test-fixresulttags-in.pgn:81",
        ],
        "{}",
        found.join("\n")
    );
}
