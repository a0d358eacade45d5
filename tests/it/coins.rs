//! Coin-turning theory (`nimsolve::games::coins::theory`) against the independent search of
//! `tests/it/common/graph_brute.rs`: every head's value, the Grundy value of every row of heads
//! on coins 1 to 10 under each rule, and the exact set of winning moves (the heads after each);
//! Turning Corners by the Tartan theorem on small boards (its value, every winning move, and the
//! one its bounded search finds); and the two judge problems answered by the theory, HDU 3404
//! and HDU 3537, against searches of their statements' rules.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::sync::Mutex;

use nimsolve::Nat;
use nimsolve::error::CoinError;
use nimsolve::games::coins::theory::{
    CoinRule, Turned, corners_grundy, corners_winning_move, corners_winning_moves, grundy,
    head_value, winning_moves,
};
use proptest::prelude::*;

use crate::common::cli::run;
use crate::common::graph_brute::{self as brute, corners_options};
use crate::common::judge_brute::{coin_flip_loses, switch_lights_wins};

/// Runs `f` on a thread with a large stack: the searches recurse once a move, and a row's
/// games last up to 2^coins moves (the heads, read as a binary number, fall with each).
fn deep<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(1 << 30)
            .spawn_scoped(s, f)
            .expect("a thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

fn oracle_rule(rule: CoinRule) -> brute::CoinRule {
    match rule {
        CoinRule::TurningTurtles => brute::CoinRule::TurningTurtles,
        CoinRule::Twins => brute::CoinRule::Twins,
        CoinRule::MockTurtles => brute::CoinRule::MockTurtles,
        CoinRule::Ruler => brute::CoinRule::Ruler,
    }
}

fn nats(set: &BTreeSet<u32>) -> Vec<Nat> {
    set.iter().map(|&c| Nat::from(u64::from(c))).collect()
}

fn small(set: &[Nat]) -> BTreeSet<u32> {
    set.iter().map(|c| c.to_u64().unwrap() as u32).collect()
}

/// The theory against the search on one row: the Grundy value, and the winning moves' heads
/// after, exactly (each a legal option of the row, the coins turned as said).
fn check_row(
    rule: CoinRule,
    heads: &BTreeSet<u32>,
    memo: &mut HashMap<(brute::CoinRule, BTreeSet<u32>), u64>,
) {
    let o = oracle_rule(rule);
    let g = brute::coin_grundy(o, heads, memo);
    assert_eq!(
        grundy(rule, &nats(heads)).unwrap(),
        Nat::from(g),
        "{rule:?} {heads:?}"
    );
    let want: BTreeSet<BTreeSet<u32>> = brute::coin_options(o, heads)
        .into_iter()
        .filter(|after| brute::coin_grundy(o, after, memo) == 0)
        .collect();
    let moves = winning_moves(rule, &nats(heads), 1 << 20).unwrap();
    let got: BTreeSet<BTreeSet<u32>> = moves.iter().map(|m| small(&m.heads_after)).collect();
    assert_eq!(got, want, "{rule:?} {heads:?}");
    assert_eq!(
        got.len(),
        moves.len(),
        "{rule:?} {heads:?}: no move listed twice"
    );
    for m in &moves {
        let turned: BTreeSet<u32> = match &m.turned {
            Turned::Coins(c) => small(c),
            Turned::Run { from, to } => {
                (from.to_u64().unwrap() as u32..=to.to_u64().unwrap() as u32).collect()
            }
        };
        let after: BTreeSet<u32> = heads.symmetric_difference(&turned).copied().collect();
        assert_eq!(after, small(&m.heads_after), "{rule:?} {heads:?} {m:?}");
    }
}

#[test]
fn head_values_are_the_single_heads_grundy_values() {
    deep(head_values);
}

fn head_values() {
    let mut memo = HashMap::new();
    for rule in CoinRule::ALL {
        for n in 1..=12u32 {
            let g = brute::coin_grundy(oracle_rule(rule), &BTreeSet::from([n]), &mut memo);
            assert_eq!(
                head_value(rule, &Nat::from(u64::from(n))).unwrap(),
                Nat::from(g),
                "{rule:?} coin {n}"
            );
        }
        assert_eq!(head_value(rule, &Nat::ZERO), Err(CoinError::NoCoinZero));
    }
}

#[test]
fn every_row_on_ten_coins_has_the_searched_value_and_winning_moves() {
    // Every set of heads on coins 1..=10 under each rule: 4 × 1024 positions.
    deep(|| {
        let mut memo = HashMap::new();
        for rule in CoinRule::ALL {
            for mask in 0u32..1 << 10 {
                let heads: BTreeSet<u32> = (1..=10).filter(|c| mask >> (c - 1) & 1 == 1).collect();
                check_row(rule, &heads, &mut memo);
            }
        }
    });
}

#[test]
fn a_head_listed_twice_is_one_head() {
    let twice = [Nat::from(3u64), Nat::from(5u64), Nat::from(3u64)];
    for rule in CoinRule::ALL {
        assert_eq!(
            grundy(rule, &twice).unwrap(),
            grundy(rule, &twice[..2]).unwrap()
        );
    }
}

#[test]
fn listing_refuses_past_its_limit() {
    // Mock Turtles tries every coin left of a head for its three-coin moves.
    let heads = [Nat::from(1_000_000u64)];
    assert_eq!(
        winning_moves(CoinRule::MockTurtles, &heads, 1000),
        Err(CoinError::TooLarge { limit: 1000 })
    );
}

/// The Tartan theorem's value of a board, every winning move exactly, and the one move the
/// bounded search finds, against the search.
fn check_board(heads: &BTreeSet<(u32, u32)>) {
    let heads = heads.clone();
    let mut guard = BOARD_MEMO.lock().unwrap_or_else(|e| e.into_inner());
    let memo = guard.get_or_insert_with(HashMap::new);
    let g = brute::corners_grundy(&heads, memo);
    let board: Vec<(Nat, Nat)> = heads
        .iter()
        .map(|&(x, y)| (Nat::from(u64::from(x)), Nat::from(u64::from(y))))
        .collect();
    assert_eq!(corners_grundy(&board), Nat::from(g), "{:?}", heads);
    let pairs = |after: &[(Nat, Nat)]| -> BTreeSet<(u32, u32)> {
        after
            .iter()
            .map(|(x, y)| (x.to_u64().unwrap() as u32, y.to_u64().unwrap() as u32))
            .collect()
    };
    let want: BTreeSet<BTreeSet<(u32, u32)>> = corners_options(&heads)
        .into_iter()
        .filter(|after| brute::corners_grundy(after, memo) == 0)
        .collect();
    let all = corners_winning_moves(&board, 1000).unwrap();
    let got: BTreeSet<BTreeSet<(u32, u32)>> = all.iter().map(|m| pairs(&m.heads_after)).collect();
    assert_eq!(&got, &want, "{:?}", heads);
    let one = corners_winning_move(&board, 1000).unwrap();
    assert_eq!(one.is_none(), g == 0);
    if let Some(m) = one {
        assert!(want.contains(&pairs(&m.heads_after)), "{:?}", m);
        assert!(m.from.0 < m.to.0 && m.from.1 < m.to.1);
    }
}

/// The searched values of rows, kept across the cases of a property test.
type RowMemo = HashMap<(brute::CoinRule, BTreeSet<u32>), u64>;
/// The searched values of boards, kept across the cases of a property test.
type BoardMemo = HashMap<BTreeSet<(u32, u32)>, u64>;

static ROW_MEMO: Mutex<Option<RowMemo>> = Mutex::new(None);
static BOARD_MEMO: Mutex<Option<BoardMemo>> = Mutex::new(None);

fn rules() -> impl Strategy<Value = CoinRule> {
    prop::sample::select(CoinRule::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Rows with heads further out (coins up to 12).
    #[test]
    fn random_rows_match_the_search(
        rule in rules(),
        heads in prop::collection::btree_set(1u32..=12, 0..5),
    ) {
        deep(|| {
            let mut guard = ROW_MEMO.lock().unwrap_or_else(|e| e.into_inner());
            let memo = guard.get_or_insert_with(HashMap::new);
            check_row(rule, &heads, memo);
        });
    }

    /// Turning Corners on boards of coordinates 0..=3: the Tartan theorem's value, every
    /// winning move exactly, and the one move the bounded search finds.
    #[test]
    fn turning_corners_match_the_search(
        heads in prop::collection::btree_set((0u32..4, 0u32..4), 0..5),
    ) {
        deep(|| check_board(&heads));
    }
}

#[test]
fn a_winning_corner_is_found_on_a_large_board() {
    // Heads far beyond any search of the board: the move found wins by the theorem's value.
    let board = [
        (Nat::from(10_000u64), Nat::from(9_999u64)),
        (Nat::from(1234u64), Nat::from(4321u64)),
    ];
    let m = corners_winning_move(&board, 20_000).unwrap().unwrap();
    assert!(corners_grundy(&m.heads_after).is_zero());
    assert!(m.from.0 < m.to.0 && m.from.1 < m.to.1);
}

// ---------------------------------------------------------------------------------------------
// The judge problems, against searches of their statements' rules.
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// HDU 3537: 100 cases a run, coins 0..=9, a coin possibly listed twice.
    #[test]
    fn hdu3537_matches_a_search_of_the_statement(
        cases in prop::collection::vec(prop::collection::vec(0u32..10, 0..6), 100),
    ) {
        let mut memo = HashMap::new();
        let (mut input, mut want) = (String::new(), String::new());
        for heads in &cases {
            let line: Vec<String> = heads.iter().map(u32::to_string).collect();
            let _ = write!(input, "{}\n{}\n", heads.len(), line.join(" "));
            let set: BTreeSet<u32> = heads.iter().copied().collect();
            want.push_str(if coin_flip_loses(&set, &mut memo) { "Yes\n" } else { "No\n" });
        }
        let r = run(&["judge", "hdu3537"], &input);
        prop_assert_eq!(r.code, Some(0), "{}", r.stderr);
        prop_assert_eq!(r.stdout, want);
    }

    /// HDU 3404: 60 cases a run, lights at 1 ≤ x, y ≤ 3.
    #[test]
    fn hdu3404_matches_a_search_of_the_statement(
        cases in prop::collection::vec(prop::collection::btree_set((1u32..4, 1u32..4), 0..6), 60),
    ) {
        let mut memo = HashMap::new();
        let mut input = format!("{}\n", cases.len());
        let mut want = String::new();
        for lights in &cases {
            let _ = writeln!(input, "{}", lights.len());
            for (x, y) in lights {
                let _ = writeln!(input, "{x} {y}");
            }
            want.push_str(if switch_lights_wins(lights, &mut memo) {
                "Have a try, lxhgww.\n"
            } else {
                "Don't waste your time.\n"
            });
        }
        let r = run(&["judge", "hdu3404"], &input);
        prop_assert_eq!(r.code, Some(0), "{}", r.stderr);
        prop_assert_eq!(r.stdout, want);
    }
}

#[test]
fn coin_judges_answer_beyond_the_statements_bounds() {
    // A coin past 10^8 and lights past 10000: the theory answers any size.
    let k = "123456789012345678901234567892"; // a multiple of 4: k..k+3 cancel, as 0..3 do
    let input = format!("4\n{k} {k}3 {k}4 {k}5\n2\n{k} {k}\n")
        .replace(&format!("{k}3"), "123456789012345678901234567893")
        .replace(&format!("{k}4"), "123456789012345678901234567894")
        .replace(&format!("{k}5"), "123456789012345678901234567895");
    let r = run(&["judge", "hdu3537"], &input);
    assert_eq!(r.stdout, "Yes\nNo\n", "{}", r.stderr);
    let r = run(
        &["judge", "hdu3404"],
        "2\n2\n4294967296 3\n3 4294967296\n1\n4294967296 3\n",
    );
    assert_eq!(
        r.stdout, "Don't waste your time.\nHave a try, lxhgww.\n",
        "{}",
        r.stderr
    );
}
