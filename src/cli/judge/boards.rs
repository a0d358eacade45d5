//! Problems of the games with families of their own: kiki's game (`kiki`), the calendar game
//! (`calendar`), the multiplication game (`multiply`) and digital deletions (`digits`).

use std::io::Write;

use anyhow::Result;
use nimsolve::games::{calendar, digits};
use nimsolve::{Nat, Outcome, Play, Rules};

use crate::cli::judge::{Problem, Reader, game, say, solve, solved};

/// HDU 2147 "kiki's game" (<http://acm.hdu.edu.cn/showproblem.php?pid=2147>): lines `n m` (an
/// n × m board, 0 < n, m ≤ 2000, the coin in the top right corner), `0 0` ends the input;
/// `Wonderful!` when kiki, who moves first, wins, else `What a pity!`, a line each.
pub static HDU2147: Problem = Problem {
    id: "hdu2147",
    aliases: &[],
    title: "kiki's game",
    game: "kiki's game: piles n − 1 and m − 1, take 1 from one or both (kiki)",
    solve: hdu2147,
};

fn hdu2147(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let g = game(Rules::parse("kiki")?, Play::Normal);
    while let Some(n) = input.nat_or_end("n")? {
        let t = input.expect("m")?;
        let m = crate::cli::judge::number(t, "m")?;
        if n.is_zero() && m.is_zero() {
            break;
        }
        let (Some(rows), Some(columns)) = (n.checked_sub(&Nat::ONE), m.checked_sub(&Nat::ONE))
        else {
            return Err(t.error("is not a board: both sides are at least 1 (0 0 ends the input)"));
        };
        let analysis = solved(
            solve(&g, vec![rows, columns]),
            input.last_line(),
            "n, m ≤ 2000",
        )?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "Wonderful!" } else { "What a pity!" })?;
    }
    Ok(())
}

/// HDU 1079 "Calendar Game" (<http://acm.hdu.edu.cn/showproblem.php?pid=1079>): a count T, then
/// T lines `YYYY MM DD` (a date from 1900-01-01 to 2001-11-04); `YES` when Adam, who moves
/// first, has a winning strategy, else `NO`, a line each. The statement's sample (`3`,
/// `2001 11 3`, `2001 11 2`, `2001 10 3` → `YES`, `NO`, `NO`) is as quoted with its Input and
/// Output sections in public solutions of the problem.
pub static HDU1079: Problem = Problem {
    id: "hdu1079",
    aliases: &[],
    title: "Calendar Game",
    game: "the calendar game: a heap of the days before 2001-11-04 (calendar)",
    solve: hdu1079,
};

fn hdu1079(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let g = game(Rules::parse("calendar")?, Play::Normal);
    let cases = input.count("T, the number of test cases")?;
    for _ in 0..cases {
        let year = input.expect("YYYY")?;
        let y = crate::cli::judge::count(year, "YYYY")?;
        let m = input.count("MM")?;
        let day = input.expect("DD")?;
        let d = crate::cli::judge::count(day, "DD")?;
        let date = i64::try_from(y)
            .ok()
            .zip(u32::try_from(m).ok())
            .zip(u32::try_from(d).ok())
            .and_then(|((y, m), d)| calendar::days_before_target(y, m, d));
        let Some(days) = date else {
            return Err(day.error(format_args!(
                "ends {y}-{m:02}-{d:02}, which is no date of the Gregorian calendar, or is after 2001-11-04"
            )));
        };
        let analysis = solved(
            solve(&g, vec![Nat::from(days)]),
            input.last_line(),
            "1900-01-01 to 2001-11-04",
        )?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "YES" } else { "NO" })?;
    }
    Ok(())
}

/// HDU 1517 "A Multiplication Game" (<http://acm.hdu.edu.cn/showproblem.php?pid=1517>): lines n
/// (1 < n < 4294967295) to the end of the input; p starts at 1, a move multiplies it by 2 to 9,
/// whoever first reaches p ≥ n wins; `Stan wins.` (Stan moves first) or `Ollie wins.`, a line
/// each.
pub static HDU1517: Problem = Problem {
    id: "hdu1517",
    aliases: &[],
    title: "A Multiplication Game",
    game: "the multiplication game: a heap of n, the factor still needed (multiply)",
    solve: hdu1517,
};

fn hdu1517(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let g = game(Rules::parse("multiply")?, Play::Normal);
    while let Some(n) = input.nat_or_end("n")? {
        let analysis = solved(solve(&g, vec![n]), input.last_line(), "1 < n < 4294967295")?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "Stan wins." } else { "Ollie wins." })?;
    }
    Ok(())
}

/// HDU 1404 "Digital Deletions" (<http://acm.hdu.edu.cn/showproblem.php?pid=1404>): lines of a
/// digit string (1 to 6 digits) to the end of the input; a move lowers one digit or erases a 0
/// and every digit to its right, whoever removes the last digit wins; `Yes` when the first player
/// wins, else `No`, a line each.
pub static HDU1404: Problem = Problem {
    id: "hdu1404",
    aliases: &[],
    title: "Digital Deletions",
    game: "digital deletions: a heap 1DIGITS (digits)",
    solve: hdu1404,
};

fn hdu1404(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let g = game(Rules::parse("digits")?, Play::Normal);
    while let Some(t) = input.token() {
        let heap = digits::heap_of(t.text)
            .ok_or_else(|| t.error("is not a string of digits (ASCII 0-9 only)"))?;
        let analysis = solved(solve(&g, vec![heap]), t.line, "1 to 6 digits")?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "Yes" } else { "No" })?;
    }
    Ok(())
}
