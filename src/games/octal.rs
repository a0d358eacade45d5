//! Octal games (Guy & Smith 1956; Winning Ways, ch. 4): the code `d₀.d₁d₂…dₜ` says, for each
//! amount k, what a move that removes k tokens from one heap may leave — digit dₖ's bit 1 no
//! heap (the heap was exactly k), bit 2 one heap, bit 4 two non-empty heaps, and, in the
//! hexadecimal codes, bit 8 three. d₀ ∈ {0, 4, 8, C} breaks a heap without removing anything.
//!
//! Named codes: Kayles = 0.77 (knock down one pin or two adjacent pins of a row), Dawson's
//! Kayles = 0.07, Dawson's chess = 0.137, Officers = 0.6. Their Grundy sequences are computed
//! by mex and their periods proven by the Guy–Smith theorem ([`super::take_and_break::theory`]):
//! Kayles has preperiod 71 and period 12, Dawson's Kayles 53 and 34, Dawson's chess 52 and 34; no
//! period of Officers is known.

use std::sync::OnceLock;

use crate::error::{OctalError, RuleError};
use crate::games::facts::ClosedFormWhy;
use crate::games::names::FamilyName;
use crate::games::take_and_break::theory::{BreakRule, LEAVE_NONE, LEAVE_ONE};
use crate::games::take_and_break::{HeapValues, TakeAndBreak};
use crate::name::Name;
use crate::nat::Nat;
use crate::ruleset::{Family, Rules, argument, cut, no_argument};

/// The most digits after the point a code may have (those in brackets counted once).
pub const MAX_DIGITS: usize = 4096;

/// The spec `octal:CODE`.
pub(crate) static FAMILY: Family = Family {
    keyword: "octal",
    syntax: "octal:CODE",
    about: "the take-and-break game of an octal code, e.g. octal:0.77 (Kayles), octal:4.07",
    parse: |arg| octal(argument("octal:CODE", arg)?),
};

/// `kayles`: octal 0.77.
pub(crate) static KAYLES: Family = Family {
    keyword: "kayles",
    syntax: "kayles",
    about: "Kayles (octal 0.77): knock down one pin or two adjacent pins of a row",
    parse: |arg| named("kayles", arg),
};

/// `dawsons-kayles`: octal 0.07.
pub(crate) static DAWSONS_KAYLES: Family = Family {
    keyword: "dawsons-kayles",
    syntax: "dawsons-kayles",
    about: "Dawson's Kayles (octal 0.07): knock down two adjacent pins",
    parse: |arg| named("dawsons-kayles", arg),
};

/// `dawsons-chess`: octal 0.137.
pub(crate) static DAWSONS_CHESS: Family = Family {
    keyword: "dawsons-chess",
    syntax: "dawsons-chess",
    about: "Dawson's chess (octal 0.137): a pawn's capture forces the next",
    parse: |arg| named("dawsons-chess", arg),
};

/// `officers`: octal 0.6.
pub(crate) static OFFICERS: Family = Family {
    keyword: "officers",
    syntax: "officers",
    about: "Officers (octal 0.6): take one token, leaving one or two heaps",
    parse: |arg| named("officers", arg),
};

/// The named codes: keyword and canonical code.
const NAMED: &[(&str, &str)] = &[
    ("kayles", "0.77"),
    ("dawsons-kayles", "0.07"),
    ("dawsons-chess", "0.137"),
    ("officers", "0.6"),
];

/// The name of the named code `keyword` (`kayles`), `None` for a keyword of no [`NAMED`] code.
fn named_name(keyword: &str) -> Option<FamilyName> {
    match keyword {
        "kayles" => Some(FamilyName::Kayles),
        "dawsons-kayles" => Some(FamilyName::DawsonsKayles),
        "dawsons-chess" => Some(FamilyName::DawsonsChess),
        "officers" => Some(FamilyName::Officers),
        _ => None,
    }
}

/// The rules of the named code `keyword`, which takes no argument.
fn named(keyword: &'static str, arg: Option<&str>) -> Result<Rules, RuleError> {
    no_argument(keyword, arg)?;
    let (_, code) =
        NAMED
            .iter()
            .find(|(k, _)| *k == keyword)
            .ok_or(RuleError::MissingArgument {
                syntax: "octal:CODE",
            })?;
    octal(code)
}

/// The rules of an octal code as written: `0.77`, `.07`, `4.07`, `0.F`, and codes whose last
/// digits, in brackets, repeat forever: `0.[7]` (take any number of tokens, leaving no heap,
/// one or two), `0.1[37]`.
///
/// # Errors
/// [`RuleError::BadOctal`] for an empty code, one without a point, a character that is not a
/// hexadecimal digit, a first digit d₀ with bit 1 or 2 (a move that removes nothing must break
/// the heap), brackets anywhere but around the last digits (or empty), more than
/// [`MAX_DIGITS`] digits after the point, or a code of only zeros.
pub fn octal(code: &str) -> Result<Rules, RuleError> {
    let (digits, repeat) = parse_infinite(code)?;
    Ok(rules_of(digits, repeat))
}

/// The digits d₀ … dₜ of a finite code (trailing zeros dropped).
///
/// # Errors
/// As [`octal`], and [`OctalError::BadRepeat`] for a code with repeating digits (read by
/// [`parse_infinite`]).
pub fn parse_code(code: &str) -> Result<Vec<u8>, RuleError> {
    let (digits, repeat) = parse_infinite(code)?;
    if !repeat.is_empty() {
        return Err(RuleError::BadOctal {
            code: cut(code.trim()),
            why: OctalError::BadRepeat,
        });
    }
    Ok(digits)
}

/// The digits d₀ … dₜ of a code and the digits that repeat after them forever (empty for a
/// finite code), in their shortest form: the repeating block as short as it goes, and no
/// digit before it that the block would give anyway (`0.7[77]` is `0.[7]`; a block of zeros
/// is none; trailing zeros of a finite code are dropped).
///
/// # Errors
/// As [`octal`].
pub fn parse_infinite(code: &str) -> Result<(Vec<u8>, Vec<u8>), RuleError> {
    let text = code.trim();
    let bad = |why: OctalError| RuleError::BadOctal {
        code: cut(text),
        why,
    };
    if text.is_empty() {
        return Err(bad(OctalError::Empty));
    }
    let Some((whole, rest)) = text.split_once('.') else {
        return Err(bad(OctalError::NoPoint));
    };
    let digit = |c: char| {
        c.to_digit(16)
            .map(|d| d as u8)
            .ok_or_else(|| bad(OctalError::NotHex(c)))
    };
    let d0 = match whole {
        "" => 0,
        w if w.chars().count() == 1 => digit(w.chars().next().unwrap_or('0'))?,
        _ => return Err(bad(OctalError::LongFirst)),
    };
    if d0 & (LEAVE_NONE | LEAVE_ONE) != 0 {
        return Err(bad(OctalError::FirstRemovesNothing));
    }
    let (finite, repeating) = match rest.split_once('[') {
        None if rest.contains(']') => return Err(bad(OctalError::BadRepeat)),
        None => (rest, ""),
        Some((finite, block)) => match block.strip_suffix(']') {
            Some(block) if !block.is_empty() && !block.contains(['[', ']']) => (finite, block),
            _ => return Err(bad(OctalError::BadRepeat)),
        },
    };
    let mut digits = vec![d0];
    for c in finite.chars() {
        digits.push(digit(c)?);
    }
    let mut repeat = Vec::new();
    for c in repeating.chars() {
        repeat.push(digit(c)?);
    }
    if digits.len() - 1 + repeat.len() > MAX_DIGITS {
        return Err(bad(OctalError::TooLong(MAX_DIGITS)));
    }
    if repeat.iter().all(|&d| d == 0) {
        repeat.clear();
    }
    // The shortest block: the least r dividing its length whose copies make it.
    if let Some(r) = (1..=repeat.len())
        .find(|&r| repeat.len() % r == 0 && (r..repeat.len()).all(|i| repeat[i] == repeat[i - r]))
    {
        repeat.truncate(r);
    }
    // A digit before the block equal to the block's last belongs to the block, rotated.
    while digits.len() > 1 && !repeat.is_empty() && digits.last() == repeat.last() {
        digits.pop();
        repeat.rotate_right(1);
    }
    if repeat.is_empty() {
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
    }
    if repeat.is_empty() && digits.iter().all(|&d| d == 0) {
        return Err(bad(OctalError::AllZeros));
    }
    Ok((digits, repeat))
}

/// The canonical text of digits: `0.77`, `4.07`, `0.F`.
pub(crate) fn code_text(digits: &[u8]) -> String {
    infinite_code_text(digits, &[])
}

/// The canonical text of digits followed by repeating ones: `0.[7]`, `0.1[37]`.
pub(crate) fn infinite_code_text(digits: &[u8], repeat: &[u8]) -> String {
    let hex = |d: &u8| char::from_digit(u32::from(*d), 16).map_or('?', |c| c.to_ascii_uppercase());
    let mut text: String = digits[..1].iter().map(hex).collect();
    text.push('.');
    text.extend(digits[1..].iter().map(hex));
    if !repeat.is_empty() {
        text.push('[');
        text.extend(repeat.iter().map(hex));
        text.push(']');
    }
    text
}

fn rules_of(digits: Vec<u8>, repeat: Vec<u8>) -> Rules {
    let code = infinite_code_text(&digits, &repeat);
    let keyword = NAMED.iter().find(|(_, c)| *c == code).map(|(k, _)| *k);
    let (spec, name, json) = match keyword.and_then(|k| Some((k, named_name(k)?))) {
        Some((k, key)) => (
            k.to_string(),
            Name { key, arg: None },
            serde_json::json!({"kind": "octal", "code": code, "name": k}),
        ),
        None => (
            format!("octal:{code}"),
            Name {
                key: FamilyName::Octal,
                arg: Some(code.clone()),
            },
            serde_json::json!({"kind": "octal", "code": code}),
        ),
    };
    let values = if takes_any_leaves_any(&digits, &repeat) {
        HeapValues::ClosedForm {
            value: Nat::clone,
            heap_of: Nat::clone,
            formula: "g(n) = n",
            reason: ClosedFormWhy::TakesAnyLeavesOne,
        }
    } else {
        HeapValues::Table(OnceLock::new())
    };
    Rules::new(TakeAndBreak::new(
        spec,
        name,
        json,
        BreakRule::with_repeat(digits, repeat, false),
        values,
    ))
}

/// Whether a code lets a move take any number of tokens and leave the rest as one heap (or
/// none), and breaks no heap without taking: every digit after the point (repeating forever)
/// has bits 1 and 2, and d₀ = 0. Then g(n) = n, by induction on n: the heaps 0 … n − 1 are
/// options, and no option has the value n — a heap m < n has g(m) = m, and heaps left by a
/// break, of n − k < n tokens in all, have a ⊕ b (⊕ c) ≤ a + b (+ c) < n. So 0.[3] is Nim,
/// and 0.[7] (take any tokens from a row, leaving it in up to two rows) is Nim too.
fn takes_any_leaves_any(digits: &[u8], repeat: &[u8]) -> bool {
    let both = LEAVE_NONE | LEAVE_ONE;
    digits[0] == 0
        && !repeat.is_empty()
        && digits[1..].iter().chain(repeat).all(|&d| d & both == both)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_the_forms_of_the_literature() {
        assert_eq!(parse_code("0.07").unwrap(), vec![0, 0, 7]);
        assert_eq!(parse_code(".07").unwrap(), vec![0, 0, 7]);
        assert_eq!(parse_code("4.07").unwrap(), vec![4, 0, 7]);
        assert_eq!(parse_code("0.137").unwrap(), vec![0, 1, 3, 7]);
        assert_eq!(parse_code("0.f").unwrap(), vec![0, 15]);
        assert_eq!(parse_code("0.770").unwrap(), vec![0, 7, 7]);
        assert_eq!(octal("0.77").unwrap().spec(), "kayles");
        assert_eq!(octal("0.156").unwrap().spec(), "octal:0.156");
    }

    #[test]
    fn reads_repeating_digits_in_their_shortest_form() {
        assert_eq!(parse_infinite("0.[7]").unwrap(), (vec![0], vec![7]));
        assert_eq!(parse_infinite("0.7[77]").unwrap(), (vec![0], vec![7]));
        assert_eq!(parse_infinite("0.1[37]").unwrap(), (vec![0, 1], vec![3, 7]));
        assert_eq!(
            parse_infinite("0.17[37]").unwrap(),
            (vec![0, 1], vec![7, 3])
        );
        assert_eq!(parse_infinite("0.7[0]").unwrap(), (vec![0, 7], vec![]));
        assert_eq!(octal("0.7[7]").unwrap().spec(), "octal:0.[7]");
        for code in ["0.[7", "0.7]", "0.[]", "0.[7]1", "0.[[7]]", "[0].7"] {
            assert!(parse_infinite(code).is_err(), "{code}");
        }
        assert!(parse_code("0.[7]").is_err());
    }

    #[test]
    fn rejects_codes_no_game_has() {
        for (code, says) in [
            ("", "empty"),
            ("077", "point"),
            ("1.07", "d0 must be"),
            ("2.07", "d0 must be"),
            ("0.7G", "'G' is not a digit"),
            ("0.000", "only zeros"),
            ("00.7", "one digit"),
        ] {
            let e = parse_code(code).unwrap_err().to_string();
            assert!(e.contains(says), "{code}: {e}");
        }
        let long = format!("0.{}", "7".repeat(MAX_DIGITS + 1));
        assert!(
            parse_code(&long)
                .unwrap_err()
                .to_string()
                .contains(&format!("at most {MAX_DIGITS}"))
        );
    }
}
