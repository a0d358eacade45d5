//! Problems of games whose moves depend on the last one or on both numbers: Fibonacci Nim and
//! k-times dynamic subtraction (斐波那契博弈, k 倍动态减法), and Euclid's game. Fibonacci Nim and
//! Euclid's game are answered by the library's analysis of the families `fibonacci-nim` and
//! `euclid` (decided by their theorems, exact at any size); HDU 2486's least winning take comes
//! from [`nimsolve::games::dynamic::theory`] directly.

use std::io::Write;

use anyhow::Result;
use nimsolve::games::dynamic::theory::KTimes;
use nimsolve::{Game, Limits, Nat, Outcome, Play, Position, Rules};

use crate::cli::judge::{Problem, Reader, number, say};

/// HDU 2516 "取石子游戏" (<http://acm.hdu.edu.cn/showproblem.php?pid=2516>; the statement as
/// copied at <https://blog.nowcoder.net/n/e7fb67550b88462184af8c23678f5baa>): one pile of n
/// stones; the first move takes any number but not all, each later one at most twice the
/// last; whoever takes the last stone wins. Lines `n` (2 ≤ n < 2^31), `0` ends the input;
/// `Second win` when the first player loses (n is a Fibonacci number), else `First win`.
pub static HDU2516: Problem = Problem {
    id: "hdu2516",
    aliases: &[],
    title: "取石子游戏",
    game: "Fibonacci Nim (2-times dynamic subtraction)",
    solve: hdu2516,
};

fn hdu2516(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let (game, rules) = family("fibonacci-nim")?;
    while let Some(n) = input.nat_or_end("n")? {
        if n.is_zero() {
            break;
        }
        // The start: n stones, the first move takes at most n − 1.
        let most = n.saturating_sub(&Nat::ONE);
        let wins = answered(
            first_player_wins(&game, &rules, vec![n, most]),
            input.last_line(),
            "2 ≤ n < 2^31",
        )?;
        say(out, if wins { "First win" } else { "Second win" })?;
    }
    Ok(())
}

/// The analysis (normal play, no remoteness) and the rules of the family `spec`.
fn family(spec: &str) -> Result<(Game, Rules)> {
    let rules = Rules::parse(spec)?;
    let limits = Limits {
        remoteness: 0,
        ..Limits::default()
    };
    Ok((Game::new(rules.clone(), Play::Normal, limits), rules))
}

/// Whether the player to move wins the component of `rules` holding `piles`, by the library.
fn first_player_wins(game: &Game, rules: &Rules, piles: Vec<Nat>) -> Result<bool> {
    let position = Position::new(rules.clone(), piles)?;
    Ok(game.analyze(&position)?.outcome == Outcome::N)
}

/// HDU 2486 "A simple stone game" (<http://acm.hdu.edu.cn/showproblem.php?pid=2486>; the
/// statement as copied at <https://www.codetd.com/article/3090820>): one pile of n stones; the
/// first move takes 1 to n − 1, each later one at most k times the last; whoever takes the last
/// stone wins. A count t, then t lines `n k` (2 ≤ n ≤ 10^8, 1 ≤ k ≤ 10^5); for each, `Case i: `
/// and then the least winning first take, or `lose`.
pub static HDU2486: Problem = Problem {
    id: "hdu2486",
    aliases: &[],
    title: "A simple stone game",
    game: "k-times dynamic subtraction: the least winning first take",
    solve: hdu2486,
};

fn hdu2486(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let cases = input.count("t, the number of test cases")?;
    for case in 1..=cases {
        let n_token = input.expect("n")?;
        let n = number(n_token, "n")?;
        if n.is_zero() {
            return Err(n_token.error("is 0: the statement gives 2 ≤ n"));
        }
        let k_token = input.expect("k")?;
        let k = number(k_token, "k")?;
        let game = k.to_u64().and_then(KTimes::new).ok_or_else(|| {
            k_token.error("is not a multiplier 1 ≤ k < 2^64 (the statement gives 1 ≤ k ≤ 10^5)")
        })?;
        let most = n.saturating_sub(&Nat::ONE);
        let take = answered(
            game.least_winning_take(&n, &most),
            k_token.line,
            "2 ≤ n ≤ 10^8, 1 ≤ k ≤ 10^5",
        )?;
        match take {
            Some(t) => say(out, &format!("Case {case}: {t}"))?,
            None => say(out, &format!("Case {case}: lose"))?,
        }
    }
    Ok(())
}

/// HDU 1525 "Euclid's Game" (<http://acm.hdu.edu.cn/showproblem.php?pid=1525>, as copied at
/// <https://blog.csdn.net/i1020/article/details/71036588>; POJ 2348,
/// <http://poj.org/problem?id=2348>, as copied at
/// <https://blog.csdn.net/WYK1823376647/article/details/71155072>, is the same problem): lines
/// `a b` of two positive integers, `0 0` ends the input; Stan moves first; `Stan wins` or
/// `Ollie wins`, a line each.
pub static HDU1525: Problem = Problem {
    id: "hdu1525",
    aliases: &["poj2348"],
    title: "Euclid's Game",
    game: "Euclid's game: subtract a multiple of the smaller number",
    solve: hdu1525,
};

fn hdu1525(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let (game, rules) = family("euclid")?;
    while let Some(a_token) = input.token() {
        let a = number(a_token, "a")?;
        let b_token = input.expect("b")?;
        let b = number(b_token, "b")?;
        if a.is_zero() && b.is_zero() {
            break;
        }
        for (token, value) in [(a_token, &a), (b_token, &b)] {
            if value.is_zero() {
                return Err(token.error("is 0: the statement gives two positive integers"));
            }
        }
        let stan = answered(
            first_player_wins(&game, &rules, vec![a, b]),
            b_token.line,
            "two positive integers",
        )?;
        say(out, if stan { "Stan wins" } else { "Ollie wins" })?;
    }
    Ok(())
}

/// The theory's answer to the position that ends on `line`, or an error naming that line, why
/// it cannot be answered and the statement's `bounds`.
fn answered<T>(result: Result<T, impl std::fmt::Display>, line: usize, bounds: &str) -> Result<T> {
    result.map_err(|e| {
        anyhow::anyhow!(
            "line {line}: the position cannot be answered: {e} (the statement's bounds: {bounds})"
        )
    })
}
