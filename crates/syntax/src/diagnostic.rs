//! Diagnostics produced by the parsers: a range, a stable code, plain words.

use rowan::TextRange;

/// How serious a diagnostic is, in the four levels LSP and the CLI share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The file is wrong: a reader will misread it or reject it.
    Error,
    /// The file is readable but probably not what its author meant.
    Warning,
    /// Worth knowing, nothing to fix.
    Info,
    /// A suggestion.
    Hint,
}

impl Severity {
    /// The lower-case name used in JSON output and settings.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
            Severity::Hint => "hint",
        }
    }
}

/// A stable diagnostic code: its name, default severity and meaning.
///
/// Codes are values, not one enum, so that each layer defines the codes of what it finds
/// (this crate the syntax, `kifu-input` the encodings, `kifu-ide` the rules of the games)
/// while the CLI and the server handle them all alike. Two codes are the same when their
/// names are: the name (`Code::as_str`) never changes once released, since users switch
/// codes off by name. Each one is documented with an example in `docs/diagnostics.md`.
#[derive(Debug, Clone, Copy)]
pub struct Code {
    name: &'static str,
    severity: Severity,
    description: &'static str,
}

impl Code {
    /// A code named `name` (lower-case words joined by `-`), of `severity` by default, that
    /// means `description` (one sentence).
    pub const fn new(name: &'static str, severity: Severity, description: &'static str) -> Code {
        Code {
            name,
            severity,
            description,
        }
    }

    /// The stable name, e.g. `unterminated-comment`.
    pub fn as_str(self) -> &'static str {
        self.name
    }

    /// The default severity of diagnostics with this code.
    pub fn severity(self) -> Severity {
        self.severity
    }

    /// What the code means, in one sentence (its doc comment), for reports that list the
    /// codes they use (SARIF's rules).
    pub fn description(self) -> &'static str {
        self.description
    }
}

impl PartialEq for Code {
    fn eq(&self, other: &Code) -> bool {
        self.name == other.name
    }
}

impl Eq for Code {}

impl std::hash::Hash for Code {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl PartialOrd for Code {
    fn partial_cmp(&self, other: &Code) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Code {
    fn cmp(&self, other: &Code) -> std::cmp::Ordering {
        self.name.cmp(other.name)
    }
}

/// Defines codes as constants, each with its doc comment as its description, and `ALL`, the
/// list of them in documentation order. `codes!(impl Code { ... })` defines them as
/// associated constants of [`Code`] (this crate's own); `codes! { ... }` as constants of the
/// module it is called in (another crate's).
#[macro_export]
macro_rules! codes {
    (impl Code { $($(#[doc = $doc:literal])* $variant:ident = $name:literal, $severity:ident;)* }) => {
        // The names read as the variants of an enum, which codes were before each layer
        // could add its own.
        #[allow(non_upper_case_globals)]
        impl Code {
            $(
                $(#[doc = $doc])*
                pub const $variant: Code = Code::new(
                    $name,
                    $crate::Severity::$severity,
                    concat!($($doc, " ",)*).trim_ascii(),
                );
            )*

            /// Every code of the syntax, in documentation order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];
        }
    };
    ($($(#[doc = $doc:literal])* $variant:ident = $name:literal, $severity:ident;)*) => {
        $(
            $(#[doc = $doc])*
            #[allow(non_upper_case_globals)]
            pub const $variant: $crate::Code = $crate::Code::new(
                $name,
                $crate::Severity::$severity,
                concat!($($doc, " ",)*).trim_ascii(),
            );
        )*

        /// Every code defined here, in documentation order.
        pub const ALL: &[$crate::Code] = &[$($variant,)*];
    };
}

codes!(impl Code {
    /// A `{` comment with no `}`.
    UnterminatedComment = "unterminated-comment", Error;
    /// A `}` that closes no comment.
    UnmatchedCloseBrace = "unmatched-close-brace", Error;
    /// A `(` variation with no `)`.
    UnterminatedVariation = "unterminated-variation", Error;
    /// A `)` that closes no variation.
    UnmatchedCloseParen = "unmatched-close-paren", Error;
    /// Variations nested deeper than the parser follows.
    NestingTooDeep = "nesting-too-deep", Error;
    /// A tag value `"...` with no closing quote on its line.
    UnterminatedString = "unterminated-string", Error;
    /// A tag pair that is not `[Name "value"]`.
    MalformedTagPair = "malformed-tag-pair", Error;
    /// A tag pair after the moves have started.
    TagInMovetext = "tag-in-movetext", Error;
    /// Text that is not a move, move number, annotation, comment or result.
    StrayText = "stray-text", Error;
    /// A NAG outside `$0`..`$255`.
    InvalidNag = "invalid-nag", Error;
    /// A suffix annotation other than `! ? !! ?? !? ?!`, or one that follows no move.
    InvalidSuffix = "invalid-suffix", Error;
    /// A move number larger than any game reaches (`4294967295.`).
    MoveNumberTooLarge = "move-number-too-large", Error;
    /// A game whose movetext does not end in `1-0`, `0-1`, `1/2-1/2` or `*`.
    MissingResult = "missing-result", Error;
    /// A result written another way than PGN's four (`1:0`, `1/2`, `½-½`), read as the
    /// result it stands for.
    NonStandardResult = "non-standard-result", Warning;
    /// An evaluation or mark written as text after a move (`+-`, `±`, `=`, `□`, `N`) where
    /// PGN writes a NAG.
    EvaluationAsText = "evaluation-as-text", Warning;
    /// An en passant mark written as a word of its own after a capture (`exd6 e.p.`).
    EnPassantMark = "en-passant-mark", Hint;
    /// A `{` comment inside another: PGN comments do not nest.
    NestedComment = "nested-comment", Error;
    /// A game that is not PGN at all: EPD records, or HTML pasted from a web page.
    NotPgn = "not-pgn", Error;
    /// The errors of a game past the first ten, counted in one note.
    MoreErrors = "more-errors", Info;

    // SGF
    /// A file with no SGF game tree at all.
    NoGameTree = "no-game-tree", Error;
    /// Text before the first game tree or between game trees.
    TextOutsideGameTree = "text-outside-game-tree", Warning;
    /// A node `;...` outside any game tree.
    NodeOutsideGameTree = "node-outside-game-tree", Error;
    /// A file that starts with a node `;` where its game tree's `(` should be.
    MissingOpenParen = "missing-open-paren", Error;
    /// A game tree `(` not followed by `;`.
    MissingSemicolon = "missing-semicolon", Error;
    /// `()`: a variation with no nodes.
    EmptyVariation = "empty-variation", Error;
    /// A game tree `(` with no `)`.
    UnterminatedGameTree = "unterminated-game-tree", Error;
    /// A node after a variation in the same game tree.
    NodeAfterVariation = "node-after-variation", Error;
    /// A property identifier with no value.
    MissingValue = "missing-value", Error;
    /// Values `[...]` with no property identifier.
    ValueWithoutIdentifier = "value-without-identifier", Error;
    /// A value `[` with no `]`.
    UnterminatedValue = "unterminated-value", Error;
    /// A value that holds what looks like further nodes: probably a `]` is missing.
    ValueLooksUnclosed = "value-looks-unclosed", Warning;
    /// A `]` inside a value that closed it early: `\]` was meant.
    UnescapedBracket = "unescaped-bracket", Error;
    /// Lower-case letters in a property identifier (FF[3] style).
    LowercaseIdentifier = "lowercase-identifier", Error;
    /// A property identifier longer than two letters.
    LongIdentifier = "long-identifier", Warning;
    /// The same property twice in one node.
    DuplicateProperty = "duplicate-property", Error;
    /// A value that does not fit the property's type.
    InvalidValue = "invalid-value", Error;
    /// Several values on a property that takes one.
    TooManyValues = "too-many-values", Error;
    /// A root property (`FF GM SZ CA AP ST`) outside the root node.
    RootPropertyOutsideRoot = "root-property-outside-root", Error;
    /// Game-info properties in more than one node of a line of play.
    GameInfoRepeated = "game-info-repeated", Error;
    /// `B` and `W` in the same node.
    BlackAndWhiteMove = "black-and-white-move", Error;
    /// Setup properties (`AB AW AE PL`) and move properties in the same node.
    SetupAndMoveMixed = "setup-and-move-mixed", Error;
    /// A property that FF[4] does not define.
    UnknownProperty = "unknown-property", Info;

    // PDN
    /// Spaces inside a move (`32 - 28`), other than padding that aligns columns (`1- 6`).
    SpaceInMove = "space-in-move", Hint;
    /// A square written with a leading zero (`05-10`).
    LeadingZero = "leading-zero", Warning;
    /// A setup command `/FEN "..."/` with no closing `/`.
    UnterminatedSetup = "unterminated-setup", Error;
    /// A `GameType` tag that cannot be read.
    InvalidGameType = "invalid-game-type", Error;
    /// A `GameType` number the PDN standard does not define.
    UnknownGameType = "unknown-game-type", Info;
    /// A square that does not exist on the game's board.
    NoSuchSquare = "no-such-square", Error;
    /// A `FEN` tag or setup that cannot be read.
    InvalidFen = "invalid-fen", Error;
});

/// A second location that explains a diagnostic ("comment opened here").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Related {
    /// Where.
    pub range: TextRange,
    /// What is there.
    pub message: String,
}

/// A change to the text: `range` replaced by `insert`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextEdit {
    /// What is replaced (empty to insert).
    pub range: TextRange,
    /// What goes there (empty to delete).
    pub insert: String,
}

/// A repair that makes a diagnostic go away: a title for the light bulb, and edits applied
/// together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What it does, `Close the variation with )`.
    pub title: String,
    /// The edits, in text order, not overlapping.
    pub edits: Vec<TextEdit>,
}

/// One problem found in the text, with the exact range it covers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The bytes of the text the problem is about.
    pub range: TextRange,
    /// The stable code.
    pub code: Code,
    /// A plain-words message.
    pub message: String,
    /// Other places that explain it.
    pub related: Vec<Related>,
    /// The severity: the code's, unless the context changes it (FF[3] identifiers).
    pub severity: Severity,
    /// Repairs, the first the likeliest; found beside the check that reports it.
    pub fixes: Vec<Fix>,
}

impl SyntaxError {
    /// A diagnostic with no related locations.
    pub fn new(code: Code, range: TextRange, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            range,
            code,
            message: message.into(),
            related: Vec::new(),
            severity: code.severity(),
            fixes: Vec::new(),
        }
    }

    /// The same diagnostic with one more repair: `edits` (range, text) applied together.
    pub fn with_fix(
        mut self,
        title: impl Into<String>,
        edits: impl IntoIterator<Item = (TextRange, String)>,
    ) -> SyntaxError {
        let mut edits: Vec<TextEdit> = edits
            .into_iter()
            .map(|(range, insert)| TextEdit { range, insert })
            .collect();
        // In text order, as a fix promises, however they were found (a game's main line is
        // replayed before its variations, which stand among its moves).
        edits.sort_by_key(|e| (e.range.start(), e.range.end()));
        self.fixes.push(Fix {
            title: title.into(),
            edits,
        });
        self
    }

    /// The same diagnostic with another severity.
    pub fn with_severity(mut self, severity: Severity) -> SyntaxError {
        self.severity = severity;
        self
    }

    /// `this `(` {what} is never closed`, at the opening bracket, with a note where the
    /// closing one should be: the same wording for every bracket of every notation.
    pub(crate) fn never_closed(
        code: Code,
        open: TextRange,
        what: &str,
        close: &str,
        should_end: TextRange,
    ) -> SyntaxError {
        SyntaxError::new(
            code,
            open,
            format!("this `(` {what} is never closed: `{close}` is missing"),
        )
        .with_related(should_end, format!("the {what} should end by here"))
        .with_fix(
            format!("Close the {what} with `{close}`"),
            [(TextRange::empty(should_end.end()), close.to_string())],
        )
    }

    /// Adds a related location.
    pub fn with_related(mut self, range: TextRange, message: impl Into<String>) -> SyntaxError {
        self.related.push(Related {
            range,
            message: message.into(),
        });
        self
    }

    /// How serious it is.
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// The same diagnostic moved by `offset` bytes (for text parsed in pieces).
    pub fn shifted(mut self, offset: rowan::TextSize) -> SyntaxError {
        self.range += offset;
        for related in &mut self.related {
            related.range += offset;
        }
        for fix in &mut self.fixes {
            for edit in &mut fix.edits {
                edit.range += offset;
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn every_code_says_what_it_means() {
        for code in Code::ALL {
            let description = code.description();
            assert!(
                description.len() > 10
                    && !description.starts_with(' ')
                    && description.ends_with('.'),
                "{}: {description:?}",
                code.as_str()
            );
        }
        assert_eq!(
            Code::UnterminatedSetup.description(),
            "A setup command `/FEN \"...\"/` with no closing `/`."
        );
    }
}
