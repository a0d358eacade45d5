//! Misère play by theory, checked against the independent oracle of `tests/it/common/brute.rs`
//! (an exhaustive search of the whole game tree, written from the move rules alone) with the
//! library's own search switched off, and on heaps far beyond any search.

use crate::common::brute::{Comp, Fam, to_move_wins, winning_moves};
use nimsolve::{Game, Limits, Nat, Outcome, Play, Position, Rules, Theorem};

fn no_search() -> Limits {
    Limits {
        search: 0,
        remoteness: 0,
        ..Limits::default()
    }
}

fn game() -> Game {
    Game::new(Rules::nim(), Play::Misere, no_search())
}

fn position(sum: &[Comp]) -> Position {
    Position::sum(sum.iter().map(|c| {
        (
            Rules::parse(&c.fam.spec()).unwrap(),
            c.piles.iter().map(|&p| Nat::from(p)).collect(),
        )
    }))
    .unwrap()
}

/// Misère Wythoff alone, every pair up to 24 × 24: the outcome and the number of winning
/// moves are the oracle's, with no search.
#[test]
fn misere_wythoff_alone() {
    let g = game();
    for a in 0..=24u64 {
        for b in 0..=24u64 {
            let sum = [Comp {
                fam: Fam::Wythoff,
                piles: vec![a, b],
            }];
            let got = g.analyze_position(&position(&sum)).unwrap();
            assert_eq!(got.decided_by, Theorem::MisereWythoff);
            assert_eq!(
                got.outcome,
                Outcome::from_to_move_wins(to_move_wins(&sum, true)),
                "({a}, {b})"
            );
            assert_eq!(
                got.winning_moves.len(),
                winning_moves(&sum, true).len(),
                "winning moves of ({a}, {b}): {:?}",
                got.winning_moves
            );
        }
    }
}

/// Take at most K, one heap: a P-position iff n ≡ 1 (mod K + 1), for small heaps against the
/// oracle and for a heap of 10^40 + 1 + j(K + 1) by the proven rule.
#[test]
fn max_take_one_heap() {
    let g = game();
    for k in 1..=6u64 {
        for n in 0..=30u64 {
            let sum = [Comp {
                fam: Fam::MaxTake(k),
                piles: vec![n],
            }];
            let got = g.analyze_position(&position(&sum)).unwrap();
            assert_eq!(got.decided_by, Theorem::MisereNimRule);
            let want = to_move_wins(&sum, true);
            assert_eq!(
                got.outcome,
                Outcome::from_to_move_wins(want),
                "K {k}, n {n}"
            );
            assert_eq!(!want, n % (k + 1) == 1, "the oracle's rule, K {k}, n {n}");
        }
        let rules = Rules::max_take(Nat::from(k)).unwrap();
        let big: Nat = "10000000000000000000000000000000000000000".parse().unwrap();
        // 10^40 ≡ 1 (mod K + 1) exactly when K + 1 divides 10^40 − 1.
        let r = big.rem_u64(k + 1);
        let p = Position::sum([(rules, vec![big.clone()])]).unwrap();
        let got = g.analyze_position(&p).unwrap();
        assert_eq!(
            got.outcome == Outcome::P,
            r == 1,
            "K {k}, 10^40 mod {} = {r}",
            k + 1
        );
        if r != 1 {
            // The winning move leaves a heap ≡ 1.
            let mv = &got.winning_moves[0];
            let after = mv.apply(p.piles()).unwrap();
            assert_eq!(after[0].rem_u64(k + 1), 1, "{mv:?}");
        }
    }
}

/// Sums of Nim heaps and heaps of several K: the misère Nim rule on n mod (K + 1) with no
/// search, against the oracle, on every sum of two components of up to two heaps of 0..=6.
#[test]
fn nim_like_sums() {
    let g = game();
    let fams = [Fam::Nim, Fam::MaxTake(1), Fam::MaxTake(2), Fam::MaxTake(3)];
    for f1 in &fams {
        for f2 in &fams {
            for a in 0..=6u64 {
                for b in 0..=6u64 {
                    for c in [0u64, 3, 6] {
                        let sum = [
                            Comp {
                                fam: f1.clone(),
                                piles: vec![a, c],
                            },
                            Comp {
                                fam: f2.clone(),
                                piles: vec![b],
                            },
                        ];
                        let got = g.analyze_position(&position(&sum)).unwrap();
                        assert_eq!(
                            got.outcome,
                            Outcome::from_to_move_wins(to_move_wins(&sum, true)),
                            "{sum:?}"
                        );
                        assert_eq!(
                            got.winning_moves.len(),
                            winning_moves(&sum, true).len(),
                            "{sum:?}"
                        );
                    }
                }
            }
        }
    }
}

/// Subtraction {1, 3, 4}: tame (proven by the quotient check for every heap, from its
/// Grundy period 7), so sums of any size are answered without a search: heaps of 40 against
/// the oracle would be too slow, so heaps up to 9 against the oracle, and five heaps of 40 and
/// of 10^6 answered by the same rule.
#[test]
fn subtraction_134_is_tame() {
    let g = game();
    for a in 0..=9u64 {
        for b in 0..=9u64 {
            for c in [0u64, 2, 7] {
                let sum = [Comp {
                    fam: Fam::Finite(vec![1, 3, 4]),
                    piles: vec![a, b, c],
                }];
                let got = g.analyze_position(&position(&sum)).unwrap();
                assert_eq!(got.decided_by, Theorem::MisereTame);
                assert_eq!(
                    got.outcome,
                    Outcome::from_to_move_wins(to_move_wins(&sum, true)),
                    "{sum:?}"
                );
                assert_eq!(got.winning_moves.len(), winning_moves(&sum, true).len());
            }
        }
    }
    let rules = Rules::parse("subtract:1,3,4").unwrap();
    for n in [40u64, 1_000_000] {
        let p = Position::sum([(rules.clone(), vec![Nat::from(n); 5])]).unwrap();
        let got = g.analyze_position(&p).unwrap();
        assert_eq!(got.decided_by, Theorem::MisereTame, "heaps of {n}");
    }
}

/// Digital deletions beside other wild or tame heaps in misère play: the theory's checks walked
/// every size up to the largest heap, heap 0 and numbers that are no string of digits (2..9)
/// included, and refused "pile 0 is no position of digits". Now only the family's positions
/// are checked, and every outcome and winning move count is the oracle's, with no search.
#[test]
fn misere_digits_sum_checks_only_positions_of_digits() {
    use crate::common::break_brute::{Comp as BComp, Oracle, Rule};
    let g = game();
    let mut oracle = Oracle::new();
    let digit_heaps = [1u64, 10, 11, 14, 19, 100, 105, 110, 119];
    for &d in &digit_heaps {
        for n in 0..=2u64 {
            for c in [0u64, 3, 8] {
                let sum = [
                    BComp {
                        rule: Rule::Digits,
                        heaps: vec![d],
                    },
                    BComp {
                        rule: Rule::Nim,
                        heaps: vec![n],
                    },
                    BComp {
                        rule: Rule::named("dawsons-chess"),
                        heaps: vec![c],
                    },
                ];
                let position = Position::sum(sum.iter().map(|c| {
                    (
                        Rules::parse(&c.rule.spec()).unwrap(),
                        c.heaps.iter().map(|&p| Nat::from(p)).collect(),
                    )
                }))
                .unwrap();
                let got = g.analyze_position(&position).unwrap();
                assert_eq!(
                    got.outcome,
                    Outcome::from_to_move_wins(oracle.wins(&sum, true)),
                    "digits {d} + nim {n} + dawsons-chess {c}"
                );
                assert_eq!(
                    got.winning_moves.len(),
                    oracle.winning_moves(&sum, true).len(),
                    "winning moves of digits {d} + nim {n} + dawsons-chess {c}"
                );
            }
        }
    }
}
