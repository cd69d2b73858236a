//! Arrow column buffers as the Spark functions receive them
//! (`sqlchess_rules::columns`): any offsets, data and int64 bytes decode
//! to items or a typed error, never a panic; the items of a well-formed
//! column encode back to the same buffers.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_rules::columns;

fuzz_target!(|input: &[u8]| {
    // The first byte chooses where the offsets end and the data begins.
    let Some((&cut, rest)) = input.split_first() else {
        return;
    };
    let cut = (cut as usize * 4).min(rest.len());
    let (offsets, data) = rest.split_at(cut);
    if let Ok(items) = columns::binary_items(offsets, data) {
        let owned: Vec<Vec<u8>> = items.iter().map(|i| i.to_vec()).collect();
        let (offsets2, data2) = columns::binary_column(&owned).expect("small column");
        let again = columns::binary_items(&offsets2, &data2).expect("own buffers decode");
        assert_eq!(again, items);
    }
    if let Ok(ints) = columns::int64_items(rest) {
        let counts: Vec<u64> = ints.iter().map(|&n| n.max(0) as u64).collect();
        let bytes = columns::int64_column(counts.iter().copied());
        assert_eq!(
            columns::int64_items(&bytes).expect("own buffer"),
            ints.iter().map(|&n| n.max(0)).collect::<Vec<_>>()
        );
    }
});
