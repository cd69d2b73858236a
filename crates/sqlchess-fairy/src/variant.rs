//! Variants as data, and the built-in ones under Fairy-Stockfish's names.

use crate::bitboard::Bb256;
use crate::catalogue;
use crate::piece::PieceDef;

/// A kind of piece in a variant: its name, FEN letter and movement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceType {
    /// Name, e.g. `knight` or `customPiece1`.
    pub name: String,
    /// FEN letter in lower case (upper case is White's).
    pub letter: char,
    /// How it moves.
    pub def: PieceDef,
    /// Its value in centipawns (a pawn 100) where engines know one better
    /// than its mobility tells (variants.ini's `pieceValueMg` and
    /// `pieceValueEg`, the values the built-in variants' pieces are played
    /// with); `None`: [`Variant::piece_values`] derives it from mobility.
    pub value: Option<i32>,
}

/// Castling, Chess960 style: the king goes to a fixed file and the rook
/// lands next to it on the inside, wherever both started on the back rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// Index in [`Variant::pieces`] of the rook-like piece that castles.
    pub rook: usize,
    /// Further piece types that castle as the rook does (Perfect chess
    /// castles with its chancellor too: `castlingRookPieces = rc`).
    pub other_rooks: Vec<usize>,
    /// King's destination file (0-based) when castling with the rook on the
    /// higher file (`g` = 6 in chess, `i` = 8 in Capablanca).
    pub kingside_file: u8,
    /// King's destination file when castling with the rook on the lower file.
    pub queenside_file: u8,
    /// The rank castling happens on, 0-based and relative to the mover (0:
    /// the back rank; Shako castles on its second rank).
    pub rank: u8,
    /// Index in [`Variant::pieces`] of the piece that castles with the rook
    /// when it is not the royal piece (giveaway's king, which may be
    /// captured); `None` for the royal piece.
    pub king: Option<usize>,
}

impl Castling {
    /// Whether pieces of type `t` castle with the king.
    pub fn is_rook(&self, t: usize) -> bool {
        self.rook == t || self.other_rooks.contains(&t)
    }

    /// Every piece type that castles with the king, the rook first.
    pub fn rook_types(&self) -> impl Iterator<Item = usize> + '_ {
        std::iter::once(self.rook).chain(self.other_rooks.iter().copied())
    }
}

/// Pawn promotion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// First rank of the promotion zone, 0-based and relative to the mover
    /// (7 in chess: the 8th rank).
    pub zone_start: u8,
    /// Indices in [`Variant::pieces`] of the pieces one may promote to.
    pub pieces: Vec<usize>,
    /// Black's choices when they differ from White's [`Promotion::pieces`]
    /// (Chigorin chess: White's chancellor, Black's queen).
    pub pieces_black: Option<Vec<usize>>,
    /// Black's first zone rank (relative to Black) when it differs from
    /// White's [`Promotion::zone_start`] (variants.ini promotion regions of
    /// different depths).
    pub zone_start_black: Option<u8>,
    /// Per colour, the promotion squares (frame bits, `rank * 16 + file`)
    /// when they are not whole ranks (variants.ini's promotion regions:
    /// Troitzky chess's last square of each file); the zone ranks are
    /// then ignored.
    pub region: Option<[Bb256; 2]>,
    /// Whether a pawn entering the zone must promote; when `false` (Grand
    /// chess) it may stay a pawn except on the last rank.
    pub mandatory: bool,
    /// Per piece index, the most of that piece a side may own after
    /// promoting (Grand chess: one queen, two rooks, …); pieces not listed
    /// are unlimited.
    pub limits: Vec<(usize, u8)>,
}

/// A rectangle of squares, 0-based and inclusive, in absolute coordinates
/// (White's a1 is file 0, rank 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// First and last file.
    pub files: (u8, u8),
    /// First and last rank.
    pub ranks: (u8, u8),
}

impl Region {
    /// Whether (file, rank) lies inside.
    pub fn contains(&self, file: u8, rank: u8) -> bool {
        (self.files.0..=self.files.1).contains(&file)
            && (self.ranks.0..=self.ranks.1).contains(&rank)
    }
}

/// Squares a piece may move to, per colour (xiangqi's palace and river).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MobilityRegion {
    /// Index in [`Variant::pieces`].
    pub piece: usize,
    /// White's region.
    pub white: Region,
    /// Black's region.
    pub black: Region,
}

/// Extra moves a piece has while it stands in a region (the xiangqi soldier
/// steps sideways once across the river). Only leaps (plain or lame).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneMoves {
    /// Index in [`Variant::pieces`].
    pub piece: usize,
    /// Where White's piece gains the moves.
    pub white: Region,
    /// Where Black's piece gains the moves.
    pub black: Region,
    /// The extra moves.
    pub def: PieceDef,
}

pub use sqlchess_types::RelativeOutcome;

/// A variant: board, pieces, start position and rules, all data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Name (Fairy-Stockfish's for built-ins).
    pub name: String,
    /// Number of files, 1..=16.
    pub width: u8,
    /// Number of ranks, 1..=16.
    pub height: u8,
    /// The piece kinds; at most 32, letters distinct.
    pub pieces: Vec<PieceType>,
    /// The start position.
    pub start_fen: String,
    /// Index of the royal piece (may not be left in check), if any.
    pub royal: Option<usize>,
    /// Index of the pawn: the piece that promotes and captures en passant.
    pub pawn: Option<usize>,
    /// Black's pawn when it is another piece (Spartan chess's hoplite);
    /// `None` when both sides' pawn is [`Variant::pawn`].
    pub pawn_black: Option<usize>,
    /// A second piece that promotes as the pawn does, steps twice from the
    /// double-step region and resets the move clock, but never takes en
    /// passant (Wolf chess's sergeant: `promotionPawnTypes = ps` with
    /// `nMoveRuleTypes = ps`). After its double step both the square it
    /// passed and the one it reached are en-passant squares, whether or not
    /// a pawn can take there, as Fairy-Stockfish writes them (`b3b4`).
    pub second_pawn: Option<usize>,
    /// Whether initial-only moves (the pawn double step) exist at all.
    pub double_step: bool,
    /// Relative ranks (0-based, inclusive) from which initial-only moves may
    /// be made: (1, 1) in chess, (2, 2) in Grand chess.
    pub double_step_ranks: (u8, u8),
    /// Whether en passant captures exist.
    pub en_passant: bool,
    /// Castling, if any.
    pub castling: Option<Castling>,
    /// Chess960 castling notation (UCI king-takes-rook, X-FEN rights).
    pub chess960: bool,
    /// Promotion, if any.
    pub promotion: Option<Promotion>,
    /// Result for the side to move when it has no legal move and is in check.
    pub checkmate: RelativeOutcome,
    /// Result for the side to move when it has no legal move and is not in
    /// check.
    pub stalemate: RelativeOutcome,
    /// Squares some pieces are confined to.
    pub regions: Vec<MobilityRegion>,
    /// Moves some pieces gain in a region.
    pub zone_moves: Vec<ZoneMoves>,
    /// Xiangqi's rule that the two royal pieces may not face each other on a
    /// file with nothing between them.
    pub flying_general: bool,
    /// Pieces in hand may be dropped on empty squares (shogi).
    pub drops: bool,
    /// Captured pieces go to the captor's hand, demoted to their base piece.
    pub captures_to_hand: bool,
    /// Shogi-style promotions: (piece, promoted piece). The promoted piece is
    /// written `+` and the base letter in FEN and promotes with `+` in UCI.
    /// Several pieces may promote to one type (up to
    /// [`MAX_PROMOTION_BASES`]; Cannon shogi's copper and silver cannons
    /// both become a gold cannon): a marked piece of that type remembers
    /// which it was ([`Variant::promotion_bases`]).
    pub piece_promotions: Vec<(usize, usize)>,
    /// First rank (0-based, relative) of the zone where a move starting or
    /// ending there may promote a piece of [`Variant::piece_promotions`].
    pub piece_promotion_zone: u8,
    /// Black's first piece-promotion rank (relative) when it differs from
    /// [`Variant::piece_promotion_zone`].
    pub piece_promotion_zone_black: Option<u8>,
    /// A piece may not move or be dropped where it could never move again
    /// (a shogi pawn or lance on the last rank, a knight on the last two).
    pub immobility_illegal: bool,
    /// A piece that may not be dropped on a file already holding an
    /// unpromoted one of the same side (the shogi pawn: nifu).
    pub drop_no_doubled: Option<usize>,
    /// Dropping that piece to give immediate checkmate is illegal
    /// (uchifuzume).
    pub drop_mate_illegal: bool,
    /// Relative ranks (0-based, inclusive) the pawn may be dropped on
    /// (crazyhouse: 1..=6, not on the first or last rank).
    pub pawn_drop_ranks: (u8, u8),
    /// Seirawan gating: a piece leaving a back-rank square it has not left
    /// before may put a piece from the hand on that square.
    pub gating: bool,
    /// Per colour, the squares (frame bits, `rank * 16 + file`) pieces may
    /// be dropped on (all when `None`).
    pub drop_region: Option<[Bb256; 2]>,
    /// Per colour, the squares (frame bits, `rank * 16 + file`) from which
    /// initial-only moves may be made, instead of
    /// [`Variant::double_step_ranks`] (horde: White's pawns also on the first
    /// rank).
    pub double_step_region: Option<[Bb256; 2]>,
    /// Per colour, the squares from which a pawn may also step three
    /// squares straight ahead over two empty ones (`tripleStepRegionWhite`
    /// / `Black`: Wildebeest's second rank); each square it passes that an
    /// enemy pawn attacks may be taken on en passant.
    pub triple_step_region: Option<[Bb256; 2]>,
    /// Atomic: a capture removes the captured piece, the capturing piece and
    /// every piece but pawns next to the target square; a royal piece may
    /// not capture, and two royal pieces side by side do not check each
    /// other.
    pub blast_on_capture: bool,
    /// Pieces that explosions spare when next to the capture (atomic: the
    /// pawns, Fairy-Stockfish's pawn piece, not custom pawns).
    pub blast_immune: Vec<usize>,
    /// Captures are compulsory (antichess); in check, among the evasions.
    pub must_capture: bool,
    /// Whether moves may give check (`false` in racing kings).
    pub checking: bool,
    /// The extinction rule, if any.
    pub extinction: Option<Extinction>,
    /// The capture-the-flag rule (king of the hill, racing kings), if any.
    pub flag: Option<Flag>,
    /// Check counting (three-check): each side has a number of checks left
    /// to give, written in FEN as `3+3` (left) or `+0+0` (given); the side
    /// that gives its last check wins.
    pub check_counting: bool,
    /// Shogi-style promoted pieces are ordinary piece types told apart by a
    /// mark on their square (variants.ini's `promotedPieceType`, where a
    /// pawn may promote to a commoner that also starts on the board): a
    /// marked piece is written `+` and its base letter and returns to the
    /// hand as its base; an unmarked one is itself. When `false`, the
    /// promoted types of [`Variant::piece_promotions`] exist only promoted
    /// (the built-in shogi's tokin).
    pub promotion_marked: bool,
    /// A piece of [`Variant::piece_promotions`] must promote when it can
    /// (variants.ini's `mandatoryPiecePromotion`).
    pub mandatory_piece_promotion: bool,
    /// A promoted piece of [`Variant::piece_promotions`] moving in the zone
    /// may turn back into its base piece (`pieceDemotion`; with
    /// [`Variant::mandatory_piece_promotion`] it must: Kyoto shogi's pieces
    /// flip at every move). Written `-` in UCI.
    pub piece_demotion: bool,
    /// A piece in hand may be dropped promoted (`dropPromoted`): written
    /// `+` and its letter before the `@` in UCI.
    pub drop_promoted: bool,
    /// Pieces promote and demote only by capturing
    /// (`piecePromotionOnCapture`: Micro shogi).
    pub piece_promotion_on_capture: bool,
    /// The n-move rule: the game may be drawn after this many moves of each
    /// side without a capture or pawn move (50 in chess; 0: none).
    pub n_move_rule: u16,
    /// The n-fold repetition rule: the game ends when a position occurs
    /// this many times (3 in chess; 0: never).
    pub n_fold_rule: u8,
    /// The result of an n-fold repetition for the side to move (draw in
    /// chess).
    pub n_fold_value: RelativeOutcome,
    /// [`Variant::n_fold_value`] is White's result whichever side is to
    /// move (variants.ini's `nFoldValueAbsolute`).
    pub n_fold_value_absolute: bool,
    /// A repetition in which one side gave check at every move of the
    /// cycle loses for that side (variants.ini's `perpetualCheckIllegal`).
    pub perpetual_check_illegal: bool,
    /// Janggi's rule against moving back and forth (variants.ini's
    /// `moveRepetitionIllegal`): a side that moved one piece back and
    /// forth four times in a row, out of check and without the piece
    /// having arrived by a capture, loses ([`crate::Position::optional_game_end`]).
    pub move_repetition_illegal: bool,
    /// The connect rule (tic-tac-toe, connect four), if any.
    pub connect: Option<Connect>,
    /// While a side has pieces in hand it must drop one (variants.ini's
    /// `mustDrop`).
    pub must_drop: bool,
    /// With [`Variant::must_drop`], the one piece type that must be dropped
    /// while a side holds one (Koedem's kings); `None` for any piece.
    pub must_drop_type: Option<usize>,
    /// Sittuyin's promotion (variants.ini's `sittuyinPromotion`): a pawn
    /// never promotes by moving into the promotion region. Instead, as a
    /// move of its own, a pawn turns into a promotion piece (below its
    /// `promotionLimit` on the board) where it stands or one step of that
    /// piece away onto an empty square, so long as the new piece attacks
    /// no enemy piece. With several pawns, only one standing in the region
    /// may; the last pawn may anywhere. Written `d4d4f` and `d4=F`,
    /// `d4c3f` and `d4c3=F`, as Fairy-Stockfish writes them.
    pub sittuyin_promotion: bool,
    /// Rooks are dropped on the first rank only (`sittuyinRookDrop`).
    pub sittuyin_rook_drop: bool,
    /// Where a drop may go (variants.ini's `enclosingDrop`); `None`: any
    /// empty square its other rules allow.
    pub enclosing_drop: Option<EnclosingRule>,
    /// Which enemy pieces turn to the mover's colour after a move or a drop
    /// (variants.ini's `flipEnclosedPieces`: reversi, ataxx or
    /// quadwrangle); `None`: none.
    pub flip_enclosed: Option<EnclosingRule>,
    /// Squares to fill first, while any is empty, drops go there and only
    /// there (`enclosingDropStart`: Othello's four centre squares); frame
    /// bits, `rank * 16 + file`.
    pub drop_start: Option<Bb256>,
    /// Drops need no piece in hand and take none (`freeDrops`).
    pub free_drops: bool,
    /// A full board ends the game, the side with more pieces winning
    /// (`adjudicateFullBoard`).
    pub adjudicate_full_board: bool,
    /// In check, the royal piece may only capture the checking piece
    /// (makpong; variants.ini's `makpongRule`).
    pub makpong: bool,
    /// Castling on a wing takes the opponent's right to castle on the same
    /// wing (variants.ini's `oppositeCastling`).
    pub opposite_castling: bool,
    /// Per colour and wing (0: the rook on the higher file, `K`/`k`; 1: the
    /// lower, `Q`/`q`), whether castling there wins and losing the right
    /// loses (variants.ini's `castlingWins`).
    pub castling_wins: [[bool; 2]; 2],
    /// Cambodian chess's first moves (variants.ini's `cambodianMoves`, with
    /// `gating`): from a square that keeps its right (a gating flag, `DEde`
    /// in the FEN), the royal piece may leap two files aside and one rank
    /// forward, not while in check, and the met (the piece that moves as a
    /// fers) two squares straight forward, over any piece; both only onto
    /// an empty square. A rook that lands on the file or rank of the other
    /// king takes that king's right away.
    pub cambodian_moves: bool,
    /// Piece types that turn to stone (a wall, `*`) on the square where
    /// they capture (variants.ini's `petrifyOnCaptureTypes`; petrified
    /// chess). A royal piece among them neither captures nor attacks.
    pub petrify_on_capture: Vec<usize>,
    /// A bishop dropped beside another of its side goes on the other colour
    /// of square (variants.ini's `dropOppositeColoredBishop`; placement).
    pub drop_opposite_colored_bishop: bool,
    /// Dropping the king on the e-file of its back rank with a castling
    /// rook in a corner of it, or such a rook beside such a king, gives
    /// that castling right (variants.ini's `castlingDroppedPiece`;
    /// placement).
    pub castling_dropped_piece: bool,
    /// Stalemate is decided by the pieces left: the side with fewer gets
    /// [`Variant::stalemate`], the side with more its opposite, equal
    /// counts draw (suicide chess; variants.ini's `stalematePieceCount`).
    pub stalemate_piece_count: bool,
    /// Captured pieces that were pawns keep their promoted kind in the
    /// captor's hand (loop chess, chessgi; variants.ini's `dropLoop`).
    pub drop_loop: bool,
    /// How many unpromoted pieces of [`Variant::drop_no_doubled`] a file
    /// may hold before no more may be dropped there (1 in shogi, 2 in tori
    /// shogi; variants.ini's `dropNoDoubledCount`).
    pub drop_no_doubled_count: u8,
    /// Squares (frame bits, `rank * 16 + file`) a piece may move and be
    /// dropped to, per colour, beside [`Variant::regions`] (variants.ini's
    /// `mobilityRegionWhiteKing` and friends).
    pub square_regions: Vec<(usize, [Bb256; 2])>,
    /// Whether a drop may give check (variants.ini's `dropChecks`; with
    /// explosions drops check all the same, as in Fairy-Stockfish).
    pub drop_checks: bool,
    /// Per colour, whether that side may pass instead of moving when not
    /// in check (variants.ini's `pass`, `passWhite`, `passBlack`).
    pub pass: [bool; 2],
    /// Per colour, whether that side passes when it has no legal move and
    /// is not in check, instead of being stalemated (variants.ini's
    /// `passOnStalemate` and its per-colour forms).
    pub pass_on_stalemate: [bool; 2],
    /// The extinction pieces are pseudo-royal (variants.ini's
    /// `extinctionPseudoRoyal`): of each type of
    /// [`Extinction::pieces`] of which a side has at most
    /// [`Extinction::count`] + 1 on the board, a move may not leave one
    /// attacked or blow one up, unless it takes a pseudo-royal piece of the
    /// other side.
    pub pseudo_royal: bool,
    /// With [`Variant::pseudo_royal`], a side with more pieces of the
    /// extinction types than the pseudo-royal count may leave some of them
    /// attacked, but not all (`dupleCheck`: Spartan chess's two kings).
    pub duple_check: bool,
    /// The extinction pieces count as one kind, for the extinction and the
    /// pseudo-royal counts (Sho shogi's king and crown prince, one type in
    /// Fairy-Stockfish).
    pub extinction_together: bool,
    /// How a drawn ending (stalemate, the n-move rule, repetition, and
    /// janggi's bikjang and double pass) is decided instead, if at all:
    /// variants.ini's `materialCounting`.
    pub material_counting: Option<MaterialCounting>,
    /// Makruk-style counting (variants.ini's `countingRule`): once a side
    /// is down to its king, or once no pawn is left, the stronger side
    /// must mate within a number of moves its material sets, or the game
    /// may be claimed as a draw.
    pub counting: Option<CountingRule>,
    /// Janggi's palace diagonals (variants.ini's `diagonalLines`, as frame
    /// bits): from a square of the set, a wazir (and a king that moves as
    /// one) also steps, a rook also slides, a janggi cannon also hops and
    /// a soldier also steps forward, diagonally, onto squares of the set.
    pub diagonal_lines: Option<Bb256>,
    /// Janggi's bikjang (variants.ini's `bikjangRule`): when the two kings
    /// face each other on a file with nothing between, the side to move
    /// must break the line or pass, and passing ends the game as a draw
    /// decided by [`Variant::material_counting`].
    pub bikjang: bool,
    /// Shatar's mate (variants.ini's `shatarMateRule`, Mongolian chess): a
    /// mate given by knights alone loses for the side that gives it; any
    /// other mate wins only if the unbroken series of checks that side gave
    /// up to it holds a shak, a check by a rook, a bers or a knight
    /// ([`SHAK_PIECES`]), and is a draw otherwise.
    pub shatar_mate: bool,
    /// Positions may hold walls (`*` in FEN: Gustav III's and Omicron's
    /// corners); the packed form then records them.
    pub walls: bool,
    /// Pieces no explosion removes, not even the capturing one
    /// (variants.ini's `blastImmuneTypes`: atomar's kings).
    pub blast_proof: Vec<usize>,
    /// Pieces that may not capture one another (variants.ini's
    /// `mutuallyImmuneTypes`: atomar's kings).
    pub mutually_immune: Vec<usize>,
    /// Where the side that moved puts a wall (variants.ini's
    /// `wallingRule`), if anywhere.
    pub walling: Option<WallingRule>,
    /// A turn either moves a piece or puts a wall, not both
    /// (`wallOrMove`; Atlantis). The wall alone is written as a move of
    /// the mover's first piece to its own square (`a1a1,a1a4`), and, as
    /// Fairy-Stockfish writes them, the other moves name `a1` as their
    /// wall's square (`b1c3,c3a1`, `Nc3,a1`), which puts none.
    pub wall_or_move: bool,
    /// Per colour, the squares (frame bits) it may put walls on
    /// (variants.ini's `wallingRegionWhite` / `wallingRegionBlack`).
    pub walling_region: [Bb256; 2],
}

/// Which counting of the moves left to mate a variant keeps (variants.ini's
/// `countingRule`), as Fairy-Stockfish counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountingRule {
    /// Makruk: with pieces on both sides and no pawn, 64 moves (the
    /// board's honour); against a lone king, by the stronger side's best
    /// piece (two rooks 8, a rook 16, two khons 22, two knights 32, a khon
    /// 44, else 64), counted from the pieces left.
    Makruk,
    /// Cambodian chess: as makruk's, one less each, and no count while the
    /// counted side has more than three pieces.
    Cambodian,
    /// ASEAN chess and sittuyin: against a lone king only, a rook 16, a
    /// khon 44, a knight 64 moves, counted from zero.
    Asean,
}

/// How a drawn ending is decided instead (variants.ini's
/// `materialCounting`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterialCounting {
    /// Janggi's points: rook 13, janggi cannon 7, horse 5, janggi elephant
    /// 3, wazir 3, soldier 2, with 1.5 to Black; the side ahead wins.
    Janggi,
    /// The side with more pieces on the board wins; equal is a draw.
    Unweighted,
    /// White wins every drawn ending.
    WhiteDrawOdds,
    /// Black wins every drawn ending (armageddon).
    BlackDrawOdds,
}

impl MaterialCounting {
    /// Janggi's points for a piece of this Fairy-Stockfish name.
    pub fn janggi_points(name: &str) -> i32 {
        match name {
            "rook" => 13,
            "janggiCannon" => 7,
            "horse" => 5,
            "janggiElephant" | "wazir" => 3,
            "soldier" => 2,
            _ => 0,
        }
    }
}

/// Where a side puts a wall after each move (variants.ini's
/// `wallingRule`): walls are empty squares no piece may enter or cross.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallingRule {
    /// On a square the moved piece could move to from its arrival square
    /// (the arrows of the game of the amazons).
    Arrow,
    /// The one wall, the duck, moves to any other empty square (duck
    /// chess).
    Duck,
    /// On the square the piece left (snail trail, joust).
    Past,
    /// On any empty square of the walling region (isolation).
    Static,
    /// On an empty square at the edge of the board or next to a wall
    /// (orthogonally): Atlantis sinks the board from its rim inwards.
    Edge,
}

/// The enclosing rules of variants.ini (`enclosingDrop` and
/// `flipEnclosedPieces`), named as there. As a drop rule each says where a
/// drop may go; as a flip rule, which enemy pieces change colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnclosingRule {
    /// Drop: only where it encloses a line of enemy pieces (in any of the
    /// eight directions) against one of the mover's. Flip: every line a
    /// drop encloses (reversi, othello).
    Reversi,
    /// Drop: only next to one of the mover's pieces (a clone). Flip: every
    /// enemy piece next to the arrival square of a move or a drop.
    Ataxx,
    /// Flip only: as ataxx after a move; after a drop, only when one of the
    /// mover's pieces stands next to the dropped one.
    Quadwrangle,
    /// Drop only: never orthogonally next to an enemy piece (snort).
    Snort,
    /// Drop only: as if pushed in from an edge of the board (see
    /// `anyside_drops` in the position module for how Fairy-Stockfish
    /// plays a board with gaps).
    Anyside,
    /// Drop only: onto a piece or the bottom edge, as in connect four.
    Top,
}

/// Connect n: a side that has `n` of its pieces in a row (or an `nxn`
/// square of them) after its move gets `value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect {
    /// Pieces in a row needed (0: none).
    pub n: u8,
    /// Side of a square of pieces needed (0: none).
    pub nxn: u8,
    /// Pieces on one line needed, other squares allowed between them (0:
    /// none; variants.ini's `collinearN`: three musketeers).
    pub collinear: u8,
    /// Whether rows along ranks count.
    pub horizontal: bool,
    /// Whether rows along files count.
    pub vertical: bool,
    /// Whether diagonal rows count.
    pub diagonal: bool,
    /// The pieces that count, by index; `None` for all.
    pub pieces: Option<Vec<usize>>,
    /// Per colour, two regions (frame bits, `rank * 16 + file`) that a
    /// chain of the colour's counted pieces must join, each piece next to
    /// the last in the directions above taken one way, as Fairy-Stockfish
    /// does (east, north, north-east, south-east: from the first region
    /// towards the second) (variants.ini's `connectRegion1White`
    /// and friends: gale, hex); `None` when no colour has regions.
    pub regions: Option<[[Bb256; 2]; 2]>,
    /// The result for the side that connects (a win unless misère).
    pub value: RelativeOutcome,
}

/// A side that has none left of some pieces (on the board and in hand)
/// gets a fixed result (antichess: losing everything wins; horde: White
/// loses with its last piece; atomic: losing the king loses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// The result for the side whose pieces are extinct.
    pub value: RelativeOutcome,
    /// The pieces counted, by index; `None` for all of them.
    pub pieces: Option<Vec<usize>>,
    /// The count at or below which they are extinct (0: none left).
    pub count: u32,
    /// The count of the same pieces the other side must have for the rule
    /// to apply (shatranj's bare king: 2; 0 in most variants).
    pub opponent_count: u32,
    /// The side to move whose pieces are extinct needs one more opposing
    /// piece for the rule to apply: it may still bare the other side
    /// (variants.ini's `extinctionClaim`).
    pub claim: bool,
}

/// Capture the flag: a side wins when its flag piece stands in its region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The piece that must get there; `None` for any piece.
    pub piece: Option<usize>,
    /// White's and Black's target squares (frame bits, `rank * 16 + file`).
    pub region: [Bb256; 2],
    /// The other side gets one more move (racing kings): White's arrival
    /// is answered by Black, and Black getting there too draws.
    pub flag_move: bool,
    /// How many flag pieces must stand in the region at once (1 but in
    /// halma-like games; variants.ini's `flagPieceCount`).
    pub count: u32,
    /// The flag pieces there must be safe (`flagPieceSafe`): with exactly
    /// `count` of them in the region, one the side to move can legally
    /// capture does not count (with more, the spare ones cover it). With
    /// `flag_move` (alapo), a safe arrival wins at once and only an unsafe
    /// one gives the other side its move, winning if it survives it.
    pub safe: bool,
    /// With `count` above one, a side also wins with fewer flag pieces
    /// there, at least one, once every square of its region is taken
    /// (variants.ini's `flagPieceBlockedWin`: kono).
    pub blocked_win: bool,
}

/// Why a variant could not be built or found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// No built-in variant of that name.
    #[error("unknown variant {0:?}")]
    Unknown(String),
    /// Board size outside 1..=16.
    #[error("variant {variant:?}: board size {width}x{height} outside 1..16")]
    BoardSize {
        /// Variant name.
        variant: String,
        /// Files.
        width: u32,
        /// Ranks.
        height: u32,
    },
    /// Two pieces with one letter, or more than 32 pieces.
    #[error("variant {variant:?}: piece letter {letter:?} {problem}")]
    Letter {
        /// Variant name.
        variant: String,
        /// The letter.
        letter: char,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// Zone moves other than plain or lame leaps.
    #[error("variant {variant:?}: zone moves {notation:?} must be leaps")]
    ZoneMoves {
        /// Variant name.
        variant: String,
        /// The notation of the zone moves.
        notation: String,
    },
    /// A file or rank of the rules that lies off the board.
    #[error("variant {variant:?}: `{field}` is {value}, off a board of {limit}")]
    OffBoard {
        /// Variant name.
        variant: String,
        /// The option (`castlingKingsideFile`, `promotionRank`, …).
        field: &'static str,
        /// Its value, 1-based.
        value: u32,
        /// The board's files or ranks.
        limit: u32,
    },
    /// A field refers to a piece index that does not exist.
    #[error("variant {variant:?}: field `{field}` refers to a missing piece")]
    MissingPiece {
        /// Variant name.
        variant: String,
        /// The field.
        field: &'static str,
    },
}

/// The moves (Betza) of the pieces whose check is a shak under
/// [`Variant::shatar_mate`]: the rook, the bers (rook and fers) and the
/// knight (whose check counts in a series, though its mate alone loses).
pub const SHAK_PIECES: [&str; 3] = ["R", "RF", "N"];

/// The most pieces that may promote to one piece type
/// ([`Variant::piece_promotions`]): a position keeps which of them a marked
/// piece was in three bits per square.
pub const MAX_PROMOTION_BASES: usize = 8;

/// The values of the chess pieces, in centipawns, as engines play them
/// (the bishop a little above the knight, the queen under two rooks).
const CHESS_VALUES: [(&str, i32); 5] = [
    ("pawn", PAWN_VALUE),
    ("knight", 325),
    ("bishop", 335),
    ("rook", 500),
    ("queen", 975),
];

/// The compounds of the ten-file variants (and S-chess's hawk and
/// elephant): measured in engine matches at nearly a queen each, the
/// archbishop (bishop and knight) a little under the chancellor (rook
/// and knight), far above the sum their mobility suggests.
pub(crate) const ARCHBISHOP_VALUE: i32 = 850;
/// See [`ARCHBISHOP_VALUE`].
pub(crate) const CHANCELLOR_VALUE: i32 = 900;

/// The value of a pawn, in centipawns.
pub const PAWN_VALUE: i32 = 100;

/// A piece's value from its mobility: `35 × m + 120` centipawns, where `m` is
/// its average number of moves over every square of the empty board.
pub fn value_from_mobility(average_moves: f64) -> i32 {
    (35.0 * average_moves + 120.0).round() as i32
}

/// The names [`Variant::builtin`] accepts, aliases included: those built
/// here, then those written as variants.ini sections (`builtin_ini.rs`,
/// which lists its own).
pub fn variant_names() -> impl Iterator<Item = &'static str> {
    BUILTIN_NAMES
        .iter()
        .chain(crate::builtin_ini::NAMES)
        .copied()
}

const BUILTIN_NAMES: &[&str] = &[
    "shogi",
    "crazyhouse",
    "seirawan",
    "caparandom",
    "gothic",
    "embassy",
    "janus",
    "modern",
    "chancellor",
    "centaur",
    "almost",
    "amazon",
    "knightmate",
    "shako",
    "chess",
    "chess960",
    "fischerandom",
    "capablanca",
    "grand",
    "nocastle",
    "cannonhorse",
    "xiangqi",
    "makruk",
    "atomic",
    "antichess",
    "kingofthehill",
    "3check",
    "5check",
    "racingkings",
    "horde",
    "gardner",
    "losalamos",
    "breakthrough",
    "giveaway",
    "extinction",
    "nocheckatomic",
    "minishogi",
    "dobutsu",
    "legan",
    "kyotoshogi",
    "micro",
    "shoshogi",
    "flipersi",
    "flipello",
    "flipello10",
    "ataxx",
    "spartan",
    "nightrider",
    "grasshopper",
    "losers",
    "misere",
    "capahouse",
    "chessgi",
    "mini",
    "ai-wok",
    "hoppelpoppel",
    "newzealand",
    "torpedo",
    "torishogi",
    "yarishogi",
    "pawnback",
    "minixiangqi",
    "manchu",
    "okisakishogi",
];

pub(crate) fn piece(name: &str, letter: char) -> PieceType {
    let notation = catalogue::lookup(name).unwrap_or("K");
    // Catalogue notations are tested to parse; fall back to a king only if
    // the catalogue were ever edited wrongly.
    let def =
        PieceDef::parse(notation).unwrap_or_else(|_| PieceDef::from_components("K", Vec::new()));
    PieceType {
        name: name.to_string(),
        letter,
        def,
        value: None,
    }
}

impl Variant {
    /// The pieces that promote to piece `promoted`
    /// ([`Variant::piece_promotions`]), in the order the variant lists
    /// them: a marked piece of that type was one of these.
    ///
    /// ```
    /// use sqlchess_fairy::Variant;
    /// let shogi = Variant::builtin("shogi").unwrap();
    /// let tokin = shogi.piece_by_letter('p').and_then(|p| {
    ///     shogi.piece_promotions.iter().find(|&&(a, _)| a == p).map(|&(_, q)| q)
    /// });
    /// assert_eq!(shogi.promotion_bases(tokin.unwrap()).count(), 1);
    /// ```
    pub fn promotion_bases(&self, promoted: usize) -> impl Iterator<Item = usize> + '_ {
        self.piece_promotions
            .iter()
            .filter(move |&&(_, q)| q == promoted)
            .map(|&(a, _)| a)
    }

    /// The pawn of side `c` (0 White, 1 Black): the piece that promotes,
    /// takes en passant and resets the move clock.
    pub fn pawn_of(&self, c: usize) -> Option<usize> {
        if c == 1 && self.pawn_black.is_some() {
            self.pawn_black
        } else {
            self.pawn
        }
    }

    /// Whether piece `t` of side `c` promotes, steps twice and resets the
    /// move clock as a pawn: the pawn, or the [`Variant::second_pawn`].
    #[inline]
    pub fn promotes_as_pawn(&self, c: usize, t: usize) -> bool {
        self.pawn_of(c) == Some(t) || self.second_pawn == Some(t)
    }

    /// A built-in variant by Fairy-Stockfish name: `chess`, `chess960` (alias
    /// `fischerandom`), `capablanca`, `caparandom`, `grand`, `makruk`, `xiangqi`, `shogi`, `crazyhouse`, `seirawan`, `gothic`,
    /// `embassy`, `janus`, `modern`, `chancellor`, `centaur`, `almost`,
    /// `amazon`, `knightmate`, `shako`, `nocastle`, and `cannonhorse`
    /// (chess with xiangqi cannons and horses, a test bed for hoppers and lame
    /// leapers).
    ///
    /// ```
    /// let v = sqlchess_fairy::Variant::builtin("capablanca").unwrap();
    /// assert_eq!((v.width, v.height), (10, 8));
    /// ```
    ///
    /// # Errors
    /// [`VariantError::Unknown`] for any other name.
    pub fn builtin(name: &str) -> Result<Variant, VariantError> {
        let lower = name.to_ascii_lowercase();
        let mut v = Variant::chess();
        match lower.as_str() {
            "chess" => {}
            "chess960" | "fischerandom" => {
                v.name = lower.clone();
                v.chess960 = true;
            }
            "nocastle" => {
                v.name = lower.clone();
                v.castling = None;
                v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into();
            }
            "capablanca" => {
                v.name = lower.clone();
                v.width = 10;
                v.pieces.push(piece("archbishop", 'a'));
                v.pieces.push(piece("chancellor", 'c'));
                v.set_values(&[
                    ("archbishop", ARCHBISHOP_VALUE),
                    ("chancellor", CHANCELLOR_VALUE),
                ]);
                v.start_fen =
                    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1".into();
                v.castling = Some(Castling {
                    rook: 3,
                    other_rooks: Vec::new(),
                    kingside_file: 8,
                    queenside_file: 2,
                    rank: 0,
                    king: None,
                });
                if let Some(p) = v.promotion.as_mut() {
                    p.pieces = vec![1, 2, 3, 4, 6, 7];
                }
            }
            "grand" => {
                v.name = lower.clone();
                v.width = 10;
                v.height = 10;
                v.pieces.push(piece("archbishop", 'a'));
                v.pieces.push(piece("chancellor", 'c'));
                v.set_values(&[
                    ("archbishop", ARCHBISHOP_VALUE),
                    ("chancellor", CHANCELLOR_VALUE),
                ]);
                v.start_fen =
                    "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"
                        .into();
                v.castling = None;
                v.double_step_ranks = (2, 2);
                v.promotion = Some(Promotion {
                    zone_start: 7,
                    zone_start_black: None,
                    region: None,
                    pieces: vec![6, 7, 4, 3, 2, 1],
                    pieces_black: None,
                    mandatory: false,
                    limits: vec![(6, 1), (7, 1), (4, 1), (3, 2), (2, 2), (1, 2)],
                });
            }
            "makruk" => {
                // Thai chess: khon (silver general, FfW) and met (ferz, F);
                // pawns without double step promote to met on the 6th rank.
                v.name = lower.clone();
                let custom = |name: &str, letter: char, betza: &str| PieceType {
                    name: name.into(),
                    letter,
                    def: PieceDef::parse(betza)
                        .unwrap_or_else(|_| PieceDef::from_components("", Vec::new())),
                    value: None,
                };
                v.pieces = vec![
                    piece("pawn", 'p'),
                    piece("knight", 'n'),
                    custom("khon", 's', "FfW"),
                    piece("rook", 'r'),
                    custom("met", 'm', "F"),
                    piece("king", 'k'),
                ];
                v.start_fen = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1".into();
                v.double_step = false;
                v.en_passant = false;
                v.castling = None;
                v.promotion = Some(Promotion {
                    zone_start: 5,
                    zone_start_black: None,
                    region: None,
                    pieces: vec![4],
                    pieces_black: None,
                    mandatory: true,
                    limits: Vec::new(),
                });
                // Makruk counts moves its own way, not by the n-move rule.
                v.n_move_rule = 0;
                v.counting = Some(CountingRule::Makruk);
            }
            "xiangqi" => {
                // Generals and advisors keep to the palace, elephants to their
                // own side of the river; soldiers also step sideways once
                // across it; the generals may not face each other.
                v.name = lower.clone();
                let custom = |name: &str, letter: char, betza: &str| PieceType {
                    name: name.into(),
                    letter,
                    def: PieceDef::parse(betza)
                        .unwrap_or_else(|_| PieceDef::from_components("", Vec::new())),
                    value: None,
                };
                v.width = 9;
                v.height = 10;
                v.pieces = vec![
                    custom("soldier", 'p', "fW"),
                    custom("horse", 'n', "nN"),
                    custom("elephant", 'b', "nA"),
                    piece("rook", 'r'),
                    // Fairy-Stockfish's names, which variants.ini sections
                    // inheriting from xiangqi use.
                    custom("fers", 'a', "F"),
                    custom("king", 'k', "W"),
                    custom("cannon", 'c', "mRcpR"),
                ];
                v.start_fen =
                    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".into();
                // The values xiangqi players count with (a soldier 1, a
                // chariot 9); a soldier across the river gains its sideways
                // steps, which the evaluation adds where it stands.
                v.set_values(&[
                    ("soldier", 100),
                    ("horse", 400),
                    ("elephant", 200),
                    ("rook", 900),
                    ("fers", 200),
                    ("cannon", 450),
                ]);
                v.royal = Some(5);
                v.pawn = None;
                v.double_step = false;
                v.en_passant = false;
                v.castling = None;
                v.promotion = None;
                v.stalemate = RelativeOutcome::Loss;
                v.perpetual_check_illegal = true;
                let palace = |lo: u8| Region {
                    files: (3, 5),
                    ranks: (lo, lo + 2),
                };
                let half = |lo: u8| Region {
                    files: (0, 8),
                    ranks: (lo, lo + 4),
                };
                v.regions = vec![
                    MobilityRegion {
                        piece: 5,
                        white: palace(0),
                        black: palace(7),
                    },
                    MobilityRegion {
                        piece: 4,
                        white: palace(0),
                        black: palace(7),
                    },
                    MobilityRegion {
                        piece: 2,
                        white: half(0),
                        black: half(5),
                    },
                ];
                v.zone_moves = vec![ZoneMoves {
                    piece: 0,
                    white: half(5),
                    black: half(0),
                    def: PieceDef::parse("sW")
                        .unwrap_or_else(|_| PieceDef::from_components("", Vec::new())),
                }];
                v.flying_general = true;
            }
            "cannonhorse" => {
                v.name = lower.clone();
                v.pieces.push(PieceType {
                    name: "cannon".into(),
                    letter: 'o',
                    def: PieceDef::parse("mRcpR")
                        .unwrap_or_else(|_| PieceDef::from_components("", Vec::new())),
                    value: None,
                });
                v.pieces.push(PieceType {
                    name: "horse".into(),
                    letter: 'h',
                    def: PieceDef::parse("nN")
                        .unwrap_or_else(|_| PieceDef::from_components("", Vec::new())),
                    value: None,
                });
                v.start_fen =
                    "rhbqkbhr/pppppppp/1o4o1/8/8/1O4O1/PPPPPPPP/RHBQKBHR w KQkq - 0 1".into();
                if let Some(p) = v.promotion.as_mut() {
                    p.pieces = vec![1, 2, 3, 4, 6, 7];
                }
            }
            other => {
                match crate::builtin::extra(other).or_else(|| crate::builtin_ini::variant(other)) {
                    Some(extra) => v = extra,
                    None => return Err(VariantError::Unknown(name.to_string())),
                }
            }
        }
        Ok(v)
    }

    /// Standard chess as data (the generic path, not the 64-bit fast path).
    pub fn chess() -> Variant {
        let pieces = ["pawn", "knight", "bishop", "rook", "queen", "king"];
        let letters = ['p', 'n', 'b', 'r', 'q', 'k'];
        let mut v = Variant {
            name: "chess".into(),
            width: 8,
            height: 8,
            pieces: pieces
                .iter()
                .zip(letters)
                .map(|(n, l)| piece(n, l))
                .collect(),
            start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            royal: Some(5),
            pawn: Some(0),
            pawn_black: None,
            second_pawn: None,
            double_step: true,
            double_step_ranks: (1, 1),
            en_passant: true,
            castling: Some(Castling {
                rook: 3,
                other_rooks: Vec::new(),
                kingside_file: 6,
                queenside_file: 2,
                rank: 0,
                king: None,
            }),
            chess960: false,
            promotion: Some(Promotion {
                zone_start: 7,
                zone_start_black: None,
                region: None,
                pieces: vec![1, 2, 3, 4],
                pieces_black: None,
                mandatory: true,
                limits: Vec::new(),
            }),
            checkmate: RelativeOutcome::Loss,
            stalemate: RelativeOutcome::Draw,
            regions: Vec::new(),
            zone_moves: Vec::new(),
            flying_general: false,
            drops: false,
            captures_to_hand: false,
            piece_promotions: Vec::new(),
            piece_promotion_zone: 0,
            piece_promotion_zone_black: None,
            immobility_illegal: false,
            drop_no_doubled: None,
            drop_mate_illegal: false,
            pawn_drop_ranks: (0, 15),
            gating: false,
            double_step_region: None,
            triple_step_region: None,
            drop_region: None,
            blast_on_capture: false,
            blast_immune: Vec::new(),
            must_capture: false,
            checking: true,
            extinction: None,
            flag: None,
            check_counting: false,
            promotion_marked: false,
            mandatory_piece_promotion: false,
            n_move_rule: 50,
            n_fold_rule: 3,
            n_fold_value: RelativeOutcome::Draw,
            n_fold_value_absolute: false,
            perpetual_check_illegal: false,
            move_repetition_illegal: false,
            connect: None,
            must_drop: false,
            piece_demotion: false,
            drop_promoted: false,
            enclosing_drop: None,
            flip_enclosed: None,
            drop_start: None,
            free_drops: false,
            adjudicate_full_board: false,
            piece_promotion_on_capture: false,
            must_drop_type: None,
            sittuyin_promotion: false,
            sittuyin_rook_drop: false,
            makpong: false,
            opposite_castling: false,
            castling_wins: [[false; 2]; 2],
            cambodian_moves: false,
            petrify_on_capture: Vec::new(),
            drop_opposite_colored_bishop: false,
            castling_dropped_piece: false,
            stalemate_piece_count: false,
            drop_loop: false,
            drop_no_doubled_count: 1,
            square_regions: Vec::new(),
            drop_checks: true,
            pass: [false; 2],
            pass_on_stalemate: [false; 2],
            pseudo_royal: false,
            duple_check: false,
            extinction_together: false,
            material_counting: None,
            counting: None,
            diagonal_lines: None,
            bikjang: false,
            shatar_mate: false,
            walls: false,
            blast_proof: Vec::new(),
            mutually_immune: Vec::new(),
            walling: None,
            wall_or_move: false,
            walling_region: [Bb256::FULL; 2],
        };
        v.set_values(&CHESS_VALUES);
        v
    }

    /// Index of the piece with FEN letter `c` (either case).
    pub fn piece_by_letter(&self, c: char) -> Option<usize> {
        let l = c.to_ascii_lowercase();
        self.pieces.iter().position(|p| p.letter == l)
    }
    /// Sets the [`PieceType::value`] of each piece named, in centipawns
    /// (the built-in variants' pieces); names the variant lacks are skipped.
    pub(crate) fn set_values(&mut self, values: &[(&str, i32)]) {
        for &(name, value) in values {
            if let Some(p) = self.pieces.iter_mut().find(|p| p.name == name) {
                p.value = Some(value);
            }
        }
    }

    /// Each piece's value in centipawns for play, by index: its
    /// [`PieceType::value`] where it has one, otherwise what
    /// [`Variant::mobility_values`] gives it.
    ///
    /// ```
    /// let v = sqlchess_fairy::Variant::builtin("xiangqi").unwrap();
    /// let value = |name: &str| v.piece_values()[v.pieces.iter().position(|p| p.name == name).unwrap()];
    /// assert!(value("rook") >= 2 * value("cannon"));
    /// assert!(value("cannon") > value("horse"));
    /// ```
    pub fn piece_values(&self) -> Vec<i32> {
        self.mobility_values()
            .into_iter()
            .zip(&self.pieces)
            .enumerate()
            .map(|(i, (derived, p))| match p.value {
                Some(v) if Some(i) != self.royal => v,
                _ => derived,
            })
            .collect()
    }

    /// Each piece's value in centipawns from its moves alone, by index: 0
    /// for the royal piece, [`PAWN_VALUE`] for the pawn, and for every
    /// other piece [`value_from_mobility`] of its average number of moves
    /// over the empty board — so that every piece, including those nobody
    /// has tuned, gets a sensible value (on 8×8: knight 304, bishop 426,
    /// rook 610, queen 916). Material signatures order pieces by these,
    /// so that signatures already stored keep their order whatever values
    /// play uses.
    pub fn mobility_values(&self) -> Vec<i32> {
        let squares = f64::from(self.width) * f64::from(self.height);
        self.pieces
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if Some(i) == self.royal {
                    0
                } else if Some(i) == self.pawn || Some(i) == self.pawn_black {
                    PAWN_VALUE
                } else {
                    let moves = p.def.geometry(self.width, self.height).len() as f64;
                    value_from_mobility(moves / squares.max(1.0))
                }
            })
            .collect()
    }

    /// Checks sizes, letters and piece indices.
    ///
    /// # Errors
    /// The first problem found.
    pub fn validate(&self) -> Result<(), VariantError> {
        if !(1..=16).contains(&self.width) || !(1..=16).contains(&self.height) {
            return Err(VariantError::BoardSize {
                variant: self.name.clone(),
                width: self.width as u32,
                height: self.height as u32,
            });
        }
        if self.pieces.len() > crate::MAX_PIECE_TYPES {
            let letter = self.pieces[crate::MAX_PIECE_TYPES].letter;
            return Err(VariantError::Letter {
                variant: self.name.clone(),
                letter,
                problem: "is past the 32-piece limit",
            });
        }
        for (i, p) in self.pieces.iter().enumerate() {
            if !p.letter.is_ascii_alphabetic() {
                return Err(VariantError::Letter {
                    variant: self.name.clone(),
                    letter: p.letter,
                    problem: "is not a letter",
                });
            }
            if self.pieces[..i].iter().any(|q| q.letter == p.letter) {
                return Err(VariantError::Letter {
                    variant: self.name.clone(),
                    letter: p.letter,
                    problem: "is used twice",
                });
            }
        }
        let n = self.pieces.len();
        let bad = |field| VariantError::MissingPiece {
            variant: self.name.clone(),
            field,
        };
        if self.royal.is_some_and(|r| r >= n) {
            return Err(bad("royal"));
        }
        if self.pawn.is_some_and(|r| r >= n) {
            return Err(bad("pawn"));
        }
        if self.pawn_black.is_some_and(|r| r >= n) {
            return Err(bad("pawn_black"));
        }
        if self.must_drop_type.is_some_and(|r| r >= n) {
            return Err(bad("must_drop_type"));
        }
        if self
            .extinction
            .as_ref()
            .and_then(|e| e.pieces.as_ref())
            .is_some_and(|l| l.iter().any(|&i| i >= n))
        {
            return Err(bad("extinction.pieces"));
        }
        if self
            .connect
            .as_ref()
            .and_then(|c| c.pieces.as_ref())
            .is_some_and(|l| l.iter().any(|&i| i >= n))
        {
            return Err(bad("connect.pieces"));
        }
        if self.square_regions.iter().any(|&(i, _)| i >= n) {
            return Err(bad("square_regions"));
        }
        if self.blast_immune.iter().any(|&i| i >= n) {
            return Err(bad("blast_immune"));
        }
        if self
            .flag
            .as_ref()
            .and_then(|f| f.piece)
            .is_some_and(|i| i >= n)
        {
            return Err(bad("flag.piece"));
        }
        if self
            .castling
            .as_ref()
            .is_some_and(|c| c.rook_types().any(|r| r >= n) || c.king.is_some_and(|k| k >= n))
        {
            return Err(bad("castling.rook"));
        }
        if let Some(p) = &self.promotion {
            if p.pieces
                .iter()
                .chain(p.pieces_black.iter().flatten())
                .chain(p.limits.iter().map(|l| &l.0))
                .any(|&i| i >= n)
            {
                return Err(bad("promotion.pieces"));
            }
        }
        let off = |field: &'static str, value: u8, limit: u8| {
            (value >= limit).then(|| VariantError::OffBoard {
                variant: self.name.clone(),
                field,
                value: u32::from(value) + 1,
                limit: u32::from(limit),
            })
        };
        let checks = [
            self.castling
                .as_ref()
                .and_then(|c| off("castlingKingsideFile", c.kingside_file, self.width)),
            self.castling
                .as_ref()
                .and_then(|c| off("castlingQueensideFile", c.queenside_file, self.width)),
            self.castling
                .as_ref()
                .and_then(|c| off("castlingRank", c.rank, self.height)),
            self.promotion
                .as_ref()
                .and_then(|p| off("promotionRank", p.zone_start, self.height)),
            off("doubleStepRank", self.double_step_ranks.1, self.height),
        ];
        if let Some(e) = checks.into_iter().flatten().next() {
            return Err(e);
        }
        Ok(())
    }
}

/// What was built from the last few variants, kept so that it is built
/// once per variant rather than once per use: the rules every position of
/// a variant shares, the search's evaluation tables. A value depends on
/// the variant alone. The oldest is dropped first once `capacity` are
/// kept, so that many custom variants cannot grow it.
pub struct PerVariant<T> {
    built: std::sync::Mutex<Vec<(Variant, std::sync::Arc<T>)>>,
    capacity: usize,
}

impl<T> PerVariant<T> {
    /// An empty store of at most `capacity` variants' values.
    pub const fn new(capacity: usize) -> PerVariant<T> {
        PerVariant {
            built: std::sync::Mutex::new(Vec::new()),
            capacity,
        }
    }

    /// The value for `variant`, built by `build` if it is not kept.
    ///
    /// ```
    /// use sqlchess_fairy::{PerVariant, Variant};
    /// static WIDTHS: PerVariant<u8> = PerVariant::new(4);
    /// let v = Variant::builtin("capablanca").unwrap();
    /// let a = WIDTHS.get(&v, |v| v.width);
    /// let b = WIDTHS.get(&v, |_| unreachable!("built once"));
    /// assert!(std::sync::Arc::ptr_eq(&a, &b));
    /// ```
    pub fn get(&self, variant: &Variant, build: impl FnOnce(&Variant) -> T) -> std::sync::Arc<T> {
        // A lock poisoned by a panic elsewhere only loses the sharing.
        let Ok(mut built) = self.built.lock() else {
            return std::sync::Arc::new(build(variant));
        };
        if let Some((_, value)) = built.iter().find(|(v, _)| v == variant) {
            return std::sync::Arc::clone(value);
        }
        let value = std::sync::Arc::new(build(variant));
        if built.len() >= self.capacity.max(1) {
            built.remove(0);
        }
        built.push((variant.clone(), std::sync::Arc::clone(&value)));
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_validate() {
        for name in variant_names() {
            let v = Variant::builtin(name).unwrap();
            v.validate().unwrap();
        }
        assert!(matches!(
            Variant::builtin("nope"),
            Err(VariantError::Unknown(_))
        ));
    }
}
