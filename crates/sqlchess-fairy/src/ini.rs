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
//! promotedPieceType = p:c n:g  # shogi-style promotions of ordinary pieces
//! mandatoryPiecePromotion = true
//! nMoveRule = 50               # the game-end rules of Position::optional_game_end
//! nFoldRule = 3
//! nFoldValue = draw
//! perpetualCheckIllegal = true
//! moveRepetitionIllegal = true # janggi: moving one piece back and forth loses
//! countingRule = makruk        # or cambodian, asean: moves left to mate a lone king
//! connectN = 4                 # and connectNxN, connectHorizontal/Vertical/
//!                              # Diagonal, connectPieceTypes, connectValue
//! mustDrop = true              # with immobile = p, enclosingDrop = top
//! flagPieceCount = 3           # with flagPiece and flagRegionWhite/Black
//! mobilityRegionWhiteKing = *1 *2 *3
//! soldierPromotionRank = 6
//! promotionPieceTypesWhite = crn
//! extinctionOpponentPieceCount = 2
//! extinctionClaim = true
//! dropChecks = false
//! dropLoop = true
//! dropNoDoubledCount = 2
//! makpongRule = true
//! shatarMateRule = true        # Shatar's mate: knights alone lose, a shak wins, else a draw
//! cambodianMoves = true        # with gating = true: the king's leap and the met's double step
//! petrifyOnCaptureTypes = nbrqk  # a capturing piece of these turns into a wall
//! dropOppositeColoredBishop = true
//! castlingDroppedPiece = true
//! enclosingDrop = anyside     # reversi, ataxx, snort, anyside, top or none
//! flipEnclosedPieces = quadwrangle  # reversi, ataxx, quadwrangle or none
//! promotionPawnTypes = ps      # with nMoveRuleTypes = ps: a second pawn
//!                              # (Wolf chess's sergeant), no en passant
//! promotionPawnTypesBlack = s  # one side's pawn another piece (also
//!                              # nMoveRuleTypesWhite/Black); `-`: no pawn promotes
//! stalematePieceCount = true
//! sittuyinPromotion = true     # a pawn turns into a fers in place or one step away
//! sittuyinRookDrop = true      # rooks dropped on the first rank only
//! pieceValueMg = r:1276 c:1500 # piece values in Fairy-Stockfish's units (a pawn
//! pieceValueEg = r:1380        # 126 and 208), for the engine's evaluation
//! pieceToCharTable = ...       # accepted, as pocketSize and variantTemplate:
//!                              # they only choose how XBoard draws the game
//! ```
//!
//! A section without a parent starts from `chess`. Every other option is an
//! [`IniError::Unsupported`] naming it: never silently ignored.

use sqlchess_types::quoted;

use crate::bitboard::Bb256;
use crate::piece::PieceDef;
use crate::position::{FenError, Position};
use crate::variant::MAX_PROMOTION_BASES;
use crate::variant::{
    Castling, Connect, EnclosingRule, Extinction, Flag, MobilityRegion, PieceType, Promotion,
    RelativeOutcome, Variant, VariantError, ZoneMoves,
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
    #[error("variants.ini line {line}: unknown parent variant {:?}", quoted(.parent))]
    UnknownParent {
        /// Line number.
        line: usize,
        /// The parent named.
        parent: String,
    },
    /// An option this loader does not implement.
    #[error("variants.ini line {line}: option {:?} is not supported", quoted(.option))]
    Unsupported {
        /// Line number.
        line: usize,
        /// The option.
        option: String,
    },
    /// A supported option with a bad value.
    #[error(
        "variants.ini line {line}: option {:?} has invalid value {:?} ({reason})",
        quoted(.option),
        quoted(.value)
    )]
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
    /// `[name:parent]` whose parent section was itself refused.
    #[error("variants.ini line {line}: parent variant {:?} was refused", quoted(.parent))]
    ParentRefused {
        /// Line number.
        line: usize,
        /// The parent named.
        parent: String,
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

impl IniError {
    /// The 1-based line the problem is on (0 for problems of a finished
    /// variant, which belong to its whole section).
    pub fn line(&self) -> usize {
        match self {
            IniError::Syntax { line, .. }
            | IniError::OutsideSection { line, .. }
            | IniError::UnknownParent { line, .. }
            | IniError::ParentRefused { line, .. }
            | IniError::Unsupported { line, .. }
            | IniError::Value { line, .. } => *line,
            IniError::Variant { .. } | IniError::StartFen { .. } => 0,
        }
    }

    /// The option the problem is about, if it is one option's.
    pub fn option(&self) -> Option<&str> {
        match self {
            IniError::OutsideSection { option, .. }
            | IniError::Unsupported { option, .. }
            | IniError::Value { option, .. } => Some(option),
            _ => None,
        }
    }
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
    ("shogiKnight", "ffN"),
    ("soldier", "fsW"),
    ("janggiElephant", "nZ"),
    // Hops over one piece to move or capture, but neither over nor onto
    // another janggi cannon (the rule goes with the name).
    ("janggiCannon", "pR"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
];

/// A variant under construction, pieces keyed by name so that removals do
/// not disturb indices.
struct Draft {
    v: Variant,
    /// Started from the piece-less template (no parent): castling and the
    /// promotion pieces take Fairy-Stockfish's defaults at the end unless
    /// set.
    template: bool,
    castling_set: bool,
    /// Castling lost with its rook piece (a custom piece took its letter),
    /// which `castling = true` brings back for `castlingRookPieces` to
    /// name its rook.
    orphan_castling: Option<Castling>,
    promotion_set: bool,
    /// This section made the variant's shogi-style promotions marked
    /// (`promotedPieceType`), and none of them came from a built-in parent
    /// with a zone of its own: without pawn promotions to take the zone
    /// from, its pieces promote nowhere. A parent's marked variant, or a
    /// built-in's unmarked promotions (gorogoro's for gorogoroplus), keep
    /// their zone.
    zone_from_pawns_only: bool,
    /// `doubleStepRank` or `doubleStepRankMin` given in this section.
    double_step_set: bool,
    /// `promotionPawnTypes = -`: no piece promotes the chess way.
    no_promotion_pawn: bool,
    /// The second piece `promotionPawnTypes` and `nMoveRuleTypes` name
    /// beside the pawn (line, piece): the two must agree
    /// ([`Variant::second_pawn`]).
    second_promotes: Option<(usize, usize)>,
    second_clock: Option<(usize, usize)>,
    /// The extinction and flag options as read, combined with the
    /// parent's rules at the end (`extinction_pieces`: `Some(None)` for `*`).
    extinction_value: Option<RelativeOutcome>,
    extinction_pieces: Option<Option<Vec<usize>>>,
    flag_piece: Option<Option<usize>>,
    flag_region: Option<[Bb256; 2]>,
    flag_move: Option<bool>,
    flag_safe: Option<bool>,
    flag_blocked_win: bool,
    /// The line of `extinctionPseudoRoyal = true`, if given.
    pseudo_royal: Option<usize>,
    /// Pawn drops on the first rank, and in the promotion zone.
    first_rank_pawn_drops: Option<bool>,
    promotion_zone_pawn_drops: Option<bool>,
    /// `promotionRegionWhite` and `promotionRegionBlack`, with their lines.
    promotion_region: [Option<(usize, Bb256)>; 2],
    /// Whether the parent promoted on its last rank only.
    parent_zone_last: bool,
    /// `extinctionPieceCount`.
    extinction_count: u32,
    /// `flagPieceCount`.
    flag_count: u32,
    /// `extinctionOpponentPieceCount`.
    extinction_opponent_count: u32,
    /// `extinctionClaim`.
    extinction_claim: bool,
    /// `pieceValueMg` and `pieceValueEg`: (piece, value) in Fairy-Stockfish's
    /// units, made centipawns at the end.
    value_mg: Vec<(usize, i32)>,
    value_eg: Vec<(usize, i32)>,
}

impl From<Variant> for Draft {
    fn from(v: Variant) -> Draft {
        let parent_zone_last = v
            .promotion
            .as_ref()
            .is_none_or(|p| p.zone_start + 1 >= v.height);
        Draft {
            extinction_count: v.extinction.as_ref().map_or(0, |e| e.count),
            extinction_opponent_count: v.extinction.as_ref().map_or(0, |e| e.opponent_count),
            flag_count: v.flag.as_ref().map_or(1, |f| f.count),
            extinction_claim: v.extinction.as_ref().is_some_and(|e| e.claim),
            value_mg: Vec::new(),
            value_eg: Vec::new(),
            parent_zone_last,
            extinction_value: v.extinction.as_ref().map(|e| e.value),
            extinction_pieces: v.extinction.as_ref().map(|e| e.pieces.clone()),
            flag_piece: v.flag.as_ref().map(|f| f.piece),
            flag_region: v.flag.as_ref().map(|f| f.region),
            flag_move: v.flag.as_ref().map(|f| f.flag_move),
            flag_safe: v.flag.as_ref().map(|f| f.safe),
            flag_blocked_win: v.flag.as_ref().is_some_and(|f| f.blocked_win),
            v,
            template: false,
            castling_set: false,
            orphan_castling: None,
            promotion_set: false,
            zone_from_pawns_only: false,
            double_step_set: false,
            no_promotion_pawn: false,
            second_promotes: None,
            second_clock: None,
            pseudo_royal: None,
            first_rank_pawn_drops: None,
            promotion_zone_pawn_drops: None,
            promotion_region: [None; 2],
        }
    }
}

impl Draft {
    /// Fairy-Stockfish's template for a section without a parent: the rules
    /// of chess, no pieces.
    fn template() -> Draft {
        let mut v = Variant::chess();
        v.pieces.clear();
        v.royal = None;
        v.pawn = None;
        v.castling = None;
        if let Some(p) = v.promotion.as_mut() {
            p.pieces.clear();
        }
        Draft {
            template: true,
            ..Draft::from(v)
        }
    }

    /// The variant, with the template's defaults filled in: castling with
    /// the `r` piece when a king and that piece exist, promotion to whichever
    /// of `n b r q` exist.
    /// The promotion zone from `promotionRegionWhite/Black`: whole ranks
    /// from some rank to the last, the same for both colours.
    fn promotion_zone(&mut self) -> Result<(), IniError> {
        let (w, h) = (usize::from(self.v.width), usize::from(self.v.height));
        // A colour not given keeps Fairy-Stockfish's default, its last rank,
        // unless the parent had a deeper zone.
        let current = match self.v.promotion.as_ref() {
            Some(p) if !self.parent_zone_last => usize::from(p.zone_start),
            _ => h - 1,
        };
        let mut starts = [current, current];
        let mut irregular = None;
        for (c, start) in starts.iter_mut().enumerate() {
            let Some((line, b)) = self.promotion_region[c] else {
                continue;
            };
            let bad = || IniError::Value {
                line,
                option: if c == 0 {
                    "promotionRegionWhite"
                } else {
                    "promotionRegionBlack"
                }
                .into(),
                value: "…".into(),
                reason: "only whole ranks up to the last are supported".into(),
            };
            // Ranks relative to the colour, each wholly in or out; else the
            // squares themselves (Troitzky chess's last square of each file).
            let mut ranks = Vec::new();
            let mut touched = Vec::new();
            let mut whole = true;
            for rel in 0..h {
                let rank = if c == 0 { rel } else { h - 1 - rel };
                let n = (0..w).filter(|&f| b.has(rank * 16 + f)).count();
                if n > 0 {
                    touched.push(rel);
                }
                match n {
                    0 => {}
                    n if n == w => ranks.push(rel),
                    _ => whole = false,
                }
            }
            let first = ranks.first().copied().unwrap_or(h);
            if !whole
                || ranks.iter().enumerate().any(|(i, &r)| r != first + i)
                || ranks.last() != Some(&(h - 1)) && !ranks.is_empty()
            {
                irregular = Some(bad());
                *start = touched.first().copied().unwrap_or(h);
            } else {
                *start = first;
            }
        }
        let line = self
            .promotion_region
            .iter()
            .flatten()
            .map(|x| x.0)
            .max()
            .unwrap_or(0);
        if starts[0] != starts[1] && (starts[0] >= h || starts[1] >= h) {
            return Err(IniError::Value {
                line,
                option: "promotionRegionBlack".into(),
                value: "…".into(),
                reason: "a promotion zone for one colour only is not supported".into(),
            });
        }
        // Pawn drop ranks are one range for both colours: refused when a
        // pawn could come to a hand (captured, or in the start position's).
        let pawn_letter = self.v.pawn.map(|p| self.v.pieces[p].letter);
        let pocket = self
            .v
            .start_fen
            .split_once('[')
            .map_or("", |(_, rest)| rest.split(']').next().unwrap_or(""));
        let pawn_in_hand = pawn_letter.is_some_and(|l| {
            self.v.captures_to_hand || pocket.chars().any(|c| c.to_ascii_lowercase() == l)
        });
        if starts[0] != starts[1]
            && self.v.drops
            && pawn_in_hand
            && !self.promotion_zone_pawn_drops.unwrap_or(false)
        {
            return Err(IniError::Value {
                line,
                option: "promotionRegionBlack".into(),
                value: "…".into(),
                reason: "pawn drops with promotion zones of different depths are not supported"
                    .into(),
            });
        }
        if let Some(e) = irregular {
            // Squares, not ranks: both colours' regions as they are (the
            // default zone for one not given); no pawn may come to a hand,
            // whose drop ranks could not follow them.
            if self.v.drops && pawn_in_hand {
                return Err(e);
            }
            let mut region = [Bb256::EMPTY; 2];
            for (c, r) in region.iter_mut().enumerate() {
                *r = match self.promotion_region[c] {
                    Some((_, b)) => b,
                    None => {
                        let mut b = Bb256::EMPTY;
                        for rel in current..h {
                            let rank = if c == 0 { rel } else { h - 1 - rel };
                            (0..w).for_each(|f| b.set(rank * 16 + f));
                        }
                        b
                    }
                };
            }
            let p = promotion(self);
            p.zone_start = starts[0].min(h - 1) as u8;
            p.zone_start_black = None;
            p.region = Some(region);
            return Ok(());
        }
        if self.promotion_region.iter().any(Option::is_some) {
            if starts[0] >= h {
                self.v.promotion = None;
            } else {
                let p = promotion(self);
                p.zone_start = starts[0] as u8;
                p.zone_start_black = (starts[1] != starts[0]).then_some(starts[1] as u8);
            }
        }
        Ok(())
    }

    /// Where pawns may be dropped, as Fairy-Stockfish: not on the first
    /// rank nor in the promotion zone unless allowed.
    fn pawn_drops(&mut self) {
        if !self.v.drops {
            return;
        }
        let h = self.v.height;
        let zone = self.v.promotion.as_ref().map_or(h, |p| p.zone_start);
        let lo = if self.first_rank_pawn_drops.unwrap_or(false) {
            0
        } else {
            1
        };
        let hi = if self.promotion_zone_pawn_drops.unwrap_or(false) {
            h.saturating_sub(1)
        } else {
            zone.saturating_sub(1)
        };
        self.v.pawn_drop_ranks = (lo, hi);
    }

    fn finish(mut self) -> Variant {
        // Defaults a smaller board leaves behind: Fairy-Stockfish's default
        // castling files and promotion rank off the board mean no castling
        // and no promotion there; explicit values stay and are checked.
        let (w, h) = (self.v.width, self.v.height);
        if !self.castling_set
            && self
                .v
                .castling
                .as_ref()
                .is_some_and(|c| c.kingside_file >= w || c.queenside_file >= w || c.rank >= h)
        {
            self.v.castling = None;
        }
        if !self.promotion_set
            && self.promotion_region.iter().all(Option::is_none)
            && self.v.promotion.as_ref().is_some_and(|p| p.zone_start >= h)
        {
            self.v.promotion = None;
        }
        if self.no_promotion_pawn {
            self.v.promotion = None;
        }
        // The inherited double-step rank off a lower board (a board of one
        // rank): no double step, as in Fairy-Stockfish.
        if !self.double_step_set && self.v.double_step_ranks.1 >= h {
            self.v.double_step = false;
            self.v.double_step_ranks = (0, 0);
        }
        // Piece values: Fairy-Stockfish counts a pawn 126 in the middle
        // game and 208 in the end game; where both phases are given, the
        // mean of the two in centipawns.
        for (i, p) in self.v.pieces.iter_mut().enumerate() {
            let find = |list: &[(usize, i32)]| list.iter().rev().find(|e| e.0 == i).map(|e| e.1);
            let mg = find(&self.value_mg).map(|x| x * 100 / FSF_PAWN_MG);
            let eg = find(&self.value_eg).map(|x| x * 100 / FSF_PAWN_EG);
            match (mg, eg) {
                (Some(a), Some(b)) => p.value = Some((a + b) / 2),
                (Some(a), None) | (None, Some(a)) => p.value = Some(a),
                (None, None) => {}
            }
        }
        // Extinction needs a value and pieces; a flag, a region.
        self.v.extinction = match (self.extinction_value, self.extinction_pieces.clone()) {
            (Some(value), Some(pieces)) => Some(Extinction {
                value,
                pieces,
                count: self.extinction_count,
                opponent_count: self.extinction_opponent_count,
                claim: self.extinction_claim,
            }),
            _ => None,
        };
        self.v.flag = self.flag_region.map(|region| Flag {
            piece: self.flag_piece.unwrap_or(None),
            region,
            flag_move: self.flag_move.unwrap_or(false),
            count: self.flag_count,
            safe: self.flag_safe.unwrap_or(false),
            blocked_win: self.flag_blocked_win,
        });
        if self.template {
            // Fairy-Stockfish's default files g and c must lie on the board.
            if !self.castling_set
                && self.v.castling.is_none()
                && self.v.royal.is_some()
                && self.v.width > 6
            {
                if let Some(rook) = self.letter_idx('r') {
                    self.v.castling = Some(Castling {
                        rook,
                        other_rooks: Vec::new(),
                        kingside_file: 6,
                        queenside_file: 2,
                        rank: 0,
                        king: None,
                    });
                }
            }
            if !self.promotion_set {
                // Fairy-Stockfish's header says nbrq, but pyffish 0.0.90
                // gives a section without a parent no promotion pieces: its
                // pawns never reach the last rank (maharajah, checked with
                // plain chess pieces too).
                if let Some(p) = self.v.promotion.as_mut() {
                    p.pieces = Vec::new();
                }
            }
        }
        if self
            .v
            .connect
            .as_ref()
            .is_some_and(|c| c.n == 0 && c.nxn == 0 && c.collinear == 0 && c.regions.is_none())
        {
            self.v.connect = None;
        }
        if self.v.promotion_marked {
            // Pieces promote where pawns do; without pawn promotions, in
            // the zone they had (a parent's, or a built-in's own), or
            // nowhere.
            match &self.v.promotion {
                Some(p) => {
                    self.v.piece_promotion_zone = p.zone_start;
                    self.v.piece_promotion_zone_black = p.zone_start_black;
                }
                None if !self.zone_from_pawns_only => {}
                None => {
                    self.v.piece_promotion_zone = self.v.height;
                    self.v.piece_promotion_zone_black = None;
                }
            }
        }
        self.v
    }

    fn idx(&self, name: &str) -> Option<usize> {
        self.v.pieces.iter().position(|p| p.name == name)
    }

    fn letter_idx(&self, c: char) -> Option<usize> {
        self.v.piece_by_letter(c)
    }

    /// Sets or replaces piece `name`; `None` removes it, fixing indices.
    fn set_piece(&mut self, name: &str, piece: Option<(char, PieceDef)>) {
        // As in Fairy-Stockfish, a piece takes its letter from any other
        // piece that had it, which is removed.
        if let Some((letter, _)) = &piece {
            let other = self
                .v
                .pieces
                .iter()
                .find(|p| p.letter == *letter && p.name != name)
                .map(|p| p.name.clone());
            if let Some(other) = other {
                // A built-in's promoted piece that exists only promoted
                // (shogi's promoted lance) is Fairy-Stockfish's gold, not a
                // piece with a letter of its own: it keeps its place under a
                // free letter instead (Cannon shogi's cannon takes `u`).
                let i = self.idx(&other);
                let only_promoted = i.is_some_and(|i| {
                    !self.v.promotion_marked && self.v.piece_promotions.iter().any(|&(_, q)| q == i)
                });
                let free = ('a'..='z')
                    .find(|&c| c != *letter && self.v.pieces.iter().all(|p| p.letter != c));
                match (i, free) {
                    (Some(i), Some(free)) if only_promoted => self.v.pieces[i].letter = free,
                    _ => self.set_piece(&other, None),
                }
            }
        }
        match (self.idx(name), piece) {
            (Some(i), Some((letter, def))) => {
                // A piece that moves anew is worth what its moves say.
                if self.v.pieces[i].def != def {
                    self.v.pieces[i].value = None;
                }
                self.v.pieces[i].letter = letter;
                self.v.pieces[i].def = def;
            }
            (None, Some((letter, def))) => self.v.pieces.push(PieceType {
                name: name.to_string(),
                letter,
                def,
                value: None,
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
                self.v.pawn_black = self.v.pawn_black.and_then(fix);
                self.v.must_drop_type = self.v.must_drop_type.and_then(fix);
                if let Some(c) = &self.v.castling {
                    if c.rook == i && c.king.is_none() {
                        self.orphan_castling = Some(c.clone());
                    }
                    // Castling goes with its rook or its (non-royal) king;
                    // a further castling type removed just stops castling.
                    let other_rooks = c.other_rooks.iter().filter_map(|&t| fix(t)).collect();
                    self.v.castling = match (fix(c.rook), c.king.map(fix)) {
                        (Some(rook), None) => Some(Castling {
                            rook,
                            other_rooks,
                            ..c.clone()
                        }),
                        (Some(rook), Some(Some(k))) => Some(Castling {
                            rook,
                            other_rooks,
                            king: Some(k),
                            ..c.clone()
                        }),
                        _ => None,
                    };
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
                self.v.square_regions = self
                    .v
                    .square_regions
                    .iter()
                    .filter_map(|&(p, b)| fix(p).map(|q| (q, b)))
                    .collect();
                if let Some(Some(list)) = self.v.connect.as_mut().map(|c| c.pieces.as_mut()) {
                    *list = list.iter().filter_map(|&x| fix(x)).collect();
                }
                self.v.blast_immune = self.v.blast_immune.iter().filter_map(|&x| fix(x)).collect();
                if let Some(Some(list)) = self.extinction_pieces.as_mut() {
                    *list = list.iter().filter_map(|&x| fix(x)).collect();
                }
                if let Some(Some(p)) = self.flag_piece {
                    // The flag piece gone: no flag rule left to win by.
                    match fix(p) {
                        Some(q) => self.flag_piece = Some(Some(q)),
                        None => self.flag_region = None,
                    }
                }
                if let Some(p) = self.v.promotion.as_mut() {
                    p.pieces = p.pieces.iter().filter_map(|&x| fix(x)).collect();
                    if let Some(black) = p.pieces_black.as_mut() {
                        *black = black.iter().filter_map(|&x| fix(x)).collect();
                    }
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

/// One `[section]` of a variants.ini that did not load, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedSection {
    /// The section's name (empty for options before the first section).
    pub section: String,
    /// The 1-based line of its `[header]`.
    pub line: usize,
    /// Every problem found in it, in line order; the first is the reason
    /// it was refused.
    pub errors: Vec<IniError>,
}

impl RefusedSection {
    /// The reason the section was refused (its first problem).
    pub fn reason(&self) -> &IniError {
        // A refused section always has at least one error.
        &self.errors[0]
    }
}

impl core::fmt::Display for RefusedSection {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "[{}] (line {}): {}",
            quoted(&self.section),
            self.line,
            self.reason()
        )
    }
}

/// What a variants.ini gave: the sections that loaded, as variants in file
/// order, and those that did not, each with its reasons. Every section is
/// read on its own: a bad one never hides the good ones (a section whose
/// parent was refused is refused too).
#[derive(Debug, Clone, Default)]
pub struct IniLoad {
    /// The variants that loaded.
    pub variants: Vec<Variant>,
    /// The sections that did not.
    pub refused: Vec<RefusedSection>,
}

/// A section as read: its header and its `key = value` lines.
struct Section {
    name: String,
    parent: Option<String>,
    line: usize,
    entries: Vec<(usize, String, String)>,
    errors: Vec<IniError>,
}

fn sections(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let l = raw.split(['#', ';']).next().unwrap_or("").trim();
        if l.is_empty() {
            continue;
        }
        if let Some(head) = l.strip_prefix('[') {
            let syntax = IniError::Syntax {
                line,
                text: raw.to_string(),
            };
            let head = head.strip_suffix(']').unwrap_or("");
            let (name, parent) = match head.split_once(':') {
                Some((a, b)) => (a.trim(), Some(b.trim().to_string())),
                None => (head.trim(), None),
            };
            let mut errors = Vec::new();
            if name.is_empty() {
                errors.push(syntax);
            }
            out.push(Section {
                name: name.to_string(),
                parent,
                line,
                entries: Vec::new(),
                errors,
            });
            continue;
        }
        if out.is_empty() {
            out.push(Section {
                name: String::new(),
                parent: None,
                line,
                entries: Vec::new(),
                errors: Vec::new(),
            });
        }
        let Some(cur) = out.last_mut() else { continue };
        match l.split_once('=') {
            Some((key, _)) if cur.name.is_empty() => {
                cur.errors.push(IniError::OutsideSection {
                    line,
                    option: key.trim().to_string(),
                });
            }
            Some((key, value)) => {
                cur.entries
                    .push((line, key.trim().to_string(), value.trim().to_string()));
            }
            None => cur.errors.push(IniError::Syntax {
                line,
                text: raw.to_string(),
            }),
        }
    }
    out
}

/// A pawn in Fairy-Stockfish's middle-game and end-game units, in which
/// variants.ini gives `pieceValueMg` and `pieceValueEg`.
const FSF_PAWN_MG: i32 = 126;
/// See [`FSF_PAWN_MG`].
const FSF_PAWN_EG: i32 = 208;
/// The largest piece value read (a bound that keeps the evaluation's sums
/// far from overflowing).
const MAX_FSF_PIECE_VALUE: i32 = 100_000;

/// Options that define pieces: applied before every other option of a
/// section, as Fairy-Stockfish does, so that rules may name pieces defined
/// further down.
fn defines_piece(key: &str) -> bool {
    NAMED.iter().any(|(n, _)| *n == key)
        || (key.starts_with("customPiece") && key["customPiece".len()..].parse::<u8>().is_ok())
}

/// Reads every section of a variants.ini on its own: the variants that
/// load, and each refused section with its reasons (section, line, option).
/// Parents are earlier sections or built-ins; a section without a parent
/// starts from chess without pieces, as in Fairy-Stockfish.
///
/// ```
/// let load = sqlchess_fairy::read_variants_ini(
///     "[good:chess]\ncastling = false\n[bad:chess]\nnoSuchOption = 1\n[child:bad]\n",
/// );
/// assert_eq!(load.variants.len(), 1);
/// assert_eq!(load.refused.len(), 2);
/// assert_eq!(load.refused[0].section, "bad");
/// ```
pub fn read_variants_ini(text: &str) -> IniLoad {
    let mut load = IniLoad::default();
    for sec in sections(text) {
        match build(&sec, &load) {
            Ok(v) => {
                load.variants.retain(|d| d.name != v.name);
                load.refused.retain(|r| r.section != v.name);
                load.variants.push(v);
            }
            Err(errors) => {
                load.variants.retain(|d| d.name != sec.name);
                load.refused.push(RefusedSection {
                    section: sec.name.clone(),
                    line: sec.line,
                    errors,
                });
            }
        }
    }
    load
}

fn build(sec: &Section, load: &IniLoad) -> Result<Variant, Vec<IniError>> {
    let mut errors = sec.errors.clone();
    if sec.name.is_empty() {
        return Err(errors);
    }
    let base = match sec.parent.as_deref() {
        None => Some(Draft::template()),
        Some(p) => match load.variants.iter().rev().find(|v| v.name == p) {
            Some(v) => Some(Draft::from(v.clone())),
            None => match Variant::builtin(p) {
                Ok(v) => Some(Draft::from(v)),
                Err(_) if load.refused.iter().any(|r| r.section == p) => {
                    errors.insert(
                        0,
                        IniError::ParentRefused {
                            line: sec.line,
                            parent: p.to_string(),
                        },
                    );
                    None
                }
                Err(_) => {
                    errors.insert(
                        0,
                        IniError::UnknownParent {
                            line: sec.line,
                            parent: p.to_string(),
                        },
                    );
                    None
                }
            },
        },
    };
    let mut d = base.unwrap_or_else(Draft::template);
    d.v.name = sec.name.clone();
    let (pieces, rules): (Vec<_>, Vec<_>) =
        sec.entries.iter().partition(|(_, k, _)| defines_piece(k));
    for (line, key, value) in pieces.into_iter().chain(rules) {
        if let Err(e) = apply(&mut d, *line, key, value) {
            errors.push(e);
        }
    }
    if !errors.is_empty() {
        errors.sort_by_key(IniError::line);
        return Err(errors);
    }
    match (d.second_promotes, d.second_clock) {
        (None, None) => {}
        (Some((_, a)), Some((_, b))) if a == b => d.v.second_pawn = Some(a),
        (Some((line, _)), _) | (None, Some((line, _))) => {
            return Err(vec![IniError::Value {
                line,
                option: "promotionPawnTypes, nMoveRuleTypes".into(),
                value: "two pieces".into(),
                reason: "a second piece beside the pawn must be named by both".into(),
            }]);
        }
    }
    let pseudo_royal = d.pseudo_royal;
    if let Err(e) = d.promotion_zone() {
        return Err(vec![e]);
    }
    d.pawn_drops();
    let v = d.finish();
    let mut v = v;
    if let Some(line) = pseudo_royal {
        let pieces = v.extinction.as_ref().and_then(|e| e.pieces.clone());
        let royal_only = v.royal.is_some() && pieces == v.royal.map(|k| vec![k]);
        // The royal piece already is what a pseudo-royal one would be.
        if !royal_only {
            if pieces.is_none() {
                return Err(vec![IniError::Value {
                    line,
                    option: "extinctionPseudoRoyal".into(),
                    value: "true".into(),
                    reason: "needs extinctionPieceTypes other than *".into(),
                }]);
            }
            v.pseudo_royal = true;
        }
    }
    let name = v.name.clone();
    v.validate().map_err(|error| {
        vec![IniError::Variant {
            name: name.clone(),
            error,
        }]
    })?;
    Position::from_fen(&v, &v.start_fen)
        .map_err(|error| vec![IniError::StartFen { name, error }])?;
    Ok(v)
}

/// Parses a variants.ini into variants (sections in file order), refusing
/// the whole text at its first problem; [`read_variants_ini`] keeps the
/// sections that load.
///
/// ```
/// let vs = sqlchess_fairy::load_variants_ini(
///     "[nightriders:chess]\ncustomPiece1 = s:NN\nknight = -\nstartFen = rsbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKBSR w KQkq - 0 1\n",
/// ).unwrap();
/// assert_eq!(vs[0].name, "nightriders");
/// assert!(sqlchess_fairy::load_variants_ini("[x:chess]\nnoSuchOption = k\n").is_err());
/// ```
///
/// # Errors
/// [`IniError`] naming the line and option of the first refused section.
pub fn load_variants_ini(text: &str) -> Result<Vec<Variant>, IniError> {
    let load = read_variants_ini(text);
    match load.refused.into_iter().next() {
        Some(r) => Err(r.errors.into_iter().next().unwrap_or(IniError::Syntax {
            line: r.line,
            text: r.section,
        })),
        None => Ok(load.variants),
    }
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
    // A piece by its letter, or none for `none` (`-` or `*`, by option).
    let letter_or = |none: &str, d: &Draft| -> Result<Option<usize>, IniError> {
        if value == none {
            return Ok(None);
        }
        let c = value
            .chars()
            .next()
            .ok_or_else(|| bad("expected a letter"))?;
        letter_of(c, d).map(Some)
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
        // The immobile piece (a stone) has no moves at all.
        let def = if betza.is_empty() {
            PieceDef::from_components("", Vec::new())
        } else {
            PieceDef::parse(betza).map_err(|e| bad(&e.to_string()))?
        };
        // `king = k:KN`: a named piece with its own movement.
        let (letter, def) = match value.split_once(':') {
            Some((l, b)) => (
                piece_value(l.trim())?,
                fsf_betza(b.trim()).map_err(|e| bad(&e.to_string()))?,
            ),
            None => (piece_value(value)?, def),
        };
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
        let def = fsf_betza(betza.trim()).map_err(|e| bad(&e.to_string()))?;
        d.set_piece(key, Some((letter, def)));
        return Ok(());
    }
    match key {
        "maxRank" => {
            d.v.height = number()
                .ok()
                .filter(|n| (1..=16).contains(n))
                .ok_or_else(|| bad("ranks out of range: 1 to 16"))?;
        }
        "maxFile" => d.v.width = file()? + 1,
        "startFen" => {
            d.v.start_fen = value.to_string();
            let placement = value.split_whitespace().next().unwrap_or("");
            d.v.walls |= placement.split('[').next().unwrap_or("").contains('*');
        }
        // Options that only choose how XBoard and WinBoard draw the game.
        "pieceToCharTable" | "pocketSize" | "variantTemplate" => {}
        "chess960" => d.v.chess960 = boolean()?,
        "flyingGeneral" => d.v.flying_general = boolean()?,
        "castling" => {
            d.castling_set = true;
            if boolean()? {
                if d.v.castling.is_none() && d.idx("rook").is_none() {
                    // The parent's castling, its rook piece to be named by
                    // `castlingRookPieces`.
                    d.v.castling = d.orphan_castling.take();
                }
                if d.v.castling.is_none() {
                    let rook = d.idx("rook").ok_or_else(|| bad("no rook to castle with"))?;
                    d.v.castling = Some(Castling {
                        rook,
                        other_rooks: Vec::new(),
                        kingside_file: 6,
                        queenside_file: 2,
                        rank: 0,
                        king: None,
                    });
                }
            } else {
                d.v.castling = None;
            }
        }
        "castlingKingsideFile" | "castlingQueensideFile" => {
            d.castling_set = true;
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
        "castlingKingPiece" => {
            let c = value
                .chars()
                .next()
                .ok_or_else(|| bad("expected a letter"))?;
            let i = letter_of(c, d)?;
            let royal = d.v.royal;
            let cs =
                d.v.castling
                    .as_mut()
                    .ok_or_else(|| bad("castling is off"))?;
            cs.king = (Some(i) != royal).then_some(i);
        }
        "castlingRookPiece" | "castlingRookPieces" => {
            // The first letter is the rook; further ones castle as it does.
            let mut types = Vec::new();
            for c in value.chars().filter(|c| !c.is_whitespace()) {
                let i = letter_of(c, d)?;
                if !types.contains(&i) {
                    types.push(i);
                }
            }
            let (&rook, others) = types
                .split_first()
                .ok_or_else(|| bad("expected a letter"))?;
            // A custom piece that took the rook's letter left castling
            // waiting for its rook: this names it.
            if d.v.castling.is_none() && !d.castling_set {
                d.v.castling = d.orphan_castling.take();
            }
            let cs =
                d.v.castling
                    .as_mut()
                    .ok_or_else(|| bad("castling is off"))?;
            cs.rook = rook;
            cs.other_rooks = others.to_vec();
        }
        "doubleStep" => d.v.double_step = boolean()?,
        "doubleStepRank" | "doubleStepRankMin" => {
            d.double_step_set = true;
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
        "promotionPieceTypes" | "promotionPieceTypesWhite" | "promotionPieceTypesBlack" => {
            let mut pieces = Vec::new();
            // `-`: no promotion pieces.
            for c in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
                pieces.push(letter_of(c, d)?);
            }
            let p = promotion(d);
            match key {
                "promotionPieceTypesBlack" => p.pieces_black = Some(pieces),
                "promotionPieceTypesWhite" => {
                    let old = std::mem::replace(&mut p.pieces, pieces);
                    p.pieces_black.get_or_insert(old);
                }
                _ => {
                    p.pieces = pieces;
                    p.pieces_black = None;
                }
            }
            d.promotion_set = true;
        }
        "promotionRank" => {
            let r = number()?
                .checked_sub(1)
                .ok_or_else(|| bad("ranks start at 1"))?;
            promotion(d).zone_start = r;
            promotion(d).zone_start_black = None;
            d.promotion_set = true;
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
        "pieceDrops" => d.v.drops = boolean()?,
        "capturesToHand" => d.v.captures_to_hand = boolean()?,
        "firstRankPawnDrops" => d.first_rank_pawn_drops = Some(boolean()?),
        "promotionZonePawnDrops" => d.promotion_zone_pawn_drops = Some(boolean()?),
        "immobilityIllegal" => d.v.immobility_illegal = boolean()?,
        "dropNoDoubled" => d.v.drop_no_doubled = letter_or("-", d)?,
        // The pieces that promote, capture en passant and reset the move
        // counter: one, the pawn.
        "promotionPawnTypes" if value.trim() == "-" => {
            if d.v.promotion_marked {
                return Err(bad("not supported with promotedPieceType"));
            }
            d.no_promotion_pawn = true;
        }
        // One side's pawn another piece (khans: Black's promotes and resets
        // the counter): that side's pawn for every pawn rule.
        "promotionPawnTypesWhite"
        | "promotionPawnTypesBlack"
        | "nMoveRuleTypesWhite"
        | "nMoveRuleTypesBlack" => {
            let mut cs = value.chars().filter(|c| !c.is_whitespace());
            let p = match (cs.next(), cs.next()) {
                (Some(c), None) => letter_of(c, d)?,
                _ => return Err(bad("only one pawn piece per side is supported")),
            };
            let (white, black) = (d.v.pawn, d.v.pawn_of(1));
            let (white, black) = if key.ends_with("Black") {
                (white, Some(p))
            } else {
                (Some(p), black)
            };
            d.v.pawn = white;
            d.v.pawn_black = (black != white).then_some(black).flatten();
        }
        // The pawn and a second piece that promotes and resets the clock
        // as it does (Wolf chess's sergeant), but does not take en passant.
        "promotionPawnTypes" | "nMoveRuleTypes"
            if value.chars().filter(|c| !c.is_whitespace()).count() == 2 =>
        {
            let mut pieces = Vec::new();
            for c in value.chars().filter(|c| !c.is_whitespace()) {
                pieces.push(letter_of(c, d)?);
            }
            let other = match pieces[..] {
                [a, b] if a != b && d.v.pawn == Some(a) => b,
                [a, b] if a != b && d.v.pawn == Some(b) => a,
                _ => return Err(bad("of two pieces, one must be the pawn")),
            };
            let slot = if key == "promotionPawnTypes" {
                &mut d.second_promotes
            } else {
                &mut d.second_clock
            };
            *slot = Some((line, other));
        }
        "pawnTypes" | "promotionPawnTypes" | "enPassantTypes" | "nMoveRuleTypes" => {
            let mut cs = value.chars().filter(|c| !c.is_whitespace());
            match (cs.next(), cs.next()) {
                (Some(c), None) => d.v.pawn = Some(letter_of(c, d)?),
                _ => return Err(bad("only one pawn piece is supported")),
            }
        }
        "enPassantRegion" => {
            // No region (`-`): no en passant; the whole board: as before.
            let b = squares(value).map_err(&bad)?;
            let (w, h) = (usize::from(d.v.width), usize::from(d.v.height));
            let whole = (0..h).all(|r| (0..w).all(|f| b.has(r * 16 + f)));
            if b.is_empty() {
                d.v.en_passant = false;
            } else if !whole {
                return Err(bad("only - (no en passant) or every square is supported"));
            }
        }
        "dropRegionWhite" | "dropRegionBlack" => {
            let b = squares(value).map_err(&bad)?;
            let region = d.v.drop_region.get_or_insert([Bb256::FULL; 2]);
            region[usize::from(key == "dropRegionBlack")] = b;
        }
        "promotionRegionWhite" | "promotionRegionBlack" => {
            let b = squares(value).map_err(&bad)?;
            d.promotion_region[usize::from(key == "promotionRegionBlack")] = Some((line, b));
        }
        "blastOnCapture" => {
            d.v.blast_on_capture = boolean()?;
            // Fairy-Stockfish's explosions spare its pawn piece.
            if let Some(p) = d.idx("pawn") {
                if !d.v.blast_immune.contains(&p) {
                    d.v.blast_immune.push(p);
                }
            }
        }

        "wallingRule" => {
            use crate::variant::WallingRule;
            d.v.walling = match value {
                "none" => None,
                "arrow" => Some(WallingRule::Arrow),
                "duck" => Some(WallingRule::Duck),
                "past" => Some(WallingRule::Past),
                "static" => Some(WallingRule::Static),
                "edge" => Some(WallingRule::Edge),
                _ => {
                    return Err(bad(
                        "only arrow, duck, past, static, edge and none are supported",
                    ))
                }
            };
            d.v.walls |= d.v.walling.is_some();
        }
        "wallOrMove" => d.v.wall_or_move = boolean()?,
        "wallingRegionWhite" | "wallingRegionBlack" => {
            let b = squares(value).map_err(&bad)?;
            d.v.walling_region[usize::from(key == "wallingRegionBlack")] = b;
        }
        "blastImmuneTypes" | "mutuallyImmuneTypes" => {
            let mut pieces = Vec::new();
            for c in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
                pieces.push(letter_of(c, d)?);
            }
            if key == "blastImmuneTypes" {
                d.v.blast_proof = pieces;
            } else {
                d.v.mutually_immune = pieces;
            }
        }
        "nMoveRule" => {
            d.v.n_move_rule = value.parse().map_err(|_| bad("expected a move count"))?;
        }
        "nFoldRule" => d.v.n_fold_rule = number()?,
        "nFoldValue" => {
            d.v.n_fold_value = match value {
                "win" => RelativeOutcome::Win,
                "loss" => RelativeOutcome::Loss,
                "draw" => RelativeOutcome::Draw,
                _ => return Err(bad("expected win, loss or draw")),
            };
        }
        "nFoldValueAbsolute" => d.v.n_fold_value_absolute = boolean()?,
        "perpetualCheckIllegal" => d.v.perpetual_check_illegal = boolean()?,
        "moveRepetitionIllegal" => d.v.move_repetition_illegal = boolean()?,
        "mandatoryPiecePromotion" => d.v.mandatory_piece_promotion = boolean()?,
        // Only the defaults: other values would change the rule.
        "pieceDemotion" | "dropPromoted" | "piecePromotionOnCapture" if value == "false" => {}
        "shogiPawnDropMateIllegal" => {
            // The drop-mate rule applies to the piece that may not be
            // doubled on a file (the shogi pawn of a shogi parent).
            match boolean()? {
                false => d.v.drop_mate_illegal = false,
                true if d.v.drop_mate_illegal => {}
                // Fairy-Stockfish holds the rule to shogi pawns: without
                // one (elgam's soldiers) it forbids nothing.
                true if d.idx("shogiPawn").is_none() => {}
                true if d.idx("shogiPawn") == d.v.drop_no_doubled => d.v.drop_mate_illegal = true,
                true => {
                    return Err(bad(
                        "supported only for a shogi pawn that may not be doubled on a file",
                    ))
                }
            }
        }
        "promotedPieceType" => {
            // As in Fairy-Stockfish, the pairs given replace those of the
            // same pieces and keep the parent's others (gorogoroplus adds
            // its lance and knight to gorogoro's pawn and silver).
            let mut pairs = d.v.piece_promotions.clone();
            for item in value.split_whitespace() {
                let (a, b) = item
                    .split_once(':')
                    .ok_or_else(|| bad("expected letter:letter pairs"))?;
                let (Some(a), Some(b)) = (a.chars().next(), b.chars().next()) else {
                    return Err(bad("expected letter:letter pairs"));
                };
                let (a, b) = (letter_of(a, d)?, letter_of(b, d)?);
                if a == b {
                    return Err(bad("a piece cannot promote to itself"));
                }
                pairs.retain(|&(x, _)| x != a);
                pairs.push((a, b));
            }
            // A marked piece returns to the hand as the base it was
            // promoted from, which the position keeps per square for a
            // promoted type that several pieces promote to (up to
            // MAX_PROMOTION_BASES of them); no piece both promoted and
            // promoting.
            for &(a, b) in &pairs {
                if pairs.iter().filter(|&&(_, q)| q == b).count() > MAX_PROMOTION_BASES {
                    return Err(bad(
                        "more than eight pieces promoting to one piece type are not supported",
                    ));
                }
                if pairs.iter().any(|&(_, q)| q == a) {
                    return Err(bad("chains of promotions are not supported"));
                }
            }
            if d.no_promotion_pawn {
                return Err(bad("not supported with promotionPawnTypes = -"));
            }
            if !d.v.promotion_marked && d.v.piece_promotions.is_empty() {
                d.zone_from_pawns_only = true;
            }
            d.v.piece_promotions = pairs;
            d.v.promotion_marked = true;
        }
        "connectN" => connect(d).n = number()?,
        "connectRegion1White"
        | "connectRegion2White"
        | "connectRegion1Black"
        | "connectRegion2Black" => {
            let b = squares(value).map_err(&bad)?;
            let regions = connect(d).regions.get_or_insert([[Bb256::EMPTY; 2]; 2]);
            let colour = usize::from(key.ends_with("Black"));
            let which = usize::from(key.starts_with("connectRegion2"));
            regions[colour][which] = b;
        }
        "connectNxN" => connect(d).nxn = number()?,
        "collinearN" => connect(d).collinear = number()?,
        "connectHorizontal" => connect(d).horizontal = boolean()?,
        "connectVertical" => connect(d).vertical = boolean()?,
        "connectDiagonal" => connect(d).diagonal = boolean()?,
        "connectValue" => {
            connect(d).value = match value {
                "win" => RelativeOutcome::Win,
                "loss" => RelativeOutcome::Loss,
                "draw" => RelativeOutcome::Draw,
                _ => return Err(bad("expected win, loss or draw")),
            };
        }
        "connectPieceTypes" => {
            connect(d).pieces = if value.contains('*') {
                None
            } else {
                let mut pieces = Vec::new();
                for c in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
                    pieces.push(letter_of(c, d)?);
                }
                Some(pieces)
            };
        }
        "mustDrop" => d.v.must_drop = boolean()?,
        "sittuyinPromotion" => d.v.sittuyin_promotion = boolean()?,
        "sittuyinRookDrop" => d.v.sittuyin_rook_drop = boolean()?,
        "pieceDemotion" => d.v.piece_demotion = boolean()?,
        // Only for the reversi drops that read it (checked when applied).
        "enclosingDropStart" if d.v.enclosing_drop == Some(EnclosingRule::Reversi) => {
            d.v.drop_start = Some(squares(value).map_err(&bad)?)
        }
        "adjudicateFullBoard" => d.v.adjudicate_full_board = boolean()?,
        "dropPromoted" => d.v.drop_promoted = boolean()?,
        "piecePromotionOnCapture" => d.v.piece_promotion_on_capture = boolean()?,
        "oppositeCastling" => d.v.opposite_castling = boolean()?,
        "castlingWins" => {
            let mut wins = [[false; 2]; 2];
            for c in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
                let (colour, wing) = match c {
                    'K' => (0, 0),
                    'Q' => (0, 1),
                    'k' => (1, 0),
                    'q' => (1, 1),
                    _ => return Err(bad("expected castling rights K, Q, k, q or -")),
                };
                wins[colour][wing] = true;
            }
            d.v.castling_wins = wins;
        }
        "makpongRule" => d.v.makpong = boolean()?,
        "cambodianMoves" => d.v.cambodian_moves = boolean()?,
        // Seirawan-style gating rights on the back rank (file letters in the
        // FEN's castling field); Cambodian chess keeps its first-move rights
        // there.
        "gating" => d.v.gating = boolean()?,
        "dropOppositeColoredBishop" => d.v.drop_opposite_colored_bishop = boolean()?,
        "castlingDroppedPiece" => d.v.castling_dropped_piece = boolean()?,
        "petrifyOnCaptureTypes" => {
            let mut types = Vec::new();
            for c in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
                let t = letter_of(c, d)?;
                if !types.contains(&t) {
                    types.push(t);
                }
            }
            // A petrified piece is a wall: the FEN writes it `*`.
            d.v.walls |= !types.is_empty();
            d.v.petrify_on_capture = types;
        }
        "soldierPromotionRank" => {
            // The soldier steps forward only, and sideways too from this
            // rank on (relative to its side).
            let k = number()?;
            let h = d.v.height;
            if !(1..=h).contains(&k) {
                return Err(bad("rank off the board"));
            }
            let p = d.idx("soldier").ok_or_else(|| bad("no soldier piece"))?;
            d.v.zone_moves.retain(|z| z.piece != p);
            if k > 1 {
                d.v.pieces[p].def = PieceDef::parse("fW").map_err(|e| bad(&e.to_string()))?;
                let files = (0, d.v.width - 1);
                d.v.zone_moves.push(ZoneMoves {
                    piece: p,
                    white: crate::variant::Region {
                        files,
                        ranks: (k - 1, h - 1),
                    },
                    black: crate::variant::Region {
                        files,
                        ranks: (0, h - k),
                    },
                    def: PieceDef::parse("sW").map_err(|e| bad(&e.to_string()))?,
                });
            } else {
                d.v.pieces[p].def = PieceDef::parse("fsW").map_err(|e| bad(&e.to_string()))?;
            }
        }
        "dropChecks" => {
            d.v.drop_checks = boolean()?;
        }
        "dropLoop" => d.v.drop_loop = boolean()?,
        "dropNoDoubledCount" => d.v.drop_no_doubled_count = number()?,
        "stalematePieceCount" => d.v.stalemate_piece_count = boolean()?,
        "mustDropType" => d.v.must_drop_type = letter_or("*", d)?,
        "enclosingDrop" => {
            d.v.enclosing_drop = match enclosing_rule(value).map_err(bad)? {
                Some(EnclosingRule::Quadwrangle) => {
                    return Err(bad("quadwrangle is a rule of flipEnclosedPieces only"))
                }
                rule => rule,
            }
        }
        "flipEnclosedPieces" => {
            d.v.flip_enclosed = match enclosing_rule(value).map_err(bad)? {
                Some(EnclosingRule::Snort | EnclosingRule::Anyside | EnclosingRule::Top) => {
                    return Err(bad("only reversi, ataxx, quadwrangle and none flip pieces"))
                }
                rule => rule,
            }
        }
        _ if key.starts_with("mobilityRegionWhite") || key.starts_with("mobilityRegionBlack") => {
            let black = key.starts_with("mobilityRegionBlack");
            let rest = &key["mobilityRegionWhite".len()..];
            let mut cs = rest.chars();
            let name: String = cs
                .next()
                .map(|c| c.to_ascii_lowercase())
                .into_iter()
                .chain(cs)
                .collect();
            let p = d.idx(&name).ok_or_else(|| bad("no piece of this name"))?;
            let b = squares(value).map_err(&bad)?;
            // A rectangle inherited for the piece becomes a square set, so
            // that one colour's region can be replaced.
            if let Some(i) = d.v.regions.iter().position(|r| r.piece == p) {
                let r = d.v.regions.remove(i);
                let bits = |g: crate::variant::Region| {
                    let mut out = Bb256::EMPTY;
                    for y in g.ranks.0..=g.ranks.1 {
                        for x in g.files.0..=g.files.1 {
                            out.set(usize::from(y) * 16 + usize::from(x));
                        }
                    }
                    out
                };
                d.v.square_regions.push((p, [bits(r.white), bits(r.black)]));
            }
            let i = match d.v.square_regions.iter().position(|&(q, _)| q == p) {
                Some(i) => i,
                None => {
                    d.v.square_regions.push((p, [Bb256::FULL; 2]));
                    d.v.square_regions.len() - 1
                }
            };
            d.v.square_regions[i].1[usize::from(black)] = b;
        }
        "pass"
        | "passWhite"
        | "passBlack"
        | "passOnStalemate"
        | "passOnStalemateWhite"
        | "passOnStalemateBlack" => {
            let b = boolean()?;
            let flags = if key.starts_with("passOnStalemate") {
                &mut d.v.pass_on_stalemate
            } else {
                &mut d.v.pass
            };
            if !key.ends_with("Black") {
                flags[0] = b;
            }
            if !key.ends_with("White") {
                flags[1] = b;
            }
        }
        "countingRule" => {
            use crate::variant::CountingRule;
            d.v.counting = match value {
                "none" => None,
                "makruk" => Some(CountingRule::Makruk),
                "cambodian" => Some(CountingRule::Cambodian),
                "asean" => Some(CountingRule::Asean),
                _ => return Err(bad("expected makruk, cambodian, asean or none")),
            };
        }
        "materialCounting" => {
            use crate::variant::MaterialCounting;
            d.v.material_counting = match value {
                "none" => None,
                "janggi" => Some(MaterialCounting::Janggi),
                "unweighted" => Some(MaterialCounting::Unweighted),
                "whitedrawodds" => Some(MaterialCounting::WhiteDrawOdds),
                "blackdrawodds" => Some(MaterialCounting::BlackDrawOdds),
                _ => {
                    return Err(bad(
                        "expected none, janggi, unweighted, whitedrawodds or blackdrawodds",
                    ))
                }
            }
        }
        "bikjangRule" => d.v.bikjang = boolean()?,
        "shatarMateRule" => d.v.shatar_mate = boolean()?,
        "diagonalLines" => {
            let b = squares(value).map_err(&bad)?;
            d.v.diagonal_lines = (!b.is_empty()).then_some(b);
        }
        "mustCapture" => d.v.must_capture = boolean()?,
        "checking" => d.v.checking = boolean()?,
        "checkCounting" => d.v.check_counting = boolean()?,
        "extinctionValue" => {
            d.extinction_value = match value {
                "win" => Some(RelativeOutcome::Win),
                "loss" => Some(RelativeOutcome::Loss),
                "draw" => Some(RelativeOutcome::Draw),
                "none" => None,
                _ => return Err(bad("expected win, loss, draw or none")),
            };
        }
        "pieceValueMg" | "pieceValueEg" => {
            // `p:150 n:800`: a letter and a value in Fairy-Stockfish's units.
            for item in value.split_whitespace() {
                let (letter, amount) = item
                    .split_once(':')
                    .ok_or_else(|| bad("expected letter:value pairs, such as p:150 n:800"))?;
                let mut letters = letter.chars();
                let (Some(c), None) = (letters.next(), letters.next()) else {
                    return Err(bad("expected one letter before each ':'"));
                };
                let piece = letter_of(c, d)?;
                let amount = amount
                    .parse::<i32>()
                    .ok()
                    .filter(|v| (0..=MAX_FSF_PIECE_VALUE).contains(v))
                    .ok_or_else(|| bad("expected a value from 0 to 100000"))?;
                if key == "pieceValueMg" {
                    d.value_mg.push((piece, amount));
                } else {
                    d.value_eg.push((piece, amount));
                }
            }
        }
        "extinctionPieceTypes" => {
            d.extinction_pieces = if value.contains('*') {
                Some(None)
            } else {
                let mut pieces = Vec::new();
                for c in value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
                    pieces.push(letter_of(c, d)?);
                }
                Some(Some(pieces))
            };
        }
        "extinctionPieceCount" => {
            d.extinction_count = value.parse().map_err(|_| bad("expected a count"))?;
        }
        "extinctionOpponentPieceCount" => {
            d.extinction_opponent_count = value.parse().map_err(|_| bad("expected a count"))?;
        }
        "extinctionClaim" => d.extinction_claim = boolean()?,
        "flagPieceCount" => {
            d.flag_count = value
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| bad("expected a count of at least 1"))?;
        }
        "flagPieceBlockedWin" => d.flag_blocked_win = boolean()?,
        // Only the default: other values would change the rule.
        "extinctionPseudoRoyal" if value == "false" => {}
        "flagPieceSafe" => d.flag_safe = Some(boolean()?),
        // The extinction piece treated as royal: what a royal piece is here,
        // so only for extinction of the royal piece (checked at the end).
        "extinctionPseudoRoyal" if value == "true" => d.pseudo_royal = Some(line),
        "flagPiece" => d.flag_piece = Some(letter_or("*", d)?),
        "flagRegion" | "flagRegionWhite" | "flagRegionBlack" => {
            let b = squares(value).map_err(&bad)?;
            let region = d.flag_region.get_or_insert([Bb256::EMPTY; 2]);
            if key != "flagRegionBlack" {
                region[0] = b;
            }
            if key != "flagRegionWhite" {
                region[1] = b;
            }
        }
        "flagMove" => d.flag_move = Some(boolean()?),
        "doubleStepRegionWhite" | "doubleStepRegionBlack" => {
            let b = squares(value).map_err(&bad)?;
            let (w, h) = (d.v.width, d.v.height);
            let (lo, hi) = d.v.double_step_ranks;
            let region = d.v.double_step_region.get_or_insert_with(|| {
                // The other colour keeps its double-step ranks.
                let mut r = [Bb256::EMPTY; 2];
                for rank in lo..=hi.min(h.saturating_sub(1)) {
                    for f in 0..w {
                        r[0].set(usize::from(rank) * 16 + usize::from(f));
                        r[1].set(usize::from(h - 1 - rank) * 16 + usize::from(f));
                    }
                }
                r
            });
            region[usize::from(key == "doubleStepRegionBlack")] = b;
        }
        "tripleStepRegionWhite" | "tripleStepRegionBlack" => {
            let b = squares(value).map_err(&bad)?;
            let region = d.v.triple_step_region.get_or_insert([Bb256::EMPTY; 2]);
            region[usize::from(key == "tripleStepRegionBlack")] = b;
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

/// A piece's Betza as Fairy-Stockfish reads it: its lame (`n`) leaps
/// exist for the knight, zebra, alfil and dabbaba atoms only; pyffish
/// 0.0.90 gives a lame camel, wazir, fers, threeleaper or fourleaper no
/// move at all, so neither does a piece defined here.
fn fsf_betza(text: &str) -> Result<PieceDef, crate::piece::ParsePieceError> {
    let def = PieceDef::parse(text)?;
    let lame_known = |atom: (u8, u8)| {
        let (a, b) = (atom.0.min(atom.1), atom.0.max(atom.1));
        matches!((a, b), (1, 2) | (2, 3) | (2, 2) | (0, 2))
    };
    if def
        .components()
        .iter()
        .all(|c| !c.lame || c.kind != crate::piece::PathKind::Leap || lame_known(c.atom))
    {
        return Ok(def);
    }
    let kept = def
        .components()
        .iter()
        .filter(|c| !c.lame || c.kind != crate::piece::PathKind::Leap || lame_known(c.atom))
        .cloned()
        .collect();
    Ok(PieceDef::from_components(def.notation(), kept))
}

/// A Fairy-Stockfish square list (`d4 e4 d5 e5`, `*8` for a whole rank,
/// `-` for none) as frame bits.
fn squares(value: &str) -> Result<Bb256, &'static str> {
    const BAD: &str = "expected squares such as d4, *8 or a*";
    let mut b = Bb256::EMPTY;
    for token in value.split_whitespace().filter(|t| *t != "-") {
        let mut chars = token.chars();
        let file = chars.next().ok_or(BAD)?;
        let rank = chars.as_str();
        // `*` stands for every file or every rank.
        let ranks = match rank {
            "*" => 0..16,
            _ => match rank.parse::<usize>() {
                Ok(r) if (1..=16).contains(&r) => r - 1..r,
                _ => return Err(BAD),
            },
        };
        let files = match file {
            '*' => 0..16,
            'a'..='p' => {
                let f = file as usize - 'a' as usize;
                f..f + 1
            }
            _ => return Err(BAD),
        };
        for rank in ranks {
            for f in files.clone() {
                b.set(rank * 16 + f);
            }
        }
    }
    Ok(b)
}

fn connect(d: &mut Draft) -> &mut Connect {
    d.v.connect.get_or_insert(Connect {
        n: 0,
        nxn: 0,
        collinear: 0,
        horizontal: true,
        vertical: true,
        diagonal: true,
        pieces: None,
        regions: None,
        value: RelativeOutcome::Win,
    })
}

/// An `[EnclosingRule]` value of variants.ini; `none` is `None`.
fn enclosing_rule(value: &str) -> Result<Option<EnclosingRule>, &'static str> {
    Ok(Some(match value {
        "reversi" => EnclosingRule::Reversi,
        "ataxx" => EnclosingRule::Ataxx,
        "quadwrangle" => EnclosingRule::Quadwrangle,
        "snort" => EnclosingRule::Snort,
        "anyside" => EnclosingRule::Anyside,
        "top" => EnclosingRule::Top,
        "none" => return Ok(None),
        _ => return Err("expected reversi, ataxx, quadwrangle, snort, anyside, top or none"),
    }))
}

fn promotion(d: &mut Draft) -> &mut Promotion {
    d.v.promotion.get_or_insert_with(|| Promotion {
        zone_start: 7,
        zone_start_black: None,
        region: None,
        pieces: Vec::new(),
        pieces_black: None,
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
    fn lame_leaps_as_fairy_stockfish_reads_them() {
        // pyffish 0.0.90, a lone piece on d4: `nN` and `nZ` move, `nC`
        // (a lame camel) does not, and neither does `nW`.
        let section = |betza: &str| {
            format!(
                "[t:chess]\ncustomPiece1 = o:{betza}\nstartFen = 4k3/8/8/8/3o4/8/8/7K b - - 0 1\n"
            )
        };
        let moves_of_o = |betza: &str| {
            let v = VariantSet::from_ini(&section(betza))
                .unwrap()
                .get("t")
                .unwrap();
            perft(&Position::start(&v), 1) - 5
        };
        assert_eq!(moves_of_o("nN"), 8);
        assert_eq!(moves_of_o("nZ"), 8);
        assert_eq!(moves_of_o("C"), 8);
        assert_eq!(moves_of_o("nC"), 0);
        assert_eq!(moves_of_o("nW"), 0);
        assert_eq!(moves_of_o("nCnN"), 8);
    }

    #[test]
    fn sections_load_independently() {
        let text = "[good:chess]\ncastling = false\n\n[bad:chess]\nnoSuchOption = 1\nalsoMissing = 2\n[child:bad]\n[late:good]\nstartFen = nonsense\n[fine:good]\n";
        let load = read_variants_ini(text);
        let names: Vec<&str> = load.variants.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["good", "fine"]);
        let refused: Vec<(&str, usize, Option<&str>)> = load
            .refused
            .iter()
            .map(|r| (r.section.as_str(), r.reason().line(), r.reason().option()))
            .collect();
        assert_eq!(
            refused,
            [
                ("bad", 5, Some("noSuchOption")),
                ("child", 7, None),
                ("late", 0, None)
            ]
        );
        assert_eq!(load.refused[0].errors.len(), 2);
        assert!(matches!(
            load.refused[1].reason(),
            IniError::ParentRefused { .. }
        ));
        assert!(matches!(
            load.refused[2].reason(),
            IniError::StartFen { .. }
        ));
        // Pieces are defined before the rules that name them, wherever they
        // stand in the section; a section without a parent has no pieces
        // but those it defines.
        let load = read_variants_ini(
            "[mini]\nmaxRank = 4\nmaxFile = 4\npromotionRank = 4\npromotionPieceTypes = r\nking = k\nrook = r\npawn = p\nstartFen = k3/p3/4/K2R w - - 0 1\n",
        );
        assert!(load.refused.is_empty(), "{:?}", load.refused);
        let mini = &load.variants[0];
        assert_eq!(mini.pieces.len(), 3);
        // No castling by default: its files g and c are off a 4x4 board.
        assert!(mini.castling.is_none());
        assert_eq!(mini.promotion.as_ref().unwrap().pieces.len(), 1);
        // `king = k:KN`: a named piece with its own movement.
        let load = read_variants_ini("[centaurs:chess]\nking = k:KN\n");
        // 20 as in chess, and the king leaps to d3 and f3.
        assert_eq!(perft(&Position::start(&load.variants[0]), 1), 22);
    }

    #[test]
    fn passing() {
        // Counts and FENs from pyffish 0.0.90.
        let load = read_variants_ini(
            "[passchess:chess]\npass = true\n[passanti:antichess]\npassOnStalemate = true\n",
        );
        assert!(load.refused.is_empty(), "{:?}", load.refused);
        let (pass, anti) = (&load.variants[0], &load.variants[1]);
        let start = Position::start(pass);
        assert_eq!(perft(&start, 1), 21);
        let mv = start.parse_uci("e1e1").unwrap();
        assert!(mv.is_pass());
        assert_eq!(start.san(mv), "Ke1");
        assert_eq!(
            start.play(mv).fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"
        );
        // No pass in check; passing keeps the castling rights.
        let check = Position::from_fen(pass, "4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
        assert_eq!(perft(&check, 1), 3);
        let rights = Position::from_fen(pass, "r3k3/8/8/8/8/8/8/R3K2R w KQq - 3 1").unwrap();
        let mv = rights.parse_uci("e1e1").unwrap();
        assert_eq!(rights.play(mv).fen(), "r3k3/8/8/8/8/8/8/R3K2R b KQq - 4 1");
        // Stalemated: the first piece passes; a pawn's pass resets the clock.
        for (fen, uci, after) in [
            (
                "8/8/8/8/8/p1p5/P1P5/8 w - - 5 7",
                "a2a2",
                "8/8/8/8/8/p1p5/P1P5/8 b - - 0 7",
            ),
            (
                "8/8/8/8/1p6/1Pp5/2P5/N7 w - - 5 7",
                "a1a1",
                "8/8/8/8/1p6/1Pp5/2P5/N7 b - - 6 7",
            ),
        ] {
            let pos = Position::from_fen(anti, fen).unwrap();
            let moves = pos.legal_moves();
            assert_eq!(moves.len(), 1);
            assert_eq!(moves[0].to_uci(&pos), uci);
            assert_eq!(pos.play(moves[0]).fen(), after);
        }
        assert_eq!(perft(&Position::start(anti), 3), 8067);
    }

    #[test]
    fn piece_values_in_fairy_stockfish_units() {
        let v = &load_variants_ini(
            "[x:chess]\npieceValueMg = r:1276 n:781\npieceValueEg = r:1380\n\
             [y:x]\ncustomPiece1 = n:W\n",
        )
        .unwrap();
        let value = |v: &Variant, c| v.pieces[v.piece_by_letter(c).unwrap()].value;
        // The rook: the mean of 1276/126 and 1380/208 pawns.
        assert_eq!(value(&v[0], 'r'), Some((1012 + 663) / 2));
        assert_eq!(value(&v[0], 'n'), Some(619));
        // Inherited, except by a piece that moves anew.
        assert_eq!(value(&v[1], 'r'), value(&v[0], 'r'));
        assert_eq!(value(&v[1], 'n'), None);
        for bad in ["r", "r:", "r:x", "rr:5", "z:100", "r:-1", "r:1000000"] {
            assert!(
                matches!(
                    load_variants_ini(&format!("[x:chess]\npieceValueMg = {bad}\n")),
                    Err(IniError::Value { line: 2, .. })
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn errors_name_line_and_option() {
        assert_eq!(
            load_variants_ini("[x:chess]\n\nnoSuchOption = k\n").unwrap_err(),
            IniError::Unsupported {
                line: 3,
                option: "noSuchOption".into()
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
        // Square lists: a character of two bytes first, a rank off the
        // largest board, a file past p, no rank: typed errors, no panic.
        for bad in ["\u{e9}4", "a17", "q1", "*", "4"] {
            assert!(
                matches!(
                    load_variants_ini(&format!("[x:chess]\nflagRegionWhite = {bad}\n")),
                    Err(IniError::Value { line: 2, .. })
                ),
                "{bad}"
            );
        }
        assert!(load_variants_ini("[x:chess]\nflagRegionWhite = a* *8\n").is_ok());
    }
}
