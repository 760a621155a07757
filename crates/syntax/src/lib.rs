//! Lossless syntax trees for game records: PGN (chess), SGF (Go) and PDN (draughts).
//!
//! Parsing never fails: every input gives a tree that holds every byte of it, plus a list of
//! [`SyntaxError`]s with exact ranges. See `CONVENTIONS.md` for the design.

#![warn(missing_docs)]

mod cache;
mod diagnostic;
mod dump;
mod find;
mod language;
mod lexed;
mod notation;
pub mod parallel;
mod parse;
mod parser;
pub mod pdn;
pub mod pgn;
pub mod sgf;
mod sink;

pub use cache::NodeCache;
pub use diagnostic::{Code, Fix, Related, Severity, SyntaxError, TextEdit};
pub use dump::{debug_dump, write_debug_dump};
pub use find::token_at_offset;
pub use lexed::Lexed;
pub use notation::Notation;
pub use parse::Parse;
pub use rowan::{TextRange, TextSize};
