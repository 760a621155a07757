//! The promise of the plain reader (`kifu_syntax::pgn::read_plain`), which `kifu check`'s
//! fast path stands on: where it reads a game, the grammar splits the text there too, finds
//! no syntax error in the game, and the model [`PlainModels`] reads straight from the text
//! (into the model of the games before) is the model that [`Game::pgn`] makes from the
//! game's tree. Held on every PGN file of the repository and of the shared corpus, and on
//! thousands of their copies with a byte broken (fixed seeds).

use std::path::Path;

use kifu_ide::game::{Game, PlainModels};
use kifu_syntax::pgn::{game_start, read_plain, Games};
use kifu_syntax::NodeCache;

mod common;
use common::corpus;

/// What one text showed: games, and how many of them were plain.
#[derive(Default, Debug)]
struct Seen {
    games: usize,
    plain: usize,
}

/// Reads `text` as the CLI's fast path does (game after game, each plain one right after the
/// one before, the grammar's start taken where one is not plain) and checks every plain game
/// against the grammar.
fn check(text: &str, what: &str, seen: &mut Seen) {
    let games = Games::new(text);
    let bytes = text.as_bytes();
    let mut cache = NodeCache::default();
    let mut models = PlainModels::default();
    // Where the fast path would look for the next game: after the last plain one.
    let mut next: Option<usize> = Some(0);
    for i in 0..games.len() {
        seen.games += 1;
        let range = games.range(i);
        let start = usize::from(range.start());
        // The fast path looks right after the last plain game, the grammar's start else.
        let at = next.map_or(start, |from| game_start(bytes, from));
        // The reader of the syntax alone (`kifu check --syntax-only`) and the one that
        // builds the model agree on which games are plain and where they end.
        let read = models.read(text, at, |_, model| model.clone());
        let Some(end) = read_plain(bytes, at, &mut ()).map(|end| usize::from(end.range.end()))
        else {
            assert!(
                read.is_none(),
                "{what}: game {i} is plain to one reader only"
            );
            next = None;
            continue;
        };
        let (read_end, read_model) = read.expect("plain to both readers");
        assert_eq!(read_end, end, "{what}: game {i}: the two readers end apart");
        assert_eq!(
            at, start,
            "{what}: game {i} starts elsewhere after a plain game"
        );
        seen.plain += 1;
        assert_eq!(
            end,
            usize::from(range.end()),
            "{what}: game {i} ends elsewhere"
        );
        let parse = games.parse_game(i, &mut cache);
        assert!(
            parse.errors.is_empty(),
            "{what}: game {i} was read as plain, but has {:?}",
            parse.errors
        );
        assert_eq!(
            read_model,
            Game::pgn(&parse.green),
            "{what}: game {i}: the plain model differs"
        );
        next = Some(end);
    }
}

fn texts() -> Vec<(String, String)> {
    let mut files = Vec::new();
    kifu_testing::game_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
        &["pgn"],
        &mut files,
    );
    if let Some(dir) = corpus("pgn") {
        kifu_testing::game_files(&dir, &["pgn"], &mut files);
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).expect("a PGN file");
            (
                path.display().to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            )
        })
        .collect()
}

#[test]
fn plain_games_are_what_the_grammar_reads() {
    let mut seen = Seen::default();
    let texts = texts();
    assert!(texts.len() > 50, "the fixtures are there");
    for (name, text) in &texts {
        check(text, name, &mut seen);
    }
    eprintln!("{seen:?}");
    // Most real games are plain, or the fast path would be no path.
    assert!(seen.plain * 10 > seen.games * 9, "{seen:?}");
    // The same files with lines that end in `\r` alone (classic Mac OS): as plain.
    let mut cr = Seen::default();
    for (name, text) in texts.iter().filter(|(_, text)| !text.contains('\r')) {
        check(
            &text.replace('\n', "\r"),
            &format!("{name} with \\r"),
            &mut cr,
        );
    }
    eprintln!("with \\r: {cr:?}");
    assert!(cr.plain * 10 > cr.games * 9, "{cr:?}");
}

/// What an edit puts in: PGN's delimiters, and bytes that change how a word reads.
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
    "$",
    "$300",
    "!",
    "?!",
    "!!!",
    ".",
    "...",
    "1-0",
    "*",
    " ",
    "\n",
    "\n[Event \"x\"]\n",
    "\r[Event \"x\"]\r",
    "0",
    "12.",
    "x",
    "=",
    "+",
    "#",
    "O-O",
    "<br>",
    "\\",
    "é",
    "\r",
    "1/2",
    "e4",
    "Nf3",
    "--",
];

#[test]
fn broken_copies_keep_the_promise() {
    let texts = texts();
    // A fixed seed: the same broken copies on every run.
    let mut rng = kifu_testing::Lcg::new(0x6b69_6675);
    let mut seen = Seen::default();
    for (name, text) in texts.iter().filter(|(_, t)| t.len() < 400_000) {
        for copy in 0..12 {
            let mut broken = text.clone();
            for _ in 0..1 + copy % 3 {
                let mut at = rng.below(broken.len() + 1);
                while !broken.is_char_boundary(at) {
                    at -= 1;
                }
                if rng.below(3) == 0 && at < broken.len() {
                    let mut end = at + 1;
                    while !broken.is_char_boundary(end) {
                        end += 1;
                    }
                    broken.replace_range(at..end, "");
                } else {
                    broken.insert_str(at, INSERTS[rng.below(INSERTS.len())]);
                }
            }
            check(&broken, &format!("{name} (copy {copy})"), &mut seen);
        }
    }
    eprintln!("{seen:?}");
}
