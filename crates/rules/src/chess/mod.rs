//! Chess and its variants: positions, and playing moves as PGN files write them.
//!
//! A move comes in as text (`Nf3`, `exd5`, `e8=Q+`, `O-O`, and the forms real files use:
//! `0-0`, `e8Q`, `e2-e4`, `e2e4`, `Sf3`, `♘f3`, `N@f3`, `--`) with the position it is
//! played in and the game's [`Dialect`]; out comes a [`Played`] move with the new position
//! and the facts a checker needs, or an [`IllegalMove`] that says why.
//!
//! ```
//! use kifu_rules::chess::{Dialect, Position, Variant};
//!
//! let start = Position::new(Variant::Standard);
//! let played = start.play("Ng1-f3", &Dialect::ENGLISH).unwrap();
//! assert_eq!(played.san().to_string(), "Nf3");
//! assert_eq!(played.uci().to_string(), "g1f3");
//! ```
//!
//! The rules are shakmaty's; this module reads the notation around them.

mod illegal;
mod language;
mod played;
mod position;
mod resolution;
mod variant;
mod written;

pub use illegal::{
    Candidate, CastlingError, DropError, IllegalMove, IllegalReason, KingDanger, PromotionError,
};
pub use language::{detect_language, Dialect, Language};
pub use played::{CheckMark, Form, Forms, Played, StandardSan};
pub use position::{FenError, FenField, FenProblem, Outcome, Position, VariantEnd};
pub use variant::Variant;

/// The shakmaty types this module's API speaks in.
pub use shakmaty::{
    san::{San, SanPlus},
    uci::UciMove,
    CastlingMode, CastlingSide, Color, File, Move, Rank, Role, Square,
};

#[cfg(test)]
mod tests;
