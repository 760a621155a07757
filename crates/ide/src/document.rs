//! A document: its text, its notation and its parse.

use kifu_syntax::{pdn, pgn, sgf, SyntaxError};

/// The notations kifu reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Chess.
    Pgn,
    /// Go.
    Sgf,
    /// Draughts.
    Pdn,
}

impl Notation {
    /// The notation of an editor language id (`pgn`, `sgf`, `pdn`) or a file extension.
    pub fn from_name(name: &str) -> Option<Notation> {
        match name.to_ascii_lowercase().as_str() {
            "pgn" => Some(Notation::Pgn),
            "sgf" => Some(Notation::Sgf),
            "pdn" => Some(Notation::Pdn),
            _ => None,
        }
    }
}

/// A parsed document.
#[derive(Debug, Clone)]
pub struct Document {
    text: String,
    parse: Parsed,
}

#[derive(Debug, Clone)]
pub(crate) enum Parsed {
    Pgn(pgn::Parse),
    Sgf(sgf::Parse),
    Pdn(pdn::Parse),
}

impl Document {
    /// Parses `text` as `notation`.
    pub fn new(notation: Notation, text: String) -> Document {
        let parse = match notation {
            Notation::Pgn => Parsed::Pgn(pgn::parse(&text)),
            Notation::Sgf => Parsed::Sgf(sgf::parse(&text)),
            Notation::Pdn => Parsed::Pdn(pdn::parse(&text)),
        };
        Document { text, parse }
    }

    /// The document after replacing `edit` with `insert`: the same as a fresh parse of the new
    /// text, but a PGN edit re-parses only the games it reaches, so its cost does not grow
    /// with the file.
    pub fn edited(&self, edit: kifu_syntax::TextRange, insert: &str) -> Document {
        let mut text = self.text.clone();
        text.replace_range(std::ops::Range::<usize>::from(edit), insert);
        let inserted = kifu_syntax::TextSize::from(insert.len() as u32);
        match &self.parse {
            Parsed::Pgn(old) => {
                let parse = Parsed::Pgn(pgn::reparse(old, &text, edit, inserted));
                Document { text, parse }
            }
            _ => Document::new(self.notation(), text),
        }
    }

    /// The notation.
    pub fn notation(&self) -> Notation {
        match self.parse {
            Parsed::Pgn(_) => Notation::Pgn,
            Parsed::Sgf(_) => Notation::Sgf,
            Parsed::Pdn(_) => Notation::Pdn,
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    pub(crate) fn parsed(&self) -> &Parsed {
        &self.parse
    }

    /// The syntax tree in the `.rast` format: diagnostics, then every node and token.
    pub fn syntax_tree(&self) -> String {
        match &self.parse {
            Parsed::Pgn(p) => p.debug_dump(),
            Parsed::Sgf(p) => p.debug_dump(),
            Parsed::Pdn(p) => p.debug_dump(),
        }
    }

    /// Every diagnostic: syntax errors and checks, in text order.
    pub fn diagnostics(&self) -> &[SyntaxError] {
        match &self.parse {
            Parsed::Pgn(p) => p.errors(),
            Parsed::Sgf(p) => p.errors(),
            Parsed::Pdn(p) => p.errors(),
        }
    }
}
