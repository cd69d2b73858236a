//! The glue between PostgreSQL datums and the two sqlchess types, the only
//! `unsafe` code of the crate.
//!
//! Both types are stored as plain varlenas (a length header and the bytes,
//! like `bytea`): `chessgame` the packed position, `chessmove` the UCI text.
//! pgrx's own `&[u8]` conversions do the detoasting and the allocation;
//! this module only wraps them for the two Rust types, and reads the
//! `StringInfo` that binary input (`COPY ... BINARY`, the wire protocol's
//! binary format) hands to a receive function.

use pgrx::callconv::{Arg, ArgAbi, BoxRet, FcInfo};
use pgrx::datum::{Datum, FromDatum, Internal, IntoDatum, UnboxDatum};
use pgrx::pg_sys;
use pgrx::pgrx_sql_entity_graph::metadata::{
    ArgumentError, ReturnsError, ReturnsRef, SqlMappingRef, SqlTranslatable, TypeOrigin,
};

/// A Rust value stored as the bytes of a varlena.
pub trait Stored: Sized {
    /// The bytes to store.
    fn stored_bytes(&self) -> &[u8];
    /// The value from stored bytes (written by `stored_bytes`, or checked
    /// by the type's input or receive function before they were stored).
    fn from_stored_bytes(bytes: &[u8]) -> Self;
}

/// Implements the datum conversions and the SQL type name for a [`Stored`]
/// type created by the extension's own `CREATE TYPE`.
macro_rules! varlena_type {
    ($ty:ty, $sql:literal, $ident:literal) => {
        impl FromDatum for $ty {
            unsafe fn from_polymorphic_datum(
                datum: pg_sys::Datum,
                is_null: bool,
                typoid: pg_sys::Oid,
            ) -> Option<Self> {
                // SAFETY: the caller guarantees that `datum` is a value of
                // this type, which is a varlena; `&[u8]`'s conversion
                // detoasts it and borrows its bytes for this call only.
                let bytes = unsafe { <&[u8]>::from_polymorphic_datum(datum, is_null, typoid) };
                bytes.map(<$ty as Stored>::from_stored_bytes)
            }
        }

        impl IntoDatum for $ty {
            fn into_datum(self) -> Option<pg_sys::Datum> {
                self.stored_bytes().into_datum()
            }

            fn type_oid() -> pg_sys::Oid {
                pgrx::wrappers::rust_regtypein::<Self>()
            }
        }

        // SAFETY: `unbox` reads the datum exactly as `FromDatum` does.
        unsafe impl UnboxDatum for $ty {
            type As<'dat>
                = Self
            where
                Self: 'dat;

            unsafe fn unbox<'dat>(datum: Datum<'dat>) -> Self::As<'dat>
            where
                Self: 'dat,
            {
                // SAFETY: the caller guarantees a non-null datum of this type.
                let value =
                    unsafe { <Self as FromDatum>::from_datum(datum.sans_lifetime(), false) };
                value.unwrap_or_else(|| <$ty as Stored>::from_stored_bytes(&[]))
            }
        }

        // SAFETY: arguments are unboxed through `FromDatum` above; pgrx
        // calls `unbox_arg_unchecked` only for non-null arguments of
        // STRICT functions.
        unsafe impl<'fcx> ArgAbi<'fcx> for $ty
        where
            Self: 'fcx,
        {
            unsafe fn unbox_arg_unchecked(arg: Arg<'_, 'fcx>) -> Self {
                let index = arg.index();
                // SAFETY: as above.
                let value = unsafe { arg.unbox_arg_using_from_datum() };
                value.unwrap_or_else(|| panic!("argument {index} must not be null"))
            }
        }

        // SAFETY: the returned datum is a varlena allocated by `into_datum`
        // in the current memory context, as PostgreSQL expects.
        unsafe impl BoxRet for $ty {
            unsafe fn box_into<'fcx>(self, fcinfo: &mut FcInfo<'fcx>) -> Datum<'fcx> {
                match self.into_datum() {
                    // SAFETY: `datum` is a valid varlena of this type.
                    Some(datum) => unsafe { fcinfo.return_raw_datum(datum) },
                    None => fcinfo.return_null(),
                }
            }
        }

        // SAFETY: the SQL name is the type the extension's SQL creates, and
        // its representation is the varlena the conversions above use.
        unsafe impl SqlTranslatable for $ty {
            const TYPE_IDENT: &'static str = $ident;
            const TYPE_ORIGIN: TypeOrigin = TypeOrigin::ThisExtension;
            const ARGUMENT_SQL: Result<SqlMappingRef, ArgumentError> =
                Ok(SqlMappingRef::literal($sql));
            const RETURN_SQL: Result<ReturnsRef, ReturnsError> =
                Ok(ReturnsRef::One(SqlMappingRef::literal($sql)));
        }
    };
}

varlena_type!(
    crate::types::ChessGame,
    "chessgame",
    "sqlchess::types::ChessGame"
);
varlena_type!(
    crate::games::GameBytes,
    "gamevalue",
    "sqlchess::games::GameBytes"
);
varlena_type!(
    crate::types::ChessMove,
    "chessmove",
    "sqlchess::types::ChessMove"
);

/// The unread bytes of a receive function's `StringInfo` argument, which
/// are marked as read.
///
/// # Panics
/// If `buf` is not initialised (PostgreSQL always passes a buffer).
pub fn take_received_bytes(mut buf: Internal) -> Vec<u8> {
    // SAFETY: PostgreSQL calls a type's receive function with a
    // `StringInfo` as its `internal` argument.
    let info = unsafe { buf.get_mut::<pg_sys::StringInfoData>() };
    let Some(info) = info else {
        panic!("receive function called without a buffer");
    };
    let start = usize::try_from(info.cursor).unwrap_or(0);
    let end = usize::try_from(info.len).unwrap_or(0);
    if info.data.is_null() || start >= end {
        info.cursor = info.len;
        return Vec::new();
    }
    // SAFETY: `data` holds `len` initialised bytes, and `cursor <= len`.
    let all = unsafe { std::slice::from_raw_parts(info.data.cast::<u8>(), end) };
    info.cursor = info.len;
    all[start..].to_vec()
}
