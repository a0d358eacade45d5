//! Self-test of the oracle in `tests/it/common/graph_brute.rs`: its searches, written from the
//! rules alone, agree with the theorems of nimbers, Green Hackenbush, coin-turning games and
//! tokens on graphs — theorems the oracle never uses.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;

use crate::common::graph_brute::{
    CoinRule, Outcome, coin_grundy, corners_grundy, hackenbush_grundy, nim_product, token_outcomes,
};

#[test]
fn nim_products_of_the_examples() {
    let mut memo = HashMap::new();
    assert_eq!(nim_product(2, 3, &mut memo), 1);
    assert_eq!(nim_product(4, 4, &mut memo), 6);
    assert_eq!(nim_product(8, 8, &mut memo), 13);
    // A Fermat 2-power F times itself is 3F/2: 16 ⊗ 16 = 24.
    assert_eq!(nim_product(16, 16, &mut memo), 24);
}

#[test]
fn hackenbush_cycles_fuse_by_their_parity() {
    let mut memo = HashMap::new();
    // A loop at the ground is one edge: 1. A triangle on the ground fuses to a loop: 1; a
    // square to nothing: 0. A loop on top of a stalk is a stalk of two: 2.
    assert_eq!(hackenbush_grundy(&[(0, 0)], &mut memo), 1);
    assert_eq!(hackenbush_grundy(&[(0, 1), (1, 2), (2, 0)], &mut memo), 1);
    assert_eq!(
        hackenbush_grundy(&[(0, 1), (1, 2), (2, 3), (3, 0)], &mut memo),
        0
    );
    assert_eq!(hackenbush_grundy(&[(0, 1), (1, 1)], &mut memo), 2);
}

#[test]
fn tokens_on_a_two_cycle_draw_and_a_way_out_wins() {
    // 0 ⇄ 1 with no way out; 2 → 0 and 2 → 3, where 3 has no move.
    let succ = vec![vec![1], vec![0], vec![0, 3], vec![]];
    let one = token_outcomes(&succ, 1);
    assert_eq!(one[&vec![0]], Outcome::Draw);
    assert_eq!(one[&vec![1]], Outcome::Draw);
    assert_eq!(one[&vec![2]], Outcome::Win);
    assert_eq!(one[&vec![3]], Outcome::Loss);
}

/// The value of the tree under `v` by the colon principle: each child's branch is a stalk of
/// one edge topped by the child's tree, worth 1 + its value; branches add by nim-sum.
fn colon(v: usize, parent: &[usize]) -> u64 {
    (1..parent.len() + 1)
        .filter(|&c| parent[c - 1] == v)
        .map(|c| 1 + colon(c, parent))
        .fold(0, |x, y| x ^ y)
}

fn grundy_on_dag(succ: &[Vec<usize>]) -> Vec<u64> {
    let mut g = vec![0u64; succ.len()];
    for v in 0..succ.len() {
        let seen: BTreeSet<u64> = succ[v].iter().map(|&w| g[w]).collect();
        g[v] = (0..).find(|x| !seen.contains(x)).unwrap_or(0);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn nim_multiplication_distributes_over_the_nim_sum(a in 0u64..16, b in 0u64..16, c in 0u64..16) {
        let mut memo = HashMap::new();
        let left = nim_product(a, b ^ c, &mut memo);
        prop_assert_eq!(left, nim_product(a, b, &mut memo) ^ nim_product(a, c, &mut memo));
    }

    #[test]
    fn hackenbush_trees_follow_the_colon_principle(seeds in prop::collection::vec(any::<u32>(), 1..8)) {
        // Vertex i + 1 hangs from a vertex before it (0 the ground).
        let parent: Vec<usize> = seeds.iter().enumerate().map(|(i, s)| *s as usize % (i + 1)).collect();
        let edges: Vec<(u32, u32)> = parent.iter().enumerate().map(|(i, &p)| (p as u32, i as u32 + 1)).collect();
        prop_assert_eq!(hackenbush_grundy(&edges, &mut HashMap::new()), colon(0, &parent));
    }

    #[test]
    fn coin_rows_are_the_nim_sums_of_their_coins(heads in prop::collection::btree_set(1u32..8, 0..5)) {
        let odious = |n: u32| {
            // The n-th odious number (from n = 1): 1, 2, 4, 7, 8, 11, …
            (1u64..).filter(|x| x.count_ones() % 2 == 1).nth(n as usize - 1).unwrap()
        };
        let rules: [(CoinRule, &dyn Fn(u32) -> u64); 4] = [
            (CoinRule::TurningTurtles, &|n| u64::from(n)),
            (CoinRule::Twins, &|n| u64::from(n - 1)),
            (CoinRule::MockTurtles, &odious),
            (CoinRule::Ruler, &|n| 1u64 << n.trailing_zeros()),
        ];
        let mut memo = HashMap::new();
        for (rule, value) in rules {
            let sum = heads.iter().map(|&n| value(n)).fold(0, |x, y| x ^ y);
            prop_assert_eq!(coin_grundy(rule, &heads, &mut memo), sum, "{:?}", rule);
        }
    }

    #[test]
    fn turning_corners_is_the_nim_sum_of_nim_products(heads in prop::collection::btree_set((0u32..3, 0u32..4), 0..4)) {
        let mut products = HashMap::new();
        let sum = heads
            .iter()
            .map(|&(x, y)| nim_product(u64::from(x), u64::from(y), &mut products))
            .fold(0, |x, y| x ^ y);
        prop_assert_eq!(corners_grundy(&heads, &mut HashMap::new()), sum);
    }

    #[test]
    fn tokens_on_an_acyclic_graph_lose_iff_their_grundy_values_cancel(
        edges in prop::collection::vec((0usize..7, 0usize..7), 0..14),
    ) {
        // Edges only go down, so the graph is acyclic.
        let mut succ = vec![Vec::new(); 7];
        for (a, b) in edges {
            if a > b {
                succ[a].push(b);
            }
        }
        let g = grundy_on_dag(&succ);
        for (tokens, outcome) in token_outcomes(&succ, 2) {
            let x = g[tokens[0]] ^ g[tokens[1]];
            let expected = if x == 0 { Outcome::Loss } else { Outcome::Win };
            prop_assert_eq!(outcome, expected, "{:?}", tokens);
        }
    }
}
