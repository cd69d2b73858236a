//! `sqlchess variants --variants-file`: the sections that load, one name a
//! line, and those refused with their line and reason.

use std::process::Command;

#[test]
fn variants_file_lists_loaded_then_refused_sections() {
    let dir = std::env::temp_dir().join(format!("sqlchess-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("variants.ini");
    std::fs::write(
        &path,
        "[nocastles:chess]\ncastling = false\n\n[odd:chess]\nnoSuchRule = true\n\n[oddchild:odd]\n[tiny:chess]\nmaxRank = 6\npromotionRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args(["variants", "--variants-file"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "nocastles\ntiny\n");
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(
        lines[0].contains("[odd]")
            && lines[0].contains("line 5")
            && lines[0].contains("noSuchRule"),
        "{err}"
    );
    assert!(
        lines[1].contains("[oddchild]") && lines[1].contains("refused"),
        "{err}"
    );
    assert!(
        lines[2].contains("2 variants loaded, 2 sections refused"),
        "{err}"
    );
    // The loaded variants play; the refused ones are unknown.
    let perft = |variant: &str| {
        Command::new(env!("CARGO_BIN_EXE_sqlchess"))
            .args(["perft", "--variant", variant, "--variants-file"])
            .arg(&path)
            .arg("1")
            .output()
            .unwrap()
    };
    assert_eq!(String::from_utf8_lossy(&perft("tiny").stdout).trim(), "20");
    assert!(!perft("odd").status.success());
    // An unreadable file is a usage error.
    let out = Command::new(env!("CARGO_BIN_EXE_sqlchess"))
        .args(["variants", "--variants-file"])
        .arg(dir.join("missing.ini"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    std::fs::remove_dir_all(&dir).ok();
}
