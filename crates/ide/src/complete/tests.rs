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
    // The opening book's moves first, named; then checks, then captures.
    let (doc, offset) = crate::fixture::document(Notation::Pgn, "1. e4 d5 2. $0 *");
    let all = doc.completions(offset);
    let book: Vec<String> = all
        .iter()
        .take_while(|c| {
            c.detail
                .as_ref()
                .is_some_and(|d| d.starts_with(['A', 'B', 'C', 'D', 'E']))
        })
        .map(|c| format!("{} {}", c.label, c.detail.as_deref().unwrap_or("")))
        .collect();
    assert!(
        book.iter()
            .any(|b| b.starts_with("exd5 B01 Scandinavian Defense")),
        "{book:?} {:?}",
        all.iter()
            .take(5)
            .map(|c| (&c.label, &c.detail))
            .collect::<Vec<_>>()
    );
    let rest: Vec<&str> = all[book.len()..].iter().map(|c| c.label.as_str()).collect();
    assert_eq!(rest[0], "Bb5+", "{rest:?}");
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

#[test]
fn draughts_moves_biggest_captures_first() {
    assert_eq!(
        labels(Notation::Pdn, "[GameType \"20\"]\n1. 32-28 19-23 2. $0 *"),
        ["28x19"]
    );
    let start = labels(Notation::Pdn, "[GameType \"20\"]\n1. $0 *");
    assert_eq!(start.len(), 9, "{start:?}");
    assert!(start.contains(&"32-28".to_string()));
    // Two paths from 22 to 6: each written whole.
    assert_eq!(
        labels(
            Notation::Pdn,
            "[GameType \"21\"]\n[FEN \"W:W22:B17,18,9,10\"]\n1... $0 *"
        ),
        ["22x13x6", "22x15x6"]
    );
}

#[test]
fn go_points_where_the_colour_may_play() {
    // On 3x3 after B center: White may play the 8 empty points, or pass.
    let points = labels(Notation::Sgf, "(;GM[1]SZ[3];B[bb];W[$0])");
    assert_eq!(points.len(), 9, "{points:?}");
    assert!(!points.contains(&"bb".to_string()));
    assert_eq!(points.last().map(String::as_str), Some("pass"));
    let (doc, offset) = crate::fixture::document(Notation::Sgf, "(;GM[1]SZ[3];B[bb];W[$0])");
    let aa = doc
        .completions(offset)
        .into_iter()
        .find(|c| c.label == "aa")
        .unwrap();
    assert_eq!(aa.detail.as_deref(), Some("A3"));
    // A point that would be suicide is not offered: Black's own eye at aa is, White's not.
    let eye = labels(Notation::Sgf, "(;GM[1]SZ[3]AB[ba][ab][bb];W[$0])");
    assert!(!eye.contains(&"aa".to_string()), "{eye:?}");
}

#[test]
fn sgf_identifiers_by_the_kind_of_node() {
    let in_move = labels(Notation::Sgf, "(;GM[1];B[aa]$0)");
    assert!(!in_move.contains(&"AB".to_string()) && in_move.contains(&"C".to_string()));
    assert!(
        !in_move.contains(&"PB".to_string()),
        "game information in the root only"
    );
    let in_setup = labels(Notation::Sgf, "(;GM[1];AB[aa]$0)");
    assert!(!in_setup.contains(&"B".to_string()) && in_setup.contains(&"AW".to_string()));
    let root = labels(Notation::Sgf, "(;GM[1]$0)");
    assert!(root.contains(&"PB".to_string()) && root.contains(&"B".to_string()));
    // Each with its name and the values it takes.
    let (doc, offset) = crate::fixture::document(Notation::Sgf, "(;GM[1]$0)");
    let km = doc
        .completions(offset)
        .into_iter()
        .find(|c| c.label == "KM")
        .unwrap();
    assert_eq!(km.detail.as_deref(), Some("Komi; takes a real number"));
}

#[test]
fn players_are_kept_per_game_and_follow_an_edit() {
    let text = "[White \"Tal\"]\n[Black \"Botvinnik\"]\n\n1. e4 *\n\n[White \"Smyslov\"]\n\n1. c4 *\n\n[White \"\"]\n\n1. d4 *";
    let cursor = TextSize::from(text.rfind("\"\"").expect("the empty value") as u32 + 1);
    let offered = |document: &Document| -> Vec<String> {
        (document.completions(cursor).into_iter())
            .map(|c| c.label)
            .collect()
    };
    let document = Document::new(Notation::Pgn, text.to_string());
    assert_eq!(offered(&document), ["Botvinnik", "Smyslov", "Tal"]);
    // The second game's player renamed: its names are read again, the others' kept.
    let at = text.find("Smyslov").expect("a name") as u32;
    let edit = crate::TextRange::at(at.into(), 7.into());
    let edited = document.edited(edit, "Petrosian");
    let cursor_after = cursor + TextSize::from(2);
    let after: Vec<String> = (edited.completions(cursor_after).into_iter())
        .map(|c| c.label)
        .collect();
    assert_eq!(after, ["Botvinnik", "Petrosian", "Tal"]);
}
