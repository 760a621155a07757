//! Re-parsing after an edit without touching the games it does not reach.
//!
//! An edit inside game `k` re-parses games `k-1` and `k` (the one before, because its last
//! token may look ahead into `k`: an unclosed comment stops at the next tag line) and keeps
//! every other game's green tree as it was. Green trees hold no absolute offsets, so the
//! games after the edit are reused as they are; only their diagnostics move.

use rowan::{GreenNode, NodeOrToken, TextRange, TextSize};

use super::lexer::starts_tag_pair;
use super::{parse_children, Games, Parse, SyntaxKind, SyntaxNode};
use crate::SyntaxError;

/// The parse of `new_text`, which is the text of `old` with `edit` replaced by `inserted`
/// bytes; `None` when the edit may move game boundaries beyond the games it touches (then
/// the caller parses the whole text). The result is always what [`super::parse`] would give.
pub fn reparse(old: &Parse, new_text: &str, edit: TextRange, inserted: TextSize) -> Option<Parse> {
    let root: SyntaxNode = old.syntax();
    let old_len = root.text_range().end();
    if edit.end() > old_len || new_text.len() != usize::from(old_len - edit.len() + inserted) {
        return None;
    }
    let games: Vec<TextRange> = root
        .children()
        .filter(|n| n.kind() == SyntaxKind::GAME)
        .map(|n| n.text_range())
        .collect();
    // The game the edit is in (or the first after it, for an edit between games).
    let k = games.iter().position(|g| g.end() >= edit.start())?;
    let first = k.saturating_sub(1);
    let region_start = games[first].start();
    let next_game = games.get(k + 1).map(|g| g.start());
    let region_end_old = next_game.unwrap_or(old_len);
    if edit.start() < region_start || edit.end() > region_end_old {
        return None;
    }
    let start = usize::from(region_start);
    // The lexer reads a region as starting a line (`%` escape lines count in column 0).
    if start > 0 && !new_text[..start].ends_with('\n') {
        return None;
    }
    let region_end_new = usize::from(region_end_old - edit.len() + inserted);
    let region_text = new_text.get(start..region_end_new)?;
    let mut region_games = Games::new(region_text);
    region_games.followed = next_game.is_some();
    if next_game.is_some() && !ends_before_next_game(&region_games, new_text, start, region_end_new)
    {
        return None;
    }
    let (region_children, region_errors) = parse_children(region_games);

    let mut children: Vec<NodeOrToken<GreenNode, rowan::GreenToken>> = Vec::new();
    let mut offset = TextSize::from(0);
    let mut after = Vec::new();
    for child in old.green().children() {
        let len = child.text_len();
        if offset + len <= region_start {
            children.push(child.to_owned());
        } else if offset >= region_end_old {
            after.push(child.to_owned());
        }
        offset += len;
    }
    children.extend(region_children);
    children.extend(after);

    let delta_in = inserted;
    let delta_out = edit.len();
    let mut errors: Vec<SyntaxError> = old
        .errors()
        .iter()
        .filter(|e| e.range.end() <= region_start)
        .cloned()
        .collect();
    errors.extend(region_errors.into_iter().map(|e| e.shifted(region_start)));
    errors.extend(
        old.errors()
            .iter()
            .filter(|e| e.range.start() >= region_end_old)
            .map(|e| {
                let mut moved = e.clone().shifted(delta_in);
                moved.range -= delta_out;
                for related in &mut moved.related {
                    related.range -= delta_out;
                }
                moved
            }),
    );
    let green = GreenNode::new(SyntaxKind::SOURCE_FILE.into(), children);
    Some(Parse::new(green, errors))
}

/// Whether the whole-text splitter would start a new game where the next old game starts:
/// the region's last game is complete (it ended with a result) or has moves, and a tag pair
/// starts a line there.
fn ends_before_next_game(games: &Games<'_>, text: &str, start: usize, end: usize) -> bool {
    let Some(last) = games.len().checked_sub(1) else {
        // Only white space in the region: the next game starts where it did.
        return true;
    };
    let last_range = games.range(last);
    let last_end = start + usize::from(last_range.end());
    let game_text = &text[start + usize::from(last_range.start())..last_end];
    let lexed = super::lex(game_text);
    let last_kind = (0..lexed.len())
        .rev()
        .map(|i| lexed.kind(i))
        .find(|k| !k.is_trivia());
    let complete = last_kind == Some(SyntaxKind::RESULT);
    let has_moves = (0..lexed.len()).any(|i| {
        !matches!(
            lexed.kind(i),
            SyntaxKind::L_BRACK
                | SyntaxKind::R_BRACK
                | SyntaxKind::STRING
                | SyntaxKind::SYMBOL
                | SyntaxKind::BRACE_COMMENT
                | SyntaxKind::LINE_COMMENT
                | SyntaxKind::ESCAPE_LINE
        ) && !lexed.kind(i).is_trivia()
    });
    let line_start = text[last_end..end].contains('\n');
    complete || (has_moves && line_start && starts_tag_pair(text.as_bytes(), end))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies many edits, incrementally and from scratch, and compares the two.
    fn check_edits(text: &str, edits: &[(usize, usize, &str)]) {
        let mut text = text.to_string();
        let mut parse = super::super::parse(&text);
        let mut incremental = 0;
        for &(at, remove, insert) in edits {
            let at = at.min(text.len());
            let end = (at + remove).min(text.len());
            if !text.is_char_boundary(at) || !text.is_char_boundary(end) {
                continue;
            }
            let mut new_text = text.clone();
            new_text.replace_range(at..end, insert);
            let edit = TextRange::new(TextSize::from(at as u32), TextSize::from(end as u32));
            let full = super::super::parse(&new_text);
            if let Some(fast) =
                reparse(&parse, &new_text, edit, TextSize::from(insert.len() as u32))
            {
                incremental += 1;
                assert_eq!(
                    fast.debug_dump(),
                    full.debug_dump(),
                    "edit {at}..{end} {insert:?}"
                );
            }
            parse = full;
            text = new_text;
        }
        eprintln!(
            "{incremental} of {} edits re-parsed incrementally",
            edits.len()
        );
        assert!(
            incremental > edits.len() / 2,
            "only {incremental} edits were re-parsed incrementally"
        );
    }

    #[test]
    fn edits_match_a_full_parse() {
        let game =
            "[Event \"e\"]\n[White \"w\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 1-0\n\n";
        let text = game.repeat(6);
        let len = text.len();
        let mut edits = Vec::new();
        let inserts = [
            "{",
            "}",
            "(",
            ")",
            "x",
            "1-0",
            "\n",
            "[Site \"s\"]\n",
            "",
            "%",
            "\n[Event \"new\"]\n1. d4 *\n",
            "é",
        ];
        let mut seed: u64 = 1;
        for _ in 0..400 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let at = (seed >> 20) as usize % len;
            let remove = (seed >> 50) as usize % 4;
            let insert = inserts[(seed >> 40) as usize % inserts.len()];
            edits.push((at, remove, insert));
        }
        check_edits(&text, &edits);
    }
}
