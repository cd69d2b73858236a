//! Lists the fairy evaluation's parts for each position, White's view, as
//! a tab-separated table with a header: what `scripts/fairy_eval_fit.py`
//! fits the evaluation's weights from. Reads `FEN<TAB>SCORE` lines (what
//! `scripts/fairy_texel.py data` writes) and copies the score through.
//!
//!     cargo run --release -p sqlchess-search --example fairy_features -- capablanca < DATA.tsv
//!
//! Columns: the score; the evaluation as the engine sums it; its fixed
//! parts (placement with material, king safety); the phase (0..256); then
//! each count of `Position::activity`, White's minus Black's: mobility per
//! piece letter; each side's threats, hanging pieces, king attackers,
//! attacks and safe checks; passed
//! pawns by ranks to go and the pawn-structure counts, each split into a
//! middlegame and an endgame share by the phase.

use std::io::{BufRead, Write};

use sqlchess_search::fairy::FairyGame;
use sqlchess_search::Game;

fn main() {
    let Some(name) = std::env::args().nth(1) else {
        eprintln!("usage: fairy_features VARIANT < DATA.tsv");
        std::process::exit(2);
    };
    let variant = match sqlchess_fairy::Variant::builtin(&name) {
        Ok(v) => v,
        Err(e) => {
            eprintln!("fairy_features: {e}");
            std::process::exit(2);
        }
    };
    let letters: Vec<char> = variant.pieces.iter().map(|p| p.letter).collect();
    let mut header = vec![
        "score".to_string(),
        "eval".into(),
        "placement".into(),
        "king_safety".into(),
        "phase".into(),
        "white_to_move".into(),
    ];
    header.extend(letters.iter().map(|l| format!("mobility_{l}")));
    for side in ["white", "black"] {
        for name in [
            "threats",
            "hanging",
            "king_attackers",
            "king_attacks",
            "safe_checks",
        ] {
            header.push(format!("{side}_{name}"));
        }
    }
    for i in 0..sqlchess_fairy::PASSED_PAWN_RANKS {
        header.push(format!("passed_{}_mg", i + 1));
        header.push(format!("passed_{}_eg", i + 1));
    }
    for name in ["isolated", "doubled", "supported", "phalanx"] {
        header.push(format!("{name}_mg"));
        header.push(format!("{name}_eg"));
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    writeln!(out, "{}", header.join("\t")).ok();
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let Ok(line) = line else { break };
        let (fen, score) = line.split_once('\t').unwrap_or((&line, ""));
        let game = match FairyGame::from_fen(&variant, fen) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("fairy_features: line {}: {e}", n + 1);
                continue;
            }
        };
        let parts = game.evaluation_parts();
        let a = parts.activity;
        let eval = if game.white_to_move() {
            game.evaluate()
        } else {
            -game.evaluate()
        };
        let diff = |x: [u32; 2]| i64::from(x[0]) - i64::from(x[1]);
        let mut row: Vec<String> = vec![
            score.to_string(),
            eval.to_string(),
            parts.placement.to_string(),
            parts.king_safety.to_string(),
            parts.phase.to_string(),
            u8::from(game.white_to_move()).to_string(),
        ];
        for t in 0..letters.len() {
            let by = |c: usize| a.mobility_by_piece[c].get(t).copied().unwrap_or(0);
            row.push((i64::from(by(0)) - i64::from(by(1))).to_string());
        }
        for c in 0..2 {
            row.push(a.threats[c].to_string());
            row.push(a.hanging[c].to_string());
            row.push(a.king_attackers[c].to_string());
            row.push(a.king_attacks[c].to_string());
            row.push(a.safe_checks[c].to_string());
        }
        // A count, split by the phase into its middlegame and endgame
        // shares, as the engine tapers its weights.
        let mut tapered = |count: i64| {
            let mg = count as f64 * f64::from(parts.phase) / 256.0;
            row.push(format!("{mg:.3}"));
            row.push(format!("{:.3}", count as f64 - mg));
        };
        for i in 0..sqlchess_fairy::PASSED_PAWN_RANKS {
            tapered(i64::from(a.passed_pawns[0][i]) - i64::from(a.passed_pawns[1][i]));
        }
        for x in [
            a.isolated_pawns,
            a.doubled_pawns,
            a.supported_pawns,
            a.phalanx_pawns,
        ] {
            tapered(diff(x));
        }
        writeln!(out, "{}", row.join("\t")).ok();
    }
}
