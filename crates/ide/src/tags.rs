//! What PGN tags mean, and their values read for a person.

/// The common tags with what each means: the Seven Tag Roster first, in its order, then
/// the others the standard and common programs write.
pub(crate) const TAGS: &[(&str, &str)] = &[
    (
        "Event",
        "the name of the tournament or match (Seven Tag Roster)",
    ),
    (
        "Site",
        "where the game was played: city, region and country (Seven Tag Roster)",
    ),
    (
        "Date",
        "the date the game started, `YYYY.MM.DD`, `??` for unknown parts (Seven Tag Roster)",
    ),
    ("Round", "the round of the event (Seven Tag Roster)"),
    (
        "White",
        "the player of the white pieces, `Last, First` (Seven Tag Roster)",
    ),
    (
        "Black",
        "the player of the black pieces, `Last, First` (Seven Tag Roster)",
    ),
    ("Result", "the result of the game (Seven Tag Roster)"),
    (
        "ECO",
        "the opening's code in the Encyclopaedia of Chess Openings",
    ),
    ("Opening", "the opening's name"),
    ("Variation", "the opening variation's name"),
    ("WhiteElo", "White's Elo rating"),
    ("BlackElo", "Black's Elo rating"),
    ("WhiteTitle", "White's title (GM, IM, FM...)"),
    ("BlackTitle", "Black's title (GM, IM, FM...)"),
    ("WhiteFideId", "White's FIDE identifier"),
    ("BlackFideId", "Black's FIDE identifier"),
    (
        "TimeControl",
        "the time control: `moves/seconds`, `seconds+increment`, periods separated by `:`",
    ),
    (
        "Termination",
        "how the game ended: normal, time forfeit, abandoned, adjudication...",
    ),
    (
        "FEN",
        "the starting position, in Forsyth-Edwards Notation (with `SetUp \"1\"`)",
    ),
    (
        "SetUp",
        "`1` when the game starts from the `FEN` position, `0` otherwise",
    ),
    (
        "Variant",
        "the chess variant (Chess960, Crazyhouse, Atomic...)",
    ),
    ("Annotator", "who annotated the game"),
    ("PlyCount", "the number of half-moves in the game"),
    ("EventDate", "the date the event started"),
    (
        "EventType",
        "the kind of event: game, match, tourn, swiss, team...",
    ),
    ("Board", "the board number in a team event"),
    (
        "Mode",
        "how the game was played: OTB (over the board), ICS, corr...",
    ),
    ("UTCDate", "the date the game started, in UTC"),
    ("UTCTime", "the time the game started, in UTC"),
    ("Time", "the local time the game started"),
    ("GameType", "the draughts variant and board (PDN)"),
];

/// The meaning of a tag, for the common ones.
pub(crate) fn tag_meaning(name: &str) -> Option<&'static str> {
    TAGS.iter()
        .find(|(tag, _)| *tag == name)
        .map(|(_, meaning)| *meaning)
}

/// The months' names, January first.
pub(crate) const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// `2001.12.05` as `5 December 2001`; unknown parts (`??`) left out.
pub(crate) fn read_date(value: &str) -> Option<String> {
    let mut parts = value.split(['.', '-', '/']);
    let year = parts.next()?.trim();
    let month = parts.next().and_then(|m| m.trim().parse::<usize>().ok());
    let day = parts.next().and_then(|d| d.trim().parse::<u32>().ok());
    let year = year.parse::<u32>().ok();
    let month_name = month
        .filter(|m| (1..=12).contains(m))
        .map(|m| MONTHS[m - 1]);
    match (day, month_name, year) {
        (Some(d), Some(m), Some(y)) => Some(format!("{d} {m} {y}")),
        (None, Some(m), Some(y)) => Some(format!("{m} {y}")),
        (_, _, Some(y)) => Some(format!("{y} (month and day unknown)")),
        _ => None,
    }
}

fn duration(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds % 3600 / 60, seconds % 60);
    let mut parts = Vec::new();
    let plural = |n: u64, unit: &str| format!("{n} {unit}{}", if n == 1 { "" } else { "s" });
    if h > 0 {
        parts.push(plural(h, "hour"));
    }
    if m > 0 {
        parts.push(plural(m, "minute"));
    }
    if s > 0 || parts.is_empty() {
        parts.push(plural(s, "second"));
    }
    parts.join(" ")
}

/// `40/7200:3600` as `40 moves in 2 hours, then 1 hour`; `300+2` as `5 minutes, plus 2
/// seconds a move`.
pub(crate) fn read_time_control(value: &str) -> Option<String> {
    let value = value.trim();
    match value {
        "?" => return Some("unknown".into()),
        "-" => return Some("no time control".into()),
        _ => {}
    }
    let mut periods = Vec::new();
    for (i, period) in value.split(':').enumerate() {
        let (moves, rest) = match period.split_once('/') {
            Some((moves, rest)) => (Some(moves.parse::<u64>().ok()?), rest),
            None => (None, period),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((base, inc)) => (base.parse::<u64>().ok()?, Some(inc.parse::<u64>().ok()?)),
            None => (
                rest.strip_prefix('*').unwrap_or(rest).parse::<u64>().ok()?,
                None,
            ),
        };
        let mut text = match moves {
            Some(m) => format!("{m} moves in {}", duration(base)),
            None if i == 0 => duration(base),
            None => duration(base),
        };
        if let Some(inc) = increment {
            text.push_str(&format!(", plus {} a move", duration(inc)));
        }
        periods.push(text);
    }
    Some(periods.join(", then "))
}

/// What a result means.
pub(crate) fn read_result(value: &str) -> Option<&'static str> {
    Some(match value.trim() {
        "1-0" => "White won (in draughts with English scoring, the first player)",
        "0-1" => "Black won (in draughts with English scoring, the second player)",
        "1/2-1/2" => "a draw",
        "*" => "unfinished or unknown",
        "2-0" => "White won (international draughts scoring)",
        "0-2" => "Black won (international draughts scoring)",
        "1-1" => "a draw (international draughts scoring)",
        "0-0" => "no result: both lost, or the game was not played",
        _ => return None,
    })
}

/// What a Numeric Annotation Glyph means (the PGN standard's table).
pub(crate) fn nag_meaning(nag: u8) -> Option<&'static str> {
    const MEANINGS: [&str; 23] = [
        "null annotation",
        "good move (`!`)",
        "poor move, mistake (`?`)",
        "very good move, brilliant (`!!`)",
        "very poor move, blunder (`??`)",
        "speculative move (`!?`)",
        "questionable move (`?!`)",
        "forced move (all others lose quickly)",
        "singular move (no reasonable alternatives)",
        "worst move",
        "drawish position",
        "equal chances, quiet position",
        "equal chances, active position",
        "unclear position",
        "White is slightly better",
        "Black is slightly better",
        "White is moderately better",
        "Black is moderately better",
        "White is decisively better",
        "Black is decisively better",
        "White is crushing (Black should resign)",
        "Black is crushing (White should resign)",
        "White is in zugzwang",
    ];
    match nag {
        0..=22 => Some(MEANINGS[usize::from(nag)]),
        23 => Some("Black is in zugzwang"),
        32 | 33 => Some(if nag == 32 {
            "White has a development advantage"
        } else {
            "Black has a development advantage"
        }),
        36 => Some("White has the initiative"),
        37 => Some("Black has the initiative"),
        40 => Some("White has the attack"),
        41 => Some("Black has the attack"),
        132 => Some("White has moderate counterplay"),
        133 => Some("Black has moderate counterplay"),
        138 => Some("White has severe time control pressure"),
        139 => Some("Black has severe time control pressure"),
        146 => Some("novelty"),
        _ => None,
    }
}

/// What a suffix annotation means.
pub(crate) fn suffix_meaning(suffix: &str) -> Option<&'static str> {
    let bare = suffix.trim_start_matches('(').trim_end_matches(')');
    Some(match bare {
        "!" => "good move",
        "?" => "mistake",
        "!!" => "brilliant move",
        "??" => "blunder",
        "!?" => "interesting move",
        "?!" => "dubious move",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readers() {
        assert_eq!(read_date("2001.12.05").as_deref(), Some("5 December 2001"));
        assert_eq!(
            read_date("1992.??.??").as_deref(),
            Some("1992 (month and day unknown)")
        );
        assert_eq!(
            read_time_control("40/7200:3600").as_deref(),
            Some("40 moves in 2 hours, then 1 hour")
        );
        assert_eq!(
            read_time_control("300+2").as_deref(),
            Some("5 minutes, plus 2 seconds a move")
        );
        assert_eq!(read_time_control("abc"), None);
        assert_eq!(nag_meaning(14), Some("White is slightly better"));
    }
}
