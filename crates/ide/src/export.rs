//! Games as data, in the shape `kifu export` writes as JSON (see the README): chess,
//! draughts and Go games from the game model (and, when asked, SGF game trees node by
//! node). The types borrow from
//! the document and serialize with serde; where a diagnostic is in lines and columns is
//! the caller's to say (`span`), since the CLI and the server count them differently.

use std::collections::BTreeMap;

use kifu_syntax::sgf::ast::{GameTree, Node};
use kifu_syntax::sgf::checks::decoded_values;
use kifu_syntax::sgf::properties::decode_text;
use kifu_syntax::{SyntaxError, TextRange};
use serde::Serialize;

use crate::document::{Document, Parsed};
use crate::game::{
    go_coordinate, Comment, CommentKind, GameKind, GameRef, Line, LineId, Move, MoveId,
};
use crate::replay::{Split, Step};

mod json;
use json::Json;

/// A place in a text, as people and programs count.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct Position {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// 0-based byte offset into the decoded text.
    pub offset: usize,
}

/// A start and an end position.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct Span {
    /// Where it starts.
    pub start: Position,
    /// Where it ends (exclusive).
    pub end: Position,
}

/// A game of a document, as exported: a chess or draughts game, or an SGF game tree.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Exported<'a> {
    /// A chess or draughts game.
    Game(ExportedGame<'a>),
    /// An SGF game tree.
    Sgf(ExportedSgfGame<'a>),
}

impl Exported<'_> {
    /// Appends the game's JSON (what serde_json writes for it, compact) to `out`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        self.write(out);
    }
}

/// What to write beyond the default shape.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExportOptions {
    /// Also write each SGF game's nested `tree`, one level per node: its depth grows with
    /// the game's length, past what JSON readers accept by default, so it is asked for.
    pub sgf_tree: bool,
    /// Leave out each move's `after` (the position after it, what it took, its SAN and
    /// UCI): the games are not replayed, and the export is several times faster.
    pub no_positions: bool,
}

/// A chess or draughts game: a view on its model and on the steps of its replay, from
/// which each move is read as it is written. It was a copy of the game, every move an
/// [`ExportedMove`] with a list of comments and one of variations, built and dropped for
/// each game exported: 14% of `kifu export` with positions.
#[derive(Debug)]
pub struct ExportedGame<'a> {
    /// The file, as the caller names it.
    pub file: &'a str,
    /// 1-based position of the game in its file.
    pub index: usize,
    /// The tag pairs, in order, values unescaped.
    pub tags: Vec<ExportedTag<'a>>,
    /// Comments before the first move.
    pub comments: Comments<'a>,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`, or null when missing.
    pub result: Option<&'a str>,
    /// The game's diagnostics.
    pub diagnostics: Vec<ExportedDiagnostic<'a>>,
    /// The game, for its moves.
    game: GameRef<'a>,
    /// What each move did, by move index (empty without positions).
    steps: StepTable<'a>,
}

/// The steps of a game's moves: the caller's ([`ExportedGame::with_steps`]) or the
/// export's own ([`ExportedGame::new`]).
#[derive(Debug)]
enum StepTable<'a> {
    Kept(&'a GameSteps),
    Own(GameSteps),
}

impl StepTable<'_> {
    fn steps(&self) -> &GameSteps {
        match self {
            StepTable::Kept(steps) => steps,
            StepTable::Own(steps) => steps,
        }
    }
}

/// A tag pair.
#[derive(Debug, Serialize)]
pub struct ExportedTag<'a> {
    /// `Event`.
    pub name: &'a str,
    /// The value, unescaped.
    pub value: &'a str,
}

/// A move and what is attached to it, read from the model as it is written.
#[derive(Debug, Serialize)]
pub struct ExportedMove<'a> {
    /// The full-move number.
    pub number: u32,
    /// `white` or `black`: who made the move.
    pub side: &'static str,
    /// The move as written.
    pub san: &'a str,
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` (and PDN's `(?)`...).
    pub suffix: Option<&'a str>,
    /// Numeric Annotation Glyphs, `$14` as 14.
    pub nags: &'a [u8],
    /// Comments after the move, trimmed.
    pub comments: Comments<'a>,
    /// Alternatives to this move.
    pub variations: Variations<'a>,
    /// What it did by the rules: the position after it and what it took (draughts; absent
    /// when the game is not replayed or the move could not be played).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<&'a Step>,
}

/// Comments for readers, as a list of strings: trimmed, `%` escape lines (and PDN setup
/// commands) dropped, as PGN readers do.
#[derive(Debug, Clone, Copy)]
pub struct Comments<'a> {
    game: GameRef<'a>,
    comments: &'a [Comment],
}

impl<'a> Comments<'a> {
    /// The comments' texts.
    pub fn iter(self) -> impl Iterator<Item = &'a str> {
        let game = self.game;
        self.comments
            .iter()
            .filter(|c| c.kind != CommentKind::Escape)
            .map(move |c| game.text_of(c.text).trim())
    }
}

impl Serialize for Comments<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// The moves of a line, each read as it is written; a word the replay read as two moves
/// typed with no space between (`3.Bb5a6`, or stray text before a move, `2. Nf3Nc6`) as
/// those two.
#[derive(Debug, Clone, Copy)]
pub struct Moves<'a> {
    game: GameRef<'a>,
    line: &'a Line,
    steps: &'a GameSteps,
}

impl<'a> Moves<'a> {
    /// The moves.
    pub fn iter(self) -> impl Iterator<Item = ExportedMove<'a>> {
        let mut ids = self.line.moves.iter();
        // The moves of a word read as two, and those after it at the same move, last first:
        // empty, with nothing allocated, in nearly every game.
        let mut pending: Vec<ExportedMove<'a>> = Vec::new();
        std::iter::from_fn(move || {
            // (Asked before a move is taken out: a move is large, and one taken out of an
            // empty list on every move was copied for nothing, 4% of an export's writing.)
            if !pending.is_empty() {
                return pending.pop();
            }
            let &id = ids.next()?;
            if self.steps.splits.is_empty() {
                return Some(self.exported(id));
            }
            self.split(id, self.exported(id), &mut pending);
            pending.pop()
        })
    }

    /// The moves, when each is one move written (no word of the line was read as two
    /// moves): [`Moves::iter`] without its list of moves to come.
    pub(crate) fn one_to_one(self) -> Option<impl Iterator<Item = ExportedMove<'a>>> {
        self.steps
            .splits
            .is_empty()
            .then(|| self.line.moves.iter().map(move |&id| self.exported(id)))
    }

    /// Move `id` as written, numbered as the replay counted it where that is not the
    /// model's count. Always inlined: as a call it returned the move through memory, and
    /// the export's writing took 2% more instructions.
    #[inline(always)]
    fn exported(self, id: MoveId) -> ExportedMove<'a> {
        let (game, steps) = (self.game, self.steps);
        let m = &game.game[id];
        let after = steps.moves.get(id.index()).and_then(Option::as_ref);
        let (number, side) = match after.and_then(|step| step.ply) {
            Some(ply) => (game.game.number_at(ply), game.game.side_at(ply)),
            None => (m.number, m.side),
        };
        ExportedMove {
            number,
            side: side.as_str(),
            san: game.text_of(m.text),
            suffix: m.suffix.map(|s| game.text_of(s)),
            nags: game.game.nags(m),
            comments: Comments {
                game,
                comments: game.game.comments(m),
            },
            variations: Variations {
                game,
                lines: game.game.variations(m),
                steps,
                of_split: false,
            },
            after,
        }
    }

    /// Puts the moves written at move `id` (`exported`) into `pending`, last first: the two
    /// moves of stray text before it that the replay read as two, then the move itself, or
    /// the two it was read as (`2. Nf3Nc6 3. Bb5a6` is four moves).
    #[cold]
    fn split(self, id: MoveId, exported: ExportedMove<'a>, pending: &mut Vec<ExportedMove<'a>>) {
        let (game, steps) = (self.game, self.steps);
        // Each half's step has the ply the replay counted for it.
        let numbered = |step: &Step| {
            let ply = step.ply.unwrap_or_default();
            (game.game.number_at(ply), game.game.side_at(ply).as_str())
        };
        let half = |(text, step): &'a (TextRange, Step), lines: &'a [LineId]| {
            let (number, side) = numbered(step);
            ExportedMove {
                number,
                side,
                san: game.text_of(*text),
                suffix: None,
                nags: &[],
                comments: Comments {
                    game,
                    comments: &[],
                },
                variations: Variations {
                    game,
                    lines,
                    steps,
                    of_split: true,
                },
                after: Some(step),
            }
        };
        let mut written = Vec::new();
        let mut last = Some(exported);
        for split in steps.splits.iter().filter(|split| split.at == id) {
            let [first, second] = &split.halves;
            let Some(exported) = last.take() else {
                break;
            };
            written.push(half(first, &[]));
            if split.itself {
                // What follows the word (its suffix, NAGs, comments and variations)
                // follows the second move.
                let (text, step) = second;
                let (number, side) = numbered(step);
                written.push(ExportedMove {
                    number,
                    side,
                    san: game.text_of(*text),
                    after: Some(step),
                    ..exported
                });
            } else {
                written.push(half(second, &split.lines));
                last = Some(exported);
            }
        }
        written.extend(last);
        pending.extend(written.into_iter().rev());
    }
}

impl Serialize for Moves<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// The alternatives to a move.
#[derive(Debug, Clone, Copy)]
pub struct Variations<'a> {
    game: GameRef<'a>,
    lines: &'a [LineId],
    steps: &'a GameSteps,
    /// Whether they are the second move's of a word read as two ([`Split::lines`]), which
    /// the move before the word is not to write again.
    of_split: bool,
}

impl<'a> Variations<'a> {
    /// The variations.
    pub fn iter(self) -> impl Iterator<Item = ExportedLine<'a>> {
        // A line written right after stray text read as two moves is the second's (see
        // `Split::lines`), not the move's before the text.
        let (of_split, splits) = (self.of_split, &self.steps.splits);
        let moved = move |v: &LineId| !of_split && splits.iter().any(|s| s.lines.contains(v));
        self.lines.iter().filter(move |v| !moved(v)).map(move |&v| {
            let line = &self.game.game[v];
            ExportedLine {
                comments: Comments {
                    game: self.game,
                    comments: &line.comments,
                },
                moves: Moves {
                    game: self.game,
                    line,
                    steps: self.steps,
                },
            }
        })
    }
}

impl Serialize for Variations<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// A variation: comments before its first move, and its moves.
#[derive(Debug, Serialize)]
pub struct ExportedLine<'a> {
    /// Comments before the first move.
    pub comments: Comments<'a>,
    /// The moves.
    pub moves: Moves<'a>,
}

/// A diagnostic with the move it follows.
#[derive(Debug, Serialize)]
pub struct ExportedDiagnostic<'a> {
    /// `error`, `warning`, `info` or `hint`.
    pub severity: &'static str,
    /// The stable code.
    pub code: &'static str,
    /// Plain words.
    pub message: &'a str,
    /// Where.
    pub range: Span,
    /// The last move before it, `after 14... Nc6`, or null.
    pub after: Option<String>,
}

/// An SGF game tree (one game of a collection), in the shape of a chess game: the root's
/// properties, and the main line as a flat list of moves, so that a game's depth in JSON
/// does not grow with its length.
#[derive(Debug, Serialize)]
pub struct ExportedSgfGame<'a> {
    /// The file, as the caller names it.
    pub file: &'a str,
    /// 1-based position of the tree in its file (1 for a file with none).
    pub index: usize,
    /// The root node's properties, as [`ExportedNode::properties`].
    pub properties: BTreeMap<String, Vec<String>>,
    /// `C[]` values before the first move (the root's among them), decoded.
    pub comments: Vec<String>,
    /// The main line: each node's first variation, the variations after it are
    /// alternatives to its first move.
    pub moves: Vec<ExportedSgfMove<'a>>,
    /// The root's `RE` value, decoded (`B+R`, `W+0.5`, `0`), or null when missing.
    pub result: Option<&'a str>,
    /// The nested tree, only when [`ExportOptions::sgf_tree`] asks for it (then null for
    /// a file with no game tree).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<Option<ExportedNode>>,
    /// The diagnostics inside the tree (and, for the first, those outside any tree).
    pub diagnostics: Vec<ExportedDiagnostic<'a>>,
}

/// A Go move and what follows it in its node.
#[derive(Debug, Serialize)]
pub struct ExportedSgfMove<'a> {
    /// Its number in the game: one more than the moves before it.
    pub number: u32,
    /// `black` or `white`: the `B` or `W` property.
    pub side: &'static str,
    /// The point as written: `pd`; `""` or `tt` for a pass.
    pub point: &'a str,
    /// The point as players write it, `Q16`; `pass`; null when the point is not on the
    /// board.
    pub coordinate: Option<String>,
    /// `C[]` values of its node and of the nodes after it that hold no move, decoded.
    pub comments: Vec<String>,
    /// Alternatives to this move.
    pub variations: Vec<ExportedSgfLine<'a>>,
    /// What it did by the rules: the stones after it, what it took, the prisoners so far
    /// (absent when the move could not be played).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<Step>,
}

/// An SGF variation: comments before its first move, and its moves (following, in turn,
/// each node's first variation).
#[derive(Debug, Serialize)]
pub struct ExportedSgfLine<'a> {
    /// `C[]` values before its first move, decoded.
    pub comments: Vec<String>,
    /// The moves.
    pub moves: Vec<ExportedSgfMove<'a>>,
}

/// An SGF node: its properties and the nodes that follow it (the next node of its sequence,
/// or the first nodes of its variations).
#[derive(Debug, Default, Serialize)]
pub struct ExportedNode {
    /// Values by `FF[4]` identifier (`AddBlack` is `AB`), decoded by type; a property given
    /// twice keeps all its values.
    pub properties: BTreeMap<String, Vec<String>>,
    /// The nodes that follow it.
    pub children: Vec<ExportedNode>,
}

impl<'a> ExportedGame<'a> {
    /// A chess or draughts game as data, with `diagnostics` (ranges into `game.text`),
    /// each placed in lines and columns by `span`.
    pub fn new(
        file: &'a str,
        index: usize,
        game: GameRef<'a>,
        diagnostics: impl IntoIterator<Item = &'a SyntaxError>,
        options: ExportOptions,
        span: &dyn Fn(TextRange) -> Span,
    ) -> ExportedGame<'a> {
        let steps = StepTable::Own(ExportedGame::steps(game, options));
        ExportedGame::made(file, index, game, diagnostics, steps, span)
    }

    /// What each move of `game` did, as [`ExportedGame::with_steps`] takes it: nothing
    /// when `options` leaves positions out.
    pub fn steps(game: GameRef<'_>, options: ExportOptions) -> GameSteps {
        if options.no_positions {
            GameSteps::default()
        } else {
            let (moves, splits) = crate::replay::steps(game);
            GameSteps { moves, splits }
        }
    }

    /// [`ExportedGame::new`] with the moves' steps borrowed from `steps`, which
    /// [`ExportedGame::steps`] made.
    pub fn with_steps(
        file: &'a str,
        index: usize,
        game: GameRef<'a>,
        steps: &'a GameSteps,
        diagnostics: impl IntoIterator<Item = &'a SyntaxError>,
        span: &dyn Fn(TextRange) -> Span,
    ) -> ExportedGame<'a> {
        ExportedGame::made(file, index, game, diagnostics, StepTable::Kept(steps), span)
    }

    fn made(
        file: &'a str,
        index: usize,
        game: GameRef<'a>,
        diagnostics: impl IntoIterator<Item = &'a SyntaxError>,
        steps: StepTable<'a>,
        span: &dyn Fn(TextRange) -> Span,
    ) -> ExportedGame<'a> {
        let model = game.game;
        let diagnostics = diagnostics
            .into_iter()
            .map(|error| {
                // The moves are in text order: those before the diagnostic come first.
                let before = model
                    .moves
                    .partition_point(|m| game.range(m.text).end() <= error.range.start());
                let after = before
                    .checked_sub(1)
                    .map(|i| format!("after {}", game.move_name(&model.moves[i])));
                ExportedDiagnostic::new(error, span, after)
            })
            .collect();
        ExportedGame {
            file,
            index,
            tags: model
                .header
                .entries()
                .filter_map(|entry| {
                    Some(ExportedTag {
                        name: entry.name(),
                        value: entry.value()?,
                    })
                })
                .collect(),
            comments: Comments {
                game,
                comments: &model.main_line().comments,
            },
            result: game.result(),
            diagnostics,
            game,
            steps,
        }
    }

    /// The main line.
    pub fn moves(&self) -> Moves<'_> {
        Moves {
            game: self.game,
            line: self.game.game.main_line(),
            steps: self.steps.steps(),
        }
    }
}

impl Serialize for ExportedGame<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut game = serializer.serialize_struct("ExportedGame", 7)?;
        game.serialize_field("file", self.file)?;
        game.serialize_field("index", &self.index)?;
        game.serialize_field("tags", &self.tags)?;
        game.serialize_field("comments", &self.comments)?;
        game.serialize_field("moves", &self.moves())?;
        game.serialize_field("result", &self.result)?;
        game.serialize_field("diagnostics", &self.diagnostics)?;
        game.end()
    }
}

impl ExportedGame<'_> {
    /// Appends the game's JSON (what serde_json writes for it, compact) to `out`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        self.write(out);
    }

    /// [`ExportedGame::write_json`] without its head ([`ExportedGame::write_json_head`]),
    /// for a caller that learns a game's index only once its JSON is made: the CLI makes
    /// each game's model and JSON in one go on every core, before it knows how many games
    /// the parts of the file before it held.
    pub fn write_json_body(&self, out: &mut Vec<u8>) {
        json::game_body(self, out);
    }

    /// The head of a game's JSON, `{"file":"…","index":7`: what
    /// [`ExportedGame::write_json_body`] leaves out, with the same `file` and `index` as
    /// [`ExportedGame::file`] and [`ExportedGame::index`] would give.
    pub fn write_json_head(file: &str, index: usize, out: &mut Vec<u8>) {
        json::game_head(out, file, index);
    }
}

impl<'a> ExportedDiagnostic<'a> {
    fn new(
        error: &'a SyntaxError,
        span: &dyn Fn(TextRange) -> Span,
        after: Option<String>,
    ) -> ExportedDiagnostic<'a> {
        ExportedDiagnostic {
            severity: error.severity().as_str(),
            code: error.code.as_str(),
            message: &error.message,
            range: span(error.range),
            after,
        }
    }
}

/// What each move did, by move index.
type Steps = [Option<Step>];

/// What each move of a game did ([`ExportedGame::steps`]): by move index, and the words
/// its replay read as two moves typed with no space between, which the export writes as
/// the two (without positions, none: the game is not replayed, and such a word stays as
/// it is written, a move or stray text).
#[derive(Debug, Default)]
pub struct GameSteps {
    moves: Vec<Option<Step>>,
    splits: Vec<Split>,
}

impl Document {
    /// The games of a PGN or PDN document (none for SGF), each with the diagnostics that
    /// [`Document::export`] exports with it: a diagnostic between games goes with the next
    /// game (the last, after them all). For a caller that exports the games a run at a
    /// time, on every core, with [`ExportedGame::new`].
    pub fn games_with_diagnostics(&self) -> Vec<(GameRef<'_>, Vec<&SyntaxError>)> {
        if matches!(self.parsed(), Parsed::Sgf(_)) {
            return Vec::new();
        }
        let games: Vec<GameRef<'_>> = self.games().collect();
        let mut per_game: Vec<Vec<&SyntaxError>> = games.iter().map(|_| Vec::new()).collect();
        for error in self.diagnostics() {
            // The first game that holds it (an empty range at a game's end is its) or
            // comes after it.
            let (start, empty) = (error.range.start(), error.range.is_empty());
            let next = games.partition_point(|g| {
                let end = g.full_range().end();
                end < start || (end == start && !empty)
            });
            if let Some(own) = per_game.get_mut(next.min(games.len().saturating_sub(1))) {
                own.push(error);
            }
        }
        games.into_iter().zip(per_game).collect()
    }

    /// The games as data, each with the diagnostics inside it (a decoding warning of a
    /// document read from bytes included). A PGN or PDN diagnostic between games goes with
    /// the next game (the last, after them all). SGF diagnostics outside any game tree go
    /// with the first tree, and a file with none gives one [`ExportedSgfGame`] without
    /// moves, so that its diagnostics are said.
    pub fn export<'a>(
        &'a self,
        file: &'a str,
        options: ExportOptions,
        span: &dyn Fn(TextRange) -> Span,
    ) -> Vec<Exported<'a>> {
        let mut all = Vec::new();
        self.export_each(file, options, span, &mut |game| all.push(game));
        all
    }

    /// [`Document::export`] a game at a time, each handed to `each` as it is made: a caller
    /// that writes each game's JSON holds one game's data at a time, not the file's (the
    /// data of a Go game, with its stones after every move, is some hundred times its
    /// SGF).
    pub fn export_each<'a>(
        &'a self,
        file: &'a str,
        options: ExportOptions,
        span: &dyn Fn(TextRange) -> Span,
        each: &mut dyn FnMut(Exported<'a>),
    ) {
        let Parsed::Sgf(parse) = self.parsed() else {
            for (i, (game, own)) in self.games_with_diagnostics().into_iter().enumerate() {
                each(Exported::Game(ExportedGame::new(
                    file,
                    i + 1,
                    game,
                    own,
                    options,
                    span,
                )));
            }
            return;
        };
        let errors = self.diagnostics();
        // Both are the root's game trees, in order.
        let trees: Vec<GameTree> = parse.collection().game_trees().collect();
        let games: Vec<GameRef<'a>> = self.games().collect();
        let ranges: Vec<TextRange> = trees.iter().map(|t| t.syntax().text_range()).collect();
        let mut per_tree: Vec<Vec<ExportedDiagnostic<'a>>> =
            trees.iter().map(|_| Vec::new()).collect();
        let mut outside = Vec::new();
        for error in errors {
            // The first tree that holds it (the trees are in text order and do not
            // overlap; only an empty range where two meet is in both): a search, not a
            // walk over every tree for every diagnostic, which an 11 MB collection of 8,000
            // games with 20,000 diagnostics spent most of a minute on.
            let first = ranges.partition_point(|r| r.end() < error.range.end());
            let index = match ranges.get(first) {
                Some(range) if range.contains_range(error.range) => first,
                _ => 0,
            };
            let after = games.get(index).and_then(|game| {
                // The moves are in text order: those before the diagnostic come first.
                let model = game.game;
                let before = model
                    .moves
                    .partition_point(|m| game.range(m.text).end() <= error.range.start());
                let m = model.moves.get(before.checked_sub(1)?)?;
                Some(format!("after move {}", m.number))
            });
            let diagnostic = ExportedDiagnostic::new(error, span, after);
            match per_tree.get_mut(index) {
                Some(list) => list.push(diagnostic),
                None => outside.push(diagnostic),
            }
        }
        if trees.is_empty() {
            each(Exported::Sgf(ExportedSgfGame {
                file,
                // 1-based, as for every game: the file's one element.
                index: 1,
                properties: BTreeMap::new(),
                comments: Vec::new(),
                moves: Vec::new(),
                result: None,
                tree: options.sgf_tree.then_some(None),
                diagnostics: outside,
            }));
            return;
        }
        for (i, (tree, diagnostics)) in trees.iter().zip(per_tree).enumerate() {
            let (comments, moves, result) = match games.get(i) {
                Some(&game) => {
                    let main = sgf_line(
                        game,
                        LineId::MAIN,
                        &ExportedGame::steps(game, options).moves,
                    );
                    (main.comments, main.moves, game.game.header.get("RE"))
                }
                None => (Vec::new(), Vec::new(), None),
            };
            each(Exported::Sgf(ExportedSgfGame {
                file,
                index: i + 1,
                properties: tree
                    .nodes()
                    .next()
                    .map(|root| properties(&root))
                    .unwrap_or_default(),
                comments,
                moves,
                result,
                tree: options.sgf_tree.then(|| Some(tree_node(tree))),
                diagnostics,
            }));
        }
    }
}

/// `C[]` values, decoded.
fn sgf_comments(game: GameRef<'_>, comments: &[Comment]) -> Vec<String> {
    comments
        .iter()
        .map(|c| decode_text(game.text_of(c.text)))
        .collect()
}

/// A line and, after its moves, its first variation, and so on: SGF writes a main line as
/// a game tree whose first variation goes on with it. The other variations of a tree are
/// alternatives to the first move of its first variation. A loop, not recursion, along
/// the line: a game with a variation at every move nests its trees as deep as it is long.
fn sgf_line<'a>(game: GameRef<'a>, start: LineId, steps: &Steps) -> ExportedSgfLine<'a> {
    let model = game.game;
    let mut out = ExportedSgfLine {
        comments: sgf_comments(game, &model[start].comments),
        moves: Vec::new(),
    };
    // Alternatives waiting for the move they replace.
    let mut pending: Vec<ExportedSgfLine<'a>> = Vec::new();
    let mut next = Some(start);
    while let Some(id) = next.take() {
        let line = &model[id];
        if id != start {
            // Nodes without a move are about the position after the last move.
            add_comments(&mut out, sgf_comments(game, &line.comments));
        }
        for &m in line.moves.iter() {
            let mut exported = sgf_move(game, &model[m], steps.get(m.index()).cloned().flatten());
            exported.variations = std::mem::take(&mut pending);
            out.moves.push(exported);
        }
        if let Some((&first, others)) = line.variations.split_first() {
            pending.extend(others.iter().map(|&v| sgf_line(game, v, steps)));
            next = Some(first);
        }
    }
    // A first variation with no move (a comment, an empty node): the line goes on with the
    // first alternative that has one, the others being alternatives to it.
    while !pending.is_empty() {
        let mut alternatives = std::mem::take(&mut pending).into_iter();
        let Some(line) = alternatives.next() else {
            break;
        };
        add_comments(&mut out, line.comments);
        let mut moves = line.moves.into_iter();
        match moves.next() {
            Some(mut first) => {
                first.variations.extend(alternatives);
                out.moves.push(first);
                out.moves.extend(moves);
            }
            None => pending = alternatives.collect(),
        }
    }
    out
}

/// Comments for the position after the line's last move.
fn add_comments(line: &mut ExportedSgfLine<'_>, comments: Vec<String>) {
    match line.moves.last_mut() {
        Some(last) => last.comments.extend(comments),
        None => line.comments.extend(comments),
    }
}

fn sgf_move<'a>(game: GameRef<'a>, m: &Move, after: Option<Step>) -> ExportedSgfMove<'a> {
    let point = game.text_of(m.text);
    let size = match game.game.kind {
        GameKind::Go { size } => size,
        _ => (19, 19),
    };
    // `tt` is a pass in FF[3], and still read as one on boards up to 19×19.
    let pass = point.is_empty() || (point == "tt" && size.0 <= 19 && size.1 <= 19);
    ExportedSgfMove {
        number: m.number,
        side: m.side.as_str(),
        point,
        coordinate: if pass {
            Some("pass".to_owned())
        } else {
            go_coordinate(point, size)
        },
        comments: sgf_comments(game, game.game.comments(m)),
        variations: Vec::new(),
        after,
    }
}

/// A game tree as nodes, built from its last node up, so long games do not recurse.
fn tree_node(tree: &GameTree) -> ExportedNode {
    let nodes: Vec<Node> = tree.nodes().collect();
    let mut children: Vec<ExportedNode> = tree.variations().map(|v| tree_node(&v)).collect();
    for node in nodes.iter().rev() {
        let exported = ExportedNode {
            properties: properties(node),
            children: std::mem::take(&mut children),
        };
        children = vec![exported];
    }
    match (nodes.is_empty(), children.pop()) {
        (false, Some(first)) => first,
        // A tree with no node: an empty node, and what follows it.
        (_, last) => ExportedNode {
            properties: BTreeMap::new(),
            children: last.into_iter().collect(),
        },
    }
}

fn properties(node: &Node) -> BTreeMap<String, Vec<String>> {
    let mut properties: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for property in node.properties() {
        let id = match property.canonical_ident() {
            Some(id) if !id.is_empty() => id,
            _ => property.ident().unwrap_or_default(),
        };
        // A property given twice in a node keeps all its values, as SGFC merges them.
        properties
            .entry(id)
            .or_default()
            .extend(decoded_values(&property));
    }
    properties
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use super::{ExportOptions, Position, Span};
    use crate::{Document, Notation, TextRange};

    /// The document exported as JSON Lines, positions counted naively.
    fn check(notation: Notation, text: &str, expect: Expect) {
        check_with(notation, text.as_bytes(), ExportOptions::default(), expect);
    }

    /// Exports a file's bytes, read as the CLI reads them.
    fn check_with(notation: Notation, bytes: &[u8], options: ExportOptions, expect: Expect) {
        let doc = Document::from_bytes(notation, bytes);
        let position = |offset: usize| {
            let before = &doc.text()[..offset];
            Position {
                line: before.matches('\n').count() + 1,
                column: before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1,
                offset,
            }
        };
        let span = |range: TextRange| Span {
            start: position(range.start().into()),
            end: position(range.end().into()),
        };
        let lines: Vec<String> = doc
            .export("f", options, &span)
            .iter()
            .map(|game| serde_json::to_string(game).unwrap_or_default())
            .collect();
        expect.assert_eq(&lines.join("\n"));
    }

    #[test]
    fn chess_game_with_a_variation_and_an_error() {
        check(
            Notation::Pgn,
            "[White \"Tal\"]\n1. e4 {best} (1. d4 $1) e5 oops 2. Nf3 *",
            expect![[
                r#"{"file":"f","index":1,"tags":[{"name":"White","value":"Tal"}],"comments":[],"moves":[{"number":1,"side":"white","san":"e4","suffix":null,"nags":[],"comments":["best"],"variations":[{"comments":[],"moves":[{"number":1,"side":"white","san":"d4","suffix":null,"nags":[1],"comments":[],"variations":[],"after":{"captured":[],"fen":"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1","san":"d4","uci":"d2d4"}}]}],"after":{"captured":[],"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","san":"e4","uci":"e2e4"}},{"number":1,"side":"black","san":"e5","suffix":null,"nags":[],"comments":[],"variations":[],"after":{"captured":[],"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2","san":"e5","uci":"e7e5"}},{"number":2,"side":"white","san":"Nf3","suffix":null,"nags":[],"comments":[],"variations":[],"after":{"captured":[],"fen":"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2","san":"Nf3","uci":"g1f3"}}],"result":"*","diagnostics":[{"severity":"info","code":"missing-roster-tag","message":"`Event`, `Site`, `Date`, `Round`, `Black` and `Result` are missing from the Seven Tag Roster: the standard asks for all seven, with `?` for what is unknown, `*` for an unknown result","range":{"start":{"line":1,"column":1,"offset":0},"end":{"line":1,"column":14,"offset":13}},"after":null},{"severity":"error","code":"stray-text","message":"`oops` is not a move, move number, annotation, comment or result","range":{"start":{"line":2,"column":28,"offset":41},"end":{"line":2,"column":32,"offset":45}},"after":"after 1... e5"}]}"#
            ]],
        );
    }

    #[test]
    fn draughts_games_name_their_first_mover() {
        check(
            Notation::Pdn,
            "[GameType \"21\"]\n1. 11-15 23-18! *\n\n[FEN \"B:W28:B1\"]\n1... 1-6 *",
            expect![[r#"
                {"file":"f","index":1,"tags":[{"name":"GameType","value":"21"}],"comments":[],"moves":[{"number":1,"side":"black","san":"11-15","suffix":null,"nags":[],"comments":[],"variations":[],"after":{"captured":[],"fen":"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"}},{"number":1,"side":"white","san":"23-18","suffix":"!","nags":[],"comments":[],"variations":[],"after":{"captured":[],"fen":"B:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"}}],"result":"*","diagnostics":[]}
                {"file":"f","index":2,"tags":[{"name":"FEN","value":"B:W28:B1"}],"comments":[],"moves":[{"number":1,"side":"black","san":"1-6","suffix":null,"nags":[],"comments":[],"variations":[],"after":{"captured":[],"fen":"W:W28:B6"}}],"result":"*","diagnostics":[]}"#]],
        );
    }

    #[test]
    fn go_games_as_a_main_line_with_variations() {
        // The first variation goes on with the main line; the second replaces its first
        // move. A comment-only node is about the position after the move before it.
        check(
            Notation::Sgf,
            "(;GM[1]SZ[19]RE[B+R]C[start];B[pd]C[a\\]b];C[note](;W[dp];B[tt])(;W[]C[pass]))",
            expect![[
                r#"{"file":"f","index":1,"properties":{"C":["start"],"GM":["1"],"RE":["B+R"],"SZ":["19"]},"comments":["start"],"moves":[{"number":1,"side":"black","point":"pd","coordinate":"Q16","comments":["a]b","note"],"variations":[],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["pd"],"white":[]}}},{"number":2,"side":"white","point":"dp","coordinate":"D4","comments":[],"variations":[{"comments":[],"moves":[{"number":2,"side":"white","point":"","coordinate":"pass","comments":["pass"],"variations":[],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["pd"],"white":[]}}}]}],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["pd"],"white":["dp"]}}},{"number":3,"side":"black","point":"tt","coordinate":"pass","comments":[],"variations":[],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["pd"],"white":["dp"]}}}],"result":"B+R","diagnostics":[]}"#
            ]],
        );
    }

    #[test]
    fn a_first_variation_without_a_move_gives_way_to_the_next() {
        check(
            Notation::Sgf,
            "(;GM[1];B[aa](;C[end])(;W[bb];B[cc])(;W[dd]))",
            expect![[
                r#"{"file":"f","index":1,"properties":{"GM":["1"]},"comments":[],"moves":[{"number":1,"side":"black","point":"aa","coordinate":"A19","comments":["end"],"variations":[],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["aa"],"white":[]}}},{"number":2,"side":"white","point":"bb","coordinate":"B18","comments":[],"variations":[{"comments":[],"moves":[{"number":2,"side":"white","point":"dd","coordinate":"D16","comments":[],"variations":[],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["aa"],"white":["dd"]}}}]}],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["aa"],"white":["bb"]}}},{"number":3,"side":"black","point":"cc","coordinate":"C17","comments":[],"variations":[],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["aa","cc"],"white":["bb"]}}}],"result":null,"diagnostics":[]}"#
            ]],
        );
    }

    #[test]
    fn go_diagnostics_say_the_move_before_them() {
        check(
            Notation::Sgf,
            "(;GM[1]ZZ[x];B[aa];W[bb]XX[1];B[zz])",
            expect![[
                r#"{"file":"f","index":1,"properties":{"GM":["1"],"ZZ":["x"]},"comments":[],"moves":[{"number":1,"side":"black","point":"aa","coordinate":"A19","comments":[],"variations":[],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["aa"],"white":[]}}},{"number":2,"side":"white","point":"bb","coordinate":"B18","comments":[],"variations":[],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["aa"],"white":["bb"]}}},{"number":3,"side":"black","point":"zz","coordinate":null,"comments":[],"variations":[]}],"result":null,"diagnostics":[{"severity":"info","code":"unknown-property","message":"`ZZ` is not an FF[4] property: kifu reads its values as text","range":{"start":{"line":1,"column":8,"offset":7},"end":{"line":1,"column":10,"offset":9}},"after":null},{"severity":"info","code":"unknown-property","message":"`XX` is not an FF[4] property: kifu reads its values as text","range":{"start":{"line":1,"column":25,"offset":24},"end":{"line":1,"column":27,"offset":26}},"after":"after move 2"},{"severity":"error","code":"invalid-value","message":"`[zz]` is not a valid `B` value: expected a move (a point, or `[]` to pass) on a 19×19 board","range":{"start":{"line":1,"column":32,"offset":31},"end":{"line":1,"column":36,"offset":35}},"after":"after move 2"}]}"#
            ]],
        );
    }

    #[test]
    fn go_trees_node_by_node() {
        let tree = ExportOptions {
            sgf_tree: true,
            ..ExportOptions::default()
        };
        check_with(
            Notation::Sgf,
            b"(;GM[1]C[a\\]b];B[aa](;W[bb])(;W[cc]))",
            tree,
            expect![[
                r#"{"file":"f","index":1,"properties":{"C":["a]b"],"GM":["1"]},"comments":["a]b"],"moves":[{"number":1,"side":"black","point":"aa","coordinate":"A19","comments":[],"variations":[],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["aa"],"white":[]}}},{"number":2,"side":"white","point":"bb","coordinate":"B18","comments":[],"variations":[{"comments":[],"moves":[{"number":2,"side":"white","point":"cc","coordinate":"C17","comments":[],"variations":[],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["aa"],"white":["cc"]}}}]}],"after":{"captured":[],"prisoners":[0,0],"stones":{"black":["aa"],"white":["bb"]}}}],"result":null,"tree":{"properties":{"C":["a]b"],"GM":["1"]},"children":[{"properties":{"B":["aa"]},"children":[{"properties":{"W":["bb"]},"children":[]},{"properties":{"W":["cc"]},"children":[]}]}]},"diagnostics":[]}"#
            ]],
        );
        // Not UTF-8, no `CA[]`: the encoding is guessed, and said.
        check_with(
            Notation::Sgf,
            b"no tree \xe9t\xe9",
            tree,
            expect![[
                r#"{"file":"f","index":1,"properties":{},"comments":[],"moves":[],"result":null,"tree":null,"diagnostics":[{"severity":"warning","code":"encoding","message":"this file is not UTF-8 and has no `CA[]` property; kifu guessed windows-1252 from its bytes","range":{"start":{"line":1,"column":1,"offset":0},"end":{"line":1,"column":1,"offset":0}},"after":null},{"severity":"warning","code":"text-outside-game-tree","message":"text before the first game tree is not part of any game; readers ignore it","range":{"start":{"line":1,"column":1,"offset":0},"end":{"line":1,"column":14,"offset":13}},"after":null},{"severity":"error","code":"no-game-tree","message":"no game tree: an SGF file holds one or more `(;...)`","range":{"start":{"line":1,"column":1,"offset":0},"end":{"line":1,"column":1,"offset":0}},"after":null}]}"#
            ]],
        );
    }

    /// The moves of each game of `text`, exported (with positions unless `no_positions`),
    /// one line a game: `1. e4=e4` (the move as written, its step's SAN, `=?` when it has
    /// none), comments in braces, variations in parentheses; the JSON writer's bytes and
    /// serde's the same.
    fn moves_of(text: &str, no_positions: bool) -> String {
        let doc = Document::from_bytes(Notation::Pgn, text.as_bytes());
        let at = |offset: usize| Position {
            line: 1,
            column: offset + 1,
            offset,
        };
        let span = |range: TextRange| Span {
            start: at(range.start().into()),
            end: at(range.end().into()),
        };
        let options = ExportOptions {
            no_positions,
            ..ExportOptions::default()
        };
        fn line(moves: &serde_json::Value, out: &mut Vec<String>) {
            for m in moves.as_array().into_iter().flatten() {
                let dots = if m["side"] == "white" { "." } else { "..." };
                let played = m["after"]["san"].as_str().unwrap_or("?");
                let suffix = m["suffix"].as_str().unwrap_or_default();
                out.push(format!(
                    "{}{dots} {}{suffix}={played}",
                    m["number"],
                    m["san"].as_str().unwrap_or_default()
                ));
                for comment in m["comments"].as_array().into_iter().flatten() {
                    out.push(format!("{{{}}}", comment.as_str().unwrap_or_default()));
                }
                for variation in m["variations"].as_array().into_iter().flatten() {
                    let mut inner = Vec::new();
                    line(&variation["moves"], &mut inner);
                    out.push(format!("({})", inner.join(" ")));
                }
            }
        }
        let mut games = Vec::new();
        for game in doc.export("f", options, &span) {
            let serde = serde_json::to_vec(&game).unwrap_or_default();
            let mut written = Vec::new();
            game.write_json(&mut written);
            assert_eq!(
                String::from_utf8_lossy(&written),
                String::from_utf8_lossy(&serde)
            );
            let value: serde_json::Value = serde_json::from_slice(&written).unwrap_or_default();
            let mut out = Vec::new();
            line(&value["moves"], &mut out);
            games.push(out.join(" "));
        }
        games.join("\n")
    }

    /// A word the replay reads as two moves typed with no space between is exported as the
    /// two it played, each with its number, side and position: stray text before a move
    /// (`2. Nf3Nc6`, whose variation is the second move's), a move that cannot be played
    /// (`1.e4e5`) or is played by the wrong piece (`3.Bb5a6`, which keeps its suffix,
    /// comment and variation on the second), both at one move, and the moves after such a
    /// word numbered as the replay counts them (`Bb5` after `2. Nf3Nc6` is White's third).
    /// Without positions the game is not replayed, and such a word stays as it is written
    /// (stray text is no move).
    #[test]
    fn words_read_as_two_moves_are_two_moves() {
        let games = [
            "1. e4 e5 2. Nf3Nc6 (2... Nf6 3. Nxe5) 3. Bb5 a6 *",
            "1.e4e5 2. Nf3 Nc6 3. Bb5a6! {good} (3... Nf6) 4. Ba4 *",
            "1. e4 e5 2. Nf3Nc6 3. Bb5a6 4. Ba4 *",
            "1. e4 e5 2. Nf3Nc6 Bb5 a6 4. Ba4 *",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5a6 Ba4 Nf6 5. O-O *",
        ]
        .join("\n\n");
        expect![[r#"
            1. e4=e4 1... e5=e5 2. Nf3=Nf3 2... Nc6=Nc6 (2... Nf6=Nf6 3. Nxe5=Nxe5) 3. Bb5=Bb5 3... a6=a6
            1. e4=e4 1... e5=e5 2. Nf3=Nf3 2... Nc6=Nc6 3. Bb5=Bb5 3... a6!=a6 {good} (3... Nf6=Nf6) 4. Ba4=Ba4
            1. e4=e4 1... e5=e5 2. Nf3=Nf3 2... Nc6=Nc6 3. Bb5=Bb5 3... a6=a6 4. Ba4=Ba4
            1. e4=e4 1... e5=e5 2. Nf3=Nf3 2... Nc6=Nc6 3. Bb5=Bb5 3... a6=a6 4. Ba4=Ba4
            1. e4=e4 1... e5=e5 2. Nf3=Nf3 2... Nc6=Nc6 3. Bb5=Bb5 3... a6=a6 4. Ba4=Ba4 4... Nf6=Nf6 5. O-O=O-O"#]]
        .assert_eq(&moves_of(&games, false));
        expect![[r#"
            1. e4=? 1... e5=? (2... Nf6=? 3. Nxe5=?) 3. Bb5=? 3... a6=?
            1. e4e5=? 2. Nf3=? 2... Nc6=? 3. Bb5a6!=? {good} (3... Nf6=?) 4. Ba4=?
            1. e4=? 1... e5=? 3. Bb5a6=? 4. Ba4=?
            1. e4=? 1... e5=? 2. Bb5=? 2... a6=? 4. Ba4=?
            1. e4=? 1... e5=? 2. Nf3=? 2... Nc6=? 3. Bb5a6=? 3... Ba4=? 4. Nf6=? 5. O-O=?"#]]
        .assert_eq(&moves_of(&games, true));
    }
}
