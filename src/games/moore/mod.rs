//! Moore's Nim_k (`moore:K P1 P2 …`, Moore 1910): piles; a move takes at least one object from
//! each of between 1 and K piles. By Moore's theorem ([`theory`]) a position is lost for the
//! player to move iff every binary column's count of 1s is a multiple of K + 1, at any size,
//! and the theory lists (or counts) the winning moves. Grundy values have no closed form: a
//! sum's are the mex of the options, computed within the search limit.

pub mod theory;

use crate::component::{ComponentGame, Verdict, Whole};
use crate::error::{MoveRule, RuleError};
use crate::explain::Step;
use crate::games::facts::ClosedFormWhy;
use crate::games::facts::{Fact, FamilyStep, FamilyTheorem};
use crate::games::names::FamilyName;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Play;
use crate::ruleset::{Family, SequenceProof, argument, cut};
use theory::{COUNT_WORK, WinningMoves};
pub use theory::{MooreCount, MooreValue};

/// The most winning moves a verdict lists; beyond it the first is listed and the rest counted.
pub(crate) const LISTED: usize = 1000;

/// The spec `moore:K`.
pub(crate) static FAMILY: Family = Family {
    keyword: "moore",
    syntax: "moore:K",
    about: "Moore's Nim_K: take at least one object from each of 1 to K piles",
    parse: |arg| {
        let text = argument("moore:K", arg)?.trim();
        let k = Nat::parse_decimal(text.as_bytes())
            .ok()
            .and_then(|k| k.to_u64())
            .filter(|&k| k >= 1)
            .ok_or_else(|| RuleError::BadMultiplier {
                game: "moore",
                text: cut(text),
            })?;
        Ok(Whole::rules(Moore { k }))
    },
};

/// Moore's Nim_k.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moore {
    k: u64,
}

/// The move rule, for the reason a change is no move.
pub const RULE: MoveRule = MoveRule {
    key: FamilyName::Moore,
};

impl ComponentGame for Moore {
    fn spec(&self) -> String {
        format!("moore:{}", self.k)
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Moore,
            arg: Some(self.k.to_string()),
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "moore", "k": self.k})
    }

    fn rule(&self) -> MoveRule {
        RULE
    }

    fn options(&self, state: &[u64], f: &mut dyn FnMut(&[u64])) {
        let live: Vec<usize> = (0..state.len()).filter(|&i| state[i] > 0).collect();
        let mut after = state.to_vec();
        let most = (self.k as usize).min(live.len());
        for size in 1..=most {
            let mut set: Vec<usize> = (0..size).collect();
            loop {
                let chosen: Vec<usize> = set.iter().map(|&i| live[i]).collect();
                reductions(&chosen, 0, &mut after, state, f);
                if !next_set(&mut set, live.len()) {
                    break;
                }
            }
        }
    }

    fn canonical(&self, state: &mut [u64]) {
        state.sort_unstable();
    }

    fn positions_bound(&self, state: &[u64]) -> Option<u64> {
        state
            .iter()
            .try_fold(1u64, |acc, &x| acc.checked_mul(x.checked_add(1)?))
    }

    fn moves_bound(&self, state: &[u64]) -> u64 {
        self.positions_bound(state).unwrap_or(u64::MAX)
    }

    fn verdict(&self, state: &[Nat], play: Play) -> Option<Verdict> {
        if play == Play::Misere {
            return None;
        }
        let (winning, fact) = match theory::winning_moves(self.k, state, LISTED, COUNT_WORK) {
            WinningMoves::Every(all) => (all, None),
            WinningMoves::Count(n) => (
                theory::winning_move(self.k, state).into_iter().collect(),
                Some(Fact::Moore(MooreCount::Exactly(n))),
            ),
            WinningMoves::AtLeast(n) => (
                theory::winning_move(self.k, state).into_iter().collect(),
                Some(Fact::Moore(MooreCount::AtLeast(n))),
            ),
        };
        Some(Verdict {
            winning,
            theorem: FamilyTheorem::Moore,
            fact,
        })
    }

    fn explain(&self, state: &[Nat], offset: usize) -> Vec<Step> {
        let mut columns = theory::columns(state);
        columns.reverse();
        vec![Step::Family(FamilyStep::Moore(MooreValue {
            pile: offset,
            k: self.k,
            columns,
        }))]
    }

    fn longest_game(&self, state: &[Nat]) -> Option<Nat> {
        Some(state.iter().fold(Nat::ZERO, |s, p| s.add(p)))
    }

    fn sequence_proof(&self) -> SequenceProof {
        SequenceProof::ClosedForm {
            formula: "g(n) = n".into(),
            period: None,
            reason: Some(ClosedFormWhy::MooreOnePile),
        }
    }

    fn has_move(&self, state: &[Nat]) -> bool {
        state.iter().any(|p| !p.is_zero())
    }

    fn is_option(&self, before: &[Nat], after: &[Nat]) -> bool {
        if before.len() != after.len() {
            return false;
        }
        let mut changed = 0u64;
        for (b, a) in before.iter().zip(after) {
            if a > b {
                return false;
            }
            if a < b {
                changed += 1;
            }
        }
        (1..=self.k).contains(&changed)
    }

    fn random_option(&self, state: &[Nat], rng: &mut dyn rand::RngCore) -> Option<Vec<Nat>> {
        // One pile with objects, then how many of them are left: a move (not uniform among
        // all of them, which may be astronomically many).
        let live: Vec<usize> = (0..state.len()).filter(|&i| !state[i].is_zero()).collect();
        let i = live[crate::nat::uniform_below(rng, &Nat::from(live.len()))?.to_u64()? as usize];
        let mut after = state.to_vec();
        after[i] = crate::nat::uniform_below(rng, &state[i])?;
        Some(after)
    }
}

/// Calls `f` with every way of lowering each pile of `chosen[at..]` by at least 1.
fn reductions(
    chosen: &[usize],
    at: usize,
    after: &mut Vec<u64>,
    piles: &[u64],
    f: &mut dyn FnMut(&[u64]),
) {
    let Some(&i) = chosen.get(at) else {
        f(after);
        return;
    };
    for left in 0..piles[i] {
        after[i] = left;
        reductions(chosen, at + 1, after, piles, f);
    }
    after[i] = piles[i];
}

/// The next set of `set.len()` indices below `n`, lexicographically; `false` after the last.
fn next_set(set: &mut [usize], n: usize) -> bool {
    let r = set.len();
    for i in (0..r).rev() {
        if set[i] < n - r + i {
            set[i] += 1;
            for j in i + 1..r {
                set[j] = set[j - 1] + 1;
            }
            return true;
        }
    }
    false
}
