//! `nimsolve judge`: every problem's statement sample, byte for byte; bad input named by line
//! and token; property tests of each problem's output on random inputs against a brute force
//! written from the statement's rules alone (tests/it/common/judge_brute.rs); and the four games
//! of their own (kiki, multiply, calendar, digits) against exhaustive game-tree searches of
//! their move rules, through the library.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::common::cli::{nimsolve, ok_stdin, run};
use crate::common::judge_brute as brute;
use crate::common::moving_brute::{Compound, MovingOracle, Piece};
use nimsolve::{Game, Limits, Nat, Outcome, Play, Rules, parse_sum};
use predicates::prelude::*;
use proptest::prelude::*;

/// Runs `nimsolve judge problem` on `input` and returns its stdout (exit 0, empty stderr).
fn judge(problem: &str, input: &str) -> String {
    run(&["judge", problem], input).success(&["judge", problem])
}

// ---------------------------------------------------------------------------------------------
// The statements' samples.
// ---------------------------------------------------------------------------------------------

/// Each problem's sample input and output, as its statement gives them.
const SAMPLES: &[(&str, &str, &str)] = &[
    ("hdu1846", "2\n23 2\n4 3\n", "first\nsecond\n"),
    ("hdu1847", "1\n3\n", "Kiki\nCici\n"),
    ("hdu1848", "1 1 1\n1 4 1\n0 0 0\n", "Fibo\nNacci\n"),
    (
        "hdu1849",
        "2\n3 5\n3\n3 5 6\n0\n",
        "Rabbit Win!\nGrass Win!\n",
    ),
    ("hdu1850", "3\n5 7 9\n0\n", "1\n"),
    ("hdu2149", "4 2\n3 2\n3 5\n", "1\nnone\n3 4 5\n"),
    ("hdu2188", "2\n8 10\n11 10\n", "Grass\nRabbit\n"),
    (
        "hdu2147",
        "5 3\n5 4\n6 6\n0 0\n",
        "What a pity!\nWonderful!\nWonderful!\n",
    ),
    (
        "hdu1079",
        "3\n2001 11 3\n2001 11 2\n2001 10 3\n",
        "YES\nNO\nNO\n",
    ),
    (
        "hdu1517",
        "162\n17\n34012226\n",
        "Stan wins.\nOllie wins.\nStan wins.\n",
    ),
    ("hdu1404", "0\n00\n1\n20\n", "Yes\nYes\nNo\nNo\n"),
    (
        "hdu1536",
        "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
        "LWW\nWWL\n",
    ),
    ("hdu1907", "2\n3\n3 5 1\n1\n1\n", "John\nBrother\n"),
    (
        "hdu2176",
        "2\n45 45\n3\n3 6 9\n5\n5 7 8 9 10\n0\n",
        "No\nYes\n9 5\nYes\n8 1\n9 0\n10 3\n",
    ),
    (
        "hdu2177",
        "1 2\n5 8\n4 7\n2 2\n0 0\n",
        "0\n1\n4 7\n3 5\n0\n1\n0 0\n1 2\n",
    ),
    ("poj1067", "2 1\n8 4\n4 7\n", "0\n1\n0\n"),
    ("hdu1527", "2 1\n8 4\n4 7\n", "0\n1\n0\n"),
    (
        "hdu3404",
        "2\n2\n1 2\n2 1\n2\n1 1\n2 2\n",
        "Don't waste your time.\nHave a try, lxhgww.\n",
    ),
    ("hdu3537", "0\n1\n0\n4\n0 1 2 3\n", "Yes\nNo\nYes\n"),
    (
        "hdu2516",
        "2\n13\n10000\n0\n",
        "Second win\nSecond win\nFirst win\n",
    ),
    (
        "hdu2486",
        "5\n16 1\n11 1\n32 2\n34 2\n19 3\n",
        "Case 1: lose\nCase 2: 1\nCase 3: 3\nCase 4: lose\nCase 5: 4\n",
    ),
    ("hdu1525", "34 12\n15 24\n0 0\n", "Stan wins\nOllie wins\n"),
    ("poj2348", "34 12\n15 24\n0 0\n", "Stan wins\nOllie wins\n"),
    ("poj2234", "2 45 45\n3 3 6 9\n", "No\nYes\n"),
    ("hdu3032", "2\n3\n2 2 3\n2\n3 3\n", "Alice\nBob\n"),
    // The copies of HDU 2509's statement print its sample on one line, `2 2 2 1 3` → `No Yes`.
    ("hdu2509", "2\n2 2\n1\n3\n", "No\nYes\n"),
    (
        "poj1704",
        "2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n",
        "Bob will win\nGeorgia will win\n",
    ),
    (
        "hdu1524",
        "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n",
        "WIN\nWIN\nWIN\nLOSE\nWIN\n",
    ),
    (
        "hdu3094",
        "3\n3\n1 2\n2 3\n3\n1 2\n1 3\n10\n6 2\n4 3\n8 4\n9 5\n8 6\n2 7\n5 8\n1 9\n6 10\n",
        "Alice\nBob\nAlice\n",
    ),
    (
        "poj3710",
        "2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n",
        "Sally\n",
    ),
];

#[test]
fn every_sample_byte_for_byte() {
    for (problem, input, output) in SAMPLES {
        nimsolve()
            .args(["judge", problem])
            .write_stdin(*input)
            .assert()
            .success()
            .stdout(predicate::eq(*output))
            .stderr(predicate::str::is_empty());
    }
}

#[test]
fn samples_with_crlf_and_tokens_across_lines() {
    assert_eq!(judge("hdu1846", "2\r\n23 2\r\n4 3\r\n"), "first\nsecond\n");
    // Copies of statements often lose their line ends: tokens are read across them.
    assert_eq!(
        judge("hdu1849", "2 3 5 3 3 5 6 0"),
        "Rabbit Win!\nGrass Win!\n"
    );
    assert_eq!(judge("hdu1527", ""), "");
}

#[test]
fn list_names_every_problem_with_title_and_game() {
    let out = run(&["judge", "--list"], "").success(&["judge", "--list"]);
    assert_eq!(out.lines().count(), 29);
    for (id, title) in [
        ("hdu1846", "Brave Game"),
        ("hdu1847", "Good Luck in CET-4 Everybody!"),
        ("hdu1848", "Fibonacci again and again"),
        ("hdu1849", "Rabbit and Grass"),
        ("hdu1850", "Being a Good Boy in Spring Festival"),
        ("hdu2149", "Public Sale"),
        ("hdu2188", "悼念512汶川大地震遇难同胞——选拔志愿者"),
        ("hdu2147", "kiki's game"),
        ("hdu1079", "Calendar Game"),
        ("hdu1517", "A Multiplication Game"),
        ("hdu1404", "Digital Deletions"),
        ("hdu1536", "S-Nim"),
        ("hdu1907", "John"),
        ("hdu2176", "取(m堆)石子游戏"),
        ("hdu2177", "取(2堆)石子游戏"),
        ("poj1067", "取石子游戏 (also hdu1527)"),
        ("hdu3404", "Switch lights"),
        ("hdu3537", "Daizhenyang's Coin"),
        ("hdu2516", "取石子游戏"),
        ("hdu2486", "A simple stone game"),
        ("hdu1525", "Euclid's Game (also poj2348)"),
        ("poj2234", "Matches Game"),
        ("hdu3032", "Nim or not Nim?"),
        ("hdu2509", "Be the Winner"),
        ("hdu1730", "Northcott Game"),
        ("poj1704", "Georgia and Bob"),
        ("hdu1524", "A Chess Game"),
        ("hdu3094", "A tree game"),
        ("poj3710", "Christmas Game"),
    ] {
        let line = out
            .lines()
            .find(|l| l.starts_with(id))
            .unwrap_or_else(|| panic!("{id} listed"));
        assert!(line.contains(title) && line.contains(" — "), "{line}");
    }
}

// ---------------------------------------------------------------------------------------------
// Bad input.
// ---------------------------------------------------------------------------------------------

#[test]
fn bad_input_names_line_and_token() {
    let cases: &[(&str, &str, &str)] = &[
        ("hdu1846", "2\n23 2\n4 x3\n", "line 3: \"x3\" is not m"),
        (
            "hdu1846",
            "2\n23 2\n",
            "line 2: the input ends where n was expected",
        ),
        ("hdu1846", "1\n5 0\n", "line 2: \"0\" is not m"),
        (
            "hdu1850",
            "3\n5 -7 9\n0\n",
            "line 2: \"-7\" is not a pile's size",
        ),
        ("hdu1079", "1\n2001 11 5\n", "line 2: \"5\" ends 2001-11-05"),
        ("hdu1079", "1\n1999 2 29\n", "no date"),
        (
            "hdu1404",
            "12a\n",
            "line 1: \"12a\" is not a string of digits",
        ),
        (
            "hdu1536",
            "2 0 5\n",
            "line 1: \"0\" is not an amount of the set",
        ),
        ("hdu2147", "0 4\n", "line 1: \"4\" is not a board"),
        (
            "hdu2177",
            "1 2\n5\n",
            "line 2: the input ends where b was expected",
        ),
        (
            "hdu3032",
            "1\n3\n1 2\n",
            "line 3: the input ends where a heap's size was expected",
        ),
        ("hdu1730", "1 5\n3 3\n", "line 2: \"3\" is Tom's column too"),
        (
            "hdu1730",
            "1 5\n0 3\n",
            "line 2: \"0\" is not a column of the board (Ti: the columns are 1 to m = 5)",
        ),
        (
            "poj1704",
            "1\n2\n0 3\n",
            "line 3: \"0\" is not a square of the strip",
        ),
        (
            "poj1704",
            "1\n3\n9\n4 9\n",
            "line 4: \"9\" is the square of another chessman too",
        ),
    ];
    for (problem, input, message) in cases {
        let r = run(&["judge", problem], input);
        assert_eq!(r.code, Some(2), "{problem} {input:?}: {}", r.stderr);
        assert!(
            r.stderr.contains(message),
            "{problem} {input:?}: {}",
            r.stderr
        );
    }
    // The answers before the bad line are written.
    let r = run(&["judge", "hdu1517"], "162\n17\nlots\n");
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (Some(2), "Stan wins.\nOllie wins.\n")
    );
    assert!(
        r.stderr.contains("line 3: \"lots\" is not n"),
        "{}",
        r.stderr
    );
}

/// Every problem, given good lines and then one bad one: the answers to the good lines, then
/// the bad line named (line and token, or why its position cannot be answered), exit status 2,
/// and no option suggested (judge has none to raise a limit).
#[test]
fn every_problem_names_its_bad_line() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "hdu1846",
            "2\n23 2\n4 x\n",
            "first\n",
            "line 3: \"x\" is not m",
        ),
        (
            "hdu1847",
            "1\n3\nabc\n",
            "Kiki\nCici\n",
            "line 3: \"abc\" is not n",
        ),
        (
            "hdu1848",
            "1 1 1\n1 1 1000000000000\n0 0 0\n",
            "Fibo\n",
            "line 2: the position cannot be answered",
        ),
        (
            "hdu1849",
            "2\n3 5\n1\n+4\n0\n",
            "Rabbit Win!\n",
            "line 4: \"+4\" is not a piece's square",
        ),
        (
            "hdu1850",
            "3\n5 7 9\n2\n5 0x7\n0\n",
            "1\n",
            "line 4: \"0x7\" is not a pile's size",
        ),
        ("hdu2149", "4 2\n0 3\n", "1\n", "line 2: \"0\" is not M"),
        (
            "hdu2188",
            "2\n8 10\n11 0\n",
            "Grass\n",
            "line 3: \"0\" is not m",
        ),
        (
            "hdu2147",
            "5 3\n5 0\n0 0\n",
            "What a pity!\n",
            "line 2: \"0\" is not a board",
        ),
        (
            "hdu1079",
            "2\n2001 11 3\n2001 13 1\n",
            "YES\n",
            "line 3: \"1\" ends 2001-13-01, which is no date",
        ),
        (
            "hdu1517",
            "162\n1.5\n",
            "Stan wins.\n",
            "line 2: \"1.5\" is not n",
        ),
        (
            "hdu1404",
            "0\n1234567\n",
            "Yes\n",
            "line 2: the position cannot be answered",
        ),
        (
            "hdu1536",
            "2 2 5\n1\n2 5 12\n1 1\n1\n1 x\n0\n",
            "L\n",
            "line 6: \"x\" is not a heap's size",
        ),
        (
            "hdu1907",
            "2\n1\n1\n1\n-1\n",
            "Brother\n",
            "line 5: \"-1\" is not a pile's size",
        ),
        (
            "hdu2176",
            "2\n45 45\n2\n45 4.5\n0\n",
            "No\n",
            "line 4: \"4.5\" is not a pile's size",
        ),
        (
            "hdu2177",
            "1 2\n8 3\n0 0\n",
            "0\n",
            "line 2: \"3\" is less than a = 8",
        ),
        ("poj1067", "2 1\n8 x\n", "0\n", "line 2: \"x\" is not b"),
        ("hdu1527", "2 1\n8 x\n", "0\n", "line 2: \"x\" is not b"),
        (
            "hdu3404",
            "2\n1\n1 1\n1\n2 y\n",
            "Have a try, lxhgww.\n",
            "line 5: \"y\" is not y",
        ),
        (
            "hdu3537",
            "1\n0\n2\n1 -1\n",
            "No\n",
            "line 4: \"-1\" is not a head",
        ),
        (
            "hdu2516",
            "2\n13x\n0\n",
            "Second win\n",
            "line 2: \"13x\" is not n",
        ),
        (
            "hdu2486",
            "2\n16 1\n11 0\n",
            "Case 1: lose\n",
            "line 3: \"0\" is not a multiplier",
        ),
        (
            "hdu2486",
            "2\n16 1\n111111111111111111111111111111 18446744073709551615\n",
            "Case 1: lose\n",
            "line 3: the position cannot be answered",
        ),
        (
            "hdu1525",
            "34 12\n0 5\n0 0\n",
            "Stan wins\n",
            "line 2: \"0\" is 0: the statement gives two positive integers",
        ),
        (
            "poj2348",
            "34 12\n15\n",
            "Stan wins\n",
            "line 2: the input ends where b was expected",
        ),
        (
            "poj2234",
            "2 45 45\n3 3 x 9\n",
            "No\n",
            "line 2: \"x\" is not a pile's size",
        ),
        (
            "hdu3032",
            "2\n3\n2 2 3\n2\n3 -3\n",
            "Alice\n",
            "line 5: \"-3\" is not a heap's size",
        ),
        (
            "hdu2509",
            "2\n2 2\n1\n3a\n",
            "No\n",
            "line 4: \"3a\" is not a group's number of apples",
        ),
        (
            "hdu1730",
            "3 6\n4 5\n1 2\n1 2\n1 6\n7 2\n",
            "BAD LUCK!\n",
            "line 6: \"7\" is not a column of the board",
        ),
        (
            "poj1704",
            "2\n3\n1 2 3\n2\n4 4\n",
            "Bob will win\n",
            "line 5: \"4\" is the square of another chessman too",
        ),
        (
            "hdu1524",
            "2\n1 1\n0\n1 0\n1 2\n0\n",
            "WIN\n",
            "line 5: \"2\" is not a position: positions are 0 to N − 1 = 1",
        ),
        (
            "hdu3094",
            "2\n2\n1 2\n3\n1 2\n2 4\n",
            "Alice\n",
            "line 6: \"4\" is not a vertex: the vertices are 1 to 3",
        ),
        (
            "poj3710",
            "1\n2 1\n1 2\n1\n2 1\n1 y\n",
            "Sally\n",
            "line 6: \"y\" is not a node of an edge",
        ),
    ];
    for (problem, input, answered, message) in cases {
        let r = run(&["judge", problem], input);
        assert_eq!(r.code, Some(2), "{problem} {input:?}: {}", r.stderr);
        assert_eq!(r.stdout, *answered, "{problem} {input:?}");
        assert!(
            r.stderr.contains(message) && !r.stderr.contains("--"),
            "{problem} {input:?}: {}",
            r.stderr
        );
    }
    // Every problem is in the list above.
    let listed: Vec<&str> = cases.iter().map(|c| c.0).collect();
    for id in SAMPLES.iter().map(|s| s.0) {
        assert!(listed.contains(&id), "{id} has no bad-line case");
    }
}

/// HDU 2149 lists at most a million bids, refusing (not hanging on) N − M + 1 beyond.
#[test]
fn public_sale_refuses_a_line_of_a_billion_bids() {
    let r = run(&["judge", "hdu2149"], "3 5\n1 1000000000\n");
    assert_eq!((r.code, r.stdout.as_str()), (Some(2), "3 4 5\n"));
    assert!(
        r.stderr
            .contains("line 2: N − M + 1 = 1000000000 winning bids"),
        "{}",
        r.stderr
    );
    let out = judge("hdu2149", "1 1099\n");
    assert_eq!(out.split(' ').count(), 1099);
    assert!(out.starts_with("1 2 3 ") && out.ends_with(" 1098 1099\n"));
}

/// HDU 2177 from 7 10: the move from both piles leaves 4 7, the move from pile a leaves 6 10,
/// the move from pile b leaves 7 4, printed 4 7 again, in that order (as accepted solutions).
#[test]
fn wythoff_moves_in_the_order_of_accepted_solutions() {
    assert_eq!(
        judge("hdu2177", "7 10\n3 10\n0 5\n3 3\n0 0\n"),
        "1\n4 7\n6 10\n4 7\n1\n3 5\n1\n0 0\n1\n0 0\n"
    );
}

/// A judge writes its problem's words, uncoloured: --lang and --color are usage errors there.
#[test]
fn judge_refuses_lang_and_color() {
    for args in [
        &["judge", "--lang", "zh", "hdu1849"][..],
        &["--lang", "en", "judge", "hdu1849"],
        &["judge", "--color", "always", "hdu1849"],
        &["--color", "never", "judge", "--list"],
    ] {
        let r = run(args, "1\n3\n0\n");
        assert_eq!((r.code, r.stdout.as_str()), (Some(2), ""), "{args:?}");
        assert!(
            r.stderr.contains("does not apply to judge"),
            "{args:?}: {}",
            r.stderr
        );
    }
    assert_eq!(judge("hdu1849", "1\n3\n0\n"), "Rabbit Win!\n");
}

#[test]
fn unknown_problem_lists_the_known_ones() {
    let r = run(&["judge", "hdu9999"], "");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("no judge problem \"hdu9999\"") && r.stderr.contains("hdu1846"));
    assert_eq!(run(&["judge"], "").code, Some(2));
}

#[test]
fn beyond_the_bounds_exactly() {
    // The Bash game past 2^64: n = 7·(m + 1) loses, one more wins (m = 10^30).
    let m = num_bigint::BigUint::from(10u32).pow(30);
    let lose = (&m + 1u32) * 7u32;
    let input = format!("2\n{lose} {m}\n{} {m}\n", &lose + 1u32);
    assert_eq!(judge("hdu1846", &input), "second\nfirst\n");
    // The multiplication game past 2^32: 10·18^20 is a P-position, 9·18^20 + 0 an N-position.
    let t = num_bigint::BigUint::from(18u32).pow(20);
    let input = format!("{}\n{}\n", &t * 10u32, &t * 9u32);
    assert_eq!(judge("hdu1517", &input), "Ollie wins.\nStan wins.\n");
    // Wythoff's pair (165580140, 267914295), where double precision goes wrong.
    assert_eq!(
        judge("poj1067", "165580140 267914295\n165580140 267914296\n"),
        "0\n1\n"
    );
}

// ---------------------------------------------------------------------------------------------
// Property tests: random inputs against the brute forces.
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn bash_problems(cases in prop::collection::vec((1usize..120, 1usize..40), 1..20)) {
        let mut input = format!("{}\n", cases.len());
        let (mut want46, mut want88) = (String::new(), String::new());
        for &(n, m) in &cases {
            writeln!(input, "{n} {m}").unwrap();
            let w = brute::bash_wins(n, m);
            want46.push_str(if w { "first\n" } else { "second\n" });
            want88.push_str(if w { "Grass\n" } else { "Rabbit\n" });
        }
        prop_assert_eq!(judge("hdu1846", &input), want46);
        prop_assert_eq!(judge("hdu2188", &input), want88);
    }

    #[test]
    fn public_sale(cases in prop::collection::vec((1usize..100, 1usize..60), 1..20)) {
        let mut input = String::new();
        let mut want = String::new();
        for &(m, n) in &cases {
            writeln!(input, "{m} {n}").unwrap();
            let bids = brute::winning_bids(m, n);
            let line: Vec<String> = bids.iter().map(ToString::to_string).collect();
            want.push_str(if line.is_empty() { "none".into() } else { line.join(" ") }.as_str());
            want.push('\n');
        }
        prop_assert_eq!(judge("hdu2149", &input), want);
    }

    #[test]
    fn powers_of_two_and_fibonacci(ns in prop::collection::vec(0usize..300, 1..20),
                                   triples in prop::collection::vec((0usize..300, 0usize..300, 1usize..300), 1..15)) {
        let powers: Vec<usize> = (0..9).map(|i| 1usize << i).collect();
        let g = brute::subtraction_values(300, &powers);
        let input: String = ns.iter().map(|n| format!("{n}\n")).collect();
        let want: String = ns.iter().map(|&n| if g[n] != 0 { "Kiki\n" } else { "Cici\n" }).collect();
        prop_assert_eq!(judge("hdu1847", &input), want);
        let fib = [1usize, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233];
        let f = brute::subtraction_values(300, &fib);
        let mut input = String::new();
        let mut want = String::new();
        for &(a, b, c) in &triples {
            writeln!(input, "{a} {b} {c}").unwrap();
            want.push_str(if f[a] ^ f[b] ^ f[c] != 0 { "Fibo\n" } else { "Nacci\n" });
        }
        input.push_str("0 0 0\n9 9 9\n");
        prop_assert_eq!(judge("hdu1848", &input), want);
    }

    #[test]
    fn s_nim(set in prop::collection::btree_set(1usize..12, 1..4),
             positions in prop::collection::vec(prop::collection::vec(0usize..40, 1..4), 1..8)) {
        let set: Vec<usize> = set.into_iter().collect();
        let g = brute::subtraction_values(40, &set);
        let mut input = format!("{} {}\n{}\n", set.len(),
            set.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "), positions.len());
        let mut want = String::new();
        for heaps in &positions {
            writeln!(input, "{} {}", heaps.len(),
                heaps.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")).unwrap();
            want.push(if heaps.iter().fold(0, |x, &h| x ^ g[h]) != 0 { 'W' } else { 'L' });
        }
        input.push_str("0\n");
        want.push('\n');
        prop_assert_eq!(judge("hdu1536", &input), want);
    }

    #[test]
    fn nim_problems(blocks in prop::collection::vec(prop::collection::vec(0u32..7, 1..5), 1..10)) {
        let mut memo = HashMap::new();
        let mut input = String::new();
        let mut misere_input = format!("{}\n", blocks.len());
        let (mut want49, mut want50, mut want76, mut want07) =
            (String::new(), String::new(), String::new(), String::new());
        for piles in &blocks {
            let line = piles.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
            writeln!(input, "{}\n{line}", piles.len()).unwrap();
            writeln!(misere_input, "{}\n{line}", piles.len()).unwrap();
            let wins = brute::nim_wins(piles, false, &mut memo);
            want49.push_str(if wins { "Rabbit Win!\n" } else { "Grass Win!\n" });
            let moves = brute::nim_winning_moves(piles, &mut memo);
            writeln!(want50, "{}", moves.len()).unwrap();
            if moves.is_empty() {
                want76.push_str("No\n");
            } else {
                want76.push_str("Yes\n");
                for (i, to) in moves {
                    writeln!(want76, "{} {to}", piles[i]).unwrap();
                }
            }
            let misere = brute::nim_wins(piles, true, &mut memo);
            want07.push_str(if misere { "John\n" } else { "Brother\n" });
        }
        input.push_str("0\n");
        prop_assert_eq!(judge("hdu1849", &input), want49);
        prop_assert_eq!(judge("hdu1850", &input), want50);
        prop_assert_eq!(judge("hdu2176", &input), want76);
        prop_assert_eq!(judge("hdu1907", &misere_input), want07);
    }

    #[test]
    fn wythoff_problems(pairs in prop::collection::vec((0usize..30, 0usize..30), 1..20)) {
        let win = brute::wythoff_table(30);
        let mut input = String::new();
        let mut want67 = String::new();
        let mut input77 = String::new();
        let mut want77 = String::new();
        for &(a, b) in &pairs {
            writeln!(input, "{a} {b}").unwrap();
            want67.push_str(if win[a][b] { "1\n" } else { "0\n" });
            let (a, b) = (a.min(b), a.max(b));
            if (a, b) == (0, 0) {
                continue;
            }
            writeln!(input77, "{a} {b}").unwrap();
            if !win[a][b] {
                want77.push_str("0\n");
                continue;
            }
            want77.push_str("1\n");
            // As accepted solutions print them: from both piles first, then from pile a, then
            // from pile b unless a = b (where it leaves the same piles as the move from pile a);
            // a position reached two ways is printed twice.
            for t in 1..=a {
                if !win[a - t][b - t] {
                    writeln!(want77, "{} {}", a - t, b - t).unwrap();
                }
            }
            for x in (0..a).rev() {
                if !win[x][b] {
                    writeln!(want77, "{x} {b}").unwrap();
                }
            }
            if a != b {
                for y in (0..b).rev() {
                    if !win[a][y] {
                        writeln!(want77, "{} {}", a.min(y), a.max(y)).unwrap();
                    }
                }
            }
        }
        input77.push_str("0 0\n");
        prop_assert_eq!(judge("poj1067", &input), want67);
        prop_assert_eq!(judge("hdu2177", &input77), want77);
    }

    #[test]
    fn kiki_boards(boards in prop::collection::vec((1usize..25, 1usize..25), 1..20)) {
        let mut input = String::new();
        let mut want = String::new();
        for &(n, m) in &boards {
            writeln!(input, "{n} {m}").unwrap();
            want.push_str(if brute::kiki_wins(n, m) { "Wonderful!\n" } else { "What a pity!\n" });
        }
        input.push_str("0 0\n");
        prop_assert_eq!(judge("hdu2147", &input), want);
    }

    #[test]
    fn multiplication_game(ns in prop::collection::vec(2u64..200_000, 1..12)) {
        let input: String = ns.iter().map(|n| format!("{n}\n")).collect();
        let want: String = ns.iter()
            .map(|&n| if brute::stan_wins(n) { "Stan wins.\n" } else { "Ollie wins.\n" })
            .collect();
        prop_assert_eq!(judge("hdu1517", &input), want);
    }

    #[test]
    fn digital_deletions(strings in prop::collection::vec("[0-9]{1,4}", 1..15)) {
        let mut memo = HashMap::new();
        let input: String = strings.iter().map(|s| format!("{s}\n")).collect();
        let want: String = strings.iter()
            .map(|s| if brute::digits_wins(s, &mut memo) { "Yes\n" } else { "No\n" })
            .collect();
        prop_assert_eq!(judge("hdu1404", &input), want);
    }
}

#[test]
fn calendar_game_on_random_dates() {
    let wins = brute::calendar_wins();
    let mut dates: Vec<_> = wins.keys().copied().collect();
    dates.sort_unstable();
    // Every 37th date, and the month ends and the target's neighbours.
    let picked: Vec<_> = dates
        .iter()
        .copied()
        .enumerate()
        .filter(|&(i, (_, m, d))| {
            i % 37 == 0 || d >= 28 || (m, d) == (2, 1) || i + 40 > dates.len()
        })
        .map(|(_, date)| date)
        .collect();
    let mut input = format!("{}\n", picked.len());
    let mut want = String::new();
    for &(y, m, d) in &picked {
        writeln!(input, "{y} {m} {d}").unwrap();
        want.push_str(if wins[&(y, m, d)] { "YES\n" } else { "NO\n" });
    }
    assert_eq!(judge("hdu1079", &input), want);
}

// ---------------------------------------------------------------------------------------------
// The four new families against exhaustive searches of their move rules, through the library.
// ---------------------------------------------------------------------------------------------

/// Grundy values of a heap game by search, from a move rule giving the options of a heap.
fn heap_grundy(p: u64, options: &dyn Fn(u64) -> Vec<u64>, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&g) = memo.get(&p) {
        return g;
    }
    let values: Vec<u32> = options(p)
        .into_iter()
        .map(|q| heap_grundy(q, options, memo))
        .collect();
    let g = brute::mex(&values);
    memo.insert(p, g);
    g
}

fn multiply_options(m: u64) -> Vec<u64> {
    if m <= 1 {
        Vec::new()
    } else {
        (2..=9).map(|k| m.div_ceil(k)).collect()
    }
}

fn digits_options(p: u64) -> Vec<u64> {
    // p is 1 followed by the digits.
    let s = p.to_string();
    let digits = &s[1..];
    let mut out = Vec::new();
    for (i, c) in digits.bytes().enumerate() {
        if c == b'0' {
            out.push(s[..=i].parse().unwrap());
        }
        for lower in b'0'..c {
            let mut t = s.clone().into_bytes();
            t[i + 1] = lower;
            out.push(String::from_utf8(t).unwrap().parse().unwrap());
        }
    }
    out
}

/// The calendar game's Grundy values by days before the target, bottom up (every move goes
/// to fewer days).
fn calendar_values() -> &'static [u32] {
    static VALUES: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    VALUES.get_or_init(|| {
        let options = calendar_options_table();
        let mut g = vec![0u32; options.len()];
        for p in 0..options.len() {
            let values: Vec<u32> = options[p].iter().map(|&q| g[q as usize]).collect();
            g[p] = brute::mex(&values);
        }
        g
    })
}

fn calendar_options_table() -> Vec<Vec<u64>> {
    // Days before 2001-11-04 back to 1900-01-01, by the brute force's own calendar.
    let wins = brute::calendar_wins();
    let mut dates: Vec<_> = wins.keys().copied().collect();
    dates.sort_unstable();
    dates.reverse(); // dates[p] is p days before the target
    let index: HashMap<_, u64> = dates
        .iter()
        .enumerate()
        .map(|(p, &d)| (d, p as u64))
        .collect();
    dates
        .iter()
        .enumerate()
        .map(|(p, &(y, m, d))| {
            let mut out = Vec::new();
            if p > 0 {
                out.push(p as u64 - 1);
            }
            let (ny, nm) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
            if d <= brute::days_in_month(ny, nm)
                && let Some(&q) = index.get(&(ny, nm, d))
            {
                out.push(q);
            }
            out
        })
        .collect()
}

/// The library's normal-play Grundy value and outcome of a position in the grammar of sums.
fn library(position: &str, play: Play) -> (Option<Nat>, Outcome) {
    let game = Game::new(Rules::nim(), play, Limits::default());
    let sum = parse_sum(position, &Rules::nim()).expect("a position");
    let a = game.analyze(&sum).expect("analysed");
    (a.grundy, a.outcome)
}

/// Kiki's Grundy values by search.
fn kiki_grundy(a: u64, b: u64, memo: &mut HashMap<(u64, u64), u32>) -> u32 {
    if let Some(&g) = memo.get(&(a, b)) {
        return g;
    }
    let mut values = Vec::new();
    if a > 0 {
        values.push(kiki_grundy(a - 1, b, memo));
    }
    if b > 0 {
        values.push(kiki_grundy(a, b - 1, memo));
    }
    if a > 0 && b > 0 {
        values.push(kiki_grundy(a - 1, b - 1, memo));
    }
    let g = brute::mex(&values);
    memo.insert((a, b), g);
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Sums of the new families: the library's Grundy value is the xor of the searched ones, and
    /// the winning moves it lists each leave a position of value 0.
    #[test]
    fn new_families_in_sums(a in 0u64..40, b in 0u64..40, m in 1u64..5000, d in 0u64..37_197,
                            s in "[0-9]{0,4}") {
        let mut km = HashMap::new();
        let mut mm = HashMap::new();
        let mut dm = HashMap::new();
        let cal = calendar_values();
        let want = kiki_grundy(a, b, &mut km)
            ^ heap_grundy(m, &multiply_options, &mut mm)
            ^ cal[d as usize]
            ^ heap_grundy(format!("1{s}").parse().unwrap(), &digits_options, &mut dm);
        let position = format!("kiki {a} {b} + multiply {m} + calendar {d} + digits 1{s}");
        let (g, outcome) = library(&position, Play::Normal);
        prop_assert_eq!(g, Some(Nat::from(u64::from(want))), "{}", position);
        prop_assert_eq!(outcome == Outcome::N, want != 0);
        // Each family alone, each value.
        for (spec, value) in [
            (format!("kiki {a} {b}"), kiki_grundy(a, b, &mut km)),
            (format!("multiply {m}"), heap_grundy(m, &multiply_options, &mut mm)),
            (format!("calendar {d}"), cal[d as usize]),
        ] {
            prop_assert_eq!(library(&spec, Play::Normal).0, Some(Nat::from(u64::from(value))), "{}", spec);
        }
    }

    /// Misère play of small positions of the new families (the library's exhaustive search)
    /// against a search of the move rules.
    #[test]
    fn new_families_misere(a in 0u64..8, b in 0u64..8, m in 1u64..300) {
        fn misere_wins(state: (u64, u64, u64), memo: &mut HashMap<(u64, u64, u64), bool>) -> bool {
            if let Some(&w) = memo.get(&state) {
                return w;
            }
            let (a, b, m) = state;
            let mut next = Vec::new();
            if a > 0 { next.push((a - 1, b, m)); }
            if b > 0 { next.push((a, b - 1, m)); }
            if a > 0 && b > 0 { next.push((a - 1, b - 1, m)); }
            for q in multiply_options(m) { next.push((a, b, q)); }
            // No move left: under misère play the player to move wins.
            let w = next.is_empty() || next.into_iter().any(|n| !misere_wins(n, memo));
            memo.insert(state, w);
            w
        }
        let want = misere_wins((a, b, m), &mut HashMap::new());
        let (_, outcome) = library(&format!("kiki {a} {b} + multiply {m}"), Play::Misere);
        prop_assert_eq!(outcome == Outcome::N, want);
    }
}

/// `analyze digits 0123` analysed the string "23": the number 0123 is 123, the heap of "23".
/// A digit string may start with 0 (HDU 1404's `00` is a position): a pile that starts with 0
/// is now the string as written, in arguments, in a sum, on standard input, and agrees with
/// the judge's answer for the same string.
#[test]
fn digit_string_keeps_its_leading_zeros() {
    let piles = |v: &serde_json::Value| crate::common::cli::pile_digits(v);
    let v = crate::common::cli::ok_json(&["analyze", "--json", "digits", "0123"]);
    assert_eq!(piles(&v), ["10123"]);
    let heap = crate::common::cli::ok_json(&["analyze", "--json", "digits", "10123"]);
    assert_eq!(v["outcome"], heap["outcome"]);
    let lines = crate::common::cli::json_lines(&ok_stdin(
        &["analyze", "--json", "--game", "digits"],
        "0123\n00\n0\n123\nnim 3 + digits 007\n",
    ));
    let got: Vec<Vec<String>> = lines.iter().map(piles).collect();
    assert_eq!(
        got,
        [
            vec!["10123"],
            vec!["100"],
            vec!["10"],
            vec!["123"],
            vec!["3", "1007"]
        ]
    );
    // The judge reads the same strings; its Yes is the first player's win.
    let strings = ["00", "0", "0123", "007", "01", "0999"];
    let input: String = strings.iter().map(|s| format!("{s}\n")).collect();
    let judged = ok_stdin(&["judge", "hdu1404"], &input);
    for (s, answer) in strings.iter().zip(judged.lines()) {
        let v = crate::common::cli::ok_json(&["analyze", "--json", "digits", s]);
        let wins = v["outcome"] == "N";
        assert_eq!(
            answer == "Yes",
            wins,
            "{s}: judge {answer}, analyze {}",
            v["outcome"]
        );
    }
    // grundy reads the strings alike.
    assert_eq!(
        ok_stdin(&["grundy", "--game", "digits", "0123", "00"], ""),
        ok_stdin(&["grundy", "--game", "digits", "10123", "100"], "")
    );
    // A pile that starts with 2 to 9 is still no position (a heap starts with 1).
    let r = run(&["analyze", "digits", "23"], b"");
    assert_eq!(r.code, Some(2));
}

// ---------------------------------------------------------------------------------------------
// Heaps given as numbers (POJ 2234, HDU 3032, HDU 2509) and pieces on rows (HDU 1730, POJ 1704).
// ---------------------------------------------------------------------------------------------

/// HDU 1730's statement sample is not at hand; positions worked by hand instead. Two rows with
/// adjacent pieces and one with a square between them: Tom closes that gap and wins. Equal gaps
/// of 2 and 2: Jerry answers each move in the other row. A row where Jerry's piece is left of
/// Tom's counts the same. Blank lines between blocks, as the statement warns.
#[test]
fn northcott_gaps_worked_by_hand() {
    assert_eq!(
        judge(
            "hdu1730",
            "3 6\n4 5\n1 2\n1 2\n\n\n3 6\n4 5\n1 3\n1 2\n2 8\n1 4\n5 8\n\n1 9\n9 1\n"
        ),
        "BAD LUCK!\nI WIN!\nBAD LUCK!\nI WIN!\n"
    );
}

/// Lasker's Nim's heaps reach 2^31 − 1 in HDU 3032; counting a heap's moves went through every
/// amount (over a minute for one heap). g(2^31 − 1) = 2^31 (a heap of 4k + 3), g(5) = 5,
/// g(9) = 9: the nim-sum is not 0. 2^31 (= 4k + 4, g = 2^31 − 1), 2^31 − 2 (= 4k + 2, g = 2^31 − 2)
/// and 1: (2^31 − 1) ⊕ (2^31 − 2) ⊕ 1 = 0.
#[test]
fn laskers_nim_heaps_of_two_to_the_31() {
    assert_eq!(
        judge(
            "hdu3032",
            "2\n3\n2147483647 5 9\n3\n2147483648 2147483646 1\n"
        ),
        "Alice\nBob\n"
    );
}

/// A block of the Northcott game for the property test: rows, columns and each row's
/// (Tom, Jerry) columns.
fn northcott_block() -> impl Strategy<Value = (usize, u32, Vec<(u32, u32)>)> {
    (1usize..=3, 2u32..=6).prop_flat_map(|(rows, columns)| {
        let row = (1..=columns, 1..columns).prop_map(|(b, w)| (b, if w >= b { w + 1 } else { w }));
        (
            Just(rows),
            Just(columns),
            prop::collection::vec(row, rows..=rows),
        )
    })
}

// Games on graphs against the exhaustive searches of tests/it/common/graph_brute.rs.
// ---------------------------------------------------------------------------------------------

/// A chess game whose graph has a cycle is refused (the statement's graph has none), naming
/// the line of its N.
#[test]
fn chess_game_refuses_a_graph_with_a_cycle() {
    let r = run(&["judge", "hdu1524"], "1\n0\n1 0\n0\n2\n1 1\n1 0\n1 0\n0\n");
    assert_eq!((r.code, r.stdout.as_str()), (Some(2), "LOSE\n"));
    assert!(
        r.stderr
            .contains("line 5: the graph of this test case has a cycle"),
        "{}",
        r.stderr
    );
}

/// A tree game whose N − 1 edges close a cycle (so leave a vertex out) is refused at the edge
/// that closes it, after the answers of the test cases before it: the statement's graph is a
/// tree.
#[test]
fn tree_game_refuses_edges_that_close_a_cycle() {
    let r = run(&["judge", "hdu3094"], "2\n2\n1 2\n4\n1 2\n2 3\n3 1\n");
    assert_eq!((r.code, r.stdout.as_str()), (Some(2), "Alice\n"));
    assert!(
        r.stderr.contains("line 7: \"1\" closes a cycle"),
        "{}",
        r.stderr
    );
    // A loop closes one alone.
    let r = run(&["judge", "hdu3094"], "1\n3\n1 2\n2 2\n");
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("line 4: \"2\" closes a cycle"),
        "{}",
        r.stderr
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn heap_problems(blocks in prop::collection::vec(prop::collection::vec(1u32..7, 1..5), 1..10)) {
        let (mut nim, mut lasker, mut apples) = (HashMap::new(), HashMap::new(), HashMap::new());
        let mut input34 = String::new();
        let mut input32 = format!("{}\n", blocks.len());
        let mut input09 = String::new();
        let (mut want34, mut want32, mut want09) = (String::new(), String::new(), String::new());
        for heaps in &blocks {
            let line = heaps.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
            writeln!(input34, "{} {line}", heaps.len()).unwrap();
            writeln!(input32, "{}\n{line}", heaps.len()).unwrap();
            writeln!(input09, "{}\n{line}", heaps.len()).unwrap();
            want34.push_str(if brute::nim_wins(heaps, false, &mut nim) { "Yes\n" } else { "No\n" });
            want32.push_str(if brute::lasker_wins(heaps, &mut lasker) { "Alice\n" } else { "Bob\n" });
            want09.push_str(if brute::apples_win(heaps, &mut apples) { "Yes\n" } else { "No\n" });
        }
        prop_assert_eq!(judge("poj2234", &input34), want34);
        prop_assert_eq!(judge("hdu3032", &input32), want32);
        prop_assert_eq!(judge("hdu2509", &input09), want09);
    }

    #[test]
    fn northcott_game(blocks in prop::collection::vec((northcott_block(), 0usize..3), 1..6)) {
        let mut boards: HashMap<(usize, u32), brute::NorthcottBoard> = HashMap::new();
        let mut input = String::new();
        let mut want = String::new();
        for ((rows, columns, placed), blanks) in &blocks {
            writeln!(input, "{rows} {columns}").unwrap();
            for (t, j) in placed {
                writeln!(input, "{t} {j}").unwrap();
            }
            input.push_str(&"\n".repeat(*blanks));
            let board = boards
                .entry((*rows, *columns))
                .or_insert_with(|| brute::NorthcottBoard::new(*rows, *columns));
            let tom = board.winner(placed) == brute::Northcott::TomWins;
            want.push_str(if tom { "I WIN!\n" } else { "BAD LUCK!\n" });
        }
        prop_assert_eq!(judge("hdu1730", &input), want);
    }

    #[test]
    fn georgia_and_bob(cases in prop::collection::vec(
        prop::collection::btree_set(1u64..=12, 1..=4).prop_flat_map(|set| {
            let cells: Vec<u64> = set.into_iter().collect();
            Just(cells).prop_shuffle()
        }), 1..8)) {
        let mut oracle = MovingOracle::default();
        let mut input = format!("{}\n", cases.len());
        let mut want = String::new();
        for cells in &cases {
            let line = cells.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
            writeln!(input, "{}\n{line}", cells.len()).unwrap();
            let georgia = oracle.mover_wins(&[Piece::Slide(cells.clone())], Compound::Disjunctive, false);
            want.push_str(if georgia { "Georgia will win\n" } else { "Bob will win\n" });
        }
        prop_assert_eq!(judge("poj1704", &input), want);
    }

    #[test]
    fn chess_game_on_random_dags(
        cases in prop::collection::vec(
            (prop::collection::vec((0usize..8, 0usize..8), 0..14),
             prop::collection::vec(prop::collection::vec(0usize..8, 1..4), 1..6)),
            1..5),
    ) {
        use crate::common::graph_brute::{Outcome as O, token_outcomes};
        let mut input = String::new();
        let mut want = String::new();
        for (edges, queries) in &cases {
            // Edges only go down: an acyclic graph on 8 positions.
            let mut succ = vec![Vec::new(); 8];
            for &(a, b) in edges {
                if a > b {
                    succ[a].push(b);
                }
            }
            writeln!(input, "8").unwrap();
            for row in &succ {
                let r: Vec<String> = row.iter().map(ToString::to_string).collect();
                writeln!(input, "{} {}", row.len(), r.join(" ")).unwrap();
            }
            for q in queries {
                let r: Vec<String> = q.iter().map(ToString::to_string).collect();
                writeln!(input, "{} {}", q.len(), r.join(" ")).unwrap();
                let mut sorted = q.clone();
                sorted.sort_unstable();
                let o = token_outcomes(&succ, q.len())[&sorted];
                want.push_str(if o == O::Win { "WIN\n" } else { "LOSE\n" });
            }
            writeln!(input, "0").unwrap();
        }
        prop_assert_eq!(judge("hdu1524", &input), want);
    }

    #[test]
    fn tree_game_on_random_trees(trees in prop::collection::vec(prop::collection::vec(any::<u32>(), 0..9), 1..6)) {
        use crate::common::graph_brute::hackenbush_grundy;
        let mut input = format!("{}\n", trees.len());
        let mut want = String::new();
        for seeds in &trees {
            // Vertex i + 2 hangs from a vertex before it (1 the root); edges written either way.
            let edges: Vec<(u32, u32)> = seeds.iter().enumerate().map(|(i, s)| (s % (i as u32 + 1), i as u32 + 1)).collect();
            writeln!(input, "{}", seeds.len() + 1).unwrap();
            for (k, &(a, b)) in edges.iter().enumerate() {
                let (x, y) = if k % 2 == 0 { (a + 1, b + 1) } else { (b + 1, a + 1) };
                writeln!(input, "{x} {y}").unwrap();
            }
            let g = hackenbush_grundy(&edges, &mut HashMap::new());
            want.push_str(if g != 0 { "Alice\n" } else { "Bob\n" });
        }
        prop_assert_eq!(judge("hdu3094", &input), want);
    }

    #[test]
    fn christmas_game_on_random_trees_with_cycles(
        forests in prop::collection::vec(
            prop::collection::vec((prop::collection::vec(any::<u32>(), 0..4), prop::collection::vec((0u32..4, 0u32..3), 0..2)), 1..3),
            1..4),
    ) {
        use crate::common::graph_brute::hackenbush_grundy;
        let mut input = String::new();
        let mut want = String::new();
        for forest in &forests {
            writeln!(input, "{}", forest.len()).unwrap();
            let mut value = 0;
            for (seeds, gifts) in forest {
                // A tree, then gifts: a cycle of 2 to 4 edges hanging from one of its nodes.
                let mut edges: Vec<(u32, u32)> = seeds.iter().enumerate().map(|(i, s)| (s % (i as u32 + 1), i as u32 + 1)).collect();
                let mut nodes = seeds.len() as u32 + 1;
                for &(at, extra) in gifts {
                    let hang = at % nodes;
                    let mut prev = hang;
                    for _ in 0..=extra {
                        edges.push((prev, nodes));
                        prev = nodes;
                        nodes += 1;
                    }
                    edges.push((prev, hang));
                }
                writeln!(input, "{nodes} {}", edges.len()).unwrap();
                for &(a, b) in &edges {
                    writeln!(input, "{} {}", a + 1, b + 1).unwrap();
                }
                value ^= hackenbush_grundy(&edges, &mut HashMap::new());
            }
            want.push_str(if value != 0 { "Sally\n" } else { "Harry\n" });
        }
        prop_assert_eq!(judge("poj3710", &input), want);
    }
}
