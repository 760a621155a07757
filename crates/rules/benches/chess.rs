//! Replaying chess games: kifu's `Position::play` (text in, position and facts out) beside
//! shakmaty alone (`San::from_ascii`, `San::to_move`, `play_unchecked`), on the main lines
//! of the pgn-reader benchmark files, so the figure is a ratio that does not depend on the
//! machine.
//!
//! `cargo bench -p kifu-rules --bench chess`

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kifu_rules::chess::{CheckMark, Dialect, Position, Variant};
use kifu_syntax::pgn::{self, ast::MovetextItem};
use shakmaty::san::San;
use shakmaty::{Chess, Position as _};

/// The main line of every standard game from the start position in the bench files.
fn games() -> Vec<Vec<String>> {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/pgn/pgn-reader-bench");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("SKIPPED: the shared corpus is not at {}", dir.display());
        return Vec::new();
    };
    let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    let mut games = Vec::new();
    for path in paths {
        let bytes = std::fs::read(&path).expect("readable corpus file");
        let text = String::from_utf8_lossy(&bytes);
        let parse = pgn::parse(&text);
        for game in parse.source_file().games() {
            if game.tag("FEN").is_some() || game.tag("Variant").is_some() {
                continue;
            }
            let Some(movetext) = game.movetext() else {
                continue;
            };
            games.push(
                movetext
                    .items()
                    .filter_map(|item| match item {
                        MovetextItem::SanMove(m) => m.san(),
                        _ => None,
                    })
                    .collect(),
            );
        }
    }
    games
}

fn bench(c: &mut Criterion) {
    let games = games();
    if games.is_empty() {
        return;
    }
    let moves: usize = games.iter().map(Vec::len).sum();
    eprintln!("{} games, {moves} moves", games.len());
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(moves as u64));
    group.sample_size(20);
    group.bench_function("kifu play", |b| {
        b.iter(|| {
            let mut played = 0;
            for game in &games {
                let mut position = Position::new(Variant::Standard);
                for m in game {
                    match position.play(m, &Dialect::ENGLISH) {
                        Ok(p) => position = p.into_position(),
                        Err(_) => break,
                    }
                    played += 1;
                }
            }
            black_box(played)
        })
    });
    group.bench_function("kifu play + check mark", |b| {
        b.iter(|| {
            let mut wrong = 0;
            for game in &games {
                let mut position = Position::new(Variant::Standard);
                for m in game {
                    match position.play(m, &Dialect::ENGLISH) {
                        Ok(p) => {
                            wrong += usize::from(p.written_check() != p.check_mark());
                            position = p.into_position();
                        }
                        Err(_) => break,
                    }
                }
            }
            black_box(wrong)
        })
    });
    // What `kifu check`'s replay does for each move: play in place, then the mark the
    // move deserves.
    group.bench_function("kifu play_mut + deserved mark", |b| {
        b.iter(|| {
            let mut checks = 0;
            for game in &games {
                let mut position = Position::new(Variant::Standard);
                for m in game {
                    if position.play_mut(m, &Dialect::ENGLISH).is_err() {
                        break;
                    }
                    checks += usize::from(position.deserved_mark() != CheckMark::None);
                }
            }
            black_box(checks)
        })
    });
    group.bench_function("shakmaty san to_move", |b| {
        b.iter(|| {
            let mut played = 0;
            for game in &games {
                let mut position = Chess::default();
                for m in game {
                    let Ok(san) = San::from_ascii(m.as_bytes()) else {
                        break;
                    };
                    let Ok(m) = san.to_move(&position) else {
                        break;
                    };
                    position.play_unchecked(m);
                    played += 1;
                }
            }
            black_box(played)
        })
    });
    group.finish();

    // The FEN of every position of the games, as `kifu export` writes one after each move.
    let mut positions = Vec::with_capacity(moves);
    for game in &games {
        let mut position = Position::new(Variant::Standard);
        for m in game {
            match position.play(m, &Dialect::ENGLISH) {
                Ok(p) => position = p.into_position(),
                Err(_) => break,
            }
            positions.push(position.clone());
        }
    }
    let mut group = c.benchmark_group("fen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.sample_size(20);
    group.bench_function("kifu append_fen", |b| {
        let mut out = Vec::with_capacity(128);
        b.iter(|| {
            let mut bytes = 0;
            for position in &positions {
                out.clear();
                position.append_fen(&mut out);
                bytes += out.len();
            }
            black_box(bytes)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
