//! `nimsolve review`: a game given as its successive positions, one a line (a file or standard
//! input), judged step by step by the library ([`Game::review_step`]): the move each step was,
//! the state and outcome after it, and its verdict. Lines are read as a batch reads them
//! ([`BlockLines`]); a step that no single legal move makes is reported with its line and the
//! review goes on from that line's position, the same player still to move: only legal moves
//! pass the turn, and the winner is decided by the last of them.

use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};

use anyhow::{Context, Result};
use nimsolve::review::{ReviewError, winner_after};
use nimsolve::{Game, Position};

use crate::cli::args::ReviewArgs;
use crate::cli::errors::error_message;
use crate::cli::i18n::{Lang, words};
use crate::cli::input::{Block, BlockLines, Blocks, Line};
use crate::cli::render::{self, PositionText};
use crate::cli::style::Style;
use crate::cli::{EXIT_ERROR, EXIT_OK, json};

/// Reads the positions of `input` under `game`'s rules (a line of piles alone is one component
/// of the default rules) and hands each to `each` with its line number, as it is read: memory
/// stays constant in the length of the game.
fn for_each_position(
    game: &Game,
    input: impl Read,
    each: &mut dyn FnMut(u64, Result<Position>) -> Result<()>,
) -> Result<()> {
    let mut blocks = Blocks::new(input);
    let mut block = Block::default();
    let mut first = 1;
    while blocks.next_into(&mut block)? {
        let mut reader = BlockLines::new(block.bytes(), first, Some(game));
        while let Some((number, line)) = reader.next_line() {
            let position = match line {
                Line::Bad(e) => Err(e.into()),
                Line::Position(piles) => match piles.sum {
                    Some(sum) => Ok(sum.clone()),
                    None => game.position(piles.values.to_vec()).map_err(Into::into),
                },
            };
            each(number, position)?;
        }
        first += block.line_feeds();
    }
    Ok(())
}

/// Reviews the game in `args.file` (or standard input) under `game`, writing a line (or a JSON
/// object) per step to `out`. Returns the exit status: 2 when a line is no position or a step
/// no single legal move makes (each reported on standard error with its line number), else 0.
///
/// # Errors
/// The file cannot be opened or read; output cannot be written.
pub fn run(game: &Game, args: &ReviewArgs, style: Style, out: &mut impl Write) -> Result<u8> {
    let mut bad = false;
    let mut current: Option<Position> = None;
    let mut game_of_start = None;
    // A step that is no legal move does not pass the turn: the player to move at the next line
    // is still the one whose move it was, and a step's turn is the number of the move it makes
    // (or should have made).
    let mut legal = 0u64;
    let mut illegal = 0u64;
    let mut lines = 0u64;
    let mut each = |line: u64, position: Result<Position>| -> Result<()> {
        lines += 1;
        let after = match position {
            Ok(p) => p,
            Err(e) => {
                report(out, args.json, line, &e)?;
                bad = true;
                return Ok(());
            }
        };
        let Some(before) = current.take() else {
            // One component with rules of its own is reviewed as under those rules.
            let start_game = match after.parts() {
                [only] if only.rules != *game.rules() => game.with_rules(only.rules.clone()),
                _ => game.with_rules(game.rules().clone()),
            };
            if !args.json {
                render::review_header(out, &start_game, &after, style)?;
            }
            game_of_start = Some(start_game);
            current = Some(after);
            return Ok(());
        };
        let game = game_of_start.as_ref().unwrap_or(game);
        let moves = legal + 1;
        match game.review_step(moves, &before, &after) {
            Ok(step) => {
                legal += 1;
                if args.json {
                    json::review_json_line(out, line, &before, &step)?;
                } else {
                    render::review_line(out, &before, &step, style)?;
                }
            }
            Err(ReviewError::NoMove(why)) => {
                illegal += 1;
                let english = words(Lang::En);
                let (b, a) = (
                    PositionText(english, &before).to_string(),
                    PositionText(english, &after).to_string(),
                );
                let message = english.no_single_move(&b, &a, &why);
                if args.json {
                    json::review_illegal_json_line(
                        out, line, moves, &before, &after, &message, &why,
                    )?;
                } else {
                    render::review_no_move_line(out, moves, &before, &after, &why, style)?;
                }
                bad = true;
                complain(out, line, &message)?;
            }
            Err(ReviewError::Solve(e)) => {
                // A legal move that cannot be judged (a limit) is still a move of the game.
                if game.move_between(&before, &after).is_ok() {
                    legal += 1;
                } else {
                    illegal += 1;
                }
                let e = anyhow::Error::new(e).context(format!("judging move {moves}"));
                report(out, args.json, line, &e)?;
                bad = true;
            }
        }
        current = Some(after);
        Ok(())
    };
    refuse_piles(args, style)?;
    match args.file.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            let file = File::open(path).with_context(|| format!("opening {}", path.display()))?;
            if file.metadata().is_ok_and(|m| m.is_dir()) {
                anyhow::bail!("{} is a directory, not a file of positions", path.display());
            }
            for_each_position(game, file, &mut each)
                .with_context(|| format!("reading {}", path.display()))?;
        }
        _ => {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                // Not eprintln!, which panics when standard error cannot be written.
                let _ = writeln!(
                    io::stderr().lock(),
                    "{}",
                    style.words().review_terminal_hint()
                );
            }
            for_each_position(game, stdin.lock(), &mut each)?;
        }
    }
    let (Some(position), Some(game)) = (&current, &game_of_start) else {
        if lines == 0 {
            anyhow::bail!(
                "no position to review: the input is empty or holds only blank lines and # comments (write the game's positions one a line, its start first)"
            );
        }
        // Every line was bad, and each was reported.
        return Ok(EXIT_ERROR);
    };
    let steps = legal + illegal;
    let words = style.words();
    // The winner follows from the legal moves alone: under normal play the player who made the
    // last of them, under misère play the other.
    let winner = winner_after(game, position, legal);
    if args.json {
        // Always last, as the human summary is: an unfinished game has no winner yet.
        json::review_summary_json_line(out, winner, legal, illegal)?;
    } else if steps == 0 {
        let at = PositionText(words, position).to_string();
        writeln!(out, "{}", words.review_one_position(&at, winner.is_some()))?;
    } else {
        let summary = match winner {
            Some(winner) => words.winner(winner, legal, game.play()),
            None => {
                let at = PositionText(words, position).to_string();
                let legal = usize::try_from(legal).unwrap_or(usize::MAX);
                words.end_of_input(&at, legal)
            }
        };
        writeln!(out, "{summary}")?;
        if illegal > 0 {
            writeln!(out, "{}", words.review_illegal_steps(illegal))?;
        }
    }
    Ok(if bad { EXIT_ERROR } else { EXIT_OK })
}

/// Refuses piles given as arguments (`review 7 8 9`, or `review 7` with no file 7): a review
/// reads a game's positions one a line.
///
/// # Errors
/// The message, with an example of how a game is given.
fn refuse_piles(args: &ReviewArgs, style: Style) -> Result<()> {
    let Some(file) = args.file.as_deref() else {
        return Ok(());
    };
    let looks_like_piles = |word: &str| {
        !word.is_empty()
            && word
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b',' || b == b'+' || b == b'-')
    };
    let first = file.to_string_lossy();
    let piles = if args.extra.is_empty() {
        file.as_os_str() != "-" && looks_like_piles(&first) && !file.exists()
    } else {
        true
    };
    if piles {
        let given: Vec<&str> = std::iter::once(first.as_ref())
            .chain(args.extra.iter().map(String::as_str))
            .collect();
        anyhow::bail!("{}", style.words().review_takes_no_piles(&given.join(" ")));
    }
    Ok(())
}

/// A bad line: its message on standard error with its number, and with `json` its JSON
/// object in its place (`{"line":N,"error":"…"}`).
fn report(out: &mut impl Write, json: bool, line: u64, e: &anyhow::Error) -> io::Result<()> {
    let message = error_message(e);
    if json {
        json::error_json_line(out, line, &message)?;
    }
    complain(out, line, &message)
}

/// `nimsolve: error: line N: …` on standard error, after what `out` holds so far.
fn complain(out: &mut impl Write, line: u64, message: &str) -> io::Result<()> {
    out.flush()?;
    // Not eprintln!, which panics when standard error cannot be written.
    let _ = writeln!(
        io::stderr().lock(),
        "nimsolve: error: line {line}: {message}"
    );
    Ok(())
}
