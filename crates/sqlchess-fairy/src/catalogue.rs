//! The built-in pieces by name: the fairy pieces of the series, a few more
//! classics, and the standard six.
//!
//! Names are lower case with `_` between words (`arrow_pawn`); they are the
//! values the SQL relations use. [`lookup`] also accepts spaces and any case.
//! Each entry cites where its definition comes from.

/// One catalogue entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CatalogueEntry {
    /// Lower-case name, words joined by `_`.
    pub name: &'static str,
    /// Betza notation, or Parlett notation where Betza has no letter for the
    /// atom or the move (Antelope, Giraffe, checker man).
    pub notation: &'static str,
    /// Where the definition comes from.
    pub source: &'static str,
}

macro_rules! entries {
    ($( $(#[doc = $doc:literal])* $name:literal => $notation:literal, $source:literal; )*) => {
        /// Every catalogue entry, alphabetical within the series, then the rest.
        pub const CATALOGUE: &[CatalogueEntry] = &[ $( CatalogueEntry { name: $name, notation: $notation, source: $source } ),* ];
    };
}

entries! {
    /// Aanca (Grande Acedrex, 1283): one step orthogonally, then any number of
    /// squares diagonally outward; it may stop after the first step.
    "aanca" => "t[WB]", "Piececlopedia: Aanca (chessvariants.com); bent rider, W step then outward B ride";
    /// Adjutant (M. Winther): slides diagonally, and orthogonally over squares
    /// of its own colour only, i.e. Bishop + Dabbaba-rider.
    "adjutant" => "BDD", "chessvariants.com, Adjutant Chess (8x8) by M. Winther";
    /// Advisor (xiangqi): one step diagonally (the palace limit is a rule of
    /// xiangqi, not of the piece).
    "advisor" => "F", "Wikipedia: Xiangqi, advisor; Piececlopedia: Ferz";
    /// Alfil (shatranj): leaps two squares diagonally.
    "alfil" => "A", "Piececlopedia: Alfil";
    /// Alfilrider: repeated alfil leaps in one direction.
    "alfilrider" => "AA", "Piececlopedia: Alfilrider";
    /// Alibaba: leaps two squares orthogonally or diagonally (Dabbaba + Alfil).
    "alibaba" => "AD", "Piececlopedia: Alibaba";
    /// Amazon: Queen + Knight.
    "amazon" => "QN", "Piececlopedia: Amazon";
    /// Antelope: the (3,4) leaper.
    "antelope" => "~3/4", "Piececlopedia: Antelope";
    /// Archbishop (Capablanca chess's archbishop, Grand chess's cardinal):
    /// Bishop + Knight.
    "archbishop" => "BN", "Piececlopedia: Archbishop; Fairy-Stockfish capablanca";
    /// Arrow pawn: moves one square orthogonally in any direction without
    /// capturing, captures one square diagonally in any direction. Provisional:
    /// no primary source was found for this name; the definition follows the
    /// series' description of an omnidirectional pawn.
    "arrow_pawn" => "mWcF", "provisional (no primary source found)";
    /// Backslider: a pawn that moves and captures backwards. Provisional: no
    /// primary source was found for this name.
    "backslider" => "bmWbcF", "provisional (no primary source found)";
    /// Banshee (G. Jelliss), also Unicorn or Cardinalrider: Bishop + Nightrider.
    "banshee" => "BNN", "Piececlopedia: Bishop-Nightrider compound (a.k.a. Unicorn, Banshee)";
    /// Bede (R. Betza): Bishop + Dabbaba-rider.
    "bede" => "BDD", "Piececlopedia: Bede";
    /// Berolina pawn (E. Nebermann, 1926): moves one square diagonally forward
    /// (two on its first move), captures one square straight forward.
    "berolina_pawn" => "fmFfcWifmnA", "Wikipedia: Berolina pawn";
    /// Nightrider (T. R. Dawson, 1925): repeated knight leaps in one direction.
    "nightrider" => "NN", "Piececlopedia: Nightrider";
    /// Camel: the (1,3) leaper.
    "camel" => "C", "Piececlopedia: Camel";
    /// Zebra: the (2,3) leaper.
    "zebra" => "Z", "Piececlopedia: Zebra";
    /// Giraffe: the (1,4) leaper.
    "giraffe" => "~1/4", "Piececlopedia: Giraffe";
    /// Chancellor (Capablanca chess): Rook + Knight.
    "chancellor" => "RN", "Piececlopedia: Chancellor; Fairy-Stockfish capablanca";
    /// Grasshopper (T. R. Dawson, 1913): along queen lines, hops over the first
    /// piece met and lands on the square right behind it.
    "grasshopper" => "gQ", "Piececlopedia: Grasshopper";
    /// Cannon (xiangqi): moves as a rook, captures by hopping over exactly one
    /// piece.
    "cannon" => "mRcpR", "Wikipedia: Xiangqi, cannon; Fairy-Stockfish xiangqi";
    /// Checker man (draughts): steps one square diagonally forward, captures by
    /// jumping diagonally forward over an adjacent enemy onto the empty square
    /// beyond, removing it.
    "checker_man" => "o1X>, ^2X>", "Wikipedia: English draughts (men)";
    /// Pawn (FIDE): one step forward, two from its initial rank, captures one
    /// square diagonally forward.
    "pawn" => "fmWfceFifmnD", "FIDE Laws of Chess 3.7; XBoard Betza";
    /// Knight (FIDE).
    "knight" => "N", "FIDE Laws of Chess 3.6";
    /// Bishop (FIDE).
    "bishop" => "B", "FIDE Laws of Chess 3.2";
    /// Rook (FIDE).
    "rook" => "R", "FIDE Laws of Chess 3.3";
    /// Queen (FIDE).
    "queen" => "Q", "FIDE Laws of Chess 3.4";
    /// King (FIDE; castling is a rule of the variant).
    "king" => "K", "FIDE Laws of Chess 3.8";
}

/// The built-in pieces as (name, notation), in catalogue order.
///
/// ```
/// let names: Vec<_> = sqlchess_fairy::catalogue().map(|(n, _)| n).collect();
/// assert!(names.contains(&"nightrider"));
/// ```
pub fn catalogue() -> impl Iterator<Item = (&'static str, &'static str)> {
    CATALOGUE.iter().map(|e| (e.name, e.notation))
}

/// The notation of a catalogue piece by name; case, spaces, `-` and `_` are
/// ignored in the comparison (`Arrow pawn` finds `arrow_pawn`).
pub fn lookup(name: &str) -> Option<&'static str> {
    let norm = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, ' ' | '_' | '-'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    let want = norm(name);
    CATALOGUE
        .iter()
        .find(|e| norm(e.name) == want)
        .map(|e| e.notation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PieceDef;

    #[test]
    fn every_entry_parses() {
        for e in CATALOGUE {
            let def = PieceDef::parse(e.notation).unwrap_or_else(|err| panic!("{}: {err}", e.name));
            assert!(!def.components().is_empty(), "{}", e.name);
            assert!(!def.geometry(8, 8).is_empty(), "{}", e.name);
        }
    }

    #[test]
    fn lookup_is_lenient() {
        assert_eq!(lookup("Arrow pawn"), Some("mWcF"));
        assert_eq!(lookup("BEROLINA-PAWN"), Some("fmFfcWifmnA"));
        assert_eq!(lookup("dragon"), None);
    }
}
