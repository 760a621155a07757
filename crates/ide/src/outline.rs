//! The outline: each game named as a person would, and under it its variations, nested
//! where they branch, each named by where it starts.

use kifu_syntax::{TextRange, TextSize};

use crate::document::Document;
use crate::game::{go_coordinate, GameKind, GameRef, Line, LineId, Side};

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

impl Symbol {
    /// The symbol with its ranges, and its children's, `by` further on.
    fn shifted(&self, by: TextSize) -> Symbol {
        Symbol {
            name: self.name.clone(),
            detail: self.detail.clone(),
            kind: self.kind,
            range: self.range + by,
            selection_range: self.selection_range + by,
            children: self.children.iter().map(|c| c.shifted(by)).collect(),
        }
    }
}

/// A game's entry in the outline as a document keeps it: its ranges relative to the game's
/// start, and without the "Game N" that names a game without players (its number changes as
/// games before it come and go).
#[derive(Debug)]
pub(crate) struct GameSymbol {
    symbol: Symbol,
    /// The name is "Game N" and then `symbol.name`.
    numbered: bool,
}

impl Document {
    /// The outline of the document. Each game's entry is kept while the game does not
    /// change; the models it is made from are not.
    pub fn symbols(&self) -> Vec<Symbol> {
        let games = self.per_game(
            |kept| &kept.symbol,
            |game| {
                Box::new(match game.game.kind {
                    GameKind::Go { size } => go_game_symbol(game, size),
                    _ => game_symbol(game),
                })
            },
        );
        games
            .into_iter()
            .enumerate()
            .map(|(i, (start, kept))| {
                let mut symbol = kept.symbol.shifted(start);
                if kept.numbered {
                    symbol.name = format!("Game {}{}", i + 1, symbol.name);
                }
                symbol
            })
            .collect()
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

/// A chess or draughts game: named by its players, event and result.
fn game_symbol(game: GameRef<'_>) -> GameSymbol {
    let header = &game.game.header;
    let tag = |name: &str| header.known(name);
    // Draughts files name the first mover Black; people still say "White – Black".
    let mut name = match (tag("White"), tag("Black")) {
        (Some(w), Some(b)) => format!("{} – {}", surname(w), surname(b)),
        (Some(a), None) | (None, Some(a)) => surname(a).to_string(),
        (None, None) => String::new(),
    };
    let numbered = name.is_empty();
    let year = tag("Date").and_then(|d| {
        d.get(..4)
            .filter(|y| y.bytes().all(|b| b.is_ascii_digit()))
            .map(str::to_string)
    });
    let event = match (tag("Event"), year) {
        (Some(e), Some(y)) if !e.contains(&y) => Some(format!("{e} {y}")),
        (Some(e), _) => Some(e.to_string()),
        (None, Some(y)) => Some(y),
        (None, None) => None,
    };
    if let Some(event) = event {
        name.push_str(&format!(", {event}"));
    }
    if let Some(result) = game.result().or_else(|| tag("Result")) {
        name.push_str(&format!(", {}", pretty_result(result)));
    }
    let chess = matches!(game.game.kind, GameKind::Chess { .. });
    let detail = tag("ECO")
        .map(|eco| match crate::eco::opening_name(eco) {
            Some(opening) if chess => format!("{eco} {opening}"),
            _ => eco.to_string(),
        })
        .or_else(|| tag("Opening").map(str::to_string));
    let range = game.full_range();
    let symbol = Symbol {
        name,
        detail,
        kind: SymbolKind::Game,
        range,
        selection_range: header.range.map_or(range, |r| game.range(r)),
        children: variations(game, game.game.main_line()),
    };
    GameSymbol { symbol, numbered }
}

/// The variations written in `line`, each named by its first move.
fn variations(game: GameRef<'_>, line: &Line) -> Vec<Symbol> {
    line.variations
        .iter()
        .map(|&id| {
            let variation = &game.game[id];
            let name = match variation.moves.first() {
                Some(&first) => game.move_name(&game.game[first]),
                None => "(empty variation)".to_string(),
            };
            Symbol {
                name,
                detail: None,
                kind: SymbolKind::Variation,
                range: game.range(variation.range),
                selection_range: game.range(variation.head),
                children: variations(game, variation),
            }
        })
        .collect()
}

/// A Go game: "PB vs PW, GN, RE".
fn go_game_symbol(game: GameRef<'_>, size: (u32, u32)) -> GameSymbol {
    let value = |id: &str| game.game.header.get(id).filter(|v| !v.trim().is_empty());
    let mut parts = Vec::new();
    let numbered = match (value("PB"), value("PW")) {
        (Some(b), Some(w)) => {
            parts.push(format!("{b} vs {w}"));
            false
        }
        (Some(p), None) | (None, Some(p)) => {
            parts.push(p.to_string());
            false
        }
        // "Game N" goes in front.
        (None, None) => {
            parts.push(String::new());
            true
        }
    };
    if let Some(title) = value("GN").or_else(|| value("EV")) {
        parts.push(title.to_string());
    }
    if let Some(result) = value("RE") {
        parts.push(result.to_string());
    }
    let range = game.full_range();
    let symbol = Symbol {
        name: parts.join(", "),
        detail: value("DT").map(str::to_string),
        kind: SymbolKind::Game,
        range,
        selection_range: game.game.header.range.map_or(range, |r| game.range(r)),
        children: go_variations(game, LineId::MAIN, size),
    };
    GameSymbol { symbol, numbered }
}

/// The branches after an SGF game tree: its variations when it has two or more (a single
/// continuation is the same line, not a branch: it is looked through).
fn go_variations(game: GameRef<'_>, id: LineId, size: (u32, u32)) -> Vec<Symbol> {
    let line = &game.game[id];
    if line.variations.len() < 2 {
        return line
            .variations
            .first()
            .map(|&v| go_variations(game, v, size))
            .unwrap_or_default();
    }
    let moves_here = line.start_ply + line.moves.len() as u32;
    line.variations
        .iter()
        .map(|&v| {
            let variation = &game.game[v];
            // Named by its first node's move, if that node has one.
            let first = variation
                .moves
                .first()
                .map(|&m| &game.game[m])
                .filter(|m| m.range == variation.head);
            let name = match first {
                Some(m) => {
                    let id = if m.side == Side::Black { "B" } else { "W" };
                    let at =
                        go_coordinate(game.text_of(m.text), size).unwrap_or_else(|| "pass".into());
                    format!("move {}: {id} {at}", m.number)
                }
                None => format!("after move {moves_here}"),
            };
            Symbol {
                name,
                detail: None,
                kind: SymbolKind::Variation,
                range: game.range(variation.range),
                selection_range: game.range(variation.head),
                children: go_variations(game, v, size),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use crate::fixture::{self, KASPAROV};
    use crate::{Notation, Symbol};

    fn outline(symbols: &[Symbol], depth: usize, out: &mut String) {
        for symbol in symbols {
            out.push_str(&"  ".repeat(depth));
            out.push_str(&symbol.name);
            if let Some(detail) = &symbol.detail {
                out.push_str(&format!(" [{detail}]"));
            }
            out.push('\n');
            outline(&symbol.children, depth + 1, out);
        }
    }

    fn check_outline(notation: Notation, text: &str, expect: Expect) {
        let (doc, _) = fixture::document(notation, text);
        let mut out = String::new();
        outline(&doc.symbols(), 0, &mut out);
        expect.assert_eq(&out);
    }

    #[test]
    fn outline_pgn() {
        check_outline(
            Notation::Pgn,
            KASPAROV,
            expect![[r#"
            Kasparov – Kramnik, Botvinnik Memorial 2001, ½–½ [C80 Ruy Lopez: Open]
              11... Bxe3
                13... Nb7
        "#]],
        );
    }

    #[test]
    fn outline_counts_moves_from_the_fen() {
        check_outline(
            Notation::Pgn,
            "[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 17\"]\n17... Kd2 (17... Kc2) 18. Ka2 *",
            expect![[r#"
            Game 1, *
              17... Kc2
        "#]],
        );
    }

    #[test]
    fn an_edited_document_has_the_outline_of_its_fresh_parse() {
        // Games without players are numbered: a game put in front renumbers the kept ones,
        // and moves their ranges.
        for (notation, game, added) in [
            (
                Notation::Pgn,
                "1. e4 e5 (1... c5) 2. Nf3 *\n\n",
                "1. d4 *\n\n",
            ),
            (
                Notation::Sgf,
                "(;GM[1];B[aa](;W[bb])(;W[cc]))\n",
                "(;GM[1];B[dd])\n",
            ),
            (
                Notation::Pdn,
                "1. 32-28 (1. 33-28) 19-23 *\n\n",
                "1. 31-27 *\n\n",
            ),
        ] {
            let text = format!("{game}[White \"A\"]\n{game}{game}{game}");
            let text = if notation == Notation::Sgf {
                format!("{game}(;GM[1]PB[A];B[aa])\n{game}{game}")
            } else {
                text
            };
            let doc = crate::Document::new(notation, text.clone());
            assert_eq!(doc.symbols().len(), 4, "{notation:?}");
            let edit = crate::TextRange::empty(0.into());
            let edited = doc.edited(edit, added);
            let fresh = crate::Document::new(notation, format!("{added}{text}"));
            assert_eq!(edited.symbols(), fresh.symbols(), "{notation:?}");
            let ranges: Vec<_> = edited.symbols().iter().map(|s| s.range).collect();
            let games: Vec<_> = edited.games().map(|g| g.full_range()).collect();
            assert_eq!(ranges, games, "{notation:?}");
            assert!(
                fresh.symbols()[3].name.starts_with("Game 4"),
                "{notation:?}"
            );
        }
    }

    #[test]
    fn outline_sgf() {
        check_outline(
        Notation::Sgf,
        "(;GM[1]FF[4]SZ[19]PB[Shusaku]PW[Gennan]GN[Ear-reddening game]RE[B+2];B[qd];W[dc](;B[pq];W[oq])(;B[dp](;W[pp])(;W[qp])))",
        expect![[r#"
            Shusaku vs Gennan, Ear-reddening game, B+2
              move 3: B Q3
              move 3: B D4
                move 4: W Q4
                move 4: W R4
        "#]],
    );
    }

    #[test]
    fn outline_pdn() {
        check_outline(
        Notation::Pdn,
        "[White \"Perez\"]\n[Black \"Edwards\"]\n[GameType \"21\"]\n1. 11-15 23-18 (1... 22-18) 2. 8-11 1-0\n",
        expect![[r#"
            Perez – Edwards, 1–0
              1... 22-18
        "#]],
    );
    }
}
