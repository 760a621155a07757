//! The games of the draughts family that kifu knows: their boards, who starts, how squares
//! are named, and the rules that tell them apart.

use std::fmt;

use super::geometry::{Dir, Geometry, Shape};

/// One of the two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// The side whose men start at the bottom of the diagram (squares with high numbers).
    White,
    /// The side whose men start at the top (squares 1 and up).
    Black,
}

impl Color {
    /// The other side.
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `W` or `B`, as a FEN writes the side.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// A game of the draughts family, named by its PDN `GameType` number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// 20: International draughts, 10×10, flying kings, the most pieces must be taken.
    International,
    /// 21: English draughts (American checkers), 8×8, Black starts, short kings, men take
    /// forwards only, any capture sequence.
    English,
    /// 22: Italian draughts, 8×8 with a light corner at a1, men may not take kings, the
    /// capture that comes first by the Italian precedence rules must be played.
    Italian,
    /// 25: Russian draughts, 8×8, flying kings, any capture sequence, a man crowned during a
    /// capture goes on taking as a king.
    Russian,
    /// 26: Brazilian draughts: International rules on 8×8.
    Brazilian,
    /// 30: Turkish draughts (Dama), all 64 squares, orthogonal moves, pieces taken are lifted
    /// at once.
    Turkish,
    /// 40: Frisian draughts, 10×10, captures along rows and columns too, the capture of the
    /// highest value must be played, a king may not make more than three moves in a row.
    Frisian,
    /// 98 (lidraughts): Antidraughts, International rules; the side that cannot move wins.
    Antidraughts,
    /// 96 (lidraughts): Breakthrough, International rules; the first side to crown a king
    /// wins.
    Breakthrough,
    /// 97 (lidraughts): Frysk!, Frisian rules from five men a side.
    Frysk,
}

/// How a man that reaches the far row in the middle of a capture fares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Crowning {
    /// It stays a man and goes on taking; it is crowned only if the move ends there
    /// (International, Turkish).
    AtEnd,
    /// It is crowned and the move ends there (English, Italian).
    Stops,
    /// It is crowned at once and goes on taking as a king (Russian).
    Continues,
}

/// Which of the complete capture sequences may be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Precedence {
    /// Any of them (English, Russian).
    Free,
    /// Those that take the most pieces (International, Brazilian, Turkish).
    Quantity,
    /// Italian: most pieces, then with a king, then most kings, then kings taken earliest.
    Italian,
    /// Frisian: highest value (a king counts a little less than two men), then with a king.
    Frisian,
}

/// The rules that tell the variants apart, written for White (who moves north); Black's
/// directions are their mirror images.
#[derive(Debug)]
pub(crate) struct Rules {
    size: u8,
    shape: Shape,
    pub(crate) man_moves: &'static [Dir],
    pub(crate) man_captures: &'static [Dir],
    pub(crate) king_moves: &'static [Dir],
    pub(crate) king_captures: &'static [Dir],
    pub(crate) flying_kings: bool,
    pub(crate) men_take_kings: bool,
    pub(crate) crowning: Crowning,
    pub(crate) precedence: Precedence,
    /// Pieces are lifted as they are taken (Turkish), so a square may be crossed again and a
    /// piece may not turn straight back; otherwise they stay until the move ends and may not
    /// be jumped twice.
    pub(crate) lift_at_once: bool,
    /// Frisian: how many non-capturing moves in a row one king may make while its side
    /// still has men.
    pub(crate) king_move_limit: Option<u8>,
}

impl Rules {
    /// The board these rules are played on.
    pub(crate) fn geometry(&self) -> &'static Geometry {
        Geometry::get(self.size, self.shape)
    }
}

/// International draughts, the rules several others start from.
const INTERNATIONAL: Rules = Rules {
    size: 10,
    shape: Shape::Dark,
    man_moves: FORWARD_DIAGONALS,
    man_captures: DIAGONALS,
    king_moves: DIAGONALS,
    king_captures: DIAGONALS,
    flying_kings: true,
    men_take_kings: true,
    crowning: Crowning::AtEnd,
    precedence: Precedence::Quantity,
    lift_at_once: false,
    king_move_limit: None,
};

const ENGLISH: Rules = Rules {
    size: 8,
    man_captures: FORWARD_DIAGONALS,
    flying_kings: false,
    crowning: Crowning::Stops,
    precedence: Precedence::Free,
    ..INTERNATIONAL
};

const ITALIAN: Rules = Rules {
    shape: Shape::DarkInverted,
    men_take_kings: false,
    precedence: Precedence::Italian,
    ..ENGLISH
};

const RUSSIAN: Rules = Rules {
    size: 8,
    crowning: Crowning::Continues,
    precedence: Precedence::Free,
    ..INTERNATIONAL
};

const BRAZILIAN: Rules = Rules {
    size: 8,
    ..INTERNATIONAL
};

const TURKISH: Rules = Rules {
    size: 8,
    shape: Shape::Full,
    man_moves: TURKISH_MAN,
    man_captures: TURKISH_MAN,
    king_moves: ORTHOGONALS,
    king_captures: ORTHOGONALS,
    // "Promoted to a king at the end of the move" (Wikipedia, and the `kish` engine): a man
    // on the far row goes on taking sideways as a man. Some sites say it goes on as a king.
    crowning: Crowning::AtEnd,
    lift_at_once: true,
    ..INTERNATIONAL
};

const FRISIAN: Rules = Rules {
    man_captures: ALL_DIRECTIONS,
    king_captures: ALL_DIRECTIONS,
    precedence: Precedence::Frisian,
    king_move_limit: Some(3),
    ..INTERNATIONAL
};

const FORWARD_DIAGONALS: &[Dir] = &[Dir::NorthWest, Dir::NorthEast];
const DIAGONALS: &[Dir] = &Dir::DIAGONALS;
const ALL_DIRECTIONS: &[Dir] = &Dir::ALL;
const ORTHOGONALS: &[Dir] = &Dir::ORTHOGONALS;
const TURKISH_MAN: &[Dir] = &[Dir::North, Dir::West, Dir::East];

impl Variant {
    /// Every supported variant.
    pub const ALL: [Variant; 10] = [
        Variant::International,
        Variant::English,
        Variant::Italian,
        Variant::Russian,
        Variant::Brazilian,
        Variant::Turkish,
        Variant::Frisian,
        Variant::Antidraughts,
        Variant::Breakthrough,
        Variant::Frysk,
    ];

    /// The variant of a PDN `GameType` number (96-98 are lidraughts' own numbers).
    pub fn from_game_type(number: u32) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.game_type() == number)
    }

    /// The PDN `GameType` number.
    pub fn game_type(self) -> u32 {
        match self {
            Variant::International => 20,
            Variant::English => 21,
            Variant::Italian => 22,
            Variant::Russian => 25,
            Variant::Brazilian => 26,
            Variant::Turkish => 30,
            Variant::Frisian => 40,
            Variant::Breakthrough => 96,
            Variant::Frysk => 97,
            Variant::Antidraughts => 98,
        }
    }

    /// The game's name in English.
    pub fn name(self) -> &'static str {
        match self {
            Variant::International => "International draughts",
            Variant::English => "English draughts",
            Variant::Italian => "Italian draughts",
            Variant::Russian => "Russian draughts",
            Variant::Brazilian => "Brazilian draughts",
            Variant::Turkish => "Turkish draughts",
            Variant::Frisian => "Frisian draughts",
            Variant::Antidraughts => "Antidraughts",
            Variant::Breakthrough => "Breakthrough",
            Variant::Frysk => "Frysk!",
        }
    }

    /// Columns of the board.
    pub fn width(self) -> u8 {
        self.geometry().width
    }

    /// Rows of the board.
    pub fn height(self) -> u8 {
        self.geometry().height
    }

    /// How many squares are played on (and so numbered): 50, 32 or 64.
    pub fn square_count(self) -> u8 {
        self.geometry().count
    }

    /// The side that makes the first move of a game.
    pub fn first_mover(self) -> Color {
        match self {
            Variant::English => Color::Black,
            _ => Color::White,
        }
    }

    /// Whether PDN writes this game's moves with coordinates (`c3-d4`) rather than numbers.
    pub fn is_alphanumeric(self) -> bool {
        matches!(
            self,
            Variant::Russian | Variant::Brazilian | Variant::Turkish
        )
    }

    /// The start position as a FEN.
    pub fn start_fen(self) -> &'static str {
        match self {
            Variant::International
            | Variant::Frisian
            | Variant::Antidraughts
            | Variant::Breakthrough => "W:W31-50:B1-20",
            Variant::English => "B:W21-32:B1-12",
            Variant::Italian | Variant::Russian | Variant::Brazilian => "W:W21-32:B1-12",
            // Two full rows a side, leaving each back row empty.
            Variant::Turkish => "W:W41-56:B9-24",
            Variant::Frysk => "W:W46-50:B1-5",
        }
    }

    /// `(row, column)` of a square as White sees the board: row 0 is the top, column 0 the
    /// a-file. For drawing boards.
    pub fn coordinates(self, square: u8) -> Option<(u8, u8)> {
        self.geometry().coords(square)
    }

    pub(crate) fn rules(self) -> &'static Rules {
        match self {
            Variant::International | Variant::Antidraughts | Variant::Breakthrough => {
                &INTERNATIONAL
            }
            Variant::English => &ENGLISH,
            Variant::Italian => &ITALIAN,
            Variant::Russian => &RUSSIAN,
            Variant::Brazilian => &BRAZILIAN,
            Variant::Turkish => &TURKISH,
            Variant::Frisian | Variant::Frysk => &FRISIAN,
        }
    }

    pub(crate) fn geometry(self) -> &'static Geometry {
        self.rules().geometry()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The square that `c3` names in `variant`, or `None` when it names no square played on.
///
/// Files run from `a` and ranks from `1` at the bottom-left corner as the side that starts
/// sees the board (PDN's GameType notation is "from the perspective of the starting
/// player"): White's lower left in most games, Black's in English draughts, where `c3-d4` is
/// the opening move square 11 to 15, as playstrategy.org writes it.
pub fn square_from_alphanumeric(variant: Variant, text: &str) -> Option<u8> {
    let bytes = text.trim().as_bytes();
    let (&file, rank) = bytes.split_first()?;
    let file = file.to_ascii_lowercase().checked_sub(b'a')?;
    let rank: u8 = std::str::from_utf8(rank).ok()?.parse().ok()?;
    let geometry = variant.geometry();
    if rank == 0 || rank > geometry.height || file >= geometry.width {
        return None;
    }
    let (row, col) = match variant.first_mover() {
        Color::White => (geometry.height - rank, file),
        Color::Black => (rank - 1, geometry.width - 1 - file),
    };
    geometry.square_at(row, col)
}

/// The coordinates of a square, `c3`, the reverse of [`square_from_alphanumeric`].
pub fn square_to_alphanumeric(variant: Variant, square: u8) -> Option<String> {
    let geometry = variant.geometry();
    let (row, col) = geometry.coords(square)?;
    let (file, rank) = match variant.first_mover() {
        Color::White => (col, geometry.height - row),
        Color::Black => (geometry.width - 1 - col, row + 1),
    };
    Some(format!("{}{}", char::from(b'a' + file), rank))
}

/// The name of a square as the variant's PDN writes it: `32` or `c3`.
pub fn square_name(variant: Variant, square: u8) -> String {
    if variant.is_alphanumeric() {
        if let Some(name) = square_to_alphanumeric(variant, square) {
            return name;
        }
    }
    square.to_string()
}

/// The square a word names in `variant`: a number, or coordinates in any variant.
pub fn parse_square(variant: Variant, text: &str) -> Option<u8> {
    let text = text.trim();
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        let n: u8 = text.parse().ok()?;
        return variant.geometry().contains(n).then_some(n);
    }
    square_from_alphanumeric(variant, text)
}
