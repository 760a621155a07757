//! The lossless tree of plain games built from the plain reader: no lexer, no cut into
//! games, no grammar for the games that need none.
//!
//! [`read_plain`] reads a plain game in one pass over its bytes and tells what it reads
//! (see [`PlainSink`]); [`PlainTree`] writes down the game's tokens as it is told (the
//! white space between things is the gap between them) and the steps the grammar takes for
//! them (a node opened, a token, a node handed over whole, a node closed), and the steps are
//! then taken with the game's tokens, on the builder the grammar uses: the tree is the
//! grammar's, node for node and shared as it shares (a test holds the two equal on every
//! fixture and corpus file). A game that is not plain, and the games after it up to the
//! next place the text can be cut, go to the grammar.
//!
//! The one-core parse takes this way ([`super::parse_on_one_core`], and [`super::parse`]
//! of a text under 256 KiB); the parallel parse of a larger text lexes all of it. On dense
//! movetext the lexer, the cut into games and the grammar's loop were half of the tree's
//! instructions, and the plain reader reads the same bytes in less than the lexer alone.

use rowan::{GreenNode, GreenToken, NodeOrToken, TextRange, TextSize};

use super::lexer::{is_line_break, next_token, Lexed};
use super::plain::{cut_point_after, game_start, read_plain, PlainSink};
use super::Games;
use super::SyntaxKind::{self, *};
use crate::cache::SharingBuilder;
use crate::sink::Sink;
use crate::{NodeCache, SyntaxError};

/// A step of the grammar, as [`PlainTree`] writes it down: token indices are the game's.
#[derive(Debug, Clone, Copy)]
enum Step {
    /// A node opens.
    Start(SyntaxKind),
    /// The last open node closes.
    Finish,
    /// A token of the open node.
    Token(u32),
    /// A node of the tokens `.1..2`, handed over whole (`Sink::leaf`).
    Leaf(SyntaxKind, u32, u32),
}

/// A node that waits for the next thing to know whether the white space after it is its
/// own (on its line) or its parent's (see `Parser::finish_with_spaces`).
#[derive(Debug, Clone, Copy)]
enum Pending {
    /// A node handed over whole, of the tokens from the first.
    Leaf(SyntaxKind, u32),
    /// A node opened, its tokens told: it closes after the white space.
    Open,
}

/// A plain game's tokens and steps, as [`read_plain`] tells it (see the module).
pub(crate) struct PlainTree<'b> {
    bytes: &'b [u8],
    /// Where the game starts in `bytes`: the ranges told are relative to it.
    base: usize,
    kinds: Vec<SyntaxKind>,
    starts: Vec<u32>,
    steps: Vec<Step>,
    /// The end of the last token written down.
    pos: usize,
    pending: Option<Pending>,
    /// Whether the tag section is open, and the movetext.
    in_tags: bool,
    in_movetext: bool,
    /// How many variations are open.
    depth: usize,
    /// Whether the game's result has been read (comments after it are the game's).
    ended: bool,
}

impl<'b> PlainTree<'b> {
    /// Lists kept from game to game with their room.
    fn new(bytes: &'b [u8], base: usize, lists: Lists) -> PlainTree<'b> {
        let (mut kinds, mut starts, mut steps) = lists;
        kinds.clear();
        starts.clear();
        steps.clear();
        steps.push(Step::Start(GAME));
        PlainTree {
            bytes,
            base,
            kinds,
            starts,
            steps,
            pos: base,
            pending: None,
            in_tags: false,
            in_movetext: false,
            depth: 0,
            ended: false,
        }
    }

    /// Writes down a token of `kind` from the end of the last one to `end` (absolute).
    #[inline(always)]
    fn token(&mut self, kind: SyntaxKind, end: usize) -> u32 {
        debug_assert!(self.pos < end);
        let index = self.kinds.len() as u32;
        self.kinds.push(kind);
        self.starts.push(self.pos as u32);
        self.pos = end;
        index
    }

    /// The ranges of `range` (told relative to the game's start) in `bytes`.
    #[inline(always)]
    fn absolute(&self, range: TextRange) -> (usize, usize) {
        (
            self.base + usize::from(range.start()),
            self.base + usize::from(range.end()),
        )
    }

    /// The white space from the last token to `to` (absolute), if there is any, written
    /// down as a token (its index), with no step.
    #[inline(always)]
    fn gap(&mut self, to: usize) -> Option<u32> {
        (self.pos < to).then(|| {
            debug_assert!(self.bytes[self.pos..to]
                .iter()
                .all(|&b| super::lexer::is_space(b)));
            self.token(WHITESPACE, to)
        })
    }

    /// The white space from the last token to `to` (absolute), if there is any, as a
    /// token of the open node.
    #[inline(always)]
    fn space(&mut self, to: usize) {
        if let Some(t) = self.gap(to) {
            self.steps.push(Step::Token(t));
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
        let space = if ours { self.gap(next) } else { None };
        match pending {
            Pending::Leaf(kind, first) => {
                self.steps
                    .push(Step::Leaf(kind, first, self.kinds.len() as u32));
            }
            Pending::Open => {
                self.steps.extend(space.map(Step::Token));
                self.steps.push(Step::Finish);
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
        self.steps.push(Step::Start(MOVETEXT));
        self.in_movetext = true;
    }

    fn close_tags(&mut self) {
        if self.in_tags {
            self.steps.push(Step::Finish);
            self.in_tags = false;
        }
    }

    /// The tag section open (at the game's first byte: nothing is before it), and the white
    /// space before `at` (absolute) in it.
    fn before_tag(&mut self, at: usize) {
        if !self.in_tags {
            debug_assert_eq!(self.pos, self.base);
            self.steps.push(Step::Start(TAG_SECTION));
            self.in_tags = true;
        }
        self.space(at);
    }

    /// A comment from the last token's end (past white space) to `end`, of `kind`: one
    /// token handed over whole as a `COMMENT` node.
    fn comment_token(&mut self, start: usize, end: usize, line: bool) {
        self.space(start);
        let kind = if line { LINE_COMMENT } else { BRACE_COMMENT };
        let t = self.token(kind, end);
        self.steps.push(Step::Leaf(COMMENT, t, t + 1));
    }

    /// The game's end (absolute): the open nodes closed.
    fn finish(&mut self, end: usize) {
        self.close_pending(end);
        self.close_tags();
        if self.in_movetext {
            self.steps.push(Step::Finish);
        }
        self.starts.push(end as u32);
        self.steps.push(Step::Finish);
    }

    /// The game's tree, its steps taken on a builder with `cache`; and the lists, for the
    /// next game.
    fn build(self, text: &str, cache: &mut NodeCache) -> (GreenNode, Lists) {
        let PlainTree {
            kinds,
            starts,
            steps,
            ..
        } = self;
        let lexed = Lexed::from_run(text, kinds, starts);
        let mut builder = SharingBuilder::new(cache);
        for &step in &steps {
            match step {
                Step::Start(kind) => builder.start_node(kind),
                Step::Finish => Sink::<SyntaxKind>::finish_node(&mut builder),
                Step::Token(t) => {
                    let t = t as usize;
                    builder.lexed_token(lexed.kind(t), &lexed, t);
                }
                Step::Leaf(kind, first, end) => {
                    builder.leaf(kind, &lexed, first as usize..end as usize);
                }
            }
        }
        let green = builder.finish();
        let (kinds, starts) = lexed.into_lists();
        (green, (kinds, starts, steps))
    }
}

/// The lists a [`PlainTree`] writes into.
type Lists = (Vec<SyntaxKind>, Vec<u32>, Vec<Step>);

impl PlainSink for PlainTree<'_> {
    #[inline]
    fn tag(&mut self, pair: TextRange, name: TextRange, value: TextRange) {
        let (open, close) = self.absolute(pair);
        let (name_start, name_end) = self.absolute(name);
        let (value_start, value_end) = self.absolute(value);
        self.before_tag(open);
        // The tokens first, then the steps: the pair whole when it has the common shape
        // (`[Name "value"]`, as the grammar hands it over), else token by token.
        let first = self.token(L_BRACK, open + 1);
        self.gap(name_start);
        self.token(SYMBOL, name_end);
        self.gap(value_start - 1);
        self.token(STRING, value_end + 1);
        self.gap(close - 1);
        self.token(R_BRACK, close);
        let end = self.kinds.len() as u32;
        let shape = [L_BRACK, SYMBOL, WHITESPACE, STRING, R_BRACK];
        if self.kinds[first as usize..] == shape {
            self.steps.push(Step::Leaf(TAG_PAIR, first, end));
        } else {
            self.steps.push(Step::Start(TAG_PAIR));
            self.steps.extend((first..end).map(Step::Token));
            self.steps.push(Step::Finish);
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
        let first = self.token(INTEGER, digits);
        let dots = digits
            + bytes[digits..end]
                .iter()
                .take_while(|&&b| b == b'.')
                .count();
        self.token(DOTS, dots);
        if dots == end {
            self.pending = Some(Pending::Leaf(MOVE_NUMBER, first));
        } else {
            // `12. ...`: token by token, the three dots after white space.
            let elided = end - 3;
            self.steps.push(Step::Start(MOVE_NUMBER));
            self.steps.push(Step::Token(first));
            self.steps.push(Step::Token(first + 1));
            self.space(elided);
            let t = self.token(DOTS, end);
            self.steps.push(Step::Token(t));
            self.pending = Some(Pending::Open);
        }
    }

    #[inline(always)]
    fn san(&mut self, san: TextRange) {
        let (start, end) = self.absolute(san);
        self.before_item(start);
        let first = self.token(SAN, end);
        self.pending = Some(Pending::Leaf(SAN_MOVE, first));
    }

    #[inline]
    fn suffix(&mut self, suffix: TextRange) {
        let (start, end) = self.absolute(suffix);
        // The move before it, opened token by token: the suffix (after white space on the
        // line) is its.
        if let Some(Pending::Leaf(kind, first)) = self.pending.take() {
            self.steps.push(Step::Start(kind));
            self.steps.push(Step::Token(first));
        }
        self.space(start);
        let t = self.token(SUFFIX, end);
        self.steps.push(Step::Token(t));
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
        self.steps.push(Step::Start(NAG_NODE));
        let t = self.token(NAG, start + 1 + digits);
        self.steps.push(Step::Token(t));
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
        self.steps.push(Step::Start(VARIATION));
        let t = self.token(L_PAREN, start + 1);
        self.steps.push(Step::Token(t));
        self.depth += 1;
    }

    #[inline]
    fn close(&mut self, at: TextSize) {
        let paren = self.base + usize::from(at) - 1;
        self.close_pending(paren);
        self.space(paren);
        let t = self.token(R_PAREN, paren + 1);
        self.steps.push(Step::Token(t));
        self.steps.push(Step::Finish);
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
                self.steps.push(Step::Finish);
                self.in_movetext = false;
            }
            self.ended = true;
        }
        self.space(start);
        self.steps.push(Step::Start(GAME_RESULT));
        let t = self.token(RESULT, end);
        self.steps.push(Step::Token(t));
        self.steps.push(Step::Finish);
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
    let mut lists: Lists = Default::default();
    let mut at = 0;
    loop {
        let start = game_start(bytes, at);
        trivia(text, at..start, &mut children);
        if start >= bytes.len() {
            break;
        }
        let mut tree = PlainTree::new(bytes, start, lists);
        match read_plain(bytes, start, &mut tree) {
            Some(end) => {
                let end = start + usize::from(end.range.len());
                tree.finish(end);
                let (green, kept) = tree.build(text, cache);
                lists = kept;
                children.push(NodeOrToken::Node(green));
                at = end;
            }
            None => {
                lists = (tree.kinds, tree.starts, tree.steps);
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
