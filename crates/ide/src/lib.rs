//! Editor features for game records, as plain functions over a parsed [`Document`]:
//! diagnostics, folding, hover and the outline. Offsets only (`TextSize`, `TextRange`);
//! the language server converts them to and from LSP's positions.

#![warn(missing_docs)]

mod document;
mod eco;
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

#[cfg(test)]
mod tests;
