//! What a PGN file's lossless tree holds: its elements, and the memory of its unique nodes
//! and tokens (rowan shares equal small nodes and tokens, so a tree is smaller than its
//! element count says). `cargo run --release -p kifu-syntax --example tree_stats -- FILE`.
use std::collections::{HashMap, HashSet};

use rowan::{GreenNodeData, GreenTokenData, NodeOrToken};

/// rowan's allocation of a green node: its reference count, kind, length and child count
/// (24 bytes), and 16 bytes per child; of a token, the same head and its text.
const HEAD: usize = 24;
const CHILD: usize = 16;

fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let text = String::from_utf8_lossy(&std::fs::read(&path).expect("readable")).into_owned();
    let parse = kifu_syntax::pgn::parse(&text);
    let (mut nodes, mut tokens) = (0usize, 0usize);
    for element in parse.syntax().descendants_with_tokens() {
        match element {
            NodeOrToken::Node(_) => nodes += 1,
            NodeOrToken::Token(_) => tokens += 1,
        }
    }
    println!(
        "{} bytes: {nodes} nodes and {tokens} tokens ({:.0} elements per MB)",
        text.len(),
        (nodes + tokens) as f64 / (text.len() as f64 / 1e6)
    );
    // Unique nodes and tokens, by address, with the bytes each kind of node holds.
    let mut seen_nodes: HashSet<*const GreenNodeData> = HashSet::new();
    let mut seen_tokens: HashSet<*const GreenTokenData> = HashSet::new();
    let mut by_kind: HashMap<u16, (usize, usize, usize)> = HashMap::new();
    let mut token_bytes = 0usize;
    let mut stack = vec![parse.green().clone()];
    while let Some(node) = stack.pop() {
        for child in node.children() {
            match child {
                NodeOrToken::Node(n) => {
                    if seen_nodes.insert(n as *const _) {
                        let entry = by_kind.entry(n.kind().0).or_default();
                        entry.0 += 1;
                        entry.1 += n.children().len();
                        entry.2 += HEAD + CHILD * n.children().len();
                        stack.push(n.to_owned());
                    }
                }
                NodeOrToken::Token(t) => {
                    if seen_tokens.insert(t as *const _) {
                        token_bytes += HEAD + t.text().len();
                    }
                }
            }
        }
    }
    let root = HEAD + CHILD * parse.green().children().len();
    let node_bytes: usize = by_kind.values().map(|v| v.2).sum::<usize>() + root;
    let mib = |b: usize| b as f64 / (1 << 20) as f64;
    println!(
        "unique: {} nodes ({:.1} MiB), {} tokens ({:.1} MiB); {:.2} bytes of tree per byte of text",
        seen_nodes.len(),
        mib(node_bytes),
        seen_tokens.len(),
        mib(token_bytes),
        (node_bytes + token_bytes) as f64 / text.len() as f64
    );
    let mut kinds: Vec<_> = by_kind.into_iter().collect();
    kinds.sort_by_key(|(_, v)| std::cmp::Reverse(v.2));
    for (kind, (count, children, bytes)) in kinds.into_iter().take(8) {
        let name = format!(
            "{:?}",
            <kifu_syntax::pgn::PgnLanguage as rowan::Language>::kind_from_raw(rowan::SyntaxKind(
                kind
            ))
        );
        println!(
            "  {name:<16} {count:>8} unique, {children:>9} children, {:>6.1} MiB",
            mib(bytes)
        );
    }
}
