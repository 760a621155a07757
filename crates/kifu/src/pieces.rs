//! Parsing a file piece by piece, the games of each piece in parallel, results in order.

use std::path::Path;

use kifu_syntax::pgn::{GameParse, Games};
use kifu_syntax::NodeCache;
use rayon::prelude::*;

use crate::input::{Chunk, ChunkReader};

/// Reads `path` in pieces; parses each game with `per_game` on all cores; hands each piece
/// and its games' results, in file order, to `sink`.
pub fn for_each_piece<T: Send>(
    path: &Path,
    per_game: impl Fn(&Games<'_>, usize, GameParse) -> T + Sync,
    mut sink: impl FnMut(&Chunk, Vec<T>),
) -> std::io::Result<()> {
    let mut reader = ChunkReader::open(path)?;
    while let Some(chunk) = reader.next_chunk()? {
        let games = Games::new(&chunk.text);
        let results: Vec<T> = (0..games.len())
            .into_par_iter()
            .map_init(NodeCache::default, |cache, i| {
                let parse = games.parse_game(i, cache);
                per_game(&games, i, parse)
            })
            .collect();
        sink(&chunk, results);
    }
    Ok(())
}
