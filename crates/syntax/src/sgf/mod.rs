//! SGF, the Smart Game Format (FF[4]) of Go records: lexer, parser, tree, typed AST, value
//! decoding and checks.
//!
//! ```
//! let parse = kifu_syntax::sgf::parse("(;GM[1]FF[4]SZ[19];B[pd];W[dp])");
//! assert!(parse.errors().is_empty());
//! ```

pub mod ast;
pub mod checks;
pub mod flat;
mod lexer;
mod parser;
pub mod properties;
mod syntax_kind;

pub use lexer::{lex, Lexed};
pub use parser::MAX_GAME_TREE_DEPTH;
pub use syntax_kind::{SgfLanguage, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};

/// The result of parsing an SGF text: a lossless tree and its diagnostics (syntax errors
/// and the results of the checks, in text order).
pub type Parse = crate::Parse<SgfLanguage>;

impl crate::Parse<SgfLanguage> {
    /// The typed view of the root.
    pub fn collection(&self) -> ast::Collection {
        ast::Collection::cast(self.syntax()).expect("the root is a COLLECTION")
    }
}

/// Parses an SGF text and runs the checks. Never fails.
pub fn parse(text: &str) -> Parse {
    let lexed = lex(text);
    let mut builder = crate::sink::TokenSharingBuilder::new();
    let mut tables = flat::FlatSink::for_tokens(lexed.len());
    let mut errors = parser::parse_collection(&lexed, &mut flat::Both(&mut builder, &mut tables));
    let green = builder.finish();
    errors.extend(checks::check(&tables.finish(), text));
    errors.sort_by_key(|e| e.range.start());
    Parse::new(green, errors)
}

/// What [`parse`] finds in an SGF text, and its game trees, nodes and properties as tables,
/// with no tree built: what `kifu check` needs.
pub fn parse_flat(text: &str) -> (flat::Flat, Vec<crate::SyntaxError>) {
    let lexed = lex(text);
    let mut tables = flat::FlatSink::for_tokens(lexed.len());
    let mut errors = parser::parse_collection(&lexed, &mut tables);
    let tables = tables.finish();
    errors.extend(checks::check(&tables, text));
    errors.sort_by_key(|e| e.range.start());
    (tables, errors)
}

#[cfg(test)]
mod tests;
