//! The coin-turning families (`turning-turtles`, `twins`, `mock-turtles`, `ruler`,
//! `turning-corners`) played through the library's game model ([`nimsolve::Game`]) against the
//! independent search of `common/graph_brute.rs`: for random small rows and boards, alone and
//! in sums with Nim heaps, normal and misère play, the library's outcome, Grundy value and
//! exact set of winning moves (each as the component it leaves, written in the position
//! grammar) are those of a search of the whole sum built on the oracle's options.

use std::collections::{BTreeSet, HashMap};

use nimsolve::{Game, Limits, Listing, Nat, Outcome, Play, Rules, parse_sum};
use proptest::prelude::*;

use crate::common::graph_brute::{self as brute, CoinRule};
use crate::common::library::play;

/// A component of a test position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Part {
    /// A row of coins: its rule and heads.
    Row(Rule, BTreeSet<u32>),
    /// A board of Turning Corners: its heads (x, y), coordinates from 0.
    Board(BTreeSet<(u32, u32)>),
    /// A Nim heap.
    Nim(u64),
}

/// The oracle's rules, ordered (for the memo's keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Rule {
    TurningTurtles,
    Twins,
    MockTurtles,
    Ruler,
}

impl Rule {
    fn oracle(self) -> CoinRule {
        match self {
            Rule::TurningTurtles => CoinRule::TurningTurtles,
            Rule::Twins => CoinRule::Twins,
            Rule::MockTurtles => CoinRule::MockTurtles,
            Rule::Ruler => CoinRule::Ruler,
        }
    }

    fn spec(self) -> &'static str {
        match self {
            Rule::TurningTurtles => "turning-turtles",
            Rule::Twins => "twins",
            Rule::MockTurtles => "mock-turtles",
            Rule::Ruler => "ruler",
        }
    }
}

/// A component as the position grammar writes it.
fn text(part: &Part) -> String {
    match part {
        Part::Row(rule, heads) => {
            let mut s = rule.spec().to_string();
            for h in heads {
                s.push_str(&format!(" {h}"));
            }
            s
        }
        Part::Board(heads) => {
            let mut s = "turning-corners".to_string();
            for (x, y) in heads {
                s.push_str(&format!(" {x}:{y}"));
            }
            s
        }
        Part::Nim(n) => n.to_string(),
    }
}

/// The options of a component, by the oracle's rules.
fn options(part: &Part) -> Vec<Part> {
    match part {
        Part::Row(rule, heads) => brute::coin_options(rule.oracle(), heads)
            .into_iter()
            .map(|h| Part::Row(*rule, h))
            .collect(),
        Part::Board(heads) => brute::corners_options(heads)
            .into_iter()
            .map(Part::Board)
            .collect(),
        Part::Nim(n) => (0..*n).map(Part::Nim).collect(),
    }
}

/// The searched memos: Grundy values of rows and boards, the outcomes of whole sums.
#[derive(Default)]
struct Oracle {
    rows: HashMap<(CoinRule, BTreeSet<u32>), u64>,
    boards: HashMap<BTreeSet<(u32, u32)>, u64>,
    wins: HashMap<(Vec<Part>, bool), bool>,
}

impl Oracle {
    fn grundy(&mut self, part: &Part) -> u64 {
        match part {
            Part::Row(rule, heads) => brute::coin_grundy(rule.oracle(), heads, &mut self.rows),
            Part::Board(heads) => brute::corners_grundy(heads, &mut self.boards),
            Part::Nim(n) => *n,
        }
    }

    /// Every position one move from `sum`: one component replaced by one of its options.
    fn moves(sum: &[Part]) -> Vec<Vec<Part>> {
        let mut out = Vec::new();
        for (i, p) in sum.iter().enumerate() {
            for o in options(p) {
                let mut next = sum.to_vec();
                next[i] = o;
                out.push(next);
            }
        }
        out
    }

    /// Whether the player to move wins the sum: by its moves alone (normal play: no move
    /// loses; misère play: no move wins).
    fn mover_wins(&mut self, sum: &[Part], misere: bool) -> bool {
        let key = (sum.to_vec(), misere);
        if let Some(&w) = self.wins.get(&key) {
            return w;
        }
        let next = Self::moves(sum);
        let w = if next.is_empty() {
            misere
        } else {
            next.iter().any(|n| !self.mover_wins(n, misere))
        };
        self.wins.insert(key, w);
        w
    }
}

/// The library's outcome, Grundy value (normal play) and winning moves as (component, after).
fn library(sum: &[Part], play: Play) -> (bool, Option<u64>, BTreeSet<(usize, String)>) {
    let written: Vec<String> = sum.iter().map(text).collect();
    let position = parse_sum(&written.join(" + "), &Rules::nim()).expect("position");
    let limits = Limits {
        search: 1 << 36,
        remoteness: 0,
        ..Limits::default()
    };
    let game = Game::new(Rules::nim(), play, limits);
    let a = game.analyze(&position).expect("analysis");
    assert_eq!(a.listing, Listing::Every, "{written:?}");
    let moves = a
        .winning_moves
        .iter()
        .map(|mv| position.component_after(mv).expect("a move that fits"))
        .collect();
    let grundy = a.grundy.map(|g| g.to_u64().expect("small value"));
    (a.outcome == Outcome::N, grundy, moves)
}

/// The oracle's outcome, Grundy value and winning moves as (component, after).
fn oracle(o: &mut Oracle, sum: &[Part], play: Play) -> (bool, u64, BTreeSet<(usize, String)>) {
    let misere = play == Play::Misere;
    let wins = o.mover_wins(sum, misere);
    let grundy = sum.iter().fold(0, |x, p| x ^ o.grundy(p));
    let mut moves = BTreeSet::new();
    for next in Oracle::moves(sum) {
        if !o.mover_wins(&next, misere) {
            let i = (0..sum.len())
                .find(|&i| next[i] != sum[i])
                .expect("a change");
            moves.insert((i, text(&next[i])));
        }
    }
    (wins, grundy, moves)
}

static ORACLE: std::sync::Mutex<Option<Oracle>> = std::sync::Mutex::new(None);

fn check(sum: &[Part], play: Play) -> Result<(), TestCaseError> {
    let (wins, grundy, moves) = library(sum, play);
    let mut guard = ORACLE.lock().unwrap_or_else(|e| e.into_inner());
    let o = guard.get_or_insert_with(Oracle::default);
    let (o_wins, o_grundy, o_moves) = oracle(o, sum, play);
    prop_assert_eq!(wins, o_wins, "outcome of {:?} ({:?})", sum, play);
    if play == Play::Normal {
        prop_assert_eq!(grundy, Some(o_grundy), "Grundy value of {:?}", sum);
    }
    prop_assert_eq!(moves, o_moves, "winning moves of {:?} ({:?})", sum, play);
    Ok(())
}

fn rule() -> impl Strategy<Value = Rule> {
    prop::sample::select(vec![
        Rule::TurningTurtles,
        Rule::Twins,
        Rule::MockTurtles,
        Rule::Ruler,
    ])
}

/// A row of heads on coins 1..=7.
fn row() -> impl Strategy<Value = Part> {
    (rule(), prop::collection::btree_set(1u32..=7, 0..5)).prop_map(|(r, h)| Part::Row(r, h))
}

/// A board of heads on coordinates 0..=2 (normal play searches boards of 0..=3).
fn board(side: u32) -> impl Strategy<Value = Part> {
    prop::collection::btree_set((0..=side, 0..=side), 0..4).prop_map(Part::Board)
}

fn nim_heap() -> impl Strategy<Value = Part> {
    (0u64..4).prop_map(Part::Nim)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn coin_rows_alone_match_the_search(r in row(), play in play()) {
        check(&[r], play)?;
    }

    #[test]
    fn coin_rows_in_sums_match_the_search(
        parts in prop::collection::vec(prop_oneof![row(), nim_heap()], 2..4),
        play in play(),
    ) {
        prop_assume!(parts.iter().any(|p| matches!(p, Part::Row(..))));
        check(&parts, play)?;
    }

    #[test]
    fn turning_corners_alone_matches_the_search(b in board(3)) {
        check(&[b], Play::Normal)?;
    }

    #[test]
    fn turning_corners_misere_and_in_sums_match_the_search(
        b in board(2),
        heaps in prop::collection::vec(nim_heap(), 0..2),
        play in play(),
    ) {
        let mut parts = vec![b];
        parts.extend(heaps);
        check(&parts, play)?;
    }
}

fn analyze(text: &str, play: Play) -> nimsolve::Analysis {
    let position = parse_sum(text, &Rules::nim()).expect("position");
    Game::new(Rules::nim(), play, Limits::default())
        .analyze(&position)
        .expect("analysis")
}

#[test]
fn a_head_listed_twice_is_one_head_in_every_family() {
    for (twice, once) in [
        ("turning-turtles 3 5 3", "turning-turtles 3 5"),
        ("twins 3 5 3", "twins 3 5"),
        ("mock-turtles 3 5 3", "mock-turtles 3 5"),
        ("ruler 3 5 3", "ruler 3 5"),
        ("turning-corners 1:2 3:3 1:2", "turning-corners 1:2 3:3"),
    ] {
        let (a, b) = (analyze(twice, Play::Normal), analyze(once, Play::Normal));
        assert_eq!((a.outcome, &a.grundy), (b.outcome, &b.grundy), "{twice}");
        let after = |t: &str, a: &nimsolve::Analysis| -> BTreeSet<String> {
            let p = parse_sum(t, &Rules::nim()).unwrap();
            a.winning_moves
                .iter()
                .map(|m| p.component_after(m).unwrap().1)
                .collect()
        };
        assert_eq!(after(twice, &a), after(once, &b), "{twice}");
    }
}

/// Heads of thirty digits: the values and a winning move from the theory at once, the listing
/// marked as the first move alone (Mock Turtles would try every coin left of a head).
#[test]
fn coin_rows_with_thirty_digit_heads_list_a_first_winning_move() {
    let k = "123456789012345678901234567890";
    for spec in ["turning-turtles", "twins", "mock-turtles", "ruler"] {
        let text = format!("{spec} 5 {k} + 7");
        let position = parse_sum(&text, &Rules::nim()).unwrap();
        let game = Game::nim(Play::Normal);
        let a = game.analyze(&position).unwrap();
        assert_eq!(a.outcome, Outcome::N, "{text}");
        assert!(!a.winning_moves.is_empty(), "{text}");
        if spec == "mock-turtles" || spec == "ruler" {
            assert_eq!(a.listing, Listing::First, "{text}");
        }
        for mv in &a.winning_moves {
            let after = position.after(mv).unwrap();
            assert_eq!(
                game.analyze(&after).unwrap().outcome,
                Outcome::P,
                "{text}: {mv:?}"
            );
        }
    }
}

/// A ruler's only winning move may turn more coins than a listing may hold: refused with the
/// search limit's error, never a wrong or missing move.
#[test]
fn a_ruler_run_longer_than_the_listing_bound_is_refused() {
    // The row 2^24 (worth 2^24) + the heap 2^24 − 1: the nim-sum 2^25 − 1 is changed only by
    // the ruler's run ending at 2^24 from coin 5592406 on (the heap cannot grow): 11184811
    // coins, more than the listing's 10^6.
    let position = parse_sum("ruler 16777216 + 16777215", &Rules::nim()).unwrap();
    let limits = Limits {
        search: 1000,
        ..Limits::default()
    };
    let game = Game::new(Rules::nim(), Play::Normal, limits);
    match game.analyze(&position) {
        Err(nimsolve::SolveError::SearchLimit { what, needed, .. }) => {
            assert_eq!(what, nimsolve::error::Searched::WinningMoves);
            assert_eq!(needed, "11184811");
        }
        other => panic!("{other:?}"),
    }
    // The value alone is the theory's at once.
    let alone = parse_sum("ruler 16777216", &Rules::nim()).unwrap();
    let a = game.analyze(&alone).unwrap();
    assert_eq!(a.grundy, Some(Nat::from(1u64 << 24)));
}

/// Coin 0 of a row and an unpaired number of a board are no positions.
#[test]
fn coin_zero_and_an_unpaired_corner_are_refused() {
    assert!(parse_sum("mock-turtles 0 3", &Rules::nim()).is_err());
    assert!(parse_sum("turning-corners 1:2 3", &Rules::nim()).is_err());
    assert!(parse_sum("turning-corners 1:x", &Rules::nim()).is_err());
}
