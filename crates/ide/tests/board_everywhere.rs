//! The board at any place of any file: on every fixture of the repository, broken ones
//! included, the position at many offsets (a cursor can be anywhere: inside a tag, a
//! comment, an unclosed variation, a half-written move), the hover there with its board,
//! and a move entered there never panic, and what they say is consistent: the position's
//! move is a range of the text, its neighbours too, and a move written into the text is
//! read back as a move.

use std::path::Path;

use kifu_ide::{BoardOptions, Document, HoverBoard, Notation, TextSize};

mod common;

/// At most this many cursor places a file: enough to reach every kind of place in the
/// fixtures, few enough for `cargo test` in debug.
const PLACES: usize = 24;

#[test]
fn boards_and_moves_anywhere_in_the_fixtures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut checked = 0;
    let mut played = 0;
    for (extension, notation, mv) in [
        ("pgn", Notation::Pgn, "e2e4"),
        ("sgf", Notation::Sgf, "dd"),
        ("pdn", Notation::Pdn, "32-28"),
    ] {
        let mut files = Vec::new();
        kifu_testing::game_files(&root, &[extension], &mut files);
        files.sort();
        assert!(!files.is_empty(), "no .{extension} fixtures");
        for file in files {
            let bytes = std::fs::read(&file).expect("a readable fixture");
            let document = Document::from_bytes(notation, &bytes);
            let text = document.text();
            let step = (text.len() / PLACES).max(1);
            let options = BoardOptions {
                targets: true,
                move_numbers: true,
                ..BoardOptions::default()
            };
            for offset in (0..=text.len()).step_by(step) {
                if !text.is_char_boundary(offset) {
                    continue;
                }
                let at = TextSize::from(offset as u32);
                let name = format!("{} at {offset}", file.display());
                if let Some(position) = document.position_at(at, &options) {
                    checked += 1;
                    for range in position
                        .current
                        .iter()
                        .chain(&position.previous)
                        .chain(&position.next)
                    {
                        assert!(usize::from(range.end()) <= text.len(), "{name}");
                    }
                    assert!(
                        position
                            .game_range
                            .contains_range(position.current.unwrap_or_default())
                            || position.current.is_none(),
                        "{name}"
                    );
                    assert!(
                        !position.diagram.is_empty() || position.svg.is_empty(),
                        "{name}"
                    );
                }
                let _ = document.hover(at, HoverBoard::Text);
                if let Ok(written) = document.play_move(at, mv) {
                    played += 1;
                    let mut new = text.to_string();
                    for edit in written.edits.iter().rev() {
                        new.replace_range(std::ops::Range::<usize>::from(edit.range), &edit.insert);
                    }
                    let end = usize::from(written.selection.end());
                    assert!(end <= new.len(), "{name}: the selection is past the text");
                    // The move is where the selection says, and is a move of the new text.
                    let after = Document::new(notation, new);
                    let start = written.selection.start();
                    let there = after
                        .position_at(start, &BoardOptions::default())
                        .unwrap_or_else(|| panic!("{name}: no position at the written move"));
                    // The board there is after that move: its range holds what was selected.
                    let current = there
                        .current
                        .unwrap_or_else(|| panic!("{name}: the written move is not a move"));
                    assert!(
                        current.contains_range(written.selection),
                        "{name}: wrote {:?}, the move there is {:?}",
                        &after.text()[written.selection],
                        &after.text()[current]
                    );
                }
            }
        }
    }
    eprintln!("{checked} positions, {played} moves written");
    assert!(
        checked > 1000 && played > 100,
        "{checked} positions, {played} moves"
    );
}
