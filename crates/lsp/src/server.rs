//! The language server: its state and the LSP handlers, each a few lines that convert from
//! LSP ([`crate::convert`]), call `kifu-ide`, and convert back ([`crate::to_proto`]).
//!
//! No panic stops it: every handler runs its work under [`guarded`], the state's lock is
//! taken back from a panic that poisoned it, and the store ([`crate::store`]) applies every
//! edit, so the server's text is always the editor's.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use kifu_ide::{Document, FormatOptions, HoverBoard, Notation, TextRange};
use tokio::io::AsyncWrite;
use tokio::sync::mpsc;
use tower_lsp::jsonrpc::{Error, Result};
use tower_lsp::lsp_types::*;
use tower_lsp::{Client, LanguageServer, LspService, Server};

use crate::capabilities;
use crate::convert::{Encoding, LineIndex, Positions};
use crate::ext;
use crate::guard::{fault, guarded};
use crate::requests::{self, Requests};
use crate::store::{notation_of, OpenDocument};
use crate::to_proto::{self, encode_semantic_tokens};
use crate::transport::{self, Output};

/// From this size, a PGN document that opens gets its diagnostics before its tree (see
/// `did_open`); below it, the tree is built in a few milliseconds anyway.
const FIRST_DIAGNOSTICS_BYTES: usize = 256 << 10;

/// Everything the handlers share. Changes are applied under the lock with no `.await`
/// between reading and writing a document, so they apply in the order received.
struct State {
    documents: HashMap<Url, OpenDocument>,
    encoding: Encoding,
    /// Diagnostic codes the user switched off.
    disabled: HashSet<String>,
    /// How hovers on moves show the board.
    hover_board: HoverBoard,
}

/// What goes to the client outside answers, in the order it was made: one task sends it, so
/// a document's diagnostics are never sent out of version order.
enum Notice {
    Diagnostics(Url, Vec<Diagnostic>, Option<i32>),
    Log(String),
}

/// The server: what tower-lsp calls.
pub struct Backend {
    state: Arc<Mutex<State>>,
    notices: mpsc::UnboundedSender<Notice>,
    /// Texts of large documents opened, which the filter takes out of their `didOpen`.
    opened: Arc<transport::Opened>,
}

/// Runs the server on stdin and stdout; returns the exit status.
pub async fn serve_stdio() -> i32 {
    serve(crate::stdin::Stdin::start(), tokio::io::stdout()).await
}

/// Runs the server on `input` and `output` until `exit` or the end of `input`; returns the
/// exit status: 0 after `shutdown`, 1 without.
pub async fn serve(
    input: impl transport::Input + 'static,
    output: impl AsyncWrite + Unpin + Send + 'static,
) -> i32 {
    let (out, messages) = Output::new();
    let writer = tokio::spawn(transport::write(output, messages));
    let requests = Arc::new(Requests::default());
    let opened = Arc::new(transport::Opened::default());
    let (server_input, seen) = transport::filter(
        input,
        out.clone(),
        Arc::clone(&requests),
        Arc::clone(&opened),
    );
    let (server_output, from_server) = tokio::io::duplex(1 << 20);
    let copier = tokio::spawn(transport::copy(from_server, out.clone()));
    let (notices, mut queue) = mpsc::unbounded_channel::<Notice>();
    let diagnostics_out = out.clone();
    let (service, socket) = LspService::build(|client: Client| {
        tokio::spawn(async move {
            while let Some(notice) = queue.recv().await {
                match notice {
                    // Straight to the writer, not through tower-lsp's loop: that loop waits
                    // for the handler it is running, and a large document's first
                    // diagnostics are sent before its handler has built the tree.
                    Notice::Diagnostics(uri, diagnostics, version) => {
                        let params = PublishDiagnosticsParams {
                            uri,
                            diagnostics,
                            version,
                        };
                        if let Ok(params) = serde_json::to_string(&params) {
                            diagnostics_out.send(vec![format!(
                                "{{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{params}}}"
                            )
                            .into_bytes()]);
                        }
                    }
                    Notice::Log(message) => client.log_message(MessageType::ERROR, message).await,
                }
            }
        });
        Backend::new(notices, opened)
    })
    .custom_method(ext::SYNTAX_TREE, Backend::syntax_tree)
    .custom_method(ext::POSITION, Backend::position)
    .custom_method(ext::PLAY_MOVE, Backend::play_move)
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
        self.to_lsp(uri, document.diagnostics(), &positions)
    }

    /// Diagnostics as LSP has them, but for the codes the user switched off.
    fn to_lsp(
        &self,
        uri: &Url,
        found: &[kifu_ide::SyntaxError],
        positions: &Positions<'_>,
    ) -> Vec<Diagnostic> {
        found
            .iter()
            .filter(|d| !self.disabled.contains(d.code.as_str()))
            .map(|d| to_proto::diagnostic(d, uri, positions))
            .collect()
    }
}

impl Backend {
    /// A backend with no documents yet, sending what it publishes to `notices`.
    fn new(notices: mpsc::UnboundedSender<Notice>, opened: Arc<transport::Opened>) -> Backend {
        Backend {
            state: Arc::new(Mutex::new(State {
                documents: HashMap::new(),
                encoding: Encoding::Utf16,
                disabled: HashSet::new(),
                hover_board: HoverBoard::Text,
            })),
            notices,
            opened,
        }
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
    pub(crate) fn with_document<T: Default>(
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

    /// Applies the settings (initialization options or a configuration change).
    fn set_settings(&self, settings: &serde_json::Value) {
        let board = settings
            .pointer("/hover/board")
            .or_else(|| settings.pointer("/kifu/hover/board"))
            .and_then(|v| v.as_str());
        if let Some(board) = board.and_then(capabilities::hover_board) {
            self.lock().hover_board = board;
        }
        self.set_disabled(settings);
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
        let Some(tokens) = json else {
            return Ok(None);
        };
        match requests::answer_json(tokens.into_deferred()) {
            // The service writes the JSON; this value is not sent.
            Ok(()) => Ok(None),
            // Outside the server's own service (not expected): decode it for tower-lsp.
            Err(json) => serde_json::from_slice(&json.parts.collect::<Vec<_>>().concat())
                .map(|tokens| Some(SemanticTokensResult::Tokens(tokens)))
                .map_err(|_| Error::internal_error()),
        }
    }
}

/// `result` as the answer of the request being handled, written as JSON by the server's
/// own service ([`requests::answer_json`]) rather than by tower-lsp, which makes a
/// `serde_json::Value` of it first: a map per object, built, written and freed. For the
/// outline of a 10 MB database (3,346 symbols, 1 MB of JSON) that was half of its 74–76 ms
/// and some 20 MiB of heap that the process kept; a completion of players' names has thousands of
/// items, and a whole document formatted is one edit of its whole text. Outside the
/// service, `result` is handed back.
fn answered_as_json<T: serde::Serialize + serde::de::DeserializeOwned>(
    result: Option<T>,
) -> Result<Option<T>> {
    let Some(result) = result else {
        return Ok(None);
    };
    let json = serde_json::to_vec(&result).map_err(|_| Error::internal_error())?;
    match requests::answer_json(json) {
        // The service writes the JSON; this value is not sent.
        Ok(()) => Ok(None),
        Err(_) => Ok(Some(result)),
    }
}

#[tower_lsp::async_trait]
impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let encoding = capabilities::position_encoding(&params.capabilities);
        {
            let mut state = self.lock();
            state.encoding = encoding;
            state.hover_board = capabilities::default_hover_board(params.client_info.as_ref());
        }
        if let Some(options) = &params.initialization_options {
            self.set_settings(options);
        }
        Ok(InitializeResult {
            capabilities: capabilities::server_capabilities(encoding),
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
        let mut item = params.text_document;
        if item.text.is_empty() {
            // A large text comes beside tower-lsp (see `transport::Opened`).
            if let Some(text) = self.opened.take(item.uri.as_str(), i64::from(item.version)) {
                item.text = text;
            }
        }
        let notation = notation_of(&item.uri, Some(&item.language_id));
        let mut state = self.lock();
        // A large PGN document: its diagnostics first, found game by game without a tree
        // (most games are plain), then its tree, which the other answers need. Both find
        // the same diagnostics (kifu-ide's tests hold it).
        // Each game's checks are kept for the document, which then does not replay every
        // game again at the first edit. The line index (5–6 ms of a 10 MB text) is made
        // after the check, and before it is sent only when some diagnostic needs its
        // position: made beside the check, on a third thread over two cores, it held the
        // check back by 6–9 ms.
        let large = notation == Notation::Pgn && item.text.len() >= FIRST_DIAGNOSTICS_BYTES;
        let found = if large {
            guarded(|| {
                fault("diagnostics", &item.text);
                kifu_ide::check::pgn_text_checks(&item.text)
            })
            .ok()
        } else {
            None
        };
        let mut index = None;
        let checks = found.map(|found| {
            let shown = found
                .all
                .iter()
                .any(|d| !state.disabled.contains(d.code.as_str()));
            let diagnostics = if shown {
                let positions = Positions {
                    index: index.insert(LineIndex::new(&item.text)),
                    encoding: state.encoding,
                };
                state.to_lsp(&item.uri, &found.all, &positions)
            } else {
                Vec::new()
            };
            let _ = self.notices.send(Notice::Diagnostics(
                item.uri.clone(),
                diagnostics,
                Some(item.version),
            ));
            found.games
        });
        let index = index.unwrap_or_else(|| LineIndex::new(&item.text));
        let published = checks.is_some();
        let doc = OpenDocument::parse_indexed(item.version, notation, item.text, index);
        if let (Some(document), Some(checks)) = (doc.document(), checks) {
            document.keep_checks(checks);
        }
        if doc.document().is_none() {
            self.log(format!(
                "parsing {} failed; its answers are empty",
                item.uri
            ));
        }
        state.documents.insert(item.uri.clone(), doc);
        if !published {
            self.publish(&state, &item.uri);
        }
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri;
        let version = params.text_document.version;
        let mut state = self.lock();
        let encoding = state.encoding;
        let Some(doc) = state.documents.get_mut(&uri) else {
            return;
        };
        // Each change applies to the text the previous one left, through that text's index.
        for change in &params.content_changes {
            doc.change(change, encoding);
        }
        doc.version = version;
        if doc.document().is_none() {
            self.log(format!("parsing {uri} failed; its answers are empty"));
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
        self.set_settings(&params.settings);
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        let board = self.lock().hover_board;
        self.with_document(&at.text_document.uri, |positions, document| {
            let hover = document.hover(positions.offset(at.position), board);
            Ok(hover.map(|hover| to_proto::hover(hover, positions)))
        })
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        let disabled = self.lock().disabled.clone();
        // The kinds asked for: every kind when the client names none; a kind asks for the
        // kinds under it (`source` for `source.fixAll.kifu`).
        let only = params.context.only;
        let wants = |kind: &CodeActionKind| {
            only.as_ref().is_none_or(|only| {
                only.iter().any(|asked| {
                    kind.as_str() == asked.as_str()
                        || kind.as_str().starts_with(&format!("{}.", asked.as_str()))
                })
            })
        };
        let (quick_fixes, fix_all) = (
            wants(&CodeActionKind::QUICKFIX),
            wants(&to_proto::fix_all_kind()),
        );
        self.with_document(&uri, |positions, document| {
            let start = positions.offset(params.range.start);
            let range = TextRange::new(start, positions.offset(params.range.end).max(start));
            let mut last: Option<*const kifu_ide::SyntaxError> = None;
            let mut actions: Vec<CodeActionOrCommand> = Vec::new();
            if quick_fixes {
                actions.extend(
                    document
                        .fixes(range)
                        .into_iter()
                        .filter(|(d, _)| !disabled.contains(d.code.as_str()))
                        .map(|(d, fix)| {
                            // A diagnostic's first fix is its likeliest.
                            let first = last != Some(d as *const _);
                            last = Some(d as *const _);
                            to_proto::code_action(d, &fix, first, &uri, positions)
                        }),
                );
            }
            if fix_all {
                let edits = document.fix_all(|code| disabled.contains(code));
                if !edits.is_empty() {
                    actions.push(to_proto::fix_all(&edits, &uri, positions));
                }
            }
            Ok(Some(actions))
        })
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let at = params.text_document_position;
        let items = self.with_document(&at.text_document.uri, |positions, document| {
            let offset = positions.offset(at.position);
            let items = document
                .completions(offset)
                .iter()
                .enumerate()
                .map(|(i, c)| to_proto::completion(c, i, positions))
                .collect();
            Ok(Some(CompletionResponse::Array(items)))
        })?;
        answered_as_json(items)
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        let edits = self.with_document(&params.text_document.uri, |positions, document| {
            let formatted = document.formatted(FormatOptions::default());
            Ok(Some(
                to_proto::replacement(document.text(), &formatted, positions)
                    .into_iter()
                    .collect(),
            ))
        })?;
        answered_as_json(edits)
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        let edits = self.with_document(&params.text_document.uri, |positions, document| {
            let start = positions.offset(params.range.start);
            let range = TextRange::new(start, positions.offset(params.range.end).max(start));
            let Some((span, formatted)) = document.formatted_range(range, FormatOptions::default())
            else {
                return Ok(Some(Vec::new()));
            };
            let old = &document.text()[span];
            Ok(Some(
                to_proto::replacement_at(old, &formatted, span.start(), positions)
                    .into_iter()
                    .collect(),
            ))
        })?;
        answered_as_json(edits)
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let folds = self.with_document(&params.text_document.uri, |positions, document| {
            let folds = document.folding_ranges();
            Ok(Some(
                folds
                    .iter()
                    .map(|fold| to_proto::folding_range(fold, positions))
                    .collect::<Vec<_>>(),
            ))
        })?;
        answered_as_json(folds)
    }

    async fn selection_range(
        &self,
        params: SelectionRangeParams,
    ) -> Result<Option<Vec<SelectionRange>>> {
        self.with_document(&params.text_document.uri, |positions, document| {
            let selection = |&position| {
                let ranges = document.selection_ranges(positions.offset(position));
                to_proto::selection_range(&ranges, position, positions)
            };
            Ok(Some(params.positions.iter().map(selection).collect()))
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
        let found = guarded(|| {
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
                        found.push(to_proto::symbol_information(&symbol, uri, &positions));
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
        })??;
        drop(state);
        answered_as_json(found)
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let symbols = self.with_document(&params.text_document.uri, |positions, document| {
            let symbols = document.symbols();
            requests::check()?;
            Ok(Some(DocumentSymbolResponse::Nested(
                symbols
                    .iter()
                    .map(|s| to_proto::document_symbol(s, positions))
                    .collect(),
            )))
        })?;
        answered_as_json(symbols)
    }
}

#[cfg(test)]
mod tests;
