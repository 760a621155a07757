//! The properties FF[4] defines, their value types, and decoding values by type.

/// The type of a single value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueType {
    /// Only the empty value `[]`.
    None,
    /// `[+-]digits`.
    Number,
    /// A number with an optional fraction.
    Real,
    /// `1` (normal) or `2` (emphasized).
    Double,
    /// `B` or `W`.
    Color,
    /// Text on one line: white space becomes spaces.
    SimpleText,
    /// Text: escapes removed, soft line breaks removed, other white space a space.
    Text,
    /// A point on the board (Go: two letters).
    Point,
    /// A move: a point, or a pass (`[]`, and `tt` on boards up to 19×19).
    Move,
    /// A stone: a point.
    Stone,
}

/// The shape of a property's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Exactly one value of a type.
    One(ValueType),
    /// One value: `a:b`, each part of its type.
    Compose(ValueType, ValueType),
    /// One value: either a plain value or `a:b`.
    OneOrCompose(ValueType, ValueType, ValueType),
    /// One or more values (points may be compressed as `aa:cc`).
    List(ValueType),
    /// A list that may be `[]` alone.
    EList(ValueType),
    /// One or more `a:b` values.
    ListOfCompose(ValueType, ValueType),
}

/// What a property is for, which decides where it may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Root node only: `FF GM SZ CA AP ST`.
    Root,
    /// Once per line of play: players, event, result...
    GameInfo,
    /// A move: `B W KO MN`.
    Play,
    /// Setup: `AB AW AE PL`.
    Setup,
    /// Anywhere.
    Other,
}

/// One property of FF[4].
#[derive(Debug, Clone, Copy)]
pub struct PropertyInfo {
    /// `B`.
    pub id: &'static str,
    /// "Black move".
    pub name: &'static str,
    /// Where it may stand.
    pub kind: Kind,
    /// Its values.
    pub shape: Shape,
}

use Shape::*;
use ValueType::*;

macro_rules! props {
    ($($id:literal $name:literal $kind:ident $shape:expr;)*) => {
        /// The properties of FF[4] (general and Go), from the specification.
        pub const PROPERTIES: &[PropertyInfo] = &[
            $(PropertyInfo { id: $id, name: $name, kind: Kind::$kind, shape: $shape },)*
        ];
    };
}

props! {
    "B" "Black move" Play One(Move);
    "W" "White move" Play One(Move);
    "KO" "Ko (execute an illegal move)" Play One(None);
    "MN" "Move number" Play One(Number);
    "AB" "Add black stones" Setup List(Stone);
    "AW" "Add white stones" Setup List(Stone);
    "AE" "Add empty points" Setup List(Point);
    "PL" "Player to play" Setup One(Color);
    "C" "Comment" Other One(Text);
    "DM" "Even position" Other One(Double);
    "GB" "Good for Black" Other One(Double);
    "GW" "Good for White" Other One(Double);
    "HO" "Hotspot" Other One(Double);
    "N" "Node name" Other One(SimpleText);
    "UC" "Unclear position" Other One(Double);
    "V" "Value (estimated score)" Other One(Real);
    "BM" "Bad move" Other One(Double);
    "DO" "Doubtful move" Other One(None);
    "IT" "Interesting move" Other One(None);
    "TE" "Tesuji (good move)" Other One(Double);
    "AR" "Arrows" Other ListOfCompose(Point, Point);
    "CR" "Circles" Other List(Point);
    "DD" "Dim points" Other EList(Point);
    "LB" "Labels" Other ListOfCompose(Point, SimpleText);
    "LN" "Lines" Other ListOfCompose(Point, Point);
    "MA" "Marks (X)" Other List(Point);
    "SL" "Selected points" Other List(Point);
    "SQ" "Squares" Other List(Point);
    "TR" "Triangles" Other List(Point);
    // FF[4] says name and version; many programs write the name alone (Fox: `AP[foxwq]`),
    // which loses nothing a reader needs.
    "AP" "Application (name:version)" Root OneOrCompose(SimpleText, SimpleText, SimpleText);
    "CA" "Character set" Root One(SimpleText);
    "FF" "File format" Root One(Number);
    "GM" "Game (1 = Go)" Root One(Number);
    "ST" "Variation display style" Root One(Number);
    "SZ" "Board size" Root OneOrCompose(Number, Number, Number);
    "AN" "Annotator" GameInfo One(SimpleText);
    "BR" "Black rank" GameInfo One(SimpleText);
    "BT" "Black team" GameInfo One(SimpleText);
    "CP" "Copyright" GameInfo One(SimpleText);
    "DT" "Date" GameInfo One(SimpleText);
    "EV" "Event" GameInfo One(SimpleText);
    "GN" "Game name" GameInfo One(SimpleText);
    "GC" "Game comment" GameInfo One(Text);
    "ON" "Opening" GameInfo One(SimpleText);
    "OT" "Overtime" GameInfo One(SimpleText);
    "PB" "Black player" GameInfo One(SimpleText);
    "PC" "Place" GameInfo One(SimpleText);
    "PW" "White player" GameInfo One(SimpleText);
    "RE" "Result" GameInfo One(SimpleText);
    "RO" "Round" GameInfo One(SimpleText);
    "RU" "Rules" GameInfo One(SimpleText);
    "SO" "Source" GameInfo One(SimpleText);
    "TM" "Time limit (seconds)" GameInfo One(Real);
    "US" "User (who entered the game)" GameInfo One(SimpleText);
    "WR" "White rank" GameInfo One(SimpleText);
    "WT" "White team" GameInfo One(SimpleText);
    "HA" "Handicap" GameInfo One(Number);
    "KM" "Komi" GameInfo One(Real);
    "BL" "Black time left" Other One(Real);
    "OB" "Black moves left (byo-yomi)" Other One(Number);
    "OW" "White moves left (byo-yomi)" Other One(Number);
    "WL" "White time left" Other One(Real);
    "FG" "Figure" Other OneOrCompose(None, Number, SimpleText);
    "PM" "Print move numbers" Other One(Number);
    "VW" "View (part of the board)" Other EList(Point);
    "TB" "Black territory" Other EList(Point);
    "TW" "White territory" Other EList(Point);
}

/// The FF[4] definition of a property.
pub fn lookup(id: &str) -> Option<&'static PropertyInfo> {
    let i = usize::from(*BY_ID.get(id_slot(id.as_bytes())?)?);
    PROPERTIES.get(i)
}

/// Where an identifier of one or two upper-case letters is in [`BY_ID`].
const fn id_slot(id: &[u8]) -> Option<usize> {
    const fn letter(b: u8) -> Option<usize> {
        if b.is_ascii_uppercase() {
            Some((b - b'A') as usize)
        } else {
            Option::None
        }
    }
    match id {
        [a] => match letter(*a) {
            Some(a) => Some(a * 27),
            Option::None => Option::None,
        },
        [a, b] => match (letter(*a), letter(*b)) {
            (Some(a), Some(b)) => Some(a * 27 + b + 1),
            _ => Option::None,
        },
        _ => Option::None,
    }
}

/// Each identifier's place in [`PROPERTIES`], by [`id_slot`]; `u8::MAX` for none. A
/// property is looked up for every property of every node, and a search of the list was
/// a tenth of the checks.
const BY_ID: [u8; 26 * 27] = {
    assert!(PROPERTIES.len() < u8::MAX as usize);
    let mut table = [u8::MAX; 26 * 27];
    let mut i = 0;
    while i < PROPERTIES.len() {
        match id_slot(PROPERTIES[i].id.as_bytes()) {
            // The first of an identifier, as a search of the list finds it.
            Some(slot) if table[slot] == u8::MAX => table[slot] = i as u8,
            Some(_) => {}
            Option::None => panic!("every FF[4] identifier is one or two upper-case letters"),
        }
        i += 1;
    }
    table
};

/// Splits a raw value at its first unescaped `:` (Compose values).
pub fn split_compose(raw: &str) -> Option<(&str, &str)> {
    let bytes = raw.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b':' => return Some((&raw[..i], &raw[i + 1..])),
            _ => i += 1,
        }
    }
    Option::None
}

/// Decodes a Text value: escapes removed, soft line breaks (`\` + newline) removed, white
/// space other than newlines turned into spaces. Newlines are kept (`\r\n` becomes `\n`).
pub fn decode_text(raw: &str) -> String {
    decode(raw, false)
}

/// Decodes a SimpleText value: as Text, but newlines become spaces too.
pub fn decode_simple_text(raw: &str) -> String {
    decode(raw, true)
}

fn decode(raw: &str, simple: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // A soft line break: the backslash and the line break (any style) vanish.
                Some(c @ ('\n' | '\r')) => {
                    chars.next_if_eq(if c == '\n' { &'\r' } else { &'\n' });
                }
                Some(c) if c.is_whitespace() => out.push(' '),
                Some(c) => out.push(c),
                Option::None => {}
            },
            '\r' | '\n' => {
                chars.next_if_eq(if c == '\n' { &'\r' } else { &'\n' });
                out.push(if simple { ' ' } else { '\n' });
            }
            c if c.is_whitespace() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Whether `raw` is a valid value of type `ty` on a Go board of `size` (columns, rows).
/// For games other than Go, points are not checked (`size` is `None`).
pub fn is_valid(ty: ValueType, raw: &str, size: Option<(u32, u32)>) -> bool {
    // Trimmed only where white space around the value is allowed: not for a move's point,
    // checked for every move.
    match ty {
        None => raw.trim().is_empty(),
        Number => parse_number(raw.trim()).is_some(),
        Real => parse_real(raw.trim()).is_some(),
        Double => matches!(raw.trim(), "1" | "2"),
        Color => matches!(raw.trim(), "B" | "W"),
        SimpleText | Text => true,
        Point | Stone => point(raw, size).is_some(),
        Move => {
            raw.is_empty()
                || point(raw, size).is_some()
                || (raw == "tt" && size.is_some_and(|(w, h)| w <= 19 && h <= 19))
        }
    }
}

fn parse_number(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

fn parse_real(s: &str) -> Option<f64> {
    let unsigned = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (int, frac) = unsigned.split_once('.').unwrap_or((unsigned, "0"));
    let ok = (!int.is_empty() || !frac.is_empty())
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit())
        && !frac.is_empty();
    ok.then(|| s.parse().ok()).flatten()
}

/// A Go point `dd` as 0-based (column, row), if it is on the board.
pub fn point(raw: &str, size: Option<(u32, u32)>) -> Option<(u32, u32)> {
    let Some((w, h)) = size else {
        return Some((0, 0));
    };
    match raw.as_bytes() {
        &[x, y] => point_of_letters(x, y, (w, h)),
        _ => Option::None,
    }
}

/// The point written with the letters `x` and `y`, 0-based (column, row), if it is on a
/// board of `size`.
pub fn point_of_letters(x: u8, y: u8, (w, h): (u32, u32)) -> Option<(u32, u32)> {
    let coord = |b: u8| match b {
        b'a'..=b'z' => Some(u32::from(b - b'a')),
        b'A'..=b'Z' => Some(u32::from(b - b'A') + 26),
        _ => Option::None,
    };
    let (x, y) = (coord(x)?, coord(y)?);
    (x < w && y < h).then_some((x, y))
}

/// The board size given by an `SZ` value, `19` or `19:13`.
pub fn board_size(raw: &str) -> Option<(u32, u32)> {
    let size = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=52).contains(n))
    };
    match split_compose(raw) {
        Some((w, h)) => Some((size(w)?, size(h)?)),
        Option::None => size(raw).map(|n| (n, n)),
    }
}

/// The name of a value type, for messages.
pub fn type_name(ty: ValueType) -> &'static str {
    match ty {
        None => "an empty value `[]`",
        Number => "a number",
        Real => "a real number",
        Double => "`1` or `2`",
        Color => "`B` or `W`",
        SimpleText => "text",
        Text => "text",
        Point => "a point",
        Move => "a move (a point, or `[]` to pass)",
        Stone => "a point",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_finds_what_a_search_of_the_list_finds() {
        let letters = ('A'..='Z').chain(['a', '1', 'é']);
        let mut ids: Vec<String> = vec![String::new(), "ABC".into(), "BB B".into()];
        for a in letters.clone() {
            ids.push(a.to_string());
            ids.extend(letters.clone().map(|b| format!("{a}{b}")));
        }
        let mut known = 0;
        for id in &ids {
            let searched = PROPERTIES.iter().find(|p| p.id == id.as_str());
            assert_eq!(lookup(id).map(|p| p.id), searched.map(|p| p.id), "{id}");
            known += usize::from(searched.is_some());
        }
        assert_eq!(known, PROPERTIES.len());
    }

    #[test]
    fn text_rules() {
        assert_eq!(decode_text("hello\t\tworld"), "hello  world");
        assert_eq!(decode_text("hello\n\nworld"), "hello\n\nworld");
        assert_eq!(decode_text("\\]"), "]");
        assert_eq!(decode_text("hello\\\nworld"), "helloworld");
        assert_eq!(decode_text("hello\\\tworld"), "hello world");
        assert_eq!(decode_text("\\t = t and \\n = n"), "t = t and n = n");
        assert_eq!(decode_simple_text("a\nb"), "a b");
    }

    #[test]
    fn value_types() {
        let go = Some((19, 19));
        assert!(is_valid(Move, "dd", go));
        assert!(is_valid(Move, "", go));
        assert!(is_valid(Move, "tt", go));
        assert!(
            is_valid(Move, "tt", Some((21, 21))),
            "a real point on 21×21"
        );
        assert!(!is_valid(Move, "uu", Some((19, 19))));
        assert!(!is_valid(Move, "zz", go));
        assert!(is_valid(Real, "6.5", go));
        assert!(is_valid(Real, "-2", go));
        assert!(!is_valid(Real, "x", go));
        assert!(!is_valid(Number, "abc", go));
        assert_eq!(board_size("19"), Some((19, 19)));
        assert_eq!(board_size("19:13"), Some((19, 13)));
        assert_eq!(board_size("abc"), Option::None);
        assert_eq!(split_compose("aa\\:b:cc"), Some(("aa\\:b", "cc")));
    }
}
