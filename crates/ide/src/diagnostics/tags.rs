//! PGN tag pairs: what the standard asks of them.

use kifu_syntax::SyntaxError;

use crate::game::GameRef;

/// The codes of the tag checks.
pub mod codes {}

/// The tag diagnostics of a PGN game (ranges in `game.text`).
pub(crate) fn check(_game: GameRef<'_>) -> Vec<SyntaxError> {
    Vec::new()
}
