//! Errors as the command line words them: the library names a limit and its value, the binary
//! adds the flag that changes it.

use nimsolve::error::Limit;
use nimsolve::{PlayError, SolveError};

use crate::cli::i18n::Words;

/// [`error_message`] in the words of `words` where it has them: an error of the library alone
/// (no context around it) that the language words; otherwise the English message.
pub fn error_message_in(e: &anyhow::Error, words: &dyn Words) -> String {
    let alone = e.chain().count() == 1;
    let solve = e.downcast_ref::<SolveError>().filter(|_| alone);
    solve
        .and_then(|s| words.solve_error(s, limit_flag(s)))
        .unwrap_or_else(|| error_message(e))
}

/// The flag that changes the limit that stopped `e`, and whether raising it helps.
fn limit_flag(e: &SolveError) -> Option<(&'static str, bool)> {
    e.limit().map(|(limit, raise)| {
        let flag = match limit {
            Limit::Table => "--table-limit",
            Limit::Search => "--search-limit",
        };
        (flag, raise)
    })
}

/// An error as the command line says it: the library's message and, for a limit, the flag that
/// changes it (the library names the limit, not the flag).
pub fn error_message(e: &anyhow::Error) -> String {
    let mut text = format!("{e:#}");
    let solve = e.chain().find_map(|c| {
        c.downcast_ref::<SolveError>()
            .or_else(|| match c.downcast_ref::<PlayError>() {
                Some(PlayError::Solve(s)) => Some(s),
                _ => None,
            })
    });
    if let Some((limit, raise)) = solve.and_then(SolveError::limit) {
        let flag = match limit {
            Limit::Table => "--table-limit",
            Limit::Search => "--search-limit",
        };
        text.push_str(&if raise {
            format!(" (raise it with {flag})")
        } else {
            format!(" (lower {flag})")
        });
    }
    text
}
