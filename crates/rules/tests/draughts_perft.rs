//! Perft: the number of move sequences of a given length from the start position, against
//! the counts published for each variant (the FMJD and Shashki forums' perft threads, as
//! Rein Halbersma's dctl tests them; Aart Bik's for English checkers).
//!
//! Published counts take a capture once per set of pieces taken from one square to
//! another; `legal_moves` lists each path (as py-draughts does), so paths that take the
//! same pieces are counted once here. They first differ in Frisian at depth 4 and in
//! Russian at depth 8.

use std::collections::HashSet;

use kifu_rules::draughts::{legal_moves, Move, Position, Variant};

/// The moves that differ in where they go or what they take.
fn distinct(moves: Vec<Move>) -> Vec<Move> {
    let mut seen = HashSet::new();
    moves
        .into_iter()
        .filter(|m| {
            let mut taken = m.captured.clone();
            taken.sort_unstable();
            seen.insert((m.from, m.to, taken))
        })
        .collect()
}

fn perft(position: &Position, depth: u32) -> u64 {
    let moves = distinct(legal_moves(position));
    if depth <= 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft(&position.apply(m), depth - 1))
        .sum()
}

fn check(variant: Variant, published: &[u64]) {
    let start = Position::new(variant);
    let counted: Vec<u64> = (1..=published.len() as u32)
        .map(|depth| perft(&start, depth))
        .collect();
    assert_eq!(counted, published, "{variant}");
}

#[test]
fn international() {
    check(Variant::International, &[9, 81, 658, 4265, 27117]);
}

#[test]
fn english() {
    check(Variant::English, &[7, 49, 302, 1469, 7361, 36768]);
}

#[test]
fn italian() {
    check(Variant::Italian, &[7, 49, 302, 1469, 7361, 36473]);
}

#[test]
fn russian() {
    check(Variant::Russian, &[7, 49, 302, 1469, 7482, 37986]);
}

#[test]
fn brazilian() {
    check(Variant::Brazilian, &[7, 49, 302, 1469, 7473, 37628]);
}

#[test]
fn frisian() {
    check(Variant::Frisian, &[9, 81, 658, 3874, 21265]);
}
