//! A small LSP client that drives `kifu lsp` over stdio as an editor does.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A running `kifu lsp` and the messages it sent that no request has taken yet.
pub struct LspClient {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    pending: Vec<Value>,
    next_id: i64,
}

/// How long to wait for an answer before failing the test.
const TIMEOUT: Duration = Duration::from_secs(20);

impl LspClient {
    /// Starts the server.
    pub fn start() -> LspClient {
        let mut child = Command::new(crate::kifu_bin())
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("kifu lsp starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take();
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(value) = line.strip_prefix("Content-Length:") {
                        length = value.trim().parse::<usize>().ok();
                    }
                }
                let Some(length) = length else { return };
                let mut body = vec![0; length];
                if reader.read_exact(&mut body).is_err() {
                    return;
                }
                let Ok(message) = serde_json::from_slice(&body) else {
                    return;
                };
                if sender.send(message).is_err() {
                    return;
                }
            }
        });
        LspClient {
            child,
            stdin,
            messages,
            pending: Vec::new(),
            next_id: 1,
        }
    }

    /// Sends a message.
    pub fn send(&mut self, message: Value) {
        let body = serde_json::to_vec(&message).expect("JSON");
        let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        frame.extend_from_slice(&body);
        self.send_bytes(&frame);
    }

    /// Writes `bytes` to the server's stdin as they are, in one write: frames, or not.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin
            .write_all(bytes)
            .and_then(|()| stdin.flush())
            .expect("the server reads its stdin");
    }

    /// Sends a request without waiting for its answer; returns its id.
    pub fn start_request(&mut self, method: &str, params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// The answer to request `id`.
    pub fn response(&mut self, id: i64) -> Value {
        self.wait_for(|m| m.get("id") == Some(&json!(id)) && m.get("method").is_none())
    }

    /// The server's peak resident memory so far, in MiB (Linux only).
    pub fn peak_memory_mib(&self) -> Option<u64> {
        self.status_kib("VmHWM:").map(|kib| kib >> 10)
    }

    /// The server's resident memory now, in MiB (Linux only).
    pub fn resident_memory_mib(&self) -> Option<f64> {
        self.status_kib("VmRSS:").map(|kib| kib as f64 / 1024.0)
    }

    /// A field of the server's `/proc/PID/status`, in KiB.
    fn status_kib(&self, field: &str) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with(field))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Whether the server process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its answer (the whole response object).
    pub fn request_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.start_request(method, params);
        self.response(id)
    }

    /// Sends a request and returns its result.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.request_raw(method, params);
        assert!(
            response.get("error").is_none(),
            "{method} failed: {response}"
        );
        response["result"].clone()
    }

    /// Waits for a message that `wanted` accepts; earlier ones are kept for later waits.
    pub fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.pending.iter().position(&wanted) {
            return self.pending.remove(i);
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(message) if wanted(&message) => return message,
                Ok(message) => self.pending.push(message),
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no such message within {TIMEOUT:?}; got {:?}", self.pending)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the server ended; got {:?}", self.pending)
                }
            }
        }
    }

    /// Waits for the diagnostics of `uri` at `version`.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let message = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        });
        message["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Initializes with the given client capabilities.
    pub fn initialize(&mut self, capabilities: Value) -> Value {
        let result = self.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities}),
        );
        self.notify("initialized", json!({}));
        result
    }

    /// Closes stdin's sending side only after `exit`, as a client that waits for the process
    /// would not: returns the exit status, or `None` if the process did not end in time.
    pub fn exit_and_wait(&mut self, within: Duration) -> Option<i32> {
        self.notify("exit", Value::Null);
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        None
    }
}

impl Drop for LspClient {
    fn drop(&mut self) {
        self.stdin.take();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
