//! Zobrist keys: one random number per cell and colour, so a position's hash changes by one
//! XOR per stone placed or removed.

use super::position::MAX_CELLS;

/// The key of a black stone (`[0]`) or a white stone (`[1]`) on each cell of the padded
/// board. Built at compile time, so every run and every thread hashes alike.
pub(super) static KEYS: [[u64; 2]; MAX_CELLS] = {
    let mut keys = [[0; 2]; MAX_CELLS];
    let mut cell = 0;
    while cell < MAX_CELLS {
        keys[cell][0] = splitmix64(2 * cell as u64);
        keys[cell][1] = splitmix64(2 * cell as u64 + 1);
        cell += 1;
    }
    keys
};

/// SplitMix64's output function: well-spread 64-bit numbers from a counter, no state.
const fn splitmix64(n: u64) -> u64 {
    let mut z = n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
