//! A heap game given by the options of one heap ([`HeapGame`]): take-and-break rules, rules you
//! write, take 1 to K. Its game lists what a move from a heap of n leaves (the amount taken and
//! the heaps left: nothing, one heap, or several) and what it knows in closed form; [`Heaps`]
//! makes it a [`Ruleset`], so the engine (the Sprague–Grundy sum, the exhaustive search,
//! misère play, review, the trainer) plays it in sums with every other family.
//!
//! The shape is CGSuite's `HeapRuleset` (and [`crate::engine::quotient::learn::HeapRule`]): a
//! heap game is its heaps' options. A component is a sum of heaps, each moved on alone, so its
//! Grundy value is the xor of its heaps' values (Sprague–Grundy 1935/39), and a heap's value
//! without a closed form is the mex of its options' values, each the xor of the heaps it
//! leaves: computed in a table from heap 0 up, held to the table limit and to
//! [`STEPS_PER_ENTRY`] steps of work an entry of it.

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, PoisonError};

use rand::RngCore;

use crate::error::{IllegalMove, MoveError, SolveError};
use crate::explain::Step;
use crate::grundy::{Periodicity, mex};
use crate::moves::Move;
use crate::name::Name;
use crate::nat::{Nat, uniform_below};
use crate::rules::Limits;
use crate::ruleset::{HeapShape, Rules, Ruleset, SequenceProof, each_take, heap_steps};

/// The steps of work ([`HeapGame::option_work`]) a Grundy table may spend for each entry of
/// the table limit.
pub const STEPS_PER_ENTRY: u64 = 10;

/// The most options the adapter keeps listed, for the search (which asks for them one by one).
const CACHE_OPTIONS: usize = 1 << 22;

/// A heap whose options take more work than this to list is moved on by the game's bounded
/// scan ([`HeapGame::scan_options`]: a random move, a fallback, whether it has a move), never
/// by a listing.
const LIST_STEPS: u64 = 1 << 22;

/// The rules of a heap game as the options of one heap. Only [`HeapGame::spec`],
/// [`HeapGame::name`], [`HeapGame::json`] and [`HeapGame::options`] are required; the rest have
/// defaults computed from the options on machine words, which a game with a closed form
/// overrides for heaps of any size.
pub trait HeapGame: fmt::Debug + Send + Sync + 'static {
    /// The spec in the position grammar: `max-take:3`, `rule:{take t if t | n and t < n}`.
    fn spec(&self) -> String;

    /// How people name the game.
    fn name(&self) -> Name;

    /// The rules as JSON: `{"kind":"max_take","k":3}`.
    fn json(&self) -> serde_json::Value;

    /// Calls `f(take, left)` with every option of a heap of `n`, each once, in the order moves
    /// are listed: the amount the move takes and the heaps it leaves — none (the heap is
    /// taken whole), one, or several (a split), each at least 1, ascending, with
    /// `take + Σ left = n`. A move that takes nothing leaves at least two heaps.
    fn options(&self, n: u64, f: &mut dyn FnMut(u64, &[u64]));

    /// An upper bound of the work of listing the options of a heap of `n` (the steps a Grundy
    /// table is held to, [`STEPS_PER_ENTRY`]), saturating. Default: `n`, a take of each size.
    fn option_work(&self, n: u64) -> u64 {
        n
    }

    /// Whether a move may break a heap into several (then a move may take nothing).
    fn splits(&self) -> bool {
        false
    }

    /// The Grundy value of a heap of `n` of any size in closed form (take 1 to K: n mod
    /// (K + 1)); `None` (the default) when it is the mex computed in a table.
    fn grundy(&self, _n: &Nat) -> Option<Nat> {
        None
    }

    /// The proven period of the heap sequence; `None` (the default) when none is known. A heap
    /// past the table's reach is valued by it, reduced to a heap within one period.
    fn periodicity(&self, _limits: &Limits) -> Option<Periodicity> {
        None
    }

    /// How the heap sequence g(0), g(1), … is known (`nimsolve grundy`). Default: by the
    /// proven period, else from the table alone ([`SequenceProof::Table`]).
    fn sequence_proof(&self, limits: &Limits) -> SequenceProof {
        self.periodicity(limits)
            .map_or(SequenceProof::Table, SequenceProof::Periodic)
    }

    /// Calls `f(take, left)` with every option of a heap of `n` (Grundy value `g`, asked
    /// first) to heaps of Grundy value `target`, from the game's own knowledge (a closed form,
    /// its own table held to `limits`), until `f` breaks; `None` (the default) when the game
    /// has none (they are found among the listed options).
    ///
    /// # Errors
    /// The game's own table's: a heap past its limit.
    fn options_with_value(
        &self,
        _n: &Nat,
        _g: &Nat,
        _target: &Nat,
        _limits: &Limits,
        _f: &mut dyn FnMut(&Nat, &[Nat]) -> ControlFlow<()>,
    ) -> Option<Result<ControlFlow<()>, SolveError>> {
        None
    }

    /// For a game whose moves take from a heap and leave at most one: how many amounts a move
    /// may take from a heap of `n` of any size, in closed form; `None` (the default) when they
    /// are counted among the listed options. With it, [`HeapGame::nth_take`] gives them.
    fn take_count(&self, _n: &Nat) -> Option<Nat> {
        None
    }

    /// The `k`-th amount (0-based, ascending) a move may take from a heap of `n`, when
    /// [`HeapGame::take_count`] gives a closed form.
    fn nth_take(&self, _n: &Nat, _k: &Nat) -> Option<Nat> {
        None
    }

    /// Whether a move from a heap of `n` may take `take` and leave the heaps `left` (none,
    /// one, or a split's, ascending): `Err` with the reason. Default: the option is among the
    /// heap's options (a heap too large to list has none).
    ///
    /// # Errors
    /// The reason; by default [`IllegalMove::NotByRule`].
    fn check_option(&self, n: &Nat, take: &Nat, left: &[Nat]) -> Result<(), IllegalMove> {
        let refuse = || IllegalMove::NotByRule { game: self.spec() };
        let (Some(n), Some(take)) = (n.to_u64(), take.to_u64()) else {
            return Err(refuse());
        };
        let left: Option<Vec<u64>> = left.iter().map(Nat::to_u64).collect();
        let left = left.ok_or_else(refuse)?;
        if self.option_work(n) > LIST_STEPS {
            return Err(refuse());
        }
        let mut found = false;
        self.options(n, &mut |t, l| found |= t == take && l == left.as_slice());
        if found { Ok(()) } else { Err(refuse()) }
    }

    /// Calls `f(take, left)` with options of a heap too large to list, found by a bounded
    /// scan, until it breaks: the moves the engine plays from such a heap (a random move, a
    /// fallback, whether it has a move). Default: none found.
    fn scan_options(&self, _n: &Nat, _f: &mut dyn FnMut(u64, &[u64]) -> ControlFlow<()>) {}

    /// An upper bound of the work of listing the winning moves from a heap of `n` (as
    /// [`Ruleset::listing_work`]). Default: the work of listing its options.
    fn listing_work(&self, n: &Nat) -> u64 {
        n.to_u64().map_or(u64::MAX, |v| self.option_work(v))
    }

    /// An upper bound of the moves a game from `heaps` can last. Default: three times the
    /// tokens, since 3·tokens − heaps falls with every move (a move taking t leaves k heaps:
    /// −3t − (k − 1) < 0, as t ≥ 1 or k ≥ 2).
    fn longest_game(&self, heaps: &[Nat]) -> Option<Nat> {
        let tokens = heaps.iter().fold(Nat::ZERO, |s, p| s.add(p));
        Some(tokens.add(&tokens).add(&tokens))
    }

    /// Whether every heap is a Nim heap in disguise in misère play too (as
    /// [`Ruleset::misere_known_tame`]). Default: no.
    fn misere_known_tame(&self) -> bool {
        false
    }

    /// The most a move takes and the most heaps it leaves, when bounded (as
    /// [`Ruleset::heap_shape`]). Default: none known.
    fn shape(&self) -> Option<HeapShape> {
        None
    }

    /// The steps that explain a component played alone ([`Ruleset::explain_alone`]); `None`
    /// (the default) for those of its value.
    fn explain_alone(&self, _heaps: &[Nat], _offset: usize) -> Option<Vec<Step>> {
        None
    }

    /// The steps that explain a component's value ([`Ruleset::explain_value`]); `None` (the
    /// default) for each heap's mex, a large heap reduced by the period first.
    fn explain_value(&self, _heaps: &[Nat], _offset: usize) -> Option<Vec<Step>> {
        None
    }

    /// The Grundy value of a heap of `n` from a table the game keeps itself (digital
    /// deletions: every string no longer than n's), held to `limits`; `None` (the default)
    /// when it is the closed form ([`HeapGame::grundy`]) or the adapter's mex table.
    ///
    /// # Errors
    /// The game's own: a table past its limit, a number that is no heap of the game.
    fn own_value(&self, _n: &Nat, _limits: &Limits) -> Option<Result<Nat, SolveError>> {
        None
    }

    /// An upper bound of the moves of a heap of `n`, for the search's work bound (as
    /// [`Ruleset::atom_moves`]); `None` (the default) for the count of its options.
    fn most_moves(&self, _n: u64) -> Option<u64> {
        None
    }

    /// Whether a heap of 0 is no heap at all and the heaps' order does not matter (as
    /// [`Ruleset::heaps_are_a_multiset`]). Default: yes; not for a game whose heap of 0 means
    /// something (the calendar game's target date).
    fn heaps_are_a_multiset(&self) -> bool {
        true
    }

    /// The reason a move other than from one heap to one or none ([`Move::Pile`]) is refused,
    /// for a game that says it its own way; `None` (the default): a split is checked as an
    /// option ([`HeapGame::check_option`]), a move from both piles or to a whole state is
    /// refused as such.
    fn refuse_other(&self, _mv: &Move) -> Option<IllegalMove> {
        None
    }

    /// Whether a heap of `n` is a position of the game (as [`Ruleset::is_heap`]). Default:
    /// every size is.
    fn is_heap(&self, _n: u64) -> bool {
        true
    }

    /// The heap a token of a position stands for when the game reads some tokens its own way
    /// (as [`Ruleset::pile_of_token`]); `None` (the default) when it is read as a number.
    fn pile_of_token(&self, _token: &[u8]) -> Option<Nat> {
        None
    }

    /// Whether [`HeapGame::pile_of_token`] reads any token its own way (as
    /// [`Ruleset::reads_tokens`]). Default: no.
    fn reads_tokens(&self) -> bool {
        false
    }

    /// A random heap of 1 to `max` for a practice position (as [`Ruleset::random_heap`]),
    /// `None` if there is none. Default: uniform among 1 to `max`.
    fn random_heap(&self, max: &Nat, rng: &mut dyn RngCore) -> Option<Nat> {
        Some(uniform_below(rng, max)?.add(&Nat::ONE))
    }
}

/// The options of one heap, listed: option `i` takes `takes[i]` and leaves
/// `heaps[ends[i - 1]..ends[i]]`.
#[derive(Debug, Default)]
struct Listed {
    takes: Vec<u64>,
    ends: Vec<usize>,
    heaps: Vec<u64>,
}

impl Listed {
    fn of(game: &dyn HeapGame, n: u64) -> Listed {
        let mut listed = Listed::default();
        game.options(n, &mut |t, left| {
            listed.takes.push(t);
            listed.heaps.extend_from_slice(left);
            listed.ends.push(listed.heaps.len());
        });
        listed
    }

    fn len(&self) -> usize {
        self.takes.len()
    }

    fn get(&self, i: usize) -> Option<(u64, &[u64])> {
        let take = *self.takes.get(i)?;
        let start = if i == 0 { 0 } else { *self.ends.get(i - 1)? };
        Some((take, self.heaps.get(start..*self.ends.get(i)?)?))
    }

    fn iter(&self) -> impl Iterator<Item = (u64, &[u64])> {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// The distinct amounts, ascending.
    fn distinct_takes(&self) -> Vec<u64> {
        let mut takes = self.takes.clone();
        takes.sort_unstable();
        takes.dedup();
        takes
    }
}

/// The options of heaps listed so far.
#[derive(Debug, Default)]
struct Cache {
    options: HashMap<u64, Arc<Listed>>,
    held: usize,
}

/// The move of pile 0 from a heap of `n` that takes `take` and leaves `left`.
fn option_move(n: &Nat, take: &Nat, left: &[Nat]) -> Move {
    match left {
        [] => Move::pile_to(n, Nat::ZERO),
        [a] => Move::pile_to(n, a.clone()),
        _ => Move::Split {
            pile: 0,
            from: n.clone(),
            take: take.clone(),
            leaves: left.to_vec(),
        },
    }
}

/// [`option_move`] on machine words.
fn word_move(n: u64, take: u64, left: &[u64]) -> Move {
    match left {
        [] => Move::pile_to(&Nat::from(n), Nat::ZERO),
        [a] => Move::pile_to(&Nat::from(n), Nat::from(*a)),
        _ => Move::Split {
            pile: 0,
            from: Nat::from(n),
            take: Nat::from(take),
            leaves: left.iter().map(|&h| Nat::from(h)).collect(),
        },
    }
}

/// A [`HeapGame`] as the engine's [`Ruleset`]: a component is a multiset of heaps, each one
/// atom of the search; Grundy values by the closed form, else by mex over a memoised table.
pub struct Heaps<G> {
    game: G,
    /// g(0), g(1), … so far, and the work spent on them.
    table: Mutex<(Vec<u32>, u64)>,
    cache: Mutex<Cache>,
}

impl<G: HeapGame> Heaps<G> {
    /// The game as an adapter.
    pub fn new(game: G) -> Heaps<G> {
        Heaps {
            game,
            table: Mutex::new((Vec::new(), 0)),
            cache: Mutex::new(Cache::default()),
        }
    }

    /// The game as rules.
    pub fn rules(game: G) -> Rules {
        Rules::new(Heaps::new(game))
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Whether the options of a heap of `n` are listed (rather than scanned).
    fn listable(&self, n: u64) -> bool {
        self.game.option_work(n) <= LIST_STEPS
    }

    /// The options of `n`, from the cache where they fit in it.
    fn listed(&self, n: u64) -> Arc<Listed> {
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(o) = cache.options.get(&n) {
            return Arc::clone(o);
        }
        drop(cache);
        let listed = Arc::new(Listed::of(&self.game, n));
        cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.held + listed.len() <= CACHE_OPTIONS {
            cache.held += listed.len();
            cache.options.insert(n, Arc::clone(&listed));
        }
        listed
    }

    /// The options of a heap as moves of pile 0: listed, or (too large to list) those the
    /// game's bounded scan finds.
    fn some_options(&self, p: &Nat) -> Vec<Move> {
        let Some(n) = p.to_u64() else {
            let mut found = Vec::new();
            self.game.scan_options(p, &mut |t, left| {
                let left: Vec<Nat> = left.iter().map(|&h| Nat::from(h)).collect();
                found.push(option_move(p, &Nat::from(t), &left));
                ControlFlow::Continue(())
            });
            return found;
        };
        if self.listable(n) {
            return self
                .listed(n)
                .iter()
                .map(|(t, left)| word_move(n, t, left))
                .collect();
        }
        let mut found = Vec::new();
        self.game.scan_options(p, &mut |t, left| {
            found.push(word_move(n, t, left));
            ControlFlow::Continue(())
        });
        found
    }

    /// Whether a heap of `p` has a move (a heap too large to list: whether the game's scan
    /// finds one).
    fn heap_has_move(&self, p: &Nat) -> bool {
        if let Some(count) = self.game.take_count(p) {
            return !count.is_zero();
        }
        match p.to_u64() {
            Some(n) if self.listable(n) => self.listed(n).len() > 0,
            _ => {
                let mut found = false;
                self.game.scan_options(p, &mut |_, _| {
                    found = true;
                    ControlFlow::Break(())
                });
                found
            }
        }
    }

    /// The first move from a heap of `p` (of pile 0): the least take, or the first option.
    fn first_move(&self, p: &Nat) -> Option<Move> {
        if self.game.take_count(p).is_some() {
            let t = self.game.nth_take(p, &Nat::ZERO)?;
            return Some(Move::pile_to(p, p.saturating_sub(&t)));
        }
        match p.to_u64() {
            Some(n) if self.listable(n) => {
                let listed = self.listed(n);
                let (t, left) = listed.get(0)?;
                Some(word_move(n, t, left))
            }
            _ => {
                let mut first = None;
                self.game.scan_options(p, &mut |t, left| {
                    first = p.to_u64().map(|n| word_move(n, t, left));
                    ControlFlow::Break(())
                });
                first
            }
        }
    }

    /// The Grundy value of a heap of `n` by mex, growing the table to it.
    ///
    /// # Errors
    /// [`SolveError::TableLimit`] past the table limit, [`SolveError::RuleWork`] past its work.
    fn table_value(&self, n: &Nat, limits: &Limits) -> Result<u32, SolveError> {
        let beyond = || SolveError::TableLimit {
            pile: n.brief(),
            needed: n.add(&Nat::ONE).brief(),
            limit: limits.table,
        };
        let want = n.to_u64().ok_or_else(beyond)?;
        let mut guard = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        let (table, spent) = &mut *guard;
        if let Some(&v) = usize::try_from(want).ok().and_then(|w| table.get(w)) {
            return Ok(v);
        }
        if want >= limits.table {
            return Err(beyond());
        }
        let budget = STEPS_PER_ENTRY.saturating_mul(limits.table);
        while (table.len() as u64) <= want {
            let m = table.len() as u64;
            let cost = spent.saturating_add(self.game.option_work(m));
            if cost > budget {
                return Err(SolveError::RuleWork {
                    pile: n.brief(),
                    entries: m,
                    per_entry: STEPS_PER_ENTRY,
                    steps: budget,
                });
            }
            let mut seen = Vec::new();
            self.game.options(m, &mut |_, left| {
                // Each heap left is smaller than m (the options' contract), so valued already.
                seen.push(left.iter().fold(0, |x, &h| {
                    x ^ usize::try_from(h)
                        .ok()
                        .and_then(|h| table.get(h))
                        .map_or(0, |&v| v)
                }));
            });
            table.push(mex(seen));
            *spent = cost;
        }
        Ok(table[want as usize])
    }

    /// The Grundy value of a heap of `p`: the closed form, else the table (a heap past one
    /// period reduced by the proven period first).
    ///
    /// # Errors
    /// As [`Heaps::table_value`].
    fn value(&self, p: &Nat, limits: &Limits) -> Result<Nat, SolveError> {
        if let Some(g) = self.game.grundy(p) {
            return Ok(g);
        }
        if let Some(v) = self.game.own_value(p, limits) {
            return v;
        }
        if let Some(per) = self.game.periodicity(limits) {
            let pre = Nat::from(per.preperiod);
            if let Some(past) = p.checked_sub(&pre)
                && per.period > 0
                && past >= Nat::from(per.period)
            {
                let reduced = pre.add(&Nat::from(past.rem_u64(per.period)));
                return self.table_value(&reduced, limits).map(Nat::from);
            }
        }
        self.table_value(p, limits).map(Nat::from)
    }
}

impl<G: HeapGame> fmt::Debug for Heaps<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.game.fmt(f)
    }
}

impl<G: HeapGame> Ruleset for Heaps<G> {
    fn spec(&self) -> String {
        self.game.spec()
    }

    fn name(&self) -> Name {
        self.game.name()
    }

    fn json(&self) -> serde_json::Value {
        self.game.json()
    }

    fn heaps_are_a_multiset(&self) -> bool {
        self.game.heaps_are_a_multiset()
    }

    fn is_heap(&self, p: u64) -> bool {
        self.game.is_heap(p)
    }

    fn pile_of_token(&self, token: &[u8]) -> Option<Nat> {
        self.game.pile_of_token(token)
    }

    fn reads_tokens(&self) -> bool {
        self.game.reads_tokens()
    }

    fn random_heap(&self, max: &Nat, rng: &mut dyn RngCore) -> Option<Nat> {
        self.game.random_heap(max, rng)
    }

    fn splits_heaps(&self) -> bool {
        self.game.splits()
    }

    fn heap_shape(&self) -> Option<HeapShape> {
        self.game.shape()
    }

    fn misere_known_tame(&self) -> bool {
        self.game.misere_known_tame()
    }

    fn least_take(&self) -> Nat {
        Nat::from(u64::from(!self.game.splits()))
    }

    /// Any amount may be taken from some heap: whether it may from this one, the move says
    /// ([`HeapGame::check_option`]).
    fn allows_take(&self, _take: &Nat) -> Result<(), IllegalMove> {
        Ok(())
    }

    fn take_count(&self, p: &Nat) -> Nat {
        if let Some(count) = self.game.take_count(p) {
            return count;
        }
        match p.to_u64() {
            Some(n) if self.listable(n) => Nat::from(self.listed(n).distinct_takes().len() as u64),
            _ => Nat::ZERO,
        }
    }

    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat> {
        if self.game.take_count(p).is_some() {
            return self.game.nth_take(p, k);
        }
        self.take_at(p.to_u64()?, usize::try_from(k.to_u64()?).ok()?)
            .map(Nat::from)
    }

    fn take_at(&self, p: u64, k: usize) -> Option<u64> {
        let heap = Nat::from(p);
        if self.game.take_count(&heap).is_some() {
            return self.game.nth_take(&heap, &Nat::from(k as u64))?.to_u64();
        }
        if !self.listable(p) {
            return None;
        }
        self.listed(p).distinct_takes().get(k).copied()
    }

    fn heap_grundy(&self, p: &Nat, limits: &Limits) -> Result<Option<Nat>, SolveError> {
        self.value(p, limits).map(Some)
    }

    fn heap_options_with_value(
        &self,
        p: &Nat,
        g: &Nat,
        target: &Nat,
        limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        let own = &mut |t: &Nat, left: &[Nat]| f(option_move(p, t, left));
        if let Some(flow) = self.game.options_with_value(p, g, target, limits, own) {
            return flow;
        }
        // The heap's value was asked first: it lies within the table, and so do its options.
        self.value(p, limits)?;
        let Some(n) = p.to_u64() else {
            return Ok(ControlFlow::Continue(()));
        };
        for (t, left) in self.listed(n).iter() {
            let mut v = Nat::ZERO;
            for &h in left {
                v.xor_assign(&self.value(&Nat::from(h), limits)?);
            }
            if &v == target && f(word_move(n, t, left)).is_break() {
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    fn listing_work(&self, piles: &[Nat]) -> u64 {
        piles
            .iter()
            .fold(0u64, |w, p| w.saturating_add(self.game.listing_work(p)))
    }

    fn sequence_proof(&self, limits: &Limits) -> SequenceProof {
        self.game.sequence_proof(limits)
    }

    fn periodicity(&self, limits: &Limits) -> Option<Periodicity> {
        self.game.periodicity(limits)
    }

    fn explain_alone(
        &self,
        piles: &[Nat],
        offset: usize,
        limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        match self.game.explain_alone(piles, offset) {
            Some(steps) => Ok(steps),
            None => self.explain_value(piles, offset, limits),
        }
    }

    fn explain_value(
        &self,
        piles: &[Nat],
        offset: usize,
        limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        match self.game.explain_value(piles, offset) {
            Some(steps) => Ok(steps),
            None => heap_steps(self, piles, offset, limits),
        }
    }

    fn longest_game(&self, piles: &[Nat]) -> Option<Nat> {
        self.game.longest_game(piles)
    }

    fn check_move(&self, _piles: &[Nat], _offset: usize, mv: &Move) -> Result<(), MoveError> {
        if !matches!(mv, Move::Pile { .. })
            && let Some(refused) = self.game.refuse_other(mv)
        {
            return Err(refused.into());
        }
        match mv {
            Move::Pile { from, to, .. } => {
                let left = if to.is_zero() {
                    Vec::new()
                } else {
                    vec![to.clone()]
                };
                Ok(self.game.check_option(from, &mv.take(), &left)?)
            }
            Move::Split {
                from, take, leaves, ..
            } => Ok(self.game.check_option(from, take, leaves)?),
            Move::Both { .. } => Err(IllegalMove::NoMoveFromBothPiles.into()),
            Move::To { .. } => Err(IllegalMove::NotWhole.into()),
        }
    }

    fn has_move(&self, piles: &[Nat]) -> bool {
        piles.iter().any(|p| self.heap_has_move(p))
    }

    /// The first move of the largest heap with a move (the lowest-numbered among equals).
    fn fallback(&self, piles: &[Nat], offset: usize) -> Option<(Nat, Move)> {
        let mut best: Option<usize> = None;
        for (i, p) in piles.iter().enumerate() {
            if self.heap_has_move(p) && best.is_none_or(|j| p > &piles[j]) {
                best = Some(i);
            }
        }
        let i = best?;
        let p = &piles[i];
        Some((p.clone(), self.first_move(p)?.shifted(offset + i)))
    }

    fn random_choices(&self, piles: &[Nat]) -> usize {
        piles.iter().filter(|p| self.heap_has_move(p)).count()
    }

    /// A heap among those with a move, then an amount drawn uniformly (closed-form takes) or
    /// one of its options (a heap too large to list: one of those the game's scan finds).
    fn random_move(
        &self,
        piles: &[Nat],
        offset: usize,
        choice: usize,
        rng: &mut dyn RngCore,
    ) -> Option<Move> {
        let (i, p) = piles
            .iter()
            .enumerate()
            .filter(|(_, p)| self.heap_has_move(p))
            .nth(choice)?;
        if let Some(count) = self.game.take_count(p) {
            let k = uniform_below(rng, &count)?;
            let take = self.game.nth_take(p, &k)?;
            return Some(Move::pile_to(p, p.saturating_sub(&take)).shifted(offset + i));
        }
        let options = self.some_options(p);
        let k = uniform_below(rng, &Nat::from(options.len() as u64))?.to_u64()?;
        Some(options.into_iter().nth(k as usize)?.shifted(offset + i))
    }

    fn atom_is_terminal(&self, atom: &[u64]) -> bool {
        !self.heap_has_move(&Nat::from(atom[0]))
    }

    fn atom_moves(&self, atom: &[u64]) -> u64 {
        let n = atom[0];
        if let Some(most) = self.game.most_moves(n) {
            return most;
        }
        if let Some(count) = self.game.take_count(&Nat::from(n)) {
            return count.to_u64().unwrap_or(u64::MAX);
        }
        if !self.listable(n) {
            return self.game.option_work(n);
        }
        self.listed(n).len() as u64
    }

    fn atom_child(&self, atom: &[u64], k: usize, out: &mut Vec<u64>) -> bool {
        let n = atom[0];
        if self.game.take_count(&Nat::from(n)).is_some() {
            return match self.take_at(n, k) {
                Some(t) => {
                    out.push(n - t);
                    true
                }
                None => false,
            };
        }
        if !self.listable(n) {
            return false;
        }
        match self.listed(n).get(k) {
            Some((_, left)) => {
                out.extend_from_slice(left);
                true
            }
            None => false,
        }
    }

    fn each_child(&self, atom: &[u64], f: &mut dyn FnMut(&[u64])) {
        let n = atom[0];
        if self.game.take_count(&Nat::from(n)).is_some() {
            self.each_move(atom, 0, &mut |_, after| f(after));
            return;
        }
        if !self.listable(n) {
            return;
        }
        for (_, left) in self.listed(n).iter() {
            f(left);
        }
    }

    /// For each heap in order, its options in the game's order (a heap taken whole leaves a
    /// heap of 0 in its place).
    fn each_move(&self, piles: &[u64], offset: usize, f: &mut dyn FnMut(Move, &[u64])) {
        let mut after: Vec<u64> = Vec::with_capacity(piles.len() + 1);
        for (i, &p) in piles.iter().enumerate() {
            if self.game.take_count(&Nat::from(p)).is_some() {
                after.clear();
                after.extend_from_slice(piles);
                each_take(self, &mut after, i, offset, f);
                continue;
            }
            if !self.listable(p) {
                continue;
            }
            for (t, left) in self.listed(p).iter() {
                after.clear();
                after.extend_from_slice(&piles[..i]);
                if left.is_empty() {
                    after.push(0);
                } else {
                    after.extend_from_slice(left);
                }
                after.extend_from_slice(&piles[i + 1..]);
                f(word_move(p, t, left).shifted(offset + i), &after);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kayles: take 1 or 2 from a heap, leaving it whole, shorter or split in two.
    #[derive(Debug)]
    struct Kayles;

    impl HeapGame for Kayles {
        fn spec(&self) -> String {
            "kayles-test".to_string()
        }

        fn name(&self) -> Name {
            // The name of the registered Kayles: this test's game is the same.
            Rules::parse("kayles").expect("kayles").name()
        }

        fn json(&self) -> serde_json::Value {
            serde_json::json!({"kind": "kayles_test"})
        }

        fn options(&self, n: u64, f: &mut dyn FnMut(u64, &[u64])) {
            for t in 1..=n.min(2) {
                let m = n - t;
                if m == 0 {
                    f(t, &[]);
                } else {
                    f(t, &[m]);
                }
                for a in 1..=m / 2 {
                    f(t, &[a, m - a]);
                }
            }
        }

        fn option_work(&self, n: u64) -> u64 {
            n * n + 2
        }

        fn splits(&self) -> bool {
            true
        }
    }

    #[test]
    fn values_are_the_mex_of_the_options() {
        let rules = Heaps::rules(Kayles);
        let limits = Limits::default();
        // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 (Guy–Smith 1956).
        let g: Vec<u64> = (0..12u64)
            .map(|n| {
                let v = rules.heap_grundy(&Nat::from(n), &limits).unwrap().unwrap();
                v.to_u64().unwrap()
            })
            .collect();
        assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        assert!(rules.splits_heaps());
        assert_eq!(rules.least_take(), Nat::ZERO);
    }

    #[test]
    fn the_table_is_held_to_its_limit_and_its_work() {
        let rules = Heaps::rules(Kayles);
        let limits = Limits {
            table: 10,
            ..Limits::default()
        };
        let e = rules.heap_grundy(&Nat::from(10u64), &limits).unwrap_err();
        assert!(matches!(e, SolveError::TableLimit { .. }), "{e:?}");
        // The work: Σ (m² + 2) over m ≤ 5 is 67, over m ≤ 9 it is 305, past 10 steps an entry.
        assert!(rules.heap_grundy(&Nat::from(5u64), &limits).is_ok());
        let e = rules.heap_grundy(&Nat::from(9u64), &limits).unwrap_err();
        assert!(matches!(e, SolveError::RuleWork { .. }), "{e:?}");
    }

    #[test]
    fn moves_are_checked_listed_and_drawn_from_the_options() {
        let rules = Heaps::rules(Kayles);
        let piles = [Nat::from(5u64)];
        let split = Move::Split {
            pile: 0,
            from: Nat::from(5u64),
            take: Nat::ONE,
            leaves: vec![Nat::from(2u64), Nat::from(2u64)],
        };
        assert!(rules.check_move(&piles, 0, &split).is_ok());
        let three = Move::pile_to(&Nat::from(5u64), Nat::from(2u64));
        let e = rules.check_move(&piles, 0, &three).unwrap_err();
        assert!(
            matches!(&e, MoveError::Illegal(i) if matches!(**i, IllegalMove::NotByRule { .. })),
            "{e:?}"
        );
        // g(5) = 4; its one move to value 0 leaves 2 + 2 (g(2) ⊕ g(2) = 0).
        let mut to_zero = Vec::new();
        let limits = Limits::default();
        let g = rules.grundy(&piles, &limits).unwrap();
        let _ = rules
            .moves_changing_grundy(&piles, 0, &g, &limits, &mut |mv| {
                to_zero.push(mv);
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(to_zero, [split]);
        assert_eq!(rules.take_count(&Nat::from(5u64)), Nat::from(2u64));
        let (size, fallback) = rules.fallback(&piles, 3).unwrap();
        assert_eq!(size, Nat::from(5u64));
        assert_eq!(
            fallback,
            Move::pile_to(&Nat::from(5u64), Nat::from(4u64)).shifted(3)
        );
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
        assert!(rules.random_move(&piles, 0, 0, &mut rng).is_some());
        assert!(!rules.has_move(&[Nat::ZERO]));
    }

    /// Take 1 from a heap, valued by a table of its own, its other moves refused its own way.
    #[derive(Debug)]
    struct OwnWays;

    impl HeapGame for OwnWays {
        fn spec(&self) -> String {
            "own-test".to_string()
        }

        fn name(&self) -> Name {
            // A name of the registry's; this test's game names nothing of its own.
            Rules::parse("digits").expect("digits").name()
        }

        fn json(&self) -> serde_json::Value {
            serde_json::json!({"kind": "own_test"})
        }

        fn options(&self, n: u64, f: &mut dyn FnMut(u64, &[u64])) {
            if n > 0 {
                let left = [n - 1];
                f(1, &left[..usize::from(n > 1)]);
            }
        }

        fn own_value(&self, n: &Nat, limits: &Limits) -> Option<Result<Nat, SolveError>> {
            Some(if n.to_u64().is_some_and(|v| v < limits.table) {
                Ok(Nat::from(n.rem_u64(2)))
            } else {
                Err(SolveError::TableLimit {
                    pile: n.brief(),
                    needed: "all".into(),
                    limit: limits.table,
                })
            })
        }

        fn most_moves(&self, _n: u64) -> Option<u64> {
            Some(7)
        }

        fn heaps_are_a_multiset(&self) -> bool {
            false
        }

        fn refuse_other(&self, _mv: &Move) -> Option<IllegalMove> {
            Some(IllegalMove::NoSplit)
        }

        fn is_heap(&self, n: u64) -> bool {
            n != 3
        }
    }

    #[test]
    fn a_game_keeps_its_own_values_bound_and_words() {
        let rules = Heaps::rules(OwnWays);
        let limits = Limits {
            table: 10,
            ..Limits::default()
        };
        let g = rules.heap_grundy(&Nat::from(7u64), &limits).unwrap();
        assert_eq!(g, Some(Nat::ONE));
        let e = rules.heap_grundy(&Nat::from(10u64), &limits).unwrap_err();
        assert!(matches!(e, SolveError::TableLimit { needed, .. } if needed == "all"));
        assert_eq!(rules.atom_moves(&[5]), 7);
        assert!(!rules.heaps_are_a_multiset());
        assert!(!rules.is_heap(3) && rules.is_heap(4));
        let both = Move::Both {
            pile: 0,
            take: Nat::ONE,
        };
        let e = rules.check_move(&[Nat::ONE], 0, &both).unwrap_err();
        assert!(
            matches!(&e, MoveError::Illegal(i) if matches!(**i, IllegalMove::NoSplit)),
            "{e:?}"
        );
    }
}
