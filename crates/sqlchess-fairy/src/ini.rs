//! Loader for Fairy-Stockfish's `variants.ini` (stub; see below).

use crate::variant::Variant;

/// Why a variants.ini could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IniError {
    /// Placeholder.
    #[error("variants.ini line {line}: unsupported option {option:?}")]
    Unsupported {
        /// 1-based line.
        line: usize,
        /// The option.
        option: String,
    },
}

/// Variants loaded from a file plus the built-ins.
#[derive(Debug, Clone, Default)]
pub struct VariantSet {
    variants: Vec<Variant>,
}

/// Loads variants.
///
/// # Errors
/// [`IniError`].
pub fn load_variants_ini(_text: &str) -> Result<Vec<Variant>, IniError> {
    Ok(Vec::new())
}

impl VariantSet {
    /// Number of loaded variants.
    pub fn len(&self) -> usize {
        self.variants.len()
    }
    /// Whether nothing was loaded.
    pub fn is_empty(&self) -> bool {
        self.variants.is_empty()
    }
}
