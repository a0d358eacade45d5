//! Nimber arithmetic: the library's nim-product and nim-inverse against the definition
//! (`graph_brute::nim_product`, the mex over smaller products), the field laws on random
//! 128-bit and multi-word numbers, Conway's facts about Fermat 2-powers, and `nimsolve nimber`
//! (values, JSON, `--explain`, bad expressions named by column with exit status 2, never a
//! panic).

use std::collections::HashMap;
use std::sync::OnceLock;

use nimsolve::Nat;
use nimsolve::error::NimberError;
use nimsolve::nimber;
use num_bigint::BigUint;
use proptest::prelude::*;

use crate::common::cli::{digits, ok, ok_json, run};
use crate::common::graph_brute::nim_product;

/// The products a ⊗ b for a, b < 64 by the definition.
fn definition() -> &'static Vec<Vec<u64>> {
    static TABLE: OnceLock<Vec<Vec<u64>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut memo = HashMap::new();
        (0..64)
            .map(|a| (0..64).map(|b| nim_product(a, b, &mut memo)).collect())
            .collect()
    })
}

fn nat(v: u128) -> Nat {
    Nat::from_biguint(BigUint::from(v))
}

fn big(words: &[u64]) -> Nat {
    let digits: Vec<u32> = words
        .iter()
        .flat_map(|&w| [w as u32, (w >> 32) as u32])
        .collect();
    Nat::from_biguint(BigUint::new(digits))
}

#[test]
fn nim_products_below_64_are_the_definition() {
    let table = definition();
    for a in 0..64u64 {
        for b in 0..64u64 {
            assert_eq!(
                nimber::mul_u64(a, b),
                table[a as usize][b as usize],
                "{a} ⊗ {b}"
            );
            assert_eq!(
                nimber::mul(&Nat::from(a), &Nat::from(b)),
                Nat::from(table[a as usize][b as usize])
            );
        }
    }
}

#[test]
fn nim_inverses_below_16_are_the_definitions_inverses() {
    // The numbers below 16 are a field: every a ≠ 0 has exactly one b < 16 with a ⊗ b = 1.
    let table = definition();
    for a in 1..16u64 {
        let by_definition = (1..16u64)
            .find(|&b| table[a as usize][b as usize] == 1)
            .unwrap();
        assert_eq!(nimber::inverse_u64(a), Ok(by_definition), "{a}⁻¹");
        assert_eq!(nimber::inverse(&Nat::from(a)), Ok(Nat::from(by_definition)));
    }
    assert_eq!(
        nimber::inverse(&Nat::ZERO),
        Err(NimberError::DivisionByZero)
    );
    assert_eq!(
        nimber::div(&Nat::ONE, &Nat::ZERO),
        Err(NimberError::DivisionByZero)
    );
}

#[test]
fn fermat_powers_square_to_three_halves_and_multiply_smaller_numbers_ordinarily() {
    // F ⊗ F = 3F/2 and F ⊗ x = F·x for x < F (Conway, ch. 6), at F = 2^1 … 2^512.
    for k in 0..10u32 {
        let f = BigUint::from(1u8) << (1u64 << k);
        let fn_ = Nat::from_biguint(f.clone());
        let three_halves = Nat::from_biguint(&f + (&f >> 1u8));
        assert_eq!(nimber::mul(&fn_, &fn_), three_halves, "F = 2^{}", 1u64 << k);
        let x = Nat::from_biguint((&f - 1u8) / 3u8);
        assert_eq!(
            nimber::mul(&fn_, &x),
            Nat::from_biguint(&f * x.to_biguint()),
            "F = 2^{}",
            1u64 << k
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn products_and_inverses_of_small_numbers_match_the_definition(a in 0u64..64, b in 0u64..64) {
        let table = definition();
        prop_assert_eq!(nimber::mul_u64(a, b), table[a as usize][b as usize]);
        if a > 0 && a < 16 {
            let inv = nimber::inverse_u64(a).unwrap();
            prop_assert!(inv < 16);
            prop_assert_eq!(table[a as usize][inv as usize], 1);
        }
    }

    #[test]
    fn field_laws_on_128_bit_numbers(a in any::<u128>(), b in any::<u128>(), c in any::<u128>()) {
        let (x, y, z) = (nat(a), nat(b), nat(c));
        let xy = nimber::mul(&x, &y);
        prop_assert_eq!(&xy, &nimber::mul(&y, &x));
        prop_assert_eq!(&xy, &nat(nimber::mul_u128(a, b)));
        // Below 2^128 is a field: the product stays below it.
        prop_assert!(xy.bits() <= 128);
        prop_assert_eq!(nimber::mul(&xy, &z), nimber::mul(&x, &nimber::mul(&y, &z)));
        prop_assert_eq!(
            nimber::mul(&x, &nimber::sum(&y, &z)),
            nimber::sum(&xy, &nimber::mul(&x, &z))
        );
        if a != 0 {
            let inv = nimber::inverse(&x).unwrap();
            prop_assert!(nimber::mul(&x, &inv).is_one());
            prop_assert_eq!(nimber::mul(&nimber::div(&y, &x).unwrap(), &x), y.clone());
            // a^(2^128 − 1) = 1 in the field of 2^128 elements; a^3 = a ⊗ a ⊗ a.
            let order = Nat::from_biguint((BigUint::from(1u8) << 128u8) - 1u8);
            let field = if a >> 64 == 0 { Nat::from(u64::MAX) } else { order };
            prop_assert!(nimber::pow(&x, &field).unwrap().is_one());
            prop_assert_eq!(
                nimber::pow(&x, &Nat::from(3u64)).unwrap(),
                nimber::mul(&x, &nimber::mul(&x, &x))
            );
        }
    }

    #[test]
    fn field_laws_on_numbers_of_several_words(
        a in prop::collection::vec(any::<u64>(), 1..9),
        b in prop::collection::vec(any::<u64>(), 1..9),
        c in prop::collection::vec(any::<u64>(), 1..9),
    ) {
        let (x, y, z) = (big(&a), big(&b), big(&c));
        let xy = nimber::mul(&x, &y);
        prop_assert_eq!(&xy, &nimber::mul(&y, &x));
        prop_assert_eq!(nimber::mul(&xy, &z), nimber::mul(&x, &nimber::mul(&y, &z)));
        prop_assert_eq!(
            nimber::mul(&x, &nimber::sum(&y, &z)),
            nimber::sum(&xy, &nimber::mul(&x, &z))
        );
        // The smallest field holding both factors holds the product.
        prop_assert!(nimber::field_bits(&xy) <= nimber::field_bits(&x).max(nimber::field_bits(&y)));
        if !x.is_zero() {
            prop_assert!(nimber::mul(&x, &nimber::inverse(&x).unwrap()).is_one());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The command.
// ---------------------------------------------------------------------------------------------

#[test]
fn nimber_command_gives_the_examples() {
    assert_eq!(ok(&["nimber", "2*3"]), "2 ⊗ 3 = 1\n");
    assert_eq!(ok(&["nimber", "4*4"]), "4 ⊗ 4 = 6\n");
    assert_eq!(ok(&["nimber", "8*8"]), "8 ⊗ 8 = 13\n");
    // Precedence: ^ before *, before +.
    assert_eq!(ok(&["nimber", "1 + 2*3^2"]), "1 ⊕ 2 ⊗ 3^2 = 2\n");
    assert_eq!(ok(&["nimber", "(1+2)", "*", "3"]), "(1 ⊕ 2) ⊗ 3 = 2\n");
    assert_eq!(ok(&["nimber", "1/2"]), "1 ⊘ 2 = 3\n");
}

#[test]
fn nimber_json_gives_the_expression_and_the_exact_value() {
    let v = ok_json(&["nimber", "--json", "8*8"]);
    assert_eq!(v["expression"], "8*8");
    assert_eq!(v["value"], 13);
    // 2^128 ⊗ 2^128 = 3·2^127: a Fermat 2-power squared, every digit.
    let f = (BigUint::from(1u8) << 128u8).to_string();
    let v = ok_json(&["nimber", "--json", &format!("{f}*{f}")]);
    assert_eq!(
        digits(&v["value"]),
        (BigUint::from(3u8) << 127u8).to_string()
    );
}

#[test]
fn nimber_explain_splits_eight_times_eight_at_four() {
    let out = ok(&["nimber", "--explain", "8*8"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "8 ⊗ 8 = 13");
    assert!(lines[1].starts_with("nim-product 8 ⊗ 8 = 13"));
    assert!(lines[2].contains("F = 2^2 = 4") && lines[2].contains("8 = 2·4 + 0"));
    assert!(
        lines[3].ends_with("= 3"),
        "the high half 2⊗2 = 3: {}",
        lines[3]
    );
    assert!(
        lines[4].ends_with("= 1"),
        "the low half (2⊗2)⊗2 = 1: {}",
        lines[4]
    );
    assert_eq!(lines[5].trim(), "8 ⊗ 8 = 3·4 ⊕ 1 = 13");
    // Then the products of the halves: 2 ⊗ 2 at F = 2.
    assert!(out.contains("2 ⊗ 2 = 1·2 ⊕ 1 = 3"));
    let zh = ok(&["--lang", "zh", "nimber", "--explain", "8*8"]);
    assert!(zh.contains("尼姆积 8 ⊗ 8 = 13") && zh.contains("费马 2-幂 F = 2^2 = 4"));
}

#[test]
fn bad_nimber_expressions_exit_2_naming_the_column() {
    let cases: &[(&str, &str, &str)] = &[
        ("2*", "column 3", "where a number"),
        ("2 3", "column 3", "\"3\" where an operator"),
        ("(2+3", "column 1", "\"(\" is never closed"),
        ("2+3)", "column 4", "\")\" closes no"),
        ("2-3", "column 2", "\"-\" is no nimber operation"),
        ("7x", "column 2", "\"x\" is not part of an expression"),
        ("2^(1)", "column 3", "exponent must be a whole number"),
        ("2^2^2", "column 4", "write (a^b)^c"),
        ("5/(3+3)", "column 2", "division by 0"),
        ("", "column 1", "empty"),
    ];
    for (expr, column, why) in cases {
        let r = run(&["nimber", expr], "");
        assert_eq!(r.code, Some(2), "{expr:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{expr:?}");
        assert!(
            r.stderr.starts_with("nimsolve: error: ")
                && r.stderr.contains(column)
                && r.stderr.contains(why)
                && r.stderr.lines().count() == 1,
            "{expr:?}: {}",
            r.stderr
        );
        let zh = run(&["--lang", "zh", "nimber", expr], "");
        assert_eq!(zh.code, Some(2));
        let n = column.trim_start_matches("column ");
        assert!(
            zh.stderr.contains(&format!("第 {n} 列")),
            "{expr:?}: {}",
            zh.stderr
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any string of the expression's characters and some others: a value (exit 0) or one
    /// error line (exit 2), never a panic.
    #[test]
    fn nimber_never_panics(expr in "[0-9+*/^() x-]{0,24}") {
        let r = run(&["nimber", "--", &expr], "");
        prop_assert!(r.code == Some(0) || r.code == Some(2), "{:?}: {:?}", expr, r.code);
        prop_assert!(!r.stderr.contains("panicked"), "{:?}: {}", expr, r.stderr);
        if r.code == Some(2) {
            prop_assert!(r.stderr.contains("column "), "{:?}: {}", expr, r.stderr);
        }
    }
}
