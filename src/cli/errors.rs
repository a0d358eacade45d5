//! Errors as the command line words them: the library names a limit and its value, the binary
//! adds the flag that changes it.

use nimsolve::error::Limit;
use nimsolve::{PlayError, SolveError};

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
