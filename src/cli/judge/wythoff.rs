//! Problems of Wythoff's game (威佐夫博弈): two piles; take from one, or the same amount from
//! both.

use std::io::Write;

use anyhow::Result;
use nimsolve::{Move, Nat, Outcome, Play, Rules};

use crate::cli::judge::{Problem, Reader, game, say};

/// POJ 1067 "取石子游戏" (HDU 1527 is the same problem): lines `a b` to the end of the input;
/// `1` when the player to move wins, else `0`.
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
        let won = g.analyze(&piles)?.outcome == Outcome::N;
        say(out, if won { "1" } else { "0" })?;
    }
    Ok(())
}

/// HDU 2177 "取(2堆)石子游戏": lines `a b` (a ≤ b), `0 0` ends the input. `0` in a
/// P-position; else `1`, then the piles `x y` (x ≤ y) after every winning move: the move from
/// both piles first, then those from one pile, ascending, each position once.
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
        let piles = [a, input.nat("b")?];
        if piles.iter().all(Nat::is_zero) {
            break;
        }
        let analysis = g.analyze(&piles)?;
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
        let mut single = Vec::new();
        for mv in &analysis.winning_moves {
            let (x, y) = sorted(mv)?;
            match mv {
                Move::Both { .. } => say(out, &format!("{x} {y}"))?,
                _ => single.push((x, y)),
            }
        }
        single.sort();
        single.dedup();
        for (x, y) in single {
            say(out, &format!("{x} {y}"))?;
        }
    }
    Ok(())
}
