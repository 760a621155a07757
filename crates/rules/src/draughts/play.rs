//! A move as PDN writes it, resolved against the legal moves: `32-28`, `28x19` (from and
//! to only), `28x19x10` (the whole path), and a typed reason when it cannot be played.

use std::fmt;

use super::movegen::{all_captures, legal_moves, preferred, quiet_moves, Move};
use super::position::Position;

/// Why a written move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// Fewer than two squares were given.
    TooShort,
    /// A square the board does not have.
    NoSuchSquare {
        /// The number given.
        square: u8,
    },
    /// No piece of the side to move stands on the first square.
    NoPiece {
        /// The first square of the move.
        square: u8,
    },
    /// The piece has no legal move that ends on the last square.
    NotReachable,
    /// A quiet move while a capture must be made.
    CaptureMandatory {
        /// The captures that may be made instead.
        captures: Vec<Move>,
    },
    /// A capture of fewer pieces than the variant demands (International, Brazilian,
    /// Turkish, and Italian's first rule).
    NotMaximal {
        /// How many pieces the legal captures take.
        required: u32,
    },
    /// A capture that takes as many pieces as another but loses to it by a precedence rule:
    /// Italian (with a king, most kings, kings first) or Frisian (value, with a king).
    NotPreferred {
        /// The captures that come first.
        captures: Vec<Move>,
    },
    /// The move stops in the middle of a capture that must go on.
    Unfinished {
        /// The captures that begin this way.
        continuations: Vec<Move>,
    },
    /// The squares between the first and the last match no capture, although a capture
    /// from the first to the last exists.
    WrongPath {
        /// The captures from the first square to the last.
        candidates: Vec<Move>,
    },
    /// Several captures from the first square to the last take different pieces, and the
    /// squares written do not choose one.
    Ambiguous {
        /// The captures the move could be.
        candidates: Vec<Move>,
    },
    /// Frisian: this king has made three non-capturing moves in a row while its side still
    /// has men; it may only take now.
    KingMoveLimit,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::TooShort => f.write_str("a move names at least two squares"),
            IllegalMove::NoSuchSquare { square } => {
                write!(f, "the board has no square {square}")
            }
            IllegalMove::NoPiece { square } => {
                write!(f, "no piece of the side to move on square {square}")
            }
            IllegalMove::NotReachable => f.write_str("no legal move goes there"),
            IllegalMove::CaptureMandatory { captures } => {
                write!(f, "a capture is compulsory: {}", list(captures))
            }
            IllegalMove::NotMaximal { required } => {
                write!(f, "the capture must take the most pieces: {required}")
            }
            IllegalMove::NotPreferred { captures } => {
                write!(f, "another capture comes first: {}", list(captures))
            }
            IllegalMove::Unfinished { continuations } => {
                write!(f, "the capture must go on: {}", list(continuations))
            }
            IllegalMove::WrongPath { candidates } => {
                write!(f, "no capture goes that way: {}", list(candidates))
            }
            IllegalMove::Ambiguous { candidates } => write!(
                f,
                "several captures fit; write the squares between: {}",
                list(candidates)
            ),
            IllegalMove::KingMoveLimit => f.write_str(
                "this king has made three moves in a row while men remain; it may only take",
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Moves by their whole paths, numbered, for messages (a caller that knows the variant can
/// name them its own way with [`Move::full_notation`]).
fn list(moves: &[Move]) -> String {
    moves
        .iter()
        .take(4)
        .map(|m| {
            m.path
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join("x")
        })
        .chain((moves.len() > 4).then(|| "...".to_string()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Plays a move written as squares: `[32, 28]`, `[28, 19]` for `28x19`, or the whole path
/// `[28, 19, 10]`. Squares between the first and the last must lie on the capture's path,
/// in order; they need not be all of it.
///
/// `capture` says whether the text wrote a capture (`x`, `:`) or a quiet move (`-`). It
/// never changes which move is meant, since a capture is compulsory in every supported
/// variant; a move written with the wrong separator is played all the same, and the caller
/// may warn when `capture != mv.is_capture()`. It picks the reason given when the move is
/// illegal: a quiet move where a capture is due is [`IllegalMove::CaptureMandatory`].
pub fn play(
    position: &Position,
    squares: &[u8],
    capture: bool,
) -> Result<(Move, Position), IllegalMove> {
    let mv = resolve(position, squares, capture)?;
    let next = position.apply(&mv);
    Ok((mv, next))
}

/// The legal move that `squares` name, without playing it: [`play`] less the new position.
pub fn resolve(position: &Position, squares: &[u8], capture: bool) -> Result<Move, IllegalMove> {
    let geometry = position.variant.geometry();
    let (Some(&from), Some(&to)) = (squares.first(), squares.last()) else {
        return Err(IllegalMove::TooShort);
    };
    if squares.len() < 2 {
        return Err(IllegalMove::TooShort);
    }
    if let Some(&square) = squares.iter().find(|&&s| !geometry.contains(s)) {
        return Err(IllegalMove::NoSuchSquare { square });
    }
    if position
        .piece_at(from)
        .is_none_or(|p| p.color != position.side_to_move)
    {
        return Err(IllegalMove::NoPiece { square: from });
    }
    let legal = legal_moves(position);
    let ends: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from == from && m.to == to)
        .collect();
    let on_path: Vec<&Move> = ends
        .iter()
        .copied()
        .filter(|m| follows(squares, &m.path))
        .collect();
    // A path written out in full names that move, even where a longer capture passes
    // through the same squares.
    if let Some(&exact) = on_path.iter().find(|m| m.path == squares) {
        return Ok(exact.clone());
    }
    if let Some(&first) = on_path.first() {
        // Paths that take the same pieces lead to the same position: any of them will do.
        let taken = sorted(&first.captured);
        if on_path.iter().all(|m| sorted(&m.captured) == taken) {
            return Ok(first.clone());
        }
        return Err(IllegalMove::Ambiguous {
            candidates: on_path.into_iter().cloned().collect(),
        });
    }
    if !ends.is_empty() {
        return Err(IllegalMove::WrongPath {
            candidates: ends.into_iter().cloned().collect(),
        });
    }
    Err(why_not(position, &legal, squares, capture))
}

/// Whether `written` (first and last included) picks out `path`: the same ends, and the
/// squares between found along the path in order.
fn follows(written: &[u8], path: &[u8]) -> bool {
    if written.first() != path.first() || written.last() != path.last() {
        return false;
    }
    let mut rest = between(path).iter();
    between(written)
        .iter()
        .all(|square| rest.any(|s| s == square))
}

/// The squares of a path other than its ends.
fn between(squares: &[u8]) -> &[u8] {
    squares
        .get(1..squares.len().saturating_sub(1))
        .unwrap_or_default()
}

fn sorted(squares: &[u8]) -> Vec<u8> {
    let mut squares = squares.to_vec();
    squares.sort_unstable();
    squares
}

/// The reason a move that matches no legal move is illegal.
fn why_not(position: &Position, legal: &[Move], squares: &[u8], capture: bool) -> IllegalMove {
    let from = squares[0];
    let to = squares[squares.len() - 1];
    let captures: Vec<Move> = legal.iter().filter(|m| m.is_capture()).cloned().collect();
    let all = all_captures(position);
    // A capture that exists but loses to another by the precedence rules.
    if let Some(beaten) = all
        .iter()
        .find(|m| m.from == from && m.to == to && follows(squares, &m.path))
    {
        let required = captures.first().map_or(0, |m| m.captured.len());
        if beaten.captured.len() < required {
            return IllegalMove::NotMaximal {
                required: required as u32,
            };
        }
        return IllegalMove::NotPreferred { captures };
    }
    // A capture written only up to a square where it must go on.
    let continuations: Vec<Move> = all
        .iter()
        .filter(|m| m.from == from && is_prefix(squares, &m.path))
        .cloned()
        .collect();
    if !continuations.is_empty() {
        let allowed = preferred(position, continuations);
        return IllegalMove::Unfinished {
            continuations: allowed,
        };
    }
    let quiet = pseudo_quiet(position, from, to);
    if !captures.is_empty() && (quiet || !capture) {
        return IllegalMove::CaptureMandatory { captures };
    }
    if quiet {
        return IllegalMove::KingMoveLimit;
    }
    IllegalMove::NotReachable
}

/// Whether `written` is the start of `path` and stops short of its end.
fn is_prefix(written: &[u8], path: &[u8]) -> bool {
    written.len() < path.len() && path.starts_with(written)
}

/// Whether a quiet move from `from` to `to` would be legal if no capture were due and no
/// king were held back by the Frisian limit.
fn pseudo_quiet(position: &Position, from: u8, to: u8) -> bool {
    let mut unlimited = position.clone();
    unlimited.king_runs = Default::default();
    quiet_moves(&unlimited)
        .iter()
        .any(|m| m.from == from && m.to == to)
}
