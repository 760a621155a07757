//! Chess boards: the cburnett pieces on Lichess's brown board, with the last move, coloured
//! squares and arrows.

use kifu_rules::chess::{Color, File, Position, Rank, Role, Square};

use crate::svg::{baseline, squares_path, Num, Svg};
use crate::text::Grid;
use crate::{Highlights, LastMove, MarkColour, Options};

/// The side of a square in pixels: the size the cburnett pieces are drawn at.
const SQUARE: f64 = 45.0;
/// The frame that holds the coordinates.
const MARGIN: f64 = 20.0;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const FRAME: &str = "#404040";
const FRAME_TEXT: &str = "#e5e5e5";
/// Lichess's tint of the last move's squares.
const LAST_MOVE: &str = "#9bc700";
const LAST_MOVE_OPACITY: f64 = 0.41;

/// The pieces, one `<g>` each, in the order they are written into `<defs>` (see
/// `pieces/README.md` for where they come from and their licence).
const PIECES: [(Color, Role, &str, &str); 12] = [
    (
        Color::White,
        Role::King,
        "wK",
        include_str!("../pieces/wK.xml"),
    ),
    (
        Color::White,
        Role::Queen,
        "wQ",
        include_str!("../pieces/wQ.xml"),
    ),
    (
        Color::White,
        Role::Rook,
        "wR",
        include_str!("../pieces/wR.xml"),
    ),
    (
        Color::White,
        Role::Bishop,
        "wB",
        include_str!("../pieces/wB.xml"),
    ),
    (
        Color::White,
        Role::Knight,
        "wN",
        include_str!("../pieces/wN.xml"),
    ),
    (
        Color::White,
        Role::Pawn,
        "wP",
        include_str!("../pieces/wP.xml"),
    ),
    (
        Color::Black,
        Role::King,
        "bK",
        include_str!("../pieces/bK.xml"),
    ),
    (
        Color::Black,
        Role::Queen,
        "bQ",
        include_str!("../pieces/bQ.xml"),
    ),
    (
        Color::Black,
        Role::Rook,
        "bR",
        include_str!("../pieces/bR.xml"),
    ),
    (
        Color::Black,
        Role::Bishop,
        "bB",
        include_str!("../pieces/bB.xml"),
    ),
    (
        Color::Black,
        Role::Knight,
        "bN",
        include_str!("../pieces/bN.xml"),
    ),
    (
        Color::Black,
        Role::Pawn,
        "bP",
        include_str!("../pieces/bP.xml"),
    ),
];

/// Where a square is drawn: `(column, row)` from the top left of the board as shown.
fn cell(square: Square, flipped: bool) -> (u32, u32) {
    let (file, rank) = (square.file().to_u32(), square.rank().to_u32());
    if flipped {
        (7 - file, rank)
    } else {
        (file, 7 - rank)
    }
}

/// The Lichess colour of a mark and the opacity it is drawn with.
fn mark_colour(colour: MarkColour) -> (&'static str, f64) {
    match colour {
        MarkColour::Green => ("#15781B", 0.5),
        MarkColour::Red => ("#882020", 0.5),
        MarkColour::Blue => ("#003088", 0.5),
        // Yellow is pale: a little more of it shows as much as the others.
        MarkColour::Yellow => ("#e68f00", 0.7),
    }
}

/// The board as SVG.
pub(crate) fn svg(position: &Position, highlights: &Highlights, options: &Options) -> String {
    let margin = if options.coordinates { MARGIN } else { 0.0 };
    let side = 8.0 * SQUARE + 2.0 * margin;
    let corner = |square: Square| {
        let (col, row) = cell(square, options.flipped);
        (
            margin + f64::from(col) * SQUARE,
            margin + f64::from(row) * SQUARE,
        )
    };
    let centre = |square: Square| {
        let (x, y) = corner(square);
        (x + SQUARE / 2.0, y + SQUARE / 2.0)
    };
    let board = position.board();
    let mut svg = Svg::new(side, side, options.width);

    // Only the pieces on the board go into <defs>: an endgame needs a few of the twelve.
    svg.raw("<defs>");
    for (color, role, _, markup) in PIECES {
        if Square::ALL.iter().any(|&sq| {
            board
                .piece_at(sq)
                .is_some_and(|p| p.color == color && p.role == role)
        }) {
            svg.raw(markup.trim_end());
        }
    }
    svg.raw("</defs>");

    if options.coordinates {
        svg.rect(0.0, 0.0, side, side, FRAME, 1.0);
    }
    svg.rect(margin, margin, 8.0 * SQUARE, 8.0 * SQUARE, LIGHT, 1.0);
    let dark = Square::ALL
        .iter()
        .filter(|sq| sq.is_dark())
        .map(|&sq| corner(sq));
    svg.write(format_args!(
        "<path fill=\"{DARK}\" d=\"{}\"/>",
        squares_path(dark, SQUARE)
    ));

    if let Some(LastMove::Chess { from, to }) = &highlights.last_move {
        for square in from.iter().chain([to]) {
            let (x, y) = corner(*square);
            svg.rect(x, y, SQUARE, SQUARE, LAST_MOVE, LAST_MOVE_OPACITY);
        }
    }
    for &(square, colour) in &highlights.squares {
        let (x, y) = corner(square);
        let (fill, opacity) = mark_colour(colour);
        svg.rect(x, y, SQUARE, SQUARE, fill, opacity);
    }

    if options.coordinates {
        svg.open_labels(13.0, FRAME_TEXT, "middle");
        for file in File::ALL {
            let (x, _) = centre(Square::from_coords(file, Rank::First));
            svg.label(
                x,
                baseline(side - MARGIN / 2.0, 13.0),
                &file.char().to_string(),
            );
        }
        for rank in Rank::ALL {
            let (_, y) = centre(Square::from_coords(File::A, rank));
            svg.label(MARGIN / 2.0, baseline(y, 13.0), &rank.char().to_string());
        }
        svg.raw("</g>");
    }

    for square in Square::ALL {
        let Some(piece) = board.piece_at(square) else {
            continue;
        };
        if let Some((_, _, id, _)) = PIECES
            .iter()
            .find(|(color, role, _, _)| *color == piece.color && *role == piece.role)
        {
            let (x, y) = corner(square);
            svg.use_at(id, x, y);
        }
    }

    for &(from, to, colour) in &highlights.arrows {
        arrow(&mut svg, centre(from), centre(to), colour);
    }
    if options.targets {
        svg.open_targets();
        for square in Square::ALL {
            let (x, y) = corner(square);
            svg.target(x, y, SQUARE, SQUARE, &square.to_string());
        }
        svg.raw("</g>");
    }
    svg.finish()
}

/// An arrow from the centre of one square to near the centre of another, as one polygon
/// (shaft and head together, so that the translucent colour does not darken where they
/// would overlap); a ring for an arrow from a square to itself.
fn arrow(svg: &mut Svg, (x0, y0): (f64, f64), (x1, y1): (f64, f64), colour: MarkColour) {
    let (fill, opacity) = mark_colour(colour);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let length = dx.hypot(dy);
    if length < 1.0 {
        svg.write(format_args!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{fill}\" \
             stroke-opacity=\"{}\" stroke-width=\"{}\"/>",
            Num(x0),
            Num(y0),
            Num(SQUARE * 0.42),
            Num(opacity),
            Num(SQUARE * 0.1)
        ));
        return;
    }
    // Unit vectors along the arrow and across it.
    let (ux, uy) = (dx / length, dy / length);
    let (nx, ny) = (-uy, ux);
    let shaft = SQUARE * 0.1;
    let head_width = SQUARE * 0.3;
    let head_length = SQUARE * 0.6;
    let tip = length - SQUARE * 0.1;
    let base = (tip - head_length).max(0.0);
    let at =
        |along: f64, across: f64| (x0 + ux * along + nx * across, y0 + uy * along + ny * across);
    let points = [
        at(0.0, shaft),
        at(base, shaft),
        at(base, head_width),
        at(tip, 0.0),
        at(base, -head_width),
        at(base, -shaft),
        at(0.0, -shaft),
    ];
    svg.raw("<polygon points=\"");
    for (i, (x, y)) in points.iter().enumerate() {
        let sep = if i == 0 { "" } else { " " };
        svg.write(format_args!("{sep}{},{}", Num(*x), Num(*y)));
    }
    svg.write(format_args!(
        "\" fill=\"{fill}\" fill-opacity=\"{}\"/>",
        Num(opacity)
    ));
}

/// The Unicode figure of a piece.
fn figure(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

/// The board as a text diagram.
pub(crate) fn text(position: &Position, options: &Options) -> String {
    let board = position.board();
    let mut grid = Grid::default();
    let ranks: Vec<Rank> = if options.flipped {
        Rank::ALL.to_vec()
    } else {
        Rank::ALL.iter().rev().copied().collect()
    };
    let files: Vec<File> = if options.flipped {
        File::ALL.iter().rev().copied().collect()
    } else {
        File::ALL.to_vec()
    };
    for &rank in &ranks {
        grid.rows.push(
            files
                .iter()
                .map(|&file| {
                    board
                        .piece_at(Square::from_coords(file, rank))
                        .map_or('·', |p| figure(p.color, p.role))
                })
                .collect(),
        );
        if options.coordinates {
            grid.left.push(rank.char().to_string());
        }
    }
    if options.coordinates {
        grid.bottom = files.iter().map(|f| f.char().to_string()).collect();
    }
    grid.render()
}

#[cfg(test)]
mod tests;
