//! kifu's own requests, beyond LSP (as rust-analyzer's `lsp/ext.rs`). Each is documented in
//! the README for other editors' clients.

use tower_lsp::jsonrpc::Result;
use tower_lsp::lsp_types::TextDocumentIdentifier;

use crate::server::Backend;

/// `kifu/syntaxTree`: the method name.
pub const SYNTAX_TREE: &str = "kifu/syntaxTree";

/// The parameters of `kifu/syntaxTree`.
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SyntaxTreeParams {
    text_document: TextDocumentIdentifier,
}

impl Backend {
    /// `kifu/syntaxTree`: the document's tree in the `.rast` format (the editor's "show the
    /// syntax tree" command).
    pub async fn syntax_tree(&self, params: SyntaxTreeParams) -> Result<String> {
        self.with_document(&params.text_document.uri, |_, document| {
            Ok(document.syntax_tree())
        })
    }
}
