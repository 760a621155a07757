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
        let mut kinds: Vec<K> = Vec::with_capacity(range.len() / 2);
        let mut starts: Vec<u32> = Vec::with_capacity(range.len() / 2 + 1);
        let mut pos = range.start;
        if let Some((kind, end)) = first {
            kinds.push(kind);
            starts.push(pos as u32);
            pos = end;
        }
        // Both lists grow together: one count and one test of room for the two, where two
        // `push`es each tested and stored their own.
        let mut n = kinds.len();
        let mut room = kinds.capacity().min(starts.capacity());
        while pos < range.end {
            let (kind, end) = next(bytes, pos);
            // No token runs past the range (see above).
            debug_assert!(end > pos && end <= range.end && text.is_char_boundary(end));
            if n == room {
                room = grow(&mut kinds, &mut starts, n);
            }
            // SAFETY: `n` < `room`, which both lists have room for; `K` and `u32` are `Copy`,
            // so nothing is dropped, and the lengths are set to the `n` entries written.
            unsafe {
                kinds.as_mut_ptr().add(n).write(kind);
                starts.as_mut_ptr().add(n).write(pos as u32);
            }
            n += 1;
            pos = end;
        }
        // SAFETY: the first `n` entries of each were written above.
        unsafe {
            kinds.set_len(n);
            starts.set_len(n);
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

/// Room for twice as many tokens in both of a lexer's lists, which hold `n` each (set as
/// their length, so that the room kept is counted from there); returns the room both have.
#[cold]
#[inline(never)]
fn grow<K>(kinds: &mut Vec<K>, starts: &mut Vec<u32>, n: usize) -> usize {
    // SAFETY: the lexer's loop wrote the first `n` entries of each.
    unsafe {
        kinds.set_len(n);
        starts.set_len(n);
    }
    let more = n.max(16);
    kinds.reserve(more);
    starts.reserve(more);
    kinds.capacity().min(starts.capacity())
}

#[cfg(test)]
mod tests {
    use super::Lexed;

    /// The lists start with room for a token every two bytes and grow past it: texts with
    /// a token every byte (`(` after `(`), from a first token given or not, of every length
    /// around the points where the room runs out, keep every token in order.
    #[test]
    fn tokens_past_the_first_room() {
        for len in 0..200 {
            let text = "(".repeat(len);
            for first in [None, Some((1u8, 1))] {
                let first = first.filter(|_| len > 0);
                let lexed = Lexed::new(&text, first, |_, pos| (0u8, pos + 1));
                assert_eq!(lexed.len(), len);
                for i in 0..len {
                    let kind = u8::from(i == 0 && first.is_some());
                    assert_eq!((lexed.kind(i), lexed.range(i)), (kind, i..i + 1));
                }
                assert_eq!(lexed.starts.last().copied(), Some(len as u32));
            }
        }
    }
}
