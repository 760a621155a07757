//! Finding the game files named on the command line: files as they are, directories walked.
//!
//! A walk follows symbolic links, as users expect of a folder of game files, and so it must
//! not loop: each real directory is walked once (as ripgrep and fd do), a link back to a
//! directory that contains it is a cycle and is skipped with a note, and a second way into a
//! directory already walked is skipped with a note. Files that are not regular files (FIFOs,
//! sockets, devices) are skipped when found by walking: reading a FIFO waits for a writer
//! that may never come. One path that cannot be read does not stop the others, and a folder
//! with no game file in it is said as such, since it is more likely a wrong path than a
//! clean result.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

use crate::{Notation, Source};

/// The file extensions `kifu` reads when it walks a directory.
pub const EXTENSIONS: &[&str] = &["pgn", "sgf", "pdn"];

/// What a walk found: the files to read, and the paths it could not read or chose to skip.
#[derive(Debug, Default)]
pub struct Found {
    /// The game files, in the order given, each directory's in sorted order.
    pub files: Vec<Source>,
    /// Paths that could not be read, with why (the path itself, not its parent).
    pub unreadable: Vec<(PathBuf, io::Error)>,
    /// Paths skipped on purpose, with why.
    pub skipped: Vec<(PathBuf, String)>,
    /// Directories given on the command line in which the walk found no game file (and
    /// nothing it could not read).
    pub empty: Vec<PathBuf>,
}

impl Found {
    /// Says on stderr what could not be read (`kifu: cannot read ...`) and what was skipped
    /// (`kifu: note: skipped ...`).
    pub fn report(&self) {
        for (path, err) in &self.unreadable {
            eprintln!("kifu: cannot read {}: {err}", path.display());
        }
        for (path, why) in &self.skipped {
            eprintln!("kifu: note: skipped {}: {why}", path.display());
        }
        for dir in &self.empty {
            eprintln!("kifu: no .pgn, .sgf or .pdn files under {}", dir.display());
        }
    }

    /// How many paths given or found could not be read as asked: unreadable paths and
    /// folders with no game files. Any makes the exit status 2.
    pub fn failed(&self) -> usize {
        self.unreadable.len() + self.empty.len()
    }
}

/// Expands the paths given on the command line: `-` as standard input; a file (of any kind,
/// a FIFO included: the user asked for it) as it is; a directory walked for files with a
/// known extension, hidden entries skipped, in sorted order. `notation` is how to read
/// standard input and the files named (PGN for standard input when it is `None`, else by
/// extension); files found by walking are read by their extension.
pub fn find(paths: &[PathBuf], notation: Option<Notation>) -> Found {
    let mut found = Found::default();
    let mut walked = HashMap::new();
    for path in paths {
        if path.as_os_str() == "-" {
            found.files.push(Source::named(path, notation));
            continue;
        }
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                let before = (found.files.len(), found.unreadable.len());
                let skipped_before = found.skipped.len();
                walk(path, &mut walked, &mut found);
                // A folder given twice is skipped the second time, not empty.
                let walked_again = found.skipped[skipped_before..]
                    .iter()
                    .any(|(skipped, _)| skipped == path);
                if before == (found.files.len(), found.unreadable.len()) && !walked_again {
                    found.empty.push(path.clone());
                }
            }
            Ok(_) => found.files.push(Source::named(path, notation)),
            Err(err) => found.unreadable.push((path.clone(), err)),
        }
    }
    found
}

/// Walks `root`. `walked` maps each real directory walked so far to the path it was
/// walked by.
fn walk(root: &Path, walked: &mut HashMap<DirId, PathBuf>, found: &mut Found) {
    let mut entries = WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    while let Some(entry) = entries.next() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(err) => {
                let path = err.path().unwrap_or(root).to_path_buf();
                if let Some(ancestor) = err.loop_ancestor() {
                    let why = format!(
                        "it links back to {}, which contains it (a cycle)",
                        ancestor.display()
                    );
                    found.skipped.push((path, why));
                } else if is_dangling_link(&path) && !has_known_extension(&path) {
                    let why = "a symbolic link to nothing".to_string();
                    found.skipped.push((path, why));
                } else {
                    let err = err
                        .into_io_error()
                        .unwrap_or_else(|| io::Error::other("the walk failed here"));
                    found.unreadable.push((path, err));
                }
                continue;
            }
        };
        let kind = entry.file_type();
        if kind.is_dir() {
            let id = match dir_id(entry.path()) {
                Ok(id) => id,
                Err(err) => {
                    found.unreadable.push((entry.into_path(), err));
                    entries.skip_current_dir();
                    continue;
                }
            };
            if let Some(first) = walked.get(&id) {
                let why = format!("the same directory as {}, already walked", first.display());
                found.skipped.push((entry.into_path(), why));
                entries.skip_current_dir();
            } else {
                walked.insert(id, entry.into_path());
            }
        } else if has_known_extension(entry.path()) {
            if kind.is_file() {
                let notation = Notation::of_path(entry.path());
                found.files.push(Source::file(entry.into_path(), notation));
            } else {
                let why = "not a regular file (a FIFO, socket or device); name it on the command line to read it".to_string();
                found.skipped.push((entry.into_path(), why));
            }
        }
    }
}

/// The identity of a real directory, whatever path leads to it.
#[cfg(unix)]
type DirId = (u64, u64);
#[cfg(not(unix))]
type DirId = PathBuf;

#[cfg(unix)]
fn dir_id(path: &Path) -> io::Result<DirId> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path)?;
    Ok((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn dir_id(path: &Path) -> io::Result<DirId> {
    std::fs::canonicalize(path)
}

fn is_dangling_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
        && std::fs::metadata(path).is_err()
}

fn has_known_extension(path: &Path) -> bool {
    path.extension().is_some_and(|ext| {
        EXTENSIONS
            .iter()
            .any(|known| ext.eq_ignore_ascii_case(known))
    })
}
