//! FEN for boards up to 16×16: multi-digit empty runs, KQkq, X-FEN and
//! Shredder castling rights, ranks `1..16` in the en passant field.

use super::rules::{Rules, NO_SQ};
use super::State;
use crate::bitboard::Bits;
use crate::geometry::FairySquare;
use crate::variant::VariantError;

pub use sqlchess_types::FenField;

/// Why a FEN was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// A field is malformed; names the field and quotes the token.
    #[error("fen field `{field}` invalid: {token:?} ({reason})")]
    Field {
        /// Which field.
        field: FenField,
        /// The offending token.
        token: String,
        /// Why.
        reason: &'static str,
    },
    /// The variant itself is invalid.
    #[error("variant invalid: {0}")]
    Variant(VariantError),
    /// The side not to move is in check.
    #[error("fen field `side` invalid: the side not to move is in check")]
    OppositeCheck,
}

fn field(field: FenField, token: &str, reason: &'static str) -> FenError {
    FenError::Field {
        field,
        token: FenField::token(token),
        reason,
    }
}

pub(crate) fn parse<B: Bits>(r: &Rules<B>, fen: &str) -> Result<State<B>, FenError> {
    let mut parts = fen.split_whitespace();
    let board = parts
        .next()
        .ok_or_else(|| field(FenField::Placement, fen, "empty"))?;
    let mut st = State::<B>::empty(r.stride);
    // Fairy-Stockfish appends the pieces in hand as `[...]` (`-` or nothing
    // for none); only variants with drops may have any.
    let board = match board.find('[') {
        Some(i) => {
            let pocket = board[i + 1..]
                .strip_suffix(']')
                .ok_or_else(|| field(FenField::Placement, board, "unclosed pocket"))?;
            for ch in pocket.chars().filter(|&c| c != '-') {
                if !r.v.drops && !r.v.gating {
                    return Err(field(
                        FenField::Placement,
                        board,
                        "pieces in hand in a variant without drops",
                    ));
                }
                let t = r.v.piece_by_letter(ch).ok_or_else(|| {
                    field(FenField::Placement, pocket, "unknown piece letter in hand")
                })?;
                let c = if ch.is_ascii_uppercase() { 0 } else { 1 };
                let t = if r.v.promotion_marked {
                    t
                } else {
                    r.base_of[t]
                };
                st.hand[c][t] = st.hand[c][t].saturating_add(1);
            }
            &board[..i]
        }
        None => board,
    };
    let mut ranks: Vec<&str> = board.split('/').collect();
    // python-chess writes crazyhouse's pocket as a rank after the last one
    // (`.../RNBQKBNR/Qp w`).
    if (r.v.drops || r.v.gating) && ranks.len() == r.h as usize + 1 && !fen.contains('[') {
        let pocket = ranks.pop().unwrap_or_default();
        for ch in pocket.chars() {
            let t = r.v.piece_by_letter(ch).ok_or_else(|| {
                field(FenField::Placement, pocket, "unknown piece letter in hand")
            })?;
            let c = if ch.is_ascii_uppercase() { 0 } else { 1 };
            let t = if r.v.promotion_marked {
                t
            } else {
                r.base_of[t]
            };
            st.hand[c][t] = st.hand[c][t].saturating_add(1);
        }
    }
    if ranks.len() != r.h as usize {
        return Err(field(FenField::Placement, board, "wrong number of ranks"));
    }
    let royal = r.v.royal;
    for (i, rank_text) in ranks.iter().enumerate() {
        let y = r.h as usize - 1 - i;
        let mut x = 0usize;
        let mut run = 0usize;
        let flush = |x: &mut usize, run: &mut usize| {
            *x += *run;
            *run = 0;
        };
        let mut promoted = false;
        let mut last: Option<usize> = None;
        for ch in rank_text.chars() {
            if ch == '~' {
                // Crazyhouse: the piece before was a pawn.
                let sq = last
                    .take()
                    .ok_or_else(|| field(FenField::Placement, rank_text, "'~' without a piece"))?;
                st.promoted.set(sq);
                continue;
            }
            last = None;
            if ch == '+' {
                if promoted {
                    return Err(field(FenField::Placement, rank_text, "doubled '+'"));
                }
                promoted = true;
                continue;
            }
            if let Some(d) = ch.to_digit(10) {
                if promoted {
                    return Err(field(FenField::Placement, rank_text, "'+' before a digit"));
                }
                if run == 0 && d == 0 {
                    return Err(field(
                        FenField::Placement,
                        rank_text,
                        "empty run starts with 0",
                    ));
                }
                // A run longer than the board is refused before it can grow
                // past any integer.
                run = run * 10 + d as usize;
                if run > r.w as usize {
                    return Err(field(
                        FenField::Placement,
                        rank_text,
                        "empty run longer than the rank",
                    ));
                }
                continue;
            }
            flush(&mut x, &mut run);
            if ch == '*' {
                // A wall: no piece may stand on, pass or capture it.
                if promoted {
                    return Err(field(FenField::Placement, rank_text, "'+' before a wall"));
                }
                if x >= r.w as usize {
                    return Err(field(FenField::Placement, rank_text, "rank too long"));
                }
                st.walls.set(y * r.stride + x);
                x += 1;
                continue;
            }
            let t =
                r.v.piece_by_letter(ch)
                    .ok_or_else(|| field(FenField::Placement, rank_text, "unknown piece letter"))?;
            // `+p` is the promoted form of `p`.
            let plus = promoted;
            let written = t;
            let t = if std::mem::take(&mut promoted) {
                r.promoted_of[t].ok_or_else(|| {
                    field(
                        FenField::Placement,
                        rank_text,
                        "'+' on a piece that does not promote",
                    )
                })?
            } else {
                t
            };
            if x >= r.w as usize {
                return Err(field(FenField::Placement, rank_text, "rank too long"));
            }
            let c = if ch.is_ascii_uppercase() { 0 } else { 1 };
            let sq = y * r.stride + x;
            if royal == Some(t) {
                if st.royal_sq[c] != NO_SQ {
                    return Err(field(
                        FenField::Placement,
                        board,
                        "more than one royal piece per side",
                    ));
                }
                st.royal_sq[c] = sq as u8;
            }
            st.put(sq, t, c);
            if plus && r.v.promotion_marked {
                st.promoted.set(sq);
                if r.shared_promotions {
                    st.set_slot(sq, State::slot_of(r, t, written));
                }
            }
            last = Some(sq);
            x += 1;
        }
        if promoted {
            return Err(field(
                FenField::Placement,
                rank_text,
                "'+' at the end of a rank",
            ));
        }
        flush(&mut x, &mut run);
        if x != r.w as usize {
            return Err(field(
                FenField::Placement,
                rank_text,
                "rank length differs from board width",
            ));
        }
    }
    if let Some(side) = parts.next() {
        st.side = match side {
            "w" => 0,
            "b" => 1,
            _ => return Err(field(FenField::Turn, side, "expected w or b")),
        };
    }
    // Shogi-style FENs go straight from the side to the clocks.
    let mut parts = parts.peekable();
    let numeric = |t: &&str| t.chars().all(|c| c.is_ascii_digit());
    st.find_castle_kings(r);
    // Check counters may follow the side directly (`w 7+7 0 1`).
    let counters_next = |t: &&str| r.v.check_counting && t.contains('+');
    if let Some(castling) = parts.next_if(|t| !numeric(t) && !counters_next(t)) {
        parse_castling(r, &mut st, castling)?;
    }
    // Fairy-Stockfish writes makruk-style counting's limit (`w - 128 0 2`)
    // where the en-passant square would stand, before the clocks: a number
    // there with two more fields after it is that limit, and the half-move
    // clock is then the plies counted. In a variant without counting it is
    // read and dropped.
    let mut counting_limit = 0u16;
    if parts.peek().is_some_and(numeric) && parts.clone().count() >= 3 {
        let limit = parts.next().unwrap_or("0");
        if r.v.counting.is_some() {
            counting_limit = limit
                .parse()
                .map_err(|_| field(FenField::EnPassant, limit, "counting limit out of range"))?;
        }
    }
    if let Some(ep) = parts.next_if(|t| !numeric(t) && !counters_next(t)) {
        // Fairy-Stockfish may list several squares (`c3c4`); the one a pawn
        // passed over counts.
        let mut squares = Vec::new();
        let mut rest = if ep == "-" { "" } else { ep };
        while !rest.is_empty() {
            let (sq, n) = crate::geometry::parse_square_prefix(rest)
                .ok_or_else(|| field(FenField::EnPassant, ep, "not a square"))?;
            squares.push(sq);
            rest = &rest[n..];
        }
        if squares
            .iter()
            .any(|sq| sq.file() as i32 >= r.w || sq.rank() as i32 >= r.h)
        {
            return Err(field(FenField::EnPassant, ep, "off the board"));
        }
        let index = |sq: &FairySquare| sq.rank() as usize * r.stride + sq.file() as usize;
        let enemy_pawn = |v: usize| {
            r.v.pawn_of(st.side ^ 1)
                .is_some_and(|p| v < 256 && st.by_type[p].has(v) && st.by_color[st.side ^ 1].has(v))
        };
        // Toward the pawn that passed: down the board when White moves next.
        let behind = |idx: usize, n: usize| {
            if st.side == 0 {
                idx.checked_sub(n * r.stride)
            } else {
                Some(idx + n * r.stride).filter(|&v| v < 256)
            }
        };
        let enemy_second = |v: usize| {
            r.v.second_pawn
                .is_some_and(|p| v < 256 && st.by_type[p].has(v) && st.by_color[st.side ^ 1].has(v))
        };
        for (i, sq) in squares.iter().enumerate() {
            let idx = index(sq);
            // A second pawn's double step (Wolf chess's sergeant): the
            // square it passed, then the one it stands on (`b3b4`).
            let second = squares
                .get(i + 1)
                .map(index)
                .filter(|&v| enemy_second(v) && behind(idx, 1) == Some(v));
            if let Some(v) = second {
                if r.v.en_passant && st.board[idx] == 0 && st.ep == NO_SQ {
                    st.ep = idx as u8;
                    st.ep_victim = v as u8;
                    st.ep_second = v as u8;
                }
                break;
            }
            // A square followed by the pawn that passed it (Berolina's
            // `b3c4`), or a pawn straight behind it: next to it, or two
            // squares on over an empty one after a triple step (`j3j4`,
            // both squares it passed, or `j3`).
            let named = squares.get(i + 1).map(index).filter(|&v| enemy_pawn(v));
            let two_on = behind(idx, 2)
                .filter(|_| behind(idx, 1).is_some_and(|b| st.board[b] == 0))
                .filter(|&v| enemy_pawn(v) && r.triple_zone.iter().any(|z| !z.is_empty()));
            let victim = named
                .or(behind(idx, 1).filter(|&v| enemy_pawn(v)))
                .or(two_on);
            let pawn_there = victim.is_some_and(enemy_pawn);
            if !(r.v.en_passant && pawn_there && st.board[idx] == 0) {
                continue;
            }
            if st.ep == NO_SQ {
                st.ep = idx as u8;
                st.ep_victim = victim.unwrap_or(0) as u8;
                if named.is_some() {
                    break;
                }
            } else if victim == Some(st.ep_victim as usize) {
                // The second square the same triple step passed.
                st.ep_second = idx as u8;
                break;
            }
        }
    }
    if r.v.check_counting {
        // Checks left to give, `3+3`, before the clocks (Fairy-Stockfish and
        // python-chess); or checks given, `+0+0`, after them (Lichess).
        st.checks = start_checks(&r.v.start_fen);
        if let Some(t) = parts.next_if(|t| t.contains('+') && !t.starts_with('+')) {
            st.checks =
                counters(t).ok_or_else(|| field(FenField::Placement, t, "bad check counters"))?;
        }
    }
    if let Some(h) = parts.next() {
        st.halfmove = h
            .parse()
            .map_err(|_| field(FenField::Halfmoves, h, "not a number"))?;
    }
    if counting_limit > 0 {
        // The clock field holds the plies counted (Fairy-Stockfish's).
        st.counting_limit = counting_limit;
        st.counting_ply = u16::try_from(st.halfmove).map_err(|_| {
            field(
                FenField::Halfmoves,
                &st.halfmove.to_string(),
                "counting plies out of range",
            )
        })?;
        st.halfmove = 0;
    }
    if let Some(f) = parts.next() {
        st.fullmove = f
            .parse()
            .map_err(|_| field(FenField::Fullmoves, f, "not a number"))?;
        // As in chess: a move number of 0 would print a FEN that no reader
        // takes back.
        if st.fullmove == 0 {
            return Err(field(FenField::Fullmoves, f, "the move number starts at 1"));
        }
    }
    if let Some(t) = parts.next().filter(|_| r.v.check_counting) {
        let given =
            r.v.check_counting
                .then(|| t.strip_prefix('+').and_then(counters))
                .flatten()
                .ok_or_else(|| field(FenField::Fullmoves, t, "unexpected text after the clocks"))?;
        let start = start_checks(&r.v.start_fen);
        st.checks = [
            start[0].saturating_sub(given[0]),
            start[1].saturating_sub(given[1]),
        ];
    }
    // A variant with a royal piece needs one per side (chess refuses the
    // same: "no white king"), but where a side may lose all of some pieces
    // (horde's White has no king; atomic's kings explode).
    if r.v.royal.is_some() && r.v.extinction.is_none() {
        for (c, who) in [(0, "no white royal piece"), (1, "no black royal piece")] {
            // In hand is enough (placement drops its king).
            let in_hand = r.v.royal.is_some_and(|t| st.hand[c][t] > 0);
            if st.royal_sq[c] == NO_SQ && !in_hand {
                return Err(field(FenField::Placement, board, who));
            }
        }
    }
    settle_opposite_check(r, &mut st)?;
    Ok(st)
}

/// Refuses a position whose side not to move is in check, unless the game
/// is over there: after the mover's royal piece exploded (atomic), the
/// other may well stand attacked; and a side in check may pass in bikjang
/// (janggi), which ends the game, so such a position is marked as reached
/// by that pass.
pub(crate) fn settle_opposite_check<B: Bits>(
    r: &Rules<B>,
    st: &mut State<B>,
) -> Result<(), FenError> {
    let them = st.side ^ 1;
    let over = r.v.extinction.is_some() && st.royal_sq[st.side] == NO_SQ;
    if st.royal_sq[them] == NO_SQ || over {
        return Ok(());
    }
    let mut flipped = *st;
    flipped.side = them;
    if !flipped.in_check(r) {
        return Ok(());
    }
    if r.v.bikjang && st.kings_face(r) {
        st.bikjang_before = true;
        return Ok(());
    }
    Err(FenError::OppositeCheck)
}

/// `a+b` as two counts.
fn counters(t: &str) -> Option<[u8; 2]> {
    let (a, b) = t.split_once('+')?;
    Some([a.parse().ok()?, b.parse().ok()?])
}

/// The checks each side has to give at the start: the counters of the
/// variant's start position, else three each.
fn start_checks(start_fen: &str) -> [u8; 2] {
    start_fen
        .split_whitespace()
        .skip(1)
        .find(|t| t.contains('+') && !t.starts_with('+'))
        .and_then(counters)
        .unwrap_or([3, 3])
}

fn parse_castling<B: Bits>(r: &Rules<B>, st: &mut State<B>, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    // Fairy-Stockfish ignores rights in variants without castling (a
    // `castling = false` child keeps its parent's `KQkq` start FEN); so do we,
    // but for gating rights (Cambodian chess gates without castling).
    let castling = r.v.castling.as_ref();
    if castling.is_none() && !r.v.gating {
        return Ok(());
    }
    for ch in text.chars() {
        let color = if ch.is_ascii_uppercase() { 0 } else { 1 };
        let lower = ch.to_ascii_lowercase();
        // Seirawan: a file letter is a gating right on that back-rank square.
        if r.v.gating && lower != 'k' && lower != 'q' {
            let file = (lower as u8).wrapping_sub(b'a') as usize;
            let sq = (r.back_rank[color].lsb().unwrap_or(0) / r.stride) * r.stride + file;
            if file >= r.w as usize || !st.by_color[color].has(sq) {
                return Err(field(
                    FenField::Castling,
                    text,
                    "gating right on an empty square",
                ));
            }
            st.gate.set(sq);
            continue;
        }
        let Some(c) = castling else {
            continue;
        };
        let k = st.castle_king[color];
        if k == NO_SQ || !r.back_rank[color].has(k as usize) {
            return Err(field(FenField::Castling, text, "no king on the back rank"));
        }
        let k = k as usize;
        let rooks = c.rook_types().fold(B::EMPTY, |acc, t| acc | st.by_type[t])
            & st.by_color[color]
            & r.back_rank[color];
        let rook = match lower {
            'k' => rooks.iter().filter(|&s| s > k).max(),
            'q' => rooks.iter().filter(|&s| s < k).min(),
            'a'..='p' if ((lower as u8 - b'a') as i32) < r.w => {
                let s = (k / r.stride) * r.stride + (lower as u8 - b'a') as usize;
                rooks.has(s).then_some(s)
            }
            _ => return Err(field(FenField::Castling, text, "unexpected character")),
        };
        let rook = rook.ok_or_else(|| field(FenField::Castling, text, "no rook for this right"))?;
        let side = if rook > k { 0 } else { 1 };
        st.castle[color][side] = rook as u8;
        if r.v.gating {
            // K and Q also carry the gating rights of king and rook.
            st.gate.set(k);
            st.gate.set(rook);
        }
    }
    Ok(())
}

pub(crate) fn write<B: Bits>(r: &Rules<B>, st: &State<B>) -> String {
    let mut s = String::new();
    for y in (0..r.h as usize).rev() {
        let mut run = 0;
        for x in 0..r.w as usize {
            let p = st.board[y * r.stride + x];
            if p == 0 {
                if st.walls.has(y * r.stride + x) {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push('*');
                    continue;
                }
                run += 1;
                continue;
            }
            if run > 0 {
                s.push_str(&run.to_string());
                run = 0;
            }
            let (t, c) = ((p as usize - 1) & 31, (p as usize - 1) >> 5);
            let marked = st.promoted.has(y * r.stride + x);
            // Marked variants: `+` only on a marked piece (the others are
            // themselves).
            let base = if r.v.promotion_marked && !marked {
                t
            } else {
                st.base_at(r, y * r.stride + x, t)
            };
            if base != t {
                s.push('+');
            }
            let l = r.v.pieces[base].letter;
            s.push(if c == 0 { l.to_ascii_uppercase() } else { l });
            // The mark is `~` unless the `+` above already says it: a
            // shogi-style promoted piece that also carries the mark (read
            // from `U~`) keeps it through a round trip.
            if marked && !(r.v.promotion_marked && base != t) {
                s.push('~');
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        if y > 0 {
            s.push('/');
        }
    }
    // Cambodian chess keeps its first-move leaps as gating rights, but has
    // no hand, and Fairy-Stockfish writes none for it (one a FEN gave it is
    // written back, so that the FEN reads as the same position).
    let holds = st.hand.iter().any(|h| h.iter().any(|&n| n > 0));
    if (r.v.drops && !r.v.free_drops) || (r.v.gating && (!r.v.cambodian_moves || holds)) {
        s.push('[');
        for c in 0..2 {
            for (t, &n) in st.hand[c].iter().enumerate().take(r.v.pieces.len()) {
                let l = r.v.pieces[t].letter;
                for _ in 0..n {
                    s.push(if c == 0 { l.to_ascii_uppercase() } else { l });
                }
            }
        }
        s.push(']');
    }
    s.push(' ');
    s.push(if st.side == 0 { 'w' } else { 'b' });
    s.push(' ');
    let mut rights = String::new();
    for color in 0..2 {
        for side in 0..2 {
            let rs = st.castle[color][side];
            if rs == NO_SQ {
                continue;
            }
            let rs = rs as usize;
            let k = st.castle_king[color] as usize;
            let rooks =
                r.v.castling
                    .iter()
                    .flat_map(|c| c.rook_types())
                    .fold(B::EMPTY, |acc, t| acc | st.by_type[t])
                    & st.by_color[color]
                    & r.back_rank[color];
            let outer = if side == 0 {
                rooks.iter().filter(|&s| s > k).max()
            } else {
                rooks.iter().filter(|&s| s < k).min()
            };
            let ch = if outer == Some(rs) {
                if side == 0 {
                    'k'
                } else {
                    'q'
                }
            } else {
                (b'a' + (rs % r.stride) as u8) as char
            };
            rights.push(if color == 0 {
                ch.to_ascii_uppercase()
            } else {
                ch
            });
        }
        if r.v.gating {
            // Gating rights not implied by K / Q, as file letters.
            let mut covered = B::EMPTY;
            for side in 0..2 {
                let rs = st.castle[color][side];
                if rs != NO_SQ {
                    covered.set(rs as usize);
                    covered.set(st.castle_king[color] as usize);
                }
            }
            for sq in (st.gate & st.by_color[color] & r.back_rank[color] & !covered).iter() {
                let f = (b'a' + (sq % r.stride) as u8) as char;
                rights.push(if color == 0 {
                    f.to_ascii_uppercase()
                } else {
                    f
                });
            }
        }
    }
    s.push_str(if rights.is_empty() { "-" } else { &rights });
    s.push(' ');
    if st.counting_limit > 0 {
        // A running count, where Fairy-Stockfish writes it.
        s.push_str(&st.counting_limit.to_string());
    } else if st.ep == NO_SQ {
        s.push('-');
    } else {
        let square = |i: usize| FairySquare::from_index(super::to_frame(i, r.stride)).to_string();
        s.push_str(&square(st.ep as usize));
        // A pawn that did not pass straight over the square (Berolina) is
        // named after it, as Fairy-Stockfish writes.
        let ep = st.ep as usize;
        let straight = if st.side == 0 {
            ep - r.stride
        } else {
            ep + r.stride
        };
        // (A triple step's pawn, two squares on, is straight ahead too.)
        let two_on = if st.side == 0 {
            ep.checked_sub(2 * r.stride)
        } else {
            Some(ep + 2 * r.stride)
        };
        if st.ep_victim as usize != straight && Some(st.ep_victim as usize) != two_on {
            s.push_str(&square(st.ep_victim as usize));
        }
        if st.ep_second != NO_SQ {
            s.push_str(&square(st.ep_second as usize));
        }
    }
    if r.v.check_counting {
        s.push_str(&format!(" {}+{}", st.checks[0], st.checks[1]));
    }
    let clock = if st.counting_limit > 0 {
        u32::from(st.counting_ply)
    } else {
        st.halfmove
    };
    s.push_str(&format!(" {} {}", clock, st.fullmove));
    s
}
