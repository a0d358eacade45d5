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

use crate::error::SolveError;
use crate::games::Ruleset;
use crate::grundy::Periodicity;
use crate::moves::Move;
use crate::nat::Nat;
use crate::rules::Limits;

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

/// The steps of a two-pile component's Grundy value under Wythoff's rule: 0 for a Wythoff pair
/// at any size (Wythoff 1907), otherwise the mex of its options' values from `table` (the
/// values of every pair up to (a, b), as [`crate::wythoff::grundy_rect`] gives them).
pub fn wythoff_value(piles: &[Nat], offset: usize, table: Option<&[Vec<u32>]>) -> Vec<Step> {
    let [a, b] = piles else {
        return Vec::new();
    };
    let place = crate::wythoff::place(a, b);
    let piles = (a.clone(), b.clone());
    if place.is_pair {
        return vec![Step::PairValue(PairValue {
            pile: offset,
            piles,
            value: Nat::ZERO,
            why: PairWhy::WythoffPair { k: place.k },
        })];
    }
    let (Some(table), Some(x), Some(y)) = (table, a.to_u64(), b.to_u64()) else {
        return Vec::new();
    };
    let (x, y) = (x as usize, y as usize);
    let mut reached: Vec<u32> = (0..x)
        .map(|i| table[i][y])
        .chain((0..y).map(|j| table[x][j]))
        .chain((1..=x.min(y)).map(|t| table[x - t][y - t]))
        .collect();
    let options = reached.len() as u64;
    reached.sort_unstable();
    reached.dedup();
    vec![Step::PairValue(PairValue {
        pile: offset,
        piles,
        value: Nat::from(u64::from(table[x][y])),
        why: PairWhy::Mex {
            options,
            values: reached
                .into_iter()
                .map(|v| Nat::from(u64::from(v)))
                .collect(),
        },
    })]
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

/// The largest heap explained by its own mex even when a period would reduce it.
const SMALL_HEAP: u64 = 40;

/// The most options whose values a [`MexStep`] collects.
const MEX_OPTIONS: u64 = 4096;

/// The steps of a heap game's component: each heap's value by mex, by the period and a mex,
/// or (too many options) as it is — the default of [`crate::Ruleset::explain_value`]. No
/// steps for a family without heap values.
///
/// # Errors
/// As [`crate::Ruleset::heap_grundy`].
pub fn heap_steps(
    rules: &(impl Ruleset + ?Sized),
    piles: &[Nat],
    offset: usize,
    limits: &Limits,
) -> Result<Vec<Step>, SolveError> {
    let mut steps = Vec::new();
    for (i, p) in piles.iter().enumerate() {
        let pile = offset + i;
        let Some(value) = rules.heap_grundy(p, limits)? else {
            return Ok(Vec::new());
        };
        let small = p.to_u64().is_some_and(|n| n <= SMALL_HEAP);
        let mut heap = p.clone();
        if !small && let Some(periodicity) = rules.periodicity(limits) {
            let (pre, period) = (Nat::from(periodicity.preperiod), periodicity.period);
            if let Some(past) = p.checked_sub(&pre)
                && past >= Nat::from(period)
            {
                let reduced = pre.add(&Nat::from(past.rem_u64(period)));
                steps.push(Step::Period(PeriodStep {
                    pile,
                    heap: p.clone(),
                    periodicity,
                    reduced: reduced.clone(),
                    value: value.clone(),
                }));
                heap = reduced;
            }
        }
        match mex_step(rules, &heap, pile, limits)? {
            Some(step) => steps.push(Step::Mex(step)),
            None if &heap == p => steps.push(Step::Value { pile, heap, value }),
            None => {}
        }
    }
    Ok(steps)
}

/// The mex of the options of a heap, `None` when it has more than [`MEX_OPTIONS`] options or
/// does not fit in 64 bits.
fn mex_step(
    rules: &(impl Ruleset + ?Sized),
    heap: &Nat,
    pile: usize,
    limits: &Limits,
) -> Result<Option<MexStep>, SolveError> {
    let Some(n) = heap.to_u64() else {
        return Ok(None);
    };
    let option_count = rules.atom_moves(&[n]);
    if option_count > MEX_OPTIONS {
        return Ok(None);
    }
    // Every move with the heaps it leaves (a heap of 0 is none).
    let mut lefts: Vec<Vec<u64>> = Vec::new();
    rules.each_move(&[n], 0, &mut |_, after| {
        lefts.push(after.iter().copied().filter(|&h| h > 0).collect());
    });
    let mut options = Vec::with_capacity(lefts.len());
    for left in lefts {
        let leaves: Vec<Nat> = left.into_iter().map(Nat::from).collect();
        let mut leaf_values = Vec::with_capacity(leaves.len());
        let mut value = Nat::ZERO;
        for h in &leaves {
            let g = rules.heap_grundy(h, limits)?.unwrap_or_default();
            value.xor_assign(&g);
            leaf_values.push(g);
        }
        options.push(HeapOption {
            leaves,
            leaf_values,
            value,
        });
    }
    let mut values: Vec<Nat> = options.iter().map(|o| o.value.clone()).collect();
    values.sort();
    values.dedup();
    let mut value = Nat::ZERO;
    for v in &values {
        if v == &value {
            value = value.add(&Nat::ONE);
        }
    }
    let option_count = options.len() as u64;
    if option_count > LISTED_OPTIONS {
        options.clear();
    }
    Ok(Some(MexStep {
        pile,
        heap: heap.clone(),
        option_count,
        options,
        values,
        value,
    }))
}

/// n = (K + 1)·r + s for each heap of take 1 to K (`modulus` = K + 1).
pub fn divisions(piles: &[Nat], offset: usize, modulus: &Nat) -> Vec<Division> {
    let m = modulus.to_biguint();
    piles
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let n = p.to_biguint();
            Division {
                pile: offset + i,
                heap: p.clone(),
                max_take: modulus.saturating_sub(&Nat::ONE),
                modulus: modulus.clone(),
                quotient: Nat::from_biguint(&n / &m),
                remainder: Nat::from_biguint(&n % &m),
            }
        })
        .collect()
}

/// Nim's largest pile against the nim-sum of the others; `None` when every pile is empty.
pub fn largest_pile(piles: &[Nat], offset: usize) -> Option<LargestPile> {
    let mut best: Option<usize> = None;
    for (i, p) in piles.iter().enumerate() {
        if !p.is_zero() && best.is_none_or(|j| p > &piles[j]) {
            best = Some(i);
        }
    }
    let i = best?;
    let mut others = Nat::ZERO;
    for (j, p) in piles.iter().enumerate() {
        if j != i {
            others.xor_assign(p);
        }
    }
    let size = piles[i].clone();
    let to = (others < size).then(|| Move::Pile {
        pile: offset + i,
        from: size.clone(),
        to: others.clone(),
    });
    Some(LargestPile {
        pile: offset + i,
        size,
        others,
        to,
    })
}

/// Every winning move of Wythoff's game from (a, b) (the component at `offset`) and the pair it
/// reaches; empty in a P-position or unless there are two piles.
pub fn wythoff_reaches(piles: &[Nat], offset: usize) -> Vec<WythoffReach> {
    let [a, b] = piles else {
        return Vec::new();
    };
    crate::wythoff::winning_moves(a, b)
        .into_iter()
        .filter_map(|mv| {
            let after = mv.apply(piles).ok()?;
            let place = crate::wythoff::place(&after[0], &after[1]);
            Some(WythoffReach {
                mv: mv.shifted(offset),
                k: place.k,
                pair: place.pair,
            })
        })
        .collect()
}
