use expect_test::{expect, Expect};

use crate::fixture::{document, KASPAROV};
use crate::{BoardOptions, Notation};

/// What the position at `$0` is, in a few lines: everything but the drawings, which the
/// renderer's own tests check (here only that there are some).
fn check(notation: Notation, text: &str, expect: Expect) {
    let (doc, offset) = document(notation, text);
    let Some(at) = doc.position_at(offset, &BoardOptions::default()) else {
        expect.assert_eq("none");
        return;
    };
    assert!(at.svg.starts_with("<svg"), "{}", at.svg);
    assert!(!at.diagram.is_empty());
    let text = doc.text();
    let shown = |r: Option<crate::TextRange>| r.map_or("-".to_string(), |r| text[r].to_string());
    let list = |rs: &[crate::TextRange]| {
        rs.iter()
            .map(|&r| text[r].trim().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = format!(
        "game {} path {:?} ply {} `{}`: {}\nto move: {}\n",
        at.game,
        at.variation_path,
        at.ply,
        shown(at.current),
        at.label,
        at.side_to_move
    );
    for (name, value) in [
        ("fen", at.fen.clone()),
        ("setup", at.setup.clone()),
        ("captures", at.captures.map(|c| format!("{c:?}"))),
        ("last", at.last_move.clone()),
        ("comment", at.comment.clone()),
        ("white", at.players.0.clone()),
        ("black", at.players.1.clone()),
        ("event", at.event.clone()),
        ("opening", at.opening.map(|(e, n)| format!("{e} {n}"))),
        ("not played", at.not_played.clone()),
    ] {
        if let Some(value) = value {
            out.push_str(&format!("{name}: {value}\n"));
        }
    }
    for annotation in &at.annotations {
        out.push_str(&format!("annotation: {annotation}\n"));
    }
    out.push_str(&format!(
        "previous: {}\nnext: {}\n",
        list(&at.previous),
        list(&at.next)
    ));
    expect.assert_eq(&out);
}

#[test]
fn chess_in_the_tags_is_the_start() {
    check(
        Notation::Pgn,
        "[Event \"E$0\"]\n[White \"A\"]\n\n1. e4 e5 *",
        expect![[r#"
            game 0 path [] ply 0 `-`: start
            to move: White
            fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
            white: A
            event: E
            previous: 
            next: e4 e5
        "#]],
    );
}

#[test]
fn chess_on_a_move_and_between_moves() {
    check(
        Notation::Pgn,
        "1. e4 e5 2. N$0f3 Nc6 *",
        expect![[r#"
            game 0 path [] ply 3 `Nf3`: 2. Nf3
            to move: Black
            fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2
            last: g1f3
            opening: C40 King's Knight Opening
            previous: e4 e5
            next: Nc6
        "#]],
    );
    // After a move's text and before the next number: still that move.
    check(
        Notation::Pgn,
        "1. e4 e5 $0 2. Nf3 *",
        expect![[r#"
            game 0 path [] ply 2 `e5`: 1... e5
            to move: White
            fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
            last: e7e5
            opening: C20 King's Pawn Game
            previous: e4
            next: Nf3
        "#]],
    );
}

#[test]
fn chess_in_nested_variations() {
    let text = KASPAROV.replace("13... Nb7", "13... N$0b7");
    check(
        Notation::Pgn,
        &text,
        expect![[r#"
        game 0 path [0, 0] ply 25 `Qxc3`: 13. Qxc3
        to move: Black
        fen: r2q1rk1/2p2ppp/p1n1b3/1p1pP3/8/1BQ2N2/PPP2PPP/R4RK1 b - - 0 13
        last: e3c3
        white: Kasparov, Garry
        black: Kramnik, Vladimir
        event: Botvinnik Memorial
        not played: 13... Nb7 could not be played: the board shows the position before it
        previous: e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Nxe4 d4 b5 Bb3 d5 dxe5 Be6 Be3 Bc5 Qd3 O-O Nc3 Bxe3 Qxe3 Nxc3
        next: Nb7 Qc6
    "#]],
    );
    // In a variation before its first move: the position it starts from, and its moves
    // next.
    let text = KASPAROV.replace("(11... Bxe3", "($0 11... Bxe3");
    check(
        Notation::Pgn,
        &text,
        expect![[r#"
        game 0 path [0] ply 21 `Nc3`: 11. Nc3
        to move: Black
        fen: r2q1rk1/2p2ppp/p1n1b3/1pbpP3/4n3/1BNQBN2/PPP2PPP/R4RK1 b - - 6 11
        last: b1c3
        white: Kasparov, Garry
        black: Kramnik, Vladimir
        event: Botvinnik Memorial
        previous: e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Nxe4 d4 b5 Bb3 d5 dxe5 Be6 Be3 Bc5 Qd3 O-O
        next: Bxe3 Qxe3 Nxc3 Qxc3 Qd7
    "#]],
    );
}

#[test]
fn chess_second_game_and_comments() {
    check(
        Notation::Pgn,
        "1. e4 *\n\n[White \"B\"]\n\n1. d4 {a quiet move} d5$0 { the symmetrical reply } *\n",
        expect![[r#"
            game 1 path [] ply 2 `d5`: 1... d5
            to move: White
            fen: rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2
            last: d7d5
            comment: the symmetrical reply
            white: B
            opening: D00 Queen's Pawn Game
            previous: d4
            next: 
        "#]],
    );
}

#[test]
fn chess_an_illegal_move_shows_the_position_before_it() {
    check(
        Notation::Pgn,
        "1. e4 e5 2. Ke$03 *",
        expect![[r#"
        game 0 path [] ply 2 `e5`: 1... e5
        to move: White
        fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
        last: e7e5
        opening: C20 King's Pawn Game
        not played: 2. Ke3 could not be played: the board shows the position before it
        previous: e4
        next: Ke3
    "#]],
    );
}

#[test]
fn go_moves_captures_and_setup() {
    check(
        Notation::Sgf,
        "(;GM[1]SZ[9]PB[Honinbo]PW[Go Seigen]AB[cc];W[ba];B[aa];W[ab]$0;B[ee]C[the corner is taken\\]])",
        expect![[r#"
            game 0 path [] ply 4 `;B[ee]C[the corner is taken\]]`: move 4: B E5
            to move: White
            setup: AB[cc][ee]AW[ab][ba]
            captures: (0, 1)
            last: ee
            comment: the corner is taken]
            white: Go Seigen
            black: Honinbo
            previous: ;W[ba] ;B[aa] ;W[ab]
            next: 
        "#]],
    );
    check(
        Notation::Sgf,
        "(;GM[1]SZ[9]$0;B[ee];W[])",
        expect![[r#"
        game 0 path [] ply 1 `;B[ee]`: move 1: B E5
        to move: White
        setup: AB[ee]
        captures: (0, 0)
        last: ee
        previous: 
        next: ;W[]
    "#]],
    );
}

#[test]
fn draughts_captures_and_variations() {
    check(
        Notation::Pdn,
        "[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 (2. 33-29 $0) 14x23 *",
        expect![[r#"
            game 0 path [0] ply 2 `19-23`: 1... 19-23
            to move: White
            fen: W:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20,23
            last: 19-23
            not played: 2. 33-29 could not be played: the board shows the position before it
            previous: 32-28
            next: 33-29
        "#]],
    );
    check(
        Notation::Pdn,
        "[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x$023 *",
        expect![[r#"
            game 0 path [] ply 4 `14x23`: 2... 14x23
            to move: White
            fen: W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23
            last: 14x23
            previous: 32-28 19-23 28x19
            next: 
        "#]],
    );
}

#[test]
fn chess_comment_commands_are_decoded_and_drawn() {
    let text = "1. e4$0 { [%clk 0:03:21] [%eval 0.17] best by test [%cal Ge2e4] [%csl Rd5] } *";
    check(
        Notation::Pgn,
        text,
        expect![[r#"
        game 0 path [] ply 1 `e4`: 1. e4
        to move: Black
        fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
        last: e2e4
        comment: best by test
        opening: B00 King's Pawn Game
        annotation: clock: 3 min 21 s left
        annotation: evaluation +0.17: about equal
        annotation: squares marked: d5 red
        annotation: arrows: e2→e4 green
        previous: 
        next: 
    "#]],
    );
    // The marks are drawn on the board: the same position without them is another image.
    let (doc, offset) = document(Notation::Pgn, text);
    let (plain, at) = document(Notation::Pgn, "1. e4$0 *");
    let options = BoardOptions::default();
    let marked = doc.position_at(offset, &options).unwrap().svg;
    let unmarked = plain.position_at(at, &options).unwrap().svg;
    assert_ne!(marked, unmarked);
    assert!(marked.len() > unmarked.len());
}

#[test]
fn go_stones_numbered_by_their_moves_on_the_way() {
    // B aa is taken by W ba and W ab: the numbers are those of the stones that stand.
    let (doc, offset) = document(
        Notation::Sgf,
        "(;GM[1]SZ[5];B[aa];W[ba];B[ee];W[ab]$0(;B[cc])(;B[dd]))",
    );
    let options = BoardOptions {
        move_numbers: true,
        coordinates: false,
        ..BoardOptions::default()
    };
    let at = doc.position_at(offset, &options).unwrap();
    let numbers: Vec<&str> = at
        .svg
        .split("</text>")
        .filter(|t| t.contains("<text"))
        .filter_map(|t| t.rsplit('>').next())
        .collect();
    // aa was taken: 2 (ba), 3 (ee), 4 (ab); the variations' moves are not on the way.
    assert_eq!(numbers, ["2", "3", "4"]);
    let plain = doc
        .position_at(
            offset,
            &BoardOptions {
                coordinates: false,
                ..BoardOptions::default()
            },
        )
        .unwrap();
    assert!(!plain.svg.contains("</text>"));
}
