//! Chess boards: well-formed, the pieces where the position has them, the marks, the size.

use expect_test::expect;
use kifu_rules::chess::{Color, Dialect, Position, Role, Square, Variant};

use super::PIECES;
use crate::testing::{defined, flipped, labels, parse, uses};
use crate::{Board, Highlights, LastMove, MarkColour, Options};

const ITALIAN: &str = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

fn fen(text: &str) -> Position {
    Position::from_fen(Variant::Standard, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn svg(position: &Position, highlights: &Highlights, options: &Options) -> String {
    crate::svg(Board::Chess(position), highlights, options)
}

fn marks() -> Highlights {
    Highlights {
        last_move: Some(LastMove::Chess {
            from: Some(Square::F8),
            to: Square::C5,
        }),
        squares: vec![
            (Square::F7, MarkColour::Red),
            (Square::D4, MarkColour::Yellow),
        ],
        arrows: vec![
            (Square::F3, Square::G5, MarkColour::Green),
            (Square::C4, Square::F7, MarkColour::Red),
            (Square::E1, Square::G1, MarkColour::Blue),
            (Square::D4, Square::D4, MarkColour::Yellow),
        ],
        numbers: Vec::new(),
    }
}

#[test]
fn boards_are_well_formed_svg() {
    let start = Position::new(Variant::Standard);
    let italian = fen(ITALIAN);
    for (position, highlights) in [(&start, Highlights::default()), (&italian, marks())] {
        for options in [
            Options::default(),
            flipped(),
            Options {
                coordinates: false,
                flipped: false,
                width: None,
                targets: false,
                move_numbers: false,
            },
        ] {
            let doc = svg(position, &highlights, &options);
            parse(&doc);
            assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        }
    }
}

#[test]
fn every_piece_is_placed_once_from_its_definition() {
    for position in [Position::new(Variant::Standard), fen(ITALIAN)] {
        let doc = svg(&position, &Highlights::default(), &Options::default());
        let mut placed = 0;
        for (color, role, id, _) in PIECES {
            let on_board = Square::ALL
                .iter()
                .filter(|&&sq| {
                    position
                        .board()
                        .piece_at(sq)
                        .is_some_and(|p| p.color == color && p.role == role)
                })
                .count();
            assert_eq!(uses(&doc, id).len(), on_board, "{id}");
            placed += on_board;
        }
        assert_eq!(placed, 32);
        // Each shape is defined once, however many of it stand on the board.
        assert_eq!(doc.matches("<g id=\"wP\"").count(), 1);
    }
}

#[test]
fn the_white_king_stands_on_e1_and_on_the_flipped_board_at_the_mirrored_place() {
    let start = Position::new(Variant::Standard);
    // e1: the fifth column and the last row, after the 20-pixel frame, 45 pixels a square.
    let doc = svg(&start, &Highlights::default(), &Options::default());
    assert_eq!(uses(&doc, "wK"), [(20.0 + 4.0 * 45.0, 20.0 + 7.0 * 45.0)]);
    assert_eq!(uses(&doc, "bK"), [(20.0 + 4.0 * 45.0, 20.0)]);
    // Turned round, e1 is the fourth column of the first row.
    let doc = svg(&start, &Highlights::default(), &flipped());
    assert_eq!(uses(&doc, "wK"), [(20.0 + 3.0 * 45.0, 20.0)]);
    assert_eq!(uses(&doc, "bK"), [(20.0 + 3.0 * 45.0, 20.0 + 7.0 * 45.0)]);
    // Without the frame, the board starts at the corner.
    let bare = Options {
        coordinates: false,
        flipped: false,
        width: None,
        targets: false,
        move_numbers: false,
    };
    let doc = svg(&start, &Highlights::default(), &bare);
    assert_eq!(uses(&doc, "wK"), [(180.0, 315.0)]);
    assert!(doc.contains("width=\"360\" height=\"360\" viewBox=\"0 0 360 360\""));
}

#[test]
fn only_the_pieces_on_the_board_are_defined() {
    let ending = fen("8/8/4k3/8/8/3QK3/8/8 w - - 0 60");
    let doc = svg(&ending, &Highlights::default(), &Options::default());
    assert_eq!(defined(&doc), ["wK", "wQ", "bK"]);
    assert_eq!(uses(&doc, "wQ"), [(20.0 + 3.0 * 45.0, 20.0 + 5.0 * 45.0)]);
}

#[test]
fn the_start_board_is_small() {
    let doc = svg(
        &Position::new(Variant::Standard),
        &Highlights::default(),
        &Options::default(),
    );
    assert!(doc.len() < 20_000, "{} bytes", doc.len());
    let doc = svg(&fen(ITALIAN), &marks(), &Options::default());
    assert!(doc.len() < 20_000, "{} bytes", doc.len());
}

#[test]
fn the_same_position_is_the_same_bytes() {
    let start = Position::new(Variant::Standard);
    let from_fen = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let first = svg(&start, &marks(), &Options::default());
    assert_eq!(first, svg(&start, &marks(), &Options::default()));
    assert_eq!(first, svg(&from_fen, &marks(), &Options::default()));
    // And a position reached by moves draws as the same position set up from its FEN.
    let mut played = Position::new(Variant::Standard);
    for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
        played = match played.play(san, &Dialect::ENGLISH) {
            Ok(p) => p.position().clone(),
            Err(e) => panic!("{san}: {e}"),
        };
    }
    assert_eq!(
        svg(&played, &marks(), &flipped()),
        svg(&fen(ITALIAN), &marks(), &flipped())
    );
}

#[test]
fn the_last_move_marks_and_arrows_are_drawn() {
    let doc = svg(&fen(ITALIAN), &marks(), &Options::default());
    let xml = parse(&doc);
    let rects: Vec<(String, String, &str)> = xml
        .descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter_map(|n| {
            Some((
                n.attribute("x")?.to_owned(),
                n.attribute("y")?.to_owned(),
                n.attribute("fill")?,
            ))
        })
        .collect();
    let at = |square: Square| {
        let (col, row) = (square.file().to_u32(), 7 - square.rank().to_u32());
        ((20 + col * 45).to_string(), (20 + row * 45).to_string())
    };
    let tinted = |square: Square, fill: &str| {
        let (x, y) = at(square);
        rects
            .iter()
            .any(|(rx, ry, f)| *rx == x && *ry == y && *f == fill)
    };
    assert!(tinted(Square::F8, "#9bc700"));
    assert!(tinted(Square::C5, "#9bc700"));
    assert!(tinted(Square::F7, "#882020"));
    assert!(tinted(Square::D4, "#e68f00"));
    assert!(!tinted(Square::E4, "#9bc700"));

    let polygons: Vec<&str> = xml
        .descendants()
        .filter(|n| n.has_tag_name("polygon"))
        .filter_map(|n| n.attribute("points"))
        .collect();
    assert_eq!(polygons.len(), 3);
    // The Bc4-f7 arrow starts at c4's centre and its tip stops short of f7's.
    let points: Vec<(f64, f64)> = polygons[1]
        .split(' ')
        .filter_map(|p| p.split_once(','))
        .filter_map(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
        .collect();
    assert_eq!(points.len(), 7);
    let (c4x, c4y) = (20.0 + 2.5 * 45.0, 20.0 + 4.5 * 45.0);
    let (f7x, f7y) = (20.0 + 5.5 * 45.0, 20.0 + 1.5 * 45.0);
    let start = (
        (points[0].0 + points[6].0) / 2.0,
        (points[0].1 + points[6].1) / 2.0,
    );
    assert!(
        (start.0 - c4x).abs() < 0.1 && (start.1 - c4y).abs() < 0.1,
        "{start:?}"
    );
    let tip = points[3];
    let to_f7 = (tip.0 - f7x).hypot(tip.1 - f7y);
    assert!((4.0..5.0).contains(&to_f7), "tip {tip:?}");
    // An arrow from d4 to d4 is a ring.
    let rings = xml
        .descendants()
        .filter(|n| n.has_tag_name("circle") && n.attribute("fill") == Some("none"))
        .count();
    assert_eq!(rings, 1);
    // Arrows are drawn over the pieces: after the last <use>.
    let last_use = doc.rfind("<use").unwrap_or(0);
    assert!(doc.find("<polygon").is_some_and(|p| p > last_use));
}

#[test]
fn coordinates_go_round_the_board_when_asked() {
    let start = Position::new(Variant::Standard);
    let doc = svg(&start, &Highlights::default(), &Options::default());
    let expected: Vec<String> = "abcdefgh12345678".chars().map(String::from).collect();
    assert_eq!(labels(&doc), expected);
    assert!(doc.contains("font-family=\"sans-serif\""));
    let bare = Options {
        coordinates: false,
        flipped: true,
        width: None,
        targets: false,
        move_numbers: false,
    };
    assert!(labels(&svg(&start, &Highlights::default(), &bare)).is_empty());
}

#[test]
fn text_of_the_start_position() {
    let start = Position::new(Variant::Standard);
    let text = crate::text(
        Board::Chess(&start),
        &Highlights::default(),
        &Options::default(),
    );
    expect![[r#"
        8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜
        7 ♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟
        6 · · · · · · · ·
        5 · · · · · · · ·
        4 · · · · · · · ·
        3 · · · · · · · ·
        2 ♙ ♙ ♙ ♙ ♙ ♙ ♙ ♙
        1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖
          a b c d e f g h
    "#]]
    .assert_eq(&text);
}

#[test]
fn text_of_a_flipped_board_without_coordinates() {
    let italian = fen(ITALIAN);
    let options = Options {
        flipped: true,
        coordinates: false,
        width: None,
        targets: false,
        move_numbers: false,
    };
    let text = crate::text(Board::Chess(&italian), &marks(), &options);
    expect![[r#"
        ♖ · · ♔ ♕ ♗ ♘ ♖
        ♙ ♙ ♙ · ♙ ♙ ♙ ♙
        · · ♘ · · · · ·
        · · · ♙ · ♗ · ·
        · · · ♟ · ♝ · ·
        · · · · · ♞ · ·
        ♟ ♟ ♟ · ♟ ♟ ♟ ♟
        ♜ ♞ · ♚ ♛ ♝ · ♜
    "#]]
    .assert_eq(&text);
}

#[test]
fn figures_are_the_unicode_chess_symbols() {
    assert_eq!(super::figure(Color::White, Role::King), '\u{2654}');
    assert_eq!(super::figure(Color::Black, Role::Pawn), '\u{265F}');
}

#[test]
fn a_width_scales_the_image_not_the_drawing() {
    let start = Position::new(Variant::Standard);
    let own = svg(&start, &Highlights::default(), &Options::default());
    let small = svg(
        &start,
        &Highlights::default(),
        &Options {
            width: Some(180),
            ..Options::default()
        },
    );
    let root = |s: &str| s[..s.find('>').unwrap()].to_string();
    assert!(
        root(&own).contains(r#"width="400" height="400" viewBox="0 0 400 400""#),
        "{}",
        root(&own)
    );
    assert!(
        root(&small).contains(r#"width="180" height="180" viewBox="0 0 400 400""#),
        "{}",
        root(&small)
    );
    // Only the root's size differs.
    assert_eq!(
        own.replacen(&root(&own), "", 1),
        small.replacen(&root(&small), "", 1)
    );
}

#[test]
fn targets_name_every_square_where_it_is_drawn() {
    let start = Position::new(Variant::Standard);
    let plain = svg(&start, &Highlights::default(), &Options::default());
    assert!(crate::testing::targets(&plain).is_empty());
    let with = |flipped| Options {
        targets: true,
        flipped,
        ..Options::default()
    };
    let targets = crate::testing::targets(&svg(&start, &Highlights::default(), &with(false)));
    assert_eq!(targets.len(), 64);
    // a8 in the top left corner, inside the coordinates' frame; h1 in the bottom right.
    let find = |t: &[(String, f64, f64, f64)], name: &str| {
        t.iter()
            .find(|x| x.0 == name)
            .map(|x| (x.1, x.2, x.3))
            .unwrap()
    };
    assert_eq!(find(&targets, "a8"), (20.0, 20.0, 45.0));
    assert_eq!(find(&targets, "h1"), (335.0, 335.0, 45.0));
    let flipped = crate::testing::targets(&svg(&start, &Highlights::default(), &with(true)));
    assert_eq!(find(&flipped, "h1"), (20.0, 20.0, 45.0));
}

#[test]
fn no_inline_styles_for_pages_that_forbid_them() {
    // The board view's Content Security Policy drops `style` attributes: every piece is
    // drawn with presentation attributes.
    let start = Position::new(Variant::Standard);
    let drawn = svg(&start, &marks(), &Options::default());
    assert!(!drawn.contains("style="), "{drawn}");
}
