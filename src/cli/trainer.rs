//! The trainer's read–eval–print loop, `nimsolve play --first human`: read a line ([`parse_command`],
//! the command grammar), hand it to the library's [`Trainer`] (which checks moves, gives hints
//! and takes moves back), print what happened, and coach: after each of a person's moves, say
//! how it fared against perfect play ([`Game::judge_step`]). When standard input is a terminal
//! lines are edited with history (rustyline), the prompt and the editing on the terminal itself;
//! piped input is read line by line, so a script (or a test) can play. The end of the input
//! ends the game cleanly (exit status 0); Ctrl-C at the prompt interrupts it (exit status 130).
//! Coach and hint lines are wrapped to the terminal's width when standard output is one.

use std::io::{self, BufRead, IsTerminal, Read, Write};

use anyhow::Result;
use nimsolve::engine::replay::Hint;
use nimsolve::{Game, Move, MoveVerdict, Player, Position, Seat, Trainer, Turn};
use rustyline::error::ReadlineError;

use crate::cli::command::{Command, MoveKinds, parse_command};
use crate::cli::i18n::{MoveText, PadRight, ShowPart, Words};
use crate::cli::render::{self, PositionText};
use crate::cli::style::Style;
use crate::cli::{EXIT_INTERRUPTED, EXIT_OK};

/// The longest line read at the prompt (a longer one is skipped with a message).
const MAX_LINE: usize = 1 << 20;

/// How the trainer runs.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Coach the person: the state tag of every position, and after each of their moves
    /// whether it kept the win (`--no-coach` turns it off).
    pub coach: bool,
    /// The seed drawn for this game when none was given, printed so it can be played again.
    pub drawn_seed: Option<u64>,
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
    options: Options,
    style: Style,
    out: &mut impl Write,
) -> Result<u8> {
    let stdin = io::stdin();
    let mut input = Input::new(stdin.is_terminal());
    render::play_header(out, game, &start, first.kind, second.kind, style)?;
    let words = style.words();
    if let Some(seed) = options.drawn_seed {
        writeln!(out, "{}", words.drawn_seed(seed))?;
    }
    let names = Names::new(&first.seat, &second.seat, words, !start.is_single());
    let mut trainer = Trainer::new(game, start, first.seat, second.seat);
    let coach = options.coach;
    if input.is_interactive() {
        out.flush()?;
        let mut err = io::stderr().lock();
        let width = width_of(&io::stderr());
        let kinds = MoveKinds::of(trainer.position());
        writeln!(err, "{}", wrap(&words.trainer_commands(&kinds), width))?;
    }
    while !trainer.is_over() {
        if let Some(turn) = trainer.engine_move()? {
            turn_line(out, &names, &turn, coach, style)?;
            continue;
        }
        out.flush()?;
        let prompt = format!(
            "{} — {}> ",
            PositionText(words, trainer.position()),
            names.to_move(trainer.to_move())
        );
        let line = match input.read(&prompt)? {
            Typed::End => {
                let at = PositionText(words, trainer.position()).to_string();
                writeln!(out, "{}", words.end_of_input(&at, trainer.history().len()))?;
                return Ok(EXIT_OK);
            }
            Typed::Interrupted => {
                let at = PositionText(words, trainer.position()).to_string();
                writeln!(out, "{}", words.interrupted(&at, trainer.history().len()))?;
                return Ok(EXIT_INTERRUPTED);
            }
            Typed::TooLong => {
                writeln!(out, "{}", words.line_too_long(MAX_LINE))?;
                continue;
            }
            Typed::Line(line) => line,
        };
        // Keys a terminal sends as escape sequences (an arrow key where no line editor reads
        // them) are no text of the line.
        let line = without_escapes(&line);
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
                let before = trainer.position().clone();
                let turn = trainer.play(&mv)?;
                turn_line(out, &names, &turn, coach, style)?;
                if coach {
                    coach_line(out, &names, game, &before, &turn)?;
                }
            }
            Command::Hint => match trainer.hint() {
                Ok(hint) => hint_line(out, &hint, &names, trainer.position())?,
                Err(e) => writeln!(out, "{}", words.no_hint(&e))?,
            },
            Command::Undo => {
                let undone = trainer.undo();
                undo_line(out, &names, &undone, trainer.position())?;
            }
            Command::Show => show(out, &names, &trainer)?,
            Command::Help => {
                let width = width_of(&io::stdout());
                let kinds = MoveKinds::of(trainer.position());
                writeln!(out, "{}", wrap(&words.trainer_commands(&kinds), width))?;
            }
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

/// One line per move, like a replay's; coached, with the state tag of the position after it
/// (`[T2, P-position]`), blind without (finding it is then what `hint` is for).
fn turn_line(
    out: &mut impl Write,
    names: &Names,
    turn: &Turn,
    coach: bool,
    style: Style,
) -> io::Result<()> {
    // Padded by the columns a terminal gives the name (two for each CJK character).
    write!(
        out,
        "{:>4}  {}  {}  → {}",
        turn.turn,
        PadRight(names.of(turn.player), 6),
        MoveText(
            names.words,
            &turn.after.move_words_after(&turn.mv),
            names.sum
        ),
        PositionText(names.words, &turn.after)
    )?;
    if coach && let Some(tag) = render::step_tag(turn, style) {
        write!(out, "  {tag}")?;
    }
    writeln!(out)
}

/// What the coach says of a person's move from `before`: it kept the win, threw it away
/// (naming the winning move and what to type for it), or the position was already lost.
fn coach_line(
    out: &mut impl Write,
    names: &Names,
    game: &Game,
    before: &Position,
    turn: &Turn,
) -> io::Result<()> {
    let words = names.words;
    let judged = match turn.outcome {
        Some(outcome) => game.judge_step(before, outcome),
        None => game
            .analyze(&turn.after)
            .and_then(|a| game.judge_step(before, a.outcome)),
    };
    let verdict = match judged {
        Ok(verdict) => verdict,
        Err(e) => return writeln!(out, "{}", words.coach_cannot_judge(&e)),
    };
    let (winning, typed) = match &verdict {
        MoveVerdict::Blunder { winning } => (
            MoveText(words, &before.move_words(winning), names.sum).to_string(),
            typed(winning, names.sum, before),
        ),
        _ => (String::new(), String::new()),
    };
    let after = PositionText(words, &turn.after).to_string();
    let line = words.coach(&verdict, &after, &winning, &typed);
    writeln!(out, "{}", to_terminal_width(&line))
}

/// What to type for a move (in a sum, a move from both piles names the first: `both 3 1`).
fn typed(mv: &Move, sum: bool, before: &Position) -> String {
    // Piles are typed as a sum's heaps are counted (`Position::heaps`), from 1.
    let heaps = before.heaps();
    let heap = |pile: &usize| heaps.iter().position(|p| p == pile).map_or(*pile, |i| i) + 1;
    match mv {
        Move::Pile { pile, .. } => format!("{} {}", heap(pile), mv.take()),
        Move::Both { pile, take } if sum => format!("both {} {take}", heap(pile)),
        Move::Both { take, .. } => format!("both {take}"),
        Move::To { .. } => {
            // The component after the move, as a position writes it, without its spec.
            let Some(c) = before.component_of(mv) else {
                return String::new();
            };
            let Ok(after) = before.after(mv) else {
                return String::new();
            };
            // In the game's own words, where it has them (`cut 1-2`) and they are read back as
            // this move (in a sum of two graphs, the first that reads them takes them).
            let own = after
                .components()
                .nth(c.index)
                .and_then(|a| c.rules.typed_text(c.piles, a.piles))
                .filter(|text| {
                    crate::cli::command::typed_move(before, text)
                        .and_then(Result::ok)
                        .as_ref()
                        == Some(mv)
                });
            if let Some(own) = own {
                return own;
            }
            let numbers = after
                .components()
                .nth(c.index)
                .map(|a| {
                    let mut out = Vec::new();
                    a.rules.write_piles(a.piles, &mut out);
                    // Nothing left, where the game reads `-` as nothing (a graph without
                    // edges): `to -`, which can be typed.
                    if out.is_empty()
                        && nimsolve::parse_sum(&format!("{} -", a.rules.spec()), a.rules).is_ok()
                    {
                        out.push(b'-');
                    }
                    String::from_utf8_lossy(&out).into_owned()
                })
                .unwrap_or_default();
            // Nothing left of a row of coins: `to` alone (or `to 2:` in a sum).
            match (sum, numbers.is_empty()) {
                (true, true) => format!("to {}:", c.index + 1),
                (true, false) => format!("to {}: {numbers}", c.index + 1),
                (false, true) => "to".to_string(),
                (false, false) => format!("to {numbers}"),
            }
        }
        Move::Split {
            pile, take, leaves, ..
        } => format!(
            "{} {take} = {}",
            heap(pile),
            nimsolve::nat::join_heaps(leaves)
        ),
    }
}

fn hint_line(
    out: &mut impl Write,
    hint: &Hint,
    names: &Names,
    position: &Position,
) -> io::Result<()> {
    let typed = match hint {
        Hint::Move { mv, .. } => typed(mv, names.sum, position),
        _ => String::new(),
    };
    let worded = match hint {
        Hint::Move { mv, .. } => Some(position.move_words(mv)),
        _ => None,
    };
    let line = names.words.hint(hint, names.sum, &typed, worded.as_ref());
    writeln!(out, "{}", to_terminal_width(&line))
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
            let worded = t.after.move_words_after(&t.mv);
            let mv = MoveText(words, &worded, names.sum).to_string();
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
    // In a sum, the piles component by component, each with its game; piles are numbered as
    // a sum's heaps are counted (`Position::heaps`), a whole state shown as its game writes it.
    let mut heaps_before = 0;
    let parts: Vec<ShowPart<'_>> = position
        .components()
        .map(|c| {
            let offset = heaps_before;
            if !c.rules.is_whole() {
                heaps_before += c.piles.len();
            }
            ShowPart {
                name: (!position.is_single()).then(|| words.rules_name(c.rules, c.piles.len())),
                offset,
                piles: c.piles,
                state: c
                    .rules
                    .is_whole()
                    .then(|| render::written(words, c.rules, c.piles)),
            }
        })
        .collect();
    let line = words.show(&text, &name, trainer.history().len(), &parts, &to_move);
    writeln!(out, "{line}")
}

/// What reading at the prompt gave.
enum Typed {
    /// A line (invalid UTF-8 replaced).
    Line(String),
    /// A line longer than [`MAX_LINE`], skipped.
    TooLong,
    /// The end of the input (Ctrl-D on a terminal).
    End,
    /// Ctrl-C at the line editor's prompt.
    Interrupted,
}

/// Reads one line of piped input.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Typed> {
    buf.clear();
    let n = input
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(Typed::End);
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
        return Ok(Typed::TooLong);
    }
    Ok(Typed::Line(String::from_utf8_lossy(buf).into_owned()))
}

/// Where the person's lines come from: a line editor with history on a terminal (its prompt
/// and editing on the terminal, so arrow keys move the cursor and recall lines rather than
/// reaching the trainer as text), else the lines of standard input as they come.
enum Input {
    Editor(Box<rustyline::DefaultEditor>),
    Plain(io::StdinLock<'static>, Vec<u8>),
}

impl Input {
    /// The editor when standard input is a terminal (and the editor can be set up), else plain
    /// reading.
    fn new(terminal: bool) -> Input {
        let config = rustyline::Config::builder()
            .behavior(rustyline::Behavior::PreferTerm)
            .auto_add_history(true)
            .max_history_size(1000)
            .map(|b| b.build());
        if terminal
            && let Ok(config) = config
            && let Ok(editor) = rustyline::DefaultEditor::with_config(config)
        {
            return Input::Editor(Box::new(editor));
        }
        Input::Plain(io::stdin().lock(), Vec::new())
    }

    fn is_interactive(&self) -> bool {
        matches!(self, Input::Editor(_))
    }

    /// The next line, after `prompt` on a terminal: the line editor tells Ctrl-D at an empty
    /// line (the end of the input) from Ctrl-C (interrupted).
    fn read(&mut self, prompt: &str) -> io::Result<Typed> {
        match self {
            Input::Plain(input, buf) => read_line(input, buf),
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(line) if line.len() > MAX_LINE => Ok(Typed::TooLong),
                Ok(line) => Ok(Typed::Line(line)),
                Err(ReadlineError::Eof) => Ok(Typed::End),
                Err(ReadlineError::Interrupted) => Ok(Typed::Interrupted),
                Err(ReadlineError::Io(e)) => Err(e),
                Err(e) => Err(io::Error::other(e)),
            },
        }
    }
}

/// `line` without the escape sequences terminals send for keys (an arrow key is `ESC [ A` or
/// `ESC O A`; others carry numbers, `ESC [ 1 ; 5 C`), nor any other control character.
fn without_escapes(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.next() {
                // CSI: parameters and intermediates, then one final byte in @..~.
                Some('[') => {
                    for d in chars.by_ref() {
                        if ('@'..='~').contains(&d) {
                            break;
                        }
                    }
                }
                // SS3: one more character.
                Some('O') => {
                    chars.next();
                }
                _ => {}
            },
            c if c.is_control() && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// `text` wrapped to the width of the terminal that standard output is ([`wrap`]), or as it
/// is when standard output is no terminal (a pipe, a file: the output stays byte for byte).
fn to_terminal_width(text: &str) -> std::borrow::Cow<'_, str> {
    match terminal_size::terminal_size_of(io::stdout()) {
        Some((width, _)) => wrap(text, usize::from(width.0).max(20)).into(),
        None => text.into(),
    }
}

/// The columns of the terminal `stream` is, or 80 when it is none (a pipe, a file).
fn width_of(stream: &impl std::os::fd::AsFd) -> usize {
    terminal_size::terminal_size_of(stream).map_or(80, |(w, _)| usize::from(w.0).max(20))
}

/// `text` wrapped to `width` terminal columns, each of its lines a paragraph. Lines break at
/// spaces and after any wide (CJK) character, as Chinese text breaks, but not inside a
/// command's Chinese name. A row of a table (a line indented by two spaces: a term, two or
/// more spaces, its description) continues under its description where the width allows, else
/// its description goes under its term, indented.
pub fn wrap(text: &str, width: usize) -> String {
    let fill = |paragraph: &str, first: &str, rest: &str| {
        let options = textwrap::Options::new(width)
            .word_separator(textwrap::WordSeparator::Custom(cjk_words))
            .initial_indent(first)
            .subsequent_indent(rest);
        textwrap::fill(paragraph, &options)
    };
    text.lines()
        .map(|paragraph| match description_column(paragraph) {
            None => fill(paragraph, "", ""),
            // A table row: its description continues under itself.
            Some(column) if column * 2 <= width => fill(paragraph, "", &" ".repeat(column)),
            // Too narrow for the columns: the term on its line, the description under it.
            Some(column) => {
                let (term, description) = paragraph.split_at(term_end(paragraph, column));
                let indent = " ".repeat(NARROW_INDENT);
                format!(
                    "{}\n{}",
                    fill(term.trim(), "  ", "  "),
                    fill(description.trim_start(), &indent, &indent)
                )
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// How far a table row's description is indented under its term when the terminal is too
/// narrow for the two columns.
const NARROW_INDENT: usize = 6;

/// The byte where the description of a table row starts, at display column `column`.
fn term_end(row: &str, column: usize) -> usize {
    let mut width = 0;
    for (at, c) in row.char_indices() {
        if width >= column {
            return at;
        }
        width += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
    }
    row.len()
}

/// The display column where a table row's description starts: after the two-space indent, the
/// term and the first run of two or more spaces. `None` for a line that is no such row.
fn description_column(line: &str) -> Option<usize> {
    let row = line.strip_prefix("  ")?;
    let gap = row.find("  ")?;
    let description = row[gap..].trim_start();
    Some(crate::cli::i18n::display_width(
        &line[..line.len() - description.len()],
    ))
}

/// The commands' Chinese names, which a line never breaks inside.
const KEPT_WHOLE: [&str; 5] = ["提示", "悔棋", "显示", "帮助", "退出"];

/// The words of a line for [`wrap`]: ended by a space (kept with the word) or by a wide
/// character, except that no line ends with an opening bracket or starts with a closing one
/// or a punctuation mark (the rule Chinese typesetting follows).
fn cjk_words(line: &str) -> Box<dyn Iterator<Item = textwrap::core::Word<'_>> + '_> {
    const OPENING: &str = "（《“‘「【(";
    const CLOSING: &str = "）》”’」】，。；：、！？),.;:";
    let mut words = Vec::new();
    let mut start = 0;
    let mut chars = line.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let end = i + c.len_utf8();
        // Between two characters of a kept word: its head ends here and its tail follows.
        let inside_kept = KEPT_WHOLE.iter().any(|w| {
            w.char_indices()
                .skip(1)
                .any(|(at, _)| line[..end].ends_with(&w[..at]) && line[end..].starts_with(&w[at..]))
        });
        let wide = unicode_width::UnicodeWidthChar::width(c) == Some(2)
            && !OPENING.contains(c)
            && !inside_kept;
        let next = chars.peek().map(|&(_, n)| n);
        let held = next.is_some_and(|n| n == ' ' || (wide && CLOSING.contains(n)));
        if (c == ' ' || wide) && !held {
            words.push(textwrap::core::Word::from(&line[start..end]));
            start = end;
        }
    }
    if start < line.len() {
        words.push(textwrap::core::Word::from(&line[start..]));
    }
    Box::new(words.into_iter())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::i18n::display_width;

    #[test]
    fn keys_sent_as_escape_sequences_are_no_text() {
        assert_eq!(without_escapes("1 2"), "1 2");
        assert_eq!(without_escapes("\u{1b}[A\u{1b}[Bhint"), "hint");
        assert_eq!(without_escapes("1\u{1b}OD 2\u{1b}[1;5C"), "1 2");
        assert_eq!(without_escapes("提示\r"), "提示");
        assert_eq!(without_escapes("\u{1b}"), "");
    }

    #[test]
    fn a_commands_chinese_name_is_kept_whole_and_rows_hang() {
        // 提 would fit on the first line; 示 may not be parted from it.
        assert_eq!(wrap("abc 提示", 6), "abc\n提示");
        assert_eq!(wrap("abc 提高", 6), "abc 提\n高");
        // A table row continues under its description.
        assert_eq!(
            wrap("  go     one two three", 20),
            "  go     one two\n         three"
        );
    }

    #[test]
    fn help_wraps_to_the_width_in_both_languages() {
        for lang in [crate::cli::i18n::Lang::En, crate::cli::i18n::Lang::Zh] {
            let text = &crate::cli::i18n::words(lang).trainer_commands(&MoveKinds::all());
            for width in [20, 40, 80, 200] {
                let wrapped = wrap(text, width);
                for line in wrapped.lines() {
                    assert!(display_width(line) <= width, "{width}: {line:?}");
                }
                // Nothing is lost but the spaces at the breaks.
                let squeeze =
                    |t: &str| t.chars().filter(|c| !c.is_whitespace()).collect::<String>();
                assert_eq!(squeeze(&wrapped), squeeze(text));
                if width < 200 {
                    assert!(wrapped.lines().count() > 1, "{width}");
                }
            }
        }
    }

    #[test]
    fn a_table_row_too_wide_for_two_columns_puts_its_description_under_its_term() {
        let row = "  PILE TAKE            take TAKE from pile PILE: 3 2 takes 2 from pile 3";
        assert_eq!(
            wrap(row, 80),
            "  PILE TAKE            take TAKE from pile PILE: 3 2 takes 2 from pile 3"
        );
        assert_eq!(
            wrap(row, 50),
            "  PILE TAKE            take TAKE from pile PILE: 3\n                       2 takes 2 from pile 3"
        );
        assert_eq!(
            wrap(row, 30),
            "  PILE TAKE\n      take TAKE from pile\n      PILE: 3 2 takes 2 from\n      pile 3"
        );
    }
}
