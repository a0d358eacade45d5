//! The rule families: one type per family, one file or folder each (a folder when the family
//! has its own theory file: `nim/`, `wythoff/`, `subtraction/`, `take_and_break/`), all behind
//! the [`Ruleset`](crate::Ruleset) trait of [`crate::ruleset`]. A family imports that file and the
//! bottom layer, never this one; this file is the registry ([`FAMILIES`], [`Rules::parse`]).
//!
//! A position is a sum of components ([`crate::Position`]), each played under its own
//! [`Rules`]; the generic machinery (the Sprague–Grundy sum, the exhaustive search, legality,
//! random moves, replays) asks the component's ruleset everything it needs and never looks at
//! which family it is. Adding a family is one new file here, one `pub mod` line and one line in
//! [`FAMILIES`].
//!
//! Every family is written the same way in a position, on the command line (`--game SPEC`) and
//! in a batch line: `nim`, `max-take:K`, `subtract:SET`, `wythoff`, `octal:CODE`, `kayles`,
//! `dawsons-kayles`, `dawsons-chess`, `officers`, `grundys-game`, `laskers-nim`, `rule:{RULE}`
//! (blanks allowed inside the braces).

use crate::error::RuleError;
use crate::nat::Nat;
use crate::ruleset::{Family, Rules, cut};

pub mod calendar;
pub mod coins;
pub mod digits;
pub mod dynamic;
pub mod euclid;
pub mod facts;
pub mod graph;
pub mod grundys_game;
pub mod hackenbush;
pub mod kiki;
pub mod laskers_nim;
pub(crate) mod listed;
pub mod moore;
pub mod multiply;
pub mod names;
pub mod nim;
pub mod octal;
pub mod rule;
pub mod slide;
pub mod staircase;
pub mod subtraction;
pub mod take;
pub mod take_and_break;
pub mod words;
pub mod wythoff;

pub use words::MoveWords;

/// The games' other names, as the sources call them, with the spec each is written as.
const OTHER_NAMES: &[(&str, &str)] = &[
    ("bash", "max-take:K"),
    ("bash-game", "max-take:K"),
    ("subtraction", "subtract:SET"),
    ("staircase-nim", "staircase"),
    ("wythoffs-game", "wythoff"),
    ("lasker", "laskers-nim"),
    ("grundy", "grundys-game"),
    ("moore", "moore:K"),
    ("octal", "octal:CODE"),
];

/// The specs most likely meant by an unknown keyword: the game's other name, else the family
/// keywords spelled alike (Jaro–Winkler similarity at least 0.8, and within 0.05 of the most
/// alike), most alike first, at most three.
fn meant(keyword: &str) -> Vec<&'static str> {
    let keyword = keyword.to_ascii_lowercase();
    if let Some((_, spec)) = OTHER_NAMES.iter().find(|(name, _)| *name == keyword) {
        return vec![spec];
    }
    let mut alike: Vec<(f64, &'static str)> = FAMILIES
        .iter()
        .map(|f| (strsim::jaro_winkler(&keyword, f.keyword), f.syntax))
        .filter(|(similarity, _)| *similarity >= 0.8)
        .collect();
    alike.sort_by(|a, b| b.0.total_cmp(&a.0));
    let best = alike.first().map_or(0.0, |a| a.0);
    alike
        .into_iter()
        .take_while(|(similarity, _)| best - similarity <= 0.05)
        .take(3)
        .map(|(_, syntax)| syntax)
        .collect()
}

/// Every family a position can name, in the order help lists them.
pub static FAMILIES: &[&Family] = &[
    &nim::FAMILY,
    &take::FAMILY,
    &subtraction::FAMILY,
    &wythoff::FAMILY,
    &octal::FAMILY,
    &octal::KAYLES,
    &octal::DAWSONS_KAYLES,
    &octal::DAWSONS_CHESS,
    &octal::OFFICERS,
    &grundys_game::FAMILY,
    &laskers_nim::FAMILY,
    &rule::FAMILY,
    &kiki::FAMILY,
    &multiply::FAMILY,
    &calendar::FAMILY,
    &digits::FAMILY,
    &staircase::FAMILY,
    &slide::FAMILY,
    &coins::TURNING_TURTLES,
    &coins::TWINS,
    &coins::MOCK_TURTLES,
    &coins::RULER,
    &coins::TURNING_CORNERS,
    &euclid::FAMILY,
    &dynamic::FAMILY,
    &dynamic::FIBONACCI_NIM,
    &moore::FAMILY,
    &hackenbush::FAMILY,
    &graph::FAMILY,
];

impl Rules {
    /// Nim: take any positive number from one pile.
    pub fn nim() -> Rules {
        Rules::new(nim::Nim)
    }

    /// Take 1 to `k` from one pile (one pile: the Bash game).
    ///
    /// # Errors
    /// [`RuleError::ZeroMaxTake`] for `k` = 0.
    pub fn max_take(k: Nat) -> Result<Rules, RuleError> {
        take::TakeUpTo::new(k).map(crate::heap::Heaps::rules)
    }

    /// A subtraction game: take an amount of `set` from one pile. A set `{1, …, K}` is the
    /// game of [`Rules::max_take`], with its name and closed form.
    pub fn subtract(set: subtraction::SubtractionSet) -> Rules {
        subtraction::rules(set)
    }

    /// Wythoff's game: two piles; take from one, or the same amount from both.
    pub fn wythoff() -> Rules {
        crate::two_piles::TwoPiles::rules(wythoff::Wythoff)
    }

    /// Parses a spec of the position grammar: `nim`, `max-take:K`, `subtract:SET`, `wythoff`
    /// (keywords in any case).
    ///
    /// # Errors
    /// [`RuleError::UnknownGame`] for a keyword no family has, [`RuleError::MissingArgument`]
    /// or [`RuleError::UnexpectedArgument`] for a colon missing or extra, and the family's own
    /// errors for its argument.
    ///
    /// ```
    /// use nimsolve::Rules;
    /// assert_eq!(Rules::parse("subtract:1..3").unwrap(), Rules::parse("max-take:3").unwrap());
    /// assert_eq!(Rules::parse("wythoff").unwrap().spec(), "wythoff");
    /// assert!(Rules::parse("chess").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Rules, RuleError> {
        let spec = spec.trim();
        let (keyword, arg) = match spec.split_once(':') {
            Some((k, a)) => (k, Some(a)),
            None => (spec, None),
        };
        if keyword.trim().is_empty() && arg.is_some() {
            return Err(RuleError::NoGameName);
        }
        let family = FAMILIES
            .iter()
            .find(|f| f.keyword.eq_ignore_ascii_case(keyword))
            .ok_or_else(|| RuleError::UnknownGame {
                name: cut(keyword),
                known: FAMILIES
                    .iter()
                    .map(|f| f.syntax)
                    .collect::<Vec<_>>()
                    .join(", "),
                suggestions: meant(keyword),
            })?;
        match arg {
            // `max-take: 3` splits the spec at the blank: say how it is written.
            Some(a) if a.trim().is_empty() && family.syntax.contains(':') => {
                Err(RuleError::MissingArgument {
                    syntax: family.syntax,
                })
            }
            _ => (family.parse)(arg),
        }
    }
}
