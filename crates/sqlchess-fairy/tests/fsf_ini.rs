//! Fairy-Stockfish's own `variants.ini` against pyffish: every section
//! sqlchess loads counts the perft pyffish counts, from the start and from
//! seeded random positions (`tests/data/fsf_variants_ini.perft`, made by
//! `scripts/fairy_oracle.py fsf_variants_ini`). The file itself is GPL text
//! and is read where the workspace keeps it (`../shared/fairy-stockfish/`
//! beside the checkout, or `SQLCHESS_FSF_VARIANTS_INI`), never copied here.

use std::collections::BTreeMap;
use std::path::PathBuf;

use sqlchess_fairy::{perft, read_variants_ini, Position};

const DATA: &str = include_str!("data/fsf_variants_ini.perft");

fn fsf_ini() -> Option<String> {
    let path = std::env::var_os("SQLCHESS_FSF_VARIANTS_INI")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/fairy-stockfish/variants.ini")
        });
    std::fs::read_to_string(path).ok()
}

#[test]
fn loaded_sections_match_pyffish() {
    let Some(text) = fsf_ini() else {
        eprintln!("Fairy-Stockfish's variants.ini not found; set SQLCHESS_FSF_VARIANTS_INI");
        return;
    };
    let load = read_variants_ini(&text);
    // Per loaded section: positions checked, or the first mismatch.
    let mut verdict: BTreeMap<&str, Result<usize, String>> = BTreeMap::new();
    for line in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut parts = line.split('|');
        let (Some(name), Some(fen), Some(counts)) = (parts.next(), parts.next(), parts.next())
        else {
            panic!("malformed line {line:?}");
        };
        let Some(v) = load.variants.iter().find(|v| v.name == name) else {
            continue;
        };
        let entry = verdict.entry(name).or_insert(Ok(0));
        if entry.is_err() {
            continue;
        }
        let pos = match Position::from_fen(v, fen) {
            Ok(p) => p,
            Err(e) => {
                *entry = Err(format!("{fen}: {e}"));
                continue;
            }
        };
        for item in counts.split_whitespace() {
            let (d, n) = item.split_once(':').expect("depth:nodes");
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            let got = perft(&pos, d);
            if got != n {
                *entry = Err(format!("{fen} depth {d}: pyffish {n}, sqlchess {got}"));
                break;
            }
        }
        if let Ok(k) = entry {
            *k += 1;
        }
    }
    let matching = verdict.values().filter(|v| v.is_ok()).count();
    let failures: Vec<String> = verdict
        .iter()
        .filter_map(|(k, v)| v.as_ref().err().map(|e| format!("{k}: {e}")))
        .collect();
    eprintln!(
        "{} sections loaded, {matching} match pyffish, {} differ",
        load.variants.len(),
        failures.len()
    );
    assert_eq!(
        matching + failures.len(),
        load.variants.len(),
        "a loaded section has no data"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
