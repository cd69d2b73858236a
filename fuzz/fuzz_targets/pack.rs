//! Unpacking arbitrary bytes: never a panic; whatever unpacks packs back identically.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sqlchess_core::pack;

fuzz_target!(|data: &[u8]| {
    if let Ok(pos) = pack::unpack(data) {
        assert_eq!(pack::unpack(&pack::pack(&pos)), Ok(pos));
    }
    if let Ok(pos) = pack::unpack_nibbles(data) {
        assert_eq!(pack::unpack_nibbles(&pack::pack_nibbles(&pos)), Ok(pos));
    }
});
