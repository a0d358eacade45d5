//! Problems of coin-turning games, answered by the library's game of their families
//! ([`nimsolve::games::coins`]: the nim-sum of the heads' values).

use std::io::Write;

use anyhow::Result;
use nimsolve::component::Whole;
use nimsolve::games::coins::theory::CoinRule;
use nimsolve::games::coins::{CoinRow, TurningCorners};
use nimsolve::{Nat, Outcome, Play};

use crate::cli::judge::{Problem, Reader, game, say, solve, solved};

/// HDU 3404 "Switch lights" (<http://acm.hdu.edu.cn/showproblem.php?pid=3404>; the statement
/// and its sample as quoted at <https://gh1656409967.github.io/posts/9f92e7832f0a>): a count T
/// (T ≤ 100), then T blocks of a line n (n ≤ 1000), the lights on, and n lines `x y`
/// (1 ≤ x, y ≤ 10000), no two at the same place. A move chooses a rectangle with corners
/// (x1, y1) and (x2, y2), x1 ≤ x2, y1 ≤ y2, the light at (x2, y2) on, and switches its corners
/// (one or two lights when it is a line or a cell); who switches the last light off wins.
/// That is Turning Corners on coordinates from 0 whose row 0 and column 0 are not shown (a
/// light there is worth 0 ⊗ y = 0), so a light at (x, y) is worth x ⊗ y (Tartan theorem).
/// `Have a try, lxhgww.` (the first player wins) or `Don't waste your time.`, a line each.
pub static HDU3404: Problem = Problem {
    id: "hdu3404",
    aliases: &[],
    title: "Switch lights",
    game: "Turning Corners: a light at (x, y) is worth the nim-product x ⊗ y",
    solve: hdu3404,
};

fn hdu3404(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let corners = game(Whole::rules(TurningCorners), Play::Normal);
    let cases = input.count("T, the number of test cases")?;
    for _ in 0..cases {
        let n = input.count("n, the number of lights on")?;
        let mut lights: Vec<Nat> = Vec::new();
        for _ in 0..n {
            lights.push(input.nat("x, a light's row")?);
            lights.push(input.nat("y, a light's column")?);
        }
        let analysis = solved(
            solve(&corners, lights),
            input.last_line(),
            "n ≤ 1000, 1 ≤ x, y ≤ 10000",
        )?;
        let won = analysis.outcome == Outcome::N;
        say(
            out,
            if won {
                "Have a try, lxhgww."
            } else {
                "Don't waste your time."
            },
        )?;
    }
    Ok(())
}

/// HDU 3537 "Daizhenyang's Coin" (<http://acm.hdu.edu.cn/showproblem.php?pid=3537>; the
/// statement and its sample as quoted in a public blog post of 2017 on the problem): test cases
/// to the end of the input, each a line n (0 ≤ n ≤ 100) and a line of the n heads ak
/// (0 ≤ ak < 10^8, coins numbered from 0, the same coin possibly listed more than once). A move
/// turns 1, 2 or 3 coins, the rightmost from heads to tails: Mock Turtles, where the head at
/// coin k (from 0) is worth the (k + 1)-th odious number. `Yes` when the player to move (who
/// moves first) loses, else `No`, a line each.
pub static HDU3537: Problem = Problem {
    id: "hdu3537",
    aliases: &[],
    title: "Daizhenyang's Coin",
    game: "Mock Turtles: a head at coin k (from 0) is worth the (k+1)-th odious number",
    solve: hdu3537,
};

fn hdu3537(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let mock = game(Whole::rules(CoinRow(CoinRule::MockTurtles)), Play::Normal);
    while let Some(n) = input.count_or_end("n, the number of heads")? {
        let heads: Vec<Nat> = input
            .nats(n, "a head's coin")?
            .iter()
            .map(|k| k.add(&Nat::ONE))
            .collect();
        // Coins are numbered from 1 in the family; every head here is at 1 or more.
        let analysis = solved(
            solve(&mock, heads),
            input.last_line(),
            "n ≤ 100, 0 ≤ ak < 10^8",
        )?;
        let lost = analysis.outcome == Outcome::P;
        say(out, if lost { "Yes" } else { "No" })?;
    }
    Ok(())
}
