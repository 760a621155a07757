//! Draughts: every line played from the start position or the `FEN` tag, under the rules of
//! the game's `GameType`.

use kifu_rules::draughts::{
    legal_moves, parse_square, play, square_name, winner, Color, IllegalMove, Move, Position,
    Variant,
};
use kifu_syntax::pdn::board::{move_squares, Board};
use kifu_syntax::{Severity, SyntaxError, TextRange};

use super::{
    rest_not_checked, told_elsewhere, Branches, GamePosition, Reached, Replay, Step, StepPosition,
    Wanted,
};
use crate::codes;
use crate::game::{GameRef, Start};

fn name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Moves as a list people read: `28x19x10, 28x17x10` (the first few).
fn listed(moves: &[Move], variant: Variant) -> String {
    const SHOWN: usize = 4;
    let mut list: Vec<String> = moves
        .iter()
        .take(SHOWN)
        .map(|m| m.full_notation(variant))
        .collect();
    if moves.len() > SHOWN {
        list.push(format!("and {} more", moves.len() - SHOWN));
    }
    list.join(", ")
}

pub(super) fn replay(game: GameRef<'_>, board: Option<&Board>, wanted: Wanted, out: &mut Replay) {
    // No board: the `GameType` tag's own diagnostic says why.
    let Some(board) = board else { return };
    if game.game.header.get("GameType").is_some() {
        return replay_on(game, board, wanted, out);
    }
    // Without a `GameType` tag the standard means International draughts, but many files
    // of English checkers leave it out: a game that cannot be played as International
    // draughts and can as English checkers is English checkers.
    let mut international = Replay::default();
    replay_on(game, board, wanted, &mut international);
    let failed = |r: &Replay| {
        r.diagnostics
            .iter()
            .any(|d| d.severity() == Severity::Error)
    };
    if failed(&international) {
        if let Some(english) = kifu_syntax::pdn::board::standard(21) {
            let mut checkers = Replay::default();
            replay_on(game, &english, wanted, &mut checkers);
            if !failed(&checkers) {
                *out = checkers;
                return;
            }
        }
    }
    *out = international;
}

/// Replays a game on `board`, under its rules.
fn replay_on(game: GameRef<'_>, board: &Board, wanted: Wanted, out: &mut Replay) {
    let model = game.game;
    let Some(variant) = Variant::from_game_type(board.game_type) else {
        if !model.moves.is_empty() {
            let range = model
                .header
                .entries()
                .find(|e| e.name() == "GameType")
                .map_or(model.moves[0].text, |e| e.range());
            let what = if board.name.is_empty() {
                format!("game type {}", board.game_type)
            } else {
                board.name.to_string()
            };
            out.diagnostics.push(SyntaxError::new(
                codes::NotReplayed,
                game.range(range),
                format!("kifu does not know the rules of {what}: its moves are not checked"),
            ));
        }
        return;
    };
    let start = match &model.start {
        Start::Fen(fen) => match Position::from_fen(variant, fen) {
            Ok(position) => position,
            // A FEN that cannot be read is said by the syntax check of the tag.
            Err(_) => return,
        },
        _ => Position::new(variant),
    };
    if wanted == Wanted::Start {
        out.reached = Some(Reached {
            board: GamePosition::Draughts(start.clone()),
            last_move: None,
        });
    }

    // Positions (and plies) after the moves that variations branch from.
    let mut branches = Branches::new(model);
    let mut said_separator = false;
    let mut said_split = false;
    let mut main_end: Option<Position> = None;
    for (index, line) in model.lines.iter().enumerate() {
        let (mut position, mut ply) = match line.branches_from {
            // From a FEN, people number the first move as they like (`1.` for White to move
            // in a checkers problem): its number sets the count.
            None => match (&model.start, line.moves.first()) {
                (Start::Fen(_), Some(&first)) if model[first].number_range.is_some() => {
                    (start.clone(), model[first].ply)
                }
                _ => (start.clone(), model.start_ply),
            },
            Some(from) => match branches.start(from) {
                Some(state) => state,
                None => continue,
            },
        };
        let mut stopped = false;
        let mut next_index = 0;
        while let Some(&id) = line.moves.get(next_index) {
            next_index += 1;
            let m = &model[id];
            let at = game.range(m.text);
            let text = game.text_of(m.text);
            let mover = position.side_to_move();
            out.diagnostics
                .extend(super::check_number(game, m, &mut ply, name(mover)));
            let squares: Option<Vec<u8>> = move_squares(text)
                .into_iter()
                .map(|s| parse_square(variant, s))
                .collect();
            // A square the board does not have is said by the syntax check.
            let Some(squares) = squares else {
                stopped = true;
                break;
            };
            let capture = text.contains(['x', ':']);
            let mut result = play(&position, &squares, capture);
            // A capture written in pieces, each jump as if it were a move of its own
            // (`57... e1xc3 58. c3xe5`, as playstrategy.org exports them): one move, and
            // the file's count of moves goes on from the pieces.
            let mut joined = squares.clone();
            let mut pieces = 1;
            while let Err(IllegalMove::Unfinished { .. }) = &result {
                let Some(&next) = line.moves.get(next_index + pieces - 1) else {
                    break;
                };
                let more: Option<Vec<u8>> = move_squares(game.text_of(model[next].text))
                    .into_iter()
                    .map(|s| parse_square(variant, s))
                    .collect();
                let Some(more) =
                    more.filter(|more| more.len() >= 2 && more.first() == joined.last())
                else {
                    break;
                };
                let longer: Vec<u8> = joined.iter().chain(&more[1..]).copied().collect();
                match play(&position, &longer, true) {
                    Ok(played) => {
                        if !said_split {
                            said_split = true;
                            // No fix: joining the pieces changes the count of every move
                            // number after them, which the file wrote by the pieces.
                            let whole =
                                TextRange::new(at.start(), game.range(model[next].text).end());
                            let one = played.0.full_notation(variant);
                            out.diagnostics.push(SyntaxError::new(
                                codes::SplitCapture,
                                whole,
                                format!("one capture written as {} moves: `{one}`", pieces + 1),
                            ));
                        }
                        result = Ok(played);
                    }
                    Err(IllegalMove::Unfinished { continuations }) => {
                        result = Err(IllegalMove::Unfinished { continuations });
                    }
                    Err(_) => break,
                }
                joined = longer;
                pieces += 1;
            }
            // A capture written from and to that several paths fit: where one takes more
            // pieces than all others (the famous shots people write short), it is meant.
            if let Err(IllegalMove::Ambiguous { candidates }) = &result {
                if let Some(longest) = unique_longest(candidates) {
                    let full = longest.full_notation(variant);
                    out.diagnostics.push(
                        SyntaxError::new(
                            codes::AmbiguousCapture,
                            at,
                            format!(
                                "several captures go from {} to {}; kifu took the one that takes the most pieces, {full}",
                                square_name(variant, longest.from),
                                square_name(variant, longest.to),
                            ),
                        )
                        .with_severity(Severity::Warning)
                        .with_fix(format!("Write the whole path, `{full}`"), [(at, full.clone())]),
                    );
                    let next = position.apply(&longest);
                    result = Ok((longest, next));
                }
            }
            if result.is_ok() && pieces > 1 {
                next_index += pieces - 1;
                ply += (pieces - 1) as u32;
            }
            match result {
                Ok((played, next)) => {
                    if capture != played.is_capture() && !said_separator {
                        said_separator = true;
                        let (wrote, should) = if capture { ("x", "-") } else { ("-", "x") };
                        let right = played.notation(variant).replace(wrote, should);
                        out.diagnostics.push(
                            SyntaxError::new(
                                codes::WrongSeparator,
                                at,
                                format!(
                                    "written with `{wrote}`, but {}: `{right}`",
                                    if played.is_capture() {
                                        "it captures"
                                    } else {
                                        "it captures nothing"
                                    },
                                ),
                            )
                            .with_fix(format!("Write `{right}`"), [(at, right.clone())]),
                        );
                    }
                    if wanted.wants(id) {
                        out.keep(game, id, step(&played, &next, variant));
                    }
                    if wanted.keeps(id) {
                        out.reached = Some(Reached {
                            board: GamePosition::Draughts(next.clone()),
                            last_move: Some(kifu_render::LastMove::Draughts(played.path.clone())),
                        });
                    }
                    position = next;
                    ply += 1;
                    branches.played(id, &position, ply);
                }
                // A move of the other side right after stray text: the text stood where a
                // move would, and its `stray-text` is the one mistake to tell (as in chess);
                // so in a variation never closed.
                Err(IllegalMove::NoPiece { square })
                    if position
                        .piece_at(square)
                        .is_some_and(|p| p.color != position.side_to_move())
                        && told_elsewhere(game, id) =>
                {
                    stopped = true;
                    break;
                }
                Err(illegal) => {
                    let (code, why) = reason(&illegal, &position, &squares, capture, variant);
                    let rest = rest_not_checked(game, id);
                    out.diagnostics
                        .push(SyntaxError::new(code, at, format!("{why}{rest}")));
                    stopped = true;
                    break;
                }
            }
            let _ = mover;
        }
        if index == 0 && !stopped {
            main_end = Some(position);
        }
    }
    if let Some(end) = main_end {
        check_result(game, &end, variant, out);
    }
}

/// The capture among `candidates` that takes the most pieces, when it takes more than all
/// the others (paths that take the same pieces in another order lead to the same position
/// and count as one).
fn unique_longest(candidates: &[Move]) -> Option<Move> {
    let most = candidates.iter().map(|m| m.captured.len()).max()?;
    let taken = |m: &Move| {
        let mut set = m.captured.clone();
        set.sort_unstable();
        set
    };
    let mut longest = candidates.iter().filter(|m| m.captured.len() == most);
    let first = longest.next()?;
    let first_taken = taken(first);
    longest
        .all(|m| taken(m) == first_taken && m.promotes == first.promotes)
        .then(|| first.clone())
}

/// The code and words for a move that cannot be played.
fn reason(
    illegal: &IllegalMove,
    position: &Position,
    squares: &[u8],
    capture: bool,
    variant: Variant,
) -> (kifu_syntax::Code, String) {
    let mover = position.side_to_move();
    let square = |s: u8| square_name(variant, s);
    let from = squares.first().copied().unwrap_or(0);
    let to = squares.last().copied().unwrap_or(0);
    match illegal {
        IllegalMove::NoPiece { square: s } => {
            let theirs = position.piece_at(*s).is_some_and(|p| p.color != mover);
            let why = if theirs {
                format!(
                    "{} has no piece on {}: the piece there is {}'s (is a move missing?)",
                    name(mover),
                    square(*s),
                    name(mover.opposite())
                )
            } else {
                format!("{} has no piece on {}", name(mover), square(*s))
            };
            (codes::IllegalMove, why)
        }
        IllegalMove::CaptureMandatory { captures } => (
            codes::CaptureMandatory,
            format!("capture is mandatory: {}", listed(captures, variant)),
        ),
        IllegalMove::NotMaximal { required } => {
            let best: Vec<Move> = legal_moves(position)
                .into_iter()
                .filter(|m| m.captured.len() as u32 == *required)
                .collect();
            (
                codes::CaptureNotMaximal,
                format!(
                    "the most pieces must be taken: {required} are possible: {}",
                    listed(&best, variant)
                ),
            )
        }
        IllegalMove::NotPreferred { captures } => (
            codes::CaptureNotMaximal,
            format!(
                "the rules of {} put another capture first: {}",
                variant.name(),
                listed(captures, variant)
            ),
        ),
        IllegalMove::Ambiguous { candidates } => (
            codes::AmbiguousCapture,
            format!(
                "several captures go from {} to {}: write the whole path ({})",
                square(from),
                square(to),
                listed(candidates, variant)
            ),
        ),
        IllegalMove::Unfinished { continuations } => (
            codes::IllegalMove,
            format!("the capture must go on: {}", listed(continuations, variant)),
        ),
        IllegalMove::WrongPath { candidates } => (
            codes::IllegalMove,
            format!(
                "no capture from {} to {} goes this way: {}",
                square(from),
                square(to),
                listed(candidates, variant)
            ),
        ),
        IllegalMove::NotReachable => {
            let why = if position.piece_at(to).is_some() {
                format!(
                    "the piece on {} cannot move to {}: {} is taken",
                    square(from),
                    square(to),
                    square(to)
                )
            } else if capture {
                format!(
                    "the piece on {} has no capture that ends on {}",
                    square(from),
                    square(to)
                )
            } else {
                let man = position.piece_at(from).is_some_and(|p| !p.is_king());
                let hint = if man {
                    " (men move forward, one square)"
                } else {
                    ""
                };
                format!(
                    "the piece on {} cannot move to {}{hint}",
                    square(from),
                    square(to)
                )
            };
            (codes::IllegalMove, why)
        }
        other => (codes::IllegalMove, other.to_string()),
    }
}

/// The result, as the marker or the `Result` tag writes it, against a game that ends with
/// one side unable to move.
fn check_result(game: GameRef<'_>, end: &Position, variant: Variant, out: &mut Replay) {
    let Some(won) = winner(end) else { return };
    let model = game.game;
    // `2-0` is White's win by the standard. Where Black moves first (English checkers),
    // programs disagree whether `1-0` names White or the first player (playstrategy.org
    // writes `0-1` for a win by White): only the 2-point results are read there.
    let black_first = variant.first_mover() == Color::Black;
    let said = |text: &str| -> Option<Option<Color>> {
        match text.trim() {
            "2-0" => Some(Some(Color::White)),
            "0-2" => Some(Some(Color::Black)),
            "1-0" if !black_first => Some(Some(Color::White)),
            "0-1" if !black_first => Some(Some(Color::Black)),
            "1-1" | "1/2-1/2" | "0-0" => Some(None),
            _ => None,
        }
    };
    let tag = model.header.entries().find(|e| e.name() == "Result");
    let places = game
        .result()
        .zip(model.result)
        .map(|(text, range)| (text.to_string(), range))
        .into_iter()
        .chain(tag.and_then(|t| Some((t.value()?.to_string(), t.range()))));
    for (text, range) in places {
        if let Some(result) = said(&text) {
            if result != Some(won) {
                let loser = won.opposite();
                out.diagnostics.push(SyntaxError::new(
                    codes::ResultContradicted,
                    game.range(range),
                    format!(
                        "`{text}`, but {} {}: {} wins",
                        name(loser),
                        if variant == Variant::Antidraughts {
                            "has pieces to move"
                        } else {
                            "cannot move"
                        },
                        name(won)
                    ),
                ));
            }
            return;
        }
    }
}

fn step(played: &Move, next: &Position, variant: Variant) -> Step {
    Step {
        full: played.is_capture().then(|| played.full_notation(variant)),
        captured: played
            .captured
            .iter()
            .map(|&s| square_name(variant, s).into())
            .collect(),
        prisoners: None,
        ko: false,
        position: StepPosition::Fen(next.to_fen()),
        san: None,
        uci: None,
        said: None,
        ply: None,
    }
}
