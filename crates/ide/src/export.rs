//! Games as data, in the shape `kifu export` writes as JSON (see the README): chess and
//! draughts games from the game model, SGF game trees node by node. The types borrow from
//! the document and serialize with serde; where a diagnostic is in lines and columns is
//! the caller's to say (`span`), since the CLI and the server count them differently.

use std::collections::BTreeMap;

use kifu_syntax::sgf::ast::{GameTree, Node};
use kifu_syntax::sgf::checks::decoded_values;
use kifu_syntax::{SyntaxError, TextRange};
use serde::Serialize;

use crate::document::{Document, Parsed};
use crate::game::{Comment, CommentKind, GameRef, Line, Move};

/// A place in a text, as people and programs count.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct Position {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// 0-based byte offset into the decoded text.
    pub offset: usize,
}

/// A start and an end position.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct Span {
    /// Where it starts.
    pub start: Position,
    /// Where it ends (exclusive).
    pub end: Position,
}

/// A game of a document, as exported: a game with moves, or an SGF game tree.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Exported<'a> {
    /// A chess or draughts game.
    Game(ExportedGame<'a>),
    /// An SGF game tree.
    Tree(ExportedTree<'a>),
}

/// A chess or draughts game.
#[derive(Debug, Serialize)]
pub struct ExportedGame<'a> {
    /// The file, as the caller names it.
    pub file: &'a str,
    /// 1-based position of the game in its file.
    pub index: usize,
    /// The tag pairs, in order, values unescaped.
    pub tags: Vec<ExportedTag<'a>>,
    /// Comments before the first move.
    pub comments: Vec<&'a str>,
    /// The main line.
    pub moves: Vec<ExportedMove<'a>>,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`, or null when missing.
    pub result: Option<&'a str>,
    /// The game's diagnostics.
    pub diagnostics: Vec<ExportedDiagnostic<'a>>,
}

/// A tag pair.
#[derive(Debug, Serialize)]
pub struct ExportedTag<'a> {
    /// `Event`.
    pub name: &'a str,
    /// The value, unescaped.
    pub value: &'a str,
}

/// A move and what is attached to it.
#[derive(Debug, Serialize)]
pub struct ExportedMove<'a> {
    /// The full-move number.
    pub number: u32,
    /// `white` or `black`: who made the move.
    pub side: &'static str,
    /// The move as written.
    pub san: &'a str,
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` (and PDN's `(?)`...).
    pub suffix: Option<&'a str>,
    /// Numeric Annotation Glyphs, `$14` as 14.
    pub nags: &'a [u8],
    /// Comments after the move, trimmed.
    pub comments: Vec<&'a str>,
    /// Alternatives to this move.
    pub variations: Vec<ExportedLine<'a>>,
}

/// A variation: comments before its first move, and its moves.
#[derive(Debug, Serialize)]
pub struct ExportedLine<'a> {
    /// Comments before the first move.
    pub comments: Vec<&'a str>,
    /// The moves.
    pub moves: Vec<ExportedMove<'a>>,
}

/// A diagnostic with the move it follows.
#[derive(Debug, Serialize)]
pub struct ExportedDiagnostic<'a> {
    /// `error`, `warning`, `info` or `hint`.
    pub severity: &'static str,
    /// The stable code.
    pub code: &'static str,
    /// Plain words.
    pub message: &'a str,
    /// Where.
    pub range: Span,
    /// The last move before it, `after 14... Nc6`, or null.
    pub after: Option<String>,
}

/// An SGF game tree. Fields are in alphabetical order, the order kifu has always written
/// SGF games in.
#[derive(Debug, Serialize)]
pub struct ExportedTree<'a> {
    /// The diagnostics inside the tree (and, for the first, those outside any tree).
    pub diagnostics: Vec<ExportedDiagnostic<'a>>,
    /// The file, as the caller names it.
    pub file: &'a str,
    /// 1-based position of the tree in its file; 0 for a file with none.
    pub index: usize,
    /// The root node; null for a file with no game tree.
    pub tree: Option<ExportedNode>,
}

/// An SGF node: its properties and the nodes that follow it (the next node of its sequence,
/// or the first nodes of its variations).
#[derive(Debug, Default, Serialize)]
pub struct ExportedNode {
    /// The nodes that follow it.
    pub children: Vec<ExportedNode>,
    /// Values by `FF[4]` identifier (`AddBlack` is `AB`), decoded by type; a property given
    /// twice keeps all its values.
    pub properties: BTreeMap<String, Vec<String>>,
}

impl<'a> ExportedGame<'a> {
    /// A chess or draughts game as data, with `diagnostics` (ranges into `game.text`),
    /// each placed in lines and columns by `span`.
    pub fn new(
        file: &'a str,
        index: usize,
        game: GameRef<'a>,
        diagnostics: impl IntoIterator<Item = &'a SyntaxError>,
        span: &dyn Fn(TextRange) -> Span,
    ) -> ExportedGame<'a> {
        let model = game.game;
        let main = model.main_line();
        let diagnostics = diagnostics
            .into_iter()
            .map(|error| {
                // The moves are in text order: those before the diagnostic come first.
                let before = model
                    .moves
                    .partition_point(|m| game.range(m.text).end() <= error.range.start());
                let after = before
                    .checked_sub(1)
                    .map(|i| format!("after {}", game.move_name(&model.moves[i])));
                ExportedDiagnostic::new(error, span, after)
            })
            .collect();
        ExportedGame {
            file,
            index,
            tags: model
                .header
                .entries()
                .filter_map(|entry| {
                    Some(ExportedTag {
                        name: entry.name(),
                        value: entry.value()?,
                    })
                })
                .collect(),
            comments: comments(game, &main.comments),
            moves: moves(game, main),
            result: game.result(),
            diagnostics,
        }
    }
}

impl<'a> ExportedDiagnostic<'a> {
    fn new(
        error: &'a SyntaxError,
        span: &dyn Fn(TextRange) -> Span,
        after: Option<String>,
    ) -> ExportedDiagnostic<'a> {
        ExportedDiagnostic {
            severity: error.severity().as_str(),
            code: error.code.as_str(),
            message: &error.message,
            range: span(error.range),
            after,
        }
    }
}

/// Comments for readers: trimmed, `%` escape lines (and PDN setup commands) dropped, as PGN
/// readers do.
fn comments<'a>(game: GameRef<'a>, comments: &[Comment]) -> Vec<&'a str> {
    comments
        .iter()
        .filter(|c| c.kind != CommentKind::Escape)
        .map(|c| game.text_of(c.text).trim())
        .collect()
}

fn moves<'a>(game: GameRef<'a>, line: &'a Line) -> Vec<ExportedMove<'a>> {
    line.moves
        .iter()
        .map(|&id| exported_move(game, &game.game[id]))
        .collect()
}

fn exported_move<'a>(game: GameRef<'a>, m: &'a Move) -> ExportedMove<'a> {
    ExportedMove {
        number: m.number,
        side: m.side.as_str(),
        san: game.text_of(m.text),
        suffix: m.suffix.map(|s| game.text_of(s)),
        nags: game.game.nags(m),
        comments: comments(game, game.game.comments(m)),
        variations: game
            .game
            .variations(m)
            .iter()
            .map(|&v| {
                let line = &game.game[v];
                ExportedLine {
                    comments: comments(game, &line.comments),
                    moves: moves(game, line),
                }
            })
            .collect(),
    }
}

impl Document {
    /// The games as data, each with the diagnostics inside it; `extra` diagnostics (a
    /// decoding warning) go with the first game, before its own. SGF diagnostics outside
    /// any game tree go with the first tree too, and a file with none gives one
    /// [`ExportedTree`] without a tree, so that its diagnostics are said.
    pub fn export<'a>(
        &'a self,
        file: &'a str,
        extra: &'a [SyntaxError],
        span: &dyn Fn(TextRange) -> Span,
    ) -> Vec<Exported<'a>> {
        let errors = self.diagnostics();
        let Parsed::Sgf(parse) = self.parsed() else {
            return self
                .games()
                .enumerate()
                .map(|(i, game)| {
                    let range = game.full_range();
                    let own = errors.iter().filter(move |e| range.contains_range(e.range));
                    let extra = if i == 0 { extra } else { &[] };
                    Exported::Game(ExportedGame::new(
                        file,
                        i + 1,
                        game,
                        extra.iter().chain(own),
                        span,
                    ))
                })
                .collect();
        };
        let trees: Vec<GameTree> = parse.collection().game_trees().collect();
        let mut per_tree: Vec<Vec<ExportedDiagnostic<'a>>> =
            trees.iter().map(|_| Vec::new()).collect();
        let mut outside = Vec::new();
        for error in extra.iter().chain(errors) {
            let diagnostic = ExportedDiagnostic::new(error, span, None);
            let index = trees
                .iter()
                .position(|t| t.syntax().text_range().contains_range(error.range))
                .unwrap_or(0);
            match per_tree.get_mut(index) {
                Some(list) => list.push(diagnostic),
                None => outside.push(diagnostic),
            }
        }
        if trees.is_empty() {
            return vec![Exported::Tree(ExportedTree {
                diagnostics: outside,
                file,
                // 1-based, as for every game: the file's one element.
                index: 1,
                tree: None,
            })];
        }
        trees
            .iter()
            .zip(per_tree)
            .enumerate()
            .map(|(i, (tree, diagnostics))| {
                Exported::Tree(ExportedTree {
                    diagnostics,
                    file,
                    index: i + 1,
                    tree: Some(tree_node(tree)),
                })
            })
            .collect()
    }
}

/// A game tree as nodes, built from its last node up, so long games do not recurse.
fn tree_node(tree: &GameTree) -> ExportedNode {
    let nodes: Vec<Node> = tree.nodes().collect();
    let mut children: Vec<ExportedNode> = tree.variations().map(|v| tree_node(&v)).collect();
    for node in nodes.iter().rev() {
        let exported = ExportedNode {
            children: std::mem::take(&mut children),
            properties: properties(node),
        };
        children = vec![exported];
    }
    match (nodes.is_empty(), children.pop()) {
        (false, Some(first)) => first,
        // A tree with no node: an empty node, and what follows it.
        (_, last) => ExportedNode {
            children: last.into_iter().collect(),
            properties: BTreeMap::new(),
        },
    }
}

fn properties(node: &Node) -> BTreeMap<String, Vec<String>> {
    let mut properties: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for property in node.properties() {
        let id = match property.canonical_ident() {
            Some(id) if !id.is_empty() => id,
            _ => property.ident().unwrap_or_default(),
        };
        // A property given twice in a node keeps all its values, as SGFC merges them.
        properties
            .entry(id)
            .or_default()
            .extend(decoded_values(&property));
    }
    properties
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use super::{Position, Span};
    use crate::{fixture, Notation, SyntaxError, TextRange};

    /// The document exported as JSON Lines, positions counted naively.
    fn check(notation: Notation, text: &str, extra: &[SyntaxError], expect: Expect) {
        let (doc, _) = fixture::document(notation, text);
        let position = |offset: usize| {
            let before = &doc.text()[..offset];
            Position {
                line: before.matches('\n').count() + 1,
                column: before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1,
                offset,
            }
        };
        let span = |range: TextRange| Span {
            start: position(range.start().into()),
            end: position(range.end().into()),
        };
        let lines: Vec<String> = doc
            .export("f", extra, &span)
            .iter()
            .map(|game| serde_json::to_string(game).unwrap_or_default())
            .collect();
        expect.assert_eq(&lines.join("\n"));
    }

    #[test]
    fn chess_game_with_a_variation_and_an_error() {
        check(
            Notation::Pgn,
            "[White \"Tal\"]\n1. e4 {best} (1. d4 $1) e5 oops 2. Nf3 *",
            &[],
            expect![[
                r#"{"file":"f","index":1,"tags":[{"name":"White","value":"Tal"}],"comments":[],"moves":[{"number":1,"side":"white","san":"e4","suffix":null,"nags":[],"comments":["best"],"variations":[{"comments":[],"moves":[{"number":1,"side":"white","san":"d4","suffix":null,"nags":[1],"comments":[],"variations":[]}]}]},{"number":1,"side":"black","san":"e5","suffix":null,"nags":[],"comments":[],"variations":[]},{"number":2,"side":"white","san":"Nf3","suffix":null,"nags":[],"comments":[],"variations":[]}],"result":"*","diagnostics":[{"severity":"error","code":"stray-text","message":"`oops` is not a move, move number, annotation, comment or result","range":{"start":{"line":2,"column":28,"offset":41},"end":{"line":2,"column":32,"offset":45}},"after":"after 1... e5"}]}"#
            ]],
        );
    }

    #[test]
    fn draughts_games_name_their_first_mover() {
        check(
            Notation::Pdn,
            "[GameType \"21\"]\n1. 11-15 23-18! *\n\n[FEN \"B:W28:B1\"]\n1... 1-6 *",
            &[],
            expect![[r#"
                {"file":"f","index":1,"tags":[{"name":"GameType","value":"21"}],"comments":[],"moves":[{"number":1,"side":"black","san":"11-15","suffix":null,"nags":[],"comments":[],"variations":[]},{"number":1,"side":"white","san":"23-18","suffix":"!","nags":[],"comments":[],"variations":[]}],"result":"*","diagnostics":[]}
                {"file":"f","index":2,"tags":[{"name":"FEN","value":"B:W28:B1"}],"comments":[],"moves":[{"number":1,"side":"black","san":"1-6","suffix":null,"nags":[],"comments":[],"variations":[]}],"result":"*","diagnostics":[]}"#]],
        );
    }

    #[test]
    fn go_trees_node_by_node() {
        check(
            Notation::Sgf,
            "(;GM[1]C[a\\]b];B[aa](;W[bb])(;W[cc]))",
            &[],
            expect![[
                r#"{"diagnostics":[],"file":"f","index":1,"tree":{"children":[{"children":[{"children":[],"properties":{"W":["bb"]}},{"children":[],"properties":{"W":["cc"]}}],"properties":{"B":["aa"]}}],"properties":{"C":["a]b"],"GM":["1"]}}}"#
            ]],
        );
        let warning = SyntaxError::new(crate::Code::Encoding, TextRange::default(), "guessed");
        check(
            Notation::Sgf,
            "no tree",
            &[warning],
            expect![[
                r#"{"diagnostics":[{"severity":"warning","code":"encoding","message":"guessed","range":{"start":{"line":1,"column":1,"offset":0},"end":{"line":1,"column":1,"offset":0}},"after":null},{"severity":"warning","code":"text-outside-game-tree","message":"text before the first game tree is not part of any game; readers ignore it","range":{"start":{"line":1,"column":1,"offset":0},"end":{"line":1,"column":8,"offset":7}},"after":null},{"severity":"error","code":"no-game-tree","message":"no game tree: an SGF file holds one or more `(;...)`","range":{"start":{"line":1,"column":1,"offset":0},"end":{"line":1,"column":1,"offset":0}},"after":null}],"file":"f","index":1,"tree":null}"#
            ]],
        );
    }
}
