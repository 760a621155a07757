//! The rules of draughts: positions, legal moves, and moves as PDN writes them played on a
//! position, for International (PDN GameType 20), English (21), Italian (22), Russian (25),
//! Brazilian (26), Turkish (30) and Frisian (40) draughts, and lidraughts' Breakthrough
//! (96), Frysk! (97) and Antidraughts (98).
//!
//! ```
//! use kifu_rules::draughts::{legal_moves, play, Position, Variant};
//!
//! let start = Position::new(Variant::International);
//! assert_eq!(legal_moves(&start).len(), 9);
//! let (mv, next) = play(&start, &[32, 28], false).unwrap();
//! assert_eq!(mv.notation(Variant::International), "32-28");
//! assert_eq!(next.to_fen(), "B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20");
//! ```
//!
//! Why by hand: no Rust crate does this job. Looked for on crates.io and docs.rs (November
//! 2026): `checke-rs` 0.0.1 (English checkers only, a first release, half documented),
//! `tiqtak` (an 8×8 checkers engine built around its MCTS player), `kish` (Turkish draughts
//! only), and game programs that are not libraries (`rust_checkers`: a Russian draughts bot;
//! `draught`: a WebAssembly checkers game). None reads PDN squares or FEN, none plays more
//! than one variant, and none has International or Frisian draughts, let alone the
//! precedence rules of Italian and Frisian captures. The rules were written from the PDN
//! 3.0 standard (GameType table, FEN grammar), the federations' rules as lidraughts and
//! Rein Halbersma's dctl implement them (Frisian capture values, the Russian rule that a
//! king lands where its capture can go on, Italian precedence), and checked against
//! py-draughts' move counts and lidraughts' and playstrategy's games.

mod fen;
mod geometry;
mod movegen;
mod play;
mod position;
mod variant;

#[cfg(test)]
mod tests;

pub use fen::FenError;
pub use movegen::{is_game_over, legal_moves, winner, Move};
pub use play::{play, resolve, IllegalMove};
pub use position::{Piece, PieceKind, Position};
pub use variant::{
    parse_square, square_from_alphanumeric, square_name, square_to_alphanumeric, Color, Variant,
};
