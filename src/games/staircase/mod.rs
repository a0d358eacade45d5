//! Staircase Nim (`staircase C1 C2 … Cn`): coins on steps 1..n; a move takes k ≥ 1 coins from
//! one step down to the step below, and coins moved from step 1 leave. The player who cannot
//! move loses. By the theorem of [`theory`], a staircase is worth the nim-sum of its odd steps,
//! for any number of coins (a position is P iff that nim-sum is 0), and every winning move
//! follows: a Nim move on an odd step, or coins from an even step that raise the odd step
//! below.

pub mod theory;

use std::ops::ControlFlow;

use crate::component::{ComponentGame, Verdict, Whole};
use crate::error::MoveRule;
use crate::explain::Step;
use crate::games::facts::ClosedFormWhy;
use crate::games::facts::{FamilyStep, FamilyTheorem};
use crate::games::names::FamilyName;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Play;
use crate::ruleset::{Family, SequenceProof, no_argument};

/// The spec `staircase`.
pub(crate) static FAMILY: Family = Family {
    keyword: "staircase",
    syntax: "staircase",
    about: "staircase Nim: coins on steps 1, 2, …; move any number of coins from one step to the step below (off the stairs from step 1)",
    parse: |arg| {
        no_argument("staircase", arg)?;
        Ok(Whole::rules(Staircase))
    },
};

/// Staircase Nim's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Staircase;

/// The move rule, for the reason a change is no move.
pub const RULE: MoveRule = MoveRule {
    key: FamilyName::Staircase,
};

impl ComponentGame for Staircase {
    fn spec(&self) -> String {
        "staircase".to_string()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Staircase,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "staircase"})
    }

    fn rule(&self) -> MoveRule {
        RULE
    }

    fn options(&self, state: &[u64], f: &mut dyn FnMut(&[u64])) {
        let mut after = state.to_vec();
        for i in 0..state.len() {
            for k in 1..=state[i] {
                after[i] = state[i] - k;
                if i > 0 {
                    after[i - 1] = state[i - 1] + k;
                }
                f(&after);
            }
            after[i] = state[i];
            if i > 0 {
                after[i - 1] = state[i - 1];
            }
        }
    }

    fn positions_bound(&self, state: &[u64]) -> Option<u64> {
        // Coins only move down: step j holds at most the coins now on steps j and above, so
        // a reachable staircase is one of Π_j (that many + 1) count vectors.
        let mut product: u64 = 1;
        let mut above: u64 = 0;
        for &c in state.iter().rev() {
            above = above.checked_add(c)?;
            product = product.checked_mul(above.checked_add(1)?)?;
        }
        Some(product)
    }

    fn moves_bound(&self, state: &[u64]) -> u64 {
        state
            .iter()
            .fold(0u64, |s, &c| s.saturating_add(c))
            .saturating_mul(state.len() as u64)
    }

    fn grundy(&self, state: &[Nat]) -> Option<Nat> {
        Some(theory::grundy(state))
    }

    fn moves_to_value(
        &self,
        state: &[Nat],
        target: &Nat,
        f: &mut dyn FnMut(Vec<Nat>) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let mut flow = ControlFlow::Continue(());
        theory::moves_to_value(state, target, &mut |after| {
            flow = f(after);
            flow.is_continue()
        });
        Some(flow)
    }

    fn verdict(&self, state: &[Nat], play: Play) -> Option<Verdict> {
        if play == Play::Misere {
            return None;
        }
        let mut winning = Vec::new();
        theory::moves_to_value(state, &Nat::ZERO, &mut |after| {
            winning.push(after);
            true
        });
        Some(Verdict {
            winning,
            theorem: FamilyTheorem::Staircase,
            fact: None,
        })
    }

    fn explain(&self, state: &[Nat], offset: usize) -> Vec<Step> {
        vec![Step::Family(FamilyStep::Staircase(theory::value_step(
            state, offset,
        )))]
    }

    fn longest_game(&self, state: &[Nat]) -> Option<Nat> {
        Some(theory::longest_game(state))
    }

    fn sequence_proof(&self) -> SequenceProof {
        SequenceProof::ClosedForm {
            formula: "g(n) = n".into(),
            period: None,
            reason: Some(ClosedFormWhy::StaircaseOddSteps),
        }
    }

    fn has_move(&self, state: &[Nat]) -> bool {
        state.iter().any(|c| !c.is_zero())
    }

    fn is_option(&self, before: &[Nat], after: &[Nat]) -> bool {
        theory::read_move(0, before, after).is_some()
    }

    fn random_option(&self, state: &[Nat], rng: &mut dyn rand::RngCore) -> Option<Vec<Nat>> {
        theory::random_move(state, rng)
    }
}

/// The words of a move of a staircase component (its steps `before`, the first at `pile` of
/// the whole position, and after).
pub fn move_words(pile: usize, before: &[Nat], after: &[Nat]) -> Option<theory::StaircaseMove> {
    theory::read_move(pile, before, after)
}
