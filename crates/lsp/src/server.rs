//! The language server: the document store and the LSP handlers.
//!
//! No panic stops it: every handler runs its work under [`guarded`], the store's lock is
//! taken back from a panic that poisoned it, and an edit whose re-parse panics is still
//! applied (a full parse, else the text alone), so the server's text is always the editor's.

use std::collections::{HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use kifu_ide::{
    Document, FoldKind, HighlightKind, Notation, Severity, Symbol, SymbolKind as IdeSymbolKind,
    TextRange,
};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::mpsc;
use tower_lsp::jsonrpc::{Error, Result};
use tower_lsp::lsp_types::*;
use tower_lsp::{Client, LanguageServer, LspService, Server};

use crate::convert::{Encoding, LineIndex, Positions};
use crate::requests::{self, Requests};
use crate::transport::{self, Output};

/// One open document.
struct OpenDocument {
    version: i32,
    notation: Notation,
    content: Content,
    index: LineIndex,
}

/// A document's text, parsed, or alone when parsing it panicked (a bug): its answers are then
/// empty, and the next edit parses again.
enum Content {
    Parsed(Document),
    Unparsed(String),
}

impl OpenDocument {
    /// Parses `text`, never failing: a panic leaves the text unparsed.
    fn parse(version: i32, notation: Notation, text: String) -> OpenDocument {
        // Kept for the case of a panic, which would drop the text with the parse.
        let kept = text.clone();
        let content = match guarded(move || {
            fault("parse", &text);
            Document::new(notation, text)
        }) {
            Ok(document) => Content::Parsed(document),
            Err(_) => Content::Unparsed(kept),
        };
        OpenDocument::new(version, notation, content)
    }

    fn new(version: i32, notation: Notation, content: Content) -> OpenDocument {
        let text = match &content {
            Content::Parsed(document) => document.text(),
            Content::Unparsed(text) => text,
        };
        OpenDocument {
            version,
            notation,
            index: LineIndex::new(text),
            content,
        }
    }

    fn text(&self) -> &str {
        match &self.content {
            Content::Parsed(document) => document.text(),
            Content::Unparsed(text) => text,
        }
    }

    fn document(&self) -> Option<&Document> {
        match &self.content {
            Content::Parsed(document) => Some(document),
            Content::Unparsed(_) => None,
        }
    }

    /// The document after one content change. Positions are clamped to the text and to
    /// character boundaries, so a change always applies: the text stays the editor's.
    fn changed(&self, change: &TextDocumentContentChangeEvent, encoding: Encoding) -> OpenDocument {
        let Some(range) = change.range else {
            return OpenDocument::parse(self.version, self.notation, change.text.clone());
        };
        let positions = Positions {
            index: &self.index,
            encoding,
        };
        let start = positions.offset(range.start);
        let end = positions.offset(range.end).max(start);
        let edit = TextRange::new(start, end);
        if let Some(document) = self.document() {
            let edited = guarded(|| {
                fault("edit", &change.text);
                document.edited(edit, &change.text)
            });
            match edited {
                Ok(document) => {
                    return OpenDocument::new(
                        self.version,
                        self.notation,
                        Content::Parsed(document),
                    )
                }
                Err(_) => eprintln!("kifu lsp: re-parsing an edit failed; parsing the whole text"),
            }
        }
        let mut text = self.text().to_string();
        text.replace_range(std::ops::Range::<usize>::from(edit), &change.text);
        OpenDocument::parse(self.version, self.notation, text)
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

/// What goes to the client outside answers, in the order it was made: one task sends it, so
/// a document's diagnostics are never sent out of version order.
enum Notice {
    Diagnostics(Url, Vec<Diagnostic>, Option<i32>),
    Log(String),
}

struct Backend {
    state: Arc<Mutex<State>>,
    notices: mpsc::UnboundedSender<Notice>,
}

/// Runs the server on stdin and stdout; returns the exit status.
pub async fn serve_stdio() -> i32 {
    serve(tokio::io::stdin(), tokio::io::stdout()).await
}

/// Runs the server on `input` and `output` until `exit` or the end of `input`; returns the
/// exit status: 0 after `shutdown`, 1 without.
pub async fn serve(
    input: impl AsyncRead + Unpin + Send + 'static,
    output: impl AsyncWrite + Unpin + Send + 'static,
) -> i32 {
    let (out, messages) = Output::new();
    let writer = tokio::spawn(transport::write(output, messages));
    let requests = Arc::new(Requests::default());
    let (server_input, seen) = transport::filter(input, out.clone(), Arc::clone(&requests));
    let (server_output, from_server) = tokio::io::duplex(1 << 20);
    let copier = tokio::spawn(transport::copy(from_server, out.clone()));
    let (notices, mut queue) = mpsc::unbounded_channel::<Notice>();
    let (service, socket) = LspService::build(|client: Client| {
        tokio::spawn(async move {
            while let Some(notice) = queue.recv().await {
                match notice {
                    Notice::Diagnostics(uri, diagnostics, version) => {
                        client.publish_diagnostics(uri, diagnostics, version).await
                    }
                    Notice::Log(message) => client.log_message(MessageType::ERROR, message).await,
                }
            }
        });
        Backend::new(notices)
    })
    .custom_method("kifu/syntaxTree", Backend::syntax_tree)
    .finish();
    let service = requests::Service::new(service, requests, out);
    Server::new(server_input, server_output, socket)
        .serve(service)
        .await;
    // tower-lsp's output has ended; the writer ends when the last message is out.
    let _ = copier.await;
    let _ = writer.await;
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

/// Runs an editor feature, turning a panic into an error answer: one bad request must not
/// take the server down. The panic itself is printed on stderr by the panic hook.
fn guarded<T>(work: impl FnOnce() -> T) -> Result<T> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let mut error = Error::internal_error();
        error.message = format!(
            "kifu: internal error while answering this request (the server goes on): {what}"
        )
        .into();
        error
    })
}

/// Where tests make the server fail as a bug would: when the text holds `kifu-test-POINT`,
/// a panic there, or (`wait`) a handler that works until it is cancelled. Nothing outside
/// tests.
#[cfg(test)]
fn fault(point: &str, text: &str) {
    if text.contains(&format!("kifu-test-{point}")) {
        if point == "wait" {
            let started = std::time::Instant::now();
            while !requests::cancelled() && started.elapsed().as_secs() < 20 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        } else {
            panic!("kifu-test: a fault at {point}");
        }
    }
}

#[cfg(not(test))]
fn fault(_point: &str, _text: &str) {}

impl State {
    fn positions<'a>(&self, doc: &'a OpenDocument) -> Positions<'a> {
        Positions {
            index: &doc.index,
            encoding: self.encoding,
        }
    }

    fn diagnostics(&self, uri: &Url, doc: &OpenDocument) -> Vec<Diagnostic> {
        let positions = self.positions(doc);
        let Some(document) = doc.document() else {
            return Vec::new();
        };
        fault("diagnostics", document.text());
        document
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
    /// A backend with no documents yet, sending what it publishes to `notices`.
    fn new(notices: mpsc::UnboundedSender<Notice>) -> Backend {
        Backend {
            state: Arc::new(Mutex::new(State {
                documents: HashMap::new(),
                encoding: Encoding::Utf16,
                disabled: HashSet::new(),
            })),
            notices,
        }
    }

    /// `kifu/syntaxTree`: the document's tree in the `.rast` format (the editor's "show the
    /// syntax tree" command).
    async fn syntax_tree(&self, params: SyntaxTreeParams) -> Result<String> {
        self.with_document(&params.text_document.uri, |_, document| {
            Ok(document.syntax_tree())
        })
    }

    /// The state, also after a panic that poisoned its lock: every change to it is a single
    /// insert or remove, so it is consistent at any panic.
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Says on stderr and in the client's log that something went wrong inside.
    fn log(&self, message: String) {
        eprintln!("kifu lsp: {message}");
        let _ = self.notices.send(Notice::Log(message));
    }

    /// Queues the diagnostics of `uri` (under the lock, so in version order).
    fn publish(&self, state: &State, uri: &Url) {
        let Some(doc) = state.documents.get(uri) else {
            return;
        };
        match guarded(|| state.diagnostics(uri, doc)) {
            Ok(diagnostics) => {
                let _ = self.notices.send(Notice::Diagnostics(
                    uri.clone(),
                    diagnostics,
                    Some(doc.version),
                ));
            }
            Err(error) => self.log(format!(
                "no diagnostics for {uri} version {}: {}",
                doc.version, error.message
            )),
        }
    }

    /// Runs `work` on a parsed document, guarded; an unknown (or unparsed) document gets an
    /// empty answer, a cancelled request -32800.
    fn with_document<T: Default>(
        &self,
        uri: &Url,
        work: impl FnOnce(&Positions<'_>, &Document) -> Result<T>,
    ) -> Result<T> {
        requests::check()?;
        let state = self.lock();
        let Some(doc) = state.documents.get(uri) else {
            return Ok(T::default());
        };
        let Some(document) = doc.document() else {
            return Ok(T::default());
        };
        let positions = state.positions(doc);
        guarded(|| work(&positions, document))?
    }

    fn set_disabled(&self, settings: &serde_json::Value) {
        let codes = settings
            .pointer("/diagnostics/disabled")
            .or_else(|| settings.pointer("/kifu/diagnostics/disabled"))
            .and_then(|v| v.as_array());
        if let Some(codes) = codes {
            let mut state = self.lock();
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

    /// Semantic tokens, full or in a range, answered as JSON text: a 100 MB document has
    /// tens of millions of numbers, which tower-lsp would hold as `serde_json::Value`s.
    fn semantic_tokens(
        &self,
        uri: &Url,
        range: Option<Range>,
    ) -> Result<Option<SemanticTokensResult>> {
        let json = self.with_document(uri, |positions, document| {
            let within = range.map(|range| {
                let start = positions.offset(range.start);
                TextRange::new(start, positions.offset(range.end).max(start))
            });
            encode_semantic_tokens(document, positions, within).map(Some)
        })?;
        let Some(json) = json else {
            return Ok(None);
        };
        match requests::answer_json(json) {
            // The service writes the JSON; this value is not sent.
            Ok(()) => Ok(None),
            // Outside the server's own service (not expected): decode it for tower-lsp.
            Err(json) => serde_json::from_slice(&json)
                .map(|tokens| Some(SemanticTokensResult::Tokens(tokens)))
                .map_err(|_| Error::internal_error()),
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

/// How many tokens are encoded between two checks for cancellation.
const TOKENS_PER_CHECK: usize = 4096;

/// `{"data":[...]}` for the highlights that overlap `within`, split at line breaks (LSP
/// tokens stay on one line), in LSP's relative encoding. Each token is encoded as the tree
/// walk yields it, positions come from a cursor that only moves forward, and nothing but the
/// JSON text is built; the work stops with -32800 when the request is cancelled.
fn encode_semantic_tokens(
    document: &Document,
    positions: &Positions<'_>,
    within: Option<TextRange>,
) -> Result<Vec<u8>> {
    let mut json = b"{\"data\":[".to_vec();
    let mut cursor = positions.cursor();
    let (mut last_line, mut last_start) = (0, 0);
    let mut first = true;
    for (n, (range, kind)) in document.highlights_within(within).enumerate() {
        if n % TOKENS_PER_CHECK == 0 {
            fault("wait", document.text());
            requests::check()?;
        }
        let mut start = range.start();
        while start < range.end() {
            let line = cursor.line_of(start);
            let (_, line_end) = cursor.line_bounds(line);
            let end = range.end().min(line_end);
            if end > start {
                let from = cursor.position(start);
                let to = cursor.position(end);
                let delta_line = from.line - last_line;
                let delta_start = if delta_line == 0 {
                    from.character - last_start
                } else {
                    from.character
                };
                let numbers = [
                    delta_line,
                    delta_start,
                    to.character - from.character,
                    token_type(kind),
                    0,
                ];
                for number in numbers {
                    if !first {
                        json.push(b',');
                    }
                    first = false;
                    push_number(&mut json, number);
                }
                last_line = from.line;
                last_start = from.character;
            }
            match cursor.line_start(line + 1) {
                Some(next) => start = next,
                None => break,
            }
        }
    }
    json.extend_from_slice(b"]}");
    Ok(json)
}

/// Writes `n` in decimal.
fn push_number(out: &mut Vec<u8>, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
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
        self.lock().encoding = if utf8 {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        };
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
        let mut state = self.lock();
        let doc = OpenDocument::parse(item.version, notation, item.text);
        if doc.document().is_none() {
            self.log(format!(
                "parsing {} failed; its answers are empty",
                item.uri
            ));
        }
        state.documents.insert(item.uri.clone(), doc);
        self.publish(&state, &item.uri);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        let mut state = self.lock();
        let encoding = state.encoding;
        let Some(doc) = state.documents.get(&uri) else {
            return;
        };
        // Each change applies to the text the previous one left, through that text's index.
        let mut changed: Option<OpenDocument> = None;
        for change in &params.content_changes {
            let base = changed.as_ref().unwrap_or(doc);
            changed = Some(base.changed(change, encoding));
        }
        if changed.as_ref().is_some_and(|doc| doc.document().is_none()) {
            self.log(format!("parsing {uri} failed; its answers are empty"));
        }
        match changed {
            Some(mut next) => {
                next.version = version;
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
        let mut state = self.lock();
        state.documents.remove(&uri);
        let _ = self
            .notices
            .send(Notice::Diagnostics(uri, Vec::new(), None));
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        self.set_disabled(&params.settings);
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let uri = params.text_document_position_params.text_document.uri;
        let position = params.text_document_position_params.position;
        self.with_document(&uri, |positions, document| {
            let offset = positions.offset(position);
            Ok(document.hover(offset).map(|hover| Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: hover.markdown,
                }),
                range: Some(positions.range(hover.range)),
            }))
        })
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        self.with_document(&params.text_document.uri, |positions, document| {
            Ok(Some(
                document
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
            ))
        })
    }

    async fn selection_range(
        &self,
        params: SelectionRangeParams,
    ) -> Result<Option<Vec<SelectionRange>>> {
        self.with_document(&params.text_document.uri, |positions, document| {
            Ok(Some(
                params
                    .positions
                    .iter()
                    .map(|position| {
                        let offset = positions.offset(*position);
                        let ranges = document.selection_ranges(offset);
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
            ))
        })
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        self.semantic_tokens(&params.text_document.uri, None)
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        Ok(self
            .semantic_tokens(&params.text_document.uri, Some(params.range))?
            .map(|result| match result {
                SemanticTokensResult::Tokens(tokens) => SemanticTokensRangeResult::Tokens(tokens),
                SemanticTokensResult::Partial(partial) => {
                    SemanticTokensRangeResult::Partial(partial)
                }
            }))
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<Vec<SymbolInformation>>> {
        requests::check()?;
        let query = params.query.to_lowercase();
        let state = self.lock();
        guarded(|| {
            let mut found = Vec::new();
            for (uri, doc) in &state.documents {
                requests::check()?;
                let Some(document) = doc.document() else {
                    continue;
                };
                let positions = state.positions(doc);
                for symbol in document.symbols() {
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
            Ok(Some(found))
        })?
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.with_document(&params.text_document.uri, |positions, document| {
            let symbols = document.symbols();
            requests::check()?;
            Ok(Some(DocumentSymbolResponse::Nested(
                symbols.iter().map(|s| lsp_symbol(s, positions)).collect(),
            )))
        })
    }
}

#[cfg(test)]
mod tests;
