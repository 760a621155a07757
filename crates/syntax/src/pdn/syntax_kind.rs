//! The kinds of PDN tokens and nodes, and the rowan language that carries them.

use crate::pgn::SyntaxKind as Role;

/// Every kind of token and node in a PDN tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u16)]
#[allow(non_camel_case_types)]
pub enum SyntaxKind {
    // Tokens.
    /// Spaces, tabs and line breaks.
    WHITESPACE = 0,
    /// A byte order mark at the start of the text.
    BOM,
    /// `{ ... }`; may lack its `}` (an error).
    BRACE_COMMENT,
    /// `; ...` up to the end of the line.
    LINE_COMMENT,
    /// `% ...` in column 0, up to the end of the line.
    ESCAPE_LINE,
    /// `/FEN "..."/`: a setup command in the movetext.
    SETUP,
    /// `[`
    L_BRACK,
    /// `]`
    R_BRACK,
    /// `"value"`.
    STRING,
    /// A word that is not a move: a tag name, or stray text in movetext.
    SYMBOL,
    /// The digits of a move number.
    INTEGER,
    /// One or more `.` after a move number.
    DOTS,
    /// A move: `32-28`, `28x19`, `26x37x48`, `c3-d4`, `b6xd4xf2`, `27-20*`.
    MOVE,
    /// Move strength: `!`, `?`, `!!`, `??`, `!?`, `?!`, `(?)`, `(!)`.
    STRENGTH,
    /// `$` and a number.
    NAG,
    /// `(`
    L_PAREN,
    /// `)`
    R_PAREN,
    /// `}` outside any comment.
    R_CURLY,
    /// `2-0`, `0-2`, `1-1`, `0-0`, `1-0`, `0-1`, `1/2-1/2` or `*`.
    RESULT,
    /// Characters that start no token.
    ERROR_TOKEN,

    // Nodes.
    /// The whole file.
    SOURCE_FILE,
    /// One game.
    GAME,
    /// The tag pairs at the start of a game.
    TAG_SECTION,
    /// `[Name "value"]`.
    TAG_PAIR,
    /// The moves of a game.
    MOVETEXT,
    /// `12.` or `12...`.
    MOVE_NUMBER,
    /// A move and its strength.
    MOVE_NODE,
    /// `$14`.
    NAG_NODE,
    /// A comment, an escape line, or a setup command.
    COMMENT,
    /// `( ... )`.
    VARIATION,
    /// The game termination marker.
    GAME_RESULT,
    /// Text the parser could not place.
    ERROR,
}

use SyntaxKind::*;

impl SyntaxKind {
    /// What the shared PGN-family grammar sees in a token of this kind.
    pub fn role(self) -> Role {
        match self {
            WHITESPACE => Role::WHITESPACE,
            BOM => Role::BOM,
            BRACE_COMMENT => Role::BRACE_COMMENT,
            LINE_COMMENT => Role::LINE_COMMENT,
            // A setup command stands where a comment may: between moves, before the first.
            ESCAPE_LINE | SETUP => Role::ESCAPE_LINE,
            L_BRACK => Role::L_BRACK,
            R_BRACK => Role::R_BRACK,
            STRING => Role::STRING,
            SYMBOL => Role::SYMBOL,
            INTEGER => Role::INTEGER,
            DOTS => Role::DOTS,
            MOVE => Role::SAN,
            STRENGTH => Role::SUFFIX,
            NAG => Role::NAG,
            L_PAREN => Role::L_PAREN,
            R_PAREN => Role::R_PAREN,
            R_CURLY => Role::R_CURLY,
            RESULT => Role::RESULT,
            ERROR_TOKEN => Role::ERROR_TOKEN,
            SOURCE_FILE => Role::SOURCE_FILE,
            GAME => Role::GAME,
            TAG_SECTION => Role::TAG_SECTION,
            TAG_PAIR => Role::TAG_PAIR,
            MOVETEXT => Role::MOVETEXT,
            MOVE_NUMBER => Role::MOVE_NUMBER,
            MOVE_NODE => Role::SAN_MOVE,
            NAG_NODE => Role::NAG_NODE,
            COMMENT => Role::COMMENT,
            VARIATION => Role::VARIATION,
            GAME_RESULT => Role::GAME_RESULT,
            ERROR => Role::ERROR,
        }
    }

    /// The PDN kind of a node or token role of the shared grammar.
    pub(crate) fn from_role(role: Role) -> SyntaxKind {
        match role {
            Role::WHITESPACE => WHITESPACE,
            Role::BOM => BOM,
            Role::BRACE_COMMENT => BRACE_COMMENT,
            Role::LINE_COMMENT => LINE_COMMENT,
            Role::ESCAPE_LINE => ESCAPE_LINE,
            Role::L_BRACK => L_BRACK,
            Role::R_BRACK => R_BRACK,
            Role::STRING => STRING,
            Role::SYMBOL => SYMBOL,
            Role::INTEGER => INTEGER,
            Role::DOTS => DOTS,
            Role::SAN => MOVE,
            Role::SUFFIX => STRENGTH,
            Role::NAG => NAG,
            Role::L_PAREN => L_PAREN,
            Role::R_PAREN => R_PAREN,
            Role::R_CURLY => R_CURLY,
            Role::RESULT => RESULT,
            Role::ERROR_TOKEN => ERROR_TOKEN,
            Role::SOURCE_FILE => SOURCE_FILE,
            Role::GAME => GAME,
            Role::TAG_SECTION => TAG_SECTION,
            Role::TAG_PAIR => TAG_PAIR,
            Role::MOVETEXT => MOVETEXT,
            Role::MOVE_NUMBER => MOVE_NUMBER,
            Role::SAN_MOVE => MOVE_NODE,
            Role::NAG_NODE => NAG_NODE,
            Role::COMMENT => COMMENT,
            Role::VARIATION => VARIATION,
            Role::GAME_RESULT => GAME_RESULT,
            Role::ERROR => ERROR,
        }
    }
}

crate::language::rowan_language!(
    /// The rowan language of PDN trees.
    PdnLanguage,
    "PDN",
    ERROR
);
