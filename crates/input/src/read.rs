//! Reading game files as text: whole (SGF, PDN, `kifu tree`) up to a limit, or in pieces of
//! whole games (PGN), so that a file of any size is read in bounded memory.
//!
//! A PGN database is often a concatenation of files from several programs, some UTF-8, some
//! Latin-1, so its encoding is decided game by game: a game whose bytes are UTF-8 is read as
//! UTF-8, any other as Windows-1252 with a `not-utf8` warning. Games are found before the
//! encoding is known by lexing the bytes as UTF-8 with bad sequences replaced: PGN's
//! structure is all ASCII, which both readings keep, so the games are the same. A piece of
//! a file is lexed only around the characters that depend on their game (see [`ByteWise`]):
//! a bad byte is Windows-1252 whatever its game, ASCII the same either way. The answer for
//! a game depends only on its bytes, never on where a piece was cut.
//!
//! A file that starts with a UTF-16 byte order mark is transcoded to UTF-8 as it is read.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read};
use std::ops::Range;
use std::path::{Path, PathBuf};

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE};
use kifu_syntax::{pgn, Notation, SyntaxError, TextRange, TextSize};

use crate::codes;
use crate::mapped::{MappedFile, PieceText};

/// What standard input is called in messages and output.
pub const STDIN_NAME: &str = "<stdin>";

/// A game file to read: a file, or standard input (`-` on the command line), with the
/// notation to read it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The file, or `None` for standard input.
    pub path: Option<PathBuf>,
    /// How to read it.
    pub notation: Notation,
}

impl Source {
    /// A file read in `notation`.
    pub fn file(path: PathBuf, notation: Notation) -> Source {
        Source {
            path: Some(path),
            notation,
        }
    }

    /// A path named on the command line: `-` is standard input, read as `notation` or PGN;
    /// a file is read as `notation` or by its extension.
    pub fn named(path: &Path, notation: Option<Notation>) -> Source {
        if path.as_os_str() == "-" {
            Source {
                path: None,
                notation: notation.unwrap_or(Notation::Pgn),
            }
        } else {
            let notation = notation.unwrap_or_else(|| Notation::of_path(path));
            Source::file(path.to_path_buf(), notation)
        }
    }

    /// The name messages give it: the path as given, or `<stdin>`.
    pub fn display(&self) -> std::borrow::Cow<'_, str> {
        match &self.path {
            Some(path) => path.to_string_lossy(),
            None => STDIN_NAME.into(),
        }
    }

    /// Its size, when it is a file whose size is known before it is read.
    pub fn file_size(&self) -> Option<u64> {
        let path = self.path.as_ref()?;
        std::fs::metadata(path).ok().map(|m| m.len())
    }

    /// The file, to be read in windows mapped into memory (see [`crate::mapped`]): a
    /// regular file not in UTF-16 (which is transcoded as it is read), unless the
    /// environment sets `KIFU_NO_MMAP` (to anything but `0`).
    fn mapped(&self) -> io::Result<Option<MappedFile>> {
        let Some(path) = &self.path else {
            return Ok(None);
        };
        if std::env::var_os("KIFU_NO_MMAP").is_some_and(|v| v != "0") {
            return Ok(None);
        }
        mapped_file(File::open(path)?)
    }

    fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        Ok(match &self.path {
            Some(path) => Box::new(File::open(path)?),
            None => Box::new(io::stdin()),
        })
    }
}

/// `file`, to be read in windows mapped into memory from after its UTF-8 byte order mark;
/// `None` for what is not a regular file, and for UTF-16 (see [`text_stream`]).
fn mapped_file(file: File) -> io::Result<Option<MappedFile>> {
    let metadata = file.metadata()?;
    let Ok(len) = usize::try_from(metadata.len()) else {
        return Ok(None);
    };
    if !metadata.is_file() {
        return Ok(None);
    }
    let mut head = Vec::with_capacity(3);
    (&file).take(3).read_to_end(&mut head)?;
    let at = match Encoding::for_bom(&head) {
        Some((encoding, _)) if encoding == UTF_16LE || encoding == UTF_16BE => return Ok(None),
        Some((_, bom)) => bom,
        None => 0,
    };
    Ok(Some(MappedFile::new(file, len, at)))
}

/// How many bytes of a PGN file to read at a time, at least: large enough that games are
/// parsed in parallel, small enough that a file of any size is read in little memory. See
/// [`piece_bytes`].
pub const PIECE_BYTES: usize = 4 << 20;

/// How many bytes of a PGN file to read at a time on this machine: [`PIECE_BYTES`], or more
/// where there are more cores, so that each core has two of a piece's 256 KiB parts to
/// work on, up to
/// [`MAX_PIECE_BYTES`]. On two cores 8 MiB pieces were slower than 4 MiB ones and held
/// more: `kifu check` of 110 MB 223.4, 315.0 and 272.2 ms against 206.7, 299.8 and 262.3 ms
/// at the median in three rounds of alternating runs, 32 against 20 MiB at its peak;
/// `kifu export` 740.9 against 711.2 ms, 128 against 86 MiB.
pub fn piece_bytes() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    (cores * (512 << 10)).clamp(PIECE_BYTES, MAX_PIECE_BYTES)
}

/// The most [`piece_bytes`] gives, on any number of cores: the pieces bound the memory of
/// `kifu check` and `kifu export` (the export held 128–137 MiB for 110 MB with 8 MiB
/// pieces, and a piece's JSON grows with it).
pub const MAX_PIECE_BYTES: usize = 8 << 20;

/// The longest PGN game kifu reads (a real game, even with engine analysis in every
/// comment, is under a megabyte). A piece grows until it holds a whole game, so without a
/// limit a file with no game boundaries (binary data) would be held whole.
pub const MAX_GAME_BYTES: usize = 64 << 20;

/// The largest file kifu reads whole: SGF and PDN files, and any file for `kifu tree`.
/// Parsing holds several times the file in memory.
pub const MAX_WHOLE_FILE_BYTES: usize = 256 << 20;

/// A size as people read it: `64 MiB`, or bytes when under a mebibyte (tests use those).
fn size(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// Reads a whole file, refusing one over `limit` bytes (it may be a FIFO or standard input:
/// its size is not known before it is read).
pub fn read_whole(source: &Source, limit: usize) -> io::Result<Vec<u8>> {
    let Some(path) = &source.path else {
        return read_whole_from(io::stdin(), 0, limit);
    };
    let file = File::open(path)?;
    // Room for the whole file and the byte that tells it is not longer, so that it is read
    // in two calls, not a small probe and then one for each doubling (1,000 SGF files were
    // 11 reads each). A FIFO or device says 0 and grows as it is read.
    let expected = file.metadata().map_or(0, |m| m.len() as usize);
    read_whole_from(file, expected, limit)
}

fn read_whole_from(reader: impl Read, expected: usize, limit: usize) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(expected.min(limit) + 1);
    reader.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > limit {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!(
                "it is larger than {}, the most kifu reads of a file that is not cut into games (SGF, PDN, and any file for `kifu tree`)",
                size(limit)
            ),
        ));
    }
    Ok(bytes)
}

/// Reads a whole file as text in `notation`, with what decoding had to guess or replace (see
/// [`decode`]).
pub fn read_text(source: &Source, notation: Notation) -> io::Result<Decoded> {
    Ok(decode(notation, &read_whole(source, MAX_WHOLE_FILE_BYTES)?))
}

/// A file's bytes as text.
pub struct Decoded {
    /// The text.
    pub text: String,
    /// What decoding had to guess or replace, in text order, with ranges into `text`.
    pub warnings: Vec<SyntaxError>,
    /// The parse of an SGF text, which finding its encoding needed (its root's `CA[]`), so
    /// that it need not be parsed again.
    pub sgf: Option<kifu_syntax::sgf::Parse>,
}

/// Decodes a whole file: a UTF-8 byte order mark is dropped and a UTF-16 one makes the rest
/// transcoded; then PGN is read game by game (a game that is not UTF-8 is Windows-1252, with a
/// `not-utf8` warning, as `kifu check` reads it in pieces), PDN as a whole the same way, and
/// SGF as its byte order mark, its root's `CA[]`, UTF-8 or a guess say ([`crate::sgf`]).
pub fn decode(notation: Notation, bytes: &[u8]) -> Decoded {
    if notation == Notation::Sgf {
        let file = crate::sgf::read(bytes);
        let warnings = file.warnings().to_vec();
        return Decoded {
            text: file.text,
            warnings,
            sgf: Some(file.parse),
        };
    }
    let utf8 = match Encoding::for_bom(bytes) {
        Some((encoding, bom)) if encoding == UTF_16LE || encoding == UTF_16BE => Cow::Owned(
            encoding
                .decode_without_bom_handling(&bytes[bom..])
                .0
                .into_owned()
                .into_bytes(),
        ),
        Some((_, bom)) => Cow::Borrowed(&bytes[bom..]),
        None => Cow::Borrowed(bytes),
    };
    let (text, warnings) = match notation {
        Notation::Pgn => match std::str::from_utf8(&utf8) {
            Ok(text) => (text.to_string(), Vec::new()),
            // As a file read in pieces is decoded (see `ByteWise`), each game's warning at
            // its first bad byte.
            Err(_) => {
                let ByteWise { text, not_utf8, .. } = ByteWise::new(&utf8);
                let games = pgn::Games::new(&text);
                let warnings = (0..games.len())
                    .filter_map(|i| first_in(&not_utf8, games.range(i)))
                    .map(|n| n.warning(&text, "game"))
                    .collect();
                (text, warnings)
            }
        },
        _ => decode_whole(&utf8),
    };
    Decoded {
        text,
        warnings,
        sgf: None,
    }
}

/// The encoding other than UTF-8 in which [`decode`] read all of `bytes` as `text`, when
/// `text` written in it gives `bytes` back exactly: Windows-1252 for a PGN or PDN file with
/// no game in UTF-8, and for SGF the encoding its `CA[]` names or kifu guessed (see
/// [`crate::sgf::legacy_encoding`]). What `kifu fmt` writes a file back in, so that a
/// formatted file keeps its encoding. `None` for UTF-8 and UTF-16, and for a file that
/// mixes encodings or whose bytes kifu replaced.
pub fn legacy_encoding(notation: Notation, bytes: &[u8], text: &str) -> Option<&'static Encoding> {
    match notation {
        Notation::Sgf => crate::sgf::legacy_encoding(bytes, text),
        Notation::Pgn | Notation::Pdn => {
            writes_back(encoding_rs::WINDOWS_1252, bytes, text).then_some(encoding_rs::WINDOWS_1252)
        }
    }
}

/// Whether `bytes` are `text` in `encoding` both ways: decoded with nothing replaced, and
/// encoded with nothing it cannot write. An encoding that writes another (UTF-16 writes
/// UTF-8) is not.
pub(crate) fn writes_back(encoding: &'static Encoding, bytes: &[u8], text: &str) -> bool {
    if encoding == encoding_rs::UTF_8 || encoding.output_encoding() != encoding {
        return false;
    }
    let decoded = encoding.decode_without_bom_handling_and_without_replacement(bytes);
    if decoded.as_deref() != Some(text) {
        return false;
    }
    let (encoded, _, unmappable) = encoding.encode(text);
    !unmappable && *encoded == *bytes
}

/// A reader of the text's bytes as UTF-8 or single-byte text: a UTF-8 byte order mark is
/// dropped, a UTF-16 one makes the rest transcoded to UTF-8.
fn text_stream<'r>(mut reader: impl Read + Send + 'r) -> io::Result<Box<dyn Read + Send + 'r>> {
    let mut head = Vec::with_capacity(3);
    (&mut reader).take(3).read_to_end(&mut head)?;
    Ok(match Encoding::for_bom(&head) {
        Some((encoding, bom)) if encoding == UTF_16LE || encoding == UTF_16BE => {
            let rest = io::Cursor::new(head[bom..].to_vec()).chain(reader);
            Box::new(Utf16Reader::new(rest, encoding))
        }
        Some((_, bom)) => Box::new(io::Cursor::new(head[bom..].to_vec()).chain(reader)),
        None => Box::new(io::Cursor::new(head).chain(reader)),
    })
}

/// UTF-16 bytes read as UTF-8, a block at a time.
struct Utf16Reader<R> {
    inner: R,
    decoder: encoding_rs::Decoder,
    raw: Vec<u8>,
    decoded: Vec<u8>,
    at: usize,
    done: bool,
}

impl<R: Read> Utf16Reader<R> {
    fn new(inner: R, encoding: &'static Encoding) -> Utf16Reader<R> {
        Utf16Reader {
            inner,
            decoder: encoding.new_decoder_without_bom_handling(),
            raw: vec![0; 64 << 10],
            decoded: Vec::new(),
            at: 0,
            done: false,
        }
    }
}

impl<R: Read> Read for Utf16Reader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.at < self.decoded.len() {
                let n = buf.len().min(self.decoded.len() - self.at);
                buf[..n].copy_from_slice(&self.decoded[self.at..self.at + n]);
                self.at += n;
                return Ok(n);
            }
            if self.done {
                return Ok(0);
            }
            let n = self.inner.read(&mut self.raw)?;
            let last = n == 0;
            let room = self
                .decoder
                .max_utf8_buffer_length(n)
                .ok_or_else(|| io::Error::other("a UTF-16 block too large to decode"))?;
            self.decoded.resize(room, 0);
            // With room for the worst case, the decoder takes the whole block at once.
            let (_, _, written, _) =
                self.decoder
                    .decode_to_utf8(&self.raw[..n], &mut self.decoded, last);
            self.decoded.truncate(written);
            self.at = 0;
            self.done = last;
        }
    }
}

/// A whole text read at once (PDN): UTF-8, else Windows-1252 with a warning.
fn decode_whole(bytes: &[u8]) -> (String, Vec<SyntaxError>) {
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_string(), Vec::new()),
        Err(err) => {
            let (text, bad) = windows_1252(bytes, err.valid_up_to(), 0);
            let warning = bad.warning(&text, "file");
            (text, vec![warning])
        }
    }
}

/// `bytes` decoded as Windows-1252, the usual meaning of "Latin-1" in PGN files, and where
/// byte `bad` (the first that is not UTF-8) is in it; the text will start at `at` in its
/// piece.
fn windows_1252(bytes: &[u8], bad: usize, at: usize) -> (String, NotUtf8) {
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
    // Each byte became one character: the bad byte is character `bad`.
    let local: usize = text.chars().take(bad).map(char::len_utf8).sum();
    let not_utf8 = NotUtf8 {
        at: TextSize::from((at + local) as u32),
        byte: bytes[bad],
    };
    (text.into_owned(), not_utf8)
}

/// Where a text read as Windows-1252 has a byte that is not UTF-8: the offset of its
/// character in the text, and the byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct NotUtf8 {
    at: TextSize,
    byte: u8,
}

impl NotUtf8 {
    /// The `not-utf8` warning of a `what` (a game, a file) read as Windows-1252 whose first
    /// byte that is not UTF-8 is this one, in `text`, the text it is in.
    fn warning(self, text: &str, what: &str) -> SyntaxError {
        let at = usize::from(self.at);
        let width = text[at..].chars().next().map_or(0, char::len_utf8);
        SyntaxError::new(
            codes::NotUtf8,
            TextRange::at(self.at, TextSize::from(width as u32)),
            format!(
                "this {what} is not UTF-8 (byte 0x{:02X} here); kifu read it as Windows-1252 (Latin-1)",
                self.byte
            ),
        )
    }
}

/// The runs of `bytes` between bad UTF-8 sequences, each with the length of the bad
/// sequence after it (0 after the last run): what `utf8_chunks` gives, found faster. The
/// standard library's `from_utf8` checks a run of ASCII a word at a time, where
/// `utf8_chunks` walks every byte (with `from_utf8_lossy`, 4% of checking the Fox Go
/// records, most of which hold a few bytes of another encoding). A bad sequence is the
/// longest start of a valid one, or one byte (`Utf8Error::error_len`), as there.
pub(crate) fn utf8_runs(bytes: &[u8]) -> impl Iterator<Item = (&str, usize)> {
    let mut rest = Some(bytes);
    std::iter::from_fn(move || {
        let bytes = rest?;
        let (good, bad) = match std::str::from_utf8(bytes) {
            Ok(valid) => {
                rest = None;
                return Some((valid, 0));
            }
            Err(error) => {
                let after = bytes.len() - error.valid_up_to();
                (
                    error.valid_up_to(),
                    error.error_len().map_or(after, usize::from),
                )
            }
        };
        rest = Some(&bytes[good + bad..]);
        // SAFETY: `Utf8Error::valid_up_to` is the largest index up to which the bytes are
        // valid UTF-8 (the standard library's word: `from_utf8` of them is `Ok`). Checked
        // again, they were a second pass over each run, once per stretch of characters
        // that are not ASCII in a piece decoded a stretch at a time.
        let valid = unsafe { std::str::from_utf8_unchecked(&bytes[..good]) };
        Some((valid, bad))
    })
}

/// What `String::from_utf8_lossy(bytes)` gives, from [`utf8_runs`]: each bad sequence
/// replaced by one `�`.
pub(crate) fn lossy_utf8(bytes: &[u8]) -> Cow<'_, str> {
    lossy_utf8_counted(bytes).0
}

/// [`lossy_utf8`], and how the bytes stand as UTF-8 when they are not all of it: how many
/// characters of theirs that are not ASCII are valid, and how many bytes are in bad
/// sequences (both 0 for valid UTF-8). Counted as the text is made: an SGF reader that
/// asks whether a file is UTF-8 with some damage walked the bytes again for it (5% of
/// checking the Fox games, most of which have a few bad bytes).
pub(crate) fn lossy_utf8_counted(bytes: &[u8]) -> (Cow<'_, str>, Utf8Damage) {
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (Cow::Borrowed(text), Utf8Damage::default());
    }
    let mut text = String::with_capacity(bytes.len() + 16);
    let mut damage = Utf8Damage::default();
    for (valid, bad) in utf8_runs(bytes) {
        text.push_str(valid);
        // A character that is not ASCII has one lead byte, 0xc0 or above.
        damage.non_ascii += valid.bytes().filter(|&b| b >= 0xc0).count();
        damage.invalid += bad;
        if bad > 0 {
            text.push('\u{fffd}');
        }
    }
    (Cow::Owned(text), damage)
}

/// How bytes stand as UTF-8 (see [`lossy_utf8_counted`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Utf8Damage {
    /// Valid characters that are not ASCII.
    pub non_ascii: usize,
    /// Bytes of bad sequences.
    pub invalid: usize,
}

/// Bytes read as UTF-8 with each bad sequence replaced by `�`, and the way back from an
/// offset of that text to an offset of the bytes.
struct LossyView<'b> {
    text: Cow<'b, str>,
    /// After each bad sequence: where it ends in the text and in the bytes.
    anchors: Vec<(usize, usize)>,
}

impl<'b> LossyView<'b> {
    fn new(bytes: &'b [u8]) -> LossyView<'b> {
        // Nearly every piece is valid UTF-8: `from_utf8` checks it several times faster than
        // `from_utf8_lossy`, which walks it chunk by chunk.
        if let Ok(text) = std::str::from_utf8(bytes) {
            return LossyView {
                text: Cow::Borrowed(text),
                anchors: Vec::new(),
            };
        }
        let text = lossy_utf8(bytes);
        let mut anchors = Vec::new();
        if let Cow::Owned(_) = text {
            let (mut in_text, mut in_bytes) = (0, 0);
            for chunk in bytes.utf8_chunks() {
                in_text += chunk.valid().len();
                in_bytes += chunk.valid().len();
                if !chunk.invalid().is_empty() {
                    in_text += '\u{fffd}'.len_utf8();
                    in_bytes += chunk.invalid().len();
                    anchors.push((in_text, in_bytes));
                }
            }
        }
        LossyView { text, anchors }
    }

    /// The offset in the bytes of `at`, a character boundary of the text.
    fn byte_offset(&self, at: usize) -> usize {
        byte_offset(&self.anchors, at)
    }

    /// The text of the games that start before `cut` (an offset of the text where a game
    /// starts, or its end), decoded game by game, and where each game that is not UTF-8 has
    /// its first byte that is not: what [`ByteWise`] gives without cutting all of the text
    /// into games, which the tests hold it to.
    #[cfg(test)]
    fn decode_games(
        &self,
        bytes: &[u8],
        games: &pgn::Games<'_>,
        cut: usize,
    ) -> (String, Vec<NotUtf8>) {
        if self.anchors.is_empty() {
            return (self.text[..cut].to_string(), Vec::new());
        }
        let mut text = String::with_capacity(cut);
        let mut not_utf8 = Vec::new();
        let mut from = 0;
        // The white space before each game (and byte order marks of files joined), then
        // the game; then the white space after the last.
        let ends = (0..games.len())
            .map(|i| games.range(i))
            .take_while(|range| usize::from(range.end()) <= cut)
            .flat_map(|range| [usize::from(range.start()), usize::from(range.end())])
            .chain([cut]);
        for end in ends {
            let (start, stop) = (self.byte_offset(from), self.byte_offset(end));
            let segment = &bytes[start..stop];
            match std::str::from_utf8(segment) {
                Ok(utf8) => text.push_str(utf8),
                Err(err) => {
                    let (latin1, bad) = windows_1252(segment, err.valid_up_to(), text.len());
                    text.push_str(&latin1);
                    not_utf8.push(bad);
                }
            }
            from = end;
        }
        (text, not_utf8)
    }
}

/// The offset in some bytes of `at`, a character boundary of their text, when `anchors`
/// hold where each run of bytes decoded into another length ends, in the text and in the
/// bytes.
fn byte_offset(anchors: &[(usize, usize)], at: usize) -> usize {
    match anchors.partition_point(|&(t, _)| t <= at) {
        0 => at,
        i => {
            let (t, b) = anchors[i - 1];
            b + (at - t)
        }
    }
}

/// Bytes that are not all UTF-8, decoded game by game without cutting all of them into
/// games: ASCII reads the same either way, each byte of a bad sequence is Windows-1252 (its
/// game is), and only a valid character that is not ASCII depends on its game, which is
/// found by lexing around it ([`Windows`]). A Latin-1 file has no such character: its
/// pieces are decoded with no lexing at all, where lexing each piece on the thread that
/// reads took a fifth of `kifu check`'s time. The text is the one [`LossyView::decode_games`]
/// gives (a test holds the two equal).
struct ByteWise {
    text: String,
    /// Where each bad sequence starts in the text, and its first byte.
    not_utf8: Vec<NotUtf8>,
    /// After each run of bytes decoded as Windows-1252: where it ends in the text and in
    /// the bytes.
    anchors: Vec<(usize, usize)>,
    /// The lines of the bytes, counted as they were looked at (see
    /// [`crate::scan::other_runs`]).
    scanned: Option<crate::scan::Scanned>,
}

/// A run of bytes that are not ASCII: a bad UTF-8 sequence, or valid characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Odd {
    at: usize,
    len: usize,
    bad: bool,
}

impl ByteWise {
    fn new(bytes: &[u8]) -> ByteWise {
        // Every byte that is not ASCII, in a bad sequence or a valid character, found where
        // a pass over the bytes 64 at a time (which counts the lines too) meets them: the
        // standard library's UTF-8 check of the whole bytes, twice, a look for ASCII and the
        // count of the lines after it were four passes of their own.
        let mut odds = Vec::new();
        let scanned = crate::scan::other_runs(bytes, |start, run| {
            let mut at = start;
            for (valid, bad) in utf8_runs(run) {
                // Valid characters that are not ASCII, a run of them at a time (a name
                // in Cyrillic is one): one for each character was half of decoding a
                // piece of such names with a bad byte now and then.
                let valid = valid.as_bytes();
                let mut i = 0;
                while let Some(start) = valid[i..].iter().position(|&b| !b.is_ascii()) {
                    let start = i + start;
                    let end = valid[start..]
                        .iter()
                        .position(u8::is_ascii)
                        .map_or(valid.len(), |n| start + n);
                    odds.push(Odd {
                        at: at + start,
                        len: end - start,
                        bad: false,
                    });
                    i = end;
                }
                at += valid.len();
                if bad > 0 {
                    odds.push(Odd {
                        at,
                        len: bad,
                        bad: true,
                    });
                    at += bad;
                }
            }
        });
        let latin = latin_reads(bytes, &odds);
        let mut text = String::with_capacity(bytes.len() + bytes.len() / 16);
        let mut not_utf8 = Vec::new();
        let mut anchors = Vec::new();
        // The bytes between two that are read as Windows-1252, as they are: ASCII and
        // whole characters read as UTF-8.
        let as_they_are = |text: &mut String, run: &[u8]| {
            debug_assert!(std::str::from_utf8(run).is_ok());
            // SAFETY: every byte that is not ASCII is in one of `odds`, each a bad sequence
            // or a whole valid character; `run` lies between two of the bad ones or the
            // characters read as Windows-1252 (or an end), so it holds ASCII and whole
            // valid characters: UTF-8.
            unsafe { text.as_mut_vec() }.extend_from_slice(run);
        };
        let mut windows_1252 = |text: &mut String, run: &[u8], end: usize| {
            let (latin1, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(run);
            text.push_str(&latin1);
            anchors.push((text.len(), end));
        };
        let mut from = 0;
        // A character of a game read as UTF-8 stays where it is, in the run copied whole (a
        // copy and a check of each one made names in Cyrillic 5% slower to decode).
        for odd in &latin {
            as_they_are(&mut text, &bytes[from..odd.at]);
            from = odd.at + odd.len;
            let odd_bytes = &bytes[odd.at..from];
            if odd.bad {
                not_utf8.push(NotUtf8 {
                    at: TextSize::from(text.len() as u32),
                    byte: odd_bytes[0],
                });
            }
            windows_1252(&mut text, odd_bytes, from);
        }
        as_they_are(&mut text, &bytes[from..]);
        ByteWise {
            text,
            not_utf8,
            anchors,
            scanned,
        }
    }
}

/// What of `odds` (in the order of `bytes`) is read as Windows-1252, in that order: every
/// bad sequence, and the valid characters whose game has a bad byte (they are read with
/// their game). The games are found around the characters, or around the bad bytes when
/// those are fewer (a UTF-8 database with a few Latin-1 games in it), each game once. A run
/// of characters is nearly always in one game (no ASCII between them, so one word), and is
/// read as a whole; where it is not (a game starts right after a byte order mark between
/// games, `\u{feff}é`), each part is read as its game.
fn latin_reads(bytes: &[u8], odds: &[Odd]) -> Vec<Odd> {
    let runs = odds.iter().filter(|o| !o.bad).count();
    if runs == 0 || runs == odds.len() {
        return odds.iter().filter(|o| o.bad).copied().collect();
    }
    let mut reads = Vec::new();
    let mut windows = Windows { bytes, last: None };
    let mut game = 0..0;
    if odds.len() - runs <= runs {
        // The games with a bad byte; each character in one of them is Latin-1.
        let mut latin_games: Vec<Range<usize>> = Vec::new();
        for odd in odds.iter().filter(|o| o.bad) {
            if !game.contains(&odd.at) {
                game = windows.game_around(odd.at);
                latin_games.push(game.clone());
            }
        }
        // The runs and the games both in the bytes' order: one walk through the games (a
        // binary search for each character was a tenth of decoding a piece of names in
        // Cyrillic with a bad byte now and then).
        let mut i = 0;
        for odd in odds {
            if odd.bad {
                reads.push(*odd);
                continue;
            }
            let (start, end) = (odd.at, odd.at + odd.len);
            while latin_games.get(i).is_some_and(|g| g.end <= start) {
                i += 1;
            }
            // The run's parts in the games from there on that it reaches into.
            for g in latin_games[i..].iter().take_while(|g| g.start < end) {
                let (from, to) = (start.max(g.start), end.min(g.end));
                if from < to {
                    reads.push(Odd {
                        at: from,
                        len: to - from,
                        bad: false,
                    });
                }
            }
        }
    } else {
        let bad_at: Vec<usize> = odds.iter().filter(|o| o.bad).map(|o| o.at).collect();
        let mut has_bad = false;
        let mut game_of = |at: usize, game: &mut Range<usize>| {
            if !game.contains(&at) {
                *game = windows.game_around(at);
                let i = bad_at.partition_point(|&b| b < game.start);
                has_bad = bad_at.get(i).is_some_and(|&b| b < game.end);
            }
            has_bad
        };
        for odd in odds {
            if odd.bad {
                reads.push(*odd);
                continue;
            }
            let (start, end) = (odd.at, odd.at + odd.len);
            if game_of(start, &mut game) && game.end >= end {
                reads.push(*odd);
            } else if game.end < end {
                // A run that goes past its first character's game: each character read
                // as its own game is.
                let characters =
                    std::str::from_utf8(&bytes[start..end]).expect("a run of valid characters");
                for (i, c) in characters.char_indices() {
                    if game_of(start + i, &mut game) {
                        reads.push(Odd {
                            at: start + i,
                            len: c.len_utf8(),
                            bad: false,
                        });
                    }
                }
            }
        }
    }
    reads
}

/// Finds the game that holds a byte of some bytes by lexing them only around it: from the
/// last cut point before it (see [`pgn::cut_points`]), or an earlier one when the game there
/// is still in its tag section, to the first after it where the games end (as
/// [`pgn::Games::to_cut`] reads), as UTF-8 with bad sequences replaced. The games found
/// from a cut point are those of all the bytes, but the first may have started before it:
/// it did when the games from the cut point before end in their tag section.
struct Windows<'b> {
    bytes: &'b [u8],
    /// The last window lexed: where it starts and ends, the games in it (ranges of the
    /// bytes), and whether the last is in its tag section at its end.
    last: Option<(usize, usize, Vec<Range<usize>>, bool)>,
}

impl Windows<'_> {
    /// The range of the bytes, from its first byte to its end, of the game that holds byte
    /// `at` (not white space).
    fn game_around(&mut self, at: usize) -> Range<usize> {
        let len = self.bytes.len();
        let mut first = pgn::cut_point_before(self.bytes, at);
        while first > 0 {
            let before = pgn::cut_point_before(self.bytes, first - 1);
            if !self.window(before, first).1 {
                break;
            }
            first = before;
        }
        // The first cut after `at`, and on past those where the last game is in its tags.
        let mut end = pgn::cut_point_after(self.bytes, at).unwrap_or(len);
        loop {
            let (games, in_tags) = self.window(first, end);
            if in_tags {
                end = pgn::cut_point_after(self.bytes, end).unwrap_or(len);
                continue;
            }
            // A byte that is not white space is in a game (see `window` for a mark).
            let game = games.iter().find(|g| g.contains(&at)).cloned();
            return game.unwrap_or(at..at);
        }
    }

    /// The games of the bytes from `start` to `end` (cut points, or the end), and whether
    /// the last is in its tag section at `end` (never at the end of the bytes).
    fn window(&mut self, start: usize, end: usize) -> (&[Range<usize>], bool) {
        if !matches!(&self.last, Some((s, e, ..)) if (*s, *e) == (start, end)) {
            let view = LossyView::new(&self.bytes[start..end]);
            let followed = end < self.bytes.len();
            let games = pgn::Games::new_in(&view.text, 0..view.text.len(), followed);
            let ranges = (0..games.len())
                .map(|i| {
                    let range = games.range(i);
                    start + view.byte_offset(usize::from(range.start()))
                        ..start + view.byte_offset(usize::from(range.end()))
                })
                .collect::<Vec<_>>();
            let in_tags = followed && games.ends_in_tags();
            self.last = Some((start, end, ranges, in_tags));
        }
        let (_, _, ranges, in_tags) = self.last.as_ref().expect("the window just lexed");
        (ranges, *in_tags)
    }
}

/// A piece of a file that holds whole games.
pub struct Chunk {
    /// The text of the piece, starting at the beginning of a line.
    pub text: PieceText,
    /// Where the piece starts in the decoded text of the whole file.
    pub offset: usize,
    /// The 0-based line number of the first line of the piece.
    pub first_line: usize,
    /// How many bytes of the file (UTF-8 once transcoded) the piece used.
    pub bytes: usize,
    /// In each game read as Windows-1252, where it has a byte that is not UTF-8 (its first,
    /// and maybe others), in text order.
    not_utf8: Vec<NotUtf8>,
    /// Where lines that start a game are in a piece that was lexed whole to find its end
    /// (one with no line that starts a tag pair after one that does not, where
    /// [`pgn::cut_points`] cuts: a file of games without tag pairs), at least
    /// [`GAME_CUT_BYTES`] apart; empty for any other piece. Cut points for readers that
    /// work in parallel, as [`pgn::cut_points`]'s are (see [`Chunk::cut_points`]).
    game_cuts: Vec<usize>,
}

/// How far apart at least [`Chunk::cut_points`] found by lexing a piece are.
pub const GAME_CUT_BYTES: usize = 64 << 10;

impl Chunk {
    /// Where to cut the piece into parts of about `size` bytes for readers that work in
    /// parallel, as [`pgn::cut_points`] says: at lines that start a tag pair, or, in a
    /// piece that has none (a file of games without tag pairs), at lines that start a game,
    /// found when the piece was lexed whole to find its end. (With tag pairs alone, such a
    /// file was one part a piece, on one core.)
    pub fn cut_points(&self, size: usize) -> Vec<usize> {
        if self.game_cuts.is_empty() {
            return pgn::cut_points(self.text.as_bytes(), size);
        }
        let mut cuts = vec![0];
        for &cut in &self.game_cuts {
            if cut >= cuts[cuts.len() - 1] + size.max(1) {
                cuts.push(cut);
            }
        }
        cuts
    }

    /// The `not-utf8` warning of the game at `range` of the piece, if it was read as
    /// Windows-1252: at its first byte that is not UTF-8. (A game's bytes are all in its
    /// range: what lies between games is white space.)
    pub fn warning_of(&self, range: TextRange) -> Option<SyntaxError> {
        Some(first_in(&self.not_utf8, range)?.warning(&self.text, "game"))
    }
}

/// The first of `not_utf8` (in text order) in `range`.
fn first_in(not_utf8: &[NotUtf8], range: TextRange) -> Option<&NotUtf8> {
    let first = not_utf8.partition_point(|n| n.at < range.start());
    not_utf8.get(first).filter(|n| n.at < range.end())
}

/// Reads a PGN file in pieces of whole games.
pub struct ChunkReader<'r> {
    reader: Box<dyn Read + Send + 'r>,
    /// The file, when its pieces are windows of it mapped into memory, not read.
    mapped: Option<MappedFile>,
    pending: Vec<u8>,
    eof: bool,
    offset: usize,
    line: usize,
    piece_bytes: usize,
    /// How much the next piece reads: [`FIRST_PIECE_BYTES`] at first, twice as much each
    /// piece after, up to `piece_bytes`.
    next_piece: usize,
    max_game: usize,
}

/// How much the first piece of a file reads (see [`ChunkReader::next_chunk`]).
pub const FIRST_PIECE_BYTES: usize = 512 << 10;

impl ChunkReader<'static> {
    /// Opens `source`.
    pub fn open(source: &Source) -> io::Result<ChunkReader<'static>> {
        if let Some(mapped) = source.mapped()? {
            return Ok(ChunkReader::of_mapped(
                mapped,
                piece_bytes(),
                MAX_GAME_BYTES,
            ));
        }
        ChunkReader::new(source.open()?, piece_bytes(), MAX_GAME_BYTES)
    }

    /// Reads `file` (from byte `at`, after a byte order mark) in pieces of about
    /// `piece_bytes` that are windows of it mapped into memory, refusing a game over
    /// `max_game`.
    pub(crate) fn of_mapped(
        file: MappedFile,
        piece_bytes: usize,
        max_game: usize,
    ) -> ChunkReader<'static> {
        ChunkReader::of(Box::new(io::empty()), Some(file), piece_bytes, max_game)
    }
}

impl<'r> ChunkReader<'r> {
    /// Reads `bytes`, a whole file held in memory, as one piece.
    pub fn whole(bytes: &'r [u8]) -> io::Result<ChunkReader<'r>> {
        // One byte more than there is: the one read tells the end is reached, and the piece
        // is not cut before its last game.
        let piece = bytes.len() + 1;
        let mut reader = ChunkReader::new(bytes, piece, MAX_GAME_BYTES)?;
        reader.next_piece = piece;
        Ok(reader)
    }

    /// Reads `reader` in pieces of about `piece_bytes`, refusing a game over `max_game`.
    pub fn new(
        reader: impl Read + Send + 'r,
        piece_bytes: usize,
        max_game: usize,
    ) -> io::Result<ChunkReader<'r>> {
        Ok(ChunkReader::of(
            text_stream(reader)?,
            None,
            piece_bytes,
            max_game,
        ))
    }

    /// A reader of `reader`'s text, or of `mapped`'s windows, at the file's start.
    fn of(
        reader: Box<dyn Read + Send + 'r>,
        mapped: Option<MappedFile>,
        piece_bytes: usize,
        max_game: usize,
    ) -> ChunkReader<'r> {
        ChunkReader {
            reader,
            mapped,
            pending: Vec::new(),
            eof: false,
            offset: 0,
            line: 0,
            piece_bytes,
            next_piece: piece_bytes.min(FIRST_PIECE_BYTES),
            max_game: max_game.max(piece_bytes),
        }
    }

    fn fill(&mut self, want: usize) -> io::Result<()> {
        // Read into the buffer's spare room as it is: `read_to_end` does not zero what the
        // reader fills itself (a file, a pipe). The buffer was zeroed to the whole piece's
        // size first, 8 MiB for every file however small: 7% of the instructions of
        // `kifu check` of a 2 MB file, and 8 MiB written for each file of a directory.
        while !self.eof && self.pending.len() < want {
            let start = self.pending.len();
            self.pending.reserve_exact(want - start);
            let limit = (want - start) as u64;
            let read = (&mut self.reader)
                .take(limit)
                .read_to_end(&mut self.pending);
            match read {
                Ok(0) => self.eof = true,
                Ok(_) => {}
                Err(err) => {
                    self.pending.truncate(start);
                    return Err(err);
                }
            }
        }
        Ok(())
    }

    /// The next piece, or `None` at the end of the file. The first pieces are small, each
    /// twice the one before, from [`FIRST_PIECE_BYTES`] up to the reader's piece size: the
    /// cores wait for the first piece to be read, and then a piece is read while the one
    /// before is checked, in less time than that takes.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        let mut want = self.next_piece;
        self.next_piece = (self.next_piece * 2).min(self.piece_bytes);
        loop {
            if self.mapped.is_some() {
                match self.mapped_piece(want)? {
                    Mapped::End => return Ok(None),
                    Mapped::Piece(piece, lines) => return Ok(Some(self.chunk(piece, lines))),
                    Mapped::Short(seen) => {
                        want = self.longer(seen)?;
                        continue;
                    }
                }
            }
            self.fill(want)?;
            if self.pending.is_empty() {
                return Ok(None);
            }
            let pending = std::mem::take(&mut self.pending);
            // The piece, and its count of lines when its reading counted them.
            let piece = match String::from_utf8(pending) {
                Ok(text) => self.utf8_piece(text).map(|piece| (piece, None)),
                // UTF-8 but for a character the read cut short at the end, whose rest the
                // next read brings: the bytes before it are read as UTF-8, the rest kept.
                // (Read as bytes that are not UTF-8, a piece of a file of names in Cyrillic
                // or Chinese often ended so, and took the longer way.)
                Err(not_utf8) if !self.eof && not_utf8.utf8_error().error_len().is_none() => {
                    let valid = not_utf8.utf8_error().valid_up_to();
                    let mut bytes = not_utf8.into_bytes();
                    let cut_short = bytes.split_off(valid);
                    let text = String::from_utf8(bytes).expect("UTF-8 up to the cut character");
                    let piece = self.utf8_piece(text);
                    self.pending.extend_from_slice(&cut_short);
                    piece.map(|piece| (piece, None))
                }
                Err(not_utf8) => {
                    self.pending = not_utf8.into_bytes();
                    self.decoded_piece()
                }
            };
            let Some(((text, not_utf8, bytes, game_cuts), lines)) = piece else {
                want = self.longer(self.pending.len())?;
                continue;
            };
            return Ok(Some(
                self.chunk((text.into(), not_utf8, bytes, game_cuts), lines),
            ));
        }
    }

    /// How much to read when one game fills the `seen` bytes of a piece: twice as much, up
    /// to the limit; an error past it.
    fn longer(&self, seen: usize) -> io::Result<usize> {
        if seen >= self.max_game {
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                format!(
                    "the game on line {} is longer than {}, the most kifu reads of one game (or the file has no line breaks between games, or is not a game file)",
                    self.line + 1,
                    size(self.max_game)
                ),
            ));
        }
        Ok((seen * 2).min(self.max_game))
    }

    /// The piece read, where it is in the file; `lines`, the count of its line starts
    /// after the first ([`crate::line_count`]), when it is known.
    fn chunk(
        &mut self,
        (text, not_utf8, bytes, game_cuts): Piece<PieceText>,
        lines: Option<usize>,
    ) -> Chunk {
        let chunk = Chunk {
            offset: self.offset,
            first_line: self.line,
            bytes,
            not_utf8,
            text,
            game_cuts,
        };
        self.offset += chunk.text.len();
        self.line += lines.unwrap_or_else(|| crate::line_count(chunk.text.as_bytes()));
        chunk
    }

    /// The next piece of a mapped file, from a window of up to `want` bytes: the window's
    /// text up to its last whole game when it is UTF-8 (nearly every piece), with no copy;
    /// else its bytes decoded game by game, as a piece read is.
    fn mapped_piece(&mut self, want: usize) -> io::Result<Mapped> {
        let file = self.mapped.as_mut().expect("a mapped file");
        if file.done() {
            return Ok(Mapped::End);
        }
        let window = file.window(want)?;
        let eof = window.eof;
        let bytes = window.bytes();
        let seen = bytes.len();
        // The lines of the piece, from the window's count of `\n` (less those after the cut)
        // when it has no `\r`.
        let mut lines = None;
        let utf8 = match crate::scan::utf8_lines(bytes) {
            Ok(scanned) => {
                // SAFETY: `utf8_lines` found the bytes UTF-8.
                let text = unsafe { std::str::from_utf8_unchecked(bytes) };
                let (cut, game_cuts) = piece_end(text, eof);
                if let (Some(scanned), Some(cut)) = (scanned, cut) {
                    lines = scanned.lines_before(bytes, cut);
                }
                Some((cut, game_cuts))
            }
            // A character cut short at the window's end: the text before it.
            Err(error) if !eof && error.error_len().is_none() => {
                let text = &bytes[..error.valid_up_to()];
                let text = std::str::from_utf8(text).expect("UTF-8 up to the cut character");
                Some(piece_end(text, false))
            }
            Err(_) => None,
        };
        let piece = match utf8 {
            Some((Some(cut), game_cuts)) => {
                Some((window.into_text(cut), Vec::new(), cut, game_cuts))
            }
            Some((None, _)) => None,
            // Decoded from the window where it is mapped: copied to the pending bytes first,
            // and the rest moved to their start after the piece, the window was written
            // twice more (those copies were 0.9% of checking a Windows-1252 file's
            // instructions, callgrind).
            None => decoded_piece(window.bytes(), eof).map(
                |((text, not_utf8, bytes, game_cuts), counted)| {
                    lines = counted;
                    (text.into(), not_utf8, bytes, game_cuts)
                },
            ),
        };
        let Some(piece) = piece else {
            return Ok(Mapped::Short(seen));
        };
        self.mapped.as_mut().expect("a mapped file").at += piece.2;
        Ok(Mapped::Piece(piece, lines))
    }

    /// Gives back the text of a piece that is done with: the next piece is read into its
    /// buffer, when that is larger than the one it would be read into. A new 4 MiB buffer
    /// for every piece was mapped, faulted in page by page as it was read into, and unmapped
    /// again when the piece was dropped.
    pub fn give_back(&mut self, text: PieceText) {
        let Some(text) = text.into_buffer() else {
            return;
        };
        let mut buffer = text.into_bytes();
        if buffer.capacity() > self.pending.capacity() {
            buffer.clear();
            buffer.extend_from_slice(&self.pending);
            self.pending = buffer;
        }
    }

    /// The piece at the start of `text`, all of the pending bytes, which are UTF-8 (nearly
    /// every piece): its text, no warnings, and its length. Its bytes become its text with
    /// no copy and no second check of UTF-8 (which was 1.8% of `kifu check`'s samples with
    /// the first); what follows the piece is the next one's start. `None`, with the bytes
    /// pending again, when no game ends in them.
    fn utf8_piece(&mut self, mut text: String) -> Option<Piece<String>> {
        let (cut, game_cuts) = piece_end(&text, self.eof);
        let Some(cut) = cut else {
            self.pending = text.into_bytes();
            return None;
        };
        self.pending = text.as_bytes()[cut..].to_vec();
        text.truncate(cut);
        Some((text, Vec::new(), cut, game_cuts))
    }

    /// [`ChunkReader::utf8_piece`] for pending bytes that are not all UTF-8: each game
    /// decoded on its own, UTF-8 or Windows-1252 ([`ByteWise`]), and the piece cut as a
    /// UTF-8 one is, and its count of lines when it is known.
    fn decoded_piece(&mut self) -> Option<(Piece<String>, Option<usize>)> {
        let (piece, lines) = decoded_piece(&self.pending, self.eof)?;
        self.pending.drain(..piece.2);
        Some((piece, lines))
    }
}

/// The piece at the start of `bytes`, which are not all UTF-8 (see
/// [`ChunkReader::decoded_piece`]), and its count of lines when it is known; `None` when no
/// game ends in them (`eof`: they end the file).
fn decoded_piece(bytes: &[u8], eof: bool) -> Option<(Piece<String>, Option<usize>)> {
    let ByteWise {
        mut text,
        mut not_utf8,
        anchors,
        scanned,
    } = ByteWise::new(bytes);
    let (cut, game_cuts) = piece_end(&text, eof);
    let cut = cut?;
    let used = byte_offset(&anchors, cut);
    text.truncate(cut);
    not_utf8.truncate(not_utf8.partition_point(|n| usize::from(n.at) < cut));
    // The bytes' line ends are the text's (a byte decoded as Windows-1252 is never one).
    let lines = scanned.and_then(|s| s.lines_before(bytes, used));
    Some(((text, not_utf8, used, game_cuts), lines))
}

/// A piece read: its text, where its games that are not UTF-8 have a byte that is not, how
/// many bytes of the file it used, and its game cuts (see [`Chunk::game_cuts`]).
type Piece<T> = (T, Vec<NotUtf8>, usize, Vec<usize>);

/// What a window of a mapped file gave.
enum Mapped {
    /// Every byte was taken.
    End,
    /// The next piece, and its count of lines when it is known.
    Piece(Piece<PieceText>, Option<usize>),
    /// One game fills all of the window's bytes: a longer one is needed.
    Short(usize),
}

/// Where the piece that starts `text` ends (`None` when no game ends in it; all of it at
/// the end of the file), and its game cuts (see [`Chunk::game_cuts`]): found when the piece
/// is lexed whole, because it has no line that starts a tag pair to cut at.
fn piece_end(text: &str, eof: bool) -> (Option<usize>, Vec<usize>) {
    if !eof {
        return tail_game_boundary(text);
    }
    // The last piece of a file, which ends where the file does: lexed whole only when it
    // is large and has no cut point past its first part (a file without tag pairs).
    if text.len() <= 2 * GAME_CUT_BYTES
        || pgn::cut_point_after(text.as_bytes(), GAME_CUT_BYTES).is_some()
    {
        return (Some(text.len()), Vec::new());
    }
    let games = pgn::Games::new(text);
    (Some(text.len()), game_cuts(text, &games, text.len()))
}

/// The lines before `end` that start a game of `text` (`games`, all of its games), where no
/// game before reaches into the line, at least [`GAME_CUT_BYTES`] apart and after the
/// first: cut points, as [`pgn::cut_points`]'s are (no token crosses the start of a game's
/// line when no game before reaches into it).
fn game_cuts(text: &str, games: &pgn::Games<'_>, end: usize) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut cuts = Vec::new();
    let mut last = 0;
    for i in 1..games.len() {
        let start = usize::from(games.range(i).start());
        if start >= end {
            break;
        }
        if start < last + GAME_CUT_BYTES {
            continue;
        }
        let line_start = memchr::memrchr2(b'\n', b'\r', &bytes[..start]).map_or(0, |p| p + 1);
        if line_start >= usize::from(games.range(i - 1).end()) && line_start > last {
            cuts.push(line_start);
            last = line_start;
        }
    }
    cuts
}

/// [`last_game_boundary`] without lexing all of `text`: its games from a line in its last
/// part that starts a tag pair after a blank line, where no token crosses. The games found
/// from there are the whole text's but for the first (which may have begun before), and
/// the boundary is never at the first.
fn tail_game_boundary(text: &str) -> (Option<usize>, Vec<usize>) {
    // Most games are a few kilobytes, engine games with comments some tens: a last part
    // that holds two of them, then larger ones, each four times the last, then the whole
    // text. A 1 MiB part first lexed an eighth of every 8 MiB piece (as they were then)
    // again, 5% of `kifu check`'s samples; a 64 KiB one still 1% of its instructions on a
    // database of 4 KB games. From 64 KiB straight to 1 MiB, a piece that ends in engine
    // games of 40 KB lexed a quarter of itself again (3 of the 28 pieces of the check
    // bench's 110 MB).
    tail_game_boundary_in(text, &[16 << 10, 64 << 10, 256 << 10, 1 << 20])
}

/// [`tail_game_boundary`], trying the last `tails` bytes of `text` in turn.
fn tail_game_boundary_in(text: &str, tails: &[usize]) -> (Option<usize>, Vec<usize>) {
    for &tail in tails {
        let Some(from) = pgn::cut_point_after(text.as_bytes(), text.len().saturating_sub(tail))
        else {
            continue;
        };
        let games = pgn::Games::new_in(text, from..text.len(), false);
        if let Some(cut) = last_game_boundary(text, &games) {
            return (Some(cut), Vec::new());
        }
        if from == 0 {
            break;
        }
    }
    // Lexed whole: its games say where parts of it can start too.
    let games = pgn::Games::new(text);
    let cut = last_game_boundary(text, &games);
    let cuts = cut.map_or_else(Vec::new, |cut| game_cuts(text, &games, cut));
    (cut, cuts)
}

/// Where the last game that may be incomplete starts: the start of the line of the last
/// game's first token, if no earlier game reaches into that line.
fn last_game_boundary(text: &str, games: &pgn::Games<'_>) -> Option<usize> {
    let bytes = text.as_bytes();
    (1..games.len()).rev().find_map(|i| {
        let start = usize::from(games.range(i).start());
        // A line starts after `\n`, `\r\n` or a lone `\r` (a game's first token is not
        // white space, so a `\r` just before it is not half of a `\r\n`).
        let line_start = memchr::memrchr2(b'\n', b'\r', &bytes[..start]).map_or(0, |p| p + 1);
        (line_start >= usize::from(games.range(i - 1).end()) && line_start > 0)
            .then_some(line_start)
    })
}

/// Up to a dozen pieces of bytes of every kind of bad UTF-8 sequence (a lone continuation
/// byte, a lead byte cut short at the end and in the middle, an overlong form, a surrogate,
/// a code point past U+10FFFF, 0xff, GBK's bytes) among ASCII and valid two-, three- and
/// four-byte characters (U+FFFD among them): for tests of what reads UTF-8.
#[cfg(test)]
pub(crate) fn broken_utf8(random: &mut kifu_testing::Lcg) -> Vec<u8> {
    const PIECES: [&[u8]; 15] = [
        b"abc",
        b"\x80",
        b"\xc3",
        b"\xc3\xa9",
        b"\xe5\x90",
        b"\xe5\x90\x8d",
        b"\xf0\x9f\x98",
        b"\xf0\x9f\x98\x80",
        b"\xc0\xaf",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
        b"\xff",
        b"\xb5\xda",
        b"(;B[dd]C[",
        b"\xef\xbf\xbd",
    ];
    let mut bytes = Vec::new();
    for _ in 0..random.below(12) {
        bytes.extend_from_slice(PIECES[random.below(PIECES.len())]);
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of games without tag pairs (movetext alone, with comments over several lines
    /// and a blank line inside one): each large piece, lexed whole to find its end, the last
    /// one too, is cut into parts at lines that start a game (as the whole text's games
    /// start, and where no game before reaches), at least [`GAME_CUT_BYTES`] apart. With
    /// the cut points of tag pairs alone, each piece was one part.
    #[test]
    fn a_piece_without_tag_pairs_is_cut_at_its_games() {
        let mut text = String::new();
        let mut n = 0;
        while text.len() < 3 << 20 {
            match n % 50 {
                7 => text.push_str("1. e4 {a comment\n\n1. d4 over lines} e5 2. Nf3 *\n\n"),
                13 => text.push_str("1. e4 e5 ; a line comment {\n2. Nf3 Nc6 1-0\n\n"),
                _ => {
                    text.push_str("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2\n\n")
                }
            }
            n += 1;
        }
        let games = pgn::Games::new(&text);
        let starts: Vec<usize> = (0..games.len())
            .map(|i| usize::from(games.range(i).start()))
            .collect();
        let mut reader = ChunkReader::new(text.as_bytes(), 1 << 20, MAX_GAME_BYTES).unwrap();
        let (mut pieces, mut parts) = (0, 0);
        while let Some(chunk) = reader.next_chunk().unwrap() {
            let cuts = chunk.cut_points(256 << 10);
            assert!(
                cuts.len() >= 2,
                "piece {pieces}: {} bytes, one part",
                chunk.text.len()
            );
            for pair in cuts.windows(2) {
                assert!(pair[1] >= pair[0] + (256 << 10), "{cuts:?}");
            }
            for &cut in &cuts {
                let at = chunk.offset + cut;
                assert!(
                    starts.binary_search(&at).is_ok(),
                    "a cut at {at} is no game's start"
                );
            }
            pieces += 1;
            parts += cuts.len();
        }
        assert!(
            pieces >= 3 && parts >= 3 * pieces,
            "{pieces} pieces, {parts} parts"
        );
    }

    /// `from_utf8_lossy`'s text, on bytes with every kind of bad sequence (see
    /// [`broken_utf8`]).
    #[test]
    fn lossy_utf8_is_from_utf8_lossy() {
        let mut random = kifu_testing::Lcg::new(17);
        for _ in 0..20_000 {
            let bytes = broken_utf8(&mut random);
            assert_eq!(
                lossy_utf8(&bytes),
                String::from_utf8_lossy(&bytes),
                "{bytes:?}"
            );
        }
        assert!(matches!(lossy_utf8(b"plain"), Cow::Borrowed("plain")));
    }

    /// Each piece's text, offset and first line, read from `content` in pieces of `size`.
    fn chunks(content: &[u8], size: usize) -> Vec<(String, usize, usize)> {
        read(content, size)
            .into_iter()
            .map(|c| (c.text.into_string(), c.offset, c.first_line))
            .collect()
    }

    /// The pieces of `content` in pieces of `size`, read; and the same as those of the file
    /// of `content` mapped into memory (see [`mapped_pieces`]).
    fn read(content: &[u8], size: usize) -> Vec<Chunk> {
        let read = read_buffered(content, size);
        if let Some(mapped) = mapped_pieces(content, size, MAX_GAME_BYTES) {
            let mapped = mapped.unwrap();
            assert_eq!(mapped.len(), read.len(), "size {size}");
            for (m, r) in mapped.iter().zip(&read) {
                assert_eq!(m.text.as_str(), r.text.as_str(), "size {size}");
                assert_eq!(
                    (m.offset, m.first_line, m.bytes, &m.not_utf8, &m.game_cuts),
                    (r.offset, r.first_line, r.bytes, &r.not_utf8, &r.game_cuts),
                    "size {size}"
                );
            }
        }
        read
    }

    /// The pieces of `content` in pieces of `size`, read into buffers only; each piece's
    /// first line is the count of the lines of the text before it (counted by the reader
    /// from the bytes it looked at, and from the text here).
    fn read_buffered(content: &[u8], size: usize) -> Vec<Chunk> {
        let pieces = pieces_of(ChunkReader::new(content, size, MAX_GAME_BYTES).unwrap()).unwrap();
        let mut line = 0;
        for piece in &pieces {
            assert_eq!(piece.first_line, line, "size {size}");
            line += crate::line_count(piece.text.as_bytes());
        }
        pieces
    }

    /// Every piece `reader` reads.
    fn pieces_of(mut reader: ChunkReader<'_>) -> io::Result<Vec<Chunk>> {
        let mut out = Vec::new();
        while let Some(chunk) = reader.next_chunk()? {
            out.push(chunk);
        }
        Ok(out)
    }

    /// The pieces of a file of `content` read in windows mapped into memory; `None` for
    /// UTF-16, which is read and transcoded.
    fn mapped_pieces(
        content: &[u8],
        size: usize,
        max_game: usize,
    ) -> Option<io::Result<Vec<Chunk>>> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static FILES: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "kifu-mapped-{}-{}.pgn",
            std::process::id(),
            FILES.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&path, content).unwrap();
        let file = mapped_file(File::open(&path).unwrap()).unwrap();
        let pieces = file.map(|file| pieces_of(ChunkReader::of_mapped(file, size, max_game)));
        std::fs::remove_file(&path).unwrap();
        pieces
    }

    /// A UTF-8 file's pieces are windows of the mapped file, not copies (with a `\r` or
    /// without: the lines are counted either way), and a Latin-1 game's piece is decoded.
    #[test]
    fn a_utf8_file_is_read_mapped() {
        for end in ["\n", "\r\n"] {
            let content = "[Event \"é\"]\n\n1. e4 {a\ncomment} e5 *\n\n"
                .replace('\n', end)
                .repeat(200);
            let pieces = mapped_pieces(content.as_bytes(), 1000, MAX_GAME_BYTES)
                .expect("mapped")
                .unwrap();
            assert!(pieces.len() > 5);
            assert!(pieces.iter().all(|p| p.text.is_mapped()));
            let last = pieces.last().unwrap();
            assert_eq!(
                last.first_line + crate::line_count(last.text.as_bytes()),
                5 * 200
            );
        }
        let latin1 = b"[Event \"\xe9\"]\n\n1. e4 *\n\n".repeat(200);
        let pieces = mapped_pieces(&latin1, 1000, MAX_GAME_BYTES)
            .unwrap()
            .unwrap();
        assert!(pieces
            .iter()
            .all(|p| !p.text.is_mapped() && !p.not_utf8.is_empty()));
    }

    #[test]
    fn pieces_hold_whole_games_and_join_to_the_file() {
        for end in ["\n", "\r\n", "\r"] {
            let game = "[Event \"é\"]\n\n1. e4 {a\ncomment} e5 *\n\n".replace('\n', end);
            let content = game.repeat(50);
            for size in [7, 40, 100, 1000, 1 << 20] {
                let pieces = chunks(content.as_bytes(), size);
                let joined: String = pieces.iter().map(|p| p.0.as_str()).collect();
                assert_eq!(joined, content, "size {size}");
                if size < 1000 {
                    assert!(pieces.len() > 1, "{end:?} size {size}: cut into pieces");
                }
                let mut offset = 0;
                let mut line = 0;
                for (text, at, first_line) in &pieces {
                    assert_eq!((*at, *first_line), (offset, line), "{end:?} size {size}");
                    assert!(text.starts_with("[Event"), "size {size}: {text:?}");
                    offset += text.len();
                    line += text.matches(end).count();
                }
            }
        }
    }

    /// The first pieces are small and each twice the one before, up to the piece size:
    /// the cores start on the file sooner.
    #[test]
    fn the_first_pieces_grow_from_small_to_the_piece_size() {
        let game = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
        let size = 16 * FIRST_PIECE_BYTES;
        let content = game.repeat(2 * size / game.len());
        let pieces = read(content.as_bytes(), size);
        let lengths: Vec<usize> = pieces.iter().map(|p| p.text.len()).collect();
        let mut want = FIRST_PIECE_BYTES;
        for (k, &len) in lengths[..lengths.len() - 1].iter().enumerate() {
            // A piece ends at the last game that ends within what it read.
            assert!(
                len <= want && len + game.len() > want,
                "piece {k}: {len} bytes, {want} read ({lengths:?})"
            );
            want = (want * 2).min(size);
        }
        assert_eq!(want, size, "the pieces reached the piece size: {lengths:?}");
        let joined: String = pieces.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(joined, content);
    }

    #[test]
    fn pieces_give_each_core_two_parts_up_to_a_bound() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let piece = piece_bytes();
        assert!(piece >= PIECE_BYTES);
        assert!(
            piece / (256 << 10) >= (2 * cores).min(MAX_PIECE_BYTES / (256 << 10)),
            "{piece} bytes for {cores} cores"
        );
        assert!(
            piece <= PIECE_BYTES.max(cores << 20),
            "not more than it needs"
        );
        assert!(piece <= MAX_PIECE_BYTES, "memory stays bounded");
    }

    #[test]
    fn the_tail_finds_the_boundary_that_all_of_the_text_finds() {
        // Games of every length (a long one holds more than the small tails below), a
        // comment across lines, a blank line between tag pairs, a game with no tags, a
        // comment that holds a blank line and a tag pair (no place to cut).
        let games = [
            "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 e5 2. Nf3 *\n\n".to_string(),
            "[Event \"c\"]\n\n[Round \"1\"]\n\n1. d4 {a\n\ncomment} d5 1-0\n\n".to_string(),
            format!(
                "[Event \"long\"]\n\n{}*\n\n",
                "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(40)
            ),
            "1. c4 c5 *\n\n".to_string(),
            "1. g3 {a\n\n[Event \"x\"]\n} g6 *\n\n".to_string(),
            "[Event \"é\"]\r\n\r\n1. e4 {é} 0-1\r\n\r\n".to_string(),
        ];
        let mut text = String::new();
        for i in 0..40 {
            text.push_str(&games[(i * 7) % games.len()]);
        }
        let mut checked = 0;
        for end in (1..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .step_by(3)
        {
            let text = &text[..end];
            let whole = last_game_boundary(text, &pgn::Games::new(text));
            for tails in [&[16, 200][..], &[100][..], &[1000, 5000][..]] {
                assert_eq!(
                    tail_game_boundary_in(text, tails).0,
                    whole,
                    "{tails:?} at {end}"
                );
            }
            checked += usize::from(whole.is_some());
        }
        assert!(checked > 1000, "{checked} texts with a boundary");
    }

    #[test]
    fn pieces_read_into_buffers_given_back_are_the_same() {
        let game = "[Event \"é\"]\n\n1. e4 {a\ncomment} e5 *\n\n";
        let content = format!("{}[Event \"ö\"]\n\n1. d4 \u{fffd} d5 *\n", game.repeat(60));
        let mut latin1 = content.clone().into_bytes();
        latin1.extend_from_slice(b"\n[Event \"\xe9\"]\n\n1. c4 *\n");
        for bytes in [content.as_bytes(), &latin1[..]] {
            for size in [7, 40, 100, 1000] {
                let mut reader = ChunkReader::new(bytes, size, MAX_GAME_BYTES).unwrap();
                let mut given_back = Vec::new();
                let mut buffers = 0;
                while let Some(chunk) = reader.next_chunk().unwrap() {
                    let pending = reader.pending.capacity();
                    let text = chunk.text.into_buffer().expect("read into a buffer");
                    given_back.push((text.clone(), chunk.offset, chunk.first_line));
                    given_back.push((format!("{:?}", chunk.not_utf8), 0, 0));
                    let capacity = text.capacity();
                    reader.give_back(text.into());
                    buffers += usize::from(capacity > pending);
                }
                let plain: Vec<(String, usize, usize)> = read(bytes, size)
                    .into_iter()
                    .flat_map(|c| {
                        [
                            (c.text.into_string(), c.offset, c.first_line),
                            (format!("{:?}", c.not_utf8), 0, 0),
                        ]
                    })
                    .collect();
                assert_eq!(given_back, plain, "size {size}");
                assert!(buffers > 0, "size {size}: no buffer read into again");
            }
        }
    }

    /// A reader that gives a few bytes at a time and is now and then interrupted, as a pipe
    /// or a terminal can.
    struct Trickle<'a> {
        bytes: &'a [u8],
        calls: usize,
    }

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.calls += 1;
            if self.calls.is_multiple_of(5) {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = (self.calls % 7 + 1).min(out.len()).min(self.bytes.len());
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    #[test]
    fn pieces_read_a_few_bytes_at_a_time_are_the_same() {
        let content = "[Event \"é\"]\n\n1. e4 {a\ncomment} e5 *\n\n".repeat(40);
        for size in [7, 100, 1000, 1 << 20] {
            let trickle = Trickle {
                bytes: content.as_bytes(),
                calls: 0,
            };
            let mut reader = ChunkReader::new(trickle, size, MAX_GAME_BYTES).unwrap();
            let mut pieces = Vec::new();
            while let Some(chunk) = reader.next_chunk().unwrap() {
                pieces.push((chunk.text.into_string(), chunk.offset, chunk.first_line));
            }
            assert_eq!(pieces, chunks(content.as_bytes(), size), "size {size}");
        }
    }

    #[test]
    fn latin1_pieces() {
        let game = b"[Event \"\xe9\"]\n\n1. e4 e5 *\n\n".repeat(20);
        let pieces = chunks(&game, 64);
        let joined: String = pieces.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(joined, "[Event \"é\"]\n\n1. e4 e5 *\n\n".repeat(20));
    }

    /// The `not-utf8` warnings of a piece, a game at a time, its games as the grammar cuts
    /// them.
    fn game_warnings(chunk: &Chunk) -> Vec<SyntaxError> {
        let games = pgn::Games::new(&chunk.text);
        (0..games.len())
            .filter_map(|i| chunk.warning_of(games.range(i)))
            .collect()
    }

    /// A database of random games with bytes that are not ASCII in every place a game can
    /// have them (tag values, comments, moves, between tag pairs), each of a kind: Latin-1,
    /// valid UTF-8, U+FFFD itself, bad sequences cut short; games with a blank line between
    /// their tag pairs (a cut point inside a game), with no blank line between them, with no
    /// result, with a comment that is not closed, a byte order mark, and `\r\n` line ends.
    fn mixed_database(random: &mut kifu_testing::Lcg) -> Vec<u8> {
        const ODD: [&[u8]; 9] = [
            b"",
            b"\xe9",
            b"\xf6\xe4",
            "é".as_bytes(),
            "ć".as_bytes(),
            "\u{fffd}".as_bytes(),
            b"\xc3",
            b"\xe2\x82",
            b"\x80\xff",
        ];
        let odd = |random: &mut kifu_testing::Lcg| -> Vec<u8> {
            // Most places plain ASCII; the rest one of the kinds.
            if random.below(3) == 0 {
                ODD[1 + random.below(ODD.len() - 1)].to_vec()
            } else {
                Vec::new()
            }
        };
        let mut bytes = Vec::new();
        for _ in 0..random.below(30) + 1 {
            let mut game = Vec::new();
            // Files joined, one with a byte order mark (the file's own is dropped as it is
            // read, so not the first).
            if random.below(20) == 0 && !bytes.is_empty() {
                game.extend_from_slice("\u{feff}".as_bytes());
                // Stray text right after it, in the game: a run of characters that are
                // not ASCII that starts between games.
                if random.below(2) == 0 {
                    game.extend(odd(random));
                    game.extend_from_slice(b" ");
                }
            }
            game.extend_from_slice(b"[Event \"E");
            game.extend(odd(random));
            game.extend_from_slice(b"\"]\n");
            match random.below(8) {
                0 => game.extend_from_slice(b"\n"),
                1 => {
                    game.extend_from_slice(b"{c");
                    game.extend(odd(random));
                    game.extend_from_slice(b"}\n");
                }
                _ => {}
            }
            game.extend_from_slice(b"[White \"W");
            game.extend(odd(random));
            game.extend_from_slice(b"\"]\n\n1. e4 ");
            game.extend(odd(random));
            game.extend_from_slice(b" e5 {x");
            game.extend(odd(random));
            game.extend_from_slice(b"} 2. Nf3 ");
            match random.below(10) {
                0 => {}
                1 => game.extend_from_slice(b"{open "),
                2 => game.extend_from_slice(b"(2. d4) *"),
                _ => game.extend_from_slice(b"1-0"),
            }
            game.extend_from_slice(if random.below(4) == 0 { b"\n" } else { b"\n\n" });
            if random.below(6) == 0 {
                let mut crlf = Vec::new();
                for b in game {
                    if b == b'\n' {
                        crlf.push(b'\r');
                    }
                    crlf.push(b);
                }
                game = crlf;
            }
            bytes.extend(game);
        }
        bytes
    }

    /// Decoding byte by byte, lexing only around the characters whose game decides them,
    /// gives the text and the warnings (one per game that is not UTF-8, at its first bad
    /// byte) that decoding every game on its own does, whole and in pieces of any size.
    #[test]
    fn byte_wise_decoding_is_decoding_game_by_game() {
        let mut random = kifu_testing::Lcg::new(29);
        let mut mixed = 0;
        for round in 0..3000 {
            let bytes = mixed_database(&mut random);
            let view = LossyView::new(&bytes);
            let games = pgn::Games::new(&view.text);
            let (text, not_utf8) = view.decode_games(&bytes, &games, view.text.len());
            let byte_wise = ByteWise::new(&bytes);
            let shown = String::from_utf8_lossy(&bytes);
            assert_eq!(byte_wise.text, text, "{shown:?}");
            // With a byte order mark first, as a piece of a joined file may start: white
            // space between games, UTF-8 whatever the game after it is.
            let marked = ["\u{feff}".as_bytes(), &bytes].concat();
            let view = LossyView::new(&marked);
            let marked_games = pgn::Games::new(&view.text);
            let (marked_text, _) = view.decode_games(&marked, &marked_games, view.text.len());
            assert_eq!(ByteWise::new(&marked).text, marked_text, "{shown:?}");
            let chunk = Chunk {
                text: byte_wise.text.into(),
                offset: 0,
                first_line: 0,
                bytes: bytes.len(),
                not_utf8: byte_wise.not_utf8,
                game_cuts: Vec::new(),
            };
            let whole: Vec<SyntaxError> =
                not_utf8.iter().map(|n| n.warning(&text, "game")).collect();
            assert_eq!(game_warnings(&chunk), whole, "{shown:?}");
            // And a file read whole (`kifu tree`, a document from bytes).
            let decoded = decode(Notation::Pgn, &bytes);
            assert_eq!(
                (&decoded.text, &decoded.warnings),
                (&text, &whole),
                "{shown:?}"
            );
            mixed += usize::from(!not_utf8.is_empty() && text.chars().any(|c| c == 'é'));
            for size in [1, 50, 200, 1000] {
                // Mapped too, in one round of ten (a file written and mapped a window at a
                // time took 8 s of the test's time in every round).
                let pieces = if round % 10 == 0 {
                    read(&bytes, size)
                } else {
                    read_buffered(&bytes, size)
                };
                let joined: String = pieces.iter().map(|p| p.text.as_str()).collect();
                assert_eq!(joined, text, "size {size}: {shown:?}");
                let warned: Vec<SyntaxError> = pieces
                    .iter()
                    .flat_map(|p| {
                        game_warnings(p).into_iter().map(|mut w| {
                            w.range += TextSize::from(p.offset as u32);
                            w
                        })
                    })
                    .collect();
                assert_eq!(warned, whole, "size {size}: {shown:?}");
            }
        }
        assert!(mixed > 500, "{mixed} texts with both kinds of games");
    }

    /// A database that mixes UTF-8 and Latin-1 games is decoded game by game, the same way
    /// for every piece size: `René` stays `René` in each UTF-8 game, whatever the bytes of
    /// the Latin-1 games beside it.
    #[test]
    fn each_game_is_decoded_on_its_own_whatever_the_piece_size() {
        let utf8 = "[White \"René\"]\n\n1. e4 {Réti} e5 *\n\n"
            .as_bytes()
            .to_vec();
        let latin1 = b"[White \"Ren\xe9\"]\n\n1. e4 {R\xe9ti} e5 *\n\n".to_vec();
        let mut content = Vec::new();
        let mut expected = Vec::new();
        for i in 0..60 {
            let latin = i % 3 == 1 || i % 7 == 0;
            content.extend(if latin { &latin1 } else { &utf8 });
            expected.push(latin);
        }
        let one_game = "[White \"René\"]\n\n1. e4 {Réti} e5 *\n\n";
        let mut answers = Vec::new();
        for size in [13, 64, 100, 333, 1000, 4096, 1 << 20] {
            let pieces = read(&content, size);
            let text: String = pieces.iter().map(|p| p.text.as_str()).collect();
            assert_eq!(text, one_game.repeat(60), "size {size}");
            let warned: Vec<usize> = pieces
                .iter()
                .flat_map(|p| {
                    game_warnings(p).into_iter().map(move |w| {
                        assert_eq!(w.code, codes::NotUtf8);
                        assert_eq!(&p.text[w.range], "é", "the first byte that is not UTF-8");
                        (p.offset + usize::from(w.range.start())) / one_game.len()
                    })
                })
                .collect();
            let latin: Vec<usize> = (0..60).filter(|&i| expected[i]).collect();
            assert_eq!(warned, latin, "size {size}: one warning per Latin-1 game");
            answers.push((text, warned));
        }
        assert!(answers.windows(2).all(|w| w[0] == w[1]));
        // Read whole, as `kifu tree` does, the answer is the same.
        let view = LossyView::new(&content);
        let games = pgn::Games::new(&view.text);
        let (text, warnings) = view.decode_games(&content, &games, view.text.len());
        assert_eq!(
            (text, warnings.len()),
            (one_game.repeat(60), answers[0].1.len())
        );
    }

    #[test]
    fn utf16_with_a_byte_order_mark_is_transcoded() {
        let game = "[White \"Réti\"]\n\n1. e4 e5 *\n\n".repeat(200);
        for (bom, encode) in [
            (&[0xFF, 0xFE][..], u16::to_le_bytes as fn(u16) -> [u8; 2]),
            (&[0xFE, 0xFF][..], u16::to_be_bytes),
        ] {
            let mut bytes = bom.to_vec();
            bytes.extend(game.encode_utf16().flat_map(encode));
            for size in [50, 1 << 20] {
                let text: String = read(&bytes, size)
                    .into_iter()
                    .map(|c| c.text.into_string())
                    .collect();
                assert_eq!(text, game);
            }
        }
        let mut bytes = vec![0xEF, 0xBB, 0xBF];
        bytes.extend(game.as_bytes());
        let text: String = read(&bytes, 64)
            .into_iter()
            .map(|c| c.text.into_string())
            .collect();
        assert_eq!(text, game, "a UTF-8 byte order mark is dropped");
    }

    #[test]
    fn a_game_over_the_limit_is_refused() {
        let mut content = b"1. e4 *\n\n".to_vec();
        content.extend(std::iter::repeat_n(0u8, 5000));
        content.extend(b"\n\n1. d4 *\n");
        let mut reader = ChunkReader::new(&content[..], 64, 1024).unwrap();
        let first = reader.next_chunk().unwrap().unwrap();
        assert_eq!(first.text, "1. e4 *\n\n");
        let err = reader.next_chunk().err().expect("refused");
        let mapped = mapped_pieces(&content, 64, 1024).unwrap();
        let mapped_err = mapped.err().expect("refused when mapped too");
        assert_eq!(mapped_err.to_string(), err.to_string());
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        assert!(
            err.to_string().starts_with(
                "the game on line 3 is longer than 1024 bytes, the most kifu reads of one game"
            ),
            "{err}"
        );
        // Under the limit, the same game is read.
        let text: String = read(&content, 64)
            .into_iter()
            .map(|c| c.text.into_string())
            .collect();
        assert_eq!(text.as_bytes(), content);
    }

    #[test]
    fn a_whole_file_over_the_limit_is_refused() {
        let err = read_whole_from(&[b'x'; 1001][..], 0, 1000).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            read_whole_from(&[b'x'; 1000][..], 1000, 1000)
                .unwrap()
                .len(),
            1000
        );
    }

    /// The encoding a file is written back in: the one all of it is in, both ways; none for
    /// UTF-8 and UTF-16, for two encodings in one file, or for bytes kifu replaced.
    #[test]
    fn a_file_is_written_back_in_its_one_encoding() {
        let back = |notation: Notation, bytes: &[u8]| {
            let text = decode(notation, bytes).text;
            legacy_encoding(notation, bytes, &text).map(|e| e.name())
        };
        let latin1: &[u8] = b"[White \"M\xfcller\"]\n1. e4 *\n";
        assert_eq!(back(Notation::Pgn, latin1), Some("windows-1252"));
        assert_eq!(
            back(Notation::Pdn, b"{\xe9} 1. 32-28 *"),
            Some("windows-1252")
        );
        let both = b"[White \"M\xc3\xbcller\"]\n1. e4 *\n\n[White \"M\xfcller\"]\n1. d4 *\n";
        assert_eq!(
            back(Notation::Pgn, both),
            None,
            "a game in UTF-8, one in Latin-1"
        );
        assert_eq!(back(Notation::Pgn, "[White \"Müller\"]".as_bytes()), None);
        assert_eq!(
            back(Notation::Sgf, b"(;CA[gb2312]PB[\xc0\xee])"),
            Some("GBK"),
            "as `CA[]` names it"
        );
        // No `CA[]`: as kifu guessed (EUC-JP, for so few bytes); whichever it guessed, the
        // bytes come back the same.
        assert_eq!(
            back(Notation::Sgf, b"(;PB[\xc0\xee\xca\xc0\xca\xaf])"),
            Some("EUC-JP")
        );
        let utf16: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain("(;PB[李])".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(
            back(Notation::Sgf, &utf16),
            None,
            "UTF-16 is written as UTF-8"
        );
        // UTF-8 with a byte lost (as Fox files have): kifu replaced it, so not the file.
        assert_eq!(back(Notation::Sgf, b"(;PB[\xe6\x9d\x8e\xe4\xb8])"), None);
    }
}
