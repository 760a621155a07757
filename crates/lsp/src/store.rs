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
    /// The text.
    fn text(&self) -> &str {
        match self {
            Content::Parsed(document) => document.text(),
            Content::Unparsed(text) => text,
        }
    }

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
        OpenDocument {
            version,
            notation,
            index: LineIndex::new(content.text()),
            content,
        }
    }

    /// The parsed document, unless parsing it panicked.
    pub fn document(&self) -> Option<&Document> {
        match &self.content {
            Content::Parsed(document) => Some(document),
            Content::Unparsed(_) => None,
        }
    }

    /// Applies one content change. Positions are clamped to the text and to character
    /// boundaries, so a change always applies: the text stays the editor's. The text is
    /// edited where it is, not copied: a copy per keystroke kept a second text of a
    /// database in the heap. A re-parse that panics falls back to a full parse, and a parse
    /// that panics leaves the text alone.
    pub fn change(&mut self, change: &TextDocumentContentChangeEvent, encoding: Encoding) {
        let Some(range) = change.range else {
            *self = OpenDocument::parse(self.version, self.notation, change.text.clone());
            return;
        };
        let positions = Positions {
            index: &self.index,
            encoding,
        };
        let start = positions.offset(range.start);
        let end = positions.offset(range.end).max(start);
        let edit = TextRange::new(start, end);
        let inserted = TextSize::of(change.text.as_str());
        let content = std::mem::replace(&mut self.content, Content::Unparsed(String::new()));
        let (mut text, unedited) = match content {
            Content::Parsed(document) => {
                let (text, unedited) = document.into_edit();
                (text, Some(unedited))
            }
            Content::Unparsed(text) => (text, None),
        };
        text.replace_range(std::ops::Range::<usize>::from(edit), &change.text);
        self.index = self.index.edited(&text, edit, inserted);
        self.content = match unedited {
            Some(unedited) => match guarded(|| {
                fault("edit", &change.text);
                unedited.edited(&mut text, edit, inserted)
            }) {
                Ok(document) => Content::Parsed(document),
                Err(_) => {
                    eprintln!("kifu lsp: re-parsing an edit failed; parsing the whole text");
                    Content::of(self.notation, text)
                }
            },
            None => Content::of(self.notation, text),
        };
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
