//! The `.rast` dump: errors first, then the indented tree. Used by snapshot tests and
//! `kifu tree`.

use std::fmt::Write;

use crate::SyntaxError;

/// Renders errors and the tree under `root` in the `.rast` format.
pub fn debug_dump<L: rowan::Language>(
    root: &rowan::SyntaxNode<L>,
    errors: &[SyntaxError],
) -> String {
    let mut out = String::new();
    let _ = write_debug_dump(&mut out, root, errors);
    out
}

/// Writes errors and the tree under `root` in the `.rast` format to `out` as it goes (the
/// dump of a deep tree is much larger than the tree: `kifu tree` streams it).
///
/// Walks the tree with an explicit event stream, so deep trees cannot overflow the stack.
pub fn write_debug_dump<L: rowan::Language>(
    out: &mut impl Write,
    root: &rowan::SyntaxNode<L>,
    errors: &[SyntaxError],
) -> std::fmt::Result {
    for error in errors {
        writeln!(
            out,
            "{}[{}] {:?}: {}",
            error.severity().as_str(),
            error.code.as_str(),
            error.range,
            error.message
        )?;
        for related in &error.related {
            writeln!(out, "  note {:?}: {}", related.range, related.message)?;
        }
    }
    if !errors.is_empty() {
        out.write_char('\n')?;
    }
    let mut depth = 0usize;
    for event in root.preorder_with_tokens() {
        match event {
            rowan::WalkEvent::Enter(element) => {
                for _ in 0..depth {
                    out.write_str("  ")?;
                }
                match element {
                    rowan::NodeOrToken::Node(node) => {
                        writeln!(out, "{:?}@{:?}", node.kind(), node.text_range())?;
                    }
                    rowan::NodeOrToken::Token(token) => {
                        writeln!(
                            out,
                            "{:?}@{:?} {:?}",
                            token.kind(),
                            token.text_range(),
                            token.text()
                        )?;
                    }
                }
                depth += 1;
            }
            rowan::WalkEvent::Leave(_) => depth -= 1,
        }
    }
    Ok(())
}
