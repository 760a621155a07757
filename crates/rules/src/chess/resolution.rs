//! Resolution: finding the legal move a written move means, or the reason there is none.
//!
//! The fast path reads plain SAN with shakmaty's parser and matches it exactly against
//! shakmaty's candidates for the target square; nothing is allocated. Everything else —
//! other forms, other languages, a wrong capture mark or disambiguation, and every error —
//! goes through the slower reader in `written` and the diagnosis here.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{
    attacks, Bitboard, CastlingSide, Color, File, Move, MoveList, Position as _, Rank, Role, Square,
};

use super::illegal::{
    Candidate, CastlingError, DropError, IllegalMove, IllegalReason, KingDanger, PromotionError,
};
use super::language::{Dialect, Language};
use super::played::{CheckMark, Form, Forms, Moved, Played};
use super::position::Position;
use super::variant::Variant;
use super::written::{self, Reading, Written};

/// A normal move as the text describes it, with the piece known.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spec {
    pub(crate) role: Role,
    pub(crate) file: Option<File>,
    pub(crate) rank: Option<Rank>,
    pub(crate) capture: bool,
    pub(crate) to: Square,
    pub(crate) promotion: Option<Role>,
}

impl Spec {
    /// Whether `m` is what the text says, its capture mark aside (checked by `exact`).
    pub(crate) fn fits(&self, m: &Move, exact: bool) -> bool {
        let (from, capture, promotion) = match *m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } if role == self.role && to == self.to => (from, capture.is_some(), promotion),
            Move::EnPassant { from, to } if self.role == Role::Pawn && to == self.to => {
                (from, true, None)
            }
            _ => return false,
        };
        promotion == self.promotion && self.origin_fits(from) && (!exact || capture == self.capture)
    }

    /// Whether `from` agrees with the written origin. A pawn written without a file
    /// (`d5`) moves along its file, as python-chess reads it; only `xd5` lets it capture.
    fn origin_fits(&self, from: Square) -> bool {
        self.file.is_none_or(|f| f == from.file())
            && self.rank.is_none_or(|r| r == from.rank())
            && (self.role != Role::Pawn
                || self.file.is_some()
                || self.capture
                || from.file() == self.to.file())
    }

    /// The one move the text means, exactly (its capture mark right), among the moves of
    /// its piece from `origins` to its square, each taking `taken` (see
    /// [`Position::legal_origins`]), with its SAN's disambiguation (file, rank): what
    /// [`Spec::fits`], [`unique`] and [`canonical`] find in the list of those moves, found on
    /// the squares. The caller builds the SAN ([`Spec::san`]) where it keeps it: built here
    /// and matched on there (its variant read to find the disambiguation), the SAN was
    /// written a byte at a time and read back six bytes at once, which the processor cannot
    /// forward from the stores (perf: a tenth of the replay's samples on that one load).
    #[inline(always)]
    pub(crate) fn resolve(
        &self,
        origins: Bitboard,
        taken: Option<Role>,
        turn: Color,
    ) -> Option<(Move, Option<File>, Option<Rank>)> {
        // A pawn that reaches the last rank moves once for each promotion, and only with one.
        let promotes =
            self.role == Role::Pawn && self.to.rank() == turn.fold_wb(Rank::Eighth, Rank::First);
        let promotion_fits = match self.promotion {
            None => !promotes,
            Some(role) => promotes && role != Role::Pawn && role != Role::King,
        };
        if !promotion_fits || self.capture != taken.is_some() {
            return None;
        }
        let from = (origins & self.origin_mask()).single_square()?;
        let m = Move::Normal {
            role: self.role,
            from,
            capture: taken,
            to: self.to,
            promotion: self.promotion,
        };
        // The other pieces of its kind that reach the square, as `San::disambiguate` counts
        // them (one move of each, with this promotion).
        let others = origins.without(from);
        let (file, rank) = if self.role == Role::Pawn {
            (taken.is_some().then(|| from.file()), None)
        } else {
            let same_file = others.intersects(Bitboard::from_file(from.file()));
            let same_rank = others.intersects(Bitboard::from_rank(from.rank()));
            (
                (others.any() && (!same_file || same_rank)).then(|| from.file()),
                same_file.then(|| from.rank()),
            )
        };
        Some((m, file, rank))
    }

    /// The SAN of `m`, this text's move, with the disambiguation `file` and `rank` (see
    /// [`Spec::resolve`]).
    #[inline(always)]
    pub(crate) fn san(&self, m: Move, file: Option<File>, rank: Option<Rank>) -> San {
        San::Normal {
            role: self.role,
            file,
            rank,
            capture: m.is_capture(),
            to: self.to,
            promotion: self.promotion,
        }
    }

    /// The squares the text allows as origin. Inlined into [`Spec::resolve`] (a call of
    /// its own for every move: 0.7% of `kifu check`'s samples).
    #[inline(always)]
    fn origin_mask(&self) -> Bitboard {
        let mut mask = Bitboard::FULL;
        if let Some(file) = self.file {
            mask &= Bitboard::from_file(file);
        } else if self.role == Role::Pawn && !self.capture {
            mask &= Bitboard::from_file(self.to.file());
        }
        if let Some(rank) = self.rank {
            mask &= Bitboard::from_rank(rank);
        }
        mask
    }
}

fn check_mark(suffix: Option<Suffix>) -> CheckMark {
    match suffix {
        None => CheckMark::None,
        Some(Suffix::Check) => CheckMark::Check,
        Some(Suffix::Checkmate) => CheckMark::Mate,
    }
}

impl Position {
    /// Plays a move written as a PGN file writes it: `Nf3`, `exd5`, `e8=Q+`, `O-O`, and the
    /// non-standard forms readers accept (`0-0`, `e8Q`, `e2-e4`, `Ng1-f3`, `e2e4`, `♘f3`,
    /// `N@f3`, `--`, `Z0`, and the piece letters of `dialect`).
    ///
    /// A wrong or missing capture mark, an unneeded or wrong disambiguation (when exactly
    /// one piece fits), and every other non-standard form still play: they are listed in
    /// [`Played::forms`]. A wrong check mark plays too: compare [`Played::written_check`]
    /// with [`Played::check_mark`].
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] says why the text is no legal move here.
    pub fn play(&self, written: &str, dialect: &Dialect) -> Result<Played, IllegalMove> {
        if let Some(moved) = self.plain_san(written.as_bytes(), dialect.language) {
            return Ok(self.finish_moved(moved));
        }
        self.play_written(written, dialect, true)
    }

    /// A legal move (one of [`Position::legal_moves`]) played: nothing to read, no form to
    /// note.
    pub fn play_legal(&self, m: Move) -> Played {
        self.finish(
            m,
            San::from_move(&self.inner, m),
            CheckMark::None,
            Forms::EMPTY,
        )
    }

    /// [`Position::play`] in this position: it becomes the position after the move, and
    /// what is known of the move comes back (a replay keeps no copy of each position). An
    /// illegal move leaves the position as it was.
    ///
    /// # Errors
    ///
    /// [`IllegalMove`] says why the text is no legal move here. It is boxed: with it in
    /// place the result was 32 bytes, returned through memory and copied out a word at a
    /// time after being written a byte at a time, a stall the processor pays on every move
    /// (perf: a third of the replay's own samples); boxed, the result is the 16 bytes of
    /// [`Moved`], and an illegal move, once a game at most, pays for an allocation.
    #[inline]
    pub fn play_mut(
        &mut self,
        written: &str,
        dialect: &Dialect,
    ) -> Result<Moved, Box<IllegalMove>> {
        self.play_mut_bytes(written.as_bytes(), dialect)
    }

    /// [`Position::play_mut`] of a move's bytes, for a caller that has them (a replay
    /// reads its moves out of the text by their ranges: a `&str` each was two tests that
    /// the range starts and ends between characters, 0.8% of `kifu check`'s instructions).
    /// Bytes that are not UTF-8 are read with U+FFFD in their place (no move has it).
    ///
    /// # Errors
    ///
    /// As [`Position::play_mut`].
    #[inline]
    pub fn play_mut_bytes(
        &mut self,
        written: &[u8],
        dialect: &Dialect,
    ) -> Result<Moved, Box<IllegalMove>> {
        // The fast path's answer is returned as it was built, not taken apart and put
        // together again: as a tuple made into a `Moved`, its SAN was written a byte at a
        // time and copied four bytes at once, which the processor cannot forward from the
        // stores (perf: 12% of the replay's samples on that one load, 4% of `kifu check`'s).
        if let Some(moved) = self.plain_san(written, dialect.language) {
            if let Some(m) = moved.chess_move {
                self.play_unchecked(m);
            }
            return Ok(moved);
        }
        let written = String::from_utf8_lossy(written);
        let played = self
            .play_written(&written, dialect, true)
            .map_err(Box::new)?;
        let moved = played.moved();
        *self = played.position;
        Ok(moved)
    }

    /// The fast path: plain SAN that shakmaty reads, matching exactly one legal move with
    /// its capture mark right: the move, its SAN, its written mark and forms. `None` sends
    /// the move to the slow path.
    ///
    /// Always inlined: returned through memory, its tuple was written a byte or two at a
    /// time and read back a word at a time, which the processor cannot forward from the
    /// stores (perf: a sixth of the replay's samples on that one load).
    #[inline(always)]
    fn plain_san(&self, text: &[u8], language: Language) -> Option<Moved> {
        // shakmaty reads English letters: a letter that means another piece in the game's
        // language (Spanish `R` is the king) must take the slow path.
        if language != Language::English
            && !text
                .iter()
                .all(|&b| !b.is_ascii_uppercase() || language.agrees_with_english(b))
        {
            return self.plain_translated(text, language);
        }
        let Some(san_plus) = read_san_plus(text) else {
            return self.plain_long_algebraic(text);
        };
        let check = check_mark(san_plus.suffix);
        let mut forms = Forms::EMPTY;
        match san_plus.san {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let letter = text.first() == Some(&b'P');
                if letter {
                    forms.insert(Form::PawnLetter);
                }
                let spec = Spec {
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion,
                };
                if let Some((origins, taken)) = self.legal_origins(role, to) {
                    let (m, file, rank) = spec.resolve(origins, taken, self.turn())?;
                    note_disambiguation(&spec, m, (file, rank), letter, &mut forms);
                    return Some(Moved::fast(m, spec.san(m, file, rank), check, forms));
                }
                let candidates = self.san_candidates(role, to);
                let m = unique(candidates.iter().filter(|m| spec.fits(m, true)))?;
                let san = canonical(m, &candidates);
                note_origin(&spec, m, san, letter, &mut forms);
                Some(Moved::fast(m, san, check, forms))
            }
            San::Castle(side) => {
                let m = match self.castle(side) {
                    Some(m) => m?,
                    None => *self.inner.castling_moves(side).first()?,
                };
                Some(Moved::fast(m, San::Castle(side), check, forms))
            }
            San::Put { role, to } => {
                let m = unique(self.san_candidates(role, to).iter().filter(|m| m.is_put()))?;
                Some(Moved::fast(m, San::Put { role, to }, check, forms))
            }
            San::Null => None,
        }
    }

    /// The fast path of a move written with another language's letters (`Sf3`, `Lxb5+`,
    /// `Tad1`, `e8=D`): its letters made English and read as plain SAN, with the form
    /// [`Form::ForeignPieceLetter`] when its piece letter is not English, as the slow path
    /// reads it (a test holds the two equal on every legal move of random games written in
    /// each language). The slow path read every such move: a game in German letters was
    /// checked at a ninth of the speed of the same game in English.
    #[inline(never)]
    pub(super) fn plain_translated(&self, text: &[u8], language: Language) -> Option<Moved> {
        let mut english = [0u8; 8];
        let english = english.get_mut(..text.len())?;
        for (e, &b) in english.iter_mut().zip(text) {
            *e = match b {
                b'A'..=b'Z' => match language.role(b)? {
                    Role::Pawn => return None,
                    role => role.upper_char() as u8,
                },
                _ => b,
            };
        }
        let mut moved = self.plain_san(english, Language::English)?;
        if text[0].is_ascii_uppercase() && !language.agrees_with_english(text[0]) {
            moved.forms.insert(Form::ForeignPieceLetter);
        }
        Some(moved)
    }

    /// The fast path of a move in long algebraic with a hyphen, as most of a game in long
    /// algebraic is written: `Ng1-f3`, `e2-e4`, `e7-e8=Q+`, a move that takes nothing, by a
    /// piece other than the king (whose `e1-g1` is castling), resolved on the squares as
    /// plain SAN is. Its result is the slow path's: the move, its standard SAN, the written
    /// mark, and the one form [`Form::LongAlgebraic`] (a test holds the two equal on every
    /// such move of random games). Anything else (`e4-d5` taking, `e7-e8Q`, a king) goes
    /// to the slow path, which read every move of such a game: a list of candidates from
    /// shakmaty and a copy of the position each (a third of the check's instructions).
    #[inline(never)]
    pub(super) fn plain_long_algebraic(&self, text: &[u8]) -> Option<Moved> {
        let (core, suffix) = split_suffix(text);
        // A king's move goes to the slow path (`e1-g1` is castling there); a promotion to
        // a king is refused by `Spec::resolve`.
        let (role, squares) = match core.split_first() {
            Some((&p, rest)) if p.is_ascii_uppercase() => match piece(p)? {
                Role::King => return None,
                role => (role, rest),
            },
            _ => (Role::Pawn, core),
        };
        let [from_file, from_rank, b'-', to_file, to_rank, ref promotion @ ..] = *squares else {
            return None;
        };
        let from = Square::from_ascii(&[from_file, from_rank]).ok()?;
        let to = Square::from_ascii(&[to_file, to_rank]).ok()?;
        let promotion = match promotion {
            [] => None,
            [b'=', p] => Some(piece(*p)?),
            _ => return None,
        };
        let spec = Spec {
            role,
            file: Some(from.file()),
            rank: Some(from.rank()),
            capture: false,
            to,
            promotion,
        };
        let (origins, taken) = self.legal_origins(role, to)?;
        let (m, file, rank) = spec.resolve(origins, taken, self.turn())?;
        let mut forms = Forms::EMPTY;
        forms.insert(Form::LongAlgebraic);
        Some(Moved::fast(
            m,
            spec.san(m, file, rank),
            check_mark(suffix),
            forms,
        ))
    }

    /// The slow path: any form, any language, lenient matching, and the diagnosis.
    pub(super) fn play_written(
        &self,
        text: &str,
        dialect: &Dialect,
        diagnose_other_side: bool,
    ) -> Result<Played, IllegalMove> {
        match written::read(text, dialect.language) {
            Some(reading) => {
                let capital = reading.forms.contains(Form::UppercaseFile);
                self.play_reading(reading, text, dialect, diagnose_other_side)
                    .or_else(|illegal| self.lowercase_bishop(text, dialect).ok_or(illegal))
                    .or_else(|illegal| {
                        if !capital {
                            return Err(illegal);
                        }
                        // `Cxd5` that no pawn of the c-file makes: a piece letter of another
                        // language (a Spanish knight's), as it was read before capitals were
                        // read as files; the pawn's reason when no language has the letter.
                        match self.play_other_language(text, dialect, diagnose_other_side) {
                            Err(other) if other.reason == IllegalReason::Unreadable => Err(illegal),
                            other => other,
                        }
                    })
            }
            None => self.play_other_language(text, dialect, diagnose_other_side),
        }
    }

    /// A bishop's move typed with a lower-case `b` (`ba4`), which reads as a pawn's of the
    /// b-file: played as the bishop's when the pawn's cannot be, with the other letters in
    /// lower case' form (`nf3`, see `written::read`). English only (a `b` is no other
    /// language's bishop). Cold: only after a move that cannot be played.
    #[cold]
    #[inline(never)]
    fn lowercase_bishop(&self, text: &str, dialect: &Dialect) -> Option<Played> {
        let rest = text.strip_prefix('b')?;
        if dialect.language != Language::English {
            return None;
        }
        let bishop = format!("B{rest}");
        let mut reading = written::read(&bishop, dialect.language)?;
        reading.forms.insert(Form::LowercasePieceLetter);
        self.play_reading(reading, &bishop, dialect, false).ok()
    }

    /// Plays a text with a piece letter the game's language does not have (`Sf3` in an
    /// English game, `Nf3` in a German one) as the first other language that makes it a
    /// legal move, English first: games mix letters, and one slip should not stop a game.
    fn play_other_language(
        &self,
        text: &str,
        dialect: &Dialect,
        diagnose_other_side: bool,
    ) -> Result<Played, IllegalMove> {
        let unreadable = || IllegalMove::new(IllegalReason::Unreadable);
        let Some(letter) = text
            .bytes()
            .find(|&b| b.is_ascii_uppercase() && dialect.language.role(b).is_none())
        else {
            return Err(unreadable());
        };
        let mut tried = [None; 6];
        let mut first_error = None;
        for language in Language::ALL {
            let Some(role) = language.role(letter) else {
                continue;
            };
            if language == dialect.language || tried.contains(&Some(role)) {
                continue;
            }
            tried[role as usize - 1] = Some(role);
            // The language's fast path first, as `play` takes it. (Finding a game's language
            // replays it in English too, borrowing at every move with another letter.)
            if let Some(mut moved) = self.plain_san(text.as_bytes(), language) {
                moved.forms = borrowed(moved.forms);
                return Ok(self.finish_moved(moved));
            }
            let Some(mut reading) = written::read(text, language) else {
                continue;
            };
            reading.forms = borrowed(reading.forms);
            match self.play_reading(reading, text, &Dialect::new(language), diagnose_other_side) {
                Ok(played) => return Ok(played),
                Err(error) => {
                    first_error.get_or_insert(error);
                }
            }
        }
        Err(first_error.unwrap_or_else(unreadable))
    }

    fn play_reading(
        &self,
        reading: Reading,
        text: &str,
        dialect: &Dialect,
        diagnose_other_side: bool,
    ) -> Result<Played, IllegalMove> {
        let Reading {
            written,
            check,
            forms,
        } = reading;
        let result = match written {
            Written::Null => self.play_null(check, forms),
            Written::Castle(side) => self.play_castle(side, check, forms),
            Written::Put { role, to } => self.play_put(role, to, check, forms),
            Written::Normal {
                role,
                file,
                rank,
                capture,
                hyphen,
                to,
                promotion,
            } => self.play_normal(
                role, file, rank, capture, hyphen, to, promotion, check, forms,
            ),
        };
        result.map_err(|reason| {
            // Only a move that says what it does can be "the other side's move".
            let other_side = diagnose_other_side
                && !matches!(
                    reason,
                    IllegalReason::Unreadable
                        | IllegalReason::GameOver(_)
                        | IllegalReason::Ambiguous { .. }
                        | IllegalReason::NullMoveInCheck
                )
                && self.is_legal_for_other_side(text, dialect);
            IllegalMove {
                reason,
                legal_for_other_side: other_side,
            }
        })
    }

    fn is_legal_for_other_side(&self, text: &str, dialect: &Dialect) -> bool {
        // Fails when the side to move is in check (the other side could capture the king).
        let Ok(inner) = self.inner.clone().swap_turn() else {
            return false;
        };
        let swapped = Position::of(inner, self.variant);
        swapped.play_written(text, dialect, false).is_ok()
    }

    fn finish(&self, m: Move, san: San, check: CheckMark, forms: Forms) -> Played {
        self.finish_moved(Moved::fast(m, san, check, forms))
    }

    /// The position after `moved`, a legal move here, with what is known of it.
    fn finish_moved(&self, moved: Moved) -> Played {
        let mut position = self.clone();
        if let Some(m) = moved.chess_move {
            position.play_unchecked(m);
        }
        moved.with_position(position)
    }

    fn play_null(&self, check: CheckMark, forms: Forms) -> Result<Played, IllegalReason> {
        if self.inner.is_check() {
            return Err(IllegalReason::NullMoveInCheck);
        }
        let inner = self
            .inner
            .clone()
            .swap_turn()
            .map_err(|_| IllegalReason::NullMoveInCheck)?;
        Ok(Played {
            position: Position::of(inner, self.variant),
            chess_move: None,
            san: San::Null,
            written_check: check,
            forms,
        })
    }

    fn play_castle(
        &self,
        side: CastlingSide,
        check: CheckMark,
        forms: Forms,
    ) -> Result<Played, IllegalReason> {
        match self.inner.castling_moves(side).first() {
            Some(&m) => Ok(self.finish(m, San::Castle(side), check, forms)),
            None => Err(self.castling_error(side)),
        }
    }

    fn play_put(
        &self,
        role: Role,
        to: Square,
        check: CheckMark,
        forms: Forms,
    ) -> Result<Played, IllegalReason> {
        let candidates = self.san_candidates(role, to);
        if let Some(&m) = candidates.iter().find(|m| m.is_put()) {
            return Ok(self.finish(m, San::Put { role, to }, check, forms));
        }
        if let Some(outcome) = self.game_over() {
            return Err(IllegalReason::GameOver(outcome));
        }
        let pos = &self.inner;
        let reason = match pos.pockets() {
            None => DropError::NotInVariant,
            Some(pockets) if pockets[pos.turn()][role] == 0 => DropError::NotInPocket,
            Some(_) if pos.board().occupied().contains(to) => DropError::SquareOccupied,
            Some(_) if role == Role::Pawn && Bitboard::BACKRANKS.contains(to) => {
                DropError::PawnOnBackRank
            }
            Some(_) => DropError::LeavesKingInCheck,
        };
        Err(IllegalReason::Drop { role, to, reason })
    }

    #[allow(clippy::too_many_arguments)] // the fields of `Written::Normal`, passed on once
    fn play_normal(
        &self,
        written_role: Option<Role>,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        hyphen: bool,
        to: Square,
        promotion: Option<Role>,
        check: CheckMark,
        mut forms: Forms,
    ) -> Result<Played, IllegalReason> {
        let pos = &self.inner;
        let turn = pos.turn();
        let origin = file.zip(rank).map(|(f, r)| Square::from_coords(f, r));
        // Long algebraic and UCI may leave the piece out (`g1f3`, `g1-f3`): it is the one
        // on the origin square.
        let role = written_role.unwrap_or_else(|| {
            origin
                .and_then(|sq| pos.board().piece_at(sq))
                .filter(|piece| piece.color == turn)
                .map_or(Role::Pawn, |piece| piece.role)
        });
        let uci = origin.is_some() && written_role.is_none() && !hyphen && !capture;
        if uci {
            forms.insert(Form::Uci);
        } else if hyphen {
            forms.insert(Form::LongAlgebraic);
        }

        if role == Role::King {
            if let Some(side) = self.castling_intent(origin, to) {
                if !uci {
                    forms.insert(Form::KingMoveCastling);
                }
                return self.play_castle(side, check, forms);
            }
        }

        let spec = Spec {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        };
        let candidates = self.san_candidates(role, to);
        // Counted and found in the candidates; a list of them made only for an error. (Each
        // list was a copy of the candidates, 2 KiB moved at a time: a fifth of checking
        // a database written in long algebraic.)
        let one = |keep: &dyn Fn(&Move) -> bool| -> Result<Move, usize> {
            let mut kept = candidates.iter().filter(|m| keep(m));
            match (kept.next(), kept.next()) {
                (Some(&m), None) => Ok(m),
                (None, _) => Err(0),
                _ => Err(2),
            }
        };
        let only = |keep: &dyn Fn(&Move) -> bool| {
            let mut kept = candidates.clone();
            kept.retain(|m| keep(m));
            kept
        };
        let fits = |m: &Move| spec.fits(m, false);
        let m = match one(&fits) {
            Ok(m) => m,
            Err(0) => {
                // A piece's origin is only there to tell pieces apart: when exactly one
                // piece of the kind can move there, a wrong one is a slip, not a new move.
                // A pawn's file is which pawn it is, so it is not relaxed.
                let relaxed = Spec {
                    file: None,
                    rank: None,
                    ..spec
                };
                let relaxes = |m: &Move| {
                    role != Role::Pawn
                        && (file.is_some() || rank.is_some())
                        && relaxed.fits(m, false)
                };
                match one(&relaxes) {
                    Ok(m) => {
                        forms.insert(Form::WrongDisambiguation);
                        m
                    }
                    Err(0) => return Err(self.diagnose(&spec)),
                    Err(_) => return Err(ambiguous(&only(&relaxes), &candidates)),
                }
            }
            Err(_) => {
                // `xd5` with a pawn on d4 and one on e4: the capture mark decides.
                match one(&|m| fits(m) && m.is_capture() == capture) {
                    Ok(m) => m,
                    Err(_) => return Err(ambiguous(&only(&fits), &candidates)),
                }
            }
        };

        if !uci && capture != m.is_capture() {
            forms.insert(if capture {
                Form::WrongCaptureMark
            } else {
                Form::MissingCaptureMark
            });
        }
        let san = San::disambiguate(m, &candidates);
        if !uci && !hyphen && !forms.contains(Form::WrongDisambiguation) {
            note_origin(&spec, m, san, written_role.is_some(), &mut forms);
        }
        Ok(self.finish(m, san, check, forms))
    }

    /// The castling side a king move means: onto its own rook (Chess960's UCI, `Kxh1`), or
    /// two or more files along the back rank to the castled square (`Kg1`, `e1g1`), which
    /// no ordinary king move can do.
    fn castling_intent(&self, origin: Option<Square>, to: Square) -> Option<CastlingSide> {
        let pos = &self.inner;
        let turn = pos.turn();
        let king = pos.board().king_of(turn)?;
        if origin.is_some_and(|o| o != king) || king.rank() != turn.relative_rank(Rank::First) {
            return None;
        }
        [CastlingSide::KingSide, CastlingSide::QueenSide]
            .into_iter()
            .find(|&side| {
                pos.castles().rook(turn, side) == Some(to)
                    || (to == side.king_to(turn)
                        && king.file().distance(to.file()) >= 2
                        && (to.file() > king.file()) == side.is_king_side())
            })
    }

    fn game_over(&self) -> Option<super::position::Outcome> {
        let pos = &self.inner;
        if pos.is_variant_end() || pos.legal_moves().is_empty() {
            self.outcome()
        } else {
            None
        }
    }

    /// Why no legal move fits `spec`.
    fn diagnose(&self, spec: &Spec) -> IllegalReason {
        if let Some(outcome) = self.game_over() {
            return IllegalReason::GameOver(outcome);
        }
        let pos = &self.inner;
        let turn = pos.turn();
        let last_rank = turn.relative_rank(Rank::Eighth);
        if let Some(promoted) = spec.promotion {
            if spec.role != Role::Pawn {
                return IllegalReason::Promotion(PromotionError::NotAPawn);
            }
            if spec.to.rank() != last_rank {
                return IllegalReason::Promotion(PromotionError::NotLastRank);
            }
            let king_allowed = self.variant() == Variant::Antichess;
            if promoted == Role::Pawn || (promoted == Role::King && !king_allowed) {
                return IllegalReason::Promotion(PromotionError::InvalidPiece(promoted));
            }
        } else if spec.role == Role::Pawn && spec.to.rank() == last_rank {
            let promotes = pos
                .san_candidates(Role::Pawn, spec.to)
                .iter()
                .any(|m| m.is_promotion() && m.from().is_some_and(|from| spec.origin_fits(from)));
            if promotes || self.pseudo_origins(spec).any() {
                return IllegalReason::Promotion(PromotionError::Missing);
            }
        }

        if let Some(from) = self.pseudo_origins(spec).first() {
            if self.variant() == Variant::Antichess && !pos.capture_moves().is_empty() {
                return IllegalReason::CaptureRequired;
            }
            return IllegalReason::LeavesKingInCheck {
                role: spec.role,
                from,
                to: spec.to,
                danger: self.king_danger(spec.role, from, spec.to),
            };
        }
        IllegalReason::NoPieceCanReach {
            role: spec.role,
            to: spec.to,
        }
    }

    /// The squares of the pieces that could make the move if their own king did not count:
    /// pseudo-legal origins.
    fn pseudo_origins(&self, spec: &Spec) -> Bitboard {
        let pos = &self.inner;
        let turn = pos.turn();
        let occupied = pos.board().occupied();
        let to = spec.to;
        if pos.us().contains(to) {
            return Bitboard::EMPTY;
        }
        let from = match spec.role {
            Role::Knight => attacks::knight_attacks(to),
            Role::Bishop => attacks::bishop_attacks(to, occupied),
            Role::Rook => attacks::rook_attacks(to, occupied),
            Role::Queen => attacks::queen_attacks(to, occupied),
            Role::King => attacks::king_attacks(to),
            Role::Pawn => {
                if pos.them().contains(to) || pos.maybe_ep_square() == Some(to) {
                    attacks::pawn_attacks(!turn, to)
                } else if occupied.contains(to) {
                    Bitboard::EMPTY
                } else {
                    let back = if turn.is_white() { -8 } else { 8 };
                    let mut from = Bitboard::EMPTY;
                    if let Some(one) = to.offset(back) {
                        from.add(one);
                        // A double step, from the pawn's start (its second rank; Horde's
                        // pawns on the first rank step two as well).
                        if !occupied.contains(one) && !pos.our(Role::Pawn).contains(one) {
                            if let Some(two) = one.offset(back) {
                                let start = turn.relative_rank(Rank::Second);
                                let horde = turn.relative_rank(Rank::First);
                                if two.rank() == start
                                    || (self.variant() == Variant::Horde && two.rank() == horde)
                                {
                                    from.add(two);
                                }
                            }
                        }
                    }
                    from
                }
            }
        };
        from & pos.our(spec.role) & spec.origin_mask()
    }

    /// Why the pseudo-legal move `from`-`to` is illegal for the king's sake.
    fn king_danger(&self, role: Role, from: Square, to: Square) -> KingDanger {
        let pos = &self.inner;
        let turn = pos.turn();
        let Some(king) = pos.board().king_of(turn) else {
            return KingDanger::Other;
        };
        if self.variant() == Variant::Atomic
            && pos.them().contains(to)
            && (role == Role::King || attacks::king_attacks(to).contains(king))
        {
            return KingDanger::ExplodesOwnKing;
        }
        if role == Role::King {
            return KingDanger::MovesIntoCheck;
        }
        if pos.is_check() {
            return KingDanger::StaysInCheck;
        }
        // The king's attackers once the piece has left `from` (and a pawn taken en passant
        // has left its square): a pinner, unless the move captures it.
        let mut occupied = pos.board().occupied().without(from).with(to);
        if role == Role::Pawn && pos.maybe_ep_square() == Some(to) && from.file() != to.file() {
            occupied = occupied.without(Square::from_coords(to.file(), from.rank()));
        }
        let attackers = pos.king_attackers(king, !turn, occupied).without(to);
        if let Some(by) = attackers.first() {
            return KingDanger::Pinned {
                by,
                pinner: pos.board().role_at(by).unwrap_or(Role::Queen),
            };
        }
        if self.variant() == Variant::RacingKings {
            return KingDanger::GivesCheck;
        }
        KingDanger::Other
    }

    /// Why castling on `side` is not legal.
    fn castling_error(&self, side: CastlingSide) -> IllegalReason {
        if let Some(outcome) = self.game_over() {
            return IllegalReason::GameOver(outcome);
        }
        let pos = &self.inner;
        let turn = pos.turn();
        let castles = pos.castles();
        let reason = match (castles.rook(turn, side), pos.board().king_of(turn)) {
            (Some(rook), Some(king)) => {
                let blockers = castles.path(turn, side) & pos.board().occupied();
                let king_to = side.king_to(turn);
                // As shakmaty checks them: the squares the king passes with the king lifted,
                // its new square with king and rook lifted.
                let passed = attacks::between(king, king_to);
                let occupied = pos.board().occupied().without(king);
                let attacked =
                    |sq: Square, occupied: Bitboard| pos.king_attackers(sq, !turn, occupied).any();
                if let Some(by) = blockers.first() {
                    CastlingError::Blocked { by }
                } else if pos.is_check() {
                    CastlingError::InCheck
                } else if let Some(square) = passed.into_iter().find(|&sq| attacked(sq, occupied)) {
                    CastlingError::ThroughCheck { square }
                } else if attacked(king_to, occupied.without(rook)) {
                    CastlingError::IntoCheck
                } else {
                    CastlingError::Other
                }
            }
            _ => CastlingError::NoRight,
        };
        IllegalReason::Castling { side, reason }
    }
}

/// The SAN of `m`, one of `candidates` (the moves of its kind to its square):
/// shakmaty's `San::disambiguate`, which most moves, the only one of their kind, get
/// without its search.
pub(crate) fn canonical(m: Move, candidates: &MoveList) -> San {
    match m {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } if candidates.len() == 1 => San::Normal {
            role,
            file: (role == Role::Pawn && capture.is_some()).then(|| from.file()),
            rank: None,
            capture: capture.is_some(),
            to,
            promotion,
        },
        _ => San::disambiguate(m, candidates),
    }
}

/// `text` as shakmaty reads SAN (`SanPlus::from_ascii`), the shapes of most moves read at
/// once by their bytes: `e4`, `Nf3`, `exd5`, `Nxe5`, `Nbd2`, `R1e2`, `O-O`, `O-O-O`, each
/// with a check mark or not. Every other text goes to shakmaty's reader, which took a
/// hundred instructions for each move.
#[inline]
fn read_san_plus(text: &[u8]) -> Option<SanPlus> {
    let (core, suffix) = split_suffix(text);
    // By arithmetic, one compare each (a square's two in one): shakmaty's readers test the
    // file and the rank apart, and each test is a branch the processor guesses for every
    // move.
    let file = |b: u8| {
        let x = b.wrapping_sub(b'a');
        (x < 8).then(|| File::new(u32::from(x)))
    };
    let rank = |b: u8| {
        let y = b.wrapping_sub(b'1');
        (y < 8).then(|| Rank::new(u32::from(y)))
    };
    let square = |f: u8, r: u8| {
        let (x, y) = (f.wrapping_sub(b'a'), r.wrapping_sub(b'1'));
        ((x | y) < 8).then(|| Square::new(u32::from(y) * 8 + u32::from(x)))
    };
    let normal = |role: Role, file: Option<File>, rank: Option<Rank>, capture: bool, to: Square| {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion: None,
        }
    };
    let san = match *core {
        [b'O', b'-', b'O'] => Some(San::Castle(CastlingSide::KingSide)),
        [b'O', b'-', b'O', b'-', b'O'] => Some(San::Castle(CastlingSide::QueenSide)),
        [f, r] => square(f, r).map(|to| normal(Role::Pawn, None, None, false, to)),
        [p, f, r] => piece(p).and_then(|role| Some(normal(role, None, None, false, square(f, r)?))),
        [a, b'x', f, r] => square(f, r).and_then(|to| match (piece(a), file(a)) {
            (Some(role), _) => Some(normal(role, None, None, true, to)),
            (None, Some(from)) => Some(normal(Role::Pawn, Some(from), None, true, to)),
            (None, None) => None,
        }),
        [p, d, f, r] => piece(p).and_then(|role| {
            let to = square(f, r)?;
            match (file(d), rank(d)) {
                (Some(from), _) => Some(normal(role, Some(from), None, false, to)),
                (None, Some(from)) => Some(normal(role, None, Some(from), false, to)),
                (None, None) => None,
            }
        }),
        _ => None,
    };
    match san {
        Some(san) => Some(SanPlus { san, suffix }),
        None => SanPlus::from_ascii(text).ok(),
    }
}

/// The forms of a move read with a letter another language lends: the letter is not the
/// game's language's foreign one but a borrowed one.
fn borrowed(mut forms: Forms) -> Forms {
    forms.remove(Form::ForeignPieceLetter);
    forms.insert(Form::OtherLanguageLetter);
    forms
}

/// A move's text without its check mark (`+` or `#` at its end), and the mark.
#[inline(always)]
fn split_suffix(text: &[u8]) -> (&[u8], Option<Suffix>) {
    match text {
        [core @ .., b'+'] => (core, Some(Suffix::Check)),
        [core @ .., b'#'] => (core, Some(Suffix::Checkmate)),
        _ => (text, None),
    }
}

/// The piece an English SAN letter stands for (a pawn has none): one look at a table, not
/// a branch on the letter.
#[inline(always)]
fn piece(b: u8) -> Option<Role> {
    static PIECES: [Option<Role>; 256] = {
        let mut pieces = [None; 256];
        pieces[b'N' as usize] = Some(Role::Knight);
        pieces[b'B' as usize] = Some(Role::Bishop);
        pieces[b'R' as usize] = Some(Role::Rook);
        pieces[b'Q' as usize] = Some(Role::Queen);
        pieces[b'K' as usize] = Some(Role::King);
        pieces
    };
    PIECES[usize::from(b)]
}

/// The single move of `moves`, if there is exactly one.
pub(crate) fn unique<'m>(mut moves: impl Iterator<Item = &'m Move>) -> Option<Move> {
    let first = *moves.next()?;
    moves.next().is_none().then_some(first)
}

fn ambiguous(fitting: &MoveList, candidates: &MoveList) -> IllegalReason {
    IllegalReason::Ambiguous {
        candidates: fitting
            .iter()
            .filter_map(|&m| {
                Some(Candidate {
                    from: m.from()?,
                    san: San::disambiguate(m, candidates),
                })
            })
            .collect(),
    }
}

/// Notes an origin written otherwise than SAN needs: more or other than the canonical
/// disambiguation (`Nbd2`, `Ng1f3`), a pawn's rank (`e4xd5`), a pawn capture without its
/// file (`xd5`), a pawn's whole origin without a piece letter or capture mark (`e2e4`,
/// UCI). `letter` says whether a piece letter was written (`Pe2e4` is long algebraic).
fn note_origin(spec: &Spec, m: Move, canonical: San, letter: bool, forms: &mut Forms) {
    if let San::Normal { file, rank, .. } = canonical {
        note_disambiguation(spec, m, (file, rank), letter, forms);
    }
}

/// [`note_origin`] for a normal move whose SAN disambiguates with `canonical`'s file and
/// rank.
#[inline(always)]
fn note_disambiguation(
    spec: &Spec,
    m: Move,
    (canon_file, canon_rank): (Option<File>, Option<Rank>),
    letter: bool,
    forms: &mut Forms,
) {
    let full = spec.file.is_some() && spec.rank.is_some();
    if spec.role == Role::Pawn {
        if spec.rank.is_some() {
            forms.insert(if spec.file.is_some() && !spec.capture && !letter {
                Form::Uci
            } else {
                Form::LongAlgebraic
            });
        } else if m.is_capture() && spec.file.is_none() {
            forms.insert(Form::PawnCaptureWithoutFile);
        }
    } else if (spec.file, spec.rank) != (canon_file, canon_rank) {
        forms.insert(if full && !(canon_file.is_some() && canon_rank.is_some()) {
            Form::LongAlgebraic
        } else {
            Form::RedundantDisambiguation
        });
    }
}

#[cfg(test)]
mod reading {
    use shakmaty::san::SanPlus;

    #[test]
    fn san_is_read_as_shakmaty_reads_it() {
        // Every text of up to five bytes from these: the shapes read at once give what
        // shakmaty's reader gives, and so does every other text, which goes to it.
        let mut moves = 0;
        let checked = kifu_testing::each_text(&[b""], b"abh18NBKPOx-=+#Q@", 5, |text| {
            let read = super::read_san_plus(text);
            assert_eq!(
                read,
                SanPlus::from_ascii(text).ok(),
                "{:?}",
                String::from_utf8_lossy(text)
            );
            moves += usize::from(read.is_some());
        });
        assert!(checked > 1_000_000 && moves > 1_000, "{checked} {moves}");
    }

    #[test]
    fn the_bytes_around_files_and_ranks_are_read_as_shakmaty_reads_them() {
        // The fast reading tells files and ranks by arithmetic and piece letters by a
        // table: every text of up to four bytes of those and the bytes just outside them
        // (`` ` `` and `i` around the files, `0` and `9` around the ranks, a zero byte, a
        // byte past ASCII) reads as shakmaty reads it. (The test above has no byte just
        // past a file or a rank: a table of files that took `i` in passed it.)
        let mut moves = 0;
        let checked = kifu_testing::each_text(&[b""], b"`ahi0189NKPxX\0\xe9O-", 4, |text| {
            let read = super::read_san_plus(text);
            assert_eq!(read, SanPlus::from_ascii(text).ok(), "{text:?}");
            moves += usize::from(read.is_some());
        });
        assert!(checked > 80_000 && moves > 100, "{checked} {moves}");
    }
}
