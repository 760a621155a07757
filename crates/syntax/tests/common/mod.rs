//! What the corpus, conformance and differential tests share: finding files, reading them as
//! the CLI does, and saying where an error is.

#![allow(dead_code)] // each test file uses its own part

use std::path::{Path, PathBuf};

use kifu_syntax::SyntaxError;

/// The shared corpus beside the repository, or `None` with a printed reason.
pub fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "SKIPPED: the shared corpus is not at {}; these tests need it (CI always has it)",
            dir.display()
        );
        None
    }
}

/// Reads a file as the CLI does: UTF-8, else Windows-1252.
pub fn read(path: &Path) -> String {
    let bytes = std::fs::read(path).expect("corpus file is readable");
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(err) => encoding_rs::WINDOWS_1252
            .decode(err.as_bytes())
            .0
            .into_owned(),
    }
}

/// `path:line: code message`, for a test's list of failures.
pub fn located(path: &Path, text: &str, error: &SyntaxError) -> String {
    let line = text[..usize::from(error.range.start())].lines().count();
    format!(
        "{}:{line}: {} {}",
        path.display(),
        error.code.as_str(),
        error.message
    )
}
