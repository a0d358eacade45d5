//! Problems whose heaps are given as numbers, each a family of the library: Nim (POJ 2234),
//! Lasker's Nim (HDU 3032), and HDU 2509's rows of apples, a take-and-break game whose misère
//! play is that of misère Nim.

use std::io::Write;

use anyhow::Result;
use nimsolve::{Outcome, Play, Rules};

use crate::cli::judge::{Problem, Reader, game, say, solve, solved};

/// POJ 2234 "Matches Game" (<http://poj.org/problem?id=2234>): lines `M a1 … aM` (1 ≤ M ≤ 20
/// piles of at most 10000000 matches) to the end of the input; a move takes any positive number
/// of matches from one pile, and the player who takes the last match wins. `Yes` when the player
/// who moves first wins, else `No`, a line each.
pub static POJ2234: Problem = Problem {
    id: "poj2234",
    aliases: &[],
    title: "Matches Game",
    game: "Nim: the player who takes the last match wins",
    solve: poj2234,
};

fn poj2234(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let nim = game(Rules::nim(), Play::Normal);
    while let Some(m) = input.count_or_end("M, the number of piles")? {
        let piles = input.nats(m, "a pile's size")?;
        let analysis = solved(
            solve(&nim, piles),
            input.last_line(),
            "M ≤ 20, piles ≤ 10000000",
        )?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "Yes" } else { "No" })?;
    }
    Ok(())
}

/// HDU 3032 "Nim or not Nim?" (<http://acm.hdu.edu.cn/showproblem.php?pid=3032>): a count T
/// (1 ≤ T ≤ 100), then T blocks of a line N (1 ≤ N ≤ 10^6) and a line of N heap sizes
/// (1 ≤ s ≤ 2^31 − 1); a move takes any positive number of objects from one heap or separates a
/// heap into two smaller ones, and who takes the last object wins: Lasker's Nim. `Alice` (who
/// moves first) or `Bob`, a line each.
pub static HDU3032: Problem = Problem {
    id: "hdu3032",
    aliases: &[],
    title: "Nim or not Nim?",
    game: "Lasker's Nim: take from a heap or split it in two (laskers-nim)",
    solve: hdu3032,
};

fn hdu3032(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let lasker = game(Rules::parse("laskers-nim")?, Play::Normal);
    let cases = input.count("T, the number of test cases")?;
    for _ in 0..cases {
        let n = input.count("N, the number of heaps")?;
        let heaps = input.nats(n, "a heap's size")?;
        let analysis = solved(
            solve(&lasker, heaps),
            input.last_line(),
            "N ≤ 10^6, s ≤ 2^31 − 1",
        )?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "Alice" } else { "Bob" })?;
    }
    Ok(())
}

/// HDU 2509 "Be the Winner" (<http://acm.hdu.edu.cn/showproblem.php?pid=2509>): blocks of a
/// line n (1 ≤ n ≤ 100), then a line of n group sizes (at most 100 apples each, in a line), to
/// the end of the input. A move takes any number of consecutive apples of one group (`@@@@` may
/// become `@@@`, `@` or `@ @`), and the player who takes the last apple loses. `Yes` when the
/// player who moves first wins, else `No`, a line each.
///
/// The game is the take-and-break game of octal code 0.777… (a group of g becomes groups a and b
/// with a + b < g) under misère play, and its outcome is that of misère Nim on the group sizes,
/// answered so. Bouton's misère rule puts every position with a group of 2 or more and nim-sum 0,
/// and every position of groups of 1 in odd number, among the P-positions; the N-positions reach
/// them by Nim's own moves (take from an end of a group), which are legal here. No move of the
/// game leaves a P-position from a P-position: a group of g becomes a and b with a ⊕ b ≤ a + b
/// < g, so the nim-sum g ⊕ a ⊕ b of the new position is not 0, and a P-position with a nim-sum of
/// 0 has two groups of 2 or more (one alone would make the nim-sum g ⊕ (0 or 1) ≠ 0), so a group
/// of 2 or more is left; from groups of 1 in odd number a move takes one, leaving an even number.
pub static HDU2509: Problem = Problem {
    id: "hdu2509",
    aliases: &[],
    title: "Be the Winner",
    game: "misère play of taking a run of a row (octal 0.777…), whose outcome is misère Nim's",
    solve: hdu2509,
};

fn hdu2509(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let misere = game(Rules::nim(), Play::Misere);
    while let Some(n) = input.count_or_end("n, the number of groups")? {
        let groups = input.nats(n, "a group's number of apples")?;
        let analysis = solved(
            solve(&misere, groups),
            input.last_line(),
            "n ≤ 100, at most 100 apples a group",
        )?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "Yes" } else { "No" })?;
    }
    Ok(())
}
