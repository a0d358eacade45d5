//! Using nimsolve as a library: analyse a position, ask for the move to play, replay a game.
//!
//! Run with `cargo run --example advisor -- 7 8 9` (any piles; misère play with `--misere`).
//! Output goes through one locked, buffered standard output with `writeln!`, so a closed pipe
//! (`cargo run --example advisor | head -1`) ends the example quietly, as it does the binary.

use std::error::Error;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use nimsolve::{Fact, Game, Limits, Optimal, Play, Replay, Rules, parse_position};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = BufWriter::new(io::stdout().lock());
    let result = run(&args, &mut out).and_then(|()| Ok(out.flush()?));
    exit_code(result)
}

/// The exit status of a run: success also when the output's reader went away, else failure
/// after one line on standard error.
pub fn exit_code(result: Result<(), Box<dyn Error>>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`| head -1`): nothing more to say.
        Err(e) if is_broken_pipe(e.as_ref()) => ExitCode::SUCCESS,
        Err(e) => {
            // Not eprintln!, which panics when standard error is closed too.
            let _ = writeln!(io::stderr().lock(), "advisor: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `e` is a write to a closed pipe.
fn is_broken_pipe(e: &(dyn Error + 'static)) -> bool {
    e.downcast_ref::<io::Error>()
        .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
}

/// Analyses the position of `args` (default 7 8 9) and replays it, writing to `out`.
pub fn run(args: &[String], out: &mut impl Write) -> Result<(), Box<dyn Error>> {
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

    let position = game.position(piles)?;
    let analysis = game.analyze(&position)?;
    writeln!(
        out,
        "{text}: {:?}-position under {}",
        analysis.outcome,
        play.label()
    )?;
    if let Some(Fact::Nim(nim)) = &analysis.fact {
        writeln!(
            out,
            "nim-sum {}, state {} ({})",
            nim.summary.nim_sum,
            nim.state,
            nim.state.meaning()
        )?;
    }
    writeln!(out, "{} winning move(s)", analysis.winning_moves.len())?;
    if let Some(mv) = game.advise(&position)?.suggestion {
        writeln!(out, "play: {mv}")?;
    }

    writeln!(out, "a game between two perfect players:")?;
    let mut replay = Replay::new(&game, position, Box::new(Optimal), Box::new(Optimal));
    while let Some(turn) = replay.next_turn()? {
        writeln!(
            out,
            "  {:>3} {:<6} {}",
            turn.turn,
            turn.player.as_str(),
            turn.mv
        )?;
    }
    if let Some(winner) = replay.winner() {
        writeln!(out, "the {} player wins", winner.as_str())?;
    }
    Ok(())
}
