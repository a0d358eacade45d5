//! The command line, as clap derive types. The help text lives in the doc comments.

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::cli::i18n::Lang;
use crate::cli::style::ColorChoice;

const AFTER_HELP: &str = "\
Examples:
  nimsolve analyze 3 5 7              # who wins, and every winning move
  nimsolve move --misere 1 1 4        # the move to play, misère play
  nimsolve analyze --explain 7 8 9    # the reasoning, bit by bit
  nimsolve analyze --lang zh 3 5 7    # in Chinese (利己态, 利他态, 孤单堆, …)
  nimsolve analyze kayles 10 + nim 3  # a Kayles row plus a Nim heap (a sum)
  nimsolve completions bash           # tab completion; also zsh, fish, powershell, elvish
  nimsolve man | man -l -             # the manual page

Input: PILES are non-negative integers of any length, exact (no floating point, no wraparound),
separated by spaces, tabs or commas: `3 5 7`, `3,5,7`; a sum joins components with +, each
under the game its spec names (none: the game of --game, Nim by default): `3 5 7 + wythoff 3 5`.
With no PILES, positions are read from standard input, one per line; blank lines and lines
starting with # are skipped, a UTF-8 byte order mark and CRLF line endings are accepted. Write
the empty position as 0. The grammar:
  position  = component ( \"+\" component )*
  component = blank* [ spec blank+ ] [ pile ( separator pile )* ] blank*
  spec      = nim | max-take:K | subtract:SET | wythoff | octal:CODE | kayles | dawsons-kayles
            | dawsons-chess | officers | grundys-game | laskers-nim | rule:{RULE}
            | kiki | multiply | calendar | digits | staircase | slide | turning-turtles
            | twins | mock-turtles | ruler | turning-corners | euclid | dynamic:K
            | fibonacci-nim | moore:K | hackenbush
            | graph:FILE
                                           (any case, no blank inside but in braces)
  separator = blank+ | blank* \",\" blank*
  blank     = \" \" | tab | \"(\" | \")\"       (also full-width brackets; \"，\" is a comma)
  pile      = digit+                   ASCII 0-9, leading zeros allowed
A component holds a spec or a pile or both; Wythoff's and kiki's hold two piles; a coin game's
piles are its heads (turning-corners: X:Y each, from 0); a hackenbush graph's are its edges A-B
(0 the ground), the graph without edges written as the spec alone; a graph's are the names of
the vertices its tokens stand on (FILE: one vertex a line, `name: successor …`, # comments; a
graph with cycles may draw). Signs, decimal points, exponents, hex, non-ASCII digits, other
whitespace and empty fields between commas are rejected, naming the line, the token, its column
and why.

Exit status: 0 success; 1 with -q when the player to move loses, or when output cannot be
written; 2 usage or input errors (a bad line of a batch is reported and the rest still answered);
130 when Ctrl-C interrupts the trainer at its prompt.";

/// Solve Nim and its relatives exactly: who wins, every winning move, the move to play, whole
/// games replayed move by move.
#[derive(Debug, Parser)]
#[command(name = "nimsolve", version, about, after_help = AFTER_HELP, propagate_version = true, arg_required_else_help = false)]
pub struct Cli {
    /// When to colour the human output: the outcome, the winning moves, the nim-sum's highest
    /// bit. JSON is never coloured.
    #[arg(long, value_name = "WHEN", value_enum, global = true, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// The language of the human output and of error messages. JSON is never translated.
    #[arg(long, value_name = "LANG", value_enum, global = true, default_value_t = Lang::En)]
    pub lang: Lang,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Who wins a position, its state and Grundy value, and every winning move.
    #[command(after_help = "Examples:
  nimsolve analyze 3 5 7                               # N-position (S2), 3 winning moves
  nimsolve analyze --misere 1 1 1                      # P-position under misère play
  nimsolve analyze --explain 14 21 39                  # the reasoning, bit by bit
  nimsolve analyze --subtract 2,5 2 4 7                # a subtraction game (Sprague–Grundy)
  nimsolve analyze --wythoff 3 5                       # a Wythoff pair: P-position
  nimsolve random --count 3 | nimsolve analyze --json  # one JSON object per input line
  if nimsolve analyze -q 3 5 7; then echo win; fi      # exit status 0: the player to move wins")]
    Analyze(AnalyzeArgs),
    /// The move to play: a winning move, or in a lost position the move that holds out longest.
    #[command(
        name = "move",
        after_help = "Examples:
  nimsolve move 3 5 7            # take 1 from pile 1 (3 → 2)
  nimsolve move --misere 1 1 4   # take 3 from pile 3 (4 → 1)
  nimsolve move --all 7 11 13    # every winning move
  nimsolve move --max-take 3 10  # the Bash game: take 2"
    )]
    Move(MoveArgs),
    /// Replay a whole game move by move: (7,8,9) → (1,8,9) → … → (0,0,0); or play one yourself
    /// against the engine (--first human or --second human).
    #[command(after_help = "Examples:
  nimsolve play 7 8 9                                           # both players perfect
  nimsolve play --second random --seed 4 7 8 9                  # random replies, same every time
  nimsolve play --misere --json 1 2 3                           # one JSON object per move
  nimsolve play --first human 3 4 5                             # you first, against perfect play
  nimsolve play --second human --level easy $(nimsolve random)  # an easy engine moves first

Playing yourself: type a move as PILE TAKE (3 2 takes 2 from pile 3; Wythoff's game also both
TAKE, or both PILE TAKE in a sum), or hint (ask again for more: who wins, which pile, the move),
undo, show, help, quit (or 提示, 悔棋, 显示, 帮助, 退出). After each of your moves the coach says whether
it kept the win, threw it away (naming the winning move) or the position was already lost;
--no-coach plays blind. On a terminal lines are edited with history (the prompt is on the
terminal); otherwise moves are read line by line, and the game stops cleanly at the end of the
input.")]
    Play(PlayArgs),
    /// The Grundy values (nimbers) of single piles, with the sequence's period and its proof.
    #[command(after_help = "Examples:
  nimsolve grundy --subtract 1,3,4 --upto 20                   # g(0..20), preperiod 0, period 7
  nimsolve grundy --subtract 2,5 1000000000000000000           # one huge pile, by the period
  nimsolve grundy --wythoff --upto 9                           # the 10×10 table of Wythoff's game
  nimsolve grundy --wythoff --upto 30 --svg > wythoff.svg      # its P-positions, drawn
  nimsolve grundy --game kayles --upto 100 --svg > kayles.svg  # Kayles's Grundy values as bars")]
    Grundy(GrundyArgs),
    /// The misère quotient of a heap game (Plambeck–Siegel): its presentation, P-portion and
    /// the class of each heap, proven by the quotient check.
    #[command(after_help = "Examples:
  nimsolve quotient --subtract 1,3,4          # tame: misère Nim's quotient, every heap
  nimsolve quotient --max-take 2 --json       # one JSON object
  nimsolve quotient --game kayles --heaps 20  # the heaps up to 20")]
    Quotient(QuotientArgs),
    /// Nimber arithmetic: nim-sum (+), nim-product (*), nim-quotient (/) and powers (^) of
    /// numbers of any size, exact (Conway's field of nimbers).
    #[command(after_help = "Examples:
  nimsolve nimber '8*8'                  # 13: Conway's nim-product
  nimsolve nimber --explain '8*8'        # its Fermat-power steps: 8 = 2·4 + 0 with F = 4
  nimsolve nimber '1/2'                  # 3: the nim-inverse of 2 (2 ⊗ 3 = 1)
  nimsolve nimber '(3+5)*7^2'            # + nim-sum, * product, / quotient, ^ power
  nimsolve nimber --json '2*3'           # {\"expression\":\"2*3\",\"value\":1}

Precedence: ^ before * and /, before +; * / + group from the left; a^b^c is refused (write
(a^b)^c). The exponent of ^ is an ordinary whole number. ⊕ ⊗ ⊘ may stand for + * /. Quote
the expression for the shell (* is a wildcard); several words are joined with spaces. A bad
expression names its column (in characters) and token, exit status 2.")]
    Nimber(NimberArgs),
    /// Random practice positions, one per line, ready to pipe into analyze or to play.
    #[command(after_help = "Examples:
  nimsolve random                                                      # 3 to 5 piles of 1 to 9
  nimsolve random --count 5 --losing --seed 1                          # five P-positions, seeded
  nimsolve random --piles 2..3 --max 20 --count 10 | nimsolve analyze  # ten positions analysed
  nimsolve random --wythoff --winning --max 30                         # a Wythoff N-position
  nimsolve play --first human $(nimsolve random --winning)             # practise a won position")]
    Random(RandomArgs),
    /// Answer an online judge's problem: its input format on standard input, exactly the output
    /// its judge expects on standard output (a reference for stress-testing a solution).
    #[command(after_help = "Examples:
  nimsolve judge --list                             # every problem, its title and game
  printf '2\\n23 2\\n4 3\\n' | nimsolve judge hdu1846  # first, second

Bad input is reported with its line and token on standard error (exit status 2), after the
answers to the input before it. The output is the judge's, so --lang and --color are refused
(exit status 2). To stress-test a solution ./mine with a generator ./gen:
  ./gen | nimsolve judge hdu1850 > want; ./gen | ./mine > got; diff want got")]
    Judge(JudgeArgs),
    /// Review a game given as its successive positions, one a line: the move each step was,
    /// the state after it, and whether it won, threw the win away (a blunder) or was any move
    /// of a lost position.
    #[command(after_help = "Examples:
  printf '7 8 9\\n1 8 9\\n1 8 4\\n' | nimsolve review  # Bouton's worked game of Nim
  printf '3 4 5\\n3 4 4\\n' | nimsolve review         # a blunder: the winning move is named
  printf '3 5\\n3 4\\n1 2\\n' > game.txt               # a game of Wythoff's, in a file
  nimsolve review --wythoff --json game.txt         # JSON Lines, one object a step
  nimsolve review --wythoff --lang zh game.txt      # in Chinese: 奇异局势 for a P-position
  nimsolve review examples/bouton-7-8-9.txt         # a whole game, in the source repository

Each line is a position in the grammar of analyze (a sum too: 3 5 + wythoff 4 7), or several
joined by arrows (7 8 9 → 1 8 9, or ->); blank lines and lines starting with # are skipped. A
game named on a position carries to later positions of piles alone (kayles 10, then 1 8).
Verdicts: wins (the move reaches a P-position), blunder (from an N-position to an N-position;
the winning move is named), lost (any move from a P-position). A step that no single legal move
makes is reported with its line and why, and the review goes on from that line, the same player
still to move; the exit status is then 2. The winner is named only when a legal move leaves no
move; a line after that position is reported and not judged (exit status 2).")]
    Review(ReviewArgs),
    /// Print a shell completion script for bash, zsh, fish, powershell or elvish.
    #[command(after_help = "Examples:
  # the directories bash, zsh (with fpath+=~/.zfunc in ~/.zshrc) and fish read:
  mkdir -p ~/.local/share/bash-completion/completions ~/.zfunc ~/.config/fish/completions
  nimsolve completions bash > ~/.local/share/bash-completion/completions/nimsolve
  nimsolve completions zsh > ~/.zfunc/_nimsolve
  nimsolve completions fish > ~/.config/fish/completions/nimsolve.fish
  nimsolve completions powershell > nimsolve.ps1  # then . ./nimsolve.ps1 in $PROFILE
  nimsolve completions elvish > nimsolve.elv      # then eval (slurp < nimsolve.elv) in rc.elv")]
    Completions(CompletionsArgs),
    /// Print the manual page (roff), with every command's options, examples and exit status.
    #[command(after_help = "Examples:
  nimsolve man | man -l -                            # read it now
  # install it where man looks beside ~/.cargo/bin, where cargo install puts nimsolve:
  mkdir -p ~/.cargo/share/man/man1
  nimsolve man > ~/.cargo/share/man/man1/nimsolve.1  # then: man nimsolve")]
    Man,
}

/// A value taken as it is written, with the words shell completions offer for it (a rule spec
/// is checked by the library, which names what is wrong; completion only helps to type it).
#[derive(Clone)]
pub struct Completed(fn() -> Vec<String>);

impl clap::builder::TypedValueParser for Completed {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            (self.0)()
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

/// The start of every family's spec: `kayles`, `max-take:`, `octal:`.
fn game_specs() -> Vec<String> {
    nimsolve::games::FAMILIES
        .iter()
        .map(|f| match f.syntax.split_once(':') {
            Some((keyword, _)) => format!("{keyword}:"),
            None => f.keyword.to_string(),
        })
        .collect()
}

/// The subtraction sets known by name.
fn named_sets() -> Vec<String> {
    nimsolve::SubtractionSet::NAMED
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// The judge problems' names and their aliases (`hdu1846`, …, `poj1067`, `hdu1527`).
fn problem_names() -> Vec<String> {
    crate::cli::judge::PROBLEMS
        .iter()
        .flat_map(|p| std::iter::once(p.id).chain(p.aliases.iter().copied()))
        .map(str::to_string)
        .collect()
}

/// Options of `judge`.
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// List every problem with its title and the game it is.
    #[arg(long, conflicts_with = "problem")]
    pub list: bool,
    /// The problem: hdu1846, hdu1847, hdu1848, hdu1849, hdu1850, hdu2149, hdu2188, hdu2147,
    /// hdu1079, hdu1517, hdu1404, hdu1536, hdu1907, hdu2176, hdu2177, poj1067 (or hdu1527),
    /// hdu3404, hdu3537, hdu2516, hdu2486, hdu1525 (or poj2348), poj2234, hdu3032, hdu2509,
    /// hdu1730, poj1704, hdu1524, hdu3094, poj3710.
    #[arg(
        value_name = "PROBLEM",
        required_unless_present = "list",
        value_parser = Completed(problem_names),
        hide_possible_values = true
    )]
    pub problem: Option<String>,
}

/// Options of `nimber`.
#[derive(Debug, Args)]
pub struct NimberArgs {
    /// One JSON object: {"expression", "value"}.
    #[arg(long, conflicts_with = "explain")]
    pub json: bool,
    /// Show every operation: each nim-product's Fermat-power steps (a = a₁·F + a₀ at the
    /// Fermat 2-power F, the halves' products and the product by F/2), each quotient's inverse.
    #[arg(long)]
    pub explain: bool,
    /// The expression (several words are joined with spaces).
    #[arg(value_name = "EXPR", required = true, allow_negative_numbers = true)]
    pub expression: Vec<String>,
}

/// Options of `completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The rule flags shared by every subcommand.
#[derive(Debug, Clone, Args)]
pub struct RuleArgs {
    /// Misère play: the player who takes the last object loses.
    #[arg(long)]
    pub misere: bool,
    /// The game, as a spec of the position grammar: nim, max-take:K, subtract:SET, wythoff,
    /// octal:CODE, kayles, dawsons-kayles, dawsons-chess, officers, grundys-game, laskers-nim,
    /// rule:{RULE} (a heap rule you write: 'rule:{take t if t | n and t < n}'), kiki,
    /// multiply, calendar, digits, staircase, slide, turning-turtles, twins, mock-turtles,
    /// ruler, turning-corners, euclid, dynamic:K, fibonacci-nim, moore:K, hackenbush,
    /// graph:FILE (tokens on
    /// a directed graph read from FILE; `grundy --game graph:FILE` prints every vertex).
    /// A component of a position without a spec of its own is played under it [default: nim].
    #[arg(
        long,
        value_name = "SPEC",
        conflicts_with_all = ["max_take", "subtract", "wythoff"],
        value_parser = Completed(game_specs),
        hide_possible_values = true
    )]
    pub game: Option<String>,
    /// The Bash game: a move takes 1 to K from one pile (on several piles, a sum of Bash
    /// games). K ≥ 1, any size. The same as --game max-take:K.
    #[arg(long, value_name = "K", conflicts_with_all = ["subtract", "wythoff"])]
    pub max_take: Option<String>,
    /// Subtraction game: a move takes an amount in SET from one pile. SET is a list `2,5,7`, a
    /// range `1..5`, or `powers-of-two` or `fibonacci`. The same as --game subtract:SET.
    #[arg(
        long,
        value_name = "SET",
        conflicts_with = "wythoff",
        value_parser = Completed(named_sets),
        hide_possible_values = true
    )]
    pub subtract: Option<String>,
    /// Wythoff's game: two piles; take from one pile, or the same amount from both. The same
    /// as --game wythoff.
    #[arg(long)]
    pub wythoff: bool,
    /// Most entries of a Grundy table (subtraction games, Wythoff tables, the binary table of
    /// --explain).
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub table_limit: u64,
    /// Most steps of an exhaustive search (misère play of games other than Nim, remoteness; a
    /// position counts 8 steps plus its moves), and of listing a subtraction game's winning
    /// moves.
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
    /// Explain the reasoning: the piles (or their Grundy values) in binary and their xor, the
    /// state, the theorem, and the family's own steps (Nim's largest pile against the others,
    /// the Bash game's n = (K+1)·r + s, each heap's value as a mex or by its period, the
    /// Wythoff pair a move reaches).
    #[arg(long, conflicts_with = "quiet")]
    pub explain: bool,
    /// Print nothing; exit 0 if the player to move wins (in every position), 1 if not, 2 on error.
    #[arg(short, long)]
    pub quiet: bool,
    /// Also report remoteness for positions read from standard input (it is reported for
    /// positions given as arguments and with --explain; in a batch it costs a search per line).
    #[arg(long)]
    pub remoteness: bool,
    /// How the components (`3 4 + kayles 5`: two) are played together: disjunctive (the sum),
    /// conjunctive (move in every component; Smith's remoteness), continued (move in every
    /// component that has a move; suspense numbers), selective (move in any non-empty set).
    #[arg(long, value_enum, default_value_t = CompoundArg::Disjunctive)]
    pub compound: CompoundArg,
    /// The piles (none: read positions from standard input, one per line).
    #[arg(value_name = "PILES", allow_negative_numbers = true)]
    pub piles: Vec<String>,
}

/// How the components of a position are played together (Winning Ways, ch. 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum CompoundArg {
    /// The sum: a move moves in one component (Sprague–Grundy).
    #[default]
    Disjunctive,
    /// A move moves in every component; it ends when one has no move (Smith's remoteness).
    Conjunctive,
    /// A move moves in every component that has a move (suspense numbers, Every-SG).
    Continued,
    /// A move moves in any non-empty set of components.
    Selective,
}

impl CompoundArg {
    /// The library's compound.
    pub fn compound(self) -> nimsolve::Compound {
        match self {
            CompoundArg::Disjunctive => nimsolve::Compound::Disjunctive,
            CompoundArg::Conjunctive => nimsolve::Compound::Conjunctive,
            CompoundArg::Continued => nimsolve::Compound::Continued,
            CompoundArg::Selective => nimsolve::Compound::Selective,
        }
    }
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
    /// Also list every winning move (of the sum: not with --compound).
    #[arg(long, conflicts_with = "compound")]
    pub all: bool,
    /// How the components (`3 4 + kayles 5`: two) are played together: disjunctive (the sum),
    /// conjunctive (move in every component; Smith's remoteness), continued (move in every
    /// component that has a move; suspense numbers), selective (move in any non-empty set).
    #[arg(long, value_enum, default_value_t = CompoundArg::Disjunctive)]
    pub compound: CompoundArg,
    /// The piles (none: read positions from standard input, one per line).
    #[arg(value_name = "PILES", allow_negative_numbers = true)]
    pub piles: Vec<String>,
}

/// Who makes a player's moves in `play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PlayerKind {
    /// Perfect play (or, with --level easy or medium, an engine that sometimes errs).
    Optimal,
    /// Uniformly random legal moves (reproducible with --seed).
    Random,
    /// You: moves typed at the terminal (or read line by line from standard input).
    Human,
}

/// How strongly the `optimal` players play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Half of the moves (50%) are random legal moves.
    Easy,
    /// One move in five (20%) is a random legal move.
    Medium,
    /// Every move is perfect.
    Perfect,
}

/// Options of `play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The rules.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// One JSON object per move, then one with the winner (not with a human player).
    #[arg(long)]
    pub json: bool,
    /// Who plays first.
    #[arg(long, value_enum, default_value_t = PlayerKind::Optimal)]
    pub first: PlayerKind,
    /// Who plays second.
    #[arg(long, value_enum, default_value_t = PlayerKind::Optimal)]
    pub second: PlayerKind,
    /// Strength of the optimal players: easy and medium play a random legal move instead of
    /// the perfect one 50% and 20% of the time (drawn from --seed).
    #[arg(long, value_enum, default_value_t = LevelArg::Perfect)]
    pub level: LevelArg,
    /// Seed of the random players and of the engine's mistakes (the same seed always gives the
    /// same game) [default: a fresh seed each run, printed under the first line].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Play blind: no coach after your moves and no state tags on the move lines (only with a
    /// human player).
    #[arg(long)]
    pub no_coach: bool,
    /// Stop with an error if the game has not ended after this many moves.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub max_turns: u64,
    /// The starting piles.
    #[arg(value_name = "PILES", required = true, allow_negative_numbers = true)]
    pub piles: Vec<String>,
}

/// Options of `review`.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The rules.
    #[command(flatten)]
    pub rules: RuleArgs,
    /// One JSON object per step (JSON Lines): `legal`, `move`, `after`, `verdict`, ….
    #[arg(long)]
    pub json: bool,
    /// The file of positions, one a line (none, or -: standard input).
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
    /// Words after FILE: piles typed as arguments (`review 7 8 9`), refused with a message
    /// that says how a game is given.
    #[arg(hide = true, allow_negative_numbers = true)]
    pub extra: Vec<String>,
}

/// The most positions `random` prints in one run.
pub const MAX_RANDOM_COUNT: u64 = 1_000_000;
/// The most piles of a `random` position.
pub const MAX_RANDOM_PILES: usize = 1000;

/// A number of piles: `A..B` (both included) or `N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PileCount {
    /// The fewest piles.
    pub min: usize,
    /// The most piles.
    pub max: usize,
}

/// Reads `--piles`: `A..B` or `N`, with 1 ≤ A ≤ B ≤ [`MAX_RANDOM_PILES`].
fn pile_count(text: &str) -> Result<PileCount, String> {
    let usage = || {
        format!(
            "{text:?} is not a number of piles: give A..B (3..5) or N, from 1 to {MAX_RANDOM_PILES}"
        )
    };
    let number = |s: &str| -> Result<usize, String> {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(usage());
        }
        match s.parse::<usize>() {
            Ok(n) if (1..=MAX_RANDOM_PILES).contains(&n) => Ok(n),
            _ => Err(usage()),
        }
    };
    let (min, max) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b)?),
        None => {
            let n = number(text)?;
            (n, n)
        }
    };
    if min > max {
        return Err(format!(
            "{text:?}: the fewest piles, {min}, is more than the most, {max}"
        ));
    }
    Ok(PileCount { min, max })
}

/// Options of `random`.
#[derive(Debug, Args)]
pub struct RandomArgs {
    /// The rules (the outcome asked for by --losing or --winning is under them).
    #[command(flatten)]
    pub rules: RuleArgs,
    /// How many piles: A..B (both included) or N [default: 3..5; 2 with --wythoff].
    #[arg(long, value_name = "A..B", value_parser = pile_count)]
    pub piles: Option<PileCount>,
    /// The largest pile; each pile holds 1 to N objects (any size).
    #[arg(long, value_name = "N", default_value = "9")]
    pub max: String,
    /// How many positions (at most 1,000,000).
    #[arg(long, value_name = "C", default_value_t = 1)]
    pub count: u64,
    /// Seed of the generator: the same seed and options always give the same positions
    /// [default: a fresh seed each run].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Only P-positions: the player to move loses against perfect play.
    #[arg(long, conflicts_with = "winning")]
    pub losing: bool,
    /// Only N-positions: the player to move wins.
    #[arg(long)]
    pub winning: bool,
}

/// Options of `grundy`.
#[derive(Debug, Args)]
#[command(mut_arg("misere", |a| a.hide(true)))]
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
    /// Draw the values up to --upto as an SVG picture instead: a two-pile game's P-positions on
    /// the grid (Wythoff's game: its pairs), a heap game's Grundy sequence as bars.
    #[arg(long, requires = "upto", conflicts_with = "json")]
    pub svg: bool,
    /// Single piles whose Grundy values to print (none: g(0), …, g(20), as --upto 20).
    #[arg(value_name = "PILE", allow_negative_numbers = true)]
    pub piles: Vec<String>,
}

/// Options of `quotient`.
#[derive(Debug, Args)]
#[command(mut_arg("misere", |a| a.hide(true)))]
pub struct QuotientArgs {
    /// The rules (a quotient is of misère play; --misere changes nothing).
    #[command(flatten)]
    pub rules: RuleArgs,
    /// The heaps to cover when the quotient is not proven for every heap (for a game of
    /// pairs, both piles up to N) [default: 30].
    #[arg(long, value_name = "N")]
    pub heaps: Option<u64>,
    /// How many heaps' classes to list.
    #[arg(long, value_name = "N", default_value_t = 40)]
    pub show: u64,
    /// One JSON object.
    #[arg(long)]
    pub json: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// clap's own consistency checks of every flag and subcommand.
    #[test]
    fn cli_debug_assert() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_subcommand_has_examples() {
        for sub in Cli::command().get_subcommands() {
            let after = sub.get_after_help().map(ToString::to_string);
            assert!(
                after.is_some_and(|text| text.contains("Examples:")),
                "`nimsolve {} --help` has no examples",
                sub.get_name()
            );
        }
    }

    #[test]
    fn color_and_lang_are_global() {
        let cli = Cli::try_parse_from(["nimsolve", "analyze", "--color", "never", "--lang", "zh"])
            .unwrap();
        assert_eq!(cli.color, ColorChoice::Never);
        assert_eq!(cli.lang, Lang::Zh);
        let cli = Cli::try_parse_from(["nimsolve", "--lang", "zh", "move", "1"]).unwrap();
        assert_eq!(cli.lang, Lang::Zh);
        assert_eq!(cli.color, ColorChoice::Auto);
    }
}
