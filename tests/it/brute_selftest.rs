//! Self-test of the oracle in `tests/it/common/brute.rs`: the independent whole-sum game-tree
//! search is checked on facts known from theory (Bouton, misère Nim, the Bash game, a
//! subtraction game, Wythoff's game) and, by property tests, against the Sprague–Grundy
//! theorem — a theorem the oracle itself never uses.

use std::collections::BTreeSet;

use crate::common::brute::{
    BruteMove, Comp, Fam, STATE_BUDGET, apply, args, canonical, component_grundy, grundy, moves,
    state_bound, sum, to_move_wins, winning_moves,
};
use proptest::prelude::*;

/// A component of family `fam` with the given piles.
fn c(fam: Fam, piles: &[u64]) -> Comp {
    Comp {
        fam,
        piles: piles.to_vec(),
    }
}

/// A Nim position as a one-component sum.
fn nim(piles: &[u64]) -> Vec<Comp> {
    vec![c(Fam::Nim, piles)]
}

/// A Wythoff position as a one-component sum.
fn wythoff(a: u64, b: u64) -> Vec<Comp> {
    vec![c(Fam::Wythoff, &[a, b])]
}

/// A one-pile move in component 0.
fn one(pile: usize, after: &[u64]) -> BruteMove {
    BruteMove {
        component: 0,
        pile: Some(pile),
        after: after.to_vec(),
    }
}

#[test]
fn nim_3_5_7_is_a_win_with_three_winning_moves_and_grundy_1() {
    let s = nim(&[3, 5, 7]);
    assert!(to_move_wins(&s, false));
    assert_eq!(grundy(&s), 1);
    let expected: BTreeSet<BruteMove> =
        [one(0, &[2, 5, 7]), one(1, &[3, 4, 7]), one(2, &[3, 5, 6])]
            .into_iter()
            .collect();
    assert_eq!(winning_moves(&s, false), expected);
}

#[test]
fn nim_1_2_3_loses() {
    let s = nim(&[1, 2, 3]);
    assert!(!to_move_wins(&s, false));
    assert_eq!(grundy(&s), 0);
    assert!(winning_moves(&s, false).is_empty());
}

#[test]
fn misere_nim_small_positions() {
    // 1 1: take one, the opponent must take the last object.
    assert!(to_move_wins(&nim(&[1, 1]), true));
    assert_eq!(winning_moves(&nim(&[1, 1]), true).len(), 2);
    assert!(!to_move_wins(&nim(&[1, 1, 1]), true));
    assert!(!to_move_wins(&nim(&[2, 2]), true));
    // No move left: the player to move wins under misère play and loses under normal play.
    assert!(to_move_wins(&nim(&[0, 0]), true));
    assert!(!to_move_wins(&nim(&[0, 0]), false));
    assert!(to_move_wins(&[], true));
    // One pile of 1: the only move takes the last object and loses.
    assert!(!to_move_wins(&nim(&[1]), true));
    // Bouton's misère rule with a pile > 1 agrees with normal play: 1 2 3 loses, 3 5 7 wins.
    assert!(!to_move_wins(&nim(&[1, 2, 3]), true));
    assert!(to_move_wins(&nim(&[3, 5, 7]), true));
    // All piles 1 or 0: the player to move wins iff the number of 1s is even.
    assert!(to_move_wins(&nim(&[1, 1, 1, 1, 0]), true));
    assert!(!to_move_wins(&nim(&[1, 0, 1, 1, 1, 1]), true));
}

#[test]
fn max_take_3() {
    let s4 = vec![c(Fam::MaxTake(3), &[4])];
    assert!(!to_move_wins(&s4, false));
    let s10 = vec![c(Fam::MaxTake(3), &[10])];
    assert!(to_move_wins(&s10, false));
    let expected: BTreeSet<BruteMove> = [one(0, &[8])].into_iter().collect();
    assert_eq!(winning_moves(&s10, false), expected);
    // Grundy values n mod 4.
    for n in 0..=12 {
        assert_eq!(
            component_grundy(&c(Fam::MaxTake(3), &[n])),
            n % 4,
            "pile {n}"
        );
    }
}

#[test]
fn subtract_1_3_4_grundy_sequence() {
    let got: Vec<u64> = (0..14)
        .map(|n| component_grundy(&c(Fam::Finite(vec![1, 3, 4]), &[n])))
        .collect();
    assert_eq!(got, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
}

#[test]
fn powers_of_two_grundy_is_n_mod_3() {
    // Every power of two is 1 or 2 mod 3, and both 1 and 2 are powers of two.
    for n in 0..=20 {
        assert_eq!(
            component_grundy(&c(Fam::PowersOfTwo, &[n])),
            n % 3,
            "pile {n}"
        );
    }
}

#[test]
fn fibonacci_and_powers_of_two_never_take_more_than_the_pile() {
    let after = |fam: Fam, pile: u64| -> Vec<u64> {
        moves(&[c(fam, &[pile])])
            .into_iter()
            .map(|m| m.after[0])
            .collect()
    };
    // Fibonacci from 4: take 1, 2 or 3.
    assert_eq!(after(Fam::Fibonacci, 4), [3, 2, 1]);
    // Fibonacci from 8: take 1, 2, 3, 5 or 8.
    assert_eq!(after(Fam::Fibonacci, 8), [7, 6, 5, 3, 0]);
    // Powers of two from 7: take 1, 2 or 4.
    assert_eq!(after(Fam::PowersOfTwo, 7), [6, 5, 3]);
    assert!(after(Fam::Fibonacci, 0).is_empty());
    // Fibonacci Grundy values from the definition: 0 1 2 3 0 1 2 3 4 ...
    let g: Vec<u64> = (0..9)
        .map(|n| component_grundy(&c(Fam::Fibonacci, &[n])))
        .collect();
    assert_eq!(g, [0, 1, 2, 3, 0, 1, 2, 3, 4]);
    // Huge piles: the amounts stop at the pile (no overflow).
    let big = moves(&[c(Fam::PowersOfTwo, &[u64::MAX])]);
    assert_eq!(big.len(), 64);
    let fib = moves(&[c(Fam::Fibonacci, &[u64::MAX])]);
    assert!(fib.iter().all(|m| m.after[0] < u64::MAX));
}

#[test]
fn equal_piles_give_separate_moves() {
    let ms = moves(&nim(&[2, 2]));
    assert_eq!(
        ms,
        [
            one(0, &[1, 2]),
            one(0, &[0, 2]),
            one(1, &[2, 1]),
            one(1, &[2, 0])
        ]
    );
    assert_eq!(apply(&nim(&[2, 2]), &ms[3]), nim(&[2, 0]));
}

#[test]
fn wythoff_outcomes_and_grundy_values() {
    // (4, 7) is the Wythoff pair k = 3 (floor(3 phi) = 4, 4 + 3 = 7): a loss, not a win.
    for (a, b) in [(3, 5), (5, 3), (1, 2), (0, 0), (4, 7), (7, 4)] {
        assert!(!to_move_wins(&wythoff(a, b), false), "({a}, {b}) loses");
    }
    // (4, 6) wins by taking 1 from both piles to (3, 5); (4, 8) by taking 1 from the second.
    for (a, b) in [(2, 2), (0, 1), (1, 1), (4, 6), (4, 8)] {
        assert!(to_move_wins(&wythoff(a, b), false), "({a}, {b}) wins");
    }
    assert_eq!(grundy(&wythoff(1, 1)), 2);
    assert_eq!(grundy(&wythoff(0, 1)), 1);
    assert_eq!(grundy(&wythoff(1, 2)), 0);
    // (2, 2) wins by taking both piles at once, or by moving to the pair (1, 2) either way.
    let both = BruteMove {
        component: 0,
        pile: None,
        after: vec![0, 0],
    };
    let expected: BTreeSet<BruteMove> = [both, one(0, &[1, 2]), one(1, &[2, 1])]
        .into_iter()
        .collect();
    assert_eq!(winning_moves(&wythoff(2, 2), false), expected);
    // The Wythoff pairs k = 0..=6 are exactly the losing positions with piles <= 16 (k = 7 is
    // (11, 18)).
    let pairs = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15)];
    for a in 0..=16u64 {
        for b in a..=16u64 {
            assert_eq!(
                !to_move_wins(&wythoff(a, b), false),
                pairs.contains(&(a, b)),
                "({a}, {b})"
            );
        }
    }
}

#[test]
fn nim_3_5_7_plus_wythoff_3_5() {
    let s = vec![c(Fam::Nim, &[3, 5, 7]), c(Fam::Wythoff, &[3, 5])];
    assert_eq!(grundy(&s), 1);
    assert!(to_move_wins(&s, false));
    let w = winning_moves(&s, false);
    assert_eq!(w.len(), 3, "{w:?}");
    assert!(w.iter().all(|m| m.component == 0));
}

#[test]
fn specs_and_args() {
    assert_eq!(Fam::Nim.spec(), "nim");
    assert_eq!(Fam::MaxTake(3).spec(), "max-take:3");
    assert_eq!(Fam::Finite(vec![1, 3, 4]).spec(), "subtract:1,3,4");
    assert_eq!(Fam::PowersOfTwo.spec(), "subtract:powers-of-two");
    assert_eq!(Fam::Fibonacci.spec(), "subtract:fibonacci");
    assert_eq!(Fam::Wythoff.spec(), "wythoff");
    let s = vec![
        c(Fam::Nim, &[3, 5]),
        c(Fam::Wythoff, &[3, 5]),
        c(Fam::Finite(vec![1, 3, 4]), &[10]),
    ];
    assert_eq!(
        args(&s),
        [
            "nim",
            "3",
            "5",
            "+",
            "wythoff",
            "3",
            "5",
            "+",
            "subtract:1,3,4",
            "10"
        ]
    );
}

#[test]
fn canonical_form_merges_only_isomorphic_positions() {
    // Reordered piles and components, and empty piles, give the same key.
    let a = vec![c(Fam::Nim, &[3, 0, 1]), c(Fam::Wythoff, &[5, 2])];
    let b = vec![c(Fam::Wythoff, &[2, 5]), c(Fam::Nim, &[1, 3])];
    assert_eq!(canonical(&a), canonical(&b));
    // Wythoff keeps its zero pile: (0, 3) is not Wythoff's 3.
    assert_eq!(canonical(&wythoff(3, 0)), vec![c(Fam::Wythoff, &[0, 3])]);
    // Components with no move vanish.
    assert!(canonical(&[c(Fam::Nim, &[0, 0]), c(Fam::Wythoff, &[0, 0])]).is_empty());
    // Different families stay apart.
    assert_ne!(
        canonical(&[c(Fam::Nim, &[3])]),
        canonical(&[c(Fam::MaxTake(3), &[3])])
    );
}

#[test]
fn state_bound_counts_sorted_tuples() {
    assert_eq!(state_bound(&nim(&[])), 1);
    assert_eq!(state_bound(&nim(&[5])), 6);
    // Sorted pairs (x <= y) with x <= 2, y <= 3: 4 + 3 + 2.
    assert_eq!(state_bound(&nim(&[3, 2])), 9);
    // Sorted triples in 0..=2: C(5, 3) = 10.
    assert_eq!(state_bound(&nim(&[2, 2, 2])), 10);
    assert_eq!(
        state_bound(&[c(Fam::Nim, &[1]), c(Fam::Wythoff, &[1, 1])]),
        2 * 3
    );
    assert_eq!(state_bound(&nim(&[u64::MAX])), u64::MAX);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Large piles are lowered into the budget quickly, keeping components and pile counts.
    #[test]
    fn large_piles_fit_the_budget(s in sum(4, u64::MAX)) {
        prop_assert!(state_bound(&s) <= STATE_BUDGET);
        prop_assert!((1..=4).contains(&s.len()));
        for comp in &s {
            let expected = if comp.fam == Fam::Wythoff { 2..=2 } else { 1..=3 };
            prop_assert!(expected.contains(&comp.piles.len()));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Sprague–Grundy, as a check of the oracle: the Grundy value of the whole sum is the xor of
    /// its components' values, and the player to move wins (normal play) iff it is not 0.
    #[test]
    fn whole_sum_grundy_is_xor_of_components(s in sum(4, 5)) {
        prop_assert!(state_bound(&s) <= STATE_BUDGET);
        let g = grundy(&s);
        let xor = s.iter().map(component_grundy).fold(0, |x, y| x ^ y);
        prop_assert_eq!(g, xor);
        prop_assert_eq!(to_move_wins(&s, false), g != 0);
        // A win has a winning move; a loss has none.
        prop_assert_eq!(winning_moves(&s, false).is_empty(), g == 0);
    }

    /// Misère play: a position with no move is a win; otherwise the player to move wins iff
    /// some move leads to a loss, which is exactly when there is a winning move.
    #[test]
    fn misere_winning_moves_agree_with_outcome(s in sum(4, 5)) {
        let wins = to_move_wins(&s, true);
        let w = winning_moves(&s, true);
        if moves(&s).is_empty() {
            prop_assert!(wins);
            prop_assert!(w.is_empty());
        } else {
            prop_assert_eq!(wins, !w.is_empty());
        }
        for m in &w {
            prop_assert!(!to_move_wins(&apply(&s, m), true));
        }
    }
}
