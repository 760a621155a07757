//! The notation-neutral model of a game: what it is, read once from its subtree.
//!
//! A [`Game`] says which game a record is of ([`GameKind`]), where it starts ([`Start`] and
//! the ply of its first move), its [`Header`] (PGN tags, SGF root properties) and its move
//! tree: every [`Move`] with its ply, side, number and annotations, and every [`Line`] (the
//! main line and its variations, each knowing the move it branches from).
//!
//! This is the one place where moves are numbered and sides decided; features ask the
//! model. Its ranges are relative to the start of the game, so a model depends only on the
//! game's green tree: a document keeps it beside that tree, and an edit elsewhere, which
//! moves the game without changing it, keeps the model too. [`GameRef`] puts a model back
//! in its text.

mod movetext;
mod sgf;

pub use movetext::PlainModels;
#[cfg(test)]
mod tests;

use kifu_syntax::pdn::board::Board;
use kifu_syntax::{TextRange, TextSize};

/// Which game a record is of, as far as its notation says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameKind {
    /// Chess (PGN).
    Chess {
        /// The `Variant` tag (`Chess960`, `Crazyhouse`), `None` for standard chess.
        variant: Option<String>,
    },
    /// Go (SGF).
    Go {
        /// Columns and rows: the root's `SZ`, 19×19 without one.
        size: (u32, u32),
    },
    /// Draughts (PDN).
    Draughts {
        /// The board its `GameType` gives; international draughts without the tag, `None`
        /// when the tag names no board kifu knows.
        board: Option<Board>,
    },
}

/// Where a game starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The game's usual first position.
    Initial,
    /// The position of a `FEN` tag (chess or draughts), as written.
    Fen(String),
    /// Stones set up in the SGF root node (`AB`, `AW`, `AE`): handicap, problems.
    Setup,
}

/// A player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl Side {
    /// `White` or `Black`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// `white` or `black`, as data formats write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }

    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// The index of a move in [`Game::moves`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MoveId(u32);

/// The index of a line in [`Game::lines`]; the main line is [`LineId::MAIN`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineId(u32);

impl LineId {
    /// The main line: the game's moves.
    pub const MAIN: LineId = LineId(0);

    /// Its index in [`Game::lines`].
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The line at `index` in [`Game::lines`].
    pub(crate) fn nth(index: usize) -> LineId {
        LineId(index as u32)
    }
}

impl MoveId {
    /// Its index in [`Game::moves`].
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a game says about itself: PGN tags, SGF root properties. Names and values are
/// kept in one string, not one allocation each (a database has a dozen tags a game).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Header {
    /// The tag section, the SGF root node; `None` when there is none.
    pub range: Option<TextRange>,
    entries: Vec<Entry>,
    /// Where each value is in `strings`.
    values: Vec<(u32, u32)>,
    strings: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    name: (u32, u32),
    /// Where its values are in `values`.
    values: (u32, u32),
    range: TextRange,
}

/// One entry of the header: a PGN tag pair or an SGF root property.
#[derive(Debug, Clone, Copy)]
pub struct HeaderEntry<'h> {
    header: &'h Header,
    entry: &'h Entry,
}

impl<'h> HeaderEntry<'h> {
    /// `Event`, `PB` (an SGF identifier as `FF[4]` reads it: `AddBlack` is `AB`).
    #[inline]
    pub fn name(&self) -> &'h str {
        self.header.string(self.entry.name)
    }

    /// The values, decoded: a tag's one value with its escapes removed (none when it is
    /// missing), an SGF property's values by their type.
    #[inline]
    pub fn values(&self) -> impl Iterator<Item = &'h str> + 'h {
        let header = self.header;
        let (start, end) = self.entry.values;
        header.values[start as usize..end as usize]
            .iter()
            .map(move |&span| header.string(span))
    }

    /// The first value.
    #[inline]
    pub fn value(&self) -> Option<&'h str> {
        self.values().next()
    }

    /// The tag pair or property.
    pub fn range(&self) -> TextRange {
        self.entry.range
    }
}

impl Header {
    /// The entries, in text order.
    #[inline]
    pub fn entries(&self) -> impl Iterator<Item = HeaderEntry<'_>> {
        self.entries.iter().map(|entry| HeaderEntry {
            header: self,
            entry,
        })
    }

    /// The first value of the first entry named `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        // By the name's length first, from its span: most names of a header differ there,
        // and are passed over without slicing the strings (the chess model asks for
        // `Variant` and `FEN` in every game).
        let len = name.len();
        self.entries()
            .find(|e| (e.entry.name.1 - e.entry.name.0) as usize == len && e.name() == name)?
            .value()
    }

    /// The value of `name` when it says something: trimmed, not empty and not the
    /// standard's `?` for the unknown.
    pub fn known(&self, name: &str) -> Option<&str> {
        self.get(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    }

    /// Adds an entry: `push_values` appends its values with [`Header::push_value`].
    fn push(&mut self, name: &str, range: TextRange, push_values: impl FnOnce(&mut Header)) {
        let name = self.push_string(name);
        let first = self.values.len() as u32;
        push_values(self);
        self.entries.push(Entry {
            name,
            values: (first, self.values.len() as u32),
            range,
        });
    }

    /// Adds a value to the entry being pushed.
    fn push_value(&mut self, value: &str) {
        let span = self.push_string(value);
        self.values.push(span);
    }

    /// Empties it, keeping the room of its tables (see [`PlainModels`]).
    fn clear(&mut self) {
        self.range = None;
        self.entries.clear();
        self.values.clear();
        self.strings.clear();
    }

    /// Gives back the room its tables grew into (see [`Game::shrink_to_fit`]).
    fn shrink_to_fit(&mut self) {
        self.entries.shrink_to_fit();
        self.values.shrink_to_fit();
        self.strings.shrink_to_fit();
    }

    /// Appends `text` to `strings`: its span, the only kind [`Header::string`] reads.
    fn push_string(&mut self, text: &str) -> (u32, u32) {
        let start = self.strings.len() as u32;
        self.strings.push_str(text);
        (start, self.strings.len() as u32)
    }

    /// The string of a span [`Header::push_string`] gave. Not sliced as `&str` is, with
    /// the tests that the span starts and ends between characters: a span is the bounds of
    /// one whole `&str` pushed, and `strings` only grows until it is cleared with the
    /// spans. (The tests were 0.6% of `kifu check`'s instructions: the tag checks and the
    /// model read every name and most values.)
    #[inline]
    fn string(&self, (start, end): (u32, u32)) -> &str {
        let span = start as usize..end as usize;
        debug_assert!(self.strings.get(span.clone()).is_some(), "a span of a push");
        // SAFETY: `span` is the start and end of a `&str` that `push_string` appended to
        // `strings` (spans are made nowhere else, and `clear` drops the entries and values
        // that hold them with the strings), so it lies within `strings` and on character
        // boundaries.
        unsafe { self.strings.get_unchecked(span) }
    }
}

/// What kind of comment a comment is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentKind {
    /// `{...}`.
    Brace,
    /// `; ...` to the end of the line.
    Line,
    /// A `%` escape line or a PDN setup command: for programs, not for readers.
    Escape,
    /// An SGF `C[...]` value.
    Property,
}

/// A comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comment {
    /// All of it.
    pub range: TextRange,
    /// Its text, without delimiters (an SGF value still has its escapes).
    pub text: TextRange,
    /// What kind it is.
    pub kind: CommentKind,
}

/// A move and what is attached to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// The move with its suffix (`Nf3!`), the SGF node that holds it (`;B[dd]`).
    pub range: TextRange,
    /// The move as written: `Nf3`, `32-28`, the SGF point `dd` (empty for a pass).
    pub text: TextRange,
    /// The suffix annotation, `!?`, `(?)`.
    pub suffix: Option<TextRange>,
    /// Half-moves played before it since the game's first position (a `FEN` tag's counts).
    pub ply: u32,
    /// The number people give it: the full-move number (`12` in `12... Nc6`) in chess and
    /// draughts, one more than the moves before it in Go.
    pub number: u32,
    /// Who makes it.
    pub side: Side,
    /// The move number written just before it (`12.`), if there is one.
    pub written_number: Option<u32>,
    /// Where that number is written (`12...` with its dots).
    pub number_range: Option<TextRange>,
    /// Its NAGs, comments and variations ([`Game::nags`], [`Game::comments`],
    /// [`Game::variations`]), when it has any.
    annotations: AnnotationsId,
    /// The line it is in.
    pub line: LineId,
    /// The move played just before it: the previous one of its line, or the one its line
    /// branches from. `None` for the game's first move.
    pub parent: Option<MoveId>,
}

/// Where the things attached to a move are in the game's tables: every move's are in one
/// table per kind, one run after another, which saves an allocation per move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Items {
    start: u32,
    end: u32,
}

/// A move's runs in the game's tables, for a move that has NAGs, comments or variations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Annotations {
    nags: Items,
    comments: Items,
    variations: Items,
}

/// The index of a move's [`Annotations`] in [`Game::annotation_table`], or
/// [`AnnotationsId::NONE`]. Most moves have none: an index of 4 bytes instead of the three
/// runs' 24 in every move took a fifth off a kept model (96 to 76 bytes a move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct AnnotationsId(u32);

impl AnnotationsId {
    /// A move with nothing attached.
    const NONE: AnnotationsId = AnnotationsId(u32::MAX);
}

impl Items {
    fn of<T>(self, table: &[T]) -> &[T] {
        &table[self.start as usize..self.end as usize]
    }
}

/// Appends `run` to `table` and says where it went.
fn append<T: Copy>(table: &mut Vec<T>, run: &[T]) -> Items {
    let start = table.len() as u32;
    // Most runs are empty or one item (a clock comment, a NAG): `extend_from_slice` is a
    // call to `memcpy` for each, 40% of attaching a move's annotations.
    match run {
        [] => {}
        [one] => table.push(*one),
        _ => table.extend_from_slice(run),
    }
    Items {
        start,
        end: table.len() as u32,
    }
}

/// Appends `run` to `table` after the items of `had`, a run of the same move: in place
/// when `had` ends the table, else `had`'s items copied to the end first (its old place
/// is then read by no move).
fn append_to<T: Copy>(table: &mut Vec<T>, had: Items, run: &[T]) -> Items {
    if run.is_empty() {
        return had;
    }
    if had.start == had.end {
        return append(table, run);
    }
    let start = if had.end as usize == table.len() {
        had.start
    } else {
        let start = table.len() as u32;
        table.extend_from_within(had.start as usize..had.end as usize);
        start
    };
    table.extend_from_slice(run);
    Items {
        start,
        end: table.len() as u32,
    }
}

/// The main line or a variation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Line {
    /// All of it: `( ... )`, an SGF game tree; the movetext for a PGN main line.
    pub range: TextRange,
    /// What names it: its first move (PGN), its first node (SGF); all of it when empty.
    pub head: TextRange,
    /// The line it is written in; `None` for the main line.
    pub parent: Option<LineId>,
    /// The last move played before its first one: the position it starts from. `None` when
    /// it starts at the game's start.
    pub branches_from: Option<MoveId>,
    /// The move it is an alternative to (a PGN variation): the move written before it in
    /// its parent line, or the line's first move for one written before that move.
    pub replaces: Option<MoveId>,
    /// The ply of its first move.
    pub start_ply: u32,
    /// Its moves, in order. (Tables of their own that a reader of many games reuses from
    /// game to game: a line's tables copied into boxes of their size were three
    /// allocations a line, a tenth of the check of a file with many variations.)
    pub moves: Vec<MoveId>,
    /// Comments before its first move.
    pub comments: Vec<Comment>,
    /// The lines written inside it, in text order.
    pub variations: Vec<LineId>,
    /// Whether it is a PGN or PDN variation whose `)` is never written (the syntax's
    /// `unterminated-variation`): it runs to the end of its game.
    pub unclosed: bool,
}

impl Line {
    /// A line with nothing read into it yet.
    fn new(
        range: TextRange,
        head: TextRange,
        parent: Option<LineId>,
        branches_from: Option<MoveId>,
        start_ply: u32,
    ) -> Line {
        Line::reused(
            Line::default(),
            range,
            head,
            parent,
            branches_from,
            start_ply,
        )
    }

    /// `line` made a line with nothing read into it yet ([`Line::new`]), keeping the room of
    /// its tables.
    fn reused(
        mut line: Line,
        range: TextRange,
        head: TextRange,
        parent: Option<LineId>,
        branches_from: Option<MoveId>,
        start_ply: u32,
    ) -> Line {
        line.moves.clear();
        line.comments.clear();
        line.variations.clear();
        Line {
            range,
            head,
            parent,
            branches_from,
            replaces: None,
            start_ply,
            moves: line.moves,
            comments: line.comments,
            variations: line.variations,
            unclosed: false,
        }
    }

    fn shrink_to_fit(&mut self) {
        self.moves.shrink_to_fit();
        self.comments.shrink_to_fit();
        self.variations.shrink_to_fit();
    }
}

/// Stones set up in an SGF node after the root (`AB`, `AW`, `AE`): problems and
/// corrections. The root's are in the header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The node.
    pub range: TextRange,
    /// The line it is in.
    pub line: LineId,
    /// Each value (a point or a rectangle `aa:cc`, between its brackets) and what it puts
    /// there: a stone of a side, or nothing (`AE`).
    pub stones: Box<[(TextRange, Option<Side>)]>,
}

/// The model of one game. Ranges are relative to the start of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The length of its text.
    pub len: TextSize,
    /// Which game it is.
    pub kind: GameKind,
    /// Its first position.
    pub start: Start,
    /// The ply of its first move: from a `FEN` tag's side to move and move number.
    pub start_ply: u32,
    /// Who moves first (at even plies): White in chess, Black in English checkers.
    pub first_mover: Side,
    /// Its tags or root properties.
    pub header: Header,
    /// The result at its end (`1-0`), where the notation writes one.
    pub result: Option<TextRange>,
    /// Every move of every line, in text order.
    pub moves: Vec<Move>,
    /// The main line ([`LineId::MAIN`]) and every variation, in text order.
    pub lines: Vec<Line>,
    /// The NAGs of every move.
    nag_table: Vec<u8>,
    /// The comments of every move.
    comment_table: Vec<Comment>,
    /// The variations of every move.
    variation_table: Vec<LineId>,
    /// Where the moves that have any find theirs in the three tables above.
    annotation_table: Vec<Annotations>,
    /// Stones set up after the root (SGF), in text order.
    pub setups: Vec<Setup>,
    /// Whether the reader of the game found that no move's text has a capital letter but
    /// English SAN's (`K Q R B N P`, castling's `O`): the chess replay then looks for no
    /// other language's piece letters. `false` where nobody looked.
    pub(crate) english_letters: bool,
    /// The moves that follow text that is not PGN in their line (`4. O–O Nf6`: stray text
    /// where a move would be), in text order, each with the last such text before it: read
    /// only from a tree, as a plain game has none. After such text, a move of the wrong
    /// side is the text's mistake, not its own; and a piece letter set apart from its move
    /// (`3. B c4`) is read with it.
    pub(crate) after_stray_text: Vec<(MoveId, TextRange)>,
    /// The variations written right after text that is not PGN in their parent line
    /// (`2. Nf3Nc6 (2... d6)`), in text order, each with the last such text before it: read
    /// only from a tree. When that text is two moves typed with no space between, the
    /// variation is an alternative to the second.
    pub(crate) lines_after_stray_text: Vec<(LineId, TextRange)>,
}

/// The text recorded for `id` in `table` (in the order of its ids), if there is some.
fn stray_text_of<Id: Ord + Copy>(table: &[(Id, TextRange)], id: Id) -> Option<TextRange> {
    let i = table.binary_search_by_key(&id, |&(at, _)| at).ok()?;
    Some(table[i].1)
}

impl Game {
    /// Whether move `id` follows text that is not PGN in its line ([`Game::after_stray_text`]).
    pub(crate) fn follows_stray_text(&self, id: MoveId) -> bool {
        self.stray_text_before(id).is_some()
    }

    /// The text that is not PGN right before variation `id` in its parent line, if there
    /// is some ([`Game::lines_after_stray_text`]).
    pub(crate) fn stray_text_before_line(&self, id: LineId) -> Option<TextRange> {
        stray_text_of(&self.lines_after_stray_text, id)
    }

    /// The text that is not PGN right before move `id` in its line, if there is some.
    pub(crate) fn stray_text_before(&self, id: MoveId) -> Option<TextRange> {
        stray_text_of(&self.after_stray_text, id)
    }

    /// A game with its header read and no moves, lines or annotations yet.
    fn empty(
        len: TextSize,
        kind: GameKind,
        start: Start,
        start_ply: u32,
        first_mover: Side,
        header: Header,
    ) -> Game {
        Game {
            len,
            kind,
            start,
            start_ply,
            first_mover,
            header,
            result: None,
            moves: Vec::new(),
            lines: Vec::new(),
            nag_table: Vec::new(),
            comment_table: Vec::new(),
            variation_table: Vec::new(),
            annotation_table: Vec::new(),
            setups: Vec::new(),
            english_letters: false,
            after_stray_text: Vec::new(),
            lines_after_stray_text: Vec::new(),
        }
    }

    /// Empties it for another game to be read into it, keeping the room of its tables (see
    /// [`PlainModels`]): its header, result, moves, lines and annotations. What a reader
    /// sets at each game's start (its kind, start position, first ply, length) it sets anew.
    fn clear(&mut self) {
        self.header.clear();
        self.result = None;
        self.moves.clear();
        self.lines.clear();
        self.nag_table.clear();
        self.comment_table.clear();
        self.variation_table.clear();
        self.annotation_table.clear();
        self.setups.clear();
        self.english_letters = false;
        self.after_stray_text.clear();
        self.lines_after_stray_text.clear();
    }

    /// Gives back the room its tables grew into while it was read: a model kept for as
    /// long as its document is open holds exactly its moves. The tables grow by doubling,
    /// and on a 10 MB database their spare room was a third of the moves' (12 MiB). It
    /// costs 6% of building the model (35.4 against 33.3 ms for that database's 3,346
    /// games on one core, best of 10), paid also by the CLI's short-lived documents:
    /// under 1% of checking the 1,000 Fox games.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.moves.shrink_to_fit();
        self.lines.shrink_to_fit();
        for line in &mut self.lines {
            line.shrink_to_fit();
        }
        self.nag_table.shrink_to_fit();
        self.comment_table.shrink_to_fit();
        self.variation_table.shrink_to_fit();
        self.annotation_table.shrink_to_fit();
        self.setups.shrink_to_fit();
        self.header.shrink_to_fit();
    }

    /// The main line.
    pub fn main_line(&self) -> &Line {
        &self[LineId::MAIN]
    }

    /// The Numeric Annotation Glyphs after a move, `$14` as 14.
    pub fn nags(&self, m: &Move) -> &[u8] {
        self.annotations(m)
            .map_or(&[], |a| a.nags.of(&self.nag_table))
    }

    /// The comments after a move.
    pub fn comments(&self, m: &Move) -> &[Comment] {
        self.annotations(m)
            .map_or(&[], |a| a.comments.of(&self.comment_table))
    }

    /// The lines that replace a move (PGN variations written after it, or before the first
    /// move of its line), in text order.
    pub fn variations(&self, m: &Move) -> &[LineId] {
        self.annotations(m)
            .map_or(&[], |a| a.variations.of(&self.variation_table))
    }

    /// Where a move's NAGs, comments and variations are; `None` when it has none.
    fn annotations(&self, m: &Move) -> Option<&Annotations> {
        // NONE is past the end of any table.
        self.annotation_table.get(m.annotations.0 as usize)
    }

    /// Attaches NAGs, comments and variations to move `m` (after the comments
    /// [`Game::comment_now`] gave it, if any). Most moves have none: that is seen where
    /// this is called (inlined), without a call; the rest are attached by
    /// [`Game::annotate_some`].
    #[inline]
    fn annotate(&mut self, m: MoveId, nags: &[u8], comments: &[Comment], variations: &[LineId]) {
        if !(nags.is_empty() && comments.is_empty() && variations.is_empty()) {
            self.annotate_some(m, nags, comments, variations);
        }
    }

    /// [`Game::annotate`] of a move with something to attach. A move that has some
    /// already (comments [`Game::comment_now`] attached) gets these after them.
    fn annotate_some(
        &mut self,
        m: MoveId,
        nags: &[u8],
        comments: &[Comment],
        variations: &[LineId],
    ) {
        let id = self.moves[m.index()].annotations;
        if let Some(&had) = self.annotation_table.get(id.0 as usize) {
            self.annotation_table[id.0 as usize] = Annotations {
                nags: append_to(&mut self.nag_table, had.nags, nags),
                comments: append_to(&mut self.comment_table, had.comments, comments),
                variations: append_to(&mut self.variation_table, had.variations, variations),
            };
            return;
        }
        let annotations = Annotations {
            nags: append(&mut self.nag_table, nags),
            comments: append(&mut self.comment_table, comments),
            variations: append(&mut self.variation_table, variations),
        };
        self.moves[m.index()].annotations = AnnotationsId(self.annotation_table.len() as u32);
        self.annotation_table.push(annotations);
    }

    /// Attaches `comment` to move `m` at once, when nothing read since the move waits to
    /// be attached to it (a reader keeps NAGs and variations, and the comments after them,
    /// until the next move, so that the runs of the moves in a variation do not cut the
    /// move's runs): a new run, or one more comment in the move's run when that run ends
    /// the table. `false` when it cannot (the move's run is not the table's last, which the
    /// reader's one call never meets: a debug assertion), and the comment waits with the
    /// rest. (Kept, each comment was copied twice and the move given its runs at the next
    /// move: some 100 instructions a comment, 5.6% of checking TCEC's engine games, a
    /// comment after every move.)
    #[inline]
    pub(super) fn comment_now(&mut self, m: MoveId, comment: Comment) -> bool {
        let id = self.moves[m.index()].annotations;
        let end = self.comment_table.len() as u32;
        match self.annotation_table.get_mut(id.0 as usize) {
            None => {
                self.moves[m.index()].annotations =
                    AnnotationsId(self.annotation_table.len() as u32);
                self.annotation_table.push(Annotations {
                    nags: append(&mut self.nag_table, &[]),
                    comments: Items {
                        start: end,
                        end: end + 1,
                    },
                    variations: append(&mut self.variation_table, &[]),
                });
            }
            Some(annotations) => {
                // The reader asks only when nothing waits for the move: then no comment of
                // another move has come into the table since the move's own.
                let ends_table = annotations.comments.end == end;
                debug_assert!(ends_table, "a comment at once after another move's run");
                if !ends_table {
                    return false;
                }
                annotations.comments.end = end + 1;
            }
        }
        self.comment_table.push(comment);
        true
    }

    /// The move whose range starts at `start`.
    pub fn move_starting_at(&self, start: TextSize) -> Option<&Move> {
        self.move_id_starting_at(start).map(|id| &self[id])
    }

    /// The id of the move whose range starts at `start`.
    pub fn move_id_starting_at(&self, start: TextSize) -> Option<MoveId> {
        let i = self.moves.partition_point(|m| m.range.start() < start);
        self.moves
            .get(i)
            .filter(|m| m.range.start() == start)
            .map(|_| MoveId(i as u32))
    }

    /// The side that makes the move at `ply`.
    pub(crate) fn side_at(&self, ply: u32) -> Side {
        if ply.is_multiple_of(2) {
            self.first_mover
        } else {
            self.first_mover.opponent()
        }
    }

    /// The ply of the position after `m` (the game's first position for `None`): where the
    /// move after it is numbered.
    pub fn ply_after(&self, m: Option<MoveId>) -> u32 {
        m.map_or(self.start_ply, |m| self[m].ply + 1)
    }

    /// Whether the export format writes the number of the move at `ply` (chess, draughts):
    /// the first mover's always, the other's only where a reader has lost the count, that
    /// is unless it comes `after_a_move` (with that move's suffix and NAGs): first in a
    /// line, after a comment or a variation.
    pub fn writes_number(&self, ply: u32, after_a_move: bool) -> bool {
        self.side_at(ply) == self.first_mover || !after_a_move
    }

    /// The move number written before the move at `ply` in chess and draughts, with its
    /// dots: `12.` for the first move of pair 12, `12...` for the second.
    pub fn number_label(&self, ply: u32) -> String {
        let dots = if ply.is_multiple_of(2) { "." } else { "..." };
        format!("{}{dots}", self.number_at(ply))
    }

    /// The number people give the move at `ply` (see [`Move::number`]).
    pub(crate) fn number_at(&self, ply: u32) -> u32 {
        match self.kind {
            GameKind::Go { .. } => ply + 1,
            GameKind::Chess { .. } | GameKind::Draughts { .. } => ply / 2 + 1,
        }
    }
}

impl std::ops::Index<MoveId> for Game {
    type Output = Move;
    fn index(&self, id: MoveId) -> &Move {
        &self.moves[id.0 as usize]
    }
}

impl std::ops::Index<LineId> for Game {
    type Output = Line;
    fn index(&self, id: LineId) -> &Line {
        &self.lines[id.0 as usize]
    }
}

/// A game in its text: its model, the text it is in and where it starts there.
#[derive(Debug, Clone, Copy)]
pub struct GameRef<'a> {
    /// The model.
    pub game: &'a Game,
    /// The text of the document (or the piece of a file) the game is in.
    pub text: &'a str,
    /// Where the game starts in `text`.
    pub offset: TextSize,
}

impl<'a> GameRef<'a> {
    /// All of the game, in the text.
    pub fn full_range(&self) -> TextRange {
        TextRange::at(self.offset, self.game.len)
    }

    /// A range of the model as a range of the text.
    #[inline]
    pub fn range(&self, relative: TextRange) -> TextRange {
        relative + self.offset
    }

    /// The text of a range of the model.
    #[inline]
    pub fn text_of(&self, relative: TextRange) -> &'a str {
        &self.text[self.range(relative)]
    }

    /// The bytes of a range of the model: [`GameRef::text_of`] without its tests that the
    /// range starts and ends between characters, for a caller that reads bytes.
    #[inline]
    pub fn bytes_of(&self, relative: TextRange) -> &'a [u8] {
        &self.text.as_bytes()[std::ops::Range::<usize>::from(self.range(relative))]
    }

    /// The move as a list of moves writes it: `12... Nc6`, `1. 32-28` (in Go, `12. dd`).
    pub fn move_name(&self, m: &Move) -> String {
        let second = m.ply % 2 == 1 && !matches!(self.game.kind, GameKind::Go { .. });
        let dots = if second { "..." } else { "." };
        format!("{}{dots} {}", m.number, self.text_of(m.text))
    }

    /// The result, where the notation writes one: as written, or, for one written another
    /// way (`1:0`, `½-½`), the result PGN writes for it (`1-0`, `1/2-1/2`).
    pub fn result(&self) -> Option<&'a str> {
        self.game
            .result
            .map(|r| kifu_syntax::pgn::result_meant(self.text_of(r)))
    }
}

/// A Go move's place as players say it: its point (see [`go_coordinate`]), or `pass` for an
/// empty value or `tt` (FF[3]'s pass on boards up to 19×19); `None` for a value that is
/// neither.
pub fn go_move_point(raw: &str, size: (u32, u32)) -> Option<String> {
    match go_coordinate(raw, size) {
        Some(point) => Some(point),
        None if raw.is_empty() || raw == "tt" => Some("pass".into()),
        None => None,
    }
}

/// A Go point as players write it: `dd` on 19×19 is D16 (columns skip I, rows count up).
pub fn go_coordinate(raw: &str, size: (u32, u32)) -> Option<String> {
    let (x, y) = kifu_syntax::sgf::properties::point(raw, Some(size))?;
    const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let column = *COLUMNS.get(x as usize)? as char;
    Some(format!("{column}{}", size.1 - y))
}
