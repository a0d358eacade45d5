//! `analyze --explain`, family by family: every sentence with its numbers is rebuilt here from
//! an independent computation of the theory (nim-sums, n = (K+1)·r + s, mex of the options'
//! values from the move rules, Wythoff's P-positions by search of the grid) and looked for in
//! the output. Also the Chinese words, and the sentence that says why the remoteness is missing.

use std::collections::BTreeSet;

use crate::common::break_brute::{Oracle, Rule};
use crate::common::cli::ok;
use proptest::prelude::*;

fn explain(args: &[&str]) -> String {
    let mut all = vec!["analyze", "--explain", "--color", "never"];
    all.extend_from_slice(args);
    ok(&all)
}

fn strings(piles: &[u64]) -> Vec<String> {
    piles.iter().map(u64::to_string).collect()
}

fn has(out: &str, line: &str) {
    assert!(out.lines().any(|l| l == line), "no line\n{line}\nin\n{out}");
}

// ------------------------------------------------------------------ Nim: the largest pile

/// The sentence of the largest-pile method, built from the piles alone.
fn largest_pile_line(piles: &[u64]) -> Option<String> {
    let c = *piles.iter().max()?;
    if c == 0 {
        return None;
    }
    let i = piles.iter().position(|&p| p == c)?;
    let others: Vec<u64> = piles
        .iter()
        .enumerate()
        .filter(|(j, _)| *j != i)
        .map(|(_, &p)| p)
        .collect();
    let x = others.iter().fold(0, |a, b| a ^ b);
    let xor = match others.len() {
        0 => format!("with no other pile, their nim-sum is {x}"),
        1 => format!("the other pile holds {x}"),
        2..=6 => format!("{} = {x}", strings(&others).join(" ⊕ ")),
        n => format!("the other {n} piles have nim-sum {x}"),
    };
    let head = format!(
        "The other method (make the largest pile c into the nim-sum of the others): the largest pile is pile {}, c = {c};",
        i + 1
    );
    Some(if x < c {
        format!(
            "{head} {xor} < {c}, so make it {x}: take {} from pile {} ({c} → {x}).",
            c - x,
            i + 1
        )
    } else if x == c {
        format!("{head} {xor} = c already, so the nim-sum is 0 and no move keeps it so.")
    } else {
        format!(
            "{head} but {xor} > {c}, and a pile cannot grow, so another pile must move (the binary method finds which)."
        )
    })
}

#[test]
fn nim_largest_pile_of_the_worked_examples() {
    // 14 ⊕ 21 = 27 < 39: take 12 (the worked example); 2 ⊕ 5 = 7 > 6: another pile moves.
    let out = explain(&["14", "21", "39"]);
    has(
        &out,
        "The other method (make the largest pile c into the nim-sum of the others): the largest pile is pile 3, c = 39; 14 ⊕ 21 = 27 < 39, so make it 27: take 12 from pile 3 (39 → 27).",
    );
    let out = explain(&["2", "5", "6"]);
    has(
        &out,
        "The other method (make the largest pile c into the nim-sum of the others): the largest pile is pile 3, c = 6; but 2 ⊕ 5 = 7 > 6, and a pile cannot grow, so another pile must move (the binary method finds which).",
    );
    // The binary method still finds the move.
    has(&out, "  take 1 from pile 2 (5 → 4)");
    for (piles, x, take) in [([55u64, 81, 121], 102, 19), ([29, 45, 58], 48, 10)] {
        let args = strings(&piles);
        let out = explain(&args.iter().map(String::as_str).collect::<Vec<_>>());
        let line = largest_pile_line(&piles).unwrap();
        assert!(line.contains(&format!("make it {x}: take {take} from pile 3")));
        has(&out, &line);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn nim_largest_pile_matches_the_nim_sums(piles in prop::collection::vec(0u64..40, 1..9)) {
        // No remoteness search: this property reads only the largest-pile method's line.
        let mut args = vec!["--search-limit".to_string(), "0".into()];
        args.extend(strings(&piles));
        let out = explain(&args.iter().map(String::as_str).collect::<Vec<_>>());
        match largest_pile_line(&piles) {
            Some(line) => has(&out, &line),
            None => prop_assert!(!out.contains("The other method")),
        }
    }
}

// ------------------------------------------------------------------ the Bash game

#[test]
fn bash_game_division() {
    let out = explain(&["--max-take", "3", "10"]);
    has(
        &out,
        "The Bash game's rule: with 1 to K = 3 a take, write n = (K + 1)·r + s: 10 = 4·2 + 2. Take s = 2, leaving a multiple of 4; after each take t of the other player, take 4 − t, and the last object is yours: take 2 from pile 1 (10 → 8).",
    );
    let out = explain(&["--max-take", "3", "12"]);
    has(
        &out,
        "The Bash game's rule: with 1 to K = 3 a take, write n = (K + 1)·r + s: 12 = 4·3 + 0. s = 0: the pile is a multiple of 4, so whatever the player to move takes, t, the other takes 4 − t and keeps it so, and takes the last object.",
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn bash_division_of_any_pile(n in 0u64..1_000_000_000_000, k in 1u64..50) {
        let (m, r, s) = (k + 1, n / (k + 1), n % (k + 1));
        let out = explain(&["--max-take", &k.to_string(), &n.to_string()]);
        let rule = format!("The Bash game's rule: with 1 to K = {k} a take, write n = (K + 1)·r + s: {n} = {m}·{r} + {s}.");
        prop_assert!(out.contains(&rule), "{}", out);
        if s > 0 {
            let tail = format!("take {s} from pile 1 ({n} → {}).", n - s);
            let take = format!("Take s = {s}, leaving a multiple of {m}");
            prop_assert!(out.contains(&take));
            prop_assert!(out.contains(&tail));
        } else {
            let lost = format!("s = 0: the pile is a multiple of {m}");
            prop_assert!(out.contains(&lost));
        }
    }

    #[test]
    fn residues_of_several_piles(piles in prop::collection::vec(0u64..100, 2..5), k in 1u64..9) {
        let args = strings(&piles);
        let mut all = vec!["--max-take".to_string(), k.to_string()];
        all.extend(args);
        let out = explain(&all.iter().map(String::as_str).collect::<Vec<_>>());
        let m = k + 1;
        for (i, n) in piles.iter().enumerate() {
            let line = format!("Pile {} holds {n} = {m}·{} + {}, so g({n}) = {n} mod {m} = {}.", i + 1, n / m, n % m, n % m);
            has(&out, &line);
        }
    }
}

// ------------------------------------------------------------------ subtraction games: mex

/// g(0..=n) of a subtraction game, from the definition.
fn subtraction_values(set: &[u64], n: u64) -> Vec<u64> {
    let mut g = Vec::new();
    for h in 0..=n {
        let seen: BTreeSet<u64> = set
            .iter()
            .filter(|&&s| s <= h)
            .map(|&s| g[(h - s) as usize])
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

#[test]
fn subtraction_heaps_by_mex() {
    let out = explain(&["--subtract", "2,5", "2", "4", "7"]);
    has(&out, "Pile 1: g(2) = mex{g(0)} = mex{0} = 1.");
    has(&out, "Pile 2: g(4) = mex{g(2)} = mex{1} = 0.");
    has(&out, "Pile 3: g(7) = mex{g(5), g(2)} = mex{2, 1} = 0.");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn subtraction_mex_lines(
        set in prop::collection::btree_set(1u64..9, 1..4),
        piles in prop::collection::vec(0u64..40, 1..4),
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let g = subtraction_values(&set, 40);
        let spec = set.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let mut args = vec![format!("--game=subtract:{spec}")];
        args.extend(strings(&piles));
        let out = explain(&args.iter().map(String::as_str).collect::<Vec<_>>());
        // A set {1, …, K} is the game take 1 to K, explained by its residues.
        let is_range = set.iter().enumerate().all(|(i, &s)| s == i as u64 + 1);
        for (i, &n) in piles.iter().enumerate() {
            let line = if is_range {
                let m = set.len() as u64 + 1;
                if piles.len() == 1 {
                    continue;
                }
                format!("Pile {} holds {n} = {m}·{} + {}, so g({n}) = {n} mod {m} = {}.", i + 1, n / m, n % m, n % m)
            } else {
                let takes: Vec<u64> = set.iter().copied().filter(|&s| s <= n).collect();
                let terms: Vec<String> = takes.iter().map(|s| format!("g({})", n - s)).collect();
                let values: Vec<String> = takes.iter().map(|s| g[(n - s) as usize].to_string()).collect();
                format!("Pile {}: g({n}) = mex{{{}}} = mex{{{}}} = {}.", i + 1, terms.join(", "), values.join(", "), g[n as usize])
            };
            has(&out, &line);
        }
    }
}

// ------------------------------------------------------------------ take-and-break: mex, period

#[test]
fn kayles_heaps_by_mex_and_by_the_period() {
    let kayles = Rule::named("kayles");
    let mut oracle = Oracle::new();
    let out = explain(&["kayles", "10", "40", "100"]);
    // Heap 10: its ten options listed; their values are the multiset from the rules.
    let line = out
        .lines()
        .find(|l| l.starts_with("Pile 1: g(10) = mex{"))
        .expect("the mex of heap 10");
    let listed: Vec<u64> = line
        .rsplit_once("= mex{")
        .and_then(|(_, rest)| rest.split_once('}'))
        .map(|(values, _)| values.split(", ").map(|v| v.parse().unwrap()).collect())
        .unwrap();
    let mut want: Vec<u64> = kayles
        .options(10)
        .iter()
        .map(|leaves| {
            leaves
                .iter()
                .fold(0, |x, &h| x ^ oracle.heap_grundy(&kayles, h))
        })
        .collect();
    want.sort_unstable();
    let mut got = listed.clone();
    got.sort_unstable();
    assert_eq!(got, want);
    assert!(line.ends_with(&format!("= {}.", oracle.heap_grundy(&kayles, 10))));
    // Heap 40: too many options to list; their distinct values and the mex.
    let values: BTreeSet<u64> = kayles
        .options(40)
        .iter()
        .map(|leaves| {
            leaves
                .iter()
                .fold(0, |x, &h| x ^ oracle.heap_grundy(&kayles, h))
        })
        .collect();
    let set = format!(
        "{{{}}}",
        values
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let g40 = oracle.heap_grundy(&kayles, 40);
    has(
        &out,
        &format!(
            "Pile 2 holds 40: its {} options have the Grundy values {set}, so g(40) = mex {set} = {g40}.",
            kayles.options(40).len()
        ),
    );
    // Heap 100 is past the preperiod 71: reduced by the period 12 to 76, of the same value.
    let (g100, g76) = (
        oracle.heap_grundy(&kayles, 100),
        oracle.heap_grundy(&kayles, 76),
    );
    assert_eq!(g100, g76);
    has(
        &out,
        &format!(
            "Pile 3 holds 100, past the preperiod: g(100) = g(71 + (100 − 71) mod 12) = g(76) = {g100}, by the period."
        ),
    );
    assert!(out.contains(&format!(
        "  and the heap 76: its {} options",
        kayles.options(76).len()
    )));
}

#[test]
fn huge_heap_by_the_period() {
    // Dawson's Kayles: preperiod 53, period 34.
    let n: u128 = 10u128.pow(30);
    let m = 53 + (n - 53) % 34;
    let rule = Rule::named("dawsons-kayles");
    let g = Oracle::new().heap_grundy(&rule, m as u64);
    let out = explain(&["dawsons-kayles", &n.to_string()]);
    has(
        &out,
        &format!(
            "Pile 1 holds {n}, past the preperiod: g({n}) = g(53 + ({n} − 53) mod 34) = g({m}) = {g}, by the period."
        ),
    );
}

// ------------------------------------------------------------------ Wythoff's game

/// The P-positions of Wythoff's game on the grid 0..n × 0..n, by search from the move rule.
fn wythoff_p(n: usize) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; n]; n];
    for a in 0..n {
        for b in 0..n {
            let reaches_p = (0..a).any(|x| p[x][b])
                || (0..b).any(|y| p[a][y])
                || (1..=a.min(b)).any(|t| p[a - t][b - t]);
            p[a][b] = !reaches_p;
        }
    }
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn wythoff_moves_reach_the_pairs(a in 0usize..30, b in 0usize..30) {
        let p = wythoff_p(31);
        let out = explain(&["--wythoff", &a.to_string(), &b.to_string()]);
        let reach: Vec<&str> = out.lines().filter(|l| l.starts_with("Playing ")).collect();
        let mut want = BTreeSet::new();
        want.extend((0..a).filter(|&x| p[x][b]).map(|x| (x, b)));
        want.extend((0..b).filter(|&y| p[a][y]).map(|y| (a, y)));
        for t in 1..=a.min(b) { if p[a - t][b - t] { want.insert((a - t, b - t)); } }
        prop_assert_eq!(reach.len(), want.len(), "{}", out);
        for (x, y) in want {
            let (lo, hi) = (x.min(y), x.max(y));
            let k = hi - lo;
            let tail = format!("leaves ({lo}, {hi}) = (a_{k}, b_{k}), the Wythoff pair k = {k}: a P-position.");
            prop_assert!(reach.iter().any(|l| l.ends_with(&tail)), "{} in {}", tail, out);
        }
    }
}

/// The Grundy values of Wythoff's game on 0..n × 0..n, by mex from the move rule.
fn wythoff_g(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let reached: BTreeSet<u64> = (0..a)
                .map(|x| g[x][b])
                .chain((0..b).map(|y| g[a][y]))
                .chain((1..=a.min(b)).map(|t| g[a - t][b - t]))
                .collect();
            g[a][b] = (0..).find(|v| !reached.contains(v)).unwrap();
        }
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// In a sum, a Wythoff component's value is explained: 0 for a Wythoff pair, otherwise the
    /// mex of the values its moves reach, each checked against a mex from the move rule.
    #[test]
    fn a_wythoff_component_of_a_sum_by_mex(a in 0usize..16, b in 0usize..16) {
        let g = wythoff_g(17);
        let out = explain(&["3", "+", "wythoff", &a.to_string(), &b.to_string()]);
        let line = if g[a][b] == 0 {
            let (lo, hi) = (a.min(b), a.max(b));
            format!("Piles 2 and 3: ({a}, {b}) is the Wythoff pair k = {}, a P-position, so g({a}, {b}) = 0 (Wythoff 1907).", hi - lo)
        } else {
            let reached: BTreeSet<u64> = (0..a).map(|x| g[x][b])
                .chain((0..b).map(|y| g[a][y]))
                .chain((1..=a.min(b)).map(|t| g[a - t][b - t]))
                .collect();
            let set: Vec<String> = reached.iter().map(u64::to_string).collect();
            format!(
                "Piles 2 and 3: g({a}, {b}) = mex{{{}}} = {}, over its {} moves (from one pile, or the same amount from both).",
                set.join(", "), g[a][b], a + b + a.min(b)
            )
        };
        prop_assert!(out.lines().any(|l| l == line), "no line\n{}\nin\n{}", line, out);
    }
}

/// kiki's game: the value by the parities, checked against a mex from the move rule (take 1
/// from one pile, or 1 from both).
#[test]
fn kiki_values_by_the_parities() {
    let n = 8;
    let mut g = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut reached = BTreeSet::new();
            if a > 0 {
                reached.insert(g[a - 1][b]);
            }
            if b > 0 {
                reached.insert(g[a][b - 1]);
            }
            if a > 0 && b > 0 {
                reached.insert(g[a - 1][b - 1]);
            }
            g[a][b] = (0..).find(|v| !reached.contains(v)).unwrap();
        }
    }
    for (a, row) in g.iter().enumerate() {
        for (b, value) in row.iter().enumerate() {
            let out = explain(&["--game", "kiki", &a.to_string(), &b.to_string()]);
            let parity = |x: usize| if x % 2 == 1 { "odd" } else { "even" };
            has(
                &out,
                &format!(
                    "Piles 1 and 2: g({a}, {b}) = {} by the parities ({a} is {}, {b} is {}): 0 when both are even, 2 when both are odd, 1 when the odd pile is the larger, 3 when it is the smaller.",
                    value,
                    parity(a),
                    parity(b)
                ),
            );
        }
    }
}

// ------------------------------------------------------------------ sums, remoteness, Chinese

#[test]
fn a_sum_explains_each_component() {
    let out = explain(&["kayles", "4", "+", "nim", "3", "+", "max-take:2", "5"]);
    has(&out, "Component 1, Kayles:");
    has(
        &out,
        "Pile 1: g(4) = mex{g(3), g(1) ⊕ g(2), g(2), g(1) ⊕ g(1)} = mex{3, 3, 2, 0} = 1.",
    );
    has(&out, "Component 3, Bash game (take 1 to 2):");
    has(&out, "Pile 3 holds 5 = 3·1 + 2, so g(5) = 5 mod 3 = 2.");
    // Nim's component needs no step: a heap's value is its size.
    assert!(!out.contains("Component 2"));
}

#[test]
fn explain_says_why_the_remoteness_is_missing() {
    let out = explain(&["1000000", "2000000", "3000000"]);
    has(
        &out,
        "No remoteness: the exhaustive search it needs may take more than 2^64 steps, so it cannot be computed.",
    );
    // Within 64 bits, the bound is given: (7·8·9/… positions) against a small limit.
    let out = explain(&["--search-limit", "100", "7", "8", "9"]);
    let line = out
        .lines()
        .find(|l| l.starts_with("No remoteness: the exhaustive search it needs may take up to "))
        .expect("the reason");
    assert!(
        line.ends_with("steps, more than the search limit of 100 (raise it with --search-limit).")
    );
    let steps: u64 = line
        .trim_start_matches("No remoteness: the exhaustive search it needs may take up to ")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(steps > 100);
    // Known remoteness: no such line.
    assert!(!explain(&["7", "8", "9"]).contains("No remoteness"));
}

#[test]
fn explanations_in_chinese() {
    let zh = |args: &[&str]| {
        let mut all = vec!["--lang", "zh"];
        all.extend_from_slice(args);
        explain(&all)
    };
    has(
        &zh(&["2", "5", "6"]),
        "另一种方法（把最大的堆 c 变成其余各堆的 nim和）：最大的堆是第 3 堆，c = 6；但 2 ⊕ 5 = 7 > 6，一堆不能变多，所以必须在别的堆上走（用二进制的方法找出哪一堆）。",
    );
    has(
        &zh(&["--max-take", "3", "10"]),
        "巴什博弈的规律：每次取 1 到 K = 3 个，写 n = (K + 1)·r + s：10 = 4·2 + 2。取走 s = 2 个，留下 4 的倍数；以后对方每取 t 个，你就取 4 − t 个，最后一个必是你取：从第 1 堆取 2 个（10 → 8）。",
    );
    has(
        &zh(&["--subtract", "2,5", "7"]),
        "第 1 堆：g(7) = mex{g(5), g(2)} = mex{2, 1} = 0。",
    );
    has(
        &zh(&["--wythoff", "4", "6"]),
        "从两堆各取 1 个（4 6 → 3 5）后留下 (3, 5) = (a_2, b_2)，即第 2 个威佐夫对（k = 2）：P 局面。",
    );
    has(
        &zh(&["1000000", "2000000", "3000000"]),
        "没有遥度：它需要的穷举搜索可能超过 2^64 步，无法计算。",
    );
}

/// Explanations of a batch are set apart by a blank line, with none before the first.
#[test]
fn batch_explanations_are_set_apart() {
    let r = crate::common::cli::run(&["analyze", "--explain"], b"3 5 7\n1 2 3\n");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.starts_with("Position 3 5 7"), "{}", r.stdout);
    assert_eq!(
        r.stdout.matches("\n\nPosition 1 2 3").count(),
        1,
        "{}",
        r.stdout
    );
}
