//! `kifu tree`: the syntax tree of a file in the `.rast` format of the parser tests.
//!
//! Stdout is exactly that dump, byte ranges and all, so that it can be saved as a snapshot
//! (`kifu tree F > F.rast`). People also need to find the errors in their editor, so they
//! are written again on stderr with their lines and columns, and fail the run as in
//! `kifu check`.

use std::io::{self, Write};
use std::path::Path;

use kifu_syntax::{pdn, pgn, sgf, Severity, SyntaxError};

use crate::input::{self, Notation, Source};
use crate::lines::Lines;
use crate::stdout::write_failed;
use crate::ExitStatus;

/// A file parsed in its notation.
enum Tree {
    Pgn(pgn::Parse),
    Sgf(sgf::Parse),
    Pdn(pdn::Parse),
}

/// Reads and parses `source`: its text, its tree, and every diagnostic (decoding warnings
/// first), read as `kifu check` reads it.
fn read(source: &Source) -> io::Result<(String, Tree, Vec<SyntaxError>)> {
    if source.notation == Notation::Sgf {
        let file = crate::sgf::read(&input::read_whole(source, input::MAX_WHOLE_FILE_BYTES)?);
        return Ok((file.text, Tree::Sgf(file.parse), file.errors));
    }
    let (text, mut errors) = input::read_text(source, source.notation)?;
    let tree = if source.notation == Notation::Pdn {
        let parse = pdn::parse(&text);
        errors.extend(parse.errors().iter().cloned());
        Tree::Pdn(parse)
    } else {
        let parse = pgn::parse(&text);
        errors.extend(parse.errors().iter().cloned());
        Tree::Pgn(parse)
    };
    Ok((text, tree, errors))
}

/// Runs `kifu tree`. The dump is written as it is made, since that of a deeply nested file
/// is far larger than the file (each line is indented by its depth).
pub fn run(file: &Path, notation: Option<Notation>) -> ExitStatus {
    let source = Source::named(file, notation);
    let (text, tree, errors) = match read(&source) {
        Ok(read) => read,
        Err(err) => {
            eprintln!("kifu: cannot read {}: {err}", source.display());
            return ExitStatus::CouldNotRun;
        }
    };
    let status = tell(&source, &errors, &text);
    let stdout = io::stdout();
    let mut out = TextWriter {
        inner: io::BufWriter::new(stdout.lock()),
        error: None,
    };
    let written = match &tree {
        Tree::Pgn(parse) => kifu_syntax::write_debug_dump(&mut out, &parse.syntax(), &errors),
        Tree::Sgf(parse) => kifu_syntax::write_debug_dump(&mut out, &parse.syntax(), &errors),
        Tree::Pdn(parse) => kifu_syntax::write_debug_dump(&mut out, &parse.syntax(), &errors),
    };
    if let Err(err) = out.finish(written) {
        write_failed(&err, status);
    }
    status
}

/// Writes the diagnostics of a file on stderr as `file:line:column: severity[code]: message`
/// (and `file:line:column: note: ...` for related places), the form editors and terminals
/// jump to; returns the exit status they make.
fn tell(source: &Source, errors: &[SyntaxError], text: &str) -> ExitStatus {
    let lines = Lines::new(text, 0, 0);
    let name = source.display();
    for error in errors {
        let at = lines.position(error.range.start().into());
        eprintln!(
            "{name}:{}:{}: {}[{}]: {}",
            at.line,
            at.column,
            error.severity().as_str(),
            error.code.as_str(),
            error.message
        );
        for related in &error.related {
            let at = lines.position(related.range.start().into());
            eprintln!(
                "{name}:{}:{}: note: {}",
                at.line, at.column, related.message
            );
        }
    }
    if errors.iter().any(|e| e.severity() == Severity::Error) {
        ExitStatus::Problems
    } else {
        ExitStatus::Clean
    }
}

/// A byte writer seen as a text writer, keeping the error that a `fmt::Error` cannot hold.
struct TextWriter<W> {
    inner: W,
    error: Option<io::Error>,
}

impl<W: Write> TextWriter<W> {
    /// Flushes what `written` left, and gives the error that stopped it, if any.
    fn finish(mut self, written: std::fmt::Result) -> io::Result<()> {
        match (written, self.error.take()) {
            (_, Some(err)) => Err(err),
            (Err(std::fmt::Error), None) => Err(io::Error::other("the dump could not be made")),
            (Ok(()), None) => self.inner.flush(),
        }
    }
}

impl<W: Write> std::fmt::Write for TextWriter<W> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.inner.write_all(s.as_bytes()).map_err(|err| {
            self.error = Some(err);
            std::fmt::Error
        })
    }
}
