//! The rules of each variant, one position per rule. Positions are written with
//! coordinates (`W:WKa1:Be5`) where the variant has them, which reads more easily than
//! square numbers; each variant's numbering is tested on its own.

use super::*;

fn at(variant: Variant, fen: &str) -> Position {
    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A square by its coordinates as the variant names them.
fn sq(variant: Variant, name: &str) -> u8 {
    square_from_alphanumeric(variant, name).unwrap_or_else(|| panic!("{name} in {variant}"))
}

/// Squares by their coordinates.
fn squares(variant: Variant, names: &[&str]) -> Vec<u8> {
    names.iter().map(|n| sq(variant, n)).collect()
}

/// Every legal move's path, sorted.
fn paths(position: &Position) -> Vec<Vec<u8>> {
    let mut paths: Vec<Vec<u8>> = legal_moves(position).into_iter().map(|m| m.path).collect();
    paths.sort();
    paths
}

fn sorted(mut paths: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    paths.sort();
    paths
}

// Boards, numbering and FEN.

#[test]
fn start_positions() {
    for variant in Variant::ALL {
        let start = Position::new(variant);
        let (white, black) = (start.count(Color::White), start.count(Color::Black));
        let expected = match variant {
            Variant::International
            | Variant::Frisian
            | Variant::Antidraughts
            | Variant::Breakthrough => 20,
            Variant::Turkish => 16,
            Variant::Frysk => 5,
            _ => 12,
        };
        assert_eq!((white, black), (expected, expected), "{variant}");
        assert_eq!(start.side_to_move(), variant.first_mover(), "{variant}");
        assert_eq!(Variant::from_game_type(variant.game_type()), Some(variant));
    }
    assert_eq!(Variant::English.first_mover(), Color::Black);
    assert_eq!(Variant::from_game_type(23), None);
    // Black's first moves in English draughts: 9-13 ... 12-16.
    let english = paths(&Position::new(Variant::English));
    assert_eq!(english.len(), 7);
    assert!(english.contains(&vec![11, 15]));
    // Turkish: only the front row can move, straight ahead.
    assert_eq!(legal_moves(&Position::new(Variant::Turkish)).len(), 8);
}

#[test]
fn square_numbering() {
    let v = Variant::International;
    assert_eq!(v.square_count(), 50);
    assert_eq!(square_to_alphanumeric(v, 1).as_deref(), Some("b10"));
    assert_eq!(square_to_alphanumeric(v, 46).as_deref(), Some("a1"));
    assert_eq!(square_to_alphanumeric(v, 50).as_deref(), Some("i1"));
    assert_eq!(v.coordinates(1), Some((0, 1)));
    // Russian and Brazilian: a1 is dark, square 1 is b8, as lidraughts numbers them.
    let v = Variant::Russian;
    assert_eq!(sq(v, "c3"), 22);
    assert_eq!(sq(v, "a1"), 29);
    assert_eq!(sq(v, "h8"), 4);
    assert_eq!(square_from_alphanumeric(v, "a2"), None, "a light square");
    assert_eq!(square_from_alphanumeric(v, "i1"), None, "off the board");
    assert_eq!(square_from_alphanumeric(v, "c"), None);
    // English: coordinates as Black, who starts, sees the board, so that playstrategy's
    // opening `c3-d4` is 11-15.
    let v = Variant::English;
    assert_eq!(sq(v, "c3"), 11);
    assert_eq!(sq(v, "d4"), 15);
    assert_eq!(sq(v, "a1"), 4);
    // Italian: a1 is a light square; square 1 is a8.
    let v = Variant::Italian;
    assert_eq!(square_from_alphanumeric(v, "a1"), None);
    assert_eq!(sq(v, "b1"), 29);
    assert_eq!(sq(v, "a8"), 1);
    // Turkish: all 64 squares.
    let v = Variant::Turkish;
    assert_eq!((sq(v, "a8"), sq(v, "a1"), sq(v, "h1")), (1, 57, 64));
    for v in Variant::ALL {
        for square in 1..=v.square_count() {
            let name = square_to_alphanumeric(v, square).expect("every square has a name");
            assert_eq!(
                square_from_alphanumeric(v, &name),
                Some(square),
                "{v} {name}"
            );
            assert_eq!(parse_square(v, &square.to_string()), Some(square));
        }
        assert_eq!(parse_square(v, &(v.square_count() + 1).to_string()), None);
        assert_eq!(parse_square(v, "0"), None);
    }
    assert_eq!(square_name(Variant::Russian, 22), "c3");
    assert_eq!(square_name(Variant::International, 22), "22");
}

#[test]
fn fen_reading() {
    let v = Variant::International;
    let start = at(v, "W:W31-50:B1-20");
    assert_eq!(start, Position::new(v));
    let p = at(v, "B:WK4,K5,29,31:B18,K20,22");
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.piece_at(4), Some(Piece::king(Color::White)));
    assert_eq!(p.piece_at(29), Some(Piece::man(Color::White)));
    assert_eq!(p.piece_at(20), Some(Piece::king(Color::Black)));
    assert_eq!(p.piece_at(1), None);
    // An empty side, counters after the lists, a final dot, `?` for the side to move.
    assert_eq!(at(v, "W:W:B1").count(Color::White), 0);
    assert_eq!(at(v, "W:W31-50:B1-20:H0:F2"), start);
    assert_eq!(at(v, "W:W31-50:B1-20."), start);
    assert_eq!(at(v, "?:W31-50:B1-20"), start);
    // The side to move written twice (older py-draughts), lidraughts' pieces being taken.
    assert_eq!(at(v, "W:B:W50:B").side_to_move(), Color::Black);
    assert_eq!(at(v, "W:W:WK23:BP12,K19,K28").count(Color::Black), 2);
    // Coordinates in any variant.
    let russian = Position::new(Variant::Russian);
    assert_eq!(
        at(
            Variant::Russian,
            "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"
        ),
        russian
    );
    // Errors.
    assert_eq!(
        Position::from_fen(v, "X:W1"),
        Err(FenError::SideToMove("X".into()))
    );
    assert_eq!(
        Position::from_fen(v, "W:Q1"),
        Err(FenError::Field("Q1".into()))
    );
    assert_eq!(
        Position::from_fen(v, "W:W51"),
        Err(FenError::Square("51".into()))
    );
    assert_eq!(
        Position::from_fen(v, "W:W9-3"),
        Err(FenError::Range("9-3".into()))
    );
    assert_eq!(
        Position::from_fen(v, "W:W1-300"),
        Err(FenError::Range("1-300".into()))
    );
    assert_eq!(Position::from_fen(v, "W:W1:B1"), Err(FenError::Occupied(1)));
    assert_eq!(
        Position::from_fen(Variant::Russian, "W:Wa2"),
        Err(FenError::Square("a2".into()))
    );
    assert!(Position::from_fen(v, "").is_err());
    assert!(Position::from_fen(v, "W:é").is_err());
}

#[test]
fn fen_round_trip() {
    assert_eq!(
        Position::new(Variant::International).to_fen(),
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50\
         :B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
    );
    // Russian and Brazilian FENs name squares as their moves do, as lidraughts writes them.
    assert_eq!(
        Position::new(Variant::Russian).to_fen(),
        "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"
    );
    assert_eq!(
        Position::empty(Variant::English, Color::Black).to_fen(),
        "B:W:B"
    );
    for variant in Variant::ALL {
        let start = Position::new(variant);
        assert_eq!(at(variant, &start.to_fen()), start, "{variant}");
    }
    let p = at(Variant::International, "B:WK4,K5,29,31:B18,K20,22");
    assert_eq!(p.to_fen(), "B:WK4,K5,29,31:B18,K20,22");
}

// Moves as PDN writes them.

#[test]
fn play_resolves_written_moves() {
    let start = Position::new(Variant::International);
    let (mv, next) = play(&start, &[32, 28], false).expect("32-28 is legal");
    assert_eq!((mv.from, mv.to, mv.is_capture()), (32, 28, false));
    assert_eq!(next.side_to_move(), Color::Black);
    assert_eq!(next.piece_at(28), Some(Piece::man(Color::White)));
    assert_eq!(next.piece_at(32), None);
    // A wrong separator is for the caller to warn about: the move is still played.
    let (mv, _) = play(&start, &[32, 28], true).expect("32x28 is 32-28");
    assert!(!mv.is_capture());
    assert_eq!(mv.notation(Variant::International), "32-28");
    let (_, after) = play(&next, &[19, 23], false).unwrap();
    let (mv, _) = play(&after, &[28, 19], true).unwrap();
    assert_eq!(mv.captured, vec![23]);
    assert_eq!(mv.notation(Variant::International), "28x19");
}

#[test]
fn illegal_moves_have_reasons() {
    let start = Position::new(Variant::International);
    assert_eq!(play(&start, &[32], false), Err(IllegalMove::TooShort));
    assert_eq!(play(&start, &[], false), Err(IllegalMove::TooShort));
    assert_eq!(
        play(&start, &[51, 46], false),
        Err(IllegalMove::NoSuchSquare { square: 51 })
    );
    assert_eq!(
        play(&start, &[28, 23], false),
        Err(IllegalMove::NoPiece { square: 28 })
    );
    // Black's man, White to move.
    assert_eq!(
        play(&start, &[19, 23], false),
        Err(IllegalMove::NoPiece { square: 19 })
    );
    assert_eq!(
        play(&start, &[32, 26], false),
        Err(IllegalMove::NotReachable)
    );
    assert_eq!(
        play(&start, &[32, 23], false),
        Err(IllegalMove::NotReachable)
    );
}

#[test]
fn quiet_move_while_a_capture_is_due() {
    let start = Position::new(Variant::International);
    let (_, p) = play(&start, &[32, 28], false).unwrap();
    let (_, p) = play(&p, &[19, 23], false).unwrap();
    let Err(IllegalMove::CaptureMandatory { captures }) = play(&p, &[31, 27], false) else {
        panic!("28x19 is compulsory");
    };
    assert_eq!(captures.len(), 1);
    assert_eq!(captures[0].path, vec![28, 19]);
}

/// English, where any capture may be chosen: two captures from 22 to 6 take different men.
#[test]
fn ambiguous_and_partial_captures() {
    let p = at(Variant::English, "W:W22:B17,18,9,10");
    assert_eq!(paths(&p), vec![vec![22, 13, 6], vec![22, 15, 6]]);
    let Err(IllegalMove::Ambiguous { candidates }) = play(&p, &[22, 6], true) else {
        panic!("22x6 can take 17 and 9, or 18 and 10");
    };
    assert_eq!(candidates.len(), 2);
    let (mv, next) = play(&p, &[22, 13, 6], true).unwrap();
    assert_eq!(mv.captured, vec![17, 9]);
    assert_eq!(next.count(Color::Black), 2);
    assert_eq!(
        mv.full_notation(Variant::English),
        "22x13x6",
        "numbers: English moves are not written with coordinates"
    );
    // A middle square on neither path; a capture stopped halfway.
    assert!(matches!(
        play(&p, &[22, 14, 6], true),
        Err(IllegalMove::WrongPath { .. })
    ));
    let Err(IllegalMove::Unfinished { continuations }) = play(&p, &[22, 13], true) else {
        panic!("22x13 must go on to 6");
    };
    assert_eq!(continuations[0].path, vec![22, 13, 6]);
}

/// Two paths round a square of four men take the same men: either will do.
#[test]
fn paths_that_take_the_same_pieces_are_one_move() {
    let v = Variant::International;
    let p = at(v, "W:Wc3:Bb4,b6,d4,d6,Kj10");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 2, "round one way or the other");
    assert!(moves
        .iter()
        .all(|m| m.captured.len() == 4 && m.to == sq(v, "c3")));
    let c3 = sq(v, "c3");
    let (mv, next) = play(&p, &[c3, c3], true).expect("c3xc3 takes all four");
    assert_eq!(mv.captured.len(), 4);
    assert_eq!(next.count(Color::Black), 1);
}

// International draughts.

#[test]
fn international_flying_king() {
    let v = Variant::International;
    // Alone, the king takes e5 and may stop anywhere beyond it.
    let p = at(v, "W:WKa1:Be5,Kj2");
    assert_eq!(
        paths(&p),
        sorted(
            ["f6", "g7", "h8", "i9", "j10"]
                .iter()
                .map(|to| squares(v, &["a1", to]))
                .collect()
        )
    );
    // With a second man to take from g7 only, it must land there and take it.
    let p = at(v, "W:WKa1:Be5,f8,Kj2");
    assert_eq!(
        paths(&p),
        vec![
            squares(v, &["a1", "g7", "d10"]),
            squares(v, &["a1", "g7", "e9"])
        ]
    );
    // py-draughts' cases: a king taking three, and a king that may not cross the square of
    // a piece it has taken.
    let p = at(v, "B:WK2,28,31,44:B20,K50");
    assert!(paths(&p).contains(&vec![50, 39, 22, 36]));
    let p = at(v, "B:W6,24,28,38,41:B13,K49");
    assert_eq!(paths(&p), vec![vec![49, 32, 19, 30], vec![49, 32, 19, 35]]);
}

#[test]
fn international_most_pieces_must_be_taken() {
    let v = Variant::International;
    let p = at(v, "W:Wa3,g3:Bb4,f4,f6,Kj10");
    assert_eq!(paths(&p), vec![squares(v, &["g3", "e5", "g7"])]);
    assert_eq!(
        play(&p, &squares(v, &["a3", "c5"]), true),
        Err(IllegalMove::NotMaximal { required: 2 })
    );
}

#[test]
fn international_man_passing_the_far_row_stays_a_man() {
    let v = Variant::International;
    let p = at(v, "W:Wb8:Bc9,e9,Kj2");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].path, squares(v, &["b8", "d10", "f8"]));
    assert!(!moves[0].promotes);
    let next = p.apply(&moves[0]);
    assert_eq!(next.piece_at(sq(v, "f8")), Some(Piece::man(Color::White)));
    assert!(matches!(
        play(&p, &squares(v, &["b8", "d10"]), true),
        Err(IllegalMove::Unfinished { .. })
    ));
    // Ending there crowns it.
    let p = at(v, "W:Wd8:Be9,Kj2");
    let (mv, next) = play(&p, &squares(v, &["d8", "f10"]), true).unwrap();
    assert!(mv.promotes);
    assert_eq!(next.piece_at(sq(v, "f10")), Some(Piece::king(Color::White)));
    // Men take backwards.
    let p = at(v, "W:We5:Bd4,Kj10");
    assert_eq!(paths(&p), vec![squares(v, &["e5", "c3"])]);
}

// Russian and Brazilian draughts.

#[test]
fn russian_man_crowned_mid_capture_goes_on_as_a_king() {
    let v = Variant::Russian;
    let p = at(v, "W:Wb6:Bc7,g5,a1");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].path, squares(v, &["b6", "d8", "h4"]));
    assert_eq!(moves[0].captured, squares(v, &["c7", "g5"]));
    assert!(moves[0].promotes);
    let next = p.apply(&moves[0]);
    assert_eq!(next.piece_at(sq(v, "h4")), Some(Piece::king(Color::White)));
    // Under Brazilian (International) rules the man stops on d8, crowned: as a man it
    // cannot reach g5.
    let p = at(Variant::Brazilian, "W:Wb6:Bc7,g5,a1");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].path, squares(v, &["b6", "d8"]));
    assert!(moves[0].promotes);
}

#[test]
fn russian_free_choice_of_capture() {
    let v = Variant::Russian;
    // One man takes one piece, another takes two: both may be played.
    let p = at(v, "W:Wa3,g3:Bb4,f4,f6,h8");
    assert_eq!(
        paths(&p),
        vec![squares(v, &["a3", "c5"]), squares(v, &["g3", "e5", "g7"])]
    );
    // Men take backwards.
    let p = at(v, "W:Wd4,Kh2:Bc3,a1");
    assert!(paths(&p).contains(&squares(v, &["d4", "b2"])));
}

#[test]
fn russian_king_must_land_where_its_capture_goes_on() {
    let v = Variant::Russian;
    // Beyond c3 the king could stop on d4, e5, f6, g7 or h8, but from f6 it can take e7
    // too: it must land there and take it.
    let p = at(v, "W:WKa1:Bc3,e7");
    assert_eq!(paths(&p), vec![squares(v, &["a1", "f6", "d8"])]);
}

// English draughts.

#[test]
fn english_men_take_forwards_only() {
    let v = Variant::English;
    // A black man behind White's man on 18, with 25 empty beyond it.
    let p = at(v, "W:W18:B22");
    assert_eq!(paths(&p), vec![vec![18, 14], vec![18, 15]]);
    // In Russian draughts the same man takes it.
    let p = at(Variant::Russian, "W:W18:B22");
    assert_eq!(paths(&p), vec![vec![18, 25]]);
    // Black moves first and south: 22 can move to 25 or 26.
    let p = at(v, "B:W1:B22");
    assert_eq!(paths(&p), vec![vec![22, 25], vec![22, 26]]);
}

#[test]
fn english_kings_are_short_and_crowning_ends_the_move() {
    let v = Variant::English;
    let p = at(v, "W:WK18:B1");
    assert_eq!(paths(&p).len(), 4, "one step each way: {:?}", paths(&p));
    // White's man jumps 7 onto 3 and is crowned there: as a king it could take 8 too, but
    // the move ends.
    let p = at(v, "W:W10:B7,8");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].path, vec![10, 3]);
    assert!(moves[0].promotes);
    // Russian men crowned on the way go on.
    let p = at(Variant::Russian, "W:W10:B7,8");
    assert_eq!(paths(&p), vec![vec![10, 3, 12]]);
}

// Italian draughts.

#[test]
fn italian_men_do_not_take_kings() {
    let v = Variant::Italian;
    let p = at(v, "W:Wd3:BKc4,a8");
    assert!(legal_moves(&p).iter().all(|m| !m.is_capture()));
    let p = at(v, "W:Wd3:Bc4,a8");
    assert_eq!(paths(&p), vec![squares(v, &["d3", "b5"])]);
    // A king may take a king.
    let p = at(v, "W:WKd3:BKc4,a8");
    assert_eq!(paths(&p), vec![squares(v, &["d3", "b5"])]);
}

#[test]
fn italian_precedence() {
    let v = Variant::Italian;
    // Equal numbers: the king must take.
    let p = at(v, "W:Wb3,Kf3:Bc4,g4,a8");
    assert_eq!(paths(&p), vec![squares(v, &["f3", "h5"])]);
    assert!(matches!(
        play(&p, &squares(v, &["b3", "d5"]), true),
        Err(IllegalMove::NotPreferred { .. })
    ));
    // A king before a man.
    let p = at(v, "W:WKf3:Bg4,Ke4,a8");
    assert_eq!(paths(&p), vec![squares(v, &["f3", "d5"])]);
    // Two pieces either way, one of them a king: the king must be taken first.
    let p = at(v, "W:WKd5:BKe6,g6,c4,Kc2,a8");
    assert_eq!(paths(&p), vec![squares(v, &["d5", "f7", "h5"])]);
    // The most pieces before all of these.
    let p = at(v, "W:Wb3,Kf3:Bc4,e6,g4,a8");
    assert_eq!(paths(&p), vec![squares(v, &["b3", "d5", "f7"])]);
}

// Frisian draughts.

#[test]
fn frisian_captures_along_rows_and_columns() {
    let v = Variant::Frisian;
    let p = at(v, "W:Wc3:Be3,Kj10");
    assert_eq!(paths(&p), vec![squares(v, &["c3", "g3"])]);
    let p = at(v, "W:Wc3:Bc5,Kj10");
    assert_eq!(paths(&p), vec![squares(v, &["c3", "c7"])]);
    // A king flies along a row too, but moves only diagonally.
    let p = at(v, "W:WKa5:Be5,Kj10");
    assert_eq!(
        paths(&p),
        vec![squares(v, &["a5", "g5"]), squares(v, &["a5", "i5"])]
    );
    let p = at(v, "W:WKa5:BKj10");
    assert!(legal_moves(&p).iter().all(|m| {
        let (from, to) = (v.coordinates(m.from).unwrap(), v.coordinates(m.to).unwrap());
        from.0 != to.0 && from.1 != to.1
    }));
    // International draughts has no such captures.
    let p = at(Variant::International, "W:Wc3:Be3,Kj10");
    assert!(legal_moves(&p).iter().all(|m| !m.is_capture()));
}

#[test]
fn frisian_capture_values() {
    let v = Variant::Frisian;
    // Two men are worth more than a king.
    let p = at(v, "W:Wa3,h2:BKb4,g3,f6,Kj10");
    assert_eq!(paths(&p), vec![squares(v, &["h2", "f4", "f8"])]);
    // A king is worth more than a man.
    let p = at(v, "W:Wa3,h2:BKb4,g3,Kj10");
    assert_eq!(paths(&p), vec![squares(v, &["a3", "c5"])]);
    // Equal values: the king must take.
    let p = at(v, "W:Wa1,Kj2:Bb2,h4,Kj10");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 6, "beyond h4: g5 to b10: {:?}", paths(&p));
    assert!(moves.iter().all(|m| m.from == sq(v, "j2")));
}

#[test]
fn frisian_king_may_not_move_four_times_running() {
    let v = Variant::Frisian;
    let mut p = at(v, "W:WK49,36:BK5");
    for (white, black) in [
        ([49, 44], [5, 10]),
        ([44, 49], [10, 5]),
        ([49, 44], [5, 10]),
    ] {
        p = play(&p, &white, false).expect("a king move").1;
        p = play(&p, &black, false).expect("a king move, without men").1;
    }
    assert_eq!(play(&p, &[44, 49], false), Err(IllegalMove::KingMoveLimit));
    assert!(legal_moves(&p).iter().all(|m| m.from == 36));
    // A man's move starts the count again.
    let (_, p) = play(&p, &[36, 31], false).unwrap();
    let (_, p) = play(&p, &[10, 5], false).unwrap();
    assert!(play(&p, &[44, 49], false).is_ok());
    // Without men there is no limit.
    let mut p = at(v, "W:WK49:BK5");
    for (white, black) in [
        ([49, 44], [5, 10]),
        ([44, 49], [10, 5]),
        ([49, 44], [5, 10]),
    ] {
        p = play(&p, &white, false).unwrap().1;
        p = play(&p, &black, false).unwrap().1;
    }
    assert!(play(&p, &[44, 49], false).is_ok());
}

// Turkish draughts.

#[test]
fn turkish_men_move_and_take_forwards_and_sideways() {
    let v = Variant::Turkish;
    let p = at(v, "W:Wd4:Bd3,e4,a8");
    assert_eq!(paths(&p), vec![squares(v, &["d4", "f4"])]);
    let p = at(v, "W:Wd4:Ba8");
    assert_eq!(
        paths(&p),
        sorted(vec![
            squares(v, &["d4", "d5"]),
            squares(v, &["d4", "c4"]),
            squares(v, &["d4", "e4"])
        ])
    );
}

#[test]
fn turkish_pieces_leave_at_once_and_kings_do_not_turn_back() {
    let v = Variant::Turkish;
    // The king crosses c4, whose man it took first.
    let p = at(v, "W:WKa4:Bc4,e6,d7,c2,h8");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 1, "{:?}", paths(&p));
    assert_eq!(moves[0].path, squares(v, &["a4", "e4", "e7", "c7", "c1"]));
    // Going east over f1 it may not come back west over b1.
    let p = at(v, "W:WKd1:Bf1,b1,h8");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 3, "{:?}", paths(&p));
    assert!(moves.iter().all(|m| m.captured.len() == 1));
}

#[test]
fn turkish_man_is_crowned_when_the_move_ends() {
    let v = Variant::Turkish;
    // On d8 a king could fly over g8; a man cannot, and is crowned where it stops.
    let p = at(v, "W:Wd6:Bd7,g8,a1");
    let moves = legal_moves(&p);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].path, squares(v, &["d6", "d8"]));
    assert!(moves[0].promotes);
    // Along the far row it goes on taking as a man.
    let p = at(v, "W:Wd6:Bd7,e8,a1");
    assert_eq!(paths(&p), vec![squares(v, &["d6", "d8", "f8"])]);
}

// The end of the game.

#[test]
fn game_over() {
    let start = Position::new(Variant::International);
    assert!(!is_game_over(&start));
    assert_eq!(winner(&start), None);
    let p = at(Variant::International, "W:W:B1");
    assert_eq!(winner(&p), Some(Color::Black));
    // Blocked: White's man on 6 has nowhere to go.
    let p = at(Variant::International, "W:W6:B1,K12");
    assert!(is_game_over(&p), "{:?}", paths(&p));
    let p = at(Variant::Antidraughts, "W:W:B1");
    assert_eq!(winner(&p), Some(Color::White));
    let p = at(Variant::Breakthrough, "B:WK3,31:B20");
    assert_eq!(winner(&p), Some(Color::White));
}

/// Random games in every variant: each legal move, written out in full, is found again by
/// `play`; it takes as many pieces as it says; FENs read back. And `play` given any squares
/// at all answers without panicking.
#[test]
fn random_games_keep_their_invariants() {
    // A fixed linear congruential generator: the same games on every run.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) as usize % n.max(1)
    };
    let mut plies = 0;
    for variant in Variant::ALL {
        for _ in 0..10 {
            let mut p = Position::new(variant);
            for _ in 0..150 {
                let moves = legal_moves(&p);
                if moves.is_empty() {
                    assert!(is_game_over(&p));
                    break;
                }
                let mv = &moves[next(moves.len())];
                let (played, after) = play(&p, &mv.path, mv.is_capture())
                    .unwrap_or_else(|e| panic!("{variant} {}: {e}", p.to_fen()));
                assert_eq!(&played, mv, "the path written in full is that move");
                let before = p.count(Color::White) + p.count(Color::Black);
                let left = after.count(Color::White) + after.count(Color::Black);
                assert_eq!(before - left, mv.captured.len(), "{variant} {}", p.to_fen());
                let fen = after.to_fen();
                assert_eq!(at(variant, &fen).to_fen(), fen);
                // Any squares at all: an answer, never a panic.
                let junk: Vec<u8> = (0..1 + next(4)).map(|_| next(70) as u8).collect();
                let _ = play(&p, &junk, next(2) == 0);
                p = after;
                plies += 1;
            }
        }
    }
    assert!(plies > 5_000, "{plies} plies");
}
