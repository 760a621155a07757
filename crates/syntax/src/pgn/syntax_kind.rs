//! The kinds of PGN tokens and nodes, and the rowan language that carries them.

/// Every kind of token and node in a PGN tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u16)]
#[allow(non_camel_case_types)]
pub enum SyntaxKind {
    // Tokens.
    /// Spaces, tabs and line breaks.
    WHITESPACE = 0,
    /// A byte order mark at the start of the text.
    BOM,
    /// `{ ... }`, over any number of lines; may lack its `}` (an error).
    BRACE_COMMENT,
    /// `; ...` up to the end of the line.
    LINE_COMMENT,
    /// `% ...` in column 0, up to the end of the line: an escape line, ignored by readers.
    ESCAPE_LINE,
    /// `[`
    L_BRACK,
    /// `]`
    R_BRACK,
    /// `"value"` with `\"` and `\\` escapes; may lack its closing quote (an error).
    STRING,
    /// A word that is not a move: a tag name, or stray text in movetext.
    SYMBOL,
    /// The digits of a move number.
    INTEGER,
    /// One or more `.` after a move number.
    DOTS,
    /// A move in SAN (or LAN/UCI), castling, or a null move.
    SAN,
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` right after a move.
    SUFFIX,
    /// `$` and a number: a Numeric Annotation Glyph.
    NAG,
    /// `(`
    L_PAREN,
    /// `)`
    R_PAREN,
    /// `}` outside any comment (always an error).
    R_CURLY,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    RESULT,
    /// Characters that start no token.
    ERROR_TOKEN,

    // Nodes.
    /// The whole file: games and the white space between them.
    SOURCE_FILE,
    /// One game: tag section, movetext, result.
    GAME,
    /// The tag pairs at the start of a game.
    TAG_SECTION,
    /// `[Name "value"]`.
    TAG_PAIR,
    /// The moves of a game, with their numbers, annotations, comments and variations.
    MOVETEXT,
    /// `12.` or `12...`.
    MOVE_NUMBER,
    /// A move and its suffix annotation.
    SAN_MOVE,
    /// `$14`.
    NAG_NODE,
    /// A comment of any kind.
    COMMENT,
    /// `( ... )`: a recursive annotation variation.
    VARIATION,
    /// The game termination marker.
    GAME_RESULT,
    /// Text the parser could not place; it carries a diagnostic.
    ERROR,
}

use SyntaxKind::*;

impl SyntaxKind {
    /// White space and byte order marks: tokens the grammar never sees.
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | BOM)
    }

    /// The three kinds of comment token.
    pub fn is_comment(self) -> bool {
        matches!(self, BRACE_COMMENT | LINE_COMMENT | ESCAPE_LINE)
    }

    const LAST: SyntaxKind = ERROR;
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

/// The rowan language of PGN trees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PgnLanguage {}

impl rowan::Language for PgnLanguage {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        assert!(
            raw.0 <= SyntaxKind::LAST as u16,
            "not a PGN kind: {}",
            raw.0
        );
        // SAFETY: SyntaxKind is repr(u16) with contiguous discriminants 0..=LAST, checked above.
        unsafe { std::mem::transmute::<u16, SyntaxKind>(raw.0) }
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

/// A node of a PGN tree.
pub type SyntaxNode = rowan::SyntaxNode<PgnLanguage>;
/// A token of a PGN tree.
pub type SyntaxToken = rowan::SyntaxToken<PgnLanguage>;
/// A node or token of a PGN tree.
pub type SyntaxElement = rowan::SyntaxElement<PgnLanguage>;
