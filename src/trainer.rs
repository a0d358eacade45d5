//! The trainer's read–eval–print loop, `nimsolve play --first human`: read a line, hand it to
//! the library's [`Trainer`] (which parses moves, checks them, gives hints and takes moves
//! back), print what happened. Prompts go to standard error, and only when standard input is a
//! terminal; piped input is read line by line, so a script (or a test) can play. The end of the
//! input ends the game cleanly.

use std::io::{self, BufRead, IsTerminal, Read, Write};

use anyhow::Result;
use nimsolve::replay::{Command, Hint};
use nimsolve::{Game, Move, Nat, Player, Seat, Trainer, Turn};

use crate::app::EXIT_OK;
use crate::render::{self, Piles};
use crate::style::Style;

/// The longest line read at the prompt (a longer one is skipped with a message).
const MAX_LINE: usize = 1 << 20;

const COMMANDS: &str = "\
commands: PILE TAKE plays a move (3 2 takes 2 from pile 3; in Wythoff's game both TAKE takes
from both piles); hint tells you who wins, then which pile, then the move (ask again for more);
undo takes your last move back; show shows the position; help shows this; quit stops.";

/// A player of the game and how to call them in the transcript.
pub struct Side<'g> {
    /// Who makes the moves.
    pub seat: Seat<'g>,
    /// The kind of player as the command line spells it (`human`, `optimal`, `easy`, …).
    pub kind: &'static str,
}

/// Plays a game between the two sides, writing the transcript to `out`. Returns the exit
/// status (0, also after `quit` or the end of the input).
///
/// # Errors
/// Write errors, and an engine that cannot move (a limit of its analysis).
pub fn run(
    game: &Game,
    start: Vec<Nat>,
    first: Side<'_>,
    second: Side<'_>,
    style: Style,
    out: &mut impl Write,
) -> Result<u8> {
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    let mut input = stdin.lock();
    render::play_header(out, game, &start, first.kind, second.kind, style)?;
    let names = Names::new(&first.seat, &second.seat);
    let mut trainer = Trainer::new(game, start, first.seat, second.seat);
    if interactive {
        out.flush()?;
        eprintln!("{COMMANDS}");
    }
    let mut buf = Vec::new();
    while !trainer.is_over() {
        if let Some(turn) = trainer.engine_move()? {
            turn_line(out, &names, &turn)?;
            continue;
        }
        out.flush()?;
        if interactive {
            let mut err = io::stderr().lock();
            write!(
                err,
                "{} — {}> ",
                Piles(trainer.piles()),
                names.to_move(trainer.to_move())
            )?;
            err.flush()?;
        }
        let line = match read_line(&mut input, &mut buf)? {
            None => {
                if interactive {
                    eprintln!();
                }
                writeln!(
                    out,
                    "The game stops unfinished at {} after {} (end of input).",
                    Piles(trainer.piles()),
                    moves(trainer.history().len())
                )?;
                return Ok(EXIT_OK);
            }
            Some(None) => {
                writeln!(
                    out,
                    "That line is longer than {MAX_LINE} bytes; type a move as PILE TAKE."
                )?;
                continue;
            }
            Some(Some(line)) => line,
        };
        let command = match trainer.parse(&line) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(e) => {
                writeln!(out, "{e}")?;
                continue;
            }
        };
        match command {
            Command::Move(mv) => {
                let turn = trainer.play(&mv)?;
                turn_line(out, &names, &turn)?;
            }
            Command::Hint => match trainer.hint() {
                Ok(hint) => hint_line(out, &hint)?,
                Err(e) => writeln!(out, "no hint: {e}")?,
            },
            Command::Undo => {
                let undone = trainer.undo();
                undo_line(out, &names, &undone, trainer.piles())?;
            }
            Command::Show => show(out, &names, &trainer)?,
            Command::Help => writeln!(out, "{COMMANDS}")?,
            Command::Quit => {
                writeln!(
                    out,
                    "The game stops at {} after {}.",
                    Piles(trainer.piles()),
                    moves(trainer.history().len())
                )?;
                return Ok(EXIT_OK);
            }
        }
    }
    if let Some(winner) = trainer.winner() {
        render::winner_line(out, game, winner, trainer.history().len() as u64, style)?;
        if names.one_human {
            let verdict = if names.human[winner as usize] {
                "You win."
            } else {
                "The engine wins."
            };
            writeln!(out, "{verdict}")?;
        }
    }
    Ok(EXIT_OK)
}

/// How the players are called: `you` and `engine` when one person plays, else `first` and
/// `second`.
struct Names {
    human: [bool; 2],
    one_human: bool,
}

impl Names {
    fn new(first: &Seat<'_>, second: &Seat<'_>) -> Names {
        let human = [matches!(first, Seat::Human), matches!(second, Seat::Human)];
        Names {
            human,
            one_human: human[0] != human[1],
        }
    }

    fn of(&self, player: Player) -> &'static str {
        match (self.one_human, self.human[player as usize]) {
            (true, true) => "you",
            (true, false) => "engine",
            (false, _) => player.as_str(),
        }
    }

    fn to_move(&self, player: Player) -> String {
        if self.one_human {
            "your move".to_string()
        } else {
            format!("{} player's move", player.as_str())
        }
    }
}

/// One line per move, like a replay's but without the state of the position after it (that
/// is what `hint` is for).
fn turn_line(out: &mut impl Write, names: &Names, turn: &Turn) -> io::Result<()> {
    writeln!(
        out,
        "{:>4}  {:<6}  {}  → {}",
        turn.turn,
        names.of(turn.player),
        turn.mv,
        Piles(&turn.after)
    )
}

/// `1 move`, `2 moves`.
fn moves(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// What to type for a move.
fn typed(mv: &Move) -> String {
    match mv {
        Move::Pile { pile, .. } => format!("{} {}", pile + 1, mv.take()),
        Move::Both { take } => format!("both {take}"),
    }
}

fn hint_line(out: &mut impl Write, hint: &Hint) -> io::Result<()> {
    match hint {
        Hint::Outcome { wins: true } => writeln!(
            out,
            "hint 1/3: you are winning (an N-position): some move leaves your opponent lost. Ask again for the pile."
        ),
        Hint::Outcome { wins: false } => writeln!(
            out,
            "hint 1/3: you are losing (a P-position): no move wins against perfect play; hold out and hope for a mistake. Ask again for the pile."
        ),
        Hint::Pile { wins, pile } => {
            let place = match pile {
                Some(i) => format!("take from pile {}", i + 1),
                None => "take the same amount from both piles".to_string(),
            };
            if *wins {
                writeln!(out, "hint 2/3: {place}. Ask again for the move.")
            } else {
                writeln!(
                    out,
                    "hint 2/3: no move wins; to hold out, {place}. Ask again for the move."
                )
            }
        }
        Hint::Move { wins, mv, delaying } => {
            let how = if *wins {
                "the winning move is"
            } else if *delaying {
                "no move wins; the one that holds out longest is"
            } else {
                "no move wins; the position is too large to search for the move that holds out longest, so the fallback (the least amount from the largest pile) is"
            };
            writeln!(out, "hint 3/3: {how} {mv}: type {}", typed(mv))
        }
    }
}

fn undo_line(out: &mut impl Write, names: &Names, undone: &[Turn], now: &[Nat]) -> io::Result<()> {
    if undone.is_empty() {
        return writeln!(out, "Nothing to undo: no move of yours has been played.");
    }
    let moves: Vec<String> = undone
        .iter()
        .map(|t| format!("turn {} ({}: {})", t.turn, names.of(t.player), t.mv))
        .collect();
    writeln!(
        out,
        "Took back {}; the position is {} again.",
        moves.join(" and "),
        Piles(now)
    )
}

fn show(out: &mut impl Write, names: &Names, trainer: &Trainer<'_>) -> io::Result<()> {
    let piles = trainer.piles();
    let listed: Vec<String> = piles
        .iter()
        .enumerate()
        .map(|(i, p)| format!("pile {}: {p}", i + 1))
        .collect();
    let game = trainer.game();
    writeln!(
        out,
        "Position {} ({}, {}) after {} — {}; {}.",
        Piles(piles),
        game.rules().name(piles.len()),
        game.play().label(),
        moves(trainer.history().len()),
        listed.join(", "),
        names.to_move(trainer.to_move())
    )
}

/// Reads one line: `None` at the end of the input, `Some(None)` for a line longer than
/// [`MAX_LINE`] (skipped), else the line (invalid UTF-8 replaced).
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<Option<String>>> {
    buf.clear();
    let n = input
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(None);
    }
    if buf.len() > MAX_LINE && !buf.ends_with(b"\n") {
        // Skip the rest of the long line.
        loop {
            let available = input.fill_buf()?;
            if available.is_empty() {
                break;
            }
            if let Some(end) = available.iter().position(|&b| b == b'\n') {
                input.consume(end + 1);
                break;
            }
            let len = available.len();
            input.consume(len);
        }
        return Ok(Some(None));
    }
    Ok(Some(Some(String::from_utf8_lossy(buf).into_owned())))
}
