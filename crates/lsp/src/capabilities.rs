//! What the server offers, and the position encoding it agrees with the client.

use tower_lsp::lsp_types::*;

use kifu_ide::HoverBoard;

use crate::convert::Encoding;
use crate::to_proto::TOKEN_TYPES;

/// UTF-8 positions when the client offers them (no conversion of columns), else UTF-16,
/// which every client must accept.
pub fn position_encoding(client: &ClientCapabilities) -> Encoding {
    let utf8 = client
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref())
        .is_some_and(|encodings| encodings.contains(&PositionEncodingKind::UTF8));
    if utf8 {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    }
}

/// The server's capabilities, with positions in `encoding`.
pub fn server_capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(match encoding {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace_symbol_provider: Some(OneOf::Left(true)),
        selection_range_provider: Some(SelectionRangeProviderCapability::Simple(true)),
        // Tags, values, legal moves, SGF identifiers, a new game.
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["[".into(), "\"".into(), ";".into()]),
            ..CompletionOptions::default()
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        // The games a range touches.
        document_range_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                crate::to_proto::fix_all_kind(),
            ]),
            ..CodeActionOptions::default()
        })),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: SemanticTokensLegend {
                    token_types: TOKEN_TYPES.to_vec(),
                    token_modifiers: Vec::new(),
                },
                range: Some(true),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                ..SemanticTokensOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    }
}

/// How hovers show the board when the settings do not say: an image for the clients known
/// to show images in hovers (VS Code and its builds), a text diagram for the others
/// (Neovim, Emacs and Helix show Markdown but no images, and a `data:` URI would be a
/// screenful of base64).
pub fn default_hover_board(client: Option<&ClientInfo>) -> HoverBoard {
    const SHOW_IMAGES: [&str; 5] = [
        "Visual Studio Code",
        "Visual Studio Code - Insiders",
        "code-server",
        "VSCodium",
        "Code - OSS",
    ];
    match client {
        Some(client) if SHOW_IMAGES.contains(&client.name.as_str()) => HoverBoard::Image,
        _ => HoverBoard::Text,
    }
}

/// The `hover.board` setting: `image`, `text` or `none`.
pub fn hover_board(setting: &str) -> Option<HoverBoard> {
    match setting {
        "image" => Some(HoverBoard::Image),
        "text" => Some(HoverBoard::Text),
        "none" => Some(HoverBoard::None),
        _ => None,
    }
}
