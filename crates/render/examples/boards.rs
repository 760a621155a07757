//! Writes a board of each game as SVG into the folder given as argument, to look at:
//! `cargo run -p kifu-render --example boards -- /tmp/boards`.

use std::path::PathBuf;
use std::process::ExitCode;

use kifu_render::{Board, Highlights, LastMove, MarkColour, Options};
use kifu_rules::{chess, draughts, go};

fn main() -> ExitCode {
    let Some(dir) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: boards FOLDER");
        return ExitCode::FAILURE;
    };
    match write_all(&dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("boards: {e}");
            ExitCode::FAILURE
        }
    }
}

fn write_all(dir: &std::path::Path) -> Result<(), Box<dyn std::error::Error>> {
    std::fs::create_dir_all(dir)?;
    let plain = Options::default();
    let flipped = Options {
        flipped: true,
        ..Options::default()
    };
    let bare = Options {
        coordinates: false,
        ..Options::default()
    };
    let write = |name: &str, board: Board<'_>, highlights: &Highlights, options: &Options| {
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, kifu_render::svg(board, highlights, options))?;
        std::fs::write(
            path.with_extension("txt"),
            kifu_render::text(board, highlights, options),
        )?;
        println!("{}", path.display());
        Ok::<(), std::io::Error>(())
    };

    let start = chess::Position::new(chess::Variant::Standard);
    write(
        "chess-start",
        Board::Chess(&start),
        &Highlights::default(),
        &plain,
    )?;
    let italian = chess::Position::from_fen(
        chess::Variant::Standard,
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    )?;
    let marks = Highlights {
        last_move: Some(LastMove::Chess {
            from: Some(chess::Square::F8),
            to: chess::Square::C5,
        }),
        squares: vec![
            (chess::Square::F7, MarkColour::Red),
            (chess::Square::D4, MarkColour::Yellow),
        ],
        arrows: vec![
            (chess::Square::F3, chess::Square::G5, MarkColour::Green),
            (chess::Square::C4, chess::Square::F7, MarkColour::Red),
            (chess::Square::C2, chess::Square::C3, MarkColour::Blue),
            (chess::Square::E1, chess::Square::G1, MarkColour::Yellow),
            (chess::Square::D4, chess::Square::D4, MarkColour::Green),
        ],
        numbers: Vec::new(),
    };
    write("chess-italian", Board::Chess(&italian), &marks, &plain)?;
    write(
        "chess-italian-flipped",
        Board::Chess(&italian),
        &marks,
        &flipped,
    )?;

    for (n, moves) in [
        (19, &["pd", "dp", "qp", "dd", "fq", "cn", "jj", "qf"][..]),
        (9, &["ee", "gc", "cg", "fe"][..]),
        (13, &["jd", "dj", "jj"][..]),
    ] {
        let size = go::BoardSize::square(n).ok_or("bad size")?;
        let mut position = go::Position::new(size, go::Rules::default());
        let mut last = None;
        for (i, mv) in moves.iter().enumerate() {
            let color = if i % 2 == 0 {
                go::Color::Black
            } else {
                go::Color::White
            };
            let point = size.parse_move(mv).map_err(|e| e.to_string())?;
            position = position.play(color, point)?.position;
            last = point;
        }
        let highlights = Highlights {
            last_move: Some(LastMove::Go(last)),
            ..Highlights::default()
        };
        write(
            &format!("go-{n}"),
            Board::Go(&position),
            &highlights,
            &plain,
        )?;
        if n == 19 {
            write("go-19-flipped", Board::Go(&position), &highlights, &flipped)?;
        }
    }
    let odd = go::Position::new(
        go::BoardSize::new(7, 5).ok_or("bad size")?,
        go::Rules::default(),
    );
    write("go-7x5", Board::Go(&odd), &Highlights::default(), &plain)?;

    let path = Highlights {
        last_move: Some(LastMove::Draughts(vec![32, 23, 14])),
        ..Highlights::default()
    };
    let international = draughts::Position::from_fen(
        draughts::Variant::International,
        "W:W14,31,33,34,35,36,37,38,39,40,41,42,43,44,K45:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,K17",
    )?;
    write(
        "draughts-international",
        Board::Draughts(&international),
        &path,
        &plain,
    )?;
    write(
        "draughts-international-flipped",
        Board::Draughts(&international),
        &path,
        &flipped,
    )?;
    let english = draughts::Position::new(draughts::Variant::English);
    write(
        "draughts-english",
        Board::Draughts(&english),
        &Highlights::default(),
        &plain,
    )?;
    write(
        "draughts-english-bare",
        Board::Draughts(&english),
        &Highlights::default(),
        &bare,
    )?;
    let russian = draughts::Position::new(draughts::Variant::Russian);
    write(
        "draughts-russian",
        Board::Draughts(&russian),
        &Highlights::default(),
        &plain,
    )?;
    let turkish = draughts::Position::new(draughts::Variant::Turkish);
    write(
        "draughts-turkish",
        Board::Draughts(&turkish),
        &Highlights::default(),
        &plain,
    )?;
    let italian = draughts::Position::new(draughts::Variant::Italian);
    write(
        "draughts-italian",
        Board::Draughts(&italian),
        &Highlights::default(),
        &plain,
    )?;
    Ok(())
}
