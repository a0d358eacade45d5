//! Moore's Nim_k (E. H. Moore, "A generalization of the game called Nim", Annals of Mathematics
//! 11, 1910): piles of objects; a move takes at least one object from each of between 1 and k
//! piles (any amounts, each pile its own). k = 1 is Nim.
//!
//! **Moore's theorem.** A position is lost for the player to move (a P-position) iff for every
//! binary digit the number of piles with a 1 there is a multiple of k + 1. (k = 0 allows no
//! move; every count is a multiple of 1, so the theorem holds there too.)
//!
//! **A winning move**, constructively (the proof's algorithm): go through the digits from the
//! highest down, keeping a set of *chosen* piles, at most k, each already made smaller at a
//! higher digit, so that its lower digits are free. At a digit, let c be the count of 1s among
//! the piles not chosen and s = c mod (k + 1). If s = 0, the chosen piles get a 0 there. If the
//! m chosen piles are at least k + 1 − s, that many of them get a 1 and the rest a 0. Otherwise
//! (then m + s ≤ k) choose s more piles among those with a 1 there, turn that 1 into a 0 (which
//! makes each of them smaller), and give the other chosen piles a 0. Every digit's count ends a
//! multiple of k + 1, and the chosen piles, non-empty exactly when the position was not a
//! P-position, all got smaller.
//!
//! **Counting the winning moves.** A move is a set S of 1 to k non-empty piles and smaller
//! sizes for them; for a fixed S, the sizes that leave a P-position are counted by a digit
//! dynamic programme from the highest digit down whose state is which piles of S still equal
//! their old size on the digits so far (2^|S| states, 3^|S| steps a digit). The sets S are
//! all the sets of at most k of the n non-empty piles, Σ_{j ≤ k} C(n, j) of them: with many
//! piles and a large k that is infeasible (no method short of it is known here), so
//! [`winning_moves`] counts within a work bound the caller passes and otherwise answers
//! "at least this many" ([`WinningMoves::AtLeast`]).

use num_bigint::BigUint;
use num_traits::{One, Zero};

use crate::nat::Nat;

/// The default work bound of [`winning_moves`]: steps of the digit programme over all the sets
/// of piles it examines (about a second of work).
pub const COUNT_WORK: u64 = 20_000_000;

/// The count of piles with a 1 at each binary digit, least significant first.
pub fn columns(piles: &[Nat]) -> Vec<usize> {
    let top = piles.iter().map(Nat::bits).max().unwrap_or(0);
    (0..top)
        .map(|bit| piles.iter().filter(|p| p.bit(bit)).count())
        .collect()
}

/// Whether `piles` is a P-position of Nim_k (Moore's theorem): every column count is a
/// multiple of k + 1. Any sizes.
///
/// ```
/// use nimsolve::{games::moore::theory::is_p_position, Nat};
/// let piles = |v: &[u64]| v.iter().map(|&x| Nat::from(x)).collect::<Vec<_>>();
/// assert!(is_p_position(1, &piles(&[1, 2, 3]))); // Nim: each digit twice
/// assert!(!is_p_position(2, &piles(&[1, 2, 3])));
/// assert!(is_p_position(2, &piles(&[1, 1, 1])));
/// ```
pub fn is_p_position(k: u64, piles: &[Nat]) -> bool {
    let modulus = k.saturating_add(1);
    columns(piles)
        .iter()
        .all(|&c| (c as u64).is_multiple_of(modulus))
}

/// Whether the player to move wins `piles` under Nim_k.
pub fn mover_wins(k: u64, piles: &[Nat]) -> bool {
    !is_p_position(k, piles)
}

/// A winning move from `piles` under Nim_k, by the module's algorithm, as the position after it
/// (the same piles, at most k of them smaller); `None` for a P-position.
///
/// ```
/// use nimsolve::{games::moore::theory::{is_p_position, winning_move}, Nat};
/// let piles: Vec<Nat> = [5u64, 6, 7, 9].iter().map(|&x| Nat::from(x)).collect();
/// let after = winning_move(2, &piles).unwrap();
/// assert!(is_p_position(2, &after));
/// ```
pub fn winning_move(k: u64, piles: &[Nat]) -> Option<Vec<Nat>> {
    // Nim_k with k at least the number of piles is Nim_n: the same moves, and every column
    // count is below both moduli, so the same P-positions.
    let k = k.min(piles.len() as u64);
    if is_p_position(k, piles) {
        return None;
    }
    let modulus = k.saturating_add(1) as usize;
    let top = piles.iter().map(Nat::bits).max().unwrap_or(0);
    let mut after: Vec<BigUint> = piles.iter().map(Nat::to_biguint).collect();
    let mut chosen: Vec<usize> = Vec::new();
    for bit in (0..top).rev() {
        let ones: Vec<usize> = (0..piles.len())
            .filter(|i| !chosen.contains(i) && piles[*i].bit(bit))
            .collect();
        let s = ones.len() % modulus;
        let m = chosen.len();
        let set_ones = if s == 0 {
            0
        } else if m >= modulus - s {
            modulus - s
        } else {
            // m + s ≤ k: s more piles, each with its 1 here turned into 0.
            for &i in ones.iter().take(s) {
                after[i].set_bit(bit, false);
            }
            chosen.extend(ones.iter().take(s));
            for &i in chosen.iter().take(m) {
                after[i].set_bit(bit, false);
            }
            continue;
        };
        for (n, &i) in chosen.iter().enumerate() {
            after[i].set_bit(bit, n < set_ones);
        }
    }
    Some(after.into_iter().map(Nat::from_biguint).collect())
}

/// The winning moves of a position, as far as they were counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WinningMoves {
    /// Every winning move (as the position after it), sorted; their number is at most the limit
    /// asked for. Empty for a P-position.
    Every(Vec<Vec<Nat>>),
    /// More than the limit: exactly this many, not listed.
    Count(Nat),
    /// The work bound stopped the count after these many winning moves (which may be more or
    /// fewer than the limit); there may be more.
    AtLeast(Nat),
}

/// The winning moves of `piles` under Nim_k: listed when there are at most `limit`, counted
/// otherwise; `work` bounds the steps of the module's digit programme ([`COUNT_WORK`] is a
/// default), past which the answer is [`WinningMoves::AtLeast`]. A P-position answers
/// `Every(vec![])` at once.
///
/// ```
/// use nimsolve::{games::moore::theory::{winning_moves, WinningMoves, COUNT_WORK}, Nat};
/// let piles: Vec<Nat> = [1u64, 1].iter().map(|&x| Nat::from(x)).collect();
/// // Nim_2 on (1, 1): emptying both piles is the only move to a P-position.
/// assert_eq!(
///     winning_moves(2, &piles, 10, COUNT_WORK),
///     WinningMoves::Every(vec![vec![Nat::ZERO, Nat::ZERO]])
/// );
/// ```
pub fn winning_moves(k: u64, piles: &[Nat], limit: usize, work: u64) -> WinningMoves {
    // As in [`winning_move`]: k beyond the number of piles is that number.
    let k = k.min(piles.len() as u64);
    if is_p_position(k, piles) {
        return WinningMoves::Every(Vec::new());
    }
    let modulus = k.saturating_add(1) as usize;
    let live: Vec<usize> = (0..piles.len()).filter(|&i| !piles[i].is_zero()).collect();
    let most = (k.min(live.len() as u64)) as usize;
    let bits = piles.iter().map(Nat::bits).max().unwrap_or(0) as usize;
    let columns = columns(piles);
    let mut total = BigUint::zero();
    let mut listed: Vec<Vec<Nat>> = Vec::new();
    let mut spent: u64 = 0;
    for size in 1..=most {
        let cost = 3u64
            .saturating_pow(size as u32)
            .saturating_mul(bits as u64 + 1);
        let mut set: Vec<usize> = (0..size).collect();
        loop {
            spent = spent.saturating_add(cost);
            if spent > work {
                return WinningMoves::AtLeast(Nat::from_biguint(total));
            }
            let chosen: Vec<usize> = set.iter().map(|&i| live[i]).collect();
            let programme = Programme::new(piles, &chosen, &columns, bits, modulus);
            let count = programme.count();
            total += &count;
            if total <= BigUint::from(limit) && !count.is_zero() {
                programme.list(piles, &mut listed);
            }
            if !next_combination(&mut set, live.len()) {
                break;
            }
        }
    }
    if total <= BigUint::from(limit) {
        listed.sort();
        WinningMoves::Every(listed)
    } else {
        WinningMoves::Count(Nat::from_biguint(total))
    }
}

/// The next combination of `set.len()` indices below `n` in lexicographic order; `false` after
/// the last.
fn next_combination(set: &mut [usize], n: usize) -> bool {
    let r = set.len();
    for i in (0..r).rev() {
        if set[i] < n - r + i {
            set[i] += 1;
            for j in i + 1..r {
                set[j] = set[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// The digit programme of one set S of piles to reduce.
struct Programme<'a> {
    /// The piles of S (indices into the position).
    chosen: &'a [usize],
    /// x-bits: `ones[b]` is the mask (over S) of the piles of S with a 1 at digit b.
    ones: Vec<u32>,
    /// The count the piles of S must add at digit b, mod k + 1.
    need: Vec<usize>,
    modulus: usize,
    /// `layers[b][T]`: the ways to fill digits b − 1, …, 0 from tight set T (after digit b).
    /// `layers[0]` is the end: 1 for T = ∅.
    layers: Vec<Vec<BigUint>>,
}

impl<'a> Programme<'a> {
    fn new(
        piles: &[Nat],
        chosen: &'a [usize],
        columns: &[usize],
        bits: usize,
        modulus: usize,
    ) -> Programme<'a> {
        let s = chosen.len();
        let ones: Vec<u32> = (0..bits)
            .map(|b| {
                chosen
                    .iter()
                    .enumerate()
                    .filter(|(_, i)| piles[**i].bit(b as u64))
                    .fold(0u32, |m, (j, _)| m | 1 << j)
            })
            .collect();
        let need: Vec<usize> = (0..bits)
            .map(|b| {
                let others = columns[b] - ones[b].count_ones() as usize;
                (modulus - others % modulus) % modulus
            })
            .collect();
        let free_ways = free_ways(s, modulus);
        let full = 1usize << s;
        let mut layers: Vec<Vec<BigUint>> = Vec::with_capacity(bits + 1);
        let mut end = vec![BigUint::zero(); full];
        end[0] = BigUint::one();
        layers.push(end);
        for b in 0..bits {
            let below = &layers[b];
            let mut here = vec![BigUint::zero(); full];
            for (tight, slot) in here.iter_mut().enumerate() {
                let t = tight as u32;
                let a = t & ones[b];
                let f = s - t.count_ones() as usize;
                let mut sum = BigUint::zero();
                let mut stay = a;
                loop {
                    // `stay` ⊆ a keep their 1 (and stay tight); a \ stay drop to 0 (and are free).
                    let next = (t & !a) | stay;
                    let r = (need[b] + modulus - stay.count_ones() as usize % modulus) % modulus;
                    let w = &free_ways[f][r];
                    if !w.is_zero() && !below[next as usize].is_zero() {
                        sum += w * &below[next as usize];
                    }
                    if stay == 0 {
                        break;
                    }
                    stay = (stay - 1) & a;
                }
                *slot = sum;
            }
            layers.push(here);
        }
        Programme {
            chosen,
            ones,
            need,
            modulus,
            layers,
        }
    }

    /// The winning moves that reduce exactly the piles of S.
    fn count(&self) -> BigUint {
        let full = (1usize << self.chosen.len()) - 1;
        self.layers[self.layers.len() - 1][full].clone()
    }

    /// Appends every such move, as the position after it.
    fn list(&self, piles: &[Nat], out: &mut Vec<Vec<Nat>>) {
        let s = self.chosen.len();
        let mut values = vec![BigUint::zero(); s];
        self.walk(self.ones.len(), (1u32 << s) - 1, &mut values, piles, out);
    }

    fn walk(
        &self,
        bits_left: usize,
        tight: u32,
        values: &mut Vec<BigUint>,
        piles: &[Nat],
        out: &mut Vec<Vec<Nat>>,
    ) {
        if bits_left == 0 {
            if tight == 0 {
                let mut after = piles.to_vec();
                for (j, &i) in self.chosen.iter().enumerate() {
                    after[i] = Nat::from_biguint(values[j].clone());
                }
                out.push(after);
            }
            return;
        }
        let b = bits_left - 1;
        let s = self.chosen.len();
        let a = tight & self.ones[b];
        let free: u32 = !tight & ((1u32 << s) - 1);
        let mut stay = a;
        loop {
            let next = (tight & !a) | stay;
            if !self.layers[b][next as usize].is_zero() {
                // The free piles that get a 1: every subset of the right size mod k + 1.
                let mut up = free;
                loop {
                    let count = (stay | up).count_ones() as usize;
                    if count % self.modulus == self.need[b] {
                        for (j, v) in values.iter_mut().enumerate() {
                            v.set_bit(b as u64, (stay | up) >> j & 1 == 1);
                        }
                        self.walk(b, next, values, piles, out);
                    }
                    if up == 0 {
                        break;
                    }
                    up = (up - 1) & free;
                }
            }
            if stay == 0 {
                break;
            }
            stay = (stay - 1) & a;
        }
    }
}

/// W(f, r) for f ≤ s: Σ over j ≡ r (mod m), j ≤ f, of C(f, j).
fn free_ways(s: usize, m: usize) -> Vec<Vec<BigUint>> {
    let mut binomial = vec![vec![BigUint::zero(); s + 1]; s + 1];
    for f in 0..=s {
        binomial[f][0] = BigUint::one();
        for j in 1..=f {
            binomial[f][j] = &binomial[f - 1][j - 1] + &binomial[f - 1][j];
        }
    }
    (0..=s)
        .map(|f| {
            (0..m)
                .map(|r| {
                    (r..=f)
                        .step_by(m)
                        .fold(BigUint::zero(), |acc, j| acc + &binomial[f][j])
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piles(v: &[u64]) -> Vec<Nat> {
        v.iter().map(|&x| Nat::from(x)).collect()
    }

    #[test]
    fn nim_is_moore_with_k_1() {
        // Nim (3, 4, 5): nim-sum 2, and only 3 ⊕ 2 = 1 is smaller than its pile.
        assert_eq!(
            winning_moves(1, &piles(&[3, 4, 5]), 10, COUNT_WORK),
            WinningMoves::Every(vec![piles(&[1, 4, 5])])
        );
    }
}

/// How many winning moves a position of Nim_k has when a verdict lists only the first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MooreCount {
    /// Exactly this many.
    Exactly(Nat),
    /// At least this many (the count stopped at its work bound).
    AtLeast(Nat),
}

/// Moore's theorem read off a position, for an explanation: the binary columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MooreValue {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// K.
    pub k: u64,
    /// The count of 1s in each binary column, the highest digit first.
    pub columns: Vec<usize>,
}
