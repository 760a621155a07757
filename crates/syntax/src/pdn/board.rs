//! Draughts boards: the `GameType` tag, squares, and the `FEN` tag.

/// How a draughts board's squares are written (the PDN `GameType`'s notation field).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareStyle {
    /// Dark squares numbered from 1: `32-28`.
    Numeric,
    /// A file letter and a rank: `c3-d4`.
    Alphanumeric,
}

/// A board and its rules of notation, as a `GameType` tag gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// The `GameType` number, `20`.
    pub game_type: u32,
    /// The game's name, `International draughts`; empty when the number is not standard.
    pub name: &'static str,
    /// Whether Black moves first.
    pub black_first: bool,
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// How squares are written.
    pub squares: SquareStyle,
    /// Whether every square is played on (Turkish draughts), not only the dark ones.
    pub all_squares: bool,
}

use SquareStyle::*;

const fn board(
    game_type: u32,
    name: &'static str,
    black_first: bool,
    width: u32,
    height: u32,
    squares: SquareStyle,
) -> Board {
    Board {
        game_type,
        name,
        black_first,
        width,
        height,
        squares,
        all_squares: false,
    }
}

/// The game types of the PDN 3.0 standard.
pub const STANDARD: &[Board] = &[
    board(20, "International draughts", false, 10, 10, Numeric),
    board(21, "English draughts (checkers)", true, 8, 8, Numeric),
    board(22, "Italian draughts", false, 8, 8, Numeric),
    board(23, "American pool checkers", true, 8, 8, Numeric),
    board(24, "Spanish draughts", false, 8, 8, Numeric),
    board(25, "Russian draughts", false, 8, 8, Alphanumeric),
    board(26, "Brazilian draughts", false, 8, 8, Alphanumeric),
    board(27, "Canadian draughts", false, 12, 12, Numeric),
    board(28, "Portuguese draughts", false, 8, 8, Numeric),
    board(29, "Czech draughts", false, 8, 8, Alphanumeric),
    Board {
        all_squares: true,
        ..board(30, "Turkish draughts", false, 8, 8, Alphanumeric)
    },
    board(31, "Thai draughts", false, 8, 8, Alphanumeric),
    board(40, "Frisian draughts", false, 10, 10, Numeric),
    board(41, "Spantsiretti", false, 10, 8, Numeric),
];

/// The board of a standard game type.
pub fn standard(game_type: u32) -> Option<Board> {
    STANDARD.iter().copied().find(|b| b.game_type == game_type)
}

/// What a `GameType` value says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameType {
    /// A standard game, perhaps with its board given explicitly.
    Known(Board),
    /// A number the standard does not define (lidraughts writes 96-98 for its variants); its
    /// board is known only if the tag gives it.
    Unknown(u32, Option<Board>),
}

/// Reads a `GameType` value: `type[,start colour,width,height,notation[,invert]]`.
pub fn parse_game_type(value: &str) -> Result<GameType, String> {
    let mut fields = value.split(',').map(str::trim);
    let number: u32 = fields
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("`{value}` does not start with a game type number"))?;
    let rest: Vec<&str> = fields.collect();
    let known = standard(number);
    let explicit = if rest.is_empty() {
        None
    } else {
        if rest.len() < 4 {
            return Err(format!(
                "`{value}`: after the type come the start colour, width, height and notation (`20,W,10,10,N2,0`)"
            ));
        }
        let black_first = match rest[0] {
            "W" => false,
            "B" => true,
            other => return Err(format!("`{other}` is not a start colour: `W` or `B`")),
        };
        let size = |s: &str| s.parse::<u32>().ok().filter(|n| (2..=26).contains(n));
        let (Some(width), Some(height)) = (size(rest[1]), size(rest[2])) else {
            return Err(format!("`{},{}` is not a board size", rest[1], rest[2]));
        };
        let squares = match rest[3].chars().next() {
            Some('A') => Alphanumeric,
            Some('N') | Some('S') => Numeric,
            _ => {
                return Err(format!(
                    "`{}` is not a notation: `A`, `N` or `S` and a number",
                    rest[3]
                ))
            }
        };
        Some(Board {
            game_type: number,
            name: known.map_or("", |b| b.name),
            black_first,
            width,
            height,
            squares,
            all_squares: known.is_some_and(|b| b.all_squares),
        })
    };
    Ok(match known {
        Some(board) => GameType::Known(explicit.unwrap_or(board)),
        None => GameType::Unknown(number, explicit),
    })
}

/// A square as written in a move or FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Square {
    /// `32`.
    Number(u32),
    /// `c3`: 0-based file, 1-based rank.
    Coordinate(u32, u32),
}

impl Square {
    /// Reads `32` or `c3`.
    pub fn parse(text: &str) -> Option<Square> {
        let text = text.trim();
        let first = text.chars().next()?;
        if first.is_ascii_digit() {
            return text.parse().ok().map(Square::Number);
        }
        if first.is_ascii_lowercase() {
            let rank: u32 = text[1..].parse().ok()?;
            return Some(Square::Coordinate(u32::from(first as u8 - b'a'), rank));
        }
        None
    }

    /// Whether the square exists on `board`.
    pub fn is_on(self, board: &Board) -> bool {
        match self {
            Square::Number(n) => {
                let squares = board.width * board.height / if board.all_squares { 1 } else { 2 };
                n >= 1 && n <= squares
            }
            Square::Coordinate(file, rank) => {
                file < board.width && rank >= 1 && rank <= board.height
            }
        }
    }
}

/// The squares of a move token: `26x37x48` is 26, 37, 48; `b6xd4` is b6, d4.
pub fn move_squares(text: &str) -> Vec<&str> {
    let text = text.trim_end_matches('*');
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        return text
            .split(['-', 'x', 'X', ':'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
    }
    // Alphanumeric: a square starts at each letter other than the joiner `x`.
    let bytes = text.as_bytes();
    let mut squares = Vec::new();
    let mut start = None;
    for (i, &b) in bytes.iter().enumerate() {
        let starts_square =
            b.is_ascii_lowercase() && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        if starts_square {
            if let Some(s) = start {
                squares.push(text[s..i].trim_end_matches(['-', 'x', ':']));
            }
            start = Some(i);
        }
    }
    if let Some(s) = start {
        squares.push(&text[s..]);
    }
    squares
}

/// The pieces a FEN puts on the board: side to move and each square's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fen {
    /// Whether White is to move; `None` when the FEN says `?` (not known).
    pub white_to_move: Option<bool>,
    /// The squares named, kings marked, ranges expanded: (`white`, `king`, square).
    pub pieces: Vec<(bool, bool, Square)>,
}

/// Reads a PDN FEN: `W:W31-50:B1-20`, `B:WK4,29:B18,K20`, `W:Wa3,c3:Bb8.`
pub fn parse_fen(text: &str) -> Result<Fen, String> {
    let text = text.trim().trim_end_matches('.');
    let mut fields = text.split(':');
    // PDN 3.0 allows `?` for a side to move that is not known.
    let white_to_move = match fields.next().map(str::trim) {
        Some("W") => Some(true),
        Some("B") => Some(false),
        Some("?") => None,
        other => {
            return Err(format!(
                "a FEN starts with the side to move, `W`, `B` or `?`, not `{}`",
                other.unwrap_or_default()
            ))
        }
    };
    let mut pieces = Vec::new();
    for field in fields {
        let field = field.trim();
        // An empty field is a side with no pieces (`W::.`), as PDN 3.0's FEN allows.
        if field.is_empty() {
            continue;
        }
        let (white, list) = match field.split_at_checked(1) {
            Some(("W", list)) => (true, list),
            Some(("B", list)) => (false, list),
            // Move counters some programs add: `H0`, `F1`.
            Some(("H" | "F", n)) if n.bytes().all(|b| b.is_ascii_digit()) => continue,
            _ => {
                return Err(format!(
                    "`{field}` is not a list of pieces: it starts with `W` or `B`"
                ))
            }
        };
        for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            // `K` marks a king; some programs mark other piece types with a capital letter
            // of their own (`P12`, `G8`), which kifu accepts without knowing them.
            let (king, square) = match item.as_bytes().first() {
                Some(b'K') => (true, &item[1..]),
                Some(b'A'..=b'Z') => (false, &item[1..]),
                _ => (false, item),
            };
            if let Some((from, to)) = square.split_once('-') {
                let (Ok(from), Ok(to)) = (from.trim().parse::<u32>(), to.trim().parse::<u32>())
                else {
                    return Err(format!(
                        "`{item}` is not a range of squares such as `31-50`"
                    ));
                };
                if from > to {
                    return Err(format!("`{item}` runs backwards"));
                }
                // No board has more than 26×26 squares: a longer range is a typo, and
                // expanding it would take the memory of one.
                if to - from >= 26 * 26 {
                    return Err(format!("`{item}` names more squares than any board has"));
                }
                pieces.extend((from..=to).map(|n| (white, king, Square::Number(n))));
            } else {
                let parsed =
                    Square::parse(square).ok_or_else(|| format!("`{item}` is not a square"))?;
                pieces.push((white, king, parsed));
            }
        }
    }
    Ok(Fen {
        white_to_move,
        pieces,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_types() {
        assert_eq!(parse_game_type("20"), Ok(GameType::Known(STANDARD[0])));
        let GameType::Known(english) = parse_game_type("21,B,8,8,N1,0").unwrap() else {
            panic!("21 is standard")
        };
        assert!(english.black_first);
        assert!(matches!(
            parse_game_type("98"),
            Ok(GameType::Unknown(98, None))
        ));
        assert!(parse_game_type("x").is_err());
        assert!(parse_game_type("20,Q,10,10,N2").is_err());
    }

    #[test]
    fn squares() {
        let international = standard(20).unwrap();
        let english = standard(21).unwrap();
        assert!(Square::Number(50).is_on(&international));
        assert!(!Square::Number(51).is_on(&international));
        assert!(!Square::Number(33).is_on(&english));
        assert!(Square::parse("h8").unwrap().is_on(&standard(25).unwrap()));
        assert!(!Square::parse("i8").unwrap().is_on(&standard(25).unwrap()));
        assert_eq!(move_squares("26x37x48"), vec!["26", "37", "48"]);
        assert_eq!(move_squares("b6xd4xf2"), vec!["b6", "d4", "f2"]);
        assert_eq!(move_squares("c3d4"), vec!["c3", "d4"]);
        assert_eq!(move_squares("27-20*"), vec!["27", "20"]);
    }

    #[test]
    fn fens() {
        let fen = parse_fen("W:W31-50:B1-20").unwrap();
        assert_eq!(fen.white_to_move, Some(true));
        assert_eq!(fen.pieces.len(), 40);
        // PDN 3.0: `?` for an unknown side to move, and sides with no pieces.
        assert_eq!(
            parse_fen("?:W29,13,11:B22,4,2").unwrap().white_to_move,
            None
        );
        assert!(parse_fen("W::.").unwrap().pieces.is_empty());
        let fen = parse_fen("B:WK4,K5,29,31:B18,K20,22").unwrap();
        assert_eq!(fen.pieces.iter().filter(|p| p.1).count(), 3);
        assert!(parse_fen("W:Wa3,c3:Bb8,d8").is_ok());
        assert_eq!(parse_fen("W:W:WK23:BP12,K19,K28").unwrap().pieces.len(), 4);
        assert!(parse_fen("W:W27,19,18,11,7,6,5:B28,26,25,20,17,10,9,4,3,2.").is_ok());
        assert!(parse_fen("X:W1").is_err());
        assert!(parse_fen("W:Q1").is_err());
        assert!(parse_fen("W:W9-3").is_err());
        assert!(parse_fen("W:W1-4294967295").is_err());
    }
}
