//! The grammars of tag values: what the PGN standard (and the programs that write most real
//! files) put in a date, a round, a rating, a result, a time control. Each function says
//! what is wrong with a value, in words for a person, or `None` when nothing is.

use crate::tags::MONTHS;

/// The results PGN knows, in the tag and at the end of the movetext.
pub(super) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Whether a value says "unknown" or "none" as every tag may: `?`, `-`, or left empty.
/// The standard asks for `?` (and `-` for "not applicable"), but real files also leave values
/// empty (`[WhiteElo ""]`, pgn-extract's `[Round ""]`), which every reader takes the same way.
pub(super) fn is_unknown(value: &str) -> bool {
    matches!(value, "" | "?" | "-")
}

/// `YYYY.MM.DD`, any part `??` when unknown (`????.??.??`, `2001.??.??`, and even
/// `????.??.02`, which real files have), or unknown as a whole.
pub(super) fn date(value: &str) -> Option<String> {
    // The standard's unknown date is `????.??.??`, but ChessBase writes `[EventDate "?"]`.
    if is_unknown(value) {
        return None;
    }
    let Some((year, month, day)) = digits_date(value.as_bytes()).or_else(|| date_fields(value))
    else {
        return Some(not_a_date(value));
    };
    match (month, day) {
        (Some(month), _) if !(1..=12).contains(&month) => {
            let swapped = month > 12 && day.is_some_and(|d| (1..=12).contains(&d));
            Some(if swapped {
                format!("there is no month {month:02}: are the day and the month swapped? PGN writes `YYYY.MM.DD`")
            } else {
                format!("there is no month {month:02}")
            })
        }
        (_, Some(0)) => Some("there is no day 00".to_string()),
        (Some(month), Some(day)) if day > days_in(month, year) => {
            let name = MONTHS[month as usize - 1];
            Some(match year {
                Some(year) if month == 2 && day == 29 => {
                    format!("there is no 29 February in {year}: it is not a leap year")
                }
                _ => format!(
                    "there is no {day} {name}: it has {} days",
                    days_in(month, year)
                ),
            })
        }
        (None, Some(day)) if day > 31 => Some(format!("there is no day {day}")),
        _ => None,
    }
}

/// The year, month and day of a date (`None` for each part written `?`), or `None` when
/// it is no date as PGN writes them.
type DateFields = (Option<u32>, Option<u32>, Option<u32>);

/// [`date_fields`] of a date whose parts are digits or `?` alone, `2024.03.17` or
/// `????.??.??` (nearly every date of a database), read by its bytes: splitting into a list
/// and parsing each part was 700 instructions a date, a date or two in every game (the
/// unknown date, in every game of a puzzle file, went that way until 2026-12-04: 411).
fn digits_date(bytes: &[u8]) -> Option<DateFields> {
    let [y0, y1, y2, y3, b'.', m0, m1, b'.', d0, d1] = *bytes else {
        return None;
    };
    let field = |digits: &[u8]| {
        if digits.iter().all(|&d| d == b'?') {
            return Some(None);
        }
        digits
            .iter()
            .try_fold(0u32, |n, &d| {
                d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0'))
            })
            .map(Some)
    };
    Some((
        field(&[y0, y1, y2, y3])?,
        field(&[m0, m1])?,
        field(&[d0, d1])?,
    ))
}

/// The fields of `YYYY.MM.DD`, any part in `?` (see [`date`]).
fn date_fields(value: &str) -> Option<DateFields> {
    let mut parts = value.split('.');
    let field = |part: &str, len: usize| {
        (part.len() == len
            && (part.bytes().all(|b| b.is_ascii_digit()) || part.bytes().all(|b| b == b'?')))
        .then(|| part.parse::<u32>().ok())
    };
    let (Some(year), Some(month), Some(day), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    Some((field(year, 4)?, field(month, 2)?, field(day, 2)?))
}

/// The days of a month; February has 29 when the year is unknown, as it may have had.
fn days_in(month: u32, year: Option<u32>) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 => match year {
            Some(y)
                if !(y.is_multiple_of(4) && (!y.is_multiple_of(100) || y.is_multiple_of(400))) =>
            {
                28
            }
            _ => 29,
        },
        _ => 31,
    }
}

/// What is wrong with a date in another form, with the PGN form when it can be told.
fn not_a_date(value: &str) -> String {
    let mut message = format!(
        "`{value}` is not a date as PGN writes them: `YYYY.MM.DD`, with `??` for each part \
         that is unknown"
    );
    if let Some(pgn) = as_pgn_date(value) {
        message.push_str(&format!(" (`{pgn}`)"));
    }
    message
}

/// The PGN form of a year alone (`1959`), a year and a month (`1959.10`), or an ISO date
/// (`1959-10-01`, `1959/10/01`): the forms whose meaning is plain.
fn as_pgn_date(value: &str) -> Option<String> {
    let parts: Vec<&str> = value.split(['.', '-', '/']).collect();
    let digits =
        |part: &str, len: usize| part.len() == len && part.bytes().all(|b| b.is_ascii_digit());
    match parts[..] {
        [year] if digits(year, 4) => Some(format!("{year}.??.??")),
        [year, month] if digits(year, 4) && digits(month, 2) => Some(format!("{year}.{month}.??")),
        [year, month, day] if digits(year, 4) && digits(month, 2) && digits(day, 2) => {
            Some(format!("{year}.{month}.{day}"))
        }
        _ => None,
    }
}

/// A round: a number, subrounds after dots (`3.1`, `4.1.2`), or unknown.
pub(super) fn round(value: &str) -> Option<String> {
    if is_unknown(value) || value.split('.').all(is_number) {
        return None;
    }
    Some(format!(
        "`{value}` is not a round as PGN writes them: a number (`3`), with subrounds after \
         dots (`3.1`), or `?` when unknown"
    ))
}

/// A rating: a whole number, or unknown.
pub(super) fn rating(value: &str) -> Option<String> {
    if is_unknown(value) || is_number(value) {
        return None;
    }
    Some(format!(
        "`{value}` is not a rating: a whole number, or `?` when there is none"
    ))
}

/// A count of half-moves: a whole number, or unknown.
pub(super) fn ply_count(value: &str) -> Option<String> {
    if is_unknown(value) || is_number(value) {
        return None;
    }
    Some(format!(
        "`{value}` is not a number of half-moves: `PlyCount` is a whole number"
    ))
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A `Result` tag: one of the four results.
pub(super) fn result(value: &str) -> Option<String> {
    if RESULTS.contains(&value) {
        return None;
    }
    // The ways of writing a result the movetext also reads (`1:0`, `½-½`), and a few only a
    // tag's value has.
    let meant = match value.trim() {
        "1-0" => Some("1-0"),
        "0-1" => Some("0-1"),
        "=" => Some("1/2-1/2"),
        "" | "?" | "-" => Some("*"),
        trimmed => kifu_syntax::pgn::standard_result(trimmed),
    };
    Some(match meant {
        Some("*") => {
            format!("`{value}` is not a result: PGN writes `*` for an unfinished or unknown one")
        }
        Some(meant) => format!("`{value}` is not a result as PGN writes it: `{meant}`"),
        None => format!(
            "`{value}` is not a result: PGN writes `1-0`, `0-1`, `1/2-1/2` or `*` (unfinished \
             or unknown)"
        ),
    })
}

/// A `SetUp` tag: `0` or `1`.
pub(super) fn setup(value: &str) -> Option<String> {
    if matches!(value, "0" | "1") {
        return None;
    }
    Some(format!(
        "`SetUp` is `1` (the game starts from the `FEN` tag's position) or `0` (from the \
         usual one), not `{value}`"
    ))
}

/// A time control as section 9.6.1 of the standard writes it: `?`, `-`, or periods
/// separated by `:`, each `moves/seconds` (`40/9000`), `seconds` (sudden death, `3600`),
/// `seconds+increment` (`300+5`) or `*seconds` (a sandclock, `*60`).
///
/// Two forms beyond the standard are read too, because the programs that write most real
/// files write them and they mean one thing only: an increment on a period of moves
/// (`40/5400+30:1800+30`, FIDE's classical control, as Lichess broadcasts write it), and
/// seconds with a fraction (`10+0.05`, as cutechess writes a fast engine game's).
pub(super) fn time_control(value: &str) -> Option<String> {
    if is_unknown(value) || value.split(':').all(is_period) {
        return None;
    }
    Some(format!(
        "`{value}` is not a time control as PGN writes them: `40/7200:3600` (40 moves in 7200 \
         seconds, then 3600 for the rest), `300+5` (seconds and an increment), `*60` (a \
         sandclock), `?` (unknown) or `-` (none)"
    ))
}

fn is_period(period: &str) -> bool {
    if let Some(seconds) = period.strip_prefix('*') {
        return is_seconds(seconds);
    }
    let timed = match period.split_once('/') {
        Some((moves, timed)) if is_number(moves) => timed,
        Some(_) => return false,
        None => period,
    };
    match timed.split_once('+') {
        Some((seconds, increment)) => is_seconds(seconds) && is_seconds(increment),
        None => is_seconds(timed),
    }
}

/// Whole seconds, or seconds with a fraction (`0.05`).
fn is_seconds(text: &str) -> bool {
    match text.split_once('.') {
        Some((whole, fraction)) => is_number(whole) && is_number(fraction),
        None => is_number(text),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates() {
        for ok in [
            "2001.12.05",
            "????.??.??",
            "2001.??.??",
            "2001.12.??",
            "????.??.02",
            "2000.02.29",
            "????.02.29",
            "?",
            "-",
            "",
        ] {
            assert_eq!(super::date(ok), None, "{ok}");
        }
        for (bad, why) in [
            ("1959", "`1959` is not a date as PGN writes them: `YYYY.MM.DD`, with `??` for each part that is unknown (`1959.??.??`)"),
            ("2001-12-05", "`2001-12-05` is not a date as PGN writes them: `YYYY.MM.DD`, with `??` for each part that is unknown (`2001.12.05`)"),
            ("05.12.2001", "`05.12.2001` is not a date as PGN writes them: `YYYY.MM.DD`, with `??` for each part that is unknown"),
            ("2001.1.5", "`2001.1.5` is not a date as PGN writes them: `YYYY.MM.DD`, with `??` for each part that is unknown"),
            ("2001.13.01", "there is no month 13: are the day and the month swapped? PGN writes `YYYY.MM.DD`"),
            ("2001.13.20", "there is no month 13"),
            ("2001.00.??", "there is no month 00"),
            ("2001.00.05", "there is no month 00"),
            ("2001.01.32", "there is no 32 January: it has 31 days"),
            ("2001.04.31", "there is no 31 April: it has 30 days"),
            ("2023.02.29", "there is no 29 February in 2023: it is not a leap year"),
            ("1900.02.29", "there is no 29 February in 1900: it is not a leap year"),
            ("????.02.30", "there is no 30 February: it has 29 days"),
            ("2001.??.32", "there is no day 32"),
            ("2001.05.00", "there is no day 00"),
            ("2001.12", "`2001.12` is not a date as PGN writes them: `YYYY.MM.DD`, with `??` for each part that is unknown (`2001.12.??`)"),
        ] {
            assert_eq!(super::date(bad).as_deref(), Some(why), "{bad}");
        }
    }

    #[test]
    fn time_controls() {
        for ok in [
            "?",
            "-",
            "40/9000",
            "40/9000:3600",
            "300+5",
            "*60",
            "3600",
            "600+0",
            "40/6000:20/3000:1200+10",
            "40/5400+30:1800+30",
            "10+0.05",
        ] {
            assert_eq!(super::time_control(ok), None, "{ok}");
        }
        for bad in [
            "90+30 min",
            "G/90",
            "40/",
            "40/9000:",
            "inf",
            "15|10",
            "*",
            "300+",
            "+5",
            "1.",
        ] {
            assert!(super::time_control(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn rounds_ratings_and_results() {
        for ok in ["1", "3.1", "4.1.2", "02", "?", "-", ""] {
            assert_eq!(super::round(ok), None, "{ok}");
        }
        for bad in ["R1", "1.", ".1", "1a", "Final"] {
            assert!(super::round(bad).is_some(), "{bad}");
        }
        for ok in ["2700", "0", "?", "-", ""] {
            assert_eq!(super::rating(ok), None, "{ok}");
        }
        for bad in ["2700?", "+2700", "unrated", " 2700"] {
            assert!(super::rating(bad).is_some(), "{bad}");
        }
        assert_eq!(
            super::result("½-½").as_deref(),
            Some("`½-½` is not a result as PGN writes it: `1/2-1/2`")
        );
        assert_eq!(
            super::result("0-0").as_deref(),
            Some("`0-0` is not a result: PGN writes `1-0`, `0-1`, `1/2-1/2` or `*` (unfinished or unknown)")
        );
    }
}

#[cfg(test)]
mod dates_in_digits {
    #[test]
    fn a_date_in_digits_is_read_as_its_parts_are() {
        let mut read = 0;
        let two: Vec<String> = (0..100)
            .map(|n| format!("{n:02}"))
            .chain(["??", "?3", "3?"].map(String::from))
            .collect();
        for year in ["0000", "1999", "2024", "9999", "????", "19??", "?999"] {
            for month in &two {
                for day in &two {
                    let value = format!("{year}.{month}.{day}");
                    let fields = super::date_fields(&value);
                    let all = |part: &str| {
                        part.bytes().all(|b| b.is_ascii_digit()) || part.bytes().all(|b| b == b'?')
                    };
                    // Read by its bytes when each part is digits or `?` alone, as
                    // `date_fields` reads it; else `date_fields` says (nothing).
                    if all(year) && all(month) && all(day) {
                        assert_eq!(super::digits_date(value.as_bytes()), fields, "{value}");
                        assert!(fields.is_some(), "{value}");
                    } else {
                        assert_eq!(super::digits_date(value.as_bytes()), None, "{value}");
                        assert_eq!(fields, None, "{value}");
                    }
                    read += 1;
                }
            }
        }
        for other in ["2024.3.17", "2024.03.1x", "2024-03-17", "2024.03.17 "] {
            assert_eq!(super::digits_date(other.as_bytes()), None, "{other}");
        }
        assert_eq!(super::digits_date(b"????.??.??"), Some((None, None, None)));
        assert_eq!(read, 7 * 103 * 103);
    }
}
