//! The command-line options that name a variant and a position, read through
//! the rules facade (sqlchess-rules), which alone decides which engine plays.

use std::path::PathBuf;

use anyhow::Context;
use sqlchess_rules::{Position, RefusedSection, Variant, Variants};

/// Command-line options that choose the variant and the position.
#[derive(clap::Args, Debug, Clone)]
pub struct PositionArgs {
    /// The variant (see `sqlchess variants`).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// A variants.ini file (Fairy-Stockfish's format) defining more variants.
    #[arg(long, value_name = "FILE")]
    pub variants_file: Option<PathBuf>,
    /// The position, as FEN; the variant's start position if not given.
    #[arg(long)]
    pub fen: Option<String>,
}

impl PositionArgs {
    /// The registry: the built-ins plus the variants file's sections that
    /// load (a bad section never hides the good ones), and the refused ones.
    pub fn registry(&self) -> anyhow::Result<(Variants, Vec<RefusedSection>)> {
        let mut set = Variants::builtin();
        let mut refused = Vec::new();
        if let Some(path) = &self.variants_file {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read variants file {}", path.display()))?;
            refused = set.read_ini(&text).refused;
        }
        Ok((set, refused))
    }

    /// The variant these options name; a section of the variants file that
    /// was refused is an error with its reason.
    pub fn variant(&self) -> anyhow::Result<Variant> {
        let (set, refused) = self.registry()?;
        if let Some(r) = refused
            .iter()
            .find(|r| r.section.eq_ignore_ascii_case(&self.variant))
        {
            anyhow::bail!("variant {:?} refused: {}", self.variant, r.reason());
        }
        Ok(set.get(&self.variant)?)
    }

    /// Loads the position these options describe.
    pub fn load(&self) -> anyhow::Result<Position> {
        let variant = self.variant()?;
        match &self.fen {
            Some(fen) => Ok(Position::from_fen(&variant, fen)?),
            None => Ok(Position::start(&variant)),
        }
    }
}
