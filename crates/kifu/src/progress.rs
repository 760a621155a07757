//! A progress bar on stderr for large inputs, only when stderr is a terminal.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

use kifu_input::Source;

/// Inputs smaller than this finish before a bar would be worth drawing.
const LARGE_INPUT: u64 = 32 << 20;

/// A byte-counting progress bar, or nothing.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar for reading `files`, if they are large and stderr is a terminal.
    pub fn for_files(files: &[Source]) -> Progress {
        // Asked first: the sizes cost a `stat` of every file (a third of the system calls of
        // checking a directory of 1,000 Go games), and are needed only for a bar.
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let total: u64 = files.iter().filter_map(Source::file_size).sum();
        if total < LARGE_INPUT {
            return Progress(None);
        }
        let bar = ProgressBar::new(total);
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} ({bytes_per_sec}, {eta})",
        ) {
            bar.set_style(style);
        }
        Progress(Some(bar))
    }

    /// Counts `bytes` more as done.
    pub fn advance(&self, bytes: usize) {
        if let Some(bar) = &self.0 {
            bar.inc(bytes as u64);
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
