//! Heap rules you write (`rule:{…}`) and octal codes of any length or repeating forever
//! (`octal:0.[7]`), against the hand-written games of `tests/it/common/rule_brute.rs`: Grundy
//! values, outcomes of small sums with other families under normal and misère play, and the
//! exact set of winning moves, each with the component it leaves (`after`); the period each
//! rule's table proves, or that none is claimed; bad rules and their columns.

use std::collections::BTreeSet;

use crate::common::break_brute;
use crate::common::cli::{ok, ok_json, ok_stdin, run};
use crate::common::rule_brute::{Comp, Game, Oracle, RuleMove, args};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::Value;

/// The games written as rules (and 0.[7]), each with its oracle.
const RULES: &[Game] = &[
    Game::Divisor,
    Game::Prime,
    Game::Grundy,
    Game::TakeThenSplit,
    Game::EvenOrParitySplit,
    Game::DivisorThenSplit,
    Game::Row,
];

/// `nimsolve grundy --json --game SPEC --upto N`.
fn grundy_json(spec: &str, upto: u64) -> Value {
    ok_json(&[
        "grundy",
        "--json",
        "--game",
        spec,
        "--upto",
        &upto.to_string(),
    ])
}

fn values(answer: &Value) -> Vec<u64> {
    answer["values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|v| v.as_u64().expect("a value"))
        .collect()
}

#[test]
fn rule_grundy_values_match_the_hand_written_games_up_to_60() {
    let mut oracle = Oracle::new();
    for &game in RULES {
        let answer = grundy_json(game.spec(), 60);
        let expected: Vec<u64> = (0..=60).map(|n| oracle.heap_grundy(game, n)).collect();
        assert_eq!(values(&answer), expected, "{}", game.spec());
    }
}

#[test]
fn a_rule_claims_a_proven_period_only_where_a_theorem_proves_it() {
    // A finite subtraction set: the window proof of subtraction games.
    let bash = grundy_json("rule:{take t if t <= 3}", 10);
    assert_eq!(bash["period"], 4);
    assert_eq!(bash["proof"]["theorem"], "window");
    assert_eq!(bash["rules"]["octal"], "0.333");
    // An octal code's shape: the Guy–Smith bound.
    let split = grundy_json("rule:{take t split a b if t <= 2}", 10);
    assert_eq!(split["proof"]["theorem"], "guy-smith");
    assert_eq!(split["rules"]["octal"], "0.44");
    // The divisor game, take a prime, Grundy's game: values only, no period.
    for spec in [
        "rule:{take t if t | n and t < n}",
        "rule:{take t if t is prime}",
        "rule:{split a b if a != b}",
    ] {
        let answer = grundy_json(spec, 40);
        assert!(answer.get("period").is_none(), "{spec}: {answer}");
        assert!(answer.get("proof").is_none(), "{spec}: {answer}");
    }
    let text = ok(&[
        "grundy",
        "--game",
        "rule:{take t if t is prime}",
        "--upto",
        "40",
    ]);
    assert!(text.contains("No period is sought"), "{text}");
}

#[test]
fn octal_0_7_repeating_is_a_row_of_pins_with_g_n_equal_n() {
    let mut oracle = Oracle::new();
    let answer = grundy_json("octal:0.[7]", 40);
    let expected: Vec<u64> = (0..=40).map(|n| oracle.heap_grundy(Game::Row, n)).collect();
    assert_eq!(values(&answer), expected);
    assert_eq!(expected, (0..=40).collect::<Vec<u64>>());
    assert_eq!(answer["rules"]["code"], "0.[7]");
    assert!(answer.get("period").is_none(), "{answer}");
    assert_eq!(
        answer["formula"]
            .as_str()
            .map(|f| f.starts_with("g(n) = n")),
        Some(true)
    );
    // 0.7[7] and 0.[77] are the same code.
    for spelled in ["octal:0.7[7]", "octal:0.[77]"] {
        assert_eq!(grundy_json(spelled, 3)["rules"]["code"], "0.[7]");
    }
}

#[test]
fn octal_codes_repeating_more_than_one_digit_match_their_digits_written_out() {
    // 0.1[37] = 0.137373737…: compared with the finite code written out to beyond every
    // heap asked (a heap of n never takes more than n).
    let written = format!("0.1{}", "37".repeat(30));
    let finite = break_brute::Rule::octal(&written);
    let mut oracle = break_brute::Oracle::new();
    let answer = grundy_json("octal:0.1[37]", 50);
    let expected: Vec<u64> = (0..=50).map(|n| oracle.heap_grundy(&finite, n)).collect();
    assert_eq!(values(&answer), expected);
    assert!(answer.get("period").is_none(), "{answer}");
}

#[test]
fn octal_codes_past_32_digits_are_read_and_their_period_proven() {
    // 41 digits after the point: take 1 leaving any heaps, or 40 leaving nothing or one heap.
    let code = format!("0.7{}3", "0".repeat(38));
    let rule = break_brute::Rule::octal(&code);
    let mut oracle = break_brute::Oracle::new();
    let answer = grundy_json(&format!("octal:{code}"), 130);
    let expected: Vec<u64> = (0..=130).map(|n| oracle.heap_grundy(&rule, n)).collect();
    assert_eq!(values(&answer), expected);
    assert_eq!(answer["proof"]["theorem"], "guy-smith");
    assert_eq!(answer["proof"]["last_take"], 40);
    let too_long = format!("octal:0.{}", "7".repeat(4097));
    let r = run(&["grundy", "--game", &too_long, "--upto", "3"], "");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("at most 4096"), "{}", r.stderr);
}

#[test]
fn bad_rules_exit_2_and_name_the_column() {
    for (spec, column, says) in [
        ("rule:{take t if t | q}", 21, "no variable"),
        ("rule:{take t if t +}", 20, "expected a number"),
        ("rule:{take t if t < 2 < 3}", 23, "do not chain"),
        ("rule:{take t if t + 1}", 17, "not a number"),
        ("rule:{take t if t < 2", 6, "never closed"),
        ("rule:{take x}", 12, "variable t"),
        ("rule:{move t}", 7, "starts with"),
        ("rule:{take t if t is big}", 22, "no predicate"),
        ("rule:{take t if a < 2}", 17, "no variable"),
        ("rule:{take t if t # 2}", 19, "not a character"),
        ("rule:{}", 7, "empty"),
        ("rule:{take t} x", 15, "follows the closing brace"),
        ("rule:{take t if (t < 2}", 23, "expected `)`"),
        ("rule:{split a b if (a < 2) + 1 > 0}", 20, "not conditions"),
        (
            "rule:{take t if t < 99999999999999999999}",
            21,
            "larger than",
        ),
        ("rule:{take t; }", 15, "starts with"),
    ] {
        let r = run(&["grundy", "--game", spec, "--upto", "3"], "");
        assert_eq!(r.code, Some(2), "{spec}: {r:?}");
        assert!(
            r.stderr.contains(&format!("column {column}:")),
            "{spec}: {}",
            r.stderr
        );
        assert!(r.stderr.contains(says), "{spec}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{spec}: {}", r.stderr);
    }
    // The same in Chinese, and in a batch line (where the spec's own column comes first).
    let r = run(
        &[
            "grundy",
            "--lang",
            "zh",
            "--game",
            "rule:{take t if t | q}",
            "--upto",
            "3",
        ],
        "",
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("第 21 列"), "{}", r.stderr);
    let r = run(&["analyze"], "3 + rule:{take t if t | q} 4\n");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("column 5"), "{}", r.stderr);
    assert!(r.stderr.contains("column 21:"), "{}", r.stderr);
}

#[test]
fn a_rule_with_blanks_in_braces_is_one_spec_in_a_batch_line_and_an_argument() {
    let lines = "rule:{take t if t | n and t < n} 12 + 3\n\
                 2 + rule:{ split a b if a != b } 9 (4)\n";
    let out = ok_stdin(&["analyze", "--json"], lines);
    let answers: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 2, "{out}");
    assert_eq!(
        answers[0]["components"][0]["rules"]["rule"],
        "take t if t | n and t < n"
    );
    assert_eq!(answers[0]["components"][1]["rules"]["kind"], "nim");
    assert_eq!(
        answers[1]["components"][1]["rules"]["rule"],
        "split a b if a != b"
    );
    assert_eq!(answers[1]["piles"].as_array().map(Vec::len), Some(3));
    // As several arguments, the rule in one of them.
    let answer = ok_json(&[
        "analyze",
        "--json",
        "rule:{take t if t <= 2}",
        "5",
        "+",
        "1",
    ]);
    assert_eq!(answer["components"][0]["piles"][0], 5);
    // Split by the shell at its blanks (unquoted, as `$(nimsolve random …)` passes it): the
    // same position.
    let split = ok_json(&[
        "analyze",
        "--json",
        "rule:{take",
        "t",
        "if",
        "t",
        "<=",
        "2}",
        "5",
        "+",
        "1",
    ]);
    assert_eq!(split, answer);
    let printed = ok(&["random", "--seed", "1", "--game", "rule:{take t if t <= 2}"]);
    let mut words = vec!["analyze", "--json"];
    words.extend(printed.split_whitespace());
    assert_eq!(ok_json(&words)["rules"]["rule"], "take t if t <= 2");
}

#[test]
fn a_move_no_alternative_allows_is_refused_with_its_reason() {
    let r = run(
        &["review", "--json"],
        "rule:{take t if t | n and t < n} 12\nrule:{take t if t | n and t < n} 7\n",
    );
    let first: Value = serde_json::from_str(r.stdout.lines().next().expect("a line")).unwrap();
    assert_eq!(first["legal"], false, "{first}");
    assert_eq!(first["reason"], "not_by_rule", "{first}");
    // A legal move of the divisor game passes: 12 → 8 takes 4, a divisor.
    let r = run(
        &["review", "--json"],
        "rule:{take t if t | n and t < n} 12\nrule:{take t if t | n and t < n} 8\n",
    );
    let first: Value = serde_json::from_str(r.stdout.lines().next().expect("a line")).unwrap();
    assert_eq!(first["legal"], true, "{first}");
}

// ---------------------------------------------------------------------------------------------
// Sums against the oracle.
// ---------------------------------------------------------------------------------------------

/// A component: a rule game (or 0.[7]), Nim or Kayles, with one or two small heaps.
fn comp() -> impl Strategy<Value = Comp> {
    let game = prop_oneof![
        6 => prop::sample::select(RULES.to_vec()),
        1 => Just(Game::Nim),
        1 => Just(Game::Kayles),
    ];
    (game, prop::collection::vec(0..=8u64, 1..=2)).prop_map(|(game, heaps)| Comp { game, heaps })
}

/// A sum of one to three components of at most `tokens` tokens.
fn position(tokens: u64) -> impl Strategy<Value = Vec<Comp>> {
    prop::collection::vec(comp(), 1..=3).prop_filter("small enough to search", move |pos| {
        pos.iter().flat_map(|c| &c.heaps).sum::<u64>() <= tokens
    })
}

/// Which component and heap a 1-based pile of the whole position is.
fn locate(pos: &[Comp], pile: usize) -> Option<(usize, usize)> {
    let mut at = 0;
    for (ci, c) in pos.iter().enumerate() {
        if pile < at + c.heaps.len() {
            return Some((ci, pile - at));
        }
        at += c.heaps.len();
    }
    None
}

/// The non-empty heaps of a move's `after` (the component it leaves, its spec first unless it
/// is Nim, the default).
fn after_heaps(pos: &[Comp], ci: usize, m: &Value) -> Result<Vec<u64>, TestCaseError> {
    let text = m["after"].as_str().expect("after is a string");
    let spec = pos[ci].game.spec();
    let piles = match pos[ci].game {
        Game::Nim => text,
        _ => text
            .strip_prefix(spec)
            .and_then(|rest| rest.strip_prefix(' '))
            .ok_or_else(|| TestCaseError::fail(format!("{m}: after does not start with {spec}")))?,
    };
    Ok(piles
        .split(' ')
        .map(|t| t.parse::<u64>().expect("a pile"))
        .filter(|&h| h > 0)
        .collect())
}

/// The winning moves of an answer as oracle moves, each one's `after` checked against the
/// component the oracle's move leaves.
fn json_winning(pos: &[Comp], answer: &Value) -> Result<BTreeSet<RuleMove>, TestCaseError> {
    let mut set = BTreeSet::new();
    for m in answer["winning_moves"].as_array().expect("winning_moves") {
        let pile = m["pile"].as_u64().expect("pile") as usize;
        let (ci, hi) = locate(pos, pile - 1)
            .ok_or_else(|| TestCaseError::fail(format!("{m}: no pile {pile}")))?;
        prop_assert_eq!(m["component"].as_u64(), Some(ci as u64 + 1), "{}", m);
        let heaps = &pos[ci].heaps;
        let after = after_heaps(pos, ci, m)?;
        // The heap's place holds what the move left: the heaps around it are as they were.
        let before: Vec<u64> = heaps[..hi].iter().copied().filter(|&h| h > 0).collect();
        let behind: Vec<u64> = heaps[hi + 1..].iter().copied().filter(|&h| h > 0).collect();
        prop_assert!(
            after.starts_with(&before)
                && after.ends_with(&behind)
                && after.len() >= before.len() + behind.len(),
            "{}: {:?}",
            m,
            pos
        );
        let mut leaves = after[before.len()..after.len() - behind.len()].to_vec();
        leaves.sort_unstable();
        prop_assert!(
            set.insert(RuleMove {
                component: ci,
                heap: hi,
                leaves,
            }),
            "{} listed twice",
            m
        );
    }
    Ok(set)
}

fn analyze(pos: &[Comp], misere: bool) -> Value {
    let mut argv = vec!["analyze".to_string(), "--json".to_string()];
    if misere {
        argv.push("--misere".into());
    }
    argv.extend(args(pos));
    let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
    ok_json(&argv)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Outcome and every winning move of a small sum, normal and misère play.
    #[test]
    fn sums_with_rules_match_the_game_tree_search(pos in position(12), misere in any::<bool>()) {
        let mut oracle = Oracle::new();
        let answer = analyze(&pos, misere);
        let wins = oracle.wins(&pos, misere);
        prop_assert_eq!(
            answer["outcome"].as_str(),
            Some(if wins { "N" } else { "P" }),
            "{} for {:?}",
            answer,
            pos
        );
        let listed = json_winning(&pos, &answer)?;
        prop_assert_eq!(listed, oracle.winning_moves(&pos, misere), "{} for {:?}", answer, pos);
        if !misere {
            let g = pos
                .iter()
                .flat_map(|c| c.heaps.iter().map(move |&h| (c.game, h)))
                .fold(0, |x, (game, h)| x ^ oracle.heap_grundy(game, h));
            prop_assert_eq!(answer["grundy"].as_u64(), Some(g), "{}", answer);
        }
    }

    /// The Grundy value of one heap of a rule, up to 60, by `analyze`.
    #[test]
    fn one_heap_of_a_rule_has_the_oracles_value(
        game in prop::sample::select(RULES.to_vec()),
        n in 0..=60u64,
    ) {
        let mut oracle = Oracle::new();
        let answer = ok_json(&["analyze", "--json", game.spec(), &n.to_string()]);
        prop_assert_eq!(answer["grundy"].as_u64(), Some(oracle.heap_grundy(game, n)), "{}", answer);
    }
}

#[test]
fn a_rule_whose_options_explode_stops_at_its_work_bound() {
    // Take a divisor, then split: about n³/12 conditions up to heap n, held to 10 an entry of
    // the table limit (20,000 here).
    let r = run(
        &[
            "grundy",
            "--table-limit",
            "2000",
            "--game",
            "rule:{take t split a b if t | n}",
            "--upto",
            "1999",
        ],
        "",
    );
    assert_eq!(r.code, Some(2), "{r:?}");
    assert!(r.stderr.contains("10 conditions an entry"), "{}", r.stderr);
    assert!(r.stderr.contains("--table-limit"), "{}", r.stderr);
    // Within the bound, the same rule answers.
    let answer = grundy_json("rule:{take t split a b if t | n}", 30);
    let mut oracle = Oracle::new();
    let expected: Vec<u64> = (0..=30)
        .map(|n| oracle.heap_grundy(Game::DivisorThenSplit, n))
        .collect();
    assert_eq!(values(&answer), expected);
}

/// A rule nested or long past what the parser and evaluator recurse over is refused with its
/// column (exit status 2), never a stack overflow.
#[test]
fn a_rule_too_deep_or_too_long_is_refused_not_a_crash() {
    let deep = format!(
        "rule:{{take t if {}t{} <= 3}} 5",
        "(".repeat(3000),
        ")".repeat(3000)
    );
    let nots = format!("rule:{{take t if {}t <= 3}} 5", "not ".repeat(30000));
    let long = format!("rule:{{take t if {} <= 3}} 5", vec!["t"; 5000].join(" + "));
    for spec in [&deep, &nots, &long] {
        let r = run(&["analyze", spec], b"");
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(r.stderr.contains("column"), "{}", r.stderr);
    }
    // Within the bounds the rule is read: 150 parentheses, t ≤ 3 from 5 is worth 1.
    let fine = format!(
        "rule:{{take t if {}t{} <= 3}} 5",
        "(".repeat(150),
        ")".repeat(150)
    );
    assert_eq!(ok_json(&["analyze", "--json", &fine])["grundy"], 1);
}
