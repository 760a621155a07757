use expect_test::{expect, Expect};

use crate::fixture::document;
use crate::{Document, Notation};

/// The text after playing `mv` at `$0`, the move selected as `«...»`; or the error.
fn check(notation: Notation, text: &str, mv: &str, expect: Expect) {
    let (doc, offset) = document(notation, text);
    let actual = match doc.play_move(offset, mv) {
        Ok(played) => {
            let mut new = doc.text().to_string();
            for edit in played.edits.iter().rev() {
                new.replace_range(std::ops::Range::<usize>::from(edit.range), &edit.insert);
            }
            let (start, end) = (
                usize::from(played.selection.start()),
                usize::from(played.selection.end()),
            );
            let shown = format!("{}«{}»{}", &new[..start], &new[start..end], &new[end..]);
            // What was written is read back as the move it is, with nothing to report.
            let after = Document::new(notation, new.clone());
            let problems: Vec<&str> = after
                .diagnostics()
                .iter()
                .map(|d| d.code.as_str())
                .collect();
            if problems.is_empty() {
                shown
            } else {
                format!("{shown}\nproblems: {problems:?}")
            }
        }
        Err(error) => format!("error: {error}"),
    };
    expect.assert_eq(&actual);
}

#[test]
fn chess_extends_a_line() {
    check(
        Notation::Pgn,
        "1. e4 e5 2. Nf3$0 *",
        "g8f6",
        expect!["1. e4 e5 2. Nf3 «Nf6» *"],
    );
    check(
        Notation::Pgn,
        "1. e4 e5$0 *",
        "g1f3",
        expect!["1. e4 e5 2. «Nf3» *"],
    );
    check(
        Notation::Pgn,
        "1. e4$0",
        "e7e5",
        expect![[r#"
        1. e4 «e5»
        problems: ["missing-result"]"#]],
    );
    // After a comment, the second player's move has its number.
    check(
        Notation::Pgn,
        "1. e4 {the king's pawn}$0 *",
        "c7c5",
        expect!["1. e4 {the king's pawn} 1... «c5» *"],
    );
    // At the start.
    check(
        Notation::Pgn,
        "[Event \"x\"]$0\n\n*",
        "d2d4",
        expect![[r#"
        [Event "x"]

        1. «d4» *
        problems: ["missing-roster-tag"]"#]],
    );
}

#[test]
fn chess_goes_into_moves_already_there() {
    check(
        Notation::Pgn,
        "1. e4$0 e5 2. Nf3 *",
        "e7e5",
        expect!["1. e4 «e5» 2. Nf3 *"],
    );
    check(
        Notation::Pgn,
        "1. e4$0 e5 (1... c5 2. Nf3) 2. Nf3 *",
        "c7c5",
        expect!["1. e4 e5 (1... «c5» 2. Nf3) 2. Nf3 *"],
    );
}

#[test]
fn chess_opens_a_variation() {
    check(
        Notation::Pgn,
        "1. e4$0 e5 2. Nf3 *",
        "c7c5",
        expect!["1. e4 e5 (1... «c5») 2. Nf3 *"],
    );
    // After the variations already there, and after the move's comment.
    check(
        Notation::Pgn,
        "1. e4$0 e5 {open} (1... c5) 2. Nf3 *",
        "e7e6",
        expect!["1. e4 e5 {open} (1... c5) (1... «e6») 2. Nf3 *"],
    );
    // The last move of the main line replaced, before the result.
    check(
        Notation::Pgn,
        "1. e4 e5 2. Nf3$0 Nc6 *",
        "d7d6",
        expect!["1. e4 e5 2. Nf3 Nc6 (2... «d6») *"],
    );
    // Inside a variation.
    check(
        Notation::Pgn,
        "1. e4 e5 (1... c5$0 2. Nf3) *",
        "b1c3",
        expect!["1. e4 e5 (1... c5 2. Nf3 (2. «Nc3»)) *"],
    );
    check(
        Notation::Pgn,
        "1. e4 e5 (1... c5 2. Nf3$0) *",
        "d7d6",
        expect!["1. e4 e5 (1... c5 2. Nf3 «d6») *"],
    );
}

#[test]
fn chess_promotions_castling_and_illegal_moves() {
    let fen = "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n";
    check(
        Notation::Pgn,
        &format!("{fen}$0*"),
        "a7a8q",
        expect![[r#"
        [FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"]

        1. «a8=Q» *
        problems: ["fen-without-setup"]"#]],
    );
    check(
        Notation::Pgn,
        &format!("{fen}$0*"),
        "a7a8",
        expect!["error: `a7a8` promotes: say to which piece, `a7a8q`"],
    );
    check(
        Notation::Pgn,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5$0 *",
        "e1g1",
        expect!["1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. «O-O» *"],
    );
    check(
        Notation::Pgn,
        "1. e4$0 *",
        "e2e4",
        expect!["error: `e2e4` is not a legal move for Black here"],
    );
    check(
        Notation::Pgn,
        "1. e4 e5 2. Ke3 Nc6$0 *",
        "g1f3",
        expect!["error: 2... Nc6 cannot be played, so no move can follow it"],
    );
}

#[test]
fn go_extends_branches_and_passes() {
    check(
        Notation::Sgf,
        "(;GM[1]SZ[9];B[ee]$0)",
        "cc",
        expect!["(;GM[1]SZ[9];B[ee];W[«cc»])"],
    );
    check(
        Notation::Sgf,
        "(;GM[1]SZ[9];B[ee]$0;W[cc])",
        "gc",
        expect!["(;GM[1]SZ[9];B[ee];W[cc];B[«gc»])"],
    );
    check(
        Notation::Sgf,
        "(;GM[1]SZ[9];B[ee]$0;W[cc])",
        "cc",
        expect!["error: Black cannot play cc: the point is already occupied"],
    );
    check(
        Notation::Sgf,
        "(;GM[1]SZ[9];B[ee]$0(;W[cc])(;W[gg]))",
        "gc",
        expect!["(;GM[1]SZ[9];B[ee](;W[cc])(;W[gg])(;W[«gc»]))"],
    );
    check(
        Notation::Sgf,
        "(;GM[1]SZ[9]$0)",
        "",
        expect!["(;GM[1]SZ[9];B[«»])"],
    );
    check(
        Notation::Sgf,
        "(;GM[1]SZ[9];B[ee]$0)",
        "ee",
        expect!["error: White cannot play ee: the point is already occupied"],
    );
}

#[test]
fn draughts_moves_captures_and_ambiguity() {
    check(
        Notation::Pdn,
        "[GameType \"20\"]\n\n1. 32-28$0 *",
        "19-23",
        expect![[r#"
        [GameType "20"]

        1. 32-28 «19-23» *"#]],
    );
    // A capture given from and to.
    check(
        Notation::Pdn,
        "[GameType \"20\"]\n\n1. 32-28 19-23$0 *",
        "28-19",
        expect![[r#"
            [GameType "20"]

            1. 32-28 19-23 2. «28x19» *"#]],
    );
    check(
        Notation::Pdn,
        "[GameType \"20\"]\n\n1. 32-28 19-23$0 *",
        "33-29",
        expect!["error: `33-29` is not a legal move here: a capture must be made (28x19)"],
    );
    // English checkers: two captures go from 22 to 6, taking different men; with its whole
    // path, one of them.
    let two = "[GameType \"21\"]\n[FEN \"W:W22:B17,18,9,10\"]\n\n$0*";
    check(
        Notation::Pdn,
        two,
        "22-6",
        expect!["error: several captures fit: 22x13x6, 22x15x6"],
    );
    check(
        Notation::Pdn,
        two,
        "22x15x6",
        expect![[r#"
        [GameType "21"]
        [FEN "W:W22:B17,18,9,10"]

        1... «22x15x6» *"#]],
    );
}

#[test]
fn a_move_that_would_not_be_read_as_a_move_is_refused() {
    // After the last move, inside a comment that is never closed.
    check(Notation::Pgn, "1. e4 e5 {an open comment$0", "g1f3", expect!["error: a move written here would not be read as the move it is: the text around it is broken (a comment or variation not closed, stray text); mend it first"]);
    // Stray text that would join the move.
    check(Notation::Pdn, "1 -$0", "32-28", expect!["error: a move written here would not be read as the move it is: the text around it is broken (a comment or variation not closed, stray text); mend it first"]);
}
