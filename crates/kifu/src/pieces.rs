//! Parsing a file piece by piece, the games of each piece in parallel, results in order.

use std::sync::mpsc;

use kifu_syntax::pgn::{cut_points, game_start, plain_game, Games, PlainGame};
use kifu_syntax::NodeCache;
use rayon::prelude::*;

use crate::lines::Lines;
use kifu_input::{Chunk, ChunkReader, Source};

/// A piece of a file being parsed: its text, its line index, and how many games came before.
pub struct Piece<'c> {
    /// The text and where it is in the file.
    pub chunk: &'c Chunk,
    /// Lines and columns of the piece.
    pub lines: Lines<'c>,
    /// How many games of the file came before this piece.
    pub games_before: usize,
}

/// Reads `source` in pieces and hands each to `each`, which says how many games it had.
///
/// A reader thread reads, decodes and finds the end of the next piece while the games of
/// this one are parsed, so a large file keeps both cores busy.
fn read_pieces(source: &Source, mut each: impl FnMut(&Piece<'_>) -> usize) -> std::io::Result<()> {
    let mut reader = ChunkReader::open(source)?;
    // One piece waiting is enough to overlap reading with parsing, and bounds memory.
    let (sender, receiver) = mpsc::sync_channel::<std::io::Result<Chunk>>(1);
    std::thread::scope(|scope| {
        scope.spawn(move || loop {
            match reader.next_chunk() {
                Ok(Some(chunk)) => {
                    if sender.send(Ok(chunk)).is_err() {
                        return;
                    }
                }
                Ok(None) => return,
                Err(err) => {
                    let _ = sender.send(Err(err));
                    return;
                }
            }
        });
        let mut games_before = 0;
        for chunk in receiver {
            let chunk = chunk?;
            let piece = Piece {
                chunk: &chunk,
                lines: Lines::new(&chunk.text, chunk.offset, chunk.first_line),
                games_before,
            };
            games_before += each(&piece);
        }
        Ok(())
    })
}

/// How much of a piece one task reads plain games in: enough to pay for the task, small
/// enough that both cores get work from a piece.
const PART_BYTES: usize = 256 << 10;

/// A part of a piece read as plain games (see [`kifu_syntax::pgn::plain_game`]).
struct PlainPart<T> {
    /// Each plain game's result, in order.
    games: Vec<T>,
    /// Where each of them starts.
    starts: Vec<usize>,
    /// Where the next game starts after the last plain one.
    reached: usize,
    /// Whether the reading stopped at a game that is not plain (at `reached`).
    stopped: bool,
}

/// Like [`for_each_piece`], for readers that have a fast path: `plain` for each plain game
/// (most games of a database), `per_game` for the others, read from the piece's tree
/// (`Games`). The results are those `per_game` would give for every game when `plain`
/// gives what `per_game` does for a plain game: the games are cut as the grammar cuts them
/// (see [`Games::new_in`]).
pub fn for_each_piece_plain<T: Send>(
    source: &Source,
    plain: impl Fn(&Piece<'_>, &PlainGame) -> T + Sync,
    per_game: impl Fn(&Piece<'_>, &Games<'_>, usize, &mut NodeCache) -> T + Sync,
    mut sink: impl FnMut(&Piece<'_>, Vec<T>),
) -> std::io::Result<()> {
    read_pieces(source, |piece| {
        let results = piece_games(piece, &plain, &per_game);
        let games = results.len();
        sink(piece, results);
        games
    })
}

/// The results of every game of a piece (see [`games_of`]).
fn piece_games<T: Send>(
    piece: &Piece<'_>,
    plain: &(impl Fn(&Piece<'_>, &PlainGame) -> T + Sync),
    per_game: &(impl Fn(&Piece<'_>, &Games<'_>, usize, &mut NodeCache) -> T + Sync),
) -> Vec<T> {
    games_of(
        &piece.chunk.text,
        PART_BYTES,
        &|game| plain(piece, game),
        &|games, i, cache| per_game(piece, games, i, cache),
    )
}

/// The results of every game of `text`: its parts (of about `part_bytes`) read as plain
/// games in parallel, and from where a game is not plain (or a part does not start where
/// the games before end), the grammar's games up to the next part that does.
fn games_of<T: Send>(
    text: &str,
    part_bytes: usize,
    plain: &(impl Fn(&PlainGame) -> T + Sync),
    per_game: &(impl Fn(&Games<'_>, usize, &mut NodeCache) -> T + Sync),
) -> Vec<T> {
    let bytes = text.as_bytes();
    let cuts = cut_points(bytes, part_bytes);
    let mut parts: Vec<PlainPart<T>> = cuts
        .par_iter()
        .enumerate()
        .map_init(PlainGame::default, |game, (k, &start)| {
            let end = cuts.get(k + 1).copied().unwrap_or(bytes.len());
            let mut games = Vec::new();
            let mut starts = Vec::new();
            let mut at = game_start(bytes, start);
            let mut stopped = false;
            while at < end {
                match plain_game(bytes, at, game) {
                    Some(game_end) => {
                        games.push(plain(game));
                        starts.push(at);
                        at = game_start(bytes, game_end);
                    }
                    None => {
                        stopped = true;
                        break;
                    }
                }
            }
            PlainPart {
                games,
                starts,
                reached: at,
                stopped,
            }
        })
        .collect();
    let mut results = Vec::new();
    let mut at = game_start(bytes, 0);
    let mut k = 0;
    while k < parts.len() && at < bytes.len() {
        let part = &mut parts[k];
        // The part's games from the one that starts where the games before end: its first
        // game, unless one before it ran past the cut (a cut is not always a game's start).
        if let Ok(first) = part.starts.binary_search(&at) {
            results.extend(part.games.drain(first..));
            at = part.reached;
            if !part.stopped {
                k += 1;
                continue;
            }
        } else if part.starts.is_empty() && !part.stopped && part.reached <= at {
            // A part whose text the games before covered.
            k += 1;
            continue;
        }
        // The grammar's games from `at` to the next cut it ends at.
        let mut next = k + 1;
        let games = loop {
            let end = cuts.get(next).copied().unwrap_or(bytes.len());
            if end <= at {
                next += 1;
                continue;
            }
            let followed = end < bytes.len();
            let games = Games::new_in(text, at..end, followed);
            if followed && games.ends_in_tags() {
                next += 1;
                continue;
            }
            break games;
        };
        results.extend(
            (0..games.len())
                .into_par_iter()
                .map_init(NodeCache::default, |cache, i| per_game(&games, i, cache))
                .collect::<Vec<T>>(),
        );
        at = cuts.get(next).copied().unwrap_or(bytes.len());
        k = next;
    }
    results
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use kifu_ide::check;
    use kifu_syntax::pgn::Games;
    use kifu_syntax::{NodeCache, SyntaxError, TextRange, TextSize};

    use super::games_of;

    /// Each game's range and diagnostics, as the grammar reads every game of `text`.
    fn by_grammar(text: &str) -> Vec<(TextRange, Vec<SyntaxError>)> {
        let games = Games::new(text);
        let mut cache = NodeCache::default();
        (0..games.len())
            .map(|i| {
                (
                    games.range(i),
                    check::pgn_game(&games, i, &[], true, &mut cache),
                )
            })
            .collect()
    }

    /// The same, as `kifu check` reads `text` in parts of `part_bytes`.
    fn by_parts(text: &str, part_bytes: usize) -> Vec<(TextRange, Vec<SyntaxError>)> {
        games_of(
            text,
            part_bytes,
            &|plain| {
                (
                    TextRange::at(TextSize::from(plain.start as u32), plain.len),
                    check::pgn_plain_game(text, plain, &[], true),
                )
            },
            &|games, i, cache| (games.range(i), check::pgn_game(games, i, &[], true, cache)),
        )
    }

    /// Whatever the parts, and wherever games are not plain, the games and diagnostics of
    /// the fast path are the grammar's: on the corpus's PGN files, and on copies with a
    /// few bytes broken (fixed seeds).
    #[test]
    fn parts_read_as_the_grammar_reads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/pgn");
        if !dir.is_dir() {
            eprintln!("SKIPPED: the shared corpus is not beside the repository");
            return;
        }
        let mut texts = Vec::new();
        for file in [
            "tcec/TCEC_Season_1_-_Division_1.pgn",
            "tcec/TCEC_Season_20_-_Frc3_Final.pgn",
            "pgn-reader-bench/twic1599_1000k.pgn",
            "pgn-extract/test/infiles/fischer.pgn",
            "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
        ] {
            let bytes = std::fs::read(dir.join(file)).expect("a corpus file");
            texts.push(String::from_utf8_lossy(&bytes).into_owned());
        }
        let mut seed: u64 = 0x6b69_6675;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as usize) % n.max(1)
        };
        let breaks = [
            "{",
            "}",
            "(",
            ")",
            "\n[",
            "%",
            "$",
            "1-0",
            "\n\n[Event \"x\"]\n",
            ";",
        ];
        for text in texts.clone() {
            for _ in 0..4 {
                let mut broken = text.clone();
                for _ in 0..3 {
                    let mut at = next(broken.len());
                    while !broken.is_char_boundary(at) {
                        at -= 1;
                    }
                    broken.insert_str(at, breaks[next(breaks.len())]);
                }
                texts.push(broken);
            }
        }
        for (n, text) in texts.iter().enumerate() {
            let expected = by_grammar(text);
            for part_bytes in [1, 3_000, 40_000, 1 << 20] {
                assert!(
                    by_parts(text, part_bytes) == expected,
                    "text {n}, parts of {part_bytes} bytes: not the grammar's games"
                );
            }
        }
    }
}
