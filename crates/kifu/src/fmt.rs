//! `kifu fmt`: PGN and PDN files rewritten in the standard's export format and SGF files
//! one node to a line (see kifu-ide's `format`), in place and atomically, or checked
//! (`--check`, as `rustfmt --check` does).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use kifu_ide::{Document, FormatOptions};
use kifu_input::files;
use kifu_input::read as input;
use kifu_input::Notation;

use crate::ExitStatus;

/// What `kifu fmt` was asked to do, beside the paths.
pub struct Options {
    /// Only say which files are not formatted, with a diff; change nothing.
    pub check: bool,
    /// How to read standard input and the files named (`--notation`).
    pub notation: Option<Notation>,
    /// How to format.
    pub format: FormatOptions,
}

/// What happened to the files.
#[derive(Default)]
struct Tally {
    formatted: usize,
    unchanged: usize,
    /// `--check`: files that are not formatted.
    differ: usize,
    /// Files that could not be read, written, or decoded in an encoding kifu writes back.
    failed: usize,
}

/// Runs `kifu fmt`.
pub fn run(paths: &[PathBuf], options: &Options) -> ExitStatus {
    let found = files::find(paths, options.notation);
    found.report();
    let mut tally = Tally {
        failed: found.failed(),
        ..Tally::default()
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for source in &found.files {
        let name = source.display().to_string();
        let bytes = match input::read_whole(source, input::MAX_WHOLE_FILE_BYTES) {
            Ok(bytes) => bytes,
            Err(err) => {
                eprintln!("kifu: cannot read {name}: {err}");
                tally.failed += 1;
                continue;
            }
        };
        // Written back in the file's own encoding: UTF-8 (with its byte order mark, if it
        // has one), or the one other encoding all of it is in, byte for byte (a Latin-1 PGN
        // database, a Fox SGF file in GB2312).
        let bom = bytes.starts_with(b"\xEF\xBB\xBF");
        let (text, encoding) = match std::str::from_utf8(&bytes[if bom { 3 } else { 0 }..]) {
            Ok(text) => (text.to_string(), None),
            Err(_) => {
                let text = input::decode(source.notation, &bytes).text;
                match input::legacy_encoding(source.notation, &bytes, &text) {
                    Some(encoding) => (text, Some(encoding)),
                    None => {
                        eprintln!(
                            "kifu: cannot format {name}: it is neither UTF-8 nor all in one other encoding that kifu can write back byte for byte (convert it to UTF-8 first, e.g. with iconv)"
                        );
                        tally.failed += 1;
                        continue;
                    }
                }
            }
        };
        let original = match encoding {
            None => String::from_utf8_lossy(&bytes).into_owned(),
            Some(_) => text.clone(),
        };
        let document = Document::new(source.notation, text);
        let mut formatted = document.formatted(options.format);
        // The file's byte order mark is kept (its line ends are, by the formatter).
        if bom {
            formatted.insert(0, '\u{feff}');
        }
        let formatted_bytes = match encoding {
            None => std::borrow::Cow::Borrowed(formatted.as_bytes()),
            // The formatter writes the text's own characters and ASCII: all can be written.
            Some(encoding) => encoding.encode(&formatted).0,
        };
        let written = match (&source.path, options.check) {
            // Standard input: the formatted text on standard output (with `--check`, only
            // the diff).
            (None, false) => {
                if *formatted_bytes == *bytes {
                    tally.unchanged += 1;
                } else {
                    tally.formatted += 1;
                }
                out.write_all(&formatted_bytes)
            }
            _ if *formatted_bytes == *bytes => {
                tally.unchanged += 1;
                continue;
            }
            (_, true) => {
                tally.differ += 1;
                out.write_all(diff(&name, &original, &formatted).as_bytes())
            }
            (Some(path), false) => match replace(path, &formatted_bytes) {
                Ok(()) => {
                    tally.formatted += 1;
                    continue;
                }
                Err(err) => {
                    eprintln!("kifu: cannot write {name}: {err}");
                    tally.failed += 1;
                    continue;
                }
            },
        };
        if let Err(err) = written {
            crate::stdout::write_failed(&err, ExitStatus::CouldNotRun);
        }
    }
    let _ = out.flush();
    drop(out);
    summary(&tally, options.check);
    if tally.failed > 0 {
        ExitStatus::CouldNotRun
    } else if tally.differ > 0 {
        ExitStatus::Problems
    } else {
        ExitStatus::Clean
    }
}

/// The summary on stderr.
fn summary(tally: &Tally, check: bool) {
    let files = |n: usize| {
        if n == 1 {
            "1 file".to_string()
        } else {
            format!("{n} files")
        }
    };
    let mut parts = Vec::new();
    if check {
        parts.push(format!("{} not formatted", files(tally.differ)));
        parts.push(format!("{} formatted", files(tally.unchanged)));
    } else {
        parts.push(format!("{} rewritten", files(tally.formatted)));
        parts.push(format!("{} already formatted", files(tally.unchanged)));
    }
    if tally.failed > 0 {
        parts.push(format!("{} could not be formatted", files(tally.failed)));
    }
    eprintln!("kifu fmt: {}", parts.join(", "));
}

/// A unified diff from `old` to `new`, as `diff -u` writes it.
fn diff(name: &str, old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(name, &format!("{name} (formatted)"))
        .to_string()
}

/// Replaces the file at `path` with `bytes` atomically: they are written to a new file
/// beside it, then renamed over it, so that a crash leaves the old file or the new one,
/// never half of one. The file keeps its permissions.
fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let file_name = path
        .file_name()
        .map_or_else(|| "kifu".into(), |n| n.to_string_lossy().into_owned());
    let temporary = dir.join(format!(".{file_name}.kifu-fmt-{}", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&temporary, meta.permissions())?;
        }
        std::fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}
