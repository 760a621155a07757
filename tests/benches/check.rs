//! `kifu check` and `kifu export` on 100 MB of PGN (the pgn-reader-bench and TCEC files,
//! repeated), beside the peers of issues 11 and 17 in the same run: a validator built on pgn-reader and shakmaty that
//! plays every main-line move (single-threaded, as pgn-reader is), and `pgn-extract -s -r`
//! when it is installed (Debian's `pgn-extract`). Reports wall time, MB/s, CPU time and
//! peak memory (from `/usr/bin/time` when present), and the ratios.
//!
//! `cargo bench -p kifu-e2e --bench check` (needs the shared corpus; `KIFU_BIN` names the
//! binary to measure, else the release build).

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use kifu_e2e::workspace;
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// Plays every main-line move of every game; counts the moves that cannot be played.
struct Validator;

struct Game {
    position: Option<Chess>,
    illegal: bool,
}

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Game;
    type Output = (usize, bool);

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let fen = Fen::from_ascii(value.as_bytes()).ok();
            *tags = fen.and_then(|f| f.into_position(CastlingMode::Chess960).ok());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Game {
            position: Some(tags.unwrap_or_default()),
            illegal: false,
        })
    }

    fn san(&mut self, game: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        if let Some(mut position) = game.position.take() {
            match san.san.to_move(&position) {
                Ok(m) => {
                    position.play_unchecked(m);
                    game.position = Some(position);
                }
                Err(_) => game.illegal = true,
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        (1, game.illegal)
    }
}

fn database(path: &Path) -> Option<usize> {
    let dir = workspace().join("../shared/corpus/pgn");
    let files = [
        "pgn-reader-bench/lichess_db_1000k.pgn",
        "pgn-reader-bench/twic1599_1000k.pgn",
        "tcec/TCEC_Season_1_-_Division_1.pgn",
        "tcec/TCEC_Season_1_-_Division_2.pgn",
        "tcec/TCEC_Season_10_-_Superfinal.pgn",
        "tcec/TCEC_Season_20_-_Frc3_Final.pgn",
    ];
    let mut one = Vec::new();
    for file in files {
        one.extend(std::fs::read(dir.join(file)).ok()?);
        one.push(b'\n');
    }
    let mut bytes = Vec::new();
    while bytes.len() < 100 << 20 {
        bytes.extend_from_slice(&one);
    }
    std::fs::write(path, &bytes).ok()?;
    Some(bytes.len())
}

/// Runs a command `runs` times (its output thrown away); the best wall time, and the CPU time and peak memory of that
/// run when `/usr/bin/time` can say.
fn measure(program: &Path, args: &[&str], runs: usize) -> (f64, Option<(f64, u64)>) {
    let timer = Path::new("/usr/bin/time").is_file();
    let mut best: Option<(f64, Option<(f64, u64)>)> = None;
    for _ in 0..runs {
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
            return (f64::NAN, None);
        }
        let stats = timer.then(|| {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let last = stderr.lines().last().unwrap_or_default().to_string();
            let fields: Vec<f64> = last
                .split_whitespace()
                .filter_map(|f| f.parse().ok())
                .collect();
            match fields[..] {
                [user, system, kib] => (user + system, kib as u64 / 1024),
                _ => (0.0, 0),
            }
        });
        if best.as_ref().is_none_or(|(b, _)| wall < *b) {
            best = Some((wall, stats));
        }
    }
    best.unwrap_or((0.0, None))
}

fn main() {
    let file = std::env::temp_dir().join(format!("kifu-check-bench-{}.pgn", std::process::id()));
    let Some(size) = database(&file) else {
        eprintln!("SKIPPED: the shared corpus is not beside the repository");
        return;
    };
    let mb = size as f64 / 1e6;
    println!("{mb:.0} MB of PGN at {}", file.display());

    // The validator, in process, single-threaded.
    let bytes = std::fs::read(&file).expect("the database");
    let mut best = f64::MAX;
    let (mut games, mut illegal) = (0, 0);
    for _ in 0..3 {
        let started = Instant::now();
        let mut reader = Reader::new(&bytes[..]);
        (games, illegal) = (0, 0);
        while let Ok(Some((n, bad))) = reader.read_game(&mut Validator) {
            games += n;
            illegal += usize::from(bad);
        }
        best = best.min(started.elapsed().as_secs_f64());
    }
    println!(
        "pgn-reader + shakmaty validator (main lines, 1 thread): {best:.2} s, {:.0} MB/s ({games} games, {illegal} with a move it could not play)",
        mb / best
    );
    let validator = best;

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
    let path = file.to_string_lossy().to_string();
    for (name, args) in [
        ("kifu check (replay, tags)", vec!["check", path.as_str()]),
        (
            "kifu check --syntax-only",
            vec!["check", "--syntax-only", path.as_str()],
        ),
    ] {
        let (wall, stats) = measure(&kifu, &args, 3);
        let stats = stats.map_or(String::new(), |(cpu, mib)| {
            format!(", CPU {cpu:.2} s, peak {mib} MiB")
        });
        println!(
            "{name}: {wall:.2} s, {:.0} MB/s{stats}; {:.2}× the validator",
            mb / wall,
            validator / wall
        );
    }
    // `kifu export` (JSON Lines to /dev/null), with and without a position per move.
    for (name, args) in [
        (
            "kifu export --format jsonl (a FEN per move)",
            vec!["export", "--format", "jsonl", path.as_str()],
        ),
        (
            "kifu export --format jsonl --no-positions",
            vec![
                "export",
                "--format",
                "jsonl",
                "--no-positions",
                path.as_str(),
            ],
        ),
    ] {
        let (wall, stats) = measure(&kifu, &args, 2);
        let stats = stats.map_or(String::new(), |(cpu, mib)| {
            format!(", CPU {cpu:.2} s, peak {mib} MiB")
        });
        println!("{name}: {wall:.2} s, {:.0} MB/s{stats}", mb / wall);
    }
    let extract = Path::new("/usr/games/pgn-extract");
    if extract.is_file() {
        let (wall, _) = measure(extract, &["-s", "-r", &path], 1);
        println!("pgn-extract -s -r: {wall:.2} s, {:.0} MB/s", mb / wall);
        let (wall, _) = measure(
            extract,
            &["-s", "--fencomments", "-o", "/dev/null", &path],
            1,
        );
        println!(
            "pgn-extract -s --fencomments (a FEN per move): {wall:.2} s, {:.0} MB/s",
            mb / wall
        );
    } else {
        println!("pgn-extract: not installed (apt-get install pgn-extract)");
    }
    let _ = std::fs::remove_file(&file);
}
