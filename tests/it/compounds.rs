//! Compounds other than the sum (`--compound conjunctive|continued|selective`) against the
//! independent search of `common::compound_brute`, which plays the compound's own game tree
//! from its rule alone: on random small positions of Nim, subtraction games, Kayles and Euclid's game (HDU 3595's piles), the
//! outcome, and that the printed winning move (the whole position `after` it) is a legal move
//! of the compound that leaves a position lost for the player who then moves. Also the move
//! command, misère play refused, and the search limit named.

use crate::common::cli::{json_lines, ok, ok_json, ok_stdin, run};
use crate::common::compound_brute::{Kind, Oracle, Part, Rule, moves, read};

/// A small deterministic generator (the positions are the same at every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn random_part(rng: &mut Lcg) -> Part {
    if rng.below(5) == 0 {
        // Euclid's game needs two positive numbers.
        let heaps = vec![1 + rng.below(9), 1 + rng.below(9)];
        return Part {
            kind: Kind::Euclid,
            heaps,
        };
    }
    let (kind, heaps, top) = match rng.below(4) {
        0 => (Kind::Nim, 1 + rng.below(2), 4),
        1 => (Kind::Subtract(vec![1, 3]), 1 + rng.below(2), 6),
        2 => (Kind::Subtract(vec![2, 3]), 1, 7),
        _ => (Kind::Kayles, 1, 6),
    };
    let heaps = (0..heaps).map(|_| rng.below(top + 1)).collect();
    let mut p = Part {
        kind,
        heaps: Vec::new(),
    };
    p.heaps = heaps;
    p
}

fn random_position(rng: &mut Lcg) -> Vec<Part> {
    (0..1 + rng.below(3)).map(|_| random_part(rng)).collect()
}

/// The position as input text, and as the oracle's (heaps sorted, empty heaps dropped).
fn text(position: &[Part]) -> String {
    position
        .iter()
        .map(Part::text)
        .collect::<Vec<_>>()
        .join(" + ")
}

fn canonical(position: &[Part]) -> Vec<Part> {
    read(&text(position), position)
}

/// Checks `count` random positions of `rule` in one batch of `analyze --json`.
fn check(rule: Rule, count: usize, seed: u64) {
    let mut rng = Lcg(seed);
    let positions: Vec<Vec<Part>> = (0..count).map(|_| random_position(&mut rng)).collect();
    let input: String = positions.iter().map(|p| text(p) + "\n").collect();
    let out = ok_stdin(&["analyze", "--json", "--compound", rule.flag()], input);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), count);
    let mut oracle = Oracle::default();
    let (mut won, mut lost) = (0, 0);
    for (position, json) in positions.iter().zip(&lines) {
        let position = canonical(position);
        let wins = oracle.wins(rule, &position);
        let at = text(&position);
        assert_eq!(json["compound"], rule.flag());
        assert_eq!(
            json["outcome"],
            if wins { "N" } else { "P" },
            "{rule:?} {at}"
        );
        if !wins {
            lost += 1;
            assert!(json.get("after").is_none(), "{rule:?} {at}: {json}");
            continue;
        }
        won += 1;
        let after = read(json["after"].as_str().expect("after"), &position);
        assert!(
            moves(rule, &position).contains(&after),
            "{rule:?} {at}: {after:?} is no move of the compound"
        );
        assert!(
            !oracle.wins(rule, &after),
            "{rule:?} {at}: the move to {after:?} does not win"
        );
    }
    // Both outcomes occur often enough for the check to mean something.
    assert!(
        won > count / 10 && lost > count / 20,
        "{won} won, {lost} lost"
    );
}

#[test]
fn conjunctive_against_the_game_tree() {
    check(Rule::Conjunctive, 1500, 1);
}

#[test]
fn continued_against_the_game_tree() {
    check(Rule::Continued, 1500, 2);
}

#[test]
fn selective_against_the_game_tree() {
    check(Rule::Selective, 1500, 3);
}

#[test]
fn the_numbers_that_decide() {
    // Nim 3 4 has remoteness 7 (Smith), Kayles 5 remoteness 5, a Nim heap 1.
    let j = ok_json(&[
        "analyze",
        "--json",
        "--compound",
        "conjunctive",
        "nim 3 4 + kayles 5 + 7",
    ]);
    assert_eq!(j["numbers"], serde_json::json!([7, 5, 1]));
    assert_eq!(j["decisive"], 1);
    assert_eq!(j["decided_by"], "remoteness");
    assert_eq!(j["after"], "3 3 + kayles 2 2 + 0");
    let j = ok_json(&["analyze", "--json", "--compound", "continued", "5 + 0"]);
    assert_eq!(j["numbers"], serde_json::json!([1, 0]));
    assert_eq!(j["after"], "0 + 0");
    let j = ok_json(&["analyze", "--json", "--compound", "selective", "2 2 + 0"]);
    assert_eq!(j["outcome"], "P");
    assert_eq!(j["numbers"], serde_json::json!([0, 0]));
}

#[test]
fn move_gives_the_same_winning_move() {
    for rule in ["conjunctive", "continued", "selective"] {
        let position = "nim 3 4 + kayles 5 + subtract:1,3 6";
        let a = ok_json(&["analyze", "--json", "--compound", rule, position]);
        let m = ok_json(&["move", "--json", "--compound", rule, position]);
        assert_eq!(a["after"], m["after"], "{rule}");
        assert_eq!(a["outcome"], m["outcome"], "{rule}");
    }
    // Human output and --explain, in both languages, end with a newline and fail nothing.
    for lang in ["en", "zh"] {
        let out = ok(&[
            "--lang",
            lang,
            "analyze",
            "--explain",
            "--compound",
            "continued",
            "euclid 3 7 + 5",
        ]);
        assert_eq!(out.lines().count(), 5, "{out}");
    }
}

#[test]
fn misere_and_the_search_limit_are_refused() {
    let r = run(
        &["analyze", "--misere", "--compound", "conjunctive", "3 + 4"],
        b"",
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stdout.is_empty());
    let r = run(
        &[
            "analyze",
            "--search-limit",
            "100",
            "--compound",
            "continued",
            "nim 9 9 9",
        ],
        b"",
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("100") && r.stderr.contains("--search-limit"),
        "{}",
        r.stderr
    );
    // The selective compound needs no search: each component's own theory decides it.
    let j = ok_json(&[
        "analyze",
        "--json",
        "--search-limit",
        "100",
        "--compound",
        "selective",
        "nim 9 9 9 + 123456789012345678901234567890",
    ]);
    assert_eq!(j["outcome"], "N");
}

#[test]
fn a_batch_keeps_its_lines_and_quiet_its_exit_status() {
    // A line past the limit fails in its place; the others are answered.
    let r = run(
        &[
            "analyze",
            "--json",
            "--compound",
            "continued",
            "--search-limit",
            "100",
        ],
        "3\nnim 9 9 9\n2 2\n",
    );
    assert_eq!(r.code, Some(2));
    let lines = json_lines(&r.stdout);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["outcome"], "N");
    assert!(lines[1]["error"].is_string());
    assert_eq!(
        (lines[2]["line"].as_u64(), &lines[2]["outcome"]),
        (Some(3), &serde_json::json!("P"))
    );
    // --quiet: exit 0 iff the player to move wins every position.
    let quiet = |stdin: &str| run(&["analyze", "--quiet", "--compound", "selective"], stdin).code;
    assert_eq!(quiet("3 3 + 1\n4\n"), Some(0));
    assert_eq!(quiet("3 3\n4\n"), Some(1));
}
