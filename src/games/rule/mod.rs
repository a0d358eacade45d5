//! Heap rules you write (`rule:{…}`): the moves of a heap of n given as conditions, e.g.
//! `rule:{take t if t | n and t < n}` (the divisor game: take a proper divisor of the heap),
//! `rule:{take t if t is prime}`, `rule:{split a b if a != b}` (Grundy's game) or
//! `rule:{take t split a b if t <= 2}`; alternatives are separated by `;`. The language is in
//! [`lang`].
//!
//! A rule whose conditions never read n, whose takes are bounded (by `t <= K`, `t < K`,
//! `t = K` or `t | K`, see `lang::upper_bound`) and whose splits read neither a nor b — or
//! say exactly a ≠ b, as Grundy's game does — is a take-and-break game of an octal code: it
//! is played as one ([`super::take_and_break`]), so its period is proven where the Guy–Smith
//! theorem (or, without splits, the window of a subtraction game) proves one. Every other rule
//! is played from its listed options, a [`HeapGame`] played by [`Heaps`]: its Grundy values are computed by mex up to the heap
//! asked, within the table limit and at most [`STEPS_PER_ENTRY`] conditions an entry of it,
//! and no period is claimed.

use std::ops::ControlFlow;
use std::sync::OnceLock;

use crate::error::{IllegalMove, RuleError};
use crate::games::octal::code_text;
use crate::games::take_and_break::theory::{BreakRule, LEAVE_NONE, LEAVE_ONE, LEAVE_TWO};
use crate::games::take_and_break::{HeapValues, TakeAndBreak};
pub use crate::heap::STEPS_PER_ENTRY;
use crate::heap::{HeapGame, Heaps};
use crate::name::Name;
use crate::nat::Nat;
use crate::ruleset::{Family, Rules, argument, cut};

pub mod lang;

use lang::{Form, Program, Var};

/// The spec `rule:{RULE}`.
pub(crate) static FAMILY: Family = Family {
    keyword: "rule",
    syntax: "rule:{RULE}",
    about: "a heap rule you write, e.g. rule:{take t if t | n and t < n} (take a proper divisor)",
    parse: |arg| rule(argument("rule:{RULE}", arg)?),
};

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
    Ok(Heaps::rules(HeapRule {
        spec,
        name,
        json,
        program,
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
    /// Calls `f` with the amount and the heaps the option leaves.
    fn give<R>(&self, f: impl FnOnce(u64, &[u64]) -> R) -> R {
        let heaps = [self.a, self.b];
        f(self.take, &heaps[..usize::from(self.parts)])
    }
}

/// The conditions a bounded scan of a heap too large to list evaluates.
const SCAN_STEPS: u64 = 1 << 16;

/// A heap rule played from its options ([`Heaps`] plays them).
#[derive(Debug)]
pub struct HeapRule {
    spec: String,
    name: Name,
    json: serde_json::Value,
    program: Program,
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
}

impl HeapGame for HeapRule {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn name(&self) -> Name {
        self.name.clone()
    }

    fn json(&self) -> serde_json::Value {
        self.json.clone()
    }

    /// Sorted by amount, then no heap, one heap, two heaps, then the smaller heap.
    fn options(&self, n: u64, f: &mut dyn FnMut(u64, &[u64])) {
        for o in self.list(n) {
            o.give(&mut *f);
        }
    }

    /// The conditions listing them evaluates.
    fn option_work(&self, n: u64) -> u64 {
        self.candidates(n)
    }

    fn splits(&self) -> bool {
        self.program.alts.iter().any(|a| a.form != Form::Take)
    }

    /// The least amounts first, then the largest, then the splits that take nothing, at most
    /// 2^16 conditions.
    fn scan_options(&self, n: &Nat, f: &mut dyn FnMut(u64, &[u64]) -> ControlFlow<()>) {
        self.scan(n, &mut |o| o.give(&mut *f));
    }

    /// Whether an alternative of the rule allows it: evaluated on the move alone, however
    /// many options the heap has.
    fn check_option(&self, n: &Nat, take: &Nat, left: &[Nat]) -> Result<(), IllegalMove> {
        let refuse = || IllegalMove::NotByRule {
            game: self.spec.clone(),
        };
        let word = |x: &Nat| x.to_u64().ok_or_else(refuse);
        let (n, t) = (word(n)?, word(take)?);
        match left {
            [] | [_] => {
                if let [m] = left {
                    word(m)?;
                }
                if t > 0 && self.allows(Form::Take, n, t, 0, 0) {
                    return Ok(());
                }
            }
            [a, b] => {
                let (mut a, mut b) = (word(a)?, word(b)?);
                if a > b {
                    (a, b) = (b, a);
                }
                let form = if t == 0 { Form::Split } else { Form::TakeSplit };
                let adds = t.checked_add(a).and_then(|s| s.checked_add(b)) == Some(n);
                if a >= 1 && adds && self.allows(form, n, t, a, b) {
                    return Ok(());
                }
            }
            _ => {}
        }
        Err(refuse())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::SolveError;
    use crate::rules::Limits;
    use crate::ruleset::SequenceProof;

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
