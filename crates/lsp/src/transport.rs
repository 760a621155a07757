//! The bytes between the editor and tower-lsp, both ways. tower-lsp 0.20 ends its input at
//! the first message it cannot decode (its codec stream stops after an error; the process
//! then exits 1), allocates whatever `Content-Length` says (`1000000000000` aborts the
//! process), keeps reading stdin after `exit` (upstream issue 399), refuses `shutdown` with
//! `"params": null` (as Emacs' eglot sends it) and answers no `$/` request. So the editor's
//! messages go through a filter that frames and validates them itself:
//!
//! - a body that is not JSON (or has a lone surrogate escape, which tower-lsp cannot
//!   decode) is answered with -32700 (parse error), JSON that is not a
//!   JSON-RPC message with -32600 (invalid request), a `$/` request with -32601 (method not
//!   found); none of them reaches tower-lsp, and the filter reads on;
//! - bytes that are not a header (invalid UTF-8, garbage between messages) are skipped up to
//!   the next `Content-Length` header;
//! - a message over [`MAX_MESSAGE`] is answered with -32600 and skipped, never allocated;
//! - `$/cancelRequest` marks the request cancelled at once (see [`crate::requests`]), even
//!   while tower-lsp is busy answering another;
//! - after `exit` the server's input ends, and the process with it.
//!
//! Answers come from two writers, the filter and tower-lsp, and some results are written by
//! the server itself ([`crate::requests`]). All of them go through one [`Output`] channel to
//! one task that owns stdout, a whole message at a time, so no two messages interleave.

use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde::de::IgnoredAny;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use tokio::io::{
    AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader,
    DuplexStream,
};
use tokio::sync::mpsc;
use tower_lsp::jsonrpc::{Error, ErrorCode, Id, Response};

use crate::requests::Requests;

/// The largest message the server reads: a 256 MiB document is far past what an editor
/// opens, and a bigger `Content-Length` is a client's bug, not a reason to run out of memory.
pub const MAX_MESSAGE: u64 = 256 << 20;

/// A header line longer than this is not a header: only its end is kept, where a
/// `Content-Length` header after garbage would be.
const MAX_HEADER_LINE: usize = 4096;
const KEPT_OF_LONG_LINE: usize = 128;

/// Whole messages for stdout; each is a list of pieces written one after another (a large
/// result is not copied to be framed).
pub type Message = Vec<Piece>;

/// A piece of a message: bytes, or bytes made as they are written.
pub enum Piece {
    Bytes(Vec<u8>),
    Deferred(Deferred),
}

impl From<Vec<u8>> for Piece {
    fn from(bytes: Vec<u8>) -> Piece {
        Piece::Bytes(bytes)
    }
}

impl From<Deferred> for Piece {
    fn from(deferred: Deferred) -> Piece {
        Piece::Deferred(deferred)
    }
}

impl Piece {
    /// How many bytes the piece writes.
    fn len(&self) -> usize {
        match self {
            Piece::Bytes(bytes) => bytes.len(),
            Piece::Deferred(deferred) => deferred.length,
        }
    }
}

/// Bytes made a part at a time while they are written, rather than held whole until then:
/// every semantic token of a 10 MB document is 8.7 MB of JSON, which the server held on top
/// of the document (55–56 MiB for 10.73 MiB, more than the 5 times of issue 17).
pub struct Deferred {
    /// How many bytes the parts hold in all: the writer writes exactly this many, so that
    /// the message's `Content-Length` holds whatever the parts are.
    pub length: usize,
    /// The parts, in order, made when the writer asks for them.
    pub parts: Box<dyn Iterator<Item = Vec<u8>> + Send>,
}

/// The one way to stdout.
#[derive(Clone)]
pub struct Output(mpsc::UnboundedSender<Message>);

impl Output {
    /// The sending side, and what the writer task ([`write`]) reads.
    pub fn new() -> (Output, mpsc::UnboundedReceiver<Message>) {
        let (sender, receiver) = mpsc::unbounded_channel();
        (Output(sender), receiver)
    }

    /// Frames and sends a message made of `pieces`, in order.
    pub fn send(&self, pieces: Vec<Vec<u8>>) {
        self.send_pieces(pieces.into_iter().map(Piece::Bytes).collect());
    }

    /// [`Output::send`] for pieces that may be made as they are written.
    pub fn send_pieces(&self, mut pieces: Vec<Piece>) {
        let length: usize = pieces.iter().map(Piece::len).sum();
        let header = format!("Content-Length: {length}\r\n\r\n").into_bytes();
        pieces.insert(0, Piece::Bytes(header));
        // The writer only goes away when the process is ending.
        let _ = self.0.send(pieces);
    }

    /// Sends a JSON-RPC error answer.
    pub fn error(&self, id: Id, error: Error) {
        if let Ok(body) = serde_json::to_vec(&Response::from_error(id, error)) {
            self.send(vec![body]);
        }
    }
}

/// Writes the messages to `output`, flushing when no more are waiting. If the editor stops
/// reading, the rest is dropped rather than block the server.
pub async fn write(
    mut output: impl AsyncWrite + Unpin,
    mut messages: mpsc::UnboundedReceiver<Message>,
) {
    let mut broken = false;
    while let Some(message) = messages.recv().await {
        if broken {
            continue;
        }
        // One write for all but large messages: each write to stdout is a trip to a
        // blocking thread. A large message's pieces are freed as they are written.
        let small = message.len() > 1
            && message.iter().map(Piece::len).sum::<usize>() <= 1 << 20
            && message.iter().all(|piece| matches!(piece, Piece::Bytes(_)));
        let pieces = if small {
            let mut whole = Vec::new();
            for piece in message {
                if let Piece::Bytes(bytes) = piece {
                    whole.extend_from_slice(&bytes);
                }
            }
            vec![Piece::Bytes(whole)]
        } else {
            message
        };
        for piece in pieces {
            let written = match piece {
                Piece::Bytes(bytes) => output.write_all(&bytes).await,
                Piece::Deferred(deferred) => write_deferred(&mut output, deferred).await,
            };
            if written.is_err() {
                broken = true;
                break;
            }
        }
        if !broken && messages.is_empty() && output.flush().await.is_err() {
            broken = true;
        }
    }
    let _ = output.flush().await;
}

/// Writes `deferred`'s parts as they are made, exactly `deferred.length` bytes: parts past
/// that are cut, and spaces (white space after JSON) make up parts that fell short, so the
/// messages after it are framed right whatever the parts were (a test holds the parts of
/// semantic tokens to their length).
async fn write_deferred(
    output: &mut (impl AsyncWrite + Unpin),
    deferred: Deferred,
) -> std::io::Result<()> {
    let mut left = deferred.length;
    for part in deferred.parts {
        let part = &part[..part.len().min(left)];
        output.write_all(part).await?;
        left -= part.len();
        if left == 0 {
            break;
        }
    }
    const SPACES: [u8; 64] = [b' '; 64];
    while left > 0 {
        let n = left.min(SPACES.len());
        output.write_all(&SPACES[..n]).await?;
        left -= n;
    }
    Ok(())
}

/// Copies tower-lsp's messages from `input` to `output`, whole.
pub async fn copy(input: impl AsyncRead + Unpin + Send, output: Output) {
    let mut frames = FrameReader::new(BufReader::new(input), None);
    while let Some(frame) = frames.next().await {
        if let Frame::Message(body) = frame {
            output.send(vec![body]);
        }
    }
}

/// What the filter saw.
#[derive(Default)]
pub struct Seen {
    /// Whether a `shutdown` request came before `exit`.
    pub shutdown: AtomicBool,
}

/// Reads LSP messages from `input`, answers those that are not valid itself (on `output`)
/// and passes the others to the returned stream, for tower-lsp, until `exit` or the end of
/// `input`.
pub fn filter(
    input: impl Input + 'static,
    output: Output,
    requests: Arc<Requests>,
    opened: Arc<Opened>,
) -> (DuplexStream, Arc<Seen>) {
    let (mut to_server, from_client) = tokio::io::duplex(1 << 20);
    let seen = Arc::new(Seen::default());
    let seen_by_task = Arc::clone(&seen);
    // The filter never waits for tower-lsp: it must see a `$/cancelRequest` while tower-lsp
    // is busy, so what it passes on is queued here.
    let (forward, mut forwarded) = mpsc::unbounded_channel::<Vec<u8>>();
    tokio::spawn(async move {
        while let Some(body) = forwarded.recv().await {
            let frame = format!("Content-Length: {}\r\n\r\n", body.len());
            let written = async {
                to_server.write_all(frame.as_bytes()).await?;
                to_server.write_all(&body).await?;
                to_server.flush().await
            }
            .await;
            if written.is_err() {
                break;
            }
        }
        // Dropping the writer ends the server's input: it finishes and returns.
    });
    tokio::spawn(async move {
        let mut frames = FrameReader::new(input, Some(MAX_MESSAGE));
        while let Some(frame) = frames.next().await {
            let body = match frame {
                Frame::TooLarge(length) => {
                    let mut error = Error::invalid_request();
                    error.message = format!(
                        "kifu: a message of {length} bytes is over the limit of {} MiB; it was skipped",
                        MAX_MESSAGE >> 20
                    )
                    .into();
                    output.error(Id::Null, error);
                    continue;
                }
                Frame::Message(body) => body,
            };
            // A large didOpen's text is taken out before the message is checked, and checked
            // as it is unescaped: serde_json would read the 10 MB literal once more to check
            // it (5 ms of a 10 MB message, with 2 ms to check the whole body's UTF-8).
            let (body, taken) = if body.len() >= STASHED_TEXT_BYTES {
                match lighten(body) {
                    Lightened::Whole(body) => (body, None),
                    Lightened::Text {
                        light,
                        at,
                        text,
                        lossy,
                    } => (light, Some((at, text, lossy))),
                    Lightened::Broken(why) => {
                        output.error(Id::Null, parse_error(why));
                        continue;
                    }
                }
            } else {
                (body, None)
            };
            // A lone surrogate in a large text is U+FFFD in a didOpen, as it always was;
            // any other message with one is refused, as `check` refuses it in a small one.
            let checked = match (check(body), &taken) {
                (Checked::Pass(message), Some((_, _, true)))
                    if message.method.as_deref() != Some(DID_OPEN) =>
                {
                    refused_surrogate(message.method.is_none())
                }
                (checked, _) => checked,
            };
            let message = match checked {
                Checked::Answer(id, error) => {
                    output.error(id, error);
                    continue;
                }
                Checked::Ignore(why) => {
                    eprintln!("kifu lsp: ignored a message: {why}");
                    continue;
                }
                Checked::Pass(message) => message,
            };
            let mut message = message;
            if let Some((at, text, _)) = taken {
                message.body = if message.method.as_deref() == Some(DID_OPEN) {
                    opened.keep(message.body, at, text)
                } else {
                    restored(message.body, at, &text)
                };
            }
            if let Some(id) = &message.request_id {
                requests.received(id.clone());
            }
            match message.method.as_deref() {
                Some("$/cancelRequest") => {
                    if let Some(id) = cancelled_id(&message.body) {
                        requests.cancel(&id);
                    }
                }
                Some("shutdown") => {
                    seen_by_task.shutdown.store(true, Ordering::SeqCst);
                    message.body = fix_shutdown(message.body);
                }
                _ => {}
            }
            let exit = message.method.as_deref() == Some("exit");
            if forward.send(message.body).is_err() || exit {
                break;
            }
        }
    });
    (from_client, seen)
}

/// The method whose large text the filter hands to the server beside tower-lsp.
const DID_OPEN: &str = "textDocument/didOpen";

/// From this size, a `didOpen`'s text goes to the server beside tower-lsp (see [`Opened`]).
const STASHED_TEXT_BYTES: usize = 1 << 20;

/// The texts of large documents being opened, handed from the filter to the server beside
/// tower-lsp: tower-lsp would decode a 10 MB `didOpen` into JSON values and then into its
/// types, some 40 ms before the server sees it. The filter reads the text out once, passes
/// tower-lsp the message with an empty text, and the server takes the text from here (by
/// the document and its version; the filter puts it here before it passes the message on).
#[derive(Default)]
pub struct Opened(std::sync::Mutex<Vec<(String, i64, String)>>);

impl Opened {
    /// Keeps the `text` taken out of the `didOpen` body `light` (where its empty literal
    /// is, at `at`) for the server, and returns `light`, the message tower-lsp reads. A
    /// message that is not a didOpen as LSP has it gets its text back, and tower-lsp
    /// refuses it as it would have.
    fn keep(&self, light: Vec<u8>, at: usize, text: String) -> Vec<u8> {
        #[derive(Deserialize)]
        struct Open {
            params: OpenParams,
        }
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct OpenParams {
            text_document: Item,
        }
        #[derive(Deserialize)]
        struct Item {
            uri: String,
            version: i64,
        }
        let Ok(open) = serde_json::from_slice::<Open>(&light) else {
            return restored(light, at, &text);
        };
        let item = open.params.text_document;
        // The server sees the uri as tower-lsp's `Url` writes it.
        let uri = tower_lsp::lsp_types::Url::parse(&item.uri)
            .map_or_else(|_| item.uri.clone(), |u| u.to_string());
        let mut kept = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        kept.retain(|(u, v, _)| !(u == &uri && *v == item.version));
        kept.push((uri, item.version, text));
        light
    }

    /// The text kept for `uri` at `version`, taken.
    pub fn take(&self, uri: &str, version: i64) -> Option<String> {
        let mut kept = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let i = kept
            .iter()
            .position(|(u, v, _)| u == uri && *v == version)?;
        Some(kept.swap_remove(i).2)
    }
}

/// A large body, with the text of a `didOpen` taken out of it.
enum Lightened {
    /// The body as it came: no text where LSP puts it.
    Whole(Vec<u8>),
    /// The body with `""` for the text, at `at`, and the text; `lossy` if a lone
    /// surrogate in it was made U+FFFD.
    Text {
        light: Vec<u8>,
        at: usize,
        text: String,
        lossy: bool,
    },
    /// Not a JSON message: the text's literal is not a JSON string, or not UTF-8.
    Broken(&'static str),
}

/// Takes the text out of a body that has one where a `didOpen` has it
/// (`params.textDocument.text`). The text is unescaped where it is, to the front of the
/// body, which becomes it: no other buffer of its size is written (10 MB of fresh pages
/// cost 7 ms). The rest of the body is for [`check`] to check, and the literal is checked
/// here as serde_json would: it is valid JSON iff the light body is.
fn lighten(body: Vec<u8>) -> Lightened {
    let Some(start) = text_literal(&body) else {
        return Lightened::Whole(body);
    };
    let mut light = body[..start].to_vec();
    let mut text = body;
    let Some((length, end, lossy)) = unescape_in_place(&mut text, start) else {
        return Lightened::Broken("the message is not JSON");
    };
    light.extend_from_slice(b"\"\"");
    light.extend_from_slice(&text[end..]);
    text.truncate(length);
    match String::from_utf8(text) {
        Ok(text) => Lightened::Text {
            light,
            at: start,
            text,
            lossy,
        },
        Err(_) => Lightened::Broken("the message is not UTF-8"),
    }
}

/// The body `light` with `text` written back, as a JSON string, for the `""` at `at`.
fn restored(light: Vec<u8>, at: usize, text: &str) -> Vec<u8> {
    let mut body = light[..at].to_vec();
    if serde_json::to_writer(&mut body, text).is_err() {
        return light;
    }
    body.extend_from_slice(&light[at + 2..]);
    body
}

/// Where the string literal of a `didOpen`'s text (`params.textDocument.text`) begins in
/// `body`: the JSON's structure is walked, other strings skipped whole.
fn text_literal(body: &[u8]) -> Option<usize> {
    // The key being read in each open object (`None` in an array).
    let mut keys: Vec<Option<&[u8]>> = Vec::new();
    let mut wants_key = false;
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            b'"' if wants_key => {
                let end = string_end(body, i)?;
                *keys.last_mut()? = Some(&body[i + 1..end - 1]);
                i = end;
            }
            b'"' => {
                if keys.len() == 3
                    && keys
                        .iter()
                        .zip([&b"params"[..], b"textDocument", b"text"])
                        .all(|(key, wanted)| *key == Some(wanted))
                {
                    return Some(i);
                }
                i = string_end(body, i)?;
            }
            b'{' => {
                keys.push(Some(b""));
                wants_key = true;
                i += 1;
            }
            b'[' => {
                keys.push(None);
                wants_key = false;
                i += 1;
            }
            b'}' | b']' => {
                keys.pop()?;
                wants_key = false;
                i += 1;
            }
            b':' => {
                wants_key = false;
                i += 1;
            }
            b',' => {
                wants_key = keys.last().is_some_and(Option::is_some);
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}

/// Just past the string literal that begins at `start`.
fn string_end(body: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    loop {
        i += memchr::memchr2(b'"', b'\\', body.get(i..)?)?;
        if body[i] == b'"' {
            return Some(i + 1);
        }
        i += 2;
    }
}

/// Unescapes the JSON string literal whose quote is at `start` to the front of `buf`:
/// returns the text's length there, and the index just past the literal's closing quote
/// (the bytes from there on are as they were), and whether a lone surrogate was made
/// U+FFFD; `None` if it is not a JSON string (a raw
/// control character, an escape JSON does not have, no closing quote), as serde_json
/// finds when it reads past it. The runs between escapes are moved whole (in a PGN
/// database, an escape comes every 50 bytes or so: each `"` of its tags and each line
/// end). The text is serde_json's but for a lone surrogate (`\uDC00`), which serde_json
/// passes over in a value it skips, and refuses in a string it reads: this makes it
/// U+FFFD.
fn unescape_in_place(buf: &mut [u8], start: usize) -> Option<(usize, usize, bool)> {
    let (mut read, mut write) = (start + 1, 0);
    let mut lossy = false;
    loop {
        let run = memchr::memchr2(b'"', b'\\', &buf[read..])?;
        // Without a branch a byte, which the compiler makes a few wide compares.
        if buf[read..read + run]
            .iter()
            .fold(false, |raw, &b| raw | (b < 0x20))
        {
            return None;
        }
        buf.copy_within(read..read + run, write);
        read += run;
        write += run;
        if buf[read] == b'"' {
            return Some((write, read + 1, lossy));
        }
        let escape = *buf.get(read + 1)?;
        read += 2;
        let byte = match escape {
            b'b' => 0x08,
            b'f' => 0x0c,
            b'n' => b'\n',
            b'r' => b'\r',
            b't' => b'\t',
            b'"' | b'\\' | b'/' => escape,
            b'u' => {
                let (c, used) = unicode_escape(&buf[read..])?;
                lossy |= c.is_none();
                let c = c.unwrap_or(char::REPLACEMENT_CHARACTER);
                read += used;
                let mut bytes = [0; 4];
                let encoded = c.encode_utf8(&mut bytes).len();
                // Six bytes or more were read for at most four written (but in JSON that
                // is not valid, which is cut short).
                if encoded <= read - write {
                    buf[write..write + encoded].copy_from_slice(&bytes[..encoded]);
                    write += encoded;
                }
                continue;
            }
            _ => return None,
        };
        buf[write] = byte;
        write += 1;
    }
}

/// The character of a `\u` escape whose four hex digits begin `rest` (a surrogate pair
/// takes the `\u` escape after it), and how many bytes of `rest` it takes: `None` for a
/// lone surrogate, which is not a character; no answer if the digits are not hex.
fn unicode_escape(rest: &[u8]) -> Option<(Option<char>, usize)> {
    let hex = |digits: &[u8]| -> Option<u32> {
        let digits = std::str::from_utf8(digits.get(..4)?).ok()?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        u32::from_str_radix(digits, 16).ok()
    };
    let first = hex(rest)?;
    if (0xD800..=0xDBFF).contains(&first) {
        let second = rest
            .get(4..)
            .and_then(|low| low.strip_prefix(b"\\u"))
            .and_then(hex)
            .filter(|low| (0xDC00..=0xDFFF).contains(low));
        if let Some(second) = second {
            let c = char::from_u32(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00));
            return Some((c, 10));
        }
    }
    // A lone low surrogate is no `char` either.
    Some((char::from_u32(first), 4))
}

/// The id in the params of `$/cancelRequest`.
fn cancelled_id(body: &[u8]) -> Option<Id> {
    #[derive(Deserialize)]
    struct Cancel {
        params: CancelParams,
    }
    #[derive(Deserialize)]
    struct CancelParams {
        id: Id,
    }
    serde_json::from_slice::<Cancel>(body)
        .ok()
        .map(|c| c.params.id)
}

/// One frame read from the editor.
#[derive(Debug, PartialEq)]
pub enum Frame {
    /// A message's body.
    Message(Vec<u8>),
    /// A message over the limit, not read.
    TooLarge(u64),
}

/// What frames are read from: bytes read ahead for the headers, and each body read whole.
pub trait Input: AsyncBufRead + Unpin + Send {
    /// The next `length` bytes, or fewer if the input ends. Not to be given up on once
    /// polled ([`crate::stdin::Stdin`] would hand its answer to the next read); the filter
    /// always reads a frame to its end.
    fn body(&mut self, length: usize) -> impl Future<Output = Vec<u8>> + Send;
}

impl<R: AsyncRead + Unpin + Send> Input for BufReader<R> {
    async fn body(&mut self, length: usize) -> Vec<u8> {
        // The whole body at once: grown from 1 MiB, a 10 MB body was copied four times
        // over into fresh pages as it came.
        let mut body = Vec::with_capacity(length.min(MAX_MESSAGE as usize));
        let _ = self.take(length as u64).read_to_end(&mut body).await;
        body
    }
}

/// Reads `Content-Length` framed messages, skipping whatever is not a header.
pub struct FrameReader<R> {
    input: R,
    limit: Option<u64>,
}

impl<R: Input> FrameReader<R> {
    /// Frames from `input`; bodies over `limit` are skipped.
    pub fn new(input: R, limit: Option<u64>) -> FrameReader<R> {
        FrameReader { input, limit }
    }

    /// The next frame, or `None` at the end of the input.
    pub async fn next(&mut self) -> Option<Frame> {
        let mut length = None;
        loop {
            let (line, dropped) = self.line().await?;
            let line = line.strip_suffix(b"\n").unwrap_or(&line);
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.is_empty() && dropped == 0 {
                if length.is_some() {
                    break;
                }
                continue;
            }
            match header(line) {
                Header::ContentLength { value, after } => {
                    if after + dropped > 0 {
                        eprintln!(
                            "kifu lsp: skipped {} bytes that are not a message header",
                            after + dropped
                        );
                    }
                    length = Some(value);
                }
                Header::Other if dropped == 0 => {}
                Header::Other | Header::Garbage => eprintln!(
                    "kifu lsp: skipped {} bytes that are not a message header",
                    line.len() + dropped
                ),
            }
        }
        let length = length?;
        if self.limit.is_some_and(|limit| length > limit) {
            // The body is not read: what follows is skipped as garbage up to the next header.
            return Some(Frame::TooLarge(length));
        }
        let length = usize::try_from(length).ok()?;
        let body = self.input.body(length).await;
        (body.len() == length).then_some(Frame::Message(body))
    }

    /// A line with its `\n`, or only its end if it is long, and how many bytes were left
    /// out; `None` at the end of the input.
    async fn line(&mut self) -> Option<(Vec<u8>, usize)> {
        let mut line = Vec::new();
        let mut dropped = 0;
        loop {
            let available = self.input.fill_buf().await.ok()?;
            if available.is_empty() {
                return None;
            }
            let (used, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (available.len(), false),
            };
            line.extend_from_slice(&available[..used]);
            self.input.consume(used);
            if line.len() > MAX_HEADER_LINE {
                let cut = line.len() - KEPT_OF_LONG_LINE;
                line.drain(..cut);
                dropped += cut;
            }
            if done {
                return Some((line, dropped));
            }
        }
    }
}

enum Header {
    /// `Content-Length`, after `after` bytes of something else.
    ContentLength { value: u64, after: usize },
    /// Another header.
    Other,
    /// Not a header.
    Garbage,
}

/// Reads a header line. `Content-Length` is found at the end of a line after garbage, where
/// it is when the garbage (or a skipped body) has no line break of its own.
fn header(line: &[u8]) -> Header {
    const NAME: &[u8] = b"content-length:";
    let found = line
        .windows(NAME.len())
        .rposition(|w| w.eq_ignore_ascii_case(NAME));
    if let Some(at) = found {
        let value = line[at + NAME.len()..].trim_ascii();
        if !value.is_empty() && value.iter().all(u8::is_ascii_digit) {
            // Too many digits for a u64 is over any limit.
            let value = value.iter().try_fold(0u64, |n, &d| {
                n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
            });
            return Header::ContentLength {
                value: value.unwrap_or(u64::MAX),
                after: at,
            };
        }
        return Header::Garbage;
    }
    match line.iter().position(|&b| b == b':') {
        Some(colon)
            if colon > 0
                && line[..colon]
                    .iter()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_".contains(b)) =>
        {
            Header::Other
        }
        _ => Header::Garbage,
    }
}

/// What to do with a message body.
#[derive(Debug)]
enum Checked {
    /// Answer it with an error; tower-lsp does not see it.
    Answer(Id, Error),
    /// Drop it (a response that tower-lsp could not read): there is nothing to answer.
    Ignore(String),
    /// Pass it on.
    Pass(Passed),
}

/// A message for tower-lsp.
#[derive(Debug)]
struct Passed {
    body: Vec<u8>,
    method: Option<String>,
    /// The id of a request (not of a notification or a response).
    request_id: Option<Id>,
}

/// The fields of a JSON-RPC message that decide whether tower-lsp can take it, read without
/// building the (possibly 100 MB) params.
#[derive(Deserialize)]
struct Envelope {
    #[serde(default, deserialize_with = "present")]
    jsonrpc: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    method: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    id: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    result: Option<IgnoredAny>,
    #[serde(default, deserialize_with = "present")]
    error: Option<IgnoredAny>,
}

/// `Some` for a field that is there, even as `null`.
fn present<'de, T: Deserialize<'de>, D: Deserializer<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

fn error(code: ErrorCode, message: &str) -> Error {
    Error {
        code,
        message: message.to_string().into(),
        data: None,
    }
}

/// The error for a body that is not JSON (-32700).
fn parse_error(why: &str) -> Error {
    error(ErrorCode::ParseError, &format!("kifu: {why}"))
}

/// Checks a body as tower-lsp will read it: JSON-RPC 2.0, a request, notification or
/// response, with an id that is an integer, a string or null.
fn check(body: Vec<u8>) -> Checked {
    let parse_error = |why: &str| Checked::Answer(Id::Null, parse_error(why));
    if std::str::from_utf8(&body).is_err() {
        return parse_error("the message is not UTF-8");
    }
    if body.trim_ascii_start().first() != Some(&b'{') {
        // `[]`, `42`, `null`, a batch: JSON, but not a message LSP knows.
        return match serde_json::from_slice::<IgnoredAny>(&body) {
            Ok(_) => Checked::Answer(
                Id::Null,
                error(
                    ErrorCode::InvalidRequest,
                    "kifu: a message must be a JSON object",
                ),
            ),
            Err(_) => parse_error("the message is not JSON"),
        };
    }
    let envelope = match serde_json::from_slice::<Envelope>(&body) {
        Ok(envelope) => envelope,
        Err(e) if e.is_data() => {
            return Checked::Answer(
                Id::Null,
                error(ErrorCode::InvalidRequest, &format!("kifu: {e}")),
            )
        }
        Err(_) => return parse_error("the message is not JSON"),
    };
    let id = match envelope.id.map(serde_json::from_value::<Id>) {
        None => None,
        Some(Ok(id)) => Some(id),
        Some(Err(_)) => {
            return Checked::Answer(
                Id::Null,
                error(
                    ErrorCode::InvalidRequest,
                    "kifu: an id must be an integer, a string or null",
                ),
            )
        }
    };
    let invalid = |why: &str| {
        Checked::Answer(
            id.clone().unwrap_or(Id::Null),
            error(ErrorCode::InvalidRequest, why),
        )
    };
    if envelope.jsonrpc.as_ref().and_then(Value::as_str) != Some("2.0") {
        return invalid("kifu: a message must have \"jsonrpc\": \"2.0\"");
    }
    match envelope.method {
        Some(Value::String(method)) => {
            if method.starts_with("$/") {
                if let Some(id) = id {
                    // tower-lsp would answer nothing; LSP asks for "method not found".
                    let mut error = Error::method_not_found();
                    error.data = Some(Value::String(method));
                    return Checked::Answer(id, error);
                }
            }
            if lone_surrogate(&body) {
                return refused_surrogate(false);
            }
            Checked::Pass(Passed {
                body,
                method: Some(method),
                request_id: id,
            })
        }
        Some(_) => invalid("kifu: a method must be a string"),
        None if id.is_some() && (envelope.result.is_some() || envelope.error.is_some()) => {
            // A response to one of the server's requests.
            match serde_json::from_slice::<Response>(&body) {
                Ok(_) if lone_surrogate(&body) => refused_surrogate(true),
                Ok(_) => Checked::Pass(Passed {
                    body,
                    method: None,
                    request_id: None,
                }),
                Err(e) => Checked::Ignore(format!("a response that is not valid: {e}")),
            }
        }
        None => invalid("kifu: a message must have a method, or be a response"),
    }
}

/// What a message with a lone surrogate escape (`\uDC00`, or `\uD83D` without its low
/// half) gets: JSON, but not Unicode. serde_json skips it in a value it ignores, so
/// [`check`]'s envelope passes it, but refuses it in a string it reads, and tower-lsp,
/// failing to decode a message, answered -32700 and ended its input (the server stopped
/// answering). A response with one is dropped, as any response tower-lsp cannot read.
fn refused_surrogate(response: bool) -> Checked {
    let why = "the message has a lone surrogate escape, which is not Unicode";
    if response {
        Checked::Ignore(format!("a response that is not valid: {why}"))
    } else {
        Checked::Answer(Id::Null, parse_error(why))
    }
}

/// Whether a JSON text has a `\u` escape of a lone surrogate. Only escapes are looked at
/// (a `\\` is skipped whole), so it is exact for valid JSON.
fn lone_surrogate(body: &[u8]) -> bool {
    let mut i = 0;
    while let Some(k) = body.get(i..).and_then(|rest| memchr::memchr(b'\\', rest)) {
        let at = i + k;
        i = at + 2;
        if body.get(at + 1) == Some(&b'u') {
            match body.get(i..).and_then(unicode_escape) {
                Some((None, _)) => return true,
                Some((Some(_), used)) => i += used,
                None => {}
            }
        }
    }
    false
}

/// Removes `"params": null` from `shutdown` (eglot): tower-lsp refuses it, and it means
/// the same as no params.
fn fix_shutdown(body: Vec<u8>) -> Vec<u8> {
    let Ok(mut message) = serde_json::from_slice::<Value>(&body) else {
        return body;
    };
    match message.as_object_mut() {
        Some(object) if object.get("params").is_some_and(Value::is_null) => {
            object.remove("params");
            serde_json::to_vec(&message).unwrap_or(body)
        }
        _ => body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(body: &str) -> Option<i64> {
        match check(body.as_bytes().to_vec()) {
            Checked::Answer(_, error) => Some(error.code.code()),
            _ => None,
        }
    }

    #[test]
    fn a_large_opened_text_goes_beside_the_message() {
        let text = "[Event \"a \\\"b\\\"\"]\n\n1. e4 {é ☃ \u{1F600}} *\r\n";
        let message = serde_json::json!({
            "jsonrpc": "2.0",
            "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": "file:///a%20b.pgn", "languageId": "pgn", "version": 7, "text": text}},
        });
        let opened = super::Opened::default();
        let light = stash(&opened, serde_json::to_vec(&message).unwrap());
        let light: serde_json::Value = serde_json::from_slice(&light).unwrap();
        assert_eq!(light["params"]["textDocument"]["text"], "");
        assert_eq!(light["params"]["textDocument"]["version"], 7);
        assert_eq!(light["params"]["textDocument"]["languageId"], "pgn");
        // Taken once, byte for byte, by the uri as tower-lsp's `Url` writes it.
        assert_eq!(opened.take("file:///a%20b.pgn", 6), None);
        assert_eq!(opened.take("file:///a%20b.pgn", 7).as_deref(), Some(text));
        assert_eq!(opened.take("file:///a%20b.pgn", 7), None);
        // A message that is not a didOpen as LSP has it is passed on as it came.
        let odd = br#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}"#.to_vec();
        assert_eq!(stash(&opened, odd.clone()), odd);
        // One with its text where a didOpen has it, but not a didOpen (a version that is
        // not a number) or another message: the same JSON as it came.
        for odd in [
            serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": "file:///b", "version": "7", "text": text}}}),
            serde_json::json!({"jsonrpc": "2.0", "method": "x/y",
                "params": {"textDocument": {"uri": "file:///b", "version": 7, "text": text}}}),
        ] {
            let body = serde_json::to_vec(&odd).unwrap();
            let passed = match super::lighten(body) {
                super::Lightened::Text {
                    light, at, text, ..
                } if odd["method"] == "x/y" => super::restored(light, at, &text),
                super::Lightened::Text {
                    light, at, text, ..
                } => opened.keep(light, at, text),
                _ => panic!("{odd}"),
            };
            assert_eq!(
                serde_json::from_slice::<serde_json::Value>(&passed).unwrap(),
                odd
            );
        }
        assert_eq!(opened.take("file:///b", 7), None);
    }

    /// What the filter does with a large body before it checks it: the didOpen's text
    /// kept, and the light body returned.
    fn stash(opened: &super::Opened, body: Vec<u8>) -> Vec<u8> {
        match super::lighten(body) {
            super::Lightened::Whole(body) => body,
            super::Lightened::Text {
                light, at, text, ..
            } => opened.keep(light, at, text),
            super::Lightened::Broken(why) => panic!("{why}"),
        }
    }

    /// A text that is not a JSON string, or not UTF-8, makes the message a parse error, as
    /// the whole body checked by serde_json is.
    #[test]
    fn a_broken_text_is_a_parse_error_as_in_a_whole_body() {
        let open = |literal: &[u8]| {
            let mut body = br#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a","languageId":"pgn","version":1,"text":"#.to_vec();
            body.extend_from_slice(literal);
            body.extend_from_slice(b"}}}");
            body
        };
        for literal in [
            &b"\"raw\nline\""[..],
            b"\"tab\tin it\"",
            b"\"\\x\"",
            b"\"\\u12G4\"",
            b"\"not UTF-8 \xff\"",
            b"\"no end}}}",
        ] {
            let body = open(literal);
            assert!(
                matches!(super::check(body.clone()), Checked::Answer(Id::Null, ref e) if e.code == ErrorCode::ParseError),
                "{}",
                String::from_utf8_lossy(literal)
            );
            assert!(
                matches!(super::lighten(body), super::Lightened::Broken(_)),
                "{}",
                String::from_utf8_lossy(literal)
            );
        }
        // And one that is: the light body passes.
        let super::Lightened::Text { light, text, .. } = super::lighten(open(b"\"ok\\n\"")) else {
            panic!("a text");
        };
        assert_eq!(text, "ok\n");
        assert!(matches!(super::check(light), Checked::Pass(_)));
    }

    /// A literal unescaped in place: its text, and the index past it.
    fn unescaped(literal: &[u8]) -> Option<(String, usize)> {
        let mut buf = literal.to_vec();
        let (length, end, lossy) = super::unescape_in_place(&mut buf, 0)?;
        let text = std::str::from_utf8(&buf[..length]).unwrap();
        assert_eq!(lossy, super::lone_surrogate(&literal[..end]), "{text}");
        assert_eq!(&buf[end..], &literal[end..], "the rest is left as it was");
        Some((String::from_utf8(buf[..length].to_vec()).unwrap(), end))
    }

    /// The text read in place is serde_json's, but for lone surrogates, which serde_json
    /// refuses; no literal, however broken, makes it panic.
    #[test]
    fn json_strings_unescape_in_place_as_serde_json_reads_them() {
        for literal in [
            r#""""#,
            r#""plain" and after"#,
            r#""[Event \"a\"]\n\r\n1. e4\t{\\ \/ \b\f}","version":1}"#,
            r#""\u00e9\u2603\uD83D\uDE00 é ☃ 😀""#,
            r#""\u0000\u001f\u007F""#,
        ] {
            let serde: String = serde_json::Deserializer::from_str(literal)
                .into_iter::<String>()
                .next()
                .unwrap()
                .unwrap();
            let (text, end) = unescaped(literal.as_bytes()).expect(literal);
            assert_eq!(text, serde, "{literal}");
            assert_eq!(
                serde_json::from_str::<String>(&literal[..end]).unwrap(),
                serde
            );
        }
        for (literal, text) in [
            (r#""\uDE00 lone low""#, "\u{FFFD} lone low"),
            (r#""\uD83D lone high""#, "\u{FFFD} lone high"),
            (r#""\uD83D\u0041""#, "\u{FFFD}A"),
        ] {
            assert!(serde_json::from_str::<String>(literal).is_err());
            assert!(serde_json::from_str::<IgnoredAny>(literal).is_ok());
            assert_eq!(unescaped(literal.as_bytes()).expect(literal).0, text);
        }
        for broken in [
            r#""\uZZ"#,
            r#""\u12"#,
            r#""\u12G4""#,
            r#""\uD83D\uZZZZ""#,
            r#""\"#,
            r#""\x""#,
            r#""no end"#,
            "\"\\u",
            "\"raw \n\"",
            "\"raw \u{1f}\"",
        ] {
            assert!(
                serde_json::from_str::<IgnoredAny>(broken).is_err(),
                "{broken}"
            );
            assert_eq!(unescaped(broken.as_bytes()), None, "{broken}");
        }
        // Every literal serde_json writes: random texts of every kind of character.
        let mut rng = kifu_testing::Lcg::new(17);
        let alphabet: Vec<char> = "aZ09 \"\\/\n\r\t\u{1}\u{1f}\u{7f}é☃😀[]{}"
            .chars()
            .collect();
        for _ in 0..2000 {
            let text: String = (0..rng.below(40))
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            let literal = serde_json::to_string(&text).unwrap();
            assert_eq!(unescaped(literal.as_bytes()), Some((text, literal.len())));
        }
    }

    /// A lone surrogate escape is found wherever it is, and only there; a message with one
    /// is refused as tower-lsp would (it stopped reading at one), but for a large
    /// didOpen's text, which has it as U+FFFD.
    #[test]
    fn lone_surrogates_are_refused() {
        for (json, lone) in [
            (r#""\uDC00""#, true),
            (r#""\uD83D""#, true),
            (r#""\uD83D\u0041""#, true),
            (r#""\uD83D\uDE00""#, false),
            (r#""\uD83D\uDE00\uDE00""#, true),
            (r#""\\uDC00""#, false),
            (r#""\u00e9 \n \" \\""#, false),
            (r#""\uFFFD""#, false),
            (r#""a\\\uDBFF""#, true),
        ] {
            assert_eq!(super::lone_surrogate(json.as_bytes()), lone, "{json}");
            assert_eq!(
                serde_json::from_str::<String>(json).is_err(),
                lone,
                "{json}: serde_json agrees"
            );
        }
        // Cut short, as no JSON is: no answer to give, and no panic.
        for cut in [&b"\"a\\"[..], b"\"\\u", b"\"\\uD83D\\"] {
            super::lone_surrogate(cut);
        }
        let small = br#"{"jsonrpc":"2.0","id":4,"method":"x","params":{"a":"\uDE00"}}"#;
        assert!(matches!(
            check(small.to_vec()),
            Checked::Answer(Id::Null, ref e) if e.code == ErrorCode::ParseError
        ));
        let response = br#"{"jsonrpc":"2.0","id":4,"result":"\uDE00"}"#;
        assert!(matches!(check(response.to_vec()), Checked::Ignore(_)));
        let mut large =
            br#"{"jsonrpc":"2.0","method":"x","params":{"textDocument":{"text":""#.to_vec();
        large.extend_from_slice(&[b'a'; 1 << 20]);
        large.extend_from_slice(br#"\uDE00"}}}"#);
        let super::Lightened::Text { lossy, text, .. } = super::lighten(large) else {
            panic!("a text");
        };
        assert!(lossy && text.ends_with('\u{FFFD}'));
    }

    /// The text is found where LSP puts it, whatever else the message has around it.
    #[test]
    fn the_opened_text_is_found_by_the_structure() {
        for body in [
            r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a","languageId":"pgn","version":1,"text":"the \"text\""}}}"#,
            r#" { "params" : { "other" : { "text" : "not it" } , "list" : [ "text" , { "text" : "no" } ] , "textDocument" : { "text" : "the \"text\"" , "uri" : "file:///a" } } } "#,
            r#"{"text":"no","params":{"text":"no","textDocument":{"uri":"file:///a","extra":{"text":"no"},"text":"the \"text\""}}}"#,
        ] {
            let start = super::text_literal(body.as_bytes()).expect(body);
            assert!(body[start..].starts_with(r#""the \"text\"""#), "{body}");
        }
        for body in [
            r#"{"params":{"textDocument":{"uri":"file:///a"}}}"#,
            r#"{"params":[{"textDocument":{"text":"in an array"}}]}"#,
            r#"{"params":{"textDocument":{"t\u0065xt":"escaped key"}}}"#,
            r#"{"params":{"textDocument":{"uri":"unclosed"#,
        ] {
            assert_eq!(super::text_literal(body.as_bytes()), None, "{body}");
        }
    }

    #[test]
    fn malformed_bodies_get_their_error() {
        for (body, expected) in [
            ("{invalid}", -32700),
            ("", -32700),
            ("{\"jsonrpc\":\"2.0\",", -32700),
            ("[]", -32600),
            ("[{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}]", -32600),
            ("42", -32600),
            ("null", -32600),
            ("\"text\"", -32600),
            ("{\"id\":3}", -32600),
            ("{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"x\"}", -32600),
            ("{\"jsonrpc\":\"2.0\",\"id\":3}", -32600),
            ("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"x\"}", -32600),
            ("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"x\"}", -32600),
            ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}", -32600),
            (
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"x\"}",
                -32600,
            ),
            (
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"$/unknown\"}",
                -32601,
            ),
        ] {
            assert_eq!(code(body), Some(expected), "{body}");
        }
        assert_eq!(code("{\"jsonrpc\":\"2.0\",\"id\":\u{0}}"), Some(-32700));
        let Checked::Answer(id, _) = check(b"{\"id\":3}".to_vec()) else {
            panic!()
        };
        assert_eq!(id, Id::Number(3), "the id is echoed when it is one");
        let Checked::Answer(_, _) = check(b"\xff{}".to_vec()) else {
            panic!("not UTF-8")
        };
    }

    /// Whatever the filter passes on, tower-lsp reads (its codec would end the input).
    #[test]
    fn what_passes_is_what_tower_lsp_reads() {
        #[derive(Deserialize)]
        #[serde(untagged)]
        #[allow(dead_code)]
        enum Message {
            Response(Response),
            Request(tower_lsp::jsonrpc::Request),
        }
        let mut passed = 0;
        for body in [
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
            r#"{"jsonrpc":"2.0","id":"a","method":"shutdown","params":null}"#,
            r#"{"jsonrpc":"2.0","id":null,"method":"x"}"#,
            r#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#,
            r#"{"jsonrpc":"2.0","method":"exit"}"#,
            r#"{"jsonrpc":"2.0","id":0,"result":null}"#,
            r#"{"jsonrpc":"2.0","id":0,"error":{"code":1,"message":"m"}}"#,
            r#"{"jsonrpc":"2.0","id":0,"error":"bad"}"#,
            r#"{"jsonrpc":"2.0","id":9223372036854775808,"method":"x"}"#,
            r#"{"jsonrpc":"2.0","method":"x","params":5,"extra":[1,{}]}"#,
        ] {
            if let Checked::Pass(message) = check(body.as_bytes().to_vec()) {
                passed += 1;
                serde_json::from_slice::<Message>(&message.body).expect(body);
            }
        }
        assert_eq!(passed, 8);
    }

    async fn frames(input: &[u8]) -> Vec<Frame> {
        let mut reader = FrameReader::new(BufReader::new(input), Some(MAX_MESSAGE));
        let mut frames = Vec::new();
        while let Some(frame) = reader.next().await {
            frames.push(frame);
        }
        frames
    }

    #[tokio::test]
    async fn frames_after_garbage_and_huge_lengths() {
        let body = |s: &str| Frame::Message(s.as_bytes().to_vec());
        let mut input = b"\xff\xfe\x00Content-Length: 2\r\n\r\n{}".to_vec();
        input.extend_from_slice(b"garbage\r\nmore \xc3\x28 garbage\n\r\n");
        input.extend_from_slice(b"Content-Length: 1000000000000\r\n\r\n");
        input.extend_from_slice(b"Content-Length: 1\r\ncontent-type: application/vscode-jsonrpc; charset=utf-8\r\n\r\nx");
        input.extend_from_slice(b"Content-Length: 18446744073709551615\r\n\r\n");
        input.extend_from_slice(&vec![b'{'; 100_000]);
        input.extend_from_slice(b"Content-Length: 99999999999999999999999\r\n\r\n");
        input.extend_from_slice(b"Content-Length: 3\r\n\r\nabc");
        input.extend_from_slice(b"Content-Length: 10\r\n\r\nshort");
        assert_eq!(
            frames(&input).await,
            [
                body("{}"),
                Frame::TooLarge(1_000_000_000_000),
                body("x"),
                Frame::TooLarge(u64::MAX),
                Frame::TooLarge(u64::MAX),
                body("abc"),
            ]
        );
    }

    #[tokio::test]
    async fn deferred_pieces_write_the_length_they_said() {
        use super::{write, Deferred, Output, Piece};
        let deferred = |length: usize, parts: &[&str]| {
            let parts: Vec<Vec<u8>> = parts.iter().map(|p| p.as_bytes().to_vec()).collect();
            Piece::Deferred(Deferred {
                length,
                parts: Box::new(parts.into_iter()),
            })
        };
        let (output, messages) = Output::new();
        output.send_pieces(vec![deferred(10, &["abc", "defghijkl"])]);
        output.send_pieces(vec![
            Piece::Bytes(b"[".to_vec()),
            deferred(8, &["1,", "2"]),
            Piece::Bytes(b"]".to_vec()),
        ]);
        output.send_pieces(vec![deferred(3, &["ab", "c"])]);
        drop(output);
        let mut written = Vec::new();
        write(&mut written, messages).await;
        assert_eq!(
            String::from_utf8(written).unwrap(),
            "Content-Length: 10\r\n\r\nabcdefghij\
             Content-Length: 10\r\n\r\n[1,2     ]\
             Content-Length: 3\r\n\r\nabc"
        );
    }

    #[test]
    fn shutdown_loses_its_null_params() {
        let fixed =
            fix_shutdown(br#"{"jsonrpc":"2.0","id":1,"method":"shutdown","params":null}"#.to_vec());
        let fixed: Value = serde_json::from_slice(&fixed).unwrap();
        assert!(fixed.get("params").is_none());
    }
}
