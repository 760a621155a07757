//! Diagnostics as `kifu check` writes them: positions in lines and columns, rendered like
//! rustc for people, as JSON Lines for programs, as GitHub Actions annotations or as SARIF
//! for code-scanning dashboards.

mod github;
mod plain;
mod sarif;

use std::io::{self, Write};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use kifu_syntax::{Severity, SyntaxError, TextRange};
use serde::Serialize;

use crate::lines::{Lines, Span};
use crate::Format;

/// A diagnostic to write, with what places it: its file's name and the line index of the
/// piece of the file its range is into.
#[derive(Clone, Copy)]
pub struct Shown<'a> {
    /// The file, as given on the command line (or `<stdin>`).
    pub file: &'a str,
    /// The diagnostic.
    pub error: &'a SyntaxError,
    /// Lines and columns of the piece.
    pub lines: &'a Lines<'a>,
}

/// A way of writing diagnostics: `start` once, `diagnostic` for each one shown (in file
/// order), `left_out` for a file some of whose diagnostics `--max-errors` left out, then
/// `finish` once.
pub trait Formatter {
    /// Writes what comes before the first diagnostic.
    fn start(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    /// Writes one diagnostic.
    fn diagnostic(&mut self, out: &mut dyn Write, shown: &Shown<'_>) -> io::Result<()>;

    /// Says that `count` more diagnostics of `file` were found than the `shown` written.
    fn left_out(
        &mut self,
        _out: &mut dyn Write,
        _file: &str,
        _count: usize,
        _shown: usize,
    ) -> io::Result<()> {
        Ok(())
    }

    /// Writes what comes after the last diagnostic.
    fn finish(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// Whether a file's diagnostics in `format` can be written apart from the others, by a
/// writer of their own (on the core that checked the file), and the bytes joined in file
/// order: what each diagnostic becomes does not depend on the ones before it. Not in
/// SARIF: its log writes a comma between results and gathers the rules they use as it goes.
pub fn writes_files_apart(format: Format) -> bool {
    !matches!(format, Format::Sarif)
}

/// The writer of `format`; `color` is for the human format.
pub fn formatter(format: Format, color: bool) -> Box<dyn Formatter> {
    match format {
        Format::Human => Box::new(Human {
            renderer: if color {
                Renderer::styled()
            } else {
                Renderer::plain()
            },
            color,
        }),
        Format::Json => Box::new(JsonLines),
        Format::Github => Box::new(github::Annotations),
        Format::Sarif => Box::new(sarif::Log::default()),
    }
}

/// Diagnostics rendered like rustc, each followed by a blank line.
struct Human {
    renderer: Renderer,
    /// Whether `renderer` is the styled one.
    color: bool,
}

impl Formatter for Human {
    fn diagnostic(&mut self, out: &mut dyn Write, shown: &Shown<'_>) -> io::Result<()> {
        let Shown { file, error, lines } = *shown;
        let rendered = render(&self.renderer, self.color, file, error, lines);
        writeln!(out, "{rendered}\n")
    }

    fn left_out(
        &mut self,
        out: &mut dyn Write,
        file: &str,
        count: usize,
        shown: usize,
    ) -> io::Result<()> {
        let more = if count == 1 {
            "diagnostic"
        } else {
            "diagnostics"
        };
        writeln!(
            out,
            "and {count} more {more} in {file} (--max-errors {shown}; 0 shows them all)\n"
        )
    }
}

/// One JSON object per line.
struct JsonLines;

impl Formatter for JsonLines {
    fn diagnostic(&mut self, out: &mut dyn Write, shown: &Shown<'_>) -> io::Result<()> {
        let Shown { file, error, lines } = *shown;
        serde_json::to_writer(&mut *out, &JsonDiagnostic::new(file, error, lines))?;
        writeln!(out)
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

/// annotate-snippets' level of `severity`, and the name it gives it in a title (which
/// [`plain::render`] writes).
fn level(severity: Severity) -> (Level<'static>, &'static str) {
    match severity {
        Severity::Error => (Level::ERROR, "error"),
        Severity::Warning => (Level::WARNING, "warning"),
        Severity::Info => (Level::INFO, "info"),
        Severity::Hint => (Level::HELP, "help"),
    }
}

/// How many characters a rendered line shows before and after what it marks.
const CONTEXT_CHARS: usize = 60;
/// How many characters of what it marks a rendered line shows (the rest is cut with `…`).
const MARKED_CHARS: usize = 120;

/// The part of a line that shows a range: the range's first line, cut to a window around the
/// range's start, so that rendering costs no more than the neighbourhood of the diagnostic
/// however long the line (a megabyte of moves on one line) or the range.
struct Excerpt {
    /// The text shown, with `…` where the line was cut.
    source: String,
    /// What it marks, in bytes of `source`.
    marked: std::ops::Range<usize>,
    /// The 1-based line number.
    line: usize,
}

/// The byte offset `n` characters after `from`, or `limit` if that comes first.
fn chars_forward(text: &str, from: usize, limit: usize, n: usize) -> usize {
    text[from..limit]
        .char_indices()
        .nth(n)
        .map_or(limit, |(i, _)| from + i)
}

/// The byte offset `n` characters before `to`, or `limit` if that comes first.
fn chars_back(text: &str, limit: usize, to: usize, n: usize) -> usize {
    text[limit..to]
        .char_indices()
        .rev()
        .nth(n.saturating_sub(1))
        .map_or(limit, |(i, _)| limit + i)
}

fn excerpt(lines: &Lines<'_>, range: TextRange) -> Excerpt {
    let text = lines.text();
    let start = usize::from(range.start()).min(text.len());
    let (line, bounds) = lines.line_at(start);
    let start = start.min(bounds.end);
    let end = usize::from(range.end()).clamp(start, bounds.end);
    let end = chars_forward(text, start, end, MARKED_CHARS);
    let from = chars_back(text, bounds.start, start, CONTEXT_CHARS);
    let to = chars_forward(text, end, bounds.end, CONTEXT_CHARS);
    let mut source = String::new();
    if from > bounds.start {
        source.push('…');
    }
    let shift = source.len();
    source.push_str(&text[from..to]);
    if to < bounds.end {
        source.push('…');
    }
    Excerpt {
        source,
        marked: start - from + shift..end - from + shift,
        line: lines.line_number(line),
    }
}

/// A place a diagnostic shows: its excerpt, what is said there, and the `file:line:column`
/// of the range's start.
struct Place<'a> {
    excerpt: Excerpt,
    /// `None` for the diagnostic's own range (marked `^`), the related message for others
    /// (marked `-`).
    label: Option<&'a str>,
    /// Where the range starts, as `path:line:column`.
    origin: String,
}

/// Renders one diagnostic like rustc: title, `--> file:line:col`, the source line underlined,
/// and its related places as notes. Only the neighbourhood of each place is handed to the
/// renderer, so the cost grows with neither the file nor the line. Without colour, the
/// common case is written by [`plain::render`], the bytes annotate-snippets would write.
pub fn render(
    renderer: &Renderer,
    color: bool,
    path: &str,
    error: &SyntaxError,
    lines: &Lines<'_>,
) -> String {
    let places = places(path, error, lines);
    if !color {
        let title = plain::Title {
            level: level(error.severity()).1,
            code: error.code.as_str(),
            message: &error.message,
        };
        if let Some(rendered) = plain::render(&title, &places) {
            return rendered;
        }
    }
    render_with(renderer, path, error, places)
}

/// The places `error` shows: its own range, then its related ones.
fn places<'a>(path: &str, error: &'a SyntaxError, lines: &Lines<'_>) -> Vec<Place<'a>> {
    std::iter::once((error.range, None))
        .chain(
            error
                .related
                .iter()
                .map(|r| (r.range, Some(r.message.as_str()))),
        )
        .map(|(range, label)| {
            let start = lines.position(range.start().into());
            Place {
                excerpt: excerpt(lines, range),
                label,
                origin: format!("{path}:{}:{}", start.line, start.column),
            }
        })
        .collect()
}

/// [`render`] by annotate-snippets.
fn render_with(
    renderer: &Renderer,
    path: &str,
    error: &SyntaxError,
    places: Vec<Place<'_>>,
) -> String {
    let mut snippets = Vec::new();
    // The renderer counts columns from the start of the excerpt; where the excerpt does not
    // start the line, its `file:line:column` is put right afterwards.
    let mut origins = Vec::new();
    for Place {
        excerpt,
        label,
        origin,
    } in places
    {
        // The diagnostic's own place comes first.
        let kind = if snippets.is_empty() {
            AnnotationKind::Primary
        } else {
            AnnotationKind::Context
        };
        let shown = excerpt.source[..excerpt.marked.start].chars().count() + 1;
        origins.push((format!("{path}:{}:{shown}", excerpt.line), origin));
        snippets.push(
            Snippet::source(excerpt.source)
                .line_start(excerpt.line)
                .path(path)
                .annotation(kind.span(excerpt.marked).label(label)),
        );
    }
    let group = level(error.severity())
        .0
        .primary_title(error.message.clone())
        .id(error.code.as_str())
        .elements(snippets);
    let report: &[Group<'_>] = &[group];
    let mut rendered = renderer.render(report);
    let mut from = 0;
    for (shown, real) in origins {
        if let Some(at) = origin_line(&rendered, from, &shown) {
            rendered.replace_range(at..at + shown.len(), &real);
            from = at + real.len();
        }
    }
    rendered
}

/// Where `origin` is written, from `from` on, as the whole rest of a `-->` or `:::` line
/// (colour codes before it): not in a title or a source line that happens to hold the same
/// `file:line:column`.
fn origin_line(rendered: &str, from: usize, origin: &str) -> Option<usize> {
    rendered[from..]
        .match_indices(origin)
        .map(|(i, _)| from + i)
        .find(|&at| {
            let end = at + origin.len();
            let line_start = rendered[..at].rfind('\n').map_or(0, |i| i + 1);
            let head = strip_colour(&rendered[line_start..at]);
            (end == rendered.len() || rendered[end..].starts_with('\n'))
                && matches!(head.trim(), "-->" | ":::")
        })
}

/// `text` without its ANSI colour codes (`ESC [ ... m`).
fn strip_colour(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\u{1b}') {
        plain.push_str(&rest[..at]);
        rest = &rest[at..];
        rest = rest.find('m').map_or("", |m| &rest[m + 1..]);
    }
    plain.push_str(rest);
    plain
}
