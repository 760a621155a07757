//! Counts the tokens and nodes of a PGN file's tree: `cargo run --example tree_stats -- FILE`.
fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let text = String::from_utf8_lossy(&std::fs::read(&path).expect("readable")).into_owned();
    let parse = kifu_syntax::pgn::parse(&text);
    let (mut nodes, mut tokens, mut ws) = (0usize, 0usize, 0usize);
    for element in parse.syntax().descendants_with_tokens() {
        match element {
            rowan::NodeOrToken::Node(_) => nodes += 1,
            rowan::NodeOrToken::Token(t) => {
                tokens += 1;
                if t.kind() == kifu_syntax::pgn::SyntaxKind::WHITESPACE {
                    ws += 1;
                }
            }
        }
    }
    println!(
        "{} bytes: {nodes} nodes, {tokens} tokens ({ws} white space)",
        text.len()
    );
}
