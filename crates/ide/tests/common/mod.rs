//! What the corpus tests share.

use std::path::{Path, PathBuf};

/// A folder of the shared corpus beside the repository (`sub` may be empty), or `None` after
/// saying it is missing: a test that needs it skips with a printed reason (CI always has it).
#[allow(dead_code)]
pub fn corpus(sub: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus")
        .join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "SKIPPED: the corpus folder {} is missing; this test needs it (CI always has it)",
            dir.display()
        );
        None
    }
}
