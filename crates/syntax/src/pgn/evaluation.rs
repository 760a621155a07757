//! Evaluations and marks written as text after a move (`+-`, `±`, `=`, `□`, `N`), as some
//! exports and books write them, where PGN writes a NAG (`$18`): the grammar says once what
//! each stands for, with a fix, where it said only that the text was not PGN.

/// Each way of writing an evaluation as text, the NAG PGN writes for it, and what it means
/// (the standard's words).
const EVALUATIONS: &[(&str, u8, &str)] = &[
    ("=", 10, "a drawish position"),
    ("\u{221e}", 13, "an unclear position"),
    ("+=", 14, "White has a slight advantage"),
    ("+/=", 14, "White has a slight advantage"),
    ("\u{2a72}", 14, "White has a slight advantage"),
    ("=+", 15, "Black has a slight advantage"),
    ("=/+", 15, "Black has a slight advantage"),
    ("\u{2a71}", 15, "Black has a slight advantage"),
    ("+/-", 16, "White has a moderate advantage"),
    ("\u{b1}", 16, "White has a moderate advantage"),
    ("-/+", 17, "Black has a moderate advantage"),
    ("\u{2213}", 17, "Black has a moderate advantage"),
    ("+-", 18, "White has a decisive advantage"),
    ("-+", 19, "Black has a decisive advantage"),
    // Past the evaluations, two marks books print beside a move.
    ("\u{25a1}", 7, "the only move"),
    // ChessBase's novelty, past the standard's table; its own `N` alone is no move.
    ("N", 146, "a novelty"),
];

/// The NAG that `text` stands for and what it means, when `text` is an evaluation written
/// as text (see [`EVALUATIONS`]).
pub(crate) fn evaluation(text: &str) -> Option<(u8, &'static str)> {
    EVALUATIONS
        .iter()
        .find(|(form, _, _)| *form == text)
        .map(|&(_, nag, meaning)| (nag, meaning))
}

/// Whether `text` is an en passant mark written as a word of its own (`exd6 e.p.`).
pub(crate) fn is_en_passant_mark(text: &str) -> bool {
    matches!(text, "e.p." | "e.p" | "ep")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_name_their_nags() {
        assert_eq!(
            evaluation("+-"),
            Some((18, "White has a decisive advantage"))
        );
        assert_eq!(evaluation("±"), evaluation("+/-"));
        assert_eq!(evaluation("⩲"), evaluation("+="));
        assert_eq!(evaluation("="), Some((10, "a drawish position")));
        assert_eq!(evaluation("N"), Some((146, "a novelty")));
        assert_eq!(evaluation("□"), Some((7, "the only move")));
        for text in ["+", "-", "==", "+-+", "e4", ""] {
            assert_eq!(evaluation(text), None, "{text}");
        }
        assert!(is_en_passant_mark("e.p."));
        assert!(!is_en_passant_mark("e.g."));
    }
}
