//! The lossless tree of plain games built from the plain reader: no lexer, no cut into
//! games, no grammar for the games that need none.
//!
//! [`read_plain`] reads a plain game in one pass over its bytes and tells what it reads
//! (see [`PlainSink`]); [`PlainTree`] takes, as it is told, the steps the grammar takes for
//! the same things (a node opened, a token, a node handed over whole, a node closed) on the
//! builder the grammar uses, with the tokens it cuts from the text (the white space between
//! things is the gap between them): the tree is the grammar's, node for node and shared as
//! it shares (a test holds the two equal on every fixture and corpus file). A game that
//! turns out not to be plain is dropped from the builder, and it and the games after it up
//! to the next place the text can be cut go to the grammar.
//!
//! The one-core parse takes this way ([`super::parse_on_one_core`], and [`super::parse`]
//! of a text under 256 KiB); the parallel parse of a larger text lexes all of it. On dense
//! movetext the lexer, the cut into games and the grammar's loop were half of the tree's
//! instructions, and the plain reader reads the same bytes in less than the lexer alone.

use rowan::{GreenNode, GreenToken, NodeOrToken, TextRange, TextSize};

use super::lexer::{is_line_break, next_token};
use super::plain::{cut_point_after, game_start, read_plain, PlainSink};
use super::Games;
use super::SyntaxKind::{self, *};
use crate::cache::{Run, SharingBuilder};
use crate::sink::Sink;
use crate::{NodeCache, SyntaxError};

/// A node that waits for the next thing to know whether the white space after it is its
/// own (on its line) or its parent's (see `Parser::finish_with_spaces`).
#[derive(Debug, Clone, Copy)]
enum Pending {
    /// A node handed over whole, of the tokens in [`PlainTree::tokens`].
    Leaf(SyntaxKind),
    /// A node opened, its tokens given: it closes after the white space.
    Open,
}

/// The tokens of one node, one after another in the text: a tag pair (up to seven), a
/// move or a move number with the white space after it (up to three).
#[derive(Debug, Clone, Copy)]
struct Tokens {
    kinds: [SyntaxKind; 7],
    starts: [u32; 8],
    len: usize,
}

impl Tokens {
    fn run<'a>(&'a self, text: &'a str) -> Run<'a, SyntaxKind> {
        Run {
            text,
            kinds: &self.kinds[..self.len],
            starts: &self.starts[..=self.len],
        }
    }
}

/// A plain game's tree, built as [`read_plain`] tells the game (see the module).
pub(crate) struct PlainTree<'b, 'c> {
    text: &'b str,
    bytes: &'b [u8],
    /// Where the game starts in `bytes`: the ranges told are relative to it.
    base: usize,
    builder: SharingBuilder<'c>,
    /// The end of the last token cut.
    pos: usize,
    pending: Option<Pending>,
    /// The tokens of the node being cut, or of the pending node handed over whole.
    tokens: Tokens,
    /// Whether the tag section is open, and the movetext.
    in_tags: bool,
    in_movetext: bool,
    /// How many variations are open.
    depth: usize,
    /// Whether the game's result has been read (comments after it are the game's).
    ended: bool,
}

impl<'b, 'c> PlainTree<'b, 'c> {
    /// The tree of the game at `base` of `text`, its `GAME` node opened.
    fn new(text: &'b str, base: usize, cache: &'c mut NodeCache) -> PlainTree<'b, 'c> {
        let mut builder = SharingBuilder::new(cache);
        Sink::<SyntaxKind>::start_node(&mut builder, GAME);
        PlainTree {
            text,
            bytes: text.as_bytes(),
            base,
            builder,
            pos: base,
            pending: None,
            tokens: Tokens {
                kinds: [WHITESPACE; 7],
                starts: [0; 8],
                len: 0,
            },
            in_tags: false,
            in_movetext: false,
            depth: 0,
            ended: false,
        }
    }

    fn start_node(&mut self, kind: SyntaxKind) {
        Sink::<SyntaxKind>::start_node(&mut self.builder, kind);
    }

    fn finish_node(&mut self) {
        Sink::<SyntaxKind>::finish_node(&mut self.builder);
    }

    /// A token of `kind` from the end of the last one to `end` (absolute), in the open node.
    #[inline(always)]
    fn token(&mut self, kind: SyntaxKind, end: usize) {
        debug_assert!(self.pos < end);
        self.builder
            .token_at(kind, self.text, self.pos, end - self.pos);
        self.pos = end;
    }

    /// A token of `kind` from the end of the last one to `end` (absolute), added to
    /// [`PlainTree::tokens`].
    #[inline(always)]
    fn cut(&mut self, kind: SyntaxKind, end: usize) {
        debug_assert!(self.pos < end);
        let tokens = &mut self.tokens;
        tokens.kinds[tokens.len] = kind;
        tokens.starts[tokens.len] = self.pos as u32;
        tokens.len += 1;
        tokens.starts[tokens.len] = end as u32;
        self.pos = end;
    }

    /// The tokens cut, each in the open node.
    fn tokens_in_node(&mut self) {
        let Tokens { kinds, starts, len } = self.tokens;
        for t in 0..len {
            let from = starts[t] as usize;
            self.builder
                .token_at(kinds[t], self.text, from, starts[t + 1] as usize - from);
        }
    }

    /// The tokens cut, as a node of `kind` handed over whole.
    #[inline(always)]
    fn leaf(&mut self, kind: SyntaxKind) {
        self.builder.leaf_of(kind, self.tokens.run(self.text));
    }

    /// The ranges of `range` (told relative to the game's start) in `bytes`.
    #[inline(always)]
    fn absolute(&self, range: TextRange) -> (usize, usize) {
        (
            self.base + usize::from(range.start()),
            self.base + usize::from(range.end()),
        )
    }

    /// Whether there is white space from the last token to `to` (absolute).
    #[inline(always)]
    fn gap(&self, to: usize) -> bool {
        debug_assert!(self.bytes[self.pos.min(to)..to]
            .iter()
            .all(|&b| super::lexer::is_space(b)));
        self.pos < to
    }

    /// The white space from the last token to `to` (absolute), if there is any, as a
    /// token of the open node.
    #[inline(always)]
    fn space(&mut self, to: usize) {
        if self.gap(to) {
            self.token(WHITESPACE, to);
        }
    }

    /// The white space from the last token to `to` (absolute), if there is any, cut.
    #[inline(always)]
    fn cut_space(&mut self, to: usize) {
        if self.gap(to) {
            self.cut(WHITESPACE, to);
        }
    }

    /// Closes the node waiting for the white space before `next` (absolute): with it, when it
    /// holds no line break.
    #[inline(always)]
    fn close_pending(&mut self, next: usize) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        let ours = !self.bytes[self.pos..next].iter().any(|&b| is_line_break(b));
        match pending {
            Pending::Leaf(kind) => {
                if ours {
                    self.cut_space(next);
                }
                self.leaf(kind);
            }
            Pending::Open => {
                if ours {
                    self.space(next);
                }
                self.finish_node();
            }
        }
    }

    /// Before a thing of the movetext at `at` (absolute): the node before it closed, the tag
    /// section closed and the movetext opened if it is the first, and the white space
    /// before it.
    #[inline(always)]
    fn before_item(&mut self, at: usize) {
        self.close_pending(at);
        if !self.in_movetext {
            self.open_movetext(at);
        }
        self.space(at);
    }

    #[cold]
    fn open_movetext(&mut self, at: usize) {
        self.close_tags();
        self.space(at);
        self.start_node(MOVETEXT);
        self.in_movetext = true;
    }

    fn close_tags(&mut self) {
        if self.in_tags {
            self.finish_node();
            self.in_tags = false;
        }
    }

    /// The tag section open (at the game's first byte: nothing is before it), and the white
    /// space before `at` (absolute) in it.
    fn before_tag(&mut self, at: usize) {
        if !self.in_tags {
            debug_assert_eq!(self.pos, self.base);
            self.start_node(TAG_SECTION);
            self.in_tags = true;
        }
        self.space(at);
    }

    /// A comment from the last token's end (past white space) to `end`, of `kind`: one
    /// token handed over whole as a `COMMENT` node.
    fn comment_token(&mut self, start: usize, end: usize, line: bool) {
        self.space(start);
        let kind = if line { LINE_COMMENT } else { BRACE_COMMENT };
        self.tokens.len = 0;
        self.cut(kind, end);
        self.leaf(COMMENT);
    }

    /// The game's end (absolute): the open nodes closed, and the game's tree.
    fn finish(mut self, end: usize) -> GreenNode {
        self.close_pending(end);
        self.close_tags();
        if self.in_movetext {
            self.finish_node();
        }
        self.finish_node();
        self.builder.finish()
    }
}

impl PlainSink for PlainTree<'_, '_> {
    #[inline]
    fn tag(&mut self, pair: TextRange, name: TextRange, value: TextRange) {
        let (open, close) = self.absolute(pair);
        let (name_start, name_end) = self.absolute(name);
        let (value_start, value_end) = self.absolute(value);
        debug_assert!(self.pending.is_none());
        self.before_tag(open);
        // The tokens first, then the node: the pair whole when it has the common shape
        // (`[Name "value"]`, as the grammar hands it over), else token by token.
        self.tokens.len = 0;
        self.cut(L_BRACK, open + 1);
        self.cut_space(name_start);
        self.cut(SYMBOL, name_end);
        self.cut_space(value_start - 1);
        self.cut(STRING, value_end + 1);
        self.cut_space(close - 1);
        self.cut(R_BRACK, close);
        let shape = [L_BRACK, SYMBOL, WHITESPACE, STRING, R_BRACK];
        if self.tokens.kinds[..self.tokens.len] == shape {
            self.leaf(TAG_PAIR);
        } else {
            self.start_node(TAG_PAIR);
            self.tokens_in_node();
            self.finish_node();
        }
    }

    #[inline(always)]
    fn number(&mut self, range: TextRange, _: u32, _: bool) {
        let (start, end) = self.absolute(range);
        self.before_item(start);
        let bytes = self.bytes;
        let digits = start
            + bytes[start..end]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
        self.tokens.len = 0;
        self.cut(INTEGER, digits);
        let dots = digits
            + bytes[digits..end]
                .iter()
                .take_while(|&&b| b == b'.')
                .count();
        self.cut(DOTS, dots);
        if dots == end {
            self.pending = Some(Pending::Leaf(MOVE_NUMBER));
        } else {
            // `12. ...`: token by token, the three dots after white space.
            let elided = end - 3;
            self.start_node(MOVE_NUMBER);
            self.tokens_in_node();
            self.space(elided);
            self.token(DOTS, end);
            self.pending = Some(Pending::Open);
        }
    }

    #[inline(always)]
    fn san(&mut self, san: TextRange) {
        let (start, end) = self.absolute(san);
        self.before_item(start);
        self.tokens.len = 0;
        self.cut(SAN, end);
        self.pending = Some(Pending::Leaf(SAN_MOVE));
    }

    #[inline]
    fn suffix(&mut self, suffix: TextRange) {
        let (start, end) = self.absolute(suffix);
        // The move before it, opened token by token: the suffix (after white space on the
        // line) is its. (The reader tells a suffix only right after a move.)
        let pending = self.pending.take();
        debug_assert!(matches!(pending, Some(Pending::Leaf(SAN_MOVE))));
        if let Some(Pending::Leaf(kind)) = pending {
            self.start_node(kind);
            self.tokens_in_node();
        }
        self.space(start);
        self.token(SUFFIX, end);
        self.pending = Some(Pending::Open);
    }

    #[inline]
    fn nag(&mut self, at: TextSize, _: u8) {
        let start = self.base + usize::from(at);
        self.before_item(start);
        let digits = self.bytes[start + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        self.start_node(NAG_NODE);
        self.token(NAG, start + 1 + digits);
        self.pending = Some(Pending::Open);
    }

    #[inline]
    fn comment(&mut self, range: TextRange, _: TextRange, line: bool) {
        let (start, end) = self.absolute(range);
        // After the game's result, in the game (the movetext is closed).
        if !self.ended {
            self.before_item(start);
        }
        self.comment_token(start, end, line);
    }

    #[inline]
    fn open(&mut self, at: TextSize) {
        let start = self.base + usize::from(at);
        self.before_item(start);
        self.start_node(VARIATION);
        self.token(L_PAREN, start + 1);
        self.depth += 1;
    }

    #[inline]
    fn close(&mut self, at: TextSize) {
        let paren = self.base + usize::from(at) - 1;
        self.close_pending(paren);
        self.space(paren);
        self.token(R_PAREN, paren + 1);
        self.finish_node();
        self.depth -= 1;
    }

    #[inline]
    fn result(&mut self, range: TextRange) {
        let (start, end) = self.absolute(range);
        self.close_pending(start);
        if self.depth == 0 {
            // The game's: the movetext (or the tag section) ends before it.
            self.close_tags();
            if self.in_movetext {
                self.finish_node();
                self.in_movetext = false;
            }
            self.ended = true;
        }
        self.space(start);
        self.start_node(GAME_RESULT);
        self.token(RESULT, end);
        self.finish_node();
    }

    fn tag_comment(&mut self, range: TextRange, line: bool) {
        let (start, end) = self.absolute(range);
        self.before_tag(start);
        self.comment_token(start, end, line);
    }
}

/// The children of a `SOURCE_FILE` for all of `text` and their errors, on this thread:
/// each plain game's tree built from the plain reader, and from a game that is not plain to
/// the next place the text can be cut where the games end, the grammar's games.
pub(crate) fn children(
    text: &str,
    cache: &mut NodeCache,
) -> (Vec<NodeOrToken<GreenNode, GreenToken>>, Vec<SyntaxError>) {
    let bytes = text.as_bytes();
    let mut children = Vec::new();
    let mut errors = Vec::new();
    let mut at = 0;
    loop {
        let start = game_start(bytes, at);
        trivia(text, at..start, &mut children);
        if start >= bytes.len() {
            break;
        }
        let mut tree = PlainTree::new(text, start, cache);
        match read_plain(bytes, start, &mut tree) {
            Some(end) => {
                let end = start + usize::from(end.range.len());
                children.push(NodeOrToken::Node(tree.finish(end)));
                at = end;
            }
            None => {
                // Not plain: what was built of it is dropped.
                tree.builder.abandon();
                at = grammar_games(text, start, cache, &mut children, &mut errors);
            }
        }
    }
    (children, errors)
}

/// The tokens of `text[range]` (white space and byte order marks between games) as
/// children of the root, as the grammar's reading makes them.
fn trivia(
    text: &str,
    range: std::ops::Range<usize>,
    children: &mut Vec<NodeOrToken<GreenNode, GreenToken>>,
) {
    let mut pos = range.start;
    while pos < range.end {
        let (kind, end) = next_token(text.as_bytes(), pos);
        children.push(NodeOrToken::Token(GreenToken::new(
            kind.into(),
            &text[pos..end],
        )));
        pos = end;
    }
}

/// The grammar's games of `text` from `start` (a game that is not plain) to the first place
/// after it where the text can be cut and its games end, into `children` and `errors`;
/// returns where they end.
fn grammar_games(
    text: &str,
    start: usize,
    cache: &mut NodeCache,
    children: &mut Vec<NodeOrToken<GreenNode, GreenToken>>,
    errors: &mut Vec<SyntaxError>,
) -> usize {
    let bytes = text.as_bytes();
    let cuts = std::iter::successors(cut_point_after(bytes, start + 1), |&cut| {
        cut_point_after(bytes, cut + 1)
    });
    let (games, end) = Games::to_end(text, start, cuts);
    let parsed = (0..games.len())
        .map(|i| games.parse_game(i, cache))
        .collect();
    let (grammar_children, grammar_errors) = super::assembled(&games, parsed);
    children.extend(grammar_children);
    errors.extend(grammar_errors);
    end
}
