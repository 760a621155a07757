//! `kifu export`: games as JSON for databases, streamed game by game. The data model is
//! kifu-ide's (`kifu_ide::export`); the CLI reads, cuts and writes.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};

use kifu_ide::export::{ExportOptions, ExportedGame, Span};
use kifu_ide::game::{Game, GameRef};
use kifu_ide::{check, Document};

use crate::lines::Lines;
use crate::pieces::{
    self, for_each_piece_plain, plain_in_memory, whole_files, Models, Piece, EXPORT_BATCH_BYTES,
};
use crate::progress::Progress;
use crate::ExitStatus;
use kifu_input::files;
use kifu_input::read::{self, Source};
use kifu_input::Notation;
use kifu_syntax::pgn::Games;
use kifu_syntax::{NodeCache, SyntaxError, TextRange};
use rayon::prelude::*;

/// The output shapes of `kifu export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// One JSON array of games.
    Json,
    /// One game per line (JSON Lines).
    Jsonl,
}

/// Runs `kifu export`; `notation` is how to read standard input and the files named.
pub fn run(
    paths: &[PathBuf],
    format: ExportFormat,
    notation: Option<Notation>,
    options: ExportOptions,
) -> ExitStatus {
    let found = files::find(paths, notation);
    found.report();
    let progress = Progress::for_files(&found.files);
    let mut status = if found.failed() == 0 {
        ExitStatus::Clean
    } else {
        ExitStatus::CouldNotRun
    };
    let mut writer = Writer::start(format);
    // SGF and PDN files read whole, a run of them at a time on every core, each written in
    // its turn: the JSON of each game of each file.
    let mut prepared: VecDeque<io::Result<(Vec<GameJson>, usize)>> = VecDeque::new();
    for (k, path) in found.files.iter().enumerate() {
        writer.check(status);
        let name = path.display().to_string();
        let room = GameJson::head_room(&name);
        let result = match path.notation {
            Notation::Sgf | Notation::Pdn if prepared.is_empty() && large(path) => {
                export_large(path, &name, options, &mut writer, status)
                    .map(|bytes| progress.advance(bytes))
            }
            // SGF and PDN files read whole as documents, small PGN files as one piece
            // (as in the pieces below), a batch of them on every core.
            _ if batched(path) => {
                if prepared.is_empty() {
                    // A run stops before a large file, which is exported apart.
                    let files = &found.files[k..];
                    let apart = Some(EXPORT_BATCH_BYTES);
                    let read = whole_files(
                        files,
                        EXPORT_BATCH_BYTES,
                        apart,
                        batched,
                        |source, bytes| {
                            let name = source.display().to_string();
                            if source.notation == Notation::Pgn {
                                return pgn_in_memory(&name, &bytes, options);
                            }
                            let document = Document::from_bytes(source.notation, &bytes);
                            let lines = Lines::new(document.text(), 0, 0);
                            let games = document
                                .export(&name, options, &|range| lines.span(range))
                                .iter()
                                .map(|game| {
                                    let mut json = Vec::with_capacity(1024);
                                    game.write_json(&mut json);
                                    GameJson::whole(json)
                                })
                                .collect();
                            Ok((games, bytes.len()))
                        },
                    );
                    prepared.extend(read.into_iter().map(|read| read.and_then(|read| read)));
                }
                prepared
                    .pop_front()
                    .expect("the file was prepared")
                    .map(|(games, bytes)| {
                        writer.write(games, status);
                        progress.advance(bytes);
                    })
            }
            // Games are turned into JSON text in parallel; only the writing is in order.
            // Each game's model is made (plain games without a tree, the others from
            // theirs), turned into JSON and dropped in one go, on the core that read it;
            // the head of its JSON, which holds its index in the file, is written in front
            // of it once the games before it are counted.
            // (Only PGN is not `batched`.)
            _ => for_each_piece_plain(
                path,
                Models(|piece: &Piece<'_>, range: TextRange, model: &Game| {
                    plain_game_json(&name, room, piece, range, model, options)
                }),
                |piece, games, i, cache| {
                    grammar_game_json(&name, room, piece, games, i, cache, options)
                },
                |piece, games_before, mut json| {
                    let mut head = Vec::new();
                    for (i, game) in json.iter_mut().enumerate() {
                        game.write_head(&name, games_before + i + 1, &mut head);
                    }
                    writer.write(json, status);
                    progress.advance(piece.chunk.bytes);
                },
            ),
        };
        if let Err(err) = result {
            eprintln!("kifu: cannot read {name}: {err}");
            status = ExitStatus::CouldNotRun;
        }
    }
    progress.finish();
    writer.finish(status);
    status
}

/// Whether `source` is exported with others in a batch on every core: SGF and PDN files
/// (those over [`EXPORT_BATCH_BYTES`] are exported apart, see [`large`]), and PGN files
/// under that size, each read as one piece (see [`pgn_in_memory`]).
fn batched(source: &Source) -> bool {
    pieces::batched(source, EXPORT_BATCH_BYTES)
}

/// The JSON of every game of a small PGN file, heads written, and its size: the file read
/// as one piece on the calling thread, each game as the pieces of a large file export it
/// (a folder of a thousand small files, each read in pieces with threads of its own,
/// spent most of its time switching threads).
fn pgn_in_memory(
    name: &str,
    bytes: &[u8],
    options: ExportOptions,
) -> io::Result<(Vec<GameJson>, usize)> {
    let room = GameJson::head_room(name);
    let read = plain_in_memory(
        bytes,
        &Models(|piece: &Piece<'_>, range: TextRange, model: &Game| {
            plain_game_json(name, room, piece, range, model, options)
        }),
        &|piece: &Piece<'_>, games: &Games<'_>, i, cache: &mut NodeCache| {
            grammar_game_json(name, room, piece, games, i, cache, options)
        },
    )?;
    let mut json = read.map(|(_, json)| json).unwrap_or_default();
    let mut head = Vec::new();
    for (i, game) in json.iter_mut().enumerate() {
        game.write_head(name, i + 1, &mut head);
    }
    Ok((json, bytes.len()))
}

/// The JSON of a plain game of a PGN file's piece (see [`piece_game_json`]).
fn plain_game_json(
    name: &str,
    room: usize,
    piece: &Piece<'_>,
    range: TextRange,
    model: &Game,
    options: ExportOptions,
) -> GameJson {
    let read = piece.chunk.warning_of(range);
    let game = GameRef {
        game: model,
        text: &piece.chunk.text,
        offset: range.start(),
    };
    piece_game_json(name, room, piece, game, read.as_slice(), options)
}

/// The JSON of a game of a PGN file's piece that the grammar reads (see
/// [`piece_game_json`]).
fn grammar_game_json(
    name: &str,
    room: usize,
    piece: &Piece<'_>,
    games: &Games<'_>,
    i: usize,
    cache: &mut NodeCache,
    options: ExportOptions,
) -> GameJson {
    let parse = games.parse_game(i, cache);
    // This game's own decoding warning (it is not UTF-8) among its errors.
    let warnings = piece.chunk.warning_of(games.range(i));
    let diagnostics = check::merged(Vec::from_iter(warnings), &parse.errors);
    let model = Game::pgn(&parse.green);
    let game = GameRef {
        game: &model,
        text: &piece.chunk.text,
        offset: parse.offset,
    };
    piece_game_json(name, room, piece, game, &diagnostics, options)
}

/// The JSON of a game of a PGN file's piece, without its head (see [`GameJson`]).
fn piece_game_json(
    file: &str,
    room: usize,
    piece: &Piece<'_>,
    game: GameRef<'_>,
    diagnostics: &[SyntaxError],
    options: ExportOptions,
) -> GameJson {
    // Sized from the game's text (tags, comments) and its moves: a move's JSON is some 230
    // bytes with its position and 100 without, whatever its text. Sized from the text
    // alone (six bytes for each), a game of dense movetext outgrew its buffer two or three
    // times, each time copied whole: 2.6% of an export's instructions.
    let size = JsonSize {
        per_byte: 2,
        per_move: if options.no_positions { 110 } else { 240 },
    };
    game_json(
        file,
        room,
        game,
        diagnostics,
        options,
        &|range| piece.lines.span(range),
        size,
    )
}

/// A game's JSON, its head (`{"file":"…","index":7`, which a game read in parallel with
/// those before it cannot know) written in front of the rest when its index is known:
/// room for the longest head is left at the front of the buffer.
struct GameJson {
    bytes: Vec<u8>,
    /// Where the JSON starts in `bytes`.
    start: usize,
}

impl GameJson {
    /// JSON made whole.
    fn whole(bytes: Vec<u8>) -> GameJson {
        GameJson { bytes, start: 0 }
    }

    /// Room for the longest head of a game of `file`: its index as large as it can be.
    fn head_room(file: &str) -> usize {
        let mut head = Vec::new();
        ExportedGame::write_json_head(file, usize::MAX, &mut head);
        head.len()
    }

    /// Writes the head, for game `index` of `file`, in front of the rest; `head` is a
    /// buffer the caller keeps from game to game (this runs for each game in turn, on the
    /// thread that hands out the pieces).
    fn write_head(&mut self, file: &str, index: usize, head: &mut Vec<u8>) {
        head.clear();
        ExportedGame::write_json_head(file, index, head);
        let start = self.start - head.len();
        self.bytes[start..self.start].copy_from_slice(head);
        self.start = start;
    }

    fn json(&self) -> &[u8] {
        &self.bytes[self.start..]
    }
}

/// How much room a game's JSON is given before it is written (see [`game_json`]).
#[derive(Debug, Clone, Copy)]
struct JsonSize {
    /// Bytes for each byte of the game's text.
    per_byte: usize,
    /// Bytes for each move, besides.
    per_move: usize,
}

/// The JSON of a chess or draughts game but its head ([`GameJson::write_head`]), its steps
/// borrowed from a table of its own ([`ExportedGame::with_steps`]), in a buffer sized by
/// `size` for the game's text and moves and a kilobyte, so that it is seldom grown;
/// `room` is [`GameJson::head_room`] of `file`.
fn game_json<'a>(
    file: &'a str,
    room: usize,
    game: GameRef<'a>,
    diagnostics: impl IntoIterator<Item = &'a SyntaxError>,
    options: ExportOptions,
    span: &dyn Fn(TextRange) -> Span,
    size: JsonSize,
) -> GameJson {
    let steps = ExportedGame::steps(game, options);
    // Everything borrowed for as long as the steps live.
    let diagnostics = diagnostics.into_iter().map(|d| d as &SyntaxError);
    // The index is in the head, which the caller writes: the body does not read it.
    let exported = ExportedGame::with_steps(file, 0, game, &steps, diagnostics, span);
    let mut bytes = Vec::with_capacity(
        room + usize::from(game.game.len) * size.per_byte
            + game.game.moves.len() * size.per_move
            + 1024,
    );
    bytes.resize(room, b' ');
    exported.write_json_body(&mut bytes);
    GameJson { bytes, start: room }
}

/// Whether `source` is an SGF or PDN file larger than a run of files read whole: it is then
/// exported apart ([`export_large`]), and a run of files read whole stops before it.
fn large(source: &Source) -> bool {
    matches!(source.notation, Notation::Sgf | Notation::Pdn)
        && source
            .file_size()
            .is_some_and(|size| size > EXPORT_BATCH_BYTES)
}

/// About how much of a large PDN file's text is exported at once (its JSON, with a
/// position per move, some twelve times as much).
const PDN_RUN_BYTES: usize = 512 << 10;

/// About how much of a large SGF file's JSON is handed to the writer at once.
const SGF_RUN_JSON_BYTES: usize = 8 << 20;

/// A large SGF or PDN file: read whole and parsed as one document (a game's diagnostics
/// are the document's), then its games' JSON handed to `writer` a run at a time, each run
/// made after the one before it was handed over. A PDN file's games are turned into JSON
/// on every core; an SGF file's one after the other (its game trees are rowan's, which
/// stay on one thread). Returns the file's size.
///
/// The file's games were all exported, then their JSON held until written: a PDN file of
/// 20 MB took 5.4–6.9 s and 1.24 GB; an SGF collection of 8,000 Go games (11 MB) 73 s
/// and 10 GB.
fn export_large(
    source: &Source,
    name: &str,
    options: ExportOptions,
    writer: &mut Writer,
    status: ExitStatus,
) -> io::Result<usize> {
    let bytes = read::read_whole(source, read::MAX_WHOLE_FILE_BYTES)?;
    let document = Document::from_bytes(source.notation, &bytes);
    let lines = Lines::new(document.text(), 0, 0);
    let span = |range| lines.span(range);
    if source.notation == Notation::Sgf {
        let mut run: Vec<GameJson> = Vec::new();
        let mut run_bytes = 0;
        document.export_each(name, options, &span, &mut |game| {
            let mut json = Vec::with_capacity(4096);
            game.write_json(&mut json);
            run_bytes += json.len();
            run.push(GameJson::whole(json));
            if run_bytes >= SGF_RUN_JSON_BYTES {
                writer.write(std::mem::take(&mut run), status);
                run_bytes = 0;
            }
        });
        writer.write(run, status);
        return Ok(bytes.len());
    }
    let games = document.games_with_diagnostics();
    // A PDN move's JSON, with its FEN, is some twelve times its text.
    let size = JsonSize {
        per_byte: if options.no_positions { 4 } else { 12 },
        per_move: 0,
    };
    let mut start = 0;
    while start < games.len() {
        let mut end = start;
        let mut text = 0;
        while end < games.len() && text < PDN_RUN_BYTES {
            text += usize::from(games[end].0.game.len);
            end += 1;
        }
        let room = GameJson::head_room(name);
        let json: Vec<GameJson> = games[start..end]
            .par_iter()
            .enumerate()
            .map(|(i, (game, own))| {
                let mut json =
                    game_json(name, room, *game, own.iter().copied(), options, &span, size);
                json.write_head(name, start + i + 1, &mut Vec::new());
                json
            })
            .collect();
        writer.write(json, status);
        start = end;
    }
    Ok(bytes.len())
}

impl ExportFormat {
    /// What stands between two games.
    fn separator(self) -> &'static [u8] {
        match self {
            ExportFormat::Json => b",\n",
            ExportFormat::Jsonl => b"\n",
        }
    }
}

/// The JSON of the games, written in order on a thread of its own while the next piece's
/// games are read and turned into JSON: written by the thread that hands out the pieces,
/// it was a step of every piece during which a core had nothing to do. When a write fails
/// (the reader went away, the disk is full), the run ends as the next file or piece is
/// handed over, with what it found until then, as if it had stopped at that write.
struct Writer {
    /// Each batch of games' JSON, then `None` when every game is written: only then is
    /// the output closed (`]`), so a run that stops on a panic leaves no valid JSON.
    sender: Option<mpsc::SyncSender<Option<Vec<GameJson>>>>,
    thread: Option<std::thread::JoinHandle<io::Result<()>>>,
    /// Whether a write failed (the thread has stopped and says why when joined).
    failed: Arc<AtomicBool>,
}

impl Writer {
    fn start(format: ExportFormat) -> Writer {
        // One batch waiting while one is written: the memory of two pieces' JSON at most.
        let (sender, receiver) = mpsc::sync_channel::<Option<Vec<GameJson>>>(0);
        let failed = Arc::new(AtomicBool::new(false));
        let failing = Arc::clone(&failed);
        let thread = std::thread::spawn(move || {
            let mut out = io::BufWriter::with_capacity(1 << 16, crate::stdout::unbuffered());
            let written = write_batches(&mut out, format, receiver);
            if written.is_err() {
                failing.store(true, Ordering::Release);
            }
            written
        });
        Writer {
            sender: Some(sender),
            thread: Some(thread),
            failed,
        }
    }

    /// Ends the run, with `status`, if a write has failed.
    fn check(&mut self, status: ExitStatus) {
        if self.failed.load(Ordering::Acquire) {
            self.finish(status);
        }
    }

    /// Hands `batch`, the JSON of games one by one, to the writing thread; ends the run,
    /// with `status`, if writing failed.
    fn write(&mut self, batch: Vec<GameJson>, status: ExitStatus) {
        self.check(status);
        let sent = self.sender.as_ref().map(|sender| sender.send(Some(batch)));
        if !matches!(sent, Some(Ok(()))) {
            self.finish(status);
        }
    }

    /// Closes the output and waits for everything to be written; ends the run, with
    /// `status`, if it failed.
    fn finish(&mut self, status: ExitStatus) {
        if let Some(sender) = self.sender.take() {
            // Refused only when the thread has stopped on a failed write, told below.
            let _ = sender.send(None);
        }
        if let Some(thread) = self.thread.take() {
            match thread.join() {
                Ok(Ok(())) => {}
                Ok(Err(err)) => crate::stdout::write_failed(&err, status),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    }
}

/// What the writing thread does: the batches from `receiver`, each game after the
/// format's separator, then the output's end once told that every game is written.
fn write_batches(
    out: &mut impl Write,
    format: ExportFormat,
    receiver: mpsc::Receiver<Option<Vec<GameJson>>>,
) -> io::Result<()> {
    let mut first = true;
    if format == ExportFormat::Json {
        out.write_all(b"[")?;
    }
    for batch in receiver {
        let Some(batch) = batch else {
            match format {
                ExportFormat::Jsonl if !first => out.write_all(b"\n")?,
                ExportFormat::Jsonl => {}
                ExportFormat::Json => out.write_all(b"\n]\n")?,
            }
            break;
        };
        // Each game's JSON freed as soon as it is written.
        for json in batch {
            let sep: &[u8] = match (format, first) {
                (ExportFormat::Json, true) => b"\n",
                (ExportFormat::Jsonl, true) => b"",
                (_, false) => format.separator(),
            };
            first = false;
            out.write_all(sep)?;
            out.write_all(json.json())?;
        }
    }
    out.flush()
}
