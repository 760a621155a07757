//! kifu's own requests, beyond LSP (as rust-analyzer's `lsp/ext.rs`). Each is documented in
//! the README for other editors' clients.

use kifu_ide::{BoardOptions, PlayError, PositionAt};
use tower_lsp::jsonrpc::Result;
use tower_lsp::lsp_types::{Position, Range, TextDocumentIdentifier, WorkspaceEdit};

use crate::convert::{LineIndex, Positions};
use crate::to_proto;

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
    /// Go: the move numbers on the stones.
    #[serde(default)]
    move_numbers: bool,
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
                move_numbers: params.move_numbers,
                ..BoardOptions::default()
            };
            Ok(document
                .position_at(positions.offset(params.position), &options)
                .map(|at| PositionResult::new(at, positions)))
        })
    }
}

/// `kifu/playMove`: the method name.
pub const PLAY_MOVE: &str = "kifu/playMove";

/// The parameters of `kifu/playMove`: where the cursor is, and the move entered on the
/// board (chess UCI `g1f3`, a Go SGF point `dd` or `""` to pass, a draughts move `32-28`,
/// `28x19x10`, or from and to joined by `-`).
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayMoveParams {
    text_document: TextDocumentIdentifier,
    position: Position,
    #[serde(rename = "move")]
    mv: String,
}

/// The answer of `kifu/playMove`: the edit that writes the move (`null` when the record
/// already has it there) and where the move is once it is applied; or why not.
#[derive(Debug, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayMoveResult {
    edit: Option<WorkspaceEdit>,
    selection: Option<Range>,
    error: Option<String>,
    /// Draughts: every capture path that fits a move given from and to.
    candidates: Vec<String>,
}

impl Backend {
    /// `kifu/playMove`: a move entered on the board view, written into the record.
    pub async fn play_move(&self, params: PlayMoveParams) -> Result<PlayMoveResult> {
        let uri = params.text_document.uri.clone();
        self.with_document(&uri, |positions, document| {
            let offset = positions.offset(params.position);
            Ok(match document.play_move(offset, &params.mv) {
                Ok(played) => {
                    // The selection is in the text after the edit: index that text.
                    let mut text = document.text().to_string();
                    for edit in played.edits.iter().rev() {
                        text.replace_range(
                            std::ops::Range::<usize>::from(edit.range),
                            &edit.insert,
                        );
                    }
                    let index = LineIndex::new(&text);
                    let after = Positions {
                        index: &index,
                        encoding: positions.encoding,
                    };
                    PlayMoveResult {
                        edit: (!played.edits.is_empty())
                            .then(|| to_proto::workspace_edit(&played.edits, &uri, positions)),
                        selection: Some(after.range(played.selection)),
                        ..PlayMoveResult::default()
                    }
                }
                Err(PlayError::Ambiguous(candidates)) => PlayMoveResult {
                    error: Some(PlayError::Ambiguous(candidates.clone()).to_string()),
                    candidates,
                    ..PlayMoveResult::default()
                },
                Err(error) => PlayMoveResult {
                    error: Some(error.to_string()),
                    ..PlayMoveResult::default()
                },
            })
        })
    }
}
