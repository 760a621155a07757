//! The outline: each game named as a person would, and under it its variations, nested
//! where they branch, each named by where it starts.

use kifu_syntax::pdn::board::black_moves_first;
use kifu_syntax::pgn::{self, SyntaxKind as K};
use kifu_syntax::sgf;
use kifu_syntax::{TextRange, TextSize};

use crate::document::{Document, Parsed};
use crate::hover::go_coordinate;

/// What a symbol stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    /// A game.
    Game,
    /// A variation.
    Variation,
}

/// An entry of the outline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// "Kasparov – Kramnik, Botvinnik Memorial 2001, ½–½" or "11... Bxe3".
    pub name: String,
    /// More about it: the opening, the date.
    pub detail: Option<String>,
    /// Game or variation.
    pub kind: SymbolKind,
    /// All of it.
    pub range: TextRange,
    /// The part to select when it is chosen.
    pub selection_range: TextRange,
    /// Variations inside it.
    pub children: Vec<Symbol>,
}

/// Who moves first and second.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sides {
    pub(crate) first: &'static str,
    pub(crate) second: &'static str,
}

impl Sides {
    pub(crate) const CHESS: Sides = Sides {
        first: "White",
        second: "Black",
    };
    pub(crate) const BLACK_FIRST: Sides = Sides {
        first: "Black",
        second: "White",
    };
}

/// The move number of a `SAN_MOVE` node and whether the second mover made it, counting
/// through its line (and the lines it branches from) from `start_ply`.
pub(crate) fn ply_of_move(san_move: &pgn::SyntaxNode, start_ply: u32) -> (u32, bool) {
    let ply = ply_before(san_move, start_ply);
    (ply / 2 + 1, ply % 2 == 1)
}

/// The ply of the move `item` (a `SAN_MOVE`), or, for any other item, of the next move.
fn ply_before(item: &pgn::SyntaxNode, start_ply: u32) -> u32 {
    let Some(line) = item.parent() else {
        return start_ply;
    };
    let mut ply = match line.kind() {
        // A variation replaces the move before it: it starts at that move's ply.
        K::VARIATION => {
            let previous_move = std::iter::successors(line.prev_sibling(), |n| n.prev_sibling())
                .find(|n| n.kind() == K::SAN_MOVE);
            match previous_move {
                Some(previous) => ply_before(&previous, start_ply),
                None => ply_before(&line, start_ply),
            }
        }
        _ => start_ply,
    };
    for child in line.children() {
        if &child == item {
            break;
        }
        match child.kind() {
            K::MOVE_NUMBER => {
                let Some(number) = pgn::ast::MoveNumber::cast(child.clone()) else {
                    continue;
                };
                if let Some(n) = number.number().filter(|&n| n >= 1) {
                    let second = number.is_black() || (ply % 2 == 1 && n == ply / 2 + 1);
                    ply = (n - 1) * 2 + u32::from(second);
                }
            }
            K::SAN_MOVE => ply += 1,
            _ => {}
        }
    }
    ply
}

impl Document {
    /// The outline of the document.
    pub fn symbols(&self) -> Vec<Symbol> {
        match self.parsed() {
            Parsed::Pgn(parse) => parse
                .source_file()
                .games()
                .enumerate()
                .map(|(i, game)| {
                    let start = game.start_ply();
                    pgn_game_symbol(&game, i, TextSize::from(0), Sides::CHESS, start)
                })
                .collect(),
            Parsed::Pdn(parse) => parse
                .games_as_pgn()
                .into_iter()
                .enumerate()
                .map(|(i, (game, base))| {
                    let black_first = black_moves_first(game.tag("GameType").as_deref());
                    let sides = if black_first {
                        Sides::BLACK_FIRST
                    } else {
                        Sides::CHESS
                    };
                    let start =
                        kifu_syntax::pdn::board::start_ply(game.tag("FEN").as_deref(), black_first);
                    pgn_game_symbol(&game, i, base, sides, start)
                })
                .collect(),
            Parsed::Sgf(parse) => parse
                .collection()
                .game_trees()
                .enumerate()
                .map(|(i, tree)| sgf_game_symbol(&tree, i))
                .collect(),
        }
    }
}

fn surname(name: &str) -> &str {
    name.split(',').next().unwrap_or(name).trim()
}

fn pretty_result(result: &str) -> String {
    match result {
        "1/2-1/2" => "½–½".into(),
        other => other.replace('-', "–"),
    }
}

fn pgn_game_symbol(
    game: &pgn::ast::Game,
    index: usize,
    base: TextSize,
    sides: Sides,
    start_ply: u32,
) -> Symbol {
    let tag = |name: &str| game.tag(name).filter(|v| !v.trim().is_empty() && v != "?");
    let mut name = match (tag(sides.first), tag(sides.second)) {
        (Some(a), Some(b)) => format!("{} – {}", surname(&a), surname(&b)),
        (Some(a), None) | (None, Some(a)) => surname(&a).to_string(),
        (None, None) => format!("Game {}", index + 1),
    };
    if sides.first == "Black" {
        // Draughts files name the first mover Black; people still say "White – Black".
        if let (Some(w), Some(b)) = (tag("White"), tag("Black")) {
            name = format!("{} – {}", surname(&w), surname(&b));
        }
    }
    let year = tag("Date").and_then(|d| {
        d.get(..4)
            .filter(|y| y.bytes().all(|b| b.is_ascii_digit()))
            .map(str::to_string)
    });
    let event = match (tag("Event"), year) {
        (Some(e), Some(y)) if !e.contains(&y) => Some(format!("{e} {y}")),
        (Some(e), _) => Some(e),
        (None, Some(y)) => Some(y),
        (None, None) => None,
    };
    if let Some(event) = event {
        name.push_str(&format!(", {event}"));
    }
    if let Some(result) = game
        .result()
        .and_then(|r| r.text())
        .or_else(|| tag("Result"))
    {
        name.push_str(&format!(", {}", pretty_result(&result)));
    }
    let detail = tag("ECO")
        .map(|eco| match crate::eco::opening_name(&eco) {
            Some(opening) if sides.first == "White" => format!("{eco} {opening}"),
            _ => eco,
        })
        .or_else(|| tag("Opening"));
    let range = game.syntax().text_range() + base;
    let selection_range = game
        .tag_section()
        .map_or(range, |s| s.syntax().text_range() + base);
    let children = game
        .movetext()
        .map(|m| variations(m.syntax(), base, start_ply, sides))
        .unwrap_or_default();
    Symbol {
        name,
        detail,
        kind: SymbolKind::Game,
        range,
        selection_range,
        children,
    }
}

fn variations(line: &pgn::SyntaxNode, base: TextSize, start_ply: u32, sides: Sides) -> Vec<Symbol> {
    line.children()
        .filter(|n| n.kind() == K::VARIATION)
        .map(|variation| {
            let first = variation.children().find(|n| n.kind() == K::SAN_MOVE);
            let (name, selection_range) = match &first {
                Some(first) => {
                    let (number, second) = ply_of_move(first, start_ply);
                    let san = pgn::ast::SanMove::cast(first.clone())
                        .and_then(|m| m.san())
                        .unwrap_or_default();
                    let dots = if second { "..." } else { "." };
                    (format!("{number}{dots} {san}"), first.text_range() + base)
                }
                None => (
                    "(empty variation)".to_string(),
                    variation.text_range() + base,
                ),
            };
            let _ = sides;
            Symbol {
                name,
                detail: None,
                kind: SymbolKind::Variation,
                range: variation.text_range() + base,
                selection_range,
                children: variations(&variation, base, start_ply, sides),
            }
        })
        .collect()
}

fn sgf_game_symbol(tree: &sgf::ast::GameTree, index: usize) -> Symbol {
    let root = tree.nodes().next();
    let value = |id: &str| {
        root.as_ref().and_then(|node| {
            node.properties()
                .find(|p| p.canonical_ident().as_deref() == Some(id))
                .and_then(|p| sgf::checks::decoded_values(&p).into_iter().next())
                .filter(|v| !v.trim().is_empty())
        })
    };
    let mut parts = Vec::new();
    match (value("PB"), value("PW")) {
        (Some(b), Some(w)) => parts.push(format!("{b} vs {w}")),
        (Some(p), None) | (None, Some(p)) => parts.push(p),
        (None, None) => parts.push(format!("Game {}", index + 1)),
    }
    if let Some(title) = value("GN").or_else(|| value("EV")) {
        parts.push(title);
    }
    if let Some(result) = value("RE") {
        parts.push(result);
    }
    let size = value("SZ")
        .and_then(|v| sgf::properties::board_size(&v))
        .unwrap_or((19, 19));
    let range = tree.syntax().text_range();
    Symbol {
        name: parts.join(", "),
        detail: value("DT"),
        kind: SymbolKind::Game,
        range,
        selection_range: root.map_or(range, |r| r.syntax().text_range()),
        children: sgf_variations(tree, size, 0),
    }
}

fn sgf_variations(tree: &sgf::ast::GameTree, size: (u32, u32), moves_before: usize) -> Vec<Symbol> {
    let has_move = |node: &sgf::ast::Node| {
        node.properties()
            .find(|p| matches!(p.canonical_ident().as_deref(), Some("B" | "W")))
    };
    let moves_here = moves_before + tree.nodes().filter(|n| has_move(n).is_some()).count();
    let variations: Vec<sgf::ast::GameTree> = tree.variations().collect();
    if variations.len() < 2 {
        // A single continuation is the same line, not a branch: look through it.
        return variations
            .first()
            .map(|v| sgf_variations(v, size, moves_here))
            .unwrap_or_default();
    }
    variations
        .iter()
        .map(|variation| {
            let first = variation.nodes().next();
            let first_move = first.as_ref().and_then(has_move);
            let name = match first_move {
                Some(property) => {
                    let id = property.canonical_ident().unwrap_or_default();
                    let raw = property.raw_values().next().unwrap_or_default();
                    let at = go_coordinate(&raw, size).unwrap_or_else(|| "pass".into());
                    format!("move {}: {id} {at}", moves_here + 1)
                }
                None => format!("after move {moves_here}"),
            };
            Symbol {
                name,
                detail: None,
                kind: SymbolKind::Variation,
                range: variation.syntax().text_range(),
                selection_range: first
                    .map_or(variation.syntax().text_range(), |n| n.syntax().text_range()),
                children: sgf_variations(variation, size, moves_here),
            }
        })
        .collect()
}
