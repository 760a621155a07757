use expect_test::{expect, Expect};

use crate::{Document, Notation};

/// The tag diagnostics of a PGN document, one a line: code, the text under its range and
/// the message (with the severity when it is not the code's), then each related location.
fn check(text: &str, expect: Expect) {
    let document = Document::new(Notation::Pgn, text.to_string());
    let mut found = Vec::new();
    for game in document.games() {
        for d in super::check(game) {
            let severity = if d.severity() == d.code.severity() {
                String::new()
            } else {
                format!(" ({:?})", d.severity())
            };
            found.push(format!(
                "{}{severity} `{}`: {}",
                d.code.as_str(),
                &text[d.range],
                d.message
            ));
            for related in &d.related {
                found.push(format!(
                    "    `{}`: {}",
                    &text[related.range], related.message
                ));
            }
        }
    }
    expect.assert_eq(&found.join("\n"));
}

/// A real header: TWIC's, for a game of the Tata Steel Masters.
const TWIC: &str = r#"[Event "86th Tata Steel Masters"]
[Site "Wijk aan Zee NED"]
[Date "2024.01.13"]
[Round "1.1"]
[White "Gukesh, D"]
[Black "Abdusattorov, Nodirbek"]
[Result "1/2-1/2"]
[WhiteTitle "GM"]
[BlackTitle "GM"]
[WhiteElo "2725"]
[BlackElo "2727"]
[ECO "C65"]
[Opening "Ruy Lopez"]
[Variation "Berlin defence"]
[WhiteFideId "46616543"]
[BlackFideId "14204118"]
[EventDate "2024.01.13"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. d3 Bc5 1/2-1/2
"#;

/// A real header: Lichess's, for a rated blitz game (no `Round`: Lichess leaves it out of
/// games played outside a tournament, and some exports write `-`).
const LICHESS: &str = r#"[Event "Rated Blitz game"]
[Site "https://lichess.org/izqA4zcL"]
[Date "2024.01.02"]
[Round "-"]
[White "mdolano"]
[Black "mliebelt"]
[Result "0-1"]
[UTCDate "2024.01.02"]
[UTCTime "17:14:13"]
[WhiteElo "1854"]
[BlackElo "?"]
[WhiteRatingDiff "-6"]
[BlackRatingDiff "+6"]
[Variant "Standard"]
[TimeControl "180+0"]
[ECO "C56"]
[Termination "Normal"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. d4 Nxe4 5. Nxe5 d5 0-1
"#;

#[test]
fn real_headers_are_fine() {
    check(TWIC, expect![[""]]);
    check(LICHESS, expect![[""]]);
    // TCEC: a Chess960 game from a FEN, with `SetUp`, `PlyCount` and a `TimeControl` of
    // three periods.
    check(
        r#"[Event "TCEC Season 20 - FRC 3 Final"]
[Site "https://tcec-chess.com"]
[Date "2021.02.05"]
[Round "1.1"]
[White "KomodoDragon 2640.00"]
[Black "Stockfish 202102041755"]
[Result "1/2-1/2"]
[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]
[PlyCount "4"]
[SetUp "1"]
[TimeControl "40/6000:20/3000:1200+10"]
[Variant "chess 960"]

1. d4 d5 2. c4 c6 1/2-1/2
"#,
        expect![[""]],
    );
}

#[test]
fn a_game_without_tags_has_nothing_to_check() {
    check("1. e4 e5 2. Nf3 *\n", expect![[""]]);
    // Nor does an opening book's entry, with no roster tag at all.
    check(
        "[ECO \"C60\"]\n[Opening \"Ruy Lopez\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n",
        expect![[""]],
    );
}

#[test]
fn missing_roster_tags_are_listed_once() {
    check(
        "[White \"Me\"]\n[Black \"You\"]\n[Result \"*\"]\n\n1. e4 *\n",
        expect![[r#"
            missing-roster-tag `[White "Me"]
            [Black "You"]
            [Result "*"]`: `Event`, `Site`, `Date` and `Round` are missing from the Seven Tag Roster: the standard asks for all seven, with `?` for what is unknown"#]],
    );
    // Tag names are case-sensitive: `white` is not `White`.
    check(
        "[white \"Me\"]\n\n1. e4 *\n",
        expect![[
            r#"missing-roster-tag `[white "Me"]`: `Event`, `Site`, `Date`, `Round`, `White` (not `white`), `Black` and `Result` are missing from the Seven Tag Roster: the standard asks for all seven, with `?` for what is unknown, `*` for an unknown result"#
        ]],
    );
    check(
        "[Event \"Club\"]\n[White \"Me\"]\n[Black \"You\"]\n[site \"Here\"]\n\n1. e4 *\n",
        expect![[r#"
            missing-roster-tag `[Event "Club"]
            [White "Me"]
            [Black "You"]
            [site "Here"]`: `Site` (not `site`), `Date`, `Round` and `Result` are missing from the Seven Tag Roster: the standard asks for all seven, with `?` for what is unknown, `*` for an unknown result"#]],
    );
}

#[test]
fn roster_out_of_order() {
    // ChessBase's order: `EventDate` after `Date`, `Result` before the players.
    check(
        r#"[Event "IBM Man-Machine, New York USA"]
[Site "New York, NY USA"]
[Date "1997.05.03"]
[EventDate "?"]
[Round "1"]
[Result "1-0"]
[White "Garry Kasparov"]
[Black "Deep Blue (Computer)"]

1. Nf3 d5 1-0
"#,
        expect![[
            r#"roster-out-of-order `[EventDate "?"]`: `EventDate` stands before `Round`: the standard writes the Seven Tag Roster first, in the order Event, Site, Date, Round, White, Black, Result"#
        ]],
    );
    check(
        "[White \"a\"]\n[Event \"e\"]\n[Site \"s\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[Black \"b\"]\n[Result \"*\"]\n\n*\n",
        expect![[r#"roster-out-of-order `[White "a"]`: `White` stands before `Event`: the standard writes the Seven Tag Roster first, in the order Event, Site, Date, Round, White, Black, Result"#]],
    );
}

/// The order's check around repeated, missing and misspelt roster tags: a repeat is not
/// where its tag stands (the first one is), a missing tag is not waited for, and `event` is
/// not `Event`.
#[test]
fn roster_order_with_repeats_and_gaps() {
    let tags = |names: &[&str]| -> String {
        let value = |n: &str| if n == "Result" { "*" } else { "?" };
        let mut text: String = names
            .iter()
            .map(|n| format!("[{n} \"{}\"]\n", value(n)))
            .collect();
        text.push_str("\n1. e4 *\n");
        text
    };
    check(
        &tags(&[
            "Event", "Site", "Event", "Date", "Round", "White", "Black", "Result",
        ]),
        expect![[r#"
            duplicate-tag `[Event "?"]`: `Event` is given again, with the same value: once is enough
                `[Event "?"]`: `Event` is first given here"#]],
    );
    check(
        &tags(&[
            "Event", "ECO", "Site", "Round", "White", "Black", "Result", "Site",
        ]),
        expect![[r#"
            missing-roster-tag `[Event "?"]
            [ECO "?"]
            [Site "?"]
            [Round "?"]
            [White "?"]
            [Black "?"]
            [Result "*"]
            [Site "?"]`: `Date` is missing from the Seven Tag Roster: the standard asks for all seven, with `?` for what is unknown
            roster-out-of-order `[ECO "?"]`: `ECO` stands before `Site`: the standard writes the Seven Tag Roster first, in the order Event, Site, Date, Round, White, Black, Result
            duplicate-tag `[Site "?"]`: `Site` is given again, with the same value: once is enough
                `[Site "?"]`: `Site` is first given here"#]],
    );
    check(
        &tags(&[
            "Event", "Site", "Date", "Round", "White", "Result", "Black", "ECO",
        ]),
        expect![[
            r#"roster-out-of-order `[Result "*"]`: `Result` stands before `Black`: the standard writes the Seven Tag Roster first, in the order Event, Site, Date, Round, White, Black, Result"#
        ]],
    );
    check(
        &tags(&[
            "ECO", "event", "Site", "Date", "Round", "White", "Black", "Result",
        ]),
        expect![[r#"
            missing-roster-tag `[ECO "?"]
            [event "?"]
            [Site "?"]
            [Date "?"]
            [Round "?"]
            [White "?"]
            [Black "?"]
            [Result "*"]`: `Event` (not `event`) is missing from the Seven Tag Roster: the standard asks for all seven, with `?` for what is unknown
            roster-out-of-order `[ECO "?"]`: `ECO` stands before `Site`: the standard writes the Seven Tag Roster first, in the order Event, Site, Date, Round, White, Black, Result"#]],
    );
    check(
        &tags(&["ECO", "Opening", "FEN", "SetUp"]),
        expect![[
            r#"invalid-setup `"?"`: `SetUp` is `1` (the game starts from the `FEN` tag's position) or `0` (from the usual one), not `?`"#
        ]],
    );
    check(
        &tags(&[
            "Result",
            "White",
            "Black",
            "UTCDate",
            "EventDate",
            "SourceDate",
        ]),
        expect![[r#"
            missing-roster-tag `[Result "*"]
            [White "?"]
            [Black "?"]
            [UTCDate "?"]
            [EventDate "?"]
            [SourceDate "?"]`: `Event`, `Site`, `Date` and `Round` are missing from the Seven Tag Roster: the standard asks for all seven, with `?` for what is unknown
            roster-out-of-order `[Result "*"]`: `Result` stands before `White`: the standard writes the Seven Tag Roster first, in the order Event, Site, Date, Round, White, Black, Result"#]],
    );
}

#[test]
fn duplicate_tags() {
    check(
        "[Event \"a\"]\n[Site \"s\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n[Event \"a\"]\n[ECO \"A00\"]\n[ECO \"B00\"]\n[ECO \"C00\"]\n\n*\n",
        expect![[r#"
            duplicate-tag `[Event "a"]`: `Event` is given again, with the same value: once is enough
                `[Event "a"]`: `Event` is first given here
            duplicate-tag `[ECO "B00"]`: `ECO` is given again, with another value: readers keep only one
                `[ECO "A00"]`: `ECO` is first given here
            duplicate-tag `[ECO "C00"]`: `ECO` is given again, with another value: readers keep only one
                `[ECO "A00"]`: `ECO` is first given here"#]],
    );
}

#[test]
fn setup_and_fen() {
    let roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n";
    let fen = "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n";
    check(
        &format!("{roster}[SetUp \"1\"]\n\n1. e4 *\n"),
        expect![[
            r#"setup-without-fen `[SetUp "1"]`: `SetUp "1"` says the game starts from a position of its own, but there is no `FEN` tag to give it: the game is read from the usual start"#
        ]],
    );
    check(
        &format!("{roster}{fen}\n1. O-O *\n"),
        expect![[
            r#"fen-without-setup `[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]`: a `FEN` tag without `SetUp "1"`: the standard asks for both, but readers (python-chess, Lichess) start from the FEN without it"#
        ]],
    );
    check(
        &format!("{roster}[SetUp \"0\"]\n{fen}\n1. O-O *\n"),
        expect![[r#"
            fen-without-setup (Warning) `[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]`: a `FEN` tag, but `SetUp "0"` says the game starts from the usual position: which one is meant?
                `[SetUp "0"]`: `SetUp "0"` is here"#]],
    );
    check(
        &format!("{roster}[SetUp \"yes\"]\n{fen}\n1. O-O *\n"),
        expect![[
            r#"invalid-setup `"yes"`: `SetUp` is `1` (the game starts from the `FEN` tag's position) or `0` (from the usual one), not `yes`"#
        ]],
    );
    check(
        &format!("{roster}[SetUp \"1\"]\n{fen}\n1. O-O *\n"),
        expect![[""]],
    );
    check(
        &format!("{roster}[SetUp \"0\"]\n\n1. e4 *\n"),
        expect![[""]],
    );
}

#[test]
fn invalid_dates() {
    check(
        r#"[Event "?"]
[Site "?"]
[Date "1959"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "*"]
[EventDate "2023.02.29"]
[UTCDate "2024-01-02"]
[SourceDate "2001.13.05"]

*
"#,
        expect![[r#"
            invalid-date `"1959"`: `1959` is not a date as PGN writes them: `YYYY.MM.DD`, with `??` for each part that is unknown (`1959.??.??`)
            invalid-date `"2023.02.29"`: there is no 29 February in 2023: it is not a leap year
            invalid-date `"2024-01-02"`: `2024-01-02` is not a date as PGN writes them: `YYYY.MM.DD`, with `??` for each part that is unknown (`2024.01.02`)
            invalid-date `"2001.13.05"`: there is no month 13: are the day and the month swapped? PGN writes `YYYY.MM.DD`"#]],
    );
}

#[test]
fn invalid_numbers_and_ply_count() {
    check(
        r#"[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "R1"]
[White "?"]
[Black "?"]
[Result "*"]
[WhiteElo "2700?"]
[BlackElo "\"2600\""]
[PlyCount "three"]

1. e4 e5 *
"#,
        expect![[r#"
            invalid-number-tag `"R1"`: `R1` is not a round as PGN writes them: a number (`3`), with subrounds after dots (`3.1`), or `?` when unknown
            invalid-number-tag `"2700?"`: `2700?` is not a rating: a whole number, or `?` when there is none
            invalid-number-tag `"\"2600\""`: `"2600"` is not a rating: a whole number, or `?` when there is none
            invalid-number-tag `"three"`: `three` is not a number of half-moves: `PlyCount` is a whole number"#]],
    );
    check(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"3.1\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[PlyCount \"4\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) *\n",
        expect![[r#"
            ply-count-mismatch `"4"`: `PlyCount` says 4, but the game has 3 half-moves
                `Nf3`: the main line ends here, after 3 half-moves"#]],
    );
    check(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[PlyCount \"1\"]\n\n*\n",
        expect![[r#"ply-count-mismatch `"1"`: `PlyCount` says 1, but the game has 0 half-moves"#]],
    );
}

#[test]
fn a_missing_roster_tag_is_told_at_the_tags_not_a_comment_before_them() {
    check(
        "1. e4 e5 1-0\n{a comment about the next game}\n[Event \"b\"]\n[Result \"*\"]\n\n1. d4 *\n",
        expect![[r#"missing-roster-tag `[Event "b"]
[Result "*"]`: `Site`, `Date`, `Round`, `White` and `Black` are missing from the Seven Tag Roster: the standard asks for all seven, with `?` for what is unknown"#]],
    );
}

#[test]
fn result_tag_against_the_movetext() {
    let roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n";
    check(
        &format!("{roster}[Result \"1-0\"]\n\n1. e4 0-1\n"),
        expect![[r#"
        result-mismatch `"1-0"`: the `Result` tag says `1-0`, but the game ends `0-1`
            `0-1`: the movetext ends here"#]],
    );
    check(
        &format!("{roster}[Result \"*\"]\n\n1. e4 1-0\n"),
        expect![[r#"
        result-mismatch `"*"`: the `Result` tag says `*` (unfinished), but the game ends `1-0`
            `1-0`: the movetext ends here"#]],
    );
    check(
        &format!("{roster}[Result \"1/2-1/2\"]\n\n1. e4 *\n"),
        expect![[r#"
        result-mismatch `"1/2-1/2"`: the `Result` tag says `1/2-1/2`, but the game ends `*` (unfinished)
            `*`: the movetext ends here"#]],
    );
    check(
        &format!("{roster}[Result \"½-½\"]\n\n1. e4 1/2-1/2\n"),
        expect![[
            r#"invalid-result-tag `"½-½"`: `½-½` is not a result as PGN writes it: `1/2-1/2`"#
        ]],
    );
    check(
        &format!("{roster}[Result \"0-0\"]\n\n1. e4 *\n"),
        expect![[
            r#"invalid-result-tag `"0-0"`: `0-0` is not a result: PGN writes `1-0`, `0-1`, `1/2-1/2` or `*` (unfinished or unknown)"#
        ]],
    );
    // No result at the end: the syntax's `missing-result` says so, not this.
    check(
        &format!("{roster}[Result \"1-0\"]\n\n1. e4\n"),
        expect![[""]],
    );
    // A result written another way stands for its result (the syntax's
    // `non-standard-result` says how PGN writes it): `1:0` agrees with `1-0`, not `0-1`.
    check(
        &format!("{roster}[Result \"1-0\"]\n\n1. e4 1:0\n"),
        expect![[""]],
    );
    check(
        &format!("{roster}[Result \"0-1\"]\n\n1. e4 ½-½\n"),
        expect![[r#"
        result-mismatch `"0-1"`: the `Result` tag says `0-1`, but the game ends `1/2-1/2`
            `½-½`: the movetext ends here"#]],
    );
}

#[test]
fn invalid_time_controls() {
    let roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n";
    check(
        &format!("{roster}[TimeControl \"90+30 min\"]\n\n*\n"),
        expect![[
            r#"invalid-time-control `"90+30 min"`: `90+30 min` is not a time control as PGN writes them: `40/7200:3600` (40 moves in 7200 seconds, then 3600 for the rest), `300+5` (seconds and an increment), `*60` (a sandclock), `?` (unknown) or `-` (none)"#
        ]],
    );
    for ok in [
        "?",
        "-",
        "40/9000:3600",
        "300+5",
        "*60",
        "3600",
        "40/5400+30:1800+30",
    ] {
        check(
            &format!("{roster}[TimeControl \"{ok}\"]\n\n*\n"),
            expect![[""]],
        );
    }
}

#[test]
fn pdn_tags_are_not_chess_tags() {
    let document = Document::new(
        Notation::Pdn,
        "[Event \"e\"]\n[Result \"2-0\"]\n[Date \"1959\"]\n1. 32-28 0-2\n".to_string(),
    );
    let found: usize = document.games().map(|g| super::check(g).len()).sum();
    assert_eq!(found, 0);
}

/// A tag's kind names the roster's places as [`super::ROSTER`] does: each of the seven is
/// its place, and its names in other cases are other tags.
#[test]
fn the_kinds_of_the_roster_are_its_places() {
    for (i, name) in super::ROSTER.iter().enumerate() {
        assert_eq!(super::Kind::of(name).roster(), Some(i), "{name}");
        assert_eq!(
            super::Kind::of(&name.to_lowercase()).roster(),
            None,
            "{name}"
        );
    }
}
