//! `nimsolve review`: a game given as its successive positions, one a line (a file or standard
//! input), judged step by step by the library ([`Game::review_step`]): the move each step was,
//! the state and outcome after it, and its verdict. Lines are read as a batch reads them
//! ([`BlockLines`]); a step that no single legal move makes is reported with its line and the
//! review goes on from that line's position, the same player still to move: only legal moves
//! pass the turn, and the winner is decided by the last of them.

use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};

use anyhow::Result;
use nimsolve::engine::review::{ReviewError, winner_after};
use nimsolve::{Game, Position, Rules, SumParser};

use crate::cli::args::ReviewArgs;
use crate::cli::errors::{CliError, ErrorContext, Within, error_message, error_message_in};
use crate::cli::input::{Block, Blocks};
use crate::cli::printer::{self, Format, Printer};
use crate::cli::render::{PositionText, ReviewSummary};
use crate::cli::style::Style;
use crate::cli::{EXIT_ERROR, EXIT_OK};

/// The arrows that join positions on a line: `→` and `->`.
const ARROWS: [&[u8]; 2] = ["→".as_bytes(), b"->"];

/// The parts of `line` between arrows ([`ARROWS`]), each with the byte where it starts, or the
/// 1-based column of an arrow that follows another with no position between them. A line with
/// no arrow is one part; an arrow may begin or end a line (a game written across lines).
fn between_arrows(line: &[u8]) -> Result<Vec<(usize, &[u8])>, usize> {
    let blank = |part: &[u8]| part.iter().all(|c| matches!(c, b' ' | b'\t'));
    let mut parts = Vec::new();
    let (mut from, mut i) = (0, 0);
    // The column of the last arrow, once a part stands before it (or it begins the line).
    let mut arrow: Option<usize> = None;
    while i < line.len() {
        let Some(len) = ARROWS
            .iter()
            .find(|a| line[i..].starts_with(a))
            .map(|a| a.len())
        else {
            i += 1;
            continue;
        };
        let part = &line[from..i];
        if blank(part) {
            if arrow.is_some() {
                return Err(i + 1);
            }
        } else {
            parts.push((from, part));
        }
        arrow = Some(i + 1);
        i += len;
        from = i;
    }
    let last = &line[from..];
    if !blank(last) || arrow.is_none() {
        parts.push((from, last));
    }
    Ok(parts)
}

/// Reads the positions of `input` under `game`'s rules and hands each to `each` with its line
/// number, as it is read: memory stays constant in the length of the game. A line holds one
/// position or several joined by arrows (`(7,8,9) → (1,8,9)`, `7 8 9 -> 1 8 9`); blank lines
/// and `#` comments are skipped. A component written without a game takes the rules of the
/// component in its place in the position before (`kayles 10`, then `1 8`, is Kayles), the
/// first position's the default rules.
fn for_each_position(
    game: &Game,
    input: impl Read,
    each: &mut dyn FnMut(u64, Result<Position>) -> Result<()>,
) -> Result<()> {
    let mut blocks = Blocks::new(input);
    let mut block = Block::default();
    let mut number = 0u64;
    let mut carried: Vec<Rules> = Vec::new();
    let mut resolve = |spec: &str| game.resolve(spec);
    while blocks.next_into(&mut block)? {
        for raw in block.bytes().split_inclusive(|&c| c == b'\n') {
            number += 1;
            let mut text = raw.strip_suffix(b"\n").unwrap_or(raw);
            text = text.strip_suffix(b"\r").unwrap_or(text);
            if number == 1 {
                text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
            }
            let first = text.iter().find(|c| !matches!(c, b' ' | b'\t'));
            if matches!(first, None | Some(b'#')) {
                continue;
            }
            let parts = match between_arrows(text) {
                Ok(parts) => parts,
                Err(column) => {
                    each(number, Err(CliError::EmptyBetweenArrows { column }.into()))?;
                    continue;
                }
            };
            for (at, part) in parts {
                let mut parser = SumParser::new(game.rules().clone(), &mut resolve);
                parser.carry(carried.clone());
                let position = parser
                    .feed(part)
                    .and_then(|()| parser.finish())
                    .map_err(|e| e.shifted(at));
                if let Ok(p) = &position {
                    carried = p.parts().iter().map(|part| part.rules.clone()).collect();
                }
                each(number, position.map_err(Into::into))?;
            }
        }
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
    let format = Format::json(args.json);
    let printer = printer::choose(format, style);
    let printer = printer.as_ref();
    let mut bad = false;
    let mut current: Option<Position> = None;
    let mut game_of_start = None;
    // A step that is no legal move does not pass the turn: the player to move at the next line
    // is still the one whose move it was, and a step's turn is the number of the move it makes
    // (or should have made).
    let mut legal = 0u64;
    let mut illegal = 0u64;
    let mut lines = 0u64;
    // Where the game ended: the first position with no move left. Every line after it is
    // reported, not judged.
    let mut end: Option<End> = None;
    let mut after_end = 0u64;
    let mut each = |line: u64, position: Result<Position>| -> Result<()> {
        lines += 1;
        if let (Some(end), Some(at)) = (&end, &current) {
            after_end += 1;
            bad = true;
            return report_after_end(out, printer, style, line, end, at);
        }
        let after = match position.and_then(|p| no_position(game, &p).map_or(Ok(p), Err)) {
            Ok(p) => p,
            Err(e) => {
                report(out, printer, style, line, &e)?;
                bad = true;
                return Ok(());
            }
        };
        let Some(before) = current.take() else {
            // A game that may go on for ever is decided by analyze and move alone.
            if game.is_loopy(&after) {
                anyhow::bail!(CliError::Loopy { asked: "review" });
            }
            // One component with rules of its own is reviewed as under those rules.
            let start_game = match after.parts() {
                [only] if only.rules != *game.rules() => game.with_rules(only.rules.clone()),
                _ => game.with_rules(game.rules().clone()),
            };
            printer.review_header(out, &start_game, &after)?;
            if !start_game.has_move(&after) {
                end = Some(End {
                    line,
                    by_move: false,
                    at_start: true,
                });
            }
            game_of_start = Some(start_game);
            current = Some(after);
            return Ok(());
        };
        let game = game_of_start.as_ref().unwrap_or(game);
        let moves = legal + 1;
        let by_move = match game.review_step(moves, &before, &after) {
            Ok(step) => {
                legal += 1;
                printer.review_step(out, line, &before, &step)?;
                true
            }
            Err(ReviewError::NoMove(why)) => {
                illegal += 1;
                printer.review_no_move(out, line, moves, (&before, &after), &why)?;
                bad = true;
                let words = style.words();
                let message = words.no_single_move(
                    &PositionText(words, &before).to_string(),
                    &PositionText(words, &after).to_string(),
                    &words.step_error(&why),
                );
                complain(out, style, line, &message)?;
                false
            }
            Err(ReviewError::Solve(e)) => {
                // A legal move that cannot be judged (a limit) is still a move of the game.
                let made = game.move_between(&before, &after).is_ok();
                if made {
                    legal += 1;
                } else {
                    illegal += 1;
                }
                let e = Err::<(), _>(e)
                    .within(|| ErrorContext::JudgingMove(moves))
                    .unwrap_err();
                report(out, printer, style, line, &e)?;
                bad = true;
                made
            }
        };
        if !game.has_move(&after) {
            end = Some(End {
                line,
                by_move,
                at_start: false,
            });
        }
        current = Some(after);
        Ok(())
    };
    refuse_piles(args)?;
    match args.file.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            let file = File::open(path).within(|| ErrorContext::Opening(path.to_path_buf()))?;
            if file.metadata().is_ok_and(|m| m.is_dir()) {
                anyhow::bail!(CliError::IsADirectory {
                    path: path.to_path_buf()
                });
            }
            for_each_position(game, file, &mut each)
                .within(|| ErrorContext::Reading(path.to_path_buf()))?;
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
            anyhow::bail!(CliError::NothingToReview);
        }
        // Every line was bad, and each was reported.
        return Ok(EXIT_ERROR);
    };
    // The winner follows from the legal moves alone: under normal play the player who made the
    // last of them, under misère play the other. It is named only when a legal move reached a
    // position with no move left: not when the start has none, nor when a step that is no
    // move reached it.
    let winner = match &end {
        Some(End { by_move: true, .. }) => winner_after(game, position, legal),
        _ => None,
    };
    // Always last: an unfinished game has no winner yet.
    printer.review_summary(
        out,
        &ReviewSummary {
            game,
            position,
            winner,
            legal,
            illegal,
            after_end,
            ended: end.as_ref().map(|end| end.at_start),
        },
    )?;
    Ok(if bad { EXIT_ERROR } else { EXIT_OK })
}

/// The error of a position holding a pile that is no position of its component's game
/// (digital deletions: a pile starts with the digit 1), as the family words it; `None` when
/// every pile is one. Such a line is reported, never taken for a position without a move.
fn no_position(game: &Game, position: &Position) -> Option<anyhow::Error> {
    let limits = game.limits();
    position.components().find_map(|c| {
        c.piles.iter().find_map(|p| {
            let small = p.to_u64()?;
            if c.rules.is_heap(small) {
                return None;
            }
            c.rules
                .heap_grundy(p, &limits)
                .err()
                .map(anyhow::Error::new)
        })
    })
}

/// Where a reviewed game ended: the line of its first position with no move left, whether a
/// legal move reached it, and whether it is the start.
struct End {
    line: u64,
    by_move: bool,
    at_start: bool,
}

/// A line after the end of the game `end` (at `at`): its row as the printer shows it
/// and its message on standard error with its number.
fn report_after_end(
    out: &mut impl Write,
    printer: &dyn Printer,
    style: Style,
    line: u64,
    end: &End,
    at: &Position,
) -> Result<()> {
    printer.review_after_end(out, line, end.line, at)?;
    let words = style.words();
    let message = words.review_after_end(end.line, &PositionText(words, at).to_string());
    complain(out, style, line, &message)?;
    Ok(())
}

/// Refuses piles given as arguments (`review 7 8 9`, or `review 7` with no file 7): a review
/// reads a game's positions one a line.
///
/// # Errors
/// The message, with an example of how a game is given.
fn refuse_piles(args: &ReviewArgs) -> Result<()> {
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
        anyhow::bail!(CliError::ReviewTakesNoPiles {
            given: given.join(" ")
        });
    }
    Ok(())
}

/// A bad line: its message on standard error with its number (in the words of `style`), and
/// with its record in its place when the printer shows bad lines (JSON, in English).
fn report(
    out: &mut impl Write,
    printer: &dyn Printer,
    style: Style,
    line: u64,
    e: &anyhow::Error,
) -> io::Result<()> {
    if let Some(show) = printer.bad_line().show {
        let mut shown = Vec::new();
        show(&mut shown, line, &error_message(e))?;
        out.write_all(&shown)?;
    }
    complain(out, style, line, &error_message_in(e, style.words()))
}

/// `nimsolve: error: line N: …` on standard error, after what `out` holds so far.
fn complain(out: &mut impl Write, style: Style, line: u64, message: &str) -> io::Result<()> {
    out.flush()?;
    let words = style.words();
    // Not eprintln!, which panics when standard error cannot be written.
    let _ = writeln!(
        io::stderr().lock(),
        "nimsolve: error: {}{}{message}",
        words.error_context(&ErrorContext::Line(line)),
        words.error_separator()
    );
    Ok(())
}
