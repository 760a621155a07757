//! A document: its text, its notation, its parse, and the model of each of its games.

use std::sync::{Arc, OnceLock};

use kifu_syntax::{pdn, pgn, sgf, Fix, Notation, SyntaxError, TextEdit, TextRange, TextSize};
use rowan::{GreenNode, NodeOrToken};

use crate::game::{Game, GameRef};

/// A parsed document.
#[derive(Debug, Clone)]
pub struct Document {
    text: String,
    parse: Parsed,
    models: Models,
    /// What reading the text from bytes had to guess or replace, merged in text order with
    /// the parse's diagnostics; `None` when nothing was (always, for text from an editor).
    read_and_parsed: Option<Vec<SyntaxError>>,
    /// Those and what replaying the games found, in text order.
    all: OnceLock<Vec<SyntaxError>>,
}

/// What the document keeps of each game, built on first use beside the game's green tree:
/// one slot per child of the root (only games' slots are used).
#[derive(Debug, Clone, Default)]
struct Models(OnceLock<Box<[OnceLock<Arc<Analysis>>]>>);

/// What is kept of a game, also by the documents [`Document::edited`] makes while the game
/// does not change. Ranges are relative to the game's start.
#[derive(Debug, Default)]
pub(crate) struct Analysis {
    /// The model, kept once a feature asked for this game's (a hover, a board, a
    /// completion at the cursor). The diagnostics and the outline of every game build it
    /// and drop it again: a model of each game of a 10 MB database is 32 MiB. (Boxed, as
    /// the outline entry is: a database keeps a slot for each game, mostly empty, and
    /// they were 480 bytes each.)
    game: OnceLock<Box<Game>>,
    /// What its tags and its replay say.
    checks: OnceLock<Box<[SyntaxError]>>,
    /// Its entry in the outline.
    pub(crate) symbol: OnceLock<Box<crate::outline::GameSymbol>>,
    /// The names in its `White` and `Black` tags, which completion offers.
    pub(crate) players: OnceLock<Box<[Box<str>]>>,
}

type GreenChild<'g> = NodeOrToken<&'g rowan::GreenNodeData, &'g rowan::GreenTokenData>;

#[derive(Debug, Clone)]
pub(crate) enum Parsed {
    Pgn(pgn::Parse),
    Sgf(sgf::Parse),
    Pdn(pdn::Parse),
}

impl Parsed {
    /// `text` parsed as `notation`.
    fn of(notation: Notation, text: &str) -> Parsed {
        match notation {
            Notation::Pgn => Parsed::Pgn(pgn::parse(text)),
            Notation::Sgf => Parsed::Sgf(sgf::parse(text)),
            Notation::Pdn => Parsed::Pdn(pdn::parse(text)),
        }
    }

    fn green(&self) -> &GreenNode {
        match self {
            Parsed::Pgn(p) => p.green(),
            Parsed::Sgf(p) => p.green(),
            Parsed::Pdn(p) => p.green(),
        }
    }

    fn errors(&self) -> &[SyntaxError] {
        match self {
            Parsed::Pgn(p) => p.errors(),
            Parsed::Sgf(p) => p.errors(),
            Parsed::Pdn(p) => p.errors(),
        }
    }

    /// The notation it is in.
    fn notation(&self) -> Notation {
        match self {
            Parsed::Pgn(_) => Notation::Pgn,
            Parsed::Sgf(_) => Notation::Sgf,
            Parsed::Pdn(_) => Notation::Pdn,
        }
    }

    /// The raw kind of a game among the root's children.
    fn game_kind(&self) -> rowan::SyntaxKind {
        match self {
            Parsed::Pgn(_) => pgn::SyntaxKind::GAME.into(),
            Parsed::Sgf(_) => sgf::SyntaxKind::GAME_TREE.into(),
            Parsed::Pdn(_) => pdn::SyntaxKind::GAME.into(),
        }
    }
}

/// A document whose text was taken out to be edited in place (see
/// [`Document::into_edit`]): its parse and its games' models, which the edited document
/// re-parses from and keeps.
#[derive(Debug)]
pub struct Unedited {
    parse: Parsed,
    models: Models,
}

impl Unedited {
    /// The document of `text`, the old text in which `edit` was replaced by `inserted`
    /// bytes: what [`Document::edited`] gives. The text is taken out of `text` only once it
    /// is parsed, so a panic (a bug) leaves it there, as [`Document::new_taking`] does.
    pub fn edited(&self, text: &mut String, edit: TextRange, inserted: TextSize) -> Document {
        reparsed(&self.parse, &self.models, text, edit, inserted)
    }
}

/// The document of `text`, which was the text of `old` (with its `models`) before `edit`
/// was replaced by `inserted` bytes: a PGN text re-parses only the games the edit reaches,
/// and the models of the games it leaves are kept. `text` is taken once it is parsed.
fn reparsed(
    old: &Parsed,
    models: &Models,
    text: &mut String,
    edit: TextRange,
    inserted: TextSize,
) -> Document {
    let parse = match old {
        Parsed::Pgn(old) => Parsed::Pgn(pgn::reparse(old, text, edit, inserted)),
        other => Parsed::of(other.notation(), text),
    };
    let document = Document::with(std::mem::take(text), parse, None);
    document.keep_models_of(old, models);
    document
}

/// From this size on, a document's games are modelled and checked on every core (an editor
/// opening a database waits for all of them).
const PARALLEL_BYTES: usize = 256 << 10;

impl Document {
    /// Parses `text` as `notation`.
    pub fn new(notation: Notation, text: String) -> Document {
        let parse = Parsed::of(notation, &text);
        Document::with(text, parse, None)
    }

    /// [`Document::new`] for a caller that keeps the text if parsing panics (the server
    /// catches a bug's panic and goes on with the text alone): the text is taken out of
    /// `text` only once it is parsed, so a panic leaves it there, and no copy is made.
    pub fn new_taking(notation: Notation, text: &mut String) -> Document {
        let parse = Parsed::of(notation, text);
        Document::with(std::mem::take(text), parse, None)
    }

    /// A document of `text` and its parse, with nothing built on it yet.
    fn with(text: String, parse: Parsed, read_and_parsed: Option<Vec<SyntaxError>>) -> Document {
        Document {
            text,
            parse,
            models: Models::default(),
            read_and_parsed,
            all: OnceLock::new(),
        }
    }

    /// Reads a file's bytes as `notation`, decoded as `kifu-input` decodes them (a byte order
    /// mark, Windows-1252 for what is not UTF-8, SGF's `CA[]`); what decoding had to guess or
    /// replace is among the diagnostics. This is how the CLI reads every file it does not
    /// cut into pieces.
    pub fn from_bytes(notation: Notation, bytes: &[u8]) -> Document {
        let decoded = kifu_input::read::decode(notation, bytes);
        let text = decoded.text;
        let parse = match decoded.sgf {
            Some(parse) => Parsed::Sgf(parse),
            None => Parsed::of(notation, &text),
        };
        let read_and_parsed = (!decoded.warnings.is_empty())
            .then(|| crate::check::merged(decoded.warnings, parse.errors()));
        Document::with(text, parse, read_and_parsed)
    }

    /// The document after replacing `edit` with `insert`: the same as a fresh parse of the new
    /// text (which an editor gives: the warnings of reading bytes are gone), but a PGN edit re-parses only the games it reaches, so its cost does not grow
    /// with the file.
    pub fn edited(&self, edit: kifu_syntax::TextRange, insert: &str) -> Document {
        // The new text in one copy (a clone and then a splice moved the tail twice).
        let (start, end) = (usize::from(edit.start()), usize::from(edit.end()));
        let mut text = String::with_capacity(self.text.len() - (end - start) + insert.len());
        text.push_str(&self.text[..start]);
        text.push_str(insert);
        text.push_str(&self.text[end..]);
        let inserted = kifu_syntax::TextSize::of(insert);
        reparsed(&self.parse, &self.models, &mut text, edit, inserted)
    }

    /// The document without its text, and the text: what [`Unedited::edited`] makes the
    /// next document from once the text is edited in place. The server edits a document
    /// so: [`Document::edited`]'s copy of the whole text at every keystroke kept a second
    /// text of a database in its heap (the one freed, which the next copy did not reuse),
    /// 11 MiB on a 10 MB file.
    pub fn into_edit(self) -> (String, Unedited) {
        let unedited = Unedited {
            parse: self.parse,
            models: self.models,
        };
        (self.text, unedited)
    }

    /// Takes over what was kept of the games of `old` (with its `old_models`: their checks,
    /// outline entries, players, and models where a feature kept one) that are still here:
    /// the games before the first one that changed and after the last one (compared by
    /// identity, which a PGN re-parse keeps, else by content).
    fn keep_models_of(&self, old: &Parsed, old_models: &Models) {
        let Some(old_models) = old_models.0.get() else {
            return;
        };
        let (old_root, new_root) = (old.green(), self.parsed().green());
        let same = |(a, b): &(GreenChild<'_>, GreenChild<'_>)| match (a, b) {
            (NodeOrToken::Node(a), NodeOrToken::Node(b)) => std::ptr::eq(*a, *b) || a == b,
            (NodeOrToken::Token(a), NodeOrToken::Token(b)) => std::ptr::eq(*a, *b) || a == b,
            _ => false,
        };
        let models = self.slots();
        let keep = |a: usize, b: usize| {
            if let Some(model) = old_models[a].get() {
                let _ = models[b].set(model.clone());
            }
        };
        let (old_len, new_len) = (old_root.children().len(), new_root.children().len());
        let prefix = old_root
            .children()
            .zip(new_root.children())
            .take_while(same)
            .count();
        (0..prefix).for_each(|i| keep(i, i));
        let suffix = old_root
            .children()
            .rev()
            .zip(new_root.children().rev())
            .take(old_len.min(new_len) - prefix)
            .take_while(same)
            .count();
        (1..=suffix).for_each(|k| keep(old_len - k, new_len - k));
    }

    fn slots(&self) -> &[OnceLock<Arc<Analysis>>] {
        self.models.0.get_or_init(|| {
            let children = self.parsed().green().children().len();
            (0..children).map(|_| OnceLock::new()).collect()
        })
    }

    /// What is kept of the root's child `index`.
    fn analysis(&self, index: usize) -> &Analysis {
        self.slots()[index].get_or_init(Default::default)
    }

    /// The model of the game whose green tree is `green`, at `start`, built now.
    fn build(&self, start: TextSize, green: &rowan::GreenNodeData) -> Game {
        match self.parse {
            Parsed::Pgn(_) => Game::pgn(green),
            Parsed::Sgf(_) => Game::sgf(green, &self.text[TextRange::at(start, green.text_len())]),
            Parsed::Pdn(_) => Game::pdn(green),
        }
    }

    /// The model of the root's child `index`, a game whose green tree is `green` (at
    /// `start`), kept.
    fn model(&self, index: usize, start: TextSize, green: &rowan::GreenNodeData) -> &Game {
        self.analysis(index).game.get_or_init(|| {
            let mut game = self.build(start, green);
            // Kept while the document is open: without its tables' spare room.
            game.shrink_to_fit();
            Box::new(game)
        })
    }

    /// `f` of the model of the root's child `index`, a game whose green tree is `green`: the
    /// kept one, or else one built for `f` alone and dropped after.
    fn with_built<R>(
        &self,
        index: usize,
        start: TextSize,
        green: &rowan::GreenNodeData,
        f: impl FnOnce(&Game) -> R,
    ) -> R {
        match self.analysis(index).game.get() {
            Some(game) => f(game),
            None => f(&self.build(start, green)),
        }
    }

    /// `f` of the game `(index, start, green)` of [`Document::game_nodes`], with its own
    /// text (ranges relative to its start) and its model as [`Document::with_built`] gives
    /// it.
    fn with_model<R>(
        &self,
        (index, start, green): (usize, TextSize, &rowan::GreenNodeData),
        f: impl FnOnce(GameRef<'_>) -> R,
    ) -> R {
        let text = &self.text[TextRange::at(start, green.text_len())];
        self.with_built(index, start, green, |game| {
            f(GameRef {
                game,
                text,
                offset: TextSize::from(0),
            })
        })
    }

    /// For each game, where it starts and what `make` finds in it, kept in the slot `kept`
    /// picks (made once, and kept while the game does not change); made on every core when
    /// the text is big (a database opened). `make` gets the game as
    /// [`Document::with_model`] gives it, so asking every game keeps no model.
    pub(crate) fn per_game<T: Send + Sync>(
        &self,
        kept: impl Fn(&Analysis) -> &OnceLock<T> + Sync,
        make: impl Fn(GameRef<'_>) -> T + Sync,
    ) -> Vec<(TextSize, &T)> {
        let games: Vec<_> = self.game_nodes().collect();
        // Made already (an outline asked for again): no threads started for nothing.
        let missing = games
            .iter()
            .any(|g| kept(self.analysis(g.0)).get().is_none());
        let parallel = missing && self.text.len() >= PARALLEL_BYTES;
        kifu_syntax::parallel::map(if missing { games.len() } else { 0 }, parallel, |g| {
            kept(self.analysis(games[g].0)).get_or_init(|| self.with_model(games[g], &make));
        });
        games
            .iter()
            .map(|&(index, start, _)| {
                let made = kept(self.analysis(index)).get();
                (start, made.expect("made above"))
            })
            .collect()
    }

    /// Every game, with its model (built on first use, then kept, also by the documents
    /// [`Document::edited`] makes while the game does not change).
    pub fn games(&self) -> impl Iterator<Item = GameRef<'_>> + '_ {
        self.game_nodes()
            .map(|(index, start, node)| self.game_ref(index, start, node))
    }

    /// The game whose text holds `range`.
    pub fn game_at(&self, range: TextRange) -> Option<GameRef<'_>> {
        match &self.parse {
            Parsed::Pgn(p) => {
                self.game_of(&p.syntax().child_or_token_at_range(range)?.into_node()?)
            }
            Parsed::Sgf(p) => {
                self.game_of(&p.syntax().child_or_token_at_range(range)?.into_node()?)
            }
            Parsed::Pdn(p) => {
                self.game_of(&p.syntax().child_or_token_at_range(range)?.into_node()?)
            }
        }
    }

    /// The game whose text holds `offset`, or else the last one before it, with its
    /// number among the document's games (from 0). Builds no other game's model.
    pub(crate) fn game_near(&self, offset: TextSize) -> Option<(usize, GameRef<'_>)> {
        let (ordinal, (index, start, node)) = self
            .game_nodes()
            .take_while(|&(_, start, _)| start <= offset)
            .enumerate()
            .last()?;
        Some((ordinal, self.game_ref(index, start, node)))
    }

    /// The `n`th game (from 0), building no other game's model.
    pub(crate) fn nth_game(&self, n: usize) -> Option<GameRef<'_>> {
        let (index, start, node) = self.game_nodes().nth(n)?;
        Some(self.game_ref(index, start, node))
    }

    /// Each game's node: its index among the root's children, where it starts, its green
    /// node; no model is built.
    fn game_nodes(&self) -> impl Iterator<Item = (usize, TextSize, &rowan::GreenNodeData)> + '_ {
        let game_kind = self.parsed().game_kind();
        let mut at = TextSize::from(0);
        self.parsed()
            .green()
            .children()
            .enumerate()
            .filter_map(move |(index, child)| {
                let start = at;
                at += child.text_len();
                let node = child.into_node().filter(|n| n.kind() == game_kind)?;
                Some((index, start, node))
            })
    }

    /// The game of node `node`, the `index`th child of the root, starting at `start`.
    fn game_ref(&self, index: usize, start: TextSize, node: &rowan::GreenNodeData) -> GameRef<'_> {
        GameRef {
            game: self.model(index, start, node),
            text: &self.text,
            offset: start,
        }
    }

    /// Keeps `checks`, each game's start and what its tags and replay say (ranges relative
    /// to its start), as [`crate::check::pgn_text_checks`] finds them in this document's
    /// text: its diagnostics are then not found again, game by game, when first asked for
    /// (at the first edit of a database opened, every game's). A game is matched by its
    /// start; one whose checks are already known keeps them. Returns how many were kept.
    pub fn keep_checks(&self, checks: Vec<(TextSize, Box<[SyntaxError]>)>) -> usize {
        let mut checks = checks.into_iter().peekable();
        let mut kept = 0;
        for (index, start, _) in self.game_nodes() {
            while checks.next_if(|&(at, _)| at < start).is_some() {}
            if let Some((_, found)) = checks.next_if(|&(at, _)| at == start) {
                kept += usize::from(self.analysis(index).checks.set(found).is_ok());
            }
        }
        kept
    }

    /// The game `node` is in (or is).
    pub(crate) fn game_of<L: rowan::Language>(
        &self,
        node: &rowan::SyntaxNode<L>,
    ) -> Option<GameRef<'_>> {
        let (index, start, green) = self.game_node_of(node)?;
        Some(GameRef {
            game: self.model(index, start, &green),
            text: &self.text,
            offset: start,
        })
    }

    /// `f` of the game `node` is in (or is), as [`Document::game_of`] gives it, but with a
    /// model that is not kept when none was (a whole document formatted keeps no models).
    pub(crate) fn with_game_of<L: rowan::Language, R>(
        &self,
        node: &rowan::SyntaxNode<L>,
        f: impl FnOnce(GameRef<'_>) -> R,
    ) -> Option<R> {
        let (index, start, green) = self.game_node_of(node)?;
        Some(self.with_built(index, start, &green, |game| {
            f(GameRef {
                game,
                text: &self.text,
                offset: start,
            })
        }))
    }

    /// The game node `node` is in (or is): its index among the root's children, its start,
    /// its green tree.
    fn game_node_of<L: rowan::Language>(
        &self,
        node: &rowan::SyntaxNode<L>,
    ) -> Option<(usize, TextSize, rowan::GreenNode)> {
        let game = node
            .ancestors()
            .find(|n| n.parent().is_some_and(|p| p.parent().is_none()))?;
        let green = game.green().into_owned();
        let start = game.text_range().start();
        (green.kind() == self.parsed().game_kind()).then_some((game.index(), start, green))
    }

    /// The notation.
    pub fn notation(&self) -> Notation {
        self.parse.notation()
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    pub(crate) fn parsed(&self) -> &Parsed {
        &self.parse
    }

    /// The syntax tree in the `.rast` format: the diagnostics of reading and syntax, then every
    /// node and token.
    pub fn syntax_tree(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_syntax_tree(&mut out);
        out
    }

    /// Writes the syntax tree in the `.rast` format as it goes (that of a deeply nested file
    /// is far larger than the file: each line is indented by its depth).
    pub fn write_syntax_tree(&self, out: &mut impl std::fmt::Write) -> std::fmt::Result {
        let errors = self.syntax_diagnostics();
        match &self.parse {
            Parsed::Pgn(p) => kifu_syntax::write_debug_dump(out, &p.syntax(), errors),
            Parsed::Sgf(p) => kifu_syntax::write_debug_dump(out, &p.syntax(), errors),
            Parsed::Pdn(p) => kifu_syntax::write_debug_dump(out, &p.syntax(), errors),
        }
    }

    /// The number of games, without building their models.
    pub fn game_count(&self) -> usize {
        let game_kind = self.parsed().game_kind();
        self.parsed()
            .green()
            .children()
            .filter(|child| child.kind() == game_kind)
            .count()
    }

    /// Every diagnostic, in text order: what reading the bytes had to guess (for a document
    /// read [from bytes](Document::from_bytes)), syntax errors and checks, and what the
    /// games' tags and their replay say (see [`crate::replay`]).
    pub fn diagnostics(&self) -> &[SyntaxError] {
        self.all.get_or_init(|| {
            let syntax = self.syntax_diagnostics();
            // Each game's checks, on every core when the text is big (a database opened).
            let checks = self.per_game(
                |analysis| &analysis.checks,
                |game| crate::check::semantic(game).into_boxed_slice(),
            );
            let mut replayed = Vec::new();
            for (start, checks) in checks {
                replayed.extend(checks.iter().map(|d| d.clone().shifted(start)));
            }
            crate::check::with_replayed(std::borrow::Cow::Borrowed(syntax), replayed)
        })
    }

    /// The repairs of the diagnostics that touch `range` (a cursor or a selection), each
    /// with its diagnostic, in text order; a diagnostic's first repair is its likeliest.
    pub fn fixes(&self, range: TextRange) -> Vec<(&SyntaxError, Fix)> {
        let mut found = Vec::new();
        for d in self
            .diagnostics()
            .iter()
            .filter(|d| d.range.intersect(range).is_some())
        {
            // The parser knows no tags: the tag checks give a missing result its fixes.
            if d.code == kifu_syntax::Code::MissingResult && self.notation() == Notation::Pgn {
                if let Some(game) = self.game_at(d.range) {
                    let fixes = crate::diagnostics::tags::missing_result_fixes(game, d.range);
                    found.extend(fixes.into_iter().map(|fix| (d, fix)));
                }
            }
            found.extend(d.fixes.iter().map(|fix| (d, fix.clone())));
        }
        found
    }

    /// The repairs that can be made all at once without a person choosing (`Fix all`,
    /// LSP's `source.fixAll`): the one fix of each diagnostic whose repair is certain (a
    /// move number, a check mark, a disambiguation, a move in standard SAN, English piece
    /// letters, a result, an evaluation or an en passant mark written another way, an SGF
    /// identifier in upper case, a repeated SGF property), in text order,
    /// none overlapping another (an edit that would overlap one before it waits for the
    /// next run). `disabled` codes are left out, as the server leaves out their
    /// diagnostics.
    pub fn fix_all(&self, disabled: impl Fn(&str) -> bool) -> Vec<TextEdit> {
        const CERTAIN: &[&str] = &[
            "wrong-move-number",
            "wrong-check-mark",
            "wrong-disambiguation",
            "non-standard-move",
            "foreign-piece-letters",
            "non-standard-result",
            "evaluation-as-text",
            "en-passant-mark",
            "lowercase-identifier",
            "duplicate-property",
        ];
        let mut edits: Vec<TextEdit> = self
            .diagnostics()
            .iter()
            .filter(|d| CERTAIN.contains(&d.code.as_str()) && !disabled(d.code.as_str()))
            .filter_map(|d| match d.fixes.as_slice() {
                [only] => Some(only.edits.iter().cloned()),
                _ => None,
            })
            .flatten()
            .collect();
        edits.sort_by_key(|e| (e.range.start(), e.range.end()));
        let mut kept: Vec<TextEdit> = Vec::with_capacity(edits.len());
        for edit in edits {
            let overlaps = kept.last().is_some_and(|last| {
                last.range.end() > edit.range.start()
                    || (last.range.is_empty() && edit.range.is_empty() && last.range == edit.range)
            });
            if !overlaps {
                kept.push(edit);
            }
        }
        kept
    }

    /// The diagnostics of reading and of the syntax alone, without replaying the games
    /// (`kifu check --syntax-only`).
    pub fn syntax_diagnostics(&self) -> &[SyntaxError] {
        match &self.read_and_parsed {
            Some(all) => all,
            None => self.parse.errors(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Document, Notation};

    #[test]
    fn diagnostics_of_each_notation() {
        let codes = |notation, text: &str| -> Vec<&'static str> {
            Document::new(notation, text.to_string())
                .diagnostics()
                .iter()
                .map(|d| d.code.as_str())
                .collect()
        };
        assert_eq!(codes(Notation::Pgn, "1. e4 oops *"), ["stray-text"]);
        assert_eq!(codes(Notation::Sgf, "(;B[zz])"), ["invalid-value"]);
        assert_eq!(codes(Notation::Pdn, "1. 51-46 *"), ["no-such-square"]);
    }

    /// The models of a document's games, by identity.
    fn models(doc: &Document) -> Vec<*const crate::game::Game> {
        doc.games().map(|g| g.game as *const _).collect()
    }

    #[test]
    fn an_edit_rebuilds_only_the_model_of_its_game() {
        for (notation, game, changed, to) in [
            (
                Notation::Pgn,
                "[Event \"e\"]\n1. e4 e5 2. Nf3 *\n\n",
                "f3",
                "c",
            ),
            (
                Notation::Pdn,
                "[Event \"e\"]\n1. 32-28 19-23 *\n\n",
                "9-23",
                "8",
            ),
            (Notation::Sgf, "(;GM[1];B[aa];W[bb])\n", "bb", "c"),
        ] {
            let text = game.repeat(10);
            let doc = Document::new(notation, text.clone());
            let before = models(&doc);
            // A move of game 5 changes.
            let at = game.len() * 4 + game.find(changed).unwrap_or(0);
            let edit = crate::TextRange::new((at as u32).into(), (at as u32 + 1).into());
            let edited = doc.edited(edit, to);
            assert_eq!(edited.games().count(), 10);
            let after = models(&edited);
            let kept: Vec<usize> = (0..10).filter(|&i| before[i] == after[i]).collect();
            assert_eq!(
                kept,
                [0, 1, 2, 3, 5, 6, 7, 8, 9],
                "{notation:?}: {}",
                &edited.text()[at - 5..at + 5]
            );
            let names = |doc: &Document| -> Vec<String> {
                let game = doc.games().nth(4).expect("game 5");
                game.game.moves.iter().map(|m| game.move_name(m)).collect()
            };
            assert_ne!(names(&doc), names(&edited));
            // Edited in place, as the server does: the same document, the same models kept.
            let (mut in_place, unedited) = doc.clone().into_edit();
            in_place.replace_range(at..at + 1, to);
            let inserted = crate::TextSize::of(to);
            let in_place = unedited.edited(&mut in_place, edit, inserted);
            assert_eq!(in_place.text(), edited.text());
            assert_eq!(in_place.syntax_tree(), edited.syntax_tree());
            assert_eq!(in_place.diagnostics(), edited.diagnostics());
            let after = models(&in_place);
            let kept: Vec<usize> = (0..10).filter(|&i| before[i] == after[i]).collect();
            assert_eq!(kept, [0, 1, 2, 3, 5, 6, 7, 8, 9], "{notation:?} in place");
        }
    }

    #[test]
    fn models_are_built_on_first_use_only() {
        let doc = Document::new(Notation::Pgn, "1. e4 *\n\n1. d4 *".into());
        assert!(doc.models.0.get().is_none());
        let edited = doc.edited(crate::TextRange::empty(0.into()), " ");
        assert!(edited.models.0.get().is_none());
        let second = doc
            .game_at(crate::TextRange::empty(12.into()))
            .map(|g| g.text_of(g.game.main_line().head));
        assert_eq!(second, Some("d4"));
        let built: Vec<bool> = doc
            .models
            .0
            .get()
            .unwrap()
            .iter()
            .map(|m| m.get().is_some_and(|a| a.game.get().is_some()))
            .collect();
        assert_eq!(built, [false, false, true]);
        // The diagnostics of every game keep no model.
        let doc = Document::new(Notation::Pgn, "1. e4 *\n\n1. d4 e5 *".into());
        assert_eq!(doc.diagnostics().len(), 0);
        assert_eq!(doc.symbols().len(), 2);
        let slots = doc.models.0.get().expect("slots");
        assert!(slots
            .iter()
            .all(|m| m.get().is_none_or(|a| a.game.get().is_none())));
    }

    /// `text` with `edits` (in text order, not overlapping) applied.
    fn apply(text: &str, edits: &[kifu_syntax::TextEdit]) -> String {
        let mut out = String::new();
        let mut at = 0;
        for edit in edits {
            out.push_str(&text[at..usize::from(edit.range.start())]);
            out.push_str(&edit.insert);
            at = edit.range.end().into();
        }
        out.push_str(&text[at..]);
        out
    }

    #[test]
    fn fix_all_makes_the_certain_repairs_only() {
        // A wrong number, a wrong check mark, castling with zeros: fixed. An ambiguous
        // move (which knight?) is a person's choice: left, and the line stops there.
        let text = "1. e4 e5 2. Nf3+ Nc6 3. Bc4 Nf6 5. 0-0 *\n\n1. Nf3 d5 2. Nc3 Nf6 3. Nd4 e5 4. Nb5 a6 5. Nd4 *\n";
        let document = Document::new(Notation::Pgn, text.to_string());
        let fixed = apply(text, &document.fix_all(|_| false));
        assert_eq!(
            fixed,
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O *\n\n1. Nf3 d5 2. Nc3 Nf6 3. Nd4 e5 4. Nb5 a6 5. Nd4 *\n"
        );
        let after = Document::new(Notation::Pgn, fixed);
        let codes: Vec<&str> = after
            .diagnostics()
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        assert!(codes.contains(&"ambiguous-move"), "{codes:?}");
        for gone in ["wrong-move-number", "wrong-check-mark", "non-standard-move"] {
            assert!(!codes.contains(&gone), "{gone} left: {codes:?}");
        }
        // A disabled code is not fixed.
        let kept = apply(text, &document.fix_all(|code| code == "wrong-check-mark"));
        assert!(kept.contains("Nf3+"), "{kept}");
        // Results, evaluations and en passant marks written another way.
        let text = "1. e4 d5 2. e5 f5 3. exf6 e.p. gxf6 +- 4. d4 ± 1:0
";
        let document = Document::new(Notation::Pgn, text.to_string());
        let fixed = apply(text, &document.fix_all(|_| false));
        assert_eq!(fixed, "1. e4 d5 2. e5 f5 3. exf6 gxf6 $18 4. d4 $16 1-0\n");
        let after = Document::new(Notation::Pgn, fixed);
        assert!(
            after.syntax_diagnostics().is_empty(),
            "{:?}",
            after.syntax_diagnostics()
        );
    }
}
