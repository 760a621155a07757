//! `kifu board`: the position at a place in a file, drawn as SVG, as a text diagram, or
//! written as FEN (an SGF setup for Go), on stdout.

use std::io::Write;
use std::path::Path;

use kifu_ide::{BoardOptions, PositionAt, TextSize};
use kifu_input::{Notation, Source};

use crate::lines::Lines;
use crate::stdout::write_failed;
use crate::ExitStatus;

/// What `kifu board` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BoardFormat {
    /// An SVG image.
    Svg,
    /// A text diagram.
    Text,
    /// The FEN (chess, draughts) or the SGF setup `AB[..]AW[..]` (Go).
    Fen,
}

/// Which position: after the move at a place in the text, or after a ply of a game's main
/// line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// 1-based line and column (in characters), as `kifu check` prints them.
    At { line: usize, column: usize },
    /// A game (from 1) and the half-moves of its main line played (0: its first position).
    Ply { game: usize, ply: usize },
}

/// Reads `LINE:COL`.
pub fn parse_at(text: &str) -> Result<(usize, usize), String> {
    let (line, column) = text
        .split_once(':')
        .ok_or_else(|| format!("`{text}` is not LINE:COL"))?;
    let number = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("`{s}` is not a line or column number (from 1)"))
    };
    Ok((number(line)?, number(column)?))
}

/// Runs `kifu board`.
pub fn run(
    file: &Path,
    notation: Option<Notation>,
    place: Place,
    format: BoardFormat,
    options: &BoardOptions,
) -> ExitStatus {
    let source = Source::named(file, notation);
    let Some(document) = crate::tree::read_document(&source) else {
        return ExitStatus::CouldNotRun;
    };
    let found = match place {
        Place::At { line, column } => {
            let Some(offset) = offset_of(document.text(), line, column) else {
                eprintln!(
                    "kifu: {} has no line {line} with a column {column}",
                    source.display()
                );
                return ExitStatus::CouldNotRun;
            };
            document.position_at(offset, options)
        }
        Place::Ply { game, ply } => game
            .checked_sub(1)
            .and_then(|g| document.position_of_ply(g, ply, options)),
    };
    let Some(at) = found else {
        eprintln!("kifu: {} has no game there", source.display());
        return ExitStatus::CouldNotRun;
    };
    if let Some(why) = &at.not_played {
        eprintln!("kifu: {why}");
    }
    let written = match format {
        BoardFormat::Svg => format!("{}\n", at.svg),
        BoardFormat::Text => text(&at),
        BoardFormat::Fen => match (&at.fen, &at.setup) {
            (Some(fen), _) => format!("{fen}\n"),
            (None, Some(setup)) => format!("{setup}\n"),
            (None, None) => {
                eprintln!("kifu: that game is not replayed, so there is no position");
                return ExitStatus::Problems;
            }
        },
    };
    let mut out = std::io::stdout().lock();
    if let Err(err) = out.write_all(written.as_bytes()).and_then(|()| out.flush()) {
        write_failed(&err, ExitStatus::Clean);
    }
    ExitStatus::Clean
}

/// The diagram with what is said of the position above it.
fn text(at: &PositionAt) -> String {
    let mut out = format!("{} — {} to move\n", at.label, at.side_to_move);
    if let Some((eco, name)) = &at.opening {
        out.push_str(&format!("{eco} {name}\n"));
    }
    out.push('\n');
    out.push_str(&at.diagram);
    out
}

/// The byte offset of a 1-based line and column (columns count characters); the end of
/// the line for a column past it.
fn offset_of(text: &str, line: usize, column: usize) -> Option<TextSize> {
    let lines = Lines::new(text, 0, 0);
    let start = std::iter::once(0)
        .chain(kifu_input::line_starts(text))
        .nth(line - 1)?;
    let (_, bytes) = lines.line_at(start);
    let on_line = &text[bytes.clone()];
    let within = on_line
        .char_indices()
        .nth(column - 1)
        .map_or(on_line.len(), |(i, _)| i);
    Some(TextSize::from((bytes.start + within) as u32))
}
