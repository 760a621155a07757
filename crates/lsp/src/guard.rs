//! No panic stops the server: every handler runs its work under [`guarded`], and tests can
//! make it fail where a bug would ([`fault`]).

use std::panic::{catch_unwind, AssertUnwindSafe};

use tower_lsp::jsonrpc::{Error, Result};

/// Runs an editor feature, turning a panic into an error answer: one bad request must not
/// take the server down. The panic itself is printed on stderr by the panic hook.
pub fn guarded<T>(work: impl FnOnce() -> T) -> Result<T> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let mut error = Error::internal_error();
        error.message = format!(
            "kifu: internal error while answering this request (the server goes on): {what}"
        )
        .into();
        error
    })
}

/// Where tests make the server fail as a bug would: when the text holds `kifu-test-POINT`,
/// a panic there, or (`wait`) a handler that works until it is cancelled. Nothing outside
/// tests.
#[cfg(test)]
pub fn fault(point: &str, text: &str) {
    if text.contains(&format!("kifu-test-{point}")) {
        if point == "wait" {
            let started = std::time::Instant::now();
            while !crate::requests::cancelled() && started.elapsed().as_secs() < 20 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        } else {
            panic!("kifu-test: a fault at {point}");
        }
    }
}

#[cfg(not(test))]
pub fn fault(_point: &str, _text: &str) {}
