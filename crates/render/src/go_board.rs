//! Go boards of any size: the grid on a wooden board, star points, stones and a mark on
//! the last stone played.

use kifu_rules::go::{Color, Point, Position};

use crate::svg::{baseline, Num, Svg};
use crate::text::Grid;
use crate::{Highlights, LastMove, Options};

/// About how wide the grid is drawn, whatever the board size.
const TARGET: u32 = 380;
const WOOD: &str = "#dcb35c";
/// Go's column letters: `I` is left out, as on every board since it was mistaken for `J`.
const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The label of column `x`: a letter, then two letters (`AA`, `AB`, ...) past the 25th
/// column, as KataGo writes the columns of big boards.
fn column_label(x: u8) -> String {
    let x = usize::from(x);
    if x < LETTERS.len() {
        char::from(LETTERS[x]).to_string()
    } else {
        let first = LETTERS[(x / LETTERS.len() - 1) % LETTERS.len()];
        let second = LETTERS[x % LETTERS.len()];
        [char::from(first), char::from(second)]
            .into_iter()
            .collect()
    }
}

/// The star points (hoshi) of a board: the corner points on the 4-4 points (3-3 below
/// 13×13), the centre of an odd board, and the sides' middles from 15 lines on, as Go
/// programs such as Sabaki place them; none below 6×6.
fn star_points(width: u8, height: u8) -> Vec<Point> {
    if width.min(height) < 6 {
        return Vec::new();
    }
    let near = |n: u8| if n >= 13 { 3 } else { 2 };
    let (nx, ny) = (near(width), near(height));
    let (fx, fy) = (width - 1 - nx, height - 1 - ny);
    let (mx, my) = ((width - 1) / 2, (height - 1) / 2);
    let mut points = vec![
        Point::new(nx, ny),
        Point::new(fx, ny),
        Point::new(nx, fy),
        Point::new(fx, fy),
    ];
    // 7×7's centre would touch the corner points.
    if width % 2 == 1 && height % 2 == 1 && width > 7 && height > 7 {
        points.push(Point::new(mx, my));
    }
    if width % 2 == 1 && width >= 15 {
        points.extend([Point::new(mx, ny), Point::new(mx, fy)]);
    }
    if height % 2 == 1 && height >= 15 {
        points.extend([Point::new(nx, my), Point::new(fx, my)]);
    }
    points.sort();
    points.dedup();
    points
}

/// The geometry of one drawing: where each point goes.
struct Layout {
    width: u8,
    height: u8,
    flipped: bool,
    /// The distance between two lines.
    cell: f64,
    /// Where the first line is: a label margin (if any) and half a cell for edge stones.
    left: f64,
    top: f64,
}

impl Layout {
    /// The centre of `point` as drawn.
    fn at(&self, point: Point) -> (f64, f64) {
        let (col, row) = self.cell_of(point);
        (
            self.left + f64::from(col) * self.cell,
            self.top + f64::from(row) * self.cell,
        )
    }

    /// `(column, row)` as shown: a flipped board is turned half round.
    fn cell_of(&self, point: Point) -> (u8, u8) {
        if self.flipped {
            (self.width - 1 - point.x, self.height - 1 - point.y)
        } else {
            (point.x, point.y)
        }
    }
}

/// The board as SVG.
pub(crate) fn svg(position: &Position, highlights: &Highlights, options: &Options) -> String {
    let size = position.size();
    let (width, height) = (size.width(), size.height());
    let cell = f64::from((TARGET / u32::from(width.max(height))).max(4));
    let font = (cell * 0.55).clamp(7.0, 14.0);
    let margin = if options.coordinates { font * 2.2 } else { 0.0 };
    let pad = cell / 2.0;
    let layout = Layout {
        width,
        height,
        flipped: options.flipped,
        cell,
        left: margin + pad,
        top: pad,
    };
    let grid_w = f64::from(width - 1) * cell;
    let grid_h = f64::from(height - 1) * cell;
    let total_w = margin + 2.0 * pad + grid_w;
    let total_h = margin + 2.0 * pad + grid_h;
    let mut svg = Svg::new(total_w, total_h, options.width);

    // Stones of a size are one shape each; the ids carry the size, so that two boards of
    // different sizes in one HTML page do not borrow each other's stones.
    let radius = cell * 0.48;
    let (black, white) = (format!("b{}", Num(cell)), format!("w{}", Num(cell)));
    let line = (cell / 20.0).max(1.0);
    svg.write(format_args!(
        "<defs><circle id=\"{black}\" r=\"{r}\" fill=\"#111\"/>\
         <circle id=\"{white}\" r=\"{r}\" fill=\"#fafafa\" stroke=\"#000\" stroke-width=\"{w}\"/></defs>",
        r = Num(radius - line / 2.0),
        w = Num(line),
    ));
    svg.rect(0.0, 0.0, total_w, total_h, WOOD, 1.0);

    let mut d = String::new();
    for col in 0..width {
        let x = layout.left + f64::from(col) * cell;
        d.push_str(&format!("M{} {}v{}", Num(x), Num(layout.top), Num(grid_h)));
    }
    for row in 0..height {
        let y = layout.top + f64::from(row) * cell;
        d.push_str(&format!("M{} {}h{}", Num(layout.left), Num(y), Num(grid_w)));
    }
    svg.write(format_args!(
        "<path d=\"{d}\" stroke=\"#000\" stroke-width=\"{}\" stroke-linecap=\"square\"/>",
        Num(line)
    ));
    let stars = star_points(width, height);
    if !stars.is_empty() {
        svg.raw("<g fill=\"#000\">");
        for point in stars {
            let (x, y) = layout.at(point);
            svg.write(format_args!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                Num(x),
                Num(y),
                Num((cell * 0.13).max(1.5))
            ));
        }
        svg.raw("</g>");
    }

    if options.coordinates {
        svg.open_labels(font, "#000", "middle");
        for x in 0..width {
            let (cx, _) = layout.at(Point::new(x, 0));
            svg.label(cx, baseline(total_h - margin / 2.0, font), &column_label(x));
        }
        for y in 0..height {
            let (_, cy) = layout.at(Point::new(0, y));
            svg.label(margin / 2.0, baseline(cy, font), &(height - y).to_string());
        }
        svg.raw("</g>");
    }

    for (point, color) in position.occupied() {
        let (x, y) = layout.at(point);
        let id = match color {
            Color::Black => &black,
            Color::White => &white,
        };
        svg.use_at(id, x, y);
    }

    // Numbers on the stones: light on black, dark on white; three digits a little smaller.
    let mut numbered = false;
    let numbers = if options.move_numbers {
        highlights.numbers.as_slice()
    } else {
        &[]
    };
    for &(point, number) in numbers {
        let Some(color) = position.stone(point).filter(|_| size.contains(point)) else {
            continue;
        };
        numbered = true;
        let (x, y) = layout.at(point);
        let text = number.to_string();
        let font = cell * if text.len() > 2 { 0.36 } else { 0.46 };
        let fill = match color {
            Color::Black => "#fff",
            Color::White => "#000",
        };
        svg.write(format_args!(
            "<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"{}\" \
             text-anchor=\"middle\" fill=\"{fill}\">{text}</text>",
            Num(x),
            Num(baseline(y, font)),
            Num(font)
        ));
    }
    if let (false, Some(LastMove::Go(Some(point)))) = (numbered, &highlights.last_move) {
        if size.contains(*point) {
            // A ring in the colour of the other side's stones; red on an empty point (a
            // suicide took the stone away).
            let stroke = match position.stone(*point) {
                Some(Color::Black) => "#fff",
                Some(Color::White) => "#000",
                None => "#c00",
            };
            let (x, y) = layout.at(*point);
            svg.write(format_args!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{}\"/>",
                Num(x),
                Num(y),
                Num(cell * 0.24),
                Num((cell * 0.08).max(1.0))
            ));
        }
    }
    if options.targets {
        svg.open_targets();
        for point in size.points() {
            let (x, y) = layout.at(point);
            svg.target(x - cell / 2.0, y - cell / 2.0, cell, cell, &point.to_sgf());
        }
        svg.raw("</g>");
    }
    svg.finish()
}

/// The board as a text diagram.
pub(crate) fn text(position: &Position, highlights: &Highlights, options: &Options) -> String {
    let size = position.size();
    let (width, height) = (size.width(), size.height());
    let layout = Layout {
        width,
        height,
        flipped: options.flipped,
        cell: 1.0,
        left: 0.0,
        top: 0.0,
    };
    let stars = star_points(width, height);
    let mut grid = Grid {
        rows: vec![vec!['·'; usize::from(width)]; usize::from(height)],
        ..Grid::default()
    };
    for point in size.points() {
        let (col, row) = layout.cell_of(point);
        let figure = match position.stone(point) {
            Some(Color::Black) => '●',
            Some(Color::White) => '○',
            None if stars.contains(&point) => '+',
            None => '·',
        };
        grid.rows[usize::from(row)][usize::from(col)] = figure;
    }
    if let Some(LastMove::Go(Some(point))) = &highlights.last_move {
        if size.contains(*point) {
            let (col, row) = layout.cell_of(*point);
            grid.mark = Some((usize::from(row), usize::from(col)));
        }
    }
    if options.coordinates {
        let shown = |i: u8, n: u8| if options.flipped { n - 1 - i } else { i };
        grid.left = (0..height)
            .map(|row| (height - shown(row, height)).to_string())
            .collect();
        grid.bottom = (0..width)
            .map(|col| column_label(shown(col, width)))
            .collect();
    }
    grid.render()
}

#[cfg(test)]
mod tests;
