//! Where lines start, as LSP counts them.

/// The starts of the lines after the first in `text`: after each `\n`, `\r\n` and lone `\r`.
pub fn line_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    // Most text has no `\r` at all: then searching for `\n` alone is enough, and faster.
    let (lf_only, any) = if memchr::memchr(b'\r', bytes).is_none() {
        (Some(memchr::memchr_iter(b'\n', bytes)), None)
    } else {
        let ends = memchr::memchr2_iter(b'\n', b'\r', bytes)
            .filter(move |&i| !(bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n')));
        (None, Some(ends))
    };
    lf_only
        .into_iter()
        .flatten()
        .chain(any.into_iter().flatten())
        .map(|i| i + 1)
}
