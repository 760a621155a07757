//! Parsing a file piece by piece, the games of each piece in parallel, results in order.

use std::sync::mpsc;

use kifu_syntax::pgn::Games;
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

/// Reads `source` in pieces; runs `per_game` on each game of each piece (given the piece, its
/// games, the game's index and a node cache for the thread) on all cores; hands each piece and its games' results, in file order, to
/// `sink`.
///
/// A reader thread reads, decodes and finds the game boundaries of the next piece while the
/// games of this one are parsed, so a large file keeps both cores busy.
pub fn for_each_piece<T: Send>(
    source: &Source,
    per_game: impl Fn(&Piece<'_>, &Games<'_>, usize, &mut NodeCache) -> T + Sync,
    mut sink: impl FnMut(&Piece<'_>, Vec<T>),
) -> std::io::Result<()> {
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
            let games = Games::new(&chunk.text);
            let results: Vec<T> = (0..games.len())
                .into_par_iter()
                .map_init(NodeCache::default, |cache, i| {
                    per_game(&piece, &games, i, cache)
                })
                .collect();
            games_before += games.len();
            sink(&piece, results);
        }
        Ok(())
    })
}
