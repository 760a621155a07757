//! Checks over a parsed PDN tree: the `GameType` and `FEN` tags, setup commands, and whether
//! every square used exists on the game's board.

use rowan::TextRange;

use super::board::{
    self, move_squares, parse_fen, parse_game_type, Board, GameType, Square, SquareStyle,
};
use super::{SyntaxKind, SyntaxNode, SyntaxToken};
use crate::pgn::ast::unescape_string;
use crate::{Code, SyntaxError};

/// The board assumed without a `GameType` tag: international draughts, for numeric squares.
fn default_board() -> Board {
    board::standard(20).expect("20 is a standard game type")
}

/// Runs the checks over every game under `root`.
pub(crate) fn check(root: &SyntaxNode) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    for game in root.children().filter(|n| n.kind() == SyntaxKind::GAME) {
        check_game(&game, &mut errors);
    }
    errors
}

/// The name and value tokens of each tag pair of a game's tag section.
fn tags(game: &SyntaxNode) -> Vec<(String, SyntaxToken)> {
    game.children()
        .filter(|n| n.kind() == SyntaxKind::TAG_SECTION)
        .flat_map(|section| section.children())
        .filter(|n| n.kind() == SyntaxKind::TAG_PAIR)
        .filter_map(|pair| {
            let tokens: Vec<SyntaxToken> = pair
                .children_with_tokens()
                .filter_map(|e| e.into_token())
                .collect();
            let name = tokens.iter().find(|t| t.kind() == SyntaxKind::SYMBOL)?;
            let value = tokens.iter().find(|t| t.kind() == SyntaxKind::STRING)?;
            Some((name.text().to_string(), value.clone()))
        })
        .collect()
}

fn check_game(game: &SyntaxNode, errors: &mut Vec<SyntaxError>) {
    let tags = tags(game);
    let tag = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, t)| t.clone());
    // `None`: squares are not checked (a game type whose board is unknown).
    let mut board = Some(default_board());
    let mut assumed = true;
    if let Some(token) = tag("GameType") {
        let value = unescape_string(token.text());
        assumed = false;
        match parse_game_type(&value) {
            Ok(GameType::Known(known)) => board = Some(known),
            Ok(GameType::Unknown(number, given)) => {
                board = given;
                errors.push(SyntaxError::new(
                    Code::UnknownGameType,
                    token.text_range(),
                    format!("GameType {number} is not in the PDN standard (20-31, 40, 41); kifu does not check its squares unless the tag gives the board"),
                ));
            }
            Err(message) => {
                board = None;
                errors.push(SyntaxError::new(
                    Code::InvalidGameType,
                    token.text_range(),
                    message,
                ));
            }
        }
    }
    // Without a GameType, alphanumeric squares say the board is not international: do not
    // guess which one it is.
    let check_square = |text: &str, range: TextRange, errors: &mut Vec<SyntaxError>| {
        let Some(square) = Square::parse(text) else {
            return;
        };
        let Some(board) = board else { return };
        if assumed && matches!(square, Square::Coordinate(..)) {
            return;
        }
        if board.squares == SquareStyle::Alphanumeric
            && matches!(square, Square::Number(_))
            && !assumed
        {
            return;
        }
        if !square.is_on(&board) {
            let which = if assumed {
                "the 10×10 board kifu assumes without a GameType tag".to_string()
            } else {
                format!(
                    "the {}×{} board of GameType {}",
                    board.width, board.height, board.game_type
                )
            };
            errors.push(SyntaxError::new(
                Code::NoSuchSquare,
                range,
                format!("there is no square {text} on {which}"),
            ));
        }
    };
    if let Some(token) = tag("FEN") {
        check_fen(
            &unescape_string(token.text()),
            token.text_range(),
            errors,
            &check_square,
        );
    }
    for token in game
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
    {
        match token.kind() {
            SyntaxKind::MOVE => {
                let text = token.text();
                for square in move_squares(text) {
                    // The square's own bytes: it is a slice of the token's text.
                    let at = square.as_ptr() as usize - text.as_ptr() as usize;
                    let range = TextRange::at(
                        token.text_range().start() + rowan::TextSize::from(at as u32),
                        rowan::TextSize::from(square.len() as u32),
                    );
                    check_square(square, range, errors);
                }
            }
            SyntaxKind::SETUP => check_setup(&token, errors, &check_square),
            _ => {}
        }
    }
}

fn check_fen(
    value: &str,
    range: TextRange,
    errors: &mut Vec<SyntaxError>,
    check_square: &dyn Fn(&str, TextRange, &mut Vec<SyntaxError>),
) {
    match parse_fen(value) {
        Ok(fen) => {
            for (_, _, square) in fen.pieces {
                let text = match square {
                    Square::Number(n) => n.to_string(),
                    Square::Coordinate(file, rank) => {
                        format!("{}{rank}", char::from(b'a' + file as u8))
                    }
                };
                check_square(&text, range, errors);
            }
        }
        Err(message) => errors.push(SyntaxError::new(
            Code::InvalidFen,
            range,
            format!("this FEN cannot be read: {message}"),
        )),
    }
}

/// `/FEN "..."/`: closed, and its FEN readable.
fn check_setup(
    token: &SyntaxToken,
    errors: &mut Vec<SyntaxError>,
    check_square: &dyn Fn(&str, TextRange, &mut Vec<SyntaxError>),
) {
    let text = token.text();
    if text.len() < 2 || !text.ends_with('/') {
        errors.push(SyntaxError::new(
            Code::UnterminatedSetup,
            token.text_range(),
            "this setup command has no closing `/` on its line",
        ));
        return;
    }
    let inner = text[1..text.len() - 1].trim();
    if let Some(value) = inner.strip_prefix("FEN") {
        check_fen(
            &unescape_string(value.trim()),
            token.text_range(),
            errors,
            check_square,
        );
    }
}
