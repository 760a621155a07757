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
    parse_with_tables(text).0
}

/// [`parse`], and the text's game trees, nodes and properties as tables (which the checks
/// read, filled in the same run of the grammar).
pub fn parse_with_tables(text: &str) -> (Parse, flat::Flat) {
    let lexed = lex(text);
    let mut builder = crate::sink::TokenSharingBuilder::new();
    let mut tables = flat::FlatSink::for_tokens(lexed.len());
    let errors = parser::parse_collection(&lexed, &mut flat::Both(&mut builder, &mut tables));
    let (tables, errors) = checked(tables.finish(), errors, text);
    (Parse::new(builder.finish(), errors), tables)
}

/// What [`parse`] finds in an SGF text, and its game trees, nodes and properties as tables,
/// with no tree built: what `kifu check` needs.
/// A text in which the grammar finds nothing to report (nearly every game record) is read
/// straight into the tables, without tokens or the grammar (`flat::scan`).
pub fn parse_flat(text: &str) -> (flat::Flat, Vec<crate::SyntaxError>) {
    if let Some(tables) = flat::scan(text) {
        return checked(tables, Vec::new(), text);
    }
    let (tables, errors) = grammar_flat(text);
    checked(tables, errors, text)
}

/// The tables and the syntax errors of `text` as the grammar reads it.
fn grammar_flat(text: &str) -> (flat::Flat, Vec<crate::SyntaxError>) {
    let lexed = lex(text);
    let mut tables = flat::FlatSink::for_tokens(lexed.len());
    let errors = parser::parse_collection(&lexed, &mut tables);
    (tables.finish(), errors)
}

/// The tables, and the grammar's `errors` with what the checks find, in text order.
fn checked(
    mut tables: flat::Flat,
    mut errors: Vec<crate::SyntaxError>,
    text: &str,
) -> (flat::Flat, Vec<crate::SyntaxError>) {
    tables.mark_moves(text);
    errors.extend(checks::check(&tables, text));
    errors.sort_by_key(|e| e.range.start());
    (tables, errors)
}

#[cfg(test)]
mod tests;
