//! PGN and PDN games into the model. PDN has PGN's structure under kinds of its own; both
//! are read through the roles they share (`pdn::SyntaxKind::role`), straight from the green
//! tree, which allocates nothing per node visited.

use kifu_syntax::pdn::board::{self, parse_fen, parse_game_type, GameType};
use kifu_syntax::pgn::ast::unescape_string;
use kifu_syntax::pgn::{read_plain, PlainSink, SyntaxKind as K};
use kifu_syntax::{TextRange, TextSize};
use rowan::{GreenNodeData, GreenTokenData, NodeOrToken};

use crate::roles::{ends_with_spaces, pdn_role, pgn_role, Role};

use super::{
    AnnotationsId, Comment, CommentKind, Game, GameKind, Header, Line, LineId, Move, MoveId, Side,
    Start,
};

type Child<'g> = NodeOrToken<&'g GreenNodeData, &'g GreenTokenData>;

impl Game {
    /// The model of a PGN `GAME` node.
    pub fn pgn(game: &GreenNodeData) -> Game {
        read(game, pgn_role, chess_start)
    }

    /// The model of a PDN `GAME` node.
    pub fn pdn(game: &GreenNodeData) -> Game {
        read(game, pdn_role, draughts_start)
    }
}

/// Reads plain PGN games (see [`kifu_syntax::pgn::read_plain`]) straight into their
/// models, with no list of items in between: the model [`Game::pgn`] makes of the same
/// game's tree, without the tree. It keeps one model, which each game is read into in turn
/// and lent to the caller: its tables, and the frames of the lines read, are allocated
/// once for all the games a task reads, and the model is never moved.
pub struct PlainModels {
    reader: Reader,
}

impl Default for PlainModels {
    fn default() -> PlainModels {
        let game = Game::empty(
            TextSize::from(0),
            GameKind::Chess { variant: None },
            Start::Initial,
            0,
            Side::White,
            Header::default(),
        );
        PlainModels {
            reader: Reader::new(pgn_role, game),
        }
    }
}

impl PlainModels {
    /// Reads the plain game at `start` of `text` into the model, and gives `then` the game's
    /// range in `text` and its model: where the game ends (after its result) and what
    /// `then` gave, or `None` (and `then` is not called) when the game is not plain.
    pub fn read<T>(
        &mut self,
        text: &str,
        start: usize,
        then: impl FnOnce(TextRange, &Game) -> T,
    ) -> Option<(usize, T)> {
        self.reader.reset();
        let mut sink = ModelSink {
            text: &text[start..],
            reader: &mut self.reader,
        };
        let end = read_plain(text.as_bytes(), start, &mut sink)?;
        if !sink.started() {
            let at = end.tags.map_or(TextSize::from(0), |r| r.end());
            sink.start_movetext(at);
        }
        let reader = &mut self.reader;
        let line_end = end
            .movetext
            .map_or(reader.game.lines[0].range.start(), |m| m.end());
        reader.end_line(line_end);
        let game = &mut reader.game;
        game.len = end.range.len();
        game.header.range = end.tags;
        game.result = Some(end.result);
        game.english_letters = end.english_letters;
        Some((usize::from(end.range.end()), then(end.range, game)))
    }
}

/// A plain game's items, as they are read, into its model.
struct ModelSink<'t, 'r> {
    /// The game's text, from its first byte.
    text: &'t str,
    /// The reader of the model: its header holds the tags read so far until the movetext
    /// starts.
    reader: &'r mut Reader,
}

impl ModelSink<'_, '_> {
    /// The movetext starts at `at`: the header is whole, and tells where the game starts.
    #[cold]
    fn start_movetext(&mut self, at: TextSize) {
        let game = &mut self.reader.game;
        let (kind, start, start_ply, first_mover) = chess_start(&game.header);
        game.kind = kind;
        game.start = start;
        game.start_ply = start_ply;
        game.first_mover = first_mover;
        self.reader.begin_line(at, start_ply, None, None);
    }

    /// Whether the movetext has started: its main line is open from then to the game's end.
    #[inline]
    fn started(&self) -> bool {
        !self.reader.frames.is_empty()
    }

    /// The reader, its movetext started at `at` if it was not.
    #[inline]
    fn reader(&mut self, at: TextSize) -> &mut Reader {
        if !self.started() {
            self.start_movetext(at);
        }
        self.reader
    }
}

impl PlainSink for ModelSink<'_, '_> {
    #[inline]
    fn tag(&mut self, pair: TextRange, name: TextRange, value: TextRange) {
        let text = self.text;
        self.reader
            .game
            .header
            .push(&text[name], pair, |header| header.push_value(&text[value]));
    }

    #[inline]
    fn number(&mut self, range: TextRange, number: u32, black: bool) {
        self.reader(range.start())
            .number(Some(number), black, range);
    }

    #[inline]
    fn san(&mut self, san: TextRange) {
        self.reader(san.start()).san(san, san, None);
    }

    #[inline]
    fn suffix(&mut self, suffix: TextRange) {
        let reader = self.reader(suffix.start());
        if let Some(m) = reader.game.moves.last_mut() {
            m.range = TextRange::new(m.range.start(), suffix.end());
            m.suffix = Some(suffix);
        }
    }

    #[inline]
    fn nag(&mut self, at: TextSize, value: u8) {
        self.reader(at).nag(Some(value));
    }

    #[inline]
    fn comment(&mut self, range: TextRange, text: TextRange, line: bool) {
        let kind = if line {
            CommentKind::Line
        } else {
            CommentKind::Brace
        };
        self.reader(range.start())
            .comment(Comment { range, text, kind });
    }

    #[inline]
    fn open(&mut self, at: TextSize) {
        self.reader(at).begin_variation(at);
    }

    #[inline]
    fn close(&mut self, at: TextSize) {
        self.reader(at).end_variation(at, false);
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
            // The side to move and the move number, FEN's second and sixth fields, read
            // as they come (collected into a list, they were a tenth of checking a database
            // of short games from FENs).
            let (side, number) = fen_fields(fen);
            let black = side == Some("b");
            let number: u32 = number
                .and_then(kifu_syntax::pgn::parse_move_number)
                .filter(|&n| n >= 1)
                .unwrap_or(1);
            let ply = (number - 1) * 2 + u32::from(black);
            (Start::Fen(fen.to_string()), ply)
        }
        None => (Start::Initial, 0),
    };
    (GameKind::Chess { variant }, start, ply, Side::White)
}

/// The second and sixth of a FEN's fields as `str::split_whitespace` cuts them: for ASCII
/// (nearly every FEN) byte by byte, where `char::is_whitespace` took a look at every
/// character's code point.
fn fen_fields(fen: &str) -> (Option<&str>, Option<&str>) {
    if !fen.is_ascii() {
        let mut fields = fen.split_whitespace();
        return (fields.nth(1), fields.nth(3));
    }
    // The ASCII characters `char::is_whitespace` is true of.
    let space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r');
    let bytes = fen.as_bytes();
    let (mut second, mut field, mut i) = (None, 0, 0);
    while i < bytes.len() {
        if space(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !space(bytes[i]) {
            i += 1;
        }
        match field {
            1 => second = Some(&fen[start..i]),
            5 => return (second, Some(&fen[start..i])),
            _ => {}
        }
        field += 1;
    }
    (second, None)
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

/// The length of `node` without the spaces at its end: those after its last move, move
/// number or NAG, however deep (in a variation never closed, too), which the parser puts in
/// that node. The green tree's [`crate::roles::written_range`].
fn trimmed_len(node: &GreenNodeData, role: Role) -> TextSize {
    let mut parent = node;
    loop {
        match parent.children().last() {
            Some(NodeOrToken::Node(child)) => parent = child,
            Some(NodeOrToken::Token(t))
                if role(t.kind()) == K::WHITESPACE && ends_with_spaces(role(parent.kind())) =>
            {
                return node.text_len() - t.text_len();
            }
            _ => return node.text_len(),
        }
    }
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
    // Comments after the result (`1-0 {won on time}`), which the last move takes.
    let mut after_result = Vec::new();
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
            K::COMMENT if result.is_some() => after_result.extend(comment(node, at, role)),
            _ => {}
        }
    }
    let (kind, start, start_ply, first_mover) = setup(&header);
    let empty_at = header.range.map_or(TextSize::from(0), |r| r.end());
    let mut reader = Reader::new(
        role,
        Game {
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
    );
    // Each move of the tree says whether its letters are English (see `tree_line`).
    reader.game.english_letters = true;
    let end = match movetext {
        Some((node, at)) => {
            reader.begin_line(at, start_ply, None, None);
            reader.tree_line(node, at);
            at + trimmed_len(node, role)
        }
        None => {
            reader.begin_line(empty_at, start_ply, None, None);
            empty_at
        }
    };
    for comment in after_result {
        reader.comment(comment);
    }
    reader.end_line(end);
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

impl Attached {
    fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty() && self.variations.is_empty()
    }

    fn clear(&mut self) {
        self.nags.clear();
        self.comments.clear();
        self.variations.clear();
    }
}

/// A line being read.
struct Frame {
    id: LineId,
    start: TextSize,
    moves: Vec<MoveId>,
    comments: Vec<Comment>,
    variations: Vec<LineId>,
    /// Variations written before the line's first move replace that move.
    attached: Attached,
    ply: u32,
    written: Option<(u32, TextRange)>,
    branches_from: Option<MoveId>,
}

impl Frame {
    /// A frame with empty tables, whose line [`Reader::begin_line`] sets.
    fn empty() -> Frame {
        Frame {
            id: LineId(0),
            start: TextSize::default(),
            moves: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
            attached: Attached::default(),
            ply: 0,
            written: None,
            branches_from: None,
        }
    }

    /// Empties its tables, keeping their room, for another line.
    fn clear(&mut self) {
        self.moves.clear();
        self.comments.clear();
        self.variations.clear();
        self.attached.clear();
    }
}

/// Builds a game's lines from what a reader meets in text order: the one place where PGN
/// and PDN moves are numbered and attached, whether the reader walks a tree
/// ([`Reader::tree_line`]) or a plain game's items ([`PlainModels`]).
pub(super) struct Reader {
    role: Role,
    game: Game,
    /// Boxed (against clippy's `vec_box`): a frame is some 180 bytes, and each variation
    /// moved two of them in and out of these lists, with `memmove` (3% of checking a file
    /// with many variations); a box moves in a register.
    #[allow(clippy::vec_box)]
    frames: Vec<Box<Frame>>,
    /// Frames of lines read, emptied, for the next lines: their tables are allocated once.
    #[allow(clippy::vec_box)]
    spare: Vec<Box<Frame>>,
    /// The lines of the games read before, for the next games' lines: their tables too.
    spare_lines: Vec<Line>,
}

impl Reader {
    fn new(role: Role, game: Game) -> Reader {
        Reader {
            role,
            game,
            frames: Vec::new(),
            spare: Vec::new(),
            spare_lines: Vec::new(),
        }
    }

    /// Empties the model and the lines being read, for another game of the same kind,
    /// keeping the room of every table.
    fn reset(&mut self) {
        self.spare_lines.append(&mut self.game.lines);
        self.game.clear();
        // The lines a game given up on left open.
        for mut frame in self.frames.drain(..) {
            frame.clear();
            self.spare.push(frame);
        }
    }

    /// Starts a line at `start` whose first move is at `start_ply`.
    fn begin_line(
        &mut self,
        start: TextSize,
        start_ply: u32,
        parent: Option<LineId>,
        branches_from: Option<MoveId>,
    ) {
        let id = LineId(self.game.lines.len() as u32);
        let empty = TextRange::empty(start);
        let line = match self.spare_lines.pop() {
            Some(line) => Line::reused(line, empty, empty, parent, branches_from, start_ply),
            None => Line::new(empty, empty, parent, branches_from, start_ply),
        };
        self.game.lines.push(line);
        // A frame of a line read before, with its tables (emptied when it ended), or a new one.
        let mut frame = self.spare.pop().unwrap_or_else(|| Box::new(Frame::empty()));
        frame.id = id;
        frame.start = start;
        frame.ply = start_ply;
        frame.written = None;
        frame.branches_from = branches_from;
        self.frames.push(frame);
    }

    /// Ends the line being read at `end`.
    fn end_line(&mut self, end: TextSize) -> LineId {
        let mut frame = self.frames.pop().expect("a line is open");
        if let Some(&m) = frame.moves.last() {
            attach(&mut self.game, m, &mut frame.attached);
        }
        let range = TextRange::new(frame.start, end);
        let line = &mut self.game.lines[frame.id.0 as usize];
        line.range = range;
        line.head = match frame.moves.first() {
            Some(first) => self.game.moves[first.0 as usize].range,
            None => range,
        };
        // Each table handed to the line, which hands its own (empty) to the frame, kept,
        // emptied, for the next line.
        std::mem::swap(&mut line.moves, &mut frame.moves);
        std::mem::swap(&mut line.comments, &mut frame.comments);
        std::mem::swap(&mut line.variations, &mut frame.variations);
        // (Variations before a line's first move stay attached to no move.)
        frame.clear();
        let id = frame.id;
        self.spare.push(frame);
        id
    }

    fn frame(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a line is open")
    }

    /// A move number (`None` when it is no number of a move), with three dots or not.
    /// Inlined, as [`Reader::san`] and [`Reader::comment`] are: each is one per item read.
    #[inline]
    fn number(&mut self, number: Option<u32>, black: bool, range: TextRange) {
        let frame = self.frame();
        if let Some(n) = number {
            // `12...`, or `12. ...` where the dots stand for White's move.
            let second = black || (frame.ply % 2 == 1 && n == frame.ply / 2 + 1);
            frame.ply = (n - 1).wrapping_mul(2).wrapping_add(u32::from(second));
            frame.written = Some((n, range));
        }
    }

    /// A move: all of it, its text and its suffix. Inlined into its two callers: called, its
    /// suffix (an `Option` of 12 bytes) went through memory, written in two stores and read
    /// back in one, which stalls (perf); inlined, the check takes 2.3% fewer instructions.
    #[inline]
    fn san(&mut self, range: TextRange, text: TextRange, suffix: Option<TextRange>) {
        let Reader { game, frames, .. } = self;
        let frame = frames.last_mut().expect("a line is open");
        let previous = frame.moves.last().copied();
        let m = MoveId(game.moves.len() as u32);
        match previous {
            // Most moves have nothing attached to the one before.
            Some(previous) => {
                if !frame.attached.is_empty() {
                    attach(game, previous, &mut frame.attached);
                }
            }
            // Variations written before the line's first move replace it.
            None => {
                for &v in &frame.attached.variations {
                    game.lines[v.0 as usize].replaces = Some(m);
                }
            }
        }
        let ply = frame.ply;
        let (written_number, number_range) = match frame.written.take() {
            Some((n, range)) => (Some(n), Some(range)),
            None => (None, None),
        };
        game.moves.push(Move {
            range,
            text,
            suffix,
            ply,
            number: game.number_at(ply),
            side: game.side_at(ply),
            written_number,
            number_range,
            annotations: AnnotationsId::NONE,
            line: frame.id,
            parent: previous.or(frame.branches_from),
        });
        frame.moves.push(m);
        frame.ply = ply.wrapping_add(1);
    }

    /// A NAG (`None` when its value is none).
    fn nag(&mut self, value: Option<u8>) {
        let frame = self.frame();
        if let (Some(value), Some(_)) = (value, frame.moves.last()) {
            frame.attached.nags.push(value);
        }
    }

    /// A comment: attached at once to the move before it when nothing else waits to be
    /// ([`Game::comment_now`]), else kept with what waits until the next move.
    #[inline]
    fn comment(&mut self, comment: Comment) {
        let Reader { game, frames, .. } = self;
        let frame = frames.last_mut().expect("a line is open");
        match frame.moves.last() {
            Some(&m) => {
                if !frame.attached.is_empty() || !game.comment_now(m, comment) {
                    frame.attached.comments.push(comment);
                }
            }
            None => frame.comments.push(comment),
        }
    }

    /// A variation starts at `start`: it replaces the move before it, so it starts where
    /// that move did.
    fn begin_variation(&mut self, start: TextSize) {
        let frame = self.frames.last().expect("a line is open");
        let parent = frame.id;
        let (ply, from) = match frame.moves.last() {
            Some(&m) => {
                let replaced = &self.game.moves[m.0 as usize];
                (replaced.ply, replaced.parent)
            }
            None => (frame.ply, frame.branches_from),
        };
        self.begin_line(start, ply, Some(parent), from);
    }

    /// The variation being read ends at `end`, with its `)` or (`unclosed`) without.
    fn end_variation(&mut self, end: TextSize, unclosed: bool) {
        let sub = self.end_line(end);
        self.game.lines[sub.0 as usize].unclosed = unclosed;
        let frame = self.frames.last_mut().expect("a variation is in a line");
        frame.variations.push(sub);
        if let Some(&m) = frame.moves.last() {
            self.game.lines[sub.0 as usize].replaces = Some(m);
        }
        frame.attached.variations.push(sub);
    }

    /// Reads the children of a movetext or variation node into the open line. Recursion is
    /// bounded by the parser's nesting cap.
    fn tree_line(&mut self, node: &GreenNodeData, offset: TextSize) {
        let role = self.role;
        // The text that is not PGN since the line's last move, if any (the last of it).
        let mut stray = None;
        for (child, at) in children(node, offset) {
            let NodeOrToken::Node(child) = child else {
                continue;
            };
            match role(child.kind()) {
                K::MOVE_NUMBER => {
                    let number = token(child, at, role, K::INTEGER)
                        .and_then(|(t, _)| kifu_syntax::pgn::parse_move_number(t.text()))
                        .filter(|&n| n >= 1);
                    let black = children(child, at).any(|(t, _)| {
                        matches!(t, NodeOrToken::Token(t) if role(t.kind()) == K::DOTS && t.text().len() >= 3)
                    });
                    self.number(number, black, TextRange::at(at, trimmed_len(child, role)));
                }
                K::SAN_MOVE => {
                    let Some((san, text)) = token(child, at, role, K::SAN) else {
                        continue;
                    };
                    self.game.english_letters &=
                        kifu_syntax::pgn::has_english_letters_only(san.text().as_bytes());
                    let suffix = token(child, at, role, K::SUFFIX).map(|(_, r)| r);
                    self.san(TextRange::at(at, trimmed_len(child, role)), text, suffix);
                    if let Some(range) = stray.take() {
                        let m = MoveId(self.game.moves.len() as u32 - 1);
                        self.game.after_stray_text.push((m, range));
                    }
                }
                K::ERROR => stray = Some(TextRange::at(at, trimmed_len(child, role))),
                K::NAG_NODE => {
                    let value = token(child, at, role, K::NAG)
                        .and_then(|(t, _)| t.text()[1..].parse::<u8>().ok());
                    self.nag(value);
                }
                K::COMMENT => {
                    if let Some(comment) = comment(child, at, role) {
                        self.comment(comment);
                    }
                }
                K::VARIATION => {
                    self.begin_variation(at);
                    if let Some(range) = stray {
                        let id = self.frames.last().expect("a line is open").id;
                        self.game.lines_after_stray_text.push((id, range));
                    }
                    self.tree_line(child, at);
                    let closed = child.children().any(
                        |c| matches!(c, NodeOrToken::Token(t) if role(t.kind()) == K::R_PAREN),
                    );
                    self.end_variation(at + trimmed_len(child, role), !closed);
                }
                _ => {}
            }
        }
    }
}

/// Moves what was attached to move `m` into the game's tables.
fn attach(game: &mut Game, m: MoveId, attached: &mut Attached) {
    game.annotate(m, &attached.nags, &attached.comments, &attached.variations);
    attached.clear();
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

#[cfg(test)]
mod tests {
    /// FEN's second and sixth fields as `split_whitespace` cuts the text, on FENs with every
    /// kind of white space between and around their fields, ASCII and not.
    #[test]
    fn fen_fields_are_split_whitespaces() {
        const PIECES: [&str; 12] = [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
            "b",
            "w",
            "KQkq",
            "-",
            "e3",
            "0",
            "12",
            "é",
            "\u{3000}",
            "\u{a0}",
            "\u{b}",
        ];
        const SPACES: [&str; 8] = [" ", "  ", "\t", "\n", "\r\n", "\u{b}", "\u{c}", "\u{85}"];
        let mut random = kifu_testing::Lcg::new(5);
        for _ in 0..20_000 {
            let mut fen = String::new();
            for _ in 0..random.below(9) {
                if random.below(3) > 0 {
                    fen.push_str(SPACES[random.below(SPACES.len())]);
                }
                fen.push_str(PIECES[random.below(PIECES.len())]);
            }
            let mut fields = fen.split_whitespace();
            assert_eq!(
                super::fen_fields(&fen),
                (fields.nth(1), fields.nth(3)),
                "{fen:?}"
            );
        }
    }
}
