//! Typed errors of the library. Each variant carries what its message needs: the token (shown
//! with `{:?}` so control characters cannot reach a terminal), the limit and its value (how to
//! raise a limit is the caller's to say: the command line names its flag).

use thiserror::Error;

/// Why a numeral is not a pile size.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NumberError {
    /// Nothing where a number was expected.
    #[error("empty number")]
    Empty,
    /// A byte that is not an ASCII digit, at `index` (0-based) in the token.
    #[error("character {index} is not a digit 0-9")]
    NotADigit {
        /// 0-based byte index of the offending character in the token.
        index: usize,
    },
}

/// Why a line (or an argument) is not a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A token that is not a non-negative decimal integer.
    #[error("pile {token:?} at column {column} is not a non-negative integer: {why}")]
    BadPile {
        /// The offending token, as written (invalid UTF-8 replaced by U+FFFD).
        token: String,
        /// 1-based byte column where the token starts.
        column: usize,
        /// What is wrong with it.
        why: String,
    },
    /// Two commas with nothing between them, or a comma with no pile before or after it.
    #[error("empty pile at column {column}: a comma must stand between two piles")]
    EmptyPile {
        /// 1-based byte column of the comma.
        column: usize,
    },
    /// A game spec that is not one (`chess`, `max-take:0`).
    #[error("game {spec:?} at column {column}: {why}")]
    BadRules {
        /// The spec as written (cut to 40 characters).
        spec: String,
        /// 1-based byte column where it starts.
        column: usize,
        /// Why not.
        why: RuleError,
    },
    /// A game spec after the first pile of its component.
    #[error(
        "game {spec:?} at column {column} follows a pile: a game's name comes first in its component (separate components with +)"
    )]
    MisplacedRules {
        /// The spec as written.
        spec: String,
        /// 1-based byte column where it starts.
        column: usize,
    },
    /// A `+` with no component before or after it.
    #[error(
        "empty component at column {column}: a component holds a game or a pile, and a + stands between two of them"
    )]
    EmptyComponent {
        /// 1-based byte column of the `+`.
        column: usize,
    },
    /// A component with the wrong number of piles for its game.
    #[error(
        "component {component} ({game}) has {piles} {}, but {game} is played on exactly {needs}",
        if *.piles == 1 { "pile" } else { "piles" }
    )]
    ComponentPiles {
        /// 1-based component number.
        component: usize,
        /// The component's spec.
        game: String,
        /// Piles given.
        piles: usize,
        /// Piles the family needs.
        needs: usize,
    },
    /// A position of one component with the wrong number of piles for its game.
    #[error("the game {game} is played on exactly {needs} piles, got {piles}")]
    Piles {
        /// The game's spec.
        game: String,
        /// Piles given.
        piles: usize,
        /// Piles the family needs.
        needs: usize,
    },
}

/// Why a rule (a game's parameters) cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// A game name no family has.
    #[error("unknown game {name:?}: the games are {known}")]
    UnknownGame {
        /// The name as written.
        name: String,
        /// The specs of every family.
        known: String,
    },
    /// A family that needs an argument was written without one (`max-take`).
    #[error("the game needs its parameter: write it as {syntax}")]
    MissingArgument {
        /// The spec with its parameter, e.g. `max-take:K`.
        syntax: &'static str,
    },
    /// A family that takes no argument was given one (`nim:3`).
    #[error("{game} takes no parameter, but {arg:?} was given after the colon")]
    UnexpectedArgument {
        /// The family's keyword.
        game: &'static str,
        /// The argument as written.
        arg: String,
    },
    /// An octal code no game has, or written wrongly.
    #[error("octal:{code} — {why}")]
    BadOctal {
        /// The code as written.
        code: String,
        /// What is wrong, in words.
        why: String,
    },
    /// K of take 1..K is not a whole number.
    #[error("max-take:{text} — K must be a whole number K ≥ 1 (ASCII digits only)")]
    BadMaxTake {
        /// The text after the colon.
        text: String,
    },
    /// At most 0 per take: no move would be possible.
    #[error("K of max-take must be at least 1 (a move takes 1..K objects)")]
    ZeroMaxTake,
    /// A subtraction set that names no amount.
    #[error(
        "the subtraction set is empty: give amounts like 2,5,7, a range like 1..5, powers-of-two or fibonacci"
    )]
    EmptySet,
    /// A subtraction set containing 0 (a move must take something).
    #[error("the subtraction set contains 0, but a move must take at least one object")]
    ZeroInSet,
    /// An empty field of the subtraction set: two commas with nothing between them, or a comma
    /// at either end (`1,,2`).
    #[error(
        "subtraction set {set:?}: field {field} is empty (a comma must stand between two amounts)"
    )]
    EmptySetField {
        /// The whole set as given.
        set: String,
        /// 1-based number of the empty field.
        field: usize,
    },
    /// A token of the subtraction set that is not an amount.
    #[error(
        "subtraction set: {token:?} is not a positive integer, a range A..B, powers-of-two or fibonacci"
    )]
    BadSetToken {
        /// The offending token.
        token: String,
    },
    /// A range whose first end is larger than its second.
    #[error(
        "subtraction set: the range {token:?} is empty (write the smaller end first, e.g. 1..5)"
    )]
    EmptyRange {
        /// The range as written.
        token: String,
    },
    /// An amount larger than the set limit.
    #[error(
        "subtraction set: amount {amount} is larger than the limit {limit} (the Grundy table needs one entry per unit of the largest amount)"
    )]
    AmountTooLarge {
        /// The amount given.
        amount: String,
        /// The largest amount accepted.
        limit: u64,
    },
    /// A set with more amounts than the limit.
    #[error("subtraction set: {count} amounts is more than the limit {limit}")]
    SetTooLarge {
        /// How many amounts were given (after removing duplicates, for ranges before expanding).
        count: String,
        /// The largest number of amounts accepted.
        limit: u64,
    },
}

/// The limits of [`crate::Limits`], as an error names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// The most entries of a Grundy table.
    Table,
    /// The most steps of an exhaustive search or of listing winning moves.
    Search,
}

impl SolveError {
    /// The limit that stopped the computation, and whether raising it (`true`) or lowering it
    /// (`false`: the search ran out of memory) would help.
    pub fn limit(&self) -> Option<(Limit, bool)> {
        match self {
            SolveError::TableLimit { .. } | SolveError::BreakWork { .. } => {
                Some((Limit::Table, true))
            }
            SolveError::NoPeriodWithin { out_of_memory, .. } => {
                (!out_of_memory).then_some((Limit::Table, true))
            }
            SolveError::SearchLimit { .. } => Some((Limit::Search, true)),
            SolveError::SearchMemory { .. } => Some((Limit::Search, false)),
            SolveError::ComponentPiles { .. }
            | SolveError::NotAPosition { .. }
            | SolveError::NoQuotient { .. } => None,
        }
    }
}

/// Why a position cannot be solved under a game's rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// A game played on a fixed number of piles (Wythoff's game: two) was given another.
    #[error("the game {game} is played on exactly {needs} piles, got {piles}")]
    ComponentPiles {
        /// The game's spec.
        game: String,
        /// The piles it needs.
        needs: usize,
        /// The number of piles given.
        piles: usize,
    },
    /// A game that breaks heaps into three spends about n²/12 steps on the value of heap n: its
    /// table is held to 100 steps an entry of the table limit.
    #[error(
        "pile {pile} lies beyond the Grundy table of a game that breaks heaps into three: 100 steps an entry of the table limit {limit} reach heaps below {entries}"
    )]
    BreakWork {
        /// The pile whose value was asked.
        pile: String,
        /// The heaps the work allows.
        entries: u64,
        /// The table limit in force.
        limit: u64,
    },
    /// A Grundy table would exceed its limit.
    #[error("pile {pile} needs a Grundy table of {needed} entries, more than the limit {limit}")]
    TableLimit {
        /// The pile whose value was asked.
        pile: String,
        /// Entries the table would need.
        needed: String,
        /// The limit in force.
        limit: u64,
    },
    /// A finite subtraction set's pile lies beyond its Grundy table, and no period was proven
    /// within the table.
    #[error(
        "pile {pile} lies beyond the Grundy table, and no period was proven within its {entries} entries ({bound})"
    )]
    NoPeriodWithin {
        /// The pile whose value was asked.
        pile: String,
        /// Entries the table reached.
        entries: u64,
        /// What stopped the table, in words.
        bound: String,
        /// Whether memory ran out before the limit (raising it would not help).
        out_of_memory: bool,
    },
    /// An exhaustive game-tree search would exceed its limit.
    #[error(
        "{what} has no closed form here and needs an exhaustive search of up to {needed} steps, more than the limit {limit}"
    )]
    SearchLimit {
        /// What is being searched (e.g. "misère play of a subtraction game").
        what: &'static str,
        /// An upper bound of the steps the search would take (positions × moves from each).
        needed: String,
        /// The limit in force.
        limit: u64,
    },
    /// An exhaustive search ran out of memory (the search limit was raised past what this
    /// machine, or its `ulimit -v`, allows).
    #[error("the exhaustive search ran out of memory after {positions} positions")]
    SearchMemory {
        /// The positions searched (remembered or on the stack) when memory ran out.
        positions: usize,
    },
    /// No misère quotient of a game was proven for the heaps asked.
    #[error("no misère quotient of {game} was proven for heaps up to {heaps}: {why}")]
    NoQuotient {
        /// The game's spec.
        game: String,
        /// The largest heap asked for.
        heaps: u64,
        /// Whether the heaps asked matter: `false` when no heaps would do (not a heap game,
        /// or not every heap is a position of it).
        sizes_matter: bool,
        /// Why, in words.
        why: String,
    },
    /// A pile that is no position of its game (digital deletions: a pile is 1 followed by the
    /// digits, so it starts with the digit 1).
    #[error("pile {pile} is no position of {game}: {why}")]
    NotAPosition {
        /// The game's spec.
        game: String,
        /// The pile.
        pile: String,
        /// Why, in words.
        why: String,
    },
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The pile number is not a pile of the position.
    #[error("there is no pile {pile} (the position has {piles} piles)")]
    NoSuchPile {
        /// 1-based pile number asked for.
        pile: usize,
        /// Number of piles.
        piles: usize,
    },
    /// The move is not allowed by the rules.
    #[error("illegal move: {why}")]
    Illegal {
        /// Why not.
        why: String,
    },
}

/// Why a replayed game cannot go on.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// A strategy's analysis failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A strategy chose a move the rules forbid.
    #[error(transparent)]
    Illegal(#[from] MoveError),
    /// A strategy had no move although one exists.
    #[error("the player found no move to play")]
    NoMove,
}
