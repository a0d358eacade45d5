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
use crate::games::take_and_break::theory::{BreakRule, LEAVE_NONE, LEAVE_ONE};
use crate::games::take_and_break::{HeapValues, TakeAndBreak};
use crate::name::Name;
use crate::ruleset::{Family, Rules, argument, cut, no_argument};

/// The most digits after the point a code may have.
pub const MAX_DIGITS: usize = 32;

/// The spec `octal:CODE`.
pub static FAMILY: Family = Family {
    keyword: "octal",
    syntax: "octal:CODE",
    about: "the take-and-break game of an octal code, e.g. octal:0.77 (Kayles), octal:4.07",
    parse: |arg| octal(argument("octal:CODE", arg)?),
};

/// `kayles`: octal 0.77.
pub static KAYLES: Family = Family {
    keyword: "kayles",
    syntax: "kayles",
    about: "Kayles (octal 0.77): knock down one pin or two adjacent pins of a row",
    parse: |arg| named("kayles", arg),
};

/// `dawsons-kayles`: octal 0.07.
pub static DAWSONS_KAYLES: Family = Family {
    keyword: "dawsons-kayles",
    syntax: "dawsons-kayles",
    about: "Dawson's Kayles (octal 0.07): knock down two adjacent pins",
    parse: |arg| named("dawsons-kayles", arg),
};

/// `dawsons-chess`: octal 0.137.
pub static DAWSONS_CHESS: Family = Family {
    keyword: "dawsons-chess",
    syntax: "dawsons-chess",
    about: "Dawson's chess (octal 0.137): a pawn's capture forces the next",
    parse: |arg| named("dawsons-chess", arg),
};

/// `officers`: octal 0.6.
pub static OFFICERS: Family = Family {
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

/// The rules of an octal code as written: `0.77`, `.07`, `4.07`, `0.F`.
///
/// # Errors
/// [`RuleError::BadOctal`] for an empty code, one without a point, a character that is not a
/// hexadecimal digit, a first digit d₀ with bit 1 or 2 (a move that removes nothing must break
/// the heap), more than [`MAX_DIGITS`] digits after the point, or a code of only zeros.
pub fn octal(code: &str) -> Result<Rules, RuleError> {
    let digits = parse_code(code)?;
    Ok(rules_of(digits))
}

/// The digits d₀ … dₜ of a code (trailing zeros dropped).
///
/// # Errors
/// As [`octal`].
pub fn parse_code(code: &str) -> Result<Vec<u8>, RuleError> {
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
    let mut digits = vec![d0];
    for c in rest.chars() {
        digits.push(digit(c)?);
    }
    if digits.len() - 1 > MAX_DIGITS {
        return Err(bad(OctalError::TooLong(MAX_DIGITS)));
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    if digits.iter().all(|&d| d == 0) {
        return Err(bad(OctalError::AllZeros));
    }
    Ok(digits)
}

/// The canonical text of digits: `0.77`, `4.07`, `0.F`.
pub fn code_text(digits: &[u8]) -> String {
    let hex = |d: &u8| char::from_digit(u32::from(*d), 16).map_or('?', |c| c.to_ascii_uppercase());
    let mut text: String = digits[..1].iter().map(hex).collect();
    text.push('.');
    text.extend(digits[1..].iter().map(hex));
    text
}

fn rules_of(digits: Vec<u8>) -> Rules {
    let code = code_text(&digits);
    let keyword = NAMED.iter().find(|(_, c)| *c == code).map(|(k, _)| *k);
    let (spec, name, json) = match keyword {
        Some(k) => (
            k.to_string(),
            Name { key: k, arg: None },
            serde_json::json!({"kind": "octal", "code": code, "name": k}),
        ),
        None => (
            format!("octal:{code}"),
            Name {
                key: "octal",
                arg: Some(code.clone()),
            },
            serde_json::json!({"kind": "octal", "code": code}),
        ),
    };
    Rules::new(TakeAndBreak::new(
        spec,
        name,
        json,
        BreakRule::new(digits, 0, false),
        HeapValues::Table(OnceLock::new()),
    ))
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
                .contains("at most 32")
        );
    }
}
