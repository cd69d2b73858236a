//! The UCI protocol.

/// Placeholder.
pub fn run() {}
