//! k-times dynamic subtraction (k-倍动态减法): a pile of n stones; a move takes t stones with
//! 1 ≤ t ≤ the allowance `most` (and t ≤ n); after a take t the next move's allowance is k·t.
//! Whoever takes the last stone wins. A state is (n, most); the game `dynamic:K N` starts at
//! (N, N − 1), so the first move cannot take everything. k = 2 is Fibonacci Nim (Whinihan,
//! "Fibonacci Nim", Fibonacci Quarterly 1, 1963; HDU 2516), k = 1 the game whose losing sizes
//! are the powers of 2, and the general k is HDU 2486 ("A simple stone game").
//!
//! **The losing sizes.** a_0 = b_0 = 1, and for i ≥ 0
//!
//! > a_{i+1} = b_i + 1,  b_{i+1} = a_{i+1} + b_j with j the largest index such that
//! > k·a_j < a_{i+1} (b_{i+1} = a_{i+1} when there is none),
//!
//! the construction of the accepted solutions of HDU 2486 (k = 2 gives the Fibonacci numbers
//! 1, 2, 3, 5, 8, …; k = 1 the powers of 2). b_i is the largest number written as a sum of
//! terms among a_0, …, a_i each more than k times the next, so every n ≥ 1 has exactly one
//! such *k-sparse representation* n = r_1 + r_2 + … + r_m (r_1 > k·r_2, r_2 > k·r_3, …), found
//! greedily (for k = 2, Zeckendorf's). The sequence grows geometrically, so for a fixed k it has
//! O(log n) terms up to n, about k·log n of them as k grows: up to 10^100 there are 334 for
//! k = 1, 480 for k = 2, 2252 for k = 10, 224 thousand for k = 1000 (up to 10^8, HDU 2486's
//! bound: 749 thousand for its largest k, 10^5).
//!
//! **The theorem** (Whinihan for k = 2; for every k the rule of the accepted HDU 2486 solutions,
//! and the tests check it against an exhaustive search): (n, most) with n ≥ 1 is
//! lost for the player to move iff most < r_m, the least term of n's representation. So the
//! start (N, N − 1) is lost iff N is one of the a_i.
//!
//! **Every winning take.** A take t wins iff it leaves (n − t, k·t) lost: t = n ≤ most, or
//! k·t < the least term of n − t. In the second case t's own representation has every term
//! below that least term / k, so n's representation is n − t's followed by t's: t is a suffix
//! sum s_j = r_j + … + r_m. Hence the winning takes are exactly the suffix sums s_j ≤ most with
//! j = 1 (the whole pile) or k·s_j < r_{j−1}: at most m of them, listed in O(m) big-number steps.
//!
//! Grundy values (a sum of these components needs them) have no closed form here: [`Table`]
//! computes them by the mex rule, for piles whose triangle of states fits a bound the caller
//! passes ([`TABLE_ENTRIES`] is a default).

use num_bigint::BigUint;
use num_traits::{Num, ToPrimitive};
use thiserror::Error;

use crate::error::SolveError;
use crate::nat::Nat;

/// The most losing sizes the theory builds for one question: 2^20, more than HDU 2486's worst
/// case (749 thousand, for n = 10^8 and k = 10^5). A large k with a huge pile would need about
/// k·log n of them.
pub const MAX_TERMS: usize = 1 << 20;

/// A pile whose losing sizes up to it are more than [`MAX_TERMS`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "k-times dynamic subtraction with k = {k} has more than {limit} losing sizes up to the pile {pile}"
)]
pub struct TooManyTerms {
    /// The multiplier k.
    pub k: u64,
    /// The pile, in decimal (shortened when huge).
    pub pile: String,
    /// The bound, [`MAX_TERMS`].
    pub limit: usize,
}

/// The default bound of a [`Table`]'s states (n, most) with most ≤ n: 2^21, piles up to 2046.
pub const TABLE_ENTRIES: u64 = 1 << 21;

/// The game for one multiplier k ≥ 1 (the allowance after a take t is k·t).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KTimes {
    k: u64,
}

impl KTimes {
    /// The game with multiplier `k`; `None` for k = 0 (no game of this kind: after the first
    /// take nothing may be taken).
    pub fn new(k: u64) -> Option<KTimes> {
        (k >= 1).then_some(KTimes { k })
    }

    /// Fibonacci Nim, k = 2.
    pub fn fibonacci() -> KTimes {
        KTimes { k: 2 }
    }

    /// The multiplier k.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// The losing sizes a_0 = 1, a_1, … up to and including the first one ≥ `n` (at least a_0).
    ///
    /// # Errors
    /// [`TooManyTerms`] when they are more than [`MAX_TERMS`] (a huge k with a huge pile).
    ///
    /// ```
    /// use nimsolve::{games::dynamic::theory::KTimes, Nat};
    /// let sizes = KTimes::new(3).unwrap().losing_sizes(&Nat::from(20u64)).unwrap();
    /// let sizes: Vec<u64> = sizes.iter().map(|a| a.to_u64().unwrap()).collect();
    /// assert_eq!(sizes, [1, 2, 3, 4, 6, 8, 11, 15, 21]);
    /// ```
    pub fn losing_sizes(&self, n: &Nat) -> Result<Vec<Nat>, TooManyTerms> {
        let out = match n.to_u64() {
            Some(v) => sequence(u128::from(self.k), u128::from(v))
                .map(|(a, _)| a.into_iter().map(nat_of_u128).collect()),
            None => sequence(BigUint::from(self.k), n.to_biguint())
                .map(|(a, _)| a.into_iter().map(Nat::from_biguint).collect()),
        };
        out.ok_or_else(|| self.too_many(n))
    }

    /// The k-sparse representation of `n` (each term one of the losing sizes and more than k
    /// times the next), largest term first; empty for n = 0.
    ///
    /// # Errors
    /// As [`KTimes::losing_sizes`].
    ///
    /// ```
    /// use nimsolve::{games::dynamic::theory::KTimes, Nat};
    /// let terms = KTimes::fibonacci().representation(&Nat::from(100u64)).unwrap();
    /// assert_eq!(terms, [Nat::from(89u64), Nat::from(8u64), Nat::from(3u64)]); // Zeckendorf
    /// ```
    pub fn representation(&self, n: &Nat) -> Result<Vec<Nat>, TooManyTerms> {
        let out = match n.to_u64() {
            Some(v) => representation(u128::from(self.k), u128::from(v))
                .map(|r| r.into_iter().map(nat_of_u128).collect()),
            None => representation(BigUint::from(self.k), n.to_biguint())
                .map(|r| r.into_iter().map(Nat::from_biguint).collect()),
        };
        out.ok_or_else(|| self.too_many(n))
    }

    /// Whether the player to move wins (n, most): n ≥ 1 and `most` at least the least term of
    /// n's representation. (n = 0 or most = 0: no move, lost.)
    ///
    /// # Errors
    /// As [`KTimes::losing_sizes`].
    ///
    /// ```
    /// use nimsolve::{games::dynamic::theory::KTimes, Nat};
    /// let fib = KTimes::fibonacci();
    /// // 10 = 8 + 2: won with an allowance of 2, lost with 1.
    /// assert!(fib.mover_wins(&Nat::from(10u64), &Nat::from(2u64)).unwrap());
    /// assert!(!fib.mover_wins(&Nat::from(10u64), &Nat::from(1u64)).unwrap());
    /// ```
    pub fn mover_wins(&self, n: &Nat, most: &Nat) -> Result<bool, TooManyTerms> {
        Ok(self.least_winning_take(n, most)?.is_some())
    }

    /// Whether the start of a game of `n` stones, (n, n − 1), is won by the first player: iff n
    /// is none of the losing sizes a_i (for k = 2: iff n is not a Fibonacci number). `false`
    /// for n = 0.
    ///
    /// # Errors
    /// As [`KTimes::losing_sizes`].
    pub fn start_wins(&self, n: &Nat) -> Result<bool, TooManyTerms> {
        self.mover_wins(n, &n.saturating_sub(&Nat::ONE))
    }

    /// Every winning take from (n, most), smallest first: the suffix sums of n's representation
    /// that the module's theorem allows. Empty iff the position is lost. Each take t leaves
    /// (n − t, k·t).
    ///
    /// # Errors
    /// As [`KTimes::losing_sizes`].
    ///
    /// ```
    /// use nimsolve::{games::dynamic::theory::KTimes, Nat};
    /// let n = |v: u64| Nat::from(v);
    /// let fib = KTimes::fibonacci();
    /// // 11 = 8 + 3: taking 3 leaves (8, 6), lost; taking all 11 is allowed here too.
    /// assert_eq!(fib.winning_takes(&n(11), &n(11)).unwrap(), [n(3), n(11)]);
    /// assert_eq!(fib.winning_takes(&n(11), &n(10)).unwrap(), [n(3)]);
    /// ```
    pub fn winning_takes(&self, n: &Nat, most: &Nat) -> Result<Vec<Nat>, TooManyTerms> {
        let out = match n.to_u64() {
            Some(v) => {
                let most = most.to_u64().map_or(u128::MAX, u128::from);
                winning_takes(u128::from(self.k), u128::from(v), most)
                    .map(|t| t.into_iter().map(nat_of_u128).collect())
            }
            None => winning_takes(BigUint::from(self.k), n.to_biguint(), most.to_biguint())
                .map(|t| t.into_iter().map(Nat::from_biguint).collect()),
        };
        out.ok_or_else(|| self.too_many(n))
    }

    /// The least winning take from (n, most), `None` when the position is lost: the least term
    /// of n's representation when it is allowed (the answer HDU 2486 asks for at the start).
    ///
    /// # Errors
    /// As [`KTimes::losing_sizes`].
    pub fn least_winning_take(&self, n: &Nat, most: &Nat) -> Result<Option<Nat>, TooManyTerms> {
        let least = self.representation(n)?.pop();
        Ok(least.filter(|t| t <= most))
    }

    fn too_many(&self, n: &Nat) -> TooManyTerms {
        TooManyTerms {
            k: self.k,
            pile: n.brief(),
            limit: MAX_TERMS,
        }
    }
}

fn nat_of_u128(v: u128) -> Nat {
    Nat::from_biguint(BigUint::from(v))
}

/// The losing sizes up to the first ≥ n, and the b_i beside them; `None` past [`MAX_TERMS`].
fn sequence<T: Num + Clone + Ord>(k: T, n: T) -> Option<(Vec<T>, Vec<T>)> {
    let mut a = vec![T::one()];
    let mut b = vec![T::one()];
    // j: the largest index with k·a_j < a_i, `None` while there is none.
    // k·a_j < x ⇔ a_j ≤ (x − 1)/k, so no product is formed.
    let mut j: Option<usize> = None;
    while a.last().is_some_and(|last| *last < n) {
        if a.len() >= MAX_TERMS {
            return None;
        }
        let next = b[b.len() - 1].clone() + T::one();
        let room = (next.clone() - T::one()) / k.clone();
        while a.get(j.map_or(0, |j| j + 1)).is_some_and(|x| *x <= room) {
            j = Some(j.map_or(0, |j| j + 1));
        }
        let top = match j {
            Some(j) => next.clone() + b[j].clone(),
            None => next.clone(),
        };
        a.push(next);
        b.push(top);
    }
    Some((a, b))
}

/// The greedy representation of n, largest term first.
fn representation<T: Num + Clone + Ord>(k: T, n: T) -> Option<Vec<T>> {
    let (a, _) = sequence(k, n.clone())?;
    let mut left = n;
    let mut out = Vec::new();
    for term in a.iter().rev() {
        if left.is_zero() {
            break;
        }
        if *term <= left {
            left = left - term.clone();
            out.push(term.clone());
        }
    }
    Some(out)
}

/// The winning takes from (n, most), smallest first.
fn winning_takes<T: Num + Clone + Ord>(k: T, n: T, most: T) -> Option<Vec<T>> {
    let terms = representation(k.clone(), n)?;
    let mut out = Vec::new();
    let mut suffix = T::zero();
    for (j, term) in terms.iter().enumerate().rev() {
        suffix = suffix + term.clone();
        if suffix > most {
            break;
        }
        // The term before the suffix must exceed k·suffix (none before: the whole pile).
        let leaves_lost = match j.checked_sub(1) {
            Some(before) => suffix <= (terms[before].clone() - T::one()) / k.clone(),
            None => true,
        };
        if leaves_lost {
            out.push(suffix.clone());
        }
    }
    Some(out)
}

/// Grundy values of (n, most) for one k, by the mex rule
/// g(n, most) = mex { g(n − t, min(k·t, n − t)) : 1 ≤ t ≤ min(most, n) },
/// remembered for every state with most ≤ n of the piles computed so far (an allowance above n
/// is the allowance n). Each pile's row takes O(n) steps, as the options of (n, m + 1) are those
/// of (n, m) and one more.
#[derive(Debug, Clone)]
pub struct Table {
    game: KTimes,
    /// Row n holds g(n, 0), …, g(n, n), at n(n + 1)/2.
    values: Vec<u32>,
    rows: u64,
}

impl Table {
    /// An empty table for `game`.
    pub fn new(game: KTimes) -> Table {
        Table {
            game,
            values: Vec::new(),
            rows: 0,
        }
    }

    /// The Grundy value of (n, most), growing the table to pile n.
    ///
    /// # Errors
    /// [`SolveError::TableLimit`] when the states (n′, m) with m ≤ n′ ≤ n, (n + 1)(n + 2)/2 of
    /// them, would be more than `max_entries` (the limit named is `max_entries`).
    ///
    /// ```
    /// use nimsolve::{games::dynamic::theory::{KTimes, Table, TABLE_ENTRIES}, Nat};
    /// let mut table = Table::new(KTimes::fibonacci());
    /// let g = table.grundy(&Nat::from(8u64), &Nat::from(7u64), TABLE_ENTRIES).unwrap();
    /// assert_eq!(g, 0); // 8 is a Fibonacci number
    /// ```
    pub fn grundy(&mut self, n: &Nat, most: &Nat, max_entries: u64) -> Result<u64, SolveError> {
        let too_big = || SolveError::TableLimit {
            pile: n.to_string(),
            needed: triangle(n),
            limit: max_entries,
        };
        let pile = n.to_u64().ok_or_else(too_big)?;
        let entries = u128::from(pile + 1) * u128::from(pile + 2) / 2;
        if entries > u128::from(max_entries) {
            return Err(too_big());
        }
        while self.rows <= pile {
            self.push_row();
        }
        let m = most.to_u64().map_or(pile, |m| m.min(pile));
        Ok(u64::from(self.values[index(pile, m)]))
    }

    fn push_row(&mut self) {
        let n = self.rows;
        let k = self.game.k;
        let mut seen = vec![false; n as usize + 2];
        let mut mex = 0u32;
        self.values.push(0); // g(n, 0): no move
        for t in 1..=n {
            let rest = n - t;
            let allowance = t.saturating_mul(k).min(rest);
            let v = self.values[index(rest, allowance)] as usize;
            if v < seen.len() {
                seen[v] = true;
            }
            while seen[mex as usize] {
                mex += 1;
            }
            self.values.push(mex);
        }
        self.rows += 1;
    }
}

fn index(n: u64, m: u64) -> usize {
    (n * (n + 1) / 2 + m) as usize
}

/// (n + 1)(n + 2)/2 in decimal, at any size.
fn triangle(n: &Nat) -> String {
    let n = n.to_biguint();
    let t: BigUint = (&n + 1u32) * (&n + 2u32) / 2u32;
    match t.to_u64() {
        Some(v) => v.to_string(),
        None => t.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_1_loses_on_powers_of_two_and_k_2_on_fibonacci_numbers() {
        let one: Vec<u128> = sequence(1u128, 64).unwrap().0;
        assert_eq!(one, [1, 2, 4, 8, 16, 32, 64]);
        let two: Vec<u128> = sequence(2u128, 55).unwrap().0;
        assert_eq!(two, [1, 2, 3, 5, 8, 13, 21, 34, 55]);
    }

    #[test]
    fn hdu_2486_samples() {
        // (n, k) → the least winning first take, or none.
        let least = |n: u64, k: u64| {
            KTimes::new(k)
                .and_then(|g| {
                    g.least_winning_take(&Nat::from(n), &Nat::from(n - 1))
                        .unwrap()
                })
                .and_then(|t| t.to_u64())
        };
        assert_eq!(least(16, 1), None);
        assert_eq!(least(11, 1), Some(1));
        assert_eq!(least(32, 2), Some(3));
        assert_eq!(least(34, 2), None);
        assert_eq!(least(19, 3), Some(4));
    }

    #[test]
    fn a_huge_multiplier_on_a_huge_pile_is_refused() {
        let pile: Nat = "1".repeat(30).parse().unwrap();
        let game = KTimes::new(u64::MAX).unwrap();
        assert_eq!(game.start_wins(&pile).map_err(|e| e.limit), Err(MAX_TERMS));
    }

    #[test]
    fn a_table_beyond_its_bound_is_refused() {
        let mut table = Table::new(KTimes::fibonacci());
        assert!(matches!(
            table.grundy(&Nat::from(100u64), &Nat::from(3u64), 100),
            Err(SolveError::TableLimit { limit: 100, .. })
        ));
    }
}

/// Why a pile is won or lost, for an explanation: its K-sparse representation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DynamicValue {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// The multiplier K.
    pub k: u64,
    /// The stones.
    pub stones: Nat,
    /// This move's allowance.
    pub most: Nat,
    /// The representation, largest term first (each more than K times the next); `None` when
    /// it has more terms than the theory builds.
    pub terms: Option<Vec<Nat>>,
}
