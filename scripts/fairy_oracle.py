#!/usr/bin/env python3
"""Oracle data for sqlchess-fairy, from Fairy-Stockfish via pyffish.

Writes crates/sqlchess-fairy/tests/data/<variant>.perft: perft counts from
the start position and from positions reached by seeded random play, for the
built-in variants (chess960, capablanca, caparandom, grand, makruk, xiangqi,
shogi, crazyhouse, seirawan, gothic, embassy, janus, modern, chancellor,
centaur, almost, amazon, knightmate, shako, gardner, losalamos,
breakthrough) and the custom variants of
crates/sqlchess-fairy/tests/data/variants.ini (PLAN), plus a few positions
one ply deeper (DEEP, files <name>_deep.perft). The six Lichess variants
(LICHESS: atomic, antichess, kingofthehill, threecheck, racingkings, horde)
are counted by python-chess's chess.variant boards too, which must agree;
lichess.outcomes holds the ends of random playouts with pyffish's result
(python-chess's agreeing).

Line format:  <variant>|<fen>|<depth>:<nodes> <depth>:<nodes> ...
The tests in crates/sqlchess-fairy/tests/oracle.rs read these files.

Usage: pip install pyffish chess; python3 scripts/fairy_oracle.py [NAME ...]
(NAME: a file name above, `outcomes`, `janggi_outcomes`, `shatar_outcomes` or `fsf_variants_ini`)
(no names: regenerate every file; about four minutes on one core).
"""

import os
import random
import sys

import pyffish as sf

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "crates", "sqlchess-fairy", "tests", "data")

# Chess960 start positions (Scharnagl numbers 0, 518 = standard, 959, and a few more).
CHESS960 = [
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
    "qrbkrnnb/pppppppp/8/8/8/8/PPPPPPPP/QRBKRNNB w EBeb - 0 1",
    "nrkbqrbn/pppppppp/8/8/8/8/PPPPPPPP/NRKBQRBN w FBfb - 0 1",
]

# Triple steps (the triplestep section): Black's from c7 and e7 pass two
# squares White's pawns attack each; White's from c2 passes c3 and c4,
# which Black's pawns attack; and a position just after it, with both
# en-passant squares in the FEN as Fairy-Stockfish writes them.
TRIPLE = [
    "4k3/pppppppp/8/3P4/1P3P2/8/8/4K3 b - - 0 1",
    "4k3/8/8/3p4/1p6/8/PPPPPPPP/4K3 w - - 0 1",
    "4k3/8/8/2Pp4/1p6/8/PP1PPPPP/4K3 b - c3c4 0 1",
]

# Pawns of both sides about to promote (variants whose sides promote to
# different pieces).
PROMOTING = "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1"

# A promoted queen about to be captured (loop chess keeps it a queen).
LOOP = "4k3/8/8/8/8/8/4K3/Q~6r[] b - - 0 1"

# Walled boards: start positions.
GUSTAV3 = "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1"
OMICRON = "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1"
TROITZKY = "****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1"

# Pieces in hand from the partner's board (bughouse).
HOUSE = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[QNpb] w KQkq - 4 4"

# Atomar: kings side by side, a capture next to both.
ATOMAR = "8/8/3k4/3K4/2p5/8/Q7/8 w - - 0 1"

# Coregal: a lone queen is royal, a second one from promotion is not.
COREGAL = "4k3/1P6/8/8/2q5/8/8/Q3K2R w K - 0 1"

# Cambodian chess: kings and mets with their first-move rights and room to
# use them (the kings' leaps onto attacked squares, a met blocked), and a
# rook that takes a king's right away by landing on its file or rank.
CAMBODIAN_RIGHTS = "r2k4/8/3p4/8/1S6/4P3/8/3KM2R w DEd - 0 1"
CAMBODIAN_ROOK = "3mk3/8/8/8/8/8/8/R2KM3 w DEde - 0 1"

# Petrified chess: captures by every kind of piece at once, a king beside
# an undefended rook it may not take, a pawn that promotes by capturing.
PETRIFIED_CAPTURES = "r3k2r/1P1n1p2/2b2q2/3B4/4N3/2Q5/3r1R2/R3K2R w KQkq - 0 1"

# Placement: two bishops in hand and three squares left, only one of them
# light (a knight may not take it); a king on e8 whose corner rooks come by
# drops, and one on e1 that already has its rook.
PLACEMENT_BISHOPS = "2rkqr1n/pppppppp/8/8/8/8/PPPPPPPP/2KRN1QR[NBBnbb] w - - 0 6"
PLACEMENT_CASTLING = "1n2k1n1/pppppppp/8/8/8/8/PPPPPPPP/R3K3[QRBBNNqrrbb] b Q - 0 3"

# Dobutsu: the start; a white lion on the far rank that Black can take
# (the game goes on: flagPieceSafe) and one Black cannot (the game is over);
# chicks in both hands.
DOBUTSU = ["gle/1c1/1C1/ELG[-] w 0 1", "L2/g2/2l/3[-] b 0 1", "L2/3/2l/3[-] b 0 1", "l2/1C1/3/2L[Cc] w 0 1"]

# Legan: the start; pawns of both sides one step from their promotion
# squares, with pieces to take on the way.
LEGAN = ["knbrp3/bqpp4/npp5/rp1p3P/p3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1", "1n2k3/1P6/P7/8/8/7p/6p1/3K1N2 w - - 0 1", "1n2k3/1P6/P7/8/8/7p/6p1/3K1N2 b - - 0 1"]

# Spartan chess: the start; Black's two kings, one or both attacked
# (duple check); hoplites and pawns about to promote, Black with one king
# (a hoplite may promote to a second) and with two (it may not); White
# castling.
SPARTAN = [
    "lgkcckwl/hhhhhhhh/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
    "2k2k2/8/8/8/8/8/8/2R1K3 b - - 0 1",
    "2k2k2/8/8/8/8/8/8/2R2RK1 b - - 0 1",
    "4k3/1P6/8/8/8/8/1h6/4K3 b - - 0 1",
    "3kk3/1P6/8/8/8/8/1h6/4K3 b - - 0 1",
    "lgkc1kwl/hhh2hhh/8/8/8/8/PPPPPPPP/R3K2R w KQ - 0 1",
]

# Koedem: the start (pieces come from the partner's board, written in the
# hands); a king in hand that must be dropped, alone or beside a knight;
# a side without a king facing one; a side whose opponent owns both.
KOEDEM = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[K] w kq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[KN] w kq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[Nq] w kq - 0 1",
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Kk] b KQ - 0 1",
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQ - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pp] w KQkq - 4 4",
]

# Kyoto shogi: the start; pieces in both hands, to drop either face up.
KYOTO = ["p+nks+l/5/5/5/+LSK+NP[-] w 0 1", "k4/5/5/5/4K[PSln] w 0 1", "p1ks1/5/2+N2/5/+LSK1P[Nl] b 0 1"]

# Micro shogi: the start; captures that flip the capturer either way;
# pieces in hand.
MICRO = ["kb+r+l/p3/4/3P/+L+RBK[-] w 0 1", "k3/1b2/1+p2/1R2/3K[] w 0 1", "k3/4/4/4/3K[PBRLpbrl] w 0 1"]

# Sho shogi: the start; a lone king in check, and the same king beside a
# crown prince (it may stay in check); an elephant about to promote.
SHOSHOGI = [
    "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL w 0 1",
    "4k4/9/9/9/9/9/9/9/r3K4 w 0 1",
    "4k4/9/9/9/9/9/9/1+E7/r3K4 w 0 1",
    "4k4/9/4E4/9/9/9/9/9/r3K4 w 0 1",
]

# Reversi: the start; a centre square still empty beside stones elsewhere
# (it must be filled first); a side with no enclosing drop (flipello passes,
# flipersi is stalemated); a side with no stone left in hand.
FLIPERSI = [
    "8/8/8/8/8/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w 0 1",
    "8/8/8/3pP3/3P4/8/8/P6p[PPPPPPPPPPpppppppppp] b 0 1",
    "pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppP/ppppppp1[PPPP] w 0 1",
]
FLIPELLO = [
    "8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w 0 1",
    "pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppP/ppppppp1[PPPP] w 0 1",
    "8/8/2pppp2/2pPPp2/2pPPp2/2pppp2/8/8[PPPPPPPPpppp] w 0 1",
    "8/8/8/3pP3/3Pp3/8/8/8[pppp] w 0 1",
]

# Ataxx: the start; a side boxed in by the other (it passes); a full board
# (the game is over); a side with no stone left.
ATAXX = [
    "P5p/7/7/7/7/7/p5P w 0 1",
    "Pp5/pp5/7/7/7/7/6p w 0 1",
    "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPp w 0 1",
    "7/7/7/7/7/7/p5P w 0 1",
    "7/7/7/7/7/7/p6 w 0 1",
]

# Janggi: the start; the kings facing each other (bikjang: White must
# break the line or pass, and the pass ends the game in janggi and
# janggitraditional); cannons, rooks, guards and soldiers on the palace
# diagonals, cannons in line with cannons.
JANGGI = [
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    "4k4/9/9/9/9/9/9/9/3A5/R3K4 w - - 0 1",
    "3a1k3/9/3P2R2/9/4c4/9/9/3p1C3/4A4/2C1K4 w - - 0 1",
    "3k1a3/4c4/3C5/9/9/9/9/5r3/4A4/3K1p3 b - - 0 1",
]

# Supply chess: the start with a hand of every piece, and a middle game
# where both sides hold pieces (kings facing, a check to answer).
SUPPLY = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[RNBACPrnbacp] w - - 0 1",
    "3k5/4a4/9/9/9/9/9/9/4A4/4K4[RCPnp] w - - 0 1",
    "r2akab2/9/2n1b1n2/p3p3p/2p6/6R2/P1P1P3P/2N1C1N2/4A4/2BAK1B2[CPrcp] b - - 0 1",
]

# Shatar: the start; a bers about to promote pawns; a bare king against
# rook and bers (robado is a draw at once).
SHATAR = [
    "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1",
    "4k3/1P4P1/8/8/8/8/1p4p1/J3K2j w - - 0 1",
    "4k3/8/8/8/8/8/8/R2JK3 w - - 0 1",
]

# Wolf chess: the start; pawns and sergeants (which both promote, the pawn
# to an elephant too, +P) about to promote; a sergeant's double step that a
# pawn may take en passant (Fairy-Stockfish lists both squares, a3a4), and
# one that no pawn can take.
WOLF = [
    "qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1",
    "4k3/S1P5/8/8/8/8/8/8/s1p5/4K3 w - - 0 1",
    "k7/8/8/8/8/8/1p6/8/S7/K7 w - - 0 1",
    "k7/8/8/8/8/8/Sp6/8/8/K7 b - a3a4 0 1",
    "k7/8/8/8/8/8/S7/8/8/K7 b - a3a4 0 1",
]

# Sittuyin: the start (every piece but the pawns in hand, dropped first);
# the last pawn promoting anywhere, in place or a fers' step away; one of
# several promoting only from the region; no promotion whose fers would
# attack an enemy piece, nor with a fers on the board; a promotion that
# blocks a check; Black's region.
SITTUYIN = [
    "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
    "8/8/4k3/8/3P4/8/8/4K3[] w - - 0 1",
    "7k/8/4n3/3P4/8/8/6P1/4K3[] w - - 0 1",
    "8/8/8/8/3P4/8/1k6/4K3[] w - - 0 1",
    "8/8/4k3/8/3P4/8/6P1/3FK3[] w - - 0 1",
    "k3r3/8/8/8/3P4/8/8/4K3[] w - - 0 1",
    "7P/8/4k3/8/8/8/6P1/4K3[] w - - 5 9",
    "8/1P6/4k3/8/8/8/6P1/4K3[] w - - 0 1",
    "4k3/6p1/8/8/4p3/8/2P5/4K3[] b - - 0 1",
]

# (our name, pyffish variant, chess960 flag, start fens, start depth,
#  random positions, plies range, random depth)
PLAN = [
    ("chess960", "chess", True, CHESS960, 3, 12, (4, 40), 2),
    ("capablanca", "capablanca", False, None, 3, 12, (4, 50), 2),
    ("grand", "grand", False, None, 2, 12, (4, 60), 2),
    ("nightriders", "nightriders", False, None, 3, 12, (4, 50), 2),
    ("cannonhorse", "cannonhorse", False, None, 3, 40, (4, 60), 2),
    ("hoppers", "hoppers", False, None, 2, 40, (4, 60), 2),
    ("leapers", "leapers", False, None, 3, 12, (4, 50), 2),
    ("makruk", "makruk", False, None, 3, 20, (4, 80), 2),
    ("xiangqi", "xiangqi", False, None, 3, 30, (4, 80), 2),
    ("shogi", "shogi", False, None, 3, 40, (10, 120), 2),
    ("crazyhouse", "crazyhouse", False, None, 3, 40, (10, 100), 2),
    ("seirawan", "seirawan", False, None, 3, 40, (4, 60), 2),
    ("gothic", "gothic", False, None, 3, 8, (4, 60), 2),
    ("caparandom", "caparandom", True, ["rnbqkcabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1", "brnnqkcarb/pppppppppp/10/10/10/10/PPPPPPPPPP/BRNNQKCARB w KQkq - 0 1"], 3, 12, (4, 60), 2),
    ("embassy", "embassy", False, None, 3, 8, (4, 60), 2),
    ("janus", "janus", False, None, 3, 8, (4, 60), 2),
    ("modern", "modern", False, None, 3, 8, (4, 60), 2),
    ("chancellor", "chancellor", False, None, 3, 8, (4, 60), 2),
    ("centaur", "centaur", False, None, 3, 8, (4, 60), 2),
    ("almost", "almost", False, None, 3, 8, (4, 60), 2),
    ("amazon", "amazon", False, None, 3, 8, (4, 60), 2),
    ("knightmate", "knightmate", False, None, 3, 8, (4, 60), 2),
    ("shako", "shako", False, None, 3, 8, (4, 60), 2),
    ("gardner", "gardner", False, None, 4, 16, (2, 30), 2),
    ("losalamos", "losalamos", False, None, 4, 16, (2, 40), 2),
    ("breakthrough", "breakthrough", False, None, 3, 16, (4, 60), 2),
    ("extinction", "extinction", False, None, 3, 16, (4, 80), 2),
    ("nocheckatomic", "nocheckatomic", False, None, 3, 16, (4, 60), 2),
    ("minishogi", "minishogi", False, None, 3, 16, (4, 60), 2),
    ("nightrider", "nightrider", False, None, 3, 16, (4, 60), 2),
    ("grasshopper", "grasshopper", False, None, 3, 16, (4, 60), 2),
    ("losers", "losers", False, None, 3, 16, (4, 80), 2),
    ("misere", "misere", False, None, 3, 16, (4, 80), 2),
    ("capahouse", "capahouse", False, None, 3, 16, (10, 80), 2),
    ("triplestep", "triplestep", False, ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"] + TRIPLE, 3, 16, (4, 50), 2),
    ("chessgi", "chessgi", False, ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", LOOP], 3, 16, (10, 80), 2),
    ("loop", "loop", False, ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", LOOP], 3, 16, (10, 80), 2),
    ("mini", "mini", False, None, 3, 16, (4, 60), 2),
    ("ai-wok", "ai-wok", False, None, 3, 16, (4, 80), 2),
    ("hoppelpoppel", "hoppelpoppel", False, None, 3, 16, (4, 60), 2),
    ("newzealand", "newzealand", False, None, 3, 16, (4, 60), 2),
    ("torpedo", "torpedo", False, None, 3, 16, (4, 60), 2),
    ("kinglet", "kinglet", False, None, 3, 16, (4, 80), 2),
    ("threekings", "threekings", False, None, 3, 16, (4, 80), 2),
    ("codrus", "codrus", False, None, 3, 16, (4, 60), 2),
    ("chigorin", "chigorin", False, ["rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1", PROMOTING], 3, 16, (4, 60), 2),
    ("perfect", "perfect", False, ["cmqgkbnr/pppppppp/8/8/8/8/PPPPPPPP/CMQGKBNR w KQkq - 0 1", "c3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2C w KQkq - 0 1", PROMOTING], 3, 16, (4, 60), 2),
    ("cambodian", "cambodian", False, ["rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1", CAMBODIAN_RIGHTS, CAMBODIAN_ROOK], 4, 16, (2, 40), 3),
    ("karouk", "karouk", False, ["rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1", CAMBODIAN_RIGHTS], 3, 12, (2, 30), 3),
    ("petrified", "petrified", False, ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", PETRIFIED_CAPTURES, PROMOTING], 3, 16, (4, 60), 3),
    ("placement", "placement", False, ["8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1", PLACEMENT_BISHOPS, PLACEMENT_CASTLING], 3, 16, (4, 40), 2),
    ("fairy", "fairy", False, None, 3, 16, (4, 60), 2),
    ("pocketknight", "pocketknight", False, None, 3, 16, (4, 60), 2),
    ("clobber", "clobber", False, None, 3, 16, (2, 30), 2),
    ("clobber10", "clobber10", False, None, 2, 8, (4, 60), 2),
    ("jesonmor", "jesonmor", False, None, 3, 16, (4, 60), 2),
    ("asean", "asean", False, None, 3, 16, (4, 80), 2),
    ("shouse", "shouse", False, None, 3, 16, (10, 60), 2),
    ("gorogoro", "gorogoro", False, None, 3, 16, (10, 80), 2),
    ("dobutsu", "dobutsu", False, DOBUTSU, 5, 16, (4, 60), 3),
    ("legan", "legan", False, LEGAN, 4, 16, (4, 80), 2),
    ("spartan", "spartan", False, SPARTAN, 3, 16, (4, 80), 2),
    ("koedem", "koedem", False, KOEDEM, 3, 16, (4, 80), 2),
    ("kyotoshogi", "kyotoshogi", False, KYOTO, 3, 12, (4, 60), 2),
    ("micro", "micro", False, MICRO, 3, 12, (4, 60), 2),
    ("shoshogi", "shoshogi", False, SHOSHOGI, 3, 12, (10, 80), 2),
    ("flipersi", "flipersi", False, FLIPERSI, 4, 8, (4, 40), 2),
    ("flipello", "flipello", False, FLIPELLO, 4, 12, (4, 60), 2),
    ("flipello10", "flipello10", False, None, 4, 6, (4, 60), 2),
    ("ataxx", "ataxx", False, ATAXX, 3, 12, (4, 60), 2),
    ("judkins", "judkins", False, None, 3, 16, (10, 80), 2),
    ("euroshogi", "euroshogi", False, None, 3, 16, (10, 80), 2),
    ("makpong", "makpong", False, ["rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", "4k3/8/8/8/8/4r3/8/R3K3 w - - 0 1"], 3, 24, (4, 120), 2),
    ("suicide", "suicide", False, None, 3, 16, (4, 40), 2),
    ("torishogi", "torishogi", False, None, 3, 16, (10, 80), 2),
    ("yarishogi", "yarishogi", False, None, 3, 16, (10, 80), 2),
    ("pawnback", "pawnback", False, None, 3, 16, (4, 80), 2),
    ("minixiangqi", "minixiangqi", False, None, 3, 16, (4, 80), 2),
    ("manchu", "manchu", False, None, 3, 16, (4, 80), 2),
    ("okisakishogi", "okisakishogi", False, None, 2, 12, (10, 80), 2),
    ("courier", "courier", False, None, 3, 16, (4, 120), 2),
    ("tencubed", "tencubed", False, None, 2, 12, (4, 80), 2),
    ("opulent", "opulent", False, None, 2, 12, (4, 80), 2),
    ("sortofalmost", "sortofalmost", False, ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1", PROMOTING], 3, 16, (4, 80), 2),
    ("shatranj", "shatranj", False, None, 3, 16, (4, 120), 2),
    ("chaturanga", "chaturanga", False, None, 3, 16, (4, 120), 2),
    ("raazuvaa", "raazuvaa", False, None, 3, 16, (4, 80), 2),
    ("berolina", "berolina", False, ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "4k3/8/8/8/1pP5/8/8/4K3 b - b3c4 0 1", "4k3/8/8/8/3pP3/8/8/4K3 b - d3e4 0 1"], 3, 16, (4, 80), 2),
    ("pawnsideways", "pawnsideways", False, None, 3, 16, (4, 80), 2),
    ("paradigm", "paradigm", False, None, 3, 16, (4, 80), 2),
    ("dragon", "dragon", False, None, 3, 16, (4, 80), 2),
    ("fox-and-hounds", "fox-and-hounds", False, None, 3, 16, (4, 40), 2),
    ("coregal", "coregal", False, ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", COREGAL], 3, 24, (4, 80), 2),
    ("checkshogi", "checkshogi", False, None, 3, 24, (4, 60), 2),
    ("armageddon", "armageddon", False, None, 3, 16, (4, 80), 2),
    ("gustav3", "gustav3", False, [GUSTAV3, "ar3k2ra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/AR3K2RA w KQkq - 0 1"], 3, 24, (4, 80), 2),
    ("omicron", "omicron", False, [OMICRON, "w**********w/*1r3k2r1*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*1R3K2R1*/W**********W w KQkq - 0 1"], 2, 24, (4, 80), 2),
    ("bughouse", "bughouse", False, [sf.start_fen("bughouse"), HOUSE], 3, 24, (4, 60), 2),
    ("atomar", "atomar", False, [sf.start_fen("atomar"), ATOMAR], 3, 32, (4, 60), 2),
    ("duck", "duck", False, None, 2, 16, (4, 60), 2),
    ("amazons", "amazons", False, None, 2, 12, (4, 40), 1),
    ("isolation", "isolation", False, None, 2, 16, (4, 30), 2),
    ("isolation7x7", "isolation7x7", False, None, 2, 16, (4, 30), 2),
    ("snailtrail", "snailtrail", False, None, 3, 16, (4, 40), 2),
    ("joust", "joust", False, None, 3, 16, (4, 40), 2),
    ("georgian", "georgian", False, [sf.start_fen("georgian"), "4k3/2p5/8/1P6/8/8/P7/4K3 b - - 0 1"], 3, 24, (4, 80), 2),
    ("troitzky", "troitzky", False, [TROITZKY, "****1k****/**6**/*1P6*/*8*/10/10/*8*/*5p2*/**6**/****1K**** w - - 0 1"], 3, 32, (10, 120), 2),
    ("janggi", "janggi", False, JANGGI, 3, 40, (4, 120), 2),
    ("janggitraditional", "janggitraditional", False, JANGGI, 3, 12, (4, 120), 2),
    ("janggicasual", "janggicasual", False, JANGGI, 3, 12, (4, 120), 2),
    ("janggimodern", "janggimodern", False, JANGGI, 3, 12, (4, 120), 2),
    ("supply", "supply", False, SUPPLY, 3, 24, (4, 80), 2),
    ("shatar", "shatar", False, SHATAR, 3, 24, (4, 100), 2),
    ("wolf", "wolf", False, WOLF, 3, 40, (4, 100), 2),
    ("sittuyin", "sittuyin", False, SITTUYIN, 3, 40, (4, 120), 2),
]


# Fewer positions, one ply deeper: (file name, our name, pyffish variant,
# chess960 flag, random positions, plies range, depth).
DEEP = [
    ("chess960_deep", "chess960", "chess", True, 4, (6, 40), 3),
    ("capablanca_deep", "capablanca", "capablanca", False, 4, (6, 50), 3),
    ("grand_deep", "grand", "grand", False, 3, (6, 60), 3),
    ("xiangqi_deep", "xiangqi", "xiangqi", False, 4, (6, 60), 3),
    ("cannonhorse_deep", "cannonhorse", "cannonhorse", False, 4, (6, 50), 3),
    ("hoppers_deep", "hoppers", "hoppers", False, 3, (6, 50), 3),
    ("shogi_deep", "shogi", "shogi", False, 3, (30, 90), 3),
    ("crazyhouse_deep", "crazyhouse", "crazyhouse", False, 3, (20, 70), 3),
    ("seirawan_deep", "seirawan", "seirawan", False, 3, (6, 30), 3),
]


# The six Lichess variants, checked against pyffish and python-chess's
# chess.variant boards: (file name, variant, python-chess board class,
# start depth, random positions, plies range, random depth).
LICHESS = [
    ("atomic", "atomic", "AtomicBoard", 3, 16, (4, 60), 2),
    ("antichess", "antichess", "AntichessBoard", 3, 16, (4, 40), 2),
    ("kingofthehill", "kingofthehill", "KingOfTheHillBoard", 3, 16, (4, 60), 2),
    ("threecheck", "3check", "ThreeCheckBoard", 3, 16, (4, 60), 2),
    ("racingkings", "racingkings", "RacingKingsBoard", 3, 16, (4, 40), 2),
    ("horde", "horde", "HordeBoard", 3, 16, (4, 80), 2),
    ("giveaway", "giveaway", "GiveawayBoard", 3, 16, (4, 40), 2),
]

# Random playouts to the end of the game per Lichess variant, for
# lichess.outcomes: variant|final fen|result (pyffish's game_result, which
# python-chess's outcome must match).
PLAYOUTS = 40
# Random playouts per Lichess variant whose last plies go into its .perft.
ENDINGS = 4


# Castling positions (also across attacked squares, which only a royal king
# may not cross), counted to depth 3 in the variants with castling.
CASTLING = [
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1pppppp/8/8/1b4b1/8/P1PPPP1P/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/2B2b2/8/8/R3K2R b KQkq - 0 1",
]
CASTLING_VARIANTS = {"giveaway", "extinction", "nocheckatomic", "atomic", "kingofthehill",
                     "threecheck"}


def castling_fens(variant):
    """CASTLING in the variant's FEN dialect (three-check's counters)."""
    if variant == "3check":
        return [f.replace(" - 0 1", " - 3+3 0 1") for f in CASTLING]
    return CASTLING


def pychess_perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for m in list(board.legal_moves):
        board.push(m)
        total += pychess_perft(board, depth - 1)
        board.pop()
    return total


def lichess_line(name, variant, cls, fen, depths):
    """One data line; python-chess must count the same as pyffish."""
    import chess.variant

    counts = []
    for d in depths:
        n = perft(variant, fen, d, False)
        m = pychess_perft(getattr(chess.variant, cls)(fen), d)
        if n != m:
            raise SystemExit(f"{name} {fen} depth {d}: pyffish {n}, python-chess {m}")
        counts.append(f"{d}:{n}")
    return f"{variant}|{fen}|{' '.join(counts)}"


def result_text(variant, fen):
    """pyffish's game_result at a final position as 1-0, 0-1 or 1/2-1/2."""
    value = sf.game_result(variant, fen, [])
    white = " w " in fen
    if value == 0:
        return "1/2-1/2"
    return "1-0" if (value > 0) == white else "0-1"


def lichess_outcomes():
    import chess.variant

    rng = random.Random(20261123)
    lines = []
    for name, variant, cls, *_ in LICHESS:
        for _ in range(PLAYOUTS):
            fen = sf.start_fen(variant)
            for _ in range(600):
                moves = sf.legal_moves(variant, fen, [], False)
                if not moves:
                    break
                fen = sf.get_fen(variant, fen, [rng.choice(sorted(moves))], False)
            if sf.legal_moves(variant, fen, [], False):
                continue
            result = result_text(variant, fen)
            board = getattr(chess.variant, cls)(fen)
            theirs = board.result(claim_draw=False)
            if theirs != result:
                raise SystemExit(f"{variant} {fen}: pyffish {result}, python-chess {theirs}")
            lines.append(f"{variant}|{fen}|{result}")
    path = os.path.join(DATA, "lichess.outcomes")
    with open(path, "w") as f:
        f.write(f"# Generated by scripts/fairy_oracle.py with pyffish {'.'.join(map(str, sf.version()))}"
                f" and python-chess {chess.__version__}: random playouts to the end\n")
        f.write("# variant|final fen|result (pyffish game_result, python-chess outcome agreeing)\n")
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path} ({len(lines)} games)", file=sys.stderr)


def playout(variant, start, limit, choose, history=False):
    """A game from `start` of at most `limit` moves, each picked by
    `choose(fen, sorted legal moves)`, until no move is left ("end", with
    pyffish's game_result) or an optional end may be claimed ("claim");
    returns (moves, kind or None, value for the side to move). With
    `history`, the legal moves are asked of the whole game (janggi's
    depend on it), else of the last FEN (faster)."""
    moves, fen = [], start
    while len(moves) < limit:
        legal = sorted(sf.legal_moves(variant, *((start, moves) if history else (fen, []))))
        if not legal:
            return moves, "end", sf.game_result(variant, start, moves)
        end, value = sf.is_optional_game_end(variant, start, moves)
        if end:
            return moves, "claim", value
        move = choose(fen, legal)
        moves.append(move)
        fen = sf.get_fen(variant, fen, [move])
    return moves, None, 0


def outcome_line(variant, start, moves, kind, value):
    """A line of an outcomes file: pyffish's value, for the side to move
    after `moves`, as a result."""
    white = (len(moves) % 2 == 0) == (start.split()[1] == "w")
    result = "1/2-1/2" if value == 0 else ("1-0" if (value > 0) == white else "0-1")
    return f"{variant}|{start}|{' '.join(moves)}|{kind}|{result}"


def write_outcomes(name, what, lines):
    path = os.path.join(DATA, name)
    with open(path, "w") as f:
        f.write(f"# Generated by scripts/fairy_oracle.py with pyffish {'.'.join(map(str, sf.version()))}:"
                f" {what}\n")
        f.write("# variant|start fen|moves|end (no legal move) or claim (optional end)|result\n")
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path} ({len(lines)} games)", file=sys.stderr)


# Random playouts of the janggi variants with pyffish's verdict at their
# end, for janggi.outcomes: variant|start|moves|end or claim|result. A
# pass is played more often than the others (15 %), so that two passes in
# a row and passes in bikjang come up (in every third game; the others
# play every move alike, and end by mate and claims too); "end" is no legal move left
# (pyffish's game_result), "claim" an optional end (is_optional_game_end:
# the n-move rule, repetition), each decided by material counting where
# the variant has it.
JANGGI_OUTCOMES = ["janggi", "janggitraditional", "janggicasual"]
JANGGI_PLAYOUTS = 30


def janggi_outcomes():
    import re

    rng = random.Random(20261126)
    lines = []
    for variant in JANGGI_OUTCOMES:
        start = sf.start_fen(variant)
        for game in range(JANGGI_PLAYOUTS):
            bias = 0.15 if game % 3 == 0 else 0.0

            def choose(_fen, legal):
                passes = [m for m in legal if re.fullmatch(r"([a-i]\d+)\1", m)]
                return passes[0] if passes and rng.random() < bias else rng.choice(legal)

            moves, kind, value = playout(variant, start, 600, choose, history=True)
            if kind is not None:
                lines.append(outcome_line(variant, start, moves, kind, value))
    write_outcomes("janggi.outcomes", "random playouts of the janggi variants", lines)


# Random playouts of janggimodern with pyffish's verdict at their end, for
# janggimodern.outcomes (the form of janggi.outcomes), from the JANGGI
# positions. Each side often plays its previous move backwards, so that
# the rule against moving back and forth decides games (a win for the side
# to move), besides fourfold repetition, mates and the hundred-move rule;
# in every fourth game checks are preferred as well.
JANGGIMODERN_PLAYOUTS = 80
# And a game written out: a chariot shuttles between e5 and d5 while the
# other side's advisor does in its palace (which never counts); one of the
# chariot's moves blocks a check, so moving back and forth ends nothing
# until fourfold repetition does.
JANGGIMODERN_GAMES = [
    ("3a1k3/9/7r1/9/4R4/9/9/9/4K4/9 w - - 0 1",
     "e6e5 d10d9 e5d5 d9d10 d5e5 d10d9 e5d5 h8e8 d5e5 e8h8 e5d5 d9d10 d5e5 d10d9"),
]


def janggimodern_outcomes():
    import re

    rng = random.Random(20261128)
    variant = "janggimodern"
    lines = []
    for game in range(JANGGIMODERN_PLAYOUTS):
        start = JANGGI[game % len(JANGGI)]
        shuttle = 0.8 if game % 2 == 0 else 0.4
        played = []

        # In every fourth game checks are preferred too, so that moves
        # played back in check (which the rule leaves alone) come up.
        checks = game % 4 == 1

        def choose(fen, legal):
            back = None
            if len(played) >= 2:
                squares = re.fullmatch(r"([a-i]\d+)([a-i]\d+)", played[-2])
                if squares:
                    back = squares.group(2) + squares.group(1)
            move = None
            if checks and rng.random() < 0.5:
                candidates = rng.sample(legal, min(len(legal), 12))
                move = next((m for m in candidates if sf.gives_check(variant, fen, [m])), None)
            if move is None:
                move = back if back in legal and rng.random() < shuttle else rng.choice(legal)
            played.append(move)
            return move

        moves, kind, value = playout(variant, start, 300, choose, history=True)
        if kind is not None:
            lines.append(outcome_line(variant, start, moves, kind, value))
    for start, text in JANGGIMODERN_GAMES:
        moves = text.split()
        end, value = sf.is_optional_game_end(variant, start, moves)
        assert end, "the written game ends by a claim"
        lines.append(outcome_line(variant, start, moves, "claim", value))
    write_outcomes("janggimodern.outcomes", "random playouts of janggimodern, moves often played back", lines)


# Random playouts of the variants with makruk-style counting from endings
# (few pieces, so that counts start and run out), for counting.outcomes
# (the form of janggi.outcomes) and counting.fens (each game's last FEN as
# pyffish writes it: the count's limit where the en-passant square stands,
# its plies as the half-move clock): variant|start|moves|fen.
COUNTING_STARTS = {
    "makruk": ["4k3/8/8/8/3s4/8/8/3RK3 w - - 0 1", "4k3/8/8/3s4/8/8/8/3RK3 w - - 0 1",
               "4k3/3p4/8/8/8/8/3P4/1NR1K3 w - - 0 1", "2s1k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1"],
    "cambodian": ["4k3/8/8/8/3s4/8/8/3RK3 w - - 0 1", "4k3/3p4/8/8/8/8/3P4/1NR1K3 w - - 0 1"],
    "makpong": ["4k3/8/8/8/3s4/8/8/3RK3 w - - 0 1"],
    "ai-wok": ["4k3/8/8/8/3s4/8/8/3RK3 w - - 0 1"],
    "karouk": ["4k3/8/8/8/3s4/8/8/3RK3 w - - 0 1"],
    "asean": ["4k3/8/8/8/3b4/8/8/3RK3 w - - 0 1", "4k3/3p4/8/8/8/8/3P4/1NR1K3 w - - 0 1"],
    "sittuyin": ["4k3/8/8/8/3s4/8/8/3RK3[] w - - 0 1", "4k3/3p4/8/8/8/8/3P4/1NR1K3[] w - - 0 1"],
}
COUNTING_PLAYOUTS = 6
# And moves written out: a lone king that takes the last pawn starts its
# own count, from the pieces left (not in ASEAN counting).
COUNTING_WRITTEN = [
    (v, "4k3/8/8/8/8/8/3p4/r3K3 w - - 0 1", "e1d2") for v in ("makruk", "cambodian", "asean")
]


def counting_outcomes():
    rng = random.Random(20261129)
    lines, fens = [], []
    for variant, starts in COUNTING_STARTS.items():
        for start in starts:
            for _ in range(COUNTING_PLAYOUTS):
                moves, kind, value = playout(variant, start, 400, lambda _fen, legal: rng.choice(legal))
                fens.append(f"{variant}|{start}|{' '.join(moves)}|{sf.get_fen(variant, start, moves)}")
                if kind is not None:
                    lines.append(outcome_line(variant, start, moves, kind, value))
    for variant, start, text in COUNTING_WRITTEN:
        fens.append(f"{variant}|{start}|{text}|{sf.get_fen(variant, start, text.split())}")
    write_outcomes("counting.outcomes", "random playouts of endings of the counting variants", lines)
    path = os.path.join(DATA, "counting.fens")
    with open(path, "w") as f:
        f.write(f"# Generated by scripts/fairy_oracle.py with pyffish {'.'.join(map(str, sf.version()))}:"
                " the last FEN of each playout of counting.outcomes\n")
        f.write("# variant|start fen|moves|fen\n")
        f.write("\n".join(fens) + "\n")
    print(f"wrote {path} ({len(fens)} games)", file=sys.stderr)


# Random playouts of shatar with pyffish's verdict at their end, for
# shatar.outcomes (the form of janggi.outcomes). Three moves in five give
# check where one does, so that mates come up: by knights alone (the mated
# side wins), after a series of checks holding a rook's, a bers's or a
# knight's (a win), and without one (a draw); the bare king's draw and the
# n-move rule come up too.
SHATAR_PLAYOUTS = 60
# And games written out (found by a search with pyffish, the loser keeping
# a piece so that the bare king's draw stays out of it): a knight's check
# then a bishop's mate (a knight's check is a shak: a win), a mate by
# knights alone (the mated side wins), a bishop's and a pawn's mate with
# no check before (draws).
SHATAR_GAMES = [
    ("3k4/8/5K2/b1N5/4B3/8/p7/8 w - - 0 1", "c5e6 d8e8 e4c6"),
    ("8/8/8/2Nb4/p6N/4K1P1/4B3/4k3 w - - 0 1", "h4g2 d5g2 c5d3"),
    ("kb6/p7/8/8/8/3B4/8/6K1 w - - 0 1", "d3e4"),
    ("6bk/7p/4N1P1/8/8/8/8/6K1 w - - 0 1", "g6g7"),
]


def shatar_outcomes():
    rng = random.Random(20261127)
    variant = "shatar"
    start = sf.start_fen(variant)
    lines = []

    def choose(fen, legal):
        move = None
        if rng.random() < 0.6:
            candidates = legal[:]
            rng.shuffle(candidates)
            move = next((m for m in candidates[:12] if sf.gives_check(variant, fen, [m])), None)
        return move or rng.choice(legal)

    for _ in range(SHATAR_PLAYOUTS):
        moves, kind, value = playout(variant, start, 400, choose)
        if kind is not None:
            lines.append(outcome_line(variant, start, moves, kind, value))
    for fen, moves in SHATAR_GAMES:
        moves = moves.split()
        assert not sf.legal_moves(variant, fen, moves)
        lines.append(outcome_line(variant, fen, moves, "end", sf.game_result(variant, fen, moves)))
    write_outcomes("shatar.outcomes", "random playouts of shatar, checks preferred", lines)


# Fairy-Stockfish's own variants.ini (GPL text, read where the workspace
# keeps it, never copied into the project): per section, perft from the
# start and from seeded random positions, into fsf_variants_ini.perft. The
# test reads the same file and checks the sections sqlchess loads.
FSF_INI = os.environ.get(
    "SQLCHESS_FSF_VARIANTS_INI",
    os.path.join(ROOT, "..", "shared", "fairy-stockfish", "variants.ini"),
)


# Sections checked from twelve more random positions each.
FSF_EXTRA = [
    "andersgiveaway", "andersanti", "maharajah", "maharajah2", "6x6atom", "chak",
    "mounted", "twokings2", "stardust", "forward", "mandala", "quasi-shatranj",
    "capturethequeen", "crossderby", "argess", "atomicduck", "cowboys",
    "la-mancha-squeez", "la-mancha-duel", "dragon-chess", "ajax-orthodox",
    "caught-in-a-snag", "1d-chess", "khans", "quadwrangle", "quadwrangle7x7",
    "crusade", "snort", "cfour-anyside", "gale", "atomiczh",
]

# Sections whose ends came last: positions just before the ends of random
# playouts, where those rules decide what is legal.
FSF_ENDS = [
    "gale", "snort", "quadwrangle", "crusade", "cfour-anyside", "khans",
    "caught-in-a-snag", "dragon-chess", "castle", "opposite-castling", "kono",
    "three-musketeers", "alapo",
]

# Boards that play from the start position rarely makes: gaps under or
# beside pieces (where connect four's and anyside's drops go), chains
# one drop from joining gale's regions, castling with its rights at stake,
# a flag region one piece from full, musketeers one move from a line,
# pieces arriving on alapo's far rank safely or not.
FSF_GAPS = [
    ("cfour", "7/7/3p3/7/3P3/7[PPPPPPPPPPPPPPPPPPPpppppppppppppppppppp] w - - 0 1"),
    # Gale's chains grow only east and north from the first region: a step
    # south (the first board) or west (the third) joins nothing.
    ("gale", "9/9/9/9/PPPPP4/5PPPP/9/9/p1p6 w - - 0 1"),
    ("gale", "9/9/9/5PPPP/PPPPP4/9/9/9/p1p6 w - - 0 1"),
    ("gale", "4p4/4p4/4p4/P3p4/P3p4/5p3/5p3/5p3/5p3 b - - 0 1"),
    # Castling on either wing, with its rights at stake.
    ("opposite-castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    ("opposite-castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1"),
    ("castle", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1"),
    ("castle", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"),
    ("castle", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQk - 0 1"),
    # Kono: one pawn into a region the others fill wins.
    ("kono", "pppp1/p2Pp/5/5/PPPP1 w - - 0 1"),
    # Three musketeers: the only capture puts all three on one file.
    ("three-musketeers", "M4/5/pM3/5/M3p w - - 0 1"),
    # Alapo: a rook arriving safely wins at once; arriving where it can be
    # taken, it wins only if still there after the reply.
    ("alapo", "6/2k3/6/R5/6/3K2 w - - 0 1"),
    ("alapo", "1r4/2k3/6/R5/6/3K2 w - - 0 1"),
    ("alapo", "6/2k3/6/r5/6/1R1K2 b - - 0 1"),
    ("cfour-anyside", "7/7/7/3p3/7/7/7[PPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppp] w - - 0 1"),
    ("cfour-anyside", "1p2P2/7/P1p4/3P2p/7/p3P2/2P4[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] b - - 0 1"),
    ("cfour-anyside", "7/2P1p2/1p5/7/4P1p/p6/7[PPPPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppppp] w - - 0 1"),
]


def sittuyin_moves():
    """sittuyin.moves: every legal move of the SITTUYIN positions and of
    positions of random games, with pyffish's SAN and the FEN after it:
    fen|uci|san|fen after."""
    rng = random.Random(20261128)
    fens = list(SITTUYIN)
    for _ in range(12):
        fens.append(random_position("sittuyin", SITTUYIN[0], rng.randint(20, 120), rng, False))
    lines = []
    for fen in fens:
        for move in sorted(sf.legal_moves("sittuyin", fen, [])):
            after = sf.get_fen("sittuyin", fen, [move])
            lines.append(f"{fen}|{move}|{sf.get_san('sittuyin', fen, move)}|{after}")
    path = os.path.join(DATA, "sittuyin.moves")
    with open(path, "w") as f:
        f.write(f"# Generated by scripts/fairy_oracle.py with pyffish {'.'.join(map(str, sf.version()))}\n")
        f.write("# fen|uci|san|fen after\n")
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path} ({len(lines)} moves)", file=sys.stderr)


def fsf_sections():
    with open(FSF_INI) as f:
        text = f.read()
    sf.load_variant_config(text)
    names = [l[1:].split("]")[0].split(":")[0] for l in text.splitlines() if l.startswith("[")]
    rng = random.Random(20261123)
    lines = []
    for name in names:
        if name not in sf.variants():
            print(f"pyffish does not know {name}", file=sys.stderr)
            continue
        start = sf.start_fen(name)
        lines.append(f"{name}|{start}|1:{perft(name, start, 1, False)} 2:{perft(name, start, 2, False)}")
        for _ in range(3):
            fen = random_position(name, start, rng.randint(4, 30), rng, False)
            lines.append(f"{name}|{fen}|1:{perft(name, fen, 1, False)} 2:{perft(name, fen, 2, False)}")
    # More positions for the sections whose rules came last (passing,
    # pseudo-royal pieces, ...), from a stream of their own so that the
    # lines above stay as they are.
    rng = random.Random(20261125)
    for name in FSF_EXTRA:
        start = sf.start_fen(name)
        for _ in range(12):
            fen = random_position(name, start, rng.randint(4, 80), rng, False)
            lines.append(f"{name}|{fen}|1:{perft(name, fen, 1, False)} 2:{perft(name, fen, 2, False)}")
    for name, fen in FSF_GAPS:
        lines.append(f"{name}|{fen}|1:{perft(name, fen, 1, False)} 2:{perft(name, fen, 2, False)}")
    rng = random.Random(20261126)
    for name in FSF_ENDS:
        lines += playout_ends(name, rng, games=4, max_plies=400, keep=3)
    # Every other section: two playouts to the end (or 200 plies), their
    # last two positions, from a stream of their own.
    rng = random.Random(20261127)
    for name in [n for n in names if n not in FSF_ENDS and n in sf.variants()]:
        lines += playout_ends(name, rng, games=2, max_plies=200, keep=2)
    write("fsf_variants_ini", lines, "from Fairy-Stockfish's variants.ini (not copied here)")


def playout_ends(name, rng, games, max_plies, keep):
    """Data lines for the last `keep` positions of `games` random playouts
    of `name` from its start, each to its end or `max_plies` positions."""
    lines = []
    for _ in range(games):
        history = [sf.start_fen(name)]
        while len(history) < max_plies:
            moves = sf.legal_moves(name, history[-1], [], False)
            if not moves:
                break
            history.append(sf.get_fen(name, history[-1], [rng.choice(sorted(moves))], False))
        for fen in history[-keep:]:
            lines.append(f"{name}|{fen}|1:{perft(name, fen, 1, False)} 2:{perft(name, fen, 2, False)}")
    return lines


def perft(variant, fen, depth, c960, played=()):
    """Leaves `depth` plies below `fen` after `played`. pyffish is given the
    moves, not the FEN they lead to, so the ends that depend on them (two
    passes in a row, a pass in bikjang) count as in Fairy-Stockfish."""
    moves = sf.legal_moves(variant, fen, list(played), c960)
    if depth == 1:
        return len(moves)
    return sum(perft(variant, fen, depth - 1, c960, played + (m,)) for m in moves)


def random_position(variant, fen, plies, rng, c960):
    for _ in range(plies):
        moves = sf.legal_moves(variant, fen, [], c960)
        if not moves:
            break
        fen = sf.get_fen(variant, fen, [rng.choice(sorted(moves))], c960)
    return fen


def main():
    with open(os.path.join(DATA, "variants.ini")) as f:
        sf.load_variant_config(f.read())
    only = set(sys.argv[1:])
    for name, variant, c960, starts, sdepth, count, plies, rdepth in PLAN:
        if only and name not in only:
            continue
        rng = random.Random(20261122)
        starts = starts or [sf.start_fen(variant)]
        lines = []
        for fen in starts + (CASTLING if name in CASTLING_VARIANTS else []):
            counts = " ".join(f"{d}:{perft(variant, fen, d, c960)}" for d in range(1, sdepth + 1))
            lines.append(f"{name}|{fen}|{counts}")
        for i in range(count):
            start = starts[i % len(starts)]
            fen = random_position(variant, start, rng.randint(*plies), rng, c960)
            counts = " ".join(f"{d}:{perft(variant, fen, d, c960)}" for d in range(1, rdepth + 1))
            lines.append(f"{name}|{fen}|{counts}")
        write(name, lines)
    for name, variant, cls, sdepth, count, plies, rdepth in LICHESS:
        if only and name not in only:
            continue
        rng = random.Random(20261123)
        start = sf.start_fen(variant)
        lines = [lichess_line(name, variant, cls, start, range(1, sdepth + 1))]
        if name in CASTLING_VARIANTS:
            lines += [lichess_line(name, variant, cls, f, range(1, 4)) for f in castling_fens(variant)]
        for _ in range(count):
            fen = random_position(variant, start, rng.randint(*plies), rng, False)
            lines.append(lichess_line(name, variant, cls, fen, range(1, rdepth + 1)))
        # Positions one to three plies before the end of random playouts,
        # where the variant's own ends decide what is legal.
        for _ in range(ENDINGS):
            history = [start]
            while len(history) < 600:
                moves = sf.legal_moves(variant, history[-1], [], False)
                if not moves:
                    break
                history.append(sf.get_fen(variant, history[-1], [rng.choice(sorted(moves))], False))
            for back in (2, 3, 4):
                if len(history) > back:
                    lines.append(lichess_line(name, variant, cls, history[-back], range(1, 3)))
        write(name, lines, "and python-chess (chess.variant) agreeing")
    if not only or "outcomes" in only:
        lichess_outcomes()
    if not only or "janggi_outcomes" in only:
        janggi_outcomes()
    if not only or "counting_outcomes" in only:
        counting_outcomes()
    if not only or "janggimodern_outcomes" in only:
        janggimodern_outcomes()
    if not only or "shatar_outcomes" in only:
        shatar_outcomes()
    if not only or "sittuyin_moves" in only:
        sittuyin_moves()
    if not only or "fsf_variants_ini" in only:
        fsf_sections()
    for fname, name, variant, c960, count, plies, depth in DEEP:
        if only and fname not in only:
            continue
        rng = random.Random(1122)
        start = CHESS960[0] if c960 else sf.start_fen(variant)
        lines = []
        for _ in range(count):
            fen = random_position(variant, start, rng.randint(*plies), rng, c960)
            counts = " ".join(f"{d}:{perft(variant, fen, d, c960)}" for d in range(1, depth + 1))
            lines.append(f"{name}|{fen}|{counts}")
        write(fname, lines)


def write(name, lines, also=""):
    path = os.path.join(DATA, f"{name}.perft")
    with open(path, "w") as f:
        f.write(f"# Generated by scripts/fairy_oracle.py with pyffish {'.'.join(map(str, sf.version()))}"
                f"{' ' + also if also else ''}\n")
        f.write("# variant|fen|depth:nodes ...\n")
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path} ({len(lines)} positions)", file=sys.stderr)


if __name__ == "__main__":
    main()
