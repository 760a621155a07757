//! `kifu export`: games as JSON for databases, streamed game by game.

use std::io::{self, Write};
use std::path::PathBuf;

use kifu_ide::export::ExportedGame;
use kifu_ide::game::{Game, GameRef};
use kifu_ide::{Document, Notation as DocumentNotation};

use crate::input::{self, Notation};
use crate::pieces::for_each_piece;
use crate::progress::Progress;
use crate::report::Lines;
use crate::ExitStatus;

/// The output shapes of `kifu export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// One JSON array of games.
    Json,
    /// One game per line (JSON Lines).
    Jsonl,
}

/// Runs `kifu export`.
pub fn run(paths: &[PathBuf], format: ExportFormat) -> ExitStatus {
    let files = match input::collect_files(paths) {
        Ok(files) => files,
        Err(message) => {
            eprintln!("kifu: {message}");
            return ExitStatus::CouldNotRun;
        }
    };
    let progress = Progress::for_files(&files);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut status = ExitStatus::Clean;
    let mut first = true;
    if format == ExportFormat::Json {
        let _ = out.write_all(b"[");
    }
    for path in &files {
        let name = path.display().to_string();
        let mut emit = |json: &[u8]| {
            let sep: &[u8] = match (format, first) {
                (ExportFormat::Json, true) => b"\n",
                (ExportFormat::Json, false) => b",\n",
                (ExportFormat::Jsonl, true) => b"",
                (ExportFormat::Jsonl, false) => b"\n",
            };
            first = false;
            if out
                .write_all(sep)
                .and_then(|()| out.write_all(json))
                .is_err()
            {
                std::process::exit(ExitStatus::CouldNotRun as i32);
            }
        };
        let result = match Notation::of(path) {
            Notation::Sgf => std::fs::read(path).map(|bytes| {
                let (text, warnings) = crate::sgf::decode(&bytes);
                let document = Document::new(DocumentNotation::Sgf, text);
                let lines = Lines::new(document.text(), 0, 0);
                for game in document.export(&name, &warnings, &|range| lines.span(range)) {
                    // SGF games have always been written with their keys sorted, as a
                    // `serde_json::Value` writes them.
                    let sorted = serde_json::to_value(&game).unwrap_or_default();
                    emit(&serde_json::to_vec(&sorted).unwrap_or_default());
                }
                progress.advance(bytes.len());
            }),
            Notation::Pdn => input::read_text(path).map(|(text, warning)| {
                let document = Document::new(DocumentNotation::Pdn, text);
                let lines = Lines::new(document.text(), 0, 0);
                let warning: Vec<_> = warning.into_iter().collect();
                for game in document.export(&name, &warning, &|range| lines.span(range)) {
                    emit(&serde_json::to_vec(&game).unwrap_or_default());
                }
                progress.advance(document.text().len());
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
                    let warning = piece.chunk.warning.as_ref().filter(|_| i == 0);
                    let json = ExportedGame::new(
                        &name,
                        piece.games_before + i + 1,
                        game,
                        warning.into_iter().chain(&parse.errors),
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
