//! The multiplication game (HDU 1517 "A Multiplication Game", also POJ 2505 and UVa 847): a
//! number p starts at 1; a move multiplies it by 2, 3, …, 9; whoever first makes p ≥ n wins.
//!
//! **As a heap.** What matters of p is m = ⌈n/p⌉, the factor still needed: the game starts at
//! m = n, multiplying p by k takes m to ⌈m/k⌉ (since ⌈⌈n/p⌉/k⌉ = ⌈n/(pk)⌉), and m = 1 means
//! p ≥ n: the player to move has lost. So a heap of m ≥ 2 goes to ⌈m/2⌉, ⌈m/3⌉, …, ⌈m/9⌉ and
//! a heap of 1 has no move (normal play); 0, which no game reaches, is read as 1.
//!
//! **Closed form.** With 18^j < m ≤ 18^(j+1), the Grundy value of m is 1, 2, 3, 4 or 0 as m
//! lies in (18^j, 2·18^j], (2·18^j, 4·18^j], (4·18^j, 8·18^j], (8·18^j, 9·18^j] or
//! (9·18^j, 18^(j+1)] (and g(1) = 0). Proof, by induction on m, from ⌈m/k⌉ ≤ x ⇔ m ≤ kx for
//! whole x: for m in the first range the options ⌈m/2⌉, …, ⌈m/9⌉ lie in (2·18^(j−1), 18^j], so
//! they include ⌈m/2⌉, of value 0 (in (9·18^(j−1), 18^j]; for j = 0 the option 1), and miss
//! value 1; likewise each range's options cover the values below its own and miss it. The
//! P-positions are the m with 9·18^j < m ≤ 18^(j+1) — the known answer of the problem (Ollie
//! wins iff n lies in (9·18^j, 18^(j+1)]). The tests check the closed form against the values
//! computed from the move rule alone.

use std::ops::ControlFlow;

use num_bigint::BigUint;

use crate::error::{MoveRule, SolveError};
use crate::games::listed;
use crate::games::names::FamilyName;
use crate::heap::{HeapGame, Heaps};
use crate::moves::Move;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Limits;
use crate::ruleset::{Family, SequenceProof, no_argument};

/// The spec `multiply`.
pub(crate) static FAMILY: Family = Family {
    keyword: "multiply",
    syntax: "multiply",
    about: "the multiplication game: a heap m (the factor still needed) goes to ⌈m/k⌉, k = 2..9",
    parse: |arg| {
        no_argument("multiply", arg)?;
        Ok(Heaps::rules(Multiply))
    },
};

/// The multiplication game's rules, on heaps m = ⌈n/p⌉.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Multiply;

const RULE: MoveRule = MoveRule {
    key: FamilyName::Multiply,
};

/// ⌈m/k⌉.
fn ceil_div(m: &Nat, k: u64) -> Nat {
    match m.to_u64() {
        Some(v) => Nat::from(v.div_ceil(k)),
        None => {
            let k = BigUint::from(k);
            Nat::from_biguint((m.to_biguint() + &k - 1u32) / k)
        }
    }
}

/// A move of the multiplication game: the number is multiplied by a factor from `least` to
/// `most` (every factor of that range leaves the same heap), taking the factor still needed
/// from `from` to `to` = ⌈from/k⌉ in pile `pile` (0-based, in the whole position).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactorMove {
    /// 0-based pile.
    pub pile: usize,
    /// The least factor that makes the move.
    pub least: u8,
    /// The largest factor that makes the move (`least` when only one does).
    pub most: u8,
    /// The factor still needed before.
    pub from: Nat,
    /// The factor still needed after.
    pub to: Nat,
    /// Whether the component has other piles (then the move names its pile).
    pub several: bool,
}

/// The factors k = 2..9 with ⌈m/k⌉ = `to`, as a range, if any.
pub fn factors(m: &Nat, to: &Nat) -> Option<(u8, u8)> {
    let ks: Vec<u8> = (2..=9u8)
        .filter(|&k| &ceil_div(m, u64::from(k)) == to)
        .collect();
    Some((*ks.first()?, *ks.last()?))
}

/// The words of `mv` in a component of `piles` of the multiplication game; `None` for a move
/// no factor makes.
pub fn move_words(piles: &[Nat], mv: &Move) -> Option<FactorMove> {
    let Move::Pile { pile, from, to } = mv else {
        return None;
    };
    let (least, most) = factors(from, to)?;
    Some(FactorMove {
        pile: *pile,
        least,
        most,
        from: from.clone(),
        to: to.clone(),
        several: piles.len() > 1,
    })
}

/// The sizes a heap of `m` goes to, sizes descending.
pub fn options(m: &Nat) -> Vec<Nat> {
    let mut out: Vec<Nat> = Vec::new();
    if m <= &Nat::ONE {
        return out;
    }
    for k in 2..=9 {
        let to = ceil_div(m, k);
        if out.last() != Some(&to) {
            out.push(to);
        }
    }
    out
}

/// The Grundy value of a heap of `m`, by the closed form.
pub fn grundy(m: &Nat) -> u8 {
    if m <= &Nat::ONE {
        return 0;
    }
    let m = m.to_biguint();
    let mut t = BigUint::from(1u32);
    while &t * 18u32 < m {
        t *= 18u32;
    }
    match [2u32, 4, 8, 9].iter().position(|&c| m <= &t * c) {
        Some(i) => i as u8 + 1,
        None => 0,
    }
}

/// The options of a heap of m: ⌈m/k⌉ for k = 2..9, each size once; values in closed form.
impl HeapGame for Multiply {
    fn spec(&self) -> String {
        "multiply".into()
    }

    fn name(&self) -> Name {
        Name {
            key: FamilyName::Multiply,
            arg: None,
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "multiply"})
    }

    fn options(&self, n: u64, f: &mut dyn FnMut(u64, &[u64])) {
        listed::each_option(&options, n, f);
    }

    /// The eight factors.
    fn option_work(&self, _n: u64) -> u64 {
        8
    }

    fn take_count(&self, p: &Nat) -> Option<Nat> {
        Some(listed::take_count(&options, p))
    }

    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat> {
        listed::nth_take(&options, p, k)
    }

    fn grundy(&self, p: &Nat) -> Option<Nat> {
        Some(Nat::from(u64::from(grundy(p))))
    }

    fn options_with_value(
        &self,
        p: &Nat,
        _g: &Nat,
        target: &Nat,
        _limits: &Limits,
        f: &mut dyn FnMut(&Nat, &[Nat]) -> ControlFlow<()>,
    ) -> Option<Result<ControlFlow<()>, SolveError>> {
        let value = |m: &Nat| Nat::from(u64::from(grundy(m)));
        Some(Ok(listed::options_with_value(
            &options, &value, p, target, f,
        )))
    }

    fn sequence_proof(&self, _limits: &Limits) -> SequenceProof {
        SequenceProof::ClosedForm {
            formula: "g(1) = 0; 18^j < m ≤ 18^(j+1), m/18^j ∈ (1,2], (2,4], (4,8], (8,9], (9,18] ⇒ g(m) = 1, 2, 3, 4, 0".into(),
            period: None,
            reason: None,
        }
    }

    // The listed game's shared methods. One step a heap: its winning moves are among its eight
    // options, valued in closed form. No longest game is known (a game lasts at most log₂ m
    // moves). The heap of 1 is the end of the game.
    listed::listed_heap_methods!(options, RULE);

    fn most_moves(&self, _n: u64) -> Option<u64> {
        Some(8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closed form against the values computed from the move rule alone.
    #[test]
    fn closed_form_matches_the_definition() {
        let n = 200_000usize;
        let mut g = vec![0u8; n + 1];
        for m in 2..=n {
            g[m] = listed::mex((2..=9).map(|k| g[m.div_ceil(k)]));
        }
        for (m, &want) in g.iter().enumerate().skip(1) {
            assert_eq!(grundy(&Nat::from(m as u64)), want, "m = {m}");
        }
    }

    /// The problem's samples: Stan wins 162 and 34012226, Ollie wins 17.
    #[test]
    fn samples() {
        for (n, stan) in [
            (162u64, true),
            (17, false),
            (34_012_226, true),
            (4_294_967_295, true),
        ] {
            assert_eq!(grundy(&Nat::from(n)) != 0, stan, "n = {n}");
        }
        // 18^30 < 10·18^30 ≤ 18^31: a P-position, exactly.
        let big = Nat::from_biguint(BigUint::from(18u32).pow(30) * 10u32);
        assert_eq!(grundy(&big), 0);
        assert_eq!(grundy(&big.add(&Nat::from(0u64))), 0);
    }
}
