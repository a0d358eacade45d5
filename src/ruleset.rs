//! The rules of one component ([`Ruleset`]) and the shared handle to them ([`Rules`]): what
//! the engine asks of a family, with the default methods that make a heap game a few
//! primitives. The families are in [`crate::games`]; this file imports none of them.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;

use rand::RngCore;

use crate::error::{IllegalMove, MoveError, RuleError, SolveError};
use crate::explain::{HeapOption, LISTED_OPTIONS, MexStep, PeriodStep, Step};
use crate::games::facts::{ClosedFormWhy, Fact, FamilyTheorem, TypedMoves};
use crate::grundy::Periodicity;
use crate::moves::{Move, Outcome, WordTake};
use crate::name::Name;
use crate::nat::Nat;
use crate::rules::{Limits, Play};

/// How a family is written in a position: its keyword, whether it takes an argument after a
/// colon, and the parser of that argument.
pub struct Family {
    /// The keyword: `nim`, `max-take`, `subtract`, `wythoff`.
    pub keyword: &'static str,
    /// The spec as people write it, for help and messages: `max-take:K`.
    pub syntax: &'static str,
    /// One line on the move rule, for help.
    pub about: &'static str,
    /// Builds the rules from the text after the colon (`None`: no colon was written).
    pub parse: fn(Option<&str>) -> Result<Rules, RuleError>,
}

/// How the Grundy sequence of one heap is known (`nimsolve grundy`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SequenceProof {
    /// A closed form, e.g. `g(n) = n mod 4`, with its period if it has one. `reason` names
    /// why it holds, as a message key with its parameter (see [`Name`]).
    ClosedForm {
        /// The formula.
        formula: String,
        /// The period, if the closed form is periodic.
        period: Option<u64>,
        /// Why the closed form holds, if it needs saying.
        reason: Option<ClosedFormWhy>,
    },
    /// A period proven from the computed table.
    Periodic(Periodicity),
    /// A period sought in the first `values` values, g(0) … g(values − 1), and none proven by
    /// them (the table limit, or the values a period is sought in, ended the search).
    Unproven {
        /// How many values were checked.
        values: u64,
    },
    /// Values computed from the rules alone: no theorem here proves a period of this game
    /// (none is sought), or the game has no heap sequence.
    Table,
}

/// What a family's closed form decides about a component played alone, without Grundy values
/// (Wythoff's pairs): the winning moves, the family's theorem that decided, and what it read off
/// the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AloneVerdict {
    /// Every winning move, in the family's order.
    pub winning_moves: Vec<Move>,
    /// The family's theorem that decided.
    pub theorem: FamilyTheorem,
    /// What the theorem read off the position, when there is something to show.
    pub fact: Option<Fact>,
}

/// What a family's closed form decides about a whole sum of its components
/// ([`Ruleset::closed_sum`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosedSum {
    /// N or P under the play convention asked.
    pub outcome: Outcome,
    /// The family's theorem that decided.
    pub theorem: FamilyTheorem,
    /// What it read off the piles.
    pub fact: Fact,
    /// Under normal play, the sum's Grundy value; `None` under misère play.
    pub grundy: Option<Nat>,
}

/// What a family's closed form decides about a sum of heaps that each fit in a machine word
/// ([`Ruleset::closed_sum_words`]): the [`ClosedSum`] of those heaps, computed in `u64`s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordSum {
    /// The closed form's verdict, as [`Ruleset::closed_sum`] gives it.
    pub closed: ClosedSum,
    /// How many winning moves there are (all of them, however many were listed).
    pub winning_moves: usize,
    /// Whether any move is left.
    pub move_left: bool,
    /// Under normal play, whether each heap is its own Grundy value (Nim), as
    /// [`Ruleset::closed_sum_moves`] lists them.
    pub heaps_are_values: bool,
}

/// What a family's closed form decides about a whole sum, with its winning moves counted
/// rather than listed ([`Ruleset::closed_sum_counted`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountedSum {
    /// The closed form's verdict.
    pub closed: ClosedSum,
    /// How many winning moves there are.
    pub winning_moves: usize,
    /// The winning move to play (the one [`Ruleset::closed_sum_moves`] lists first), `None` in
    /// a P-position.
    pub chosen: Option<Move>,
}

/// What one move may take from both piles of a two-pile component at once
/// ([`Ruleset::both_piles`]), so that a review can say why two piles that changed are no move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BothPiles {
    /// No move changes two piles: a move changes one pile (Nim and every heap game).
    Never,
    /// A move takes from one pile, or the same positive amount from both (Wythoff's game,
    /// Wythoff 1907).
    SameAmount,
    /// A move takes exactly this many from one pile or from both (kiki's game: 1, the coin's
    /// step left, down or diagonally).
    Exactly(Nat),
}

/// The rules of one family: everything about a component played under them.
///
/// A component is a slice of piles, `piles`, standing at `offset` in the whole position (its
/// moves name piles of the whole position). Most families are *heap games*: a component is a
/// sum of single heaps, each moved on alone; for them the trait's default methods do the work
/// from a few heap primitives ([`Ruleset::least_take`], [`Ruleset::take_at`], …). A family
/// whose component is not a sum of heaps (Wythoff's two piles) overrides the component
/// methods.
///
/// Theorems: a heap game's component value is the xor of its heaps' Grundy values
/// (Sprague–Grundy 1935/39).
pub trait Ruleset: fmt::Debug + Send + Sync {
    /// The spec in the position grammar: `nim`, `max-take:3`, `subtract:2,5`, `wythoff`. Two
    /// rulesets are the same game iff their specs are equal.
    fn spec(&self) -> String;

    /// How people name the game.
    fn name(&self) -> Name;

    /// The rules as JSON: `{"kind":"nim"}`, `{"kind":"max_take","k":3}`, …
    fn json(&self) -> serde_json::Value;

    /// How many piles a component must have (`Some(2)` for Wythoff's game), `None` for any.
    fn component_piles(&self) -> Option<usize> {
        None
    }

    /// What one move may take from both piles of a component at once (the rule a review
    /// states when two piles changed in a way no move does): [`BothPiles::Never`] unless a
    /// family says otherwise.
    fn both_piles(&self) -> BothPiles {
        BothPiles::Never
    }

    /// A closed form for a whole sum whose every component is under these rules, read off all
    /// its piles at once with no search (Nim: Bouton's theorem, 1901, on every heap of the sum):
    /// the outcome under `play`, the theorem, what it read and the sum's Grundy value under
    /// normal play. `None`, the default, for a family without one; then the sum is decided
    /// component by component.
    fn closed_sum(&self, _piles: &[Nat], _play: Play) -> Option<ClosedSum> {
        None
    }

    /// Every winning move of a sum decided by [`Ruleset::closed_sum`] (its `fact`), appended to
    /// `moves` in pile order, and under normal play each heap's Grundy value, appended to
    /// `heap_values` in pile order (nothing when they are not known this way). Default: nothing
    /// (a family without a closed form of sums).
    fn closed_sum_moves(
        &self,
        _piles: &[Nat],
        _fact: &Fact,
        _play: Play,
        _moves: &mut Vec<Move>,
        _heap_values: &mut Vec<Nat>,
    ) {
    }

    /// [`Ruleset::closed_sum`] with the number of winning moves and the one to play, without
    /// listing them: what a verdict needs, in one call (a batch's common case). `None`, the
    /// default, for a family without a closed form of sums; then the verdict comes from the
    /// listed winning moves.
    fn closed_sum_counted(&self, _piles: &[Nat], _play: Play) -> Option<CountedSum> {
        None
    }

    /// [`Ruleset::closed_sum_counted`] and [`Ruleset::closed_sum_moves`] on heaps that each fit
    /// in a machine word, in one pass with no allocation: a batch's hot path. Appends the first
    /// `at_most` winning moves, in the order [`Ruleset::closed_sum_moves`] lists them, to
    /// `moves` (each a take from one heap), and counts them all. `None`, the default, for a
    /// family without a closed form of sums, or whose winning moves are not all takes from one
    /// heap worded by their shape; the caller then takes the general path.
    fn closed_sum_words(
        &self,
        _piles: &[u64],
        _play: Play,
        _at_most: usize,
        _moves: &mut Vec<WordTake>,
    ) -> Option<WordSum> {
        None
    }

    /// Whether the position grammar writes a component of these rules without its spec: the
    /// grammar's default game (Nim), which a component without a spec is read as.
    fn written_without_spec(&self) -> bool {
        false
    }

    /// Whether a component is a multiset of heaps in which a heap of 0 is no heap at all: the
    /// order of its heaps does not matter and an emptied heap may be left out (Nim, take 1..K,
    /// subtraction games, take-and-break games). Not for games whose piles are ordered
    /// (Wythoff's game, Kiki's game) or whose heap of 0 means something (the calendar game's
    /// target date, the multiplication game's 1, digital deletions' strings).
    fn heaps_are_a_multiset(&self) -> bool {
        false
    }

    /// Whether a move may break a heap into several (take-and-break games), so that a
    /// component's piles grow in number and the search counts its positions as partitions.
    fn splits_heaps(&self) -> bool {
        false
    }

    /// For a heap game whose moves take boundedly many tokens and leave heaps in any sizes: the
    /// [`HeapShape`] by which a periodic map of its heaps repeats their options (misère
    /// quotients, [`crate::engine::misere`]). `None` otherwise (unbounded takes, unequal breaks,
    /// not a heap game).
    fn heap_shape(&self) -> Option<HeapShape> {
        None
    }

    /// Whether every heap of the family is known tame (Conway): a Nim heap in disguise in
    /// misère play too, so sums of such heaps follow the misère Nim rule on their Grundy values
    /// at every size (Nim, by Bouton 1901; take at most K, by the proof in
    /// [`crate::engine::misere`]).
    fn misere_known_tame(&self) -> bool {
        false
    }

    /// Whether a heap of `p` is a position of the family (heap games). Every size is, except
    /// in a family whose heaps encode something else (digital deletions: a heap is 1 followed
    /// by a string's digits). What checks every heap up to a size (the misère theories of
    /// [`crate::engine::misere`]) asks this first and leaves the others out; the empty heap 0
    /// stands for the empty sum there either way.
    fn is_heap(&self, _p: u64) -> bool {
        true
    }

    /// Why the numbers of a component are no position of the game, or `Ok` (a game played as
    /// one whole state checks its own: [`crate::component::ComponentGame::check_state`]).
    ///
    /// # Errors
    /// The reason.
    fn check_component(&self, _piles: &[Nat]) -> Result<(), crate::error::StateWhy> {
        Ok(())
    }

    /// Whether a component is one whole state whose moves are [`Move::To`]
    /// ([`crate::component::Whole`]) rather than piles moved on one by one.
    fn is_whole(&self) -> bool {
        false
    }

    /// Appends the numbers of a component as a position writes them after the spec: the
    /// numbers separated by spaces, unless the family writes its own.
    fn write_piles(&self, piles: &[Nat], out: &mut Vec<u8>) {
        for (i, p) in piles.iter().enumerate() {
            if i > 0 {
                out.push(b' ');
            }
            p.write_decimal(out);
        }
    }

    /// A random component of `count` numbers, each 1 to `max`, for a practice position;
    /// `None` when the family draws its heaps one by one ([`Ruleset::random_heap`]).
    fn random_state(&self, _count: usize, _max: &Nat, _rng: &mut dyn RngCore) -> Option<Vec<Nat>> {
        None
    }

    // ------------------------------------------------------------------ heap primitives

    /// The least amount a move takes from a heap (heap games).
    fn least_take(&self) -> Nat {
        Nat::ONE
    }

    /// Whether a move may take `take` from a heap (positive, at most the heap): `Err` with the
    /// reason ([`IllegalMove::MoreThanMax`]: "a move takes at most 3, not 5").
    ///
    /// # Errors
    /// The reason the amount is not allowed.
    fn allows_take(&self, take: &Nat) -> Result<(), IllegalMove>;

    /// How many amounts a move may take from a heap of `p`.
    fn take_count(&self, p: &Nat) -> Nat;

    /// The `k`-th amount (0-based, ascending) a move may take from a heap of `p`, if any.
    fn nth_take(&self, p: &Nat, k: &Nat) -> Option<Nat>;

    /// [`Ruleset::nth_take`] on machine words, for the exhaustive search.
    fn take_at(&self, p: u64, k: usize) -> Option<u64>;

    /// The Grundy value of one heap of `p` (heap games; `None`, the default, for a family
    /// whose component is no sum of heaps).
    ///
    /// # Errors
    /// A table that would exceed its limit, or a heap beyond a table whose period is unproven.
    fn heap_grundy(&self, _p: &Nat, _limits: &Limits) -> Result<Option<Nat>, SolveError> {
        Ok(None)
    }

    /// Calls `f` with each move of a heap `p` of Grundy value `g` to heaps of Grundy value
    /// `target` (the heap numbered 0: the caller moves it to its place), in the order the moves
    /// are listed, until `f` breaks. Default: none (a family without heaps).
    ///
    /// # Errors
    /// As [`Ruleset::heap_grundy`].
    fn heap_options_with_value(
        &self,
        _p: &Nat,
        _g: &Nat,
        _target: &Nat,
        _limits: &Limits,
        _f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        Ok(ControlFlow::Continue(()))
    }

    /// An upper bound of the work of listing the winning moves of `piles` (default: one step a
    /// pile, for families whose winning moves come from a closed form).
    fn listing_work(&self, piles: &[Nat]) -> u64 {
        piles.len() as u64
    }

    /// How the heap sequence g(0), g(1), … is known, proving a period within the table limit
    /// where that is how it is known. Default: [`SequenceProof::Table`], values from the rules
    /// alone.
    fn sequence_proof(&self, _limits: &Limits) -> SequenceProof {
        SequenceProof::Table
    }

    /// The proven period of the heap sequence, as far as the work done so far (and a cheap
    /// start on first use) proves it.
    fn periodicity(&self, _limits: &Limits) -> Option<Periodicity> {
        None
    }

    // ------------------------------------------------------------------ components

    /// For a family of two-pile components: the Grundy values g(a, b) for a, b ≤ `n`, row by
    /// row ((n+1)² entries; the caller checks the table limit). `None` otherwise.
    fn pair_table(&self, _n: usize) -> Option<Vec<Vec<u32>>> {
        None
    }

    /// The normal-play Grundy value of a component (default: the xor of its heaps' values).
    ///
    /// # Errors
    /// As [`Ruleset::heap_grundy`].
    fn grundy(&self, piles: &[Nat], limits: &Limits) -> Result<Nat, SolveError> {
        let mut x = Nat::ZERO;
        for p in piles {
            x.xor_assign(&self.heap_grundy(p, limits)?.unwrap_or_default());
        }
        Ok(x)
    }

    /// Calls `f` with every move of the component to a component of Grundy value `g ⊕ delta`
    /// (`g` its value), until `f` breaks: the moves of a sum that leave it with Grundy value 0
    /// when `delta` is the sum's value. Heap games: every heap p of value g to a size of value
    /// g ⊕ delta.
    ///
    /// # Errors
    /// As [`Ruleset::heap_grundy`].
    fn moves_changing_grundy(
        &self,
        piles: &[Nat],
        offset: usize,
        delta: &Nat,
        limits: &Limits,
        f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, SolveError> {
        for (i, p) in piles.iter().enumerate() {
            let g = self.heap_grundy(p, limits)?.unwrap_or_default();
            let target = g.xor(delta);
            let flow = self.heap_options_with_value(p, &g, &target, limits, &mut |mv| {
                f(mv.shifted(offset + i))
            })?;
            if flow.is_break() {
                return Ok(flow);
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// A closed form for a component alone under normal play that needs no Grundy value (the
    /// Wythoff pairs), if the family has one.
    fn alone_normal(&self, _piles: &[Nat]) -> Option<AloneVerdict> {
        None
    }

    /// The steps that explain a component played alone under normal play: how its verdict and
    /// its winning move follow from the family's theory (see [`crate::explain`]). Default: the
    /// steps of its Grundy value ([`Ruleset::explain_value`]).
    ///
    /// # Errors
    /// As [`Ruleset::heap_grundy`].
    fn explain_alone(
        &self,
        piles: &[Nat],
        offset: usize,
        limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        self.explain_value(piles, offset, limits)
    }

    /// The steps that explain a component's Grundy value under normal play, as a summand of a
    /// sum. Default (heap games): each heap's value as the mex of its options' values, a large
    /// heap reduced by the proven period first (`heap_steps`); none for a family without heap
    /// values.
    ///
    /// # Errors
    /// As [`Ruleset::heap_grundy`].
    fn explain_value(
        &self,
        piles: &[Nat],
        offset: usize,
        limits: &Limits,
    ) -> Result<Vec<Step>, SolveError> {
        crate::ruleset::heap_steps(self, piles, offset, limits)
    }

    /// An upper bound of the number of moves a game of this component can last, whoever plays:
    /// the tokens when every move takes one or more. `None` when the family knows none.
    fn longest_game(&self, _piles: &[Nat]) -> Option<Nat> {
        None
    }

    /// γ, the generalised Sprague–Grundy value (Smith 1966), of a component whose play may go
    /// on for ever (tokens on a graph with cycles); `None` (the default) for a component whose
    /// every play ends: its Grundy value decides. The engine's search and Grundy values are
    /// for the latter; a position with such a component is decided by
    /// [`crate::Game::analyze_loopy`].
    fn loopy_value(&self, _piles: &[Nat]) -> Option<crate::loopy::Gamma> {
        None
    }

    /// The remoteness of a component with [`Ruleset::loopy_value`] played alone, when it is
    /// decided and found within `limit` steps.
    fn loopy_remoteness(&self, _piles: &[Nat], _limit: u64) -> Option<u64> {
        None
    }

    /// Calls `f` with every move of a component with [`Ruleset::loopy_value`] to a position of
    /// finite γ equal to `target`, until `f` breaks.
    fn loopy_moves_to(
        &self,
        _piles: &[Nat],
        _offset: usize,
        _target: u64,
        _f: &mut dyn FnMut(Move) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    /// A closed form for a component alone under misère play (misère Wythoff), if the
    /// family has one.
    fn alone_misere(&self, _piles: &[Nat]) -> Option<AloneVerdict> {
        None
    }

    /// Checks that the rules allow `mv` in this component (the move's piles are in it and
    /// it holds what the move says: [`Move::apply`] checks that).
    ///
    /// # Errors
    /// [`MoveError::Illegal`] with the reason.
    fn check_move(&self, _piles: &[Nat], _offset: usize, mv: &Move) -> Result<(), MoveError> {
        match mv {
            Move::Pile { .. } => Ok(self.allows_take(&mv.take())?),
            Move::Both { .. } => Err(IllegalMove::NoMoveFromBothPiles.into()),
            Move::Split { .. } => Err(IllegalMove::NoSplit.into()),
            Move::To { .. } => Err(IllegalMove::NotWhole.into()),
        }
    }

    /// Whether the component has a move left.
    fn has_move(&self, piles: &[Nat]) -> bool {
        let least = self.least_take();
        piles.iter().any(|p| p >= &least)
    }

    /// The fallback move of a lost position within the component: the least legal take from
    /// its largest heap that allows a move (the lowest-numbered among equals), with that heap's
    /// size, by which the largest heap of the whole position is chosen.
    fn fallback(&self, piles: &[Nat], offset: usize) -> Option<(Nat, Move)> {
        let least = self.least_take();
        let mut best: Option<usize> = None;
        for (i, p) in piles.iter().enumerate() {
            if p >= &least && best.is_none_or(|j| p > &piles[j]) {
                best = Some(i);
            }
        }
        let i = best?;
        let p = &piles[i];
        Some((
            p.clone(),
            Move::Pile {
                pile: offset + i,
                from: p.clone(),
                to: p.saturating_sub(&least),
            },
        ))
    }

    /// The pile a token of a position stands for when the family reads some tokens its own
    /// way, `None` when the token is read as a number (digital deletions: a token that starts
    /// with 0 is the digit string itself, whose leading zeros a number would lose).
    fn pile_of_token(&self, _token: &[u8]) -> Option<Nat> {
        None
    }

    /// The numbers a token of a position stands for when the family writes some of its
    /// numbers as one token (a Hackenbush edge `0-1`, a coin `3:5`), appended to `out`;
    /// `None` when the token is read as one pile ([`Ruleset::pile_of_token`] or a number).
    ///
    /// # Errors
    /// Why the token is none of the family's (the error of its first bad number).
    fn numbers_of_token(
        &self,
        _token: &[u8],
        _out: &mut Vec<Nat>,
    ) -> Option<Result<(), crate::error::NumberError>> {
        None
    }

    /// Whether [`Ruleset::pile_of_token`] reads any token its own way (then every position of
    /// the family is read token by token, never by the batch's number-only fast path).
    fn reads_tokens(&self) -> bool {
        false
    }

    /// A move typed in the game's own words (Green Hackenbush: `cut 1-2`) from the component
    /// `piles` at `offset` of the whole position: `None` (the default) when `text` is not in
    /// the game's words, `Some(Err(why))` when it is but names no move of the position (an
    /// edge that does not stand).
    fn typed_move(
        &self,
        _piles: &[Nat],
        _offset: usize,
        _text: &str,
    ) -> Option<Result<Move, IllegalMove>> {
        None
    }

    /// How [`Ruleset::typed_move`] reads moves in the game's own words, if it does: what the
    /// trainer offers besides `PILE TAKE` and `to NUMBERS`. Default: `None`.
    fn typed_moves(&self) -> Option<TypedMoves> {
        None
    }

    /// The move of a component from `before` to `after` as it is typed in the game's own words
    /// (`cut 1-2`); `None` (the default) when the game reads none.
    fn typed_text(&self, _before: &[Nat], _after: &[Nat]) -> Option<String> {
        None
    }

    /// A random heap of 1 to `max` objects for a practice position, uniform among the heaps of
    /// that size that are positions of the family; `None` if there is none (`max` is at least 1).
    fn random_heap(&self, max: &Nat, rng: &mut dyn RngCore) -> Option<Nat> {
        Some(crate::nat::uniform_below(rng, max)?.add(&Nat::ONE))
    }

    /// How many ways a random move may start in this component (heaps that allow a move; for
    /// Wythoff's game also the move from both piles): a random move picks one of these in the
    /// whole position uniformly, then an amount uniformly.
    fn random_choices(&self, piles: &[Nat]) -> usize {
        let least = self.least_take();
        piles.iter().filter(|p| *p >= &least).count()
    }

    /// The random move of choice `choice` (below [`Ruleset::random_choices`]), its amount drawn
    /// uniformly among the legal ones.
    fn random_move(
        &self,
        piles: &[Nat],
        offset: usize,
        choice: usize,
        rng: &mut dyn RngCore,
    ) -> Option<Move> {
        let least = self.least_take();
        let (i, p) = piles
            .iter()
            .enumerate()
            .filter(|(_, p)| *p >= &least)
            .nth(choice)?;
        let count = self.take_count(p);
        let k = crate::nat::uniform_below(rng, &count)?;
        let take = self.nth_take(p, &k)?;
        Some(Move::Pile {
            pile: offset + i,
            from: p.clone(),
            to: p.saturating_sub(&take),
        })
    }

    // ------------------------------------------------------------------ the search

    /// How many numbers one search atom of this family has: a heap game's atom is one heap,
    /// Wythoff's is its two piles. A component's piles are its atoms, in order.
    fn atom_len(&self) -> usize {
        1
    }

    /// Puts an atom into the form the search remembers (Wythoff's pair sorted).
    fn canonical_atom(&self, _atom: &mut [u64]) {}

    /// Whether an atom has no move (a heap below the least take): the search drops such atoms.
    fn atom_is_terminal(&self, atom: &[u64]) -> bool {
        self.take_at(atom[0], 0).is_none()
    }

    /// How many positions an atom can reach, itself included (`p + 1` for a heap), `None`
    /// beyond a machine word.
    fn atom_positions(&self, atom: &[u64]) -> Option<u64> {
        atom[0].checked_add(1)
    }

    /// How many moves an atom has at most.
    fn atom_moves(&self, atom: &[u64]) -> u64 {
        self.take_count(&Nat::from(atom[0]))
            .to_u64()
            .unwrap_or(u64::MAX)
    }

    /// Appends the atoms the `k`-th move of `atom` leaves (0-based, in a fixed order) to
    /// `out`, concatenated (a heap game's take leaves one heap; a move may leave none, or,
    /// splitting a heap, several); `false` when the atom has no `k`-th move.
    fn atom_child(&self, atom: &[u64], k: usize, out: &mut Vec<u64>) -> bool {
        match self.take_at(atom[0], k) {
            Some(t) => {
                out.push(atom[0] - t);
                true
            }
            None => false,
        }
    }

    /// Calls `f` with what each move of one atom leaves (its piles after the move, a heap
    /// game's heaps of 0 included or not), without building the moves: the quotient check
    /// walks every option of thousands of heaps.
    fn each_child(&self, atom: &[u64], f: &mut dyn FnMut(&[u64])) {
        self.each_move(atom, 0, &mut |_, after| f(after));
    }

    /// Calls `f` with every move of the component (its piles as machine words) and the
    /// component's piles after it: for each heap in order, its amounts ascending.
    fn each_move(&self, piles: &[u64], offset: usize, f: &mut dyn FnMut(Move, &[u64])) {
        let mut after = piles.to_vec();
        for i in 0..piles.len() {
            each_take(self, &mut after, i, offset, f);
        }
    }
}

/// Calls `f` with every take from heap `i` of `piles` (amounts ascending, by
/// [`Ruleset::take_at`]) and the piles after it, `piles` given back as they were: the moves
/// of one heap in [`Ruleset::each_move`]'s default, for a family that overrides it for others.
pub(crate) fn each_take(
    rules: &(impl Ruleset + ?Sized),
    piles: &mut [u64],
    i: usize,
    offset: usize,
    f: &mut dyn FnMut(Move, &[u64]),
) {
    let p = piles[i];
    let mut k = 0;
    while let Some(t) = rules.take_at(p, k) {
        k += 1;
        piles[i] = p - t;
        let mv = Move::Pile {
            pile: offset + i,
            from: Nat::from(p),
            to: Nat::from(p - t),
        };
        f(mv, piles);
    }
    piles[i] = p;
}

/// The rules of one component: a shared [`Ruleset`]. Built by [`Rules::parse`] from a spec or
/// by the constructors, which reject every rule no game can be played under.
#[derive(Clone)]
pub struct Rules(Arc<dyn Ruleset>);

impl Rules {
    /// Wraps a ruleset.
    pub fn new(ruleset: impl Ruleset + 'static) -> Rules {
        Rules(Arc::new(ruleset))
    }

    /// The spec in the position grammar (see [`Ruleset::spec`]).
    pub fn spec(&self) -> String {
        self.0.spec()
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &dyn Ruleset {
        &*self.0
    }

    /// Whether a move may take from both piles of a component at once (Wythoff's game, kiki's
    /// game: [`Ruleset::both_piles`] is not [`BothPiles::Never`]), so that a move is also typed
    /// as `both TAKE`.
    pub fn takes_from_both(&self) -> bool {
        self.both_piles() != BothPiles::Never
    }
}

impl std::ops::Deref for Rules {
    type Target = dyn Ruleset;
    fn deref(&self) -> &(dyn Ruleset + 'static) {
        &*self.0
    }
}

impl Rules {
    /// Whether `other` is these very rules (one shared table), not merely equal ones.
    pub(crate) fn is(&self, other: &Rules) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.spec() == other.spec()
    }
}

impl Eq for Rules {}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({})", self.spec())
    }
}

impl fmt::Display for Rules {
    /// The spec.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spec())
    }
}

pub(crate) use crate::error::cut;

/// The argument of a family that takes none.
pub(crate) fn no_argument(keyword: &'static str, arg: Option<&str>) -> Result<(), RuleError> {
    match arg {
        None => Ok(()),
        Some(a) if a.trim().is_empty() => Err(RuleError::StrayColon { game: keyword }),
        Some(a) => Err(RuleError::UnexpectedArgument {
            game: keyword,
            arg: cut(a),
        }),
    }
}

/// The argument of a family that needs one.
pub(crate) fn argument<'a>(
    syntax: &'static str,
    arg: Option<&'a str>,
) -> Result<&'a str, RuleError> {
    arg.ok_or(RuleError::MissingArgument { syntax })
}

/// The shape of a heap game's moves: each takes at most `max_take` tokens and leaves at most
/// `parts` heaps, in any sizes (no unequal-heaps condition). By it, a heap map with a period
/// repeats its heaps' options ([`HeapShape::repeat_from`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapShape {
    /// The largest amount a move takes (t).
    pub max_take: u64,
    /// The most heaps a move leaves (1 without breaks, 2 for octal games, 3 for hexadecimal
    /// digits with bit 8).
    pub parts: u64,
}

impl HeapShape {
    /// The heap n₀ from which the options of heap n + period have the same images as those of
    /// heap n, for a map with preperiod `pre` and `period`: n₀ = parts·pre + (parts − 1)·period
    /// \+ t. (A move of n + p leaving heaps whose largest is b ≥ (n + p − t)/parts ≥ pre + p
    /// is matched by the move of n leaving b − p instead, and back.) `None` on overflow.
    pub fn repeat_from(&self, pre: u64, period: u64) -> Option<u64> {
        self.parts
            .checked_mul(pre)?
            .checked_add((self.parts - 1).checked_mul(period)?)?
            .checked_add(self.max_take)
    }
}

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
pub(crate) fn heap_steps(
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
