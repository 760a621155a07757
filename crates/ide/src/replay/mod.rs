//! The rules folded over the game model: every move of every line played in its position,
//! or the reason it cannot be.
//!
//! A replay gives the diagnostics of a game (cached with its model, so an edit re-replays
//! only the games it touches) and, for hover and export, what each move did ([`Step`]).
//! Positions are not kept: a 10 MB database has a hundred thousand of them, and a hover
//! replays its one game again, which takes microseconds.
//!
//! One mistake, one diagnostic: after a move that cannot be played, the rest of its line
//! (and the lines that branch from it) is not checked, and the diagnostic says so.

mod chess;

mod draughts;
mod go;

use kifu_rules::chess::{StandardSan, UciMove};
use kifu_syntax::{SyntaxError, TextRange};

use crate::codes;
use crate::game::{GameKind, GameRef, LineId, Move, MoveId, Side};

/// What a move did, in words and squares (also as the export's JSON: `path`, `captured`,
/// `prisoners`, `ko`, and `fen` or `stones`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Step {
    /// The move in full, where the notation can shorten it: a draughts capture's every
    /// landing square (`28x19x10`).
    #[serde(rename = "path", skip_serializing_if = "Option::is_none")]
    pub full: Option<String>,
    /// The pieces or stones it took, by their squares or points as the notation writes
    /// them. A chess square's name is borrowed from a table: a capture (a quarter of a
    /// game's moves) made two allocations for a name of two letters.
    pub captured: Vec<std::borrow::Cow<'static, str>>,
    /// Stones each side has taken so far (Go): (Black's, White's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prisoners: Option<(u32, u32)>,
    /// Whether it took a ko (Go): the opponent may not take back at once.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ko: bool,
    /// The position after it.
    #[serde(flatten)]
    pub position: StepPosition,
    /// The move in standard SAN, English letters and check marks as the position gives
    /// them, whatever the file wrote (chess): `Nxe5+`.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "displayed")]
    pub san: Option<StandardSan>,
    /// The move in UCI (chess): `g1f3`, `e7e8q`.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "displayed")]
    pub uci: Option<UciMove>,
    /// What the move does, in words, for hover (chess): `Black's knight from c6 takes the
    /// pawn on e5, check`.
    #[serde(skip)]
    pub said: Option<String>,
    /// The move's ply as the replay counted it, where that is not the model's (chess: after
    /// a word it read as two moves, `3.Bb5a6 Ba4` is White's fourth move, not Black's
    /// third): the number and side an export writes. `None` nearly always.
    #[serde(skip)]
    pub ply: Option<u32>,
}

/// A position as data.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StepPosition {
    /// Draughts: a FEN.
    Fen(String),
    /// Chess: the position itself, written as a FEN (`fen`) when asked. An export asks for
    /// one after every move, and writes it straight into its JSON.
    #[serde(rename = "fen", serialize_with = "chess_fen")]
    Chess(kifu_rules::chess::Position),
    /// Go: the stones of each side, written as SGF points, as `AB` and `AW` would set them
    /// up. Points, not strings: a string for every stone after every move was most of the
    /// export of a Go game (two hundred allocations a move).
    Stones {
        /// Black's stones.
        #[serde(serialize_with = "sgf_points")]
        black: Vec<kifu_rules::go::Point>,
        /// White's stones.
        #[serde(serialize_with = "sgf_points")]
        white: Vec<kifu_rules::go::Point>,
    },
}

impl StepPosition {
    /// The FEN, of chess or draughts.
    pub fn fen(&self) -> Option<String> {
        match self {
            StepPosition::Fen(fen) => Some(fen.clone()),
            StepPosition::Chess(position) => Some(position.fen()),
            StepPosition::Stones { .. } => None,
        }
    }
}

/// A SAN or UCI move as the string it displays as.
fn displayed<S: serde::Serializer>(
    value: &Option<impl std::fmt::Display>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serializer.collect_str(value),
        None => serializer.serialize_none(),
    }
}

fn sgf_points<S: serde::Serializer>(
    points: &[kifu_rules::go::Point],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(points.iter().map(|point| point.to_sgf()))
}

fn chess_fen<S: serde::Serializer>(
    position: &kifu_rules::chess::Position,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&position.fen())
}

/// Which moves the caller wants a [`Step`] of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wanted {
    /// None: diagnostics only.
    None,
    /// One move (hover), and the position after it ([`Replay::reached`]).
    One(MoveId),
    /// Every move (export).
    All,
    /// No move: the game's first position ([`Replay::reached`]).
    Start,
}

impl Wanted {
    fn wants(self, m: MoveId) -> bool {
        match self {
            Wanted::None | Wanted::Start => false,
            Wanted::One(one) => one == m,
            Wanted::All => true,
        }
    }

    /// Whether the position after `m` is to be kept.
    fn keeps(self, m: MoveId) -> bool {
        self == Wanted::One(m)
    }
}

/// A position of one of the three games, as the rules keep it.
#[derive(Debug, Clone)]
pub(crate) enum GamePosition {
    /// Chess.
    Chess(kifu_rules::chess::Position),
    /// Go.
    Go(kifu_rules::go::Position),
    /// Draughts.
    Draughts(kifu_rules::draughts::Position),
}

impl GamePosition {
    /// Who moves next.
    pub(crate) fn side_to_move(&self) -> Side {
        let white = match self {
            GamePosition::Chess(p) => p.turn() == kifu_rules::chess::Color::White,
            GamePosition::Go(p) => p.to_play() == kifu_rules::go::Color::White,
            GamePosition::Draughts(p) => p.side_to_move() == kifu_rules::draughts::Color::White,
        };
        if white {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The position as the renderer takes it.
    pub(crate) fn to_render(&self) -> kifu_render::Board<'_> {
        match self {
            GamePosition::Chess(p) => kifu_render::Board::Chess(p),
            GamePosition::Go(p) => kifu_render::Board::Go(p),
            GamePosition::Draughts(p) => kifu_render::Board::Draughts(p),
        }
    }
}

/// The position a replay was asked for ([`Wanted::One`], [`Wanted::Start`]), and the move
/// that led to it.
#[derive(Debug, Clone)]
pub(crate) struct Reached {
    /// The position.
    pub board: GamePosition,
    /// The move that led to it, to be marked on the board.
    pub last_move: Option<kifu_render::LastMove>,
}

/// What a replay found.
#[derive(Debug, Default)]
pub(crate) struct Replay {
    /// Diagnostics, in the text's ranges, in move order.
    pub diagnostics: Vec<SyntaxError>,
    /// The steps asked for, by move index (empty when none was made).
    pub steps: Vec<Option<Step>>,
    /// The position asked for, if the replay reached it.
    pub reached: Option<Reached>,
    /// With every step asked for ([`Wanted::All`]): the words the replay read as two
    /// moves typed with no space between, in the order it read them.
    pub splits: Vec<Split>,
}

/// A word of a chess line that the replay read as two moves typed with no space between
/// and played (`3.Bb5a6`, `1.e4e5`; or stray text before a move, `2. Nf3Nc6 3. Bb5`), for
/// an export to write as the two moves they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// The move it is, or the move after it (stray text).
    pub at: MoveId,
    /// Whether it is move `at` itself (which is then written as the two), not stray text
    /// before it (written before it).
    pub itself: bool,
    /// The two moves: each one's text (in the game, as a move's [`Move::text`]) and step
    /// (with its [`Step::ply`]).
    pub halves: [(TextRange, Step); 2],
    /// The variations written right after stray text read so (`2. Nf3Nc6 (2... Nf6)`),
    /// which the model holds as alternatives to the move before the text, and the replay
    /// plays as alternatives to its second move.
    pub lines: Vec<LineId>,
}

impl Replay {
    /// Keeps what move `id` of `game` did. The steps are a table by move index, made at
    /// the first step: an export keeps one for every move of every game, and moving them
    /// from a list into a table was a copy of each.
    fn keep(&mut self, game: GameRef<'_>, id: MoveId, step: Step) {
        if self.steps.is_empty() {
            self.steps.resize_with(game.game.moves.len(), || None);
        }
        self.steps[id.index()] = Some(step);
    }

    /// The one step asked for ([`Wanted::One`]).
    pub(crate) fn the_step(self) -> Option<Step> {
        self.steps.into_iter().flatten().next()
    }
}

/// Replays a game.
pub(crate) fn replay(game: GameRef<'_>, wanted: Wanted) -> Replay {
    let mut replay = Replay::default();
    match &game.game.kind {
        GameKind::Go { size } => go::replay(game, *size, wanted, &mut replay),
        GameKind::Draughts { board } => draughts::replay(game, board.as_ref(), wanted, &mut replay),
        GameKind::Chess { variant } => chess::replay(game, variant.as_deref(), wanted, &mut replay),
    }
    replay
}

/// What every move of a game did, by move index (`None` where a move was not played), and
/// the words the replay read as two moves.
pub(crate) fn steps(game: GameRef<'_>) -> (Vec<Option<Step>>, Vec<Split>) {
    let Replay {
        mut steps, splits, ..
    } = replay(game, Wanted::All);
    steps.resize_with(game.game.moves.len(), || None);
    (steps, splits)
}

/// The positions lines start from, each with the ply of its next move: the one after each
/// move that lines branch from, kept when that move is played and handed to the lines
/// that start there, the last of them taking it. Found by the move's index (a `HashMap`
/// hashed every move of a game with variations, and allocated again for every game).
pub(super) struct Branches<P> {
    /// For each move of the game, where its position is kept in `kept`, or [`NOT_KEPT`];
    /// empty for a game with one line.
    slot: Vec<u32>,
    /// Each position kept (once played), and how many lines have yet to start from it.
    kept: Vec<(Option<(P, u32)>, u32)>,
}

/// A move no line branches from, in [`Branches::slot`].
const NOT_KEPT: u32 = u32::MAX;

impl<P: Clone> Branches<P> {
    pub(super) fn new(game: &crate::game::Game) -> Branches<P> {
        let mut branches = Branches {
            slot: Vec::new(),
            kept: Vec::new(),
        };
        if game.lines.len() > 1 {
            branches.slot = vec![NOT_KEPT; game.moves.len()];
            for from in game.lines.iter().filter_map(|l| l.branches_from) {
                let slot = &mut branches.slot[from.index()];
                if *slot == NOT_KEPT {
                    *slot = branches.kept.len() as u32;
                    branches.kept.push((None, 0));
                }
                branches.kept[*slot as usize].1 += 1;
            }
        }
        branches
    }

    /// `m` was played, leading to `position`, whose next move is at `ply`: kept if lines
    /// start there.
    #[inline]
    pub(super) fn played(&mut self, m: MoveId, position: &P, ply: u32) {
        if let Some(&slot) = self.slot.get(m.index()).filter(|&&s| s != NOT_KEPT) {
            self.kept[slot as usize].0 = Some((position.clone(), ply));
        }
    }

    /// The position a line that branches from `m` starts from, and its ply; `None` when `m`
    /// was not played (its line stopped before it).
    pub(super) fn start(&mut self, m: MoveId) -> Option<(P, u32)> {
        let slot = *self.slot.get(m.index()).filter(|&&s| s != NOT_KEPT)?;
        let (state, left) = &mut self.kept[slot as usize];
        *left = left.saturating_sub(1);
        if *left == 0 {
            state.take()
        } else {
            state.clone()
        }
    }
}

/// A chess or draughts move number against the count of moves played (`ply`): a number that
/// is not the move's is one diagnostic with its fix (for the caller to report, or not when
/// the move shows what went wrong), and the count goes on from the number written, so that one wrong number is not told again at every number after it. (The
/// model's ply of a numbered move is what its number says: `12.` the first move of pair
/// 12, `12...` the second.)
#[inline]
fn check_number(game: GameRef<'_>, m: &Move, ply: &mut u32, mover: &str) -> Option<SyntaxError> {
    let range = m.number_range?;
    if m.ply == *ply {
        return None;
    }
    let counted = std::mem::replace(ply, m.ply);
    Some(wrong_number(game, range, counted, mover))
}

/// The diagnostic of [`check_number`] for the number at `range`, where the count of moves
/// played was `counted`: made apart, so that a right number (nearly every one) costs the
/// replay a compare.
fn wrong_number(game: GameRef<'_>, range: TextRange, counted: u32, mover: &str) -> SyntaxError {
    let label = game.game.number_label(counted);
    let number = label.trim_end_matches('.');
    let at = game.range(range);
    SyntaxError::new(
        codes::WrongMoveNumber,
        at,
        format!("this is {mover}'s move {number} (`{label}`)"),
    )
    .with_fix(format!("Write `{label}`"), [(at, label.clone())])
}

/// `"; the rest of this line is not checked"`, or nothing when the move ends its line.
fn rest_not_checked(game: GameRef<'_>, m: MoveId) -> &'static str {
    let line = &game.game[game.game[m].line];
    if line.moves.last() == Some(&m) && line.variations.is_empty() {
        ""
    } else {
        "; the rest of this line is not checked"
    }
}

/// Whether a move of the other side at move `m` is another diagnostic's mistake, not its own:
/// it comes right after stray text in its line (`4. O–O Nf6`: the text stood where a move
/// would), or it is in a variation whose `)` is never written (the syntax's
/// `unterminated-variation`: `(5... b5 6. Bb3 6. Re1 b5 *`), where it is most likely the
/// first move of the line the variation branches from, read as the variation's. Asked only
/// of a move that cannot be played; one call out of the replay's loop, whose code a second
/// test in place had grown by 0.5% of its instructions.
#[cold]
#[inline(never)]
fn told_elsewhere(game: GameRef<'_>, m: MoveId) -> bool {
    let model = game.game;
    model.follows_stray_text(m) || model[model[m].line].unclosed
}

#[cfg(test)]
mod tests;
