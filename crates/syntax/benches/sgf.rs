//! Throughput of the lossless SGF parse (with its checks) on the 1,000 Fox games, beside the
//! `sgf-parse` crate parsing the same text.
//!
//! `cargo bench -p kifu-syntax --bench sgf`

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/sgf/fox-pro-sample");
    let mut paths = Vec::new();
    kifu_testing::game_files(&dir, &["sgf"], &mut paths);
    if paths.is_empty() {
        eprintln!("SKIPPED: the shared corpus is not at {}", dir.display());
        return;
    }
    // Lossy UTF-8, as both parsers take text; the bytes are nearly all UTF-8 anyway.
    let texts: Vec<String> = paths
        .iter()
        .map(|p| String::from_utf8_lossy(&std::fs::read(p).expect("readable")).into_owned())
        .collect();
    let total: usize = texts.iter().map(String::len).sum();
    let accepted = texts.iter().filter(|t| sgf_parse::parse(t).is_ok()).count();
    eprintln!(
        "{} files, {total} bytes; sgf-parse accepts {accepted}",
        texts.len()
    );
    let mut group = c.benchmark_group("fox-pro-sample");
    group.throughput(Throughput::Bytes(total as u64));
    group.sample_size(20);
    group.bench_function("kifu lossless tree + checks", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| kifu_syntax::sgf::parse(black_box(t)).errors().len())
                .sum::<usize>()
        })
    });
    group.bench_function("sgf-parse", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| sgf_parse::parse(black_box(t)).map_or(0, |trees| trees.len()))
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
