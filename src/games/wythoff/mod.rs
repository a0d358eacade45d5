//! Wythoff's game (Wythoff 1907): a component of exactly two piles; a move takes any positive
//! amount from one pile, or the same positive amount from both. Alone, its P-positions are the
//! Wythoff pairs ([`theory`]); in a sum its Grundy value comes from the table of
//! g(a, b), the mex of the values left of, above and diagonally before (a, b).

use std::ops::ControlFlow;

use rand::RngCore;

use crate::error::{IllegalMove, MoveError, SolveError};
use crate::explain::Step;
use crate::games::facts::{Fact, FamilyStep, FamilyTheorem};
use crate::games::names::FamilyName;
use crate::games::nim::Nim;
pub use crate::games::wythoff::theory::{WythoffReach, WythoffStep, WythoffValue, WythoffWhy};
use crate::games::wythoff::theory::{WythoffTheorem, grundy_rect};
use crate::moves::Move;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Limits;
use crate::ruleset::{AloneVerdict, BothPiles, Family, Rules, Ruleset, SequenceProof, no_argument};

pub mod theory;

/// The spec `wythoff`.
pub(crate) static FAMILY: Family = Family {
    keyword: "wythoff",
    syntax: "wythoff",
    about: "Wythoff's game on two piles: take from one pile, or the same amount from both",
    parse: |arg| {
        no_argument("wythoff", arg)?;
        Ok(Rules::wythoff())
    },
};

/// Wythoff's rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wythoff;

impl Wythoff {
    /// The table of g(a', b') for a' ≤ a, b' ≤ b, within the table limit.
    fn table(piles: &[Nat], limits: &Limits) -> Result<Vec<Vec<u32>>, SolveError> {
        let (a, b) = (&piles[0], &piles[1]);
        let side = |p: &Nat| p.to_u64().and_then(|v| v.checked_add(1));
        let entries = side(a)
            .zip(side(b))
            .and_then(|(h, w)| h.checked_mul(w))
            .filter(|&n| n <= limits.table);
        let Some(_) = entries else {
            let needed =
                Nat::from_biguint(a.add(&Nat::ONE).to_biguint() * b.add(&Nat::ONE).to_biguint());
            return Err(SolveError::PairTableLimit {
                spec: "wythoff",
                game: "Wythoff's game",
                piles: Box::new([a.brief(), b.brief()]),
                component: None,
                needed: needed.brief(),
                limit: limits.table,
            });
        };
        let (h, w) = (side(a).unwrap_or(0) as usize, side(b).unwrap_or(0) as usize);
        Ok(grundy_rect(h, w))
    }
}

impl Ruleset for Wythoff {
    fn spec(&self) -> String {
        "wythoff".into()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Wythoff,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "wythoff"})
    }

    fn component_piles(&self) -> Option<usize> {
        Some(2)
    }

    fn takes_from_both(&self) -> bool {
        true
    }

    fn both_piles(&self) -> BothPiles {
        BothPiles::SameAmount
    }

    // A move from one pile is a move of Nim.
    fn allows_take(&self, take: &Nat) -> Result<(), IllegalMove> {
        Nim.allows_take(take)
    }

    fn take_count(&self, p: &Nat) -> Nat {
        Nim.take_count(p)
    }

    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat> {
        Nim.nth_take(p, k)
    }

    fn take_at(&self, p: u64, k: usize) -> Option<u64> {
        Nim.take_at(p, k)
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

    /// The tokens: every move takes one or more.
    fn longest_game(&self, piles: &[Nat]) -> Option<Nat> {
        Some(piles.iter().fold(Nat::ZERO, |s, p| s.add(p)))
    }

    fn sequence_proof(&self, _limits: &Limits) -> SequenceProof {
        SequenceProof::Table
    }

    /// The Wythoff pair each winning move reaches.
    fn explain_alone(
        &self,
        piles: &[Nat],
        offset: usize,
        _limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        Ok(wythoff_reaches(piles, offset)
            .into_iter()
            .map(|r| Step::Family(FamilyStep::Wythoff(WythoffStep::Reach(r))))
            .collect())
    }

    /// 0 for a Wythoff pair (Wythoff 1907); otherwise the mex of the options' values, from the
    /// table (within the table limit).
    fn explain_value(
        &self,
        piles: &[Nat],
        offset: usize,
        limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        let table = if theory::is_p_position(&piles[0], &piles[1]) {
            None
        } else {
            Some(Wythoff::table(piles, limits)?)
        };
        Ok(wythoff_value(piles, offset, table.as_deref()))
    }

    /// 0 for a Wythoff pair (Wythoff 1907); otherwise from the table, within the table limit.
    fn grundy(&self, piles: &[Nat], limits: &Limits) -> Result<Nat, SolveError> {
        if theory::is_p_position(&piles[0], &piles[1]) {
            return Ok(Nat::ZERO);
        }
        let table = Wythoff::table(piles, limits)?;
        let (a, b) = (table.len() - 1, table[0].len() - 1);
        Ok(Nat::from(table[a][b]))
    }

    fn moves_changing_grundy(
        &self,
        piles: &[Nat],
        offset: usize,
        delta: &Nat,
        limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        let g = self.grundy(piles, limits)?;
        let target = g.xor(delta);
        let mut moves = Vec::new();
        if target == g {
            // No move keeps a Grundy value.
        } else if target.is_zero() {
            // To a Wythoff pair: the closed form, whatever the size.
            moves = theory::winning_moves(&piles[0], &piles[1]);
        } else if let Some(t) = target.to_u64() {
            let table = Wythoff::table(piles, limits)?;
            let (a, b) = (table.len() - 1, table[0].len() - 1);
            for k in 1..=a.min(b) {
                if u64::from(table[a - k][b - k]) == t {
                    moves.push(Move::Both {
                        pile: 0,
                        take: Nat::from(k),
                    });
                }
            }
            for to in (0..a).rev() {
                if u64::from(table[to][b]) == t {
                    moves.push(Move::pile(piles, 0, Nat::from(to)));
                }
            }
            for to in (0..b).rev() {
                if u64::from(table[a][to]) == t {
                    moves.push(Move::pile(piles, 1, Nat::from(to)));
                }
            }
        }
        for mv in moves {
            if f(mv.shifted(offset)).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn pair_table(&self, n: usize) -> Option<Vec<Vec<u32>>> {
        Some(theory::grundy_table(n))
    }

    fn alone_normal(&self, piles: &[Nat]) -> Option<AloneVerdict> {
        Some(AloneVerdict {
            winning_moves: theory::winning_moves(&piles[0], &piles[1]),
            theorem: FamilyTheorem::Wythoff(WythoffTheorem::Normal),
            fact: Some(Fact::Wythoff(theory::place(&piles[0], &piles[1]))),
        })
    }

    fn alone_misere(&self, piles: &[Nat]) -> Option<AloneVerdict> {
        Some(AloneVerdict {
            winning_moves: theory::misere_winning_moves(&piles[0], &piles[1]),
            theorem: FamilyTheorem::Wythoff(WythoffTheorem::Misere),
            // Below (3, 5) the pairs of normal play say nothing of misère play.
            fact: (piles.iter().any(|p| p > &Nat::from(2u64)))
                .then(|| Fact::Wythoff(theory::place(&piles[0], &piles[1]))),
        })
    }

    fn check_move(&self, _piles: &[Nat], offset: usize, mv: &Move) -> Result<(), MoveError> {
        match mv {
            Move::Both { pile, .. } if *pile != offset => {
                Err(IllegalMove::BothPilesOfOneComponent.into())
            }
            Move::Split { .. } => Err(IllegalMove::NoSplit.into()),
            _ => Ok(()),
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
        rng: &mut dyn RngCore,
    ) -> Option<Move> {
        let nonempty = piles.iter().filter(|p| !p.is_zero()).count();
        if choice < nonempty {
            let (i, p) = piles
                .iter()
                .enumerate()
                .filter(|(_, p)| !p.is_zero())
                .nth(choice)?;
            let take = crate::nat::uniform_below(rng, p)?.add(&Nat::ONE);
            return Some(Move::Pile {
                pile: offset + i,
                from: p.clone(),
                to: p.saturating_sub(&take),
            });
        }
        let least = piles.iter().min()?;
        let take = crate::nat::uniform_below(rng, least)?.add(&Nat::ONE);
        Some(Move::Both { pile: offset, take })
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

    fn atom_moves(&self, atom: &[u64]) -> u64 {
        atom[0]
            .saturating_add(atom[1])
            .saturating_add(atom[0].min(atom[1]))
    }

    /// The moves from both piles, then from the first, then from the second.
    fn atom_child(&self, atom: &[u64], k: usize, out: &mut Vec<u64>) -> bool {
        let (a, b) = (atom[0], atom[1]);
        let k = k as u64;
        let both = a.min(b);
        if k < both {
            out.extend_from_slice(&[a - k - 1, b - k - 1]);
        } else if k < both + a {
            out.extend_from_slice(&[k - both, b]);
        } else if k < both + a + b {
            out.extend_from_slice(&[a, k - both - a]);
        } else {
            return false;
        }
        true
    }

    /// The moves from both piles first (amounts ascending), then from pile 1, then pile 2.
    fn each_move(&self, piles: &[u64], offset: usize, f: &mut dyn FnMut(Move, &[u64])) {
        let (a, b) = (piles[0], piles[1]);
        for t in 1..=a.min(b) {
            let mv = Move::Both {
                pile: offset,
                take: Nat::from(t),
            };
            f(mv, &[a - t, b - t]);
        }
        for t in 1..=a {
            let mv = Move::Pile {
                pile: offset,
                from: Nat::from(a),
                to: Nat::from(a - t),
            };
            f(mv, &[a - t, b]);
        }
        for t in 1..=b {
            let mv = Move::Pile {
                pile: offset + 1,
                from: Nat::from(b),
                to: Nat::from(b - t),
            };
            f(mv, &[a, b - t]);
        }
    }
}

fn value_step(value: WythoffValue) -> Step {
    Step::Family(FamilyStep::Wythoff(WythoffStep::Value(value)))
}

/// The steps of a two-pile component's Grundy value under Wythoff's rule: 0 for a Wythoff pair
/// at any size (Wythoff 1907), otherwise the mex of its options' values from `table` (the
/// values of every pair up to (a, b), as [`theory::grundy_rect`] gives them).
fn wythoff_value(piles: &[Nat], offset: usize, table: Option<&[Vec<u32>]>) -> Vec<Step> {
    let [a, b] = piles else {
        return Vec::new();
    };
    let place = theory::place(a, b);
    let piles = (a.clone(), b.clone());
    if place.is_pair {
        return vec![value_step(WythoffValue {
            pile: offset,
            piles,
            value: Nat::ZERO,
            why: WythoffWhy::Pair { k: place.k },
        })];
    }
    let (Some(table), Some(x), Some(y)) = (table, a.to_u64(), b.to_u64()) else {
        return Vec::new();
    };
    let (x, y) = (x as usize, y as usize);
    let mut reached: Vec<u32> = (0..x)
        .map(|i| table[i][y])
        .chain((0..y).map(|j| table[x][j]))
        .chain((1..=x.min(y)).map(|t| table[x - t][y - t]))
        .collect();
    let options = reached.len() as u64;
    reached.sort_unstable();
    reached.dedup();
    vec![value_step(WythoffValue {
        pile: offset,
        piles,
        value: Nat::from(u64::from(table[x][y])),
        why: WythoffWhy::Mex {
            options,
            values: reached
                .into_iter()
                .map(|v| Nat::from(u64::from(v)))
                .collect(),
        },
    })]
}

/// Every winning move of Wythoff's game from (a, b) (the component at `offset`) and the pair it
/// reaches; empty in a P-position or unless there are two piles.
fn wythoff_reaches(piles: &[Nat], offset: usize) -> Vec<WythoffReach> {
    let [a, b] = piles else {
        return Vec::new();
    };
    theory::winning_moves(a, b)
        .into_iter()
        .filter_map(|mv| {
            let after = mv.apply(piles).ok()?;
            let place = theory::place(&after[0], &after[1]);
            Some(WythoffReach {
                mv: mv.shifted(offset),
                k: place.k,
                pair: place.pair,
            })
        })
        .collect()
}
