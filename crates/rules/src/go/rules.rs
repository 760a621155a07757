//! The rule sets SGF names in `RU[]`, and the two choices that decide which moves are legal.

/// A rule set as SGF's `RU[]` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Japanese rules (`RU[Japanese]`): no suicide.
    Japanese,
    /// Chinese rules (`RU[Chinese]`): no suicide.
    Chinese,
    /// The American Go Association's rules (`RU[AGA]`): no suicide.
    Aga,
    /// Ing's Goe rules (`RU[GOE]`, also written `Ing`): suicide allowed.
    Goe,
    /// New Zealand rules (`RU[NZ]`): suicide allowed.
    NewZealand,
}

impl RuleSet {
    /// Reads an `RU[]` value, any case; `None` for a name it does not know, so the caller
    /// chooses the default (Japanese, as most readers do).
    pub fn from_sgf(raw: &str) -> Option<RuleSet> {
        let name = raw.trim().to_ascii_lowercase();
        match name.as_str() {
            "japanese" => Some(RuleSet::Japanese),
            "chinese" => Some(RuleSet::Chinese),
            "aga" => Some(RuleSet::Aga),
            "goe" | "ing" => Some(RuleSet::Goe),
            "nz" | "new zealand" => Some(RuleSet::NewZealand),
            _ => None,
        }
    }

    /// The name `FF[4]` writes in `RU[]`.
    pub const fn sgf_name(self) -> &'static str {
        match self {
            RuleSet::Japanese => "Japanese",
            RuleSet::Chinese => "Chinese",
            RuleSet::Aga => "AGA",
            RuleSet::Goe => "GOE",
            RuleSet::NewZealand => "NZ",
        }
    }

    /// Whether a move may remove its own stones, one or many (New Zealand and Goe rules).
    pub const fn allows_suicide(self) -> bool {
        matches!(self, RuleSet::Goe | RuleSet::NewZealand)
    }
}

/// How much of the past a move may not repeat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Ko {
    /// A single stone that just captured a single stone may not be taken back at once.
    ///
    /// The default for every rule set: the superko rules of Chinese, AGA, Goe and New
    /// Zealand rules differ (positional, situational, or a special rule for Goe), Japanese
    /// rules have none, and records of real games rarely meet a long cycle.
    #[default]
    Simple,
    /// No move may recreate a whole-board position (stones only) seen before in the game.
    PositionalSuperko,
}

/// The choices that decide which moves are legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Whether a move may remove its own stones.
    pub suicide_allowed: bool,
    /// Which repetitions are forbidden.
    pub ko: Ko,
}

impl Rules {
    /// The rules of `rule_set`, with simple ko.
    pub const fn of(rule_set: RuleSet) -> Rules {
        Rules {
            suicide_allowed: rule_set.allows_suicide(),
            ko: Ko::Simple,
        }
    }

    /// These rules with another ko rule.
    pub const fn with_ko(self, ko: Ko) -> Rules {
        Rules { ko, ..self }
    }
}

impl Default for Rules {
    /// Japanese rules with simple ko: what readers assume when a game names no rules.
    fn default() -> Self {
        Rules::of(RuleSet::Japanese)
    }
}

impl From<RuleSet> for Rules {
    fn from(rule_set: RuleSet) -> Self {
        Rules::of(rule_set)
    }
}
