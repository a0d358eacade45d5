//! The steps of an explanation (`analyze --explain`): the facts behind a position's verdict,
//! family by family, for a printer to word. Each rule family gives its own steps
//! ([`crate::Ruleset::explain_alone`], [`crate::Ruleset::explain_value`]):
//!
//! * Nim: the largest pile c against the nim-sum of the others (make c into a ⊕ b, for three
//!   piles a < b < c; it fails when a ⊕ b > c, and another pile must move) — [`LargestPile`].
//! * Take 1 to K (the Bash game): n = (K + 1)·r + s; take s, or lose when s = 0 — [`Division`].
//! * Heap games (subtraction sets, take-and-break games): a heap's Grundy value as the mex of
//!   its options' values (Sprague 1935, Grundy 1939) — [`MexStep`]; a heap past the preperiod
//!   reduced by the proven period first — [`PeriodStep`].
//! * Wythoff's game: the pair (a_k, b_k) each winning move reaches, with k — [`WythoffReach`].
//!
//! Under misère play no family gives steps here. When the remoteness is not known, the
//! explanation says what the search it needs would cost ([`SearchNeed`]).

use std::ops::Range;

use crate::grundy::Periodicity;
use crate::moves::Move;
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
    /// Nim: the largest pile against the nim-sum of the others.
    LargestPile(LargestPile),
    /// The Bash game (one pile, take 1 to K): n = (K + 1)·r + s, and the move it gives.
    Bash(Division),
    /// Take 1 to K in several piles or a sum: a heap's value g(n) = n mod (K + 1) = s.
    Residue(Division),
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
    /// Wythoff's game: a winning move and the Wythoff pair it reaches.
    WythoffReach(WythoffReach),
    /// A two-pile component's Grundy value (Wythoff's game, kiki's game) and why.
    PairValue(PairValue),
}

impl Step {
    /// Whether the step explains the move to play (Nim's largest pile, the Bash game's take,
    /// the Wythoff pair a move reaches) rather than a Grundy value (a residue, a mex, a
    /// period, a value).
    pub fn explains_move(&self) -> bool {
        matches!(
            self,
            Step::LargestPile(_) | Step::Bash(_) | Step::WythoffReach(_)
        )
    }
}

/// The Grundy value of a component of two piles (a, b), as a summand of a sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairValue {
    /// The first of its two piles (0-based, in the whole position).
    pub pile: usize,
    /// The piles a and b.
    pub piles: (Nat, Nat),
    /// g(a, b).
    pub value: Nat,
    /// Why the value is what it is.
    pub why: PairWhy,
}

/// Why a two-pile component has its Grundy value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairWhy {
    /// Wythoff's game: (a, b) is the Wythoff pair (a_k, b_k), a P-position, so g = 0 (Wythoff
    /// 1907).
    WythoffPair {
        /// k = |b − a|.
        k: Nat,
    },
    /// Wythoff's game: the mex of the values of the positions its `options` moves reach (from
    /// one pile, or the same amount from both), computed in the table of every smaller pair.
    Mex {
        /// How many moves (a + b + min(a, b)).
        options: u64,
        /// The distinct values they reach, ascending.
        values: Vec<Nat>,
    },
    /// kiki's game: the closed form by the piles' parities — 0 when both are even, 2 when
    /// both are odd, 1 when the odd pile is the larger, 3 when it is the smaller.
    Parity,
}

/// Where a position stands among the Wythoff pairs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WythoffPlace {
    /// k = |b − a|, the index of the pair with the same difference.
    pub k: Nat,
    /// The k-th Wythoff pair (a_k, b_k).
    pub pair: (Nat, Nat),
    /// Whether the position is that pair (a P-position).
    pub is_pair: bool,
}

/// Nim's other method: the largest pile c becomes the nim-sum of the others, x, if x < c.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LargestPile {
    /// The largest pile (0-based; the lowest-numbered among equals).
    pub pile: usize,
    /// Its size c.
    pub size: Nat,
    /// The nim-sum x of the other piles.
    pub others: Nat,
    /// The move to x when x < c: take c − x from the largest pile. `None` when x ≥ c (x = c: the
    /// nim-sum is 0; x > c: another pile must move).
    pub to: Option<Move>,
}

/// n = (K + 1)·r + s, the division behind take 1 to K.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Division {
    /// The pile (0-based, in the whole position).
    pub pile: usize,
    /// Its size n.
    pub heap: Nat,
    /// K, the most a move takes.
    pub max_take: Nat,
    /// K + 1.
    pub modulus: Nat,
    /// r = ⌊n / (K + 1)⌋.
    pub quotient: Nat,
    /// s = n mod (K + 1): the heap's Grundy value, and the amount to take when it is not 0.
    pub remainder: Nat,
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

/// A winning move of Wythoff's game and the pair it reaches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WythoffReach {
    /// The move.
    pub mv: Move,
    /// k: the reached pair is (a_k, b_k) = (⌊kφ⌋, ⌊kφ⌋ + k).
    pub k: Nat,
    /// (a_k, b_k).
    pub pair: (Nat, Nat),
}

/// The most options a [`MexStep`] lists one by one.
pub const LISTED_OPTIONS: u64 = 12;
