//! SGF game trees into the model: the root node is the header, each game tree a line, each
//! node with a `B` or `W` property a move.

use kifu_syntax::sgf::checks::decoded_flat_values;
use kifu_syntax::sgf::flat::Children;
use kifu_syntax::sgf::flat::{value_inner, Child, Flat, Property};
use kifu_syntax::sgf::{properties, SgfLanguage, SyntaxKind};
use kifu_syntax::{TextRange, TextSize};
use rowan::GreenNodeData;

use super::{
    AnnotationsId, Comment, CommentKind, Game, GameKind, Header, Line, LineId, Move, MoveId, Setup,
    Side, Start,
};

impl Game {
    /// The model of an SGF `GAME_TREE` node (one game of a collection) whose text is
    /// `text`, read from its tables (see [`Flat::of_green`]).
    pub fn sgf(green: &GreenNodeData, text: &str) -> Game {
        let kind = <SgfLanguage as rowan::Language>::kind_from_raw(green.kind());
        let mut flat = Flat::of_green(green);
        flat.mark_moves(text);
        let game = flat.games().next();
        match game {
            Some(tree) if kind == SyntaxKind::GAME_TREE => Game::sgf_flat(&flat, text, tree),
            _ => Game::sgf_empty(green.text_len()),
        }
    }

    /// A model with no moves and one empty line, for a game that is no game tree.
    fn sgf_empty(len: TextSize) -> Game {
        let mut game = Game::empty(
            len,
            GameKind::Go { size: (19, 19) },
            Start::Initial,
            0,
            Side::Black,
            Header::default(),
        );
        game.lines.push(Line::new(
            TextRange::default(),
            TextRange::default(),
            None,
            None,
            0,
        ));
        game
    }

    /// The model of game tree `tree` of `flat`, the tables of `text`, with ranges relative
    /// to the start of the game tree: what [`Game::sgf`] gives for its green node.
    pub fn sgf_flat(flat: &Flat, text: &str, tree: u32) -> Game {
        let base = flat.tree(tree).range.start();
        let at = |range: TextRange| range - base;
        let len = flat.tree(tree).range.len();
        let root = flat.nodes(tree).next();
        let mut properties = Vec::new();
        if let Some(node) = root {
            flat.collect_properties(text, node, &mut properties);
        }
        let mut header = Header {
            range: root.map(|node| at(flat.node_range(node))),
            ..Header::default()
        };
        for property in &properties {
            header.push(&property.id(), at(property.range()), |header| {
                for value in decoded_flat_values(property) {
                    header.push_value(&value);
                }
            });
        }
        // The first value of the first property `id`, between its brackets.
        let raw = |id: &str| {
            properties
                .iter()
                .find(|p| p.ident_is(id))
                .and_then(|p| p.first_raw())
        };
        let size = raw("SZ")
            .and_then(properties::board_size)
            .unwrap_or((19, 19));
        let setup = ["AB", "AW", "AE"].iter().any(|id| header.get(id).is_some());
        let first_mover = match raw("PL").map(str::trim) {
            Some("W") => Side::White,
            _ => Side::Black,
        };
        let start = if setup { Start::Setup } else { Start::Initial };
        let mut game = Game::empty(len, GameKind::Go { size }, start, 0, first_mover, header);
        read_lines(&mut game, flat, text, tree);
        game
    }
}

/// Where a move property's point is written: between the brackets of its first value, or
/// (with no value) at its end.
fn value_text(property: &Property<'_>) -> TextRange {
    property
        .values()
        .next()
        .map_or(TextRange::empty(property.range().end()), |(t, r)| {
            value_inner(t, r).1
        })
}

/// A game tree being read: its line, its children still to read, and the count so far.
struct Frame<'f> {
    line: LineId,
    /// The tree's nodes and variations still to read.
    children: Children<'f>,
    ply: u32,
    /// What `MN[]` on the way added to the count: a move's number is `ply + 1 + renumber`.
    renumber: i64,
    previous: Option<MoveId>,
    moves: Vec<MoveId>,
}

impl<'f> Frame<'f> {
    /// The frame of game tree `tree` (ranges less `base`, the game's start), a variation of
    /// `parent`'s tree, whose count it continues.
    fn new(
        game: &mut Game,
        flat: &'f Flat,
        tree: u32,
        base: TextSize,
        parent: Option<&Frame<'_>>,
    ) -> Frame<'f> {
        let line = LineId(game.lines.len() as u32);
        let range = flat.tree(tree).range - base;
        let head = flat
            .nodes(tree)
            .next()
            .map_or(range, |n| flat.node_range(n) - base);
        let (ply, renumber, previous) =
            parent.map_or((0, 0, None), |p| (p.ply, p.renumber, p.previous));
        game.lines.push(Line::new(
            range,
            head,
            parent.map(|p| p.line),
            previous,
            ply,
        ));
        Frame {
            line,
            children: flat.children(tree),
            ply,
            renumber,
            previous,
            // Room for a move in each node: grown a move at a time, the lists were 3% of
            // `kifu check` on Go records.
            moves: Vec::with_capacity(flat.items_in(tree)),
        }
    }
}

/// Reads every game tree into a line, in text order: a node's move counts the moves of the
/// nodes before it in its tree and the trees it is in (a node written after a variation,
/// an error, continues its own tree's count). Without recursion: game trees nest a
/// thousand deep. The green tree is walked (a node's properties read into one reused
/// list), not rowan's cursors, which allocate for every node visited.
fn read_lines(game: &mut Game, flat: &Flat, text: &str, tree: u32) {
    let base = flat.tree(tree).range.start();
    let mut variations: Vec<Vec<LineId>> = vec![Vec::new()];
    let mut comments: Vec<Vec<Comment>> = vec![Vec::new()];
    // The comments of moves, by move: few moves have one, so not a list for every move.
    let mut move_comments: Vec<(MoveId, Comment)> = Vec::new();
    game.moves.reserve(flat.items_in(tree));
    let mut stack = vec![Frame::new(game, flat, tree, base, None)];
    let mut seen_root = false;
    let mut properties = Vec::new();
    while let Some(frame) = stack.last_mut() {
        let Some(child) = frame.children.next() else {
            if let Some(frame) = stack.pop() {
                game.lines[frame.line.0 as usize].moves = frame.moves;
            }
            continue;
        };
        let node = match child {
            Child::Node(node) => node,
            Child::Tree(child) => {
                let sub = Frame::new(game, flat, child, base, Some(frame));
                variations[frame.line.0 as usize].push(sub.line);
                variations.push(Vec::new());
                comments.push(Vec::new());
                stack.push(sub);
                continue;
            }
        };
        let range = flat.node_range(node) - base;
        // The root's setup is the header's; a later node's comes before its move.
        let is_root = frame.line == LineId::MAIN && frame.moves.is_empty() && !seen_root;
        seen_root = true;
        // A node of one move, `B[dq]` (nearly every node), is read without a list of its
        // properties: its move's side and value.
        let two_letters = flat.two_letter_move(node).map(|(side, _, at)| {
            (
                at,
                if side == b'B' {
                    Side::Black
                } else {
                    Side::White
                },
            )
        });
        let mut played = two_letters.or_else(|| {
            flat.single_value(text, node)
                .and_then(|(ident, value, at)| {
                    let side = match ident {
                        "B" => Side::Black,
                        "W" => Side::White,
                        _ => return None,
                    };
                    Some((value_inner(value, at).1, side))
                })
        });
        // Any other node in one pass over its properties: its move (the first `B` or `W`),
        // its first `MN`, whether it sets stones up or has a comment.
        let mut written = None;
        let (mut sets_up, mut comments_here) = (false, false);
        if played.is_none() {
            flat.collect_properties(text, node, &mut properties);
            let mut number = None;
            for property in &properties {
                match &*property.id() {
                    "B" => _ = played.get_or_insert((value_text(property), Side::Black)),
                    "W" => _ = played.get_or_insert((value_text(property), Side::White)),
                    "MN" => _ = number.get_or_insert(property),
                    "AB" | "AW" | "AE" => sets_up = true,
                    "C" => comments_here = true,
                    _ => {}
                }
            }
            // `MN[n]`: this move is number n, and those after it count on from there.
            written = number.and_then(|p| {
                let n = p.first_raw()?.trim().parse::<u32>().ok()?;
                (n >= 1).then(|| (n, p.range() - base))
            });
        }
        if sets_up && !is_root {
            let stones: Vec<(TextRange, Option<Side>)> = properties
                .iter()
                .filter_map(|p| {
                    let side = match &*p.id() {
                        "AB" => Some(Side::Black),
                        "AW" => Some(Side::White),
                        "AE" => None,
                        _ => return None,
                    };
                    Some(
                        p.values()
                            .map(move |(t, r)| (value_inner(t, r).1 - base, side)),
                    )
                })
                .flatten()
                .collect();
            if !stones.is_empty() {
                game.setups.push(Setup {
                    range,
                    line: frame.line,
                    stones: stones.into_boxed_slice(),
                });
            }
        }
        if let Some((text, side)) = played {
            let m = MoveId(game.moves.len() as u32);
            let text = text - base;
            if let Some((n, _)) = written {
                frame.renumber = i64::from(n) - i64::from(game.number_at(frame.ply));
            }
            let number = i64::from(game.number_at(frame.ply)) + frame.renumber;
            game.moves.push(Move {
                range,
                text,
                suffix: None,
                ply: frame.ply,
                number: u32::try_from(number.max(1)).unwrap_or(u32::MAX),
                side,
                written_number: written.map(|(n, _)| n),
                number_range: written.map(|(_, range)| range),
                annotations: AnnotationsId::NONE,
                line: frame.line,
                parent: frame.previous,
            });
            frame.moves.push(m);
            frame.previous = Some(m);
            frame.ply += 1;
        }
        if comments_here {
            // A comment in a node without a move is about the position after the last one.
            let found = properties
                .iter()
                .filter(|p| p.ident_is("C"))
                .flat_map(|p| p.values())
                .map(|(t, r)| Comment {
                    range: r - base,
                    text: value_inner(t, r).1 - base,
                    kind: CommentKind::Property,
                });
            match frame.moves.last() {
                Some(&m) => move_comments.extend(found.map(|c| (m, c))),
                None => comments[frame.line.0 as usize].extend(found),
            }
        }
    }
    for ((line, variations), comments) in game.lines.iter_mut().zip(variations).zip(comments) {
        line.variations = variations;
        line.comments = comments;
    }
    // A move's comments in text order, whatever came between them (a node after a
    // variation is read after the variation's moves).
    move_comments.sort_by_key(|&(m, _)| m.0);
    let mut comments = Vec::new();
    for run in move_comments.chunk_by(|a, b| a.0 == b.0) {
        comments.clear();
        comments.extend(run.iter().map(|&(_, c)| c));
        game.annotate(run[0].0, &[], &comments, &[]);
    }
}
