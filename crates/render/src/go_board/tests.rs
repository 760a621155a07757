//! Go boards: well-formed at every size, stones where the position has them, star points,
//! the last move.

use expect_test::expect;
use kifu_rules::go::{BoardSize, Color, Point, Position, Rules};

use super::{column_label, star_points};
use crate::testing::{flipped, labels, parse, uses};
use crate::{Board, Highlights, LastMove, Options};

fn size(width: u8, height: u8) -> BoardSize {
    BoardSize::new(width, height).unwrap_or_else(|| panic!("no {width}x{height} board"))
}

fn point(mv: &str) -> Point {
    Point::from_sgf(mv).unwrap_or_else(|| panic!("{mv}: not a point"))
}

/// The position after `moves` (SGF points, Black first) on an empty board.
fn game(size: BoardSize, moves: &[&str]) -> Position {
    let mut position = Position::new(size, Rules::default());
    for (i, mv) in moves.iter().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        position = match position.play(color, Some(point(mv))) {
            Ok(played) => played.position,
            Err(e) => panic!("{mv}: {e}"),
        };
    }
    position
}

fn last(mv: &str) -> Highlights {
    Highlights {
        last_move: Some(LastMove::Go(Point::from_sgf(mv))),
        ..Highlights::default()
    }
}

fn svg(position: &Position, highlights: &Highlights, options: &Options) -> String {
    crate::svg(Board::Go(position), highlights, options)
}

#[test]
fn boards_of_every_size_are_well_formed_svg() {
    for (w, h) in [
        (19, 19),
        (13, 13),
        (9, 9),
        (7, 5),
        (1, 1),
        (52, 52),
        (30, 4),
    ] {
        // A stone set up in the corner: on 1×1 it could not be played.
        let mut position = Position::new(size(w, h), Rules::default());
        if let Err(e) = position.setup([(point("aa"), Some(Color::Black))]) {
            panic!("{e}");
        }
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
            let doc = svg(&position, &last("aa"), &options);
            parse(&doc);
        }
    }
}

#[test]
fn a_big_board_stays_about_the_same_width() {
    for n in [9, 13, 19] {
        let doc = svg(
            &Position::new(size(n, n), Rules::default()),
            &Highlights::default(),
            &Options::default(),
        );
        let xml = parse(&doc);
        let width: f64 = xml
            .root_element()
            .attribute("width")
            .and_then(|w| w.parse().ok())
            .unwrap_or(0.0);
        assert!((360.0..=420.0).contains(&width), "{n}x{n}: {width}");
    }
}

#[test]
fn stones_are_where_the_position_has_them() {
    let position = game(size(19, 19), &["pd", "dp", "qp", "dd", "jj"]);
    let doc = svg(&position, &Highlights::default(), &Options::default());
    assert_eq!(uses(&doc, "b20").len(), 3);
    assert_eq!(uses(&doc, "w20").len(), 2);
    // 20 pixels between lines; 24.2 of labels (font 11 × 2.2) and half a line's gap to the
    // left of the first line, half a gap above it. pd is column 15, row 3.
    let black = uses(&doc, "b20");
    assert!(
        black.contains(&(24.2 + 10.0 + 15.0 * 20.0, 10.0 + 3.0 * 20.0)),
        "{black:?}"
    );
    // Turned half round, pd is column 3, row 15.
    let doc = svg(&position, &Highlights::default(), &flipped());
    let black = uses(&doc, "b20");
    assert!(
        black.contains(&(24.2 + 10.0 + 3.0 * 20.0, 10.0 + 15.0 * 20.0)),
        "{black:?}"
    );
    // Without coordinates the first line is half a gap from the edge.
    let bare = Options {
        coordinates: false,
        flipped: false,
        width: None,
        targets: false,
        move_numbers: false,
    };
    let doc = svg(&position, &Highlights::default(), &bare);
    assert!(uses(&doc, "w20").contains(&(10.0 + 3.0 * 20.0, 10.0 + 15.0 * 20.0)));
}

#[test]
fn stone_shapes_are_named_by_their_size() {
    let nine = game(size(9, 9), &["ee"]);
    let doc = svg(&nine, &Highlights::default(), &Options::default());
    assert_eq!(uses(&doc, "b42").len(), 1);
    assert!(uses(&doc, "b20").is_empty());
}

#[test]
fn star_points_of_the_usual_boards() {
    let at = |points: &[(u8, u8)]| -> Vec<Point> {
        points.iter().map(|&(x, y)| Point::new(x, y)).collect()
    };
    assert_eq!(
        star_points(19, 19),
        at(&[
            (3, 3),
            (3, 9),
            (3, 15),
            (9, 3),
            (9, 9),
            (9, 15),
            (15, 3),
            (15, 9),
            (15, 15)
        ])
    );
    assert_eq!(
        star_points(13, 13),
        at(&[(3, 3), (3, 9), (6, 6), (9, 3), (9, 9)])
    );
    assert_eq!(
        star_points(9, 9),
        at(&[(2, 2), (2, 6), (4, 4), (6, 2), (6, 6)])
    );
    assert_eq!(star_points(7, 7), at(&[(2, 2), (2, 4), (4, 2), (4, 4)]));
    assert!(star_points(7, 5).is_empty());
    let doc = svg(
        &Position::new(size(19, 19), Rules::default()),
        &Highlights::default(),
        &Options::default(),
    );
    assert_eq!(doc.matches("<circle cx=").count(), 9);
}

#[test]
fn columns_skip_i_and_rows_count_from_the_bottom() {
    let position = Position::new(size(19, 19), Rules::default());
    let doc = svg(&position, &Highlights::default(), &Options::default());
    let shown = labels(&doc);
    let columns: String = shown[..19].concat();
    assert_eq!(columns, "ABCDEFGHJKLMNOPQRST");
    assert_eq!(shown[19], "19");
    assert_eq!(shown[37], "1");
    assert_eq!(column_label(24), "Z");
    assert_eq!(column_label(25), "AA");
    assert_eq!(column_label(51), "BB");
}

#[test]
fn the_last_stone_played_is_ringed() {
    let position = game(size(9, 9), &["ee", "gc"]);
    let doc = svg(&position, &last("gc"), &Options::default());
    let xml = parse(&doc);
    let rings: Vec<(&str, &str, &str)> = xml
        .descendants()
        .filter(|n| n.has_tag_name("circle") && n.attribute("fill") == Some("none"))
        .filter_map(|n| {
            Some((
                n.attribute("cx")?,
                n.attribute("cy")?,
                n.attribute("stroke")?,
            ))
        })
        .collect();
    // gc: column 6, row 2; 42 pixels between lines, labels 30.8 wide (font 14 × 2.2), the
    // first line half a gap (21) further in.
    assert_eq!(rings, [("303.8", "105", "#000")]);
    // A pass marks nothing.
    let pass = Highlights {
        last_move: Some(LastMove::Go(None)),
        ..Highlights::default()
    };
    assert!(!svg(&position, &pass, &Options::default()).contains("fill=\"none\""));
}

#[test]
fn the_same_position_is_the_same_bytes() {
    let a = game(size(19, 19), &["pd", "dp", "qp"]);
    let b = game(size(19, 19), &["pd", "dp", "qp"]);
    let first = svg(&a, &last("qp"), &Options::default());
    assert_eq!(first, svg(&a, &last("qp"), &Options::default()));
    assert_eq!(first, svg(&b, &last("qp"), &Options::default()));
    // The same stones set up rather than played.
    let mut set_up = Position::new(size(19, 19), Rules::default());
    let stones = [
        ("pd", Color::Black),
        ("dp", Color::White),
        ("qp", Color::Black),
    ];
    let changes = stones.map(|(p, c)| (point(p), Some(c)));
    if let Err(e) = set_up.setup(changes) {
        panic!("{e}");
    }
    assert_eq!(first, svg(&set_up, &last("qp"), &Options::default()));
}

#[test]
fn text_of_a_nine_by_nine_game() {
    let position = game(size(9, 9), &["ee", "gc", "cg", "fe"]);
    let text = crate::text(Board::Go(&position), &last("fe"), &Options::default());
    expect![[r#"
        9 · · · · · · · · ·
        8 · · · · · · · · ·
        7 · · + · · · ○ · ·
        6 · · · · · · · · ·
        5 · · · · ●[○]· · ·
        4 · · · · · · · · ·
        3 · · ● · · · + · ·
        2 · · · · · · · · ·
        1 · · · · · · · · ·
          A B C D E F G H J
    "#]]
    .assert_eq(&text);
    let options = Options {
        flipped: true,
        coordinates: true,
        width: None,
        targets: false,
        move_numbers: false,
    };
    let text = crate::text(Board::Go(&position), &last("fe"), &options);
    expect![[r#"
        1 · · · · · · · · ·
        2 · · · · · · · · ·
        3 · · + · · · ● · ·
        4 · · · · · · · · ·
        5 · · ·[○]● · · · ·
        6 · · · · · · · · ·
        7 · · ○ · · · + · ·
        8 · · · · · · · · ·
        9 · · · · · · · · ·
          J H G F E D C B A
    "#]]
    .assert_eq(&text);
}

#[test]
fn text_of_a_small_board_without_coordinates() {
    let position = game(size(7, 5), &["aa", "gd"]);
    let options = Options {
        flipped: false,
        coordinates: false,
        width: None,
        targets: false,
        move_numbers: false,
    };
    let text = crate::text(Board::Go(&position), &last("aa"), &options);
    expect![[r#"
        [●]· · · · · ·
         · · · · · · ·
         · · · · · · ·
         · · · · · · ○
         · · · · · · ·
    "#]]
    .assert_eq(&text);
}

#[test]
fn targets_are_the_points_by_their_sgf_names() {
    let position = game(size(9, 9), &["ee"]);
    let options = Options {
        targets: true,
        ..Options::default()
    };
    let targets = crate::testing::targets(&svg(&position, &Highlights::default(), &options));
    assert_eq!(targets.len(), 81);
    // Each target is centred on its point, where its stone is drawn.
    let (_, x, y, w) = targets.iter().find(|t| t.0 == "ee").unwrap().clone();
    let stones = uses(
        &svg(&position, &Highlights::default(), &options),
        &crate::testing::defined(&svg(&position, &Highlights::default(), &options))[0],
    );
    assert_eq!(stones, [(x + w / 2.0, y + w / 2.0)]);
}

#[test]
fn move_numbers_on_the_stones_that_stand() {
    // B ee, W dd, B cc: the three stones numbered; the last one's number replaces its ring.
    let position = game(size(9, 9), &["ee", "dd", "cc"]);
    let highlights = Highlights {
        last_move: Some(LastMove::Go(Some(point("cc")))),
        numbers: vec![
            (point("ee"), 1),
            (point("dd"), 2),
            (point("cc"), 3),
            (point("aa"), 9),
        ],
        ..Highlights::default()
    };
    let numbered = Options {
        move_numbers: true,
        ..Options::default()
    };
    let drawn = svg(&position, &highlights, &numbered);
    let texts = labels(&drawn);
    // The coordinates (9 columns, 9 rows), then a number per stone: none on the empty aa.
    assert_eq!(&texts[18..], ["1", "2", "3"]);
    assert!(!drawn.contains("fill=\"none\" stroke"), "no ring: {drawn}");
    // Without the option, no numbers and the ring again.
    let plain = svg(&position, &highlights, &Options::default());
    assert_eq!(labels(&plain).len(), 18);
    assert!(plain.contains("fill=\"none\" stroke"));
}
