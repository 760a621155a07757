//! `kifu export`: games as JSON for databases, streamed game by game.

use std::io::{self, Write};
use std::path::PathBuf;

use kifu_syntax::pgn::ast::{Game, MovetextItem};
use kifu_syntax::pgn::GameParse;
use kifu_syntax::{SyntaxError, TextSize};
use serde::Serialize;

use crate::files;
use crate::input::{self, Notation};
use crate::lines::{Lines, Span};
use crate::pieces::for_each_piece;
use crate::progress::Progress;
use crate::ExitStatus;

/// The output shapes of `kifu export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// One JSON array of games.
    Json,
    /// One game per line (JSON Lines).
    Jsonl,
}

/// One game, as exported.
#[derive(Debug, Serialize)]
pub struct GameJson {
    /// The file, as given on the command line.
    pub file: String,
    /// 1-based position of the game in its file.
    pub index: usize,
    /// The tag pairs, in order.
    pub tags: Vec<TagJson>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The main line.
    pub moves: Vec<MoveJson>,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`, or null when missing.
    pub result: Option<String>,
    /// The game's diagnostics.
    pub diagnostics: Vec<DiagnosticJson>,
}

/// A tag pair.
#[derive(Debug, Serialize)]
pub struct TagJson {
    /// `Event`.
    pub name: String,
    /// The value, unescaped.
    pub value: String,
}

/// A move and what is attached to it.
#[derive(Debug, Serialize, Default)]
pub struct MoveJson {
    /// The full-move number.
    pub number: u32,
    /// `white` or `black`: who made the move.
    pub side: &'static str,
    /// The move as written.
    pub san: String,
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub suffix: Option<String>,
    /// Numeric Annotation Glyphs, `$14` as 14.
    pub nags: Vec<u8>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move.
    pub variations: Vec<LineJson>,
}

/// A variation: comments before its first move, and its moves.
#[derive(Debug, Serialize, Default)]
pub struct LineJson {
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves.
    pub moves: Vec<MoveJson>,
}

/// A diagnostic with the move it follows.
#[derive(Debug, Serialize)]
pub struct DiagnosticJson {
    /// `error`, `warning`, `info` or `hint`.
    pub severity: &'static str,
    /// The stable code.
    pub code: &'static str,
    /// Plain words.
    pub message: String,
    /// Where.
    pub range: Span,
    /// The last move before it, `14... Nc6`, or null.
    pub after: Option<String>,
}

/// A game turned into data, before positions (which need the piece's line index) are added.
pub struct ExportedGame {
    tags: Vec<TagJson>,
    line: LineJson,
    result: Option<String>,
    errors: Vec<SyntaxError>,
    /// Where each move ends (offsets into the piece) and how to name it, in text order.
    move_ends: Vec<(TextSize, String)>,
}

/// Turns a parsed PGN game into data.
pub fn export_game(parse: GameParse) -> ExportedGame {
    let game = parse.game();
    let start = game.start_ply();
    export_movetext(&game, parse.offset, parse.errors, start, ["white", "black"])
}

/// Turns a game of the PGN family into data: `start_ply` counts the moves before the first
/// one, and `sides` names who moves first and second.
pub fn export_movetext(
    game: &Game,
    offset: TextSize,
    errors: Vec<SyntaxError>,
    start_ply: u32,
    sides: [&'static str; 2],
) -> ExportedGame {
    let tags: Vec<TagJson> = game
        .tags()
        .filter_map(|t| {
            Some(TagJson {
                name: t.name()?,
                value: t.value()?,
            })
        })
        .collect();
    let mut walker = Walker {
        offset,
        sides,
        move_ends: Vec::new(),
    };
    let line = match game.movetext() {
        Some(movetext) => walker.line(movetext.items(), start_ply),
        None => LineJson::default(),
    };
    let mut move_ends = walker.move_ends;
    move_ends.sort_by_key(|(end, _)| *end);
    ExportedGame {
        tags,
        line,
        result: game.result().and_then(|r| r.text()),
        errors,
        move_ends,
    }
}

struct Walker {
    offset: TextSize,
    /// Who moves first and second: `white`, `black` in chess.
    sides: [&'static str; 2],
    move_ends: Vec<(TextSize, String)>,
}

impl Walker {
    fn line(&mut self, items: impl Iterator<Item = MovetextItem>, mut ply: u32) -> LineJson {
        let mut line = LineJson::default();
        let mut last_ply = ply;
        // Variations written before any move are alternatives to the move that follows.
        let mut pending: Vec<LineJson> = Vec::new();
        for item in items {
            match item {
                MovetextItem::MoveNumber(n) => {
                    if let Some(number) = n.number().filter(|&n| n >= 1) {
                        let second = n.is_black() || (ply % 2 == 1 && number == ply / 2 + 1);
                        ply = (number - 1) * 2 + u32::from(second);
                    }
                }
                MovetextItem::SanMove(m) => {
                    let Some(token) = m.san_token() else { continue };
                    let number = ply / 2 + 1;
                    // The second mover's moves are numbered `12...`: Black's in chess.
                    let second = ply % 2 == 1;
                    let dots = if second { "..." } else { "." };
                    self.move_ends.push((
                        token.text_range().end() + self.offset,
                        format!("{number}{dots} {}", token.text()),
                    ));
                    line.moves.push(MoveJson {
                        number,
                        side: self.sides[usize::from(second)],
                        san: token.text().to_string(),
                        suffix: m.suffix(),
                        variations: std::mem::take(&mut pending),
                        ..MoveJson::default()
                    });
                    last_ply = ply;
                    ply += 1;
                }
                MovetextItem::Nag(n) => {
                    if let (Some(value), Some(last)) = (n.value(), line.moves.last_mut()) {
                        last.nags.push(value);
                    }
                }
                MovetextItem::Comment(c) => {
                    if c.is_escape_line() {
                        continue;
                    }
                    let Some(text) = c.text() else { continue };
                    let text = text.trim().to_string();
                    match line.moves.last_mut() {
                        Some(last) => last.comments.push(text),
                        None => line.comments.push(text),
                    }
                }
                MovetextItem::Variation(v) => {
                    let variation = self.line(v.items(), last_ply);
                    match line.moves.last_mut() {
                        Some(last) => last.variations.push(variation),
                        None => pending.push(variation),
                    }
                }
                MovetextItem::GameResult(_) | MovetextItem::TagPair(_) | MovetextItem::Error(_) => {
                }
            }
        }
        line
    }
}

impl ExportedGame {
    fn into_json(self, file: &str, index: usize, lines: &Lines<'_>) -> GameJson {
        let diagnostics = self
            .errors
            .iter()
            .map(|e| {
                let before = self
                    .move_ends
                    .partition_point(|(end, _)| *end <= e.range.start());
                DiagnosticJson {
                    severity: e.severity().as_str(),
                    code: e.code.as_str(),
                    message: e.message.clone(),
                    range: lines.span(e.range),
                    after: before
                        .checked_sub(1)
                        .map(|i| format!("after {}", self.move_ends[i].1)),
                }
            })
            .collect();
        GameJson {
            file: file.to_string(),
            index,
            tags: self.tags,
            comments: self.line.comments,
            moves: self.line.moves,
            result: self.result,
            diagnostics,
        }
    }
}

/// Runs `kifu export`; `notation` is how to read standard input and the files named.
pub fn run(paths: &[PathBuf], format: ExportFormat, notation: Option<Notation>) -> ExitStatus {
    let found = files::find(paths, notation);
    found.report();
    let progress = Progress::for_files(&found.files);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut status = if found.failed() == 0 {
        ExitStatus::Clean
    } else {
        ExitStatus::CouldNotRun
    };
    let mut first = true;
    if format == ExportFormat::Json {
        let _ = out.write_all(b"[");
    }
    for path in &found.files {
        let name = path.display().to_string();
        let mut emit = |json: &[u8]| {
            let sep: &[u8] = match (format, first) {
                (ExportFormat::Json, true) => b"\n",
                (ExportFormat::Json, false) => b",\n",
                (ExportFormat::Jsonl, true) => b"",
                (ExportFormat::Jsonl, false) => b"\n",
            };
            first = false;
            if let Err(err) = out.write_all(sep).and_then(|()| out.write_all(json)) {
                crate::stdout::write_failed(&err, status);
            }
        };
        let result = match path.notation {
            Notation::Sgf => input::read_whole(path, input::MAX_WHOLE_FILE_BYTES).map(|bytes| {
                for game in export_sgf(&name, &bytes) {
                    emit(&serde_json::to_vec(&game).unwrap_or_default());
                }
                progress.advance(bytes.len());
            }),
            Notation::Pdn => input::read_text(path, Notation::Pdn).map(|(text, warnings)| {
                for game in export_pdn(&name, &text, warnings) {
                    emit(&serde_json::to_vec(&game).unwrap_or_default());
                }
                progress.advance(text.len());
            }),
            // Games are turned into JSON text in parallel; only the writing is in order.
            Notation::Pgn => for_each_piece(
                path,
                |piece, games, i, cache| {
                    let mut game = export_game(games.parse_game(i, cache));
                    let warnings = piece.chunk.warnings_in(games.range(i));
                    game.errors.splice(0..0, warnings.iter().cloned());
                    let json = game.into_json(&name, piece.games_before + i + 1, &piece.lines);
                    serde_json::to_vec(&json).unwrap_or_default()
                },
                |piece, games| {
                    for json in games {
                        emit(&json);
                    }
                    progress.advance(piece.chunk.bytes);
                },
            ),
        };
        if let Err(err) = result {
            eprintln!("kifu: cannot read {name}: {err}");
            status = ExitStatus::CouldNotRun;
        }
    }
    if format == ExportFormat::Jsonl && !first {
        let _ = out.write_all(b"\n");
    }
    if format == ExportFormat::Json {
        let _ = out.write_all(b"\n]\n");
    }
    progress.finish();
    let _ = out.flush();
    status
}

/// The game trees of an SGF file as data: each tree's nodes and the diagnostics inside it
/// (those outside any tree, such as decoding warnings, go with the first game).
fn export_sgf(name: &str, bytes: &[u8]) -> Vec<serde_json::Value> {
    let file = crate::sgf::read(bytes);
    let errors = file.errors;
    let lines = Lines::new(&file.text, 0, 0);
    let trees: Vec<_> = file.parse.collection().game_trees().collect();
    let mut per_tree: Vec<Vec<DiagnosticJson>> = trees.iter().map(|_| Vec::new()).collect();
    for error in &errors {
        let index = trees
            .iter()
            .position(|t| t.syntax().text_range().contains_range(error.range))
            .unwrap_or(0);
        if let Some(list) = per_tree.get_mut(index) {
            list.push(DiagnosticJson {
                severity: error.severity().as_str(),
                code: error.code.as_str(),
                message: error.message.clone(),
                range: lines.span(error.range),
                after: None,
            });
        }
    }
    if trees.is_empty() {
        // A file with no game tree still says why, as a game with no tree.
        let diagnostics: Vec<DiagnosticJson> = errors
            .iter()
            .map(|e| DiagnosticJson {
                severity: e.severity().as_str(),
                code: e.code.as_str(),
                message: e.message.clone(),
                range: lines.span(e.range),
                after: None,
            })
            .collect();
        return vec![serde_json::json!({
            "file": name, "index": 1, "tree": null, "diagnostics": diagnostics
        })];
    }
    trees
        .iter()
        .zip(per_tree)
        .enumerate()
        .map(|(i, (tree, diagnostics))| {
            serde_json::json!({
                "file": name,
                "index": i + 1,
                "tree": crate::sgf::tree_json(tree),
                "diagnostics": diagnostics,
            })
        })
        .collect()
}

/// The games of a PDN file, in the same shape as PGN's. Moves are numbered from the side
/// that moves first in the game type (Black in English checkers) and the `FEN` side to move.
fn export_pdn(name: &str, text: &str, warnings: Vec<SyntaxError>) -> Vec<GameJson> {
    use kifu_syntax::pdn::board::{black_moves_first, start_ply};
    let parse = kifu_syntax::pdn::parse(text);
    let lines = Lines::new(text, 0, 0);
    let mut warnings = Some(warnings);
    parse
        .games_as_pgn()
        .into_iter()
        .enumerate()
        .map(|(i, (game, offset))| {
            let range = game.syntax().text_range() + offset;
            let mut errors: Vec<SyntaxError> = warnings.take().unwrap_or_default();
            errors.extend(
                parse
                    .errors()
                    .iter()
                    .filter(|e| range.contains_range(e.range))
                    .cloned(),
            );
            let black_first = black_moves_first(game.tag("GameType").as_deref());
            let sides = if black_first {
                ["black", "white"]
            } else {
                ["white", "black"]
            };
            let start = start_ply(game.tag("FEN").as_deref(), black_first);
            export_movetext(&game, offset, errors, start, sides).into_json(name, i + 1, &lines)
        })
        .collect()
}
