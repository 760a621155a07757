//! The typed view of a PGN tree: thin wrappers over nodes; every accessor returns `Option`,
//! because any part may be missing in a file with errors.

use super::SyntaxKind::{self, *};
use super::{SyntaxNode, SyntaxToken};

use crate::language::ast_node;

ast_node!(/// A whole PGN file.
    SourceFile, SOURCE_FILE);
ast_node!(/// One game.
    Game, GAME);
ast_node!(/// The tag pairs before the moves.
    TagSection, TAG_SECTION);
ast_node!(/// `[Name "value"]`.
    TagPair, TAG_PAIR);
ast_node!(/// The moves of a game.
    Movetext, MOVETEXT);
ast_node!(/// `12.` or `12...`.
    MoveNumber, MOVE_NUMBER);
ast_node!(/// A move with its suffix annotation.
    SanMove, SAN_MOVE);
ast_node!(/// A Numeric Annotation Glyph, `$14`.
    Nag, NAG_NODE);
ast_node!(/// A comment: `{...}`, `;...` or a `%` escape line.
    Comment, COMMENT);
ast_node!(/// A recursive annotation variation `( ... )`.
    Variation, VARIATION);
ast_node!(/// The game termination marker.
    GameResult, GAME_RESULT);

fn child<N>(node: &SyntaxNode, cast: fn(SyntaxNode) -> Option<N>) -> Option<N> {
    node.children().find_map(cast)
}

fn token(node: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    node.children_with_tokens()
        .filter_map(|e| e.into_token())
        .find(|t| t.kind() == kind)
}

impl SourceFile {
    /// The games, in order.
    pub fn games(&self) -> impl Iterator<Item = Game> {
        self.0.children().filter_map(Game::cast)
    }
}

impl Game {
    /// The tag section, if the game has tags.
    pub fn tag_section(&self) -> Option<TagSection> {
        child(&self.0, TagSection::cast)
    }

    /// The tag pairs of the tag section, in order.
    pub fn tags(&self) -> impl Iterator<Item = TagPair> {
        self.tag_section().into_iter().flat_map(|s| s.tags())
    }

    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<String> {
        self.tags()
            .find(|t| t.name().as_deref() == Some(name))
            .and_then(|t| t.value())
    }

    /// The movetext, if the game has moves or comments.
    pub fn movetext(&self) -> Option<Movetext> {
        child(&self.0, Movetext::cast)
    }

    /// The result at the end of the game.
    pub fn result(&self) -> Option<GameResult> {
        child(&self.0, GameResult::cast)
    }
}

impl TagSection {
    /// The tag pairs, in order.
    pub fn tags(&self) -> impl Iterator<Item = TagPair> {
        self.0.children().filter_map(TagPair::cast)
    }
}

impl TagPair {
    /// The name token.
    pub fn name_token(&self) -> Option<SyntaxToken> {
        token(&self.0, SYMBOL)
    }

    /// The tag name, `Event`.
    pub fn name(&self) -> Option<String> {
        self.name_token().map(|t| t.text().to_string())
    }

    /// The value token, quotes and escapes included.
    pub fn value_token(&self) -> Option<SyntaxToken> {
        token(&self.0, STRING)
    }

    /// The value with its quotes removed and `\"` `\\` unescaped.
    pub fn value(&self) -> Option<String> {
        self.value_token().map(|t| unescape_string(t.text()))
    }
}

/// The contents of a PGN string token: quotes removed, `\"` and `\\` unescaped (other
/// backslashes are kept, as PGN readers do).
pub fn unescape_string(text: &str) -> String {
    let inner = text.strip_prefix('"').unwrap_or(text);
    let inner = if super::parser::string_is_closed(text) {
        &inner[..inner.len() - 1]
    } else {
        inner
    };
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&next @ ('"' | '\\')) = chars.peek() {
                out.push(next);
                chars.next();
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// One element of movetext.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MovetextItem {
    /// `12.`
    MoveNumber(MoveNumber),
    /// `Nf3!`
    SanMove(SanMove),
    /// `$14`
    Nag(Nag),
    /// `{...}`
    Comment(Comment),
    /// `( ... )`
    Variation(Variation),
    /// A result inside a variation.
    GameResult(GameResult),
    /// A tag pair out of place.
    TagPair(TagPair),
    /// Text the parser could not place.
    Error(SyntaxNode),
}

impl MovetextItem {
    fn cast(node: SyntaxNode) -> Option<MovetextItem> {
        Some(match node.kind() {
            MOVE_NUMBER => MovetextItem::MoveNumber(MoveNumber(node)),
            SAN_MOVE => MovetextItem::SanMove(SanMove(node)),
            NAG_NODE => MovetextItem::Nag(Nag(node)),
            COMMENT => MovetextItem::Comment(Comment(node)),
            VARIATION => MovetextItem::Variation(Variation(node)),
            GAME_RESULT => MovetextItem::GameResult(GameResult(node)),
            TAG_PAIR => MovetextItem::TagPair(TagPair(node)),
            ERROR => MovetextItem::Error(node),
            _ => return None,
        })
    }
}

impl Movetext {
    /// The items, in order.
    pub fn items(&self) -> impl Iterator<Item = MovetextItem> {
        self.0.children().filter_map(MovetextItem::cast)
    }
}

impl Variation {
    /// The items between the parentheses, in order.
    pub fn items(&self) -> impl Iterator<Item = MovetextItem> {
        self.0.children().filter_map(MovetextItem::cast)
    }

    /// Whether the closing `)` is there.
    pub fn is_closed(&self) -> bool {
        token(&self.0, R_PAREN).is_some()
    }
}

impl MoveNumber {
    /// The number, `12` for `12...`; `None` when over [`super::MAX_MOVE_NUMBER`].
    pub fn number(&self) -> Option<u32> {
        token(&self.0, INTEGER).and_then(|t| super::parser::parse_move_number(t.text()))
    }

    /// Whether the number is written for Black's move: `12...`, or `12. ...` where the
    /// three dots stand for White's move.
    pub fn is_black(&self) -> bool {
        self.0
            .children_with_tokens()
            .filter_map(|e| e.into_token())
            .any(|t| t.kind() == DOTS && t.text().len() >= 3)
    }
}

impl SanMove {
    /// The move token.
    pub fn san_token(&self) -> Option<SyntaxToken> {
        token(&self.0, SAN)
    }

    /// The move as written, `Nxe4+`.
    pub fn san(&self) -> Option<String> {
        self.san_token().map(|t| t.text().to_string())
    }

    /// The suffix annotation, `!?`.
    pub fn suffix(&self) -> Option<String> {
        token(&self.0, SUFFIX).map(|t| t.text().to_string())
    }
}

impl Nag {
    /// The number, `14` for `$14`; `None` when out of range.
    pub fn value(&self) -> Option<u8> {
        token(&self.0, NAG).and_then(|t| super::parser::parse_nag(&t.text()[1..]))
    }
}

impl Comment {
    /// The comment token.
    pub fn token(&self) -> Option<SyntaxToken> {
        self.0.first_token()
    }

    /// The text of the comment without its delimiters (`{` `}`, `;`, `%`).
    pub fn text(&self) -> Option<String> {
        let token = self.token()?;
        let text = token.text();
        let inner = match token.kind() {
            BRACE_COMMENT => {
                let inner = &text[1..];
                inner.strip_suffix('}').unwrap_or(inner)
            }
            LINE_COMMENT | ESCAPE_LINE => &text[1..],
            _ => return None,
        };
        Some(inner.to_string())
    }

    /// Whether this is a `%` escape line, which readers ignore.
    pub fn is_escape_line(&self) -> bool {
        self.token().is_some_and(|t| t.kind() == ESCAPE_LINE)
    }
}

impl GameResult {
    /// The result as written: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn text(&self) -> Option<String> {
        token(&self.0, RESULT).map(|t| t.text().to_string())
    }
}
