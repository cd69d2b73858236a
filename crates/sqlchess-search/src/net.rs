//! A small evaluation network for standard chess: 768 inputs per side
//! (each piece on its square, seen from that side), one hidden layer shared
//! by both sides' views and clipped, one output, or one of several
//! ("buckets") picked by the number of pieces on the board. Trained by
//! `scripts/nnue_train.py`, which documents the file format, on the
//! positions the chess evaluation's weights are fitted to.
//!
//! A fairy variant's network has the same shape with the variant's own
//! inputs (`SQFN` files, [`Network::inputs`]): the fairy evaluation
//! lists a position's active inputs for both views
//! (`crate::fairy::FairyGame::net_inputs`) and sums them afresh
//! ([`Network::evaluate_inputs`]).
//!
//! The engine adds such a network to the built-in evaluation
//! ([`crate::ChessGame`], `nets/chess-h128.bin`): trained on what
//! [`crate::eval`] gets wrong, it won 68 Elo at 10 ms a move, 41
//! more trained on 5.4 million positions rather than 4.0 (BENCHMARKS.md,
//! "The network in the engine"), 58 more trained further on 2.8 million
//! positions of the engine that plays with it ("A second round of data"),
//! then 25 more on those and 2.9 million new ones ("A third round of
//! data"). A search keeps the hidden layer's sums ([`Accumulator`]) per
//! ply and changes only the rows of the pieces a move moved
//! ([`Network::update`]); [`Network::evaluate`] sums a position afresh.

use sqlchess_core::{Board, Color, Position, Role, Square};

/// The largest hidden layer a network file may have.
pub const MAX_HIDDEN: usize = 1024;
/// The most output buckets a network file may have: one per number of
/// pieces from 2 to 32.
pub const MAX_BUCKETS: usize = 31;
/// Inputs per side of a chess network: 12 pieces on 64 squares.
const INPUTS: usize = 768;
/// The most inputs per side a fairy network file may have: so many
/// 16-bit weights cannot overflow a 32-bit sum.
pub const MAX_INPUTS: usize = 1 << 16;
/// The input weights' and hidden biases' scale.
const QA: i32 = 255;
/// The output weights' scale.
const QB: i32 = 64;
/// Centipawns per unit of the network's output.
const CP_PER_UNIT: i32 = 400;

/// Why a network file was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NetError {
    /// The file does not start with `SQCN` and a hidden size, `SQCB`,
    /// a hidden size and a number of buckets, or `SQFN`, a number of
    /// inputs, a hidden size and a number of buckets.
    #[error("not a sqlchess network file (no SQCN, SQCB or SQFN header)")]
    Header,
    /// The number of inputs of an `SQFN` file is 0 or above [`MAX_INPUTS`].
    #[error("{0} inputs (1 to {MAX_INPUTS} allowed)")]
    Inputs(usize),
    /// The hidden size is 0 or above [`MAX_HIDDEN`].
    #[error("hidden layer of {0} neurons (1 to {MAX_HIDDEN} allowed)")]
    Hidden(usize),
    /// The number of output buckets is 0 or above [`MAX_BUCKETS`].
    #[error("{0} output buckets (1 to {MAX_BUCKETS} allowed)")]
    Buckets(usize),
    /// The file's length does not match its hidden size and buckets.
    #[error("network file of {actual} bytes, {expected} expected for its header")]
    Length {
        /// Bytes the header's hidden size needs.
        expected: usize,
        /// Bytes the file has.
        actual: usize,
    },
    /// Some position could overflow the 16-bit hidden sums or the output's sum.
    #[error("weights so large that a hidden sum could overflow 16 bits or the output 32")]
    Overflow,
}

/// A trained network, ready to evaluate positions.
#[derive(Debug, Clone)]
pub struct Network {
    /// Inputs per side: 768 for chess.
    inputs: usize,
    hidden: usize,
    /// `inputs` rows of `hidden` weights.
    input_weights: Vec<i16>,
    hidden_bias: Vec<i16>,
    /// Per bucket, the side to move's `hidden` weights, then the other side's.
    output_weights: Vec<i16>,
    /// Per bucket.
    output_bias: Vec<i32>,
    /// The most active inputs per view whose sums cannot leave i16 (from
    /// each neuron's largest weight and its bias): up to this many,
    /// [`Network::evaluate_inputs`] sums in 16 bits, twice as many lanes
    /// at once as in 32.
    short_sums: usize,
}

impl Network {
    /// Reads a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        let word = |at: usize| {
            bytes
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
                .ok_or(NetError::Header)
        };
        let (inputs, hidden, buckets, header) = match bytes.get(..4) {
            Some(b"SQCN") => (INPUTS, word(4)?, 1, 8),
            Some(b"SQCB") => (INPUTS, word(4)?, word(8)?, 12),
            Some(b"SQFN") => (word(4)?, word(8)?, word(12)?, 16),
            _ => return Err(NetError::Header),
        };
        if inputs == 0 || inputs > MAX_INPUTS {
            return Err(NetError::Inputs(inputs));
        }
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(NetError::Hidden(hidden));
        }
        if buckets == 0 || buckets > MAX_BUCKETS {
            return Err(NetError::Buckets(buckets));
        }
        let words = inputs * hidden + hidden + buckets * 2 * hidden;
        let expected = header + 2 * words + 4 * buckets;
        if bytes.len() != expected {
            return Err(NetError::Length {
                expected,
                actual: bytes.len(),
            });
        }
        let mut words = bytes[header..header + 2 * words]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]));
        let input_weights: Vec<i16> = words.by_ref().take(inputs * hidden).collect();
        let hidden_bias: Vec<i16> = words.by_ref().take(hidden).collect();
        let output_weights: Vec<i16> = words.collect();
        let output_bias: Vec<i32> = bytes[expected - 4 * buckets..]
            .chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        // At most 32 pieces: the 32 largest weights of any neuron plus its
        // bias must stay within i16, so that no position overflows. (A
        // fairy network's sums are 32-bit, which `MAX_INPUTS` keeps safe.)
        for n in (0..hidden).filter(|_| inputs == INPUTS) {
            let mut column: Vec<i32> = (0..INPUTS)
                .map(|f| i32::from(input_weights[f * hidden + n]).abs())
                .collect();
            column.sort_unstable_by(|a, b| b.cmp(a));
            let worst: i32 = column[..32].iter().sum::<i32>() + i32::from(hidden_bias[n]).abs();
            if worst > i32::from(i16::MAX) {
                return Err(NetError::Overflow);
            }
        }
        // And each bucket's output sum must stay within i32.
        for (weights, &bias) in output_weights.chunks_exact(2 * hidden).zip(&output_bias) {
            let output_worst: i64 = weights
                .iter()
                .map(|&w| i64::from(w).abs() * i64::from(QA))
                .sum::<i64>()
                + i64::from(bias).abs();
            if output_worst > i64::from(i32::MAX) {
                return Err(NetError::Overflow);
            }
        }
        let short_sums = short_sums(&input_weights, &hidden_bias, hidden);
        Ok(Network {
            inputs,
            hidden,
            input_weights,
            hidden_bias,
            output_weights,
            output_bias,
            short_sums,
        })
    }

    /// Inputs per side: 768 for a chess network, which the chess methods
    /// ([`Network::evaluate`], [`Network::accumulate`], [`Network::update`])
    /// expect (given a fairy network of fewer, they leave out the pieces
    /// past its inputs).
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// The hidden layer's size.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The number of output buckets.
    pub fn buckets(&self) -> usize {
        self.output_bias.len()
    }

    /// The output bucket of a position with `pieces` pieces on the board:
    /// 2 to 32 pieces in equal steps (the trainer's `bucket_of`).
    pub fn bucket(&self, pieces: usize) -> usize {
        let buckets = self.buckets();
        (pieces.saturating_sub(2) * buckets / 31).min(buckets - 1)
    }

    /// The score of `pos` for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        // Fixed sizes let the compiler keep the sums in vector registers.
        match self.hidden {
            32 => self.evaluate_with::<32>(pos),
            64 => self.evaluate_with::<64>(pos),
            128 => self.evaluate_with::<128>(pos),
            256 => self.evaluate_with::<256>(pos),
            512 => self.evaluate_with::<512>(pos),
            _ => self.evaluate_with::<MAX_HIDDEN>(pos),
        }
    }

    /// [`Network::evaluate`] with the hidden layer's size known, or at most `H`.
    #[inline(always)]
    fn evaluate_with<const H: usize>(&self, pos: &Position) -> i32 {
        let board = pos.board();
        self.evaluate_accumulated(&self.accumulate::<H>(board), pos.turn(), board)
    }

    /// The hidden layer's sums for `board`, computed afresh, for a search
    /// that then follows the moves with [`Network::update`]. `H` should be
    /// the network's hidden size ([`Network::hidden`]); with a smaller `H`
    /// only the first `H` neurons are summed.
    pub fn accumulate<const H: usize>(&self, board: &Board) -> Accumulator<H> {
        let h = self.hidden.min(H);
        let mut acc = Accumulator { views: [[0; H]; 2] };
        for view in &mut acc.views {
            view[..h].copy_from_slice(&self.hidden_bias[..h]);
        }
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for sq in board.by_color(color) & board.by_role(role) {
                    self.toggle(&mut acc, color, role, sq, add);
                }
            }
        }
        acc
    }

    /// Brings the sums of `acc`, which were those of `before`, to those of
    /// `after`: the pieces that left or reached a square are taken out or
    /// put in, whatever the move was (castling, en passant, promotion).
    #[inline]
    pub fn update<const H: usize>(&self, acc: &mut Accumulator<H>, before: &Board, after: &Board) {
        for color in [Color::White, Color::Black] {
            let (was, is) = (before.by_color(color), after.by_color(color));
            if was == is {
                continue;
            }
            for role in Role::ALL {
                let old = was & before.by_role(role);
                let new = is & after.by_role(role);
                for sq in old & !new {
                    self.toggle(acc, color, role, sq, sub);
                }
                for sq in new & !old {
                    self.toggle(acc, color, role, sq, add);
                }
            }
        }
    }

    /// Adds (`op` [`add`]) or takes out ([`sub`]) a piece's input rows in
    /// both views.
    #[inline(always)]
    fn toggle<const H: usize>(
        &self,
        acc: &mut Accumulator<H>,
        color: Color,
        role: Role,
        sq: Square,
        op: fn(&mut [i16], &[i16]),
    ) {
        let h = self.hidden.min(H);
        let s = sq.index();
        let own = usize::from(color == Color::Black) * 6;
        let white = (own + role.index()) * 64 + s;
        let black = (6 - own + role.index()) * 64 + (s ^ 56);
        // A fairy network of fewer inputs has no such rows: it sees no
        // chess piece rather than reading past its weights.
        let row = |input: usize| self.input_weights.get(input * h..input * h + h);
        if let (Some(white_row), Some(black_row)) = (row(white), row(black)) {
            op(&mut acc.views[0][..h], white_row);
            op(&mut acc.views[1][..h], black_row);
        }
    }

    /// The score in centipawns, for `turn`, of `board`, whose sums `acc`
    /// holds (the board picks the output bucket).
    #[inline]
    pub fn evaluate_accumulated<const H: usize>(
        &self,
        acc: &Accumulator<H>,
        turn: Color,
        board: &Board,
    ) -> i32 {
        let h = self.hidden.min(H);
        let (first, second) = match turn {
            Color::White => (&acc.views[0], &acc.views[1]),
            Color::Black => (&acc.views[1], &acc.views[0]),
        };
        let bucket = self.output_bucket(|| board.occupied().count());
        self.output(&first[..h], &second[..h], bucket)
    }

    /// The output bucket of a position of `pieces()` pieces; a one-output
    /// network (the chess engine's) skips counting them, as this runs at
    /// every node.
    #[inline(always)]
    fn output_bucket(&self, pieces: impl FnOnce() -> usize) -> usize {
        if self.output_bias.len() == 1 {
            0
        } else {
            self.bucket(pieces())
        }
    }

    /// The score in centipawns from 16-bit hidden sums: the side to
    /// move's `first`, the other side's `second`.
    #[inline(always)]
    fn output(&self, first: &[i16], second: &[i16], bucket: usize) -> i32 {
        let h = first.len();
        let weights = &self.output_weights[bucket * 2 * self.hidden..];
        let sum = dot(first, &weights[..h]) + dot(second, &weights[h..2 * h]);
        let out = i64::from(sum + self.output_bias[bucket]) * i64::from(CP_PER_UNIT);
        (out / i64::from(QA * QB)) as i32
    }
}

impl Network {
    /// The score in centipawns for the side to move of a position whose
    /// active inputs are `first` (the side to move's view) and `second`
    /// (the other side's), summed afresh: in 16 bits where so few are
    /// active that no sum can overflow there, else in 32. Inputs at or
    /// above [`Network::inputs`] are left out. `pieces` picks the output
    /// bucket.
    pub fn evaluate_inputs(&self, first: &[u32], second: &[u32], pieces: usize) -> i32 {
        match self.hidden {
            32 => self.evaluate_inputs_with::<32>(first, second, pieces),
            64 => self.evaluate_inputs_with::<64>(first, second, pieces),
            128 => self.evaluate_inputs_with::<128>(first, second, pieces),
            256 => self.evaluate_inputs_with::<256>(first, second, pieces),
            _ => self.evaluate_inputs_with::<MAX_HIDDEN>(first, second, pieces),
        }
    }

    /// [`Network::evaluate_inputs`] with at most `H` neurons.
    #[inline(always)]
    fn evaluate_inputs_with<const H: usize>(
        &self,
        first: &[u32],
        second: &[u32],
        pieces: usize,
    ) -> i32 {
        if first.len().max(second.len()) > self.short_sums {
            return self.evaluate_inputs_wide::<H>(first, second, pieces);
        }
        let h = self.hidden.min(H);
        let view = |active: &[u32]| {
            let mut sums = [0i16; H];
            sums[..h].copy_from_slice(&self.hidden_bias[..h]);
            for &input in active {
                let row = input as usize * self.hidden;
                if let Some(weights) = self.input_weights.get(row..row + h) {
                    add(&mut sums[..h], weights);
                }
            }
            sums
        };
        let (first, second) = (view(first), view(second));
        self.output(&first[..h], &second[..h], self.output_bucket(|| pieces))
    }

    /// [`Network::evaluate_inputs_with`] summing in 32 bits, for more
    /// active inputs than 16 bits are safe for.
    #[inline(always)]
    fn evaluate_inputs_wide<const H: usize>(
        &self,
        first: &[u32],
        second: &[u32],
        pieces: usize,
    ) -> i32 {
        let h = self.hidden.min(H);
        let view = |active: &[u32]| {
            let mut sums = [0i32; H];
            for (s, &b) in sums[..h].iter_mut().zip(&self.hidden_bias) {
                *s = i32::from(b);
            }
            for &input in active {
                let row = input as usize * self.hidden;
                if let Some(weights) = self.input_weights.get(row..row + h) {
                    for (s, &w) in sums[..h].iter_mut().zip(weights) {
                        *s += i32::from(w);
                    }
                }
            }
            sums
        };
        let (first, second) = (view(first), view(second));
        let bucket = self.output_bucket(|| pieces);
        let weights = &self.output_weights[bucket * 2 * self.hidden..];
        let dot = |sums: &[i32], weights: &[i16]| -> i64 {
            sums.iter()
                .zip(weights)
                .map(|(&v, &w)| i64::from(v.clamp(0, QA)) * i64::from(w))
                .sum()
        };
        let sum = dot(&first[..h], &weights[..h])
            + dot(&second[..h], &weights[h..2 * h])
            + i64::from(self.output_bias[bucket]);
        (sum * i64::from(CP_PER_UNIT) / i64::from(QA * QB)) as i32
    }
}

/// The hidden layer's sums of a position for a network of `H` neurons,
/// seen from White's side and from Black's: what a search keeps per ply
/// so that a move costs a few rows of additions rather than a fresh sum
/// over every piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Accumulator<const H: usize> {
    views: [[i16; H]; 2],
}

/// The most active inputs whose hidden sums stay within i16 whichever
/// they are, an input listed twice included: for each neuron, what its
/// bias leaves of i16 over its largest weight (in absolute value); the
/// least over the neurons.
fn short_sums(input_weights: &[i16], hidden_bias: &[i16], hidden: usize) -> usize {
    (0..hidden)
        .map(|n| {
            let largest = input_weights
                .iter()
                .skip(n)
                .step_by(hidden)
                .map(|&w| i32::from(w).abs())
                .max()
                .unwrap_or(0)
                .max(1);
            let room = (i32::from(i16::MAX) - i32::from(hidden_bias[n]).abs()).max(0);
            (room / largest) as usize
        })
        .min()
        .unwrap_or(0)
}

#[inline(always)]
fn sub(acc: &mut [i16], row: &[i16]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

#[inline(always)]
fn add(acc: &mut [i16], row: &[i16]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

/// The clipped hidden values times the output weights.
#[inline(always)]
fn dot(hidden: &[i16], weights: &[i16]) -> i32 {
    hidden
        .iter()
        .zip(weights)
        .map(|(&v, &w)| i32::from(v.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlchess_core::zobrist::SplitMix64;

    /// A network file from its parts, as `scripts/nnue_train.py` writes one.
    fn file(hidden: usize, weights: &[i16], output_bias: i32) -> Vec<u8> {
        let mut bytes = b"SQCN".to_vec();
        bytes.extend_from_slice(&(hidden as u32).to_le_bytes());
        for w in weights {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        bytes.extend_from_slice(&output_bias.to_le_bytes());
        bytes
    }

    /// A bucketed network file (`SQCB`) from its parts.
    fn bucketed_file(hidden: usize, buckets: usize, weights: &[i16], biases: &[i32]) -> Vec<u8> {
        let mut bytes = b"SQCB".to_vec();
        bytes.extend_from_slice(&(hidden as u32).to_le_bytes());
        bytes.extend_from_slice(&(buckets as u32).to_le_bytes());
        for w in weights {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        for b in biases {
            bytes.extend_from_slice(&b.to_le_bytes());
        }
        bytes
    }

    fn random_network(hidden: usize, seed: u64) -> Network {
        let mut rng = SplitMix64(seed);
        let words = INPUTS * hidden + 3 * hidden;
        let weights: Vec<i16> = (0..words)
            .map(|_| (rng.next_u64() % 401) as i16 - 200)
            .collect();
        Network::from_bytes(&file(hidden, &weights, 1234)).unwrap()
    }

    #[test]
    fn a_hand_built_network_counts_the_side_to_move_s_queens() {
        // One neuron that sees the queens of the side whose view it is:
        // 100 / 255 of a unit each, passed on at +1 for the side to move's
        // view and -1 for the other's.
        let hidden = 1;
        let mut weights = vec![0i16; INPUTS + 3];
        for sq in 0..64 {
            weights[4 * 64 + sq] = 100;
        }
        weights[INPUTS + 1] = 64;
        weights[INPUTS + 2] = -64;
        let net = Network::from_bytes(&file(hidden, &weights, 0)).unwrap();
        let cp = 100 * 64 * 400 / (255 * 64);
        for (fen, expected) in [
            ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", cp),
            ("4k3/8/8/8/8/8/8/3QK3 b - - 0 1", -cp),
            ("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1", 0),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0),
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(net.evaluate(&pos), expected, "{fen}");
        }
    }

    #[test]
    fn the_number_of_pieces_picks_the_output_bucket() {
        // One neuron counting the side to move's queens, as above; of two
        // buckets, the first (2 to 17 pieces) passes it on at +1, the
        // second (18 to 32) at +2, and each adds its own bias.
        let hidden = 1;
        let mut weights = vec![0i16; INPUTS + 1 + 2 * 2];
        for sq in 0..64 {
            weights[4 * 64 + sq] = 100;
        }
        weights[INPUTS + 1] = 64;
        weights[INPUTS + 3] = 128;
        let net = Network::from_bytes(&bucketed_file(hidden, 2, &weights, &[0, 255 * 64])).unwrap();
        assert_eq!(net.buckets(), 2);
        assert_eq!(
            (
                net.bucket(2),
                net.bucket(17),
                net.bucket(18),
                net.bucket(32)
            ),
            (0, 0, 1, 1)
        );
        let cp = 100 * 64 * 400 / (255 * 64);
        let few = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert_eq!(net.evaluate(&few), cp);
        let many =
            Position::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(
            net.evaluate(&many),
            (100 * 128 + 255 * 64) * 400 / (255 * 64)
        );
        // A one-output file is one bucket.
        let single = random_network(4, 7);
        assert_eq!((single.buckets(), single.bucket(32)), (1, 0));
    }

    #[test]
    fn every_size_gives_the_same_score_for_the_position_with_colours_exchanged() {
        for hidden in [8, 32, 128] {
            let net = random_network(hidden, hidden as u64);
            for fen in [
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            ] {
                let pos = Position::from_fen(fen).unwrap();
                let mut flipped = pos.to_setup();
                flipped.board = flipped.board.flip_colors();
                flipped.turn = !flipped.turn;
                flipped.castling_rights = sqlchess_core::Bitboard(0);
                flipped.ep_square = None;
                let mirror =
                    Position::from_setup(flipped, sqlchess_core::CastlingMode::Standard).unwrap();
                assert_eq!(net.evaluate(&pos), net.evaluate(&mirror), "{fen}");
            }
        }
    }

    #[test]
    fn refuses_files_that_are_not_networks() {
        assert_eq!(Network::from_bytes(b"").unwrap_err(), NetError::Header);
        assert_eq!(
            Network::from_bytes(b"NNUE\x01\0\0\0").unwrap_err(),
            NetError::Header
        );
        assert_eq!(
            Network::from_bytes(&file(0, &[], 0)).unwrap_err(),
            NetError::Hidden(0)
        );
        assert_eq!(
            Network::from_bytes(&file(MAX_HIDDEN + 1, &[], 0)).unwrap_err(),
            NetError::Hidden(MAX_HIDDEN + 1)
        );
        assert_eq!(
            Network::from_bytes(b"SQCB\x01\0\0\0").unwrap_err(),
            NetError::Header
        );
        assert_eq!(
            Network::from_bytes(&bucketed_file(1, 0, &[], &[])).unwrap_err(),
            NetError::Buckets(0)
        );
        assert_eq!(
            Network::from_bytes(&bucketed_file(1, MAX_BUCKETS + 1, &[], &[])).unwrap_err(),
            NetError::Buckets(MAX_BUCKETS + 1)
        );
        let two = bucketed_file(1, 2, &[0; INPUTS + 1 + 4], &[0]);
        assert_eq!(
            Network::from_bytes(&two).unwrap_err(),
            NetError::Length {
                expected: 12 + 2 * (INPUTS + 1 + 4) + 8,
                actual: two.len()
            }
        );
        let short = file(2, &[0; 10], 0);
        assert_eq!(
            Network::from_bytes(&short).unwrap_err(),
            NetError::Length {
                expected: 8 + 2 * (INPUTS * 2 + 6) + 4,
                actual: short.len()
            }
        );
    }

    /// A fairy network file (`SQFN`) of one bucket from its parts.
    fn fairy_file(inputs: usize, hidden: usize, weights: &[i16], output_bias: i32) -> Vec<u8> {
        let mut bytes = b"SQFN".to_vec();
        for word in [inputs, hidden, 1] {
            bytes.extend_from_slice(&(word as u32).to_le_bytes());
        }
        for w in weights {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        bytes.extend_from_slice(&output_bias.to_le_bytes());
        bytes
    }

    #[test]
    fn a_fairy_network_sums_the_inputs_it_is_given() {
        // Ten inputs, one neuron seeing input 3 at 100 / 255 of a unit,
        // passed on at +1 from the side to move's view, -1 from the other's.
        let mut weights = vec![0i16; 10 + 3];
        weights[3] = 100;
        weights[11] = 64;
        weights[12] = -64;
        let net = Network::from_bytes(&fairy_file(10, 1, &weights, 0)).unwrap();
        assert_eq!((net.inputs(), net.hidden(), net.buckets()), (10, 1, 1));
        let cp = 100 * 64 * 400 / (255 * 64);
        assert_eq!(net.evaluate_inputs(&[3], &[], 1), cp);
        assert_eq!(net.evaluate_inputs(&[], &[3], 1), -cp);
        assert_eq!(net.evaluate_inputs(&[3], &[3], 2), 0);
        // Inputs past the network's are left out, not read past its end.
        assert_eq!(net.evaluate_inputs(&[3, 10, u32::MAX], &[], 3), cp);
        // Each sum is clipped at one unit: four inputs at 200 count as 255.
        weights[0..5].fill(200);
        let net = Network::from_bytes(&fairy_file(10, 1, &weights, 0)).unwrap();
        assert_eq!(net.evaluate_inputs(&[0, 1, 2, 4], &[], 4), 400);
        // No weight can overflow: the sums are 32-bit.
        weights.fill(i16::MAX);
        let net = Network::from_bytes(&fairy_file(10, 1, &weights, 0)).unwrap();
        // The chess methods given it read no row past its ten: a queen
        // (rows 256 and more) counts for nothing, the kings neither.
        let queen = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let kings = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(net.evaluate(&queen), net.evaluate(&kings));
    }

    #[test]
    fn refuses_fairy_files_with_no_inputs_or_too_many() {
        assert_eq!(
            Network::from_bytes(&fairy_file(0, 1, &[0; 3], 0)).unwrap_err(),
            NetError::Inputs(0)
        );
        assert_eq!(
            Network::from_bytes(&fairy_file(MAX_INPUTS + 1, 1, &[0; 3], 0)).unwrap_err(),
            NetError::Inputs(MAX_INPUTS + 1)
        );
        assert_eq!(
            Network::from_bytes(&fairy_file(10, 1, &[0; 12], 0)).unwrap_err(),
            NetError::Length {
                expected: 16 + 2 * 13 + 4,
                actual: 16 + 2 * 12 + 4
            }
        );
        assert_eq!(
            Network::from_bytes(&b"SQFN\x0a\0\0\0\x01\0\0\0"[..]).unwrap_err(),
            NetError::Header
        );
    }

    #[test]
    fn refuses_weights_that_could_overflow_a_hidden_sum() {
        let mut weights = vec![0i16; INPUTS + 3];
        // 32 pieces at 1,100 each would exceed i16; at 1,000 they do not.
        weights[..32].fill(1_100);
        assert_eq!(
            Network::from_bytes(&file(1, &weights, 0)).unwrap_err(),
            NetError::Overflow
        );
        weights[..32].fill(1_000);
        assert!(Network::from_bytes(&file(1, &weights, 0)).is_ok());
        weights[INPUTS + 1] = 64;
        assert_eq!(
            Network::from_bytes(&file(1, &weights, i32::MAX)).unwrap_err(),
            NetError::Overflow
        );
    }

    proptest::proptest! {
        /// A fairy network sums in 16 bits only as many inputs as cannot
        /// overflow there, and gets what 32-bit sums get, whatever the
        /// weights (an input listed twice included).
        #[test]
        fn short_sums_agree_with_wide_ones(
            seed in proptest::num::u64::ANY,
            // Weights up to 2^0 .. 2^15: the small half sum in 16 bits.
            scale_bits in 0u32..16,
            hidden in 1usize..70,
            active in proptest::collection::vec(0u32..40, 0..90),
        ) {
            let mut rng = SplitMix64(seed);
            let inputs = 40;
            let scale = 1u64 << scale_bits;
            let weights: Vec<i16> = (0..inputs * hidden + 3 * hidden)
                .map(|_| ((rng.next_u64() % (2 * scale + 1)) as i64 - scale as i64)
                    .clamp(-32767, 32767) as i16)
                .collect();
            if let Ok(net) = Network::from_bytes(&fairy_file(inputs, hidden, &weights, seed as i32 >> 8)) {
                let split = active.len() / 2;
                let (first, second) = active.split_at(split);
                proptest::prop_assert_eq!(
                    net.evaluate_inputs(first, second, active.len()),
                    net.evaluate_inputs_wide::<MAX_HIDDEN>(first, second, active.len())
                );
            }
        }

        /// Any bytes, and any weights behind a valid header, give a network
        /// or a typed error, never a panic; a network read evaluates.
        #[test]
        fn any_bytes_read_or_refused(
            body in proptest::collection::vec(proptest::num::u8::ANY, 0..4_000),
            hidden in 1usize..5,
            seed in proptest::num::u64::ANY,
            scale in 1u64..3_000,
        ) {
            let _ = Network::from_bytes(&body);
            let mut rng = SplitMix64(seed);
            let weights: Vec<i16> = (0..INPUTS * hidden + 3 * hidden)
                .map(|_| (rng.next_u64() % (2 * scale + 1)) as i16 - scale as i16)
                .collect();
            // One bucket in the SQCN format, or up to four in SQCB's,
            // the extra ones copies of the first's output weights.
            let buckets = 1 + (seed % 4) as usize;
            let bytes = if buckets == 1 {
                file(hidden, &weights, seed as i32)
            } else {
                let outputs = weights[INPUTS * hidden + hidden..].to_vec();
                let mut all = weights.clone();
                for _ in 1..buckets {
                    all.extend_from_slice(&outputs);
                }
                let biases: Vec<i32> = (0..buckets).map(|b| (seed >> (8 * b)) as i32).collect();
                bucketed_file(hidden, buckets, &all, &biases)
            };
            if let Ok(net) = Network::from_bytes(&bytes) {
                for fen in [
                    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                    "4k3/8/8/8/8/8/8/3QK3 b - - 0 1",
                ] {
                    let _ = net.evaluate(&Position::from_fen(fen).unwrap());
                }
            }
        }
    }
}
