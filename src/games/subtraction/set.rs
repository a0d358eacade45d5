//! The subtraction set S of a subtraction game: a finite set of amounts (`2,5`, `1..3,7`), the
//! powers of two or the Fibonacci numbers, read and written in the position grammar.

use std::fmt;

use crate::error::{RuleError, cut};
use crate::nat::Nat;

/// A subtraction set: the amounts a move may take from one pile. It exists only through its
/// constructors, which reject sets no game can be played with: a finite set is never empty,
/// never holds 0, and is kept sorted without duplicates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionSet(pub(super) Set);

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Set {
    /// A finite set, sorted ascending, without duplicates or 0, not empty.
    Finite(Vec<u64>),
    /// {1, 2, 4, 8, …} (HDU 1847).
    PowersOfTwo,
    /// {1, 2, 3, 5, 8, 13, …}, the Fibonacci numbers (HDU 1848).
    Fibonacci,
}

/// The largest amount a finite subtraction set may hold.
pub const MAX_SET_AMOUNT: u64 = 10_000_000;
/// The most amounts a finite subtraction set may hold.
pub const MAX_SET_LEN: u64 = 1_000_000;

impl SubtractionSet {
    /// The finite set of `amounts`, in any order, duplicates ignored.
    ///
    /// # Errors
    /// [`RuleError::EmptySet`] for no amount, [`RuleError::ZeroInSet`] if 0 is among them,
    /// [`RuleError::AmountTooLarge`] above [`MAX_SET_AMOUNT`], [`RuleError::SetTooLarge`] for
    /// more than [`MAX_SET_LEN`] amounts.
    ///
    /// ```
    /// use nimsolve::SubtractionSet;
    /// assert_eq!(SubtractionSet::finite([5, 2]).unwrap().amounts(), Some(&[2, 5][..]));
    /// assert!(SubtractionSet::finite([]).is_err());
    /// assert!(SubtractionSet::finite([0, 3]).is_err());
    /// ```
    pub fn finite(amounts: impl IntoIterator<Item = u64>) -> Result<SubtractionSet, RuleError> {
        let mut amounts: Vec<u64> = amounts.into_iter().collect();
        amounts.sort_unstable();
        amounts.dedup();
        if amounts.is_empty() {
            return Err(RuleError::EmptySet);
        }
        if amounts[0] == 0 {
            return Err(RuleError::ZeroInSet);
        }
        check_amount(amounts[amounts.len() - 1])?;
        if amounts.len() as u64 > MAX_SET_LEN {
            return Err(RuleError::SetTooLarge {
                count: amounts.len().to_string(),
                limit: MAX_SET_LEN,
            });
        }
        Ok(SubtractionSet(Set::Finite(amounts)))
    }

    /// {1, 2, 4, 8, …}, the powers of two (HDU 1847).
    pub fn powers_of_two() -> SubtractionSet {
        SubtractionSet(Set::PowersOfTwo)
    }

    /// {1, 2, 3, 5, 8, …}, the Fibonacci numbers (HDU 1848).
    pub fn fibonacci() -> SubtractionSet {
        SubtractionSet(Set::Fibonacci)
    }

    /// The amounts of a finite set, ascending; `None` for an infinite family.
    pub fn amounts(&self) -> Option<&[u64]> {
        match &self.0 {
            Set::Finite(set) => Some(set),
            _ => None,
        }
    }

    /// K when the set is {1, 2, …, K}.
    pub fn as_range(&self) -> Option<u64> {
        let set = self.amounts()?;
        set.iter()
            .zip(1u64..)
            .all(|(&a, i)| a == i)
            .then_some(set.len() as u64)
    }

    /// The set in the position grammar: `2,5..9`, `powers-of-two`, `fibonacci`.
    pub fn spec(&self) -> String {
        match &self.0 {
            Set::Finite(set) => runs(set, ",", ".."),
            Set::PowersOfTwo => "powers-of-two".into(),
            Set::Fibonacci => "fibonacci".into(),
        }
    }

    /// The least amount.
    pub fn least(&self) -> u64 {
        match &self.0 {
            Set::Finite(set) => set[0],
            _ => 1,
        }
    }
    /// The sets known by name, as [`SubtractionSet::parse`] reads them.
    pub const NAMED: [&'static str; 2] = ["powers-of-two", "fibonacci"];

    /// Whether the set is one of the named infinite families, and which: `powers-of-two` or
    /// `fibonacci`.
    pub fn family(&self) -> Option<&'static str> {
        match &self.0 {
            Set::Finite(_) => None,
            Set::PowersOfTwo => Some("powers-of-two"),
            Set::Fibonacci => Some("fibonacci"),
        }
    }
    /// Parses a set as the `--subtract` flag takes it: a list `2,5,7` (any order, duplicates
    /// ignored), a range `1..5` (both ends included), a mix `1..3,7`, or a named infinite family
    /// `powers-of-two` or `fibonacci`.
    ///
    /// # Errors
    /// [`RuleError::EmptySet`] for no amount, [`RuleError::ZeroInSet`] if 0 is named,
    /// [`RuleError::EmptySetField`] for an empty field such as in `1,,2`,
    /// [`RuleError::BadSetToken`] for anything else that is not an amount or range,
    /// [`RuleError::AmountTooLarge`] above [`MAX_SET_AMOUNT`] and [`RuleError::SetTooLarge`] for
    /// more than [`MAX_SET_LEN`] amounts. Messages show at most 40 characters of the text.
    ///
    /// ```
    /// use nimsolve::SubtractionSet;
    /// assert_eq!(SubtractionSet::parse("5,2,2").unwrap().amounts(), Some(&[2, 5][..]));
    /// assert_eq!(SubtractionSet::parse("1..3").unwrap().as_range(), Some(3));
    /// assert!(SubtractionSet::parse("0,1").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<SubtractionSet, RuleError> {
        let trimmed = text.trim();
        match trimmed.to_ascii_lowercase().as_str() {
            "powers-of-two" => return Ok(SubtractionSet::powers_of_two()),
            "fibonacci" => return Ok(SubtractionSet::fibonacci()),
            "" => return Err(RuleError::EmptySet),
            _ => {}
        }
        let mut amounts: Vec<u64> = Vec::new();
        for (number, field) in trimmed.split(',').enumerate() {
            let field = field.trim();
            if field.is_empty() {
                return Err(RuleError::EmptySetField {
                    set: cut(trimmed),
                    field: number + 1,
                });
            }
            let bad = || RuleError::BadSetToken { token: cut(field) };
            if let Some((lo, hi)) = field.split_once("..") {
                let lo = parse_amount(lo.trim()).ok_or_else(bad)?;
                let hi = parse_amount(hi.trim()).ok_or_else(bad)?;
                if lo == 0 {
                    return Err(RuleError::ZeroInSet);
                }
                if lo > hi {
                    return Err(RuleError::EmptyRange {
                        token: field.to_string(),
                    });
                }
                check_amount(hi)?;
                let count = hi - lo + 1;
                if count + amounts.len() as u64 > MAX_SET_LEN {
                    return Err(RuleError::SetTooLarge {
                        count: (count + amounts.len() as u64).to_string(),
                        limit: MAX_SET_LEN,
                    });
                }
                amounts.extend(lo..=hi);
            } else {
                let amount = parse_amount(field).ok_or_else(bad)?;
                if amount == 0 {
                    return Err(RuleError::ZeroInSet);
                }
                check_amount(amount)?;
                amounts.push(amount);
                if amounts.len() as u64 > MAX_SET_LEN {
                    return Err(RuleError::SetTooLarge {
                        count: format!("more than {MAX_SET_LEN}"),
                        limit: MAX_SET_LEN,
                    });
                }
            }
        }
        SubtractionSet::finite(amounts)
    }

    /// Whether `amount` is in the set.
    pub fn contains(&self, amount: &Nat) -> bool {
        match &self.0 {
            Set::Finite(set) => amount
                .to_u64()
                .is_some_and(|a| set.binary_search(&a).is_ok()),
            Set::PowersOfTwo => {
                !amount.is_zero() && amount.bits() > 0 && {
                    let b = amount.bits();
                    (0..b - 1).all(|i| !amount.bit(i))
                }
            }
            Set::Fibonacci => match amount.to_u64() {
                Some(a) => {
                    let (mut f, mut g) = (1u64, 2u64);
                    while f < a {
                        let Some(h) = f.checked_add(g) else {
                            return g == a;
                        };
                        (f, g) = (g, h);
                    }
                    f == a
                }
                // Walking the sequence up to a number of a million digits would add numbers of
                // that size millions of times; Gessel's test is a few multiplications: n is a
                // Fibonacci number iff 5n² + 4 or 5n² − 4 is a perfect square.
                None => {
                    let n = amount.to_biguint();
                    let five_n2 = &n * &n * 5u32;
                    let square = |x: &num_bigint::BigUint| {
                        let r = crate::nat::isqrt(x);
                        &r * &r == *x
                    };
                    square(&(&five_n2 + 4u32)) || square(&(five_n2 - 4u32))
                }
            },
        }
    }

    /// How many amounts of the set are at most `pile`, without listing them (for the Fibonacci
    /// numbers beyond a machine word, an upper bound: 1.45 per bit, as F(k + 2) ≥ φ^k).
    pub(crate) fn count_up_to(&self, pile: &Nat) -> u64 {
        match &self.0 {
            Set::Finite(set) => match pile.to_u64() {
                Some(p) => set.partition_point(|&s| s <= p) as u64,
                None => set.len() as u64,
            },
            Set::PowersOfTwo => pile.bits(),
            Set::Fibonacci => match pile.to_u64() {
                Some(_) => FibonacciAmounts::new().take_while(|f| f <= pile).count() as u64,
                None => pile.bits().saturating_mul(3) / 2 + 2,
            },
        }
    }

    /// The `k`-th amount of the set (0-based, ascending), if the set has that many.
    pub(crate) fn nth_amount(&self, k: u64) -> Option<Nat> {
        match &self.0 {
            Set::Finite(set) => set.get(usize::try_from(k).ok()?).map(|&a| Nat::from(a)),
            Set::PowersOfTwo => Some(match 1u64.checked_shl(u32::try_from(k).ok()?) {
                Some(v) => Nat::from(v),
                None => Nat::from_biguint(num_bigint::BigUint::from(1u32) << k),
            }),
            Set::Fibonacci => FibonacciAmounts::new().nth(usize::try_from(k).ok()?),
        }
    }

    /// An upper bound of the work of listing every move from `piles`: one step per legal amount
    /// of each pile, times the pile's length in 64-bit words (each move writes a number that
    /// long). Saturates at `u64::MAX`.
    pub(crate) fn listing_work(&self, piles: &[Nat]) -> u64 {
        piles.iter().fold(0u64, |work, p| {
            let words = p.bits().div_ceil(64).max(1);
            work.saturating_add(self.count_up_to(p).saturating_mul(words))
        })
    }

    /// The amounts of the set that are at most `limit`, ascending.
    pub(crate) fn amounts_up_to(&self, limit: &Nat) -> Vec<Nat> {
        match &self.0 {
            Set::Finite(set) => set
                .iter()
                .map(|&a| Nat::from(a))
                .take_while(|a| a <= limit)
                .collect(),
            Set::PowersOfTwo => {
                let mut out = Vec::new();
                let mut p = Nat::ONE;
                while &p <= limit {
                    let next = p.add(&p);
                    out.push(p);
                    p = next;
                }
                out
            }
            Set::Fibonacci => FibonacciAmounts::new().take_while(|f| f <= limit).collect(),
        }
    }
}

/// The distinct Fibonacci amounts 1, 2, 3, 5, 8, … (unbounded, exact).
#[derive(Debug, Clone)]
pub(crate) struct FibonacciAmounts {
    a: Nat,
    b: Nat,
}

impl FibonacciAmounts {
    /// Starts at 1.
    pub fn new() -> FibonacciAmounts {
        FibonacciAmounts {
            a: Nat::ONE,
            b: Nat::from(2u64),
        }
    }
}

impl Default for FibonacciAmounts {
    fn default() -> FibonacciAmounts {
        FibonacciAmounts::new()
    }
}

impl Iterator for FibonacciAmounts {
    type Item = Nat;
    fn next(&mut self) -> Option<Nat> {
        let next = self.a.add(&self.b);
        let out = std::mem::replace(&mut self.a, std::mem::replace(&mut self.b, next));
        Some(out)
    }
}

fn parse_amount(token: &str) -> Option<u64> {
    if token.is_empty() || !token.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    // Too many digits for a u64 is certainly above the amount limit.
    Some(token.parse::<u64>().unwrap_or(u64::MAX))
}

fn check_amount(amount: u64) -> Result<(), RuleError> {
    if amount > MAX_SET_AMOUNT {
        let shown = if amount == u64::MAX {
            "with 20 or more digits".to_string()
        } else {
            amount.to_string()
        };
        return Err(RuleError::AmountTooLarge {
            amount: shown,
            limit: MAX_SET_AMOUNT,
        });
    }
    Ok(())
}

impl fmt::Display for SubtractionSet {
    /// `{2, 5}`, runs shown as ranges so `{1..1000}` stays short; `{1, 2, 4, 8, …} (powers of
    /// two)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Set::Finite(set) => write!(f, "{{{}}}", runs(set, ", ", "..")),
            Set::PowersOfTwo => write!(f, "{{1, 2, 4, 8, …}} (powers of two)"),
            Set::Fibonacci => write!(f, "{{1, 2, 3, 5, 8, …}} (Fibonacci numbers)"),
        }
    }
}

/// The amounts with runs of three or more written as ranges: `1..4, 7, 9, 10`.
fn runs(set: &[u64], comma: &str, range: &str) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < set.len() {
        let mut j = i;
        while j + 1 < set.len() && set[j + 1] == set[j] + 1 {
            j += 1;
        }
        if !out.is_empty() {
            out.push_str(comma);
        }
        if j >= i + 2 {
            out.push_str(&format!("{}{range}{}", set[i], set[j]));
        } else {
            out.push_str(&set[i].to_string());
            if j > i {
                out.push_str(&format!("{comma}{}", set[j]));
            }
        }
        i = j + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lists_ranges_and_families() {
        assert_eq!(
            SubtractionSet::parse("7,2,5").unwrap(),
            SubtractionSet::finite([2, 5, 7]).unwrap()
        );
        assert_eq!(
            SubtractionSet::parse("1..3,7").unwrap(),
            SubtractionSet::finite([1, 2, 3, 7]).unwrap()
        );
        assert_eq!(
            SubtractionSet::parse("powers-of-two").unwrap(),
            SubtractionSet::powers_of_two()
        );
        assert_eq!(
            SubtractionSet::parse("fibonacci").unwrap(),
            SubtractionSet::fibonacci()
        );
    }

    #[test]
    fn rejects_zero_empty_and_malformed_sets() {
        assert_eq!(SubtractionSet::parse("0"), Err(RuleError::ZeroInSet));
        assert_eq!(SubtractionSet::parse("2,0"), Err(RuleError::ZeroInSet));
        assert_eq!(SubtractionSet::parse(""), Err(RuleError::EmptySet));
        assert_eq!(
            SubtractionSet::parse("1,,2"),
            Err(RuleError::EmptySetField {
                set: "1,,2".into(),
                field: 2
            })
        );
        assert_eq!(
            SubtractionSet::parse("5..2"),
            Err(RuleError::EmptyRange {
                token: "5..2".into()
            })
        );
        assert!(matches!(
            SubtractionSet::parse("99999999999999999999999"),
            Err(RuleError::AmountTooLarge { .. })
        ));
        assert!(matches!(
            SubtractionSet::parse("1..10000000"),
            Err(RuleError::SetTooLarge { .. })
        ));
    }

    #[test]
    fn membership_of_the_infinite_families() {
        let fib: Vec<u64> = (1..=30)
            .filter(|&n| SubtractionSet::fibonacci().contains(&Nat::from(n)))
            .collect();
        assert_eq!(fib, vec![1, 2, 3, 5, 8, 13, 21]);
        let pow: Vec<u64> = (1..=40)
            .filter(|&n| SubtractionSet::powers_of_two().contains(&Nat::from(n)))
            .collect();
        assert_eq!(pow, vec![1, 2, 4, 8, 16, 32]);
    }

    #[test]
    fn fibonacci_membership_beyond_a_word() {
        let fibs: Vec<Nat> = FibonacciAmounts::new().take(400).collect();
        for f in fibs.iter().skip(85) {
            assert!(SubtractionSet::fibonacci().contains(f), "{f}");
            assert!(
                !SubtractionSet::fibonacci().contains(&f.add(&Nat::ONE)),
                "{f} + 1"
            );
        }
        assert!(SubtractionSet::fibonacci().contains(&Nat::from(12_200_160_415_121_876_738u64)));
        assert!(!SubtractionSet::fibonacci().contains(&Nat::from(u64::MAX)));
        assert!(!SubtractionSet::fibonacci().contains(&Nat::ZERO));
    }

    #[test]
    fn counts_agree_with_the_listed_amounts() {
        let sets = [
            SubtractionSet::finite([2, 5, 7]).unwrap(),
            SubtractionSet::powers_of_two(),
            SubtractionSet::fibonacci(),
        ];
        for set in &sets {
            for p in [0u64, 1, 2, 6, 7, 100, 1 << 40, u64::MAX] {
                let p = Nat::from(p);
                assert_eq!(
                    set.count_up_to(&p),
                    set.amounts_up_to(&p).len() as u64,
                    "{set} {p}"
                );
            }
            let huge = Nat::parse_decimal(format!("9{}", "0".repeat(200)).as_bytes()).unwrap();
            assert!(set.count_up_to(&huge) >= set.amounts_up_to(&huge).len() as u64);
        }
        for set in &sets {
            let p = Nat::from(1000u64);
            let listed = set.amounts_up_to(&p);
            for (k, a) in listed.iter().enumerate() {
                assert_eq!(set.nth_amount(k as u64).as_ref(), Some(a));
            }
        }
        assert_eq!(
            SubtractionSet::powers_of_two()
                .nth_amount(100)
                .unwrap()
                .to_string(),
            "1267650600228229401496703205376"
        );
        // A million-digit pile under the powers of two: 3.3 million amounts, each about 52,000
        // words long — far too much to list, known without listing.
        let big = Nat::parse_decimal(&[b'7'; 1_000_000]).unwrap();
        assert_eq!(
            SubtractionSet::powers_of_two().count_up_to(&big),
            big.bits()
        );
        assert!(SubtractionSet::powers_of_two().listing_work(&[big]) > 100_000_000_000);
    }

    #[test]
    fn displays_runs_as_ranges() {
        assert_eq!(
            SubtractionSet::finite([1, 2, 3, 4, 7, 9, 10])
                .unwrap()
                .to_string(),
            "{1..4, 7, 9, 10}"
        );
    }
}
