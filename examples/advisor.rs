//! Using nimsolve as a library: analyse a position, ask for the move to play, replay a game.
//!
//! Run with `cargo run --example advisor -- 7 8 9` (any piles; misère play with `--misere`).

use nimsolve::{Game, Limits, Optimal, Play, Replay, Rules, parse_position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let misere = args.iter().any(|a| a == "--misere");
    let text: Vec<&str> = args
        .iter()
        .filter(|a| *a != "--misere")
        .map(String::as_str)
        .collect();
    let text = if text.is_empty() {
        "7 8 9".to_string()
    } else {
        text.join(" ")
    };

    let piles = parse_position(&text)?;
    let play = if misere { Play::Misere } else { Play::Normal };
    let game = Game::new(Rules::nim(), play, Limits::default());

    let analysis = game.analyze(&piles)?;
    println!(
        "{text}: {:?}-position under {}",
        analysis.outcome,
        play.label()
    );
    if let Some((summary, state)) = &analysis.nim {
        println!(
            "nim-sum {}, state {state} ({})",
            summary.nim_sum,
            state.meaning()
        );
    }
    println!("{} winning move(s)", analysis.winning_moves.len());
    if let Some(mv) = game.advise(&piles)?.suggestion {
        println!("play: {mv}");
    }

    println!("a game between two perfect players:");
    let start = game.position(piles)?;
    let mut replay = Replay::new(&game, start, Box::new(Optimal), Box::new(Optimal));
    while let Some(turn) = replay.next_turn()? {
        println!("  {:>3} {:<6} {}", turn.turn, turn.player.as_str(), turn.mv);
    }
    if let Some(winner) = replay.winner() {
        println!("the {} player wins", winner.as_str());
    }
    Ok(())
}
