//! Feature tests as inline fixtures: `$0` marks the cursor.

use expect_test::{expect, Expect};

use crate::{Document, Notation, Symbol};

/// The document without its `$0` marker, and the marker's offset.
fn fixture(notation: Notation, text: &str) -> (Document, crate::TextSize) {
    let offset = text.find("$0").unwrap_or(text.len());
    let clean = text.replacen("$0", "", 1);
    (
        Document::new(notation, clean),
        crate::TextSize::from(offset as u32),
    )
}

fn check_hover(notation: Notation, text: &str, expect: Expect) {
    let (doc, offset) = fixture(notation, text);
    let actual = match doc.hover(offset) {
        Some(hover) => format!("{}\n{}", &doc.text()[hover.range], hover.markdown),
        None => "no hover".to_string(),
    };
    expect.assert_eq(&actual);
}

fn outline(symbols: &[Symbol], depth: usize, out: &mut String) {
    for symbol in symbols {
        out.push_str(&"  ".repeat(depth));
        out.push_str(&symbol.name);
        if let Some(detail) = &symbol.detail {
            out.push_str(&format!(" [{detail}]"));
        }
        out.push('\n');
        outline(&symbol.children, depth + 1, out);
    }
}

fn check_outline(notation: Notation, text: &str, expect: Expect) {
    let (doc, _) = fixture(notation, text);
    let mut out = String::new();
    outline(&doc.symbols(), 0, &mut out);
    expect.assert_eq(&out);
}

fn check_folding(notation: Notation, text: &str, expect: Expect) {
    let (doc, _) = fixture(notation, text);
    let folds: Vec<String> = doc
        .folding_ranges()
        .iter()
        .map(|f| format!("{:?} {:?}", f.kind, &doc.text()[f.range]))
        .collect();
    expect.assert_eq(&folds.join("\n"));
}

const KASPAROV: &str = "[Event \"Botvinnik Memorial\"]\n[Date \"2001.12.05\"]\n[White \"Kasparov, Garry\"]\n[Black \"Kramnik, Vladimir\"]\n[ECO \"C80\"]\n[TimeControl \"40/7200:3600\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 $1 4. Ba4 Nf6 5. O-O Nxe4 6. d4 b5 7. Bb3 d5\n8. dxe5 Be6 9. Be3 Bc5 10. Qd3 O-O 11. Nc3 Nb4 (11... Bxe3 12. Qxe3 Nxc3 13. Qxc3 Qd7\n(13... Nb7 14. Qc6 $1 $16)) 12. Qe2 1/2-1/2\n";

#[test]
fn hover_tag_date() {
    check_hover(
        Notation::Pgn,
        "[Da$0te \"2001.12.05\"]\n*",
        expect![[r#"
            [Date "2001.12.05"]
            **Date** — the date the game started, `YYYY.MM.DD`, `??` for unknown parts (Seven Tag Roster)

            `2001.12.05`: 5 December 2001"#]],
    );
}

#[test]
fn hover_tag_time_control_and_eco() {
    check_hover(
        Notation::Pgn,
        "[TimeControl \"40/7200:3$0600\"]\n*",
        expect![[r#"
            [TimeControl "40/7200:3600"]
            **TimeControl** — the time control: `moves/seconds`, `seconds+increment`, periods separated by `:`

            `40/7200:3600`: 40 moves in 2 hours, then 1 hour"#]],
    );
    check_hover(
        Notation::Pgn,
        "[E$0CO \"C80\"]\n*",
        expect![[r#"
            [ECO "C80"]
            **ECO** — the opening's code in the Encyclopaedia of Chess Openings

            `C80`: Ruy Lopez: Open"#]],
    );
}

#[test]
fn hover_moves() {
    let text = KASPAROV.replace("Nxc3 13.", "N$0xc3 13.");
    check_hover(
        Notation::Pgn,
        &text,
        expect![[r#"
            Nxc3
            **12... Nxc3** — Black: knight takes on c3"#]],
    );
    let text = KASPAROV.replace("a6 $1", "a$06 $1");
    check_hover(
        Notation::Pgn,
        &text,
        expect![[r#"
            a6
            **3... a6** — Black: pawn to a6

            `$1`: good move (`!`)"#]],
    );
    check_hover(
        Notation::Pgn,
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qx$0f7# 1-0",
        expect![[r#"
            Qxf7#
            **4. Qxf7#** — White: queen takes on f7, checkmate"#]],
    );
    check_hover(
        Notation::Pgn,
        "[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 17\"]\n17... K$0d2 *",
        expect![[r#"
            Kd2
            **17... Kd2** — Black: king to d2"#]],
    );
}

#[test]
fn hover_move_numbers_come_from_its_own_game() {
    check_hover(
        Notation::Pgn,
        "[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 17\"]\n17... Kd2 *\n\n[Event \"next\"]\n1. e$04 *",
        expect![[r#"
            e4
            **1. e4** — White: pawn to e4"#]],
    );
}

#[test]
fn hover_nag_and_result() {
    check_hover(
        Notation::Pgn,
        "1. e4 $1$04 1-0",
        expect![[r#"
            $14
            **$14** — White is slightly better"#]],
    );
    check_hover(
        Notation::Pgn,
        "1. e4 1/2-$01/2",
        expect![[r#"
            1/2-1/2
            **1/2-1/2** — a draw"#]],
    );
}

#[test]
fn hover_sgf() {
    check_hover(
        Notation::Sgf,
        "(;GM[1]FF[4]SZ[19];B[pd];W[d$0d])",
        expect![[r#"
            W[dd]
            **W** — White move; takes a move (a point, or `[]` to pass)

            move 2: White D16 (on 19×19)"#]],
    );
    check_hover(
        Notation::Sgf,
        "(;GM[1]FF[4]SZ[9]K$0M[6.5])",
        expect![[r#"
            KM[6.5]
            **KM** — Komi; takes a real number

            6.5"#]],
    );
}

#[test]
fn hover_sgf_uses_its_own_games_board() {
    check_hover(
        Notation::Sgf,
        "(;GM[1]SZ[9];B[cc])\n(;GM[1]SZ[19];B[c$0c])",
        expect![[r#"
            B[cc]
            **B** — Black move; takes a move (a point, or `[]` to pass)

            move 1: Black C17 (on 19×19)"#]],
    );
}

#[test]
fn hover_sgf_node_outside_any_game() {
    check_hover(
        Notation::Sgf,
        "(;GM[1]);B[a$0a]",
        expect![[r#"
        B[aa]
        **B** — Black move; takes a move (a point, or `[]` to pass)

        aa"#]],
    );
}

#[test]
fn hover_pdn() {
    check_hover(
        Notation::Pdn,
        "[GameType \"21\"]\n1. 11-15 23-18 2. 8-11 2$06x37x48 *",
        expect![[r#"
            26x37x48
            **2... 26x37x48** — White: captures from 26 via 37 to 48"#]],
    );
    check_hover(
        Notation::Pdn,
        "[Game$0Type \"25\"]\n*",
        expect![[r#"
            [GameType "25"]
            **GameType** — the draughts variant and board (PDN)

            `25`: Russian draughts: 8×8 board, White moves first, lettered squares"#]],
    );
}

#[test]
fn no_hover_past_the_end_or_on_space() {
    check_hover(Notation::Pgn, "1. e4 e5 *   $0", expect!["no hover"]);
    let doc = Document::new(Notation::Pgn, "1. e4 *".into());
    assert_eq!(doc.hover(crate::TextSize::from(1000)), None);
}

#[test]
fn outline_pgn() {
    check_outline(
        Notation::Pgn,
        KASPAROV,
        expect![[r#"
            Kasparov – Kramnik, Botvinnik Memorial 2001, ½–½ [C80 Ruy Lopez: Open]
              11... Bxe3
                13... Nb7
        "#]],
    );
}

#[test]
fn outline_counts_moves_from_the_fen() {
    check_outline(
        Notation::Pgn,
        "[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 17\"]\n17... Kd2 (17... Kc2) 18. Ka2 *",
        expect![[r#"
            Game 1, *
              17... Kc2
        "#]],
    );
}

#[test]
fn outline_sgf() {
    check_outline(
        Notation::Sgf,
        "(;GM[1]FF[4]SZ[19]PB[Shusaku]PW[Gennan]GN[Ear-reddening game]RE[B+2];B[qd];W[dc](;B[pq];W[oq])(;B[dp](;W[pp])(;W[qp])))",
        expect![[r#"
            Shusaku vs Gennan, Ear-reddening game, B+2
              move 3: B Q3
              move 3: B D4
                move 4: W Q4
                move 4: W R4
        "#]],
    );
}

#[test]
fn outline_pdn() {
    check_outline(
        Notation::Pdn,
        "[White \"Perez\"]\n[Black \"Edwards\"]\n[GameType \"21\"]\n1. 11-15 23-18 (1... 22-18) 2. 8-11 1-0\n",
        expect![[r#"
            Perez – Edwards, 1–0
              1... 22-18
        "#]],
    );
}

#[test]
fn folding() {
    check_folding(
        Notation::Pgn,
        "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 {a\nlong comment} (1. d4\nd5) e5 *\n",
        expect![[r#"
            Region "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 {a\nlong comment} (1. d4\nd5) e5 *"
            Region "[Event \"x\"]\n[Site \"y\"]"
            Comment "{a\nlong comment}"
            Region "(1. d4\nd5)""#]],
    );
    check_folding(
        Notation::Sgf,
        "(;GM[1]\nC[a\ncomment](;B[aa]\n;W[bb])(;B[cc]))",
        expect![[r#"
            Region "(;GM[1]\nC[a\ncomment](;B[aa]\n;W[bb])(;B[cc]))"
            Comment "[a\ncomment]"
            Region "(;B[aa]\n;W[bb])""#]],
    );
}

#[test]
fn diagnostics_of_each_notation() {
    let codes = |notation, text: &str| -> Vec<&'static str> {
        Document::new(notation, text.to_string())
            .diagnostics()
            .iter()
            .map(|d| d.code.as_str())
            .collect()
    };
    assert_eq!(codes(Notation::Pgn, "1. e4 oops *"), ["stray-text"]);
    assert_eq!(codes(Notation::Sgf, "(;B[zz])"), ["invalid-value"]);
    assert_eq!(codes(Notation::Pdn, "1. 51-46 *"), ["no-such-square"]);
}

fn check_selection(notation: Notation, text: &str, expect: Expect) {
    let (doc, offset) = fixture(notation, text);
    let ranges: Vec<String> = doc
        .selection_ranges(offset)
        .iter()
        .map(|r| format!("{:?}", &doc.text()[*r]))
        .collect();
    expect.assert_eq(&ranges.join("\n"));
}

#[test]
fn selection_expands_move_pair_variation_game() {
    check_selection(
        Notation::Pgn,
        "[Event \"e\"]\n\n1. e4 e5 2. Nf3 (2. f4 ex$0f4 $1 3. Nf3) 2... Nc6 *",
        expect![[r#"
            "exf4"
            "2. f4 exf4 $1"
            "(2. f4 exf4 $1 3. Nf3)"
            "1. e4 e5 2. Nf3 (2. f4 exf4 $1 3. Nf3) 2... Nc6"
            "[Event \"e\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4 $1 3. Nf3) 2... Nc6 *""#]],
    );
    check_selection(
        Notation::Sgf,
        "(;GM[1];B[p$0d];W[dd])",
        expect![[r#"
            "[pd]"
            "B[pd]"
            ";B[pd]"
            "(;GM[1];B[pd];W[dd])""#]],
    );
}

#[test]
fn highlights() {
    let (doc, _) = fixture(Notation::Pgn, "[Event \"e\"]\n1. e4 $1 {c} oops 1-0");
    let found: Vec<String> = doc
        .highlights()
        .iter()
        .map(|(r, k)| format!("{k:?} {:?}", &doc.text()[*r]))
        .collect();
    expect![[r#"
        Property "Event"
        Value "\"e\""
        MoveNumber "1"
        MoveNumber "."
        Move "e4"
        Annotation "$1"
        Comment "{c}"
        Result "1-0""#]]
    .assert_eq(&found.join("\n"));
}
