//! The command line, as clap derive types. The help text lives in the doc comments.

use clap::{Args, Parser, Subcommand, ValueEnum};

const AFTER_HELP: &str = "\
Input: PILES are non-negative integers of any length, exact (no floating point, no wraparound),
separated by spaces, tabs or commas: `3 5 7`, `3,5,7`. With no PILES, positions are read from
standard input, one per line; blank lines and lines starting with # are skipped, a UTF-8 byte
order mark and CRLF line endings are accepted. Write the empty position as 0.

Exit status: 0 success; 1 with -q when the player to move loses, or when output cannot be
written; 2 usage or input errors (a bad line of a batch is reported and the rest still answered).";

/// Solve Nim and its relatives exactly: who wins, every winning move, the move to play, whole
/// games replayed move by move.
#[derive(Debug, Parser)]
#[command(name = "nimsolve", version, about, after_help = AFTER_HELP, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Who wins a position, its state and Grundy value, and every winning move.
    #[command(after_help = "Examples:
  nimsolve analyze 3 5 7                  N-position (S2), 3 winning moves
  nimsolve analyze --misere 1 1 1         P-position under misère play
  nimsolve analyze --explain 14 21 39     the notes' reasoning, bit by bit
  nimsolve analyze --subtract 2,5 2 4 7   a subtraction game (Sprague–Grundy)
  nimsolve analyze --wythoff 3 5          a Wythoff pair: P-position
  nimsolve analyze --json < positions.txt one JSON object per input line
  if nimsolve analyze -q 3 5 7; then echo win; fi")]
    Analyze(AnalyzeArgs),
    /// The move to play: a winning move, or in a lost position the fallback move (take one from the largest pile).
    #[command(
        name = "move",
        after_help = "Examples:
  nimsolve move 3 5 7                     take 1 from pile 1 (3 → 2)
  nimsolve move --misere 1 1 4            take 3 from pile 3 (4 → 1)
  nimsolve move --all 7 11 13             every winning move
  nimsolve move --max-take 3 10           the Bash game: take 2"
    )]
    Move(MoveArgs),
    /// Replay a whole game move by move: (7,8,9) → (1,8,9) → … → (0,0,0).
    #[command(after_help = "Examples:
  nimsolve play 7 8 9                     both players perfect
  nimsolve play --second random --seed 4 7 8 9
  nimsolve play --misere --json 1 2 3")]
    Play(PlayArgs),
    /// The Grundy values (nimbers) of single piles, with the sequence's period and its proof.
    #[command(after_help = "Examples:
  nimsolve grundy --subtract 1,3,4 --upto 20   g(0..20), preperiod 0, period 7
  nimsolve grundy --subtract 2,5 1000000000000000000
  nimsolve grundy --wythoff --upto 9           the 10×10 table of Wythoff's game")]
    Grundy(GrundyArgs),
}

/// The rule flags shared by every subcommand.
#[derive(Debug, Clone, Args)]
pub struct RuleArgs {
    /// Misère play: the player who takes the last object loses.
    #[arg(long)]
    pub misere: bool,
    /// Nim with at most K per take (one pile: the Bash game). K ≥ 1, any size.
    #[arg(long, value_name = "K", conflicts_with_all = ["subtract", "wythoff"])]
    pub max_take: Option<String>,
    /// Subtraction game: a move takes an amount in SET from one pile. SET is a list `2,5,7`, a
    /// range `1..5`, or `powers-of-two` or `fibonacci`.
    #[arg(long, value_name = "SET", conflicts_with = "wythoff")]
    pub subtract: Option<String>,
    /// Wythoff's game: two piles; take from one pile, or the same amount from both.
    #[arg(long)]
    pub wythoff: bool,
    /// Most entries of a Grundy table (subtraction games, Wythoff tables).
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub table_limit: u64,
    /// Most steps of an exhaustive search (misère play of games other than Nim).
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub search_limit: u64,
}

/// Options of `analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The rules.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// One JSON object per position (JSON Lines).
    #[arg(long, conflicts_with_all = ["explain", "quiet"])]
    pub json: bool,
    /// Explain the reasoning: piles in binary, the nim-sum, the state and the theorem.
    #[arg(long, conflicts_with = "quiet")]
    pub explain: bool,
    /// Print nothing; exit 0 if the player to move wins (in every position), 1 if not, 2 on error.
    #[arg(short, long)]
    pub quiet: bool,
    /// The piles (none: read positions from standard input, one per line).
    #[arg(value_name = "PILES", allow_negative_numbers = true)]
    pub piles: Vec<String>,
}

/// Options of `move`.
#[derive(Debug, Args)]
pub struct MoveArgs {
    /// The rules.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// One JSON object per position (JSON Lines).
    #[arg(long)]
    pub json: bool,
    /// Also list every winning move.
    #[arg(long)]
    pub all: bool,
    /// The piles (none: read positions from standard input, one per line).
    #[arg(value_name = "PILES", allow_negative_numbers = true)]
    pub piles: Vec<String>,
}

/// Who makes a player's moves in `play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlayerKind {
    /// Perfect play.
    Optimal,
    /// Uniformly random legal moves (reproducible with --seed).
    Random,
}

/// Options of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The rules.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// One JSON object per move, then one with the winner.
    #[arg(long)]
    pub json: bool,
    /// Who plays first.
    #[arg(long, value_enum, default_value_t = PlayerKind::Optimal)]
    pub first: PlayerKind,
    /// Who plays second.
    #[arg(long, value_enum, default_value_t = PlayerKind::Optimal)]
    pub second: PlayerKind,
    /// Seed of the random players (the same seed always gives the same game).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Stop with an error if the game has not ended after this many moves.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub max_turns: u64,
    /// The starting piles.
    #[arg(value_name = "PILES", required = true, allow_negative_numbers = true)]
    pub piles: Vec<String>,
}

/// Options of `grundy`.
#[derive(Debug, Args)]
pub struct GrundyArgs {
    /// The rules (Grundy values are of normal play; --misere is refused).
    #[command(flatten)]
    pub rules: RuleArgs,
    /// Print g(0), g(1), …, g(N) (with --wythoff: the (N+1)×(N+1) table).
    #[arg(long, value_name = "N", conflicts_with = "piles")]
    pub upto: Option<u64>,
    /// One JSON object.
    #[arg(long)]
    pub json: bool,
    /// Single piles whose Grundy values to print.
    #[arg(
        value_name = "PILE",
        required_unless_present = "upto",
        allow_negative_numbers = true
    )]
    pub piles: Vec<String>,
}
