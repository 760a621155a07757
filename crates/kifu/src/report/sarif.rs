//! SARIF 2.1.0, the format code-scanning dashboards (GitHub code scanning, Azure DevOps,
//! SonarQube) read: one log with one run, whose `results` are the diagnostics and whose
//! `tool.driver.rules` are the codes they use.
//!
//! The log is streamed: `results` are written as they come and `tool` after them (the order
//! of an object's members means nothing in JSON), so a file of any size is reported in
//! bounded memory. Columns count Unicode code points, as kifu's JSON does; the run says so
//! with `columnKind`, since SARIF's default is UTF-16 code units.

use std::collections::BTreeSet;
use std::io::{self, Write};

use kifu_syntax::{Code, Severity, SyntaxError};
use serde_json::{json, Value};

use super::{Formatter, Shown};
use crate::lines::Lines;

/// The schema the log follows.
const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/os/schemas/sarif-schema-2.1.0.json";

/// A SARIF log being written: the codes used so far, for `rules`.
#[derive(Default)]
pub struct Log {
    rules: BTreeSet<Code>,
    results: usize,
}

/// SARIF's level for a severity: it has no level below `note`.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info | Severity::Hint => "note",
    }
}

/// A file name as a URI reference: relative paths stay relative (dashboards resolve them
/// against the repository), absolute ones become `file://` URIs; characters outside
/// RFC 3986's unreserved set and `/` are percent-encoded; on Windows `\` is read as `/`.
pub fn uri(file: &str) -> String {
    let path = if cfg!(windows) {
        file.replace('\\', "/")
    } else {
        file.to_string()
    };
    let absolute = std::path::Path::new(file).is_absolute();
    let mut uri = String::new();
    if absolute {
        uri.push_str("file://");
        if !path.starts_with('/') {
            uri.push('/');
        }
    }
    for byte in path.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                uri.push(byte as char)
            }
            // A drive letter's colon (`C:`) stays; in a relative path it would read as a scheme.
            b':' if absolute => uri.push(':'),
            _ => uri.push_str(&format!("%{byte:02X}")),
        }
    }
    uri
}

/// A physical location: the file and the region, 1-based, the end exclusive.
fn location(file: &str, lines: &Lines<'_>, range: kifu_syntax::TextRange) -> Value {
    let span = lines.span(range);
    json!({
        "physicalLocation": {
            "artifactLocation": {"uri": uri(file)},
            "region": {
                "startLine": span.start.line,
                "startColumn": span.start.column,
                "endLine": span.end.line,
                "endColumn": span.end.column,
            }
        }
    })
}

/// The result for one diagnostic, its related places as `relatedLocations`.
pub fn result(file: &str, error: &SyntaxError, lines: &Lines<'_>) -> Value {
    let mut result = json!({
        "ruleId": error.code.as_str(),
        "level": level(error.severity()),
        "message": {"text": error.message},
        "locations": [location(file, lines, error.range)],
    });
    if !error.related.is_empty() {
        let related: Vec<Value> = error
            .related
            .iter()
            .enumerate()
            .map(|(id, related)| {
                let mut place = location(file, lines, related.range);
                place["id"] = json!(id);
                place["message"] = json!({"text": related.message});
                place
            })
            .collect();
        result["relatedLocations"] = Value::Array(related);
    }
    result
}

/// The tool: kifu, and a rule for each code in `codes`.
fn tool(codes: &BTreeSet<Code>) -> Value {
    let rules: Vec<Value> = codes
        .iter()
        .map(|code| {
            json!({
                "id": code.as_str(),
                "shortDescription": {"text": code.description()},
                "defaultConfiguration": {"level": level(code.severity())},
            })
        })
        .collect();
    json!({
        "driver": {
            "name": "kifu",
            "version": env!("CARGO_PKG_VERSION"),
            "informationUri": env!("CARGO_PKG_REPOSITORY"),
            "rules": rules,
        }
    })
}

impl Formatter for Log {
    fn start(&mut self, out: &mut dyn Write) -> io::Result<()> {
        write!(
            out,
            r#"{{"version":"2.1.0","$schema":"{SCHEMA}","runs":[{{"columnKind":"unicodeCodePoints","results":["#
        )
    }

    fn diagnostic(&mut self, out: &mut dyn Write, shown: &Shown<'_>) -> io::Result<()> {
        if self.results > 0 {
            out.write_all(b",")?;
        }
        out.write_all(b"\n")?;
        self.results += 1;
        let Shown { file, error, lines } = *shown;
        self.rules.insert(error.code);
        serde_json::to_writer(&mut *out, &result(file, error, lines))?;
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "\n],\"tool\":")?;
        serde_json::to_writer(&mut *out, &tool(&self.rules))?;
        writeln!(out, "}}]}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_become_uri_references() {
        assert_eq!(uri("games/a b.pgn"), "games/a%20b.pgn");
        assert_eq!(uri("c:d.pgn"), "c%3Ad.pgn", "not a scheme");
        assert_eq!(uri("dir/é.sgf"), "dir/%C3%A9.sgf");
        assert_eq!(uri("<stdin>"), "%3Cstdin%3E");
        #[cfg(unix)]
        assert_eq!(uri("/home/me/a#1.pgn"), "file:///home/me/a%231.pgn");
    }
}
