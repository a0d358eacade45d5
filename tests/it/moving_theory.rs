//! The theories of games whose pieces move — Euclid's game, k-times dynamic subtraction,
//! Moore's Nim_k — against the independent game-tree search of `common/moving_brute.rs`:
//! outcomes, the exact set of winning moves (as positions after), Grundy values; and big
//! numbers answered by the theorems at once.

use std::cell::RefCell;
use std::collections::BTreeSet;

use num_bigint::BigUint;
use proptest::prelude::*;

use nimsolve::Nat;
use nimsolve::games::dynamic::theory::{KTimes, TABLE_ENTRIES, Table};
use nimsolve::games::euclid::theory as euclid;
use nimsolve::games::moore::theory::{self as moore, COUNT_WORK, WinningMoves};

use crate::common::moving_brute::{Compound, MovingOracle, Piece};

thread_local! {
    static ORACLE: RefCell<MovingOracle> = RefCell::new(MovingOracle::default());
}

fn brute_wins(piece: &Piece) -> bool {
    ORACLE.with(|o| {
        o.borrow_mut()
            .mover_wins(std::slice::from_ref(piece), Compound::Disjunctive, false)
    })
}

fn brute_winning(piece: &Piece) -> Vec<Piece> {
    ORACLE.with(|o| {
        o.borrow_mut()
            .winning_options(std::slice::from_ref(piece), Compound::Disjunctive, false)
            .into_iter()
            .map(|mut p| p.remove(0))
            .collect()
    })
}

fn brute_grundy(piece: &Piece) -> u64 {
    ORACLE.with(|o| o.borrow_mut().grundy(piece))
}

fn n(v: u64) -> Nat {
    Nat::from(v)
}

fn small(v: &Nat) -> u64 {
    v.to_u64().expect("a small number")
}

fn fibonacci(i: u32) -> Nat {
    let (mut a, mut b) = (BigUint::from(0u32), BigUint::from(1u32));
    for _ in 0..i {
        let c = &a + &b;
        a = b;
        b = c;
    }
    Nat::from_biguint(a)
}

/// An unordered Euclid pair.
fn pair(a: u64, b: u64) -> (u64, u64) {
    (a.min(b), a.max(b))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn euclid_outcome_winning_moves_and_grundy_match_the_search(a in 0u64..45, b in 0u64..45) {
        let piece = Piece::Euclid(a, b);
        prop_assert_eq!(euclid::mover_wins(&n(a), &n(b)), brute_wins(&piece));
        prop_assert_eq!(small(&euclid::grundy(&n(a), &n(b))), brute_grundy(&piece));
        let ours: BTreeSet<(u64, u64)> = euclid::winning_moves(&n(a), &n(b))
            .iter()
            .map(|(x, y)| pair(small(x), small(y)))
            .collect();
        let theirs: BTreeSet<(u64, u64)> = brute_winning(&piece)
            .iter()
            .map(|p| match p {
                Piece::Euclid(x, y) => pair(*x, *y),
                other => panic!("not a Euclid position: {other:?}"),
            })
            .collect();
        prop_assert_eq!(ours, theirs);
        // The move keeps each number in its place: one of them is unchanged.
        if let Some((x, y)) = euclid::winning_move(&n(a), &n(b)) {
            prop_assert!(x == n(a) || y == n(b));
        }
    }

    #[test]
    fn dynamic_outcome_and_every_winning_take_match_the_search(
        k in 1u64..5,
        stones in 0u64..48,
        most in 0u64..52,
    ) {
        let game = KTimes::new(k).unwrap();
        let piece = Piece::Dynamic { k, n: stones, most };
        prop_assert_eq!(game.mover_wins(&n(stones), &n(most)).unwrap(), brute_wins(&piece));
        let ours: Vec<u64> = game.winning_takes(&n(stones), &n(most)).unwrap().iter().map(small).collect();
        let mut theirs: Vec<u64> = brute_winning(&piece)
            .iter()
            .map(|p| match p {
                Piece::Dynamic { n: left, .. } => stones - left,
                other => panic!("not a dynamic position: {other:?}"),
            })
            .collect();
        theirs.sort_unstable();
        prop_assert_eq!(&ours, &theirs);
        prop_assert_eq!(
            game.least_winning_take(&n(stones), &n(most)).unwrap().map(|t| small(&t)),
            theirs.first().copied()
        );
    }

    #[test]
    fn dynamic_start_is_lost_exactly_on_the_losing_sizes(k in 1u64..6, stones in 1u64..70) {
        let game = KTimes::new(k).unwrap();
        let lost = game.losing_sizes(&n(stones)).unwrap().contains(&n(stones));
        prop_assert_eq!(game.start_wins(&n(stones)).unwrap(), !lost);
        prop_assert_eq!(!lost, brute_wins(&Piece::dynamic_start(k, stones)));
    }

    #[test]
    fn moore_outcome_and_a_winning_move_match_the_search(
        k in 1u64..4,
        piles in prop::collection::vec(0u64..7, 1..4),
    ) {
        let nats: Vec<Nat> = piles.iter().map(|&p| n(p)).collect();
        let piece = Piece::Moore { k: k as usize, piles: piles.clone() };
        let wins = brute_wins(&piece);
        prop_assert_eq!(moore::mover_wins(k, &nats), wins);
        match moore::winning_move(k, &nats) {
            Some(after) => {
                let after: Vec<u64> = after.iter().map(small).collect();
                let options = piece.options();
                let moved = Piece::Moore { k: k as usize, piles: after };
                prop_assert!(options.contains(&moved), "illegal move {:?}", moved);
                prop_assert!(!brute_wins(&moved));
            }
            None => prop_assert!(!wins),
        }
    }

    #[test]
    fn moore_lists_or_counts_exactly_the_winning_moves_of_the_search(
        k in 1u64..4,
        piles in prop::collection::vec(0u64..5, 1..5),
        limit in 0usize..12,
    ) {
        let nats: Vec<Nat> = piles.iter().map(|&p| n(p)).collect();
        let piece = Piece::Moore { k: k as usize, piles };
        let mut theirs: Vec<Vec<u64>> = brute_winning(&piece)
            .into_iter()
            .map(|p| match p {
                Piece::Moore { piles, .. } => piles,
                other => panic!("not a Moore position: {other:?}"),
            })
            .collect();
        theirs.sort();
        match moore::winning_moves(k, &nats, limit, COUNT_WORK) {
            WinningMoves::Every(moves) => {
                let ours: Vec<Vec<u64>> = moves.iter().map(|m| m.iter().map(small).collect()).collect();
                prop_assert!(ours.len() <= limit);
                prop_assert_eq!(ours, theirs);
            }
            WinningMoves::Count(count) => {
                prop_assert!(theirs.len() > limit);
                prop_assert_eq!(small(&count), theirs.len() as u64);
            }
            WinningMoves::AtLeast(found) => prop_assert!(false, "stopped at {} within the default bound", found),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn dynamic_grundy_values_match_the_search(k in 1u64..4, stones in 0u64..30, most in 0u64..34) {
        let mut table = Table::new(KTimes::new(k).unwrap());
        let g = table.grundy(&n(stones), &n(most), TABLE_ENTRIES).unwrap();
        prop_assert_eq!(g, brute_grundy(&Piece::Dynamic { k, n: stones, most }));
    }
}

#[test]
fn euclid_consecutive_fibonacci_pairs_alternate_in_value() {
    // (F_i, F_{i+1}) has quotients 1, …, 1, 2: value 0 for odd i, 1 for even i (i ≥ 3), checked
    // by the search for small i and answered at once for 100-digit pairs.
    for i in 3..=20u32 {
        let (a, b) = (fibonacci(i), fibonacci(i + 1));
        let expected = u64::from(i % 2 == 0);
        assert_eq!(
            brute_grundy(&Piece::Euclid(small(&a), small(&b))),
            expected,
            "F_{i}"
        );
        assert_eq!(euclid::grundy(&a, &b), n(expected));
    }
    for i in [478u32, 479, 480, 481] {
        let (a, b) = (fibonacci(i), fibonacci(i + 1));
        assert!(a.to_string().len() >= 100);
        assert_eq!(euclid::grundy(&a, &b), n(u64::from(i % 2 == 0)), "F_{i}");
        assert_eq!(euclid::mover_wins(&b, &a), i % 2 == 0);
        assert_eq!(euclid::winning_move(&a, &b).is_some(), i % 2 == 0);
    }
}

#[test]
fn euclid_winning_move_of_a_100_digit_position_leaves_a_lost_one() {
    let big: Nat = "7".repeat(100).parse().unwrap();
    let other: Nat = "1234567891".repeat(9).parse().unwrap();
    assert!(euclid::mover_wins(&big, &other));
    let (x, y) = euclid::winning_move(&big, &other).unwrap();
    assert_eq!(y, other);
    assert!(x < big);
    assert!(!euclid::mover_wins(&x, &y));
    assert_eq!(euclid::grundy(&x, &y), Nat::ZERO);
    // The quotient of 1 by a huge number: the value of (1, N) is N.
    assert_eq!(euclid::grundy(&Nat::ONE, &big), big);
}

#[test]
fn fibonacci_nim_loses_on_a_100_digit_fibonacci_number() {
    let game = KTimes::fibonacci();
    let f = fibonacci(480);
    assert!(f.to_string().len() >= 100);
    assert!(!game.start_wins(&f).unwrap());
    assert_eq!(game.representation(&f).unwrap(), std::slice::from_ref(&f));
    // F + F_10 = F + 55: take 55, leaving F with at most 110 to take.
    let g = f.add(&fibonacci(10));
    assert!(game.start_wins(&g).unwrap());
    assert_eq!(game.least_winning_take(&g, &g).unwrap(), Some(n(55)));
    assert_eq!(
        game.winning_takes(&g, &g.saturating_sub(&Nat::ONE))
            .unwrap(),
        [n(55)]
    );
}

#[test]
fn fibonacci_nim_every_winning_take_of_a_100_digit_pile_is_a_suffix_sum() {
    // F_480 + F_300 + F_100 + F_3 + … : each suffix sum wins when the term before it is more
    // than twice it, which holds for every suffix here.
    let game = KTimes::fibonacci();
    let terms = [480u32, 300, 100, 10, 4];
    let pile = terms.iter().fold(Nat::ZERO, |s, &i| s.add(&fibonacci(i)));
    let rep: Vec<Nat> = terms.iter().map(|&i| fibonacci(i)).collect();
    assert_eq!(game.representation(&pile).unwrap(), rep);
    let suffixes: Vec<Nat> = (0..terms.len())
        .rev()
        .map(|j| rep[j..].iter().fold(Nat::ZERO, |s, t| s.add(t)))
        .collect();
    assert_eq!(game.winning_takes(&pile, &pile).unwrap(), suffixes);
    // Each leaves a lost position.
    for t in &suffixes {
        let left = pile.saturating_sub(t);
        let next = Nat::from_biguint(t.to_biguint() * 2u32);
        assert!(!game.mover_wins(&left, &next).unwrap());
    }
}

#[test]
fn three_times_dynamic_subtraction_loses_on_a_100_digit_losing_size() {
    let game = KTimes::new(3).unwrap();
    let target: Nat = format!("1{}", "0".repeat(99)).parse().unwrap();
    let sizes = game.losing_sizes(&target).unwrap();
    let last = sizes.last().unwrap().clone();
    assert!(last >= target);
    assert!(!game.start_wins(&last).unwrap());
    let next = last.add(&Nat::ONE);
    assert!(game.start_wins(&next).unwrap());
    assert_eq!(
        game.least_winning_take(&next, &last).unwrap(),
        Some(Nat::ONE)
    );
}

#[test]
fn moore_winning_move_of_100_digit_piles_leaves_every_column_a_multiple_of_k_plus_1() {
    let piles: Vec<Nat> = [
        "9".repeat(100),
        "8".repeat(100),
        "7".repeat(99),
        "5".repeat(100),
    ]
    .iter()
    .map(|s| s.parse().unwrap())
    .collect();
    for k in 1..=3 {
        assert!(moore::mover_wins(k, &piles));
        let after = moore::winning_move(k, &piles).unwrap();
        let changed = after.iter().zip(&piles).filter(|(a, p)| a != p).count();
        assert!(
            (1..=k as usize).contains(&changed),
            "k = {k}: {changed} piles"
        );
        assert!(after.iter().zip(&piles).all(|(a, p)| a <= p));
        for bit in 0..400 {
            let ones = after.iter().filter(|p| p.bit(bit)).count() as u64;
            assert_eq!(ones % (k + 1), 0, "k = {k}, digit {bit}");
        }
    }
}

#[test]
fn moore_counts_more_winning_moves_than_the_limit_without_listing_them() {
    // Nim_2 on (3, 3, 3, 3): the search's count (16), reported as a count past a limit of 10.
    let piles = [3u64, 3, 3, 3];
    let nats: Vec<Nat> = piles.iter().map(|&p| n(p)).collect();
    let theirs = brute_winning(&Piece::Moore {
        k: 2,
        piles: piles.to_vec(),
    })
    .len() as u64;
    assert!(theirs > 10);
    assert_eq!(
        moore::winning_moves(2, &nats, 10, COUNT_WORK),
        WinningMoves::Count(n(theirs))
    );
}

#[test]
fn moore_count_stopped_by_its_work_bound_says_at_least() {
    let piles: Vec<Nat> = (1..=12u64).map(n).collect();
    match moore::winning_moves(3, &piles, 5, 1000) {
        WinningMoves::AtLeast(_) => {}
        other => panic!("expected a count stopped by the work bound, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// The judge problems answered by these theories, on every small input, against the search.
// ---------------------------------------------------------------------------------------------

fn judge(problem: &str, input: &str) -> String {
    crate::common::cli::run(&["judge", problem], input).success(&["judge", problem])
}

#[test]
fn judge_fibonacci_nim_matches_the_search_for_every_pile_up_to_60() {
    let piles: Vec<u64> = (1..=60).collect();
    let mut input: String = piles.iter().map(|p| format!("{p}\n")).collect();
    input.push_str("0\n");
    let want: String = piles
        .iter()
        .map(|&p| {
            if brute_wins(&Piece::dynamic_start(2, p)) {
                "First win\n"
            } else {
                "Second win\n"
            }
        })
        .collect();
    assert_eq!(judge("hdu2516", &input), want);
}

#[test]
fn judge_simple_stone_game_names_the_least_winning_take_of_the_search() {
    let cases: Vec<(u64, u64)> = (1..=4)
        .flat_map(|k| (2..=40).map(move |n| (n, k)))
        .collect();
    let mut input = format!("{}\n", cases.len());
    let mut want = String::new();
    for (i, &(stones, k)) in cases.iter().enumerate() {
        input.push_str(&format!("{stones} {k}\n"));
        let least = brute_winning(&Piece::dynamic_start(k, stones))
            .iter()
            .map(|p| match p {
                Piece::Dynamic { n: left, .. } => stones - left,
                other => panic!("not a dynamic position: {other:?}"),
            })
            .min();
        match least {
            Some(t) => want.push_str(&format!("Case {}: {t}\n", i + 1)),
            None => want.push_str(&format!("Case {}: lose\n", i + 1)),
        }
    }
    assert_eq!(judge("hdu2486", &input), want);
}

#[test]
fn judge_euclids_game_matches_the_search_for_every_pair_up_to_30() {
    let pairs: Vec<(u64, u64)> = (1..=30)
        .flat_map(|a| (1..=30).map(move |b| (a, b)))
        .collect();
    let mut input: String = pairs.iter().map(|(a, b)| format!("{a} {b}\n")).collect();
    input.push_str("0 0\n");
    let want: String = pairs
        .iter()
        .map(|&(a, b)| {
            if brute_wins(&Piece::Euclid(a, b)) {
                "Stan wins\n"
            } else {
                "Ollie wins\n"
            }
        })
        .collect();
    assert_eq!(judge("hdu1525", &input), want);
    assert_eq!(judge("poj2348", &input), want);
}
