//! The dependency rules of docs/architecture.md, checked on the manifests,
//! and the one-dispatch rule checked on the sources: only sqlchess-rules
//! (and the fairy engine's own variant table) may name the Chess960 aliases
//! or choose between the two engines by variant name.

use std::fs;
use std::path::{Path, PathBuf};

/// Each crate and the sqlchess crates it may depend on (normal dependencies;
/// dev-dependencies are free). Bindings never depend on each other.
const ALLOWED: &[(&str, &[&str])] = &[
    ("sqlchess-types", &[]),
    ("sqlchess-core", &["sqlchess-types"]),
    ("sqlchess-fairy", &["sqlchess-types"]),
    (
        "sqlchess-rules",
        &["sqlchess-types", "sqlchess-core", "sqlchess-fairy"],
    ),
    ("sqlchess-pgn", &["sqlchess-types", "sqlchess-rules"]),
    (
        "sqlchess-search",
        &[
            "sqlchess-types",
            "sqlchess-core",
            "sqlchess-fairy",
            "sqlchess-rules",
        ],
    ),
    (
        "sqlchess-render",
        &[
            "sqlchess-types",
            "sqlchess-core",
            "sqlchess-fairy",
            "sqlchess-rules",
        ],
    ),
    ("sqlchess-puzzles", &["sqlchess-types", "sqlchess-fairy"]),
    (
        "sqlchess-sqlite",
        &[
            "sqlchess-types",
            "sqlchess-core",
            "sqlchess-fairy",
            "sqlchess-rules",
            "sqlchess-pgn",
            "sqlchess-search",
            "sqlchess-render",
        ],
    ),
    (
        "sqlchess-pg",
        &[
            "sqlchess-types",
            "sqlchess-core",
            "sqlchess-fairy",
            "sqlchess-rules",
            "sqlchess-pgn",
            "sqlchess-search",
            "sqlchess-render",
        ],
    ),
    // The SQLite loadable extension is the same registration code, built as
    // a cdylib against the host's SQLite.
    ("sqlchess-sqlite-ext", &["sqlchess-sqlite"]),
    (
        "sqlchess-python",
        &[
            "sqlchess-types",
            "sqlchess-fairy",
            "sqlchess-rules",
            "sqlchess-pgn",
            "sqlchess-search",
            "sqlchess-render",
        ],
    ),
    ("sqlchess-cli", &["*"]),
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `sqlchess-*` names in the `[dependencies]` table of a manifest.
fn sqlchess_dependencies(manifest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_deps = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if in_deps && line.starts_with("sqlchess-") {
            let name: String = line
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            out.push(name);
        }
    }
    out
}

#[test]
fn crates_depend_only_on_what_the_architecture_allows() {
    let mut checked = 0;
    let mut dirs: Vec<PathBuf> = fs::read_dir(workspace().join("crates"))
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    dirs.push(workspace().join("python"));
    for dir in dirs {
        let manifest = dir.join("Cargo.toml");
        let Ok(text) = fs::read_to_string(&manifest) else {
            continue;
        };
        let name = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("name = "))
            .map(|n| n.trim_matches('"').to_owned())
            .unwrap_or_default();
        let allowed = ALLOWED
            .iter()
            .find(|(c, _)| *c == name)
            .unwrap_or_else(|| panic!("{name}: add it to docs/architecture.md and ALLOWED"))
            .1;
        for dep in sqlchess_dependencies(&text) {
            assert!(
                allowed.contains(&"*") || allowed.contains(&dep.as_str()),
                "{name} may not depend on {dep} (docs/architecture.md)"
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn only_the_facade_chooses_the_engine_by_variant_name() {
    let mut files = Vec::new();
    rust_files(&workspace().join("crates"), &mut files);
    rust_files(&workspace().join("python"), &mut files);
    let mut offenders = Vec::new();
    for file in files {
        let path = file.to_string_lossy().replace('\\', "/");
        if path.contains("/sqlchess-rules/") || path.contains("/sqlchess-fairy/") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap_or_default();
        if text.contains("\"fischerandom\"") || text.contains("CORE_VARIANTS") {
            offenders.push(path);
        }
    }
    assert!(
        offenders.is_empty(),
        "variant-name dispatch outside sqlchess-rules: {offenders:?}"
    );
}
