//! Captures, suicide, ko, superko, passes, board shapes and setup, on small diagrams.

use super::*;

/// A position set up from a diagram, one row a line: `X` black, `O` white, `.` empty.
fn position(rules: Rules, diagram: &str) -> Position {
    let rows: Vec<&str> = diagram
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let width = u8::try_from(rows[0].len()).expect("a narrow diagram");
    let height = u8::try_from(rows.len()).expect("a short diagram");
    let size = BoardSize::new(width, height).expect("a diagram of a board size");
    let mut position = Position::new(size, rules);
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), rows[0].len(), "rows of the same width");
        for (x, c) in row.bytes().enumerate() {
            let point = Point::new(x as u8, y as u8);
            match c {
                b'X' => stones.push((point, Some(Color::Black))),
                b'O' => stones.push((point, Some(Color::White))),
                b'.' => {}
                other => panic!("unknown diagram character {:?}", char::from(other)),
            }
        }
    }
    position.setup(stones).expect("the diagram is on the board");
    position
}

/// The diagram of a position, as `position` reads them.
fn diagram(position: &Position) -> String {
    let size = position.size();
    let mut out = String::new();
    for y in 0..size.height() {
        for x in 0..size.width() {
            out.push(match position.stone(Point::new(x, y)) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
        out.push('\n');
    }
    out
}

/// Trims the indentation of an expected diagram.
fn rows(diagram: &str) -> String {
    diagram
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

/// An SGF point, in tests where it is always well formed.
fn p(sgf: &str) -> Point {
    Point::from_sgf(sgf).expect("a test point")
}

fn points(sgf: &[&str]) -> Vec<Point> {
    sgf.iter().map(|s| p(s)).collect()
}

const JAPANESE: Rules = Rules::of(RuleSet::Japanese);
const NZ: Rules = Rules::of(RuleSet::NewZealand);
use Color::{Black, White};

#[test]
fn a_single_stone_is_captured() {
    let start = position(
        JAPANESE,
        "
        .....
        ..X..
        .XOX.
        .....
        ",
    );
    let played = start.play(Black, Some(p("cd"))).unwrap();
    assert_eq!(played.captured, points(&["cc"]));
    assert!(played.suicide.is_empty());
    assert_eq!(played.position.captures(Black), 1);
    assert_eq!(played.position.captures(White), 0);
    assert_eq!(
        diagram(&played.position),
        rows(
            "
            .....
            ..X..
            .X.X.
            ..X..
            "
        )
    );
    // `play` leaves the position it started from alone.
    assert_eq!(start.stone(p("cc")), Some(White));
}

#[test]
fn a_group_of_stones_is_captured() {
    let start = position(
        JAPANESE,
        "
        ......
        .XXX..
        XOOOX.
        .XXO..
        ...X..
        ",
    );
    let played = start.play(Black, Some(p("ed"))).unwrap();
    assert_eq!(played.captured, points(&["bc", "cc", "dc", "dd"]));
    assert_eq!(played.position.captures(Black), 4);
    assert_eq!(played.position.stones(White), 0);
}

#[test]
fn stones_on_the_edge_and_in_the_corner_are_captured() {
    let start = position(
        JAPANESE,
        "
        OX...
        .....
        X....
        OX...
        ",
    );
    // A corner stone has two liberties, and one is taken already.
    let top = start.play(Black, Some(p("ab"))).unwrap();
    assert_eq!(top.captured, points(&["aa"]));
    assert_eq!(top.position.captures(Black), 1);
    // The same in the bottom corner, the other way round.
    let bottom = position(
        JAPANESE,
        "
        .....
        .....
        .....
        OX...
        ",
    );
    let played = bottom.play(Black, Some(p("ac"))).unwrap();
    assert_eq!(played.captured, points(&["ad"]));
    // On the edge, two stones need only three around them.
    let edge = position(
        JAPANESE,
        "
        ..OOX
        ..XX.
        .....
        ",
    );
    let played = edge.play(Black, Some(p("ba"))).unwrap();
    assert_eq!(played.captured, points(&["ca", "da"]));
    assert_eq!(played.position.captures(Black), 2);
}

#[test]
fn snapback_retakes_at_once() {
    let start = position(
        JAPANESE,
        "
        ..XO.
        XXXO.
        OOOO.
        ",
    );
    // White throws a stone in; Black takes it...
    let throw_in = start.play(White, Some(p("ba"))).unwrap();
    assert!(throw_in.captured.is_empty());
    let take = throw_in.position.play(Black, Some(p("aa"))).unwrap();
    assert_eq!(take.captured, points(&["ba"]));
    // ... and that is no ko: the taking stone is part of a group, so White takes back at
    // once, and more than it gave.
    assert_eq!(take.position.ko_point(), None);
    let snap = take.position.play(White, Some(p("ba"))).unwrap();
    assert_eq!(snap.captured, points(&["aa", "ca", "ab", "bb", "cb"]));
    assert_eq!(snap.position.captures(White), 5);
    assert_eq!(snap.position.captures(Black), 1);
}

#[test]
fn suicide_is_forbidden_under_japanese_rules() {
    let start = position(
        JAPANESE,
        "
        .X...
        X....
        .....
        O.X..
        XX...
        ",
    );
    assert_eq!(
        start.play(White, Some(p("aa"))).map(|_| ()),
        Err(IllegalMove::Suicide)
    );
    // Two stones: the move joins a white stone whose last liberty it fills.
    let group = position(
        JAPANESE,
        "
        O.X..
        XXX..
        .....
        ",
    );
    let mut in_place = group.clone();
    assert_eq!(
        in_place.play_in_place(White, Some(p("ba"))),
        Err(IllegalMove::Suicide)
    );
    assert_eq!(
        diagram(&in_place),
        diagram(&group),
        "an illegal move changes nothing"
    );
    assert_eq!(in_place.hash(), group.hash());
    assert_eq!(in_place.to_play(), group.to_play());
}

#[test]
fn suicide_is_allowed_under_new_zealand_rules() {
    assert!(RuleSet::NewZealand.allows_suicide());
    assert!(RuleSet::Goe.allows_suicide());
    assert!(!RuleSet::Chinese.allows_suicide());
    assert!(!RuleSet::Aga.allows_suicide());
    let single = position(
        NZ,
        "
        .X...
        X....
        .....
        ",
    )
    .play(White, Some(p("aa")))
    .unwrap();
    assert!(single.captured.is_empty());
    assert_eq!(single.suicide, points(&["aa"]));
    assert_eq!(single.position.stone(p("aa")), None);
    assert_eq!(
        single.position.captures(Black),
        1,
        "suicides are Black's prisoners"
    );

    let group = position(
        NZ,
        "
        O.X..
        XXX..
        .....
        ",
    )
    .play(White, Some(p("ba")))
    .unwrap();
    assert_eq!(group.suicide, points(&["aa", "ba"]));
    assert_eq!(group.position.captures(Black), 2);
    assert_eq!(group.position.stones(White), 0);
    assert_eq!(group.position.last_move().map(|m| m.color), Some(White));
}

#[test]
fn a_move_that_captures_is_no_suicide() {
    let played = position(
        JAPANESE,
        "
        .XO..
        XO...
        O....
        ",
    )
    .play(White, Some(p("aa")))
    .unwrap();
    assert_eq!(played.captured, points(&["ba", "ab"]));
}

/// A ko on the left; the right columns are for ko threats.
const KO: &str = "
    .XO....
    XO.O...
    .XO....
    .......
    .......
";

#[test]
fn a_ko_cannot_be_taken_back_at_once() {
    let start = position(JAPANESE, KO);
    let take = start.play(Black, Some(p("cb"))).unwrap();
    assert_eq!(take.captured, points(&["bb"]));
    assert_eq!(take.position.ko_point(), Some(p("bb")));
    assert_eq!(
        take.position.play(White, Some(p("bb"))).map(|_| ()),
        Err(IllegalMove::Ko)
    );
    // A threat and its answer, and the ko can be taken back.
    let threat = take.position.play(White, Some(p("fe"))).unwrap().position;
    assert_eq!(threat.ko_point(), None);
    let answer = threat.play(Black, Some(p("fd"))).unwrap().position;
    let back = answer.play(White, Some(p("bb"))).unwrap();
    assert_eq!(back.captured, points(&["cb"]));
    assert_eq!(back.position.ko_point(), Some(p("cb")));
    assert_eq!(
        back.position.play(Black, Some(p("cb"))).map(|_| ()),
        Err(IllegalMove::Ko)
    );
}

#[test]
fn the_ko_ban_lasts_one_move() {
    let take = position(JAPANESE, KO)
        .play(Black, Some(p("cb")))
        .unwrap()
        .position;
    // The capturing side may fill the ko itself.
    assert!(take.play(Black, Some(p("bb"))).is_ok());
    // A pass ends the ban, and so does a second move by the same player (legal in SGF).
    let passed = take.play(White, None).unwrap().position;
    assert!(passed
        .play(Black, None)
        .unwrap()
        .position
        .play(White, Some(p("bb")))
        .is_ok());
    let twice = take.play(Black, Some(p("fe"))).unwrap().position;
    assert_eq!(twice.ko_point(), None);
    assert!(twice.play(White, Some(p("bb"))).is_ok());
}

/// Three kos: White holds the top two, Black the bottom one.
const TRIPLE_KO: &str = "
    .XO..
    XO.O.
    .XO..
    .....
    .XO..
    XO.O.
    .XO..
    .....
    .XO..
    X.XO.
    .XO..
";

/// Six captures, each legal under simple ko, that bring the three kos back where they were.
fn triple_ko_cycle() -> [(Color, &'static str); 6] {
    [
        (Black, "cb"), // takes the top ko
        (White, "bj"), // takes the bottom ko
        (Black, "cf"), // takes the middle ko
        (White, "bb"), // takes the top ko back
        (Black, "cj"), // takes the bottom ko back
        (White, "bf"), // takes the middle ko back: the start again
    ]
}

#[test]
fn a_triple_ko_cycles_under_simple_ko() {
    let start = position(JAPANESE, TRIPLE_KO);
    let mut now = start.clone();
    for (color, point) in triple_ko_cycle() {
        let played = now.play(color, Some(p(point))).unwrap();
        assert_eq!(played.captured.len(), 1, "{point} takes a ko");
        now = played.position;
    }
    assert_eq!(diagram(&now), diagram(&start));
    assert_eq!(now.hash(), start.hash());
    assert_eq!((now.captures(Black), now.captures(White)), (3, 3));
}

#[test]
fn positional_superko_forbids_the_cycle() {
    let rules = JAPANESE.with_ko(Ko::PositionalSuperko);
    let start = position(rules, TRIPLE_KO);
    let mut now = start.clone();
    let [moves @ .., (last_color, last_point)] = triple_ko_cycle();
    for (color, point) in moves {
        now = now.play(color, Some(p(point))).unwrap().position;
    }
    let before = now.clone();
    assert_eq!(
        now.play_in_place(last_color, Some(p(last_point))),
        Err(IllegalMove::Superko)
    );
    // The undone capture left everything as it was.
    assert_eq!(diagram(&now), diagram(&before));
    assert_eq!(now.hash(), before.hash());
    assert_eq!(now.captures(White), before.captures(White));
    // The simple ko is still reported as a ko, not as superko.
    let take = start.play(Black, Some(p("cb"))).unwrap().position;
    assert_eq!(
        take.play(White, Some(p("bb"))).map(|_| ()),
        Err(IllegalMove::Ko)
    );
}

#[test]
fn a_single_stone_suicide_repeats_the_position_under_superko() {
    let rules = NZ.with_ko(Ko::PositionalSuperko);
    let start = position(
        rules,
        "
        .X.
        X..
        ...
        ",
    );
    assert_eq!(
        start.play(White, Some(p("aa"))).map(|_| ()),
        Err(IllegalMove::Superko)
    );
    let multi = position(
        rules,
        "
        O.X
        XXX
        ...
        ",
    );
    assert!(multi.play(White, Some(p("ba"))).is_ok());
}

#[test]
fn passes_are_empty_or_tt_up_to_19x19() {
    let nineteen = BoardSize::STANDARD;
    assert_eq!(nineteen.parse_move(""), Ok(None));
    assert_eq!(nineteen.parse_move("tt"), Ok(None));
    assert_eq!(BoardSize::square(9).unwrap().parse_move("tt"), Ok(None));
    assert_eq!(BoardSize::new(19, 13).unwrap().parse_move("tt"), Ok(None));
    let twenty_one = BoardSize::square(21).unwrap();
    assert_eq!(twenty_one.parse_move("tt"), Ok(Some(Point::new(19, 19))));
    assert_eq!(twenty_one.parse_move(""), Ok(None));
    assert_eq!(nineteen.parse_move("dd"), Ok(Some(Point::new(3, 3))));
    assert_eq!(nineteen.parse_move("d"), Err(MalformedPoint));
    assert_eq!(nineteen.parse_move("d4"), Err(MalformedPoint));
    assert_eq!(nineteen.parse_move(" dd"), Err(MalformedPoint));

    // `tt` on 21×21 is a stone; a pass is always legal, even in a ko, and lifts the ban.
    let big = Position::new(twenty_one, JAPANESE);
    let stone = big
        .play(Black, twenty_one.parse_move("tt").unwrap())
        .unwrap();
    assert_eq!(stone.position.stone(Point::new(19, 19)), Some(Black));
    let take = position(JAPANESE, KO).play(Black, Some(p("cb"))).unwrap();
    let pass = take.position.play(White, None).unwrap();
    assert!(pass.captured.is_empty());
    assert_eq!(pass.position.ko_point(), None);
    assert_eq!(pass.position.to_play(), Black);
    assert_eq!(
        pass.position.last_move(),
        Some(Move {
            color: White,
            point: None
        })
    );
    assert_eq!(diagram(&pass.position), diagram(&take.position));
}

#[test]
fn rectangular_boards_have_columns_then_rows() {
    let size = BoardSize::from_sgf("19:13").unwrap();
    assert_eq!((size.width(), size.height()), (19, 13));
    assert_eq!(BoardSize::from_sgf(" 9 "), BoardSize::square(9));
    assert_eq!(BoardSize::from_sgf("52"), BoardSize::square(52));
    assert_eq!(BoardSize::from_sgf("53"), None);
    assert_eq!(BoardSize::from_sgf("0"), None);
    assert_eq!(BoardSize::from_sgf("19:x"), None);
    assert_eq!(BoardSize::from_sgf(""), None);
    let start = Position::new(size, JAPANESE);
    // The bottom right corner is `sm`: column 18, row 12.
    let corner = Point::new(18, 12);
    assert_eq!(p("sm"), corner);
    let mut now = start.play(White, Some(corner)).unwrap().position;
    assert_eq!(
        now.play(Black, Some(p("ms"))).map(|_| ()),
        Err(IllegalMove::OffBoard)
    );
    now = now.play(Black, Some(p("rm"))).unwrap().position;
    let played = now.play(Black, Some(p("sl"))).unwrap();
    assert_eq!(played.captured, vec![corner]);
    assert_eq!(size.points().count(), 19 * 13);
    assert_eq!(size.points().last(), Some(corner));
}

#[test]
fn points_off_the_board_are_rejected() {
    let size = BoardSize::square(9).unwrap();
    let start = Position::new(size, JAPANESE);
    for point in ["ja", "aj", "zz", "AA", "ZZ"] {
        let point = size.parse_move(point).unwrap();
        assert_eq!(
            start.play(Black, point).map(|_| ()),
            Err(IllegalMove::OffBoard)
        );
    }
    assert_eq!(Point::from_sgf("ZZ"), Some(Point::new(51, 51)));
    assert_eq!(Point::from_sgf("aZ"), Some(Point::new(0, 51)));
    assert_eq!(Point::new(51, 26).to_sgf(), "ZA");
    assert_eq!(Point::from_sgf("a"), None);
    assert_eq!(Point::from_sgf("abc"), None);
    assert_eq!(Point::from_sgf("a1"), None);
    assert_eq!(Point::from_sgf("éa"), None);
    assert_eq!(start.stone(Point::new(9, 0)), None);

    let mut set_up = start.clone();
    let error = set_up
        .setup([
            (p("aa"), Some(Black)),
            (p("jj"), Some(White)),
            (p("bb"), Some(White)),
        ])
        .unwrap_err();
    assert_eq!(error.off_board, points(&["jj"]));
    assert_eq!(error.to_string(), "off the board: jj");
    assert_eq!(set_up.stone(p("aa")), Some(Black));
    assert_eq!(set_up.stone(p("bb")), Some(White));
}

#[test]
fn setup_adds_and_removes_stones_without_capturing() {
    let mut now = position(
        JAPANESE,
        "
        .X...
        XO...
        .X...
        .....
        ",
    );
    // The white stone has one liberty left; setting up a stone there captures nothing.
    now.setup([(p("cb"), Some(Black))]).unwrap();
    assert_eq!(now.stone(p("bb")), Some(White));
    assert_eq!(now.captures(Black), 0);
    assert_eq!(now.last_move(), None);
    // `AE` empties points, and a stone may replace another.
    now.setup([(p("bb"), None), (p("ab"), None), (p("ba"), Some(White))])
        .unwrap();
    assert_eq!(
        diagram(&now),
        rows(
            "
            .O...
            ..X..
            .X...
            .....
            "
        )
    );
    assert_eq!((now.stones(Black), now.stones(White)), (2, 1));
    assert_eq!(
        now.occupied().collect::<Vec<_>>(),
        vec![(p("ba"), White), (p("cb"), Black), (p("bc"), Black)]
    );
    // Setup ends a ko ban.
    let mut take = position(JAPANESE, KO)
        .play(Black, Some(p("cb")))
        .unwrap()
        .position;
    take.setup([(p("ge"), Some(Black))]).unwrap();
    assert_eq!(take.ko_point(), None);
    assert!(take.play(White, Some(p("bb"))).is_ok());
}

#[test]
fn whose_turn_follows_the_moves_unless_set() {
    let mut now = Position::new(BoardSize::STANDARD, JAPANESE);
    assert_eq!(now.to_play(), Black);
    now.set_to_play(White);
    assert_eq!(now.to_play(), White);
    // A player may move twice in a row in SGF: not this crate's error.
    now = now.play(Black, Some(p("pd"))).unwrap().position;
    now = now.play(Black, Some(p("dd"))).unwrap().position;
    assert_eq!(now.to_play(), White);
    assert_eq!(
        now.last_move(),
        Some(Move {
            color: Black,
            point: Some(p("dd"))
        })
    );
}

#[test]
fn sgf_values_are_read() {
    assert_eq!(RuleSet::from_sgf("Japanese"), Some(RuleSet::Japanese));
    assert_eq!(RuleSet::from_sgf("chinese"), Some(RuleSet::Chinese));
    assert_eq!(RuleSet::from_sgf("AGA"), Some(RuleSet::Aga));
    assert_eq!(RuleSet::from_sgf("GOE"), Some(RuleSet::Goe));
    assert_eq!(RuleSet::from_sgf("Ing"), Some(RuleSet::Goe));
    assert_eq!(RuleSet::from_sgf("NZ"), Some(RuleSet::NewZealand));
    assert_eq!(
        RuleSet::from_sgf(" New Zealand "),
        Some(RuleSet::NewZealand)
    );
    assert_eq!(RuleSet::from_sgf("Korean"), None);
    assert_eq!(RuleSet::from_sgf(""), None);
    for rule_set in [
        RuleSet::Japanese,
        RuleSet::Chinese,
        RuleSet::Aga,
        RuleSet::Goe,
        RuleSet::NewZealand,
    ] {
        assert_eq!(RuleSet::from_sgf(rule_set.sgf_name()), Some(rule_set));
    }
    assert_eq!(Rules::default(), JAPANESE);
    assert_eq!(Rules::default().ko, Ko::Simple);
    assert_eq!(Color::from_sgf("B"), Some(Black));
    assert_eq!(Color::from_sgf(" w"), Some(White));
    assert_eq!(Color::from_sgf("X"), None);
    assert_eq!(White.opponent(), Black);
    assert_eq!(Black.letter(), 'B');

    let rect = Rect::from_sgf("aa:cb").unwrap();
    assert_eq!(rect.points().count(), 6);
    assert_eq!(Rect::from_sgf("cb:aa"), Ok(rect));
    assert_eq!(Rect::from_sgf("ca:ab"), Ok(rect));
    assert_eq!(
        Rect::from_sgf("dd").unwrap().points().collect::<Vec<_>>(),
        points(&["dd"])
    );
    assert_eq!(Rect::from_sgf("dd:"), Err(MalformedPoint));
    assert_eq!(Rect::from_sgf(""), Err(MalformedPoint));
}

/// A line of `FF[4]`'s example file (`ff4_ex.sgf`, "Time limits, captures & move numbers"),
/// whose comments say what each capture takes, in the human coordinates that skip `I`.
#[test]
fn the_ff4_example_captures_what_its_comments_say() {
    let line = [
        "qr", "rr", "rq", "qq", "sr", "qs", "rs", // "One white stone at s2 captured"
        "ps", "pr", "or", "os", // "Two white stones captured (at q1 & r1)"
        "pq", "sq", "rp", "ps", "ns", "ss", "nr", "rr", "sp", "qs", // "Suicide move"
    ];
    let mut now = Position::new(BoardSize::STANDARD, NZ);
    let mut removed = Vec::new();
    for (number, point) in line.into_iter().enumerate() {
        let color = if number % 2 == 0 { Black } else { White };
        let played = now.play(color, Some(p(point))).unwrap();
        removed.push((point, played.captured, played.suicide));
        now = played.position;
    }
    let capturing: Vec<_> = removed
        .iter()
        .filter(|(_, captured, suicide)| !captured.is_empty() || !suicide.is_empty())
        .cloned()
        .collect();
    assert_eq!(
        capturing,
        [
            ("rs", points(&["rr"]), vec![]),
            ("os", points(&["ps", "qs"]), vec![]),
            (
                "qs",
                vec![],
                points(&["rq", "sq", "pr", "qr", "rr", "sr", "os", "ps", "qs", "rs", "ss"])
            ),
        ]
    );
    // "All B stones get captured": eleven, White's prisoners under NZ rules.
    assert_eq!(now.stones(Black), 0);
    assert_eq!((now.captures(Black), now.captures(White)), (3, 11));
}

/// A small generator of numbers, so the random games are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// The first stone whose group has no liberty, found the slow way with the public API only.
fn group_without_liberty(position: &Position) -> Option<Point> {
    let size = position.size();
    let width = usize::from(size.width());
    let at = |p: Point| usize::from(p.y) * width + usize::from(p.x);
    let mut seen = vec![false; width * usize::from(size.height())];
    for (start, color) in position.occupied() {
        if seen[at(start)] {
            continue;
        }
        seen[at(start)] = true;
        let mut group = vec![start];
        let mut next = 0;
        let mut free = false;
        while let Some(&here) = group.get(next) {
            next += 1;
            let (x, y) = (i16::from(here.x), i16::from(here.y));
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
                let (Ok(nx), Ok(ny)) = (u8::try_from(nx), u8::try_from(ny)) else {
                    continue;
                };
                let neighbour = Point::new(nx, ny);
                if !size.contains(neighbour) {
                    continue;
                }
                match position.stone(neighbour) {
                    None => free = true,
                    Some(c) if c == color && !seen[at(neighbour)] => {
                        seen[at(neighbour)] = true;
                        group.push(neighbour);
                    }
                    Some(_) => {}
                }
            }
        }
        if !free {
            return Some(start);
        }
    }
    None
}

/// After every move of many random games: no group on the board without a liberty, every
/// stone played is on the board or a prisoner, and the hash is the hash of the stones.
/// Under superko, a move is refused exactly when the same move under simple ko would make a
/// position seen before, kept here as a plain list of diagrams.
#[test]
fn random_games_keep_their_invariants() {
    let mut random = Lcg(7);
    let mut prisoners = 0;
    let mut superko_refusals = 0;
    let superko = NZ.with_ko(Ko::PositionalSuperko);
    for (game, rules) in [JAPANESE, NZ, superko]
        .into_iter()
        .cycle()
        .take(24)
        .enumerate()
    {
        let size = BoardSize::square([5, 7, 9, 13][game % 4]).unwrap();
        let mut now = Position::new(size, rules);
        // The same game under simple ko, and every position it went through.
        let mut simple = Position::new(size, NZ);
        let mut seen = vec![diagram(&now)];
        let mut placed = [0u32; 2];
        let mut illegal = 0;
        for _ in 0..300 {
            let color = if random.below(8) == 0 {
                now.to_play().opponent()
            } else {
                now.to_play()
            };
            let point = Point::new(
                random.below(size.width().into()) as u8,
                random.below(size.height().into()) as u8,
            );
            match now.play_in_place(color, Some(point)) {
                Ok(_) => placed[usize::from(color == White)] += 1,
                Err(_) => illegal += 1,
            }
            if rules == superko {
                match simple.play(color, Some(point)) {
                    Ok(played) if seen.contains(&diagram(&played.position)) => {
                        superko_refusals += 1;
                        assert_eq!(diagram(&now), diagram(&simple), "refused: unchanged");
                    }
                    Ok(played) => {
                        assert_eq!(diagram(&now), diagram(&played.position));
                        simple = played.position;
                        seen.push(diagram(&simple));
                    }
                    Err(_) => assert_eq!(diagram(&now), diagram(&simple)),
                }
            }
            for color in [Black, White] {
                let i = usize::from(color == White);
                assert_eq!(
                    placed[i],
                    now.stones(color) + now.captures(color.opponent()),
                    "{now:?}"
                );
            }
            let mut fresh = Position::new(size, rules);
            fresh
                .setup(now.occupied().map(|(p, c)| (p, Some(c))))
                .unwrap();
            assert_eq!(fresh.hash(), now.hash());
            assert_eq!(group_without_liberty(&now), None, "{now:?}");
        }
        assert!(illegal > 0 && placed[0] > 0);
        prisoners += now.captures(Black) + now.captures(White);
    }
    assert!(prisoners > 300, "the games captured {prisoners} stones");
    assert!(superko_refusals > 0, "some moves repeated a position");
    println!("{superko_refusals} moves refused for superko");
}

/// A new board of any shape is empty inside and closed by its frame: every point takes a
/// stone, and a stone in each corner, with its two neighbours taken, is captured (a frame
/// cell left empty would be its liberty).
#[test]
fn a_new_board_of_any_shape_is_empty_inside_its_frame() {
    for (width, height) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (5, 9),
        (9, 5),
        (19, 19),
        (25, 52),
        (52, 52),
    ] {
        let size = BoardSize::new(width, height).expect("a board size");
        let empty = Position::new(size, Rules::default());
        assert!(size.points().all(|point| empty.stone(point).is_none()));
        let mut full = empty.clone();
        for point in size.points() {
            assert!(
                full.play_in_place(Black, Some(point)).is_ok()
                    || point == Point::new(width - 1, height - 1)
            );
        }
        let (right, bottom) = (width - 1, height - 1);
        for (corner, beside) in [
            (Point::new(0, 0), [Point::new(1, 0), Point::new(0, 1)]),
            (
                Point::new(right, 0),
                [Point::new(right - 1, 0), Point::new(right, 1)],
            ),
            (
                Point::new(0, bottom),
                [Point::new(1, bottom), Point::new(0, bottom - 1)],
            ),
            (
                Point::new(right, bottom),
                [Point::new(right - 1, bottom), Point::new(right, bottom - 1)],
            ),
        ] {
            let mut position = empty.clone();
            position
                .play_in_place(Black, Some(corner))
                .expect("an empty point");
            position
                .play_in_place(White, Some(beside[0]))
                .expect("an empty point");
            let taken = position
                .play_in_place(White, Some(beside[1]))
                .expect("an empty point");
            assert_eq!(
                taken.captured,
                vec![corner],
                "{width}x{height} at {corner:?}"
            );
        }
    }
}
