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

use crate::error::{IllegalMove, SolveError};
use crate::explain::Step;
use crate::games::facts::FamilyStep;
pub use crate::games::kiki::theory::KikiValue;
use crate::games::names::FamilyName;
use crate::moves::Move;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Limits;
use crate::ruleset::{Family, no_argument};
use crate::two_piles::{Takes, TwoPileGame, TwoPiles};

/// The spec `kiki`.
pub(crate) static FAMILY: Family = Family {
    keyword: "kiki",
    syntax: "kiki",
    about: "kiki's game on two piles (a coin's distances to two edges): take 1 from one pile, or 1 from both",
    parse: |arg| {
        no_argument("kiki", arg)?;
        Ok(TwoPiles::rules(Kiki))
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

impl TwoPileGame for Kiki {
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

    /// One square: 1 from one pile or from both.
    fn takes(&self) -> Takes {
        Takes::Exactly(Nat::ONE)
    }

    fn across_components(&self) -> IllegalMove {
        IllegalMove::DiagonalOfOneComponent
    }

    /// The closed form, at any size.
    fn grundy(&self, a: &Nat, b: &Nat, _limits: &Limits) -> Result<Nat, SolveError> {
        Ok(Nat::from(u64::from(grundy(a, b))))
    }

    fn table(&self, n: usize) -> Vec<Vec<u32>> {
        (0..=n as u64)
            .map(|a| {
                (0..=n as u64)
                    .map(|b| u32::from(grundy_u64(a, b)))
                    .collect()
            })
            .collect()
    }

    /// The closed form by the parities, at any size.
    fn explain_value(
        &self,
        a: &Nat,
        b: &Nat,
        offset: usize,
        _limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        Ok(vec![Step::Family(FamilyStep::Kiki(KikiValue {
            pile: offset,
            piles: (a.clone(), b.clone()),
            value: Nat::from(u64::from(grundy(a, b))),
        }))])
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
