//! How people name a family of rules: a message key and its parameter, for messages and
//! errors to word ([`Name`]).

/// How people name a family: a message key and its parameter, worded by each language of the
/// binary (`("max-take", Some("3"))` is "Nim with at most 3 per take" in English). The key is
/// the family's, not a sentence: the words live with the other words of a language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    /// The message key: `nim`, `bash`, `max-take`, `subtract`, `subtract-powers-of-two`,
    /// `subtract-fibonacci`, `wythoff`.
    pub key: &'static str,
    /// The family's parameter as it is shown (K, the set), if any.
    pub arg: Option<String>,
}
