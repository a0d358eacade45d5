//! Digital deletions (HDU 1404 "Digital Deletions"): a string of digits; a move lowers one
//! digit to a smaller one, or erases a 0 together with every digit to its right; whoever
//! erases the last digit wins (normal play: the empty string has no move).
//!
//! **As a heap.** A string is written as one number: the digit 1, then the string's digits —
//! `10123` is the string `0123`, `1` the empty string. Every move makes that number smaller
//! (lowering a digit subtracts, erasing shortens), so the string is a heap whose moves go to
//! the sizes the rules list. A string that starts with 0 (HDU 1404's `00` is a position) may
//! also be written as it is: a pile token that starts with 0 is no heap, so it is read as the
//! string (`0123` is the heap 10123), never as the number 123. Another pile that does not start
//! with the digit 1 is no position.
//!
//! **Table.** The Grundy values are computed from the rules for every string no longer than
//! the one asked (the numbers below 2·10^k for k digits), within the table limit — strings of
//! six digits, the problem's bound, need 2,000,000 entries — and kept for later questions.

use std::sync::{Mutex, PoisonError};

use rand::{Rng, RngCore};

use crate::error::{MoveRule, NotAPositionWhy, SolveError};
use crate::games::listed;
use crate::games::names::FamilyName;
use crate::heap::{HeapGame, Heaps};
use crate::moves::Move;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Limits;
use crate::ruleset::{Family, SequenceProof, no_argument};

/// The spec `digits`.
pub(crate) static FAMILY: Family = Family {
    keyword: "digits",
    syntax: "digits",
    about: "digital deletions on heaps 1DIGITS: lower a digit, or erase a 0 and every digit after it",
    parse: |arg| {
        no_argument("digits", arg)?;
        Ok(Heaps::rules(Digits::default()))
    },
};

/// The rules of digital deletions, with the Grundy values computed so far.
#[derive(Debug, Default)]
pub struct Digits {
    table: Mutex<Vec<u8>>,
}

const RULE: MoveRule = MoveRule {
    key: FamilyName::Digits,
};

/// The heap of a digit string (`b"0123"` → 10123), `None` if a byte is not an ASCII digit.
pub fn heap_of(digits: &[u8]) -> Option<Nat> {
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut text = Vec::with_capacity(digits.len() + 1);
    text.push(b'1');
    text.extend_from_slice(digits);
    Nat::parse_decimal(&text).ok()
}

/// The number of digits of the string of heap `p`, if `p` is a heap (starts with the digit 1).
fn length(p: &Nat) -> Option<usize> {
    let text = p.to_string();
    (text.as_bytes().first() == Some(&b'1')).then(|| text.len() - 1)
}

/// The heaps a heap of `p` goes to, sizes descending (no move from a pile that is no heap).
pub fn options(p: &Nat) -> Vec<Nat> {
    let text = p.to_string();
    if text.as_bytes().first() != Some(&b'1') {
        return Vec::new();
    }
    let digits = &text.as_bytes()[1..];
    let mut out: Vec<Nat> = Vec::new();
    for (i, &d) in digits.iter().enumerate() {
        if d == b'0' {
            // Erase it and everything after it.
            if let Ok(to) = Nat::parse_decimal(&text.as_bytes()[..=i]) {
                out.push(to);
            }
        }
        for lower in b'0'..d {
            let mut s = text.as_bytes().to_vec();
            s[i + 1] = lower;
            if let Ok(to) = Nat::parse_decimal(&s) {
                out.push(to);
            }
        }
    }
    out.sort_unstable_by(|a, b| b.cmp(a));
    out.dedup();
    out
}

/// A move of digital deletions on pile `pile` (0-based, in the whole position), with the digit
/// strings before and after it (the strings themselves, without the heap's leading 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DigitMove {
    /// Digit number `at` (1-based, from the left) is lowered from `from` to `to`.
    Lower {
        /// 0-based pile.
        pile: usize,
        /// 1-based place of the digit in the string.
        at: usize,
        /// The digit before (1 to 9).
        from: u8,
        /// The digit after (smaller).
        to: u8,
        /// The string before.
        before: String,
        /// The string after.
        after: String,
    },
    /// The 0 at place `at` (1-based) is erased with every digit after it.
    Erase {
        /// 0-based pile.
        pile: usize,
        /// 1-based place of the erased 0.
        at: usize,
        /// The string before.
        before: String,
        /// The string after (possibly empty).
        after: String,
    },
}

/// A move of digital deletions with its place: [`DigitMove`], and whether the component has
/// other piles (then the move names its pile).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigitWords {
    /// What the move does to the string.
    pub change: DigitMove,
    /// Whether the component has other piles.
    pub several: bool,
}

/// What the move from heap `from` to heap `to` does to the digit string (pile `pile`), if it
/// is a move of the game.
pub(crate) fn digit_move(pile: usize, from: &Nat, to: &Nat) -> Option<DigitMove> {
    let (a, b) = (from.to_string(), to.to_string());
    if !a.starts_with('1') || !b.starts_with('1') {
        return None;
    }
    let (before, after) = (a[1..].to_string(), b[1..].to_string());
    if b.len() < a.len() {
        // Erased from the string's place b.len() − 1 (0-based) on: that digit is a 0.
        let erased = a.starts_with(&b) && a.as_bytes()[b.len()] == b'0';
        return erased.then_some(DigitMove::Erase {
            pile,
            at: b.len(),
            before,
            after,
        });
    }
    let differ: Vec<usize> = (0..a.len())
        .filter(|&i| a.as_bytes()[i] != b.as_bytes()[i])
        .collect();
    match differ[..] {
        [i] if a.len() == b.len() && b.as_bytes()[i] < a.as_bytes()[i] => Some(DigitMove::Lower {
            pile,
            at: i,
            from: a.as_bytes()[i] - b'0',
            to: b.as_bytes()[i] - b'0',
            before,
            after,
        }),
        _ => None,
    }
}

/// The words of `mv` in a component of `piles` of digital deletions; `None` for a move that
/// is none of the game's.
pub fn move_words(piles: &[Nat], mv: &Move) -> Option<DigitWords> {
    let Move::Pile { pile, from, to } = mv else {
        return None;
    };
    Some(DigitWords {
        change: digit_move(*pile, from, to)?,
        several: piles.len() > 1,
    })
}

/// The options of a heap below 2·10^7, on machine words.
fn small_options(p: u64, out: &mut Vec<u64>) {
    out.clear();
    let mut place = 1u64;
    while place * 10 <= p {
        let digit = (p / place) % 10;
        if digit == 0 {
            out.push(p / (place * 10));
        }
        for t in 1..=digit {
            out.push(p - t * place);
        }
        place *= 10;
    }
}

impl Digits {
    /// The Grundy value of heap `p`, extending the table (within the limit) as needed.
    fn value(&self, p: &Nat, limits: &Limits) -> Result<u8, SolveError> {
        let not_a_heap = || SolveError::NotAPosition {
            game: "digits".into(),
            pile: p.brief(),
            why: NotAPositionWhy::FirstDigit { digit: 1 },
        };
        let k = length(p).ok_or_else(not_a_heap)?;
        let needed = u32::try_from(k)
            .ok()
            .and_then(|k| 10u64.checked_pow(k))
            .and_then(|e| e.checked_mul(2))
            .filter(|&n| n <= limits.table);
        let Some(needed) = needed else {
            return Err(SolveError::TableLimit {
                pile: p.brief(),
                needed: format!("2·10^{k}"),
                limit: limits.table,
            });
        };
        let mut table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        let start = table.len();
        if start < needed as usize {
            table.resize(needed as usize, 0);
            let mut opts = Vec::new();
            for q in start.max(1)..needed as usize {
                let q = q as u64;
                // Only numbers starting with 1 are heaps; the others stay 0, unused.
                let mut lead = q;
                while lead >= 10 {
                    lead /= 10;
                }
                if lead != 1 {
                    continue;
                }
                small_options(q, &mut opts);
                let g = listed::mex(opts.iter().map(|&o| table[o as usize]));
                table[q as usize] = g;
            }
        }
        let index = p.to_u64().ok_or_else(not_a_heap)? as usize;
        Ok(table[index])
    }
}

/// The options of a heap 1DIGITS: each digit lowered, each 0 erased with what follows it;
/// values from the game's own table of every string no longer than the one asked.
impl HeapGame for Digits {
    fn spec(&self) -> String {
        "digits".into()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Digits,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "digits"})
    }

    fn options(&self, n: u64, f: &mut dyn FnMut(u64, &[u64])) {
        listed::each_option(&options, n, f);
    }

    /// Ten a digit: a digit lowered to each smaller one, or a 0 erased.
    fn option_work(&self, n: u64) -> u64 {
        10 * n.checked_ilog10().map_or(0, u64::from)
    }

    fn take_count(&self, p: &Nat) -> Option<Nat> {
        Some(listed::take_count(&options, p))
    }

    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat> {
        listed::nth_take(&options, p, k)
    }

    fn pile_of_token(&self, token: &[u8]) -> Option<Nat> {
        // A heap starts with the digit 1, so a token that starts with 0 is no heap: it is the
        // string itself (HDU 1404's strings may start with 0: `00` is a position).
        if token.first() == Some(&b'0') {
            heap_of(token)
        } else {
            None
        }
    }

    fn reads_tokens(&self) -> bool {
        true
    }

    fn own_value(&self, p: &Nat, limits: &Limits) -> Option<Result<Nat, SolveError>> {
        Some(self.value(p, limits).map(|v| Nat::from(u64::from(v))))
    }

    fn sequence_proof(&self, _limits: &Limits) -> SequenceProof {
        SequenceProof::Table
    }

    // The listed game's shared methods. One step a heap: its winning moves are among its options,
    // valued from the table. No longest game is known (every move makes the heap smaller). The
    // heap of 1 is the empty string.
    listed::listed_heap_methods!(options, RULE);

    /// Uniform among the heaps 1DIGITS up to `max` (and below 2·10^18): for each length k the
    /// heaps 10^k to 2·10^k − 1.
    fn random_heap(&self, max: &Nat, rng: &mut dyn RngCore) -> Option<Nat> {
        let max = max.to_u64().unwrap_or(u64::MAX);
        let ranges: Vec<(u64, u64)> = (0..19)
            .map(|k| 10u64.pow(k))
            .filter(|&low| low <= max)
            .map(|low| (low, (2 * low - 1).min(max)))
            .collect();
        let count: u64 = ranges.iter().map(|(low, high)| high - low + 1).sum();
        let mut pick = rng.random_range(0..count);
        for (low, high) in ranges {
            if pick <= high - low {
                return Some(Nat::from(low + pick));
            }
            pick -= high - low + 1;
        }
        None
    }

    /// A heap starts with the digit 1.
    fn is_heap(&self, p: u64) -> bool {
        let mut lead = p;
        while lead >= 10 {
            lead /= 10;
        }
        lead == 1
    }

    fn most_moves(&self, n: u64) -> Option<u64> {
        Some(self.option_work(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wins(s: &str) -> bool {
        let d = Digits::default();
        d.value(&heap_of(s.as_bytes()).unwrap(), &Limits::default())
            .unwrap()
            != 0
    }

    /// The statement's samples: 0 and 00 win, 1 and 20 lose.
    #[test]
    fn samples() {
        assert!(wins("0"));
        assert!(wins("00"));
        assert!(!wins("1"));
        assert!(!wins("20"));
        assert!(!wins(""));
    }

    #[test]
    fn options_of_a_string() {
        // "20": lower the 2 to 1 or 0 ("10", "00"), or erase the 0 ("2").
        let opts: Vec<String> = options(&heap_of(b"20").unwrap())
            .iter()
            .map(|n| n.to_string())
            .collect();
        assert_eq!(opts, ["110", "100", "12"]);
        let mut small = Vec::new();
        small_options(120, &mut small);
        small.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(small, [110, 100, 12]);
        assert!(options(&Nat::from(25u64)).is_empty());
        assert!(
            Digits::default()
                .value(&Nat::from(25u64), &Limits::default())
                .is_err()
        );
    }
}
