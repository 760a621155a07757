//! `kifu`: check, export and inspect PGN game records.

mod board;
mod check;
mod export;
mod fmt;
mod lines;
mod pieces;
mod progress;
mod report;
mod selection;
mod stdout;
mod tree;

use std::io::IsTerminal;
use std::path::PathBuf;

use clap::builder::TypedValueParser;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use kifu_input::Notation;
use selection::{Codes, Lowest, Selection};

/// How `kifu` ends: 0 clean, 1 problems found, 2 could not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitStatus {
    /// No errors (warnings do not count).
    Clean = 0,
    /// At least one error was found.
    Problems = 1,
    /// A file could not be read, or the command line was wrong.
    CouldNotRun = 2,
}

/// The output shapes of `kifu check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Rendered like rustc: source line, underline, colour on a terminal.
    Human,
    /// JSON Lines: one diagnostic per line.
    Json,
    /// GitHub Actions annotations: `::error file=...,line=...::message`.
    Github,
    /// SARIF 2.1.0, for code-scanning dashboards: one JSON document.
    Sarif,
}

/// When to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Color {
    /// When stdout is a terminal and NO_COLOR is not set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

#[derive(Parser)]
#[command(
    name = "kifu",
    version,
    about = "Check, export and inspect game records: PGN (chess), SGF (Go), PDN (draughts)",
    after_help = "Exit status: 0 no errors, 1 errors found, 2 could not run (a path could not be read, a bad command line). When the reader of standard output goes away (`kifu check F | head`), kifu stops quietly with the status of what it found until then."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// `--notation`'s values: the names of the notations.
fn notation_parser() -> impl TypedValueParser<Value = Notation> {
    let names = Notation::ALL.map(Notation::name);
    clap::builder::PossibleValuesParser::new(names)
        .map(|name: String| Notation::from_name(&name).unwrap_or(Notation::Pgn))
}

/// The help of `--notation`, shared by the commands that read files.
const NOTATION_HELP: &str = "How to read standard input (`-`) and the files named: by default PGN for `-`, and a file by its extension (`.sgf`, `.pdn`, else PGN). Files found in folders always go by their extension";

#[derive(Subcommand)]
enum Command {
    /// Check files and directories (recursively: `.pgn`, `.sgf`, `.pdn`) and report problems.
    Check {
        /// Files and directories to check; `-` reads standard input (as PGN unless
        /// `--notation` says otherwise).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Output format: `human` (rustc-like, with a summary line), `json` (JSON Lines),
        /// `github` (GitHub Actions annotations), `sarif` (SARIF 2.1.0). The summary goes to
        /// stderr in every format but `human`.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// When to use colour.
        #[arg(long, value_enum, default_value_t = Color::Auto)]
        color: Color,
        #[arg(long, value_parser = notation_parser(), help = NOTATION_HELP)]
        notation: Option<Notation>,
        /// Do not report diagnostics with this code (`all`: every code); repeatable. The codes
        /// are those of the server's `diagnostics.disabled` setting (docs/diagnostics.md).
        #[arg(long, value_name = "CODE", value_parser = Codes::parse)]
        disable: Vec<Codes>,
        /// Report diagnostics with this code again; repeatable. `--disable` and `--enable` apply
        /// in the order given: `--disable all --enable stray-text` reports only `stray-text`.
        #[arg(long, value_name = "CODE", value_parser = Codes::parse)]
        enable: Vec<Codes>,
        /// The lowest severity reported: `error`, `warning`, `info`, or `hint` (all, the
        /// default). Diagnostics not reported are not counted either.
        #[arg(long, value_enum, value_name = "LEVEL", default_value_t = Lowest::Hint)]
        severity: Lowest,
        /// Show at most N diagnostics per file (the rest are counted, and do fail the run);
        /// 0 shows all. Default: 50 in the human format, all in the others.
        #[arg(long, value_name = "N")]
        max_errors: Option<usize>,
        /// Check the syntax only: do not replay the moves nor check the PGN tags (for PGN,
        /// 3.5–4.5× faster).
        #[arg(long)]
        syntax_only: bool,
    },
    /// Export games as JSON, streamed game by game.
    Export {
        /// Files and directories to export; `-` reads standard input (as PGN unless
        /// `--notation` says otherwise).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// `json` (one array) or `jsonl` (one game per line).
        #[arg(long, value_enum, default_value_t = export::ExportFormat::Json)]
        format: export::ExportFormat,
        #[arg(long, value_parser = notation_parser(), help = NOTATION_HELP)]
        notation: Option<Notation>,
        /// Also write each SGF game's nested `tree`, one JSON level per node: it is as deep
        /// as the game is long, deeper than many JSON readers accept.
        #[arg(long)]
        sgf_tree: bool,
        /// Leave out each move's `after` (the position after it, what it took, its SAN and
        /// UCI): the games are not replayed, and the export is several times faster.
        #[arg(long)]
        no_positions: bool,
    },
    /// Format game files in place: PGN and PDN in the standard's export format, SGF one node
    /// to a line. A game with a syntax error is left as written.
    Fmt {
        /// Files and directories to format; `-` reads standard input and writes the
        /// formatted text on standard output.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Change nothing: print a diff of each file that is not formatted, and exit with
        /// status 1 if there is one.
        #[arg(long)]
        check: bool,
        /// The longest line of moves.
        #[arg(long, value_name = "COLUMNS", default_value_t = 79)]
        width: usize,
        #[arg(long, value_parser = notation_parser(), help = NOTATION_HELP)]
        notation: Option<Notation>,
    },
    /// Print the syntax tree of a file (the `.rast` format) on stdout, and its diagnostics
    /// with their lines and columns on stderr.
    Tree {
        /// The file; `-` reads standard input (as PGN unless `--notation` says otherwise).
        file: PathBuf,
        #[arg(long, value_parser = notation_parser(), help = NOTATION_HELP)]
        notation: Option<Notation>,
    },
    /// Draw the position at a place in a file (after the move under or before it, in its
    /// variation) on stdout: SVG, a text diagram, or FEN.
    Board {
        /// The file; `-` reads standard input (as PGN unless `--notation` says otherwise).
        file: PathBuf,
        /// The place: a line and column (from 1, as `kifu check` prints them).
        #[arg(long, value_name = "LINE:COL", value_parser = board::parse_at, conflicts_with_all = ["game", "ply"], required_unless_present = "game")]
        at: Option<(usize, usize)>,
        /// The game (from 1); with `--ply`, the position after that many half-moves of its
        /// main line (0: the first position; without `--ply`, its last).
        #[arg(long, value_name = "N")]
        game: Option<usize>,
        /// Half-moves of the game's main line played (see `--game`).
        #[arg(long, value_name = "K", requires = "game")]
        ply: Option<usize>,
        /// `svg`, `text` (a diagram) or `fen` (an SGF setup for Go).
        #[arg(long, value_enum, default_value_t = board::BoardFormat::Svg)]
        format: board::BoardFormat,
        /// Black at the bottom.
        #[arg(long)]
        flip: bool,
        /// Go: the move numbers on the stones.
        #[arg(long)]
        move_numbers: bool,
        #[arg(long, value_parser = notation_parser(), help = NOTATION_HELP)]
        notation: Option<Notation>,
    },
    /// Run the language server over stdin and stdout.
    Lsp {
        /// Accepted for clients that pass it; stdio is the only transport.
        #[arg(long)]
        stdio: bool,
    },
}

fn main() {
    // Game records nest deeply (variations in variations, SGF trees thousands of nodes
    // long); tree walks and JSON export recurse, so the work runs on a thread with a stack
    // far larger than the default main thread's.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(run)
        .expect("the main thread can be started");
    let status = worker.join().unwrap_or(ExitStatus::CouldNotRun);
    std::process::exit(status as i32);
}

fn run() -> ExitStatus {
    // Starts the threads of the pool that checks and exports games while the arguments are
    // read: started when a small file's games were ready, the second thread was not always
    // up in time to take any (`kifu check` of a 300 KB file, 60 runs: 3.90 -> 3.67 ms).
    // Only for the commands that use it: the threads cost `kifu --version` 0.28 ms. The
    // first argument is looked at before clap reads them all: started after (from the
    // parsed command), the check of a 300 KB file took 4.3-4.6 -> 5.3-5.6 ms at the median
    // (40 rounds alternating, twice).
    let command = std::env::args_os().nth(1);
    if matches!(
        command.as_ref().and_then(|c| c.to_str()),
        Some("check" | "export")
    ) {
        rayon::current_num_threads();
    }
    let matches = Cli::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|err| err.exit());
    match cli.command {
        Command::Check {
            paths,
            format,
            color,
            notation,
            disable,
            enable,
            severity,
            max_errors,
            syntax_only,
        } => {
            let color = match color {
                Color::Always => true,
                Color::Never => false,
                Color::Auto => {
                    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
                }
            };
            let switches = matches
                .subcommand_matches("check")
                .map(|check| switches(check, disable, enable))
                .unwrap_or_default();
            let options = check::Options {
                format,
                color,
                notation,
                selection: Selection::new(switches, severity),
                max_per_file: max_errors,
                syntax_only,
            };
            check::run(&paths, &options)
        }
        Command::Export {
            paths,
            format,
            notation,
            sgf_tree,
            no_positions,
        } => export::run(
            &paths,
            format,
            notation,
            kifu_ide::export::ExportOptions {
                sgf_tree,
                no_positions,
            },
        ),
        Command::Fmt {
            paths,
            check,
            width,
            notation,
        } => fmt::run(
            &paths,
            &fmt::Options {
                check,
                notation,
                format: kifu_ide::FormatOptions { width },
            },
        ),
        Command::Tree { file, notation } => tree::run(&file, notation),
        Command::Board {
            file,
            at,
            game,
            ply,
            format,
            flip,
            move_numbers,
            notation,
        } => {
            let place = match (at, game) {
                (Some((line, column)), _) => board::Place::At { line, column },
                (None, Some(game)) => board::Place::Ply {
                    game,
                    ply: ply.unwrap_or(usize::MAX),
                },
                // clap requires one of them.
                (None, None) => return ExitStatus::CouldNotRun,
            };
            let options = kifu_ide::BoardOptions {
                flipped: flip,
                move_numbers,
                ..kifu_ide::BoardOptions::default()
            };
            board::run(&file, notation, place, format, &options)
        }
        Command::Lsp { stdio: _ } => std::process::exit(kifu_lsp::run_stdio()),
    }
}

/// The `--disable` (off) and `--enable` (on) switches in the order they were given.
fn switches(check: &ArgMatches, disable: Vec<Codes>, enable: Vec<Codes>) -> Vec<(bool, Codes)> {
    let at = |id: &str| check.indices_of(id).into_iter().flatten();
    let mut switches: Vec<(usize, bool, Codes)> = at("disable")
        .zip(disable)
        .map(|(i, codes)| (i, false, codes))
        .chain(at("enable").zip(enable).map(|(i, codes)| (i, true, codes)))
        .collect();
    switches.sort_by_key(|&(i, _, _)| i);
    switches
        .into_iter()
        .map(|(_, on, codes)| (on, codes))
        .collect()
}
