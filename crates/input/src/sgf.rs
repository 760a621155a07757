//! SGF files in the CLI: decoding their bytes (BOM, then the root node's `CA[]`, then UTF-8,
//! then a guess).
//!
//! `CA[]` is read from the root node as the parser sees it, not found by a byte search (which
//! also finds `CA[` inside a comment). To parse before the encoding is known, the bytes are
//! first read as UTF-8 with bad sequences replaced: every encoding `CA[]` can name writes
//! SGF's own characters (`(` `;` `[` `]` `\\` and the letters of identifiers) as single
//! ASCII bytes, so the root node parses the same whatever its text is in. Labels that cannot
//! describe such a file are refused with a warning that says why: UTF-16 and UTF-32 (two or
//! four bytes per character), and the encodings WHATWG decodes as `replacement` (ISO-2022-KR,
//! ISO-2022-CN, HZ). Ranges of warnings about `CA[]`
//! are found again in the decoded text, never carried over from the bytes.

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8};
use kifu_syntax::{sgf, SyntaxError, TextRange, TextSize};

use crate::codes;

/// An SGF file read: its text, its parse, and every diagnostic (decoding warnings first).
pub struct SgfFile<P = sgf::Parse> {
    /// The decoded text.
    pub text: String,
    /// The parse of `text`: its tree ([`read`]) or its tables ([`read_flat`]).
    pub parse: P,
    /// Decoding warnings, then the parse's diagnostics.
    pub errors: Vec<SyntaxError>,
}

/// What reading a file parses its text into: a tree, or the tables `kifu check` reads.
pub trait Parsed: Sized {
    /// Parses `text`; with the value of the `CA` property of the first game tree's root
    /// node (see [`root_charset`]).
    fn parse(text: &str) -> (Self, Option<(String, TextRange)>);
    /// The parse's diagnostics.
    fn errors(&self) -> &[SyntaxError];
}

impl Parsed for sgf::Parse {
    fn parse(text: &str) -> (Self, Option<(String, TextRange)>) {
        // The tables are filled for the checks anyway: the charset is read from them too.
        let (parse, tables) = sgf::parse_with_tables(text);
        (parse, root_charset(&tables, text))
    }
    fn errors(&self) -> &[SyntaxError] {
        sgf::Parse::errors(self)
    }
}

/// An SGF text's tables (see [`sgf::flat`]) and its diagnostics, with no tree.
pub struct Flat {
    /// The game trees, nodes and properties.
    pub flat: sgf::flat::Flat,
    /// What [`sgf::parse`] finds in the text.
    pub errors: Vec<SyntaxError>,
}

impl Parsed for Flat {
    fn parse(text: &str) -> (Self, Option<(String, TextRange)>) {
        let (flat, errors) = sgf::parse_flat(text);
        let charset = root_charset(&flat, text);
        (Flat { flat, errors }, charset)
    }
    fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }
}

/// The value of the `CA` property of the first game tree's root node (trimmed), and the
/// range of the text between its brackets, in `flat`, the tables of `text`.
fn root_charset(flat: &sgf::flat::Flat, text: &str) -> Option<(String, TextRange)> {
    let root = flat.nodes(flat.games().next()?).next()?;
    let property = flat.properties(text, root).find(|p| p.id() == "CA")?;
    let (token, range) = property.values().next()?;
    let (inner, range) = sgf::flat::value_inner(token, range);
    Some((inner.trim().to_string(), range))
}

/// The encoding other than UTF-8 in which [`read`] decoded all of `bytes` into `text`, when
/// `text` written in it gives `bytes` back exactly: the one its root's `CA[]` names, or the
/// one kifu guessed from the bytes. What `kifu fmt` writes a file back in (a Fox file in
/// GB2312 stays in GB2312). `None` for UTF-8 and UTF-16, for a file whose bytes kifu
/// replaced, and for any doubt.
pub fn legacy_encoding(bytes: &[u8], text: &str) -> Option<&'static Encoding> {
    let (flat, _) = sgf::parse_flat(text);
    let named = root_charset(&flat, text).and_then(|(label, _)| charset_encoding(&label).ok());
    [named, Some(guessed_encoding(bytes))]
        .into_iter()
        .flatten()
        .find(|&encoding| crate::read::writes_back(encoding, bytes, text))
}

/// A decoding warning, before its range is known: at the start of the file, or at the root
/// node's `CA[]` value.
enum Warning {
    AtStart(String),
    AtCharset(String),
}

/// Reads an SGF file's bytes: decodes them, parses the text, and says where kifu had to
/// guess, replace bytes or ignore a `CA[]`.
pub fn read(bytes: &[u8]) -> SgfFile {
    read_as(bytes)
}

/// [`read`], with the text parsed into its tables rather than a tree: the same text and
/// diagnostics.
pub fn read_flat(bytes: &[u8]) -> SgfFile<Flat> {
    read_as(bytes)
}

fn read_as<P: Parsed>(bytes: &[u8]) -> SgfFile<P> {
    let (text, WithCharset { parse, charset }, warnings) = decode_and_parse::<P>(bytes);
    let charset = charset.map(|(_, range)| range);
    let at_start = TextRange::empty(TextSize::from(0));
    let mut errors: Vec<SyntaxError> = warnings
        .into_iter()
        .map(|warning| match warning {
            Warning::AtStart(message) => SyntaxError::new(codes::Encoding, at_start, message),
            Warning::AtCharset(message) => {
                SyntaxError::new(codes::Encoding, charset.unwrap_or(at_start), message)
            }
        })
        .collect();
    errors.extend(parse.errors().iter().cloned());
    SgfFile {
        text,
        parse,
        errors,
    }
}

impl<P: Parsed> SgfFile<P> {
    /// The decoding warnings alone (the first of `errors`).
    pub fn warnings(&self) -> &[SyntaxError] {
        &self.errors[..self.errors.len() - self.parse.errors().len()]
    }
}

/// A text's parse, with the value of its root's `CA[]` and where it is (see
/// [`root_charset`]).
struct WithCharset<P> {
    parse: P,
    charset: Option<(String, TextRange)>,
}

impl<P: Parsed> WithCharset<P> {
    fn of(text: &str) -> WithCharset<P> {
        let (parse, charset) = P::parse(text);
        WithCharset { parse, charset }
    }
}

/// The decoded text, its parse with its root's `CA[]`, and the decoding warnings.
fn decode_and_parse<P: Parsed>(bytes: &[u8]) -> (String, WithCharset<P>, Vec<Warning>) {
    let parsed = |text: String, warnings| {
        let parse = WithCharset::of(&text);
        (text, parse, warnings)
    };
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        let (text, had_errors) = encoding.decode_without_bom_handling(&bytes[bom..]);
        let mut warnings = Vec::new();
        if had_errors {
            warnings.push(Warning::AtStart(format!(
                "some bytes are not valid {} (the byte order mark says so); kifu replaced them with �",
                encoding.name()
            )));
        }
        return parsed(text.into_owned(), warnings);
    }
    if let Some(encoding) = utf16_without_bom(bytes) {
        let (text, _) = encoding.decode_without_bom_handling(bytes);
        let warning = Warning::AtStart(format!(
            "this file has no byte order mark but looks like {}: kifu read it so",
            encoding.name()
        ));
        return parsed(text.into_owned(), vec![warning]);
    }
    // Parsed as UTF-8 with bad bytes replaced, to read the root node's `CA[]`; for a UTF-8
    // file (most of them) this is already the final parse.
    let (lossy, damage) = crate::read::lossy_utf8_counted(bytes);
    let first = WithCharset::<P>::of(&lossy);
    let mut warnings = Vec::new();
    if let Some((label, _)) = &first.charset {
        match charset_encoding(label) {
            Ok(encoding) if encoding == UTF_8 => {
                if let std::borrow::Cow::Owned(_) = lossy {
                    warnings.push(Warning::AtStart(format!(
                        "some bytes are not valid UTF-8 (as `CA[{label}]` says); kifu replaced them with �"
                    )));
                }
                return (lossy.into_owned(), first, warnings);
            }
            Ok(encoding) => {
                let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
                if had_errors {
                    warnings.push(Warning::AtStart(format!(
                        "some bytes are not valid {} (as `CA[{label}]` says); kifu replaced them with �",
                        encoding.name()
                    )));
                }
                return parsed(text.into_owned(), warnings);
            }
            Err(why) => warnings.push(Warning::AtCharset(why)),
        }
    }
    if let std::borrow::Cow::Borrowed(_) = lossy {
        return (lossy.into_owned(), first, warnings);
    }
    if mostly_utf8(damage) {
        let replaced = lossy.matches('\u{fffd}').count();
        warnings.push(Warning::AtStart(format!(
            "this file is UTF-8 with {replaced} broken byte sequence(s); kifu replaced them with �"
        )));
        return (lossy.into_owned(), first, warnings);
    }
    // Not UTF-8 and no charset named: guess, as browsers do. Latin-1 (windows-1252) is what
    // the SGF specification says files without `CA[]` are in; the detector picks it when
    // nothing else fits better.
    let encoding = guessed_encoding(bytes);
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    warnings.push(Warning::AtStart(format!(
        "this file is not UTF-8 and has no `CA[]` property; kifu guessed {} from its bytes",
        encoding.name()
    )));
    parsed(text.into_owned(), warnings)
}

/// The encoding of bytes that are not UTF-8 and name none, as browsers guess it.
fn guessed_encoding(bytes: &[u8]) -> &'static Encoding {
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    detector.feed(bytes, true);
    detector.guess(None, chardetng::Utf8Detection::Deny)
}

/// The encoding a `CA[]` value names, or why kifu does not decode by it.
///
/// ISO-2022-JP is kept although its bytes are not ASCII's: it switches to ASCII for SGF's
/// own characters, so the decoded text is SGF (libsgfc++ ships such a file). Its Korean and
/// Chinese siblings and HZ are what WHATWG decoders refuse (they read them as `replacement`,
/// one � for the whole file).
fn charset_encoding(label: &str) -> Result<&'static Encoding, String> {
    let lower = label.to_ascii_lowercase();
    let refused = |why: String| {
        Err(format!(
            "`CA[{label}]` cannot describe an SGF file: {why}; kifu ignored it"
        ))
    };
    let wide = |name: &str, bytes: &str| {
        refused(format!(
            "{name} writes `(`, `;`, `[` and `]` in {bytes} bytes each, and this file writes them as single bytes (its own `CA[` was just read so)"
        ))
    };
    if ["utf-32", "utf32", "ucs-4", "ucs4", "iso-10646-ucs-4"]
        .iter()
        .any(|p| lower.starts_with(p))
    {
        return wide("UTF-32", "four");
    }
    let Some(encoding) = encoding_for_label(label) else {
        return Err(format!(
            "kifu does not know the character set `{label}`; it decoded the file as if it named none"
        ));
    };
    if encoding == UTF_16LE || encoding == UTF_16BE {
        return wide("UTF-16", "two");
    }
    if encoding == encoding_rs::REPLACEMENT {
        let name = if lower.starts_with("hz") {
            "HZ"
        } else if lower.contains("2022") {
            "ISO-2022-KR and ISO-2022-CN"
        } else {
            "`replacement`"
        };
        return refused(format!(
            "{name} can hide other characters behind ASCII bytes, so no browser or WHATWG decoder reads it (it is decoded as `replacement`, which makes the whole file one �)"
        ));
    }
    if !encoding.is_ascii_compatible() && encoding != encoding_rs::ISO_2022_JP {
        return refused(format!(
            "{} does not keep ASCII bytes as ASCII characters, which SGF's brackets need",
            encoding.name()
        ));
    }
    Ok(encoding)
}

/// The encoding a `CA[]` value names: the WHATWG labels encoding_rs knows, and a few that
/// Go programs write and WHATWG does not list.
fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    let label = label.trim();
    Encoding::for_label(label.as_bytes()).or_else(|| {
        match label.to_ascii_lowercase().as_str() {
            // EUC-CN is the usual encoding of GB 2312, a subset of GBK.
            "euc-cn" | "euccn" | "cp936" | "gb2312-80" => Some(encoding_rs::GBK),
            "cp949" | "uhc" => Some(encoding_rs::EUC_KR),
            "cp932" | "sjis" => Some(encoding_rs::SHIFT_JIS),
            "cp950" => Some(encoding_rs::BIG5),
            _ => None,
        }
    })
}

/// UTF-16 without a byte order mark: the first `(` is followed or preceded by a zero byte.
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let open = bytes.iter().position(|&b| b == b'(')?;
    if bytes.get(open + 1) == Some(&0) && open % 2 == 0 {
        Some(UTF_16LE)
    } else if open > 0 && bytes[open - 1] == 0 && open % 2 == 1 {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// Whether the bytes are UTF-8 with some damage (Fox files lose bytes here and there): at
/// least half as many valid non-ASCII characters as invalid bytes. Other encodings' bytes
/// form valid UTF-8 only by chance: in the corpus's GBK, Shift_JIS, Big5, EUC-KR and Latin
/// files at most one for every four invalid bytes; the most damaged Fox file has 5 for 8.
fn mostly_utf8(damage: crate::read::Utf8Damage) -> bool {
    damage.non_ascii > 0 && damage.invalid <= damage.non_ascii * 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`mostly_utf8`] of what [`crate::read::lossy_utf8_counted`] counts is what a walk of
    /// `utf8_chunks` counts, on bytes that are not all UTF-8, with every kind of
    /// bad sequence among valid characters of every length (see `read::broken_utf8`).
    #[test]
    fn mostly_utf8_counts_as_the_chunks_do() {
        fn by_chunks(bytes: &[u8]) -> bool {
            let (mut valid, mut invalid) = (0usize, 0usize);
            for chunk in bytes.utf8_chunks() {
                valid += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
                invalid += chunk.invalid().len();
            }
            valid > 0 && invalid <= valid * 2
        }
        let mut random = kifu_testing::Lcg::new(5);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20_000 {
            let bytes = crate::read::broken_utf8(&mut random);
            // Asked only of bytes that are not all UTF-8.
            if std::str::from_utf8(&bytes).is_ok() {
                continue;
            }
            let expected = by_chunks(&bytes);
            let (_, damage) = crate::read::lossy_utf8_counted(&bytes);
            assert_eq!(mostly_utf8(damage), expected, "{bytes:?}");
            if expected {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 1000 && no > 1000, "{yes} mostly UTF-8, {no} not");
    }

    /// The decoded text and the encoding warnings, each with the text its range covers.
    fn decode(bytes: &[u8]) -> (String, Vec<(String, String)>) {
        let file = read(bytes);
        let warnings = file
            .errors
            .iter()
            .filter(|e| e.code == codes::Encoding)
            .map(|e| (e.message.clone(), file.text[e.range].to_string()))
            .collect();
        (file.text, warnings)
    }

    #[test]
    fn decoding_by_bom_charset_and_content() {
        let (text, warnings) = decode("(;C[é])".as_bytes());
        assert_eq!((text.as_str(), warnings.len()), ("(;C[é])", 0));
        let (text, warnings) = decode(b"(;CA[GBK]C[\xc4\xe3\xba\xc3])");
        assert_eq!((text.as_str(), warnings.len()), ("(;CA[GBK]C[你好])", 0));
        let (text, warnings) = decode(b"(;C[caf\xe9 cr\xe8me br\xfbl\xe9e])");
        assert_eq!(text, "(;C[café crème brûlée])");
        assert!(warnings[0].0.contains("guessed windows-1252"));
        let (text, warnings) = decode(
            "(;C[été à Noël, ça, très bien, déjà vu; été à Noël, ça, très bien, déjà vu])"
                .as_bytes()
                .iter()
                .copied()
                .chain([0xe9])
                .collect::<Vec<u8>>()
                .as_slice(),
        );
        assert_eq!(
            text,
            "(;C[été à Noël, ça, très bien, déjà vu; été à Noël, ça, très bien, déjà vu])\u{fffd}"
        );
        assert!(warnings[0].0.contains("broken"));
        let utf16: Vec<u8> = "(;C[x])"
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        assert_eq!(decode(&utf16).0, "(;C[x])");
    }

    #[test]
    fn charsets_that_cannot_describe_sgf_are_refused() {
        for (label, says) in [
            (
                "iso-2022-kr",
                "ISO-2022-KR and ISO-2022-CN can hide other characters",
            ),
            ("ISO-2022-CN", "ISO-2022-KR and ISO-2022-CN can hide"),
            (
                "hz-gb-2312",
                "HZ can hide other characters behind ASCII bytes",
            ),
            ("replacement", "`replacement` can hide"),
            (
                "UTF-16",
                "UTF-16 writes `(`, `;`, `[` and `]` in two bytes each",
            ),
            ("utf-16be", "UTF-16 writes"),
            ("unicode", "UTF-16 writes"),
            (
                "UTF-32",
                "UTF-32 writes `(`, `;`, `[` and `]` in four bytes each",
            ),
        ] {
            let bytes = format!("(;GM[1]CA[{label}]PB[Lee Sedol]C[é])");
            let (text, warnings) = decode(bytes.as_bytes());
            assert_eq!(text, bytes, "{label}: read as UTF-8, as if it named none");
            assert_eq!(warnings.len(), 1, "{label}: {warnings:?}");
            let (message, covered) = &warnings[0];
            assert!(
                message.starts_with(&format!(
                    "`CA[{label}]` cannot describe an SGF file: {says}"
                )),
                "{label}: {message}"
            );
            assert!(message.ends_with("; kifu ignored it"), "{message}");
            assert_eq!(covered, label, "the range is the value");
        }
    }

    #[test]
    fn only_the_root_nodes_charset_counts() {
        // `CA[` inside a comment, or in a later node, is not the file's charset.
        let utf8 = "(;GM[1]C[use CA[GBK\\] for this]PB[李昌镐];B[aa])";
        assert_eq!(decode(utf8.as_bytes()), (utf8.to_string(), vec![]));
        let (text, warnings) = decode(b"(;GM[1];CA[GBK]C[caf\xe9])");
        assert_eq!(text, "(;GM[1];CA[GBK]C[café])");
        assert!(warnings[0]
            .0
            .contains("no `CA[]` property; kifu guessed windows-1252"));
        // The root's own, after other properties, is.
        let (text, warnings) = decode(b"(;GM[1]PB[x]CA[GBK]C[\xc4\xe3\xba\xc3])");
        assert_eq!(
            (text.as_str(), warnings.len()),
            ("(;GM[1]PB[x]CA[GBK]C[你好])", 0)
        );
    }

    #[test]
    fn iso_2022_jp_is_decoded() {
        // 日本 in JIS X 0208 is 46 7C 4B 5C: its last byte reads as `\\` in ASCII.
        let (text, warnings) = decode(b"(;CA[ISO-2022-JP]C[\x1b$BF|K\\\x1b(B])");
        assert_eq!(
            (text.as_str(), warnings.len()),
            ("(;CA[ISO-2022-JP]C[日本])", 0)
        );
    }

    #[test]
    fn a_charset_warning_covers_the_value_in_the_decoded_text() {
        // Three Latin-1 bytes before `CA[` become six bytes of text: a range computed on the
        // bytes would miss.
        let (text, warnings) = decode(b"(;PB[\xe9\xe8\xe0]CA[klingon]C[x])");
        assert_eq!(text, "(;PB[éèà]CA[klingon]C[x])");
        let charset = warnings
            .iter()
            .find(|(m, _)| m.contains("does not know the character set `klingon`"))
            .expect("a warning about klingon");
        assert_eq!(charset.1, "klingon");
    }

    #[test]
    fn a_utf8_charset_with_bad_bytes_keeps_utf8() {
        let (text, warnings) = decode(b"(;CA[UTF-8]C[\xc3\xa9t\xe9])");
        assert_eq!(text, "(;CA[UTF-8]C[ét\u{fffd}])");
        assert!(warnings[0]
            .0
            .contains("not valid UTF-8 (as `CA[UTF-8]` says)"));
    }
}
