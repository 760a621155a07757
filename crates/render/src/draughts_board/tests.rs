//! Draughts boards: well-formed for every board shape, dark squares where the variant plays,
//! men and kings where the position has them, numbers and coordinates, the last move.

use expect_test::expect;
use kifu_rules::draughts::{Position, Variant};

use crate::testing::{bare, flipped, labels, parse, uses};
use crate::{Board, Highlights, LastMove, Options};

/// A midgame with a king each: White's on 45, Black's on 17.
const KINGS: &str =
    "W:W14,31,33,34,35,36,37,38,39,40,41,42,43,44,K45:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,K17";

fn fen(variant: Variant, text: &str) -> Position {
    Position::from_fen(variant, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn svg(position: &Position, highlights: &Highlights, options: &Options) -> String {
    crate::svg(Board::Draughts(position), highlights, options)
}

fn path(squares: &[u8]) -> Highlights {
    Highlights {
        last_move: Some(LastMove::Draughts(squares.to_vec())),
        ..Highlights::default()
    }
}

/// The top left corners of the dark squares, from the one path that draws them.
fn dark_squares(doc: &str) -> Vec<(f64, f64)> {
    let xml = parse(doc);
    let d = xml
        .descendants()
        .find(|n| n.has_tag_name("path") && n.attribute("fill") == Some("#8b5a2b"))
        .and_then(|n| n.attribute("d"))
        .unwrap_or_else(|| panic!("no dark squares in {doc}"))
        .to_owned();
    d.split('M')
        .filter(|s| !s.is_empty())
        .filter_map(|s| {
            let corner = s.split('h').next()?;
            let (x, y) = corner.split_once(' ')?;
            Some((x.parse().ok()?, y.parse().ok()?))
        })
        .collect()
}

#[test]
fn boards_of_every_variant_are_well_formed_svg() {
    for variant in Variant::ALL {
        let position = Position::new(variant);
        for options in [Options::default(), flipped(), bare()] {
            parse(&svg(&position, &path(&[1, 2, 200, 0]), &options));
        }
    }
}

#[test]
fn the_dark_squares_are_the_numbered_ones() {
    // International: 40 pixels a square; square 1 is the second of the top row, 46 the
    // first of the bottom row, and the top left corner is light.
    let doc = svg(
        &Position::new(Variant::International),
        &Highlights::default(),
        &bare(),
    );
    let dark = dark_squares(&doc);
    assert_eq!(dark.len(), 50);
    assert_eq!(dark[0], (40.0, 0.0));
    assert_eq!(dark[45], (0.0, 360.0));
    assert!(!dark.contains(&(0.0, 0.0)));
    // English: 50 pixels a square, a1 (the lower left) dark.
    let doc = svg(
        &Position::new(Variant::English),
        &Highlights::default(),
        &bare(),
    );
    let dark = dark_squares(&doc);
    assert_eq!(dark.len(), 32);
    assert!(dark.contains(&(0.0, 350.0)) && dark.contains(&(50.0, 0.0)));
    // Italian: a1 light.
    let doc = svg(
        &Position::new(Variant::Italian),
        &Highlights::default(),
        &bare(),
    );
    let dark = dark_squares(&doc);
    assert_eq!(dark.len(), 32);
    assert!(!dark.contains(&(0.0, 350.0)) && dark.contains(&(0.0, 0.0)));
    // Turkish plays on all 64: a chessboard's half of them are dark, a1 among them.
    let doc = svg(
        &Position::new(Variant::Turkish),
        &Highlights::default(),
        &bare(),
    );
    let dark = dark_squares(&doc);
    assert_eq!(dark.len(), 32);
    assert!(dark.contains(&(0.0, 350.0)));
}

#[test]
fn men_and_kings_are_where_the_position_has_them() {
    let position = fen(Variant::International, KINGS);
    let doc = svg(&position, &Highlights::default(), &Options::default());
    assert_eq!(uses(&doc, "wm40").len(), 14);
    assert_eq!(uses(&doc, "bm40").len(), 15);
    // 45 is the last square of row 8: its centre is at column 9, row 8.
    assert_eq!(uses(&doc, "wk40"), [(9.0 * 40.0 + 20.0, 8.0 * 40.0 + 20.0)]);
    assert_eq!(uses(&doc, "bk40"), [(2.0 * 40.0 + 20.0, 3.0 * 40.0 + 20.0)]);
    // Turned round: 45 is column 0, row 1.
    let doc = svg(&position, &Highlights::default(), &flipped());
    assert_eq!(uses(&doc, "wk40"), [(20.0, 60.0)]);
    // A king is drawn with its crown, a man without.
    let xml = parse(&doc);
    let crowned = |id: &str| {
        xml.descendants()
            .find(|n| n.attribute("id") == Some(id))
            .is_some_and(|n| n.children().any(|c| c.has_tag_name("polygon")))
    };
    assert!(crowned("wk40") && crowned("bk40"));
    assert!(!crowned("wm40") && !crowned("bm40"));
}

#[test]
fn the_start_positions_have_their_pieces() {
    for (variant, men, id) in [
        (Variant::International, 20, "40"),
        (Variant::English, 12, "50"),
        (Variant::Turkish, 16, "50"),
    ] {
        let doc = svg(
            &Position::new(variant),
            &Highlights::default(),
            &Options::default(),
        );
        assert_eq!(uses(&doc, &format!("wm{id}")).len(), men, "{variant}");
        assert_eq!(uses(&doc, &format!("bm{id}")).len(), men, "{variant}");
        assert!(uses(&doc, &format!("wk{id}")).is_empty());
    }
}

#[test]
fn numbers_or_coordinates_are_written_when_asked() {
    let doc = svg(
        &Position::new(Variant::International),
        &Highlights::default(),
        &Options::default(),
    );
    let expected: Vec<String> = (1..=50).map(|n: u8| n.to_string()).collect();
    assert_eq!(labels(&doc), expected);
    assert!(labels(&svg(
        &Position::new(Variant::International),
        &Highlights::default(),
        &bare()
    ))
    .is_empty());
    // Russian draughts writes c3-d4: files and ranks round the board, in a frame.
    let doc = svg(
        &Position::new(Variant::Russian),
        &Highlights::default(),
        &Options::default(),
    );
    assert_eq!(labels(&doc).concat(), "abcdefgh87654321");
    assert!(doc.contains("viewBox=\"0 0 440 440\""));
    let doc = svg(
        &Position::new(Variant::Russian),
        &Highlights::default(),
        &flipped(),
    );
    assert_eq!(labels(&doc).concat(), "abcdefgh87654321");
}

#[test]
fn the_last_move_is_tinted_and_joined() {
    let position = fen(Variant::International, KINGS);
    let doc = svg(&position, &path(&[32, 23, 14]), &Options::default());
    let xml = parse(&doc);
    let tinted = xml
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("fill") == Some("#9bc700"))
        .count();
    assert_eq!(tinted, 3);
    let line = xml
        .descendants()
        .find(|n| n.has_tag_name("polyline"))
        .and_then(|n| n.attribute("points"));
    // The centres of 32 (row 6, column 3), 23 (row 4, column 5) and 14 (row 2, column 7).
    assert_eq!(line, Some("140,260 220,180 300,100"));
    // Squares not on the board are passed over.
    let doc = svg(&position, &path(&[0, 51]), &Options::default());
    assert!(!doc.contains("#9bc700"));
}

#[test]
fn the_same_position_is_the_same_bytes() {
    let a = Position::new(Variant::International);
    let b = fen(Variant::International, "W:W31-50:B1-20");
    let first = svg(&a, &path(&[32, 28]), &Options::default());
    assert_eq!(first, svg(&a, &path(&[32, 28]), &Options::default()));
    assert_eq!(first, svg(&b, &path(&[32, 28]), &Options::default()));
}

#[test]
fn text_of_a_numbered_board() {
    let position = fen(Variant::International, KINGS);
    let text = crate::text(
        Board::Draughts(&position),
        &Highlights::default(),
        &Options::default(),
    );
    expect![[r#"
          x   x   x   x   x  1-5
        x   x   x   x   x    6-10
          x   x   x   o   x  11-15
        x   X   .   .   .    16-20
          .   .   .   .   .  21-25
        .   .   .   .   .    26-30
          o   .   o   o   o  31-35
        o   o   o   o   o    36-40
          o   o   o   o   O  41-45
        .   .   .   .   .    46-50
    "#]]
    .assert_eq(&text);
    let text = crate::text(
        Board::Draughts(&position),
        &Highlights::default(),
        &flipped(),
    );
    expect![[r#"
          .   .   .   .   .  50-46
        O   o   o   o   o    45-41
          o   o   o   o   o  40-36
        o   o   o   .   o    35-31
          .   .   .   .   .  30-26
        .   .   .   .   .    25-21
          .   .   .   X   x  20-16
        x   o   x   x   x    15-11
          x   x   x   x   x  10-6
        x   x   x   x   x    5-1
    "#]]
    .assert_eq(&text);
}

#[test]
fn text_of_a_lettered_board_and_of_turkish_draughts() {
    let russian = Position::new(Variant::Russian);
    let text = crate::text(
        Board::Draughts(&russian),
        &Highlights::default(),
        &Options::default(),
    );
    expect![[r#"
        8   x   x   x   x
        7 x   x   x   x
        6   x   x   x   x
        5 .   .   .   .
        4   .   .   .   .
        3 o   o   o   o
        2   o   o   o   o
        1 o   o   o   o
          a b c d e f g h
    "#]]
    .assert_eq(&text);
    let turkish = Position::new(Variant::Turkish);
    let text = crate::text(Board::Draughts(&turkish), &Highlights::default(), &bare());
    expect![[r#"
        . . . . . . . .
        x x x x x x x x
        x x x x x x x x
        . . . . . . . .
        . . . . . . . .
        o o o o o o o o
        o o o o o o o o
        . . . . . . . .
    "#]]
    .assert_eq(&text);
}

#[test]
fn targets_are_the_playable_squares_by_their_names() {
    let options = Options {
        targets: true,
        ..Options::default()
    };
    let international = Position::new(Variant::International);
    let targets = crate::testing::targets(&svg(&international, &Highlights::default(), &options));
    assert_eq!(targets.len(), 50);
    assert_eq!(targets[0].0, "1");
    // Square 1 is the second of the top row, 46 the first of the bottom row.
    assert_eq!((targets[0].1, targets[0].2), (targets[0].3, 0.0));
    let russian = Position::new(Variant::Russian);
    let lettered = crate::testing::targets(&svg(&russian, &Highlights::default(), &options));
    assert_eq!(lettered.len(), 32);
    assert!(lettered.iter().any(|t| t.0 == "c3"), "{lettered:?}");
}
