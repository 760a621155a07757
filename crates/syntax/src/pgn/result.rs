//! Results written other ways than PGN's four (`1:0`, `1/2`, `½-½`, `0.5-0.5`), as other
//! programs, books and web pages write them. The lexer reads each as the game's result, so
//! that one slip is one diagnostic (`non-standard-result`, with its fix) and not stray text
//! and a missing result; the model reads the result it stands for.

/// The other ways of writing a result, each with the result it stands for. A longer form
/// comes before a form it starts with (`1/2 - 1/2` before `1/2`).
const OTHER_FORMS: &[(&str, &str)] = &[
    ("1:0", "1-0"),
    ("0:1", "0-1"),
    ("1\u{2013}0", "1-0"),
    ("0\u{2013}1", "0-1"),
    ("1/2 - 1/2", "1/2-1/2"),
    ("1/2:1/2", "1/2-1/2"),
    ("1/2", "1/2-1/2"),
    ("0.5-0.5", "1/2-1/2"),
    ("\u{bd}-\u{bd}", "1/2-1/2"),
    ("\u{bd}\u{2013}\u{bd}", "1/2-1/2"),
    ("\u{bd}:\u{bd}", "1/2-1/2"),
    ("\u{bd}", "1/2-1/2"),
];

/// The result PGN writes for `written`, when `written` is one of the other ways of writing
/// it (`1:0` is `1-0`); `None` for PGN's own results and for any other text.
pub fn standard_result(written: &str) -> Option<&'static str> {
    OTHER_FORMS
        .iter()
        .find(|(form, _)| *form == written)
        .map(|&(_, standard)| standard)
}

/// The result `written` stands for, as PGN writes it: `written` itself, or for one written
/// another way (`1:0`) the result it stands for (`1-0`). What the model and hover read.
pub fn result_meant(written: &str) -> &str {
    standard_result(written).unwrap_or(written)
}

/// PGN's results that start with a digit, as the lexer and the plain reader read them.
pub(crate) const DIGIT_RESULTS: [&[u8]; 3] = [b"1-0", b"0-1", b"1/2-1/2"];

/// The end of a result written another way that starts at `pos` (see [`standard_result`]),
/// when the word it is in ends with it (`1/2` but not `1/2x`; `1:0` but not `1:05`). Asked
/// only of words that start with `0`, `1` or `½`, off the path of move numbers and moves.
pub(crate) fn other_result_end(bytes: &[u8], pos: usize) -> Option<usize> {
    let rest = &bytes[pos..];
    OTHER_FORMS.iter().find_map(|(form, _)| {
        let end = pos + form.len();
        (rest.starts_with(form.as_bytes())
            && bytes
                .get(end)
                .is_none_or(|&b| !super::lexer::is_word_byte(b) && b != b'/' && b < 0x80))
        .then_some(end)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_form_stands_for_a_result_and_ends_where_its_word_does() {
        for &(form, standard) in OTHER_FORMS {
            assert_eq!(standard_result(form), Some(standard), "{form}");
            let text = format!("{form} ");
            assert_eq!(
                other_result_end(text.as_bytes(), 0),
                Some(form.len()),
                "{form}"
            );
            // Glued to more of a word, it is not a result (`1/2 - 1/2x` starts with `1/2`).
            let glued = format!("{form}x");
            let end = other_result_end(glued.as_bytes(), 0);
            assert!(end.is_none() || form.starts_with("1/2 "), "{form}: {end:?}");
        }
        for standard in ["1-0", "0-1", "1/2-1/2", "*", "", "=", "1", "0-0"] {
            assert_eq!(standard_result(standard), None, "{standard}");
        }
        // A longer form is read whole, not as the form it starts with.
        assert_eq!(other_result_end(b"1/2:1/2\n", 0), Some(7));
        assert_eq!(other_result_end(b"1/2 - 1/2", 0), Some(9));
        assert_eq!(other_result_end(b"1/2/", 0), None);
        assert_eq!(other_result_end("½½".as_bytes(), 0), None);
    }
}
