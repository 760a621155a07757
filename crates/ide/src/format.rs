//! Formatting: PGN in the export format of the standard (section 8.2), which nothing it
//! does may change the meaning of.
//!
//! - Tag pairs one to a line, `[Name "value"]`, the Seven Tag Roster first in its order,
//!   then the others as written (values as written, escapes kept). A tag section with
//!   comments in it keeps its order, so that each comment stays beside its tags.
//! - A blank line after the tags and between games.
//! - Movetext wrapped at the width asked for (79 by default), one space between tokens, none
//!   inside `(` and `)`, a suffix glued to its move. Move numbers as the standard writes
//!   them: `12.` before every White move; `12...` before a Black move only where a reader
//!   needs it (first in a line, after a comment, after a variation). A `;` comment ends its
//!   line; a `%` escape line stands alone, in column 0.
//! - Comments are kept byte for byte (their line breaks too), and every NAG, suffix,
//!   variation, escape line and unknown tag.
//!
//! A game with a syntax error, or whose move numbers say something other than its moves
//! (`wrong-move-number`), is left byte for byte: numbers rewritten from a count the text
//! contradicts could move a move to the other side.

use kifu_syntax::pgn::SyntaxKind as K;
use kifu_syntax::{Severity, TextRange};
use rowan::{Language, NodeOrToken};

use crate::roles::{node_role, pdn_role, pgn_role, token_role, token_text, Role};

use crate::codes;
use crate::document::Parsed;
use crate::game::GameRef;
use crate::Document;

/// How to format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatOptions {
    /// The longest movetext line, in characters (a comment longer than that stands alone).
    pub width: usize,
}

impl Default for FormatOptions {
    fn default() -> FormatOptions {
        FormatOptions { width: 79 }
    }
}

impl Document {
    /// The document formatted: PGN and PDN in the standard's export format, SGF one node to
    /// a line.
    pub fn formatted(&self, options: FormatOptions) -> String {
        let f = Formatter::new(self, options);
        match self.parsed() {
            Parsed::Pgn(parse) => f.pgn_family(&parse.syntax(), pgn_role),
            Parsed::Pdn(parse) => f.pgn_family(&parse.syntax(), pdn_role),
            Parsed::Sgf(parse) => f.sgf(&parse.syntax()),
        }
    }

    /// The games `range` touches (the game the cursor is in, for an empty range),
    /// formatted: the span from the first one's start to the last one's end, and its new
    /// text. `None` when the range touches no game. The text around them is left as it is.
    pub fn formatted_range(
        &self,
        range: TextRange,
        options: FormatOptions,
    ) -> Option<(TextRange, String)> {
        let touches = |game: TextRange| {
            if range.is_empty() {
                game.contains_inclusive(range.start())
            } else {
                game.start() < range.end() && range.start() < game.end()
            }
        };
        let f = Formatter::new(self, options);
        let (games, between) = match self.parsed() {
            Parsed::Pgn(parse) => (f.pgn_family_games(&parse.syntax(), pgn_role, touches), 2),
            Parsed::Pdn(parse) => (f.pgn_family_games(&parse.syntax(), pdn_role, touches), 2),
            Parsed::Sgf(parse) => {
                use kifu_syntax::sgf::SyntaxKind as S;
                let games = parse
                    .syntax()
                    .children()
                    .filter(|t| t.kind() == S::GAME_TREE && touches(t.text_range()))
                    .map(|tree| (tree.text_range(), f.sgf_game(&tree)))
                    .collect();
                (games, 1)
            }
        };
        let span = games.iter().map(|(r, _)| *r).reduce(TextRange::cover)?;
        let texts: Vec<&str> = games
            .iter()
            .map(|(_, text)| text.strip_suffix(f.nl).unwrap_or(text))
            .collect();
        Some((span, texts.join(&f.nl.repeat(between))))
    }
}

/// Formatting one document: what is known once for all its games.
struct Formatter<'d> {
    document: &'d Document,
    options: FormatOptions,
    /// The line break to write: the text's own, as its first line ends (`\r\n`, `\n` or a
    /// lone `\r`).
    /// Line breaks inside comments and values are theirs, byte for byte.
    nl: &'static str,
    /// Where each problem that leaves its game as written is, in text order of its start: a
    /// syntax error, or a move number its moves contradict.
    blocked: Vec<TextRange>,
}

impl<'d> Formatter<'d> {
    fn new(document: &'d Document, options: FormatOptions) -> Formatter<'d> {
        let mut blocked: Vec<TextRange> = document
            .syntax_diagnostics()
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .chain(
                document
                    .diagnostics()
                    .iter()
                    .filter(|d| d.code == codes::WrongMoveNumber),
            )
            .map(|d| d.range)
            .collect();
        blocked.sort_unstable_by_key(|range| range.start());
        let mut f = Formatter {
            document,
            options,
            nl: "\n",
            blocked,
        };
        f.nl = f.line_break();
        f
    }

    /// The line break the text writes: the first one in white space between tokens, outside
    /// the games left as written; else the text's first one; else `\n`. `\r\n`, `\r` alone
    /// (classic Mac OS) or `\n`. Only breaks that formatting writes itself count, so that the
    /// formatted text says the same: the text's first break was dropped with the blank lines
    /// before the first game, or turned to a space between moves, and one inside a comment
    /// or a game left as written came first in the formatted text (formatting that changed
    /// its line breaks).
    fn line_break(&self) -> &'static str {
        let first = match self.document.parsed() {
            Parsed::Pgn(parse) => self.first_break(&parse.syntax(), pgn_role),
            Parsed::Pdn(parse) => self.first_break(&parse.syntax(), pdn_role),
            Parsed::Sgf(parse) => {
                use kifu_syntax::sgf::SyntaxKind as S;
                first_break_in(
                    &parse.syntax(),
                    |t| t.kind() == S::WHITESPACE,
                    |range| self.leave_as_written(range),
                )
            }
        };
        first
            .or_else(|| line_break_in(self.document.text()))
            .unwrap_or("\n")
    }

    /// [`Formatter::line_break`] in a PGN or PDN tree.
    fn first_break<L: Language>(
        &self,
        root: &rowan::SyntaxNode<L>,
        role: Role,
    ) -> Option<&'static str> {
        first_break_in(
            root,
            |t| token_role(t, role) == K::WHITESPACE,
            |range| self.leave_as_written(range),
        )
    }

    /// Whether the game at `range` is left as written: a problem starts in it, or is an
    /// empty range at its end (`)` missing) or inside it. A problem that starts where the
    /// game ends is the next game's or the text's after it (a stray `,` or `)` right after
    /// the game's last byte), and an empty one where the game starts is the game's before
    /// it: counted in this game, it was left as written while the same game a blank line
    /// away from the problem (as formatting leaves it) was not, so formatting the output
    /// changed it.
    fn leave_as_written(&self, range: TextRange) -> bool {
        let i = self
            .blocked
            .partition_point(|at| at.start() < range.start());
        self.blocked[i..]
            .iter()
            .take_while(|at| at.start() <= range.end())
            .any(|at| {
                if at.is_empty() {
                    at.start() > range.start()
                } else {
                    at.start() < range.end()
                }
            })
    }

    /// `node` as written, without the white-space tokens it ends with, then a line break
    /// unless it ends with one. `trim_end` cut into a token: a tag value, a comment or an
    /// SGF value left open at the end of the text ends with spaces and line breaks of its
    /// own, which a game left as written lost.
    fn as_written<L: Language>(
        &self,
        node: &rowan::SyntaxNode<L>,
        is_space: impl Fn(&rowan::SyntaxToken<L>) -> bool,
        out: &mut String,
    ) {
        let text = node.text().to_string();
        let mut end = text.len();
        let mut token = node.last_token();
        while let Some(t) = token.filter(|t| end > 0 && is_space(t)) {
            end -= t.text().len();
            token = t.prev_token();
        }
        let kept = &text[..end];
        out.push_str(kept);
        if !kept.ends_with(['\n', '\r']) {
            out.push_str(self.nl);
        }
    }

    /// A PGN or PDN text, read through the roles of its kinds.
    fn pgn_family<L: Language>(&self, root: &rowan::SyntaxNode<L>, role: Role) -> String {
        let text = self.document.text();
        let mut out = String::with_capacity(text.len() + text.len() / 8);
        // The game before: where it starts and ends, and whether it was left as written.
        let mut previous: Option<(usize, usize, bool)> = None;
        for child in root.children_with_tokens() {
            match child {
                NodeOrToken::Node(game) if node_role(&game, role) == K::GAME => {
                    let start = usize::from(game.text_range().start());
                    let end = usize::from(game.text_range().end());
                    let written = self.leave_as_written(game.text_range());
                    // A game that starts on the line where one left as written ends (a
                    // broken tag pair, then a string: `[1-0"]`) stays there: where the
                    // grammar cuts such text depends on its lines, and a blank line between
                    // the two made the pair part of the game before (one game fewer). So
                    // does a game left as written that starts on the line where the game
                    // before ends: moved to a line of its own, its text could read as other
                    // tokens there (`1. e4 *%%%`: `%` in column 0 starts an escape line), and
                    // formatting the output changed it.
                    // Only blanks between the two (no line break, no byte order mark of a
                    // file joined), and none in the white space the game before ends with.
                    // The blanks that keep it there, when it stays.
                    let blanks = previous
                        .filter(|&(_, end, before_written)| {
                            (before_written || written)
                                && text[end..start].bytes().all(|b| matches!(b, b' ' | b'\t'))
                        })
                        .and_then(|(from, ..)| {
                            let before = &text[from..start];
                            let kept = before.trim_end_matches([' ', '\t']);
                            (!kept.ends_with(['\n', '\r'])).then(|| &before[kept.len()..])
                        });
                    match blanks {
                        Some(blanks) if out.ends_with(self.nl) => {
                            // The game before ended with a line break of its own.
                            out.truncate(out.len() - self.nl.len());
                            out.push_str(blanks);
                        }
                        _ if !out.is_empty() => out.push_str(self.nl),
                        _ => {}
                    }
                    previous = Some((start, end, written));
                    out.push_str(&self.pgn_family_game(&game, role));
                }
                // White space between games becomes one blank line; anything else at the
                // top (never seen: the grammar puts all text in games) is kept.
                NodeOrToken::Node(other) => {
                    out.push_str(&other.text().to_string());
                }
                NodeOrToken::Token(token) => {
                    if token_role(&token, role) == K::BOM || !token.text().trim().is_empty() {
                        out.push_str(token.text());
                    }
                }
            }
        }
        out
    }

    /// The games of a PGN or PDN tree whose ranges pass `keep`, each with its text.
    fn pgn_family_games<L: Language>(
        &self,
        root: &rowan::SyntaxNode<L>,
        role: Role,
        keep: impl Fn(TextRange) -> bool,
    ) -> Vec<(TextRange, String)> {
        root.children()
            .filter(|n| node_role(n, role) == K::GAME && keep(n.text_range()))
            .map(|game| (game.text_range(), self.pgn_family_game(&game, role)))
            .collect()
    }

    /// One PGN or PDN game, formatted or as written, ending with a line break.
    fn pgn_family_game<L: Language>(&self, game: &rowan::SyntaxNode<L>, role: Role) -> String {
        let mut out = String::new();
        let formatted = (!self.leave_as_written(game.text_range()))
            .then(|| {
                let format = |model: GameRef<'_>| self.format_game(game, model, role, &mut out);
                self.document.with_game_of(game, format)
            })
            .flatten();
        if formatted.is_none() {
            let space = |t: &rowan::SyntaxToken<L>| token_role(t, role) == K::WHITESPACE;
            self.as_written(game, space, &mut out);
        }
        out
    }

    fn format_game<L: Language>(
        &self,
        game: &rowan::SyntaxNode<L>,
        model: GameRef<'_>,
        role: Role,
        out: &mut String,
    ) {
        let nl = self.nl;
        let mut children = game.children().peekable();
        if let Some(section) = children.next_if(|c| node_role(c, role) == K::TAG_SECTION) {
            tag_section(&section, role, nl, out);
            if children.peek().is_some() {
                out.push_str(nl);
            }
        }
        let mut writer = Writer::new(out, self.options.width, nl, role);
        let mut after_result = false;
        for child in children {
            match node_role(&child, role) {
                K::MOVETEXT => writer.line(&child, model),
                // Comments after the result are on its line, which makes them the game's
                // (broken onto a line of their own at the width, one opened the next game).
                K::COMMENT if after_result => {
                    writer.glue_to_line = true;
                    writer.comment(&child);
                }
                K::COMMENT => writer.comment(&child),
                // The result (in PDN, again after comments).
                _ => {
                    writer.word(&child.text().to_string());
                    after_result = true;
                }
            }
        }
        writer.finish();
    }

    /// SGF: one node to a line, each variation on lines of its own indented by its depth,
    /// properties in the order written with their values byte for byte; a game tree with a
    /// syntax error left as written.
    fn sgf(&self, collection: &kifu_syntax::sgf::SyntaxNode) -> String {
        use kifu_syntax::sgf::{SyntaxElement as E, SyntaxKind as S};
        let text = self.document.text();
        let mut out = String::with_capacity(text.len() + text.len() / 8);
        for child in collection.children_with_tokens() {
            match child {
                E::Node(tree) if tree.kind() == S::GAME_TREE => out.push_str(&self.sgf_game(&tree)),
                // White space between game trees becomes a line break; other text outside
                // them (a warning says what) is kept. At the text's start it goes, unless
                // the text after it starts with U+FEFF: there that character would be read
                // as a byte order mark, and the white space after it dropped in turn (the
                // output formatted again changed; found by the fuzz target).
                E::Token(token) if token.kind() == S::WHITESPACE => {
                    let next_starts_with_mark = |next: E| match next {
                        E::Node(node) => node
                            .first_token()
                            .is_some_and(|t| t.text().starts_with('\u{feff}')),
                        E::Token(next) => next.text().starts_with('\u{feff}'),
                    };
                    if out.is_empty()
                        && token
                            .next_sibling_or_token()
                            .is_some_and(next_starts_with_mark)
                    {
                        out.push_str(self.nl);
                    }
                }
                E::Node(node) => self.as_written(&node, |t| t.kind() == S::WHITESPACE, &mut out),
                E::Token(token) => {
                    out.push_str(token.text());
                    out.push_str(self.nl);
                }
            }
        }
        out
    }

    /// One SGF game tree, formatted or as written, ending with a line break.
    fn sgf_game(&self, tree: &kifu_syntax::sgf::SyntaxNode) -> String {
        use kifu_syntax::sgf::SyntaxKind as S;
        let mut out = String::new();
        if self.leave_as_written(tree.text_range()) {
            self.as_written(tree, |t| t.kind() == S::WHITESPACE, &mut out);
        } else {
            sgf_tree(tree, 0, self.nl, &mut out);
            out.push_str(self.nl);
        }
        out
    }
}

/// The first line break in a white-space token of `root`, outside its top-level nodes that
/// `skip` says are left as written, and not before its first node.
fn first_break_in<L: Language>(
    root: &rowan::SyntaxNode<L>,
    is_space: impl Fn(&rowan::SyntaxToken<L>) -> bool,
    skip: impl Fn(TextRange) -> bool,
) -> Option<&'static str> {
    let in_token =
        |t: &rowan::SyntaxToken<L>| is_space(t).then(|| line_break_in(t.text())).flatten();
    let mut after_a_node = false;
    root.children_with_tokens().find_map(|child| match child {
        // The white space before the first game is dropped.
        NodeOrToken::Token(token) => after_a_node.then(|| in_token(&token)).flatten(),
        NodeOrToken::Node(node) => {
            after_a_node = true;
            if skip(node.text_range()) {
                return None;
            }
            node.descendants_with_tokens()
                .filter_map(NodeOrToken::into_token)
                .find_map(|token| in_token(&token))
        }
    })
}

/// The kind of the first line break in `text`: `\r\n`, `\r` alone or `\n`.
fn line_break_in(text: &str) -> Option<&'static str> {
    let bytes = text.as_bytes();
    let at = bytes.iter().position(|&b| b == b'\n' || b == b'\r')?;
    Some(match (bytes[at], bytes.get(at + 1)) {
        (b'\r', Some(b'\n')) => "\r\n",
        (b'\r', _) => "\r",
        _ => "\n",
    })
}

/// An SGF game tree at `depth` (0 for a game), from `(` to `)`: each node on a line of its
/// own, each variation after them, indented two spaces a level.
fn sgf_tree(tree: &kifu_syntax::sgf::SyntaxNode, depth: usize, nl: &str, out: &mut String) {
    use kifu_syntax::sgf::{SyntaxElement as E, SyntaxKind as S};
    let indent = |out: &mut String| out.extend(std::iter::repeat_n(' ', depth * 2));
    indent(out);
    let mut first = true;
    for child in tree.children_with_tokens() {
        match child {
            E::Token(t) if matches!(t.kind(), S::L_PAREN | S::R_PAREN) => out.push_str(t.text()),
            E::Token(t) if t.kind() == S::WHITESPACE => {}
            E::Node(node) if node.kind() == S::NODE => {
                if !first {
                    out.push_str(nl);
                    indent(out);
                }
                first = false;
                for part in node.children_with_tokens() {
                    match part {
                        E::Token(t) if t.kind() == S::WHITESPACE => {}
                        E::Node(property) if property.kind() == S::PROPERTY => {
                            for token in property.children_with_tokens() {
                                if token.kind() != S::WHITESPACE {
                                    out.push_str(&token.to_string());
                                }
                            }
                        }
                        other => out.push_str(&other.to_string()),
                    }
                }
            }
            E::Node(variation) if variation.kind() == S::GAME_TREE => {
                out.push_str(nl);
                sgf_tree(&variation, depth + 1, nl, out);
                first = false;
            }
            other => out.push_str(&other.to_string()),
        }
    }
}

/// The tag pairs, one to a line; the roster first unless comments stand among them.
fn tag_section<L: Language>(
    section: &rowan::SyntaxNode<L>,
    role: Role,
    nl: &str,
    out: &mut String,
) {
    let has_comments = section
        .children()
        .any(|n| matches!(node_role(&n, role), K::COMMENT | K::ERROR));
    let mut items: Vec<(usize, String)> = Vec::new();
    for (i, child) in section.children().enumerate() {
        if node_role(&child, role) == K::TAG_PAIR {
            let name = token_text(&child, role, K::SYMBOL).unwrap_or_default();
            let value = token_text(&child, role, K::STRING).unwrap_or_default();
            let rank = if has_comments {
                i
            } else {
                crate::diagnostics::tags::ROSTER
                    .iter()
                    .position(|r| *r == name)
                    .unwrap_or(crate::diagnostics::tags::ROSTER.len() + i)
            };
            items.push((rank, format!("[{name} {value}]")));
        } else {
            items.push((i, child.text().to_string().trim_end().to_string()));
        }
    }
    // Stable: two tags of one name keep their order.
    items.sort_by_key(|(rank, _)| *rank);
    for (_, line) in items {
        out.push_str(&line);
        out.push_str(nl);
    }
}

/// Movetext being written: words, spaces and line breaks at the width.
struct Writer<'o> {
    out: &'o mut String,
    width: usize,
    /// The line break to write.
    nl: &'static str,
    /// The notation's roles.
    role: Role,
    /// Characters on the current line.
    column: usize,
    /// Whether the next word goes right after the last, with no space (after `(`).
    glue: bool,
    /// Whether the next word stays on the current line, whatever the width (a comment after
    /// the result).
    glue_to_line: bool,
}

/// What was written last in a line of moves, for the move numbers of Black's moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// Nothing yet: the line starts.
    Start,
    /// A move (its suffix and NAGs after it count as the move).
    Move,
    /// A comment or a variation: a reader needs the next move's number.
    Break,
}

impl<'o> Writer<'o> {
    fn new(out: &'o mut String, width: usize, nl: &'static str, role: Role) -> Writer<'o> {
        Writer {
            out,
            width,
            nl,
            role,
            column: 0,
            glue: false,
            glue_to_line: false,
        }
    }

    /// A word, after a space or at the start of a new line when it would pass the width.
    fn word(&mut self, text: &str) {
        let first_line = text.split('\n').next().unwrap_or_default();
        let len = first_line.chars().count();
        if self.column > 0 && !self.glue {
            if self.column + 1 + len > self.width && !self.glue_to_line {
                self.out.push_str(self.nl);
                self.column = 0;
            } else {
                self.out.push(' ');
                self.column += 1;
            }
        }
        self.glue = false;
        self.glue_to_line = false;
        self.out.push_str(text);
        match text.rfind('\n') {
            Some(at) => self.column = text[at + 1..].chars().count(),
            None => self.column += len,
        }
    }

    /// Text right after the last word (a suffix, `)`).
    fn attach(&mut self, text: &str) {
        self.out.push_str(text);
        self.column += text.chars().count();
        self.glue = false;
    }

    /// Ends the line.
    fn newline(&mut self) {
        if self.column > 0 {
            self.out.push_str(self.nl);
            self.column = 0;
        }
        self.glue = false;
    }

    /// A comment node: a `%` escape line alone in column 0, a `;` comment to the end of
    /// its line, any other (`{}`, a PDN setup command) as a word.
    fn comment<L: Language>(&mut self, node: &rowan::SyntaxNode<L>) {
        let text = node.text().to_string();
        let first = node.first_token().map(|t| token_role(&t, self.role));
        match first {
            Some(K::ESCAPE_LINE) if text.starts_with('%') => {
                self.newline();
                self.out.push_str(text.trim_end());
                self.out.push_str(self.nl);
            }
            Some(K::LINE_COMMENT) => {
                // PDN's `%` comment never starts a line, where it would be an escape line
                // (the model's comment gone; found by the fuzz target): it stays on its line
                // whatever the width, and a line it would start starts with a space.
                if text.starts_with('%') {
                    if self.column == 0 {
                        self.out.push(' ');
                        self.column = 1;
                        self.glue = true;
                    } else {
                        self.glue_to_line = true;
                    }
                }
                self.word(text.trim_end());
                self.newline();
            }
            _ => self.word(&text),
        }
    }

    /// The items of a movetext or variation node.
    fn line<L: Language>(&mut self, node: &rowan::SyntaxNode<L>, game: GameRef<'_>) {
        let role = self.role;
        let mut last = Last::Start;
        for child in node.children() {
            match node_role(&child, role) {
                // A number before a move is written from the model's count; one before
                // another number says nothing (the model counts the later one, `1 1... e5`)
                // and goes with it; one that neither follows is kept as written (`2. *`).
                // Kept before a number, it stood before the move once that number was left
                // out (a Black move's, where the reader does not need it), and formatting
                // again took it for the move's own number and left it out in turn.
                K::MOVE_NUMBER => {
                    let next = child.next_sibling().map(|next| node_role(&next, role));
                    if !matches!(next, Some(K::SAN_MOVE | K::MOVE_NUMBER)) {
                        self.word(child.text().to_string().trim_end());
                    }
                }
                K::SAN_MOVE => {
                    let at = child.text_range().start() - game.offset;
                    let Some(m) = game.game.move_starting_at(at) else {
                        self.word(child.text().to_string().trim_end());
                        last = Last::Move;
                        continue;
                    };
                    // The first mover's moves are numbered; the other's only where a
                    // reader needs it. The model says which and how (`12.`, `12...`).
                    let number = game
                        .game
                        .writes_number(m.ply, last == Last::Move)
                        .then(|| game.game.number_label(m.ply));
                    let san = token_text(&child, role, K::SAN).unwrap_or_default();
                    // A number and its move are never cut apart by a line break.
                    match number {
                        Some(number) => self.word(&format!("{number} {san}")),
                        None => self.word(&san),
                    }
                    if let Some(suffix) = token_text(&child, role, K::SUFFIX) {
                        self.attach(&suffix);
                    }
                    last = Last::Move;
                }
                K::NAG_NODE => self.word(child.text().to_string().trim()),
                K::COMMENT => {
                    self.comment(&child);
                    last = Last::Break;
                }
                K::VARIATION => {
                    self.word("(");
                    self.glue = true;
                    self.line(&child, game);
                    self.attach(")");
                    last = Last::Break;
                }
                _ => self.word(&child.text().to_string()),
            }
        }
    }

    fn finish(mut self) {
        self.newline();
    }
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use crate::{Document, FormatOptions, Notation, TextRange};

    fn check(text: &str, expect: Expect) {
        check_in(Notation::Pgn, text, expect);
    }

    /// Formats `text` as `notation`, and formats the output again: it must not change.
    fn check_in(notation: Notation, text: &str, expect: Expect) {
        let document = Document::new(notation, text.to_string());
        let formatted = document.formatted(FormatOptions::default());
        expect.assert_eq(&formatted);
        let again = Document::new(notation, formatted.clone()).formatted(FormatOptions::default());
        assert_eq!(again, formatted, "formatting the output changes it");
    }

    #[test]
    fn export_format() {
        check(
            "[White \"Tal\"] [Event \"x\"]\n[Black  \"Botvinnik\"]\n1.e4 e5 2. Nf3 {a comment} Nc6 3.Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 $1 Nf6!? 1-0",
            expect![[r#"
                [Event "x"]
                [White "Tal"]
                [Black "Botvinnik"]

                1. e4 e5 2. Nf3 {a comment} 2... Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 $1 Nf6!?
                1-0
            "#]],
        );
    }

    #[test]
    fn black_numbers_where_a_reader_needs_them() {
        // After a comment, a variation and at a line's start; not after a NAG or suffix.
        check(
            "1. e4 $1 e5 2. Nf3 Nc6!? {c} 3. Bb5 (3. Bc4 Bc5 (3... Nf6)) a6 *",
            expect![[r#"
                1. e4 $1 e5 2. Nf3 Nc6!? {c} 3. Bb5 (3. Bc4 Bc5 (3... Nf6)) 3... a6 *
            "#]],
        );
    }

    #[test]
    fn a_number_before_a_number_goes_with_it() {
        // `1` before `1...`: the model counts the later number, which is Black's and left
        // out after White's move; kept, the `1` stood before `e5` and formatting again left
        // it out (the fuzzer's find). A number that no move or number follows is kept.
        check(
            "1. e4 1\n1... e5 2. Nf3 Nc6 2 3. Bb5 4. *",
            expect![[r#"
                1. e4 e5 2. Nf3 Nc6 3. Bb5 4. *
            "#]],
        );
    }

    #[test]
    fn a_fen_game_starting_with_black() {
        check(
            "[FEN \"8/8/8/8/8/5k2/8/4K2R b K - 0 40\"]\n[SetUp \"1\"]\n40... Kf4 41. O-O *",
            expect![[r#"
                [FEN "8/8/8/8/8/5k2/8/4K2R b K - 0 40"]
                [SetUp "1"]

                40... Kf4 41. O-O *
            "#]],
        );
    }

    #[test]
    fn line_comments_and_escape_lines_keep_their_lines() {
        check(
            "[Event \"x\"]\n%escape line\n1. e4 ; to the end\ne5\n%another\n2. Nf3 *",
            expect![[r#"
                [Event "x"]

                %escape line
                1. e4 ; to the end
                1... e5
                %another
                2. Nf3 *
            "#]],
        );
    }

    #[test]
    fn comments_among_tags_keep_the_order() {
        check(
            "; first game of the day\n[White \"a\"]\n{ why }\n[Event \"x\"]\n\n1. e4 *",
            expect![[r#"
                ; first game of the day
                [White "a"]
                { why }
                [Event "x"]

                1. e4 *
            "#]],
        );
    }

    #[test]
    fn a_long_comment_keeps_its_line_breaks() {
        check(
            "1. e4 {a comment that goes on and on and on and on and on and on and on and on beyond the width\n  with a second line} e5 *",
            expect![[r#"
                1. e4
                {a comment that goes on and on and on and on and on and on and on and on beyond the width
                  with a second line} 1... e5 *
            "#]],
        );
    }

    #[test]
    fn broken_games_are_left_as_written() {
        // A syntax error (the first game), a number that contradicts the moves (the
        // second): both byte for byte; the third is formatted; one blank line between.
        check(
            "[Event \"a\"]\n1. e4 e5 ) 2. Nf3 *\n\n\n\n[Event \"b\"]\n1. e4 e5 3. Nf3   Nc6 *\n[Event \"c\"]\n1.e4    e5 *",
            expect![[r#"
                [Event "a"]
                1. e4 e5 ) 2. Nf3 *

                [Event "b"]
                1. e4 e5 3. Nf3   Nc6 *

                [Event "c"]

                1. e4 e5 *
            "#]],
        );
    }

    #[test]
    fn line_ends_are_kept() {
        check(
            "1.e4 {a\r\nb} e5 *\r\n",
            expect![["1. e4 {a\r\nb} 1... e5 *\r\n"]],
        );
        // A lone `\r` (classic Mac OS): two games, a `;` comment that ends at its line's end.
        check(
            "[Event \"a\"]\r\r1.e4 ; c\re5 *\r\r[Event \"b\"]\r\r1.d4 *\r",
            expect![["[Event \"a\"]\r\r1. e4 ; c\r1... e5 *\r\r[Event \"b\"]\r\r1. d4 *\r"]],
        );
    }

    #[test]
    fn the_width_is_an_option() {
        let document = Document::new(Notation::Pgn, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *".into());
        let narrow = document.formatted(FormatOptions { width: 12 });
        expect![[r#"
            1. e4 e5
            2. Nf3 Nc6
            3. Bb5 a6 *
        "#]]
        .assert_eq(&narrow);
    }

    #[test]
    fn comments_after_the_result_stay_on_its_line() {
        // On a line of their own they would open the next game (at the end of the file, a
        // game of their own): the width does not break them off.
        let text = "1. e4 e5 2. Nf3 Nc6 1-0 {won on time} ; flag\n\n[Event \"b\"]\n\n1. d4 *\n";
        let document = Document::new(Notation::Pgn, text.into());
        let narrow = document.formatted(FormatOptions { width: 12 });
        expect![[r#"
            1. e4 e5
            2. Nf3 Nc6
            1-0 {won on time} ; flag

            [Event "b"]

            1. d4 *
        "#]]
        .assert_eq(&narrow);
        let again = Document::new(Notation::Pgn, narrow.clone());
        let comments = |d: &Document| -> Vec<usize> {
            d.games()
                .map(|g| g.game.moves.iter().map(|m| g.game.comments(m).len()).sum())
                .collect()
        };
        assert_eq!(comments(&again), comments(&document));
        assert_eq!(comments(&again), [2, 0]);
    }

    #[test]
    fn pdn_as_pgn_with_its_own_moves() {
        // Checkers: Black moves first; a move strength, a setup command, the result said
        // again after a comment.
        check_in(
            Notation::Pdn,
            "[GameType \"21\"]\n[Event \"x\"]\n1.11-15  23-19 2. 8-11(?) 22-17 {c} /FEN \"B:W18:B14\"/ 1-0 {end} 1-0",
            expect![[r#"
                [Event "x"]
                [GameType "21"]

                1. 11-15 23-19 2. 8-11(?) 22-17 {c} /FEN "B:W18:B14"/ 1-0 {end} 1-0
            "#]],
        );
    }

    #[test]
    fn sgf_nodes_and_variations() {
        check_in(
            Notation::Sgf,
            "(;GM[1]FF[4] SZ[19]C[hi\\] there]\n;B[pd];W[dd](;B[pq]C[a\nb] ;W[dp])(;B[dp]TR [aa][bb]))",
            expect![[r#"
                (;GM[1]FF[4]SZ[19]C[hi\] there]
                ;B[pd]
                ;W[dd]
                  (;B[pq]C[a
                b]
                  ;W[dp])
                  (;B[dp]TR[aa][bb]))
            "#]],
        );
    }

    /// Text outside the game trees that starts with U+FEFF after white space at the text's
    /// start: the white space is kept as a line break, else the character would be a byte
    /// order mark and the white space after it would go the next time (found by the fuzz
    /// target).
    #[test]
    fn sgf_text_that_starts_with_u_feff_after_white_space_stays_after_a_line_break() {
        // (Not an `expect!`: its text would hold the NULs and the mark as they are.)
        let text = "\0\0\n\0\u{feff}\0\x001h\n\0[";
        let formatted =
            Document::new(Notation::Sgf, text.to_string()).formatted(FormatOptions::default());
        assert_eq!(formatted, "\n\u{feff}\0\x001h\n\0[\n");
        let again =
            Document::new(Notation::Sgf, formatted.clone()).formatted(FormatOptions::default());
        assert_eq!(again, formatted, "formatting the output changes it");
    }

    /// PDN's `%` comment is never moved to the start of a line, where it would be an escape
    /// line: not wrapped at the width, and after another line comment on a line that starts
    /// with a space (found by the fuzz target, a long comment after a number).
    #[test]
    fn pdn_percent_comments_never_start_a_line() {
        let long = "x".repeat(90);
        check_in(
            Notation::Pdn,
            &format!("35%{long} 9\n"),
            expect![[r#"
                35 %xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx 9
            "#]],
        );
        check_in(
            Notation::Pdn,
            "1. 32-28 %a\n %b\n19-23 1-0\n",
            expect![[r#"
                1. 32-28 %a
                 %b
                1... 19-23 1-0
            "#]],
        );
    }

    #[test]
    fn sgf_trees_with_errors_are_left_as_written() {
        check_in(
            Notation::Sgf,
            "(;GM[1];B[pd]  ;W[dd]\n(;b[aa]))  (;GM[1] ;B[aa])",
            expect![[r#"
            (;GM[1];B[pd]  ;W[dd]
            (;b[aa]))
            (;GM[1]
            ;B[aa])
        "#]],
        );
    }

    /// A problem right after a game's last byte is the next game's, or the text's after
    /// it: the game is formatted, and formatting the output again changes nothing (the
    /// game was left as written with the problem touching it, then formatted once a blank
    /// line stood between them).
    #[test]
    fn a_game_on_the_line_where_one_left_as_written_ends_stays_there() {
        // A broken tag pair with a string after it on its line: the pair is a game of its
        // own, the string starts the next. On lines of their own with a blank line between,
        // the pair was read into the game before (found by the fuzz target).
        let text = "1. e4 Bb\"A r\"]\n[1-0\"]\n\n1. c4 e5 1-0\n";
        check(
            text,
            expect![[r#"
                1. e4 Bb"A r"]

                [1-0"]

                1. c4 e5 1-0
            "#]],
        );
        let formatted =
            Document::new(Notation::Pgn, text.to_string()).formatted(FormatOptions::default());
        assert_eq!(
            Document::new(Notation::Pgn, formatted).game_count(),
            Document::new(Notation::Pgn, text.to_string()).game_count(),
        );
        // Not across a file's byte order mark (a file joined after it), which stays on a
        // line of its own.
        check(
            "1. e4 e5 11-0\n\n\u{feff}[Event \"b\"]\n\n1. d4 d5 *\n",
            expect!["1. e4 e5 11-0\n\u{feff}\n[Event \"b\"]\n\n1. d4 d5 *\n"],
        );
        // Spaces between the two as written.
        check(
            "[Event \"a\"]\n1. e4 ) *\n[1-0  \"] *\n",
            expect![[r#"
                [Event "a"]
                1. e4 ) *

                [1-0  "] *
            "#]],
        );
    }

    #[test]
    fn a_game_left_as_written_stays_on_the_line_where_the_game_before_ends() {
        // On a line of its own, `%%%` would start an escape line, and `[Event` would be
        // read with it: the fuzzer found the output formatted otherwise the second time.
        check(
            "[Event \"a\"]\n1. e4 *%%%[Event",
            expect![[r#"
                [Event "a"]

                1. e4 *%%%[Event
            "#]],
        );
        // The blanks between the two are kept; the games before are formatted as ever.
        check(
            "1. e4 *\n\n\n[Event \"b\"]\n1. d4 *  %%%",
            expect![[r#"
                1. e4 *

                [Event "b"]

                1. d4 *  %%%
            "#]],
        );
    }

    #[test]
    fn a_problem_right_after_a_game_is_not_the_games() {
        check_in(
            Notation::Pdn,
            "1. *19- 23 *,",
            expect![[r#"
                1. *

                1. 19- 23 *,
            "#]],
        );
        check_in(
            Notation::Sgf,
            "(;GM[1];B[aa]%)(;W[gc](;B[cg])(;B[gg])))",
            expect![[r#"
                (;GM[1];B[aa]%)
                (;W[gc]
                  (;B[cg])
                  (;B[gg]))
                )
            "#]],
        );
        // `)` missing at the end of a game: the empty range of its problem is the game's.
        check("1. e4 (1. d4 *", expect!["1. e4 (1. d4 *\n"]);
    }

    /// The line break is the first one formatting writes itself: not one the blank lines
    /// before the first game, or the white space between two moves, had (dropped, or made a
    /// space), after which one inside a comment or a game left as written came first.
    #[test]
    fn the_line_break_is_one_that_formatting_keeps() {
        check("1. e4\r\n{a\rb} *", expect!["1. e4 {a\rb} *\r\n"]);
        check(
            "\n[Event \r\"]\r\r1. e4 *\r\r",
            expect!["[Event \r\"]\r\r1. e4 *\r"],
        );
        check("1. e4 {a\rb} *", expect!["1. e4 {a\rb} *\r"]);
    }

    /// A game left as written loses the white space after it, but not the spaces that end
    /// a tag value, a comment or an SGF value left open at the end of the text: they are
    /// the value's, and the comment's.
    #[test]
    fn a_game_left_as_written_keeps_the_spaces_of_what_is_left_open() {
        check("[Event \"Open \n\n", expect!["[Event \"Open \n"]);
        check("1. e4 { a note  \n\n", expect!["1. e4 { a note  \n\n"]);
        check_in(
            Notation::Sgf,
            "(;GM[1]C[a note  \n\n",
            expect!["(;GM[1]C[a note  \n"],
        );
        check_in(
            Notation::Sgf,
            "(;GM[1]C[a])  %%  \n",
            expect!["(;GM[1]C[a])\n%%\n"],
        );
    }

    #[test]
    fn a_range_formats_the_games_it_touches() {
        let text = "1.e4  e5 *\n\n\n1.d4  d5 *\n1.c4  c5 *\n";
        let document = Document::new(Notation::Pgn, text.into());
        let options = FormatOptions::default();
        // From the middle of the second game into the third.
        let range = TextRange::new(16.into(), 26.into());
        let (span, formatted) = document.formatted_range(range, options).unwrap();
        assert_eq!(&text[span], "1.d4  d5 *\n1.c4  c5 *");
        assert_eq!(formatted, "1. d4 d5 *\n\n1. c4 c5 *");
        // A cursor in the first game.
        let (span, formatted) = document
            .formatted_range(TextRange::empty(3.into()), options)
            .unwrap();
        assert_eq!(
            (&text[span], formatted.as_str()),
            ("1.e4  e5 *", "1. e4 e5 *")
        );
        // Between games: none.
        assert_eq!(
            document.formatted_range(TextRange::empty(11.into()), options),
            None
        );
        // SGF: the game trees the range touches.
        let sgf = Document::new(Notation::Sgf, "(;GM[1];B[aa])\n(;GM[1] ;W[bb])".into());
        let (span, formatted) = sgf
            .formatted_range(TextRange::empty(18.into()), options)
            .unwrap();
        assert_eq!(u32::from(span.start()), 15);
        assert_eq!(formatted, "(;GM[1]\n;W[bb])");
    }
}
