//! One function per subcommand: read the input, call the library, hand the results to render.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{Result, bail};
use nimsolve::engine::misere::{LearnProgress, MisereTheory};
use nimsolve::{
    Compound, Engine, Game, Level, Limits, Listing, Nat, Outcome, Play, Position, PositionSpec,
    RandomMoves, Replay, Rules, Seat, Strategy, SubtractionSet,
};
use rand::SeedableRng;

use crate::cli::args::{
    AnalyzeArgs, Command, GrundyArgs, LevelArg, MAX_RANDOM_COUNT, MoveArgs, PlayArgs, PlayerKind,
    QuotientArgs, RandomArgs, RuleArgs,
};
use crate::cli::batch::{Jobs, PositionResult, Scratch, WordJob, for_each_position};
use crate::cli::errors::{CliError, ErrorContext, Wanted, Within, WriteFailed};
use crate::cli::i18n::{self, Lang};
use crate::cli::input::{Input, Piles, position_from_args, sum_from_args};
use crate::cli::loopy::{LoopyAnswer, VertexTable};
use crate::cli::printer::{self, Detail, Format, Printer};
use crate::cli::render;
use crate::cli::style::Style;

pub use crate::cli::{EXIT_ERROR, EXIT_NO, EXIT_OK};

impl RuleArgs {
    /// The game these flags describe.
    fn game(&self) -> Result<Game> {
        self.game_with_remoteness(true)
    }

    /// The game these flags describe, searching for remoteness only if `remoteness`.
    fn game_with_remoteness(&self, remoteness: bool) -> Result<Game> {
        let rules = if let Some(spec) = &self.game {
            Rules::parse(spec).within(|| ErrorContext::GameFlag(spec.clone()))?
        } else if let Some(k) = &self.max_take {
            let k = Nat::parse_decimal(k.trim().as_bytes())
                .map_err(|_| CliError::MaxTakeNotANumber { text: k.clone() })?;
            Rules::max_take(k).map_err(|_| CliError::MaxTakeZero)?
        } else if let Some(set) = &self.subtract {
            Rules::subtract(SubtractionSet::parse(set)?)
        } else if self.wythoff {
            Rules::wythoff()
        } else {
            Rules::nim()
        };
        let play = if self.misere {
            Play::Misere
        } else {
            Play::Normal
        };
        let limits = Limits {
            table: self.table_limit,
            search: self.search_limit,
            remoteness: if remoteness { self.search_limit } else { 0 },
        };
        Ok(Game::new(rules, play, limits))
    }
}

/// Runs a command, writing results to `out` (human output in `style`); returns the exit status.
///
/// # Errors
/// Usage errors found before any output, and write errors.
pub fn run(command: Command, style: Style, out: &mut impl Write) -> Result<u8> {
    match command {
        Command::Analyze(args) => analyze(args, style, out),
        Command::Move(args) => advise(args, style, out),
        Command::Play(args) => play(args, style, out),
        Command::Grundy(args) => grundy(args, style, out),
        Command::Quotient(args) => quotient(args, style, out),
        Command::Random(args) => random(args, out),
        Command::Nimber(args) => nimber(args, style, out),
        Command::Judge(args) => judge(args, out),
        Command::Review(args) => {
            // A review needs no remoteness: it judges moves by their outcomes.
            let game = args.rules.game_with_remoteness(false)?;
            crate::cli::review::run(&game, &args, style, out)
        }
        Command::Completions(args) => completions(args.shell, out),
        Command::Man => {
            crate::cli::man::render(out)?;
            Ok(EXIT_OK)
        }
    }
}

/// `nimber`: an expression of nimbers evaluated, with its operations under `--explain`.
fn nimber(args: crate::cli::args::NimberArgs, style: Style, out: &mut impl Write) -> Result<u8> {
    let text = args.expression.join(" ");
    let evaluation = crate::cli::nimber::evaluate(&text, args.explain)?;
    let format = Format {
        json: args.json,
        explain: args.explain,
        ..Format::default()
    };
    printer::choose(format, style).nimber(out, &text, &evaluation)?;
    Ok(EXIT_OK)
}

/// `judge`: the problem's input on standard input, its judge's output on `out`.
fn judge(args: crate::cli::args::JudgeArgs, out: &mut impl Write) -> Result<u8> {
    use std::io::Read;
    let Some(problem) = args.problem.filter(|_| !args.list) else {
        crate::cli::judge::list(out)?;
        return Ok(EXIT_OK);
    };
    let mut input = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut input)
        .within(|| ErrorContext::ReadingStdin)?;
    crate::cli::judge::run(&problem, &input, out)?;
    Ok(EXIT_OK)
}

/// The completion script for `shell`, written whole (clap_complete panics on a write error,
/// so it writes to memory and a closed pipe stays quiet).
fn completions(shell: clap_complete::Shell, out: &mut impl Write) -> Result<u8> {
    use clap::CommandFactory;
    let mut script = Vec::new();
    clap_complete::generate(
        shell,
        &mut crate::cli::args::Cli::command(),
        "nimsolve",
        &mut script,
    );
    out.write_all(&script)?;
    Ok(EXIT_OK)
}

fn analyze(args: AnalyzeArgs, style: Style, out: &mut impl Write) -> Result<u8> {
    // Remoteness costs a search per position: in a stdin batch only when asked for.
    let batch = args.piles.is_empty();
    let game = args
        .rules
        .game_with_remoteness(!batch || args.remoteness || args.explain)?;
    let format = Format {
        json: args.json,
        explain: args.explain,
        quiet: args.quiet,
        svg: false,
    };
    let printer = printer::choose(format, style).for_game(&game);
    let printer = printer.as_ref();
    let compound = args.compound.compound();
    let job = |scratch: &mut Scratch, out: &mut Vec<u8>, position: Piles<'_>| {
        if compound != Compound::Disjunctive {
            return compound_job(&game, compound, position, printer, out);
        }
        if let Some(whole) = loopy_position(&game, &position) {
            return loopy_job(&game, &whole, false, false, position.line, printer, out);
        }
        let outcome = match position.sum {
            None => analyze_one(&game, printer, scratch, out, position)?,
            // One component with rules of its own: as if they were the game's.
            Some(sum) if sum.is_single() => {
                let game = game.with_rules(sum.parts()[0].rules.clone());
                let printer = printer.for_game(&game);
                let scratch = &mut Scratch::default();
                analyze_one(&game, printer.as_ref(), scratch, out, position)?
            }
            Some(sum) => analyze_sum(&game, printer, out, sum, position.line)?,
        };
        Ok(outcome)
    };
    // Piles alone that their family decides in machine words skip the position and the
    // analysis: the same bytes, from the words (a batch's hot path).
    let at_most = printer
        .word_moves()
        .filter(|_| compound == Compound::Disjunctive);
    let words = |scratch: &mut Scratch, out: &mut Vec<u8>, piles: &[u64], text: &[u8], line| {
        scratch.takes.clear();
        let Some(at_most) = at_most else {
            return Ok(None);
        };
        let Some(sum) = game.closed_sum_words(piles, at_most, &mut scratch.takes) else {
            return Ok(None);
        };
        printer.word_sum(out, piles, text, &sum, &scratch.takes, Some(line))?;
        Ok(Some(sum.closed.outcome))
    };
    let jobs = Jobs {
        job: &job,
        words: at_most.map(|_| &words as &WordJob<'_>),
    };
    let summary = for_each_position(&args.piles, &game, out, printer.bad_line(), jobs)?;
    Ok(if summary.any_bad {
        EXIT_ERROR
    } else if args.quiet && !summary.all_win {
        EXIT_NO
    } else {
        EXIT_OK
    })
}

/// `analyze` and `move` on a compound other than the sum: the outcome, the deciding numbers
/// and a winning move.
fn compound_job(
    game: &Game,
    compound: Compound,
    position: Piles<'_>,
    printer: &dyn Printer,
    out: &mut Vec<u8>,
) -> Result<PositionResult> {
    let whole = position.position;
    if game.is_loopy(whole) {
        let asked = CliError::Loopy {
            asked: match compound {
                Compound::Conjunctive => "--compound conjunctive",
                Compound::Continued => "--compound continued",
                _ => "--compound selective",
            },
        };
        return Ok(PositionResult::Failed(asked.into()));
    }
    let analysis = match game.analyze_compound(whole, compound) {
        Ok(a) => a,
        Err(e) => return Ok(PositionResult::Failed(e.into())),
    };
    printer.compound(out, whole, &analysis, position.line)?;
    Ok(PositionResult::Done(analysis.outcome))
}

/// `analyze` and `move` (`advise`, with `all` every winning move) on a position that may go
/// on for ever, decided with draws.
fn loopy_job(
    game: &Game,
    whole: &Position,
    advise: bool,
    all: bool,
    line: Option<u64>,
    printer: &dyn Printer,
    out: &mut Vec<u8>,
) -> Result<PositionResult> {
    let answer = match LoopyAnswer::find(game, whole, advise, all) {
        Ok(answer) => answer,
        Err(e) => return Ok(PositionResult::Failed(e.into())),
    };
    printer.loopy(out, game, &answer, line)?;
    Ok(PositionResult::Done(answer.outcome()))
}

/// The position as a sum when one of its components may go on for ever (tokens on a graph
/// with cycles): it is then decided with draws by [`Game::analyze_loopy`].
fn loopy_position(game: &Game, position: &Piles<'_>) -> Option<Position> {
    match position.sum {
        Some(sum) => game.is_loopy(sum).then(|| sum.clone()),
        None => {
            let rules = game.rules();
            rules.loopy_value(position.values())?;
            Position::new(rules.clone(), position.values().to_vec()).ok()
        }
    }
}

/// `analyze` on one component of `game`'s rules, computed in the printer's detail.
fn analyze_one(
    game: &Game,
    printer: &dyn Printer,
    scratch: &mut Scratch,
    out: &mut Vec<u8>,
    position: Piles<'_>,
) -> Result<PositionResult> {
    let whole = position.position;
    let outcome = match printer.detail() {
        Detail::Analysis => {
            let analysis = match &mut scratch.analysis {
                Some(reused) => game.analyze_into(whole, reused).map(|()| reused),
                None => game.analyze(whole).map(|a| scratch.analysis.insert(a)),
            };
            let analysis = match analysis {
                Ok(a) => a,
                Err(e) => return Ok(PositionResult::Failed(e.into())),
            };
            printer.analysis(out, game, position, analysis)?;
            analysis.outcome
        }
        Detail::Explained => {
            if let Err(e) = explain_fits(game, position.values()) {
                return Ok(PositionResult::Failed(e));
            }
            let explained = game
                .advise(whole)
                .and_then(|advice| Ok((game.explain(whole)?, advice)));
            let (explanation, advice) = match explained {
                Ok(both) => both,
                Err(e) => return Ok(PositionResult::Failed(e.into())),
            };
            printer.advised(out, game, &advice, Some(&explanation), position.line)?;
            advice.analysis.outcome
        }
        Detail::Verdict => {
            let verdict = match game.verdict(whole) {
                Ok(v) => v,
                Err(e) => return Ok(PositionResult::Failed(e.into())),
            };
            printer.verdict(out, game, position, &verdict)?;
            verdict.outcome
        }
    };
    Ok(PositionResult::Done(outcome))
}

/// `analyze` on a sum of two or more components.
fn analyze_sum(
    game: &Game,
    printer: &dyn Printer,
    out: &mut Vec<u8>,
    sum: &Position,
    line: Option<u64>,
) -> Result<PositionResult> {
    let explain = printer.detail() == Detail::Explained;
    if explain && let Err(e) = explain_fits(game, sum.piles()) {
        return Ok(PositionResult::Failed(e));
    }
    let advice = match game.advise(sum) {
        Ok(a) => a,
        Err(e) => return Ok(PositionResult::Failed(e.into())),
    };
    let explanation = match explain.then(|| game.explain(sum)).transpose() {
        Ok(e) => e,
        Err(e) => return Ok(PositionResult::Failed(e.into())),
    };
    printer.advised(out, game, &advice, explanation.as_ref(), line)?;
    Ok(PositionResult::Done(advice.analysis.outcome))
}

/// Whether the binary table of `--explain` (a row per pile, each as wide as the widest pile in
/// binary) stays within the table limit: a thousand small piles and one 10,000-digit pile
/// would print 33 MB, a hundred times more of each 33 GB.
fn explain_fits(game: &Game, piles: &[Nat]) -> Result<()> {
    let width = piles.iter().map(Nat::bits).max().unwrap_or(1);
    let cells = (piles.len() as u64 + 1).saturating_mul(width);
    let limit = game.limits().table;
    if cells > limit {
        return Err(CliError::ExplainTooLarge {
            cells,
            rows: piles.len() + 1,
            width,
            limit,
        }
        .into());
    }
    Ok(())
}

fn advise(args: MoveArgs, style: Style, out: &mut impl Write) -> Result<u8> {
    let game = args.rules.game()?;
    // The move needs one winning move, not the list (which may be too long to make).
    let listing = if args.all {
        Listing::Every
    } else {
        Listing::First
    };
    let compound = args.compound.compound();
    let format = Format::json(args.json);
    let printer = printer::choose(format, style);
    let printer = printer.as_ref();
    let job = |_: &mut Scratch, out: &mut Vec<u8>, position: Piles<'_>| {
        if compound != Compound::Disjunctive {
            return compound_job(&game, compound, position, printer, out);
        }
        if let Some(whole) = loopy_position(&game, &position) {
            let line = position.line;
            return loopy_job(&game, &whole, true, args.all, line, printer, out);
        }
        let single;
        let game = match position.sum {
            Some(sum) if sum.is_single() => {
                single = game.with_rules(sum.parts()[0].rules.clone());
                &single
            }
            _ => &game,
        };
        let advice = game.advise_listing(position.position, listing);
        let advice = match advice {
            Ok(a) => a,
            Err(e) => return Ok(PositionResult::Failed(e.into())),
        };
        printer.advice(out, game, &advice, args.all, position.line)?;
        Ok(PositionResult::Done(advice.analysis.outcome))
    };
    let jobs = Jobs {
        job: &job,
        words: None,
    };
    let summary = for_each_position(&args.piles, &game, out, printer.bad_line(), jobs)?;
    Ok(if summary.any_bad { EXIT_ERROR } else { EXIT_OK })
}

impl From<LevelArg> for Level {
    fn from(level: LevelArg) -> Level {
        match level {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Perfect => Level::Perfect,
        }
    }
}

/// The seat of a player: a person, or a strategy (an engine of `level`, or random moves).
fn seat<'g>(kind: PlayerKind, level: Level, seed: u64) -> Seat<'g> {
    match kind {
        PlayerKind::Optimal => Seat::Engine(Box::new(Engine::new(level, seed))),
        PlayerKind::Random => Seat::Engine(Box::new(RandomMoves::new(seed))),
        PlayerKind::Human => Seat::Human,
    }
}

fn strategy(kind: PlayerKind, level: Level, seed: u64) -> Result<Box<dyn Strategy>> {
    match seat(kind, level, seed) {
        Seat::Engine(strategy) => Ok(strategy),
        Seat::Human => Err(CliError::HumanNeedsTrainer.into()),
    }
}

/// The kind of player as the command line spells it; an optimal player below perfect is
/// named by its level.
fn player_name(kind: PlayerKind, level: Level) -> &'static str {
    match kind {
        PlayerKind::Optimal if level != Level::Perfect => level.as_str(),
        PlayerKind::Optimal => "optimal",
        PlayerKind::Random => "random",
        PlayerKind::Human => "human",
    }
}

/// The second player's seed: the two players draw from different streams of the same seed.
const SECOND_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// Most decimal digits a replay may print: `--max-turns` moves, each printing the position and
/// the pile it changes (about twice the position's digits).
const PLAY_DIGITS_LIMIT: u64 = 200_000_000;

/// Whether `max_turns` moves from `start` stay within [`PLAY_DIGITS_LIMIT`]. Piles this large
/// make games that never end in practice (a loser taking one object at a time), so without this
/// two 10,000-digit piles printed 4 GB over minutes before stopping at `--max-turns`.
fn check_play_size(start: &[Nat], max_turns: u64) -> Result<()> {
    let digits: u64 = start
        .iter()
        .map(|p| (p.bits() as f64 * std::f64::consts::LOG10_2) as u64 + 2)
        .sum::<u64>()
        .saturating_mul(2);
    let printed = max_turns.saturating_mul(digits);
    if printed > PLAY_DIGITS_LIMIT {
        return Err(CliError::PlayTooLong {
            max_turns,
            printed,
            per_move: digits,
            limit: PLAY_DIGITS_LIMIT,
            most: (PLAY_DIGITS_LIMIT / digits.max(1)).max(1),
        }
        .into());
    }
    Ok(())
}

fn play(args: PlayArgs, style: Style, out: &mut impl Write) -> Result<u8> {
    let game = args.rules.game()?;
    let input = sum_from_args(&game, &args.piles)?;
    // One component with rules of its own is played as under those rules.
    let game = match &input {
        Input::Sum(sum) if sum.is_single() => game.with_rules(sum.parts()[0].rules.clone()),
        _ => game,
    };
    let start = match input {
        Input::Piles(position) => position,
        Input::Sum(sum) if sum.is_single() => game.position(sum.piles().to_vec())?,
        Input::Sum(sum) => sum,
    };
    // Check the start (shape, limits) before the first line is printed.
    if game.is_loopy(&start) {
        bail!(CliError::Loopy { asked: "play" });
    }
    game.analyze(&start)?;
    check_play_size(start.piles(), args.max_turns)?;
    let level = Level::from(args.level);
    // A game with random moves and no seed given draws one, and says which.
    let random = [args.first, args.second].iter().any(|&kind| match kind {
        PlayerKind::Random => true,
        PlayerKind::Optimal => level != Level::Perfect,
        PlayerKind::Human => false,
    });
    let drawn_seed = (args.seed.is_none() && random).then(rand::random::<u64>);
    let seed = args.seed.or(drawn_seed).unwrap_or(0);
    let human = args.first == PlayerKind::Human || args.second == PlayerKind::Human;
    if args.no_coach && !human {
        bail!(CliError::NoCoachWithoutHuman);
    }
    if human {
        if args.json {
            bail!(CliError::JsonWithHuman);
        }
        let side = |kind, seed| crate::cli::trainer::Side {
            seat: seat(kind, level, seed),
            kind: player_name(kind, level),
        };
        let options = crate::cli::trainer::Options {
            coach: !args.no_coach,
            drawn_seed,
        };
        return crate::cli::trainer::run(
            &game,
            start,
            side(args.first, seed),
            side(args.second, seed ^ SECOND_SEED),
            options,
            style,
            out,
        );
    }
    let first = strategy(args.first, level, seed)?;
    let second = strategy(args.second, level, seed ^ SECOND_SEED)?;
    let format = Format::json(args.json);
    let printer = printer::choose(format, style);
    let players = (
        player_name(args.first, level),
        player_name(args.second, level),
    );
    printer.play_header(out, &game, &start, players, drawn_seed)?;
    // The turn column is as wide as the last turn can be (at least 4): the game's bound on its
    // length, or --max-turns.
    let last_turn = match game.longest_game(&start) {
        Some(bound) if bound < Nat::from(args.max_turns) => bound,
        _ => Nat::from(args.max_turns),
    };
    let turn_width = last_turn.to_string().len().max(4);
    let mut replay = Replay::new(&game, start, first, second);
    loop {
        if replay.turns() >= args.max_turns && replay.winner().is_none() {
            out.flush()?;
            bail!(CliError::NotEnded {
                turns: args.max_turns,
                seed: drawn_seed,
            });
        }
        let Some(turn) = replay.next_turn()? else {
            break;
        };
        printer.turn(out, replay.position(), &turn, turn_width)?;
    }
    let winner = replay.winner().ok_or(CliError::EndedWithMoveLeft)?;
    printer.winner(out, &game, winner, replay.turns(), drawn_seed)?;
    Ok(EXIT_OK)
}

/// The most digits of `random --max`.
const MAX_RANDOM_DIGITS: usize = 1000;

fn random(args: RandomArgs, out: &mut impl Write) -> Result<u8> {
    let game = args.rules.game()?;
    if !(1..=MAX_RANDOM_COUNT).contains(&args.count) {
        bail!(CliError::CountRange {
            count: args.count,
            most: MAX_RANDOM_COUNT,
        });
    }
    let digits = args.max.trim();
    if digits.len() > MAX_RANDOM_DIGITS {
        bail!(CliError::MaxTooLong {
            digits: digits.len(),
            most: MAX_RANDOM_DIGITS,
        });
    }
    let max = Nat::parse_decimal(digits.as_bytes()).map_err(|why| CliError::MaxNotAPile {
        text: digits.to_string(),
        why,
    })?;
    if max.is_zero() {
        bail!(CliError::MaxZero);
    }
    let fixed = game.rules().component_piles();
    let piles = match (args.piles, fixed) {
        (Some(p), _) => p.min..=p.max,
        (None, Some(n)) => n..=n,
        (None, None) => 3..=5,
    };
    if let Some(n) = fixed
        && piles != (n..=n)
    {
        bail!(CliError::FixedPiles {
            rules: game.rules().clone(),
            piles: n,
        });
    }
    let (outcome, wanted) = match (args.losing, args.winning) {
        (true, _) => (Some(Outcome::P), Wanted::Losing),
        (_, true) => (Some(Outcome::N), Wanted::Winning),
        _ => (None, Wanted::Random),
    };
    let spec = PositionSpec {
        piles,
        max,
        outcome,
    };
    // A position of another game than Nim starts with its spec (the position grammar's
    // component `kayles 3 5`), so that `analyze`, `move` and `play` read it under its rules.
    let spec_prefix = (!game.rules().written_without_spec()).then(|| game.rules().spec());
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    // The heaps' Grundy values, computed once for every position.
    let draw = game
        .position_draw(&spec)
        .within(|| ErrorContext::Choosing(wanted))?;
    for _ in 0..args.count {
        let position = draw
            .draw(&mut rng)
            .within(|| ErrorContext::Choosing(wanted))?;
        let Some(position) = position else {
            bail!(CliError::NoPositionFound {
                wanted,
                from: *spec.piles.start(),
                to: *spec.piles.end(),
                max: spec.max.to_string(),
            });
        };
        match &spec_prefix {
            // As the position grammar writes the component: the spec, then the state as its
            // game writes it (heaps `3 5`, board coins `3:5`, a graph's edges `0-1,1-2`).
            Some(_) => {
                let mut line = Vec::new();
                nimsolve::engine::sum::write_component(game.rules(), position.piles(), &mut line);
                writeln!(out, "{}", String::from_utf8_lossy(&line))?;
            }
            None => writeln!(out, "{}", render::Piles(position.piles()))?,
        }
    }
    Ok(EXIT_OK)
}

/// The heaps `quotient` covers when `--heaps` is not given.
const DEFAULT_QUOTIENT_HEAPS: u64 = 30;

fn quotient(args: QuotientArgs, style: Style, out: &mut impl Write) -> Result<u8> {
    let game = args.rules.game()?;
    let heaps = args.heaps.unwrap_or(DEFAULT_QUOTIENT_HEAPS);
    // The learner of a wild quotient may take a while: its progress, on a terminal only.
    let watched = std::io::stderr().is_terminal();
    let mut shown = false;
    let mut progress = |p: LearnProgress| {
        if watched {
            let line = style.words().quotient_progress(p.heap, p.elements);
            let _ = write!(std::io::stderr(), "\r\x1b[K{line}");
            shown = true;
        }
    };
    let found = MisereTheory::of_family_watched(game.rules(), heaps, &game.limits(), &mut progress);
    if shown {
        let _ = write!(std::io::stderr(), "\r\x1b[K");
    }
    let theory = match found {
        Ok(theory) => theory,
        // Worded by what was asked: the heaps only when they matter, and the default as such.
        Err(nimsolve::SolveError::NoQuotient {
            sizes_matter, why, ..
        }) => {
            bail!(CliError::NoQuotient {
                rules: game.rules().clone(),
                heaps: sizes_matter.then_some((heaps, args.heaps.is_some())),
                why,
            });
        }
        Err(e) => return Err(e.into()),
    };
    let format = Format::json(args.json);
    printer::choose(format, style).quotient(out, &game, &theory, args.show)?;
    Ok(EXIT_OK)
}

/// How far `grundy` prints the sequence (or a game of pairs its table) when no pile is given.
const DEFAULT_UPTO: u64 = 20;

fn grundy(args: GrundyArgs, style: Style, out: &mut impl Write) -> Result<u8> {
    if args.rules.misere {
        bail!(CliError::GrundyMisere);
    }
    if args.svg && args.upto.is_none() {
        bail!(CliError::SvgNeedsUpto);
    }
    // The table of a graph read from a file: every vertex's value, outcome and remoteness.
    if let Some(spec) = &args.rules.game
        && let Some((keyword, file)) = spec.trim().split_once(':')
        && keyword.eq_ignore_ascii_case("graph")
        && !args.svg
    {
        if args.upto.is_some() {
            bail!(CliError::GraphUpto);
        }
        let graph = nimsolve::games::graph::Graph::read(file.trim())
            .within(|| ErrorContext::GameFlag(spec.clone()))?;
        let spec = format!("graph:{}", file.trim());
        // The vertices asked for, by name (none: every vertex).
        let mut only = Vec::new();
        for name in args.piles.iter().flat_map(|p| p.split_whitespace()) {
            match graph.graph().index(name) {
                Some(v) => only.push(v),
                // The position grammar's error, which names the token.
                None => {
                    nimsolve::parse_sum(&format!("{spec} {name}"), &Rules::nim())?;
                }
            }
        }
        let format = Format::json(args.json);
        printer::choose(format, style).graph_table(out, &VertexTable::of(&graph, &spec, &only))?;
        return Ok(EXIT_OK);
    }
    let game = args.rules.game()?;
    let format = Format {
        json: args.json,
        svg: args.svg,
        ..Format::default()
    };
    let printer = printer::choose(format, style);
    let limit = game.limits().table;
    // With no pile asked for, the start of the sequence (or table).
    let upto = args
        .upto
        .or_else(|| args.piles.is_empty().then_some(DEFAULT_UPTO));
    let rules = game.rules();
    // Positions of several numbers: the pairs of a two-pile game, or one position of a whole
    // state written in the game's own tokens (a Hackenbush graph `0-1,1-2`).
    let several = rules.component_piles() == Some(2) || (rules.is_whole() && rules.reads_tokens());
    if several && upto.is_none() {
        // A game that reads some tokens its own way reads a position whole; the others'
        // numbers are taken in pairs.
        let numbers = if rules.reads_tokens() {
            match sum_from_args(&game, &args.piles)? {
                Input::Piles(position) => position.piles().to_vec(),
                Input::Sum(_) => bail!(CliError::GrundySum),
            }
        } else {
            position_from_args(&args.piles)?
        };
        let positions: Vec<&[Nat]> = match rules.component_piles() {
            Some(k) if numbers.len() % k != 0 => bail!(CliError::GrundyPairs {
                rules: rules.clone(),
            }),
            Some(k) => numbers.chunks(k).collect(),
            None => vec![&numbers],
        };
        let values = positions
            .into_iter()
            .map(|p| Ok((p.to_vec(), position_grundy(&game, p)?)))
            .collect::<Result<Vec<_>>>()?;
        printer.grundy_values(out, &game, &values, None)?;
        return Ok(EXIT_OK);
    }
    if let (Some(2), Some(n)) = (rules.component_piles(), upto) {
        // Exact: (n + 1)² overflows u128 at n = u64::MAX (a panic in debug builds, and an empty
        // table printed in release builds).
        let side = Nat::from(n).add(&Nat::ONE);
        let entries = Nat::from_biguint(side.to_biguint() * side.to_biguint());
        if entries > Nat::from(limit) {
            bail!(CliError::PairTableTooLarge {
                side: side.to_string(),
                entries: entries.to_string(),
                limit,
            });
        }
        if args.svg && n >= crate::cli::svg::MAX_GRID {
            bail!(CliError::SvgGrid {
                side: crate::cli::svg::MAX_GRID,
            });
        }
        let table = pair_table(&game, n as usize)?;
        printer.pair_table(out, &game, &table)?;
        return Ok(EXIT_OK);
    }
    if let Some(n) = upto {
        if args.svg && n >= crate::cli::svg::MAX_BARS {
            bail!(CliError::SvgBars {
                bars: crate::cli::svg::MAX_BARS,
            });
        }
        if n >= limit {
            bail!(CliError::UptoTooLarge { upto: n, limit });
        }
        let mut values: Vec<Nat> = Vec::new();
        if values.try_reserve(n as usize + 1).is_err() {
            bail!(CliError::UptoMemory {
                values: u128::from(n) + 1,
            });
        }
        for i in 0..=n {
            let g = one_number_grundy(&game, &Nat::from(i)).within(|| ErrorContext::Sequence(n))?;
            values.push(g);
        }
        let proof = printer.shows_proof().then(|| game.sequence_proof());
        printer.grundy_sequence(out, &game, &values, proof.as_ref())?;
        return Ok(EXIT_OK);
    }
    if let Some(first) = args.piles.first()
        && Rules::parse(first).is_ok()
    {
        bail!(CliError::GrundyGameArgument {
            game: first.clone(),
            pile: args.piles.get(1).map_or("10", String::as_str).to_string(),
        });
    }
    // A game that reads some tokens its own way (a digit string that starts with 0) reads
    // them so here too.
    let piles = if game.rules().reads_tokens() {
        match sum_from_args(&game, &args.piles)? {
            Input::Piles(position) => position.piles().to_vec(),
            Input::Sum(_) => bail!(CliError::GrundySum),
        }
    } else {
        position_from_args(&args.piles)?
    };
    let values = piles
        .into_iter()
        .map(|p| {
            let notice = style.words().grundy_progress(&p, limit);
            let g = with_notice(notice, || one_number_grundy(&game, &p))?;
            Ok((vec![p], g))
        })
        .collect::<Result<Vec<_>>>()?;
    // The period the values were answered by, or proven on the way.
    let period = game.proven_period();
    printer.grundy_values(out, &game, &values, period.as_ref())?;
    Ok(EXIT_OK)
}

/// The Grundy value `grundy` prints for the number `n`: of one heap of `n` in a heap game, of
/// the one-number position `SPEC n` in a game played as a whole state (a staircase with `n`
/// coins on step 1, a piece on cell `n`, a head at coin `n`; for `n` = 0 the empty position
/// where one number of 0 is no position).
///
/// # Errors
/// The family's limits; [`PositionError::NotAState`] for a number that is no position of the
/// game alone (a coin of the board needs two numbers).
fn one_number_grundy(game: &Game, n: &Nat) -> Result<Nat> {
    let rules = game.rules();
    if !rules.is_whole() {
        return Ok(game.pile_grundy(n)?.unwrap_or_default());
    }
    let state = std::slice::from_ref(n);
    if n.is_zero() && rules.check_component(state).is_err() {
        return position_grundy(game, &[]);
    }
    position_grundy(game, state)
}

/// The Grundy value of the position `state` of a game played as a whole state (a pair of
/// Wythoff's game).
///
/// # Errors
/// The family's limits; [`PositionError::NotAState`] for numbers that are no position of
/// the game (a 0 in Euclid's game).
fn position_grundy(game: &Game, state: &[Nat]) -> Result<Nat> {
    let rules = game.rules();
    if let Err(why) = rules.check_component(state) {
        return Err(nimsolve::PositionError::NotAState {
            component: None,
            game: rules.spec(),
            why,
        }
        .into());
    }
    Ok(rules.grundy(state, &game.limits())?)
}

/// The table of a two-number game's Grundy values g(a, b) for a, b = 0..=n; `None` where
/// (a, b) is no position of the game (a 0 in Euclid's game).
///
/// # Errors
/// The family's limits.
fn pair_table(game: &Game, n: usize) -> Result<Vec<Vec<Option<u64>>>> {
    let rules = game.rules();
    if !rules.is_whole() {
        let table = rules.pair_table(n).unwrap_or_default();
        return Ok(table
            .into_iter()
            .map(|row| row.into_iter().map(|v| Some(u64::from(v))).collect())
            .collect());
    }
    let limits = game.limits();
    let mut table = Vec::with_capacity(n + 1);
    for a in 0..=n {
        let mut row = Vec::with_capacity(n + 1);
        for b in 0..=n {
            let state = [Nat::from(a as u64), Nat::from(b as u64)];
            if rules.check_component(&state).is_err() {
                row.push(None);
                continue;
            }
            let g = rules.grundy(&state, &limits)?;
            // A value too large for a machine word cannot come from a table within the limit.
            row.push(Some(g.to_u64().unwrap_or(u64::MAX)));
        }
        table.push(row);
    }
    Ok(table)
}

/// Whether an error chain holds a closed pipe (`nimsolve … | head -1`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Runs the CLI: parses arguments, runs the command on a buffered stdout, maps errors to exit
/// codes. Never panics on input.
pub fn main_with_args(cli: crate::cli::args::Cli) -> ExitCode {
    let stdout = io::stdout();
    // Colour and language are decided once per run, here, and passed down.
    let style = Style::detect(cli.color, cli.lang, stdout.is_terminal());
    let mut out = BufWriter::with_capacity(1 << 16, Stdout(stdout.lock()));
    let result = run(cli.command, style, &mut out).and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if is_broken_pipe(&e) => ExitCode::from(EXIT_OK),
        Err(e) => {
            let _ = out.flush();
            let is_write = e.chain().any(|c| {
                c.downcast_ref::<io::Error>()
                    .and_then(io::Error::get_ref)
                    .is_some_and(|inner| inner.is::<WriteFailed>())
            });
            // Not eprintln!, which panics when standard error cannot be written either.
            let _ = writeln!(
                io::stderr().lock(),
                "nimsolve: error: {}",
                crate::cli::errors::error_message_in(&e, style.words())
            );
            ExitCode::from(if is_write { EXIT_NO } else { EXIT_ERROR })
        }
    }
}

/// Parses the command line as `Cli::parse` does, except that help or version text that cannot
/// be written (`nimsolve --help > /dev/full`) ends with a message and exit status 1 rather than
/// silently with 0. A closed pipe is still quiet.
///
/// # Errors
/// The exit status when the command line is not run: 0 after help or version, 2 after a usage
/// error (clap's message on stderr), 1 when the help could not be written.
pub fn parse_cli() -> Result<crate::cli::args::Cli, ExitCode> {
    use clap::{CommandFactory, FromArgMatches};
    let parsed = crate::cli::args::Cli::command()
        .try_get_matches()
        .and_then(|matches| {
            judge_takes_no_style(&matches)?;
            crate::cli::args::Cli::from_arg_matches(&matches)
        });
    parsed.map_err(|mut e| {
        let args: Vec<String> = std::env::args_os()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let words = i18n::words(lang_asked(&args));
        let tip = position_command(&e, &args).map(|command| words.position_tip(&command));
        if e.use_stderr()
            && let Some(message) = words.usage_error(&e, tip.as_deref())
        {
            let _ = writeln!(io::stderr().lock(), "{message}");
            return ExitCode::from(EXIT_ERROR);
        }
        if let Some(tip) = tip {
            use clap::error::{ContextKind, ContextValue};
            e.insert(
                ContextKind::Suggested,
                ContextValue::StyledStrs(vec![tip.into()]),
            );
        }
        let written = e.print().and_then(|()| io::stdout().flush());
        match written {
            Err(w) if !e.use_stderr() && w.kind() != io::ErrorKind::BrokenPipe => {
                let _ = writeln!(
                    io::stderr().lock(),
                    "nimsolve: error: {}",
                    i18n::words(Lang::En).write_failed(&w)
                );
                ExitCode::from(EXIT_NO)
            }
            _ => ExitCode::from(if e.use_stderr() { EXIT_ERROR } else { EXIT_OK }),
        }
    })
}

/// `--lang` and `--color` given to `judge`, a usage error: a judge's output has its problem's
/// own words and no colour, so neither would change it.
///
/// # Errors
/// A clap usage error naming the option.
fn judge_takes_no_style(matches: &clap::ArgMatches) -> Result<(), clap::Error> {
    use clap::CommandFactory;
    use clap::parser::ValueSource;
    let Some(("judge", sub)) = matches.subcommand() else {
        return Ok(());
    };
    for id in ["lang", "color"] {
        let given = [matches, sub]
            .iter()
            .any(|m| m.value_source(id) == Some(ValueSource::CommandLine));
        if given {
            return Err(crate::cli::args::Cli::command().error(
                clap::error::ErrorKind::ArgumentConflict,
                format!(
                    "--{id} does not apply to judge: it writes the output its judge expects, \
                     in the problem's own words and never coloured"
                ),
            ));
        }
    }
    Ok(())
}

/// The language a command line that did not parse asks for with `--lang` (English if none or
/// none known), for its usage error.
fn lang_asked(args: &[String]) -> Lang {
    use clap::ValueEnum;
    let mut asked = None;
    for (i, arg) in args.iter().enumerate() {
        if arg == "--" {
            break;
        }
        if let Some(value) = arg.strip_prefix("--lang=") {
            asked = Some(value);
        } else if arg == "--lang" {
            asked = args.get(i + 1).map(String::as_str);
        }
    }
    asked
        .and_then(|value| Lang::from_str(value, true).ok())
        .unwrap_or_default()
}

/// For a command line that starts with a position instead of a subcommand (`nimsolve 1 2 3`,
/// `nimsolve kayles 10`): the command to run it with `analyze`, the words of the command line
/// kept (`analyze 1 2 3`).
fn position_command(e: &clap::Error, args: &[String]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::InvalidSubcommand {
        return None;
    }
    let Some(ContextValue::String(token)) = e.get(ContextKind::InvalidSubcommand) else {
        return None;
    };
    let at = args.iter().skip(1).position(|a| a == token)? + 1;
    let rest = &args[at..];
    nimsolve::parse_sum(&rest.join(" "), &Rules::nim()).ok()?;
    let quoted: Vec<String> = args[1..at]
        .iter()
        .map(|a| shell_word(a))
        .chain(std::iter::once("analyze".to_string()))
        .chain(rest.iter().map(|a| shell_word(a)))
        .collect();
    Some(quoted.join(" "))
}

/// `word` as a shell word: as it is when it is plain, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.,:+=/".contains(&b));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// Standard output whose errors say that writing it failed (`> /dev/full`: "writing standard
/// output: No space left on device"), keeping their kind so a closed pipe is still recognised.
struct Stdout<W>(W);

fn write_failed(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), WriteFailed(e))
}

impl<W: Write> Write for Stdout<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(write_failed)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(write_failed)
    }
}

/// Runs `work`; if it takes more than a second and standard error is a terminal, `notice` stands
/// on standard error until it ends (then the line is cleared): a long computation says what it
/// is doing instead of going silent.
fn with_notice<T>(notice: String, work: impl FnOnce() -> T) -> T {
    if !io::stderr().is_terminal() {
        return work();
    }
    let (done, waiting) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let shown = scope.spawn(move || {
            let timeout = std::sync::mpsc::RecvTimeoutError::Timeout;
            if waiting.recv_timeout(std::time::Duration::from_secs(1)) == Err(timeout) {
                let _ = write!(io::stderr(), "{notice}");
                // Until `work` ends and `done` is dropped.
                let _ = waiting.recv();
                let _ = write!(io::stderr(), "\r\x1b[K");
            }
        });
        let out = work();
        drop(done);
        let _ = shown.join();
        out
    })
}
