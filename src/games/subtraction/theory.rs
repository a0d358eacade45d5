//! The Grundy values of a subtraction game, one pile of any size ([`SubtractionGrundy`]).
//!
//! For a subtraction game with a finite subtraction set S of largest amount m, g(n) depends only
//! on g(n−m..n), so once a window of m consecutive values repeats at distance p (after some
//! start i) the sequence is periodic with period p from i on. [`SubtractionGrundy`] finds the
//! minimal preperiod and the minimal period this way and answers piles of any size from them.

use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::error::{SolveError, TableBound};
use crate::games::subtraction::set::SubtractionSet;
use crate::grundy::{PeriodProof, Periodicity, find_period};
use crate::nat::Nat;

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
    pub(crate) fn prove_period(&self) -> Option<Periodicity> {
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
}
