//! The steps of an explanation (`analyze --explain`): the facts behind a position's verdict,
//! family by family, for a printer to word. Each rule family gives its own steps
//! ([`crate::Ruleset::explain_alone`], [`crate::Ruleset::explain_value`]):
//!
//! * A family's own facts ([`Step::Family`], a [`FamilyStep`] defined in the family's file):
//!   Nim's largest pile against the nim-sum of the others, the Bash game's division, the
//!   Wythoff pair a winning move reaches, kiki's parities.
//! * Heap games (subtraction sets, take-and-break games): a heap's Grundy value as the mex of
//!   its options' values (Sprague 1935, Grundy 1939) — [`MexStep`]; a heap past the preperiod
//!   reduced by the proven period first — [`PeriodStep`].
//!
//! Under misère play no family gives steps here. When the remoteness is not known, the
//! explanation says what the search it needs would cost ([`SearchNeed`]).

use std::ops::Range;

use crate::games::facts::FamilyStep;
use crate::grundy::Periodicity;
use crate::nat::Nat;

/// The explanation of a position: each component's steps, and why the remoteness is missing
/// when it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// One entry per component that has steps to show, in the order of the position.
    pub components: Vec<ComponentSteps>,
    /// When the remoteness is not known: the search it needs and the limit it exceeds.
    pub remoteness_missing: Option<SearchNeed>,
}

/// The steps of one component.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentSteps {
    /// The component's number in the position (0-based).
    pub component: usize,
    /// Its piles' place in the whole position (0-based).
    pub piles: Range<usize>,
    /// The steps, in the order to show them.
    pub steps: Vec<Step>,
}

/// The cost of the exhaustive search that remoteness needs, against the limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchNeed {
    /// An upper bound of its steps; `None` when it does not fit in 64 bits.
    pub needed: Option<u64>,
    /// The most steps allowed (the smaller of the search limit and the remoteness limit; 0
    /// when remoteness was not asked for).
    pub limit: u64,
}

/// One step of an explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// A fact of the component's family, in its own terms.
    Family(FamilyStep),
    /// A heap's Grundy value as the mex of its options' values.
    Mex(MexStep),
    /// A heap past the preperiod, reduced by the period to a smaller heap of the same value;
    /// the smaller heap's [`Step::Mex`] follows when it is small enough to show.
    Period(PeriodStep),
    /// A heap's Grundy value with too many options to show (read from the family's table or
    /// closed form).
    Value {
        /// The pile (0-based, in the whole position).
        pile: usize,
        /// Its size.
        heap: Nat,
        /// Its Grundy value.
        value: Nat,
    },
}

impl Step {
    /// Whether the step explains the move to play (a family's step may: Nim's largest pile,
    /// the Bash game's take, the Wythoff pair a move reaches) rather than a Grundy value (a mex,
    /// a period, a value).
    pub fn explains_move(&self) -> bool {
        match self {
            Step::Family(f) => f.explains_move(),
            Step::Mex(_) | Step::Period(_) | Step::Value { .. } => false,
        }
    }
}

/// g(n) = mex of the Grundy values of the heap's options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MexStep {
    /// The pile (0-based, in the whole position).
    pub pile: usize,
    /// The heap whose value this is (the pile's size, or the smaller heap of the same value
    /// after a [`Step::Period`]).
    pub heap: Nat,
    /// How many options (moves) the heap has.
    pub option_count: u64,
    /// Every option with its value, in the order of the moves, when there are at most
    /// [`LISTED_OPTIONS`]; empty otherwise.
    pub options: Vec<HeapOption>,
    /// The distinct values of the options, ascending.
    pub values: Vec<Nat>,
    /// The mex of `values`: the heap's Grundy value.
    pub value: Nat,
}

/// One option of a heap: the heaps a move leaves and their Grundy values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapOption {
    /// The heaps left (none when the move takes the whole heap; two or more for a split).
    pub leaves: Vec<Nat>,
    /// Each left heap's Grundy value.
    pub leaf_values: Vec<Nat>,
    /// Their xor: the option's value.
    pub value: Nat,
}

/// A heap n ≥ preperiod + period replaced by the heap of the same value in the first period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodStep {
    /// The pile (0-based, in the whole position).
    pub pile: usize,
    /// Its size n.
    pub heap: Nat,
    /// The proven period.
    pub periodicity: Periodicity,
    /// m = preperiod + (n − preperiod) mod period, with g(n) = g(m).
    pub reduced: Nat,
    /// g(n).
    pub value: Nat,
}

/// The most options a [`MexStep`] lists one by one.
pub const LISTED_OPTIONS: u64 = 12;
