//! [`XorShift64`]: a tiny deterministic generator for random games in tests,
//! benchmarks, corpus generators and magic-number search. Not for anything
//! that needs unpredictability.

/// Marsaglia's xorshift64 (shifts 13, 7, 17). A zero seed is replaced by a
/// fixed non-zero one, since zero is the generator's only fixed point.
///
/// ```
/// let mut rng = sqlchess_types::XorShift64::new(42);
/// let a = rng.next_u64();
/// assert_ne!(a, rng.next_u64());
/// assert!(rng.below(10) < 10);
/// ```
#[derive(Debug, Clone)]
pub struct XorShift64(u64);

impl XorShift64 {
    /// A generator from `seed`.
    pub const fn new(seed: u64) -> XorShift64 {
        XorShift64(if seed == 0 {
            0x9e37_79b9_7f4a_7c15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`0` when `n` is 0), by multiply-shift.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}
