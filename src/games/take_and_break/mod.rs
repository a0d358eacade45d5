//! The ruleset every take-and-break family shares ([`TakeAndBreak`]): octal codes and the
//! games named after them ([`super::octal`]), Grundy's game ([`super::grundys_game`]) and
//! Lasker's Nim ([`super::laskers_nim`]). A family gives the move rule ([`BreakRule`]), how
//! its heaps' Grundy values are known ([`HeapValues`]), its spec, name and JSON; this file
//! turns them into moves, values and proofs.
//!
//! A move that leaves no heap or one heap is a [`Move::Pile`] (a pile of 0 stays in the
//! position, as in Nim); a move that breaks a heap is a [`Move::Split`], and its heaps take the
//! place of the pile.

use std::ops::ControlFlow;
use std::sync::OnceLock;

use rand::RngCore;

use crate::error::{IllegalMove, MoveError, SolveError};
use crate::games::facts::ClosedFormWhy;
use crate::games::take_and_break::theory::{
    BreakRule, BreakTable, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO,
};
use crate::grundy::Periodicity;
use crate::moves::Move;
use crate::name::Name;
use crate::nat::Nat;
use crate::nat::uniform_below;
use crate::rules::Limits;
use crate::ruleset::HeapShape;
use crate::ruleset::{Ruleset, SequenceProof};

pub mod theory;

/// How the Grundy values of a family's heaps are known.
#[derive(Debug)]
pub enum HeapValues {
    /// Computed by mex from the rule, with the period the table proves (Guy–Smith), if any.
    Table(OnceLock<BreakTable>),
    /// A closed form: g(n), the heap of each value (g is a bijection), the formula and a
    /// message key naming why it holds.
    ClosedForm {
        /// g(n).
        value: fn(&Nat) -> Nat,
        /// The heap n with g(n) = v.
        heap_of: fn(&Nat) -> Nat,
        /// The formula, e.g. `g(4k+3) = 4k+4`.
        formula: &'static str,
        /// Why it holds.
        reason: ClosedFormWhy,
    },
}

/// A take-and-break game: its rule, its heaps' values, and how people name it.
#[derive(Debug)]
pub struct TakeAndBreak {
    spec: String,
    name: Name,
    json: serde_json::Value,
    rule: BreakRule,
    values: HeapValues,
}

/// Beyond a full listing, a break of a huge heap is sought among those whose smaller heaps are
/// at most this (a closed form's heaps; a proven period gives its own bound).
const CLOSED_FORM_SCAN: u64 = 1 << 16;

/// A heap of at most this many moves has its moves listed whatever the search limit (a
/// listing is no search).
const LIST_FLOOR: u64 = 1 << 20;

/// A heap of at most this many moves is moved on at random by listing them.
const RANDOM_LISTING: u64 = 1 << 20;

impl TakeAndBreak {
    /// The ruleset of a family.
    pub(crate) fn new(
        spec: String,
        name: Name,
        json: serde_json::Value,
        rule: BreakRule,
        values: HeapValues,
    ) -> TakeAndBreak {
        TakeAndBreak {
            spec,
            name,
            json,
            rule,
            values,
        }
    }

    /// The move rule.
    pub fn rule(&self) -> &BreakRule {
        &self.rule
    }

    fn table(&self, limits: &Limits) -> Option<&BreakTable> {
        match &self.values {
            HeapValues::Table(table) => {
                Some(table.get_or_init(|| BreakTable::new(self.rule.clone(), limits.table)))
            }
            HeapValues::ClosedForm { .. } => None,
        }
    }

    fn value(&self, n: &Nat, limits: &Limits) -> Result<Nat, SolveError> {
        match &self.values {
            HeapValues::ClosedForm { value, .. } => Ok(value(n)),
            HeapValues::Table(_) => {
                let table = self.table(limits).expect("a table family has a table");
                Ok(Nat::from(table.value(n)?))
            }
        }
    }

    /// How far the smaller heaps of a break of a huge heap need to be scanned to meet every
    /// value a break can have: with a proven period p from pre, heaps from pre on repeat
    /// their values every p, so pre + p heaps suffice. `None`: list every break.
    fn scan_bound(&self, limits: &Limits) -> Option<u64> {
        match &self.values {
            HeapValues::ClosedForm { .. } => Some(CLOSED_FORM_SCAN),
            HeapValues::Table(_) => self
                .table(limits)
                .and_then(BreakTable::periodicity)
                .map(|p| p.preperiod + p.period + 1),
        }
    }

    /// Calls `f(take, leaves)` with the moves of a heap of `n` (leaves ascending, empty when
    /// nothing is left) in the order of [`BreakRule::each_option`]: all of them when they are
    /// at most `all` or `bound` is `None`; otherwise, for a heap of more moves than a listing
    /// may take, the moves whose smaller heaps are at most `bound` (and, for a rule that takes
    /// any amount, removals up to `bound`).
    fn each_option_nat(
        &self,
        n: &Nat,
        all: u64,
        bound: Option<u64>,
        f: &mut dyn FnMut(Nat, Vec<Nat>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if let Some(v) = n.to_u64()
            && (bound.is_none() || self.rule.option_count(v) <= all.max(LIST_FLOOR))
        {
            return self.rule.each_option(v, &mut |k, leaves| {
                f(Nat::from(k), leaves.iter().map(|&h| Nat::from(h)).collect())
            });
        }
        let bound = bound.unwrap_or(u64::MAX);
        let last = self.rule.last_take().unwrap_or(bound);
        for k in 0..=last {
            let d = self.rule.digit(k);
            let take = Nat::from(k);
            // The heap is huge: what is left is never empty, and breaks any way.
            let m = n.saturating_sub(&take);
            if d & LEAVE_ONE != 0 && !m.is_zero() {
                f(take.clone(), vec![m.clone()])?;
            }
            if d & LEAVE_TWO != 0 {
                for a in 1..=bound {
                    let a = Nat::from(a);
                    // The smaller heap first; both non-empty.
                    if a.add(&a) > m {
                        break;
                    }
                    f(take.clone(), vec![a.clone(), m.saturating_sub(&a)])?;
                }
            }
            if d & LEAVE_THREE != 0 {
                for a in 1..=bound {
                    for b in a..=bound {
                        let (a, b) = (Nat::from(a), Nat::from(b));
                        let c = m.saturating_sub(&a.add(&b));
                        if c < b {
                            break;
                        }
                        f(take.clone(), vec![a, b, c])?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether a heap of `n` has a move.
    fn heap_has_move(&self, n: &Nat) -> bool {
        match n.to_u64() {
            Some(v) => self.rule.option_count(v) > 0,
            None => {
                // Whatever is left of a huge heap is a heap, and breaks any way.
                let last = self.rule.last_take().unwrap_or(1);
                (0..=last).any(|k| self.rule.digit(k) & !LEAVE_NONE != 0)
            }
        }
    }
}

/// The move of pile 0 that takes `take` and leaves `leaves`.
fn heap_move(from: &Nat, take: Nat, mut leaves: Vec<Nat>) -> Move {
    match leaves.len() {
        0 => Move::pile_to(from, Nat::ZERO),
        1 => Move::pile_to(from, leaves.pop().unwrap_or_default()),
        _ => Move::Split {
            pile: 0,
            from: from.clone(),
            take,
            leaves,
        },
    }
}

impl Ruleset for TakeAndBreak {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn name(&self) -> Name {
        self.name.clone()
    }

    fn json(&self) -> serde_json::Value {
        self.json.clone()
    }

    fn heaps_are_a_multiset(&self) -> bool {
        true
    }

    fn splits_heaps(&self) -> bool {
        self.rule.breaks()
    }

    fn heap_shape(&self) -> Option<HeapShape> {
        let parts = if self.rule.breaks_in_three() {
            3
        } else if self.rule.breaks() {
            2
        } else {
            1
        };
        let max_take = self.rule.last_take()?;
        (!self.rule.unequal()).then_some(HeapShape { max_take, parts })
    }

    fn least_take(&self) -> Nat {
        let last = self.rule.last_take().unwrap_or(1);
        Nat::from((0..=last).find(|&k| self.rule.digit(k) != 0).unwrap_or(0))
    }

    fn allows_take(&self, take: &Nat) -> Result<(), IllegalMove> {
        let k = take.to_u64().unwrap_or(u64::MAX);
        if self.rule.digit(k) != 0 {
            return Ok(());
        }
        let amounts = self
            .rule
            .last_take()
            .map(|t| (0..=t).filter(|&k| self.rule.digit(k) != 0).collect());
        Err(IllegalMove::NotAnAmount {
            game: self.spec.clone(),
            name: self.name.clone(),
            amounts,
            take: take.clone(),
        })
    }

    fn take_count(&self, p: &Nat) -> Nat {
        let last = self.rule.last_take();
        match (p.to_u64(), last) {
            (Some(v), _) => Nat::from(
                (0..=last.map_or(v, |t| t.min(v)))
                    .filter(|&k| self.rule.digit(k) != 0)
                    .count() as u64,
            ),
            (None, Some(t)) => {
                Nat::from((0..=t).filter(|&k| self.rule.digit(k) != 0).count() as u64)
            }
            (None, None) => {
                // The amounts 0 … p of a non-zero digit: those of d₀ … dₜ, then those of the
                // repeating digits, a block at a time.
                let (digits, repeat) = (self.rule.digits(), self.rule.repeat());
                let first = digits.iter().filter(|&&d| d != 0).count() as u64;
                let per = repeat.iter().filter(|&&d| d != 0).count() as u64;
                let rest = p
                    .add(&Nat::ONE)
                    .saturating_sub(&Nat::from(digits.len() as u64));
                let r = repeat.len() as u64;
                let whole = rest.div_u64(r).to_biguint() * per;
                let part = repeat[..rest.rem_u64(r) as usize]
                    .iter()
                    .filter(|&&d| d != 0)
                    .count() as u64;
                Nat::from_biguint(whole).add(&Nat::from(first + part))
            }
        }
    }

    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat> {
        let k = k.to_u64()?;
        let last = self.rule.last_take();
        match (p.to_u64(), last) {
            (None, None) => {
                // The k-th amount of a non-zero digit: among d₀ … dₜ, or in a block of the
                // repeating digits (p is beyond every machine word: the amount is below it).
                let (digits, repeat) = (self.rule.digits(), self.rule.repeat());
                let first: Vec<u64> = (0..digits.len() as u64)
                    .filter(|&j| digits[j as usize] != 0)
                    .collect();
                if let Some(&j) = first.get(usize::try_from(k).ok()?) {
                    return Some(Nat::from(j));
                }
                let within: Vec<u64> = (0..repeat.len() as u64)
                    .filter(|&j| repeat[j as usize] != 0)
                    .collect();
                let k = k - first.len() as u64;
                let (block, j) = (k / within.len() as u64, k % within.len() as u64);
                let at = (digits.len() as u64)
                    .checked_add(block.checked_mul(repeat.len() as u64)?)?
                    .checked_add(within[j as usize])?;
                Some(Nat::from(at))
            }
            (v, _) => {
                let top = match (v, last) {
                    (Some(v), Some(t)) => v.min(t),
                    (Some(v), None) => v,
                    (None, Some(t)) => t,
                    (None, None) => unreachable!(),
                };
                (0..=top)
                    .filter(|&j| self.rule.digit(j) != 0)
                    .nth(usize::try_from(k).ok()?)
                    .map(Nat::from)
            }
        }
    }

    fn take_at(&self, p: u64, k: usize) -> Option<u64> {
        let top = self.rule.last_take().map_or(p, |t| t.min(p));
        (0..=top).filter(|&j| self.rule.digit(j) != 0).nth(k)
    }

    fn heap_grundy(&self, p: &Nat, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        self.value(p, limits).map(Some)
    }

    fn heap_options_with_value(
        &self,
        p: &Nat,
        _g: &Nat,
        target: &Nat,
        limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        if let HeapValues::ClosedForm { value, heap_of, .. } = &self.values {
            // The one heap of the target value first, if it is smaller (a closed form's rule
            // takes any amount, leaving one heap): a search for one winning move stops there
            // and never scans the breaks of a heap of a million (about 2^32 of them).
            let m = heap_of(target);
            if &m < p {
                let take = p.saturating_sub(&m);
                let k = take.to_u64().unwrap_or(u64::MAX);
                let bit = if m.is_zero() { LEAVE_NONE } else { LEAVE_ONE };
                if self.rule.digit(k) & bit != 0 && f(Move::pile_to(p, m)).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
            }
            // Then the breaks (and breaks without taking).
            let bound = Some(CLOSED_FORM_SCAN);
            return Ok(
                self.each_option_nat(p, limits.search, bound, &mut |take, leaves| {
                    if leaves.len() < 2 {
                        return ControlFlow::Continue(());
                    }
                    let v = leaves.iter().fold(Nat::ZERO, |x, h| x.xor(&value(h)));
                    if &v == target {
                        f(heap_move(p, take, leaves))
                    } else {
                        ControlFlow::Continue(())
                    }
                }),
            );
        }
        let bound = self.scan_bound(limits);
        let table = self.table(limits).expect("a table family has a table");
        let mut failed = None;
        let flow = self.each_option_nat(p, limits.search, bound, &mut |take, leaves| {
            let mut v = 0u32;
            for h in &leaves {
                match table.value(h) {
                    Ok(g) => v ^= g,
                    Err(e) => {
                        failed = Some(e);
                        return ControlFlow::Break(());
                    }
                }
            }
            if &Nat::from(v) == target {
                f(heap_move(p, take, leaves))
            } else {
                ControlFlow::Continue(())
            }
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(flow),
        }
    }

    fn listing_work(&self, piles: &[Nat]) -> u64 {
        piles.iter().fold(0u64, |w, p| {
            let words = p.bits().div_ceil(64).max(1);
            w.saturating_add(self.rule.option_count_nat(p).saturating_mul(words))
        })
    }

    /// Three times the tokens: 3·tokens − heaps falls with every move (a take removes k ≥ 1
    /// tokens and adds at most two heaps, a break without a take adds a heap) and is never
    /// negative.
    fn longest_game(&self, piles: &[Nat]) -> Option<Nat> {
        let tokens = piles.iter().fold(Nat::ZERO, |s, p| s.add(p));
        Some(tokens.add(&tokens).add(&tokens))
    }

    fn sequence_proof(&self, limits: &Limits) -> SequenceProof {
        match &self.values {
            HeapValues::ClosedForm {
                formula, reason, ..
            } => SequenceProof::ClosedForm {
                formula: (*formula).into(),
                period: None,
                reason: Some(*reason),
            },
            HeapValues::Table(_) => match self.table(limits) {
                Some(table) if self.rule.period_provable() => match table.prove_period() {
                    Some(p) => SequenceProof::Periodic(p),
                    None => SequenceProof::Unproven {
                        values: table.computed(),
                    },
                },
                _ => SequenceProof::Table,
            },
        }
    }

    fn periodicity(&self, limits: &Limits) -> Option<Periodicity> {
        self.table(limits).and_then(BreakTable::periodicity)
    }

    fn check_move(&self, _piles: &[Nat], _offset: usize, mv: &Move) -> Result<(), MoveError> {
        let (take, left, bit) = match mv {
            Move::Pile { from, to, .. } => {
                let bit = if to.is_zero() { LEAVE_NONE } else { LEAVE_ONE };
                (from.saturating_sub(to), 1, bit)
            }
            Move::Split { take, leaves, .. } => {
                let bit = match leaves.len() {
                    2 => LEAVE_TWO,
                    3 => LEAVE_THREE,
                    _ => 0,
                };
                let mut sorted = leaves.clone();
                sorted.sort();
                if self.rule.unequal() && sorted.windows(2).any(|w| w[0] == w[1]) {
                    return Err(IllegalMove::UnequalHeaps {
                        game: self.spec.clone(),
                        name: self.name.clone(),
                    }
                    .into());
                }
                (take.clone(), leaves.len(), bit)
            }
            Move::Both { .. } => return Err(IllegalMove::NoMoveFromBothPiles.into()),
            Move::To { .. } => return Err(IllegalMove::NotWhole.into()),
        };
        self.allows_take(&take)?;
        let k = take.to_u64().unwrap_or(u64::MAX);
        if self.rule.digit(k) & bit == 0 {
            return Err(IllegalMove::MayNotLeave {
                game: self.spec.clone(),
                name: self.name.clone(),
                take,
                heaps: if bit == LEAVE_NONE { 0 } else { left },
            }
            .into());
        }
        Ok(())
    }

    fn has_move(&self, piles: &[Nat]) -> bool {
        piles.iter().any(|p| self.heap_has_move(p))
    }

    fn fallback(&self, piles: &[Nat], offset: usize) -> Option<(Nat, Move)> {
        let mut best: Option<usize> = None;
        for (i, p) in piles.iter().enumerate() {
            if self.heap_has_move(p) && best.is_none_or(|j| p > &piles[j]) {
                best = Some(i);
            }
        }
        let i = best?;
        let p = &piles[i];
        let mut first = None;
        let _ = self.each_option_nat(p, 0, Some(1), &mut |take, leaves| {
            first = Some(heap_move(p, take, leaves));
            ControlFlow::Break(())
        });
        Some((p.clone(), first?.shifted(offset + i)))
    }

    fn random_choices(&self, piles: &[Nat]) -> usize {
        piles.iter().filter(|p| self.heap_has_move(p)).count()
    }

    /// A heap among those with a move, then (up to a million moves) one of its moves, drawn
    /// uniformly; a huge heap draws an amount, then what it leaves, then where it breaks.
    fn random_move(
        &self,
        piles: &[Nat],
        offset: usize,
        choice: usize,
        rng: &mut dyn RngCore,
    ) -> Option<Move> {
        let (i, p) = piles
            .iter()
            .enumerate()
            .filter(|(_, p)| self.heap_has_move(p))
            .nth(choice)?;
        if let Some(v) = p.to_u64() {
            let count = self.rule.option_count(v);
            if count <= RANDOM_LISTING {
                let mut k = uniform_below(rng, &Nat::from(count))?.to_u64()?;
                let mut pick = None;
                let _ = self.rule.each_option(v, &mut |take, leaves| {
                    if k == 0 {
                        pick = Some(heap_move(
                            p,
                            Nat::from(take),
                            leaves.iter().map(|&h| Nat::from(h)).collect(),
                        ));
                        return ControlFlow::Break(());
                    }
                    k -= 1;
                    ControlFlow::Continue(())
                });
                return Some(pick?.shifted(offset + i));
            }
        }
        let takes = self.take_count(p);
        let take = self.nth_take(p, &uniform_below(rng, &takes)?)?;
        let m = p.saturating_sub(&take);
        let d = self.rule.digit(take.to_u64().unwrap_or(u64::MAX));
        let forms: Vec<u8> = [LEAVE_ONE, LEAVE_TWO, LEAVE_THREE]
            .into_iter()
            .filter(|b| d & b != 0)
            .collect();
        let form = forms[uniform_below(rng, &Nat::from(forms.len() as u64))?.to_u64()? as usize];
        let one = Nat::ONE;
        let mv = match form {
            LEAVE_ONE => Move::pile_to(p, m),
            LEAVE_TWO => {
                let a = uniform_below(rng, &m.div_u64(2))?.add(&one);
                let b = m.saturating_sub(&a);
                heap_move(p, take, vec![a, b])
            }
            _ => {
                let third = m.div_u64(3);
                let a = uniform_below(rng, &third)?.add(&one);
                let b = uniform_below(rng, &third)?.add(&one);
                let (a, b) = if a <= b { (a, b) } else { (b, a) };
                let c = m.saturating_sub(&a.add(&b));
                heap_move(p, take, vec![a, b, c])
            }
        };
        Some(mv.shifted(offset + i))
    }

    fn atom_is_terminal(&self, atom: &[u64]) -> bool {
        self.rule.option_count(atom[0]) == 0
    }

    fn atom_moves(&self, atom: &[u64]) -> u64 {
        self.rule.option_count(atom[0])
    }

    fn atom_child(&self, atom: &[u64], k: usize, out: &mut Vec<u64>) -> bool {
        let mut left = k;
        let mut found = false;
        let _ = self.rule.each_option(atom[0], &mut |_, leaves| {
            if left == 0 {
                out.extend_from_slice(leaves);
                found = true;
                return ControlFlow::Break(());
            }
            left -= 1;
            ControlFlow::Continue(())
        });
        found
    }

    fn each_child(&self, atom: &[u64], f: &mut dyn FnMut(&[u64])) {
        let _ = self.rule.each_option(atom[0], &mut |_, leaves| {
            f(leaves);
            ControlFlow::Continue(())
        });
    }

    fn each_move(&self, piles: &[u64], offset: usize, f: &mut dyn FnMut(Move, &[u64])) {
        let mut after: Vec<u64> = Vec::with_capacity(piles.len() + 2);
        for (i, &p) in piles.iter().enumerate() {
            let _ = self.rule.each_option(p, &mut |take, leaves| {
                after.clear();
                after.extend_from_slice(&piles[..i]);
                if leaves.is_empty() {
                    after.push(0);
                } else {
                    after.extend_from_slice(leaves);
                }
                after.extend_from_slice(&piles[i + 1..]);
                let mv = heap_move(
                    &Nat::from(p),
                    Nat::from(take),
                    leaves.iter().map(|&h| Nat::from(h)).collect(),
                );
                f(mv.shifted(offset + i), &after);
                ControlFlow::Continue(())
            });
        }
    }
}
