//! Legal moves: quiet moves, capture sequences and the precedence rules that choose among
//! them; and a move applied to a position.
//!
//! The board is a mailbox (a piece or nothing on each square) with a table of neighbours
//! per board shape: ten variants with rules as different as Frisian's and Turkish's share
//! one search, and correctness comes before speed.

use super::geometry::{Dir, Geometry, MAX_SQUARES};
use super::position::{KingRun, Piece, Position};
use super::variant::{square_name, Color, Crowning, Precedence, Rules, Variant};

/// A move: where the piece starts and ends, every square it lands on, what it takes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: u8,
    /// The square where it stops.
    pub to: u8,
    /// Every square the piece stands on, `from` and `to` included: two squares for a quiet
    /// move, one more per piece taken for a capture.
    pub path: Vec<u8>,
    /// The squares of the pieces taken, in the order they are taken.
    pub captured: Vec<u8>,
    /// Whether a man is crowned by this move.
    pub promotes: bool,
}

impl Move {
    /// Whether the move takes pieces.
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }

    /// The move as PDN writes it in short: `32-28`, `28x19`, `c3-d4`.
    pub fn notation(&self, variant: Variant) -> String {
        let separator = if self.is_capture() { 'x' } else { '-' };
        format!(
            "{}{separator}{}",
            square_name(variant, self.from),
            square_name(variant, self.to)
        )
    }

    /// The move with every square it lands on, which tells apart captures that the short
    /// form does not: `28x19x10`.
    pub fn full_notation(&self, variant: Variant) -> String {
        let separator = if self.is_capture() { "x" } else { "-" };
        self.path
            .iter()
            .map(|&square| square_name(variant, square))
            .collect::<Vec<_>>()
            .join(separator)
    }

    /// The move as it is best written among the `legal` moves of its position: the short
    /// form, unless another of them goes from and to the same squares (then the whole path).
    pub fn written_among(&self, legal: &[Move], variant: Variant) -> String {
        let alike = legal
            .iter()
            .filter(|m| m.from == self.from && m.to == self.to)
            .count();
        if alike > 1 {
            self.full_notation(variant)
        } else {
            self.notation(variant)
        }
    }
}

/// Every legal move of the side to move.
///
/// A capture is listed once per path: two sequences that take the same pieces but land on
/// different squares on the way are two moves (py-draughts counts them the same way).
pub fn legal_moves(position: &Position) -> Vec<Move> {
    let captures = all_captures(position);
    if captures.is_empty() {
        quiet_moves(position)
    } else {
        preferred(position, captures)
    }
}

/// Whether the game is over: the side to move has no legal move, or (Breakthrough) a king
/// has been crowned.
pub fn is_game_over(position: &Position) -> bool {
    winner(position).is_some()
}

/// The side that has won, if the game is over.
///
/// The side to move loses when it cannot move, except in Antidraughts, where it wins; in
/// Breakthrough the first side to crown a king wins. Draws by repetition or by move counts
/// need the game's history and are not judged here.
pub fn winner(position: &Position) -> Option<Color> {
    if position.variant == Variant::Breakthrough {
        let mover = position.side_to_move;
        // The side that just moved is the one that can have crowned a king.
        for color in [mover.opposite(), mover] {
            if position
                .pieces()
                .any(|(_, p)| p.color == color && p.is_king())
            {
                return Some(color);
            }
        }
    }
    if !legal_moves(position).is_empty() {
        return None;
    }
    Some(match position.variant {
        Variant::Antidraughts => position.side_to_move,
        _ => position.side_to_move.opposite(),
    })
}

impl Position {
    /// The position after `mv`, which should be one of [`legal_moves`]: squares are not
    /// checked again, only kept on the board.
    pub fn apply(&self, mv: &Move) -> Position {
        let mut next = self.clone();
        let mover = self.side_to_move;
        let piece = self.piece_at(mv.from);
        next.set_piece(mv.from, None);
        for &square in &mv.captured {
            next.set_piece(square, None);
        }
        let landed = piece.map(|p| if mv.promotes { Piece::king(p.color) } else { p });
        next.set_piece(mv.to, landed);
        next.side_to_move = mover.opposite();
        if self.variant.rules().king_move_limit.is_some() {
            let run = &mut next.king_runs[mover.index()];
            let king_move = piece.is_some_and(Piece::is_king) && !mv.is_capture();
            if king_move {
                // Another king starts a run of its own.
                if run.square != mv.from {
                    run.moves = 0;
                }
                run.moves = run.moves.saturating_add(1);
                run.square = mv.to;
            } else {
                *run = KingRun::default();
            }
            // The limit holds only while a side has men: a side without them keeps no count.
            for color in [Color::White, Color::Black] {
                if next.men_of(color) == 0 {
                    next.king_runs[color.index()] = KingRun::default();
                }
            }
        }
        next
    }
}

/// The row on which `color`'s men are crowned.
fn crowning_row(geometry: &Geometry, color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => geometry.height - 1,
    }
}

/// A rule's direction for `color`: rules are written for White.
fn oriented(dir: Dir, color: Color) -> Dir {
    match color {
        Color::White => dir,
        Color::Black => dir.mirrored(),
    }
}

/// Moves that take nothing.
pub(crate) fn quiet_moves(position: &Position) -> Vec<Move> {
    let rules = position.variant.rules();
    let geometry = rules.geometry();
    let color = position.side_to_move;
    let run = position.king_runs[color.index()];
    let mut moves = Vec::new();
    let mut push = |from: u8, to: u8, promotes: bool| {
        moves.push(Move {
            from,
            to,
            path: vec![from, to],
            captured: Vec::new(),
            promotes,
        });
    };
    for (from, piece) in position.pieces().filter(|(_, p)| p.color == color) {
        if !piece.is_king() {
            for &dir in rules.man_moves {
                if let Some(to) = geometry.step(from, oriented(dir, color)) {
                    if position.piece_at(to).is_none() {
                        push(from, to, geometry.row(to) == crowning_row(geometry, color));
                    }
                }
            }
            continue;
        }
        if rules
            .king_move_limit
            .is_some_and(|limit| run.moves >= limit && run.square == from)
        {
            continue;
        }
        for &dir in rules.king_moves {
            let mut square = from;
            while let Some(to) = geometry.step(square, dir) {
                if position.piece_at(to).is_some() {
                    break;
                }
                push(from, to, false);
                if !rules.flying_kings {
                    break;
                }
                square = to;
            }
        }
    }
    moves
}

/// Every complete capture sequence of the side to move, before the precedence rules.
pub(crate) fn all_captures(position: &Position) -> Vec<Move> {
    let rules = position.variant.rules();
    let color = position.side_to_move;
    let mut search = CaptureSearch {
        rules,
        geometry: rules.geometry(),
        color,
        board: position.squares,
        taken: 0,
        lifted: Vec::new(),
        path: Vec::new(),
        captured: Vec::new(),
        from_man: false,
        crowned: false,
        out: Vec::new(),
    };
    for (from, piece) in position.pieces().filter(|(_, p)| p.color == color) {
        // The piece leaves its square: it may pass over it or land on it again.
        search.board[usize::from(from) - 1] = None;
        search.path.push(from);
        search.from_man = !piece.is_king();
        search.extend(from, piece.is_king(), None);
        search.path.pop();
        search.board[usize::from(from) - 1] = Some(piece);
    }
    search.out
}

/// The captures the precedence rules allow among `captures` (not empty).
pub(crate) fn preferred(position: &Position, captures: Vec<Move>) -> Vec<Move> {
    let precedence = position.variant.rules().precedence;
    if precedence == Precedence::Free {
        return captures;
    }
    let keys: Vec<[i64; 4]> = captures
        .iter()
        .map(|mv| precedence_key(position, precedence, mv))
        .collect();
    let Some(best) = keys.iter().max().copied() else {
        return captures;
    };
    captures
        .into_iter()
        .zip(keys)
        .filter(|(_, key)| *key == best)
        .map(|(mv, _)| mv)
        .collect()
}

/// What a precedence rule compares, greatest first.
pub(crate) fn precedence_key(position: &Position, precedence: Precedence, mv: &Move) -> [i64; 4] {
    let taken_kings: Vec<bool> = mv
        .captured
        .iter()
        .map(|&square| position.piece_at(square).is_some_and(Piece::is_king))
        .collect();
    let pieces = taken_kings.len() as i64;
    let kings = taken_kings.iter().filter(|&&k| k).count() as i64;
    let with_king = i64::from(position.piece_at(mv.from).is_some_and(Piece::is_king));
    match precedence {
        Precedence::Free => [0; 4],
        Precedence::Quantity => [pieces, 0, 0, 0],
        Precedence::Italian => {
            // Kings taken earlier weigh more: the first piece taken is the highest bit.
            let order = taken_kings
                .iter()
                .take(62)
                .enumerate()
                .filter(|(_, &k)| k)
                .map(|(i, _)| 1i64 << (61 - i))
                .sum();
            [pieces, with_king, kings, order]
        }
        // A king is worth a little less than two men: two men outweigh a king, and of
        // captures that count the same in men, the one with fewer kings (more men) wins.
        Precedence::Frisian => [pieces + kings, -kings, with_king, 0],
    }
}

/// A depth-first walk through the capture sequences of one piece.
struct CaptureSearch {
    rules: &'static Rules,
    geometry: &'static Geometry,
    color: Color,
    /// The board as the moving piece sees it: the piece itself lifted, and (Turkish) the
    /// pieces taken so far lifted too.
    board: [Option<Piece>; MAX_SQUARES],
    /// Squares of the pieces taken so far, one bit each.
    taken: u64,
    /// The pieces lifted as they were taken (Turkish), to put back on the way up.
    lifted: Vec<Option<Piece>>,
    path: Vec<u8>,
    captured: Vec<u8>,
    from_man: bool,
    /// Whether the man was crowned on the way and goes on as a king.
    crowned: bool,
    out: Vec<Move>,
}

/// The most squares a flying king can land on beyond one piece (a 10×10 diagonal).
const MAX_LANDINGS: usize = 10;

impl CaptureSearch {
    fn is_empty(&self, square: u8) -> bool {
        self.board[usize::from(square) - 1].is_none()
    }

    /// Whether the piece on `square` may be taken now by a king or a man.
    fn can_take(&self, square: u8, by_king: bool) -> bool {
        let Some(victim) = self.board[usize::from(square) - 1] else {
            return false;
        };
        victim.color != self.color
            && self.taken & (1 << (square - 1)) == 0
            && (by_king || self.rules.men_take_kings || !victim.is_king())
    }

    fn take(&mut self, square: u8) {
        self.captured.push(square);
        self.taken |= 1 << (square - 1);
        if self.rules.lift_at_once {
            self.lifted.push(self.board[usize::from(square) - 1].take());
        }
    }

    fn untake(&mut self, square: u8) {
        self.captured.pop();
        self.taken &= !(1 << (square - 1));
        if self.rules.lift_at_once {
            self.board[usize::from(square) - 1] = self.lifted.pop().flatten();
        }
    }

    fn emit(&mut self) {
        let (Some(&from), Some(&to)) = (self.path.first(), self.path.last()) else {
            return;
        };
        let crowning = crowning_row(self.geometry, self.color);
        self.out.push(Move {
            from,
            to,
            path: self.path.clone(),
            captured: self.captured.clone(),
            promotes: self.from_man && (self.crowned || self.geometry.row(to) == crowning),
        });
    }

    /// Follows every capture from `square`, emitting each sequence that cannot go on;
    /// `true` if there was at least one capture to make.
    fn extend(&mut self, square: u8, king: bool, last: Option<Dir>) -> bool {
        let dirs = if king {
            self.rules.king_captures
        } else {
            self.rules.man_captures
        };
        let mut any = false;
        for &dir in dirs {
            let dir = if king { dir } else { oriented(dir, self.color) };
            // With pieces lifted as they go, only the ban on turning back stops a piece from
            // taking to and fro.
            if self.rules.lift_at_once && last == Some(dir.opposite()) {
                continue;
            }
            let found = if king && self.rules.flying_kings {
                self.flying_capture(square, dir)
            } else {
                self.short_capture(square, dir, king)
            };
            any |= found;
        }
        any
    }

    /// A jump over the next square to the one beyond it, by a man or a short king.
    fn short_capture(&mut self, square: u8, dir: Dir, king: bool) -> bool {
        let Some(victim) = self.geometry.step(square, dir) else {
            return false;
        };
        let Some(land) = self.geometry.step(victim, dir) else {
            return false;
        };
        if !self.can_take(victim, king) || !self.is_empty(land) {
            return false;
        }
        self.take(victim);
        self.path.push(land);
        let crowned_here =
            !king && self.geometry.row(land) == crowning_row(self.geometry, self.color);
        match (crowned_here, self.rules.crowning) {
            (true, Crowning::Stops) => self.emit(),
            (true, Crowning::Continues) => {
                self.crowned = true;
                if !self.extend(land, true, Some(dir)) {
                    self.emit();
                }
                self.crowned = false;
            }
            _ => {
                if !self.extend(land, king, Some(dir)) {
                    self.emit();
                }
            }
        }
        self.path.pop();
        self.untake(victim);
        true
    }

    /// A flying king's capture along `dir`: over empty squares to a piece, then onto any
    /// empty square beyond it. Where some landing squares let the capture go on, the king
    /// must land on one of those (the capture must be taken to its end).
    fn flying_capture(&mut self, square: u8, dir: Dir) -> bool {
        let mut at = square;
        let victim = loop {
            match self.geometry.step(at, dir) {
                Some(next) if self.is_empty(next) => at = next,
                Some(next) => break next,
                None => return false,
            }
        };
        if !self.can_take(victim, true) {
            return false;
        }
        let mut landings = [0u8; MAX_LANDINGS];
        let mut count = 0;
        let mut at = victim;
        while let Some(next) = self.geometry.step(at, dir) {
            if !self.is_empty(next) || count == MAX_LANDINGS {
                break;
            }
            landings[count] = next;
            count += 1;
            at = next;
        }
        if count == 0 {
            return false;
        }
        self.take(victim);
        let mut ends = [0u8; MAX_LANDINGS];
        let mut end_count = 0;
        let mut goes_on = false;
        for &land in &landings[..count] {
            self.path.push(land);
            if self.extend(land, true, Some(dir)) {
                goes_on = true;
            } else {
                ends[end_count] = land;
                end_count += 1;
            }
            self.path.pop();
        }
        if !goes_on {
            for &land in &ends[..end_count] {
                self.path.push(land);
                self.emit();
                self.path.pop();
            }
        }
        self.untake(victim);
        true
    }
}
