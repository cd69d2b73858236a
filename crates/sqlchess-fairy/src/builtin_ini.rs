//! Built-in variants written as variants.ini sections over other built-ins:
//! Fairy-Stockfish's built-ins that differ from a parent only in options
//! this crate reads. Each follows Fairy-Stockfish's definition of the
//! variant; the tests check them against pyffish.

use crate::ini::read_variants_ini;
use crate::variant::Variant;

/// The sections, parents first.
const INI: &str = "
# Extinction chess where losing every pawn loses; pawns promote to kings.
[kinglet:extinction]
promotionPieceTypes = k
extinctionPieceTypes = p

# Three non-royal kings a side; losing two of them loses.
[threekings:extinction]
startFen = knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK w - - 0 1
promotionPieceTypes = qrbn
extinctionPieceTypes = k
extinctionPieceCount = 2

# Giveaway where losing the king wins; no promotion to king.
[codrus:giveaway]
promotionPieceTypes = qrbn
extinctionPieceTypes = k

# Chigorin chess: knights and a chancellor against bishops and a queen.
[chigorin:chess]
chancellor = c
startFen = rbbqkbbr/pppppppp/8/8/8/8/PPPPPPPP/RNNCKNNR w KQkq - 0 1
promotionPieceTypesWhite = crn
promotionPieceTypesBlack = qrb

# Perfect chess: a chancellor, an archbishop and an amazon join the army;
# the chancellor castles as a rook does.
[perfect:chess]
chancellor = c
archbishop = m
amazon = g
startFen = cmqgkbnr/pppppppp/8/8/8/8/PPPPPPPP/CMQGKBNR w KQkq - 0 1
promotionPieceTypes = gcmqrbn
castlingRookPieces = rc

# Cambodian chess (ouk chatrang): makruk where the king, on its first move
# and not in check, may leap two files aside and one rank forward, and the
# met may leap two squares straight forward on its first move (the rights
# are the DEde of the FEN; a rook landing on the king's file or rank takes
# the king's away).
[cambodian:makruk]
startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1
gating = true
cambodianMoves = true
countingRule = cambodian

# Kar ouk: Cambodian chess where the first check wins.
[karouk:cambodian]
checkCounting = true
startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1

# Placement chess: the pieces start in hand and are dropped on the back
# rank before anything moves; the bishops on squares of both colours; king
# on e1 and rook in a corner give the castling right.
[placement:chess]
startFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1
pieceDrops = true
mustDrop = true
capturesToHand = false
dropRegionWhite = *1
dropRegionBlack = *8
dropOppositeColoredBishop = true
castlingDroppedPiece = true

# One queen replaced by a chancellor: White promotes to a chancellor,
# Black to a queen.
[sortofalmost:chess]
chancellor = c
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1
promotionPieceTypesWhite = crbn
promotionPieceTypesBlack = qrbn

# Shatranj: alfils and a fers; baring the other king wins unless it can
# bare back at once; stalemate loses; 70-move rule.
[shatranj:chess]
bishop = -
queen = -
alfil = b
fers = q
startFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
promotionPieceTypes = q
doubleStep = false
castling = false
extinctionValue = loss
extinctionClaim = true
extinctionPieceTypes = *
extinctionPieceCount = 1
extinctionOpponentPieceCount = 2
stalemateValue = loss
nMoveRule = 70

# Chaturanga as chess.com plays it: shatranj's pieces on chess's set-up,
# without the bare-king rule.
[chaturanga:shatranj]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
extinctionValue = none

# Raazuvaa (Maldivian chess): no castling, no pawn double step.
[raazuvaa:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1
castling = false
doubleStep = false

# Berolina pawns: move diagonally, capture straight ahead.
[berolina:chess]
customPiece1 = p:mfFcfeWimfnA
pawnTypes = p

# Pawns that also step sideways.
[pawnsideways:chess]
customPiece1 = p:fsmWfceFifmnD
pawnTypes = p

# Petrified chess: a piece other than a pawn turns to stone (a wall) on the
# square where it captures, so the king may not capture; pawns also step
# sideways (Fairy-Stockfish builds it on pawnsideways).
[petrified:pawnsideways]
petrifyOnCaptureTypes = nbrqk

# Bishops that also leap like lame knights.
[paradigm:chess]
customPiece1 = b:BnN
promotionPieceTypes = qbrn

# A dragon (archbishop) in hand to drop on the own back rank.
[dragon:chess]
archbishop = d
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Dd] w KQkq - 0 1
pieceDrops = true
dropRegionWhite = *1
dropRegionBlack = *8

# Four hounds against a fox that wins on reaching the far rank.
[fox-and-hounds]
customPiece1 = h:mfF
customPiece2 = f:mF
startFen = 1h1h1h1h/8/8/8/8/8/8/4F3 w - - 0 1
stalemateValue = loss
flagPiece = f
flagRegionWhite = *8

# Chess with a silver general and a fers available (for drops and tests).
[fairy:chess]
silver = s
fers = f

# Chess with one knight in each hand to drop at any time.
[pocketknight:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1
pieceDrops = true

# Clobber: a stone must capture an adjacent enemy stone; no move loses.
[clobber]
maxRank = 6
maxFile = 5
clobber = p
startFen = PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w 0 1
stalemateValue = loss

[clobber10:clobber]
maxRank = 10
maxFile = 10
startFen = PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP/PpPpPpPpPp/pPpPpPpPpP w 0 1

# Jeson Mor: nine knights a side; reaching the centre square wins.
[jesonmor]
maxRank = 9
maxFile = 9
knight = n
startFen = nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w - - 0 1
stalemateValue = loss
flagPiece = n
flagRegion = e5
flagMove = true

# ASEAN chess: makruk's pieces on chess's set-up, promotion on the last
# rank to any of them.
[asean:chess]
bishop = -
queen = -
customPiece1 = b:FfW
customPiece2 = q:F
startFen = rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1
promotionPieceTypes = rnbq
doubleStep = false
castling = false
countingRule = asean

# Minishogi's pieces on 5x6; promotion on the last two ranks.
[gorogoro:minishogi]
maxRank = 6
startFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1

# Judkins shogi: 6x6 with a shogi knight promoting to a gold.
[judkins:minishogi]
maxRank = 6
maxFile = 6
shogiKnight = n
startFen = rbnsgk/5p/6/6/P5/KGSNBR[-] w 0 1
promotionRank = 5
promotionPieceTypes = -
promotedPieceType = p:t s:w b:h r:d n:g

# Euroshogi: 8x8, a knight that also steps sideways; promotion on the last
# three ranks is compulsory.
[euroshogi:minishogi]
maxRank = 8
maxFile = 8
customPiece1 = n:ffNsW
startFen = 1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w 0 1
promotionRank = 6
promotionPieceTypes = -
promotedPieceType = p:t s:w b:h r:d n:g
mandatoryPiecePromotion = true

# Courier chess: shatranj's rules on 12x8 with couriers (bishops), a
# commoner (the sage) and a wazir (the schleich).
[courier:shatranj]
maxFile = 12
alfil = e
fers = f
bishop = b
commoner = m
wazir = w
startFen = rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1
promotionPieceTypes = f
nMoveRule = 50

# Tencubed: 10x10 with archbishops, chancellors, champions and wizards.
[tencubed:chess]
maxRank = 10
maxFile = 10
archbishop = a
chancellor = m
customPiece1 = c:DAW
customPiece2 = w:CF
startFen = 2cwamwc2/1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1/2CWAMWC2 w - - 0 1
promotionPieceTypes = amq
promotionRank = 10
doubleStepRegionWhite = *3
doubleStepRegionBlack = *8
castling = false

# Opulent chess: Grand chess with knights that also step like wazirs,
# wizards and lions.
[opulent:grand]
customPiece1 = n:NW
customPiece2 = w:CF
customPiece3 = l:FDH
startFen = rw6wr/clbnqknbla/pppppppppp/10/10/10/10/PPPPPPPPPP/CLBNQKNBLA/RW6WR w - - 0 1
promotionPieceTypes = acqrbnwl
promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2 w:2 l:2

# Makpong: makruk where a king in check may only capture the checker.
[makpong:makruk]
makpongRule = true

# Suicide chess: antichess where a stalemate goes to the side with fewer
# pieces.
[suicide:antichess]
stalematePieceCount = true

# Loop chess: crazyhouse where captured promoted pawns keep their kind.
[loop:crazyhouse]
dropLoop = true

# Seirawan chess with crazyhouse drops.
[shouse:seirawan]
pieceDrops = true
capturesToHand = true

# Coregal chess: every queen is royal too (any count of them is within
# the extinction count).
[coregal:chess]
extinctionValue = loss
extinctionPieceTypes = kq
extinctionPieceCount = 64
extinctionPseudoRoyal = true

# Shogi where the first check wins.
[checkshogi:shogi]
checkCounting = true
startFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 1+1 0 1

# Armageddon: chess where every draw is a win for Black.
[armageddon:chess]
materialCounting = blackdrawodds

# Gustav III's chess: amazons in the corners of a 10x8 board, walls beside
# the pawns.
[gustav3:chess]
maxFile = 10
amazon = a
startFen = arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1
castlingKingsideFile = h
castlingQueensideFile = d
promotionPieceTypes = aqrbn

# Omicron chess: 12x10 with walls around a 10x8 field, champions and
# wizards; castling on the second rank.
[omicron:chess]
maxFile = 12
maxRank = 10
customPiece1 = c:WAD
customPiece2 = w:CF
startFen = w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1
castlingRank = 2
castlingKingsideFile = i
castlingQueensideFile = e
promotionRank = 9
promotionPieceTypes = qrbncw
doubleStepRank = 3

# Shatar (Mongolian chess): the queen is a bers (rook and fers), pawns
# promote to it, step once and never castle; a bare king draws (robado);
# a mate wins only after a series of checks holding a rook's, bers's or
# knight's (shak), one by knights alone loses, any other draws.
[shatar:chess]
queen = -
bers = j
startFen = rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1
promotionPieceTypes = j
doubleStep = false
castling = false
extinctionValue = draw
extinctionPieceTypes = *
extinctionPieceCount = 1
shatarMateRule = true

# Wolf chess: 8x10, the wolf (chancellor) and fox (archbishop), sergeants
# stepping one square forward any way (two from their start) and promoting
# as pawns do, nightriders and elephants (nightrider and queen); a pawn may
# also promote to an elephant written +P. Only pawns take en passant, after
# a pawn's or a sergeant's double step.
[wolf:chess]
maxRank = 10
knight = -
chancellor = w
archbishop = f
customPiece1 = s:fKifmnD
customPiece2 = n:NN
customPiece3 = e:NNQ
startFen = qwfrbbnk/pssppssp/1pp2pp1/8/8/8/8/1PP2PP1/PSSPPSSP/KNBBRFWQ w - - 0 1
promotionPawnTypes = ps
enPassantTypes = p
nMoveRuleTypes = ps
promotionPieceTypes = qwfrb
promotedPieceType = p:e
promotionRegionWhite = *10
promotionRegionBlack = *1
doubleStepRegionWhite = *2 b3 c3 f3 g3
doubleStepRegionBlack = *9 b8 c8 f8 g8
castling = false

# Troitzky chess: a 10x10 board with walls, pawns promote on the last
# square of their file.
[troitzky:chess]
maxFile = 10
maxRank = 10
startFen = ****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1
castling = false
doubleStepRank = 3
promotionRegionWhite = a6 b8 c9 d9 e10 f10 g9 h9 i8 j6
promotionRegionBlack = a5 b3 c2 d2 e1 f1 g2 h2 i3 j5

# Bughouse, one board of it: crazyhouse where captures go to the partner,
# not to one's own hand.
[bughouse:crazyhouse]
capturesToHand = false

# Supply chess: xiangqi on one board of a pair, as bughouse is to
# crazyhouse: pieces the partner captured are dropped in one's own half,
# never with check, on squares where they may stand (advisors and
# elephants on their points, a soldier on its own side only where soldiers
# start), and captures go to the partner.
[supply:xiangqi]
pieceDrops = true
capturesToHand = false
dropChecks = false
mobilityRegionWhiteSoldier = a4 a5 c4 c5 e4 e5 g4 g5 i4 i5 *6 *7 *8 *9 *10
mobilityRegionBlackSoldier = a7 a6 c7 c6 e7 e6 g7 g6 i7 i6 *5 *4 *3 *2 *1
mobilityRegionWhiteFers = d1 f1 e2 d3 f3
mobilityRegionBlackFers = d10 f10 e9 d8 f8
mobilityRegionWhiteElephant = c1 g1 a3 e3 i3 c5 g5
mobilityRegionBlackElephant = c10 g10 a8 e8 i8 c6 g6
dropRegionWhite = *1 *2 *3 *4 *5
dropRegionBlack = *6 *7 *8 *9 *10
startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1

# Koedem: bughouse where the kings are ordinary pieces (commoners) that
# castle; a king in hand must be dropped before anything else moves, and a
# side whose opponent owns both kings (on the board or in hand) has lost.
[koedem:bughouse]
king = -
commoner = k
castlingKingPiece = k
mustDrop = true
mustDropType = k
extinctionValue = loss
extinctionPieceTypes = k
extinctionOpponentPieceCount = 2

# Atomar: atomic without check whose kings survive explosions and may not
# capture each other.
[atomar:nocheckatomic]
blastImmuneTypes = k
mutuallyImmuneTypes = k

# Georgian chess: an amazon for the queen, no castling, no en passant.
[georgian:chess]
amazon = a
queen = -
castling = false
startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1
promotionPieceTypes = arbn
enPassantRegion = -

# Duck chess: after each move the mover puts the duck, a wall, on another
# empty square; no check, taking the king wins, stalemate wins.
[duck:chess]
wallingRule = duck
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = k
stalemateValue = win

# The game of the amazons: queens that only move, then shoot an arrow (a
# wall) as a queen from where they stopped; who cannot move loses.
[amazons]
maxFile = 10
maxRank = 10
customPiece1 = q:mQ
startFen = 3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1
wallingRule = arrow
stalemateValue = loss

# Isolation: a king-stepper moves, then walls any empty square but the two
# start squares; who cannot move loses.
[isolation]
maxFile = 6
maxRank = 8
customPiece1 = p:mK
startFen = 3p2/6/6/6/6/6/6/2P3 w - - 0 1
wallingRule = static
wallingRegionWhite = a1 b1 d1 e1 f1 a2 b2 c2 d2 e2 f2 a3 b3 c3 d3 e3 f3 a4 b4 c4 d4 e4 f4 a5 b5 c5 d5 e5 f5 a6 b6 c6 d6 e6 f6 a7 b7 c7 d7 e7 f7 a8 b8 c8 e8 f8
wallingRegionBlack = a1 b1 d1 e1 f1 a2 b2 c2 d2 e2 f2 a3 b3 c3 d3 e3 f3 a4 b4 c4 d4 e4 f4 a5 b5 c5 d5 e5 f5 a6 b6 c6 d6 e6 f6 a7 b7 c7 d7 e7 f7 a8 b8 c8 e8 f8
stalemateValue = loss

# Isolation on 7x7.
[isolation7x7:isolation]
maxFile = 7
maxRank = 7
startFen = 3p3/7/7/7/7/7/3P3 w - - 0 1
wallingRegionWhite = a1 b1 c1 e1 f1 g1 a2 b2 c2 d2 e2 f2 g2 a3 b3 c3 d3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 a5 b5 c5 d5 e5 f5 g5 a6 b6 c6 d6 e6 f6 g6 a7 b7 c7 e7 f7 g7
wallingRegionBlack = a1 b1 c1 e1 f1 g1 a2 b2 c2 d2 e2 f2 g2 a3 b3 c3 d3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 a5 b5 c5 d5 e5 f5 g5 a6 b6 c6 d6 e6 f6 g6 a7 b7 c7 e7 f7 g7

# Snail trail: each move leaves a wall where the piece was.
[snailtrail]
maxFile = 7
maxRank = 7
customPiece1 = p:mK
startFen = 6p/7/7/7/7/7/P6 w - - 0 1
wallingRule = past
stalemateValue = loss

# Joust: two knights that cannot take each other leave walls behind.
[joust:chess]
king = -
queen = -
rook = -
bishop = -
pawn = -
knight = -
customPiece1 = n:mN
startFen = 8/8/8/4n3/3N4/8/8/8 w - - 0 1
wallingRule = past
stalemateValue = loss
castling = false

# Janggi (Korean chess), tournament rules: xiangqi's board without the
# river's limits; guards (wazirs) and the king keep to the palace, and
# they, the rooks, the cannons and the soldiers also move along its
# diagonals; cannons hop over one piece that is not a cannon, onto
# anything but a cannon; elephants move one step straight and two
# diagonally; soldiers step sideways too; a side may pass. Bikjang (the
# kings facing each other) must be broken or ends the game at a pass, and
# such ends, two passes in a row and the other draws go to the side ahead
# on points (Black has 1.5).
[janggi:xiangqi]
fers = -
cannon = -
elephant = -
wazir = a
janggiCannon = c
janggiElephant = b
startFen = rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1
mobilityRegionWhiteWazir = d1 e1 f1 d2 e2 f2 d3 e3 f3
mobilityRegionBlackWazir = d8 e8 f8 d9 e9 f9 d10 e10 f10
soldierPromotionRank = 1
flyingGeneral = false
bikjangRule = true
materialCounting = janggi
diagonalLines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10
pass = true
nFoldValue = draw
perpetualCheckIllegal = true

# Janggi's traditional rules: bikjang and the other draws stay draws.
[janggitraditional:janggi]
materialCounting = none

# Sittuyin (Burmese chess): makruk's pieces, the fers for the met, the
# pawns on the board and every other piece in hand, dropped first on one's
# own three ranks (rooks on the first); a pawn promotes only to a fers, and
# only while its side has none, in place or a fers' step away; with other
# pawns left, only from the long diagonals in the enemy half.
[sittuyin:chess]
bishop = -
queen = -
silver = s
fers = f
startFen = 8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1
pieceDrops = true
mustDrop = true
capturesToHand = false
dropRegionWhite = *1 *2 *3
dropRegionBlack = *6 *7 *8
sittuyinRookDrop = true
sittuyinPromotion = true
promotionRegionWhite = a8 b7 c6 d5 e5 f6 g7 h8
promotionRegionBlack = a1 b2 c3 d4 e4 f3 g2 h1
promotionPieceTypes = f
promotionLimit = f:1
doubleStep = false
castling = false
countingRule = asean

# Janggi's modern rules: no bikjang; a side that moves one piece back and
# forth loses; four repetitions and a hundred moves end the game.
[janggimodern:janggi]
bikjangRule = false
moveRepetitionIllegal = true
nFoldRule = 4
nMoveRule = 100

# Janggi's casual rules: no bikjang, no counting.
[janggicasual:janggi]
bikjangRule = false
materialCounting = none
";

/// The variant of this module called `name`, if any.
pub(crate) fn variant(name: &str) -> Option<Variant> {
    if !NAMES.contains(&name) {
        return None;
    }
    read_variants_ini(INI)
        .variants
        .into_iter()
        .find(|v| v.name == name)
}

/// The names of the variants of this module.
pub(crate) const NAMES: &[&str] = &[
    "kinglet",
    "threekings",
    "codrus",
    "chigorin",
    "perfect",
    "cambodian",
    "karouk",
    "petrified",
    "placement",
    "sortofalmost",
    "shatranj",
    "chaturanga",
    "raazuvaa",
    "berolina",
    "pawnsideways",
    "paradigm",
    "dragon",
    "fox-and-hounds",
    "fairy",
    "pocketknight",
    "clobber",
    "clobber10",
    "jesonmor",
    "asean",
    "gorogoro",
    "judkins",
    "euroshogi",
    "shouse",
    "loop",
    "makpong",
    "suicide",
    "courier",
    "tencubed",
    "opulent",
    "coregal",
    "checkshogi",
    "armageddon",
    "gustav3",
    "omicron",
    "troitzky",
    "shatar",
    "wolf",
    "bughouse",
    "koedem",
    "atomar",
    "duck",
    "amazons",
    "isolation",
    "isolation7x7",
    "snailtrail",
    "joust",
    "georgian",
    "janggi",
    "janggitraditional",
    "janggicasual",
    "janggimodern",
    "supply",
    "sittuyin",
];

#[cfg(test)]
mod tests {
    use crate::{Position, Variant};

    #[test]
    fn walls_in_notation() {
        // pyffish 0.0.90: `e2e4,e4e5` is `e4,e5`, the duck is `*`.
        let duck = Variant::builtin("duck").unwrap();
        let pos = Position::start(&duck);
        assert_eq!(pos.count_legal(), 640);
        let mv = pos.parse_uci("e2e4,e4e5").unwrap();
        assert_eq!(mv.wall().map(|w| w.to_string()), Some("e5".into()));
        assert_eq!(pos.san(mv), "e4,e5");
        let next = pos.play(mv);
        assert_eq!(
            next.fen(),
            "rnbqkbnr/pppppppp/8/4*3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        // The duck moves on: the old square is free again.
        let mv = next.parse_uci("d7d5,d5e3").unwrap();
        assert_eq!(
            next.play(mv).fen(),
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/4*3/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        let amazons = Variant::builtin("amazons").unwrap();
        let pos = Position::start(&amazons);
        let mv = pos.parse_uci("d1a1,a1b1").unwrap();
        assert_eq!(pos.san(mv), "Qda1,b1");
    }

    #[test]
    fn every_section_loads() {
        let load = crate::ini::read_variants_ini(super::INI);
        assert!(load.refused.is_empty(), "{:?}", load.refused);
        let mut names: Vec<&str> = load.variants.iter().map(|v| v.name.as_str()).collect();
        let mut expected = super::NAMES.to_vec();
        names.sort_unstable();
        expected.sort_unstable();
        assert_eq!(names, expected);
    }
}
