//! Sprague–Grundy theory (R. P. Sprague 1935, P. M. Grundy 1939): every impartial game under
//! normal play is equivalent to a Nim pile of size g, its Grundy value (nimber), where
//! g(position) = mex { g(option) } — the least natural number not among the options' values —
//! and the Grundy value of a sum of games is the xor of the summands' values.
//!
//! For a subtraction game with a finite subtraction set S of largest amount m, g(n) depends only
//! on g(n−m..n), so once a window of m consecutive values repeats at distance p (after some
//! start i) the sequence is periodic with period p from i on. [`SubtractionGrundy`] finds the
//! minimal preperiod and the minimal period this way and answers piles of any size from them.

use std::sync::{Mutex, MutexGuard, PoisonError};

use serde::Serialize;

use crate::error::{SolveError, TableBound};
use crate::games::subtraction::SubtractionSet;
use crate::nat::Nat;

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
    /// How many values from the preperiod on were checked to repeat: g(n + period) = g(n) for
    /// preperiod ≤ n < preperiod + window. For a subtraction set (and a take-and-break game
    /// without breaking moves) it is the largest amount; for the Guy–Smith theorem,
    /// preperiod + period + t.
    pub window: u64,
    /// The theorem by which the checked values prove the period.
    pub proof: PeriodProof,
}

/// Why a checked stretch of values proves a period for ever.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PeriodProof {
    /// Each value depends on the window of values before it (as many as the largest amount a
    /// move takes), so a window repeating at distance p repeats for ever.
    Window,
    /// The Guy–Smith theorem (1956) for take-and-break games whose removals are at most
    /// `last_take` = t: g(n + p) = g(n) for pre ≤ n < 2·pre + p + t proves it for every n ≥ pre.
    GuySmith {
        /// t, the largest amount a move removes.
        last_take: u64,
    },
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
    let mut pi = vec![0u32; l];
    let mut found = None;
    for i in 1..l {
        let mut k = pi[i - 1] as usize;
        while k > 0 && at(i) != at(k) {
            k = pi[k - 1] as usize;
        }
        if at(i) == at(k) {
            k += 1;
        }
        pi[i] = k as u32;
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
        proof: PeriodProof::Window,
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
    /// Finite set: a table grown on demand until the period is proven.
    Finite(Mutex<FiniteTable>),
    /// Powers of two: g(n) = n mod 3.
    PowersOfTwo,
    /// The amounts 1..=k (Nim with at most k per take): g(n) = n mod (k + 1).
    Range(u64),
    /// Fibonacci: no closed form; a table grown on demand up to `limit` entries (behind a lock,
    /// so that a game can be shared by the threads of a batch).
    Fibonacci { table: Mutex<Vec<u32>>, limit: u64 },
}

/// The Grundy table of a finite subtraction set and, once proven, its periodicity (then the
/// table holds g(0 .. preperiod + period) and nothing more).
#[derive(Debug)]
struct FiniteTable {
    amounts: Vec<u64>,
    table: Vec<u32>,
    periodicity: Option<Periodicity>,
    /// Most entries, by the table limit and by the work limit.
    limit: usize,
    /// The table limit as given, for error messages.
    table_limit: u64,
    /// Whether the table stopped short of its limit because memory ran out.
    out_of_memory: bool,
}

/// Work spent proving a finite set's period when the game is set up: about this many mex
/// steps (amounts × entries). Larger periods are proven later, when a pile needs them.
const EAGER_STEPS: u64 = 1 << 24;

impl FiniteTable {
    fn window(&self) -> usize {
        *self.amounts.last().unwrap_or(&1) as usize
    }

    /// Doubles the table (within the limit) and looks for a proven period. Returns false when
    /// the table cannot grow.
    fn grow(&mut self) -> bool {
        if self.periodicity.is_some() || self.table.len() >= self.limit {
            return false;
        }
        let len = (self.table.len().max(2 * self.window() + 64) * 2).min(self.limit);
        // A limit raised past the memory there is ends the table here, not the process
        // (the period search needs as much again).
        let more = len - self.table.len();
        if self.table.try_reserve(more).is_err() || Vec::<u32>::new().try_reserve(len).is_err() {
            self.limit = self.table.len();
            self.out_of_memory = true;
            return false;
        }
        extend_finite(&mut self.table, &self.amounts, len);
        if let Some(p) = find_period(&self.table, self.window()) {
            self.table.truncate((p.preperiod + p.period) as usize);
            self.table.shrink_to_fit();
            self.periodicity = Some(p);
        }
        true
    }

    fn value(&mut self, n: &Nat) -> Result<u32, SolveError> {
        loop {
            if let Some(p) = self.periodicity {
                return Ok(match n.to_u64() {
                    Some(v) if v < self.table.len() as u64 => self.table[v as usize],
                    _ => {
                        let offset = n.saturating_sub(&Nat::from(p.preperiod)).rem_u64(p.period);
                        self.table[(p.preperiod + offset) as usize]
                    }
                });
            }
            if let Some(v) = n.to_u64().filter(|&v| v < self.table.len() as u64) {
                return Ok(self.table[v as usize]);
            }
            if !self.grow() {
                let bound = if self.out_of_memory {
                    TableBound::OutOfMemory
                } else if (self.limit as u64) < self.table_limit {
                    TableBound::MexSteps {
                        per_entry: STEPS_PER_ENTRY,
                        steps: self.table_limit.saturating_mul(STEPS_PER_ENTRY),
                        amounts: self.amounts.len(),
                    }
                } else {
                    TableBound::TableLimit
                };
                return Err(SolveError::NoPeriodWithin {
                    out_of_memory: self.out_of_memory,
                    pile: n.to_string(),
                    entries: self.table.len() as u64,
                    bound,
                });
            }
        }
    }
}

impl SubtractionGrundy {
    /// Prepares the Grundy values of `set`. For a finite set this computes the table until the
    /// minimal period is proven, spending at most about 2^24 mex steps now; a longer period is
    /// sought later, when a pile beyond the table is asked for. The table never exceeds
    /// `table_limit` entries nor [`STEPS_PER_ENTRY`]` × table_limit` mex steps (one step per
    /// amount and entry).
    pub fn new(set: &SubtractionSet, table_limit: u64) -> SubtractionGrundy {
        let kind = match (set.amounts(), set.family(), set.as_range()) {
            (_, Some("powers-of-two"), _) => Kind::PowersOfTwo,
            (None, _, _) => Kind::Fibonacci {
                table: Mutex::new(vec![0]),
                limit: table_limit,
            },
            (Some(_), _, Some(k)) => Kind::Range(k),
            (Some(amounts), _, None) => {
                let by_work =
                    table_limit.saturating_mul(STEPS_PER_ENTRY) / (amounts.len().max(1) as u64);
                // The prefix function of the period search indexes with u32.
                let limit = usize::try_from(table_limit.min(by_work).min(u64::from(u32::MAX)))
                    .unwrap_or(usize::MAX);
                let mut finite = FiniteTable {
                    amounts: amounts.to_vec(),
                    table: Vec::new(),
                    periodicity: None,
                    limit,
                    table_limit,
                    out_of_memory: false,
                };
                let eager = (EAGER_STEPS / (amounts.len().max(1) as u64)) as usize;
                while finite.table.len() < eager && finite.grow() {}
                Kind::Finite(Mutex::new(finite))
            }
        };
        SubtractionGrundy { kind }
    }

    /// The proven periodicity of a finite set's Grundy sequence, if proven so far (within the
    /// work done when the game was set up, or later for larger piles).
    pub fn periodicity(&self) -> Option<Periodicity> {
        match &self.kind {
            Kind::Finite(finite) => lock(finite).periodicity,
            Kind::Range(k) => Some(Periodicity {
                preperiod: 0,
                period: k + 1,
                window: *k,
                proof: PeriodProof::Window,
            }),
            _ => None,
        }
    }

    /// Grows a finite set's table until its period is proven or a limit is reached, and returns
    /// the periodicity if proven.
    pub fn prove_period(&self) -> Option<Periodicity> {
        if let Kind::Finite(finite) = &self.kind {
            let mut finite = lock(finite);
            while finite.grow() {}
            return finite.periodicity;
        }
        self.periodicity()
    }

    /// How many values the table holds (a finite set's; 0 for a closed form). Once a period is
    /// proven the table keeps one preperiod and one period.
    pub fn computed(&self) -> u64 {
        match &self.kind {
            Kind::Finite(finite) => lock(finite).table.len() as u64,
            Kind::Fibonacci { table, .. } => lock(table).len() as u64,
            _ => 0,
        }
    }

    /// The Grundy value of a pile of `n` objects.
    ///
    /// # Errors
    /// [`SolveError::TableLimit`] for the Fibonacci set beyond the table limit, and
    /// [`SolveError::NoPeriodWithin`] for a finite set whose period is not proven within the
    /// table when `n` lies beyond it.
    pub fn value(&self, n: &Nat) -> Result<u32, SolveError> {
        match &self.kind {
            Kind::PowersOfTwo => Ok(n.rem_u64(3) as u32),
            Kind::Range(k) => Ok(n.rem_u64(k + 1) as u32),
            Kind::Finite(finite) => lock(finite).value(n),
            Kind::Fibonacci { table, limit } => {
                let needed =
                    n.to_u64()
                        .filter(|v| *v < *limit)
                        .ok_or_else(|| SolveError::TableLimit {
                            pile: n.brief(),
                            needed: n.add(&Nat::ONE).brief(),
                            limit: *limit,
                        })?;
                let mut table = lock(table);
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

/// Locks a table. A table is only ever extended by whole entries, so one left by a panicking
/// thread is still valid.
fn lock<T>(table: &Mutex<T>) -> MutexGuard<'_, T> {
    table.lock().unwrap_or_else(PoisonError::into_inner)
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
        SubtractionGrundy::new(
            &SubtractionSet::finite(set.iter().copied()).unwrap(),
            1 << 20,
        )
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
        let g = SubtractionGrundy::new(&SubtractionSet::fibonacci(), 1000);
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
