//! LEB128-style variable-length unsigned integers: seven bits a byte, high
//! bit set on every byte but the last. Both packed-position codecs write
//! their clocks this way.

/// Appends `v` to `out`.
///
/// ```
/// let mut out = Vec::new();
/// sqlchess_types::varint::push(&mut out, 300);
/// assert_eq!(out, [0xac, 0x02]);
/// ```
pub fn push(out: &mut Vec<u8>, mut v: u64) {
    // Room for the longest number first, so that each byte's push only
    // compares (a copy of a few bytes would call memmove).
    out.reserve(10);
    while v >= 0x80 {
        out.push((v & 0x7f) as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Why [`read`] failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VarintError {
    /// The bytes end inside the number.
    Truncated,
    /// The number does not fit in the requested bits.
    TooLarge,
}

/// Reads a number of at most `bits` bits at `*at`, advancing `*at`.
///
/// ```
/// let (mut at, bytes) = (0, [0xac, 0x02, 0x05]);
/// assert_eq!(sqlchess_types::varint::read(&bytes, &mut at, 32), Ok(300));
/// assert_eq!(at, 2);
/// ```
///
/// # Errors
/// [`VarintError::Truncated`] if the bytes end first,
/// [`VarintError::TooLarge`] for a value of more than `bits` bits.
pub fn read(bytes: &[u8], at: &mut usize, bits: u32) -> Result<u64, VarintError> {
    let mut v: u64 = 0;
    let mut shift = 0u32;
    loop {
        let b = *bytes.get(*at).ok_or(VarintError::Truncated)?;
        *at += 1;
        let part = u64::from(b & 0x7f);
        if shift >= 64 || (shift > 0 && part >> (64 - shift) != 0) {
            return Err(VarintError::TooLarge);
        }
        v |= part << shift;
        if b & 0x80 == 0 {
            return if bits >= 64 || v >> bits == 0 {
                Ok(v)
            } else {
                Err(VarintError::TooLarge)
            };
        }
        shift += 7;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_bounds() {
        for v in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            push(&mut out, v);
            let mut at = 0;
            assert_eq!(read(&out, &mut at, 64), Ok(v));
            assert_eq!(at, out.len());
        }
        let mut out = Vec::new();
        push(&mut out, u64::from(u32::MAX) + 1);
        assert_eq!(read(&out, &mut 0, 32), Err(VarintError::TooLarge));
        assert_eq!(read(&[0x80], &mut 0, 32), Err(VarintError::Truncated));
        assert_eq!(read(&[0xff; 11], &mut 0, 64), Err(VarintError::TooLarge));
    }

    /// The bytes themselves (LEB128), and every bit length read back.
    #[test]
    fn bytes_are_leb128() {
        let bytes = |v: u64| {
            let mut out = vec![7];
            push(&mut out, v);
            out
        };
        assert_eq!(bytes(0), [7, 0]);
        assert_eq!(bytes(127), [7, 0x7f]);
        assert_eq!(bytes(128), [7, 0x80, 0x01]);
        assert_eq!(bytes(300), [7, 0xac, 0x02]);
        let mut max = vec![7];
        max.extend([0xff; 9]);
        max.push(0x01);
        assert_eq!(bytes(u64::MAX), max);
        let mut rng = crate::XorShift64::new(5);
        for bits in 0..64 {
            let v = rng.next_u64() >> bits;
            let out = bytes(v);
            let mut at = 1;
            assert_eq!(read(&out, &mut at, 64), Ok(v));
            assert_eq!(at, out.len());
            assert_eq!(
                out.len() - 1,
                (64 - v.leading_zeros() as usize).div_ceil(7).max(1)
            );
        }
    }
}
