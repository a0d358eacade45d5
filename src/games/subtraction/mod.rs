//! Subtraction games (S-Nim): a move takes an amount of the subtraction set S from one pile.
//! S is finite (`2,5`, `1..3,7`), the powers of two (HDU 1847: g(n) = n mod 3) or the
//! Fibonacci numbers (HDU 1848: a table). For a finite S of largest amount m the heap sequence
//! is eventually periodic, and a period is proven when a window of m values repeats
//! ([`crate::grundy`]). The set {1, …, K} is the game of [`crate::games::take`].

use std::ops::ControlFlow;
use std::sync::OnceLock;

use crate::error::{IllegalMove, SolveError};
use crate::games::facts::ClosedFormWhy;
use crate::games::names::FamilyName;
use crate::games::subtraction::theory::SubtractionGrundy;
use crate::grundy::Periodicity;
use crate::heap::{HeapGame, Heaps};
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Limits;
use crate::ruleset::{Family, HeapShape, Rules, SequenceProof, argument};

mod set;
pub mod theory;

use set::Set;
pub use set::{MAX_SET_AMOUNT, MAX_SET_LEN, SubtractionSet};

/// The spec `subtract:SET`.
pub(crate) static FAMILY: Family = Family {
    keyword: "subtract",
    syntax: "subtract:SET",
    about: "take an amount in SET from one pile: 2,5,7 or 1..5 or powers-of-two or fibonacci",
    parse: |arg| {
        let set = SubtractionSet::parse(argument("subtract:SET", arg)?)?;
        Ok(Rules::subtract(set))
    },
};

/// The rules of a subtraction set, `{1, …, K}` as take 1..K.
pub(crate) fn rules(set: SubtractionSet) -> Rules {
    if let Some(k) = set.as_range() {
        return Rules::max_take(Nat::from(k)).unwrap_or_else(|_| Rules::nim());
    }
    let fibonacci = if set.family() == Some("fibonacci") {
        let mut fibs = Vec::new();
        let (mut a, mut b) = (1u64, 2u64);
        loop {
            fibs.push(a);
            let Some(c) = a.checked_add(b) else {
                fibs.push(b);
                break;
            };
            (a, b) = (b, c);
        }
        fibs
    } else {
        Vec::new()
    };
    Heaps::rules(Subtraction {
        set,
        table: OnceLock::new(),
        fibonacci,
    })
}

/// A subtraction game.
#[derive(Debug)]
pub struct Subtraction {
    set: SubtractionSet,
    /// The heap sequence, made on first use with the table limit of that use.
    table: OnceLock<SubtractionGrundy>,
    /// The Fibonacci amounts that fit in a machine word (only for that set).
    fibonacci: Vec<u64>,
}

impl Subtraction {
    /// The subtraction set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }

    fn table(&self, limits: &Limits) -> &SubtractionGrundy {
        self.table
            .get_or_init(|| SubtractionGrundy::new(&self.set, limits.table))
    }
}

impl Subtraction {
    /// The `k`-th amount of the set (0-based, ascending) when it fits in a machine word.
    fn amount(&self, k: usize) -> Option<u64> {
        match &self.set.0 {
            Set::Finite(set) => set.get(k).copied(),
            Set::PowersOfTwo => 1u64.checked_shl(u32::try_from(k).ok()?),
            Set::Fibonacci => self.fibonacci.get(k).copied(),
        }
    }
}

impl HeapGame for Subtraction {
    fn spec(&self) -> String {
        format!("subtract:{}", self.set.spec())
    }

    fn name(&self) -> Name {
        match self.set.family() {
            Some("powers-of-two") => Name {
                key: FamilyName::SubtractPowersOfTwo,
                arg: None,
            },
            Some(_) => Name {
                key: FamilyName::SubtractFibonacci,
                arg: None,
            },
            None => Name {
                key: FamilyName::Subtract,
                arg: Some(self.set.to_string()),
            },
        }
    }

    fn json(&self) -> serde_json::Value {
        match (self.set.amounts(), self.set.family()) {
            (Some(set), _) => serde_json::json!({"kind": "subtract", "set": set}),
            (None, family) => serde_json::json!({"kind": "subtract", "family": family}),
        }
    }

    /// Each amount of the set up to `n`, ascending, leaving `n` minus it.
    fn options(&self, n: u64, f: &mut dyn FnMut(u64, &[u64])) {
        let mut k = 0;
        while let Some(s) = self.amount(k).filter(|&s| s <= n) {
            let left = n - s;
            f(s, &[left][..usize::from(left > 0)]);
            k += 1;
        }
    }

    fn option_work(&self, n: u64) -> u64 {
        self.set.count_up_to(&Nat::from(n))
    }

    /// The values come from the set's own table ([`SubtractionGrundy`]: a large heap reduced
    /// by the proven period, powers of two by n mod 3).
    fn own_value(&self, n: &Nat, limits: &Limits) -> Option<Result<Nat, SolveError>> {
        Some(self.table(limits).value(n).map(Nat::from))
    }

    fn periodicity(&self, limits: &Limits) -> Option<Periodicity> {
        self.table(limits).periodicity()
    }

    fn sequence_proof(&self, limits: &Limits) -> SequenceProof {
        match &self.set.0 {
            Set::PowersOfTwo => SequenceProof::ClosedForm {
                formula: "g(n) = n mod 3".into(),
                period: Some(3),
                reason: Some(ClosedFormWhy::PowersOfTwoMod3),
            },
            Set::Fibonacci => SequenceProof::Table,
            Set::Finite(_) => {
                let table = self.table(limits);
                match table.prove_period() {
                    Some(p) => SequenceProof::Periodic(p),
                    None => SequenceProof::Unproven {
                        values: table.computed(),
                    },
                }
            }
        }
    }

    /// The amounts one by one, ascending, each option valued by the set's table: the first
    /// winning move may come long before the last amount (a million-digit pile has 3.3
    /// million powers of two below it).
    fn options_with_value(
        &self,
        n: &Nat,
        _g: &Nat,
        target: &Nat,
        limits: &Limits,
        f: &mut dyn FnMut(&Nat, &[Nat]) -> ControlFlow<()>,
    ) -> Option<Result<ControlFlow<()>, SolveError>> {
        let table = self.table(limits);
        let mut k = 0u64;
        while let Some(s) = self.set.nth_amount(k).filter(|s| s <= n) {
            k += 1;
            let q = n.saturating_sub(&s);
            match table.value(&q) {
                Ok(v) if &Nat::from(v) != target => {}
                Ok(_) => {
                    let left = std::slice::from_ref(&q);
                    if f(&s, &left[..usize::from(!q.is_zero())]).is_break() {
                        return Some(Ok(ControlFlow::Break(())));
                    }
                }
                Err(e) => return Some(Err(e)),
            }
        }
        Some(Ok(ControlFlow::Continue(())))
    }

    fn take_count(&self, n: &Nat) -> Option<Nat> {
        Some(Nat::from(self.set.count_up_to(n)))
    }

    fn nth_take(&self, n: &Nat, k: &Nat) -> Option<Nat> {
        // Beyond a machine word the Fibonacci count is an upper bound: an index within it but
        // past the last amount falls back to the least.
        let k = k.to_u64().filter(|&k| k < self.set.count_up_to(n))?;
        let amount = self.set.nth_amount(k)?;
        if &amount <= n {
            Some(amount)
        } else {
            Some(Nat::from(self.set.least())).filter(|least| least <= n)
        }
    }

    fn check_option(&self, _n: &Nat, take: &Nat, left: &[Nat]) -> Result<(), IllegalMove> {
        if left.len() > 1 {
            return Err(IllegalMove::NoSplit);
        }
        if !self.set.contains(take) {
            return Err(IllegalMove::NotInSubtractionSet {
                take: take.clone(),
                set: self.set.to_string(),
                family: self.set.family(),
            });
        }
        Ok(())
    }

    fn listing_work(&self, n: &Nat) -> u64 {
        self.set.listing_work(std::slice::from_ref(n))
    }

    /// The tokens: every move takes one or more.
    fn longest_game(&self, heaps: &[Nat]) -> Option<Nat> {
        Some(heaps.iter().fold(Nat::ZERO, |s, p| s.add(p)))
    }

    fn misere_known_tame(&self) -> bool {
        // {1, 2, …, K} is take at most K.
        self.set.as_range().is_some()
    }

    fn shape(&self) -> Option<HeapShape> {
        let max_take = *self.set.amounts()?.last()?;
        Some(HeapShape { max_take, parts: 1 })
    }

    fn most_moves(&self, n: u64) -> Option<u64> {
        Some(match &self.set.0 {
            Set::Finite(set) => set.partition_point(|&s| s <= n) as u64,
            _ => self.set.count_up_to(&Nat::from(n)),
        })
    }
}
