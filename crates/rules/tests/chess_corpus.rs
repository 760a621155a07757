//! Replays every move, main line and variations, of the real games in the shared corpus,
//! and asserts that the only illegal moves found are the ones the files really have.
//!
//! Run with `cargo test --release -p kifu-rules --test chess_corpus -- --nocapture` for
//! the figures; with `CHESS_CORPUS_FORMS=1` it also prints every move written in a
//! non-standard form.

use std::path::Path;
use std::time::{Duration, Instant};

use kifu_rules::chess::{detect_language, Dialect, Form, Language, Position, Variant};
use kifu_syntax::pgn::{self, ast::MovetextItem};

mod common;
use common::corpus;

/// The directories replayed, under the corpus.
const DIRS: &[&str] = &[
    "pgn/pgn-reader-bench",
    "pgn/tcec",
    "pgn/python-chess/data/pgn",
    "pgn/tree-sitter-pgn/examples/succeeding",
    "pgn/mliebelt-pgn-parser",
];

/// The illegal moves the files really contain: `file name, game number (from 1), move
/// text, reason`. There are none: every move of these real files is legal. The nearest is
/// mliebelt's `sampleGameThrow.pgn`, whose `2. Sf3` ("German, should be Nf3", says the
/// file) plays as a knight with a borrowed-letter note, and whose game stays English.
const REAL_ILLEGAL_MOVES: &[(&str, usize, &str, &str)] = &[];

#[derive(Default)]
struct Tally {
    games: usize,
    moves: usize,
    replay: Duration,
    /// `(file, game, move, reason)`.
    illegal: Vec<(String, usize, String, String)>,
    /// Games read in another language than English.
    languages: Vec<(String, usize, Language)>,
    /// Games whose start position could not be set up.
    setup_errors: Vec<String>,
    /// Moves whose check mark (`+`, `#`, none) is not the one they deserve (UCI aside).
    wrong_marks: Vec<String>,
    /// How often each non-standard form was played.
    forms: std::collections::BTreeMap<String, usize>,
}

/// The text of a move: a SAN token, or a single word the PGN parser did not take for a
/// move (its lexer knows English letters only, so `Sf3` is an error there).
fn move_text(item: &MovetextItem) -> Option<String> {
    match item {
        MovetextItem::SanMove(m) => m.san(),
        MovetextItem::Error(node) => {
            let text = node.to_string();
            let word = text.trim();
            (!word.is_empty() && !word.contains(char::is_whitespace)).then(|| word.to_string())
        }
        _ => None,
    }
}

/// Replays `items` from `start`. A variation replaces the move before it, so it starts
/// from the position before that move. After an illegal move the rest of its line is
/// skipped (its variations too, but for those right after it, which replace it).
fn replay(
    items: impl Iterator<Item = MovetextItem>,
    start: &Position,
    dialect: &Dialect,
    game: &str,
    tally: &mut Tally,
    illegal: &mut Vec<(String, String)>,
) {
    let mut before = start.clone();
    let mut current = start.clone();
    let mut dead = false;
    let mut skipped = false;
    for item in items {
        match item {
            MovetextItem::SanMove(_) | MovetextItem::Error(_) => {
                let Some(text) = move_text(&item) else {
                    continue;
                };
                if dead {
                    skipped = true;
                    continue;
                }
                match current.play(&text, dialect) {
                    Ok(played) => {
                        tally.moves += 1;
                        if !played.forms().is_empty() && std::env::var("CHESS_CORPUS_FORMS").is_ok()
                        {
                            eprintln!(
                                "FORMS {game}: {text} -> {} {:?}",
                                played.san(),
                                played.forms()
                            );
                        }
                        // UCI writes no check marks; every other move's mark is checked.
                        if played.written_check() != played.check_mark()
                            && !played.forms().contains(Form::Uci)
                        {
                            tally
                                .wrong_marks
                                .push(format!("{game}: {text} should be {}", played.san()));
                        }
                        for form in played.forms().iter() {
                            *tally.forms.entry(format!("{form:?}")).or_default() += 1;
                        }
                        before = std::mem::replace(&mut current, played.into_position());
                    }
                    Err(error) => {
                        illegal.push((text, error.to_string()));
                        before = current.clone();
                        dead = true;
                    }
                }
            }
            MovetextItem::Variation(v) if !skipped => {
                replay(v.items(), &before, dialect, game, tally, illegal);
            }
            _ => {}
        }
    }
}

/// The main line's moves, for language detection.
fn main_line(items: impl Iterator<Item = MovetextItem>) -> Vec<String> {
    items.filter_map(|item| move_text(&item)).collect()
}

fn replay_file(path: &Path, tally: &mut Tally) {
    let bytes = std::fs::read(path).expect("corpus file is readable");
    // Move text is ASCII; a lossy read is enough for the tags and moves.
    let text = String::from_utf8_lossy(&bytes);
    let parse = pgn::parse(&text);
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    for (i, game) in parse.source_file().games().enumerate() {
        let number = i + 1;
        let variant = match game.tag("Variant") {
            Some(tag) => match Variant::from_tag(&tag) {
                Some(v) => v,
                None => {
                    tally
                        .setup_errors
                        .push(format!("{name} game {number}: unknown variant {tag:?}"));
                    continue;
                }
            },
            None => Variant::Standard,
        };
        let start = match game.tag("FEN") {
            Some(fen) => match Position::from_fen(variant, &fen) {
                Ok(p) => p,
                Err(e) => {
                    tally
                        .setup_errors
                        .push(format!("{name} game {number}: {e} in {fen:?}"));
                    continue;
                }
            },
            None => Position::new(variant),
        };
        let Some(movetext) = game.movetext() else {
            tally.games += 1;
            continue;
        };
        let clock = Instant::now();
        let mut illegal = Vec::new();
        replay(
            movetext.items(),
            &start,
            &Dialect::ENGLISH,
            &name,
            tally,
            &mut illegal,
        );
        if !illegal.is_empty() {
            // What the caller does: find the language the game reads best in.
            let moves = main_line(movetext.items());
            let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
            if let Some(language) = detect_language(&start, &moves) {
                if language != Language::English {
                    tally.languages.push((name.clone(), number, language));
                    illegal.clear();
                    let dialect = Dialect::new(language);
                    replay(
                        movetext.items(),
                        &start,
                        &dialect,
                        &name,
                        tally,
                        &mut illegal,
                    );
                }
            }
        }
        tally.replay += clock.elapsed();
        tally.games += 1;
        for (text, reason) in illegal {
            tally.illegal.push((name.clone(), number, text, reason));
        }
    }
}

#[test]
fn every_corpus_move_replays() {
    let Some(corpus) = corpus("") else { return };
    let mut tally = Tally::default();
    let clock = Instant::now();
    for dir in DIRS {
        let mut files = Vec::new();
        kifu_testing::game_files(&corpus.join(dir), &["pgn"], &mut files);
        assert!(!files.is_empty(), "no PGN files under {dir}");
        for path in files {
            replay_file(&path, &mut tally);
        }
    }
    let total = clock.elapsed();
    let seconds = tally.replay.as_secs_f64();
    eprintln!(
        "replayed {} games, {} moves in {:.3} s ({:.0} games/s, {:.0} moves/s); {:.3} s with reading and parsing",
        tally.games,
        tally.moves,
        seconds,
        tally.games as f64 / seconds,
        tally.moves as f64 / seconds,
        total.as_secs_f64()
    );
    for error in &tally.setup_errors {
        eprintln!("setup: {error}");
    }
    for mark in &tally.wrong_marks {
        eprintln!("check mark: {mark}");
    }
    for (form, count) in &tally.forms {
        eprintln!("form: {form}: {count} moves");
    }
    for (file, game, language) in &tally.languages {
        eprintln!("language: {file} game {game}: {language}");
    }
    for (file, game, text, reason) in &tally.illegal {
        eprintln!("illegal: {file} game {game}: {text}: {reason}");
    }
    let found: Vec<(&str, usize, &str, &str)> = tally
        .illegal
        .iter()
        .map(|(f, g, t, r)| (f.as_str(), *g, t.as_str(), r.as_str()))
        .collect();
    assert_eq!(found, REAL_ILLEGAL_MOVES);
    // Every file marks its checks and mates as Lichess does: a test of `check_mark`.
    assert_eq!(tally.wrong_marks, Vec::<String>::new());
    assert!(tally.games > 5_000, "only {} games", tally.games);
}
