//! A move that was played: the new position and the facts about the move.

use std::fmt;

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::uci::UciMove;
use shakmaty::variant::VariantPosition;
use shakmaty::{CastlingSide, Move, Position as _, Role, Square};

use super::position::Position;
use super::variant::Variant;

/// What the text of a move said about check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CheckMark {
    /// No mark.
    #[default]
    None,
    /// `+`.
    Check,
    /// `++`: double check in old notation, checkmate in some programs. Neither is SAN.
    DoubleCheck,
    /// `#`.
    Mate,
}

impl CheckMark {
    /// The mark as SAN writes it: `""`, `"+"`, `"++"`, `"#"`.
    pub fn as_str(self) -> &'static str {
        match self {
            CheckMark::None => "",
            CheckMark::Check => "+",
            CheckMark::DoubleCheck => "++",
            CheckMark::Mate => "#",
        }
    }

    /// Whether the mark says the move checks (or mates).
    pub fn says_check(self) -> bool {
        self != CheckMark::None
    }
}

/// A way of writing a move that is not SAN as the PGN standard defines it, but that readers
/// accept: the move is played and the form noted, so that a game is warned about once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Form {
    /// `0-0` for `O-O`, and a zero for one of its letters (`O-0`, `0-O-O`).
    CastlingWithZeros,
    /// `e8Q`, `e8/Q`, `e8(Q)` for `e8=Q`.
    PromotionWithoutEquals,
    /// The origin square written out: `e2-e4`, `Ng1-f3`, `Ng1f3`, `Ng1xf3`.
    LongAlgebraic,
    /// UCI: `e2e4`, `g1f3`, `e7e8q`, `e1h1`.
    Uci,
    /// A piece letter of the game's language where it is not English: `Sf3` in a game
    /// read as German.
    ForeignPieceLetter,
    /// A piece letter the game's language does not have, read in another language: `Sf3`
    /// in an English game, `Nf3` in a German one.
    OtherLanguageLetter,
    /// A figurine for the piece: `♘f3`.
    Figurine,
    /// `P` written for a pawn: `Pe4`.
    PawnLetter,
    /// A capture written without `x`: `Nf3` for `Nxf3`, `ed5` for `exd5`. python-chess and
    /// most readers accept it.
    MissingCaptureMark,
    /// `x` written on a move that captures nothing: `Nxf3` for `Nf3`. python-chess accepts
    /// it (shakmaty does not); the move is unambiguous either way, so it is played.
    WrongCaptureMark,
    /// `:` or `×` for `x`.
    OtherCaptureMark,
    /// An origin file or rank that is not needed, or a rank where the file would do:
    /// `Nbd2` with one knight able to reach d2.
    RedundantDisambiguation,
    /// An origin file or rank that names no piece that can move there, while exactly one
    /// piece of that kind can: `Nbd2` with the only knight on f3.
    WrongDisambiguation,
    /// A pawn capture without the pawn's file: `xd5`.
    PawnCaptureWithoutFile,
    /// A null move, `--`, `Z0`, `0000` or `@@@@`: not a move of chess, but written by
    /// ChessBase and others in analysis.
    NullMove,
    /// `e.p.` after an en passant capture.
    EnPassantMark,
    /// Castling written as the king's move: `Kg1`, `Ke1-g1`, `Kxh1` (king takes rook).
    KingMoveCastling,
    /// Castling written with lower-case letters: `o-o`, `o-o-o`, as moves are typed by hand.
    LowercaseCastling,
    /// Castling written without its hyphens: `OO`, `OOO`.
    CastlingWithoutHyphens,
    /// An English piece letter typed in lower case: `nf3`, `qxd8+` (not `b`, a file).
    LowercasePieceLetter,
    /// A pawn's file typed as a capital: `E4`, `D5+`, `Exd5` (a capital that is no piece
    /// letter of the game's language before a capture; before a square alone, any, as a
    /// piece's move needs a square after its letter).
    UppercaseFile,
}

impl Form {
    /// Every form, in the order of [`Forms::iter`].
    pub const ALL: [Form; 21] = [
        Form::CastlingWithZeros,
        Form::PromotionWithoutEquals,
        Form::LongAlgebraic,
        Form::Uci,
        Form::ForeignPieceLetter,
        Form::OtherLanguageLetter,
        Form::Figurine,
        Form::PawnLetter,
        Form::MissingCaptureMark,
        Form::WrongCaptureMark,
        Form::OtherCaptureMark,
        Form::RedundantDisambiguation,
        Form::WrongDisambiguation,
        Form::PawnCaptureWithoutFile,
        Form::NullMove,
        Form::EnPassantMark,
        Form::KingMoveCastling,
        Form::LowercaseCastling,
        Form::CastlingWithoutHyphens,
        Form::LowercasePieceLetter,
        Form::UppercaseFile,
    ];

    /// The words for a warning: `castling written with zeros (0-0 for O-O)`.
    pub fn description(self) -> &'static str {
        match self {
            Form::CastlingWithZeros => "castling written with zeros (0-0 for O-O)",
            Form::PromotionWithoutEquals => "promotion written without = (e8Q for e8=Q)",
            Form::LongAlgebraic => "long algebraic notation (Ng1-f3 for Nf3)",
            Form::Uci => "UCI notation (g1f3 for Nf3)",
            Form::ForeignPieceLetter => "piece letters of another language than English",
            Form::OtherLanguageLetter => {
                "a piece letter of another language than the game's (Sf3 in an English game)"
            }
            Form::Figurine => "figurines for piece letters (♘f3 for Nf3)",
            Form::PawnLetter => "a P for pawn moves (Pe4 for e4)",
            Form::MissingCaptureMark => "a capture written without x (Nf3 for Nxf3)",
            Form::WrongCaptureMark => "an x on a move that captures nothing",
            Form::OtherCaptureMark => "a capture written with : or × for x",
            Form::RedundantDisambiguation => {
                "an origin file or rank that SAN does not need (Nbd2 where Nd2 is unique)"
            }
            Form::WrongDisambiguation => "an origin file or rank of the wrong piece",
            Form::PawnCaptureWithoutFile => "a pawn capture without the pawn's file (xd5)",
            Form::NullMove => "null moves (--, Z0), which are not moves of chess",
            Form::EnPassantMark => "e.p. after an en passant capture",
            Form::KingMoveCastling => "castling written as a king move (Kg1 for O-O)",
            Form::LowercaseCastling => "castling written in lower case (o-o for O-O)",
            Form::CastlingWithoutHyphens => "castling written without hyphens (OO for O-O)",
            Form::LowercasePieceLetter => "a piece letter in lower case (nf3 for Nf3)",
            Form::UppercaseFile => "a pawn's file as a capital letter (E4 for e4)",
        }
    }

    const fn bit(self) -> u32 {
        // `Forms` holds one bit per form.
        const _: () = assert!(Form::ALL.len() <= u32::BITS as usize);
        1 << self as u8
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.description())
    }
}

/// A set of [`Form`]s: the non-standard forms of one move, or of a whole game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Forms(u32);

impl Forms {
    /// No form: the move is standard SAN.
    pub const EMPTY: Forms = Forms(0);

    /// Whether the set holds `form`.
    pub const fn contains(self, form: Form) -> bool {
        self.0 & form.bit() != 0
    }

    /// Adds `form`.
    pub fn insert(&mut self, form: Form) {
        self.0 |= form.bit();
    }

    /// Removes `form`.
    pub fn remove(&mut self, form: Form) {
        self.0 &= !form.bit();
    }

    /// Whether the set is empty: the move was written in standard SAN.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Every form in either set (for the forms a game has used so far).
    #[must_use]
    pub const fn union(self, other: Forms) -> Forms {
        Forms(self.0 | other.0)
    }

    /// The forms of `self` that are not in `other` (for the forms not yet warned about).
    #[must_use]
    pub const fn difference(self, other: Forms) -> Forms {
        Forms(self.0 & !other.0)
    }

    /// The forms in the set.
    pub fn iter(self) -> impl Iterator<Item = Form> {
        Form::ALL.into_iter().filter(move |f| self.contains(*f))
    }
}

impl FromIterator<Form> for Forms {
    fn from_iter<I: IntoIterator<Item = Form>>(iter: I) -> Forms {
        let mut forms = Forms::EMPTY;
        for form in iter {
            forms.insert(form);
        }
        forms
    }
}

impl fmt::Debug for Forms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// A move in standard SAN, as [`Played::san`] gives it: shakmaty's [`SanPlus`], displayed
/// as Lichess and python-chess write it (a pawn drop is `P@e6`, where shakmaty writes `@e6`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StandardSan(pub SanPlus);

impl StandardSan {
    /// The SAN appended to `out` (ASCII), as it displays.
    pub fn append_to(self, out: &mut Vec<u8>) {
        if let San::Put {
            role: Role::Pawn, ..
        } = self.0.san
        {
            out.push(b'P');
        }
        self.0.append_ascii_to(out);
    }

    /// The SAN in a string of its own, as it displays ([`StandardSan::append_to`] into room
    /// for any SAN: `Nb1xd2+`, `exd8=Q#`). Through `Display`, each character went through
    /// the formatter into a string that grew: a tenth of checking a game written in long
    /// algebraic, which needs each move's SAN for its fix.
    pub fn to_text(self) -> String {
        let mut text = Vec::with_capacity(8);
        self.append_to(&mut text);
        String::from_utf8(text).expect("SAN is ASCII")
    }
}

impl fmt::Display for StandardSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let San::Put {
            role: Role::Pawn, ..
        } = self.0.san
        {
            f.write_str("P")?;
        }
        fmt::Display::fmt(&self.0, f)
    }
}

/// A move that was played: the position after it and what is known about it. SAN and UCI
/// are made on demand, so that replaying a game allocates nothing per move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub(crate) position: Position,
    /// `None` for a null move.
    pub(crate) chess_move: Option<Move>,
    /// The move in SAN as the position before it needs it (`San::Null` for a null move).
    pub(crate) san: San,
    pub(crate) written_check: CheckMark,
    pub(crate) forms: Forms,
}

/// A move played in place ([`Position::play_mut`]): what [`Played`] knows of it, but the
/// position after it, which is the one it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moved {
    pub(crate) chess_move: Option<Move>,
    pub(crate) san: San,
    pub(crate) written_check: CheckMark,
    pub(crate) forms: Forms,
}

impl Moved {
    /// A move read by a fast path: a move of the board, its standard SAN, the check mark
    /// written and the non-standard forms it was written in.
    #[inline(always)]
    pub(crate) fn fast(m: Move, san: San, written_check: CheckMark, forms: Forms) -> Moved {
        Moved {
            chess_move: Some(m),
            san,
            written_check,
            forms,
        }
    }

    /// The move with the position after it.
    pub fn with_position(self, after: Position) -> Played {
        Played {
            position: after,
            chess_move: self.chess_move,
            san: self.san,
            written_check: self.written_check,
            forms: self.forms,
        }
    }

    /// The move; `None` for a null move.
    pub fn chess_move(&self) -> Option<Move> {
        self.chess_move
    }

    /// What the text said about check (see [`Played::written_check`]).
    pub fn written_check(&self) -> CheckMark {
        self.written_check
    }

    /// The non-standard forms the text used (see [`Played::forms`]).
    pub fn forms(&self) -> Forms {
        self.forms
    }

    /// The move in standard SAN, given the position after it (see [`Played::san`]).
    pub fn san(&self, after: &Position) -> StandardSan {
        self.san_marked(after.deserved_mark())
    }

    /// The move in standard SAN with `mark`, the one the position after it deserves
    /// ([`Position::deserved_mark`]), for a caller that has it already.
    pub fn san_marked(&self, mark: CheckMark) -> StandardSan {
        standard_san(self.san, mark)
    }

    /// The move in UCI, given the position after it (see [`Played::uci`]).
    pub fn uci(&self, after: &Position) -> UciMove {
        match self.chess_move {
            Some(m) => m.to_uci(after.castling_mode()),
            None => UciMove::Null,
        }
    }
}

/// SAN with the mark the position after the move gives it.
fn standard_san(san: San, mark: CheckMark) -> StandardSan {
    StandardSan(SanPlus {
        san,
        suffix: match mark {
            CheckMark::None => None,
            CheckMark::Check | CheckMark::DoubleCheck => Some(Suffix::Check),
            CheckMark::Mate => Some(Suffix::Checkmate),
        },
    })
}

impl Position {
    /// The mark the move that led to this position deserves (see [`Played::check_mark`]).
    #[inline]
    pub fn deserved_mark(&self) -> CheckMark {
        let pos = self.shakmaty();
        // Standard chess (and Chess960) has no end of its own, and asks nothing more here.
        // Antichess ends in stalemate without `is_variant_end`; its outcome costs a move
        // generation, which only antichess games pay.
        if !matches!(pos, VariantPosition::Chess(_))
            && (pos.is_variant_end() || self.variant() == Variant::Antichess)
            && pos.variant_outcome().winner().is_some()
        {
            CheckMark::Mate
        } else if !self.is_check() {
            CheckMark::None
        } else if !self.king_can_step() && self.legal_moves().is_empty() {
            CheckMark::Mate
        } else {
            CheckMark::Check
        }
    }
}

impl Played {
    /// What is known of the move, without the position.
    pub fn moved(&self) -> Moved {
        Moved {
            chess_move: self.chess_move,
            san: self.san,
            written_check: self.written_check,
            forms: self.forms,
        }
    }

    /// The position after the move.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position after the move, for the next one.
    pub fn into_position(self) -> Position {
        self.position
    }

    /// The move; `None` for a null move.
    pub fn chess_move(&self) -> Option<Move> {
        self.chess_move
    }

    /// Whether this was a null move (`--`, `Z0`).
    pub fn is_null(&self) -> bool {
        self.chess_move.is_none()
    }

    /// The move in standard SAN, English letters, with `+` or `#` as the position after
    /// it calls for: what the text should have been.
    pub fn san(&self) -> StandardSan {
        self.moved().san(&self.position)
    }

    /// The move in UCI. Castling is the king's move (`e1g1`) in standard chess and the
    /// king taking its rook (`e1h1`) in Chess960, as engines of each expect.
    pub fn uci(&self) -> UciMove {
        self.moved().uci(&self.position)
    }

    /// The mark the move deserves, as Lichess and shakmaty write it: `#` for checkmate and
    /// for any other win the move brings (the third check, a king on the hill, an exploded
    /// king, antichess's last piece), `+` for check, none otherwise. (python-chess writes
    /// `+` for a third check that does not mate: a caller may accept either there.)
    pub fn check_mark(&self) -> CheckMark {
        self.position.deserved_mark()
    }

    /// Whether the move gives check.
    pub fn gives_check(&self) -> bool {
        self.position.is_check()
    }

    /// Whether the move mates or otherwise wins (see [`Played::check_mark`]).
    pub fn is_checkmate(&self) -> bool {
        self.check_mark() == CheckMark::Mate
    }

    /// What the text said about check: `+`, `++`, `#` or nothing. Compare it with
    /// [`Played::check_mark`] to find a wrong mark.
    pub fn written_check(&self) -> CheckMark {
        self.written_check
    }

    /// Whether the move captured (en passant included).
    pub fn is_capture(&self) -> bool {
        self.chess_move.is_some_and(Move::is_capture)
    }

    /// The piece that moved (the king for castling); `None` for a null move.
    pub fn role(&self) -> Option<Role> {
        self.chess_move.map(Move::role)
    }

    /// The square the piece left (the king's for castling); `None` for a drop or a null
    /// move.
    pub fn from(&self) -> Option<Square> {
        self.chess_move.and_then(Move::from)
    }

    /// The square the piece went to: for castling, the king's new square (`g1`), not the
    /// rook's; `None` for a null move.
    pub fn to(&self) -> Option<Square> {
        self.chess_move.map(|m| match m {
            Move::Castle { king, rook } => {
                // The side that moved is the one not to move now.
                let color = !self.position.turn();
                CastlingSide::from_king_side(king < rook).king_to(color)
            }
            _ => m.to(),
        })
    }

    /// The piece a pawn was promoted to.
    pub fn promotion(&self) -> Option<Role> {
        self.chess_move.and_then(Move::promotion)
    }

    /// The non-standard forms the text used, for a warning once per game.
    pub fn forms(&self) -> Forms {
        self.forms
    }
}
