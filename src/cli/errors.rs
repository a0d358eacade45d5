//! Errors as the command line words them. The binary's own errors are typed ([`CliError`],
//! with the context around an error, [`ErrorContext`]); the library's are its own types. Each
//! language words them all ([`Words`]): [`error_message_in`] words a whole chain (`argument 2:
//! pile "x" at column 1 is …`) in one language, and adds the flag that changes a limit (the
//! library names the limit, the binary the flag).

use std::io;
use std::path::PathBuf;

use nimsolve::engine::review::ReviewError;
use nimsolve::error::{LearnError, Limit, NoQuotientWhy, NumberError, RuleError};
use nimsolve::{IllegalMove, MoveError, PlayError, PositionError, Rules, SolveError, StepError};

use crate::cli::command::CommandError;
use crate::cli::i18n::{Lang, Words, words};
use crate::cli::nimber::ExprError;
use nimsolve::error::NimberError;

/// An error of the binary itself: a flag or an input the library never sees, each with what
/// its message needs. Its words are each language's ([`Words::cli_error`]); `Display` gives
/// the English.
#[derive(Debug, Clone)]
pub enum CliError {
    /// `--max-take K` where K is not a whole number.
    MaxTakeNotANumber {
        /// K as given.
        text: String,
    },
    /// `--max-take 0`.
    MaxTakeZero,
    /// An argument that is empty or only blanks (1-based).
    EmptyArgument {
        /// Its number.
        argument: usize,
    },
    /// An argument that is no position but names a file (`nimsolve analyze batch.txt`).
    FileArgument {
        /// Its number (1-based).
        argument: usize,
        /// The file, as given.
        path: String,
    },
    /// No piles given and a terminal on standard input.
    TerminalNoPiles,
    /// A helper thread of a batch stopped (a bug).
    WorkerStopped,
    /// The binary table of `--explain` would exceed the table limit.
    ExplainTooLarge {
        /// Binary digits the table holds.
        cells: u64,
        /// Its rows.
        rows: usize,
        /// Its width.
        width: u64,
        /// The table limit.
        limit: u64,
    },
    /// A human player's seat asked of the replay (a bug).
    HumanNeedsTrainer,
    /// A replay that would print more digits than the most it may.
    PlayTooLong {
        /// `--max-turns`.
        max_turns: u64,
        /// Digits it may print.
        printed: u64,
        /// Digits a move.
        per_move: u64,
        /// The most it may print.
        limit: u64,
        /// The most `--max-turns` that fits.
        most: u64,
    },
    /// `--no-coach` without a human player.
    NoCoachWithoutHuman,
    /// `--json` with a human player.
    JsonWithHuman,
    /// A replay that reached `--max-turns`; `seed` the seed drawn for it, if one was.
    NotEnded {
        /// The moves made.
        turns: u64,
        /// The seed drawn.
        seed: Option<u64>,
    },
    /// A replay that ended with a move left (a bug).
    EndedWithMoveLeft,
    /// `random --count` out of range.
    CountRange {
        /// The count given.
        count: u64,
        /// The most.
        most: u64,
    },
    /// `random --max` longer than the most digits.
    MaxTooLong {
        /// Its digits.
        digits: usize,
        /// The most.
        most: usize,
    },
    /// `random --max` that is no pile size.
    MaxNotAPile {
        /// As given.
        text: String,
        /// Why not.
        why: NumberError,
    },
    /// `random --max 0`.
    MaxZero,
    /// `random --piles` for a game of a fixed number of piles.
    FixedPiles {
        /// The game.
        rules: Rules,
        /// Its piles.
        piles: usize,
    },
    /// `random` found no position of the kind asked.
    NoPositionFound {
        /// The kind.
        wanted: Wanted,
        /// The fewest piles.
        from: usize,
        /// The most piles.
        to: usize,
        /// The largest pile.
        max: String,
    },
    /// `quotient` found no misère quotient.
    NoQuotient {
        /// The game.
        rules: Rules,
        /// The largest heap checked and whether it was asked for, `None` when no heaps
        /// would do.
        heaps: Option<(u64, bool)>,
        /// Why.
        why: NoQuotientWhy,
    },
    /// `grundy --misere`.
    GrundyMisere,
    /// `play`, or a compound other than the sum, of a position on a graph with cycles (which
    /// may be drawn): only `analyze` and `move` decide those.
    Loopy {
        /// The command or compound asked for: `play`, `conjunctive`, ….
        asked: &'static str,
    },
    /// `grundy --svg` without `--upto`.
    SvgNeedsUpto,
    /// `grundy --game graph:FILE --upto N`: a graph's table lists its vertices.
    GraphUpto,
    /// `grundy` of a two-pile game given numbers that do not come in pairs.
    GrundyPairs {
        /// The game.
        rules: Rules,
    },
    /// The table of a two-pile game past the table limit.
    PairTableTooLarge {
        /// Its side.
        side: String,
        /// Its entries.
        entries: String,
        /// The table limit.
        limit: u64,
    },
    /// `grundy --svg --upto` past the grid's most cells.
    SvgGrid {
        /// The most cells a side.
        side: u64,
    },
    /// `grundy --svg --upto` past the most bars.
    SvgBars {
        /// The most bars.
        bars: u64,
    },
    /// `grundy --upto N` past the table limit.
    UptoTooLarge {
        /// N.
        upto: u64,
        /// The table limit.
        limit: u64,
    },
    /// No memory for `--upto N + 1` values.
    UptoMemory {
        /// The values.
        values: u128,
    },
    /// `grundy kayles 10`: a game among the piles.
    GrundyGameArgument {
        /// The game as given.
        game: String,
        /// The pile to show in the example.
        pile: String,
    },
    /// `grundy` of a sum.
    GrundySum,
    /// Two arrows with no position between them, the second at `column`.
    EmptyBetweenArrows {
        /// 1-based column.
        column: usize,
    },
    /// `review` of a directory.
    IsADirectory {
        /// The path.
        path: PathBuf,
    },
    /// `review` of an input with no position.
    NothingToReview,
    /// `review 7 8 9`.
    ReviewTakesNoPiles {
        /// The arguments.
        given: String,
    },
}

/// The kind of position `random` draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wanted {
    /// A P-position.
    Losing,
    /// An N-position.
    Winning,
    /// Any.
    Random,
}

/// What was being done when an error happened: the context line before it.
#[derive(Debug, Clone)]
pub enum ErrorContext {
    /// Argument N (1-based).
    Argument(usize),
    /// Line N of the input.
    Line(u64),
    /// `--game SPEC`.
    GameFlag(String),
    /// Reading standard input.
    ReadingStdin,
    /// Opening a file.
    Opening(PathBuf),
    /// Reading a file.
    Reading(PathBuf),
    /// Drawing a position for `random`.
    Choosing(Wanted),
    /// Judging move N of a review.
    JudgingMove(u64),
    /// Listing g(0) to g(N) for `grundy`.
    Sequence(u64),
}

impl std::fmt::Display for CliError {
    /// The English words.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&words(Lang::En).cli_error(self))
    }
}

impl std::error::Error for CliError {}

/// An error with what was being done when it happened (`argument 2`, `line 3`), as
/// [`anyhow::Context`] adds it, but typed: each language words the context
/// ([`Words::error_context`]) and then the error under it.
#[derive(Debug)]
pub struct InContext {
    /// What was being done.
    pub context: ErrorContext,
    /// The error.
    source: anyhow::Error,
}

impl std::fmt::Display for InContext {
    /// The English words of the context alone (`{:#}` adds the error under it).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&words(Lang::En).error_context(&self.context))
    }
}

impl std::error::Error for InContext {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.source)
    }
}

/// Adds an [`ErrorContext`] to the error of a `Result`.
pub trait Within<T> {
    /// The error in `context`.
    ///
    /// # Errors
    /// The error of `self`, with its context.
    fn within(self, context: impl FnOnce() -> ErrorContext) -> anyhow::Result<T>;
}

impl<T, E: Into<anyhow::Error>> Within<T> for Result<T, E> {
    fn within(self, context: impl FnOnce() -> ErrorContext) -> anyhow::Result<T> {
        self.map_err(|e| in_context(e, context()))
    }
}

/// The error `e` in `context`.
pub fn in_context(e: impl Into<anyhow::Error>, context: ErrorContext) -> anyhow::Error {
    anyhow::Error::new(InContext {
        context,
        source: e.into(),
    })
}

/// An error of the standard output (`> /dev/full`): "writing standard output: …". Kept inside
/// an [`io::Error`] of the same kind, so that a closed pipe is still recognised.
#[derive(Debug)]
pub struct WriteFailed(pub io::Error);

impl std::fmt::Display for WriteFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&words(Lang::En).write_failed(&self.0))
    }
}

impl std::error::Error for WriteFailed {}

/// One error of a chain (its own message, not its sources') in `words`: the one place that
/// knows every error type of the library and of the binary; `None` for an error of another
/// crate.
fn one_error(e: &(dyn std::error::Error + 'static), words: &dyn Words) -> Option<String> {
    if let Some(e) = e.downcast_ref::<CliError>() {
        return Some(words.cli_error(e));
    }
    if let Some(c) = e.downcast_ref::<InContext>() {
        return Some(words.error_context(&c.context));
    }
    if let Some(e) = e.downcast_ref::<PositionError>() {
        return Some(words.position_error(e));
    }
    if let Some(e) = e.downcast_ref::<RuleError>() {
        return Some(words.rule_error(e));
    }
    if let Some(e) = e.downcast_ref::<NumberError>() {
        return Some(words.number_error(e));
    }
    if let Some(e) = e.downcast_ref::<SolveError>() {
        return Some(words.solve_error(e));
    }
    if let Some(e) = e.downcast_ref::<PlayError>() {
        return Some(words.play_error(e));
    }
    if let Some(e) = e.downcast_ref::<MoveError>() {
        return Some(words.move_error(e));
    }
    if let Some(e) = e.downcast_ref::<IllegalMove>() {
        return Some(words.illegal_move(e));
    }
    if let Some(e) = e.downcast_ref::<StepError>() {
        return Some(words.step_error(e));
    }
    if let Some(e) = e.downcast_ref::<ReviewError>() {
        return Some(match e {
            ReviewError::NoMove(e) => words.step_error(e),
            ReviewError::Solve(e) => words.solve_error(e),
        });
    }
    if let Some(e) = e.downcast_ref::<LearnError>() {
        return Some(words.learn_error(e));
    }
    if let Some(e) = e.downcast_ref::<ExprError>() {
        return Some(words.expr_error(e));
    }
    if let Some(e) = e.downcast_ref::<NimberError>() {
        return Some(words.nimber_error(e));
    }
    if let Some(e) = e.downcast_ref::<CommandError>() {
        return Some(words.command_error(e));
    }
    if let Some(e) = e.downcast_ref::<WriteFailed>() {
        return Some(words.write_failed(&e.0));
    }
    if let Some(e) = e.downcast_ref::<io::Error>() {
        return Some(
            match e.get_ref().and_then(|i| i.downcast_ref::<WriteFailed>()) {
                Some(w) => words.write_failed(&w.0),
                None => words.io_error(e),
            },
        );
    }
    None
}

/// An error as the command line says it, in the words of `words`: every part of its chain
/// (`line 3: pile "x" at column 1 is not a non-negative integer: …`) and, for a limit, the
/// flag that changes it.
pub fn error_message_in(e: &anyhow::Error, words: &dyn Words) -> String {
    let mut text = String::new();
    for (i, part) in e.chain().enumerate() {
        if i > 0 {
            text.push_str(words.error_separator());
        }
        match one_error(part, words) {
            Some(worded) => text.push_str(&worded),
            // An error of a crate below (clap, serde): its own words.
            None => text.push_str(&part.to_string()),
        }
    }
    if let Some((flag, raise)) = limit_flag(e) {
        text.push_str(&words.limit_fix(flag, raise));
    }
    text
}

/// [`error_message_in`] in English: the words of JSON output, which is never translated.
pub fn error_message(e: &anyhow::Error) -> String {
    error_message_in(e, words(Lang::En))
}

/// The flag that changes the limit that stopped `e`, and whether raising it (`true`) or
/// lowering it helps.
fn limit_flag(e: &anyhow::Error) -> Option<(&'static str, bool)> {
    let solve = e.chain().find_map(|c| {
        c.downcast_ref::<SolveError>()
            .or_else(|| match c.downcast_ref::<PlayError>() {
                Some(PlayError::Solve(s)) => Some(s),
                _ => None,
            })
            .or_else(|| match c.downcast_ref::<ReviewError>() {
                Some(ReviewError::Solve(s)) => Some(s),
                _ => None,
            })
    })?;
    solve.limit().map(|(limit, raise)| {
        let flag = match limit {
            Limit::Table => "--table-limit",
            Limit::Search => "--search-limit",
        };
        (flag, raise)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nimsolve::error::{
        BadToken, NotAPositionWhy, OctalError, RuleExpect, RuleSyntax, Searched, TableBound,
    };

    /// Whether `text` holds a CJK ideograph.
    fn chinese(text: &str) -> bool {
        text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    /// Every error, one of each variant of the library's error types and of the binary's
    /// own, including those no command reaches: in Chinese, with Chinese words and not the
    /// English sentence.
    #[test]
    fn every_error_variant_is_worded_in_chinese() {
        let learn = LearnError::TooManyElements {
            heap: 12,
            limit: 512,
        };
        let expr = |why: crate::cli::nimber::ExprWhy| -> anyhow::Error {
            ExprError {
                column: 2,
                token: Some("x".into()),
                why,
            }
            .into()
        };
        use crate::cli::nimber::ExprWhy;
        let library: Vec<anyhow::Error> = vec![
            NimberError::DivisionByZero.into(),
            NimberError::PowerTooLarge {
                bits: 9,
                limbs: 4,
                most: 8,
            }
            .into(),
            expr(ExprWhy::Empty),
            expr(ExprWhy::NotAToken),
            expr(ExprWhy::Minus),
            expr(ExprWhy::ExpectedOperand),
            expr(ExprWhy::ExpectedOperator),
            expr(ExprWhy::Unclosed),
            expr(ExprWhy::Unopened),
            expr(ExprWhy::ExponentNotANumber),
            expr(ExprWhy::ChainedPower),
            expr(ExprWhy::TooDeep { most: 3 }),
            expr(ExprWhy::Nimber(NimberError::DivisionByZero)),
            NumberError::Empty.into(),
            NumberError::NotADigit { index: 2 }.into(),
            NumberError::NoSuchVertex.into(),
            RuleError::GraphFileUnreadable {
                file: "g.txt".into(),
                missing: true,
                detail: String::new(),
            }
            .into(),
            RuleError::GraphFileUnreadable {
                file: "g.txt".into(),
                missing: false,
                detail: "permission denied".into(),
            }
            .into(),
            RuleError::BadGraphFile {
                file: "g.txt".into(),
                error: nimsolve::games::graph::theory::GraphParseError {
                    line: 3,
                    column: 5,
                    token: "y".into(),
                    why: nimsolve::games::graph::theory::ParseWhy::NoColon,
                },
            }
            .into(),
            SolveError::LoopyMisere {
                game: "graph:g.txt".into(),
            }
            .into(),
            PositionError::EmptyPile { column: 3 }.into(),
            PositionError::NoSuchVertex {
                token: "zz".into(),
                column: 3,
            }
            .into(),
            PositionError::EmptyComponent { column: 3 }.into(),
            PositionError::MisplacedRules {
                spec: "kayles".into(),
                column: 3,
            }
            .into(),
            PositionError::ComponentPiles {
                component: 2,
                game: "wythoff".into(),
                piles: 3,
                needs: 2,
            }
            .into(),
            PositionError::Piles {
                game: "wythoff".into(),
                piles: 3,
                needs: 2,
            }
            .into(),
            PositionError::BadRules {
                spec: "chess".into(),
                column: 1,
                why: RuleError::ZeroMaxTake,
            }
            .into(),
            PositionError::BadPile {
                token: "x".into(),
                column: 1,
                why: BadToken::NotADigit {
                    found: 'x',
                    column: Some(99),
                },
            }
            .into(),
            RuleError::UnexpectedArgument {
                game: "nim",
                arg: "3".into(),
            }
            .into(),
            RuleError::StrayColon { game: "kiki" }.into(),
            RuleError::NoGameName.into(),
            RuleError::MissingArgument {
                syntax: "max-take:K",
            }
            .into(),
            RuleError::BadMaxTake { text: "x".into() }.into(),
            RuleError::EmptySet.into(),
            RuleError::ZeroInSet.into(),
            RuleError::BadSetToken { token: "x".into() }.into(),
            RuleError::EmptyRange {
                token: "5..2".into(),
            }
            .into(),
            RuleError::AmountTooLarge {
                amount: "about 10^40".into(),
                limit: 10,
            }
            .into(),
            RuleError::SetTooLarge {
                count: "12".into(),
                limit: 10,
            }
            .into(),
            RuleError::EmptySetField {
                set: "1,,2".into(),
                field: 2,
            }
            .into(),
            RuleError::BadOctal {
                code: "0.x".into(),
                why: OctalError::NotHex('x'),
            }
            .into(),
            SolveError::BreakWork {
                pile: "5000".into(),
                three: true,
                entries: 400,
                limit: 1000,
            }
            .into(),
            SolveError::RuleWork {
                pile: "5000".into(),
                entries: 400,
                per_entry: 10,
                steps: 10000,
            }
            .into(),
            RuleError::BadOctal {
                code: "0.[7".into(),
                why: OctalError::BadRepeat,
            }
            .into(),
            RuleError::BadRule {
                spec: "rule:{take t if t | q}".into(),
                column: 21,
                why: RuleSyntax::UnknownVariable {
                    name: "q".into(),
                    vars: "n, t",
                },
            }
            .into(),
            RuleError::BadRule {
                spec: "rule:{take t if}".into(),
                column: 16,
                why: RuleSyntax::Expected {
                    expected: RuleExpect::Operand,
                    found: None,
                },
            }
            .into(),
            SolveError::TableLimit {
                pile: "about 10^40".into(),
                needed: "about 10^40".into(),
                limit: 10,
            }
            .into(),
            SolveError::NoPeriodWithin {
                pile: "10".into(),
                entries: 5,
                bound: TableBound::MexSteps {
                    per_entry: 64,
                    steps: 640,
                    amounts: 3,
                },
                out_of_memory: false,
            }
            .into(),
            SolveError::SearchLimit {
                what: Searched::UntamedMisere,
                needed: "about 10^17".into(),
                limit: 10,
            }
            .into(),
            SolveError::SearchMemory { positions: 100 }.into(),
            SolveError::NotAPosition {
                game: "digits".into(),
                pile: "234".into(),
                why: NotAPositionWhy::FirstDigit { digit: 1 },
            }
            .into(),
            SolveError::NoQuotient {
                game: "kayles".into(),
                heaps: 30,
                sizes_matter: true,
                why: NoQuotientWhy::LearnerCaps {
                    stopped: learn.clone(),
                    elements: 512,
                    types: 200_000,
                    heaps: 200,
                },
            }
            .into(),
            PlayError::NoMove.into(),
            MoveError::NoSuchPile { pile: 4, piles: 3 }.into(),
            StepError::Unchanged.into(),
            LearnError::NotFound { heap: 12 }.into(),
            LearnError::OptionTooLarge { heap: 12, left: 13 }.into(),
            LearnError::TooManyTypes {
                heap: 12,
                limit: 10,
            }
            .into(),
            LearnError::TooMuchWork {
                heap: 12,
                limit: 10,
            }
            .into(),
            io::Error::from(io::ErrorKind::NotFound).into(),
        ];
        let why = [
            NoQuotientWhy::NotEveryHeap(NotAPositionWhy::FirstDigit { digit: 1 }),
            NoQuotientWhy::NotHeaps,
            NoQuotientWhy::Wild,
            NoQuotientWhy::Limit {
                heaps: 200,
                elements: 512,
                types: 200_000,
            },
            NoQuotientWhy::LearnerWork(learn.clone()),
            NoQuotientWhy::LearnerNotFound(learn),
        ];
        let rules = Rules::parse("wythoff").expect("a game");
        let cli = vec![
            CliError::MaxTakeNotANumber { text: "x".into() },
            CliError::MaxTakeZero,
            CliError::EmptyArgument { argument: 2 },
            CliError::TerminalNoPiles,
            CliError::WorkerStopped,
            CliError::ExplainTooLarge {
                cells: 9,
                rows: 3,
                width: 3,
                limit: 2,
            },
            CliError::HumanNeedsTrainer,
            CliError::PlayTooLong {
                max_turns: 10,
                printed: 100,
                per_move: 10,
                limit: 50,
                most: 5,
            },
            CliError::NoCoachWithoutHuman,
            CliError::JsonWithHuman,
            CliError::NotEnded {
                turns: 10,
                seed: Some(7),
            },
            CliError::EndedWithMoveLeft,
            CliError::CountRange { count: 0, most: 10 },
            CliError::MaxTooLong {
                digits: 2000,
                most: 1000,
            },
            CliError::MaxNotAPile {
                text: "x".into(),
                why: NumberError::Empty,
            },
            CliError::MaxZero,
            CliError::FixedPiles {
                rules: rules.clone(),
                piles: 2,
            },
            CliError::NoPositionFound {
                wanted: Wanted::Losing,
                from: 1,
                to: 2,
                max: "3".into(),
            },
            CliError::NoQuotient {
                rules: rules.clone(),
                heaps: Some((30, false)),
                why: NoQuotientWhy::Wild,
            },
            CliError::GrundyMisere,
            CliError::Loopy { asked: "play" },
            CliError::SvgNeedsUpto,
            CliError::GraphUpto,
            CliError::GrundyPairs { rules },
            CliError::PairTableTooLarge {
                side: "5".into(),
                entries: "25".into(),
                limit: 10,
            },
            CliError::SvgGrid { side: 400 },
            CliError::SvgBars { bars: 5000 },
            CliError::UptoTooLarge { upto: 10, limit: 5 },
            CliError::UptoMemory { values: 11 },
            CliError::GrundyGameArgument {
                game: "kayles".into(),
                pile: "10".into(),
            },
            CliError::GrundySum,
            CliError::EmptyBetweenArrows { column: 7 },
            CliError::IsADirectory {
                path: "/tmp".into(),
            },
            CliError::NothingToReview,
            CliError::ReviewTakesNoPiles {
                given: "7 8 9".into(),
            },
        ];
        let contexts = [
            ErrorContext::Argument(2),
            ErrorContext::Line(3),
            ErrorContext::ReadingStdin,
            ErrorContext::Opening("a.txt".into()),
            ErrorContext::Reading("a.txt".into()),
            ErrorContext::Choosing(Wanted::Winning),
            ErrorContext::JudgingMove(4),
            ErrorContext::Sequence(20),
        ];
        let (en, zh) = (words(Lang::En), words(Lang::Zh));
        let mut texts: Vec<(String, String)> = library
            .iter()
            .map(|e| (error_message_in(e, en), error_message_in(e, zh)))
            .collect();
        texts.extend(
            why.iter()
                .map(|w| (en.no_quotient_why(w), zh.no_quotient_why(w))),
        );
        texts.extend(cli.into_iter().map(|e| {
            let e = anyhow::Error::new(e);
            (error_message_in(&e, en), error_message_in(&e, zh))
        }));
        texts.extend(contexts.into_iter().map(|c| {
            let e = in_context(CliError::MaxZero, c);
            (error_message_in(&e, en), error_message_in(&e, zh))
        }));
        for (en, zh) in texts {
            assert!(chinese(&zh), "no Chinese in {zh:?} (English: {en:?})");
            assert!(!zh.contains(&en), "{zh:?} keeps the English {en:?}");
        }
    }

    #[test]
    fn a_limit_names_its_flag_in_each_language() {
        let e = anyhow::Error::new(SolveError::SearchMemory { positions: 9 });
        assert!(error_message(&e).ends_with(" (lower --search-limit)"));
        assert!(error_message_in(&e, words(Lang::Zh)).ends_with("（请调低 --search-limit）"));
    }
}
