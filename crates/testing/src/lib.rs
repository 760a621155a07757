//! What kifu's tests share: random cases from a fixed seed, every short text of an
//! alphabet, and the game files of the repository and of the shared corpus beside it.

use std::path::{Path, PathBuf};

/// A small generator with a fixed seed (a 64-bit linear congruential generator with Knuth's
/// MMIX constants): the same cases on every run and every machine, with no dependency.
#[derive(Debug, Clone)]
pub struct Lcg(u64);

impl Lcg {
    /// A generator that starts from `seed`.
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Every text that starts with one of `starts` and goes on with bytes of `alphabet`, up to
/// `longest` bytes, passed to `each` (the starts themselves too); returns how many there
/// were. For holding a shortcut to the long way it shortens on every short text.
pub fn each_text(
    starts: &[&[u8]],
    alphabet: &[u8],
    longest: usize,
    mut each: impl FnMut(&[u8]),
) -> usize {
    let mut texts: Vec<Vec<u8>> = starts.iter().map(|start| start.to_vec()).collect();
    let mut count = 0;
    while let Some(text) = texts.pop() {
        each(&text);
        count += 1;
        if text.len() < longest {
            for &b in alphabet {
                let mut longer = text.clone();
                longer.push(b);
                texts.push(longer);
            }
        }
    }
    count
}

/// Every file under `dir` whose extension is one of `extensions` (any case), appended to
/// `out` in sorted order.
pub fn game_files(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            game_files(&path, extensions, out);
        } else if path.extension().is_some_and(|e| {
            extensions
                .iter()
                .any(|wanted| e.eq_ignore_ascii_case(wanted))
        }) {
            out.push(path);
        }
    }
}

/// The game files with one of `extensions` in the repository's `fixtures/` (at least
/// `fewest` of them, or the test fails: a moved folder must not make it pass on nothing)
/// and in the shared corpus beside the repository, when it is there (said on stderr when
/// it is not).
pub fn fixture_and_corpus_files(extensions: &[&str], fewest: usize) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    game_files(&root.join("fixtures"), extensions, &mut files);
    assert!(
        files.len() >= fewest,
        "{} fixtures with {extensions:?}, fewer than {fewest}",
        files.len()
    );
    let corpus = root.join("../shared/corpus");
    if corpus.is_dir() {
        game_files(&corpus, extensions, &mut files);
    } else {
        eprintln!(
            "the shared corpus is not at {}: fixtures only",
            corpus.display()
        );
    }
    files
}

#[cfg(test)]
mod tests {
    use super::Lcg;

    #[test]
    fn the_same_seed_gives_the_same_numbers_below_the_bound() {
        let (mut a, mut b) = (Lcg::new(7), Lcg::new(7));
        let numbers: Vec<usize> = (0..1000).map(|_| a.below(10)).collect();
        assert!(numbers.iter().all(|&n| n < 10));
        assert_eq!(numbers, (0..1000).map(|_| b.below(10)).collect::<Vec<_>>());
        // Every value comes up, and a bound of 0 gives 0.
        assert!((0..10).all(|v| numbers.contains(&v)));
        assert_eq!(a.below(0), 0);
    }
}
