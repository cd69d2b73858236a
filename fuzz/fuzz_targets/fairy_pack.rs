//! The fairy packed format on any bytes, and round trips of valid positions.
//!
//! - Arbitrary bytes through the facade's reader (variant name, then the
//!   fairy body) and through `sqlchess_fairy::pack::unpack` for a variant
//!   chosen by the first byte: a typed error or a position that packs back
//!   to bytes that unpack to the same position.
//! - A valid position reached by the moves the input picks (each byte
//!   chooses one legal move) from a built-in variant's start: packing it
//!   and unpacking gives the same position, with the moves of the position
//!   its FEN reads as (neither holds the passes that ended a game).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sqlchess_rules::{Position, Variant};

/// Every built-in variant but chess and Chess960 (the fixed 32-byte form is
/// the `pack` target's), with its start position: built once per process.
fn variants() -> &'static [(Variant, Position)] {
    static VARIANTS: OnceLock<Vec<(Variant, Position)>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        sqlchess_rules::variant_names()
            .into_iter()
            .filter_map(|name| Variant::builtin(name).ok())
            .filter(|v| v.fairy_rules().is_some())
            .map(|v| {
                let start = Position::start(&v);
                (v, start)
            })
            .collect()
    })
}

// Built before the first input (libFuzzer's initialisation), so that the
// one-time set-up, about 10 s under AddressSanitizer, never counts toward an
// input's timeout: on a loaded machine it once took more than the 20 s
// `scripts/fuzz.sh` allows, and the empty first input was reported as a
// timeout.
fuzz_target!(
    init: {
        let _ = variants();
    },
    |data: &[u8]| {
        // Arbitrary bytes, name included.
        if let Ok(pos) = Position::unpack(data) {
            let bytes = pos.pack().expect("an unpacked position packs");
            assert_eq!(Position::unpack(&bytes).expect("own bytes unpack"), pos);
        }
        let Some((&pick, rest)) = data.split_first() else {
            return;
        };
        let variants = variants();
        let (variant, start) = &variants[usize::from(pick) % variants.len()];
        let template = start.as_fairy().expect("fairy variants only");
        // Arbitrary bytes as a fairy body of that variant (its compiled rules
        // shared, as PostgreSQL reads many positions).
        if let Ok(pos) = sqlchess_fairy::pack::unpack_like(template, rest) {
            let bytes = sqlchess_fairy::pack::pack(&pos).expect("an unpacked position packs");
            let back = sqlchess_fairy::pack::unpack_like(template, &bytes).expect("own bytes unpack");
            assert_eq!(back.fen(), pos.fen());
        }
        // A valid position: the bytes choose the moves.
        let mut pos = start.clone();
        for &b in rest.iter().take(64) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play_unchecked(moves[usize::from(b) % moves.len()]);
        }
        let bytes = pos.pack().expect("a legal position packs");
        let back = Position::unpack(&bytes).expect("own bytes unpack");
        // The same position: equal, and the same FEN and hash; and the same
        // moves as the position read from that FEN. A packed position, like a
        // FEN, holds no history: the game two passes in a row ended (janggi)
        // goes on from either.
        assert_eq!(back, pos);
        assert_eq!(back.fen(), pos.fen());
        assert_eq!(back.zobrist(), pos.zobrist());
        let from_fen = Position::from_fen(variant, &pos.fen()).expect("own FEN reads");
        assert_eq!(back.legal_moves().len(), from_fen.legal_moves().len());
    }
);
