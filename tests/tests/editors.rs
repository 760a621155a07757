//! `kifu lsp` in real editors, run headless: Neovim and Emacs (eglot). Each opens the
//! acceptance example, receives its three diagnostics and a hover, deletes `oh? `, and sees
//! the diagnostics drop to two. `.ci/run` installs both editors (Debian's `neovim`,
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

/// Runs an editor script on a copy of the acceptance example; returns what it wrote.
fn run_editor(name: &str, command: impl FnOnce(&Path) -> Command) -> String {
    let dir = std::env::temp_dir().join(format!("kifu-editor-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kasparov.pgn");
    std::fs::copy(
        workspace().join("fixtures/pgn/botvinnik-memorial-errors.pgn"),
        &file,
    )
    .unwrap();
    let out: PathBuf = dir.join("seen.txt");
    let status = command(&dir)
        .env("KIFU_FILE", &file)
        .env("KIFU_OUT", &out)
        .env("KIFU_BIN", kifu_bin())
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

#[test]
fn neovim() {
    if !installed("nvim") {
        eprintln!("SKIPPED: nvim is not installed (apt-get install neovim); .ci/run installs it");
        return;
    }
    let script = workspace().join("tests/editors/nvim.lua");
    let seen = run_editor("nvim", |_| {
        let mut command = Command::new("timeout");
        command.args([
            "120",
            "nvim",
            "--headless",
            "-u",
            "NONE",
            "-i",
            "NONE",
            "-n",
            "-c",
        ]);
        command.arg(format!("luafile {}", script.display()));
        command
    });
    let expected = format!(
        "diagnostics 3\nat 19:22\nat 19:42\nat 22:5\n{HOVER}\nafter edit 2\nstopped true\n"
    );
    assert_eq!(seen, expected);
}

#[test]
fn emacs_eglot() {
    if !installed("emacs") {
        eprintln!("SKIPPED: emacs is not installed (apt-get install emacs-nox elpa-eglot); .ci/run installs it");
        return;
    }
    let script = workspace().join("tests/editors/kifu-eglot.el");
    let seen = run_editor("emacs", |_| {
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
        format!("diagnostics 3\nat 19:22\nat 19:42\nat 22:5\n{HOVER}\nafter edit 2")
    );
}
