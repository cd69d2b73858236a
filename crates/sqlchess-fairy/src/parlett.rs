//! Parlett's movement notation, as extended in the fairy-piece literature,
//! compiled into [`Component`]s.
//!
//! An expression is a comma-separated list of alternatives; each is
//! `[conditions][~|^]distance direction` or a leap ratio:
//!
//! * conditions: `o` move only (no capture), `c` capture only, `i` initial
//!   move only;
//! * `~` leaper (jumps, cannot be blocked), `^` locust (captures the piece
//!   leapt over, lands on an empty square); without either the move slides
//!   and is blocked by pieces on the way;
//! * distance: `1`, `2`, any number, `n` (any distance), or a range `1-3`;
//! * direction: `*` any of 8, `+` orthogonal, `>` forward, `<` backward,
//!   `<>` forward and backward, `=` sideways, `>=` forward or sideways, `<=`
//!   backward or sideways, `X` diagonal, `X>` diagonally forward, `X<`
//!   diagonally backward;
//! * ratio `a/b` (with or without `~`) is the (a, b) leaper, e.g. `~1/2` for
//!   the knight; `n(1/2)` or `n1/2` the rider on it (nightrider).
//!
//! So a king is `1*`, a rook `n+`, a pawn `o1>, c1X>, oi2>`.

use crate::piece::{images, Component, MoveMode, PathKind};

/// Why a Parlett string was rejected: where and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("parlett {text:?} at byte {position}: {kind}")]
pub struct ParseParlettError {
    /// The whole rejected text.
    pub text: String,
    /// Byte offset of the problem.
    pub position: usize,
    /// What was wrong.
    pub kind: ParlettErrorKind,
}

/// The reasons a Parlett string can be rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParlettErrorKind {
    /// Nothing (or an empty alternative between commas).
    #[error("empty alternative")]
    Empty,
    /// A character that does not belong here.
    #[error("unexpected character {0:?}")]
    Unexpected(char),
    /// No distance (`1`, `2`, `n`, …) or ratio.
    #[error("missing distance")]
    MissingDistance,
    /// No direction symbol after the distance.
    #[error("missing direction")]
    MissingDirection,
    /// A distance or ratio out of range (0, or more than 15).
    #[error("distance {0} out of range")]
    Distance(u32),
}

const DIRS: [&str; 11] = ["<>", ">=", "<=", "X>", "X<", "*", "+", ">", "<", "=", "X"];

fn unit_dirs(token: &str) -> Vec<(i8, i8)> {
    let orth = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    match token {
        "*" => orth.iter().chain(diag.iter()).copied().collect(),
        "+" => orth.to_vec(),
        ">" => vec![(0, 1)],
        "<" => vec![(0, -1)],
        "<>" => vec![(0, 1), (0, -1)],
        "=" => vec![(1, 0), (-1, 0)],
        ">=" => vec![(0, 1), (1, 0), (-1, 0)],
        "<=" => vec![(0, -1), (1, 0), (-1, 0)],
        "X" => diag.to_vec(),
        "X>" => vec![(1, 1), (-1, 1)],
        "X<" => vec![(1, -1), (-1, -1)],
        _ => Vec::new(),
    }
}

/// Compiles Parlett notation.
///
/// ```
/// let knight = sqlchess_fairy::parlett::parse("~1/2").unwrap();
/// assert_eq!(knight[0].dirs.len(), 8);
/// let pawn = sqlchess_fairy::parlett::parse("o1>, c1X>, oi2>").unwrap();
/// assert_eq!(pawn.len(), 3);
/// ```
///
/// # Errors
/// [`ParseParlettError`] naming the byte offset and the problem.
pub fn parse(text: &str) -> Result<Vec<Component>, ParseParlettError> {
    let mut out = Vec::new();
    let mut offset = 0;
    for alt in text.split(',') {
        parse_alt(text, alt, offset, &mut out)?;
        offset += alt.len() + 1;
    }
    Ok(out)
}

fn parse_alt(
    text: &str,
    alt: &str,
    base: usize,
    out: &mut Vec<Component>,
) -> Result<(), ParseParlettError> {
    let err = |p: usize, kind| ParseParlettError {
        text: sqlchess_types::quoted(text),
        position: base + p,
        kind,
    };
    let b: Vec<char> = alt.chars().collect();
    let mut i = 0;
    let skip_ws = |i: &mut usize| {
        while *i < b.len() && b[*i].is_whitespace() {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    if i == b.len() {
        return Err(err(0, ParlettErrorKind::Empty));
    }
    let (mut mode, mut initial) = (MoveMode::Any, false);
    while i < b.len() && "oci".contains(b[i]) {
        match b[i] {
            'o' => mode = MoveMode::MoveOnly,
            'c' => mode = MoveMode::CaptureOnly,
            _ => initial = true,
        }
        i += 1;
    }
    let mut leap = false;
    let mut locust = false;
    if i < b.len() && (b[i] == '~' || b[i] == '^') {
        leap = b[i] == '~';
        locust = b[i] == '^';
        i += 1;
    }
    let number = |i: &mut usize| -> Option<u32> {
        let start = *i;
        let mut n = 0u32;
        while *i < b.len() && b[*i].is_ascii_digit() {
            n = n
                .saturating_mul(10)
                .saturating_add(b[*i] as u32 - '0' as u32);
            *i += 1;
        }
        (*i > start).then_some(n)
    };
    // Distance: n, number, range, or ratio.
    let mut rider = false;
    if i < b.len() && b[i] == 'n' {
        rider = true;
        i += 1;
    }
    let paren = i < b.len() && b[i] == '(';
    if paren {
        i += 1;
    }
    let d_start = i;
    let first = number(&mut i);
    if let (Some(a), true) = (first, i < b.len() && b[i] == '/') {
        // Ratio a/b.
        i += 1;
        let bb = number(&mut i).ok_or_else(|| err(i, ParlettErrorKind::MissingDistance))?;
        if paren {
            if i < b.len() && b[i] == ')' {
                i += 1;
            } else {
                return Err(err(
                    i,
                    ParlettErrorKind::Unexpected(b.get(i).copied().unwrap_or(' ')),
                ));
            }
        }
        if a > 15 || bb > 15 || a + bb == 0 {
            return Err(err(d_start, ParlettErrorKind::Distance(a.max(bb))));
        }
        let atom = ((a.min(bb)) as u8, (a.max(bb)) as u8);
        let mut dirs = images(atom);
        skip_ws(&mut i);
        // Optional direction filter on the ratio: > forward, < backward.
        if i < b.len() {
            match b[i] {
                '>' => {
                    dirs.retain(|d| d.1 > 0);
                    i += 1;
                }
                '<' => {
                    dirs.retain(|d| d.1 < 0);
                    i += 1;
                }
                _ => {}
            }
        }
        skip_ws(&mut i);
        if i < b.len() {
            return Err(err(i, ParlettErrorKind::Unexpected(b[i])));
        }
        let kind = if rider {
            PathKind::Ride { max: 0 }
        } else if locust {
            PathKind::Locust
        } else {
            PathKind::Leap
        };
        out.push(Component {
            atom,
            dirs,
            kind,
            mode,
            initial,
            lame: false,
        });
        let _ = leap;
        return Ok(());
    }
    if paren {
        return Err(err(d_start, ParlettErrorKind::Unexpected('(')));
    }
    let (lo, hi) = match (rider, first) {
        (true, None) => (0, 0),
        (false, Some(a)) => {
            if i < b.len() && b[i] == '-' {
                i += 1;
                let hi = number(&mut i).ok_or_else(|| err(i, ParlettErrorKind::MissingDistance))?;
                (a, hi)
            } else {
                (a, a)
            }
        }
        (true, Some(_)) => return Err(err(d_start, ParlettErrorKind::Unexpected(b[d_start]))),
        (false, None) => return Err(err(i, ParlettErrorKind::MissingDistance)),
    };
    if !rider && (lo == 0 || hi > 15 || lo > hi) {
        return Err(err(
            d_start,
            ParlettErrorKind::Distance(if lo == 0 { 0 } else { hi }),
        ));
    }
    skip_ws(&mut i);
    let rest: String = b[i..].iter().collect();
    let token = DIRS
        .iter()
        .find(|t| rest.starts_with(**t))
        .ok_or_else(|| err(i, ParlettErrorKind::MissingDirection))?;
    i += token.chars().count();
    skip_ws(&mut i);
    if i < b.len() {
        return Err(err(i, ParlettErrorKind::Unexpected(b[i])));
    }
    let units = unit_dirs(token);
    let diag = units.iter().all(|d| d.0 != 0 && d.1 != 0);
    let orth = units.iter().all(|d| d.0 == 0 || d.1 == 0);
    // Split mixed (`*`, never with a partial filter) into orthogonal and
    // diagonal components so each component has one atom.
    let groups: Vec<Vec<(i8, i8)>> = if diag || orth {
        vec![units]
    } else {
        vec![
            units
                .iter()
                .copied()
                .filter(|d| d.0 == 0 || d.1 == 0)
                .collect(),
            units
                .iter()
                .copied()
                .filter(|d| d.0 != 0 && d.1 != 0)
                .collect(),
        ]
    };
    for g in groups {
        let is_diag = g[0].0 != 0 && g[0].1 != 0;
        if rider {
            if locust {
                return Err(err(d_start, ParlettErrorKind::Unexpected('n')));
            }
            let atom = if is_diag { (1, 1) } else { (0, 1) };
            out.push(Component {
                atom,
                dirs: g,
                kind: PathKind::Ride { max: 0 },
                mode,
                initial,
                lame: false,
            });
            continue;
        }
        if lo == 1 && hi > 1 && !leap && !locust {
            let atom = if is_diag { (1, 1) } else { (0, 1) };
            out.push(Component {
                atom,
                dirs: g,
                kind: PathKind::Ride { max: hi as u8 },
                mode,
                initial,
                lame: false,
            });
            continue;
        }
        for k in lo..=hi {
            let k8 = k as i8;
            let dirs: Vec<(i8, i8)> = g.iter().map(|d| (d.0 * k8, d.1 * k8)).collect();
            let atom = if is_diag {
                (k as u8, k as u8)
            } else {
                (0, k as u8)
            };
            let kind = if locust {
                PathKind::Locust
            } else {
                PathKind::Leap
            };
            out.push(Component {
                atom,
                dirs,
                kind,
                mode,
                initial,
                lame: !leap && !locust && k > 1,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basics() {
        assert_eq!(parse("1*").unwrap().len(), 2);
        assert_eq!(parse("n+").unwrap()[0].kind, PathKind::Ride { max: 0 });
        let pawn = parse("o1>, c1X>, oi2>").unwrap();
        assert_eq!(pawn[0].mode, MoveMode::MoveOnly);
        assert_eq!(pawn[1].dirs, vec![(1, 1), (-1, 1)]);
        assert!(pawn[2].initial && pawn[2].lame && pawn[2].dirs == vec![(0, 2)]);
        assert_eq!(parse("~1/2").unwrap()[0].dirs.len(), 8);
        assert_eq!(parse("n(1/2)").unwrap()[0].kind, PathKind::Ride { max: 0 });
        assert_eq!(parse("^2X>").unwrap()[0].kind, PathKind::Locust);
        assert_eq!(parse("1-4+").unwrap()[0].kind, PathKind::Ride { max: 4 });
    }

    #[test]
    fn errors() {
        assert_eq!(
            parse("1").unwrap_err().kind,
            ParlettErrorKind::MissingDirection
        );
        assert_eq!(
            parse("+").unwrap_err().kind,
            ParlettErrorKind::MissingDistance
        );
        assert_eq!(parse("1*,").unwrap_err().kind, ParlettErrorKind::Empty);
        assert_eq!(parse("1*,").unwrap_err().position, 3);
        assert!(parse("1*?").is_err());
    }
}
