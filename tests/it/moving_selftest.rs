//! Self-test of the oracle in `tests/it/common/moving_brute.rs`: its whole-game search, written
//! from the move rules alone, agrees with the theorems of games whose pieces move and of the
//! compounds — theorems the oracle never uses.

use proptest::prelude::*;

use crate::common::moving_brute::{Compound, MovingOracle, Piece};

fn wins(position: &[Piece]) -> bool {
    MovingOracle::default().mover_wins(position, Compound::Disjunctive, false)
}

/// Smith's suspense number of a component played alone (Winning Ways, ch. 9): 0 without a
/// move; a position with an option of even suspense: the winner delays, 1 + the largest even
/// one; otherwise the loser hurries, 1 + the least (odd) one.
fn suspense(piece: &Piece, memo: &mut std::collections::HashMap<Piece, u64>) -> u64 {
    if let Some(&s) = memo.get(piece) {
        return s;
    }
    let values: Vec<u64> = piece.options().iter().map(|o| suspense(o, memo)).collect();
    let s = if values.is_empty() {
        0
    } else if let Some(best) = values.iter().copied().filter(|s| s % 2 == 0).max() {
        best + 1
    } else {
        values.iter().copied().min().unwrap_or(0) + 1
    };
    memo.insert(piece.clone(), s);
    s
}

fn fibonacci(n: u64) -> bool {
    let (mut a, mut b) = (1u64, 2u64);
    while a < n {
        (a, b) = (b, a + b);
    }
    a == n
}

#[test]
fn fibonacci_nim_loses_exactly_on_fibonacci_numbers() {
    // HDU 2516: the first player loses iff N is a Fibonacci number.
    for n in 1..=60 {
        assert_eq!(
            wins(&[Piece::dynamic_start(2, n)]),
            !fibonacci(n),
            "dynamic:2 {n}"
        );
    }
}

#[test]
fn fibonacci_nim_of_ten_is_won_only_by_its_least_zeckendorf_term() {
    // 10 = 8 + 2: taking 2 leaves 8 with at most 4 to take, lost; no other take wins.
    let mut oracle = MovingOracle::default();
    let takes: Vec<u64> = oracle
        .winning_options(&[Piece::dynamic_start(2, 10)], Compound::Disjunctive, false)
        .iter()
        .map(|o| match &o[0] {
            Piece::Dynamic { n, .. } => 10 - n,
            other => panic!("not a dynamic position: {other:?}"),
        })
        .collect();
    assert_eq!(takes, [2]);
}

/// The least term of the Zeckendorf representation of `n` (n ≥ 1): greedy by Fibonacci numbers.
fn least_zeckendorf_term(mut n: u64) -> u64 {
    let mut last = n;
    while n > 0 {
        let (mut a, mut b) = (1u64, 2u64);
        while b <= n {
            (a, b) = (b, a + b);
        }
        last = a;
        n -= a;
    }
    last
}

#[test]
fn euclid_3_2_is_lost_and_2_1_won() {
    assert!(!wins(&[Piece::Euclid(3, 2)]));
    assert!(wins(&[Piece::Euclid(2, 1)]));
    assert!(wins(&[Piece::Euclid(5, 5)]));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fibonacci_nim_is_lost_iff_the_least_zeckendorf_term_exceeds_the_allowed_take(
        n in 1u64..60,
        most in 1u64..60,
    ) {
        // Whinihan (1963): with at most `most` to take, lost iff the least term is larger.
        let lost = least_zeckendorf_term(n) > most;
        prop_assert_eq!(wins(&[Piece::Dynamic { k: 2, n, most }]), !lost);
    }

    #[test]
    fn staircase_grundy_is_the_nim_sum_of_the_odd_steps(coins in prop::collection::vec(0u64..4, 1..5)) {
        let odd = coins.iter().step_by(2).fold(0, |x, c| x ^ c);
        prop_assert_eq!(MovingOracle::default().grundy(&Piece::Staircase(coins)), odd);
    }

    #[test]
    fn sliding_pieces_are_a_staircase_of_their_gaps(
        cells in prop::collection::btree_set(1u64..10, 1..5),
        shuffle in any::<u64>(),
    ) {
        let sorted: Vec<u64> = cells.iter().copied().collect();
        // Gaps from the right are the steps: the last piece's gap is step 1.
        let mut prev = 0;
        let gaps: Vec<u64> = sorted.iter().map(|&x| { let g = x - prev - 1; prev = x; g }).collect();
        let steps: Vec<u64> = gaps.iter().rev().copied().collect();
        let mut written = sorted.clone();
        let k = written.len();
        written.rotate_left((shuffle % k as u64) as usize);
        let mut oracle = MovingOracle::default();
        prop_assert_eq!(
            oracle.grundy(&Piece::Slide(written)),
            oracle.grundy(&Piece::Staircase(steps))
        );
    }

    #[test]
    fn moores_nim_is_lost_iff_every_binary_column_is_zero_mod_k_plus_1(
        k in 1usize..3,
        piles in prop::collection::vec(0u64..6, 1..4),
    ) {
        let p = (0..3).all(|bit| piles.iter().filter(|&&x| x >> bit & 1 == 1).count() % (k + 1) == 0);
        prop_assert_eq!(wins(&[Piece::Moore { k, piles }]), !p);
    }

    #[test]
    fn euclid_is_won_iff_equal_or_the_ratio_passes_the_golden_ratio(a in 1u64..40, b in 1u64..40) {
        let (big, small) = (a.max(b), a.min(b));
        // big / small > φ  ⇔  big² − big·small − small² > 0, as φ² = φ + 1.
        let passes = big * big > big * small + small * small;
        prop_assert_eq!(wins(&[Piece::Euclid(a, b)]), big == small || passes);
    }

    #[test]
    fn compounds_follow_remoteness_suspense_and_selective_rules(
        a in prop::collection::vec(0u64..3, 1..3),
        b in 1u64..12,
        c in 1u64..12,
    ) {
        let position = vec![Piece::Staircase(a), Piece::dynamic_start(2, b), Piece::Euclid(c, 3)];
        let mut oracle = MovingOracle::default();
        // Conjunctive: the compound's remoteness is the least of its components' (Smith 1966).
        let least = position.iter().map(|p| oracle.remoteness(std::slice::from_ref(p), Compound::Disjunctive, false)).min().unwrap();
        prop_assert_eq!(oracle.mover_wins(&position, Compound::Conjunctive, false), least % 2 == 1);
        // Continued: the compound's suspense is the largest of its components'.
        let mut memo = std::collections::HashMap::new();
        let most = position.iter().map(|p| suspense(p, &mut memo)).max().unwrap();
        prop_assert_eq!(oracle.mover_wins(&position, Compound::Continued, false), most % 2 == 1);
        // Selective: lost iff every component is lost.
        let every_lost = position.iter().all(|p| !oracle.mover_wins(std::slice::from_ref(p), Compound::Disjunctive, false));
        prop_assert_eq!(oracle.mover_wins(&position, Compound::Selective, false), !every_lost);
    }
}
