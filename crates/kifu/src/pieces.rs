//! Parsing a file piece by piece, the games of each piece in parallel, results in order.

use std::sync::mpsc;

use kifu_syntax::pgn::{Games, PlainGame};
use kifu_syntax::NodeCache;

use crate::lines::Lines;
use kifu_input::{read, Chunk, ChunkReader, Notation, Source};

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
    // The texts of the pieces done with, whose buffers the reader reads into again.
    let (done, given_back) = mpsc::channel::<String>();
    std::thread::scope(|scope| {
        scope.spawn(move || loop {
            while let Ok(text) = given_back.try_recv() {
                reader.give_back(text);
            }
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
            let _ = done.send(chunk.text);
        }
        Ok(())
    })
}

/// How much of a piece one task reads plain games in: enough to pay for the task, small
/// enough that both cores get work from a piece.
const PART_BYTES: usize = 256 << 10;

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
    kifu_ide::check::pgn_games(
        &piece.chunk.text,
        PART_BYTES,
        &|game| plain(piece, game),
        &|games, i, cache| per_game(piece, games, i, cache),
    )
}

/// How many bytes of files read whole (SGF and PDN) `kifu check` reads and checks at once,
/// as a PGN file's pieces are.
pub const CHECK_BATCH_BYTES: u64 = 8 << 20;

/// How many bytes of files read whole `kifu export` reads and exports at once: the JSON of
/// a Go game with a position per move is some hundred times its SGF, and a batch's JSON is
/// held until it is written.
pub const EXPORT_BATCH_BYTES: u64 = 256 << 10;

/// The leading run of `files` read whole (SGF and PDN), up to `budget` bytes of them (one
/// file at least), each read and handed to `each` on every core; the results in the order
/// of the files. A directory of a thousand Go games was handled on one core. With
/// `apart`, the run also stops before a file larger than that, which the caller handles
/// on its own (unless it is the first).
pub fn whole_files<T: Send>(
    files: &[Source],
    budget: u64,
    apart: Option<u64>,
    each: impl Fn(&Source, Vec<u8>) -> T + Sync,
) -> Vec<std::io::Result<T>> {
    use rayon::prelude::*;
    let mut total = 0;
    let run = files
        .iter()
        .take_while(|source| {
            if !matches!(source.notation, Notation::Sgf | Notation::Pdn) || total > budget {
                return false;
            }
            let size = source.file_size();
            if apart.is_some_and(|limit| size.is_some_and(|size| size > limit)) {
                return false;
            }
            // Standard input, whose size is not known, counts as a whole batch.
            total += size.unwrap_or(budget + 1);
            true
        })
        .count()
        .max(1);
    files[..run]
        .par_iter()
        .map(|source| {
            let bytes = read::read_whole(source, read::MAX_WHOLE_FILE_BYTES)?;
            Ok(each(source, bytes))
        })
        .collect()
}
