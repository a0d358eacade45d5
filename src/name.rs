//! How people name a family of rules: the family's name and its parameter, for messages and
//! errors to word ([`Name`]).

use crate::games::names::FamilyName;

/// How people name a family: the family's name and its parameter, worded by each language of
/// the binary (`(FamilyName::MaxTake, Some("3"))` is "Bash game (take 1 to 3)" in English).
/// The key is the family's, not a sentence: the words live with the other words of a language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    /// The family's name ([`FamilyName::as_str`] gives its ASCII key: `nim`, `max-take`,
    /// `subtract`, `wythoff`, …).
    pub key: FamilyName,
    /// The family's parameter as it is shown (K, the set), if any.
    pub arg: Option<String>,
}
