//! Points, colours and board sizes, and reading them as SGF writes them.

use std::fmt;

/// A point of the board, 0-based: `x` is the column from the left, `y` the row from the
/// top, as SGF writes them (`dd` is `Point { x: 3, y: 3 }`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// The column, from the left.
    pub x: u8,
    /// The row, from the top.
    pub y: u8,
}

impl Point {
    /// The point at column `x` and row `y`.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Reads an SGF point, two letters (`a`–`z` are 0–25, `A`–`Z` are 26–51), whatever the
    /// board size: a point off the board is still a point, and playing it says so.
    pub fn from_sgf(raw: &str) -> Option<Point> {
        match raw.as_bytes() {
            [x, y] => Some(Point::new(sgf_coordinate(*x)?, sgf_coordinate(*y)?)),
            _ => None,
        }
    }

    /// The point as SGF writes it, `dd`.
    pub fn to_sgf(self) -> String {
        self.sgf_letters().into_iter().map(char::from).collect()
    }

    /// The point's two SGF letters, as [`Point::to_sgf`] writes them, without a string.
    pub fn sgf_letters(self) -> [u8; 2] {
        let letter = |c: u8| if c < 26 { b'a' + c } else { b'A' + (c - 26) };
        [letter(self.x), letter(self.y)]
    }
}

/// One SGF coordinate letter as a number.
fn sgf_coordinate(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

/// A value that is not an SGF point: not two letters `a`–`z` or `A`–`Z`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MalformedPoint;

impl fmt::Display for MalformedPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a point: a point is two letters, a-z or A-Z")
    }
}

impl std::error::Error for MalformedPoint {}

/// The colour of a stone, or of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black, who plays first in an even game.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other colour.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Reads a `PL[]` value, `B` or `W` (any case, spaces around ignored).
    pub fn from_sgf(raw: &str) -> Option<Color> {
        match raw.trim() {
            "B" | "b" => Some(Color::Black),
            "W" | "w" => Some(Color::White),
            _ => None,
        }
    }

    /// The letter SGF writes for this colour, `B` or `W`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

/// The size of a board: `SZ[19]` is 19×19, `SZ[19:13]` is 19 columns by 13 rows. From 1×1
/// to 52×52, the most two SGF letters can address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSize {
    width: u8,
    height: u8,
}

impl Default for BoardSize {
    /// 19×19, the size SGF assumes when a Go game has no `SZ`.
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

impl BoardSize {
    /// The largest width or height: 52 letters `a`–`z`, `A`–`Z`.
    pub const MAX: u8 = 52;

    /// 19×19.
    pub const STANDARD: BoardSize = BoardSize {
        width: 19,
        height: 19,
    };

    /// A board of `width` columns and `height` rows, if both are from 1 to 52.
    pub const fn new(width: u8, height: u8) -> Option<BoardSize> {
        if width >= 1 && width <= Self::MAX && height >= 1 && height <= Self::MAX {
            Some(BoardSize { width, height })
        } else {
            None
        }
    }

    /// A square board, `n`×`n`.
    pub const fn square(n: u8) -> Option<BoardSize> {
        Self::new(n, n)
    }

    /// Reads an `SZ[]` value: `19`, or `19:13` (columns, then rows).
    pub fn from_sgf(raw: &str) -> Option<BoardSize> {
        let number = |s: &str| s.trim().parse::<u8>().ok();
        match raw.split_once(':') {
            Some((width, height)) => Self::new(number(width)?, number(height)?),
            None => Self::square(number(raw)?),
        }
    }

    /// The number of columns.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// The number of rows.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Whether `point` is on this board.
    pub const fn contains(self, point: Point) -> bool {
        point.x < self.width && point.y < self.height
    }

    /// Every point of the board, row by row from the top left.
    pub fn points(self) -> impl Iterator<Item = Point> {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Point::new(x, y)))
    }

    /// Reads a `B[]` or `W[]` value: `Ok(None)` for a pass, `Ok(Some(point))` for a point
    /// (which may be off the board: playing it says so).
    ///
    /// A pass is `[]`, or `[tt]` on boards up to 19×19, where `FF[3]` wrote passes that way;
    /// on larger boards `tt` is a real point.
    pub fn parse_move(self, raw: &str) -> Result<Option<Point>, MalformedPoint> {
        if raw.is_empty() || (raw == "tt" && self.width <= 19 && self.height <= 19) {
            return Ok(None);
        }
        Point::from_sgf(raw).map(Some).ok_or(MalformedPoint)
    }
}

/// A rectangle of points, as an SGF point list writes it: `dd` alone, or `aa:cc`
/// (`FF[4]`'s compressed lists, corners in either order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    /// The top left corner.
    pub from: Point,
    /// The bottom right corner.
    pub to: Point,
}

impl Rect {
    /// Reads one value of an `AB`, `AW` or `AE` list: `dd` or `aa:cc`.
    pub fn from_sgf(raw: &str) -> Result<Rect, MalformedPoint> {
        let point = |s: &str| Point::from_sgf(s).ok_or(MalformedPoint);
        let (a, b) = match raw.split_once(':') {
            Some((a, b)) => (point(a)?, point(b)?),
            None => {
                let p = point(raw)?;
                (p, p)
            }
        };
        // FF[4] wants the top left corner first; some programs write the other two corners
        // or the other order, and the rectangle they mean is still plain.
        Ok(Rect {
            from: Point::new(a.x.min(b.x), a.y.min(b.y)),
            to: Point::new(a.x.max(b.x), a.y.max(b.y)),
        })
    }

    /// The points of the rectangle, row by row.
    pub fn points(self) -> impl Iterator<Item = Point> {
        (self.from.y..=self.to.y)
            .flat_map(move |y| (self.from.x..=self.to.x).map(move |x| Point::new(x, y)))
    }
}
