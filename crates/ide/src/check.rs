//! Diagnostics as the CLI finds them in a big PGN file: game by game, without a tree.
//!
//! `kifu check` reads a PGN file in pieces of whole games and checks the games of a piece in
//! parallel with the grammar alone (about 3× faster than building each game's tree). It
//! finds what a [`Document`](crate::Document) of the same text finds, game for game, in the
//! same order: the grammar is the same, only the sink differs, and every check added here
//! must be added to the document's too. `tests/cli_equals_server.rs` in `kifu-e2e` asserts
//! it on every fixture.

use std::borrow::Cow;

use kifu_syntax::pgn::{cut_points, game_start, Games};
use kifu_syntax::{pgn, NodeCache, SyntaxError, TextRange, TextSize};
use rayon::prelude::*;

use crate::game::{Game, GameKind, GameRef, PlainModels};

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

/// The diagnostics of a plain game (see [`pgn::read_plain`]) at `offset` of `text`, from
/// its model (read straight by [`PlainModels`]), with `read` merged in as [`pgn_game`] does:
/// what [`pgn_game`] finds with the replay for the same game, without its tree. A plain
/// game has no syntax error: what its tags and its replay find. (Without the replay, a
/// plain game has only what `read` says.)
pub fn pgn_plain_checks(
    text: &str,
    model: &Game,
    offset: TextSize,
    read: &[SyntaxError],
) -> Vec<SyntaxError> {
    let mut found = semantic(GameRef {
        game: model,
        text,
        offset,
    });
    found.sort_by_key(|d| d.range.start());
    if read.is_empty() {
        found
    } else {
        merged(read.to_vec(), &found)
    }
}

/// An SGF file checked as [`sgf_file`] checks it.
pub struct SgfChecked {
    /// The decoded text.
    pub text: String,
    /// Every diagnostic, in text order.
    pub diagnostics: Vec<SyntaxError>,
    /// How many games (game trees) the file holds.
    pub games: usize,
}

/// The diagnostics of an SGF file's bytes: what [`crate::Document::from_bytes`] of them
/// gives (its [`diagnostics`](crate::Document::diagnostics) with `replay`, else its
/// [`syntax_diagnostics`](crate::Document::syntax_diagnostics)), from the text's tables with
/// no tree (see [`kifu_syntax::sgf::flat`]). Building and dropping the tree was most of the
/// cost of checking a Go record.
pub fn sgf_file(bytes: &[u8], replay: bool) -> SgfChecked {
    let file = kifu_input::sgf::read_flat(bytes);
    let warnings = file.warnings().to_vec();
    let kifu_input::sgf::Flat { flat, errors } = file.parse;
    let text = file.text;
    let syntax = if warnings.is_empty() {
        errors
    } else {
        merged(warnings, &errors)
    };
    let games = flat.games().len();
    if !replay {
        return SgfChecked {
            text,
            diagnostics: syntax,
            games,
        };
    }
    let mut replayed = Vec::new();
    for tree in flat.games() {
        let range = flat.tree(tree).range;
        let model = Game::sgf_flat(&flat, &text, tree);
        let game = GameRef {
            game: &model,
            text: &text[range],
            offset: TextSize::from(0),
        };
        replayed.extend(semantic(game).into_iter().map(|d| d.shifted(range.start())));
    }
    SgfChecked {
        diagnostics: with_replayed(Cow::Owned(syntax), replayed),
        text,
        games,
    }
}

/// `syntax` (in text order) with `replayed`, what the games' [`semantic`] checks found
/// (ranges in the whole text, in any order), in one list in text order: a document's
/// [`diagnostics`](crate::Document::diagnostics).
pub(crate) fn with_replayed(
    syntax: Cow<'_, [SyntaxError]>,
    mut replayed: Vec<SyntaxError>,
) -> Vec<SyntaxError> {
    if replayed.is_empty() {
        return syntax.into_owned();
    }
    replayed.sort_by_key(|d| d.range.start());
    merged(replayed, &syntax)
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

/// A part of a text read as plain games (see [`plain_part`]).
pub struct PlainPart<T> {
    /// Each plain game's result, in order.
    games: Vec<T>,
    /// Where each of them starts.
    starts: Vec<usize>,
    /// Where the next game starts after the last plain one.
    reached: usize,
    /// Whether the reading stopped at a game that is not plain (at `reached`).
    stopped: bool,
}

/// The results of every game of `text`: its parts (of about `part_bytes`) read as plain
/// games in parallel, each read straight into its model ([`PlainModels`]) and `plain` given
/// it with the game's range, and from where a game is not plain (or a part does not start
/// where the games before end), the grammar's games up to the next part that does,
/// `per_game` for each. The results are those `per_game` would give for every game when
/// `plain` gives what `per_game` does for a plain game: the games are cut as the grammar
/// cuts them (see [`pgn::Games::new_in`]).
pub fn pgn_games<T: Send>(
    text: &str,
    part_bytes: usize,
    plain: &(impl Fn(TextRange, &Game) -> T + Sync),
    per_game: &(impl Fn(&Games<'_>, usize, &mut NodeCache) -> T + Sync),
) -> Vec<T> {
    let cuts = cut_points(text.as_bytes(), part_bytes);
    let parts: Vec<PlainPart<T>> = (0..cuts.len())
        .into_par_iter()
        .map_init(PlainModels::default, |models, k| {
            plain_part(text, &cuts, k, |at| models.read(text, at, plain))
        })
        .collect();
    stitched(text, &cuts, parts, per_game)
}

/// Part `k` of `text` cut at `cuts` (see [`cut_points`]) read as plain games, each by
/// `read` (given where a game starts: where it ends and its result, or `None` when it is not
/// plain, as [`pgn::read_plain`] says), from the first game that starts in it to the end of
/// the part or the first game that is not plain. [`stitched`] puts the parts together.
pub fn plain_part<T>(
    text: &str,
    cuts: &[usize],
    k: usize,
    mut read: impl FnMut(usize) -> Option<(usize, T)>,
) -> PlainPart<T> {
    let bytes = text.as_bytes();
    let end = cuts.get(k + 1).copied().unwrap_or(bytes.len());
    let mut games = Vec::new();
    let mut starts = Vec::new();
    let mut at = game_start(bytes, cuts[k]);
    let mut stopped = false;
    while at < end {
        match read(at) {
            Some((game_end, result)) => {
                games.push(result);
                starts.push(at);
                at = game_start(bytes, game_end);
            }
            None => {
                stopped = true;
                break;
            }
        }
    }
    PlainPart {
        games,
        starts,
        reached: at,
        stopped,
    }
}

/// The results of every game of `text` from its parts read as plain games (`parts[k]` is
/// [`plain_part`] of part `k` of `cuts`): what [`pgn_games`] gives. From where a game is
/// not plain (or a part does not start where the games before end), the grammar's games
/// up to the next part that does, `per_game` for each, in parallel.
pub fn stitched<T: Send>(
    text: &str,
    cuts: &[usize],
    mut parts: Vec<PlainPart<T>>,
    per_game: &(impl Fn(&Games<'_>, usize, &mut NodeCache) -> T + Sync),
) -> Vec<T> {
    let bytes = text.as_bytes();
    let mut results = Vec::new();
    let mut at = game_start(bytes, 0);
    let mut k = 0;
    while k < parts.len() && at < bytes.len() {
        let part = &mut parts[k];
        // The part's games from the one that starts where the games before end: its first
        // game, unless one before it ran past the cut (a cut is not always a game's start).
        if let Ok(first) = part.starts.binary_search(&at) {
            results.extend(part.games.drain(first..));
            at = part.reached;
            if !part.stopped {
                k += 1;
                continue;
            }
        } else if part.starts.is_empty() && !part.stopped && part.reached <= at {
            // A part whose text the games before covered.
            k += 1;
            continue;
        }
        // The grammar's games from `at` to the next cut it ends at.
        let (games, next) = Games::to_cut(text, at, cuts, k + 1);
        results.extend(
            (0..games.len())
                .into_par_iter()
                .map_init(NodeCache::default, |cache, i| per_game(&games, i, cache))
                .collect::<Vec<T>>(),
        );
        at = cuts.get(next).copied().unwrap_or(bytes.len());
        k = next;
    }
    results
}

/// What [`pgn_text_checks`] finds: every diagnostic, and each game's own, which a document
/// of the same text can keep ([`crate::Document::keep_checks`]) instead of replaying every
/// game again at the first edit.
#[derive(Debug)]
pub struct TextChecks {
    /// Every diagnostic, in the document's order.
    pub all: Vec<SyntaxError>,
    /// Each game's start and what its tags and replay say (ranges relative to its start),
    /// in text order.
    pub games: Vec<(TextSize, Box<[SyntaxError]>)>,
}

/// The diagnostics of a PGN text as a [`Document`](crate::Document) of it finds them, game
/// by game on every core, most games without a tree: what the server publishes first when
/// a large document opens, before its tree is built; with what it found in each game.
pub fn pgn_text_checks(text: &str) -> TextChecks {
    pgn_text_in_parts(text, TEXT_PART_BYTES)
}

/// How much text one task of [`pgn_text_checks`] reads: parts small enough that both cores share
/// a 1 MB document.
const TEXT_PART_BYTES: usize = 64 << 10;

/// [`pgn_text_checks`] with parts of `part_bytes`. The diagnostics are put in order as a
/// document puts them: every game's checks sorted together, then the syntax errors merged
/// in (one game's syntax error and the next game's check can fall at the same offset).
fn pgn_text_in_parts(text: &str, part_bytes: usize) -> TextChecks {
    let found = pgn_games(
        text,
        part_bytes,
        &|range, model| {
            let start = range.start();
            let (own, semantic) = game_checks(model, text, start);
            (start, own, semantic, Vec::new())
        },
        &|games, i, cache| {
            let parse = games.parse_game(i, cache);
            let (own, semantic) = game_checks(&Game::pgn(&parse.green), text, parse.offset);
            (parse.offset, own, semantic, parse.errors)
        },
    );
    let mut semantic = Vec::new();
    let mut syntax = Vec::new();
    let mut games = Vec::with_capacity(found.len());
    for (start, own, game_semantic, game_syntax) in found {
        semantic.extend(game_semantic);
        syntax.extend(game_syntax);
        games.push((start, own));
    }
    // Each game's are sorted already, and the games in order: this only orders a game's
    // last and the next one's first at the same offset, as the document does.
    semantic.sort_by_key(|d| d.range.start());
    let all = if semantic.is_empty() {
        syntax
    } else {
        merged(semantic, &syntax)
    };
    TextChecks { all, games }
}

/// What the tags and the replay of `model`, a game of `text` that starts at `start`, say:
/// as a document keeps them (ranges relative to the game's start), and in `text`'s ranges
/// in text order.
fn game_checks(
    model: &Game,
    text: &str,
    start: TextSize,
) -> (Box<[SyntaxError]>, Vec<SyntaxError>) {
    let own = semantic(GameRef {
        game: model,
        text: &text[usize::from(start)..],
        offset: TextSize::from(0),
    });
    let mut all: Vec<SyntaxError> = own.iter().map(|d| d.clone().shifted(start)).collect();
    all.sort_by_key(|d| d.range.start());
    (own.into_boxed_slice(), all)
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

/// The fast path against the grammar and the document, on real and broken texts.
#[cfg(test)]
mod parts_tests {
    use std::path::Path;

    use kifu_syntax::pgn::Games;
    use kifu_syntax::{NodeCache, SyntaxError, TextRange, TextSize};

    use crate::check;
    use crate::{Document, Notation};

    /// Each game's range and diagnostics, as the grammar reads every game of `text`.
    fn by_grammar(text: &str) -> Vec<(TextRange, Vec<SyntaxError>)> {
        let games = Games::new(text);
        let mut cache = NodeCache::default();
        (0..games.len())
            .map(|i| {
                (
                    games.range(i),
                    check::pgn_game(&games, i, &[], true, &mut cache),
                )
            })
            .collect()
    }

    /// The same, as `kifu check` reads `text` in parts of `part_bytes`.
    fn by_parts(text: &str, part_bytes: usize) -> Vec<(TextRange, Vec<SyntaxError>)> {
        check::pgn_games(
            text,
            part_bytes,
            &|range, model| {
                (
                    range,
                    check::pgn_plain_checks(text, model, range.start(), &[]),
                )
            },
            &|games, i, cache| (games.range(i), check::pgn_game(games, i, &[], true, cache)),
        )
    }

    /// Where one game's syntax error and the next game's check fall at the same offset, the
    /// first diagnostics are in the document's order too.
    #[test]
    fn checks_and_syntax_errors_of_two_games_at_one_offset_keep_the_documents_order() {
        let text = "; line\n) [1-0[[Result \"1-0\"]\n[White \"Ann\"]\n1. e4 *\n";
        let document = Document::new(Notation::Pgn, text.to_string());
        let codes = |d: &[SyntaxError]| -> Vec<(String, u32)> {
            d.iter()
                .map(|d| (d.code.as_str().to_string(), d.range.start().into()))
                .collect()
        };
        let expected = codes(document.diagnostics());
        assert!(
            expected.windows(2).any(|w| w[0].1 == w[1].1),
            "{expected:?}"
        );
        for part_bytes in [1, 64 << 10] {
            let found = check::pgn_text_in_parts(text, part_bytes);
            assert_eq!(codes(&found.all), expected, "parts of {part_bytes} bytes");
        }
    }

    /// Whatever the parts, and wherever games are not plain, the games and diagnostics of
    /// the fast path are the grammar's: on the corpus's PGN files, and on copies with a
    /// few bytes broken (fixed seeds).
    #[test]
    fn parts_read_as_the_grammar_reads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/pgn");
        if !dir.is_dir() {
            eprintln!("SKIPPED: the shared corpus is not beside the repository");
            return;
        }
        let mut texts = Vec::new();
        for file in [
            "tcec/TCEC_Season_1_-_Division_1.pgn",
            "tcec/TCEC_Season_20_-_Frc3_Final.pgn",
            "pgn-reader-bench/twic1599_1000k.pgn",
            "pgn-extract/test/infiles/fischer.pgn",
            "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
        ] {
            let bytes = std::fs::read(dir.join(file)).expect("a corpus file");
            texts.push(String::from_utf8_lossy(&bytes).into_owned());
        }
        let mut rng = kifu_testing::Lcg::new(0x6b69_6675);
        let mut next = |n: usize| rng.below(n);
        let breaks = [
            "{",
            "}",
            "(",
            ")",
            "\n[",
            "%",
            "$",
            "1-0",
            "\n\n[Event \"x\"]\n",
            ";",
        ];
        for text in texts.clone() {
            for _ in 0..4 {
                let mut broken = text.clone();
                for _ in 0..3 {
                    let mut at = next(broken.len());
                    while !broken.is_char_boundary(at) {
                        at -= 1;
                    }
                    broken.insert_str(at, breaks[next(breaks.len())]);
                }
                texts.push(broken);
            }
        }
        for (n, text) in texts.iter().enumerate() {
            let expected = by_grammar(text);
            for part_bytes in [1, 3_000, 40_000, 1 << 20] {
                assert!(
                    by_parts(text, part_bytes) == expected,
                    "text {n}, parts of {part_bytes} bytes: not the grammar's games"
                );
            }
            // What the server publishes first is what the document finds.
            let document = Document::new(Notation::Pgn, text.clone());
            for part_bytes in [3_000, 64 << 10] {
                let found = check::pgn_text_in_parts(text, part_bytes);
                assert!(
                    found.all == document.diagnostics(),
                    "text {n}, parts of {part_bytes} bytes: not the document's diagnostics"
                );
                // A document that keeps them finds the same, and the same after an edit.
                let keeping = Document::new(Notation::Pgn, text.clone());
                assert_eq!(keeping.keep_checks(found.games), document.game_count());
                assert!(
                    keeping.diagnostics() == document.diagnostics(),
                    "text {n}, parts of {part_bytes} bytes: kept, not the document's"
                );
                let mut middle = text.len() / 2;
                while !text.is_char_boundary(middle) {
                    middle -= 1;
                }
                let at = TextSize::from(middle as u32);
                let edit = TextRange::empty(at);
                let text = || format!("{}1. {}", &text[..at.into()], &text[at.into()..]);
                assert!(
                    keeping.edited(edit, "1. ").diagnostics()
                        == Document::new(Notation::Pgn, text()).diagnostics(),
                    "text {n}, parts of {part_bytes} bytes: kept, then edited"
                );
            }
        }
    }
}
