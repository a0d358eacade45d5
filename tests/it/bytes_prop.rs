//! Property: whatever bytes arrive on standard input, under whatever rule flags, `nimsolve`
//! either answers every position (exit 0) or reports each bad line once on stderr and exits 2 —
//! never a panic or a backtrace, and the output stays aligned with the input: with `--json`,
//! one object per non-blank non-comment line, in order, the bad ones as `{"line": N, …}`.

use crate::common::cli::{Run, nimsolve};
use proptest::prelude::*;
use serde_json::Value;

/// The lines a batch answers: (1-based line number, text), as README "Input" describes them.
fn position_lines(input: &[u8]) -> Vec<(u64, &[u8])> {
    let mut out = Vec::new();
    let mut lines: Vec<&[u8]> = input.split(|&c| c == b'\n').collect();
    if input.ends_with(b"\n") {
        lines.pop();
    }
    for (i, mut line) in lines.into_iter().enumerate() {
        if i == 0 && line.starts_with(b"\xEF\xBB\xBF") {
            line = &line[3..];
        }
        if line.ends_with(b"\r") {
            line = &line[..line.len() - 1];
        }
        let first = line.iter().find(|c| !matches!(c, b' ' | b'\t'));
        if matches!(first, None | Some(b'#')) {
            continue;
        }
        out.push((i as u64 + 1, line));
    }
    out
}

/// The piles of a line by the grammar of sums (decimal strings without leading zeros, every
/// component's in order), or `None`. No fragment below makes a valid game spec, so a letter
/// is always an error; brackets are blanks, and a `+` separates two non-empty components.
fn reference_piles(line: &[u8]) -> Option<Vec<String>> {
    let text = String::from_utf8_lossy(line)
        .replace(['(', ')', '（', '）'], " ")
        .replace('，', ",");
    // A line of brackets alone holds no component.
    if text.trim_matches([' ', '\t']).is_empty() {
        return None;
    }
    let components: Vec<&str> = text.split('+').collect();
    let mut piles = Vec::new();
    for component in &components {
        let these = component_piles(component.as_bytes())?;
        if components.len() > 1 && component.trim_matches([' ', '\t']).is_empty() {
            return None;
        }
        piles.extend(these);
    }
    Some(piles)
}

/// The piles of one component: blanks or commas between piles, a comma between two piles.
fn component_piles(line: &[u8]) -> Option<Vec<String>> {
    let fields: Vec<&[u8]> = line.split(|&c| c == b',').collect();
    let mut piles = Vec::new();
    for field in &fields {
        let tokens: Vec<&[u8]> = field
            .split(|&c| c == b' ' || c == b'\t')
            .filter(|t| !t.is_empty())
            .collect();
        if fields.len() > 1 && tokens.is_empty() {
            return None;
        }
        for token in tokens {
            if !token.iter().all(u8::is_ascii_digit) {
                return None;
            }
            let digits = std::str::from_utf8(token).ok()?.trim_start_matches('0');
            piles.push(if digits.is_empty() { "0" } else { digits }.to_string());
        }
    }
    Some(piles)
}

/// Fragments that make lines interesting: numbers, separators and every kind of near-miss.
fn fragment() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => "[0-9]{1,3}".prop_map(String::into_bytes),
        1 => "[0-9]{14,25}".prop_map(String::into_bytes),
        3 => Just(b" ".to_vec()),
        2 => Just(b",".to_vec()),
        1 => Just(b"\t".to_vec()),
        1 => prop::sample::select(vec![
            "-1", "+2", "1e9", "0x1f", "2.5", "\u{ff13}", "\u{661}", "#", "\r", "\u{feff}", "\0",
            "\u{a0}", "_", "x", "+", "(", ")", "\u{ff0c}", "\u{ff08}",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
        1 => prop::collection::vec(any::<u8>(), 1..4),
    ]
}

fn input() -> impl Strategy<Value = Vec<u8>> {
    let line = prop::collection::vec(fragment(), 0..8).prop_map(|f| f.concat());
    let structured = (
        any::<bool>(),
        prop::collection::vec((line, any::<bool>()), 0..12),
    )
        .prop_map(|(bom, lines)| {
            let mut out = if bom {
                b"\xEF\xBB\xBF".to_vec()
            } else {
                Vec::new()
            };
            for (text, crlf) in lines {
                out.extend_from_slice(&text);
                out.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
            }
            out
        });
    prop_oneof![
        3 => structured,
        1 => prop::collection::vec(any::<u8>(), 0..200),
    ]
}

/// The rule flags tried (small limits, so limit errors show up as bad lines too).
const RULES: &[&[&str]] = &[
    &[],
    &["--misere"],
    &["--max-take", "3"],
    &["--subtract", "1,3,4"],
    &["--subtract", "2,5", "--misere"],
    &["--subtract", "powers-of-two"],
    &["--subtract", "fibonacci"],
    &["--wythoff"],
    &["--wythoff", "--misere"],
    &["--max-take", "100000000000000000000", "--misere"],
];

fn check(command: &str, json: bool, rules: &[&str], stdin: &[u8]) -> Result<(), TestCaseError> {
    let mut args = vec![command];
    if json {
        args.push("--json");
    }
    args.extend_from_slice(rules);
    args.extend_from_slice(&["--table-limit", "5000", "--search-limit", "5000"]);
    // Not `crate::common::cli::run`: a panic is reported below as a failed case, to be shrunk.
    let Run {
        code,
        stdout,
        stderr,
    } = Run::utf8(
        nimsolve()
            .args(&args)
            .write_stdin(stdin.to_vec())
            .output()
            .expect("the binary runs"),
    );
    prop_assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "{args:?} panicked: {stderr}"
    );

    // One error line per bad line, in order, each naming its line.
    let expected = position_lines(stdin);
    let mut bad = Vec::new();
    for line in stderr.lines() {
        let rest = line.strip_prefix("nimsolve: error: line ");
        prop_assert!(rest.is_some(), "{args:?}: stray stderr line {line:?}");
        let number: u64 = rest
            .and_then(|r| r.split(':').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        prop_assert!(
            expected.iter().any(|(n, _)| *n == number),
            "{args:?}: error for line {number}, which is not a position line"
        );
        prop_assert!(
            bad.last().is_none_or(|&last| last < number),
            "{args:?}: order"
        );
        bad.push(number);
    }
    prop_assert_eq!(code, Some(if bad.is_empty() { 0 } else { 2 }), "{:?}", args);
    // A line the grammar rejects is always reported.
    for (number, text) in &expected {
        if reference_piles(text).is_none() {
            prop_assert!(bad.contains(number), "{args:?}: line {number} not reported");
        }
    }

    if json {
        // One object per position line, in order; errors in their place.
        let objects: Vec<Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).map_err(|e| TestCaseError::fail(format!("{e}: {l}"))))
            .collect::<Result<_, _>>()?;
        prop_assert_eq!(objects.len(), expected.len(), "{:?}", args);
        for ((number, text), object) in expected.iter().zip(&objects) {
            if bad.contains(number) {
                prop_assert_eq!(&object["line"], &Value::from(*number));
                prop_assert!(object["error"].is_string());
            } else {
                let piles: Vec<String> = object["piles"]
                    .as_array()
                    .map(|a| a.iter().map(Value::to_string).collect())
                    .unwrap_or_default();
                prop_assert_eq!(Some(piles), reference_piles(text), "line {}", number);
                prop_assert!(matches!(object["outcome"].as_str(), Some("N" | "P")));
            }
        }
    } else {
        // One human line per answered position.
        prop_assert_eq!(
            stdout.lines().count(),
            expected.len() - bad.len(),
            "{:?}: {}",
            args,
            stdout
        );
    }
    Ok(())
}

proptest! {
    // 100 cases by default (a few seconds); PROPTEST_CASES=10000 for a longer hunt.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(100),
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_bytes_give_aligned_output_or_one_error_per_bad_line(
        stdin in input(),
        rules in prop::sample::select(RULES),
        command in prop::sample::select(&["analyze", "move"][..]),
        json in any::<bool>(),
    ) {
        check(command, json, rules, &stdin)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// A batch of lines in canonical text (single spaces, no leading zeros: the fast path of a
    /// Nim batch) gets the same bytes as the same positions written otherwise (two spaces
    /// between piles, read by the general path), in words and in JSON, under both conventions.
    #[test]
    fn canonical_lines_get_the_answers_of_the_same_positions_written_otherwise(
        lines in prop::collection::vec(
            prop::collection::vec(
                prop_oneof![0..3u64, 0..1_000_000_000u64, 0..999_999_999_999_999u64],
                1..12,
            ),
            1..40,
        ),
        misere in any::<bool>(),
        json in any::<bool>(),
        zh in any::<bool>(),
    ) {
        let text = |sep: &str| -> String {
            lines
                .iter()
                .map(|l| l.iter().map(u64::to_string).collect::<Vec<_>>().join(sep) + "\n")
                .collect()
        };
        let mut args = vec!["analyze"];
        if misere {
            args.push("--misere");
        }
        if json {
            args.push("--json");
        }
        if zh {
            args.extend(["--lang", "zh"]);
        }
        let canonical = crate::common::cli::run(&args, text(" "));
        let spaced = crate::common::cli::run(&args, text("  "));
        prop_assert_eq!(canonical.code, Some(0));
        prop_assert_eq!(canonical.stdout.lines().count(), lines.len());
        prop_assert_eq!(&canonical.stdout, &spaced.stdout);
        prop_assert_eq!(&canonical.stderr, &spaced.stderr);
    }
}
