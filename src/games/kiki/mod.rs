//! Kiki's game (HDU 2147 "kiki's game"): a coin on an n × m board starts in the top right
//! corner; a move takes it one square left, one down, or one diagonally down-left; a player who
//! cannot move loses.
//!
//! **As two piles.** A position is the coin's distance to the bottom edge and to the left edge,
//! (a, b) — the starting corner of an n × m board is (n − 1, m − 1). A move takes 1 from one
//! pile, or 1 from both (a king's move towards the corner, one step at a time).
//!
//! **Closed form.** g(a, b) = 0 when a and b are both even, 2 when both are odd, and when
//! exactly one is odd, 1 if the odd one is the larger and 3 if it is the smaller. Proof, by
//! induction on a + b: from (even, even) every move leaves an odd pile (values 1, 2, 3, never
//! 0); from (odd, odd) the diagonal move reaches (even, even) = 0 and the other two reach 1 or
//! 3, at least one of them 1 (to the pair whose odd pile is the larger: take from the smaller
//! pile, or from either when equal), never 2; from (odd a, even b) the move from a reaches 0,
//! the move from b (if b ≥ 1) reaches 2 and the diagonal move reaches (even, odd), of value 1
//! iff b > a — so the mex is 3 when b > a and 1 when b < a (or b = 0); the other case is
//! symmetric. In particular the player to move loses iff both piles are even: on an n × m board
//! kiki, who starts, loses iff n and m are both odd.

pub mod theory;

use std::ops::ControlFlow;

use rand::RngCore;

use crate::error::{IllegalMove, MoveError, SolveError};
use crate::explain::Step;
use crate::games::facts::FamilyStep;
pub use crate::games::kiki::theory::KikiValue;
use crate::games::names::FamilyName;
use crate::moves::Move;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Limits;
use crate::ruleset::{BothPiles, Family, Rules, Ruleset, SequenceProof, no_argument};

/// The spec `kiki`.
pub(crate) static FAMILY: Family = Family {
    keyword: "kiki",
    syntax: "kiki",
    about: "kiki's game on two piles (a coin's distances to two edges): take 1 from one pile, or 1 from both",
    parse: |arg| {
        no_argument("kiki", arg)?;
        Ok(Rules::new(Kiki))
    },
};

/// Kiki's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kiki;

/// The Grundy value of (a, b) given the parities and the order of the piles.
fn value(a_odd: bool, b_odd: bool, a_less: bool, b_less: bool) -> u8 {
    match (a_odd, b_odd) {
        (false, false) => 0,
        (true, true) => 2,
        // Exactly one is odd: 1 if it is the larger.
        (true, false) => {
            if b_less {
                1
            } else {
                3
            }
        }
        (false, true) => {
            if a_less {
                1
            } else {
                3
            }
        }
    }
}

/// The Grundy value of (a, b) (the closed form above).
pub fn grundy(a: &Nat, b: &Nat) -> u8 {
    value(a.bit(0), b.bit(0), a < b, b < a)
}

fn grundy_u64(a: u64, b: u64) -> u8 {
    value(a % 2 == 1, b % 2 == 1, a < b, b < a)
}

/// Where the coin steps: down (pile 1, the distance to the bottom edge, loses 1), left (pile 2,
/// the distance to the left edge) or diagonally down-left (both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CoinStep {
    /// One square down.
    Down,
    /// One square left.
    Left,
    /// One square diagonally down-left.
    Diagonal,
}

/// A move of kiki's game in the component whose first pile is `pile` (0-based, in the whole
/// position): the coin steps to `to`, its distances to the bottom and left edges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoinMove {
    /// 0-based index of the component's first pile.
    pub pile: usize,
    /// The step.
    pub step: CoinStep,
    /// The coin's place after it.
    pub to: [Nat; 2],
}

/// The words of `mv` in a kiki component of `piles` (its two piles, the first at `offset` in
/// the whole position); `None` for a move that does not fit them.
pub fn move_words(piles: &[Nat], offset: usize, mv: &Move) -> Option<CoinMove> {
    let [a, b] = piles else {
        return None;
    };
    let after = mv.clone().unshifted(offset)?.apply(piles).ok()?;
    let [a2, b2] = &after[..] else {
        return None;
    };
    let step = match (a2 < a, b2 < b) {
        (true, true) => CoinStep::Diagonal,
        (true, false) => CoinStep::Down,
        _ => CoinStep::Left,
    };
    Some(CoinMove {
        pile: offset,
        step,
        to: [a2.clone(), b2.clone()],
    })
}

/// The moves of (a, b) and the piles after each: from both piles first, then from the first,
/// then from the second.
fn moves(a: &Nat, b: &Nat) -> Vec<(Move, Nat, Nat)> {
    let one = Nat::ONE;
    let mut out = Vec::new();
    if let (Some(a1), Some(b1)) = (a.checked_sub(&one), b.checked_sub(&one)) {
        out.push((
            Move::Both {
                pile: 0,
                take: one.clone(),
            },
            a1,
            b1,
        ));
    }
    if let Some(a1) = a.checked_sub(&one) {
        out.push((
            Move::pile(&[a.clone(), b.clone()], 0, a1.clone()),
            a1,
            b.clone(),
        ));
    }
    if let Some(b1) = b.checked_sub(&one) {
        out.push((
            Move::pile(&[a.clone(), b.clone()], 1, b1.clone()),
            a.clone(),
            b1,
        ));
    }
    out
}

impl Ruleset for Kiki {
    fn spec(&self) -> String {
        "kiki".into()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Kiki,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "kiki"})
    }

    fn component_piles(&self) -> Option<usize> {
        Some(2)
    }

    fn takes_from_both(&self) -> bool {
        true
    }

    fn both_piles(&self) -> BothPiles {
        BothPiles::Exactly(Nat::ONE)
    }

    fn allows_take(&self, take: &Nat) -> Result<(), IllegalMove> {
        if take.is_one() {
            Ok(())
        } else {
            Err(IllegalMove::NotExactly {
                amount: Nat::ONE,
                take: take.clone(),
            })
        }
    }

    fn take_count(&self, p: &Nat) -> Nat {
        if p.is_zero() { Nat::ZERO } else { Nat::ONE }
    }

    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat> {
        (k.is_zero() && !p.is_zero()).then_some(Nat::ONE)
    }

    fn take_at(&self, p: u64, k: usize) -> Option<u64> {
        (k == 0 && p >= 1).then_some(1)
    }

    fn heap_grundy(&self, _p: &Nat, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(None)
    }

    fn heap_options_with_value(
        &self,
        _p: &Nat,
        _g: &Nat,
        _target: &Nat,
        _limits: &Limits,
        _f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        Ok(ControlFlow::Continue(()))
    }

    fn sequence_proof(&self, _limits: &Limits) -> SequenceProof {
        SequenceProof::Table
    }

    /// The closed form by the parities, at any size.
    fn explain_value(
        &self,
        piles: &[Nat],
        offset: usize,
        _limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        Ok(vec![Step::Family(FamilyStep::Kiki(KikiValue {
            pile: offset,
            piles: (piles[0].clone(), piles[1].clone()),
            value: Nat::from(u64::from(grundy(&piles[0], &piles[1]))),
        }))])
    }

    /// The closed form, at any size.
    fn grundy(&self, piles: &[Nat], _limits: &Limits) -> Result<Nat, SolveError> {
        Ok(Nat::from(u64::from(grundy(&piles[0], &piles[1]))))
    }

    fn moves_changing_grundy(
        &self,
        piles: &[Nat],
        offset: usize,
        delta: &Nat,
        _limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        let g = Nat::from(u64::from(grundy(&piles[0], &piles[1])));
        let target = g.xor(delta);
        for (mv, a, b) in moves(&piles[0], &piles[1]) {
            if Nat::from(u64::from(grundy(&a, &b))) == target && f(mv.shifted(offset)).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn pair_table(&self, n: usize) -> Option<Vec<Vec<u32>>> {
        Some(
            (0..=n as u64)
                .map(|a| {
                    (0..=n as u64)
                        .map(|b| u32::from(grundy_u64(a, b)))
                        .collect()
                })
                .collect(),
        )
    }

    fn check_move(&self, _piles: &[Nat], offset: usize, mv: &Move) -> Result<(), MoveError> {
        match mv {
            Move::Both { pile, .. } if *pile != offset => {
                Err(IllegalMove::DiagonalOfOneComponent.into())
            }
            Move::Split { .. } => Err(IllegalMove::NoSplit.into()),
            _ => Ok(self.allows_take(&mv.take())?),
        }
    }

    fn random_choices(&self, piles: &[Nat]) -> usize {
        let nonempty = piles.iter().filter(|p| !p.is_zero()).count();
        nonempty + usize::from(nonempty == 2)
    }

    fn random_move(
        &self,
        piles: &[Nat],
        offset: usize,
        choice: usize,
        _rng: &mut dyn RngCore,
    ) -> Option<Move> {
        let nonempty: Vec<usize> = (0..piles.len()).filter(|&i| !piles[i].is_zero()).collect();
        if let Some(&i) = nonempty.get(choice) {
            return Some(Move::Pile {
                pile: offset + i,
                from: piles[i].clone(),
                to: piles[i].saturating_sub(&Nat::ONE),
            });
        }
        (choice == nonempty.len() && nonempty.len() == 2).then_some(Move::Both {
            pile: offset,
            take: Nat::ONE,
        })
    }

    fn atom_len(&self) -> usize {
        2
    }

    fn canonical_atom(&self, atom: &mut [u64]) {
        if atom[0] > atom[1] {
            atom.swap(0, 1);
        }
    }

    fn atom_is_terminal(&self, atom: &[u64]) -> bool {
        atom[0] == 0 && atom[1] == 0
    }

    fn atom_positions(&self, atom: &[u64]) -> Option<u64> {
        atom[0].checked_add(1)?.checked_mul(atom[1].checked_add(1)?)
    }

    fn atom_moves(&self, _atom: &[u64]) -> u64 {
        3
    }

    /// From both piles, then from the first, then from the second (those that exist).
    fn atom_child(&self, atom: &[u64], k: usize, out: &mut Vec<u64>) -> bool {
        let (a, b) = (atom[0], atom[1]);
        let mut children = Vec::with_capacity(3);
        if a >= 1 && b >= 1 {
            children.push([a - 1, b - 1]);
        }
        if a >= 1 {
            children.push([a - 1, b]);
        }
        if b >= 1 {
            children.push([a, b - 1]);
        }
        match children.get(k) {
            Some(c) => {
                out.extend_from_slice(c);
                true
            }
            None => false,
        }
    }

    fn each_move(&self, piles: &[u64], offset: usize, f: &mut dyn FnMut(Move, &[u64])) {
        let (a, b) = (piles[0], piles[1]);
        if a >= 1 && b >= 1 {
            let mv = Move::Both {
                pile: offset,
                take: Nat::ONE,
            };
            f(mv, &[a - 1, b - 1]);
        }
        if a >= 1 {
            let mv = Move::Pile {
                pile: offset,
                from: Nat::from(a),
                to: Nat::from(a - 1),
            };
            f(mv, &[a - 1, b]);
        }
        if b >= 1 {
            let mv = Move::Pile {
                pile: offset + 1,
                from: Nat::from(b),
                to: Nat::from(b - 1),
            };
            f(mv, &[a, b - 1]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed form against the table computed from the move rule alone.
    #[test]
    fn closed_form_matches_the_definition() {
        let n = 120usize;
        let mut g = vec![vec![0u8; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut options = Vec::new();
                if a > 0 {
                    options.push(g[a - 1][b]);
                }
                if b > 0 {
                    options.push(g[a][b - 1]);
                }
                if a > 0 && b > 0 {
                    options.push(g[a - 1][b - 1]);
                }
                g[a][b] = crate::games::listed::mex(options);
                assert_eq!(grundy_u64(a as u64, b as u64), g[a][b], "({a}, {b})");
            }
        }
    }
}
