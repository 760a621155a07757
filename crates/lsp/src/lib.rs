//! The kifu language server: `kifu lsp`. Handlers are thin: they convert from LSP, call
//! `kifu-ide`, and convert back. All conversion between offsets and LSP positions is in
//! [`convert`].

#![warn(missing_docs)]

mod convert;
mod requests;
mod server;
mod transport;

/// Runs the server over stdin and stdout until the client sends `exit`; returns the exit
/// status LSP asks for: 0 after `shutdown`, 1 without.
pub fn run_stdio() -> i32 {
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
