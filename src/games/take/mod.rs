//! Take 1 to K: a move takes 1, 2, …, K objects from one pile — the Bash game (巴什博弈), on one
//! pile or several (a sum of Bash games: Nim with at most K per take). A heap of n has Grundy value n mod (K + 1): the K
//! sizes n − 1, …, n − K reach every residue but n's own. The subtraction set {1, …, K} is this
//! game, under this one name. It is a [`HeapGame`] with closed forms for heaps of any size,
//! played by [`crate::heap::Heaps`].

pub mod theory;

use std::ops::ControlFlow;

use crate::error::{IllegalMove, RuleError, SolveError};
use crate::explain::Step;
use crate::games::facts::FamilyStep;
pub use crate::games::take::theory::{Division, TakeStep};
use crate::grundy::Periodicity;
use crate::heap::HeapGame;
use crate::moves::Move;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Limits;
use crate::ruleset::{Family, HeapShape, Rules, SequenceProof, argument, cut};

/// The spec `max-take:K`.
pub(crate) static FAMILY: Family = Family {
    keyword: "max-take",
    syntax: "max-take:K",
    about: "take 1 to K from one pile (one pile: the Bash game)",
    parse: |arg| {
        let k = argument("max-take:K", arg)?.trim();
        let k =
            Nat::parse_decimal(k.as_bytes()).map_err(|_| RuleError::BadMaxTake { text: cut(k) })?;
        Rules::max_take(k)
    },
};

/// Take 1 to `k` objects from one pile, `k` ≥ 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TakeUpTo {
    k: Nat,
    modulus: Nat,
}

impl TakeUpTo {
    /// The rules for at most `k` per take.
    ///
    /// # Errors
    /// [`RuleError::ZeroMaxTake`] for `k` = 0, under which no move is possible.
    pub fn new(k: Nat) -> Result<TakeUpTo, RuleError> {
        if k.is_zero() {
            return Err(RuleError::ZeroMaxTake);
        }
        let modulus = k.add(&Nat::ONE);
        Ok(TakeUpTo { k, modulus })
    }
}

/// The options of a heap of n: take t = 1 … min(K, n), leaving n − t.
impl HeapGame for TakeUpTo {
    fn spec(&self) -> String {
        format!("max-take:{}", self.k)
    }

    fn name(&self) -> Name {
        Name {
            key: crate::games::names::FamilyName::MaxTake,
            arg: Some(self.k.to_string()),
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "max_take", "k": self.k})
    }

    fn options(&self, n: u64, f: &mut dyn FnMut(u64, &[u64])) {
        let most = self.k.to_u64().map_or(n, |k| k.min(n));
        for t in 1..=most {
            let left = [n - t];
            f(t, &left[..usize::from(t < n)]);
        }
    }

    fn misere_known_tame(&self) -> bool {
        true
    }

    fn shape(&self) -> Option<HeapShape> {
        Some(HeapShape {
            max_take: self.k.to_u64()?,
            parts: 1,
        })
    }

    fn check_option(&self, _n: &Nat, take: &Nat, left: &[Nat]) -> Result<(), IllegalMove> {
        if left.len() > 1 {
            return Err(IllegalMove::NoSplit);
        }
        if take > &self.k {
            return Err(IllegalMove::MoreThanMax {
                max: self.k.clone(),
                take: take.clone(),
            });
        }
        Ok(())
    }

    fn take_count(&self, n: &Nat) -> Option<Nat> {
        Some(std::cmp::min(&self.k, n).clone())
    }

    fn nth_take(&self, n: &Nat, k: &Nat) -> Option<Nat> {
        (k < std::cmp::min(&self.k, n)).then(|| k.add(&Nat::ONE))
    }

    fn grundy(&self, n: &Nat) -> Option<Nat> {
        Some(n.rem(&self.modulus))
    }

    fn options_with_value(
        &self,
        n: &Nat,
        g: &Nat,
        target: &Nat,
        _limits: &Limits,
        f: &mut dyn FnMut(&Nat, &[Nat]) -> ControlFlow<()>,
    ) -> Option<Result<ControlFlow<()>, SolveError>> {
        // g(q) = q mod (K+1); the K sizes n−K..n−1 cover every residue but g's.
        let modulus = &self.modulus;
        if target >= modulus || target == g {
            return Some(Ok(ControlFlow::Continue(())));
        }
        // take d ∈ 1..=K with (n − d) ≡ target, i.e. d ≡ g − target (mod K+1).
        let d = g
            .add(modulus)
            .checked_sub(target)
            .map(|v| v.rem(modulus))
            .unwrap_or_default();
        Some(Ok(match n.checked_sub(&d).filter(|_| !d.is_zero()) {
            Some(to) if to.is_zero() => f(&d, &[]),
            Some(to) => f(&d, &[to]),
            None => ControlFlow::Continue(()),
        }))
    }

    /// One step a heap: its winning move comes from the closed form.
    fn listing_work(&self, _n: &Nat) -> u64 {
        1
    }

    /// One pile (the Bash game): n = (K + 1)·r + s, take s. Several: each heap's residue.
    fn explain_alone(&self, heaps: &[Nat], offset: usize) -> Option<Vec<Step>> {
        let steps = divisions(heaps, offset, &self.modulus);
        Some(match heaps.len() {
            1 => steps
                .into_iter()
                .map(|d| {
                    let to = (!d.remainder.is_zero()).then(|| Move::Pile {
                        pile: d.pile,
                        from: d.heap.clone(),
                        to: d.heap.saturating_sub(&d.remainder),
                    });
                    TakeStep::Bash { division: d, to }
                })
                .map(|s| Step::Family(FamilyStep::Take(s)))
                .collect(),
            _ => residues(steps),
        })
    }

    /// Each heap's value n mod (K + 1), from n = (K + 1)·r + s.
    fn explain_value(&self, heaps: &[Nat], offset: usize) -> Option<Vec<Step>> {
        Some(residues(divisions(heaps, offset, &self.modulus)))
    }

    /// The tokens: every move takes one or more.
    fn longest_game(&self, heaps: &[Nat]) -> Option<Nat> {
        Some(heaps.iter().fold(Nat::ZERO, |s, p| s.add(p)))
    }

    /// Preperiod 0 and period K + 1, by the closed form.
    fn periodicity(&self, _limits: &Limits) -> Option<Periodicity> {
        Some(Periodicity {
            preperiod: 0,
            period: self.modulus.to_u64()?,
            window: self.k.to_u64()?,
            proof: crate::grundy::PeriodProof::Window,
        })
    }

    fn sequence_proof(&self, _limits: &Limits) -> SequenceProof {
        SequenceProof::ClosedForm {
            formula: format!("g(n) = n mod {}", self.modulus),
            period: self.modulus.to_u64(),
            reason: None,
        }
    }
}

fn residues(divisions: Vec<Division>) -> Vec<Step> {
    divisions
        .into_iter()
        .map(|d| Step::Family(FamilyStep::Take(TakeStep::Residue(d))))
        .collect()
}

/// n = (K + 1)·r + s for each heap of take 1 to K (`modulus` = K + 1).
fn divisions(piles: &[Nat], offset: usize, modulus: &Nat) -> Vec<Division> {
    let m = modulus.to_biguint();
    piles
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let n = p.to_biguint();
            Division {
                pile: offset + i,
                heap: p.clone(),
                max_take: modulus.saturating_sub(&Nat::ONE),
                modulus: modulus.clone(),
                quotient: Nat::from_biguint(&n / &m),
                remainder: Nat::from_biguint(&n % &m),
            }
        })
        .collect()
}
