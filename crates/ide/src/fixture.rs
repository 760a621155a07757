//! Inline fixtures for the feature tests: a document as text, `$0` where the cursor is.

use crate::{Document, Notation, TextSize};

/// The document without its `$0` marker, and the marker's offset (the end without one).
pub(crate) fn document(notation: Notation, text: &str) -> (Document, TextSize) {
    let offset = text.find("$0").unwrap_or(text.len());
    let clean = text.replacen("$0", "", 1);
    (
        Document::new(notation, clean),
        TextSize::from(offset as u32),
    )
}

/// A game with tags, NAGs and nested variations.
pub(crate) const KASPAROV: &str = "[Event \"Botvinnik Memorial\"]\n[Date \"2001.12.05\"]\n[White \"Kasparov, Garry\"]\n[Black \"Kramnik, Vladimir\"]\n[ECO \"C80\"]\n[TimeControl \"40/7200:3600\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 $1 4. Ba4 Nf6 5. O-O Nxe4 6. d4 b5 7. Bb3 d5\n8. dxe5 Be6 9. Be3 Bc5 10. Qd3 O-O 11. Nc3 Nb4 (11... Bxe3 12. Qxe3 Nxc3 13. Qxc3 Qd7\n(13... Nb7 14. Qc6 $1 $16)) 12. Qe2 1/2-1/2\n";
