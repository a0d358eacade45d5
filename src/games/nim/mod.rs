//! Nim: take any positive number of objects from one pile. A heap of n has Grundy value n, and
//! Bouton's theorem (1901) decides sums of heaps under both play conventions ([`theory`]).

use std::ops::ControlFlow;

use crate::error::{IllegalMove, SolveError};
use crate::explain::Step;
use crate::games::facts::{Fact, FamilyStep, FamilyTheorem};
use crate::games::names::FamilyName;
pub use crate::games::nim::theory::LargestPile;
use crate::games::nim::theory::{Bouton, NimFact};
use crate::moves::{Move, WordTake};
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::{Limits, Play};
use crate::ruleset::{
    ClosedSum, CountedSum, Family, Rules, Ruleset, SequenceProof, WordSum, no_argument,
};

pub mod theory;

/// Nim's spec: `nim`.
pub(crate) static FAMILY: Family = Family {
    keyword: "nim",
    syntax: "nim",
    about: "Nim: take any positive number from one pile",
    parse: |arg| {
        no_argument("nim", arg)?;
        Ok(Rules::nim())
    },
};

/// What Bouton's theorem decides of a sum of heaps whose fact is `fact`.
fn closed_sum(fact: NimFact, play: Play) -> ClosedSum {
    ClosedSum {
        outcome: fact.state.outcome(play),
        theorem: FamilyTheorem::Nim(Bouton::under(play)),
        grundy: (play == Play::Normal).then(|| fact.summary.nim_sum.clone()),
        fact: Fact::Nim(fact),
    }
}

/// Nim's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Nim;

impl Ruleset for Nim {
    fn spec(&self) -> String {
        "nim".into()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Nim,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "nim"})
    }

    fn misere_known_tame(&self) -> bool {
        true
    }

    fn heaps_are_a_multiset(&self) -> bool {
        true
    }

    /// Nim is the position grammar's default game.
    fn written_without_spec(&self) -> bool {
        true
    }

    /// Bouton's theorem on every heap of the sum: the nim-sum and the state decide.
    fn closed_sum(&self, piles: &[Nat], play: Play) -> Option<ClosedSum> {
        Some(closed_sum(NimFact::of(piles), play))
    }

    /// A heap's value is its size.
    fn closed_sum_moves(
        &self,
        piles: &[Nat],
        fact: &Fact,
        play: Play,
        moves: &mut Vec<Move>,
        heap_values: &mut Vec<Nat>,
    ) {
        if let Fact::Nim(n) = fact {
            theory::winning_moves_into(piles, &n.summary, play, moves);
            if play == Play::Normal {
                heap_values.extend_from_slice(piles);
            }
        }
    }

    fn closed_sum_counted(&self, piles: &[Nat], play: Play) -> Option<CountedSum> {
        let (fact, winning_moves, chosen) = theory::counted(piles, play);
        Some(CountedSum {
            closed: closed_sum(fact, play),
            winning_moves,
            chosen,
        })
    }

    fn closed_sum_words(
        &self,
        piles: &[u64],
        play: Play,
        at_most: usize,
        moves: &mut Vec<WordTake>,
    ) -> Option<WordSum> {
        let (fact, winning_moves) = theory::word_verdict(piles, play, at_most, moves);
        Some(WordSum {
            closed: closed_sum(fact, play),
            winning_moves,
            move_left: piles.iter().any(|&v| v > 0),
            heaps_are_values: true,
        })
    }

    fn allows_take(&self, _take: &Nat) -> Result<(), IllegalMove> {
        Ok(())
    }

    fn take_count(&self, p: &Nat) -> Nat {
        p.clone()
    }

    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat> {
        (k < p).then(|| k.add(&Nat::ONE))
    }

    fn take_at(&self, p: u64, k: usize) -> Option<u64> {
        let t = (k as u64).checked_add(1)?;
        (t <= p).then_some(t)
    }

    fn heap_grundy(&self, p: &Nat, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(Some(p.clone()))
    }

    fn heap_options_with_value(
        &self,
        p: &Nat,
        _g: &Nat,
        target: &Nat,
        _limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        Ok(if target < p {
            f(Move::pile_to(p, target.clone()))
        } else {
            ControlFlow::Continue(())
        })
    }

    /// The largest pile against the nim-sum of the others.
    fn explain_alone(
        &self,
        piles: &[Nat],
        offset: usize,
        _limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        Ok(largest_pile(piles, offset)
            .map(|s| Step::Family(FamilyStep::Nim(s)))
            .into_iter()
            .collect())
    }

    /// Nothing: a heap's value is its size.
    fn explain_value(
        &self,
        _piles: &[Nat],
        _offset: usize,
        _limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        Ok(Vec::new())
    }

    /// The tokens: every move takes one or more.
    fn longest_game(&self, piles: &[Nat]) -> Option<Nat> {
        Some(piles.iter().fold(Nat::ZERO, |s, p| s.add(p)))
    }

    fn sequence_proof(&self, _limits: &Limits) -> SequenceProof {
        SequenceProof::ClosedForm {
            formula: "g(n) = n".into(),
            period: None,
            reason: None,
        }
    }
}

/// Nim's largest pile against the nim-sum of the others; `None` when every pile is empty.
fn largest_pile(piles: &[Nat], offset: usize) -> Option<LargestPile> {
    let mut best: Option<usize> = None;
    for (i, p) in piles.iter().enumerate() {
        if !p.is_zero() && best.is_none_or(|j| p > &piles[j]) {
            best = Some(i);
        }
    }
    let i = best?;
    let mut others = Nat::ZERO;
    for (j, p) in piles.iter().enumerate() {
        if j != i {
            others.xor_assign(p);
        }
    }
    let size = piles[i].clone();
    let to = (others < size).then(|| Move::Pile {
        pile: offset + i,
        from: size.clone(),
        to: others.clone(),
    });
    Some(LargestPile {
        pile: offset + i,
        size,
        others,
        to,
    })
}
