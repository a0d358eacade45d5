//! One printer per output format, chosen once from a command's flags ([`choose`]): [`Human`]
//! (the words of a language, coloured or not: [`Style`]; `-q` shows no answers, `--explain`
//! the steps that decide), [`Json`] (one object a line, never coloured nor translated) and
//! [`Svg`] (pictures of Grundy tables, words for the rest). A command computes what the printer
//! asks for ([`Printer::detail`], [`Printer::shows_proof`]) and hands it over; printers compute
//! no game theory. The layout of each format is its module's: [`render`], [`json`],
//! [`svg`], [`loopy`] (positions that may go on for ever).
//!
//! Adding a format is one file: a type implementing [`Printer`] and an arm in [`choose`].

use std::io::{self, Write};

use nimsolve::engine::misere::MisereTheory;
use nimsolve::engine::review::{Step as ReviewStep, StepError};
use nimsolve::explain::Explanation;
use nimsolve::grundy::Periodicity;
use nimsolve::{
    Advice, Analysis, CompoundAnalysis, Game, Nat, Player, Position, SequenceProof, Turn, Verdict,
    WordSum, WordTake,
};

use crate::cli::batch::BadLine;
use crate::cli::i18n::{Lang, Words, words};
use crate::cli::input::Piles;
use crate::cli::loopy::{LoopyAnswer, VertexTable};
use crate::cli::nimber::Evaluation;
use crate::cli::render::{self, PositionText, ReviewSummary};
use crate::cli::style::Style;
use crate::cli::{json, loopy, svg};

/// The output format a command's flags ask for.
#[derive(Debug, Clone, Copy, Default)]
pub struct Format {
    /// `--json`.
    pub json: bool,
    /// `--svg`.
    pub svg: bool,
    /// `--explain`: the steps that decide, under each answer.
    pub explain: bool,
    /// `-q`: no answers, only the exit status (and errors).
    pub quiet: bool,
}

impl Format {
    /// JSON with `json`, else words.
    pub fn json(json: bool) -> Format {
        Format {
            json,
            ..Format::default()
        }
    }
}

/// What a one-component answer of `analyze` needs computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// The verdict ([`Game::verdict`]): the outcome, a count of winning moves and one of them.
    Verdict,
    /// The whole analysis ([`Game::analyze`]), every winning move listed.
    Analysis,
    /// The advice and its explanation ([`Game::advise`], [`Game::explain`]).
    Explained,
}

/// A printer: every kind of answer a command writes, in one format. Methods that take a
/// `line` write it in formats that number their records (JSON), for batches.
pub trait Printer: Sync {
    /// What a one-component answer of `analyze` needs computed.
    fn detail(&self) -> Detail;

    /// Whether [`Printer::grundy_sequence`] shows the proof of the period (it is then computed).
    fn shows_proof(&self) -> bool {
        true
    }

    /// The same printer for the game of a component with rules of its own.
    fn for_game(&self, game: &Game) -> Box<dyn Printer>;

    /// How a bad line of a batch shows in the output (its message goes to standard error).
    fn bad_line(&self) -> BadLine;

    /// `analyze` on one component, from its verdict, when [`Printer::detail`] asks for it
    /// ([`Detail::Verdict`]; other printers return an error).
    ///
    /// # Errors
    /// Write errors.
    fn verdict(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        position: Piles<'_>,
        v: &Verdict,
    ) -> io::Result<()>;

    /// How many winning moves [`Printer::word_sum`] shows of piles decided in machine words
    /// ([`Game::closed_sum_words`]); `None`, the default, when this printer answers them by
    /// [`Printer::detail`] (explanations, SVG, a printer not made for the game by
    /// [`Printer::for_game`]).
    fn word_moves(&self) -> Option<usize> {
        None
    }

    /// `analyze` on piles alone, each below 2^64, decided by their family's closed form in
    /// machine words, when [`Printer::word_moves`] is `Some`: `text` is the piles in canonical
    /// decimal separated by single spaces, `moves` the first winning moves. The same bytes as
    /// [`Printer::verdict`] or [`Printer::analysis`] write of that position.
    ///
    /// # Errors
    /// Write errors; a printer whose [`Printer::word_moves`] is `None` returns one.
    fn word_sum(
        &self,
        _out: &mut Vec<u8>,
        _piles: &[u64],
        _text: &[u8],
        _sum: &WordSum,
        _moves: &[WordTake],
        _line: Option<u64>,
    ) -> io::Result<()> {
        Err(wrong_detail())
    }

    /// `analyze` on one component, from its analysis, when [`Printer::detail`] asks for it
    /// ([`Detail::Analysis`]; other printers return an error).
    ///
    /// # Errors
    /// Write errors.
    fn analysis(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        position: Piles<'_>,
        a: &Analysis,
    ) -> io::Result<()>;

    /// `analyze` on one component or a sum, explained ([`Detail::Explained`]), or a sum from its
    /// advice (`explanation` is then `None`).
    ///
    /// # Errors
    /// Write errors.
    fn advised(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        advice: &Advice,
        explanation: Option<&Explanation>,
        line: Option<u64>,
    ) -> io::Result<()>;

    /// `move`: the move to play (with `all`, every winning move).
    ///
    /// # Errors
    /// Write errors.
    fn advice(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        advice: &Advice,
        all: bool,
        line: Option<u64>,
    ) -> io::Result<()>;

    /// `analyze` and `move` on a compound other than the sum.
    ///
    /// # Errors
    /// Write errors.
    fn compound(
        &self,
        out: &mut Vec<u8>,
        position: &Position,
        a: &CompoundAnalysis,
        line: Option<u64>,
    ) -> io::Result<()>;

    /// `analyze` and `move` on a position that may go on for ever.
    ///
    /// # Errors
    /// Write errors.
    fn loopy(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        answer: &LoopyAnswer<'_>,
        line: Option<u64>,
    ) -> io::Result<()>;

    /// `nimber`: the expression `text` and its value.
    ///
    /// # Errors
    /// Write errors.
    fn nimber(&self, w: &mut dyn Write, text: &str, evaluation: &Evaluation) -> io::Result<()>;

    /// `play`: the line before the first move (the game, the start, the players; the seed
    /// drawn, if one was).
    ///
    /// # Errors
    /// Write errors.
    fn play_header(
        &self,
        w: &mut dyn Write,
        game: &Game,
        start: &Position,
        players: (&str, &str),
        drawn_seed: Option<u64>,
    ) -> io::Result<()>;

    /// `play`: one turn, `position` the position after it, the turn column `width` wide.
    ///
    /// # Errors
    /// Write errors.
    fn turn(
        &self,
        w: &mut dyn Write,
        position: &Position,
        turn: &Turn,
        width: usize,
    ) -> io::Result<()>;

    /// `play`: who won after `turns` turns.
    ///
    /// # Errors
    /// Write errors.
    fn winner(
        &self,
        w: &mut dyn Write,
        game: &Game,
        winner: Player,
        turns: u64,
        drawn_seed: Option<u64>,
    ) -> io::Result<()>;

    /// `quotient`: a misère quotient, its first `show` heaps' values.
    ///
    /// # Errors
    /// Write errors.
    fn quotient(
        &self,
        w: &mut dyn Write,
        game: &Game,
        theory: &MisereTheory,
        show: u64,
    ) -> io::Result<()>;

    /// `grundy --upto N` of a two-pile game: the table of values, `None` beyond the limits.
    ///
    /// # Errors
    /// Write errors.
    fn pair_table(
        &self,
        w: &mut dyn Write,
        game: &Game,
        table: &[Vec<Option<u64>>],
    ) -> io::Result<()>;

    /// `grundy --upto N`: the values of heaps 0 to N, with the proof of the period when
    /// [`Printer::shows_proof`].
    ///
    /// # Errors
    /// Write errors.
    fn grundy_sequence(
        &self,
        w: &mut dyn Write,
        game: &Game,
        values: &[Nat],
        proof: Option<&SequenceProof>,
    ) -> io::Result<()>;

    /// `grundy N…`: each position's value (a number, or a pair of a two-pile game), with the
    /// period that answered them, if proven.
    ///
    /// # Errors
    /// Write errors.
    fn grundy_values(
        &self,
        w: &mut dyn Write,
        game: &Game,
        values: &[(Vec<Nat>, Nat)],
        period: Option<&Periodicity>,
    ) -> io::Result<()>;

    /// `grundy --game graph:FILE`: a row a vertex.
    ///
    /// # Errors
    /// Write errors.
    fn graph_table(&self, w: &mut dyn Write, table: &VertexTable<'_>) -> io::Result<()>;

    /// `review`: the start of the game.
    ///
    /// # Errors
    /// Write errors.
    fn review_header(&self, w: &mut dyn Write, game: &Game, start: &Position) -> io::Result<()>;

    /// `review`: a legal move judged, read on `line`.
    ///
    /// # Errors
    /// Write errors.
    fn review_step(
        &self,
        w: &mut dyn Write,
        line: u64,
        before: &Position,
        step: &ReviewStep,
    ) -> io::Result<()>;

    /// `review`: step number `turn` (on `line`) is no single legal move, for `why`.
    ///
    /// # Errors
    /// Write errors.
    fn review_no_move(
        &self,
        w: &mut dyn Write,
        line: u64,
        turn: u64,
        positions: (&Position, &Position),
        why: &StepError,
    ) -> io::Result<()>;

    /// `review`: a line after the end of the game (on `end_line`, at `at`).
    ///
    /// # Errors
    /// Write errors.
    fn review_after_end(
        &self,
        w: &mut dyn Write,
        line: u64,
        end_line: u64,
        at: &Position,
    ) -> io::Result<()>;

    /// `review`: the last line.
    ///
    /// # Errors
    /// Write errors.
    fn review_summary(&self, w: &mut dyn Write, summary: &ReviewSummary<'_>) -> io::Result<()>;
}

/// The error of an answer handed to a printer in a detail other than its [`Printer::detail`].
fn wrong_detail() -> io::Error {
    io::Error::other("an answer was computed in another detail than the printer's")
}

/// The printer for `format`, in the words of `style`; [`Printer::for_game`] makes one that
/// prepares what every answer of a game's one-component analyses shares (a batch writes
/// millions).
pub fn choose(format: Format, style: Style) -> Box<dyn Printer> {
    let human = Human {
        style,
        explain: format.explain,
        quiet: format.quiet,
        label: None,
    };
    if format.json {
        Box::new(Json {
            words: style.words(),
            analysis: None,
        })
    } else if format.svg {
        Box::new(Svg { text: human })
    } else {
        Box::new(human)
    }
}

/// Words in a language ([`Style`]).
pub struct Human {
    style: Style,
    explain: bool,
    quiet: bool,
    /// The head of a verdict line of the game, made once ([`Printer::for_game`]).
    label: Option<render::GameLabel>,
}

impl Human {
    fn for_game(&self, game: &Game) -> Human {
        Human {
            label: Some(render::GameLabel::new(game, self.style)),
            ..*self
        }
    }
}

impl Printer for Human {
    fn detail(&self) -> Detail {
        if self.explain {
            Detail::Explained
        } else {
            Detail::Verdict
        }
    }

    fn for_game(&self, game: &Game) -> Box<dyn Printer> {
        Box::new(Human::for_game(self, game))
    }

    fn bad_line(&self) -> BadLine {
        BadLine {
            show: None,
            words: self.style.words(),
        }
    }

    fn verdict(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        position: Piles<'_>,
        v: &Verdict,
    ) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        let made;
        let label = match &self.label {
            Some(label) => label,
            None => {
                made = render::GameLabel::new(game, self.style);
                &made
            }
        };
        render::verdict_line(out, label, position.values(), v, self.style)
    }

    fn analysis(&self, _: &mut Vec<u8>, _: &Game, _: Piles<'_>, _: &Analysis) -> io::Result<()> {
        Err(wrong_detail())
    }

    fn word_moves(&self) -> Option<usize> {
        match (&self.label, self.explain, self.quiet) {
            (Some(_), false, false) => Some(1),
            (Some(_), false, true) => Some(0),
            _ => None,
        }
    }

    fn word_sum(
        &self,
        out: &mut Vec<u8>,
        piles: &[u64],
        _text: &[u8],
        sum: &WordSum,
        moves: &[WordTake],
        _line: Option<u64>,
    ) -> io::Result<()> {
        match &self.label {
            Some(_) if self.quiet => Ok(()),
            Some(label) => {
                render::word_verdict_line(out, label, piles, sum, moves, self.style);
                Ok(())
            }
            None => Err(wrong_detail()),
        }
    }

    fn advised(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        advice: &Advice,
        explanation: Option<&Explanation>,
        line: Option<u64>,
    ) -> io::Result<()> {
        match explanation {
            Some(explanation) => {
                // In a batch, a blank line between one position's explanation and the next.
                if line.is_some_and(|n| n > 1) {
                    out.push(b'\n');
                }
                render::explain(out, game, advice, explanation, self.style)
            }
            None if self.quiet => Ok(()),
            None => render::sum_verdict_line(out, game, advice, self.style),
        }
    }

    fn advice(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        advice: &Advice,
        all: bool,
        _: Option<u64>,
    ) -> io::Result<()> {
        render::advice_line(out, game, advice, all, self.style)
    }

    fn compound(
        &self,
        out: &mut Vec<u8>,
        position: &Position,
        a: &CompoundAnalysis,
        _: Option<u64>,
    ) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        render::compound(out, position, a, self.explain, self.style)
    }

    fn loopy(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        answer: &LoopyAnswer<'_>,
        _: Option<u64>,
    ) -> io::Result<()> {
        if self.quiet {
            return Ok(());
        }
        loopy::human_line(out, game, answer, self.explain, self.style)
    }

    fn nimber(&self, mut w: &mut dyn Write, _: &str, evaluation: &Evaluation) -> io::Result<()> {
        render::nimber(&mut w, evaluation, self.explain, self.style)
    }

    fn play_header(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        start: &Position,
        (first, second): (&str, &str),
        drawn_seed: Option<u64>,
    ) -> io::Result<()> {
        render::play_header(&mut w, game, start, first, second, self.style)?;
        if let Some(seed) = drawn_seed {
            writeln!(w, "{}", self.style.words().drawn_seed(seed))?;
        }
        Ok(())
    }

    fn turn(
        &self,
        mut w: &mut dyn Write,
        position: &Position,
        turn: &Turn,
        width: usize,
    ) -> io::Result<()> {
        render::turn_line(&mut w, position, turn, width, self.style)
    }

    fn winner(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        winner: Player,
        turns: u64,
        _: Option<u64>,
    ) -> io::Result<()> {
        render::winner_line(&mut w, game, winner, turns, self.style)
    }

    fn quotient(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        theory: &MisereTheory,
        show: u64,
    ) -> io::Result<()> {
        render::quotient(&mut w, game, theory, show, self.style)
    }

    fn pair_table(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        table: &[Vec<Option<u64>>],
    ) -> io::Result<()> {
        render::pair_table(&mut w, game, table, self.style)
    }

    fn grundy_sequence(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        values: &[Nat],
        proof: Option<&SequenceProof>,
    ) -> io::Result<()> {
        render::grundy_sequence(&mut w, game, values, proof, self.style)
    }

    fn grundy_values(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        values: &[(Vec<Nat>, Nat)],
        period: Option<&Periodicity>,
    ) -> io::Result<()> {
        render::grundy_values(&mut w, game, values, period, self.style)
    }

    fn graph_table(&self, w: &mut dyn Write, table: &VertexTable<'_>) -> io::Result<()> {
        loopy::table_human(w, table, self.style)
    }

    fn review_header(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        start: &Position,
    ) -> io::Result<()> {
        render::review_header(&mut w, game, start, self.style)
    }

    fn review_step(
        &self,
        mut w: &mut dyn Write,
        _: u64,
        before: &Position,
        step: &ReviewStep,
    ) -> io::Result<()> {
        render::review_line(&mut w, before, step, self.style)
    }

    fn review_no_move(
        &self,
        mut w: &mut dyn Write,
        _: u64,
        turn: u64,
        (before, after): (&Position, &Position),
        why: &StepError,
    ) -> io::Result<()> {
        render::review_no_move_line(&mut w, turn, before, after, why, self.style)
    }

    fn review_after_end(
        &self,
        mut w: &mut dyn Write,
        line: u64,
        end_line: u64,
        at: &Position,
    ) -> io::Result<()> {
        render::review_after_end_line(&mut w, line, end_line, at, self.style)
    }

    fn review_summary(&self, mut w: &mut dyn Write, s: &ReviewSummary<'_>) -> io::Result<()> {
        render::review_summary(&mut w, s, self.style)
    }
}

/// JSON Lines: one object a record, field names in [`json`]'s serde records, never coloured
/// nor translated (an error's message is in English).
pub struct Json {
    /// The words of a bad line's message on standard error (its record is in English).
    words: &'static dyn Words,
    /// The fast writer of the game's one-component analyses in a batch ([`Printer::for_game`]).
    analysis: Option<json::AnalysisJson>,
}

/// The English words, for the messages inside JSON.
fn english() -> &'static dyn Words {
    words(Lang::En)
}

impl Printer for Json {
    fn detail(&self) -> Detail {
        Detail::Analysis
    }

    fn for_game(&self, game: &Game) -> Box<dyn Printer> {
        Box::new(Json {
            words: self.words,
            analysis: Some(json::AnalysisJson::new(game)),
        })
    }

    fn bad_line(&self) -> BadLine {
        BadLine {
            show: Some(json::error_json_line),
            words: self.words,
        }
    }

    fn verdict(&self, _: &mut Vec<u8>, _: &Game, _: Piles<'_>, _: &Verdict) -> io::Result<()> {
        // A verdict lists too little for JSON.
        Err(wrong_detail())
    }

    fn word_moves(&self) -> Option<usize> {
        self.analysis
            .as_ref()
            .filter(|writer| writer.writes_words())
            .map(|_| usize::MAX)
    }

    fn word_sum(
        &self,
        out: &mut Vec<u8>,
        piles: &[u64],
        text: &[u8],
        sum: &WordSum,
        moves: &[WordTake],
        line: Option<u64>,
    ) -> io::Result<()> {
        let writer = self.analysis.as_ref().ok_or_else(wrong_detail)?;
        writer.word_line(out, piles, text, sum, moves, line);
        Ok(())
    }

    fn analysis(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        position: Piles<'_>,
        a: &Analysis,
    ) -> io::Result<()> {
        match (&self.analysis, position.line) {
            // A batch: the fast writer.
            (Some(writer), Some(_)) => {
                writer.line(out, a, position.canonical_text, position.line);
                Ok(())
            }
            _ => json::analysis_line(out, game, a, position.line),
        }
    }

    fn advised(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        advice: &Advice,
        _: Option<&Explanation>,
        line: Option<u64>,
    ) -> io::Result<()> {
        json::sum_json_line(out, game, &advice.analysis, line)
    }

    fn advice(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        advice: &Advice,
        all: bool,
        line: Option<u64>,
    ) -> io::Result<()> {
        json::advice_json_line(out, game, advice, all, line)
    }

    fn compound(
        &self,
        out: &mut Vec<u8>,
        position: &Position,
        a: &CompoundAnalysis,
        line: Option<u64>,
    ) -> io::Result<()> {
        json::compound_json_line(out, position, a, line)
    }

    fn loopy(
        &self,
        out: &mut Vec<u8>,
        game: &Game,
        answer: &LoopyAnswer<'_>,
        line: Option<u64>,
    ) -> io::Result<()> {
        loopy::json_line(out, game, answer, line)
    }

    fn nimber(&self, mut w: &mut dyn Write, text: &str, evaluation: &Evaluation) -> io::Result<()> {
        json::nimber(&mut w, text, evaluation)
    }

    fn play_header(
        &self,
        _: &mut dyn Write,
        _: &Game,
        _: &Position,
        _: (&str, &str),
        _: Option<u64>,
    ) -> io::Result<()> {
        // JSON has a record a turn, and the seed in the last.
        Ok(())
    }

    fn turn(&self, mut w: &mut dyn Write, _: &Position, turn: &Turn, _: usize) -> io::Result<()> {
        json::turn_json_line(&mut w, turn)
    }

    fn winner(
        &self,
        mut w: &mut dyn Write,
        _: &Game,
        winner: Player,
        turns: u64,
        drawn_seed: Option<u64>,
    ) -> io::Result<()> {
        json::winner_json_line(&mut w, winner, turns, drawn_seed)
    }

    fn quotient(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        theory: &MisereTheory,
        show: u64,
    ) -> io::Result<()> {
        json::quotient(&mut w, game, theory, show)
    }

    fn pair_table(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        table: &[Vec<Option<u64>>],
    ) -> io::Result<()> {
        json::pair_table(&mut w, game, table)
    }

    fn grundy_sequence(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        values: &[Nat],
        proof: Option<&SequenceProof>,
    ) -> io::Result<()> {
        json::grundy_sequence(&mut w, game, values, proof)
    }

    fn grundy_values(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        values: &[(Vec<Nat>, Nat)],
        period: Option<&Periodicity>,
    ) -> io::Result<()> {
        json::grundy_values(&mut w, game, values, period)
    }

    fn graph_table(&self, w: &mut dyn Write, table: &VertexTable<'_>) -> io::Result<()> {
        loopy::table_json(w, table)
    }

    fn review_header(&self, _: &mut dyn Write, _: &Game, _: &Position) -> io::Result<()> {
        // The start is the first step's `before`.
        Ok(())
    }

    fn review_step(
        &self,
        mut w: &mut dyn Write,
        line: u64,
        before: &Position,
        step: &ReviewStep,
    ) -> io::Result<()> {
        json::review_json_line(&mut w, line, before, step)
    }

    fn review_no_move(
        &self,
        mut w: &mut dyn Write,
        line: u64,
        turn: u64,
        (before, after): (&Position, &Position),
        why: &StepError,
    ) -> io::Result<()> {
        let en = english();
        let message = en.no_single_move(
            &PositionText(en, before).to_string(),
            &PositionText(en, after).to_string(),
            &en.step_error(why),
        );
        json::review_illegal_json_line(&mut w, line, turn, before, after, &message, why)
    }

    fn review_after_end(
        &self,
        mut w: &mut dyn Write,
        line: u64,
        end_line: u64,
        at: &Position,
    ) -> io::Result<()> {
        let en = english();
        let message = en.review_after_end(end_line, &PositionText(en, at).to_string());
        json::review_after_end_json_line(&mut w, line, end_line, &message)
    }

    fn review_summary(&self, mut w: &mut dyn Write, s: &ReviewSummary<'_>) -> io::Result<()> {
        json::review_summary_json_line(&mut w, s.winner, s.legal, s.illegal, s.after_end)
    }
}

/// SVG pictures of Grundy tables (`grundy --svg`); everything else in words.
pub struct Svg {
    text: Human,
}

/// Methods [`Svg`] words as [`Human`] does.
macro_rules! in_words {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        $(fn $name(&self, $($arg: $ty),*) -> $ret {
            self.text.$name($($arg),*)
        })*
    };
}

impl Printer for Svg {
    fn shows_proof(&self) -> bool {
        false
    }

    fn for_game(&self, game: &Game) -> Box<dyn Printer> {
        Box::new(Svg {
            text: self.text.for_game(game),
        })
    }

    fn pair_table(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        table: &[Vec<Option<u64>>],
    ) -> io::Result<()> {
        svg::pair_grid(&mut w, game, table, self.text.style)
    }

    fn grundy_sequence(
        &self,
        mut w: &mut dyn Write,
        game: &Game,
        values: &[Nat],
        _: Option<&SequenceProof>,
    ) -> io::Result<()> {
        svg::sequence_bars(&mut w, game, values, self.text.style)
    }

    in_words! {
        detail() -> Detail;
        bad_line() -> BadLine;
        verdict(out: &mut Vec<u8>, game: &Game, position: Piles<'_>, v: &Verdict) -> io::Result<()>;
        analysis(out: &mut Vec<u8>, game: &Game, position: Piles<'_>, a: &Analysis) -> io::Result<()>;
        advised(out: &mut Vec<u8>, game: &Game, advice: &Advice, explanation: Option<&Explanation>, line: Option<u64>) -> io::Result<()>;
        advice(out: &mut Vec<u8>, game: &Game, advice: &Advice, all: bool, line: Option<u64>) -> io::Result<()>;
        compound(out: &mut Vec<u8>, position: &Position, a: &CompoundAnalysis, line: Option<u64>) -> io::Result<()>;
        loopy(out: &mut Vec<u8>, game: &Game, answer: &LoopyAnswer<'_>, line: Option<u64>) -> io::Result<()>;
        nimber(w: &mut dyn Write, text: &str, evaluation: &Evaluation) -> io::Result<()>;
        play_header(w: &mut dyn Write, game: &Game, start: &Position, players: (&str, &str), drawn_seed: Option<u64>) -> io::Result<()>;
        turn(w: &mut dyn Write, position: &Position, turn: &Turn, width: usize) -> io::Result<()>;
        winner(w: &mut dyn Write, game: &Game, winner: Player, turns: u64, drawn_seed: Option<u64>) -> io::Result<()>;
        quotient(w: &mut dyn Write, game: &Game, theory: &MisereTheory, show: u64) -> io::Result<()>;
        grundy_values(w: &mut dyn Write, game: &Game, values: &[(Vec<Nat>, Nat)], period: Option<&Periodicity>) -> io::Result<()>;
        graph_table(w: &mut dyn Write, table: &VertexTable<'_>) -> io::Result<()>;
        review_header(w: &mut dyn Write, game: &Game, start: &Position) -> io::Result<()>;
        review_step(w: &mut dyn Write, line: u64, before: &Position, step: &ReviewStep) -> io::Result<()>;
        review_no_move(w: &mut dyn Write, line: u64, turn: u64, positions: (&Position, &Position), why: &StepError) -> io::Result<()>;
        review_after_end(w: &mut dyn Write, line: u64, end_line: u64, at: &Position) -> io::Result<()>;
        review_summary(w: &mut dyn Write, summary: &ReviewSummary<'_>) -> io::Result<()>;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::input::Piles;
    use nimsolve::{Limits, Play, Rules};
    use proptest::prelude::*;

    /// Piles as a batch meets them: mostly small or of nine digits, with 0s and 1s (Nim's
    /// states S0, S1, T0 and the misère special cases) and some of fifteen digits.
    fn piles() -> impl Strategy<Value = Vec<u64>> {
        let pile = prop_oneof![
            0..3u64,
            0..20u64,
            0..1_000_000_000u64,
            0..999_999_999_999_999u64
        ];
        proptest::collection::vec(pile, 0..24)
    }

    proptest! {
        /// The machine-word path writes the bytes the general path writes of the same piles:
        /// the verdict line (every language, coloured or not, quiet) and the JSON record, under
        /// both play conventions.
        #[test]
        fn the_word_path_writes_the_general_paths_bytes(
            piles in piles(),
            misere in proptest::bool::ANY,
            lang in proptest::sample::select(vec![Lang::En, Lang::Zh]),
            color in proptest::bool::ANY,
            quiet in proptest::bool::ANY,
            line in 1u64..1_000_000,
        ) {
            let play = if misere { Play::Misere } else { Play::Normal };
            // A batch's game: no remoteness searched.
            let limits = Limits { remoteness: 0, ..Limits::default() };
            let game = Game::new(Rules::nim(), play, limits);
            let nats: Vec<Nat> = piles.iter().copied().map(Nat::from).collect();
            let position = game.position(nats).unwrap();
            let text: Vec<String> = piles.iter().map(u64::to_string).collect();
            let text = text.join(" ");
            let at = Piles {
                canonical_text: Some(text.as_bytes()),
                line: Some(line),
                ..Piles::new(&position)
            };
            let formats = [
                Format { quiet, ..Format::default() },
                Format::json(true),
            ];
            for format in formats {
                let printer = choose(format, Style::new(color, lang)).for_game(&game);
                let at_most = printer.word_moves().expect("a word path");
                let mut takes = Vec::new();
                let sum = game.closed_sum_words(&piles, at_most, &mut takes).expect("Nim's");
                let (mut words, mut general) = (Vec::new(), Vec::new());
                printer
                    .word_sum(&mut words, &piles, text.as_bytes(), &sum, &takes, Some(line))
                    .unwrap();
                if format.json {
                    let a = game.analyze(&position).unwrap();
                    printer.analysis(&mut general, &game, at, &a).unwrap();
                } else {
                    let v = game.verdict(&position).unwrap();
                    printer.verdict(&mut general, &game, at, &v).unwrap();
                }
                prop_assert_eq!(String::from_utf8_lossy(&words), String::from_utf8_lossy(&general));
            }
        }
    }
}
