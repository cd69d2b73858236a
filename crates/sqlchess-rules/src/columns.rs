//! Arrow's buffers for the columnar calls of [`frontier`](crate::frontier):
//! a binary column as 32-bit little-endian offsets (`n + 1` of them) and the
//! bytes they index, an integer column as little-endian 64-bit integers. The
//! Spark functions (python/src/batch.rs) pass whole batches this way, so
//! Python touches no row; every buffer is checked, since any bytes may
//! arrive.
//!
//! ```
//! use sqlchess_rules::columns;
//! let (offsets, data) = columns::binary_column(&[b"ab".to_vec(), b"".to_vec(), b"c".to_vec()]).unwrap();
//! assert_eq!(columns::binary_items(&offsets, &data).unwrap(), [&b"ab"[..], b"", b"c"]);
//! assert_eq!(columns::int64_items(&columns::int64_column([7, u64::MAX])).unwrap(), [7, i64::MAX]);
//! assert!(columns::binary_items(&[0, 0, 0, 0, 9, 0, 0, 0], b"ab").is_err());
//! ```

/// A buffer that is not a well-formed Arrow column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ColumnError {
    /// The offsets buffer is empty or not a whole number of 32-bit integers.
    #[error("binary offsets: expected n + 1 little-endian 32-bit integers, got {0} bytes")]
    OffsetsLength(usize),
    /// An item's offsets are decreasing, negative or past the data.
    #[error("binary offsets {start}..{end} outside the {len} data bytes")]
    OffsetsOutside {
        /// The item's first offset.
        start: i64,
        /// The item's end offset.
        end: i64,
        /// The length of the data buffer.
        len: usize,
    },
    /// The integer buffer is not a whole number of 64-bit integers.
    #[error("int64 column: {0} bytes is not a multiple of 8")]
    Int64Length(usize),
    /// The items add up to more bytes than 32-bit offsets can index.
    #[error("a binary column of over 2 GiB: use smaller batches")]
    TooLarge,
}

/// The items of a binary column: `offsets` holds `n + 1` offsets into `data`.
///
/// # Errors
/// [`ColumnError::OffsetsLength`] or [`ColumnError::OffsetsOutside`].
pub fn binary_items<'a>(offsets: &[u8], data: &'a [u8]) -> Result<Vec<&'a [u8]>, ColumnError> {
    if offsets.is_empty() || offsets.len() % 4 != 0 {
        return Err(ColumnError::OffsetsLength(offsets.len()));
    }
    let offset = |c: &[u8]| i64::from(i32::from_le_bytes([c[0], c[1], c[2], c[3]]));
    let ends: Vec<i64> = offsets.chunks_exact(4).map(offset).collect();
    ends.windows(2)
        .map(|w| {
            let (start, end) = (w[0], w[1]);
            let range = usize::try_from(start).ok().zip(usize::try_from(end).ok());
            range
                .and_then(|(s, e)| data.get(s..e))
                .ok_or(ColumnError::OffsetsOutside {
                    start,
                    end,
                    len: data.len(),
                })
        })
        .collect()
}

/// The integers of an int64 column.
///
/// # Errors
/// [`ColumnError::Int64Length`].
pub fn int64_items(bytes: &[u8]) -> Result<Vec<i64>, ColumnError> {
    if bytes.len() % 8 != 0 {
        return Err(ColumnError::Int64Length(bytes.len()));
    }
    Ok(bytes
        .chunks_exact(8)
        .map(|c| i64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
        .collect())
}

/// A binary column's `(offsets, data)` buffers.
///
/// # Errors
/// [`ColumnError::TooLarge`] past 2 GiB of data.
pub fn binary_column(items: &[Vec<u8>]) -> Result<(Vec<u8>, Vec<u8>), ColumnError> {
    let mut offsets = Vec::with_capacity(4 * (items.len() + 1));
    let mut data = Vec::new();
    offsets.extend_from_slice(&0i32.to_le_bytes());
    for item in items {
        data.extend_from_slice(item);
        let end = i32::try_from(data.len()).map_err(|_| ColumnError::TooLarge)?;
        offsets.extend_from_slice(&end.to_le_bytes());
    }
    Ok((offsets, data))
}

/// Counts as an int64 column, saturated at `i64::MAX`.
pub fn int64_column(counts: impl IntoIterator<Item = u64>) -> Vec<u8> {
    counts
        .into_iter()
        .flat_map(|n| i64::try_from(n).unwrap_or(i64::MAX).to_le_bytes())
        .collect()
}
