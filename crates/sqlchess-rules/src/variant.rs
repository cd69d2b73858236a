//! The variant registry: [`Variant`] handles for the built-ins (compiled
//! once per process) and for `variants.ini` files ([`Variants`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use sqlchess_core::CastlingMode;

use crate::error::{Error, FenError, Quoted, UnknownVariant};

/// A variant's rules, ready to read positions: a cheap handle (one `Arc`)
/// that every position of the variant carries.
///
/// ```
/// use sqlchess_rules::Variant;
/// let v = Variant::builtin("Capablanca").unwrap();
/// assert_eq!((v.name(), v.width(), v.height()), ("capablanca", 10, 8));
/// assert!(Variant::builtin("fischerandom").unwrap().is_chess());
/// assert!(Variant::builtin("nosuch").is_err());
/// ```
#[derive(Clone)]
pub struct Variant(Arc<Inner>);

struct Inner {
    name: String,
    engine: Engine,
    /// Piece indices in material-signature order (royal first, by value,
    /// pawn last), computed once: the values come from each piece's
    /// empty-board geometry, which is not cheap.
    material_order: Vec<usize>,
}

/// Which engine plays the variant.
pub(crate) enum Engine {
    /// sqlchess-core's 8×8 bitboards.
    Chess(CastlingMode),
    /// sqlchess-fairy, with the start position as the template whose
    /// compiled rules every position of the variant shares.
    Fairy(Box<sqlchess_fairy::Position>),
}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Variant({})", self.name())
    }
}

impl PartialEq for Variant {
    fn eq(&self, other: &Variant) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.name() == other.name()
    }
}

impl Eq for Variant {}

/// The canonical name of a built-in or an alias, lower case, with the
/// spellings Lichess, python-chess and Fairy-Stockfish write (case, spaces,
/// hyphens and underscores ignored): `standard`, `normal` and `from position`
/// are `chess`; `fischerandom`, `fischer random`, `960` and `frc` are
/// `chess960`; `threeCheck`, `three-check` and `3-check` are `3check`,
/// `koth` and `King of the Hill` `kingofthehill`, `racingKings` and
/// `Racing Kings` `racingkings`, `anti` `antichess`.
fn canonical(name: &str) -> String {
    let squashed: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .collect::<String>()
        .to_ascii_lowercase();
    match squashed.as_str() {
        "standard" | "normal" | "fromposition" => "chess".to_owned(),
        "fischerandom" | "fischerrandom" | "960" | "frc" => "chess960".to_owned(),
        // python-chess's and Lichess's names of the Lichess variants.
        "threecheck" | "3checkchess" | "threecheckchess" => "3check".to_owned(),
        "fivecheck" => "5check".to_owned(),
        "koth" | "kingofthehillchess" => "kingofthehill".to_owned(),
        "racingkingschess" => "racingkings".to_owned(),
        "anti" | "antichesschess" => "antichess".to_owned(),
        "atomicchess" => "atomic".to_owned(),
        "hordechess" => "horde".to_owned(),
        // Fairy-Stockfish's built-in names with hyphens.
        "aiwok" => "ai-wok".to_owned(),
        "foxandhounds" => "fox-and-hounds".to_owned(),
        _ => squashed,
    }
}

fn cache() -> &'static Mutex<HashMap<String, Variant>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Variant>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

impl Variant {
    /// A built-in variant by name (case ignored, aliases accepted), compiled
    /// once per process.
    ///
    /// # Errors
    /// [`UnknownVariant`] for a name no built-in has.
    pub fn builtin(name: &str) -> Result<Variant, UnknownVariant> {
        // The common case without a lock or an allocation.
        if name == "chess" {
            return Ok(Variant::chess());
        }
        let key = canonical(name);
        // A poisoned lock only means another thread panicked mid-insert;
        // the map itself is still valid.
        let mut map = cache().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = map.get(&key) {
            return Ok(v.clone());
        }
        let unknown = || UnknownVariant {
            name: Quoted::new(name),
        };
        let v = match key.as_str() {
            "chess" => Variant::chess_with(CastlingMode::Standard),
            "chess960" => Variant::chess_with(CastlingMode::Chess960),
            _ => {
                let rules = sqlchess_fairy::Variant::builtin(&key).map_err(|_| unknown())?;
                Variant::from_fairy(rules).map_err(|_| unknown())?
            }
        };
        map.insert(key, v.clone());
        Ok(v)
    }

    /// Standard chess.
    pub fn chess() -> Variant {
        Variant::chess_with(CastlingMode::Standard)
    }

    /// Standard chess or Chess960.
    pub(crate) fn chess_with(mode: CastlingMode) -> Variant {
        static CHESS: OnceLock<[Variant; 2]> = OnceLock::new();
        let both = CHESS.get_or_init(|| {
            let make = |name: &str, mode| {
                Variant(Arc::new(Inner {
                    name: name.to_owned(),
                    engine: Engine::Chess(mode),
                    material_order: Vec::new(),
                }))
            };
            [
                make("chess", CastlingMode::Standard),
                make("chess960", CastlingMode::Chess960),
            ]
        });
        both[usize::from(mode.is_chess960())].clone()
    }

    /// A variant of the generic engine from its definition (a built-in's or
    /// one read from a `variants.ini`).
    ///
    /// # Errors
    /// [`FenError`] if the definition is invalid or its start position does
    /// not read.
    pub fn from_fairy(rules: sqlchess_fairy::Variant) -> Result<Variant, FenError> {
        let start = sqlchess_fairy::Position::from_fen(&rules, &rules.start_fen)?;
        Ok(Variant::from_compiled(rules, start))
    }

    /// A variant of the generic engine from its definition and its start
    /// position.
    fn from_compiled(rules: sqlchess_fairy::Variant, start: sqlchess_fairy::Position) -> Variant {
        // The mobility values: a signature's order may not move when the
        // values the engine plays with are tuned.
        let values = rules.mobility_values();
        let mut material_order: Vec<usize> = (0..rules.pieces.len()).collect();
        material_order.sort_by_key(|&i| {
            (
                Some(i) != rules.royal,
                Some(i) == rules.pawn,
                -values[i],
                rules.pieces[i].letter,
            )
        });
        Variant(Arc::new(Inner {
            name: rules.name.to_ascii_lowercase(),
            engine: Engine::Fairy(Box::new(start)),
            material_order,
        }))
    }

    /// The lower-case name.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// Whether standard chess or Chess960 (the bitboard fast path).
    pub fn is_chess(&self) -> bool {
        matches!(self.0.engine, Engine::Chess(_))
    }

    /// Files of the board.
    pub fn width(&self) -> u8 {
        match &self.0.engine {
            Engine::Chess(_) => 8,
            Engine::Fairy(p) => p.variant().width,
        }
    }

    /// Ranks of the board.
    pub fn height(&self) -> u8 {
        match &self.0.engine {
            Engine::Chess(_) => 8,
            Engine::Fairy(p) => p.variant().height,
        }
    }

    /// The start position's FEN.
    pub fn start_fen(&self) -> String {
        match &self.0.engine {
            Engine::Chess(_) => sqlchess_core::START_FEN.to_owned(),
            Engine::Fairy(p) => p.fen(),
        }
    }

    /// The generic engine's definition, for fairy variants: pieces, board,
    /// rules as data (renderers and puzzles read it).
    pub fn fairy_rules(&self) -> Option<&sqlchess_fairy::Variant> {
        match &self.0.engine {
            Engine::Chess(_) => None,
            Engine::Fairy(p) => Some(p.variant()),
        }
    }

    /// Piece indices in material-signature order (fairy variants).
    pub(crate) fn material_order(&self) -> &[usize] {
        &self.0.material_order
    }

    pub(crate) fn engine(&self) -> &Engine {
        &self.0.engine
    }
}

/// The names [`Variant::builtin`] knows, one list (what `sqlchess variants`
/// prints); aliases such as `fischerandom` are listed too.
pub fn variant_names() -> Vec<&'static str> {
    sqlchess_fairy::variant_names().collect()
}

/// What [`Variants::read_ini`] did with a `variants.ini` text.
#[derive(Debug, Clone, Default)]
pub struct IniReport {
    /// The names of the variants added, in file order (lower case).
    pub loaded: Vec<String>,
    /// The sections refused, in file order, each with its reasons
    /// (section, line, option).
    pub refused: Vec<sqlchess_fairy::RefusedSection>,
}

/// A registry: the built-ins plus the variants of `variants.ini` texts,
/// which shadow built-ins of the same name.
///
/// ```
/// use sqlchess_rules::Variants;
/// let mut set = Variants::builtin();
/// let names = set.load_ini("[tiny:chess]\nmaxRank = 6\npromotionRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n").unwrap();
/// assert_eq!(names, ["tiny"]);
/// assert_eq!(set.get("tiny").unwrap().height(), 6);
/// assert!(set.get("capablanca").is_ok());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Variants {
    custom: Vec<Variant>,
}

impl Variants {
    /// The built-in variants only.
    pub fn builtin() -> Variants {
        Variants::default()
    }

    /// Adds every variant of a `variants.ini` text; returns their names.
    /// Strict: the sections that load are added, but any refused section
    /// makes this an error ([`Variants::read_ini`] reports them all).
    ///
    /// # Errors
    /// [`Error::Ini`] naming the first refused section's line and option.
    pub fn load_ini(&mut self, text: &str) -> Result<Vec<String>, Error> {
        let report = self.read_ini(text);
        match report.refused.into_iter().next() {
            Some(r) => Err(Error::Ini(r.errors.into_iter().next().unwrap_or(
                sqlchess_fairy::IniError::Syntax {
                    line: r.line,
                    text: r.section,
                },
            ))),
            None => Ok(report.loaded),
        }
    }

    /// Adds every section of a `variants.ini` text that loads, each read on
    /// its own, and reports the others: a bad section never hides the good
    /// ones.
    ///
    /// ```
    /// use sqlchess_rules::Variants;
    /// let mut set = Variants::builtin();
    /// let report = set.read_ini("[nocastles:chess]\ncastling = false\n[odd:chess]\nnoSuchRule = true\n");
    /// assert_eq!(report.loaded, ["nocastles"]);
    /// assert_eq!(report.refused[0].section, "odd");
    /// assert_eq!(report.refused[0].reason().option(), Some("noSuchRule"));
    /// assert!(set.get("nocastles").is_ok() && set.get("odd").is_err());
    /// ```
    pub fn read_ini(&mut self, text: &str) -> IniReport {
        let load = sqlchess_fairy::read_variants_ini(text);
        let mut report = IniReport {
            loaded: Vec::new(),
            refused: load.refused,
        };
        for rules in load.variants {
            match sqlchess_fairy::Position::from_fen(&rules, &rules.start_fen) {
                Ok(start) => {
                    let v = Variant::from_compiled(rules, start);
                    report.loaded.push(v.name().to_owned());
                    self.custom.retain(|c| c.name() != v.name());
                    self.custom.push(v);
                }
                // The loader has read the start position already; should the
                // two ever disagree, the section is refused all the same.
                Err(error) => report.refused.push(sqlchess_fairy::RefusedSection {
                    section: rules.name.clone(),
                    line: 0,
                    errors: vec![sqlchess_fairy::IniError::StartFen {
                        name: rules.name,
                        error,
                    }],
                }),
            }
        }
        report
    }

    /// The variant of that name: a loaded one first, then a built-in.
    ///
    /// # Errors
    /// [`UnknownVariant`] if neither has it.
    pub fn get(&self, name: &str) -> Result<Variant, UnknownVariant> {
        // A loaded name as written (`3check-crazyhouse`), else as spelt.
        let lower = name.to_ascii_lowercase();
        let key = canonical(name);
        match self
            .custom
            .iter()
            .find(|v| v.name() == lower)
            .or_else(|| self.custom.iter().find(|v| v.name() == key))
        {
            Some(v) => Ok(v.clone()),
            None => Variant::builtin(name),
        }
    }

    /// The loaded variants' names, in file order.
    pub fn custom_names(&self) -> Vec<&str> {
        self.custom.iter().map(|v| v.name()).collect()
    }
}
