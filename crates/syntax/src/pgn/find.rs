//! Finding the end of a short span (a comment, a tag's value) without a call.
//!
//! `memchr3` is quick on long text, but a comment of Lichess's (`{ [%clk 0:03:00] }`, the
//! 1.5 million of the 106 MB file issue 17 names average 19 bytes) or a tag's value is
//! short, and a call spent more on its setup than on its search: perf of `kifu check` on
//! that file, 2.9% of the samples in `memchr3` (and 0.5% in the look for a `\r` in each tag
//! value after it). Here the first bytes are looked at 16 at a time inline.

/// How far the inline search looks before it hands the rest to `memchr`.
const INLINE: usize = 64;

/// The first byte of `bytes` from `from` that is one of `needles` (two to four bytes).
#[inline(always)]
pub(crate) fn find_any<const N: usize>(
    bytes: &[u8],
    from: usize,
    needles: [u8; N],
) -> Option<usize> {
    let end = bytes.len().min(from.saturating_add(INLINE));
    let mut i = from;
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        while i + 16 <= end {
            // SAFETY: `i + 16 <= bytes.len()`: the 16 bytes loaded are in `bytes`; SSE2 is
            // part of every x86-64 processor.
            let mask = unsafe {
                let block = _mm_loadu_si128(bytes.as_ptr().add(i).cast());
                let mut found = _mm_setzero_si128();
                for needle in needles {
                    found = _mm_or_si128(found, _mm_cmpeq_epi8(block, _mm_set1_epi8(needle as i8)));
                }
                _mm_movemask_epi8(found)
            };
            if mask != 0 {
                return Some(i + mask.trailing_zeros() as usize);
            }
            i += 16;
        }
    }
    while i < end {
        if needles.contains(&bytes[i]) {
            return Some(i);
        }
        i += 1;
    }
    if end == bytes.len() {
        return None;
    }
    let rest = &bytes[end..];
    let found = match needles.as_slice() {
        [a, b] => memchr::memchr2(*a, *b, rest),
        [a, b, c] => memchr::memchr3(*a, *b, *c, rest),
        _ => rest.iter().position(|b| needles.contains(b)),
    };
    found.map(|at| end + at)
}

#[cfg(test)]
mod tests {
    use super::find_any;

    /// The first of the needles, as a byte-by-byte search finds it, at every offset and
    /// length around the blocks and the inline part's end.
    #[test]
    fn finds_the_first_needle() {
        let mut random = kifu_testing::Lcg::new(5);
        for _ in 0..20_000 {
            let len = random.below(200);
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    if random.below(40) == 0 {
                        b"}{\n\"\\\r"[random.below(6)]
                    } else {
                        b'a' + random.below(26) as u8
                    }
                })
                .collect();
            let from = random.below(len + 1);
            let slow = |needles: &[u8]| {
                bytes[from..]
                    .iter()
                    .position(|b| needles.contains(b))
                    .map(|p| from + p)
            };
            assert_eq!(find_any(&bytes, from, [b'}', b'{', b'\n']), slow(b"}{\n"));
            assert_eq!(
                find_any(&bytes, from, [b'"', b'\\', b'\n', b'\r']),
                slow(b"\"\\\n\r")
            );
        }
    }
}
