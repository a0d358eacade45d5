//! Problems of pieces on rows whose gaps are Nim heaps: the Northcott game (HDU 1730) and
//! Georgia and Bob (POJ 1704). Each reads the pieces' squares, writes the gaps as Nim piles and
//! asks the library's Nim who wins.

use std::io::Write;

use anyhow::Result;
use nimsolve::{Nat, Outcome, Play, Rules};

use crate::cli::judge::{Problem, Reader, Token, count, game, say, solve, solved};

/// HDU 1730 "Northcott Game" (<http://acm.hdu.edu.cn/showproblem.php?pid=1730>): blocks of a
/// line `n m` (an n × m board, 1 ≤ n ≤ 1000, 2 ≤ m ≤ 100), then n lines `Ti Ji`, the columns
/// (1 to m) of Tom's black piece and Jerry's white piece in that row, to the end of the input
/// (any number of blank lines between blocks). A move slides one's own piece of a row to any
/// empty square of that row without passing the other piece; who makes the last move wins, and
/// Tom moves first. `I WIN!` when Tom has a winning strategy, else `BAD LUCK!`, a line each.
///
/// The squares between the two pieces of a row, |Ti − Ji| − 1, are a Nim pile: closing the gap
/// takes from it, and a move that widens it is answered by the other player's piece following
/// (each row then drifts one way only, so this ends), so who wins is who wins Nim on the gaps.
pub static HDU1730: Problem = Problem {
    id: "hdu1730",
    aliases: &[],
    title: "Northcott Game",
    game: "Nim: the squares between the two pieces of a row are a pile",
    solve: hdu1730,
};

fn hdu1730(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let nim = game(Rules::nim(), Play::Normal);
    while let Some(n) = input.count_or_end("n, the number of rows")? {
        let m = input.count("m, the number of columns")?;
        let mut gaps = Vec::new();
        for _ in 0..n {
            let tom = column(input.expect("Ti, the column of Tom's piece")?, m, "Ti")?;
            let t = input.expect("Ji, the column of Jerry's piece")?;
            let jerry = column(t, m, "Ji")?;
            if jerry == tom {
                return Err(t.error(format_args!(
                    "is Tom's column too: the two pieces of a row are on different squares"
                )));
            }
            gaps.push(Nat::from(tom.abs_diff(jerry) - 1));
        }
        let analysis = solved(solve(&nim, gaps), input.last_line(), "n ≤ 1000, m ≤ 100")?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "I WIN!" } else { "BAD LUCK!" })?;
    }
    Ok(())
}

/// The token as a column of a board of `m` columns (1 to m), `what`.
fn column(t: Token<'_>, m: u64, what: &str) -> Result<u64> {
    let c = count(t, what)?;
    if c == 0 || c > m {
        return Err(t.error(format_args!(
            "is not a column of the board ({what}: the columns are 1 to m = {m})"
        )));
    }
    Ok(c)
}

/// POJ 1704 "Georgia and Bob" (<http://poj.org/problem?id=1704>): a count T (1 ≤ T ≤ 20), then
/// T blocks of a line N (1 ≤ N ≤ 1000) and a line of N different squares Pi (1 ≤ Pi ≤ 10000, in
/// any order) of chessmen on a strip numbered from 1. A move slides one chessman left by at
/// least one square, passing no chessman and not leaving the strip; who cannot move loses, and
/// Georgia moves first. `Georgia will win` or `Bob will win`, a line each (the statement's
/// `Not sure` never happens: one of them has a winning strategy).
///
/// Paired from the right — the last chessman with the one before it, and so on, the first
/// alone with the left edge when N is odd — the empty squares inside each pair are a Nim pile
/// (staircase Nim): sliding a pair's right chessman takes from its pile, and sliding a left one
/// widens the gap of the pair on its left, which the other player undoes by sliding that pair's
/// right chessman as far.
pub static POJ1704: Problem = Problem {
    id: "poj1704",
    aliases: &[],
    title: "Georgia and Bob",
    game: "Nim: the gaps inside the chessmen paired from the right are the piles",
    solve: poj1704,
};

fn poj1704(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let nim = game(Rules::nim(), Play::Normal);
    let cases = input.count("T, the number of test cases")?;
    for _ in 0..cases {
        let n = input.count("N, the number of chessmen")?;
        let mut squares: Vec<(u64, Token<'_>)> = Vec::new();
        for _ in 0..n {
            let t = input.expect("Pi, a chessman's square")?;
            let p = count(t, "Pi, a chessman's square")?;
            if p == 0 {
                return Err(t.error("is not a square of the strip (the squares are 1, 2, …)"));
            }
            squares.push((p, t));
        }
        squares.sort_by_key(|&(p, _)| p);
        if let Some(pair) = squares.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(pair[1].1.error(format_args!(
                "is the square of another chessman too: the N squares are different"
            )));
        }
        // The wall left of square 1 stands in for a chessman at 0 when N is odd.
        let mut cells: Vec<u64> = squares.iter().map(|&(p, _)| p).collect();
        if cells.len() % 2 == 1 {
            cells.insert(0, 0);
        }
        let gaps: Vec<Nat> = cells
            .chunks_exact(2)
            .map(|pair| Nat::from(pair[1] - pair[0] - 1))
            .collect();
        let analysis = solved(solve(&nim, gaps), input.last_line(), "N ≤ 1000, Pi ≤ 10000")?;
        let won = analysis.outcome == Outcome::N;
        say(
            out,
            if won {
                "Georgia will win"
            } else {
                "Bob will win"
            },
        )?;
    }
    Ok(())
}
