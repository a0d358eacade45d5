//! Typed errors of the library. Each variant carries what its message needs: the token (shown
//! with `{:?}` so control characters cannot reach a terminal), the limit and its value (how to
//! raise a limit is the caller's to say: the command line names its flag). A reason is a typed
//! value too ([`BadToken`], [`OctalError`], [`TableBound`], [`NoQuotientWhy`], …), never a
//! sentence: `Display` gives the English, and another language words each variant itself.

use thiserror::Error;

use crate::games::names::FamilyName;
use crate::name::Name;
use crate::nat::{Nat, join_heaps};

pub use crate::nat::{EdgeWhy, NumberError};

/// The words of [`PositionError::BadPile`]: a pile that is no number, or an edge of a graph
/// that is none.
fn bad_pile_message(token: &str, column: usize, why: &BadToken) -> String {
    match why {
        BadToken::Number(NumberError::NotAnEdge { .. }) => {
            format!("edge {token:?} at column {column} is not an edge: {why}")
        }
        _ => format!("pile {token:?} at column {column} is not a non-negative integer: {why}"),
    }
}

/// Why a line (or an argument) is not a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A token that is not a non-negative decimal integer.
    #[error("{}", bad_pile_message(.token, *.column, .why))]
    BadPile {
        /// The offending token, as written (invalid UTF-8 replaced by U+FFFD).
        token: String,
        /// 1-based byte column where the token starts.
        column: usize,
        /// What is wrong with it.
        why: BadToken,
    },
    /// A token of a graph's component that names no vertex of the graph.
    #[error("{token:?} at column {column} is not a vertex of the graph")]
    NoSuchVertex {
        /// The token, as written (cut to 40 characters).
        token: String,
        /// 1-based byte column where the token starts.
        column: usize,
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
    /// A component whose numbers are no position of its game (pieces on one cell).
    #[error(
        "{}{game} is no position: {why}",
        component.map_or(String::new(), |c| format!("component {c}: "))
    )]
    NotAState {
        /// 1-based component number in a sum of several.
        component: Option<usize>,
        /// The component's spec.
        game: String,
        /// Why not.
        why: StateWhy,
    },
    /// A component with the wrong number of piles for its game.
    #[error("component {component} ({game}): {}", piles_needed(game, *needs, *piles))]
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
    #[error("{}", piles_needed(game, *needs, *piles))]
    Piles {
        /// The game's spec.
        game: String,
        /// Piles given.
        piles: usize,
        /// Piles the family needs.
        needs: usize,
    },
}

impl PositionError {
    /// The same error with its column (where it has one) moved `by` bytes to the right: the
    /// error of a part of a line that starts at byte `by`, as a column of the whole line.
    pub fn shifted(self, by: usize) -> PositionError {
        match self {
            PositionError::BadPile { token, column, why } => PositionError::BadPile {
                token,
                column: column + by,
                why: why.shifted(by),
            },
            PositionError::EmptyPile { column } => PositionError::EmptyPile {
                column: column + by,
            },
            PositionError::BadRules { spec, column, why } => PositionError::BadRules {
                spec,
                column: column + by,
                why,
            },
            PositionError::MisplacedRules { spec, column } => PositionError::MisplacedRules {
                spec,
                column: column + by,
            },
            PositionError::EmptyComponent { column } => PositionError::EmptyComponent {
                column: column + by,
            },
            PositionError::NoSuchVertex { token, column } => PositionError::NoSuchVertex {
                token,
                column: column + by,
            },
            e @ (PositionError::ComponentPiles { .. }
            | PositionError::Piles { .. }
            | PositionError::NotAState { .. }) => e,
        }
    }
}

/// Why a token is not a pile size, naming the most likely mistake.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BadToken {
    /// A minus sign before digits.
    #[error("piles cannot be negative")]
    Negative,
    /// A `+` alone among the piles of one game.
    #[error("`+` joins the components of a sum, and these are the piles of one game")]
    Plus,
    /// A plus sign before digits.
    #[error("write the number without a sign")]
    Sign,
    /// Bytes that are not UTF-8.
    #[error("it is not valid UTF-8")]
    NotUtf8,
    /// A digit of another script (`３`, `٣`).
    #[error("only ASCII digits 0-9 are accepted")]
    NotAscii,
    /// A decimal point.
    #[error("piles are whole numbers")]
    NotWhole,
    /// `0x…`.
    #[error("hexadecimal is not accepted; write the number in decimal")]
    Hexadecimal,
    /// `1e5`.
    #[error("exponent notation is not accepted; write all the digits")]
    Exponent,
    /// A character that is not a digit; its 1-based column in the line when the token is cut
    /// short in the message and the character is not its first.
    #[error("{found:?} is not a digit 0-9{}", column.map_or(String::new(), |c| format!(" (column {c})")))]
    NotADigit {
        /// The character.
        found: char,
        /// Its column, when the message does not show it.
        column: Option<usize>,
    },
    /// What the number's reader says.
    #[error("{0}")]
    Number(NumberError),
}

impl BadToken {
    /// The same reason with its column (where it has one) moved `by` bytes to the right.
    pub fn shifted(self, by: usize) -> BadToken {
        match self {
            BadToken::NotADigit {
                found,
                column: Some(c),
            } => BadToken::NotADigit {
                found,
                column: Some(c + by),
            },
            other => other,
        }
    }
}

/// What is wrong with an octal code.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OctalError {
    /// Nothing was written.
    #[error("the code is empty; write it as d0.d1d2…, e.g. 0.77")]
    Empty,
    /// No point in the code.
    #[error("a code has a point: d0.d1d2…, e.g. 0.77 or .07")]
    NoPoint,
    /// A character that is not a hexadecimal digit.
    #[error("{0:?} is not a digit 0–9 or A–F")]
    NotHex(char),
    /// More than one digit before the point.
    #[error("d0, before the point, is one digit: 0, 4, 8 or C")]
    LongFirst,
    /// A first digit with bit 1 or 2.
    #[error("d0 must be 0, 4, 8 or C: a move that removes nothing must break the heap")]
    FirstRemovesNothing,
    /// More digits after the point than the most a code may have.
    #[error("a code has at most {0} digits after the point")]
    TooLong(usize),
    /// Every digit is 0.
    #[error("a code of only zeros allows no move")]
    AllZeros,
    /// Brackets that do not hold the last digits of a code, or hold none.
    #[error("the digits that repeat forever stand last, in brackets: 0.[7], 0.1[37]")]
    BadRepeat,
}

/// What a heap rule `rule:{…}` expected where it found something else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum RuleExpect {
    /// A number, a variable or `(`.
    #[error("a number, a variable or `(`")]
    Operand,
    /// A closing parenthesis.
    #[error("`)`")]
    Close,
    /// `;` between alternatives, or the end of the rule.
    #[error("`;` or the end of the rule")]
    Separator,
    /// A predicate after `is`.
    #[error("a predicate (prime, square, power of two, fibonacci, even, odd)")]
    Predicate,
    /// `of two` after `power`.
    #[error("`power of two`")]
    PowerOfTwo,
}

/// What is wrong with a heap rule `rule:{…}`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleSyntax {
    /// Nothing between the braces.
    #[error("the rule is empty; write e.g. rule:{{take t if t <= 3}}")]
    Empty,
    /// A `{` without its `}`.
    #[error("the brace opened here is never closed")]
    Unclosed,
    /// Text after the closing brace.
    #[error("{0:?} follows the closing brace")]
    AfterBrace(String),
    /// A character no token of a rule has.
    #[error("{0:?} is not a character of a rule")]
    BadChar(char),
    /// An alternative that starts with neither `take` nor `split`.
    #[error(
        "an alternative starts with `take t`, `split a b` or `take t split a b`, not {}",
        found_text(.0)
    )]
    NoForm(Option<String>),
    /// A form whose variable is not named as the rule's variables are.
    #[error("the form names its variable {expected}, not {}", found_text(.found))]
    FormVariable {
        /// The name it must have.
        expected: &'static str,
        /// What was written.
        found: Option<String>,
    },
    /// Something else than what the grammar needs here.
    #[error("expected {expected}, found {}", found_text(.found))]
    Expected {
        /// What was expected.
        expected: RuleExpect,
        /// What was found (`None`: the end of the rule).
        found: Option<String>,
    },
    /// A variable the alternative does not have.
    #[error("{name:?} is no variable of this alternative: its variables are {vars}")]
    UnknownVariable {
        /// The name as written.
        name: String,
        /// The alternative's variables: `n, t`.
        vars: &'static str,
    },
    /// A word after `is` that is no predicate.
    #[error(
        "{0:?} is no predicate: after `is` come prime, square, power of two, fibonacci, even, odd"
    )]
    UnknownPredicate(String),
    /// A number beyond 2^64 − 1.
    #[error("the number {0} is larger than 2^64 − 1")]
    NumberTooLarge(String),
    /// Parentheses, `not`s or minus signs nested deeper than a rule may.
    #[error("this nests more than {most} parentheses, `not`s or minus signs deep")]
    TooDeep {
        /// The deepest nesting read.
        most: usize,
    },
    /// More tokens than a rule may have.
    #[error("a rule has at most {most} tokens")]
    TooLong {
        /// The most tokens read.
        most: usize,
    },
    /// A number where a condition must stand.
    #[error("a condition is a comparison, a predicate or their and/or/not, not a number")]
    NotATruth,
    /// A condition where a number must stand.
    #[error("arithmetic and comparisons take numbers, not conditions")]
    NotANumber,
    /// `x < y < z`.
    #[error("comparisons do not chain; join them with `and`")]
    Chained,
}

/// `"x"`, or `the end of the rule`.
fn found_text(found: &Option<String>) -> String {
    match found {
        Some(t) => format!("{t:?}"),
        None => "the end of the rule".to_string(),
    }
}

/// ` (did you mean max-take:K?)`, or nothing.
/// `wythoff is played on exactly 2 piles, but 3 were given`.
fn piles_needed(game: &str, needs: usize, piles: usize) -> String {
    let given = if piles == 1 { "was" } else { "were" };
    format!("{game} is played on exactly {needs} piles, but {piles} {given} given")
}

fn did_you_mean(suggestions: &[&str]) -> String {
    match suggestions {
        [] => String::new(),
        [one] => format!(" (did you mean {one}?)"),
        [rest @ .., last] => format!(" (did you mean {} or {last}?)", rest.join(", ")),
    }
}

/// Why a rule (a game's parameters) cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// A game name no family has.
    #[error(
        "unknown game {name:?}{}: the games are {known}",
        did_you_mean(suggestions)
    )]
    UnknownGame {
        /// The name as written.
        name: String,
        /// The specs of every family.
        known: String,
        /// The specs of the families most likely meant (near spellings, most alike first, or
        /// the game's other name: `bash` for `max-take:K`); none when nothing is near.
        suggestions: Vec<&'static str>,
    },
    /// A spec with nothing before its colon (`:3`).
    #[error(
        "no game is named before the colon: a game is written as its name, then a colon and its parameter if it takes one, e.g. max-take:3"
    )]
    NoGameName,
    /// A family that needs an argument was written without one (`max-take`).
    #[error("the game needs its parameter: write it as {syntax}")]
    MissingArgument {
        /// The spec with its parameter, e.g. `max-take:K`.
        syntax: &'static str,
    },
    /// A family that takes no argument was written with a colon after it (`kiki:`).
    #[error("{game} takes no parameter: write it as {game}, without the colon")]
    StrayColon {
        /// The family's keyword.
        game: &'static str,
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
        /// What is wrong.
        why: OctalError,
    },
    /// A heap rule `rule:{…}` that cannot be read.
    #[error("{spec} — column {column}: {why}")]
    BadRule {
        /// The spec as written (cut to 40 characters).
        spec: String,
        /// 1-based column in the spec (in characters).
        column: usize,
        /// What is wrong.
        why: RuleSyntax,
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
    /// The K of `dynamic:K` or `moore:K` is not a whole number K ≥ 1.
    #[error("{game}:{text} — K must be a whole number K ≥ 1 (ASCII digits only)")]
    BadMultiplier {
        /// The family's keyword.
        game: &'static str,
        /// The text after the colon.
        text: String,
    },
    /// A set with more amounts than the limit.
    #[error("subtraction set: {count} amounts is more than the limit {limit}")]
    SetTooLarge {
        /// How many amounts were given (after removing duplicates, for ranges before expanding).
        count: String,
        /// The largest number of amounts accepted.
        limit: u64,
    },
    /// The file of `graph:FILE` cannot be read.
    #[error("graph:{file} — {}", if *missing { "there is no such file".to_string() } else { format!("the file cannot be read: {detail}") })]
    GraphFileUnreadable {
        /// The file as written.
        file: String,
        /// Whether there is no such file.
        missing: bool,
        /// The system's reason, when the file exists.
        detail: String,
    },
    /// A line of the file of `graph:FILE` that is no vertex's line.
    #[error("graph:{file} — {error}")]
    BadGraphFile {
        /// The file as written.
        file: String,
        /// The line, the token and why.
        error: crate::games::graph::theory::GraphParseError,
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
            SolveError::TableLimit { .. }
            | SolveError::PairTableLimit { .. }
            | SolveError::BreakWork { .. }
            | SolveError::RuleWork { .. } => Some((Limit::Table, true)),
            SolveError::NoPeriodWithin { out_of_memory, .. } => {
                (!out_of_memory).then_some((Limit::Table, true))
            }
            SolveError::SearchLimit { .. } | SolveError::CompoundSearch { .. } => {
                Some((Limit::Search, true))
            }
            SolveError::SearchMemory { .. } => Some((Limit::Search, false)),
            SolveError::ComponentPiles { .. }
            | SolveError::LoopyMisere { .. }
            | SolveError::NotAPosition { .. }
            | SolveError::NoQuotient { .. }
            | SolveError::CompoundMisere { .. } => None,
        }
    }
}

impl SolveError {
    /// The error as it is of component `index` (0-based) of a sum: an error that names a
    /// component's position says which component it is; the others are returned unchanged.
    pub(crate) fn in_component(self, index: usize) -> SolveError {
        match self {
            SolveError::PairTableLimit {
                spec,
                game,
                piles,
                needed,
                limit,
                ..
            } => SolveError::PairTableLimit {
                spec,
                game,
                piles,
                component: Some(index),
                needed,
                limit,
            },
            other => other,
        }
    }
}

/// Why a position cannot be solved under a game's rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// Misère play of tokens on a graph with cycles: not solved here.
    #[error(
        "misère play of {game} is not solved: its graph has cycles, so a play may go on for ever (normal play is decided by the generalised Sprague–Grundy function)"
    )]
    LoopyMisere {
        /// The game's spec.
        game: String,
    },
    /// A game played on a fixed number of piles (Wythoff's game: two) was given another.
    #[error("{}", piles_needed(game, *needs, *piles))]
    ComponentPiles {
        /// The game's spec.
        game: String,
        /// The piles it needs.
        needs: usize,
        /// The number of piles given.
        piles: usize,
    },
    /// A game that breaks heaps into three, or that breaks a heap in two after taking any
    /// amount, spends about n²/12 (n²/4) steps on the value of heap n: its table is held to
    /// 100 steps an entry of the table limit.
    #[error(
        "pile {pile} lies beyond the Grundy table of a game that {}: 100 steps an entry of the table limit {limit} reach heaps below {entries}",
        if *.three { "breaks heaps into three" } else { "breaks a heap in two after taking any amount" }
    )]
    BreakWork {
        /// The pile whose value was asked.
        pile: String,
        /// Whether the game breaks heaps into three (else in two after any take).
        three: bool,
        /// The heaps the work allows.
        entries: u64,
        /// The table limit in force.
        limit: u64,
    },
    /// A heap rule's options are listed a condition at a time: its table is held to
    /// `per_entry` conditions an entry of the table limit, `steps` in all.
    #[error(
        "pile {pile} lies beyond the Grundy table of a heap rule: {per_entry} conditions an entry of the table limit, {steps} in all, reach heaps below {entries}"
    )]
    RuleWork {
        /// The pile whose value was asked.
        pile: String,
        /// The heaps the work allows.
        entries: u64,
        /// Conditions allowed an entry of the table limit.
        per_entry: u64,
        /// Conditions allowed in all.
        steps: u64,
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
    /// The Grundy table of a two-pile component (Wythoff's game) would exceed its limit: the
    /// position `(a, b)` of the game, named as the game names it, and which component of a sum
    /// it is.
    #[error(
        "the position ({}, {}) of {game}{} needs a Grundy table of {needed} entries, more than the limit {limit}",
        piles[0],
        piles[1],
        component.map_or(String::new(), |c| format!(", component {},", c + 1))
    )]
    PairTableLimit {
        /// The game's spec (`wythoff`), for a message in another language.
        spec: &'static str,
        /// The game's name (`Wythoff's game`).
        game: &'static str,
        /// The two piles (boxed: the error stays small).
        piles: Box<[String; 2]>,
        /// The component (0-based) in a sum of several, `None` for a position of one.
        component: Option<usize>,
        /// Entries the table would need.
        needed: String,
        /// The limit in force.
        limit: u64,
    },
    /// A pile lies beyond a Grundy table (a finite subtraction set's, a take-and-break game's)
    /// grown as far as it may go, and the table's values prove no period. The message names
    /// what stopped the table once (the binary adds the flag that raises it).
    #[error(
        "pile {pile} lies beyond the Grundy table's {entries} entries ({bound}), and they prove no period"
    )]
    NoPeriodWithin {
        /// The pile whose value was asked.
        pile: String,
        /// Entries the table reached.
        entries: u64,
        /// What stopped the table (the table limit without its value: `entries` says it).
        bound: TableBound,
        /// Whether memory ran out before the limit (raising it would not help).
        out_of_memory: bool,
    },
    /// An exhaustive game-tree search would exceed its limit.
    #[error(
        "{what} has no closed form here and needs an exhaustive search of up to {needed} steps, more than the limit {limit}"
    )]
    SearchLimit {
        /// What is being searched.
        what: Searched,
        /// An upper bound of the steps the search would take (positions × moves from each).
        needed: String,
        /// The limit in force.
        limit: u64,
    },
    /// A component of a compound other than the sum needs an exhaustive search (of its
    /// remoteness or suspense number) longer than the search limit, or has a number too large
    /// for a search.
    #[error(
        "the {compound} compound needs component {component}'s {}, and its exhaustive search takes more than the search limit of {limit} steps",
        if *compound == "continued" { "suspense number" } else { "remoteness" }
    )]
    CompoundSearch {
        /// The compound's name (`conjunctive`, `continued`).
        compound: &'static str,
        /// The component (1-based).
        component: usize,
        /// The search limit in force.
        limit: u64,
    },
    /// Misère play of a compound other than the sum: remoteness, suspense numbers and the
    /// selective rule are theorems of normal play.
    #[error(
        "misère play of the {compound} compound is not solved here: its theorem (Smith's remoteness, suspense numbers, the selective rule) is of normal play"
    )]
    CompoundMisere {
        /// The compound's name.
        compound: &'static str,
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
        /// Why.
        why: NoQuotientWhy,
    },
    /// A pile that is no position of its game (digital deletions: a pile is 1 followed by the
    /// digits, so it starts with the digit 1).
    #[error("pile {pile} is no position of {game}: {why}")]
    NotAPosition {
        /// The game's spec.
        game: String,
        /// The pile.
        pile: String,
        /// Why.
        why: NotAPositionWhy,
    },
}

/// What stopped a Grundy table that proves no period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum TableBound {
    /// The table limit.
    #[error("the table limit")]
    TableLimit,
    /// Memory ran out first.
    #[error("memory ran out before the table limit; a table this long does not fit")]
    OutOfMemory,
    /// The mex steps of a large subtraction set: `per_entry` × the table limit = `steps`, each
    /// entry taking `amounts` steps.
    #[error(
        "at most {per_entry} × the table limit = {steps} mex steps, {amounts} for each entry of a set of {amounts} amounts"
    )]
    MexSteps {
        /// Steps allowed per entry of the table limit.
        per_entry: u64,
        /// The steps allowed in all.
        steps: u64,
        /// The amounts of the set (the steps of one entry).
        amounts: usize,
    },
}

/// What an exhaustive search that would exceed its limit was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum Searched {
    /// Misère play of heaps that no theory decides.
    #[error(
        "misère play of this game (its heaps are not proven tame and no misère quotient of them was found)"
    )]
    UntamedMisere,
    /// Misère play of a position with a component that is not a heap game (played as one whole
    /// state, or on a pair of piles as Wythoff's game), whose game no theory here decides under
    /// misère play.
    #[error("misère play of this position")]
    MisereWhole,
    /// The Grundy value of a component whose game has no closed form of it.
    #[error("the Grundy value of this component")]
    ComponentValue,
    /// A winning move of a component whose listing would take more steps than allowed (a
    /// coin-turning game's run of coins, a search along a board's side).
    #[error("listing a winning move of this component")]
    WinningMoves,
}

/// Why a list of numbers is no position of a game played as one whole state.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StateWhy {
    /// Two pieces stand on one cell.
    #[error("two pieces stand on cell {cell}")]
    SameCell {
        /// The cell.
        cell: Nat,
    },
    /// A piece stands on cell 0 (cells are numbered from 1).
    #[error("cells are numbered from 1, so no piece stands on cell 0")]
    CellZero,
    /// Both numbers of a pair are 0 (Euclid's game: a 0 ends the game, so at most one of
    /// them is 0).
    #[error("at most one of its numbers is 0 (a 0 ends the game)")]
    Zero,
    /// A head at coin 0 of a row (coins are numbered from 1).
    #[error("there is no coin 0: coins are numbered from 1")]
    CoinZero,
    /// A board's numbers do not come in pairs (a head is written X:Y).
    #[error("a head of the board is written X:Y, so its numbers come in pairs")]
    UnpairedCorner,
    /// A graph's numbers do not come in pairs (an edge is written A-B).
    #[error("an edge of the graph is written A-B, so its numbers come in pairs")]
    UnpairedEdge,
    /// A game of one heap written as one token, `N` or `N:M` (k-times dynamic subtraction:
    /// the heap and the most the next move may take), given another number of them.
    #[error(
        "a position is one heap, written N or N:M (the heap and the most the next move may take)"
    )]
    OneHeap,
    /// A vertex of a graph beyond 2^64 − 1.
    #[error("the vertices of a graph are numbered below 2^64")]
    VertexTooLarge,
}

/// Why a pile is no position of its game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum NotAPositionWhy {
    /// A position is written `digit` followed by its digits (digital deletions: 1).
    #[error(
        "a string of digits is written {digit} followed by its digits, so it starts with {digit}"
    )]
    FirstDigit {
        /// The digit every position starts with.
        digit: u8,
    },
}

/// Why no misère quotient of a game was proven.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NoQuotientWhy {
    /// Not every heap is a position of the game.
    #[error("not every heap is a position of it ({0})")]
    NotEveryHeap(NotAPositionWhy),
    /// Not a game of heaps that move to smaller heaps.
    #[error("it is not a game of heaps that only move to smaller heaps")]
    NotHeaps,
    /// The heaps are wild and no quotient was found.
    #[error("its heaps are wild (not tame), and no quotient of wild heaps was found")]
    Wild,
    /// The limits of the check were reached.
    #[error(
        "no quotient was proven within the limits (heaps up to {heaps}, {elements} elements, {types} types, work of 20 × the table limit)"
    )]
    Limit {
        /// The most heaps checked.
        heaps: u64,
        /// The most elements.
        elements: usize,
        /// The most types.
        types: usize,
    },
    /// The learner of wild quotients stopped at its work bound (20 × the table limit).
    #[error("the learner stopped at {0} (its work is 20 × the table limit: raise the table limit)")]
    LearnerWork(LearnError),
    /// No candidate of the learner passed the check; no limit decides this.
    #[error("the learner stopped at {0}; no limit decides this, raising none helps")]
    LearnerNotFound(LearnError),
    /// The learner stopped at one of its built-in caps.
    #[error(
        "the learner stopped at {stopped} (built-in caps, no flag raises them: {elements} elements, {types} types, heaps up to {heaps}; a candidate past a cap may be a wrong guess, so the quotient itself may be smaller, and this learner does not reach every quotient)"
    )]
    LearnerCaps {
        /// Where it stopped.
        stopped: LearnError,
        /// The most elements.
        elements: usize,
        /// The most types.
        types: usize,
        /// The most heaps.
        heaps: u64,
    },
}

/// Why the learner of a misère quotient did not find the quotient of heaps 1..n.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LearnError {
    /// A candidate (a guess, not yet proven) or a quotient had more elements than allowed.
    #[error("heap {heap}: a candidate for the misère quotient had more than {limit} elements")]
    TooManyElements {
        /// The heap being added.
        heap: usize,
        /// The learner's limit (`LearnLimits::elements`).
        limit: usize,
    },
    /// The check walked more types than allowed.
    #[error("heap {heap}: proving the misère quotient needs more than {limit} types")]
    TooManyTypes {
        /// The heap being added.
        heap: usize,
        /// The learner's limit (`LearnLimits::types`).
        limit: usize,
    },
    /// The work bound was reached.
    #[error("heap {heap}: the misère quotient needs more than {limit} steps of work")]
    TooMuchWork {
        /// The heap being added.
        heap: usize,
        /// The learner's limit (`LearnLimits::work`).
        limit: u64,
    },
    /// The rule gave an option that leaves a heap of `left` ≥ `heap`.
    #[error("heap {heap}: an option leaves a heap of {left}, which is not smaller")]
    OptionTooLarge {
        /// The heap.
        heap: usize,
        /// The heap left.
        left: usize,
    },
    /// No candidate passed the check: heap `heap` tells apart positions of smaller heaps
    /// beyond what the learner tries (module docs).
    #[error(
        "heap {heap}: no candidate misère quotient passed the check (heap {heap} tells apart \
         positions of smaller heaps that their quotient identifies)"
    )]
    NotFound {
        /// The heap being added.
        heap: usize,
    },
}

impl LearnError {
    /// The heap the learner was adding when it stopped: heaps below it were learned, and no
    /// larger bound gets past it.
    pub fn heap(&self) -> usize {
        match self {
            LearnError::TooManyElements { heap, .. }
            | LearnError::TooManyTypes { heap, .. }
            | LearnError::TooMuchWork { heap, .. }
            | LearnError::OptionTooLarge { heap, .. }
            | LearnError::NotFound { heap } => *heap,
        }
    }
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
    /// The move is not allowed by the rules (the reason boxed: it carries numbers and names,
    /// and a `Result` of a move check stays small).
    #[error("illegal move: {0}")]
    Illegal(Box<IllegalMove>),
}

/// Why the rules forbid a move: each reason with its facts (the amount, the pile, the limit or
/// set, the game), so that each language can word it. `Display` gives the English sentence;
/// [`IllegalMove::kind`] a stable snake_case name for machines.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// A move that takes nothing (a pile move that leaves the pile as large or larger, or 0
    /// from both piles).
    #[error("a move must take at least one object")]
    TakesNothing,
    /// The move was made for a pile that holds something else.
    #[error("pile {pile} holds {holds}, not {from}")]
    PileHolds {
        /// 1-based pile number.
        pile: usize,
        /// What the pile holds.
        holds: Nat,
        /// What the move says it holds.
        from: Nat,
    },
    /// More than a pile holds.
    #[error("cannot take {take} from a pile of {holds}")]
    MoreThanPile {
        /// 1-based pile number.
        pile: usize,
        /// What the pile holds.
        holds: Nat,
        /// The amount asked for.
        take: Nat,
    },
    /// A move from both piles where fewer than two piles follow the first.
    #[error("taking from both piles needs two piles")]
    BothNeedTwoPiles,
    /// A split that leaves fewer than two heaps, or an empty one.
    #[error("a split leaves two or more heaps, none of them empty")]
    SplitTooFew,
    /// A split whose heaps do not add up to what the take leaves.
    #[error("taking {take} from {from} leaves {left}, not {}", join_heaps(.leaves))]
    SplitDoesNotAddUp {
        /// The amount taken.
        take: Nat,
        /// The heap before the move.
        from: Nat,
        /// What taking `take` leaves: `from − take`.
        left: Nat,
        /// The heaps the move says it leaves.
        leaves: Vec<Nat>,
    },
    /// A move that changes piles of two components of a sum.
    #[error("a move changes piles of one component only")]
    AcrossComponents,
    /// More than K under the rule "take 1 to K" (the Bash game, Nim with at most K per take).
    #[error("a move takes at most {max}, not {take}")]
    MoreThanMax {
        /// K.
        max: Nat,
        /// The amount asked for.
        take: Nat,
    },
    /// An amount outside the subtraction set of a subtraction game.
    #[error("{take} is not in the subtraction set {set}")]
    NotInSubtractionSet {
        /// The amount asked for.
        take: Nat,
        /// The subtraction set, as it is written (`{2, 5}`).
        set: String,
        /// The named infinite family of the set, if it is one: `powers-of-two` or `fibonacci`.
        family: Option<&'static str>,
    },
    /// An amount other than the one amount every move takes (kiki's game: 1).
    #[error("a move takes exactly {amount}, not {take}")]
    NotExactly {
        /// The amount every move takes.
        amount: Nat,
        /// The amount asked for.
        take: Nat,
    },
    /// An amount a take-and-break game's octal code does not allow.
    #[error(
        "a move of {game} takes {}, not {take}",
        amounts_or(.amounts)
    )]
    NotAnAmount {
        /// The game's spec.
        game: String,
        /// The game's name key.
        name: Name,
        /// The amounts the code allows, ascending; `None` when it allows any number.
        amounts: Option<Vec<u64>>,
        /// The amount asked for.
        take: Nat,
    },
    /// A take-and-break move whose amount the code allows, but not with the heaps it leaves.
    #[error("in {game}, a move that takes {take} may not {}", may_not(*.heaps))]
    MayNotLeave {
        /// The game's spec.
        game: String,
        /// The game's name key.
        name: Name,
        /// The amount taken.
        take: Nat,
        /// The heaps the move leaves: 0 (the heap removed), 1, or the number of a split's.
        heaps: usize,
    },
    /// A split into equal heaps in a game that breaks into unequal heaps only (Grundy's game).
    #[error("{game} breaks a heap into unequal heaps")]
    UnequalHeaps {
        /// The game's spec.
        game: String,
        /// The game's name key.
        name: Name,
    },
    /// A move from both piles in a game without one (every family but the two-pile games,
    /// Wythoff's and kiki's).
    #[error("taking from both piles is a move of Wythoff's and kiki's games only")]
    NoMoveFromBothPiles,
    /// A move from both piles that starts elsewhere than at the first pile of a Wythoff
    /// component.
    #[error("taking from both piles takes from the two piles of one Wythoff component")]
    BothPilesOfOneComponent,
    /// A diagonal move of kiki's game that starts elsewhere than at the first pile of its
    /// component.
    #[error("a diagonal move takes 1 from the two piles of one kiki component")]
    DiagonalOfOneComponent,
    /// A split in a game that never splits a heap.
    #[error("splitting a heap is a move of take-and-break games only")]
    NoSplit,
    /// A Hackenbush cut of an edge that does not stand (not in the graph, or fallen with the
    /// edges that held it to the ground).
    #[error(
        "there is no standing edge {a}-{b}: only an edge still joined to the ground can be cut"
    )]
    EdgeNotStanding {
        /// One end of the edge as typed.
        a: Nat,
        /// The other end.
        b: Nat,
    },
    /// A move that no alternative of a heap rule allows.
    #[error("no alternative of {game} allows this move")]
    NotByRule {
        /// The game's spec.
        game: String,
    },
    /// A heap change that is no option of a game given by its options (the multiplication
    /// game, the calendar game, digital deletions).
    #[error("{from} → {to} is not a move of {}", .rule.key)]
    NotAnOption {
        /// The heap before.
        from: Nat,
        /// The heap after.
        to: Nat,
        /// The game's move rule.
        rule: MoveRule,
    },
    /// A take from a pile in a component played as one whole state.
    #[error("a move of this game goes to a whole position: type `to` and the position after it")]
    NotHeaps,
    /// A move to a whole position made in a component whose moves are takes from its piles.
    #[error("a move of this game takes from its piles; name the pile and the amount")]
    NotWhole,
    /// A move of a whole component made for a component that holds something else.
    #[error("the component holds another position than the move was made for")]
    StateHolds,
    /// A move of a whole component that leaves it as it was.
    #[error("a move must change the position")]
    Unchanged,
    /// A change of a whole component that is no move of its game: the component before and
    /// after, written in the position grammar, and the game's move rule.
    #[error("{before} → {after} is not a move of {}", .rule.key)]
    NotAMoveOf {
        /// The component before, as the position grammar writes it.
        before: String,
        /// The component after.
        after: String,
        /// The game's move rule.
        rule: MoveRule,
    },
    /// Anything but a move of one pile in a game given by its options.
    #[error("a move changes one pile in {}", .rule.key)]
    OnePileOnly {
        /// The game's move rule.
        rule: MoveRule,
    },
}

/// The move rule of a game whose moves are checked against its options, by the family's name
/// (the family's [`Name`] key: `multiply`, `calendar`, `digits`), which each language words
/// as the rule's sentence. `Display` of an error that carries one names the game by its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRule {
    /// The family's name.
    pub key: FamilyName,
}

impl IllegalMove {
    /// The reason's stable machine name, snake_case: `takes_nothing`, `more_than_max`,
    /// `not_in_subtraction_set`, … (the JSON `reason` field).
    pub fn kind(&self) -> &'static str {
        match self {
            IllegalMove::TakesNothing => "takes_nothing",
            IllegalMove::PileHolds { .. } => "pile_holds",
            IllegalMove::MoreThanPile { .. } => "more_than_pile",
            IllegalMove::BothNeedTwoPiles => "both_need_two_piles",
            IllegalMove::SplitTooFew => "split_too_few",
            IllegalMove::SplitDoesNotAddUp { .. } => "split_does_not_add_up",
            IllegalMove::AcrossComponents => "across_components",
            IllegalMove::MoreThanMax { .. } => "more_than_max",
            IllegalMove::NotInSubtractionSet { .. } => "not_in_subtraction_set",
            IllegalMove::NotExactly { .. } => "not_exactly",
            IllegalMove::NotAnAmount { .. } => "not_an_amount",
            IllegalMove::MayNotLeave { .. } => "may_not_leave",
            IllegalMove::UnequalHeaps { .. } => "unequal_heaps",
            IllegalMove::NoMoveFromBothPiles => "both_piles_only_wythoff",
            IllegalMove::BothPilesOfOneComponent => "both_piles_of_one_wythoff",
            IllegalMove::DiagonalOfOneComponent => "diagonal_of_one_kiki",
            IllegalMove::NoSplit => "split_only_take_and_break",
            IllegalMove::NotAnOption { .. } => "not_an_option",
            IllegalMove::NotByRule { .. } => "not_by_rule",
            IllegalMove::EdgeNotStanding { .. } => "edge_not_standing",
            IllegalMove::OnePileOnly { .. } => "one_pile_only",
            IllegalMove::StateHolds => "state_holds",
            IllegalMove::NotWhole => "not_whole",
            IllegalMove::NotHeaps => "not_heaps",
            IllegalMove::Unchanged => "unchanged",
            IllegalMove::NotAMoveOf { .. } => "not_a_move_of",
        }
    }
}

impl MoveError {
    /// The error's stable machine name, snake_case: `no_such_pile`, or the rules' reason
    /// ([`IllegalMove::kind`]).
    pub fn kind(&self) -> &'static str {
        match self {
            MoveError::NoSuchPile { .. } => "no_such_pile",
            MoveError::Illegal(reason) => reason.kind(),
        }
    }
}

impl From<IllegalMove> for MoveError {
    fn from(reason: IllegalMove) -> Self {
        MoveError::Illegal(Box::new(reason))
    }
}

/// `1 or 2 or 3`, or `any number`.
fn amounts_or(amounts: &Option<Vec<u64>>) -> String {
    match amounts {
        Some(amounts) => amounts
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" or "),
        None => "any number".to_string(),
    }
}

/// What a take-and-break move that leaves `heaps` heaps does.
fn may_not(heaps: usize) -> String {
    match heaps {
        0 => "remove a whole heap".to_string(),
        1 => "leave one heap".to_string(),
        n => format!("break a heap into {n}"),
    }
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

/// Why a nimber operation has no answer ([`crate::nimber`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NimberError {
    /// A division by 0: 0 has no nim-inverse (nimbers form a field; 0 is its zero).
    #[error("division by 0: 0 has no nim-inverse")]
    DivisionByZero,
    /// A power whose square-and-multiply would take more than the most work allowed: `bits`
    /// the exponent's bits (after reduction modulo the multiplicative group's order), `limbs`
    /// the 64-bit words of the field its base lies in, `most` the most word products allowed.
    #[error(
        "the power is too large to compute: {bits} squarings of {limbs}-word nimbers exceed {most} word products"
    )]
    PowerTooLarge {
        /// The exponent's bits after reduction.
        bits: u64,
        /// The 64-bit words of the base's field.
        limbs: u64,
        /// The most word products allowed.
        most: u64,
    },
}

/// Why a coin-turning position or a request about it is refused ([`crate::games::coins`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoinError {
    /// Coin 0 of a row: coins are numbered from 1.
    #[error("there is no coin 0: coins are numbered from 1")]
    NoCoinZero,
    /// Listing the winning moves would hold or examine more than `limit` coins.
    #[error("listing the winning moves would examine more than {limit} coins")]
    TooLarge {
        /// The most coins a listing may hold or examine.
        limit: u64,
    },
    /// The search for a winning move of Turning Corners stopped after `limit` rows or columns
    /// without finding one.
    #[error("no winning move found within {limit} rows or columns searched")]
    SearchLimit {
        /// The most rows or columns searched.
        limit: u64,
    },
}

/// `text` for a message: at most 40 characters, then "…".
pub(crate) fn cut(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}
