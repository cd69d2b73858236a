//! Links the extension's cdylib with `--no-gc-sections`, so the linker keeps
//! pgrx's `.pgrxsc` schema section (what `cargo pgrx` reads to write the
//! extension's SQL).
//!
//! cargo-pgrx does the same through a `--config ... rustflags` argument on
//! its `cargo build --lib`, but rustflags are part of every crate's
//! fingerprint: the dependencies `cargo test` had just built for the test
//! harness were then all built a second time for the extension.
//! `scripts/ci-pg.sh` turns that argument off
//! (`CARGO_PGRX_DISABLE_GC_SECTIONS_WORKAROUND=1`) and this script puts the
//! flag on the cdylib's link alone, so both builds share every dependency.
//! (The test executable must keep `--gc-sections`: it cannot resolve the
//! PostgreSQL symbols the extension refers to.)

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // As cargo-pgrx: GNU-ld-like linkers (Unix but not macOS).
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_FAMILY")
        .split(',')
        .any(|f| f == "unix")
        && var("CARGO_CFG_TARGET_OS") != "macos"
    {
        println!("cargo:rustc-cdylib-link-arg=-Wl,--no-gc-sections");
    }
}
