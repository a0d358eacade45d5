//! Wythoff's game (Wythoff 1907): a component of exactly two piles; a move takes any positive
//! amount from one pile, or the same positive amount from both. Alone, its P-positions are the
//! Wythoff pairs ([`theory`]); in a sum its Grundy value comes from the table of
//! g(a, b), the mex of the values left of, above and diagonally before (a, b).

use std::ops::ControlFlow;

use crate::error::SolveError;
use crate::explain::Step;
use crate::games::facts::{Fact, FamilyStep, FamilyTheorem};
use crate::games::names::FamilyName;
pub use crate::games::wythoff::theory::{WythoffReach, WythoffStep, WythoffValue, WythoffWhy};
use crate::games::wythoff::theory::{WythoffTheorem, grundy_rect};
use crate::moves::Move;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Limits;
use crate::ruleset::{AloneVerdict, Family, Rules, no_argument};
use crate::two_piles::{Takes, TwoPileGame};

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
    fn table(a: &Nat, b: &Nat, limits: &Limits) -> Result<Vec<Vec<u32>>, SolveError> {
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

impl TwoPileGame for Wythoff {
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

    fn takes(&self) -> Takes {
        Takes::Any
    }

    /// 0 for a Wythoff pair (Wythoff 1907); otherwise from the table, within the table limit.
    fn grundy(&self, a: &Nat, b: &Nat, limits: &Limits) -> Result<Nat, SolveError> {
        if theory::is_p_position(a, b) {
            return Ok(Nat::ZERO);
        }
        let table = Wythoff::table(a, b, limits)?;
        let (a, b) = (table.len() - 1, table[0].len() - 1);
        Ok(Nat::from(table[a][b]))
    }

    fn table(&self, n: usize) -> Vec<Vec<u32>> {
        theory::grundy_table(n)
    }

    /// To a Wythoff pair by the closed form, whatever the size; to another value from the
    /// table, within the table limit (built once, for the value and the moves).
    fn moves_changing_value(
        &self,
        a: &Nat,
        b: &Nat,
        delta: &Nat,
        limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        let piles = [a.clone(), b.clone()];
        let mut table = None;
        let g = if theory::is_p_position(a, b) {
            Nat::ZERO
        } else {
            let built = Wythoff::table(a, b, limits)?;
            let g = Nat::from(built[built.len() - 1][built[0].len() - 1]);
            table = Some(built);
            g
        };
        let target = g.xor(delta);
        let mut moves = Vec::new();
        if target.is_zero() {
            moves = theory::winning_moves(a, b);
        } else if let Some(t) = target.to_u64() {
            let table = match table {
                Some(table) => table,
                None => Wythoff::table(a, b, limits)?,
            };
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
                    moves.push(Move::pile(&piles, 0, Nat::from(to)));
                }
            }
            for to in (0..b).rev() {
                if u64::from(table[a][to]) == t {
                    moves.push(Move::pile(&piles, 1, Nat::from(to)));
                }
            }
        }
        for mv in moves {
            if f(mv).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn alone_normal(&self, a: &Nat, b: &Nat) -> Option<AloneVerdict> {
        Some(AloneVerdict {
            winning_moves: theory::winning_moves(a, b),
            theorem: FamilyTheorem::Wythoff(WythoffTheorem::Normal),
            fact: Some(Fact::Wythoff(theory::place(a, b))),
        })
    }

    fn alone_misere(&self, a: &Nat, b: &Nat) -> Option<AloneVerdict> {
        let two = Nat::from(2u64);
        Some(AloneVerdict {
            winning_moves: theory::misere_winning_moves(a, b),
            theorem: FamilyTheorem::Wythoff(WythoffTheorem::Misere),
            // Below (3, 5) the pairs of normal play say nothing of misère play.
            fact: (a > &two || b > &two).then(|| Fact::Wythoff(theory::place(a, b))),
        })
    }

    /// 0 for a Wythoff pair (Wythoff 1907); otherwise the mex of the options' values, from the
    /// table (within the table limit).
    fn explain_value(
        &self,
        a: &Nat,
        b: &Nat,
        offset: usize,
        limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        let table = if theory::is_p_position(a, b) {
            None
        } else {
            Some(Wythoff::table(a, b, limits)?)
        };
        Ok(wythoff_value(a, b, offset, table.as_deref()))
    }

    /// The Wythoff pair each winning move reaches.
    fn explain_alone(
        &self,
        a: &Nat,
        b: &Nat,
        offset: usize,
        _limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        Ok(wythoff_reaches(a, b, offset)
            .into_iter()
            .map(|r| Step::Family(FamilyStep::Wythoff(WythoffStep::Reach(r))))
            .collect())
    }
}

fn value_step(value: WythoffValue) -> Step {
    Step::Family(FamilyStep::Wythoff(WythoffStep::Value(value)))
}

/// The steps of a two-pile component's Grundy value under Wythoff's rule: 0 for a Wythoff pair
/// at any size (Wythoff 1907), otherwise the mex of its options' values from `table` (the
/// values of every pair up to (a, b), as [`theory::grundy_rect`] gives them).
fn wythoff_value(a: &Nat, b: &Nat, offset: usize, table: Option<&[Vec<u32>]>) -> Vec<Step> {
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
fn wythoff_reaches(a: &Nat, b: &Nat, offset: usize) -> Vec<WythoffReach> {
    let piles = [a.clone(), b.clone()];
    theory::winning_moves(a, b)
        .into_iter()
        .filter_map(|mv| {
            let after = mv.apply(&piles).ok()?;
            let place = theory::place(&after[0], &after[1]);
            Some(WythoffReach {
                mv: mv.shifted(offset),
                k: place.k,
                pair: place.pair,
            })
        })
        .collect()
}
