//! How the fuzz targets that edit read their input: a text, a 0xFF byte, then edits of four
//! bytes each (where, two bytes modulo the text's length; how many bytes to remove, modulo
//! 16; what to insert, an index into the target's list).

use kifu_syntax::{TextRange, TextSize};

/// The text's bytes and the edits' bytes of `data`.
pub fn split(data: &[u8]) -> (&[u8], &[u8]) {
    let at = data.iter().position(|&b| b == 0xff).unwrap_or(data.len());
    (&data[..at], &data[at.saturating_add(1).min(data.len())..])
}

/// The edit that four bytes of `edits` (see [`split`]) make to `text`: the range it
/// replaces, on character boundaries, and what it inserts, one of `inserts`.
pub fn edit(bytes: &[u8], text: &str, inserts: &[&'static str]) -> (TextRange, &'static str) {
    let mut start = usize::from(u16::from_le_bytes([bytes[0], bytes[1]])) % (text.len() + 1);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + usize::from(bytes[2] % 16)).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    let range = TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32));
    (range, inserts[usize::from(bytes[3]) % inserts.len()])
}
