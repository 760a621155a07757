//! `kifu export`: games as JSON for databases, streamed game by game. The data model is
//! kifu-ide's (`kifu_ide::export`); the CLI reads, cuts and writes.

use std::io::{self, Write};
use std::path::PathBuf;

use kifu_ide::export::{ExportOptions, ExportedGame};
use kifu_ide::game::{Game, GameRef};
use kifu_ide::{check, Document};

use crate::lines::Lines;
use crate::pieces::for_each_piece;
use crate::progress::Progress;
use crate::ExitStatus;
use kifu_input::files;
use kifu_input::{read as input, Notation};

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
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut status = if found.failed() == 0 {
        ExitStatus::Clean
    } else {
        ExitStatus::CouldNotRun
    };
    let mut first = true;
    if format == ExportFormat::Json {
        let _ = out.write_all(b"[");
    }
    for path in &found.files {
        let name = path.display().to_string();
        let mut emit = |json: &[u8]| {
            let sep: &[u8] = match (format, first) {
                (ExportFormat::Json, true) => b"\n",
                (ExportFormat::Json, false) => b",\n",
                (ExportFormat::Jsonl, true) => b"",
                (ExportFormat::Jsonl, false) => b"\n",
            };
            first = false;
            if let Err(err) = out.write_all(sep).and_then(|()| out.write_all(json)) {
                crate::stdout::write_failed(&err, status);
            }
        };
        let result = match path.notation {
            Notation::Sgf | Notation::Pdn => input::read_whole(path, input::MAX_WHOLE_FILE_BYTES)
                .map(|bytes| {
                    let document = Document::from_bytes(path.notation, &bytes);
                    let lines = Lines::new(document.text(), 0, 0);
                    for game in document.export(&name, options, &|range| lines.span(range)) {
                        emit(&serde_json::to_vec(&game).unwrap_or_default());
                    }
                    progress.advance(bytes.len());
                }),
            // Games are turned into JSON text in parallel; only the writing is in order.
            Notation::Pgn => for_each_piece(
                path,
                |piece, games, i, cache| {
                    let parse = games.parse_game(i, cache);
                    let model = Game::pgn(&parse.green);
                    let game = GameRef {
                        game: &model,
                        text: &piece.chunk.text,
                        offset: parse.offset,
                    };
                    // This game's own decoding warning (it is not UTF-8) among its errors.
                    let warnings = piece.chunk.warnings_in(games.range(i));
                    let diagnostics = check::merged(warnings.to_vec(), &parse.errors);
                    let json = ExportedGame::new(
                        &name,
                        piece.games_before + i + 1,
                        game,
                        &diagnostics,
                        &|range| piece.lines.span(range),
                    );
                    serde_json::to_vec(&json).unwrap_or_default()
                },
                |piece, games| {
                    for json in games {
                        emit(&json);
                    }
                    progress.advance(piece.chunk.bytes);
                },
            ),
        };
        if let Err(err) = result {
            eprintln!("kifu: cannot read {name}: {err}");
            status = ExitStatus::CouldNotRun;
        }
    }
    if format == ExportFormat::Jsonl && !first {
        let _ = out.write_all(b"\n");
    }
    if format == ExportFormat::Json {
        let _ = out.write_all(b"\n]\n");
    }
    progress.finish();
    let _ = out.flush();
    status
}
