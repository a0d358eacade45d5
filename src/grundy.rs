//! Sprague–Grundy theory (R. P. Sprague 1935, P. M. Grundy 1939): every impartial game under
//! normal play is equivalent to a Nim pile of size g, its Grundy value (nimber), where
//! g(position) = mex { g(option) } — the least natural number not among the options' values —
//! and the Grundy value of a sum of games is the xor of the summands' values.
//!
//! For a subtraction game with a finite subtraction set S of largest amount m, g(n) depends only
//! on g(n−m..n), so once a window of m consecutive values repeats at distance p (after some
//! start i) the sequence is periodic with period p from i on. [`SubtractionGrundy`] finds the
//! minimal preperiod and the minimal period this way and answers piles of any size from them.

use std::cell::RefCell;

use serde::Serialize;

use crate::error::SolveError;
use crate::nat::Nat;
use crate::rules::SubtractionSet;

/// The minimum excludant: the least natural number not in `values`.
///
/// ```
/// assert_eq!(nimsolve::grundy::mex([0, 1, 3]), 2);
/// assert_eq!(nimsolve::grundy::mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|s| !s).unwrap_or(seen.len()) as u32
}

/// An eventually periodic sequence: g(n + period) = g(n) for every n ≥ preperiod, with both
/// minimal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The least n from which the sequence repeats.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// The width of the window whose repetition proves the period (the largest amount of S):
    /// g(preperiod .. preperiod + window) = g(preperiod + period .. preperiod + period + window).
    pub window: u64,
}

/// Finds the minimal period and minimal preperiod of `seq`, proven by a repeating window of
/// `window` values, if the table is long enough to prove one.
///
/// Method: the prefix function (Knuth–Morris–Pratt) of the reversed table gives, for every
/// suffix, its least period; the shortest suffix with `window` values repeating proves a period
/// p of the tail. The minimal period divides every period, so the least divisor of p that also
/// holds over one cycle is the minimal period; the preperiod is then extended backwards as far
/// as the period holds.
pub fn find_period(seq: &[u32], window: usize) -> Option<Periodicity> {
    let l = seq.len();
    let w = window.max(1);
    let at = |i: usize| seq[l - 1 - i]; // the reversed table
    let mut pi = vec![0usize; l];
    let mut found = None;
    for i in 1..l {
        let mut k = pi[i - 1];
        while k > 0 && at(i) != at(k) {
            k = pi[k - 1];
        }
        if at(i) == at(k) {
            k += 1;
        }
        pi[i] = k;
        if k >= w {
            found = Some((i + 1, i + 1 - k)); // (suffix length, its least period)
            break;
        }
    }
    let (len, p) = found?;
    let start = l - len;
    // The tail from `start` is purely periodic with period p; extend it by that periodicity.
    let ext = |j: usize| {
        if j < l {
            seq[j]
        } else {
            seq[start + (j - start) % p]
        }
    };
    let period = (1..=p)
        .filter(|d| p % d == 0)
        .find(|&d| (start..start + p).all(|j| ext(j) == ext(j + d)))
        .unwrap_or(p);
    let mut pre = start;
    while pre > 0 && seq[pre - 1] == ext(pre - 1 + period) {
        pre -= 1;
    }
    Some(Periodicity {
        preperiod: pre as u64,
        period: period as u64,
        window: w as u64,
    })
}

/// A finite set's Grundy table may take this many mex steps per entry of the table limit.
pub const STEPS_PER_ENTRY: u64 = 100;

/// Grundy values g(n) of one pile of a subtraction game, for piles of any size.
#[derive(Debug)]
pub struct SubtractionGrundy {
    kind: Kind,
}

#[derive(Debug)]
enum Kind {
    /// Finite set: `table` holds g(0 .. preperiod + period).
    Periodic {
        table: Vec<u32>,
        periodicity: Periodicity,
    },
    /// Powers of two: g(n) = n mod 3.
    PowersOfTwo,
    /// Fibonacci: no closed form; a table grown on demand up to `limit` entries.
    Fibonacci {
        table: RefCell<Vec<u32>>,
        limit: u64,
    },
}

impl SubtractionGrundy {
    /// Prepares the Grundy values of `set`. For a finite set this computes the table until the
    /// minimal period is proven (doubling the table, at most `table_limit` entries).
    ///
    /// # Errors
    /// [`SolveError::NoPeriodWithin`] if no period is proven within `table_limit` values, or
    /// within the values that [`STEPS_PER_ENTRY`]` × table_limit` mex steps compute (one step per
    /// amount of the set and entry).
    pub fn new(set: &SubtractionSet, table_limit: u64) -> Result<SubtractionGrundy, SolveError> {
        let kind = match set {
            SubtractionSet::PowersOfTwo => Kind::PowersOfTwo,
            SubtractionSet::Fibonacci => Kind::Fibonacci {
                table: RefCell::new(vec![0]),
                limit: table_limit,
            },
            SubtractionSet::Finite(amounts) => {
                let m = *amounts.last().unwrap_or(&1) as usize;
                // Entries are bounded by the table limit, and so is the work: each entry costs
                // one step per amount, at most `STEPS_PER_ENTRY × table_limit` steps in all.
                let by_work =
                    table_limit.saturating_mul(STEPS_PER_ENTRY) / (amounts.len().max(1) as u64);
                let limit = usize::try_from(table_limit.min(by_work)).unwrap_or(usize::MAX);
                let mut len = (4 * m + 64).min(limit.max(1));
                let mut table = Vec::new();
                loop {
                    extend_finite(&mut table, amounts, len);
                    if let Some(periodicity) = find_period(&table, m) {
                        table.truncate((periodicity.preperiod + periodicity.period) as usize);
                        table.shrink_to_fit();
                        break Kind::Periodic { table, periodicity };
                    }
                    if len >= limit {
                        return Err(SolveError::NoPeriodWithin {
                            limit: limit as u64,
                        });
                    }
                    len = len.saturating_mul(2).min(limit);
                }
            }
        };
        Ok(SubtractionGrundy { kind })
    }

    /// The proven periodicity, for a finite set.
    pub fn periodicity(&self) -> Option<Periodicity> {
        match &self.kind {
            Kind::Periodic { periodicity, .. } => Some(*periodicity),
            _ => None,
        }
    }

    /// The Grundy value of a pile of `n` objects.
    ///
    /// # Errors
    /// [`SolveError::TableLimit`] for the Fibonacci set when `n` is beyond the table limit.
    pub fn value(&self, n: &Nat) -> Result<u32, SolveError> {
        match &self.kind {
            Kind::PowersOfTwo => Ok(n.rem_u64(3) as u32),
            Kind::Periodic { table, periodicity } => {
                let pre = periodicity.preperiod;
                match n.to_u64() {
                    Some(v) if v < table.len() as u64 => Ok(table[v as usize]),
                    _ => {
                        let offset = n
                            .saturating_sub(&Nat::from(pre))
                            .rem_u64(periodicity.period);
                        Ok(table[(pre + offset) as usize])
                    }
                }
            }
            Kind::Fibonacci { table, limit } => {
                let needed =
                    n.to_u64()
                        .filter(|v| *v < *limit)
                        .ok_or_else(|| SolveError::TableLimit {
                            pile: n.to_string(),
                            needed: n.add(&Nat::ONE).to_string(),
                            limit: *limit,
                        })?;
                let mut table = table.borrow_mut();
                if needed as usize >= table.len() {
                    // Grow geometrically so a batch of growing piles stays linear.
                    let target = (needed as usize + 1)
                        .max(table.len() * 2)
                        .min(*limit as usize);
                    extend_fibonacci(&mut table, target);
                }
                Ok(table[needed as usize])
            }
        }
    }
}

/// Extends the Grundy table of a finite subtraction set (sorted ascending) to `len` entries.
fn extend_finite(table: &mut Vec<u32>, amounts: &[u64], len: usize) {
    let mut stamp = vec![usize::MAX; amounts.len() + 2];
    table.reserve(len.saturating_sub(table.len()));
    for n in table.len()..len {
        for &s in amounts {
            let s = s as usize;
            if s > n {
                break;
            }
            let g = table[n - s] as usize;
            if g < stamp.len() {
                stamp[g] = n;
            }
        }
        let g = stamp.iter().position(|&t| t != n).unwrap_or(stamp.len());
        table.push(g as u32);
    }
}

/// Extends the Grundy table of the Fibonacci subtraction game to `len` entries.
fn extend_fibonacci(table: &mut Vec<u32>, len: usize) {
    let mut fibs = vec![1usize, 2];
    while fibs[fibs.len() - 1] < len {
        let k = fibs.len();
        fibs.push(fibs[k - 1] + fibs[k - 2]);
    }
    let mut stamp = vec![usize::MAX; fibs.len() + 2];
    for n in table.len()..len {
        for &s in fibs.iter().take_while(|&&s| s <= n) {
            let g = table[n - s] as usize;
            if g < stamp.len() {
                stamp[g] = n;
            }
        }
        let g = stamp.iter().position(|&t| t != n).unwrap_or(stamp.len());
        table.push(g as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finite(set: &[u64]) -> SubtractionGrundy {
        SubtractionGrundy::new(&SubtractionSet::Finite(set.to_vec()), 1 << 20).unwrap()
    }

    #[test]
    fn minimal_period_of_one_two_is_three_not_six() {
        let p = finite(&[1, 2]).periodicity().unwrap();
        assert_eq!((p.preperiod, p.period), (0, 3));
    }

    #[test]
    fn known_periods() {
        // {1,3}: 0 1 0 1 …, period 2. {1,3,4}: 0 1 0 1 2 3 2, period 7. {2,5}: period 7.
        let p = finite(&[1, 3]).periodicity().unwrap();
        assert_eq!((p.preperiod, p.period), (0, 2));
        let p = finite(&[1, 3, 4]).periodicity().unwrap();
        assert_eq!((p.preperiod, p.period), (0, 7));
        let g = finite(&[2, 5]);
        let values: Vec<u32> = (0..14u64)
            .map(|n| g.value(&Nat::from(n)).unwrap())
            .collect();
        assert_eq!(values, vec![0, 0, 1, 1, 0, 2, 1, 0, 0, 1, 1, 0, 2, 1]);
    }

    #[test]
    fn answers_huge_piles_from_the_period() {
        let g = finite(&[1, 2]);
        let googol = Nat::parse_decimal(format!("1{}", "0".repeat(100)).as_bytes()).unwrap();
        // 10^100 mod 3 = 1.
        assert_eq!(g.value(&googol).unwrap(), 1);
    }

    #[test]
    fn fibonacci_samples_of_hdu_1848() {
        let g = SubtractionGrundy::new(&SubtractionSet::Fibonacci, 1000).unwrap();
        assert_eq!(g.value(&Nat::from(1u64)).unwrap(), 1);
        assert_eq!(g.value(&Nat::from(4u64)).unwrap(), 0);
        assert!(matches!(
            g.value(&Nat::from(5000u64)),
            Err(SolveError::TableLimit { limit: 1000, .. })
        ));
    }

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 2, 1, 4]), 3);
    }
}
