//! Problems of Wythoff's game (威佐夫博弈): two piles; take from one, or the same amount from
//! both.

use std::io::Write;

use anyhow::Result;
use nimsolve::{Move, Nat, Outcome, Play, Rules};

use crate::cli::judge::{Problem, Reader, game, say, solve, solved};

/// POJ 1067 "取石子游戏" (<http://poj.org/problem?id=1067>; HDU 1527,
/// <http://acm.hdu.edu.cn/showproblem.php?pid=1527>, is the same problem): lines `a b`
/// (a, b ≤ 1,000,000,000) to the end of the input; `1` when the player to move wins, else `0`,
/// a line each.
pub static POJ1067: Problem = Problem {
    id: "poj1067",
    aliases: &["hdu1527"],
    title: "取石子游戏",
    game: "Wythoff's game (wythoff)",
    solve: poj1067,
};

fn poj1067(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let g = game(Rules::wythoff(), Play::Normal);
    while let Some(a) = input.nat_or_end("a")? {
        let piles = [a, input.nat("b")?];
        let analysis = solved(
            solve(&g, piles.to_vec()),
            input.last_line(),
            "a, b ≤ 1,000,000,000",
        )?;
        let won = analysis.outcome == Outcome::N;
        say(out, if won { "1" } else { "0" })?;
    }
    Ok(())
}

/// HDU 2177 "取(2堆)石子游戏" (<http://acm.hdu.edu.cn/showproblem.php?pid=2177>): lines `a b`
/// (a ≤ b ≤ 1,000,000), `0 0` ends the input. `0` in a P-position; else `1`, then the piles
/// `x y` (x ≤ y) after each winning move, a line each: the move that takes the same amount from
/// both piles first (the statement), then the move from pile a, then the move from pile b
/// (skipped when a = b, where it leaves the same piles), as accepted solutions print them. A
/// position reached both by the move from both piles and by a move from one pile is printed
/// for each (from 7 10: `4 7`, `6 10`, `4 7`).
pub static HDU2177: Problem = Problem {
    id: "hdu2177",
    aliases: &[],
    title: "取(2堆)石子游戏",
    game: "Wythoff's game: every winning first move (wythoff)",
    solve: hdu2177,
};

fn hdu2177(input: &mut Reader<'_>, out: &mut dyn Write) -> Result<()> {
    let g = game(Rules::wythoff(), Play::Normal);
    while let Some(a) = input.nat_or_end("a")? {
        let t = input.expect("b")?;
        let b = crate::cli::judge::number(t, "b")?;
        if a.is_zero() && b.is_zero() {
            break;
        }
        if a > b {
            return Err(t.error(format_args!(
                "is less than a = {a}: the statement gives a ≤ b (write the smaller pile first)"
            )));
        }
        let piles = [a, b];
        let analysis = solved(solve(&g, piles.to_vec()), t.line, "a ≤ b ≤ 1,000,000")?;
        if analysis.outcome == Outcome::P {
            say(out, "0")?;
            continue;
        }
        say(out, "1")?;
        let sorted = |mv: &Move| -> Result<(Nat, Nat)> {
            let mut after = mv.apply(&piles)?;
            after.sort();
            let [x, y]: [Nat; 2] = after
                .try_into()
                .map_err(|_| anyhow::anyhow!("Wythoff's game has two piles"))?;
            Ok((x, y))
        };
        // 0: from both piles, 1: from pile a, 2: from pile b.
        let rank = |mv: &Move| match mv {
            Move::Both { .. } => 0,
            _ if mv.piles().start == 0 => 1,
            _ => 2,
        };
        let mut moves: Vec<(u8, Nat, Nat)> = Vec::new();
        for mv in &analysis.winning_moves {
            let r = rank(mv);
            if r == 2 && piles[0] == piles[1] {
                continue;
            }
            let (x, y) = sorted(mv)?;
            moves.push((r, x, y));
        }
        moves.sort();
        for (_, x, y) in moves {
            say(out, &format!("{x} {y}"))?;
        }
    }
    Ok(())
}
