//! A move entered on a board, written into the record: after the last move of a line it
//! extends the line; in the middle of a line it goes into the move or variation that
//! already plays it, or opens a new variation; with its move number as the export format
//! wants it. What the board view's `kifu/playMove` answers.

use kifu_rules::{chess, draughts, go};
use kifu_syntax::{TextEdit, TextRange, TextSize};

use crate::document::Document;
use crate::game::{GameKind, GameRef, LineId, MoveId};
use crate::position::{cursor_move, go_setup};
use crate::replay::{self, GamePosition, Wanted};

/// A move played at the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedMove {
    /// The insertions that write it, in the document's text, in text order (none when the
    /// record already has the move there).
    pub edits: Vec<TextEdit>,
    /// Where the move is in the text after the edits: where the cursor goes.
    pub selection: TextRange,
}

/// Why a move cannot be entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// No game at the cursor, or a game kifu does not replay.
    NoPosition(String),
    /// The move is not legal in the position (or is not a move).
    Illegal(String),
    /// Several moves fit what was given (a draughts capture from and to with several
    /// paths): each, in full.
    Ambiguous(Vec<String>),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::NoPosition(why) | PlayError::Illegal(why) => f.write_str(why),
            PlayError::Ambiguous(paths) => {
                write!(f, "several captures fit: {}", paths.join(", "))
            }
        }
    }
}

/// A move understood in its position: how the record writes it and the position after it.
struct Understood {
    /// Chess SAN (`Nf3`, `exd8=Q+`), the draughts move (`32-28`, `28x19x10`), the Go
    /// point (`dd`, empty for a pass).
    written: String,
    /// Go: `B` or `W`.
    colour: char,
    /// The position after it, to find it among the moves the record already has.
    after: String,
}

impl Document {
    /// Plays `mv` after the move under or before `offset` (chess UCI `g1f3` / `e7e8q`; a
    /// Go SGF point `dd`, empty to pass; a draughts move `32-28`, `28x19x10`, or from and to
    /// joined by `-`, whatever the capture).
    pub fn play_move(&self, offset: TextSize, mv: &str) -> Result<PlayedMove, PlayError> {
        let no_game = || PlayError::NoPosition("no game at the cursor".into());
        let (_, game) = self.game_near(offset).ok_or_else(no_game)?;
        let (line, current) = cursor_move(game, offset).ok_or_else(no_game)?;
        let wanted = current.map_or(Wanted::Start, Wanted::One);
        let reached = replay::replay(game, wanted).reached.ok_or_else(|| {
            PlayError::NoPosition(match current {
                Some(m) => format!(
                    "{} cannot be played, so no move can follow it",
                    game.move_name(&game.game[m])
                ),
                None => "kifu does not replay this game".into(),
            })
        })?;
        let understood = understand(&reached.board, mv.trim())?;
        // The moves the record already plays here: the next one of the line and the
        // variations in its place.
        let model = game.game;
        let next = match current {
            Some(m) if model[m].line == line => {
                let moves = &model[line].moves;
                moves
                    .iter()
                    .position(|&x| x == m)
                    .and_then(|i| moves.get(i + 1))
                    .copied()
            }
            _ => model[line].moves.first().copied(),
        };
        let mut already: Vec<MoveId> = Vec::new();
        if let Some(next) = next {
            already.push(next);
            already.extend(
                model
                    .variations(&model[next])
                    .iter()
                    .filter_map(|&v| model[v].moves.first().copied()),
            );
        } else if matches!(model.kind, GameKind::Go { .. }) {
            // An SGF line ends in the variations that go on from its last move.
            already.extend(
                model[line]
                    .variations
                    .iter()
                    .filter(|&&v| model[v].branches_from == current)
                    .filter_map(|&v| model[v].moves.first().copied()),
            );
        }
        for m in already {
            let same = replay::replay(game, Wanted::One(m))
                .reached
                .is_some_and(|r| signature(&r.board) == understood.after);
            if same {
                return Ok(PlayedMove {
                    edits: Vec::new(),
                    selection: game.range(model[m].text),
                });
            }
        }
        let ply = model.ply_after(current);
        let written = match model.kind {
            GameKind::Go { .. } => sgf_insert(game, line, current, next, &understood),
            _ => movetext_insert(game, line, current, next, ply, &understood),
        };
        // Read back: in a broken record (a comment or variation that is never closed) the
        // place after a line's last move can be inside the comment, where a move is text.
        if self.reads_as_move(&written) {
            Ok(written)
        } else {
            Err(PlayError::NoPosition(
                "a move written here would not be read as the move it is: the text around it \
                 is broken (a comment or variation not closed, stray text); mend it first"
                    .into(),
            ))
        }
    }

    /// Whether, once `written` is applied, its selection is a move of the text that can be
    /// played.
    fn reads_as_move(&self, written: &PlayedMove) -> bool {
        let mut after: Option<Document> = None;
        // The last edit first: the earlier ones' offsets stay right.
        for edit in written.edits.iter().rev() {
            let base = after.as_ref().unwrap_or(self);
            after = Some(base.edited(edit.range, &edit.insert));
        }
        let after = after.as_ref().unwrap_or(self);
        let start = written.selection.start();
        let Some((_, game)) = after.game_near(start) else {
            return false;
        };
        // The move is there, and plays: text around it did not join it (`1 -` before it).
        match cursor_move(game, start) {
            Some((_, Some(m))) => {
                game.range(game.game[m].range)
                    .contains_range(written.selection)
                    && replay::replay(game, Wanted::One(m)).reached.is_some()
            }
            _ => false,
        }
    }
}

/// Reads `mv` in `position`.
fn understand(position: &GamePosition, mv: &str) -> Result<Understood, PlayError> {
    match position {
        GamePosition::Chess(p) => {
            let castling = p.castling_mode();
            let m = p
                .legal_moves()
                .iter()
                .copied()
                .find(|m| {
                    m.to_uci(castling).to_string() == mv
                        || m.to_uci(chess::CastlingMode::Chess960).to_string() == mv
                })
                .ok_or_else(|| {
                    let promotion = p.legal_moves().iter().any(|m| {
                        m.is_promotion() && m.to_uci(castling).to_string().get(..4) == Some(mv)
                    });
                    PlayError::Illegal(if promotion {
                        format!("`{mv}` promotes: say to which piece, `{mv}q`")
                    } else {
                        format!(
                            "`{mv}` is not a legal move for {} here",
                            chess::color_name(p.turn())
                        )
                    })
                })?;
            let played = p.play_legal(m);
            Ok(Understood {
                written: played.san().to_string(),
                colour: ' ',
                after: played.position().fen(),
            })
        }
        GamePosition::Go(p) => {
            let colour = p.to_play();
            let point = p
                .size()
                .parse_move(mv)
                .map_err(|_| PlayError::Illegal(format!("`{mv}` is not an SGF point")))?;
            let played = p.play(colour, point).map_err(|why| {
                PlayError::Illegal(format!(
                    "{} cannot play {}: {why}",
                    if colour == go::Color::Black {
                        "Black"
                    } else {
                        "White"
                    },
                    if mv.is_empty() { "a pass" } else { mv }
                ))
            })?;
            Ok(Understood {
                written: point.map_or(String::new(), go::Point::to_sgf),
                colour: colour.letter(),
                after: go_setup(&played.position),
            })
        }
        GamePosition::Draughts(p) => {
            let variant = p.variant();
            let squares: Option<Vec<u8>> = kifu_syntax::pdn::board::move_squares(mv)
                .into_iter()
                .map(|s| draughts::parse_square(variant, s))
                .collect();
            let squares = squares
                .filter(|s| s.len() >= 2)
                .ok_or_else(|| PlayError::Illegal(format!("`{mv}` is not a draughts move")))?;
            let legal = draughts::legal_moves(p);
            let fits: Vec<&draughts::Move> = legal
                .iter()
                .filter(|m| {
                    if squares.len() > 2 {
                        m.path == squares
                    } else {
                        m.from == squares[0] && m.to == squares[1]
                    }
                })
                .collect();
            match fits.as_slice() {
                [] => {
                    let captures: Vec<String> = legal
                        .iter()
                        .filter(|m| m.is_capture())
                        .map(|m| m.full_notation(variant))
                        .collect();
                    Err(PlayError::Illegal(if captures.is_empty() {
                        format!("`{mv}` is not a legal move here")
                    } else {
                        format!(
                            "`{mv}` is not a legal move here: a capture must be made ({})",
                            captures.join(", ")
                        )
                    }))
                }
                [one] => Ok(Understood {
                    written: one.written_among(&legal, variant),
                    colour: ' ',
                    after: p.apply(one).to_fen(),
                }),
                several => Err(PlayError::Ambiguous(
                    several.iter().map(|m| m.full_notation(variant)).collect(),
                )),
            }
        }
    }
}

/// A position as text, to compare moves by the positions they lead to.
fn signature(position: &GamePosition) -> String {
    match position {
        GamePosition::Chess(p) => p.fen(),
        GamePosition::Draughts(p) => p.to_fen(),
        GamePosition::Go(p) => go_setup(p),
    }
}

/// Where a line of movetext ends, and what is there.
enum LineEnd {
    /// Before the game's result.
    Result(TextSize),
    /// Before the `)` that closes a variation.
    Close(TextSize),
    /// At the end of the movetext.
    End(TextSize),
}

/// Where the move after the last of `line` is written.
fn line_end(game: GameRef<'_>, line: LineId) -> LineEnd {
    let model = game.game;
    let range = game.range(model[line].range);
    if line == LineId::MAIN {
        if let Some(result) = model.result {
            return LineEnd::Result(game.range(result).start());
        }
        let text = &game.text[range];
        return LineEnd::End(range.start() + TextSize::of(text.trim_end()));
    }
    if game.text[range].ends_with(')') {
        LineEnd::Close(range.end() - TextSize::of(")"))
    } else {
        // An unclosed variation: at the end of its text (where that is inside a comment
        // that swallowed the rest, the read-back refuses the move).
        let text = &game.text[range];
        LineEnd::End(range.start() + TextSize::of(text.trim_end()))
    }
}

/// PGN and PDN: the move written at the end of its line, or as a new variation after the
/// move it replaces.
fn movetext_insert(
    game: GameRef<'_>,
    line: LineId,
    current: Option<MoveId>,
    next: Option<MoveId>,
    ply: u32,
    understood: &Understood,
) -> PlayedMove {
    let model = game.game;
    let number = model.number_label(ply);
    let Some(next) = next else {
        // After the last move of its line: the line goes on, right after that move unless
        // it is in another line or has comments or variations written after it.
        let after_a_move = current.is_some_and(|m| {
            model[m].line == line
                && model.comments(&model[m]).is_empty()
                && model.variations(&model[m]).is_empty()
        });
        let needs_number = model.writes_number(ply, after_a_move);
        let before = if needs_number {
            format!("{number} ")
        } else {
            String::new()
        };
        return match line_end(game, line) {
            LineEnd::Result(at) => insert_at(at, "", &before, &understood.written, " "),
            LineEnd::Close(at) => {
                let open = game.text[..usize::from(at)].ends_with('(');
                insert_at(
                    at,
                    if open { "" } else { " " },
                    &before,
                    &understood.written,
                    "",
                )
            }
            LineEnd::End(at) => {
                let empty = at == game.range(model[line].range).start();
                insert_at(
                    at,
                    if empty { "" } else { " " },
                    &before,
                    &understood.written,
                    "",
                )
            }
        };
    };
    // A new variation after the move it replaces (and after the variations already there):
    // before the number of the move that follows it, or at the end of the line.
    let moves = &model[line].moves;
    let following = moves
        .iter()
        .position(|&x| x == next)
        .and_then(|i| moves.get(i + 1))
        .map(|&f| {
            game.range(model[f].number_range.unwrap_or(model[f].range))
                .start()
        });
    let before = format!("({number} ");
    match following {
        Some(at) => insert_at(at, "", &before, &understood.written, ") "),
        None => match line_end(game, line) {
            LineEnd::Result(at) => insert_at(at, "", &before, &understood.written, ") "),
            LineEnd::Close(at) | LineEnd::End(at) => {
                insert_at(at, " ", &before, &understood.written, ")")
            }
        },
    }
}

fn insertion(at: TextSize, insert: String) -> TextEdit {
    TextEdit {
        range: TextRange::empty(at),
        insert,
    }
}

/// One insertion at `at`: `space`, `before`, the move, `after`; the move selected.
fn insert_at(at: TextSize, space: &str, before: &str, written: &str, after: &str) -> PlayedMove {
    PlayedMove {
        selection: TextRange::at(
            at + TextSize::of(space) + TextSize::of(before),
            TextSize::of(written),
        ),
        edits: vec![insertion(at, format!("{space}{before}{written}{after}"))],
    }
}

/// SGF: a node after the last of its sequence; a new variation beside those that end the
/// sequence; in the middle of a sequence, the rest of it made the first variation and the
/// move the second.
fn sgf_insert(
    game: GameRef<'_>,
    line: LineId,
    current: Option<MoveId>,
    next: Option<MoveId>,
    understood: &Understood,
) -> PlayedMove {
    let model = game.game;
    let node = format!(";{}[{}]", understood.colour, understood.written);
    let point = |at: TextSize, before: &str| at + TextSize::of(before) + TextSize::of(";B[");
    let tree = game.range(model[line].range);
    let close = if game.text[tree].ends_with(')') {
        tree.end() - TextSize::of(")")
    } else {
        tree.end()
    };
    let children = model[line]
        .variations
        .iter()
        .any(|&v| model[v].branches_from == current);
    match next {
        Some(next) => {
            // `;W[bb](;B[cc]...)(;B[new])`: the rest becomes the first variation.
            let start = game.range(model[next].range).start();
            let tail = format!(")({node})");
            let at = point(close, ")(") + TextSize::of("(");
            PlayedMove {
                selection: TextRange::at(at, TextSize::of(understood.written.as_str())),
                edits: vec![insertion(start, "(".into()), insertion(close, tail)],
            }
        }
        None if children => {
            let text = format!("({node})");
            PlayedMove {
                selection: TextRange::at(
                    point(close, "("),
                    TextSize::of(understood.written.as_str()),
                ),
                edits: vec![insertion(close, text)],
            }
        }
        None => {
            let at = match current {
                Some(m) => game.range(model[m].range).end(),
                None => model
                    .setups
                    .iter()
                    .filter(|s| s.line == line)
                    .map(|s| game.range(s.range).end())
                    .chain(model.header.range.map(|r| game.range(r).end()))
                    .max()
                    .unwrap_or(close),
            };
            PlayedMove {
                selection: TextRange::at(point(at, ""), TextSize::of(understood.written.as_str())),
                edits: vec![insertion(at, node)],
            }
        }
    }
}

#[cfg(test)]
mod tests;
