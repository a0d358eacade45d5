//! Exact natural numbers for pile sizes, nim-sums and Grundy values.
//!
//! A [`Nat`] holds any non-negative integer exactly. Values that fit a machine word are kept
//! as a `u64` (the fast path every common position takes); larger ones are kept as a
//! [`BigUint`] from the `num-bigint` crate. The representation is canonical: a value is stored
//! as big only when it does not fit a `u64`, so equality, ordering and hashing are structural.

use std::cmp::Ordering;
use std::fmt;
use std::sync::{Arc, OnceLock};

use num_bigint::{BigRng09, BigUint};
use num_traits::{ToPrimitive, Zero};
use rand::{Rng, RngCore};
use serde::{Serialize, Serializer};
use thiserror::Error;

/// A non-negative integer of any size, exact.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Nat(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small(u64),
    /// Invariant: the value is larger than `u64::MAX`. Shared: a clone copies no digits.
    Big(Arc<Big>),
}

/// A value larger than `u64::MAX`, with its decimal text once known (see
/// [`write_big_decimal`]). Equal, ordered and hashed by its value alone.
struct Big {
    value: BigUint,
    decimal: OnceLock<Box<[u8]>>,
}

impl Big {
    fn new(value: BigUint) -> Big {
        Big {
            value,
            decimal: OnceLock::new(),
        }
    }
}

impl PartialEq for Big {
    fn eq(&self, other: &Big) -> bool {
        self.value == other.value
    }
}

impl Eq for Big {}

impl std::hash::Hash for Big {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.value.hash(state);
    }
}

impl Nat {
    /// Zero.
    pub const ZERO: Nat = Nat(Repr::Small(0));
    /// One.
    pub const ONE: Nat = Nat(Repr::Small(1));

    /// Builds a `Nat` from a big integer, keeping it in a machine word when it fits.
    pub fn from_biguint(value: BigUint) -> Nat {
        match value.to_u64() {
            Some(small) => Nat(Repr::Small(small)),
            None => Nat(Repr::Big(Arc::new(Big::new(value)))),
        }
    }

    /// The value as a big integer (allocates for small values).
    pub fn to_biguint(&self) -> BigUint {
        match &self.0 {
            Repr::Small(v) => BigUint::from(*v),
            Repr::Big(b) => b.value.clone(),
        }
    }

    /// The value as a `u64`, or `None` when it is larger than `u64::MAX`.
    #[inline]
    pub fn to_u64(&self) -> Option<u64> {
        match self.0 {
            Repr::Small(v) => Some(v),
            Repr::Big(_) => None,
        }
    }

    /// Parses a decimal numeral: ASCII digits `0`–`9` only, at least one, leading zeros allowed.
    ///
    /// Numerals of up to 19 digits take a machine-word fast path; longer ones are checked for
    /// overflow and fall back to a big integer, so no value is ever wrapped or truncated.
    ///
    /// # Errors
    /// [`NumberError::Empty`] for an empty slice, [`NumberError::NotADigit`] naming the first
    /// byte that is not an ASCII digit (signs, decimal points, exponents, hex and non-ASCII
    /// digits are all rejected this way).
    pub fn parse_decimal(digits: &[u8]) -> Result<Nat, NumberError> {
        if digits.is_empty() {
            return Err(NumberError::Empty);
        }
        if digits.len() <= 19 {
            // At most 19 digits always fit a u64. Leading digits one by one, then eight at a time.
            let head = digits.len() % 8;
            let mut v: u64 = 0;
            for (i, &c) in digits[..head].iter().enumerate() {
                let d = c.wrapping_sub(b'0');
                if d > 9 {
                    return Err(NumberError::NotADigit { index: i });
                }
                v = v * 10 + u64::from(d);
            }
            for (k, chunk) in digits[head..].chunks_exact(8).enumerate() {
                let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
                let bad = non_digit_bytes(word);
                if bad != 0 {
                    let index = head + 8 * k + (bad.trailing_zeros() / 8) as usize;
                    return Err(NumberError::NotADigit { index });
                }
                v = v * 100_000_000 + eight_digits(word);
            }
            return Ok(Nat(Repr::Small(v)));
        }
        if let Some(i) = digits.iter().position(|c| !c.is_ascii_digit()) {
            return Err(NumberError::NotADigit { index: i });
        }
        let nat = Nat::from_biguint(biguint_from_digits(digits));
        if let Repr::Big(b) = &nat.0
            && b.value.bits() >= CACHED_BITS
        {
            // The digits as read are the decimal text, less leading zeros.
            let start = digits.iter().position(|&c| c != b'0').unwrap_or(0);
            let _ = b.decimal.set(digits[start..].into());
        }
        Ok(nat)
    }

    /// Appends the value in decimal to `out`: what `Display` writes, without the formatting
    /// machinery. A value of a machine word is written eight digits at a time (SWAR), each
    /// group with one copy of fixed size, so a batch that writes millions of numbers pays
    /// neither the formatter nor a `memcpy` call for each.
    #[inline]
    pub fn write_decimal(&self, out: &mut Vec<u8>) {
        match self.0 {
            Repr::Small(v) => write_u64_decimal(out, v),
            Repr::Big(ref b) => write_big_decimal(out, b),
        }
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    /// Whether the value is one.
    #[inline]
    pub fn is_one(&self) -> bool {
        matches!(self.0, Repr::Small(1))
    }

    /// Bitwise exclusive or (nim-addition, ⊕).
    #[inline]
    pub fn xor(&self, other: &Nat) -> Nat {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => Nat(Repr::Small(a ^ b)),
            _ => self.xor_big(other),
        }
    }

    #[cold]
    fn xor_big(&self, other: &Nat) -> Nat {
        // x ⊕ 0 = x, shared (a nim-sum of one big pile is that pile, digits and all).
        if other.is_zero() {
            return self.clone();
        }
        if self.is_zero() {
            return other.clone();
        }
        Nat::from_biguint(self.to_biguint() ^ other.to_biguint())
    }

    /// In-place exclusive or with a machine word; the fast path of a nim-sum.
    pub fn xor_assign(&mut self, other: &Nat) {
        match (&mut self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => *a ^= b,
            _ => *self = self.xor(other),
        }
    }

    /// `self − other`, or `None` when `other > self`.
    #[inline]
    pub fn checked_sub(&self, other: &Nat) -> Option<Nat> {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.checked_sub(*b).map(|v| Nat(Repr::Small(v))),
            _ => self.checked_sub_big(other),
        }
    }

    #[cold]
    fn checked_sub_big(&self, other: &Nat) -> Option<Nat> {
        if other.is_zero() {
            return Some(self.clone());
        }
        (self >= other).then(|| Nat::from_biguint(self.to_biguint() - other.to_biguint()))
    }

    /// `self − other`, saturating at zero.
    #[inline]
    pub fn saturating_sub(&self, other: &Nat) -> Nat {
        self.checked_sub(other).unwrap_or(Nat::ZERO)
    }

    /// `self + other`, exact.
    pub fn add(&self, other: &Nat) -> Nat {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => match a.checked_add(*b) {
                Some(v) => Nat(Repr::Small(v)),
                None => Nat::from_biguint(BigUint::from(*a) + BigUint::from(*b)),
            },
            _ => Nat::from_biguint(self.to_biguint() + other.to_biguint()),
        }
    }

    /// `self mod m` for a non-zero machine-word modulus.
    pub fn rem_u64(&self, m: u64) -> u64 {
        debug_assert!(m != 0);
        match &self.0 {
            Repr::Small(v) => v % m,
            Repr::Big(b) => (&b.value % m).to_u64().unwrap_or(0),
        }
    }

    /// `⌊self / d⌋` for a non-zero divisor `d`.
    pub(crate) fn div_u64(&self, d: u64) -> Nat {
        match &self.0 {
            Repr::Small(v) => Nat(Repr::Small(v / d)),
            Repr::Big(b) => Nat::from_biguint(&b.value / d),
        }
    }

    /// `self mod m` for a non-zero modulus of any size.
    pub(crate) fn rem(&self, m: &Nat) -> Nat {
        match (&self.0, &m.0) {
            (Repr::Small(a), Repr::Small(b)) => Nat(Repr::Small(a % b)),
            (_, Repr::Small(b)) => Nat(Repr::Small(self.rem_u64(*b))),
            _ => Nat::from_biguint(self.to_biguint() % m.to_biguint()),
        }
    }

    /// The number of significant bits (0 for zero).
    #[inline]
    pub fn bits(&self) -> u64 {
        match &self.0 {
            Repr::Small(v) => u64::from(64 - v.leading_zeros()),
            Repr::Big(b) => b.value.bits(),
        }
    }

    /// Whether bit `i` (0 = least significant) is set.
    #[inline]
    pub fn bit(&self, i: u64) -> bool {
        match &self.0 {
            Repr::Small(v) => i < 64 && (v >> i) & 1 == 1,
            Repr::Big(b) => b.value.bit(i),
        }
    }

    /// The value for a message: every digit up to 128 bits, else its order of magnitude
    /// (`"about 10^999999"`), found from the bit length without converting a huge number.
    pub fn brief(&self) -> String {
        if self.bits() <= 128 {
            return self.to_string();
        }
        format!("about 10^{}", self.log10().round() as u64)
    }

    /// The decimal logarithm, approximately (to about 15 significant digits; `-inf` for 0).
    pub(crate) fn log10(&self) -> f64 {
        let bits = self.bits();
        // log10 of the top 64 bits, plus the bits below them.
        let shift = bits.saturating_sub(64);
        let top = match &self.0 {
            Repr::Big(b) => (&b.value >> shift).to_u64().unwrap_or(u64::MAX),
            Repr::Small(v) => *v,
        };
        (top as f64).log10() + shift as f64 * std::f64::consts::LOG10_2
    }

    /// The binary numeral of the value, without prefix (`"0"` for zero).
    pub fn to_binary(&self) -> String {
        match &self.0 {
            Repr::Small(v) => format!("{v:b}"),
            Repr::Big(b) => b.value.to_str_radix(2),
        }
    }
}

/// Numerals up to this many digits are read by num-bigint's digit-by-digit loop; longer ones by
/// splitting them in halves.
const SPLIT_DIGITS: usize = 2048;

/// The value of a numeral of ASCII digits (checked by the caller), in time O(M(n) log n).
///
/// num-bigint reads decimal digits one machine word at a time, multiplying the whole number so
/// far each time: quadratic, seconds for a million digits. Here a long numeral is split into a
/// high part and a low part of 19·2^j digits, read recursively and joined as
/// `high · 10^(19·2^j) + low`, so the work is a few multiplications of balanced sizes, which
/// num-bigint does in subquadratic time (Karatsuba, Toom-3).
fn biguint_from_digits(digits: &[u8]) -> BigUint {
    if digits.len() <= SPLIT_DIGITS {
        return join_digits(digits, &[]);
    }
    // powers[j] = 10^(19·2^j).
    let mut powers = vec![BigUint::from(10_000_000_000_000_000_000u64)];
    while 19 << powers.len() < digits.len() {
        let last = &powers[powers.len() - 1];
        powers.push(last * last);
    }
    join_digits(digits, &powers)
}

fn join_digits(digits: &[u8], powers: &[BigUint]) -> BigUint {
    if digits.len() <= SPLIT_DIGITS {
        // All ASCII digits: parse_bytes cannot fail.
        return BigUint::parse_bytes(digits, 10).unwrap_or_default();
    }
    // The largest 19·2^j below the length: the low part is at least as long as the high part.
    let j = (0..powers.len())
        .rev()
        .find(|&j| 19 << j < digits.len())
        .unwrap_or(0);
    let (high, low) = digits.split_at(digits.len() - (19 << j));
    join_digits(high, powers) * &powers[j] + join_digits(low, powers)
}

/// The high bit of each byte of `word` that is not an ASCII digit. Carries between bytes only
/// reach bytes after a non-digit, so the lowest set bit always marks the first non-digit.
#[inline]
pub(crate) fn non_digit_bytes(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let a = word ^ (0x30 * ONES); // digits become 0..=9
    let b = a.wrapping_add(0x76 * ONES); // 0..=9 stay below 0x80, 10.. reach it
    (a | b) & (0x80 * ONES)
}

/// The batch fast path: the run of ASCII digits starting at `bytes[at]`, when it is 1 to 15
/// digits long and `bytes` holds 16 bytes from `at` (so the byte after the run exists). Returns
/// the run's value, its length and the byte after it; `None` sends the caller to the general
/// path.
#[inline(always)]
pub(crate) fn short_digit_run(bytes: &[u8], at: usize) -> Option<(u64, usize, u8)> {
    let window: &[u8; 16] = bytes.get(at..at + 16)?.try_into().ok()?;
    let lo = u64::from_le_bytes(window[..8].try_into().ok()?);
    let hi = u64::from_le_bytes(window[8..].try_into().ok()?);
    let bad_lo = non_digit_bytes(lo);
    if bad_lo != 0 {
        let len = (bad_lo.trailing_zeros() / 8) as usize;
        let value = match len {
            0 => return None,
            // One digit needs no SWAR step.
            1 => lo & 0x0F,
            _ => eight_digits(pad_digits(lo, len)),
        };
        return Some((value, len, window[len]));
    }
    let bad_hi = non_digit_bytes(hi);
    if bad_hi == 0 {
        return None;
    }
    let len = (bad_hi.trailing_zeros() / 8) as usize;
    let low_part = match len {
        0 => 0,
        // Nine digits (a pile up to 10^9, the usual bound) need no second SWAR step.
        1 => hi & 0x0F,
        _ => eight_digits(pad_digits(hi, len)),
    };
    Some((
        eight_digits(lo) * POW10[len] + low_part,
        8 + len,
        window[8 + len],
    ))
}

/// Appends `v` in decimal: the leading group of up to eight digits without its leading zeros,
/// then whole groups of eight.
#[inline(always)]
fn write_u64_decimal(out: &mut Vec<u8>, v: u64) {
    const E8: u64 = 100_000_000;
    const E16: u64 = E8 * E8;
    if v < E8 {
        write_leading_group(out, v);
    } else if v < E16 {
        write_leading_group(out, v / E8);
        out.extend_from_slice(&eight_ascii_digits(v % E8).to_le_bytes());
    } else {
        write_leading_group(out, v / E16);
        out.extend_from_slice(&eight_ascii_digits(v / E8 % E8).to_le_bytes());
        out.extend_from_slice(&eight_ascii_digits(v % E8).to_le_bytes());
    }
}

/// Appends the decimal text of a big value: its digits as read, or as written the first time
/// (kept for the next time when long, so a number printed as the pile, the nim-sum and the
/// amount a move takes is converted once).
#[cold]
fn write_big_decimal(out: &mut Vec<u8>, b: &Big) {
    if b.value.bits() < CACHED_BITS {
        out.extend_from_slice(b.value.to_string().as_bytes());
        return;
    }
    let text = b
        .decimal
        .get_or_init(|| b.value.to_string().into_bytes().into_boxed_slice());
    out.extend_from_slice(text);
}

/// Big values of at least this many bits (about 1,200 digits) keep their decimal text once read
/// or written: converting is O(n^1.5) or so, copying O(n).
const CACHED_BITS: u64 = 4096;

/// Appends `v` (below 10^8) in decimal without leading zeros: one digit as it is, more as eight
/// digits appended whole, the slice then cut back.
#[inline]
fn write_leading_group(out: &mut Vec<u8>, v: u64) {
    if v < 10 {
        out.push(b'0' + v as u8);
        return;
    }
    let digits = eight_ascii_digits(v);
    // The first digit is the lowest byte; a leading zero is a byte of exactly b'0'. Keep one.
    let zeros = ((digits ^ 0x3030_3030_3030_3030).trailing_zeros() / 8).min(7) as usize;
    let start = out.len();
    out.extend_from_slice(&(digits >> (8 * zeros)).to_le_bytes());
    out.truncate(start + 8 - zeros);
}

/// The eight decimal digits of `v` (below 10^8, with leading zeros) as ASCII, the first in the
/// lowest byte: the inverse of [`eight_digits`]. SWAR: the halves of four digits go to two
/// 32-bit lanes, each is split into two-digit 16-bit lanes, and those into bytes, every split a
/// multiplication by a reciprocal (exact for the ranges at hand: n/100 as n·10486/2^20 for
/// n < 10^4, n/10 as n·103/2^10 for n < 100).
#[inline]
fn eight_ascii_digits(v: u64) -> u64 {
    let x = (v / 10_000) | ((v % 10_000) << 32);
    let hundreds = ((x * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let x = hundreds | ((x - hundreds * 100) << 16);
    let tens = ((x * 103) >> 10) & 0x000F_000F_000F_000F;
    let x = tens | ((x - tens * 10) << 8);
    x + 0x3030_3030_3030_3030
}

const POW10: [u64; 8] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// Keeps the first `len` (1..=7) digits of `word` and puts `'0'`s before them, so that
/// [`eight_digits`] reads their value.
#[inline]
fn pad_digits(word: u64, len: usize) -> u64 {
    let shift = 8 * (8 - len as u32);
    (word << shift) | (0x3030_3030_3030_3030u64 >> (64 - shift))
}

/// The value of eight ASCII digits, the first in the lowest byte (SWAR, three multiplications).
#[inline]
fn eight_digits(word: u64) -> u64 {
    let v = word.wrapping_sub(0x3030_3030_3030_3030);
    let v = v.wrapping_mul(10).wrapping_add(v >> 8);
    let mask = 0x0000_00FF_0000_00FF;
    let mul1 = 100 + (1_000_000 << 32);
    let mul2 = 1 + (10_000 << 32);
    ((v & mask)
        .wrapping_mul(mul1)
        .wrapping_add(((v >> 16) & mask).wrapping_mul(mul2)))
        >> 32
}

impl From<u64> for Nat {
    fn from(v: u64) -> Nat {
        Nat(Repr::Small(v))
    }
}

impl From<u32> for Nat {
    fn from(v: u32) -> Nat {
        Nat(Repr::Small(u64::from(v)))
    }
}

impl From<usize> for Nat {
    fn from(v: usize) -> Nat {
        Nat::from(v as u64)
    }
}

impl From<BigUint> for Nat {
    fn from(v: BigUint) -> Nat {
        Nat::from_biguint(v)
    }
}

impl Default for Nat {
    fn default() -> Nat {
        Nat::ZERO
    }
}

impl Ord for Nat {
    fn cmp(&self, other: &Nat) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            (Repr::Small(_), Repr::Big(_)) => Ordering::Less,
            (Repr::Big(_), Repr::Small(_)) => Ordering::Greater,
            (Repr::Big(a), Repr::Big(b)) => a.value.cmp(&b.value),
        }
    }
}

impl PartialOrd for Nat {
    fn partial_cmp(&self, other: &Nat) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Nat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Small(v) => fmt::Display::fmt(v, f),
            Repr::Big(b) => {
                let mut digits = Vec::new();
                write_big_decimal(&mut digits, b);
                f.pad_integral(
                    true,
                    "",
                    std::str::from_utf8(&digits).map_err(|_| fmt::Error)?,
                )
            }
        }
    }
}

impl fmt::Debug for Nat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Nat {
    type Err = NumberError;
    fn from_str(s: &str) -> Result<Nat, NumberError> {
        Nat::parse_decimal(s.as_bytes())
    }
}

/// Serialises as a JSON integer with every digit, also beyond `u64::MAX`.
impl Serialize for Nat {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Repr::Small(v) => serializer.serialize_u64(*v),
            Repr::Big(b) => {
                // serde_json's `arbitrary_precision` keeps the digits of a Number exactly.
                let mut digits = Vec::new();
                write_big_decimal(&mut digits, b);
                let number: serde_json::Number = std::str::from_utf8(&digits)
                    .map_err(|_| serde::ser::Error::custom("unrepresentable integer"))?
                    .parse()
                    .map_err(|_| serde::ser::Error::custom("unrepresentable integer"))?;
                number.serialize(serializer)
            }
        }
    }
}

impl Zero for Nat {
    fn zero() -> Nat {
        Nat::ZERO
    }
    fn is_zero(&self) -> bool {
        Nat::is_zero(self)
    }
}

impl std::ops::Add for Nat {
    type Output = Nat;
    fn add(self, rhs: Nat) -> Nat {
        Nat::add(&self, &rhs)
    }
}

/// Why a numeral is not a pile size.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NumberError {
    /// Nothing where a number was expected.
    #[error("empty number")]
    Empty,
    /// A byte that is not an ASCII digit, at `index` (0-based) in the token (the message counts
    /// from 1).
    #[error("character {} is not a digit 0-9", .index + 1)]
    NotADigit {
        /// 0-based byte index of the offending character in the token.
        index: usize,
    },
    /// A token that stands for an edge of a graph (Green Hackenbush: `A-B`) is not one.
    #[error("an edge is written A-B, two vertices joined by '-': {why}")]
    NotAnEdge {
        /// What is wrong with it.
        why: EdgeWhy,
    },
    /// A name that is no vertex of the graph a component is played on.
    #[error("is not a vertex of the graph")]
    NoSuchVertex,
}

/// Why a token is not an edge `A-B` of a graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum EdgeWhy {
    /// A number alone: an edge has two ends.
    #[error("a vertex alone is no edge")]
    OneEnd,
    /// `0-` or `-1`: one end is missing.
    #[error("one of its two ends is missing")]
    MissingEnd,
    /// `1-2-3`: more than two ends.
    #[error("an edge has exactly two ends (write a path as 1-2,2-3)")]
    MoreEnds,
    /// A character of an end is not a digit (`a-b`, `1-x`); 0-based index in the token (the
    /// message counts from 1).
    #[error("character {} is not a digit 0-9", .index + 1)]
    NotADigit {
        /// 0-based byte index of the character in the token.
        index: usize,
    },
    /// A vertex beyond 2^64 − 1.
    #[error("its vertices are numbered below 2^64")]
    TooLarge,
}

/// Heaps joined by ` + `: `3 + 5`.
pub fn join_heaps(heaps: &[Nat]) -> String {
    heaps
        .iter()
        .map(Nat::to_string)
        .collect::<Vec<_>>()
        .join(" + ")
}

/// A uniform number in 0..n, exact at any size; `None` for n = 0.
pub(crate) fn uniform_below(rng: &mut dyn RngCore, n: &Nat) -> Option<Nat> {
    if n.is_zero() {
        return None;
    }
    Some(match n.to_u64() {
        Some(v) => Nat::from(rng.random_range(0..v)),
        None => Nat::from_biguint(rng.random_biguint_below(&n.to_biguint())),
    })
}

/// ⌊√n⌋ exactly, in a few multiplications' time.
///
/// num-bigint's square root runs Newton's method at full precision from a 53-bit guess, about
/// log2(bits/53) full divisions: tens of seconds for a number of a million digits. Here the
/// root of the top half of the bits gives a guess with half the bits right, so one Newton step
/// (from above, which never goes below ⌊√n⌋) leaves it at most one or two too large.
pub(crate) fn isqrt(n: &BigUint) -> BigUint {
    if n.bits() <= 4096 {
        return n.sqrt();
    }
    // With h = n >> 2k and s = ⌊√h⌋: s·2^k ≤ √n < (s + 1)·2^k.
    let k = n.bits() / 4;
    let guess = (isqrt(&(n >> (2 * k))) + 1u32) << k;
    // (guess − √n) ≤ 2^k, so after one step the error is below 4^k / (2√n) ≤ 1.
    let mut r = (&guess + n / &guess) >> 1u32;
    while &r * &r > *n {
        r -= 1u32;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_word_and_big_numerals_exactly() {
        assert_eq!(Nat::parse_decimal(b"0").unwrap().to_u64(), Some(0));
        assert_eq!(Nat::parse_decimal(b"007").unwrap().to_u64(), Some(7));
        let max = Nat::parse_decimal(b"18446744073709551615").unwrap();
        assert_eq!(max.to_u64(), Some(u64::MAX));
        let above = Nat::parse_decimal(b"18446744073709551616").unwrap();
        assert_eq!(above.to_u64(), None);
        assert_eq!(above.to_string(), "18446744073709551616");
        // A 20-digit numeral that still fits a word is stored small (canonical form).
        let padded = Nat::parse_decimal(b"00000000000000000001").unwrap();
        assert_eq!(padded, Nat::ONE);
    }

    #[test]
    fn long_numerals_split_in_halves_agree_with_num_bigint() {
        // Digits from a simple generator, with leading zeros, around every split length.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut digit = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            b'0' + (x % 10) as u8
        };
        for len in [
            2047,
            2048,
            2049,
            2432,
            2433,
            4865,
            9999,
            19 * 1024 + 3,
            60_000,
        ] {
            let mut digits: Vec<u8> = (0..len).map(|_| digit()).collect();
            digits[..5].copy_from_slice(b"00007");
            let want = BigUint::parse_bytes(&digits, 10).unwrap();
            assert_eq!(biguint_from_digits(&digits), want, "{len} digits");
            assert_eq!(Nat::parse_decimal(&digits).unwrap().to_biguint(), want);
        }
        // All zeros, and a long numeral of a value that fits a word, stay canonical.
        assert_eq!(Nat::parse_decimal(&[b'0'; 5000]).unwrap(), Nat::ZERO);
        let mut one = vec![b'0'; 4999];
        one.push(b'1');
        assert_eq!(Nat::parse_decimal(&one).unwrap(), Nat::ONE);
    }

    #[test]
    fn eight_digit_chunks_agree_with_digit_by_digit_parsing() {
        for text in [
            "12345678",
            "99999999",
            "00000000",
            "1234567890123456789",
            "100000000",
            "18446744073709551615",
        ] {
            assert_eq!(
                Nat::parse_decimal(text.as_bytes()).unwrap().to_string(),
                text.trim_start_matches('0').to_string().max("0".into()),
                "{text}"
            );
        }
        for bad in ["1234567/", "123456:8", "1234 678", "12345678\u{ff}"] {
            assert!(Nat::parse_decimal(bad.as_bytes()).is_err(), "{bad:?}");
        }
        assert_eq!(
            Nat::parse_decimal(b"12345678901234x6"),
            Err(NumberError::NotADigit { index: 14 })
        );
    }

    proptest::proptest! {
        /// Every machine word, and the edges of each group of eight digits, are written as
        /// `Display` writes them.
        #[test]
        fn decimal_writing_matches_display(
            v in proptest::prop_oneof![
                proptest::num::u64::ANY,
                0..1_000_000_000u64,
                // 10^e - 1, 10^e and 10^e + 1.
                proptest::strategy::Strategy::prop_map((0..20u32, 0..3u64), |(e, d)| {
                    10u64.pow(e).saturating_add(d).saturating_sub(1)
                }),
            ]
        ) {
            let mut out = b"x".to_vec();
            Nat::from(v).write_decimal(&mut out);
            proptest::prop_assert_eq!(String::from_utf8_lossy(&out), format!("x{v}"));
        }
    }

    #[test]
    fn decimal_writing_of_words_edges_and_big_numbers() {
        let mut out = Vec::new();
        for v in [
            0,
            1,
            9,
            10,
            99_999_999,
            100_000_000,
            10_000_000_000_000_000,
            u64::MAX,
        ] {
            out.clear();
            Nat::from(v).write_decimal(&mut out);
            assert_eq!(out, v.to_string().as_bytes());
        }
        let big = Nat::from(u64::MAX).add(&Nat::ONE);
        out.clear();
        big.write_decimal(&mut out);
        assert_eq!(out, b"18446744073709551616");
    }

    /// A long number is written with the digits it was read with (less leading zeros), and
    /// one computed is written as num-bigint writes it, the same the second time (from the
    /// text kept); equality and order see the value only.
    #[test]
    fn long_numbers_keep_their_decimal_text() {
        let mut text = b"000".to_vec();
        text.extend((0..5_000).map(|i| b"31415926535897932384"[i % 20]));
        let read = Nat::parse_decimal(&text).unwrap();
        assert_eq!(read.to_string().as_bytes(), &text[3..]);
        let computed = Nat::from_biguint(read.to_biguint() * 7u32 + 1u32);
        let expected = (read.to_biguint() * 7u32 + 1u32).to_string();
        for _ in 0..2 {
            let mut out = Vec::new();
            computed.write_decimal(&mut out);
            assert_eq!(out, expected.as_bytes());
            assert_eq!(computed.to_string(), expected);
        }
        assert_eq!(read.xor(&Nat::ZERO), read);
        assert_eq!(Nat::ZERO.xor(&read).to_string().as_bytes(), &text[3..]);
        assert_eq!(read.checked_sub(&Nat::ZERO), Some(read.clone()));
        assert!(computed > read);
        let again = Nat::from_biguint(read.to_biguint());
        assert_eq!(again, read);
        use std::hash::BuildHasher;
        let state = std::hash::RandomState::new();
        assert_eq!(state.hash_one(&again), state.hash_one(&read));
    }

    #[test]
    fn short_digit_runs_read_up_to_fifteen_digits() {
        for len in 1..=15usize {
            let digits: String = "918273645546372819".chars().take(len).collect();
            let line = format!("{digits} 12345678901234567890");
            let got = short_digit_run(line.as_bytes(), 0);
            assert_eq!(got, Some((digits.parse().unwrap(), len, b' ')), "{line}");
        }
        assert_eq!(short_digit_run(b"1234567890123456 xxxx", 0), None); // 16 digits: general path
        assert_eq!(short_digit_run(b"-1 0000000000000000", 0), None);
        assert_eq!(short_digit_run(b"12", 0), None); // fewer than 16 bytes left
        assert_eq!(
            short_digit_run(b"x 7,00000000000000", 2),
            Some((7, 1, b','))
        );
    }

    #[test]
    fn rejects_non_digits_with_their_index() {
        assert_eq!(Nat::parse_decimal(b""), Err(NumberError::Empty));
        assert_eq!(
            Nat::parse_decimal(b"-1"),
            Err(NumberError::NotADigit { index: 0 })
        );
        assert_eq!(
            Nat::parse_decimal(b"1e9"),
            Err(NumberError::NotADigit { index: 1 })
        );
        let long = b"123456789012345678901234x";
        assert_eq!(
            Nat::parse_decimal(long),
            Err(NumberError::NotADigit { index: 24 })
        );
    }

    #[test]
    fn brief_numbers_for_messages() {
        assert_eq!(Nat::from(u64::MAX).brief(), "18446744073709551615");
        let googol = Nat::parse_decimal(format!("1{}", "0".repeat(100)).as_bytes()).unwrap();
        assert_eq!(googol.brief(), "about 10^100");
        let big = Nat::parse_decimal(&[b'9'; 100_000]).unwrap();
        assert_eq!(big.brief(), "about 10^100000");
        let big = Nat::parse_decimal(format!("3{}", "0".repeat(5000)).as_bytes()).unwrap();
        assert_eq!(big.brief(), "about 10^5000");
    }

    #[test]
    fn arithmetic_crosses_the_word_boundary_exactly() {
        let max = Nat::from(u64::MAX);
        let above = max.add(&Nat::ONE);
        assert_eq!(above.to_string(), "18446744073709551616");
        assert_eq!(above.checked_sub(&Nat::ONE), Some(max.clone()));
        assert_eq!(max.checked_sub(&above), None);
        assert_eq!(above.xor(&Nat::ONE).to_string(), "18446744073709551617");
        assert_eq!(above.xor(&above), Nat::ZERO);
        assert!(max < above);
        assert_eq!(above.bits(), 65);
        assert!(above.bit(64) && !above.bit(0));
        assert_eq!(above.rem_u64(3), 1);
    }

    #[test]
    fn serialises_big_values_as_exact_json_integers() {
        let above = Nat::parse_decimal(b"123456789012345678901234567890").unwrap();
        let json = serde_json::to_string(&vec![Nat::from(3u64), above]).unwrap();
        assert_eq!(json, "[3,123456789012345678901234567890]");
    }
}
