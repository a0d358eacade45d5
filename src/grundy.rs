//! Sprague–Grundy theory (R. P. Sprague 1935, P. M. Grundy 1939): every impartial game under
//! normal play is equivalent to a Nim pile of size g, its Grundy value (nimber), where
//! g(position) = mex { g(option) } — the least natural number not among the options' values —
//! and the Grundy value of a sum of games is the xor of the summands' values.
//!
//! Here the generic machinery of Grundy sequences: [`mex`], and eventual periods
//! ([`find_period`], [`Periodicity`], [`PeriodProof`]). Each family's own tables use it
//! (`games::subtraction::theory`, `games::take_and_break::theory`).

use serde::Serialize;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 2, 1, 4]), 3);
    }
}
