//! Problems of the Bash game (巴什博弈): one pile, a move takes 1 to K (`max-take:K`).

use std::io::Write;

use anyhow::Result;
use nimsolve::{Nat, Outcome, Play, Rules};

use crate::cli::judge::{Problem, Reader, game, say, solve, solved};

/// HDU 1846 "Brave Game" (<http://acm.hdu.edu.cn/showproblem.php?pid=1846>): a count C
/// (C ≤ 100), then C lines `n m` (1 ≤ n, m ≤ 1000); one pile of n, a move takes 1 to m; `first`
/// when the first player wins, else `second`, a line each.
pub static HDU1846: Problem = Problem {
    id: "hdu1846",
    aliases: &[],
    title: "Brave Game",
    game: "Bash game: one pile of n, take 1 to m (max-take:m)",
    solve: hdu1846,
};

fn hdu1846(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let cases = input.count("C, the number of test cases")?;
    for _ in 0..cases {
        let (n, m) = (input.nat("n")?, input.nat_take("m")?);
        let won = wins(&n, m, input.last_line(), "n, m ≤ 1000")?;
        say(out, if won { "first" } else { "second" })?;
    }
    Ok(())
}

/// HDU 2149 "Public Sale" (<http://acm.hdu.edu.cn/showproblem.php?pid=2149>): lines `M N`
/// (0 < N, M < 1100) to the end of the input; the price starts at 0, a bid raises it by 1 to N,
/// whoever brings it to M or beyond wins the land. Every first bid that wins, ascending and
/// separated by single spaces, or `none`, a line each. The bids that reach M at once (M to N,
/// when N ≥ M) all win; otherwise the winning bid is the winning move of the Bash game on a pile
/// of M. A line lists at most [`MAX_BIDS`] bids.
pub static HDU2149: Problem = Problem {
    id: "hdu2149",
    aliases: &[],
    title: "Public Sale",
    game: "Bash game: one pile of M, take 1 to N; every winning first move (max-take:N)",
    solve: hdu2149,
};

/// The most bids HDU 2149's answer lists on one line (N − M + 1 when N ≥ M; the statement's
/// bounds give at most 1099).
pub const MAX_BIDS: u64 = 1_000_000;

fn hdu2149(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    while let Some(first) = input.token() {
        let m = crate::cli::judge::number(first, "M")?;
        if m.is_zero() {
            return Err(first.error("is not M: the land costs at least 1 (0 < M)"));
        }
        let n = input.nat_take("N")?;
        let line = input.last_line();
        let rules = Rules::max_take(n.clone())?;
        let analysis = solved(
            solve(&game(rules, Play::Normal), vec![m.clone()]),
            line,
            "0 < N, M < 1100",
        )?;
        let mut bids: Vec<String> = Vec::new();
        if n >= m {
            let count = n.checked_sub(&m).unwrap_or(Nat::ZERO).add(&Nat::ONE);
            if count > Nat::from(MAX_BIDS) {
                anyhow::bail!(
                    "line {line}: N − M + 1 = {count} winning bids are more than judge lists on \
                     a line ({MAX_BIDS}; the statement's bounds give at most 1099)"
                );
            }
            // Every bid from M to N reaches the price at once.
            let mut bid = m.clone();
            while bid <= n {
                bids.push(bid.to_string());
                bid = bid.add(&Nat::ONE);
            }
        } else {
            bids.extend(
                analysis
                    .winning_moves
                    .iter()
                    .map(|mv| mv.take().to_string()),
            );
        }
        if bids.is_empty() {
            say(out, "none")?;
        } else {
            say(out, &bids.join(" "))?;
        }
    }
    Ok(())
}

/// HDU 2188 "悼念512汶川大地震遇难同胞——选拔志愿者"
/// (<http://acm.hdu.edu.cn/showproblem.php?pid=2188>): a count C, then C lines `n m`; the
/// donations start at 0, each adds 1 to m, whoever brings them to n or beyond wins; `Grass` (who
/// gives first) or `Rabbit`, a line each.
pub static HDU2188: Problem = Problem {
    id: "hdu2188",
    aliases: &[],
    title: "悼念512汶川大地震遇难同胞——选拔志愿者",
    game: "Bash game: one pile of n, take 1 to m (max-take:m)",
    solve: hdu2188,
};

fn hdu2188(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let cases = input.count("C, the number of test cases")?;
    for _ in 0..cases {
        let (n, m) = (input.nat("n")?, input.nat_take("m")?);
        let won = wins(&n, m, input.last_line(), "small n and m")?;
        say(out, if won { "Grass" } else { "Rabbit" })?;
    }
    Ok(())
}

/// Whether the first player wins one pile of `n` taking 1 to `k` (the position ends on `line`;
/// `bounds` are the statement's).
fn wins(n: &Nat, k: Nat, line: usize, bounds: &str) -> Result<bool> {
    let rules = Rules::max_take(k)?;
    let analysis = solved(
        solve(&game(rules, Play::Normal), vec![n.clone()]),
        line,
        bounds,
    )?;
    Ok(analysis.outcome == Outcome::N)
}

impl Reader<'_> {
    /// The most a move takes: a whole number of at least 1.
    ///
    /// # Errors
    /// As [`Reader::nat`], and 0.
    pub fn nat_take(&mut self, what: &str) -> Result<Nat> {
        let t = self.expect(what)?;
        let k = crate::cli::judge::number(t, what)?;
        if k.is_zero() {
            return Err(t.error(format_args!(
                "is not {what}: a move takes at least 1, so {what} is at least 1"
            )));
        }
        Ok(k)
    }
}
