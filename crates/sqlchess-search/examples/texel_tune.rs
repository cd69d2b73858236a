//! Fits the chess evaluation's weights to game results (Texel's method) and
//! writes them to `src/eval_weights.rs`.
//!
//! ```text
//! cargo run --release -p sqlchess-search --example texel_data -- 4000 2026 > positions.txt
//! cargo run --release -p sqlchess-search --example texel_tune -- positions.txt [EPOCHS] [OUT.rs]
//! ```
//!
//! Each line of POSITIONS is `FEN;RESULT` (texel_data) or
//! `FEN;RESULT;SCORE` (after `scripts/texel_label.py`, SCORE being
//! Stockfish's expected score for White): the target is then
//! `LAMBDA * RESULT + (1 - LAMBDA) * SCORE`, with `LAMBDA` from the
//! environment variable `TEXEL_LAMBDA` (default [`LAMBDA`]).
//!
//! The evaluation is linear in its features ([`sqlchess_search::eval::trace`]
//! lists them), tapered by the game phase, so the fit is a logistic
//! regression: the predicted score of a position is
//! `1 / (1 + 10^(-K * eval / 400))`, and the weights minimise the mean
//! squared difference from the game's result. `K` is chosen first, for the
//! current weights; then full-batch Adam from the current weights, with a
//! small pull towards them (`REGULARISATION`), so that a feature seen in
//! few positions keeps about its old weight. Every tenth game is held out
//! (a game's positions are consecutive lines: a new one starts where the
//! move number goes down or the result changes): the report gives the
//! error on it before and after, so a fit that only learns its own games
//! shows. Positions with a
//! lone king are left out (the evaluation adds a mop-up term there that is
//! not a feature). Weights are written rounded to whole centipawns.

use std::io::{BufRead, Write};

use sqlchess_core::Position;
use sqlchess_search::eval::{feature, trace, MAX_PHASE};

/// The weight of the pull towards the current weights: the mean squared
/// error gains this times the squared distance of every weight, in
/// centipawns. The environment variable `TEXEL_REGULARISATION` overrides it.
const REGULARISATION: f64 = 0.0;

/// The share of the game's result in the target where the position also
/// has Stockfish's score: the result of one game is a noisy label (who
/// won from here, as the engine played it), the score a steadier one.
const LAMBDA: f64 = 0.2;

/// The current weights, read from the source the tuner writes.
const CURRENT: &str = include_str!("../src/eval_weights.rs");

/// Positions as flat arrays: position `i`'s features are
/// `features[starts[i]..starts[i + 1]]`.
struct Data {
    starts: Vec<usize>,
    features: Vec<u16>,
    counts: Vec<f64>,
    /// The middlegame share, phase / 24.
    middlegame: Vec<f64>,
    results: Vec<f64>,
}

impl Data {
    fn new() -> Data {
        Data {
            starts: vec![0],
            features: Vec::new(),
            counts: Vec::new(),
            middlegame: Vec::new(),
            results: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.results.len()
    }

    fn push(&mut self, counts: &mut [(u16, i16)], phase: i32, result: f64) {
        counts.sort_unstable_by_key(|c| c.0);
        let mut i = 0;
        while i < counts.len() {
            let (f, mut n) = (counts[i].0, i32::from(counts[i].1));
            i += 1;
            while i < counts.len() && counts[i].0 == f {
                n += i32::from(counts[i].1);
                i += 1;
            }
            if n != 0 {
                self.features.push(f);
                self.counts.push(f64::from(n));
            }
        }
        self.starts.push(self.features.len());
        self.middlegame
            .push(f64::from(phase) / f64::from(MAX_PHASE));
        self.results.push(result);
    }

    /// The evaluation of position `i` with weights `w` (`[mg, eg]` pairs).
    fn eval(&self, i: usize, w: &[[f64; 2]]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for j in self.starts[i]..self.starts[i + 1] {
            let [wm, we] = w[self.features[j] as usize];
            mg += wm * self.counts[j];
            eg += we * self.counts[j];
        }
        let rho = self.middlegame[i];
        mg * rho + eg * (1.0 - rho)
    }

    /// The mean squared error of the predictions.
    fn error(&self, w: &[[f64; 2]], k: f64) -> f64 {
        let total: f64 = (0..self.len())
            .map(|i| (self.results[i] - sigmoid(k, self.eval(i, w))).powi(2))
            .sum();
        total / self.len() as f64
    }

    /// The gradient of [`Data::error`] with respect to every weight.
    fn gradient(&self, w: &[[f64; 2]], k: f64, grad: &mut [[f64; 2]]) {
        grad.iter_mut().for_each(|g| *g = [0.0; 2]);
        let scale = k * std::f64::consts::LN_10 / 400.0;
        for i in 0..self.len() {
            let p = sigmoid(k, self.eval(i, w));
            // d/dw (r - p)^2 = -2 (r - p) p (1 - p) scale * d eval / dw
            let d = -2.0 * (self.results[i] - p) * p * (1.0 - p) * scale;
            let rho = self.middlegame[i];
            for j in self.starts[i]..self.starts[i + 1] {
                let g = &mut grad[self.features[j] as usize];
                g[0] += d * self.counts[j] * rho;
                g[1] += d * self.counts[j] * (1.0 - rho);
            }
        }
        let n = self.len() as f64;
        grad.iter_mut().for_each(|g| *g = [g[0] / n, g[1] / n]);
    }
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// The weights in `src/eval_weights.rs`: every `[mg, eg],` line.
fn current_weights() -> Vec<[f64; 2]> {
    let weights: Vec<[f64; 2]> = CURRENT
        .lines()
        .filter_map(|line| {
            let inner = line.trim().strip_prefix('[')?.strip_suffix("],")?;
            let (mg, eg) = inner.split_once(',')?;
            Some([mg.trim().parse().ok()?, eg.trim().parse().ok()?])
        })
        .collect();
    assert_eq!(
        weights.len(),
        feature::COUNT,
        "src/eval_weights.rs has one line per feature"
    );
    weights
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: texel_tune POSITIONS [EPOCHS] [OUT.rs]");
        std::process::exit(2);
    };
    let epochs: usize = args.get(1).map_or(Ok(1000), |a| a.parse())?;
    let out_path = args.get(2).map_or(
        concat!(env!("CARGO_MANIFEST_DIR"), "/src/eval_weights.rs"),
        String::as_str,
    );

    let lambda: f64 = std::env::var("TEXEL_LAMBDA").map_or(Ok(LAMBDA), |v| v.parse())?;
    let (mut train, mut test) = (Data::new(), Data::new());
    let mut skipped = 0usize;
    let (mut game, mut last_move, mut last_result) = (0usize, 0u32, f64::NAN);
    for (n, line) in std::io::BufReader::new(std::fs::File::open(path)?)
        .lines()
        .enumerate()
    {
        let line = line?;
        let mut fields = line.split(';');
        let (Some(fen), Some(result)) = (fields.next(), fields.next()) else {
            return Err(format!("{path}:{}: no ';RESULT'", n + 1).into());
        };
        let result: f64 = result.trim().parse()?;
        let target = match fields.next() {
            Some(score) => lambda * result + (1.0 - lambda) * score.trim().parse::<f64>()?,
            None => result,
        };
        let pos = Position::from_fen(fen).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        let move_number = pos.fullmoves();
        if move_number < last_move || result != last_result {
            game += 1;
        }
        (last_move, last_result) = (move_number, result);
        let mut t = trace(&pos);
        if t.lone_king {
            skipped += 1;
            continue;
        }
        let data = if game % 10 == 9 {
            &mut test
        } else {
            &mut train
        };
        data.push(&mut t.counts, t.phase, target);
    }
    eprintln!(
        "{} positions to fit, {} held out, {skipped} with a lone king left out",
        train.len(),
        test.len()
    );

    let regularisation: f64 =
        std::env::var("TEXEL_REGULARISATION").map_or(Ok(REGULARISATION), |v| v.parse())?;
    let prior = current_weights();
    let mut w = prior.clone();
    // K: the scale that fits the current weights best (golden-section search).
    let (mut lo, mut hi) = (0.2f64, 3.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if train.error(&w, a) < train.error(&w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    let (train_before, test_before) = (train.error(&w, k), test.error(&w, k));
    eprintln!("K = {k:.4}; error before: {train_before:.6} (held out {test_before:.6})");

    // Adam, full batch.
    let (rate, beta1, beta2, eps) = (1.0, 0.9, 0.999, 1e-8);
    let mut m = vec![[0.0f64; 2]; w.len()];
    let mut v = vec![[0.0f64; 2]; w.len()];
    let mut grad = vec![[0.0f64; 2]; w.len()];
    for epoch in 1..=epochs {
        train.gradient(&w, k, &mut grad);
        for ((g, now), before) in grad.iter_mut().zip(&w).zip(&prior) {
            g[0] += 2.0 * regularisation * (now[0] - before[0]);
            g[1] += 2.0 * regularisation * (now[1] - before[1]);
        }
        let t = epoch as i32;
        for f in 0..w.len() {
            for p in 0..2 {
                m[f][p] = beta1 * m[f][p] + (1.0 - beta1) * grad[f][p];
                v[f][p] = beta2 * v[f][p] + (1.0 - beta2) * grad[f][p] * grad[f][p];
                let mh = m[f][p] / (1.0 - beta1.powi(t));
                let vh = v[f][p] / (1.0 - beta2.powi(t));
                w[f][p] -= rate * mh / (vh.sqrt() + eps);
            }
        }
        if epoch % 100 == 0 || epoch == epochs {
            eprintln!(
                "epoch {epoch}: error {:.6} (held out {:.6})",
                train.error(&w, k),
                test.error(&w, k)
            );
        }
    }
    let rounded: Vec<[f64; 2]> = w.iter().map(|p| [p[0].round(), p[1].round()]).collect();
    let (train_after, test_after) = (train.error(&rounded, k), test.error(&rounded, k));
    eprintln!("after: {train_after:.6} (held out {test_after:.6})");

    let mut out = std::io::BufWriter::new(std::fs::File::create(out_path)?);
    writeln!(
        out,
        "// @generated by crates/sqlchess-search/examples/texel_tune.rs"
    )?;
    writeln!(
        out,
        "// {} positions ({} held out) of {path}, {epochs} epochs, K = {k:.4}.",
        train.len(),
        test.len()
    )?;
    writeln!(
        out,
        "// Mean squared error {train_before:.6} -> {train_after:.6}; held out {test_before:.6} -> {test_after:.6}."
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "/// The evaluation's weights, `[middlegame, endgame]` in centipawns, one"
    )?;
    writeln!(out, "/// per feature of [`crate::eval::feature`].")?;
    writeln!(out, "#[rustfmt::skip]")?;
    writeln!(
        out,
        "pub static WEIGHTS: [[i16; 2]; crate::eval::feature::COUNT] = ["
    )?;
    for [mg, eg] in &rounded {
        writeln!(out, "    [{}, {}],", *mg as i16, *eg as i16)?;
    }
    writeln!(out, "];")?;
    out.flush()?;
    eprintln!("wrote {out_path}");
    Ok(())
}
