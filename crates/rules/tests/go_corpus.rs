//! Replays real game records: 1,000 professional games from Fox (main lines), and the Go
//! files of other SGF libraries' test suites (every variation, each from its parent node).

use std::fmt;
use std::path::Path;
use std::time::Instant;

use kifu_rules::go::{BoardSize, Color, IllegalMove, Point, Position, Rect, RuleSet, Rules};
use kifu_syntax::sgf::ast::{GameTree, Node};

mod common;
use common::corpus;

/// The text of a file. Many are GB2312 or Shift-JIS, but points and property names are
/// ASCII, so a lossy UTF-8 reading keeps everything the rules need; UTF-16 (with its BOM)
/// is decoded as such, since every other byte of it would be a NUL.
fn read(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("a corpus file is readable");
    let utf16 = |le: bool| {
        let units: Vec<u16> = bytes[2..]
            .chunks_exact(2)
            .map(|pair| {
                let pair = [pair[0], pair[1]];
                if le {
                    u16::from_le_bytes(pair)
                } else {
                    u16::from_be_bytes(pair)
                }
            })
            .collect();
        String::from_utf16_lossy(&units)
    };
    match bytes.get(..2) {
        Some([0xFF, 0xFE]) => utf16(true),
        Some([0xFE, 0xFF]) => utf16(false),
        _ => String::from_utf8_lossy(&bytes).into_owned(),
    }
}

/// Where a replay stopped: the move that could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Illegal {
    /// The file, relative to the corpus folder.
    file: String,
    /// The game in the file, from 1.
    game: usize,
    /// The number of the move in its line, from 1.
    move_number: usize,
    /// `B[dd]`.
    mv: String,
    reason: String,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} game {} move {} {}: {}",
            self.file, self.game, self.move_number, self.mv, self.reason
        )
    }
}

/// The rules and size a game's root node gives, defaults filled in.
struct GameInfo {
    size: BoardSize,
    rules: Rules,
    handicap: Option<u32>,
}

/// Reads the root node; `None` when the game is not Go (`GM` other than 1), or its `SZ`
/// cannot be read.
fn game_info(root: &Node) -> Option<GameInfo> {
    let mut info = GameInfo {
        size: BoardSize::STANDARD,
        rules: Rules::default(),
        handicap: None,
    };
    for property in root.properties() {
        let (Some(ident), Some(value)) = (property.canonical_ident(), property.raw_values().next())
        else {
            continue;
        };
        match ident.as_str() {
            "GM" if value.trim() != "1" => return None,
            "SZ" => info.size = BoardSize::from_sgf(&value)?,
            "RU" => {
                if let Some(rule_set) = RuleSet::from_sgf(&value) {
                    info.rules = Rules::of(rule_set);
                }
            }
            "HA" => info.handicap = value.trim().parse().ok(),
            _ => {}
        }
    }
    Some(info)
}

/// What replaying some games found.
#[derive(Default)]
struct Replay {
    games: usize,
    /// Lines of play replayed: one per leaf of each game's tree.
    lines: usize,
    /// Moves read, passes and the illegal moves that stopped a line included.
    moves: usize,
    passes: usize,
    /// Prisoners taken by Black and by White, summed over the final positions of the lines.
    captures: [u64; 2],
    illegal: Vec<Illegal>,
    /// Values the rules cannot read, and setup points off the board.
    malformed: Vec<String>,
    /// Games that are not Go, or whose board size cannot be read.
    not_go: usize,
}

/// How to walk a game's tree.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lines {
    /// The first variation at each branch: the game as played.
    MainLine,
    /// Every variation, each from the position of its parent node.
    All,
}

/// Why a line of play stopped.
enum Stop {
    /// A move the rules reject: (its number in the line, `B[dd]`, why).
    Illegal(usize, String, IllegalMove),
    /// A value that is no point, or a setup point off the board.
    Malformed(String),
}

/// Applies one node: setup first (`AB`, `AW`, `AE`, then `PL`), then its moves.
///
/// Returns the number of moves played, or why the line cannot go on.
fn apply(
    position: &mut Position,
    node: &Node,
    move_number: &mut usize,
    passes: &mut usize,
) -> Result<usize, Stop> {
    let mut setup = Vec::new();
    let mut moves = Vec::new();
    let mut to_play = None;
    for property in node.properties() {
        let Some(ident) = property.canonical_ident() else {
            continue;
        };
        let stone = match ident.as_str() {
            "AB" => Some(Color::Black),
            "AW" => Some(Color::White),
            "AE" => None,
            "PL" => {
                to_play = property
                    .raw_values()
                    .next()
                    .and_then(|v| Color::from_sgf(&v));
                continue;
            }
            "B" | "W" => {
                let color = if ident == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                moves.extend(property.raw_values().map(|value| (color, value)));
                continue;
            }
            _ => continue,
        };
        for value in property.raw_values() {
            let rect = Rect::from_sgf(&value)
                .map_err(|_| Stop::Malformed(format!("{ident}[{value}] is no point")))?;
            setup.extend(rect.points().map(|point| (point, stone)));
        }
    }
    if !setup.is_empty() {
        position
            .setup(setup)
            .map_err(|error| Stop::Malformed(format!("setup {error}")))?;
    }
    if let Some(color) = to_play {
        position.set_to_play(color);
    }
    let played = moves.len();
    for (color, value) in moves {
        *move_number += 1;
        let mv = format!("{}[{value}]", color.letter());
        let point = position
            .size()
            .parse_move(&value)
            .map_err(|_| Stop::Malformed(format!("{mv} is no move")))?;
        if point.is_none() {
            *passes += 1;
        }
        position
            .play_in_place(color, point)
            .map_err(|why| Stop::Illegal(*move_number, mv, why))?;
    }
    Ok(played)
}

/// Whether a node has a move.
fn has_move(node: &Node) -> bool {
    node.properties()
        .any(|p| matches!(p.canonical_ident().as_deref(), Some("B" | "W")))
}

/// Replays every game of a file. `prepare` may change the position before the first move
/// (the Fox test puts back handicap stones some records leave out).
fn replay_file(
    name: &str,
    text: &str,
    lines: Lines,
    replay: &mut Replay,
    prepare: &mut dyn FnMut(&GameInfo, &mut Position),
) -> Vec<Position> {
    let parse = kifu_syntax::sgf::parse(text);
    let mut finals = Vec::new();
    for (game_index, tree) in parse.collection().game_trees().enumerate() {
        let Some(root) = tree.nodes().next() else {
            continue;
        };
        let Some(info) = game_info(&root) else {
            replay.not_go += 1;
            continue;
        };
        replay.games += 1;
        // A stack of trees still to replay, each with the position before its first node
        // and the number of moves before it: variations nest, and a loop cannot overflow.
        let mut pending: Vec<(GameTree, Position, usize)> =
            vec![(tree, Position::new(info.size, info.rules), 0)];
        let mut prepared = false;
        while let Some((tree, mut position, mut move_number)) = pending.pop() {
            let mut stopped = false;
            for node in tree.nodes() {
                if !prepared && has_move(&node) {
                    prepare(&info, &mut position);
                    prepared = true;
                }
                match apply(&mut position, &node, &mut move_number, &mut replay.passes) {
                    Ok(played) => replay.moves += played,
                    Err(Stop::Illegal(number, mv, why)) => {
                        replay.moves += 1;
                        replay.illegal.push(Illegal {
                            file: name.to_string(),
                            game: game_index + 1,
                            move_number: number,
                            mv,
                            reason: why.to_string(),
                        });
                        stopped = true;
                        break;
                    }
                    Err(Stop::Malformed(what)) => {
                        replay
                            .malformed
                            .push(format!("{name} game {}: {what}", game_index + 1));
                        stopped = true;
                        break;
                    }
                }
            }
            if stopped {
                // One mistake, one report: the rest of this line, and the variations that
                // follow it, are not replayed.
                replay.lines += 1;
                continue;
            }
            let variations: Vec<GameTree> = match lines {
                Lines::MainLine => tree.variations().take(1).collect(),
                Lines::All => tree.variations().collect(),
            };
            if variations.is_empty() {
                replay.lines += 1;
                replay.captures[0] += u64::from(position.captures(Color::Black));
                replay.captures[1] += u64::from(position.captures(Color::White));
                finals.push(position);
                continue;
            }
            // Pushed in reverse so that the first variation is replayed first.
            for variation in variations.into_iter().rev() {
                pending.push((variation, position.clone(), move_number));
            }
        }
    }
    finals
}

/// The star points where Fox put fixed handicap stones, for records that name a handicap
/// but leave its stones out (108 of the 1,000, all from 2013 to 2016).
///
/// Read from the records that do set them up (`AB` in the second node), and checked
/// against those that do not: there, these points stay unplayed until captures free them.
/// Three stones leave the lower right `pp` open (it is often White's first move). Six
/// stones in the older records stand on the top and bottom sides (`jd`, `jp`), not the left
/// and right ones as in later `AB`s: White's first move is often `pj` and Black's `dj`.
fn fox_handicap_stones(handicap: u32) -> &'static [&'static str] {
    match handicap {
        2 => &["pd", "dp"],
        3 => &["pd", "dp", "dd"],
        4 => &["pd", "dp", "dd", "pp"],
        5 => &["pd", "dp", "dd", "pp", "jj"],
        6 => &["pd", "dp", "dd", "pp", "jd", "jp"],
        7 => &["pd", "dp", "dd", "pp", "dj", "pj", "jj"],
        8 => &["pd", "dp", "dd", "pp", "dj", "pj", "jd", "jp"],
        9 => &["pd", "dp", "dd", "pp", "dj", "pj", "jd", "jp", "jj"],
        _ => &[],
    }
}

/// Moves and final captures (Black's, White's) of some games, as sgfmill 1.1.1 finds them
/// replaying the same main lines with the same handicap stones put back (it agrees with
/// this crate on all 1,000 games; these few keep the check here without it). The last
/// three are handicap games: six stones put back, two put back, six set up by `AB`.
const KNOWN_GAMES: &[(&str, usize, u32, u32)] = &[
    ("1p/1377954818019999562.sgf", 220, 8, 17),
    ("1p/1378127086019999916.sgf", 245, 7, 3),
    ("2p/1382797043019999085.sgf", 365, 60, 38),
    ("3p/1381151277019999822.sgf", 240, 49, 31),
    ("4p/1382970604019999203.sgf", 349, 48, 52),
    ("3p/1437482853019999569.sgf", 187, 2, 5),
    ("3p/1457238968019999266.sgf", 208, 6, 4),
    ("2p/1493212749019999322.sgf", 176, 1, 5),
];

#[test]
fn fox_professional_games_are_legal() {
    let Some(dir) = corpus("sgf/fox-pro-sample/Pro") else {
        return;
    };
    let mut files = Vec::new();
    kifu_testing::game_files(&dir, &["sgf"], &mut files);
    let started = Instant::now();
    let mut replay = Replay::default();
    let mut handicaps = [0usize; 3]; // set up as HA says, put back, other
    let mut known = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(&dir)
            .expect("under the corpus folder")
            .to_string_lossy()
            .replace('\\', "/");
        let text = read(path);
        let moves_before = replay.moves;
        let finals = replay_file(
            &name,
            &text,
            Lines::MainLine,
            &mut replay,
            &mut |info, position| {
                let Some(handicap) = info.handicap.filter(|&n| n >= 2) else {
                    return;
                };
                let black = position.stones(Color::Black);
                if black == handicap {
                    handicaps[0] += 1;
                } else if black == 0 {
                    handicaps[1] += 1;
                    let stones = fox_handicap_stones(handicap).iter().map(|sgf| {
                        let point = Point::from_sgf(sgf).expect("a star point");
                        (point, Some(Color::Black))
                    });
                    position.setup(stones).expect("star points are on 19×19");
                } else {
                    handicaps[2] += 1;
                }
            },
        );
        if let Some(&(_, moves, black, white)) = KNOWN_GAMES.iter().find(|g| g.0 == name) {
            let last = finals.first().expect("the known game was replayed");
            known.push(name.clone());
            assert_eq!(replay.moves - moves_before, moves, "{name}: moves");
            assert_eq!(
                (last.captures(Color::Black), last.captures(Color::White)),
                (black, white),
                "{name}: captures by Black and White"
            );
        }
    }
    let elapsed = started.elapsed();
    println!(
        "Fox professional games: {} files, {} games, {} moves ({} passes), captures B {} W {}, \
         {} illegal, in {:.2?}",
        files.len(),
        replay.games,
        replay.moves,
        replay.passes,
        replay.captures[0],
        replay.captures[1],
        replay.illegal.len(),
        elapsed
    );
    println!(
        "handicap games: {} with HA's stones set up, {} with their stones left out (put back \
         at Fox's star points), {} other",
        handicaps[0], handicaps[1], handicaps[2]
    );
    for illegal in &replay.illegal {
        println!("  illegal: {illegal}");
    }
    assert_eq!(files.len(), 1000);
    assert_eq!(replay.games, 1000);
    assert_eq!(replay.not_go, 0);
    assert_eq!(replay.malformed, Vec::<String>::new());
    assert!(
        replay.illegal.is_empty(),
        "every move of a professional game is legal"
    );
    assert_eq!(
        known.len(),
        KNOWN_GAMES.len(),
        "every known game was checked"
    );
    // The totals sgfmill finds for the same main lines.
    assert_eq!(replay.moves, 197_279);
    assert_eq!(replay.captures, [7_353, 7_006]);
    assert_eq!(handicaps, [56, 108, 0]);
}

/// The records that name a handicap but leave its stones out, replayed as written: their
/// moves meet an empty point where a handicap stone should be, and some cannot be played
/// (a "suicide" is usually a move that captured a stone next to a missing one). An editor
/// reports these; this test pins how many there are and that no other game has one.
#[test]
fn fox_games_without_their_handicap_stones_have_illegal_moves() {
    let Some(dir) = corpus("sgf/fox-pro-sample/Pro") else {
        return;
    };
    let mut files = Vec::new();
    kifu_testing::game_files(&dir, &["sgf"], &mut files);
    let mut replay = Replay::default();
    let mut left_out = Vec::new();
    for path in &files {
        let name = path
            .strip_prefix(&dir)
            .expect("under the corpus folder")
            .to_string_lossy()
            .replace('\\', "/");
        replay_file(
            &name,
            &read(path),
            Lines::MainLine,
            &mut replay,
            &mut |info, position| {
                if info.handicap.is_some_and(|n| n >= 2) && position.stones(Color::Black) == 0 {
                    left_out.push(name.clone());
                }
            },
        );
    }
    println!(
        "Fox games as written: {} games, {} moves, {} illegal, all in the {} games whose \
         handicap stones are left out",
        replay.games,
        replay.moves,
        replay.illegal.len(),
        left_out.len()
    );
    for illegal in &replay.illegal {
        println!("  illegal: {illegal}");
    }
    assert_eq!(replay.games, 1000);
    assert_eq!(left_out.len(), 108);
    assert_eq!(replay.illegal.len(), 16);
    for illegal in &replay.illegal {
        assert!(left_out.contains(&illegal.file), "{illegal}");
    }
}

/// The Go files of other SGF libraries' test suites, every variation replayed from its
/// parent node. They are small and made to test parsers, not rules, so each illegal move
/// found was looked at and is pinned here as what the file really holds.
#[test]
fn sgf_library_test_files_replay() {
    let mut replay = Replay::default();
    let mut files = 0;
    for sub in ["sgf-parse", "sabaki-sgf", "katrain"] {
        let Some(dir) = corpus(&format!("sgf/{sub}")) else {
            return;
        };
        let mut paths = Vec::new();
        kifu_testing::game_files(&dir, &["sgf"], &mut paths);
        for path in paths {
            files += 1;
            let name = format!(
                "{sub}/{}",
                path.strip_prefix(&dir)
                    .expect("under the corpus folder")
                    .to_string_lossy()
                    .replace('\\', "/")
            );
            replay_file(&name, &read(&path), Lines::All, &mut replay, &mut |_, _| {});
        }
    }
    println!(
        "SGF library test files: {files} files, {} Go games ({} not Go), {} lines of play, {} \
         moves ({} passes), {} illegal, {} malformed",
        replay.games,
        replay.not_go,
        replay.lines,
        replay.moves,
        replay.passes,
        replay.illegal.len(),
        replay.malformed.len()
    );
    for illegal in &replay.illegal {
        println!("  illegal: {illegal}");
    }
    for malformed in &replay.malformed {
        println!("  malformed: {malformed}");
    }
    assert_eq!(files, 16);
    assert_eq!(
        (replay.games, replay.not_go, replay.lines),
        (17, 0, 65),
        "games, games not Go, lines of play"
    );
    assert_eq!((replay.moves, replay.passes), (1_544, 6));
    assert_eq!(replay.malformed, Vec::<String>::new());
    // FF[4]'s example file plays a suicide on purpose ("Suicide move (all B stones get
    // captured)"), in a game with no `RU`: under the default Japanese rules it is illegal.
    // The unit test `the_ff4_example_captures_what_its_comments_say` plays it under NZ.
    let illegal: Vec<String> = replay.illegal.iter().map(ToString::to_string).collect();
    assert_eq!(
        illegal,
        [
            "sgf-parse/resources/test/ff4_ex.sgf game 1 move 21 B[qs]: suicide: the stones would \
          have no liberty"
        ]
    );
}
