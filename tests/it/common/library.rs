//! Bridging plain numbers and the library's types, for tests that call the library directly.

use nimsolve::{Nat, Play};
use proptest::prelude::*;

/// Machine-word piles as the library's numbers.
pub fn nats(piles: &[u64]) -> Vec<Nat> {
    piles.iter().map(|&p| Nat::from(p)).collect()
}

/// The library's numbers as machine words (panics on a number beyond 64 bits).
pub fn u64s(piles: &[Nat]) -> Vec<u64> {
    piles
        .iter()
        .map(|p| p.to_u64().expect("small pile"))
        .collect()
}

/// Normal or misère play, for property tests.
pub fn play() -> impl Strategy<Value = Play> {
    prop_oneof![Just(Play::Normal), Just(Play::Misere)]
}
