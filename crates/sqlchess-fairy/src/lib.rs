#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod betza;
mod bitboard;
mod builtin;
mod builtin_ini;
pub mod catalogue;
mod geometry;
pub mod ini;
pub mod pack;
pub mod parlett;
mod piece;
mod position;
mod variant;

pub use bitboard::{Bb256, Bb256Iter};
pub use builtin::chess960_fen;
pub use catalogue::{catalogue, CatalogueEntry};
pub use geometry::{FairySquare, GeometryMove, ParseSquareError, MAX_DIM};
pub use ini::{
    load_variants_ini, read_variants_ini, IniError, IniLoad, RefusedSection, VariantSet,
};
pub use piece::{images, lame_path, Component, MoveMode, ParsePieceError, PathKind, PieceDef};
pub use position::{
    divide, perft, Activity, FairyMove, FenError, MoveError, Position, SanMove, Setup, SetupPiece,
    MAX_PIECE_TYPES, PASSED_PAWN_RANKS,
};
pub use sqlchess_types::{Color, FenField, GameStatus, Outcome, RelativeOutcome};
pub use variant::{
    value_from_mobility, variant_names, Castling, Connect, CountingRule, EnclosingRule, Extinction,
    Flag, MaterialCounting, MobilityRegion, PerVariant, PieceType, Promotion, Region, Variant,
    VariantError, WallingRule, ZoneMoves, MAX_PROMOTION_BASES, PAWN_VALUE,
};
