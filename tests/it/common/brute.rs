//! An independent exhaustive game-tree search over sums of Nim-like games, the oracle of the
//! property tests.
//!
//! Everything here is written from the move rules alone and shares no code with the library
//! (nothing of `nimsolve` is used). The position of a *sum* is the list of its components; a
//! move of the sum is a move in exactly one component. Outcomes and Grundy values are found by
//! a memoised recursion over the game tree of the **whole** sum:
//!
//! - [`to_move_wins`]: the player to move wins iff some move leads to a position in which the
//!   player to move loses. A player who cannot move loses under normal play and wins under
//!   misère play.
//! - [`grundy`]: the mex of the Grundy values of the options of the whole sum.
//!
//! Neither Bouton's theorem nor the Sprague–Grundy theorem is assumed anywhere (the self-test
//! checks Sprague–Grundy *against* this search, as a sanity check of the oracle).
//!
//! # Memo keys
//!
//! The memo is keyed by a canonical form of the sum, [`canonical`], built only from
//! transformations that give an isomorphic game tree:
//!
//! - a heap family's component is a sum of independent piles under identical rules, so its
//!   piles may be reordered (they are sorted), and empty piles, which have no move, are dropped;
//! - Wythoff's rules are symmetric in the two piles, so the pair is sorted (both piles kept);
//! - a component without any pile left, or Wythoff's (0, 0), has no move and is dropped;
//! - a finite subtraction set is written sorted, deduplicated and without 0, which does not
//!   change the moves it allows;
//! - the components of a sum may be reordered (they are sorted).
//!
//! Only the memo is keyed this way; moves ([`moves`], [`winning_moves`]) are always listed on
//! the position exactly as given, with its own pile indices.
//!
//! Each free function makes a fresh memo, so nothing is kept between calls; an [`Oracle`]
//! keeps its memo across calls.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;

/// A rule family, from the move rules alone.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fam {
    /// Take any positive number from one pile.
    Nim,
    /// Take 1..=K from one pile (K >= 1).
    MaxTake(u64),
    /// Take an amount in the set from one pile (sorted, dedup, no 0, non-empty).
    Finite(Vec<u64>),
    /// Take 1, 2, 4, 8, ... from one pile.
    PowersOfTwo,
    /// Take 1, 2, 3, 5, 8, 13, ... (the distinct Fibonacci numbers) from one pile.
    Fibonacci,
    /// Exactly two piles; take any positive amount from one pile, or the same positive amount
    /// from both.
    Wythoff,
}

/// One component of a sum: its family and its piles (Wythoff: exactly 2 piles).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Comp {
    /// The rule family of this component.
    pub fam: Fam,
    /// The piles of this component, in order (indices are those of [`BruteMove::pile`]).
    pub piles: Vec<u64>,
}

/// A move of a sum: which component (0-based), which pile within that component (0-based; for
/// Wythoff's move from both piles, `pile` is None), and the component's piles after the move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BruteMove {
    /// The index of the component moved in (0-based).
    pub component: usize,
    /// The index of the pile taken from within that component (0-based); `None` for Wythoff's
    /// move taking the same amount from both piles.
    pub pile: Option<usize>,
    /// All the piles of that component after the move, in the component's own order.
    pub after: Vec<u64>,
}

impl Fam {
    /// The spec string of the position grammar: "nim", "max-take:K", "subtract:1,3,4" (finite
    /// set, ascending, comma-separated), "subtract:powers-of-two", "subtract:fibonacci",
    /// "wythoff".
    pub fn spec(&self) -> String {
        match self {
            Fam::Nim => "nim".to_string(),
            Fam::MaxTake(k) => format!("max-take:{k}"),
            Fam::Finite(set) => {
                let amounts: Vec<String> = normal_set(set).iter().map(u64::to_string).collect();
                format!("subtract:{}", amounts.join(","))
            }
            Fam::PowersOfTwo => "subtract:powers-of-two".to_string(),
            Fam::Fibonacci => "subtract:fibonacci".to_string(),
            Fam::Wythoff => "wythoff".to_string(),
        }
    }

    /// Whether this is a heap family (one-pile moves only, any number of piles).
    fn is_heap(&self) -> bool {
        !matches!(self, Fam::Wythoff)
    }

    /// The amounts a move from one pile of `pile` may take, ascending, each in 1..=pile
    /// (Wythoff's game: any, besides its move from both piles).
    pub fn takes(&self, pile: u64) -> Vec<u64> {
        match self {
            Fam::Nim | Fam::Wythoff => (1..=pile).collect(),
            Fam::MaxTake(k) => (1..=pile.min(*k)).collect(),
            Fam::Finite(set) => normal_set(set).into_iter().filter(|&t| t <= pile).collect(),
            // In u128, so that the next amount past any u64 pile never overflows.
            Fam::PowersOfTwo => {
                let mut out = Vec::new();
                let mut t = 1u128;
                while t <= u128::from(pile) {
                    out.push(t as u64);
                    t *= 2;
                }
                out
            }
            Fam::Fibonacci => {
                // 1, 2, 3, 5, 8, ...: the Fibonacci numbers without 0 and the repeated 1.
                let mut out = Vec::new();
                let (mut a, mut b) = (1u128, 2u128);
                while a <= u128::from(pile) {
                    out.push(a as u64);
                    (a, b) = (b, a + b);
                }
                out
            }
        }
    }
}

/// A finite subtraction set sorted ascending, deduplicated, without 0.
fn normal_set(set: &[u64]) -> Vec<u64> {
    if set.first() != Some(&0) && set.windows(2).all(|w| w[0] < w[1]) {
        return set.to_vec();
    }
    let set: BTreeSet<u64> = set.iter().copied().filter(|&t| t > 0).collect();
    set.into_iter().collect()
}

/// Every legal move of one component, tagged with component index `component`.
fn comp_moves(component: usize, c: &Comp, out: &mut Vec<BruteMove>) {
    if c.fam == Fam::Wythoff {
        assert_eq!(
            c.piles.len(),
            2,
            "a Wythoff component has exactly 2 piles: {c:?}"
        );
    }
    // One-pile moves (every family): pile by pile, each amount ascending.
    for (i, &p) in c.piles.iter().enumerate() {
        for t in c.fam.takes(p) {
            let mut after = c.piles.clone();
            after[i] = p - t;
            out.push(BruteMove {
                component,
                pile: Some(i),
                after,
            });
        }
    }
    // Wythoff's move from both piles: the same positive amount from each.
    if c.fam == Fam::Wythoff {
        let (a, b) = (c.piles[0], c.piles[1]);
        for t in 1..=a.min(b) {
            out.push(BruteMove {
                component,
                pile: None,
                after: vec![a - t, b - t],
            });
        }
    }
}

/// Every legal move of the sum, in a deterministic order: component by component, then (in
/// each component) pile by pile with the amount taken ascending, then Wythoff's moves from both
/// piles with the amount ascending. Equal piles give separate moves (the pile index differs).
pub fn moves(sum: &[Comp]) -> Vec<BruteMove> {
    let mut out = Vec::new();
    for (i, c) in sum.iter().enumerate() {
        comp_moves(i, c, &mut out);
    }
    out
}

/// The sum after a move: component `mv.component` gets the piles `mv.after`, the rest is
/// unchanged.
pub fn apply(sum: &[Comp], mv: &BruteMove) -> Vec<Comp> {
    let mut next = sum.to_vec();
    next[mv.component].piles = mv.after.clone();
    next
}

/// The canonical form of a sum, the memo key: two sums with the same canonical form are the
/// same game (see the module documentation for why each step keeps the game).
pub fn canonical(sum: &[Comp]) -> Vec<Comp> {
    let mut key: Vec<Comp> = sum
        .iter()
        .filter_map(|c| {
            let fam = match &c.fam {
                Fam::Finite(set) => Fam::Finite(normal_set(set)),
                other => other.clone(),
            };
            let mut piles = c.piles.clone();
            if fam.is_heap() {
                piles.retain(|&p| p > 0);
            }
            piles.sort_unstable();
            let dead = piles.iter().all(|&p| p == 0);
            (!dead).then_some(Comp { fam, piles })
        })
        .collect();
    key.sort();
    key
}

/// The memo of one search: outcomes under normal and misère play, Grundy values and
/// remoteness.
#[derive(Default)]
struct Memo {
    /// Whether the player to move wins, keyed by (canonical sum, misère).
    wins: HashMap<(Vec<Comp>, bool), bool>,
    /// Normal-play Grundy values, keyed by canonical sum.
    grundy: HashMap<Vec<Comp>, u64>,
    /// Smith's remoteness, keyed by (canonical sum, misère).
    remote: HashMap<(Vec<Comp>, bool), u64>,
}

impl Memo {
    /// Whether the player to move wins `sum` under the given play.
    fn wins(&mut self, sum: &[Comp], misere: bool) -> bool {
        let key = (canonical(sum), misere);
        if let Some(&w) = self.wins.get(&key) {
            return w;
        }
        let options = moves(sum);
        let w = if options.is_empty() {
            // No move: normal play, the player to move loses; misère, they win.
            misere
        } else {
            options.iter().any(|mv| !self.wins(&apply(sum, mv), misere))
        };
        self.wins.insert(key, w);
        w
    }

    /// The normal-play Grundy value of `sum`: the mex over its options.
    fn grundy(&mut self, sum: &[Comp]) -> u64 {
        let key = canonical(sum);
        if let Some(&g) = self.grundy.get(&key) {
            return g;
        }
        let seen: BTreeSet<u64> = moves(sum)
            .iter()
            .map(|mv| self.grundy(&apply(sum, mv)))
            .collect();
        let g = mex(&seen);
        self.grundy.insert(key, g);
        g
    }

    /// Smith's remoteness, from its definition: 0 with no move; else, if some move leads to a
    /// position lost for the player then to move, 1 + the least remoteness of such a position
    /// (the winner hurries); else 1 + the largest remoteness one move away (the loser delays).
    /// Which positions are lost comes from [`Memo::wins`], not from parity.
    fn remoteness(&mut self, sum: &[Comp], misere: bool) -> u64 {
        let key = (canonical(sum), misere);
        if let Some(&r) = self.remote.get(&key) {
            return r;
        }
        let options = moves(sum);
        let mut fastest_win: Option<u64> = None;
        let mut slowest = 0;
        for mv in &options {
            let next = apply(sum, mv);
            let r = self.remoteness(&next, misere);
            slowest = slowest.max(r);
            if !self.wins(&next, misere) {
                fastest_win = Some(fastest_win.map_or(r, |f| f.min(r)));
            }
        }
        let r = if options.is_empty() {
            0
        } else {
            1 + fastest_win.unwrap_or(slowest)
        };
        self.remote.insert(key, r);
        r
    }
}

/// A search whose memo is kept across calls, for tests that ask many questions of related
/// positions (each entry is a fact of the game tree, true for every caller).
#[derive(Default)]
pub struct Oracle {
    memo: Memo,
}

impl Oracle {
    /// An oracle with an empty memo.
    pub fn new() -> Oracle {
        Oracle::default()
    }

    /// Whether the player to move wins `sum` (see [`to_move_wins`]).
    pub fn wins(&mut self, sum: &[Comp], misere: bool) -> bool {
        self.memo.wins(sum, misere)
    }

    /// The normal-play Grundy value of the whole sum, by mex (see [`grundy`]).
    pub fn grundy(&mut self, sum: &[Comp]) -> u64 {
        self.memo.grundy(sum)
    }

    /// Smith's remoteness of `sum`: how many moves the game lasts when the winner hurries and
    /// the loser delays.
    pub fn remoteness(&mut self, sum: &[Comp], misere: bool) -> u64 {
        self.memo.remoteness(sum, misere)
    }
}

/// The least natural number not in `seen`.
fn mex(seen: &BTreeSet<u64>) -> u64 {
    (0..)
        .find(|g| !seen.contains(g))
        .expect("a finite set misses some natural number")
}

/// Whether the player to move wins, normal play (last move wins) or misère (last move loses; a
/// player who cannot move WINS under misère). Memoised recursion over the WHOLE sum position.
pub fn to_move_wins(sum: &[Comp], misere: bool) -> bool {
    Memo::default().wins(sum, misere)
}

/// The normal-play Grundy value of the whole sum, computed as mex over the options of the WHOLE
/// sum (memoised), never as an xor of parts.
pub fn grundy(sum: &[Comp]) -> u64 {
    Memo::default().grundy(sum)
}

/// Every winning move: moves after which the opponent (to move) loses, under the given play.
pub fn winning_moves(sum: &[Comp], misere: bool) -> BTreeSet<BruteMove> {
    let mut memo = Memo::default();
    moves(sum)
        .into_iter()
        .filter(|mv| !memo.wins(&apply(sum, mv), misere))
        .collect()
}

/// The normal-play Grundy value of ONE component alone (mex recursion on that component).
pub fn component_grundy(c: &Comp) -> u64 {
    Memo::default().grundy(std::slice::from_ref(c))
}

/// The most canonical positions [`sum`] lets a generated sum reach, as bounded by
/// [`state_bound`]; it keeps a whole-sum search well under a second in a test build.
pub const STATE_BUDGET: u64 = 10_000;

/// An upper bound on the number of canonical positions reachable from `sum`: the product over
/// the components of the number of sorted pile tuples pile-wise at most the component's piles
/// (saturating; `u64::MAX` as soon as some pile exceeds [`STATE_BUDGET`], without counting).
pub fn state_bound(sum: &[Comp]) -> u64 {
    if sum.iter().flat_map(|c| &c.piles).any(|&p| p > STATE_BUDGET) {
        return u64::MAX;
    }
    sum.iter()
        .map(|c| sorted_tuples_below(&c.piles))
        .fold(1u64, u64::saturating_mul)
}

/// The number of non-decreasing tuples (x_1 <= ... <= x_n) with x_i <= a_i, where a is `piles`
/// sorted ascending: the sorted forms of all the tuples pile-wise at most `piles`.
fn sorted_tuples_below(piles: &[u64]) -> u64 {
    let mut bounds = piles.to_vec();
    bounds.sort_unstable();
    let Some(&top) = bounds.last() else {
        return 1;
    };
    let width = usize::try_from(top).expect("small piles") + 1;
    // ends[v]: the number of valid prefixes ending in the value v.
    let mut ends = vec![1u64; width];
    ends.iter_mut()
        .skip(usize::try_from(bounds[0]).expect("small piles") + 1)
        .for_each(|e| *e = 0);
    for &b in &bounds[1..] {
        let mut running = 0u64;
        for (v, e) in ends.iter_mut().enumerate() {
            running = running.saturating_add(*e);
            *e = if v as u64 <= b { running } else { 0 };
        }
    }
    ends.into_iter().fold(0, u64::saturating_add)
}

/// Makes `sum` fit [`STATE_BUDGET`]: while [`state_bound`] exceeds it, the largest pile (the
/// first one found) is lowered, by one object while it is below 16 (by an eighth above, so
/// that large piles converge fast). The components and pile counts are kept.
fn fit_budget(mut sum: Vec<Comp>) -> Vec<Comp> {
    // A pile above the budget alone exceeds it (its component reaches pile + 1 positions).
    for c in &mut sum {
        c.piles.iter_mut().for_each(|p| *p = (*p).min(STATE_BUDGET));
    }
    while state_bound(&sum) > STATE_BUDGET {
        let (ci, pi) = sum
            .iter()
            .enumerate()
            .flat_map(|(ci, c)| c.piles.iter().enumerate().map(move |(pi, &p)| (p, ci, pi)))
            .max_by_key(|&(p, ci, pi)| (p, std::cmp::Reverse((ci, pi))))
            .map(|(_, ci, pi)| (ci, pi))
            .expect("a sum over budget has a non-empty pile");
        let pile = &mut sum[ci].piles[pi];
        *pile -= (*pile / 8).max(1);
    }
    sum
}

/// A random family: Nim, MaxTake(1..=4), Finite set of 1..=3 amounts from 1..=6, PowersOfTwo,
/// Fibonacci, Wythoff.
pub fn fam() -> impl Strategy<Value = Fam> {
    prop_oneof![
        Just(Fam::Nim),
        (1..=4u64).prop_map(Fam::MaxTake),
        prop::collection::btree_set(1..=6u64, 1..=3)
            .prop_map(|set| Fam::Finite(set.into_iter().collect())),
        Just(Fam::PowersOfTwo),
        Just(Fam::Fibonacci),
        Just(Fam::Wythoff),
    ]
}

/// A random component of [`fam`] with small piles: heap families 1..=3 piles each
/// 0..=max_pile; Wythoff exactly 2 piles 0..=max_pile.
pub fn comp(max_pile: u64) -> impl Strategy<Value = Comp> {
    fam().prop_flat_map(move |fam| {
        let count = if fam == Fam::Wythoff { 2..=2 } else { 1..=3 };
        prop::collection::vec(0..=max_pile, count).prop_map(move |piles| Comp {
            fam: fam.clone(),
            piles,
        })
    })
}

/// A random sum of 1..=max_components components of [`comp`]`(max_pile)`.
///
/// So that a whole-sum search stays fast, a sum whose [`state_bound`] exceeds
/// [`STATE_BUDGET`] has its largest piles lowered one object at a time until it fits (the
/// components, their families and their pile counts are kept).
pub fn sum(max_components: usize, max_pile: u64) -> impl Strategy<Value = Vec<Comp>> {
    prop::collection::vec(comp(max_pile), 1..=max_components).prop_map(fit_budget)
}

/// The sum written in the position grammar, as command-line arguments: e.g.
/// ["nim","3","5","+","wythoff","3","5","+","subtract:1,3,4","10"] — every component gets its
/// spec; piles as separate arguments.
pub fn args(sum: &[Comp]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, c) in sum.iter().enumerate() {
        if i > 0 {
            out.push("+".to_string());
        }
        out.push(c.fam.spec());
        out.extend(c.piles.iter().map(u64::to_string));
    }
    out
}
