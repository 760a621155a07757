//! Parsing a file piece by piece, the games of each piece in parallel, results in order.

use std::collections::VecDeque;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use kifu_ide::check::{plain_part, stitched, PlainPart};
use kifu_ide::game::{Game, PlainModels};
use kifu_syntax::pgn::{read_plain, Games};
use kifu_syntax::{NodeCache, TextRange};

use crate::lines::{LineTables, Lines};
use kifu_input::{read, Chunk, ChunkReader, Notation, PieceText, Source};

/// A piece of a file being parsed: its text and its line index.
pub struct Piece<'c> {
    /// The text and where it is in the file.
    pub chunk: &'c Chunk,
    /// Lines and columns of the piece.
    pub lines: Lines<'c>,
}

/// How much of a piece one task reads plain games in: enough to pay for the task, small
/// enough that both cores get work from a piece.
const PART_BYTES: usize = 256 << 10;

/// How many pieces the reader reads ahead of the one whose results are being written: one,
/// checked while the last parts of the piece before it are read and its results written.
/// With two, `kifu check --syntax-only`, whose checking outruns the reading, was 10% slower
/// (three pieces of 4 MiB held at once), for a gain of the check with its replay within
/// the noise of the one round that compared them.
const READ_AHEAD: usize = 1;

/// How the tasks read the plain games of a piece's parts (see [`for_each_piece_plain`]):
/// each task reads game after game with a `Scratch`, one that a finished task left (or a
/// new one), and leaves it for the next.
pub trait PlainReader<T>: Sync {
    /// What a task reads its games with (handed on to a later task when it is done).
    type Scratch: Default + Send;
    /// Reads the game at `at` of the piece, if it is plain: where it ends, and its result.
    fn read(&self, piece: &Piece<'_>, scratch: &mut Self::Scratch, at: usize)
        -> Option<(usize, T)>;
}

/// A plain reader of the syntax alone: it hands each plain game's range in the piece to a
/// function (the check's without the replay), and builds nothing.
pub struct Syntax<F>(pub F);

impl<T, F: Fn(&Piece<'_>, TextRange) -> T + Sync> PlainReader<T> for Syntax<F> {
    type Scratch = ();

    #[inline]
    fn read(&self, piece: &Piece<'_>, _: &mut (), at: usize) -> Option<(usize, T)> {
        let range = read_plain(piece.chunk.text.as_bytes(), at, &mut ())?.range;
        Some((usize::from(range.end()), (self.0)(piece, range)))
    }
}

/// A plain reader that reads each game straight into its model ([`PlainModels`]) and hands
/// the model to a function with the game's range in the piece: the check's with the
/// replay, and the export's.
pub struct Models<F>(pub F);

impl<T, F: Fn(&Piece<'_>, TextRange, &Game) -> T + Sync> PlainReader<T> for Models<F> {
    type Scratch = PlainModels;

    #[inline]
    fn read(&self, piece: &Piece<'_>, models: &mut PlainModels, at: usize) -> Option<(usize, T)> {
        models.read(&piece.chunk.text, at, |range, model| {
            (self.0)(piece, range, model)
        })
    }
}

/// A piece being checked, shared by the tasks that read its parts and the thread that
/// puts them together and writes its results.
struct Shared<T> {
    chunk: Chunk,
    /// The tables of its lines, made once for all the tasks (the export asks every game's
    /// lines).
    lines: LineTables,
    /// Where its parts start (see [`cut_points`]).
    cuts: Vec<usize>,
    /// Each part's plain games, as its task finishes.
    parts: Mutex<Vec<Option<PlainPart<T>>>>,
    /// How many parts are still being read.
    missing: AtomicUsize,
    /// Where its text goes once no one holds it: the reader reads into its buffer again
    /// (a window of a mapped file is unmapped there).
    give_back: mpsc::Sender<PieceText>,
}

impl<T> Shared<T> {
    fn piece(&self) -> Piece<'_> {
        let chunk = &self.chunk;
        Piece {
            chunk,
            lines: Lines::sharing(&chunk.text, chunk.offset, chunk.first_line, &self.lines),
        }
    }
}

impl<T> Drop for Shared<T> {
    fn drop(&mut self) {
        let _ = self.give_back.send(std::mem::take(&mut self.chunk.text));
    }
}

/// What the thread that reads and the tasks tell the thread that writes.
enum Event {
    /// The next piece, or why there is none.
    Read(std::io::Result<Chunk>),
    /// The end of the file.
    End,
    /// Every part of a piece is read.
    Done,
    /// A task panicked, with this payload.
    Panicked(Box<dyn std::any::Any + Send>),
}

/// Reads `source` in pieces and checks them: `plain` reads each plain game (most games of
/// a database), `per_game` the others, read from the piece's tree (`Games`); hands each
/// piece's results to `sink` in the order of the file, with how many games came before
/// it. The results are those `per_game` would give for every game when `plain` gives what
/// `per_game` does for a plain game: the games are cut as the grammar cuts them (see
/// [`Games::new_in`]).
///
/// A reader thread reads, decodes and finds the end of the next piece while the pieces
/// before are checked ([`READ_AHEAD`]). Each piece is cut into parts of [`PART_BYTES`],
/// each read as plain games by a task of its own on any core: a core done with one piece's
/// parts takes the next one's, while this thread puts the first piece's parts together
/// and writes its results. (A piece at a time, both cores waited at each piece's end for
/// the one that read its last part, and while its results were written.)
pub fn for_each_piece_plain<T: Send>(
    source: &Source,
    plain: impl PlainReader<T>,
    per_game: impl Fn(&Piece<'_>, &Games<'_>, usize, &mut NodeCache) -> T + Sync,
    sink: impl FnMut(&Piece<'_>, usize, Vec<T>),
) -> std::io::Result<()> {
    for_each_piece_of(ChunkReader::open(source)?, plain, per_game, sink)
}

/// [`for_each_piece_plain`] of the pieces `reader` reads. An error of the reader ends the
/// pieces: those before it are checked and handed to `sink`, and the error comes back.
fn for_each_piece_of<T: Send, P: PlainReader<T>>(
    mut reader: ChunkReader<'_>,
    plain: P,
    per_game: impl Fn(&Piece<'_>, &Games<'_>, usize, &mut NodeCache) -> T + Sync,
    mut sink: impl FnMut(&Piece<'_>, usize, Vec<T>),
) -> std::io::Result<()> {
    let (events, inbox) = mpsc::channel::<Event>();
    // The texts of the pieces done with; each lets the reader read one more piece.
    let (done, given_back) = mpsc::channel::<PieceText>();
    let plain = &plain;
    // The scratches of the tasks that are done, for the next tasks: a part's task started
    // with a new model, whose tables grew again in its first games (0.4% of the check's
    // instructions, 430 parts of 256 KiB in 110 MB). Each read resets the model first.
    let scratches: &Mutex<Vec<P::Scratch>> = &Mutex::new(Vec::new());
    std::thread::scope(|threads| {
        let read = events.clone();
        threads.spawn(move || {
            let mut out = 0;
            loop {
                while out > READ_AHEAD {
                    let Ok(text) = given_back.recv() else { return };
                    reader.give_back(text);
                    out -= 1;
                }
                while let Ok(text) = given_back.try_recv() {
                    reader.give_back(text);
                    out -= 1;
                }
                let event = match reader.next_chunk() {
                    Ok(Some(chunk)) => Event::Read(Ok(chunk)),
                    Ok(None) => Event::End,
                    Err(err) => Event::Read(Err(err)),
                };
                let last = !matches!(event, Event::Read(Ok(_)));
                if read.send(event).is_err() || last {
                    return;
                }
                out += 1;
            }
        });
        rayon::in_place_scope(|tasks| {
            // Moved in: the reader stops waiting for a buffer when this ends, however it
            // ends (the pieces hold clones, which the tasks drop).
            let done = done;
            // The pieces being checked, in order.
            let mut flight: VecDeque<Arc<Shared<T>>> = VecDeque::new();
            let mut reading = true;
            let mut failed = None;
            let mut games_before = 0;
            loop {
                // The pieces at the front whose parts are all read (the event that said
                // so may still be on its way).
                while flight
                    .front()
                    .is_some_and(|shared| shared.missing.load(Ordering::Acquire) == 0)
                {
                    let shared = flight.pop_front().expect("a piece");
                    let parts =
                        std::mem::take(&mut *shared.parts.lock().expect("no task panicked"));
                    let parts = parts.into_iter().map(|p| p.expect("every part")).collect();
                    let piece = shared.piece();
                    let results = stitched(
                        &piece.chunk.text,
                        &shared.cuts,
                        parts,
                        &|games, i, cache| per_game(&piece, games, i, cache),
                    );
                    let games = results.len();
                    sink(&piece, games_before, results);
                    games_before += games;
                }
                if !reading && flight.is_empty() {
                    return failed.map_or(Ok(()), Err);
                }
                match inbox
                    .recv()
                    .expect("the reader and the tasks end with an event")
                {
                    Event::Read(Ok(chunk)) => {
                        let cuts = chunk.cut_points(PART_BYTES);
                        let n = cuts.len();
                        let shared = Arc::new(Shared {
                            chunk,
                            lines: LineTables::default(),
                            cuts,
                            parts: Mutex::new((0..n).map(|_| None).collect()),
                            missing: AtomicUsize::new(n),
                            give_back: done.clone(),
                        });
                        for k in 0..n {
                            let shared = Arc::clone(&shared);
                            let events = events.clone();
                            tasks.spawn(move |_| {
                                let read = std::panic::catch_unwind(AssertUnwindSafe(|| {
                                    let piece = shared.piece();
                                    let mut scratch = scratches
                                        .lock()
                                        .expect("no task panicked holding it")
                                        .pop()
                                        .unwrap_or_default();
                                    let part =
                                        plain_part(&piece.chunk.text, &shared.cuts, k, |at| {
                                            plain.read(&piece, &mut scratch, at)
                                        });
                                    scratches
                                        .lock()
                                        .expect("no task panicked holding it")
                                        .push(scratch);
                                    part
                                }));
                                match read {
                                    Ok(part) => {
                                        shared.parts.lock().expect("no task panicked")[k] =
                                            Some(part);
                                        // The last part's task tells: one event a piece.
                                        if shared.missing.fetch_sub(1, Ordering::AcqRel) == 1 {
                                            let _ = events.send(Event::Done);
                                        }
                                    }
                                    Err(payload) => {
                                        let _ = events.send(Event::Panicked(payload));
                                    }
                                }
                            });
                        }
                        flight.push_back(shared);
                    }
                    Event::Read(Err(err)) => {
                        failed = Some(err);
                        reading = false;
                    }
                    Event::End => reading = false,
                    Event::Done => {}
                    Event::Panicked(payload) => std::panic::resume_unwind(payload),
                }
            }
        })
    })
}

/// Whether `source` is read whole, in a batch of files on every core (see [`whole_files`]):
/// an SGF or PDN file, or a PGN file smaller than `small_pgn` bytes, read as one piece (see
/// [`plain_in_memory`]).
pub fn batched(source: &Source, small_pgn: u64) -> bool {
    matches!(source.notation, Notation::Sgf | Notation::Pdn)
        || (source.notation == Notation::Pgn
            && source.file_size().is_some_and(|size| size < small_pgn))
}

/// The largest PGN file `kifu check` reads whole, with others in a batch on every core,
/// rather than in pieces with a thread that reads (see [`plain_in_memory`]): the size of
/// the first piece of a file read in pieces.
pub const SMALL_PGN_BYTES: u64 = kifu_input::read::FIRST_PIECE_BYTES as u64;

/// [`for_each_piece_plain`] of a PGN file held in memory, read as one piece on the calling
/// thread: its piece and the results of its games, `None` for a file with no text. For a
/// small file, whose games cost less than the threads that read and check a file in
/// pieces: a folder of a thousand game files spent most of its time switching threads.
/// The piece's parts ([`in_memory_part_bytes`]) are read on every core: a file checked
/// alone is not left to one of them.
pub fn plain_in_memory<T: Send, P: PlainReader<T>>(
    bytes: &[u8],
    plain: &P,
    per_game: &(impl Fn(&Piece<'_>, &Games<'_>, usize, &mut NodeCache) -> T + Sync),
) -> std::io::Result<Option<(Chunk, Vec<T>)>> {
    use rayon::prelude::*;
    let Some(chunk) = ChunkReader::whole(bytes)?.next_chunk()? else {
        return Ok(None);
    };
    let tables = LineTables::default();
    let piece = || Piece {
        chunk: &chunk,
        lines: Lines::sharing(&chunk.text, chunk.offset, chunk.first_line, &tables),
    };
    let text = &chunk.text;
    let cuts = chunk.cut_points(in_memory_part_bytes(text.len()));
    let parts = (0..cuts.len())
        .into_par_iter()
        .map_init(
            || (piece(), P::Scratch::default()),
            |(piece, scratch), k| plain_part(text, &cuts, k, |at| plain.read(piece, scratch, at)),
        )
        .collect();
    let whole = piece();
    let results = stitched(text, &cuts, parts, &|games, i, cache| {
        per_game(&whole, games, i, cache)
    });
    drop(whole);
    Ok(Some((chunk, results)))
}

/// The smallest part of a file read in memory that a task of its own reads: some 0.3 ms
/// of checking, a hundred times the cost of the task.
const IN_MEMORY_PART_MIN: usize = 32 << 10;

/// How much of a file of `len` bytes read in memory one task reads: two parts for each
/// core, of [`IN_MEMORY_PART_MIN`] to [`PART_BYTES`]. (In parts of [`PART_BYTES`], a file
/// under 256 KiB was one part, and one core checked it while the other waited.)
fn in_memory_part_bytes(len: usize) -> usize {
    (len / (2 * rayon::current_num_threads()).max(1)).clamp(IN_MEMORY_PART_MIN, PART_BYTES)
}

/// How many bytes of files read whole (SGF and PDN) `kifu check` reads and checks at once,
/// as a PGN file's pieces are.
pub const CHECK_BATCH_BYTES: u64 = 8 << 20;

/// How many bytes of files read whole `kifu export` reads and exports at once: the JSON of
/// a Go game with a position per move is some hundred times its SGF, and a batch's JSON is
/// held until it is written.
pub const EXPORT_BATCH_BYTES: u64 = 256 << 10;

/// The leading run of `files` that `batched` says are read whole (SGF and PDN, and for
/// `kifu check` small PGN files), up to `budget` bytes of them (one file at least), each
/// read and handed to `each` on every core; the results in the order of the files. A
/// directory of a thousand Go games was handled on one core. With `apart`, the run also
/// stops before a file larger than that, which the caller handles on its own (unless it
/// is the first).
pub fn whole_files<T: Send>(
    files: &[Source],
    budget: u64,
    apart: Option<u64>,
    batched: impl Fn(&Source) -> bool,
    each: impl Fn(&Source, Vec<u8>) -> T + Sync,
) -> Vec<std::io::Result<T>> {
    use rayon::prelude::*;
    let mut total = 0;
    let run = files
        .iter()
        .take_while(|source| {
            if !batched(source) || total > budget {
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

#[cfg(test)]
mod tests {
    use std::io::{self, Read};
    use std::sync::{mpsc, Mutex};
    use std::time::Duration;

    use kifu_input::ChunkReader;
    use kifu_syntax::pgn::Games;

    use super::{for_each_piece_of, Piece, Syntax};

    /// Some 3 MB of games: most plain, a few read by the grammar (a comment between tag
    /// pairs, a `%` escape line, and from there to the end of their part), a few with a
    /// blank line between their tag pairs (where a part is cut though no game starts).
    fn database() -> String {
        let mut text = String::new();
        let mut n = 0;
        while text.len() < 3 << 20 {
            let moves = "1. e4 e5 2. Nf3 {A comment} Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 Nf6";
            match n % 8000 {
                5 => text.push_str(&format!(
                    "[Event \"{n}\"]\n{{between tags}}\n[Site \"?\"]\n\n{moves} 1-0\n\n"
                )),
                4000 => text.push_str(&format!(
                    "[Event \"{n}\"]\n[Site \"?\"]\n\n%an escape line\n{moves} 0-1\n\n"
                )),
                6000 => text.push_str(&format!("[Event \"{n}\"]\n\n[Site \"?\"]\n\n{moves} *\n\n")),
                _ => text.push_str(&format!(
                    "[Event \"{n}\"]\n[Site \"?\"]\n[Date \"2026.12.03\"]\n\n{moves} 1/2-1/2\n\n"
                )),
            }
            n += 1;
        }
        text
    }

    /// Where each game of `text` starts, as the grammar cuts the whole text.
    fn game_starts(text: &str) -> Vec<usize> {
        let games = Games::new(text);
        (0..games.len())
            .map(|i| usize::from(games.range(i).start()))
            .collect()
    }

    /// What [`starts_read`] saw.
    struct Reading {
        result: io::Result<()>,
        /// Each game's start, as the sink got them.
        starts: Vec<usize>,
        /// How many pieces the sink got.
        pieces: usize,
        /// The starts of the games read plain, in order.
        plain: Vec<usize>,
    }

    /// Reads its bytes, then fails: a disk or a network file system gone in the middle of
    /// a file.
    struct Failing {
        bytes: io::Cursor<Vec<u8>>,
        fail_at: u64,
    }

    impl Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let left = self.fail_at.saturating_sub(self.bytes.position());
            if left == 0 {
                return Err(io::Error::other("the disk is gone"));
            }
            let n = buf.len().min(left as usize);
            self.bytes.read(&mut buf[..n])
        }
    }

    /// Each game's start in the file, as the pieces give them: by its plain reading or by
    /// the grammar. `meet` is called with the start of each game read plain, before it is
    /// read (to panic there, or to take its time). Runs on a thread of its own, so that a
    /// test that would hang fails instead.
    fn starts_read(
        reader: ChunkReader<'static>,
        meet: impl Fn(usize) + Send + Sync + 'static,
    ) -> std::thread::Result<Reading> {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
                let mut starts = Vec::new();
                let mut pieces = 0;
                let plain = Mutex::new(Vec::new());
                let result = for_each_piece_of(
                    reader,
                    Syntax(|piece: &Piece<'_>, range: kifu_syntax::TextRange| {
                        let at = piece.chunk.offset + usize::from(range.start());
                        meet(at);
                        plain.lock().unwrap().push(at);
                        at
                    }),
                    |piece: &Piece<'_>, games: &Games<'_>, i, _| {
                        piece.chunk.offset + usize::from(games.range(i).start())
                    },
                    |_, before, results| {
                        assert_eq!(before, starts.len(), "the games before the piece");
                        starts.extend(results);
                        pieces += 1;
                    },
                );
                let mut plain = plain.into_inner().unwrap();
                plain.sort_unstable();
                Reading {
                    result,
                    starts,
                    pieces,
                    plain,
                }
            }));
            let _ = tx.send(run);
        });
        rx.recv_timeout(Duration::from_secs(60))
            .expect("the pieces end, whatever happens in them")
    }

    fn reader(text: &str, fail_at: Option<u64>) -> ChunkReader<'static> {
        let bytes = io::Cursor::new(text.as_bytes().to_vec());
        let fail_at = fail_at.unwrap_or(u64::MAX);
        ChunkReader::new(Failing { bytes, fail_at }, 1 << 20, 64 << 20).unwrap()
    }

    #[test]
    fn every_game_comes_once_in_order_across_pieces_and_parts() {
        let text = database();
        let read = starts_read(reader(&text, None), |_| {}).unwrap();
        read.result.unwrap();
        assert!(read.pieces >= 4, "{} pieces", read.pieces);
        assert_eq!(read.starts, game_starts(&text));
        // Both ways of reading a game were taken, most games plain.
        let grammar = read.starts.len() - read.plain.len();
        assert!(
            grammar > 0 && read.plain.len() > grammar,
            "{grammar} by the grammar"
        );
    }

    /// A file of games without tag pairs, whose pieces are cut into parts at their games
    /// (found when each piece is lexed whole): every game once, in order, as the grammar
    /// cuts the whole text, most of them plain, from more parts than pieces.
    #[test]
    fn a_file_without_tag_pairs_is_read_in_parts_of_its_pieces() {
        let mut text = String::new();
        let mut n = 0;
        while text.len() < 3 << 20 {
            match n % 4000 {
                7 | 1007 => text.push_str("1. e4 {a comment\n\n1. d4 over lines} e5 2. Nf3 *\n\n"),
                13 | 2013 => text.push_str("1. e4 e5 ; a line comment {\n2. Nf3 Nc6 1-0\n\n"),
                99 if n < 4000 => text.push_str("1. e4 ) e5 2. Nf3 *\n\n"),
                _ => text.push_str("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6) 4. Ba4 1/2-1/2\n\n"),
            }
            n += 1;
        }
        let read = starts_read(reader(&text, None), |_| {}).unwrap();
        read.result.unwrap();
        assert!(read.pieces >= 3, "{} pieces", read.pieces);
        assert_eq!(read.starts, game_starts(&text));
        let grammar = read.starts.len() - read.plain.len();
        assert!(
            grammar > 0 && read.plain.len() > 10 * grammar,
            "{grammar} by the grammar"
        );
    }

    /// A file held in memory, read as one piece on one thread (a small file of a folder),
    /// gives the games that reading it in pieces gives, in order, and all of its text.
    #[test]
    fn a_file_read_in_memory_gives_the_games_read_in_pieces() {
        let text = database();
        let read = starts_read(reader(&text, None), |_| {}).unwrap();
        read.result.unwrap();
        let plain = Syntax(|piece: &Piece<'_>, range: kifu_syntax::TextRange| {
            piece.chunk.offset + usize::from(range.start())
        });
        let per_game = |piece: &Piece<'_>, games: &Games<'_>, i, _: &mut kifu_syntax::NodeCache| {
            piece.chunk.offset + usize::from(games.range(i).start())
        };
        let (chunk, starts) = super::plain_in_memory(text.as_bytes(), &plain, &per_game)
            .unwrap()
            .expect("a piece");
        assert_eq!(chunk.text.as_str(), text);
        assert_eq!(starts, read.starts);
        assert!(super::plain_in_memory(b"", &plain, &per_game)
            .unwrap()
            .is_none());
    }

    /// A file smaller than a part of a piece (256 KiB), read in memory, gives both cores
    /// work: its games are read on both threads of a pool of two (each game takes a little
    /// while, so that the second thread surely takes a part), and come in order.
    #[test]
    fn a_small_file_read_in_memory_is_read_on_every_core() {
        let whole = database();
        let end = kifu_syntax::pgn::cut_point_after(whole.as_bytes(), 200 << 10).unwrap();
        let text = &whole[..end];
        let threads = Mutex::new(std::collections::BTreeSet::new());
        let plain = Syntax(|_: &Piece<'_>, range: kifu_syntax::TextRange| {
            std::thread::sleep(Duration::from_micros(20));
            threads
                .lock()
                .unwrap()
                .insert(rayon::current_thread_index());
            usize::from(range.start())
        });
        let per_game = |_: &Piece<'_>, games: &Games<'_>, i, _: &mut kifu_syntax::NodeCache| {
            usize::from(games.range(i).start())
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let (_, starts) = pool
            .install(|| super::plain_in_memory(text.as_bytes(), &plain, &per_game))
            .unwrap()
            .expect("a piece");
        assert_eq!(starts, game_starts(text));
        let threads = threads.into_inner().unwrap();
        assert_eq!(
            threads,
            [Some(0), Some(1)].into_iter().collect(),
            "the threads that read games"
        );
    }

    #[test]
    fn a_read_error_mid_file_ends_with_the_error_after_the_pieces_before() {
        let text = database();
        let all = game_starts(&text);
        let fail_at = text.len() * 3 / 5;
        // The last piece before the error takes its time: the error is read while it is
        // still being checked.
        let second = text.len() / 5 * 2;
        let slow = all.iter().copied().find(|&s| s > second).unwrap();
        let read = starts_read(reader(&text, Some(fail_at as u64)), move |at| {
            if at == slow {
                std::thread::sleep(Duration::from_millis(300));
            }
        })
        .unwrap();
        let error = read.result.expect_err("the read error comes back");
        assert_eq!(error.to_string(), "the disk is gone");
        // Every game of the pieces read before the error, in order; none after.
        let mut alone = reader(&text, Some(fail_at as u64));
        let (mut pieces, mut end) = (0, 0);
        while let Ok(Some(chunk)) = alone.next_chunk() {
            pieces += 1;
            end = chunk.offset + chunk.text.len();
        }
        assert!(pieces >= 2, "{pieces} pieces before the error");
        assert_eq!(read.pieces, pieces);
        let before: Vec<usize> = all.into_iter().take_while(|&s| s < end).collect();
        assert_eq!(read.starts, before);
    }

    #[test]
    fn a_panic_in_a_task_comes_back_and_nothing_hangs() {
        let text = database();
        let plain = starts_read(reader(&text, None), |_| {}).unwrap().plain;
        // A game read plain in the middle of the file, in a piece after the first.
        let at = plain[plain.len() / 2];
        let payload = match starts_read(reader(&text, None), move |start| {
            assert_ne!(start, at, "a task's panic at {at}");
        }) {
            Ok(_) => panic!("the task's panic did not come back"),
            Err(payload) => payload,
        };
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default();
        assert!(
            message.contains(&format!("a task's panic at {at}")),
            "{message}"
        );
    }
}
