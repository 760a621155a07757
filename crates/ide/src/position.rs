//! The position at the cursor: which game, which line and move it is in, the board after
//! that move drawn, and what the record says about it. What hover, the CLI's `kifu board`
//! and the server's `kifu/position` (the board view) show.

use kifu_render::Highlights;
use kifu_syntax::{TextRange, TextSize};

use crate::annotation::{self, Annotations};
use crate::document::Document;
use crate::eco;
use crate::game::{go_move_point, CommentKind, GameKind, GameRef, LineId, MoveId};
use crate::replay::{self, GamePosition, Reached, Step, Wanted};

/// How to draw the board.
pub use kifu_render::Options as BoardOptions;

/// The position at a place in a document, and all that is known about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionAt {
    /// The game's number in the document, from 0.
    pub game: usize,
    /// All of the game.
    pub game_range: TextRange,
    /// The line the place is in: for each variation from the main line down, its number
    /// among the variations of its parent line (text order, from 0). Empty on the main
    /// line.
    pub variation_path: Vec<usize>,
    /// Half-moves played to this position, as the game's move numbers count them: from the
    /// start of the game, or from a `FEN` tag's move number (after `14... Nc6`, 28).
    pub ply: u32,
    /// The move that led to the position, `None` at the game's first position.
    pub current: Option<TextRange>,
    /// The move as people say it: `14... Nc6`, `move 87: W Q16`, `23. 32x23`; `start` at
    /// the first position.
    pub label: String,
    /// Who moves next: `White` or `Black`.
    pub side_to_move: &'static str,
    /// The position as FEN (chess, draughts).
    pub fen: Option<String>,
    /// The position as an SGF setup, `AB[dd][pp]AW[dp]` (Go).
    pub setup: Option<String>,
    /// Stones each side has taken (Go): (Black's, White's).
    pub captures: Option<(u32, u32)>,
    /// The last move in data form: UCI (`g1f3`), the SGF point (`dd`, empty for a pass),
    /// the draughts path (`28x19x10`).
    pub last_move: Option<String>,
    /// The comments after the move (or before the first move, at the start), with the
    /// programs' `[%...]` commands taken out.
    pub comment: Option<String>,
    /// The programs' commands of those comments (clocks, evaluations, marks), in words.
    pub annotations: Vec<String>,
    /// White's and Black's names, from the tags or root properties.
    pub players: (Option<String>, Option<String>),
    /// The event (or the SGF game name).
    pub event: Option<String>,
    /// The opening of the position (chess): its ECO code and name.
    pub opening: Option<(String, String)>,
    /// The moves from the game's first move up to the one before `current`, in order.
    pub previous: Vec<TextRange>,
    /// The moves after `current` to the end of its line, in order.
    pub next: Vec<TextRange>,
    /// Why the position is not the one after the move at the cursor: that move, or one
    /// before it, could not be played.
    pub not_played: Option<String>,
    /// The board as SVG.
    pub svg: String,
    /// The board as a text diagram.
    pub diagram: String,
}

/// What a replay reached: the position after `current` (the game's first position for
/// `None`), with the move's step, and why it is not the move asked for, if it is not.
pub(crate) struct Reach {
    pub current: Option<MoveId>,
    pub reached: Option<Reached>,
    pub step: Option<Step>,
    pub not_played: Option<String>,
}

impl Document {
    /// The position after the move under or before `offset`, in the line `offset` is in;
    /// the game's first position before its first move or in its tags.
    pub fn position_at(&self, offset: TextSize, options: &BoardOptions) -> Option<PositionAt> {
        let (ordinal, game) = self.game_near(offset)?;
        let (line, current) = cursor_move(game, offset)?;
        Some(self.position_after(ordinal, game, current, line, options))
    }

    /// The position after the `ply`-th half-move of a game's main line (0: its first
    /// position); `None` when the document has no such game. A ply past the end is the
    /// main line's last move.
    pub fn position_of_ply(
        &self,
        game_number: usize,
        ply: usize,
        options: &BoardOptions,
    ) -> Option<PositionAt> {
        let game = self.nth_game(game_number)?;
        let main = onward(game, LineId::MAIN, 0);
        let current = ply
            .checked_sub(1)
            .and_then(|i| main.get(i.min(main.len().saturating_sub(1))))
            .copied();
        Some(self.position_after(game_number, game, current, LineId::MAIN, options))
    }

    pub(crate) fn position_after(
        &self,
        ordinal: usize,
        game: GameRef<'_>,
        wanted: Option<MoveId>,
        line: LineId,
        options: &BoardOptions,
    ) -> PositionAt {
        let model = game.game;
        // The move at the cursor, or the last one before it that could be played.
        let mut current = wanted;
        let mut not_played = None;
        let (reached, step) = loop {
            let mut replay = replay::replay(game, current.map_or(Wanted::Start, Wanted::One));
            if let Some(reached) = replay.reached.take() {
                break (Some(reached), replay.the_step());
            }
            let Some(m) = current else { break (None, None) };
            if not_played.is_none() {
                not_played = Some(format!(
                    "{} could not be played: the board shows the position before it",
                    game.move_name(&model[m])
                ));
            }
            current = model[m].parent;
        };
        let reach = Reach {
            current,
            reached,
            step,
            not_played,
        };
        self.position_reached(ordinal, game, line, reach, options)
    }

    /// The position a replay reached (see [`Reach`]), described and drawn.
    pub(crate) fn position_reached(
        &self,
        ordinal: usize,
        game: GameRef<'_>,
        line: LineId,
        reach: Reach,
        options: &BoardOptions,
    ) -> PositionAt {
        let model = game.game;
        let Reach {
            current,
            reached,
            step,
            not_played,
        } = reach;
        let path = current.map_or_else(Vec::new, |m| ancestors(game, m));
        let next = match current {
            Some(m) if model[m].line == line => {
                let moves = &model[line].moves;
                let at = moves
                    .iter()
                    .position(|&x| x == m)
                    .map_or(moves.len(), |i| i + 1);
                onward(game, line, at)
            }
            _ => onward(game, line, 0),
        };
        let range = |&m: &MoveId| game.range(model[m].range);

        let mut highlights = Highlights::default();
        let mut position = PositionAt {
            game: ordinal,
            game_range: game.full_range(),
            variation_path: variation_path(game, line),
            ply: model.ply_after(current),
            current: current.map(|m| range(&m)),
            label: current.map_or_else(|| "start".to_string(), |m| label(game, m)),
            side_to_move: "",
            fen: None,
            setup: None,
            captures: None,
            last_move: None,
            comment: None,
            annotations: Vec::new(),
            players: players(game),
            event: ["Event", "EV", "GN"]
                .iter()
                .find_map(|name| model.header.known(name))
                .map(str::to_string),
            opening: None,
            previous: path[..path.len().saturating_sub(1)]
                .iter()
                .map(range)
                .collect(),
            next: next.iter().map(range).collect(),
            not_played,
            svg: String::new(),
            diagram: String::new(),
        };
        let comments = match current {
            Some(m) => model.comments(&model[m]),
            None => &model[line].comments,
        };
        let texts: Vec<String> = comments
            .iter()
            .filter(|c| c.kind != CommentKind::Escape)
            .map(|c| comment_text(game.text_of(c.text), c.kind))
            .collect();
        let words: Vec<String> = texts
            .iter()
            .map(|t| annotation::without_commands(t))
            .filter(|t| !t.is_empty())
            .collect();
        if !words.is_empty() {
            position.comment = Some(words.join("\n\n"));
        }
        let annotations = Annotations::of(texts.iter().map(String::as_str));
        position.annotations = annotations.words();
        let Some(Reached { board, last_move }) = reached else {
            return position;
        };
        position.side_to_move = board.side_to_move().name();
        match &board {
            GamePosition::Chess(p) => {
                position.fen = Some(p.fen());
                position.last_move = step.as_ref().and_then(|s| Some(s.uci?.to_string()));
                position.opening =
                    eco::opening_of(p).map(|o| (o.eco.to_string(), o.name.to_string()));
                highlights.squares = annotations.squares;
                highlights.arrows = annotations.arrows;
            }
            GamePosition::Draughts(p) => {
                position.fen = Some(p.to_fen());
                position.last_move = current.map(|m| {
                    step.as_ref()
                        .and_then(|s| s.full.clone())
                        .unwrap_or_else(|| game.text_of(model[m].text).to_string())
                });
            }
            GamePosition::Go(p) => {
                position.setup = Some(go_setup(p));
                position.captures = Some((
                    p.captures(kifu_rules::go::Color::Black),
                    p.captures(kifu_rules::go::Color::White),
                ));
                position.last_move = current.map(|m| game.text_of(model[m].text).to_string());
            }
        }
        highlights.last_move = last_move;
        if options.move_numbers && matches!(model.kind, GameKind::Go { .. }) {
            // Each point's latest move on the way: a point played again after a capture
            // shows the later number.
            for &m in &path {
                let Some(point) = kifu_rules::go::Point::from_sgf(game.text_of(model[m].text))
                else {
                    continue;
                };
                highlights.numbers.retain(|&(p, _)| p != point);
                highlights.numbers.push((point, model[m].number));
            }
        }
        position.svg = kifu_render::svg(board.to_render(), &highlights, options);
        position.diagram = kifu_render::text(board.to_render(), &highlights, options);
        position
    }
}

/// The line `offset` (in the text) is in, and the move under or before it there: the move
/// its line branches from when it is before the line's first move, `None` at the game's
/// start.
pub(crate) fn cursor_move(game: GameRef<'_>, offset: TextSize) -> Option<(LineId, Option<MoveId>)> {
    let relative = offset.checked_sub(game.offset)?;
    let line = line_at(game, relative);
    let model = game.game;
    let current = model[line]
        .moves
        .iter()
        .rev()
        .copied()
        .find(|&m| model[m].range.start() <= relative)
        .or(model[line].branches_from);
    Some((line, current))
}

/// The innermost line whose text holds `offset` (relative to the game).
pub(crate) fn line_at(game: GameRef<'_>, offset: TextSize) -> LineId {
    let mut best = LineId::MAIN;
    for (index, line) in game.game.lines.iter().enumerate().skip(1) {
        // Lines are in text order and a variation lies inside its parent: the last that
        // holds the offset is the innermost.
        if line.range.contains_inclusive(offset) && line.range.start() < offset {
            best = LineId::nth(index);
        }
    }
    best
}

/// The moves of `line` from its `from`-th on; in SGF, where a line ends in the variations
/// that go on from its last move and the first of them is the one the game goes on in,
/// on through the first of them.
fn onward(game: GameRef<'_>, line: LineId, from: usize) -> Vec<MoveId> {
    let model = game.game;
    let mut moves = model[line].moves.get(from..).unwrap_or_default().to_vec();
    if !matches!(model.kind, GameKind::Go { .. }) {
        return moves;
    }
    let mut at = line;
    loop {
        let end = model[at].moves.last().copied().or(model[at].branches_from);
        let Some(&first) = model[at]
            .variations
            .iter()
            .find(|&&v| model[v].branches_from == end)
        else {
            return moves;
        };
        moves.extend_from_slice(&model[first].moves);
        at = first;
    }
}

/// The moves from the game's first move to `m`, in order.
fn ancestors(game: GameRef<'_>, m: MoveId) -> Vec<MoveId> {
    let mut path = vec![m];
    let mut at = m;
    while let Some(parent) = game.game[at].parent {
        path.push(parent);
        at = parent;
    }
    path.reverse();
    path
}

/// For each variation from the main line down to `line`, its number among its parent's.
fn variation_path(game: GameRef<'_>, line: LineId) -> Vec<usize> {
    let mut path = Vec::new();
    let mut at = line;
    while let Some(parent) = game.game[at].parent {
        let siblings = &game.game[parent].variations;
        path.push(siblings.iter().position(|&l| l == at).unwrap_or(0));
        at = parent;
    }
    path.reverse();
    path
}

/// The move as people say it: `14... Nc6`, `23. 32x23`; `move 87: W Q16` in Go.
pub(crate) fn label(game: GameRef<'_>, m: MoveId) -> String {
    let mv = &game.game[m];
    match game.game.kind {
        GameKind::Go { size } => {
            let raw = game.text_of(mv.text);
            let at = go_move_point(raw, size).unwrap_or_else(|| raw.to_string());
            let colour = match mv.side {
                crate::game::Side::Black => 'B',
                crate::game::Side::White => 'W',
            };
            format!("move {}: {colour} {at}", mv.number)
        }
        _ => game.move_name(mv),
    }
}

/// White's and Black's names.
fn players(game: GameRef<'_>) -> (Option<String>, Option<String>) {
    let name = |names: [&str; 2]| {
        names
            .iter()
            .find_map(|n| game.game.header.known(n))
            .map(str::to_string)
    };
    (name(["White", "PW"]), name(["Black", "PB"]))
}

/// A comment's text as a reader reads it: an SGF value decoded as Text.
fn comment_text(raw: &str, kind: CommentKind) -> String {
    if kind == CommentKind::Property {
        kifu_syntax::sgf::properties::decode_text(raw)
    } else {
        raw.to_string()
    }
}

/// The stones of a Go position as SGF sets them up.
pub(crate) fn go_setup(position: &kifu_rules::go::Position) -> String {
    let mut setup = String::new();
    for (property, colour) in [
        ("AB", kifu_rules::go::Color::Black),
        ("AW", kifu_rules::go::Color::White),
    ] {
        let mut points: Vec<String> = position
            .occupied()
            .filter(|&(_, c)| c == colour)
            .map(|(p, _)| p.to_sgf())
            .collect();
        if points.is_empty() {
            continue;
        }
        points.sort_unstable();
        setup.push_str(property);
        for point in points {
            setup.push('[');
            setup.push_str(&point);
            setup.push(']');
        }
    }
    setup
}

#[cfg(test)]
mod tests;
