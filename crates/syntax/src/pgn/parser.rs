//! The grammar of PGN and of the notations built on it (PDN): splits the tokens into games,
//! then parses each game on its own.
//!
//! The grammar works on *roles*, PGN's own token kinds: a [`Dialect`] says what role each of
//! its tokens plays (a PDN `32-28` is a move, as a PGN `Nf3` is) and which of its kinds a
//! node of each role gets, so each notation keeps its own `SyntaxKind`.
//!
//! The grammar sees only significant tokens, through the parser kit's cursor
//! ([`crate::parser`]), which hands white space to the [`Sink`] as it goes, so the tree holds
//! every byte. Each game is parsed from its own
//! token range, which is what lets the CLI parse games in parallel and an editor re-parse
//! one game.

use std::ops::Range;

use rowan::{TextRange, TextSize};

use super::evaluation::{evaluation, is_en_passant_mark};
use super::lexer::{is_line_break, starts_tag_pair};
use super::SyntaxKind::{self, *};
use crate::lexed::Lexed;
use crate::parser::{Grammar, Nesting, Parser};
use crate::sink::Sink;
use crate::{Code, SyntaxError};

/// How deeply variations nest before the parser stops making nodes for them. Real games
/// rarely pass 10; the cap keeps recursion (here and in every tree walk) off the stack's edge.
pub const MAX_VARIATION_DEPTH: usize = 256;

/// Variations, as the parser kit caps them: a result ends the game even inside one, unless
/// `)` follows it.
const VARIATIONS: Nesting<SyntaxKind> = Nesting {
    stop: Some(RESULT),
    max_depth: MAX_VARIATION_DEPTH,
    name: "variation",
    unclosed: Code::UnterminatedVariation,
};

/// A notation of the PGN family, as the grammar sees it: its roles and kinds (its
/// [`Grammar`]), and what it allows.
pub(crate) trait Dialect: Grammar<Role = SyntaxKind> {
    /// The notation's name, for messages.
    const NAME: &'static str;
    /// Whether a game must end in a result (PGN), or may stop anywhere (PDN).
    const RESULT_REQUIRED: bool;
    /// Whether a result may be written again after comments (`1-0 {note} 1-0`, PDN).
    const REPEATED_RESULT: bool;
    /// The largest NAG (PGN: 255), or `None` when the notation sets no limit (PDN).
    const NAG_MAX: Option<u32> = Some(255);
    /// Whether a suffix annotation (PGN) or move strength (PDN) is one the notation has.
    fn valid_suffix(text: &str) -> bool {
        matches!(text, "!" | "?" | "!!" | "??" | "!?" | "?!")
    }
    /// Whether a word is a result of the notation (to find one inside an unclosed comment).
    fn is_result(word: &str) -> bool {
        matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
    }
    /// What finds a problem with the text of a move token, if the notation has one (PDN);
    /// without one the grammar does not look at a move's text (in PGN that was a call for
    /// every move, to cut its text out of the source).
    const CHECK_MOVE: Option<fn(&str, TextRange) -> Option<SyntaxError>> = None;
    /// Whether moves are chess's SAN, for hints that read a word as chess moves
    /// (`glued_sans`).
    const CHESS_MOVES: bool = true;
}

/// PGN itself, whose tokens play their own roles: its kinds are the dialect.
pub(crate) type Pgn = SyntaxKind;

impl Dialect for Pgn {
    const NAME: &'static str = "PGN";
    const RESULT_REQUIRED: bool = true;
    const REPEATED_RESULT: bool = false;
}

/// Cuts the tokens into games: ranges of token indices from a game's first significant
/// token to just after its last one. White space between games belongs to no game.
///
/// A game ends after its result (unless a `)` follows: a result written inside a variation),
/// or before a line that starts a tag pair once the game has moves. Comments and tag pairs
/// before the first move keep the game in its tag section.
pub(crate) fn split_games<D: Dialect>(lexed: &Lexed<'_, D::Kind>) -> Vec<Range<usize>> {
    let role = |i: usize| D::role(lexed.kind(i));
    let bytes = lexed.text().as_bytes();
    let mut games = Vec::new();
    let mut start: Option<usize> = None;
    let mut seen_moves = false;
    let mut last = 0;
    let mut i = 0;
    while i < lexed.len() {
        let kind = role(i);
        if kind.is_trivia() {
            i += 1;
            continue;
        }
        match start {
            None => {
                start = Some(i);
                seen_moves = false;
            }
            Some(s)
                if kind == L_BRACK
                    && seen_moves
                    && at_line_start::<D>(lexed, i)
                    && starts_tag_pair(bytes, lexed.range(i).start) =>
            {
                games.push(s..last + 1);
                start = Some(i);
                seen_moves = false;
            }
            Some(_) => {}
        }
        match kind {
            L_BRACK | R_BRACK | STRING | SYMBOL | BRACE_COMMENT | LINE_COMMENT | ESCAPE_LINE => {}
            RESULT if !result_continues::<D>(lexed, i + 1) => {
                // Comments on the result's line are the game's (`1-0 {won on time}`): as the
                // next game's, a comment at the end of a file was a game of its own.
                i = comments_on_line::<D>(lexed, i);
                if let Some(s) = start.take() {
                    games.push(s..i + 1);
                }
            }
            _ => seen_moves = true,
        }
        last = i;
        i += 1;
        // In a game's moves, only a `[` (a tag pair at a line's start) or a result can end
        // it: the tokens before the next of them only move `last` (a look at each cost 13
        // instructions a token, 4.8% of building the tree of TWIC's file).
        if start.is_some() && seen_moves {
            let next = (i..lexed.len())
                .find(|&j| matches!(role(j), L_BRACK | RESULT))
                .unwrap_or(lexed.len());
            if let Some(k) = (i..next).rev().find(|&k| !role(k).is_trivia()) {
                last = k;
            }
            i = next;
        }
    }
    if let Some(s) = start {
        // Comments after the last game's result, on lines of their own, that end the text
        // (`1-0` and a line break, then `{Generated by ...}`): the last game's, as the comments
        // on its result's line are. As a game of their own they were a game of nothing,
        // counted by `kifu check` and exported as a game with no tags, moves or result. (Not
        // where more text follows, as in a piece of a text cut for parsing on every core:
        // there they are the next game's, before its tag pairs.)
        let ends_text = lexed.range(lexed.len() - 1).end == bytes.len();
        let only_comments = || (s..=last).all(|i| role(i).is_trivia() || role(i).is_comment());
        match games.last_mut() {
            Some(game) if ends_text && only_comments() => game.end = last + 1,
            _ => games.push(s..last + 1),
        }
    }
    games
}

/// The last of the comments and results that follow token `i` on its line (`1-0 {c} ; d`,
/// `1-0 1/2-1/2`), or `i`. A second result on the line is the game's mistake, said once by
/// the grammar: as a game of its own, it was a game of no moves that nothing reported.
fn comments_on_line<D: Dialect>(lexed: &Lexed<'_, D::Kind>, mut i: usize) -> usize {
    let mut j = i + 1;
    while j < lexed.len() {
        match D::role(lexed.kind(j)) {
            WHITESPACE if lexed.token_bytes(j).iter().any(|&b| is_line_break(b)) => break,
            WHITESPACE | BOM => {}
            // A NAG there annotates no move: the game's error, said once by the grammar
            // (as the next game's, it was a game of nothing with no result); but not when
            // moves follow it on the line (PDN's `2-0 $1 2. 28x19`: in PDN a game ends at
            // its result even so), where it stays the next game's, as before: the game
            // there has its own errors, which the NAG's would have added to.
            NAG if moves_on_line::<D>(lexed, j + 1) => break,
            BRACE_COMMENT | LINE_COMMENT | RESULT | NAG => i = j,
            _ => break,
        }
        j += 1;
    }
    i
}

fn next_significant<D: Dialect>(lexed: &Lexed<'_, D::Kind>, mut i: usize) -> Option<usize> {
    while i < lexed.len() {
        if !D::role(lexed.kind(i)).is_trivia() {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Whether the game goes on after a result whose next token is `i`: a `)` follows (a result
/// inside a variation), moves follow on its line ([`moves_follow_result`]), or, where the
/// dialect allows it, comments and the result again.
fn result_continues<D: Dialect>(lexed: &Lexed<'_, D::Kind>, i: usize) -> bool {
    let mut next = next_significant::<D>(lexed, i);
    if D::REPEATED_RESULT {
        while let Some(j) = next.filter(|&j| D::role(lexed.kind(j)).is_comment()) {
            next = next_significant::<D>(lexed, j + 1);
        }
        if next.is_some_and(|j| D::role(lexed.kind(j)) == RESULT) {
            return true;
        }
        next = next_significant::<D>(lexed, i);
    }
    next.is_some_and(|j| D::role(lexed.kind(j)) == R_PAREN) || moves_follow_result::<D>(lexed, i)
}

/// Whether a move follows a result whose next token is `i`, on the result's line (after
/// comments there too): a move (`1. e4 1-0 e5`), or a move number other than 1 (`1-0 2. Nf3`,
/// `1-0 {won} 2. Nf3`). That result was typed in
/// the middle of its game, which goes on: one mistake, where cutting the game there made a
/// game of the rest, with a missing move at its first move and a mismatched result. A `1.`
/// there starts a game (games written one to a line); a line break after the result ends
/// the game, as the standard reads it.
fn moves_follow_result<D: Dialect>(lexed: &Lexed<'_, D::Kind>, i: usize) -> bool {
    // (Not where a result may be written again after comments, PDN's `2-0 {c} 2-0`: there
    // the splitter and the grammar's reading after a result would disagree.)
    !D::REPEATED_RESULT && moves_on_line::<D>(lexed, i)
}

/// Whether a move, or a move number other than 1, is on the line of token `i` from it on,
/// after blanks, comments and NAGs (see [`moves_follow_result`]).
fn moves_on_line<D: Dialect>(lexed: &Lexed<'_, D::Kind>, mut i: usize) -> bool {
    while i < lexed.len() {
        match D::role(lexed.kind(i)) {
            WHITESPACE if lexed.token_bytes(i).iter().any(|&b| is_line_break(b)) => return false,
            WHITESPACE | BOM => {}
            // A comment (`1-0 {won} 2. Nf3`), on the result's line or from it to the line
            // of the moves (`1-0 {won` + line break + `on time} 2. Nf3`), and a NAG
            // (`1-0 $1 Nc6`).
            BRACE_COMMENT | NAG => {}
            SAN => return true,
            // A move number: digits and dots (a bare number may be the next line's game).
            INTEGER => {
                return lexed.token_bytes(i) != b"1"
                    && i + 1 < lexed.len()
                    && D::role(lexed.kind(i + 1)) == DOTS
            }
            _ => return false,
        }
        i += 1;
    }
    false
}

/// Whether a word may be two moves typed with no space between that split before byte `k`:
/// the first ends with a rank, a check mark or castling's `O`, the second starts with a
/// file, a piece letter or `O`, and each has two bytes at least. The shape the grammar
/// ([`glued_sans`]) and the replay (which plays the two) both look for.
pub fn glued_at(word: &[u8], k: usize) -> bool {
    k >= 2
        && k + 2 <= word.len()
        && matches!(word[k - 1], b'1'..=b'8' | b'+' | b'#' | b'O')
        && matches!(
            word[k],
            b'a'..=b'h' | b'K' | b'Q' | b'R' | b'B' | b'N' | b'O'
        )
}

/// Where a word that is not a move splits into two that are, typed with no space between
/// (`Nf3Nc6`, `Qh5+Nc6`, `O-OBe7`): the byte where the second starts ([`glued_at`]). (A
/// word such as `e4e5` is a move itself, in long algebraic: the replay tells it.)
pub(crate) fn glued_sans(word: &str) -> Option<usize> {
    let bytes = word.as_bytes();
    (2..bytes.len()).find(|&k| {
        glued_at(bytes, k) && super::lexer::is_san(&bytes[..k]) && super::lexer::is_san(&bytes[k..])
    })
}

/// A word that is a move once the capital letters after its piece letter are small
/// (`NF3`, `BXC4`, `RAE1`: a file, or the capture's `x`, typed with the shift key held): that
/// move (`Nf3`). A pawn's capital file (`E4`) is a move the lexer reads, which the replay
/// tells.
pub(crate) fn capital_files(word: &str) -> Option<String> {
    let bytes = word.as_bytes();
    if !matches!(bytes.first(), Some(b'K' | b'Q' | b'R' | b'B' | b'N')) {
        return None;
    }
    let mut small = bytes.to_vec();
    for b in &mut small[1..] {
        if matches!(b, b'A'..=b'H' | b'X') {
            b.make_ascii_lowercase();
        }
    }
    (small != bytes && super::lexer::is_san(&small))
        .then(|| String::from_utf8(small).expect("ASCII letters made small"))
}

/// Whether token `i` is the first thing on its line (white space and byte order marks
/// aside).
fn at_line_start<D: Dialect>(lexed: &Lexed<'_, D::Kind>, mut i: usize) -> bool {
    loop {
        if i == 0 {
            return true;
        }
        match D::role(lexed.kind(i - 1)) {
            BOM => {}
            WHITESPACE if lexed.token_bytes(i - 1).iter().any(|&b| is_line_break(b)) => {
                return true
            }
            WHITESPACE => {}
            _ => return false,
        }
        i -= 1;
    }
}

/// Parses the game in token range `tokens` into `sink`, returning its diagnostics.
/// `is_last` says whether any game follows, for the wording of a missing result.
pub(crate) fn parse_game<D: Dialect, S: Sink<D::Kind>>(
    lexed: &Lexed<'_, D::Kind>,
    tokens: Range<usize>,
    is_last: bool,
    sink: &mut S,
) -> Vec<SyntaxError> {
    let mut parser = GameParser::<D, S>::new(lexed, tokens, sink, GameState::default());
    parser.game(is_last);
    cap_errors(parser.into_errors())
}

/// How many errors one game reports before the rest are summed up in one note: past a
/// dozen, the file is usually not what it seems, and a wall of errors hides the first.
pub const MAX_ERRORS_PER_GAME: usize = 10;

/// The errors of a game in order, at most [`MAX_ERRORS_PER_GAME`] of them, and a note that
/// counts the rest.
fn cap_errors(mut errors: Vec<SyntaxError>) -> Vec<SyntaxError> {
    if errors.len() <= MAX_ERRORS_PER_GAME {
        return errors;
    }
    errors.sort_by_key(|e| e.range.start());
    let hidden = errors.split_off(MAX_ERRORS_PER_GAME);
    let last = hidden.last().map_or(hidden[0].range, |e| e.range);
    errors.push(
        SyntaxError::new(
            Code::MoreErrors,
            hidden[0].range,
            format!(
                "and {} more errors in this game, not listed: fix the ones above first",
                hidden.len()
            ),
        )
        .with_related(last, "the last of them"),
    );
    errors
}

/// Text in a game that is not PGN at all, which the game reports once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Foreign {
    /// An EPD record: a FEN board at the start of a line.
    Epd,
    /// An HTML tag, `<br />`.
    Html,
}

impl Foreign {
    /// What an `ERROR_TOKEN`'s text is, if it is one of these.
    fn of(text: &str) -> Option<Foreign> {
        if text.len() >= 3 && text.starts_with('<') && text.ends_with('>') {
            Some(Foreign::Html)
        } else if text.contains('/') && super::lexer::is_epd_line(text.as_bytes(), 0) {
            Some(Foreign::Epd)
        } else {
            None
        }
    }
}

/// What the PGN grammar keeps while it parses a game, besides the parser kit's cursor.
#[derive(Default)]
struct GameState {
    /// What the game looks like when it is not PGN (said once, at its first sign).
    not_pgn: Option<Foreign>,
}

/// The PGN grammar: the parser kit over a game's tokens.
type GameParser<'l, 't, D, S> = Parser<'l, 't, D, S, GameState>;

impl<D: Dialect, S: Sink<D::Kind>> GameParser<'_, '_, D, S> {
    fn game(&mut self, is_last: bool) {
        self.start(GAME);
        self.check_not_pgn();
        let has_tags = self.at(L_BRACK) || self.comments_then_tag();
        if has_tags {
            self.tag_section();
        }
        let mut has_moves = false;
        // (A result with moves after it on its line is the movetext's error.)
        if self
            .current()
            .is_some_and(|k| k != RESULT || self.moves_follow_result())
        {
            self.start(MOVETEXT);
            has_moves = self.items(false);
            self.finish();
        }
        if self.at(RESULT) {
            self.result();
        } else if D::RESULT_REQUIRED
            && (has_tags || has_moves)
            && self.state.not_pgn != Some(Foreign::Epd)
            // A comment never closed has swallowed the end of the game: that is its error.
            && !self.after_unclosed_comment()
        {
            let next = if is_last {
                "the end of the file"
            } else {
                "the next game"
            };
            let range = self.end_of_previous();
            self.error_at(
                Code::MissingResult,
                range,
                format!("this game has no result: expected `1-0`, `0-1`, `1/2-1/2` or `*` before {next}"),
            );
        }
        // After the result: comments on its line, its repetition after comments (where the
        // dialect allows it), or a stray `)`, which the splitter keeps in this game.
        while let Some(kind) = self.current() {
            match kind {
                RESULT if D::REPEATED_RESULT => self.result(),
                RESULT => self.second_result(),
                NAG => self.nag_after_result(),
                _ if kind.is_comment() => self.comment(),
                _ => self.stray_run(false),
            }
        }
        self.finish();
    }

    /// Whether moves follow the result at the cursor on its line ([`moves_follow_result`]).
    fn moves_follow_result(&self) -> bool {
        self.nth_index(0)
            .is_some_and(|i| moves_follow_result::<D>(self.lexed(), i + 1))
    }

    /// A result with moves after it on its line (`1. e4 1-0 e5`, or at the game's start):
    /// the game goes on (the splitter kept it one game), and the result is one error, whose
    /// fix removes it with the blanks after it.
    /// Returns whether it was one: otherwise the result at the cursor ends the movetext.
    /// (Not inlined: once a game, and the loop of items stays as it was.)
    #[inline(never)]
    fn result_in_movetext(&mut self) -> bool {
        if !self.moves_follow_result() {
            return false;
        }
        let range = self.error_node(|p| p.at(RESULT));
        // The blanks after it, up to the move on its line (the blanks before it may be the
        // line break after the previous game, when it starts a game).
        let next = self.current_range().start();
        let text = &self.text()[range];
        let message = format!("`{text}` with moves after it on its line: a result ends a game");
        self.error(SyntaxError::new(Code::StrayText, range, message).with_fix(
            format!("Remove `{text}`"),
            [(TextRange::new(range.start(), next), String::new())],
        ));
        true
    }

    /// A result after the game's result on its line (`1-0 1/2-1/2`): one error, whose fix
    /// removes it with the blanks before it.
    fn second_result(&mut self) {
        let before = self.end_of_previous().end();
        let first = self
            .previous_index()
            .filter(|&i| self.role(i) == RESULT)
            .map(|i| self.token_text(i));
        let range = self.error_node(|p| p.at(RESULT));
        let text = &self.text()[range];
        let message = match first {
            Some(first) => {
                format!("`{text}` after the game's result `{first}`: a game has one result")
            }
            None => format!("`{text}` after the game's result: a game has one result"),
        };
        self.error(SyntaxError::new(Code::StrayText, range, message).with_fix(
            format!("Remove `{text}`"),
            [(TextRange::new(before, range.end()), String::new())],
        ));
    }

    /// NAGs after the game's result on its line (`1-0 $1`): a NAG annotates the move before
    /// it, and one after the result annotates none. One error, whose fix moves them before
    /// the result (right after it, they are moved from there; else removed).
    #[cold]
    fn nag_after_result(&mut self) {
        let before = self.end_of_previous().end();
        let result = self
            .previous_index()
            .filter(|&i| self.role(i) == RESULT)
            .map(|i| self.text_range(i));
        let range = self.error_node(|p| p.at(NAG));
        let text = &self.text()[range];
        let message =
            format!("`{text}` after the game's result: a NAG annotates the move before it");
        let remove = (TextRange::new(before, range.end()), String::new());
        let error = SyntaxError::new(Code::StrayText, range, message);
        self.error(match result {
            Some(result) => error.with_fix(
                format!("Move `{text}` before the result"),
                [
                    (TextRange::empty(result.start()), format!("{text} ")),
                    remove,
                ],
            ),
            None => error.with_fix(format!("Remove `{text}`"), [remove]),
        });
    }

    /// The result at the cursor. One written another way (`1:0`, `1/2`, `½-½`, which the
    /// lexer reads as results) is said once, with the result PGN writes.
    fn result(&mut self) {
        if let Some(i) = self.nth_index(0) {
            let text = self.token_text(i);
            if !D::is_result(text) {
                if let Some(standard) = super::result::standard_result(text) {
                    let range = self.text_range(i);
                    self.error(
                        SyntaxError::new(
                            Code::NonStandardResult,
                            range,
                            format!(
                                "`{text}` is not a result as {} writes it: `{standard}`",
                                D::NAME
                            ),
                        )
                        .with_fix(
                            format!("Write `{standard}`"),
                            [(range, standard.to_string())],
                        ),
                    );
                }
            }
        }
        self.start(GAME_RESULT);
        self.bump();
        self.finish();
    }

    /// Says once what the game looks like when it is not PGN: an EPD record (its first thing
    /// is a FEN board) or a web page (an HTML tag anywhere); the stray runs made only of such
    /// text are then not reported one by one.
    fn check_not_pgn(&mut self) {
        let mut first = true;
        for i in self.rest() {
            let role = self.role(i);
            if role.is_trivia() {
                continue;
            }
            let foreign = if role == ERROR_TOKEN {
                Foreign::of(self.token_text(i))
            } else {
                None
            };
            let what = match foreign {
                Some(Foreign::Epd) if first => "EPD (a chess position per line, with opcodes)",
                Some(Foreign::Html) => "HTML pasted from a web page (it has tags such as `<br />`)",
                _ => {
                    first = false;
                    continue;
                }
            };
            let range = self.text_range(i);
            self.state.not_pgn = foreign;
            self.error_at(
                Code::NotPgn,
                range,
                format!(
                    "this looks like {what}, not PGN: kifu reports this once, not each line of it"
                ),
            );
            return;
        }
    }

    /// Whether the last significant token before the cursor is a `{` comment with no `}`.
    fn after_unclosed_comment(&self) -> bool {
        self.previous_index()
            .is_some_and(|i| self.role(i) == BRACE_COMMENT && !self.token_text(i).ends_with('}'))
    }

    /// Whether the cursor is at comments followed by a tag pair: comments between games
    /// that belong to the next game's tag section.
    fn comments_then_tag(&self) -> bool {
        let mut n = 0;
        while let Some(kind) = self.nth(n) {
            if !kind.is_comment() {
                return kind == L_BRACK;
            }
            n += 1;
        }
        false
    }

    /// Whether the cursor is at stray text followed, on the same line, by a tag pair.
    fn stray_then_tag(&self) -> bool {
        let mut n = 0;
        while let Some(kind) = self.nth(n) {
            match kind {
                SYMBOL | ERROR_TOKEN | R_CURLY | R_BRACK | STRING | DOTS | SUFFIX => n += 1,
                L_BRACK => return n > 0 && self.same_line(self.nth_index(0), self.nth_index(n)),
                _ => return false,
            }
        }
        false
    }

    /// Whether tokens `a` and `b` (indices) are on one line.
    fn same_line(&self, a: Option<usize>, b: Option<usize>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => {
                let between =
                    TextRange::new(self.text_range(a).start(), self.text_range(b).start());
                !self.text()[between].contains('\n')
            }
            _ => false,
        }
    }

    fn tag_section(&mut self) {
        self.start(TAG_SECTION);
        loop {
            if self.at(L_BRACK) {
                self.tag_pair();
            } else if self.comments_then_tag() {
                while self.current().is_some_and(SyntaxKind::is_comment) {
                    self.comment();
                }
            } else if self.stray_then_tag() {
                // Junk between tag pairs (`<br />` from a web page) is reported, and the tag
                // section goes on: the moves have not started.
                self.stray_run(false);
            } else {
                break;
            }
        }
        self.finish();
    }

    fn tag_pair(&mut self) {
        // `[Name "value"]` on one line, the common shape, in one step: what the rest of
        // this function makes of it, with no error. (Only `SYMBOL` tokens are read as the
        // role `SYMBOL`, in PGN and in PDN, so the name keeps its kind.)
        if let Some(i) = self.nth_index(0) {
            let shape = [L_BRACK, SYMBOL, WHITESPACE, STRING, R_BRACK];
            if (0..5).all(|t| self.role_of(i + t) == Some(shape[t]))
                && !self.token_bytes(i + 2).iter().any(|&b| is_line_break(b))
            {
                // The lexer ends a value with no closing quote at its line's end, so a `]`
                // right after a value means it was closed.
                debug_assert!(string_is_closed(self.token_text(i + 3)));
                self.leaf(TAG_PAIR, i + 5, false);
                return;
            }
        }
        self.start(TAG_PAIR);
        let open = self.current_range();
        self.bump();
        let mut problem: Option<&str> = None;
        if self.next_on_same_line() && matches!(self.current(), Some(SYMBOL | SAN | INTEGER)) {
            self.bump_as(SYMBOL);
        } else {
            problem = Some("a tag name after `[`");
        }
        if self.next_on_same_line() && self.at(STRING) {
            let range = self.current_range();
            let text = self.current_text().unwrap_or_default();
            let closed = string_is_closed(text);
            self.bump();
            if !closed {
                // Where the quote goes: before the tag's `]` when the value ran over it.
                let kept = text.trim_end();
                let close_at = kept.len() - usize::from(kept.ends_with(']'));
                let close_at = range.start() + TextSize::from(close_at as u32);
                self.error(
                    SyntaxError::new(
                        Code::UnterminatedString,
                        range,
                        "this tag value has no closing `\"` on its line",
                    )
                    .with_fix(
                        "Close the value with `\"`",
                        [(TextRange::empty(close_at), "\"".to_string())],
                    ),
                );
                problem = problem.or(Some(""));
            }
        } else if problem.is_none() {
            problem = Some("a quoted value such as `\"...\"` after the tag name");
        }
        // Anything else on the line before `]` does not belong in a tag pair.
        let in_tag_pair =
            |p: &Self| p.next_on_same_line() && !matches!(p.current(), Some(R_BRACK | L_BRACK));
        if in_tag_pair(self) {
            let range = self.error_node(in_tag_pair);
            if problem.is_none() {
                self.error_at(
                    Code::MalformedTagPair,
                    range,
                    "unexpected text in a tag pair: a tag pair is `[Name \"value\"]`",
                );
                problem = Some("");
            }
        }
        if self.next_on_same_line() && self.at(R_BRACK) {
            self.bump();
        } else if problem.is_none() {
            problem = Some("`]` to close the tag pair");
        }
        self.finish();
        if let Some(expected) = problem.filter(|p| !p.is_empty()) {
            let at = self.end_of_previous();
            self.error(
                SyntaxError::new(
                    Code::MalformedTagPair,
                    at,
                    format!("malformed tag pair: expected {expected}"),
                )
                .with_related(open, "the tag pair starts here"),
            );
        }
    }

    /// Parses movetext items up to a result, the end of the game, or (in a variation) `)`.
    /// Returns whether there was anything that is not a comment.
    fn items(&mut self, in_variation: bool) -> bool {
        let mut has_moves = false;
        while let Some(kind) = self.current() {
            if !kind.is_comment() {
                has_moves = true;
            }
            match kind {
                RESULT => {
                    if in_variation && self.nth(1) == Some(R_PAREN) {
                        self.result();
                    } else if !self.result_in_movetext() {
                        break;
                    }
                }
                R_PAREN if in_variation => break,
                INTEGER => self.move_number(),
                SAN => self.san_move(),
                NAG => self.nag(),
                BRACE_COMMENT | LINE_COMMENT | ESCAPE_LINE => self.comment(),
                L_PAREN => self.variation(),
                L_BRACK => {
                    let range = self.range_of(Self::tag_pair);
                    self.error_at(
                        Code::TagInMovetext,
                        range,
                        "a tag pair after the moves have started: tag pairs belong before the first move",
                    );
                }
                _ => self.stray_run(in_variation),
            }
        }
        has_moves
    }

    /// `12.`, `12...`, and `12. ...`: three dots standing for White's move, which books and
    /// chess.js write before a Black move (`14. ... Nc6`) and PDN 3.0's reading grammar calls
    /// an elided move. They are read as part of the number, as `12...` is.
    fn move_number(&mut self) {
        if let Some(i) = self.nth_index(0) {
            // Up to five digits cannot be more than `MAX_MOVE_NUMBER`: only a longer number
            // is cut out of the text and read.
            const { assert!(MAX_MOVE_NUMBER >= 99_999) };
            let digits = self.token_bytes(i);
            if digits.len() > 5 || !digits.iter().all(u8::is_ascii_digit) {
                let digits = self.token_text(i);
                if parse_move_number(digits).is_none() {
                    self.error_at(
                        Code::MoveNumberTooLarge,
                        self.text_range(i),
                        format!(
                            "{} is too large for a move number: no game has more than {MAX_MOVE_NUMBER} moves",
                            quote(digits)
                        ),
                    );
                }
            }
            // `12. `, the common shape, in one step.
            if self.role_of(i + 1) == Some(DOTS) && self.significant_role_from(i + 2) != Some(DOTS)
            {
                self.leaf(MOVE_NUMBER, i + 2, true);
                return;
            }
        }
        self.start(MOVE_NUMBER);
        self.bump();
        if self.at(DOTS) {
            self.bump();
        }
        if self.at(DOTS) && self.next_on_same_line() && self.current_text() == Some("...") {
            self.bump();
        }
        self.finish_with_spaces();
    }

    fn san_move(&mut self) {
        if let Some(i) = self.nth_index(0) {
            if let Some(check) = D::CHECK_MOVE {
                if let Some(error) = check(self.token_text(i), self.text_range(i)) {
                    self.error(error);
                }
            }
            // A move with no suffix, the common shape, in one step.
            if self.significant_role_from(i + 1) != Some(SUFFIX) {
                self.leaf(SAN_MOVE, i + 1, true);
                return;
            }
        }
        self.start(SAN_MOVE);
        self.bump();
        if self.at(SUFFIX) && self.next_on_same_line() {
            let range = self.current_range();
            let text = self.current_text().unwrap_or_default();
            self.bump();
            if !D::valid_suffix(text) {
                self.error_at(
                    Code::InvalidSuffix,
                    range,
                    format!(
                        "`{text}` is not a move annotation: use `!`, `?`, `!!`, `??`, `!?` or `?!`"
                    ),
                );
            }
        }
        self.finish_with_spaces();
    }

    fn nag(&mut self) {
        let range = self.current_range();
        let digits = self.current_text().map_or("", |nag| &nag[1..]);
        self.start(NAG_NODE);
        self.bump();
        self.finish_with_spaces();
        // PGN caps NAGs at 255; PDN does not (`$902`). Either way a NAG is `$` and digits
        // (`$-1` is one token, so that its whole text is flagged).
        let digits_only = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        let valid = digits_only
            && D::NAG_MAX.is_none_or(|max| digits.parse::<u32>().is_ok_and(|n| n <= max));
        if !valid {
            let rule = match D::NAG_MAX {
                Some(max) => format!("NAGs run from `$0` to `${max}`"),
                None => "a NAG is `$` and digits".to_string(),
            };
            self.error_at(
                Code::InvalidNag,
                range,
                format!("`${digits}` is not a NAG: {rule}"),
            );
        }
    }

    fn comment(&mut self) {
        let Some(i) = self.nth_index(0) else { return };
        let range = self.text_range(i);
        let text = self.token_text(i);
        let is_brace = self.role(i) == BRACE_COMMENT;
        if is_brace && text.ends_with('}') {
            if let Some(close) = self.nested_comment_end(i, text) {
                self.nested_comment(i, close);
                return;
            }
        }
        // In one step of the sink, as moves are: a comment is one token, found by its text
        // where it stands (1.6% fewer instructions for the tree of a Lichess file, whose
        // every move has its clock comment, than a node opened, its token keyed and the
        // node closed).
        self.leaf(COMMENT, i + 1, false);
        if is_brace && !text.ends_with('}') {
            let open = TextRange::at(range.start(), TextSize::from(1));
            let swallowed = swallowed_result::<D>(text)
                .map(|(at, result)| (range.start() + TextSize::from(at as u32), result));
            let stop = if i + 1 < self.lexed().len() {
                "kifu ended it before the next tag pair"
            } else {
                "it runs to the end of the file"
            };
            let message = match swallowed {
                Some((_, result)) => format!(
                    "this `{{` comment is never closed: `}}` is missing, so it swallowed the rest of the game and its result `{result}`; {stop}"
                ),
                None => format!("this `{{` comment is never closed: `}}` is missing, so {stop}"),
            };
            let mut error = SyntaxError::new(Code::UnterminatedComment, open, message)
                .with_related(
                    TextRange::empty(range.end()),
                    "the comment should end by here",
                );
            if let Some((at, result)) = swallowed {
                error = error
                    .with_related(
                        TextRange::at(at, TextSize::from(result.len() as u32)),
                        "the result, inside the comment",
                    )
                    .with_fix(
                        "Close the comment before the result with `}`",
                        [(TextRange::empty(at), "} ".to_string())],
                    );
            } else {
                error = error.with_fix(
                    "Close the comment with `}`",
                    [(TextRange::empty(range.end()), "}".to_string())],
                );
            }
            self.error(error);
        }
    }

    /// For a `{` comment that holds another `{` (`{ a { b } c }`), the `}` that would close
    /// it if comments nested: found among the next few tokens of the game, when the text
    /// after the first `}` is what such a comment would hold. `None` if there is none.
    fn nested_comment_end(&self, i: usize, text: &str) -> Option<usize> {
        const LOOKAHEAD: usize = 64;
        // Every comment passes here: look for an inner `{` with memchr before counting.
        let after_open = &text.as_bytes()[1..];
        memchr::memchr(b'{', after_open)?;
        let inner = memchr::memchr_iter(b'{', after_open).count();
        let mut closes = 0;
        let mut seen = 0;
        for j in i + 1..self.rest().end {
            let role = self.role(j);
            if role.is_trivia() {
                continue;
            }
            seen += 1;
            match role {
                R_CURLY => {
                    closes += 1;
                    if closes == inner {
                        return Some(j);
                    }
                }
                L_BRACK | RESULT => return None,
                _ if seen > LOOKAHEAD => return None,
                _ => {}
            }
        }
        None
    }

    /// A comment read as nested (`{ a { b } c }`): the `{...}` token, then the text up to the
    /// `}` that closes the outer comment, in one `COMMENT` node with one diagnostic.
    fn nested_comment(&mut self, i: usize, close: usize) {
        let text = self.token_text(i);
        let start = self.text_range(i).start();
        let inner = text[1..].find('{').map_or(0, |at| at + 1);
        self.start(COMMENT);
        self.bump();
        self.start(ERROR);
        self.bump_through(close);
        self.finish();
        self.finish();
        let end = self.text_range(close).end();
        self.error(
            SyntaxError::new(
                Code::NestedComment,
                TextRange::new(start + TextSize::from(inner as u32), end),
                format!("a comment inside a comment: {} comments do not nest, so the first `}}` ended the comment and the rest was left over (nested comments are a pgn-extract extension, its --nestedcomment option)", D::NAME),
            )
            .with_related(TextRange::at(start, TextSize::from(1)), "the outer comment opens here"),
        );
    }

    /// `B c4`, `N f3` (stray text `raw` ending at `end`, the cursor at the word after it): a
    /// piece's move typed with a space after its letter (and for `N`, ChessBase's novelty
    /// mark). The move the letter and the word after one space make, and that space. (The
    /// chess replay reads them so too.)
    fn spaced_piece(&self, raw: &str, end: TextSize) -> Option<(TextRange, String)> {
        let i = self
            .nth_index(0)
            .filter(|&i| matches!(raw, "K" | "Q" | "R" | "B" | "N") && self.role(i) == SAN)?;
        let space = TextRange::new(end, self.text_range(i).start());
        let joined = format!("{raw}{}", self.token_text(i));
        (&self.text()[space] == " " && super::lexer::is_san(joined.as_bytes()))
            .then_some((space, joined))
    }

    /// `( ... )`, or past [`MAX_VARIATION_DEPTH`] one flat ERROR node up to its `)`.
    fn variation(&mut self) {
        self.nested(&VARIATIONS, |p| {
            let open = p.current_range();
            p.start(VARIATION);
            p.bump();
            p.items(true);
            if p.at(R_PAREN) {
                p.bump();
            } else if !p.after_unclosed_comment() {
                // (After a comment never closed, the `)` is inside it: the comment's error
                // says so.)
                p.never_closed(&VARIATIONS, open);
            }
            p.finish();
        });
    }

    /// Text that fits nowhere: the token at the cursor and the stray tokens after it on the
    /// same line, in one ERROR node with one diagnostic (`the end` is one mistake, not two).
    fn stray_run(&mut self, in_variation: bool) {
        let start = self.current_range().start();
        // Where the pawn capture this text follows ends, if it follows one that could be en
        // passant (`exd6`), for an en passant mark.
        let capture_end = self
            .previous_index()
            .filter(|&i| self.role(i) == SAN && could_be_en_passant(self.token_bytes(i)))
            .map(|i| self.text_range(i).end());
        let mut close_brace = false;
        let mut close_paren = false;
        let mut only_suffixes = true;
        // Whether every token is text of the kind the game was found to be (`<br />`).
        let mut only_foreign = self.state.not_pgn.is_some();
        let mut epd = false;
        self.start(ERROR);
        loop {
            let foreign = match (self.current(), self.nth_index(0)) {
                (Some(ERROR_TOKEN), Some(i)) => Foreign::of(self.token_text(i)),
                _ => None,
            };
            epd |= foreign == Some(Foreign::Epd);
            only_foreign &= foreign.is_some() && foreign == self.state.not_pgn;
            match self.current() {
                Some(R_CURLY) => close_brace = true,
                Some(R_PAREN) => close_paren = true,
                Some(SUFFIX) => {}
                _ => only_suffixes = false,
            }
            self.bump();
            let continues = self.next_on_same_line()
                && match self.current() {
                    Some(SYMBOL | ERROR_TOKEN | STRING | DOTS | SUFFIX | R_CURLY | R_BRACK) => true,
                    Some(R_PAREN) => !in_variation,
                    _ => false,
                };
            if !continues {
                break;
            }
        }
        self.finish();
        if only_foreign {
            return;
        }
        let range = self.range_from(start);
        let raw = &self.text()[range];
        // A piece letter set apart from its move: the move it makes with it.
        let spaced = self.spaced_piece(raw, range.end());
        // Two moves typed with no space between (`Nf3Nc6`): the two, with the space.
        let glued = glued_sans(raw)
            .filter(|_| D::CHESS_MOVES)
            .map(|k| format!("{} {}", &raw[..k], &raw[k..]));
        // A move with its file in a capital letter (`NF3`): the move.
        let capital = capital_files(raw).filter(|_| D::CHESS_MOVES);
        // An annotation written as text: its NAG, what it means, and for `N` the move it may
        // be too.
        let annotation = evaluation(raw).map(|(nag, meaning)| (nag, meaning, spaced.clone()));
        let text = quote(raw);
        // Where the stray `}` or `)` is, to remove it.
        let at = |c: char| {
            raw.find(c)
                .map(|i| TextRange::at(range.start() + TextSize::from(i as u32), 1.into()))
        };
        let (brace, paren) = (at('}'), at(')'));
        let (code, message) = if epd {
            (
                Code::StrayText,
                format!("{text} looks like a FEN or EPD position, not movetext: in PGN a position goes in a `[FEN \"...\"]` tag"),
            )
        } else if close_brace {
            (
                Code::UnmatchedCloseBrace,
                format!("{text} is not movetext: its `}}` closes no comment (did an earlier comment end too soon?)"),
            )
        } else if close_paren {
            (
                Code::UnmatchedCloseParen,
                format!("{text}: this `)` closes no variation"),
            )
        } else if only_suffixes {
            (
                Code::InvalidSuffix,
                format!("the annotation {text} follows no move"),
            )
        } else if let Some((nag, meaning, spaced)) = &annotation {
            let spaced = spaced.as_ref().map_or(String::new(), |(_, mv)| {
                format!(", or a move written with a space after its piece (`{mv}`)")
            });
            (
                Code::EvaluationAsText,
                format!("{text} is an annotation written as text: {} writes it as the NAG `${nag}` ({meaning}){spaced}", D::NAME),
            )
        } else if capture_end.is_some() && is_en_passant_mark(raw) {
            (
                Code::EnPassantMark,
                format!("{text} marks an en passant capture, which SAN does not write"),
            )
        } else if let Some((_, mv)) = &spaced {
            (
                Code::StrayText,
                format!("{text} is not a move, move number, annotation, comment or result: a piece's letter set apart from its move? (`{mv}`)"),
            )
        } else if let Some(both) = &glued {
            (
                Code::StrayText,
                format!("{text} is not a move, move number, annotation, comment or result: two moves with no space between? (`{both}`)"),
            )
        } else if let Some(mv) = &capital {
            (
                Code::StrayText,
                format!("{text} is not a move, move number, annotation, comment or result: a file written as a capital letter? (`{mv}`)"),
            )
        } else {
            (
                Code::StrayText,
                format!("{text} is not a move, move number, annotation, comment or result"),
            )
        };
        let mut error = SyntaxError::new(code, range, message);
        if code == Code::UnmatchedCloseBrace {
            if let Some(brace) = brace {
                error = error
                    .with_fix("Remove the `}`", [(brace, String::new())])
                    .with_fix(
                        "Open a comment here with `{`",
                        [(TextRange::empty(range.start()), "{".to_string())],
                    );
            }
        } else if code == Code::UnmatchedCloseParen {
            if let Some(paren) = paren {
                error = error.with_fix("Remove the `)`", [(paren, String::new())]);
            }
        } else if code == Code::EvaluationAsText {
            if let Some((nag, _, spaced)) = annotation {
                error = error.with_fix(format!("Write `${nag}`"), [(range, format!("${nag}"))]);
                if let Some((space, mv)) = spaced {
                    error = error.with_fix(format!("Write `{mv}`"), [(space, String::new())]);
                }
            }
        } else if code == Code::StrayText {
            if let Some((space, mv)) = spaced.filter(|_| annotation.is_none()) {
                error = error.with_fix(format!("Write `{mv}`"), [(space, String::new())]);
            } else if let Some(both) = glued.filter(|_| annotation.is_none()) {
                error = error.with_fix(format!("Write `{both}`"), [(range, both)]);
            } else if let Some(mv) = capital.filter(|_| annotation.is_none()) {
                error = error.with_fix(format!("Write `{mv}`"), [(range, mv)]);
            }
        } else if code == Code::EnPassantMark {
            // The mark and the space before it.
            let from = capture_end.unwrap_or(range.start());
            error = error.with_fix(
                "Remove the mark",
                [(TextRange::new(from, range.end()), String::new())],
            );
        }
        self.error(error);
    }
}

/// The largest move number kifu reads. The longest possible chess game has fewer than 9,000
/// moves; a larger number is a mistake, and counting plies from it could overflow.
pub const MAX_MOVE_NUMBER: u32 = 100_000;

/// The number of a move number token, `None` when it is over [`MAX_MOVE_NUMBER`].
pub fn parse_move_number(digits: &str) -> Option<u32> {
    digits.parse().ok().filter(|&n| n <= MAX_MOVE_NUMBER)
}

/// The value of a NAG's digits, `None` when they are not a number from 0 to 255 (`-1`).
pub(crate) fn parse_nag(digits: &str) -> Option<u8> {
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        digits.parse().ok()
    } else {
        None
    }
}

/// Whether a STRING token has its closing quote.
pub(crate) fn string_is_closed(text: &str) -> bool {
    crate::language::is_closed_by(text, b'"')
}

/// The last result written inside an unclosed comment's text, and its offset in the text:
/// the result the comment swallowed.
fn swallowed_result<D: Dialect>(comment: &str) -> Option<(usize, &str)> {
    comment
        .split_ascii_whitespace()
        .rfind(|word| D::is_result(word))
        .map(|word| (word.as_ptr() as usize - comment.as_ptr() as usize, word))
}

/// Whether a move's text could be an en passant capture: a pawn's capture to the third or
/// sixth rank (`exd6`, `exd6+`).
fn could_be_en_passant(san: &[u8]) -> bool {
    let end = san
        .iter()
        .position(|&b| b == b'+' || b == b'#')
        .unwrap_or(san.len());
    matches!(san[..end], [b'a'..=b'h', b'x', b'a'..=b'h', b'3' | b'6'])
}

/// `text` in backticks for a message, shortened when long.
fn quote(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        format!("`{text}`")
    } else {
        let short: String = text.chars().take(MAX).collect();
        format!("`{short}…`")
    }
}
