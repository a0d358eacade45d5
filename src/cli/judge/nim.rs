//! Problems of Nim (normal play: Bouton's nim-sum) and misère Nim.

use std::io::Write;

use anyhow::Result;
use nimsolve::{Outcome, Play, Rules};

use crate::cli::judge::{Problem, Reader, game, say, solve, solved};

/// HDU 1849 "Rabbit and Grass" (<http://acm.hdu.edu.cn/showproblem.php?pid=1849>): blocks of a
/// line m (0 ≤ m ≤ 1000), then a line of the m squares Ki (0 ≤ Ki ≤ 1000) of pieces on a 1×n
/// strip; a move slides one piece any distance left; m = 0 ends the input. Each piece is a Nim
/// pile of its square. `Rabbit Win!` (Rabbit moves first) or `Grass Win!`, a line each.
pub static HDU1849: Problem = Problem {
    id: "hdu1849",
    aliases: &[],
    title: "Rabbit and Grass",
    game: "Nim: a piece at square k is a pile of k",
    solve: hdu1849,
};

fn hdu1849(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let nim = game(Rules::nim(), Play::Normal);
    while let Some(m) = input.count_or_end("m, the number of pieces")? {
        if m == 0 {
            break;
        }
        let piles = input.nats(m, "a piece's square")?;
        let analysis = solved(solve(&nim, piles), input.last_line(), "m ≤ 1000, Ki ≤ 1000")?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "Rabbit Win!" } else { "Grass Win!" })?;
    }
    Ok(())
}

/// HDU 1850 "Being a Good Boy in Spring Festival"
/// (<http://acm.hdu.edu.cn/showproblem.php?pid=1850>): blocks of a line M (1 < M ≤ 100), then a
/// line of M pile sizes Ni (1 ≤ Ni ≤ 1000000); M = 0 ends the input. The number of winning first
/// moves of Nim (0 in a P-position), a line each.
pub static HDU1850: Problem = Problem {
    id: "hdu1850",
    aliases: &[],
    title: "Being a Good Boy in Spring Festival",
    game: "Nim: the number of winning first moves",
    solve: hdu1850,
};

fn hdu1850(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let nim = game(Rules::nim(), Play::Normal);
    while let Some(m) = input.count_or_end("M, the number of piles")? {
        if m == 0 {
            break;
        }
        let piles = input.nats(m, "a pile's size")?;
        let analysis = solved(
            solve(&nim, piles),
            input.last_line(),
            "M ≤ 100, Ni ≤ 1000000",
        )?;
        let moves = analysis.winning_moves.len();
        say(out, &moves.to_string())?;
    }
    Ok(())
}

/// HDU 1907 "John" (<http://acm.hdu.edu.cn/showproblem.php?pid=1907>): a count T (1 ≤ T ≤ 474),
/// then T blocks of a line N (1 ≤ N ≤ 47) and a line of N pile sizes Ai (1 ≤ Ai ≤ 4747); misère
/// Nim (who eats the last M&M loses). `John` (John moves first) or `Brother`, a line each.
pub static HDU1907: Problem = Problem {
    id: "hdu1907",
    aliases: &[],
    title: "John",
    game: "misère Nim (Bouton): the player who takes the last object loses",
    solve: hdu1907,
};

fn hdu1907(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let misere = game(Rules::nim(), Play::Misere);
    let cases = input.count("T, the number of test cases")?;
    for _ in 0..cases {
        let n = input.count("N, the number of piles")?;
        let piles = input.nats(n, "a pile's size")?;
        let analysis = solved(
            solve(&misere, piles),
            input.last_line(),
            "N ≤ 47, Ai ≤ 4747",
        )?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "John" } else { "Brother" })?;
    }
    Ok(())
}

/// HDU 2176 "取(m堆)石子游戏" (<http://acm.hdu.edu.cn/showproblem.php?pid=2176>): blocks of a
/// line m (m ≤ 200000), then m pile sizes (at least 1 each); m = 0 ends the input. `No` in a
/// P-position; else `Yes`, then every winning move of Nim as a line `a b` (the pile before and
/// after the move), in pile order.
pub static HDU2176: Problem = Problem {
    id: "hdu2176",
    aliases: &[],
    title: "取(m堆)石子游戏",
    game: "Nim: every winning first move",
    solve: hdu2176,
};

fn hdu2176(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let nim = game(Rules::nim(), Play::Normal);
    while let Some(m) = input.count_or_end("m, the number of piles")? {
        if m == 0 {
            break;
        }
        let piles = input.nats(m, "a pile's size")?;
        let analysis = solved(solve(&nim, piles.clone()), input.last_line(), "m ≤ 200000")?;
        if analysis.outcome == Outcome::P {
            say(out, "No")?;
            continue;
        }
        say(out, "Yes")?;
        for mv in &analysis.winning_moves {
            let after = mv.apply(&piles)?;
            let pile = mv.piles().start;
            say(out, &format!("{} {}", piles[pile], after[pile]))?;
        }
    }
    Ok(())
}
