//! Which diagnostics `kifu check` reports: codes switched off and on (`--disable`,
//! `--enable`, the same codes as the server's `diagnostics.disabled` setting) and the lowest
//! severity shown (`--severity`).

use std::collections::HashSet;

use kifu_syntax::{Code, Severity, SyntaxError};

/// A code named on the command line, or `all` of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codes {
    /// Every code.
    All,
    /// One code.
    One(Code),
}

impl Codes {
    /// Reads a code's stable name or `all`; an unknown name is an error that lists the
    /// known ones, so a typo is never silently a no-op.
    pub fn parse(name: &str) -> Result<Codes, String> {
        if name == "all" {
            return Ok(Codes::All);
        }
        kifu_ide::codes()
            .find(|code| code.as_str() == name)
            .map(Codes::One)
            .ok_or_else(|| {
                let known: Vec<&str> = kifu_ide::codes().map(|code| code.as_str()).collect();
                format!(
                    "no diagnostic code is called `{name}`; the codes are `all`, {}",
                    known.join(", ")
                )
            })
    }
}

/// The lowest severity `kifu check` shows (`--severity`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Lowest {
    /// Errors only.
    Error,
    /// Errors and warnings.
    Warning,
    /// Errors, warnings and info.
    Info,
    /// Everything, hints included.
    Hint,
}

impl Lowest {
    fn severity(self) -> Severity {
        match self {
            Lowest::Error => Severity::Error,
            Lowest::Warning => Severity::Warning,
            Lowest::Info => Severity::Info,
            Lowest::Hint => Severity::Hint,
        }
    }
}

/// Which diagnostics are reported: those whose code is on and whose severity is at least
/// the lowest shown. The others are neither shown nor counted, so a code switched off
/// cannot fail the run.
#[derive(Debug, Clone)]
pub struct Selection {
    off: HashSet<Code>,
    lowest: Severity,
}

impl Selection {
    /// Every code on, down to `lowest`; then each switch applied in the order given (`true`
    /// switches on), so `--disable all --enable stray-text` reports `stray-text` alone.
    pub fn new(switches: impl IntoIterator<Item = (bool, Codes)>, lowest: Lowest) -> Selection {
        let mut off = HashSet::new();
        for (on, codes) in switches {
            let codes: Vec<Code> = match codes {
                Codes::All => kifu_ide::codes().collect(),
                Codes::One(code) => vec![code],
            };
            for code in codes {
                if on {
                    off.remove(&code);
                } else {
                    off.insert(code);
                }
            }
        }
        Selection {
            off,
            lowest: lowest.severity(),
        }
    }

    /// Whether `error` is reported.
    pub fn shows(&self, error: &SyntaxError) -> bool {
        error.severity() <= self.lowest && !self.off.contains(&error.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_syntax::{TextRange, TextSize};

    fn error(code: Code) -> SyntaxError {
        SyntaxError::new(code, TextRange::empty(TextSize::from(0)), "")
    }

    #[test]
    fn switches_apply_in_order() {
        let stray = Codes::parse("stray-text").unwrap();
        let selection = Selection::new([(false, Codes::All), (true, stray)], Lowest::Hint);
        assert!(selection.shows(&error(Code::StrayText)));
        assert!(!selection.shows(&error(Code::MissingResult)));
        let selection = Selection::new([(true, stray), (false, stray)], Lowest::Hint);
        assert!(!selection.shows(&error(Code::StrayText)));
    }

    #[test]
    fn the_lowest_severity_is_shown_and_those_above_it() {
        let selection = Selection::new([], Lowest::Warning);
        assert!(selection.shows(&error(Code::StrayText)));
        assert!(selection.shows(&error(kifu_input::codes::NotUtf8)));
        assert!(!selection.shows(&error(Code::UnknownProperty)));
        assert!(!selection.shows(&error(Code::SpaceInMove)));
    }

    #[test]
    fn an_unknown_code_names_the_known_ones() {
        let message = Codes::parse("stray-txt").unwrap_err();
        assert!(message.starts_with("no diagnostic code is called `stray-txt`; the codes are `all`, unterminated-comment, "), "{message}");
        assert!(message.contains("stray-text"), "{message}");
    }
}
