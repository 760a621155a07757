//! Editor features for game records, as plain functions over a parsed [`Document`].
//! Offsets only (`TextSize`, `TextRange`); the language server converts them to and from
//! LSP's positions, the CLI to lines and columns.
//!
//! What it offers, each a method of [`Document`] defined in its own module:
//!
//! | feature | method | module |
//! |---|---|---|
//! | parse, re-parse after an edit | [`Document::new`], [`Document::edited`] | `document` |
//! | diagnostics | [`Document::diagnostics`] | `document` |
//! | the syntax tree (`.rast`) | [`Document::syntax_tree`] | `document` |
//! | the game model of each game | [`Document::games`], [`Document::game_at`] | [`game`] |
//! | hover | [`Document::hover`] | `hover` |
//! | outline (document symbols) | [`Document::symbols`] | `outline` |
//! | folding ranges | [`Document::folding_ranges`] | `folding` |
//! | semantic highlighting | [`Document::highlights`] | `highlight` |
//! | expand selection | [`Document::selection_ranges`] | `highlight` |
//! | export as data (JSON) | [`Document::export`], [`export::ExportedGame::new`] | [`export`] |
//!
//! Every fact about a game (move numbers, who moves, where it starts) is in [`game`]:
//! features read the model, which a document builds once per game and keeps while the
//! game does not change.

#![warn(missing_docs)]

mod document;
mod eco;
pub mod export;
#[cfg(test)]
mod fixture;
mod folding;
pub mod game;
mod highlight;
mod hover;
mod outline;
mod tags;

pub use document::{Document, Notation};
pub use folding::{Fold, FoldKind};
pub use highlight::HighlightKind;
pub use hover::Hover;
pub use kifu_syntax::{Code, Related, Severity, SyntaxError, TextRange, TextSize};
pub use outline::{Symbol, SymbolKind};
