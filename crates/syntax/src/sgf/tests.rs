use super::*;
use crate::Code;

fn codes(text: &str) -> Vec<(String, Code)> {
    parse(text).diagnosed(text)
}

#[test]
fn clean_game() {
    assert_eq!(
        codes("(;GM[1]FF[4]SZ[19]PB[Shusaku]KM[6.5];B[pd](;W[dp])(;W[dd]))"),
        vec![]
    );
}

#[test]
fn syntax_errors() {
    assert_eq!(codes("()"), vec![("()".into(), Code::EmptyVariation)]);
    assert_eq!(codes(""), vec![(String::new(), Code::NoGameTree)]);
    // A file that starts with a node is a game tree whose `(` is missing: one error.
    assert_eq!(codes(";"), vec![(";".into(), Code::MissingOpenParen)]);
    assert_eq!(
        codes("(;GM[1]);B[aa]"),
        vec![(";B[aa]".into(), Code::NodeOutsideGameTree)]
    );
    assert_eq!(
        codes("(;A)"),
        vec![
            ("A".into(), Code::MissingValue),
            ("A".into(), Code::UnknownProperty)
        ]
    );
    assert_eq!(
        codes("(;C[open"),
        vec![
            ("(".into(), Code::UnterminatedGameTree),
            ("[".into(), Code::UnterminatedValue)
        ]
    );
}

#[test]
fn checks() {
    let found = codes("(;FF[4]SZ[9];B[aa]W[bb];AB[cc]B[dd];B[jj];SZ[19];PB[x];PW[y]KM[x])");
    let found: Vec<Code> = found.into_iter().map(|(_, c)| c).collect();
    assert_eq!(
        found,
        vec![
            Code::BlackAndWhiteMove,
            Code::SetupAndMoveMixed,
            Code::InvalidValue,
            Code::RootPropertyOutsideRoot,
            Code::GameInfoRepeated,
            Code::GameInfoRepeated,
            Code::InvalidValue,
        ]
    );
}

#[test]
fn deep_nesting_is_capped() {
    let depth = 100_000;
    let text = "(;B[aa]".repeat(depth) + &")".repeat(depth);
    let parse = parse(&text);
    assert_eq!(parse.syntax().to_string(), text);
    let codes: Vec<Code> = parse.errors().iter().map(|e| e.code).collect();
    assert_eq!(codes, vec![Code::NestingTooDeep]);
}

#[test]
fn values_decode_the_same_from_the_tables() {
    // Text with a soft line break and escapes, SimpleText, a compose value, an unknown
    // property, a point list, a lower-case identifier and one with no values.
    let text = "(;GM[1]C[a \\\\ b\\\ncd\\]e]GN[ x\ny ]LB[aa:A\\:b][bb:B]XY[q\\]r]AB[aa][bb]PlayerBlack[Shu]TR;B[cc])";
    let parse = parse(text);
    let (flat, _) = super::parse_flat(text);
    let game = flat.games().next().expect("one game");
    let nodes = parse.syntax().descendants().filter_map(ast::Node::cast);
    let mut compared = 0;
    for (node, n) in nodes.zip(flat.nodes(game)) {
        let properties: Vec<_> = flat.properties(text, n).collect();
        assert_eq!(node.properties().count(), properties.len());
        for (property, read) in node.properties().zip(&properties) {
            assert_eq!(
                checks::decoded_values(&property),
                checks::decoded_flat_values(read).collect::<Vec<_>>(),
                "{}",
                property.syntax()
            );
            assert_eq!(property.syntax().text_range(), read.range());
            compared += 1;
        }
    }
    assert_eq!(compared, 9);
}

#[test]
fn the_tables_of_a_tree_are_those_the_grammar_fills() {
    let texts = [
        "(;GM[1]FF[4]SZ[9];B[aa](;W[bb];B[cc])(;W[dd]C[x])) (;B[ee])",
        "(;B[aa] ;W[bb] (;B[cc]) ;W[dd])",
        "(;B[aa]X[q",
        "junk (;B[aa]) ) ;W[bb] (;C[a]B[bb]W[cc]];[zz])",
        "((;B[aa]))",
        "",
    ];
    for text in texts {
        let (grammar, _) = super::parse_flat(text);
        let mut tree = super::flat::Flat::of_green(parse(text).green());
        tree.mark_moves(text);
        assert_eq!(tree, grammar, "{text}");
    }
}

/// The tree and the diagnostics of `text` with and without the short way for plain nodes.
fn both_ways(text: &str) -> [(rowan::GreenNode, Vec<crate::SyntaxError>); 2] {
    [true, false].map(|plain| {
        let lexed = lex(text);
        let mut builder = rowan::GreenNodeBuilder::new();
        let errors = parser::parse_collection_with(&lexed, &mut builder, parser::PlainNodes(plain));
        (builder.finish(), errors)
    })
}

/// The short way for plain nodes makes the tree and finds the diagnostics of the general
/// way: on every SGF file of the repository and the corpus, and on texts where a plain-
/// looking node is not (a value left open, one holding `;`, a `]` after it, a second value
/// or property, stray text, white space between its tokens), cut at every byte.
#[test]
fn plain_nodes_the_short_way_are_read_as_the_general_way_reads_them() {
    let files = kifu_testing::fixture_and_corpus_files(&["sgf"], 51);
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("readable")).into_owned();
        let [short, general] = both_ways(&text);
        assert_eq!(short, general, "{}", path.display());
    }
    let broken = "(;GM[1]SZ[9];B[aa];W[bb\n;B[cc;W[dd]];B[ee]x];W[ff][gg];B[hh]C[x];W[ii]zz;B [jj];W\t[kk];B[ll]\n;W[mm]  ]\n;B[\\]];W[nn]\r;B[oo])";
    for end in 0..=broken.len() {
        if broken.is_char_boundary(end) {
            let [short, general] = both_ways(&broken[..end]);
            assert_eq!(short, general, "{:?}", &broken[..end]);
        }
    }
}

/// The tables of `text` read straight from its bytes, checked against the grammar's: equal,
/// and the grammar finds nothing to report. Whether the text was read that way.
fn scanned_as_the_grammar_reads(text: &str) -> bool {
    let Some(tables) = super::flat::scan(text) else {
        return false;
    };
    let (grammar, errors) = super::grammar_flat(text);
    assert_eq!(tables, grammar, "{text:?}");
    assert!(errors.is_empty(), "{text:?}: {errors:?}");
    true
}

/// Texts read straight into the tables (`flat::scan`) are read as the grammar reads them:
/// every SGF file of the repository and the corpus, 20 copies of each with bytes changed,
/// added or taken out (of the kinds SGF gives a meaning to), and a made text cut at every
/// byte. The Fox games are all read that way.
#[test]
fn texts_read_straight_into_the_tables_are_read_as_the_grammar_reads_them() {
    let files = kifu_testing::fixture_and_corpus_files(&["sgf"], 51);
    let mut rng = kifu_testing::Lcg::new(2026);
    let kinds = b"()[];\\ \n\r\tBWCaz1\0]";
    let (mut scanned, mut broken_scanned, mut fox, mut fox_scanned) = (0, 0, 0, 0);
    for path in &files {
        let bytes = std::fs::read(path).expect("readable");
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let read = scanned_as_the_grammar_reads(&text);
        scanned += usize::from(read);
        if path.components().any(|c| c.as_os_str() == "fox-pro-sample") {
            fox += 1;
            fox_scanned += usize::from(read);
        }
        if bytes.is_empty() {
            continue;
        }
        for _ in 0..20 {
            let mut broken = bytes.clone();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(broken.len());
                let byte = kinds[rng.below(kinds.len())];
                match rng.below(3) {
                    0 => broken[at] = byte,
                    1 => broken.insert(at, byte),
                    _ if broken.len() > 1 => {
                        broken.remove(at);
                    }
                    _ => {}
                }
            }
            let broken = String::from_utf8_lossy(&broken).into_owned();
            broken_scanned += usize::from(scanned_as_the_grammar_reads(&broken));
        }
    }
    // Three games, then one whose comment holds what looks like a node left open and three
    // with a `]` that closes a value early.
    let made = "(;GM[1]FF[4]SZ[19]PB[a \\] b];B[pd] ;W[dp]\n(;B[qq]C[x;y];W[aa])\t(;B[ab]\r\n(;W[cd])))\n (;FF[4] ;W[]\n;) (;B[aa] AB [bb][cc]\x0c)\n(;C[x\n;B[cc]]) (;C[see [this] one]) (;C[one]]) (;C[a] x]) ";
    let mut prefixes = 0;
    for end in 0..=made.len() {
        prefixes += usize::from(scanned_as_the_grammar_reads(&made[..end]));
    }
    eprintln!(
        "{scanned} of {} files, {broken_scanned} broken copies and {prefixes} prefixes read straight",
        files.len()
    );
    assert_eq!(fox_scanned, fox, "every Fox game");
    assert!(scanned > 100 && broken_scanned > 1000);
    assert_eq!(
        prefixes,
        3 + 2 + 2,
        "each prefix that ends one of the first three games"
    );
}

/// `Flat::two_letter_move` says of a node what `Flat::single_value` says, read another
/// way: on every node of every SGF file of the repository and the corpus, and it reads
/// nearly every move of the Fox games.
#[test]
fn two_letter_moves_are_single_values() {
    let files = kifu_testing::fixture_and_corpus_files(&["sgf"], 51);
    let (mut nodes, mut moves) = (0, 0);
    for path in &files {
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("readable")).into_owned();
        let (flat, _) = super::parse_flat(&text);
        let mut trees: Vec<u32> = flat.games().collect();
        while let Some(tree) = trees.pop() {
            trees.extend(flat.variations(tree));
            for node in flat.nodes(tree) {
                nodes += 1;
                let Some((side, [x, y], at)) = flat.two_letter_move(node) else {
                    continue;
                };
                moves += 1;
                let (ident, value, range) = flat.single_value(&text, node).expect("one value");
                assert_eq!(ident.as_bytes(), [side], "{}", path.display());
                assert_eq!(value.as_bytes(), [b'[', x, y, b']']);
                assert_eq!(at, super::flat::value_inner(value, range).1);
            }
        }
    }
    eprintln!("{moves} of {nodes} nodes are two-letter moves");
    assert!(
        moves > 190_000 && moves * 10 > nodes * 9,
        "{moves} of {nodes}"
    );
}
