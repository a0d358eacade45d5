//! `SubtractionSet::parse` on arbitrary text (the `--subtract SET` argument), and the Grundy
//! values of the sets it accepts.
//!
//! Checks: a finite set is sorted, without duplicates or 0, within the amount and size limits,
//! and reads back from its own display; its Grundy values, also past the table through the
//! proven period, agree with a plain mex computation; the work stays bounded by the limits.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nimsolve::games::subtraction::theory::SubtractionGrundy;
use nimsolve::games::subtraction::{MAX_SET_AMOUNT, MAX_SET_LEN};
use nimsolve::grundy::mex;
use nimsolve::{Nat, SubtractionSet};

/// Grundy values g(0..len) by the definition: the mex of g(n − s), s ∈ S, s ≤ n.
fn naive(amounts: &[u64], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let v = mex(amounts
            .iter()
            .take_while(|&&s| s as usize <= n)
            .map(|&s| g[n - s as usize]));
        g.push(v);
    }
    g
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(set) = SubtractionSet::parse(text) else {
        return;
    };
    let Some(amounts) = set.amounts() else {
        return;
    };
    assert!(!amounts.is_empty());
    assert!(
        amounts.windows(2).all(|w| w[0] < w[1]),
        "sorted, no duplicates"
    );
    assert!(amounts[0] >= 1);
    assert!(*amounts.last().unwrap() <= MAX_SET_AMOUNT);
    assert!(amounts.len() as u64 <= MAX_SET_LEN);

    // The display "{1..4, 7}" is a set the parser reads back.
    let shown = set.to_string();
    let inner = shown.trim_start_matches('{').trim_end_matches('}');
    assert_eq!(SubtractionSet::parse(inner).as_ref(), Ok(&set), "{shown}");

    // Grundy values of small sets against the definition, well past one period.
    let m = *amounts.last().unwrap();
    if m > 64 || amounts.len() > 16 {
        return;
    }
    let grundy = SubtractionGrundy::new(&set, 1 << 16);
    let len = 4096;
    let want = naive(amounts, len);
    for (n, &w) in want.iter().enumerate() {
        let got = grundy.value(&Nat::from(n as u64));
        assert_eq!(got, Ok(w), "g({n}) of {shown}");
    }
    if let Some(p) = grundy.prove_period() {
        for n in 0..len {
            if n as u64 >= p.preperiod + p.period {
                assert_eq!(want[n], want[n - p.period as usize], "period {p:?} at {n}");
            }
        }
        if p.preperiod + p.period > len as u64 {
            return;
        }
        // A huge pile is answered from the period.
        let big = Nat::parse_decimal(b"123456789012345678901234567890").unwrap();
        let r =
            (123456789012345678901234567890u128 - u128::from(p.preperiod)) % u128::from(p.period);
        let expect = want[(p.preperiod as u128 + r) as usize];
        assert_eq!(grundy.value(&big), Ok(expect));
    }
});
