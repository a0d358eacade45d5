//! The trainer's read–eval–print loop, `nimsolve play --first human`: read a line ([`parse_command`],
//! the command grammar), hand it to the library's [`Trainer`] (which checks moves, gives hints
//! and takes moves back), print what happened. Prompts go to standard error, and only when standard input is a
//! terminal; piped input is read line by line, so a script (or a test) can play. The end of the
//! input ends the game cleanly.

use std::io::{self, BufRead, IsTerminal, Read, Write};

use anyhow::Result;
use nimsolve::replay::Hint;
use nimsolve::{Game, Move, Player, Position, Seat, Trainer, Turn};

use crate::cli::EXIT_OK;
use crate::cli::command::{Command, parse_command};
use crate::cli::i18n::{MoveText, PadRight, Words};
use crate::cli::render::{self, PositionText};
use crate::cli::style::Style;

/// The longest line read at the prompt (a longer one is skipped with a message).
const MAX_LINE: usize = 1 << 20;

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
    start: Position,
    first: Side<'_>,
    second: Side<'_>,
    style: Style,
    out: &mut impl Write,
) -> Result<u8> {
    let stdin = io::stdin();
    let interactive = stdin.is_terminal();
    let mut input = stdin.lock();
    render::play_header(out, game, &start, first.kind, second.kind, style)?;
    let words = style.words();
    let names = Names::new(&first.seat, &second.seat, words, !start.is_single());
    let mut trainer = Trainer::new(game, start, first.seat, second.seat);
    if interactive {
        out.flush()?;
        eprintln!("{}", words.trainer_commands());
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
                PositionText(words, trainer.position()),
                names.to_move(trainer.to_move())
            )?;
            err.flush()?;
        }
        let line = match read_line(&mut input, &mut buf)? {
            None => {
                if interactive {
                    eprintln!();
                }
                let at = PositionText(words, trainer.position()).to_string();
                writeln!(out, "{}", words.end_of_input(&at, trainer.history().len()))?;
                return Ok(EXIT_OK);
            }
            Some(None) => {
                writeln!(out, "{}", words.line_too_long(MAX_LINE))?;
                continue;
            }
            Some(Some(line)) => line,
        };
        let command = match parse_command(game, trainer.position(), &line) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(e) => {
                writeln!(out, "{}", words.command_error(&e))?;
                continue;
            }
        };
        match command {
            Command::Move(mv) => {
                let turn = trainer.play(&mv)?;
                turn_line(out, &names, &turn)?;
            }
            Command::Hint => match trainer.hint() {
                Ok(hint) => hint_line(out, &hint, &names)?,
                Err(e) => writeln!(out, "{}", words.no_hint(&e))?,
            },
            Command::Undo => {
                let undone = trainer.undo();
                undo_line(out, &names, &undone, trainer.position())?;
            }
            Command::Show => show(out, &names, &trainer)?,
            Command::Help => writeln!(out, "{}", words.trainer_commands())?,
            Command::Quit => {
                let at = PositionText(words, trainer.position()).to_string();
                writeln!(out, "{}", words.stopped(&at, trainer.history().len()))?;
                return Ok(EXIT_OK);
            }
        }
    }
    if let Some(winner) = trainer.winner() {
        render::winner_line(out, game, winner, trainer.history().len() as u64, style)?;
        if names.one_human {
            let verdict = words.game_over(names.human[winner as usize]);
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
    words: &'static dyn Words,
    /// The position is a sum: a move from both piles names them.
    sum: bool,
}

impl Names {
    fn new(first: &Seat<'_>, second: &Seat<'_>, words: &'static dyn Words, sum: bool) -> Names {
        let human = [matches!(first, Seat::Human), matches!(second, Seat::Human)];
        Names {
            human,
            one_human: human[0] != human[1],
            words,
            sum,
        }
    }

    fn of(&self, player: Player) -> &'static str {
        match (self.one_human, self.human[player as usize]) {
            (true, true) => self.words.you(),
            (true, false) => self.words.engine(),
            (false, _) => self.words.player(player),
        }
    }

    fn to_move(&self, player: Player) -> String {
        self.words.to_move(self.one_human, player)
    }
}

/// One line per move, like a replay's but without the state of the position after it (that
/// is what `hint` is for).
fn turn_line(out: &mut impl Write, names: &Names, turn: &Turn) -> io::Result<()> {
    // Padded by the columns a terminal gives the name (two for each CJK character).
    writeln!(
        out,
        "{:>4}  {}  {}  → {}",
        turn.turn,
        PadRight(names.of(turn.player), 6),
        MoveText(names.words, &turn.mv, names.sum),
        PositionText(names.words, &turn.after)
    )
}

/// What to type for a move (in a sum, a move from both piles names the first: `both 3 1`).
fn typed(mv: &Move, sum: bool) -> String {
    match mv {
        Move::Pile { pile, .. } => format!("{} {}", pile + 1, mv.take()),
        Move::Both { pile, take } if sum => format!("both {} {take}", pile + 1),
        Move::Both { take, .. } => format!("both {take}"),
        Move::Split {
            pile, take, leaves, ..
        } => format!(
            "{} {take} = {}",
            pile + 1,
            nimsolve::moves::join_heaps(leaves)
        ),
    }
}

fn hint_line(out: &mut impl Write, hint: &Hint, names: &Names) -> io::Result<()> {
    let typed = match hint {
        Hint::Move { mv, .. } => typed(mv, names.sum),
        _ => String::new(),
    };
    writeln!(out, "{}", names.words.hint(hint, names.sum, &typed))
}

fn undo_line(
    out: &mut impl Write,
    names: &Names,
    undone: &[Turn],
    now: &Position,
) -> io::Result<()> {
    let words = names.words;
    if undone.is_empty() {
        return writeln!(out, "{}", words.nothing_to_undo());
    }
    let turns: Vec<String> = undone
        .iter()
        .map(|t| {
            let mv = MoveText(words, &t.mv, names.sum).to_string();
            words.undone_turn(t.turn, names.of(t.player), &mv)
        })
        .collect();
    let now = PositionText(words, now).to_string();
    writeln!(out, "{}", words.took_back(&turns, &now))
}

fn show(out: &mut impl Write, names: &Names, trainer: &Trainer<'_>) -> io::Result<()> {
    let words = names.words;
    let position = trainer.position();
    let text = PositionText(words, position).to_string();
    let name = render::position_name(words, trainer.game(), position);
    let to_move = names.to_move(trainer.to_move());
    let line = words.show(
        &text,
        &name,
        trainer.history().len(),
        trainer.piles(),
        &to_move,
    );
    writeln!(out, "{line}")
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
