//! kifu's own requests, beyond LSP (as rust-analyzer's `lsp/ext.rs`). Each is documented in
//! the README for other editors' clients.

use kifu_ide::{BoardOptions, PositionAt};
use tower_lsp::jsonrpc::Result;
use tower_lsp::lsp_types::{Position, Range, TextDocumentIdentifier};

use crate::convert::Positions;

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

/// `kifu/position`: the method name.
pub const POSITION: &str = "kifu/position";

/// The parameters of `kifu/position`: LSP's `TextDocumentPositionParams`, and how to draw.
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PositionParams {
    text_document: TextDocumentIdentifier,
    position: Position,
    /// Black at the bottom.
    #[serde(default)]
    flipped: bool,
    /// Click targets in the SVG, one per square or point (for a board that takes moves).
    #[serde(default)]
    targets: bool,
}

/// The answer of `kifu/position` (see the README for an example).
#[derive(Debug, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PositionResult {
    game: usize,
    game_range: Range,
    variation_path: Vec<usize>,
    ply: u32,
    /// The move that led to the position (`null` at the start).
    #[serde(rename = "move")]
    current: Option<Range>,
    label: String,
    side_to_move: &'static str,
    fen: Option<String>,
    setup: Option<String>,
    captures: Option<Captures>,
    last_move: Option<String>,
    comment: Option<String>,
    annotations: Vec<String>,
    white: Option<String>,
    black: Option<String>,
    event: Option<String>,
    opening: Option<Opening>,
    previous: Vec<Range>,
    next: Vec<Range>,
    not_played: Option<String>,
    svg: String,
    diagram: String,
}

/// Stones each side has taken (Go).
#[derive(Debug, serde::Serialize)]
struct Captures {
    black: u32,
    white: u32,
}

/// An opening from the ECO table.
#[derive(Debug, serde::Serialize)]
struct Opening {
    eco: String,
    name: String,
}

impl PositionResult {
    fn new(at: PositionAt, positions: &Positions<'_>) -> PositionResult {
        let ranges =
            |rs: Vec<kifu_ide::TextRange>| rs.into_iter().map(|r| positions.range(r)).collect();
        PositionResult {
            game: at.game,
            game_range: positions.range(at.game_range),
            variation_path: at.variation_path,
            ply: at.ply,
            current: at.current.map(|r| positions.range(r)),
            label: at.label,
            side_to_move: at.side_to_move,
            fen: at.fen,
            setup: at.setup,
            captures: at.captures.map(|(black, white)| Captures { black, white }),
            last_move: at.last_move,
            comment: at.comment,
            annotations: at.annotations,
            white: at.players.0,
            black: at.players.1,
            event: at.event,
            opening: at.opening.map(|(eco, name)| Opening { eco, name }),
            previous: ranges(at.previous),
            next: ranges(at.next),
            not_played: at.not_played,
            svg: at.svg,
            diagram: at.diagram,
        }
    }
}

impl Backend {
    /// `kifu/position`: the position at the cursor, drawn, with what the record says of it
    /// (the board view's one source); `null` outside any game.
    pub async fn position(&self, params: PositionParams) -> Result<Option<PositionResult>> {
        self.with_document(&params.text_document.uri, |positions, document| {
            let options = BoardOptions {
                flipped: params.flipped,
                targets: params.targets,
                ..BoardOptions::default()
            };
            Ok(document
                .position_at(positions.offset(params.position), &options)
                .map(|at| PositionResult::new(at, positions)))
        })
    }
}
