//! Speed of the draughts rules: move generation over the perft tree from the start
//! position (every node generates its moves and applies each), in nodes per second.
//!
//! `cargo bench -p kifu-rules --bench draughts`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use kifu_rules::draughts::{legal_moves, Position, Variant};

/// Leaves below `position` at `depth`, counting every path as `legal_moves` lists them.
fn perft(position: &Position, depth: u32) -> u64 {
    let moves = legal_moves(position);
    if depth <= 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft(&position.apply(m), depth - 1))
        .sum()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (variant, depth) in [
        (Variant::International, 4),
        (Variant::English, 6),
        (Variant::Russian, 6),
        (Variant::Frisian, 4),
        (Variant::Turkish, 4),
    ] {
        let start = Position::new(variant);
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("{variant} depth {depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
