//! Diagnostics as the CLI shows them: positions in lines and columns, rendered like rustc
//! for people or as JSON Lines for programs.

use std::path::Path;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use kifu_syntax::{Severity, SyntaxError, TextRange};
use serde::Serialize;

pub use kifu_ide::export::{Position, Span};

/// Line starts of one piece of a file, to turn offsets into lines and columns.
pub struct Lines<'t> {
    text: &'t str,
    starts: Vec<usize>,
    /// Offset of the piece in the file's text.
    offset: usize,
    /// 0-based line number of the piece's first line.
    first_line: usize,
}

impl<'t> Lines<'t> {
    /// Indexes `text`, which starts at `offset` and line `first_line` (0-based) of its file.
    pub fn new(text: &'t str, offset: usize, first_line: usize) -> Lines<'t> {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        Lines {
            text,
            starts,
            offset,
            first_line,
        }
    }

    fn line_of(&self, local: usize) -> usize {
        self.starts.partition_point(|&s| s <= local) - 1
    }

    /// The position of a byte offset into the piece.
    pub fn position(&self, local: usize) -> Position {
        let local = local.min(self.text.len());
        let line = self.line_of(local);
        let column = self.text[self.starts[line]..local].chars().count() + 1;
        Position {
            line: self.first_line + line + 1,
            column,
            offset: self.offset + local,
        }
    }

    /// The positions of a range of the piece.
    pub fn span(&self, range: TextRange) -> Span {
        Span {
            start: self.position(range.start().into()),
            end: self.position(range.end().into()),
        }
    }

    /// The whole lines that `range` touches, with the offset of the first one.
    fn lines_around(&self, range: TextRange) -> (usize, &'t str, usize) {
        let first = self.line_of(range.start().into());
        let last = self.line_of(usize::from(range.end()).min(self.text.len()));
        let start = self.starts[first];
        let end = self
            .starts
            .get(last + 1)
            .map_or(self.text.len(), |&s| s - 1);
        let source = &self.text[start..end.max(start)];
        // Renderers show a carriage return as a symbol: CRLF files would look odd.
        let source = source.strip_suffix('\r').unwrap_or(source);
        (start, source, self.first_line + first + 1)
    }
}

/// A diagnostic as written in JSON Lines.
#[derive(Debug, Serialize)]
pub struct JsonDiagnostic<'a> {
    /// The file, as given on the command line.
    pub file: &'a str,
    /// `error`, `warning`, `info` or `hint`.
    pub severity: &'static str,
    /// The stable code.
    pub code: &'static str,
    /// Plain words.
    pub message: &'a str,
    /// Where.
    pub range: Span,
}

impl<'a> JsonDiagnostic<'a> {
    /// Converts a diagnostic whose range is into the piece that `lines` indexes.
    pub fn new(file: &'a str, error: &'a SyntaxError, lines: &Lines<'_>) -> JsonDiagnostic<'a> {
        JsonDiagnostic {
            file,
            severity: error.severity().as_str(),
            code: error.code.as_str(),
            message: &error.message,
            range: lines.span(error.range),
        }
    }
}

fn level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Info => Level::INFO,
        Severity::Hint => Level::HELP,
    }
}

/// Renders one diagnostic like rustc: title, `--> file:line:col`, the source line underlined,
/// and its related places as notes. Only the lines involved are handed to the renderer, so
/// the cost does not grow with the file.
pub fn render(renderer: &Renderer, path: &Path, error: &SyntaxError, lines: &Lines<'_>) -> String {
    let path = path.display().to_string();
    let snippet = |range: TextRange, label: Option<&str>, kind: AnnotationKind| {
        let (start, source, line) = lines.lines_around(range);
        let local = usize::from(range.start()) - start..usize::from(range.end()) - start;
        let local = local.start..local.end.min(source.len()).max(local.start);
        Snippet::source(source)
            .line_start(line)
            .path(path.clone())
            .annotation(kind.span(local).label(label.map(str::to_string)))
    };
    let mut group = level(error.severity())
        .primary_title(error.message.clone())
        .id(error.code.as_str())
        .element(snippet(error.range, None, AnnotationKind::Primary));
    for related in &error.related {
        group = group.element(snippet(
            related.range,
            Some(&related.message),
            AnnotationKind::Context,
        ));
    }
    let report: &[Group<'_>] = &[group];
    renderer.render(report)
}
