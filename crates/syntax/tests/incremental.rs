//! Differential test of the incremental PGN re-parse: random edits to fixture and corpus
//! texts, each re-parsed incrementally and from scratch; the tree, the diagnostics and their
//! ranges must be the same, and every range must fall on a character boundary.

use std::path::{Path, PathBuf};

use kifu_syntax::{pgn, TextRange, TextSize};

mod common;

/// What the random edits insert: PGN's delimiters, line breaks of every kind, moves, move
/// numbers, results, tag lines and characters of two, three and four bytes.
const INSERTS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "\"",
    ";",
    "%",
    "\n",
    "\r\n",
    "\r",
    " ",
    "\n\n",
    "e4",
    "Nf3",
    "exd5",
    "O-O",
    "e8=Q+",
    "1.",
    "12...",
    " 1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "$1",
    "!?",
    "[Event \"x\"]\n",
    "\n[White \"w\"]\n\n1. d4 *\n",
    "{ c }",
    "(1... c5)",
    "é",
    "♞",
    "𝄞",
    "\u{feff}",
    "\\",
    // Results, evaluations and marks written other ways, and comments after a result.
    "1:0",
    "1/2",
    " - ",
    "½",
    "–",
    "+-",
    "e.p.",
    "o-o",
    " {won on time}",
];

/// A small, fixed-seed generator (xorshift64*): the same edits on every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// The last character boundary at or before `at`.
fn floor_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// One random edit of `text`: a range on character boundaries and what replaces it.
fn random_edit(text: &str, random: &mut Random) -> (TextRange, String) {
    let start = floor_boundary(text, random.below(text.len() + 1));
    let (remove, insert) = match random.below(10) {
        // Single keystrokes, as people type.
        0..=3 => (0, INSERTS[random.below(INSERTS.len())].to_string()),
        // Deletions of one character or a few.
        4..=6 => {
            let most = if random.below(4) == 0 { 40 } else { 3 };
            (1 + random.below(most), String::new())
        }
        // Replacements, as a paste or an editor's completion does.
        _ => (
            random.below(12),
            INSERTS[random.below(INSERTS.len())].to_string(),
        ),
    };
    let mut end = floor_boundary(text, start + remove);
    if end < start {
        end = start;
    }
    // Round up so that a deletion removes whole characters.
    while !text.is_char_boundary(end) {
        end += 1;
    }
    let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
    (range, insert)
}

fn assert_on_boundaries(text: &str, parse: &pgn::Parse, context: &str) {
    for error in parse.errors() {
        let ranges = std::iter::once(error.range).chain(error.related.iter().map(|r| r.range));
        for range in ranges {
            assert!(
                usize::from(range.end()) <= text.len()
                    && text.is_char_boundary(range.start().into())
                    && text.is_char_boundary(range.end().into()),
                "{context}: range {range:?} of `{}` is not on a character boundary",
                error.code.as_str()
            );
        }
    }
}

/// Applies `count` random edits to `original`, in chains of `chain` edits, comparing each
/// incremental re-parse with a fresh parse. Returns how many edits were checked.
fn check_edits(
    name: &str,
    original: &str,
    count: usize,
    chain: usize,
    random: &mut Random,
) -> usize {
    let mut text = original.to_string();
    let mut parse = pgn::parse(&text);
    for i in 0..count {
        if i % chain == 0 {
            text = original.to_string();
            parse = pgn::parse(&text);
        }
        let (range, insert) = random_edit(&text, random);
        let mut new_text = text.clone();
        new_text.replace_range(std::ops::Range::<usize>::from(range), &insert);
        let inserted = TextSize::from(insert.len() as u32);
        let incremental = pgn::reparse(&parse, &new_text, range, inserted);
        let fresh = pgn::parse(&new_text);
        let context = format!("{name}, edit {i}: {range:?} -> {insert:?}");
        assert_eq!(
            incremental.syntax().to_string(),
            new_text,
            "{context}: not lossless"
        );
        if incremental.green() != fresh.green() || incremental.errors() != fresh.errors() {
            panic!(
                "{context}: the incremental parse differs from a fresh one\n--- text ---\n{new_text}\n--- before ---\n{text}\n--- incremental ---\n{}\n--- fresh ---\n{}",
                incremental.debug_dump(),
                fresh.debug_dump()
            );
        }
        assert_on_boundaries(&new_text, &incremental, &context);
        text = new_text;
        parse = incremental;
    }
    count
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// At most the first `limit` bytes of the file, cut at a line end, as UTF-8 or Windows-1252.
fn head(path: &Path, limit: usize) -> String {
    let bytes = std::fs::read(path).expect("the file is readable");
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(err) => encoding_rs::WINDOWS_1252
            .decode(err.as_bytes())
            .0
            .into_owned(),
    };
    if text.len() <= limit {
        return text;
    }
    let cut = text[..floor_boundary(&text, limit)]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    text[..cut].to_string()
}

#[test]
fn edits_to_fixtures_match_a_fresh_parse() {
    let mut files = Vec::new();
    kifu_testing::game_files(&root().join("fixtures"), &["pgn"], &mut files);
    assert!(files.len() > 50, "found only {} fixtures", files.len());
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for file in &files {
        let text = head(file, 4096);
        checked += check_edits(&file.display().to_string(), &text, 1000, 40, &mut random);
    }
    eprintln!("{checked} edits on {} fixtures: none differs", files.len());
    assert!(checked >= 50_000);
}

/// The fixtures with their lines ending in `\r` alone (classic Mac OS): a region of the
/// re-parse ends at a tag pair on a line of its own after `\r` too.
#[test]
fn edits_to_fixtures_with_lines_that_end_in_cr_match_a_fresh_parse() {
    let mut files = Vec::new();
    kifu_testing::game_files(&root().join("fixtures"), &["pgn"], &mut files);
    let mut random = Random(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for file in &files {
        let text = head(file, 4096);
        if text.contains('\r') {
            continue;
        }
        let text = text.replace('\n', "\r");
        checked += check_edits(
            &format!("{} with \\r", file.display()),
            &text,
            300,
            40,
            &mut random,
        );
    }
    eprintln!("{checked} edits on fixtures of \\r lines: none differs");
    assert!(checked >= 15_000);
}

#[test]
fn edits_to_corpus_files_match_a_fresh_parse() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let mut files = Vec::new();
    kifu_testing::game_files(&corpus.join("pgn"), &["pgn"], &mut files);
    assert!(files.len() > 100, "found only {} corpus files", files.len());
    let mut random = Random(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for file in &files {
        let text = head(file, 6000);
        checked += check_edits(&file.display().to_string(), &text, 300, 60, &mut random);
    }
    eprintln!(
        "{checked} edits on {} corpus files: none differs",
        files.len()
    );
    assert!(checked >= 50_000);
}

/// Well-formed multi-game files typed into one keystroke at a time.
#[test]
fn keystrokes_in_multi_game_files_match_a_fresh_parse() {
    let game = "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 $1 3. Bb5 a6 1-0\n\n";
    let untagged = "1. d4 d5 2. c4 *\n\n";
    let other_ways =
        "[Event \"o\"]\n\n1. e4 d5 2. exd5 e6 3. dxe6 e.p. +- o-o 1/2 - 1/2 {drawn} ; agreed\n\n";
    let text = format!(
        "{}{}{}{}",
        game.repeat(4),
        untagged.repeat(3),
        other_ways.repeat(2),
        game.repeat(4)
    );
    let mut random = Random(7);
    let checked = check_edits("multi-game", &text, 10_000, 200, &mut random);
    assert_eq!(checked, 10_000);
}

/// The reproductions from the issue, each an edit that once went wrong.
#[test]
fn known_edits_match_a_fresh_parse() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("[W*", 1, 1, "é"),
        ("[", 0, 1, ""),
        ("1. e4 0-1\n1. d4 *\n", 9, 10, ""),
        ("[W*", 1, 1, "x"),
        ("\"", 0, 1, ""),
        ("*%", 0, 1, ""),
        ("[A \"a\"]\n1. e4 1-0\n\n[B \"b\"]\n1. d4 *\n", 17, 17, "{"),
        ("[A \"a\"]\n1. e4 1-0\n\n[B \"b\"]\n1. d4 *\n", 18, 19, ""),
        ("[A \"a\"]\n1. e4 1-0\n\n[B \"b\"]\n1. d4 *\n", 19, 19, ")"),
    ];
    for &(text, start, end, insert) in cases {
        let old = pgn::parse(text);
        let mut new_text = text.to_string();
        new_text.replace_range(start..end, insert);
        let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
        let incremental = pgn::reparse(&old, &new_text, range, TextSize::from(insert.len() as u32));
        let fresh = pgn::parse(&new_text);
        assert_eq!(
            incremental.debug_dump(),
            fresh.debug_dump(),
            "{text:?}: {start}..{end} -> {insert:?}"
        );
        assert_on_boundaries(&new_text, &incremental, text);
    }
}

/// An edit inside one game of many leaves the other games' trees as they were (the same
/// allocation, not an equal copy): the re-parse did not reach them. An edit that takes a
/// game's result away (an unclosed `{` swallows it) re-parses the next game too, since the
/// cut after a game without a result depends on what that game holds.
#[test]
fn an_edit_in_one_game_reuses_the_others() {
    let game = "[Event \"e\"]\n[White \"w\"]\n\n1. e4 {c} e5 (1... c5) 2. Nf3 1-0\n\n";
    let text = game.repeat(11);
    let old = pgn::parse(&text);
    let games = |parse: &pgn::Parse| -> Vec<*const u8> {
        parse
            .green()
            .children()
            .filter_map(|c| c.into_node())
            .map(|n| n as *const _ as *const u8)
            .collect()
    };
    for (at, insert) in [("e5", "{"), ("Nf3", ")"), ("c5", "\n\n[Site \"s\"]\n")] {
        let start = 5 * game.len() + game.find(at).expect("the game has the move");
        let mut new_text = text.clone();
        new_text.insert_str(start, insert);
        let range = TextRange::empty(TextSize::from(start as u32));
        let new = pgn::reparse(&old, &new_text, range, TextSize::from(insert.len() as u32));
        assert_eq!(new.debug_dump(), pgn::parse(&new_text).debug_dump());
        let (before, after) = (games(&old), games(&new));
        let shared = after.iter().filter(|g| before.contains(g)).count();
        assert!(
            shared >= 9,
            "{insert:?} at {start}: only {shared} games re-used"
        );
    }
}
