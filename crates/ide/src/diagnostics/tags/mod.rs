//! PGN tag pairs: what the standard asks of them, told apart from what it merely prefers.
//!
//! The Seven Tag Roster, duplicates, `SetUp` and `FEN`, the values the standard gives a form
//! (dates, rounds, ratings, results, time controls), and the tags that restate the movetext
//! (`Result`, `PlyCount`). What every reader accepts is not flagged: `-` and empty values
//! mean "unknown" as `?` does, Lichess's `UTCDate` is a date like any other, and a game with
//! no tags at all (a snippet) has nothing to check.

mod values;

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use kifu_syntax::{Fix, SyntaxError, TextEdit, TextRange};

use crate::game::{GameKind, GameRef};

/// The codes of the tag checks.
pub mod codes {
    kifu_syntax::codes! {
        /// A tag section without some of the Seven Tag Roster (`Event`, `Site`, `Date`,
        /// `Round`, `White`, `Black`, `Result`), said once per game.
        MissingRosterTag = "missing-roster-tag", Info;
        /// Seven Tag Roster tags out of the standard's order, or after other tags.
        RosterOutOfOrder = "roster-out-of-order", Hint;
        /// A tag given a second time in one game.
        DuplicateTag = "duplicate-tag", Warning;
        /// `SetUp "1"` with no `FEN` tag to give the position.
        SetupWithoutFen = "setup-without-fen", Warning;
        /// A `FEN` tag without `SetUp "1"`.
        FenWithoutSetup = "fen-without-setup", Hint;
        /// A `SetUp` tag other than `0` or `1`.
        InvalidSetup = "invalid-setup", Warning;
        /// A date (`Date`, `EventDate`, `UTCDate`, `SourceDate`) that is not `YYYY.MM.DD`, with
        /// `??` for unknown parts, or a day that does not exist.
        InvalidDate = "invalid-date", Warning;
        /// A `WhiteElo`, `BlackElo` or `PlyCount` that is not a whole number, or a `Round`
        /// that is not dotted numbers.
        InvalidNumberTag = "invalid-number-tag", Warning;
        /// A `PlyCount` other than the number of half-moves in the main line.
        PlyCountMismatch = "ply-count-mismatch", Warning;
        /// A `Result` tag that disagrees with the result at the end of the movetext.
        ResultMismatch = "result-mismatch", Warning;
        /// A `Result` tag other than `1-0`, `0-1`, `1/2-1/2` or `*`.
        InvalidResultTag = "invalid-result-tag", Warning;
        /// A `TimeControl` tag outside the standard's grammar.
        InvalidTimeControl = "invalid-time-control", Warning;
    }
}

/// The Seven Tag Roster, in the standard's order.
pub(crate) const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// What a tag's name makes it to the checks, found once for each tag: one of the Seven Tag
/// Roster (its place there), or a tag whose value has a form, or another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// [`ROSTER`]`[i]`.
    Roster(u8),
    /// A date other than the roster's `Date`: `EventDate`, `UTCDate`, `SourceDate`,
    /// `SourceVersionDate`.
    OtherDate,
    /// `WhiteElo`, `BlackElo`.
    Rating,
    PlyCount,
    TimeControl,
    SetUp,
    Fen,
    Other,
}

/// The roster's places of the tags whose values have a form.
const DATE: Kind = Kind::Roster(2);
const ROUND: Kind = Kind::Roster(3);
const RESULT: Kind = Kind::Roster(6);

impl Kind {
    /// The kind of the tag named `name` (names are case-sensitive: `event` is another tag).
    fn of(name: &str) -> Kind {
        // Rust matches names by their length, then by their bytes: a header's dozen names
        // are each told in a few comparisons (each check looked the names up again: the
        // checks were 5,400 instructions a game of the pgn-reader-bench files, 4,400 now).
        match name {
            "Event" => Kind::Roster(0),
            "Site" => Kind::Roster(1),
            "Date" => DATE,
            "Round" => ROUND,
            "White" => Kind::Roster(4),
            "Black" => Kind::Roster(5),
            "Result" => RESULT,
            "EventDate" | "UTCDate" | "SourceDate" | "SourceVersionDate" => Kind::OtherDate,
            "WhiteElo" | "BlackElo" => Kind::Rating,
            "PlyCount" => Kind::PlyCount,
            "TimeControl" => Kind::TimeControl,
            "SetUp" => Kind::SetUp,
            "FEN" => Kind::Fen,
            _ => Kind::Other,
        }
    }

    /// The place in [`ROSTER`] of a roster tag.
    fn roster(self) -> Option<usize> {
        match self {
            Kind::Roster(i) => Some(usize::from(i)),
            _ => None,
        }
    }
}

/// The tag diagnostics of a PGN game, in text order (ranges in `game.text`).
pub(crate) fn check(game: GameRef<'_>) -> Vec<SyntaxError> {
    // A PDN game has tags too, but its own results (`2-0`) and roster: these are chess's.
    if !matches!(game.game.kind, GameKind::Chess { .. }) {
        return Vec::new();
    }
    let Some(section) = game.game.header.range else {
        return Vec::new();
    };
    let mut tags: Vec<Tag<'_>> = game
        .game
        .header
        .entries()
        .map(|entry| {
            let name = entry.name();
            Tag {
                name,
                value: entry.value(),
                range: game.range(entry.range()),
                first: true,
                kind: Kind::of(name),
            }
        })
        .collect();
    let mut out = Vec::new();
    duplicates(&mut tags, &mut out);
    // The section from its first tag pair: a comment before the tags is in the section, and
    // a diagnostic of the whole header underlined the comment alone on its first line.
    let section = game.range(section);
    let pairs = tags
        .first()
        .map_or(section, |t| TextRange::new(t.range.start(), section.end()));
    roster(&tags, pairs, &mut out);
    setup(game, &tags, &mut out);
    for tag in tags.iter().filter(|t| t.first) {
        value(game, tag, &mut out);
    }
    out.sort_by_key(|d| d.range.start());
    out
}

/// A tag pair as the checks see it.
struct Tag<'a> {
    name: &'a str,
    /// Its value unescaped; `None` for a pair without one (a syntax error already).
    value: Option<&'a str>,
    /// The whole pair, in the text.
    range: TextRange,
    /// Whether no tag of its name comes before it: only the first's value is checked.
    first: bool,
    kind: Kind,
}

impl Tag<'_> {
    /// The value as written, quotes included: its string token.
    fn value_range(&self, game: GameRef<'_>) -> TextRange {
        let pair = &game.text[self.range];
        let lexed = kifu_syntax::pgn::lex(pair);
        (0..lexed.len())
            .find(|&i| lexed.kind(i) == kifu_syntax::pgn::SyntaxKind::STRING)
            .map_or(self.range, |i| lexed.text_range(i) + self.range.start())
    }
}

/// The first tag of a kind.
fn first<'t, 'a>(tags: &'t [Tag<'a>], kind: Kind) -> Option<&'t Tag<'a>> {
    tags.iter().find(|t| t.kind == kind)
}

/// Whether two tag names are the same: their lengths and first letters compared before
/// the rest, for most names of a header differ there, and the rest is a call to `memcmp`
/// (a game's header is compared with itself and the roster some three hundred times).
#[inline]
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
}

/// Each tag given again: one diagnostic for each repeat, pointing back at the first.
fn duplicates(tags: &mut [Tag<'_>], out: &mut Vec<SyntaxError>) {
    // By name, the first tag's range and value: a header is short (a look at the tags
    // before is cheaper than hashing), but a generated file could repeat a tag thousands
    // of times.
    const SHORT: usize = 32;
    let long = tags.len() > SHORT;
    let mut seen: HashMap<&str, (TextRange, Option<&str>)> = HashMap::new();
    // A bit for each length and first letter seen (folded into 64): a name whose bit is
    // not set has no earlier namesake, and most names of a header are told so without a
    // look at the ones before (Lichess's seventeen: two looks, `UTCDate` and `UTCTime`,
    // `TimeControl` and `Termination`).
    let mut shapes = 0u64;
    for i in 0..tags.len() {
        let name = tags[i].name;
        let shape =
            1u64 << ((name.len() * 31 + usize::from(name.bytes().next().unwrap_or(0))) % 64);
        let new_shape = shapes & shape == 0;
        shapes |= shape;
        let earlier = if long {
            seen.get(name).copied()
        } else if new_shape {
            None
        } else {
            tags[..i]
                .iter()
                .find(|t| same_name(t.name, name))
                .map(|t| (t.range, t.value))
        };
        let Some((earlier_range, earlier_value)) = earlier else {
            if long {
                seen.insert(tags[i].name, (tags[i].range, tags[i].value));
            }
            continue;
        };
        let tag = &mut tags[i];
        tag.first = false;
        let name = tag.name;
        let same = earlier_value == tag.value;
        // Readers keep one of the values (python-chess the last, others the first), so two
        // that differ lose one silently; two that agree are only redundant.
        let message = if same {
            format!("`{name}` is given again, with the same value: once is enough")
        } else {
            format!("`{name}` is given again, with another value: readers keep only one")
        };
        out.push(
            SyntaxError::new(codes::DuplicateTag, tag.range, message)
                .with_related(earlier_range, format!("`{name}` is first given here")),
        );
    }
}

/// The Seven Tag Roster: all there, in order, first.
fn roster(tags: &[Tag<'_>], section: TextRange, out: &mut Vec<SyntaxError>) {
    // Which of the seven are there, in the roster's order: an array on the stack (a `Vec`
    // collected from a filter grew once for every game, a reallocation each).
    let mut present = [false; 7];
    for i in tags.iter().filter_map(|t| t.kind.roster()) {
        present[i] = true;
    }
    let present_names = || {
        ROSTER
            .iter()
            .zip(present)
            .filter(|&(_, there)| there)
            .map(|(&name, _)| name)
    };
    // A header with none of the seven is not a game's header but something else in PGN's
    // clothes: an opening book's `ECO` and `Opening` (pgn-extract's eco.pgn, 2,000 of them),
    // a position's `FEN`. Asking it for an event and players would be noise. (`[event "..."]`
    // is one of the seven, misspelt: it is told below.)
    let roster_like = |t: &Tag<'_>| ROSTER.iter().any(|name| t.name.eq_ignore_ascii_case(name));
    if !present.contains(&true) && !tags.iter().any(roster_like) {
        return;
    }
    if present.contains(&false) {
        let missing: Vec<String> = ROSTER
            .into_iter()
            .zip(present)
            .filter(|&(_, there)| !there)
            .map(|(name, _)| name)
            .map(
                |name| match tags.iter().find(|t| t.name.eq_ignore_ascii_case(name)) {
                    // `[event "..."]` is there, but tag names are case-sensitive.
                    Some(other) => format!("`{name}` (not `{}`)", other.name),
                    None => format!("`{name}`"),
                },
            )
            .collect();
        let verb = if missing.len() == 1 { "is" } else { "are" };
        let unknown = if present_names().any(|name| name == "Result") {
            "`?` for what is unknown"
        } else {
            "`?` for what is unknown, `*` for an unknown result"
        };
        // The fix adds the tags that are not there in any case, with the standard's values
        // for the unknown, after the last tag.
        let added: String = ROSTER
            .into_iter()
            .filter(|name| !tags.iter().any(|t| t.name.eq_ignore_ascii_case(name)))
            .map(|name| {
                let unknown = match name {
                    "Date" => "????.??.??",
                    "Result" => "*",
                    _ => "?",
                };
                format!("\n[{name} \"{unknown}\"]")
            })
            .collect();
        let mut error = SyntaxError::new(
            codes::MissingRosterTag,
            section,
            format!(
                "{} {verb} missing from the Seven Tag Roster: the standard asks for all seven, \
                 with {unknown}",
                list(&missing)
            ),
        );
        if !added.is_empty() {
            error = error.with_fix(
                "Add the missing tags with their values for the unknown",
                [(TextRange::empty(section.end()), added)],
            );
        }
        out.push(error);
    }
    // The standard's export order: the roster first, in its order, then the rest. Once
    // the first tags of their names have been the roster's that are there, in order, the
    // others are the rest in their order: only the roster's places are compared.
    let firsts = tags.iter().filter(|t| t.first);
    if let Some((tag, before)) = firsts
        .zip(present_names())
        .find(|(tag, name)| !same_name(tag.name, name))
    {
        out.push(SyntaxError::new(
            codes::RosterOutOfOrder,
            tag.range,
            format!(
                "`{}` stands before `{before}`: the standard writes the Seven Tag Roster first, \
                 in the order {}",
                tag.name,
                ROSTER.join(", ")
            ),
        ));
    }
}

/// `a`, `a and b`, `a, b and c`.
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `SetUp` and `FEN`: the standard wants both or neither.
fn setup(game: GameRef<'_>, tags: &[Tag<'_>], out: &mut Vec<SyntaxError>) {
    let fen = first(tags, Kind::Fen);
    let Some(setup) = first(tags, Kind::SetUp) else {
        if let Some(fen) = fen {
            out.push(SyntaxError::new(
                codes::FenWithoutSetup,
                fen.range,
                "a `FEN` tag without `SetUp \"1\"`: the standard asks for both, but readers \
                 (python-chess, Lichess) start from the FEN without it",
            ));
        }
        return;
    };
    match setup.value {
        Some("1") if fen.is_none() => out.push(SyntaxError::new(
            codes::SetupWithoutFen,
            setup.range,
            "`SetUp \"1\"` says the game starts from a position of its own, but there is no \
             `FEN` tag to give it: the game is read from the usual start",
        )),
        Some("0") => {
            if let Some(fen) = fen {
                out.push(
                    SyntaxError::new(
                        codes::FenWithoutSetup,
                        fen.range,
                        "a `FEN` tag, but `SetUp \"0\"` says the game starts from the usual \
                         position: which one is meant?",
                    )
                    // Not the harmless omission of `SetUp`: the header contradicts itself.
                    .with_severity(kifu_syntax::Severity::Warning)
                    .with_related(setup.range, "`SetUp \"0\"` is here"),
                );
            }
        }
        Some(value) => {
            if let Some(why) = values::setup(value) {
                out.push(SyntaxError::new(
                    codes::InvalidSetup,
                    setup.value_range(game),
                    why,
                ));
            }
        }
        None => {}
    }
}

/// The value of a tag whose form the standard gives, and the tags that restate the game.
fn value(game: GameRef<'_>, tag: &Tag<'_>, out: &mut Vec<SyntaxError>) {
    let Some(value) = tag.value else {
        return;
    };
    let (code, why) = match tag.kind {
        DATE | Kind::OtherDate => (codes::InvalidDate, values::date(value)),
        ROUND => (codes::InvalidNumberTag, values::round(value)),
        Kind::Rating => (codes::InvalidNumberTag, values::rating(value)),
        Kind::PlyCount => match values::ply_count(value) {
            None => return ply_count(game, tag, value, out),
            why => (codes::InvalidNumberTag, why),
        },
        Kind::TimeControl => (codes::InvalidTimeControl, values::time_control(value)),
        RESULT => match values::result(value) {
            None => return result(game, tag, value, out),
            why => (codes::InvalidResultTag, why),
        },
        _ => return,
    };
    if let Some(why) = why {
        out.push(SyntaxError::new(code, tag.value_range(game), why));
    }
}

/// A `Result` tag against the result the movetext ends with.
fn result(game: GameRef<'_>, tag: &Tag<'_>, value: &str, out: &mut Vec<SyntaxError>) {
    // With no result at the end, the syntax's `missing-result` has said what is wrong.
    let (Some(marker), Some(at)) = (game.result(), game.game.result) else {
        return;
    };
    if marker == value {
        return;
    }
    let unfinished = |result: &str| {
        if result == "*" {
            " (unfinished)"
        } else {
            ""
        }
    };
    out.push(
        SyntaxError::new(
            codes::ResultMismatch,
            tag.value_range(game),
            format!(
                "the `Result` tag says `{value}`{}, but the game ends `{marker}`{}",
                unfinished(value),
                unfinished(marker)
            ),
        )
        .with_related(game.range(at), "the movetext ends here")
        .with_fix(
            format!("Write `{marker}` in the tag"),
            [(tag.value_range(game), format!("\"{marker}\""))],
        ),
    );
    // The other way round, when the tag's value is a result at all.
    if values::RESULTS.contains(&value) {
        if let Some(error) = out.last_mut() {
            *error = error.clone().with_fix(
                format!("End the game with `{value}`"),
                [(game.range(at), value.to_string())],
            );
        }
    }
}

/// A `PlyCount` against the main line's half-moves.
fn ply_count(game: GameRef<'_>, tag: &Tag<'_>, value: &str, out: &mut Vec<SyntaxError>) {
    if values::is_unknown(value) {
        return;
    }
    let moves = &game.game.main_line().moves;
    let played = moves.len() as u64;
    // The standard counts the half-moves of the game; ChessBase, for a game from a `FEN`
    // later than move 1, counts from move 1 (its odds games from `... w KQkq - 0 2` say 112
    // for 110 half-moves from move 2). Both readings are in real files.
    let from_move_one = played + u64::from(game.game.start_ply);
    // Digits too many for a u64 are a count no game reaches: a mismatch as well.
    if value
        .parse::<u64>()
        .is_ok_and(|n| n == played || n == from_move_one)
    {
        return;
    }
    let plural = if moves.len() == 1 { "" } else { "s" };
    let mut diagnostic = SyntaxError::new(
        codes::PlyCountMismatch,
        tag.value_range(game),
        format!(
            "`PlyCount` says {value}, but the game has {} half-move{plural}",
            moves.len()
        ),
    );
    if let Some(&last) = moves.last() {
        diagnostic = diagnostic.with_related(
            game.range(game.game[last].text),
            format!(
                "the main line ends here, after {} half-move{plural}",
                moves.len()
            ),
        );
    }
    out.push(diagnostic);
}

/// The repairs of a missing result at `at` (the syntax's `missing-result`): the `Result`
/// tag's result when it gives one, then `*`.
pub(crate) fn missing_result_fixes(game: GameRef<'_>, at: TextRange) -> Vec<Fix> {
    let tagged = game
        .game
        .header
        .get("Result")
        .filter(|v| *v != "*" && values::RESULTS.contains(v));
    tagged
        .into_iter()
        .chain(["*"])
        .map(|result| Fix {
            title: format!("End the game with `{result}`"),
            edits: vec![TextEdit {
                range: TextRange::empty(at.end()),
                insert: format!(" {result}"),
            }],
        })
        .collect()
}
