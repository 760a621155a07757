//! A Go position, and playing moves and setting up stones on it.

use std::fmt;
use std::sync::Arc;

use super::history::History;
use super::point::{BoardSize, Color, Point};
use super::rules::{Ko, Rules};
use super::zobrist::KEYS;

/// The cells of the largest padded board: 52×52 points and a border all round.
pub(super) const MAX_CELLS: usize = (BoardSize::MAX as usize + 2) * (BoardSize::MAX as usize + 2);

// What a cell holds. One byte each, so a 19×19 position is 441 bytes to clone.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;
/// Set on a stone while a flood fill has reached it, so the fill needs no set of its own.
const MARK: u8 = 4;

/// A move: who played, and where (`None` for a pass).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Who played.
    pub color: Color,
    /// Where, or `None` for a pass.
    pub point: Option<Point>,
}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The point is not on the board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// The move would leave its own stones without liberties, and the rules forbid suicide.
    Suicide,
    /// The move takes back a ko at once.
    Ko,
    /// The move recreates an earlier position (positional superko).
    Superko,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "the point is off the board",
            IllegalMove::Occupied => "the point is already occupied",
            IllegalMove::Suicide => "suicide: the stones would have no liberty",
            IllegalMove::Ko => "the ko cannot be taken back at once",
            IllegalMove::Superko => "the move repeats an earlier position (superko)",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// Setup points that are off the board; the others were set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    /// The points off the board, in the order given.
    pub off_board: Vec<Point>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let points: Vec<String> = self.off_board.iter().map(|p| p.to_sgf()).collect();
        write!(f, "off the board: {}", points.join(", "))
    }
}

impl std::error::Error for SetupError {}

/// The stones a move took off the board, each list sorted row by row.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Removed {
    /// The opponent's stones it captured.
    pub captured: Vec<Point>,
    /// Its own stones, when it was a suicide the rules allow.
    pub suicide: Vec<Point>,
}

/// A move that was played: the new position and the stones the move took off.
#[derive(Debug, Clone)]
pub struct Played {
    /// The position after the move.
    pub position: Position,
    /// The opponent's stones it captured, sorted row by row.
    pub captured: Vec<Point>,
    /// Its own stones, when it was a suicide the rules allow, sorted row by row.
    pub suicide: Vec<Point>,
}

/// The point where `color` may not play next, because it would take a ko back at once.
#[derive(Debug, Clone, Copy)]
struct KoBan {
    cell: u16,
    color: Color,
}

/// A Go position: the stones, the prisoners, whose turn it is, and what the next move may
/// not repeat.
///
/// Cheap to clone: the board is one byte per point, and the superko history is shared.
#[derive(Clone)]
pub struct Position {
    size: BoardSize,
    rules: Rules,
    /// The board inside a frame of `BORDER` cells, (width + 2) × (height + 2), row by row:
    /// every point has four neighbours in the array, so no step needs a bounds check.
    cells: Box<[u8]>,
    to_play: Color,
    /// Prisoners taken by Black (`[0]`) and by White (`[1]`).
    captures: [u32; 2],
    last_move: Option<Move>,
    ko: Option<KoBan>,
    /// The Zobrist hash of the stones (not of whose turn it is: superko is positional).
    hash: u64,
    /// The hashes of every position since the start or the last setup, newest first; only
    /// kept under positional superko. Shared between clones: see `history.rs`.
    history: Option<Arc<History>>,
}

impl Position {
    /// An empty board, Black to play.
    pub fn new(size: BoardSize, rules: Rules) -> Position {
        let stride = usize::from(size.width()) + 2;
        let rows = usize::from(size.height()) + 2;
        let mut cells = vec![BORDER; stride * rows].into_boxed_slice();
        // Row by row, not point by point: a position is made for every game checked.
        for row in cells.chunks_exact_mut(stride).skip(1).take(rows - 2) {
            row[1..stride - 1].fill(EMPTY);
        }
        Position {
            size,
            rules,
            cells,
            to_play: Color::Black,
            captures: [0; 2],
            last_move: None,
            ko: None,
            hash: 0,
            history: (rules.ko == Ko::PositionalSuperko).then(|| History::start(0)),
        }
    }

    /// The size of the board.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The rules moves are played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Whose turn it is: the opponent of the last player, unless `PL[]` said otherwise.
    pub fn to_play(&self) -> Color {
        self.to_play
    }

    /// Sets whose turn it is, as `PL[]` does.
    pub fn set_to_play(&mut self, color: Color) {
        self.to_play = color;
    }

    /// The stone on `point`, if any (`None` off the board too).
    pub fn stone(&self, point: Point) -> Option<Color> {
        if !self.size.contains(point) {
            return None;
        }
        cell_color(self.cells[self.index(point)])
    }

    /// Every stone on the board, row by row from the top left.
    pub fn occupied(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.size
            .points()
            .filter_map(|point| Some((point, self.stone(point)?)))
    }

    /// How many stones of `color` are on the board (to compare with `HA[]`, for instance).
    pub fn stones(&self, color: Color) -> u32 {
        let wanted = stone_cell(color);
        let count = self.cells.iter().filter(|&&cell| cell == wanted).count();
        // At most 52 × 52 stones, so the count always fits.
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// How many stones `color` has captured (including the opponent's suicides).
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color_index(color)]
    }

    /// The last move played, if any since the start or the last setup.
    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// The point where the last player's opponent may not play now, because it would take
    /// back a ko at once.
    pub fn ko_point(&self) -> Option<Point> {
        self.ko.map(|ko| self.point(usize::from(ko.cell)))
    }

    /// Adds or removes stones as `AB`, `AW` and `AE` do: `Some(color)` puts a stone of that
    /// colour (replacing any), `None` empties the point.
    ///
    /// Setup is not a move: nothing is captured, even a group left without liberties; the
    /// ko ban and the last move are cleared; under superko the history starts again here,
    /// since the positions before were not reached by play. Points off the board are
    /// skipped and returned in the error; the others are set up all the same.
    pub fn setup(
        &mut self,
        changes: impl IntoIterator<Item = (Point, Option<Color>)>,
    ) -> Result<(), SetupError> {
        let mut off_board = Vec::new();
        for (point, stone) in changes {
            if !self.size.contains(point) {
                off_board.push(point);
                continue;
            }
            let cell = self.index(point);
            if let Some(old) = cell_color(self.cells[cell]) {
                self.hash ^= key(cell, old);
            }
            self.cells[cell] = match stone {
                Some(color) => {
                    self.hash ^= key(cell, color);
                    stone_cell(color)
                }
                None => EMPTY,
            };
        }
        self.ko = None;
        self.last_move = None;
        if self.history.is_some() {
            self.history = Some(History::start(self.hash));
        }
        if off_board.is_empty() {
            Ok(())
        } else {
            Err(SetupError { off_board })
        }
    }

    /// Plays a move (`None` passes) and returns the new position; this one is unchanged.
    ///
    /// Either colour may move, whoever's turn it is: SGF records may have a player move
    /// twice, and saying so is the caller's business. Passing is always legal.
    pub fn play(&self, color: Color, point: Option<Point>) -> Result<Played, IllegalMove> {
        let mut position = self.clone();
        let removed = position.play_in_place(color, point)?;
        Ok(Played {
            position,
            captured: removed.captured,
            suicide: removed.suicide,
        })
    }

    /// Plays a move (`None` passes) on this position, as [`Position::play`] does; an
    /// illegal move leaves it unchanged.
    pub fn play_in_place(
        &mut self,
        color: Color,
        point: Option<Point>,
    ) -> Result<Removed, IllegalMove> {
        let Some(point) = point else {
            self.end_move(color, None, None);
            return Ok(Removed::default());
        };
        if !self.size.contains(point) {
            return Err(IllegalMove::OffBoard);
        }
        let cell = self.index(point);
        if self.cells[cell] != EMPTY {
            return Err(IllegalMove::Occupied);
        }
        if self
            .ko
            .is_some_and(|ko| usize::from(ko.cell) == cell && ko.color == color)
        {
            return Err(IllegalMove::Ko);
        }

        let hash_before = self.hash;
        let opponent = color.opponent();
        let (ours, theirs) = (stone_cell(color), stone_cell(opponent));
        self.cells[cell] = ours;
        self.hash ^= key(cell, color);

        // Both lists stay unallocated unless a fill has to look past a stone's neighbours
        // or something is captured: most moves allocate nothing.
        let mut group = Vec::new();
        let mut captured: Vec<u16> = Vec::new();
        for neighbour in self.neighbours(cell) {
            if self.cells[neighbour] == theirs && !self.has_liberty(neighbour, &mut group) {
                for &stone in &group {
                    self.cells[usize::from(stone)] = EMPTY;
                    self.hash ^= key(usize::from(stone), opponent);
                }
                captured.extend_from_slice(&group);
            }
        }

        // A capture leaves the new stone a liberty where the captured stones were.
        let mut suicide: Vec<u16> = Vec::new();
        if captured.is_empty() && !self.has_liberty(cell, &mut group) {
            if !self.rules.suicide_allowed {
                self.cells[cell] = EMPTY;
                self.hash = hash_before;
                return Err(IllegalMove::Suicide);
            }
            for &stone in &group {
                self.cells[usize::from(stone)] = EMPTY;
                self.hash ^= key(usize::from(stone), color);
            }
            suicide = group;
        }

        if let Some(history) = &mut self.history {
            if history.contains(self.hash) {
                for &stone in &captured {
                    self.cells[usize::from(stone)] = theirs;
                }
                for &stone in &suicide {
                    self.cells[usize::from(stone)] = ours;
                }
                self.cells[cell] = EMPTY;
                self.hash = hash_before;
                return Err(IllegalMove::Superko);
            }
            History::push(history, self.hash);
        }

        // A ko: one stone captured by a lone stone that now has that point as its only
        // liberty, so taking it back at once would repeat the position.
        let ko = match captured[..] {
            [taken] if self.is_lone_stone_in_atari(cell) => Some(KoBan {
                cell: taken,
                color: opponent,
            }),
            _ => None,
        };
        self.captures[color_index(color)] += count(&captured);
        self.captures[color_index(opponent)] += count(&suicide);
        self.end_move(color, Some(point), ko);
        if captured.is_empty() && suicide.is_empty() {
            // Nearly every move: the result written whole, not put together from the two
            // lists (perf put a quarter of this function's samples on that, a load of the
            // lists just stored).
            return Ok(Removed::default());
        }
        Ok(Removed {
            captured: self.sorted_points(&captured),
            suicide: self.sorted_points(&suicide),
        })
    }

    /// The Zobrist hash of the stones, for tests that recompute it from scratch.
    #[cfg(test)]
    pub(super) fn hash(&self) -> u64 {
        self.hash
    }

    /// What every move, pass included, does last.
    fn end_move(&mut self, color: Color, point: Option<Point>, ko: Option<KoBan>) {
        self.ko = ko;
        self.last_move = Some(Move { color, point });
        self.to_play = color.opponent();
    }

    /// Whether the group of the stone on `start` has a liberty. When it has none, `group`
    /// holds its stones; otherwise `group` holds some of them.
    #[inline]
    fn has_liberty(&mut self, start: usize, group: &mut Vec<u16>) -> bool {
        group.clear();
        // Most groups touch an empty point right by the stone looked at: no fill then (and
        // no call: this runs for every move and its neighbours).
        if self
            .neighbours(start)
            .into_iter()
            .any(|n| self.cells[n] == EMPTY)
        {
            return true;
        }
        self.group_has_liberty(start, group)
    }

    /// [`Position::has_liberty`] by a fill of the group from `start`.
    fn group_has_liberty(&mut self, start: usize, group: &mut Vec<u16>) -> bool {
        let color = self.cells[start];
        self.cells[start] = color | MARK;
        group.push(cell_u16(start));
        let mut next = 0;
        let mut free = false;
        'fill: while let Some(&stone) = group.get(next) {
            next += 1;
            for neighbour in self.neighbours(usize::from(stone)) {
                let cell = self.cells[neighbour];
                if cell == EMPTY {
                    free = true;
                    break 'fill;
                }
                if cell == color {
                    self.cells[neighbour] = color | MARK;
                    group.push(cell_u16(neighbour));
                }
            }
        }
        for &stone in group.iter() {
            self.cells[usize::from(stone)] = color;
        }
        free
    }

    /// Whether the stone on `cell` has no friendly neighbour and exactly one liberty.
    fn is_lone_stone_in_atari(&self, cell: usize) -> bool {
        let own = self.cells[cell];
        let neighbours = self.neighbours(cell).map(|n| self.cells[n]);
        !neighbours.contains(&own) && neighbours.iter().filter(|&&c| c == EMPTY).count() == 1
    }

    /// The four cells next to `cell` (border cells included).
    fn neighbours(&self, cell: usize) -> [usize; 4] {
        let stride = self.stride();
        [cell - stride, cell - 1, cell + 1, cell + stride]
    }

    fn stride(&self) -> usize {
        usize::from(self.size.width()) + 2
    }

    fn index(&self, point: Point) -> usize {
        index(self.stride(), point)
    }

    /// The point of a cell inside the border.
    fn point(&self, cell: usize) -> Point {
        let stride = self.stride();
        // Cells inside the border are at most 53 in either direction, so these fit in u8.
        let coordinate = |n: usize| u8::try_from(n - 1).unwrap_or(u8::MAX);
        Point::new(coordinate(cell % stride), coordinate(cell / stride))
    }

    /// The points of `cells`, row by row (the order of the cells themselves).
    #[inline]
    fn sorted_points(&self, cells: &[u16]) -> Vec<Point> {
        // Nearly every move captures nothing: no call for that.
        if cells.is_empty() {
            return Vec::new();
        }
        self.sorted_points_of(cells)
    }

    /// [`Position::sorted_points`] of a list that is not empty.
    fn sorted_points_of(&self, cells: &[u16]) -> Vec<Point> {
        let mut cells = cells.to_vec();
        cells.sort_unstable();
        cells
            .into_iter()
            .map(|cell| self.point(usize::from(cell)))
            .collect()
    }
}

impl fmt::Debug for Position {
    // A diagram says more than a dump of the cells: `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Position {}x{}, {:?} to play, captures B {} W {}, ko {:?}",
            self.size.width(),
            self.size.height(),
            self.to_play,
            self.captures[0],
            self.captures[1],
            self.ko_point().map(Point::to_sgf),
        )?;
        for y in 0..self.size.height() {
            for x in 0..self.size.width() {
                f.write_str(match self.stone(Point::new(x, y)) {
                    Some(Color::Black) => "X",
                    Some(Color::White) => "O",
                    None => ".",
                })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

fn index(stride: usize, point: Point) -> usize {
    (usize::from(point.y) + 1) * stride + usize::from(point.x) + 1
}

fn cell_u16(cell: usize) -> u16 {
    // Boards have at most 54 × 54 cells with their border: always a u16.
    u16::try_from(cell).unwrap_or(u16::MAX)
}

fn count(cells: &[u16]) -> u32 {
    u32::try_from(cells.len()).unwrap_or(u32::MAX)
}

const fn color_index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

const fn stone_cell(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

const fn cell_color(cell: u8) -> Option<Color> {
    match cell {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

fn key(cell: usize, color: Color) -> u64 {
    KEYS[cell][color_index(color)]
}
