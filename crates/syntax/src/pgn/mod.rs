//! PGN, the Portable Game Notation of chess: lexer, parser, tree and typed AST.
//!
//! ```
//! let parse = kifu_syntax::pgn::parse("[White \"Tal\"]\n\n1. e4 e5 *\n");
//! assert!(parse.errors().is_empty());
//! assert_eq!(parse.syntax().to_string(), "[White \"Tal\"]\n\n1. e4 e5 *\n");
//! ```

pub mod ast;
mod evaluation;
mod find;
mod incremental;
pub(crate) mod lexer;
pub(crate) mod parser;
mod plain;
mod plain_tree;
mod result;
mod syntax_kind;

use rowan::{GreenNode, GreenToken, NodeOrToken, TextRange, TextSize};

use std::sync::Mutex;

use crate::NodeCache;

pub use incremental::reparse;
pub use lexer::{lex, Lexed};
pub use parser::{glued_at, parse_move_number, MAX_MOVE_NUMBER, MAX_VARIATION_DEPTH};
pub use plain::{
    cut_point_after, cut_point_before, cut_points, game_start, has_english_letters_only,
    is_other_capital, read_plain, PlainEnd, PlainSink,
};
pub use result::{result_meant, standard_result};
pub(crate) use syntax_kind::pgn_family_kinds;
pub use syntax_kind::{PgnLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};

use crate::SyntaxError;

/// The result of parsing a PGN text: a lossless tree and the syntax errors found.
pub type Parse = crate::Parse<PgnLanguage>;

impl crate::Parse<PgnLanguage> {
    /// The typed view of the root.
    pub fn source_file(&self) -> ast::SourceFile {
        ast::SourceFile::cast(self.syntax()).expect("the root is a SOURCE_FILE")
    }
}

/// Parses a whole PGN text. Never fails: problems are in [`Parse::errors`].
pub fn parse(text: &str) -> Parse {
    parse_with(text, text.len() >= PARALLEL_BYTES)
}

/// [`parse`] on this thread alone, whatever the text's size: what one core does (the
/// parse benchmark's figures are per core).
pub fn parse_on_one_core(text: &str) -> Parse {
    parse_with(text, false)
}

/// [`parse_on_one_core`] with the grammar alone, every game lexed and parsed (no game's
/// tree built from the plain reader): the tree [`parse`] must give, for the tests and the
/// fuzz target that hold the two equal.
#[doc(hidden)]
pub fn parse_by_grammar(text: &str) -> Parse {
    let (children, errors) = parse_children(Games::new(text), &caches(false));
    Parse::new(
        GreenNode::new(SyntaxKind::SOURCE_FILE.into(), children),
        errors,
    )
}

/// [`parse`], on every core or not.
fn parse_with(text: &str, parallel: bool) -> Parse {
    let (children, errors) = if parallel {
        parse_in_pieces(text, PIECE_BYTES)
    } else {
        plain_tree::children(text, &mut NodeCache::for_text(text.len()))
    };
    Parse::new(
        GreenNode::new(SyntaxKind::SOURCE_FILE.into(), children),
        errors,
    )
}

/// How much of a large text is lexed at once (see [`parse_in_pieces`]): each piece ends
/// with its slowest game while the other cores wait, so not too small (1 MiB pieces took a
/// 10 MB text's parse from 59.9 to 62.9 ms at the median, 4 MiB to 60.3 ms).
const PIECE_BYTES: usize = 4 << 20;

/// The children of a `SOURCE_FILE` for all of `text`, lexed and parsed a piece of about
/// `piece_bytes` at a time, each piece's games on every core: the same tree as the whole
/// text's. A piece ends where [`plain::cut_points`] cuts (where no token crosses), and
/// goes on to the next cut while its last game is still in its tag section, as
/// [`Games::new_in`] asks. The lexed tokens of the whole text (6 bytes a token, 9.3 MiB
/// for a 10.7 MB database) were held while all of its tree was built: the server's peak
/// when it opened a database.
fn parse_in_pieces(
    text: &str,
    piece_bytes: usize,
) -> (Vec<NodeOrToken<GreenNode, GreenToken>>, Vec<SyntaxError>) {
    let bytes = text.as_bytes();
    let cuts = plain::cut_points(bytes, piece_bytes);
    // One cache for each thread, kept from piece to piece: nodes and tag pairs are shared
    // across the whole text, as when it was parsed at once.
    let caches = caches(true);
    let mut children = Vec::new();
    let mut errors = Vec::new();
    let mut k = 0;
    while k < cuts.len() {
        let (games, next) = Games::to_cut(text, cuts[k], &cuts, k + 1);
        let (piece_children, piece_errors) = parse_children(games, &caches);
        children.extend(piece_children);
        errors.extend(piece_errors);
        k = next;
    }
    (children, errors)
}

/// A node cache for each thread that parses games: one for each core when `parallel`.
fn caches(parallel: bool) -> Vec<Mutex<NodeCache>> {
    let threads = if parallel {
        crate::parallel::cores()
    } else {
        1
    };
    (0..threads).map(|_| Mutex::default()).collect()
}

/// The children of a `SOURCE_FILE` for `games`: white space between games, and the games,
/// on as many threads as there are `caches` (each thread takes one).
fn parse_children(
    games: Games<'_>,
    caches: &[Mutex<NodeCache>],
) -> (Vec<NodeOrToken<GreenNode, GreenToken>>, Vec<SyntaxError>) {
    // Games are parsed on every core when the text is big (an editor opening a database):
    // each thread shares its own nodes, and the trees are the same either way.
    let parallel = caches.len() > 1;
    let parsed = crate::parallel::map_init(
        games.len(),
        parallel,
        || {
            // As many caches as threads: one of them is free.
            caches
                .iter()
                .find_map(|cache| cache.try_lock().ok())
                .expect("a cache for each thread")
        },
        |cache, i| games.parse_game(i, cache),
    );
    assembled(&games, parsed)
}

/// The children of a `SOURCE_FILE` for `games` parsed (`parsed[i]` is game `i`'s): the
/// white space between them, and the games; and their errors.
fn assembled(
    games: &Games<'_>,
    parsed: Vec<GameParse>,
) -> (Vec<NodeOrToken<GreenNode, GreenToken>>, Vec<SyntaxError>) {
    let mut children: Vec<NodeOrToken<GreenNode, GreenToken>> = Vec::new();
    let mut errors = Vec::new();
    let mut next_token = 0;
    for (i, game) in parsed.into_iter().enumerate() {
        let tokens = games.tokens(i);
        push_trivia(&games.lexed, next_token..tokens.start, &mut children);
        children.push(NodeOrToken::Node(game.green));
        errors.extend(game.errors);
        next_token = tokens.end;
    }
    push_trivia(&games.lexed, next_token..games.lexed.len(), &mut children);
    (children, errors)
}

/// From this size on, a text's games are parsed on every core.
const PARALLEL_BYTES: usize = 256 << 10;

fn push_trivia(
    lexed: &Lexed<'_>,
    tokens: std::ops::Range<usize>,
    children: &mut Vec<NodeOrToken<GreenNode, GreenToken>>,
) {
    for i in tokens {
        children.push(NodeOrToken::Token(GreenToken::new(
            lexed.kind(i).into(),
            lexed.token_text(i),
        )));
    }
}

/// A PGN text cut into games, each of which can be parsed on its own (and in parallel).
#[derive(Debug, Clone)]
pub struct Games<'t> {
    lexed: Lexed<'t>,
    ranges: Vec<std::ops::Range<usize>>,
    /// Whether more games follow the text (a piece of a larger one), for the wording of a
    /// missing result.
    followed: bool,
}

/// One game parsed on its own: a `GAME` node whose offsets start at 0, and its errors, whose
/// ranges are offsets into the whole text.
#[derive(Debug, Clone)]
pub struct GameParse {
    /// The `GAME` node.
    pub green: GreenNode,
    /// Where the game starts in the whole text.
    pub offset: TextSize,
    /// The syntax errors, with ranges into the whole text.
    pub errors: Vec<SyntaxError>,
}

impl GameParse {
    /// The game as a tree whose offsets are offsets into the whole text.
    pub fn syntax(&self) -> SyntaxNode {
        // rowan roots start at 0; wrapping keeps the API simple and callers add `offset`.
        SyntaxNode::new_root(self.green.clone())
    }

    /// The typed view of the game.
    pub fn game(&self) -> ast::Game {
        ast::Game::cast(self.syntax()).expect("a game parse is a GAME")
    }
}

impl<'t> Games<'t> {
    /// Lexes `text` and finds where its games start and end.
    pub fn new(text: &'t str) -> Games<'t> {
        let lexed = lex(text);
        let ranges = parser::split_games::<parser::Pgn>(&lexed);
        Games {
            lexed,
            ranges,
            followed: false,
        }
    }

    /// The games of `text[range]`, lexed and cut as in all of `text` (ranges are `text`'s),
    /// for a checker that reads the rest of the text another way. `range.start` must be
    /// where a game starts, or white space after one; `range.end` the end of the text or the
    /// start of a line that starts a tag pair (`[Event "`), where no token of the text
    /// crosses. `followed` says whether games follow the range, for the wording of a
    /// missing result. The games are those of all of `text` there, unless the last one is
    /// still in its tag section at `range.end` ([`Games::ends_in_tags`]), which the whole
    /// text would go on reading.
    pub fn new_in(text: &'t str, range: std::ops::Range<usize>, followed: bool) -> Games<'t> {
        let lexed = Lexed::new_in(text, range, None, lexer::next_token);
        let ranges = parser::split_games::<parser::Pgn>(&lexed);
        Games {
            lexed,
            ranges,
            followed,
        }
    }

    /// The games of `text` from `at` (where [`Games::new_in`] may start) to the first of
    /// `cuts` from `cuts[next]` on that is past `at` and where the games end, passing each
    /// at which the last game is still in its tag section; and the index of that cut
    /// (`cuts.len()` for the end of the text). `cuts` are [`plain::cut_points`] of `text`.
    pub fn to_cut(text: &'t str, at: usize, cuts: &[usize], next: usize) -> (Games<'t>, usize) {
        let later = &cuts[next.min(cuts.len())..];
        let (games, end) = Games::to_end(text, at, later.iter().copied());
        // The cut it ended at (cuts rise), or `cuts.len()` at the text's end.
        (
            games,
            cuts.len() - later.len() + later.partition_point(|&c| c < end),
        )
    }

    /// The games of `text` from `at` (where [`Games::new_in`] may start) to the first of
    /// `ends` (places where no token crosses, rising) past `at` where the games end, passing
    /// each at which the last game is still in its tag section; and that end (the text's
    /// when `ends` runs out).
    pub(crate) fn to_end(
        text: &'t str,
        at: usize,
        mut ends: impl Iterator<Item = usize>,
    ) -> (Games<'t>, usize) {
        loop {
            let end = ends.find(|&end| end > at).unwrap_or(text.len());
            let followed = end < text.len();
            let games = Games::new_in(text, at..end, followed);
            if !(followed && games.ends_in_tags()) {
                return (games, end);
            }
        }
    }

    /// Whether the last game has no moves and no result yet: only tag pairs and comments,
    /// which the text after it could go on.
    pub fn ends_in_tags(&self) -> bool {
        use SyntaxKind::*;
        let Some(last) = self.ranges.last() else {
            return false;
        };
        (last.start..last.end).all(|i| {
            matches!(
                self.lexed.kind(i),
                L_BRACK
                    | R_BRACK
                    | STRING
                    | SYMBOL
                    | BRACE_COMMENT
                    | LINE_COMMENT
                    | ESCAPE_LINE
                    | WHITESPACE
                    | BOM
            )
        })
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.ranges.len()
    }

    /// Whether there are no games (only white space).
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The text that was cut.
    pub fn text(&self) -> &'t str {
        self.lexed.text()
    }

    fn tokens(&self, i: usize) -> std::ops::Range<usize> {
        self.ranges[i].clone()
    }

    /// The bytes of game `i`, from its first token to the end of its last.
    pub fn range(&self, i: usize) -> TextRange {
        let tokens = &self.ranges[i];
        let start = self.lexed.range(tokens.start).start;
        let end = self.lexed.range(tokens.end - 1).end;
        TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
    }

    /// The syntax errors of game `i`, found without building a tree (for checkers).
    pub fn validate_game(&self, i: usize) -> Vec<SyntaxError> {
        let is_last = i + 1 == self.ranges.len() && !self.followed;
        parser::parse_game::<parser::Pgn, _>(
            &self.lexed,
            self.tokens(i),
            is_last,
            &mut crate::sink::NoTree,
        )
    }

    /// Parses game `i`. Nodes are shared through `cache` (one per thread).
    pub fn parse_game(&self, i: usize, cache: &mut NodeCache) -> GameParse {
        let mut builder = crate::cache::SharingBuilder::new(cache);
        let is_last = i + 1 == self.ranges.len() && !self.followed;
        let errors = parser::parse_game::<parser::Pgn, _>(
            &self.lexed,
            self.tokens(i),
            is_last,
            &mut builder,
        );
        GameParse {
            green: builder.finish(),
            offset: self.range(i).start(),
            errors,
        }
    }
}

#[cfg(test)]
mod tests;
