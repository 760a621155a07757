//! Chess: every line played from the standard position or the `FEN` tag, in the game's
//! variant, with the piece letters of its language.

use kifu_rules::chess::{
    color_name, detect_language, reads_as_capital_file, role_name, CheckMark, Dialect, FenError,
    Form, Forms, IllegalReason, Language, Move, Moved, Played, Position, Square, UciMove, Variant,
};
use kifu_syntax::pgn::is_other_capital;
use kifu_syntax::{Code, Severity, SyntaxError, TextRange, TextSize};

use super::{
    rest_not_checked, told_elsewhere, Branches, GamePosition, Reached, Replay, Split, Step,
    StepPosition, Wanted,
};
use crate::codes;
use crate::game::{GameRef, LineId, MoveId, Start};

pub(super) fn replay(game: GameRef<'_>, variant: Option<&str>, wanted: Wanted, out: &mut Replay) {
    let model = game.game;
    let (start, problems) = start(game, variant);
    out.diagnostics.extend(problems);
    let Some(start) = start else { return };
    if wanted == Wanted::Start {
        out.reached = Some(Reached {
            board: GamePosition::Chess(start.clone()),
            last_move: None,
        });
    }

    // The language of the piece letters: looked for only when a move uses a letter that
    // English chess does not (most games never pay for it).
    let main_text = |&m: &MoveId| game.text_of(model[m].text);
    let main_bytes = || {
        model
            .main_line()
            .moves
            .iter()
            .map(|&m| game.bytes_of(model[m].text))
    };
    let foreign = !model.english_letters && main_bytes().any(has_foreign_letter);
    // Whether the game writes check marks at all (a mark ends a move's text: `Nf3+`,
    // `Qxf7#`): a game that never does is not told of every check. Asked only of a game
    // with a check that has no mark.
    let writes_marks = std::cell::OnceCell::new();
    let writes_marks = || {
        *writes_marks.get_or_init(|| main_bytes().any(|b| matches!(b.last(), Some(b'+' | b'#'))))
    };
    let language = if foreign {
        let main_moves: Vec<&str> = model.main_line().moves.iter().map(main_text).collect();
        detect_language(&start, &main_moves).unwrap_or(Language::English)
    } else {
        Language::English
    };
    let dialect = Dialect::new(language);
    let mut foreign_at: Option<usize> = None;
    if language != Language::English {
        if let Some(first) = first_showing(game, language) {
            foreign_at = Some(out.diagnostics.len());
            out.diagnostics.push(SyntaxError::new(
                codes::ForeignPieceLetters,
                game.range(model[first].text),
                format!(
                    "this game uses {}; the PGN standard writes English letters (K, Q, R, B, N)",
                    language.description()
                ),
            ));
        }
    }

    // Whether the game has text that is not PGN before a move (a plain game never does).
    let has_stray_text = !model.after_stray_text.is_empty();
    // Where such a move is written with its letter (`spaced_move`).
    let mut joined_text = String::new();
    // The positions the lines start from (none in most games, which have no variation).
    let mut branches = Branches::new(model);
    let mut forms = Forms::default();
    let mut first_of_form: Vec<(Form, TextRange)> = Vec::new();
    // Each move written in a form the standard does not use, and its standard SAN: what the
    // fixes rewrite.
    let mut rewrites: Vec<(Form, TextRange, String)> = Vec::new();
    let mut main_end: Option<Position> = None;
    // Each move the replay read as two moves typed with no space between (`Bb5a6`), or
    // played after stray text it read so (`Nf3Nc6`), with the position after the two.
    // Empty in nearly every game.
    let mut glued: Vec<Glued> = Vec::new();
    for (index, line) in model.lines.iter().enumerate() {
        let (mut position, mut ply) = match line.branches_from {
            None => (start.clone(), model.start_ply),
            Some(from) => match branches.start(from) {
                Some(state) => state,
                None => continue,
            },
        };
        // A variation written after such a word (see `after_glued_word`).
        if !glued.is_empty() || !model.lines_after_stray_text.is_empty() {
            if let Some(state) =
                after_glued_word(game, (line, index), (&position, ply), &glued, &dialect)
            {
                (position, ply) = state;
            }
        }
        let mut stopped = false;
        for &id in line.moves.iter() {
            let m = &model[id];
            let mover = position.turn();
            let counted = ply;
            let mut wrong_number = super::check_number(game, m, &mut ply, color_name(mover));
            // `2. Nf3Nc6 3. Bb5`: the number is two moves on, and the stray text before
            // this move is those two moves with no space between: they are played (see
            // `glued_stray_text`), and the text's `stray-text` is the one mistake. So with no
            // number of the move's own, when it can be played after the two (`2. Nf3Nc6 Bb5`:
            // `2.` is the word's number, read as the move's; then the count goes on after
            // the two).
            if has_stray_text {
                let two_on = wrong_number.is_some() && m.ply == counted + 2;
                if let Some((after, own_number)) = glued_stray_text(
                    game,
                    id,
                    (&position, ply),
                    game.text_of(m.text),
                    two_on,
                    &dialect,
                    &mut glued,
                ) {
                    if own_number {
                        wrong_number = None;
                    } else {
                        ply += 2;
                    }
                    position = after;
                    // Lines that branch where this move stands (`3. Bb5 (3. Bc4)`) start
                    // after the two moves too.
                    if let Some(before) = m.parent.filter(|_| line.moves.first() != Some(&id)) {
                        branches.played(before, &position, ply);
                    }
                }
            }
            // The position before the move, kept only for the move hover describes.
            let before = matches!(wanted, Wanted::One(one) if one == id).then(|| position.clone());
            // `3. B c4`: a piece letter set apart from its move, read with it (see
            // `spaced_move`); only in a game with stray text, which no plain game has.
            let joined = has_stray_text
                && spaced_move(
                    game,
                    id,
                    &position,
                    game.text_of(m.text),
                    &dialect,
                    &mut joined_text,
                );
            // The move's bytes, read as they stand in the text (see `play_mut_bytes`); as
            // text only on the paths nearly no move takes.
            let written = if joined {
                joined_text.as_bytes()
            } else {
                game.bytes_of(m.text)
            };
            let text = || {
                if joined {
                    joined_text.as_str()
                } else {
                    game.text_of(m.text)
                }
            };
            let played = position.play_mut_bytes(written, &dialect);
            // `2. Nf3 3. Bc4`: the number is the next move's and the move the other side's,
            // so one move is missing; that is the one mistake to tell (below), not also the
            // number it makes look wrong.
            let missing_move = matches!(
                &played,
                Err(illegal) if illegal.legal_for_other_side && m.ply == counted + 1
            );
            if let Some(wrong) = wrong_number.filter(|_| !missing_move) {
                out.diagnostics.push(wrong);
            }
            // By reference: the move's fields are read one at a time, as they were written
            // (moved out whole, they were copied eight bytes at once from single-byte
            // stores, which stalls the processor on every move).
            match &played {
                Ok(moved) => {
                    // (A labelled block, left for the shared end below: a `continue` of its
                    // own there made the replay's loop take 1.4% more instructions.)
                    'moved: {
                        // A move read with its letter: the letter's diagnostic is the one, and
                        // its fix writes the move, whose form is told after.
                        let new_forms = if joined { Forms::EMPTY } else { moved.forms() };
                        // Standard SAN, written only for a move that is not (the fixes rewrite
                        // it): most moves of a database are, and pay nothing for it.
                        if !new_forms.is_empty() {
                            let at = game.range(m.text);
                            // `3.Bb5a6 4. Ba4`: two moves with no space between, read as one
                            // move of a piece that does not stand there (long algebraic, `b5` to
                            // `a6`), with the next move's number two moves on: the two are
                            // played, and one diagnostic says so (see `glued_instead`), where the
                            // wrong piece's move made that number wrong and a later move illegal.
                            if new_forms.contains(Form::WrongDisambiguation) {
                                if let Some(after) = glued_instead(
                                    game,
                                    (line, id),
                                    (&start, &mut glued),
                                    &position,
                                    ply,
                                    text(),
                                    &dialect,
                                    out,
                                ) {
                                    position = after;
                                    ply += 1;
                                    break 'moved;
                                }
                            }
                            let mut san = moved.san(&position).to_text();
                            let mut new = new_forms.iter().peekable();
                            while let Some(form) = new.next() {
                                if form == Form::WrongDisambiguation {
                                    out.diagnostics.push(
                                        SyntaxError::new(
                                            codes::WrongDisambiguation,
                                            at,
                                            format!(
                                                "no piece of that kind stands there; the only one \
                                                 that can make the move makes it: `{san}`"
                                            ),
                                        )
                                        .with_fix(format!("Write `{san}`"), [(at, san.clone())]),
                                    );
                                } else if !forms.contains(form) {
                                    first_of_form.push((form, at));
                                }
                                // Each form's rewrite; the last takes the SAN itself (most moves
                                // written so have one form: a copy of each was an allocation).
                                let text = match new.peek() {
                                    Some(_) => san.clone(),
                                    None => std::mem::take(&mut san),
                                };
                                rewrites.push((form, at, text));
                            }
                            forms = forms.union(new_forms);
                        }
                        let at = || game.range(m.text);
                        let deserved = check_marks(moved, &position, &at, &writes_marks, out);
                        if wanted.wants(id) {
                            let uci = moved.uci(&position);
                            if wanted.keeps(id) {
                                out.reached = Some(Reached {
                                    board: GamePosition::Chess(position.clone()),
                                    last_move: last_move(uci),
                                });
                            }
                            // Words for hover alone: an export of every move has no use
                            // for them.
                            let said = before.map(|before| {
                                described(&before, &moved.with_position(position.clone()))
                            });
                            let mut step = chess_step(moved, &position, deserved, uci, said);
                            step.ply = (ply != m.ply).then_some(ply);
                            out.keep(game, id, step);
                        }
                    }
                    ply += 1;
                    branches.played(id, &position, ply);
                }
                // A move of the other side right after stray text (`4. O–O Nf6`): the text
                // stood where a move would, and its `stray-text` is the one mistake to tell;
                // the rest of the line waits for it to be fixed. So in a variation never
                // closed (see `told_elsewhere`): its error is the one.
                Err(illegal) if illegal.legal_for_other_side && told_elsewhere(game, id) => {
                    stopped = true;
                    break;
                }
                Err(illegal) => {
                    // Told, and the line stops; or the move was two typed with no space
                    // between (`1.e4e5`), played, and the line goes on.
                    match illegal_move(
                        game,
                        (line, id),
                        ply,
                        &position,
                        text(),
                        &dialect,
                        illegal,
                        &mut glued,
                        out,
                    ) {
                        Some(after) => {
                            position = after;
                            ply += 2;
                            branches.played(id, &position, ply);
                        }
                        None => {
                            stopped = true;
                            break;
                        }
                    }
                }
            }
        }
        if index == 0 && !stopped {
            main_end = Some(position);
        }
    }
    // The game in English letters, as one fix of the language's diagnostic.
    if let Some(index) = foreign_at {
        let edits = rewritten(&mut rewrites, Form::ForeignPieceLetter);
        if let Some(error) = out.diagnostics.get_mut(index) {
            *error = error
                .clone()
                .with_fix("Write the game's moves with English letters", edits);
        }
    }
    // Each way of writing a move that is not the standard's, once per game.
    for (form, at) in first_of_form {
        if matches!(
            form,
            Form::ForeignPieceLetter | Form::WrongDisambiguation | Form::RedundantDisambiguation
        ) {
            continue;
        }
        let severity = match form {
            Form::MissingCaptureMark | Form::NullMove | Form::EnPassantMark => Severity::Hint,
            _ => Severity::Warning,
        };
        let mut error = SyntaxError::new(
            codes::NonStandardMove,
            at,
            format!("{} (said once per game)", form.description()),
        )
        .with_severity(severity);
        if !matches!(form, Form::NullMove | Form::EnPassantMark) {
            let edits = rewritten(&mut rewrites, form);
            let n = edits.len();
            error = error.with_fix(
                format!(
                    "Write {} in standard SAN",
                    if n == 1 {
                        "it".to_string()
                    } else {
                        format!("all {n} such moves")
                    }
                ),
                edits,
            );
        }
        out.diagnostics.push(error);
    }
    if let Some(end) = main_end {
        check_result(game, &end, out);
    }
    if wanted == Wanted::All {
        out.splits = glued.iter().map(|g| g.split(game)).collect();
    }
}

/// The first move of the main line that shows the letters of `language`: not a pawn's
/// with its file typed as a capital (`D4`, `Exd5`), as the rules read it (German `D4xd5` is
/// the queen's from the fourth rank, and shows the letters; taken for a capital file here
/// when the rules read a queen, a game whose only German letters were in such moves was
/// read in German with no word of it). Out of the replay's body, as the language's whole
/// diagnostic is: written in place, the search grew the replay's loop by 0.6% of `kifu
/// check`'s instructions (callgrind), though no English game runs it.
#[cold]
#[inline(never)]
fn first_showing(game: GameRef<'_>, language: Language) -> Option<MoveId> {
    let model = game.game;
    model.main_line().moves.iter().copied().find(|&m| {
        let bytes = game.bytes_of(model[m].text);
        bytes
            .iter()
            .any(|&b| is_other_capital(b) && language.role(b).is_some())
            && !reads_as_capital_file(game.text_of(model[m].text), language)
    })
}

/// The edits that write each move of `form` in standard SAN, taken out of `rewrites`: each
/// form's are asked for once (a copy of each move's SAN was an allocation a move in a game
/// written in long algebraic).
fn rewritten(rewrites: &mut [(Form, TextRange, String)], form: Form) -> Vec<(TextRange, String)> {
    rewrites
        .iter_mut()
        .filter(|(f, ..)| *f == form)
        .map(|(_, range, san)| (*range, std::mem::take(san)))
        .collect()
}

/// The move to play for move `id` when it comes right after a piece letter set apart from
/// it by one space (`3. B c4`, stray text said once): the letter and the move together
/// (`Bc4`) when they can be played, as the letter's diagnostic offers to write them (read as
/// a pawn's `c4`, the bishop stayed where it was and the game's later moves of it were
/// illegal); for `N`, which may be a novelty mark set before its move (Informator's order),
/// only when the move as written cannot be played. `true`: the move to play is written in
/// `joined`; `false`: the move as written.
#[cold]
#[inline(never)]
fn spaced_move(
    game: GameRef<'_>,
    id: MoveId,
    position: &Position,
    text: &str,
    dialect: &Dialect,
    joined: &mut String,
) -> bool {
    let model = game.game;
    let Some(stray) = model.stray_text_before(id) else {
        return false;
    };
    let letter = match game.bytes_of(stray).trim_ascii_end() {
        &[b @ (b'K' | b'Q' | b'R' | b'B' | b'N')] => b,
        _ => return false,
    };
    let gap = TextRange::new(stray.start() + TextSize::from(1), model[id].text.start());
    if game.bytes_of(gap) != b" " || letter == b'N' && position.play(text, dialect).is_ok() {
        return false;
    }
    joined.clear();
    joined.push(char::from(letter));
    joined.push_str(text);
    position.play(joined, dialect).is_ok()
}

/// The diagnostic of move `id` (of `line`, at `ply`) that cannot be
/// played from `position`, told to `out`: illegal or ambiguous, with its fixes. When it is
/// two moves typed with no space between (`1.e4e5`, see [`glued_moves`]) and the next move
/// says they were meant ([`follows_two`]), or none follows, the position after both, for
/// the line to go on (the word is kept in `glued`); else `None`, and the line stops. Out of
/// the replay's loop, as nearly no move of a database takes it: in place, the test of the
/// two moves grew the loop by 0.8% of `kifu check`'s instructions.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn illegal_move(
    game: GameRef<'_>,
    (line, id): (&crate::game::Line, MoveId),
    ply: u32,
    position: &Position,
    text: &str,
    dialect: &Dialect,
    illegal: &kifu_rules::chess::IllegalMove,
    glued: &mut Vec<Glued>,
    out: &mut Replay,
) -> Option<Position> {
    let m = &game.game[id];
    let at = game.range(m.text);
    let mover = position.turn();
    let code = match illegal.reason {
        IllegalReason::Ambiguous { .. } => codes::AmbiguousMove,
        _ => codes::IllegalMove,
    };
    // `1.e4e5`: two moves with no space between, read as one.
    let two = glued_moves(position, text, dialect);
    let goes_on = two.as_ref().is_some_and(|(_, _, second)| {
        next_move(line, id).is_none()
            || follows_two(game, line, id, ply, second.position(), None, dialect)
    });
    let rest = if goes_on {
        ""
    } else {
        rest_not_checked(game, id)
    };
    let mut error = match two.as_ref().map(|&(k, ..)| k) {
        Some(k) => {
            let both = format!("{} {}", &text[..k], &text[k..]);
            SyntaxError::new(
                code,
                at,
                format!(
                    "{illegal} (two moves with no space between? `{both}` can be played){rest}"
                ),
            )
            .with_fix(format!("Write `{both}`"), [(at, both)])
        }
        None => SyntaxError::new(code, at, format!("{illegal}{rest}")),
    };
    // A move of the other side: the move before it is missing. A null move in its place
    // keeps the count and lets the rest be replayed.
    if illegal.legal_for_other_side {
        let before = m.number_range.map_or(at.start(), |r| game.range(r).start());
        error = error.with_fix(
            format!(
                "Insert a null move (`--`) for {}'s missing move",
                color_name(mover)
            ),
            [(TextRange::empty(before), "-- ".to_string())],
        );
    }
    // An ambiguous move: each piece that can make it, as a fix.
    if let IllegalReason::Ambiguous { candidates } = &illegal.reason {
        let mark: String = text
            .chars()
            .rev()
            .take_while(|c| matches!(c, '+' | '#'))
            .collect();
        for candidate in candidates {
            let written = format!("{}{mark}", candidate.san);
            error = error.with_fix(format!("Write `{written}`"), [(at, written)]);
        }
    }
    out.diagnostics.push(error);
    let (cut, first, second) = two.filter(|_| goes_on)?;
    let after = second.position().clone();
    glued.push(Glued {
        at: id,
        itself: true,
        word: m.text,
        cut,
        ply,
        moves: Box::new([first, second]),
    });
    Some(after)
}

/// The move after `id` in `line`, if there is one.
fn next_move(line: &crate::game::Line, id: MoveId) -> Option<MoveId> {
    let at = line.moves.iter().position(|&m| m == id)?;
    line.moves.get(at + 1).copied()
}

/// Whether the move after `id` in `line` says that `id`, at `ply`, was two moves typed with
/// no space between, which lead to `after`: its number is two moves on, or it can be played
/// after the two and not after the one (`one`, the position after `id` read as one move;
/// `None` when it cannot be played), under a number that is not the one move's next
/// (`3.Bb5a6 5. Ba4`: that number is a mistake of its own, told as such). `false` when no
/// move follows.
fn follows_two(
    game: GameRef<'_>,
    line: &crate::game::Line,
    id: MoveId,
    ply: u32,
    after: &Position,
    one: Option<&Position>,
    dialect: &Dialect,
) -> bool {
    let Some(next) = next_move(line, id).map(|m| &game.game[m]) else {
        return false;
    };
    let next_text = game.text_of(next.text);
    let follows = || {
        after.play(next_text, dialect).is_ok()
            && one.is_none_or(|one| one.play(next_text, dialect).is_err())
    };
    match next.number_range {
        Some(_) => next.ply == ply + 2 || next.ply != ply + 1 && follows(),
        None => follows(),
    }
}

/// Where a move that cannot be played splits into two that can, one after the other: two
/// moves typed with no space between (`1.e4e5`, `3.Bb5a6`), which read as one move in long
/// algebraic (`e4` to `e5`, `Bb5` to `a6`). The byte where the second starts, and the two
/// moves played (the second's position is the one after both). Only for a move that cannot
/// be played, or stray text, so cold.
#[cold]
#[inline(never)]
fn glued_moves(
    position: &Position,
    text: &str,
    dialect: &Dialect,
) -> Option<(usize, Played, Played)> {
    // (`play`, not `play_mut`: a second call of that made the replay's own call of it no
    // longer inlined, +3% of `kifu check`'s instructions.)
    (2..text.len()).find_map(|k| {
        if !kifu_syntax::pgn::glued_at(text.as_bytes(), k) {
            return None;
        }
        let first = position.play(&text[..k], dialect).ok()?;
        let second = first.position().play(&text[k..], dialect).ok()?;
        Some((k, first, second))
    })
}

/// A word of a line read as two moves typed with no space between (`2. Nf3Nc6`, stray text
/// whose moves were played; `3.Bb5a6`, see [`glued_instead`]).
struct Glued {
    /// The move it is (`3.Bb5a6`), or the move after it (stray text, `2. Nf3Nc6 3. Bb5`).
    at: MoveId,
    /// Whether it is the move `at` itself, not stray text before it.
    itself: bool,
    /// The word, and where in it the second move starts.
    word: TextRange,
    cut: usize,
    /// The ply of the first move.
    ply: u32,
    /// The two moves as played; the second's position is the one after both.
    moves: Box<[Played; 2]>,
}

impl Glued {
    /// The position after both moves.
    fn after(&self) -> &Position {
        self.moves[1].position()
    }

    /// The two moves as the export writes them (see [`Split`]).
    fn split(&self, game: GameRef<'_>) -> Split {
        let cut = self.word.start() + TextSize::from(self.cut as u32);
        let half = |text: TextRange, played: &Played, ply: u32| {
            let mut step = played_step(played);
            step.ply = Some(ply);
            (text, step)
        };
        let [first, second] = &*self.moves;
        let model = game.game;
        // Stray text's variations (see `after_glued_word`): those written right after it.
        let lines = if self.itself {
            Vec::new()
        } else {
            (0..model.lines.len())
                .map(LineId::nth)
                .filter(|&l| model.stray_text_before_line(l) == Some(self.word))
                .collect()
        };
        Split {
            at: self.at,
            itself: self.itself,
            halves: [
                half(TextRange::new(self.word.start(), cut), first, self.ply),
                half(TextRange::new(cut, self.word.end()), second, self.ply + 1),
            ],
            lines,
        }
    }
}

/// Where variation `index` (`line`) starts when it is written right after a word of two
/// moves typed with no space between, as the fix's space would have it: after the word's
/// first move, as an alternative to its second. The word is the move the variation was read
/// as an alternative to (`3.Bb5a6 (3... Nf6)`, `1.e4c5 (1... e5)`: one the replay read as
/// two), or stray text right before the variation (`2. Nf3Nc6 (2... Nf6 3. Nxe5)`: after
/// `e5`, then `Nf3`). `position` and `ply` are where the line was to start: before the move
/// it replaces. `None` for every other line.
#[cold]
#[inline(never)]
fn after_glued_word(
    game: GameRef<'_>,
    (line, index): (&crate::game::Line, usize),
    (position, ply): (&Position, u32),
    glued: &[Glued],
    dialect: &Dialect,
) -> Option<(Position, u32)> {
    let model = game.game;
    let replaced = line.replaces?;
    let replaced_text = game.text_of(model[replaced].text);
    if glued.iter().any(|g| g.at == replaced && g.itself) {
        let (_, first, _) = glued_moves(position, replaced_text, dialect)?;
        return Some((first.into_position(), ply + 1));
    }
    let word = game.text_of(model.stray_text_before_line(LineId::nth(index))?);
    if word.bytes().any(|b| b.is_ascii_whitespace()) {
        return None;
    }
    let after_replaced = position.play(replaced_text, dialect).ok()?;
    let (_, first, _) = glued_moves(after_replaced.position(), word, dialect)?;
    Some((first.into_position(), ply + 2))
}

/// Move `id` of `line`, read as one move of a piece that does not stand there (`3.Bb5a6`:
/// the bishop on f1 to a6, in long algebraic), as two moves that can be played one after
/// the other (`Bb5 a6`, see [`glued_moves`]), when the line's next move says it was meant
/// so: its number is two moves on from `ply` (the ply of `id`), or it can be played after
/// the two and not after the one (with a number that is not the one move's next: a wrong
/// number of its own, told as such). Then the one diagnostic is told to `out`, with its
/// fix, and the positions after the first move and after both are returned.
///
/// `played` is the position after the one move; the position before it is found again by
/// playing the moves before it from `start`, as the replay read them (`glued`: the words
/// it read as two moves so far), and must lead to `played` (a replay keeps no position
/// before a move; this is once per such slip).
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn glued_instead(
    game: GameRef<'_>,
    (line, id): (&crate::game::Line, MoveId),
    (start, glued): (&Position, &mut Vec<Glued>),
    played: &Position,
    ply: u32,
    text: &str,
    dialect: &Dialect,
    out: &mut Replay,
) -> Option<Position> {
    let model = game.game;
    // The line's next move: with none, nothing says the two were meant.
    next_move(line, id)?;
    // The moves played before `id`, from the game's start: its parents, last first.
    let mut path = Vec::new();
    let mut parent = model[id].parent;
    while let Some(m) = parent {
        path.push(m);
        parent = model[m].parent;
    }
    let mut before = start.clone();
    for &m in path.iter().rev() {
        // Where the replay read two moves, so does this.
        match glued.iter().find(|g| g.at == m) {
            Some(g) if g.itself => {
                before = g.after().clone();
                continue;
            }
            Some(g) => before = g.after().clone(),
            None => {}
        }
        before = before
            .play(game.text_of(model[m].text), dialect)
            .ok()?
            .into_position();
    }
    // Stray text right before the move, read as two moves (`2. Nf3Nc6 3. Bb5a6`).
    if let Some(g) = glued.iter().find(|g| g.at == id) {
        before = g.after().clone();
    }
    // The replay reached `played` so (a move before it that was played otherwise than as
    // written, `3. B c4`, was not).
    if before.play(text, dialect).ok()?.position() != played {
        return None;
    }
    let (k, first, second) = glued_moves(&before, text, dialect)?;
    if !follows_two(
        game,
        line,
        id,
        ply,
        second.position(),
        Some(played),
        dialect,
    ) {
        return None;
    }
    let both = format!("{} {}", &text[..k], &text[k..]);
    let range = game.range(model[id].text);
    out.diagnostics.push(
        SyntaxError::new(
            codes::WrongDisambiguation,
            range,
            format!(
                "two moves with no space between? `{both}` can be played, and the next \
                 move follows them (read as one move, no piece of that kind stands there)"
            ),
        )
        .with_fix(format!("Write `{both}`"), [(range, both)]),
    );
    let after = second.position().clone();
    glued.push(Glued {
        at: id,
        itself: true,
        word: model[id].text,
        cut: k,
        ply,
        moves: Box::new([first, second]),
    });
    Some(after)
}

/// The position after the stray text right before move `id`, when that text is two moves
/// typed with no space between (`2. Nf3Nc6 3. Bb5`) that can be played (kept in `glued`),
/// and whether the move has a number of its own (written after the text). With such a
/// number, only when it is two moves on (`two_on`): replayed without them, that number was
/// wrong and the moves after it one side off, where the text's `stray-text` is the one
/// mistake. Without, only when the move can be played after the two (`2. Nf3Nc6 Bb5`).
/// `ply` is the replay's count at the move, its number read.
/// (Returned, not played into a `&mut` of the replay's position: that cost the replay 1-2%
/// of its instructions, by callgrind; the compiler's reasons not looked into.)
#[cold]
#[inline(never)]
fn glued_stray_text(
    game: GameRef<'_>,
    id: MoveId,
    (position, ply): (&Position, u32),
    text: &str,
    two_on: bool,
    dialect: &Dialect,
    glued: &mut Vec<Glued>,
) -> Option<(Position, bool)> {
    let stray = game.game.stray_text_before(id)?;
    // The move's own number, written after the text (a number before it is the text's).
    let own_number = game.game[id]
        .number_range
        .is_some_and(|number| number.start() >= stray.end());
    if own_number && !two_on {
        return None;
    }
    let word = game.text_of(stray);
    if word.bytes().any(|b| b.is_ascii_whitespace()) {
        return None;
    }
    let (cut, first, second) = glued_moves(position, word, dialect)?;
    let after = second.position().clone();
    // A move with no number of its own says so by following the two.
    if !own_number && after.play(text, dialect).is_err() {
        return None;
    }
    glued.push(Glued {
        at: id,
        itself: false,
        word: stray,
        cut,
        // The move's count is two on from the first's with a number of its own, which
        // the count took; without, the count is the first's, the number before the word.
        ply: if own_number { ply - 2 } else { ply },
        moves: Box::new([first, second]),
    });
    Some((after, own_number))
}

/// Whether a move's text has a capital letter that English SAN does not use before its
/// promotion or check mark (`Sf3`, `e8D`; not `e8=D`). One look at a table for each byte:
/// every main-line move of every game is asked before its replay.
pub(super) fn has_foreign_letter(text: &[u8]) -> bool {
    /// 1 for a capital English SAN does not use (`is_other_capital`), 2 for `=`, `+` and `#`.
    static CLASS: [u8; 256] = {
        let mut class = [0; 256];
        let mut b = 0;
        while b < 256 {
            if is_other_capital(b as u8) {
                class[b] = 1;
            }
            b += 1;
        }
        class[b'=' as usize] = 2;
        class[b'+' as usize] = 2;
        class[b'#' as usize] = 2;
        class
    };
    for &b in text {
        match CLASS[usize::from(b)] {
            0 => {}
            1 => return true,
            _ => return false,
        }
    }
    false
}

/// What chess move `moved` did: the position after it, `position`, whose check it
/// `deserved`, the move in UCI, and what it does in words (`said`, for hover).
#[inline]
fn chess_step(
    moved: &Moved,
    position: &Position,
    deserved: CheckMark,
    uci: UciMove,
    said: Option<String>,
) -> Step {
    Step {
        full: None,
        san: Some(moved.san_marked(deserved)),
        captured: moved
            .chess_move()
            .and_then(captured_square)
            .map(|sq| vec![square_name(sq).into()])
            .unwrap_or_default(),
        prisoners: None,
        ko: false,
        position: StepPosition::Chess(position.clone()),
        uci: Some(uci),
        said,
        ply: None,
    }
}

/// [`chess_step`] of a move played into a position of its own.
fn played_step(played: &Played) -> Step {
    chess_step(
        &played.moved(),
        played.position(),
        played.check_mark(),
        played.uci(),
        None,
    )
}

/// Where the piece a move takes stood: its target square, or beside it en passant.
/// The squares a move left and reached, as the board marks them.
fn last_move(uci: UciMove) -> Option<kifu_render::LastMove> {
    match uci {
        UciMove::Normal { from, to, .. } => Some(kifu_render::LastMove::Chess {
            from: Some(from),
            to,
        }),
        UciMove::Put { to, .. } => Some(kifu_render::LastMove::Chess { from: None, to }),
        UciMove::Null => None,
    }
}

/// A square's name, `e5`.
fn square_name(square: Square) -> &'static str {
    const NAMES: &str = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4\
                         a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";
    let at = 2 * usize::from(square);
    &NAMES[at..at + 2]
}

fn captured_square(m: Move) -> Option<Square> {
    match m {
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        _ => None,
    }
}

/// What a move does in its position, in words: `Black's knight from c6 takes the pawn on e5,
/// check`.
fn described(before: &Position, played: &kifu_rules::chess::Played) -> String {
    let side = color_name(before.turn());
    let Some(m) = played.chess_move() else {
        return format!("{side} passes (a null move)");
    };
    let mut text = match m {
        Move::Castle { king, rook } => {
            let wing = if rook.file() > king.file() {
                "kingside"
            } else {
                "queenside"
            };
            format!("{side} castles {wing}")
        }
        Move::Put { role, to } => format!("{side} drops a {} on {to}", role_name(role)),
        Move::EnPassant { from, to } => {
            format!("{side}'s pawn from {from} takes the pawn en passant, to {to}")
        }
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            let mut text = match capture {
                Some(taken) => format!(
                    "{side}'s {} from {from} takes the {} on {to}",
                    role_name(role),
                    role_name(taken)
                ),
                None => format!("{side}'s {} from {from} to {to}", role_name(role)),
            };
            if let Some(promoted) = promotion {
                text.push_str(&format!(", and becomes a {}", role_name(promoted)));
            }
            text
        }
    };
    match played.check_mark() {
        CheckMark::Mate => text.push_str(", checkmate"),
        CheckMark::DoubleCheck => text.push_str(", double check"),
        CheckMark::Check => text.push_str(", check"),
        CheckMark::None => {}
    }
    text
}

/// `+` and `#` against what the move does (`after` is the position it led to; `at` finds
/// the move in the text, asked only of a mark that is wrong: found for every move, its
/// range was 0.4% of `kifu check`'s instructions).
fn check_marks(
    moved: &Moved,
    after: &Position,
    at: &impl Fn() -> TextRange,
    writes_marks: &impl Fn() -> bool,
    out: &mut Replay,
) -> CheckMark {
    let written = moved.written_check();
    let deserved = after.deserved_mark();
    let says = |mark: CheckMark| match mark {
        CheckMark::None => 0,
        CheckMark::Check | CheckMark::DoubleCheck => 1,
        CheckMark::Mate => 2,
    };
    let (written_n, deserved_n) = (says(written), says(deserved));
    if written_n == deserved_n {
        return deserved;
    }
    let san = moved.san(after).to_text();
    let at = at();
    let (severity, message) = match (written_n, deserved_n) {
        (1, 0) => (
            Severity::Warning,
            "`+`, but the move gives no check".to_string(),
        ),
        (2, 0) => (
            Severity::Warning,
            "`#`, but the move gives no check".to_string(),
        ),
        (2, 1) => (
            Severity::Warning,
            format!("`#`, but it is not mate: `{san}`"),
        ),
        (1, 2) => (Severity::Hint, format!("it is mate: `{san}`")),
        _ if !writes_marks() => return deserved,
        _ => (Severity::Hint, format!("the move gives check: `{san}`")),
    };
    out.diagnostics.push(
        SyntaxError::new(codes::WrongCheckMark, at, message)
            .with_severity(severity)
            .with_fix(format!("Write `{san}`"), [(at, san.clone())]),
    );
    deserved
}

/// The result marker and the `Result` tag against the final position: mate, stalemate, a
/// variant's end.
fn check_result(game: GameRef<'_>, end: &Position, out: &mut Replay) {
    let Some(outcome) = end.outcome() else { return };
    let expected = outcome.result();
    let model = game.game;
    let marker = game
        .result()
        .zip(model.result)
        .map(|(text, range)| (text.to_string(), range));
    let tag = model
        .header
        .entries()
        .find(|e| e.name() == "Result")
        .and_then(|t| Some((t.value()?.to_string(), t.range())));
    // A marker and a tag that disagree are one mistake, which the tag check's
    // `result-mismatch` says (with a fix each way): not a second time here.
    if let (Some((marker, _)), Some((tag, _))) = (&marker, &tag) {
        if marker != tag {
            return;
        }
    }
    // The marker when it says something, else the tag: one diagnostic.
    for (text, range) in marker.into_iter().chain(tag) {
        let text = text.trim();
        if text == "*" || text.is_empty() {
            continue;
        }
        if text != expected {
            let at = game.range(range);
            // The range is the marker, or the whole tag pair.
            let value = &game.text[at];
            let replaced = value.replacen(text, expected, 1);
            out.diagnostics.push(
                SyntaxError::new(
                    codes::ResultContradicted,
                    at,
                    format!("`{text}`, but the game ended in {outcome}: `{expected}`"),
                )
                .with_fix(format!("Write `{expected}`"), [(at, replaced)]),
            );
        }
        return;
    }
}

/// The first position of a chess game (its variant's, or its `FEN` tag's, repaired where
/// it can be), and what is wrong with them; no position when the game cannot be replayed
/// (an unknown variant, a FEN that cannot be read). What the replay starts from.
fn start(game: GameRef<'_>, variant: Option<&str>) -> (Option<Position>, Vec<SyntaxError>) {
    let model = game.game;
    let mut problems = Vec::new();
    let tag = |name: &str| model.header.entries().find(|e| e.name() == name);
    let variant = match variant {
        None => Variant::Standard,
        Some(written) => match Variant::from_tag(written) {
            Some(variant) => variant,
            None => {
                if !model.moves.is_empty() {
                    let range = tag("Variant").map_or(model.moves[0].text, |e| e.range());
                    problems.push(SyntaxError::new(
                        codes::NotReplayed,
                        game.range(range),
                        format!(
                            "kifu does not know the chess variant `{written}`: its moves are \
                             not checked"
                        ),
                    ));
                }
                return (None, problems);
            }
        },
    };
    let start = match &model.start {
        Start::Fen(fen) => {
            let at = game.range(tag("FEN").map_or(TextRange::default(), |e| e.range()));
            match Position::from_fen(variant, fen) {
                Ok(position) => position,
                Err(FenError::Impossible {
                    repaired: Some(position),
                    ..
                }) => {
                    let why = Position::from_fen(variant, fen)
                        .err()
                        .map(|e| e.to_string())
                        .unwrap_or_default();
                    problems.push(
                        SyntaxError::new(
                            Code::InvalidFen,
                            at,
                            format!("{why}; kifu plays the moves without what cannot be"),
                        )
                        .with_severity(Severity::Warning),
                    );
                    *position
                }
                Err(error) => {
                    problems.push(SyntaxError::new(
                        Code::InvalidFen,
                        at,
                        format!("{error}: the moves are not checked"),
                    ));
                    return (None, problems);
                }
            }
        }
        _ => Position::new(variant),
    };
    (Some(start), problems)
}

#[cfg(test)]
mod square_names {
    use super::Square;

    #[test]
    fn every_square_has_its_name() {
        for square in Square::ALL {
            assert_eq!(super::square_name(square), square.to_string());
        }
    }
}
