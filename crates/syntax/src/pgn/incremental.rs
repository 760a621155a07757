//! Re-parsing after an edit without touching the games it does not reach.
//!
//! A fresh parse lexes the whole text, cuts the tokens into games and parses each game from
//! its own tokens. [`reparse`] does the same over a *region* of the new text: from a game
//! start before the edit where nothing earlier can change how the text is cut, to a game
//! start after the edit where nothing in the edit can. Games outside the region keep their
//! green trees (green trees hold no offsets) and their diagnostics, moved by the edit's length.
//!
//! The region starts at the start of the text, or at a game `a` that begins with `[` after
//! the edit's first byte, where game `a - 1` ended with its result on an earlier line. Every
//! token before it then ended, and looked at no byte, past the line of that result (strings,
//! line comments and escapes stop at their line's end; a brace comment stops at its `}` or
//! before a tag line, which comes before the result), so the tokens before it are the old
//! ones; the old result still ends its game, as its next token still starts with `[`.
//!
//! The region ends at an old game start `r` after the edit that begins a line with a tag pair
//! (`[Name "`), when the edit left that line and the line break before it alone and the
//! region's last token is a result. No token but white space crosses a tag line (a brace
//! comment stops before it), so the lexer is at `r` in the new text too; the result before it
//! ends the region's last game, and the cut goes on after `r` as it went before.
//!
//! The lexer runs over the new text from the region's start until such an `r` (or the end),
//! so the region's tokens are exactly those of a fresh lex. The result equals
//! [`super::parse`] of the new text; the differential tests assert it on random edits.

use rowan::{GreenNode, GreenNodeData, GreenTokenData, Language, NodeOrToken, TextRange, TextSize};

use super::lexer::{is_line_break, next_token, starts_tag_pair};
use super::parser::{split_games, Pgn};
use super::{caches, parse_children, Games, Lexed, Parse, PgnLanguage, SyntaxKind};
use crate::SyntaxError;

/// The parse of `new_text`, which is the text of `old` with `edit` replaced by `inserted`
/// bytes: equal to [`super::parse`] of `new_text`, re-parsing only the games the edit reaches.
/// An edit that does not fit `old` (a range past its end, a length that does not add up) is
/// answered with a full parse.
pub fn reparse(old: &Parse, new_text: &str, edit: TextRange, inserted: TextSize) -> Parse {
    try_reparse(old, new_text, edit, inserted).unwrap_or_else(|| super::parse(new_text))
}

/// One child of the old `SOURCE_FILE` and where it started.
struct Child<'g> {
    offset: TextSize,
    element: NodeOrToken<&'g GreenNodeData, &'g GreenTokenData>,
}

impl Child<'_> {
    fn end(&self) -> TextSize {
        self.offset + self.element.text_len()
    }
}

/// A place after the edit where the region may end: an old game start on a tag line.
struct RegionEnd {
    /// Where the game starts in the new text.
    new: usize,
    /// Where it started in the old text.
    old: TextSize,
    /// Its index among the old root's children.
    child: usize,
}

fn try_reparse(old: &Parse, new_text: &str, edit: TextRange, inserted: TextSize) -> Option<Parse> {
    let old_len = old.green().text_len();
    if edit.end() > old_len
        || u64::from(u32::from(old_len)) - u64::from(u32::from(edit.len()))
            + u64::from(u32::from(inserted))
            != new_text.len() as u64
    {
        return None;
    }
    let bytes = new_text.as_bytes();
    let edited_end = usize::from(edit.start() + inserted);
    let mut children = Vec::new();
    let mut offset = TextSize::from(0);
    for element in old.green().children() {
        let len = element.text_len();
        children.push(Child { offset, element });
        offset += len;
    }
    let games: Vec<usize> = (0..children.len())
        .filter(|&i| kind(&children[i].element) == SyntaxKind::GAME)
        .collect();

    // The region's start: the latest game start that allows it, else the text's start.
    let first_reached = games.partition_point(|&g| children[g].end() < edit.start());
    let (region_start, first_child) = (1..=first_reached.min(games.len().saturating_sub(1)))
        .rev()
        .find_map(|a| {
            let game = &children[games[a]];
            let previous = &children[games[a - 1]];
            let start = usize::from(game.offset);
            let clean_start = game.offset < edit.start()
                && bytes[start] == b'['
                && last_token_kind(&previous.element) == Some(SyntaxKind::RESULT)
                && new_text[usize::from(previous.end())..start].contains('\n');
            clean_start.then_some((start, games[a]))
        })
        .unwrap_or((0, 0));

    // Where the region may end, in order, worked out only as far as the lexer gets.
    let mut ends = games
        .iter()
        .map(|&g| (g, children[g].offset))
        .skip_while(|&(_, start)| start < edit.end())
        .filter_map(|(child, old_start)| {
            let new = usize::from(old_start - edit.len() + inserted);
            let line_start = new
                - bytes[..new]
                    .iter()
                    .rev()
                    .take_while(|&&b| b == b' ' || b == b'\t')
                    .count();
            let clean_end = line_start > edited_end
                && is_line_break(bytes[line_start - 1])
                && starts_tag_pair(bytes, new);
            clean_end.then_some(RegionEnd {
                new,
                old: old_start,
                child,
            })
        })
        .peekable();

    // Lex the new text from the region's start until a region end that follows a result.
    let mut kinds = Vec::new();
    let mut starts = Vec::new();
    let mut pos = region_start;
    let mut last_significant = None;
    let (region_end, rest) = loop {
        while ends.next_if(|end| end.new < pos).is_some() {}
        if last_significant == Some(SyntaxKind::RESULT) {
            if let Some(end) = ends.next_if(|end| end.new == pos) {
                break (pos, Some(end));
            }
        }
        if pos == bytes.len() {
            break (pos, None);
        }
        let (kind, end) = next_token(bytes, pos);
        kinds.push(kind);
        starts.push((pos - region_start) as u32);
        if !kind.is_trivia() {
            last_significant = Some(kind);
        }
        pos = end;
    };

    let lexed = Lexed::from_tokens(&new_text[region_start..region_end], kinds, starts);
    let ranges = split_games::<Pgn>(&lexed);
    let region = Games {
        lexed,
        ranges,
        followed: rest.is_some(),
    };
    let parallel = region_end - region_start >= super::PARALLEL_BYTES;
    let (region_children, region_errors) = parse_children(region, &caches(parallel));

    let (rest_child, rest_old) = rest.map_or((children.len(), None), |r| (r.child, Some(r.old)));
    let mut errors: Vec<SyntaxError> = old
        .errors()
        .iter()
        .filter(|e| usize::from(e.range.start()) < region_start)
        .cloned()
        .collect();
    let region_offset = TextSize::from(region_start as u32);
    errors.extend(region_errors.into_iter().map(|e| e.shifted(region_offset)));
    let after = |e: &&SyntaxError| rest_old.is_some_and(|rest| e.range.start() >= rest);
    for error in old.errors().iter().filter(after) {
        errors.push(moved(error, edit, inserted)?);
    }

    let green_children = children[..first_child]
        .iter()
        .map(|c| c.element.to_owned())
        .chain(region_children)
        .chain(children[rest_child..].iter().map(|c| c.element.to_owned()))
        .collect::<Vec<_>>();
    let green = GreenNode::new(SyntaxKind::SOURCE_FILE.into(), green_children);
    Some(Parse::new(green, errors))
}

fn kind(element: &NodeOrToken<&GreenNodeData, &GreenTokenData>) -> SyntaxKind {
    PgnLanguage::kind_from_raw(element.kind())
}

/// The kind of the last token under `element`.
fn last_token_kind(element: &NodeOrToken<&GreenNodeData, &GreenTokenData>) -> Option<SyntaxKind> {
    let mut node = match element {
        NodeOrToken::Node(node) => *node,
        NodeOrToken::Token(token) => return Some(PgnLanguage::kind_from_raw(token.kind())),
    };
    loop {
        match node.children().last()? {
            NodeOrToken::Node(child) => node = child,
            NodeOrToken::Token(token) => return Some(PgnLanguage::kind_from_raw(token.kind())),
        }
    }
}

/// A diagnostic of a game after the edit, where the edit moved it; `None` if any of its
/// ranges reaches back into the edit (then the caller parses afresh).
fn moved(error: &SyntaxError, edit: TextRange, inserted: TextSize) -> Option<SyntaxError> {
    let shift = |range: TextRange| {
        (range.start() >= edit.end()).then(|| {
            TextRange::new(
                range.start() - edit.len() + inserted,
                range.end() - edit.len() + inserted,
            )
        })
    };
    let mut moved = error.clone();
    moved.range = shift(error.range)?;
    for related in &mut moved.related {
        related.range = shift(related.range)?;
    }
    for fix in &mut moved.fixes {
        for edit in &mut fix.edits {
            edit.range = shift(edit.range)?;
        }
    }
    Some(moved)
}
