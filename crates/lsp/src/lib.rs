//! The kifu language server: `kifu lsp`. Handlers are thin: they convert from LSP, call
//! `kifu-ide`, and convert back.
//!
//! | module | what it holds |
//! |---|---|
//! | `server` | the state and the LSP handlers |
//! | `store` | the open documents, always in the editor's text |
//! | `capabilities` | what the server offers; the position encoding |
//! | `convert` | offsets ↔ LSP positions (UTF-8 or UTF-16; `\n`, `\r\n`, `\r`) |
//! | `to_proto` | kifu-ide's answers as LSP types |
//! | `ext` | kifu's own requests (`kifu/syntaxTree`) |
//! | `requests` | cancellation; results written as JSON text |
//! | `transport` | the stdio framing, read ahead of tower-lsp |
//! | `stdin` | standard input, read on a thread of its own |
//! | `guard` | no panic stops the server |
//! | `idle` | freed memory given back when the server is idle; large blocks mapped apart |

#![warn(missing_docs)]

mod capabilities;
mod convert;
mod ext;
mod guard;
mod idle;
mod requests;
mod server;
mod stdin;
mod store;
mod to_proto;
mod transport;

/// Runs the server over stdin and stdout until the client sends `exit`; returns the exit
/// status LSP asks for: 0 after `shutdown`, 1 without.
pub fn run_stdio() -> i32 {
    idle::large_blocks_apart();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("kifu lsp: cannot start: {err}");
            return 2;
        }
    };
    runtime.block_on(server::serve_stdio())
}
