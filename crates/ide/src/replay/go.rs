//! Go: the stones of every line played, from the root's setup and the setup nodes on the
//! way, under the rules `RU[]` names (Japanese without one).

use kifu_rules::go::{BoardSize, Color, IllegalMove, Point, Position, Rect, RuleSet, Rules};
use kifu_syntax::SyntaxError;

use super::{rest_not_checked, GamePosition, Reached, Replay, Step, StepPosition, Wanted};
use crate::codes;
use crate::game::{go_coordinate, GameRef, Setup, Side};

fn color(side: Side) -> Color {
    match side {
        Side::Black => Color::Black,
        Side::White => Color::White,
    }
}

fn name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// A line's state where its variations start: the position, who played last, and how many
/// passes in a row ended it.
#[derive(Clone)]
struct State {
    position: Position,
    last: Option<Color>,
    passes: u32,
    /// What the last `MN[]` on the way added to the count of moves.
    renumber: Option<i64>,
}

pub(super) fn replay(game: GameRef<'_>, size: (u32, u32), wanted: Wanted, out: &mut Replay) {
    let model = game.game;
    let Some(board) = u8::try_from(size.0)
        .ok()
        .zip(u8::try_from(size.1).ok())
        .and_then(|(w, h)| BoardSize::new(w, h))
    else {
        // A size kifu cannot play on is said by the syntax check of `SZ`.
        return;
    };
    let coordinate = |point: Point| {
        let raw = point.to_sgf();
        go_coordinate(&raw, size).unwrap_or(raw)
    };
    let rule_set = model.header.get("RU").and_then(RuleSet::from_sgf);
    let rules = rule_set.map(Rules::from).unwrap_or_default();
    let rules_name = rule_set.map_or("Japanese", RuleSet::sgf_name);
    let mut start = Position::new(board, rules);
    let root_setup = model.header.entries().flat_map(|entry| {
        let what = match entry.name() {
            "AB" => Some(Color::Black),
            "AW" => Some(Color::White),
            "AE" => None,
            _ => return Vec::new(),
        };
        entry
            .values()
            .filter_map(|v| Rect::from_sgf(v).ok())
            .flat_map(|r| r.points())
            .map(|p| (p, what))
            .collect()
    });
    // Points off the board are said by the syntax check of their values.
    let _ = start.setup(root_setup.collect::<Vec<_>>());
    if let Some(player) = model
        .header
        .get("PL")
        .and_then(|v| Color::from_sgf(v.trim()))
    {
        start.set_to_play(player);
    }

    // Handicap stones are set up in the root (`AB`), or placed as Black's first moves.
    let main = model.main_line();
    let handicap_entry = model.header.entries().find(|e| e.name() == "HA");
    let handicap = handicap_entry
        .and_then(|e| e.value()?.trim().parse::<u32>().ok())
        .filter(|&n| n >= 2);
    // The board before the first move: the root's stones and those of the setup nodes
    // before the first move (some programs set handicap stones up in the node after the
    // root).
    let before_play = || {
        let first_move = main.moves.first().map(|&m| model[m].range.start());
        let mut before_play = State {
            position: start.clone(),
            last: None,
            passes: 0,
            renumber: None,
        };
        for setup in model.setups.iter().filter(|s| {
            s.line == crate::game::LineId::MAIN && first_move.is_none_or(|at| s.range.start() < at)
        }) {
            apply(game, &mut before_play, setup);
        }
        before_play.position
    };
    if wanted == Wanted::Start {
        out.reached = Some(Reached {
            board: GamePosition::Go(before_play()),
            last_move: None,
        });
    }
    let mut placed_as_moves = 0;
    if let (Some(n), Some(entry)) = (handicap, handicap_entry) {
        let set_up = before_play().stones(Color::Black);
        let black_first = main
            .moves
            .iter()
            .take(n as usize)
            .take_while(|&&m| model[m].side == Side::Black)
            .count();
        let range = game.range(entry.range());
        if set_up == 0 && black_first == n as usize {
            placed_as_moves = n as usize;
        } else if set_up == 0 {
            out.diagnostics.push(SyntaxError::new(
                codes::HandicapMismatch,
                range,
                format!(
                    "a handicap of {n} stones, but no black stones are set up (`AB`) before \
                     the first move: kifu cannot know where they stand, so the moves are not \
                     checked"
                ),
            ));
            return;
        } else if set_up != n {
            out.diagnostics.push(SyntaxError::new(
                codes::HandicapMismatch,
                range,
                format!(
                    "a handicap of {n} stones, but {set_up} black stone{} set up",
                    if set_up == 1 { " is" } else { "s are" }
                ),
            ));
        }
    }

    let mut setups: Vec<Vec<&Setup>> = vec![Vec::new(); model.lines.len()];
    for setup in &model.setups {
        setups[setup.line.index()].push(setup);
    }
    let mut ends: Vec<Option<State>> = vec![None; model.lines.len()];
    for (index, line) in model.lines.iter().enumerate() {
        let mut state = match line.parent {
            None => State {
                position: start.clone(),
                last: None,
                passes: 0,
                renumber: None,
            },
            Some(parent) => match &ends[parent.index()] {
                Some(state) => state.clone(),
                // Its parent line stopped at a move that could not be played.
                None => continue,
            },
        };
        let mut pending = setups[index].iter().peekable();
        let mut said_after_passes = false;
        let mut stopped = false;
        for (position_in_line, &id) in line.moves.iter().enumerate() {
            let m = &model[id];
            while let Some(setup) = pending.next_if(|s| s.range.start() < m.range.end()) {
                apply(game, &mut state, setup);
            }
            let mover = color(m.side);
            let at = game.range(if m.text.is_empty() { m.range } else { m.text });
            if let (Some(n), Some(range)) = (m.written_number, m.number_range) {
                let count = i64::from(m.ply) + 1;
                // A first `MN[]` renumbers, as FF[4] allows; a later one that the moves
                // since do not lead to contradicts it.
                if let Some(expected) = state.renumber.map(|r| count + r) {
                    if i64::from(n) != expected {
                        out.diagnostics.push(SyntaxError::new(
                            codes::WrongMoveNumber,
                            game.range(range),
                            format!(
                                "`MN[{n}]`, but the `MN[]` before it makes this move {expected}"
                            ),
                        ));
                    }
                }
                state.renumber = Some(i64::from(n) - count);
            }
            let Ok(point) = board.parse_move(game.text_of(m.text)) else {
                // A value that is not a point is said by the syntax check; the move is
                // left out, but it was that colour's turn.
                state.last = Some(mover);
                continue;
            };
            let is_placement = line.parent.is_none() && position_in_line < placed_as_moves;
            if state.last == Some(mover) && !is_placement {
                out.diagnostics.push(SyntaxError::new(
                    codes::SameColourTwice,
                    at,
                    format!(
                        "{} plays twice in a row: is {}'s move missing?",
                        name(mover),
                        name(mover.opponent())
                    ),
                ));
            }
            if state.passes >= 2 && point.is_some() && !said_after_passes {
                said_after_passes = true;
                out.diagnostics.push(SyntaxError::new(
                    codes::MoveAfterPasses,
                    at,
                    "both players passed before this move: the game had ended",
                ));
            }
            match state.position.play_in_place(mover, point) {
                Ok(removed) => {
                    if wanted.wants(id) {
                        out.keep(
                            game,
                            id,
                            step(&state.position, &removed.captured, &coordinate),
                        );
                    }
                    if wanted.keeps(id) {
                        out.reached = Some(Reached {
                            board: GamePosition::Go(state.position.clone()),
                            last_move: Some(kifu_render::LastMove::Go(point)),
                        });
                    }
                }
                Err(IllegalMove::OffBoard) => {
                    // Said by the syntax check; it was that colour's turn all the same.
                    state.last = Some(mover);
                    continue;
                }
                Err(illegal) => {
                    let spot = point.map_or_else(|| "pass".to_string(), coordinate);
                    let (code, why) = match illegal {
                        IllegalMove::Occupied => (
                            codes::IllegalMove,
                            format!(
                                "{} cannot play {spot}: a stone is already there",
                                name(mover)
                            ),
                        ),
                        IllegalMove::Suicide => (
                            codes::Suicide,
                            format!(
                                "{} at {spot} would leave its stones without a liberty: \
                                 suicide is not allowed under {rules_name} rules",
                                name(mover)
                            ),
                        ),
                        IllegalMove::Ko => (
                            codes::KoRetaken,
                            format!(
                                "{} at {spot} takes the ko back at once: a move elsewhere \
                                 must come first",
                                name(mover)
                            ),
                        ),
                        IllegalMove::Superko | IllegalMove::OffBoard => (
                            codes::IllegalMove,
                            format!("{} cannot play {spot}: {illegal}", name(mover)),
                        ),
                    };
                    let rest = rest_not_checked(game, id);
                    out.diagnostics
                        .push(SyntaxError::new(code, at, format!("{why}{rest}")));
                    stopped = true;
                    break;
                }
            }
            state.passes = if point.is_none() { state.passes + 1 } else { 0 };
            state.last = Some(mover);
        }
        if stopped {
            continue;
        }
        for setup in pending {
            apply(game, &mut state, setup);
        }
        if !line.variations.is_empty() {
            ends[index] = Some(state);
        }
    }
}

/// Applies a setup node: stones put and taken away, no captures; it also ends any run of
/// moves by one colour.
fn apply(game: GameRef<'_>, state: &mut State, setup: &Setup) {
    let changes: Vec<(Point, Option<Color>)> = setup
        .stones
        .iter()
        .filter_map(|&(range, side)| Some((Rect::from_sgf(game.text_of(range)).ok()?, side)))
        .flat_map(|(rect, side)| rect.points().map(move |p| (p, side.map(color))))
        .collect();
    let _ = state.position.setup(changes);
    state.last = None;
    state.passes = 0;
}

fn step(position: &Position, captured: &[Point], coordinate: &dyn Fn(Point) -> String) -> Step {
    let stones = |c: Color| {
        position
            .occupied()
            .filter(|&(_, s)| s == c)
            .map(|(p, _)| p)
            .collect()
    };
    Step {
        full: None,
        captured: captured.iter().map(|&p| coordinate(p).into()).collect(),
        prisoners: Some((
            position.captures(Color::Black),
            position.captures(Color::White),
        )),
        ko: position.ko_point().is_some(),
        position: StepPosition::Stones {
            black: stones(Color::Black),
            white: stones(Color::White),
        },
        san: None,
        uci: None,
        said: None,
        ply: None,
    }
}
