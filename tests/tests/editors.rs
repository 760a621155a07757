//! `kifu lsp` in real editors, run headless: Neovim and Emacs (eglot), each set up by the
//! README's own snippet, read from README.md, so the documented set-up cannot drift. Each
//! opens the acceptance example, receives its three diagnostics and a hover, deletes `oh? `,
//! and sees the diagnostics drop to two. `.ci/run` installs both editors (Debian's `neovim`,
//! `emacs-nox`, `elpa-eglot`); where one is missing the test says so and checks nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

use kifu_e2e::{kifu_bin, workspace};

fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The code block of README.md that follows `<!-- snippet: NAME -->`, without the list
/// item's indentation.
fn readme_snippet(name: &str) -> String {
    let readme = std::fs::read_to_string(workspace().join("README.md")).expect("README.md");
    let marker = format!("<!-- snippet: {name} -->");
    let after = &readme[readme.find(&marker).expect("the README has the snippet") + marker.len()..];
    let mut lines = after
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("```"));
    let fence = lines.next().expect("a code block follows the marker");
    let indent = fence.len() - fence.trim_start().len();
    let body: Vec<&str> = lines
        .take_while(|l| !l.trim_start().starts_with("```"))
        .map(|l| l.get(indent..).unwrap_or(l.trim_start()))
        .collect();
    body.join("\n") + "\n"
}

/// `PATH` with the directory of the kifu binary first: the README's snippets start `kifu`.
fn path_with_kifu() -> std::ffi::OsString {
    let dir = kifu_bin().parent().expect("the binary is in a directory");
    let mut paths = vec![dir.to_path_buf()];
    paths.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(paths).expect("PATH entries")
}

/// Whether Neovim is at least 0.`minor`.
fn nvim_at_least(minor: u32) -> bool {
    let output = Command::new("nvim").arg("--version").output();
    let version = output
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    // "NVIM v0.7.2"
    version
        .split_whitespace()
        .nth(1)
        .and_then(|v| {
            v.trim_start_matches("v0.")
                .split('.')
                .next()?
                .parse::<u32>()
                .ok()
        })
        .is_some_and(|m| m >= minor)
}

/// Runs an editor script, set up by `snippet`, on a copy of the acceptance example;
/// returns what it wrote.
fn run_editor(name: &str, snippet: &str, command: impl FnOnce(&Path) -> Command) -> String {
    let dir = std::env::temp_dir().join(format!("kifu-editor-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kasparov.pgn");
    std::fs::copy(
        workspace().join("fixtures/pgn/botvinnik-memorial-errors.pgn"),
        &file,
    )
    .unwrap();
    let out: PathBuf = dir.join("seen.txt");
    let snippet_file = dir.join(if name.starts_with("emacs") {
        "init.el"
    } else {
        "init.lua"
    });
    std::fs::write(&snippet_file, readme_snippet(snippet)).unwrap();
    let status = command(&dir)
        .env("KIFU_FILE", &file)
        .env("KIFU_OUT", &out)
        .env("KIFU_SNIPPET", &snippet_file)
        .env("PATH", path_with_kifu())
        .env("HOME", &dir)
        .env("XDG_CONFIG_HOME", &dir)
        .env("XDG_DATA_HOME", &dir)
        .env("XDG_STATE_HOME", &dir)
        .current_dir(&dir)
        .output()
        .expect("the editor runs");
    let seen = std::fs::read_to_string(&out).unwrap_or_else(|_| {
        panic!(
            "{name} wrote nothing; it said:\n{}{}",
            String::from_utf8_lossy(&status.stdout),
            String::from_utf8_lossy(&status.stderr)
        )
    });
    let _ = std::fs::remove_dir_all(&dir);
    seen
}

const HOVER: &str = "hover **Date** — the date the game started, `YYYY.MM.DD`, `??` for unknown parts (Seven Tag Roster)  `2001.12.05`: 5 December 2001";

fn neovim(snippet: &str) {
    let script = workspace().join("tests/editors/nvim.lua");
    // The snippet is the init file, as it would be in a user's configuration.
    let seen = run_editor(snippet, snippet, |dir| {
        let mut command = Command::new("timeout");
        command.args(["120", "nvim", "--headless", "-u"]);
        command.arg(dir.join("init.lua"));
        command.args(["-i", "NONE", "-n", "-c"]);
        command.arg(format!("luafile {}", script.display()));
        command
    });
    let expected = format!(
        "filetype pgn\nclient kifu\ndiagnostics 3\nat 19:22\nat 19:42\nat 22:5\n{HOVER}\nafter edit 2\nstopped true\n"
    );
    assert_eq!(seen, expected);
}

#[test]
fn neovim_0_7() {
    if !installed("nvim") {
        eprintln!("SKIPPED: nvim is not installed (apt-get install neovim); .ci/run installs it");
        return;
    }
    neovim("nvim-0.7");
}

#[test]
fn neovim_0_8() {
    if !installed("nvim") {
        eprintln!("SKIPPED: nvim is not installed (apt-get install neovim); .ci/run installs it");
        return;
    }
    if !nvim_at_least(8) {
        eprintln!("SKIPPED: the installed Neovim is older than 0.8, which the nvim-0.8 snippet needs (Debian 12 has 0.7.2; neovim_0_7 covers it)");
        return;
    }
    neovim("nvim-0.8");
}

#[test]
fn emacs_eglot() {
    if !installed("emacs") {
        eprintln!("SKIPPED: emacs is not installed (apt-get install emacs-nox elpa-eglot); .ci/run installs it");
        return;
    }
    let script = workspace().join("tests/editors/kifu-eglot.el");
    let seen = run_editor("emacs", "emacs", |_| {
        let mut command = Command::new("timeout");
        command.args(["120", "emacs", "--batch", "-Q", "-l"]);
        command.arg(&script);
        command
    });
    let mut lines: Vec<&str> = seen.lines().collect();
    // eglot kills the process right after sending `exit`, racing its own end: the status
    // is 0 or 9; what matters is that it is gone.
    let last = lines.pop().unwrap_or_default();
    assert!(last.starts_with("server exited t status"), "{seen}");
    assert_eq!(
        lines.join("\n"),
        format!("mode pgn-mode\ndiagnostics 3\nat 19:22\nat 19:42\nat 22:5\n{HOVER}\nafter edit 2")
    );
}
