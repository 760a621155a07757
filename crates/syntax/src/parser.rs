//! The parser kit every grammar shares: a cursor over the significant tokens of a
//! [`Lexed`] text, white space handed to the [`Sink`] as the cursor passes it, the
//! diagnostics, and the depth cap for groups that nest (PGN variations, SGF game trees).
//!
//! A grammar is a set of methods on [`Parser`]: it looks ahead with [`Parser::nth`] and
//! [`Parser::at`], opens and closes nodes with [`Parser::start`] and [`Parser::finish`], and
//! moves on with [`Parser::bump`]. It never sees trivia, yet every byte ends up in the tree.

use std::ops::Range;

use rowan::{TextRange, TextSize};

use crate::lexed::Lexed;
use crate::sink::Sink;
use crate::{Code, SyntaxError};

/// What a grammar sees in a token: for PGN and SGF their own kinds, for PDN the PGN kind of
/// the part a token plays. Every notation's kinds are roles (`syntax_kinds!` says what the
/// kit reads in them).
pub(crate) trait Role: Copy + PartialEq {
    /// A node of text the grammar could not place.
    const ERROR: Self;
    /// `(`, which opens a group that nests (a PGN variation, an SGF game tree).
    const L_PAREN: Self;
    /// `)`, which closes one.
    const R_PAREN: Self;
    /// Whether tokens of this role are trivia (white space), which the grammar never sees.
    fn is_trivia(self) -> bool;
}

/// A notation as a grammar sees it: the kinds its lexer and sink know, and the role of each.
pub(crate) trait Grammar {
    /// The notation's own token and node kinds.
    type Kind: Copy;
    /// The kinds the grammar is written in.
    type Role: Role;
    /// What a token of this notation is to the grammar.
    fn role(kind: Self::Kind) -> Self::Role;
    /// The notation's kind for a node or token of a role.
    fn kind(role: Self::Role) -> Self::Kind;
}

/// A notation whose grammar is written in its own kinds (PGN, SGF): each token is its own
/// role.
impl<R: Role> Grammar for R {
    type Kind = R;
    type Role = R;
    fn role(kind: R) -> R {
        kind
    }
    fn kind(role: R) -> R {
        role
    }
}

/// A group in parentheses that nests (PGN's variations, SGF's game trees), and how deeply
/// it may before the parser stops looking inside.
pub(crate) struct Nesting<R> {
    /// A token that ends the text the group is in (a game's result), unless `)` follows.
    pub(crate) stop: Option<R>,
    /// How deeply groups nest before the parser keeps the next one as a flat `ERROR` node:
    /// recursion (here and in every walk over the tree) stays off the stack's edge.
    pub(crate) max_depth: usize,
    /// What a group is called in messages: `variation`.
    pub(crate) name: &'static str,
    /// The code of a group that is never closed.
    pub(crate) unclosed: Code,
}

/// The cursor of a grammar over one run of tokens: the parse state every grammar has, and
/// `state` for what is particular to one.
pub(crate) struct Parser<'l, 't, G: Grammar, S, X = ()> {
    lexed: &'l Lexed<'t, G::Kind>,
    /// The kinds of the tokens up to the end of those the grammar may see: one slice, so
    /// that a check against its end is also the bounds check.
    kinds: &'l [G::Kind],
    /// The next raw token (trivia included) to hand to the sink.
    pos: usize,
    /// The next significant token at or after `pos` (`kinds.len()` at the end): found once
    /// each time the cursor passes a token, not at every question about it.
    next: usize,
    sink: &'l mut S,
    errors: Vec<SyntaxError>,
    /// How many groups are open around the cursor.
    depth: usize,
    /// What the grammar itself keeps while it parses.
    pub(crate) state: X,
}

impl<'l, 't, G: Grammar, S: Sink<G::Kind>, X> Parser<'l, 't, G, S, X> {
    /// A cursor at the start of `tokens` of `lexed`, building into `sink`.
    pub(crate) fn new(
        lexed: &'l Lexed<'t, G::Kind>,
        tokens: Range<usize>,
        sink: &'l mut S,
        state: X,
    ) -> Self {
        let kinds = &lexed.kinds()[..tokens.end];
        Parser {
            lexed,
            kinds,
            pos: tokens.start,
            next: significant_from::<G>(kinds, tokens.start),
            sink,
            errors: Vec::new(),
            depth: 0,
            state,
        }
    }

    /// The diagnostics, in the order they were found.
    pub(crate) fn into_errors(self) -> Vec<SyntaxError> {
        self.errors
    }

    // --- Tokens -----------------------------------------------------------------------
    // (What every grammar calls for every token is marked `#[inline]`: the grammars live in
    // other modules, and a call per token costs more than these small bodies.)

    /// The role of token `i`.
    #[inline]
    pub(crate) fn role(&self, i: usize) -> G::Role {
        G::role(self.kinds[i])
    }

    /// The tokens of the whole text.
    pub(crate) fn lexed(&self) -> &'l Lexed<'t, G::Kind> {
        self.lexed
    }

    /// The whole text.
    pub(crate) fn text(&self) -> &'t str {
        self.lexed.text()
    }

    /// The text of token `i`.
    #[inline]
    pub(crate) fn token_text(&self, i: usize) -> &'t str {
        self.lexed.token_text(i)
    }

    /// The bytes of token `i`.
    #[inline]
    pub(crate) fn token_bytes(&self, i: usize) -> &'t [u8] {
        self.lexed.token_bytes(i)
    }

    /// The range of token `i`.
    #[inline]
    pub(crate) fn text_range(&self, i: usize) -> TextRange {
        self.lexed.text_range(i)
    }

    /// The tokens from the cursor to the end, trivia included.
    pub(crate) fn rest(&self) -> Range<usize> {
        self.pos..self.kinds.len()
    }

    /// The index of the `n`th significant token from the cursor.
    #[inline]
    pub(crate) fn nth_index(&self, mut n: usize) -> Option<usize> {
        if n == 0 {
            return (self.next < self.kinds.len()).then_some(self.next);
        }
        let mut i = self.next;
        while i < self.kinds.len() {
            if !self.role(i).is_trivia() {
                if n == 0 {
                    return Some(i);
                }
                n -= 1;
            }
            i += 1;
        }
        None
    }

    /// The role of the `n`th significant token from the cursor.
    #[inline]
    pub(crate) fn nth(&self, n: usize) -> Option<G::Role> {
        self.nth_index(n).map(|i| self.role(i))
    }

    /// The role of the next significant token.
    #[inline]
    pub(crate) fn current(&self) -> Option<G::Role> {
        self.nth(0)
    }

    /// Whether the next significant token is a `role`.
    #[inline]
    pub(crate) fn at(&self, role: G::Role) -> bool {
        self.current() == Some(role)
    }

    /// The text of the next significant token.
    #[inline]
    pub(crate) fn current_text(&self) -> Option<&'t str> {
        self.nth_index(0).map(|i| self.lexed.token_text(i))
    }

    /// The range of the next significant token, or an empty one after the last if there is
    /// none.
    #[inline]
    pub(crate) fn current_range(&self) -> TextRange {
        self.nth_index(0)
            .map_or_else(|| self.end_of_previous(), |i| self.text_range(i))
    }

    /// The index of the last significant token before the cursor.
    #[inline]
    pub(crate) fn previous_index(&self) -> Option<usize> {
        (0..self.pos).rev().find(|&i| !self.role(i).is_trivia())
    }

    /// An empty range just after the last significant token handed to the sink.
    #[inline]
    pub(crate) fn end_of_previous(&self) -> TextRange {
        let end = self
            .previous_index()
            .map_or(TextSize::from(0), |i| self.text_range(i).end());
        TextRange::empty(end)
    }

    /// The range from `start` to the end of the last significant token handed to the sink;
    /// empty at `start` when none was handed over since (the last one ends before it).
    pub(crate) fn range_from(&self, start: TextSize) -> TextRange {
        TextRange::new(start, self.end_of_previous().end().max(start))
    }

    /// Whether the next significant token is on the same line as the previous one.
    pub(crate) fn next_on_same_line(&self) -> bool {
        let mut i = self.pos;
        while i < self.kinds.len() && self.role(i).is_trivia() {
            if self
                .lexed
                .token_bytes(i)
                .iter()
                .any(|&b| b == b'\n' || b == b'\r')
            {
                return false;
            }
            i += 1;
        }
        i < self.kinds.len()
    }

    // --- Tree building ----------------------------------------------------------------

    /// Hands the trivia at the cursor to the sink, into the node that is open.
    #[inline]
    pub(crate) fn flush_trivia(&mut self) {
        while self.pos < self.kinds.len() && self.role(self.pos).is_trivia() {
            self.sink
                .lexed_token(self.kinds[self.pos], self.lexed, self.pos);
            self.pos += 1;
        }
    }

    /// Opens the root node, which holds every token, the trivia before the first included.
    pub(crate) fn start_root(&mut self, role: G::Role) {
        self.sink.start_node(G::kind(role));
    }

    /// Opens a node; white space before it stays in the parent.
    #[inline]
    pub(crate) fn start(&mut self, role: G::Role) {
        self.flush_trivia();
        self.sink.start_node(G::kind(role));
    }

    /// Closes the last open node.
    #[inline]
    pub(crate) fn finish(&mut self) {
        self.sink.finish_node();
    }

    /// Closes the last open node with the white space after it on its line, if any: a move's
    /// node ends with the spaces that follow it. rowan shares such a node between all its
    /// copies (`e4 `), while the same spaces as a child of the movetext cost 16 bytes each,
    /// and half of dense movetext's children were white space. A line break stays outside,
    /// so that a node never spans lines.
    #[inline]
    pub(crate) fn finish_with_spaces(&mut self) {
        if self.spaces_at(self.pos) {
            self.sink
                .lexed_token(self.kinds[self.pos], self.lexed, self.pos);
            self.pos += 1;
        }
        self.sink.finish_node();
    }

    /// Whether token `i` is white space that ends a node before it (see
    /// [`Parser::finish_with_spaces`]): trivia with no line break.
    #[inline]
    fn spaces_at(&self, i: usize) -> bool {
        i < self.kinds.len()
            && self.role(i).is_trivia()
            && !self
                .lexed
                .token_bytes(i)
                .iter()
                .any(|&b| b == b'\n' || b == b'\r')
    }

    /// Adds a node of `role` that holds the tokens from the next significant one up to
    /// `end`, and with `spaces` the white space after them on their line: what
    /// [`Parser::start`], a [`Parser::bump`] for each significant token and
    /// [`Parser::finish_with_spaces`] (or [`Parser::finish`]) add, in one step of the
    /// sink. The node's tokens keep the kinds they were lexed with.
    #[inline]
    pub(crate) fn leaf(&mut self, role: G::Role, end: usize, spaces: bool) {
        self.flush_trivia();
        let first = self.pos;
        debug_assert!(first < end && end <= self.kinds.len());
        let end = end + usize::from(spaces && self.spaces_at(end));
        self.sink.leaf(G::kind(role), self.lexed, first..end);
        self.pos = end;
        self.next = significant_from::<G>(self.kinds, end);
    }

    /// The role of token `i`, trivia or not, if there is one.
    #[inline]
    pub(crate) fn role_of(&self, i: usize) -> Option<G::Role> {
        (i < self.kinds.len()).then(|| self.role(i))
    }

    /// The role of the first significant token at or after token `i`.
    #[inline]
    pub(crate) fn significant_role_from(&self, i: usize) -> Option<G::Role> {
        self.role_of(significant_from::<G>(self.kinds, i))
    }

    /// Adds the next significant token (and the trivia before it) to the open node.
    #[inline]
    pub(crate) fn bump(&mut self) {
        self.flush_trivia();
        if self.pos < self.kinds.len() {
            self.sink
                .lexed_token(self.kinds[self.pos], self.lexed, self.pos);
            self.pos += 1;
            self.next = significant_from::<G>(self.kinds, self.pos);
        }
    }

    /// Adds the next significant token under another role (a move-shaped word used as a tag
    /// name).
    pub(crate) fn bump_as(&mut self, role: G::Role) {
        self.flush_trivia();
        if self.pos < self.kinds.len() {
            self.sink
                .token(G::kind(role), self.lexed.token_text(self.pos));
            self.pos += 1;
            self.next = significant_from::<G>(self.kinds, self.pos);
        }
    }

    /// Adds every token up to and including token `last`.
    pub(crate) fn bump_through(&mut self, last: usize) {
        while self.pos <= last {
            self.bump();
        }
    }

    // --- Diagnostics ------------------------------------------------------------------

    /// Records a diagnostic.
    pub(crate) fn error(&mut self, error: SyntaxError) {
        self.errors.push(error);
    }

    /// Records a diagnostic with no related places.
    pub(crate) fn error_at(&mut self, code: Code, range: TextRange, message: impl Into<String>) {
        self.error(SyntaxError::new(code, range, message));
    }

    /// Parses with `parse`, and returns the range of the significant tokens it added (empty,
    /// at the next token, if none).
    pub(crate) fn range_of(&mut self, parse: impl FnOnce(&mut Self)) -> TextRange {
        let start = self.current_range().start();
        parse(self);
        self.range_from(start)
    }

    /// Keeps the significant tokens from the cursor on, while `more` holds, in one `ERROR`
    /// node, and returns the range they cover.
    pub(crate) fn error_node(&mut self, more: impl Fn(&Self) -> bool) -> TextRange {
        self.range_of(|p| {
            p.start(G::Role::ERROR);
            while more(p) {
                p.bump();
            }
            p.finish();
        })
    }

    /// Reports that the group opened at `open` was never closed: it should have ended after
    /// the last significant token.
    pub(crate) fn never_closed(&mut self, nesting: &Nesting<G::Role>, open: TextRange) {
        let at = self.end_of_previous();
        self.error(SyntaxError::never_closed(
            nesting.unclosed,
            open,
            nesting.name,
            ")",
            at,
        ));
    }

    // --- Nesting ----------------------------------------------------------------------

    /// Parses a group one level deeper with `group`, or, past the cap, keeps it as one flat
    /// `ERROR` node up to its matching close, with one diagnostic.
    pub(crate) fn nested(&mut self, nesting: &Nesting<G::Role>, group: impl FnOnce(&mut Self)) {
        if self.depth >= nesting.max_depth {
            self.too_deep(nesting);
            return;
        }
        self.depth += 1;
        group(self);
        self.depth -= 1;
    }

    fn too_deep(&mut self, nesting: &Nesting<G::Role>) {
        let open = self.current_range();
        self.start(G::Role::ERROR);
        let mut open_groups = 0usize;
        while let Some(role) = self.current() {
            if role == G::Role::L_PAREN {
                open_groups += 1;
            } else if role == G::Role::R_PAREN {
                open_groups -= 1;
            } else if Some(role) == nesting.stop && self.nth(1) != Some(G::Role::R_PAREN) {
                break;
            }
            self.bump();
            if open_groups == 0 {
                break;
            }
        }
        self.finish();
        self.error_at(
            Code::NestingTooDeep,
            open,
            format!(
                "{}s nest more than {} deep here; kifu does not look inside this one",
                nesting.name, nesting.max_depth
            ),
        );
        if open_groups > 0 {
            self.never_closed(nesting, open);
        }
    }
}

/// The first significant token of `kinds` at or after `from`, or `kinds.len()`.
#[inline]
fn significant_from<G: Grammar>(kinds: &[G::Kind], from: usize) -> usize {
    let mut i = from;
    while i < kinds.len() && G::role(kinds[i]).is_trivia() {
        i += 1;
    }
    i
}
