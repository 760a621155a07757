//! A position: the pieces on the squares and the side to move.

use super::geometry::MAX_SQUARES;
use super::variant::{Color, Variant};

/// A man or a king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// An uncrowned piece.
    Man,
    /// A crowned piece.
    King,
}

/// A piece: its side and whether it is crowned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub kind: PieceKind,
}

impl Piece {
    /// A man of `color`.
    pub fn man(color: Color) -> Piece {
        Piece {
            color,
            kind: PieceKind::Man,
        }
    }

    /// A king of `color`.
    pub fn king(color: Color) -> Piece {
        Piece {
            color,
            kind: PieceKind::King,
        }
    }

    /// Whether the piece is a king.
    pub fn is_king(self) -> bool {
        self.kind == PieceKind::King
    }
}

/// Frisian: the non-capturing moves one king of a side has made in a row, and where it
/// stands now. A position that comes from a FEN starts with none counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub(crate) struct KingRun {
    pub(crate) moves: u8,
    pub(crate) square: u8,
}

/// The pieces on the board of a variant and the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) side_to_move: Color,
    /// The piece on square `n` at `n - 1`.
    pub(crate) squares: [Option<Piece>; MAX_SQUARES],
    /// Indexed by [`Color::index`]; all zero outside Frisian draughts.
    pub(crate) king_runs: [KingRun; 2],
}

impl Position {
    /// The start position of `variant`.
    pub fn new(variant: Variant) -> Position {
        // The start FENs are constants of this crate, checked by the tests.
        Position::from_fen(variant, variant.start_fen()).unwrap_or_else(|_| Position {
            variant,
            side_to_move: variant.first_mover(),
            squares: [None; MAX_SQUARES],
            king_runs: Default::default(),
        })
    }

    /// An empty board of `variant` with `side` to move.
    pub fn empty(variant: Variant, side: Color) -> Position {
        Position {
            variant,
            side_to_move: side,
            squares: [None; MAX_SQUARES],
            king_runs: Default::default(),
        }
    }

    /// The game these pieces are playing.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side that moves next.
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The piece on `square`, if any (and `None` for a square not on the board).
    pub fn piece_at(&self, square: u8) -> Option<Piece> {
        *self.squares.get(usize::from(square).checked_sub(1)?)?
    }

    /// Puts `piece` on `square` (or clears it); `false` if the board has no such square.
    pub fn set_piece(&mut self, square: u8, piece: Option<Piece>) -> bool {
        if !self.variant.geometry().contains(square) {
            return false;
        }
        self.squares[usize::from(square) - 1] = piece;
        true
    }

    /// Gives the move to `side`.
    pub fn set_side_to_move(&mut self, side: Color) {
        self.side_to_move = side;
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (u8, Piece)> + '_ {
        let count = usize::from(self.variant.square_count());
        self.squares[..count]
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (i as u8 + 1, p)))
    }

    /// How many pieces of `color` are on the board, men and kings.
    pub fn count(&self, color: Color) -> usize {
        self.pieces().filter(|(_, p)| p.color == color).count()
    }

    pub(crate) fn men_of(&self, color: Color) -> usize {
        self.pieces()
            .filter(|(_, p)| p.color == color && !p.is_king())
            .count()
    }
}
