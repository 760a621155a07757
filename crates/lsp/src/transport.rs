//! A filter between stdin and tower-lsp, for two defects of tower-lsp 0.20 that real clients
//! hit:
//!
//! - after the `exit` notification the server keeps reading stdin and never ends (upstream
//!   issue 399), so clients that wait for the process without closing stdin hang. The filter
//!   ends the server's input after `exit`, and the process ends with it.
//! - `shutdown` sent with `"params": null` (as Emacs' eglot does) is refused with -32602. The
//!   filter drops the null `params`, which means the same thing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWriteExt, BufReader, DuplexStream};

/// What the filter saw.
#[derive(Default)]
pub struct Seen {
    /// Whether a `shutdown` request came before `exit`.
    pub shutdown: AtomicBool,
}

/// Copies LSP messages from `input` to the returned stream, fixing them on the way, until
/// `exit` or the end of `input`.
pub fn filter(input: impl AsyncRead + Unpin + Send + 'static) -> (DuplexStream, Arc<Seen>) {
    let (mut to_server, from_client) = tokio::io::duplex(1 << 20);
    let seen = Arc::new(Seen::default());
    let seen_by_task = Arc::clone(&seen);
    tokio::spawn(async move {
        let mut input = BufReader::new(input);
        loop {
            let Some(body) = read_message(&mut input).await else {
                break;
            };
            let (body, method) = fix(body);
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
            match method.as_deref() {
                Some("shutdown") => seen_by_task.shutdown.store(true, Ordering::SeqCst),
                // Dropping the writer ends the server's input: it finishes and returns.
                Some("exit") => break,
                _ => {}
            }
        }
    });
    (from_client, seen)
}

/// Reads one message: headers up to a blank line, then `Content-Length` bytes.
async fn read_message(input: &mut (impl AsyncBufReadExt + Unpin)) -> Option<Vec<u8>> {
    let mut length: Option<usize> = None;
    loop {
        let mut line = String::new();
        if input.read_line(&mut line).await.ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            if length.is_some() {
                break;
            }
            continue;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().ok();
            }
        }
    }
    let mut body = vec![0; length?];
    input.read_exact(&mut body).await.ok()?;
    Some(body)
}

/// The message's method, and the message with `"params": null` removed from `shutdown`.
fn fix(body: Vec<u8>) -> (Vec<u8>, Option<String>) {
    let Ok(mut message) = serde_json::from_slice::<serde_json::Value>(&body) else {
        return (body, None);
    };
    let method = message
        .get("method")
        .and_then(|m| m.as_str())
        .map(str::to_string);
    if method.as_deref() == Some("shutdown") {
        if let Some(object) = message.as_object_mut() {
            if object.get("params").is_some_and(|p| p.is_null()) {
                object.remove("params");
                if let Ok(fixed) = serde_json::to_vec(&message) {
                    return (fixed, method);
                }
            }
        }
    }
    (body, method)
}
