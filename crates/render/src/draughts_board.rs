//! Draughts boards: 10×10, 8×8 and Turkish draughts' 64 squares, with men, crowned kings,
//! the square numbers or coordinates, and the last move's path.

use kifu_rules::draughts::{square_name, Color, Piece, PieceKind, Position, Variant};

use crate::svg::{baseline, squares_path, Num, Svg};
use crate::text::Grid;
use crate::{Highlights, LastMove, Options};

/// How wide the board is drawn: 40 pixels a square on 10×10, 50 on 8×8.
const BOARD: u32 = 400;
/// The frame that holds the coordinates of the variants written `c3-d4`.
const MARGIN: f64 = 20.0;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#8b5a2b";
const FRAME: &str = "#404040";
const FRAME_TEXT: &str = "#e5e5e5";
const LAST_MOVE: &str = "#9bc700";

/// The playable squares of a variant at `(row, column)` as White sees the board: the
/// squares that have numbers.
fn squares(variant: Variant) -> impl Iterator<Item = (u8, (u8, u8))> {
    (1..=variant.square_count()).filter_map(move |n| Some((n, variant.coordinates(n)?)))
}

/// `(column, row)` as shown: a flipped board is turned half round, Black at the bottom.
fn shown(variant: Variant, (row, col): (u8, u8), flipped: bool) -> (u8, u8) {
    if flipped {
        (variant.width() - 1 - col, variant.height() - 1 - row)
    } else {
        (col, row)
    }
}

/// The file letter and rank number of column `col` and row `row` (as White sees the
/// board), counted from the lower left of the side that starts, as
/// `square_to_alphanumeric` counts them.
fn file_and_rank(variant: Variant, row: u8, col: u8) -> (char, u8) {
    let (file, rank) = match variant.first_mover() {
        Color::White => (col, variant.height() - row),
        Color::Black => (variant.width() - 1 - col, row + 1),
    };
    (char::from(b'a' + file), rank)
}

/// The id of a piece's shape in `<defs>`; it carries the square size, so that boards of
/// two sizes in one HTML page do not borrow each other's pieces.
fn piece_id(piece: Piece, square: f64) -> String {
    let colour = match piece.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    let kind = match piece.kind {
        PieceKind::Man => 'm',
        PieceKind::King => 'k',
    };
    format!("{colour}{kind}{}", Num(square))
}

/// The shapes of the four pieces, centred on (0, 0): a disc with a ring for a man, and the
/// same with a gold crown for a king. The disc leaves a square's corners free for its
/// number.
fn piece_defs(svg: &mut Svg, square: f64) {
    let r = square * 0.37;
    for color in [Color::White, Color::Black] {
        let (fill, ring) = match color {
            Color::White => ("#fafafa", "#000"),
            Color::Black => ("#222", "#fff"),
        };
        for kind in [PieceKind::Man, PieceKind::King] {
            svg.write(format_args!(
                "<g id=\"{}\"><circle r=\"{}\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"1.5\"/>\
                 <circle r=\"{}\" fill=\"none\" stroke=\"{ring}\" stroke-opacity=\".35\" stroke-width=\"1.5\"/>",
                piece_id(Piece { color, kind }, square),
                Num(r),
                Num(r * 0.72),
            ));
            if kind == PieceKind::King {
                let p = |x: f64, y: f64| format!("{},{}", Num(x * r), Num(y * r));
                svg.write(format_args!(
                    "<polygon points=\"{} {} {} {} {} {} {}\" fill=\"#e6b422\" stroke=\"#000\" \
                     stroke-width=\"1\" stroke-linejoin=\"round\"/>",
                    p(-0.48, 0.3),
                    p(-0.58, -0.32),
                    p(-0.24, -0.02),
                    p(0.0, -0.46),
                    p(0.24, -0.02),
                    p(0.58, -0.32),
                    p(0.48, 0.3),
                ));
            }
            svg.raw("</g>");
        }
    }
}

/// The board as SVG.
pub(crate) fn svg(position: &Position, highlights: &Highlights, options: &Options) -> String {
    let variant = position.variant();
    let (width, height) = (variant.width(), variant.height());
    let square = f64::from(BOARD / u32::from(width.max(height)));
    // Numbered boards carry their numbers inside the squares; lettered ones need a frame.
    let lettered = options.coordinates && variant.is_alphanumeric();
    let margin = if lettered { MARGIN } else { 0.0 };
    let total_w = f64::from(width) * square + 2.0 * margin;
    let total_h = f64::from(height) * square + 2.0 * margin;
    let corner = |at: (u8, u8)| {
        let (col, row) = shown(variant, at, options.flipped);
        (
            margin + f64::from(col) * square,
            margin + f64::from(row) * square,
        )
    };
    let centre = |at: (u8, u8)| {
        let (x, y) = corner(at);
        (x + square / 2.0, y + square / 2.0)
    };
    let mut svg = Svg::new(total_w, total_h, options.width);
    svg.raw("<defs>");
    piece_defs(&mut svg, square);
    svg.raw("</defs>");

    if lettered {
        svg.rect(0.0, 0.0, total_w, total_h, FRAME, 1.0);
    }
    svg.rect(
        margin,
        margin,
        f64::from(width) * square,
        f64::from(height) * square,
        LIGHT,
        1.0,
    );
    // Turkish draughts plays on every square: a chessboard's colouring (a1 dark) then only
    // helps the eye along the rows.
    let dark: Vec<(f64, f64)> = if variant.square_count() == width * height {
        (0..height)
            .flat_map(|row| (0..width).map(move |col| (row, col)))
            .filter(|&(row, col)| (row + col) % 2 == (height - 1) % 2)
            .map(corner)
            .collect()
    } else {
        squares(variant).map(|(_, at)| corner(at)).collect()
    };
    svg.write(format_args!(
        "<path fill=\"{DARK}\" d=\"{}\"/>",
        squares_path(dark, square)
    ));

    if let Some(LastMove::Draughts(path)) = &highlights.last_move {
        let cells: Vec<(u8, u8)> = path
            .iter()
            .filter_map(|&n| variant.coordinates(n))
            .collect();
        let mut tinted: Vec<(u8, u8)> = Vec::new();
        for &at in &cells {
            // A capture that passes a square twice tints it once, not twice as dark.
            if !tinted.contains(&at) {
                tinted.push(at);
                let (x, y) = corner(at);
                svg.rect(x, y, square, square, LAST_MOVE, 0.45);
            }
        }
        if cells.len() > 1 {
            svg.raw("<polyline points=\"");
            for (i, &at) in cells.iter().enumerate() {
                let (x, y) = centre(at);
                let sep = if i == 0 { "" } else { " " };
                svg.write(format_args!("{sep}{},{}", Num(x), Num(y)));
            }
            svg.write(format_args!(
                "\" fill=\"none\" stroke=\"{LAST_MOVE}\" stroke-opacity=\".8\" stroke-width=\"{}\" \
                 stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                Num(square * 0.12)
            ));
        }
    }

    if options.coordinates {
        if lettered {
            svg.open_labels(13.0, FRAME_TEXT, "middle");
            for col in 0..width {
                let (x, _) = centre((height - 1, col));
                let (file, _) = file_and_rank(variant, height - 1, col);
                svg.label(x, baseline(total_h - MARGIN / 2.0, 13.0), &file.to_string());
            }
            for row in 0..height {
                let (_, y) = centre((row, 0));
                let (_, rank) = file_and_rank(variant, row, 0);
                svg.label(MARGIN / 2.0, baseline(y, 13.0), &rank.to_string());
            }
        } else {
            // Small, in the top left corner, where a piece leaves them to be read.
            let font = (square * 0.2).round();
            svg.open_labels(font, LIGHT, "start");
            for (n, at) in squares(variant) {
                let (x, y) = corner(at);
                svg.label(x + square * 0.05, y + font, &n.to_string());
            }
        }
        svg.raw("</g>");
    }

    for (n, piece) in position.pieces() {
        if let Some(at) = variant.coordinates(n) {
            let (x, y) = centre(at);
            svg.use_at(&piece_id(piece, square), x, y);
        }
    }
    if options.targets {
        svg.open_targets();
        for (n, at) in squares(variant) {
            let (x, y) = corner(at);
            svg.target(x, y, square, square, &square_name(variant, n));
        }
        svg.raw("</g>");
    }
    svg.finish()
}

/// The letter of a piece in the text diagram.
fn letter(piece: Piece) -> char {
    match (piece.color, piece.kind) {
        (Color::White, PieceKind::Man) => 'o',
        (Color::White, PieceKind::King) => 'O',
        (Color::Black, PieceKind::Man) => 'x',
        (Color::Black, PieceKind::King) => 'X',
    }
}

/// The board as a text diagram.
pub(crate) fn text(position: &Position, options: &Options) -> String {
    let variant = position.variant();
    let (width, height) = (variant.width(), variant.height());
    let mut grid = Grid {
        rows: vec![vec![' '; usize::from(width)]; usize::from(height)],
        ..Grid::default()
    };
    // The squares of each shown row, left to right, for the numbers beside it.
    let mut numbers: Vec<Vec<u8>> = vec![Vec::new(); usize::from(height)];
    for (n, at) in squares(variant) {
        let (col, row) = shown(variant, at, options.flipped);
        grid.rows[usize::from(row)][usize::from(col)] = position.piece_at(n).map_or('.', letter);
        numbers[usize::from(row)].push(n);
    }
    if options.coordinates {
        if variant.is_alphanumeric() {
            grid.left = (0..height)
                .map(|row| {
                    let (_, r) = shown(variant, (row, 0), options.flipped);
                    file_and_rank(variant, r, 0).1.to_string()
                })
                .collect();
            grid.bottom = (0..width)
                .map(|col| {
                    let (c, _) = shown(variant, (0, col), options.flipped);
                    file_and_rank(variant, 0, c).0.to_string()
                })
                .collect();
        } else {
            grid.right = numbers
                .iter_mut()
                .map(|row| {
                    if options.flipped {
                        row.reverse();
                    }
                    match (row.first(), row.last()) {
                        (Some(first), Some(last)) => format!("{first}-{last}"),
                        _ => String::new(),
                    }
                })
                .collect();
        }
    }
    grid.render()
}

#[cfg(test)]
mod tests;
