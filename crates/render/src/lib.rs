//! Positions drawn: chess, Go and draughts boards as SVG images and as plain-text diagrams.
//!
//! This crate knows positions (`kifu-rules`), not text: what to draw comes in as a
//! [`Board`] with its [`Highlights`], and out comes an SVG document (the same bytes for the
//! same input, with no fonts or remote content needed) or a text diagram for clients that
//! show no images.
//!
//! What is drawn:
//!
//! - **Chess:** Colin M.L. Burnett's pieces (see `pieces/README.md`), each defined once in
//!   `<defs>` as `wK`, `bQ`, ... and placed with `<use>`, on Lichess's brown board, 45 pixels
//!   a square; the last move's squares tinted, [`Highlights::squares`] filled and
//!   [`Highlights::arrows`] drawn over the pieces in Lichess's colours.
//! - **Go:** the grid on a wooden board about 380 pixels wide whatever its size, star points,
//!   stones, and a ring on the last stone played.
//! - **Draughts:** the variant's board (its numbered squares dark; Turkish draughts'
//!   64 squares checkered), men as discs and kings as discs with a gold crown; the last
//!   move's squares tinted and joined by a line; square numbers inside the squares, or files
//!   and ranks around the board for the variants written `c3-d4`.
//!
//! `examples/boards.rs` writes a board of each game to a folder, to look at:
//! `cargo run -p kifu-render --example boards -- /tmp/boards`.

#![warn(missing_docs)]

mod chess_board;
mod draughts_board;
mod go_board;
mod svg;
mod text;

#[cfg(test)]
mod testing;

use kifu_rules::{chess, draughts, go};

/// A position to draw.
#[derive(Debug, Clone, Copy)]
pub enum Board<'a> {
    /// A chess position (any variant shakmaty knows).
    Chess(&'a chess::Position),
    /// A Go position, of any board size.
    Go(&'a go::Position),
    /// A draughts position, of any variant (10×10, 8×8, Turkish's all 64 squares).
    Draughts(&'a draughts::Position),
}

/// The last move, as it is marked on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LastMove {
    /// Chess: the squares it left and reached (`from` is `None` for a crazyhouse drop).
    Chess {
        /// The square the piece left.
        from: Option<chess::Square>,
        /// The square it reached.
        to: chess::Square,
    },
    /// Go: the point played (`None` for a pass, which marks nothing).
    Go(Option<go::Point>),
    /// Draughts: every square the piece stood on, from first to last.
    Draughts(Vec<u8>),
}

/// A colour of the annotation marks that Lichess and ChessBase write in comments
/// (`[%csl Gd4]`, `[%cal Re2e4]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkColour {
    /// `G`.
    Green,
    /// `R`.
    Red,
    /// `Y`.
    Yellow,
    /// `B`.
    Blue,
}

/// What is drawn on top of the pieces.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Highlights {
    /// The move that led to the position.
    pub last_move: Option<LastMove>,
    /// Coloured squares (chess, `[%csl ...]`).
    pub squares: Vec<(chess::Square, MarkColour)>,
    /// Arrows from a square to a square (chess, `[%cal ...]`).
    pub arrows: Vec<(chess::Square, chess::Square, MarkColour)>,
    /// Go: move numbers, written on the stones that stand on their points (as a printed
    /// game record numbers its stones); the last move is then marked by its number alone.
    pub numbers: Vec<(go::Point, u32)>,
}

/// How to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Turn the board round: Black (chess, draughts) at the bottom.
    pub flipped: bool,
    /// Coordinates around the board (files and ranks; Go's letters and numbers; draughts
    /// square numbers or letters).
    pub coordinates: bool,
    /// The image's width in pixels, its height in proportion (a hover has little room);
    /// `None`: the drawing's own size (a chess board is 400 pixels wide).
    pub width: Option<u32>,
    /// Click targets drawn last, on top of everything: a `<g class="targets">` of
    /// transparent `<rect class="target" data-square="…"/>`, one per square or point,
    /// named as the notation writes it (chess `e4`, Go the SGF point `dd`, draughts `32`
    /// or `c3`), for a board view that takes moves by clicks.
    pub targets: bool,
    /// Go: the move numbers of [`Highlights::numbers`] written on their stones.
    pub move_numbers: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            flipped: false,
            coordinates: true,
            width: None,
            targets: false,
            move_numbers: false,
        }
    }
}

/// The position as an SVG document.
///
/// A well-formed SVG 1.1/2 document with `width`, `height` and `viewBox`, no fonts but a
/// generic `sans-serif` for the coordinates, and the same bytes for the same input.
/// Highlights that belong to another game (a Go last move on a chess board) are ignored.
pub fn svg(board: Board<'_>, highlights: &Highlights, options: &Options) -> String {
    match board {
        Board::Chess(position) => chess_board::svg(position, highlights, options),
        Board::Go(position) => go_board::svg(position, highlights, options),
        Board::Draughts(position) => draughts_board::svg(position, highlights, options),
    }
}

/// The position as a plain-text diagram (Unicode chess pieces; `●○` for Go stones;
/// draughts men and kings), one line per row, for clients that show no images.
///
/// Cells are separated by spaces; every line, the last included, ends with `\n`, and none
/// has trailing spaces. With [`Options::coordinates`], rank numbers stand to the left and
/// file letters under the board.
///
/// - **Chess:** `♔♕♖♗♘♙` White, `♚♛♜♝♞♟` Black, `·` an empty square. The last move and the
///   marks are not shown.
/// - **Go:** `●` Black, `○` White, `·` an empty point, `+` an empty star point; the last
///   stone played is written between brackets, `[●]`. Columns `A`–`T` without `I`, rows
///   numbered from the bottom.
/// - **Draughts:** `o` a white man, `O` a white king, `x` a black man, `X` a black king,
///   `.` an empty playable square and a space a square not played on. Coordinates are the
///   first and last square numbers of each row, written after it (`1-5`), or files and
///   ranks for the variants written `c3-d4`. The last move is not shown.
pub fn text(board: Board<'_>, highlights: &Highlights, options: &Options) -> String {
    match board {
        Board::Chess(position) => chess_board::text(position, options),
        Board::Go(position) => go_board::text(position, highlights, options),
        Board::Draughts(position) => draughts_board::text(position, options),
    }
}
