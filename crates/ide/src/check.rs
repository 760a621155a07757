//! Diagnostics as the CLI finds them in a big PGN file: game by game, without a tree.
//!
//! `kifu check` reads a PGN file in pieces of whole games and checks the games of a piece in
//! parallel with the grammar alone (about 3× faster than building each game's tree). It
//! finds what a [`Document`](crate::Document) of the same text finds, game for game, in the
//! same order: the grammar is the same, only the sink differs, and every check added here
//! must be added to the document's too. `tests/cli_equals_server.rs` in `kifu-e2e` asserts
//! it on every fixture.

use kifu_syntax::{pgn, NodeCache, SyntaxError, TextSize};

use crate::game::{Game, GameKind, GameRef};

/// The diagnostics of game `i` of `games`, with `read`, the warnings of reading its bytes
/// (in text order), merged in. With `replay`, the game is parsed into its tree and model,
/// and what the tags and the replay find comes too; without, the grammar alone runs, with
/// no tree (`kifu check --syntax-only`).
pub fn pgn_game(
    games: &pgn::Games<'_>,
    i: usize,
    read: &[SyntaxError],
    replay: bool,
    cache: &mut NodeCache,
) -> Vec<SyntaxError> {
    let found = if replay {
        let parse = games.parse_game(i, cache);
        let model = Game::pgn(&parse.green);
        let game = GameRef {
            game: &model,
            text: games.text(),
            offset: parse.offset,
        };
        let mut semantic = semantic(game);
        if semantic.is_empty() {
            parse.errors
        } else {
            semantic.sort_by_key(|d| d.range.start());
            merged(semantic, &parse.errors)
        }
    } else {
        games.validate_game(i)
    };
    if read.is_empty() {
        found
    } else {
        merged(read.to_vec(), &found)
    }
}

/// The diagnostics of a plain game (see [`pgn::plain_game`]) of `text`, with `read` merged
/// in as [`pgn_game`] does: what [`pgn_game`] finds for the same game, without its tree. A
/// plain game has no syntax error; with `replay`, what its tags and its replay find.
pub fn pgn_plain_game(
    text: &str,
    plain: &pgn::PlainGame,
    read: &[SyntaxError],
    replay: bool,
) -> Vec<SyntaxError> {
    let mut found = Vec::new();
    if replay {
        let model = Game::pgn_plain(text, plain);
        found = semantic(GameRef {
            game: &model,
            text,
            offset: TextSize::from(plain.start as u32),
        });
        found.sort_by_key(|d| d.range.start());
    }
    if read.is_empty() {
        found
    } else {
        merged(read.to_vec(), &found)
    }
}

/// What a game's meaning says beyond its syntax: its tags (PGN) and its replay, ranges in
/// `game.text`, in no particular order. The one list that [`crate::Document::diagnostics`]
/// and the CLI share.
pub(crate) fn semantic(game: GameRef<'_>) -> Vec<SyntaxError> {
    let mut found = crate::replay::replay(game, crate::replay::Wanted::None).diagnostics;
    if matches!(game.game.kind, GameKind::Chess { .. }) {
        found.extend(crate::diagnostics::tags::check(game));
    }
    found
}

/// `read` and `found` (each in text order) in one list in text order; at the same place,
/// what reading found comes first.
pub fn merged(read: Vec<SyntaxError>, found: &[SyntaxError]) -> Vec<SyntaxError> {
    let mut all = Vec::with_capacity(read.len() + found.len());
    let mut found = found.iter().peekable();
    for warning in read {
        while let Some(d) = found.next_if(|d| d.range.start() < warning.range.start()) {
            all.push(d.clone());
        }
        all.push(warning);
    }
    all.extend(found.cloned());
    all
}

#[cfg(test)]
mod tests {
    use kifu_syntax::{Code, SyntaxError, TextRange, TextSize};

    fn at(code: Code, start: u32) -> SyntaxError {
        SyntaxError::new(code, TextRange::empty(TextSize::from(start)), "")
    }

    #[test]
    fn reading_warnings_go_in_text_order_and_first_at_the_same_place() {
        let read = vec![
            at(kifu_input::codes::NotUtf8, 5),
            at(kifu_input::codes::NotUtf8, 20),
        ];
        let found = [
            at(Code::StrayText, 1),
            at(Code::NestedComment, 5),
            at(Code::MissingResult, 30),
            at(Code::StrayText, 10),
        ];
        let all: Vec<(&str, u32)> = super::merged(read, &found)
            .iter()
            .map(|d| (d.code.as_str(), d.range.start().into()))
            .collect();
        assert_eq!(
            all,
            [
                ("stray-text", 1),
                ("not-utf8", 5),
                ("nested-comment", 5),
                ("not-utf8", 20),
                ("missing-result", 30),
                ("stray-text", 10),
            ]
        );
    }
}
