//! Every editor feature on any text, in any notation: nothing panics, every range is in the
//! text, and the paths that must agree do agree.
//!
//! - The diagnostics `kifu check` finds without a tree (PGN: plain games read straight into
//!   their models, in parts of any size; `--syntax-only`'s grammar without a tree; SGF from
//!   the text's tables) are the document's, and what the server publishes first too.
//! - A document edited is the document of the edited text: its diagnostics, outline,
//!   folding and colours.
//! - Formatting twice gives what formatting once does, and keeps every game's meaning:
//!   the games exported (tags, moves, comments, NAGs, variations, results) are the same.
//! - Every fix's edits are in the text, on character boundaries, in order and apart.
//!
//! The input: a byte that picks the notation and the size of the parts, the text, then a
//! 0xFF byte and edits of four bytes each (see `edits.rs`).
#![no_main]

use kifu_ide::export::{ExportOptions, Position, Span};
use kifu_ide::{
    check, BoardOptions, Document, FormatOptions, HoverBoard, Notation, SyntaxError, TextEdit,
    TextRange, TextSize,
};
use libfuzzer_sys::fuzz_target;

mod edits;

const INSERTS: &[&str] = &[
    "",
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
    " ",
    "e4",
    "1.",
    "...",
    "1-0",
    "*",
    "[Event \"x\"]\n",
    "é",
    "\\",
    "$1",
    "Nf3",
    "O-O",
    "x",
    "22-17",
    ";B[dd]",
    "(;",
];

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let notation = [Notation::Pgn, Notation::Sgf, Notation::Pdn][usize::from(head % 3)];
    let part_bytes = [1, 7, 40, 1 << 20][usize::from(head / 3 % 4)];
    let (bytes, edits) = edits::split(rest);
    let Ok(text) = std::str::from_utf8(bytes) else {
        if notation == Notation::Sgf {
            // Not UTF-8: decoded as `CA[]` says, or as Windows-1252.
            sgf_bytes(bytes);
            features(&Document::from_bytes(Notation::Sgf, bytes));
        }
        return;
    };
    let document = Document::new(notation, text.to_string());
    in_text(text, document.diagnostics());
    match notation {
        Notation::Pgn => pgn_paths(text, &document, part_bytes),
        Notation::Sgf => sgf_bytes(text.as_bytes()),
        Notation::Pdn => {}
    }
    features(&document);
    fixes(&document);
    formatting(&document);
    let mut document = document;
    for edit in edits.chunks_exact(4) {
        let (range, insert) = edits::edit(edit, document.text(), INSERTS);
        let edited = document.edited(range, insert);
        let fresh = Document::new(notation, edited.text().to_string());
        assert!(
            edited.diagnostics() == fresh.diagnostics(),
            "edited {range:?} with {insert:?}: not the fresh document's diagnostics\n{:#?}\n{:#?}",
            edited.diagnostics(),
            fresh.diagnostics()
        );
        assert_eq!(edited.symbols(), fresh.symbols(), "outline after an edit");
        assert_eq!(
            edited.folding_ranges(),
            fresh.folding_ranges(),
            "folds after an edit"
        );
        assert_eq!(
            edited.highlights(),
            fresh.highlights(),
            "colours after an edit"
        );
        document = edited;
    }
});

/// Every range in `text`, on character boundaries.
fn in_text(text: &str, diagnostics: &[SyntaxError]) {
    for d in diagnostics {
        range_in(text, d.range);
        for related in &d.related {
            range_in(text, related.range);
        }
    }
}

fn range_in(text: &str, range: TextRange) {
    let (start, end) = (usize::from(range.start()), usize::from(range.end()));
    assert!(
        end <= text.len(),
        "{range:?} past the text's {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(start) && text.is_char_boundary(end),
        "{range:?} splits a character"
    );
}

/// The paths of `kifu check` and of the server's first diagnostics give the document's.
fn pgn_paths(text: &str, document: &Document, part_bytes: usize) {
    let first = check::pgn_text_checks(text);
    assert!(
        first.all == document.diagnostics(),
        "the server's first diagnostics are not the document's\n{:#?}\n{:#?}",
        first.all,
        document.diagnostics()
    );
    let games = kifu_syntax::pgn::Games::new(text);
    let mut cache = kifu_syntax::NodeCache::default();
    let by_grammar: Vec<_> = (0..games.len())
        .map(|i| {
            (
                games.range(i),
                check::pgn_game(&games, i, &[], true, &mut cache),
            )
        })
        .collect();
    let by_parts = check::pgn_games(
        text,
        part_bytes,
        &|range, model| {
            (
                range,
                check::pgn_plain_checks(text, model, range.start(), &[]),
            )
        },
        &|games, i, cache| (games.range(i), check::pgn_game(games, i, &[], true, cache)),
    );
    assert!(
        by_parts == by_grammar,
        "plain games in parts of {part_bytes} bytes are not the grammar's\n{by_parts:#?}\n{by_grammar:#?}"
    );
    for i in 0..games.len() {
        assert_eq!(
            games.validate_game(i),
            games.parse_game(i, &mut cache).errors,
            "game {i}: --syntax-only is not the tree's"
        );
    }
}

/// SGF bytes as `kifu check` reads them, and as a document of them.
fn sgf_bytes(bytes: &[u8]) {
    let document = Document::from_bytes(Notation::Sgf, bytes);
    in_text(document.text(), document.diagnostics());
    let checked = check::sgf_file(bytes, true);
    assert_eq!(checked.text, document.text());
    assert!(
        checked.diagnostics == document.diagnostics(),
        "kifu check's SGF diagnostics are not the document's\n{:#?}\n{:#?}",
        checked.diagnostics,
        document.diagnostics()
    );
    let syntax = check::sgf_file(bytes, false);
    assert!(
        syntax.diagnostics == document.syntax_diagnostics(),
        "SGF syntax only"
    );
}

/// Every feature at some 8 places in the text: nothing panics, and
/// every range it gives is in the text.
fn features(document: &Document) {
    let text = document.text();
    for fold in document.folding_ranges() {
        range_in(text, fold.range);
    }
    for symbol in document.symbols() {
        range_in(text, symbol.range);
        range_in(text, symbol.selection_range);
    }
    for (range, _) in document.highlights() {
        range_in(text, range);
    }
    let options = BoardOptions::default();
    let step = (text.len() / 8).max(1);
    for offset in (0..=text.len())
        .step_by(step)
        .filter(|&o| text.is_char_boundary(o))
    {
        let at = TextSize::from(offset as u32);
        if let Some(hover) = document.hover(at, HoverBoard::Text) {
            range_in(text, hover.range);
        }
        for completion in document.completions(at) {
            range_in(text, completion.range);
        }
        for range in document.selection_ranges(at) {
            range_in(text, range);
        }
        let _ = document.position_at(at, &options);
        let _ = document.play_move(at, "e2e4");
        let _ = document.play_move(at, "32-28");
        let _ = document.play_move(at, "dd");
    }
    let mut out = Vec::new();
    for game in document.export("f", ExportOptions::default(), &span_of) {
        game.write_json(&mut out);
    }
}

fn span_of(range: TextRange) -> Span {
    let at = |offset: TextSize| Position {
        line: 1,
        column: 1,
        offset: offset.into(),
    };
    Span {
        start: at(range.start()),
        end: at(range.end()),
    }
}

/// Every fix's edits are in the text, in order, apart; the text with all fixes made is
/// read again without a panic.
fn fixes(document: &Document) {
    let text = document.text();
    let whole = TextRange::up_to(TextSize::of(text));
    for (_, fix) in document.fixes(whole) {
        apart(text, &fix.edits);
    }
    let all = document.fix_all(|_| false);
    apart(text, &all);
    let mut fixed = text.to_string();
    for edit in all.iter().rev() {
        fixed.replace_range(std::ops::Range::<usize>::from(edit.range), &edit.insert);
    }
    let _ = Document::new(document.notation(), fixed)
        .diagnostics()
        .len();
}

fn apart(text: &str, edits: &[TextEdit]) {
    for edit in edits {
        range_in(text, edit.range);
    }
    for pair in edits.windows(2) {
        assert!(
            pair[0].range.end() <= pair[1].range.start(),
            "edits overlap: {edits:?}"
        );
    }
}

/// Formatting is stable and keeps what the games say.
fn formatting(document: &Document) {
    let options = FormatOptions::default();
    let formatted = document.formatted(options);
    let again = Document::new(document.notation(), formatted.clone());
    assert_eq!(
        again.formatted(options),
        formatted,
        "formatting the output changes it"
    );
    assert_eq!(
        meaning(document),
        meaning(&again),
        "formatting changed a game\n{formatted}"
    );
}

/// The games as exported, without positions and without diagnostics or places, the tags
/// in order of name.
fn meaning(document: &Document) -> Vec<serde_json::Value> {
    let options = ExportOptions {
        sgf_tree: false,
        no_positions: true,
    };
    document
        .export("f", options, &span_of)
        .into_iter()
        .map(|game| {
            let mut out = Vec::new();
            game.write_json(&mut out);
            // Variations in variations nest deeper than serde_json reads by default.
            let mut reader = serde_json::Deserializer::from_slice(&out);
            reader.disable_recursion_limit();
            let mut value: serde_json::Value =
                serde::Deserialize::deserialize(&mut reader).expect("JSON");
            if let Some(object) = value.as_object_mut() {
                object.remove("diagnostics");
                // The Seven Tag Roster goes first: the order of the tags is not kept.
                if let Some(serde_json::Value::Array(tags)) = object.get_mut("tags") {
                    tags.sort_by_key(|tag| tag["name"].to_string());
                }
            }
            value
        })
        .collect()
}
