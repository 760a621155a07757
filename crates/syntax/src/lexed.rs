//! Tokens as lexers produce them, for every notation: kinds and where each starts.

/// The tokens of a text: their kinds and where each starts.
#[derive(Debug, Clone)]
pub struct Lexed<'t, K> {
    text: &'t str,
    kinds: Vec<K>,
    /// `starts[i]` is where token `i` starts; one extra entry holds the text's length.
    starts: Vec<u32>,
}

impl<'t, K: Copy> Lexed<'t, K> {
    /// Lexes `text` with `next`, which returns the kind and end of the token at a position.
    pub(crate) fn new(
        text: &'t str,
        first: Option<(K, usize)>,
        next: impl FnMut(&[u8], usize) -> (K, usize),
    ) -> Lexed<'t, K> {
        Lexed::new_in(text, 0..text.len(), first, next)
    }

    /// Lexes `text[range]` with `next`, which sees all of `text`: what comes before the
    /// range (a lexer may look back on the line) and after it (a lexer may look ahead).
    /// `range.start` must be where a token of the whole text starts, and `range.end` where
    /// one ends, for the tokens to be the whole text's.
    pub(crate) fn new_in(
        text: &'t str,
        range: std::ops::Range<usize>,
        first: Option<(K, usize)>,
        mut next: impl FnMut(&[u8], usize) -> (K, usize),
    ) -> Lexed<'t, K> {
        assert!(
            text.len() < u32::MAX as usize,
            "a text of {} bytes is too large to lex at once",
            text.len()
        );
        let bytes = text.as_bytes();
        // Room for a token every two bytes: dense movetext has a token every 2.2 bytes
        // (TWIC: `1`, `.`, ` `, `e4`, ` `), comments far fewer. Room for one every three
        // bytes was outgrown on TWIC, and the copy into twice the room, with the pages it
        // touched, cost 15% of building its tree (`parse_rounds`). Room not written to is
        // not touched: the server's peak on a 10 MB database measured the same.
        let mut kinds = Vec::with_capacity(range.len() / 2);
        let mut starts = Vec::with_capacity(range.len() / 2 + 1);
        let mut pos = range.start;
        if let Some((kind, end)) = first {
            kinds.push(kind);
            starts.push(pos as u32);
            pos = end;
        }
        while pos < range.end {
            let (kind, end) = next(bytes, pos);
            // No token runs past the range (see above).
            debug_assert!(end > pos && end <= range.end && text.is_char_boundary(end));
            kinds.push(kind);
            starts.push(pos as u32);
            pos = end;
        }
        starts.push(range.end as u32);
        Lexed {
            text,
            kinds,
            starts,
        }
    }

    /// Tokens found by another pass over `text`: `kinds[i]` starts at `starts[i]`, and
    /// together they cover `text` exactly.
    pub(crate) fn from_tokens(text: &'t str, kinds: Vec<K>, mut starts: Vec<u32>) -> Lexed<'t, K> {
        debug_assert_eq!(kinds.len(), starts.len());
        debug_assert!(starts.first().is_none_or(|&s| s == 0));
        starts.push(text.len() as u32);
        Lexed {
            text,
            kinds,
            starts,
        }
    }

    /// The text that was lexed.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// The number of tokens.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether the text was empty.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// The kinds of all the tokens.
    pub(crate) fn kinds(&self) -> &[K] {
        &self.kinds
    }

    /// The kind of token `i`.
    pub fn kind(&self, i: usize) -> K {
        self.kinds[i]
    }

    /// The byte range of token `i`.
    pub fn range(&self, i: usize) -> std::ops::Range<usize> {
        self.starts[i] as usize..self.starts[i + 1] as usize
    }

    /// The byte range of token `i` as a rowan range.
    pub fn text_range(&self, i: usize) -> rowan::TextRange {
        rowan::TextRange::new(self.starts[i].into(), self.starts[i + 1].into())
    }

    /// Every token's kind and text, in order.
    pub fn tokens(&self) -> impl Iterator<Item = (K, &'t str)> + '_ {
        (0..self.len()).map(|i| (self.kind(i), self.token_text(i)))
    }

    /// The kinds of tokens `tokens`, and where each starts with where the last ends: one
    /// more entry than kinds.
    #[inline]
    pub(crate) fn run(&self, tokens: std::ops::Range<usize>) -> (&[K], &[u32]) {
        (
            &self.kinds[tokens.clone()],
            &self.starts[tokens.start..=tokens.end],
        )
    }

    /// The text of token `i`.
    pub fn token_text(&self, i: usize) -> &'t str {
        &self.text[self.range(i)]
    }

    /// The bytes of token `i`: its text, for a test of its bytes, without the checks that
    /// cutting a `str` makes.
    pub(crate) fn token_bytes(&self, i: usize) -> &'t [u8] {
        &self.text.as_bytes()[self.range(i)]
    }
}
