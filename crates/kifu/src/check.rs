//! `kifu check`: diagnostics for files and directories, like a linter.

use std::io::{self, Write};
use std::path::PathBuf;

use annotate_snippets::Renderer;
use kifu_syntax::{Severity, SyntaxError};

use crate::files;
use crate::input::{self, Notation};
use crate::lines::Lines;
use crate::pieces::for_each_piece;
use crate::progress::Progress;
use crate::report::{render, JsonDiagnostic};
use crate::selection::Selection;
use crate::stdout::write_failed;
use crate::{ExitStatus, Format};

/// What `kifu check` was asked to do, beside the paths.
pub struct Options {
    /// How to write diagnostics.
    pub format: Format,
    /// Whether the human format is coloured.
    pub color: bool,
    /// How to read standard input and the files named (`--notation`).
    pub notation: Option<Notation>,
    /// Which diagnostics are reported.
    pub selection: Selection,
}

/// What `check` found. Diagnostics are counted by severity under the names the JSON uses.
#[derive(Default)]
struct Tally {
    files: usize,
    games: usize,
    errors: usize,
    warnings: usize,
    info: usize,
    hints: usize,
    /// Paths that could not be read (given, found by walking, or failing while read).
    unreadable: usize,
    /// Paths a walk skipped on purpose (cycles, FIFOs).
    skipped: usize,
    /// Folders given with no game file in them.
    empty: usize,
}

impl Tally {
    fn count(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Info => self.info += 1,
            Severity::Hint => self.hints += 1,
        }
    }

    /// The exit status of what was found so far.
    fn status(&self) -> ExitStatus {
        if self.unreadable > 0 || self.empty > 0 {
            ExitStatus::CouldNotRun
        } else if self.errors > 0 {
            ExitStatus::Problems
        } else {
            ExitStatus::Clean
        }
    }
}

/// Runs `kifu check`.
pub fn run(paths: &[PathBuf], options: &Options) -> ExitStatus {
    let Options {
        format,
        color,
        notation,
        ref selection,
    } = *options;
    let found = files::find(paths, notation);
    found.report();
    let files = &found.files;
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let progress = Progress::for_files(files);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut tally = Tally {
        unreadable: found.unreadable.len(),
        skipped: found.skipped.len(),
        empty: found.empty.len(),
        ..Tally::default()
    };
    for source in files {
        let name = source.display();
        let mut report = |errors: &[SyntaxError], lines: &Lines<'_>| {
            for error in errors.iter().filter(|e| selection.shows(e)) {
                tally.count(error.severity());
                let written = match format {
                    Format::Human => writeln!(out, "{}\n", render(&renderer, &name, error, lines)),
                    Format::Json => {
                        serde_json::to_writer(&mut out, &JsonDiagnostic::new(&name, error, lines))
                            .map_err(io::Error::from)
                            .and_then(|()| writeln!(out))
                    }
                };
                if let Err(err) = written {
                    write_failed(&err, tally.status());
                }
            }
        };
        // The games of a file cut short by an error in reading were still checked.
        let mut games = 0;
        let result = match source.notation {
            Notation::Sgf => input::read_whole(source, input::MAX_WHOLE_FILE_BYTES).map(|bytes| {
                let file = crate::sgf::read(&bytes);
                games = file.parse.collection().game_trees().count();
                report(&file.errors, &Lines::new(&file.text, 0, 0));
                progress.advance(bytes.len());
            }),
            Notation::Pdn => input::read_text(source, Notation::Pdn).map(|(text, warnings)| {
                let parse = kifu_syntax::pdn::parse(&text);
                games = parse.games().count();
                let errors: Vec<SyntaxError> = warnings
                    .into_iter()
                    .chain(parse.errors().iter().cloned())
                    .collect();
                report(&errors, &Lines::new(&text, 0, 0));
                progress.advance(text.len());
            }),
            Notation::Pgn => for_each_piece(
                source,
                // Diagnostics need no tree: the grammar alone runs about 3× faster.
                // A game read as Windows-1252 says so first.
                |piece, games, i, _| {
                    let mut errors = piece.chunk.warnings_in(games.range(i)).to_vec();
                    errors.extend(games.validate_game(i));
                    errors
                },
                |piece, per_game: Vec<Vec<SyntaxError>>| {
                    games += per_game.len();
                    let errors: Vec<SyntaxError> = per_game.into_iter().flatten().collect();
                    report(&errors, &piece.lines);
                    progress.advance(piece.chunk.bytes);
                },
            ),
        };
        tally.games += games;
        match result {
            Ok(()) => tally.files += 1,
            Err(err) => {
                eprintln!("kifu: cannot read {name}: {err}");
                tally.unreadable += 1;
            }
        }
    }
    progress.finish();
    let status = tally.status();
    let summary = summary(&tally);
    let written = match format {
        Format::Human => writeln!(out, "{summary}"),
        Format::Json => Ok(()),
    }
    .and_then(|()| out.flush());
    if let Err(err) = written {
        write_failed(&err, status);
    }
    if format == Format::Json {
        // Stdout stays JSON Lines.
        eprintln!("{summary}");
    }
    status
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn summary(tally: &Tally) -> String {
    let mut found = Vec::new();
    for (n, one, many) in [
        (tally.errors, "error", "errors"),
        (tally.warnings, "warning", "warnings"),
        (tally.info, "info", "info"),
        (tally.hints, "hint", "hints"),
    ] {
        if n > 0 {
            found.push(plural(n, one, many));
        }
    }
    let found = if found.is_empty() {
        "no problems".to_string()
    } else {
        found.join(", ")
    };
    let mut line = format!(
        "checked {} ({}): {found}",
        plural(tally.files, "file", "files"),
        plural(tally.games, "game", "games"),
    );
    if tally.unreadable > 0 {
        line.push_str(&format!(
            "; {} could not be read",
            plural(tally.unreadable, "path", "paths")
        ));
    }
    if tally.empty > 0 {
        line.push_str(&format!(
            "; {} with no game files",
            plural(tally.empty, "folder", "folders")
        ));
    }
    if tally.skipped > 0 {
        line.push_str(&format!(
            "; {} skipped",
            plural(tally.skipped, "path", "paths")
        ));
    }
    line
}
