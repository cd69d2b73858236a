//! Picks the rules engine for a variant: the fast standard-chess core for
//! chess and Chess960, the generic fairy engine for everything else
//! (including any variant defined in a variants file).

use std::path::Path;

use anyhow::{bail, Context};
use sqlchess_core::{CastlingMode, Position};
use sqlchess_fairy::Variant;

/// Variants that the 8×8 fast path plays.
pub const CORE_VARIANTS: &[&str] = &["chess", "chess960", "fischerandom"];

/// A position of any supported variant.
pub enum AnyPosition {
    /// Standard chess or Chess960, on the bitboard fast path.
    Standard(Position),
    /// Any other variant, on the generic engine.
    Fairy(Box<sqlchess_fairy::Position>),
}

/// Command-line options that choose the variant and the position.
#[derive(clap::Args, Debug, Clone)]
pub struct PositionArgs {
    /// The variant (see `sqlchess variants`).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// A variants.ini file (Fairy-Stockfish's format) defining more variants.
    #[arg(long, value_name = "FILE")]
    pub variants_file: Option<std::path::PathBuf>,
    /// The position, as FEN; the variant's start position if not given.
    #[arg(long)]
    pub fen: Option<String>,
}

impl PositionArgs {
    /// Loads the position these options describe.
    pub fn load(&self) -> anyhow::Result<AnyPosition> {
        load(
            &self.variant,
            self.variants_file.as_deref(),
            self.fen.as_deref(),
        )
    }
}

/// Finds a variant for the generic engine: in the variants file first, then built in.
pub fn fairy_variant(name: &str, variants_file: Option<&Path>) -> anyhow::Result<Option<Variant>> {
    if let Some(path) = variants_file {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read variants file {}", path.display()))?;
        let loaded = sqlchess_fairy::load_variants_ini(&text)
            .with_context(|| format!("in variants file {}", path.display()))?;
        if let Some(v) = loaded.into_iter().find(|v| v.name == name) {
            return Ok(Some(v));
        }
    }
    if CORE_VARIANTS.contains(&name) {
        return Ok(None);
    }
    Ok(Some(
        Variant::builtin(name).with_context(|| "see `sqlchess variants`")?,
    ))
}

/// Loads a position of `variant` from `fen` (or the start position).
pub fn load(
    variant: &str,
    variants_file: Option<&Path>,
    fen: Option<&str>,
) -> anyhow::Result<AnyPosition> {
    if let Some(v) = fairy_variant(variant, variants_file)? {
        let pos = match fen {
            Some(fen) => sqlchess_fairy::Position::from_fen(&v, fen)
                .with_context(|| format!("invalid {variant} fen {fen:?}"))?,
            None => sqlchess_fairy::Position::start(&v),
        };
        return Ok(AnyPosition::Fairy(Box::new(pos)));
    }
    let mode = match variant {
        "chess" => CastlingMode::Standard,
        "chess960" | "fischerandom" => CastlingMode::Chess960,
        other => bail!("unknown variant {other:?} (see `sqlchess variants`)"),
    };
    let fen = fen.unwrap_or(sqlchess_core::START_FEN);
    let pos =
        Position::from_fen_with_mode(fen, mode).with_context(|| format!("invalid fen {fen:?}"))?;
    Ok(AnyPosition::Standard(pos))
}

impl AnyPosition {
    /// The legal moves in UCI notation.
    pub fn legal_moves_uci(&self) -> Vec<String> {
        match self {
            AnyPosition::Standard(pos) => pos
                .legal_moves()
                .iter()
                .map(|&m| pos.uci(m).to_string())
                .collect(),
            AnyPosition::Fairy(pos) => pos.legal_moves().iter().map(|m| m.to_uci(pos)).collect(),
        }
    }

    /// The position after each legal move, with the move in UCI, for splitting perft.
    pub fn children(&self) -> Vec<(String, AnyPosition)> {
        match self {
            AnyPosition::Standard(pos) => pos
                .legal_moves()
                .iter()
                .map(|&m| (pos.uci(m).to_string(), AnyPosition::Standard(pos.after(m))))
                .collect(),
            AnyPosition::Fairy(pos) => pos
                .legal_moves()
                .into_iter()
                .map(|m| (m.to_uci(pos), AnyPosition::Fairy(Box::new(pos.play(m)))))
                .collect(),
        }
    }

    /// Perft to `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        match self {
            AnyPosition::Standard(pos) => sqlchess_core::perft::perft(pos, depth),
            AnyPosition::Fairy(pos) => sqlchess_fairy::perft(pos, depth),
        }
    }
}
