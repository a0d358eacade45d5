//! Staircase Nim as data: coins on steps 1..n; a move takes k ≥ 1 coins from step i down to
//! step i − 1, and coins moved from step 1 leave the staircase.
//!
//! **Theorem.** The Grundy value of a staircase is the nim-sum of the coins on its odd steps
//! (1, 3, 5, …). Proof: a move from an odd step lowers that step, as a Nim move on it; a move
//! from an even step i raises the odd step i − 1. Either changes exactly one odd step, so no
//! move keeps the nim-sum of the odd steps; and every smaller value is reached by a Nim move
//! on an odd step (moving its coins down to the even step below, or off the staircase from
//! step 1). So the value is the mex of the options' values (Sprague–Grundy 1935/39), the
//! nim-sum itself. The coins on even steps only delay: a move that brings coins down onto an
//! odd step can be answered by moving them on to the even step below.

use crate::nat::Nat;

/// The value of a staircase read off its odd steps: the step to explain a component by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaircaseValue {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// The odd steps (1-based) and the coins on each.
    pub odd_steps: Vec<(usize, Nat)>,
    /// Their nim-sum: the Grundy value.
    pub value: Nat,
}

/// The Grundy value of the staircase `coins` (`coins[i]` on step i + 1): the nim-sum of the odd
/// steps.
pub fn grundy(coins: &[Nat]) -> Nat {
    let mut x = Nat::ZERO;
    for c in coins.iter().step_by(2) {
        x.xor_assign(c);
    }
    x
}

/// The step that explains the value of the staircase `coins` whose first step is number `pile`
/// of the whole position.
pub(crate) fn value_step(coins: &[Nat], pile: usize) -> StaircaseValue {
    StaircaseValue {
        pile,
        odd_steps: coins
            .iter()
            .enumerate()
            .step_by(2)
            .map(|(i, c)| (i + 1, c.clone()))
            .collect(),
        value: grundy(coins),
    }
}

/// Every staircase one move from `coins` whose Grundy value is `target`, in step order: from an
/// odd step, the coins that make it `coins ⊕ value ⊕ target` moved down; from an even step, the
/// coins that raise the odd step below to that. Calls `f` until it returns `false`.
pub(crate) fn moves_to_value(coins: &[Nat], target: &Nat, f: &mut dyn FnMut(Vec<Nat>) -> bool) {
    let delta = grundy(coins).xor(target);
    if delta.is_zero() {
        return;
    }
    for i in 0..coins.len() {
        let mut after = coins.to_vec();
        if i % 2 == 0 {
            // Step i + 1 is odd: lower it to c ⊕ δ, the coins going down a step (or off).
            let to = coins[i].xor(&delta);
            let Some(k) = coins[i].checked_sub(&to).filter(|k| !k.is_zero()) else {
                continue;
            };
            after[i] = to;
            if i > 0 {
                after[i - 1] = after[i - 1].add(&k);
            }
        } else {
            // Step i + 1 is even: raise the odd step below it to c ⊕ δ with its own coins.
            let to = coins[i - 1].xor(&delta);
            let Some(k) = to
                .checked_sub(&coins[i - 1])
                .filter(|k| !k.is_zero() && k <= &coins[i])
            else {
                continue;
            };
            after[i] = coins[i].saturating_sub(&k);
            after[i - 1] = to;
        }
        if !f(after) {
            return;
        }
    }
}

/// A random move of the staircase `coins`: a step with coins, uniformly, then how many of its
/// coins move, uniformly; `None` when no step holds a coin.
pub fn random_move(coins: &[Nat], rng: &mut dyn rand::RngCore) -> Option<Vec<Nat>> {
    let steps: Vec<usize> = (0..coins.len()).filter(|&i| !coins[i].is_zero()).collect();
    let pick = crate::nat::uniform_below(rng, &Nat::from(steps.len()))?.to_u64()?;
    let i = *steps.get(usize::try_from(pick).ok()?)?;
    let k = crate::nat::uniform_below(rng, &coins[i])?.add(&Nat::ONE);
    let mut after = coins.to_vec();
    after[i] = coins[i].saturating_sub(&k);
    if i > 0 {
        after[i - 1] = after[i - 1].add(&k);
    }
    Some(after)
}

/// How many moves a game from `coins` can last at most: every move takes a coin one step down,
/// so a coin on step i moves at most i times.
pub fn longest_game(coins: &[Nat]) -> Nat {
    let total = coins
        .iter()
        .enumerate()
        .fold(num_bigint::BigUint::ZERO, |s, (i, c)| {
            s + c.to_biguint() * num_bigint::BigUint::from(i + 1)
        });
    Nat::from_biguint(total)
}

/// A move of staircase Nim: `coins` coins go from step `step` (1-based) down a step, or off the
/// staircase from step 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaircaseMove {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// The step the coins leave (1-based).
    pub step: usize,
    /// How many coins move.
    pub coins: Nat,
    /// The staircase after the move.
    pub after: Vec<Nat>,
}

/// The move from `before` to `after`, read off the step that lost coins; `None` if the change
/// is no move of staircase Nim.
pub fn read_move(pile: usize, before: &[Nat], after: &[Nat]) -> Option<StaircaseMove> {
    if before.len() != after.len() {
        return None;
    }
    let j = (0..before.len()).find(|&i| after[i] < before[i])?;
    let coins = before[j].checked_sub(&after[j])?;
    let mut expect = before.to_vec();
    expect[j] = after[j].clone();
    if j > 0 {
        expect[j - 1] = expect[j - 1].add(&coins);
    }
    (expect == after).then(|| StaircaseMove {
        pile,
        step: j + 1,
        coins,
        after: after.to_vec(),
    })
}
