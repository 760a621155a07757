use expect_test::{expect, Expect};

use crate::{Document, Notation};

/// The replay's diagnostics of a document, one a line: code, the text it covers, message.
fn check(notation: Notation, text: &str, expect: Expect) {
    let document = Document::new(notation, text.to_string());
    let syntax = document.syntax_diagnostics().len();
    let found: Vec<String> = document
        .diagnostics()
        .iter()
        .filter(|d| {
            !document
                .syntax_diagnostics()
                .iter()
                .any(|s| s.range == d.range && s.code == d.code)
        })
        .map(|d| format!("{} `{}`: {}", d.code.as_str(), &text[d.range], d.message))
        .collect();
    assert_eq!(document.diagnostics().len(), syntax + found.len());
    expect.assert_eq(&found.join("\n"));
}

/// The codes of every diagnostic of `text`, the syntax's and the replay's, in order.
fn codes(notation: Notation, text: impl Into<String>) -> Vec<&'static str> {
    Document::new(notation, text.into())
        .diagnostics()
        .iter()
        .map(|d| d.code.as_str())
        .collect()
}

fn go(text: &str, expect: Expect) {
    check(Notation::Sgf, text, expect);
}

fn draughts(text: &str, expect: Expect) {
    check(Notation::Pdn, text, expect);
}

#[test]
fn go_occupied_point_stops_the_line_once() {
    go(
        "(;GM[1]SZ[9];B[aa];W[aa];B[bb];W[aa])",
        expect![[
            "illegal-move `aa`: White cannot play A9: a stone is already there; the rest of this line is not checked"
        ]],
    );
}

#[test]
fn go_a_point_off_the_board_is_the_syntax_checks_alone() {
    // `W[zz]` is said by the syntax check (invalid-value); the moves after it go on.
    go("(;GM[1]SZ[19];B[qd];W[zz](;B[pq])(;B[dp]))", expect![[""]]);
}

#[test]
fn go_suicide_depends_on_the_rules() {
    go(
        "(;SZ[9];B[ba];W[cc];B[ab];W[aa])",
        expect![[
            "suicide `aa`: White at A9 would leave its stones without a liberty: suicide is not allowed under Japanese rules"
        ]],
    );
    go("(;SZ[9]RU[NZ];B[ba];W[cc];B[ab];W[aa])", expect![[""]]);
}

#[test]
fn go_ko_retaken_at_once_but_not_after_a_threat() {
    go(
        "(;SZ[9]AB[ba][ab][cb][bc]AW[ca][db][cc];W[bb](;B[cb])(;B[ee];W[ff];B[cb]))",
        expect![[
            "ko-retaken `cb`: Black at C8 takes the ko back at once: a move elsewhere must come first"
        ]],
    );
}

#[test]
fn go_same_colour_twice_and_moves_after_passes() {
    go(
        "(;SZ[9];B[aa];B[bb];W[cc];B[];W[];B[dd];W[ee])",
        expect![[r#"
            same-colour-twice `bb`: Black plays twice in a row: is White's move missing?
            move-after-passes `dd`: both players passed before this move: the game had ended"#]],
    );
    // `tt` is a pass on 19×19.
    go(
        "(;B[tt];W[tt];B[aa])",
        expect![[
            "move-after-passes `aa`: both players passed before this move: the game had ended"
        ]],
    );
}

#[test]
fn go_handicap_against_the_stones() {
    go(
        "(;SZ[19]HA[2]AB[dd];W[pp])",
        expect![["handicap-mismatch `HA[2]`: a handicap of 2 stones, but 1 black stone is set up"]],
    );
    go(
        "(;SZ[19]HA[3];W[pp];B[dd];W[dd])",
        expect![[
            "handicap-mismatch `HA[3]`: a handicap of 3 stones, but no black stones are set up (`AB`) before the first move: kifu cannot know where they stand, so the moves are not checked"
        ]],
    );
    // Handicap stones placed as Black's first moves.
    go("(;SZ[19]HA[2];B[dd];B[pp];W[dp])", expect![[""]]);
}

#[test]
fn go_setup_nodes_change_the_board() {
    go("(;SZ[9];B[aa];AE[aa];W[aa])", expect![[""]]);
    go(
        "(;SZ[9];B[aa];AW[bb];W[bb])",
        expect![["illegal-move `bb`: White cannot play B8: a stone is already there"]],
    );
}

#[test]
fn draughts_legal_games_say_nothing() {
    draughts(
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 (2... 13x24 3. 34-29) 3. 37-32 *",
        expect![[""]],
    );
    draughts(
        "[GameType \"21\"]\n1. 11-15 22-18 2. 15x22 25x18 *",
        expect![[""]],
    );
    // 22 is still taken after 23-18.
    draughts(
        "[GameType \"21\"]\n1. 11-15 23-18 2. 15x22 25x18 *",
        expect!["illegal-move `15x22`: the piece on 15 cannot move to 22: 22 is taken; the rest of this line is not checked"],
    );
}

#[test]
fn draughts_illegal_moves_once_each() {
    draughts(
        "1. 31-27 32-28 2. 27-22 *",
        expect![[
            "illegal-move `32-28`: Black has no piece on 32: the piece there is White's (is a move missing?); the rest of this line is not checked"
        ]],
    );
    draughts(
        "1. 32-28 19-23 2. 33-29 *",
        expect![["capture-mandatory `33-29`: capture is mandatory: 28x19"]],
    );
    // Stray text where White's move would be: its `stray-text` alone, not also Black's
    // move after it (as in chess); a move of the same side after stray text is told.
    let found = codes(Notation::Pdn, "1. 32-28 19-23 2. oops 14-19 *");
    assert_eq!(found, ["stray-text"]);
    draughts("1. 32-28 19-23 2. oops 28x19 14x23 3. 31-27 *", expect![""]);
    // A variation never closed: the other side's move in it is where its `)` was left out,
    // and its `unterminated-variation` the one mistake (it was two, with the move's).
    let found = codes(
        Notation::Pdn,
        "1. 32-28 19-23 (1... 18-23 2. 33-29 2. 28x19 14x23 *",
    );
    assert_eq!(found, ["unterminated-variation"]);
    // A variation that cannot go on does not stop the main line.
    draughts(
        "1. 32-28 (1. 33-29 50-45) 19-23 2. 28x19 *",
        expect![[
            "illegal-move `50-45`: Black has no piece on 50: the piece there is White's (is a move missing?)"
        ]],
    );
}

#[test]
fn draughts_numbers_separators_and_results() {
    draughts(
        "1. 32-28 19-23 3. 28x19 14x23 *",
        expect![["wrong-move-number `3.`: this is White's move 2 (`2.`)"]],
    );
    draughts(
        "1. 32-28 19-23 2. 28-19 14-23 *",
        expect![["wrong-separator `28-19`: written with `-`, but it captures: `28x19`"]],
    );
    draughts(
        "[FEN \"B:W28:B\"]\n[Result \"0-2\"]\n0-2",
        expect![["result-contradicted `0-2`: `0-2`, but Black cannot move: White wins"]],
    );
    draughts(
        "[GameType \"24\"]\n1. 9-13 22-18 *",
        expect![[
            "not-replayed `[GameType \"24\"]`: kifu does not know the rules of Spanish draughts: its moves are not checked"
        ]],
    );
}

#[test]
fn draughts_one_wrong_number_is_one_diagnostic() {
    // The count goes on from the number written.
    draughts(
        "1. 32-28 19-23 3. 28x19 14x23 4. 37-32 10-14 *",
        expect![["wrong-move-number `3.`: this is White's move 2 (`2.`)"]],
    );
}

#[test]
fn draughts_a_capture_written_in_pieces_is_one_move() {
    // White's 26 takes 22 and 14, written jump by jump as playstrategy.org writes it; the
    // numbers after it still count right.
    draughts(
        "[GameType \"21\"]\n[FEN \"W:W26:B22,14,1\"]\n1. 26x17 17x10 2. 1-5 *",
        expect!["split-capture `26x17 17x10`: one capture written as 2 moves: `26x17x10`"],
    );
}

#[test]
fn go_mn_renumbers_once_and_later_ones_must_agree() {
    go("(;SZ[9];B[aa]MN[50];W[bb];B[cc]MN[52])", expect![[""]]);
    go(
        "(;SZ[9];B[aa]MN[50];W[bb];B[cc]MN[60];W[dd])",
        expect![
            "wrong-move-number `MN[60]`: `MN[60]`, but the `MN[]` before it makes this move 52"
        ],
    );
}

fn chess(text: &str, expect: Expect) {
    check(Notation::Pgn, text, expect);
}

#[test]
fn chess_legal_games_say_nothing() {
    chess(
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 Nf6 5. O-O Be7 *",
        expect![[""]],
    );
    // `14. ... Nc6`: the placeholder for White's move is accepted.
    chess("1. e4 1. ... e5 2. Nf3 *", expect![[""]]);
}

#[test]
fn chess_illegal_and_ambiguous_moves_once_each() {
    chess(
        "1. e4 e5 2. Nf4 Nc6 3. Bb5 *",
        expect![
            "illegal-move `Nf4`: no knight can move to f4; the rest of this line is not checked"
        ],
    );
    chess(
        "1. Nf3 Nf6 2. d3 d6 3. Nd2 *",
        expect!["ambiguous-move `Nd2`: ambiguous: it could be Nbd2 or Nfd2"],
    );
    // The knight on c3 is pinned to its king by the bishop on b4.
    chess(
        "1. d4 e5 2. Nc3 Bb4 3. Nd5 *",
        expect!["illegal-move `Nd5`: the knight on c3 is pinned to its king by the bishop on b4"],
    );
    // White's second move is missing: `Nc6` is Black's.
    chess("1. e4 e5 2. Nc6 *", expect!["illegal-move `Nc6`: no knight can move to c6 (it is a legal move for the other side: is a move missing?)"]);
    // Stray text where a move would be (castling with an en dash, with Greek omicrons):
    // its `stray-text` is the one diagnostic, not also the next move, which is the other
    // side's; the rest of the line is not checked. Stray text that a legal move follows, or
    // that follows an illegal move, changes nothing.
    for castling in ["O–O", "Ο-Ο"] {
        let text = format!("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. {castling} Nf6 5. Kh2 *");
        let found = codes(Notation::Pgn, text);
        assert_eq!(found, ["stray-text"], "{castling}");
    }
    chess(
        "1. e4 e5 2. Nf3 oops Nc6 3. Ke3 *",
        expect!["illegal-move `Ke3`: no king can move to e3"],
    );
    chess(
        "1. e4 e5 2. Nf4 oops Nc6 *",
        expect![
            "illegal-move `Nf4`: no knight can move to f4; the rest of this line is not checked"
        ],
    );
    // A piece letter set apart from its move (`B c4`): its stray text is the one
    // diagnostic, and the move is read with it, so that the bishop's later moves are legal
    // (read as a pawn's c4, `Bxf7+` was an illegal move, a second diagnostic). `N d4`, a
    // knight's capture with the space (and no `x`): the letter's warning alone, where `d4`
    // was also an illegal pawn move. `N` before a move that can be played as written (a
    // novelty mark, in Informator's order) leaves the move as written.
    for (text, expected) in [
        (
            "1. e4 e5 2. Nf3 Nc6 3. B c4 Nf6 4. Bxf7+ Kxf7 *",
            ["stray-text"],
        ),
        (
            "1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4. N d4 Nf6 5. Nxc6 *",
            ["evaluation-as-text"],
        ),
        ("1. e4 e5 2. N f3 Nc6 3. d4 *", ["evaluation-as-text"]),
        ("1. e4 e5 2. Nf3 Nc6 3. R c4 *", ["stray-text"]),
    ] {
        let found = codes(Notation::Pgn, text);
        assert_eq!(found, expected, "{text}");
    }
    // What the board shows after each: the letter's piece moved, or (`N f3`, `f3` legal as
    // written) the pawn; `R c4`, which no rook can play, the pawn's `c4`.
    for (text, fen) in [
        (
            "1. e4 e5 2. Nf3 Nc6 3. B c4 *",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
        ),
        (
            "1. e4 e5 2. N f3 *",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5P2/PPPP2PP/RNBQKBNR b KQkq - 0 2",
        ),
        (
            "1. e4 e5 2. Nf3 Nc6 3. R c4 *",
            "r1bqkbnr/pppp1ppp/2n5/4p3/2P1P3/5N2/PP1P1PPP/RNBQKB1R b KQkq - 0 3",
        ),
    ] {
        let document = Document::new(Notation::Pgn, text.to_string());
        let position = document
            .position_of_ply(0, 99, &crate::position::BoardOptions::default())
            .expect("the game");
        assert_eq!(position.fen.as_deref(), Some(fen), "{text}");
    }
    // A variation that cannot go on does not stop the main line.
    chess(
        "1. e4 e5 (1... Ke7 2. Ke3) 2. Nf3 *",
        expect!["illegal-move `Ke7`: no king can move to e7; the rest of this line is not checked"],
    );
}

#[test]
fn chess_check_marks() {
    chess(
        "1. e4 e5 2. Qh5+ Nc6 *",
        expect!["wrong-check-mark `Qh5+`: `+`, but the move gives no check"],
    );
    chess(
        "1. f3 e5 2. g4 Qh4+ *",
        expect!["wrong-check-mark `Qh4+`: it is mate: `Qh4#`"],
    );
    // A check without its mark is told in a game that writes marks, and only there.
    chess(
        "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5 g6 *",
        expect!["wrong-check-mark `Qh5`: the move gives check: `Qh5+`"],
    );
    chess("1. e4 e5 2. Bc4 Nc6 3. Bxf7 Kxf7 4. Qh5 g6 *", expect![""]);
}

#[test]
fn chess_forms_and_languages_once_per_game() {
    chess(
        "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. 0-0 *",
        expect![[r#"
            non-standard-move `e2e4`: UCI notation (g1f3 for Nf3) (said once per game)
            non-standard-move `0-0`: castling written with zeros (0-0 for O-O) (said once per game)"#]],
    );
    // Figurine Algebraic Notation: one warning for the game (each figurine was stray
    // text, and the square after it an illegal pawn move).
    chess(
        "1. e4 e5 2. ♘f3 ♘c6 3. ♗b5 a6 4. ♗xc6 dxc6 5. O-O ♕d6 *",
        expect!["non-standard-move `♘f3`: figurines for piece letters (♘f3 for Nf3) (said once per game)"],
    );
    // Figurines with a space after them, as text set in a figurine font is copied: the
    // same one warning (each was stray text and a pawn's illegal move).
    chess(
        "1. e4 e5 2. ♘ f3 ♘ c6 3. ♗ b5 a6 *",
        expect!["non-standard-move `♘ f3`: figurines for piece letters (♘f3 for Nf3) (said once per game)"],
    );
    // Castling typed in lower case: one warning for the game, not stray text for each.
    chess(
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. o-o Nf6 5. d3 o-o *",
        expect!["non-standard-move `o-o`: castling written in lower case (o-o for O-O) (said once per game)"],
    );
    // Piece letters typed in lower case: one warning for the game, whose fix writes every
    // such move (each was stray text, and the line stopped at the first); the rest replayed.
    chess(
        "1. e4 e5 2. nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. re1 b5 7. Bb3 *",
        expect!["non-standard-move `nf3`: a piece letter in lower case (nf3 for Nf3) (said once per game)"],
    );
    fixes(
        Notation::Pgn,
        "1. e4 e5 2. nf3 Nc6 3. Bc4 Nf6 4. qe2 *",
        expect![[
            r#"non-standard-move: Write all 2 such moves in standard SAN => "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Qe2 *""#
        ]],
    );
    // A bishop's `b` reads as a pawn of the b-file: where that cannot be played and the
    // bishop's move can, the bishop's, in the same one warning (it was an illegal move that
    // stopped the line); a pawn's capture stays the pawn's.
    fixes(
        Notation::Pgn,
        "1. e4 d5 2. Nc3 d4 3. bc4 dxc3 4. nf3 cxb2 5. bxb2 *",
        expect![[
            r#"non-standard-move: Write all 3 such moves in standard SAN => "1. e4 d5 2. Nc3 d4 3. Bc4 dxc3 4. Nf3 cxb2 5. Bxb2 *""#
        ]],
    );
    // The moves of a variation among the main line's: the fix's edits in text order
    // (the main line is replayed first, and the variation's edits came after all of its).
    fixes(
        Notation::Pgn,
        "1. e2e4 e7e5 (1... c7c5 2. g1f3) 2. g1f3 *",
        expect![[
            r#"non-standard-move: Write all 5 such moves in standard SAN => "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *""#
        ]],
    );
    chess("1. b4 c6 2. b5 Nf6 3. bxc6 *", expect![""]);
    // A pawn's file typed as a capital (`E4`, as a sentence's first word is): one warning
    // for the game, whose fix writes every such move, and the rest replayed (each was stray
    // text with no fix, and the line stopped silently after the first); a later mistake is
    // its own diagnostic. `Bxc5` stays the bishop's, and `Cxd5` that no c-pawn can make is
    // a Spanish knight's, as before.
    chess(
        "1. E4 e5 2. Nf3 Nc6 3. D4 exd4 4. Bc4 Bc5 5. C3 Qxh1 *",
        expect![[r#"
            non-standard-move `E4`: a pawn's file as a capital letter (E4 for e4) (said once per game)
            illegal-move `Qxh1`: no queen can move to h1"#]],
    );
    fixes(
        Notation::Pgn,
        "1. E4 e5 2. Nf3 Nc6 3. D4 exd4 4. Bc4 Bc5 5. C3 dxc3 *",
        expect![[
            r#"non-standard-move: Write all 3 such moves in standard SAN => "1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4. Bc4 Bc5 5. c3 dxc3 *""#
        ]],
    );
    chess(
        "1. e4 d5 2. Exd5 Qxd5 3. Nc3 Qa5 4. D4 Bf5 5. Bc4 e6 6. Bxe6 *",
        expect!["non-standard-move `Exd5`: a pawn's file as a capital letter (E4 for e4) (said once per game)"],
    );
    chess(
        "1. e4 d5 2. Nc3 Nf6 3. Nf3 e6 4. Cxd5 exd5 *",
        expect!["non-standard-move `Cxd5`: a piece letter of another language than the game's (Sf3 in an English game) (said once per game)"],
    );
    // In a game of German letters too (`D` is the queen there, but `D4` no queen's move).
    chess(
        "1. D4 Sf6 2. C4 e6 3. Sc3 Lb4 4. E3 O-O *",
        expect![[r#"
            non-standard-move `D4`: a pawn's file as a capital letter (E4 for e4) (said once per game)
            foreign-piece-letters `Sf6`: this game uses German piece letters: K = king, D = queen, T = rook, L = bishop, S = knight; the PGN standard writes English letters (K, Q, R, B, N)"#]],
    );
    // A German queen's move from a rank (`D8xd4`) starts like a capital file but is read
    // as the queen's, and its letter is told as German: the game's only German letter was
    // not told at all.
    chess(
        "1. e4 d5 2. d4 dxe4 3. c3 D8xd4 *",
        expect!["foreign-piece-letters `D8xd4`: this game uses German piece letters: K = king, D = queen, T = rook, L = bishop, S = knight; the PGN standard writes English letters (K, Q, R, B, N)"],
    );
    // Castling typed without hyphens, or with a zero for a letter: one warning each, and
    // the rest of the game replayed (as stray text, the line waited for it to be fixed):
    // `Re1` and `Re8` are legal only from the castled rooks' squares.
    chess(
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. OO Nf6 5. d3 O-0 6. Re1 Re8 *",
        expect![[r#"
            non-standard-move `OO`: castling written without hyphens (OO for O-O) (said once per game)
            non-standard-move `O-0`: castling written with zeros (0-0 for O-O) (said once per game)"#]],
    );
    chess("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 *", expect!["foreign-piece-letters `Sf3`: this game uses German piece letters: K = king, D = queen, T = rook, L = bishop, S = knight; the PGN standard writes English letters (K, Q, R, B, N)"]);
}

#[test]
fn chess_numbers_results_variants_and_fens() {
    chess(
        "1. e4 e5 3. Nf3 Nc6 4. Bb5 *",
        expect!["wrong-move-number `3.`: this is White's move 2 (`2.`)"],
    );
    chess(
        "[Result \"1/2-1/2\"]\n1. f3 e5 2. g4 Qh4# 1/2-1/2",
        expect![[r#"
            missing-roster-tag `[Result "1/2-1/2"]`: `Event`, `Site`, `Date`, `Round`, `White` and `Black` are missing from the Seven Tag Roster: the standard asks for all seven, with `?` for what is unknown
            result-contradicted `1/2-1/2`: `1/2-1/2`, but the game ended in checkmate, Black wins: `0-1`"#]],
    );
    chess(
        "[Variant \"Bughouse\"]\n1. e4 *",
        expect![[
            r#"not-replayed `[Variant "Bughouse"]`: kifu does not know the chess variant `Bughouse`: its moves are not checked"#
        ]],
    );
    chess(
        "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *",
        expect![[
            r#"invalid-fen `[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]`: impossible position: the board is empty; White has no king; Black has no king: the moves are not checked"#
        ]],
    );
    chess(
        "[Variant \"Crazyhouse\"]\n1. e4 d5 2. exd5 Qxd5 3. P@e4 N@c3 *",
        expect!["illegal-move `N@c3`: cannot drop a knight on c3: there is none in hand"],
    );
}

/// python-chess's replay cases (`../shared/corpus/pgn/python-chess/CASES.md`), as kifu reads
/// them.
#[test]
fn python_chess_cases() {
    // #26: one error, `Qa1`, and the rest of the main line is not checked; the next game
    // is read on its own.
    chess(
        "1. e4 Qa1 e5 2. Qxf8\n\n1. a3 *",
        expect![
            "illegal-move `Qa1`: no queen can move to a1; the rest of this line is not checked"
        ],
    );
    // #11: Chess960 without a FEN starts from the standard position.
    chess("[Variant \"Chess960\"]\n\n1. e4 *", expect![[""]]);
    // #29: the variant's board is used: in Atomic the knight can go to e6.
    chess(
        "[Variant \"Atomic\"]\n[SetUp \"1\"]\n[FEN \"8/8/1b6/8/3Nk3/4K3/8/8 w - - 0 1\"]\n\n1. Ne6 *",
        expect![[""]],
    );
    // #20: a game from a FEN with Black to move, `1...`, two sibling variations.
    chess(
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 (1... d5 2. exd5) (1... c5) 2. Nf3 Nc6 *",
        expect![[""]],
    );
    // #31 and #49: `Z0` and `--` are null moves, said once per game as a hint.
    chess("1. e4 Z0 2. d4 -- 3. c4 *", expect!["non-standard-move `Z0`: null moves (--, Z0), which are not moves of chess (said once per game)"]);
}

/// #8: `b1Q` is a promotion written without `=`, whose UCI is `b2b1q`.
#[test]
fn a_promotion_without_equals_is_played() {
    let text = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/1p6/4K3 b - - 0 1\"]\n\n1... b1Q 0-1";
    let document = Document::new(Notation::Pgn, text.to_string());
    let game = document.games().next().expect("a game");
    let (steps, _) = super::steps(game);
    let last = steps.last().and_then(|s| s.as_ref()).expect("played");
    assert_eq!(last.uci.map(|u| u.to_string()).as_deref(), Some("b2b1q"));
    assert_eq!(last.san.map(|s| s.to_string()).as_deref(), Some("b1=Q+"));
}

/// Every fix a document offers, applied on its own: its title and the text it makes, and
/// whether the diagnostic it fixes is gone from the new text.
fn fixes(notation: Notation, text: &str, expect: Expect) {
    let document = Document::new(notation, text.to_string());
    let everything = crate::TextRange::up_to((text.len() as u32).into());
    let mut out = Vec::new();
    for (diagnostic, fix) in document.fixes(everything) {
        let fix = &fix;
        assert!(
            fix.edits
                .windows(2)
                .all(|w| w[0].range.end() <= w[1].range.start()),
            "a fix's edits in text order, apart: {:?}",
            fix.edits
        );
        let mut fixed = text.to_string();
        for edit in fix.edits.iter().rev() {
            fixed.replace_range(std::ops::Range::<usize>::from(edit.range), &edit.insert);
        }
        let after = Document::new(notation, fixed.clone());
        let gone = !after
            .diagnostics()
            .iter()
            .any(|d| d.code == diagnostic.code);
        out.push(format!(
            "{}: {} => {fixed:?}{}",
            diagnostic.code.as_str(),
            fix.title,
            if gone { "" } else { " (still there)" }
        ));
    }
    expect.assert_eq(&out.join("\n"));
}

#[test]
fn fixes_of_chess_and_syntax() {
    fixes(
        Notation::Pgn,
        "1. e4 e5 2. Qh5+ Nc6 3. Nf3 d6 4. Nd2 *",
        expect![[r#"wrong-check-mark: Write `Qh5` => "1. e4 e5 2. Qh5 Nc6 3. Nf3 d6 4. Nd2 *""#]],
    );
    fixes(
        Notation::Pgn,
        "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. 0-0 *",
        expect![[r#"
            non-standard-move: Write all 6 such moves in standard SAN => "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *" (still there)
            non-standard-move: Write it in standard SAN => "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. O-O *" (still there)"#]],
    );
    // A move written in two non-standard ways: each form's fix rewrites it.
    fixes(
        Notation::Pgn,
        "[SetUp \"1\"]\n[FEN \"7k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e7-e8Q Kg7 2. Qe8-e7+ *",
        expect![[r#"
            wrong-check-mark: Write `e8=Q+` => "[SetUp \"1\"]\n[FEN \"7k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8=Q+ Kg7 2. Qe8-e7+ *"
            non-standard-move: Write it in standard SAN => "[SetUp \"1\"]\n[FEN \"7k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8=Q+ Kg7 2. Qe8-e7+ *" (still there)
            non-standard-move: Write all 2 such moves in standard SAN => "[SetUp \"1\"]\n[FEN \"7k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8=Q+ Kg7 2. Qe7+ *""#]],
    );
    // A promotion written as older programs write it (`e8/Q`, `e8(Q)`): one move, one
    // warning, fixed as `e8=Q` (read as `e8` and stray text, it was two errors).
    fixes(
        Notation::Pgn,
        "[SetUp \"1\"]\n[FEN \"7k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8(Q)+ Kh7 2. Qe7+ *",
        expect![[
            r#"non-standard-move: Write it in standard SAN => "[SetUp \"1\"]\n[FEN \"7k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8=Q+ Kh7 2. Qe7+ *""#
        ]],
    );
    fixes(
        Notation::Pgn,
        "[SetUp \"1\"]\n[FEN \"7k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8/R+ Kh7 2. Re7+ *",
        expect![[
            r#"non-standard-move: Write it in standard SAN => "[SetUp \"1\"]\n[FEN \"7k/4P3/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. e8=R+ Kh7 2. Re7+ *""#
        ]],
    );
    fixes(
        Notation::Pgn,
        "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *",
        expect![[
            r#"foreign-piece-letters: Write the game's moves with English letters => "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *""#
        ]],
    );
    fixes(
        Notation::Pgn,
        "1. e4 e5 3. Nf3 (3. Nc3 Nf6 {unclosed *\n",
        expect![[r#"
            wrong-move-number: Write `2.` => "1. e4 e5 2. Nf3 (3. Nc3 Nf6 {unclosed *\n" (still there)
            wrong-move-number: Write `2.` => "1. e4 e5 3. Nf3 (2. Nc3 Nf6 {unclosed *\n" (still there)
            unterminated-comment: Close the comment before the result with `}` => "1. e4 e5 3. Nf3 (3. Nc3 Nf6 {unclosed } *\n""#]],
    );
    fixes(
        Notation::Pgn,
        "1. e4 e5 } 2. Nf3 ) Nc6 *",
        expect![[r#"
        unmatched-close-brace: Remove the `}` => "1. e4 e5  2. Nf3 ) Nc6 *"
        unmatched-close-brace: Open a comment here with `{` => "1. e4 e5 {} 2. Nf3 ) Nc6 *"
        unmatched-close-paren: Remove the `)` => "1. e4 e5 } 2. Nf3  Nc6 *""#]],
    );
    fixes(
        Notation::Sgf,
        "(;GM[1];B[aa]",
        expect![[r#"unterminated-game-tree: Close the game tree with `)` => "(;GM[1];B[aa])""#]],
    );
}

#[test]
fn fixes_of_tags_sgf_and_results() {
    fixes(
        Notation::Sgf,
        "(;FF[4]AP[x]AP[x]aB[aa])",
        expect![[r#"
        duplicate-property: Remove the second `AP` => "(;FF[4]AP[x]aB[aa])"
        lowercase-identifier: Write `B` => "(;FF[4]AP[x]AP[x]B[aa])""#]],
    );
    fixes(
        Notation::Pgn,
        "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Result \"1-0\"]\n\n1. e4 e5",
        expect![[r#"
            missing-roster-tag: Add the missing tags with their values for the unknown => "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\n1. e4 e5 0-1\n\n[Result \"1-0\"]\n\n1. e4 e5" (still there)
            result-mismatch: Write `0-1` in the tag => "[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n\n[Result \"1-0\"]\n\n1. e4 e5"
            result-mismatch: End the game with `1-0` => "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"1-0\"]\n\n1. e4 e5"
            missing-roster-tag: Add the missing tags with their values for the unknown => "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Result \"1-0\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n\n1. e4 e5" (still there)
            missing-result: End the game with `1-0` => "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Result \"1-0\"]\n\n1. e4 e5 1-0"
            missing-result: End the game with `*` => "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Result \"1-0\"]\n\n1. e4 e5 *""#]],
    );
}

#[test]
fn fixes_of_unclosed_values() {
    fixes(
        Notation::Pgn,
        "[Event \"Open]\n[Site \"x\"]\n\n1. e4 *",
        expect![[r#"
            missing-roster-tag: Add the missing tags with their values for the unknown => "[Event \"Open]\n[Site \"x\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *"
            unterminated-string: Close the value with `"` => "[Event \"Open\"]\n[Site \"x\"]\n\n1. e4 *""#]],
    );
    fixes(
        Notation::Sgf,
        "(;C[a comment;B[dd];W[pp])",
        expect![[
            r#"value-looks-unclosed: Close the value with `]` before the next node => "(;C[a comment];B[dd];W[pp])""#
        ]],
    );
    fixes(
        Notation::Pdn,
        "1. 32-28 19-23 2. 28-19 14x23 3. 33 - 28 09-14 *",
        expect![[r#"
            wrong-separator: Write `28x19` => "1. 32-28 19-23 2. 28x19 14x23 3. 33 - 28 09-14 *"
            space-in-move: Write `33-28` => "1. 32-28 19-23 2. 28-19 14x23 3. 33-28 09-14 *"
            leading-zero: Write `9-14` => "1. 32-28 19-23 2. 28-19 14x23 3. 33 - 28 9-14 *""#]],
    );
    fixes(
        Notation::Sgf,
        "(;C[see [this] one];B[dd])",
        expect![[
            r#"unescaped-bracket: Escape the `]` with `\` => "(;C[see [this\\] one];B[dd])""#
        ]],
    );
}

#[test]
fn a_wrong_result_marker_against_its_tag_and_the_mate_is_one_diagnostic() {
    chess(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 1-0",
        expect![[r#"result-mismatch `"0-1"`: the `Result` tag says `0-1`, but the game ends `1-0`"#]],
    );
}

#[test]
fn a_move_of_the_other_side_gets_a_null_move_before_it() {
    fixes(
        Notation::Pgn,
        "1. e4 e5 2. Nf3 Bc4 *",
        expect![[
            r#"illegal-move: Insert a null move (`--`) for Black's missing move => "1. e4 e5 2. Nf3 -- Bc4 *""#
        ]],
    );
    // With its (wrong) number: the null move goes before the number.
    fixes(
        Notation::Pgn,
        "1. e4 e5 2. Nf3 3. Bc4 Nf6 *",
        expect![[
            r#"illegal-move: Insert a null move (`--`) for Black's missing move => "1. e4 e5 2. Nf3 -- 3. Bc4 Nf6 *""#
        ]],
    );
    // One mistake, one diagnostic: the number is not told as wrong too.
    chess("1. e4 e5 2. Nf3 3. Bc4 Nf6 *", expect!["illegal-move `Bc4`: no bishop can move to c4 (it is a legal move for the other side: is a move missing?); the rest of this line is not checked"]);
    // A number that is wrong for another reason still is.
    chess(
        "1. e4 e5 2. Nf3 4. Bc4 Nf6 *",
        expect![[r#"
        wrong-move-number `4.`: this is Black's move 2 (`2...`)
        illegal-move `Bc4`: no bishop can move to c4 (it is a legal move for the other side: is a move missing?); the rest of this line is not checked"#]],
    );
}

/// The table's test for a capital of another language is the test it replaced (a capital
/// not in `KQRBNPO` before the first `=`, `+` or `#`), for every text of up to four bytes
/// of letters, digits and marks.
#[test]
fn a_foreign_letter_is_found_as_before() {
    let alphabet = b"KQRBNPOSLTDACFZeax18=+#-@ \xc3";
    let mut texts = vec![Vec::new()];
    for _ in 0..4 {
        let longer: Vec<Vec<u8>> = texts
            .iter()
            .filter(|t| t.len() == texts.last().map_or(0, Vec::len))
            .flat_map(|t| alphabet.iter().map(move |&b| [t.as_slice(), &[b]].concat()))
            .collect();
        texts.extend(longer);
    }
    let mut foreign = 0;
    for text in &texts {
        let expected = text
            .iter()
            .take_while(|b| !matches!(b, b'=' | b'+' | b'#'))
            .any(|b| b.is_ascii_uppercase() && !b"KQRBNPO".contains(b));
        assert_eq!(super::chess::has_foreign_letter(text), expected, "{text:?}");
        foreign += usize::from(expected);
    }
    assert!(
        texts.len() > 500_000 && foreign > 100_000,
        "{} texts, {foreign} foreign",
        texts.len()
    );
}

/// Each variation starts from the position after the move it branches from, whether it is
/// the first, a middle or the last of its siblings (the last takes the kept position, the
/// others copy it), or is nested in another; one that branches from a move its line never
/// reached (after an illegal move) is not checked. The one illegal move in each line says
/// which position the line started from: had a sibling started from the position its
/// elder sibling left, or not at all, its mistake would be another or none.
#[test]
fn sibling_and_nested_variations_start_where_they_branch() {
    chess(
        "1. e4 e5 (1... c5 2. Nf3 Kc7) (1... d5 2. exd5 Ke7) (1... e6 2. Ke3) \
         2. Nf3 (2. Nc3 Nc6 (2... Nf6 3. Nd6)) Nc6 (2... Nh6 3. Qh6) 3. Nd5 Nf6 (3... a6 4. Ke3) *",
        expect![[r#"
            illegal-move `Kc7`: no king can move to c7
            illegal-move `Ke7`: no king can move to e7
            illegal-move `Ke3`: no king can move to e3
            illegal-move `Nd6`: no knight can move to d6
            illegal-move `Qh6`: no queen can move to h6
            illegal-move `Nd5`: no knight can move to d5; the rest of this line is not checked"#]],
    );
    draughts(
        "1. 32-28 (1. 33-29 19-23 2. 29x18 12x23 3. 29-24) (1. 31-27 50-45) 19-23 \
         2. 28x19 (2. 28x19 14x23 3. 28-22) 14x23 *",
        expect![[r#"
            illegal-move `29x18`: the piece on 29 cannot move to 18: 18 is taken; the rest of this line is not checked
            illegal-move `50-45`: Black has no piece on 50: the piece there is White's (is a move missing?)
            illegal-move `28-22`: White has no piece on 28"#]],
    );
}

/// A variation whose `)` is left out (`(5... b5 6. Bb3 6. Re1`) runs to the end of the
/// game, and the first move after where the `)` belongs is the other side's in it: the
/// syntax's `unterminated-variation` is the one diagnostic, not that move's `illegal-move`
/// too. A move of the same side, or in a closed variation, is told as before.
#[test]
fn chess_a_variation_never_closed_is_one_mistake() {
    let opening = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 ";
    assert_eq!(
        codes(
            Notation::Pgn,
            format!("{opening}(5... b5 6. Bb3 6. Re1 b5 *")
        ),
        ["unterminated-variation"]
    );
    assert_eq!(
        codes(
            Notation::Pgn,
            format!("{opening}(5... b5 6. Bb3 Nxe4 7. Qxh7 *")
        ),
        ["unterminated-variation", "illegal-move"]
    );
    chess(
        &format!("{opening}(5... b5 6. Bb3 6. Re1) 6. Re1 *"),
        expect!["illegal-move `Re1`: no rook can move to e1 (it is a legal move for the other side: is a move missing?)"],
    );
}

#[test]
fn chess_two_moves_with_no_space_between_say_so_once() {
    // `e4e5` reads as one move in long algebraic (`e4` to `e5`), which cannot be played;
    // `e4 e5` can: the message says so, and the fix writes the space.
    // With the next move's number two moves on, both are played and the line goes on: a
    // later mistake is told too (the line stopped at `e4e5`).
    chess("1.e4e5 2.Nf3 Nc6 *", expect!["illegal-move `e4e5`: no pawn can move to e5 (two moves with no space between? `e4 e5` can be played)"]);
    chess(
        "1.e4e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 Nf6 5.Bxe8 *",
        expect![[r#"
            illegal-move `e4e5`: no pawn can move to e5 (two moves with no space between? `e4 e5` can be played)
            illegal-move `Bxe8`: no bishop can move to e8"#]],
    );
    // So with no number after, when the next move follows the two, and a variation there
    // starts after the first (`1... c5`).
    chess(
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1b5 (6... d6 7. c3) Bb3 d6 *",
        expect!["illegal-move `Re1b5`: no rook can move to b5 (two moves with no space between? `Re1 b5` can be played)"],
    );
    chess(
        "1.e4c5 (1... e5 2. Nf3) 2.Nf3 *",
        expect!["illegal-move `e4c5`: no pawn can move to c5 (two moves with no space between? `e4 c5` can be played)"],
    );
    // Where the next move does not follow the two, the line stops there, as before.
    chess(
        "1.e4e5 e4 *",
        expect!["illegal-move `e4e5`: no pawn can move to e5 (two moves with no space between? `e4 e5` can be played); the rest of this line is not checked"],
    );
    fixes(
        Notation::Pgn,
        "1.e4e5 2.Nf3 Nc6 3.Bb5a6 4.Ba4 *",
        expect![[
            r#"illegal-move: Write `e4 e5` => "1.e4 e5 2.Nf3 Nc6 3.Bb5a6 4.Ba4 *"
wrong-disambiguation: Write `Bb5 a6` => "1.e4e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 *""#
        ]],
    );
    // Typed so between a piece's move and another, the word is stray text (one
    // `stray-text`, which the syntax says and this leaves out); its moves are played, so
    // the move number and the moves after it are not wrong too.
    chess("1. e4 e5 2. Nf3Nc6 3. Bb5 a6 4. Ba4 *", expect![]);
    chess("1. e4 e5 2. Qh5+Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", expect![]);
    // A line beside the move after them starts after them too.
    chess("1. e4 e5 2. Nf3Nc6 3. Bb5 (3. Bc4 Bc5) a6 *", expect![]);
    fixes(
        Notation::Pgn,
        "1. e4 e5 2. Nf3Nc6 3. Bb5 *",
        expect![[r#"stray-text: Write `Nf3 Nc6` => "1. e4 e5 2. Nf3 Nc6 3. Bb5 *""#]],
    );
    // Halves that cannot be played one after the other are not offered.
    chess(
        "1. e4 e5 2. e4e6 *",
        expect!["illegal-move `e4e6`: no pawn can move to e6"],
    );
    // `3.Bb5a6` reads as the bishop of f1 to a6 (a wrong origin, `b5`): with the next
    // move's number two moves on, or a next move that follows the two and not the one, the
    // two are meant and played, and said once (it was three: the origin, the next number,
    // and a bishop move that could not be played).
    for text in [
        "1. e4 e5 2. Nf3 Nc6 3.Bb5a6 4. Ba4 Nf6 *",
        "1. e4 e5 2. Nf3 Nc6 3.Bb5a6 Ba4 Nf6 *",
        // In a line of its own, found from the moves before it in the lines it branches
        // from.
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 (3.Bb5a6 4. Ba4 Nf6 (4... d6) 5. O-O) Nf6 *",
    ] {
        chess(text, expect!["wrong-disambiguation `Bb5a6`: two moves with no space between? `Bb5 a6` can be played, and the next move follows them (read as one move, no piece of that kind stands there)"]);
    }
    fixes(
        Notation::Pgn,
        "1. e4 e5 2. Nf3 Nc6 3.Bb5a6 4. Ba4 *",
        expect![[
            r#"wrong-disambiguation: Write `Bb5 a6` => "1. e4 e5 2. Nf3 Nc6 3.Bb5 a6 4. Ba4 *""#
        ]],
    );
    // Where nothing after says so, the one move of the wrong piece is told, as before.
    for text in [
        "1. e4 e5 2. Nf3 Nc6 3.Bb5a6 *",
        "1. e4 e5 2. Nf3 Nc6 3.Bb5a6 3... Nf6 *",
    ] {
        chess(text, expect!["wrong-disambiguation `Bb5a6`: no piece of that kind stands there; the only one that can make the move makes it: `Ba6`"]);
    }
    // The next move follows the two under a number of neither reading: two mistakes, each
    // told once (it was three: the origin, the number, a bishop move that could not be
    // played).
    chess(
        "1. e4 e5 2. Nf3 Nc6 3.Bb5a6 5. Ba4 Nf6 *",
        expect![[r#"
            wrong-disambiguation `Bb5a6`: two moves with no space between? `Bb5 a6` can be played, and the next move follows them (read as one move, no piece of that kind stands there)
            wrong-move-number `5.`: this is White's move 4 (`4.`)"#]],
    );
}

#[test]
fn chess_two_slips_of_two_moves_with_no_space_between_are_two_diagnostics() {
    // The second slip in a game with stray text (the first): its position before the move
    // is kept, as the game's moves were not all played as written. It was four: the
    // origin, the number after, and a bishop move that could not be played.
    assert_eq!(
        codes(
            Notation::Pgn,
            "1. e4 e5 2. Nf3Nc6 3. Bb5a6 4. Ba4 Nf6 5. O-O *"
        ),
        ["stray-text", "wrong-disambiguation"]
    );
    chess(
        "1. e4 e5 2. Nf3Nc6 3. Bb5a6 4. Ba4 Nf6 5. O-O *",
        expect!["wrong-disambiguation `Bb5a6`: two moves with no space between? `Bb5 a6` can be played, and the next move follows them (read as one move, no piece of that kind stands there)"],
    );
}

#[test]
fn chess_moves_after_two_moves_with_no_space_between_are_checked_as_after_both() {
    // With no number after the word, a move that follows the two: they are played, and the
    // count goes on from them (the `4.` was a wrong number, as White's move 3).
    chess("1. e4 e5 2. Nf3Nc6 Bb5 a6 4. Ba4 Nf6 *", expect![]);
    assert_eq!(
        codes(Notation::Pgn, "1. e4 e5 2. Nf3Nc6 Bb5 a6 4. Ba4 Nf6 *"),
        ["stray-text"]
    );
    // A variation written after the word is an alternative to its second move, from the
    // position after its first (`Nxe5` takes with the knight of f3; it was read as an
    // alternative to `e5`, a wrong number and a knight that could not take).
    chess(
        "1. e4 e5 2. Nf3Nc6 (2... Nf6 3. Nxe5 d6) 3. Bb5 a6 *",
        expect![],
    );
    chess(
        "1. e4 e5 2. Nf3 Nc6 3.Bb5a6 (3... Nf6 4. O-O Nxe4) 4. Ba4 Nf6 *",
        expect!["wrong-disambiguation `Bb5a6`: two moves with no space between? `Bb5 a6` can be played, and the next move follows them (read as one move, no piece of that kind stands there)"],
    );
    // So with no move after the word in its line (the variation is found from the word).
    chess("1. e4 e5 2. Nf3Nc6 (2... Nf6 3. Nxe5) *", expect![]);
    chess(
        "1. e4 e5 2. Nf3Nc6 (2... d6 3. d4) (2... Nf6 3. Nxe5) *",
        expect![],
    );
    // Stray text that is not two moves leaves the variation where it was.
    chess("1. e4 e5 2. Nf3 oops (2. Nc3 Nf6) *", expect![]);
    // A word in another line is not this variation's (`Nf6Nc3` is in the first one).
    chess(
        "1. e4 e5 2. Bc4 (2. Nf3 Nf6Nc3 Bc5) (2. Nc3 Nf6 3. Bc4) Nf6 *",
        expect![],
    );
}
