//! Hover: what a tag, a move, an annotation, a result or an SGF property means.

use kifu_syntax::pdn::board::{
    black_moves_first, parse_game_type, GameType, Notation as SquareNotation,
};
use kifu_syntax::pgn::{self, SyntaxKind as K};
use kifu_syntax::sgf::{self, ast::Property, checks::decoded_values, properties};
use kifu_syntax::{TextRange, TextSize};
use rowan::TokenAtOffset;

use crate::document::{Document, Parsed};
use crate::outline::{ply_of_move, Sides};
use crate::{eco, tags};

/// What to show for the thing under the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hover {
    /// The range the hover is about.
    pub range: TextRange,
    /// Markdown.
    pub markdown: String,
}

impl Document {
    /// The hover at `offset`, if there is something to say.
    pub fn hover(&self, offset: TextSize) -> Option<Hover> {
        if usize::from(offset) > self.text().len() {
            return None;
        }
        match self.parsed() {
            Parsed::Pgn(parse) => {
                movetext_hover(&parse.syntax(), offset, TextSize::from(0), Game::Chess)
            }
            Parsed::Pdn(parse) => {
                let (game, base) = parse.game_as_pgn_at(offset)?;
                let black_first = black_moves_first(game.tag("GameType").as_deref());
                movetext_hover(
                    game.syntax(),
                    offset - base,
                    base,
                    Game::Draughts { black_first },
                )
            }
            Parsed::Sgf(parse) => sgf_hover(&parse.syntax(), offset),
        }
    }
}

/// Which game a PGN-shaped tree records.
#[derive(Debug, Clone, Copy)]
enum Game {
    Chess,
    Draughts { black_first: bool },
}

fn significant<L: rowan::Language>(
    at: TokenAtOffset<rowan::SyntaxToken<L>>,
    is_trivia: impl Fn(&rowan::SyntaxToken<L>) -> bool,
) -> Option<rowan::SyntaxToken<L>> {
    match at {
        TokenAtOffset::None => None,
        TokenAtOffset::Single(t) => Some(t),
        TokenAtOffset::Between(left, right) => Some(if is_trivia(&right) { left } else { right }),
    }
}

/// Hover over a PGN-shaped tree (PGN, or a PDN game seen as PGN) whose offsets are `base`
/// less than the document's.
fn movetext_hover(
    root: &pgn::SyntaxNode,
    offset: TextSize,
    base: TextSize,
    game: Game,
) -> Option<Hover> {
    let token = significant(root.token_at_offset(offset), |t| t.kind().is_trivia())?;
    let parent = token.parent()?;
    let hover = |range: TextRange, markdown: String| {
        Some(Hover {
            range: range + base,
            markdown,
        })
    };
    match (token.kind(), parent.kind()) {
        (K::SYMBOL | K::STRING | K::L_BRACK | K::R_BRACK, K::TAG_PAIR) => {
            let pair = pgn::ast::TagPair::cast(parent.clone())?;
            let name = pair.name()?;
            let value = pair.value().unwrap_or_default();
            let mut text = format!("**{name}**");
            if let Some(meaning) = tags::tag_meaning(&name) {
                text.push_str(&format!(" — {meaning}"));
            }
            if let Some(read) = read_tag_value(&name, &value) {
                text.push_str(&format!("\n\n`{value}`: {read}"));
            }
            hover(parent.text_range(), text)
        }
        (K::SAN | K::SUFFIX, K::SAN_MOVE) => {
            let san_move = pgn::ast::SanMove::cast(parent.clone())?;
            let san = san_move.san()?;
            let sides = match game {
                Game::Chess => Sides::CHESS,
                Game::Draughts { black_first: true } => Sides::BLACK_FIRST,
                Game::Draughts { black_first: false } => Sides::CHESS,
            };
            let game_node = parent.ancestors().find(|n| n.kind() == K::GAME);
            let (number, second) = ply_of_move(&parent, game_start_ply(game_node, game));
            let side = if second { sides.second } else { sides.first };
            let dots = if second { "..." } else { "." };
            let described = match game {
                Game::Chess => describe_san(&san),
                Game::Draughts { .. } => describe_draughts_move(&san),
            };
            let mut text = format!("**{number}{dots} {san}** — {side}: {described}");
            if let Some(suffix) = san_move.suffix() {
                if let Some(meaning) = tags::suffix_meaning(&suffix) {
                    text.push_str(&format!("\n\n`{suffix}`: {meaning}"));
                }
            }
            // The NAGs that follow the move.
            let mut next = parent.next_sibling();
            while let Some(node) = next.filter(|n| n.kind() == K::NAG_NODE) {
                if let Some(value) = pgn::ast::Nag::cast(node.clone()).and_then(|n| n.value()) {
                    let meaning = tags::nag_meaning(value)
                        .unwrap_or("an annotation the PGN standard leaves unnamed");
                    text.push_str(&format!("\n\n`${value}`: {meaning}"));
                }
                next = node.next_sibling();
            }
            hover(parent.text_range(), text)
        }
        (K::NAG, _) => {
            let value: u8 = token.text()[1..].parse().ok()?;
            let meaning =
                tags::nag_meaning(value).unwrap_or("an annotation the PGN standard leaves unnamed");
            hover(token.text_range(), format!("**${value}** — {meaning}"))
        }
        (K::RESULT, _) => {
            let meaning = tags::read_result(token.text())?;
            hover(
                token.text_range(),
                format!("**{}** — {meaning}", token.text()),
            )
        }
        _ => None,
    }
}

/// The ply of the first move of `game_node`: a chess `FEN` gives it; a draughts `FEN` says
/// who moves first.
fn game_start_ply(game_node: Option<pgn::SyntaxNode>, game: Game) -> u32 {
    let Some(game_node) = game_node.and_then(pgn::ast::Game::cast) else {
        return 0;
    };
    match game {
        Game::Chess => game_node.start_ply(),
        Game::Draughts { black_first } => {
            kifu_syntax::pdn::board::start_ply(game_node.tag("FEN").as_deref(), black_first)
        }
    }
}

fn read_tag_value(name: &str, value: &str) -> Option<String> {
    match name {
        "Date" | "EventDate" | "UTCDate" => tags::read_date(value),
        "TimeControl" => tags::read_time_control(value),
        "Result" => tags::read_result(value).map(str::to_string),
        "ECO" => eco::opening_name(value).map(str::to_string),
        "GameType" => match parse_game_type(value) {
            Ok(GameType::Known(board)) | Ok(GameType::Unknown(_, Some(board))) => Some(format!(
                "{}{}×{} board, {} moves first, {} squares",
                if board.name.is_empty() {
                    String::new()
                } else {
                    format!("{}: ", board.name)
                },
                board.width,
                board.height,
                if board.black_first { "Black" } else { "White" },
                match board.notation {
                    SquareNotation::Numeric => "numbered",
                    SquareNotation::Alphanumeric => "lettered",
                },
            )),
            Ok(GameType::Unknown(n, None)) => {
                Some(format!("game type {n}, not in the PDN standard"))
            }
            Err(message) => Some(message),
        },
        _ => None,
    }
}

/// A SAN move in words: `Nxe4+` is "knight takes on e4, check".
fn describe_san(san: &str) -> String {
    let core = san.trim_end_matches(['+', '#']);
    let mark = if san.ends_with('#') {
        ", checkmate"
    } else if san.ends_with('+') {
        ", check"
    } else {
        ""
    };
    match core {
        "O-O" | "0-0" => return format!("castles kingside{mark}"),
        "O-O-O" | "0-0-0" => return format!("castles queenside{mark}"),
        "--" | "Z0" | "0000" | "@@@@" => return "a null move (passes)".into(),
        _ => {}
    }
    let piece = match core.chars().next() {
        Some('N') => "knight",
        Some('B') => "bishop",
        Some('R') => "rook",
        Some('Q') => "queen",
        Some('K') => "king",
        _ => "pawn",
    };
    let (body, promotion) = match core.rfind(|c: char| c.is_ascii_digit()) {
        Some(i) => (&core[..=i], core[i + 1..].trim_start_matches('=')),
        None => (core, ""),
    };
    let destination = body.get(body.len().saturating_sub(2)..).unwrap_or(body);
    let mut text = if body.contains('@') {
        format!("{piece} dropped on {destination}")
    } else if body.contains('x') || body.contains(':') {
        format!("{piece} takes on {destination}")
    } else {
        format!("{piece} to {destination}")
    };
    let promoted = match promotion.to_ascii_uppercase().as_str() {
        "Q" => Some("queen"),
        "R" => Some("rook"),
        "B" => Some("bishop"),
        "N" => Some("knight"),
        _ => None,
    };
    if let Some(promoted) = promoted {
        text.push_str(&format!(", promotes to a {promoted}"));
    }
    text.push_str(mark);
    text
}

/// A draughts move in words: `26x37x48` is "captures from 26 via 37 to 48".
fn describe_draughts_move(text: &str) -> String {
    let forced = if text.ends_with('*') { " (forced)" } else { "" };
    let squares = kifu_syntax::pdn::board::move_squares(text);
    let capture = text.contains(['x', 'X', ':']);
    match squares.as_slice() {
        [from, to] if capture => format!("captures from {from} to {to}{forced}"),
        [from, to] => format!("moves from {from} to {to}{forced}"),
        [from, via @ .., to] => format!(
            "captures from {from} via {} to {to}{forced}",
            via.join(", ")
        ),
        _ => text.to_string(),
    }
}

/// A Go point as players write it: `dd` on 19×19 is D16 (columns skip I, rows count up).
pub(crate) fn go_coordinate(raw: &str, size: (u32, u32)) -> Option<String> {
    let (x, y) = properties::point(raw, Some(size))?;
    const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let column = *COLUMNS.get(x as usize)? as char;
    Some(format!("{column}{}", size.1 - y))
}

fn sgf_hover(root: &sgf::SyntaxNode, offset: TextSize) -> Option<Hover> {
    let token = significant(root.token_at_offset(offset), |t| t.kind().is_trivia())?;
    let property = Property::cast(token.parent()?)?;
    let id = property.canonical_ident()?;
    let info = properties::lookup(&id);
    let mut text = match info {
        Some(info) => format!(
            "**{id}** — {}; {}",
            info.name,
            shape_description(info.shape)
        ),
        None => format!("**{id}** — not an FF[4] property; its values are read as text"),
    };
    let node = property.syntax().parent()?;
    let size = board_size(property.syntax());
    let values = decoded_values(&property);
    if matches!(id.as_str(), "B" | "W") {
        let number = move_number(&node);
        let raw = property.raw_values().next().unwrap_or_default();
        let at = match go_coordinate(&raw, size) {
            Some(point) => point,
            None if raw.is_empty() || raw == "tt" => "pass".into(),
            None => format!("`{raw}`"),
        };
        let colour = if id == "B" { "Black" } else { "White" };
        text.push_str(&format!(
            "\n\nmove {number}: {colour} {at} (on {}×{})",
            size.0, size.1
        ));
    } else if !values.is_empty() {
        let shown: Vec<String> = values
            .iter()
            .map(|v| match go_coordinate(v, size) {
                Some(point)
                    if info.is_some_and(|i| {
                        matches!(
                            i.shape,
                            properties::Shape::List(_) | properties::Shape::EList(_)
                        )
                    }) =>
                {
                    format!("{v} ({point})")
                }
                _ => v.clone(),
            })
            .collect();
        text.push_str(&format!("\n\n{}", shown.join(", ")));
    }
    Some(Hover {
        range: property.syntax().text_range(),
        markdown: text,
    })
}

/// What values a property takes, in words.
fn shape_description(shape: properties::Shape) -> String {
    use properties::{type_name, Shape};
    match shape {
        Shape::One(ty) => format!("takes {}", type_name(ty)),
        Shape::Compose(a, b) => {
            format!("takes {} and {} joined by `:`", type_name(a), type_name(b))
        }
        Shape::OneOrCompose(plain, a, b) => format!(
            "takes {}, or {} and {} joined by `:`",
            type_name(plain),
            type_name(a),
            type_name(b)
        ),
        Shape::List(ty) => format!(
            "takes a list of {}s (`aa:cc` for a rectangle)",
            type_name(ty).trim_start_matches("a ")
        ),
        Shape::EList(ty) => format!(
            "takes a list of {}s, or `[]` for none",
            type_name(ty).trim_start_matches("a ")
        ),
        Shape::ListOfCompose(a, b) => format!(
            "takes a list of {} and {} joined by `:`",
            type_name(a),
            type_name(b)
        ),
    }
}

/// The board size of the game `node` is in: its root node's `SZ`, else 19×19.
fn board_size(node: &sgf::SyntaxNode) -> (u32, u32) {
    let game = node
        .ancestors()
        .filter(|n| n.kind() == sgf::SyntaxKind::GAME_TREE)
        .last()
        .and_then(sgf::ast::GameTree::cast);
    game.and_then(|g| g.nodes().next())
        .and_then(|root| {
            root.properties()
                .find(|p| p.canonical_ident().as_deref() == Some("SZ"))
        })
        .and_then(|p| p.raw_values().next())
        .and_then(|v| properties::board_size(&v))
        .unwrap_or((19, 19))
}

/// The number of moves (`B` or `W` nodes) from the root to `node`, itself included.
fn move_number(node: &sgf::SyntaxNode) -> usize {
    let has_move = |n: &sgf::SyntaxNode| {
        sgf::ast::Node::cast(n.clone()).is_some_and(|n| {
            n.properties()
                .any(|p| matches!(p.canonical_ident().as_deref(), Some("B" | "W")))
        })
    };
    let mut count = usize::from(has_move(node));
    let mut current = node.clone();
    loop {
        let mut sibling = current.prev_sibling();
        while let Some(s) = sibling {
            if s.kind() == sgf::SyntaxKind::NODE && has_move(&s) {
                count += 1;
            }
            sibling = s.prev_sibling();
        }
        match current.parent() {
            Some(parent) if parent.kind() == sgf::SyntaxKind::GAME_TREE => current = parent,
            _ => break,
        }
    }
    count
}
