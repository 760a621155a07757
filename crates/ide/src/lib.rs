//! Editor features for game records, as plain functions over a parsed [`Document`].
//! Offsets only (`TextSize`, `TextRange`); the language server converts them to and from
//! LSP's positions, the CLI to lines and columns.
//!
//! What it offers, each a method of [`Document`] defined in its own module:
//!
//! | feature | method | module |
//! |---|---|---|
//! | parse, re-parse after an edit | [`Document::new`], [`Document::edited`], [`Document::into_edit`] | `document` |
//! | diagnostics | [`Document::diagnostics`], [`Document::from_bytes`] | `document` |
//! | quick fixes (each made beside its check) | [`Document::fixes`] | `document` |
//! | diagnostics of a big PGN file, game by game without a tree (the CLI) | [`check::pgn_game`] | [`check`] |
//! | every diagnostic code of every layer | [`codes`] | `lib` |
//! | the syntax tree (`.rast`) | [`Document::syntax_tree`] | `document` |
//! | the game model of each game | [`Document::games`], [`Document::game_at`] | [`game`] |
//! | hover | [`Document::hover`] | `hover` |
//! | completion: tags, values, legal moves, SGF identifiers, a new game | [`Document::completions`] | `complete` |
//! | outline (document symbols) | [`Document::symbols`] | `outline` |
//! | folding ranges | [`Document::folding_ranges`] | `folding` |
//! | semantic highlighting | [`Document::highlights`] | `highlight` |
//! | expand selection | [`Document::selection_ranges`] | `highlight` |
//! | export as data (JSON) | [`Document::export`], [`export::ExportedGame::new`] | [`export`] |
//! | the position at the cursor, drawn (board view, `kifu board`) | [`Document::position_at`], [`Document::position_of_ply`] | `position` |
//! | a move entered on a board, written into the record | [`Document::play_move`] | `play` |
//! | formatting (PGN, PDN, SGF), of a document or of the games a range touches | [`Document::formatted`], [`Document::formatted_range`] | `format` |
//!
//! Every fact about a game (move numbers, who moves, where it starts) is in [`game`]:
//! features read the model, which a document builds once per game and keeps while the
//! game does not change.

#![warn(missing_docs)]

mod annotation;
pub mod check;
pub mod codes;
mod complete;
mod diagnostics;
mod document;
mod eco;
pub mod export;
#[cfg(test)]
mod fixture;
mod folding;
mod format;
pub mod game;
mod highlight;
mod hover;
mod outline;
mod play;
mod position;
pub mod replay;
mod roles;
mod tags;

pub use complete::{Completion, CompletionKind};
pub use document::{Document, Unedited};
pub use folding::{Fold, FoldKind};
pub use format::FormatOptions;
pub use highlight::HighlightKind;
pub use hover::{Hover, HoverBoard};
pub use kifu_syntax::{
    Code, Fix, Notation, Related, Severity, SyntaxError, TextEdit, TextRange, TextSize,
};
pub use outline::{Symbol, SymbolKind};
pub use play::{PlayError, PlayedMove};
pub use position::{BoardOptions, PositionAt};

/// Every diagnostic code of every layer (the syntax's, reading's, the replay's, then the
/// tags'): what the
/// CLI's `--disable` and the server's `diagnostics.disabled` setting accept.
pub fn codes() -> impl Iterator<Item = Code> {
    Code::ALL
        .iter()
        .chain(kifu_input::codes::ALL)
        .chain(codes::ALL)
        .chain(diagnostics::tags::codes::ALL)
        .copied()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    #[test]
    fn every_code_is_documented_with_a_section_and_named_once() {
        let docs = include_str!("../../../docs/diagnostics.md");
        let mut names = HashSet::new();
        for code in super::codes() {
            let name = code.as_str();
            assert!(names.insert(name), "two codes are named `{name}`");
            assert!(
                docs.contains(&format!("\n| `{name}` |")),
                "docs/diagnostics.md lists no `{name}` in a table"
            );
            assert!(
                docs.contains(&format!("\n### `{name}`\n")),
                "docs/diagnostics.md has no section for `{name}`"
            );
        }
        // And the documentation names no code that does not exist.
        for line in docs.lines() {
            if let Some(name) = line.strip_prefix("### `").and_then(|l| l.strip_suffix('`')) {
                assert!(
                    names.contains(name),
                    "docs/diagnostics.md documents `{name}`, no code"
                );
            }
        }
    }
}
