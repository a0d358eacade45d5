//! An independent exhaustive search for games on graphs and coins: Green Hackenbush,
//! coin-turning games on a row and Turning Corners on a board, tokens on a directed graph
//! (cycles and draws included), and the nim product by its definition.
//!
//! Written from the rules alone: nothing of the library is used, and neither the colon and
//! fusion principles, nor the coin-turning theorem, nor the Tartan theorem is assumed. The
//! self-test (`graph_selftest`) checks those theorems against this search.

use std::collections::{BTreeSet, HashMap, VecDeque};

/// The mex of a set of values: the least natural number not in it.
fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: BTreeSet<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap_or(0)
}

/// The nim product of `a` and `b` by its definition (Conway, On Numbers and Games ch. 6):
/// a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }, memoised in `memo`.
pub fn nim_product(a: u64, b: u64, memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    if a == 0 || b == 0 {
        return 0;
    }
    let key = (a.min(b), a.max(b));
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut values = Vec::new();
    for x in 0..a {
        for y in 0..b {
            values
                .push(nim_product(x, b, memo) ^ nim_product(a, y, memo) ^ nim_product(x, y, memo));
        }
    }
    let v = mex(values);
    memo.insert(key, v);
    v
}

/// A Green Hackenbush graph: edges between vertices, vertex 0 the ground (loops and multiple
/// edges allowed). A move deletes one edge; every edge no longer joined to the ground falls.
pub fn hackenbush_options(edges: &[(u32, u32)]) -> Vec<Vec<(u32, u32)>> {
    (0..edges.len())
        .map(|cut| {
            let left: Vec<(u32, u32)> = edges
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != cut)
                .map(|(_, &e)| e)
                .collect();
            grounded(&left)
        })
        .collect()
}

/// The edges joined to the ground, in a canonical order (each edge written low–high, sorted).
pub fn grounded(edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut reached: BTreeSet<u32> = [0].into();
    let mut queue: VecDeque<u32> = [0].into();
    while let Some(v) = queue.pop_front() {
        for &(a, b) in edges {
            for (x, y) in [(a, b), (b, a)] {
                if x == v && reached.insert(y) {
                    queue.push_back(y);
                }
            }
        }
    }
    let mut kept: Vec<(u32, u32)> = edges
        .iter()
        .filter(|(a, _)| reached.contains(a))
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    kept.sort_unstable();
    kept
}

/// The Grundy value of a Green Hackenbush graph, by search.
pub fn hackenbush_grundy(edges: &[(u32, u32)], memo: &mut HashMap<Vec<(u32, u32)>, u64>) -> u64 {
    let edges = grounded(edges);
    if let Some(&g) = memo.get(&edges) {
        return g;
    }
    let values: Vec<u64> = hackenbush_options(&edges)
        .iter()
        .map(|o| hackenbush_grundy(o, memo))
        .collect();
    let g = mex(values);
    memo.insert(edges, g);
    g
}

/// A coin-turning game on a row of coins numbered from 1; a position is its set of heads.
/// In every rule the rightmost coin turned goes from heads to tails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoinRule {
    /// Turn one or two coins.
    TurningTurtles,
    /// Turn exactly two coins.
    Twins,
    /// Turn one, two or three coins.
    MockTurtles,
    /// Turn any run of consecutive coins.
    Ruler,
}

/// The sets of heads one move from `heads` under `rule` (coins 1..=`width`).
pub fn coin_options(rule: CoinRule, heads: &BTreeSet<u32>) -> Vec<BTreeSet<u32>> {
    let mut out = Vec::new();
    let turn = |set: &[u32]| {
        let mut after = heads.clone();
        for c in set {
            if !after.remove(c) {
                after.insert(*c);
            }
        }
        after
    };
    for &r in heads {
        match rule {
            CoinRule::TurningTurtles | CoinRule::Twins | CoinRule::MockTurtles => {
                let most = if rule == CoinRule::MockTurtles { 2 } else { 1 };
                let least = if rule == CoinRule::Twins { 1 } else { 0 };
                // The others turned: `least..=most` distinct coins left of r.
                let left: Vec<u32> = (1..r).collect();
                for others in subsets(&left, least, most) {
                    let mut set = others;
                    set.push(r);
                    out.push(turn(&set));
                }
            }
            CoinRule::Ruler => {
                for start in 1..=r {
                    let set: Vec<u32> = (start..=r).collect();
                    out.push(turn(&set));
                }
            }
        }
    }
    out
}

/// The subsets of `items` with `least..=most` elements.
fn subsets(items: &[u32], least: usize, most: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    fn go(
        items: &[u32],
        at: usize,
        cur: &mut Vec<u32>,
        least: usize,
        most: usize,
        out: &mut Vec<Vec<u32>>,
    ) {
        if cur.len() >= least {
            out.push(cur.clone());
        }
        if cur.len() == most {
            return;
        }
        for i in at..items.len() {
            cur.push(items[i]);
            go(items, i + 1, cur, least, most, out);
            cur.pop();
        }
    }
    go(items, 0, &mut Vec::new(), least, most, &mut out);
    out
}

/// The Grundy value of a row of coins with these heads, by search.
pub fn coin_grundy(
    rule: CoinRule,
    heads: &BTreeSet<u32>,
    memo: &mut HashMap<(CoinRule, BTreeSet<u32>), u64>,
) -> u64 {
    let key = (rule, heads.clone());
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let values: Vec<u64> = coin_options(rule, heads)
        .iter()
        .map(|o| coin_grundy(rule, o, memo))
        .collect();
    let g = mex(values);
    memo.insert(key, g);
    g
}

/// Turning Corners on a board with coordinates from 0: a move turns the four corners
/// (a, b), (a, y), (x, b), (x, y) of a rectangle with a < x and b < y, the corner (x, y) from
/// heads to tails.
pub fn corners_options(heads: &BTreeSet<(u32, u32)>) -> Vec<BTreeSet<(u32, u32)>> {
    let mut out = Vec::new();
    for &(x, y) in heads {
        for a in 0..x {
            for b in 0..y {
                let mut after = heads.clone();
                for c in [(a, b), (a, y), (x, b), (x, y)] {
                    if !after.remove(&c) {
                        after.insert(c);
                    }
                }
                out.push(after);
            }
        }
    }
    out
}

/// The Grundy value of a Turning Corners board, by search.
pub fn corners_grundy(
    heads: &BTreeSet<(u32, u32)>,
    memo: &mut HashMap<BTreeSet<(u32, u32)>, u64>,
) -> u64 {
    if let Some(&g) = memo.get(heads) {
        return g;
    }
    let values: Vec<u64> = corners_options(heads)
        .iter()
        .map(|o| corners_grundy(o, memo))
        .collect();
    let g = mex(values);
    memo.insert(heads.clone(), g);
    g
}

/// The outcome of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses (whatever they do, or they cannot move).
    Loss,
    /// Neither player can force a win: the game goes on for ever.
    Draw,
}

/// Tokens on a directed graph (`succ[v]`: the successors of vertex v): a move moves one token
/// along one edge; a player who cannot move loses. The outcome of every arrangement of
/// `tokens` tokens, by retrograde analysis of the whole arrangement graph: an arrangement with
/// no move is lost; one with a move to a lost one is won; one whose every move leads to a won
/// one is lost; what is never labelled is drawn. Arrangements are sorted vertex lists.
pub fn token_outcomes(succ: &[Vec<usize>], tokens: usize) -> HashMap<Vec<usize>, Outcome> {
    // Every arrangement: multisets of `tokens` vertices.
    let n = succ.len();
    let mut states: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..tokens {
        let mut next = Vec::new();
        for s in &states {
            let from = s.last().copied().unwrap_or(0);
            for v in from..n {
                let mut t = s.clone();
                t.push(v);
                next.push(t);
            }
        }
        states = next;
    }
    let index: HashMap<Vec<usize>, usize> = states
        .iter()
        .enumerate()
        .map(|(i, s)| (s.clone(), i))
        .collect();
    let children: Vec<Vec<usize>> = states
        .iter()
        .map(|s| {
            let mut out = Vec::new();
            for (i, &v) in s.iter().enumerate() {
                for &w in &succ[v] {
                    let mut t = s.clone();
                    t[i] = w;
                    t.sort_unstable();
                    out.push(index[&t]);
                }
            }
            out
        })
        .collect();
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); states.len()];
    for (p, cs) in children.iter().enumerate() {
        for &c in cs {
            parents[c].push(p);
        }
    }
    let mut label: Vec<Option<Outcome>> = vec![None; states.len()];
    let mut left: Vec<usize> = children.iter().map(Vec::len).collect();
    let mut queue: VecDeque<usize> = VecDeque::new();
    for (i, cs) in children.iter().enumerate() {
        if cs.is_empty() {
            label[i] = Some(Outcome::Loss);
            queue.push_back(i);
        }
    }
    while let Some(c) = queue.pop_front() {
        for &p in &parents[c] {
            if label[p].is_some() {
                continue;
            }
            if label[c] == Some(Outcome::Loss) {
                label[p] = Some(Outcome::Win);
                queue.push_back(p);
            } else {
                left[p] -= 1;
                if left[p] == 0 {
                    label[p] = Some(Outcome::Loss);
                    queue.push_back(p);
                }
            }
        }
    }
    states
        .into_iter()
        .zip(label)
        .map(|(s, l)| (s, l.unwrap_or(Outcome::Draw)))
        .collect()
}

/// A component of a sum for the Green Hackenbush family's tests: a graph (its edges, vertex 0
/// the ground) or a Nim heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HackPart {
    /// A Green Hackenbush graph.
    Graph(Vec<(u32, u32)>),
    /// A Nim heap.
    Heap(u64),
}

impl HackPart {
    /// The same component with a graph's edges that fell removed (each edge low–high, sorted).
    pub fn standing(&self) -> HackPart {
        match self {
            HackPart::Graph(e) => HackPart::Graph(grounded(e)),
            HackPart::Heap(n) => HackPart::Heap(*n),
        }
    }

    /// The components one move from this one: a cut edge (and what falls), a take.
    pub fn options(&self) -> Vec<HackPart> {
        match self {
            HackPart::Graph(e) => hackenbush_options(&grounded(e))
                .into_iter()
                .map(HackPart::Graph)
                .collect(),
            HackPart::Heap(n) => (0..*n).map(HackPart::Heap).collect(),
        }
    }
}

/// The sums one move from `sum` (a move in one component), in the order of the components.
pub fn hack_sum_options(sum: &[HackPart]) -> Vec<Vec<HackPart>> {
    let mut out = Vec::new();
    for i in 0..sum.len() {
        for o in sum[i].options() {
            let mut next = sum.to_vec();
            next[i] = o;
            out.push(next);
        }
    }
    out
}

/// Whether the player to move wins the sum, by exhaustive search: under misère play the
/// player who cannot move wins.
pub fn hack_sum_wins(
    sum: &[HackPart],
    misere: bool,
    memo: &mut HashMap<Vec<HackPart>, bool>,
) -> bool {
    let mut key: Vec<HackPart> = sum.iter().map(HackPart::standing).collect();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let options = hack_sum_options(&key);
    let wins = if options.is_empty() {
        misere
    } else {
        options.iter().any(|o| !hack_sum_wins(o, misere, memo))
    };
    memo.insert(key, wins);
    wins
}

/// Tokens on a graph with no cycle under misère play (the player who cannot move wins):
/// whether the player to move wins the arrangement `tokens` (sorted vertices), by the rule
/// itself, memoised in `memo`.
pub fn misere_tokens_win(
    succ: &[Vec<usize>],
    tokens: &[usize],
    memo: &mut HashMap<Vec<usize>, bool>,
) -> bool {
    if let Some(&w) = memo.get(tokens) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    for (i, &v) in tokens.iter().enumerate() {
        for &w in &succ[v] {
            any_move = true;
            let mut t = tokens.to_vec();
            t[i] = w;
            t.sort_unstable();
            if !misere_tokens_win(succ, &t, memo) {
                wins = true;
            }
        }
    }
    let result = !any_move || wins;
    memo.insert(tokens.to_vec(), result);
    result
}
