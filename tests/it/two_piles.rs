//! The adapter of games on two piles (`nimsolve::two_piles`): its walks of the moves (the
//! search's children, the listed moves, the amounts, the checks) agree with one another and
//! with the move rule, for a toy game of its own (take exactly 2 from one pile or from both)
//! and for Wythoff's game; its default moves to a value are the moves to pairs of that value
//! by a search from the rule alone.

use std::collections::HashMap;
use std::ops::ControlFlow;

use nimsolve::name::Name;
use nimsolve::two_piles::{Takes, TwoPileGame, TwoPiles};
use nimsolve::{FamilyName, Limits, Nat, Rules, SolveError};

/// g(a, b) of "take exactly 2 from one pile or from both", by mex from the rule alone.
fn take_two(a: u64, b: u64, memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    if let Some(&g) = memo.get(&(a, b)) {
        return g;
    }
    let mut seen = Vec::new();
    if a >= 2 {
        seen.push(take_two(a - 2, b, memo));
    }
    if b >= 2 {
        seen.push(take_two(a, b - 2, memo));
    }
    if a >= 2 && b >= 2 {
        seen.push(take_two(a - 2, b - 2, memo));
    }
    let g = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert((a, b), g);
    g
}

fn small(n: &Nat) -> u64 {
    n.to_u64().expect("a small pile")
}

#[derive(Debug)]
struct TakeTwo;

impl TwoPileGame for TakeTwo {
    fn spec(&self) -> String {
        "take-two".into()
    }
    fn name(&self) -> Name {
        Name {
            key: FamilyName::Rule,
            arg: None,
        }
    }
    fn json(&self) -> serde_json::Value {
        serde_json::json!({"kind": "take-two"})
    }
    fn takes(&self) -> Takes {
        Takes::Exactly(Nat::from(2u64))
    }
    fn grundy(&self, a: &Nat, b: &Nat, _limits: &Limits) -> Result<Nat, SolveError> {
        Ok(Nat::from(take_two(small(a), small(b), &mut HashMap::new())))
    }
    fn table(&self, n: usize) -> Vec<Vec<u32>> {
        let mut memo = HashMap::new();
        (0..=n as u64)
            .map(|a| {
                (0..=n as u64)
                    .map(|b| take_two(a, b, &mut memo) as u32)
                    .collect()
            })
            .collect()
    }
}

/// What the search walks (`atom_child`) and what the moves list (`each_move`) are the same
/// pairs, each a legal move that leaves what it says; a pair is terminal iff it has no move.
#[test]
fn the_walks_of_the_moves_agree() {
    for rules in [TwoPiles::rules(TakeTwo), Rules::wythoff()] {
        for a in 0..7u64 {
            for b in 0..7u64 {
                let piles = [Nat::from(a), Nat::from(b)];
                let mut moved = Vec::new();
                rules.each_move(&[a, b], 3, &mut |mv, after| {
                    let local = mv.clone().unshifted(3).expect("a move of the component");
                    let applied = local.apply(&piles).expect("a move that fits the piles");
                    assert_eq!(applied, vec![Nat::from(after[0]), Nat::from(after[1])]);
                    assert!(rules.check_move(&piles, 3, &mv).is_ok(), "{mv:?}");
                    moved.push(after.to_vec());
                });
                let mut children = Vec::new();
                let mut out = Vec::new();
                while rules.atom_child(&[a, b], children.len(), &mut out) {
                    children.push(std::mem::take(&mut out));
                }
                assert!(children.len() as u64 <= rules.atom_moves(&[a, b]));
                assert_eq!(rules.atom_is_terminal(&[a, b]), moved.is_empty());
                moved.sort();
                children.sort();
                assert_eq!(moved, children, "{} ({a}, {b})", rules.spec());
            }
        }
    }
}

/// The toy's moves from one pile take exactly 2; from both piles of another component none.
#[test]
fn the_amount_is_checked() {
    let rules = TwoPiles::rules(TakeTwo);
    let piles = [Nat::from(5u64), Nat::from(5u64)];
    let take = |to: u64| nimsolve::Move::Pile {
        pile: 0,
        from: Nat::from(5u64),
        to: Nat::from(to),
    };
    assert!(rules.check_move(&piles, 0, &take(3)).is_ok());
    assert!(rules.check_move(&piles, 0, &take(4)).is_err());
    let both = nimsolve::Move::Both {
        pile: 1,
        take: Nat::from(2u64),
    };
    assert!(rules.check_move(&piles, 0, &both).is_err());
}

/// The default moves to a value: exactly the moves, in the listed order, whose pair has that
/// value by the search from the rule.
#[test]
fn moves_to_a_value_are_the_moves_to_pairs_of_that_value() {
    let rules = TwoPiles::rules(TakeTwo);
    let limits = Limits::default();
    let mut memo = HashMap::new();
    for a in 0..9u64 {
        for b in 0..9u64 {
            let piles = [Nat::from(a), Nat::from(b)];
            let g = take_two(a, b, &mut memo);
            assert_eq!(rules.grundy(&piles, &limits).unwrap(), Nat::from(g));
            for delta in 1..4u64 {
                let mut found = Vec::new();
                let flow =
                    rules.moves_changing_grundy(&piles, 0, &Nat::from(delta), &limits, &mut |mv| {
                        found.push(mv);
                        ControlFlow::Continue(())
                    });
                assert!(flow.is_ok());
                let mut expected = Vec::new();
                rules.each_move(&[a, b], 0, &mut |mv, after| {
                    if take_two(after[0], after[1], &mut memo) == g ^ delta {
                        expected.push(mv);
                    }
                });
                assert_eq!(found, expected, "({a}, {b}) to {}", g ^ delta);
            }
        }
    }
}
