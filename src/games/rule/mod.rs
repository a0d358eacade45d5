//! Heap rules you write (`rule:{…}`): the moves of a heap of n given as conditions, e.g.
//! `rule:{take t if t | n and t < n}` (the divisor game: take a proper divisor of the heap),
//! `rule:{take t if t is prime}`, `rule:{split a b if a != b}` (Grundy's game) or
//! `rule:{take t split a b if t <= 2}`; alternatives are separated by `;`. The language is in
//! [`lang`].
//!
//! A rule whose conditions never read n, whose takes are bounded (by `t <= K`, `t < K`,
//! `t = K` or `t | K`, see [`lang::upper_bound`]) and whose splits read neither a nor b — or
//! say exactly a ≠ b, as Grundy's game does — is a take-and-break game of an octal code: it
//! is played as one ([`super::take_and_break`]), so its period is proven where the Guy–Smith
//! theorem (or, without splits, the window of a subtraction game) proves one. Every other rule
//! is played from its listed options: its Grundy values are computed by mex up to the heap
//! asked, within the table limit and at most [`STEPS_PER_ENTRY`] conditions an entry of it,
//! and no period is claimed.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use rand::RngCore;

use crate::error::{IllegalMove, MoveError, RuleError, SolveError};
use crate::games::octal::code_text;
use crate::games::take_and_break::theory::{BreakRule, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};
use crate::games::take_and_break::{HeapValues, TakeAndBreak};
use crate::grundy::mex;
use crate::moves::Move;
use crate::name::Name;
use crate::nat::{Nat, uniform_below};
use crate::rules::Limits;
use crate::ruleset::{Family, Rules, Ruleset, SequenceProof, argument, cut};

pub mod lang;

use lang::{Form, Program, Var};

/// The spec `rule:{RULE}`.
pub static FAMILY: Family = Family {
    keyword: "rule",
    syntax: "rule:{RULE}",
    about: "a heap rule you write, e.g. rule:{take t if t | n and t < n} (take a proper divisor)",
    parse: |arg| rule(argument("rule:{RULE}", arg)?),
};

/// The conditions a rule's table may evaluate for each entry of the table limit.
pub const STEPS_PER_ENTRY: u64 = 10;

/// The most digits of the octal code a rule is played as (a larger bound on the takes plays
/// the rule from its options).
const OCTAL_DIGITS: i128 = 4096;

/// The column of the first character after `rule:`.
const ARG_COLUMN: usize = 6;

/// The rules of a heap rule, written as after `rule:` (`{take t if t <= 3}`).
///
/// # Errors
/// [`RuleError::BadRule`] with the column in the spec and why.
pub fn rule(text: &str) -> Result<Rules, RuleError> {
    let program = lang::parse(text, ARG_COLUMN).map_err(|(column, why)| RuleError::BadRule {
        spec: cut(&format!("rule:{}", text.trim())),
        column,
        why,
    })?;
    let spec = format!("rule:{{{}}}", program.text);
    let name = Name {
        key: crate::games::names::FamilyName::Rule,
        arg: Some(program.text.clone()),
    };
    if let Some((digits, unequal)) = octal_shape(&program) {
        let json = serde_json::json!({
            "kind": "rule",
            "rule": program.text,
            "octal": code_text(&digits),
            "unequal": unequal,
        });
        return Ok(Rules::new(TakeAndBreak::new(
            spec,
            name,
            json,
            BreakRule::new(digits, 0, unequal),
            HeapValues::Table(OnceLock::new()),
        )));
    }
    let json = serde_json::json!({"kind": "rule", "rule": program.text});
    Ok(Rules::new(HeapRule {
        spec,
        name,
        json,
        program,
        table: Mutex::new((Vec::new(), 0)),
        cache: Mutex::new(Cache::default()),
    }))
}

/// The octal code a rule is (digits d₀ … dₜ, trailing zeros dropped) and whether its breaks
/// must be unequal, when every alternative is one of a code (see the module's docs); `None`
/// otherwise, or for a rule of no move.
fn octal_shape(program: &Program) -> Option<(Vec<u8>, bool)> {
    let mut digits = vec![0u8];
    let mut unequal = false;
    let mut equal_breaks = false;
    let set = |digits: &mut Vec<u8>, k: usize, bits: u8| {
        if digits.len() <= k {
            digits.resize(k + 1, 0);
        }
        digits[k] |= bits;
    };
    for alt in &program.alts {
        let cond = alt.cond.as_ref();
        if cond.is_some_and(|c| lang::mentions(c, Var::N)) {
            return None;
        }
        let holds = |t: i128| cond.is_none_or(|c| lang::eval(c, &[0, t, 0, 0]) == Some(true));
        let reads_parts =
            cond.is_some_and(|c| lang::mentions(c, Var::A) || lang::mentions(c, Var::B));
        match alt.form {
            Form::Take | Form::TakeSplit => {
                if reads_parts {
                    return None;
                }
                let bound = lang::upper_bound(cond?, Var::T)?;
                if bound > OCTAL_DIGITS {
                    return None;
                }
                let bits = if alt.form == Form::Take {
                    LEAVE_NONE | LEAVE_ONE
                } else {
                    equal_breaks = true;
                    LEAVE_TWO
                };
                for t in 1..=bound.max(0) {
                    if holds(t) {
                        set(&mut digits, t as usize, bits);
                    }
                }
            }
            Form::Split => match cond {
                Some(c) if reads_parts => {
                    if !lang::says_unequal(c) {
                        return None;
                    }
                    unequal = true;
                    set(&mut digits, 0, LEAVE_TWO);
                }
                _ => {
                    if holds(0) {
                        equal_breaks = true;
                        set(&mut digits, 0, LEAVE_TWO);
                    }
                }
            },
        }
    }
    // Unequal heaps are a rule of every break of a code, or of none.
    if unequal && equal_breaks {
        return None;
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    if digits.iter().all(|&d| d == 0) {
        return None;
    }
    Some((digits, unequal))
}

/// One option of a heap: the amount taken and the heaps left (`parts` of them: 0, 1 or 2;
/// `a ≤ b` for two, `a` for one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Opt {
    take: u64,
    parts: u8,
    a: u64,
    b: u64,
}

impl Opt {
    fn leaves(&self) -> &'static [usize] {
        match self.parts {
            0 => &[],
            1 => &[0],
            _ => &[0, 1],
        }
    }

    fn heaps(&self) -> [u64; 2] {
        [self.a, self.b]
    }

    /// The move of pile 0 from a heap of `n`.
    fn to_move(self, n: u64) -> Move {
        match self.parts {
            0 => Move::pile_to(&Nat::from(n), Nat::ZERO),
            1 => Move::pile_to(&Nat::from(n), Nat::from(self.a)),
            _ => Move::Split {
                pile: 0,
                from: Nat::from(n),
                take: Nat::from(self.take),
                leaves: vec![Nat::from(self.a), Nat::from(self.b)],
            },
        }
    }
}

/// The options of heaps listed so far, for the search (which asks for them one at a time).
#[derive(Debug, Default)]
struct Cache {
    options: HashMap<u64, Arc<Vec<Opt>>>,
    held: usize,
}

/// The most options the cache holds.
const CACHE_OPTIONS: usize = 1 << 22;

/// A heap whose options take more conditions than this to list is moved on by a bounded scan
/// (a random move, a fallback, whether it has a move), never by a listing.
const LIST_STEPS: u64 = 1 << 22;

/// The conditions a bounded scan of a heap too large to list evaluates.
const SCAN_STEPS: u64 = 1 << 16;

/// A heap rule played from its options.
#[derive(Debug)]
pub struct HeapRule {
    spec: String,
    name: Name,
    json: serde_json::Value,
    program: Program,
    /// g(0), g(1), … so far, and the conditions evaluated for them.
    table: Mutex<(Vec<u32>, u64)>,
    cache: Mutex<Cache>,
}

impl HeapRule {
    /// How many conditions listing the options of a heap of `n` evaluates, saturating.
    fn candidates(&self, n: u64) -> u64 {
        self.program.alts.iter().fold(0u64, |sum, alt| {
            let c = match alt.form {
                Form::Take => n,
                Form::Split => n / 2,
                Form::TakeSplit => {
                    let m = n.saturating_sub(2);
                    // Σ over t of ⌊(n − t)/2⌋ ≤ m·(m + 2)/2 / 2.
                    m.saturating_mul(m.saturating_add(2)) / 4 + m
                }
            };
            sum.saturating_add(c)
        })
    }

    /// Whether the alternative `alt` allows taking `t` from `n` and leaving `a`, `b` (for a
    /// split) — the heaps are not checked here.
    fn allows(&self, form: Form, n: u64, t: u64, a: u64, b: u64) -> bool {
        let env = [i128::from(n), i128::from(t), i128::from(a), i128::from(b)];
        self.program.alts.iter().any(|alt| {
            alt.form == form
                && alt
                    .cond
                    .as_ref()
                    .is_none_or(|c| lang::eval(c, &env) == Some(true))
        })
    }

    /// Every option of a heap of `n`, sorted (by amount, then no heap, one heap, two heaps,
    /// then the smaller heap), each once.
    fn list(&self, n: u64) -> Vec<Opt> {
        let mut out = Vec::new();
        for alt in &self.program.alts {
            let ok = |env: &lang::Env| {
                alt.cond
                    .as_ref()
                    .is_none_or(|c| lang::eval(c, env) == Some(true))
            };
            let n128 = i128::from(n);
            match alt.form {
                Form::Take => {
                    for t in 1..=n {
                        if ok(&[n128, i128::from(t), 0, 0]) {
                            let parts = u8::from(t < n);
                            out.push(Opt {
                                take: t,
                                parts,
                                a: n - t,
                                b: 0,
                            });
                        }
                    }
                }
                Form::Split => {
                    for a in 1..=n / 2 {
                        if ok(&[n128, 0, i128::from(a), i128::from(n - a)]) {
                            out.push(Opt {
                                take: 0,
                                parts: 2,
                                a,
                                b: n - a,
                            });
                        }
                    }
                }
                Form::TakeSplit => {
                    for t in 1..=n.saturating_sub(2) {
                        let m = n - t;
                        for a in 1..=m / 2 {
                            if ok(&[n128, i128::from(t), i128::from(a), i128::from(m - a)]) {
                                out.push(Opt {
                                    take: t,
                                    parts: 2,
                                    a,
                                    b: m - a,
                                });
                            }
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The options of `n`, from the cache where they fit in it.
    fn options(&self, n: u64) -> Arc<Vec<Opt>> {
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(o) = cache.options.get(&n) {
            return Arc::clone(o);
        }
        drop(cache);
        let listed = Arc::new(self.list(n));
        cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.held + listed.len() <= CACHE_OPTIONS {
            cache.held += listed.len();
            cache.options.insert(n, Arc::clone(&listed));
        }
        listed
    }

    /// Calls `f` with options of a heap too large to list, found by a scan of at most
    /// [`SCAN_STEPS`] conditions (the least amounts first, then the largest), until it breaks.
    fn scan(&self, n: &Nat, f: &mut dyn FnMut(Opt) -> ControlFlow<()>) {
        let Some(n) = n.to_u64() else {
            return;
        };
        let half = SCAN_STEPS / 2;
        let takes = (1..=n.min(half)).chain((n.saturating_sub(half).max(half + 1)..=n).rev());
        for t in takes {
            if self.allows(Form::Take, n, t, 0, 0) {
                let opt = Opt {
                    take: t,
                    parts: u8::from(t < n),
                    a: n - t,
                    b: 0,
                };
                if f(opt).is_break() {
                    return;
                }
            }
        }
        for a in 1..=(n / 2).min(half) {
            if self.allows(Form::Split, n, 0, a, n - a) {
                let opt = Opt {
                    take: 0,
                    parts: 2,
                    a,
                    b: n - a,
                };
                if f(opt).is_break() {
                    return;
                }
            }
        }
    }

    /// Whether a heap of `n` has a move (a heap too large to list: whether a bounded scan
    /// finds one).
    fn heap_has_move(&self, n: &Nat) -> bool {
        match n.to_u64() {
            Some(v) if self.candidates(v) <= LIST_STEPS => !self.options(v).is_empty(),
            _ => {
                let mut found = false;
                self.scan(n, &mut |_| {
                    found = true;
                    ControlFlow::Break(())
                });
                found
            }
        }
    }

    /// The Grundy value of a heap of `n`, growing the table to it.
    fn value(&self, n: &Nat, limits: &Limits) -> Result<u32, SolveError> {
        let beyond = || SolveError::TableLimit {
            pile: n.brief(),
            needed: n.add(&Nat::ONE).brief(),
            limit: limits.table,
        };
        let want = n.to_u64().ok_or_else(beyond)?;
        let mut guard = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        let (table, spent) = &mut *guard;
        if let Some(&v) = usize::try_from(want).ok().and_then(|w| table.get(w)) {
            return Ok(v);
        }
        if want >= limits.table {
            return Err(beyond());
        }
        let budget = STEPS_PER_ENTRY.saturating_mul(limits.table);
        while (table.len() as u64) <= want {
            let m = table.len() as u64;
            let cost = spent.saturating_add(self.candidates(m));
            if cost > budget {
                return Err(SolveError::RuleWork {
                    pile: n.brief(),
                    entries: m,
                    per_entry: STEPS_PER_ENTRY,
                    steps: budget,
                });
            }
            let seen: Vec<u32> = self
                .list(m)
                .iter()
                .map(|o| {
                    o.leaves()
                        .iter()
                        .fold(0, |x, &i| x ^ table[o.heaps()[i] as usize])
                })
                .collect();
            table.push(mex(seen));
            *spent = cost;
        }
        Ok(table[want as usize])
    }
}

impl Ruleset for HeapRule {
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
        self.program.alts.iter().any(|a| a.form != Form::Take)
    }

    fn least_take(&self) -> Nat {
        Nat::from(u64::from(!self.splits_heaps()))
    }

    /// Any amount may be taken from some heap: whether it may from this one, the move says.
    fn allows_take(&self, _take: &Nat) -> Result<(), IllegalMove> {
        Ok(())
    }

    fn take_count(&self, p: &Nat) -> Nat {
        match p.to_u64() {
            Some(v) if self.candidates(v) <= LIST_STEPS => {
                let mut takes: Vec<u64> = self.options(v).iter().map(|o| o.take).collect();
                takes.dedup();
                Nat::from(takes.len() as u64)
            }
            _ => Nat::ZERO,
        }
    }

    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat> {
        self.take_at(p.to_u64()?, usize::try_from(k.to_u64()?).ok()?)
            .map(Nat::from)
    }

    fn take_at(&self, p: u64, k: usize) -> Option<u64> {
        if self.candidates(p) > LIST_STEPS {
            return None;
        }
        let mut takes: Vec<u64> = self.options(p).iter().map(|o| o.take).collect();
        takes.dedup();
        takes.get(k).copied()
    }

    fn heap_grundy(&self, p: &Nat, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        self.value(p, limits).map(|v| Some(Nat::from(v)))
    }

    fn heap_options_with_value(
        &self,
        p: &Nat,
        _g: &Nat,
        target: &Nat,
        limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        // The heap's value was asked first: it lies within the table, and so do its options.
        let n = p.to_u64().unwrap_or(u64::MAX);
        self.value(p, limits)?;
        for o in self.options(n).iter() {
            let mut v = 0u32;
            for &i in o.leaves() {
                v ^= self.value(&Nat::from(o.heaps()[i]), limits)?;
            }
            if &Nat::from(v) == target && f(o.to_move(n)).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn listing_work(&self, piles: &[Nat]) -> u64 {
        piles.iter().fold(0u64, |w, p| {
            w.saturating_add(p.to_u64().map_or(u64::MAX, |v| self.candidates(v)))
        })
    }

    /// Three times the tokens: 3·tokens − heaps falls with every move (a take removes t ≥ 1
    /// tokens and adds at most one heap, a split without a take adds a heap).
    fn longest_game(&self, piles: &[Nat]) -> Option<Nat> {
        let tokens = piles.iter().fold(Nat::ZERO, |s, p| s.add(p));
        Some(tokens.add(&tokens).add(&tokens))
    }

    /// No theorem here proves a period of a rule played from its options: its values are
    /// computed by mex, and none beyond the table is claimed.
    fn sequence_proof(&self, _limits: &Limits) -> SequenceProof {
        SequenceProof::Table
    }

    fn check_move(&self, _piles: &[Nat], _offset: usize, mv: &Move) -> Result<(), MoveError> {
        let refuse = || -> MoveError {
            IllegalMove::NotByRule {
                game: self.spec.clone(),
            }
            .into()
        };
        let word = |x: &Nat| x.to_u64().ok_or_else(refuse);
        match mv {
            Move::Pile { from, to, .. } => {
                let (n, m) = (word(from)?, word(to)?);
                let t = n.checked_sub(m).filter(|&t| t > 0).ok_or_else(refuse)?;
                if self.allows(Form::Take, n, t, 0, 0) {
                    return Ok(());
                }
            }
            Move::Split {
                from, take, leaves, ..
            } if leaves.len() == 2 => {
                let (n, t) = (word(from)?, word(take)?);
                let (mut a, mut b) = (word(&leaves[0])?, word(&leaves[1])?);
                if a > b {
                    (a, b) = (b, a);
                }
                let form = if t == 0 { Form::Split } else { Form::TakeSplit };
                let adds = t.checked_add(a).and_then(|s| s.checked_add(b)) == Some(n);
                if a >= 1 && adds && self.allows(form, n, t, a, b) {
                    return Ok(());
                }
            }
            Move::Split { .. } => {}
            Move::Both { .. } => return Err(IllegalMove::NoMoveFromBothPiles.into()),
            Move::To { .. } => return Err(IllegalMove::NotWhole.into()),
        }
        Err(refuse())
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
        let n = p.to_u64()?;
        let first = if self.candidates(n) <= LIST_STEPS {
            self.options(n).first().copied()
        } else {
            let mut first = None;
            self.scan(p, &mut |o| {
                first = Some(o);
                ControlFlow::Break(())
            });
            first
        };
        Some((p.clone(), first?.to_move(n).shifted(offset + i)))
    }

    fn random_choices(&self, piles: &[Nat]) -> usize {
        piles.iter().filter(|p| self.heap_has_move(p)).count()
    }

    /// A heap among those with a move, then one of its options drawn uniformly (a heap too
    /// large to list: one of the options a bounded scan finds).
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
        let n = p.to_u64()?;
        let options: Vec<Opt> = if self.candidates(n) <= LIST_STEPS {
            self.options(n).to_vec()
        } else {
            let mut found = Vec::new();
            self.scan(p, &mut |o| {
                found.push(o);
                ControlFlow::Continue(())
            });
            found
        };
        let k = uniform_below(rng, &Nat::from(options.len() as u64))?.to_u64()?;
        Some(options[k as usize].to_move(n).shifted(offset + i))
    }

    fn atom_is_terminal(&self, atom: &[u64]) -> bool {
        !self.heap_has_move(&Nat::from(atom[0]))
    }

    fn atom_moves(&self, atom: &[u64]) -> u64 {
        let n = atom[0];
        if self.candidates(n) > LIST_STEPS {
            return self.candidates(n);
        }
        self.options(n).len() as u64
    }

    fn atom_child(&self, atom: &[u64], k: usize, out: &mut Vec<u64>) -> bool {
        if self.candidates(atom[0]) > LIST_STEPS {
            return false;
        }
        match self.options(atom[0]).get(k) {
            Some(o) => {
                out.extend(o.leaves().iter().map(|&i| o.heaps()[i]));
                true
            }
            None => false,
        }
    }

    fn each_child(&self, atom: &[u64], f: &mut dyn FnMut(&[u64])) {
        if self.candidates(atom[0]) > LIST_STEPS {
            return;
        }
        for o in self.options(atom[0]).iter() {
            let heaps = o.heaps();
            let left: Vec<u64> = o.leaves().iter().map(|&i| heaps[i]).collect();
            f(&left);
        }
    }

    fn each_move(&self, piles: &[u64], offset: usize, f: &mut dyn FnMut(Move, &[u64])) {
        let mut after: Vec<u64> = Vec::with_capacity(piles.len() + 1);
        for (i, &p) in piles.iter().enumerate() {
            if self.candidates(p) > LIST_STEPS {
                continue;
            }
            for o in self.options(p).iter() {
                after.clear();
                after.extend_from_slice(&piles[..i]);
                match o.parts {
                    0 => after.push(0),
                    1 => after.push(o.a),
                    _ => after.extend_from_slice(&[o.a, o.b]),
                }
                after.extend_from_slice(&piles[i + 1..]);
                f(o.to_move(p).shifted(offset + i), &after);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grundy(spec: &str, upto: u64) -> Vec<u64> {
        let rules = Rules::parse(spec).unwrap();
        let limits = Limits::default();
        (0..=upto)
            .map(|n| {
                rules
                    .heap_grundy(&Nat::from(n), &limits)
                    .unwrap()
                    .unwrap()
                    .to_u64()
                    .unwrap()
            })
            .collect()
    }

    #[test]
    fn a_bounded_take_rule_is_the_subtraction_game_of_its_code() {
        let rules = Rules::parse("rule:{take t if t <= 3}").unwrap();
        assert_eq!(rules.json()["octal"], "0.333");
        assert_eq!(rules.spec(), "rule:{take t if t <= 3}");
        assert_eq!(
            grundy("rule:{take t if t<=3}", 8),
            [0, 1, 2, 3, 0, 1, 2, 3, 0]
        );
        assert!(matches!(
            rules.sequence_proof(&Limits::default()),
            SequenceProof::Periodic(_)
        ));
    }

    #[test]
    fn grundys_game_written_as_a_rule_is_grundys_game() {
        let rules = Rules::parse("rule:{split a b if a != b}").unwrap();
        assert_eq!(rules.json()["octal"], "4.");
        assert_eq!(rules.json()["unequal"], true);
        assert_eq!(
            grundy("rule:{split a b if a != b}", 12),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
        );
    }

    #[test]
    fn the_divisor_game_is_played_from_its_options() {
        let rules = Rules::parse("rule:{take t if t | n and t < n}").unwrap();
        assert!(rules.json().get("octal").is_none());
        assert_eq!(
            rules.sequence_proof(&Limits::default()),
            SequenceProof::Table
        );
        // g(n) is the 2-adic valuation of n (n ≥ 1): the heap 1 has no move.
        assert_eq!(
            grundy("rule:{take t if t | n and t < n}", 8),
            [0, 0, 1, 0, 2, 0, 1, 0, 3]
        );
    }

    #[test]
    fn the_table_is_held_to_its_work() {
        let rules = Rules::parse("rule:{take t split a b if t | n}").unwrap();
        let limits = Limits {
            table: 1000,
            ..Limits::default()
        };
        let e = rules.heap_grundy(&Nat::from(999u64), &limits).unwrap_err();
        assert!(matches!(e, SolveError::RuleWork { .. }), "{e:?}");
    }
}
