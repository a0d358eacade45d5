//! Sliding pieces (`slide X1 X2 …`, POJ 1704 "Georgia and Bob"): pieces on distinct cells
//! 1, 2, … of a strip; a move shifts one piece left by one cell or more, neither passing nor
//! landing on another piece, nor leaving the strip. The player who cannot move loses.
//!
//! **As a staircase.** With the pieces sorted, p₁ < p₂ < … < pₘ, let the gaps be g₁ = p₁ − 1
//! and gᵢ = pᵢ − pᵢ₋₁ − 1. Moving piece i left by d takes d from gap i and adds it to gap
//! i + 1 (the last piece's gap loses it). That is staircase Nim on the gaps read from the right
//! (step 1 is gₘ, step 2 is gₘ₋₁, …), so the value is the nim-sum of gₘ, gₘ₋₂, …: pair the
//! pieces from the right, (pₘ₋₁, pₘ), (pₘ₋₃, pₘ₋₂), …, the leftmost alone against the wall
//! when m is odd, and take the nim-sum of the gaps inside the pairs ([`crate::games::staircase::theory`]).

pub mod theory;

use std::ops::ControlFlow;

use crate::component::{ComponentGame, Verdict, Whole};
use crate::error::{MoveRule, StateWhy};
use crate::explain::Step;
use crate::games::facts::ClosedFormWhy;
use crate::games::facts::{FamilyStep, FamilyTheorem};
use crate::games::names::FamilyName;
use crate::games::staircase::theory as staircase;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Play;
use crate::ruleset::{Family, SequenceProof, no_argument};
pub use theory::{SlideMove, SlideValue, read_move};

/// The spec `slide`.
pub(crate) static FAMILY: Family = Family {
    keyword: "slide",
    syntax: "slide",
    about: "sliding pieces on a strip (POJ 1704): move one piece left, never onto or past another, nor off cell 1",
    parse: |arg| {
        no_argument("slide", arg)?;
        Ok(Whole::rules(Slide))
    },
};

/// The rules of sliding pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slide;

/// The move rule, for the reason a change is no move.
pub const RULE: MoveRule = MoveRule {
    key: FamilyName::Slide,
};

/// The order of the pieces from the left (indices into `cells`) and the staircase of their
/// gaps read from the right.
fn as_staircase(cells: &[Nat]) -> (Vec<usize>, Vec<Nat>) {
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by(|&a, &b| cells[a].cmp(&cells[b]));
    let mut gaps = Vec::with_capacity(cells.len());
    let mut wall = Nat::ZERO;
    for &i in &order {
        gaps.push(cells[i].saturating_sub(&wall).saturating_sub(&Nat::ONE));
        wall = cells[i].clone();
    }
    gaps.reverse();
    (order, gaps)
}

/// The cells of the pieces, in the order written, from the staircase of their gaps.
fn from_staircase(order: &[usize], steps: &[Nat]) -> Vec<Nat> {
    let mut cells = vec![Nat::ZERO; order.len()];
    let mut wall = Nat::ZERO;
    for (k, &i) in order.iter().enumerate() {
        let gap = &steps[steps.len() - 1 - k];
        wall = wall.add(gap).add(&Nat::ONE);
        cells[i] = wall.clone();
    }
    cells
}

/// The value of a row of pieces with its pairs, for an explanation.
pub(crate) fn value_step(cells: &[Nat], pile: usize) -> SlideValue {
    let mut sorted = cells.to_vec();
    sorted.sort();
    let mut pairs = Vec::new();
    let mut right = sorted.len();
    while right > 0 {
        let r = sorted[right - 1].clone();
        let l = (right >= 2).then(|| sorted[right - 2].clone());
        let gap = r
            .saturating_sub(l.as_ref().unwrap_or(&Nat::ZERO))
            .saturating_sub(&Nat::ONE);
        pairs.push((l, r, gap));
        right = right.saturating_sub(2);
    }
    let (_, steps) = as_staircase(cells);
    SlideValue {
        pile,
        pairs,
        value: staircase::grundy(&steps),
    }
}

impl ComponentGame for Slide {
    fn spec(&self) -> String {
        "slide".to_string()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Slide,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "slide"})
    }

    fn rule(&self) -> MoveRule {
        RULE
    }

    fn check_state(&self, state: &[Nat]) -> Result<(), StateWhy> {
        if state.iter().any(Nat::is_zero) {
            return Err(StateWhy::CellZero);
        }
        let mut sorted = state.to_vec();
        sorted.sort();
        match sorted.windows(2).find(|w| w[0] == w[1]) {
            Some(w) => Err(StateWhy::SameCell { cell: w[0].clone() }),
            None => Ok(()),
        }
    }

    fn options(&self, state: &[u64], f: &mut dyn FnMut(&[u64])) {
        let mut after = state.to_vec();
        for i in 0..state.len() {
            // The nearest piece to the left of piece i, or the wall at cell 0.
            let wall = state
                .iter()
                .copied()
                .filter(|&c| c < state[i])
                .max()
                .unwrap_or(0);
            for to in (wall + 1..state[i]).rev() {
                after[i] = to;
                f(&after);
            }
            after[i] = state[i];
        }
    }

    fn canonical(&self, state: &mut [u64]) {
        state.sort_unstable();
    }

    fn positions_bound(&self, state: &[u64]) -> Option<u64> {
        let mut sorted = state.to_vec();
        sorted.sort_unstable();
        // Piece k from the left stays on cells k..its own.
        sorted.iter().enumerate().try_fold(1u64, |acc, (k, &c)| {
            acc.checked_mul(c.saturating_sub(k as u64))
        })
    }

    fn moves_bound(&self, state: &[u64]) -> u64 {
        state.iter().copied().max().unwrap_or(0)
    }

    fn grundy(&self, state: &[Nat]) -> Option<Nat> {
        Some(staircase::grundy(&as_staircase(state).1))
    }

    fn moves_to_value(
        &self,
        state: &[Nat],
        target: &Nat,
        f: &mut dyn FnMut(Vec<Nat>) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let (order, steps) = as_staircase(state);
        let mut flow = ControlFlow::Continue(());
        staircase::moves_to_value(&steps, target, &mut |after| {
            flow = f(from_staircase(&order, &after));
            flow.is_continue()
        });
        Some(flow)
    }

    fn verdict(&self, state: &[Nat], play: Play) -> Option<Verdict> {
        if play == Play::Misere {
            return None;
        }
        let mut winning = Vec::new();
        self.moves_to_value(state, &Nat::ZERO, &mut |after| {
            winning.push(after);
            ControlFlow::Continue(())
        });
        Some(Verdict {
            winning,
            theorem: FamilyTheorem::Slide,
            fact: None,
        })
    }

    fn explain(&self, state: &[Nat], offset: usize) -> Vec<Step> {
        vec![Step::Family(FamilyStep::Slide(value_step(state, offset)))]
    }

    fn longest_game(&self, state: &[Nat]) -> Option<Nat> {
        Some(staircase::longest_game(&as_staircase(state).1))
    }

    fn sequence_proof(&self) -> SequenceProof {
        SequenceProof::ClosedForm {
            formula: "g(n) = n − 1, n ≥ 1".into(),
            period: None,
            reason: Some(ClosedFormWhy::SlideGaps),
        }
    }

    fn has_move(&self, state: &[Nat]) -> bool {
        as_staircase(state).1.iter().any(|g| !g.is_zero())
    }

    fn is_option(&self, before: &[Nat], after: &[Nat]) -> bool {
        read_move(0, before, after).is_some() && self.check_state(after).is_ok() && {
            // No piece passed another: the order from the left is kept.
            as_staircase(before).0 == as_staircase(after).0
        }
    }

    fn random_option(&self, state: &[Nat], rng: &mut dyn rand::RngCore) -> Option<Vec<Nat>> {
        let (order, steps) = as_staircase(state);
        Some(from_staircase(
            &order,
            &staircase::random_move(&steps, rng)?,
        ))
    }

    fn random_state(
        &self,
        count: usize,
        max: &Nat,
        rng: &mut dyn rand::RngCore,
    ) -> Option<Vec<Nat>> {
        // Distinct cells 1..=max + count − 1: gaps drawn at random, in a random order.
        let mut cells = Vec::with_capacity(count);
        let mut wall = Nat::ZERO;
        for _ in 0..count {
            let gap = crate::nat::uniform_below(rng, max)?;
            wall = wall.add(&gap).add(&Nat::ONE);
            cells.push(wall.clone());
        }
        Some(cells)
    }
}
