//! Hover: what a tag, a move, an annotation, a result or an SGF property means.

use kifu_syntax::pdn::board::{parse_game_type, GameType, SquareStyle};
use kifu_syntax::pgn::{ast::unescape_string, SyntaxKind as K};
use kifu_syntax::sgf::{self, ast::Property, checks::decoded_values, properties};
use kifu_syntax::{pdn, TextRange, TextSize};
use rowan::{Language, NodeOrToken, TokenAtOffset};

use crate::document::{Document, Parsed};
use base64::prelude::{Engine, BASE64_STANDARD};

use crate::game::{go_coordinate, go_move_point, GameKind, GameRef, MoveId};
use crate::position::{BoardOptions, Reach};
use crate::replay::{Step, Wanted};
use crate::{annotation, eco, tags};

/// What to show for the thing under the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hover {
    /// The range the hover is about.
    pub range: TextRange,
    /// Markdown.
    pub markdown: String,
}

/// How a hover on a move shows the position after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HoverBoard {
    /// An SVG image in the Markdown (a `data:` URI), for clients that show images (VS Code).
    #[default]
    Image,
    /// A text diagram in a code block, for clients that show Markdown but no images.
    Text,
    /// No board.
    None,
}

impl Document {
    /// The hover at `offset`, if there is something to say; a move's shows the position
    /// after it as `board` says.
    pub fn hover(&self, offset: TextSize, board: HoverBoard) -> Option<Hover> {
        if usize::from(offset) > self.text().len() {
            return None;
        }
        match self.parsed() {
            Parsed::Pgn(parse) => self.movetext_hover(&parse.syntax(), offset, |k| k, board),
            Parsed::Pdn(parse) => {
                self.movetext_hover(&parse.syntax(), offset, pdn::SyntaxKind::role, board)
            }
            Parsed::Sgf(parse) => self.sgf_hover(&parse.syntax(), offset, board),
        }
    }

    /// Hover over a tree of the PGN family, read through its roles.
    fn movetext_hover<L: Language>(
        &self,
        root: &rowan::SyntaxNode<L>,
        offset: TextSize,
        role: fn(L::Kind) -> K,
        board: HoverBoard,
    ) -> Option<Hover> {
        let token = significant(kifu_syntax::token_at_offset(root, offset), |t| {
            role(t.kind()).is_trivia()
        })?;
        let parent = token.parent()?;
        let hover = |range: TextRange, markdown: String| Some(Hover { range, markdown });
        match (role(token.kind()), role(parent.kind())) {
            // A program's command in a comment: `[%clk 0:03:21]`, `[%eval #-3]`.
            (K::BRACE_COMMENT | K::LINE_COMMENT, _) => {
                let start = token.text_range().start();
                let within = offset - start;
                let command = annotation::commands(token.text())
                    .into_iter()
                    .find(|c| c.range.contains_inclusive(within))?;
                let range = command.range + start;
                hover(
                    range,
                    format!(
                        "**`{}`** — {}",
                        &self.text()[range],
                        command.kind.describe()
                    ),
                )
            }
            (K::SYMBOL | K::STRING | K::L_BRACK | K::R_BRACK, K::TAG_PAIR) => {
                let first = |kind: K| {
                    parent
                        .children_with_tokens()
                        .filter_map(NodeOrToken::into_token)
                        .find(|t| role(t.kind()) == kind)
                };
                let name = first(K::SYMBOL)?.text().to_string();
                let value = first(K::STRING).map_or(String::new(), |t| unescape_string(t.text()));
                let mut text = format!("**{name}**");
                if let Some(meaning) = tags::tag_meaning(&name) {
                    text.push_str(&format!(" — {meaning}"));
                }
                if let Some(read) = read_tag_value(&name, &value) {
                    text.push_str(&format!("\n\n`{value}`: {read}"));
                }
                hover(parent.text_range(), text)
            }
            (K::SAN | K::SUFFIX, K::SAN_MOVE) => {
                let game = self.game_of(&parent)?;
                let start = parent.text_range().start() - game.offset;
                let id = game.game.move_id_starting_at(start)?;
                let m = &game.game[id];
                let san = game.text_of(m.text);
                let (step, board_text) = self.move_replay(game, id, board);
                let mut text = match (&game.game.kind, step.as_ref().and_then(|s| s.said.as_ref()))
                {
                    // The move in its position: what it takes, check.
                    (GameKind::Chess { .. }, Some(said)) => {
                        format!("**{}** — {said}", game.move_name(m))
                    }
                    (GameKind::Draughts { .. }, _) => format!(
                        "**{}** — {}: {}",
                        game.move_name(m),
                        m.side.name(),
                        describe_draughts_move(san)
                    ),
                    _ => format!(
                        "**{}** — {}: {}",
                        game.move_name(m),
                        m.side.name(),
                        describe_san(san)
                    ),
                };
                if let Some(step) = &step {
                    if let Some(uci) = &step.uci {
                        if let Some(fen) = step.position.fen() {
                            text.push_str(&format!("\n\n`{uci}` · FEN after it: `{fen}`"));
                        }
                    } else {
                        text.push_str(&draughts_step(step));
                    }
                }
                if let Some(suffix) = m.suffix.map(|s| game.text_of(s)) {
                    if let Some(meaning) = tags::suffix_meaning(suffix) {
                        text.push_str(&format!("\n\n`{suffix}`: {meaning}"));
                    }
                }
                for &value in game.game.nags(m) {
                    let meaning = tags::nag_meaning(value)
                        .unwrap_or("an annotation the PGN standard leaves unnamed");
                    text.push_str(&format!("\n\n`${value}`: {meaning}"));
                }
                text.push_str(&board_text);
                hover(crate::roles::written_range(&parent, role), text)
            }
            (K::NAG, _) => {
                let value: u8 = token.text()[1..].parse().ok()?;
                let meaning = tags::nag_meaning(value)
                    .unwrap_or("an annotation the PGN standard leaves unnamed");
                hover(token.text_range(), format!("**${value}** — {meaning}"))
            }
            (K::RESULT, _) => {
                let meaning = tags::read_result(kifu_syntax::pgn::result_meant(token.text()))?;
                hover(
                    token.text_range(),
                    format!("**{}** — {meaning}", token.text()),
                )
            }
            _ => None,
        }
    }

    fn sgf_hover(
        &self,
        root: &sgf::SyntaxNode,
        offset: TextSize,
        board: HoverBoard,
    ) -> Option<Hover> {
        let token = significant(kifu_syntax::token_at_offset(root, offset), |t| {
            t.kind().is_trivia()
        })?;
        let property = Property::cast(token.parent()?)?;
        let id = property.canonical_ident()?;
        let info = properties::lookup(&id);
        let mut text = match info {
            Some(info) => format!(
                "**{id}** — {}; {}",
                info.name,
                shape_description(info.shape)
            ),
            None => format!("**{id}** — not an FF[4] property; its values are read as text"),
        };
        let node = property.syntax().parent()?;
        // A node outside any game tree has no board and no move number.
        let game = self.game_of(&node);
        let size = match game.map(|g| &g.game.kind) {
            Some(GameKind::Go { size }) => *size,
            _ => (19, 19),
        };
        let values = decoded_values(&property);
        let found = game.and_then(|g| {
            let id = g
                .game
                .move_id_starting_at(node.text_range().start() - g.offset)?;
            Some((g.game[id].number, self.move_replay(g, id, board)))
        });
        let number = found.as_ref().map(|(number, _)| *number);
        let (step, board) = found.map_or((None, String::new()), |(_, replayed)| replayed);
        if let (true, Some(number)) = (matches!(id.as_str(), "B" | "W"), number) {
            let raw = property.raw_values().next().unwrap_or_default();
            let at = go_move_point(&raw, size).unwrap_or_else(|| format!("`{raw}`"));
            let colour = if id == "B" { "Black" } else { "White" };
            text.push_str(&format!(
                "\n\nmove {number}: {colour} {at} (on {}×{})",
                size.0, size.1
            ));
            if let Some(step) = step {
                text.push_str(&go_step(&step));
            }
            text.push_str(&board);
        } else if !values.is_empty() {
            let shown: Vec<String> = values
                .iter()
                .map(|v| match go_coordinate(v, size) {
                    Some(point)
                        if info.is_some_and(|i| {
                            matches!(
                                i.shape,
                                properties::Shape::List(_) | properties::Shape::EList(_)
                            )
                        }) =>
                    {
                        format!("{v} ({point})")
                    }
                    _ => v.clone(),
                })
                .collect();
            text.push_str(&format!("\n\n{}", shown.join(", ")));
        }
        Some(Hover {
            range: property.syntax().text_range(),
            markdown: text,
        })
    }
}

impl Document {
    /// The position after move `id` of `game`, drawn as `board` says, with who moves next
    /// and the opening it is.
    /// What move `id` of `game` did, and the position after it drawn as `board` says, with
    /// who moves next and the opening it is (nothing when the move cannot be played), from
    /// one replay of the game.
    fn move_replay(
        &self,
        game: GameRef<'_>,
        id: MoveId,
        board: HoverBoard,
    ) -> (Option<Step>, String) {
        let mut replay = crate::replay::replay(game, Wanted::One(id));
        let reached = replay.reached.take();
        let step = replay.the_step();
        let reached = match (reached, board) {
            (Some(reached), HoverBoard::Image | HoverBoard::Text) => reached,
            _ => return (step, String::new()),
        };
        // A hover has some 250 pixels of height before it scrolls: the board and two lines
        // of words fit.
        let options = BoardOptions {
            width: Some(200),
            ..BoardOptions::default()
        };
        let reach = Reach {
            current: Some(id),
            reached: Some(reached),
            step: step.clone(),
            not_played: None,
        };
        let at = self.position_reached(0, game, game.game[id].line, reach, &options);
        let mut text = match board {
            HoverBoard::Image => format!(
                "\n\n![the position after {}](data:image/svg+xml;base64,{})",
                at.label,
                BASE64_STANDARD.encode(&at.svg)
            ),
            _ => format!("\n\n```text\n{}```", at.diagram),
        };
        text.push_str(&format!("\n\n{} to move", at.side_to_move));
        if let (Some(fen), true) = (&at.fen, matches!(game.game.kind, GameKind::Draughts { .. })) {
            text.push_str(&format!(" · FEN `{fen}`"));
        }
        if let Some((eco, name)) = &at.opening {
            text.push_str(&format!(" · {eco} {name}"));
        }
        (step, text)
    }
}

fn significant<L: Language>(
    at: TokenAtOffset<rowan::SyntaxToken<L>>,
    is_trivia: impl Fn(&rowan::SyntaxToken<L>) -> bool,
) -> Option<rowan::SyntaxToken<L>> {
    match at {
        TokenAtOffset::None => None,
        TokenAtOffset::Single(t) => Some(t),
        TokenAtOffset::Between(left, right) => Some(if is_trivia(&right) { left } else { right }),
    }
}

fn read_tag_value(name: &str, value: &str) -> Option<String> {
    match name {
        "Date" | "EventDate" | "UTCDate" => tags::read_date(value),
        "TimeControl" => tags::read_time_control(value),
        "Result" => tags::read_result(value).map(str::to_string),
        "ECO" => eco::opening_by_code(value).map(|o| format!("{} — {}", o.name, o.moves)),
        "GameType" => match parse_game_type(value) {
            Ok(GameType::Known(board)) | Ok(GameType::Unknown(_, Some(board))) => Some(format!(
                "{}{}×{} board, {} moves first, {} squares",
                if board.name.is_empty() {
                    String::new()
                } else {
                    format!("{}: ", board.name)
                },
                board.width,
                board.height,
                if board.black_first { "Black" } else { "White" },
                match board.squares {
                    SquareStyle::Numeric => "numbered",
                    SquareStyle::Alphanumeric => "lettered",
                },
            )),
            Ok(GameType::Unknown(n, None)) => {
                Some(format!("game type {n}, not in the PDN standard"))
            }
            Err(message) => Some(message),
        },
        _ => None,
    }
}

/// A SAN move in words: `Nxe4+` is "knight takes on e4, check".
fn describe_san(san: &str) -> String {
    let core = san.trim_end_matches(['+', '#']);
    let mark = if san.ends_with('#') {
        ", checkmate"
    } else if san.ends_with('+') {
        ", check"
    } else {
        ""
    };
    match core {
        "O-O" | "0-0" => return format!("castles kingside{mark}"),
        "O-O-O" | "0-0-0" => return format!("castles queenside{mark}"),
        "--" | "Z0" | "0000" | "@@@@" => return "a null move (passes)".into(),
        _ => {}
    }
    let piece = match core.chars().next() {
        Some('N') => "knight",
        Some('B') => "bishop",
        Some('R') => "rook",
        Some('Q') => "queen",
        Some('K') => "king",
        _ => "pawn",
    };
    let (body, promotion) = match core.rfind(|c: char| c.is_ascii_digit()) {
        Some(i) => (&core[..=i], core[i + 1..].trim_start_matches('=')),
        None => (core, ""),
    };
    let destination = body.get(body.len().saturating_sub(2)..).unwrap_or(body);
    let mut text = if body.contains('@') {
        format!("{piece} dropped on {destination}")
    } else if body.contains('x') || body.contains(':') {
        format!("{piece} takes on {destination}")
    } else {
        format!("{piece} to {destination}")
    };
    let promoted = match promotion.to_ascii_uppercase().as_str() {
        "Q" => Some("queen"),
        "R" => Some("rook"),
        "B" => Some("bishop"),
        "N" => Some("knight"),
        _ => None,
    };
    if let Some(promoted) = promoted {
        text.push_str(&format!(", promotes to a {promoted}"));
    }
    text.push_str(mark);
    text
}

/// A draughts move in words: `26x37x48` is "captures from 26 via 37 to 48".
/// What a Go move took, and the prisoners so far.
fn go_step(step: &crate::replay::Step) -> String {
    let mut text = String::new();
    if !step.captured.is_empty() {
        let n = step.captured.len();
        text.push_str(&format!(
            "\n\ncaptures {n} stone{}: {}",
            if n == 1 { "" } else { "s" },
            step.captured.join(", ")
        ));
        if step.ko {
            text.push_str(" (a ko: it cannot be taken back at once)");
        }
    }
    if let Some((black, white)) = step.prisoners {
        text.push_str(&format!(
            "\n\nprisoners so far: Black has taken {black}, White {white}"
        ));
    }
    text
}

/// A draughts capture's whole path and the pieces it took.
fn draughts_step(step: &crate::replay::Step) -> String {
    match &step.full {
        Some(full) if !step.captured.is_empty() => {
            let n = step.captured.len();
            format!(
                "\n\n`{full}`: takes {n} piece{} (on {})",
                if n == 1 { "" } else { "s" },
                step.captured.join(", ")
            )
        }
        _ => String::new(),
    }
}

fn describe_draughts_move(text: &str) -> String {
    let forced = if text.ends_with('*') { " (forced)" } else { "" };
    let squares = kifu_syntax::pdn::board::move_squares(text);
    let capture = text.contains(['x', 'X', ':']);
    match squares.as_slice() {
        [from, to] if capture => format!("captures from {from} to {to}{forced}"),
        [from, to] => format!("moves from {from} to {to}{forced}"),
        [from, via @ .., to] => format!(
            "captures from {from} via {} to {to}{forced}",
            via.join(", ")
        ),
        _ => text.to_string(),
    }
}

/// What values a property takes, in words.
pub(crate) fn shape_description(shape: properties::Shape) -> String {
    use properties::{type_name, Shape};
    match shape {
        Shape::One(ty) => format!("takes {}", type_name(ty)),
        Shape::Compose(a, b) => {
            format!("takes {} and {} joined by `:`", type_name(a), type_name(b))
        }
        Shape::OneOrCompose(plain, a, b) => format!(
            "takes {}, or {} and {} joined by `:`",
            type_name(plain),
            type_name(a),
            type_name(b)
        ),
        Shape::List(ty) => format!(
            "takes a list of {}s (`aa:cc` for a rectangle)",
            type_name(ty).trim_start_matches("a ")
        ),
        Shape::EList(ty) => format!(
            "takes a list of {}s, or `[]` for none",
            type_name(ty).trim_start_matches("a ")
        ),
        Shape::ListOfCompose(a, b) => format!(
            "takes a list of {} and {} joined by `:`",
            type_name(a),
            type_name(b)
        ),
    }
}

#[cfg(test)]
mod tests {
    use expect_test::{expect, Expect};

    use crate::fixture::{self, KASPAROV};
    use crate::{Document, Notation};

    fn check_hover(notation: Notation, text: &str, expect: Expect) {
        check_hover_with(notation, text, crate::HoverBoard::None, expect);
    }

    fn check_hover_with(notation: Notation, text: &str, board: crate::HoverBoard, expect: Expect) {
        let (doc, offset) = fixture::document(notation, text);
        let actual = match doc.hover(offset, board) {
            Some(hover) => format!("{}\n{}", &doc.text()[hover.range], hover.markdown),
            None => "no hover".to_string(),
        };
        expect.assert_eq(&actual);
    }

    #[test]
    fn hover_boards_as_text_and_as_an_image() {
        check_hover_with(
            Notation::Pgn,
            "1. e4 e5 2. Nf3 Nc6 3. B$0b5 *",
            crate::HoverBoard::Text,
            expect![[r#"
                Bb5
                **3. Bb5** — White's bishop from f1 to b5

                `f1b5` · FEN after it: `r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3`

                ```text
                8 ♜ · ♝ ♛ ♚ ♝ ♞ ♜
                7 ♟ ♟ ♟ ♟ · ♟ ♟ ♟
                6 · · ♞ · · · · ·
                5 · ♗ · · ♟ · · ·
                4 · · · · ♙ · · ·
                3 · · · · · ♘ · ·
                2 ♙ ♙ ♙ ♙ · ♙ ♙ ♙
                1 ♖ ♘ ♗ ♕ ♔ · · ♖
                  a b c d e f g h
                ```

                Black to move · C60 Ruy Lopez"#]],
        );
        check_hover_with(
            Notation::Sgf,
            "(;GM[1]SZ[5];B[cc];W$0[bc])",
            crate::HoverBoard::Text,
            expect![[r#"
                W[bc]
                **W** — White move; takes a move (a point, or `[]` to pass)

                move 2: White B3 (on 5×5)

                prisoners so far: Black has taken 0, White 0

                ```text
                5 · · · · ·
                4 · · · · ·
                3 ·[○]● · ·
                2 · · · · ·
                1 · · · · ·
                  A B C D E
                ```

                Black to move"#]],
        );
        check_hover_with(
            Notation::Pdn,
            "1. 32-28 1$09-23 *",
            crate::HoverBoard::Text,
            expect![[r#"
                19-23
                **1... 19-23** — Black: moves from 19 to 23

                ```text
                  x   x   x   x   x  1-5
                x   x   x   x   x    6-10
                  x   x   x   x   x  11-15
                x   x   x   .   x    16-20
                  .   .   x   .   .  21-25
                .   .   o   .   .    26-30
                  o   .   o   o   o  31-35
                o   o   o   o   o    36-40
                  o   o   o   o   o  41-45
                o   o   o   o   o    46-50
                ```

                White to move · FEN `W:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20,23`"#]],
        );
        // The image: the renderer's SVG, base64 in a `data:` URI, which VS Code shows.
        let (doc, offset) = fixture::document(Notation::Pgn, "1. e$04 *");
        let hover = doc.hover(offset, crate::HoverBoard::Image).unwrap();
        let start = hover.markdown.find("(data:image/svg+xml;base64,").unwrap();
        let end = start + hover.markdown[start..].find(')').unwrap();
        let encoded = &hover.markdown[start + "(data:image/svg+xml;base64,".len()..end];
        use base64::prelude::{Engine, BASE64_STANDARD};
        let svg = String::from_utf8(BASE64_STANDARD.decode(encoded).unwrap()).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
            "{svg}"
        );
        assert!(
            hover.markdown.contains("![the position after 1. e4]"),
            "{}",
            hover.markdown
        );
        // No board after a move that cannot be played: its diagnostic says why.
        check_hover_with(
            Notation::Pgn,
            "1. e4 e5 2. K$0e3 *",
            crate::HoverBoard::Text,
            expect![[r#"
                Ke3
                **2. Ke3** — White: king to e3"#]],
        );
    }

    #[test]
    fn hover_commands_in_comments() {
        for (text, expect) in [
            (
                "1. e4 { [%clk 0:0$03:21] } *",
                expect![[r#"
                    [%clk 0:03:21]
                    **`[%clk 0:03:21]`** — clock: 3 min 21 s left"#]],
            ),
            (
                "1. e4 { [%eval #-3] [%e$0val 0.17,22] } *",
                expect![[r#"
                    [%eval 0.17,22]
                    **`[%eval 0.17,22]`** — evaluation +0.17: about equal, depth 22"#]],
            ),
            (
                "1. e4 { [%cal Ge2e4,Rd1h5] [%c$0sl Gd4] } *",
                expect![[r#"
                    [%csl Gd4]
                    **`[%csl Gd4]`** — squares marked: d4 green"#]],
            ),
            ("1. e4 { a plain $0comment } *", expect!["no hover"]),
        ] {
            check_hover(Notation::Pgn, text, expect);
        }
    }

    #[test]
    fn hover_tag_date() {
        check_hover(
            Notation::Pgn,
            "[Da$0te \"2001.12.05\"]\n*",
            expect![[r#"
            [Date "2001.12.05"]
            **Date** — the date the game started, `YYYY.MM.DD`, `??` for unknown parts (Seven Tag Roster)

            `2001.12.05`: 5 December 2001"#]],
        );
    }

    #[test]
    fn hover_tag_time_control_and_eco() {
        check_hover(
            Notation::Pgn,
            "[TimeControl \"40/7200:3$0600\"]\n*",
            expect![[r#"
            [TimeControl "40/7200:3600"]
            **TimeControl** — the time control: `moves/seconds`, `seconds+increment`, periods separated by `:`

            `40/7200:3600`: 40 moves in 2 hours, then 1 hour"#]],
        );
        check_hover(
            Notation::Pgn,
            "[E$0CO \"C80\"]\n*",
            expect![[r#"
                [ECO "C80"]
                **ECO** — the opening's code in the Encyclopaedia of Chess Openings

                `C80`: Ruy Lopez: Open — 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Nxe4"#]],
        );
    }

    #[test]
    fn hover_moves() {
        let text = KASPAROV.replace("Nxc3 13.", "N$0xc3 13.");
        check_hover(
            Notation::Pgn,
            &text,
            expect![[r#"
                Nxc3
                **12... Nxc3** — Black's knight from e4 takes the knight on c3

                `e4c3` · FEN after it: `r2q1rk1/2p2ppp/p1n1b3/1p1pP3/8/1Bn1QN2/PPP2PPP/R4RK1 w - - 0 13`"#]],
        );
        let text = KASPAROV.replace("a6 $1", "a$06 $1");
        check_hover(
            Notation::Pgn,
            &text,
            expect![[r#"
                a6
                **3... a6** — Black's pawn from a7 to a6

                `a7a6` · FEN after it: `r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4`

                `$1`: good move (`!`)"#]],
        );
        check_hover(
            Notation::Pgn,
            "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qx$0f7# 1-0",
            expect![[r#"
                Qxf7#
                **4. Qxf7#** — White's queen from h5 takes the pawn on f7, checkmate

                `h5f7` · FEN after it: `r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4`"#]],
        );
        check_hover(
            Notation::Pgn,
            "[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 17\"]\n17... K$0d2 *",
            expect![[r#"
                Kd2
                **17... Kd2** — Black's king from c1 to d2

                `c1d2` · FEN after it: `8/8/8/8/8/8/3k4/K7 w - - 1 18`"#]],
        );
    }

    #[test]
    fn hover_move_numbers_come_from_its_own_game() {
        check_hover(
            Notation::Pgn,
            "[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 17\"]\n17... Kd2 *\n\n[Event \"next\"]\n1. e$04 *",
            expect![[r#"
                e4
                **1. e4** — White's pawn from e2 to e4

                `e2e4` · FEN after it: `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1`"#]],
        );
    }

    #[test]
    fn hover_nag_and_result() {
        check_hover(
            Notation::Pgn,
            "1. e4 $1$04 1-0",
            expect![[r#"
            $14
            **$14** — White is slightly better"#]],
        );
        check_hover(
            Notation::Pgn,
            "1. e4 1/2-$01/2",
            expect![[r#"
            1/2-1/2
            **1/2-1/2** — a draw"#]],
        );
    }

    #[test]
    fn hover_sgf() {
        check_hover(
            Notation::Sgf,
            "(;GM[1]FF[4]SZ[19];B[pd];W[d$0d])",
            expect![[r#"
                W[dd]
                **W** — White move; takes a move (a point, or `[]` to pass)

                move 2: White D16 (on 19×19)

                prisoners so far: Black has taken 0, White 0"#]],
        );
        check_hover(
            Notation::Sgf,
            "(;GM[1]FF[4]SZ[9]K$0M[6.5])",
            expect![[r#"
            KM[6.5]
            **KM** — Komi; takes a real number

            6.5"#]],
        );
    }

    #[test]
    fn hover_go_move_says_what_it_took() {
        check_hover(
            Notation::Sgf,
            "(;SZ[9]AB[ba][ab][cb][bc]AW[ca][db][cc];W[b$0b])",
            expect![[r#"
            W[bb]
            **W** — White move; takes a move (a point, or `[]` to pass)

            move 1: White B8 (on 9×9)

            captures 1 stone: C8 (a ko: it cannot be taken back at once)

            prisoners so far: Black has taken 0, White 1"#]],
        );
    }

    #[test]
    fn hover_draughts_capture_gives_its_path() {
        check_hover(
            Notation::Pdn,
            "1. 32-28 19-23 2. 2$08x19 *",
            expect![[r#"
            28x19
            **2. 28x19** — White: captures from 28 to 19

            `28x19`: takes 1 piece (on 23)"#]],
        );
    }

    #[test]
    fn hover_sgf_uses_its_own_games_board() {
        check_hover(
            Notation::Sgf,
            "(;GM[1]SZ[9];B[cc])\n(;GM[1]SZ[19];B[c$0c])",
            expect![[r#"
                B[cc]
                **B** — Black move; takes a move (a point, or `[]` to pass)

                move 1: Black C17 (on 19×19)

                prisoners so far: Black has taken 0, White 0"#]],
        );
    }

    #[test]
    fn hover_sgf_node_outside_any_game() {
        check_hover(
            Notation::Sgf,
            "(;GM[1]);B[a$0a]",
            expect![[r#"
            B[aa]
            **B** — Black move; takes a move (a point, or `[]` to pass)

            aa"#]],
        );
    }

    #[test]
    fn hover_pdn() {
        check_hover(
            Notation::Pdn,
            "[GameType \"21\"]\n1. 11-15 23-18 2. 8-11 2$06x37x48 *",
            expect![[r#"
            26x37x48
            **2... 26x37x48** — White: captures from 26 via 37 to 48"#]],
        );
        check_hover(
            Notation::Pdn,
            "[Game$0Type \"25\"]\n*",
            expect![[r#"
            [GameType "25"]
            **GameType** — the draughts variant and board (PDN)

            `25`: Russian draughts: 8×8 board, White moves first, lettered squares"#]],
        );
    }

    #[test]
    fn no_hover_past_the_end_or_on_space() {
        check_hover(Notation::Pgn, "1. e4 e5 *   $0", expect!["no hover"]);
        let doc = Document::new(Notation::Pgn, "1. e4 *".into());
        assert_eq!(
            doc.hover(crate::TextSize::from(1000), crate::HoverBoard::None),
            None
        );
    }
}
