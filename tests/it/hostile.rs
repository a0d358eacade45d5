//! The hostile input catalogue: odd, malformed and oversized input, each run through the
//! `nimsolve` binary with its exact exit status and error message (naming the line and the
//! token, or the limit and the flag that raises it). Accepted on purpose: a UTF-8 byte order
//! mark at the start, CRLF line endings, tabs, leading zeros, numbers beyond 64 bits. Rejected:
//! everything else that is not ASCII digits separated by blanks or single commas.
//!
//! Big inputs are built in memory and piped in; every test stays well under a second or two in
//! a debug build.

use std::fs::File;
use std::process::{Command as StdCommand, Stdio};

use crate::common::cli::{BIN, Run, json_lines, ok_stdin, pile_digits, run};
use serde_json::Value;

/// The message of a bad pile on line `line`.
fn bad_pile(line: u64, token: &str, column: usize, why: &str) -> String {
    format!(
        "nimsolve: error: line {line}: pile {token:?} at column {column} is not a non-negative integer: {why}\n"
    )
}

/// Runs `analyze` on `stdin` and expects exit status 2, no output, and exactly `stderr`.
fn rejects(stdin: &[u8], stderr: &str) {
    let r = run(&["analyze"], stdin);
    assert_eq!(r.stderr, stderr, "stdin {stdin:?}");
    assert_eq!(r.code, Some(2), "stdin {stdin:?}");
    assert_eq!(r.stdout, "", "stdin {stdin:?}");
}

/// Runs `args` (no stdin) and expects exit status 2 and exactly `stderr`.
fn refuses(args: &[&str], stderr: &str) {
    let r = run(args, b"");
    assert_eq!(r.stderr, stderr, "nimsolve {args:?}");
    assert_eq!(r.code, Some(2), "nimsolve {args:?}");
    assert_eq!(r.stdout, "", "nimsolve {args:?}");
}

/// Runs `args` and expects clap's usage error, starting with `first_line`, and exit status 2.
fn usage_error(args: &[&str], first_line: &str) {
    let r = run(args, b"");
    assert_eq!(
        r.stderr.lines().next(),
        Some(first_line),
        "nimsolve {args:?}"
    );
    assert_eq!(r.code, Some(2), "nimsolve {args:?}");
}

/// The JSON objects of `analyze --json` on `stdin`, which must succeed without a message.
fn analyze_json(stdin: &[u8]) -> Vec<Value> {
    let r = run(&["analyze", "--json"], stdin);
    assert_eq!(r.stderr, "");
    assert_eq!(r.code, Some(0));
    json_lines(&r.stdout)
}

// ---------------------------------------------------------------------------------------------
// Tokens that are not piles: exit 2, the line, the token, its column and why.
// ---------------------------------------------------------------------------------------------

#[test]
fn negative_number() {
    rejects(b"1 -2\n", &bad_pile(1, "-2", 3, "piles cannot be negative"));
}

#[test]
fn leading_plus() {
    rejects(
        b"+3\n",
        &bad_pile(1, "+3", 1, "write the number without a sign"),
    );
}

#[test]
fn decimal_point() {
    rejects(b"2.5\n", &bad_pile(1, "2.5", 1, "piles are whole numbers"));
}

#[test]
fn exponent_1e9() {
    let why = "exponent notation is not accepted; write all the digits";
    rejects(b"7 1e9\n", &bad_pile(1, "1e9", 3, why));
}

#[test]
fn hexadecimal() {
    let why = "hexadecimal is not accepted; write the number in decimal";
    rejects(b"0x1f\n", &bad_pile(1, "0x1f", 1, why));
    rejects(b"0XFF\n", &bad_pile(1, "0XFF", 1, why));
}

#[test]
fn empty_token_between_commas() {
    let why =
        "nimsolve: error: line 1: empty pile at column 3: a comma must stand between two piles\n";
    rejects(b"1,,2\n", why);
}

#[test]
fn blank_token_between_commas() {
    rejects(
        b"1, ,2\n",
        "nimsolve: error: line 1: empty pile at column 4: a comma must stand between two piles\n",
    );
}

#[test]
fn comma_at_either_end() {
    rejects(
        b",1\n",
        "nimsolve: error: line 1: empty pile at column 1: a comma must stand between two piles\n",
    );
    rejects(
        b"1,\n",
        "nimsolve: error: line 1: empty pile at column 2: a comma must stand between two piles\n",
    );
}

#[test]
fn fullwidth_digit() {
    let why = "only ASCII digits 0-9 are accepted";
    rejects("１ ３\n".as_bytes(), &bad_pile(1, "１", 1, why));
}

#[test]
fn arabic_indic_digits() {
    let why = "only ASCII digits 0-9 are accepted";
    rejects("5 ١٢\n".as_bytes(), &bad_pile(1, "١٢", 3, why));
}

#[test]
fn devanagari_digits() {
    let why = "only ASCII digits 0-9 are accepted";
    rejects("४२\n".as_bytes(), &bad_pile(1, "४२", 1, why));
}

#[test]
fn unicode_minus_sign() {
    rejects(
        "−3\n".as_bytes(),
        &bad_pile(1, "−3", 1, "'−' is not a digit 0-9"),
    );
}

#[test]
fn invalid_utf8() {
    // Shown with U+FFFD in place of each bad byte; stderr stays valid UTF-8.
    rejects(
        b"3 \xff\xfe\n",
        &bad_pile(1, "\u{fffd}\u{fffd}", 3, "it is not valid UTF-8"),
    );
}

#[test]
fn nul_byte() {
    rejects(
        b"1\x002\n",
        &bad_pile(1, "1\u{0}2", 1, "'\\0' is not a digit 0-9"),
    );
}

#[test]
fn byte_order_mark_after_the_first_line() {
    let r = run(&["analyze"], b"1\n\xEF\xBB\xBF2\n");
    assert_eq!(
        r.stderr,
        bad_pile(2, "\u{feff}2", 1, "'\\u{feff}' is not a digit 0-9")
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stdout.lines().count(), 1);
}

#[test]
fn carriage_return_inside_a_line() {
    rejects(
        b"3\r5\n",
        &bad_pile(1, "3\r5", 1, "'\\r' is not a digit 0-9"),
    );
}

#[test]
fn vertical_tab_and_no_break_space() {
    rejects(
        b"3\x0b5\n",
        &bad_pile(1, "3\u{b}5", 1, "'\\u{b}' is not a digit 0-9"),
    );
    rejects(
        "3\u{a0}5\n".as_bytes(),
        &bad_pile(1, "3\u{a0}5", 1, "'\\u{a0}' is not a digit 0-9"),
    );
}

#[test]
fn underscore_digit_separator() {
    rejects(
        b"1_000\n",
        &bad_pile(1, "1_000", 1, "'_' is not a digit 0-9"),
    );
}

#[test]
fn million_digit_pile_with_one_bad_character() {
    // The token is cut to 40 characters in the message; the bad character's column is given.
    let mut line = vec![b'7'; 1_000_000];
    line[999_998] = b'x';
    line.push(b'\n');
    let token = format!("{}…", "7".repeat(40));
    rejects(
        &line,
        &bad_pile(1, &token, 1, "'x' is not a digit 0-9 (column 999999)"),
    );
}

#[test]
fn bad_pile_arguments() {
    refuses(
        &["analyze", "3", "--", "-5"],
        "nimsolve: error: argument 2: pile \"-5\" at column 1 is not a non-negative integer: piles cannot be negative\n",
    );
    refuses(
        &["analyze", "3", ""],
        "nimsolve: error: argument 2 is empty: write the empty position as 0\n",
    );
}

// ---------------------------------------------------------------------------------------------
// A batch goes on after a bad line, and its output stays aligned with the input.
// ---------------------------------------------------------------------------------------------

#[test]
fn bad_lines_do_not_stop_a_batch() {
    let r = run(&["analyze", "--json"], b"3 5 7\n1 -2\n\n# note\n1 1\n0x1\n");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stderr,
        bad_pile(2, "-2", 3, "piles cannot be negative")
            + &bad_pile(
                6,
                "0x1",
                1,
                "hexadecimal is not accepted; write the number in decimal"
            )
    );
    let lines: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["outcome"], "N");
    assert_eq!(lines[1]["line"], 2);
    assert!(lines[1]["error"].as_str().unwrap().contains("\"-2\""));
    assert_eq!(lines[2]["outcome"], "P");
    assert_eq!(lines[3]["line"], 6);
}

// ---------------------------------------------------------------------------------------------
// Accepted on purpose.
// ---------------------------------------------------------------------------------------------

#[test]
fn byte_order_mark_at_the_start() {
    let v = analyze_json(b"\xEF\xBB\xBF3 5 7\n");
    assert_eq!(v.len(), 1);
    assert_eq!(pile_digits(&v[0]), ["3", "5", "7"]);
}

#[test]
fn crlf_line_endings() {
    let v = analyze_json(b"3 5 7\r\n1 1\r\n\r\n2\r\n");
    let piles: Vec<Vec<String>> = v.iter().map(pile_digits).collect();
    assert_eq!(piles, [vec!["3", "5", "7"], vec!["1", "1"], vec!["2"]]);
}

#[test]
fn tabs_spaces_and_commas() {
    let v = analyze_json(b"3\t5\t7\n\t 3 ,\t5  7 \t\n");
    assert_eq!(pile_digits(&v[0]), ["3", "5", "7"]);
    assert_eq!(pile_digits(&v[1]), ["3", "5", "7"]);
}

#[test]
fn leading_zeros_and_numbers_beyond_64_bits() {
    let v = analyze_json(b"007 0005\n18446744073709551616 1\n");
    assert_eq!(pile_digits(&v[0]), ["7", "5"]);
    assert_eq!(v[1]["nim_sum"].to_string(), "18446744073709551617");
}

#[test]
fn blank_comment_and_whitespace_only_lines() {
    let r = run(
        &["analyze"],
        b"\n# comment\n   \t \n  # indented comment\n3\nx\n",
    );
    assert_eq!(r.stdout.lines().count(), 1);
    assert!(
        r.stderr.starts_with(
            "nimsolve: error: line 6: game \"x\" at column 1: unknown game \"x\": the games are nim, max-take:K,"
        ),
        "line numbers count skipped lines: {}",
        r.stderr
    );
    assert_eq!(r.code, Some(2));
}

#[test]
fn empty_input_and_the_empty_position() {
    let r = run(&["analyze"], b"");
    assert_eq!(
        (r.code, r.stdout.as_str(), r.stderr.as_str()),
        (Some(0), "", "")
    );
    let v = analyze_json(b"0\n");
    assert_eq!(v[0]["outcome"], "P");
}

#[test]
fn line_of_a_million_piles() {
    let mut line = b"1 ".repeat(1_000_000);
    line.extend_from_slice(b"2\n");
    let r = run(&["analyze", "--json"], &line);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim_end()).unwrap();
    assert_eq!(v["piles"].as_array().unwrap().len(), 1_000_001);
    // A million 1-piles (even) and a 2: nim-sum 2, one winning move (2 → 0).
    assert_eq!(v["nim_sum"], 2);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
}

#[test]
fn million_digit_pile() {
    // Read exactly, in time O(M(n) log n) (num-bigint alone is quadratic: 4 s in a release
    // build). Two piles differing in their last digit: nim-sum 1, so -q answers "wins".
    let x = "7".repeat(1_000_000);
    let y = format!("{}6", &x[1..]);
    let r = run(&["analyze", "-q"], format!("{x} {y}\n").as_bytes());
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
    // Printed back digit for digit (100,000 digits: printing is slow in a debug build).
    let digits = "7".repeat(100_000);
    let r = run(&["analyze", "--json"], format!("{digits} 1\n").as_bytes());
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with(&format!("{{\"line\":1,\"piles\":[{digits},1]"))
    );
}

/// A 10^7-digit pile took minutes in `analyze`: its verdict line converted the same big number
/// to decimal three times (the nim-sum, the amount taken, the pile), each in time far above
/// linear. A long number now keeps its digits as read, and a computed one its text once
/// written; the line still carries every digit, exactly.
#[test]
fn long_pile_prints_its_own_digits_as_nim_sum_and_move() {
    let pile = format!("{}{}", "31".repeat(150_000), "7");
    let out = ok_stdin(&["analyze"], format!("000{pile}\n"));
    assert!(out.contains(&format!("nim-sum {pile};")), "nim-sum");
    assert!(
        out.contains(&format!("take {pile} from pile 1 ({pile} → 0)")),
        "the winning move"
    );
    // Two long piles: their nim-sum is computed, and written as num-bigint would.
    let other = format!("{}{}", "31".repeat(150_000), "4");
    let parse = |t: &str| num_bigint::BigUint::parse_bytes(t.as_bytes(), 10).unwrap();
    let v = &analyze_json(format!("{pile} {other}\n").as_bytes())[0];
    let expected = (parse(&pile) ^ parse(&other)).to_string();
    assert!(
        crate::common::cli::digits(&v["nim_sum"]) == expected,
        "nim-sum"
    );
    let power = format!("1{}", "0".repeat(300_001));
    let v = &analyze_json(format!("{pile} {power}\n").as_bytes())[0];
    assert_eq!(v["outcome"], "N");
    let expected = (parse(&pile) ^ parse(&power)).to_string();
    assert!(
        crate::common::cli::digits(&v["nim_sum"]) == expected,
        "nim-sum"
    );
}

#[test]
fn ten_million_empty_lines() {
    // 10 MB of line feeds (ten read blocks), then one bad line: numbered correctly.
    let mut input = vec![b'\n'; 10_000_000];
    input.extend_from_slice(b"-1\n3\n");
    let r = run(&["analyze"], &input);
    assert_eq!(
        r.stderr,
        bad_pile(10_000_001, "-1", 1, "piles cannot be negative")
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stdout.lines().count(), 1);
}

// ---------------------------------------------------------------------------------------------
// Rule flags.
// ---------------------------------------------------------------------------------------------

#[test]
fn max_take_zero() {
    refuses(
        &["analyze", "--max-take", "0", "5"],
        "nimsolve: error: --max-take must be at least 1 (a move takes 1..K objects)\n",
    );
}

#[test]
fn max_take_not_a_number() {
    refuses(
        &["analyze", "--max-take", "3x", "5"],
        "nimsolve: error: --max-take \"3x\" is not a whole number K ≥ 1 (ASCII digits only)\n",
    );
}

#[test]
fn subtract_zero() {
    refuses(
        &["analyze", "--subtract", "0", "5"],
        "nimsolve: error: the subtraction set contains 0, but a move must take at least one object\n",
    );
}

#[test]
fn subtract_empty_set() {
    refuses(
        &["analyze", "--subtract", "", "5"],
        "nimsolve: error: the subtraction set is empty: give amounts like 2,5,7, a range like 1..5, powers-of-two or fibonacci\n",
    );
}

#[test]
fn subtract_empty_field() {
    refuses(
        &["analyze", "--subtract", "1,,2", "5"],
        "nimsolve: error: subtraction set \"1,,2\": field 2 is empty (a comma must stand between two amounts)\n",
    );
}

#[test]
fn subtract_bad_tokens() {
    let msg = |t: &str| {
        format!(
            "nimsolve: error: subtraction set: {t:?} is not a positive integer, a range A..B, powers-of-two or fibonacci\n"
        )
    };
    refuses(
        &["analyze", "--subtract", "5..2", "5"],
        "nimsolve: error: subtraction set: the range \"5..2\" is empty (write the smaller end first, e.g. 1..5)\n",
    );
    refuses(&["analyze", "--subtract", "2,-3", "5"], &msg("-3"));
    refuses(&["analyze", "--subtract", "2,３", "5"], &msg("３"));
}

#[test]
fn subtract_amount_beyond_the_limit() {
    refuses(
        &["analyze", "--subtract", "2,99999999999", "5"],
        "nimsolve: error: subtraction set: amount 99999999999 is larger than the limit 10000000 (the Grundy table needs one entry per unit of the largest amount)\n",
    );
}

#[test]
fn subtract_more_than_a_million_amounts() {
    refuses(
        &["analyze", "--subtract", "1..1000001", "5"],
        "nimsolve: error: subtraction set: 1000001 amounts is more than the limit 1000000\n",
    );
}

#[test]
fn subtract_a_million_amounts() {
    // A SET of 10^6 numbers (as a range: a list that long is more than the 128 KiB Linux allows
    // one argument). Small piles are answered; a pile beyond what the table limit's work
    // allows names the limit and the flag.
    let r = run(&["analyze", "--json", "--subtract", "1..1000000", "5"], b"");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim_end()).unwrap();
    assert_eq!(v["grundy"], 5);
    // 1..K is Nim with at most K per take: g(n) = n mod (K + 1), for any pile.
    let r = run(
        &[
            "analyze",
            "--json",
            "--subtract",
            "1..1000000",
            "12345678901234567890",
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim_end()).unwrap();
    assert_eq!(v["grundy"], 12322); // 12345678901234567890 mod 1000001
    assert_eq!(v["period"], 1_000_001);
    // Another million amounts have no closed form: the table stops where the work limit does.
    refuses(
        &["analyze", "--subtract", "2..1000001", "5000"],
        "nimsolve: error: pile 5000 lies beyond the Grundy table's 1000 entries (at most 100 × the table limit = 1000000000 mex steps, 1000000 for each entry of a set of 1000000 amounts), and they prove no period (raise it with --table-limit)\n",
    );
}

#[test]
fn subtract_a_list_of_twenty_thousand_numbers() {
    let set: Vec<String> = (1..=20_000).map(|n| (2 * n).to_string()).collect();
    let set = set.join(",");
    let r = run(&["analyze", "--json", "--subtract", &set, "7", "4"], b"");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim_end()).unwrap();
    // Even amounts up to 40,000: g(n) = ⌊n/2⌋ here, so 7 4 has Grundy value 3 ⊕ 2 = 1 and one
    // winning move, 7 → 5.
    assert_eq!(v["grundy"], 1);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
}

#[test]
fn wythoff_with_one_or_three_piles() {
    refuses(
        &["analyze", "--wythoff", "4"],
        "nimsolve: error: wythoff is played on exactly 2 piles, but 1 was given\n",
    );
    refuses(
        &["analyze", "--wythoff", "1", "2", "3"],
        "nimsolve: error: wythoff is played on exactly 2 piles, but 3 were given\n",
    );
    let r = run(&["analyze", "--wythoff"], b"3 5\n4\n1 2 3\n4 7\n");
    assert_eq!(
        r.stderr,
        "nimsolve: error: line 2: wythoff is played on exactly 2 piles, but 1 was given\n\
         nimsolve: error: line 3: wythoff is played on exactly 2 piles, but 3 were given\n"
    );
    assert_eq!(r.stdout.lines().count(), 2);
    assert_eq!(r.code, Some(2));
}

#[test]
fn wythoff_million_digit_piles() {
    // Exact square roots of 3.3-million-bit numbers by Newton's method from a half-size root
    // (num-bigint's own square root took 38 s in a release build).
    let big = "7".repeat(200_000);
    let r = run(
        &["analyze", "--wythoff", "--json"],
        format!("{big} 1\n").as_bytes(),
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim_end()).unwrap();
    assert_eq!(v["outcome"], "N");
}

#[test]
fn fibonacci_pile_beyond_the_table_limit() {
    refuses(
        &["analyze", "--subtract", "fibonacci", "100000000000"],
        "nimsolve: error: pile 100000000000 needs a Grundy table of 100000000001 entries, more than the limit 10000000 (raise it with --table-limit)\n",
    );
}

#[test]
fn fibonacci_million_digit_pile() {
    // The message gives the order of magnitude, not two million digits.
    let r = run(
        &["analyze", "--subtract", "fibonacci"],
        format!("1{}\n", "0".repeat(1_000_000)).as_bytes(),
    );
    assert_eq!(
        r.stderr,
        "nimsolve: error: line 1: pile about 10^1000000 needs a Grundy table of about 10^1000000 entries, more than the limit 10000000 (raise it with --table-limit)\n"
    );
    assert_eq!(r.code, Some(2));
}

#[test]
fn powers_of_two_huge_pile() {
    // 332,000 powers of two lie below a 100,000-digit pile, each 5,000 words long: listing the
    // winning moves would print gigabytes, so the first is given and the listing says so. The
    // pile is 1 mod 3: taking 1 leaves Grundy value 0. A P-position (pile ≡ 0 mod 3) needs no
    // list.
    let n_position = format!("{}1", "3".repeat(99_999));
    let r = run(
        &[
            "analyze",
            "--json",
            "--subtract",
            "powers-of-two",
            &n_position,
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim_end()).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["listed"], "first");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(v["winning_moves"][0]["take"], 1);
    let r = run(
        &["analyze", "--subtract", "powers-of-two", &n_position],
        b"",
    );
    assert!(
        r.stdout
            .contains("too many winning moves to list, one is take 1 from pile 1"),
        "{}",
        &r.stdout[..200.min(r.stdout.len())]
    );
    let p_position = "3".repeat(100_000);
    let r = run(
        &[
            "analyze",
            "--json",
            "--subtract",
            "powers-of-two",
            &p_position,
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim_end()).unwrap();
    assert_eq!(v["outcome"], "P");
}

#[test]
fn misere_play_of_huge_take_k_positions_is_decided_by_the_rule() {
    // These once needed a search of 91,962,520 steps (and far more) and were refused; the
    // misère Nim rule on n mod (K + 1) answers them at once. 100 ≡ 0 (mod 4): four heaps of
    // value 0, no heap of value 1: an N-position (a move leaves one heap of value 1... or 3).
    let r = run(
        &[
            "analyze",
            "--misere",
            "--json",
            "--max-take",
            "3",
            "100",
            "100",
            "100",
            "100",
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim_end()).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["decided_by"], "misere_nim_rule");
    // K beyond 64 bits, a pile of a million: one heap of value 10^6, taken down to 1.
    let r = run(
        &[
            "analyze",
            "--misere",
            "--json",
            "--max-take",
            "100000000000000000000000000000",
            "1000000",
        ],
        b"",
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim_end()).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], 1);
    // A wild sum beyond the search is still refused, naming the limit.
    let r = run(
        &[
            "analyze",
            "--misere",
            "kayles",
            "90",
            "+",
            "octal:0.137",
            "90",
        ],
        b"",
    );
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.contains("needs an exhaustive search") && r.stderr.contains("--search-limit"),
        "{}",
        r.stderr
    );
}

#[test]
fn misere_play_of_a_million_piles_is_decided_by_the_rule() {
    // The search's step count of this line used to be multiplied out exactly (a number of
    // 477,000 digits); now the misère Nim rule decides it: a million heaps of value 2 have
    // nim-sum 0, a P-position.
    let mut line = b"2 ".repeat(1_000_000);
    line.push(b'\n');
    let r = run(&["analyze", "--misere", "--max-take", "3"], &line);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.starts_with("P-position"),
        "{}",
        &r.stdout[..100.min(r.stdout.len())]
    );
}

#[test]
fn conflicting_flags() {
    usage_error(
        &["analyze", "--max-take", "3", "--wythoff", "1", "2"],
        "error: the argument '--max-take <K>' cannot be used with '--wythoff'",
    );
    usage_error(
        &["analyze", "--subtract", "2", "--wythoff", "1", "2"],
        "error: the argument '--subtract <SET>' cannot be used with '--wythoff'",
    );
    usage_error(
        &["analyze", "--max-take", "2", "--subtract", "3", "1"],
        "error: the argument '--max-take <K>' cannot be used with '--subtract <SET>'",
    );
    usage_error(
        &["analyze", "--json", "--explain", "1"],
        "error: the argument '--json' cannot be used with '--explain'",
    );
    usage_error(
        &["analyze", "--json", "-q", "1"],
        "error: the argument '--json' cannot be used with '--quiet'",
    );
    usage_error(
        &["grundy", "--upto", "5", "7"],
        "error: the argument '--upto <N>' cannot be used with '[PILE]...'",
    );
    refuses(
        &["grundy", "--misere", "--upto", "3"],
        "nimsolve: error: Grundy values belong to normal play; --misere cannot be used with grundy\n",
    );
}

// ---------------------------------------------------------------------------------------------
// Limits: checked before any work, naming the limit and the flag.
// ---------------------------------------------------------------------------------------------

#[test]
fn grundy_upto_beyond_the_table_limit() {
    refuses(
        &["grundy", "--upto", "10000000"],
        "nimsolve: error: --upto 10000000 asks for 10000001 values, more than the limit 10000000 (raise it with --table-limit)\n",
    );
    refuses(
        &[
            "grundy",
            "--subtract",
            "fibonacci",
            "--upto",
            "18446744073709551615",
        ],
        "nimsolve: error: --upto 18446744073709551615 asks for 18446744073709551616 values, more than the limit 10000000 (raise it with --table-limit)\n",
    );
}

#[test]
fn grundy_wythoff_table_beyond_the_table_limit_and_u128_does_not_overflow() {
    // (2^64)² entries used to overflow u128: a panic in debug builds, an empty table in release.
    refuses(
        &["grundy", "--wythoff", "--upto", "3162"],
        "nimsolve: error: a 3163×3163 table has 10004569 entries, more than the limit 10000000 (raise it with --table-limit)\n",
    );
    refuses(
        &["grundy", "--wythoff", "--upto", "18446744073709551615"],
        "nimsolve: error: a 18446744073709551616×18446744073709551616 table has 340282366920938463463374607431768211456 entries, more than the limit 10000000 (raise it with --table-limit)\n",
    );
    refuses(
        &["grundy", "--wythoff", "3"],
        "nimsolve: error: the Grundy values of Wythoff's game belong to pairs of piles: give the piles two by two (grundy PILE PILE …), or --upto N for their table\n",
    );
}

/// `grundy` of a two-pile game gives each pair's value, checked against the game's own
/// brute force: the P-positions of Wythoff's game have 0, (1, 1) has 2 (its options (0, 1),
/// (1, 0) and (0, 0) have 1, 1 and 0); Euclid's game refuses a pair with a 0 it cannot have.
#[test]
fn grundy_of_pairs_gives_each_pairs_value() {
    let json = crate::common::cli::ok_json(&["grundy", "--wythoff", "3", "5", "1", "1", "--json"]);
    assert_eq!(
        json["values"],
        serde_json::json!([
            {"position": [3, 5], "grundy": 0},
            {"position": [1, 1], "grundy": 2},
        ])
    );
    assert_eq!(
        crate::common::cli::ok(&["grundy", "--wythoff", "4", "7"]),
        "g(4, 7) = 0\n"
    );
    let r = crate::common::cli::run(&["grundy", "--game", "euclid", "0", "0"], b"");
    assert_eq!(r.code, Some(2), "{r:?}");
    // A whole state in the game's own tokens is one position: a stalk of two edges is *2.
    let json =
        crate::common::cli::ok_json(&["grundy", "--game", "hackenbush", "0-1,1-2", "--json"]);
    assert_eq!(json["values"][0]["grundy"], 2);
}

#[test]
fn explain_table_beyond_the_table_limit() {
    // A thousand small piles and one 10,000-digit pile: 33 MB of binary digits.
    let mut line = b"1 ".repeat(1000);
    line.extend_from_slice(&[b'7'; 10_000]);
    line.push(b'\n');
    let r = run(&["analyze", "--explain"], &line);
    assert_eq!(
        r.stderr,
        "nimsolve: error: line 1: --explain would print a table of 33285438 binary digits (1002 rows of 33219), more than the limit 10000000 (raise it with --table-limit, or leave out --explain)\n"
    );
    assert_eq!(r.code, Some(2));
}

#[test]
fn play_from_huge_piles_is_refused_before_printing_gigabytes() {
    // Two 10,000-digit piles: the loser takes one object at a time, so the game runs to
    // --max-turns; it used to print 4 GB first.
    let big = "7".repeat(10_000);
    refuses(
        &["play", &big, &big],
        "nimsolve: error: a game of up to 100000 moves from piles this large may print about 4000400000 digits (40004 a move), more than the limit 200000000; lower --max-turns to 4999 or less\n",
    );
}

/// The exit status `run_limited`'s shell gives when it cannot set the limit.
const NO_ULIMIT: i32 = 125;

/// Runs `script` under `sh` with at most 1 GB of address space (`ulimit -v 1000000`), `$N`
/// being the binary. Fails (rather than run without the limit) where `sh` is missing or cannot
/// set the limit.
fn run_limited(script: &str) -> Run {
    let out = StdCommand::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v 1000000 || exit {NO_ULIMIT}; {script}"))
        .env("N", BIN)
        .stdin(Stdio::null())
        .output()
        .expect("sh runs (the test needs a POSIX shell with `ulimit -v`)");
    let run = Run::lossy(out);
    assert_ne!(
        run.code,
        Some(NO_ULIMIT),
        "sh could not limit the address space with `ulimit -v 1000000`: {}",
        run.stderr
    );
    run
}

#[test]
fn misere_search_at_the_limit_fits_in_a_gigabyte() {
    // 5,000,000 positions of 180 bytes each used to pass the step limit and abort with "memory
    // allocation failed"; a position now counts 8 steps for its memory. (A pile of take 1 at
    // a time is decided by the misère Nim rule now; the remoteness is still searched.)
    let r = run_limited("$N analyze --misere --max-take 1 --search-limit 2000000 222221");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.starts_with("P-position"), "{}", r.stdout);
    // (The second case of this test, a pile of 4999999, is now decided by the misère Nim
    // rule without a search.)
}

#[test]
fn a_search_limit_raised_past_memory_is_an_error_not_an_abort() {
    // The search's memo and stack grow until memory runs out under the ulimit: reported, with
    // the flag to lower, where the allocation used to abort the process.
    let r =
        run_limited("$N analyze --max-take 1 --search-limit 1000000000000 --remoteness 100000000");
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr
            .starts_with("nimsolve: error: the exhaustive search ran out of memory after ")
            && r.stderr.ends_with(" positions (lower --search-limit)\n"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stdout, "");
}

#[test]
fn random_player_on_a_huge_pile_draws_one_amount_without_listing_them_all() {
    // A random move used to list every legal amount first: 332,000 powers of two below a
    // 100,000-digit pile, 7 GB. Now one amount is drawn by its index.
    let pile = "3".repeat(100_000);
    let r = run_limited(&format!(
        "$N play --subtract powers-of-two --first random --seed 1 --max-turns 1 {pile}"
    ));
    assert_eq!(
        r.stderr,
        "nimsolve: error: the game has not ended after 1 moves (raise the limit with --max-turns)\n"
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stdout.lines().count(), 2);
}

#[test]
fn big_tables_are_refused_before_allocating() {
    for (args, flag) in [
        ("grundy --upto 18446744073709551614", "--table-limit"),
        ("grundy --wythoff --upto 4294967295", "--table-limit"),
        ("grundy --subtract fibonacci 99999999999", "--table-limit"),
        ("analyze --subtract 1,9999999 999999999999", "--table-limit"),
        (
            "analyze --misere wythoff 100000 100000 + wythoff 1 2",
            "--search-limit",
        ),
        (
            "analyze --misere --subtract powers-of-two 1000000000",
            "--search-limit",
        ),
    ] {
        let r = run_limited(&format!("$N {args}"));
        assert_eq!(r.code, Some(2), "{args}: {}", r.stderr);
        assert!(r.stderr.contains(flag), "{args}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{args}: {}", r.stderr);
    }
}

// ---------------------------------------------------------------------------------------------
// Output that cannot be written.
// ---------------------------------------------------------------------------------------------

/// Runs `nimsolve args` with `stdin`, its stdout going to /dev/full (or stderr, if `stderr_full`).
fn to_dev_full(args: &[&str], stdin: &[u8], stderr_full: bool) -> Run {
    let full = File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let mut cmd = StdCommand::new(BIN);
    cmd.args(args).stdin(Stdio::piped());
    if stderr_full {
        cmd.stderr(full).stdout(Stdio::piped());
    } else {
        cmd.stdout(full).stderr(Stdio::piped());
    }
    let mut child = cmd.spawn().expect("spawns");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("runs");
    writer.join().expect("writer");
    Run::lossy(out)
}

#[test]
fn stdout_to_dev_full() {
    let message =
        "nimsolve: error: writing standard output: No space left on device (os error 28)\n";
    let r = to_dev_full(&["analyze", "3", "5", "7"], b"", false);
    assert_eq!((r.code, r.stderr.as_str()), (Some(1), message));
    let batch = b"3 5 7\n".repeat(100_000);
    let r = to_dev_full(&["analyze"], &batch, false);
    assert_eq!((r.code, r.stderr.as_str()), (Some(1), message));
    let r = to_dev_full(&["grundy", "--upto", "100"], b"", false);
    assert_eq!((r.code, r.stderr.as_str()), (Some(1), message));
    let r = to_dev_full(&["--help"], b"", false);
    assert_eq!((r.code, r.stderr.as_str()), (Some(1), message));
}

#[test]
fn stderr_to_dev_full() {
    // Error lines cannot be written; no panic, the exit status still says so.
    let r = to_dev_full(&["analyze"], b"1 -2\n3\n", true);
    assert_eq!(r.code, Some(2));
    assert_eq!(r.stdout.lines().count(), 1);
    let r = to_dev_full(&["analyze", "--max-take", "0", "1"], b"", true);
    assert_eq!(r.code, Some(2));
}

/// `grundy 3 5 + 2` said "write the number without a sign" of the `+`: a lone `+` is the sum
/// separator, which a command reading the piles of one game does not take.
#[test]
fn grundy_with_a_plus_between_piles_names_the_sum_separator() {
    let r = run(&["grundy", "3", "5", "+", "2"], b"");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("argument 3"), "{}", r.stderr);
    assert!(
        r.stderr.contains("joins the components of a sum"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("without a sign"), "{}", r.stderr);
}

/// A game name no family has is answered with the game most likely meant: a near spelling, or
/// the game's other name (the Bash game is written max-take:K); a spec split at a blank after
/// its colon (`max-take: 3`) is told how it is written.
#[test]
fn unknown_games_are_answered_with_the_game_meant() {
    use nimsolve::Rules;
    use nimsolve::error::RuleError;
    let meant = |spec: &str| match Rules::parse(spec) {
        Err(RuleError::UnknownGame { suggestions, .. }) => suggestions,
        other => panic!("{spec}: {other:?}"),
    };
    assert_eq!(meant("wythof"), ["wythoff"]);
    assert_eq!(meant("KAYLE"), ["kayles"]);
    assert_eq!(meant("stair"), ["staircase"]);
    assert_eq!(meant("bash"), ["max-take:K"]);
    assert!(meant("chess").is_empty());
    // A name near several games names them all, most alike first.
    let dawson = meant("dawson");
    assert_eq!(dawson.len(), 2, "{dawson:?}");
    assert!(dawson.contains(&"dawsons-kayles") && dawson.contains(&"dawsons-chess"));
    // A colon with no game before it, or after a game that takes no parameter.
    assert_eq!(Rules::parse(":3"), Err(RuleError::NoGameName));
    assert_eq!(
        Rules::parse("kiki:"),
        Err(RuleError::StrayColon { game: "kiki" })
    );
    for (spec, syntax) in [("max-take:", "max-take:K"), ("subtract: ", "subtract:SET")] {
        assert_eq!(
            Rules::parse(spec),
            Err(RuleError::MissingArgument { syntax }),
            "{spec}"
        );
    }
    // On the command line, with the position's column.
    let r = run(&["analyze", "max-take:", "3", "10"], b"");
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("max-take:K"), "{}", r.stderr);
}

/// Columns wider than 65,535 (a Nim pile of 20,000 digits has 66,439 binary digits; a vertex
/// named by 65,536 letters) are padded by hand: `format!`'s widths stop at 65,535.
#[test]
fn explain_and_graph_tables_take_columns_of_any_width() {
    let pile = "9".repeat(20_000);
    let r = run(&["analyze", "--explain", &pile, "5"], b"");
    assert_eq!(r.code, Some(0), "{}", &r.stderr[..r.stderr.len().min(300)]);
    let row = r
        .stdout
        .lines()
        .find(|l| l.contains("pile 2"))
        .unwrap_or_default();
    assert!(
        row.ends_with(" 101"),
        "{}",
        &row[row.len().saturating_sub(40)..]
    );
    let dir = std::env::temp_dir().join(format!("nimsolve-wide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.txt");
    let name = "v".repeat(65_536);
    std::fs::write(&file, format!("{name}: b\nb:\n")).unwrap();
    let spec = format!("graph:{}", file.display());
    let r = run(&["grundy", "--game", &spec], b"");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(r.code, Some(0), "{}", &r.stderr[..r.stderr.len().min(300)]);
    assert!(
        r.stdout
            .lines()
            .any(|l| l == format!("{}b  P  0  r=0", " ".repeat(65_535)))
    );
}
