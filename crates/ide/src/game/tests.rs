//! The model of games of each notation, rendered one line per move and line.

use expect_test::{expect, Expect};

use super::{GameRef, LineId, MoveId};
use crate::fixture::{self, KASPAROV};
use crate::Notation;

/// The model in words: the game, then each line with its moves and what hangs on them.
fn render(game: GameRef<'_>) -> String {
    let model = game.game;
    let name = |m: Option<MoveId>| m.map_or("start".to_string(), |m| game.move_name(&model[m]));
    let mut out = format!(
        "{:?}, {:?}, first ply {}, {} first\n",
        model.kind,
        model.start,
        model.start_ply,
        model.first_mover.name()
    );
    for (i, line) in model.lines.iter().enumerate() {
        let id = LineId(i as u32);
        out.push_str(&format!("line {i} {:?}", game.text_of(line.head)));
        if id != LineId::MAIN {
            out.push_str(&format!(
                " in line {}, from {}, replaces {}",
                line.parent.map_or(0, |p| p.0),
                name(line.branches_from),
                line.replaces
                    .map_or("nothing".to_string(), |m| game.move_name(&model[m]))
            ));
        }
        out.push('\n');
        for comment in line.comments.iter() {
            out.push_str(&format!("  comment {:?}\n", game.text_of(comment.text)));
        }
        for &id in line.moves.iter() {
            let m = &model[id];
            out.push_str(&format!(
                "  {} ({}, ply {}, after {})",
                game.move_name(m),
                m.side.name(),
                m.ply,
                name(m.parent)
            ));
            if let Some(n) = m.written_number {
                out.push_str(&format!(" written {n}"));
            }
            if let Some(suffix) = m.suffix {
                out.push_str(&format!(" suffix {}", game.text_of(suffix)));
            }
            if !model.nags(m).is_empty() {
                out.push_str(&format!(" nags {:?}", model.nags(m)));
            }
            for comment in model.comments(m) {
                out.push_str(&format!(
                    " {:?} {:?}",
                    comment.kind,
                    game.text_of(comment.text)
                ));
            }
            if !model.variations(m).is_empty() {
                let lines: Vec<u32> = model.variations(m).iter().map(|l| l.0).collect();
                out.push_str(&format!(" variations {lines:?}"));
            }
            out.push('\n');
        }
    }
    out
}

fn check(notation: Notation, text: &str, expect: Expect) {
    let (doc, _) = fixture::document(notation, text);
    let games: Vec<String> = doc.games().map(render).collect();
    expect.assert_eq(&games.join("\n"));
}

#[test]
fn chess_game_with_nested_variations() {
    check(
        Notation::Pgn,
        &KASPAROV.replace("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 $1 4. Ba4 Nf6 5. O-O Nxe4 6. d4 b5 7. Bb3 d5\n8. dxe5 Be6 9. Be3 Bc5 10. Qd3 O-O ", "10. Qd3 O-O "),
        expect![[r#"
            Chess { variant: None }, Initial, first ply 0, White first
            line 0 "Qd3"
              10. Qd3 (White, ply 18, after start) written 10
              10... O-O (Black, ply 19, after 10. Qd3)
              11. Nc3 (White, ply 20, after 10... O-O) written 11
              11... Nb4 (Black, ply 21, after 11. Nc3) variations [1]
              12. Qe2 (White, ply 22, after 11... Nb4) written 12
            line 1 "Bxe3" in line 0, from 11. Nc3, replaces 11... Nb4
              11... Bxe3 (Black, ply 21, after 11. Nc3) written 11
              12. Qxe3 (White, ply 22, after 11... Bxe3) written 12
              12... Nxc3 (Black, ply 23, after 12. Qxe3)
              13. Qxc3 (White, ply 24, after 12... Nxc3) written 13
              13... Qd7 (Black, ply 25, after 13. Qxc3) variations [2]
            line 2 "Nb7" in line 1, from 13. Qxc3, replaces 13... Qd7
              13... Nb7 (Black, ply 25, after 13. Qxc3) written 13
              14. Qc6 (White, ply 26, after 13... Nb7) written 14 nags [1, 16]
        "#]],
    );
}

#[test]
fn annotations_comments_and_a_variation_before_the_first_move() {
    check(
        Notation::Pgn,
        "{before} (1. d4 {queen's pawn}) 1. e4! $1 {best by test}\n%escape\n(1. c4) e5 ; Black answers\n*",
        expect![[r#"
            Chess { variant: None }, Initial, first ply 0, White first
            line 0 "e4!"
              comment "before"
              1. e4 (White, ply 0, after start) written 1 suffix ! nags [1] Brace "best by test" Escape "escape" variations [1, 2]
              1... e5 (Black, ply 1, after 1. e4) Line " Black answers"
            line 1 "d4" in line 0, from start, replaces 1. e4
              1. d4 (White, ply 0, after start) written 1 Brace "queen's pawn"
            line 2 "c4" in line 0, from start, replaces 1. e4
              1. c4 (White, ply 0, after start) written 1
        "#]],
    );
}

/// A comment right after a move goes into the game's tables at once; what comes after a
/// NAG or a variation waits for the next move. A move's runs stay whole and in text order
/// when both happen: `{a}` goes in at once, the variations' comments after it, and at the
/// next move `{a}`, no longer the table's last, is copied to its end with `{d}` after it.
/// `{f} {g}` is one run grown in place, and `{h}` (after a NAG) joins it at the next move.
#[test]
fn comments_at_once_and_after_a_variation_stay_in_order() {
    check(
        Notation::Pgn,
        "1. e4 {a} (1. d4 {b} d5 {c}) {d} $2 (1. c4 {e}) e5 {f} {g} $1 {h} 2. Nf3 {i} *",
        expect![[r#"
            Chess { variant: None }, Initial, first ply 0, White first
            line 0 "e4"
              1. e4 (White, ply 0, after start) written 1 nags [2] Brace "a" Brace "d" variations [1, 2]
              1... e5 (Black, ply 1, after 1. e4) nags [1] Brace "f" Brace "g" Brace "h"
              2. Nf3 (White, ply 2, after 1... e5) written 2 Brace "i"
            line 1 "d4" in line 0, from start, replaces 1. e4
              1. d4 (White, ply 0, after start) written 1 Brace "b"
              1... d5 (Black, ply 1, after 1. d4) Brace "c"
            line 2 "c4" in line 0, from start, replaces 1. e4
              1. c4 (White, ply 0, after start) written 1 Brace "e"
        "#]],
    );
}

#[test]
fn comments_on_the_result_line_are_the_last_moves() {
    // The comment after `1-0` is the game's, not a game of its own; the one on the next
    // line opens the next game.
    check(
        Notation::Pgn,
        "1. e4 e5 1-0 {won on time} ; really\n{next}\n[Event \"b\"]\n* {not played}",
        expect![[r#"
            Chess { variant: None }, Initial, first ply 0, White first
            line 0 "e4"
              1. e4 (White, ply 0, after start) written 1
              1... e5 (Black, ply 1, after 1. e4) Brace "won on time" Line " really"

            Chess { variant: None }, Initial, first ply 0, White first
            line 0 ""
              comment "not played"
        "#]],
    );
}

#[test]
fn chess_counts_from_the_fen() {
    check(
        Notation::Pgn,
        "[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 17\"]\n[Variant \"From Position\"]\n17... Kd2 (17... Kc2) 18. Ka2 *",
        expect![[r#"
            Chess { variant: Some("From Position") }, Fen("8/8/8/8/8/8/8/K1k5 b - - 0 17"), first ply 33, White first
            line 0 "Kd2"
              17... Kd2 (Black, ply 33, after start) written 17 variations [1]
              18. Ka2 (White, ply 34, after 17... Kd2) written 18
            line 1 "Kc2" in line 0, from start, replaces 17... Kd2
              17... Kc2 (Black, ply 33, after start) written 17
        "#]],
    );
}

#[test]
fn draughts_sides_come_from_the_game_type_and_the_fen() {
    check(
        Notation::Pdn,
        "[GameType \"21\"]\n1. 11-15 23-18 (1... 22-18) 2. 8-11 *\n\n[GameType \"21\"]\n[FEN \"W:W21:B1\"]\n1... 21-17 2. 1-5 *\n\n[GameType \"20\"]\n1. 32-28 19-23(?) *",
        expect![[r#"
            Draughts { board: Some(Board { game_type: 21, name: "English draughts (checkers)", black_first: true, width: 8, height: 8, squares: Numeric, all_squares: false }) }, Initial, first ply 0, Black first
            line 0 "11-15"
              1. 11-15 (Black, ply 0, after start) written 1
              1... 23-18 (White, ply 1, after 1. 11-15) variations [1]
              2. 8-11 (Black, ply 2, after 1... 23-18) written 2
            line 1 "22-18" in line 0, from 1. 11-15, replaces 1... 23-18
              1... 22-18 (White, ply 1, after 1. 11-15) written 1

            Draughts { board: Some(Board { game_type: 21, name: "English draughts (checkers)", black_first: true, width: 8, height: 8, squares: Numeric, all_squares: false }) }, Fen("W:W21:B1"), first ply 1, Black first
            line 0 "21-17"
              1... 21-17 (White, ply 1, after start) written 1
              2. 1-5 (Black, ply 2, after 1... 21-17) written 2

            Draughts { board: Some(Board { game_type: 20, name: "International draughts", black_first: false, width: 10, height: 10, squares: Numeric, all_squares: false }) }, Initial, first ply 0, White first
            line 0 "32-28"
              1. 32-28 (White, ply 0, after start) written 1
              1... 19-23 (Black, ply 1, after 1. 32-28) suffix (?)
        "#]],
    );
}

#[test]
fn go_game_trees_are_lines() {
    check(
        Notation::Sgf,
        "(;GM[1]SZ[9]AB[cc]C[root];B[ee]C[first];W[]\n(;B[dd];C[no move];W[ff])(;C[empty first node];B[gg]))\n(;GM[1];B[aa])",
        expect![[r#"
            Go { size: (9, 9) }, Setup, first ply 0, Black first
            line 0 ";GM[1]SZ[9]AB[cc]C[root]"
              comment "root"
              1. ee (Black, ply 0, after start) Property "first"
              2.  (White, ply 1, after 1. ee)
            line 1 ";B[dd]" in line 0, from 2. , replaces nothing
              3. dd (Black, ply 2, after 2. ) Property "no move"
              4. ff (White, ply 3, after 3. dd)
            line 2 ";C[empty first node]" in line 0, from 2. , replaces nothing
              comment "empty first node"
              3. gg (Black, ply 2, after 2. )

            Go { size: (19, 19) }, Initial, first ply 0, Black first
            line 0 ";GM[1]"
              1. aa (Black, ply 0, after start)
        "#]],
    );
}

#[test]
fn go_node_after_a_variation_continues_its_own_tree() {
    check(
        Notation::Sgf,
        "(;GM[1](;B[aa])(;B[bb]);W[cc])",
        expect![[r#"
            Go { size: (19, 19) }, Initial, first ply 0, Black first
            line 0 ";GM[1]"
              1. cc (White, ply 0, after start)
            line 1 ";B[aa]" in line 0, from start, replaces nothing
              1. aa (Black, ply 0, after start)
            line 2 ";B[bb]" in line 0, from start, replaces nothing
              1. bb (Black, ply 0, after start)
        "#]],
    );
}

#[test]
fn a_variation_never_closed_ends_at_its_last_token() {
    // The inner variation is never closed, nor the outer one: both end after `$2`, where
    // the text they hold ends, not at the space after it (which is in the last move's node).
    let text = "1. e4 e5 (1... c5 2. Nf3 $1 (2. Nc3 $2 1-0\n";
    let (doc, _) = fixture::document(Notation::Pgn, text);
    let game = doc.games().next().expect("one game");
    let ends: Vec<&str> = game
        .game
        .lines
        .iter()
        .map(|line| &text[..usize::from(line.range.end())])
        .collect();
    let end = "1. e4 e5 (1... c5 2. Nf3 $1 (2. Nc3 $2";
    assert_eq!(ends[1..], [end, end]);
}

/// What a node holds beside its move, read the same whichever way the node is read: a
/// comment in a node after a variation (it belongs to its own tree's last move, after the
/// variation's moves), `MN` renumbering, stones set up between moves, a move written with
/// an old long identifier, a node of one property that is no move, a comment alone.
#[test]
fn go_nodes_beside_their_moves() {
    check(
        Notation::Sgf,
        "(;GM[1]SZ[9];B[aa]C[one](;W[bb]C[two];B[cc])(;W[dd]);C[after]C[again];AB[ee]AW[ff];W[gg]MN[10];Black[hh];PL[W];TR[aa];W[ii]C[x])",
        expect![[r#"
            Go { size: (9, 9) }, Initial, first ply 0, Black first
            line 0 ";GM[1]SZ[9]"
              1. aa (Black, ply 0, after start) Property "one" Property "after" Property "again"
              10. gg (White, ply 1, after 1. aa) written 10
              11. hh (Black, ply 2, after 10. gg)
              12. ii (White, ply 3, after 11. hh) Property "x"
            line 1 ";W[bb]C[two]" in line 0, from 1. aa, replaces nothing
              2. bb (White, ply 1, after 1. aa) Property "two"
              3. cc (Black, ply 2, after 2. bb)
            line 2 ";W[dd]" in line 0, from 1. aa, replaces nothing
              2. dd (White, ply 1, after 1. aa)
        "#]],
    );
}

/// [`super::PlainModels`] reads each game into the model of the game before: a reader of
/// many games allocates its tables once. What a game left in them is gone, also when the
/// game turned out not plain (in its movetext, or in its tags).
#[test]
fn plain_models_reuse_the_tables_of_the_game_before() {
    let first = "[Event \"Open\"]\n[Site \"Here\"]\n\n1. e4 $1 {a} e5 (1... c5 {b} 2. Nf3) \
                 2. Nf3 {c} Nc6 3. Bb5 a6 1-0\n";
    let mut models = super::PlainModels::default();
    let tables = |game: &super::Game| {
        (
            game.moves.as_ptr(),
            game.comment_table.as_ptr(),
            game.header.entries.as_ptr(),
        )
    };
    let (_, (expected, before)) = models
        .read(first, 0, |_, game| (game.clone(), tables(game)))
        .expect("a plain game");
    let parse = kifu_syntax::pgn::parse(first);
    let game = parse.source_file().games().next().expect("a game");
    assert_eq!(expected, super::Game::pgn(&game.syntax().green()));
    // Games a plain reader gives up on: in the movetext (`%` inside a line), and in the tags
    // (an escape in a value), after reading some.
    for not_plain in [
        "[Event \"Other\"]\n[White \"X\"]\n\n1. e4 (1. d4 %escape\n",
        "[Event \"Other\"]\n[White \"A \\\"B\\\"\"]\n\n1. e4 *\n",
    ] {
        assert!(
            models.read(not_plain, 0, |_, _| ()).is_none(),
            "{not_plain}"
        );
    }
    let (_, (again, after)) = models
        .read(first, 0, |_, game| (game.clone(), tables(game)))
        .expect("a plain game");
    assert_eq!(again, expected);
    assert_eq!(after, before, "the tables of the game before");
}

/// Both readers of a PGN game note whether its moves use English letters only: a German
/// knight (`Sf3`), in the main line or in a variation, or a promotion to a German queen
/// (`e8=D`) is another language's; English moves, castling, a pawn's `P` and figurines are
/// not.
#[test]
fn both_readers_note_the_letters_of_the_moves() {
    for (movetext, english) in [
        ("1. e4 e5 2. Nf3 Nc6 3. O-O Pd6 *", true),
        ("1. e4 e5 2. Sf3 Sc6 *", false),
        ("1. e4 e5 (1... c5 2. Sf3) 2. Nf3 *", false),
        ("1. e4 e5 2. e8=D *", false),
        // Figurines (FAN) are read by both, and are no letters of another language.
        ("1. e4 e5 2. ♘f3 ♘c6 3. ♗b5 a6 *", true),
    ] {
        let text = format!("[Event \"?\"]\n\n{movetext}\n");
        let plain = kifu_syntax::pgn::read_plain(text.as_bytes(), 0, &mut ()).expect("plain");
        assert_eq!(plain.english_letters, english, "{movetext}");
        let (_, from_plain) = super::PlainModels::default()
            .read(&text, 0, |_, game| game.clone())
            .expect("a plain game");
        assert_eq!(from_plain.english_letters, english, "{movetext}");
        let parse = kifu_syntax::pgn::parse(&text);
        let game = parse.source_file().games().next().expect("a game");
        let from_tree = super::Game::pgn(&game.syntax().green());
        assert_eq!(from_tree.english_letters, english, "{movetext}");
    }
}
