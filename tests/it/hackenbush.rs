//! Green Hackenbush as a family, against the independent search of `common/graph_brute.rs`:
//! for random small multigraphs (loops, repeated edges, cycles, edges off the ground), alone
//! and in sums with Nim heaps, normal and misère play, the library's outcome, Grundy value and
//! exact set of winning moves (each as the component it leaves, the JSON `after`) are the
//! oracle's. A graph of 10^5 edges is answered from the closed form; bad edges are refused with
//! a typed error naming the token.

use std::collections::{BTreeSet, HashMap};

use nimsolve::error::{BadToken, EdgeWhy, NumberError};
use nimsolve::{Game, Limits, MoveWords, Nat, Outcome, Play, PositionError, Rules, parse_sum};
use proptest::prelude::*;

use crate::common::cli::{ok_json, ok_stdin, run};
use crate::common::graph_brute::{HackPart, hack_sum_options, hack_sum_wins, hackenbush_grundy};
use crate::common::library::play;

/// A graph as the position grammar writes it: `hackenbush 0-1,1-2`, or the spec alone.
fn graph_text(edges: &[(u32, u32)]) -> String {
    if edges.is_empty() {
        return "hackenbush".to_string();
    }
    let e: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    format!("hackenbush {}", e.join(","))
}

fn part_text(p: &HackPart) -> String {
    match p {
        HackPart::Graph(e) => graph_text(e),
        HackPart::Heap(n) => n.to_string(),
    }
}

fn limits() -> Limits {
    Limits {
        search: 1 << 36,
        remoteness: 0,
        ..Limits::default()
    }
}

/// The library's outcome, Grundy value (normal play) and winning moves as (component, after).
fn library(parts: &[HackPart], play: Play) -> (bool, Option<u64>, BTreeSet<(usize, String)>) {
    let written: Vec<String> = parts.iter().map(part_text).collect();
    let position = parse_sum(&written.join(" + "), &Rules::nim()).expect("position");
    let game = Game::new(Rules::nim(), play, limits());
    let a = game.analyze(&position).expect("analysis");
    let moves = a
        .winning_moves
        .iter()
        .map(|mv| position.component_after(mv).expect("a move that fits"))
        .collect();
    let grundy = a.grundy.map(|g| g.to_u64().expect("small value"));
    (a.outcome == Outcome::N, grundy, moves)
}

/// The oracle's outcome, Grundy value of the sum and winning moves as (component, after).
fn oracle(parts: &[HackPart], play: Play) -> (bool, u64, BTreeSet<(usize, String)>) {
    let misere = play == Play::Misere;
    let standing: Vec<HackPart> = parts.iter().map(HackPart::standing).collect();
    let mut memo = HashMap::new();
    let wins = hack_sum_wins(&standing, misere, &mut memo);
    let mut gmemo = HashMap::new();
    let grundy = parts.iter().fold(0, |x, p| {
        x ^ match p {
            HackPart::Graph(e) => hackenbush_grundy(e, &mut gmemo),
            HackPart::Heap(n) => *n,
        }
    });
    let moves = hack_sum_options(&standing)
        .into_iter()
        .filter(|after| !hack_sum_wins(after, misere, &mut memo))
        .map(|after| {
            let i = (0..after.len())
                .find(|&i| after[i] != standing[i])
                .expect("a move changes a component");
            (i, part_text(&after[i]))
        })
        .collect();
    (wins, grundy, moves)
}

fn check(parts: &[HackPart], play: Play) -> Result<(), TestCaseError> {
    let (wins, grundy, moves) = library(parts, play);
    let (o_wins, o_grundy, o_moves) = oracle(parts, play);
    prop_assert_eq!(wins, o_wins, "outcome of {:?} ({:?})", parts, play);
    if play == Play::Normal {
        prop_assert_eq!(grundy, Some(o_grundy), "Grundy value of {:?}", parts);
    }
    prop_assert_eq!(moves, o_moves, "winning moves of {:?} ({:?})", parts, play);
    Ok(())
}

/// A small multigraph: loops, repeated edges, cycles, edges off the ground, ends in any order.
fn graph() -> impl Strategy<Value = HackPart> {
    prop::collection::vec((0u32..5, 0u32..5), 0..7).prop_map(HackPart::Graph)
}

fn heap() -> impl Strategy<Value = HackPart> {
    (0u64..5).prop_map(HackPart::Heap)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_graph_alone_matches_the_search(g in graph(), play in play()) {
        check(&[g], play)?;
    }

    #[test]
    fn graphs_in_sums_with_nim_match_the_search(
        parts in prop::collection::vec(prop_oneof![graph(), heap()], 2..4),
        play in play(),
    ) {
        prop_assume!(parts.iter().any(|p| matches!(p, HackPart::Graph(_))));
        check(&parts, play)?;
    }
}

/// The JSON of `analyze` carries each winning move's component and `after`, which reads back
/// as the position after the move; they are the oracle's.
#[test]
fn json_after_is_the_oracles_and_reads_back() {
    for (text, parts) in [
        (
            "hackenbush 0-1,1-2,1-3",
            vec![HackPart::Graph(vec![(0, 1), (1, 2), (1, 3)])],
        ),
        (
            "hackenbush 2-0 1-2 0-1 2-3 3-3 + 2",
            vec![
                HackPart::Graph(vec![(2, 0), (1, 2), (0, 1), (2, 3), (3, 3)]),
                HackPart::Heap(2),
            ],
        ),
    ] {
        let v = ok_json(&["analyze", "--json", text]);
        let got: BTreeSet<(usize, String)> = v["winning_moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| {
                (
                    m["component"].as_u64().expect("component") as usize - 1,
                    m["after"].as_str().expect("after").to_string(),
                )
            })
            .collect();
        let (_, grundy, expected) = oracle(&parts, Play::Normal);
        assert_eq!(got, expected, "{text}");
        assert_eq!(v["grundy"].as_u64(), Some(grundy), "{text}");
        for (_, after) in &got {
            assert!(parse_sum(after, &Rules::nim()).is_ok(), "{after}");
        }
    }
}

/// 446 stalks of lengths 1..=446 from the ground and one of 319: 10^5 edges, worth
/// (1 ⊕ 2 ⊕ … ⊕ 446) ⊕ 319 = 447 ⊕ 319 (the nim-sum of 1..n is n + 1 for n ≡ 2 mod 4), since a
/// stalk of n edges is a Nim heap of n (cutting its k-th edge leaves k − 1).
#[test]
fn a_tree_of_100000_edges_is_answered_from_the_closed_form() {
    let mut edges = Vec::new();
    let mut next = 1u64;
    let mut stalk = |len: u64, edges: &mut Vec<String>| {
        let mut below = 0;
        for _ in 0..len {
            edges.push(format!("{below}-{next}"));
            below = next;
            next += 1;
        }
    };
    for len in 1..=446 {
        stalk(len, &mut edges);
    }
    stalk(319, &mut edges);
    assert_eq!(edges.len(), 100_000);
    let expected = (1..=446u64).fold(319, |x, l| x ^ l);
    assert_eq!(expected, 447 ^ 319);
    let text = format!("hackenbush {}", edges.join(","));
    let position = parse_sum(&text, &Rules::nim()).unwrap();
    let game = Game::nim(Play::Normal);
    let a = game.analyze(&position).unwrap();
    assert_eq!(a.grundy.and_then(|g| g.to_u64()), Some(expected));
    assert_eq!(a.outcome, Outcome::N);
    // Too many to list in full: the first winning move, which leaves a lost graph.
    let first = a.winning_moves.first().expect("a winning move");
    let after = position.after(first).unwrap();
    let b = game.analyze(&after).unwrap();
    assert_eq!(b.outcome, Outcome::P);
    // With a Nim heap of the same value beside it the sum is lost.
    let sum = parse_sum(&format!("{text} + {expected}"), &Rules::nim()).unwrap();
    assert_eq!(game.analyze(&sum).unwrap().outcome, Outcome::P);
}

/// The graph without edges is written as the spec alone (or `-`) and has no move.
#[test]
fn the_empty_graph_reads_back_and_is_lost() {
    for text in ["hackenbush", "hackenbush -", "hackenbush 3-4,4-5"] {
        let position = parse_sum(text, &Rules::nim()).unwrap();
        let a = Game::nim(Play::Normal).analyze(&position).unwrap();
        assert_eq!(a.outcome, Outcome::P, "{text}");
        assert!(a.winning_moves.is_empty());
    }
    let v = ok_json(&["analyze", "--json", "hackenbush 0-1"]);
    assert_eq!(v["winning_moves"][0]["after"], "hackenbush");
}

fn edge_why(text: &str) -> (String, EdgeWhy) {
    match parse_sum(text, &Rules::nim()).unwrap_err() {
        PositionError::BadPile {
            token,
            why: BadToken::Number(NumberError::NotAnEdge { why }),
            ..
        } => (token, why),
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn bad_edges_are_refused_with_the_token_and_why() {
    assert_eq!(
        edge_why("hackenbush 0-"),
        ("0-".to_string(), EdgeWhy::MissingEnd)
    );
    assert_eq!(
        edge_why("hackenbush 0-1,1-2-3"),
        ("1-2-3".to_string(), EdgeWhy::MoreEnds)
    );
    assert_eq!(
        edge_why("hackenbush a-b"),
        ("a-b".to_string(), EdgeWhy::NotADigit { index: 0 })
    );
    assert_eq!(
        edge_why("hackenbush 0-1 1-x"),
        ("1-x".to_string(), EdgeWhy::NotADigit { index: 2 })
    );
    assert_eq!(
        edge_why("hackenbush 0-1 2"),
        ("2".to_string(), EdgeWhy::OneEnd)
    );
    assert_eq!(
        edge_why("hackenbush 0-99999999999999999999"),
        ("0-99999999999999999999".to_string(), EdgeWhy::TooLarge)
    );
    for lang in ["en", "zh"] {
        let r = run(&["--lang", lang, "analyze", "hackenbush", "0-1,1-2-3"], "");
        assert_eq!(r.code, Some(2), "{lang}: {}", r.stderr);
        assert!(r.stderr.contains("\"1-2-3\""), "{lang}: {}", r.stderr);
    }
}

/// Misère play beyond the search limit is refused, naming the limit.
#[test]
fn misere_beyond_the_search_limit_is_refused() {
    let edges: Vec<String> = (0..40).map(|i| format!("0-{}", i + 1)).collect();
    let text = format!("hackenbush {}", edges.join(","));
    let r = run(
        &["analyze", "--misere", "--search-limit", "1000", &text],
        "",
    );
    assert_ne!(r.code, Some(0), "{}", r.stdout);
    assert!(r.stderr.contains("1000"), "{}", r.stderr);
}

/// At the trainer a cut is typed as the position after it (`to …`) or as `cut A-B`, in either
/// order of its ends; both play the same move.
#[test]
fn the_trainer_reads_a_cut_as_the_position_after_or_as_cut() {
    for typed in ["to 0-1,1-3", "cut 1-2", "cut 2-1"] {
        let r = run(
            &["play", "--first", "human", "hackenbush 0-1,1-2,1-3"],
            format!("{typed}\n"),
        );
        assert!(r.stdout.contains("→ 0-1,1-3"), "{typed}: {}", r.stdout);
    }
    let r = run(
        &["play", "--first", "human", "hackenbush 0-1,1-2,1-3"],
        "cut 0-1\n",
    );
    assert!(r.stdout.contains("1  you"), "{}", r.stdout);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

/// Two stalks of 50 000 edges are lost (equal stalks cancel): the move advised is found
/// without listing every cut, and it drops one edge alone.
#[test]
fn a_lost_graph_of_100000_edges_is_advised_at_once() {
    let mut edges = Vec::new();
    let mut next = 1u64;
    for _ in 0..2 {
        let mut below = 0;
        for _ in 0..50_000 {
            edges.push(format!("{below}-{next}"));
            below = next;
            next += 1;
        }
    }
    let position = parse_sum(&format!("hackenbush {}", edges.join(",")), &Rules::nim()).unwrap();
    let game = Game::nim(Play::Normal);
    let advice = game.advise(&position).unwrap();
    assert_eq!(advice.analysis.outcome, Outcome::P);
    let mv = advice.suggestion.expect("a move is left");
    let after = position.after(&mv).unwrap();
    assert_eq!(after.piles().len(), position.piles().len() - 2);
}

/// A cycle of 5001 edges through the ground: cutting its edge i leaves stalks of i and
/// 5000 − i edges, worth i ⊕ (5000 − i), 0 only for the middle edge 2500-2501. Finding it
/// searches every edge of the cycle: refused within the default --search-limit, naming it,
/// and answered with a higher one.
#[test]
fn a_long_cycle_is_searched_within_the_limit_only() {
    let n = 5001u64;
    let edges: Vec<String> = (0..n).map(|i| format!("{i}-{}", (i + 1) % n)).collect();
    let text = format!("hackenbush {}", edges.join(","));
    let r = run(&["analyze", &text], "");
    assert_eq!(r.code, Some(2), "{}", r.stdout);
    assert!(r.stderr.contains("10000000"), "{}", r.stderr);
    let position = parse_sum(&text, &Rules::nim()).unwrap();
    let limits = Limits {
        search: 100_000_000,
        ..Limits::default()
    };
    let a = Game::new(Rules::nim(), Play::Normal, limits)
        .analyze(&position)
        .unwrap();
    assert_eq!(a.grundy.and_then(|g| g.to_u64()), Some(1));
    assert_eq!(a.winning_moves.len(), 1);
    match position.move_words(&a.winning_moves[0]) {
        MoveWords::Hackenbush(m) => {
            assert_eq!(m.cut, (Nat::from(2500u64), Nat::from(2501u64)));
            assert_eq!(m.fell_count, 0);
        }
        other => panic!("{other:?}"),
    }
}

/// `random --game hackenbush` draws small graphs that read back, lost ones when asked.
#[test]
fn random_graphs_read_back_with_the_outcome_asked() {
    let out = crate::common::cli::ok(&[
        "random",
        "--game",
        "hackenbush",
        "--count",
        "20",
        "--seed",
        "5",
        "--losing",
    ]);
    assert_eq!(out.lines().count(), 20);
    for line in out.lines() {
        assert!(line.starts_with("hackenbush"), "{line}");
        let position = parse_sum(line, &Rules::nim()).expect(line);
        let a = Game::nim(Play::Normal).analyze(&position).unwrap();
        assert_eq!(a.outcome, Outcome::P, "{line}");
    }
}

/// The trainer says to type a cut as `cut A-B`, and reads it in the component where it is a
/// move (in a sum of two graphs, not only the first).
#[test]
fn the_trainer_says_to_type_a_cut_and_finds_its_component() {
    let out = ok_stdin(
        &[
            "play",
            "--first",
            "human",
            "hackenbush 0-1,1-2,2-3,3-4,4-5,0-6",
        ],
        "hint\nhint\nhint\nquit\n",
    );
    let last_hint = out
        .lines()
        .rfind(|l| l.starts_with("hint "))
        .unwrap_or_default();
    assert!(last_hint.ends_with(": type cut 1-2"), "{out}");
    let out = ok_stdin(
        &[
            "play",
            "--no-coach",
            "--first",
            "human",
            "hackenbush 0-1 + hackenbush 0-1,1-2",
        ],
        "cut 1-2\nquit\n",
    );
    assert!(out.contains("→ hackenbush 0-1 + hackenbush 0-1"), "{out}");
}
