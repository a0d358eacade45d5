//! Euclid's game (`euclid A B`, Cole and Davie 1969; HDU 1525, POJ 2348): two numbers A, B ≥ 1;
//! a move subtracts a positive multiple of the smaller from the larger, leaving 0 or more.
//! Whoever makes a 0 wins (a pair with a 0 has no move). By [`theory`], the Grundy value folds
//! from the quotients of the Euclidean algorithm, exact at any size, and there is at most one
//! winning move.

pub mod theory;

use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_integer::Integer;

use crate::component::{ComponentGame, Verdict, Whole};
use crate::error::{MoveRule, StateWhy};
use crate::explain::Step;
use crate::games::facts::{FamilyStep, FamilyTheorem};
use crate::games::names::FamilyName;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Play;
use crate::ruleset::{Family, no_argument};
pub use theory::EuclidValue;

/// The spec `euclid`.
pub(crate) static FAMILY: Family = Family {
    keyword: "euclid",
    syntax: "euclid",
    about: "Euclid's game (HDU 1525): two numbers; subtract a positive multiple of the smaller from the larger; who makes a 0 wins",
    parse: |arg| {
        no_argument("euclid", arg)?;
        Ok(Whole::rules(Euclid))
    },
};

/// The rules of Euclid's game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Euclid;

/// The move rule, for the reason a change is no move.
pub const RULE: MoveRule = MoveRule {
    key: FamilyName::Euclid,
};

/// A move of Euclid's game: `times` × `smaller` subtracted from `larger`, leaving `after`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EuclidMove {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// The multiple subtracted.
    pub times: Nat,
    /// The smaller number (the one kept).
    pub smaller: Nat,
    /// The larger number before the move.
    pub larger: Nat,
    /// The two numbers after, in their places.
    pub after: [Nat; 2],
}

fn mul(a: &Nat, b: &Nat) -> Nat {
    Nat::from_biguint(a.to_biguint() * b.to_biguint())
}

/// (index of the larger, the first when equal; the larger; the smaller).
fn order(state: &[Nat]) -> (usize, &Nat, &Nat) {
    if state[0] >= state[1] {
        (0, &state[0], &state[1])
    } else {
        (1, &state[1], &state[0])
    }
}

/// The pair after subtracting `times` × the smaller from the larger.
fn after_times(state: &[Nat], times: &Nat) -> Vec<Nat> {
    let (i, big, small) = order(state);
    let mut after = state.to_vec();
    after[i] = big.saturating_sub(&mul(times, small));
    after
}

/// The move from `before` to `after`, read as a multiple of the smaller subtracted from the
/// larger; `None` when it is none.
pub fn read_move(pile: usize, before: &[Nat], after: &[Nat]) -> Option<EuclidMove> {
    if before.len() != 2 || after.len() != 2 {
        return None;
    }
    let (i, big, small) = order(before);
    if small.is_zero() || after[1 - i] != *small || after[i] >= *big {
        return None;
    }
    let (times, r) = big
        .saturating_sub(&after[i])
        .to_biguint()
        .div_rem(&small.to_biguint());
    if r != BigUint::from(0u32) {
        return None;
    }
    Some(EuclidMove {
        pile,
        times: Nat::from_biguint(times),
        smaller: small.clone(),
        larger: big.clone(),
        after: [after[0].clone(), after[1].clone()],
    })
}

impl ComponentGame for Euclid {
    fn spec(&self) -> String {
        "euclid".to_string()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Euclid,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "euclid"})
    }

    fn rule(&self) -> MoveRule {
        RULE
    }

    fn state_len(&self) -> Option<usize> {
        Some(2)
    }

    fn check_state(&self, state: &[Nat]) -> Result<(), StateWhy> {
        // A 0 ends the game: `euclid 0 5` is the finished position a winning move leaves (and
        // its JSON `after` writes), but no move leaves two 0s.
        if state.iter().all(Nat::is_zero) {
            Err(StateWhy::Zero)
        } else {
            Ok(())
        }
    }

    fn options(&self, state: &[u64], f: &mut dyn FnMut(&[u64])) {
        let [a, b] = *state else { return };
        if a == 0 || b == 0 {
            return;
        }
        let (i, big, small) = if a >= b { (0, a, b) } else { (1, b, a) };
        let mut after = [a, b];
        let mut left = big;
        while left >= small {
            left -= small;
            after[i] = left;
            f(&after);
        }
    }

    fn positions_bound(&self, state: &[u64]) -> Option<u64> {
        // From (a, b), a ≥ b > 0, the moves reach (a − kb, b) for k ≤ ⌊a/b⌋, and only
        // (a mod b, b) leads on, to the next step of Euclid's algorithm: the positions are at
        // most the quotients plus one a step.
        let [a, b] = state else { return None };
        theory::quotients_u64(*a, *b)
            .iter()
            .try_fold(1u64, |n, q| n.checked_add(q.checked_add(1)?))
    }

    fn moves_bound(&self, state: &[u64]) -> u64 {
        // A position (a, b), a ≥ b > 0, has ⌊a/b⌋ moves; those reached have the quotients of
        // the later steps of Euclid's algorithm.
        match state {
            [a, b] => theory::quotients_u64(*a, *b).into_iter().max().unwrap_or(0),
            _ => state.iter().copied().max().unwrap_or(0),
        }
    }

    fn grundy(&self, state: &[Nat]) -> Option<Nat> {
        Some(theory::grundy(&state[0], &state[1]))
    }

    fn moves_to_value(
        &self,
        state: &[Nat],
        target: &Nat,
        f: &mut dyn FnMut(Vec<Nat>) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let (_, big, small) = order(state);
        if small.is_zero() {
            return Some(ControlFlow::Continue(()));
        }
        // big = q·small + r; subtracting (q − j)·small leaves (small, r + j·small), worth v
        // (the value of (r, small)) for j = 0, j − 1 for 1 ≤ j ≤ v, and j for j > v.
        let (q, r) = big.to_biguint().div_rem(&small.to_biguint());
        let (q, r) = (Nat::from_biguint(q), Nat::from_biguint(r));
        let v = theory::grundy(&r, small);
        let j = if *target == v {
            Nat::ZERO
        } else if *target < v {
            target.add(&Nat::ONE)
        } else {
            target.clone()
        };
        if j >= q {
            return Some(ControlFlow::Continue(()));
        }
        let after = after_times(state, &q.saturating_sub(&j));
        if theory::grundy(&after[0], &after[1]) != *target {
            return Some(ControlFlow::Continue(()));
        }
        Some(f(after))
    }

    fn verdict(&self, state: &[Nat], play: Play) -> Option<Verdict> {
        if play == Play::Misere {
            return None;
        }
        let winning = theory::winning_moves(&state[0], &state[1])
            .into_iter()
            .map(|(a, b)| vec![a, b])
            .collect();
        Some(Verdict {
            winning,
            theorem: FamilyTheorem::Euclid,
            fact: None,
        })
    }

    fn explain(&self, state: &[Nat], offset: usize) -> Vec<Step> {
        vec![Step::Family(FamilyStep::Euclid(EuclidValue {
            pile: offset,
            pair: [state[0].clone(), state[1].clone()],
            quotients: theory::quotients(&state[0], &state[1]),
            value: theory::grundy(&state[0], &state[1]),
        }))]
    }

    fn longest_game(&self, state: &[Nat]) -> Option<Nat> {
        // Each move lowers the sum of the quotients by at least 1.
        Some(
            theory::quotients(&state[0], &state[1])
                .iter()
                .fold(Nat::ZERO, |s, q| s.add(q)),
        )
    }

    fn has_move(&self, state: &[Nat]) -> bool {
        state.len() == 2 && !state[0].is_zero() && !state[1].is_zero()
    }

    fn is_option(&self, before: &[Nat], after: &[Nat]) -> bool {
        read_move(0, before, after).is_some()
    }

    fn random_option(&self, state: &[Nat], rng: &mut dyn rand::RngCore) -> Option<Vec<Nat>> {
        let (_, big, small) = order(state);
        if small.is_zero() {
            return None;
        }
        let q = Nat::from_biguint(big.to_biguint() / small.to_biguint());
        let times = crate::nat::uniform_below(rng, &q)?.add(&Nat::ONE);
        Some(after_times(state, &times))
    }
}
