//! The games themselves: positions, legal moves and applying moves, for chess, Go and
//! draughts.
//!
//! This crate knows nothing of text offsets or syntax trees: a move comes in as the
//! notation writes it (an SGF point, a list of draughts squares) and a new position or a
//! typed reason why the move cannot be played comes out.

pub mod chess;
pub mod draughts;
pub mod go;
