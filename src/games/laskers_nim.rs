//! Lasker's Nim (E. Lasker, *Brettspiele der Völker*, 1931; Winning Ways, ch. 4; HDU 3032): a
//! move takes any positive number of tokens from one heap, or breaks a heap into two non-empty
//! heaps without taking any. Its Grundy values have a closed form, proven by induction on n
//! (Winning Ways, ch. 4): g(0) = 0 and, for k ≥ 0, g(4k+1) = 4k+1, g(4k+2) = 4k+2,
//! g(4k+3) = 4k+4, g(4k+4) = 4k+3. The tests check it against the mex of every option of the
//! first thousands of heaps. g is its own inverse, and heaps of any size are answered exactly.

use crate::games::facts::ClosedFormWhy;
use crate::games::names::FamilyName;
use crate::games::take_and_break::theory::{BreakRule, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};
use crate::games::take_and_break::{HeapValues, TakeAndBreak};
use crate::name::Name;
use crate::nat::Nat;
use crate::ruleset::{Family, Rules, no_argument};

/// The spec `laskers-nim`.
pub(crate) static FAMILY: Family = Family {
    keyword: "laskers-nim",
    syntax: "laskers-nim",
    about: "Lasker's Nim: take any number from one heap, or break a heap in two",
    parse: |arg| {
        no_argument("laskers-nim", arg)?;
        Ok(rules())
    },
};

/// The rules of Lasker's Nim.
pub fn rules() -> Rules {
    Rules::new(TakeAndBreak::new(
        "laskers-nim".into(),
        Name {
            key: FamilyName::LaskersNim,
            arg: None,
        },
        serde_json::json!({"kind": "laskers_nim"}),
        // d0 = 4 (break in two), every other amount 3 (leave nothing or one heap).
        BreakRule::new(vec![LEAVE_TWO], LEAVE_NONE | LEAVE_ONE, false),
        HeapValues::ClosedForm {
            value: grundy,
            heap_of: grundy,
            formula: "g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3",
            reason: ClosedFormWhy::LaskersNim,
        },
    ))
}

/// The Grundy value of a heap of `n` in Lasker's Nim (its own inverse).
pub fn grundy(n: &Nat) -> Nat {
    match n.rem_u64(4) {
        3 => n.add(&Nat::ONE),
        0 if !n.is_zero() => n.saturating_sub(&Nat::ONE),
        _ => n.clone(),
    }
}
