//! One function per subcommand: read the input, call the library, hand the results to render.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use nimsolve::{
    Game, Limits, Nat, Optimal, Play, RandomMoves, Replay, Rules, Strategy, SubtractionSet,
};

use crate::cli::{AnalyzeArgs, Command, GrundyArgs, MoveArgs, PlayArgs, PlayerKind, RuleArgs};
use crate::input::{Line, PositionReader, position_from_args};
use crate::render::{self, SequenceProof};

/// Exit status: success.
pub const EXIT_OK: u8 = 0;
/// Exit status: a "no" answer (`analyze -q` in a lost position) or output that cannot be written.
pub const EXIT_NO: u8 = 1;
/// Exit status: usage or input errors.
pub const EXIT_ERROR: u8 = 2;

impl RuleArgs {
    /// The game these flags describe.
    fn game(&self) -> Result<Game> {
        let rules = if let Some(k) = &self.max_take {
            let k = Nat::parse_decimal(k.trim().as_bytes())
                .map_err(|e| anyhow::anyhow!("--max-take {k:?}: {e}"))?;
            if k.is_zero() {
                return Err(nimsolve::RuleError::ZeroMaxTake.into());
            }
            Rules::MaxTake(k)
        } else if let Some(set) = &self.subtract {
            Rules::Subtract(SubtractionSet::parse(set)?)
        } else if self.wythoff {
            Rules::Wythoff
        } else {
            Rules::Nim
        };
        let play = if self.misere {
            Play::Misere
        } else {
            Play::Normal
        };
        let limits = Limits {
            table: self.table_limit,
            search: self.search_limit,
        };
        Ok(Game::new(rules, play, limits)?)
    }
}

/// Runs a command, writing results to `out`; returns the exit status.
///
/// # Errors
/// Usage errors found before any output, and write errors.
pub fn run(command: Command, out: &mut impl Write) -> Result<u8> {
    match command {
        Command::Analyze(args) => analyze(args, out),
        Command::Move(args) => advise(args, out),
        Command::Play(args) => play(args, out),
        Command::Grundy(args) => grundy(args, out),
    }
}

/// Calls `each` on every position: the PILES arguments, or the lines of standard input. A bad
/// line is reported (stderr, and through `bad` for JSON) and the others still answered.
/// Returns whether any line was bad.
fn for_each_position<W: Write>(
    piles: &[String],
    out: &mut W,
    json: bool,
    mut each: impl FnMut(&mut W, &[Nat]) -> Result<PositionResult>,
) -> Result<bool> {
    if !piles.is_empty() {
        let position = position_from_args(piles)?;
        return match each(out, &position)? {
            PositionResult::Done => Ok(false),
            PositionResult::Failed(e) => Err(e),
        };
    }
    let stdin = io::stdin();
    if stdin.is_terminal() {
        bail!(
            "no piles given and standard input is a terminal\n\
             usage: nimsolve analyze 3 5 7, or pipe positions in, one per line: nimsolve analyze < positions.txt\n\
             (see nimsolve --help)"
        );
    }
    let mut reader = PositionReader::new(stdin.lock());
    let mut any_bad = false;
    let mut report = |out: &mut W, line: u64, message: String| -> Result<()> {
        any_bad = true;
        eprintln!("nimsolve: error: line {line}: {message}");
        if json {
            render::error_json_line(out, line, &message)?;
        }
        Ok(())
    };
    while let Some((number, line)) = reader.next_line()? {
        match line {
            Line::Bad(e) => report(out, number, e.to_string())?,
            Line::Position(position) => {
                if let PositionResult::Failed(e) = each(out, position)? {
                    report(out, number, format!("{e:#}"))?;
                }
            }
        }
    }
    Ok(any_bad)
}

/// What became of one position: answered, or an error that belongs to that position alone
/// (a limit, a wrong number of piles), reported without stopping a batch.
enum PositionResult {
    Done,
    Failed(anyhow::Error),
}

fn analyze(args: AnalyzeArgs, out: &mut impl Write) -> Result<u8> {
    let game = args.rules.game()?;
    let label = render::GameLabel::new(&game);
    let rules_json = render::rules_json(&game);
    let wythoff = matches!(game.rules(), Rules::Wythoff);
    let mut all_win = true;
    let mut line = Vec::with_capacity(256);
    let any_bad = for_each_position(&args.piles, out, args.json, |out, piles| {
        // The one-line summary needs only the verdict, JSON the analysis, --explain both.
        let outcome = if args.json {
            let analysis = match game.analyze(piles) {
                Ok(a) => a,
                Err(e) => return Ok(PositionResult::Failed(e.into())),
            };
            render::analysis_json_line(out, &mut line, &rules_json, wythoff, &analysis)?;
            analysis.outcome
        } else if args.explain {
            let advice = match game.advise(piles) {
                Ok(a) => a,
                Err(e) => return Ok(PositionResult::Failed(e.into())),
            };
            render::explain(out, &game, &advice)?;
            advice.analysis.outcome
        } else {
            let verdict = match game.verdict(piles) {
                Ok(v) => v,
                Err(e) => return Ok(PositionResult::Failed(e.into())),
            };
            if !args.quiet {
                render::verdict_line(out, &mut line, &label, piles, &verdict)?;
            }
            verdict.outcome
        };
        all_win &= outcome.to_move_wins();
        Ok(PositionResult::Done)
    })?;
    Ok(if any_bad {
        EXIT_ERROR
    } else if args.quiet && !all_win {
        EXIT_NO
    } else {
        EXIT_OK
    })
}

fn advise(args: MoveArgs, out: &mut impl Write) -> Result<u8> {
    let game = args.rules.game()?;
    let any_bad = for_each_position(&args.piles, out, args.json, |out, piles| {
        let advice = match game.advise(piles) {
            Ok(a) => a,
            Err(e) => return Ok(PositionResult::Failed(e.into())),
        };
        if args.json {
            render::advice_json_line(out, &game, &advice, args.all)?;
        } else {
            render::advice_line(out, &game, &advice, args.all)?;
        }
        Ok(PositionResult::Done)
    })?;
    Ok(if any_bad { EXIT_ERROR } else { EXIT_OK })
}

fn strategy(kind: PlayerKind, seed: u64) -> Box<dyn Strategy> {
    match kind {
        PlayerKind::Optimal => Box::new(Optimal),
        PlayerKind::Random => Box::new(RandomMoves::new(seed)),
    }
}

fn player_name(kind: PlayerKind) -> &'static str {
    match kind {
        PlayerKind::Optimal => "optimal",
        PlayerKind::Random => "random",
    }
}

fn play(args: PlayArgs, out: &mut impl Write) -> Result<u8> {
    let game = args.rules.game()?;
    let start = position_from_args(&args.piles)?;
    // Check the start (shape, limits) before the first line is printed.
    game.analyze(&start)?;
    // The two random players draw from different streams of the same seed.
    let first = strategy(args.first, args.seed);
    let second = strategy(args.second, args.seed ^ 0x9E37_79B9_7F4A_7C15);
    if !args.json {
        render::play_header(
            out,
            &game,
            &start,
            player_name(args.first),
            player_name(args.second),
        )?;
    }
    let mut replay = Replay::new(&game, start, first, second);
    loop {
        if replay.turns() >= args.max_turns && replay.winner().is_none() {
            out.flush()?;
            bail!(
                "the game has not ended after {} moves (raise the limit with --max-turns)",
                args.max_turns
            );
        }
        let before = replay.piles().to_vec();
        let Some(turn) = replay.next_turn()? else {
            break;
        };
        if args.json {
            render::turn_json_line(out, &game, &before, &turn)?;
        } else {
            render::turn_line(out, &turn)?;
        }
    }
    let winner = replay.winner().context("the game ended with a move left")?;
    if args.json {
        render::winner_json_line(out, winner, replay.turns())?;
    } else {
        render::winner_line(out, &game, winner, replay.turns())?;
    }
    Ok(EXIT_OK)
}

fn grundy(args: GrundyArgs, out: &mut impl Write) -> Result<u8> {
    if args.rules.misere {
        bail!("Grundy values belong to normal play; --misere cannot be used with grundy");
    }
    let game = args.rules.game()?;
    let limit = game.limits().table;
    if let Rules::Wythoff = game.rules() {
        let Some(n) = args.upto else {
            bail!("with --wythoff, grundy prints the table of Grundy values: give --upto N");
        };
        let entries = (n as u128 + 1) * (n as u128 + 1);
        if entries > u128::from(limit) {
            bail!(
                "a {0}×{0} table has {entries} entries, more than the limit {limit} (raise it with --table-limit)",
                n + 1
            );
        }
        let table = nimsolve::wythoff::grundy_table(n as usize);
        render::wythoff_table(out, &table, args.json)?;
        return Ok(EXIT_OK);
    }
    if let Some(n) = args.upto {
        if n >= limit {
            bail!(
                "--upto {n} asks for more values than the limit {limit} (raise it with --table-limit)"
            );
        }
        let values = (0..=n)
            .map(|i| Ok(game.pile_grundy(&Nat::from(i))?.unwrap_or_default()))
            .collect::<Result<Vec<Nat>>>()?;
        render::grundy_sequence(out, &game, &values, &sequence_proof(&game), args.json)?;
        return Ok(EXIT_OK);
    }
    let piles = position_from_args(&args.piles)?;
    let values = piles
        .into_iter()
        .map(|p| {
            let g = game.pile_grundy(&p)?.unwrap_or_default();
            Ok((p, g))
        })
        .collect::<Result<Vec<_>>>()?;
    render::grundy_values(out, &game, &values, args.json)?;
    Ok(EXIT_OK)
}

fn sequence_proof(game: &Game) -> SequenceProof {
    match game.rules() {
        Rules::Nim => SequenceProof::ClosedForm {
            formula: "g(n) = n".into(),
            period: None,
        },
        Rules::MaxTake(k) => SequenceProof::ClosedForm {
            formula: format!("g(n) = n mod {}", k.add(&Nat::ONE)),
            period: k.add(&Nat::ONE).to_u64(),
        },
        Rules::Subtract(SubtractionSet::PowersOfTwo) => SequenceProof::ClosedForm {
            formula: "g(n) = n mod 3 (every power of two is 1 or 2 mod 3)".into(),
            period: Some(3),
        },
        Rules::Subtract(SubtractionSet::Fibonacci) => SequenceProof::Table,
        Rules::Subtract(SubtractionSet::Finite(_)) => game
            .analyze(&[])
            .ok()
            .and_then(|a| a.periodicity)
            .map_or(SequenceProof::Table, SequenceProof::Periodic),
        Rules::Wythoff => SequenceProof::Table,
    }
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
pub fn main_with_args(cli: crate::cli::Cli) -> ExitCode {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = run(cli.command, &mut out).and_then(|code| {
        out.flush()?;
        Ok(code)
    });
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) if is_broken_pipe(&e) => ExitCode::from(EXIT_OK),
        Err(e) => {
            let _ = out.flush();
            let is_write = e.chain().any(|c| c.downcast_ref::<io::Error>().is_some());
            eprintln!("nimsolve: error: {e:#}");
            ExitCode::from(if is_write { EXIT_NO } else { EXIT_ERROR })
        }
    }
}
