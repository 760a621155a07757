//! Latency of `kifu lsp` on a large PGN database, driven over stdio as an editor drives it:
//! open, 200 single-character edits in one game (diagnostics awaited after each), hovers.
//! Reports p50 and p99 per operation. Then semantic tokens, full and for lines 0-100, with
//! the server's peak memory. Then its resident memory once open and after edits, outlines
//! and hovers.
//!
//! `cargo bench -p kifu-e2e --bench lsp` (needs the shared corpus beside the repository).

use std::time::{Duration, Instant};

use kifu_e2e::lsp::LspClient;
use kifu_e2e::workspace;
use serde_json::json;

/// How many servers open each file, one after the other.
const OPENS: usize = 15;

fn percentile(samples: &mut [Duration], p: f64) -> f64 {
    samples.sort();
    let i = ((samples.len() as f64 - 1.0) * p).round() as usize;
    samples[i].as_secs_f64() * 1000.0
}

fn corpus_text(megabytes: usize) -> Option<String> {
    let dir = workspace().join("../shared/corpus/pgn");
    let files = [
        "pgn-reader-bench/lichess_db_1000k.pgn",
        "pgn-reader-bench/twic1599_1000k.pgn",
        "tcec/TCEC_Season_10_-_Superfinal.pgn",
        "tcec/TCEC_Season_20_-_Frc3_Final.pgn",
    ];
    let mut text = String::new();
    while text.len() < megabytes << 20 {
        for file in files {
            let bytes = std::fs::read(dir.join(file)).ok()?;
            text.push_str(&String::from_utf8_lossy(&bytes));
            text.push('\n');
            if text.len() >= megabytes << 20 {
                break;
            }
        }
    }
    Some(text)
}

fn position(text: &str, offset: usize) -> serde_json::Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    json!({"line": line, "character": before[line_start..].encode_utf16().count()})
}

/// A server with `text` open as `file:///database.pgn`, its first diagnostics come.
fn opened(text: &str) -> LspClient {
    let uri = "file:///database.pgn";
    let mut client = LspClient::start();
    client.initialize(json!({}));
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "pgn", "version": 1, "text": text}}),
    );
    client.diagnostics(uri, 1);
    client
}

/// Where the first game after the middle of `text` starts.
fn middle_game(text: &str) -> usize {
    let middle = text.len() / 2;
    middle + text[middle..].find("\n1. ").expect("a game") + 1
}

/// The `i`th edit of the game at `game_start` (version `i + 2`): a character typed before
/// its first move (a stray-text error), then deleted, and so on. The message is made
/// before [`Edit::send`] so that a timer around it leaves the client's own work out.
struct Edit {
    message: serde_json::Value,
    version: usize,
    at: usize,
    end: usize,
    insert: &'static str,
}

impl Edit {
    fn new(text: &str, game_start: usize, i: usize) -> Edit {
        let at = game_start + 3;
        let (end, insert) = if i.is_multiple_of(2) {
            (at, "q")
        } else {
            (at + 1, "")
        };
        let version = i + 2;
        let change = json!({"range": {"start": position(text, at), "end": position(text, end)}, "text": insert});
        Edit {
            message: json!({"textDocument": {"uri": "file:///database.pgn", "version": version}, "contentChanges": [change]}),
            version,
            at,
            end,
            insert,
        }
    }

    /// Sends the edit and waits for its diagnostics.
    fn send(self, client: &mut LspClient) -> Edit {
        client.notify("textDocument/didChange", self.message.clone());
        client.diagnostics("file:///database.pgn", self.version as i64);
        self
    }

    /// Makes the same edit in `text`.
    fn apply(&self, text: &mut String) {
        text.replace_range(self.at..self.end, self.insert);
    }
}

fn run(megabytes: usize) {
    let Some(mut text) = corpus_text(megabytes) else {
        eprintln!("SKIPPED: the shared corpus is not beside the repository");
        return;
    };
    let uri = "file:///database.pgn";
    // The message is made before the clock starts: what the editor spends making it is not
    // the server's time (for 10 MB, some 30 ms of copying and escaping in this client).
    let body = serde_json::to_vec(&json!({
        "jsonrpc": "2.0",
        "method": "textDocument/didOpen",
        "params": {"textDocument": {"uri": uri, "languageId": "pgn", "version": 1, "text": text}},
    }))
    .expect("JSON");
    let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    frame.extend_from_slice(&body);
    // Fifteen servers open it, for a median and quartiles (five gave medians 20 ms apart
    // from one run to the next of the same binary); the last one is edited.
    let mut firsts = Vec::new();
    let mut client = LspClient::start();
    for attempt in 0..OPENS {
        if attempt > 0 {
            client = LspClient::start();
        }
        client.initialize(json!({}));
        let opened = Instant::now();
        client.send_bytes(&frame);
        client.diagnostics(uri, 1);
        firsts.push(opened.elapsed());
    }
    // Edit inside a game in the middle of the file: type a character before its first move
    // (a stray-text error), then delete it.
    let game_start = middle_game(&text);
    let mut edits = Vec::new();
    let mut hovers = Vec::new();
    for i in 0..200 {
        let edit = Edit::new(&text, game_start, i);
        let started = Instant::now();
        let edit = edit.send(&mut client);
        edits.push(started.elapsed());
        edit.apply(&mut text);
        let started = Instant::now();
        client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": position(&text, game_start + 5)}),
        );
        hovers.push(started.elapsed());
    }
    println!(
        "{:>3} MB: first diagnostics median {:.0} ms (quartiles {:.0}-{:.0}, best {:.0}); edit -> diagnostics p50 {:.1} ms p99 {:.1} ms; hover p50 {:.2} ms p99 {:.2} ms",
        text.len() >> 20,
        percentile(&mut firsts, 0.5),
        percentile(&mut firsts, 0.25),
        percentile(&mut firsts, 0.75),
        percentile(&mut firsts, 0.0),
        percentile(&mut edits, 0.5),
        percentile(&mut edits, 0.99),
        percentile(&mut hovers, 0.5),
        percentile(&mut hovers, 0.99),
    );
}

/// Semantic tokens of the whole file and of its first 100 lines, each in a server of its own
/// so that its peak memory is its own: the time from request to answer, and the peak.
fn semantic_tokens(megabytes: usize) {
    let Some(text) = corpus_text(megabytes) else {
        eprintln!("SKIPPED: the shared corpus is not beside the repository");
        return;
    };
    let uri = "file:///database.pgn";
    let mut report = Vec::new();
    for (name, method, range) in [
        ("open only", None, None),
        ("full", Some("textDocument/semanticTokens/full"), None),
        (
            "lines 0-100",
            Some("textDocument/semanticTokens/range"),
            Some(
                json!({"start": {"line": 0, "character": 0}, "end": {"line": 100, "character": 0}}),
            ),
        ),
    ] {
        let mut client = opened(&text);
        let mut took = String::new();
        if let Some(method) = method {
            let mut params = json!({"textDocument": {"uri": uri}});
            if let Some(range) = &range {
                params["range"] = range.clone();
            }
            let started = Instant::now();
            let tokens = client.request(method, params);
            let numbers = tokens["data"].as_array().map_or(0, Vec::len);
            took = format!(
                " {:.0} ms ({} tokens),",
                started.elapsed().as_secs_f64() * 1000.0,
                numbers / 5
            );
        }
        let peak = client
            .peak_memory_mib()
            .map_or("?".to_string(), |m| m.to_string());
        report.push(format!("{name}:{took} peak {peak} MiB"));
    }
    println!(
        "{:>3} MB semantic tokens: {}",
        text.len() >> 20,
        report.join("; ")
    );
}

/// The server's resident memory on the file as an editor uses it: once open (the tree is
/// built in the background, so after two seconds without messages), after four edits, and
/// after 100 edits with an outline and a hover after each, at once and two seconds
/// later. Each figure against the size of the text.
fn memory(megabytes: usize) {
    let Some(mut text) = corpus_text(megabytes) else {
        eprintln!("SKIPPED: the shared corpus is not beside the repository");
        return;
    };
    let uri = "file:///database.pgn";
    let size = text.len() as f64 / f64::from(1 << 20);
    let mut client = opened(&text);
    let mut report = Vec::new();
    let mut resident = |client: &LspClient, when: &str| {
        let mib = client.resident_memory_mib().unwrap_or(f64::NAN);
        report.push(format!("{when} {mib:.1} MiB ({:.1}x)", mib / size));
    };
    let idle = || std::thread::sleep(Duration::from_secs(2));
    idle();
    resident(&client, "open");
    let game_start = middle_game(&text);
    let mut outlines = Vec::new();
    for i in 0..100 {
        Edit::new(&text, game_start, i)
            .send(&mut client)
            .apply(&mut text);
        if i == 3 {
            resident(&client, "4 edits");
        }
        if i >= 4 {
            let asked = Instant::now();
            client.request(
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": uri}}),
            );
            outlines.push(asked.elapsed().as_secs_f64() * 1000.0);
            client.request(
                "textDocument/hover",
                json!({"textDocument": {"uri": uri}, "position": position(&text, game_start + 5)}),
            );
        }
    }
    resident(&client, "100 edits with outlines and hovers");
    idle();
    resident(&client, "two seconds later");
    let peak = client.peak_memory_mib().unwrap_or(0);
    outlines.sort_by(f64::total_cmp);
    println!(
        "{megabytes:>3} MB resident memory: {}; peak {peak} MiB; outline after an edit p50 {:.1} ms",
        report.join(", "),
        outlines[outlines.len() / 2]
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter (`latency`, `memory` or `tokens`) runs that
    // part alone.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wanted = |part: &str| filter.is_empty() || filter.iter().any(|f| f == part);
    if wanted("latency") {
        run(1);
        run(10);
    }
    if wanted("memory") {
        memory(10);
    }
    if wanted("tokens") {
        semantic_tokens(10);
    }
}
