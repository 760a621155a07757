//! Checks of a game's meaning that need no replay: one check (and, later, its quick fixes)
//! per file, as rust-analyzer's `ide-diagnostics` keeps them.

pub(crate) mod tags;
