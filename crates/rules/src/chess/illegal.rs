//! Why a written move cannot be played.

use std::fmt;

use shakmaty::san::San;
use shakmaty::{CastlingSide, Role, Square};

use super::position::Outcome;

/// A move that cannot be played, and exactly why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// Why.
    pub reason: IllegalReason,
    /// Whether the same text is a legal move for the other side in this position: then a
    /// move is probably missing before it (or the move number says the wrong side).
    pub legal_for_other_side: bool,
}

impl IllegalMove {
    pub(crate) fn new(reason: IllegalReason) -> IllegalMove {
        IllegalMove {
            reason,
            legal_for_other_side: false,
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.reason, f)?;
        if self.legal_for_other_side {
            f.write_str(" (it is a legal move for the other side: is a move missing?)")?;
        }
        Ok(())
    }
}

impl std::error::Error for IllegalMove {}

/// Why a written move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalReason {
    /// The text is no move in any notation known here.
    Unreadable,
    /// The game is over in this position: no move can follow.
    GameOver(Outcome),
    /// No piece of that kind can move to the square (ignoring checks).
    NoPieceCanReach {
        /// The piece named.
        role: Role,
        /// The target square.
        to: Square,
    },
    /// A piece can move there, but the move would leave its king in check (or break another
    /// rule about the king).
    LeavesKingInCheck {
        /// The piece that would move.
        role: Role,
        /// Its square.
        from: Square,
        /// The target square.
        to: Square,
        /// What happens to the king.
        danger: KingDanger,
    },
    /// More than one piece fits the text.
    Ambiguous {
        /// The moves it could be, each in SAN that names it alone.
        candidates: Vec<Candidate>,
    },
    /// Castling is not allowed.
    Castling {
        /// Which side.
        side: CastlingSide,
        /// Why not.
        reason: CastlingError,
    },
    /// A promotion is missing or wrong.
    Promotion(PromotionError),
    /// Antichess: a capture is possible, so a capture must be played.
    CaptureRequired,
    /// A drop (`N@f3`) that cannot be made.
    Drop {
        /// The piece to drop.
        role: Role,
        /// The square.
        to: Square,
        /// Why not.
        reason: DropError,
    },
    /// A null move while in check, which would leave the king to be captured.
    NullMoveInCheck,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::Unreadable => f.write_str("not a move"),
            IllegalReason::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            IllegalReason::NoPieceCanReach { role, to } => {
                write!(f, "no {} can move to {to}", role_name(*role))
            }
            IllegalReason::LeavesKingInCheck {
                role,
                from,
                to,
                danger,
            } => {
                let role = role_name(*role);
                match danger {
                    KingDanger::Pinned { by, pinner } => write!(
                        f,
                        "the {role} on {from} is pinned to its king by the {} on {by}",
                        role_name(*pinner)
                    ),
                    _ => write!(f, "the {role} cannot go from {from} to {to}: {danger}"),
                }
            }
            IllegalReason::Ambiguous { candidates } => {
                f.write_str("ambiguous: it could be ")?;
                for (i, c) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == candidates.len() {
                            " or "
                        } else {
                            ", "
                        })?;
                    }
                    write!(f, "{}", c.san)?;
                }
                Ok(())
            }
            IllegalReason::Castling { side, reason } => {
                let name = match side {
                    CastlingSide::KingSide => "O-O",
                    CastlingSide::QueenSide => "O-O-O",
                };
                write!(f, "cannot castle ({name}): {reason}")
            }
            IllegalReason::Promotion(error) => fmt::Display::fmt(error, f),
            IllegalReason::CaptureRequired => {
                f.write_str("a capture is possible, and captures are compulsory in antichess")
            }
            IllegalReason::Drop { role, to, reason } => {
                write!(f, "cannot drop a {} on {to}: {reason}", role_name(*role))
            }
            IllegalReason::NullMoveInCheck => f.write_str("a null move while in check"),
        }
    }
}

/// One of the moves an ambiguous text could mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Candidate {
    /// The square of the piece.
    pub from: Square,
    /// The move in SAN, disambiguated as the position needs: `Nbd2`.
    pub san: San,
}

/// What a move would do to its own king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KingDanger {
    /// The piece is pinned to its king by the piece on `by`.
    Pinned {
        /// The pinning piece's square.
        by: Square,
        /// The pinning piece.
        pinner: Role,
    },
    /// The king is in check and the move does not end the check.
    StaysInCheck,
    /// The king would move into check.
    MovesIntoCheck,
    /// Atomic: the capture would blow up the mover's own king (kings cannot capture).
    ExplodesOwnKing,
    /// Racing Kings: the move would give check, which the variant forbids.
    GivesCheck,
    /// Another rule of the variant about the king.
    Other,
}

impl fmt::Display for KingDanger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KingDanger::Pinned { by, pinner } => {
                write!(f, "it is pinned by the {} on {by}", role_name(*pinner))
            }
            KingDanger::StaysInCheck => f.write_str("the king is in check and stays in check"),
            KingDanger::MovesIntoCheck => f.write_str("it would be in check there"),
            KingDanger::ExplodesOwnKing => f.write_str("the capture would explode its own king"),
            KingDanger::GivesCheck => f.write_str("giving check is not allowed in Racing Kings"),
            KingDanger::Other => f.write_str("the king would be left in danger"),
        }
    }
}

/// Why castling is not allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingError {
    /// The king or that rook has moved (or the FEN gave no right).
    NoRight,
    /// A piece stands between king and rook, or on their new squares.
    Blocked {
        /// The first square in the way.
        by: Square,
    },
    /// The king is in check.
    InCheck,
    /// The king would pass over an attacked square.
    ThroughCheck {
        /// The attacked square.
        square: Square,
    },
    /// The king would land in check.
    IntoCheck,
    /// Another rule of the variant.
    Other,
}

impl fmt::Display for CastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CastlingError::NoRight => f.write_str("the king or the rook has moved"),
            CastlingError::Blocked { by } => write!(f, "{by} is in the way"),
            CastlingError::InCheck => f.write_str("the king is in check"),
            CastlingError::ThroughCheck { square } => {
                write!(f, "the king would pass {square}, which is attacked")
            }
            CastlingError::IntoCheck => f.write_str("the king would land in check"),
            CastlingError::Other => f.write_str("the variant's rules forbid it here"),
        }
    }
}

/// What is wrong with a promotion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromotionError {
    /// A pawn reaches the last rank, but the text names no piece: `e8` for `e8=Q`.
    Missing,
    /// A promotion on a move that does not reach the last rank.
    NotLastRank,
    /// A promotion to a piece that cannot be promoted to (a king outside antichess, a pawn).
    InvalidPiece(Role),
    /// A promotion on a move of a piece, not a pawn.
    NotAPawn,
}

impl fmt::Display for PromotionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PromotionError::Missing => {
                f.write_str("the pawn reaches the last rank: say what it promotes to (=Q)")
            }
            PromotionError::NotLastRank => {
                f.write_str("a promotion on a move that does not reach the last rank")
            }
            PromotionError::InvalidPiece(role) => {
                write!(f, "a pawn cannot promote to a {}", role_name(*role))
            }
            PromotionError::NotAPawn => f.write_str("only a pawn can promote"),
        }
    }
}

/// Why a drop cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DropError {
    /// The variant has no drops (only Crazyhouse does).
    NotInVariant,
    /// The side to move has no such piece in hand.
    NotInPocket,
    /// The square is occupied.
    SquareOccupied,
    /// Pawns cannot be dropped on the first or last rank.
    PawnOnBackRank,
    /// The king is in check and the drop does not block it.
    LeavesKingInCheck,
}

impl fmt::Display for DropError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DropError::NotInVariant => "only Crazyhouse has drops",
            DropError::NotInPocket => "there is none in hand",
            DropError::SquareOccupied => "the square is occupied",
            DropError::PawnOnBackRank => "pawns cannot be dropped on the first or last rank",
            DropError::LeavesKingInCheck => "the king is in check and the drop does not block it",
        })
    }
}

/// The name of a piece in words: `knight`.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}
