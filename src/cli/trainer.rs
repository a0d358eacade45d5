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
use crate::cli::i18n::{Lang, MoveText, PadRight};
use crate::cli::render::{self, LaidOut, PositionText};
use crate::cli::style::Style;

/// The longest line read at the prompt (a longer one is skipped with a message).
const MAX_LINE: usize = 1 << 20;

const COMMANDS: &str = "\
commands: PILE TAKE plays a move (3 2 takes 2 from pile 3; in Wythoff's game both TAKE takes
from both piles, both PILE TAKE those of the component starting at PILE); hint tells you who
wins, then which pile, then the move; undo takes your last move back; show, help; quit stops.";

const COMMANDS_ZH: &str = "\
命令：PILE TAKE 走一步（3 2 表示从第 3 堆取 2 个；威佐夫博弈中 both TAKE 表示从两堆各取 TAKE 个，和游戏中有几个威佐夫分量时用 both PILE TAKE，PILE 为该分量的第一堆）；
hint 提示谁必胜，再问提示取哪一堆，再问给出着法；undo 悔棋；show 显示局面；help 显示本说明；quit 结束。";

/// The command list in the language of `style`.
fn commands(lang: Lang) -> &'static str {
    match lang {
        Lang::En => COMMANDS,
        Lang::Zh => COMMANDS_ZH,
    }
}

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
    let lang = style.lang;
    let names = Names::new(&first.seat, &second.seat, lang, !start.is_single());
    let mut trainer = Trainer::new(game, start, first.seat, second.seat);
    if interactive {
        out.flush()?;
        eprintln!("{}", commands(lang));
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
                PositionText(lang, trainer.position()),
                names.to_move(trainer.to_move())
            )?;
            err.flush()?;
        }
        let line = match read_line(&mut input, &mut buf)? {
            None => {
                if interactive {
                    eprintln!();
                }
                let (at, n) = (
                    PositionText(lang, trainer.position()),
                    trainer.history().len(),
                );
                match lang {
                    Lang::En => writeln!(
                        out,
                        "The game stops unfinished at {at} after {} (end of input).",
                        moves(n)
                    )?,
                    Lang::Zh => writeln!(out, "输入结束：对局在 {at} 处中止，共走了 {n} 步。")?,
                }
                return Ok(EXIT_OK);
            }
            Some(None) => {
                match lang {
                    Lang::En => writeln!(
                        out,
                        "That line is longer than {MAX_LINE} bytes; type a move as PILE TAKE."
                    )?,
                    Lang::Zh => {
                        writeln!(out, "这一行超过 {MAX_LINE} 字节；请按 PILE TAKE 输入着法。")?
                    }
                }
                continue;
            }
            Some(Some(line)) => line,
        };
        let command = match parse_command(game, trainer.position(), &line) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(e) => {
                writeln!(out, "{}", crate::cli::i18n::command_error(lang, &e))?;
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
                Err(e) if lang == Lang::Zh => writeln!(out, "无法提示：{e}")?,
                Err(e) => writeln!(out, "no hint: {e}")?,
            },
            Command::Undo => {
                let undone = trainer.undo();
                undo_line(out, &names, &undone, trainer.position())?;
            }
            Command::Show => show(out, &names, &trainer)?,
            Command::Help => writeln!(out, "{}", commands(lang))?,
            Command::Quit => {
                let (at, n) = (
                    PositionText(lang, trainer.position()),
                    trainer.history().len(),
                );
                match lang {
                    Lang::En => writeln!(out, "The game stops at {at} after {}.", moves(n))?,
                    Lang::Zh => writeln!(out, "对局在 {at} 处结束，共走了 {n} 步。")?,
                }
                return Ok(EXIT_OK);
            }
        }
    }
    if let Some(winner) = trainer.winner() {
        render::winner_line(out, game, winner, trainer.history().len() as u64, style)?;
        if names.one_human {
            let verdict = match (names.human[winner as usize], lang) {
                (true, Lang::En) => "You win.",
                (false, Lang::En) => "The engine wins.",
                (true, Lang::Zh) => "你赢了。",
                (false, Lang::Zh) => "电脑赢了。",
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
    lang: Lang,
    /// The position is a sum: a move from both piles names them.
    sum: bool,
}

impl Names {
    fn new(first: &Seat<'_>, second: &Seat<'_>, lang: Lang, sum: bool) -> Names {
        let human = [matches!(first, Seat::Human), matches!(second, Seat::Human)];
        Names {
            human,
            one_human: human[0] != human[1],
            lang,
            sum,
        }
    }

    fn of(&self, player: Player) -> &'static str {
        match (self.one_human, self.human[player as usize], self.lang) {
            (true, true, Lang::En) => "you",
            (true, false, Lang::En) => "engine",
            (true, true, Lang::Zh) => "你",
            (true, false, Lang::Zh) => "电脑",
            (false, _, lang) => crate::cli::i18n::player(lang, player),
        }
    }

    fn to_move(&self, player: Player) -> String {
        match (self.one_human, self.lang) {
            (true, Lang::En) => "your move".to_string(),
            (false, Lang::En) => format!("{} player's move", player.as_str()),
            (true, Lang::Zh) => "轮到你走".to_string(),
            (false, Lang::Zh) => format!("轮到{}走", crate::cli::i18n::player(Lang::Zh, player)),
        }
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
        MoveText(names.lang, &turn.mv, names.sum),
        LaidOut(names.lang, &turn.after, turn.after.piles())
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
    let lang = names.lang;
    if lang == Lang::Zh {
        return hint_line_zh(out, hint, names);
    }
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
            let text = MoveText(lang, mv, names.sum);
            writeln!(out, "hint 3/3: {how} {text}: type {}", typed(mv, names.sum))
        }
    }
}

/// [`hint_line`] in Chinese, with the notes' words 必胜 and 必败.
fn hint_line_zh(out: &mut impl Write, hint: &Hint, names: &Names) -> io::Result<()> {
    match hint {
        Hint::Outcome { wins: true } => writeln!(
            out,
            "提示 1/3：你必胜（N 局面）：有一步能让对手陷入必败。再问可知取哪一堆。"
        ),
        Hint::Outcome { wins: false } => writeln!(
            out,
            "提示 1/3：你必败（P 局面）：对手不失误就没有必胜的走法；尽量拖延，等对手失误。再问可知取哪一堆。"
        ),
        Hint::Pile { wins, pile } => {
            let place = match pile {
                Some(i) => format!("从第 {} 堆取", i + 1),
                None => "从两堆各取同样多".to_string(),
            };
            if *wins {
                writeln!(out, "提示 2/3：{place}。再问可知具体着法。")
            } else {
                writeln!(
                    out,
                    "提示 2/3：没有必胜的走法；为了拖延，{place}。再问可知具体着法。"
                )
            }
        }
        Hint::Move { wins, mv, delaying } => {
            let how = if *wins {
                "必胜的着法是"
            } else if *delaying {
                "没有必胜的走法；拖延最久的着法是"
            } else {
                "没有必胜的走法；局面太大，无法搜索拖延最久的着法，按后备规则（从最大的堆取最少）走"
            };
            writeln!(
                out,
                "提示 3/3：{how}{}：输入 {}",
                MoveText(Lang::Zh, mv, names.sum),
                typed(mv, names.sum)
            )
        }
    }
}

fn undo_line(
    out: &mut impl Write,
    names: &Names,
    undone: &[Turn],
    now: &Position,
) -> io::Result<()> {
    let zh = names.lang == Lang::Zh;
    if undone.is_empty() {
        return match zh {
            false => writeln!(out, "Nothing to undo: no move of yours has been played."),
            true => writeln!(out, "无可悔棋：你还没有走过。"),
        };
    }
    let moves: Vec<String> = undone
        .iter()
        .map(|t| {
            let mv = MoveText(names.lang, &t.mv, names.sum);
            match zh {
                false => format!("turn {} ({}: {mv})", t.turn, names.of(t.player)),
                true => format!("第 {} 步（{}：{mv}）", t.turn, names.of(t.player)),
            }
        })
        .collect();
    match zh {
        false => writeln!(
            out,
            "Took back {}; the position is {} again.",
            moves.join(" and "),
            PositionText(names.lang, now)
        ),
        true => writeln!(
            out,
            "已悔棋：{}；局面回到 {}。",
            moves.join("、"),
            PositionText(names.lang, now)
        ),
    }
}

fn show(out: &mut impl Write, names: &Names, trainer: &Trainer<'_>) -> io::Result<()> {
    let piles = trainer.piles();
    let game = trainer.game();
    if names.lang == Lang::Zh {
        let listed: Vec<String> = piles
            .iter()
            .enumerate()
            .map(|(i, p)| format!("第 {} 堆：{p}", i + 1))
            .collect();
        return writeln!(
            out,
            "局面 {}（{}）走了 {} 步后：{}；{}。",
            PositionText(Lang::Zh, trainer.position()),
            render::position_name(Lang::Zh, game, trainer.position()),
            trainer.history().len(),
            listed.join("，"),
            names.to_move(trainer.to_move())
        );
    }
    let listed: Vec<String> = piles
        .iter()
        .enumerate()
        .map(|(i, p)| format!("pile {}: {p}", i + 1))
        .collect();
    writeln!(
        out,
        "Position {} ({}) after {} — {}; {}.",
        PositionText(Lang::En, trainer.position()),
        render::position_name(Lang::En, game, trainer.position()),
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
