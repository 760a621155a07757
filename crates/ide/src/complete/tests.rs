use crate::{CompletionKind, Document, Notation, TextSize};

/// The labels offered where `$0` stands in `text`.
fn labels(notation: Notation, text: &str) -> Vec<String> {
    let offset = text.find("$0").expect("a cursor");
    let text = text.replacen("$0", "", 1);
    let document = Document::new(notation, text);
    document
        .completions(TextSize::from(offset as u32))
        .into_iter()
        .map(|c| c.label)
        .collect()
}

#[test]
fn tag_names_roster_first() {
    let found = labels(Notation::Pgn, "[Ev$0 \"x\"]\n\n1. e4 *");
    assert_eq!(
        &found[..7],
        ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
    );
}

#[test]
fn closed_values_ecos_and_players() {
    assert_eq!(
        labels(Notation::Pgn, "[Result \"$0\"]\n\n1. e4 *"),
        ["1-0", "0-1", "1/2-1/2", "*"]
    );
    let eco = labels(Notation::Pgn, "[ECO \"C$0\"]\n\n1. e4 *");
    assert!(
        eco.contains(&"C80".to_string()) && eco.len() > 400,
        "{}",
        eco.len()
    );
    assert_eq!(
        labels(
            Notation::Pgn,
            "[White \"Tal\"]\n[Black \"Botvinnik\"]\n\n1. e4 *\n\n[White \"$0\"]\n\n1. d4 *"
        ),
        ["Botvinnik", "Tal"]
    );
    assert_eq!(
        labels(Notation::Pdn, "[GameType \"$0\"]\n1. 32-28 *")[..2],
        ["20", "21"]
    );
}

#[test]
fn legal_moves_at_the_cursor_checks_and_captures_first() {
    // After 1. e4 d5: White's 20 moves... and exd5 first among them (a capture).
    let found = labels(Notation::Pgn, "1. e4 d5 2. $0 *");
    assert_eq!(found.len(), 31, "{found:?}");
    assert_eq!(found[0], "Bb5+");
    assert_eq!(found[1], "exd5");
    // In a variation: the position it starts from (1. e4 replaced: the start).
    let start = labels(Notation::Pgn, "1. e4 (1. $0) e5 *");
    assert_eq!(start.len(), 20);
    // Inside a comment: nothing.
    assert!(labels(Notation::Pgn, "1. e4 {a $0 comment} e5 *").is_empty());
}

#[test]
fn sgf_identifiers_and_new_games() {
    let found = labels(Notation::Sgf, "(;GM[1]$0)");
    assert!(found.contains(&"KM".to_string()) && found.contains(&"B".to_string()));
    let document = Document::new(Notation::Pgn, String::new());
    let snippet = document.completions(TextSize::from(0));
    assert_eq!(snippet.len(), 1);
    assert_eq!(snippet[0].kind, CompletionKind::Snippet);
    assert!(snippet[0].insert.starts_with("[Event \"${1:?}\"]"));
    // Today's date, as PGN writes it.
    let date = snippet[0]
        .insert
        .lines()
        .nth(2)
        .unwrap_or_default()
        .to_string();
    assert!(
        date.len() == "[Date \"2026.12.01\"]".len() && date.starts_with("[Date \"20"),
        "{date}"
    );
}

#[test]
fn sgf_values_and_root_properties_in_the_root_only() {
    assert_eq!(
        labels(Notation::Sgf, "(;GM[1]RU[J$0])")[..2],
        ["Japanese", "Chinese"]
    );
    assert_eq!(labels(Notation::Sgf, "(;GM[1]CA[$0])")[0], "UTF-8");
    let root = labels(Notation::Sgf, "(;GM[1]$0;B[aa])");
    let later = labels(Notation::Sgf, "(;GM[1];B[aa]$0)");
    assert!(root.contains(&"SZ".to_string()));
    assert!(!later.contains(&"SZ".to_string()) && later.contains(&"C".to_string()));
}
