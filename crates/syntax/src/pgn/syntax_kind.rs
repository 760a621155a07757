//! The kinds of PGN tokens and nodes, and the rowan language that carries them; and the
//! table they come from, which PDN's kinds come from too.

/// The kinds of the PGN family in one table, expanded into the `SyntaxKind` of `pgn` or of
/// `pdn`. A row of one name is a kind both notations have; a `pgn { .. } pdn { .. }` row is
/// one kind that each names and documents its own way (PDN's `MOVE` is PGN's `SAN`); a
/// `pdn { KIND as ROLE }` row is a kind only PDN has, which the grammar reads as `ROLE`.
/// For PDN it also defines the map between its kinds and PGN's, through which PDN shares
/// PGN's grammar.
macro_rules! pgn_family_kinds {
    ($notation:ident) => {
        $crate::pgn::pgn_family_kinds! { @row $notation [] [] [] []
            // Tokens.
            /// `{ ... }`, over any number of lines; may lack its `}` (an error).
            BRACE_COMMENT,
            /// `; ...` up to the end of the line.
            LINE_COMMENT,
            /// `% ...` in column 0, up to the end of the line: an escape line, ignored by
            /// readers.
            ESCAPE_LINE,
            pdn {
                /// `/FEN "..."/`: a setup command in the movetext. It stands where a comment
                /// may: between moves, before the first.
                SETUP as ESCAPE_LINE
            },
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
            pgn {
                /// A move in SAN (or LAN/UCI), castling, or a null move.
                SAN
            } pdn {
                /// A move: `32-28`, `28x19`, `26x37x48`, `c3-d4`, `b6xd4xf2`, `27-20*`.
                MOVE
            },
            pgn {
                /// `!`, `?`, `!!`, `??`, `!?`, `?!` right after a move.
                SUFFIX
            } pdn {
                /// Move strength: `!`, `?`, `!!`, `??`, `!?`, `?!`, `(?)`, `(!)`.
                STRENGTH
            },
            /// `$` and a number: a Numeric Annotation Glyph.
            NAG,
            /// `(`
            L_PAREN,
            /// `)`
            R_PAREN,
            /// `}` outside any comment (always an error).
            R_CURLY,
            pgn {
                /// `1-0`, `0-1`, `1/2-1/2` or `*`.
                RESULT
            } pdn {
                /// `2-0`, `0-2`, `1-1`, `0-0`, `1-0`, `0-1`, `1/2-1/2` or `*`.
                RESULT
            },
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
            pgn {
                /// A move and its suffix annotation.
                SAN_MOVE
            } pdn {
                /// A move and its strength.
                MOVE_NODE
            },
            /// `$14`.
            NAG_NODE,
            /// A comment of any kind (in PDN, a setup command too).
            COMMENT,
            /// `( ... )`: a recursive annotation variation.
            VARIATION,
            /// The game termination marker.
            GAME_RESULT,
        }
    };

    // A kind both notations have, as a row of each.
    (@row $notation:ident $pgn:tt $pdn:tt $roles:tt $kinds_of:tt
        $(#[doc = $doc:literal])* $kind:ident,
        $($rest:tt)*
    ) => {
        $crate::pgn::pgn_family_kinds! { @row $notation $pgn $pdn $roles $kinds_of
            pgn { $(#[doc = $doc])* $kind } pdn { $(#[doc = $doc])* $kind },
            $($rest)*
        }
    };
    // A row into PGN's kinds, PDN's kinds, the role of each PDN kind, and the PDN kind of
    // each role: a PDN kind's role is its PGN counterpart, or the role it is read `as`.
    (@row $notation:ident [$($pgn:tt)*] [$($pdn:tt)*] [$($roles:tt)*] [$($kinds_of:tt)*]
        $(pgn { $(#[doc = $pgn_doc:literal])* $pgn_kind:ident })?
        pdn { $(#[doc = $doc:literal])* $kind:ident $(as $role:ident)? },
        $($rest:tt)*
    ) => {
        $crate::pgn::pgn_family_kinds! { @row $notation
            [$($pgn)* $($(#[doc = $pgn_doc])* $pgn_kind,)?]
            [$($pdn)* $(#[doc = $doc])* $kind,]
            [$($roles)* SyntaxKind::$kind => Role::$($pgn_kind)? $($role)?,]
            [$($kinds_of)* $(Role::$pgn_kind => SyntaxKind::$kind,)?]
            $($rest)*
        }
    };
    // The table read: the notation's kinds.
    (@row pgn [$($pgn:tt)*] $_pdn:tt $_roles:tt $_kinds_of:tt) => {
        $crate::language::syntax_kinds! {
            /// The rowan language of PGN trees.
            PgnLanguage, "PGN";
            $($pgn)*
        }
    };
    (@row pdn $_pgn:tt [$($pdn:tt)*] [$($roles:tt)*] [$($kinds_of:tt)*]) => {
        $crate::language::syntax_kinds! {
            /// The rowan language of PDN trees.
            PdnLanguage, "PDN";
            $($pdn)*
        }

        impl SyntaxKind {
            /// What the shared PGN-family grammar sees in a token of this kind.
            pub fn role(self) -> $crate::pgn::SyntaxKind {
                use $crate::pgn::SyntaxKind as Role;
                match self {
                    SyntaxKind::WHITESPACE => Role::WHITESPACE,
                    SyntaxKind::BOM => Role::BOM,
                    $($roles)*
                    SyntaxKind::ERROR => Role::ERROR,
                }
            }

            /// The PDN kind of a node or token role of the shared grammar.
            pub(crate) fn from_role(role: $crate::pgn::SyntaxKind) -> SyntaxKind {
                use $crate::pgn::SyntaxKind as Role;
                match role {
                    Role::WHITESPACE => SyntaxKind::WHITESPACE,
                    Role::BOM => SyntaxKind::BOM,
                    $($kinds_of)*
                    Role::ERROR => SyntaxKind::ERROR,
                }
            }
        }
    };
}

pub(crate) use pgn_family_kinds;

pgn_family_kinds!(pgn);

use SyntaxKind::*;

impl SyntaxKind {
    /// The three kinds of comment token.
    pub fn is_comment(self) -> bool {
        matches!(self, BRACE_COMMENT | LINE_COMMENT | ESCAPE_LINE)
    }
}
