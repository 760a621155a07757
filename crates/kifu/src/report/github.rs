//! GitHub Actions workflow commands: each diagnostic is a line
//! `::error file=F,line=L,col=C,endLine=L,endColumn=C,title=CODE::message`, which the runner
//! turns into an annotation on the file in the pull request.
//!
//! Escaping is the toolkit's (`@actions/core`, `command.ts`): in the message `%`, `\r` and
//! `\n` are percent-encoded; in property values `:` and `,` too, since they separate the
//! command. Columns are sent only when the range is on one line: the runner drops them
//! otherwise.

use std::io::{self, Write};

use kifu_syntax::{Severity, SyntaxError};

use super::{Formatter, Shown};
use crate::lines::Lines;

/// Diagnostics as workflow commands.
pub struct Annotations;

/// The command for a severity: GitHub has no level below `notice`.
fn command(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info | Severity::Hint => "notice",
    }
}

/// A message, escaped as the toolkit's `escapeData` does.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property value, escaped as the toolkit's `escapeProperty` does.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// The workflow command for one diagnostic. Related places go on lines of their own in the
/// message (`line:column: note`), since an annotation has one place.
pub fn annotation(file: &str, error: &SyntaxError, lines: &Lines<'_>) -> String {
    let span = lines.span(error.range);
    let (start, end) = (span.start, span.end);
    let mut properties = format!("file={},line={}", escape_property(file), start.line);
    if start.line == end.line {
        properties.push_str(&format!(",col={}", start.column));
    }
    properties.push_str(&format!(",endLine={}", end.line));
    if start.line == end.line {
        properties.push_str(&format!(",endColumn={}", end.column));
    }
    properties.push_str(&format!(",title={}", escape_property(error.code.as_str())));
    let mut message = error.message.clone();
    for related in &error.related {
        let at = lines.position(related.range.start().into());
        message.push_str(&format!("\n{}:{}: {}", at.line, at.column, related.message));
    }
    format!(
        "::{} {properties}::{}",
        command(error.severity()),
        escape_data(&message)
    )
}

impl Formatter for Annotations {
    fn diagnostic(&mut self, out: &mut dyn Write, shown: &Shown<'_>) -> io::Result<()> {
        let Shown { file, error, lines } = *shown;
        writeln!(out, "{}", annotation(file, error, lines))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_syntax::{Code, TextRange, TextSize};

    fn range(start: u32, end: u32) -> TextRange {
        TextRange::new(TextSize::from(start), TextSize::from(end))
    }

    #[test]
    fn messages_and_properties_are_escaped() {
        assert_eq!(escape_data("100% a\r\nb: c, d"), "100%25 a%0D%0Ab: c, d");
        assert_eq!(escape_property("dir,1/a:b%.pgn"), "dir%2C1/a%3Ab%25.pgn");
    }

    #[test]
    fn one_line_ranges_have_columns_others_not() {
        let text = "1. e4 oh *\n{ never\nends";
        let lines = Lines::new(text, 0, 0);
        let stray = SyntaxError::new(Code::StrayText, range(6, 8), "`oh` is not a move");
        assert_eq!(
            annotation("a,b.pgn", &stray, &lines),
            "::error file=a%2Cb.pgn,line=1,col=7,endLine=1,endColumn=9,title=stray-text::`oh` is not a move"
        );
        let comment = SyntaxError::new(Code::UnterminatedComment, range(11, 23), "no `}`")
            .with_related(range(23, 23), "the comment should end by here")
            .with_severity(Severity::Info);
        assert_eq!(
            annotation("a.pgn", &comment, &lines),
            "::notice file=a.pgn,line=2,endLine=3,title=unterminated-comment::no `}`%0A3:5: the comment should end by here"
        );
    }
}
