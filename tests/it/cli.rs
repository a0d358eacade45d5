//! Command-line tests of the `nimsolve` binary: exact human lines, JSON parsed back and compared
//! by value, stdin batches with bad lines, exit codes, a closed stdout, usage errors and the rule
//! families.

use std::io::{BufRead, BufReader, Write};
use std::process::{self, Stdio};
use std::thread;

use crate::common::cli::{BIN, digits, json_lines, nimsolve, ok, ok_json, pile_digits, run};
use num_bigint::BigUint;
use predicates::prelude::*;
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// Helpers (running the binary: tests/it/common/cli.rs).
// ---------------------------------------------------------------------------------------------

/// A JSON number of any size, exactly as written (`arbitrary_precision`).
fn num(digits: &str) -> Value {
    let value: Value = serde_json::from_str(digits).expect("a JSON number");
    assert!(value.is_number());
    value
}

/// A pile list as a JSON array of numbers.
fn piles(values: &[u64]) -> Value {
    json!(values)
}

/// A Nim move as JSON: take `take` from pile `pile` (1-based), `from` → `to`.
fn nim_move(pile: u64, from: u64, to: u64, take: u64) -> Value {
    json!({"pile": pile, "from": from, "to": to, "take": take})
}

/// The `move` object of a JSON answer, keeping only the documented keys.
fn move_of(value: &Value) -> Value {
    let m = value["move"].as_object().expect("a move object");
    let mut out = serde_json::Map::new();
    for key in ["pile", "from", "to", "take"] {
        if let Some(v) = m.get(key) {
            out.insert(key.to_owned(), v.clone());
        }
    }
    Value::Object(out)
}

/// The winning moves of an `analyze --json` answer, each keeping only the documented keys.
fn winning_moves(value: &Value) -> Vec<Value> {
    value["winning_moves"]
        .as_array()
        .expect("winning_moves is an array")
        .iter()
        .map(|m| {
            let mut out = serde_json::Map::new();
            // Every move names its component, also in a position of one.
            assert_eq!(m["component"], 1, "{m}");
            for key in ["pile", "from", "to", "take"] {
                if let Some(v) = m.get(key) {
                    out.insert(key.to_owned(), v.clone());
                }
            }
            Value::Object(out)
        })
        .collect()
}

/// A non-negative number of a JSON answer.
fn big(value: &Value) -> BigUint {
    digits(value).parse().expect("a non-negative integer")
}

// ---------------------------------------------------------------------------------------------
// Human output.
// ---------------------------------------------------------------------------------------------

#[test]
fn analyze_3_5_7_human_line() {
    nimsolve()
        .args(["analyze", "3", "5", "7"])
        .assert()
        .success()
        .stderr("")
        .stdout(
            "N-position (S2) in Nim, normal play: the player to move wins; nim-sum 1; \
             3 winning moves, e.g. take 1 from pile 1 (3 → 2); remoteness 15\n",
        );
}

#[test]
fn analyze_misere_1_1_1_human_line() {
    nimsolve()
        .args(["analyze", "--misere", "1", "1", "1"])
        .assert()
        .success()
        .stderr("")
        .stdout(
            "P-position (S0) in Nim, misère play: the player to move loses against perfect play; \
             nim-sum 1; remoteness 3\n",
        );
}

#[test]
fn move_human_lines() {
    assert_eq!(
        ok(&["move", "--misere", "1", "1", "4"]),
        "take 3 from pile 3 (4 → 1) → 1 1 1: a winning move (N-position (S1), Nim, misère play)\n"
    );
    assert_eq!(
        ok(&["move", "1", "2", "3"]),
        "take 1 from pile 1 (1 → 0) → 0 2 3: no move wins, the position is lost against perfect \
         play (P-position (T2), Nim, normal play); it delays the loss longest (remoteness 6)\n"
    );
    assert_eq!(
        ok(&["move", "2", "2", "1000000", "1000000"]),
        "take 1 from pile 3 (1000000 → 999999) → 2 2 999999 1000000: no move wins, the \
         position is lost against perfect play (P-position (T2), Nim, normal play); beyond the \
         search limit, so the fallback rule chose it (the least amount from the largest pile)\n"
    );
}

#[test]
fn human_output_always_names_the_play_convention() {
    let positions: &[&[&str]] = &[
        &["3", "5", "7"],
        &["1", "2", "3"],
        &["1", "1", "1"],
        &["0"],
        &["1", "1", "4"],
        &["18446744073709551616", "1"],
    ];
    let rules: &[&[&str]] = &[
        &[],
        &["--max-take", "3"],
        &["--subtract", "2,5"],
        &["--subtract", "powers-of-two"],
    ];
    for command in ["analyze", "move"] {
        for rule in rules {
            for position in positions {
                // Misère play of a huge position needs an exhaustive search beyond the limit,
                // except in Nim.
                if !rule.is_empty() && position[0].len() > 10 {
                    continue;
                }
                for misere in [false, true] {
                    let mut args = vec![command];
                    if misere {
                        args.push("--misere");
                    }
                    args.extend_from_slice(rule);
                    args.extend_from_slice(position);
                    let out = ok(&args);
                    let (want, other) = if misere {
                        ("misère play", "normal play")
                    } else {
                        ("normal play", "misère play")
                    };
                    assert!(out.contains(want), "nimsolve {args:?} → {out:?}");
                    assert!(!out.contains(other), "nimsolve {args:?} → {out:?}");
                }
            }
        }
    }
    // Wythoff's game, --explain and play name it too.
    for (args, want) in [
        (vec!["analyze", "--wythoff", "3", "5"], "normal play"),
        (
            vec!["analyze", "--wythoff", "--misere", "2", "2"],
            "misère play",
        ),
        (vec!["move", "--wythoff", "4", "5"], "normal play"),
        (vec!["analyze", "--explain", "3", "5", "7"], "normal play"),
        (
            vec!["analyze", "--explain", "--misere", "1", "1", "4"],
            "misère play",
        ),
        (vec!["play", "7", "8", "9"], "normal play"),
        (vec!["play", "--misere", "1", "2", "3"], "misère play"),
    ] {
        let out = ok(&args);
        assert!(out.contains(want), "nimsolve {args:?} → {out:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// JSON of analyze and move.
// ---------------------------------------------------------------------------------------------

#[test]
fn analyze_json_3_5_7() {
    let v = ok_json(&["analyze", "--json", "3", "5", "7"]);
    assert_eq!(v["piles"], piles(&[3, 5, 7]));
    assert_eq!(v["play"], "normal");
    assert_eq!(v["nim_sum"], 1);
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["state"], "S2");
    assert_eq!(v["outcome"], "N");
    assert!(v["rules"].is_object());
    assert_eq!(v["pile_grundy"], piles(&[3, 5, 7]));
    assert_eq!(
        winning_moves(&v),
        vec![
            nim_move(1, 3, 2, 1),
            nim_move(2, 5, 4, 1),
            nim_move(3, 7, 6, 1)
        ]
    );
    // Every winning move leaves nim-sum 0.
    for m in winning_moves(&v) {
        let pile = usize::try_from(m["pile"].as_u64().unwrap()).unwrap();
        let mut after = [3u64, 5, 7];
        after[pile - 1] = m["to"].as_u64().unwrap();
        assert_eq!(after.iter().fold(0, |a, b| a ^ b), 0);
        assert_eq!(
            m["take"].as_u64().unwrap(),
            m["from"].as_u64().unwrap() - m["to"].as_u64().unwrap()
        );
    }
}

#[test]
fn analyze_json_p_position_and_misere() {
    let v = ok_json(&["analyze", "--json", "1", "2", "3"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["nim_sum"], 0);
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["state"], "T2");
    assert_eq!(v["winning_moves"], json!([]));

    let v = ok_json(&["analyze", "--json", "--misere", "1", "1", "1"]);
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["state"], "S0");
    assert_eq!(v["nim_sum"], 1);
    assert!(v.get("grundy").is_none(), "grundy only under normal play");
    assert_eq!(v["winning_moves"], json!([]));

    // Misère play of the empty position: the opponent took the last object.
    let v = ok_json(&["analyze", "--json", "--misere", "0"]);
    assert_eq!(v["outcome"], "N");
    let v = ok_json(&["analyze", "--json", "0"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["state"], "T0");
}

#[test]
fn move_json_misere_1_1_4() {
    let v = ok_json(&["move", "--json", "--misere", "1", "1", "4"]);
    assert_eq!(v["piles"], piles(&[1, 1, 4]));
    assert_eq!(v["play"], "misere");
    assert_eq!(v["state"], "S1");
    assert_eq!(v["outcome"], "N");
    assert_eq!(move_of(&v), nim_move(3, 4, 1, 3));
    assert_eq!(v["after"], piles(&[1, 1, 1]));
}

#[test]
fn move_2_1_normal_and_misere_differ() {
    let normal = ok_json(&["move", "--json", "2", "1"]);
    assert_eq!(normal["play"], "normal");
    assert_eq!(normal["outcome"], "N");
    assert_eq!(move_of(&normal), nim_move(1, 2, 1, 1));
    assert_eq!(normal["after"], piles(&[1, 1]));

    let misere = ok_json(&["move", "--json", "--misere", "2", "1"]);
    assert_eq!(misere["play"], "misere");
    assert_eq!(misere["outcome"], "N");
    assert_eq!(move_of(&misere), nim_move(1, 2, 0, 2));
    assert_eq!(misere["after"], piles(&[0, 1]));
}

#[test]
fn move_in_a_p_position_delays_the_loss_and_says_it_is_lost() {
    // Within the search limit: the move that delays the loss longest (ties: the lowest pile,
    // the smallest take); beyond it, the fallback: take one from the largest pile, the
    // lowest-numbered among equals.
    let cases: &[(&[&str], Value, &[u64])] = &[
        (&["1", "2", "3"], nim_move(1, 1, 0, 1), &[0, 2, 3]),
        (&["5", "5"], nim_move(1, 5, 4, 1), &[4, 5]),
        (&["1", "3", "1", "3"], nim_move(1, 1, 0, 1), &[0, 3, 1, 3]),
        (
            &["--misere", "1", "1", "1"],
            nim_move(1, 1, 0, 1),
            &[0, 1, 1],
        ),
        (&["--misere", "2", "2"], nim_move(1, 2, 1, 1), &[1, 2]),
        (&["1000", "1000"], nim_move(1, 1000, 999, 1), &[999, 1000]),
        (
            &["3", "1000", "1000", "3"],
            nim_move(2, 1000, 999, 1),
            &[3, 999, 1000, 3],
        ),
    ];
    for (position, want, after) in cases {
        let mut args = vec!["move", "--json"];
        args.extend_from_slice(position);
        let v = ok_json(&args);
        assert_eq!(v["outcome"], "P", "{args:?}");
        assert_eq!(v["winning"], false, "{args:?}");
        assert_eq!(&move_of(&v), want, "{args:?}");
        assert_eq!(v["after"], piles(after), "{args:?}");

        let mut args = vec!["move"];
        args.extend_from_slice(position);
        let out = ok(&args);
        assert!(
            out.contains("lost") && out.contains("no move wins"),
            "{args:?} → {out:?}"
        );
        // Which rule chose the move.
        let searched = v.get("remoteness").is_some();
        assert_eq!(!searched, position.contains(&"1000"), "{args:?}");
        let why = if searched {
            "it delays the loss longest"
        } else {
            "fallback rule"
        };
        assert!(out.contains(why), "{args:?} → {out:?}");
    }
}

#[test]
fn move_with_no_move_left_is_null() {
    let v = ok_json(&["move", "--json", "0"]);
    assert_eq!(v["move"], Value::Null);
    assert_eq!(v["outcome"], "P");
    let v = ok_json(&["move", "--json", "--misere", "0", "0"]);
    assert_eq!(v["move"], Value::Null);
    assert_eq!(v["outcome"], "N");
    let out = ok(&["move", "0"]);
    assert!(out.contains("no move is left"), "{out:?}");
}

#[test]
fn move_all_lists_every_winning_move() {
    let v = ok_json(&["move", "--json", "--all", "7", "11", "13"]);
    assert_eq!(move_of(&v), nim_move(1, 7, 6, 1));
    assert_eq!(
        winning_moves(&v),
        vec![
            nim_move(1, 7, 6, 1),
            nim_move(2, 11, 10, 1),
            nim_move(3, 13, 12, 1)
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Numbers beyond 2^64.
// ---------------------------------------------------------------------------------------------

#[test]
fn piles_beyond_u64_are_exact() {
    let v = ok_json(&["analyze", "--json", "18446744073709551616", "1"]);
    assert_eq!(digits(&v["grundy"]), "18446744073709551617");
    assert_eq!(v["grundy"], num("18446744073709551617"));
    assert_eq!(v["nim_sum"], num("18446744073709551617"));
    assert_eq!(v["piles"], json!([num("18446744073709551616"), 1]));
    assert_eq!(
        winning_moves(&v),
        vec![json!({
            "pile": 1,
            "from": num("18446744073709551616"),
            "to": 1,
            "take": num("18446744073709551615"),
        })]
    );
    let out = ok(&["analyze", "18446744073709551616", "1"]);
    assert!(out.contains("nim-sum 18446744073709551617"), "{out:?}");
}

#[test]
fn forty_digit_piles() {
    let small = "1234567890123456789012345678901234567890";
    let large = "9876543210987654321098765432109876543210";
    let (small_n, large_n): (BigUint, BigUint) = (small.parse().unwrap(), large.parse().unwrap());
    let nim_sum = &small_n ^ &large_n;
    assert_eq!(
        nim_sum.to_string(),
        "10429788288481127546160455888863017661496"
    );

    let v = ok_json(&["analyze", "--json", small, large]);
    assert_eq!(v["piles"], json!([num(small), num(large)]));
    assert_eq!(big(&v["nim_sum"]), nim_sum);
    assert_eq!(big(&v["grundy"]), nim_sum);
    assert_eq!(v["outcome"], "N");
    let moves = winning_moves(&v);
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["pile"], 2);
    assert_eq!(big(&moves[0]["from"]), large_n);
    assert_eq!(big(&moves[0]["to"]), small_n);
    assert_eq!(big(&moves[0]["take"]), &large_n - &small_n);

    let v = ok_json(&["move", "--json", small, large]);
    assert_eq!(v["after"], json!([num(small), num(small)]));
    assert_eq!(big(&v["move"]["take"]), &large_n - &small_n);

    // The same pair is a P-position once the piles are equal.
    let v = ok_json(&["analyze", "--json", small, small]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["nim_sum"], 0);
}

// ---------------------------------------------------------------------------------------------
// Stdin batches.
// ---------------------------------------------------------------------------------------------

const BATCH: &str = "3 5 7\n\n# a comment\n1 x 2\n1 2 3\n";

#[test]
fn batch_with_a_bad_line_human() {
    for command in ["analyze", "move"] {
        // A batch reports remoteness only when asked (it costs a search per line).
        let batch: &[&str] = if command == "analyze" {
            &["analyze", "--remoteness"]
        } else {
            &["move"]
        };
        let r = run(batch, BATCH.as_bytes());
        assert_eq!(r.code, Some(2), "{command}: stderr {}", r.stderr);
        // The good lines are answered in order, exactly as when given as arguments.
        let want = ok(&[command, "3", "5", "7"]) + &ok(&[command, "1", "2", "3"]);
        assert_eq!(r.stdout, want, "{command}");
        assert!(r.stderr.contains("line 4"), "{command}: {}", r.stderr);
        assert!(r.stderr.contains("\"x\""), "{command}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{command}: {}", r.stderr);
    }
}

#[test]
fn batch_with_a_bad_line_json() {
    for command in ["analyze", "move"] {
        let batch: &[&str] = if command == "analyze" {
            &["analyze", "--json", "--remoteness"]
        } else {
            &["move", "--json"]
        };
        let r = run(batch, BATCH.as_bytes());
        assert_eq!(r.code, Some(2), "{command}: stderr {}", r.stderr);
        let values = json_lines(&r.stdout);
        assert_eq!(values.len(), 3, "{command}: one line per position");
        // A batch's answers carry their line number; otherwise as when given as arguments.
        let with_line = |mut v: serde_json::Value, line: u64| {
            let mut object = serde_json::Map::new();
            object.insert("line".into(), line.into());
            object.append(v.as_object_mut().expect("an object"));
            serde_json::Value::Object(object)
        };
        assert_eq!(
            values[0],
            with_line(ok_json(&[command, "--json", "3", "5", "7"]), 1),
            "{command}"
        );
        assert_eq!(values[1]["line"], 4, "{command}");
        let error = values[1]["error"].as_str().expect("an error message");
        assert!(error.contains("\"x\""), "{command}: {error}");
        assert!(values[1].get("piles").is_none());
        assert_eq!(
            values[2],
            with_line(ok_json(&[command, "--json", "1", "2", "3"]), 5),
            "{command}"
        );
        assert!(r.stderr.contains("line 4"), "{command}: {}", r.stderr);
        assert!(r.stderr.contains("\"x\""), "{command}: {}", r.stderr);
    }
}

/// A batch of many blocks read from a file (full reads, so the helper thread answers every
/// other block), with bad lines here and there and two lines whose answers are megabytes long
/// (past the size at which a block's answers are handed over in parts): every answer comes out
/// in input order, each bad line in its place and on stderr, numbered right.
#[test]
fn a_batch_of_many_blocks_stays_in_order_with_errors_in_place() {
    let ones = vec!["1"; 100_000].join(" "); // misère T0: 100,000 winning moves, 4 MB of JSON
    let mut input = String::new();
    let mut expected = Vec::new(); // per answered line: Ok(first pile) or Err(line number)
    for n in 1..=150_000u64 {
        let line = if n % 9_973 == 0 {
            format!("{n} x{n}")
        } else if n == 40_000 || n == 110_000 {
            ones.clone()
        } else {
            format!("{n} {} {}", n * 7 % 1_000, n % 3)
        };
        input.push_str(&line);
        input.push('\n');
        expected.push(if n % 9_973 == 0 { Err(n) } else { Ok(line) });
    }
    let path = std::env::temp_dir().join(format!("nimsolve-cli-blocks-{}.txt", process::id()));
    std::fs::write(&path, &input).expect("the input file is written");
    let out = process::Command::new(BIN)
        .args(["analyze", "--misere", "--json"])
        .stdin(std::fs::File::open(&path).expect("the input file opens"))
        .output()
        .expect("the binary runs");
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8(out.stdout).expect("UTF-8");
    let values = json_lines(&stdout);
    assert_eq!(values.len(), expected.len(), "one answer per line");
    for (value, want) in values.iter().zip(&expected) {
        match want {
            Ok(line) => {
                let piles: Vec<String> = line.split(' ').map(str::to_string).collect();
                assert_eq!(pile_digits(value), piles);
            }
            Err(n) => assert_eq!(value["line"], *n),
        }
    }
    let long = &values[39_999];
    assert_eq!(long["state"], "T0");
    assert_eq!(winning_moves(long).len(), 100_000);
    let stderr = String::from_utf8(out.stderr).expect("UTF-8");
    let reported: Vec<&str> = stderr.lines().collect();
    let bad: Vec<String> = (1..=150_000u64)
        .filter(|n| n % 9_973 == 0)
        .map(|n| format!("nimsolve: error: line {n}: pile \"x{n}\""))
        .collect();
    assert_eq!(reported.len(), bad.len(), "{stderr}");
    for (got, want) in reported.iter().zip(&bad) {
        assert!(got.starts_with(want), "{got} / {want}");
    }
}

#[test]
fn batch_negative_pile_and_last_line_error() {
    let r = run(&["analyze", "--json"], b"3,5,7\n  # indented\n \t \n-1 2");
    assert_eq!(r.code, Some(2));
    let values = json_lines(&r.stdout);
    assert_eq!(values.len(), 2);
    assert_eq!(values[0]["piles"], piles(&[3, 5, 7]));
    assert_eq!(values[1]["line"], 4);
    assert!(values[1]["error"].as_str().unwrap().contains("negative"));
    assert!(r.stderr.contains("line 4"), "{}", r.stderr);
    assert!(r.stderr.contains("-1"), "{}", r.stderr);
    assert!(r.stderr.contains("negative"), "{}", r.stderr);
}

#[test]
fn batch_skips_blank_and_comment_lines() {
    let r = run(
        &["analyze", "--json"],
        b"\n# one\n3 5 7\n\n   \n#two\n1 2 3\n# three\n",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stderr, "");
    let values = json_lines(&r.stdout);
    assert_eq!(values.len(), 2);
    assert_eq!(values[0]["piles"], piles(&[3, 5, 7]));
    assert_eq!(values[1]["piles"], piles(&[1, 2, 3]));

    // Only comments and blanks: nothing to answer, nothing wrong.
    let r = run(&["analyze"], b"\n# nothing\n\n");
    assert_eq!(r.code, Some(0));
    assert_eq!(r.stdout, "");
    assert_eq!(r.stderr, "");
}

#[test]
fn batch_accepts_crlf_and_a_bom() {
    let lf = run(&["analyze", "--json"], b"# c\n\n3 5 7\n1 2 3\n");
    assert_eq!(lf.code, Some(0));
    let crlf = run(
        &["analyze", "--json"],
        b"\xEF\xBB\xBF# c\r\n\r\n3 5 7\r\n1 2 3\r\n",
    );
    assert_eq!(crlf.code, Some(0), "{}", crlf.stderr);
    assert_eq!(crlf.stderr, "");
    assert_eq!(json_lines(&crlf.stdout), json_lines(&lf.stdout));
    assert_eq!(json_lines(&crlf.stdout).len(), 2);

    // A BOM right before the first position, no final newline.
    let r = run(&["analyze", "--remoteness"], b"\xEF\xBB\xBF3 5 7");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout, ok(&["analyze", "3", "5", "7"]));

    // Line numbers still count the BOM line as line 1 and CRLF lines as single lines.
    let r = run(
        &["analyze", "--json"],
        b"\xEF\xBB\xBF# c\r\n\r\n3 5 7\r\nfoo\r\n1 2 3\r\n",
    );
    assert_eq!(r.code, Some(2));
    let values = json_lines(&r.stdout);
    assert_eq!(values.len(), 3);
    assert_eq!(values[1]["line"], 4);
    assert!(values[1]["error"].as_str().unwrap().contains("\"foo\""));
    assert!(r.stderr.contains("line 4") && r.stderr.contains("\"foo\""));
}

// ---------------------------------------------------------------------------------------------
// -q.
// ---------------------------------------------------------------------------------------------

/// Arguments, stdin (none: empty) and the expected exit status.
type QuietCase = (&'static [&'static str], Option<&'static [u8]>, i32);

#[test]
fn quiet_exit_codes() {
    let cases: &[QuietCase] = &[
        (&["analyze", "-q", "3", "5", "7"], None, 0),
        (&["analyze", "--quiet", "3", "5", "7"], None, 0),
        (&["analyze", "-q", "1", "2", "3"], None, 1),
        (&["analyze", "-q", "0"], None, 1),
        (&["analyze", "-q", "--misere", "1", "1", "1"], None, 1),
        (&["analyze", "-q", "--misere", "0"], None, 0),
        (&["analyze", "-q", "--wythoff", "3", "5"], None, 1),
        (&["analyze", "-q", "--max-take", "3", "10"], None, 0),
        (&["analyze", "-q", "1", "x"], None, 2),
        (&["analyze", "-q", "-1"], None, 2),
        (&["analyze", "-q"], Some(b"3 5 7\n2 3\n"), 0),
        (&["analyze", "-q"], Some(b"3 5 7\n1 2 3\n"), 1),
        (&["analyze", "-q"], Some(b"3 5 7\nx\n"), 2),
        (&["analyze", "-q"], Some(b"1 2 3\nx\n"), 2),
    ];
    for (args, stdin, code) in cases {
        let r = run(args, stdin.unwrap_or_default());
        assert_eq!(r.code, Some(*code), "nimsolve {args:?}: {}", r.stderr);
        assert_eq!(r.stdout, "", "nimsolve {args:?} printed");
        if *code != 2 {
            assert_eq!(r.stderr, "", "nimsolve {args:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// play.
// ---------------------------------------------------------------------------------------------

#[test]
fn play_7_8_9_first_player_wins() {
    let out = ok(&["play", "7", "8", "9"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Nim, normal play from 7 8 9 (first: optimal, second: optimal)"
    );
    assert!(
        lines[1].contains("take 6 from pile 1 (7 → 1)"),
        "{}",
        lines[1]
    );
    assert!(lines[1].contains("→ 1 8 9"), "{}", lines[1]);
    let last = lines.last().unwrap();
    assert!(last.starts_with("First player wins"), "{last}");
    assert!(last.contains("normal play"), "{last}");
}

/// Checks a `play --json` transcript of Nim from `start` and returns (winner, turns).
fn check_transcript(stdout: &str, start: &[u64]) -> (String, u64) {
    let values = json_lines(stdout);
    let (last, moves) = values.split_last().expect("at least the final line");
    let mut position = start.to_vec();
    for (i, m) in moves.iter().enumerate() {
        let turn = i as u64 + 1;
        assert_eq!(m["turn"], turn);
        assert_eq!(m["player"], if turn % 2 == 1 { "first" } else { "second" });
        let pile = usize::try_from(m["move"]["pile"].as_u64().unwrap()).unwrap();
        let from = m["move"]["from"].as_u64().unwrap();
        let to = m["move"]["to"].as_u64().unwrap();
        assert_eq!(position[pile - 1], from, "turn {turn}");
        assert!(to < from, "turn {turn}");
        assert_eq!(m["move"]["take"].as_u64().unwrap(), from - to);
        position[pile - 1] = to;
        assert_eq!(m["after"], piles(&position), "turn {turn}");
        assert!(m["state"].is_string(), "turn {turn}");
    }
    assert!(position.iter().all(|&p| p == 0), "the game ends at 0");
    assert_eq!(last["turns"], moves.len() as u64);
    let winner = last["winner"].as_str().expect("a winner").to_owned();
    (winner, moves.len() as u64)
}

#[test]
fn play_json_transcript() {
    let out = ok(&["play", "--json", "7", "8", "9"]);
    let (winner, turns) = check_transcript(&out, &[7, 8, 9]);
    assert_eq!(winner, "first");
    assert_eq!(
        turns % 2,
        1,
        "normal play: the winner takes the last object"
    );
    let values = json_lines(&out);
    assert_eq!(move_of(&values[0]), nim_move(1, 7, 1, 6));
    assert_eq!(values[0]["state"], "T2");

    // Misère play of a P-position: the second player wins, and the first takes the last object.
    let out = ok(&["play", "--json", "--misere", "1", "2", "3"]);
    let (winner, turns) = check_transcript(&out, &[1, 2, 3]);
    assert_eq!(winner, "second");
    assert_eq!(turns % 2, 1);

    // No move at all.
    let v = ok_json(&["play", "--json", "0"]);
    assert_eq!(v["turns"], 0);
    assert_eq!(v["winner"], "second");
}

#[test]
fn replay_of_two_piles_of_a_million_plays_the_fallback_without_counting_the_search_each_move() {
    // Each move used to count the multisets of two heaps of 10^6 to learn the remoteness search
    // was beyond its limit (10 ms a move). Beyond the limit the fallback takes 1 from the
    // largest pile, and the other player copies it.
    let run = run(
        &[
            "play",
            "--json",
            "--max-turns",
            "2000",
            "1000000",
            "1000000",
        ],
        "",
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("--max-turns"), "{}", run.stderr);
    let values = json_lines(&run.stdout);
    assert_eq!(values.len(), 2000);
    for (i, v) in values.iter().enumerate() {
        let turn = i as u64 + 1;
        let from = 1_000_000 - (turn - 1) / 2;
        let pile = if turn % 2 == 1 { 1 } else { 2 };
        assert_eq!(v["turn"], turn);
        assert_eq!(move_of(v), nim_move(pile, from, from - 1, 1));
        assert_eq!(v["outcome"], if turn % 2 == 1 { "N" } else { "P" });
    }
    assert_eq!(values[1999]["after"], piles(&[999_000, 999_000]));
}

#[test]
fn play_seeds_are_reproducible() {
    let game = |seed: &str| {
        ok(&[
            "play", "--json", "--first", "random", "--second", "random", "--seed", seed, "7", "8",
            "9",
        ])
    };
    let reference = game("4");
    assert_eq!(game("4"), reference, "the same seed, the same game");
    check_transcript(&reference, &[7, 8, 9]);
    let differs = (0..20)
        .map(|s| s.to_string())
        .filter(|s| s != "4")
        .any(|s| game(&s) != reference);
    assert!(differs, "20 seeds all gave the same random game");

    // An optimal first player wins (7,8,9) whatever the random second player does.
    for seed in ["0", "1", "2", "3", "99"] {
        let out = ok(&[
            "play", "--json", "--second", "random", "--seed", seed, "7", "8", "9",
        ]);
        let (winner, _) = check_transcript(&out, &[7, 8, 9]);
        assert_eq!(winner, "first", "seed {seed}");
    }
}

#[test]
fn play_wythoff_json() {
    // (4, 7) is a Wythoff pair: the second player wins.
    let values = json_lines(&ok(&["play", "--json", "--wythoff", "4", "7"]));
    let (last, moves) = values.split_last().unwrap();
    assert_eq!(last["winner"], "second");
    assert_eq!(last["turns"], moves.len() as u64);
    assert_eq!(moves.last().unwrap()["after"], piles(&[0, 0]));
    for m in moves {
        let p = &m["move"]["pile"];
        assert!(p == 1 || p == 2 || p == "both", "{m}");
        // A two-pile game's move gives the pair after it.
        assert_eq!(m["move"]["after"], m["after"]);
    }
}

// ---------------------------------------------------------------------------------------------
// A closed stdout.
// ---------------------------------------------------------------------------------------------

/// Spawns the binary, feeds `stdin_lines` copies of `line`, reads one line of stdout, closes
/// the pipe, and checks it ends with status 0, quietly.
fn closes_quietly(args: &[&str], stdin_lines: usize, line: &str) {
    let mut child = process::Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn nimsolve");
    let mut stdin = child.stdin.take().unwrap();
    let input = line.repeat(stdin_lines);
    // The binary may stop reading once its stdout is gone: ignore a broken stdin pipe.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).expect("one line of output");
    assert!(!first.is_empty(), "nimsolve {args:?} printed nothing");
    drop(stdout);
    let out = child.wait_with_output().expect("wait for nimsolve");
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "nimsolve {args:?}: {stderr}");
    assert_eq!(stderr, "", "nimsolve {args:?}");
    assert_eq!(out.status.code(), Some(0), "nimsolve {args:?}: {stderr}");
}

#[test]
fn closed_stdout_ends_quietly() {
    closes_quietly(&["analyze"], 200_000, "3 5 7\n");
    closes_quietly(&["analyze", "--json"], 200_000, "3 5 7\n");
    closes_quietly(&["move", "--misere"], 200_000, "1 1 4\n");
    closes_quietly(
        &["grundy", "--subtract", "1,3,4", "--upto", "1000000"],
        0,
        "",
    );
}

#[test]
fn closed_stdout_in_a_shell_pipeline() {
    let status_file =
        std::env::temp_dir().join(format!("nimsolve-cli-pipe-{}.status", process::id()));
    let out = process::Command::new("sh")
        .arg("-c")
        .arg(r#"(yes '3 5 7' | head -n 200000 | "$0" analyze --remoteness; echo $? > "$1") | head -n 1"#)
        .arg(BIN)
        .arg(&status_file)
        .output()
        .expect("sh runs (the test needs a POSIX shell with yes and head)");
    let status = std::fs::read_to_string(&status_file).expect("the pipeline wrote the status");
    let _ = std::fs::remove_file(&status_file);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr, "",
        "the pipeline (sh, yes, head, nimsolve) wrote to stderr"
    );
    assert_eq!(status.trim(), "0", "nimsolve's exit status");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        ok(&["analyze", "3", "5", "7"])
    );
}

// ---------------------------------------------------------------------------------------------
// Usage errors.
// ---------------------------------------------------------------------------------------------

#[test]
fn usage_errors_exit_2_without_panicking() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["analyze", "--wythoff", "--subtract", "2", "3", "5"],
            "cannot be used with",
        ),
        (
            &["analyze", "--max-take", "3", "--subtract", "2", "3"],
            "cannot be used with",
        ),
        (&["analyze", "--max-take", "0", "5"], "--max-take"),
        (&["analyze", "--subtract", "0", "5"], "0"),
        (&["analyze", "--subtract", "1,,2", "5"], "subtraction set"),
        (&["analyze", "--subtract", "5..1", "5"], "subtraction set"),
        (&["analyze", "--wythoff", "1", "2", "3"], "exactly 2 piles"),
        (&["move", "--wythoff", "1"], "exactly 2 piles"),
        (&["analyze", "-1"], "negative"),
        (&["analyze", "--", "-1"], "negative"),
        (&["analyze", "3", "-1"], "negative"),
        (&["move", "-1", "2"], "negative"),
        (&["grundy", "-1"], "negative"),
        (&["play", "-1"], "negative"),
        (&["analyze", "+3"], "+3"),
        (&["analyze", "1e3"], "1e3"),
        (&["analyze", "3.5"], "3.5"),
        (&["analyze", ""], "empty"),
        (&["analyze", "--frobnicate"], "--frobnicate"),
        (&["analyze", "-q", "--json", "3"], "cannot be used with"),
        (&["grundy", "--upto", "5", "3"], "cannot be used with"),
        (&["play"], "required"),
        (&["bogus"], "bogus"),
        (&[], "Usage"),
    ];
    for (args, wording) in cases {
        let r = run(args, b"3 5 7\n");
        assert_eq!(r.code, Some(2), "nimsolve {args:?}: {}", r.stderr);
        assert_eq!(r.stdout, "", "nimsolve {args:?}");
        assert!(
            r.stderr.contains(wording),
            "nimsolve {args:?}: {wording:?} not in {:?}",
            r.stderr
        );
    }
    // The argument number and the token are named.
    let r = run(&["analyze", "3", "-1"], b"");
    assert!(r.stderr.contains("argument 2") && r.stderr.contains("\"-1\""));
}

#[test]
fn help_and_version() {
    nimsolve()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("analyze").and(predicate::str::contains("grundy")));
    for command in ["analyze", "move", "play", "grundy"] {
        nimsolve()
            .args([command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("Usage: nimsolve"));
    }
    nimsolve()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::starts_with("nimsolve "));
}

// ---------------------------------------------------------------------------------------------
// Rule families.
// ---------------------------------------------------------------------------------------------

#[test]
fn subtraction_2_5() {
    let v = ok_json(&["analyze", "--json", "--subtract", "2,5", "2", "4", "7"]);
    assert_eq!(v["outcome"], "N");
    // g(n) for {2, 5}: 0 0 1 1 0 2 1 0 …
    assert_eq!(v["pile_grundy"], piles(&[1, 0, 0]));
    assert_eq!(v["grundy"], 1);
    let moves = winning_moves(&v);
    assert!(
        moves.contains(&nim_move(2, 4, 2, 2)),
        "no winning move from pile 2 to 2: {moves:?}"
    );
    assert_eq!(
        moves,
        vec![
            nim_move(1, 2, 0, 2),
            nim_move(2, 4, 2, 2),
            nim_move(3, 7, 2, 5)
        ]
    );
    let out = ok(&["analyze", "--subtract", "2,5", "2", "4", "7"]);
    assert!(out.starts_with("N-position"), "{out:?}");

    // Huge single piles: the period (7) is used, 10^18 ≡ 1 (mod 7) and g(1) = 0.
    let out = ok(&["grundy", "--subtract", "2,5", "1000000000000000000", "7"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..2],
        ["g(1000000000000000000) = 0", "g(7) = 0"],
        "{out}"
    );
    // Then the period the values came from.
    assert!(lines[2].contains("preperiod 0 and period 7"), "{out}");
}

#[test]
fn wythoff() {
    let v = ok_json(&["analyze", "--json", "--wythoff", "3", "5"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], json!([]));
    let out = ok(&["analyze", "--wythoff", "3", "5"]);
    assert!(out.starts_with("P-position"), "{out:?}");

    let v = ok_json(&["move", "--json", "--wythoff", "4", "5"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["move"]["pile"], "both");
    assert_eq!(v["move"]["take"], 3);
    assert_eq!(v["move"]["after"], piles(&[1, 2]));
    assert_eq!(v["after"], piles(&[1, 2]));

    let v = ok_json(&["move", "--json", "--wythoff", "3", "6"]);
    assert_eq!(v["move"]["pile"], 2);
    assert_eq!(v["move"]["take"], 1);
    assert_eq!(v["after"], piles(&[3, 5]));

    let v = ok_json(&["grundy", "--json", "--wythoff", "--upto", "3"]);
    assert_eq!(
        v["table"],
        json!([[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]])
    );
}

#[test]
fn bash_game() {
    let v = ok_json(&["analyze", "--json", "--max-take", "3", "10"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(winning_moves(&v), vec![nim_move(1, 10, 8, 2)]);
    let v = ok_json(&["move", "--json", "--max-take", "3", "10"]);
    assert_eq!(move_of(&v), nim_move(1, 10, 8, 2));
    assert_eq!(v["after"], piles(&[8]));
    for n in [0u64, 4, 8, 12] {
        let v = ok_json(&["analyze", "--json", "--max-take", "3", &n.to_string()]);
        assert_eq!(v["outcome"], "P", "pile {n}");
    }
    let out = ok(&["analyze", "--max-take", "3", "10"]);
    assert!(out.contains("Bash game"), "{out:?}");

    let v = ok_json(&["grundy", "--json", "--max-take", "3", "--upto", "9"]);
    assert_eq!(v["values"], json!([0, 1, 2, 3, 0, 1, 2, 3, 0, 1]));
    assert_eq!(v["period"], 4);
}

#[test]
fn grundy_subtract_1_2_upto_10() {
    let v = ok_json(&["grundy", "--subtract", "1,2", "--upto", "10", "--json"]);
    assert_eq!(v["period"], 3);
    assert_eq!(v["preperiod"], 0);
    let want: Vec<u64> = (0..=10).map(|n| n % 3).collect();
    assert_eq!(v["values"], json!(want));

    let out = ok(&["grundy", "--subtract", "1,2", "--upto", "10"]);
    assert!(out.contains("0 1 2 0 1 2 0 1 2 0 1"), "{out:?}");
    assert!(out.contains("period 3"), "{out:?}");
}

#[test]
fn named_subtraction_families() {
    // Powers of two: g(n) = n mod 3.
    let v = ok_json(&["analyze", "--json", "--subtract", "powers-of-two", "10"]);
    assert_eq!(v["grundy"], 1);
    assert_eq!(
        winning_moves(&v),
        vec![nim_move(1, 10, 9, 1), nim_move(1, 10, 6, 4)]
    );
    // A range is the Bash game.
    let range = ok_json(&["analyze", "--json", "--subtract", "1..3", "10"]);
    let bash = ok_json(&["analyze", "--json", "--max-take", "3", "10"]);
    assert_eq!(range["outcome"], bash["outcome"]);
    assert_eq!(range["grundy"], bash["grundy"]);
    assert_eq!(winning_moves(&range), winning_moves(&bash));
}

#[test]
fn piles_split_by_commas_across_arguments_are_one_position() {
    // `nimsolve analyze 14, 21, 39` as the shell splits it: one position, as on one line.
    let split = ok(&["analyze", "--json", "14,", "21,", "39"]);
    assert_eq!(split, ok(&["analyze", "--json", "14, 21, 39"]));
    assert_eq!(split, ok(&["analyze", "--json", "(14,21,39)"]));
    assert_eq!(split, ok(&["analyze", "--json", "14，21，39"]));
    // A comma left waiting at the end is in the last argument.
    let r = run(&["analyze", "14", "21,"], b"");
    assert_eq!(
        r.stderr,
        "nimsolve: error: argument 2: empty pile at column 3: a comma must stand between two piles\n"
    );
    assert_eq!(r.code, Some(2));
}

/// `grundy` with no pile prints g(0) … g(20), with how the sequence is known: the games played
/// as a whole state state their closed forms (each checked here against its values, computed
/// from the formula independently), and a game without one says so.
#[test]
fn grundy_without_piles_prints_the_start_of_the_sequence() {
    let popcount = |n: u64| u64::from(n.count_ones());
    type Case = (&'static str, fn(u64) -> u64, &'static str);
    let cases: [Case; 7] = [
        ("nim", |n| n, "g(n) = n"),
        ("staircase", |n| n, "g(n) = n"),
        ("moore:3", |n| n, "g(n) = n"),
        ("turning-turtles", |n| n, "g(n) = n"),
        ("twins", |n| n.saturating_sub(1), "g(n) = n − 1"),
        ("slide", |n| n.saturating_sub(1), "g(n) = n − 1"),
        ("ruler", |n| n & n.wrapping_neg(), "g(n) = lowbit(n)"),
    ];
    for (game, g, formula) in cases {
        let v = ok_json(&["grundy", "--json", "--game", game]);
        let want: Vec<u64> = (0..=20).map(g).collect();
        assert_eq!(v["values"], json!(want), "{game}");
        assert_eq!(v["upto"], 20, "{game}");
        let text = v["formula"].as_str().unwrap_or_default();
        assert!(text.starts_with(formula), "{game}: {text}");
    }
    // Mock Turtles: the n-th odious number (an odd number of 1 bits), found by counting.
    let odious: Vec<u64> = (0..).filter(|&m| popcount(m) % 2 == 1).take(20).collect();
    let v = ok_json(&["grundy", "--json", "--game", "mock-turtles"]);
    let mut want = vec![0];
    want.extend(odious);
    assert_eq!(v["values"], json!(want));
    assert!(v["formula"].as_str().is_some());
    // Grundy's game has no closed form and no provable period: no formula is claimed.
    let v = ok_json(&["grundy", "--json", "--game", "grundys-game"]);
    assert_eq!(v["values"].as_array().map(Vec::len), Some(21));
    assert!(v.get("formula").is_none() && v.get("period").is_none());
    // A game of pairs prints the start of its table.
    let r = run(&["grundy", "--wythoff"], b"");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

/// Closed forms are written in formulas, their reasons in each language: under `--lang zh` no
/// English word is left in them but the names of functions and books.
#[test]
fn closed_forms_in_chinese_keep_no_english_word() {
    let kept = [
        "mod", "popcount", "lowbit", "winning", "ways", "nim", "sg", "lasker",
    ];
    for game in [
        "staircase",
        "slide",
        "twins",
        "mock-turtles",
        "ruler",
        "moore:2",
        "calendar",
        "multiply",
        "laskers-nim",
        "octal:0.[7]",
    ] {
        let out = ok(&["--lang", "zh", "grundy", "--game", game, "--upto", "3"]);
        let last = out.lines().last().unwrap_or_default();
        assert!(last.starts_with("闭式："), "{game}: {last}");
        let english: Vec<&str> = last
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() >= 3 && !kept.contains(&w.to_ascii_lowercase().as_str()))
            .collect();
        assert!(english.is_empty(), "{game}: {english:?} in {last}");
    }
}
