//! One pass over a piece's bytes that checks they are UTF-8 and counts their line feeds.
//!
//! The thread that reads a large file looked at each piece three times before handing it on:
//! `str::from_utf8`, then `line_count`'s count of `\n` and its search for `\r`. Mapped
//! (see [`crate::mapped`]), the first look also brings the bytes from memory. perf of
//! `kifu check` on the 106 MB file: 814 of the reading thread's 1,223 samples (3.4% of all)
//! were those three. Here ASCII is checked and `\n` and `\r` counted 64 bytes at a time with
//! AVX2 (a run of other bytes is checked by `str::from_utf8`): 19.2 → 8.5 ms for the 106 MB
//! in 4 MiB windows, against `from_utf8` and the count. A piece that is not UTF-8 (a
//! Latin-1 database) is looked at by the same pass, which hands each stretch of bytes
//! that are not ASCII to the decoder ([`other_runs`]).

/// What [`utf8_lines`] found in UTF-8 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scanned {
    /// How many `\n` there are.
    pub(crate) line_feeds: usize,
    /// Whether there is a `\r` (then the lines are counted another way: `\r\n` and a lone
    /// `\r` end lines too).
    pub(crate) carriage_return: bool,
}

impl Scanned {
    /// The line starts after the first in the scanned `bytes` before `cut` (their text's,
    /// which has the same line ends), counted as [`crate::line_count`] counts them: all of
    /// them less the `\n` after the cut; `None` when there is a `\r` to pair.
    pub(crate) fn lines_before(self, bytes: &[u8], cut: usize) -> Option<usize> {
        (!self.carriage_return)
            .then(|| self.line_feeds - memchr::memchr_iter(b'\n', &bytes[cut..]).count())
    }
}

/// Whether `bytes` are UTF-8, as `str::from_utf8` says (the same error when they are not),
/// and when they are, their `\n` and whether they have a `\r`; `None` for the counts where
/// the processor has no AVX2 (the caller counts them).
pub(crate) fn utf8_lines(bytes: &[u8]) -> Result<Option<Scanned>, std::str::Utf8Error> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, just checked.
        let scanned = unsafe { avx2::lines(bytes, |_, run| std::str::from_utf8(run).is_ok()) };
        return match scanned {
            Some(scanned) => Ok(Some(scanned)),
            None => std::str::from_utf8(bytes).map(|_| None),
        };
    }
    std::str::from_utf8(bytes).map(|_| None)
}

/// The lines of `bytes` counted as [`utf8_lines`] counts them, whatever the bytes are, and
/// each stretch of them that holds all of their bytes that are not ASCII given to `other`
/// (with where it starts): stretches that start and end next to ASCII (or at the ends of
/// the bytes), so that no character or bad sequence is cut, and that hold all of the
/// bytes that are not ASCII between them, ASCII around them. `None` for the counts where
/// the processor has no AVX2 (then `other` is given all of the bytes at once).
pub(crate) fn other_runs(bytes: &[u8], mut other: impl FnMut(usize, &[u8])) -> Option<Scanned> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, just checked.
        return unsafe {
            avx2::lines(bytes, |at, run| {
                other(at, run);
                true
            })
        };
    }
    other(0, bytes);
    None
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::Scanned;

    /// The `\n` of `bytes`, and whether they have a `\r`, with each stretch that holds
    /// bytes that are not ASCII given to `run` (from the start of its 64-byte block to the
    /// next ASCII byte after them, or the end); `None` as soon as `run` says no.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn lines(
        bytes: &[u8],
        mut run: impl FnMut(usize, &[u8]) -> bool,
    ) -> Option<Scanned> {
        let line_feed = _mm256_set1_epi8(b'\n' as i8);
        let carriage_return = _mm256_set1_epi8(b'\r' as i8);
        let n = bytes.len();
        let at = bytes.as_ptr();
        let mut line_feeds = 0;
        let mut returns = _mm256_setzero_si256();
        let mut i = 0;
        'blocks: while i + 64 <= n {
            // Each byte lane's count of `\n` in up to 127 blocks (two bytes a lane a block:
            // at most 254, within a byte), then added up.
            let mut counts = _mm256_setzero_si256();
            let mut k = 0;
            while k < 127 && i + 64 <= n {
                // SAFETY: `i + 64 <= n`: both loads are within `bytes`.
                let a = _mm256_loadu_si256(at.add(i).cast());
                let b = _mm256_loadu_si256(at.add(i + 32).cast());
                if _mm256_movemask_epi8(_mm256_or_si256(a, b)) != 0 {
                    // Not ASCII: the run of bytes that are not, up to the next ASCII byte
                    // (a character ends before it), given to `run` and counted on its own.
                    line_feeds += sum(counts);
                    let end = bytes[i + 64..]
                        .iter()
                        .position(u8::is_ascii)
                        .map_or(n, |p| i + 64 + p);
                    let other = &bytes[i..end];
                    if !run(i, other) {
                        return None;
                    }
                    line_feeds += memchr::memchr_iter(b'\n', other).count();
                    if memchr::memchr(b'\r', other).is_some() {
                        returns = _mm256_set1_epi8(-1);
                    }
                    i = end;
                    continue 'blocks;
                }
                counts = _mm256_sub_epi8(counts, _mm256_cmpeq_epi8(a, line_feed));
                counts = _mm256_sub_epi8(counts, _mm256_cmpeq_epi8(b, line_feed));
                let cr = _mm256_or_si256(
                    _mm256_cmpeq_epi8(a, carriage_return),
                    _mm256_cmpeq_epi8(b, carriage_return),
                );
                returns = _mm256_or_si256(returns, cr);
                i += 64;
                k += 1;
            }
            line_feeds += sum(counts);
        }
        let rest = &bytes[i..];
        if !rest.is_ascii() && !run(i, rest) {
            return None;
        }
        line_feeds += memchr::memchr_iter(b'\n', rest).count();
        Some(Scanned {
            line_feeds,
            carriage_return: _mm256_movemask_epi8(returns) != 0
                || memchr::memchr(b'\r', rest).is_some(),
        })
    }

    /// The sum of the 32 byte counts of `counts`.
    #[target_feature(enable = "avx2")]
    fn sum(counts: __m256i) -> usize {
        let sums = _mm256_sad_epu8(counts, _mm256_setzero_si256());
        let total = _mm256_extract_epi64::<0>(sums)
            + _mm256_extract_epi64::<1>(sums)
            + _mm256_extract_epi64::<2>(sums)
            + _mm256_extract_epi64::<3>(sums);
        total as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same answer as `str::from_utf8` and counting `\n` and looking for `\r`, on bytes
    /// with bad sequences of every kind, characters of every length, line ends of every
    /// kind, and lengths around the 64-byte blocks and the 127 blocks counted together.
    #[test]
    fn the_same_as_from_utf8_and_counting() {
        let mut random = kifu_testing::Lcg::new(41);
        let mut texts: Vec<Vec<u8>> = Vec::new();
        for len in [
            0,
            1,
            63,
            64,
            65,
            127,
            128,
            129,
            255 * 64,
            255 * 64 + 1,
            256 * 64 + 7,
        ] {
            let text: Vec<u8> = (0..len).map(|i| b"ab\ncd e\n"[i % 8]).collect();
            texts.push(text.clone());
            for at in [0, len / 2, len.saturating_sub(1)] {
                for odd in [
                    &b"\r"[..],
                    "é".as_bytes(),
                    b"\xe9",
                    "€".as_bytes(),
                    b"\xe2\x82",
                ] {
                    let mut t = text.clone();
                    let at = at.min(t.len());
                    t.splice(at..at, odd.iter().copied());
                    texts.push(t);
                }
            }
        }
        for _ in 0..3000 {
            let mut bytes = Vec::new();
            for _ in 0..random.below(40) {
                match random.below(30) {
                    0 => bytes.extend(crate::read::broken_utf8(&mut random)),
                    1..=8 => bytes
                        .extend_from_slice("1. e4 e5 2. Nf3\n".repeat(random.below(9)).as_bytes()),
                    9..=11 => bytes.extend_from_slice(b"\r\n"),
                    12..=15 => bytes.extend_from_slice("Réti ✓ 𝄞\n".as_bytes()),
                    _ => {
                        bytes.extend((0..random.below(100)).map(|_| b'a' + random.below(26) as u8))
                    }
                }
            }
            texts.push(bytes);
        }
        let mut checked = (0, 0);
        for bytes in &texts {
            let expected = std::str::from_utf8(bytes).map(|_| Scanned {
                line_feeds: bytes.iter().filter(|&&b| b == b'\n').count(),
                carriage_return: bytes.contains(&b'\r'),
            });
            match (utf8_lines(bytes), expected) {
                (Ok(Some(found)), Ok(expected)) => {
                    assert_eq!(found, expected, "{} bytes", bytes.len());
                    checked.0 += 1;
                }
                // A processor without AVX2 counts nothing here.
                (Ok(None), Ok(_)) => {}
                (Err(found), Err(expected)) => {
                    assert_eq!(found, expected, "{} bytes", bytes.len());
                    checked.1 += 1;
                }
                (found, expected) => {
                    panic!("{found:?} against {expected:?}, {} bytes", bytes.len())
                }
            }
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            assert!(checked.0 > 1000 && checked.1 > 500, "{checked:?}");
        }
    }

    /// Every byte that is not ASCII is in one stretch `other_runs` gives, in order, each
    /// stretch starts and ends next to ASCII or at an end (no character or bad sequence
    /// cut), and the lines are counted as `utf8_lines` counts them, whatever the bytes.
    #[test]
    fn other_runs_hold_every_byte_that_is_not_ascii() {
        let mut random = kifu_testing::Lcg::new(43);
        let mut given = 0;
        for _ in 0..3000 {
            let mut bytes = Vec::new();
            for _ in 0..random.below(40) {
                match random.below(12) {
                    0 => bytes.extend(crate::read::broken_utf8(&mut random)),
                    1 => bytes.extend_from_slice(b"\r\n"),
                    2 | 3 => bytes.extend_from_slice("Réti ✓ 𝄞\n".as_bytes()),
                    4 => bytes.push(0xE9),
                    _ => {
                        bytes.extend((0..random.below(100)).map(|_| b'a' + random.below(26) as u8))
                    }
                }
            }
            let mut covered = vec![false; bytes.len()];
            let mut last_end = 0;
            let scanned = other_runs(&bytes, |at, run| {
                assert!(at >= last_end, "stretches in order");
                assert_eq!(&bytes[at..at + run.len()], run);
                let end = at + run.len();
                assert!(at == 0 || bytes[at - 1].is_ascii() || bytes[at].is_ascii());
                assert!(
                    end == bytes.len() || bytes[end].is_ascii(),
                    "ends before ASCII"
                );
                covered[at..end].iter_mut().for_each(|c| *c = true);
                last_end = end;
                given += 1;
            });
            for (i, &b) in bytes.iter().enumerate() {
                assert!(b.is_ascii() || covered[i], "byte {i} of {bytes:?}");
            }
            if let Some(scanned) = scanned {
                assert_eq!(
                    scanned.line_feeds,
                    bytes.iter().filter(|&&b| b == b'\n').count()
                );
                assert_eq!(scanned.carriage_return, bytes.contains(&b'\r'));
            }
        }
        assert!(given > 1000, "{given} stretches");
    }
}
