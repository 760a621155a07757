//! The human report without colour, written directly: the bytes that annotate-snippets'
//! plain renderer writes for a diagnostic of kifu's, for the common case, at a fraction of
//! its cost.
//!
//! kifu hands the renderer one line per place (an [`Excerpt`] of at most a few hundred
//! characters), one mark per line and a title of one line, so of what annotate-snippets
//! knows (multi-line spans, overlapping marks, tabs and control characters, lines trimmed
//! to the terminal) most never applies. It spent most of its time on what does not apply
//! (each character looked up in a list of replacements, a styled buffer of cells), and
//! rendering was a third of checking 1,000 Go records with the human report. What this
//! writes is held equal to annotate-snippets' output by a test over every diagnostic of
//! the fixtures and the corpus, and over made-up cases at its edges; where a diagnostic is
//! outside what it covers, [`render`] says so and the caller asks annotate-snippets.

use std::fmt::Write;

use unicode_width::UnicodeWidthChar;

use super::{Excerpt, Place};

/// A diagnostic's first line: `error[code]: message`.
pub(super) struct Title<'a> {
    /// `error`, `warning`, `info` or `help`.
    pub(super) level: &'a str,
    /// The code, in brackets.
    pub(super) code: &'a str,
    /// The message.
    pub(super) message: &'a str,
}

/// annotate-snippets' default terminal width: a line wider than this, less the margin, is
/// trimmed with `...`.
const TERM_WIDTH: usize = 140;

/// Columns of leading whitespace before the mark past which annotate-snippets cuts the
/// left of a line: its `LONG_WHITESPACE` plus its `ELLIPSIS_PASSING`.
const LONG_WHITESPACE: usize = 20 + 6;

/// What a place is, measured: the columns of its line and of its mark.
struct Measured<'a> {
    place: &'a Place<'a>,
    /// Display columns before the mark.
    before: usize,
    /// Display columns of the mark (at least 1).
    marked: usize,
}

/// The rendering of `title` and `places` (the diagnostic's own first, then its related
/// ones) that annotate-snippets' plain renderer gives, or `None` where it would do more than
/// copy the line (a character it replaces or cannot measure, a line it trims, a title or
/// label of several lines).
pub(super) fn render(title: &Title<'_>, places: &[Place<'_>]) -> Option<String> {
    if !is_plain(title.message) || !title.code.chars().all(|c| c.is_ascii_graphic()) {
        return None;
    }
    let digits = places
        .iter()
        .map(|p| p.excerpt.line.to_string().len())
        .max()?;
    let room = TERM_WIDTH.checked_sub(3 + digits)?;
    let mut measured = Vec::with_capacity(places.len());
    for place in places {
        // An empty label gets no space before it from annotate-snippets.
        if !place
            .label
            .is_none_or(|label| !label.is_empty() && is_plain(label))
        {
            return None;
        }
        measured.push(measure(place, room)?);
    }
    let mut out = String::with_capacity(256 * places.len() + title.message.len());
    let _ = write!(out, "{}[{}]: {}", title.level, title.code, title.message);
    let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat_n(' ', n));
    for (i, m) in measured.iter().enumerate() {
        let Excerpt { source, line, .. } = &m.place.excerpt;
        out.push('\n');
        if i > 0 {
            pad(&mut out, digits + 1);
            out.push_str("|\n");
        }
        pad(&mut out, digits);
        out.push_str(if i == 0 { "--> " } else { "::: " });
        out.push_str(&m.place.origin);
        out.push('\n');
        pad(&mut out, digits + 1);
        out.push_str("|\n");
        let _ = write!(out, "{line:>digits$} |");
        if !source.is_empty() {
            out.push(' ');
            out.push_str(source);
        }
        out.push('\n');
        pad(&mut out, digits + 1);
        out.push_str("| ");
        pad(&mut out, m.before);
        let mark = if i == 0 { '^' } else { '-' };
        out.extend(std::iter::repeat_n(mark, m.marked));
        if let Some(label) = m.place.label {
            out.push(' ');
            out.push_str(label);
        }
    }
    Some(out)
}

/// Whether a title or label is one line with nothing annotate-snippets replaces.
fn is_plain(text: &str) -> bool {
    text.chars().all(|c| width(c).is_some())
}

/// The columns of `c` as annotate-snippets counts them, for a character it writes as it is
/// and whose width is one or two columns; `None` for the rest (tabs, control characters,
/// the direction marks and the zero-width joiner it replaces, zero-width characters).
fn width(c: char) -> Option<usize> {
    if c.is_ascii() {
        return (' '..='~').contains(&c).then_some(1);
    }
    if matches!(c, '\u{200d}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}') {
        return None;
    }
    match c.width() {
        Some(w @ (1 | 2)) => Some(w),
        _ => None,
    }
}

/// The columns of a place's line before and in its mark, if annotate-snippets would show the
/// line whole within `room` columns.
fn measure<'a>(place: &'a Place<'a>, room: usize) -> Option<Measured<'a>> {
    let Excerpt { source, marked, .. } = &place.excerpt;
    let (mut before, mut inside, mut total) = (0, 0, 0);
    // Leading whitespace, in characters, as annotate-snippets counts it.
    let mut leading = 0;
    let mut in_leading = true;
    for (at, c) in source.char_indices() {
        let w = width(c)?;
        if in_leading {
            if c.is_whitespace() {
                leading += 1;
            } else {
                in_leading = false;
            }
        }
        if at < marked.start {
            before += w;
        } else if at < marked.end {
            inside += w;
        }
        total += w;
    }
    if in_leading {
        // A line of whitespace alone has no margin to cut.
        leading = 0;
    }
    if total > room || leading.min(before) > LONG_WHITESPACE {
        return None;
    }
    Some(Measured {
        place,
        before,
        marked: inside.max(1),
    })
}

#[cfg(test)]
mod tests {
    use annotate_snippets::Renderer;
    use kifu_ide::{Document, Notation};
    use kifu_syntax::{Code, SyntaxError, TextRange, TextSize};

    use crate::lines::Lines;
    use crate::report::{level, places, render_with};

    /// Renders `error` both ways; whether this module rendered it (it must then be what
    /// annotate-snippets renders).
    fn same(error: &SyntaxError, lines: &Lines<'_>, name: &str) -> bool {
        let path = "games/a.pgn";
        let title = super::Title {
            level: level(error.severity()).1,
            code: error.code.as_str(),
            message: &error.message,
        };
        let fast = super::render(&title, &places(path, error, lines));
        let slow = render_with(&Renderer::plain(), path, error, places(path, error, lines));
        if let Some(fast) = &fast {
            assert_eq!(fast, &slow, "{name}: {error:?}");
        }
        fast.is_some()
    }

    /// Every diagnostic of every fixture, and of the corpus's files under 256 KiB (the big
    /// databases hold nothing the others do not, and take long in a debug build).
    #[test]
    fn every_diagnostic_of_the_fixtures_and_corpus_renders_as_annotate_snippets_does() {
        let files = kifu_testing::fixture_and_corpus_files(&["pgn", "sgf", "pdn"], 201);
        let (mut fast, mut all) = (0, 0);
        for path in &files {
            let bytes = std::fs::read(path).expect("readable");
            if bytes.len() > 256 << 10 {
                continue;
            }
            let document = Document::from_bytes(Notation::of_path(path), &bytes);
            let lines = Lines::new(document.text(), 0, 0);
            for error in document.diagnostics() {
                all += 1;
                fast += usize::from(same(error, &lines, &path.display().to_string()));
            }
        }
        eprintln!(
            "{} files: {fast} of {all} diagnostics rendered here",
            files.len()
        );
        assert!(all > 1000, "{all} diagnostics");
        // The point of this module: nearly every diagnostic is written without the library.
        assert!(fast * 10 > all * 9, "{fast} of {all}");
    }

    /// Places at the edges of what this module writes: wide and zero-width characters,
    /// tabs and control characters, long lines and long indents, marks at a line's end and
    /// on an empty line, related places on lines of other widths, labels and titles of
    /// several lines.
    #[test]
    fn places_at_the_edges_render_as_annotate_snippets_does() {
        let long = "x".repeat(300);
        let indent = " ".repeat(40);
        let texts = [
            "[Event \"名人戦 第1局\"]\n1. e4 e5 2. 王 Nf3",
            "1. e4\te5 2. Nf3 Nc6",
            "1. e4 \u{1} e5 \u{7f} 2. Nf3",
            "1. e\u{301}4 e5 2. N\u{200d}f3 \u{202e}abc",
            &format!("1. e4 e5 {long} 2. Nf3"),
            &format!("{indent}1. e4 e5\n{indent}    2. Nf3"),
            &format!("1. e4 e5 {} 2. Nf3", "中".repeat(70)),
            "1. e4\n\n\n\n\n\n\n\n\n\n\n\n2. Nf3 e5\n",
            "\n\n1. e4 e5   \n   ",
            "",
            "   \n\u{3000}\u{3000}1. e4",
        ];
        let messages = ["one line", "two\nlines", "a\ttab", "ünïcödé 名"];
        let mut fast = 0;
        let mut all = 0;
        for text in texts {
            let lines = Lines::new(text, 0, 0);
            let len = text.len() as u32;
            let boundaries: Vec<u32> = (0..=len)
                .filter(|&i| text.is_char_boundary(i as usize))
                .collect();
            let step = (boundaries.len() / 12).max(1);
            let points: Vec<u32> = boundaries
                .iter()
                .copied()
                .step_by(step)
                .chain([len])
                .collect();
            for &start in &points {
                for &end in points.iter().filter(|&&e| e >= start).take(4) {
                    for (k, message) in messages.iter().enumerate() {
                        let range = TextRange::new(TextSize::from(start), TextSize::from(end));
                        let mut error =
                            SyntaxError::new(Code::ALL[k * 7 % Code::ALL.len()], range, *message);
                        all += 1;
                        fast += usize::from(same(&error, &lines, text));
                        for (i, &other) in points.iter().enumerate().take(3) {
                            let related = TextRange::empty(TextSize::from(other));
                            let label = ["first here", "first\nhere", ""][i];
                            error = error.with_related(related, label);
                            all += 1;
                            fast += usize::from(same(&error, &lines, text));
                        }
                    }
                }
            }
        }
        eprintln!("{fast} of {all} made-up diagnostics rendered here");
        // Both ways taken, many times each.
        assert!(fast > 1000 && all - fast > 1000, "{fast} of {all}");
    }

    /// Where an excerpt does not start its line, annotate-snippets' `file:line:column`
    /// (counted in the excerpt) is put right in the `-->` line, and only there: not in a
    /// title that holds the same words (the first version replaced the first match).
    #[test]
    fn the_origin_is_put_right_in_its_own_line_only() {
        let text = format!("(;GM[1]{}SZ[a.sgf:1:62])", "C[x]".repeat(25));
        let lines = Lines::new(&text, 0, 0);
        let start = text.find("a.sgf").expect("in the text") as u32;
        let range = TextRange::at(TextSize::from(start), TextSize::from(10));
        let message = "`[a.sgf:1:62]` is not a valid `SZ` value";
        let error = SyntaxError::new(Code::ALL[0], range, message);
        let real = format!("a.sgf:1:{}", start + 1);
        for renderer in [Renderer::plain(), Renderer::styled()] {
            let rendered = render_with(&renderer, "a.sgf", &error, places("a.sgf", &error, &lines));
            let plain = crate::report::strip_colour(&rendered);
            let mut rows = plain.lines();
            assert!(
                rows.next().is_some_and(|title| title.ends_with(message)),
                "{plain}"
            );
            assert_eq!(
                rows.next().map(str::trim),
                Some(format!("--> {real}").as_str()),
                "{plain}"
            );
        }
    }

    /// Lines about as wide as annotate-snippets shows whole, one column at a time: narrow
    /// and wide characters, on lines numbered with one and two digits.
    #[test]
    fn lines_at_the_terminal_width_render_as_annotate_snippets_does() {
        let (mut fast, mut all) = (0, 0);
        for n in 110..=150 {
            for (unit, count) in [("x", n), ("中", n / 2), ("a中", n / 3)] {
                let line = unit.repeat(count);
                for before in ["", "\n\n\n\n\n\n\n\n\n\n"] {
                    let text = format!("{before}{line}");
                    let lines = Lines::new(&text, 0, 0);
                    let start = TextSize::of(before);
                    for range in [
                        TextRange::new(start, TextSize::of(text.as_str())),
                        TextRange::empty(start),
                        TextRange::empty(TextSize::of(text.as_str())),
                    ] {
                        let error = SyntaxError::new(Code::ALL[0], range, "wide");
                        all += 1;
                        fast += usize::from(same(&error, &lines, &text));
                    }
                }
            }
        }
        eprintln!("{fast} of {all} wide lines rendered here");
        assert!(fast > 100 && all - fast > 50, "{fast} of {all}");
    }
}
