//! The draughts rules against real data: py-draughts' move counts and positions, and every
//! game of its test data (from lidraughts and playstrategy.org) replayed move by move.

use std::path::Path;

use std::time::Instant;

use kifu_rules::draughts::{legal_moves, parse_square, play, IllegalMove, Position, Variant};
use kifu_syntax::pdn::{SyntaxKind, SyntaxNode};

mod common;
use common::corpus;

/// py-draughts' game folders and the variant of each; a game's `GameType` tag overrides it.
const FOLDERS: &[(&str, Variant)] = &[
    ("standard", Variant::International),
    ("american", Variant::English),
    ("russian", Variant::Russian),
    ("brazilian", Variant::Brazilian),
    ("frisian", Variant::Frisian),
    ("antidraughts", Variant::Antidraughts),
    ("breakthrough", Variant::Breakthrough),
    ("frysk", Variant::Frysk),
];

fn read_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// py-draughts' move counts for International positions.
///
/// A capture can be counted once per path (each sequence of landing squares) or once per
/// set of pieces taken from one square to another; none of these positions has two paths
/// that take the same pieces, so the counts do not tell the two apart. py-draughts'
/// generator (`boards/standard.py`) makes one move per path, and `legal_moves` lists them
/// the same way; the published perft counts take the other way (see `draughts_perft.rs`).
#[test]
fn move_counts_match_py_draughts() {
    let Some(dir) = corpus("pdn/py-draughts/test/games") else {
        return;
    };
    let counts = read_json(&dir.join("standard/legal_moves_len.json"));
    let counts = counts.as_object().expect("an object of FEN to count");
    assert!(!counts.is_empty());
    let mut failures = Vec::new();
    for (fen, expected) in counts {
        let position = Position::from_fen(Variant::International, fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        let moves = legal_moves(&position);
        let expected = expected.as_u64().expect("a count") as usize;
        if moves.len() != expected {
            let listed: Vec<String> = moves
                .iter()
                .map(|m| m.full_notation(Variant::International))
                .collect();
            failures.push(format!(
                "{fen}: {} moves, py-draughts {expected}: {listed:?}",
                moves.len()
            ));
        }
    }
    eprintln!(
        "{} positions checked against py-draughts' move counts",
        counts.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every FEN of py-draughts' random positions reads, writes and reads back to the same
/// position.
#[test]
fn fens_round_trip() {
    let Some(dir) = corpus("pdn/py-draughts/test/games") else {
        return;
    };
    let data = read_json(&dir.join("standard/random_positions.json"));
    let fens = data["positions"].as_array().expect("a list of FENs");
    assert!(!fens.is_empty());
    for fen in fens {
        let fen = fen.as_str().expect("a FEN");
        let position = Position::from_fen(Variant::International, fen)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        let written = position.to_fen();
        let again = Position::from_fen(Variant::International, &written)
            .unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(again, position, "{fen} -> {written}");
    }
    eprintln!("{} FENs read, written and read back", fens.len());
}

/// The tags and main-line moves of one game.
struct Game {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
}

impl Game {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The games of a PDN text, read through kifu's own parser.
fn games(text: &str) -> Vec<Game> {
    let parse = kifu_syntax::pdn::parse(text);
    parse.games().map(|game| read_game(&game)).collect()
}

fn read_game(game: &SyntaxNode) -> Game {
    let mut tags = Vec::new();
    let mut moves = Vec::new();
    for node in game.children() {
        match node.kind() {
            SyntaxKind::TAG_SECTION => {
                for pair in node.children().filter(|n| n.kind() == SyntaxKind::TAG_PAIR) {
                    let tokens: Vec<_> = pair
                        .children_with_tokens()
                        .filter_map(|t| t.into_token())
                        .collect();
                    let name = tokens.iter().find(|t| t.kind() == SyntaxKind::SYMBOL);
                    let value = tokens.iter().find(|t| t.kind() == SyntaxKind::STRING);
                    if let (Some(name), Some(value)) = (name, value) {
                        let value = value.text().trim_matches('"').to_string();
                        tags.push((name.text().to_string(), value));
                    }
                }
            }
            // Only the main line: variations are other games' moves.
            SyntaxKind::MOVETEXT => {
                for item in node
                    .children()
                    .filter(|n| n.kind() == SyntaxKind::MOVE_NODE)
                {
                    let token = item
                        .children_with_tokens()
                        .filter_map(|t| t.into_token())
                        .find(|t| t.kind() == SyntaxKind::MOVE);
                    if let Some(token) = token {
                        moves.push(token.text().to_string());
                    }
                }
            }
            _ => {}
        }
    }
    Game { tags, moves }
}

/// A move's squares and whether it was written as a capture.
fn squares(variant: Variant, text: &str) -> Option<(Vec<u8>, bool)> {
    let squares: Option<Vec<u8>> = kifu_syntax::pdn::board::move_squares(text)
        .into_iter()
        .map(|s| parse_square(variant, s))
        .collect();
    let capture = text.contains(['x', 'X', ':']);
    Some((squares?, capture))
}

/// What replaying a folder of games gave.
#[derive(Default)]
struct Replay {
    games: usize,
    moves: usize,
    /// Capture tokens that stopped mid-capture and were joined to the next token (as
    /// playstrategy writes each jump of a multiple capture on its own).
    joined: usize,
    /// Moves written with `-` for a capture or `x` for a quiet move.
    wrong_separator: usize,
    failures: Vec<String>,
}

fn replay_game(game: &Game, folder_variant: Variant, out: &mut Replay) {
    let variant = game
        .tag("GameType")
        .and_then(|t| t.split(',').next())
        .and_then(|n| n.trim().parse().ok())
        .and_then(Variant::from_game_type)
        .unwrap_or(folder_variant);
    let mut position = match game.tag("FEN") {
        Some(fen) => match Position::from_fen(variant, fen) {
            Ok(position) => position,
            Err(e) => {
                out.failures.push(format!("FEN {fen}: {e}"));
                return;
            }
        },
        None => Position::new(variant),
    };
    if game.moves.is_empty() {
        return;
    }
    out.games += 1;
    let mut i = 0;
    while i < game.moves.len() {
        let Some((mut written, capture)) = squares(variant, &game.moves[i]) else {
            out.failures
                .push(format!("{}: not squares of {variant}", game.moves[i]));
            return;
        };
        let result = loop {
            match play(&position, &written, capture) {
                Err(IllegalMove::Unfinished { .. }) => {
                    // The rest of the capture may be the next token: `e5xc3 c3xa1`.
                    let next = game.moves.get(i + 1).and_then(|m| squares(variant, m));
                    match next {
                        Some((rest, true)) if rest.first() == written.last() => {
                            written.extend_from_slice(&rest[1..]);
                            out.joined += 1;
                            i += 1;
                        }
                        _ => break play(&position, &written, capture),
                    }
                }
                other => break other,
            }
        };
        match result {
            Ok((mv, next)) => {
                if mv.is_capture() != capture {
                    out.wrong_separator += 1;
                }
                position = next;
                out.moves += 1;
                // Every position of the game goes through its FEN and back.
                let fen = position.to_fen();
                match Position::from_fen(variant, &fen) {
                    Ok(again) if again.to_fen() == fen => {}
                    other => out.failures.push(format!("{fen} reads back as {other:?}")),
                }
            }
            Err(e) => {
                out.failures.push(format!(
                    "{variant} move {} `{}` in {}: {e}\n  moves: {}",
                    i + 1,
                    game.moves[i],
                    position.to_fen(),
                    game.moves.join(" ")
                ));
                return;
            }
        }
        i += 1;
    }
}

/// Every game of py-draughts' test data replays without an illegal move, in each folder's
/// variant unless a `GameType` tag says otherwise, from the `FEN` tag if there is one.
///
/// Some strings hold a game's tags and the next its moves (the Russian and Frisian files
/// split games so); a string of moves alone is a game from the start position.
#[test]
fn py_draughts_games_replay() {
    let Some(dir) = corpus("pdn/py-draughts/test/games") else {
        return;
    };
    let started = Instant::now();
    let mut total = Replay::default();
    let mut summary = Vec::new();
    for &(folder, variant) in FOLDERS {
        let data = read_json(&dir.join(folder).join("random_pdns.json"));
        let mut replay = Replay::default();
        for list in data.as_object().expect("an object").values() {
            for text in list.as_array().expect("a list of games") {
                // Some strings carry `\n` as two characters (escaped twice in the JSON).
                let text = text.as_str().expect("a PDN string").replace("\\n", "\n");
                for game in games(&text) {
                    replay_game(&game, variant, &mut replay);
                }
            }
        }
        summary.push((
            folder,
            replay.games,
            replay.moves,
            replay.joined,
            replay.wrong_separator,
        ));
        total.games += replay.games;
        total.moves += replay.moves;
        total.joined += replay.joined;
        total.wrong_separator += replay.wrong_separator;
        total.failures.extend(replay.failures);
    }
    for (folder, games, moves, joined, wrong) in &summary {
        eprintln!("{folder:>12}: {games:>3} games, {moves:>5} moves ({joined} jumps joined, {wrong} wrong separators)");
    }
    eprintln!(
        "{} games, {} moves replayed in {:?}",
        total.games,
        total.moves,
        started.elapsed()
    );
    assert!(total.failures.is_empty(), "{}", total.failures.join("\n"));
    // Games with moves (strings of tags alone are not games to replay), and their moves;
    // playstrategy writes each jump of 37 multiple captures as a move of its own.
    assert_eq!((total.games, total.moves, total.joined), (166, 11_556, 37));
}
