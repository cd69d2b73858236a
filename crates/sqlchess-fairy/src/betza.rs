//! Betza notation (with the XBoard / Fairy-Stockfish extensions this crate
//! needs) compiled into [`Component`]s.
//!
//! Atoms: `W F D N A H C Z G` (and `L` = `C`, `J` = `Z`), shortcuts `K`
//! (`WF`), `R` (`WW`), `B` (`FF`), `Q` (`RB`). A doubled leaper or a `0`
//! after it makes a rider (`NN`, `N0`); a number limits the range (`R4`).
//! Lower-case prefixes: directions `f b l r v s h` (see [`filter_dirs`]),
//! modes `m` (move only) and `c` (capture only), `i` (initial only), `p`
//! (hop over one screen, cannon), `g` (grasshopper), `n` (lame leap), `e`
//! (en passant; accepted, the variant decides).
//! `t[XY]` is a bent rider: one `X` step, then a `Y` ride outward (the Aanca
//! is `t[WB]`).

use crate::piece::{images, Component, MoveMode, PathKind};

/// Why a Betza string was rejected: where and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("betza {text:?} at byte {position}: {kind}")]
pub struct ParseBetzaError {
    /// The whole rejected text.
    pub text: String,
    /// Byte offset of the offending character.
    pub position: usize,
    /// What was wrong.
    pub kind: BetzaErrorKind,
}

/// The reasons a Betza string can be rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BetzaErrorKind {
    /// The text is empty.
    #[error("empty notation")]
    Empty,
    /// A character that is not part of the notation.
    #[error("unexpected character {0:?}")]
    Unexpected(char),
    /// Modifiers at the end with no atom after them.
    #[error("modifiers {0:?} without an atom")]
    DanglingModifiers(String),
    /// Direction modifiers that select no move of the atom.
    #[error("direction modifiers {mods:?} select no move of atom {atom:?}")]
    NoDirections {
        /// The modifiers.
        mods: String,
        /// The atom letter.
        atom: char,
    },
    /// `p`, `g` on a leap, `n` on a rider, and similar clashes.
    #[error("modifier {modifier:?} cannot apply to {what}")]
    BadModifier {
        /// The modifier letter.
        modifier: char,
        /// What it was applied to.
        what: &'static str,
    },
    /// A range that does not fit a board of 16.
    #[error("range {0} too large")]
    Range(u32),
    /// A malformed `t[..]` bent rider.
    #[error("bent rider must look like t[WB]")]
    Bent,
}

/// The atom of a leaper letter, or `None`.
fn atom_of(c: char) -> Option<(u8, u8)> {
    Some(match c {
        'W' => (0, 1),
        'F' => (1, 1),
        'D' => (0, 2),
        'N' => (1, 2),
        'A' => (2, 2),
        'H' => (0, 3),
        'C' | 'L' => (1, 3),
        'Z' | 'J' => (2, 3),
        'G' => (3, 3),
        _ => return None,
    })
}

/// Compiles Betza notation.
///
/// ```
/// let pawn = sqlchess_fairy::betza::parse("fmWfceF").unwrap();
/// assert_eq!(pawn.len(), 2);
/// assert!(sqlchess_fairy::betza::parse("fmW?").is_err());
/// ```
///
/// # Errors
/// [`ParseBetzaError`] naming the byte offset and the problem.
pub fn parse(text: &str) -> Result<Vec<Component>, ParseBetzaError> {
    let err = |position: usize, kind: BetzaErrorKind| ParseBetzaError {
        text: sqlchess_types::quoted(text),
        position,
        kind,
    };
    if text.trim().is_empty() {
        return Err(err(0, BetzaErrorKind::Empty));
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    let mut mods = String::new();
    let mut mods_start = 0;
    let mut i = 0;
    while i < chars.len() {
        let (pos, c) = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == 't' && chars.get(i + 1).map(|x| x.1) == Some('[') {
            // Bent rider t[XY]: X a leaper letter, Y a leaper letter (ride),
            // or R / B, optionally followed by a range digit.
            let close = chars[i..]
                .iter()
                .position(|x| x.1 == ']')
                .map(|p| p + i)
                .ok_or_else(|| err(pos, BetzaErrorKind::Bent))?;
            let inner: String = chars[i + 2..close].iter().map(|x| x.1).collect();
            let mut it = inner.chars();
            let first = it
                .next()
                .and_then(atom_of)
                .ok_or_else(|| err(pos, BetzaErrorKind::Bent))?;
            let second_letter = it.next().ok_or_else(|| err(pos, BetzaErrorKind::Bent))?;
            let second = match second_letter {
                'R' => (0, 1),
                'B' => (1, 1),
                l => atom_of(l).ok_or_else(|| err(pos, BetzaErrorKind::Bent))?,
            };
            let rest: String = it.collect();
            let max = if rest.is_empty() {
                0
            } else {
                rest.parse::<u8>()
                    .map_err(|_| err(pos, BetzaErrorKind::Bent))?
            };
            let (mode, dirs) = modes_and_dirs(&mods, first, 'W', mods_start, &err)?;
            out.push(Component {
                atom: first,
                dirs,
                kind: PathKind::Bent { second, max },
                mode,
                initial: mods.contains('i'),
                lame: false,
            });
            mods.clear();
            i = close + 1;
            continue;
        }
        if c.is_ascii_lowercase() {
            // `e` (may capture en passant) is accepted and implied: en passant
            // is a rule of the variant's pawn.
            if !"fblrvshmcipgne".contains(c) {
                return Err(err(pos, BetzaErrorKind::Unexpected(c)));
            }
            if mods.is_empty() {
                mods_start = pos;
            }
            mods.push(c);
            i += 1;
            continue;
        }
        // An atom or shortcut letter.
        let (atoms, default_ride): (Vec<(u8, u8)>, bool) = match c {
            'K' => (vec![(0, 1), (1, 1)], false),
            'R' => (vec![(0, 1)], true),
            'B' => (vec![(1, 1)], true),
            'Q' => (vec![(0, 1), (1, 1)], true),
            _ => match atom_of(c) {
                Some(a) => (vec![a], false),
                None => return Err(err(pos, BetzaErrorKind::Unexpected(c))),
            },
        };
        i += 1;
        // Suffix: doubling or a number.
        let mut max: Option<u32> = if default_ride { Some(0) } else { None };
        if !default_ride && c != 'K' && chars.get(i).map(|x| x.1) == Some(c) {
            max = Some(0);
            i += 1;
        } else if chars.get(i).is_some_and(|x| x.1.is_ascii_digit()) {
            let start = i;
            let mut n: u32 = 0;
            while let Some(&(_, d)) = chars.get(i).filter(|x| x.1.is_ascii_digit()) {
                n = n.saturating_mul(10).saturating_add(d as u32 - '0' as u32);
                i += 1;
            }
            if n > 64 {
                return Err(err(chars[start].0, BetzaErrorKind::Range(n)));
            }
            max = Some(n);
        }
        for atom in atoms {
            let (mode, dirs) = modes_and_dirs(&mods, atom, c, mods_start, &err)?;
            let ride_max = match max {
                None | Some(1) => None,
                Some(n) => Some(n as u8),
            };
            let hop = mods.contains('p');
            let grass = mods.contains('g');
            let lame = mods.contains('n');
            let kind = match (ride_max, hop, grass) {
                (_, true, true) => {
                    return Err(err(
                        mods_start,
                        BetzaErrorKind::BadModifier {
                            modifier: 'g',
                            what: "a hopper (p)",
                        },
                    ))
                }
                (Some(m), true, false) => PathKind::Hop { max: m },
                (Some(_), false, true) => PathKind::Grasshop,
                (Some(m), false, false) => PathKind::Ride { max: m },
                (None, false, false) => PathKind::Leap,
                (None, true, _) => {
                    return Err(err(
                        mods_start,
                        BetzaErrorKind::BadModifier {
                            modifier: 'p',
                            what: "a leap",
                        },
                    ))
                }
                (None, _, true) => {
                    return Err(err(
                        mods_start,
                        BetzaErrorKind::BadModifier {
                            modifier: 'g',
                            what: "a leap",
                        },
                    ))
                }
            };
            if lame && kind != PathKind::Leap {
                return Err(err(
                    mods_start,
                    BetzaErrorKind::BadModifier {
                        modifier: 'n',
                        what: "a rider",
                    },
                ));
            }
            out.push(Component {
                atom,
                dirs,
                kind,
                mode,
                initial: mods.contains('i'),
                lame,
            });
        }
        mods.clear();
    }
    if !mods.is_empty() {
        return Err(err(mods_start, BetzaErrorKind::DanglingModifiers(mods)));
    }
    Ok(out)
}

type ErrFn<'a> = dyn Fn(usize, BetzaErrorKind) -> ParseBetzaError + 'a;

fn modes_and_dirs(
    mods: &str,
    atom: (u8, u8),
    letter: char,
    pos: usize,
    err: &ErrFn<'_>,
) -> Result<(MoveMode, Vec<(i8, i8)>), ParseBetzaError> {
    let m = mods.contains('m');
    let c = mods.contains('c');
    let mode = match (m, c) {
        (true, false) => MoveMode::MoveOnly,
        (false, true) => MoveMode::CaptureOnly,
        _ => MoveMode::Any,
    };
    let dir_mods: String = mods.chars().filter(|ch| "fblrvsh".contains(*ch)).collect();
    let dirs = filter_dirs(atom, &dir_mods);
    if dirs.is_empty() {
        return Err(err(
            pos,
            BetzaErrorKind::NoDirections {
                mods: dir_mods,
                atom: letter,
            },
        ));
    }
    Ok((mode, dirs))
}

/// The images of `atom` that direction modifiers `mods` select, from White's
/// side (forward is `+dy`, left is `-dx`); all images when `mods` is empty.
///
/// * Orthogonal atoms: each letter adds its moves: `f b l r`, `v` = `fb`,
///   `s` = `lr`.
/// * Diagonal atoms: `f b l r` each select two moves; a pair of a vertical
///   and a horizontal letter (`fl`, `rb`) selects the one move in both;
///   `v` and `s` select all four.
/// * Oblique atoms (N, C, Z): a single letter selects the four moves on that
///   side (`fN` = `fhN`, the forward half); `v` the four narrow (mostly
///   vertical) moves, `s` the four wide ones; `hl` and `hr` the chiral
///   halves (the four images a quarter turn apart from the narrow forward
///   move to the left or right: `hlN` from d4 goes to b3, c6, e2 and f5,
///   for both sides, as in Fairy-Stockfish's gethenian); doubled letters the narrow
///   pair in that direction (`ffN`: e4 to d6, f6); `fs`/`bs` the wide
///   forward/backward pair; a vertical then a horizontal letter (`fr`) the
///   wide move (major axis the second letter) and a horizontal then a
///   vertical letter (`rf`) the narrow one, as in XBoard's extended Betza.
pub fn filter_dirs(atom: (u8, u8), mods: &str) -> Vec<(i8, i8)> {
    let all = images(atom);
    if mods.is_empty() {
        return all;
    }
    let orth = atom.0 == 0 || atom.1 == 0;
    let diag = atom.0 == atom.1;
    let m: Vec<char> = mods.chars().collect();
    let mut preds: Vec<Box<dyn Fn(i8, i8) -> bool>> = Vec::new();
    let single = |c: char, orth: bool| -> Box<dyn Fn(i8, i8) -> bool> {
        match c {
            'f' => Box::new(|_, y| y > 0),
            'b' => Box::new(|_, y| y < 0),
            'l' => Box::new(|x, _| x < 0),
            'r' => Box::new(|x, _| x > 0),
            'v' if orth => Box::new(|x, _| x == 0),
            's' if orth => Box::new(|_, y| y == 0),
            'v' if !diag => Box::new(|x, y| y.abs() > x.abs()),
            's' if !diag => Box::new(|x, y| x.abs() > y.abs()),
            _ => Box::new(|_, _| true),
        }
    };
    let vert = |c: char| c == 'f' || c == 'b';
    let horiz = |c: char| c == 'l' || c == 'r';
    let sign = |c: char| if c == 'f' || c == 'r' { 1i8 } else { -1i8 };
    let mut i = 0;
    while i < m.len() {
        let a = m[i];
        let b = m.get(i + 1).copied();
        if a == 'h' {
            if let (Some(side @ ('l' | 'r')), false, false) = (b, orth, diag) {
                // Chiral (Fairy-Stockfish's `hlN`, `hrN`): the four images
                // one quarter turn apart from the narrow forward move on
                // that side, so that Black's (turned half a turn) are the
                // same moves.
                let (small, big) = (atom.0.min(atom.1) as i8, atom.0.max(atom.1) as i8);
                let mut seed = (if side == 'l' { -small } else { small }, big);
                let mut set = Vec::with_capacity(4);
                for _ in 0..4 {
                    set.push(seed);
                    seed = (seed.1, -seed.0);
                }
                preds.push(Box::new(move |x, y| set.contains(&(x, y))));
                i += 2;
                continue;
            }
            i += 1;
            continue;
        }
        if orth {
            preds.push(single(a, true));
            i += 1;
            continue;
        }
        match b {
            Some('h') => {
                preds.push(single(a, false));
                i += 2;
            }
            Some(b2) if diag && ((vert(a) && horiz(b2)) || (horiz(a) && vert(b2))) => {
                let (v, hz) = if vert(a) { (a, b2) } else { (b2, a) };
                let (sy, sx) = (sign(v), sign(hz));
                preds.push(Box::new(move |x, y| x.signum() == sx && y.signum() == sy));
                i += 2;
            }
            Some(b2) if diag && b2 == a => {
                preds.push(single(a, false));
                i += 2;
            }
            Some(b2) if !diag && b2 == a && (vert(a) || horiz(a)) => {
                let s = sign(a);
                if vert(a) {
                    preds.push(Box::new(move |x, y| y.signum() == s && y.abs() > x.abs()));
                } else {
                    preds.push(Box::new(move |x, y| x.signum() == s && x.abs() > y.abs()));
                }
                i += 2;
            }
            Some('s') if !diag && vert(a) => {
                let s = sign(a);
                preds.push(Box::new(move |x, y| y.signum() == s && x.abs() > y.abs()));
                i += 2;
            }
            Some('v') if !diag && horiz(a) => {
                let s = sign(a);
                preds.push(Box::new(move |x, y| x.signum() == s && y.abs() > x.abs()));
                i += 2;
            }
            Some(b2) if !diag && vert(a) && horiz(b2) => {
                // Major axis horizontal (second letter), minor vertical.
                let (sy, sx) = (sign(a), sign(b2));
                preds.push(Box::new(move |x, y| {
                    x.signum() == sx && y.signum() == sy && x.abs() > y.abs()
                }));
                i += 2;
            }
            Some(b2) if !diag && horiz(a) && vert(b2) => {
                let (sx, sy) = (sign(a), sign(b2));
                preds.push(Box::new(move |x, y| {
                    x.signum() == sx && y.signum() == sy && y.abs() > x.abs()
                }));
                i += 2;
            }
            _ => {
                preds.push(single(a, false));
                i += 1;
            }
        }
    }
    all.into_iter()
        .filter(|&(x, y)| preds.iter().any(|p| p(x, y)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dirs(text: &str) -> Vec<(i8, i8)> {
        let mut v: Vec<(i8, i8)> = parse(text)
            .unwrap()
            .into_iter()
            .flat_map(|c| c.dirs)
            .collect();
        v.sort();
        v
    }

    /// Fairy-Stockfish's chiral knights (gethenian's `hlN` and `hrN`):
    /// from d4, b3 c6 e2 f5 and b5 c2 e6 f3 (pyffish 0.0.90).
    #[test]
    fn chiral_halves() {
        assert_eq!(dirs("hlN"), vec![(-2, -1), (-1, 2), (1, -2), (2, 1)]);
        assert_eq!(dirs("hrN"), vec![(-2, 1), (-1, -2), (1, 2), (2, -1)]);
        // Not chiral: the forward half stays the forward half.
        assert_eq!(dirs("fhN"), dirs("fN"));
    }

    #[test]
    fn pawn() {
        let p = parse("fmWfceFifmnD").unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(p[0].dirs, vec![(0, 1)]);
        assert_eq!(p[0].mode, MoveMode::MoveOnly);
        assert_eq!(p[1].mode, MoveMode::CaptureOnly);
        assert_eq!(dirs("fceF"), vec![(-1, 1), (1, 1)]);
        assert!(p[2].initial && p[2].lame && p[2].dirs == vec![(0, 2)]);
    }

    #[test]
    fn riders_and_ranges() {
        let r4 = parse("R4").unwrap();
        assert_eq!(r4[0].kind, PathKind::Ride { max: 4 });
        assert_eq!(parse("NN").unwrap()[0].kind, PathKind::Ride { max: 0 });
        assert_eq!(parse("N0").unwrap()[0].kind, PathKind::Ride { max: 0 });
        assert_eq!(parse("W1").unwrap()[0].kind, PathKind::Leap);
        assert_eq!(parse("BN").unwrap().len(), 2);
        assert_eq!(parse("mRcpR").unwrap()[1].kind, PathKind::Hop { max: 0 });
        assert_eq!(parse("gQ").unwrap()[0].kind, PathKind::Grasshop);
    }

    #[test]
    fn oblique_directions() {
        assert_eq!(dirs("fhN"), vec![(-2, 1), (-1, 2), (1, 2), (2, 1)]);
        assert_eq!(dirs("fN"), dirs("fhN"));
        assert_eq!(dirs("ffN"), vec![(-1, 2), (1, 2)]);
        assert_eq!(dirs("fsN"), vec![(-2, 1), (2, 1)]);
        assert_eq!(dirs("frN"), vec![(2, 1)]);
        assert_eq!(dirs("rfN"), vec![(1, 2)]);
        assert_eq!(dirs("lhN"), vec![(-2, -1), (-2, 1), (-1, -2), (-1, 2)]);
        assert_eq!(dirs("vN").len(), 4);
        assert_eq!(dirs("flF"), vec![(-1, 1)]);
        assert_eq!(dirs("fF"), vec![(-1, 1), (1, 1)]);
        assert_eq!(dirs("vW"), vec![(0, -1), (0, 1)]);
        assert_eq!(dirs("sR"), vec![(-1, 0), (1, 0)]);
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse("fmW?").unwrap_err();
        assert_eq!(e.position, 3);
        assert_eq!(
            parse("fm").unwrap_err().kind,
            BetzaErrorKind::DanglingModifiers("fm".into())
        );
        assert!(matches!(
            parse("pN").unwrap_err().kind,
            BetzaErrorKind::BadModifier { modifier: 'p', .. }
        ));
        assert!(matches!(
            parse("nR").unwrap_err().kind,
            BetzaErrorKind::BadModifier { modifier: 'n', .. }
        ));
        assert!(parse("").is_err());
    }
}
