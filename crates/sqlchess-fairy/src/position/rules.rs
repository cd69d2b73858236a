//! A variant compiled for move generation: per-(piece, colour, square)
//! leaper tables and per-direction ray tables on the fixed 16×16 frame.
//!
//! Riders use the classical ray method: the ray from a square in a direction
//! is precomputed; the first blocker is the lowest (positive directions) or
//! highest (negative) set bit of ray ∩ occupancy, and the attack set is the
//! ray minus the ray from the blocker. This works for any step vector,
//! nightriders included, because the frame index is strictly monotone along
//! every ray. Cannons and grasshoppers reuse the same rays (the screen is the
//! first blocker); lame leaps keep, per square, each target with the set of
//! squares that must be empty.

use super::janggi::{Janggi, JANGGI_CANNON};
use crate::bitboard::Bits;
use crate::piece::{lame_path, Component, PathKind, PieceDef};
use crate::variant::{Region, Variant};

pub(crate) const NO_SQ: u8 = 255;

/// A royal piece's value in a static exchange: more than everything else
/// on the board, so that taking it ends any exchange and it only ever
/// takes last.
pub(crate) const ROYAL_EXCHANGE_VALUE: i32 = 100_000;

/// How a line piece uses a ray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineKind {
    /// Slides until blocked.
    Slide,
    /// Cannon: jumps the first piece, then slides beyond it.
    Hop,
    /// Grasshopper: lands right behind the first piece.
    Grass,
}

/// One line direction of a piece.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rider {
    pub dir: usize,
    pub limit: Option<usize>,
    pub kind: LineKind,
    pub quiet: bool,
    pub capture: bool,
}

/// Line directions grouped for attack detection: a ray from the attacked
/// square in `dir` (the reverse of the attackers' direction), and which
/// piece types attack along it.
#[derive(Clone, Debug)]
pub(crate) struct AttackRay {
    pub dir: usize,
    pub limit: Option<usize>,
    pub kind: LineKind,
    pub types: Vec<usize>,
}

/// A lame (blockable) leap: per square, each target and the squares that
/// must be empty on the way.
#[derive(Clone, Debug)]
pub(crate) struct Lame<B> {
    pub table: Vec<Vec<(u8, B)>>,
    pub quiet: bool,
    pub capture: bool,
    pub initial: bool,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct TypeRules<B> {
    pub leap_quiet: [Vec<B>; 2],
    pub leap_cap: [Vec<B>; 2],
    /// Squares from which a piece of this type and colour captures by a leap
    /// onto the index square.
    pub leap_cap_rev: [Vec<B>; 2],
    pub riders: [Vec<Rider>; 2],
    pub lame: [Vec<Lame<B>>; 2],
    /// Per target square, (attacker square, squares that must be empty) of
    /// capturing lame leaps that are not initial-only.
    pub lame_rev: [Vec<Vec<(u8, B)>>; 2],
    /// Per target square, the attacker squares of `lame_rev` as one set:
    /// most attack tests find none of these pieces there and skip the
    /// list.
    pub lame_rev_from: [Vec<B>; 2],
    /// Components handled square by square (locusts, bent riders, initial
    /// line moves), already oriented for the colour.
    pub special: [Vec<Component>; 2],
    pub special_capture: bool,
    /// Squares this piece may move to, per colour (all unless the variant
    /// confines it).
    pub region: [B; 2],
    /// Whether a special component can reach a square the tables also
    /// reach, so generated moves need de-duplication.
    pub overlap: bool,
    /// Per colour, whether every move of this piece is a leap from the
    /// tables or a slide that moves and captures alike, with nothing that
    /// looks at its moves one by one (see [`Rules::is_plain_piece`]):
    /// counting moves then sums its target sets directly.
    pub plain: [bool; 2],
    /// Per colour, on an 8×8 board held in 64 bits, when this piece's
    /// lines are exactly the rook's four unlimited slides, the bishop's or
    /// both, moving and capturing alike: (orthogonal, diagonal), for
    /// [`crate::bitboard::Bits::slides_8x8`] in place of a scan per ray.
    pub lines8: [Option<(bool, bool)>; 2],
}

#[derive(Clone, Debug)]
pub(crate) struct Rules<B> {
    pub v: Variant,
    /// With `cambodian_moves`: the met, the piece type that moves as a fers
    /// and may step twice from a square that keeps its right.
    pub cambodian_met: Option<usize>,
    /// With `cambodian_moves`: the rook, whose arrival on the other king's
    /// file or rank takes the king's leap away.
    pub cambodian_rook: Option<usize>,
    /// With `drop_opposite_colored_bishop`: the bishop.
    pub bishop: Option<usize>,
    /// With `shatar_mate`: the knight, whose mate alone loses.
    pub shatar_knight: Option<usize>,
    /// With `shatar_mate`: the pieces whose check is a shak (the rook, the
    /// bers and the knight, found by their moves as Fairy-Stockfish finds
    /// its types).
    pub shak_types: Vec<usize>,
    /// With `counting`: the rook, khon and knight, whose numbers set the
    /// count (found by their moves, as Fairy-Stockfish finds its types).
    pub counting_types: [Option<usize>; 3],
    /// With `sittuyin_rook_drop`: the rook, dropped on `first_rank` only.
    pub sittuyin_rook: Option<usize>,
    /// Each colour's first rank.
    pub first_rank: [B; 2],
    /// With `sittuyin_promotion`: where a pawn may promote while its side
    /// has other pawns (the promotion region, which pawn moves into do not
    /// promote: `promo_zone` is empty).
    pub sittuyin_zone: [B; 2],
    /// The light squares (a1 is dark), for bishops' colours.
    pub light: B,
    /// Test every move by playing it (tests compare this with the pin and
    /// sensitivity shortcuts).
    pub verify_all: bool,
    pub w: i32,
    pub h: i32,
    pub types: Vec<TypeRules<B>>,
    /// Index distance between ranks: 16 in the 256-bit frame, the width in
    /// the compact `u128` layout.
    pub stride: usize,
    pub rays: Vec<Vec<B>>,
    pub dir_pos: Vec<bool>,
    /// First square of each ray, or [`NO_SQ`].
    pub step: Vec<Vec<u8>>,
    pub limited: Vec<Vec<B>>,
    pub attack_rays: [Vec<AttackRay>; 2],
    /// Whether a colour owns pieces whose captures the pin logic cannot see
    /// (hoppers, lame leapers, …): then every move of the other side is
    /// checked by playing it.
    pub slow_check: [bool; 2],
    /// Whether a colour owns locusts, bent riders or initial-only captures,
    /// whose attacks only the generic test sees: then every move of the
    /// other side is played and tested.
    pub generic_capture: [bool; 2],
    pub promo_zone: [B; 2],
    pub last_rank: [B; 2],
    pub initial_zone: [B; 2],
    /// Where pawns may step three squares (`tripleStepRegion`).
    pub triple_zone: [B; 2],
    pub back_rank: [B; 2],
    /// Ray directions up and down a file, for the flying-general rule.
    pub file_dirs: [usize; 2],
    /// Ray directions east and west along a rank: for the same rule
    /// (Fairy-Stockfish's generals also face each other along a rank, as in
    /// synochess), and for the squares castling crosses.
    pub rank_dirs: [usize; 2],
    /// Per piece, its shogi-style promoted piece.
    pub promoted_of: Vec<Option<usize>>,
    /// Per piece, the piece it demotes to in hand (the first of
    /// [`Rules::bases_of`] for a marked piece whose type several pieces
    /// promote to: `State::base_at` reads which one it was).
    pub base_of: Vec<usize>,
    /// Per promoted piece, the pieces that promote to it, in the variant's
    /// order; a marked piece's base is the one its square's slot names.
    pub bases_of: Vec<Vec<usize>>,
    /// Whether some promoted type has several bases: only then do
    /// positions keep base slots.
    pub shared_promotions: bool,
    /// Per promoted piece, the piece a move may turn it back into
    /// ([`Variant::piece_demotion`]).
    pub demoted_of: Vec<Option<usize>>,
    /// The squares reversi drops must fill first (`drop_start`), or none.
    pub drop_start: B,
    /// Shogi-style promotion zone per colour.
    pub piece_zone: [B; 2],
    /// Per piece and colour, squares it could never leave (only filled when
    /// the variant makes such moves illegal).
    pub immobile: Vec<[B; 2]>,
    /// The squares of each file.
    pub file_masks: Vec<B>,
    /// All squares of the board.
    pub board: B,
    /// Where each colour may drop its pawn.
    pub pawn_drop: [B; 2],
    /// Where each colour may drop anything.
    pub drop_mask: [B; 2],
    /// Whether any rule of the variant needs the slower generation with
    /// game ends and move filters (flags, check counting, extinction,
    /// compulsory captures, no checks, explosions): one test per node, so
    /// that other variants pay nothing.
    pub special: bool,
    /// Connect n: every row (and square) of squares that wins when one
    /// side's counted pieces fill it.
    pub connect_lines: Vec<B>,
    /// Collinear n: every whole line (rank, file, diagonal as the connect
    /// directions allow) that wins with that many counted pieces on it.
    pub collinear_lines: Vec<B>,
    /// Connect regions: per colour, the two regions its chain must join
    /// (empty when it has none).
    pub connect_regions: [[B; 2]; 2],
    /// Connect regions: per square, the squares a chain steps to from it
    /// (one way only: east, north and the diagonals north-east and
    /// south-east, as Fairy-Stockfish grows it).
    pub connect_steps: Vec<B>,
    /// Capture the flag: each colour's target squares.
    pub flag_region: [B; 2],
    /// Atomic: the squares next to each square (empty otherwise).
    pub blast: Vec<B>,
    /// Janggi's cannon and palace diagonals, when the variant has either.
    pub janggi: Option<Janggi<B>>,
    /// Where each colour may put walls (walling variants).
    pub walling_region: [B; 2],
    /// The squares at the edge of the board (first and last rank and
    /// file), for the edge walling rule.
    pub edge: B,
    /// Per colour, whether its pawn moves exactly as chess's (see
    /// [`Rules::moves_as_chess_pawn`]), and then whether it has the double
    /// step: counting moves takes its unpinned pawns' plain moves for all
    /// of them at once.
    pub chess_pawn: [Option<bool>; 2],
    /// Per colour, whether its pawn steps, takes and stands as chess's
    /// for the evaluation ([`crate::Activity`]'s pawn structure, passed
    /// pawns and the squares pawns attack): [`Rules::chess_pawn`] but for
    /// gating, which changes how a pawn's moves are generated, not where
    /// the pawn goes or what it attacks (seirawan's pawns are chess's).
    pub evaluated_as_chess_pawn: [bool; 2],
    /// The piece types other than the royal one, cheapest first by
    /// [`Variant::piece_values`], with those values: what
    /// [`crate::Activity`]'s threats compare.
    pub by_value: Vec<(usize, i32)>,
    /// Whether extinction is the variant's only game end beyond mate and
    /// stalemate (no flag, check count, castling win, pass, connect or
    /// full board): `State::variant_end` then asks nothing else.
    pub extinction_only: bool,
    /// Whether counting moves may skip legality and move filters: no royal
    /// piece, no drop, gating, wall or other rule that adds or removes
    /// moves (game ends alone), every piece plain or a chess pawn
    /// (extinction). `State::count_pseudo_legal` counts them.
    pub pseudo_count: bool,
    /// Per colour, whether every piece type on its attack rays may attack
    /// every square of the board (no region): a ray's attackers are then
    /// the same for every square (`State::ray_pieces`).
    pub rays_anywhere: [bool; 2],
    /// Per colour and square of the enemy royal piece, every square where
    /// a move of that colour must start or end to give check: where one
    /// of its pieces could attack the royal square on an empty board, and
    /// every line through it (for discovered checks, and a hopper's
    /// screen put down or taken away). `None` where some rule makes
    /// checks no square test can bound (explosions, special captures,
    /// janggi, pseudo-royal pieces, no royal piece, game-end rules).
    /// Built when a search first asks ([`Rules::check_zone`]), not for
    /// every position parsed.
    check_zone: std::sync::OnceLock<Option<[Vec<B>; 2]>>,
    /// Per piece type, its value in a static exchange: its
    /// [`Variant::piece_values`] value, the royal piece's
    /// [`ROYAL_EXCHANGE_VALUE`]. `None` where the tables do not see every
    /// capture (special captures, janggi, locusts and bent riders) or a
    /// capture removes more than its victim (explosions).
    pub exchange_values: Option<Vec<i32>>,
}

/// The squares of a frame bitboard (`rank * 16 + file`) that lie on a
/// `w` × `h` board, in a layout of rank stride `stride`.
fn from_frame_bits<B: Bits>(bits: &crate::bitboard::Bb256, w: i32, h: i32, stride: usize) -> B {
    let mut b = B::EMPTY;
    for i in bits.iter() {
        let (x, y) = ((i & 15) as i32, (i >> 4) as i32);
        if x < w && y < h {
            b.set(y as usize * stride + x as usize);
        }
    }
    b
}

struct Builder {
    stride: i32,
    w: i32,
    h: i32,
    dirs: Vec<(i8, i8)>,
    limits: Vec<(usize, u8)>,
}

impl Builder {
    fn on(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.w && y < self.h
    }

    fn dir<B: Bits>(&mut self, d: (i8, i8), r: &mut Rules<B>) -> usize {
        if let Some(i) = self.dirs.iter().position(|&e| e == d) {
            return i;
        }
        let mut table = vec![B::EMPTY; 256];
        let mut step = vec![NO_SQ; 256];
        for y in 0..self.h {
            for x in 0..self.w {
                let s = (y * self.stride + x) as usize;
                let mut k = 1;
                while self.on(x + k * d.0 as i32, y + k * d.1 as i32) {
                    let t = ((y + k * d.1 as i32) * self.stride + x + k * d.0 as i32) as usize;
                    table[s].set(t);
                    if k == 1 {
                        step[s] = t as u8;
                    }
                    k += 1;
                }
            }
        }
        r.rays.push(table);
        r.step.push(step);
        r.dir_pos.push(d.1 as i32 * self.stride + d.0 as i32 > 0);
        self.dirs.push(d);
        self.dirs.len() - 1
    }

    fn limit<B: Bits>(&mut self, dir: usize, max: u8, r: &mut Rules<B>) -> usize {
        if let Some(i) = self.limits.iter().position(|&e| e == (dir, max)) {
            return i;
        }
        let d = self.dirs[dir];
        let mut table = vec![B::EMPTY; 256];
        for y in 0..self.h {
            for x in 0..self.w {
                for k in 1..=max as i32 {
                    let (tx, ty) = (x + k * d.0 as i32, y + k * d.1 as i32);
                    if self.on(tx, ty) {
                        table[(y * self.stride + x) as usize].set((ty * self.stride + tx) as usize);
                    }
                }
            }
        }
        r.limited.push(table);
        self.limits.push((dir, max));
        self.limits.len() - 1
    }
}

impl<B: Bits> Rules<B> {
    pub fn new(v: &Variant) -> Rules<B> {
        // The compact layout when it fits, else the 16-wide frame.
        let stride = if B::CAPACITY == 256 {
            16
        } else {
            v.width as usize
        };
        let (w, h) = (v.width as i32, v.height as i32);
        let rank_bb = |r: i32| {
            let mut b = B::EMPTY;
            for x in 0..w {
                b.set((r * stride as i32 + x) as usize);
            }
            b
        };
        let rel = |c: usize, r: i32| if c == 0 { r } else { h - 1 - r };
        let mut rules = Rules {
            cambodian_met: v
                .cambodian_moves
                .then(|| v.pieces.iter().position(|p| p.def.notation() == "F"))
                .flatten(),
            cambodian_rook: v
                .cambodian_moves
                .then(|| v.pieces.iter().position(|p| p.def.notation() == "R"))
                .flatten(),
            shatar_knight: v
                .shatar_mate
                .then(|| v.pieces.iter().position(|p| p.def.notation() == "N"))
                .flatten(),
            shak_types: if v.shatar_mate {
                (0..v.pieces.len())
                    .filter(|&t| crate::variant::SHAK_PIECES.contains(&v.pieces[t].def.notation()))
                    .collect()
            } else {
                Vec::new()
            },
            counting_types: ["R", "FfW", "N"].map(|betza| {
                v.counting
                    .and_then(|_| v.pieces.iter().position(|p| p.def.notation() == betza))
            }),
            sittuyin_rook: v
                .sittuyin_rook_drop
                .then(|| v.pieces.iter().position(|p| p.def.notation() == "R"))
                .flatten(),
            first_rank: [B::EMPTY; 2],
            sittuyin_zone: [B::EMPTY; 2],
            bishop: v
                .drop_opposite_colored_bishop
                .then(|| v.pieces.iter().position(|p| p.def.notation() == "B"))
                .flatten(),
            light: {
                let mut light = B::EMPTY;
                for y in 0..h {
                    for x in 0..w {
                        if (x + y) % 2 == 1 {
                            light.set((y * stride as i32 + x) as usize);
                        }
                    }
                }
                light
            },
            v: v.clone(),
            verify_all: false,
            w,
            h,
            types: Vec::new(),
            stride,
            rays: Vec::new(),
            dir_pos: Vec::new(),
            step: Vec::new(),
            limited: Vec::new(),
            attack_rays: [Vec::new(), Vec::new()],
            slow_check: [false; 2],
            generic_capture: [false; 2],
            promo_zone: [B::EMPTY; 2],
            last_rank: [B::EMPTY; 2],
            initial_zone: [B::EMPTY; 2],
            triple_zone: [B::EMPTY; 2],
            back_rank: [B::EMPTY; 2],
            file_dirs: [0, 0],
            rank_dirs: [0, 0],
            promoted_of: vec![None; v.pieces.len()],
            base_of: (0..v.pieces.len()).collect(),
            bases_of: vec![Vec::new(); v.pieces.len()],
            shared_promotions: false,
            demoted_of: vec![None; v.pieces.len()],
            drop_start: v
                .drop_start
                .map_or(B::EMPTY, |b| from_frame_bits(&b, w, h, stride)),
            piece_zone: [B::EMPTY; 2],
            immobile: vec![[B::EMPTY; 2]; v.pieces.len()],
            file_masks: Vec::new(),
            board: B::EMPTY,
            pawn_drop: [B::EMPTY; 2],
            drop_mask: [B::EMPTY; 2],
            special: v.blast_on_capture
                || v.adjudicate_full_board
                || v.must_capture
                || !v.checking
                || v.extinction.is_some()
                || v.flag.is_some()
                || v.check_counting
                || v.connect.is_some()
                || v.castling_wins.iter().flatten().any(|&w| w)
                || v.must_drop
                || v.sittuyin_promotion
                || v.makpong
                || !v.drop_checks
                || v.pass.contains(&true)
                || v.pass_on_stalemate.contains(&true)
                || v.bikjang
                || !v.mutually_immune.is_empty()
                || v.walling.is_some(),
            connect_lines: Vec::new(),
            collinear_lines: Vec::new(),
            connect_regions: [[B::EMPTY; 2]; 2],
            connect_steps: Vec::new(),
            flag_region: [B::EMPTY; 2],
            blast: Vec::new(),
            janggi: None,
            walling_region: [B::EMPTY; 2],
            edge: B::EMPTY,
            chess_pawn: [None; 2],
            evaluated_as_chess_pawn: [false; 2],
            by_value: Vec::new(),
            pseudo_count: false,
            rays_anywhere: [false; 2],
            check_zone: std::sync::OnceLock::new(),
            exchange_values: None,
            extinction_only: v.extinction.is_some()
                && v.castling_wins == [[false; 2]; 2]
                && !v.bikjang
                && !v.adjudicate_full_board
                && v.flag.is_none()
                && !v.check_counting
                && v.connect.is_none()
                && v.pass == [false; 2]
                && v.pass_on_stalemate == [false; 2],
        };
        for c in 0..2 {
            rules.walling_region[c] = from_frame_bits(&v.walling_region[c], w, h, stride);
            if let (Some(region), true) = (&v.triple_step_region, v.double_step) {
                rules.triple_zone[c] = from_frame_bits(&region[c], w, h, stride);
            }
            rules.drop_mask[c] = match &v.drop_region {
                Some(region) => from_frame_bits(&region[c], w, h, stride),
                None => B::FULL,
            };
        }
        if let Some(f) = &v.flag {
            for c in 0..2 {
                rules.flag_region[c] = from_frame_bits(&f.region[c], w, h, stride);
            }
        }
        if v.blast_on_capture {
            rules.blast = vec![B::EMPTY; 256];
            for y in 0..h {
                for x in 0..w {
                    let mut b = B::EMPTY;
                    for (dx, dy) in [
                        (-1, -1),
                        (-1, 0),
                        (-1, 1),
                        (0, -1),
                        (0, 1),
                        (1, -1),
                        (1, 0),
                        (1, 1),
                    ] {
                        let (tx, ty) = (x + dx, y + dy);
                        if tx >= 0 && ty >= 0 && tx < w && ty < h {
                            b.set(ty as usize * stride + tx as usize);
                        }
                    }
                    rules.blast[y as usize * stride + x as usize] = b;
                }
            }
        }
        for c in 0..2 {
            let (lo, hi) = v.pawn_drop_ranks;
            for r in lo as i32..=(hi as i32).min(h - 1) {
                rules.pawn_drop[c] |= rank_bb(rel(c, r));
            }
        }
        if let Some(c) = &v.connect {
            let at = |x: i32, y: i32| (y * stride as i32 + x) as usize;
            let n = i32::from(c.n);
            let mut dirs = Vec::new();
            if c.horizontal {
                dirs.push((1, 0));
            }
            if c.vertical {
                dirs.push((0, 1));
            }
            if c.diagonal {
                dirs.extend([(1, 1), (1, -1)]);
            }
            if c.collinear > 0 {
                // Each line once, from its first square on the board.
                let k = i32::from(c.collinear);
                for y in 0..h {
                    for x in 0..w {
                        for &(dx, dy) in &dirs {
                            let on = |x: i32, y: i32| (0..w).contains(&x) && (0..h).contains(&y);
                            if on(x - dx, y - dy) {
                                continue;
                            }
                            let mut line = B::EMPTY;
                            let (mut cx, mut cy) = (x, y);
                            while on(cx, cy) {
                                line.set(at(cx, cy));
                                cx += dx;
                                cy += dy;
                            }
                            if line.count() >= k as u32 {
                                rules.collinear_lines.push(line);
                            }
                        }
                    }
                }
            }
            if let Some(regions) = &c.regions {
                for (colour, pair) in regions.iter().enumerate() {
                    for (which, b) in pair.iter().enumerate() {
                        rules.connect_regions[colour][which] = from_frame_bits(b, w, h, stride);
                    }
                }
                rules.connect_steps = vec![B::EMPTY; stride * h as usize];
                for y in 0..h {
                    for x in 0..w {
                        // Fairy-Stockfish grows the chain only east, north,
                        // north-east and south-east from the first region.
                        for &(dx, dy) in &dirs {
                            let (tx, ty) = (x + dx, y + dy);
                            if (0..w).contains(&tx) && (0..h).contains(&ty) {
                                rules.connect_steps[at(x, y)].set(at(tx, ty));
                            }
                        }
                    }
                }
            }
            for y in 0..h {
                for x in 0..w {
                    for &(dx, dy) in dirs.iter().filter(|_| n > 0) {
                        let (ex, ey) = (x + dx * (n - 1), y + dy * (n - 1));
                        if (0..w).contains(&ex) && (0..h).contains(&ey) {
                            let mut line = B::EMPTY;
                            for i in 0..n {
                                line.set(at(x + dx * i, y + dy * i));
                            }
                            rules.connect_lines.push(line);
                        }
                    }
                    let k = i32::from(c.nxn);
                    if k > 0 && x + k <= w && y + k <= h {
                        let mut square = B::EMPTY;
                        for i in 0..k {
                            for j in 0..k {
                                square.set(at(x + i, y + j));
                            }
                        }
                        rules.connect_lines.push(square);
                    }
                }
            }
        }
        for &(a, p) in &v.piece_promotions {
            rules.promoted_of[a] = Some(p);
            if rules.bases_of[p].is_empty() {
                rules.base_of[p] = a;
                if v.piece_demotion {
                    rules.demoted_of[p] = Some(a);
                }
            }
            rules.bases_of[p].push(a);
        }
        rules.shared_promotions = rules.bases_of.iter().any(|b| b.len() > 1);
        for x in 0..w {
            let mut m = B::EMPTY;
            for y in 0..h {
                m.set((y * stride as i32 + x) as usize);
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    rules.edge.set((y * stride as i32 + x) as usize);
                }
            }
            rules.board |= m;
            rules.file_masks.push(m);
        }
        for c in 0..2 {
            let start = match v.piece_promotion_zone_black {
                Some(b) if c == 1 => b,
                _ => v.piece_promotion_zone,
            };
            for r in start as i32..h {
                rules.piece_zone[c] |= rank_bb(rel(c, r));
            }
        }
        if v.immobility_illegal {
            for (t, pt) in v.pieces.iter().enumerate() {
                for c in 0..2 {
                    for y in 0..h {
                        for x in 0..w {
                            let mobile = pt.def.components().iter().any(|k| {
                                k.dirs.iter().any(|&(dx, dy)| {
                                    // Black's moves are White's turned half round.
                                    let (dx, dy) = if c == 0 { (dx, dy) } else { (-dx, -dy) };
                                    let (tx, ty) = (x + dx as i32, y + dy as i32);
                                    tx >= 0 && ty >= 0 && tx < w && ty < h
                                })
                            });
                            if !mobile {
                                rules.immobile[t][c].set((y * stride as i32 + x) as usize);
                            }
                        }
                    }
                }
            }
        }
        for c in 0..2 {
            if let Some(p) = &v.promotion {
                let start = match p.zone_start_black {
                    Some(b) if c == 1 => b,
                    _ => p.zone_start,
                };
                match &p.region {
                    Some(region) => {
                        rules.promo_zone[c] = from_frame_bits(&region[c], w, h, stride);
                    }
                    None => {
                        for r in start as i32..h {
                            rules.promo_zone[c] |= rank_bb(rel(c, r));
                        }
                    }
                }
            }
            if v.sittuyin_promotion {
                rules.sittuyin_zone[c] = std::mem::replace(&mut rules.promo_zone[c], B::EMPTY);
            }
            rules.first_rank[c] = rank_bb(rel(c, 0));
            rules.last_rank[c] = rank_bb(rel(c, h - 1));
            // Castling rights live on the castling rank (the back rank but in
            // Shako).
            let castle_rank = v.castling.as_ref().map_or(0, |k| k.rank as i32).min(h - 1);
            rules.back_rank[c] = rank_bb(rel(c, castle_rank));
            match &v.double_step_region {
                Some(region) => {
                    rules.initial_zone[c] = from_frame_bits(&region[c], w, h, stride);
                }
                None => {
                    let (lo, hi) = v.double_step_ranks;
                    for r in lo as i32..=(hi as i32).min(h - 1) {
                        rules.initial_zone[c] |= rank_bb(rel(c, r));
                    }
                }
            }
        }
        let mut b = Builder {
            stride: stride as i32,
            w,
            h,
            dirs: Vec::new(),
            limits: Vec::new(),
        };
        for (t, pt) in v.pieces.iter().enumerate() {
            let mut tr = TypeRules::<B>::default();
            for c in 0..2 {
                // Black's moves are White's turned half round (as
                // Fairy-Stockfish: left and right swap too).
                let flip = |d: (i8, i8)| if c == 0 { d } else { (-d.0, -d.1) };
                let mut quiet = vec![B::EMPTY; 256];
                let mut cap = vec![B::EMPTY; 256];
                let mut rev = vec![B::EMPTY; 256];
                let mut lame_rev: Vec<Vec<(u8, B)>> = vec![Vec::new(); 256];
                // The piece's own components everywhere, then zone moves only
                // from squares of their zone.
                // A royal piece that would turn to stone by capturing
                // (petrified chess) neither captures nor attacks: the squares
                // beside the other king are no danger.
                let stone_king = v.royal == Some(t) && v.petrify_on_capture.contains(&t);
                // A janggi cannon's hops are janggi's own (`janggi.rs`), not
                // the tables'.
                let janggi_cannon = pt.name == JANGGI_CANNON;
                let mut comps: Vec<(Component, Option<Region>)> = pt
                    .def
                    .components()
                    .iter()
                    .filter(|_| !janggi_cannon)
                    .filter(|k| !(stone_king && k.mode == crate::piece::MoveMode::CaptureOnly))
                    .map(|k| {
                        let mut k = k.clone();
                        if stone_king {
                            k.mode = crate::piece::MoveMode::MoveOnly;
                        }
                        (k, None)
                    })
                    .collect();
                for z in v.zone_moves.iter().filter(|z| z.piece == t) {
                    let zone = if c == 0 { z.white } else { z.black };
                    comps.extend(z.def.components().iter().map(|k| (k.clone(), Some(zone))));
                }
                let region = v.regions.iter().find(|r| r.piece == t).map(|r| {
                    if c == 0 {
                        r.white
                    } else {
                        r.black
                    }
                });
                let allowed = |x: i32, y: i32| region.is_none_or(|r| r.contains(x as u8, y as u8));
                let mut mask = B::EMPTY;
                for y in 0..h {
                    for x in 0..w {
                        if allowed(x, y) {
                            mask.set((y * stride as i32 + x) as usize);
                        }
                    }
                }
                for (_, squares) in v.square_regions.iter().filter(|(p, _)| *p == t) {
                    mask &= from_frame_bits(&squares[c], w, h, stride);
                }
                tr.region[c] = mask;
                for (comp, zone) in &comps {
                    let from_ok =
                        |x: i32, y: i32| zone.is_none_or(|z| z.contains(x as u8, y as u8));
                    let oriented: Vec<(i8, i8)> = comp.dirs.iter().map(|&d| flip(d)).collect();
                    let line = match comp.kind {
                        PathKind::Ride { max } => Some((LineKind::Slide, max)),
                        PathKind::Hop { max } => Some((LineKind::Hop, max)),
                        PathKind::Grasshop => Some((LineKind::Grass, 0)),
                        _ => None,
                    };
                    if comp.kind == PathKind::Leap && !comp.lame && !comp.initial {
                        for y in 0..h {
                            for x in 0..w {
                                for d in &oriented {
                                    let (tx, ty) = (x + d.0 as i32, y + d.1 as i32);
                                    if b.on(tx, ty) && allowed(tx, ty) && from_ok(x, y) {
                                        let (s, to) = (
                                            (y * stride as i32 + x) as usize,
                                            (ty * stride as i32 + tx) as usize,
                                        );
                                        if comp.mode.quiet() {
                                            quiet[s].set(to);
                                        }
                                        if comp.mode.capture() {
                                            cap[s].set(to);
                                            rev[to].set(s);
                                        }
                                    }
                                }
                            }
                        }
                    } else if comp.kind == PathKind::Leap {
                        // Lame and/or initial-only leap.
                        let mut table = vec![Vec::new(); 256];
                        for y in 0..h {
                            for x in 0..w {
                                for d in &oriented {
                                    let (tx, ty) = (x + d.0 as i32, y + d.1 as i32);
                                    if !b.on(tx, ty) || !allowed(tx, ty) || !from_ok(x, y) {
                                        continue;
                                    }
                                    let mut legs = B::EMPTY;
                                    if comp.lame {
                                        for (a, bb) in lame_path(d.0, d.1) {
                                            legs.set(
                                                ((y + bb as i32) * stride as i32 + x + a as i32)
                                                    as usize,
                                            );
                                        }
                                    }
                                    let (s, to) = (
                                        (y * stride as i32 + x) as usize,
                                        (ty * stride as i32 + tx) as usize,
                                    );
                                    table[s].push((to as u8, legs));
                                    if comp.mode.capture() && !comp.initial {
                                        lame_rev[to].push((s as u8, legs));
                                    }
                                }
                            }
                        }
                        if comp.mode.capture() {
                            rules.slow_check[c] = true;
                        }
                        tr.lame[c].push(Lame {
                            table,
                            quiet: comp.mode.quiet(),
                            capture: comp.mode.capture(),
                            initial: comp.initial,
                        });
                        if comp.mode.capture() && comp.initial {
                            // Initial-only captures are found by the generic
                            // attack test.
                            let mut oc = comp.clone();
                            oc.dirs = oriented.clone();
                            oc.mode = crate::piece::MoveMode::CaptureOnly;
                            tr.special_capture = true;
                            rules.generic_capture[c] = true;
                            tr.special[c].push(oc);
                        }
                    } else if let (Some((kind, max)), false) = (line, comp.initial) {
                        for d in &oriented {
                            let dir = b.dir(*d, &mut rules);
                            let limit = (max > 0).then(|| b.limit(dir, max, &mut rules));
                            tr.riders[c].push(Rider {
                                dir,
                                limit,
                                kind,
                                quiet: comp.mode.quiet(),
                                capture: comp.mode.capture(),
                            });
                            if comp.mode.capture() {
                                if kind != LineKind::Slide {
                                    rules.slow_check[c] = true;
                                }
                                let back = b.dir((-d.0, -d.1), &mut rules);
                                let blimit = (max > 0).then(|| b.limit(back, max, &mut rules));
                                let group = &mut rules.attack_rays[c];
                                match group
                                    .iter_mut()
                                    .find(|a| a.dir == back && a.limit == blimit && a.kind == kind)
                                {
                                    Some(a) => {
                                        if !a.types.contains(&t) {
                                            a.types.push(t)
                                        }
                                    }
                                    None => group.push(AttackRay {
                                        dir: back,
                                        limit: blimit,
                                        kind,
                                        types: vec![t],
                                    }),
                                }
                            }
                        }
                    } else {
                        let mut oc = comp.clone();
                        oc.dirs = oriented;
                        if oc.mode.capture() {
                            tr.special_capture = true;
                            rules.generic_capture[c] = true;
                            rules.slow_check[c] = true;
                        }
                        tr.special[c].push(oc);
                    }
                }
                tr.leap_quiet[c] = quiet;
                tr.leap_cap[c] = cap;
                tr.leap_cap_rev[c] = rev;
                tr.lame_rev_from[c] = lame_rev
                    .iter()
                    .map(|list| {
                        list.iter().fold(B::EMPTY, |mut b, &(s, _)| {
                            b.set(usize::from(s));
                            b
                        })
                    })
                    .collect();
                tr.lame_rev[c] = lame_rev;
            }
            let generic: Vec<Component> = pt
                .def
                .components()
                .iter()
                .filter(|k| {
                    !matches!(
                        k.kind,
                        PathKind::Leap
                            | PathKind::Ride { .. }
                            | PathKind::Hop { .. }
                            | PathKind::Grasshop
                    ) || (k.initial && k.kind != PathKind::Leap)
                })
                .cloned()
                .collect();
            if !generic.is_empty() {
                let rest: Vec<Component> = pt
                    .def
                    .components()
                    .iter()
                    .filter(|k| !generic.contains(k))
                    .cloned()
                    .collect();
                // The generic moves' (from, to) pairs, as a table over the
                // 16×16 frame squared: a hash set cost more than the rest
                // of building the rules.
                let frame = usize::from(crate::geometry::MAX_DIM).pow(2);
                let mut g1 = vec![false; frame * frame];
                for g in PieceDef::from_components("", generic).geometry(v.width, v.height) {
                    g1[g.from.index() * frame + g.to.index()] = true;
                }
                tr.overlap = PieceDef::from_components("", rest)
                    .geometry(v.width, v.height)
                    .iter()
                    .any(|g| g1[g.from.index() * frame + g.to.index()]);
            }
            rules.types.push(tr);
        }
        // Castling reads the rank's squares between king and rook along
        // these rays too.
        rules.rank_dirs = [b.dir((1, 0), &mut rules), b.dir((-1, 0), &mut rules)];
        if v.flying_general {
            rules.file_dirs = [b.dir((0, 1), &mut rules), b.dir((0, -1), &mut rules)];
            rules.slow_check = [true; 2];
        }
        let lines = v
            .diagonal_lines
            .map_or(B::EMPTY, |l| from_frame_bits(&l, w, h, stride));
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)].map(|d| b.dir(d, &mut rules));
        let diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)].map(|d| b.dir(d, &mut rules));
        rules.janggi = Janggi::new(v, lines, orth, diag);
        if rules.janggi.is_some() {
            // Pins do not see janggi's moves: the moves from and to the
            // squares where they could start or stop an attack are tested
            // by playing them (`State::janggi_sensitive`).
            rules.slow_check = [true; 2];
        }
        rules.chess_pawn = [0, 1].map(|c| rules.moves_as_chess_pawn(c, true));
        rules.evaluated_as_chess_pawn =
            [0, 1].map(|c| rules.moves_as_chess_pawn(c, false).is_some());
        rules.by_value = v
            .piece_values()
            .into_iter()
            .enumerate()
            .filter(|&(t, _)| Some(t) != v.royal && t < rules.types.len())
            .collect();
        rules.by_value.sort_by_key(|&(_, value)| value);
        for t in 0..rules.types.len() {
            rules.types[t].plain = [0, 1].map(|c| rules.is_plain_piece(t, c));
            rules.types[t].lines8 = [0, 1].map(|c| rules.lines_8x8(t, c));
        }
        rules.pseudo_count = rules.counts_pseudo_legal();
        rules.rays_anywhere = [0, 1].map(|c| {
            rules.attack_rays[c].iter().all(|ar| {
                ar.types
                    .iter()
                    .all(|&t| (rules.types[t].region[c] & rules.board) == rules.board)
            })
        });
        let unseen_captures = rules.janggi.is_some()
            || v.blast_on_capture
            || rules.generic_capture != [false; 2]
            || rules.types.iter().any(|t| t.special_capture);
        if !unseen_captures {
            let mut values = vec![0; rules.types.len()];
            for &(t, value) in &rules.by_value {
                values[t] = value;
            }
            if let Some(royal) = v.royal.and_then(|k| values.get_mut(k)) {
                *royal = ROYAL_EXCHANGE_VALUE;
            }
            rules.exchange_values = Some(values);
        }
        rules
    }

    /// The check zones (see the field `check_zone`), built on first use.
    pub fn check_zone(&self) -> Option<&[Vec<B>; 2]> {
        self.check_zone
            .get_or_init(|| self.build_check_zone())
            .as_ref()
    }

    /// The check zones, from the piece types and rays.
    fn build_check_zone(&self) -> Option<[Vec<B>; 2]> {
        let v = &self.v;
        let squares = self.types.first()?.leap_cap_rev[0].len();
        // A flying general needs no exception: generals facing after a
        // legal move would make it illegal for the side that moved.
        let unbounded = self.special
            || self.janggi.is_some()
            || v.pseudo_royal
            || v.royal.is_none()
            || self.generic_capture != [false; 2]
            || self
                .types
                .iter()
                .any(|t| t.special_capture || t.special.iter().any(|s| !s.is_empty()));
        if unbounded {
            return None;
        }
        Some([0, 1].map(|c| {
            (0..squares)
                .map(|k| {
                    let mut zone = B::EMPTY;
                    for ray in &self.rays {
                        zone |= ray[k];
                    }
                    for t in &self.types {
                        zone |= t.leap_cap_rev[c][k] | t.lame_rev_from[c][k];
                    }
                    zone
                })
                .collect()
        }))
    }

    /// One rank forward for colour `c`.
    #[inline]
    pub fn forward(&self, c: usize, b: B) -> B {
        if c == 0 {
            b.shl(self.stride)
        } else {
            b.shr(self.stride)
        }
    }

    /// The squares diagonally forward of `b` for colour `c`: towards the
    /// first file, then towards the last, each without wrapping round the
    /// board's edge.
    #[inline]
    pub fn forward_diagonals(&self, c: usize, b: B) -> [B; 2] {
        let last = self.file_masks.len().saturating_sub(1);
        let (first, last) = match (self.file_masks.first(), self.file_masks.get(last)) {
            (Some(&f), Some(&l)) => (f, l),
            _ => return [B::EMPTY; 2],
        };
        [
            self.forward(c, b & !first).shr(1) & self.board,
            self.forward(c, b & !last).shl(1) & self.board,
        ]
    }

    /// Whether [`Rules::pseudo_count`] holds (see there).
    fn counts_pseudo_legal(&self) -> bool {
        let v = &self.v;
        let pieces_plain = (0..2).all(|c| {
            (0..self.types.len()).all(|t| {
                self.types[t].plain[c] || (v.pawn_of(c) == Some(t) && self.chess_pawn[c].is_some())
            })
        });
        pieces_plain
            && v.royal.is_none()
            && !v.drops
            && !v.gating
            && !v.cambodian_moves
            && !v.sittuyin_promotion
            && !v.blast_on_capture
            && !v.must_capture
            && !v.must_drop
            && !v.makpong
            && v.drop_checks
            && v.checking
            && !v.pseudo_royal
            && v.mutually_immune.is_empty()
            && v.walling.is_none()
            && v.pass == [false; 2]
            && v.pass_on_stalemate == [false; 2]
            && !self.verify_all
            && self.janggi.is_none()
            && self.slow_check == [false; 2]
            && self.generic_capture == [false; 2]
    }

    /// Piece `t`'s lines for colour `c` as (orthogonal, diagonal) when the
    /// board is 8×8 in 64 bits and its riders are exactly the rook's four
    /// directions, the bishop's four or all eight, unlimited slides that
    /// move and capture alike (see [`TypeRules::lines8`]).
    fn lines_8x8(&self, t: usize, c: usize) -> Option<(bool, bool)> {
        if B::CAPACITY != 64 || self.w != 8 || self.h != 8 || self.stride != 8 {
            return None;
        }
        let riders = &self.types[t].riders[c];
        if riders.is_empty()
            || !riders.iter().all(|rd| {
                rd.kind == LineKind::Slide && rd.limit.is_none() && rd.quiet && rd.capture
            })
        {
            return None;
        }
        // Each direction by its first step from d4, which has all eight
        // neighbours.
        const D4: usize = 27;
        let mut steps: Vec<i32> = riders
            .iter()
            .map(|rd| i32::from(self.step[rd.dir][D4]) - D4 as i32)
            .collect();
        steps.sort_unstable();
        match steps.as_slice() {
            [-8, -1, 1, 8] => Some((true, false)),
            [-9, -7, 7, 9] => Some((false, true)),
            [-9, -8, -7, -1, 1, 7, 8, 9] => Some((true, true)),
            _ => None,
        }
    }

    /// Whether piece `t` of colour `c` moves by its leap tables and by
    /// slides that move and capture alike, and nothing else: no lame leap,
    /// hop or special component, no board region, no promotion of any kind
    /// (it is neither a pawn nor a piece that promotes or demotes), no
    /// janggi move, gating or immobility rule.
    fn is_plain_piece(&self, t: usize, c: usize) -> bool {
        let tr = &self.types[t];
        self.v.pawn_of(c) != Some(t)
            && self.v.second_pawn != Some(t)
            && tr.riders[c]
                .iter()
                .all(|rd| rd.kind == LineKind::Slide && rd.quiet && rd.capture)
            && tr.lame[c].is_empty()
            && tr.special[c].is_empty()
            && !tr.special_capture
            && (tr.region[c] & self.board) == self.board
            && self.promoted_of[t].is_none()
            && self.demoted_of[t].is_none()
            && self.janggi.is_none()
            && !self.v.gating
            && !self.v.immobility_illegal
    }

    /// Whether colour `c`'s pawn moves exactly as chess's, as its tables
    /// say on every square: one step forward onto an empty square, one
    /// diagonally forward onto an enemy piece, two forward over an empty
    /// square when the variant allows double steps (from its initial zone),
    /// with no other move, no board region, no shogi-style promotion and
    /// no rule that looks at a pawn move one by one (gating, immobility,
    /// janggi's palace, triple steps; gating only where `with_gating`).
    fn moves_as_chess_pawn(&self, c: usize, with_gating: bool) -> Option<bool> {
        let p = self.v.pawn_of(c)?;
        let tr = self.types.get(p)?;
        if self.v.royal == Some(p)
            || self.v.second_pawn == Some(p)
            || !tr.riders[c].is_empty()
            || !tr.special[c].is_empty()
            || tr.special_capture
            || self.janggi.is_some()
            || !self.triple_zone[c].is_empty()
            || self.promoted_of[p].is_some()
            || self.demoted_of[p].is_some()
            || self.v.immobility_illegal
            || (with_gating && self.v.gating)
            || (tr.region[c] & self.board) != self.board
        {
            return None;
        }
        let squares: Vec<usize> = self.board.iter().collect();
        let steps = squares.iter().all(|&s| {
            let one = B::from_index(s);
            let [left, right] = self.forward_diagonals(c, one);
            tr.leap_quiet[c][s] == self.forward(c, one) & self.board
                && tr.leap_cap[c][s] == left | right
        });
        if !steps {
            return None;
        }
        match tr.lame[c].as_slice() {
            [] => Some(false),
            [lm] => {
                let double = lm.initial
                    && lm.quiet
                    && !lm.capture
                    && squares.iter().all(|&s| {
                        let ahead = self.forward(c, B::from_index(s)) & self.board;
                        let two = self.forward(c, ahead) & self.board;
                        match (two.lsb(), lm.table[s].as_slice()) {
                            (None, []) => true,
                            (Some(to), [(t, legs)]) => usize::from(*t) == to && *legs == ahead,
                            _ => false,
                        }
                    });
                double.then_some(self.v.double_step)
            }
            _ => None,
        }
    }

    /// Squares a slider reaches from `sq` in direction `dir` given `occ`,
    /// the first blocker included.
    #[inline(always)]
    pub fn ray_attacks(&self, dir: usize, limit: Option<usize>, sq: usize, occ: &B) -> B {
        let ray = self.rays[dir][sq];
        let blockers = ray & *occ;
        let first = if self.dir_pos[dir] {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        let mut att = match first {
            Some(b) => ray & !self.rays[dir][b],
            None => ray,
        };
        if let Some(l) = limit {
            att &= self.limited[l][sq];
        }
        att
    }

    /// The first occupied square from `sq` in direction `dir`.
    #[inline]
    pub fn first_blocker(&self, dir: usize, sq: usize, occ: &B) -> Option<usize> {
        let blockers = self.rays[dir][sq] & *occ;
        if self.dir_pos[dir] {
            blockers.lsb()
        } else {
            blockers.msb()
        }
    }

    /// Targets of one line direction of a piece on `from` (quiet targets
    /// still need `!occ`, captures `theirs`): for a cannon the squares
    /// beyond the screen up to and including the next piece, for a
    /// grasshopper the square behind the first piece.
    #[inline]
    pub fn line_targets(&self, rd: &Rider, from: usize, occ: &B) -> B {
        match rd.kind {
            LineKind::Slide => self.ray_attacks(rd.dir, rd.limit, from, occ),
            LineKind::Hop => match self.first_blocker(rd.dir, from, occ) {
                Some(screen) => {
                    let mut beyond = self.ray_attacks(rd.dir, None, screen, occ);
                    if let Some(l) = rd.limit {
                        beyond &= self.limited[l][from];
                    }
                    beyond
                }
                None => B::EMPTY,
            },
            LineKind::Grass => match self.first_blocker(rd.dir, from, occ) {
                Some(h) => {
                    let t = self.step[rd.dir][h];
                    if t == NO_SQ {
                        B::EMPTY
                    } else {
                        B::from_index(t as usize)
                    }
                }
                None => B::EMPTY,
            },
        }
    }
}
