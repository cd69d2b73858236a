//! SQL benchmark (placeholder until the real one lands).
fn main() {}
