//! Helpers for the end-to-end tests: the `kifu` binary, built as users build it, and paths
//! to the fixtures.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

pub mod lsp;

/// The workspace root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace")
        .to_path_buf()
}

/// The `kifu` binary of this workspace, built once per test run with the same cargo that
/// runs the tests (integration tests of another package get no `CARGO_BIN_EXE_kifu`), or
/// the one `KIFU_BIN` names (to benchmark an older build against this one in the same run).
pub fn kifu_bin() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(bin) = std::env::var_os("KIFU_BIN") {
            return PathBuf::from(bin);
        }
        // The test executable lives in target/<profile>/deps; the binary in target/<profile>.
        let exe = std::env::current_exe().expect("test executable path");
        let profile_dir = exe
            .parent()
            .and_then(Path::parent)
            .expect("target/<profile>/deps/<test>");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
        let mut build = Command::new(cargo);
        build.args(["build", "--quiet", "-p", "kifu", "--bin", "kifu"]);
        // Benchmarks run from target/release: measure the release binary.
        if profile_dir.ends_with("release") {
            build.arg("--release");
        }
        let status = build.current_dir(workspace()).status().expect("cargo runs");
        assert!(status.success(), "cargo build -p kifu failed");
        let debug = profile_dir.join(format!("kifu{}", std::env::consts::EXE_SUFFIX));
        assert!(debug.is_file(), "{} was not built", debug.display());
        debug
    })
}

/// Runs `kifu` with `args` in the workspace root.
pub fn kifu(args: &[&str]) -> Output {
    Command::new(kifu_bin())
        .args(args)
        .current_dir(workspace())
        .env("NO_COLOR", "1")
        .output()
        .expect("kifu runs")
}

/// The exit code of an output.
pub fn code(output: &Output) -> i32 {
    output.status.code().expect("kifu exited normally")
}

/// Stdout as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// The shared corpus beside the repository, or `None` after saying that it is missing.
pub fn corpus() -> Option<PathBuf> {
    let dir = workspace().join("../shared/corpus");
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

/// Asserts that an exported game (`kifu export` JSON) has the diagnostics that `alone`, the
/// export of that game in a file of its own, has: as many, with the same code and message
/// (their lines and offsets differ), and at least one.
pub fn assert_same_diagnostics(game: &serde_json::Value, alone: &serde_json::Value) {
    let (own, lone) = (&game["diagnostics"], &alone["diagnostics"]);
    let lone = lone.as_array().expect("a diagnostics array");
    assert!(
        !lone.is_empty(),
        "the game alone has no diagnostic to compare"
    );
    assert_eq!(own.as_array().map(Vec::len), Some(lone.len()), "{own}");
    for (own, lone) in own.as_array().unwrap().iter().zip(lone) {
        assert_eq!(own["code"], lone["code"]);
        assert_eq!(own["message"], lone["message"]);
    }
}

/// A folder of its own under the system's temporary folder, removed with all it holds
/// when dropped: a test run leaves nothing behind, pass or fail (a failing assertion
/// unwinds through the drop).
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new, empty folder whose name has `name` in it; no other test's folder is the same,
    /// in this run or another one.
    pub fn new(name: &str) -> TempDir {
        static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("kifu-e2e-{}-{n}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        TempDir(dir)
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A file in a [`TempDir`] of its own, removed with it when dropped.
pub struct TempFile {
    path: PathBuf,
    _dir: TempDir,
}

impl std::ops::Deref for TempFile {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<std::ffi::OsStr> for TempFile {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.path.as_os_str()
    }
}

/// Writes `bytes` to a file named `name` in a temporary folder of its own, which goes when
/// the file is dropped.
pub fn temp_file(name: &str, bytes: &[u8]) -> TempFile {
    let dir = TempDir::new("file");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("a temporary file");
    TempFile { path, _dir: dir }
}

/// Runs `kifu tree` on a fixture and checks that it prints the fixture's `.rast` snapshot,
/// and exits 1 when the snapshot has an error (as `kifu check` would), else 0.
pub fn assert_tree_is_its_snapshot(fixture: &str) {
    let out = kifu(&["tree", fixture]);
    let expected = std::fs::read_to_string(workspace().join(fixture).with_extension("rast"))
        .expect("the fixture has a snapshot");
    assert_eq!(stdout(&out), expected, "{fixture}");
    let has_errors = expected.lines().any(|line| line.starts_with("error["));
    assert_eq!(code(&out), i32::from(has_errors), "{fixture}");
}
