//! The tables of an SGF text read straight from its bytes, for the texts in which the
//! grammar finds nothing to report: nearly every game record. The grammar's way (a token
//! list, then its events into the tables' sink) was a third of `kifu check`'s work on a
//! directory of Go games, for a text whose every byte is `;`, an identifier or a bracketed
//! value. At the first byte that could make the grammar say something (or read the text
//! another way) this gives up, and the grammar reads the text; a test holds the tables of
//! every text read this way equal to the grammar's.

use rowan::{TextRange, TextSize};

use super::{Child, Flat, Letters, Node, Prop, Tree};
use crate::sgf::lexer::is_space;
use crate::sgf::parser::swallowed_node;

/// How deeply game trees may nest here: well inside the grammar's own cap
/// ([`crate::sgf::MAX_GAME_TREE_DEPTH`]), past which it reports them.
const MAX_DEPTH: usize = crate::sgf::MAX_GAME_TREE_DEPTH / 2;

/// The tables of `text`, when it is one or more game trees in which the grammar would find
/// nothing to report; `None` for any other text.
pub(crate) fn scan(text: &str) -> Option<Flat> {
    let bytes = text.as_bytes();
    // A move's node, `;B[dq]`, is six or seven bytes.
    let mut scanner = Scanner {
        text,
        flat: Flat::with_room(bytes.len() / 6 + 1),
    };
    let mut i = skip_space(bytes, 0);
    if i == bytes.len() {
        // No game tree: the grammar says so.
        return None;
    }
    while i < bytes.len() {
        if bytes[i] != b'(' {
            return None;
        }
        i = skip_space(bytes, scanner.tree(i, 1)?);
    }
    Some(scanner.flat)
}

struct Scanner<'t> {
    text: &'t str,
    flat: Flat,
}

fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
}

fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && is_space(bytes[i]) {
        i += 1;
    }
    i
}

impl Scanner<'_> {
    /// The game tree whose `(` is at `open`, `depth` trees deep; where it ends.
    fn tree(&mut self, open: usize, depth: usize) -> Option<usize> {
        if depth > MAX_DEPTH {
            return None;
        }
        let bytes = self.text.as_bytes();
        let flat = &mut self.flat;
        let tree = flat.trees.len() as u32;
        if depth == 1 {
            flat.games.push(tree);
        }
        let item = flat.items.len() as u32;
        flat.items.push(Child::Tree(tree));
        flat.trees.push(Tree {
            range: TextRange::empty(TextSize::from(open as u32)),
            items: item..item + 1,
        });
        // A node first: not `()`, `((` or text.
        let mut i = skip_space(bytes, open + 1);
        if bytes.get(i) != Some(&b';') {
            return None;
        }
        let mut seen_variation = false;
        let end = loop {
            match *bytes.get(i)? {
                b';' if !seen_variation => i = self.node(i)?,
                b'(' => {
                    seen_variation = true;
                    i = self.tree(i, depth + 1)?;
                }
                b')' => break i + 1,
                // A node after a variation, stray text, values without an identifier.
                _ => return None,
            }
            i = skip_space(bytes, i);
        };
        let flat = &mut self.flat;
        let items_end = flat.items.len() as u32;
        let tree = &mut flat.trees[tree as usize];
        tree.range = range(open, end);
        tree.items.end = items_end;
        Some(end)
    }

    /// The node whose `;` is at `at`; where it ends (after its last value).
    fn node(&mut self, at: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let node = self.flat.nodes.len() as u32;
        self.flat.items.push(Child::Node(node));
        let first = self.flat.properties.len() as u32;
        let mut end = at + 1;
        loop {
            let i = skip_space(bytes, end);
            match bytes.get(i) {
                Some(b) if b.is_ascii_alphabetic() => end = self.property(i)?,
                Some(b';' | b'(' | b')') | None => break,
                // Values without an identifier, stray text.
                Some(_) => return None,
            }
        }
        let properties = first..self.flat.properties.len() as u32;
        self.flat.nodes.push(Node {
            range: range(at, end),
            properties,
            letters: Letters::default(),
        });
        debug_assert_eq!(self.flat.nodes.len() as u32, node + 1);
        Some(end)
    }

    /// The property whose identifier starts at `at`; where its last value ends.
    fn property(&mut self, at: usize) -> Option<usize> {
        let bytes = self.text.as_bytes();
        let mut ident_end = at;
        while ident_end < bytes.len() && bytes[ident_end].is_ascii_alphabetic() {
            ident_end += 1;
        }
        let first = self.flat.values.len() as u32;
        let mut i = skip_space(bytes, ident_end);
        let mut end = None;
        while bytes.get(i) == Some(&b'[') {
            let (value_end, semicolon) = value_end(bytes, i)?;
            // What the grammar would read as a `]` left out. (One written unescaped, `C[a
            // [b] c]`, needs no test: the `]` that follows the value early stops this
            // reading wherever it stands, being neither space, identifier, value nor a
            // node's end.)
            if semicolon && swallowed_node(&self.text[i..value_end]).is_some() {
                return None;
            }
            self.flat.values.push(range(i, value_end));
            end = Some(value_end);
            i = skip_space(bytes, value_end);
        }
        // No value: the grammar says so.
        let end = end?;
        self.flat.properties.push(Prop {
            ident: Some(range(at, ident_end)),
            range: range(at, end),
            values: first..self.flat.values.len() as u32,
        });
        Some(end)
    }
}

/// Where the value whose `[` is at `open` ends, after its `]` (a backslash escapes the next
/// byte), and whether it holds a `;`; `None` when it is not closed. Byte by byte: most
/// values are a move's two letters, for which `memchr`'s calls (one for the end, one for a
/// `;`) cost more than the loop, and were two thirds of this reading.
fn value_end(bytes: &[u8], open: usize) -> Option<(usize, bool)> {
    let mut i = open + 1;
    let mut semicolon = false;
    while i < bytes.len() {
        match bytes[i] {
            b']' => return Some((i + 1, semicolon)),
            b'\\' => {
                // An escaped `;` is one too, for the grammar's look at the value's text.
                semicolon |= bytes.get(i + 1) == Some(&b';');
                i += 2;
            }
            b';' => {
                semicolon = true;
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}
