//! SGF, the Smart Game Format (FF[4]) of Go records: lexer, parser, tree, typed AST, value
//! decoding and checks.
//!
//! ```
//! let parse = kifu_syntax::sgf::parse("(;GM[1]FF[4]SZ[19];B[pd];W[dp])");
//! assert!(parse.errors().is_empty());
//! ```

pub mod ast;
pub mod checks;
mod lexer;
mod parser;
pub mod properties;
mod syntax_kind;

use rowan::GreenNode;

pub use lexer::{lex, Lexed};
pub use parser::MAX_GAME_TREE_DEPTH;
pub use syntax_kind::{SgfLanguage, SyntaxKind, SyntaxNode, SyntaxToken};

use crate::SyntaxError;

/// The result of parsing an SGF text: a lossless tree and its diagnostics (syntax errors
/// and the results of the checks, in text order).
#[derive(Debug, Clone)]
pub struct Parse {
    green: GreenNode,
    errors: Vec<SyntaxError>,
}

impl Parse {
    /// The root of the tree, a `COLLECTION`.
    pub fn syntax(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }

    /// The diagnostics, in the order of the text.
    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// The typed view of the root.
    pub fn collection(&self) -> ast::Collection {
        ast::Collection::cast(self.syntax()).expect("the root is a COLLECTION")
    }

    /// The `.rast` dump: diagnostics, then the tree.
    pub fn debug_dump(&self) -> String {
        crate::debug_dump(&self.syntax(), &self.errors)
    }
}

/// Parses an SGF text and runs the checks. Never fails.
pub fn parse(text: &str) -> Parse {
    let lexed = lex(text);
    let mut builder = crate::sink::TokenSharingBuilder::new();
    let mut errors = parser::parse_collection(&lexed, &mut builder);
    let green = builder.finish();
    errors.extend(checks::check(&green));
    errors.sort_by_key(|e| e.range.start());
    Parse { green, errors }
}

#[cfg(test)]
mod tests;
