//! Wythoff's game (W. A. Wythoff, "A modification of the game of Nim", Nieuw Archief voor
//! Wiskunde 7, 1907): two piles; a move takes any positive amount from one pile, or the same
//! positive amount from both. The P-positions are the Wythoff pairs
//! (a_k, b_k) = (⌊kφ⌋, ⌊kφ⌋ + k), k = 0, 1, 2, …, with φ = (1 + √5)/2; the sequences a and b
//! are complementary Beatty sequences, so every positive integer is in exactly one pair.
//!
//! Everything here is integer arithmetic on exact numbers: ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋) / 2⌋, so no
//! floating point ever decides a position (double precision already fails at
//! (165580140, 267914295)).

use num_bigint::BigUint;

use crate::moves::Move;
use crate::nat::{Nat, isqrt};

/// Wythoff's theorem, the one that decides a component of Wythoff's game alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WythoffTheorem {
    /// Wythoff 1907, normal play: P iff the piles are a Wythoff pair (⌊kφ⌋, ⌊kφ⌋ + k).
    Normal,
    /// Misère Wythoff: P iff the piles are (0, 1), (2, 2) or a Wythoff pair with k ≥ 2.
    Misere,
}

/// Where a position stands among the Wythoff pairs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WythoffPlace {
    /// k = |b − a|, the index of the pair with the same difference.
    pub k: Nat,
    /// The k-th Wythoff pair (a_k, b_k).
    pub pair: (Nat, Nat),
    /// Whether the position is that pair (a P-position).
    pub is_pair: bool,
}

/// ⌊√(5k²)⌋ = ⌊k√5⌋ for any k, exactly.
fn isqrt_5k2(k: &Nat) -> Nat {
    match k.to_u64() {
        Some(v) if v < (1 << 61) => {
            let sq = 5 * u128::from(v) * u128::from(v);
            Nat::from_biguint(BigUint::from(sq.isqrt()))
        }
        _ => {
            let big = k.to_biguint();
            Nat::from_biguint(isqrt(&(&big * &big * 5u32)))
        }
    }
}

fn halve(n: &Nat) -> Nat {
    match n.to_u64() {
        Some(v) => Nat::from(v / 2),
        None => Nat::from_biguint(n.to_biguint() >> 1u32),
    }
}

/// a_k = ⌊kφ⌋, the smaller element of the k-th Wythoff pair.
///
/// ```
/// use nimsolve::{games::wythoff::theory::lower, Nat};
/// assert_eq!(lower(&Nat::from(3u64)), Nat::from(4u64)); // the pair (4, 7)
/// ```
pub fn lower(k: &Nat) -> Nat {
    halve(&k.add(&isqrt_5k2(k)))
}

/// The k-th Wythoff pair (a_k, b_k) = (⌊kφ⌋, ⌊kφ⌋ + k).
pub fn pair(k: &Nat) -> (Nat, Nat) {
    let a = lower(k);
    let b = a.add(k);
    (a, b)
}

/// ⌊x/φ⌋ = ⌊(⌊x√5⌋ − x)/2⌋ (as 1/φ = (√5 − 1)/2), exactly.
fn div_phi(x: &Nat) -> Nat {
    halve(&isqrt_5k2(x).saturating_sub(x))
}

/// The unique m such that {n, m} is a Wythoff pair (0 for 0).
///
/// By Beatty's theorem the a_j = ⌊jφ⌋ (j ≥ 1) and the b_j = ⌊jφ²⌋ split the positive integers,
/// and c = ⌊(n + 1)/φ⌋ of the a_j are at most n. If n is itself one of them (c > ⌊n/φ⌋), then
/// n = a_c and its partner is b_c = n + c; otherwise n = b_k with k = n − c (the b_j up to n are
/// ⌊(n + 1)/φ²⌋ = n − c many) and its partner is a_k = n − k = c. Two square roots, whatever
/// the size of n.
pub(crate) fn partner(n: &Nat) -> Nat {
    if n.is_zero() {
        return Nat::ZERO;
    }
    let c = div_phi(&n.add(&Nat::ONE));
    if c > div_phi(n) { n.add(&c) } else { c }
}

/// The Wythoff pair with the same difference as (a, b), and whether (a, b) is it.
pub fn place(a: &Nat, b: &Nat) -> WythoffPlace {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let k = hi.saturating_sub(lo);
    let pair = pair(&k);
    let is_pair = &pair.0 == lo;
    WythoffPlace { k, pair, is_pair }
}

/// Whether (a, b) is a P-position: a Wythoff pair in either order.
pub fn is_p_position(a: &Nat, b: &Nat) -> bool {
    place(a, b).is_pair
}

/// Every winning move from (a, b): to the Wythoff pair reachable from the first pile, from the
/// second pile, or from both (HDU 2177). Empty in a P-position.
pub fn winning_moves(a: &Nat, b: &Nat) -> Vec<Move> {
    // The pair with the same difference d: the P-position itself, or the one reached by
    // taking from both piles.
    let place = place(a, b);
    if place.is_pair {
        return Vec::new();
    }
    let piles = [a.clone(), b.clone()];
    let mut moves = Vec::new();
    let lo = a.min(b);
    let target = place.pair.0;
    if &target < lo {
        moves.push(Move::Both {
            pile: 0,
            take: lo.saturating_sub(&target),
        });
    }
    // From the first pile: its new size is b's partner; from the second: a's partner.
    let to_first = partner(b);
    if &to_first < a {
        moves.push(Move::pile(&piles, 0, to_first));
    }
    let to_second = partner(a);
    if &to_second < b {
        moves.push(Move::pile(&piles, 1, to_second));
    }
    moves
}

/// Whether (a, b) is a P-position of misère Wythoff: (0, 1), (1, 0), (2, 2), or a Wythoff
/// pair (a_k, b_k) with k ≥ 2 in either order — the normal-play pairs with (0, 0) and (1, 2)
/// replaced (Wythoff's game is "tame" apart from its two smallest pairs; checked against an
/// exhaustive search in the tests).
pub(crate) fn is_misere_p_position(a: &Nat, b: &Nat) -> bool {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    match (lo.to_u64(), hi.to_u64()) {
        (Some(0), Some(1)) | (Some(2), Some(2)) => true,
        (Some(0), Some(0)) | (Some(1), Some(2)) => false,
        _ => is_p_position(a, b),
    }
}

/// Every winning move of misère Wythoff from (a, b), in the order of [`winning_moves`] (from
/// both piles, then the first, then the second): the moves to a P-position of
/// [`is_misere_p_position`]. Empty in a P-position.
pub(crate) fn misere_winning_moves(a: &Nat, b: &Nat) -> Vec<Move> {
    if is_misere_p_position(a, b) {
        return Vec::new();
    }
    let piles = [a.clone(), b.clone()];
    let small = [(0u64, 1u64), (1, 0), (2, 2)];
    let mut both: Vec<Move> = Vec::new();
    let mut first: Vec<Nat> = Vec::new();
    let mut second: Vec<Nat> = Vec::new();
    for mv in winning_moves(a, b) {
        let after = mv.apply(&piles).expect("a listed move is legal");
        if is_misere_p_position(&after[0], &after[1]) {
            match &mv {
                Move::Both { .. } => both.push(mv),
                Move::Pile { pile: 0, to, .. } => first.push(to.clone()),
                Move::Pile { to, .. } => second.push(to.clone()),
                Move::Split { .. } | Move::To { .. } => {}
            }
        }
    }
    for (x, y) in small.map(|(x, y)| (Nat::from(x), Nat::from(y))) {
        if &x == a && &y < b {
            second.push(y.clone());
        }
        if &y == b && &x < a {
            first.push(x.clone());
        }
        if let Some(d) = a.checked_sub(&x).filter(|d| !d.is_zero())
            && b.checked_sub(&y).as_ref() == Some(&d)
        {
            both.push(Move::Both { pile: 0, take: d });
        }
    }
    first.sort();
    first.dedup();
    second.sort();
    second.dedup();
    both.dedup();
    let mut moves = both;
    moves.extend(first.into_iter().rev().map(|to| Move::pile(&piles, 0, to)));
    moves.extend(second.into_iter().rev().map(|to| Move::pile(&piles, 1, to)));
    moves
}

/// The Grundy values g(a, b) of Wythoff's game for 0 ≤ a, b ≤ n, row by row: g(a, b) is the mex
/// of the values left of it in its row, above it in its column and on its diagonal. Takes
/// (n+1)² entries; the caller checks the table limit.
pub(crate) fn grundy_table(n: usize) -> Vec<Vec<u32>> {
    grundy_rect(n + 1, n + 1)
}

/// The Grundy values g(a, b) for 0 ≤ a < `height`, 0 ≤ b < `width`, row by row (as
/// [`grundy_table`]); takes height × width entries, and memory in proportion to them however
/// thin the rectangle (a set of the values met on each line, kept only over the span of its
/// values).
pub(crate) fn grundy_rect(height: usize, width: usize) -> Vec<Vec<u32>> {
    if height > width {
        // g(a, b) = g(b, a): compute the wide rectangle, then turn it.
        let wide = grundy_rect(width, height);
        return (0..height)
            .map(|a| wide.iter().map(|row| row[a]).collect())
            .collect();
    }
    let mut rows: Vec<Seen> = (0..height).map(|_| Seen::default()).collect();
    let mut cols: Vec<Seen> = (0..width).map(|_| Seen::default()).collect();
    let mut diags: Vec<Seen> = (0..height + width).map(|_| Seen::default()).collect();
    let mut table = vec![vec![0u32; width]; height];
    for a in 0..height {
        for b in 0..width {
            let d = height + b - a;
            let (row, col, diag) = (&rows[a], &cols[b], &diags[d]);
            // Every value below a line's least missing one is on that line.
            let start = row
                .least_missing
                .max(col.least_missing)
                .max(diag.least_missing);
            let mut w = start / 64;
            let mut seen = row.word(w) | col.word(w) | diag.word(w) | ((1u64 << (start % 64)) - 1);
            while seen == u64::MAX {
                w += 1;
                seen = row.word(w) | col.word(w) | diag.word(w);
            }
            let g = w * 64 + (!seen).trailing_zeros() as usize;
            table[a][b] = g as u32;
            rows[a].insert(g);
            cols[b].insert(g);
            diags[d].insert(g);
        }
    }
    table
}

/// A set of values as bits over the words its values span, with its least missing value.
#[derive(Default)]
struct Seen {
    /// The word of bit 0 of `words`.
    base: usize,
    words: Vec<u64>,
    least_missing: usize,
}

impl Seen {
    /// Bits 64·`w` … 64·`w` + 63 of the set.
    fn word(&self, w: usize) -> u64 {
        w.checked_sub(self.base)
            .and_then(|i| self.words.get(i))
            .copied()
            .unwrap_or(0)
    }

    fn contains(&self, v: usize) -> bool {
        self.word(v / 64) & (1u64 << (v % 64)) != 0
    }

    fn insert(&mut self, v: usize) {
        let w = v / 64;
        if self.words.is_empty() {
            self.base = w;
            self.words.push(0);
        } else if w < self.base {
            let grow = self.base - w;
            self.words.splice(0..0, std::iter::repeat_n(0, grow));
            self.base = w;
        } else if w >= self.base + self.words.len() {
            self.words.resize(w - self.base + 1, 0);
        }
        self.words[w - self.base] |= 1u64 << (v % 64);
        while self.contains(self.least_missing) {
            self.least_missing += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: u64) -> Nat {
        Nat::from(v)
    }

    #[test]
    fn the_first_pairs_of_the_notes() {
        let pairs: Vec<(u64, u64)> = (0..9u64)
            .map(|k| {
                let (a, b) = pair(&n(k));
                (a.to_u64().unwrap(), b.to_u64().unwrap())
            })
            .collect();
        assert_eq!(
            pairs,
            vec![
                (0, 0),
                (1, 2),
                (3, 5),
                (4, 7),
                (6, 10),
                (8, 13),
                (9, 15),
                (11, 18),
                (12, 20)
            ]
        );
    }

    #[test]
    fn where_floating_point_fails() {
        assert!(is_p_position(&n(165580140), &n(267914295)));
        assert!(is_p_position(&n(2147483649), &n(1327217885)));
        assert!(!is_p_position(&n(0), &n(u64::MAX)));
    }

    #[test]
    fn partners_are_symmetric() {
        for v in 0..200u64 {
            let m = partner(&n(v));
            assert_eq!(partner(&m), n(v));
            assert!(is_p_position(&n(v), &m));
        }
    }

    #[test]
    fn partners_agree_with_the_pairs_listed_in_order() {
        // The pairs by their definition: a_k is the least number not yet used, b_k = a_k + k.
        let mut partner_of = vec![u64::MAX; 6000];
        partner_of[0] = 0;
        let mut a = 1;
        for k in 1.. {
            while a < partner_of.len() && partner_of[a] != u64::MAX {
                a += 1;
            }
            let b = a + k;
            if b >= partner_of.len() {
                break;
            }
            partner_of[a] = b as u64;
            partner_of[b] = a as u64;
        }
        for (v, &m) in partner_of.iter().enumerate().take(3000) {
            assert_eq!(partner(&n(v as u64)), n(m), "partner of {v}");
        }
    }

    #[test]
    fn partners_of_numbers_beyond_a_word() {
        for digits in [25, 400, 3000] {
            let k = Nat::parse_decimal(format!("3{}", "1".repeat(digits)).as_bytes()).unwrap();
            for k in [k.clone(), k.add(&n(1)), k.add(&n(2))] {
                let (a, b) = pair(&k);
                assert_eq!(partner(&a), b);
                assert_eq!(partner(&b), a);
                assert!(is_p_position(&b, &a));
                assert!(!is_p_position(&a, &b.add(&n(1))));
            }
        }
    }

    #[test]
    fn square_roots_of_long_numbers_are_exact() {
        for bits in [4097u64, 5000, 8192, 20_011] {
            // (2^bits − 1)², its neighbours, and a number without structure.
            let r = (BigUint::from(1u32) << bits) - 1u32;
            let sq = &r * &r;
            assert_eq!(isqrt(&sq), r);
            assert_eq!(isqrt(&(&sq - 1u32)), &r - 1u32);
            assert_eq!(isqrt(&(&sq + 2u32 * &r)), r);
            let x = BigUint::parse_bytes("9".repeat(bits as usize / 3).as_bytes(), 10).unwrap();
            let s = isqrt(&x);
            assert!(&s * &s <= x && (&s + 1u32) * (&s + 1u32) > x);
            assert_eq!(s, x.sqrt());
        }
    }

    #[test]
    fn moves_of_hdu_2177() {
        let moves = winning_moves(&n(5), &n(8));
        assert_eq!(
            moves,
            vec![
                Move::Both {
                    pile: 0,
                    take: n(1)
                },
                Move::Pile {
                    pile: 1,
                    from: n(8),
                    to: n(3)
                }
            ]
        );
        assert_eq!(winning_moves(&n(2), &n(2)).len(), 3);
        assert!(winning_moves(&n(1), &n(2)).is_empty());
    }

    /// A thin or tall rectangle (kept in memory by the span of each line's values) is the
    /// corner of the square table.
    #[test]
    fn rectangles_are_corners_of_the_square() {
        let square = grundy_table(80);
        for (h, w) in [(1, 81), (2, 81), (81, 3), (40, 81), (81, 81), (0, 5)] {
            let rect = grundy_rect(h, w);
            assert_eq!(rect.len(), h);
            for (a, row) in rect.iter().enumerate() {
                assert_eq!(row[..], square[a][..w], "{h} × {w}, row {a}");
            }
        }
    }

    #[test]
    fn grundy_table_zeros_are_the_pairs() {
        let t = grundy_table(20);
        for (a, row) in t.iter().enumerate() {
            for (b, &g) in row.iter().enumerate() {
                assert_eq!(
                    g == 0,
                    is_p_position(&n(a as u64), &n(b as u64)),
                    "({a},{b})"
                );
            }
        }
        assert_eq!(t[1][1], 2);
        assert_eq!(t[0][5], 5);
    }
}

/// A step of an explanation of Wythoff's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WythoffStep {
    /// A winning move and the Wythoff pair it reaches.
    Reach(WythoffReach),
    /// The component's Grundy value, as a summand of a sum, and why.
    Value(WythoffValue),
}

/// A winning move of Wythoff's game and the pair it reaches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WythoffReach {
    /// The move.
    pub mv: Move,
    /// k: the reached pair is (a_k, b_k) = (⌊kφ⌋, ⌊kφ⌋ + k).
    pub k: Nat,
    /// (a_k, b_k).
    pub pair: (Nat, Nat),
}

/// The Grundy value of a component of Wythoff's game (a, b).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WythoffValue {
    /// The first of its two piles (0-based, in the whole position).
    pub pile: usize,
    /// The piles a and b.
    pub piles: (Nat, Nat),
    /// g(a, b).
    pub value: Nat,
    /// Why the value is what it is.
    pub why: WythoffWhy,
}

/// Why a component of Wythoff's game has its Grundy value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WythoffWhy {
    /// (a, b) is the Wythoff pair (a_k, b_k), a P-position, so g = 0 (Wythoff 1907).
    Pair {
        /// k = |b − a|.
        k: Nat,
    },
    /// The mex of the values of the positions its `options` moves reach (from one pile, or the
    /// same amount from both), computed in the table of every smaller pair.
    Mex {
        /// How many moves (a + b + min(a, b)).
        options: u64,
        /// The distinct values they reach, ascending.
        values: Vec<Nat>,
    },
}
