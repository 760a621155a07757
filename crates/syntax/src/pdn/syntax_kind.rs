//! The kinds of PDN tokens and nodes, and the rowan language that carries them: PGN's kinds
//! with PDN's moves, move strengths, results and setup commands, from the table in
//! `pgn/syntax_kind.rs`, each with the PGN kind whose part it plays in the shared grammar.

crate::pgn::pgn_family_kinds!(pdn);
