//! The packed form of a position of any variant: what the PostgreSQL
//! `chessgame` type stores and SQL's `pack_position` returns.
//!
//! - Standard chess and Chess960: sqlchess-core's fixed 32 bytes
//!   ([`sqlchess_core::pack`]), which already mark Chess960.
//! - Any other variant: one byte `n` (the length of the variant's lower-case
//!   name, below 128), the name, then sqlchess-fairy's variable-length body
//!   ([`sqlchess_fairy::pack`]). Should that come to exactly 32 bytes, bit 7
//!   of the first byte is set and one zero byte is appended, so that the
//!   length alone tells the two forms apart.
//!
//! ```
//! use sqlchess_rules::{Position, Variant};
//! let start = Position::start(&Variant::chess());
//! assert_eq!(start.pack().unwrap().len(), 32);
//! let capa = Position::start(&Variant::builtin("capablanca").unwrap());
//! let back = Position::unpack(&capa.pack().unwrap()).unwrap();
//! assert_eq!((back.variant_name(), back.fen()), ("capablanca", capa.fen()));
//! ```

use sqlchess_core::pack::PACKED_LEN;

use crate::error::{PackError, Quoted, UnpackError};
use crate::variant::{Engine, Variants};
use crate::{Position, Variant};

impl Position {
    /// The packed bytes (see the module documentation).
    ///
    /// # Errors
    /// [`PackError`] if a fairy position cannot be packed exactly.
    pub fn pack(&self) -> Result<Vec<u8>, PackError> {
        if let Some(p) = self.as_chess() {
            return Ok(sqlchess_core::pack::pack(p).to_vec());
        }
        let Some(p) = self.as_fairy() else {
            return Ok(Vec::new());
        };
        let name = self.variant_name();
        let body = sqlchess_fairy::pack::pack(p)?;
        let len = u8::try_from(name.len())
            .ok()
            .filter(|&n| n < 0x80)
            .ok_or_else(|| PackError::VariantName(Quoted::new(name)))?;
        let mut out = Vec::with_capacity(2 + name.len() + body.len());
        out.push(len);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(&body);
        if out.len() == PACKED_LEN {
            out[0] |= 0x80;
            out.push(0);
        }
        Ok(out)
    }

    /// Reads [`Position::pack`]'s bytes of a built-in variant.
    ///
    /// # Errors
    /// An [`UnpackError`] naming what is wrong with the bytes.
    pub fn unpack(bytes: &[u8]) -> Result<Position, UnpackError> {
        Variants::builtin().unpack(bytes)
    }
}

impl Variants {
    /// Reads [`Position::pack`]'s bytes of a variant of this registry.
    ///
    /// # Errors
    /// An [`UnpackError`] naming what is wrong with the bytes.
    pub fn unpack(&self, bytes: &[u8]) -> Result<Position, UnpackError> {
        if bytes.len() == PACKED_LEN {
            return Ok(Position::chess(sqlchess_core::pack::unpack(bytes)?));
        }
        let (&head, rest) = bytes.split_first().ok_or(UnpackError::Truncated)?;
        let len = usize::from(head & 0x7f);
        if rest.len() < len {
            return Err(UnpackError::Truncated);
        }
        let (name, mut body) = rest.split_at(len);
        if head & 0x80 != 0 {
            body = body
                .split_last()
                .map(|(_, b)| b)
                .ok_or(UnpackError::Truncated)?;
        }
        let name = std::str::from_utf8(name).map_err(|_| UnpackError::Truncated)?;
        let variant = self
            .get(name)
            .map_err(|_| UnpackError::UnknownVariant(Quoted::new(name)))?;
        unpack_body(&variant, body)
    }
}

fn unpack_body(variant: &Variant, body: &[u8]) -> Result<Position, UnpackError> {
    match variant.engine() {
        Engine::Chess(_) => Err(UnpackError::ChessNotFixed(variant.name().to_owned())),
        Engine::Fairy(start) => {
            let pos = sqlchess_fairy::pack::unpack_like(start, body).map_err(|source| {
                UnpackError::Fairy {
                    variant: variant.name().to_owned(),
                    source,
                }
            })?;
            Ok(Position::fairy(pos, variant.clone()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant_names;

    #[test]
    fn every_builtin_start_position_round_trips() {
        for name in variant_names() {
            let pos = Position::start(&Variant::builtin(name).unwrap());
            let bytes = pos.pack().unwrap();
            assert_eq!(bytes.len() == 32, pos.as_chess().is_some(), "{name}");
            let back = Position::unpack(&bytes).unwrap();
            assert_eq!(back.fen(), pos.fen(), "{name}");
            assert_eq!(back.variant_name(), pos.variant_name(), "{name}");
        }
    }

    #[test]
    fn bad_bytes_are_typed_errors() {
        assert_eq!(Position::unpack(&[]).unwrap_err(), UnpackError::Truncated);
        assert_eq!(
            Position::unpack(&[9, b'x']).unwrap_err(),
            UnpackError::Truncated
        );
        assert_eq!(
            Position::unpack(b"\x05chess").unwrap_err(),
            UnpackError::ChessNotFixed("chess".into())
        );
        assert_eq!(
            Position::unpack(b"\x03abc\x00").unwrap_err(),
            UnpackError::UnknownVariant(Quoted::new("abc"))
        );
        assert!(matches!(
            Position::unpack(&[0xff; 32]).unwrap_err(),
            UnpackError::Chess(_)
        ));
    }
}
