//! Fairy-Stockfish's `variants.ini` syntax, for the options the built-in
//! families need.
//!
//! ```text
//! [capahouse2:capablanca]      # inherit from a built-in or an earlier section
//! maxFile = 10                 # or a letter: j
//! maxRank = 8
//! customPiece1 = s:NN          # letter:betza
//! cannon = o                   # a named Fairy-Stockfish piece and its letter
//! knight = -                   # remove a piece
//! startFen = ...
//! promotionPieceTypes = qrbns
//! promotionRank = 8
//! promotionLimit = q:1 r:2
//! mandatoryPawnPromotion = false
//! castling = true
//! castlingKingsideFile = i
//! castlingQueensideFile = c
//! castlingRookPiece = r
//! castlingRank = 1
//! doubleStep = true
//! doubleStepRank = 2
//! doubleStepRankMin = 2
//! chess960 = false
//! flyingGeneral = false
//! checkmateValue = loss
//! stalemateValue = draw
//! pieceToCharTable = ...       # accepted: it only chooses GUI images
//! ```
//!
//! A section without a parent starts from `chess`. Every other option is an
//! [`IniError::Unsupported`] naming it: never silently ignored.

use crate::piece::PieceDef;
use crate::position::{FenError, Position};
use crate::variant::{
    Castling, MobilityRegion, PieceType, Promotion, RelativeOutcome, Variant, VariantError,
    ZoneMoves,
};

/// Why a variants.ini could not be loaded. Lines are 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IniError {
    /// A line that is neither `[section]`, `key = value`, a comment nor blank.
    #[error("variants.ini line {line}: cannot parse {text:?}")]
    Syntax {
        /// Line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// An option before the first section.
    #[error("variants.ini line {line}: option {option:?} outside a [section]")]
    OutsideSection {
        /// Line number.
        line: usize,
        /// The option.
        option: String,
    },
    /// `[name:parent]` with an unknown parent.
    #[error("variants.ini line {line}: unknown parent variant {parent:?}")]
    UnknownParent {
        /// Line number.
        line: usize,
        /// The parent named.
        parent: String,
    },
    /// An option this loader does not implement.
    #[error("variants.ini line {line}: option {option:?} is not supported")]
    Unsupported {
        /// Line number.
        line: usize,
        /// The option.
        option: String,
    },
    /// A supported option with a bad value.
    #[error("variants.ini line {line}: option {option:?} has invalid value {value:?} ({reason})")]
    Value {
        /// Line number.
        line: usize,
        /// The option.
        option: String,
        /// The value.
        value: String,
        /// Why.
        reason: String,
    },
    /// The finished variant is inconsistent.
    #[error("variants.ini variant {name:?}: {error}")]
    Variant {
        /// Variant name.
        name: String,
        /// The problem.
        error: VariantError,
    },
    /// The finished variant's start FEN is invalid.
    #[error("variants.ini variant {name:?}: startFen: {error}")]
    StartFen {
        /// Variant name.
        name: String,
        /// The problem.
        error: FenError,
    },
}

/// Variants loaded from a variants.ini, looked up before the built-ins.
///
/// ```
/// use sqlchess_fairy::VariantSet;
/// let set = VariantSet::from_ini("[mychess:chess]\ncastling = false\n").unwrap();
/// assert!(set.get("mychess").unwrap().castling.is_none());
/// assert_eq!(set.get("grand").unwrap().width, 10);
/// ```
#[derive(Debug, Clone, Default)]
pub struct VariantSet {
    variants: Vec<Variant>,
}

impl VariantSet {
    /// Loads a variants.ini.
    ///
    /// # Errors
    /// See [`load_variants_ini`].
    pub fn from_ini(text: &str) -> Result<VariantSet, IniError> {
        Ok(VariantSet {
            variants: load_variants_ini(text)?,
        })
    }

    /// A loaded variant by name, else a built-in.
    ///
    /// # Errors
    /// [`VariantError::Unknown`] when neither has it.
    pub fn get(&self, name: &str) -> Result<Variant, VariantError> {
        match self
            .variants
            .iter()
            .find(|v| v.name.eq_ignore_ascii_case(name))
        {
            Some(v) => Ok(v.clone()),
            None => Variant::builtin(name),
        }
    }

    /// Names of the loaded variants, in file order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.variants.iter().map(|v| v.name.as_str())
    }

    /// Number of loaded variants.
    pub fn len(&self) -> usize {
        self.variants.len()
    }

    /// Whether no variant was loaded.
    pub fn is_empty(&self) -> bool {
        self.variants.is_empty()
    }
}

/// Fairy-Stockfish's named piece types this loader knows, with Betza.
const NAMED: &[(&str, &str)] = &[
    ("pawn", "fmWfceFifmnD"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("king", "K"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("bers", "RF"),
    ("aiwok", "RNF"),
    ("dragonHorse", "BW"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("silver", "FfW"),
    ("gold", "WfF"),
    ("lance", "fR"),
    ("shogiPawn", "fW"),
    ("cannon", "mRcpR"),
    ("horse", "nN"),
    ("elephant", "nA"),
];

/// A variant under construction, pieces keyed by name so that removals do
/// not disturb indices.
struct Draft {
    v: Variant,
}

impl Draft {
    fn idx(&self, name: &str) -> Option<usize> {
        self.v.pieces.iter().position(|p| p.name == name)
    }

    fn letter_idx(&self, c: char) -> Option<usize> {
        self.v.piece_by_letter(c)
    }

    /// Sets or replaces piece `name`; `None` removes it, fixing indices.
    fn set_piece(&mut self, name: &str, piece: Option<(char, PieceDef)>) {
        match (self.idx(name), piece) {
            (Some(i), Some((letter, def))) => {
                self.v.pieces[i].letter = letter;
                self.v.pieces[i].def = def;
            }
            (None, Some((letter, def))) => self.v.pieces.push(PieceType {
                name: name.to_string(),
                letter,
                def,
            }),
            (Some(i), None) => {
                self.v.pieces.remove(i);
                let fix = |x: usize| {
                    if x > i {
                        Some(x - 1)
                    } else if x == i {
                        None
                    } else {
                        Some(x)
                    }
                };
                self.v.royal = self.v.royal.and_then(fix);
                self.v.pawn = self.v.pawn.and_then(fix);
                if let Some(c) = &self.v.castling {
                    match fix(c.rook) {
                        Some(r) => {
                            self.v.castling = Some(Castling {
                                rook: r,
                                ..c.clone()
                            })
                        }
                        None => self.v.castling = None,
                    }
                }
                self.v.regions = self
                    .v
                    .regions
                    .iter()
                    .filter_map(|r| fix(r.piece).map(|piece| MobilityRegion { piece, ..*r }))
                    .collect();
                self.v.zone_moves = self
                    .v
                    .zone_moves
                    .iter()
                    .filter_map(|z| fix(z.piece).map(|piece| ZoneMoves { piece, ..z.clone() }))
                    .collect();
                self.v.piece_promotions = self
                    .v
                    .piece_promotions
                    .iter()
                    .filter_map(|&(a, b)| Some((fix(a)?, fix(b)?)))
                    .collect();
                self.v.drop_no_doubled = self.v.drop_no_doubled.and_then(fix);
                if let Some(p) = self.v.promotion.as_mut() {
                    p.pieces = p.pieces.iter().filter_map(|&x| fix(x)).collect();
                    p.limits = p
                        .limits
                        .iter()
                        .filter_map(|&(x, n)| fix(x).map(|y| (y, n)))
                        .collect();
                }
            }
            (None, None) => {}
        }
    }
}

/// Parses a variants.ini into variants (sections in file order). Parents
/// are earlier sections or built-ins.
///
/// ```
/// let vs = sqlchess_fairy::load_variants_ini(
///     "[nightriders:chess]\ncustomPiece1 = s:NN\nknight = -\nstartFen = rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR w KQkq - 0 1\n",
/// ).unwrap();
/// assert_eq!(vs[0].name, "nightriders");
/// assert!(sqlchess_fairy::load_variants_ini("[x:chess]\nflagPiece = k\n").is_err());
/// ```
///
/// # Errors
/// [`IniError`] naming the line and option.
pub fn load_variants_ini(text: &str) -> Result<Vec<Variant>, IniError> {
    let mut done: Vec<Variant> = Vec::new();
    let mut cur: Option<Draft> = None;
    let finish = |d: Draft, done: &mut Vec<Variant>| -> Result<(), IniError> {
        let name = d.v.name.clone();
        d.v.validate().map_err(|error| IniError::Variant {
            name: name.clone(),
            error,
        })?;
        Position::from_fen(&d.v, &d.v.start_fen).map_err(|error| IniError::StartFen {
            name: name.clone(),
            error,
        })?;
        done.retain(|v| v.name != name);
        done.push(d.v);
        Ok(())
    };
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let l = raw.split(['#', ';']).next().unwrap_or("").trim();
        if l.is_empty() {
            continue;
        }
        if let Some(head) = l.strip_prefix('[') {
            let head = head.strip_suffix(']').ok_or_else(|| IniError::Syntax {
                line,
                text: raw.to_string(),
            })?;
            if let Some(d) = cur.take() {
                finish(d, &mut done)?;
            }
            let (name, parent) = match head.split_once(':') {
                Some((a, b)) => (a.trim(), Some(b.trim())),
                None => (head.trim(), None),
            };
            if name.is_empty() {
                return Err(IniError::Syntax {
                    line,
                    text: raw.to_string(),
                });
            }
            let mut base = match parent {
                None => Variant::chess(),
                Some(p) => match done.iter().find(|v| v.name == p) {
                    Some(v) => v.clone(),
                    None => Variant::builtin(p).map_err(|_| IniError::UnknownParent {
                        line,
                        parent: p.to_string(),
                    })?,
                },
            };
            base.name = name.to_string();
            cur = Some(Draft { v: base });
            continue;
        }
        let (key, value) = l.split_once('=').ok_or_else(|| IniError::Syntax {
            line,
            text: raw.to_string(),
        })?;
        let (key, value) = (key.trim(), value.trim());
        let d = cur.as_mut().ok_or_else(|| IniError::OutsideSection {
            line,
            option: key.to_string(),
        })?;
        apply(d, line, key, value)?;
    }
    if let Some(d) = cur.take() {
        finish(d, &mut done)?;
    }
    Ok(done)
}

fn apply(d: &mut Draft, line: usize, key: &str, value: &str) -> Result<(), IniError> {
    let bad = |reason: &str| IniError::Value {
        line,
        option: key.to_string(),
        value: value.to_string(),
        reason: reason.to_string(),
    };
    let boolean = || match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(bad("expected true or false")),
    };
    let number = || value.parse::<u8>().map_err(|_| bad("expected a number"));
    let file = || -> Result<u8, IniError> {
        match value.parse::<u8>() {
            Ok(n) if (1..=16).contains(&n) => Ok(n - 1),
            Ok(_) => Err(bad("file out of range")),
            Err(_) => match value.as_bytes() {
                [c @ b'a'..=b'p'] => Ok(c - b'a'),
                _ => Err(bad("expected a file letter or number")),
            },
        }
    };
    let letter_of = |c: char, d: &Draft| {
        d.letter_idx(c)
            .ok_or_else(|| bad("no piece has this letter"))
    };
    let piece_value = |v: &str| -> Result<Option<char>, IniError> {
        match v {
            "-" => Ok(None),
            _ => {
                let mut cs = v.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => Ok(Some(c.to_ascii_lowercase())),
                    _ => Err(bad("expected one letter or -")),
                }
            }
        }
    };
    if let Some(&(name, betza)) = NAMED.iter().find(|(n, _)| *n == key) {
        let def = PieceDef::parse(betza).map_err(|e| bad(&e.to_string()))?;
        let letter = piece_value(value)?;
        d.set_piece(name, letter.map(|l| (l, def)));
        match name {
            "king" if letter.is_some() => d.v.royal = d.idx("king"),
            "pawn" if letter.is_some() => d.v.pawn = d.idx("pawn"),
            _ => {}
        }
        return Ok(());
    }
    if key.starts_with("customPiece") && key["customPiece".len()..].parse::<u8>().is_ok() {
        if value == "-" {
            d.set_piece(key, None);
            return Ok(());
        }
        let (l, betza) = value
            .split_once(':')
            .ok_or_else(|| bad("expected letter:betza"))?;
        let letter = piece_value(l.trim())?.ok_or_else(|| bad("expected a letter"))?;
        let def = PieceDef::parse(betza.trim()).map_err(|e| bad(&e.to_string()))?;
        d.set_piece(key, Some((letter, def)));
        return Ok(());
    }
    match key {
        "maxRank" => d.v.height = number()?,
        "maxFile" => d.v.width = file()? + 1,
        "startFen" => d.v.start_fen = value.to_string(),
        "pieceToCharTable" => {}
        "chess960" => d.v.chess960 = boolean()?,
        "flyingGeneral" => d.v.flying_general = boolean()?,
        "castling" => {
            if boolean()? {
                if d.v.castling.is_none() {
                    let rook = d.idx("rook").ok_or_else(|| bad("no rook to castle with"))?;
                    d.v.castling = Some(Castling {
                        rook,
                        kingside_file: 6,
                        queenside_file: 2,
                        rank: 0,
                    });
                }
            } else {
                d.v.castling = None;
            }
        }
        "castlingKingsideFile" | "castlingQueensideFile" => {
            let f = file()?;
            let c =
                d.v.castling
                    .as_mut()
                    .ok_or_else(|| bad("castling is off"))?;
            if key == "castlingKingsideFile" {
                c.kingside_file = f;
            } else {
                c.queenside_file = f;
            }
        }
        "castlingRank" => {
            let r = number()?
                .checked_sub(1)
                .ok_or_else(|| bad("ranks start at 1"))?;
            d.v.castling
                .as_mut()
                .ok_or_else(|| bad("castling is off"))?
                .rank = r;
        }
        "castlingRookPiece" | "castlingRookPieces" => {
            let c = value
                .chars()
                .next()
                .ok_or_else(|| bad("expected a letter"))?;
            let i = letter_of(c, d)?;
            let cs =
                d.v.castling
                    .as_mut()
                    .ok_or_else(|| bad("castling is off"))?;
            cs.rook = i;
        }
        "doubleStep" => d.v.double_step = boolean()?,
        "doubleStepRank" | "doubleStepRankMin" => {
            let r = number()?
                .checked_sub(1)
                .ok_or_else(|| bad("ranks start at 1"))?;
            if key == "doubleStepRank" {
                d.v.double_step_ranks.1 = r;
                d.v.double_step_ranks.0 = d.v.double_step_ranks.0.min(r);
            } else {
                d.v.double_step_ranks.0 = r;
            }
        }
        "promotionPieceTypes" => {
            let mut pieces = Vec::new();
            for c in value.chars().filter(|c| !c.is_whitespace()) {
                pieces.push(letter_of(c, d)?);
            }
            promotion(d).pieces = pieces;
        }
        "promotionRank" => {
            let r = number()?
                .checked_sub(1)
                .ok_or_else(|| bad("ranks start at 1"))?;
            promotion(d).zone_start = r;
        }
        "mandatoryPawnPromotion" => promotion(d).mandatory = boolean()?,
        "promotionLimit" => {
            let mut limits = Vec::new();
            for item in value.split_whitespace() {
                let (l, n) = item
                    .split_once(':')
                    .ok_or_else(|| bad("expected letter:count pairs"))?;
                let c = l.chars().next().ok_or_else(|| bad("expected a letter"))?;
                let n: u8 = n.parse().map_err(|_| bad("expected a count"))?;
                limits.push((letter_of(c, d)?, n));
            }
            promotion(d).limits = limits;
        }
        "checkmateValue" | "stalemateValue" => {
            let o = match value {
                "win" => RelativeOutcome::Win,
                "loss" => RelativeOutcome::Loss,
                "draw" => RelativeOutcome::Draw,
                _ => return Err(bad("expected win, loss or draw")),
            };
            if key == "checkmateValue" {
                d.v.checkmate = o;
            } else {
                d.v.stalemate = o;
            }
        }
        _ => {
            return Err(IniError::Unsupported {
                line,
                option: key.to_string(),
            })
        }
    }
    Ok(())
}

fn promotion(d: &mut Draft) -> &mut Promotion {
    d.v.promotion.get_or_insert_with(|| Promotion {
        zone_start: 7,
        pieces: Vec::new(),
        mandatory: true,
        limits: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perft;

    #[test]
    fn inheritance_and_custom_pieces() {
        let text = "# test\n[base:chess]\ncustomPiece1 = s:NN\nknight = -\nstartFen = rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR w KQkq - 0 1\n\n[child:base]\ncastling = false\nstartFen = rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR w - - 0 1\n";
        let set = VariantSet::from_ini(text).unwrap();
        assert_eq!(set.len(), 2);
        let child = set.get("child").unwrap();
        assert!(child.castling.is_none());
        assert!(child.piece_by_letter('n').is_none());
        // 16 pawn moves and, per nightrider, two leaps, one ride and one capture on e7 or d7.
        assert_eq!(perft(&Position::start(&child), 1), 24);
        // Promotion lost its knight when the knight was removed.
        assert_eq!(child.promotion.unwrap().pieces.len(), 3);
    }

    #[test]
    fn errors_name_line_and_option() {
        assert_eq!(
            load_variants_ini("[x:chess]\n\nflagPiece = k\n").unwrap_err(),
            IniError::Unsupported {
                line: 3,
                option: "flagPiece".into()
            }
        );
        assert!(matches!(
            load_variants_ini("[x:nope]\n"),
            Err(IniError::UnknownParent { line: 1, .. })
        ));
        assert!(matches!(
            load_variants_ini("castling = true\n"),
            Err(IniError::OutsideSection { line: 1, .. })
        ));
        assert!(matches!(
            load_variants_ini("[x]\ncastling = maybe\n"),
            Err(IniError::Value { line: 2, .. })
        ));
        assert!(matches!(
            load_variants_ini("[x]\nmaxFile = 10\n"),
            Err(IniError::StartFen { .. })
        ));
        assert!(matches!(
            load_variants_ini("[x]\ncustomPiece1 = s:Y\n"),
            Err(IniError::Value { .. })
        ));
    }
}
