//! Throughput of the lossless PGN parse, beside `pgn-reader` tokenizing the same bytes, so
//! the figure is a ratio that does not depend on the machine.
//!
//! `cargo bench -p kifu-syntax --bench parse`

use std::hint::black_box;
use std::ops::ControlFlow;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use pgn_reader::{Nag, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};

/// A visitor that looks at every token and keeps nothing: pgn-reader's tokenizer alone.
struct Tokens;

impl Visitor for Tokens {
    type Tags = ();
    type Movetext = usize;
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<usize, ()> {
        ControlFlow::Continue(())
    }
    fn tag(&mut self, _: &mut (), name: &[u8], _: RawTag<'_>) -> ControlFlow<usize> {
        black_box(name);
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<usize, usize> {
        ControlFlow::Continue(0)
    }
    fn san(&mut self, n: &mut usize, san: SanPlus) -> ControlFlow<usize> {
        black_box(san);
        *n += 1;
        ControlFlow::Continue(())
    }
    fn nag(&mut self, n: &mut usize, nag: Nag) -> ControlFlow<usize> {
        black_box(nag);
        *n += 1;
        ControlFlow::Continue(())
    }
    fn comment(&mut self, n: &mut usize, comment: RawComment<'_>) -> ControlFlow<usize> {
        black_box(comment);
        *n += 1;
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut usize) -> ControlFlow<usize, Skip> {
        ControlFlow::Continue(Skip(false))
    }
    fn end_game(&mut self, n: usize) -> usize {
        n
    }
}

fn files() -> Vec<(String, String)> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/pgn");
    let mut files = Vec::new();
    for dir in ["pgn-reader-bench", "tcec"] {
        let Ok(entries) = std::fs::read_dir(corpus.join(dir)) else {
            eprintln!(
                "SKIPPED {dir}: the shared corpus is not at {}",
                corpus.display()
            );
            continue;
        };
        let mut paths: Vec<_> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).expect("readable corpus file");
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let name = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            files.push((name, text));
        }
    }
    files
}

fn bench(c: &mut Criterion) {
    let files = files();
    let all: String = files
        .iter()
        .map(|(_, t)| t.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    for (name, text) in &files {
        let mut reader = Reader::new(text.as_bytes());
        let (mut games, mut tokens) = (0, 0);
        while let Ok(Some(n)) = reader.read_game(&mut Tokens) {
            games += 1;
            tokens += n;
        }
        eprintln!(
            "{name}: {} bytes, pgn-reader {games} games {tokens} tokens, kifu {} games",
            text.len(),
            kifu_syntax::pgn::Games::new(text).len()
        );
    }
    let mut inputs = files;
    inputs.push(("all".to_string(), all));
    for (name, text) in &inputs {
        let mut group = c.benchmark_group(name.as_str());
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(20);
        group.bench_function("kifu lossless tree", |b| {
            b.iter(|| black_box(kifu_syntax::pgn::parse_on_one_core(black_box(text))))
        });
        group.bench_function("kifu diagnostics, no tree", |b| {
            b.iter(|| {
                let games = kifu_syntax::pgn::Games::new(black_box(text));
                black_box(
                    (0..games.len())
                        .map(|i| games.validate_game(i).len())
                        .sum::<usize>(),
                )
            })
        });
        group.bench_function("kifu lex + split", |b| {
            b.iter(|| black_box(kifu_syntax::pgn::Games::new(black_box(text)).len()))
        });
        group.bench_function("pgn-reader tokens", |b| {
            b.iter(|| {
                let mut reader = Reader::new(text.as_bytes());
                let mut n = 0;
                while let Ok(Some(moves)) = reader.read_game(&mut Tokens) {
                    n += moves;
                }
                black_box(n)
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
