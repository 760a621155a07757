//! The shapes of the boards: which squares are played on, how they are numbered, and which
//! square lies one step from another in each direction.

use std::sync::OnceLock;

/// The most squares any supported board has (Turkish draughts plays on all 64).
pub(crate) const MAX_SQUARES: usize = 64;

/// A direction on the board as White sees it: row 0 is the top (Black's side).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dir {
    NorthWest,
    NorthEast,
    SouthWest,
    SouthEast,
    North,
    South,
    West,
    East,
}

impl Dir {
    /// The four diagonals.
    pub(crate) const DIAGONALS: [Dir; 4] = [
        Dir::NorthWest,
        Dir::NorthEast,
        Dir::SouthWest,
        Dir::SouthEast,
    ];
    /// The four lines along rows and columns.
    pub(crate) const ORTHOGONALS: [Dir; 4] = [Dir::North, Dir::South, Dir::West, Dir::East];
    /// All eight, diagonals first.
    pub(crate) const ALL: [Dir; 8] = [
        Dir::NorthWest,
        Dir::NorthEast,
        Dir::SouthWest,
        Dir::SouthEast,
        Dir::North,
        Dir::South,
        Dir::West,
        Dir::East,
    ];

    fn index(self) -> usize {
        self as usize
    }

    /// The same direction for the other side: rules are written for White, who moves north.
    pub(crate) fn mirrored(self) -> Dir {
        match self {
            Dir::NorthWest => Dir::SouthWest,
            Dir::NorthEast => Dir::SouthEast,
            Dir::SouthWest => Dir::NorthWest,
            Dir::SouthEast => Dir::NorthEast,
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::West | Dir::East => self,
        }
    }

    /// The direction straight back.
    pub(crate) fn opposite(self) -> Dir {
        match self {
            Dir::NorthWest => Dir::SouthEast,
            Dir::NorthEast => Dir::SouthWest,
            Dir::SouthWest => Dir::NorthEast,
            Dir::SouthEast => Dir::NorthWest,
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
            Dir::East => Dir::West,
        }
    }

    fn delta(self) -> (i8, i8) {
        match self {
            Dir::NorthWest => (-1, -1),
            Dir::NorthEast => (-1, 1),
            Dir::SouthWest => (1, -1),
            Dir::SouthEast => (1, 1),
            Dir::North => (-1, 0),
            Dir::South => (1, 0),
            Dir::West => (0, -1),
            Dir::East => (0, 1),
        }
    }
}

/// Which squares of a board are played on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// The dark squares, with a dark square in White's lower-left corner (a1).
    Dark,
    /// The dark squares, with a light square in White's lower-left corner (Italian).
    DarkInverted,
    /// Every square (Turkish).
    Full,
}

/// A board's squares, numbered from 1 row by row from the top-left as White sees it (the
/// PDN numbering of every supported game type), and the step from each in each direction.
#[derive(Debug)]
pub(crate) struct Geometry {
    pub(crate) width: u8,
    pub(crate) height: u8,
    /// How many squares are played on.
    pub(crate) count: u8,
    /// `(row, column)` of square `n` at `n - 1`; row 0 is the top, column 0 the a-file.
    coords: Vec<(u8, u8)>,
    /// Square number at `row * width + column`, 0 where no square is played on.
    numbers: Vec<u8>,
    /// The next square in each direction; 0 where the board ends.
    steps: Vec<[u8; 8]>,
}

impl Geometry {
    fn new(width: u8, height: u8, shape: Shape) -> Geometry {
        let played = |row: u8, col: u8| match shape {
            // a1 is (height - 1, 0): dark squares share its parity.
            Shape::Dark => (row + col) % 2 == (height - 1) % 2,
            Shape::DarkInverted => (row + col) % 2 != (height - 1) % 2,
            Shape::Full => true,
        };
        let mut coords = Vec::new();
        let mut numbers = vec![0u8; usize::from(width) * usize::from(height)];
        for row in 0..height {
            for col in 0..width {
                if played(row, col) {
                    coords.push((row, col));
                    numbers[usize::from(row) * usize::from(width) + usize::from(col)] =
                        coords.len() as u8;
                }
            }
        }
        // On a board of dark squares the next square along a row or column is two away.
        let stride: i8 = if shape == Shape::Full { 1 } else { 2 };
        let steps = coords
            .iter()
            .map(|&(row, col)| {
                let mut next = [0u8; 8];
                for dir in Dir::ALL {
                    let (dr, dc) = dir.delta();
                    let (dr, dc) = if dr != 0 && dc != 0 {
                        (dr, dc)
                    } else {
                        (dr * stride, dc * stride)
                    };
                    let (r, c) = (row as i8 + dr, col as i8 + dc);
                    if (0..height as i8).contains(&r) && (0..width as i8).contains(&c) {
                        next[dir.index()] = numbers[r as usize * usize::from(width) + c as usize];
                    }
                }
                next
            })
            .collect();
        Geometry {
            width,
            height,
            count: coords.len() as u8,
            coords,
            numbers,
            steps,
        }
    }

    /// The board of a shape and size, built once.
    pub(crate) fn get(size: u8, shape: Shape) -> &'static Geometry {
        static DARK_8: OnceLock<Geometry> = OnceLock::new();
        static DARK_10: OnceLock<Geometry> = OnceLock::new();
        static INVERTED_8: OnceLock<Geometry> = OnceLock::new();
        static FULL_8: OnceLock<Geometry> = OnceLock::new();
        let cell = match (shape, size) {
            (Shape::Dark, 10) => &DARK_10,
            (Shape::Dark, _) => &DARK_8,
            (Shape::DarkInverted, _) => &INVERTED_8,
            (Shape::Full, _) => &FULL_8,
        };
        cell.get_or_init(|| Geometry::new(size, size, shape))
    }

    /// Whether `square` is a square of this board.
    pub(crate) fn contains(&self, square: u8) -> bool {
        (1..=self.count).contains(&square)
    }

    /// `(row, column)` of a square of this board; row 0 is the top as White sees it.
    pub(crate) fn coords(&self, square: u8) -> Option<(u8, u8)> {
        self.coords
            .get(usize::from(square).checked_sub(1)?)
            .copied()
    }

    /// The square at `(row, column)`, if it is played on.
    pub(crate) fn square_at(&self, row: u8, col: u8) -> Option<u8> {
        if row >= self.height || col >= self.width {
            return None;
        }
        let n = self.numbers[usize::from(row) * usize::from(self.width) + usize::from(col)];
        (n != 0).then_some(n)
    }

    /// The next square from `square` in `dir`.
    pub(crate) fn step(&self, square: u8, dir: Dir) -> Option<u8> {
        let n = self.steps.get(usize::from(square).checked_sub(1)?)?[dir.index()];
        (n != 0).then_some(n)
    }

    /// The row of a square (0 at the top); 0 for a square not on the board.
    pub(crate) fn row(&self, square: u8) -> u8 {
        self.coords(square).map_or(0, |(row, _)| row)
    }
}
