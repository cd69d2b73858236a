//! Fairy-Stockfish's own `variants.ini`, read where the workspace keeps it
//! (`../shared/fairy-stockfish/variants.ini` beside the checkout, or the
//! file `SQLCHESS_FSF_VARIANTS_INI` names; it is GPL text and is not copied
//! into the project): every section either loads or is refused with its
//! line and reason, and every loaded variant plays from its start.

use std::path::PathBuf;

use sqlchess_rules::{Position, Variants};

fn fsf_ini() -> Option<(PathBuf, String)> {
    let path = std::env::var_os("SQLCHESS_FSF_VARIANTS_INI")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/fairy-stockfish/variants.ini")
        });
    let text = std::fs::read_to_string(&path).ok()?;
    Some((path, text))
}

#[test]
fn every_section_loads_or_is_refused_with_its_reason() {
    let Some((path, text)) = fsf_ini() else {
        eprintln!("Fairy-Stockfish's variants.ini not found; set SQLCHESS_FSF_VARIANTS_INI");
        return;
    };
    let sections = text.lines().filter(|l| l.starts_with('[')).count();
    let mut set = Variants::builtin();
    let report = set.read_ini(&text);
    eprintln!(
        "{}: {sections} sections, {} loaded, {} refused",
        path.display(),
        report.loaded.len(),
        report.refused.len()
    );
    assert_eq!(report.loaded.len() + report.refused.len(), sections);
    for r in &report.refused {
        assert!(!r.section.is_empty(), "{r}");
        assert!(!r.errors.is_empty(), "{r}");
        // The line is the header's or, for an option, the option's own.
        assert!(
            r.line > 0 && r.reason().line() >= r.line || r.reason().line() == 0,
            "{r}"
        );
        if let Some(option) = r.reason().option() {
            let line = text.lines().nth(r.reason().line() - 1).unwrap_or_default();
            assert!(line.trim_start().starts_with(option), "{r}: line {line:?}");
        }
    }
    for name in &report.loaded {
        let v = set.get(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let pos = Position::start(&v);
        pos.perft(2).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    // A floor that only rises as options are added.
    assert!(report.loaded.len() >= 58, "{}", report.loaded.len());
}
