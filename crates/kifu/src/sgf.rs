//! SGF files in the CLI: decoding their bytes (BOM, then `CA[]`, then UTF-8, then the SGF
//! default ISO-8859-1).

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8};
use kifu_syntax::{Code, SyntaxError, TextRange, TextSize};

/// Decodes an SGF file's bytes, with a warning when kifu had to guess or replace bytes.
pub fn decode(bytes: &[u8]) -> (String, Vec<SyntaxError>) {
    let at_start = TextRange::empty(TextSize::from(0));
    let warn = |message: String| SyntaxError::new(Code::Encoding, at_start, message);
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        let (text, had_errors) = encoding.decode_without_bom_handling(&bytes[bom..]);
        let mut warnings = Vec::new();
        if had_errors {
            warnings.push(warn(format!(
                "some bytes are not valid {} (the byte order mark says so); kifu replaced them with �",
                encoding.name()
            )));
        }
        return (text.into_owned(), warnings);
    }
    if let Some(encoding) = utf16_without_bom(bytes) {
        let (text, _) = encoding.decode_without_bom_handling(bytes);
        let warning = warn(format!(
            "this file has no byte order mark but looks like {}: kifu read it so",
            encoding.name()
        ));
        return (text.into_owned(), vec![warning]);
    }
    let mut warnings = Vec::new();
    if let Some((label, range)) = charset(bytes) {
        match encoding_for_label(&label) {
            Some(encoding) if encoding != UTF_8 => {
                let (text, had_errors) = encoding.decode_without_bom_handling(bytes);
                if had_errors {
                    warnings.push(warn(format!(
                        "some bytes are not valid {} (as `CA[{label}]` says); kifu replaced them with �",
                        encoding.name()
                    )));
                }
                return (text.into_owned(), warnings);
            }
            Some(_) => {}
            None => warnings.push(SyntaxError::new(
                Code::Encoding,
                range,
                format!(
                    "kifu does not know the character set `{label}`; it decoded the file as if it named none"
                ),
            )),
        }
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (text.to_string(), warnings);
    }
    if mostly_utf8(bytes) {
        let text = String::from_utf8_lossy(bytes).into_owned();
        let replaced = text.matches('\u{fffd}').count();
        warnings.push(warn(format!(
            "this file is UTF-8 with {replaced} broken byte sequence(s); kifu replaced them with �"
        )));
        return (text, warnings);
    }
    // Not UTF-8 and no charset named: guess, as browsers do. Latin-1 (windows-1252) is what
    // the SGF specification says files without `CA[]` are in; the detector picks it when
    // nothing else fits better.
    let mut detector = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    detector.feed(bytes, true);
    let encoding = detector.guess(None, chardetng::Utf8Detection::Deny);
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    warnings.push(warn(format!(
        "this file is not UTF-8 and has no `CA[]` property; kifu guessed {} from its bytes",
        encoding.name()
    )));
    (text.into_owned(), warnings)
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

/// The value of the first `CA[...]` property, read as ASCII, and where it is.
fn charset(bytes: &[u8]) -> Option<(String, TextRange)> {
    let at = memchr::memmem::find(bytes, b"CA[")?;
    let start = at + 3;
    let len = bytes[start..].iter().take(64).position(|&b| b == b']')?;
    let label = String::from_utf8_lossy(&bytes[start..start + len]).into_owned();
    let range = TextRange::new(
        TextSize::from(start as u32),
        TextSize::from((start + len) as u32),
    );
    Some((label, range))
}

/// Whether the bytes are UTF-8 with some damage (Fox files lose bytes here and there): at
/// least half as many valid non-ASCII characters as invalid bytes. Other encodings' bytes
/// form valid UTF-8 only by chance: in the corpus's GBK, Shift_JIS, Big5, EUC-KR and Latin
/// files at most one for every four invalid bytes; the most damaged Fox file has 5 for 8.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut valid, mut invalid) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        valid += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        invalid += chunk.invalid().len();
    }
    valid > 0 && invalid <= valid * 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_by_bom_charset_and_content() {
        let (text, warnings) = decode("(;C[é])".as_bytes());
        assert_eq!((text.as_str(), warnings.len()), ("(;C[é])", 0));
        let (text, warnings) = decode(b"(;CA[GBK]C[\xc4\xe3\xba\xc3])");
        assert_eq!((text.as_str(), warnings.len()), ("(;CA[GBK]C[你好])", 0));
        let (text, warnings) = decode(b"(;C[caf\xe9 cr\xe8me br\xfbl\xe9e])");
        assert_eq!(text, "(;C[café crème brûlée])");
        assert!(warnings[0].message.contains("guessed windows-1252"));
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
        assert!(warnings[0].message.contains("broken"));
        let utf16: Vec<u8> = "(;C[x])"
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        assert_eq!(decode(&utf16).0, "(;C[x])");
        let (_, warnings) = decode(b"(;CA[klingon]C[x])");
        assert!(warnings[0].message.contains("klingon"));
    }
}
