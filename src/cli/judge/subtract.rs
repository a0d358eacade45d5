//! Problems of subtraction games (Sprague–Grundy): a move takes an amount of a set from one
//! pile (`subtract:SET`).

use std::io::Write;

use anyhow::Result;
use nimsolve::{Outcome, Play, Rules, SubtractionSet};

use crate::cli::judge::{Problem, Reader, game, say, solve, solved};

/// HDU 1847 "Good Luck in CET-4 Everybody!" (<http://acm.hdu.edu.cn/showproblem.php?pid=1847>):
/// lines n (1 ≤ n ≤ 1000) to the end of the input; one pile of n cards, a move takes a power of
/// two (1, 2, 4, …); `Kiki` (Kiki moves first) or `Cici`, a line each.
pub static HDU1847: Problem = Problem {
    id: "hdu1847",
    aliases: &[],
    title: "Good Luck in CET-4 Everybody!",
    game: "subtraction game, one pile, take a power of two (subtract:powers-of-two)",
    solve: hdu1847,
};

fn hdu1847(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let g = game(
        Rules::subtract(SubtractionSet::powers_of_two()),
        Play::Normal,
    );
    while let Some(n) = input.nat_or_end("n, the number of cards")? {
        let analysis = solved(solve(&g, vec![n.clone()]), input.last_line(), "n ≤ 1000")?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "Kiki" } else { "Cici" })?;
    }
    Ok(())
}

/// HDU 1848 "Fibonacci again and again" (<http://acm.hdu.edu.cn/showproblem.php?pid=1848>):
/// lines `m n p` (three piles, 1 ≤ m, n, p ≤ 1000), `0 0 0` ends the input; a move takes a
/// Fibonacci number (1, 2, 3, 5, 8, …) from one pile; `Fibo` (who moves first wins) or `Nacci`,
/// a line each.
pub static HDU1848: Problem = Problem {
    id: "hdu1848",
    aliases: &[],
    title: "Fibonacci again and again",
    game: "subtraction game, three piles, take a Fibonacci number (subtract:fibonacci)",
    solve: hdu1848,
};

fn hdu1848(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let g = game(Rules::subtract(SubtractionSet::fibonacci()), Play::Normal);
    while let Some(m) = input.nat_or_end("m")? {
        let piles = vec![m, input.nat("n")?, input.nat("p")?];
        if piles.iter().all(|p| p.is_zero()) {
            break;
        }
        let analysis = solved(solve(&g, piles), input.last_line(), "m, n, p ≤ 1000")?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "Fibo" } else { "Nacci" })?;
    }
    Ok(())
}

/// HDU 1536 "S-Nim" (<http://acm.hdu.edu.cn/showproblem.php?pid=1536>): blocks of a line
/// `k s1 … sk` (the subtraction set, 0 < k ≤ 100, 0 < si ≤ 10000), a line m (0 < m ≤ 100), then
/// m lines `l h1 … hl` (a position of l heaps, 0 < l ≤ 100, 0 ≤ hi ≤ 10000); a line `0` after the
/// last block ends the input. For each block one line of `W` (the player to move wins) or `L`,
/// a letter a position.
pub static HDU1536: Problem = Problem {
    id: "hdu1536",
    aliases: &[],
    title: "S-Nim",
    game: "subtraction game with the given set, several heaps (subtract:SET)",
    solve: hdu1536,
};

fn hdu1536(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    while let Some(k) = input.count_or_end("k, the size of the set")? {
        if k == 0 {
            break;
        }
        let mut amounts = Vec::new();
        let mut first = None;
        for _ in 0..k {
            let t = input.expect("an amount of the set")?;
            first.get_or_insert(t);
            let amount = crate::cli::judge::count(t, "an amount of the set")?;
            if amount == 0 {
                return Err(t.error("is not an amount of the set: a move takes at least 1"));
            }
            amounts.push(amount);
        }
        let set = SubtractionSet::finite(amounts).map_err(|e| match first {
            Some(t) => anyhow::anyhow!("line {}: the set: {e}", t.line),
            None => e.into(),
        })?;
        let g = game(Rules::subtract(set), Play::Normal);
        let positions = input.count("m, the number of positions")?;
        let mut line = String::new();
        for _ in 0..positions {
            let l = input.count("l, the number of heaps")?;
            let heaps = input.nats(l, "a heap's size")?;
            let analysis = solved(solve(&g, heaps), input.last_line(), "hi ≤ 10000")?;
            let won = analysis.outcome == Outcome::N;
            line.push(if won { 'W' } else { 'L' });
        }
        say(out, &line)?;
    }
    Ok(())
}
