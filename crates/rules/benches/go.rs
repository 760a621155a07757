//! Moves per second of the Go rules on the main lines of the 1,000 Fox games: in place, with
//! a position kept per move (as an editor's replay does), and under positional superko.
//!
//! The records are parsed once beforehand, so only the rules are measured.
//!
//! `cargo bench -p kifu-rules --bench go`

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kifu_rules::go::{BoardSize, Color, Ko, Point, Position, Rect, RuleSet, Rules};

/// A game as the rules take it: the start (setup done) and the main line's moves.
struct Game {
    start: Position,
    moves: Vec<(Color, Option<Point>)>,
}

/// Reads a game's main line; setup after the first move is left out, and the moves after
/// an illegal one, so that every move in the list can be played.
fn game(text: &str, ko: Ko) -> Option<Game> {
    let parse = kifu_syntax::sgf::parse(text);
    let tree = parse.collection().game_trees().next()?;
    let mut size = BoardSize::STANDARD;
    let mut rules = Rules::default();
    let mut setup = Vec::new();
    let mut moves = Vec::new();
    let mut line = Some(tree);
    while let Some(tree) = line {
        for node in tree.nodes() {
            for property in node.properties() {
                let Some(ident) = property.canonical_ident() else {
                    continue;
                };
                for value in property.raw_values() {
                    match ident.as_str() {
                        "SZ" => size = BoardSize::from_sgf(&value)?,
                        "RU" => rules = RuleSet::from_sgf(&value).map(Rules::of).unwrap_or(rules),
                        "AB" | "AW" if moves.is_empty() => {
                            let color = if ident == "AB" {
                                Color::Black
                            } else {
                                Color::White
                            };
                            let rect = Rect::from_sgf(&value).ok()?;
                            setup.extend(rect.points().map(|p| (p, Some(color))));
                        }
                        "B" | "W" => {
                            let color = if ident == "B" {
                                Color::Black
                            } else {
                                Color::White
                            };
                            moves.push((color, size.parse_move(&value).ok()?));
                        }
                        _ => {}
                    }
                }
            }
        }
        line = tree.variations().next();
    }
    let mut start = Position::new(size, rules.with_ko(ko));
    start.setup(setup).ok()?;
    // Records with their handicap stones left out have a few illegal moves: stop there.
    let mut now = start.clone();
    let legal = moves
        .iter()
        .take_while(|&&(color, point)| now.play_in_place(color, point).is_ok())
        .count();
    moves.truncate(legal);
    Some(Game { start, moves })
}

fn bench(c: &mut Criterion) {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/sgf/fox-pro-sample");
    let mut paths = Vec::new();
    kifu_testing::game_files(&dir, &["sgf"], &mut paths);
    if paths.is_empty() {
        eprintln!("SKIPPED: the shared corpus is not at {}", dir.display());
        return;
    }
    paths.sort();
    let texts: Vec<String> = paths
        .iter()
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).expect("readable")).into_owned())
        .collect();
    for (name, ko) in [
        ("simple ko", Ko::Simple),
        ("superko", Ko::PositionalSuperko),
    ] {
        let games: Vec<Game> = texts.iter().filter_map(|t| game(t, ko)).collect();
        let moves: usize = games.iter().map(|g| g.moves.len()).sum();
        eprintln!("{} games, {moves} moves", games.len());
        let mut group = c.benchmark_group(format!("fox-pro-sample, {name}"));
        group.throughput(Throughput::Elements(moves as u64));
        group.sample_size(20);
        group.bench_function("play_in_place", |b| {
            b.iter(|| {
                let mut captures = 0;
                for game in &games {
                    let mut now = game.start.clone();
                    for &(color, point) in &game.moves {
                        if let Ok(removed) = now.play_in_place(color, black_box(point)) {
                            captures += removed.captured.len();
                        }
                    }
                }
                captures
            })
        });
        group.bench_function("play, a position per move", |b| {
            b.iter(|| {
                let mut positions = Vec::new();
                for game in &games {
                    let mut now = game.start.clone();
                    for &(color, point) in &game.moves {
                        if let Ok(played) = now.play(color, black_box(point)) {
                            now = played.position.clone();
                            positions.push(played.position);
                        }
                    }
                }
                positions.len()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
