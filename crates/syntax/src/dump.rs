//! The `.rast` dump: errors first, then the indented tree. Used by snapshot tests and
//! `kifu tree`.

use std::fmt::Write;

use crate::SyntaxError;

/// Renders errors and the tree under `root` in the `.rast` format.
///
/// Walks the tree with an explicit event stream, so deep trees cannot overflow the stack.
pub fn debug_dump<L: rowan::Language>(
    root: &rowan::SyntaxNode<L>,
    errors: &[SyntaxError],
) -> String {
    let mut out = String::new();
    for error in errors {
        let _ = writeln!(
            out,
            "{}[{}] {:?}: {}",
            error.severity().as_str(),
            error.code.as_str(),
            error.range,
            error.message
        );
        for related in &error.related {
            let _ = writeln!(out, "  note {:?}: {}", related.range, related.message);
        }
    }
    if !errors.is_empty() {
        out.push('\n');
    }
    let mut depth = 0usize;
    for event in root.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(element) => {
                for _ in 0..depth {
                    out.push_str("  ");
                }
                match element {
                    rowan::NodeOrToken::Node(node) => {
                        let _ = writeln!(out, "{:?}@{:?}", node.kind(), node.text_range());
                    }
                    rowan::NodeOrToken::Token(token) => {
                        let _ = writeln!(
                            out,
                            "{:?}@{:?} {:?}",
                            token.kind(),
                            token.text_range(),
                            token.text()
                        );
                    }
                }
                depth += 1;
            }
            rowan::WalkEvent::Leave(_) => depth -= 1,
        }
    }
    out
}
