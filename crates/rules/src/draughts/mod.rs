//! Draughts: move generation and replay for the PDN game types with well-defined rules.
