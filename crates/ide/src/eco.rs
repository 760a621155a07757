//! Opening names by ECO code and by position, from the Lichess chess-openings table (CC0),
//! compiled in.

use std::collections::HashMap;
use std::sync::OnceLock;

use kifu_rules::chess::{Dialect, Position, Variant};

const TABLES: [&str; 5] = [
    include_str!("../data/a.tsv"),
    include_str!("../data/b.tsv"),
    include_str!("../data/c.tsv"),
    include_str!("../data/d.tsv"),
    include_str!("../data/e.tsv"),
];

/// One line of the table: an opening and the moves that reach it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Opening {
    /// The ECO code, `E20`.
    pub eco: &'static str,
    /// The name, `Nimzo-Indian Defense`.
    pub name: &'static str,
    /// The moves from the start position, as PGN movetext: `1. d4 Nf6 2. c4 e6 3. Nc3 Bb4`.
    pub moves: &'static str,
}

impl Opening {
    /// The moves as SAN, without move numbers.
    fn sans(&self) -> impl Iterator<Item = &'static str> {
        self.moves.split_whitespace().filter(|t| !t.ends_with('.'))
    }
}

/// Every ECO code with its opening's name (see [`opening_name`]), in code order.
pub(crate) fn codes() -> impl Iterator<Item = (&'static str, &'static str)> {
    let mut all: Vec<(&str, &str)> = names()
        .iter()
        .map(|(code, &i)| (*code, table()[i].name))
        .collect();
    all.sort_unstable();
    all.into_iter()
}

/// The name of the opening with ECO code `code` (`C80`): the shortest, most general of the
/// table's names for it.
pub(crate) fn opening_name(code: &str) -> Option<&'static str> {
    opening_by_code(code).map(|opening| opening.name)
}

/// The opening with ECO code `code` whose name [`opening_name`] gives (the first line of
/// the table with that name), with its moves: what a hover on an `ECO` tag shows.
pub(crate) fn opening_by_code(code: &str) -> Option<Opening> {
    names().get(code.trim()).map(|&i| table()[i])
}

/// The opening whose moves reach `position`, whatever their order: `1. c4 e6 2. Nc3 Nf6
/// 3. d4 Bb4` is the Nimzo-Indian Defense. Standard chess only: the table's lines are
/// standard games.
///
/// Positions are compared as Lichess compares them, by their EPD: the pieces, the side to
/// move, the castling rights, and the en passant square only when a capture there is
/// legal (after `1. e4` there is none, so that position is the same whether or not a FEN
/// names e3). The move clocks are left out.
pub(crate) fn opening_of(position: &Position) -> Option<Opening> {
    if position.variant() != Variant::Standard {
        return None;
    }
    by_position()
        .get(epd(position).as_str())
        .map(|&i| table()[i])
}

/// The opening of the table whose moves pass through `position` (or end there), in any
/// order: the book that a move reaching it stays in. The line with the fewest moves names
/// it. Standard chess only.
pub(crate) fn book_line(position: &Position) -> Option<Opening> {
    if position.variant() != Variant::Standard {
        return None;
    }
    static THROUGH: OnceLock<HashMap<String, usize>> = OnceLock::new();
    THROUGH
        .get_or_init(|| {
            let table = table();
            let mut through: HashMap<String, (usize, usize)> = HashMap::new();
            for (i, opening) in table.iter().enumerate() {
                let mut position = Position::new(Variant::Standard);
                let sans: Vec<&str> = opening.sans().collect();
                for san in &sans {
                    if position.play_mut(san, &Dialect::ENGLISH).is_err() {
                        break;
                    }
                    let known = through.entry(epd(&position)).or_insert((i, sans.len()));
                    if sans.len() < known.1 {
                        *known = (i, sans.len());
                    }
                }
            }
            through.into_iter().map(|(k, (i, _))| (k, i)).collect()
        })
        .get(epd(position).as_str())
        .map(|&i| table()[i])
}

/// A position's key in [`by_position`]: its FEN without the two move clocks.
fn epd(position: &Position) -> String {
    // `Position::fen` writes the en passant square only when a capture there is legal.
    let mut fen = position.fen();
    if let Some((clocks, _)) = fen.match_indices(' ').nth(3) {
        fen.truncate(clocks);
    }
    fen
}

/// Every line of the table, in the table's order.
fn table() -> &'static [Opening] {
    static TABLE: OnceLock<Vec<Opening>> = OnceLock::new();
    TABLE.get_or_init(|| {
        TABLES
            .iter()
            .flat_map(|table| table.lines().skip(1))
            .filter_map(|line| {
                let mut fields = line.split('\t');
                Some(Opening {
                    eco: fields.next()?,
                    name: fields.next()?,
                    moves: fields.next()?,
                })
            })
            .collect()
    })
}

/// The line of each code whose name is the shortest (the first of them on a tie), by its
/// index in [`table`].
fn names() -> &'static HashMap<&'static str, usize> {
    static NAMES: OnceLock<HashMap<&'static str, usize>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let table = table();
        let mut names = HashMap::new();
        for (i, opening) in table.iter().enumerate() {
            let known = names.entry(opening.eco).or_insert(i);
            if opening.name.len() < table[*known].name.len() {
                *known = i;
            }
        }
        names
    })
}

/// The line that reaches each position (keyed by [`epd`]), by its index in [`table`].
/// When several lines reach one position, the one with the fewest moves names it (the
/// first of them on a tie): it is the opening the position belongs to, the longer lines
/// being transpositions into it.
fn by_position() -> &'static HashMap<String, usize> {
    static POSITIONS: OnceLock<HashMap<String, usize>> = OnceLock::new();
    POSITIONS.get_or_init(|| index(table()))
}

/// [`by_position`] of the lines `table`.
fn index(table: &[Opening]) -> HashMap<String, usize> {
    let mut positions: HashMap<String, (usize, usize)> = HashMap::with_capacity(table.len());
    for (i, opening) in table.iter().enumerate() {
        // A line that does not replay names no position; a test checks that none fails.
        let Some((position, plies)) = replay(opening) else {
            continue;
        };
        let known = positions.entry(epd(&position)).or_insert((i, plies));
        if plies < known.1 {
            *known = (i, plies);
        }
    }
    positions.into_iter().map(|(k, (i, _))| (k, i)).collect()
}

/// The position at the end of a line, with its number of plies; `None` when a move of it
/// is illegal.
fn replay(opening: &Opening) -> Option<(Position, usize)> {
    let mut position = Position::new(Variant::Standard);
    let mut plies = 0;
    for san in opening.sans() {
        position.play_mut(san, &Dialect::ENGLISH).ok()?;
        plies += 1;
    }
    Some((position, plies))
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use super::*;

    /// The position after `moves` (SAN, no numbers), from the start.
    fn after(moves: &str) -> Position {
        let mut position = Position::new(Variant::Standard);
        for san in moves.split_whitespace() {
            position
                .play_mut(san, &Dialect::ENGLISH)
                .unwrap_or_else(|e| panic!("{san}: {e:?}"));
        }
        position
    }

    fn check(position: &Position, expect: Expect) {
        let found = opening_of(position).map_or("none".to_string(), |o| {
            format!("{} {} ({})", o.eco, o.name, o.moves)
        });
        expect.assert_eq(&found);
    }

    #[test]
    fn a_transposition_is_named_by_its_position() {
        let english_order = after("c4 e6 Nc3 Nf6 d4 Bb4");
        check(
            &english_order,
            expect!["E20 Nimzo-Indian Defense (1. d4 Nf6 2. c4 e6 3. Nc3 Bb4)"],
        );
        assert_eq!(
            opening_of(&english_order),
            opening_of(&after("d4 Nf6 c4 e6 Nc3 Bb4"))
        );
    }

    #[test]
    fn a_book_line_passes_through_positions_the_table_does_not_name() {
        // No line ends after 1. e4 d5 2. exd5; many pass through it.
        let scandinavian = after("e4 d5 exd5");
        check(&scandinavian, expect!["none"]);
        let book = book_line(&scandinavian).map(|o| o.name);
        assert!(
            book.is_some_and(|n| n.starts_with("Scandinavian Defense")),
            "{book:?}"
        );
        // A position the table names is on its own line.
        assert_eq!(book_line(&after("e4")).map(|o| o.eco), Some("B00"));
        assert_eq!(book_line(&after("e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2")), None);
    }

    #[test]
    fn first_moves_and_the_start() {
        check(&after("e4"), expect!["B00 King's Pawn Game (1. e4)"]);
        check(&after("Nh3"), expect!["A00 Amar Opening (1. Nh3)"]);
        // No line of the table is empty.
        check(&Position::new(Variant::Standard), expect!["none"]);
    }

    #[test]
    fn a_position_outside_the_table_has_no_opening() {
        check(&after("a4 h5 Ra3 Rh6 Rb3 Rb6"), expect!["none"]);
    }

    #[test]
    fn move_clocks_do_not_matter() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 42";
        let position = Position::from_fen(Variant::Standard, fen).expect("a valid FEN");
        check(&position, expect!["B00 King's Pawn Game (1. e4)"]);
    }

    #[test]
    fn en_passant_counts_only_when_a_capture_is_legal() {
        // After 1. e4 no black pawn can take on e3: the FEN's e3 changes nothing.
        let fen = |ep: &str| {
            let fen = format!("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq {ep} 0 1");
            Position::from_fen(Variant::Standard, &fen).expect("a valid FEN")
        };
        assert_eq!(epd(&fen("e3")), epd(&fen("-")));
        check(&fen("e3"), expect!["B00 King's Pawn Game (1. e4)"]);
        // After 1. d4 c5 2. d5 e5 White can take on e6: the position with the capture
        // possible is the table's; the same pieces without it are not.
        let benoni = after("d4 c5 d5 e5");
        assert!(epd(&benoni).ends_with(" e6"), "{}", epd(&benoni));
        check(
            &benoni,
            expect!["A44 Benoni Defense: Old Benoni (1. d4 c5 2. d5 e5)"],
        );
        let without = epd(&benoni).replace(" e6", " - 0 3");
        let without = Position::from_fen(Variant::Standard, &without).expect("a valid FEN");
        check(&without, expect!["none"]);
    }

    #[test]
    fn other_variants_have_no_opening() {
        let mut position = Position::new(Variant::Chess960);
        position
            .play_mut("e4", &Dialect::ENGLISH)
            .expect("a legal move");
        check(&position, expect!["none"]);
        let position =
            Position::from_fen(Variant::Crazyhouse, &after("e4").fen()).expect("a valid FEN");
        check(&position, expect!["none"]);
    }

    #[test]
    fn the_fewest_moves_name_a_position() {
        let table = table();
        let mut others = 0;
        for (j, other) in table.iter().enumerate() {
            let (position, plies) = replay(other).expect("every line replays");
            let i = by_position()[&epd(&position)];
            let named = replay(&table[i]).expect("every line replays").1;
            assert!((named, i) <= (plies, j), "{other:?} reaches {:?}", table[i]);
            others += usize::from(i != j);
        }
        // The table has one line per position (Lichess keeps it so): no line is a
        // transposition into another, and the rule above is a safeguard for edits.
        assert_eq!((others, by_position().len()), (0, table.len()));
    }

    #[test]
    fn a_position_reached_twice_takes_the_shorter_line_then_the_first() {
        let line = |name, moves| Opening {
            eco: "X00",
            name,
            moves,
        };
        let lines = [
            line("long", "1. Nf3 Nf6 2. Ng1 Ng8 3. e4"),
            line("short", "1. e4"),
            line("also short", "1. e4"),
            line("illegal", "1. e5"),
        ];
        let index = index(&lines);
        assert_eq!(index.len(), 1);
        assert_eq!(index.get(epd(&after("e4")).as_str()), Some(&1));
    }

    #[test]
    fn every_line_of_the_table_replays_in_standard_san() {
        let mut wrong = Vec::new();
        for opening in table() {
            let mut position = Position::new(Variant::Standard);
            for san in opening.sans() {
                match position.play(san, &Dialect::ENGLISH) {
                    Ok(played)
                        if played.forms().is_empty()
                            && played.written_check() == played.check_mark() =>
                    {
                        position = played.into_position();
                    }
                    result => {
                        wrong.push(format!(
                            "{} {}: {san} {result:?}",
                            opening.eco, opening.name
                        ));
                        break;
                    }
                }
            }
        }
        assert_eq!(wrong, Vec::<String>::new());
        assert_eq!(table().len(), 3807);
    }

    #[test]
    fn code_names_and_moves() {
        let found = opening_by_code(" C80 ").map(|o| format!("{} {} ({})", o.eco, o.name, o.moves));
        expect!["C80 Ruy Lopez: Open (1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Nxe4)"]
            .assert_eq(&found.unwrap_or_default());
        assert_eq!(opening_name("C80"), opening_by_code("C80").map(|o| o.name));
        assert_eq!(opening_by_code("Z99"), None);
        assert_eq!(codes().count(), 500);
        assert_eq!(codes().next(), Some(("A00", "Amar Opening")));
    }
}
