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
//!
//! A checker replays a game like this:
//!
//! 1. The start: [`Variant::from_tag`] on the `Variant` tag (reporting an unknown one once),
//!    then [`Position::from_fen`] on the `FEN` tag or [`Position::new`].
//! 2. Every move with [`Position::play`] in [`Dialect::ENGLISH`]. When one fails, or reads
//!    only with a borrowed letter ([`Form::OtherLanguageLetter`]), [`detect_language`] on
//!    the main line says whether the game is written in another language; if so, replay
//!    it in that dialect and warn once with [`Language::description`].
//! 3. Warn once per game for each new non-standard form: keep the [`Forms`] already
//!    reported and look at `played.forms().difference(reported)`.
//! 4. Flag a wrong check mark where [`Played::written_check`] differs from
//!    [`Played::check_mark`], and at the end compare [`Position::outcome`] with the result.
//!
//! Decisions about what real files contain:
//!
//! - A capture mark is a warning, never an error: a missing `x` is accepted by every
//!   reader, and a wrong one by python-chess (shakmaty's own matcher refuses both). The
//!   target square alone says whether a move captures, so the mark never changes which
//!   move is meant.
//! - A wrong origin (`Nbd2` with the only knight on f3) plays when exactly one piece of
//!   the kind can move there; a pawn's file is which pawn it is and is never relaxed.
//! - A pawn written without a file moves along its file (`d5` is no capture), as in
//!   python-chess.
//! - `#` is deserved by checkmate and by any other win, as Lichess writes it.

mod illegal;
mod language;
mod played;
mod position;
mod resolution;
mod variant;
mod written;

pub use illegal::role_name;
pub use illegal::{
    Candidate, CastlingError, DropError, IllegalMove, IllegalReason, KingDanger, PromotionError,
};
pub use language::{detect_language, Dialect, Language};
pub use played::{CheckMark, Form, Forms, Moved, Played, StandardSan};
pub use position::{color_name, FenError, FenField, FenProblem, Outcome, Position, VariantEnd};
pub use variant::Variant;
pub use written::reads_as_capital_file;

/// The shakmaty types this module's API speaks in.
pub use shakmaty::{
    san::{San, SanPlus},
    uci::UciMove,
    CastlingMode, CastlingSide, Color, File, Move, Rank, Role, Square,
};

#[cfg(test)]
mod tests;
