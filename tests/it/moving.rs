//! Games whose pieces move, against the independent search of `common/moving_brute.rs`: for
//! random small positions, alone and in sums with Nim heaps, normal and misère play, the
//! library's outcome, Grundy value and exact set of winning moves (each as the component it
//! leaves, written in the position grammar) are the oracle's. A Nim heap of n is the oracle's
//! staircase of one step holding n coins (its coins leave from step 1: a take).

use std::collections::BTreeSet;

use nimsolve::{Game, Limits, Outcome, Play, Rules, parse_sum};
use proptest::prelude::*;

use crate::common::library::play;
use crate::common::moving_brute::{Compound, MovingOracle, Piece};

/// A component of a test position: a piece of the oracle, or a Nim heap.
#[derive(Clone, Debug)]
enum Part {
    Piece(Piece),
    Nim(u64),
    /// Fibonacci Nim from its start, written `fibonacci-nim N`.
    Fibonacci(u64),
}

impl Part {
    fn oracle(&self) -> Piece {
        match self {
            Part::Piece(p) => p.clone(),
            Part::Nim(n) => Piece::Staircase(vec![*n]),
            Part::Fibonacci(n) => Piece::dynamic_start(2, *n),
        }
    }
}

fn join(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A piece as the position grammar writes it.
fn text(piece: &Piece) -> String {
    match piece {
        Piece::Staircase(coins) if coins.is_empty() => "staircase".to_string(),
        Piece::Staircase(coins) => format!("staircase {}", join(coins)),
        Piece::Slide(cells) if cells.is_empty() => "slide".to_string(),
        Piece::Slide(cells) => format!("slide {}", join(cells)),
        Piece::Euclid(a, b) => format!("euclid {a} {b}"),
        Piece::Dynamic { k, n, most } => format!("dynamic:{k} {n}:{most}"),
        Piece::Moore { k, piles } => format!("moore:{k} {}", join(piles)),
    }
}

fn part_text(part: &Part, piece: &Piece) -> String {
    match (part, piece) {
        (Part::Nim(_), Piece::Staircase(c)) => c[0].to_string(),
        (Part::Fibonacci(_), Piece::Dynamic { n, most, .. }) => format!("fibonacci-nim {n}:{most}"),
        _ => text(piece),
    }
}

/// The library's outcome, Grundy value (normal play) and winning moves as (component, after).
fn library(parts: &[Part], play: Play) -> (bool, Option<u64>, BTreeSet<(usize, String)>) {
    let written: Vec<String> = parts
        .iter()
        .map(|p| match p {
            Part::Fibonacci(n) => format!("fibonacci-nim {n}"),
            _ => part_text(p, &p.oracle()),
        })
        .collect();
    let position = parse_sum(&written.join(" + "), &Rules::nim()).expect("position");
    // The search's bound counts every arrangement; the positions it visits are far fewer.
    let limits = Limits {
        search: 1 << 36,
        remoteness: 0,
        ..Limits::default()
    };
    let game = Game::new(Rules::nim(), play, limits);
    let a = game.analyze(&position).expect("analysis");
    let moves = a
        .winning_moves
        .iter()
        .map(|mv| position.component_after(mv).expect("a move that fits"))
        .collect();
    let grundy = a.grundy.map(|g| g.to_u64().expect("small value"));
    (a.outcome == Outcome::N, grundy, moves)
}

/// The oracle's outcome, Grundy value of the sum, and winning moves as (component, after).
fn oracle(parts: &[Part], play: Play) -> (bool, u64, BTreeSet<(usize, String)>) {
    let position: Vec<Piece> = parts.iter().map(Part::oracle).collect();
    let misere = play == Play::Misere;
    let mut o = MovingOracle::default();
    let wins = o.mover_wins(&position, Compound::Disjunctive, misere);
    let grundy = position.iter().fold(0, |x, p| x ^ o.grundy(p));
    let moves = o
        .winning_options(&position, Compound::Disjunctive, misere)
        .into_iter()
        .map(|after| {
            let i = (0..after.len())
                .find(|&i| after[i] != position[i])
                .expect("a move changes a component");
            (i, part_text(&parts[i], &placed(&position[i], &after[i])))
        })
        .collect();
    (wins, grundy, moves)
}

/// The oracle's state after a move of Euclid's game (the larger first) with each number in its
/// place before the move (the larger, the first when equal, is the one reduced).
fn placed(before: &Piece, after: &Piece) -> Piece {
    match (before, after) {
        (Piece::Euclid(a, b), Piece::Euclid(x, s)) if a < b => Piece::Euclid(*s, *x),
        _ => after.clone(),
    }
}

fn check(parts: &[Part], play: Play) -> Result<(), TestCaseError> {
    let (wins, grundy, moves) = library(parts, play);
    let (o_wins, o_grundy, o_moves) = oracle(parts, play);
    prop_assert_eq!(wins, o_wins, "outcome of {:?} ({:?})", parts, play);
    if play == Play::Normal {
        prop_assert_eq!(grundy, Some(o_grundy), "Grundy value of {:?}", parts);
    }
    prop_assert_eq!(moves, o_moves, "winning moves of {:?} ({:?})", parts, play);
    Ok(())
}

fn staircase() -> impl Strategy<Value = Part> {
    prop::collection::vec(0u64..4, 1..5).prop_map(|c| Part::Piece(Piece::Staircase(c)))
}

/// A staircase for sums: few enough states that the misère search of a sum of three stays
/// small (three staircases of up to 12 coins on 4 steps have about 10^8 arrangements).
fn small_staircase() -> impl Strategy<Value = Part> {
    prop::collection::vec(0u64..3, 1..4).prop_map(|c| Part::Piece(Piece::Staircase(c)))
}

/// Pieces on distinct cells 1..=9, in any order.
fn slide() -> impl Strategy<Value = Part> {
    prop::collection::btree_set(1u64..10, 1..4)
        .prop_flat_map(|cells| Just(cells.into_iter().collect::<Vec<_>>()).prop_shuffle())
        .prop_map(|c| Part::Piece(Piece::Slide(c)))
}

fn euclid() -> impl Strategy<Value = Part> {
    (1u64..14, 1u64..14).prop_map(|(a, b)| Part::Piece(Piece::Euclid(a, b)))
}

fn dynamic() -> impl Strategy<Value = Part> {
    (1u64..4, 0u64..14, 0u64..16)
        .prop_map(|(k, n, most)| Part::Piece(Piece::Dynamic { k, n, most }))
}

fn fibonacci() -> impl Strategy<Value = Part> {
    (0u64..16).prop_map(Part::Fibonacci)
}

fn moore() -> impl Strategy<Value = Part> {
    (1usize..4, prop::collection::vec(0u64..5, 1..4))
        .prop_map(|(k, piles)| Part::Piece(Piece::Moore { k, piles }))
}

fn nim_heap() -> impl Strategy<Value = Part> {
    (0u64..6).prop_map(Part::Nim)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn staircase_nim_alone_matches_the_search(s in staircase(), play in play()) {
        check(&[s], play)?;
    }

    #[test]
    fn sliding_pieces_alone_match_the_search(s in slide(), play in play()) {
        check(&[s], play)?;
    }

    #[test]
    fn sliding_pieces_in_sums_match_the_search(
        parts in prop::collection::vec(prop_oneof![slide(), small_staircase(), nim_heap()], 2..4),
        play in play(),
    ) {
        prop_assume!(parts.iter().any(|p| matches!(p, Part::Piece(Piece::Slide(_)))));
        check(&parts, play)?;
    }

    #[test]
    fn staircase_nim_in_sums_matches_the_search(
        parts in prop::collection::vec(prop_oneof![small_staircase(), nim_heap()], 2..4),
        play in play(),
    ) {
        prop_assume!(parts.iter().any(|p| matches!(p, Part::Piece(_))));
        check(&parts, play)?;
    }

    #[test]
    fn euclids_game_alone_matches_the_search(e in euclid(), play in play()) {
        check(&[e], play)?;
    }

    #[test]
    fn euclids_game_in_sums_matches_the_search(
        parts in prop::collection::vec(prop_oneof![euclid(), nim_heap()], 2..4),
        play in play(),
    ) {
        prop_assume!(parts.iter().any(|p| matches!(p, Part::Piece(_))));
        check(&parts, play)?;
    }

    #[test]
    fn dynamic_subtraction_alone_matches_the_search(
        d in prop_oneof![dynamic(), fibonacci()],
        play in play(),
    ) {
        check(&[d], play)?;
    }

    #[test]
    fn dynamic_subtraction_in_sums_matches_the_search(
        parts in prop::collection::vec(prop_oneof![dynamic(), fibonacci(), nim_heap()], 2..4),
        play in play(),
    ) {
        prop_assume!(parts.iter().any(|p| !matches!(p, Part::Nim(_))));
        check(&parts, play)?;
    }

    #[test]
    fn moores_nim_alone_matches_the_search(m in moore(), play in play()) {
        check(&[m], play)?;
    }

    #[test]
    fn moores_nim_in_sums_matches_the_search(
        parts in prop::collection::vec(prop_oneof![moore(), nim_heap()], 2..3),
        play in play(),
    ) {
        prop_assume!(parts.iter().any(|p| matches!(p, Part::Piece(_))));
        check(&parts, play)?;
    }
}

/// Two pieces on one cell, or a piece on cell 0, are no position: an error, not an answer.
#[test]
fn sliding_pieces_reject_shared_cells_and_cell_zero() {
    for text in ["slide 2 5 2", "slide 0 3", "3 + slide 4 4"] {
        let e = parse_sum(text, &Rules::nim()).unwrap_err();
        assert!(
            matches!(e, nimsolve::PositionError::NotAState { .. }),
            "{text}: {e:?}"
        );
    }
}

/// Sixty-digit steps are answered from the theorem at once, every winning move listed.
#[test]
fn staircase_nim_with_sixty_digit_steps() {
    let a = "123456789012345678901234567890123456789012345678901234567890";
    let b = "987654321098765432109876543210987654321098765432109876543210";
    let position = parse_sum(&format!("staircase {a} 5 {b} 7"), &Rules::nim()).unwrap();
    let game = Game::nim(Play::Normal);
    let analysis = game.analyze(&position).unwrap();
    let x = nimsolve::Nat::parse_decimal(a.as_bytes())
        .unwrap()
        .xor(&nimsolve::Nat::parse_decimal(b.as_bytes()).unwrap());
    assert_eq!(analysis.grundy, Some(x));
    assert_eq!(analysis.outcome, Outcome::N);
    for mv in &analysis.winning_moves {
        let after = position.after(mv).unwrap();
        let a = game.analyze(&after).unwrap();
        assert_eq!(a.outcome, Outcome::P, "{mv:?}");
    }
    assert!(!analysis.winning_moves.is_empty());
}

/// A hundred-digit decimal number (10^99 + `tail`).
fn hundred_digits(tail: u64) -> nimsolve::Nat {
    let ten = num_bigint::BigUint::from(10u32).pow(99);
    nimsolve::Nat::from_biguint(ten + num_bigint::BigUint::from(tail))
}

/// Every winning move listed leads to a P-position, by the library again.
fn each_winning_move_leaves_p(
    game: &Game,
    position: &nimsolve::Position,
    moves: &[nimsolve::Move],
) {
    for mv in moves {
        let after = position.after(mv).expect("a move that fits");
        let a = game.analyze(&after).expect("analysis after");
        assert_eq!(a.outcome, Outcome::P, "{mv:?}");
    }
}

/// Euclid's game on hundred-digit numbers: Cole and Davie's outcome, the one winning move and
/// the Grundy value folded from the quotients, at once, alone and beside a Nim heap.
#[test]
fn euclids_game_with_hundred_digit_numbers() {
    use nimsolve::games::euclid::theory as euclid;
    let (a, b) = (hundred_digits(7), nimsolve::Nat::from(987_654_321u64));
    let game = Game::nim(Play::Normal);
    let position = parse_sum(&format!("euclid {a} {b}"), &Rules::nim()).unwrap();
    let analysis = game.analyze(&position).unwrap();
    assert_eq!(analysis.outcome == Outcome::N, euclid::mover_wins(&a, &b));
    assert_eq!(analysis.grundy, Some(euclid::grundy(&a, &b)));
    assert_eq!(analysis.winning_moves.len(), 1);
    each_winning_move_leaves_p(&game, &position, &analysis.winning_moves);
    // In a sum with a heap of its own value: a P-position.
    let g = euclid::grundy(&a, &b);
    let sum = parse_sum(&format!("euclid {a} {b} + {g}"), &Rules::nim()).unwrap();
    assert_eq!(game.analyze(&sum).unwrap().outcome, Outcome::P);
    // Two consecutive Fibonacci numbers of 100 digits: lost (their ratio is below φ).
    let (f, g) = (fib(479), fib(480));
    let lost = parse_sum(&format!("euclid {g} {f}"), &Rules::nim()).unwrap();
    let a = game.analyze(&lost).unwrap();
    assert_eq!(
        (a.outcome, a.grundy),
        (Outcome::P, Some(nimsolve::Nat::ZERO))
    );
}

fn fib(i: u32) -> nimsolve::Nat {
    let (mut a, mut b) = (
        num_bigint::BigUint::from(0u32),
        num_bigint::BigUint::from(1u32),
    );
    for _ in 0..i {
        let c = &a + &b;
        a = b;
        b = c;
    }
    nimsolve::Nat::from_biguint(a)
}

/// Fibonacci Nim on a hundred-digit pile: a Fibonacci number is lost; one more is won by
/// taking 1, the least term of its Zeckendorf representation, and every listed take wins.
#[test]
fn fibonacci_nim_with_hundred_digit_piles() {
    let game = Game::nim(Play::Normal);
    let f = fib(480);
    assert_eq!(f.to_string().len(), 100);
    let lost = parse_sum(&format!("fibonacci-nim {f}"), &Rules::nim()).unwrap();
    assert_eq!(game.analyze(&lost).unwrap().outcome, Outcome::P);
    let won = parse_sum(
        &format!("fibonacci-nim {}", f.add(&nimsolve::Nat::ONE)),
        &Rules::nim(),
    )
    .unwrap();
    let a = game.analyze(&won).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    let afters: Vec<String> = a
        .winning_moves
        .iter()
        .map(|mv| won.component_after(mv).unwrap().1)
        .collect();
    assert_eq!(afters, [format!("fibonacci-nim {f}:2")]);
    each_winning_move_leaves_p(&game, &won, &a.winning_moves);
}

/// A written `after` of dynamic subtraction pastes back as the same position.
#[test]
fn dynamic_subtraction_after_pastes_back() {
    let game = Game::nim(Play::Normal);
    let position = parse_sum("dynamic:2 11:11", &Rules::nim()).unwrap();
    let a = game.analyze(&position).unwrap();
    for mv in &a.winning_moves {
        let (_, text) = position.component_after(mv).unwrap();
        let pasted = parse_sum(&text, &Rules::nim()).unwrap();
        assert_eq!(pasted, position.after(mv).unwrap(), "{text}");
    }
    assert_eq!(a.winning_moves.len(), 2);
}

/// Beyond the Grundy table, a sum's value needs a search past the limit: a clear error.
#[test]
fn dynamic_subtraction_in_a_sum_beyond_its_table_is_a_search_limit_error() {
    let game = Game::nim(Play::Normal);
    let position = parse_sum("fibonacci-nim 5000 + 1", &Rules::nim()).unwrap();
    let err = game.analyze(&position).unwrap_err();
    assert!(
        matches!(err, nimsolve::SolveError::SearchLimit { limit, .. } if limit == Limits::default().search),
        "{err}"
    );
}

/// Moore's theorem on hundred-digit piles: three equal piles under Nim_2 are lost; with one
/// pile one larger, every listed winning move leaves a P-position.
#[test]
fn moores_nim_with_hundred_digit_piles() {
    let game = Game::nim(Play::Normal);
    let x = hundred_digits(12345);
    let lost = parse_sum(&format!("moore:2 {x} {x} {x}"), &Rules::nim()).unwrap();
    assert_eq!(game.analyze(&lost).unwrap().outcome, Outcome::P);
    let y = x.add(&nimsolve::Nat::ONE);
    let won = parse_sum(&format!("moore:2 {x} {x} {y}"), &Rules::nim()).unwrap();
    let a = game.analyze(&won).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert!(!a.winning_moves.is_empty());
    each_winning_move_leaves_p(&game, &won, &a.winning_moves);
}

/// More winning moves than a verdict lists: the first is listed, the analysis says so
/// (`Listing::First`), and the fact carries their number.
#[test]
fn moores_nim_lists_the_first_of_too_many_winning_moves_and_counts_them() {
    use nimsolve::games::facts::Fact;
    use nimsolve::games::moore::MooreCount;
    let game = Game::nim(Play::Normal);
    let position = parse_sum(
        "moore:3 912345 723456 634567 545678 145678 2345",
        &Rules::nim(),
    )
    .unwrap();
    let a = game.analyze(&position).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.listing, nimsolve::Listing::First);
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(
        a.fact,
        Some(Fact::Moore(MooreCount::Exactly(nimsolve::Nat::from(
            6561u64
        ))))
    );
    each_winning_move_leaves_p(&game, &position, &a.winning_moves);
}

/// Euclid's game has at most one 0 (the finished position a winning move leaves, which reads
/// back as a P-position), and dynamic:K and moore:K need K ≥ 1.
#[test]
fn euclid_zero_and_a_zero_multiplier_are_refused() {
    assert!(parse_sum("euclid 0 0", &Rules::nim()).is_err());
    let v = crate::common::cli::ok_json(&["analyze", "--json", "euclid 10 5"]);
    let after = v["winning_moves"][0]["after"].as_str().unwrap().to_string();
    assert_eq!(after, "euclid 0 5");
    let w = crate::common::cli::ok_json(&["analyze", "--json", &after]);
    assert_eq!(w["outcome"], "P");
    assert!(parse_sum("euclid 3", &Rules::nim()).is_err());
    assert!(Rules::parse("dynamic:0").is_err());
    assert!(Rules::parse("moore:0").is_err());
    assert!(Rules::parse("moore:x").is_err());
    assert!(parse_sum("fibonacci-nim 5:x", &Rules::nim()).is_err());
}

/// `grundy --upto` of a game played as one whole state prints the values of its one-number
/// positions (n = 0: the empty position where one number of 0 is none), and of a two-number
/// game the table g(a, b), `null` where (a, b) is no position (Euclid's 0 0); each against the
/// oracle.
#[test]
fn grundy_tables_of_whole_states_agree_with_the_oracle() {
    let mut o = MovingOracle::default();
    let upto = 9u64;
    let one = |spec: &str| -> Vec<u64> {
        let out = crate::common::cli::ok(&["grundy", "--game", spec, "--upto", "9", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g.as_u64().unwrap())
            .collect()
    };
    let want: Vec<u64> = (0..=upto)
        .map(|n| o.grundy(&Piece::Staircase(vec![n])))
        .collect();
    assert_eq!(one("staircase"), want);
    let want: Vec<u64> = (0..=upto)
        .map(|n| o.grundy(&Piece::Slide(if n == 0 { vec![] } else { vec![n] })))
        .collect();
    assert_eq!(one("slide"), want);
    let want: Vec<u64> = (0..=upto)
        .map(|n| {
            o.grundy(&Piece::Moore {
                k: 2,
                piles: vec![n],
            })
        })
        .collect();
    assert_eq!(one("moore:2"), want);

    let pairs = |spec: &str| -> Vec<Vec<Option<u64>>> {
        let out = crate::common::cli::ok(&["grundy", "--game", spec, "--upto", "9", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["table"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_array().unwrap().iter().map(|g| g.as_u64()).collect())
            .collect()
    };
    let want: Vec<Vec<Option<u64>>> = (0..=upto)
        .map(|a| {
            (0..=upto)
                .map(|b| (a > 0 || b > 0).then(|| o.grundy(&Piece::Euclid(a.max(b), a.min(b)))))
                .collect()
        })
        .collect();
    assert_eq!(pairs("euclid"), want);
    let want: Vec<Vec<Option<u64>>> = (0..=upto)
        .map(|n| {
            (0..=upto)
                .map(|most| Some(o.grundy(&Piece::Dynamic { k: 2, n, most })))
                .collect()
        })
        .collect();
    assert_eq!(pairs("dynamic:2"), want);
}

/// A lost position of numbers past the search has moves: the fallback is a legal move drawn
/// by the game's closed form (never "no move is left", never listing 10^20 options), and its
/// `after` reads back.
#[test]
fn a_lost_position_of_huge_numbers_gets_a_legal_fallback_move() {
    let huge = "100000000000000000000";
    let next = "100000000000000000001";
    for position in [
        format!("staircase 0 {huge}"),
        "fibonacci-nim 19740274219868223167".to_string(),
        format!("moore:2 {huge} {huge} {huge}"),
        format!("slide 1 2 {huge} {next}"),
        "staircase 0 1000000000000".to_string(),
    ] {
        let v = crate::common::cli::ok_json(&["move", "--json", &position]);
        assert_eq!(v["outcome"], "P", "{position}");
        assert_eq!(v["fallback"], true, "{position}");
        let after = v["move"]["after"].as_str().unwrap().to_string();
        let w = crate::common::cli::ok_json(&["analyze", "--json", &after]);
        // A move from a P-position leaves an N-position.
        assert_eq!(w["outcome"], "N", "{position} → {after}");
    }
}

/// The search of Euclid's game counts the positions it reaches (the quotients of Euclid's
/// algorithm), not the product of the numbers: misère play of (30000, 47), about 700
/// positions, is searched within the default limit. The player to move wins (by the tree:
/// subtract 637 × 47, leaving (61, 47)).
#[test]
fn euclid_misere_is_searched_over_the_positions_it_reaches() {
    let v = crate::common::cli::ok_json(&["analyze", "--json", "--misere", "euclid 30000 47"]);
    assert_eq!(v["outcome"], "N", "{v}");
    let after: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["after"].as_str())
        .collect();
    assert_eq!(after, ["euclid 61 47"], "{v}");
}
