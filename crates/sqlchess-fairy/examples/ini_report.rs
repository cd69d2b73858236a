//! Which options keep the sections of a variants.ini from loading: every
//! refused section with all its problems, then the options counted by the
//! number of sections they block.
//!
//! `cargo run -p sqlchess-fairy --example ini_report -- FILE`

use std::collections::BTreeMap;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: ini_report FILE");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("ini_report: {path}: {e}");
            std::process::exit(2);
        }
    };
    let load = sqlchess_fairy::read_variants_ini(&text);
    let mut blocking: BTreeMap<String, usize> = BTreeMap::new();
    for r in &load.refused {
        let mut opts: Vec<String> = r
            .errors
            .iter()
            .map(|e| match e {
                sqlchess_fairy::IniError::ParentRefused { parent, .. } => {
                    format!("(parent {parent})")
                }
                e => e.option().map_or_else(|| e.to_string(), str::to_string),
            })
            .collect();
        opts.dedup();
        println!("{}: {}", r.section, opts.join(", "));
        for o in opts {
            *blocking.entry(o).or_default() += 1;
        }
    }
    let mut counts: Vec<_> = blocking.into_iter().collect();
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    println!(
        "--- {} loaded, {} refused",
        load.variants.len(),
        load.refused.len()
    );
    for (o, n) in counts {
        println!("{n:4} {o}");
    }
}
