//! The three notations kifu reads.

use std::path::Path;

/// The notation of a text: which grammar reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Chess: Portable Game Notation.
    Pgn,
    /// Go: Smart Game Format, FF[4].
    Sgf,
    /// Draughts: Portable Draughts Notation.
    Pdn,
}

impl Notation {
    /// Every notation, in the order names are listed.
    pub const ALL: [Notation; 3] = [Notation::Pgn, Notation::Sgf, Notation::Pdn];

    /// The notation of an editor language id or a file extension (`pgn`, `sgf`, `pdn`, in any
    /// case).
    pub fn from_name(name: &str) -> Option<Notation> {
        Notation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(name))
    }

    /// Its lower-case name, which is also its file extension and editor language id.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Pgn => "pgn",
            Notation::Sgf => "sgf",
            Notation::Pdn => "pdn",
        }
    }

    /// The notation of a file by its extension: PGN when it has none kifu knows (PGN is by
    /// far the most common, and is often saved as `.txt`).
    pub fn of_path(path: &Path) -> Notation {
        path.extension()
            .and_then(|ext| Notation::from_name(ext.to_str()?))
            .unwrap_or(Notation::Pgn)
    }
}

#[cfg(test)]
mod tests {
    use super::Notation;
    use std::path::Path;

    #[test]
    fn names_and_extensions() {
        assert_eq!(Notation::from_name("SGF"), Some(Notation::Sgf));
        assert_eq!(Notation::from_name("txt"), None);
        assert_eq!(Notation::of_path(Path::new("a/b.PDN")), Notation::Pdn);
        assert_eq!(Notation::of_path(Path::new("games.txt")), Notation::Pgn);
        assert_eq!(Notation::of_path(Path::new("noext")), Notation::Pgn);
        for n in Notation::ALL {
            assert_eq!(Notation::from_name(n.name()), Some(n));
        }
    }
}
