use super::*;
use crate::Code;

/// The acceptance example of issue 2: exactly three errors, at `comment}`, `oh?` and
/// `the end`.
const BOTVINNIK_MEMORIAL: &str = r#"[Event "Botvinnik Memorial"]
[Site "Moscow"]
[Date "2001.12.05"]
[Round "4"]
[White "Kasparov, Garry"]
[Black "Kramnik, Vladimir"]
[Result "1/2-1/2"]
[ECO "C80"]
[WhiteElo "2839"]
[BlackElo "2808"]
[PlyCount "37"]
[EventDate "2001.12.01"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 $1 {first comment} 4. Ba4 Nf6 5. O-O
Nxe4 {second comment} 6. d4 ; comment starting with ";" up to EOL
b5 7. Bb3 d5 8. dxe5 Be6 9. Be3 {third comment} 9... Bc5 10. Qd3 O-O
11. Nc3 Nb4 (11... Bxe3 12. Qxe3 Nxc3 13. Qxc3 Qd7 14. Rad1 Nd8 $1
15. Nd4 c6 $14 (15... Nb7 16. Qc6 $1 $16)) 12. Qe2 Nxc3 13. bxc3 Bxe3
% escaped line - it will be discarded up to the EOL
14. Qxe3 Nc6 {wrong } comment} 15. a4 Na5 oh? 16. axb5 {yet another
comment} (16. Nd4 {nested comment}) 16... axb5 17. Nd4 (17. Qc5 c6 18.
Nd4 Ra6 19. f4 g6 20. Ra3 Qd7 21. Rfa1 Rfa8) 17... Qe8 18. f4 c5 19.
Nxe6 the end 1/2-1/2
"#;

#[test]
fn acceptance_example_has_exactly_three_errors() {
    let parse = parse(BOTVINNIK_MEMORIAL);
    assert_eq!(parse.syntax().to_string(), BOTVINNIK_MEMORIAL);
    let found: Vec<(&str, Code)> = parse
        .errors()
        .iter()
        .map(|e| (&BOTVINNIK_MEMORIAL[e.range], e.code))
        .collect();
    assert_eq!(
        found,
        vec![
            ("comment}", Code::UnmatchedCloseBrace),
            ("oh?", Code::StrayText),
            ("the end", Code::StrayText),
        ]
    );
    let file = parse.source_file();
    let games: Vec<_> = file.games().collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tag("White").as_deref(), Some("Kasparov, Garry"));
    assert_eq!(games[0].tags().count(), 12);
    assert_eq!(
        games[0].result().and_then(|r| r.text()).as_deref(),
        Some("1/2-1/2")
    );
    let variations = games[0]
        .syntax()
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::VARIATION)
        .count();
    assert_eq!(variations, 4);
}

/// Builds `depth` nested variations, each holding a move.
fn nested(depth: usize) -> String {
    let mut text = String::from("1. e4 ");
    for _ in 0..depth {
        text.push_str("( 1. d4 ");
    }
    for _ in 0..depth {
        text.push(')');
    }
    text.push_str(" *\n");
    text
}

#[test]
fn deep_nesting_is_capped_without_overflow() {
    let text = nested(100_000);
    let parse = parse(&text);
    assert_eq!(parse.syntax().to_string(), text);
    let codes: Vec<Code> = parse.errors().iter().map(|e| e.code).collect();
    assert_eq!(codes, vec![Code::NestingTooDeep]);
    let max_depth = parse
        .syntax()
        .descendants()
        .map(|n| {
            n.ancestors()
                .filter(|a| a.kind() == SyntaxKind::VARIATION)
                .count()
        })
        .max();
    assert_eq!(max_depth, Some(MAX_VARIATION_DEPTH));
}

#[test]
fn unclosed_deep_nesting_is_one_error_each() {
    let text = "1. e4 ".to_string() + &"(".repeat(100_000) + " *";
    let parse = parse(&text);
    assert_eq!(parse.syntax().to_string(), text);
    // The capped variation reports itself once; each open node reports its `(`, and the
    // game lists the first ten and counts the rest in one note.
    let errors = parse.errors();
    assert!(errors.iter().all(|e| [
        Code::NestingTooDeep,
        Code::UnterminatedVariation,
        Code::MoreErrors
    ]
    .contains(&e.code)));
    assert_eq!(errors.len(), parser::MAX_ERRORS_PER_GAME + 1);
    let note = errors.iter().find(|e| e.code == Code::MoreErrors).unwrap();
    let all = MAX_VARIATION_DEPTH + 2;
    let hidden = all - parser::MAX_ERRORS_PER_GAME;
    assert!(
        note.message
            .starts_with(&format!("and {hidden} more errors")),
        "{}",
        note.message
    );
}

#[test]
fn ten_megabyte_comment() {
    let body = "all work and no play makes Jack a dull boy\n".repeat(250_000);
    let text = format!("1. e4 {{{body}}} *\n");
    let parse = parse(&text);
    assert!(parse.errors().is_empty());
    assert_eq!(parse.syntax().to_string(), text);
    let unclosed = format!("1. e4 {{{body}");
    let parse = super::parse(&unclosed);
    assert_eq!(parse.syntax().to_string(), unclosed);
    // The comment swallowed the end of the game: that is one error, not a missing result too.
    let codes: Vec<Code> = parse.errors().iter().map(|e| e.code).collect();
    assert_eq!(codes, vec![Code::UnterminatedComment]);
}

#[test]
fn unclosed_comment_recovers_at_next_tag_pair() {
    let text = "[Event \"a\"]\n\n1. e4 {oops\n1-0\n\n[Event \"b\"]\n\n1. d4 {fine} *\n";
    let parse = parse(text);
    let file = parse.source_file();
    let events: Vec<_> = file.games().map(|g| g.tag("Event")).collect();
    assert_eq!(events, vec![Some("a".into()), Some("b".into())]);
    let codes: Vec<Code> = parse.errors().iter().map(|e| e.code).collect();
    assert_eq!(codes, vec![Code::UnterminatedComment]);
    let error = &parse.errors()[0];
    assert_eq!(&text[error.range], "{");
    assert!(error
        .message
        .contains("swallowed the rest of the game and its result `1-0`"));
    assert_eq!(&text[error.related[1].range], "1-0");
}

#[test]
fn games_are_separate_subtrees() {
    let text = "[A \"1\"]\n1. e4 *\n[A \"2\"]\n1. d4 1-0\n1. c4 0-1";
    let parse = parse(text);
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
    assert_eq!(parse.source_file().games().count(), 3);
}

#[test]
fn missing_result_before_next_game() {
    let text = "[A \"1\"]\n1. e4\n[A \"2\"]\n1. d4 1-0\n";
    let parse = parse(text);
    assert_eq!(parse.source_file().games().count(), 2);
    let errors = parse.errors();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].code, Code::MissingResult);
    assert_eq!(u32::from(errors[0].range.start()), 13);
}

#[test]
fn tag_values_unescape() {
    let parse = parse(r#"[Event "say \"hi\" \\o/"] *"#);
    let game = parse.source_file().games().next().unwrap();
    assert_eq!(game.tag("Event").as_deref(), Some(r#"say "hi" \o/"#));
}

#[test]
fn three_dots_for_whites_move() {
    // `14. ... Nc6`, as books and chess.js write it: the number of a Black move.
    let parse = parse("14. ... Nc6 15. Nf3 *");
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
    let game = parse.source_file().games().next().unwrap();
    let numbers: Vec<_> = game
        .syntax()
        .descendants()
        .filter_map(ast::MoveNumber::cast)
        .map(|n| (n.number(), n.is_black()))
        .collect();
    assert_eq!(numbers, vec![(Some(14), true), (Some(15), false)]);
}

#[test]
fn games_parsed_on_every_core_make_the_same_tree() {
    // A text of a few hundred games, some broken: every core's trees and errors are the
    // one thread's.
    let game =
        "[Event \"x\"]\n[White \"a\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 1-0\n\n";
    let mut text = String::new();
    for i in 0..600 {
        text.push_str(game);
        if i % 97 == 0 {
            text.push_str("1. d4 { open\n\n");
        }
    }
    let one = super::parse_on_one_core(&text);
    let all = super::parse_with(&text, true);
    assert_eq!(one.green(), all.green());
    assert_eq!(one.errors(), all.errors());
    assert!(!one.errors().is_empty());
}

/// A text lexed and parsed a piece at a time makes the whole text's tree and errors: every
/// PGN fixture and corpus file (as the CLI reads it), and texts made to be cut where it is
/// hard (a comment that holds a blank line and a tag pair, a blank line between two tag
/// pairs, a game without result or moves before the next, a BOM, CRLF, no blank lines at
/// all, a comment between tag pairs, a tag pair inside a variation), with pieces from
/// one byte (a cut at every place [`plain::cut_points`] allows) to 4 KiB (2 KiB for large
/// files).
#[test]
fn a_text_parsed_in_pieces_is_the_whole_texts_tree() {
    let mut texts = files_and_made_texts();
    assert!(texts.len() > 100, "{} texts", texts.len());
    // And broken copies of the smaller ones: games that are not plain among plain ones,
    // read by the grammar from where the plain reader stops to the next cut.
    let mut rng = kifu_testing::Lcg::new(43);
    let broken: Vec<(String, String)> = texts
        .iter()
        .filter(|(_, text)| text.len() <= 64 << 10)
        .flat_map(|(name, text)| {
            with_broken_copies(text, &mut rng, 1000, BREAKS)
                .into_iter()
                .skip(1)
                .map(move |copy| (format!("{name} (broken)"), copy))
                .collect::<Vec<_>>()
        })
        .collect();
    texts.extend(broken);
    let mut cut = 0;
    for (name, text) in &texts {
        let (whole, whole_errors) = parse_children(Games::new(text), &caches(false));
        let whole = GreenNode::new(SyntaxKind::SOURCE_FILE.into(), whole);
        let sizes: &[usize] = if text.len() > 64 << 10 {
            &[2 << 10]
        } else {
            &[1, 300, 4 << 10]
        };
        for &size in sizes {
            let (pieces, errors) = parse_in_pieces(text, size);
            let pieces = GreenNode::new(SyntaxKind::SOURCE_FILE.into(), pieces);
            assert!(pieces == whole, "{name} in pieces of {size} bytes");
            assert_eq!(errors, whole_errors, "{name} in pieces of {size} bytes");
            cut += plain::cut_points(text.as_bytes(), size).len() - 1;
        }
    }
    assert!(cut > 4_000, "{cut} cuts");
}

/// The tree of plain games built from the plain reader ([`plain_tree`]) is the grammar's:
/// every fixture and corpus file, the made texts, and two copies of each with bytes cut out
/// and put in (so that games that are not plain, and the grammar's reading of them up to
/// the next cut, come between plain ones), the same tree and the same errors.
#[test]
fn plain_games_trees_are_the_grammars() {
    let mut rng = kifu_testing::Lcg::new(41);
    let (mut texts_seen, mut plain_games) = (0, 0);
    for (name, text) in files_and_made_texts() {
        let texts = with_broken_copies(&text, &mut rng, 4000, BREAKS);
        for text in &texts {
            let games = Games::new(text);
            plain_games += (0..games.len())
                .filter(|&i| {
                    let start = usize::from(games.range(i).start());
                    plain::read_plain(text.as_bytes(), start, &mut ()).is_some()
                })
                .count();
            let by_grammar = parse_by_grammar(text);
            let (grammar, grammar_errors) = (by_grammar.green().clone(), by_grammar.errors());
            let one_core = parse_on_one_core(text);
            let (plain, errors) = (one_core.green().clone(), one_core.errors());
            if plain != grammar {
                let (a, b) = (
                    format!("{:#?}", SyntaxNode::new_root(grammar.clone())),
                    format!("{:#?}", SyntaxNode::new_root(plain.clone())),
                );
                let at = a
                    .lines()
                    .zip(b.lines())
                    .position(|(x, y)| x != y)
                    .unwrap_or(0);
                let show = |t: &str| {
                    t.lines()
                        .skip(at.saturating_sub(8))
                        .take(16)
                        .collect::<Vec<_>>()
                        .join("\n")
                };
                panic!(
                    "{name}: the trees differ\ngrammar:\n{}\nplain:\n{}",
                    show(&a),
                    show(&b)
                );
            }
            assert_eq!(errors, grammar_errors, "{name}");
            texts_seen += 1;
        }
    }
    assert!(
        texts_seen > 300 && plain_games > 5_000,
        "{texts_seen} texts, {plain_games} plain games"
    );
}

/// A file whose lines end in `\r` alone (as classic Mac OS wrote them) reads as the same
/// file with `\n`: every rule about lines (a `;` comment or a `%` escape ends at its line's
/// end, a comment with no `}` ends before a line that starts a tag pair, a tag pair on a line
/// of its own) counts `\r` as a line break, as the language server and the CLI count lines.
/// The two texts have the same offsets, so the trees have the same nodes and tokens at the
/// same places, the same errors, the same games read plain to the same ends, and the same
/// cut points. (With `\n` alone a `;` comment ran to the end of such a file.) Every PGN
/// fixture and corpus file that has no `\r` of its own, and the made texts.
#[test]
fn lines_that_end_in_cr_alone_are_read_as_lines() {
    let mut texts = files_and_made_texts();
    texts.retain(|(_, text)| !text.contains('\r'));
    assert!(texts.len() > 100, "{} texts", texts.len());
    let (mut plain_games, mut escapes_and_line_comments) = (0, 0);
    for (name, lf) in &texts {
        let cr = lf.replace('\n', "\r");
        let (lf_parse, cr_parse) = (parse(lf), parse(&cr));
        let shape = |parse: &Parse| -> Vec<(SyntaxKind, TextRange)> {
            parse
                .syntax()
                .preorder_with_tokens()
                .filter_map(|event| match event {
                    rowan::WalkEvent::Enter(element) => {
                        Some((element.kind(), element.text_range()))
                    }
                    rowan::WalkEvent::Leave(_) => None,
                })
                .collect()
        };
        let lf_shape = shape(&lf_parse);
        assert!(lf_shape == shape(&cr_parse), "{name}: the trees differ");
        escapes_and_line_comments += lf_shape
            .iter()
            .filter(|(kind, _)| matches!(kind, SyntaxKind::ESCAPE_LINE | SyntaxKind::LINE_COMMENT))
            .count();
        let errors = |parse: &Parse| -> Vec<(Code, TextRange)> {
            parse.errors().iter().map(|e| (e.code, e.range)).collect()
        };
        assert_eq!(
            errors(&lf_parse),
            errors(&cr_parse),
            "{name}: the errors differ"
        );
        let games = Games::new(lf);
        for i in 0..games.len() {
            let start = usize::from(games.range(i).start());
            let end = |text: &str| {
                plain::read_plain(text.as_bytes(), start, &mut ()).map(|end| end.range)
            };
            assert_eq!(end(lf), end(&cr), "{name}: game {i} read plain");
            plain_games += usize::from(end(lf).is_some());
        }
        let sizes: &[usize] = if lf.len() > 64 << 10 {
            &[2 << 10]
        } else {
            &[1, 300, 4 << 10]
        };
        for &size in sizes {
            assert_eq!(
                plain::cut_points(lf.as_bytes(), size),
                plain::cut_points(cr.as_bytes(), size),
                "{name}: the cut points of {size} bytes"
            );
        }
    }
    assert!(plain_games > 5_000, "{plain_games} games read plain");
    assert!(
        escapes_and_line_comments > 100,
        "{escapes_and_line_comments} escape lines and line comments"
    );
}

/// Files joined (`cat`), some saved with a byte order mark: each mark is white space
/// between games, so each game after one is a game of its own with its tag pairs, and plain
/// (read by the fast reader, from where the grammar starts it), with no error.
#[test]
fn a_byte_order_mark_between_joined_files_is_white_space() {
    let one = "[Event \"a\"]\n[Site \"?\"]\n\n1. e4 e5 1-0\n\n";
    let text = format!("{one}\u{feff}{one}\u{feff}\u{feff}\n{one}{one}");
    let parse = parse(&text);
    assert!(parse.errors().is_empty(), "{:?}", parse.errors());
    let games = Games::new(&text);
    assert_eq!(games.len(), 4);
    let bytes = text.as_bytes();
    let mut at = plain::game_start(bytes, 0);
    for i in 0..games.len() {
        assert_eq!(at, usize::from(games.range(i).start()), "game {i} starts");
        let end = plain::read_plain(bytes, at, &mut ())
            .expect("a plain game")
            .range;
        assert_eq!(end, games.range(i), "game {i}");
        at = plain::game_start(bytes, usize::from(end.end()));
    }
    assert_eq!(at, text.len());
}

#[test]
fn spaces_after_a_move_end_its_node_and_line_breaks_stay_outside() {
    let text = "1. e4  e5 $1\n2. Nf3 {c} Nc6\n *";
    let parse = parse(text);
    let nodes: Vec<(SyntaxKind, &str)> = parse
        .syntax()
        .descendants()
        .filter(|n| {
            matches!(
                n.kind(),
                SyntaxKind::MOVE_NUMBER | SyntaxKind::SAN_MOVE | SyntaxKind::NAG_NODE
            )
        })
        .map(|n| (n.kind(), &text[n.text_range()]))
        .collect();
    use SyntaxKind::*;
    assert_eq!(
        nodes,
        [
            (MOVE_NUMBER, "1. "),
            (SAN_MOVE, "e4  "),
            (SAN_MOVE, "e5 "),
            (NAG_NODE, "$1"),
            (MOVE_NUMBER, "2. "),
            (SAN_MOVE, "Nf3 "),
            (SAN_MOVE, "Nc6"),
        ]
    );
    // Comments keep their white space outside, and the game ends at its last token.
    let movetext = parse.syntax().descendants().find(|n| n.kind() == MOVETEXT);
    assert_eq!(
        movetext.map(|m| m.to_string()).as_deref(),
        Some("1. e4  e5 $1\n2. Nf3 {c} Nc6")
    );
}

/// Every game of `text` as rowan's own builder makes it, with no sharing: what the sharing
/// builder must make too.
fn games_built_by_rowan(games: &Games<'_>) -> Vec<(GreenNode, Vec<SyntaxError>)> {
    (0..games.len())
        .map(|i| {
            let mut builder = rowan::GreenNodeBuilder::new();
            let is_last = i + 1 == games.len() && !games.followed;
            let errors = parser::parse_game::<parser::Pgn, _>(
                &games.lexed,
                games.tokens(i),
                is_last,
                &mut builder,
            );
            (builder.finish(), errors)
        })
        .collect()
}

#[test]
fn the_sharing_builder_makes_rowans_tree_for_every_file_and_broken_copies() {
    // Every PGN file of the fixtures and the corpus (its first 256 KiB), and two copies of
    // each with bytes cut out and put in, built with one cache per file as in use: the same
    // trees and the same errors as rowan's builder makes, and equal nodes shared.
    let files = kifu_testing::fixture_and_corpus_files(&["pgn"], 50);
    let mut rng = kifu_testing::Lcg::new(17);
    let (mut games_seen, mut shared) = (0, 0);
    for path in &files {
        let bytes = std::fs::read(path).expect("readable");
        let whole = String::from_utf8_lossy(&bytes);
        let mut end = whole.len().min(256 << 10);
        while !whole.is_char_boundary(end) {
            end -= 1;
        }
        let text = &whole[..end];
        let texts = with_broken_copies(text, &mut rng, 2000, b"{}()[]\" .1e4\n$%;");
        for text in &texts {
            let games = Games::new(text);
            let expected = games_built_by_rowan(&games);
            let mut cache = NodeCache::default();
            let mut seen: std::collections::HashMap<GreenNode, *const rowan::GreenNodeData> =
                std::collections::HashMap::new();
            for (i, (green, errors)) in expected.into_iter().enumerate() {
                let parse = games.parse_game(i, &mut cache);
                assert_eq!(parse.green, green, "{}: game {i}", path.display());
                assert_eq!(parse.errors, errors, "{}: game {i}", path.display());
                games_seen += 1;
                // A token-only node equal to one seen before is that node, where its key
                // (2 bytes, and 3 and the text for each token) has room.
                for node in SyntaxNode::new_root(parse.green.clone()).descendants() {
                    let green = node.green();
                    let key = green.children().fold(2usize, |key, c| {
                        c.as_token()
                            .map_or(usize::MAX, |t| key.saturating_add(3 + t.text().len()))
                    });
                    if key <= crate::cache::MAX_KEY {
                        let address = &*green as *const rowan::GreenNodeData;
                        let first = *seen.entry(green.into_owned()).or_insert(address);
                        if first != address {
                            panic!("{}: game {i}: {node:#?} is not shared", path.display());
                        }
                        shared += 1;
                    }
                }
            }
        }
    }
    assert!(
        games_seen > 1000 && shared > 10_000,
        "{games_seen} games, {shared} nodes"
    );
}

/// The bytes the trees' tests put into broken copies: PGN's delimiters, a space, a move's
/// and a number's bytes, a line break, and what starts a NAG, an escape, a comment, a suffix
/// or a result.
const BREAKS: &[u8] = b"{}()[]\" .1e4\n$%;!?*";

/// `text` and two copies of it with a byte cut out or one of `inserts` put in, once for
/// every `per` bytes and once more, at places `rng` picks.
fn with_broken_copies(
    text: &str,
    rng: &mut kifu_testing::Lcg,
    per: usize,
    inserts: &[u8],
) -> Vec<String> {
    let mut texts = vec![text.to_string()];
    for _ in 0..2 {
        let mut broken = text.as_bytes().to_vec();
        for _ in 0..1 + broken.len() / per {
            let at = rng.below(broken.len() + 1);
            match rng.below(3) {
                0 if at < broken.len() => {
                    broken.remove(at);
                }
                _ => broken.insert(at, inserts[rng.below(inserts.len())]),
            }
        }
        texts.push(String::from_utf8_lossy(&broken).into_owned());
    }
    texts
}

/// Texts made to be cut where it is hard (see [`a_text_parsed_in_pieces_is_the_whole_texts_tree`]).
fn made_texts() -> [&'static str; 14] {
    [
        "[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 e5 1-0\n\n[Event \"c\"]\n\n1. d4 *\n",
        "[Event \"a\"]\n\n1. e4 {a comment\n\n[Event \"b\"]\n\n} e5 1-0\n\n[Event \"c\"]\n\n*\n",
        "[Event \"a\"]\n\n1. e4 {open\n\n[Event \"b\"]\n\n1. d4 d5 *\n\n[Event \"c\"]\n",
        "\u{feff}[Event \"a\"]\n\n[Event \"b\"]\n\n[Event \"c\"]\n\n1. e4\n\n[Event \"d\"]\n\n",
        "[Event \"a\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"b\"]\r\n\r\n1. c4 (1. d4) 0-1\r\n",
        "1. e4 ) e5 (\n\n[White \"x\"]\n\n; [Event \"y\"]\n\n[Black \"z\"]\n\n2. Nf3 *",
        // No blank lines: games cut after their moves' last line.
        "[Event \"a\"]\n[Site \"b\"]\n1. e4 e5 1-0\n[Event \"c\"]\n1. d4 *\n",
        "[Event \"a\"]\n{c}\n[Site \"b\"]\n1. e4 (1. d4\n[Event \"x\"]\n1. c4 *\n",
        "[Event \"a\"]\n1. e4 {open\n[Event \"b\"]\n1. d4 d5 *\n%escape\n[Event \"c\"]\n*\n",
        "[Event \"a\"]\r\n1. e4 e5 *\r\n[Event \"b\"]\r\n1. c4 0-1\r\n",
        "[Event \"a\"]\n1. e4 {a\n[not a tag pair]\n} e5 *\n[Event \"b\"]\n*\n",
        // Files joined, the second with a byte order mark: white space between the games.
        "[Event \"a\"]\n\n1. e4 *\n\n\u{feff}[Event \"b\"]\n\n1. d4 *\n\n",
        // A tag name that reads as a move: the cut into games takes it for the movetext.
        "[Event \"a\"]\n[e8 \"?\"]\n[White \"w\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n",
        // A `)` after the result, past a byte order mark: stray in the same game.
        "[Event \"a\"]\n\n1. e4 *\n\u{feff}\n) e5\n\n[Event \"b\"]\n\n1. d4 *\n",
    ]
}

/// Every PGN fixture and corpus file (as the CLI reads it), and the made texts three times
/// over, each with its name.
fn files_and_made_texts() -> Vec<(String, String)> {
    let mut texts: Vec<(String, String)> = kifu_testing::fixture_and_corpus_files(&["pgn"], 50)
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).expect("a game file");
            let text = String::from_utf8_lossy(&bytes).into_owned();
            (path.display().to_string(), text)
        })
        .collect();
    for (i, text) in made_texts().iter().enumerate() {
        texts.push((format!("made text {i}"), text.repeat(3)));
    }
    texts
}

/// Each diagnostic's fix applied, the text parses with no diagnostic at all.
#[test]
fn results_evaluations_and_marks_written_other_ways_are_fixed_as_pgn_writes_them() {
    for (text, code, fixed) in [
        ("1. e4 e5 1:0\n", Code::NonStandardResult, "1. e4 e5 1-0\n"),
        (
            "1. e4 e5 ½-½\n",
            Code::NonStandardResult,
            "1. e4 e5 1/2-1/2\n",
        ),
        (
            "1. e4 (1. d4 1/2) 0–1\n",
            Code::NonStandardResult,
            "1. e4 (1. d4 1/2-1/2) 0–1\n",
        ),
        (
            "1. e4 e5 +- *\n",
            Code::EvaluationAsText,
            "1. e4 e5 $18 *\n",
        ),
        ("1. e4 ± e5 *\n", Code::EvaluationAsText, "1. e4 $16 e5 *\n"),
        (
            "1. d4 d5 2. c4 N e6 *\n",
            Code::EvaluationAsText,
            "1. d4 d5 2. c4 $146 e6 *\n",
        ),
        (
            "1. e4 d5 2. exd5 c6 3. dxc6 e.p.\n*\n",
            Code::EnPassantMark,
            "1. e4 d5 2. exd5 c6 3. dxc6\n*\n",
        ),
    ] {
        let errors = parse(text).errors().to_vec();
        let error = &errors[0];
        assert_eq!(error.code, code, "{text}: {errors:?}");
        let mut applied = text.to_string();
        let mut edits = error.fixes[0].edits.clone();
        edits.sort_by_key(|e| std::cmp::Reverse(e.range.start()));
        for edit in edits {
            applied.replace_range(std::ops::Range::<usize>::from(edit.range), &edit.insert);
        }
        assert_eq!(applied, fixed, "{text}");
        // The first fix leaves the others' diagnostics, one each.
        assert_eq!(
            parse(&applied).errors().len(),
            errors.len() - 1,
            "{applied}"
        );
    }
}

/// `N f3`: the novelty mark, or a knight's move typed with a space; a fix for each.
#[test]
fn a_lone_n_before_a_square_offers_the_novelty_and_the_knight_move() {
    let text = "1. e4 e5 2. N f3 Nc6 *\n";
    let errors = parse(text).errors().to_vec();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let error = &errors[0];
    assert!(
        error
            .message
            .ends_with("or a move written with a space after its piece (`Nf3`)"),
        "{}",
        error.message
    );
    let titles: Vec<&str> = error.fixes.iter().map(|f| f.title.as_str()).collect();
    assert_eq!(titles, ["Write `$146`", "Write `Nf3`"]);
    let fixed = fixed_by(text, &error.fixes[1]);
    assert_eq!(fixed, "1. e4 e5 2. Nf3 Nc6 *\n");
    // Before a piece's move, or two spaces away, no knight move is offered.
    for text in ["1. d4 d5 2. c4 N Nc6 *\n", "1. d4 d5 2. c4 N  e6 *\n"] {
        let errors = parse(text).errors().to_vec();
        assert_eq!(errors[0].fixes.len(), 1, "{text}");
    }
}

#[test]
fn a_piece_letter_set_apart_from_its_move_is_one_error_whose_fix_joins_them() {
    let text = "1. e4 e5 2. Nf3 Nc6 3. B c4 *\n";
    let errors = parse(text).errors().to_vec();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].code, Code::StrayText);
    assert!(
        errors[0].message.ends_with("(`Bc4`)"),
        "{}",
        errors[0].message
    );
    let titles: Vec<&str> = errors[0].fixes.iter().map(|f| f.title.as_str()).collect();
    assert_eq!(titles, ["Write `Bc4`"]);
    let fixed = fixed_by(text, &errors[0].fixes[0]);
    assert_eq!(fixed, "1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n");
    // A letter before a word that makes no move with it offers nothing.
    let errors = parse("1. e4 e5 2. Nf3 Nc6 3. B O-O *\n").errors().to_vec();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].fixes.is_empty(), "{errors:?}");
}

#[test]
fn a_promotion_written_with_a_slash_or_in_parentheses_is_part_of_its_move() {
    let sans = |text: &str| -> Vec<String> {
        let parse = parse(text);
        assert!(parse.errors().is_empty(), "{text}: {:?}", parse.errors());
        parse
            .syntax()
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == SyntaxKind::SAN)
            .map(|t| t.text().to_string())
            .collect()
    };
    assert_eq!(sans("1. e8/Q Kb2 *\n"), ["e8/Q", "Kb2"]);
    assert_eq!(sans("1. e8(Q) Kb2 *\n"), ["e8(Q)", "Kb2"]);
    assert_eq!(sans("1. dxe8(N)+ Kb2 *\n"), ["dxe8(N)+", "Kb2"]);
    assert_eq!(sans("1. e8/D+ Kb2 *\n"), ["e8/D+", "Kb2"]);
    assert_eq!(sans("1... e1(Q)# 0-1\n"), ["e1(Q)#"]);
    // A variation right after a move stays one, and so does a move to another rank.
    assert_eq!(sans("1. e4(1. d4) *\n"), ["e4", "d4"]);
    assert_eq!(sans("1. e8(Qh4) *\n"), ["e8", "Qh4"]);
    assert_eq!(sans("1. e8(N) *\n").len(), 1);
    assert!(!parse("1. e4(N) *\n").errors().is_empty());
    assert!(!parse("1. Be8/Q *\n").errors().is_empty());
}

#[test]
fn a_second_result_on_the_results_line_is_one_error_of_the_game() {
    let (error, games, fixed) = one_stray_text("1. e4 e5 1-0 1/2-1/2\n\n1. d4 *\n");
    assert_eq!(
        error.message,
        "`1/2-1/2` after the game's result `1-0`: a game has one result"
    );
    // Two games: the second result is the first game's, not a game of its own.
    assert_eq!(games, 2);
    assert_eq!(fixed, "1. e4 e5 1-0\n\n1. d4 *\n");
    // On the next line, a result is a game of its own, as before.
    assert!(super::parse("1. e4 e5 1-0\n1/2-1/2\n").errors().is_empty());
}

#[test]
fn a_result_with_moves_after_it_on_its_line_is_one_error_of_the_game() {
    // Mid-game, before a move or a move number past 1: one game, one error at the result.
    for (text, fixed) in [
        ("1. e4 1-0 e5 2. Nf3 *\n", "1. e4 e5 2. Nf3 *\n"),
        ("1. e4 e5 0-1 2. Nf3 *\n", "1. e4 e5 2. Nf3 *\n"),
        ("1. e4 (1. d4 * d5) e5 *\n", "1. e4 (1. d4 d5) e5 *\n"),
        ("1. e4 1-0 {won} e5 2. Nf3 *\n", "1. e4 {won} e5 2. Nf3 *\n"),
    ] {
        let (error, games, after_fix) = one_stray_text(text);
        let result = &text[std::ops::Range::<usize>::from(error.range)];
        assert_eq!(
            error.message,
            format!("`{result}` with moves after it on its line: a result ends a game")
        );
        assert_eq!(games, 1, "{text}");
        assert_eq!(after_fix, fixed);
    }
    // A `1.` after the result starts a game (games one to a line), and a result at the end
    // of its line ends its game, as before.
    for text in ["1. e4 e5 1-0 1. d4 d5 0-1\n", "1. e4 e5 1-0\n2. Nf3 *\n"] {
        let parse = parse(text);
        let games = game_count(&parse);
        assert_eq!(games, 2, "{text}");
    }
    assert!(parse("1. e4 e5 1-0 1. d4 d5 0-1\n").errors().is_empty());
    // A bare number after the result is no move number: the game ends at its result.
    let games = game_count(&parse("1. e4 e5 1-0 2\n1. d4 d5 0-1\n"));
    assert_eq!(games, 2);
    // At a game's start, the fix removes the result and the blanks after it, not the line
    // break before it (which would join the game to the one before).
    let text = "1. e4 e5 1-0\n1-0 e4 e5 *\n";
    let errors = parse(text).errors().to_vec();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let after_fix = fixed_by(text, &errors[0].fixes[0]);
    assert_eq!(after_fix, "1. e4 e5 1-0\ne4 e5 *\n");
}

/// `text`'s one stray text says `hint`, and its fix makes `fixed`.
fn stray_text_says(text: &str, hint: &str, fixed: &str) {
    let (error, _, after_fix) = one_stray_text(text);
    assert!(error.message.contains(hint), "{}", error.message);
    assert_eq!(after_fix, fixed);
}

#[test]
fn two_moves_with_no_space_between_are_one_stray_text_with_the_space_as_fix() {
    for (text, fixed) in [
        (
            "1. e4 e5 2. Nf3Nc6 3. Bb5 *\n",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n",
        ),
        ("1. e4 e5 2. Qh5+Nc6 *\n", "1. e4 e5 2. Qh5+ Nc6 *\n"),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bc4Bc5 *\n",
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 *\n",
        ),
        ("1. e4 e5 2. O-ONc6 *\n", "1. e4 e5 2. O-O Nc6 *\n"),
    ] {
        stray_text_says(text, "two moves with no space between?", fixed);
    }
    // A word that is not two moves keeps the plain message and no fix.
    let errors = parse("1. e4 e5 2. Nf3xyz *\n").errors().to_vec();
    assert_eq!(errors.len(), 1);
    assert!(!errors[0].message.contains("no space"));
    assert!(errors[0].fixes.is_empty());
}

#[test]
fn a_file_written_as_a_capital_letter_after_a_piece_is_one_stray_text_with_the_move_as_fix() {
    for (text, fixed) in [
        ("1. e4 e5 2. NF3 Nc6 *\n", "1. e4 e5 2. Nf3 Nc6 *\n"),
        ("1. e4 d5 2. exd5 QXD5 *\n", "1. e4 d5 2. exd5 Qxd5 *\n"),
        ("1. d4 Nf6 2. NBD2 *\n", "1. d4 Nf6 2. Nbd2 *\n"),
        (
            "1. e4 e5 2. Nf3 Nc6 3. BB5+ *\n",
            "1. e4 e5 2. Nf3 Nc6 3. Bb5+ *\n",
        ),
    ] {
        stray_text_says(text, "a file written as a capital letter?", fixed);
    }
    // Words of capitals that are no move with small files keep the plain message and no
    // fix: a piece letter with no square, a word that is not a move, a pawn's file (a move
    // the lexer reads).
    for text in [
        "1. e4 e5 2. BAD *\n",
        "1. e4 e5 2. NONE *\n",
        "1. e4 e5 2. KH *\n",
    ] {
        let errors = parse(text).errors().to_vec();
        assert_eq!(errors.len(), 1, "{text:?}: {errors:?}");
        assert!(
            !errors[0].message.contains("capital"),
            "{}",
            errors[0].message
        );
        assert!(errors[0].fixes.is_empty());
    }
    assert!(parse("1. E4 e5 *\n").errors().is_empty());
}

#[test]
fn the_plain_reader_reads_a_game_whose_result_ends_its_line_after_blanks() {
    // TCEC's files end their results `1-0 ` and a line break: read plain, not handed to
    // the grammar (that took the grammar's path for every game, ten times slower).
    for text in [
        "1. e4 e5 1-0\n",
        "1. e4 e5 1-0 \n",
        "1. e4 e5 1-0 \t\r\n",
        "1. e4 e5 1-0 ",
    ] {
        let end = plain::read_plain(text.as_bytes(), 0, &mut ());
        assert!(end.is_some(), "{text:?}");
    }
    // Comments on the result's line are the game's, read plain too (a file of TCEC's games
    // with one after every result checked ten times slower on the grammar's path), up to
    // the end of the last.
    for text in [
        "1. e4 e5 1-0 {on time}\n",
        "1. e4 e5 1-0 {a} {b\nc} ; d\n",
        "1. e4 1-0 ;x",
    ] {
        let end = plain::read_plain(text.as_bytes(), 0, &mut ()).expect(text);
        assert_eq!(
            usize::from(end.range.end()),
            text.trim_end().len(),
            "{text:?}"
        );
        assert_eq!(&text[std::ops::Range::<usize>::from(end.result)], "1-0");
    }
    // What the grammar must read: moves or a second result after it on its line (after
    // comments too), or comments after a game of no moves.
    for text in [
        "1. e4 1-0 e5 *\n",
        "1. e4 e5 1-0 0-1\n",
        "1. e4 e5 1-0 {c} 0-1\n",
        "1-0 {c}\n",
    ] {
        assert!(
            plain::read_plain(text.as_bytes(), 0, &mut ()).is_none(),
            "{text:?}"
        );
    }
}

/// The number of games (`GAME` nodes) a parse found.
/// The one error of `text`, a `stray-text`; the number of games it is read as; and the
/// text its first fix makes, which must parse with no error.
fn one_stray_text(text: &str) -> (SyntaxError, usize, String) {
    let parse = parse(text);
    let errors = parse.errors().to_vec();
    assert_eq!(errors.len(), 1, "{text}: {errors:?}");
    let error = errors[0].clone();
    assert_eq!(error.code, Code::StrayText, "{text}");
    let fixed = fixed_by(text, &error.fixes[0]);
    assert!(super::parse(&fixed).errors().is_empty(), "{fixed}");
    (error, game_count(&parse), fixed)
}

fn game_count(parse: &Parse) -> usize {
    parse
        .syntax()
        .children()
        .filter(|n| n.kind() == SyntaxKind::GAME)
        .count()
}

/// `text` with `fix` applied (its edits, last first).
fn fixed_by(text: &str, fix: &crate::Fix) -> String {
    let mut fixed = text.to_string();
    let mut edits = fix.edits.clone();
    edits.sort_by_key(|e| std::cmp::Reverse(e.range.start()));
    for edit in edits {
        fixed.replace_range(std::ops::Range::<usize>::from(edit.range), &edit.insert);
    }
    fixed
}

/// Comments on lines of their own after the last game's result, to the end of the text
/// (a program's `{Generated by ...}`): the last game's, as the comments on its result's line
/// are, not a game of their own (a game of nothing that `kifu check` counted and `kifu
/// export` wrote). Before another game they stay that game's, before its tag pairs; a text
/// of nothing but a comment is still one game.
#[test]
fn comments_that_end_the_text_are_the_last_games() {
    for text in [
        "1. e4 e5 1-0\n\n{Generated by a program}\n",
        "1. e4 e5 1-0\n\n{a}\n; b\n%c\n\n",
        "[Event \"x\"]\n\n1. e4 1-0\n\n[Event \"y\"]\n\n1. d4 *\n{a}",
    ] {
        let parse = parse(text);
        assert!(parse.errors().is_empty(), "{text}: {:?}", parse.errors());
        let games: Vec<_> = parse
            .syntax()
            .children()
            .filter(|n| n.kind() == SyntaxKind::GAME)
            .collect();
        let last = games.last().expect("a game");
        assert_eq!(
            games.len(),
            1 + text.matches("[Event").count().saturating_sub(1),
            "{text}"
        );
        assert!(
            text[usize::from(last.text_range().end())..]
                .trim()
                .is_empty(),
            "{text}: the last game ends at the last comment"
        );
    }
    let before_tags = parse("1. e4 e5 1-0\n\n{a}\n[Event \"y\"]\n\n1. d4 *\n");
    let second = before_tags
        .syntax()
        .children()
        .filter(|n| n.kind() == SyntaxKind::GAME)
        .nth(1)
        .expect("two games");
    assert!(second.text().to_string().starts_with("{a}"));
    assert_eq!(game_count(&parse("{only a comment}\n")), 1);
}

/// A NAG after the game's result on its line (`1-0 $1`): one error of the game, whose fix
/// moves it before the result; cut there, it was a game of its own, with no result and no
/// move. Moves after it (`1-0 $2 e6`), or after a comment that runs from the result's line
/// to theirs, make the result the one error, as moves right after it do.
#[test]
fn a_nag_after_the_result_is_one_error_of_the_game() {
    for (text, fixed) in [
        (
            "1. e4 e5 1-0 $1\n\n1. d4 *\n",
            "1. e4 e5 $1 1-0\n\n1. d4 *\n",
        ),
        (
            "1. e4 e5 1-0 {won} $1 $3\n\n1. d4 *\n",
            "1. e4 e5 1-0 {won}\n\n1. d4 *\n",
        ),
    ] {
        let (error, games, after_fix) = one_stray_text(text);
        assert!(
            error
                .message
                .ends_with("after the game's result: a NAG annotates the move before it"),
            "{}",
            error.message
        );
        assert_eq!(games, 2, "{text}");
        assert_eq!(after_fix, fixed);
    }
    for text in [
        "1. e4 e5 1-0 $2 Nf3 *\n",
        "1. e4 e5 2. Nf3 1-0 {typed\ntoo early} Nc6 *\n",
    ] {
        let parse = parse(text);
        let errors = parse.errors().to_vec();
        assert_eq!(errors.len(), 1, "{text}: {errors:?}");
        assert!(errors[0].message.contains("with moves after it"), "{text}");
        assert_eq!(game_count(&parse), 1, "{text}");
    }
    // A comment that ends its line after the result still ends the game.
    assert_eq!(game_count(&parse("1. e4 e5 1-0 {a\nb}\n2. Nf3 *\n")), 2);
}
