//! kifu-ide's answers as LSP types: diagnostics, folding ranges, selection ranges, symbols,
//! hover and semantic tokens. Positions go through [`Positions`], the one place that turns
//! offsets into LSP positions and back.

use kifu_ide::{
    Document, Fold, FoldKind, HighlightKind, Severity, Symbol, SymbolKind as IdeSymbolKind,
    SyntaxError, TextRange,
};
use tower_lsp::jsonrpc::Result;
use tower_lsp::lsp_types::*;

use crate::convert::Positions;
use crate::guard::fault;
use crate::requests;

/// A diagnostic of the document at `uri`.
pub fn diagnostic(d: &SyntaxError, uri: &Url, positions: &Positions<'_>) -> Diagnostic {
    Diagnostic {
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
    }
}

/// A quick fix of `diagnostic` in the document at `uri`.
pub fn code_action(
    diagnostic: &SyntaxError,
    fix: &kifu_ide::Fix,
    preferred: bool,
    uri: &Url,
    positions: &Positions<'_>,
) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title: fix.title.clone(),
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![self::diagnostic(diagnostic, uri, positions)]),
        edit: Some(workspace_edit(&fix.edits, uri, positions)),
        is_preferred: Some(preferred),
        ..CodeAction::default()
    })
}

/// kifu's edits of the document at `uri`, as one workspace edit.
pub fn workspace_edit(
    edits: &[kifu_ide::TextEdit],
    uri: &Url,
    positions: &Positions<'_>,
) -> WorkspaceEdit {
    let edits = edits
        .iter()
        .map(|e| TextEdit::new(positions.range(e.range), e.insert.clone()))
        .collect();
    WorkspaceEdit {
        changes: Some([(uri.clone(), edits)].into_iter().collect()),
        ..WorkspaceEdit::default()
    }
}

/// The kind of kifu's "fix all" action, which editors run on save when asked to
/// (`editor.codeActionsOnSave` in VS Code).
pub fn fix_all_kind() -> CodeActionKind {
    CodeActionKind::new("source.fixAll.kifu")
}

/// Every certain repair of the document at once (see `Document::fix_all`).
pub fn fix_all(
    edits: &[kifu_ide::TextEdit],
    uri: &Url,
    positions: &Positions<'_>,
) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title: "Fix all certain problems (move numbers, check marks, standard SAN...)".into(),
        kind: Some(fix_all_kind()),
        edit: Some(workspace_edit(edits, uri, positions)),
        ..CodeAction::default()
    })
}

/// A completion, `index` in kifu's order of likelihood (kept by `sortText`).
pub fn completion(
    c: &kifu_ide::Completion,
    index: usize,
    positions: &Positions<'_>,
) -> CompletionItem {
    use kifu_ide::CompletionKind as K;
    let snippet = c.kind == K::Snippet;
    CompletionItem {
        label: c.label.clone(),
        kind: Some(match c.kind {
            K::Property => CompletionItemKind::PROPERTY,
            K::Value => CompletionItemKind::VALUE,
            K::Move => CompletionItemKind::EVENT,
            K::Snippet => CompletionItemKind::SNIPPET,
        }),
        detail: c.detail.clone(),
        sort_text: Some(format!("{index:05}")),
        filter_text: Some(c.label.clone()),
        insert_text_format: Some(if snippet {
            InsertTextFormat::SNIPPET
        } else {
            InsertTextFormat::PLAIN_TEXT
        }),
        text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
            positions.range(c.range),
            c.insert.clone(),
        ))),
        ..CompletionItem::default()
    }
}

/// A hover.
pub fn hover(hover: kifu_ide::Hover, positions: &Positions<'_>) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: hover.markdown,
        }),
        range: Some(positions.range(hover.range)),
    }
}

/// A folding range, by whole lines.
pub fn folding_range(fold: &Fold, positions: &Positions<'_>) -> FoldingRange {
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
}

/// Nested selection ranges, from `ranges` innermost first; an empty position when there are
/// none.
pub fn selection_range(
    ranges: &[TextRange],
    position: Position,
    positions: &Positions<'_>,
) -> SelectionRange {
    // Outermost first, each the parent of the next.
    let mut selection: Option<SelectionRange> = None;
    for range in ranges.iter().rev() {
        selection = Some(SelectionRange {
            range: positions.range(*range),
            parent: selection.map(Box::new),
        });
    }
    selection.unwrap_or(SelectionRange {
        range: Range::new(position, position),
        parent: None,
    })
}

/// A symbol of the outline, with its children.
pub fn document_symbol(symbol: &Symbol, positions: &Positions<'_>) -> DocumentSymbol {
    #[allow(deprecated)]
    DocumentSymbol {
        name: symbol.name.clone(),
        detail: symbol.detail.clone(),
        kind: symbol_kind(symbol.kind),
        tags: None,
        deprecated: None,
        range: positions.range(symbol.range),
        selection_range: positions.range(symbol.selection_range),
        children: Some(
            symbol
                .children
                .iter()
                .map(|c| document_symbol(c, positions))
                .collect(),
        ),
    }
}

/// A game found by a workspace symbol search.
pub fn symbol_information(
    symbol: &Symbol,
    uri: &Url,
    positions: &Positions<'_>,
) -> SymbolInformation {
    #[allow(deprecated)]
    SymbolInformation {
        name: symbol.name.clone(),
        kind: symbol_kind(symbol.kind),
        tags: None,
        deprecated: None,
        location: Location::new(uri.clone(), positions.range(symbol.selection_range)),
        container_name: symbol.detail.clone(),
    }
}

fn symbol_kind(kind: IdeSymbolKind) -> SymbolKind {
    match kind {
        IdeSymbolKind::Game => SymbolKind::NAMESPACE,
        IdeSymbolKind::Variation => SymbolKind::STRUCT,
    }
}

/// The semantic token types, in the order of [`token_type`].
pub const TOKEN_TYPES: [SemanticTokenType; 8] = [
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
pub fn token_type(kind: HighlightKind) -> u32 {
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
/// walk yields it, positions come from a cursor that only moves forward, and the numbers are
/// held in a few bytes each ([`SemanticTokensJson`]) until the JSON is written; the work
/// stops with -32800 when the request is cancelled.
pub fn encode_semantic_tokens(
    document: &Document,
    positions: &Positions<'_>,
    within: Option<TextRange>,
) -> Result<SemanticTokensJson> {
    let mut tokens = SemanticTokensJson::default();
    let mut cursor = positions.cursor();
    let (mut last_line, mut last_start) = (0, 0);
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
                tokens.push([
                    delta_line,
                    delta_start,
                    to.character - from.character,
                    token_type(kind),
                ]);
                last_line = from.line;
                last_start = from.character;
            }
            match cursor.line_start(line + 1) {
                Some(next) => start = next,
                None => break,
            }
        }
    }
    Ok(tokens)
}

/// Semantic tokens held until they are written as JSON: each number in LEB128 (a byte or
/// two: 3.4 MB for the 849,246 tokens of a 10 MB database, whose JSON is 8.7 MB), and the
/// length of their JSON, counted as they come, for the message's `Content-Length`. The JSON
/// is made a part at a time as it is written ([`SemanticTokensJson::into_deferred`]).
#[derive(Default)]
pub struct SemanticTokensJson {
    numbers: Vec<u8>,
    tokens: usize,
    /// The digits of all the numbers.
    digits: usize,
}

/// How many bytes of JSON a [`Deferred`](crate::transport::Deferred) part of semantic
/// tokens holds (about).
const JSON_PART: usize = 256 << 10;

impl SemanticTokensJson {
    const HEAD: &'static [u8] = b"{\"data\":[";
    const TAIL: &'static [u8] = b"]}";

    /// Adds a token: its line and start (relative to the token before), its length and its
    /// type. Its modifiers, which kifu does not use, are 0.
    fn push(&mut self, numbers: [u32; 4]) {
        for mut number in numbers {
            self.digits += decimal_digits(number);
            while number >= 0x80 {
                self.numbers.push(number as u8 | 0x80);
                number >>= 7;
            }
            self.numbers.push(number as u8);
        }
        self.digits += 1;
        self.tokens += 1;
    }

    /// The length of the JSON.
    pub fn json_len(&self) -> usize {
        let commas = (5 * self.tokens).saturating_sub(1);
        Self::HEAD.len() + self.digits + commas + Self::TAIL.len()
    }

    /// The JSON, made a part at a time as it is asked for.
    pub fn into_deferred(self) -> crate::transport::Deferred {
        crate::transport::Deferred {
            length: self.json_len(),
            parts: Box::new(JsonParts {
                tokens: self,
                at: 0,
                done: false,
            }),
        }
    }

    /// Writes the token at `numbers[*at..]` into `json`, and moves `at` past it.
    fn write_token(&self, at: &mut usize, json: &mut Vec<u8>) {
        let first = *at == 0;
        let mut digits = itoa::Buffer::new();
        for i in 0..4 {
            let mut number = 0u32;
            let mut shift = 0;
            loop {
                let byte = self.numbers[*at];
                *at += 1;
                number |= u32::from(byte & 0x7f) << shift;
                shift += 7;
                if byte < 0x80 {
                    break;
                }
            }
            if !(first && i == 0) {
                json.push(b',');
            }
            json.extend_from_slice(digits.format(number).as_bytes());
        }
        json.extend_from_slice(b",0");
    }
}

/// The decimal digits of `n`.
fn decimal_digits(n: u32) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

/// The parts of a [`SemanticTokensJson`]'s JSON.
struct JsonParts {
    tokens: SemanticTokensJson,
    /// Where the next token starts in the numbers (0: the JSON has not started).
    at: usize,
    done: bool,
}

impl Iterator for JsonParts {
    type Item = Vec<u8>;

    fn next(&mut self) -> Option<Vec<u8>> {
        if self.done {
            return None;
        }
        let mut json = Vec::with_capacity(JSON_PART + 64);
        // The first part writes at least one token, when there is one.
        if self.at == 0 {
            json.extend_from_slice(SemanticTokensJson::HEAD);
        }
        while self.at < self.tokens.numbers.len() && json.len() < JSON_PART {
            self.tokens.write_token(&mut self.at, &mut json);
        }
        if self.at == self.tokens.numbers.len() {
            self.done = true;
            json.extend_from_slice(SemanticTokensJson::TAIL);
        }
        Some(json)
    }
}

/// The one edit that turns `old` into `new`: the part between what they share at the start
/// and at the end (on character boundaries), so that an editor keeps the cursor and the
/// undo step small. `None` when they are equal.
pub fn replacement(old: &str, new: &str, positions: &Positions<'_>) -> Option<TextEdit> {
    replacement_at(old, new, kifu_ide::TextSize::from(0), positions)
}

/// [`replacement`] for `old`, the text at `base` of the document.
pub fn replacement_at(
    old: &str,
    new: &str,
    base: kifu_ide::TextSize,
    positions: &Positions<'_>,
) -> Option<TextEdit> {
    if old == new {
        return None;
    }
    let mut prefix = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let room = old.len().min(new.len()) - prefix;
    let mut suffix = old
        .bytes()
        .rev()
        .zip(new.bytes().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix) {
        suffix -= 1;
    }
    let range = TextRange::new(
        kifu_ide::TextSize::from(prefix as u32),
        kifu_ide::TextSize::from((old.len() - suffix) as u32),
    );
    Some(TextEdit {
        range: positions.range(range + base),
        new_text: new[prefix..new.len() - suffix].to_string(),
    })
}
