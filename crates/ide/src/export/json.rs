//! The export's JSON text, written straight into a byte buffer: the bytes serde_json
//! writes for the same data (a test holds them equal over the corpus), without its
//! escaping scan of every string kifu wrote itself (FENs, SAN, UCI, squares) and without
//! going through `io::Write` for every piece. serde_json's escaping of every string was
//! 12% of `kifu export` with positions.

use std::collections::BTreeMap;

use super::{
    Comments, Exported, ExportedDiagnostic, ExportedGame, ExportedLine, ExportedMove, ExportedNode,
    ExportedSgfGame, ExportedSgfLine, ExportedSgfMove, ExportedTag, Moves, Position, Span,
    Variations,
};
use crate::replay::{Step, StepPosition};

/// A value that writes itself as JSON, as serde_json's compact form would.
pub(super) trait Json {
    /// Appends the JSON text of `self` to `out`.
    fn write(&self, out: &mut Vec<u8>);
}

/// What serde_json writes for a byte: 0 for itself, else the letter after `\`, `u` for
/// `\u00XX`.
const ESCAPE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = b'u';
        b += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0a] = b'n';
    table[0x0c] = b'f';
    table[0x0d] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table
};

/// Whether any of the eight bytes of `word` is one that JSON escapes: below 0x20, `"` or
/// `\\`. (A byte below `n` makes `byte - n` borrow into its high bit where the byte's own
/// high bit is clear: exact for the word as a whole, for `n` up to 0x80.)
#[inline]
fn escapes_any(word: u64) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    let below = |x: u64, n: u8| x.wrapping_sub(ONES * u64::from(n)) & !x & HIGH;
    let control = below(word, 0x20);
    let quote = below(word ^ (ONES * u64::from(b'"')), 1);
    let backslash = below(word ^ (ONES * u64::from(b'\\')), 1);
    control | quote | backslash != 0
}

/// How many bytes at the start of `bytes` need no escape, found eight at a time (the rest
/// of the count may stop short of the first byte that does: the caller goes on byte by
/// byte from there).
#[inline]
fn unescaped_prefix(bytes: &[u8]) -> usize {
    let mut words = bytes.chunks_exact(8);
    let mut n = 0;
    for word in &mut words {
        let word = u64::from_ne_bytes(word.try_into().expect("eight bytes"));
        if escapes_any(word) {
            break;
        }
        n += 8;
    }
    n
}

/// A JSON string: `"`, `\` and control characters escaped as serde_json escapes them.
/// Most strings (comments, names) need no escape: they are scanned eight bytes at a time,
/// and byte by byte only from the word that holds the first to escape. (Byte by byte
/// throughout, it was 4.5% of `kifu export`.)
fn string(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    let clean = unescaped_prefix(bytes);
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate().skip(clean) {
        let escape = ESCAPE[usize::from(b)];
        if escape == 0 {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        start = i + 1;
        if escape == b'u' {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 0xf)],
            ]);
        } else {
            out.extend_from_slice(&[b'\\', escape]);
        }
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// A string kifu wrote itself (a FEN, SAN, UCI, a square or point, a code): nothing in it
/// is escaped, so it is not scanned.
fn plain(out: &mut Vec<u8>, s: &str) {
    debug_assert!(
        s.bytes().all(|b| ESCAPE[usize::from(b)] == 0),
        "{s:?} needs escaping"
    );
    out.reserve(s.len() + 2);
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

fn number(out: &mut Vec<u8>, n: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// `"name":`, as one piece of text made when kifu is compiled.
macro_rules! key {
    ($name:literal) => {
        concat!("\"", $name, "\":")
    };
}

/// The fields of one object, each key written with its comma.
struct Object<'o> {
    out: &'o mut Vec<u8>,
    first: bool,
}

impl<'o> Object<'o> {
    fn new(out: &'o mut Vec<u8>) -> Object<'o> {
        out.push(b'{');
        Object { out, first: true }
    }

    /// Starts a field with its `key` (`"name":`, from [`key!`]): its value is to be
    /// written next.
    fn key(&mut self, key: &'static str) -> &mut Vec<u8> {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.extend_from_slice(key.as_bytes());
        self.out
    }

    fn field(&mut self, key: &'static str, value: &(impl Json + ?Sized)) {
        value.write(self.key(key));
    }

    fn end(self) {
        self.out.push(b'}');
    }
}

impl Json for str {
    fn write(&self, out: &mut Vec<u8>) {
        string(out, self);
    }
}

impl Json for String {
    fn write(&self, out: &mut Vec<u8>) {
        string(out, self);
    }
}

impl<T: Json + ?Sized> Json for &T {
    fn write(&self, out: &mut Vec<u8>) {
        (**self).write(out);
    }
}

impl<T: Json> Json for Option<T> {
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            Some(value) => value.write(out),
            None => out.extend_from_slice(b"null"),
        }
    }
}

impl<T: Json> Json for [T] {
    fn write(&self, out: &mut Vec<u8>) {
        out.push(b'[');
        for (i, value) in self.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            value.write(out);
        }
        out.push(b']');
    }
}

impl<T: Json> Json for Vec<T> {
    fn write(&self, out: &mut Vec<u8>) {
        self.as_slice().write(out);
    }
}

impl Json for u8 {
    fn write(&self, out: &mut Vec<u8>) {
        number(out, *self);
    }
}

impl Json for u32 {
    fn write(&self, out: &mut Vec<u8>) {
        number(out, *self);
    }
}

impl Json for usize {
    fn write(&self, out: &mut Vec<u8>) {
        number(out, *self);
    }
}

impl Json for BTreeMap<String, Vec<String>> {
    fn write(&self, out: &mut Vec<u8>) {
        out.push(b'{');
        for (i, (key, values)) in self.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            string(out, key);
            out.push(b':');
            values.write(out);
        }
        out.push(b'}');
    }
}

/// Strings kifu wrote itself, as an array.
fn plain_array(out: &mut Vec<u8>, values: &[impl AsRef<str>]) {
    out.push(b'[');
    for (i, value) in values.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        plain(out, value.as_ref());
    }
    out.push(b']');
}

/// Go points as an array of their SGF names, `["dd","pp"]`.
fn sgf_points(out: &mut Vec<u8>, points: &[kifu_rules::go::Point]) {
    out.reserve(points.len() * 5 + 2);
    out.push(b'[');
    for (i, point) in points.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let letters = point.sgf_letters();
        debug_assert!(letters.iter().all(|&b| ESCAPE[usize::from(b)] == 0));
        out.push(b'"');
        out.extend_from_slice(&letters);
        out.push(b'"');
    }
    out.push(b']');
}

impl Json for Position {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        o.field(key!("line"), &self.line);
        o.field(key!("column"), &self.column);
        o.field(key!("offset"), &self.offset);
        o.end();
    }
}

impl Json for Span {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        o.field(key!("start"), &self.start);
        o.field(key!("end"), &self.end);
        o.end();
    }
}

impl Json for Step {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        if let Some(full) = &self.full {
            plain(o.key(key!("path")), full);
        }
        plain_array(o.key(key!("captured")), &self.captured);
        if let Some((black, white)) = self.prisoners {
            let out = o.key(key!("prisoners"));
            out.push(b'[');
            number(out, black);
            out.push(b',');
            number(out, white);
            out.push(b']');
        }
        if self.ko {
            o.key(key!("ko")).extend_from_slice(b"true");
        }
        match &self.position {
            StepPosition::Fen(fen) => plain(o.key(key!("fen")), fen),
            StepPosition::Chess(position) => {
                let out = o.key(key!("fen"));
                out.push(b'"');
                position.append_fen(out);
                out.push(b'"');
            }
            StepPosition::Stones { black, white } => {
                let mut stones = Object::new(o.key(key!("stones")));
                sgf_points(stones.key(key!("black")), black);
                sgf_points(stones.key(key!("white")), white);
                stones.end();
            }
        }
        if let Some(san) = self.san {
            let out = o.key(key!("san"));
            out.push(b'"');
            san.append_to(out);
            out.push(b'"');
        }
        if let Some(uci) = self.uci {
            let out = o.key(key!("uci"));
            out.push(b'"');
            uci.append_ascii_to(out);
            out.push(b'"');
        }
        o.end();
    }
}

/// The items of a view as a JSON array.
fn array<T: Json>(out: &mut Vec<u8>, items: impl Iterator<Item = T>) {
    out.push(b'[');
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        item.write(out);
    }
    out.push(b']');
}

impl Json for Comments<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        array(out, self.iter());
    }
}

impl Json for Moves<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        // Nearly every game has no word read as two moves: its moves one to one, as a plain
        // `map` (through `Moves::iter`'s list of moves to come, the export took 1.7% more
        // instructions without positions).
        match self.one_to_one() {
            Some(moves) => array(out, moves),
            None => array(out, self.iter()),
        }
    }
}

impl Json for Variations<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        array(out, self.iter());
    }
}

impl Json for ExportedTag<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        o.field(key!("name"), self.name);
        o.field(key!("value"), self.value);
        o.end();
    }
}

impl Json for ExportedMove<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        o.field(key!("number"), &self.number);
        plain(o.key(key!("side")), self.side);
        o.field(key!("san"), self.san);
        o.field(key!("suffix"), &self.suffix);
        o.field(key!("nags"), self.nags);
        o.field(key!("comments"), &self.comments);
        o.field(key!("variations"), &self.variations);
        if let Some(after) = &self.after {
            o.field(key!("after"), after);
        }
        o.end();
    }
}

impl Json for ExportedLine<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        o.field(key!("comments"), &self.comments);
        o.field(key!("moves"), &self.moves);
        o.end();
    }
}

impl Json for ExportedDiagnostic<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        plain(o.key(key!("severity")), self.severity);
        plain(o.key(key!("code")), self.code);
        o.field(key!("message"), self.message);
        o.field(key!("range"), &self.range);
        o.field(key!("after"), &self.after);
        o.end();
    }
}

impl Json for ExportedGame<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        game_head(out, self.file, self.index);
        game_body(self, out);
    }
}

/// A game's object up to its index: `{"file":"…","index":7`.
pub(super) fn game_head(out: &mut Vec<u8>, file: &str, index: usize) {
    let mut o = Object::new(out);
    o.field(key!("file"), file);
    o.field(key!("index"), &index);
}

/// The rest of a game's object after [`game_head`]: `,"tags":…}`.
pub(super) fn game_body(game: &ExportedGame<'_>, out: &mut Vec<u8>) {
    let mut o = Object { out, first: false };
    o.field(key!("tags"), &game.tags);
    o.field(key!("comments"), &game.comments);
    o.field(key!("moves"), &game.moves());
    o.field(key!("result"), &game.result);
    o.field(key!("diagnostics"), &game.diagnostics);
    o.end();
}

impl Json for ExportedSgfMove<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        o.field(key!("number"), &self.number);
        plain(o.key(key!("side")), self.side);
        o.field(key!("point"), self.point);
        o.field(key!("coordinate"), &self.coordinate);
        o.field(key!("comments"), &self.comments);
        o.field(key!("variations"), &self.variations);
        if let Some(after) = &self.after {
            o.field(key!("after"), after);
        }
        o.end();
    }
}

impl Json for ExportedSgfLine<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        o.field(key!("comments"), &self.comments);
        o.field(key!("moves"), &self.moves);
        o.end();
    }
}

impl Json for ExportedNode {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        o.field(key!("properties"), &self.properties);
        o.field(key!("children"), &self.children);
        o.end();
    }
}

impl Json for ExportedSgfGame<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        let mut o = Object::new(out);
        o.field(key!("file"), self.file);
        o.field(key!("index"), &self.index);
        o.field(key!("properties"), &self.properties);
        o.field(key!("comments"), &self.comments);
        o.field(key!("moves"), &self.moves);
        o.field(key!("result"), &self.result);
        if let Some(tree) = &self.tree {
            o.field(key!("tree"), tree);
        }
        o.field(key!("diagnostics"), &self.diagnostics);
        o.end();
    }
}

impl Json for Exported<'_> {
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            Exported::Game(game) => game.write(out),
            Exported::Sgf(game) => game.write(out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strings of every length up to 40 with one byte of every kind (each that JSON
    /// escapes, and some that it does not, UTF-8 among them) at every place, and two such
    /// bytes: the same text as serde_json's.
    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let odd: Vec<char> = (0u8..0x20)
            .map(char::from)
            .chain([
                '"', '\\', '!', '#', '[', ']', '\u{7f}', 'é', '€', '😀', '\u{2028}',
            ])
            .collect();
        let mut checked = 0;
        for len in 0usize..=40 {
            for &c in &odd {
                for at in 0..len.max(1) {
                    for second in [
                        None,
                        Some((len.saturating_sub(1 + at), '"')),
                        Some((0, '\n')),
                    ] {
                        let mut text: Vec<char> = "a".repeat(len).chars().collect();
                        if len > 0 {
                            text[at] = c;
                        }
                        if let Some((i, d)) = second.filter(|_| len > 0) {
                            text[i] = d;
                        }
                        let text: String = text.into_iter().collect();
                        let mut out = Vec::new();
                        string(&mut out, &text);
                        let expected = serde_json::to_vec(&text).unwrap();
                        assert_eq!(out, expected, "{text:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    /// The eight-at-a-time test against the byte table, for every byte in every place of
    /// a word and next to every other byte.
    #[test]
    fn a_word_escapes_when_one_of_its_bytes_does() {
        for b in 0..=255u8 {
            for other in 0..=255u8 {
                for at in 0..8 {
                    let mut word = [other; 8];
                    word[at] = b;
                    let expected = word.iter().any(|&x| ESCAPE[usize::from(x)] != 0);
                    assert_eq!(escapes_any(u64::from_ne_bytes(word)), expected, "{word:?}");
                }
            }
        }
    }
}
