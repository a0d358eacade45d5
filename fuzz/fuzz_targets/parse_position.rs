//! The position parser on arbitrary bytes, against a slow reference parser written from the
//! grammar (README "Input"):
//!
//! ```text
//! position  = blank* [ pile ( separator pile )* ] blank*
//! separator = blank+ | blank* "," blank*
//! blank     = " " | "\t"
//! pile      = digit+
//! ```
//!
//! Checks: the same lines are accepted, with the same piles (each equal to what num-bigint
//! reads from the token, so the sixteen-byte fast path never disagrees with the general one);
//! the batch reader's variant that may look past the line's end (`parse_position_within`) gives
//! the same answer whatever follows the line; accepted piles printed and parsed again are equal;
//! an error names a column inside the line where its token really starts.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nimsolve::{Nat, PositionError, parse_position_into, parse_position_within};
use num_bigint::BigUint;

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// The grammar, read the slow way: fields between commas, tokens between blanks.
fn reference(line: &[u8]) -> Option<Vec<BigUint>> {
    let fields: Vec<&[u8]> = line.split(|&c| c == b',').collect();
    let mut piles = Vec::new();
    for field in &fields {
        let tokens: Vec<&[u8]> = field
            .split(|&c| is_blank(c))
            .filter(|t| !t.is_empty())
            .collect();
        // With a comma, every field holds a pile; without one, the line may be blank.
        if fields.len() > 1 && tokens.is_empty() {
            return None;
        }
        for token in tokens {
            if !token.iter().all(u8::is_ascii_digit) {
                return None;
            }
            piles.push(BigUint::parse_bytes(token, 10)?);
        }
    }
    Some(piles)
}

fn check_error(line: &[u8], e: &PositionError) {
    match e {
        PositionError::BadPile { token, column, .. } => {
            assert!(
                *column >= 1 && *column <= line.len(),
                "column {column} outside the line"
            );
            let rest = String::from_utf8_lossy(&line[column - 1..]);
            // A token longer than 40 characters is shown cut, with "…".
            let shown = match token.strip_suffix('…') {
                Some(head) if token.chars().count() == 41 => head,
                _ => token.as_str(),
            };
            assert!(
                rest.starts_with(shown),
                "token {token:?} is not at column {column}"
            );
            assert!(!token.is_empty());
        }
        PositionError::EmptyPile { column } => {
            assert!(
                *column >= 1 && *column <= line.len(),
                "column {column} outside the line"
            );
            assert_eq!(
                line[column - 1],
                b',',
                "an empty pile is reported at its comma"
            );
        }
        other => panic!("the parser of piles alone reports {other:?}, an error of sums"),
    }
}

fuzz_target!(|data: &[u8]| {
    // A position is one line: the batch reader never hands a parser a newline.
    let line: &[u8] = match memchr::memchr(b'\n', data) {
        Some(i) => &data[..i],
        None => data,
    };
    let mut piles = Vec::new();
    let got = parse_position_into(line, &mut piles);
    let want = reference(line);
    match (&got, &want) {
        (Ok(()), Some(expected)) => {
            let expected: Vec<Nat> = expected.iter().cloned().map(Nat::from_biguint).collect();
            assert_eq!(piles, expected, "piles differ from the reference");
        }
        (Err(e), None) => check_error(line, e),
        (Ok(()), None) => panic!("accepted a line the grammar rejects: {piles:?}"),
        (Err(e), Some(_)) => panic!("rejected a line the grammar accepts: {e}"),
    }

    // Whatever follows the line in the read block must not change the answer.
    for tail in [
        &b"0123456789012345678901234567890"[..],
        b"\n12345678901234567",
        b"\r\n",
        b" 7",
        b",",
        b"",
    ] {
        let mut block = line.to_vec();
        block.extend_from_slice(tail);
        let mut again = Vec::new();
        let within = parse_position_within(&block, line.len(), &mut again);
        assert_eq!(within, got, "a tail {tail:?} changed the result");
        if got.is_ok() {
            assert_eq!(again, piles, "a tail {tail:?} changed the piles");
        }
    }

    if got.is_ok() {
        // Round trip: the piles printed (spaces, commas, tabs) read back the same.
        for sep in [" ", ",", ", ", "\t"] {
            let text = piles
                .iter()
                .map(Nat::to_string)
                .collect::<Vec<_>>()
                .join(sep);
            let mut again = Vec::new();
            parse_position_into(text.as_bytes(), &mut again).expect("printed piles parse");
            assert_eq!(again, piles, "round trip through {text:?}");
        }
        // Each pile as an exact JSON integer, and as Nat::parse_decimal reads its digits.
        for p in &piles {
            let digits = p.to_string();
            assert_eq!(serde_json::to_string(p).expect("serialises"), digits);
            assert_eq!(Nat::parse_decimal(digits.as_bytes()).as_ref(), Ok(p));
        }
    }
});
