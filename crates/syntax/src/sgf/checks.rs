//! Checks over a parsed SGF text: identifiers, value types, and where properties may stand.
//! They run after parsing, on its game trees, nodes and properties (see [`super::flat`]), as
//! SGFC's checks do on its tree.

use rowan::TextRange;

use super::ast::{raw_value, Property};
use super::flat::{self, Flat};
use super::properties::{
    self, board_size, is_valid, lookup, point_of_letters, split_compose, type_name, Kind, Shape,
    ValueType,
};
use crate::{Code, Severity, SyntaxError};

/// The root-node facts the other checks depend on.
#[derive(Debug, Clone, Copy)]
struct GameContext {
    /// The `FF` of the game, if given.
    ff: Option<u32>,
    /// The board size for point checks; `None` for games other than Go.
    size: Option<(u32, u32)>,
}

/// Runs every check over every game of `flat`, the tables of `text`, in text order.
pub fn check(flat: &Flat, text: &str) -> Vec<SyntaxError> {
    check_with(flat, text, true)
}

/// [`check`]; with `skip_plain_moves`, a node that [`is_plain_move`] is passed over.
fn check_with(flat: &Flat, text: &str, skip_plain_moves: bool) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    for tree in flat.games() {
        let context = context(flat, text, tree);
        let mut walker = Walker {
            flat,
            text,
            context,
            errors: &mut errors,
            properties: Vec::new(),
            skip_plain_moves,
        };
        walker.tree(tree, true, None);
    }
    errors.sort_by_key(|e| e.range.start());
    errors
}

fn context(flat: &Flat, text: &str, tree: u32) -> GameContext {
    let root = flat.nodes(tree).next();
    let value = |id: &str| {
        let root = root?;
        flat.properties(text, root)
            .find(|p| p.id() == id)
            .and_then(|p| p.first_raw())
    };
    let ff = value("FF").and_then(|v| v.trim().parse().ok());
    let gm: u32 = value("GM").and_then(|v| v.trim().parse().ok()).unwrap_or(1);
    let size = if gm == 1 {
        Some(value("SZ").and_then(board_size).unwrap_or((19, 19)))
    } else {
        None
    };
    GameContext { ff, size }
}

/// Whether a node whose one property is `ident` with the one value token `value` is one
/// move, `B` or `W` written so, on a point of a board of `size` (or a pass): nearly every
/// node of a game record, in which no check below finds anything (a test holds [`check`]
/// to that on every SGF file of the repository and the corpus).
fn is_plain_move(ident: &str, value: &str, size: Option<(u32, u32)>) -> bool {
    matches!(ident, "B" | "W") && is_valid(ValueType::Move, raw_value(value), size)
}

struct Walker<'e, 'g> {
    flat: &'g Flat,
    text: &'g str,
    context: GameContext,
    errors: &'e mut Vec<SyntaxError>,
    /// The properties of the node being checked (kept to reuse its allocation).
    properties: Vec<flat::Property<'g>>,
    /// Whether a node that [`is_plain_move`] is passed over.
    skip_plain_moves: bool,
}

impl<'g> Walker<'_, 'g> {
    /// Checks a game tree. `game_info` is where game info was given on the way here.
    fn tree(&mut self, tree: u32, is_root_tree: bool, mut game_info: Option<TextRange>) {
        let flat = self.flat;
        for (i, node) in flat.nodes(tree).enumerate() {
            let is_root = is_root_tree && i == 0;
            if let Some(range) = self.node(node, is_root, game_info) {
                game_info.get_or_insert(range);
            }
        }
        for variation in flat.variations(tree) {
            self.tree(variation, false, game_info);
        }
    }

    /// Checks a node; returns where it gives game info, if it does.
    fn node(
        &mut self,
        node: u32,
        is_root: bool,
        game_info: Option<TextRange>,
    ) -> Option<TextRange> {
        if self.skip_plain_moves {
            // The common way first, `B[dq]` on the board (no text slices), then any other.
            let on_board = |&(_, [x, y], _): &(u8, [u8; 2], TextRange)| {
                self.context
                    .size
                    .is_none_or(|size| point_of_letters(x, y, size).is_some())
            };
            if self
                .flat
                .two_letter_move(node)
                .is_some_and(|m| on_board(&m))
            {
                return None;
            }
            let single = self.flat.single_value(self.text, node);
            if single
                .is_some_and(|(ident, value, _)| is_plain_move(ident, value, self.context.size))
            {
                return None;
            }
        }
        let mut properties = std::mem::take(&mut self.properties);
        self.flat
            .collect_properties(self.text, node, &mut properties);
        // The node's first `B` and first `W` (no list: one per node, nearly every node).
        let mut black: Option<TextRange> = None;
        let mut white: Option<TextRange> = None;
        let mut setup: Option<TextRange> = None;
        let mut player: Option<TextRange> = None;
        let mut info_here: Option<TextRange> = None;
        for (index, property) in properties.iter().enumerate() {
            let range = property.ident_range;
            let id = property.id();
            self.identifier(property.ident, &id, range);
            let earlier = properties[..index].iter().find(|p| p.id() == id);
            if let Some(first) = earlier {
                // The same values again (Fox writes `AP[foxwq]` twice) lose nothing: a warning,
                // and the copy is not checked again.
                let same = first
                    .values()
                    .map(|(v, _)| v)
                    .eq(property.values().map(|(v, _)| v));
                let error = if same {
                    // The whole copy, from its identifier to its last value.
                    let end = property
                        .values()
                        .last()
                        .map_or(range.end(), |(_, r)| r.end());
                    SyntaxError::new(
                        Code::DuplicateProperty,
                        range,
                        format!("`{id}` is written twice in this node with the same value: FF[4] allows a property once per node; readers keep one"),
                    )
                    .with_severity(Severity::Warning)
                    .with_fix(
                        format!("Remove the second `{id}`"),
                        [(TextRange::new(range.start(), end), String::new())],
                    )
                } else {
                    SyntaxError::new(
                        Code::DuplicateProperty,
                        range,
                        format!("`{id}` appears twice in this node: a property may appear once per node"),
                    )
                };
                self.errors
                    .push(error.with_related(first.ident_range, "first here"));
                if same {
                    continue;
                }
            }
            let Some(info) = lookup(&id) else {
                if !id.is_empty() {
                    self.errors.push(SyntaxError::new(
                        Code::UnknownProperty,
                        range,
                        format!("`{id}` is not an FF[4] property: kifu reads its values as text"),
                    ));
                }
                continue;
            };
            self.values(property.values(), &id, info.shape);
            if info.id == "SZ" {
                self.board_size(property.values());
            }
            if info.id == "FF" {
                self.file_format(property.values());
            }
            match info.kind {
                Kind::Root if !is_root => self.errors.push(SyntaxError::new(
                    Code::RootPropertyOutsideRoot,
                    range,
                    format!(
                        "`{id}` ({}) belongs in the root node, the first node of the game",
                        info.name
                    ),
                )),
                Kind::GameInfo => {
                    if let Some(earlier) = game_info {
                        self.errors.push(
                            SyntaxError::new(
                                Code::GameInfoRepeated,
                                range,
                                format!("`{id}` ({}) is game information, which was already given in an earlier node of this line", info.name),
                            )
                            .with_related(earlier, "game information given here"),
                        );
                    }
                    info_here.get_or_insert(range);
                }
                Kind::Play if info.id == "B" => {
                    black.get_or_insert(range);
                }
                Kind::Play if info.id == "W" => {
                    white.get_or_insert(range);
                }
                // `PL` beside a move is common and harmless (it only says who plays next);
                // stones added beside a move are not.
                Kind::Setup if info.id == "PL" => {
                    player.get_or_insert(range);
                }
                Kind::Setup => {
                    setup.get_or_insert(range);
                }
                _ => {}
            }
        }
        if let (Some(b), Some(w)) = (black, white) {
            let (first, second) = if b.start() < w.start() {
                (b, w)
            } else {
                (w, b)
            };
            self.errors.push(
                SyntaxError::new(
                    Code::BlackAndWhiteMove,
                    second,
                    "a Black move and a White move in one node: each move needs its own node",
                )
                .with_related(first, "the other move"),
            );
        }
        // The first move of the node.
        let played = match (black, white) {
            (Some(b), Some(w)) if w.start() < b.start() => Some(("W", w)),
            (Some(b), _) => Some(("B", b)),
            (None, w) => w.map(|w| ("W", w)),
        };
        if let (Some(setup), Some((id, range))) = (setup, played) {
            self.errors.push(
                SyntaxError::new(
                    Code::SetupAndMoveMixed,
                    range,
                    format!("the move `{id}` is in a node that adds or removes stones (`AB`, `AW`, `AE`): put them in separate nodes"),
                )
                .with_related(setup, "setup here"),
            );
        } else if let (Some(player), Some((id, range))) = (player, played) {
            self.errors.push(
                SyntaxError::new(
                    Code::SetupAndMoveMixed,
                    player,
                    format!("`PL` is a setup property, and FF[4] keeps setup and moves apart; beside the move `{id}` it is harmless and most readers accept it"),
                )
                .with_related(range, "the move")
                .with_severity(Severity::Warning),
            );
        }
        self.properties = properties;
        info_here
    }

    /// `SZ` values that are numbers but no board: FF[4] allows 1 to 52 lines.
    fn board_size<'v>(&mut self, values: impl Iterator<Item = (&'v str, TextRange)>) {
        for (text, range) in values {
            let raw = raw_value(text);
            let numbers = raw.split(':').all(|n| n.trim().parse::<i64>().is_ok());
            if numbers && board_size(raw).is_none() {
                self.errors.push(SyntaxError::new(
                    Code::InvalidValue,
                    range,
                    format!("`[{raw}]` is no board size: FF[4] boards have 1 to 52 lines; kifu checks points as on 19×19"),
                ));
            }
        }
    }

    /// `FF` values that are numbers but no file format kifu knows (1 to 4).
    fn file_format<'v>(&mut self, values: impl Iterator<Item = (&'v str, TextRange)>) {
        for (text, range) in values {
            let raw = raw_value(text);
            if raw
                .trim()
                .parse::<i64>()
                .is_ok_and(|ff| !(1..=4).contains(&ff))
            {
                self.errors.push(SyntaxError::new(
                    Code::InvalidValue,
                    range,
                    format!("`FF[{raw}]` is no SGF file format: there are FF[1] to FF[4]; kifu reads the file as FF[4]"),
                ));
            }
        }
    }

    fn identifier(&mut self, written: &str, id: &str, range: TextRange) {
        if written.bytes().any(|b| b.is_ascii_lowercase()) {
            let read_as = if id.is_empty() {
                "it has no upper-case letters, so it names no property".to_string()
            } else {
                format!("kifu reads it as `{id}`")
            };
            let error = match self.context.ff {
                Some(ff) if ff < 4 => SyntaxError::new(
                    Code::LowercaseIdentifier,
                    range,
                    format!("`{written}` has lower-case letters, as FF[{ff}] allowed (the file says FF[{ff}]); {read_as}"),
                )
                .with_severity(Severity::Warning),
                Some(ff) => SyntaxError::new(
                    Code::LowercaseIdentifier,
                    range,
                    format!("`{written}` has lower-case letters, which FF[{ff}] forbids; {read_as}"),
                ),
                // Files without FF are nearly all modern ones: kifu reads them as FF[4] (the
                // specification's default, FF[1], would excuse every lower-case letter).
                None => SyntaxError::new(
                    Code::LowercaseIdentifier,
                    range,
                    format!("`{written}` has lower-case letters, which FF[4] forbids (kifu assumed FF[4]: the file has no FF property); {read_as}"),
                ),
            };
            let error = if id.is_empty() {
                error
            } else {
                error.with_fix(format!("Write `{id}`"), [(range, id.to_string())])
            };
            self.errors.push(error);
        }
        if id.len() > 2 {
            self.errors.push(SyntaxError::new(
                Code::LongIdentifier,
                range,
                format!("`{id}` is longer than two letters: no FF[4] property is"),
            ));
        }
    }

    fn values<'v>(
        &mut self,
        values: impl Iterator<Item = (&'v str, TextRange)> + Clone,
        id: &str,
        shape: Shape,
    ) {
        let count = values.clone().count();
        let single = matches!(
            shape,
            Shape::One(_) | Shape::Compose(..) | Shape::OneOrCompose(..)
        );
        if single && count > 1 {
            let second = values.clone().nth(1).map(|(_, r)| r.start());
            let last = values.clone().last().map(|(_, r)| r.end());
            if let (Some(start), Some(end)) = (second, last) {
                self.errors.push(SyntaxError::new(
                    Code::TooManyValues,
                    TextRange::new(start, end),
                    format!("`{id}` takes one value, not {count}"),
                ));
            }
        }
        let size = self.context.size;
        let ok = |ty: ValueType, raw: &str| is_valid(ty, raw, size);
        let point_or_range = |ty: ValueType, raw: &str| match split_compose(raw) {
            Some((a, b)) if ty != ValueType::Move => ok(ty, a) && ok(ty, b),
            _ => ok(ty, raw),
        };
        for (text, value_range) in values {
            let raw = raw_value(text);
            // Checked for every move: what was expected is written only for a bad value.
            let valid = match shape {
                Shape::One(ty) => ok(ty, raw),
                Shape::Compose(a, b) | Shape::ListOfCompose(a, b) => {
                    split_compose(raw).is_some_and(|(x, y)| ok(a, x) && ok(b, y))
                }
                Shape::OneOrCompose(plain, a, b) => match split_compose(raw) {
                    Some((x, y)) => ok(a, x) && ok(b, y),
                    None => ok(plain, raw),
                },
                Shape::List(ty) => point_or_range(ty, raw),
                Shape::EList(ty) => (raw.is_empty() && count == 1) || point_or_range(ty, raw),
            };
            if !valid {
                let expected = match shape {
                    Shape::One(ty) | Shape::List(ty) => type_name(ty).to_string(),
                    Shape::Compose(a, b) | Shape::ListOfCompose(a, b) => {
                        format!("{} and {} joined by `:`", type_name(a), type_name(b))
                    }
                    Shape::OneOrCompose(plain, a, b) => format!(
                        "{}, or {} and {} joined by `:`",
                        type_name(plain),
                        type_name(a),
                        type_name(b)
                    ),
                    Shape::EList(ty) => format!("{} (or one `[]` for none)", type_name(ty)),
                };
                let board = match size {
                    Some((w, h))
                        if matches!(
                            shape,
                            Shape::One(ValueType::Move) | Shape::List(_) | Shape::EList(_)
                        ) =>
                    {
                        format!(" on a {w}×{h} board")
                    }
                    _ => String::new(),
                };
                let shown: String = raw.chars().take(30).collect();
                self.errors.push(SyntaxError::new(
                    Code::InvalidValue,
                    value_range,
                    format!("`[{shown}]` is not a valid `{id}` value: expected {expected}{board}"),
                ));
            }
        }
    }
}

/// Decodes the values of a property for display and export: Text and SimpleText by their
/// rules, unknown properties as Text, everything else with its escapes removed.
pub fn decoded_values(property: &Property) -> Vec<String> {
    let shape = shape_of(&property.canonical_ident().unwrap_or_default());
    property
        .raw_values()
        .map(|raw| decode(shape, &raw))
        .collect()
}

/// [`decoded_values`] of a property read from a [`Flat`], one value at a time.
pub fn decoded_flat_values<'a>(property: &flat::Property<'a>) -> impl Iterator<Item = String> + 'a {
    let shape = shape_of(&property.id());
    property
        .values()
        .map(move |(token, _)| decode(shape, raw_value(token)))
}

/// The shape of property `id`'s values; `None` for a property FF[4] does not define.
fn shape_of(id: &str) -> Option<Shape> {
    lookup(id).map(|p| p.shape)
}

/// One raw value decoded as a property of `shape` reads it (`None`: unknown, read as Text).
fn decode(shape: Option<Shape>, raw: &str) -> String {
    match shape {
        Some(Shape::One(ValueType::SimpleText)) => properties::decode_simple_text(raw),
        Some(Shape::One(ValueType::Text)) | None => properties::decode_text(raw),
        Some(Shape::Compose(..) | Shape::ListOfCompose(..) | Shape::OneOrCompose(..)) => {
            match split_compose(raw) {
                Some((a, b)) => format!(
                    "{}:{}",
                    properties::decode_simple_text(a),
                    properties::decode_simple_text(b)
                ),
                None => properties::decode_simple_text(raw),
            }
        }
        Some(_) => properties::decode_simple_text(raw),
    }
}

#[cfg(test)]
mod tests {
    /// Passing over the nodes that are one plain move changes nothing: every SGF file of the
    /// repository and of the corpus gets the same diagnostics with every node checked.
    #[test]
    fn plain_moves_passed_over_change_no_diagnostic() {
        let files = kifu_testing::fixture_and_corpus_files(&["sgf"], 51);
        let (mut plain, mut diagnostics) = (0, 0);
        for path in &files {
            let bytes = std::fs::read(path).expect("readable");
            let text = String::from_utf8_lossy(&bytes);
            let (flat, _) = crate::sgf::parse_flat(&text);
            let all = super::check_with(&flat, &text, false);
            assert_eq!(
                super::check_with(&flat, &text, true),
                all,
                "{}",
                path.display()
            );
            diagnostics += all.len();
            for tree in flat.games() {
                let size = super::context(&flat, &text, tree).size;
                let mut trees = vec![tree];
                while let Some(tree) = trees.pop() {
                    trees.extend(flat.variations(tree));
                    for node in flat.nodes(tree) {
                        let single = flat.single_value(&text, node);
                        plain += usize::from(single.is_some_and(|(ident, value, _)| {
                            super::is_plain_move(ident, value, size)
                        }));
                    }
                }
            }
        }
        eprintln!(
            "{} files, {plain} plain moves, {diagnostics} diagnostics",
            files.len()
        );
        assert!(
            plain > 1000 && diagnostics > 100,
            "{plain} plain moves, {diagnostics} diagnostics"
        );
    }
}
