//! Which game a position is played under: the move rule ([`Rules`]), the play convention
//! ([`Play`]) and the resource limits of computations that grow with the position ([`Limits`]).

use std::fmt;

use serde::Serialize;

use crate::error::RuleError;
use crate::nat::Nat;

/// The play convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// Normal play: the player who takes the last object wins (a player unable to move loses).
    Normal,
    /// Misère play: the player who takes the last object loses (a player unable to move wins).
    Misere,
}

impl Play {
    /// `"normal"` or `"misere"`, as in the JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }

    /// How people write it: `"normal play"` or `"misère play"`.
    pub fn label(self) -> &'static str {
        match self {
            Play::Normal => "normal play",
            Play::Misere => "misère play",
        }
    }
}

/// The move rule: what one move may do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rules {
    /// Nim: take any positive number of objects from one pile.
    Nim,
    /// Nim with at most K per take: take 1..=K objects from one pile (one pile: the Bash game).
    MaxTake(Nat),
    /// Subtraction game (S-Nim): take an amount in the subtraction set from one pile.
    Subtract(SubtractionSet),
    /// Wythoff's game: two piles; take any positive amount from one pile, or the same positive
    /// amount from both.
    Wythoff,
}

impl Rules {
    /// The game's name, for people: "Nim", "Bash game", "Nim with at most 3 per take", …
    /// (`piles` decides between the Bash game and K-limited Nim).
    pub fn name(&self, piles: usize) -> String {
        match self {
            Rules::Nim => "Nim".to_string(),
            Rules::MaxTake(k) if piles == 1 => format!("Bash game (take 1 to {k})"),
            Rules::MaxTake(k) => format!("Nim with at most {k} per take"),
            Rules::Subtract(set) => format!("subtraction game with subtraction set {set}"),
            Rules::Wythoff => "Wythoff's game".to_string(),
        }
    }
}

/// A subtraction set: the amounts a move may take from one pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubtractionSet {
    /// A finite set, sorted ascending, without duplicates or 0.
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
    /// assert_eq!(SubtractionSet::parse("5,2,2").unwrap(), SubtractionSet::Finite(vec![2, 5]));
    /// assert_eq!(SubtractionSet::parse("1..3").unwrap(), SubtractionSet::Finite(vec![1, 2, 3]));
    /// assert!(SubtractionSet::parse("0,1").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<SubtractionSet, RuleError> {
        let trimmed = text.trim();
        match trimmed.to_ascii_lowercase().as_str() {
            "powers-of-two" => return Ok(SubtractionSet::PowersOfTwo),
            "fibonacci" => return Ok(SubtractionSet::Fibonacci),
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
        amounts.sort_unstable();
        amounts.dedup();
        Ok(SubtractionSet::Finite(amounts))
    }

    /// Whether `amount` is in the set.
    pub fn contains(&self, amount: &Nat) -> bool {
        match self {
            SubtractionSet::Finite(set) => amount
                .to_u64()
                .is_some_and(|a| set.binary_search(&a).is_ok()),
            SubtractionSet::PowersOfTwo => {
                !amount.is_zero() && amount.bits() > 0 && {
                    let b = amount.bits();
                    (0..b - 1).all(|i| !amount.bit(i))
                }
            }
            SubtractionSet::Fibonacci => match amount.to_u64() {
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
                        let r = crate::wythoff::isqrt(x);
                        &r * &r == *x
                    };
                    square(&(&five_n2 + 4u32)) || square(&(five_n2 - 4u32))
                }
            },
        }
    }

    /// How many amounts of the set are at most `pile`, without listing them (for the Fibonacci
    /// numbers beyond a machine word, an upper bound: 1.45 per bit, as F(k + 2) ≥ φ^k).
    pub fn count_up_to(&self, pile: &Nat) -> u64 {
        match self {
            SubtractionSet::Finite(set) => match pile.to_u64() {
                Some(p) => set.partition_point(|&s| s <= p) as u64,
                None => set.len() as u64,
            },
            SubtractionSet::PowersOfTwo => pile.bits(),
            SubtractionSet::Fibonacci => match pile.to_u64() {
                Some(_) => FibonacciAmounts::new().take_while(|f| f <= pile).count() as u64,
                None => pile.bits().saturating_mul(3) / 2 + 2,
            },
        }
    }

    /// The `k`-th amount of the set (0-based, ascending), if the set has that many.
    pub fn nth_amount(&self, k: u64) -> Option<Nat> {
        match self {
            SubtractionSet::Finite(set) => set.get(usize::try_from(k).ok()?).map(|&a| Nat::from(a)),
            SubtractionSet::PowersOfTwo => Some(match 1u64.checked_shl(u32::try_from(k).ok()?) {
                Some(v) => Nat::from(v),
                None => Nat::from_biguint(num_bigint::BigUint::from(1u32) << k),
            }),
            SubtractionSet::Fibonacci => FibonacciAmounts::new().nth(usize::try_from(k).ok()?),
        }
    }

    /// An upper bound of the work of listing every move from `piles`: one step per legal amount
    /// of each pile, times the pile's length in 64-bit words (each move writes a number that
    /// long). Saturates at `u64::MAX`.
    pub fn listing_work(&self, piles: &[Nat]) -> u64 {
        piles.iter().fold(0u64, |work, p| {
            let words = p.bits().div_ceil(64).max(1);
            work.saturating_add(self.count_up_to(p).saturating_mul(words))
        })
    }

    /// The amounts of the set that are at most `limit`, ascending.
    pub fn amounts_up_to(&self, limit: &Nat) -> Vec<Nat> {
        match self {
            SubtractionSet::Finite(set) => set
                .iter()
                .map(|&a| Nat::from(a))
                .take_while(|a| a <= limit)
                .collect(),
            SubtractionSet::PowersOfTwo => {
                let mut out = Vec::new();
                let mut p = Nat::ONE;
                while &p <= limit {
                    let next = p.add(&p);
                    out.push(p);
                    p = next;
                }
                out
            }
            SubtractionSet::Fibonacci => {
                FibonacciAmounts::new().take_while(|f| f <= limit).collect()
            }
        }
    }
}

/// The distinct Fibonacci amounts 1, 2, 3, 5, 8, … (unbounded, exact).
#[derive(Debug, Clone)]
pub struct FibonacciAmounts {
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

/// `text` for a message: at most 40 characters, then "…".
fn cut(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubtractionSet::Finite(set) => {
                // Show runs as ranges so 1..1000 stays short.
                write!(f, "{{")?;
                let mut i = 0;
                let mut first = true;
                while i < set.len() {
                    let mut j = i;
                    while j + 1 < set.len() && set[j + 1] == set[j] + 1 {
                        j += 1;
                    }
                    if !first {
                        write!(f, ", ")?;
                    }
                    first = false;
                    if j >= i + 2 {
                        write!(f, "{}..{}", set[i], set[j])?;
                    } else {
                        write!(f, "{}", set[i])?;
                        if j > i {
                            write!(f, ", {}", set[j])?;
                        }
                    }
                    i = j + 1;
                }
                write!(f, "}}")
            }
            SubtractionSet::PowersOfTwo => write!(f, "{{1, 2, 4, 8, …}} (powers of two)"),
            SubtractionSet::Fibonacci => write!(f, "{{1, 2, 3, 5, 8, …}} (Fibonacci numbers)"),
        }
    }
}

/// Limits on computations whose cost grows with the position. Each is checked before any
/// memory is allocated, and an error names the limit and the flag that raises it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most entries of a Grundy table (subtraction games, Wythoff tables): `--table-limit`.
    pub table: u64,
    /// Most steps of an exhaustive game-tree search (misère play of games without a closed
    /// form, remoteness), counted as positions × (8 + moves from each), and of listing every
    /// winning move of a subtraction game: `--search-limit`.
    pub search: u64,
    /// Most steps of the search for remoteness, a refinement that never decides an outcome
    /// (the search limit still caps it): the command line lowers it to 0 for stdin batches
    /// unless `--remoteness` asks for it.
    pub remoteness: u64,
}

impl Default for Limits {
    /// 10,000,000 table entries (40 MB) and 10,000,000 search steps, for remoteness too.
    fn default() -> Limits {
        Limits {
            table: 10_000_000,
            search: 10_000_000,
            remoteness: 10_000_000,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lists_ranges_and_families() {
        assert_eq!(
            SubtractionSet::parse("7,2,5").unwrap(),
            SubtractionSet::Finite(vec![2, 5, 7])
        );
        assert_eq!(
            SubtractionSet::parse("1..3,7").unwrap(),
            SubtractionSet::Finite(vec![1, 2, 3, 7])
        );
        assert_eq!(
            SubtractionSet::parse("powers-of-two").unwrap(),
            SubtractionSet::PowersOfTwo
        );
        assert_eq!(
            SubtractionSet::parse("fibonacci").unwrap(),
            SubtractionSet::Fibonacci
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
            .filter(|&n| SubtractionSet::Fibonacci.contains(&Nat::from(n)))
            .collect();
        assert_eq!(fib, vec![1, 2, 3, 5, 8, 13, 21]);
        let pow: Vec<u64> = (1..=40)
            .filter(|&n| SubtractionSet::PowersOfTwo.contains(&Nat::from(n)))
            .collect();
        assert_eq!(pow, vec![1, 2, 4, 8, 16, 32]);
    }

    #[test]
    fn fibonacci_membership_beyond_a_word() {
        let fibs: Vec<Nat> = FibonacciAmounts::new().take(400).collect();
        for f in fibs.iter().skip(85) {
            assert!(SubtractionSet::Fibonacci.contains(f), "{f}");
            assert!(
                !SubtractionSet::Fibonacci.contains(&f.add(&Nat::ONE)),
                "{f} + 1"
            );
        }
        assert!(SubtractionSet::Fibonacci.contains(&Nat::from(12_200_160_415_121_876_738u64)));
        assert!(!SubtractionSet::Fibonacci.contains(&Nat::from(u64::MAX)));
        assert!(!SubtractionSet::Fibonacci.contains(&Nat::ZERO));
    }

    #[test]
    fn counts_agree_with_the_listed_amounts() {
        let sets = [
            SubtractionSet::Finite(vec![2, 5, 7]),
            SubtractionSet::PowersOfTwo,
            SubtractionSet::Fibonacci,
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
            SubtractionSet::PowersOfTwo
                .nth_amount(100)
                .unwrap()
                .to_string(),
            "1267650600228229401496703205376"
        );
        // A million-digit pile under the powers of two: 3.3 million amounts, each about 52,000
        // words long — far too much to list, known without listing.
        let big = Nat::parse_decimal(&[b'7'; 1_000_000]).unwrap();
        assert_eq!(SubtractionSet::PowersOfTwo.count_up_to(&big), big.bits());
        assert!(SubtractionSet::PowersOfTwo.listing_work(&[big]) > 100_000_000_000);
    }

    #[test]
    fn displays_runs_as_ranges() {
        assert_eq!(
            SubtractionSet::Finite(vec![1, 2, 3, 4, 7, 9, 10]).to_string(),
            "{1..4, 7, 9, 10}"
        );
    }
}
