//! The SGF grammar: collection → game trees → nodes → properties → values.

use rowan::{TextRange, TextSize};

use super::lexer::{value_is_closed, Lexed};
use super::SyntaxKind::{self, *};
use crate::parser::{Nesting, Parser};
use crate::sink::Sink;
use crate::{Code, SyntaxError};

/// How deeply game trees nest before the parser stops making nodes for them. SGFC caps at
/// 10,000; rowan frees trees recursively, so kifu keeps well inside a thread's stack.
pub const MAX_GAME_TREE_DEPTH: usize = 1000;

/// Game trees, as the parser kit caps them.
const GAME_TREES: Nesting<SyntaxKind> = Nesting {
    stop: None,
    max_depth: MAX_GAME_TREE_DEPTH,
    name: "game tree",
    unclosed: Code::UnterminatedGameTree,
};

/// Parses a whole SGF text into `sink`, returning its diagnostics.
pub(crate) fn parse_collection<S: Sink<SyntaxKind>>(
    lexed: &Lexed<'_>,
    sink: &mut S,
) -> Vec<SyntaxError> {
    parse_collection_with(lexed, sink, PlainNodes(true))
}

/// [`parse_collection`], with or without the short way for plain nodes (a test holds the
/// two to the same tree and diagnostics).
pub(crate) fn parse_collection_with<S: Sink<SyntaxKind>>(
    lexed: &Lexed<'_>,
    sink: &mut S,
    plain_nodes: PlainNodes,
) -> Vec<SyntaxError> {
    let mut parser =
        Parser::<SyntaxKind, S, PlainNodes>::new(lexed, 0..lexed.len(), sink, plain_nodes);
    parser.collection();
    parser.into_errors()
}

/// Whether the grammar reads a plain node (`;B[dq]`) the short way (see
/// `Parser::plain_node`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct PlainNodes(pub(crate) bool);

impl<S: Sink<SyntaxKind>> Parser<'_, '_, SyntaxKind, S, PlainNodes> {
    fn collection(&mut self) {
        self.start_root(COLLECTION);
        let mut trees = 0;
        while let Some(kind) = self.current() {
            match kind {
                L_PAREN => {
                    trees += 1;
                    self.game_tree();
                }
                // `;GM[1]...` with no `(` before it (some Fox files): one error, and the game
                // read as if the `(` were there.
                SEMICOLON if trees == 0 => {
                    trees += 1;
                    let at = self.current_range();
                    self.error_at(
                        Code::MissingOpenParen,
                        at,
                        "the game tree has no opening `(`: the file starts with a node; kifu read it as if `(` were there",
                    );
                    self.start(GAME_TREE);
                    self.nested(&GAME_TREES, |p| p.game_tree_body(at, false));
                    self.finish();
                }
                SEMICOLON => {
                    let range = self.range_of(Self::node);
                    self.error_at(
                        Code::NodeOutsideGameTree,
                        range,
                        "this node is outside any game tree: a game tree starts with `(;`",
                    );
                }
                R_PAREN => self.stray(Code::UnmatchedCloseParen, "this `)` closes no game tree"),
                _ => {
                    let range = self.error_node(|p| {
                        p.current()
                            .is_some_and(|k| !matches!(k, L_PAREN | R_PAREN | SEMICOLON))
                    });
                    let place = if trees == 0 {
                        "before the first game tree"
                    } else {
                        "between game trees"
                    };
                    self.error_at(
                        Code::TextOutsideGameTree,
                        range,
                        format!("text {place} is not part of any game; readers ignore it"),
                    );
                }
            }
        }
        self.flush_trivia();
        self.finish();
        if trees == 0 {
            self.error_at(
                Code::NoGameTree,
                TextRange::empty(TextSize::from(0)),
                "no game tree: an SGF file holds one or more `(;...)`",
            );
        }
    }

    /// One token that fits nowhere, in an ERROR node.
    fn stray(&mut self, code: Code, message: &str) {
        let range = self.current_range();
        self.start(ERROR);
        self.bump();
        self.finish();
        self.error_at(code, range, message);
    }

    fn game_tree(&mut self) {
        // `((`: a game tree cannot start with a variation. Like SGFC, kifu drops the first
        // `(` rather than nest everything after it one level too deep.
        while self.at(L_PAREN) && self.nth(1) == Some(L_PAREN) {
            self.stray(
                Code::MissingSemicolon,
                "`(` followed by `(`: a game tree starts with a node `;`, not a variation; kifu ignored this `(`",
            );
        }
        self.nested(&GAME_TREES, |p| {
            let open = p.current_range();
            p.start(GAME_TREE);
            p.bump();
            p.game_tree_body(open, true);
            p.finish();
        });
    }

    /// What follows a game tree's `(` (`opened`), or its first node when the `(` is missing.
    fn game_tree_body(&mut self, open: TextRange, opened: bool) {
        match self.current() {
            Some(R_PAREN) => {
                let range = TextRange::new(open.start(), self.current_range().end());
                self.error_at(
                    Code::EmptyVariation,
                    range,
                    "empty variation: a game tree needs at least one node `;`",
                );
            }
            Some(SEMICOLON) | None => {}
            Some(_) => {
                self.error_at(
                    Code::MissingSemicolon,
                    open,
                    "`(` must be followed by `;`: kifu read what follows as a node",
                );
                if self.at(IDENT) || self.at(VALUE) {
                    self.node();
                }
            }
        }
        let mut seen_variation = false;
        loop {
            match self.current() {
                Some(SEMICOLON) if seen_variation => {
                    let range = self.range_of(Self::node);
                    self.error_at(
                        Code::NodeAfterVariation,
                        range,
                        "a node after a variation: the nodes of a game tree come before its variations",
                    );
                }
                Some(SEMICOLON) => self.node(),
                Some(L_PAREN) => {
                    seen_variation = true;
                    self.game_tree();
                }
                Some(R_PAREN) => {
                    self.bump();
                    break;
                }
                Some(IDENT) => {
                    let range = self.current_range();
                    self.node();
                    self.error_at(
                        Code::MissingSemicolon,
                        range,
                        "properties outside a node: a node starts with `;`",
                    );
                }
                Some(VALUE) => self.values_without_identifier(),
                Some(_) => self.stray_text(),
                None => {
                    // With no `(` either, the missing `(` was the one error.
                    if opened {
                        self.never_closed(&GAME_TREES, open);
                    }
                    break;
                }
            }
        }
    }

    /// `;` (when there is one) and the properties after it.
    fn node(&mut self) {
        if self.state.0 && self.plain_node() {
            return;
        }
        self.start(NODE);
        if self.at(SEMICOLON) {
            self.bump();
        }
        loop {
            match self.current() {
                Some(IDENT) => self.property(),
                Some(VALUE) => self.values_without_identifier(),
                Some(ERROR_TOKEN) => self.stray_text(),
                _ => break,
            }
        }
        self.finish();
    }

    /// A node written `;B[dq]`, one identifier right after its `;` with one value, in which
    /// the general way below can find nothing to report (the value closed, no `;` in it that
    /// could start a swallowed node, nothing of the node after it and no `]`): nearly every
    /// node of a game record, read with the events the general way makes, without its
    /// questions. Whether it was taken.
    fn plain_node(&mut self) -> bool {
        let Some(i) = self.nth_index(0) else {
            return false;
        };
        let tokens = self.lexed().len();
        if i + 2 >= tokens
            || self.role(i) != SEMICOLON
            || self.role(i + 1) != IDENT
            || self.role(i + 2) != VALUE
        {
            return false;
        }
        let value = self.token_text(i + 2);
        if !value_is_closed(value) || value.contains(';') {
            return false;
        }
        // The node goes on after the value (another value or property, stray text), or a
        // `]` follows it, which `unescaped_bracket` would look at: a `]` outside a value is
        // stray text, and only white space can stand between it and the value without
        // being a token of these kinds.
        let next = (i + 3..tokens).find(|&j| !self.role(j).is_trivia());
        if next.is_some_and(|j| matches!(self.role(j), IDENT | VALUE | ERROR_TOKEN)) {
            return false;
        }
        self.start(NODE);
        self.bump();
        self.start(PROPERTY);
        self.bump();
        self.bump();
        self.finish();
        self.finish();
        true
    }

    fn property(&mut self) {
        let ident = self.current_range();
        self.start(PROPERTY);
        self.bump();
        if !self.at(VALUE) {
            self.error_at(
                Code::MissingValue,
                ident,
                "this property has no value: write at least `[]`",
            );
        }
        while self.at(VALUE) {
            self.value();
            self.unescaped_bracket();
        }
        self.finish();
    }

    /// After a value: text on its line, with no `[`, `;`, `(` or `)`, up to a `]` (`C[see
    /// [this] one]`, `C[one]]`): the value's own `]` was a bracket of its text, unescaped,
    /// and closed it early. One diagnostic at that `]`, with the fix `\]`; the rest up to the real end
    /// is kept in the property, as its value's.
    fn unescaped_bracket(&mut self) {
        let Some(previous) = self.previous_index() else {
            return;
        };
        let closed_at = self.text_range(previous).end();
        let rest = &self.text()[usize::from(closed_at)..];
        let Some(end) = rest
            .bytes()
            .position(|b| matches!(b, b'[' | b']' | b';' | b'(' | b')' | b'\n' | b'\r'))
        else {
            return;
        };
        if rest.as_bytes()[end] != b']' {
            return;
        }
        let limit = closed_at + TextSize::from(end as u32 + 1);
        let early = TextRange::at(closed_at - TextSize::from(1), TextSize::from(1));
        let within = |p: &Self| p.current_range().end() <= limit && p.current().is_some();
        // The `]` must end a token of its own (`B[a] ]]` is stray text, `]]`, told as such).
        if !within(self) {
            return;
        }
        self.error_node(within);
        self.error(
            SyntaxError::new(
                Code::UnescapedBracket,
                early,
                "this `]` is text of the value, but it closes it: inside a value, `]` is written `\\]`",
            )
            .with_related(
                TextRange::at(limit - TextSize::from(1), TextSize::from(1)),
                "the value was meant to end here",
            )
            .with_fix("Escape the `]` with `\\`", [(TextRange::empty(early.start()), "\\".to_string())]),
        );
    }

    fn value(&mut self) {
        let Some(i) = self.nth_index(0) else { return };
        let range = self.text_range(i);
        let text = self.token_text(i);
        let closed = value_is_closed(text);
        self.bump();
        if let Some(at) = swallowed_node(text) {
            let start = range.start() + TextSize::from(at as u32);
            self.error(
                SyntaxError::new(
                    Code::ValueLooksUnclosed,
                    TextRange::at(range.start(), TextSize::from(1)),
                    "this value holds what looks like the next node: is its `]` missing?",
                )
                .with_related(
                    TextRange::new(start, range.end()),
                    "the value goes on to here",
                )
                .with_fix(
                    "Close the value with `]` before the next node",
                    [(TextRange::empty(start), "]".to_string())],
                ),
            );
        }
        if !closed {
            self.error(
                SyntaxError::new(
                    Code::UnterminatedValue,
                    TextRange::at(range.start(), TextSize::from(1)),
                    "this value is never closed: `]` is missing; kifu ended it at the end of its line",
                )
                .with_related(TextRange::empty(range.end()), "the value should end by here"),
            );
        }
    }

    fn values_without_identifier(&mut self) {
        let range = self.range_of(|p| {
            p.start(ERROR);
            while p.at(VALUE) {
                p.value();
            }
            p.finish();
        });
        self.error_at(
            Code::ValueWithoutIdentifier,
            range,
            "values without a property identifier: write the identifier before them, `C[...]`",
        );
    }

    fn stray_text(&mut self) {
        let range = self.error_node(|p| p.at(ERROR_TOKEN));
        let text: String = self.text()[range].chars().take(40).collect();
        self.error_at(
            Code::StrayText,
            range,
            format!("`{text}` is not SGF: expected `;`, a property, `(` or `)`"),
        );
    }
}

/// Where a value's text holds the start of a node or game tree (`;B[`, `(;W[`): the mark of a
/// `]` left out, after which the value ran on to the next `]`. On a line of its own such a
/// start counts anywhere in the value; inside a line (`C[comment;B[fq]`) only as the value's
/// last bracket, where the swallowed node's own `]` closed the value.
pub(crate) fn swallowed_node(value: &str) -> Option<usize> {
    let bytes = value.as_bytes();
    // Either way a node starts with `;`: a value without one (nearly every move's) is done.
    if !bytes.contains(&b';') {
        return None;
    }
    let mut from = 0;
    while let Some(i) = memchr::memchr(b'\n', &bytes[from..]) {
        let line = from + i + 1;
        let mut j = line;
        while j < bytes.len() && matches!(bytes[j], b' ' | b'\t' | b'\r' | b'(') {
            j += 1;
        }
        if bytes.get(j) == Some(&b';') && node_start(bytes, j).is_some() {
            return Some(line);
        }
        from = line;
    }
    let last_open = memchr::memrchr(b'[', &bytes[1..]).map(|i| i + 1)?;
    let semicolon = memchr::memrchr(b';', &bytes[..last_open])?;
    (node_start(bytes, semicolon) == Some(last_open)).then_some(semicolon)
}

/// Where the `[` is, when `;` at `at` starts a node: `;`, blanks, one or two upper-case
/// letters, `[`.
fn node_start(bytes: &[u8], at: usize) -> Option<usize> {
    let mut k = at + 1;
    while k < bytes.len() && bytes[k] == b' ' {
        k += 1;
    }
    let ident = bytes[k..]
        .iter()
        .take_while(|b| b.is_ascii_uppercase())
        .count();
    ((1..=2).contains(&ident) && bytes.get(k + ident) == Some(&b'[')).then_some(k + ident)
}
