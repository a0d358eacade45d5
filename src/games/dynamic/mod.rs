//! k-times dynamic subtraction (`dynamic:K N`, `dynamic:K N:M`; Fibonacci Nim `fibonacci-nim N`
//! is k = 2; HDU 2516, HDU 2486): a pile of N stones; the first move takes 1 to N − 1 of them
//! (or 1 to M, written `N:M`), and after a take t the next move takes 1 to K·t. Whoever takes
//! the last stone wins. A state is (stones, allowance), written `N:M`. By [`theory`] the
//! verdict and every winning take follow from the pile's K-sparse representation at any size;
//! Grundy values (for sums) come from the mex table within its bound.

pub mod theory;

use std::ops::ControlFlow;
use std::sync::Mutex;

use num_bigint::BigUint;

use crate::component::{ComponentGame, Verdict, Whole};
use crate::error::{MoveRule, NumberError, RuleError, StateWhy};
use crate::explain::Step;
use crate::games::facts::{FamilyStep, FamilyTheorem};
use crate::games::names::FamilyName;
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::Play;
use crate::ruleset::{Family, argument, cut, no_argument};
pub use theory::DynamicValue;
use theory::{KTimes, TABLE_ENTRIES, Table};

/// The spec `dynamic:K`.
pub(crate) static FAMILY: Family = Family {
    keyword: "dynamic",
    syntax: "dynamic:K",
    about: "k-times dynamic subtraction (HDU 2486): one pile N (or N:M, M the first allowance); the first move takes 1..N−1, then each take at most K times the one before",
    parse: |arg| {
        let text = argument("dynamic:K", arg)?.trim();
        let k = Nat::parse_decimal(text.as_bytes())
            .ok()
            .and_then(|k| k.to_u64())
            .and_then(KTimes::new)
            .ok_or_else(|| RuleError::BadMultiplier {
                game: "dynamic",
                text: cut(text),
            })?;
        Ok(Whole::rules(Dynamic::new(k, false)))
    },
};

/// The spec `fibonacci-nim`: `dynamic:2`.
pub(crate) static FIBONACCI_NIM: Family = Family {
    keyword: "fibonacci-nim",
    syntax: "fibonacci-nim",
    about: "Fibonacci Nim (HDU 2516): dynamic:2, the first move takes 1..N−1, then each take at most twice the one before",
    parse: |arg| {
        no_argument("fibonacci-nim", arg)?;
        Ok(Whole::rules(Dynamic::new(KTimes::fibonacci(), true)))
    },
};

/// The rules of k-times dynamic subtraction, with its table of Grundy values.
#[derive(Debug)]
pub struct Dynamic {
    game: KTimes,
    fibonacci: bool,
    table: Mutex<Table>,
}

impl Dynamic {
    /// The game for `game`'s k; `fibonacci`: named Fibonacci Nim (k = 2).
    pub fn new(game: KTimes, fibonacci: bool) -> Dynamic {
        Dynamic {
            game,
            fibonacci,
            table: Mutex::new(Table::new(game)),
        }
    }

    /// The Grundy value of (n, most) from the table, `None` beyond its bound.
    fn table_value(&self, n: &Nat, most: &Nat) -> Option<u64> {
        let mut table = self.table.lock().unwrap_or_else(|e| e.into_inner());
        table.grundy(n, most, TABLE_ENTRIES).ok()
    }

    fn times_k(&self, t: &Nat) -> Nat {
        Nat::from_biguint(t.to_biguint() * BigUint::from(self.game.k()))
    }
}

/// The move rule, for the reason a change is no move.
pub const RULE: MoveRule = MoveRule {
    key: FamilyName::Dynamic,
};

/// A take of k-times dynamic subtraction: `take` stones, after which the next move may take up
/// to `next`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DynamicMove {
    /// The component's first number in the whole position (0-based).
    pub pile: usize,
    /// The stones taken.
    pub take: Nat,
    /// The next move's allowance.
    pub next: Nat,
}

/// The take from `before` to `after` under multiplier `k`; `None` when it is none.
pub fn read_move(k: u64, pile: usize, before: &[Nat], after: &[Nat]) -> Option<DynamicMove> {
    let ([n, most], [rest, next]) = (before, after) else {
        return None;
    };
    let take = n.checked_sub(rest)?;
    if take.is_zero() || take > *most {
        return None;
    }
    let allowed = Nat::from_biguint(take.to_biguint() * BigUint::from(k));
    (*next == allowed).then(|| DynamicMove {
        pile,
        take,
        next: next.clone(),
    })
}

impl ComponentGame for Dynamic {
    fn spec(&self) -> String {
        if self.fibonacci {
            "fibonacci-nim".to_string()
        } else {
            format!("dynamic:{}", self.game.k())
        }
    }

    fn name(&self) -> Name {
        if self.fibonacci {
            Name {
                key: FamilyName::FibonacciNim,
                arg: None,
            }
        } else {
            Name {
                key: FamilyName::Dynamic,
                arg: Some(self.game.k().to_string()),
            }
        }
    }

    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "dynamic", "k": self.game.k()})
    }

    fn rule(&self) -> MoveRule {
        RULE
    }

    fn state_len(&self) -> Option<usize> {
        Some(2)
    }

    /// One heap: its two numbers, written as one token.
    fn check_state(&self, state: &[Nat]) -> Result<(), StateWhy> {
        if state.len() == 2 {
            Ok(())
        } else {
            Err(StateWhy::OneHeap)
        }
    }

    fn write_state(&self, state: &[Nat], out: &mut Vec<u8>) {
        for (i, n) in state.iter().enumerate() {
            if i > 0 {
                out.push(b':');
            }
            n.write_decimal(out);
        }
    }

    fn numbers_of_token(
        &self,
        token: &[u8],
        out: &mut Vec<Nat>,
    ) -> Option<Result<(), NumberError>> {
        let mut read = || -> Result<(), NumberError> {
            match token.iter().position(|&c| c == b':') {
                Some(at) => {
                    let n = Nat::parse_decimal(&token[..at])?;
                    let most = Nat::parse_decimal(&token[at + 1..]).map_err(|e| match e {
                        NumberError::NotADigit { index } => NumberError::NotADigit {
                            index: index + at + 1,
                        },
                        other => other,
                    })?;
                    out.push(n);
                    out.push(most);
                }
                None => {
                    let n = Nat::parse_decimal(token)?;
                    let most = n.saturating_sub(&Nat::ONE);
                    out.push(n);
                    out.push(most);
                }
            }
            Ok(())
        };
        Some(read())
    }

    fn reads_tokens(&self) -> bool {
        true
    }

    fn options(&self, state: &[u64], f: &mut dyn FnMut(&[u64])) {
        let [n, most] = *state else { return };
        for t in 1..=most.min(n) {
            f(&[n - t, t.saturating_mul(self.game.k())]);
        }
    }

    fn canonical(&self, state: &mut [u64]) {
        // An allowance above the stones is the allowance of all of them.
        if let [n, most] = state {
            *most = (*most).min(*n);
        }
    }

    fn positions_bound(&self, state: &[u64]) -> Option<u64> {
        // (n′, m) with m ≤ n′ ≤ n, as the search remembers them.
        let n = *state.first()?;
        n.checked_add(1)?
            .checked_mul(n.checked_add(2)?)
            .map(|p| p / 2)
    }

    fn moves_bound(&self, state: &[u64]) -> u64 {
        state.first().copied().unwrap_or(0)
    }

    fn grundy(&self, state: &[Nat]) -> Option<Nat> {
        self.table_value(&state[0], &state[1]).map(Nat::from)
    }

    fn moves_to_value(
        &self,
        state: &[Nat],
        target: &Nat,
        f: &mut dyn FnMut(Vec<Nat>) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        let n = state[0].to_u64()?;
        self.table_value(&state[0], &state[1])?;
        let most = state[1].to_u64().map_or(n, |m| m.min(n));
        for t in 1..=most {
            let rest = Nat::from(n - t);
            let next = self.times_k(&Nat::from(t));
            let value = self.table_value(&rest, &next)?;
            if Nat::from(value) == *target {
                let flow = f(vec![rest, next]);
                if flow.is_break() {
                    return Some(flow);
                }
            }
        }
        Some(ControlFlow::Continue(()))
    }

    fn verdict(&self, state: &[Nat], play: Play) -> Option<Verdict> {
        if play == Play::Misere {
            return None;
        }
        let (n, most) = (&state[0], &state[1]);
        let takes = self.game.winning_takes(n, most).ok()?;
        let winning = takes
            .iter()
            .map(|t| vec![n.saturating_sub(t), self.times_k(t)])
            .collect();
        Some(Verdict {
            winning,
            theorem: FamilyTheorem::Dynamic,
            fact: None,
        })
    }

    fn explain(&self, state: &[Nat], offset: usize) -> Vec<Step> {
        vec![Step::Family(FamilyStep::Dynamic(DynamicValue {
            pile: offset,
            k: self.game.k(),
            stones: state[0].clone(),
            most: state[1].clone(),
            terms: self.game.representation(&state[0]).ok(),
        }))]
    }

    fn longest_game(&self, state: &[Nat]) -> Option<Nat> {
        Some(state[0].clone())
    }

    fn has_move(&self, state: &[Nat]) -> bool {
        state.len() == 2 && !state[0].is_zero() && !state[1].is_zero()
    }

    fn is_option(&self, before: &[Nat], after: &[Nat]) -> bool {
        read_move(self.game.k(), 0, before, after).is_some()
    }

    fn random_option(&self, state: &[Nat], rng: &mut dyn rand::RngCore) -> Option<Vec<Nat>> {
        let most = if state[1] < state[0] {
            &state[1]
        } else {
            &state[0]
        };
        let t = crate::nat::uniform_below(rng, most)?.add(&Nat::ONE);
        Some(vec![state[0].saturating_sub(&t), self.times_k(&t)])
    }

    fn random_state(
        &self,
        _count: usize,
        max: &Nat,
        rng: &mut dyn rand::RngCore,
    ) -> Option<Vec<Nat>> {
        let n = crate::nat::uniform_below(rng, max)?.add(&Nat::ONE);
        let most = n.saturating_sub(&Nat::ONE);
        Some(vec![n, most])
    }
}
