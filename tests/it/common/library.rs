//! Bridging plain numbers and the library's types, for tests that call the library directly.

use nimsolve::{Game, Nat, Play, Position, Rules, SubtractionSet};
use proptest::prelude::*;

use crate::common::brute::Fam;

/// The rules of an oracle's family, from the library's constructors (not from its spec).
pub fn constructed(fam: &Fam) -> Rules {
    match fam {
        Fam::Nim => Rules::nim(),
        Fam::MaxTake(k) => Rules::max_take(Nat::from(*k)).unwrap(),
        Fam::Finite(set) => Rules::subtract(SubtractionSet::finite(set.clone()).unwrap()),
        Fam::PowersOfTwo => Rules::subtract(SubtractionSet::powers_of_two()),
        Fam::Fibonacci => Rules::subtract(SubtractionSet::fibonacci()),
        Fam::Wythoff => Rules::wythoff(),
    }
}

/// Machine-word piles as the library's numbers.
pub fn nats(piles: &[u64]) -> Vec<Nat> {
    piles.iter().map(|&p| Nat::from(p)).collect()
}

/// The position of `piles` alone under `game`'s default rules (panics when they do not fit).
pub fn at(game: &Game, piles: &[u64]) -> Position {
    game.position(nats(piles)).expect("piles that fit the game")
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
