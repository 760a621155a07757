//! `kifu tree`: the syntax tree of a file in the `.rast` format of the parser tests.
//!
//! Stdout is exactly that dump, byte ranges and all, so that it can be saved as a snapshot
//! (`kifu tree F > F.rast`). People also need to find the errors in their editor, so they
//! are written again on stderr with their lines and columns, and fail the run as in
//! `kifu check`.

use std::io::{self, Write};
use std::path::Path;

use kifu_ide::Document;
use kifu_input::{read as input, Notation, Source};
use kifu_syntax::{Severity, SyntaxError};

use crate::lines::Lines;
use crate::stdout::write_failed;
use crate::ExitStatus;

/// Runs `kifu tree`. The dump is written as it is made, since that of a deeply nested file
/// is far larger than the file (each line is indented by its depth).
pub fn run(file: &Path, notation: Option<Notation>) -> ExitStatus {
    let source = Source::named(file, notation);
    let Some(document) = read_document(&source) else {
        return ExitStatus::CouldNotRun;
    };
    let status = tell(&source, document.syntax_diagnostics(), document.text());
    let stdout = io::stdout();
    let mut out = TextWriter {
        inner: io::BufWriter::new(stdout.lock()),
        error: None,
    };
    let written = document.write_syntax_tree(&mut out);
    if let Err(err) = out.finish(written) {
        write_failed(&err, status);
    }
    status
}

/// The whole file as a document, decoded as `kifu check` decodes it (up to 256 MiB); `None`
/// after saying on stderr why it cannot be read.
pub fn read_document(source: &Source) -> Option<Document> {
    match input::read_whole(source, input::MAX_WHOLE_FILE_BYTES) {
        Ok(bytes) => Some(Document::from_bytes(source.notation, &bytes)),
        Err(err) => {
            eprintln!("kifu: cannot read {}: {err}", source.display());
            None
        }
    }
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
