//! The language server: the document store and the LSP handlers.

use std::collections::{HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use kifu_ide::{
    Document, FoldKind, HighlightKind, Notation, Severity, Symbol, SymbolKind as IdeSymbolKind,
};
use tokio::sync::mpsc;
use tower_lsp::jsonrpc::{Error, Result};
use tower_lsp::lsp_types::*;
use tower_lsp::{Client, LanguageServer, LspService, Server};

use crate::convert::{Encoding, LineIndex, Positions};

/// One open document.
struct OpenDocument {
    version: i32,
    document: Document,
    index: LineIndex,
}

impl OpenDocument {
    fn new(version: i32, document: Document) -> OpenDocument {
        let index = LineIndex::new(document.text());
        OpenDocument {
            version,
            document,
            index,
        }
    }
}

/// Everything the handlers share. Changes are applied under the lock with no `.await`
/// between reading and writing a document, so they apply in the order received.
struct State {
    documents: HashMap<Url, OpenDocument>,
    encoding: Encoding,
    /// Diagnostic codes the user switched off.
    disabled: HashSet<String>,
}

/// Diagnostics to publish, in the order they were computed: one task sends them, so a
/// document's diagnostics are never sent out of version order.
type Outbox = mpsc::UnboundedSender<(Url, Vec<Diagnostic>, Option<i32>)>;

struct Backend {
    state: Arc<Mutex<State>>,
    outbox: Outbox,
}

/// Runs the server on stdin and stdout; returns the exit status.
pub async fn serve_stdio() -> i32 {
    let (input, seen) = crate::transport::filter(tokio::io::stdin());
    let (outbox, mut queue) = mpsc::unbounded_channel::<(Url, Vec<Diagnostic>, Option<i32>)>();
    let (service, socket) = LspService::build(|client: Client| {
        let sender = client.clone();
        tokio::spawn(async move {
            while let Some((uri, diagnostics, version)) = queue.recv().await {
                sender.publish_diagnostics(uri, diagnostics, version).await;
            }
        });
        Backend {
            state: Arc::new(Mutex::new(State {
                documents: HashMap::new(),
                encoding: Encoding::Utf16,
                disabled: HashSet::new(),
            })),
            outbox,
        }
    })
    .custom_method("kifu/syntaxTree", Backend::syntax_tree)
    .finish();
    Server::new(input, tokio::io::stdout(), socket)
        .serve(service)
        .await;
    if seen.shutdown.load(Ordering::SeqCst) {
        0
    } else {
        1
    }
}

fn notation_of(uri: &Url, language_id: Option<&str>) -> Notation {
    language_id
        .and_then(Notation::from_name)
        .or_else(|| uri.path().rsplit('.').next().and_then(Notation::from_name))
        .unwrap_or(Notation::Pgn)
}

/// The document after one content change. Positions are clamped to the text and to character
/// boundaries, so a change always applies: the server's text stays the editor's.
fn apply_change(
    doc: &OpenDocument,
    change: &TextDocumentContentChangeEvent,
    encoding: Encoding,
    version: i32,
) -> OpenDocument {
    let document = match change.range {
        Some(range) => {
            let positions = Positions {
                index: &doc.index,
                encoding,
            };
            let start = positions.offset(range.start);
            let end = positions.offset(range.end).max(start);
            doc.document
                .edited(kifu_ide::TextRange::new(start, end), &change.text)
        }
        None => Document::new(doc.document.notation(), change.text.clone()),
    };
    OpenDocument::new(version, document)
}

/// Runs an editor feature, turning a panic into an error answer: one bad request must not
/// take the server down.
fn guarded<T>(work: impl FnOnce() -> T) -> Result<T> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|_| {
        let mut error = Error::internal_error();
        error.message =
            "kifu: internal error while answering this request (the server goes on)".into();
        error
    })
}

impl State {
    fn positions<'a>(&self, doc: &'a OpenDocument) -> Positions<'a> {
        Positions {
            index: &doc.index,
            encoding: self.encoding,
        }
    }

    fn diagnostics(&self, uri: &Url, doc: &OpenDocument) -> Vec<Diagnostic> {
        let positions = self.positions(doc);
        doc.document
            .diagnostics()
            .iter()
            .filter(|d| !self.disabled.contains(d.code.as_str()))
            .map(|d| Diagnostic {
                range: positions.range(d.range),
                severity: Some(match d.severity() {
                    Severity::Error => DiagnosticSeverity::ERROR,
                    Severity::Warning => DiagnosticSeverity::WARNING,
                    Severity::Info => DiagnosticSeverity::INFORMATION,
                    Severity::Hint => DiagnosticSeverity::HINT,
                }),
                code: Some(NumberOrString::String(d.code.as_str().to_string())),
                source: Some("kifu".into()),
                message: d.message.clone(),
                related_information: (!d.related.is_empty()).then(|| {
                    d.related
                        .iter()
                        .map(|r| DiagnosticRelatedInformation {
                            location: Location::new(uri.clone(), positions.range(r.range)),
                            message: r.message.clone(),
                        })
                        .collect()
                }),
                ..Diagnostic::default()
            })
            .collect()
    }
}

/// The parameters of `kifu/syntaxTree`.
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct SyntaxTreeParams {
    text_document: TextDocumentIdentifier,
}

impl Backend {
    /// `kifu/syntaxTree`: the document's tree in the `.rast` format (the editor's "show the
    /// syntax tree" command).
    async fn syntax_tree(&self, params: SyntaxTreeParams) -> Result<String> {
        self.with_document(&params.text_document.uri, |_, doc| {
            doc.document.syntax_tree()
        })
    }

    /// Queues the diagnostics of `uri` (under the lock, so in version order).
    fn publish(&self, state: &State, uri: &Url) {
        if let Some(doc) = state.documents.get(uri) {
            let diagnostics = state.diagnostics(uri, doc);
            let _ = self
                .outbox
                .send((uri.clone(), diagnostics, Some(doc.version)));
        }
    }

    fn with_document<T: Default>(
        &self,
        uri: &Url,
        work: impl FnOnce(&State, &OpenDocument) -> T,
    ) -> Result<T> {
        let state = self.state.lock().map_err(|_| Error::internal_error())?;
        match state.documents.get(uri) {
            // Unknown documents get an empty answer, not an error.
            None => Ok(T::default()),
            Some(doc) => guarded(|| work(&state, doc)),
        }
    }

    fn set_disabled(&self, settings: &serde_json::Value) {
        let codes = settings
            .pointer("/diagnostics/disabled")
            .or_else(|| settings.pointer("/kifu/diagnostics/disabled"))
            .and_then(|v| v.as_array());
        if let Some(codes) = codes {
            if let Ok(mut state) = self.state.lock() {
                state.disabled = codes
                    .iter()
                    .filter_map(|c| c.as_str().map(str::to_string))
                    .collect();
                let uris: Vec<Url> = state.documents.keys().cloned().collect();
                for uri in uris {
                    self.publish(&state, &uri);
                }
            }
        }
    }
}

/// The semantic token types, in the order of [`token_type`].
const TOKEN_TYPES: [SemanticTokenType; 8] = [
    SemanticTokenType::FUNCTION,
    SemanticTokenType::NUMBER,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::COMMENT,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::STRING,
    SemanticTokenType::KEYWORD,
    SemanticTokenType::MACRO,
];

/// The index in [`TOKEN_TYPES`] of a highlight.
fn token_type(kind: HighlightKind) -> u32 {
    match kind {
        HighlightKind::Move => 0,
        HighlightKind::MoveNumber => 1,
        HighlightKind::Annotation => 2,
        HighlightKind::Comment => 3,
        HighlightKind::Property => 4,
        HighlightKind::Value => 5,
        HighlightKind::Result => 6,
        HighlightKind::Setup => 7,
    }
}

/// Semantic tokens for the highlights that overlap `within`, split at line breaks (LSP
/// tokens stay on one line), as LSP's relative encoding.
fn semantic_tokens(
    doc: &OpenDocument,
    positions: &Positions<'_>,
    within: Option<kifu_ide::TextRange>,
) -> Vec<SemanticToken> {
    let text = doc.document.text();
    let mut tokens = Vec::new();
    let (mut last_line, mut last_start) = (0, 0);
    for (range, kind) in doc.document.highlights() {
        if within.is_some_and(|w| {
            w.intersect(range)
                .is_none_or(|r| r.is_empty() && !range.is_empty())
        }) {
            continue;
        }
        let mut start = usize::from(range.start());
        let end = usize::from(range.end());
        while start < end {
            // LSP lines end at `\n`, `\r\n` and a lone `\r`.
            let piece_end = text[start..end]
                .find(['\r', '\n'])
                .map_or(end, |i| start + i);
            if piece_end > start {
                let from = positions.position(kifu_ide::TextSize::from(start as u32));
                let to = positions.position(kifu_ide::TextSize::from(piece_end as u32));
                let delta_line = from.line - last_line;
                let delta_start = if delta_line == 0 {
                    from.character - last_start
                } else {
                    from.character
                };
                tokens.push(SemanticToken {
                    delta_line,
                    delta_start,
                    length: to.character - from.character,
                    token_type: token_type(kind),
                    token_modifiers_bitset: 0,
                });
                last_line = from.line;
                last_start = from.character;
            }
            start = piece_end
                + if text[piece_end..].starts_with("\r\n") {
                    2
                } else {
                    1
                };
        }
    }
    tokens
}

fn lsp_symbol(symbol: &Symbol, positions: &Positions<'_>) -> DocumentSymbol {
    #[allow(deprecated)]
    DocumentSymbol {
        name: symbol.name.clone(),
        detail: symbol.detail.clone(),
        kind: match symbol.kind {
            IdeSymbolKind::Game => SymbolKind::NAMESPACE,
            IdeSymbolKind::Variation => SymbolKind::STRUCT,
        },
        tags: None,
        deprecated: None,
        range: positions.range(symbol.range),
        selection_range: positions.range(symbol.selection_range),
        children: Some(
            symbol
                .children
                .iter()
                .map(|c| lsp_symbol(c, positions))
                .collect(),
        ),
    }
}

#[tower_lsp::async_trait]
impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let utf8 = params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_ref())
            .is_some_and(|encodings| encodings.contains(&PositionEncodingKind::UTF8));
        if let Ok(mut state) = self.state.lock() {
            state.encoding = if utf8 {
                Encoding::Utf8
            } else {
                Encoding::Utf16
            };
        }
        if let Some(options) = &params.initialization_options {
            self.set_disabled(options);
        }
        Ok(InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(if utf8 {
                    PositionEncodingKind::UTF8
                } else {
                    PositionEncodingKind::UTF16
                }),
                text_document_sync: Some(TextDocumentSyncCapability::Kind(
                    TextDocumentSyncKind::INCREMENTAL,
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
                document_symbol_provider: Some(OneOf::Left(true)),
                workspace_symbol_provider: Some(OneOf::Left(true)),
                selection_range_provider: Some(SelectionRangeProviderCapability::Simple(true)),
                semantic_tokens_provider: Some(
                    SemanticTokensServerCapabilities::SemanticTokensOptions(
                        SemanticTokensOptions {
                            legend: SemanticTokensLegend {
                                token_types: TOKEN_TYPES.to_vec(),
                                token_modifiers: Vec::new(),
                            },
                            range: Some(true),
                            full: Some(SemanticTokensFullOptions::Bool(true)),
                            ..SemanticTokensOptions::default()
                        },
                    ),
                ),
                ..ServerCapabilities::default()
            },
            server_info: Some(ServerInfo {
                name: "kifu".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
        })
    }

    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let item = params.text_document;
        let notation = notation_of(&item.uri, Some(&item.language_id));
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        let Ok(document) = guarded(|| Document::new(notation, item.text)) else {
            return;
        };
        state
            .documents
            .insert(item.uri.clone(), OpenDocument::new(item.version, document));
        self.publish(&state, &item.uri);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        let encoding = state.encoding;
        let Some(doc) = state.documents.get(&uri) else {
            return;
        };
        // Each change applies to the text the previous one left, through that text's index.
        let mut changed: Option<OpenDocument> = None;
        for change in &params.content_changes {
            let base = changed.as_ref().unwrap_or(doc);
            match guarded(|| apply_change(base, change, encoding, version)) {
                Ok(next) => changed = Some(next),
                Err(_) => return,
            }
        }
        match changed {
            Some(next) => {
                state.documents.insert(uri.clone(), next);
            }
            None => {
                if let Some(doc) = state.documents.get_mut(&uri) {
                    doc.version = version;
                }
            }
        }
        self.publish(&state, &uri);
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        if let Ok(mut state) = self.state.lock() {
            state.documents.remove(&uri);
            let _ = self.outbox.send((uri, Vec::new(), None));
        }
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        self.set_disabled(&params.settings);
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let uri = params.text_document_position_params.text_document.uri;
        let position = params.text_document_position_params.position;
        self.with_document(&uri, |state, doc| {
            let positions = state.positions(doc);
            let offset = positions.offset(position);
            doc.document.hover(offset).map(|hover| Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: hover.markdown,
                }),
                range: Some(positions.range(hover.range)),
            })
        })
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        self.with_document(&params.text_document.uri, |state, doc| {
            let positions = state.positions(doc);
            Some(
                doc.document
                    .folding_ranges()
                    .iter()
                    .map(|fold| {
                        let range = positions.range(fold.range);
                        FoldingRange {
                            start_line: range.start.line,
                            start_character: None,
                            end_line: range.end.line,
                            end_character: None,
                            kind: Some(match fold.kind {
                                FoldKind::Region => FoldingRangeKind::Region,
                                FoldKind::Comment => FoldingRangeKind::Comment,
                            }),
                            collapsed_text: None,
                        }
                    })
                    .collect(),
            )
        })
    }

    async fn selection_range(
        &self,
        params: SelectionRangeParams,
    ) -> Result<Option<Vec<SelectionRange>>> {
        self.with_document(&params.text_document.uri, |state, doc| {
            let positions = state.positions(doc);
            Some(
                params
                    .positions
                    .iter()
                    .map(|position| {
                        let offset = positions.offset(*position);
                        let ranges = doc.document.selection_ranges(offset);
                        // Outermost first, each the parent of the next.
                        let mut selection: Option<SelectionRange> = None;
                        for range in ranges.iter().rev() {
                            selection = Some(SelectionRange {
                                range: positions.range(*range),
                                parent: selection.map(Box::new),
                            });
                        }
                        selection.unwrap_or(SelectionRange {
                            range: Range::new(*position, *position),
                            parent: None,
                        })
                    })
                    .collect(),
            )
        })
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        self.with_document(&params.text_document.uri, |state, doc| {
            let positions = state.positions(doc);
            Some(SemanticTokensResult::Tokens(SemanticTokens {
                result_id: None,
                data: semantic_tokens(doc, &positions, None),
            }))
        })
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        self.with_document(&params.text_document.uri, |state, doc| {
            let positions = state.positions(doc);
            let within = kifu_ide::TextRange::new(
                positions.offset(params.range.start),
                positions
                    .offset(params.range.end)
                    .max(positions.offset(params.range.start)),
            );
            Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
                result_id: None,
                data: semantic_tokens(doc, &positions, Some(within)),
            }))
        })
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<Vec<SymbolInformation>>> {
        let query = params.query.to_lowercase();
        let state = self.state.lock().map_err(|_| Error::internal_error())?;
        guarded(|| {
            let mut found = Vec::new();
            for (uri, doc) in &state.documents {
                let positions = state.positions(doc);
                for symbol in doc.document.symbols() {
                    let haystack =
                        format!("{} {}", symbol.name, symbol.detail.as_deref().unwrap_or(""))
                            .to_lowercase();
                    if query.split_whitespace().all(|word| haystack.contains(word)) {
                        #[allow(deprecated)]
                        found.push(SymbolInformation {
                            name: symbol.name.clone(),
                            kind: SymbolKind::NAMESPACE,
                            tags: None,
                            deprecated: None,
                            location: Location::new(
                                uri.clone(),
                                positions.range(symbol.selection_range),
                            ),
                            container_name: symbol.detail.clone(),
                        });
                    }
                }
            }
            found.sort_by(|a, b| {
                a.location.uri.as_str().cmp(b.location.uri.as_str()).then(
                    a.location
                        .range
                        .start
                        .line
                        .cmp(&b.location.range.start.line),
                )
            });
            Some(found)
        })
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.with_document(&params.text_document.uri, |state, doc| {
            let positions = state.positions(doc);
            let symbols = doc.document.symbols();
            Some(DocumentSymbolResponse::Nested(
                symbols.iter().map(|s| lsp_symbol(s, &positions)).collect(),
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_answer() {
        let answer: Result<()> = guarded(|| panic!("a bug"));
        let error = answer.expect_err("the panic is caught");
        assert_eq!(error.code, tower_lsp::jsonrpc::ErrorCode::InternalError);
        assert_eq!(guarded(|| 7).ok(), Some(7));
    }

    #[test]
    fn notation_by_language_id_then_extension() {
        let uri = |s: &str| Url::parse(s).unwrap();
        assert_eq!(
            notation_of(&uri("file:///a.txt"), Some("sgf")),
            Notation::Sgf
        );
        assert_eq!(
            notation_of(&uri("file:///a.pdn"), Some("plaintext")),
            Notation::Pdn
        );
        assert_eq!(notation_of(&uri("file:///a.txt"), None), Notation::Pgn);
    }
}
