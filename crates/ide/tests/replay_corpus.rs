//! Real games replayed through `Document`: py-draughts' games for eight draughts variants.
//! (The 1,000 Fox Go games and the other SGF files are replayed through the CLI in
//! `tests/tests/sgf.rs`.)

use std::collections::BTreeMap;

use kifu_ide::{Document, Notation, Severity};

mod common;
use common::corpus;

/// The PDN `GameType` of each py-draughts folder (lidraughts' numbers for its own games).
const FOLDERS: &[(&str, u32)] = &[
    ("standard", 20),
    ("american", 21),
    ("russian", 25),
    ("brazilian", 26),
    ("frisian", 40),
    ("breakthrough", 96),
    ("frysk", 97),
    ("antidraughts", 98),
];

#[test]
fn py_draughts_games_replay() {
    let Some(corpus) = corpus("") else { return };
    let mut games = 0;
    let mut moves = 0;
    let mut found: BTreeMap<String, usize> = BTreeMap::new();
    let mut fixes = 0;
    for &(folder, game_type) in FOLDERS {
        let path = corpus.join(format!(
            "pdn/py-draughts/test/games/{folder}/random_pdns.json"
        ));
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("the games")).unwrap();
        let list = json.get("pdn_positions").or_else(|| json.get("games"));
        for pdn in list.and_then(|l| l.as_array()).expect("a list of games") {
            let mut text = pdn.as_str().unwrap().to_string();
            // Some entries are the moves alone, their headers being the entry before.
            if !text.contains("[GameType") {
                text = format!("[GameType \"{game_type}\"]\n{text}");
            }
            let document = Document::new(Notation::Pdn, text.clone());
            for game in document.games() {
                games += 1;
                moves += game.game.moves.len();
            }
            for d in document.diagnostics() {
                if document.syntax_diagnostics().contains(d) {
                    continue;
                }
                *found
                    .entry(format!("{folder} {}", d.code.as_str()))
                    .or_default() += 1;
                if d.severity() == Severity::Error {
                    eprintln!("{folder}: {} at `{}`", d.message, &text[d.range]);
                }
                // Each diagnostic's fix repairs what it says, and nothing else appears.
                for fix in &d.fixes {
                    let mut fixed = text.clone();
                    for edit in fix.edits.iter().rev() {
                        fixed.replace_range(
                            std::ops::Range::<usize>::from(edit.range),
                            &edit.insert,
                        );
                    }
                    let after = Document::new(Notation::Pdn, fixed.clone());
                    let left: Vec<&str> = after
                        .diagnostics()
                        .iter()
                        .map(|d| d.code.as_str())
                        .collect();
                    assert!(
                        left.len() < document.diagnostics().len()
                            && !left.contains(&d.code.as_str()),
                        "{folder}: `{}` left {left:?} in {fixed}",
                        fix.title
                    );
                    fixes += 1;
                }
            }
        }
    }
    println!("{games} games, {moves} moves replayed; found: {found:?}; {fixes} fixes applied");
    assert!(
        games >= 166 && moves > 11_000,
        "{games} games, {moves} moves"
    );
    // No move is illegal. playstrategy.org writes a multiple capture as one move a jump
    // (`57. f4xd2 e1xc3 58. c3xe5`): said once in each of the 21 American games that have one.
    let expected: BTreeMap<String, usize> = [("american split-capture".to_string(), 21)].into();
    assert_eq!(found, expected);
}
