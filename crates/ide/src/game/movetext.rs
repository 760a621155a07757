//! PGN and PDN games into the model. PDN has PGN's structure under kinds of its own; both
//! are read through the roles they share (`pdn::SyntaxKind::role`), straight from the green
//! tree, which allocates nothing per node visited.

use kifu_syntax::pdn::board::{self, parse_fen, parse_game_type, GameType};
use kifu_syntax::pdn::PdnLanguage;
use kifu_syntax::pgn::ast::unescape_string;
use kifu_syntax::pgn::{PgnLanguage, SyntaxKind as K};
use kifu_syntax::{TextRange, TextSize};
use rowan::{GreenNodeData, GreenTokenData, Language, NodeOrToken};

use super::{
    append, Comment, CommentKind, Game, GameKind, Header, Items, Line, LineId, Move, MoveId, Side,
    Start,
};

/// What the shared grammar sees in a raw kind of one notation.
type Role = fn(rowan::SyntaxKind) -> K;

type Child<'g> = NodeOrToken<&'g GreenNodeData, &'g GreenTokenData>;

impl Game {
    /// The model of a PGN `GAME` node.
    pub fn pgn(game: &GreenNodeData) -> Game {
        read(game, PgnLanguage::kind_from_raw, chess_start)
    }

    /// The model of a PDN `GAME` node.
    pub fn pdn(game: &GreenNodeData) -> Game {
        read(
            game,
            |raw| PdnLanguage::kind_from_raw(raw).role(),
            draughts_start,
        )
    }
}

/// Which game a header describes, where it starts, its first ply and first mover.
type Setup = fn(&Header) -> (GameKind, Start, u32, Side);

/// Chess: the `FEN` tag's side to move and move number give the first ply (`... b - - 0 17`
/// is 33); the `Variant` tag names the variant.
fn chess_start(header: &Header) -> (GameKind, Start, u32, Side) {
    let variant = header.get("Variant").map(str::to_string);
    let (start, ply) = match header.get("FEN") {
        Some(fen) => {
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let black = fields.get(1) == Some(&"b");
            let number: u32 = fields
                .get(5)
                .and_then(|n| kifu_syntax::pgn::parse_move_number(n))
                .filter(|&n| n >= 1)
                .unwrap_or(1);
            let ply = (number - 1) * 2 + u32::from(black);
            (Start::Fen(fen.to_string()), ply)
        }
        None => (Start::Initial, 0),
    };
    (GameKind::Chess { variant }, start, ply, Side::White)
}

/// Draughts: the `GameType` tag gives the board and who moves first (Black in English
/// checkers, types 21 and 23); a `FEN` that gives the move to the other side makes the
/// first move the second mover's (ply 1).
fn draughts_start(header: &Header) -> (GameKind, Start, u32, Side) {
    let board = match header.get("GameType").map(parse_game_type) {
        None => board::standard(20),
        Some(Ok(GameType::Known(board) | GameType::Unknown(_, Some(board)))) => Some(board),
        Some(_) => None,
    };
    let black_first = board.is_some_and(|b| b.black_first);
    let fen = header.get("FEN");
    let white_to_move = fen
        .and_then(|f| parse_fen(f).ok())
        .and_then(|f| f.white_to_move);
    let ply = u32::from(white_to_move == Some(black_first));
    let start = fen.map_or(Start::Initial, |f| Start::Fen(f.to_string()));
    let first = if black_first {
        Side::Black
    } else {
        Side::White
    };
    (GameKind::Draughts { board }, start, ply, first)
}

/// A node's children with their offsets.
fn children(node: &GreenNodeData, start: TextSize) -> impl Iterator<Item = (Child<'_>, TextSize)> {
    node.children().scan(start, |offset, child| {
        let at = *offset;
        *offset += child.text_len();
        Some((child, at))
    })
}

/// The first token of `node` (a direct child) with role `kind`, and where it is.
fn token(
    node: &GreenNodeData,
    start: TextSize,
    role: Role,
    kind: K,
) -> Option<(&GreenTokenData, TextRange)> {
    children(node, start).find_map(|(child, at)| match child {
        NodeOrToken::Token(t) if role(t.kind()) == kind => {
            Some((t, TextRange::at(at, t.text_len())))
        }
        _ => None,
    })
}

fn read(green: &GreenNodeData, role: Role, setup: Setup) -> Game {
    let mut header = Header::default();
    let mut movetext = None;
    let mut result = None;
    for (child, at) in children(green, TextSize::from(0)) {
        let NodeOrToken::Node(node) = child else {
            continue;
        };
        match role(node.kind()) {
            K::TAG_SECTION if header.range.is_none() => {
                header.range = Some(TextRange::at(at, node.text_len()));
                for (pair, at) in children(node, at) {
                    if let NodeOrToken::Node(pair) = pair {
                        if role(pair.kind()) == K::TAG_PAIR {
                            tag(&mut header, pair, at, role);
                        }
                    }
                }
            }
            K::MOVETEXT if movetext.is_none() => movetext = Some((node, at)),
            K::GAME_RESULT if result.is_none() => {
                result = token(node, at, role, K::RESULT).map(|(_, range)| range);
            }
            _ => {}
        }
    }
    let (kind, start, start_ply, first_mover) = setup(&header);
    let empty_at = header.range.map_or(TextSize::from(0), |r| r.end());
    let mut reader = Reader {
        role,
        game: Game {
            result,
            ..Game::empty(
                green.text_len(),
                kind,
                start,
                start_ply,
                first_mover,
                header,
            )
        },
    };
    match movetext {
        Some((node, at)) => {
            reader.line(node, at, start_ply, None, None);
        }
        None => {
            let empty = TextRange::empty(empty_at);
            reader
                .game
                .lines
                .push(Line::new(empty, empty, None, None, start_ply));
        }
    }
    reader.game
}

/// A tag pair with a name, its value unescaped.
fn tag(header: &mut Header, pair: &GreenNodeData, at: TextSize, role: Role) {
    let Some((name, _)) = token(pair, at, role, K::SYMBOL) else {
        return;
    };
    let range = TextRange::at(at, pair.text_len());
    header.push(name.text(), range, |header| {
        if let Some((value, _)) = token(pair, at, role, K::STRING) {
            let text = value.text();
            // Most values have no escape: no need for a string of their own.
            match text.strip_prefix('"') {
                Some(inner) if !inner.contains('\\') => {
                    header.push_value(inner.strip_suffix('"').unwrap_or(inner))
                }
                _ => header.push_value(&unescape_string(text)),
            }
        }
    });
}

/// What is attached to the last move read of a line, until the next one: kept apart so
/// that the variations read in between, which fill the game's tables with their own moves'
/// things, leave each move's run whole.
#[derive(Default)]
struct Attached {
    nags: Vec<u8>,
    comments: Vec<Comment>,
    variations: Vec<LineId>,
}

struct Reader {
    role: Role,
    game: Game,
}

impl Reader {
    /// Reads the movetext or a variation into a new line whose first move is at
    /// `start_ply`, and returns it. Recursion is bounded by the parser's nesting cap.
    fn line(
        &mut self,
        node: &GreenNodeData,
        offset: TextSize,
        start_ply: u32,
        parent: Option<LineId>,
        branches_from: Option<MoveId>,
    ) -> LineId {
        let id = LineId(self.game.lines.len() as u32);
        let range = TextRange::at(offset, node.text_len());
        self.game
            .lines
            .push(Line::new(range, range, parent, branches_from, start_ply));
        let role = self.role;
        let mut moves: Vec<MoveId> = Vec::new();
        let mut comments = Vec::new();
        let mut variations = Vec::new();
        // Variations written before the line's first move replace that move.
        let mut attached = Attached::default();
        let mut ply = start_ply;
        let mut written = None;
        for (child, at) in children(node, offset) {
            let NodeOrToken::Node(child) = child else {
                continue;
            };
            let last = moves.last().copied();
            match role(child.kind()) {
                K::MOVE_NUMBER => {
                    let number = token(child, at, role, K::INTEGER)
                        .and_then(|(t, _)| kifu_syntax::pgn::parse_move_number(t.text()))
                        .filter(|&n| n >= 1);
                    // `12...`, or `12. ...` where the dots stand for White's move.
                    let black = children(child, at).any(|(t, _)| {
                        matches!(t, NodeOrToken::Token(t) if role(t.kind()) == K::DOTS && t.text().len() >= 3)
                    });
                    if let Some(n) = number {
                        let second = black || (ply % 2 == 1 && n == ply / 2 + 1);
                        ply = (n - 1).wrapping_mul(2).wrapping_add(u32::from(second));
                        written = Some((n, TextRange::at(at, child.text_len())));
                    }
                }
                K::SAN_MOVE => {
                    let Some((_, text)) = token(child, at, role, K::SAN) else {
                        continue;
                    };
                    if let Some(previous) = last {
                        self.attach(previous, &mut attached);
                    }
                    let m = MoveId(self.game.moves.len() as u32);
                    self.game.moves.push(Move {
                        range: TextRange::at(at, child.text_len()),
                        text,
                        suffix: token(child, at, role, K::SUFFIX).map(|(_, r)| r),
                        ply,
                        number: self.game.number_at(ply),
                        side: self.game.side_at(ply),
                        written_number: written.map(|(n, _)| n),
                        number_range: written.take().map(|(_, range)| range),
                        nags: Items::default(),
                        comments: Items::default(),
                        variations: Items::default(),
                        line: id,
                        parent: last.or(branches_from),
                    });
                    for &v in &attached.variations {
                        self.game.lines[v.0 as usize].replaces = Some(m);
                    }
                    moves.push(m);
                    ply = ply.wrapping_add(1);
                }
                K::NAG_NODE => {
                    let value = token(child, at, role, K::NAG)
                        .and_then(|(t, _)| t.text()[1..].parse::<u8>().ok());
                    if let (Some(value), Some(_)) = (value, last) {
                        attached.nags.push(value);
                    }
                }
                K::COMMENT => {
                    if let Some(comment) = comment(child, at, role) {
                        match last {
                            Some(_) => attached.comments.push(comment),
                            None => comments.push(comment),
                        }
                    }
                }
                K::VARIATION => {
                    // A variation replaces the move before it: it starts where that move did.
                    let (start, from) = match last {
                        Some(m) => {
                            let replaced = &self.game.moves[m.0 as usize];
                            (replaced.ply, replaced.parent)
                        }
                        None => (ply, last.or(branches_from)),
                    };
                    let sub = self.line(child, at, start, Some(id), from);
                    variations.push(sub);
                    if let Some(m) = last {
                        self.game.lines[sub.0 as usize].replaces = Some(m);
                    }
                    attached.variations.push(sub);
                }
                _ => {}
            }
        }
        if let Some(&m) = moves.last() {
            self.attach(m, &mut attached);
        }
        let line = &mut self.game.lines[id.0 as usize];
        if let Some(first) = moves.first() {
            line.head = self.game.moves[first.0 as usize].range;
        }
        line.moves = moves.into_boxed_slice();
        line.comments = comments.into_boxed_slice();
        line.variations = variations.into_boxed_slice();
        id
    }
}

impl Reader {
    /// Moves what was attached to move `m` into the game's tables.
    fn attach(&mut self, m: MoveId, attached: &mut Attached) {
        let game = &mut self.game;
        let items = (
            append(&mut game.nag_table, &attached.nags),
            append(&mut game.comment_table, &attached.comments),
            append(&mut game.variation_table, &attached.variations),
        );
        let m = &mut game.moves[m.0 as usize];
        (m.nags, m.comments, m.variations) = items;
        attached.nags.clear();
        attached.comments.clear();
        attached.variations.clear();
    }
}

/// A `COMMENT` node: its first token, without delimiters.
fn comment(node: &GreenNodeData, at: TextSize, role: Role) -> Option<Comment> {
    let NodeOrToken::Token(token) = node.children().next()? else {
        return None;
    };
    let text = token.text();
    let (kind, inner_end) = match role(token.kind()) {
        K::BRACE_COMMENT => (
            CommentKind::Brace,
            text.len() - usize::from(text.len() > 1 && text.ends_with('}')),
        ),
        K::LINE_COMMENT => (CommentKind::Line, text.len()),
        K::ESCAPE_LINE => (CommentKind::Escape, text.len()),
        _ => return None,
    };
    let start = 1.min(text.len());
    Some(Comment {
        range: TextRange::at(at, node.text_len()),
        text: TextRange::new(
            at + TextSize::from(start as u32),
            at + TextSize::from(inner_end.max(start) as u32),
        ),
        kind,
    })
}
