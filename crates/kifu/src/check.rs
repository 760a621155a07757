//! `kifu check`: diagnostics for files and directories, like a linter.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::path::PathBuf;

use kifu_ide::game::Game;
use kifu_ide::{check, Document};
use kifu_syntax::pgn::Games;
use kifu_syntax::{NodeCache, Severity, SyntaxError, TextRange};

use crate::lines::Lines;
use crate::pieces::{
    self, for_each_piece_plain, plain_in_memory, whole_files, Models, Piece, Syntax,
    CHECK_BATCH_BYTES, SMALL_PGN_BYTES,
};
use crate::progress::Progress;
use crate::report::{self, Shown};
use crate::selection::Selection;
use crate::stdout::write_failed;
use crate::{ExitStatus, Format};
use kifu_input::files;
use kifu_input::{read as input, Notation};

/// How many diagnostics of a file the human format shows unless told otherwise: enough to
/// fix a file by, few enough that a file of garbage does not scroll away for minutes.
pub const HUMAN_MAX_PER_FILE: usize = 50;

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
    /// At most this many diagnostics shown per file (`--max-errors`); 0 is no limit, `None`
    /// the format's default.
    pub max_per_file: Option<usize>,
    /// Whether to skip the replay (`--syntax-only`).
    pub syntax_only: bool,
}

impl Options {
    /// The most diagnostics shown per file: [`HUMAN_MAX_PER_FILE`] for people, all of them
    /// for programs, unless `--max-errors` says otherwise.
    fn max_per_file(&self) -> usize {
        match (self.max_per_file, self.format) {
            (Some(0), _) => usize::MAX,
            (Some(max), _) => max,
            (None, Format::Human) => HUMAN_MAX_PER_FILE,
            (None, _) => usize::MAX,
        }
    }
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
    /// Diagnostics counted but not shown, past `--max-errors`.
    left_out: usize,
    /// Paths that could not be read (given, found by walking, or failing while read).
    unreadable: usize,
    /// Paths a walk skipped on purpose (cycles, FIFOs).
    skipped: usize,
    /// Folders given with no game file in them.
    empty: usize,
}

impl Tally {
    /// Adds the diagnostics `other` counted.
    fn add(&mut self, other: &Tally) {
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.info += other.info;
        self.hints += other.hints;
    }

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
    let found = files::find(paths, options.notation);
    found.report();
    let max_per_file = options.max_per_file();
    let mut formatter = report::formatter(options.format, options.color);
    let progress = Progress::for_files(&found.files);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut tally = Tally {
        unreadable: found.unreadable.len(),
        skipped: found.skipped.len(),
        empty: found.empty.len(),
        ..Tally::default()
    };
    if let Err(err) = formatter.start(&mut out) {
        write_failed(&err, tally.status());
    }
    // SGF and PDN files read whole, a run of them at a time on every core (see `whole`),
    // each reported in its turn.
    let mut prepared: VecDeque<io::Result<Checked>> = VecDeque::new();
    for (k, source) in found.files.iter().enumerate() {
        let name = source.display();
        let file = FileReport {
            file: &name,
            selection: &options.selection,
            max: max_per_file,
        };
        let mut reported = Reported::default();
        // The games of a file cut short by an error in reading were still checked.
        let mut games = 0;
        let result = match source.notation {
            // SGF and PDN files are read whole, as a document: what the server shows; small
            // PGN files are read whole too, as one piece (see `whole`).
            _ if batched(source) => {
                if prepared.is_empty() {
                    prepared.extend(whole(&found.files[k..], options, max_per_file));
                }
                prepared
                    .pop_front()
                    .expect("the file was prepared")
                    .map(|checked| {
                        games = checked.games;
                        let written = match checked.report {
                            Report::Written(bytes, done) => {
                                reported = done;
                                out.write_all(&bytes)
                            }
                            Report::ToWrite { text, diagnostics } => file.write(
                                &mut *formatter,
                                &mut out,
                                &diagnostics,
                                &Lines::new(&text, 0, 0),
                                &mut reported,
                            ),
                        };
                        if let Err(err) = written {
                            tally.add(&reported.counts);
                            write_failed(&err, tally.status());
                        }
                        progress.advance(checked.bytes);
                    })
            }
            // A PGN file in pieces, its games checked in parallel (without a tree when only
            // the syntax is checked): what a document of the same text finds, game for game
            // (see `kifu_ide::check`). A plain game is read straight into its model for the
            // replay, and only read for the syntax alone. (Only PGN is not `batched`.)
            _ => {
                let per_game = |piece: &Piece<'_>, games: &Games<'_>, i, cache: &mut _| {
                    pgn_game(piece, games, i, cache, options)
                };
                let sink = |piece: &Piece<'_>, _, per_game: Vec<Vec<SyntaxError>>| {
                    games += per_game.len();
                    let errors: Vec<SyntaxError> = per_game.into_iter().flatten().collect();
                    let written = file.write(
                        &mut *formatter,
                        &mut out,
                        &errors,
                        &piece.lines,
                        &mut reported,
                    );
                    if let Err(err) = written {
                        tally.add(&reported.counts);
                        write_failed(&err, tally.status());
                    }
                    progress.advance(piece.chunk.bytes);
                };
                if options.syntax_only {
                    for_each_piece_plain(source, Syntax(plain_syntax), per_game, sink)
                } else {
                    for_each_piece_plain(source, Models(plain_checks), per_game, sink)
                }
            }
        };
        tally.add(&reported.counts);
        let left_out = reported.left_out;
        tally.games += games;
        match result {
            Ok(()) => tally.files += 1,
            Err(err) => {
                eprintln!("kifu: cannot read {name}: {err}");
                tally.unreadable += 1;
            }
        }
        if left_out > 0 {
            tally.left_out += left_out;
            if let Err(err) = formatter.left_out(&mut out, &name, left_out, max_per_file) {
                write_failed(&err, tally.status());
            }
        }
    }
    progress.finish();
    let status = tally.status();
    let summary = summary(&tally);
    let written = formatter
        .finish(&mut out)
        .and_then(|()| match options.format {
            // Other formats keep stdout to what programs read.
            Format::Human => writeln!(out, "{summary}"),
            _ => Ok(()),
        })
        .and_then(|()| out.flush());
    if let Err(err) = written {
        write_failed(&err, status);
    }
    if options.format != Format::Human {
        eprintln!("{summary}");
    }
    status
}

/// A file read whole and checked: what its report needs.
struct Checked {
    report: Report,
    games: usize,
    /// The size of the file.
    bytes: usize,
}

/// A file's report: written already, on the core that checked it, or its diagnostics, for
/// a format that writes them in turn (see [`report::writes_files_apart`]).
enum Report {
    /// What the format writes for the file, and what it found.
    Written(Vec<u8>, Reported),
    /// The text and its diagnostics.
    ToWrite {
        text: String,
        diagnostics: Vec<SyntaxError>,
    },
}

/// What the report of a file found: the diagnostics that the selection shows, counted by
/// severity, how many of them were written and how many `--max-errors` left out.
#[derive(Default)]
struct Reported {
    counts: Tally,
    written: usize,
    left_out: usize,
}

/// What the report of one file shows: the file's name, the diagnostics the selection
/// keeps, at most `max` of them.
struct FileReport<'a> {
    file: &'a str,
    selection: &'a Selection,
    max: usize,
}

impl FileReport<'_> {
    /// Writes the diagnostics of `errors` that it shows, counted in `reported` (which a file
    /// in pieces carries from one piece to the next).
    fn write(
        &self,
        formatter: &mut dyn report::Formatter,
        out: &mut dyn Write,
        errors: &[SyntaxError],
        lines: &Lines<'_>,
        reported: &mut Reported,
    ) -> io::Result<()> {
        for error in errors.iter().filter(|e| self.selection.shows(e)) {
            reported.counts.count(error.severity());
            if reported.written == self.max {
                reported.left_out += 1;
                continue;
            }
            reported.written += 1;
            let file = self.file;
            formatter.diagnostic(out, &Shown { file, error, lines })?;
        }
        Ok(())
    }
}

/// Whether `source` is read whole, in a batch of files on every core (see [`whole`]): SGF,
/// PDN, and PGN files smaller than [`SMALL_PGN_BYTES`].
fn batched(source: &input::Source) -> bool {
    pieces::batched(source, SMALL_PGN_BYTES)
}

/// A PGN game read by the grammar (one that is not plain): its diagnostics, with its
/// decoding's warning.
fn pgn_game(
    piece: &Piece<'_>,
    games: &Games<'_>,
    i: usize,
    cache: &mut NodeCache,
    options: &Options,
) -> Vec<SyntaxError> {
    let read = piece.chunk.warning_of(games.range(i));
    check::pgn_game(games, i, read.as_slice(), !options.syntax_only, cache)
}

/// A plain PGN game's diagnostics when only the syntax is checked: a plain game has no
/// syntax error, so only its decoding's warning.
fn plain_syntax(piece: &Piece<'_>, range: TextRange) -> Vec<SyntaxError> {
    Vec::from_iter(piece.chunk.warning_of(range))
}

/// A plain PGN game's diagnostics: its model's checks (tags, replay) and its decoding's
/// warning.
fn plain_checks(piece: &Piece<'_>, range: TextRange, model: &Game) -> Vec<SyntaxError> {
    let read = piece.chunk.warning_of(range);
    check::pgn_plain_checks(&piece.chunk.text, model, range.start(), read.as_slice())
}

/// The leading run of `files` read whole (see [`batched`]), each parsed, checked and (in a
/// format that [writes files apart](report::writes_files_apart)) its report written, on every core (see [`whole_files`]): the snippets of a folder
/// of Go games, written in turn once they were all checked, were a quarter of its check;
/// a folder of a thousand small PGN files, each read in pieces with threads of its own,
/// spent most of its time switching threads.
fn whole(files: &[input::Source], options: &Options, max: usize) -> Vec<io::Result<Checked>> {
    let checked = whole_files(files, CHECK_BATCH_BYTES, None, batched, |source, bytes| {
        // PGN as one piece, as a file read in pieces is checked (see `for_each_piece_plain`).
        let (text, diagnostics, games) = if source.notation == Notation::Pgn {
            let per_game = |piece: &Piece<'_>, games: &Games<'_>, i, cache: &mut _| {
                pgn_game(piece, games, i, cache, options)
            };
            let read = if options.syntax_only {
                plain_in_memory(&bytes, &Syntax(plain_syntax), &per_game)
            } else {
                plain_in_memory(&bytes, &Models(plain_checks), &per_game)
            }?;
            match read {
                Some((chunk, per_game)) => {
                    let games = per_game.len();
                    (
                        chunk.text.into_string(),
                        per_game.into_iter().flatten().collect(),
                        games,
                    )
                }
                None => (String::new(), Vec::new(), 0),
            }
        // SGF from its tables, with no tree: what a document finds (see `check::sgf_file`).
        } else if source.notation == Notation::Sgf {
            let checked = check::sgf_file(&bytes, !options.syntax_only);
            (checked.text, checked.diagnostics, checked.games)
        } else {
            let document = Document::from_bytes(source.notation, &bytes);
            let diagnostics = if options.syntax_only {
                document.syntax_diagnostics()
            } else {
                document.diagnostics()
            };
            let diagnostics = diagnostics.to_vec();
            let games = document.game_count();
            let (text, _) = document.into_edit();
            (text, diagnostics, games)
        };
        let report = if !report::writes_files_apart(options.format) {
            Report::ToWrite { diagnostics, text }
        } else {
            let mut formatter = report::formatter(options.format, options.color);
            let mut written = Vec::new();
            let mut reported = Reported::default();
            let lines = Lines::new(&text, 0, 0);
            let name = source.display();
            let file = FileReport {
                file: &name,
                selection: &options.selection,
                max,
            };
            // Writing into a Vec cannot fail.
            let _ = file.write(
                &mut *formatter,
                &mut written,
                &diagnostics,
                &lines,
                &mut reported,
            );
            Report::Written(written, reported)
        };
        Ok(Checked {
            report,
            games,
            bytes: bytes.len(),
        })
    });
    checked
        .into_iter()
        .map(|read| read.and_then(|checked| checked))
        .collect()
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
    let mut found = if found.is_empty() {
        "no problems".to_string()
    } else {
        found.join(", ")
    };
    if tally.left_out > 0 {
        found.push_str(&format!(" ({} not shown)", tally.left_out));
    }
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
