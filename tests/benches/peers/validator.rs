//! The peer of issues 11 and 17 for `kifu check`: a validator built on pgn-reader and
//! shakmaty that plays every main-line move, as pgn-reader's users write one. Shared by the
//! `check` bench and the `validator` example (which runs it alone on a file, for `perf` or
//! callgrind beside `kifu check` on the same bytes).

use std::ops::ControlFlow;

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

/// Plays every main-line move of every game in `bytes`: how many games, and how many had a
/// move it could not play.
pub fn validate(bytes: &[u8]) -> (usize, usize) {
    let mut reader = Reader::new(bytes);
    let (mut games, mut illegal) = (0, 0);
    while let Ok(Some((n, bad))) = reader.read_game(&mut Validator) {
        games += n;
        illegal += usize::from(bad);
    }
    (games, illegal)
}
