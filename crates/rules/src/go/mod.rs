//! Go: boards up to 52×52, captures, suicide, ko and superko under the common rule sets.
//!
//! Points come in as SGF writes them and positions come out; nothing here knows of text
//! offsets or syntax trees.
//!
//! ```
//! use kifu_rules::go::{BoardSize, Color, Point, Position, RuleSet, Rules};
//!
//! let size = BoardSize::from_sgf("19").unwrap();
//! let rules = RuleSet::from_sgf("Japanese").map(Rules::of).unwrap_or_default();
//! let start = Position::new(size, rules);
//! let point = size.parse_move("pd").unwrap();
//! let played = start.play(Color::Black, point).unwrap();
//! assert_eq!(played.position.stone(Point::new(15, 3)), Some(Color::Black));
//! assert_eq!(played.position.to_play(), Color::White);
//! ```

mod history;
mod point;
mod position;
mod rules;
mod zobrist;

pub use point::{BoardSize, Color, MalformedPoint, Point, Rect};
pub use position::{IllegalMove, Move, Played, Position, Removed, SetupError};
pub use rules::{Ko, RuleSet, Rules};

#[cfg(test)]
mod tests;
