//! Nimber arithmetic: the nim-sum ⊕, the nim-product ⊗, nim-inverses and nim-quotients, and
//! powers, exact on numbers of any size.
//!
//! **The theorem** (Conway, *On Numbers and Games*, 1976, ch. 6): the natural numbers under
//! a ⊕ b = mex { a′ ⊕ b, a ⊕ b′ } (the bitwise xor) and
//! a ⊗ b = mex { a′ ⊗ b ⊕ a ⊗ b′ ⊕ a′ ⊗ b′ : a′ < a, b′ < b } form a field of characteristic 2,
//! and the numbers below each *Fermat 2-power* F = 2^(2^k) form a subfield of F elements. Two
//! facts compute the product: a Fermat 2-power times a smaller number is their ordinary product
//! (F ⊗ x = F·x for x < F), and a Fermat 2-power times itself is 3F/2 (F ⊗ F = F ⊕ F/2). So
//! for a, b < F² write a = a₁·F + a₀ and b = b₁·F + b₀ (a₁, a₀, b₁, b₀ < F); then
//!
//! a ⊗ b = (a₁⊗b₁ ⊕ a₁⊗b₀ ⊕ a₀⊗b₁)·F ⊕ a₀⊗b₀ ⊕ (a₁⊗b₁) ⊗ F/2,
//!
//! four products of half the digits and one by F/2 (here three: the middle term is
//! (a₁⊕a₀)⊗(b₁⊕b₀) ⊕ a₁⊗b₁ ⊕ a₀⊗b₀, Karatsuba's trick, which characteristic 2 makes exact).
//!
//! **Inverses** (Lenstra, "Nim multiplication", Séminaire de Théorie des Nombres de Bordeaux,
//! 1977): the field of F² elements is the field of F elements with F adjoined, a root of
//! X² + X + F/2; the conjugate of a = a₁·F + a₀ is a₁·F + (a₀ ⊕ a₁), and their product is the
//! norm N = a₀⊗a₀ ⊕ a₀⊗a₁ ⊕ (a₁⊗a₁)⊗F/2, which lies in the smaller field. So
//! a⁻¹ = (a₁ ⊗ N⁻¹)·F ⊕ (a₀ ⊕ a₁) ⊗ N⁻¹: one inverse of half the digits and a few products.
//!
//! Numbers of a machine word take a fast path (a table of the products of bytes and the
//! recursion above on halves); larger ones are split into 64-bit words, exactly.
//!
//! ```
//! use nimsolve::nimber;
//! assert_eq!(nimber::mul_u64(2, 3), 1);
//! assert_eq!(nimber::mul_u64(4, 4), 6);
//! assert_eq!(nimber::mul_u64(8, 8), 13);
//! assert_eq!(nimber::mul_u64(2, nimber::inverse_u64(2).unwrap()), 1);
//! ```

use std::sync::OnceLock;

use num_bigint::BigUint;

use crate::error::NimberError;
use crate::nat::Nat;

/// The most 64-bit word products a power may take (about a second of work): the reduced
/// exponent's bits times the cost of one product of the base's size.
pub const POWER_WORK_LIMIT: u64 = 1 << 27;

/// The nim-sum a ⊕ b: the bitwise exclusive or (the mex of a′ ⊕ b and a ⊕ b′).
pub fn sum(a: &Nat, b: &Nat) -> Nat {
    a.xor(b)
}

/// The products of bytes: `BYTES[a·256 + b] = a ⊗ b` (the numbers below 256 are a field).
fn byte_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = vec![0u8; 1 << 16];
        for a in 0..256u64 {
            for b in 0..256u64 {
                t[(a << 8 | b) as usize] = mul_slow(a, b, 8) as u8;
            }
        }
        t
    })
}

/// The inverses of bytes: `INV[a] = a⁻¹` (0 for 0).
fn byte_inverses() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let products = byte_table();
        let mut t = vec![0u8; 256];
        for a in 1..256usize {
            t[a] = (1..256usize)
                .find(|&b| products[a << 8 | b] == 1)
                .unwrap_or(0) as u8;
        }
        t
    })
}

/// a ⊗ b for a, b < 2^w (w a power of two), by the recursion alone down to single bits.
fn mul_slow(a: u64, b: u64, w: u32) -> u64 {
    if w == 1 {
        return a & b;
    }
    let h = w / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let p11 = mul_slow(a1, b1, h);
    let p00 = mul_slow(a0, b0, h);
    let pm = mul_slow(a1 ^ a0, b1 ^ b0, h);
    let high = pm ^ p00;
    let low = p00 ^ mul_slow(p11, 1 << (h - 1), h);
    high << h | low
}

/// a ⊗ b for a, b < 2^w, w one of 8, 16, 32, 64.
fn mul_w(a: u64, b: u64, w: u32) -> u64 {
    if w == 8 {
        return u64::from(byte_table()[(a << 8 | b) as usize]);
    }
    let h = w / 2;
    if (a | b) >> h == 0 {
        return mul_w(a, b, h);
    }
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let p11 = mul_w(a1, b1, h);
    let p00 = mul_w(a0, b0, h);
    let pm = mul_w(a1 ^ a0, b1 ^ b0, h);
    let high = pm ^ p00;
    let low = p00 ^ half_w(p11, h);
    high << h | low
}

/// x ⊗ 2^(w−1) for x < 2^w, w one of 8, 16, 32, 64: with G = 2^(w/2), 2^(w−1) = G ⊗ G/2, so
/// for x = x₁·G + x₀ and yᵢ = xᵢ ⊗ G/2 the product is (y₁ ⊕ y₀)·G ⊕ y₁ ⊗ G/2.
fn half_w(x: u64, w: u32) -> u64 {
    if w == 8 {
        return u64::from(byte_table()[(x << 8 | 0x80) as usize]);
    }
    let h = w / 2;
    let mask = (1u64 << h) - 1;
    let y1 = half_w(x >> h, h);
    let y0 = half_w(x & mask, h);
    (y1 ^ y0) << h | half_w(y1, h)
}

/// The nim-product a ⊗ b of two machine words (the numbers below 2^64 are a field, so it is
/// one too).
pub fn mul_u64(a: u64, b: u64) -> u64 {
    mul_w(a, b, 64)
}

/// The nim-product a ⊗ b of two 128-bit numbers (a field too: 128 = 2^7).
pub fn mul_u128(a: u128, b: u128) -> u128 {
    let (a1, a0, b1, b0) = ((a >> 64) as u64, a as u64, (b >> 64) as u64, b as u64);
    if a1 == 0 && b1 == 0 {
        return u128::from(mul_u64(a0, b0));
    }
    let p11 = mul_u64(a1, b1);
    let p00 = mul_u64(a0, b0);
    let pm = mul_u64(a1 ^ a0, b1 ^ b0);
    let high = pm ^ p00;
    let low = p00 ^ half_w(p11, 64);
    u128::from(high) << 64 | u128::from(low)
}

/// a ⊗ b on little-endian 64-bit words, both of the same power-of-two length.
fn mul_limbs(a: &[u64], b: &[u64]) -> Vec<u64> {
    match a.len() {
        1 => return vec![mul_u64(a[0], b[0])],
        2 => {
            let p = mul_u128(
                u128::from(a[1]) << 64 | u128::from(a[0]),
                u128::from(b[1]) << 64 | u128::from(b[0]),
            );
            return vec![p as u64, (p >> 64) as u64];
        }
        _ => {}
    }
    let h = a.len() / 2;
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    let zero = |s: &[u64]| s.iter().all(|&w| w == 0);
    let mut out = Vec::with_capacity(a.len());
    if zero(a1) && zero(b1) {
        out.extend(mul_limbs(a0, b0));
        out.resize(a.len(), 0);
        return out;
    }
    let p11 = mul_limbs(a1, b1);
    let p00 = mul_limbs(a0, b0);
    let sa: Vec<u64> = a0.iter().zip(a1).map(|(x, y)| x ^ y).collect();
    let sb: Vec<u64> = b0.iter().zip(b1).map(|(x, y)| x ^ y).collect();
    let pm = mul_limbs(&sa, &sb);
    let carry = half_limbs(&p11);
    out.extend(p00.iter().zip(&carry).map(|(x, y)| x ^ y));
    out.extend(pm.iter().zip(&p00).map(|(x, y)| x ^ y));
    out
}

/// x ⊗ 2^(64·len − 1) on `len` little-endian words (len a power of two), as [`half_w`].
fn half_limbs(x: &[u64]) -> Vec<u64> {
    if x.len() == 1 {
        return vec![half_w(x[0], 64)];
    }
    let h = x.len() / 2;
    let (x0, x1) = x.split_at(h);
    let y1 = half_limbs(x1);
    let y0 = half_limbs(x0);
    let mut out = half_limbs(&y1);
    out.extend(y1.iter().zip(&y0).map(|(p, q)| p ^ q));
    out
}

/// The bits of the smallest field of nimbers holding `a`: the least power of two 2^k with
/// a < 2^(2^k) (1 for 0 and 1, 2 for 2 and 3, 4 below 16, 8 below 256, …).
pub fn field_bits(a: &Nat) -> u64 {
    a.bits().max(1).next_power_of_two()
}

/// `a` as `len` little-endian 64-bit words.
fn limbs(a: &Nat, len: usize) -> Vec<u64> {
    let mut v = match a.to_u64() {
        Some(small) => vec![small],
        None => a.to_biguint().to_u64_digits(),
    };
    v.resize(len, 0);
    v
}

/// The number of little-endian words `words` holds.
fn from_limbs(words: &[u64]) -> Nat {
    let digits: Vec<u32> = words
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .collect();
    Nat::from_biguint(BigUint::new(digits))
}

/// The words of the field holding both `a` and `b`: a power of two, at least 1.
fn common_limbs(a: &Nat, b: &Nat) -> usize {
    (field_bits(a).max(field_bits(b)).div_ceil(64)) as usize
}

/// The nim-product a ⊗ b, exact at any size (see the module's theorem).
pub fn mul(a: &Nat, b: &Nat) -> Nat {
    if let (Some(x), Some(y)) = (a.to_u64(), b.to_u64()) {
        return Nat::from(mul_u64(x, y));
    }
    if a.is_zero() || b.is_zero() {
        return Nat::ZERO;
    }
    if a.is_one() {
        return b.clone();
    }
    if b.is_one() {
        return a.clone();
    }
    let len = common_limbs(a, b);
    from_limbs(&mul_limbs(&limbs(a, len), &limbs(b, len)))
}

/// The nim-inverse of a machine word: the b with a ⊗ b = 1.
///
/// # Errors
/// [`NimberError::DivisionByZero`] for 0.
pub fn inverse_u64(a: u64) -> Result<u64, NimberError> {
    if a == 0 {
        return Err(NimberError::DivisionByZero);
    }
    Ok(inv_w(a, 64))
}

/// a⁻¹ for 0 < a < 2^w, w one of 8, 16, 32, 64, by Lenstra's norm (see the module).
fn inv_w(a: u64, w: u32) -> u64 {
    if w == 8 {
        return u64::from(byte_inverses()[a as usize]);
    }
    let h = w / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & mask);
    if a1 == 0 {
        return inv_w(a0, h);
    }
    let norm = mul_w(a0, a0, h) ^ mul_w(a0, a1, h) ^ half_w(mul_w(a1, a1, h), h);
    let n_inv = inv_w(norm, h);
    mul_w(a1, n_inv, h) << h | mul_w(a0 ^ a1, n_inv, h)
}

/// a⁻¹ on little-endian words of a power-of-two length, a ≠ 0.
fn inv_limbs(a: &[u64]) -> Vec<u64> {
    if a.len() == 1 {
        return vec![inv_w(a[0], 64)];
    }
    let h = a.len() / 2;
    let (a0, a1) = a.split_at(h);
    let mut out = Vec::with_capacity(a.len());
    if a1.iter().all(|&w| w == 0) {
        out.extend(inv_limbs(a0));
        out.resize(a.len(), 0);
        return out;
    }
    let xor = |x: &[u64], y: &[u64]| -> Vec<u64> { x.iter().zip(y).map(|(p, q)| p ^ q).collect() };
    let norm = xor(
        &xor(&mul_limbs(a0, a0), &mul_limbs(a0, a1)),
        &half_limbs(&mul_limbs(a1, a1)),
    );
    let n_inv = inv_limbs(&norm);
    out.extend(mul_limbs(&xor(a0, a1), &n_inv));
    out.extend(mul_limbs(a1, &n_inv));
    out
}

/// The nim-inverse a⁻¹: the b with a ⊗ b = 1 (Lenstra 1977, see the module), exact at any size.
///
/// # Errors
/// [`NimberError::DivisionByZero`] for 0.
pub fn inverse(a: &Nat) -> Result<Nat, NimberError> {
    if a.is_zero() {
        return Err(NimberError::DivisionByZero);
    }
    if let Some(x) = a.to_u64() {
        return Ok(Nat::from(inv_w(x, 64)));
    }
    let len = common_limbs(a, a);
    Ok(from_limbs(&inv_limbs(&limbs(a, len))))
}

/// The nim-quotient a ⊘ b = a ⊗ b⁻¹.
///
/// # Errors
/// [`NimberError::DivisionByZero`] when b = 0.
pub fn div(a: &Nat, b: &Nat) -> Result<Nat, NimberError> {
    Ok(mul(a, &inverse(b)?))
}

/// The nim-power a^e = a ⊗ a ⊗ … ⊗ a (e factors; a^0 = 1, also 0^0) for an ordinary
/// non-negative integer exponent e of any size. For a ≠ 0 the exponent is first reduced modulo
/// 2^(2^k) − 1, the order of the multiplicative group of the smallest field holding a
/// ([`field_bits`]); then square and multiply.
///
/// # Errors
/// [`NimberError::PowerTooLarge`] when that would take more than [`POWER_WORK_LIMIT`] word
/// products.
pub fn pow(a: &Nat, e: &Nat) -> Result<Nat, NimberError> {
    if e.is_zero() || a.is_one() {
        return Ok(Nat::ONE);
    }
    if a.is_zero() {
        return Ok(Nat::ZERO);
    }
    let bits = field_bits(a);
    let order = (BigUint::from(1u8) << bits) - 1u8;
    let reduced = Nat::from_biguint(e.to_biguint() % order);
    if reduced.is_zero() {
        return Ok(Nat::ONE);
    }
    let words = bits.div_ceil(64);
    // A product of n words costs about 3^log2(n) products of words.
    let cost = 3u64.saturating_pow(words.trailing_zeros());
    let work = reduced.bits().saturating_mul(2).saturating_mul(cost);
    if work > POWER_WORK_LIMIT {
        return Err(NimberError::PowerTooLarge {
            bits: reduced.bits(),
            limbs: words,
            most: POWER_WORK_LIMIT,
        });
    }
    let mut result = Nat::ONE;
    for i in (0..reduced.bits()).rev() {
        result = mul(&result, &result);
        if reduced.bit(i) {
            result = mul(&result, a);
        }
    }
    Ok(result)
}

/// One step of the Fermat-power recursion of a product a ⊗ b (see the module): the split of
/// both factors at F = 2^m, the four products of the halves, the product by F/2 and how they
/// add up. Every number is exact.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductStep {
    /// The first factor.
    pub a: Nat,
    /// The second factor.
    pub b: Nat,
    /// m, the bits of each half: F = 2^m, a Fermat 2-power (m a power of two), a, b < F².
    pub half_bits: u64,
    /// F = 2^m.
    pub fermat: Nat,
    /// a = a₁·F + a₀: (a₁, a₀).
    pub a_parts: (Nat, Nat),
    /// b = b₁·F + b₀: (b₁, b₀).
    pub b_parts: (Nat, Nat),
    /// a₁⊗b₁, a₁⊗b₀, a₀⊗b₁, a₀⊗b₀.
    pub products: [Nat; 4],
    /// F/2.
    pub half: Nat,
    /// (a₁⊗b₁) ⊗ F/2.
    pub carry: Nat,
    /// The high half, a₁⊗b₁ ⊕ a₁⊗b₀ ⊕ a₀⊗b₁.
    pub high: Nat,
    /// The low half, a₀⊗b₀ ⊕ (a₁⊗b₁) ⊗ F/2.
    pub low: Nat,
    /// a ⊗ b = high·F ⊕ low.
    pub value: Nat,
}

/// The steps of a product a ⊗ b, the product itself first, then the products of smaller
/// numbers it needs, each once, breadth first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductExplanation {
    /// The steps; a product with a factor 0 or 1 has none (it is the ordinary product).
    pub steps: Vec<ProductStep>,
    /// Whether steps were left out after the most asked for.
    pub truncated: bool,
}

/// The Fermat-power steps of a ⊗ b (at most `most`; [`ProductExplanation::truncated`] says
/// whether more were needed). A product with a factor 0 or 1 takes no step.
pub fn explain_product(a: &Nat, b: &Nat, most: usize) -> ProductExplanation {
    let trivial = |x: &Nat, y: &Nat| x.bits() <= 1 || y.bits() <= 1;
    let mut queue = std::collections::VecDeque::new();
    // The pairs queued so far (a few dozen at most: the steps are capped).
    let mut seen: Vec<(Nat, Nat)> = Vec::new();
    let mut steps = Vec::new();
    let mut truncated = false;
    if !trivial(a, b) {
        queue.push_back((a.clone(), b.clone()));
        seen.push((a.clone(), b.clone()));
    }
    while let Some((x, y)) = queue.pop_front() {
        if steps.len() == most {
            truncated = true;
            break;
        }
        let step = split_product(&x, &y);
        let p11 = &step.products[0];
        let subs = [
            (&step.a_parts.0, &step.b_parts.0),
            (&step.a_parts.0, &step.b_parts.1),
            (&step.a_parts.1, &step.b_parts.0),
            (&step.a_parts.1, &step.b_parts.1),
            (p11, &step.half),
        ];
        for (u, v) in subs {
            let pair = (u.clone(), v.clone());
            if !trivial(u, v) && !seen.contains(&pair) {
                seen.push(pair.clone());
                queue.push_back(pair);
            }
        }
        steps.push(step);
    }
    ProductExplanation { steps, truncated }
}

/// The one step of a ⊗ b at the smallest Fermat 2-power F with a, b < F².
fn split_product(a: &Nat, b: &Nat) -> ProductStep {
    let m = (field_bits(a).max(field_bits(b)) / 2).max(1);
    let mask = (BigUint::from(1u8) << m) - 1u8;
    let split = |x: &Nat| {
        let big = x.to_biguint();
        (
            Nat::from_biguint(&big >> m),
            Nat::from_biguint(&big & &mask),
        )
    };
    let (a1, a0) = split(a);
    let (b1, b0) = split(b);
    let fermat = Nat::from_biguint(BigUint::from(1u8) << m);
    let half = Nat::from_biguint(BigUint::from(1u8) << (m - 1));
    let products = [mul(&a1, &b1), mul(&a1, &b0), mul(&a0, &b1), mul(&a0, &b0)];
    let carry = mul(&products[0], &half);
    let high = products[0].xor(&products[1]).xor(&products[2]);
    let low = products[3].xor(&carry);
    let value = mul(a, b);
    ProductStep {
        a: a.clone(),
        b: b.clone(),
        half_bits: m,
        fermat,
        a_parts: (a1, a0),
        b_parts: (b1, b0),
        products,
        half,
        carry,
        high,
        low,
        value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::ToPrimitive;

    fn to_u128(x: &Nat) -> Option<u128> {
        x.to_biguint().to_u128()
    }

    #[test]
    fn the_examples_of_the_theory() {
        assert_eq!(mul_u64(2, 3), 1);
        assert_eq!(mul_u64(4, 4), 6);
        assert_eq!(mul_u64(8, 8), 13);
        // F ⊗ F = 3F/2 for every Fermat 2-power F.
        for k in 0..6u32 {
            let f = 1u64 << (1u32 << k);
            assert_eq!(mul_u64(f, f), f + f / 2, "F = {f}");
        }
        let f = 1u128 << 64;
        assert_eq!(mul_u128(f, f), f + f / 2);
    }

    #[test]
    fn the_byte_table_agrees_with_the_slow_recursion_at_sixteen_bits() {
        for (a, b) in [(300u64, 7u64), (65535, 65535), (1234, 4321), (256, 256)] {
            assert_eq!(mul_w(a, b, 16), mul_slow(a, b, 16));
        }
    }

    #[test]
    fn big_products_agree_with_the_u128_path() {
        let a: u128 = 0x1234_5678_9abc_def0_0fed_cba9_8765_4321;
        let b: u128 = 0xdead_beef_0000_0001_ffff_ffff_0000_0003;
        let got = mul(
            &Nat::from_biguint(BigUint::from(a)),
            &Nat::from_biguint(BigUint::from(b)),
        );
        assert_eq!(to_u128(&got), Some(mul_u128(a, b)));
        // Through the word path: limbs of length 2, then 4 with zero high halves.
        let got = from_limbs(&mul_limbs(
            &[a as u64, (a >> 64) as u64, 0, 0],
            &[b as u64, (b >> 64) as u64, 0, 0],
        ));
        assert_eq!(to_u128(&got), Some(mul_u128(a, b)));
    }

    #[test]
    fn inverses_and_powers() {
        for a in 1..300u64 {
            assert_eq!(mul_u64(a, inverse_u64(a).unwrap()), 1, "a = {a}");
        }
        assert_eq!(inverse_u64(0), Err(NimberError::DivisionByZero));
        let big = Nat::from_biguint(BigUint::from(3u8).pow(200));
        let inv = inverse(&big).unwrap();
        assert!(mul(&big, &inv).is_one());
        assert_eq!(pow(&Nat::from(2u64), &Nat::from(3u64)).unwrap(), Nat::ONE);
        assert_eq!(pow(&Nat::ZERO, &Nat::ZERO).unwrap(), Nat::ONE);
        // a^(2^(2^k) − 1) = 1 in the field of 2^(2^k) elements.
        assert!(pow(&Nat::from(5u64), &Nat::from(15u64)).unwrap().is_one());
    }

    #[test]
    fn eight_times_eight_splits_at_four() {
        let e = explain_product(&Nat::from(8u64), &Nat::from(8u64), 10);
        let top = &e.steps[0];
        assert_eq!(top.fermat, Nat::from(4u64));
        assert_eq!(top.a_parts, (Nat::from(2u64), Nat::ZERO));
        assert_eq!(top.high, Nat::from(3u64));
        assert_eq!(top.low, Nat::ONE);
        assert_eq!(top.value, Nat::from(13u64));
        assert!(!e.truncated);
    }
}
