//! The commands that Lichess, ChessBase and other programs embed in PGN comments,
//! decoded: `{ [%eval 0.17] [%clk 1:05:09.3] good move }`.
//!
//! | command | meaning | example |
//! |---|---|---|
//! | `%clk` | time left on the mover's clock after the move | `[%clk 0:03:21]` |
//! | `%emt` | time spent on the move | `[%emt 0:00:05]` |
//! | `%eval` | engine evaluation, pawns for White or mate in n, with a depth | `[%eval -1.25,22]`, `[%eval #-3]` |
//! | `%csl` | coloured squares | `[%csl Gd4,Re5]` |
//! | `%cal` | coloured arrows | `[%cal Ge2e4,Rd1h5]` |
//!
//! Other commands (`%tqu`, `%evp`, ...) are reported by name and not read. A command that
//! cannot be read (`[%clk abc]`, a missing `]`) is reported as malformed, never guessed at:
//! a wrong clock or evaluation shown in a hover is worse than none.

// Hover and the board render read these; until they are wired in, only the tests do.

use std::fmt::Write as _;

use kifu_render::MarkColour;
use kifu_rules::chess::Square;
use kifu_syntax::{TextRange, TextSize};

/// One `[%name args]` command of a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Command {
    /// The range of `[%...]` (to the `]`, or to where an unclosed command stops) within the
    /// text given to [`commands`], relative to its start.
    pub(crate) range: TextRange,
    /// What the command says.
    pub(crate) kind: CommandKind,
}

/// What a command says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CommandKind {
    /// `%clk`: the time left on the clock of the side that moved, in milliseconds.
    Clock(u64),
    /// `%emt`: the time spent on the move, in milliseconds.
    Elapsed(u64),
    /// `%eval`: an engine's evaluation.
    Eval(Eval),
    /// `%csl`: squares marked in colour.
    Squares(Vec<(Square, MarkColour)>),
    /// `%cal`: arrows from a square to a square, in colour.
    Arrows(Vec<(Square, Square, MarkColour)>),
    /// A command this module does not read, by name (`tqu`).
    Unknown(String),
    /// A command whose arguments cannot be read, or that is not closed, by name (`clk`).
    Malformed(String),
}

/// An engine's evaluation, always from White's point of view (as Lichess writes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Eval {
    /// An advantage in hundredths of a pawn: positive for White.
    Pawns {
        /// `125` for `1.25`.
        centipawns: i32,
        /// The search depth, when given (`[%eval 1.25,22]`).
        depth: Option<u32>,
    },
    /// A forced mate.
    Mate {
        /// Moves to mate: positive when White mates, negative when Black does.
        moves: i32,
        /// The search depth, when given.
        depth: Option<u32>,
    },
}

/// Everything the comments of one move say, merged: what a hover or a board shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Annotations {
    /// Time left on the clock, in milliseconds.
    pub(crate) clock: Option<u64>,
    /// Time spent on the move, in milliseconds.
    pub(crate) elapsed: Option<u64>,
    /// The evaluation.
    pub(crate) eval: Option<Eval>,
    /// Marked squares, one colour per square.
    pub(crate) squares: Vec<(Square, MarkColour)>,
    /// Arrows, one colour per pair of squares.
    pub(crate) arrows: Vec<(Square, Square, MarkColour)>,
}

impl Annotations {
    /// The commands of all of a move's comments (`texts`), merged.
    ///
    /// A later clock, time or evaluation replaces an earlier one, as a later comment
    /// corrects an earlier. Marks add up; a square (or an arrow's two squares) marked
    /// again takes the later colour, because a board draws one mark there.
    pub(crate) fn of<'a>(texts: impl IntoIterator<Item = &'a str>) -> Annotations {
        let mut merged = Annotations::default();
        for text in texts {
            for command in commands(text) {
                match command.kind {
                    CommandKind::Clock(ms) => merged.clock = Some(ms),
                    CommandKind::Elapsed(ms) => merged.elapsed = Some(ms),
                    CommandKind::Eval(eval) => merged.eval = Some(eval),
                    CommandKind::Squares(squares) => {
                        for (square, colour) in squares {
                            merged.squares.retain(|&(s, _)| s != square);
                            merged.squares.push((square, colour));
                        }
                    }
                    CommandKind::Arrows(arrows) => {
                        for (from, to, colour) in arrows {
                            merged.arrows.retain(|&(f, t, _)| (f, t) != (from, to));
                            merged.arrows.push((from, to, colour));
                        }
                    }
                    CommandKind::Unknown(_) | CommandKind::Malformed(_) => {}
                }
            }
        }
        merged
    }

    /// What the comments say, in words, one thing a line: the clock, the time spent, the
    /// evaluation, the marks.
    pub(crate) fn words(&self) -> Vec<String> {
        let mut words = Vec::new();
        if let Some(ms) = self.clock {
            words.push(CommandKind::Clock(ms).describe());
        }
        if let Some(ms) = self.elapsed {
            words.push(CommandKind::Elapsed(ms).describe());
        }
        if let Some(eval) = self.eval {
            words.push(eval.describe());
        }
        if !self.squares.is_empty() {
            words.push(CommandKind::Squares(self.squares.clone()).describe());
        }
        if !self.arrows.is_empty() {
            words.push(CommandKind::Arrows(self.arrows.clone()).describe());
        }
        words
    }
}

/// A comment's text without its commands, for a person to read: `[%clk 0:03:21] the
/// Spanish` is `the Spanish`.
pub(crate) fn without_commands(text: &str) -> String {
    let mut rest = String::with_capacity(text.len());
    let mut at = 0;
    for command in commands(text) {
        rest.push_str(&text[at..usize::from(command.range.start())]);
        at = command.range.end().into();
    }
    rest.push_str(&text[at..]);
    rest.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The commands of a comment's text, in order. The scan is linear in the text: each
/// command ends at its `]`, or, when that is missing, before the next `[` (most often the
/// next command's), so a missing bracket costs one command, not the rest of the comment.
pub(crate) fn commands(text: &str) -> Vec<Command> {
    // Ranges are `TextSize`s; no document is that long.
    if u32::try_from(text.len()).is_err() {
        return Vec::new();
    }
    let size = |offset: usize| TextSize::from(offset as u32);
    let mut found = Vec::new();
    let mut pos = 0;
    while let Some(at) = text[pos..].find("[%") {
        let start = pos + at;
        let name_start = start + 2;
        let name_len = text[name_start..]
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        if name_len == 0 {
            // `[%` in prose ("[% of moves]"): not a command.
            pos = name_start;
            continue;
        }
        let name = &text[name_start..name_start + name_len];
        let args_start = name_start + name_len;
        let stop = text[args_start..].find(['[', ']']).map(|i| args_start + i);
        let (kind, end) = match stop {
            Some(close) if text.as_bytes()[close] == b']' => {
                (decode(name, &text[args_start..close]), close + 1)
            }
            Some(next) => (CommandKind::Malformed(name.to_string()), next),
            None => (CommandKind::Malformed(name.to_string()), text.len()),
        };
        found.push(Command {
            range: TextRange::new(size(start), size(end)),
            kind,
        });
        pos = end;
    }
    found
}

/// The command `name` with its arguments `args` (between the name and the `]`).
fn decode(name: &str, args: &str) -> CommandKind {
    let is = |known: &str| name.eq_ignore_ascii_case(known);
    // The name must end at a space or at `]`: `[%clk:1:00]` is no clock.
    let separated = args.is_empty() || args.starts_with(|c: char| c.is_whitespace());
    let args = args.trim();
    let decoded = if !separated {
        None
    } else if is("clk") {
        duration(args).map(CommandKind::Clock)
    } else if is("emt") {
        duration(args).map(CommandKind::Elapsed)
    } else if is("eval") {
        eval(args).map(CommandKind::Eval)
    } else if is("csl") {
        list(args, square_mark).map(CommandKind::Squares)
    } else if is("cal") {
        list(args, arrow_mark).map(CommandKind::Arrows)
    } else {
        return CommandKind::Unknown(name.to_string());
    };
    decoded.unwrap_or_else(|| CommandKind::Malformed(name.to_string()))
}

/// `h:mm:ss`, `m:ss`, with optional decimals of a second (`1:05:09.3`), in milliseconds.
/// Minutes and seconds after a larger unit are below 60; decimals past the thousandth are
/// dropped.
fn duration(text: &str) -> Option<u64> {
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (text, None),
    };
    let mut fields = whole.split(':').map(digits);
    let (hours, minutes, seconds) = match (fields.next(), fields.next(), fields.next()) {
        (Some(m), Some(s), None) => (0, m?, s?),
        (Some(h), Some(m), Some(s)) => (h?, m?, s?),
        _ => return None,
    };
    if fields.next().is_some()
        || seconds >= 60
        || (whole.matches(':').count() == 2 && minutes >= 60)
    {
        return None;
    }
    let mut millis = 0;
    if let Some(fraction) = fraction {
        if fraction.is_empty() || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        for (i, scale) in [100, 10, 1].into_iter().enumerate() {
            if let Some(&b) = fraction.as_bytes().get(i) {
                millis += u64::from(b - b'0') * scale;
            }
        }
    }
    hours
        .checked_mul(3600)?
        .checked_add(minutes.checked_mul(60)?)?
        .checked_add(seconds)?
        .checked_mul(1000)?
        .checked_add(millis)
}

/// A run of ASCII digits (nothing else), as a number.
fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `0.17`, `-1.25,22`, `#-3`, `#4,30`.
fn eval(text: &str) -> Option<Eval> {
    let (value, depth) = match text.split_once(',') {
        Some((value, depth)) => (value.trim(), Some(depth.trim())),
        None => (text, None),
    };
    let depth = match depth {
        Some(depth) => Some(u32::try_from(digits(depth)?).ok()?),
        None => None,
    };
    if let Some(mate) = value.strip_prefix('#') {
        let (negative, number) = sign(mate);
        let moves = i32::try_from(digits(number)?).ok()?;
        return Some(Eval::Mate {
            moves: if negative { -moves } else { moves },
            depth,
        });
    }
    let (negative, number) = sign(value);
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let whole = if whole.is_empty() { 0 } else { digits(whole)? };
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Hundredths, rounded half away from zero on the thousandths.
    let digit = |i: usize| {
        fraction
            .as_bytes()
            .get(i)
            .map_or(0, |b| u64::from(b - b'0'))
    };
    let hundredths = digit(0) * 10 + digit(1) + u64::from(digit(2) >= 5);
    let centipawns = i32::try_from(whole.checked_mul(100)?.checked_add(hundredths)?).ok()?;
    Some(Eval::Pawns {
        centipawns: if negative { -centipawns } else { centipawns },
        depth,
    })
}

/// A leading `-` (true) or `+` taken off.
fn sign(text: &str) -> (bool, &str) {
    match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    }
}

/// A comma-separated list, each item read by `item`; `None` when any item is unreadable.
/// An empty list is a list: Lichess writes `[%csl ]` when the marks were cleared.
fn list<T>(text: &str, item: fn(&[u8]) -> Option<T>) -> Option<Vec<T>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(',').map(|i| item(i.trim().as_bytes())).collect()
}

/// `Gd4`: a colour and a square.
fn square_mark(item: &[u8]) -> Option<(Square, MarkColour)> {
    match item {
        [colour, square @ ..] if square.len() == 2 => {
            Some((Square::from_ascii(square).ok()?, mark_colour(*colour)?))
        }
        _ => None,
    }
}

/// `Ge2e4`: a colour, the square the arrow starts from and the one it points to.
fn arrow_mark(item: &[u8]) -> Option<(Square, Square, MarkColour)> {
    match item {
        [colour, from @ .., _, _] if from.len() == 2 => Some((
            Square::from_ascii(from).ok()?,
            Square::from_ascii(&item[3..]).ok()?,
            mark_colour(*colour)?,
        )),
        _ => None,
    }
}

/// The colour letter of a mark; lower case is accepted, as some programs write it.
fn mark_colour(letter: u8) -> Option<MarkColour> {
    match letter.to_ascii_uppercase() {
        b'G' => Some(MarkColour::Green),
        b'R' => Some(MarkColour::Red),
        b'Y' => Some(MarkColour::Yellow),
        b'B' => Some(MarkColour::Blue),
        _ => None,
    }
}

/// The colour's name, in words.
fn colour_name(colour: MarkColour) -> &'static str {
    match colour {
        MarkColour::Green => "green",
        MarkColour::Red => "red",
        MarkColour::Yellow => "yellow",
        MarkColour::Blue => "blue",
    }
}

impl CommandKind {
    /// The command in words, for a hover: `clock: 3 min 21 s left`.
    pub(crate) fn describe(&self) -> String {
        match self {
            CommandKind::Clock(ms) => format!("clock: {} left", duration_words(*ms)),
            CommandKind::Elapsed(ms) => format!("time spent on the move: {}", duration_words(*ms)),
            CommandKind::Eval(eval) => eval.describe(),
            CommandKind::Squares(squares) if squares.is_empty() => "squares marked: none".into(),
            CommandKind::Squares(squares) => {
                let marks: Vec<String> = squares
                    .iter()
                    .map(|&(square, colour)| format!("{square} {}", colour_name(colour)))
                    .collect();
                format!("squares marked: {}", marks.join(", "))
            }
            CommandKind::Arrows(arrows) if arrows.is_empty() => "arrows: none".into(),
            CommandKind::Arrows(arrows) => {
                let marks: Vec<String> = arrows
                    .iter()
                    .map(|&(from, to, colour)| format!("{from}→{to} {}", colour_name(colour)))
                    .collect();
                format!("arrows: {}", marks.join(", "))
            }
            CommandKind::Unknown(name) => format!("%{name}: a command kifu does not read"),
            CommandKind::Malformed(name) => format!("%{name}: cannot be read"),
        }
    }
}

impl Eval {
    /// The evaluation in words: `evaluation +1.25: White is better, depth 22`.
    ///
    /// The words follow the usual bands of the evaluation symbols, in pawns: below 0.50
    /// about equal (=), below 1.00 slightly better (⩲), below 2.00 better (±), from 2.00
    /// winning (+−).
    pub(crate) fn describe(&self) -> String {
        let (mut text, depth) = match *self {
            Eval::Pawns { centipawns, depth } => {
                let side = if centipawns > 0 { "White" } else { "Black" };
                let verdict = match centipawns.unsigned_abs() {
                    0..50 => "about equal".to_string(),
                    50..100 => format!("{side} is slightly better"),
                    100..200 => format!("{side} is better"),
                    _ => format!("{side} is winning"),
                };
                let sign = match centipawns {
                    1.. => "+",
                    0 => "",
                    _ => "-",
                };
                let abs = centipawns.unsigned_abs();
                (
                    format!("evaluation {sign}{}.{:02}: {verdict}", abs / 100, abs % 100),
                    depth,
                )
            }
            Eval::Mate { moves: 0, depth } => ("evaluation #0: checkmate".to_string(), depth),
            Eval::Mate { moves, depth } => {
                let side = if moves > 0 { "White" } else { "Black" };
                (
                    format!(
                        "evaluation #{moves}: {side} mates in {}",
                        moves.unsigned_abs()
                    ),
                    depth,
                )
            }
        };
        if let Some(depth) = depth {
            let _ = write!(text, ", depth {depth}");
        }
        text
    }
}

/// `3 min 21 s`, `1 h 05 min 09.3 s`, `5 s`: a unit after a larger one has two digits,
/// as on a clock.
fn duration_words(ms: u64) -> String {
    let (hours, minutes) = (ms / 3_600_000, ms / 60_000 % 60);
    let (seconds, millis) = (ms / 1000 % 60, ms % 1000);
    let mut text = String::new();
    if hours > 0 {
        let _ = write!(text, "{hours} h {minutes:02} min ");
    } else if minutes > 0 {
        let _ = write!(text, "{minutes} min ");
    }
    if hours > 0 || minutes > 0 {
        let _ = write!(text, "{seconds:02}");
    } else {
        let _ = write!(text, "{seconds}");
    }
    if millis > 0 {
        let decimals = format!("{millis:03}");
        let _ = write!(text, ".{}", decimals.trim_end_matches('0'));
    }
    text.push_str(" s");
    text
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use super::*;

    /// Each command of `text`: its range, its text and what it says.
    fn check(text: &str, expect: Expect) {
        let lines: Vec<String> = commands(text)
            .iter()
            .map(|c| format!("{:?} {:?} {}", c.range, &text[c.range], c.kind.describe()))
            .collect();
        expect.assert_eq(&lines.join("\n"));
    }

    #[test]
    fn clock() {
        check(
            "{ [%clk 0:03:21] }",
            expect![[r#"2..16 "[%clk 0:03:21]" clock: 3 min 21 s left"#]],
        );
        check(
            "[%clk 1:05:09.3]",
            expect![[r#"0..16 "[%clk 1:05:09.3]" clock: 1 h 05 min 09.3 s left"#]],
        );
        check(
            "[%clk 0:00:07.25][%clk 12:00] [%clk 0:10:00]",
            expect![[r#"
                0..17 "[%clk 0:00:07.25]" clock: 7.25 s left
                17..29 "[%clk 12:00]" clock: 12 min 00 s left
                30..44 "[%clk 0:10:00]" clock: 10 min 00 s left"#]],
        );
        assert_eq!(
            commands("[%clk 1:05:09.3]")[0].kind,
            CommandKind::Clock(3_909_300)
        );
    }

    #[test]
    fn elapsed() {
        check(
            "[%emt 0:00:05]",
            expect![[r#"0..14 "[%emt 0:00:05]" time spent on the move: 5 s"#]],
        );
        assert_eq!(
            commands("[%emt 0:01:02.5]")[0].kind,
            CommandKind::Elapsed(62_500)
        );
    }

    #[test]
    fn eval() {
        check(
            "[%eval 0.17] [%eval -1.25,22] [%eval 0.5] [%eval -0.99] [%eval 1.00] [%eval -3.50] [%eval 0.00] [%eval +2]",
            expect![[r#"
                0..12 "[%eval 0.17]" evaluation +0.17: about equal
                13..29 "[%eval -1.25,22]" evaluation -1.25: Black is better, depth 22
                30..41 "[%eval 0.5]" evaluation +0.50: White is slightly better
                42..55 "[%eval -0.99]" evaluation -0.99: Black is slightly better
                56..68 "[%eval 1.00]" evaluation +1.00: White is better
                69..82 "[%eval -3.50]" evaluation -3.50: Black is winning
                83..95 "[%eval 0.00]" evaluation 0.00: about equal
                96..106 "[%eval +2]" evaluation +2.00: White is winning"#]],
        );
        check(
            "[%eval #-3] [%eval #4,30] [%eval #0]",
            expect![[r#"
                0..11 "[%eval #-3]" evaluation #-3: Black mates in 3
                12..25 "[%eval #4,30]" evaluation #4: White mates in 4, depth 30
                26..36 "[%eval #0]" evaluation #0: checkmate"#]],
        );
        let eval = |text: &str| match &commands(text)[0].kind {
            CommandKind::Eval(eval) => Some(*eval),
            _ => None,
        };
        assert_eq!(
            eval("[%eval -1.25,22]"),
            Some(Eval::Pawns {
                centipawns: -125,
                depth: Some(22)
            })
        );
        assert_eq!(
            eval("[%eval #-3]"),
            Some(Eval::Mate {
                moves: -3,
                depth: None
            })
        );
        // A third decimal rounds, away from zero.
        assert_eq!(
            eval("[%eval -0.125]"),
            Some(Eval::Pawns {
                centipawns: -13,
                depth: None
            })
        );
    }

    #[test]
    fn squares_and_arrows() {
        check(
            "[%csl Gd4,Re5] [%cal Ge2e4,Rd1h5] [%csl Yh8, Ba1] [%cal ]",
            expect![[r#"
                0..14 "[%csl Gd4,Re5]" squares marked: d4 green, e5 red
                15..33 "[%cal Ge2e4,Rd1h5]" arrows: e2→e4 green, d1→h5 red
                34..49 "[%csl Yh8, Ba1]" squares marked: h8 yellow, a1 blue
                50..57 "[%cal ]" arrows: none"#]],
        );
        assert_eq!(
            commands("[%cal Ge2e4]")[0].kind,
            CommandKind::Arrows(vec![(Square::E2, Square::E4, MarkColour::Green)])
        );
    }

    #[test]
    fn several_per_comment_with_text_and_spaces() {
        check(
            "{ [%eval 0.17] [%clk 1:05:09.3] good move }",
            expect![[r#"
                2..14 "[%eval 0.17]" evaluation +0.17: about equal
                15..31 "[%clk 1:05:09.3]" clock: 1 h 05 min 09.3 s left"#]],
        );
        check(
            "[%clk  0:03:21 ]\n[%eval\t0.3 ,\t18 ][%csl  Gd4 , Re5 ]",
            expect![[r#"
                0..16 "[%clk  0:03:21 ]" clock: 3 min 21 s left
                17..34 "[%eval\t0.3 ,\t18 ]" evaluation +0.30: about equal, depth 18
                34..52 "[%csl  Gd4 , Re5 ]" squares marked: d4 green, e5 red"#]],
        );
    }

    #[test]
    fn unknown_commands_are_named_and_skipped() {
        check(
            r#"[%tqu "En","Is it good?","","","e4",0] [%evp 17,20,31] [%clk 0:00:09]"#,
            expect![[r#"
                0..38 "[%tqu \"En\",\"Is it good?\",\"\",\"\",\"e4\",0]" %tqu: a command kifu does not read
                39..54 "[%evp 17,20,31]" %evp: a command kifu does not read
                55..69 "[%clk 0:00:09]" clock: 9 s left"#]],
        );
        // `[%` that starts no name is prose.
        check("[% of moves] [%]", expect![[""]]);
    }

    #[test]
    fn malformed_commands_decode_nothing() {
        check(
            "[%clk abc] [%clk 0:61] [%clk 1:60:00] [%clk 5] [%clk 0:01:02 x] [%clk:0:01] [%emt 0:00:01.x] [%eval] [%eval 1.2.3] [%eval #] [%eval 0.1,deep] [%eval 99999999999] [%csl Gd9] [%csl Xd4] [%cal Ge2] [%csl Gd4,]",
            expect![[r#"
                0..10 "[%clk abc]" %clk: cannot be read
                11..22 "[%clk 0:61]" %clk: cannot be read
                23..37 "[%clk 1:60:00]" %clk: cannot be read
                38..46 "[%clk 5]" %clk: cannot be read
                47..63 "[%clk 0:01:02 x]" %clk: cannot be read
                64..75 "[%clk:0:01]" %clk: cannot be read
                76..92 "[%emt 0:00:01.x]" %emt: cannot be read
                93..100 "[%eval]" %eval: cannot be read
                101..114 "[%eval 1.2.3]" %eval: cannot be read
                115..124 "[%eval #]" %eval: cannot be read
                125..141 "[%eval 0.1,deep]" %eval: cannot be read
                142..161 "[%eval 99999999999]" %eval: cannot be read
                162..172 "[%csl Gd9]" %csl: cannot be read
                173..183 "[%csl Xd4]" %csl: cannot be read
                184..194 "[%cal Ge2]" %cal: cannot be read
                195..206 "[%csl Gd4,]" %csl: cannot be read"#]],
        );
    }

    #[test]
    fn an_unclosed_command_stops_before_the_next() {
        check(
            "{ [%clk 0:01 [%eval 0.2] and [%csl Gd4",
            expect![[r#"
                2..13 "[%clk 0:01 " %clk: cannot be read
                13..24 "[%eval 0.2]" evaluation +0.20: about equal
                29..38 "[%csl Gd4" %csl: cannot be read"#]],
        );
        check("[%clk", expect![[r#"0..5 "[%clk" %clk: cannot be read"#]]);
    }

    #[test]
    fn ranges_are_byte_ranges_around_other_scripts() {
        check(
            "{ très bien ♔ [%clk 0:01:00] — 好棋 [%eval #2] ♕ }",
            expect![[r#"
                17..31 "[%clk 0:01:00]" clock: 1 min 00 s left
                43..53 "[%eval #2]" evaluation #2: White mates in 2"#]],
        );
        // A name stops at the first character that is not ASCII.
        check(
            "[%clké 1]",
            expect![[r#"0..10 "[%clké 1]" %clk: cannot be read"#]],
        );
    }

    #[test]
    fn long_unclosed_input_is_scanned_once() {
        // Quadratic scanning (each unclosed command searching to the end for its `]`)
        // would make this take minutes; linear, it is instant.
        let text = "[%clk 1".repeat(100_000);
        let found = commands(&text);
        assert_eq!(found.len(), 100_000);
        assert!(found
            .iter()
            .all(|c| c.kind == CommandKind::Malformed("clk".into())));
        assert_eq!(found[99_999].range.end(), TextSize::from(700_000));
    }

    #[test]
    fn annotations_merge_a_moves_comments() {
        let merged = Annotations::of([
            "[%eval 0.3] [%clk 0:05:00] [%csl Gd4,Re5] [%cal Ge2e4]",
            "[%clk 0:04:59] [%csl Yd4] [%cal Rd1h5,Be2e4] [%emt 0:00:01] [%clk bad]",
        ]);
        assert_eq!(
            merged,
            Annotations {
                clock: Some(299_000),
                elapsed: Some(1_000),
                eval: Some(Eval::Pawns {
                    centipawns: 30,
                    depth: None
                }),
                squares: vec![
                    (Square::E5, MarkColour::Red),
                    (Square::D4, MarkColour::Yellow)
                ],
                arrows: vec![
                    (Square::D1, Square::H5, MarkColour::Red),
                    (Square::E2, Square::E4, MarkColour::Blue)
                ],
            }
        );
        assert!(!merged.words().is_empty());
        assert!(Annotations::of(["just a comment [%tqu x]"])
            .words()
            .is_empty());
    }
}
