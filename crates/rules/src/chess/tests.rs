//! The rules of chess as the notation meets them: one test per reason, form, language and
//! variant.

use shakmaty::Position as _;

use super::*;

const EN: Dialect = Dialect::ENGLISH;

/// The position after `moves` (English SAN) from the standard start.
fn after(moves: &str) -> Position {
    after_in(Variant::Standard, moves)
}

fn after_in(variant: Variant, moves: &str) -> Position {
    let mut position = Position::new(variant);
    for m in moves.split_whitespace() {
        position = position
            .play(m, &EN)
            .unwrap_or_else(|e| panic!("{m}: {e}"))
            .into_position();
    }
    position
}

fn fen(variant: Variant, text: &str) -> Position {
    Position::from_fen(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn standard(text: &str) -> Position {
    fen(Variant::Standard, text)
}

fn reason(position: &Position, m: &str) -> IllegalReason {
    match position.play(m, &EN) {
        Ok(played) => panic!("{m} played as {}", played.san()),
        Err(e) => e.reason,
    }
}

fn played(position: &Position, m: &str) -> Played {
    position.play(m, &EN).unwrap_or_else(|e| panic!("{m}: {e}"))
}

fn forms(forms: &[Form]) -> Forms {
    forms.iter().copied().collect()
}

// --- Why a move is illegal -----------------------------------------------------------

#[test]
fn unreadable_text() {
    let start = Position::default();
    for text in ["Xyz", "e9", "Nf", "", "1-0", "O-O-O-O", "e4e5e6"] {
        assert_eq!(reason(&start, text), IllegalReason::Unreadable, "{text:?}");
    }
    let error = start.play("Xyz", &EN).unwrap_err();
    assert!(!error.legal_for_other_side);
    assert_eq!(error.to_string(), "not a move");
}

#[test]
fn no_piece_can_reach_the_square() {
    let start = Position::default();
    let error = start.play("Nd4", &EN).unwrap_err();
    assert_eq!(
        error.reason,
        IllegalReason::NoPieceCanReach {
            role: Role::Knight,
            to: Square::D4
        }
    );
    assert!(!error.legal_for_other_side);
    assert_eq!(error.to_string(), "no knight can move to d4");
    // A pawn written without a file moves along its file: `d5` is no capture.
    assert_eq!(
        reason(&after("e4 d5"), "d5"),
        IllegalReason::NoPieceCanReach {
            role: Role::Pawn,
            to: Square::D5
        }
    );
}

#[test]
fn a_move_of_the_other_side_says_a_move_is_missing() {
    let start = Position::default();
    let error = start.play("e5", &EN).unwrap_err();
    assert!(error.legal_for_other_side, "{error}");
    assert!(error.to_string().ends_with("is a move missing?)"));
    let error = start.play("Nf6", &EN).unwrap_err();
    assert!(error.legal_for_other_side);
}

#[test]
fn a_pinned_piece_cannot_move() {
    let position = standard("4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1");
    assert_eq!(
        reason(&position, "Nc3"),
        IllegalReason::LeavesKingInCheck {
            role: Role::Knight,
            from: Square::E2,
            to: Square::C3,
            danger: KingDanger::Pinned {
                by: Square::E4,
                pinner: Role::Rook
            }
        }
    );
    assert_eq!(
        position.play("Nc3", &EN).unwrap_err().to_string(),
        "the knight on e2 is pinned to its king by the rook on e4"
    );
}

#[test]
fn the_king_stays_in_check() {
    let position = standard("4r1k1/8/8/8/8/8/8/4K1N1 w - - 0 1");
    assert_eq!(
        reason(&position, "Nf3"),
        IllegalReason::LeavesKingInCheck {
            role: Role::Knight,
            from: Square::G1,
            to: Square::F3,
            danger: KingDanger::StaysInCheck
        }
    );
}

#[test]
fn the_king_moves_into_check() {
    let position = standard("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_eq!(
        reason(&position, "Kf2"),
        IllegalReason::LeavesKingInCheck {
            role: Role::King,
            from: Square::E1,
            to: Square::F2,
            danger: KingDanger::MovesIntoCheck
        }
    );
}

#[test]
fn ambiguous_moves_name_their_candidates() {
    let position = after("d4 d5 Nf3 Nf6");
    let IllegalReason::Ambiguous { candidates } = reason(&position, "Nd2") else {
        panic!("not ambiguous");
    };
    let sans: Vec<String> = candidates.iter().map(|c| c.san.to_string()).collect();
    assert_eq!(sans, ["Nbd2", "Nfd2"]);
    let froms: Vec<Square> = candidates.iter().map(|c| c.from).collect();
    assert_eq!(froms, [Square::B1, Square::F3]);
    assert_eq!(
        position.play("Nd2", &EN).unwrap_err().to_string(),
        "ambiguous: it could be Nbd2 or Nfd2"
    );
    // A disambiguation that fits neither is still ambiguous, not a wrong disambiguation.
    assert!(matches!(
        reason(&position, "Nhd2"),
        IllegalReason::Ambiguous { .. }
    ));
}

#[test]
fn a_wrong_disambiguation_with_one_piece_that_fits_plays_with_a_note() {
    let position = after("d4 d5");
    let played = played(&position, "Ngd2");
    assert_eq!(played.san().to_string(), "Nd2");
    assert_eq!(played.forms(), forms(&[Form::WrongDisambiguation]));
    // Needed, and right: standard.
    let position = after("d4 d5 Nf3 Nf6");
    assert!(played_forms(&position, "Nbd2").is_empty());
}

fn played_forms(position: &Position, m: &str) -> Forms {
    played(position, m).forms()
}

#[test]
fn castling_without_the_right() {
    let position = standard("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
    assert_eq!(
        reason(&position, "O-O"),
        IllegalReason::Castling {
            side: CastlingSide::KingSide,
            reason: CastlingError::NoRight
        }
    );
}

#[test]
fn castling_with_pieces_in_the_way() {
    assert_eq!(
        reason(&Position::default(), "O-O"),
        IllegalReason::Castling {
            side: CastlingSide::KingSide,
            reason: CastlingError::Blocked { by: Square::F1 }
        }
    );
}

#[test]
fn castling_out_of_check() {
    let position = standard("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        reason(&position, "O-O-O"),
        IllegalReason::Castling {
            side: CastlingSide::QueenSide,
            reason: CastlingError::InCheck
        }
    );
}

#[test]
fn castling_through_check() {
    let position = standard("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        reason(&position, "O-O"),
        IllegalReason::Castling {
            side: CastlingSide::KingSide,
            reason: CastlingError::ThroughCheck { square: Square::F1 }
        }
    );
}

#[test]
fn castling_into_check() {
    let position = standard("1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        reason(&position, "O-O"),
        IllegalReason::Castling {
            side: CastlingSide::KingSide,
            reason: CastlingError::IntoCheck
        }
    );
}

#[test]
fn promotion_errors() {
    let position = standard("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(
        reason(&position, "e8"),
        IllegalReason::Promotion(PromotionError::Missing)
    );
    assert_eq!(
        reason(&position, "e8=K"),
        IllegalReason::Promotion(PromotionError::InvalidPiece(Role::King))
    );
    assert_eq!(
        reason(&position, "e8=P"),
        IllegalReason::Promotion(PromotionError::InvalidPiece(Role::Pawn))
    );
    assert_eq!(
        reason(&position, "Kd2=Q"),
        IllegalReason::Promotion(PromotionError::NotAPawn)
    );
    let position = standard("8/8/8/8/4P3/8/k7/4K3 w - - 0 1");
    assert_eq!(
        reason(&position, "e5=Q"),
        IllegalReason::Promotion(PromotionError::NotLastRank)
    );
}

#[test]
fn a_finished_game_takes_no_move() {
    let mated = after("f3 e5 g4 Qh4#");
    assert_eq!(
        reason(&mated, "a3"),
        IllegalReason::GameOver(Outcome::Checkmate {
            winner: Color::Black
        })
    );
}

#[test]
fn null_moves() {
    let start = Position::default();
    let played = played(&start, "--");
    assert!(played.is_null());
    assert_eq!(played.position().turn(), Color::Black);
    assert_eq!(played.forms(), forms(&[Form::NullMove]));
    assert_eq!(played.uci().to_string(), "0000");
    assert_eq!(played.san().to_string(), "--");
    for text in ["Z0", "0000", "@@@@"] {
        assert!(start.play(text, &EN).is_ok_and(|p| p.is_null()), "{text}");
    }
    let in_check = after("e4 f5 Qh5+");
    assert_eq!(reason(&in_check, "Z0"), IllegalReason::NullMoveInCheck);
}

// --- The capture mark: a warning, not an error ------------------------------------------

#[test]
fn a_wrong_capture_mark_plays_with_a_note() {
    // python-chess ignores `x`, shakmaty's own matcher insists on it; the move is
    // unambiguous either way, so it plays and the caller warns.
    let played = played(&Position::default(), "Nxf3");
    assert_eq!(played.san().to_string(), "Nf3");
    assert_eq!(played.forms(), forms(&[Form::WrongCaptureMark]));
}

#[test]
fn a_missing_capture_mark_plays_with_a_note() {
    let position = after("e4 d5");
    let played = played(&position, "ed5");
    assert_eq!(played.san().to_string(), "exd5");
    assert!(played.is_capture());
    assert_eq!(played.forms(), forms(&[Form::MissingCaptureMark]));
    let position = after("e4 d5 exd5 Nf6 c4");
    assert_eq!(
        played_forms(&position, "Nd5"),
        forms(&[Form::MissingCaptureMark])
    );
}

// --- Forms of writing a move -----------------------------------------------------------

#[test]
fn a_piece_letter_in_lower_case_plays_with_a_note() {
    let position = after("e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7");
    for (text, san) in [
        ("qe2", "Qe2"),
        ("kf1", "Kf1"),
        ("rf1", "Rf1"),
        ("nbd2", "Nbd2"),
    ] {
        let played = played(&position, text);
        assert_eq!(played.san().to_string(), san, "{text}");
        assert_eq!(
            played.forms(),
            forms(&[Form::LowercasePieceLetter]),
            "{text}"
        );
    }
    // `b` is a file: the bishop's move when the pawn's cannot be played.
    let bishop = played(&position, "bb5");
    assert_eq!(bishop.san().to_string(), "Bb5");
    assert_eq!(bishop.forms(), forms(&[Form::LowercasePieceLetter]));
    let position = after("e4 d5 d3 Nf6");
    assert_eq!(
        played_forms(&position, "bd2"),
        forms(&[Form::LowercasePieceLetter])
    );
    // A pawn's capture that can be played stays the pawn's.
    let position = after("b4 c6 b5 Nf6");
    assert_eq!(played(&position, "bxc6").san().to_string(), "bxc6");
    assert!(played_forms(&position, "bxc6").is_empty());
    // Not in a game of another language: Spanish `R` is the king, `r` no rook.
    let spanish = Dialect::new(Language::Spanish);
    assert!(Position::default().play("nf3", &spanish).is_err());
}

#[test]
fn a_pawns_file_as_a_capital_plays_with_a_note() {
    let start = Position::default();
    let position = after("e4 d5 c4 Nf6");
    for (position, text, san) in [
        (&start, "E4", "e4"),
        (&start, "B4", "b4"),
        (&start, "H3", "h3"),
        (&position, "Exd5", "exd5"),
        (&position, "Cxd5", "cxd5"),
        (&position, "E5", "e5"),
    ] {
        let played = played(position, text);
        assert_eq!(played.san().to_string(), san, "{text}");
        assert_eq!(played.forms(), forms(&[Form::UppercaseFile]), "{text}");
    }
    let promoting = standard("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(played(&promoting, "E8=Q+").san().to_string(), "e8=Q+");
    assert_eq!(
        played_forms(&promoting, "E8Q"),
        forms(&[Form::UppercaseFile, Form::PromotionWithoutEquals])
    );
    // A capital that is a piece letter before a capture is the piece's: English `B`, and
    // Spanish `C`, the knight (no pawn is read there).
    let bishop = after("e4 e5 Nf3 Nc6 Bc4 Bc5 c3 d6 d4");
    assert_eq!(played(&bishop, "Bxd4").san().to_string(), "Bxd4");
    let spanish = Dialect::new(Language::Spanish);
    let knight = after("e4 d5 c4 Nf6 Nc3 e6");
    assert_eq!(
        knight.play("Cxd5", &spanish).unwrap().san().to_string(),
        "Nxd5"
    );
    // In English, `Cxd5` that no c-pawn can make is read in the first language where it
    // is a move (a borrowed knight), as before capitals were read as files.
    let borrowed = after("e4 d5 Nc3 Nf6 Nf3 e6");
    let played = played(&borrowed, "Cxd5");
    assert_eq!(played.san().to_string(), "Nxd5");
    assert_eq!(played.forms(), forms(&[Form::OtherLanguageLetter]));
    // No square off the board.
    assert!(start.play("E9", &EN).is_err());
    assert!(start.play("I4", &EN).is_err());
}

#[test]
fn standard_san_has_no_forms() {
    let position = after("e4 e5 Nf3 Nc6 Bb5 a6");
    for m in ["Bxc6", "O-O", "Nxe5", "d4", "Ba4"] {
        assert!(played_forms(&position, m).is_empty(), "{m}");
    }
}

#[test]
fn non_standard_forms_are_played_and_noted() {
    let start = Position::default();
    let cases: &[(&Position, &str, &str, &[Form])] = &[
        (&start, "e2e4", "e4", &[Form::Uci]),
        (&start, "g1f3", "Nf3", &[Form::Uci]),
        (&start, "e2-e4", "e4", &[Form::LongAlgebraic]),
        (&start, "Ng1-f3", "Nf3", &[Form::LongAlgebraic]),
        (&start, "Ng1f3", "Nf3", &[Form::LongAlgebraic]),
        (&start, "Pe4", "e4", &[Form::PawnLetter]),
        (&start, "♘f3", "Nf3", &[Form::Figurine]),
        (&start, "♞f3", "Nf3", &[Form::Figurine]),
        (&start, "♘ f3", "Nf3", &[Form::Figurine]),
        (&start, "Sf3", "Nf3", &[Form::OtherLanguageLetter]),
        (&start, "nf3", "Nf3", &[Form::LowercasePieceLetter]),
        (
            &start,
            "ng1-f3",
            "Nf3",
            &[Form::LowercasePieceLetter, Form::LongAlgebraic],
        ),
    ];
    for (position, text, san, expected) in cases {
        let played = played(position, text);
        assert_eq!(played.san().to_string(), *san, "{text}");
        assert_eq!(played.forms(), forms(expected), "{text}");
    }
}

#[test]
fn castling_forms() {
    let position = standard("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let cases: &[(&str, &str, &[Form])] = &[
        ("O-O", "O-O", &[]),
        ("0-0", "O-O", &[Form::CastlingWithZeros]),
        ("0-0-0", "O-O-O", &[Form::CastlingWithZeros]),
        ("o-o", "O-O", &[Form::LowercaseCastling]),
        ("o-o-o+", "O-O-O", &[Form::LowercaseCastling]),
        ("OO", "O-O", &[Form::CastlingWithoutHyphens]),
        ("OOO", "O-O-O", &[Form::CastlingWithoutHyphens]),
        ("O-0", "O-O", &[Form::CastlingWithZeros]),
        ("0-O-O", "O-O-O", &[Form::CastlingWithZeros]),
        ("O-0-O+", "O-O-O", &[Form::CastlingWithZeros]),
        ("e1g1", "O-O", &[Form::Uci]),
        ("e1h1", "O-O", &[Form::Uci]),
        ("Kg1", "O-O", &[Form::KingMoveCastling]),
        (
            "Ke1-c1",
            "O-O-O",
            &[Form::LongAlgebraic, Form::KingMoveCastling],
        ),
    ];
    for (text, san, expected) in cases {
        let played = played(&position, text);
        assert_eq!(played.san().to_string(), *san, "{text}");
        assert_eq!(played.forms(), forms(expected), "{text}");
        assert_eq!(played.role(), Some(Role::King));
    }
    let played = played(&position, "O-O");
    assert_eq!(played.uci().to_string(), "e1g1");
    assert_eq!(played.to(), Some(Square::G1));
    assert_eq!(played.from(), Some(Square::E1));
}

#[test]
fn promotion_forms() {
    let position = standard("3k4/6P1/8/8/8/8/8/4K3 w - - 0 1");
    let cases: &[(&str, &[Form])] = &[
        ("g8=Q", &[]),
        ("g8Q", &[Form::PromotionWithoutEquals]),
        ("g8/Q", &[Form::PromotionWithoutEquals]),
        ("g8(Q)", &[Form::PromotionWithoutEquals]),
        ("g7g8q", &[Form::Uci, Form::PromotionWithoutEquals]),
    ];
    for (text, expected) in cases {
        let played = played(&position, text);
        assert_eq!(played.san().to_string(), "g8=Q+", "{text}");
        assert_eq!(played.promotion(), Some(Role::Queen));
        assert_eq!(played.forms(), forms(expected), "{text}");
    }
    assert_eq!(played(&position, "g8=N").san().to_string(), "g8=N");
}

#[test]
fn redundant_disambiguation_and_en_passant_marks() {
    let position = after("d4 d5");
    assert_eq!(
        played_forms(&position, "Nbd2"),
        forms(&[Form::RedundantDisambiguation])
    );
    let position = after("e4 a6 e5 d5");
    let played = played(&position, "exd6 e.p.");
    assert_eq!(played.san().to_string(), "exd6");
    assert_eq!(played.forms(), forms(&[Form::EnPassantMark]));
    assert!(played.is_capture());
    assert_eq!(
        played_forms(&position, "xd6"),
        forms(&[Form::PawnCaptureWithoutFile])
    );
    assert_eq!(
        played_forms(&position, "e5:d6"),
        forms(&[Form::OtherCaptureMark, Form::LongAlgebraic])
    );
}

#[test]
fn forms_are_warned_about_once_per_game() {
    let mut reported = Forms::EMPTY;
    let mut warnings = Vec::new();
    let mut position = Position::default();
    for m in ["e2e4", "e7e5", "g1f3", "Nc6", "Bc4", "Nf6", "0-0"] {
        let played = played(&position, m);
        for form in played.forms().difference(reported).iter() {
            warnings.push(form);
        }
        reported = reported.union(played.forms());
        position = played.into_position();
    }
    assert_eq!(warnings, [Form::Uci, Form::CastlingWithZeros]);
    assert_eq!(format!("{reported:?}"), "{CastlingWithZeros, Uci}");
    assert_eq!(
        Form::CastlingWithZeros.to_string(),
        "castling written with zeros (0-0 for O-O)"
    );
}

#[test]
fn a_game_starts_from_its_fen_or_its_variant() {
    assert_eq!(
        Position::setup(Variant::Standard, None),
        Ok(Position::default())
    );
    let from_fen = Position::setup(Variant::Standard, Some("4k3/8/8/8/8/8/8/4K3 b - - 0 40"));
    assert_eq!(from_fen.map(|p| p.fullmove_number()), Ok(40));
}

// --- What a played move tells ------------------------------------------------------------

#[test]
fn check_marks_written_and_deserved() {
    let position = after("f3 e5 g4");
    let mate = played(&position, "Qh4#");
    assert_eq!(mate.written_check(), CheckMark::Mate);
    assert_eq!(mate.check_mark(), CheckMark::Mate);
    assert!(mate.is_checkmate() && mate.gives_check());
    assert_eq!(mate.san().to_string(), "Qh4#");
    let wrong = played(&position, "Qh4+");
    assert_eq!(wrong.written_check(), CheckMark::Check);
    assert_eq!(wrong.check_mark(), CheckMark::Mate);
    let unmarked = played(&position, "Qh4");
    assert_eq!(unmarked.written_check(), CheckMark::None);
    let quiet = played(&Position::default(), "Nf3+");
    assert_eq!(quiet.written_check(), CheckMark::Check);
    assert_eq!(quiet.check_mark(), CheckMark::None);
    assert_eq!(
        played(&Position::default(), "e4++").written_check(),
        CheckMark::DoubleCheck
    );
}

#[test]
fn facts_about_a_move() {
    let position = after("e4 d5");
    let played = played(&position, "exd5");
    assert!(played.is_capture());
    assert_eq!(played.role(), Some(Role::Pawn));
    assert_eq!(played.from(), Some(Square::E4));
    assert_eq!(played.to(), Some(Square::D5));
    assert_eq!(played.promotion(), None);
    assert_eq!(played.uci().to_string(), "e4d5");
    assert_eq!(
        played.chess_move(),
        Some(Move::Normal {
            role: Role::Pawn,
            from: Square::E4,
            capture: Some(Role::Pawn),
            to: Square::D5,
            promotion: None
        })
    );
    assert_eq!(
        played.position().fen(),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
}

// --- Languages -------------------------------------------------------------------------

#[test]
fn piece_letters_of_each_language() {
    let position = after("e4 e5");
    let cases = [
        (Language::German, "Sf3", "Nf3"),
        (Language::German, "Lb5", "Bb5"),
        (Language::German, "Dh5", "Qh5"),
        (Language::German, "Ke2", "Ke2"),
        (Language::Spanish, "Cf3", "Nf3"),
        (Language::Spanish, "Ab5", "Bb5"),
        (Language::Spanish, "Re2", "Ke2"),
        (Language::Italian, "Re2", "Ke2"),
        (Language::French, "Fc4", "Bc4"),
        (Language::Dutch, "Pf3", "Nf3"),
        (Language::Portuguese, "Bb5", "Bb5"),
        (Language::Polish, "Hh5", "Qh5"),
        (Language::Czech, "Jf3", "Nf3"),
        (Language::Hungarian, "Vh5", "Qh5"),
        (Language::Finnish, "Rf3", "Nf3"),
        (Language::Romanian, "Nc4", "Bc4"),
    ];
    for (language, text, san) in cases {
        let played = position
            .play(text, &Dialect::new(language))
            .unwrap_or_else(|e| panic!("{language} {text}: {e}"));
        assert_eq!(played.san().to_string(), san, "{language} {text}");
        assert_eq!(
            played.forms().contains(Form::ForeignPieceLetter),
            text != san,
            "{language} {text}"
        );
    }
    // A promotion in German.
    let position = standard("3k4/6P1/8/8/8/8/8/4K3 w - - 0 1");
    let played = position
        .play("g8=D", &Dialect::new(Language::German))
        .unwrap();
    assert_eq!(played.san().to_string(), "g8=Q+");
}

#[test]
fn a_letter_that_means_another_piece_in_the_game_language_is_read_that_way() {
    // Spanish R is the king, even though English R (rook) would fit too.
    let position = standard("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let spanish = Dialect::new(Language::Spanish);
    assert_eq!(
        position.play("Rd2", &spanish).unwrap().san().to_string(),
        "Kd2"
    );
    assert_eq!(played(&position, "Rd1").san().to_string(), "Rd1");
}

#[test]
fn language_descriptions() {
    assert_eq!(
        Language::German.description(),
        "German piece letters: K = king, D = queen, T = rook, L = bishop, S = knight"
    );
    assert_eq!(Language::Spanish.role(b'R'), Some(Role::King));
    assert_eq!(Language::English.role(b'R'), Some(Role::Rook));
    assert_eq!(Language::English.role(b'P'), Some(Role::Pawn));
    assert_eq!(Language::Dutch.role(b'P'), Some(Role::Knight));
    assert_eq!(Language::French.letter(Role::Bishop), Some('F'));
}

/// A move in English SAN written with the piece letters of `language`.
fn in_letters_of(language: Language, san: &str) -> String {
    san.bytes()
        .map(|b| match Language::English.role(b) {
            Some(role) if b != b'P' => language.letter(role).unwrap_or('?'),
            _ => char::from(b),
        })
        .collect()
}

/// `detect_language` as it is specified: each language in turn, English first, the first
/// to read strictly better than those before it kept (no bound, no order of its own).
fn detect_by_definition(start: &Position, moves: &[&str]) -> Option<Language> {
    let mut best: Option<(Language, (usize, std::cmp::Reverse<usize>))> = None;
    for language in Language::ALL {
        let shares_letters = matches!(language, Language::Italian | Language::Swedish);
        let uses_letters = moves.iter().any(|m| {
            m.bytes().find(u8::is_ascii_uppercase).is_some_and(|b| {
                language.role(b).is_some() && language.role(b) != Language::English.role(b)
            })
        });
        if shares_letters || (language != Language::English && !uses_letters) {
            continue;
        }
        let (mut position, mut played, mut borrowed) = (start.clone(), 0, 0);
        for m in moves {
            let Ok(p) = position.play(m, &Dialect::new(language)) else {
                break;
            };
            played += 1;
            borrowed += usize::from(p.forms().contains(Form::OtherLanguageLetter));
            position = p.into_position();
        }
        let score = (played, std::cmp::Reverse(borrowed));
        if played > 0 && best.is_none_or(|(_, b)| score > b) {
            best = Some((language, score));
        }
    }
    best.map(|(language, _)| language)
}

/// `detect_language`, which replays a game bounded by the best reading so far and in an
/// order its letters suggest, finds what its definition finds, on 400 random games written
/// in every language, some with moves in the letters of another language or of English.
#[test]
fn detect_language_is_its_definition() {
    let mut rng = kifu_testing::Lcg::new(0x6c61_6e67);
    let mut found = std::collections::HashMap::new();
    for game in 0..400 {
        let mut position = Position::new(Variant::Standard);
        let mut english = Vec::new();
        for _ in 0..(10 + rng.below(60)) {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let played = position.play_legal(m);
            english.push(played.san().to_string());
            position = played.into_position();
        }
        let language = Language::ALL[game % Language::ALL.len()];
        let slips = rng.below(3);
        let moves: Vec<String> = english
            .iter()
            .map(|san| {
                let into = match rng.below(20) {
                    0 if slips > 0 => Language::ALL[rng.below(Language::ALL.len())],
                    _ => language,
                };
                in_letters_of(into, san)
            })
            .collect();
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let start = Position::new(Variant::Standard);
        let detected = detect_language(&start, &moves);
        assert_eq!(detected, detect_by_definition(&start, &moves), "{moves:?}");
        *found.entry(detected).or_insert(0) += 1;
    }
    assert!(found.len() >= 8, "{found:?}");
}

fn detect(moves: &str) -> Option<Language> {
    let moves: Vec<&str> = moves.split_whitespace().collect();
    detect_language(&Position::default(), &moves)
}

#[test]
fn an_english_game_without_piece_moves_is_english() {
    assert_eq!(
        detect("e4 e5 d4 exd4 c3 dxc3 bxc3"),
        Some(Language::English)
    );
}

#[test]
fn an_english_game_is_english() {
    assert_eq!(
        detect("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O"),
        Some(Language::English)
    );
}

#[test]
fn a_german_game_is_german() {
    assert_eq!(
        detect("e4 e5 Sf3 Sc6 Lb5 a6 La4 Sf6 O-O Le7 Te1 b5 Lb3 d6 c3 O-O h3 Dd7"),
        Some(Language::German)
    );
}

#[test]
fn a_spanish_game_where_r_is_the_king_is_spanish() {
    assert_eq!(
        detect("e4 e5 Cf3 Cc6 Ac4 Ac5 Re2 Re7"),
        Some(Language::Spanish)
    );
    // R alone says it, when English cannot move a rook there.
    assert_eq!(detect("e4 e5 Re2 Re7"), Some(Language::Spanish));
}

#[test]
fn a_french_game_is_french() {
    assert_eq!(
        detect("e4 e5 Cf3 Cc6 Fc4 Fc5 c3 Cf6 d4 exd4 cxd4 Fb4+"),
        Some(Language::French)
    );
}

#[test]
fn an_english_game_with_one_german_letter_stays_english() {
    // mliebelt's sampleGameThrow.pgn: "Sf3 is German and should be Nf3".
    assert_eq!(detect("d4 Nf6 Sf3 d5"), Some(Language::English));
    let position = after("d4 Nf6");
    assert_eq!(
        played_forms(&position, "Sf3"),
        forms(&[Form::OtherLanguageLetter])
    );
}

#[test]
fn no_language_reads_nonsense() {
    assert_eq!(detect("Xx9 e4"), None);
    assert_eq!(detect(""), None);
}

// --- Variants and start positions -----------------------------------------------------

#[test]
fn variant_tags() {
    let cases = [
        ("Standard", Variant::Standard),
        ("From Position", Variant::Standard),
        ("normal", Variant::Standard),
        ("Chess960", Variant::Chess960),
        ("chess 960", Variant::Chess960),
        ("Fischerandom", Variant::Chess960),
        ("fischerandom", Variant::Chess960),
        ("Crazyhouse", Variant::Crazyhouse),
        ("Atomic", Variant::Atomic),
        ("Antichess", Variant::Antichess),
        ("Giveaway", Variant::Antichess),
        ("King of the Hill", Variant::KingOfTheHill),
        ("kingOfTheHill", Variant::KingOfTheHill),
        ("Three-check", Variant::ThreeCheck),
        ("3check", Variant::ThreeCheck),
        ("Horde", Variant::Horde),
        ("Racing Kings", Variant::RacingKings),
    ];
    for (tag, variant) in cases {
        assert_eq!(Variant::from_tag(tag), Some(variant), "{tag}");
    }
    for tag in [
        "Bughouse",
        "wild/1",
        "Suicide chess?",
        "a very long name of no variant",
    ] {
        assert_eq!(Variant::from_tag(tag), None, "{tag}");
    }
    for variant in Variant::ALL {
        assert_eq!(Variant::from_tag(variant.name()), Some(variant));
    }
}

#[test]
fn start_positions() {
    let cases = [
        (
            Variant::Standard,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            Variant::Chess960,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            Variant::Crazyhouse,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        ),
        (
            Variant::Antichess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ),
        (
            Variant::ThreeCheck,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        ),
        (
            Variant::Horde,
            "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        ),
        (
            Variant::RacingKings,
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        ),
    ];
    for (variant, expected) in cases {
        let start = Position::new(variant);
        assert_eq!(start.fen(), expected, "{variant}");
        assert_eq!(start.variant(), variant);
        assert_eq!(start.outcome(), None, "{variant}");
    }
    assert_eq!(
        Position::new(Variant::Chess960).castling_mode(),
        CastlingMode::Chess960
    );
    assert_eq!(
        Position::new(Variant::Standard).castling_mode(),
        CastlingMode::Standard
    );
}

/// TCEC Season 20's FRC final starts with king c1, rooks b1 and e1.
const FRC_X_FEN: &str = "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w KQkq - 0 1";
const FRC_SHREDDER_FEN: &str = "1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w EBeb - 0 1";

#[test]
fn chess960_castling_from_x_fen_and_shredder_fen() {
    for text in [FRC_X_FEN, FRC_SHREDDER_FEN] {
        let position = fen(Variant::Chess960, text);
        assert_eq!(position.castling_mode(), CastlingMode::Chess960);
        let castles = position.shakmaty().castles();
        assert_eq!(
            castles.rook(Color::White, CastlingSide::KingSide),
            Some(Square::E1)
        );
        assert_eq!(
            castles.rook(Color::White, CastlingSide::QueenSide),
            Some(Square::B1)
        );

        let short = played(&position, "O-O");
        assert_eq!(short.uci().to_string(), "c1e1", "king takes rook");
        assert_eq!(short.from(), Some(Square::C1));
        assert_eq!(short.to(), Some(Square::G1));
        let board = short.position().board();
        assert_eq!(board.role_at(Square::G1), Some(Role::King));
        assert_eq!(board.role_at(Square::F1), Some(Role::Rook));

        let long = played(&position, "O-O-O");
        assert_eq!(long.uci().to_string(), "c1b1");
        assert_eq!(
            long.position().board().role_at(Square::D1),
            Some(Role::Rook)
        );

        // UCI's king-takes-rook and the king's move onto its rook read as castling.
        assert_eq!(played(&position, "c1e1").san().to_string(), "O-O");
        assert_eq!(
            played(&position, "Kxe1").forms(),
            forms(&[Form::KingMoveCastling])
        );
    }
    // A standard game from a Chess960 FEN ("From Position") castles the Chess960 way.
    let position = fen(Variant::Standard, FRC_X_FEN);
    assert_eq!(position.castling_mode(), CastlingMode::Chess960);
    assert_eq!(played(&position, "O-O").uci().to_string(), "c1e1");
}

#[test]
fn crazyhouse_drops() {
    let position = after_in(Variant::Crazyhouse, "e4 d5 exd5 Qxd5 Nc3 Qa5");
    let drop = played(&position, "P@e6");
    assert_eq!(
        drop.chess_move(),
        Some(Move::Put {
            role: Role::Pawn,
            to: Square::E6
        })
    );
    assert_eq!(drop.san().to_string(), "P@e6");
    assert_eq!(drop.from(), None);
    assert_eq!(
        reason(&position, "N@f3"),
        IllegalReason::Drop {
            role: Role::Knight,
            to: Square::F3,
            reason: DropError::NotInPocket
        }
    );
    assert_eq!(
        reason(&position, "P@d2"),
        IllegalReason::Drop {
            role: Role::Pawn,
            to: Square::D2,
            reason: DropError::SquareOccupied
        }
    );
    let holding = fen(
        Variant::Crazyhouse,
        "rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBN1[P] w Qkq - 0 1",
    );
    assert_eq!(
        reason(&holding, "P@h1"),
        IllegalReason::Drop {
            role: Role::Pawn,
            to: Square::H1,
            reason: DropError::PawnOnBackRank
        }
    );
    assert_eq!(
        reason(&Position::default(), "N@f3"),
        IllegalReason::Drop {
            role: Role::Knight,
            to: Square::F3,
            reason: DropError::NotInVariant
        }
    );
}

#[test]
fn a_drop_must_answer_a_check() {
    let position = fen(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    assert_eq!(
        reason(&position, "N@h5"),
        IllegalReason::Drop {
            role: Role::Knight,
            to: Square::H5,
            reason: DropError::LeavesKingInCheck
        }
    );
    assert_eq!(played(&position, "N@c1").san().to_string(), "N@c1");
}

#[test]
fn atomic_captures_explode() {
    let position = after_in(Variant::Atomic, "e4 d5 Nf3 Nc6");
    let capture = played(&position, "exd5");
    let board = capture.position().board();
    assert_eq!(board.piece_at(Square::D5), None, "the captured pawn");
    assert_eq!(board.piece_at(Square::E4), None, "the capturing pawn left");
    let position = fen(Variant::Atomic, "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1");
    let boom = played(&position, "Qxd8");
    assert_eq!(
        boom.position().outcome(),
        Some(Outcome::Variant {
            winner: Some(Color::White),
            end: VariantEnd::KingExploded
        })
    );
    assert_eq!(
        boom.check_mark(),
        CheckMark::Mate,
        "a win is marked # as Lichess does"
    );
    // A king cannot capture: it would explode with its victim.
    let position = fen(Variant::Atomic, "4k3/8/8/8/8/8/8/3qK3 w - - 0 1");
    assert_eq!(
        reason(&position, "Kxd1"),
        IllegalReason::LeavesKingInCheck {
            role: Role::King,
            from: Square::E1,
            to: Square::D1,
            danger: KingDanger::ExplodesOwnKing
        }
    );
}

#[test]
fn antichess_captures_are_compulsory() {
    let position = after_in(Variant::Antichess, "e3 b5");
    assert_eq!(reason(&position, "Nf3"), IllegalReason::CaptureRequired);
    assert!(position.play("Bxb5", &EN).is_ok());
    // The king is an ordinary piece, promotion to king allowed.
    let position = fen(Variant::Antichess, "8/4P3/8/8/8/8/8/k7 w - - 0 1");
    assert_eq!(played(&position, "e8=K").promotion(), Some(Role::King));
    let lost_all = fen(Variant::Antichess, "8/8/8/8/8/8/8/k7 w - - 0 1");
    assert_eq!(
        lost_all.outcome(),
        Some(Outcome::Variant {
            winner: Some(Color::White),
            end: VariantEnd::AllPiecesLost
        })
    );
}

#[test]
fn horde_pawns_and_the_captured_horde() {
    let start = Position::new(Variant::Horde);
    // A pawn on the first rank steps two squares as well.
    let position = fen(Variant::Horde, "rnbqkbnr/pppppppp/8/8/8/8/8/P7 w kq - 0 1");
    assert_eq!(played(&position, "a3").san().to_string(), "a3");
    assert_eq!(played(&start, "e5").san().to_string(), "e5");
    let captured = fen(Variant::Horde, "4k3/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(
        captured.outcome(),
        Some(Outcome::Variant {
            winner: Some(Color::Black),
            end: VariantEnd::HordeCaptured
        })
    );
}

#[test]
fn racing_kings_forbids_check_and_ends_on_the_eighth_rank() {
    let start = Position::new(Variant::RacingKings);
    assert_eq!(
        reason(&start, "Nc3"),
        IllegalReason::LeavesKingInCheck {
            role: Role::Knight,
            from: Square::E2,
            to: Square::C3,
            danger: KingDanger::GivesCheck
        }
    );
    // Black, one move from the eighth rank, may still draw.
    let position = fen(Variant::RacingKings, "8/k5K1/8/8/8/8/8/8 w - - 0 1");
    let first = played(&position, "Kg8").into_position();
    assert_eq!(first.outcome(), None);
    let both = played(&first, "Kb8").into_position();
    assert_eq!(
        both.outcome(),
        Some(Outcome::Variant {
            winner: None,
            end: VariantEnd::KingReachedEighthRank
        })
    );
    // Black, further away, has lost at once.
    let position = fen(Variant::RacingKings, "8/6K1/8/8/8/8/8/k7 w - - 0 1");
    let won = played(&position, "Kg8");
    assert_eq!(
        won.position().outcome(),
        Some(Outcome::Variant {
            winner: Some(Color::White),
            end: VariantEnd::KingReachedEighthRank
        })
    );
}

#[test]
fn three_check_ends_on_the_third_check() {
    let position = after_in(Variant::ThreeCheck, "e4 e5");
    assert!(played(&position, "Bb5").position().outcome().is_none());
    let position = fen(Variant::ThreeCheck, "7k/8/8/8/8/8/8/R3K3 w - - 1+3 0 1");
    let third = played(&position, "Ra8+");
    assert_eq!(
        third.position().outcome(),
        Some(Outcome::Variant {
            winner: Some(Color::White),
            end: VariantEnd::ThirdCheck
        })
    );
    assert_eq!(
        third.check_mark(),
        CheckMark::Mate,
        "a win is marked # as Lichess does"
    );
}

#[test]
fn king_of_the_hill_ends_in_the_centre() {
    let position = fen(Variant::KingOfTheHill, "4k3/8/8/8/8/3K4/8/8 w - - 0 1");
    let hill = played(&position, "Ke4");
    assert_eq!(
        hill.position().outcome(),
        Some(Outcome::Variant {
            winner: Some(Color::White),
            end: VariantEnd::KingOfTheHill
        })
    );
    assert_eq!(
        reason(hill.position(), "Kd8"),
        IllegalReason::GameOver(Outcome::Variant {
            winner: Some(Color::White),
            end: VariantEnd::KingOfTheHill
        })
    );
}

// --- Outcomes --------------------------------------------------------------------------

#[test]
fn outcomes() {
    assert_eq!(Position::default().outcome(), None);
    let mate = after("f3 e5 g4 Qh4#");
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(mate.outcome().map(Outcome::result), Some("0-1"));
    let stalemate = standard("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(stalemate.outcome(), Some(Outcome::Stalemate));
    assert_eq!(stalemate.outcome().map(Outcome::result), Some("1/2-1/2"));
    let bare = standard("8/8/8/4k3/8/8/8/4K3 w - - 0 1");
    assert_eq!(bare.outcome(), Some(Outcome::InsufficientMaterial));
    assert_eq!(
        Outcome::Checkmate {
            winner: Color::White
        }
        .to_string(),
        "checkmate, White wins"
    );
}

// --- FEN -------------------------------------------------------------------------------

#[test]
fn fen_syntax_errors_name_the_field() {
    let cases = [
        ("not a fen", FenField::Board),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            FenField::Turn,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            FenField::EnPassant,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            FenField::HalfmoveClock,
        ),
    ];
    for (text, field) in cases {
        assert_eq!(
            Position::from_fen(Variant::Standard, text),
            Err(FenError::Syntax(field)),
            "{text}"
        );
    }
}

fn impossible(text: &str) -> (Vec<FenProblem>, bool) {
    match Position::from_fen(Variant::Standard, text) {
        Err(FenError::Impossible { problems, repaired }) => (problems, repaired.is_some()),
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn impossible_positions_say_why() {
    assert_eq!(
        impossible("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
        (vec![FenProblem::TooManyKings(Color::White)], false)
    );
    assert_eq!(
        impossible("8/8/8/8/8/8/8/4K3 w - - 0 1"),
        (vec![FenProblem::MissingKing(Color::Black)], false)
    );
    assert_eq!(
        impossible("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
        (vec![FenProblem::PawnsOnBackRank], false)
    );
    assert_eq!(
        impossible("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"),
        (vec![FenProblem::SideNotToMoveInCheck], false)
    );
    // Castling rights without their rooks: a reader can drop them and go on.
    assert_eq!(
        impossible("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"),
        (vec![FenProblem::InvalidCastlingRights], true)
    );
    let error =
        Position::from_fen(Variant::Standard, "4k3/8/8/8/8/8/8/3KK3 w - - 0 1").unwrap_err();
    assert_eq!(
        error.to_string(),
        "impossible position: White has more than one king"
    );
}

// --- Robustness ------------------------------------------------------------------------

#[test]
fn no_text_makes_a_panic() {
    let positions = [
        Position::default(),
        after("f3 e5 g4 Qh4#"),
        after_in(Variant::Crazyhouse, "e4 d5 exd5 Qxd5 Nc3 Qa5"),
        Position::new(Variant::Horde),
        fen(Variant::Horde, "4k3/8/8/8/8/8/8/8 w - - 0 1"),
        fen(Variant::Atomic, "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1"),
        Position::new(Variant::Antichess),
        Position::new(Variant::RacingKings),
        fen(Variant::Chess960, FRC_X_FEN),
        standard("8/4P3/8/8/8/8/k7/4K3 w - - 0 1"),
    ];
    let pieces = ["", "N", "K", "P", "R", "S", "♘", "♙", "@", "x", "O", "0"];
    let origins = ["", "e", "2", "e2", "e1-", "x", ":", "×", "-", "e7"];
    let targets = ["e4", "e1", "e8", "g1", "h1", "c1", "z9", "e", "", "-O"];
    let suffixes = [
        "", "=Q", "Q", "q", "=K", "=P", "(Q)", "/", "+", "#", "++", "e.p.", "!", "=", "ep",
    ];
    let mut count = 0;
    for piece in pieces {
        for origin in origins {
            for target in targets {
                for suffix in suffixes {
                    let text = format!("{piece}{origin}{target}{suffix}");
                    // Spanish, whose R is the king, for every other position.
                    for (i, position) in positions.iter().enumerate() {
                        let language = [Language::English, Language::Spanish][i % 2];
                        let _ = position.play(&text, &Dialect::new(language));
                        count += 1;
                    }
                }
            }
        }
    }
    assert!(count > 50_000);
}

/// Calls `visit` with every position of `games` random games of standard chess, up to
/// `plies` moves each, pawns moved twice as often as the other pieces so that en passant
/// comes up, and castling rights get lost on the way. Returns how many it visited.
fn random_positions(games: usize, plies: usize, mut visit: impl FnMut(&Position)) -> usize {
    let mut rng = kifu_testing::Lcg::new(0x6b69_6675);
    let mut positions = 0;
    for _ in 0..games {
        let mut position = Position::new(Variant::Standard);
        for _ in 0..plies {
            visit(&position);
            positions += 1;
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let pawns: Vec<_> = moves.iter().filter(|m| m.role() == Role::Pawn).collect();
            let m = if !pawns.is_empty() && rng.below(2) == 0 {
                *pawns[rng.below(pawns.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let uci = m.to_uci(CastlingMode::Standard).to_string();
            position = position
                .play(&uci, &Dialect::ENGLISH)
                .unwrap()
                .into_position();
        }
    }
    positions
}

/// A move in long algebraic with a hyphen (`Ng1-f3`, `e2-e4`, `e7-e8=Q+`) played by the fast
/// path is what the slow path makes of it (the move, its SAN, the written mark, the forms),
/// for every legal move of every position of 100 random games written so, with and without
/// a check mark, taking or not, promoting with and without `=`; and the fast path plays
/// most of those that take nothing.
#[test]
fn long_algebraic_fast_path_is_the_slow_paths() {
    let (mut fast, mut asked) = (0, 0);
    random_positions(100, 120, |position| {
        for m in position.legal_moves() {
            let (Some(from), to) = (m.from(), m.to()) else {
                continue;
            };
            if m.is_castle() {
                continue;
            }
            let letter = match m.role() {
                Role::Pawn => String::new(),
                role => role.upper_char().to_string(),
            };
            let promotions: Vec<String> = match m.promotion() {
                None => vec![String::new()],
                Some(role) => vec![
                    format!("={}", role.upper_char()),
                    role.upper_char().to_string(),
                ],
            };
            for sign in ["-", "x"] {
                for promotion in &promotions {
                    for mark in ["", "+", "#"] {
                        let text = format!("{letter}{from}{sign}{to}{promotion}{mark}");
                        let slow = position.play_written(&text, &Dialect::ENGLISH, true);
                        let mut played = position.clone();
                        let quick = position.plain_long_algebraic(text.as_bytes());
                        let sure = sign == "-" && !m.is_capture() && m.role() != Role::King;
                        asked += usize::from(sure && promotion.len() != 1);
                        let Some(Moved {
                            chess_move: Some(quick_move),
                            san,
                            written_check: check,
                            forms,
                        }) = quick
                        else {
                            continue;
                        };
                        fast += 1;
                        let slow =
                            slow.unwrap_or_else(|e| panic!("{text}: {e} in {}", position.fen()));
                        assert_eq!(Some(quick_move), slow.chess_move(), "{text}");
                        assert_eq!(
                            StandardSan(SanPlus { san, suffix: None }).to_string(),
                            slow.san().to_string().trim_end_matches(['+', '#']),
                            "{text}"
                        );
                        assert_eq!(check, slow.written_check(), "{text}");
                        assert_eq!(forms, slow.forms(), "{text}");
                        let moved = played.play_mut(&text, &Dialect::ENGLISH).unwrap();
                        assert_eq!(played, slow.into_position(), "{text}");
                        assert_eq!(moved.chess_move(), Some(quick_move), "{text}");
                    }
                }
            }
        }
    });
    assert!(
        fast > 9 * asked / 10,
        "{fast} of {asked} played by the fast path"
    );
}

/// A move written with another language's letters played by the fast path is what the
/// slow path makes of it (the move, its SAN, the written mark, the forms), for every legal
/// move of every position of 6 random games written in each language, in standard SAN
/// and with a redundant origin, and the fast path plays most of them.
#[test]
fn foreign_letters_fast_path_is_the_slow_paths() {
    use shakmaty::san::San;
    let (mut fast, mut asked) = (0, 0);
    random_positions(6, 120, |position| {
        for m in position.legal_moves() {
            let san = San::from_move(position.shakmaty(), m).to_string();
            let from = m.from().map(|sq| sq.to_string()).unwrap_or_default();
            let long = match san.as_bytes() {
                [p @ (b'N' | b'B' | b'R' | b'Q' | b'K'), rest @ ..] if m.role() != Role::King => {
                    format!("{}{from}{}", char::from(*p), String::from_utf8_lossy(rest))
                }
                _ => san.clone(),
            };
            for language in Language::ALL {
                if language == Language::English {
                    continue;
                }
                for english in [&san, &long] {
                    for mark in ["", "+"] {
                        let text = in_letters_of(language, english) + mark;
                        let dialect = Dialect::new(language);
                        let quick = position.plain_translated(text.as_bytes(), language);
                        asked += 1;
                        let Some(Moved {
                            chess_move: Some(quick_move),
                            san: quick_san,
                            written_check: check,
                            forms,
                        }) = quick
                        else {
                            continue;
                        };
                        fast += 1;
                        let slow = position
                            .play_written(&text, &dialect, true)
                            .unwrap_or_else(|e| panic!("{text} ({language:?}): {e}"));
                        let context = || format!("{text} ({language:?}) in {}", position.fen());
                        assert_eq!(Some(quick_move), slow.chess_move(), "{}", context());
                        assert_eq!(
                            StandardSan(SanPlus {
                                san: quick_san,
                                suffix: None
                            })
                            .to_string(),
                            slow.san().to_string().trim_end_matches(['+', '#']),
                            "{}",
                            context()
                        );
                        assert_eq!(check, slow.written_check(), "{}", context());
                        assert_eq!(forms, slow.forms(), "{}", context());
                        let mut played = position.clone();
                        played.play_mut(&text, &dialect).unwrap();
                        assert_eq!(played, slow.into_position(), "{}", context());
                    }
                }
            }
        }
    });
    assert!(
        fast > asked / 10 * 9,
        "{fast} of {asked} played by the fast path"
    );
}

/// The FEN written byte by byte for standard chess is shakmaty's, in every position of
/// 300 random games (castling rights lost, en passant possible or not, long games).
#[test]
fn standard_fen_is_shakmatys() {
    use shakmaty::fen::Fen;
    use shakmaty::EnPassantMode;
    let positions = random_positions(300, 120, |position| {
        let expected = Fen::from_position(position.shakmaty(), EnPassantMode::Legal);
        assert_eq!(position.fen(), expected.to_string());
    });
    assert!(positions > 20_000);
}

/// The legal origins, each made a move (one for each promotion on the last rank), are
/// shakmaty's SAN candidates, for every piece and square of every position of 100 random
/// games (pins, checks, promotions and en passant among them), and they decide most of
/// them without shakmaty.
#[test]
fn legal_origins_are_shakmatys_candidates() {
    use shakmaty::MoveList;
    let (mut decided, mut asked) = (0, 0);
    random_positions(100, 120, |position| {
        for role in Role::ALL {
            for to in Square::ALL {
                let Some((origins, capture)) = position.legal_origins(role, to) else {
                    asked += 1;
                    continue;
                };
                decided += 1;
                let last = to.rank() == position.turn().fold_wb(Rank::Eighth, Rank::First);
                let promotions: &[Option<Role>] = if role == Role::Pawn && last {
                    &[
                        Some(Role::Queen),
                        Some(Role::Rook),
                        Some(Role::Bishop),
                        Some(Role::Knight),
                    ]
                } else {
                    &[None]
                };
                let mut found = MoveList::new();
                for from in origins {
                    for &promotion in promotions {
                        found.push(Move::Normal {
                            role,
                            from,
                            capture,
                            to,
                            promotion,
                        });
                    }
                }
                let mut expected = position.san_candidates(role, to);
                let key = |m: &Move| format!("{m:?}");
                found.sort_by_key(key);
                expected.sort_by_key(key);
                assert_eq!(found, expected, "{role:?} to {to} in {}", position.fen());
            }
        }
    });
    assert!(
        decided > 2 * asked,
        "{decided} decided, {asked} left to shakmaty"
    );
}

/// A SAN move resolved on the squares of its legal origins is the one the list of
/// shakmaty's candidates gives (`Spec::fits`, `unique`, `canonical`), with the same SAN,
/// for every piece and square that some piece reaches in every position of 30 random
/// games, written with no disambiguation, with the file or the rank of each piece that
/// reaches it (and of the a-file and first rank), both, with and without a capture mark,
/// and with and without a promotion: where one move fits, and where none or several do.
#[test]
fn moves_resolved_on_squares_are_those_of_the_list() {
    use super::resolution::{canonical, unique, Spec};
    let (mut resolved, mut refused) = (0, 0);
    random_positions(30, 120, |position| {
        for role in Role::ALL {
            for to in Square::ALL {
                let Some((origins, taken)) = position.legal_origins(role, to) else {
                    continue;
                };
                let candidates = position.san_candidates(role, to);
                if candidates.is_empty() {
                    continue;
                }
                let origin = |f: fn(Square) -> u32| {
                    let mut seen = vec![None, Some(0)];
                    seen.extend(
                        candidates
                            .iter()
                            .filter_map(|m| m.from())
                            .map(|sq| Some(f(sq))),
                    );
                    seen.sort_unstable();
                    seen.dedup();
                    seen
                };
                for file in origin(|sq| sq.file().to_u32()) {
                    for rank in origin(|sq| sq.rank().to_u32()) {
                        for capture in [false, true] {
                            for promotion in [None, Some(Role::Queen), Some(Role::King)] {
                                let spec = Spec {
                                    role,
                                    file: file.map(File::new),
                                    rank: rank.map(Rank::new),
                                    capture,
                                    to,
                                    promotion,
                                };
                                let by_list =
                                    unique(candidates.iter().filter(|m| spec.fits(m, true)))
                                        .map(|m| (m, canonical(m, &candidates)));
                                let on_squares = spec
                                    .resolve(origins, taken, position.turn())
                                    .map(|(m, file, rank)| (m, spec.san(m, file, rank)));
                                assert_eq!(on_squares, by_list, "{spec:?} in {}", position.fen());
                                if on_squares.is_some() {
                                    resolved += 1;
                                } else {
                                    refused += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
    });
    assert!(
        resolved > 20_000 && refused > resolved,
        "{resolved} resolved, {refused} refused"
    );
}

/// A move's SAN is shakmaty's `San::disambiguate`, for every legal move of every position
/// of 100 random games, among the candidates the SAN reader finds for it.
#[test]
fn canonical_san_is_shakmatys() {
    use shakmaty::san::San;
    let mut alone = 0;
    random_positions(100, 120, |position| {
        for m in position.legal_moves() {
            let candidates = position.san_candidates(m.role(), m.to());
            alone += usize::from(candidates.len() == 1);
            assert_eq!(
                super::resolution::canonical(m, &candidates),
                San::disambiguate(m, &candidates),
                "{m:?} in {}",
                position.fen()
            );
        }
    });
    assert!(alone > 50_000, "{alone} moves alone of their kind");
}

/// The check kept with a position is shakmaty's, whichever way the position was made:
/// played in place (`play_mut`), played into a new one (`play`), set up from a FEN, and
/// after a null move; through every position of 60 random games. The checking pieces kept
/// after a move (found from the move's two squares) are those a search from the king finds,
/// discovered and double checks among them.
#[test]
fn the_check_kept_with_a_position_is_shakmatys() {
    let mut checks = 0;
    let (mut discovered, mut double) = (0, 0);
    random_positions(60, 120, |position| {
        let fen = Position::from_fen(Variant::Standard, &position.fen()).unwrap();
        for made in [position, &fen] {
            assert_eq!(
                made.is_check(),
                made.shakmaty().is_check(),
                "{}",
                made.fen()
            );
        }
        checks += usize::from(position.is_check());
        for m in position.legal_moves() {
            let uci = m.to_uci(CastlingMode::Standard).to_string();
            let played = position.play(&uci, &EN).unwrap().into_position();
            let mut in_place = position.clone();
            in_place.play_mut(&uci, &EN).unwrap();
            assert_eq!(in_place, played, "{uci} in {}", position.fen());
            let searched = Position::of(played.inner.clone(), played.variant);
            assert_eq!(played, searched, "{uci} in {}", position.fen());
            let checkers = played.shakmaty().checkers();
            discovered += usize::from(checkers.any() && !checkers.contains(m.to()));
            double += usize::from(checkers.more_than_one());
            assert_eq!(
                played.is_check(),
                played.shakmaty().is_check(),
                "{uci} in {}",
                position.fen()
            );
        }
        if let Ok(null) = position.play("--", &EN) {
            let null = null.into_position();
            assert_eq!(
                null.is_check(),
                null.shakmaty().is_check(),
                "{}",
                null.fen()
            );
        }
    });
    assert!(checks > 200, "{checks} positions in check");
    assert!(discovered > 300, "{discovered} discovered checks");
    assert!(double > 50, "{double} double checks");
}

/// The attackers of a square are shakmaty's (`Board::attacks_to`), for both colours and
/// every square of every position of 100 random games, with all the pieces standing and
/// with each of the side to move's pieces lifted in turn; and a check is shakmaty's.
#[test]
fn attackers_are_shakmatys() {
    let mut attacked = 0;
    random_positions(100, 120, |position| {
        let pos = position.shakmaty();
        let board = pos.board();
        assert_eq!(position.is_check(), pos.is_check(), "{}", position.fen());
        let lifted = std::iter::once(None).chain(pos.us().into_iter().map(Some));
        for lift in lifted {
            let occupied = lift.map_or(board.occupied(), |sq| board.occupied().without(sq));
            for square in Square::ALL {
                for colour in [Color::White, Color::Black] {
                    let expected = board.attacks_to(square, colour, occupied);
                    let found = super::position::attackers(board, square, colour, occupied);
                    assert_eq!(
                        found,
                        expected,
                        "{colour:?} on {square} in {}",
                        position.fen()
                    );
                    attacked += usize::from(expected.any());
                }
            }
        }
    });
    assert!(attacked > 100_000, "{attacked}");
}

/// The king can step exactly when one of shakmaty's legal moves is a step of the king, in
/// every position of 300 random games (checks among them): what tells a check from a mate.
#[test]
fn a_king_step_is_a_legal_king_move() {
    let mut checks = 0;
    random_positions(300, 120, |position| {
        let steps = position.legal_moves().iter().any(|m| {
            matches!(
                m,
                Move::Normal {
                    role: Role::King,
                    ..
                }
            )
        });
        assert_eq!(position.king_can_step(), steps, "{}", position.fen());
        checks += usize::from(position.shakmaty().is_check());
    });
    assert!(checks > 500, "{checks} positions in check");
}

/// SAN appended to a buffer is the SAN displayed, for every legal move of the positions of
/// 20 random games (captures, promotions, castling, checks), and for a crazyhouse pawn
/// drop (`P@d7+`, which shakmaty writes `@d7+`).
#[test]
fn san_appended_is_san_displayed() {
    let same = |played: Played| {
        let san = played.san();
        let mut appended = Vec::new();
        san.append_to(&mut appended);
        assert_eq!(String::from_utf8(appended).unwrap(), san.to_string());
    };
    let mut moves = 0;
    random_positions(20, 80, |position| {
        for m in position.legal_moves() {
            let uci = m.to_uci(CastlingMode::Standard).to_string();
            same(position.play(&uci, &Dialect::ENGLISH).unwrap());
            moves += 1;
        }
    });
    assert!(moves > 10_000, "{moves} moves");
    let house = Position::from_fen(
        Variant::Crazyhouse,
        "rnbqkbnr/ppp1pppp/8/8/8/8/PPP1PPPP/RNBQKBNR[Pp] w KQkq - 0 3",
    )
    .unwrap();
    let drop = house.play("P@d7", &Dialect::ENGLISH).unwrap();
    assert_eq!(drop.san().to_string(), "P@d7+");
    same(drop);
}

/// Castling resolved on the squares is shakmaty's `castling_moves`, both sides, in every
/// position of random games from the standard array and from Chess960 ones (rights lost
/// and kept, paths blocked and attacked, the king in check, the king next to its rook),
/// and both answers are seen.
#[test]
fn castling_is_shakmatys() {
    use shakmaty::CastlingSide;
    let starts = [
        (
            Variant::Standard,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            Variant::Chess960,
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        ),
        (
            Variant::Chess960,
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
        ),
        (
            Variant::Chess960,
            "rkrbbqnn/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1",
        ),
        (
            Variant::Chess960,
            "nrkbbqnr/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQNR w KQkq - 0 1",
        ),
        (
            Variant::Chess960,
            "qnnrkrbb/pppppppp/8/8/8/8/PPPPPPPP/QNNRKRBB w KQkq - 0 1",
        ),
    ];
    let mut rng = kifu_testing::Lcg::new(0x6361_7374);
    let (mut legal, mut illegal) = (0, 0);
    for (variant, fen) in starts {
        for _ in 0..60 {
            let mut position = Position::from_fen(variant, fen).expect("a start position");
            for _ in 0..40 {
                for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                    let ours = position.castle(side).expect("standard chess or Chess960");
                    let theirs = position.inner.castling_moves(side).first().copied();
                    assert_eq!(ours, theirs, "{side:?} in {}", position.fen());
                    if ours.is_some() {
                        legal += 1;
                    } else if position.inner.castles().has(position.turn(), side) {
                        illegal += 1;
                    }
                }
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Kings and rooks moved seldom, so that rights last.
                let quiet: Vec<_> = moves
                    .iter()
                    .filter(|m| !matches!(m.role(), Role::King | Role::Rook) || m.is_castle())
                    .collect();
                let m = if !quiet.is_empty() && rng.below(4) != 0 {
                    *quiet[rng.below(quiet.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                position = position.play_legal(m).into_position();
            }
        }
    }
    assert!(
        legal > 200 && illegal > 200,
        "{legal} legal, {illegal} refused with the right"
    );
}

/// A move's bytes play as its text does, on the fast path (`e4`) and the slow one (`P@e4`
/// is no move in standard chess, `Bf1-c4` a long algebraic move with the wrong piece's
/// square); bytes that are not UTF-8 are no move, told as the text with U+FFFD would be.
#[test]
fn a_moves_bytes_play_as_its_text() {
    let start = Position::new(Variant::Standard);
    for text in [
        "e4", "Nf3+", "P@e4", "e2-e4", "Ng1-f3", "Bf1-c4", "xyz", "e9",
    ] {
        let (mut by_text, mut by_bytes) = (start.clone(), start.clone());
        let (a, b) = (
            by_text.play_mut(text, &EN),
            by_bytes.play_mut_bytes(text.as_bytes(), &EN),
        );
        assert_eq!(a.is_ok(), b.is_ok(), "{text}");
        assert_eq!(by_text, by_bytes, "{text}");
    }
    let mut position = start.clone();
    let invalid = position.play_mut_bytes(b"e\xff4", &EN);
    let replaced = start.clone().play_mut("e\u{fffd}4", &EN);
    assert_eq!(invalid.err(), replaced.err());
    assert_eq!(
        position, start,
        "an illegal move leaves the position as it was"
    );
}
