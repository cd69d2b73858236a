//! More built-in variants under Fairy-Stockfish's names: chess-like games on
//! 8×8 to 10×10 boards that differ in pieces, set-up and castling files.
//! Each follows Fairy-Stockfish's definition of the variant (its
//! `variant.cpp`), and the tests check them against pyffish.

use crate::bitboard::Bb256;
use crate::piece::PieceDef;
use crate::variant::{
    piece, Castling, EnclosingRule, Extinction, Flag, MobilityRegion, PieceType, Promotion, Region,
    RelativeOutcome, Variant, ARCHBISHOP_VALUE, CHANCELLOR_VALUE,
};

fn custom(name: &str, letter: char, betza: &str) -> PieceType {
    PieceType {
        name: name.into(),
        letter,
        def: PieceDef::parse(betza)
            .unwrap_or_else(|_| PieceDef::from_components(betza, Vec::new())),
        value: None,
    }
}

/// A chess-like variant: the standard pieces plus `extra`, on `width` ×
/// `height`, castling to `files` (kingside, queenside) when given, promoting
/// from relative rank `promo_rank` (0-based) to the pieces with `promo`
/// letters.
fn chesslike(
    name: &str,
    width: u8,
    height: u8,
    extra: Vec<PieceType>,
    start_fen: &str,
    files: Option<(u8, u8)>,
    promo: &str,
) -> Variant {
    let mut v = Variant::chess();
    v.name = name.into();
    v.width = width;
    v.height = height;
    v.pieces.extend(extra);
    v.start_fen = start_fen.into();
    v.castling = files.map(|(k, q)| Castling {
        rook: 3,
        other_rooks: Vec::new(),
        kingside_file: k,
        queenside_file: q,
        rank: 0,
        king: None,
    });
    let pieces = promo.chars().filter_map(|c| v.piece_by_letter(c)).collect();
    v.promotion = Some(Promotion {
        zone_start: height - 1,
        zone_start_black: None,
        region: None,
        pieces,
        pieces_black: None,
        mandatory: true,
        limits: Vec::new(),
    });
    v
}

/// The variant of this module called `name`, if any.
pub(crate) fn extra(name: &str) -> Option<Variant> {
    let archbishop = |l| PieceType {
        value: Some(ARCHBISHOP_VALUE),
        ..piece("archbishop", l)
    };
    let chancellor = |l| PieceType {
        value: Some(CHANCELLOR_VALUE),
        ..piece("chancellor", l)
    };
    Some(match name {
        "gothic" => chesslike(
            name,
            10,
            8,
            vec![archbishop('a'), chancellor('c')],
            "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1",
            Some((8, 2)),
            "acqrbn",
        ),
        "shogi" => {
            // Pieces in hand and drops; promotion in the last three ranks to
            // gold-movers, the horse (BW) and the dragon (RF); nifu and
            // uchifuzume; immobile pieces may not be left on the last ranks.
            let mut v = Variant::chess();
            v.name = name.into();
            v.width = 9;
            v.height = 9;
            v.pieces = vec![
                custom("pawn", 'p', "fW"),
                custom("lance", 'l', "fR"),
                custom("knight", 'n', "ffN"),
                custom("silver", 's', "FfW"),
                custom("gold", 'g', "WfF"),
                custom("bishop", 'b', "B"),
                custom("rook", 'r', "R"),
                custom("king", 'k', "K"),
                custom("tokin", 't', "WfF"),
                custom("promoted lance", 'u', "WfF"),
                custom("promoted knight", 'v', "WfF"),
                custom("promoted silver", 'w', "WfF"),
                custom("horse", 'h', "BW"),
                custom("dragon", 'd', "RF"),
            ];
            v.start_fen =
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1".into();
            // Values shogi programs have played with (fitted to professional
            // games, a pawn 100): a promoted piece is worth more than the
            // gold it moves as, since capturing it only gains its base piece.
            v.set_values(&[
                ("pawn", 100),
                ("lance", 270),
                ("knight", 300),
                ("silver", 425),
                ("gold", 510),
                ("bishop", 655),
                ("rook", 740),
                ("tokin", 615),
                ("promoted lance", 560),
                ("promoted knight", 585),
                ("promoted silver", 570),
                ("horse", 950),
                ("dragon", 1085),
            ]);
            v.royal = Some(7);
            v.pawn = None;
            v.double_step = false;
            v.en_passant = false;
            v.castling = None;
            v.promotion = None;
            v.stalemate = sqlchess_types::RelativeOutcome::Loss;
            v.drops = true;
            v.captures_to_hand = true;
            v.piece_promotions = vec![(0, 8), (1, 9), (2, 10), (3, 11), (5, 12), (6, 13)];
            v.piece_promotion_zone = 6;
            v.immobility_illegal = true;
            v.drop_no_doubled = Some(0);
            v.drop_mate_illegal = true;
            // Repetition: the fourth occurrence ends the game; perpetual
            // check loses; no n-move rule.
            v.n_move_rule = 0;
            v.n_fold_rule = 4;
            v.perpetual_check_illegal = true;
            v
        }
        "crazyhouse" => {
            // Captured pieces change sides into the captor's hand (promoted
            // pawns as pawns, marked `~` in FEN) and may be dropped; pawns
            // not on the first or last rank.
            let mut v = Variant::chess();
            v.name = name.into();
            v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1".into();
            v.drops = true;
            v.captures_to_hand = true;
            v.pawn_drop_ranks = (1, 6);
            v
        }
        "seirawan" => {
            // S-chess: hawk (BN) and elephant (RN) start in hand and enter by
            // gating onto a back-rank square as its piece first leaves it.
            let mut v = Variant::chess();
            v.name = name.into();
            v.pieces.push(custom("hawk", 'h', "BN"));
            v.pieces.push(custom("elephant", 'e', "RN"));
            v.set_values(&[("hawk", ARCHBISHOP_VALUE), ("elephant", CHANCELLOR_VALUE)]);
            v.start_fen =
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1".into();
            v.gating = true;
            if let Some(p) = v.promotion.as_mut() {
                p.pieces = vec![1, 2, 3, 4, 6, 7];
            }
            v
        }
        "caparandom" => {
            // Capablanca chess with Chess960-style castling and set-ups.
            let mut v = Variant::builtin("capablanca").ok()?;
            v.name = name.into();
            v.chess960 = true;
            v
        }
        "embassy" => chesslike(
            name,
            10,
            8,
            vec![archbishop('a'), chancellor('c')],
            "rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1",
            Some((7, 1)),
            "acqrbn",
        ),
        "janus" => chesslike(
            name,
            10,
            8,
            vec![archbishop('j')],
            "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1",
            Some((8, 1)),
            "jqrbn",
        ),
        "modern" => chesslike(
            name,
            9,
            9,
            vec![archbishop('m')],
            "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1",
            Some((6, 2)),
            "mqrbn",
        ),
        "chancellor" => chesslike(
            name,
            9,
            9,
            vec![chancellor('c')],
            "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1",
            Some((6, 2)),
            "cqrbn",
        ),
        "centaur" => chesslike(
            name,
            10,
            8,
            vec![custom("centaur", 'c', "KN")],
            "rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - 0 1",
            Some((8, 2)),
            "cqrbn",
        ),
        "almost" => {
            let mut v = chesslike(
                name,
                8,
                8,
                vec![chancellor('c')],
                "rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1",
                Some((6, 2)),
                "crbn",
            );
            // The queen is replaced, not joined.
            v.pieces.retain(|p| p.name != "queen");
            v = reindex(v, "crbn");
            v
        }
        "amazon" => {
            let v = chesslike(
                name,
                8,
                8,
                vec![piece("amazon", 'a')],
                "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1",
                Some((6, 2)),
                "arbn",
            );
            let mut v = v;
            v.pieces.retain(|p| p.name != "queen");
            reindex(v, "arbn")
        }
        "knightmate" => {
            // The royal piece moves as a knight; commoners (non-royal kings)
            // replace the knights.
            let mut v = chesslike(
                name,
                8,
                8,
                vec![custom("commoner", 'm', "K")],
                "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1",
                Some((6, 2)),
                "qrbm",
            );
            v.pieces.retain(|p| p.name != "knight");
            for p in v.pieces.iter_mut().filter(|p| p.name == "king") {
                p.def = custom("king", 'k', "N").def;
            }
            reindex(v, "qrbm")
        }
        "shako" => {
            let mut v = chesslike(
                name,
                10,
                10,
                vec![
                    custom("elephant", 'e', "FA"),
                    custom("cannon", 'c', "mRcpR"),
                ],
                "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1",
                Some((7, 3)),
                "qrbnce",
            );
            if let Some(c) = v.castling.as_mut() {
                c.rank = 1;
            }
            v.double_step_ranks = (2, 2);
            v
        }
        "atomic" => {
            // Captures explode; losing the king loses.
            let mut v = Variant::chess();
            v.name = name.into();
            v.blast_on_capture = true;
            v.blast_immune = v.pawn.into_iter().collect();
            v.extinction = Some(Extinction {
                value: RelativeOutcome::Loss,
                pieces: v.royal.map(|k| vec![k]),
                count: 0,
                opponent_count: 0,
                claim: false,
            });
            v
        }
        "antichess" => {
            // Losing every piece, or being stalemated, wins; captures are
            // compulsory; the king is an ordinary piece, pawns may promote
            // to one; no castling.
            let mut v = Variant::chess();
            v.name = name.into();
            v.royal = None;
            v.castling = None;
            v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into();
            if let Some(p) = v.promotion.as_mut() {
                p.pieces = vec![1, 2, 3, 4, 5];
            }
            v.must_capture = true;
            v.stalemate = RelativeOutcome::Win;
            v.extinction = Some(Extinction {
                value: RelativeOutcome::Win,
                pieces: None,
                count: 0,
                opponent_count: 0,
                claim: false,
            });
            v
        }
        "minishogi" => {
            // Shogi on 5×5 without lances and knights; promotion on the last
            // rank.
            let mut v = extra("shogi")?;
            v.name = name.into();
            v.width = 5;
            v.height = 5;
            v.pieces = vec![
                custom("pawn", 'p', "fW"),
                custom("silver", 's', "FfW"),
                custom("gold", 'g', "WfF"),
                custom("bishop", 'b', "B"),
                custom("rook", 'r', "R"),
                custom("king", 'k', "K"),
                custom("tokin", 't', "WfF"),
                custom("promoted silver", 'w', "WfF"),
                custom("horse", 'h', "BW"),
                custom("dragon", 'd', "RF"),
            ];
            v.start_fen = "rbsgk/4p/5/P4/KGSBR[-] w 0 1".into();
            v.royal = Some(5);
            v.piece_promotions = vec![(0, 6), (1, 7), (3, 8), (4, 9)];
            v.piece_promotion_zone = 4;
            v.drop_no_doubled = Some(0);
            // A repetition loses for White (sente).
            v.n_fold_value = RelativeOutcome::Loss;
            v.n_fold_value_absolute = true;
            v
        }
        "dobutsu" => {
            // Dobutsu shogi ("let's catch the lion"), 3x4: a chick (a shogi
            // pawn) promoting to a hen (a gold) on the last rank, an elephant
            // (fers), a giraffe (wazir) and the lion, which moves as a king
            // but is not royal: there is no check, and taking the lion wins.
            // Drops anywhere, doubled chicks allowed; the lion also wins by
            // reaching the far rank where it cannot be taken.
            let mut v = extra("minishogi")?;
            v.name = name.into();
            v.width = 3;
            v.height = 4;
            v.pieces = vec![
                custom("chick", 'c', "fW"),
                custom("elephant", 'e', "F"),
                custom("giraffe", 'g', "W"),
                custom("lion", 'l', "K"),
                custom("hen", 'h', "WfF"),
            ];
            v.start_fen = "gle/1c1/1C1/ELG[-] w 0 1".into();
            v.royal = None;
            v.stalemate = RelativeOutcome::Loss;
            v.extinction = Some(Extinction {
                value: RelativeOutcome::Loss,
                pieces: Some(vec![3]),
                count: 0,
                opponent_count: 0,
                claim: false,
            });
            v.piece_promotions = vec![(0, 4)];
            v.piece_promotion_zone = 3;
            v.mandatory_piece_promotion = true;
            v.immobility_illegal = false;
            v.drop_no_doubled = None;
            v.drop_mate_illegal = false;
            // Minishogi's repetition rule is its own; Fairy-Stockfish's
            // shogi base draws a repetition.
            v.n_fold_value = RelativeOutcome::Draw;
            v.n_fold_value_absolute = false;
            v.flag = Some(Flag {
                piece: Some(3),
                region: [
                    squares(&(0..3).map(|f| (f, 3)).collect::<Vec<_>>()),
                    squares(&(0..3).map(|f| (f, 0)).collect::<Vec<_>>()),
                ],
                flag_move: false,
                count: 1,
                safe: true,
                blocked_win: false,
            });
            v
        }
        "minixiangqi" => {
            // Xiangqi on 7x7 without elephants and advisors: the general
            // keeps to its 3x3 palace, soldiers step sideways from the start.
            let mut v = Variant::builtin("xiangqi").ok()?;
            v.name = name.into();
            v.width = 7;
            v.height = 7;
            v.pieces = vec![
                custom("soldier", 'p', "fsW"),
                custom("horse", 'n', "nN"),
                piece("rook", 'r'),
                custom("king", 'k', "W"),
                custom("cannon", 'c', "mRcpR"),
            ];
            v.royal = Some(3);
            v.start_fen = "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1".into();
            let palace = |lo: u8| Region {
                files: (2, 4),
                ranks: (lo, lo + 2),
            };
            v.regions = vec![MobilityRegion {
                piece: 3,
                white: palace(0),
                black: palace(4),
            }];
            v.zone_moves = Vec::new();
            v
        }
        "manchu" => {
            // Xiangqi where Red's chariots, horses and cannons are one
            // banner (chariot, cannon and horse at once).
            let mut v = Variant::builtin("xiangqi").ok()?;
            v.name = name.into();
            v.pieces.push(custom("banner", 'm', "RcpRnN"));
            v.start_fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1".into();
            v
        }
        "okisakishogi" => {
            // Shogi on 10x10 with a queen, a vertical slider (lance) and a
            // chess knight; promotion in the last three ranks.
            let mut v = extra("shogi")?;
            v.name = name.into();
            v.width = 10;
            v.height = 10;
            v.pieces = vec![
                custom("pawn", 'p', "fW"),
                custom("silver", 's', "FfW"),
                custom("gold", 'g', "WfF"),
                custom("bishop", 'b', "B"),
                custom("rook", 'r', "R"),
                custom("king", 'k', "K"),
                custom("lance", 'l', "vR"),
                custom("knight", 'n', "N"),
                custom("queen", 'q', "Q"),
                custom("tokin", 't', "WfF"),
                custom("promoted silver", 'w', "WfF"),
                custom("horse", 'h', "BW"),
                custom("dragon", 'd', "RF"),
                custom("promoted lance", 'u', "WfF"),
                custom("promoted knight", 'v', "WfF"),
            ];
            v.start_fen =
                "lnsgkqgsnl/1r6b1/pppppppppp/10/10/10/10/PPPPPPPPPP/1B6R1/LNSGQKGSNL[-] w 0 1"
                    .into();
            v.royal = Some(5);
            v.piece_promotions = vec![(0, 9), (1, 10), (3, 11), (4, 12), (6, 13), (7, 14)];
            v.piece_promotion_zone = 7;
            v.drop_no_doubled = Some(0);
            v
        }
        "torishogi" => {
            // Tori shogi: birds on 7x7; swallows promote to geese, the
            // falcon to an eagle, compulsorily; at most two swallows a file
            // may be dropped on.
            let mut v = extra("shogi")?;
            v.name = name.into();
            v.width = 7;
            v.height = 7;
            v.pieces = vec![
                custom("swallow", 's', "fW"),
                custom("king", 'k', "K"),
                custom("falcon", 'f', "FsfW"),
                custom("crane", 'c', "FvW"),
                custom("left quail", 'l', "fRrbBlbF"),
                custom("right quail", 'r', "fRlbBrbF"),
                custom("pheasant", 'p', "bFfD"),
                custom("goose", 'g', "fAbD"),
                custom("eagle", 'e', "KbRfBbF2"),
            ];
            v.start_fen = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[-] w 0 1".into();
            v.royal = Some(1);
            v.piece_promotions = vec![(0, 7), (2, 8)];
            v.piece_promotion_zone = 5;
            v.mandatory_piece_promotion = true;
            v.drop_no_doubled = Some(0);
            v.drop_no_doubled_count = 2;
            v.n_fold_value = RelativeOutcome::Win;
            v
        }
        "yarishogi" => {
            // Yari shogi: 7x9 with forward-moving spear pieces.
            let mut v = extra("shogi")?;
            v.name = name.into();
            v.width = 7;
            v.height = 9;
            v.pieces = vec![
                custom("king", 'k', "K"),
                custom("pawn", 'p', "fW"),
                custom("rook", 'l', "R"),
                custom("yari knight", 'n', "fRffN"),
                custom("yari bishop", 'b', "fFfR"),
                custom("yari rook", 'r', "frlR"),
                custom("yari gold", 'g', "WfFbR"),
                custom("yari silver", 's', "fKbR"),
                custom("promoted yari bishop", 'h', "WfFbR"),
            ];
            v.start_fen = "rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR[-] w 0 1".into();
            v.royal = Some(0);
            v.piece_promotions = vec![(1, 7), (3, 6), (4, 8), (5, 2)];
            v.piece_promotion_zone = 6;
            v.drop_no_doubled = Some(1);
            v.drop_mate_illegal = false;
            v.n_fold_rule = 3;
            v
        }
        "pawnback" => {
            // Pawns that may also step back, but not onto their first rank.
            let mut v = Variant::chess();
            v.name = name.into();
            v.pieces[0].def = PieceDef::parse("fbmWfceFifmnD").ok()?;
            v.regions = vec![MobilityRegion {
                piece: 0,
                white: Region {
                    files: (0, 7),
                    ranks: (1, 7),
                },
                black: Region {
                    files: (0, 7),
                    ranks: (0, 6),
                },
            }];
            v
        }
        "spartan" => {
            // Spartan chess: White's army against Black's Spartans, two kings,
            // hoplites (pawns moving diagonally forward and taking straight
            // ahead, with an initial double diagonal step), lieutenants,
            // captains, a general (dragon) and a warlord (archbishop). Kings
            // are pseudo-royal: a lone king may not be left attacked, and of
            // two, not both (duple check). Hoplites promote to a king (while
            // Black has fewer than two), general, warlord, lieutenant or
            // captain; there is no en passant.
            let mut v = extra("extinction")?;
            v.name = name.into();
            v.pieces.extend([
                custom("general", 'g', "RF"),
                piece("archbishop", 'w'),
                custom("hoplite", 'h', "fmFfcWimA"),
                custom("lieutenant", 'l', "FAsmW"),
                custom("captain", 'c', "WD"),
            ]);
            v.start_fen = "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1".into();
            v.pawn_black = Some(8);
            v.en_passant = false;
            if let Some(p) = v.promotion.as_mut() {
                p.pieces = vec![4, 3, 2, 1];
                p.pieces_black = Some(vec![5, 6, 7, 9, 10]);
                p.limits = vec![(5, 2)];
            }
            v.extinction = Some(Extinction {
                value: RelativeOutcome::Loss,
                pieces: Some(vec![5]),
                count: 0,
                opponent_count: 0,
                claim: false,
            });
            v.pseudo_royal = true;
            v.duple_check = true;
            v
        }
        "kyotoshogi" => {
            // Kyoto shogi, 5x5: every piece but the king flips at each move,
            // pawn and rook, silver and bishop, lance and gold, knight and
            // gold being the two faces of one piece; captured pieces return
            // to the hand and may be dropped either face up.
            let mut v = extra("minishogi")?;
            v.name = name.into();
            v.pieces = vec![
                custom("pawn", 'p', "fW"),
                custom("silver", 's', "FfW"),
                custom("king", 'k', "K"),
                custom("lance", 'l', "fR"),
                custom("knight", 'n', "ffN"),
                custom("rook", 'r', "R"),
                custom("bishop", 'b', "B"),
                custom("promoted lance", 'u', "WfF"),
                custom("promoted knight", 'v', "WfF"),
            ];
            v.start_fen = "p+nks+l/5/5/5/+LSK+NP[-] w 0 1".into();
            v.royal = Some(2);
            v.piece_promotions = vec![(0, 5), (1, 6), (3, 7), (4, 8)];
            v.piece_promotion_zone = 0;
            v.mandatory_piece_promotion = true;
            v.piece_demotion = true;
            v.drop_promoted = true;
            v.immobility_illegal = false;
            v.drop_no_doubled = None;
            v.drop_mate_illegal = false;
            v.n_fold_value = RelativeOutcome::Draw;
            v.n_fold_value_absolute = false;
            v
        }
        "micro" => {
            // Micro shogi, 4x5: Kyoto shogi's flipping pieces, but a piece
            // flips only when it captures: pawn and knight, bishop and gold,
            // rook and gold, lance and silver.
            let mut v = extra("kyotoshogi")?;
            v.name = name.into();
            v.width = 4;
            v.pieces = vec![
                custom("pawn", 'p', "fW"),
                custom("bishop", 'b', "B"),
                custom("rook", 'r', "R"),
                custom("lance", 'l', "fR"),
                custom("king", 'k', "K"),
                custom("knight", 'n', "ffN"),
                custom("gold", 'g', "WfF"),
                custom("promoted rook", 'h', "WfF"),
                custom("silver", 's', "FfW"),
            ];
            v.start_fen = "kb+r+l/p3/4/3P/+L+RBK[-] w 0 1".into();
            v.royal = Some(4);
            v.piece_promotions = vec![(0, 5), (1, 6), (2, 7), (3, 8)];
            v.piece_promotion_on_capture = true;
            v
        }
        "shoshogi" => {
            // Sho shogi, shogi's ancestor: no drops (captured pieces leave
            // the game), and a drunk elephant that promotes to a crown
            // prince. The king and the prince are one kind of piece, neither
            // royal while both stand: the last one left may not be left
            // attacked, and losing both loses.
            let mut v = extra("shogi")?;
            v.name = name.into();
            v.pieces.extend([
                custom("drunk elephant", 'e', "FsfW"),
                custom("crown prince", 'c', "K"),
            ]);
            let (elephant, prince) = (v.pieces.len() - 2, v.pieces.len() - 1);
            v.start_fen =
                "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w 0 1".into();
            let king = v.royal?;
            v.royal = None;
            v.drops = false;
            v.captures_to_hand = false;
            v.piece_promotions.push((elephant, prince));
            v.extinction = Some(Extinction {
                value: RelativeOutcome::Loss,
                pieces: Some(vec![king, prince]),
                count: 0,
                opponent_count: 0,
                claim: false,
            });
            v.extinction_together = true;
            v.pseudo_royal = true;
            v
        }
        "flipersi" | "flipello" | "flipello10" => {
            // Reversi: stones dropped from the hand, each drop enclosing a
            // line of the opponent's stones against one's own, every such
            // line flipped. Flipersi starts empty, the four centre squares
            // filled first; flipello (Othello) starts with them filled and
            // passes when no drop encloses; the side with more stones wins.
            let ten = name == "flipello10";
            let mut v = Variant::chess();
            v.name = name.into();
            (v.width, v.height) = if ten { (10, 10) } else { (8, 8) };
            v.pieces = vec![custom("stone", 'p', "")];
            v.royal = None;
            v.pawn = None;
            v.castling = None;
            v.promotion = None;
            v.double_step = false;
            v.en_passant = false;
            v.drops = true;
            v.captures_to_hand = false;
            v.immobility_illegal = false;
            v.stalemate = RelativeOutcome::Loss;
            v.stalemate_piece_count = true;
            v.enclosing_drop = Some(EnclosingRule::Reversi);
            v.flip_enclosed = Some(EnclosingRule::Reversi);
            let (lo, hi) = if ten { (4, 5) } else { (3, 4) };
            v.drop_start = Some(squares(&[(lo, lo), (hi, lo), (lo, hi), (hi, hi)]));
            // Fairy-Stockfish's hands: 32 stones a side for flipersi, a
            // stone for every other square for flipello.
            let stones = match name {
                "flipersi" => 32,
                "flipello" => 60,
                _ => 96,
            };
            let hand = format!("{}{}", "P".repeat(stones), "p".repeat(stones));
            v.start_fen = match name {
                "flipersi" => format!("8/8/8/8/8/8/8/8[{hand}] w 0 1"),
                "flipello" => format!("8/8/8/3pP3/3Pp3/8/8/8[{hand}] w 0 1"),
                _ => format!("10/10/10/10/4pP4/4Pp4/10/10/10/10[{hand}] w - - 0 1"),
            };
            v.pass_on_stalemate = [name != "flipersi"; 2];
            v.adjudicate_full_board = true;
            v
        }
        "ataxx" => {
            // Ataxx, 7x7: a stone either clones itself onto an empty square
            // next to it (written as a drop, `P@b6`; no hand is needed) or
            // jumps two squares away; either way the opponent's stones next
            // to the arrival square turn to the mover's colour. A side that
            // cannot move passes; a full board ends the game, the side with
            // more stones winning.
            let mut v = extra("flipello")?;
            v.name = name.into();
            (v.width, v.height) = (7, 7);
            v.pieces = vec![custom("stone", 'p', "mDmNmA")];
            v.enclosing_drop = Some(EnclosingRule::Ataxx);
            v.flip_enclosed = Some(EnclosingRule::Ataxx);
            v.drop_start = None;
            v.free_drops = true;
            v.start_fen = "P5p/7/7/7/7/7/p5P w 0 1".into();
            v.pass_on_stalemate = [true; 2];
            v.n_move_rule = 0;
            v
        }
        "legan" => {
            // Legan chess: the armies face each other across the a8–h1
            // diagonal; a pawn steps diagonally towards the far corner
            // (a8 for White, h1 for Black: Black's moves are White's turned
            // half round) and takes forward or to its left; it promotes on
            // the far corner's two edges.
            let mut v = Variant::chess();
            v.name = name.into();
            v.pieces[0].def = PieceDef::parse("mflFcflW").ok()?;
            v.start_fen = "knbrp3/bqpp4/npp5/rp1p3P/p3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1".into();
            v.castling = None;
            v.double_step = false;
            v.en_passant = false;
            if let Some(p) = v.promotion.as_mut() {
                p.region = Some([
                    squares(&[(0, 7), (1, 7), (2, 7), (3, 7), (0, 6), (0, 5), (0, 4)]),
                    squares(&[(4, 0), (5, 0), (6, 0), (7, 0), (7, 1), (7, 2), (7, 3)]),
                ]);
            }
            v
        }
        "mini" => {
            // Fairy-Stockfish's other name of minishogi's rules.
            let mut v = extra("minishogi")?;
            v.name = name.into();
            v
        }
        "ai-wok" => {
            // Makruk with the ai-wok (RNF) in the met's place.
            let mut v = Variant::builtin("makruk").ok()?;
            v.name = name.into();
            v.pieces[4] = custom("ai-wok", 'a', "RNF");
            v.start_fen = "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR w - - 0 1".into();
            v
        }
        "hoppelpoppel" | "newzealand" => {
            // Knights and bishops (hoppelpoppel) or knights and rooks (New
            // Zealand) capture as each other.
            let mut v = Variant::chess();
            v.name = name.into();
            if name == "hoppelpoppel" {
                v.pieces[1] = custom("knibis", 'n', "mNcB");
                v.pieces[2] = custom("biskni", 'b', "mBcN");
            } else {
                v.pieces[1] = custom("kniroo", 'n', "mNcR");
                v.pieces[3] = custom("rookni", 'r', "mRcN");
            }
            v
        }
        "torpedo" => {
            // Pawns may step twice from any rank.
            let mut v = Variant::chess();
            v.name = name.into();
            let all = squares(
                &(0..8)
                    .flat_map(|f| (0..8).map(move |r| (f, r)))
                    .collect::<Vec<_>>(),
            );
            v.double_step_region = Some([all, all]);
            v
        }
        "nightrider" => {
            // Chess with nightriders (NN) for knights.
            let mut v = Variant::chess();
            v.name = name.into();
            v.pieces[1] = custom("nightrider", 'n', "NN");
            v
        }
        "grasshopper" => {
            // Chess with a row of grasshoppers (gQ) behind the pawns.
            let mut v = Variant::chess();
            v.name = name.into();
            v.pieces.push(custom("grasshopper", 'g', "gQ"));
            v.start_fen =
                "rnbqkbnr/gggggggg/pppppppp/8/8/PPPPPPPP/GGGGGGGG/RNBQKBNR w KQkq - 0 1".into();
            v.double_step = false;
            if let Some(p) = v.promotion.as_mut() {
                p.pieces = vec![1, 2, 3, 4, 6];
            }
            v
        }
        "losers" => {
            // Captures are compulsory; being mated or stalemated, or losing
            // everything but the king, wins.
            let mut v = Variant::chess();
            v.name = name.into();
            v.must_capture = true;
            v.checkmate = RelativeOutcome::Win;
            v.stalemate = RelativeOutcome::Win;
            v.extinction = Some(Extinction {
                value: RelativeOutcome::Win,
                pieces: None,
                count: 1,
                opponent_count: 0,
                claim: false,
            });
            v
        }
        "misere" => {
            // Being mated wins.
            let mut v = Variant::chess();
            v.name = name.into();
            v.checkmate = RelativeOutcome::Win;
            v
        }
        "capahouse" | "chessgi" => {
            // Crazyhouse drops on Capablanca's board; chessgi: crazyhouse
            // with pawn drops on the first rank.
            let mut v = if name == "capahouse" {
                Variant::builtin("capablanca").ok()?
            } else {
                extra("crazyhouse")?
            };
            v.name = name.into();
            v.drops = true;
            v.captures_to_hand = true;
            v.drop_loop = name == "chessgi";
            v.pawn_drop_ranks = if name == "capahouse" { (1, 6) } else { (0, 6) };
            if name == "capahouse" {
                v.start_fen =
                    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1".into();
            }
            v
        }
        "giveaway" => {
            // Antichess with castling: the king, an ordinary piece, castles.
            let mut v = extra("antichess")?;
            v.name = name.into();
            v.castling = Some(Castling {
                rook: 3,
                other_rooks: Vec::new(),
                kingside_file: 6,
                queenside_file: 2,
                rank: 0,
                king: Some(5),
            });
            v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into();
            v
        }
        "extinction" => {
            // Losing every piece of one kind loses; the king is an ordinary
            // piece (pawns may promote to one) that still castles.
            let mut v = Variant::chess();
            v.name = name.into();
            v.royal = None;
            if let Some(c) = v.castling.as_mut() {
                c.king = Some(5);
            }
            if let Some(p) = v.promotion.as_mut() {
                p.pieces = vec![1, 2, 3, 4, 5];
            }
            v.extinction = Some(Extinction {
                value: RelativeOutcome::Loss,
                pieces: Some(vec![0, 1, 2, 3, 4, 5]),
                count: 0,
                opponent_count: 0,
                claim: false,
            });
            v
        }
        "nocheckatomic" => {
            // Atomic without check: the king is an ordinary piece, and
            // losing it (by capture or explosion) loses.
            let mut v = extra("atomic")?;
            v.name = name.into();
            v.royal = None;
            if let Some(c) = v.castling.as_mut() {
                c.king = Some(5);
            }
            v
        }
        "kingofthehill" => {
            // A king reaching d4, e4, d5 or e5 wins.
            let mut v = Variant::chess();
            v.name = name.into();
            let center = squares(&[(3, 3), (4, 3), (3, 4), (4, 4)]);
            v.flag = Some(Flag {
                piece: v.royal,
                region: [center, center],
                flag_move: false,
                count: 1,
                safe: false,
                blocked_win: false,
            });
            v
        }
        "3check" | "5check" => {
            // Giving the third (fifth) check wins.
            let mut v = Variant::chess();
            v.name = name.into();
            v.check_counting = true;
            let n = if name == "3check" { 3 } else { 5 };
            v.start_fen =
                format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {n}+{n} 0 1");
            v
        }
        "racingkings" => {
            // No checks; the first king on the 8th rank wins, but when White
            // gets there first Black may answer by getting there too: a draw.
            let mut v = Variant::chess();
            v.name = name.into();
            v.start_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1".into();
            v.castling = None;
            v.checking = false;
            let eighth = squares(&(0..8).map(|f| (f, 7)).collect::<Vec<_>>());
            v.flag = Some(Flag {
                piece: v.royal,
                region: [eighth, eighth],
                flag_move: true,
                count: 1,
                safe: false,
                blocked_win: false,
            });
            v
        }
        "horde" => {
            // Thirty-six white pawns against Black's army; White's pawns on
            // the first rank may also step twice; White loses with its last
            // piece.
            let mut v = Variant::chess();
            v.name = name.into();
            v.start_fen =
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1".into();
            let white = squares(&(0..8).flat_map(|f| [(f, 0), (f, 1)]).collect::<Vec<_>>());
            let black = squares(&(0..8).map(|f| (f, 6)).collect::<Vec<_>>());
            v.double_step_region = Some([white, black]);
            v.extinction = Some(Extinction {
                value: RelativeOutcome::Loss,
                pieces: None,
                count: 0,
                opponent_count: 0,
                claim: false,
            });
            v
        }
        "gardner" => {
            // Gardner's 5×5 minichess: no double step, no castling.
            let mut v = Variant::chess();
            v.name = name.into();
            v.width = 5;
            v.height = 5;
            v.start_fen = "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1".into();
            v.double_step = false;
            v.en_passant = false;
            v.castling = None;
            if let Some(p) = v.promotion.as_mut() {
                p.zone_start = 4;
            }
            v
        }
        "losalamos" => {
            // Los Alamos chess: 6×6, no bishops, no double step, no
            // castling.
            let mut v = chesslike(
                name,
                6,
                6,
                Vec::new(),
                "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
                None,
                "nrq",
            );
            v.pieces.retain(|p| p.name != "bishop");
            v = reindex(v, "nrq");
            v.double_step = false;
            v.en_passant = false;
            v
        }
        "breakthrough" => {
            // Pawns only, stepping straight or diagonally forward and
            // capturing diagonally: the first to the far rank wins, as does
            // taking every enemy piece.
            let mut v = Variant::chess();
            v.name = name.into();
            v.pieces = vec![custom("breakthrough", 'p', "fmWfF")];
            v.start_fen = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1".into();
            v.royal = None;
            v.pawn = None;
            v.double_step = false;
            v.en_passant = false;
            v.castling = None;
            v.promotion = None;
            v.stalemate = RelativeOutcome::Loss;
            v.extinction = Some(Extinction {
                value: RelativeOutcome::Loss,
                pieces: None,
                count: 0,
                opponent_count: 0,
                claim: false,
            });
            v.flag = Some(Flag {
                piece: Some(0),
                region: [
                    squares(&(0..8).map(|f| (f, 7)).collect::<Vec<_>>()),
                    squares(&(0..8).map(|f| (f, 0)).collect::<Vec<_>>()),
                ],
                flag_move: false,
                count: 1,
                safe: false,
                blocked_win: false,
            });
            v
        }
        _ => return None,
    })
}

/// The squares (file, rank), 0-based, as frame bits.
fn squares(list: &[(u8, u8)]) -> Bb256 {
    let mut b = Bb256::EMPTY;
    for &(f, r) in list {
        b.set(usize::from(r) * 16 + usize::from(f));
    }
    b
}

/// Recomputes piece indices after pieces were removed by name.
fn reindex(mut v: Variant, promo: &str) -> Variant {
    let idx = |name: &str, v: &Variant| v.pieces.iter().position(|p| p.name == name);
    v.royal = idx("king", &v);
    v.pawn = idx("pawn", &v);
    if let (Some(c), Some(r)) = (
        v.castling.as_mut(),
        v.pieces.iter().position(|p| p.name == "rook"),
    ) {
        c.rook = r;
    }
    let pieces = promo.chars().filter_map(|c| v.piece_by_letter(c)).collect();
    if let Some(p) = v.promotion.as_mut() {
        p.pieces = pieces;
    }
    v
}

/// The start FEN of Chess960 position `index` (0..960) in Scharnagl's
/// numbering: 518 is the standard set-up. Castling rights are `KQkq`
/// (outermost rooks), which [`crate::Position::from_fen`] reads as X-FEN.
///
/// ```
/// assert_eq!(
///     sqlchess_fairy::chess960_fen(518).unwrap(),
///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
/// );
/// assert!(sqlchess_fairy::chess960_fen(960).is_none());
/// ```
pub fn chess960_fen(index: u16) -> Option<String> {
    if index >= 960 {
        return None;
    }
    let mut n = index as usize;
    let mut rank = [' '; 8];
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    rank[2 * (n % 4) + 1] = 'b';
    n /= 4;
    rank[2 * (n % 4)] = 'b';
    n /= 4;
    let place = |rank: &mut [char; 8], k: usize, piece: char| {
        if let Some(i) = rank
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == ' ')
            .map(|(i, _)| i)
            .nth(k)
        {
            rank[i] = piece;
        }
    };
    place(&mut rank, n % 6, 'q');
    n /= 6;
    // The knights' pair among the five remaining squares, then R K R.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n];
    place(&mut rank, b, 'n');
    place(&mut rank, a, 'n');
    for p in ['r', 'k', 'r'] {
        place(&mut rank, 0, p);
    }
    let black: String = rank.iter().collect();
    let white = black.to_ascii_uppercase();
    Some(format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scharnagl_numbers() {
        assert!(chess960_fen(0).unwrap().starts_with("bbqnnrkr/"));
        assert!(chess960_fen(959).unwrap().starts_with("rkrnnqbb/"));
        let v = Variant::builtin("chess960").unwrap();
        let mut seen = std::collections::HashSet::new();
        for i in 0..960 {
            let fen = chess960_fen(i).unwrap();
            assert!(seen.insert(fen.clone()));
            assert!(crate::perft(&crate::Position::from_fen(&v, &fen).unwrap(), 1) > 0);
        }
    }
}
