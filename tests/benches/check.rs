//! `kifu check` on 100 MB of PGN, three times: the pgn-reader-bench files repeated (a
//! Lichess sample and a TWIC issue, the file issue 17 names), then those and the TCEC files
//! (engine games, a long comment after every move), then the first in Windows-1252 (a
//! Latin-1 database); `kifu export` on the second. Each beside the
//! peers of issues 11 and 17 in the same run: a validator built on pgn-reader and shakmaty that
//! plays every main-line move (single-threaded, as pgn-reader is), and `pgn-extract -s -r`
//! when it is installed (Debian's `pgn-extract`). The tools run one after the other in each
//! of several rounds (5 for checking, 3 for exporting; `KIFU_BENCH_ROUNDS` sets both), and
//! each is reported by its median wall time (and its best), MB/s, CPU time and peak memory
//! (from `/usr/bin/time` when present), with the ratios of the medians: a shared machine's
//! speed moves from minute to minute, and a ratio of two bests taken a minute apart moved
//! with it. The validator also runs on the file's two halves at once, a thread each: what
//! two cores give its own work on the machine, the most a program that splits its work
//! perfectly could get from them.
//!
//! `cargo bench -p kifu-e2e --bench check` (needs the shared corpus; `KIFU_BIN` names the
//! binary to measure, else the release build).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use kifu_e2e::workspace;

#[path = "peers/validator.rs"]
mod validator;
use validator::validate;

/// The pgn-reader-bench files: a Lichess sample and a TWIC issue, what issue 17 measures on.
const READER_BENCH: [&str; 2] = [
    "pgn-reader-bench/lichess_db_1000k.pgn",
    "pgn-reader-bench/twic1599_1000k.pgn",
];

/// The TCEC files (engine games with a comment after every move): with the files above,
/// the second file checked, and the one the exports are measured on.
const TCEC: [&str; 4] = [
    "tcec/TCEC_Season_1_-_Division_1.pgn",
    "tcec/TCEC_Season_1_-_Division_2.pgn",
    "tcec/TCEC_Season_10_-_Superfinal.pgn",
    "tcec/TCEC_Season_20_-_Frc3_Final.pgn",
];

/// Writes `files` of the shared corpus, one after the other and again, to 100 MiB or just
/// over, at `path`: its size. In Windows-1252 with `latin1` (a character it has not is
/// written `&#263;`), as Latin-1 databases are: each piece the CLI reads then has bytes
/// that are not UTF-8.
fn database(path: &Path, files: &[&str], latin1: bool) -> Option<usize> {
    let dir = workspace().join("../shared/corpus/pgn");
    let mut one = Vec::new();
    for file in files {
        one.extend(std::fs::read(dir.join(file)).ok()?);
        one.push(b'\n');
    }
    if latin1 {
        let text = String::from_utf8(one).expect("the corpus's PGN files are UTF-8");
        one = encoding_rs::WINDOWS_1252.encode(&text).0.into_owned();
        assert!(
            std::str::from_utf8(&one).is_err(),
            "the files have letters that are not ASCII"
        );
    }
    let mut bytes = Vec::new();
    while bytes.len() < 100 << 20 {
        bytes.extend_from_slice(&one);
    }
    std::fs::write(path, &bytes).ok()?;
    Some(bytes.len())
}

/// Where the file's second half starts: the first place at or after its middle where the
/// CLI could cut it into pieces (a line that opens a tag pair after one that does not), or
/// its end when there is none.
fn middle_game_start(bytes: &[u8]) -> usize {
    kifu_syntax::pgn::cut_point_after(bytes, bytes.len() / 2).unwrap_or(bytes.len())
}

/// One run of a command: wall time, and CPU time and peak memory when `/usr/bin/time` can
/// say. `None` when the command failed.
struct Run {
    wall: f64,
    stats: Option<(f64, u64)>,
}

/// Runs a command once, its output thrown away.
fn run_once(program: &Path, args: &[&str]) -> Option<Run> {
    let timer = Path::new("/usr/bin/time").is_file();
    let started = Instant::now();
    let output = if timer {
        Command::new("/usr/bin/time")
            .args(["-f", "%U %S %M"])
            .arg(program)
            .args(args)
            .stdout(Stdio::null())
            .output()
    } else {
        Command::new(program)
            .args(args)
            .stdout(Stdio::null())
            .output()
    }
    .expect("the command runs");
    let wall = started.elapsed().as_secs_f64();
    if output.status.code().is_none_or(|c| c > 1) {
        eprintln!(
            "{} {args:?} failed: {}",
            program.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        return None;
    }
    let stats = timer.then(|| {
        let stderr = String::from_utf8_lossy(&output.stderr);
        // pgn-extract counts games on stderr with carriage returns, on the timer's line.
        let last = stderr
            .split(['\n', '\r'])
            .rfind(|line| !line.trim().is_empty())
            .unwrap_or_default()
            .to_string();
        let fields: Vec<f64> = last
            .split_whitespace()
            .filter_map(|f| f.parse().ok())
            .collect();
        match fields[..] {
            [user, system, kib] => (user + system, kib as u64 / 1024),
            _ => (0.0, 0),
        }
    });
    Some(Run { wall, stats })
}

/// The runs of one tool, one a round.
#[derive(Default)]
struct Runs(Vec<Run>);

impl Runs {
    /// Runs `work` in this process and adds its wall time (no CPU time or peak: those are
    /// the bench's own).
    fn time<R>(&mut self, work: impl FnOnce() -> R) -> R {
        let started = Instant::now();
        let out = work();
        self.0.push(Run {
            wall: started.elapsed().as_secs_f64(),
            stats: None,
        });
        out
    }

    fn median(values: &mut [f64]) -> f64 {
        values.sort_by(f64::total_cmp);
        values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
    }

    /// The median wall time.
    fn wall(&self) -> f64 {
        Runs::median(&mut self.0.iter().map(|r| r.wall).collect::<Vec<_>>())
    }

    /// The median wall time, the best, the median CPU time and the highest peak.
    fn describe(&self, mb: f64) -> String {
        let best = self.0.iter().map(|r| r.wall).fold(f64::NAN, f64::min);
        let wall = self.wall();
        let mut text = format!("{wall:.2} s (best {best:.2}), {:.0} MB/s", mb / wall);
        let stats: Vec<(f64, u64)> = self.0.iter().filter_map(|r| r.stats).collect();
        if !stats.is_empty() {
            let cpu = Runs::median(&mut stats.iter().map(|s| s.0).collect::<Vec<_>>());
            let peak = stats.iter().map(|s| s.1).max().unwrap_or(0);
            text.push_str(&format!(", CPU {cpu:.2} s, peak {peak} MiB"));
        }
        text
    }
}

/// How many rounds each tool runs in, one after the other in each round, so that every
/// ratio is between runs made in the same spell of a shared machine (whose speed moves by
/// a fifth from minute to minute). `KIFU_BENCH_ROUNDS` sets it.
fn rounds(default: usize) -> usize {
    std::env::var("KIFU_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(default)
        .max(1)
}

/// The check of one database, `size` bytes at `file`: the validator (in process,
/// single-threaded, then on the file's two halves at once), kifu check with and without
/// the replay, pgn-extract -s -r, one after the other in each round.
fn check(name: &str, file: &Path, size: usize, kifu: &Path, extract: Option<&Path>) {
    let mb = size as f64 / 1e6;
    println!("\n{name}: {mb:.0} MB of PGN at {}", file.display());
    let path = file.to_string_lossy().to_string();
    let bytes = std::fs::read(file).expect("the database");

    let rounds_check = rounds(5);
    let (mut validator, mut check, mut syntax, mut extract_check) = (
        Runs::default(),
        Runs::default(),
        Runs::default(),
        Runs::default(),
    );
    // The validator's own work on both cores: the file's two halves (cut where a game
    // starts) validated at once, one thread each. What that gains over one thread is what
    // this machine's two cores give at best to a program that splits its work perfectly.
    let (first, second) = bytes.split_at(middle_game_start(&bytes));
    let mut halves = Runs::default();
    let (mut games, mut illegal) = (0, 0);
    for _ in 0..rounds_check {
        (games, illegal) = validator.time(|| validate(&bytes));
        let (a, b) = halves.time(|| {
            std::thread::scope(|threads| {
                let a = threads.spawn(|| validate(first));
                let b = validate(second);
                (a.join().expect("the validator does not panic"), b)
            })
        });
        assert!(a.0 > 0 && b.0 > 0, "each half holds games");
        assert_eq!(
            (a.0 + b.0, a.1 + b.1),
            (games, illegal),
            "the halves hold the file's games"
        );
        check.0.extend(run_once(kifu, &["check", &path]));
        syntax
            .0
            .extend(run_once(kifu, &["check", "--syntax-only", &path]));
        if let Some(extract) = extract {
            extract_check
                .0
                .extend(run_once(extract, &["-s", "-r", &path]));
        }
    }
    println!(
        "{rounds_check} rounds, each tool once a round; medians, the best in parentheses, ratios of medians"
    );
    println!(
        "pgn-reader + shakmaty validator (main lines, 1 thread): {} ({games} games, {illegal} with a move it could not play)",
        validator.describe(mb)
    );
    println!(
        "the same on the file's two halves at once, a thread each (two cores at best): {}; {:.2}× one thread",
        halves.describe(mb),
        validator.wall() / halves.wall()
    );
    let against = |runs: &Runs| {
        let mut text = format!("{:.2}× the validator", validator.wall() / runs.wall());
        if !extract_check.0.is_empty() {
            text.push_str(&format!(
                ", {:.2}× pgn-extract -s -r",
                extract_check.wall() / runs.wall()
            ));
        }
        text
    };
    println!(
        "kifu check (replay, tags): {}; {}; {:.2}× the validator on two threads",
        check.describe(mb),
        against(&check),
        halves.wall() / check.wall()
    );
    println!(
        "kifu check --syntax-only: {}; {}",
        syntax.describe(mb),
        against(&syntax)
    );
    match extract {
        Some(_) => println!("pgn-extract -s -r: {}", extract_check.describe(mb)),
        None => println!("pgn-extract: not installed (apt-get install pgn-extract)"),
    }
}

fn main() {
    let kifu: PathBuf = std::env::var_os("KIFU_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("target/release/kifu"));
    if !kifu.is_file() {
        eprintln!(
            "SKIPPED kifu: no binary at {} (cargo build --release -p kifu)",
            kifu.display()
        );
        return;
    }
    let extract = Path::new("/usr/games/pgn-extract");
    let extract = extract.is_file().then_some(extract);

    // Checking: on the file issue 17 names (the pgn-reader-bench files), then with the
    // TCEC files besides; the exports on the second.
    let with_tcec: Vec<&str> = READER_BENCH.iter().chain(&TCEC).copied().collect();
    // Last, the first again in Windows-1252. The one with TCEC is kept for the exports,
    // each other removed once checked.
    let sets = [
        ("pgn-reader-bench", &READER_BENCH[..], false, false),
        ("pgn-reader-bench and TCEC", &with_tcec[..], false, true),
        (
            "pgn-reader-bench in Windows-1252",
            &READER_BENCH[..],
            true,
            false,
        ),
    ];
    let mut kept: Option<(PathBuf, usize)> = None;
    for (k, (name, files, latin1, keep)) in sets.into_iter().enumerate() {
        let file =
            std::env::temp_dir().join(format!("kifu-check-bench-{}-{k}.pgn", std::process::id()));
        let Some(size) = database(&file, files, latin1) else {
            eprintln!("SKIPPED: the shared corpus is not beside the repository");
            return;
        };
        check(name, &file, size, &kifu, extract);
        if keep {
            kept = Some((file, size));
        } else {
            let _ = std::fs::remove_file(file);
        }
    }
    let (file, size) = kept.expect("the database with TCEC");
    let mb = size as f64 / 1e6;
    println!(
        "\nexports of pgn-reader-bench and TCEC: {mb:.0} MB of PGN at {}",
        file.display()
    );
    let path = file.to_string_lossy().to_string();

    // Exporting (JSON Lines to /dev/null), with and without a position per move, beside
    // pgn-extract writing a FEN comment after every move.
    let rounds_export = rounds(3);
    let (mut export, mut bare, mut extract_fen) =
        (Runs::default(), Runs::default(), Runs::default());
    for _ in 0..rounds_export {
        export
            .0
            .extend(run_once(&kifu, &["export", "--format", "jsonl", &path]));
        bare.0.extend(run_once(
            &kifu,
            &["export", "--format", "jsonl", "--no-positions", &path],
        ));
        if let Some(extract) = extract {
            extract_fen.0.extend(run_once(
                extract,
                &["-s", "--fencomments", "-o", "/dev/null", &path],
            ));
        }
    }
    println!("{rounds_export} rounds of the exports");
    let fen_ratio = if extract_fen.0.is_empty() {
        String::new()
    } else {
        format!(
            "; {:.2}× pgn-extract -s --fencomments",
            extract_fen.wall() / export.wall()
        )
    };
    println!(
        "kifu export --format jsonl (a FEN per move): {}{fen_ratio}",
        export.describe(mb)
    );
    println!(
        "kifu export --format jsonl --no-positions: {}",
        bare.describe(mb)
    );
    if extract.is_some() {
        println!(
            "pgn-extract -s --fencomments (a FEN per move): {}",
            extract_fen.describe(mb)
        );
    }
    let _ = std::fs::remove_file(&file);
}
