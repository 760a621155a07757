//! Completion: what may be written at the cursor.
//!
//! - PGN and PDN tag names (the Seven Tag Roster first, each with what it means); the
//!   values of tags whose values are a closed set (`Result`, `Termination`, `Variant`,
//!   `GameType`), `ECO` codes with their openings' names, and the players already named in
//!   the file for `White` and `Black`.
//! - Moves: the legal moves of the position at the cursor: chess in standard SAN, the
//!   opening book's first (named), then checks and captures; draughts as PDN writes them,
//!   the biggest captures first; Go, in a `B[]` or `W[]` value, the points where that
//!   colour may play, with their coordinates, and the pass.
//! - SGF property identifiers, each with its name: root and game-information properties in
//!   a game's first node only, move properties not in a setup node and setup properties
//!   not in a move node (FF[4] keeps them apart).
//! - Outside any game: a new game (PGN: the Seven Tag Roster with today's date; SGF: a root
//!   node).

use kifu_rules::chess::{Position, Variant};
use kifu_syntax::pdn::board;
use kifu_syntax::pgn::SyntaxKind as K;
use kifu_syntax::{Notation, TextRange, TextSize};
use rowan::Language;

use crate::document::Parsed;
use crate::game::{GameRef, MoveId};
use crate::replay::{replay, GamePosition, Wanted};
use crate::roles::{self, node_role, pdn_role, pgn_role, token_role, Role};
use crate::Document;

/// What a completion is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompletionKind {
    /// A tag name or an SGF property identifier.
    Property,
    /// A tag's value.
    Value,
    /// A move.
    Move,
    /// A new game, with places to fill.
    Snippet,
}

/// One thing that may be written at the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// What the list shows.
    pub label: String,
    /// A word on it: the tag's meaning, the opening's name, "captures, check".
    pub detail: Option<String>,
    /// What it is.
    pub kind: CompletionKind,
    /// What it replaces (empty: it is inserted at the cursor).
    pub range: TextRange,
    /// What is written; for a snippet, with LSP's `${1:placeholders}`.
    pub insert: String,
}

use crate::tags::TAGS;

/// The values of `Termination` in the standard (section 9.8.1).
const TERMINATIONS: &[&str] = &[
    "abandoned",
    "adjudication",
    "death",
    "emergency",
    "normal",
    "rules infraction",
    "time forfeit",
    "unterminated",
];

impl Document {
    /// What may be written at `offset`, most likely first.
    pub fn completions(&self, offset: TextSize) -> Vec<Completion> {
        match self.parsed() {
            Parsed::Pgn(parse) => self.pgn_family_completions(&parse.syntax(), pgn_role, offset),
            Parsed::Pdn(parse) => self.pgn_family_completions(&parse.syntax(), pdn_role, offset),
            Parsed::Sgf(parse) => self.sgf_completions(&parse.syntax(), offset),
        }
    }

    /// PGN and PDN, read through the roles of their kinds: tags and their values, moves,
    /// and a new game in PGN.
    fn pgn_family_completions<L: Language>(
        &self,
        root: &rowan::SyntaxNode<L>,
        role: Role,
        offset: TextSize,
    ) -> Vec<Completion> {
        let chess = self.notation() == Notation::Pgn;
        let at = TextRange::empty(offset);
        let Some(token) = kifu_syntax::token_at_offset(root, offset).left_biased() else {
            return if chess { new_game(at) } else { Vec::new() };
        };
        let ancestor = |kind: K| {
            token
                .parent_ancestors()
                .find(|n| node_role(n, role) == kind)
        };
        if let Some(pair) = ancestor(K::TAG_PAIR) {
            let name = roles::token(&pair, role, K::SYMBOL);
            let string = roles::token(&pair, role, K::STRING);
            // Inside the quotes: the values.
            if let (Some(name), Some(string)) = (&name, &string) {
                let range = string.text_range();
                if offset > range.start() {
                    let closed = string.text().len() > 1 && string.text().ends_with('"');
                    let inner = TextRange::new(
                        range.start() + TextSize::from(1),
                        range.end() - TextSize::from(u32::from(closed)),
                    );
                    return self.tag_values(name.text(), inner);
                }
            }
            // The name.
            let range = match &name {
                Some(name) if name.text_range().contains_inclusive(offset) => name.text_range(),
                _ => at,
            };
            return TAGS
                .iter()
                .map(|(tag, meaning)| Completion {
                    label: (*tag).to_string(),
                    detail: Some((*meaning).to_string()),
                    kind: CompletionKind::Property,
                    range,
                    insert: (*tag).to_string(),
                })
                .collect();
        }
        let Some(game) = ancestor(K::GAME) else {
            // Between games (the white space after one, or before the first): a new game.
            return if chess { new_game(at) } else { Vec::new() };
        };
        // In a game, after its tags and before its result, not in a comment: moves.
        let child = |kind: K| game.children().find(|n| node_role(n, role) == kind);
        let after_tags = child(K::TAG_SECTION).is_none_or(|tags| tags.text_range().end() < offset);
        let before_result =
            child(K::GAME_RESULT).is_none_or(|result| offset <= result.text_range().start());
        let in_comment = ancestor(K::COMMENT).is_some();
        if !(after_tags && before_result && !in_comment) {
            return Vec::new();
        }
        let range = match token_role(&token, role) {
            K::SAN | K::SYMBOL if token.text_range().contains_inclusive(offset) => {
                token.text_range()
            }
            _ => at,
        };
        self.moves_at(offset, range)
    }

    /// The values of tag `name`, replacing `range` (inside the quotes).
    fn tag_values(&self, name: &str, range: TextRange) -> Vec<Completion> {
        let value = |label: &str, detail: Option<&str>| Completion {
            label: label.to_string(),
            detail: detail.map(str::to_string),
            kind: CompletionKind::Value,
            range,
            insert: label.to_string(),
        };
        match name {
            "Result" => [
                ("1-0", "White won"),
                ("0-1", "Black won"),
                ("1/2-1/2", "a draw"),
                ("*", "unknown, or still going on"),
            ]
            .iter()
            .map(|(v, d)| value(v, Some(d)))
            .collect(),
            "Termination" => TERMINATIONS.iter().map(|v| value(v, None)).collect(),
            "Variant" => Variant::ALL.iter().map(|v| value(v.name(), None)).collect(),
            "GameType" => board::STANDARD
                .iter()
                .map(|b| value(&b.game_type.to_string(), Some(b.name)))
                .collect(),
            "ECO" => crate::eco::codes()
                .map(|(code, opening)| value(code, Some(opening)))
                .collect(),
            "White" | "Black" => {
                // Each game's players are kept with the game (not its model: a database's
                // models are 32 MiB per 10 MB), so a keystroke in a player's tag reads no
                // game again.
                let games = self.per_game(
                    |kept| &kept.players,
                    |g| {
                        let named = g.game.header.entries().filter_map(|e| {
                            let name = e.name();
                            e.value().filter(|_| name == "White" || name == "Black")
                        });
                        let known = named.filter(|p| !p.is_empty() && *p != "?");
                        known.map(Box::from).collect()
                    },
                );
                let mut players: Vec<&str> = games
                    .iter()
                    .flat_map(|(_, names)| names.iter().map(|n| &**n))
                    .collect();
                players.sort_unstable();
                players.dedup();
                players.into_iter().map(|p| value(p, None)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The legal moves of the position at `offset`, replacing `range`: after the last move
    /// before the cursor in the line the cursor is in (the move being typed is not played).
    fn moves_at(&self, offset: TextSize, range: TextRange) -> Vec<Completion> {
        let Some(game) = self.game_at(TextRange::empty(offset)) else {
            return Vec::new();
        };
        let wanted = before_cursor(game, offset).map_or(Wanted::Start, Wanted::One);
        match replay(game, wanted).reached.map(|r| r.board) {
            Some(GamePosition::Chess(position)) => legal_moves(&position, range),
            Some(GamePosition::Draughts(position)) => draughts_moves(&position, range),
            _ => Vec::new(),
        }
    }

    fn sgf_completions(
        &self,
        root: &kifu_syntax::sgf::SyntaxNode,
        offset: TextSize,
    ) -> Vec<Completion> {
        use kifu_syntax::sgf::properties::{Kind, PROPERTIES};
        use kifu_syntax::sgf::SyntaxKind as S;
        let at = TextRange::empty(offset);
        let token = kifu_syntax::token_at_offset(root, offset).left_biased();
        let Some(token) = token else {
            return sgf_new_game(at);
        };
        let in_tree = token.parent_ancestors().any(|n| n.kind() == S::GAME_TREE);
        if !in_tree {
            return sgf_new_game(at);
        }
        // Inside a value: the values of a property whose values are a known set.
        let value = token.text_range();
        if token.kind() == S::VALUE && value.start() < offset && offset < value.end() {
            let ident = token.parent().and_then(|p| {
                p.children_with_tokens()
                    .filter_map(|t| t.into_token())
                    .find(|t| t.kind() == S::IDENT)
            });
            let closed = token.text().ends_with(']') && token.text().len() > 1;
            let inner = TextRange::new(
                value.start() + TextSize::from(1),
                value.end() - TextSize::from(u32::from(closed)),
            );
            let values: &[(&str, &str)] = match ident.as_ref().map(|i| i.text()) {
                Some("CA") => &[
                    ("UTF-8", "Unicode"),
                    ("ISO-8859-1", "Latin-1, western Europe"),
                    ("Windows-1252", "western Europe"),
                    ("Shift_JIS", "Japanese"),
                    ("EUC-JP", "Japanese"),
                    ("GB2312", "simplified Chinese"),
                    ("GBK", "simplified Chinese"),
                    ("Big5", "traditional Chinese"),
                    ("EUC-KR", "Korean"),
                ],
                Some("RU") => &[
                    ("Japanese", "territory scoring, suicide forbidden"),
                    ("Chinese", "area scoring"),
                    ("AGA", "American Go Association"),
                    ("GOE", "Ing's rules (suicide allowed)"),
                    ("NZ", "New Zealand (suicide allowed)"),
                ],
                Some("GM") => &[("1", "Go")],
                Some("FF") => &[("4", "the current format, FF[4]")],
                Some(colour @ ("B" | "W")) => {
                    let node = token.parent_ancestors().find(|n| n.kind() == S::NODE);
                    return node
                        .map(|node| self.go_points(node.text_range().start(), colour, inner))
                        .unwrap_or_default();
                }
                _ => &[],
            };
            return values
                .iter()
                .map(|(v, d)| Completion {
                    label: (*v).to_string(),
                    detail: Some((*d).to_string()),
                    kind: CompletionKind::Value,
                    range: inner,
                    insert: (*v).to_string(),
                })
                .collect();
        }
        // In a node: the identifiers, those of the root only in the game's first node.
        let node = token.parent_ancestors().find(|n| n.kind() == S::NODE);
        let in_root = node.as_ref().is_none_or(|node| {
            node.parent()
                .is_some_and(|tree| tree.parent().is_some_and(|p| p.kind() == S::COLLECTION))
                && node.prev_sibling().is_none()
        });
        let range = if token.kind() == S::IDENT && token.text_range().contains_inclusive(offset) {
            token.text_range()
        } else {
            at
        };
        // A node is a move or a setup, never both (FF[4]); game information is written
        // once, in the root.
        let idents: Vec<String> = node
            .iter()
            .flat_map(|n| n.descendants_with_tokens())
            .filter_map(|t| t.into_token())
            .filter(|t| t.kind() == S::IDENT && t.text_range() != range)
            .map(|t| t.text().to_ascii_uppercase())
            .collect();
        let has = |ids: &[&str]| idents.iter().any(|i| ids.contains(&i.as_str()));
        let (is_move, is_setup) = (has(&["B", "W"]), has(&["AB", "AW", "AE", "PL"]));
        PROPERTIES
            .iter()
            .filter(|p| match p.kind {
                Kind::Root | Kind::GameInfo => in_root,
                Kind::Play => !is_setup,
                Kind::Setup => !is_move,
                Kind::Other => true,
            })
            .map(|p| Completion {
                label: p.id.to_string(),
                detail: Some(format!(
                    "{}; {}",
                    p.name,
                    crate::hover::shape_description(p.shape)
                )),
                kind: CompletionKind::Property,
                range,
                insert: p.id.to_string(),
            })
            .collect()
    }
}

impl Document {
    /// The points where `colour` (`B` or `W`) may play in the SGF node at `node`: after
    /// the move before that node, each legal point with its coordinate, and the pass.
    fn go_points(&self, node: TextSize, colour: &str, range: TextRange) -> Vec<Completion> {
        let Some(game) = self.game_at(TextRange::empty(node)) else {
            return Vec::new();
        };
        let Some(id) = game.game.move_id_starting_at(node - game.offset) else {
            return Vec::new();
        };
        let wanted = game.game[id].parent.map_or(Wanted::Start, Wanted::One);
        let Some(GamePosition::Go(position)) = replay(game, wanted).reached.map(|r| r.board) else {
            return Vec::new();
        };
        let colour = if colour == "B" {
            kifu_rules::go::Color::Black
        } else {
            kifu_rules::go::Color::White
        };
        let size = position.size();
        let mut points: Vec<Completion> = size
            .points()
            .filter(|&p| position.play(colour, Some(p)).is_ok())
            .map(|p| {
                let sgf = p.to_sgf();
                Completion {
                    detail: crate::game::go_coordinate(
                        &sgf,
                        (u32::from(size.width()), u32::from(size.height())),
                    ),
                    label: sgf.clone(),
                    kind: CompletionKind::Move,
                    range,
                    insert: sgf,
                }
            })
            .collect();
        points.push(Completion {
            label: "pass".to_string(),
            detail: Some("an empty value".to_string()),
            kind: CompletionKind::Move,
            range,
            insert: String::new(),
        });
        points
    }
}

/// The last move before `offset` in the innermost line around it, or the move that line
/// branches from; `None` at the game's start.
fn before_cursor(game: GameRef<'_>, offset: TextSize) -> Option<MoveId> {
    let model = game.game;
    let line = &model[crate::position::line_at(game, offset.checked_sub(game.offset)?)];
    line.moves
        .iter()
        .rev()
        .find(|&&m| game.range(model[m].range).end() <= offset)
        .copied()
        .or(line.branches_from)
}

/// Every legal draughts move of `position` as PDN writes it (the whole path where the short
/// form fits several captures), captures first, the most pieces taken first.
fn draughts_moves(position: &kifu_rules::draughts::Position, range: TextRange) -> Vec<Completion> {
    let variant = position.variant();
    let legal = kifu_rules::draughts::legal_moves(position);
    let moves = legal.iter().map(|m| {
        let n = m.captured.len();
        let detail = (n > 0).then(|| format!("takes {n} piece{}", if n == 1 { "" } else { "s" }));
        (usize::MAX - n, m.written_among(&legal, variant), detail)
    });
    ranked_moves(moves, range)
}

/// Move completions in the order of their rank (lowest first), then of their text.
fn ranked_moves<R: Ord>(
    moves: impl Iterator<Item = (R, String, Option<String>)>,
    range: TextRange,
) -> Vec<Completion> {
    let mut moves: Vec<(R, Completion)> = moves
        .map(|(rank, written, detail)| {
            (
                rank,
                Completion {
                    label: written.clone(),
                    detail,
                    kind: CompletionKind::Move,
                    range,
                    insert: written,
                },
            )
        })
        .collect();
    moves.sort_by(|(a, x), (b, y)| a.cmp(b).then_with(|| x.label.cmp(&y.label)));
    moves.into_iter().map(|(_, c)| c).collect()
}

/// Every legal move of `position` in standard SAN: the moves of the opening book first
/// (those that reach a position of the ECO table, named), then checks, then captures.
fn legal_moves(position: &Position, range: TextRange) -> Vec<Completion> {
    let moves = position.legal_moves();
    let moves = moves.iter().map(|&m| {
        let played = position.play_legal(m);
        let san = played.san().to_string();
        let check = played.gives_check();
        let capture = played.is_capture();
        let book = crate::eco::opening_of(played.position())
            .or_else(|| crate::eco::book_line(played.position()));
        let detail = match (book, capture, check) {
            (Some(opening), ..) => Some(format!("{} {}", opening.eco, opening.name)),
            (None, true, true) => Some("captures, check".into()),
            (None, true, false) => Some("captures".into()),
            (None, false, true) => Some("check".into()),
            (None, false, false) => None,
        };
        let rank: u8 = match (book.is_some(), check, capture) {
            (true, ..) => 0,
            (false, true, _) => 1,
            (false, false, true) => 2,
            _ => 3,
        };
        (rank, san, detail)
    });
    ranked_moves(moves, range)
}

/// A new PGN game: the Seven Tag Roster with today's date, and a place for the moves.
fn new_game(at: TextRange) -> Vec<Completion> {
    let date = today();
    vec![Completion {
        label: "New game (Seven Tag Roster)".to_string(),
        detail: Some("[Event \"?\"] ... [Result \"*\"] and the moves".to_string()),
        kind: CompletionKind::Snippet,
        range: at,
        insert: format!(
            "[Event \"${{1:?}}\"]\n[Site \"${{2:?}}\"]\n[Date \"{date}\"]\n[Round \"${{3:?}}\"]\n[White \"${{4:?}}\"]\n[Black \"${{5:?}}\"]\n[Result \"*\"]\n\n1. $0 *\n"
        ),
    }]
}

/// A new SGF game: a root node with the usual properties.
fn sgf_new_game(at: TextRange) -> Vec<Completion> {
    vec![Completion {
        label: "New game (root node)".to_string(),
        detail: Some("(;FF[4]GM[1]SZ[19]CA[UTF-8] ...)".to_string()),
        kind: CompletionKind::Snippet,
        range: at,
        insert: "(;FF[4]GM[1]SZ[${1:19}]CA[UTF-8]PB[${2}]PW[${3}]KM[${4:6.5}]\n;B[$0])\n"
            .to_string(),
    }]
}

/// Today's date as PGN writes it, `YYYY.MM.DD` (UTC).
fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests;
