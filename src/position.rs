//! Reading a position from text.
//!
//! Grammar of one position (one line of a batch, or the PILES arguments):
//!
//! ```text
//! position  = blank* [ pile ( separator pile )* ] blank*
//! separator = blank+ | blank* "," blank*
//! blank     = " " | "\t"
//! pile      = digit+            (ASCII 0-9, any length, leading zeros allowed)
//! ```
//!
//! Signs, decimal points, exponents, hex, non-ASCII digits and empty fields between commas are
//! rejected with the offending token and its column; numbers are never wrapped or truncated.

use crate::error::{BadToken, NumberError, PositionError};
use crate::nat::{Nat, non_digit_bytes, short_digit_run};

/// Parses one position, e.g. `"3 5 7"`, `"3,5,7"` or `"3, 5\t7"`, into its piles.
///
/// The empty string gives the empty position (no piles).
///
/// # Errors
/// [`PositionError::BadPile`] names the first token that is not a non-negative decimal integer
/// and its 1-based column; [`PositionError::EmptyPile`] an empty field between commas.
///
/// ```
/// use nimsolve::{parse_position, Nat};
/// assert_eq!(parse_position("3, 5 7").unwrap(), vec![Nat::from(3u64), Nat::from(5u64), Nat::from(7u64)]);
/// assert!(parse_position("3 -5").is_err());
/// ```
pub fn parse_position(text: &str) -> Result<Vec<Nat>, PositionError> {
    let mut piles = Vec::new();
    parse_position_into(text.as_bytes(), &mut piles)?;
    Ok(piles)
}

/// Parses one position from bytes, appending its piles to `piles` (which is not cleared, so a
/// batch reader can reuse one buffer without allocating per line).
///
/// # Errors
/// As [`parse_position`]. On error, `piles` may hold the piles before the bad token.
pub fn parse_position_into(line: &[u8], piles: &mut Vec<Nat>) -> Result<(), PositionError> {
    parse_position_within(line, line.len(), piles)
}

/// As [`parse_position_into`] for the line `bytes[..len]`, where the bytes after the line (the
/// rest of a read block) may be looked at, never parsed: a batch reader's fast path reads
/// sixteen bytes at a time also near the end of a line.
///
/// # Errors
/// As [`parse_position`].
///
/// # Panics
/// If `len > bytes.len()`.
pub fn parse_position_within(
    bytes: &[u8],
    len: usize,
    piles: &mut Vec<Nat>,
) -> Result<(), PositionError> {
    let line = &bytes[..len];
    let n = len;
    let mut i = 0;
    // Whether the last separator was a comma that still waits for its pile.
    let mut pending_comma: Option<usize> = None;
    let mut seen_pile = false;
    while i < n {
        let c = line[i];
        if c == b' ' || c == b'\t' {
            i += 1;
            continue;
        }
        if c == b',' {
            if pending_comma.is_some() || !seen_pile {
                return Err(PositionError::EmptyPile { column: i + 1 });
            }
            pending_comma = Some(i);
            i += 1;
            continue;
        }
        // The fast path: a short number followed by a separator, read sixteen bytes at a time.
        if let Some((value, run, next)) = short_digit_run(bytes, i)
            && (i + run == n || (i + run < n && matches!(next, b' ' | b'\t' | b',')))
        {
            piles.push(Nat::from(value));
            i += run;
            seen_pile = true;
            pending_comma = None;
            continue;
        }
        let start = i;
        // The digit run, eight bytes at a time, then the rest of the token (if it goes on with
        // something that is not a digit, the token is bad and is reported whole).
        while i + 8 <= n {
            let word = u64::from_le_bytes(line[i..i + 8].try_into().unwrap_or([0; 8]));
            let bad = non_digit_bytes(word);
            if bad != 0 {
                i += (bad.trailing_zeros() / 8) as usize;
                break;
            }
            i += 8;
        }
        while i < n && !matches!(line[i], b' ' | b'\t' | b',') {
            i += 1;
        }
        let token = &line[start..i];
        match Nat::parse_decimal(token) {
            Ok(pile) => piles.push(pile),
            Err(e) => return Err(bad_pile(token, start, &e)),
        }
        seen_pile = true;
        pending_comma = None;
    }
    if let Some(at) = pending_comma {
        return Err(PositionError::EmptyPile { column: at + 1 });
    }
    Ok(())
}

/// The fast path of a batch reader: when `bytes` starts with a line of short piles (1 to 15
/// digits each) separated by single spaces and ended by a line feed, with 16 bytes readable
/// from each pile on, appends its piles to `piles` and returns the line's length with its line
/// feed. Returns `None`, with `piles` as it was, for any other line (blank, a comment, other
/// separators, CR LF, long piles, a bad token, the end of the bytes): the caller then finds the
/// line's end and parses it with [`parse_position_within`], which also judges it. Lines it
/// accepts get the same piles from [`parse_position_within`].
///
/// A pile with a leading zero (`007`) is also left to the general path, so the text of an
/// accepted line before its line feed is canonical: each pile as [`Nat`]'s `Display` writes
/// it, separated by single spaces. Output may copy it rather than format the piles again.
#[inline]
pub fn parse_simple_line(bytes: &[u8], piles: &mut Vec<Nat>) -> Option<usize> {
    parse_simple_into(bytes, piles)
}

/// [`parse_simple_line`] into machine words (the piles it accepts are below 10^15).
#[inline]
pub fn parse_simple_words(bytes: &[u8], piles: &mut Vec<u64>) -> Option<usize> {
    parse_simple_into(bytes, piles)
}

#[inline(always)]
fn parse_simple_into<T: From<u64>>(bytes: &[u8], piles: &mut Vec<T>) -> Option<usize> {
    let before = piles.len();
    let mut i = 0;
    while let Some((value, run, next)) = short_digit_run(bytes, i) {
        if run > 1 && bytes[i] == b'0' {
            break;
        }
        piles.push(T::from(value));
        i += run + 1;
        match next {
            b' ' => {}
            b'\n' => return Some(i),
            _ => break,
        }
    }
    piles.truncate(before);
    None
}

/// The error for a token at 0-based byte `start` that is not a pile.
pub(crate) fn bad_pile(token: &[u8], start: usize, e: &NumberError) -> PositionError {
    let mut why = describe_bad_token(token, e);
    let (shown, cut) = shown_token(token);
    if let (
        true,
        NumberError::NotADigit { index: index @ 1.. },
        BadToken::NotADigit { column, .. },
    ) = (cut, e, &mut why)
    {
        // The token is cut short in the message: say where its bad character is (unless it
        // is the first, at the token's own column).
        *column = Some(start + index + 1);
    }
    PositionError::BadPile {
        token: shown,
        column: start + 1,
        why,
    }
}

/// Longer tokens are cut to this many characters in messages (a million-digit pile with one bad
/// character must not make a megabyte-long error line).
const SHOWN_TOKEN_CHARS: usize = 40;

/// The token as a message shows it: invalid UTF-8 replaced by U+FFFD, cut after
/// [`SHOWN_TOKEN_CHARS`] characters with "…"; and whether it was cut.
fn shown_token(token: &[u8]) -> (String, bool) {
    // Four bytes per character at most: enough bytes for the characters shown and one more.
    let head = &token[..token.len().min(4 * SHOWN_TOKEN_CHARS + 4)];
    let text = String::from_utf8_lossy(head);
    let mut chars = text.char_indices();
    match chars.nth(SHOWN_TOKEN_CHARS) {
        Some((cut, _)) => (format!("{}…", &text[..cut]), true),
        None if head.len() < token.len() => (format!("{text}…"), true),
        None => (text.into_owned(), false),
    }
}

/// A short reason for a token that is not a pile, naming the most likely mistake.
fn describe_bad_token(token: &[u8], e: &NumberError) -> BadToken {
    let text = String::from_utf8_lossy(token);
    if let NumberError::NotAnEdge { .. } = e {
        BadToken::Number(e.clone())
    } else if token.first() == Some(&b'-') && token.len() > 1 {
        BadToken::Negative
    } else if token == b"+" {
        BadToken::Plus
    } else if token.first() == Some(&b'+') {
        BadToken::Sign
    } else if std::str::from_utf8(token).is_err() {
        BadToken::NotUtf8
    } else if text.chars().any(|c| c.is_numeric() && !c.is_ascii_digit()) {
        BadToken::NotAscii
    } else if token.contains(&b'.') {
        BadToken::NotWhole
    } else if token.starts_with(b"0x") || token.starts_with(b"0X") {
        BadToken::Hexadecimal
    } else if token
        .iter()
        .all(|c| c.is_ascii_digit() || matches!(c, b'e' | b'E'))
        && token.first().is_some_and(u8::is_ascii_digit)
    {
        BadToken::Exponent
    } else if let NumberError::NotADigit { index } = e {
        let found = String::from_utf8_lossy(&token[*index..])
            .chars()
            .next()
            .unwrap_or('?');
        BadToken::NotADigit {
            found,
            column: None,
        }
    } else {
        BadToken::Number(e.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::{Just, Strategy};

    #[test]
    fn long_bad_tokens_are_cut_short_in_messages() {
        // A million-digit pile with one bad character: the message names its column.
        let mut line = vec![b'7'; 1_000_000];
        line[999_990] = b'x';
        let err = parse_position_into(&line, &mut Vec::new()).unwrap_err();
        let PositionError::BadPile { token, column, why } = &err else {
            panic!("{err}");
        };
        assert_eq!(*column, 1);
        assert_eq!(token, &format!("{}…", "7".repeat(40)));
        assert_eq!(why.to_string(), "'x' is not a digit 0-9 (column 999991)");
        assert!(err.to_string().len() < 200);
        // A bad first character is at the token's column, named once.
        let err = parse_position(&format!("3 x{}", "y".repeat(50))).unwrap_err();
        let PositionError::BadPile { column, why, .. } = &err else {
            panic!("{err}");
        };
        assert_eq!(
            (*column, why.to_string().as_str()),
            (3, "'x' is not a digit 0-9")
        );
        // Multi-byte characters are never cut in half; short tokens are shown whole.
        let wide = "３".repeat(100);
        let err = parse_position(&wide).unwrap_err();
        let PositionError::BadPile { token, .. } = &err else {
            panic!("{err}");
        };
        assert_eq!(token, &format!("{}…", "３".repeat(40)));
        assert_eq!(
            shown_token("３".repeat(40).as_bytes()),
            ("３".repeat(40), false)
        );
        assert_eq!(shown_token(b"\xff1"), ("\u{fffd}1".to_string(), false));
        // A token that itself ends in "…" is shown whole, with no column for its bad character.
        let err = parse_position("1x…").unwrap_err();
        let PositionError::BadPile { why, .. } = &err else {
            panic!("{err}");
        };
        assert_eq!(why.to_string(), "'x' is not a digit 0-9");
    }

    fn nats(v: &[u64]) -> Vec<Nat> {
        v.iter().map(|&x| Nat::from(x)).collect()
    }

    #[test]
    fn simple_lines_take_the_fast_path_and_others_are_left_alone() {
        let block = b"12 345 6\n7\n0000000000000000000000000000";
        let mut piles = vec![Nat::from(9u64)];
        assert_eq!(parse_simple_line(block, &mut piles), Some(9));
        assert_eq!(piles, nats(&[9, 12, 345, 6]));
        assert_eq!(parse_simple_line(&block[9..], &mut piles), Some(2));
        assert_eq!(piles, nats(&[9, 12, 345, 6, 7]));
        for other in [
            &b"1  2\n0000000000000000"[..],
            b"1,2\n0000000000000000",
            b"1 2\r\n000000000000000",
            b"\n00000000000000000000",
            b"# 1\n0000000000000000",
            b"1 2 \n000000000000000",
            b"1 -2\n000000000000000",
            b"1234567890123456 1\n0",
            b"1 007\n00000000000000",
            b"1 2\n",
        ] {
            assert_eq!(parse_simple_line(other, &mut piles), None, "{other:?}");
            assert_eq!(piles.len(), 5);
        }
    }

    proptest::proptest! {
        /// The fast path gives the general parser's piles for every line it takes, whose text
        /// is then canonical, and takes every line of short piles without leading zeros
        /// separated by single spaces.
        #[test]
        fn the_fast_path_agrees_with_the_general_parser(
            line in proptest::prop_oneof![
                // Lines of short piles (some with leading zeros) and single spaces, and lines
                // of anything.
                proptest::collection::vec(
                    proptest::prop_oneof![4 => "0|[1-9][0-9]{0,14}", 1 => "0[0-9]{1,14}"],
                    1..10,
                ).prop_map(|t| t.join(" ")),
                proptest::collection::vec(
                    proptest::prop_oneof![
                        "[0-9]{1,15}", "[0-9]{16,22}", "[ ,\t\r#x-]", Just(" ".to_string())
                    ],
                    0..12,
                ).prop_map(|t| t.concat()),
            ],
            after in "[0-9 \n]{0,20}",
        ) {
            let bytes = format!("{line}\n{after}");
            let mut fast = Vec::new();
            let simple = !line.is_empty()
                && line.split(' ').all(|t| {
                    (1..=15).contains(&t.len())
                        && t.bytes().all(|c| c.is_ascii_digit())
                        && (t == "0" || !t.starts_with('0'))
                });
            let tail_fits = line.rfind(' ').map_or(0, |i| i + 1) + 16 <= bytes.len();
            match parse_simple_line(bytes.as_bytes(), &mut fast) {
                Some(len) => {
                    proptest::prop_assert_eq!(len, line.len() + 1);
                    let mut general = Vec::new();
                    proptest::prop_assert!(
                        parse_position_within(bytes.as_bytes(), line.len(), &mut general).is_ok()
                    );
                    let canonical: Vec<String> = general.iter().map(Nat::to_string).collect();
                    proptest::prop_assert_eq!(canonical.join(" "), line);
                    proptest::prop_assert_eq!(fast, general);
                }
                None => {
                    proptest::prop_assert!(fast.is_empty());
                    proptest::prop_assert!(!(simple && tail_fits), "{line:?} not taken");
                }
            }
        }
    }

    #[test]
    fn accepts_spaces_tabs_and_commas() {
        assert_eq!(parse_position("3 5 7").unwrap(), nats(&[3, 5, 7]));
        assert_eq!(parse_position("3,5,7").unwrap(), nats(&[3, 5, 7]));
        assert_eq!(parse_position(" 3 ,\t5  7 ").unwrap(), nats(&[3, 5, 7]));
        assert_eq!(parse_position("").unwrap(), nats(&[]));
    }

    #[test]
    fn names_the_bad_token_and_its_column() {
        let err = parse_position("3 -5 7").unwrap_err();
        assert_eq!(
            err,
            PositionError::BadPile {
                token: "-5".into(),
                column: 3,
                why: BadToken::Negative
            }
        );
        assert!(err.to_string().contains("\"-5\" at column 3"));
        assert_eq!(
            parse_position("1,,2").unwrap_err(),
            PositionError::EmptyPile { column: 3 }
        );
        assert_eq!(
            parse_position(",1").unwrap_err(),
            PositionError::EmptyPile { column: 1 }
        );
        assert_eq!(
            parse_position("1,").unwrap_err(),
            PositionError::EmptyPile { column: 2 }
        );
        for bad in [
            "1e9",
            "0x1f",
            "2.5",
            "+3",
            "３",
            "١٢",
            "1\u{0}2",
            "\u{feff}1",
        ] {
            assert!(parse_position(bad).is_err(), "{bad} must be rejected");
        }
    }
}
