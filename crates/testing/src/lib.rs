//! What kifu's tests share: random cases from a fixed seed.

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
