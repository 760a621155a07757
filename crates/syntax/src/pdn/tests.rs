use super::*;
use crate::Code;

fn codes(text: &str) -> Vec<(String, Code)> {
    parse(text).diagnosed(text)
}

#[test]
fn clean_games() {
    assert_eq!(
        codes("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n"),
        vec![]
    );
    assert_eq!(
        codes("[GameType \"21\"]\n1. 11-15 23-18 2. 15x22 25x18 27-20* 1-0\n"),
        vec![]
    );
    assert_eq!(
        codes("[GameType \"25\"]\n1. c3-d4 b6-c5 2. d4xb6 a7xc5 1-1\n"),
        vec![]
    );
    assert_eq!(codes("1. 32-28 {note} 1/2-1/2 {again} 1/2-1/2\n"), vec![]);
    assert_eq!(codes("1. 31-27(?) (1. 32-28!) 19-23 *\n"), vec![]);
    assert_eq!(codes("[FEN \"W:W31-50:B1-20\"]\n1. 31-27 *\n"), vec![]);
    assert_eq!(codes("1. 32-28 /FEN \"W:W28:B1\"/ 1-23 *\n"), vec![]);
}

#[test]
fn errors() {
    assert_eq!(codes("1. 51-46 *"), vec![("51".into(), Code::NoSuchSquare)]);
    assert_eq!(
        codes("[GameType \"21\"]\n1. 33-29 *"),
        vec![("33".into(), Code::NoSuchSquare)]
    );
    assert_eq!(
        codes("1. 05-10 *"),
        vec![("05-10".into(), Code::LeadingZero)]
    );
    assert_eq!(
        codes("1. 32 - 28 *"),
        vec![("32 - 28".into(), Code::SpaceInMove)]
    );
    assert_eq!(
        codes("[FEN \"X:W1\"]\n*"),
        vec![("\"X:W1\"".into(), Code::InvalidFen)]
    );
    assert_eq!(
        codes("[GameType \"x\"]\n*"),
        vec![("\"x\"".into(), Code::InvalidGameType)]
    );
    assert_eq!(
        codes("1. 32-28 /FEN \"W:W28"),
        vec![("/FEN \"W:W28".into(), Code::UnterminatedSetup)]
    );
    assert_eq!(
        codes("1. 32-28 oops *"),
        vec![("oops".into(), Code::StrayText)]
    );
}

#[test]
fn games_read_through_their_pgn_roles() {
    use crate::pgn::SyntaxKind as Role;
    let parse = parse("[White \"A\"]\n1. 32-28 {good} 19-23 (1... 18-23) *\n");
    let games: Vec<SyntaxNode> = parse.games().collect();
    assert_eq!(games.len(), 1);
    assert_eq!(
        games[0].to_string(),
        "[White \"A\"]\n1. 32-28 {good} 19-23 (1... 18-23) *"
    );
    let roles: Vec<Role> = games[0]
        .descendants()
        .map(|n| n.kind().role())
        .filter(|r| *r != Role::MOVE_NUMBER)
        .collect();
    assert_eq!(
        roles,
        [
            Role::GAME,
            Role::TAG_SECTION,
            Role::TAG_PAIR,
            Role::MOVETEXT,
            Role::SAN_MOVE,
            Role::COMMENT,
            Role::SAN_MOVE,
            Role::VARIATION,
            Role::SAN_MOVE,
            Role::GAME_RESULT,
        ]
    );
}

#[test]
fn deep_and_large_input() {
    let depth = 100_000;
    let text = "1. 32-28 ".to_string() + &"( 1. 33-28 ".repeat(depth) + &")".repeat(depth) + " *";
    let parse = parse(&text);
    assert_eq!(parse.syntax().to_string(), text);
    let codes: Vec<Code> = parse.errors().iter().map(|e| e.code).collect();
    assert_eq!(codes, vec![Code::NestingTooDeep]);
    // 5,000 games of 20 moves: every byte kept, no error.
    let game = "[GameType \"20\"]\n".to_string() + &"1. 32-28 19-23 ".repeat(10) + "2-0\n\n";
    let text = game.repeat(5_000);
    let parse = super::parse(&text);
    assert!(parse.errors().is_empty());
    assert_eq!(parse.games().count(), 5_000);
}

/// A NAG after a game's result is the game's one `stray-text` (not a game of nothing with
/// no result), but not where moves follow it on the line: in PDN a game ends at its result
/// even so, and the NAG stays the next game's, whose moves have their own diagnostics.
#[test]
fn a_nag_after_the_result() {
    let text = "1. 32-28 19-23 2-0 $1\n\n1. 33-29 *\n";
    assert_eq!(codes(text), vec![("$1".into(), Code::StrayText)]);
    assert_eq!(parse(text).syntax().children().count(), 2, "two games");
    assert_eq!(codes("1. 32-28 19-23 2-0 $1 2. 28x19 14x23 2-0\n"), vec![]);
}
