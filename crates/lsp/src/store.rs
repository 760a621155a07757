//! The document store: each open document, parsed, with its line index. An edit is always
//! applied, whatever happens: a re-parse that panics falls back to a full parse, and a parse
//! that panics leaves the text alone, so the server's text is always the editor's.

use kifu_ide::{Document, Notation, TextRange, TextSize};
use tower_lsp::lsp_types::{TextDocumentContentChangeEvent, Url};

use crate::convert::{Encoding, LineIndex, Positions};
use crate::guard::{fault, guarded};

/// One open document.
pub struct OpenDocument {
    /// The editor's version of the text.
    pub version: i32,
    notation: Notation,
    content: Content,
    /// Lines of the text, for positions.
    pub index: LineIndex,
}

/// A document's text, parsed, or alone when parsing it panicked (a bug): its answers are then
/// empty, and the next edit parses again.
enum Content {
    Parsed(Document),
    Unparsed(String),
}

impl Content {
    /// `text` parsed, or alone when parsing it panicked.
    fn of(notation: Notation, mut text: String) -> Content {
        // The text stays here until it is parsed: a panic leaves it, without the copy of a
        // whole document (10 MB at the peak of opening a database) kept for that case.
        match guarded(|| {
            fault("parse", &text);
            Document::new_taking(notation, &mut text)
        }) {
            Ok(document) => Content::Parsed(document),
            Err(_) => Content::Unparsed(text),
        }
    }
}

impl OpenDocument {
    /// [`OpenDocument::parse`], with the text's line index already made.
    pub fn parse_indexed(
        version: i32,
        notation: Notation,
        text: String,
        index: LineIndex,
    ) -> OpenDocument {
        OpenDocument {
            version,
            notation,
            content: Content::of(notation, text),
            index,
        }
    }

    /// Parses `text`, never failing: a panic leaves the text unparsed.
    pub fn parse(version: i32, notation: Notation, text: String) -> OpenDocument {
        OpenDocument::new(version, notation, Content::of(notation, text))
    }

    fn new(version: i32, notation: Notation, content: Content) -> OpenDocument {
        let text = match &content {
            Content::Parsed(document) => document.text(),
            Content::Unparsed(text) => text,
        };
        OpenDocument {
            version,
            notation,
            index: LineIndex::new(text),
            content,
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        match &self.content {
            Content::Parsed(document) => document.text(),
            Content::Unparsed(text) => text,
        }
    }

    /// The parsed document, unless parsing it panicked.
    pub fn document(&self) -> Option<&Document> {
        match &self.content {
            Content::Parsed(document) => Some(document),
            Content::Unparsed(_) => None,
        }
    }

    /// The document after one content change. Positions are clamped to the text and to
    /// character boundaries, so a change always applies: the text stays the editor's.
    pub fn changed(
        &self,
        change: &TextDocumentContentChangeEvent,
        encoding: Encoding,
    ) -> OpenDocument {
        let Some(range) = change.range else {
            return OpenDocument::parse(self.version, self.notation, change.text.clone());
        };
        let positions = Positions {
            index: &self.index,
            encoding,
        };
        let start = positions.offset(range.start);
        let end = positions.offset(range.end).max(start);
        let edit = TextRange::new(start, end);
        if let Some(document) = self.document() {
            let edited = guarded(|| {
                fault("edit", &change.text);
                document.edited(edit, &change.text)
            });
            let inserted = TextSize::of(change.text.as_str());
            match edited {
                Ok(document) => {
                    return OpenDocument {
                        version: self.version,
                        notation: self.notation,
                        index: self.index.edited(document.text(), edit, inserted),
                        content: Content::Parsed(document),
                    }
                }
                Err(_) => eprintln!("kifu lsp: re-parsing an edit failed; parsing the whole text"),
            }
        }
        let mut text = self.text().to_string();
        text.replace_range(std::ops::Range::<usize>::from(edit), &change.text);
        OpenDocument::parse(self.version, self.notation, text)
    }
}

/// The notation of a document: by the editor's language id, else the file's extension, else
/// PGN.
pub fn notation_of(uri: &Url, language_id: Option<&str>) -> Notation {
    language_id
        .and_then(Notation::from_name)
        .or_else(|| uri.path().rsplit('.').next().and_then(Notation::from_name))
        .unwrap_or(Notation::Pgn)
}
