//! Positions from and to PDN FEN: `W:W31-50:B1-20`, `B:WK4,29:B18,K20`, `W:Wa3,c3:Bb8.`

use std::fmt;

use super::position::{Piece, Position};
use super::variant::{parse_square, square_name, Color, Variant};

/// Why a FEN gives no position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The first field is not `W`, `B` or `?`.
    SideToMove(String),
    /// A field is neither a list of pieces (`W...`, `B...`) nor a move counter (`H0`, `F1`).
    Field(String),
    /// An item of a list names no square of the board, or marks a piece other than a king.
    Square(String),
    /// A range runs backwards or names squares the board lacks: `20-1`.
    Range(String),
    /// Two pieces are put on one square.
    Occupied(u8),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::SideToMove(text) => write!(
                f,
                "a FEN starts with the side to move, `W`, `B` or `?`, not `{text}`"
            ),
            FenError::Field(text) => {
                write!(
                    f,
                    "`{text}` is not a list of pieces starting with `W` or `B`"
                )
            }
            FenError::Square(text) => write!(f, "`{text}` is not a square of this board"),
            FenError::Range(text) => write!(f, "`{text}` is not a range of squares"),
            FenError::Occupied(square) => write!(f, "square {square} is given two pieces"),
        }
    }
}

impl std::error::Error for FenError {}

impl Position {
    /// Reads a PDN FEN for `variant`.
    ///
    /// Squares may be numbers, ranges of numbers (`31-50`) or coordinates (`a3`); `K` marks
    /// a king; a side may have no pieces (`W:W:B1`); a final `.` and the move counters some
    /// programs add (`:H0:F2`) are ignored, and so are lidraughts' pieces already taken in
    /// a capture under way (`G12`, `P12`). `?` (side to move unknown, PDN 3.0) gives the
    /// move to the side that starts the variant's games.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        let fen = fen.trim().trim_end_matches('.');
        let mut fields = fen.split(':');
        let side = match fields.next().map(str::trim) {
            Some("W") => Color::White,
            Some("B") => Color::Black,
            Some("?") => variant.first_mover(),
            other => return Err(FenError::SideToMove(other.unwrap_or_default().into())),
        };
        let fields: Vec<&str> = fields.map(str::trim).filter(|f| !f.is_empty()).collect();
        // Older py-draughts wrote the side to move twice, `W:B:W50:B` for Black to move: a
        // bare side letter followed by a list of the same side is the side to move.
        let (side, fields) = match fields.split_first() {
            Some((&bare @ ("W" | "B"), rest)) if rest.iter().any(|f| f.starts_with(bare)) => {
                let side = if bare == "W" {
                    Color::White
                } else {
                    Color::Black
                };
                (side, rest)
            }
            _ => (side, &fields[..]),
        };
        let mut position = Position::empty(variant, side);
        for &field in fields {
            let (color, list) = match field.split_at_checked(1) {
                Some(("W", list)) => (Color::White, list),
                Some(("B", list)) => (Color::Black, list),
                Some(("H" | "F", n)) if n.bytes().all(|b| b.is_ascii_digit()) => continue,
                _ => return Err(FenError::Field(field.into())),
            };
            for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                // lidraughts marks pieces already taken by a capture under way with `G`
                // (man) and `P` (king): they are leaving the board.
                if item.starts_with(['G', 'P']) {
                    continue;
                }
                let (piece, squares) = match item.strip_prefix('K') {
                    Some(rest) => (Piece::king(color), rest),
                    None => (Piece::man(color), item),
                };
                for square in expand(variant, squares, item)? {
                    if position.piece_at(square).is_some() {
                        return Err(FenError::Occupied(square));
                    }
                    position.set_piece(square, Some(piece));
                }
            }
        }
        Ok(position)
    }

    /// The position as a PDN FEN, with squares named as the variant's PDN names them:
    /// `W:W31,32,..:B1,..,K20`.
    pub fn to_fen(&self) -> String {
        let mut fen = String::new();
        fen.push(self.side_to_move.letter());
        for color in [Color::White, Color::Black] {
            fen.push(':');
            fen.push(color.letter());
            let mut first = true;
            for (square, piece) in self.pieces().filter(|(_, p)| p.color == color) {
                if !first {
                    fen.push(',');
                }
                first = false;
                if piece.is_king() {
                    fen.push('K');
                }
                fen.push_str(&square_name(self.variant, square));
            }
        }
        fen
    }
}

/// The squares of one item of a FEN list: `32`, `31-50` or `c3`.
fn expand(variant: Variant, squares: &str, item: &str) -> Result<Vec<u8>, FenError> {
    if let Some((from, to)) = squares.split_once('-') {
        let from = parse_square(variant, from).filter(|_| is_number(from));
        let to = parse_square(variant, to).filter(|_| is_number(to));
        return match (from, to) {
            (Some(from), Some(to)) if from <= to => Ok((from..=to).collect()),
            _ => Err(FenError::Range(item.into())),
        };
    }
    parse_square(variant, squares)
        .map(|square| vec![square])
        .ok_or_else(|| FenError::Square(item.into()))
}

fn is_number(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}
