//! Standard output that its reader may close early, as `kifu check F | head -1` does.
//!
//! Rust ignores SIGPIPE, so a write to a closed pipe is an error (and `println!` panics on
//! it). Every command writes through `write!` and ends here when a write fails: the run
//! stops at once, as a Unix tool killed by SIGPIPE would, but quietly and with the status of
//! what it found until then.

use std::io;

use crate::ExitStatus;

/// Ends the run after a write to standard output failed: quietly with `status` when the
/// reader went away, else (a full disk, say) with a message and status 2.
pub fn write_failed(err: &io::Error, status: ExitStatus) -> ! {
    let status = if err.kind() == io::ErrorKind::BrokenPipe {
        status
    } else {
        eprintln!("kifu: cannot write to standard output: {err}");
        ExitStatus::CouldNotRun
    };
    std::process::exit(status as i32)
}

/// Standard output for a command that writes much, in large pieces, through its own
/// buffer: on Unix the file itself. Rust's `Stdout` buffers by lines and looks for the last
/// line end of every write: for a game's JSON line, written before its line end, that is a
/// scan back over the whole line (3% of an export).
pub fn unbuffered() -> Box<dyn io::Write + Send> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() {
            return Box::new(std::fs::File::from(fd));
        }
    }
    Box::new(io::stdout())
}
