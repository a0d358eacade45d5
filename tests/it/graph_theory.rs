//! The theory of games on graphs against the independent search of
//! `tests/it/common/graph_brute.rs`: Green Hackenbush values and every winning edge on random
//! small multigraphs (loops, repeated edges, cycles, parts off the ground), and the outcome of
//! sums of one to three tokens on random small digraphs with cycles (draws included); and the
//! graph file format's errors, with their line and column.

use std::collections::{BTreeSet, HashMap};

use nimsolve::games::graph::theory::{
    Digraph, Gamma, GraphError, Outcome, ParseWhy, SumRule, analyse, retrograde,
};
use nimsolve::games::hackenbush::theory::{Hackenbush, HackenbushError, HackenbushStep};
use proptest::prelude::*;

use crate::common::graph_brute::{self, grounded, hackenbush_grundy, token_outcomes};

/// The edges whose deletion is a move (the edge is joined to the ground) and leaves a graph
/// of value 0, by search.
fn brute_winning_edges(
    edges: &[(u32, u32)],
    memo: &mut HashMap<Vec<(u32, u32)>, u64>,
) -> Vec<usize> {
    let before = grounded(edges);
    (0..edges.len())
        .filter(|&i| {
            let left: Vec<(u32, u32)> = edges
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &e)| e)
                .collect();
            grounded(&left) != before && hackenbush_grundy(&left, memo) == 0
        })
        .collect()
}

fn ours(o: graph_brute::Outcome) -> Outcome {
    match o {
        graph_brute::Outcome::Win => Outcome::Win,
        graph_brute::Outcome::Loss => Outcome::Loss,
        graph_brute::Outcome::Draw => Outcome::Draw,
    }
}

fn random_digraph(n: usize, seeds: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut succ = vec![Vec::new(); n];
    for &(a, b) in seeds {
        succ[a % n].push(b % n);
    }
    succ
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn hackenbush_values_and_winning_edges_match_the_search(
        edges in prop::collection::vec((0u32..6, 0u32..6), 0..9),
    ) {
        let mut memo = HashMap::new();
        let g = Hackenbush::new(&edges);
        prop_assert_eq!(g.value(), hackenbush_grundy(&edges, &mut memo));
        prop_assert_eq!(g.winning_moves().unwrap(), brute_winning_edges(&edges, &mut memo));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn larger_hackenbush_graphs_match_the_search(
        edges in prop::collection::vec((0u32..8, 0u32..8), 9..13),
    ) {
        let mut memo = HashMap::new();
        let g = Hackenbush::new(&edges);
        prop_assert_eq!(g.value(), hackenbush_grundy(&edges, &mut memo));
        prop_assert_eq!(g.winning_moves().unwrap(), brute_winning_edges(&edges, &mut memo));
    }

    #[test]
    fn sums_on_larger_digraphs_match_the_search(
        n in 6usize..10,
        seeds in prop::collection::vec((0usize..10, 0usize..10), 6..24),
    ) {
        let succ = random_digraph(n, &seeds);
        let x = analyse(&Digraph::from_successors(&succ).unwrap());
        for tokens in 1..=3 {
            for (arrangement, outcome) in token_outcomes(&succ, tokens) {
                prop_assert_eq!(x.sum(&arrangement).unwrap().outcome, ours(outcome), "{:?} on {:?}", arrangement, succ);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn hackenbush_trees_with_loops_match_the_search(
        seeds in prop::collection::vec((any::<u32>(), 0u32..3), 1..11),
        ground_loops in 0usize..2,
    ) {
        // Vertex i + 1 hangs from a vertex before it; some vertices carry a loop.
        let mut edges: Vec<(u32, u32)> = Vec::new();
        for (i, &(s, kind)) in seeds.iter().enumerate() {
            let v = i as u32 + 1;
            edges.push((s % v, v));
            if kind == 0 {
                edges.push((v, v));
            }
        }
        edges.extend(std::iter::repeat_n((0, 0), ground_loops));
        let mut memo = HashMap::new();
        let g = Hackenbush::new(&edges);
        prop_assert_eq!(g.value(), hackenbush_grundy(&edges, &mut memo));
        prop_assert_eq!(g.winning_moves().unwrap(), brute_winning_edges(&edges, &mut memo));
    }

    #[test]
    fn hackenbush_vertex_names_need_not_be_dense(
        edges in prop::collection::vec((0u64..5, 0u64..5), 0..8),
    ) {
        // The same graph with its vertices renamed far apart (the ground stays 0).
        let spread: Vec<(u64, u64)> = edges
            .iter()
            .map(|&(a, b)| (a * 1_000_000_007 * 1_000, b * 1_000_000_007 * 1_000))
            .collect();
        let small: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (a as u32, b as u32)).collect();
        let (x, y) = (Hackenbush::new(&spread), Hackenbush::new(&small));
        prop_assert_eq!(x.value(), y.value());
        prop_assert_eq!(x.winning_moves().unwrap(), y.winning_moves().unwrap());
    }

    #[test]
    fn token_sums_match_the_retrograde_search_of_every_arrangement(
        n in 1usize..7,
        seeds in prop::collection::vec((0usize..7, 0usize..7), 0..13),
    ) {
        let succ = random_digraph(n, &seeds);
        let graph = Digraph::from_successors(&succ).unwrap();
        let x = analyse(&graph);
        for tokens in 1..=3 {
            let truth = token_outcomes(&succ, tokens);
            for (arrangement, outcome) in &truth {
                let verdict = x.sum(arrangement).unwrap();
                prop_assert_eq!(verdict.outcome, ours(*outcome), "{:?} on {:?}", arrangement, succ);
                // The winning moves are exactly the moves to lost arrangements.
                let claimed: BTreeSet<Vec<usize>> = x
                    .winning_moves(&graph, arrangement)
                    .unwrap()
                    .iter()
                    .map(|m| {
                        prop_assert_eq!(arrangement[m.token], m.from);
                        let mut after = arrangement.clone();
                        after[m.token] = m.to;
                        after.sort_unstable();
                        Ok(after)
                    })
                    .collect::<Result<_, TestCaseError>>()?;
                let mut expected = BTreeSet::new();
                for (i, &v) in arrangement.iter().enumerate() {
                    for &w in &succ[v] {
                        let mut after = arrangement.clone();
                        after[i] = w;
                        after.sort_unstable();
                        if truth[&after] == graph_brute::Outcome::Loss {
                            expected.insert(after);
                        }
                    }
                }
                prop_assert_eq!(claimed, expected, "{:?} on {:?}", arrangement, succ);
            }
        }
    }

    #[test]
    fn one_token_outcomes_and_remoteness_follow_their_definitions(
        n in 1usize..8,
        seeds in prop::collection::vec((0usize..8, 0usize..8), 0..16),
    ) {
        let succ = random_digraph(n, &seeds);
        let graph = Digraph::from_successors(&succ).unwrap();
        let (outcome, remoteness) = retrograde(&graph);
        let x = analyse(&graph);
        let truth = token_outcomes(&succ, 1);
        for v in 0..n {
            prop_assert_eq!(outcome[v], ours(truth[&vec![v]]));
            prop_assert_eq!(x.gamma[v].outcome(), outcome[v]);
            // Smith's remoteness: 0 with no move; a win in 1 + the least remoteness of a move
            // to a loss; a loss in 1 + the greatest remoteness of its moves.
            let r = |w: usize| remoteness[w].unwrap();
            let expected = match outcome[v] {
                Outcome::Draw => None,
                Outcome::Loss if succ[v].is_empty() => Some(0),
                Outcome::Loss => succ[v].iter().map(|&w| r(w) + 1).max(),
                Outcome::Win => succ[v]
                    .iter()
                    .filter(|&&w| outcome[w] == Outcome::Loss)
                    .map(|&w| r(w) + 1)
                    .min(),
            };
            prop_assert_eq!(remoteness[v], expected, "vertex {} of {:?}", v, succ);
        }
    }

    #[test]
    fn acyclic_graphs_get_grundy_values(
        seeds in prop::collection::vec((0usize..7, 0usize..7), 0..14),
    ) {
        // Edges only go down: no cycle, every value finite, the mex of the options'.
        let mut succ = vec![Vec::new(); 7];
        for (a, b) in seeds {
            if a > b {
                succ[a].push(b);
            }
        }
        let graph = Digraph::from_successors(&succ).unwrap();
        let x = analyse(&graph);
        prop_assert!(x.acyclic);
        prop_assert!(graph.reverse_topological_order().is_some());
        for (row, gamma) in succ.iter().zip(&x.gamma) {
            let seen: BTreeSet<u64> = row.iter().map(|&w| x.gamma[w].finite().unwrap()).collect();
            let mex = (0..).find(|m| !seen.contains(m)).unwrap();
            prop_assert_eq!(gamma, &Gamma::Finite(mex));
        }
    }

    #[test]
    fn a_written_graph_reads_back_as_the_same_graph(
        n in 1usize..8,
        seeds in prop::collection::vec((0usize..8, 0usize..8), 0..16),
        defined in prop::collection::vec(any::<bool>(), 8),
    ) {
        // Vertices named v0, v1, …; a vertex with no successors is sometimes left undefined.
        let succ = random_digraph(n, &seeds);
        let mut text = String::from("# a random graph\n\n");
        for (v, row) in succ.iter().enumerate() {
            if row.is_empty() && !defined[v] {
                continue;
            }
            let names: Vec<String> = row.iter().map(|w| format!("v{w}")).collect();
            text.push_str(&format!("v{v}: {}  # vertex {v}\r\n", names.join(" ")));
        }
        let graph = Digraph::parse(text.as_bytes()).unwrap();
        for (v, row) in succ.iter().enumerate() {
            let Some(at) = graph.index(&format!("v{v}")) else {
                // Named nowhere: no edge leads to it and it has none.
                prop_assert!(row.is_empty());
                continue;
            };
            let read: Vec<String> = graph.successors(at).iter().map(|&w| graph.name(w as usize).to_owned()).collect();
            let want: Vec<String> = row.iter().map(|w| format!("v{w}")).collect();
            prop_assert_eq!(read, want);
        }
    }
}

#[test]
fn hackenbush_explains_its_fusions_and_branches() {
    // A triangle 0–1–2 on the ground, a stalk 1–3–4 on it, and an edge off the ground.
    let edges = [(0u32, 1), (1, 2), (2, 0), (1, 3), (3, 4), (8, 9)];
    let g = Hackenbush::new(&edges);
    // Three loops after fusion (1) and a branch worth 2.
    assert_eq!(g.value(), 1 ^ 2);
    let steps = g.explain();
    assert_eq!(steps[0], HackenbushStep::Fell { edges: vec![5] });
    assert_eq!(
        steps[1],
        HackenbushStep::Fused {
            piece: 0,
            vertices: vec![0, 1, 2],
            edges: vec![0, 1, 2],
        }
    );
    let HackenbushStep::Branch {
        piece,
        vertex,
        loops,
        branches,
        value,
    } = steps.last().unwrap().clone()
    else {
        panic!("the last step is the ground's branch: {steps:?}");
    };
    assert_eq!((piece, vertex, loops, value), (0, 0, 3, 3));
    // One branch, the stalk of two on vertex 1 by edge 3: worth 2.
    assert_eq!(branches.len(), 1);
    assert_eq!((branches[0].0, branches[0].2), (3, 2));
}

#[test]
fn hackenbush_values_a_long_stalk_and_a_wide_tree_without_recursion() {
    // A stalk of 100 000 edges (recursion would overflow the stack) and a star of as many.
    let stalk: Vec<(u32, u32)> = (0..100_000).map(|i| (i, i + 1)).collect();
    let g = Hackenbush::new(&stalk);
    assert_eq!(g.value(), 100_000);
    // Any edge but the lowest leaves a stalk; cutting edge 0 leaves nothing (value 0).
    assert_eq!(g.winning_moves().unwrap(), vec![0]);
    let star: Vec<(u32, u32)> = (1..=100_001).map(|i| (0, i)).collect();
    let g = Hackenbush::new(&star);
    assert_eq!(g.value(), 1);
    assert_eq!(g.winning_moves().unwrap().len(), 100_001);
}

#[test]
fn hackenbush_refuses_a_cycle_search_beyond_its_bound() {
    let cycle: Vec<(u32, u32)> = (0..5_000).map(|i| (i, (i + 1) % 5_000)).collect();
    let g = Hackenbush::new(&cycle);
    // An even cycle on the ground fuses into an even number of loops: 0.
    assert_eq!(g.value(), 0);
    assert_eq!(g.winning_moves().unwrap(), Vec::<usize>::new());
    let odd: Vec<(u32, u32)> = (0..5_001).map(|i| (i, (i + 1) % 5_001)).collect();
    let g = Hackenbush::new(&odd);
    assert_eq!(g.value(), 1);
    assert!(matches!(
        g.winning_moves(),
        Err(HackenbushError::CycleSearchTooLarge { .. })
    ));
}

#[test]
fn a_two_cycle_with_an_exit_is_decided_for_sums() {
    // a ⇄ b, b → c, c → d. Round 0 labels d 0; a and b have no option labelled 0 and become
    // ∞; round 1 labels c 1. So γ = ∞(∅), ∞({1}), 1, 0: a and b are draws (b's way out gives
    // the opponent c, a win).
    let g = Digraph::parse(b"a: b\nb: a c\nc: d\n").unwrap();
    let x = analyse(&g);
    let (a, b, c, d) = (0, 1, 2, 3);
    assert_eq!(
        x.gamma,
        vec![
            Gamma::Infinite(vec![]),
            Gamma::Infinite(vec![1]),
            Gamma::Finite(1),
            Gamma::Finite(0)
        ]
    );
    assert_eq!(x.outcome[a], Outcome::Draw);
    assert_eq!(x.outcome[b], Outcome::Draw);
    // b + c: ∞({1}) + 1 — 1 ∈ {1}, won by moving b to c (1 ⊕ 1 = 0).
    let v = x.sum(&[b, c]).unwrap();
    assert_eq!(v.outcome, Outcome::Win);
    assert_eq!(
        v.rule,
        SumRule::OneInfinite {
            token: 0,
            others: 1,
            reaches: true
        }
    );
    assert_eq!(v.value, Gamma::Infinite(vec![0]));
    let moves = x.winning_moves(&g, &[b, c]).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!((moves[0].token, moves[0].to), (0, c));
    // a + c: ∞(∅) + 1, a draw; a + b: two infinite tokens, a draw; c + d + c: 0, lost.
    assert_eq!(x.sum(&[a, c]).unwrap().outcome, Outcome::Draw);
    assert_eq!(
        x.sum(&[a, b]).unwrap().rule,
        SumRule::SeveralInfinite { tokens: vec![0, 1] }
    );
    assert_eq!(x.sum(&[c, d, c]).unwrap().outcome, Outcome::Loss);
}

#[test]
fn a_token_on_a_vertex_that_is_not_the_graphs_is_refused() {
    let g = Digraph::parse(b"a: a\n").unwrap();
    let x = analyse(&g);
    assert_eq!(
        x.sum(&[0, 3]),
        Err(GraphError::NoSuchVertex {
            vertex: 3,
            vertices: 1
        })
    );
    assert_eq!(
        Digraph::from_successors(&[vec![1]]),
        Err(GraphError::NoSuchVertex {
            vertex: 1,
            vertices: 1
        })
    );
}

/// The error's line, column, token and reason for `text`.
fn refusal(text: &[u8]) -> (usize, usize, String, ParseWhy) {
    let e = Digraph::parse(text).unwrap_err();
    (e.line, e.column, e.token, e.why)
}

#[test]
fn graph_files_are_refused_with_line_and_column() {
    let s = |t: &str| t.to_owned();
    assert_eq!(refusal(b"a: b\nc d\n"), (2, 3, s("d"), ParseWhy::NoColon));
    assert_eq!(refusal(b"a\n"), (1, 1, s("a"), ParseWhy::NoColon));
    assert_eq!(refusal(b"a: b\n  : b\n"), (2, 3, s(":"), ParseWhy::NoName));
    assert_eq!(refusal(b"a b: c\n"), (1, 3, s("b"), ParseWhy::TwoNames));
    assert_eq!(
        refusal(b"a: b : c\n"),
        (1, 6, s(":"), ParseWhy::SecondColon)
    );
    assert_eq!(
        refusal(b"a: b, c\n"),
        (1, 4, s("b,"), ParseWhy::BadCharacter(','))
    );
    assert_eq!(
        refusal(b"# heading\na: b\n\nb: a\na: c\n"),
        (5, 1, s("a"), ParseWhy::Duplicate { first_line: 2 })
    );
    // Columns count characters: the bad byte is the fourth character of line 1.
    assert_eq!(refusal(b"\xc3\xa9t\xc3: x\n").3, ParseWhy::NotUtf8);
    assert_eq!(refusal(b"\xc3\xa9t\xc3: x\n").1, 3);
    // The message names all of it.
    let e = Digraph::parse(b"a: b, c\n").unwrap_err();
    assert!(e.to_string().starts_with("line 1, column 4: \"b,\""), "{e}");
}

#[test]
fn graph_files_take_comments_blank_lines_crlf_and_a_byte_order_mark() {
    let g =
        Digraph::parse(b"\xEF\xBB\xBF# comment\r\n\r\nstart: 1 2 # two moves\r\n1: 2\r\n").unwrap();
    assert_eq!(g.len(), 3);
    assert_eq!(g.index("start"), Some(0));
    let two = g.index("2").unwrap();
    assert!(g.successors(two).is_empty());
    assert_eq!(g.edge_count(), 3);
    // A vertex defined with no successors is a vertex with no moves.
    let g = Digraph::parse(b"end:\n").unwrap();
    assert_eq!((g.len(), g.edge_count()), (1, 0));
}
