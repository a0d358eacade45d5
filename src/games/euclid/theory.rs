//! Euclid's game (A. J. Cole and A. J. T. Davie, "A game based on the Euclidean algorithm and a
//! winning strategy for it", Math. Gazette 53, 1969): a position is a pair (a, b) of natural
//! numbers; a move subtracts a positive multiple of the smaller from the larger, leaving 0 or
//! more. Whoever makes a 0 wins: a position with a 0 has no move (it is terminal, lost for the
//! player to move).
//!
//! Write the larger as y = q·x + r with x the smaller and 0 ≤ r < x. The moves lead to
//! (x, r + j·x) for j = 0, …, q − 1, where j = 0 is (r, x), the next pair of the Euclidean
//! algorithm (terminal when r = 0), and each (x, r + j·x) with j ≥ 1 has exactly the earlier ones
//! as its options. So with v the Grundy value of (r, x), the values along that chain are
//! v, then 0, 1, …, v − 1 (for j = 1, …, v), then j for every j > v — and
//!
//! > g(x, q·x + r) = q − 1 if 0 < v and q ≤ v, else q,
//!
//! folded from the last quotient of the Euclidean algorithm up (the value of a terminal pair is
//! 0). This is the whole Sprague–Grundy function in O(log min(a, b)) divisions, exact at any
//! size. It is not Nivasch's ⌊|y/x − x/y|⌋ (Discrete Math. 306, 2006), which is the function of
//! Grossman's variant that stops at (d, d) instead of at a 0: the two games have the same
//! P-positions (Straffin 1998) but different values, e.g. (2, 5) has value 1 here and 2 there.
//! An explicit formula for the game here (Cole and Davie's) was given by Cairns, Ho and Lengyel
//! ("The Sprague–Grundy function of the real game Euclid", Discrete Math. 311, 2011); the fold
//! above is derived from the mex rule directly, and the tests check it against an exhaustive
//! search.
//!
//! Two corollaries. Cole and Davie's theorem: the player to move wins iff q ≥ 2 or r = 0, or
//! else (q = 1) iff (r, x) is lost — equivalently iff the larger is more than φ times the
//! smaller or the two are equal. And there is at most one winning move: to (r, x) when v = 0, to
//! (x, r + x) when v > 0 and q ≥ 2.

use num_integer::Integer;

use crate::nat::Nat;

/// The quotients of the Euclidean algorithm on (a, b), larger by smaller first: the partial
/// quotients of the continued fraction of max/min. Empty when a or b is 0 (a terminal position).
///
/// ```
/// use nimsolve::{games::euclid::theory::quotients, Nat};
/// // 7/3 = 2 + 1/3
/// assert_eq!(quotients(&Nat::from(3u64), &Nat::from(7u64)), [Nat::from(2u64), Nat::from(3u64)]);
/// ```
pub fn quotients(a: &Nat, b: &Nat) -> Vec<Nat> {
    let mut out = Vec::new();
    if a.is_zero() || b.is_zero() {
        return out;
    }
    let (mut small, mut big) = if a <= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    while !small.is_zero() {
        let (q, r) = div_rem(&big, &small);
        out.push(q);
        big = small;
        small = r;
    }
    out
}

/// ⌊a / b⌋ and a mod b, b ≠ 0.
fn div_rem(a: &Nat, b: &Nat) -> (Nat, Nat) {
    match (a.to_u64(), b.to_u64()) {
        (Some(x), Some(y)) => (Nat::from(x / y), Nat::from(x % y)),
        _ => {
            let (q, r) = a.to_biguint().div_rem(&b.to_biguint());
            (Nat::from_biguint(q), Nat::from_biguint(r))
        }
    }
}

/// One step of the fold: the value of (x, q·x + r) from q and v, the value of (r, x).
fn step(q: &Nat, v: &Nat) -> Nat {
    if !v.is_zero() && q <= v {
        q.saturating_sub(&Nat::ONE)
    } else {
        q.clone()
    }
}

/// The Grundy value of the Euclid position (a, b): 0 when a or b is 0 (terminal), else the fold
/// of the module's formula over [`quotients`] from the last one up. Any sizes; O(log min(a, b))
/// divisions.
///
/// ```
/// use nimsolve::{games::euclid::theory::grundy, Nat};
/// assert_eq!(grundy(&Nat::from(2u64), &Nat::from(5u64)), Nat::from(1u64));
/// assert_eq!(grundy(&Nat::from(2u64), &Nat::from(3u64)), Nat::ZERO);
/// assert_eq!(grundy(&Nat::from(1u64), &Nat::from(9u64)), Nat::from(9u64));
/// ```
pub fn grundy(a: &Nat, b: &Nat) -> Nat {
    if let (Some(x), Some(y)) = (a.to_u64(), b.to_u64()) {
        return Nat::from(grundy_u64(x, y));
    }
    quotients(a, b)
        .iter()
        .rev()
        .fold(Nat::ZERO, |v, q| step(q, &v))
}

/// [`quotients`] in machine words.
pub(crate) fn quotients_u64(a: u64, b: u64) -> Vec<u64> {
    let (mut small, mut big) = (a.min(b), a.max(b));
    let mut qs = Vec::new();
    while small != 0 {
        qs.push(big / small);
        (big, small) = (small, big % small);
    }
    qs
}

/// [`grundy`] in machine words.
fn grundy_u64(a: u64, b: u64) -> u64 {
    quotients_u64(a, b)
        .iter()
        .rev()
        .fold(0, |v, &q| if v != 0 && q <= v { q - 1 } else { q })
}

/// Whether the player to move wins (a, b), by Cole and Davie's rule, iterated like the
/// Euclidean algorithm (no recursion): `false` when a or b is 0.
///
/// ```
/// use nimsolve::{games::euclid::theory::mover_wins, Nat};
/// assert!(!mover_wins(&Nat::from(3u64), &Nat::from(2u64)));
/// assert!(mover_wins(&Nat::from(5u64), &Nat::from(5u64)));
/// assert!(mover_wins(&Nat::from(34u64), &Nat::from(12u64)));
/// ```
pub fn mover_wins(a: &Nat, b: &Nat) -> bool {
    let mut mover = true;
    if a.is_zero() || b.is_zero() {
        return false;
    }
    let (mut small, mut big) = if a <= b {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    };
    loop {
        let (q, r) = div_rem(&big, &small);
        // q ≥ 2: the player to move chooses who faces (r, small); r = 0: the move to 0 wins.
        if q > Nat::ONE || r.is_zero() {
            return mover;
        }
        // q = 1: the only move is to (r, small).
        mover = !mover;
        big = small;
        small = r;
    }
}

/// The winning move from (a, b), as the position after it with each number in its place (the
/// larger one, the first when equal, is the one reduced); `None` when (a, b) is lost (a
/// P-position, a terminal one among them). By the module's theorem it is the only winning move.
///
/// ```
/// use nimsolve::{games::euclid::theory::winning_move, Nat};
/// let n = |v: u64| Nat::from(v);
/// // 25 = 3·7 + 4 and (4, 7) wins for its mover, so leave 7 + 4: (11, 7).
/// assert_eq!(winning_move(&n(25), &n(7)), Some((n(11), n(7))));
/// assert_eq!(winning_move(&n(8), &n(5)), None); // 8/5 < φ
/// ```
pub fn winning_move(a: &Nat, b: &Nat) -> Option<(Nat, Nat)> {
    if a.is_zero() || b.is_zero() {
        return None;
    }
    let first_reduced = a >= b;
    let (small, big) = if first_reduced { (b, a) } else { (a, b) };
    let (q, r) = div_rem(big, small);
    let v = grundy(&r, small);
    let left = if v.is_zero() {
        r
    } else if q > Nat::ONE {
        r.add(small)
    } else {
        return None;
    };
    Some(if first_reduced {
        (left, b.clone())
    } else {
        (a.clone(), left)
    })
}

/// Every winning move from (a, b), as positions after (see [`winning_move`]): none or one.
pub fn winning_moves(a: &Nat, b: &Nat) -> Vec<(Nat, Nat)> {
    winning_move(a, b).into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: u64) -> Nat {
        Nat::from(v)
    }

    #[test]
    fn values_of_small_rows() {
        // g(2, y) for y = 1, 2, …: the mex table of the game.
        let row: Vec<u64> = (1..=10).map(|y| grundy_u64(2, y)).collect();
        assert_eq!(row, [2, 1, 0, 2, 1, 3, 3, 4, 4, 5]);
        assert_eq!(grundy(&n(0), &n(7)), Nat::ZERO);
    }

    #[test]
    fn the_big_path_agrees_with_machine_words() {
        for a in 1..30 {
            for b in 1..30 {
                let big = quotients(&n(a), &n(b))
                    .iter()
                    .rev()
                    .fold(Nat::ZERO, |v, q| step(q, &v));
                assert_eq!(big, n(grundy_u64(a, b)), "({a}, {b})");
                assert_eq!(mover_wins(&n(a), &n(b)), grundy_u64(a, b) != 0);
            }
        }
    }
}

/// The Grundy value of a pair by its quotients, for an explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EuclidValue {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// The pair.
    pub pair: [Nat; 2],
    /// The quotients of the Euclidean algorithm on it, first to last.
    pub quotients: Vec<Nat>,
    /// The Grundy value folded from them.
    pub value: Nat,
}
