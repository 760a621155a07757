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
}

crate::language::rowan_language!(
    /// The rowan language of PGN trees.
    PgnLanguage,
    "PGN",
    ERROR
);
