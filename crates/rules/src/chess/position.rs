//! A position of a game of chess or one of its variants, and how a game can end.

use std::fmt;

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::variant::VariantPosition;
use shakmaty::{
    attacks, Bitboard, Board, CastlingMode, CastlingSide, Color, EnPassantMode, MoveList,
    Position as _, PositionError, PositionErrorKinds, Rank, Role, Setup, Square,
};

use super::variant::Variant;

/// A position: the board, the side to move, castling rights, the en passant square, the
/// clocks, and what a variant adds (pockets, remaining checks).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) inner: VariantPosition,
    pub(crate) variant: Variant,
    /// In standard chess (and Chess960), the pieces that give check to the side to move;
    /// empty in the other variants. Found once for each position: a replay asks after
    /// every move (for the mark it deserves) and again before the next (for the moves that
    /// answer a check), and the search was two thirds of the cost of that mark.
    checkers: Bitboard,
}

impl Position {
    /// The start position of `variant`. Chess960 without a FEN starts from the standard
    /// array (position 518), with Chess960 castling.
    pub fn new(variant: Variant) -> Position {
        let inner = match variant {
            Variant::Chess960 => VariantPosition::from_setup(
                variant.rules(),
                Setup::initial(),
                CastlingMode::Chess960,
            )
            .expect("the standard start position is a Chess960 position"),
            _ => VariantPosition::new(variant.rules()),
        };
        Position::of(inner, variant)
    }

    /// The position of `inner`, in `variant`.
    pub(crate) fn of(inner: VariantPosition, variant: Variant) -> Position {
        Position {
            checkers: checkers(&inner),
            inner,
            variant,
        }
    }

    /// Plays `m`, a legal move here, in place.
    #[inline]
    pub(crate) fn play_unchecked(&mut self, m: shakmaty::Move) {
        self.inner.play_unchecked(m);
        self.checkers = match (&self.inner, m) {
            (
                VariantPosition::Chess(pos),
                shakmaty::Move::Normal {
                    role,
                    from,
                    to,
                    promotion,
                    ..
                },
            ) => checks_given(pos, promotion.unwrap_or(role), from, to),
            (inner, _) => checkers(inner),
        };
    }

    /// The position a FEN describes, for a game with `[SetUp "1"] [FEN "..."]`.
    ///
    /// Castling rights may be written as X-FEN (`KQkq`, the outermost rook) or Shredder-FEN
    /// (`HAha`, the rooks' files). Chess960 castling is used for [`Variant::Chess960`], and
    /// for any variant whose FEN has rights that standard castling cannot have (a king off
    /// the e-file, a rook off the a- and h-files).
    ///
    /// # Errors
    ///
    /// [`FenError::Syntax`] when the text is not FEN, [`FenError::Impossible`] when the
    /// position cannot occur in a game; the latter carries a repaired position when the
    /// only problems are ones a reader can drop (bad castling rights or en passant square).
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        let fen = Fen::from_ascii(fen.trim().as_bytes()).map_err(FenError::syntax)?;
        let setup = fen.into_setup();
        let mode = if variant == Variant::Chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::detect(&setup)
        };
        let board = setup.board.clone();
        match VariantPosition::from_setup(variant.rules(), setup, mode) {
            Ok(inner) => Ok(Position::of(inner, variant)),
            Err(error) => {
                let problems = FenProblem::from_kinds(error.kinds(), &board);
                let repaired = error
                    .ignore_invalid_castling_rights()
                    .or_else(PositionError::ignore_invalid_ep_square)
                    .or_else(PositionError::ignore_too_much_material)
                    .or_else(PositionError::ignore_impossible_check)
                    .ok()
                    .map(|inner| Box::new(Position::of(inner, variant)));
                Err(FenError::Impossible { problems, repaired })
            }
        }
    }

    /// The start of a game: the position of `fen` (the `FEN` tag) when there is one, else
    /// the variant's start position.
    ///
    /// # Errors
    ///
    /// As [`Position::from_fen`].
    pub fn setup(variant: Variant, fen: Option<&str>) -> Result<Position, FenError> {
        match fen {
            Some(fen) => Position::from_fen(variant, fen),
            None => Ok(Position::new(variant)),
        }
    }

    /// The variant whose rules the position follows.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        // Standard chess without the variant's dispatch, which is not inlined.
        match &self.inner {
            VariantPosition::Chess(pos) => pos.turn(),
            pos => pos.turn(),
        }
    }

    /// The number of the move to be played: 1 at the start, one more after each Black move.
    pub fn fullmove_number(&self) -> u32 {
        self.inner.fullmoves().get()
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        match &self.inner {
            VariantPosition::Chess(_) => self.checkers.any(),
            pos => pos.is_check(),
        }
    }

    /// Standard or Chess960 castling: how castling moves are written in UCI.
    pub fn castling_mode(&self) -> CastlingMode {
        self.inner.castles().mode()
    }

    /// The pieces on the board.
    pub fn board(&self) -> &Board {
        self.inner.board()
    }

    /// The position as FEN (Shredder-style castling rights in Chess960 only when X-FEN
    /// cannot say them).
    pub fn fen(&self) -> String {
        let mut fen = Vec::with_capacity(96);
        self.append_fen(&mut fen);
        String::from_utf8(fen).expect("a FEN is ASCII")
    }

    /// [`Position::fen`] appended to `out` (ASCII), for a writer that has a buffer.
    pub fn append_fen(&self, out: &mut Vec<u8>) {
        match &self.inner {
            // Standard chess, written byte by byte: shakmaty's FEN goes through `fmt` a
            // character at a time, and an export writes one FEN per move.
            VariantPosition::Chess(pos) if pos.castles().mode() == CastlingMode::Standard => {
                standard_fen(pos, out)
            }
            inner => out.extend_from_slice(
                Fen::from_position(inner, EnPassantMode::Legal)
                    .to_string()
                    .as_bytes(),
            ),
        }
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        // Standard chess is called directly: through the variant's dispatch the list
        // (kilobytes) is copied once more on its way back.
        match &self.inner {
            VariantPosition::Chess(pos) => pos.legal_moves(),
            pos => pos.legal_moves(),
        }
    }

    /// The legal moves of a `role` to `to` (and the castling moves when the king goes to
    /// a castling square): what a SAN move can mean. Standard chess is called directly,
    /// as in [`Position::legal_moves`].
    pub(crate) fn san_candidates(&self, role: Role, to: Square) -> MoveList {
        match &self.inner {
            VariantPosition::Chess(pos) => pos.san_candidates(role, to),
            pos => pos.san_candidates(role, to),
        }
    }

    /// Where a `role` of the side to move can legally come from to reach `to` with a
    /// normal move, and what it takes there: [`Position::san_candidates`] as squares, in the
    /// common case: standard chess (or Chess960), no en passant to `to`. `None` in every
    /// other case, for the caller to ask shakmaty. A pawn that reaches the last rank makes
    /// one move for each promotion from each of these squares.
    ///
    /// shakmaty builds its list of moves on its own stack and returns it by value:
    /// kilobytes copied for every move read, more than the search itself. Here only the
    /// pieces that can reach `to` are looked at, and a SAN move is resolved on the squares
    /// (see `resolution`) without a list.
    #[inline]
    pub(crate) fn legal_origins(&self, role: Role, to: Square) -> Option<(Bitboard, Option<Role>)> {
        let VariantPosition::Chess(pos) = &self.inner else {
            return None;
        };
        if role == Role::Pawn && pos.maybe_ep_square() == Some(to) {
            return None;
        }
        let board = pos.board();
        let turn = pos.turn();
        if pos.us().contains(to) {
            return Some((Bitboard::EMPTY, None));
        }
        let king = board.king_of(turn).expect("king in standard chess");
        let occupied = board.occupied();
        // In check, a piece other than the king can only take the one checking piece or
        // step between it and the king.
        let checkers = self.checkers;
        if role != Role::King
            && checkers.any()
            && (checkers.more_than_one()
                || !(checkers | attacks::between(king, checkers.first().unwrap_or(king)))
                    .contains(to))
        {
            return Some((Bitboard::EMPTY, None));
        }
        let capture = board.role_at(to);
        let ours = pos.our(role);
        // A knight's or a slider's squares from the table of what each reaches, the
        // knight's kept as they are (no square between a knight and its target), where a
        // `match` on the role compiled to a jump whose target changes from move to move
        // (mispredicted for 94,000 of 127,000 moves of the 2 MB file, by callgrind's branch
        // simulation). The king and the pawns, whose moves differ, are tested apart.
        let from = if role == Role::King {
            // A step of the king (castling is read apart): legal where no enemy piece
            // attacks the square once the king has left its own.
            let king = attacks::king_attacks(to) & ours;
            return Some((
                if attackers(board, to, !turn, occupied ^ king).is_empty() {
                    king
                } else {
                    Bitboard::EMPTY
                },
                capture,
            ));
        } else if role != Role::Pawn {
            unblocked(
                to,
                REACHES[0][role as usize - 1][to.to_usize()] & ours,
                occupied,
            )
        } else if capture.is_some() {
            attacks::pawn_attacks(!turn, to) & ours
        } else {
            // A push: one square, or two from the pawn's first rank over an empty one.
            let back = |sq: Square| sq.offset(turn.fold_wb(-8, 8));
            match back(to) {
                Some(one) if ours.contains(one) => Bitboard::from_square(one),
                Some(one)
                    if !occupied.contains(one)
                        && to.rank() == turn.fold_wb(Rank::Fourth, Rank::Fifth) =>
                {
                    back(one).map_or(Bitboard::EMPTY, |two| ours & Bitboard::from_square(two))
                }
                _ => Bitboard::EMPTY,
            }
        };
        // Only a piece on one of the king's lines can be pinned: most moves look no further.
        let on_lines = from & (rook_lines(king) | bishop_lines(king));
        if on_lines.is_empty() {
            return Some((from, capture));
        }
        // Our pieces that alone stand between an enemy slider and our king: they may only
        // move along that line.
        let snipers = ((rook_lines(king) & board.rooks_and_queens())
            | (bishop_lines(king) & board.bishops_and_queens()))
            & pos.them();
        let mut legal = from;
        for sniper in snipers {
            let between = attacks::between(king, sniper) & occupied;
            if let Some(pinned) = between.single_square() {
                if on_lines.contains(pinned) && !attacks::aligned(pinned, to, king) {
                    legal.discard(pinned);
                }
            }
        }
        Some((legal, capture))
    }

    /// The castling move to `side`, if it is legal, in standard chess (and Chess960): what
    /// shakmaty's `castling_moves` finds, without its list (kilobytes built and returned by
    /// value for every castling read). `None` in the other variants, whose rules shakmaty's
    /// answer keeps.
    pub(crate) fn castle(&self, side: CastlingSide) -> Option<Option<shakmaty::Move>> {
        let VariantPosition::Chess(pos) = &self.inner else {
            return None;
        };
        let (board, turn, castles) = (pos.board(), pos.turn(), pos.castles());
        let Some(rook) = castles.rook(turn, side) else {
            return Some(None);
        };
        let king = board.king_of(turn).expect("king in standard chess");
        let occupied = board.occupied();
        if (castles.path(turn, side) & occupied).any() {
            return Some(None);
        }
        // The king's square after castling, with the king and rook moved; then every
        // square it crosses, its own among them.
        let king_to = side.king_to(turn);
        if attackers(
            board,
            king_to,
            !turn,
            occupied ^ king ^ rook ^ side.rook_to(turn),
        )
        .any()
        {
            return Some(None);
        }
        let crossed = shakmaty::attacks::between(king, king_to).with(king);
        if crossed
            .into_iter()
            .any(|sq| attackers(board, sq, !turn, occupied ^ king).any())
        {
            return Some(None);
        }
        Some(Some(shakmaty::Move::Castle { king, rook }))
    }

    /// Whether the king of the side to move can step to a square next to it (castling
    /// aside), in standard chess (or Chess960); `false` in the other variants. A king that
    /// can step is not mated: a check is told from a mate without generating every move.
    pub(crate) fn king_can_step(&self) -> bool {
        use shakmaty::attacks;
        let VariantPosition::Chess(pos) = &self.inner else {
            return false;
        };
        let board = pos.board();
        let turn = pos.turn();
        let Some(king) = board.king_of(turn) else {
            return false;
        };
        let occupied = board.occupied().without(king);
        (attacks::king_attacks(king) & !pos.us())
            .into_iter()
            .any(|to| attackers(board, to, !turn, occupied).is_empty())
    }

    /// The shakmaty position, for what this type does not offer.
    pub fn shakmaty(&self) -> &VariantPosition {
        &self.inner
    }

    /// How the game has ended in this position, or `None` while it goes on. Checked in the
    /// order of the rules: a variant's end first, then checkmate and stalemate, then
    /// insufficient material. Draws by repetition and the 50-move rule need the game's
    /// history and are not decided here.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = &self.inner;
        // Antichess ends in stalemate without `is_variant_end`, so ask for the variant's
        // outcome whenever the variant has its own ends.
        if pos.is_variant_end() || self.variant == Variant::Antichess {
            if let Some(known) = pos.variant_outcome().known() {
                return Some(Outcome::Variant {
                    winner: known.winner(),
                    end: self.variant_end(),
                });
            }
        }
        // A king that can step has a legal move: most games end so, and their end is told
        // without generating every move.
        if !self.king_can_step() && pos.legal_moves().is_empty() {
            return Some(if pos.is_check() {
                Outcome::Checkmate {
                    winner: !pos.turn(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        pos.is_insufficient_material()
            .then_some(Outcome::InsufficientMaterial)
    }

    /// Why a game of this variant ended by the variant's own rule.
    fn variant_end(&self) -> VariantEnd {
        match self.variant {
            Variant::Atomic => VariantEnd::KingExploded,
            Variant::Antichess if self.inner.us().is_empty() => VariantEnd::AllPiecesLost,
            Variant::Antichess => VariantEnd::NoLegalMoves,
            Variant::KingOfTheHill => VariantEnd::KingOfTheHill,
            Variant::ThreeCheck => VariantEnd::ThirdCheck,
            Variant::RacingKings => VariantEnd::KingReachedEighthRank,
            Variant::Horde => VariantEnd::HordeCaptured,
            // Standard rules have no variant end; shakmaty reports none for them.
            Variant::Standard | Variant::Chess960 | Variant::Crazyhouse => VariantEnd::NoLegalMoves,
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::new(Variant::Standard)
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is checkmated.
    Checkmate {
        /// The side that mated.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// Neither side can mate with the material left: a draw.
    InsufficientMaterial,
    /// A variant's own rule ended the game.
    Variant {
        /// The winner; `None` for a draw (both kings reach the eighth rank in Racing Kings).
        winner: Option<Color>,
        /// Which rule.
        end: VariantEnd,
    },
}

impl Outcome {
    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            Outcome::Stalemate | Outcome::InsufficientMaterial => None,
            Outcome::Variant { winner, .. } => winner,
        }
    }

    /// The result as the PGN `Result` tag writes it: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Checkmate { winner } => write!(f, "checkmate, {} wins", color_name(winner)),
            Outcome::Stalemate => f.write_str("stalemate"),
            Outcome::InsufficientMaterial => f.write_str("insufficient material"),
            Outcome::Variant { winner, end } => {
                f.write_str(end.description())?;
                match winner {
                    Some(winner) => write!(f, ", {} wins", color_name(winner)),
                    None => f.write_str(", a draw"),
                }
            }
        }
    }
}

/// The rule by which a variant's game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VariantEnd {
    /// Atomic: a king was blown up.
    KingExploded,
    /// Antichess: the side to move has lost all its pieces, and wins.
    AllPiecesLost,
    /// Antichess: the side to move has no legal move, and wins.
    NoLegalMoves,
    /// King of the Hill: a king reached d4, e4, d5 or e5.
    KingOfTheHill,
    /// Three-check: a side gave its third check.
    ThirdCheck,
    /// Racing Kings: a king reached the eighth rank.
    KingReachedEighthRank,
    /// Horde: Black captured every white piece.
    HordeCaptured,
}

impl VariantEnd {
    /// The rule in words: `a king reached the centre`.
    pub fn description(self) -> &'static str {
        match self {
            VariantEnd::KingExploded => "a king exploded",
            VariantEnd::AllPiecesLost => "the side to move has lost all its pieces",
            VariantEnd::NoLegalMoves => "the side to move has no legal move",
            VariantEnd::KingOfTheHill => "a king reached the centre",
            VariantEnd::ThirdCheck => "the third check",
            VariantEnd::KingReachedEighthRank => "a king reached the eighth rank",
            VariantEnd::HordeCaptured => "the horde was captured",
        }
    }
}

/// `White` or `Black`.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why a FEN gives no position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text is not FEN: the field that is wrong.
    Syntax(FenField),
    /// The FEN reads, but no game can reach the position.
    Impossible {
        /// Every problem found.
        problems: Vec<FenProblem>,
        /// The position with the problems a reader can drop dropped (castling rights for
        /// pieces not on their squares, an en passant square with no pawn, too much
        /// material, an impossible check), when there are no others: a caller may warn and
        /// replay from it.
        repaired: Option<Box<Position>>,
    },
}

impl FenError {
    fn syntax(error: ParseFenError) -> FenError {
        FenError::Syntax(match error {
            ParseFenError::InvalidFen => FenField::Layout,
            ParseFenError::InvalidBoard => FenField::Board,
            ParseFenError::InvalidPocket => FenField::Pockets,
            ParseFenError::InvalidTurn => FenField::Turn,
            ParseFenError::InvalidCastling => FenField::Castling,
            ParseFenError::InvalidEpSquare => FenField::EnPassant,
            ParseFenError::InvalidRemainingChecks => FenField::RemainingChecks,
            ParseFenError::InvalidHalfmoveClock => FenField::HalfmoveClock,
            ParseFenError::InvalidFullmoves => FenField::FullmoveNumber,
        })
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax(field) => write!(f, "invalid FEN: {}", field.description()),
            FenError::Impossible { problems, .. } => {
                f.write_str("impossible position: ")?;
                for (i, problem) in problems.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    f.write_str(&problem.to_string())?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for FenError {}

/// The field of a FEN that could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The fields as a whole: none, or too many.
    Layout,
    /// The pieces on the board.
    Board,
    /// Crazyhouse pockets (`[Qn]`).
    Pockets,
    /// The side to move.
    Turn,
    /// The castling rights.
    Castling,
    /// The en passant square.
    EnPassant,
    /// Three-check's remaining checks.
    RemainingChecks,
    /// The halfmove clock.
    HalfmoveClock,
    /// The move number.
    FullmoveNumber,
}

impl FenField {
    /// What is wrong with the field, in words.
    pub fn description(self) -> &'static str {
        match self {
            FenField::Layout => {
                "it is not six fields: board, side to move, castling, en passant, clocks"
            }
            FenField::Board => {
                "the board is not eight ranks of eight squares (letters PNBRQK pnbrqk, digits 1-8, separated by /)"
            }
            FenField::Pockets => "the pockets hold something other than piece letters",
            FenField::Turn => "the side to move is neither w nor b",
            FenField::Castling => "the castling rights are not KQkq, file letters or -",
            FenField::EnPassant => "the en passant square is neither a square nor -",
            FenField::RemainingChecks => "the remaining checks are not written 3+3 or +0+0",
            FenField::HalfmoveClock => "the halfmove clock is not a number",
            FenField::FullmoveNumber => "the move number is not a number",
        }
    }
}

/// A reason no game can reach the position of a FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenProblem {
    /// No pieces at all.
    EmptyBoard,
    /// A side has no king (where the variant needs one).
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A pawn on the first or eighth rank.
    PawnsOnBackRank,
    /// Castling rights for a king or rook that is not on its square.
    InvalidCastlingRights,
    /// An en passant square with no pawn that just passed it.
    InvalidEnPassant,
    /// The side not to move is in check.
    SideNotToMoveInCheck,
    /// A check no single move can have given (two knights, aligned sliders).
    ImpossibleCheck,
    /// More pieces than promotions can have made.
    TooMuchMaterial,
    /// A rule of the variant is broken (a king in check in Racing Kings, say).
    VariantRule,
}

impl FenProblem {
    fn from_kinds(kinds: PositionErrorKinds, board: &Board) -> Vec<FenProblem> {
        let mut problems = Vec::new();
        let kings = |color: Color| (board.kings() & board.by_color(color)).count();
        if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
            problems.push(FenProblem::EmptyBoard);
        }
        if kinds.contains(PositionErrorKinds::MISSING_KING) {
            problems.extend(
                Color::ALL
                    .into_iter()
                    .filter(|&c| kings(c) == 0)
                    .map(FenProblem::MissingKing),
            );
        }
        if kinds.contains(PositionErrorKinds::TOO_MANY_KINGS) {
            problems.extend(
                Color::ALL
                    .into_iter()
                    .filter(|&c| kings(c) > 1)
                    .map(FenProblem::TooManyKings),
            );
        }
        for (kind, problem) in [
            (
                PositionErrorKinds::PAWNS_ON_BACKRANK,
                FenProblem::PawnsOnBackRank,
            ),
            (
                PositionErrorKinds::INVALID_CASTLING_RIGHTS,
                FenProblem::InvalidCastlingRights,
            ),
            (
                PositionErrorKinds::INVALID_EP_SQUARE,
                FenProblem::InvalidEnPassant,
            ),
            (
                PositionErrorKinds::OPPOSITE_CHECK,
                FenProblem::SideNotToMoveInCheck,
            ),
            (
                PositionErrorKinds::IMPOSSIBLE_CHECK,
                FenProblem::ImpossibleCheck,
            ),
            (
                PositionErrorKinds::TOO_MUCH_MATERIAL,
                FenProblem::TooMuchMaterial,
            ),
            (PositionErrorKinds::VARIANT, FenProblem::VariantRule),
        ] {
            if kinds.contains(kind) {
                problems.push(problem);
            }
        }
        problems
    }
}

impl fmt::Display for FenProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FenProblem::EmptyBoard => f.write_str("the board is empty"),
            FenProblem::MissingKing(c) => write!(f, "{} has no king", color_name(c)),
            FenProblem::TooManyKings(c) => write!(f, "{} has more than one king", color_name(c)),
            FenProblem::PawnsOnBackRank => f.write_str("a pawn stands on the first or last rank"),
            FenProblem::InvalidCastlingRights => {
                f.write_str("castling rights for a king or rook that is not on its square")
            }
            FenProblem::InvalidEnPassant => {
                f.write_str("the en passant square has no pawn that just passed it")
            }
            FenProblem::SideNotToMoveInCheck => f.write_str("the side not to move is in check"),
            FenProblem::ImpossibleCheck => f.write_str("no single move can have given the check"),
            FenProblem::TooMuchMaterial => f.write_str("more pieces than promotions can give"),
            FenProblem::VariantRule => f.write_str("a rule of the variant is broken"),
        }
    }
}

/// A rank's FEN by its occupied squares (bit `f` for file `f`): the bytes it is written
/// as, each an index into the rank's eight letters followed by the digits `1`–`8` (`8 + k`
/// for a run of `k + 1` empty squares), and how many of them there are.
const RANK_FEN: [([u8; 8], u8); 256] = {
    let mut table = [([0u8; 8], 0u8); 256];
    let mut occupied = 0;
    while occupied < 256 {
        let (mut pattern, mut len, mut empty) = ([0u8; 8], 0, 0u8);
        let mut file = 0;
        while file < 8 {
            if occupied & (1 << file) != 0 {
                if empty > 0 {
                    pattern[len] = 8 + empty - 1;
                    len += 1;
                    empty = 0;
                }
                pattern[len] = file as u8;
                len += 1;
            } else {
                empty += 1;
            }
            file += 1;
        }
        if empty > 0 {
            pattern[len] = 8 + empty - 1;
            len += 1;
        }
        table[occupied] = (pattern, len as u8);
        occupied += 1;
    }
    table
};

/// The FEN of a standard chess position with standard castling, as shakmaty writes it
/// (castling rights `KQkq`, the en passant square only when a capture there is legal).
fn standard_fen(pos: &shakmaty::Chess, fen: &mut Vec<u8>) {
    // The board as one letter per square (0 for empty), filled piece by piece: looking
    // up each of the 64 squares in the board's bitboards cost more than the rest.
    let board = pos.board();
    let mut letters = [0u8; 64];
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = shakmaty::Piece { color, role };
            let letter = piece.char() as u8;
            for square in board.by_piece(piece) {
                letters[usize::from(square)] = letter;
            }
        }
    }
    // Written into an array, then appended once: a push into the Vec at every byte, with
    // its capacity check, cost as much as the rest. The longest standard FEN is 64 pieces
    // and 7 slashes, ` w KQkq e3 `, and two clocks of at most 10 digits: 103 bytes.
    // (And 8 bytes more: each rank is copied as eight.)
    let mut out = [0u8; 112];
    let mut n = 0;
    macro_rules! put {
        ($byte:expr) => {{
            out[n] = $byte;
            n += 1;
        }};
    }
    // Rank by rank, each from a table by the rank's occupied squares: which letters and
    // digits it is written as. Always eight bytes copied, then the length kept: no branch
    // on the squares. Going from one piece to the next, with a branch on every gap and a
    // loop as long as the rank's pieces, took twice as long (`--bench chess -- fen`).
    let occupied = board.occupied().0;
    // The rank's letters go in the first eight bytes.
    let mut source = *b"........12345678";
    for rank in (0..8).rev() {
        source[..8].copy_from_slice(&letters[rank * 8..rank * 8 + 8]);
        let (pattern, len) = RANK_FEN[usize::from((occupied >> (rank * 8)) as u8)];
        let rank_out = &mut out[n..n + 8];
        for (byte, &from) in rank_out.iter_mut().zip(&pattern) {
            *byte = source[usize::from(from & 15)];
        }
        n += usize::from(len);
        put!(if rank > 0 { b'/' } else { b' ' });
    }
    put!(if pos.turn() == Color::White {
        b'w'
    } else {
        b'b'
    });
    put!(b' ');
    let rights = pos.castles().castling_rights();
    if rights.is_empty() {
        put!(b'-');
    }
    for (square, letter) in [
        (Square::H1, b'K'),
        (Square::A1, b'Q'),
        (Square::H8, b'k'),
        (Square::A8, b'q'),
    ] {
        if rights.contains(square) {
            put!(letter);
        }
    }
    put!(b' ');
    match pos.legal_ep_square() {
        Some(square) => {
            put!(square.file().char() as u8);
            put!(square.rank().char() as u8);
        }
        None => put!(b'-'),
    }
    put!(b' ');
    let mut number = itoa::Buffer::new();
    for &digit in number.format(pos.halfmoves()).as_bytes() {
        put!(digit);
    }
    put!(b' ');
    for &digit in number.format(pos.fullmoves().get()).as_bytes() {
        put!(digit);
    }
    fen.extend_from_slice(&out[..n]);
}

/// The pieces that give check to the side to move in standard chess, as a [`Position`]
/// keeps them; none in the other variants.
fn checkers(inner: &VariantPosition) -> Bitboard {
    match inner {
        VariantPosition::Chess(pos) => {
            let board = pos.board();
            board.king_of(pos.turn()).map_or(Bitboard::EMPTY, |king| {
                attackers(board, king, !pos.turn(), board.occupied())
            })
        }
        _ => Bitboard::EMPTY,
    }
}

/// [`checkers`] of `pos`, just reached by a normal move that left `from` and put a `role`
/// (promoted) on `to`: only those two squares changed, so a check is given by the piece on
/// `to`, or by a slider behind `from` on a line of the king (a discovered check). The
/// position before had no check against the side now to move, as no legal one has. (Found
/// from the king's square after every move, the search was 5.5% of `kifu check`'s
/// instructions; most moves leave no square on the king's lines.) Castling and en passant,
/// which move or take a second piece, are searched in full.
#[inline]
fn checks_given(pos: &shakmaty::Chess, role: Role, from: Square, to: Square) -> Bitboard {
    let board = pos.board();
    let Some(king) = board.king_of(pos.turn()) else {
        return Bitboard::EMPTY;
    };
    let occupied = board.occupied();
    let mover = !pos.turn();
    // One look at a table, not a `match` on the role: compiled to a jump on it, whose
    // target changes from move to move and is mispredicted for most (callgrind's branch
    // simulation: 93,000 of 127,000 moves of the 2 MB file).
    let reaches = REACHES[mover as usize][role as usize - 1][to.to_usize()].contains(king);
    let mut found = Bitboard::EMPTY;
    if reaches && (attacks::between(to, king) & occupied).is_empty() {
        found.add(to);
    }
    let (straight, diagonal) = (rook_lines(king), bishop_lines(king));
    if (straight | diagonal).contains(from) {
        let sliders = ((straight & board.rooks_and_queens())
            | (diagonal & board.bishops_and_queens()))
            & board.by_color(mover)
            & attacks::ray(king, from);
        found |= unblocked(king, sliders, occupied);
    }
    found
}

/// The pieces of `attacker` that attack `square` with the pieces of `occupied` standing:
/// shakmaty's `Board::attacks_to`, without its magic tables. Those are 860 KB for the
/// sliders' attacks on every occupancy, and a lookup there missed the cache for a third
/// of the fast SAN path's own time; a slider is found here on the square's lines of an
/// empty board (one entry of each table a square) and kept if nothing stands between
/// (a 32 KB table).
pub(crate) fn attackers(
    board: &Board,
    square: Square,
    attacker: Color,
    occupied: shakmaty::Bitboard,
) -> shakmaty::Bitboard {
    use shakmaty::attacks;
    let sliders = (rook_lines(square) & board.rooks_and_queens())
        | (bishop_lines(square) & board.bishops_and_queens());
    let others = (attacks::knight_attacks(square) & board.knights())
        | (attacks::king_attacks(square) & board.kings())
        | (attacks::pawn_attacks(attacker.other(), square) & board.pawns());
    let theirs = board.by_color(attacker);
    unblocked(square, sliders & theirs, occupied) | (others & theirs)
}

/// The squares a `role` of each colour on each square reaches on an empty board, by
/// colour, role (`Role as usize - 1`) and square: a pawn's captures, a knight's and a
/// king's steps, a slider's lines. Where a piece gives check from, when nothing stands
/// between ([`checks_given`]; the king gives none, and its entries are empty), and where a
/// knight or a slider of either colour comes from to reach a square
/// ([`Position::legal_origins`]). A slider's lines are also looked up alone
/// ([`rook_lines`], [`bishop_lines`]): shakmaty's attacks with nothing standing, each a
/// multiplication and two loads from its table of 860 KB (one of its lines a square).
static REACHES: [[[shakmaty::Bitboard; 64]; 6]; 2] = {
    let mut reaches = [[[shakmaty::Bitboard::EMPTY; 64]; 6]; 2];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::Black } else { Color::White };
        let mut i = 0;
        while i < 64 {
            let square = Square::new(i as u32);
            let rook = attacks::rook_attacks(square, shakmaty::Bitboard::EMPTY);
            let bishop = attacks::bishop_attacks(square, shakmaty::Bitboard::EMPTY);
            reaches[c][Role::Pawn as usize - 1][i] = attacks::pawn_attacks(color, square);
            reaches[c][Role::Knight as usize - 1][i] = attacks::knight_attacks(square);
            reaches[c][Role::Bishop as usize - 1][i] = bishop;
            reaches[c][Role::Rook as usize - 1][i] = rook;
            reaches[c][Role::Queen as usize - 1][i] = shakmaty::Bitboard(rook.0 | bishop.0);
            i += 1;
        }
        c += 1;
    }
    reaches
};

/// The rank and file of `square`, itself left out (see [`REACHES`]).
#[inline]
fn rook_lines(square: Square) -> shakmaty::Bitboard {
    REACHES[0][Role::Rook as usize - 1][square.to_usize()]
}

/// The diagonals of `square`, itself left out (see [`REACHES`]).
#[inline]
fn bishop_lines(square: Square) -> shakmaty::Bitboard {
    REACHES[0][Role::Bishop as usize - 1][square.to_usize()]
}

/// The pieces of `sliders` (each on a line of `square`) with nothing of `occupied`
/// between them and `square`.
fn unblocked(
    square: Square,
    sliders: shakmaty::Bitboard,
    occupied: shakmaty::Bitboard,
) -> shakmaty::Bitboard {
    let mut found = shakmaty::Bitboard::EMPTY;
    for slider in sliders {
        if (shakmaty::attacks::between(square, slider) & occupied).is_empty() {
            found.add(slider);
        }
    }
    found
}
