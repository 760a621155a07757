//! An SGF text read flat: its game trees, nodes, properties and values in tables, each with
//! its range, and no tree.
//!
//! The checks and the model of a game read SGF only as game trees of nodes, nodes of
//! properties, properties of values: what this holds. A sink fills it as the grammar runs,
//! so `kifu check` finds what a document finds without building the rowan tree, whose
//! building and dropping were most of the cost of checking a Go record. A document's tree
//! is read into the same tables ([`Flat::of_green`]), so the checks and the model have one
//! reading of SGF for both.
//!
//! What is read is what the tree's direct children give: the game trees of the collection
//! and their variations, the nodes of a game tree, the properties of a node (those with an
//! identifier), the first identifier and the values of a property. What the grammar put in
//! an `ERROR` node is not.

use std::ops::Range;

use rowan::{GreenNodeData, NodeOrToken, TextRange, TextSize};

use super::ast::raw_value;
use super::SyntaxKind::{self, COLLECTION, GAME_TREE, IDENT, NODE, PROPERTY, VALUE};
use crate::sink::Sink;

mod scan;
pub(crate) use scan::scan;

/// A game tree: where it is, and where its children are among [`Flat`]'s items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    /// The whole game tree, `(` to `)`.
    pub range: TextRange,
    /// Its own item, then its descendants'.
    items: Range<u32>,
}

/// A node: where it is, and its properties.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Node {
    range: TextRange,
    properties: Range<u32>,
    /// The move it is, when it is one written the common way (see
    /// [`Flat::two_letter_move`]), once [`Flat::mark_moves`] has looked.
    letters: Letters,
}

/// A move written the common way, `B[dq]`: its side's letter (0 for a node that is not
/// such a move), its point's letters, and where they start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Letters {
    side: u8,
    point: [u8; 2],
    at: u32,
}

/// A property: its identifier (the first), its range, and its values.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Prop {
    ident: Option<TextRange>,
    range: TextRange,
    values: Range<u32>,
}

/// A child of a game tree, in text order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Child {
    /// A node, by its index.
    Node(u32),
    /// A variation, by its index among the trees.
    Tree(u32),
}

/// The game trees, nodes, properties and values of an SGF text, with their ranges (see the
/// module's documentation).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Flat {
    trees: Vec<Tree>,
    nodes: Vec<Node>,
    properties: Vec<Prop>,
    /// Value tokens, brackets included.
    values: Vec<TextRange>,
    /// Nodes and trees in text order (a tree before what it holds).
    items: Vec<Child>,
    /// The collection's game trees.
    games: Vec<u32>,
}

/// A property of a node, read from a [`Flat`] and its text.
#[derive(Debug, Clone, Copy)]
pub struct Property<'a> {
    /// The identifier as written (`B`, or `AddBlack` in old files).
    pub ident: &'a str,
    /// Where the identifier is.
    pub ident_range: TextRange,
    range: TextRange,
    values: &'a [TextRange],
    text: &'a str,
}

impl<'a> Property<'a> {
    /// The value tokens (brackets included) and their ranges.
    pub fn values(&self) -> impl Iterator<Item = (&'a str, TextRange)> + Clone + 'a {
        let text = self.text;
        self.values.iter().map(move |&r| (&text[r], r))
    }

    /// The text between the brackets of the first value, if there is one.
    pub fn first_raw(&self) -> Option<&'a str> {
        self.values().next().map(|(token, _)| raw_value(token))
    }

    /// Whether the identifier as FF[4] reads it is `id`, without building it.
    pub fn ident_is(&self, id: &str) -> bool {
        // No longer than `id`, the identifier is `id` only if it is `id` as written: with a
        // lower-case letter its upper-case ones are fewer (`id` is upper-case letters).
        let (ident, id_bytes) = (self.ident.as_bytes(), id.as_bytes());
        if ident.len() <= id_bytes.len() {
            // Byte by byte: `==` calls memcmp, dearer than the one or two bytes compared.
            return ident.len() == id_bytes.len()
                && ident.iter().zip(id_bytes).all(|(a, b)| a == b);
        }
        self.ident
            .bytes()
            .filter(u8::is_ascii_uppercase)
            .eq(id.bytes())
    }

    /// The whole property, from its identifier to its last value.
    pub fn range(&self) -> TextRange {
        self.range
    }

    /// The identifier as FF[4] reads it: its upper-case letters.
    pub fn id(&self) -> std::borrow::Cow<'a, str> {
        if self.ident.bytes().all(|b| b.is_ascii_uppercase()) {
            std::borrow::Cow::Borrowed(self.ident)
        } else {
            std::borrow::Cow::Owned(
                self.ident
                    .chars()
                    .filter(char::is_ascii_uppercase)
                    .collect(),
            )
        }
    }
}

impl Flat {
    /// Empty tables with room for `nodes` nodes of one property and one value each.
    fn with_room(nodes: usize) -> Flat {
        Flat {
            trees: Vec::new(),
            nodes: Vec::with_capacity(nodes),
            properties: Vec::with_capacity(nodes),
            values: Vec::with_capacity(nodes),
            items: Vec::with_capacity(nodes),
            games: Vec::new(),
        }
    }

    /// The game trees of the collection, in order.
    pub fn games(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        self.games.iter().copied()
    }

    /// Game tree `tree`.
    pub fn tree(&self, tree: u32) -> &Tree {
        &self.trees[tree as usize]
    }

    /// How many nodes and game trees game tree `tree` holds, at every depth, itself
    /// included: more than its nodes, for a reader to make room for them at once.
    pub fn items_in(&self, tree: u32) -> usize {
        self.trees[tree as usize].items.len()
    }

    /// The nodes and variations of game tree `tree`, in text order.
    pub fn children(&self, tree: u32) -> Children<'_> {
        let items = &self.trees[tree as usize].items;
        Children {
            flat: self,
            at: items.start + 1,
            end: items.end,
        }
    }

    /// The nodes of game tree `tree`, in text order.
    pub fn nodes(&self, tree: u32) -> impl Iterator<Item = u32> + '_ {
        self.children(tree).filter_map(|c| match c {
            Child::Node(n) => Some(n),
            Child::Tree(_) => None,
        })
    }

    /// The variations of game tree `tree`, in text order.
    pub fn variations(&self, tree: u32) -> impl Iterator<Item = u32> + '_ {
        self.children(tree).filter_map(|c| match c {
            Child::Tree(t) => Some(t),
            Child::Node(_) => None,
        })
    }

    /// Where node `node` is, `;` to its last property.
    pub fn node_range(&self, node: u32) -> TextRange {
        self.nodes[node as usize].range
    }

    /// The properties of node `node` that have an identifier, with `text` the text read.
    pub fn properties<'a>(
        &'a self,
        text: &'a str,
        node: u32,
    ) -> impl Iterator<Item = Property<'a>> + 'a {
        let range = &self.nodes[node as usize].properties;
        self.properties[range.start as usize..range.end as usize]
            .iter()
            .filter_map(move |p| {
                let ident_range = p.ident?;
                Some(Property {
                    ident: &text[ident_range],
                    ident_range,
                    range: p.range,
                    values: &self.values[p.values.start as usize..p.values.end as usize],
                    text,
                })
            })
    }

    /// The identifier and the one value (its token, brackets included, and range) of node
    /// `node`, when the node has exactly one property and that property one value: what
    /// nearly every node of a game record is, one move, read without building its
    /// [`Property`].
    pub fn single_value<'a>(
        &'a self,
        text: &'a str,
        node: u32,
    ) -> Option<(&'a str, &'a str, TextRange)> {
        let range = &self.nodes[node as usize].properties;
        let [property] = &self.properties[range.start as usize..range.end as usize] else {
            return None;
        };
        let [value] = &self.values[property.values.start as usize..property.values.end as usize]
        else {
            return None;
        };
        Some((&text[property.ident?], &text[*value], *value))
    }

    /// A node written as one move the common way, `B[dq]` or `W[dq]`: its identifier's
    /// letter (`B` or `W`), the two letters of its point, and where they are (inside the
    /// brackets). Found once for every node by [`Flat::mark_moves`] (`None` before it):
    /// the checks and the model of a Go game ask it of every node, and reading it from the
    /// tables and the text each time was a tenth of checking a Go record.
    pub fn two_letter_move(&self, node: u32) -> Option<(u8, [u8; 2], TextRange)> {
        let Letters { side, point, at } = self.nodes[node as usize].letters;
        (side != 0).then(|| {
            (
                side,
                point,
                TextRange::at(TextSize::from(at), TextSize::from(2)),
            )
        })
    }

    /// Marks every node that is one move written the common way (see
    /// [`Flat::two_letter_move`]), from `text`, the text of these tables.
    pub fn mark_moves(&mut self, text: &str) {
        let bytes = text.as_bytes();
        let Flat {
            nodes,
            properties,
            values,
            ..
        } = self;
        for node in nodes.iter_mut() {
            node.letters = letters(bytes, node, properties, values).unwrap_or_default();
        }
    }

    /// The properties of node `node` into `out` (cleared first; reused to spare
    /// allocations).
    pub fn collect_properties<'a>(&'a self, text: &'a str, node: u32, out: &mut Vec<Property<'a>>) {
        out.clear();
        // A loop, not `extend` over [`Flat::properties`]: called twice for every node (the
        // checks and the model), where the filtering iterator's pushes cost more than the
        // node's one property.
        let range = &self.nodes[node as usize].properties;
        let properties = &self.properties[range.start as usize..range.end as usize];
        out.reserve(properties.len());
        for p in properties {
            if let Some(ident_range) = p.ident {
                out.push(Property {
                    ident: &text[ident_range],
                    ident_range,
                    range: p.range,
                    values: &self.values[p.values.start as usize..p.values.end as usize],
                    text,
                });
            }
        }
    }

    /// The tables of a green tree (a COLLECTION or a GAME_TREE, whose text starts at 0):
    /// what the grammar fills as it builds the tree. A GAME_TREE given alone is the one
    /// game.
    pub fn of_green(green: &GreenNodeData) -> Flat {
        // A move's node, `;B[dq]`, is three tokens in six bytes.
        let mut sink = FlatSink::for_tokens(usize::from(green.text_len()) / 2);
        let kind = |raw| <super::SgfLanguage as rowan::Language>::kind_from_raw(raw);
        let top = kind(green.kind());
        if top != COLLECTION {
            // As a collection of one, so that the game tree is a game.
            sink.start_node(COLLECTION);
        }
        // Without recursion: game trees nest a thousand deep.
        sink.start_node(top);
        let mut stack = vec![green.children()];
        while let Some(children) = stack.last_mut() {
            match children.next() {
                Some(NodeOrToken::Node(node)) => {
                    sink.start_node(kind(node.kind()));
                    stack.push(node.children());
                }
                Some(NodeOrToken::Token(token)) => {
                    sink.token(kind(token.kind()), token.text());
                }
                None => {
                    stack.pop();
                    sink.finish_node();
                }
            }
        }
        if top != COLLECTION {
            sink.finish_node();
        }
        sink.finish()
    }
}

/// What [`Flat::mark_moves`] marks a node with: its move, when it is one written the
/// common way.
fn letters(
    bytes: &[u8],
    node: &Node,
    properties: &[Prop],
    values: &[TextRange],
) -> Option<Letters> {
    let range = &node.properties;
    if range.end != range.start + 1 {
        return None;
    }
    let property = &properties[range.start as usize];
    if property.values.end != property.values.start + 1 {
        return None;
    }
    let (ident, value) = (property.ident?, values[property.values.start as usize]);
    let side = match bytes.get(usize::from(ident.start())..usize::from(ident.end()))? {
        &[side @ (b'B' | b'W')] => side,
        _ => return None,
    };
    match bytes.get(usize::from(value.start())..usize::from(value.end()))? {
        &[b'[', x, y, b']'] if x.is_ascii_alphabetic() && y.is_ascii_alphabetic() => {
            Some(Letters {
                side,
                point: [x, y],
                at: u32::from(value.start()) + 1,
            })
        }
        _ => None,
    }
}

/// The children of a game tree (see [`Flat::children`]).
#[derive(Debug, Clone)]
pub struct Children<'a> {
    flat: &'a Flat,
    at: u32,
    end: u32,
}

impl Iterator for Children<'_> {
    type Item = Child;

    fn next(&mut self) -> Option<Child> {
        if self.at >= self.end {
            return None;
        }
        let child = self.flat.items[self.at as usize];
        self.at = match child {
            Child::Tree(t) => self.flat.trees[t as usize].items.end,
            Child::Node(_) => self.at + 1,
        };
        Some(child)
    }
}

/// The text between a value token's brackets, and where it is, given the token's range.
pub fn value_inner(token: &str, range: TextRange) -> (&str, TextRange) {
    let inner = raw_value(token);
    let start = range.start() + TextSize::from(1);
    (inner, TextRange::at(start, TextSize::of(inner)))
}

/// What a node open in the sink is, if it is read.
#[derive(Debug, Clone, Copy)]
enum Open {
    /// A node the tables do not read (the collection, `ERROR`, or one inside such).
    Skipped(SyntaxKind),
    Tree(u32),
    Node(u32),
    Property(u32),
}

/// Fills a [`Flat`] from the grammar's events.
#[derive(Debug, Default)]
pub(crate) struct FlatSink {
    flat: Flat,
    open: Vec<Open>,
    at: TextSize,
}

impl FlatSink {
    /// A sink with room for a text of `tokens` tokens (a move's node is about three).
    pub(crate) fn for_tokens(tokens: usize) -> FlatSink {
        FlatSink {
            flat: Flat::with_room(tokens / 3 + 1),
            open: Vec::new(),
            at: TextSize::from(0),
        }
    }

    /// The tables filled.
    pub(crate) fn finish(self) -> Flat {
        self.flat
    }
}

impl Sink<SyntaxKind> for FlatSink {
    fn start_node(&mut self, kind: SyntaxKind) {
        let flat = &mut self.flat;
        let open = match (kind, self.open.last()) {
            (GAME_TREE, Some(Open::Skipped(COLLECTION) | Open::Tree(_))) => {
                let tree = flat.trees.len() as u32;
                // A game, or a variation.
                if let Some(Open::Skipped(COLLECTION)) = self.open.last() {
                    flat.games.push(tree);
                }
                let item = flat.items.len() as u32;
                flat.items.push(Child::Tree(tree));
                flat.trees.push(Tree {
                    range: TextRange::empty(self.at),
                    items: item..item + 1,
                });
                Open::Tree(tree)
            }
            (NODE, Some(Open::Tree(_))) => {
                let node = flat.nodes.len() as u32;
                flat.items.push(Child::Node(node));
                let first = flat.properties.len() as u32;
                flat.nodes.push(Node {
                    range: TextRange::empty(self.at),
                    properties: first..first,
                    letters: Letters::default(),
                });
                Open::Node(node)
            }
            (PROPERTY, Some(Open::Node(_))) => {
                let property = flat.properties.len() as u32;
                let first = flat.values.len() as u32;
                flat.properties.push(Prop {
                    ident: None,
                    range: TextRange::empty(self.at),
                    values: first..first,
                });
                Open::Property(property)
            }
            (COLLECTION, None) => Open::Skipped(COLLECTION),
            _ => Open::Skipped(kind),
        };
        self.open.push(open);
    }

    fn finish_node(&mut self) {
        let at = self.at;
        let flat = &mut self.flat;
        match self.open.pop() {
            Some(Open::Tree(tree)) => {
                let end = flat.items.len() as u32;
                let tree = &mut flat.trees[tree as usize];
                tree.range = TextRange::new(tree.range.start(), at);
                tree.items.end = end;
            }
            Some(Open::Node(node)) => {
                let end = flat.properties.len() as u32;
                let node = &mut flat.nodes[node as usize];
                node.range = TextRange::new(node.range.start(), at);
                node.properties.end = end;
            }
            Some(Open::Property(property)) => {
                let end = flat.values.len() as u32;
                let property = &mut flat.properties[property as usize];
                property.range = TextRange::new(property.range.start(), at);
                property.values.end = end;
            }
            Some(Open::Skipped(_)) | None => {}
        }
    }

    fn token(&mut self, kind: SyntaxKind, text: &str) {
        self.token_at(kind, TextRange::at(self.at, TextSize::of(text)));
    }

    #[inline]
    fn lexed_token(&mut self, kind: SyntaxKind, lexed: &crate::Lexed<'_, SyntaxKind>, i: usize) {
        self.token_at(kind, lexed.text_range(i));
    }
}

impl FlatSink {
    /// A token of `kind` at `range`, which starts where the last one ended.
    #[inline]
    fn token_at(&mut self, kind: SyntaxKind, range: TextRange) {
        self.at = range.end();
        if let Some(&Open::Property(property)) = self.open.last() {
            match kind {
                VALUE => self.flat.values.push(range),
                IDENT => {
                    let property = &mut self.flat.properties[property as usize];
                    property.ident.get_or_insert(range);
                }
                _ => {}
            }
        }
    }
}

/// Feeds two sinks: the rowan tree and the tables, in one run of the grammar.
pub(crate) struct Both<'a, A>(pub(crate) &'a mut A, pub(crate) &'a mut FlatSink);

impl<A: Sink<SyntaxKind>> Sink<SyntaxKind> for Both<'_, A> {
    fn start_node(&mut self, kind: SyntaxKind) {
        self.0.start_node(kind);
        self.1.start_node(kind);
    }
    fn finish_node(&mut self) {
        self.0.finish_node();
        self.1.finish_node();
    }
    fn token(&mut self, kind: SyntaxKind, text: &str) {
        self.0.token(kind, text);
        self.1.token(kind, text);
    }
    fn lexed_token(&mut self, kind: SyntaxKind, lexed: &crate::Lexed<'_, SyntaxKind>, i: usize) {
        self.0.lexed_token(kind, lexed, i);
        self.1.lexed_token(kind, lexed, i);
    }
}
