//! With the `sqlite-extension` feature (set by pyproject.toml, so only
//! maturin builds do it), builds the SQLite loadable extension
//! (`crates/sqlchess-sqlite-ext`, its own workspace) in release mode and
//! copies it into the Python package, so that the wheel ships it.

use std::env;
use std::path::PathBuf;
use std::process::Command;

/// The crates the extension is built from; a change in any rebuilds it.
const SOURCES: &[&str] = &[
    "sqlchess-sqlite-ext",
    "sqlchess-sqlite",
    "sqlchess-rules",
    "sqlchess-core",
    "sqlchess-fairy",
    "sqlchess-types",
    "sqlchess-pgn",
    "sqlchess-search",
    "sqlchess-render",
];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if env::var_os("CARGO_FEATURE_SQLITE_EXTENSION").is_none() {
        return;
    }
    let here = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let crates = here.join("../crates");
    for name in SOURCES {
        for part in ["src", "Cargo.toml", "build.rs"] {
            let path = crates.join(name).join(part);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    let target_dir = here.join("../target/sqlite-ext");
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "--release", "--manifest-path"])
        .arg(crates.join("sqlchess-sqlite-ext/Cargo.toml"))
        .arg("--target-dir")
        .arg(&target_dir);
    // The outer build's settings (target dir, profile, flags for the Python
    // module) are not the extension's.
    for (key, _) in env::vars_os() {
        let key = key.to_string_lossy();
        let keep = ["CARGO_HOME", "CARGO_BUILD_JOBS", "CARGO_NET_OFFLINE"];
        if (key.starts_with("CARGO_") && !keep.contains(&key.as_ref()))
            || key.starts_with("PYO3_")
            || key == "RUSTC_WORKSPACE_WRAPPER"
        {
            cmd.env_remove(key.as_ref());
        }
    }
    let status = cmd
        .status()
        .expect("cannot run cargo to build the SQLite extension");
    assert!(
        status.success(),
        "building crates/sqlchess-sqlite-ext failed"
    );
    let file = match env::var("CARGO_CFG_TARGET_OS").as_deref() {
        Ok("macos") => "libsqlchess.dylib",
        Ok("windows") => "sqlchess.dll",
        _ => "libsqlchess.so",
    };
    let built = target_dir.join("release").join(file);
    let shipped = here.join("sqlchess").join(file);
    std::fs::copy(&built, &shipped).unwrap_or_else(|e| {
        panic!(
            "cannot copy {} to {}: {e}",
            built.display(),
            shipped.display()
        )
    });
}
