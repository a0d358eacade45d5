//! Tokens on a graph read from a file (`graph:FILE V …`), against the independent retrograde
//! search of `common/graph_brute.rs` on the whole arrangement graph: for random small graphs
//! with cycles, written to files, the outcome (draws included), the Grundy value where it is
//! finite, and the exact set of winning moves (each as the component it leaves, the JSON
//! `after`), alone and in a sum with a Nim heap. A Nim heap of n is, for the oracle, one more
//! token on vertex n of a chain where vertex j moves to every i < j.
//! Bad files are refused with typed errors naming the line, the token and why.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use nimsolve::games::graph::theory::ParseWhy;
use nimsolve::{RuleError, Rules};
use proptest::prelude::*;
use serde_json::Value;

use crate::common::cli::{ok, ok_json, run};
use crate::common::graph_brute::{Outcome, misere_tokens_win, token_outcomes};

/// Vertex names: words and numbers.
const NAMES: [&str; 6] = ["a", "7", "b-2", "x_y", "10", "q.r"];

/// A file of its own in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(text: &str) -> TempFile {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "nimsolve-graph-family-{}-{n}.txt",
            std::process::id()
        ));
        std::fs::write(&path, text).expect("temporary file");
        TempFile(path)
    }

    fn spec(&self) -> String {
        format!("graph:{}", self.0.display())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The file of a graph: one line a vertex, in a shuffled-looking order, with a comment.
fn file_text(succ: &[Vec<usize>]) -> String {
    let mut text = String::from("# a random graph\n");
    for (v, ws) in succ.iter().enumerate().rev() {
        let ws: Vec<&str> = ws.iter().map(|&w| NAMES[w]).collect();
        text.push_str(&format!("{}: {}  # vertex {v}\n", NAMES[v], ws.join(" ")));
    }
    text
}

/// The graph with a chain of `heaps` vertices after it (vertex n + j moves to every n + i,
/// i < j): a Nim heap of j is a token on n + j.
fn with_chain(succ: &[Vec<usize>], heaps: usize) -> Vec<Vec<usize>> {
    let n = succ.len();
    let mut all = succ.to_vec();
    for j in 0..heaps {
        all.push((0..j).map(|i| n + i).collect());
    }
    all
}

fn outcome_key(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "N",
        Outcome::Loss => "P",
        Outcome::Draw => "draw",
    }
}

/// A component's `after` normalised: a graph's vertex names sorted.
fn normal(after: &str) -> String {
    match after.split_once(' ') {
        Some((spec, names)) if spec.starts_with("graph:") => {
            let mut names: Vec<&str> = names.split(' ').collect();
            names.sort_unstable();
            format!("{spec} {}", names.join(" "))
        }
        _ => after.to_string(),
    }
}

/// The library's winning moves as (component, normalised after).
fn library_moves(v: &Value) -> BTreeSet<(u64, String)> {
    v["winning_moves"]
        .as_array()
        .expect("winning_moves")
        .iter()
        .map(|m| {
            (
                m["component"].as_u64().expect("component"),
                normal(m["after"].as_str().expect("after")),
            )
        })
        .collect()
}

/// The oracle's outcome and winning moves of tokens on `tokens` (sorted vertices of the
/// graph) plus, if `heap` is given, a Nim heap.
fn oracle(
    succ: &[Vec<usize>],
    tokens: &[usize],
    heap: Option<usize>,
    spec: &str,
) -> (Outcome, BTreeSet<(u64, String)>) {
    let n = succ.len();
    let heaps = heap.map_or(0, |h| h + 1);
    let all = with_chain(succ, heaps);
    let mut start = tokens.to_vec();
    if let Some(h) = heap {
        start.push(n + h);
    }
    start.sort_unstable();
    let table = token_outcomes(&all, start.len());
    let outcome = table[&start];
    let mut moves = BTreeSet::new();
    for (i, &v) in start.iter().enumerate() {
        for &w in &all[v] {
            let mut after = start.clone();
            after[i] = w;
            after.sort_unstable();
            if table[&after] != Outcome::Loss {
                continue;
            }
            if v >= n {
                moves.insert((2, (w - n).to_string()));
            } else {
                let names: Vec<&str> = after
                    .iter()
                    .filter(|&&x| x < n)
                    .map(|&x| NAMES[x])
                    .collect();
                moves.insert((1, normal(&format!("{spec} {}", names.join(" ")))));
            }
        }
    }
    (outcome, moves)
}

fn graph_strategy() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<usize>, usize)> {
    (1usize..=5).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::collection::vec(0..n, 0..=3), n),
            prop::collection::vec(0..n, 1..=3),
            1usize..=3,
        )
    })
}

/// The finite value the library reports: `gamma` when it is a number, else `grundy`.
fn finite_value(v: &Value) -> Option<u64> {
    v["gamma"].as_u64().or_else(|| {
        if v.get("gamma").is_some() {
            None
        } else {
            v["grundy"].as_u64()
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn tokens_alone_and_with_a_heap_match_the_retrograde_search(
        (succ, mut tokens, heap) in graph_strategy()
    ) {
        tokens.sort_unstable();
        let file = TempFile::new(&file_text(&succ));
        let spec = file.spec();
        let names: Vec<&str> = tokens.iter().map(|&t| NAMES[t]).collect();
        let position = format!("{spec} {}", names.join(" "));

        // Alone.
        let v = ok_json(&["analyze", "--json", &position]);
        let (outcome, moves) = oracle(&succ, &tokens, None, &spec);
        prop_assert_eq!(v["outcome"].as_str(), Some(outcome_key(outcome)), "{}", position);
        prop_assert_eq!(library_moves(&v), moves, "{}", position);
        // A finite value g: the tokens with a heap of g are a P-position, by the oracle.
        if let Some(g) = finite_value(&v) {
            let (with_g, _) = oracle(&succ, &tokens, Some(g as usize), &spec);
            prop_assert_eq!(with_g, Outcome::Loss, "{} has value {}", position, g);
        } else {
            prop_assert!(outcome != Outcome::Loss, "{}: an infinite value is no P-position", position);
        }

        // With a Nim heap.
        let sum = format!("{position} + {heap}");
        let v = ok_json(&["analyze", "--json", &sum]);
        let (outcome, moves) = oracle(&succ, &tokens, Some(heap), &spec);
        prop_assert_eq!(v["outcome"].as_str(), Some(outcome_key(outcome)), "{}", sum);
        prop_assert_eq!(library_moves(&v), moves, "{}", sum);

        // `move` plays a winning move when there is one, and its `after` reads back.
        let m = ok_json(&["move", "--json", &sum]);
        if outcome == Outcome::Win {
            let after = m["move"]["after"].as_str().expect("a move");
            let c = m["move"]["component"].as_u64().expect("component");
            prop_assert!(library_moves(&v).contains(&(c, normal(after))), "{}: {}", sum, after);
        }
    }
}

fn dag_strategy() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<usize>)> {
    (1usize..=5).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::collection::vec(0..n, 0..=3), n).prop_map(|raw| {
                // Each vertex moves only to lower ones: no cycle.
                raw.into_iter()
                    .enumerate()
                    .map(|(v, ws)| ws.into_iter().filter(|&w| w < v).collect())
                    .collect()
            }),
            prop::collection::vec(0..n, 1..=3),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Misère play of an acyclic graph: the exhaustive search against the rule itself.
    #[test]
    fn misere_play_of_an_acyclic_graph_matches_the_rule(
        (succ, mut tokens) in dag_strategy()
    ) {
        tokens.sort_unstable();
        let file = TempFile::new(&file_text(&succ));
        let spec = file.spec();
        let names: Vec<&str> = tokens.iter().map(|&t| NAMES[t]).collect();
        let position = format!("{spec} {}", names.join(" "));
        let v = ok_json(&["analyze", "--json", "--misere", &position]);
        let mut memo = HashMap::new();
        let wins = misere_tokens_win(&succ, &tokens, &mut memo);
        prop_assert_eq!(v["outcome"].as_str(), Some(if wins { "N" } else { "P" }), "{}", position);
        let mut moves = BTreeSet::new();
        for (i, &t) in tokens.iter().enumerate() {
            for &w in &succ[t] {
                let mut after = tokens.clone();
                after[i] = w;
                after.sort_unstable();
                if !misere_tokens_win(&succ, &after, &mut memo) {
                    let names: Vec<&str> = after.iter().map(|&x| NAMES[x]).collect();
                    moves.insert((1, normal(&format!("{spec} {}", names.join(" ")))));
                }
            }
        }
        prop_assert_eq!(library_moves(&v), moves, "{}", position);
    }
}

#[test]
fn a_cycle_draws_and_its_values_are_in_the_table() {
    let file = TempFile::new("# a 2-cycle with a way out\na: b\nb: a c\nc:\nd: d e\ne: c\n");
    let spec = file.spec();
    let t = ok_json(&["grundy", "--json", "--game", &spec]);
    assert_eq!(t["acyclic"], false);
    let d = &t["values"][3];
    assert_eq!(d["vertex"], "d");
    assert_eq!(d["gamma"]["infinite"], serde_json::json!([1]));
    assert_eq!(d["outcome"], "draw");
    // The rows of the vertices named.
    let rows = ok_json(&["grundy", "--json", "--game", &spec, "d", "b"]);
    let named: Vec<&str> = rows["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|r| r["vertex"].as_str().expect("vertex"))
        .collect();
    assert_eq!(named, ["d", "b"]);
    assert_eq!(rows["values"][1]["gamma"], 1);
    let r = run(&["grundy", "--game", &spec, "zz"], b"");
    assert_eq!(r.code, Some(2));
    let v = ok_json(&["analyze", "--json", &format!("{spec} d")]);
    assert_eq!(v["outcome"], "draw");
    assert_eq!(v["remoteness"], Value::Null);
    // ∞({1}) + *1: won by moving d to e (value 1).
    let v = ok_json(&["analyze", "--json", &format!("{spec} d + 1")]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["after"], format!("{spec} e"));
    // Two infinite tokens: a draw.
    let v = ok_json(&["analyze", "--json", &format!("{spec} d d + 3")]);
    assert_eq!(v["outcome"], "draw");
    // The record has the fields of every other: the piles, each component's rules and
    // piles, and moves with their component, pile and after.
    let v = ok_json(&["move", "--json", &format!("{spec} b + 3")]);
    assert_eq!(v["piles"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["components"][1]["rules"]["kind"], "nim");
    assert_eq!(v["components"][1]["piles"], serde_json::json!([3]));
    assert_eq!(v["components"][0]["gamma"], 1);
    let mv = &v["move"];
    assert_eq!(
        (mv["component"].as_u64(), mv["pile"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(
        (mv["to"].as_u64(), mv["after"].as_str()),
        (Some(1), Some("1"))
    );
    // A loop keeps the draw, and its after is the position as it was.
    let v = ok_json(&["move", "--json", &format!("{spec} d")]);
    assert_eq!(v["move"]["after"], format!("{spec} d"));
    assert_eq!(v["winning"], false);
    // The human line names the game and words the move as the game does.
    let line = ok(&["move", &format!("{spec} d + 2")]);
    assert!(
        line.starts_with("component 1: move a token from d to "),
        "{line}"
    );
    assert!(line.contains("Nim, normal play)"), "{line}");
    // The token that loops is the one on the vertex with an edge to itself, wherever it
    // stands among the tokens.
    let line = ok(&["move", &format!("{spec} c d")]);
    assert!(line.starts_with("move a token from d to d "), "{line}");
    // A decided token alone has its remoteness.
    let v = ok_json(&["analyze", "--json", &format!("{spec} a")]);
    assert_eq!(
        (v["outcome"].as_str(), v["remoteness"].as_u64()),
        (Some("P"), Some(2))
    );
    // Misère play with cycles is refused.
    let r = run(&["analyze", "--misere", &format!("{spec} a")], b"");
    assert_eq!(r.code, Some(2));
    // So are play and compounds other than the sum, naming the cycles, not a search limit.
    for args in [
        vec!["play".to_string(), format!("{spec} d")],
        vec![
            "analyze".to_string(),
            "--compound".to_string(),
            "conjunctive".to_string(),
            format!("{spec} d + 1"),
        ],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args, b"");
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(r.stderr.contains("cycles"), "{}", r.stderr);
    }
}

#[test]
fn bad_files_are_refused_naming_the_line_the_token_and_why() {
    let file = TempFile::new("a: b\n\n  x y\n");
    match Rules::parse(&file.spec()) {
        Err(RuleError::BadGraphFile { error, .. }) => {
            assert_eq!((error.line, error.token.as_str()), (3, "y"));
            assert_eq!(error.why, ParseWhy::NoColon);
        }
        other => panic!("{other:?}"),
    }
    let twice = TempFile::new("a: b\na: c\n");
    match Rules::parse(&twice.spec()) {
        Err(RuleError::BadGraphFile { error, .. }) => {
            assert_eq!(error.line, 2);
            assert_eq!(error.why, ParseWhy::Duplicate { first_line: 1 });
        }
        other => panic!("{other:?}"),
    }
    let missing = std::env::temp_dir().join("nimsolve-graph-family-no-such-file.txt");
    let spec = format!("graph:{}", missing.display());
    assert!(matches!(
        Rules::parse(&spec),
        Err(RuleError::GraphFileUnreadable { missing: true, .. })
    ));
    assert!(matches!(
        Rules::parse("graph"),
        Err(RuleError::MissingArgument { .. })
    ));
    // The command line exits 2, in either language, without a panic.
    for lang in ["en", "zh"] {
        let r = run(
            &["--lang", lang, "analyze", &format!("{} a", file.spec())],
            b"",
        );
        assert_eq!(r.code, Some(2));
        assert!(r.stderr.contains("\"y\""), "{}", r.stderr);
        let r = run(&["--lang", lang, "analyze", &format!("{spec} a")], b"");
        assert_eq!(r.code, Some(2));
    }
    // A token on no vertex.
    let good = TempFile::new("a: b\n");
    let r = run(&["analyze", &format!("{} zz", good.spec())], b"");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("zz"), "{}", r.stderr);
}

#[test]
fn an_acyclic_graph_sums_with_other_families() {
    let file = TempFile::new("3: 2 1\n2: 1 0\n1: 0\n0:\n");
    let spec = file.spec();
    // g(3) = 0, g(2) = 2: 3 + 2 + kayles 2 (value 2) is a P-position.
    let v = ok_json(&["analyze", "--json", &format!("{spec} 3 2 + kayles 2")]);
    assert_eq!(v["outcome"], "P");
    let v = ok_json(&["analyze", "--json", &format!("{spec} 2")]);
    assert_eq!(v["grundy"], 2);
    let moves = library_moves(&v);
    assert_eq!(moves, BTreeSet::from([(1, format!("{spec} 0"))]));
    // Misère play of an acyclic graph: the search (a token on 1 is lost: its move ends the game).
    let v = ok_json(&["analyze", "--json", "--misere", &format!("{spec} 1")]);
    assert_eq!(v["outcome"], "P");
}
